#!/bin/sh
# mutate.sh — autotile on mutated examples: no crash, and no wrong code.
#
#   sh tests/mutate.sh SEED...
#   sh tests/mutate.sh --each-operator
#
# Each SEED is a number or a range A-B.  Mutant S is source number S mod
# n of examples/*.c and tests/errors/*.c (n files) changed by operator
# (S / n) mod 14 of tests/mutate.awk, seeded with S.  Every mutant is a test:
#   1. `autotile -I runtime -I examples` on it (default strategy) must exit
#      0 or 1 and print no sanitizer report; on exit 1 there must be an
#      `error:` line (clang rejects a few things gcc accepts, such as a
#      pragma inside a macro's arguments), and the mutant goes no further;
#      on exit 0 there must be none;
#      on exit 0, when gcc accepts the mutant, the output must compile too.
#   2. A mutant of an example that builds with ASan and UBSan, runs
#      cleanly at the example's test sizes, prints its hash line and
#      prints the same with its automatic variables first set to zeros
#      and to a pattern (it reads none unset) is a valid program:
#      tests/difftest.sh must then pass it under `--strategy model` and
#      `--strategy fixed:32` (the output computes the same hash as the
#      mutant in its OpenMP build, and keeps every line outside the
#      nests).  A mutant of a tests/errors program (each is a complete
#      program) valid in the same sense is run through autotile under
#      `model` and `fixed:8`: the output, built with and without OpenMP,
#      must print exactly what the mutant prints.
# Mutants gcc rejects, or that are not valid programs, pass step 1 only.
# Prints one "ok - ..." or "not ok - ..." line per mutant (step 2's
# difftest lines, indented as "# ", before it); exits 1 when any failed.
#
# Environment: JOBS (mutants tested at a time, default 2), AUTOTILE
# (default bin/autotile; e.g. bin-san/autotile),
# OUTDIR (default tests/out/mutate), TIMEOUT (seconds for autotile and
# for each run, default 120).
# Flag lists (the test-defines line) are split into words on purpose.
# shellcheck disable=SC2086,SC2046
set -u

cd "$(dirname "$0")/.." || exit 1
AUTOTILE=${AUTOTILE:-bin/autotile}
OUTDIR=${OUTDIR:-tests/out/mutate}
TIMEOUT=${TIMEOUT:-120}

JOBS=${JOBS:-2}
CFLAGS_REF="-O2 -fopenmp -ffp-contract=off"

