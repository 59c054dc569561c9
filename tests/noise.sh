#!/bin/sh
# noise.sh — what `make eval-noise` prints: how much of the one-shot
# metric the timing noise itself leaves to win, per measurement file.
#
# `make eval` scores a pick against the oracle, the fastest candidate
# measured, both by the minimum of a variant's timing runs.  A model
# cannot be expected to reach 1.0 if the fastest candidate changes from
# one run to the next.  This asks how far a perfect predictor of one
# timing run gets when scored by another: for each kernel and each
# variant measured with at least two runs (rows "runs" >= 2, check ok,
# not timed out), one run is its minimum ("time") and the other its
# maximum ("time" * (1 + "spread")); run A is drawn at random per
# variant, the pick is the fastest by A, and it scores the fastest time
# by the other run divided by its own time by that run.  Printed per
# file: kernels, mean and geometric mean over kernels of that fraction,
# averaged over 20 draws (fixed seed: the same numbers every time).
# With only the fastest and slowest of 3 runs kept by older files, the
# two runs are the extremes: a pessimistic ceiling.
#
# Usage: sh tests/noise.sh FILE.jsonl[.gz]...
set -u
[ $# -gt 0 ] || { echo "usage: noise.sh FILE.jsonl[.gz]..." >&2; exit 2; }
for f in "$@"; do
	[ -r "$f" ] || { echo "noise.sh: $f: cannot read" >&2; exit 1; }
	case $f in *.gz) gzip -dc "$f";; *) cat "$f";; esac |
	awk -v name="$(basename "$f")" '
	function num(key,   v) {
		if (!match($0, "\"" key "\":[0-9.eE+-]+"))
			return -1
		v = substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
		return v + 0
	}
	function flush(   d, c, pick, ba, bb) {
		if (n >= 2) {
			for (d = 0; d < 20; d++) {
				ba = bb = -1
				for (c = 1; c <= n; c++) {
					if (rand() < 0.5) { a[c] = lo[c]; b[c] = hi[c] }
					else { a[c] = hi[c]; b[c] = lo[c] }
					if (ba < 0 || a[c] < ba) { ba = a[c]; pick = c }
					if (bb < 0 || b[c] < bb) bb = b[c]
				}
				sum[d] += bb / b[pick]; lsum[d] += log(bb / b[pick])
			}
			kernels++
		}
		n = 0
	}
	BEGIN { srand(1) }
	{
		seed = num("seed")
		if (seed != last) { flush(); last = seed }
		if ($0 !~ /"check":"ok"/ || num("runs") < 2) next
		t = num("time"); s = num("spread")
		if (t <= 0 || s < 0) next
		n++; lo[n] = t; hi[n] = t * (1 + s)
	}
	END {
		flush()
		if (kernels == 0) { printf "%s: no kernel with two timed runs\n", name; exit }
		for (d = 0; d < 20; d++) { m += sum[d] / kernels; g += exp(lsum[d] / kernels) }
		printf "%s: %d kernels, one-shot of a perfect predictor of one run, scored by the other: %.3f (geo %.3f)\n",
			name, kernels, m / 20, g / 20
	}'
done
