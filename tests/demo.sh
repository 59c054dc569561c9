#!/bin/sh
# demo.sh — what `make demo` shows: autotile on examples/seidel2d.c (in-place Gauss-Seidel:
# tiling it needs skewing, and parallelism needs a wavefront of tiles).
#
#   1. autotile --strategy model (the default) --explain (the report goes
#      to stderr);
#   2. the first lines of the transformed kernel;
#   3. original and output compiled with the user's usual flags
#      (gcc -O3 -march=native -fopenmp), run at the default size with
#      OMP_NUM_THREADS=2: both times and the speedup;
#   4. the bit-exactness check: both compiled again with -ffp-contract=off
#      (no FMA contraction, DESIGN.md section 9) and their hashes compared.
#      With contraction on, the hashes may legitimately differ in the last
#      bits, so step 3 only reports whether they match.
# Exits non-zero when autotile fails, a build fails or the -ffp-contract=off
# hashes differ.
#
# Environment: AUTOTILE (default bin/autotile), CC (default gcc), EXAMPLE
# (default seidel2d), STRATEGY (default model), DEMO_DEFINES (extra -D
# flags, e.g. smaller sizes; default none).
# Flag lists are split into words on purpose.
# shellcheck disable=SC2086
set -u

cd "$(dirname "$0")/.." || exit 1
AUTOTILE=${AUTOTILE:-bin/autotile}
CC=${CC:-gcc}
EXAMPLE=${EXAMPLE:-seidel2d}
STRATEGY=${STRATEGY:-model}
DEMO_DEFINES=${DEMO_DEFINES:-}
CFLAGS_RUN="-O3 -march=native -fopenmp -Iruntime"
CFLAGS_EXACT="$CFLAGS_RUN -ffp-contract=off"
OUT=tests/out/demo
src=examples/$EXAMPLE.c
tag=$(printf '%s' "$STRATEGY" | tr -d ':')
out=$OUT/$EXAMPLE.$tag.c

# Prints an error message and exits 1.
die() {
	echo "demo: error: $*" >&2
	exit 1
}

# Compiles C file $1 with the flags $2 (word list) into program $3.
build() {
	$CC $2 $DEMO_DEFINES "$1" -o "$3" -lm || die "cannot compile $1"
}

# Runs program $1 with 2 OpenMP threads; prints its output.
run() {
	OMP_NUM_THREADS=2 "$1" || die "$1 failed"
}

# Prints the value of the line "KEY: value" (KEY = $1) of the text $2.
field() {
	printf '%s\n' "$2" | sed -n "s/^$1: *//p" | head -n 1
}

mkdir -p "$OUT" || exit 1
[ -x "$AUTOTILE" ] || die "$AUTOTILE not found (run make)"

echo "==> $AUTOTILE --strategy $STRATEGY --explain -I runtime $DEMO_DEFINES -o $out $src"
"$AUTOTILE" --strategy "$STRATEGY" --explain -I runtime $DEMO_DEFINES -o "$out" "$src" \
	2>"$OUT/explain.txt"
rc=$?
echo "==> its report (stderr)"
cat "$OUT/explain.txt"
[ $rc -eq 0 ] || die "autotile exited with status $rc"
echo

echo "==> the transformed kernel (first 30 lines of kernel_$EXAMPLE in $out)"
kernel=$(sed -n "/^void kernel_$EXAMPLE(/,/^}/p" "$out" | head -n 30)
if [ -n "$kernel" ]; then
	printf '%s\n' "$kernel"
else
	diff -u "$src" "$out" | head -n 40
fi
echo

echo "==> building with $CC $CFLAGS_RUN $DEMO_DEFINES"
build "$src" "$CFLAGS_RUN" "$OUT/$EXAMPLE.orig"
build "$out" "$CFLAGS_RUN" "$OUT/$EXAMPLE.$tag"
echo "==> running at the default size, OMP_NUM_THREADS=2"
r_orig=$(run "$OUT/$EXAMPLE.orig") || exit 1
r_new=$(run "$OUT/$EXAMPLE.$tag") || exit 1
t_orig=$(field time "$r_orig")
t_new=$(field time "$r_new")
h_orig=$(field hash "$r_orig")
h_new=$(field hash "$r_new")
printf '  original          %10s s   hash %s\n' "$t_orig" "$h_orig"
printf '  autotile %-8s %10s s   hash %s\n' "$STRATEGY" "$t_new" "$h_new"
speedup=$(awk -v a="$t_orig" -v b="$t_new" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }')
echo "  speedup: ${speedup}x"
if [ "$h_orig" = "$h_new" ]; then
	echo "  hashes with these flags: identical"
else
	echo "  hashes with these flags: differ (FMA contraction may round differently"
	echo "  when the loop structure changes; the exact check follows)"
fi
echo

echo "==> exactness check: both rebuilt with -ffp-contract=off"
build "$src" "$CFLAGS_EXACT" "$OUT/$EXAMPLE.orig.exact"
build "$out" "$CFLAGS_EXACT" "$OUT/$EXAMPLE.$tag.exact"
e_orig=$(field hash "$(run "$OUT/$EXAMPLE.orig.exact")") || exit 1
e_new=$(field hash "$(run "$OUT/$EXAMPLE.$tag.exact")") || exit 1
if [ -n "$e_orig" ] && [ "$e_orig" = "$e_new" ]; then
	echo "  bit-identical: yes (hash $e_orig)"
else
	echo "  bit-identical: NO (original $e_orig, autotile $e_new)"
	exit 1
fi