if [ $# -eq 0 ]; then
	echo "usage: sh tests/mutate.sh SEED... | --each-operator" \
		"(a seed or a range A-B each)" >&2
	exit 2
fi
# test_defines
. tests/lib.sh
mkdir -p "$OUTDIR" || exit 1
srcs=$(ls examples/*.c tests/errors/*.c)
nsrc=$(echo "$srcs" | wc -l)
NOP=14		# operators of tests/mutate.awk

# Prints why autotile's run on mutant $1 (exit status $2, output $3,
# stderr $4) fails step 1, or nothing.
tool_check() {
	if grep -Eq "$SANRE" "$4"; then
		echo "sanitizer report"
	elif [ "$2" -ne 0 ] && [ "$2" -ne 1 ]; then
		echo "autotile exited with status $2"
	elif [ "$2" -eq 1 ] && ! grep -q ": error: " "$4"; then
		echo "exit 1 without an error line"
	elif [ "$2" -eq 0 ] && grep -q ": error: " "$4"; then
		echo "an error line with exit 0"
	elif [ "$2" -eq 0 ] && gcc -fsyntax-only -w -Iruntime -Iexamples "$1" 2>/dev/null &&
	    ! gcc -fsyntax-only -w -fopenmp -Iruntime -Iexamples "$3" 2>/dev/null; then
		echo "the output does not compile"
	fi
}

# Compiles mutant $1 with flags $2 into $1.$3 and runs it (2 OpenMP
# threads, time limit), stdout and stderr to $1.$3.out; returns non-zero
# when it does not build, run or exit 0.
build_run() {
	gcc $2 -w -Iruntime -Iexamples "$1" -o "$1.$3" -lm 2>/dev/null &&
		OMP_NUM_THREADS=2 timeout "$TIMEOUT" "$1.$3" >"$1.$3.out" 2>&1
}

# Returns 0 when mutant $1 (built with flags $2) prints the same lines
# matching $3 with its automatic variables first set to zeros and to a
# pattern: it reads none of them before writing it.  Neither sanitizer
# sees such a read (`t += 1` on an uninitialized t, mutant 960 of
# session 32), after which the output's value is anyone's guess.
inits_agree() {
	build_run "$1" "-O2 -ffp-contract=off -ftrivial-auto-var-init=zero $2" zero &&
		build_run "$1" "-O2 -ffp-contract=off -ftrivial-auto-var-init=pattern $2" pat &&
		[ "$(grep -E "$3" "$1.zero.out")" = "$(grep -E "$3" "$1.pat.out")" ]
}

# Returns 0 when mutant $1 of example $2 is a valid program at the
# example's test sizes: it has no dangling `else` (tests/difftest.sh
# builds the example with -Werror=dangling-else: an inserted `if` before
# an `if ... else`, mutant 6002 of session 52, made it refuse the
# original), builds with ASan and UBSan, runs without a report, prints a
# hash line and reads no automatic variable unset.
valid_program() {
	gcc -fsyntax-only -Werror=dangling-else -Iruntime -Iexamples "$1" \
		2>/dev/null &&
		build_run "$1" "-O1 -fsanitize=address,undefined -fno-sanitize-recover=all $(test_defines "$2")" san &&
		grep -q '^hash:' "$1.san.out" &&
		inits_agree "$1" "$(test_defines "$2")" '^hash:'
}

# Returns 0 when mutant $1 of a tests/errors program is a valid program:
# it builds with ASan and UBSan and runs without a report, and reads no
# automatic variable unset.  Its OpenMP build's output ($1.ref.out) is
# what autotile's outputs must print.
valid_errprog() {
	build_run "$1" "-O1 -fsanitize=address,undefined -fno-sanitize-recover=all" san &&
		inits_agree "$1" "" "" &&
		build_run "$1" "$CFLAGS_REF" ref &&
		cmp -s "$1.zero.out" "$1.ref.out"
}

# Prints why autotile's output under strategy $2 of the valid tests/errors
# program $1 fails its differential test, or nothing: built with and
# without OpenMP, it must print what the program prints ($1.ref.out).
errprog_diff() {
	o=$1.$(echo "$2" | tr : _).c
	timeout "$TIMEOUT" "$AUTOTILE" -I runtime -I examples --strategy "$2" \
		-o "$o" "$1" >/dev/null 2>"$o.err"
	rc=$?
	if [ $rc -ne 0 ]; then
		[ $rc -eq 1 ] && grep -q ": error: " "$o.err" && return 0
		echo "--strategy $2: autotile exited with status $rc"
	elif ! build_run "$o" "$CFLAGS_REF" omp; then
		echo "--strategy $2: the output does not build or run with -fopenmp"
	elif ! cmp -s "$1.ref.out" "$o.omp.out"; then
		echo "--strategy $2: the output prints other results (-fopenmp, $o)"
	elif ! build_run "$o" "-O2 -ffp-contract=off" seq; then
		echo "--strategy $2: the output does not build or run without OpenMP"
	elif ! cmp -s "$1.ref.out" "$o.seq.out"; then
		echo "--strategy $2: the output prints other results (no OpenMP, $o)"
	fi
	rm -f "$o.omp" "$o.seq"
}

# Step 2 for a mutant $1 of a tests/errors program (what): prints its
# result line and returns 1 when it failed.
errprog() {
	valid_errprog "$1"
	valid=$?
	rm -f "$1.san" "$1.zero" "$1.pat" "$1.ref"
	if [ $valid -ne 0 ]; then
		echo "ok - $what (not a valid program: autotile only)"
		return 0
	fi
	bad=
	for st in model fixed:8; do
		why=$(errprog_diff "$1" "$st")
		[ -n "$why" ] && bad="$bad${bad:+; }$why"
	done
	if [ -n "$bad" ]; then
		echo "not ok - $what: $bad"
		return 1
	fi
	echo "ok - $what (differential tests passed)"
}

# Tests mutant $1 (see above); prints its result line and returns 1 when
# it failed.
mutant() {
	src=$(echo "$srcs" | sed -n "$(($1 % nsrc + 1))p")
	op=$((($1 / nsrc) % NOP))
	m=$OUTDIR/m$1.c
	what="mutant $1 (operator $op of $src)"
	awk -v seed="$1" -v op="$op" -f tests/mutate.awk "$src" >"$m"
	timeout "$TIMEOUT" "$AUTOTILE" -I runtime -I examples -o "$m.out.c" \
		"$m" >/dev/null 2>"$m.err"
	rc=$?
	why=$(tool_check "$m" $rc "$m.out.c" "$m.err")
	if [ -n "$why" ]; then
		echo "not ok - $what: $why (see $m.err)"
		return 1
	fi
	if [ $rc -ne 0 ]; then
		echo "ok - $what (autotile reports an error)"
		return 0
	fi
	case $src in
	examples/*) ;;
	*) errprog "$m"; return ;;
	esac
	valid_program "$m" "$src"
	valid=$?
	rm -f "$m.san" "$m.zero" "$m.pat"
	if [ $valid -ne 0 ]; then
		echo "ok - $what (not a valid program: autotile only)"
		return 0
	fi
	bad=0
	for st in model fixed:32; do
		r=$(SEQ=0 TIMEOUT=$TIMEOUT OUTDIR=$OUTDIR AUTOTILE=$AUTOTILE \
			sh tests/difftest.sh "$m" "$st" $(test_defines "$src") 2>&1 | tail -n 1)
		echo "# $r"
		case $r in ok*) ;; *) bad=1 ;; esac
	done
	if [ $bad = 1 ]; then
		echo "not ok - $what: a differential test failed"
		return 1
	fi
	echo "ok - $what (differential tests passed)"
}

# `sh tests/mutate.sh --one S` tests mutant S alone and prints its lines
# at once: what the parallel jobs below run.
if [ "$1" = --one ]; then
	mutant "$2" >"$OUTDIR/m$2.log" 2>&1
	rc=$?
	cat "$OUTDIR/m$2.log"
	exit $rc
fi

# `--each-operator`: operator k on example k and on tests/errors program
# k (seeds k (n + 1) and k (n + 1) + the number of examples), for every
# operator: what `make test` runs.
if [ "$1" = --each-operator ]; then
	nex=$(echo "$srcs" | grep -c '^examples/')
	set --
	for k in $(seq 0 $((NOP - 1))); do
		set -- "$@" $((k * (nsrc + 1))) $((k * (nsrc + 1) + nex))
	done
fi

for arg in "$@"; do
	case $arg in
	*-*) seq "${arg%-*}" "${arg#*-}" ;;
	*) echo "$arg" ;;
	esac
done | xargs -P "$JOBS" -n 1 sh tests/mutate.sh --one || exit 1
