#!/bin/sh
# bench.sh — what `make bench` prints.  For every example at its default
# size, compiled with the user's usual flags (gcc -O3 -march=native
# -fopenmp) and run with OMP_NUM_THREADS=2 (best of 3 runs, kernel time
# only), as speedups over the original, all measured in this one run.
# The original, fixed32, model and tune5 are run in turns (round 1 of
# each, then round 2, ...), so a stretch of time in which the machine is
# slower, as shared machines are now and then, slows them alike instead
# of one of them:
#
#   fixed32  autotile --strategy fixed:32 (isl's bands, 32-tiles);
#   model    autotile --strategy model (the shipped cost model's choice,
#            no measurement), and "tool_s" autotile's own time for it;
#   tune5    autotile --autotune 5 (the model's top 5 and the nest as written
#            built and timed by autotile itself, the fastest kept);
#   oracle   the best candidate found by measuring a pruned but broad
#            space: the original loop order (with OpenMP pragmas on its
#            parallel loops, "orig"), every legal structure autotile --report lists (all
#            shapes, scans and loop orders) at 32-tiles, and the structures
#            with default loop orders also at 16-, 64- and 128-tiles (at
#            most MAXCAND candidates per example, evenly spaced in that
#            list when there are more), and the fixed32 output itself;
#            "n" is how many were measured besides fixed32 and the last
#            column the winning candidate id;
#   TX-LY    per scan combination, the best of the measured candidates
#            with that inter-tile and intra-tile scan ("-": none legal).
# Then the geometric means, and how far fixed32 is from the oracle.
#
# The hash of every candidate is compared with the original's; with FMA
# contraction on (GCC's default under -march=native) a changed loop
# structure may round differently, so a difference is counted, not
# treated as a bug here: exactness is checked by `make test` and
# `make verify-long` with -ffp-contract=off.
#
# Environment: AUTOTILE (bin/autotile), CC (gcc), RUNS (3), THREADS (2),
# EXDIR (the programs' directory, default examples; examples/polybench
# for `make bench-polybench`), EXAMPLES (names in EXDIR, default all),
# MAXCAND (150), BENCH_DEFINES (extra -D), TUNE (1; 0 leaves tune5 out).
# Flag lists and "time hash" pairs are split into words on purpose.
# shellcheck disable=SC2086,SC2046
set -u

