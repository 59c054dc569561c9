#!/bin/sh
# gentest.sh — checks of the random kernel generator bin/autotile-gen.
#
#   sh tests/gentest.sh SEED...
#
# For each seed S:
#   1. autotile-gen --seed S run twice gives byte-identical output, with a
#      "gen-class:" line; --size bench gives the same kernel (the programs
#      differ only in the header comment and the #define'd values);
#   2. the program compiles with gcc -O2 -fopenmp -ffp-contract=off -Wall
#      -Iruntime without any diagnostic, runs, and prints one "time:" and
#      one "hash:" line;
#   3. with --variants "a b.1", the program compiles the same way and
#      prints three lines "variant V time: T hash: H" with one hash (each
#      variant is the same nest), and argv[1] = 1 runs variant 1 alone.
# Prints one line "ok - gen seed S" or "not ok - gen seed S: <reason>" per
# seed (after "# " comment lines: compiler diagnostics); exits 1 when any
# seed failed.
#
# Environment: GEN (default bin/autotile-gen), OUTDIR (default
# tests/out/gen), CC (default gcc), TIMEOUT (seconds per run, default 60).
# The flag list $CFLAGS_GT is split into words on purpose.
# shellcheck disable=SC2086
set -u

cd "$(dirname "$0")/.." || exit 1
GEN=${GEN:-bin/autotile-gen}
OUTDIR=${OUTDIR:-tests/out/gen}
CC=${CC:-gcc}
TIMEOUT=${TIMEOUT:-60}
CFLAGS_GT="-O2 -fopenmp -ffp-contract=off -Wall -Iruntime"

if [ $# -lt 1 ]; then
	echo "usage: sh tests/gentest.sh SEED..." >&2
	exit 2
fi
mkdir -p "$OUTDIR" || exit 1

# Compiles C file $1 into program $2 (diagnostics to $2.cc); fails, after
# showing them, on an error or on any diagnostic at all.
build() {
	if ! $CC $CFLAGS_GT "$1" -o "$2" 2>"$2.cc" || [ -s "$2.cc" ]; then
		show "$2.cc"
		return 1
	fi
}

# Prints the lines of program $1 from the first "#ifndef" on, without the
# values of the #defines: what must not change between --size test,
# bench and round.
kernel_text() {
	sed -n '/^#ifndef/,$p' "$1" | sed 's/^\(#define [A-Z_]*\) .*/\1/'
}

# Checks seed $1 in a subshell (fail exits it); prints the result line.
check_seed() (
	s=$1
	what="gen seed $s"
	p=$OUTDIR/gen$s
	# fail, show
	. tests/lib.sh

	"$GEN" --seed "$s" -o "$p.c" 2>"$p.err" || fail "exit status $? ($(head -n 1 "$p.err"))"
	"$GEN" --seed "$s" >"$p.again.c" 2>>"$p.err" || fail "second run failed"
	cmp -s "$p.c" "$p.again.c" || fail "two runs differ ($p.c, $p.again.c)"
	grep -q '^ \* gen-class: [a-z]*$' "$p.c" || fail "no 'gen-class:' line"
	"$GEN" --seed "$s" --size bench -o "$p.bench.c" || fail "--size bench failed"
	[ "$(kernel_text "$p.c")" = "$(kernel_text "$p.bench.c")" ] ||
		fail "--size bench changes more than the sizes ($p.bench.c)"
	"$GEN" --seed "$s" --size round -o "$p.round.c" || fail "--size round failed"
	[ "$(kernel_text "$p.c")" = "$(kernel_text "$p.round.c")" ] ||
		fail "--size round changes more than the sizes ($p.round.c)"
	# Every round value is the bench one rounded to a multiple of 8 (a
	# value below 12 stays), off by less than half the bench value.
	paste -d' ' "$p.bench.c" "$p.round.c" | awk '$1 == "#define" {
		b = $3; r = $6; n++
		if ($2 != $5 || (b < 12 && r != b) ||
		    (b >= 12 && (r % 8 || 2 * (r - b) >= b || 2 * (b - r) >= b)))
			bad = bad " " $2 "=" b "->" r }
		END { exit !(n > 0 && bad == "") }' ||
		fail "--size round values are not bench's rounded ($p.round.c)"

	build "$p.c" "$p" || fail "does not compile cleanly ($p.c)"
	OMP_NUM_THREADS=2 timeout "$TIMEOUT" "$p" >"$p.out" 2>&1 || fail "run failed (exit $?)"
	[ "$(grep -c '^time: [0-9.]*$' "$p.out")" -eq 1 ] &&
		[ "$(grep -c '^hash: [0-9a-f]\{16\}$' "$p.out")" -eq 1 ] ||
		fail "output is not one time and one hash line: '$(head -c 80 "$p.out")'"

	"$GEN" --seed "$s" --variants "a b.1" -o "$p.var.c" || fail "--variants failed"
	build "$p.var.c" "$p.var" || fail "--variants program does not compile cleanly ($p.var.c)"
	OMP_NUM_THREADS=2 timeout "$TIMEOUT" "$p.var" >"$p.var.out" 2>&1 || fail "--variants run failed"
	n=$(grep -c '^variant [0-2] time: [0-9.]* hash: [0-9a-f]\{16\}$' "$p.var.out")
	h=$(sed -n 's/.* hash: //p' "$p.var.out" | sort -u | wc -l)
	[ "$n" -eq 3 ] && [ "$h" -eq 1 ] ||
		fail "--variants prints $n variant lines with $h distinct hashes, want 3 and 1"
	OMP_NUM_THREADS=2 timeout "$TIMEOUT" "$p.var" 1 >"$p.var1.out" 2>&1 &&
		[ "$(grep -c '^variant 1 ' "$p.var1.out")" -eq 1 ] &&
		[ "$(wc -l <"$p.var1.out")" -eq 1 ] || fail "'$p.var 1' does not run variant 1 alone"
	echo "ok - $what"
)

status=0
for s in "$@"; do
	check_seed "$s" || status=1
done
exit $status
