#!/bin/sh
# Cross-validation of a training setting (make cv; issue 4).
#
#   sh tests/cv.sh OUTDIR ROWS...
#
# Trains K networks with bin/autotile-train $CV_ARGS --fold i/K (i = 1..K),
# JOBS at a time, evaluates network i on part i of the kernels outside test
# (the one it was validated on and never trained on), and prints the metrics
# of all K parts pooled: every kernel outside test scored once held out,
# about eight times the kernels of the standard validation split.  Two
# settings are compared on the same kernels by giving both the same
# CV_EVAL rows (default: ROWS); for instance rows with more kernels against
# rows without them.  The test kernels are neither trained on nor reported.
#
# Environment: K (5), JOBS (2), CV_ARGS (make train's TRAIN_ARGS),
# CV_EVAL (rows to evaluate on), EVAL_ARGS (--max-busy 0.5),
# TRAIN (bin/autotile-train).
# Exit status: 0, or 1 when a training or an evaluation failed.
set -u
[ $# -ge 2 ] || { echo "usage: sh tests/cv.sh OUTDIR ROWS..." >&2; exit 2; }
out=$1
shift
K=${K:-5}
JOBS=${JOBS:-2}
TRAIN=${TRAIN:-bin/autotile-train}
CV_ARGS=${CV_ARGS:---max-busy 0.5 --busy-input --ensemble 4}
CV_EVAL=${CV_EVAL:-$*}
EVAL_ARGS=${EVAL_ARGS:---max-busy 0.5}
mkdir -p "$out" || exit 1

# cv_fold I ROWS...: trains network I on ROWS and evaluates it on part I
# of CV_EVAL; 0 or 1.
cv_fold() {
	f=$1
	shift
	# CV_ARGS, EVAL_ARGS and CV_EVAL are word lists.
	"$TRAIN" $CV_ARGS --fold "$f/$K" "$@" -o "$out/fold$f.json" \
		>"$out/train$f.log" 2>&1 &&
	"$TRAIN" --eval "$out/fold$f.json" $EVAL_ARGS --fold "$f/$K" \
		--kernels $CV_EVAL >"$out/eval$f.log" 2>&1
}

# The folds, JOBS at a time (the shell waits for each batch).
rc=0
i=1
while [ "$i" -le "$K" ]; do
	pids=""
	j=0
	while [ "$j" -lt "$JOBS" ] && [ "$i" -le "$K" ]; do
		cv_fold "$i" "$@" &
		pids="$pids $!"
		i=$((i + 1))
		j=$((j + 1))
	done
	for p in $pids; do
		wait "$p" || rc=1
	done
done
[ $rc -eq 0 ] || { echo "cv: a training or evaluation failed (see $out/*.log)" >&2; exit 1; }

# Pools the parts' validation lines: kernel-weighted means, geomeans
# from their logs, counts summed.
for i in $(seq 1 "$K"); do
	grep '^metrics validation: ' "$out/eval$i.log"
done | awk -v k="$K" '
{
	for (i = 1; i <= NF; i++) {
		if ($i == "kernels" && !n) n = $(i + 1)
		if ($i == "one-shot") { m = $(i + 1); g = $(i + 3); sub(/\)/, "", g) }
		if ($i == "top-5" && !t) t = $(i + 1)
		if ($i == "fixed32") f = $(i + 1)
		if ($i == "slower" && $(i - 1) == "|") { s = $(i + 1); s5 = $(i + 2); sub(/\(/, "", s5) }
		if ($i == "kept") kp = $(i + 1)
		if ($i == "spearman") r = $(i + 1)
	}
	N += n; M += n * m; G += n * log(g); T += n * t; F += n * f
	R += n * r; S += s; S5 += s5; KP += kp; parts++
	printf "cv part %d: kernels %d | spearman %.3f | one-shot %.3f (geo %.3f) | top-5 %.3f | slower %d (%d by more than 5%%) | kept %d\n", parts, n, r, m, g, t, s, s5, kp
	n = t = 0
}
END {
	if (parts != k || N == 0) { print "cv: missing validation metrics" > "/dev/stderr"; exit 1 }
	printf "cv pooled: %d parts, kernels %d | spearman %.3f | one-shot %.3f (geo %.3f) | top-5 %.3f | fixed32 %.3f | slower %d (%d by more than 5%%) | kept %d\n", parts, N, R / N, M / N, exp(G / N), T / N, F / N, S, S5, KP
}'
