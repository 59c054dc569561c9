#!/bin/sh
# verify.sh — differential verification at scale: random kernels from
# bin/autotile-gen x random legal candidates of autotile's space.
#
#   sh tests/verify.sh FIRST_SEED N_KERNELS PER_KERNEL
#   (sh tests/verify.sh --one SEED PER_KERNEL runs one seed; used by xargs;
#   sh tests/verify.sh --ids SEED "ID..." checks the given candidates)
#
# For each seed S in FIRST_SEED .. FIRST_SEED+N_KERNELS-1:
#   1. autotile-gen --seed S writes a kernel (small sizes);
#   2. autotile --report lists its legal structures (checked exactly at
#      probe sizes);
#   3. PER_KERNEL of them are drawn at random (deterministically from S),
#      each with random tile sizes among those allowed (1, 4, 8, ...,
#      512: on these small sizes, the large ones make one tile per loop);
#   4. autotile-gen --variants writes one program with the original nest
#      (variant 0) and one copy per drawn candidate, each forced with
#      `#pragma autotile candidate(ID)`; autotile rewrites it;
#   5. the result is compiled with gcc -O2 -fopenmp -ffp-contract=off
#      -Werror=dangling-else and
#      run with 2 threads: every variant's hash must equal variant 0's.
# A candidate that autotile refuses at its drawn sizes (the exact
# legality test fails at those sizes; it says so with an error) is not a
# check; it is counted as "refused" and its nest stays unchanged.  Nor is
# one whose code generation isl had not finished after CG_LIMIT seconds
# (autotile's --codegen-limit; forced candidates have no limit of their
# own, and a tile size of 1 can take isl minutes: README, Known limits):
# it is counted as "skipped", and the kernel's other candidates are
# still checked.
# Prints "ok - verify seed S ID" / "not ok - verify seed S ID: why" per
# checked candidate (and "not ok - verify seed S: why" when the kernel
# itself fails), then "# verify: C checks, M mismatches, R refused,
# K skipped".
#
# Environment: JOBS (default 2), TOOL_TIMEOUT (seconds autotile may take
# on one variants file, default 300), CG_LIMIT (seconds isl may take to
# generate one candidate's code, default 60), AUTOTILE (bin/autotile), GEN
# (bin/autotile-gen), GENFLAGS (more autotile-gen options, e.g. --locals,
# --linear), OUTDIR (tests/out/verify), KEEP=1 keeps passing seeds' files.
# Word splitting of id lists is intended.
# shellcheck disable=SC2086,SC2016
set -u

cd "$(dirname "$0")/.." || exit 1
JOBS=${JOBS:-2}
AUTOTILE=${AUTOTILE:-bin/autotile}
GEN=${GEN:-bin/autotile-gen}
OUTDIR=${OUTDIR:-tests/out/verify}
TOOL_TIMEOUT=${TOOL_TIMEOUT:-300}
CG_LIMIT=${CG_LIMIT:-60}
GENFLAGS=${GENFLAGS:-}
export AUTOTILE GEN GENFLAGS OUTDIR TOOL_TIMEOUT CG_LIMIT

if [ $# -ne 3 ]; then
	echo "usage: sh tests/verify.sh FIRST_SEED N_KERNELS PER_KERNEL" >&2
	exit 2
fi
first=$1
count=$2
per=$3
if ! command -v jq >/dev/null 2>&1; then
	echo "not ok - verify: jq is missing (run make deps)"
	exit 1
fi
mkdir -p "$OUTDIR" || exit 1

# Draws $2 random legal candidates of seed $1's kernel into $d/ids (one
# line); prints a result line and returns 1 when there is nothing to check
# (its files removed when there is no candidate, kept after a failure).
draw_ids() {
	s=$1
	per=$2
	if ! $GEN $GENFLAGS --seed "$s" -o "$d/k.c" 2>"$d/gen.err"; then
		echo "not ok - verify seed $s: autotile-gen failed"
		return 1
	fi
	if ! $AUTOTILE -I runtime --strategy none --report "$d/k.json" "$d/k.c" \
		-o "$d/k.out.c" 2>"$d/report.err"; then
		echo "not ok - verify seed $s: autotile --report failed: $(head -c 300 "$d/report.err")"
		return 1
	fi
	# legal structures, with the allowed sizes per position
	jq -r '[.nests[] | select(.status != "refused")][0] as $n | ($n.sizes | map(map(tostring)
		| join(","))) as $sz | ($n.candidates // [])[] | select(.id != "orig" and .id != "keep")
		| "\(.id) \($sz[:(.sizes | length)] | join(";"))"' \
		"$d/k.json" >"$d/structs" 2>"$d/jq.err"
	if [ ! -s "$d/structs" ]; then
		# no legal structure besides the original: nothing to check
		echo "ok - verify seed $s: no tiling candidate (original only)"
		[ "${KEEP:-0}" = 1 ] || rm -rf "$d"
		return 1
	fi
	awk -v seed="$s" -v per="$per" '
		{ id[NR] = $1; sz[NR] = $2 }
		END {
			srand(seed);
			for (c = 0; c < per; c++) {
				r = int(rand() * NR) + 1;
				n = split(id[r], part, ".");
				np = split(sz[r], pos, ";");
				out = part[1];
				for (k = 2; k < n; k++)
					out = out "." part[k];
				size = "";
				for (k = 1; k <= np; k++) {
					m = split(pos[k], opt, ",");
					size = size (k > 1 ? "x" : "") opt[int(rand() * m) + 1];
				}
				printf "%s.%s\n", out, size;
			}
		}' "$d/structs" | sort -u | tr '\n' ' ' >"$d/ids"
}