cd "$(dirname "$0")/.." || exit 1
AUTOTILE=${AUTOTILE:-bin/autotile}
CC=${CC:-gcc}
RUNS=${RUNS:-3}
THREADS=${THREADS:-2}
MAXCAND=${MAXCAND:-150}
BENCH_DEFINES=${BENCH_DEFINES:-}
EXDIR=${EXDIR:-examples}
TUNE=${TUNE:-1}
CFLAGS_RUN="-O3 -march=native -fopenmp -Iruntime"
OUT=tests/out/bench${EXDIR#examples}
SCANS="TI-LI TI-LS TI-LP TS-LI TS-LS TS-LP TP-LI TP-LS TP-LP"
if [ -z "${EXAMPLES:-}" ]; then
	EXAMPLES=$(for f in "$EXDIR"/*.c; do basename "$f" .c; done)
fi

# Runs program $1 once (600 s limit); prints "time hash", or nothing and
# fails when the run fails.
run_once() {
	r=$(OMP_NUM_THREADS=$THREADS timeout 600 "$1") || return 1
	t=$(printf '%s\n' "$r" | sed -n 's/^time: *//p' | head -n 1)
	[ -n "$t" ] || return 1
	echo "$t $(printf '%s\n' "$r" | sed -n 's/^hash: *//p' | head -n 1)"
}

# Prints the smaller of the times "$1" (may be empty) and $2.
min_time() {
	awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'
}

# Builds example $1 rewritten with autotile options $3... as the program
# $OUT/$1.$2 (autotile's own time in $OUT/$1.$2.tool); fails when
# autotile or the compiler does.
build() {
	e=$1
	tag=$2
	shift 2
	s0=$(date +%s.%N)
	"$AUTOTILE" "$@" -I runtime $BENCH_DEFINES -o "$OUT/$e.$tag.c" "$EXDIR/$e.c" \
		2>"$OUT/$e.$tag.err" || return 1
	awk -v a="$s0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }' \
		>"$OUT/$e.$tag.tool"
	$CC $CFLAGS_RUN $BENCH_DEFINES "$OUT/$e.$tag.c" -o "$OUT/$e.$tag" -lm \
		2>"$OUT/$e.$tag.cc"
}

# Runs the built programs $OUT/$1.T for the tags T in $2 in turns, $RUNS
# rounds (a program drops out when a run fails or takes longer than
# $LIMIT s: a bad candidate is not worth three runs); prints "T best_time
# hash" per tag that ran, and removes the programs.
in_turns() {
	for tag in $2; do
		[ -x "$OUT/$1.$tag" ] && : >"$OUT/$1.$tag.best"
	done
	i=0
	while [ $i -lt "$RUNS" ]; do
		for tag in $2; do
			b=$OUT/$1.$tag.best
			[ -f "$b" ] || continue
			if ! r=$(run_once "$OUT/$1.$tag"); then
				rm -f "$b"
				continue
			fi
			set -- "$1" "$2" $r
			echo "$(min_time "$(cut -d' ' -f1 "$b")" "$3") $4" >"$b.new"
			mv "$b.new" "$b"
			awk -v t="$3" -v l="$LIMIT" 'BEGIN { exit !(t + 0 > l + 0) }' &&
				mv "$b" "$b.done"
		done
		i=$((i + 1))
	done
	for tag in $2; do
		for b in "$OUT/$1.$tag.best" "$OUT/$1.$tag.best.done"; do
			[ -s "$b" ] && echo "$tag $(cat "$b")"
			rm -f "$b"
		done
		rm -f "$OUT/$1.$tag"
	done
}

# Prints how many other tasks were runnable at any nice, summed over five
# samples 20 ms apart (procs_running of /proc/stat, less this shell; read
# with the shell's own `read`, so that no child process counts).  Even
# nice 19 jobs slow the OpenMP programs several-fold (README, "Leaving
# out busy timings").
others_running() {
	sum=0
	for i in 1 2 3 4 5; do
		while read -r key n rest; do
			[ "$key" = procs_running ] && sum=$((sum + n - 1))
		done </proc/stat
		sleep 0.02
	done
	echo "$sum"
}

# Prints the oracle's candidate ids for example $1 (see the header).
oracle_ids() {
	"$AUTOTILE" -I runtime $BENCH_DEFINES --report "$OUT/$1.json" -o /dev/null \
		"$EXDIR/$1.c" 2>/dev/null || return 1
	echo orig
	jq -r '[.nests[] | select(.status != "refused")] as $ns | [($ns[0].candidates // [])[] | select(.id != "orig" and .id != "keep")
		| (.id | sub("\\.[0-9x]+$"; "")) as $s
		| (.tile_order == null or .tile_order[0] == 0) as $t
		| (.point_order == null or .point_order[-1] == (.point_order | length) - 1) as $p
		| (.sizes | length) as $n
		| if $t and $p then (16, 32, 64, 128) else 32 end
		| . as $z | "\($s).\([range($n)] | map($z | tostring) | join("x"))"]
		| map(select(. as $i | all($ns[1:][]; [.candidates[].id | sub("\\.[0-9x]+$"; "")]
			| index([$i | sub("\\.[0-9x]+$"; "")]))))
		| .[]' "$OUT/$1.json" >"$OUT/$1.ids"
	# evenly spaced when there are more than MAXCAND
	awk -v m="$MAXCAND" 'NR == FNR { n++; next }
		{ k++; if (n <= m || int(k * m / n) != int((k - 1) * m / n)) print }' \
		"$OUT/$1.ids" "$OUT/$1.ids"
}

