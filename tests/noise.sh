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
# The same draws also ask how often that perfect predictor makes a
# kernel slower than the nest as written ("keep"), as `make eval`'s
# "slower" counts it: its pick, when not keep, timed slower than keep
# by the other run (and by more than 5 %, eval's second count), over
# the kernels whose keep row has two runs; a last line sums the files.
# The model's "slower" cannot be expected below this floor either.
# With only the fastest and slowest of 3 runs kept by older files, the
# two runs are the extremes: a pessimistic ceiling.
#
# Usage: sh tests/noise.sh FILE.jsonl[.gz]...
set -u
[ $# -gt 0 ] || { echo "usage: noise.sh FILE.jsonl[.gz]..." >&2; exit 2; }
for f in "$@"; do
	[ -r "$f" ] || { echo "noise.sh: $f: cannot read" >&2; exit 1; }
done
# One awk reads every file, each after a line "#file NAME" (and a blank
# line, in case the file before it does not end in a newline); each file
# starts its draws from the same seed, as if it were alone.
for f in "$@"; do
	printf '\n#file %s\n' "$(basename "$f")"
	case $f in *.gz) gzip -dc "$f";; *) cat "$f";; esac
done | awk '
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
				if (keep && pick != keep) {
					slow[d] += b[pick] > b[keep]
					slow5[d] += b[pick] * 0.95 > b[keep]
				}
			}
			kernels++
			kept += keep > 0
		}
		n = keep = 0
	}
	# Prints the lines of the file read so far, if any, and adds it to
	# the totals.
	function report(   d, m, g, sl, sl5) {
		if (name == "")
			return
		flush()
		if (kernels == 0) { printf "%s: no kernel with two timed runs\n", name; return }
		for (d = 0; d < 20; d++) {
			m += sum[d] / kernels; g += exp(lsum[d] / kernels)
			sl += slow[d]; sl5 += slow5[d]
		}
		printf "%s: %d kernels, one-shot of a perfect predictor of one run, scored by the other: %.3f (geo %.3f)\n",
			name, kernels, m / 20, g / 20
		printf "%s: that predictor slower than the nest as written by the other run: %.2f of %d kernels (%.2f by more than 5 %%)\n",
			name, sl / 20, kept, sl5 / 20
		files++; all_slow += sl / 20; all_slow5 += sl5 / 20; all_kept += kept
	}
	/^#file / {
		report()
		name = substr($0, 7); kernels = kept = 0; last = ""
		split("", sum); split("", lsum); split("", slow); split("", slow5)
		srand(1)
		next
	}
	{
		seed = num("seed")
		if (seed != last) { flush(); last = seed }
		if ($0 !~ /"check":"ok"/ || num("runs") < 2) next
		t = num("time"); s = num("spread")
		if (t <= 0 || s < 0) next
		n++; lo[n] = t; hi[n] = t * (1 + s)
		if ($0 ~ /"cand":"keep"/) keep = n
	}
	END {
		report()
		if (files > 1)
			printf "all %d files: that predictor slower than the nest as written: %.1f of %d kernels (%.1f %%; %.1f by more than 5 %%)\n",
				files, all_slow, all_kept, all_kept ? 100 * all_slow / all_kept : 0, all_slow5
	}'