# Checks seed $1's kernel with $2 random legal candidates, or with the
# candidate ids $3 when given; prints result lines.
one_seed() {
	s=$1
	d=$OUTDIR/s$s
	rm -rf "$d"
	mkdir -p "$d"
	if [ -n "${3:-}" ]; then
		echo "$3" >"$d/ids"
	elif ! draw_ids "$s" "$2"; then
		return
	fi
	ids=$(cat "$d/ids")
	if ! $GEN $GENFLAGS --seed "$s" --variants "$ids" -o "$d/v.c" 2>"$d/gen.err"; then
		echo "not ok - verify seed $s: autotile-gen --variants failed"
		return
	fi
	if ! timeout "$TOOL_TIMEOUT" $AUTOTILE -I runtime --codegen-limit "$CG_LIMIT" \
		"$d/v.c" -o "$d/v.out.c" 2>"$d/v.err" &&
		[ ! -s "$d/v.out.c" ]; then
		echo "not ok - verify seed $s: autotile wrote no output (over $TOOL_TIMEOUT s, or crashed)"
		return
	fi
	if grep -v -e 'is illegal' -e 'code generation was stopped' "$d/v.err" |
		grep -q 'error:'; then
		echo "not ok - verify seed $s: autotile failed: $(grep 'error:' "$d/v.err" | head -c 300)"
		return
	fi
	# -Werror=dangling-else: an else C gives another if than the AST
	# meant (session 39) fails here, not only when a test size runs it
	if ! gcc -O2 -fopenmp -ffp-contract=off -Werror=dangling-else \
		-Iruntime "$d/v.out.c" -o "$d/v" -lm \
		2>"$d/cc.err"; then
		echo "not ok - verify seed $s: output does not compile: $(head -c 300 "$d/cc.err")"
		return
	fi
	if ! OMP_NUM_THREADS=2 timeout 120 "$d/v" >"$d/run.out" 2>&1; then
		echo "not ok - verify seed $s: variant program failed"
		return
	fi
	ref=$(awk '$1 == "variant" && $2 == 0 { print $NF }' "$d/run.out")
	bad=0
	v=0
	for id in $ids; do
		v=$((v + 1))
		if grep -q "candidate \`$id\` is illegal" "$d/v.err"; then
			echo "# refused - verify seed $s $id (illegal at these sizes)"
			continue
		fi
		if grep -q "candidate \`$id\`: code generation was stopped" "$d/v.err"; then
			echo "# skipped - verify seed $s $id (isl's code generation over $CG_LIMIT s)"
			continue
		fi
		h=$(awk -v v="$v" '$1 == "variant" && $2 == v { print $NF }' "$d/run.out")
		if [ -n "$ref" ] && [ "$h" = "$ref" ]; then
			echo "ok - verify seed $s $id"
		else
			echo "not ok - verify seed $s $id: hash ${h:-none} != original ${ref:-none}"
			bad=1
		fi
	done
	[ "$bad" = 0 ] && [ "${KEEP:-0}" != 1 ] && rm -rf "$d"
}

if [ "$first" = --one ]; then
	one_seed "$count" "$per"
	exit 0
fi
if [ "$first" = --ids ]; then
	one_seed "$count" 0 "$per"
	exit 0
fi
seq "$first" $((first + count - 1)) |
	xargs -P "$JOBS" -I{} sh tests/verify.sh --one {} "$per" >"$OUTDIR/results"
cat "$OUTDIR/results"
c=$(grep -c '^\(not \)\{0,1\}ok - verify seed [0-9]* [A-Za-z0-9_-]*\.' "$OUTDIR/results")
m=$(grep -c '^not ok' "$OUTDIR/results")
r=$(grep -c '^# refused' "$OUTDIR/results")
k=$(grep -c '^# skipped' "$OUTDIR/results")
echo "# verify: $c checks, $m mismatches or failures, $r refused, $k skipped"
[ "$m" = 0 ]
