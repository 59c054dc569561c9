# synth.awk — writes a synthetic training-rows file (prompts/formats.md)
# with a known rule, for tests/run.sh's trainer check:
#   awk -v kernels=K -v cands=C -v dn=N -v dc=M -v seed=S -f synth.awk
# Per kernel: nest features n0.. in [-1, 1), a "keep" row (cand_x all 0,
# speedup 1), a "fixed32" row and C-1 "random" rows with candidate
# features in [-1, 1) and
#   log(speedup) = 0.8 c0 - 0.5 c1^2 + 0.4 c0 n0 + noise in [-0.02, 0.02);
# the other features are noise.  dn >= 1, dc >= 2.
function u() { return 2 * rand() - 1 }
function vec(v, n,    s, i) {
	s = ""
	for (i = 0; i < n; i++)
		s = s (i ? "," : "") sprintf("%.6f", v[i])
	return "[" s "]"
}
function names(p, n,    s, i) {
	s = ""
	for (i = 0; i < n; i++)
		s = s (i ? "," : "") "\"" p i "\""
	return "[" s "]"
}
function emit(k, role, sp, nv, cv) {
	printf "{\"seed\":%d,\"cand\":\"%s%d\",\"role\":\"%s\",\"speedup\":%.6f,\"nest\":%s,\"cand_x\":%s}\n",
		k, role, NR_ROW++, role, sp, vec(nv, dn), vec(cv, dc)
}
BEGIN {
	if (!kernels) kernels = 120
	if (!cands) cands = 12
	if (!dn) dn = 3
	if (!dc) dc = 4
	srand(seed ? seed : 1)
	printf "{\"layout\":\"synth-1\",\"nest_names\":%s,\"cand_names\":%s,\"machine\":{\"l1d\":32768,\"cores\":2}}\n",
		names("n", dn), names("c", dc)
	for (k = 1; k <= kernels; k++) {
		for (i = 0; i < dn; i++) nv[i] = u()
		for (i = 0; i < dc; i++) cv[i] = 0
		emit(k, "keep", 1, nv, cv)
		for (j = 1; j < cands + 0; j++) {
			for (i = 0; i < dc; i++) cv[i] = u()
			y = 0.8 * cv[0] - 0.5 * cv[1] * cv[1] + 0.4 * cv[0] * nv[0] + 0.02 * u()
			emit(k, j == 1 ? "fixed32" : "random", exp(y), nv, cv)
		}
	}
}