mkdir -p "$OUT" || exit 1
if [ ! -x "$AUTOTILE" ]; then
	echo "bench: error: $AUTOTILE not found (run make)" >&2
	exit 1
fi

echo "# autotile bench: $CC $CFLAGS_RUN $BENCH_DEFINES; OMP_NUM_THREADS=$THREADS; best of $RUNS"
echo "# machine: $(nproc) cpus, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "# speedups over the original; n = candidates measured for the oracle"
[ "$MAXCAND" -gt 0 ] ||
	echo "# MAXCAND=0: the oracle is only the best of orig and the fixed32 output"
rows=$OUT/rows.txt
busy_ex=
: >"$rows"
# the name column as wide as the longest name (at least 10)
NW=10
for e in $EXAMPLES; do [ ${#e} -gt $NW ] && NW=${#e}; done
printf "%-${NW}s %8s %7s %7s %7s %6s %7s %4s" example orig_s fixed32 model tune5 tool_s oracle n
for s in $SCANS; do printf ' %6s' "$s"; done
printf '  %s\n' "oracle's choice"
for e in $EXAMPLES; do
	LIMIT=1e9
	if ! $CC $CFLAGS_RUN $BENCH_DEFINES "$EXDIR/$e.c" -o "$OUT/$e.orig" -lm 2>"$OUT/$e.cc" ||
		! ro=$(run_once "$OUT/$e.orig"); then
		printf "%-${NW}s skipped: the original does not build or run\n" "$e"
		continue
	fi
	set -- $ro
	LIMIT=$(awk -v t="$1" 'BEGIN { l = 3 * t; print (l > 2) ? l : 2 }')
	rm -f "$OUT/$e.fixed32" "$OUT/$e.model" "$OUT/$e.tune5" "$OUT/$e.model.tool"
	build "$e" fixed32 --strategy fixed:32
	build "$e" model --strategy model --time-report
	tool=$(cat "$OUT/$e.model.tool" 2>/dev/null || echo -)
	[ "$TUNE" = 0 ] || build "$e" tune5 --autotune 5 --tune-runs "$RUNS" \
		--tune-flags "$CFLAGS_RUN -Iruntime"
	b0=$(others_running)
	in_turns "$e" "orig fixed32 model tune5" >"$OUT/$e.turns"
	b1=$(others_running)
	# more than half the samples before or after: another job ran
	[ "${b0:-0}" -gt 2 ] || [ "${b1:-0}" -gt 2 ] && busy_ex="$busy_ex $e"
	if ! set -- $(sed -n 's/^orig //p' "$OUT/$e.turns") || [ $# -ne 2 ]; then
		printf "%-${NW}s skipped: the original failed a timed run\n" "$e"
		continue
	fi
	t0=$1
	h0=$2
	grep -v '^orig ' "$OUT/$e.turns" >"$OUT/$e.times"
	for id in $(oracle_ids "$e"); do
		build "$e" cand --candidate "$id" &&
			in_turns "$e" cand | sed "s/^cand /$id /" >>"$OUT/$e.times"
	done
	# the model left the file as written: its ratio is timing noise
	kept=0
	cmp -s "$EXDIR/$e.c" "$OUT/$e.model.c" && kept=1
	awk -v nw="$NW" -v e="$e" -v t0="$t0" -v h0="$h0" -v scans="$SCANS" -v tool="$tool" -v kept="$kept" '
		function sp(t) { return t > 0 ? t0 / t : 0 }
		# a time not measured is written 0, so the fields stay in place
		function or0(t) { return t == "" ? 0 : t }
		BEGIN { ns = split(scans, sc, " ") }
		{
			if ($1 == "fixed32") { f = $2; next }
			if ($1 == "model") { md = $2; next }
			if ($1 == "tune5") { tu = $2; next }
			n++; diff += ($3 != h0)
			if (best == "" || $2 < best) { best = $2; bid = $1 }
			if (split($1, part, ".") < 3) next
			k = part[2] "-" part[3]
			if (!(k in bs) || $2 < bs[k]) bs[k] = $2
		}
		END {
			if (f != "" && (best == "" || f < best)) { best = f; bid = "fixed32" }
			printf "%-*s %8.3f %6.2fx %6.2fx %7s %6s %6.2fx %4d", nw, e, t0, sp(f),
				sp(md), tu == "" ? "-" : sprintf("%6.2fx", sp(tu)), tool,
				best == "" ? 1 : (t0 / best > 1 ? t0 / best : 1), n
			for (i = 1; i <= ns; i++)
				if (sc[i] in bs) printf " %5.2fx", sp(bs[sc[i]])
				else printf " %6s", "-"
			printf "  %s%s\n", (best == "" || best > t0) ? "orig" : bid,
				diff ? " (" diff " hashes differ under FMA)" : ""
			printf "%s %s %s %s %s %s %d\n", e, t0, or0(f),
				(best == "" || best > t0) ? t0 : best, or0(md), or0(tu),
				kept \
				>> "'"$rows"'"
		}' "$OUT/$e.times"
done
awk '$2 > 0 && $3 > 0 && $4 > 0 && $5 > 0 {
		f += log($2 / $3); o += log($2 / $4); m += log($2 / $5); n++
		if ($6 > 0) { t += log($2 / $6); nt++ }
		if ($5 > $2 && $7 == 1) kept_slow++
		else if ($5 > $2) slow++ }
     END { if (!n) { print "no example measured"; exit }
           # tune5 only when every example has it (TUNE=0: none has)
           tn = nt == n ? sprintf(", tune5 %.2fx", exp(t / n)) : ""
           tf = nt == n ? sprintf(", tune5 %.0f%%", 100 * exp((t - o) / n)) : ""
           printf "geometric mean over %d examples: fixed32 %.2fx, model %.2fx%s, oracle %.2fx\n",
		n, exp(f / n), exp(m / n), tn, exp(o / n)
           printf "fraction of the oracle: fixed32 %.0f%%, model %.0f%%%s; examples the model slows down: %d",
		100 * exp((f - o) / n), 100 * exp((m - o) / n), tf, slow + 0
           if (kept_slow) printf " (and %d it left as written, byte for byte, timed slower by noise)", kept_slow
           printf "\n" }' "$rows"
if [ -n "$busy_ex" ]; then
	echo "# warning: other tasks were runnable (any nice) before or after timing:$busy_ex; their ratios are not to be trusted"
else
	echo "# no other task was runnable before or after any example's timing"
fi
if [ -x bin/autotile-train ] && [ -f weights/default.json ]; then
	echo "# cost-model scoring speed (one core):"
	# the examples' own candidates, as autotile scored them above
	# (--time-report: the model's seconds and candidates per example)
	cat "$OUT"/*.model.err 2>/dev/null | awk '
		/^ *of which model / { t += $4; s = $0; sub(/.*; /, "", s); n += s + 0 }
		END { if (n > 0 && t > 0) printf "#   autotile on the examples: %d candidates scored in %.3f s = %.0f candidates/s\n", n, t, n / t }'
	# the shipped network as autotile runs it (an ensemble's members
	# multiplied as blocks), then a dense random one as wide
	OPENBLAS_NUM_THREADS=1 bin/autotile-train --bench-infer \
		--eval weights/default.json 2>&1 | sed 's/^/#   /'
	OPENBLAS_NUM_THREADS=1 bin/autotile-train --bench-infer \
		--dn "$(jq '.nest_names | length' weights/default.json)" \
		--dc "$(jq '.cand_names | length' weights/default.json)" \
		--hidden "$(jq '.layers[0].cols' weights/default.json)" 2>&1 | sed 's/^/#   /'
fi
