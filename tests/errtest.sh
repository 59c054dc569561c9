#!/bin/sh
# errtest.sh — error-path test of autotile on one file of tests/errors/.
#
#   sh tests/errtest.sh tests/errors/NAME.c
#
# The file is a small complete C program whose header comments say what
# autotile must do with it:
#   // expect-exit: N          required exit status of autotile
#   // expect-diag: PATTERN    (any number) a grep -E pattern that must match
#                              a stderr line after "NAME.c:", e.g.
#                              "20:13: warning: autotile: .*break"
#   // expect-args: ARGS       autotile options (default: --strategy fixed:8);
#                              a -std=STD among them builds the programs too
#   // expect-identical: yes   the output must be byte-identical to the input
#   // expect-kept: TEXT       (any number) a fixed string the output contains
#   // expect-gone: TEXT       (any number) a fixed string the output must not
#                              contain (a line of a nest that gets transformed)
#                              (both ignore the "// expect-" header lines)
# When the expected exit status is 0, the output must also compile with and
# without -fopenmp (with -I the source's directory, for its headers) and
# print exactly what the input program prints; with
# SAME_AS=TOOL (the sanitizer pass: make test checks TOOL's outputs
# themselves), an output byte-identical to TOOL's with the same arguments
# is not compiled again, and any other is.
# Prints "# " comment lines (autotile's stderr) and then one line
# "ok - <what>" or "not ok - <what>: <reason>"; exits 0 when ok, 1 otherwise.
#
# Environment: AUTOTILE (default bin/autotile), OUTDIR (default
# tests/out/errors), CC (default gcc), TIMEOUT (seconds, default 120),
# SAME_AS (default none).
# Flag lists ($2 of build_run, $args) are split into words on purpose.
# shellcheck disable=SC2086
set -u

cd "$(dirname "$0")/.." || exit 1
AUTOTILE=${AUTOTILE:-bin/autotile}
OUTDIR=${OUTDIR:-tests/out/errors}
CC=${CC:-gcc}
TIMEOUT=${TIMEOUT:-120}
SAME_AS=${SAME_AS:-}
CFLAGS_ET="-O2 -fopenmp -ffp-contract=off -Wno-unknown-pragmas"
CFLAGS_SEQ="-O2 -ffp-contract=off -Wno-unknown-pragmas"

if [ $# -ne 1 ]; then
	echo "usage: sh tests/errtest.sh tests/errors/NAME.c" >&2
	exit 2
fi
src=$1
# an output in OUTDIR finds the headers beside its source (hdrnames.h)
CFLAGS_ET="$CFLAGS_ET -I$(dirname "$src")"
CFLAGS_SEQ="$CFLAGS_SEQ -I$(dirname "$src")"
name=$(basename "$src" .c)
what="errors/$name.c"

# fail, show
. tests/lib.sh

# Prints the values of header lines "// KEY: value" of the source, one a line.
header() {
	sed -n "s|^// $1:[[:space:]]*||p" "$src"
}

# Compiles C file $1 with flags $2 into program $3 and runs it (2 OpenMP
# threads, time limit), stdout to $3.out; returns non-zero on any failure
# after printing the compiler's first errors.
build_run() {
	if ! $CC $2 "$1" -o "$3" -lm 2>"$3.cc"; then
		show "$3.cc"
		return 1
	fi
	OMP_NUM_THREADS=2 timeout "$TIMEOUT" "$3" >"$3.out" 2>"$3.stderr"
}

[ -f "$src" ] || fail "no such file"
mkdir -p "$OUTDIR" || fail "cannot create $OUTDIR"
exit_want=$(header expect-exit | head -n 1)
[ -n "$exit_want" ] || fail "no '// expect-exit:' header"
args=$(header expect-args | head -n 1)
[ -n "$args" ] || args="--strategy fixed:8"
# a language standard in the arguments builds the programs with it too
for a in $args; do
	case $a in -std=*)
		CFLAGS_ET="$CFLAGS_ET $a"
		CFLAGS_SEQ="$CFLAGS_SEQ $a" ;;
	esac
done
out=$OUTDIR/$name.c
err=$OUTDIR/$name.err
rm -f "$out" "$err"

timeout "$TIMEOUT" "$AUTOTILE" $args -o "$out" "$src" 2>"$err"
rc=$?
show "$err" 20
grep -Eq "$SANRE" "$err" && fail "sanitizer report from $AUTOTILE (see $err)"
[ "$rc" -eq "$exit_want" ] || fail "exit status $rc, want $exit_want"

# Every expected diagnostic, located in this file.
fre=$(printf '%s' "$name.c" | sed 's/[.[\*^$]/\\&/g')
tmp=$OUTDIR/$name.pat
header expect-diag >"$tmp"
while IFS= read -r pat; do
	grep -Eq "(^|/)$fre:$pat" "$err" ||
		fail "no diagnostic matching '$name.c:$pat'"
done <"$tmp"

if [ "$exit_want" -eq 0 ]; then
	[ -s "$out" ] || fail "no output written to $out"
	if [ "$(header expect-identical)" = yes ]; then
		cmp -s "$src" "$out" || fail "output is not byte-identical to the input ($out)"
	fi
	header expect-kept >"$tmp"
	while IFS= read -r text; do
		grep -v '^// expect-' "$out" | grep -Fq -- "$text" ||
			fail "output lost '$text' ($out)"
	done <"$tmp"
	header expect-gone >"$tmp"
	while IFS= read -r text; do
		grep -v '^// expect-' "$out" | grep -Fq -- "$text" &&
			fail "nest not transformed: output still has '$text' ($out)"
	done <"$tmp"
	if [ -n "$SAME_AS" ] &&
		timeout "$TIMEOUT" "$SAME_AS" $args -o "$out.ref" "$src" 2>/dev/null &&
		cmp -s "$out" "$out.ref"; then
		echo "ok - $what (exit $rc; output as $SAME_AS's)"
		exit 0
	fi
	build_run "$src" "$CFLAGS_ET" "$OUTDIR/$name.orig" || fail "the input program does not build or run"
	build_run "$out" "$CFLAGS_ET" "$OUTDIR/$name.omp" || fail "output does not build or run with -fopenmp ($out)"
	cmp -s "$OUTDIR/$name.orig.out" "$OUTDIR/$name.omp.out" ||
		fail "output prints '$(head -c 80 "$OUTDIR/$name.omp.out")', input '$(head -c 80 "$OUTDIR/$name.orig.out")' (-fopenmp)"
	build_run "$out" "$CFLAGS_SEQ" "$OUTDIR/$name.seq" || fail "output does not build or run without -fopenmp ($out)"
	cmp -s "$OUTDIR/$name.orig.out" "$OUTDIR/$name.seq.out" ||
		fail "output prints '$(head -c 80 "$OUTDIR/$name.seq.out")', input '$(head -c 80 "$OUTDIR/$name.orig.out")' (no OpenMP)"
fi
echo "ok - $what (exit $rc)"
exit 0
