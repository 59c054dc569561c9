#!/bin/sh
# bench.sh — what `make bench` prints: for every example at its default
# size, the kernel time of the original and of autotile's
# `--strategy fixed:32` output, both compiled with the user's usual flags
# (gcc -O3 -march=native -fopenmp), each run 3 times with OMP_NUM_THREADS=2
# and the best time kept; then the speedups and their geometric mean.
#
# The "hash" column says whether the two programs printed the same hash.
# With FMA contraction on (GCC's default under -march=native) a changed loop
# structure may round differently, so "differs" here is not by itself a bug;
# exactness is checked by `make test` with -ffp-contract=off.
# An example autotile (or the compiler) fails on is skipped with a note.
#
# Environment: AUTOTILE (default bin/autotile), CC (default gcc), STRATEGY
# (default fixed:32), RUNS (default 3), THREADS (default 2), EXAMPLES (names,
# default all of examples/*.c), BENCH_DEFINES (extra -D flags for every
# example, default none).
# Flag lists and "time hash" pairs are split into words on purpose.
# shellcheck disable=SC2086
set -u

cd "$(dirname "$0")/.." || exit 1
AUTOTILE=${AUTOTILE:-bin/autotile}
CC=${CC:-gcc}
STRATEGY=${STRATEGY:-fixed:32}
RUNS=${RUNS:-3}
THREADS=${THREADS:-2}
BENCH_DEFINES=${BENCH_DEFINES:-}
CFLAGS_RUN="-O3 -march=native -fopenmp -Iruntime"
OUT=tests/out/bench
tag=$(printf '%s' "$STRATEGY" | tr -d ':')
if [ -z "${EXAMPLES:-}" ]; then
	EXAMPLES=$(for f in examples/*.c; do basename "$f" .c; done)
fi

# Runs program $1 up to $RUNS times (each with a 600 s limit); prints
# "best_time hash runs" (hash of the last run, number of runs made), or
# nothing when a run fails or prints no time.  Stops repeating once a run
# takes longer than $2 seconds (a pathological slowdown is not worth
# measuring three times).
best_of() {
	best=""
	hash=""
	i=0
	while [ $i -lt "$RUNS" ]; do
		r=$(OMP_NUM_THREADS=$THREADS timeout 600 "$1") || return 1
		t=$(printf '%s\n' "$r" | sed -n 's/^time: *//p' | head -n 1)
		hash=$(printf '%s\n' "$r" | sed -n 's/^hash: *//p' | head -n 1)
		[ -n "$t" ] || return 1
		best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
		i=$((i + 1))
		awk -v t="$t" -v l="$2" 'BEGIN { exit !(t + 0 > l + 0) }' && break
	done
	echo "$best $hash $i"
}

mkdir -p "$OUT" || exit 1
if [ ! -x "$AUTOTILE" ]; then
	echo "bench: error: $AUTOTILE not found (run make)" >&2
	exit 1
fi

echo "# autotile bench: $CC $CFLAGS_RUN $BENCH_DEFINES; OMP_NUM_THREADS=$THREADS; best of $RUNS"
echo "# machine: $(nproc) cpus, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
rows=$OUT/rows.txt
: >"$rows"
printf '%-12s %12s %12s %9s  %s\n' example original_s "$tag"_s speedup hash
for e in $EXAMPLES; do
	src=examples/$e.c
	out=$OUT/$e.$tag.c
	if ! "$AUTOTILE" --strategy "$STRATEGY" -I runtime $BENCH_DEFINES -o "$out" "$src" 2>"$OUT/$e.err"; then
		printf '%-12s skipped: autotile failed: %s\n' "$e" "$(grep -m 1 'error' "$OUT/$e.err")"
		continue
	fi
	if ! $CC $CFLAGS_RUN $BENCH_DEFINES "$src" -o "$OUT/$e.orig" -lm 2>"$OUT/$e.cc" ||
		! $CC $CFLAGS_RUN $BENCH_DEFINES "$out" -o "$OUT/$e.$tag" -lm 2>>"$OUT/$e.cc"; then
		printf '%-12s skipped: compile error: %s\n' "$e" "$(grep -m 1 'error' "$OUT/$e.cc")"
		continue
	fi
	ro=$(best_of "$OUT/$e.orig" 1e9)
	[ -n "$ro" ] && limit=$(echo "$ro" | awk '{ l = 10 * $1; print (l > 5) ? l : 5 }')
	[ -n "$ro" ] && rn=$(best_of "$OUT/$e.$tag" "$limit")
	if [ -z "$ro" ] || [ -z "$rn" ]; then
		printf '%-12s skipped: a run failed\n' "$e"
		continue
	fi
	set -- $ro $rn
	same=differs
	[ "$2" = "$5" ] && same=same
	[ "$6" -lt "$RUNS" ] && same="$same; over 10x slower, measured once"
	sp=$(awk -v a="$1" -v b="$4" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
	printf '%-12s %12s %12s %8sx  %s\n' "$e" "$1" "$4" "$sp" "$same"
	echo "$e $1 $4" >>"$rows"
done
awk '$2 > 0 && $3 > 0 { s += log($2 / $3); n++ }
     END { if (n) printf "geometric mean speedup over %d examples: %.2fx\n", n, exp(s / n);
           else print "geometric mean speedup: no example measured" }' "$rows"
