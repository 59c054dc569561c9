#!/bin/sh
# run.sh — autotile's whole test suite (what `make test` runs, after building
# bin/ and bin-san/).
#
#   1. unit tests: every bin/test_* and bin-san/test_* program; each of its
#      "ok - " / "not ok - " lines counts (a program that fails without
#      printing "not ok" counts as one failure);
#   2. differential tests: every example x strategy {none, fixed:16,
#      fixed:32} at small sizes, and x fixed:3 at tiny sizes, through
#      tests/difftest.sh;
#   2b. scan orders: every example x one legal candidate per (shape, tile
#      scan, point scan) as tests/scanlist.sh lists them, forced with
#      --candidate, through tests/difftest.sh;
#   2c. random kernels: 16 kernels of bin/autotile-gen x 20 random legal
#      candidates each through tests/verify.sh (make verify-long: 10,000);
#   2d. the dataset driver bin/autotile-dataset on two kernels at test
#      sizes: rows and their fields, resuming, sampling, --shard, and a
#      sabotaged transformation (tests/dataset-sabotage.sh) recorded as a
#      MISMATCH;
#   3. error paths: every tests/errors/*.c through tests/errtest.sh, plus
#      command-line cases (missing file, unknown option, bad values);
#   4. sanitizers: phases 2 (fixed:32 only) and 3 again with the ASan+UBSan
#      build bin-san/autotile; any sanitizer report is a failure.
# Prints every result line and ends with exactly one line
# "N passed, N failed"; exits 1 when anything failed.
#
# Environment: JOBS (parallel test jobs, default 2), AUTOTILE (default
# bin/autotile), AUTOTILE_SAN (default bin-san/autotile), STRATEGIES
# (default "none fixed:16 fixed:32"), EXAMPLES (names, default all
# of examples/*.c).
# The xargs scripts are single-quoted on purpose (expanded by the child sh).
# shellcheck disable=SC2016
set -u

cd "$(dirname "$0")/.." || exit 1
JOBS=${JOBS:-2}
AUTOTILE=${AUTOTILE:-bin/autotile}
AUTOTILE_SAN=${AUTOTILE_SAN:-bin-san/autotile}
GEN=${GEN:-bin/autotile-gen}
STRATEGIES=${STRATEGIES:-none fixed:16 fixed:32}
if [ -z "${EXAMPLES:-}" ]; then
	EXAMPLES=$(for f in examples/*.c; do basename "$f" .c; done)
fi
LOGS=tests/out/log
SANRE='ERROR: AddressSanitizer|runtime error:|LeakSanitizer|ERROR: UndefinedBehaviorSanitizer'
# Sanitizer settings for everything built with SAN=1 (the tool and units).
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
if [ -z "${LSAN_OPTIONS:-}" ] && [ -f tests/lsan.supp ]; then
	LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0"
fi
export ASAN_OPTIONS UBSAN_OPTIONS
[ -n "${LSAN_OPTIONS:-}" ] && export LSAN_OPTIONS

passed=0
failed=0
start=$(date +%s)
rm -rf "$LOGS"
mkdir -p "$LOGS" || exit 1

# Adds the result lines of log file $1 to the totals and prints the log.
# $2 names the test for the "no result" case: a log with no result line
# counts as one failure.
tally() {
	[ -f "$1" ] && cat "$1"
	p=$(grep -c '^ok - ' "$1" 2>/dev/null)
	f=$(grep -c '^not ok - ' "$1" 2>/dev/null)
	p=${p:-0}
	f=${f:-0}
	passed=$((passed + p))
	failed=$((failed + f))
	if [ $((p + f)) -eq 0 ]; then
		echo "not ok - $2: no result line"
		failed=$((failed + 1))
	fi
}

# Records one check directly: $1 is 0 (pass) or anything else (fail), the
# rest is the description.
check() {
	r=$1
	shift
	if [ "$r" -eq 0 ]; then
		echo "ok - $*"
		passed=$((passed + 1))
	else
		echo "not ok - $*"
		failed=$((failed + 1))
	fi
}

# Prints a section header with the time elapsed so far.
section() {
	echo "# ---- $* ($(($(date +%s) - start)) s)"
}

# Runs one unit-test program $1, counting its ok/not ok lines; a non-zero
# exit without a "not ok" line, or a sanitizer report, is one more failure.
run_unit() {
	log=$LOGS/unit.$(echo "$1" | tr '/' '_').log
	timeout 600 "$1" >"$log" 2>&1
	rc=$?
	tally "$log" "$1"
	if [ $rc -ne 0 ] && ! grep -q '^not ok - ' "$log"; then
		check 1 "$1 exited with status $rc"
	fi
	if grep -Eq "$SANRE" "$log"; then
		check 1 "$1: sanitizer report"
	fi
}

# Runs difftest.sh for every example x strategy in $2 with the tool $1,
# JOBS at a time, outputs under $3, sizes from the examples' headers
# ("test-defines:", or "test-defines-edge:" when $4 is @edge); then prints
# and counts the logs in a fixed order (strategy-major, so that each
# original is compiled once before the other strategies reuse it).
run_diff() {
	tool=$1
	strategies=$2
	outdir=$3
	sizes=${4:-}
	logdir=$LOGS/$(basename "$outdir")
	mkdir -p "$logdir"
	for s in $strategies; do
		for e in $EXAMPLES; do
			echo "$e $s${sizes:+ $sizes}"
		done
	done | AUTOTILE=$tool OUTDIR=$outdir xargs -L 1 -P "$JOBS" sh -c \
		'sh tests/difftest.sh "$@" >"$0/diff.$1.$(echo "$2$3" | tr -d :@).log" 2>&1' "$logdir"
	for s in $strategies; do
		for e in $EXAMPLES; do
			tally "$logdir/diff.$e.$(echo "$s$sizes" | tr -d :@).log" "difftest $e $s $sizes"
		done
	done
}

# Runs difftest.sh on the candidates tests/scanlist.sh lists for the
# examples, with the tool $1, JOBS at a time, outputs under $2.
run_scans() {
	logdir=$LOGS/scan
	mkdir -p "$logdir"
	# shellcheck disable=SC2086 # EXAMPLES is a list of names
	AUTOTILE=$1 OUTDIR=$2 sh tests/scanlist.sh $EXAMPLES >"$logdir/list"
	[ -s "$logdir/list" ]
	check $? "tests/scanlist.sh lists the candidates ($(wc -l <"$logdir/list") pairs)"
	AUTOTILE=$1 OUTDIR=$2 xargs -L 1 -P "$JOBS" sh -c \
		'sh tests/difftest.sh "$@" >"$0/diff.$1.$(echo "$2" | tr -c "A-Za-z0-9.\n" _).log" 2>&1' \
		"$logdir" <"$logdir/list"
	while read -r e s; do
		tally "$logdir/diff.$e.$(echo "$s" | tr -c 'A-Za-z0-9.\n' _).log" "difftest $e $s"
	done <"$logdir/list"
}

# Runs errtest.sh on every tests/errors/*.c with the tool $1, JOBS at a
# time, outputs under $2; then prints and counts the logs.
run_errors() {
	tool=$1
	outdir=$2
	mkdir -p "$LOGS/$(basename "$outdir")"
	for f in tests/errors/*.c; do echo "$f"; done | AUTOTILE=$tool OUTDIR=$outdir xargs -n 1 -P "$JOBS" sh -c \
		'sh tests/errtest.sh "$1" >"$0/err.$(basename "$1" .c).log" 2>&1' "$LOGS/$(basename "$outdir")"
	for f in tests/errors/*.c; do
		tally "$LOGS/$(basename "$outdir")/err.$(basename "$f" .c).log" "errtest $f"
	done
}

# Runs the tool $1 with the remaining arguments; sets rc, and the files
# $LOGS/cli.out and $LOGS/cli.err; prints stderr as "# " comments.
cli() {
	tool=$1
	shift
	timeout 120 "$tool" "$@" >"$LOGS/cli.out" 2>"$LOGS/cli.err"
	rc=$?
	sed -n '1,5s/^/#   /p' "$LOGS/cli.err"
}

# Succeeds when the last cli run printed no sanitizer report.
nosan() {
	! grep -Eq "$SANRE" "$LOGS/cli.err" "$LOGS/cli.out"
}

# Command-line error paths for the tool $1 (exit status and message).
run_cli() {
	t=$1

	cli "$t" tests/errors/no-such-file.c
	n=$(wc -l <"$LOGS/cli.err")
	[ $rc -eq 1 ] && [ "$n" -eq 1 ] && nosan &&
		grep -Eq '^autotile: error: .*no-such-file\.c' "$LOGS/cli.err"
	check $? "cli $t: missing input file -> exit 1 (got $rc), one line 'autotile: error: ...no-such-file.c...' (got $n lines)"

	cli "$t" --frobnicate examples/matmul.c
	[ $rc -eq 2 ] && nosan && grep -q -- '--frobnicate' "$LOGS/cli.err"
	check $? "cli $t: unknown option --frobnicate -> exit 2 (got $rc) naming the option"

	cli "$t" --strategy fixed:abc -I runtime examples/matmul.c
	[ $rc -eq 2 ] && nosan && grep -q 'abc' "$LOGS/cli.err"
	check $? "cli $t: --strategy fixed:abc -> exit 2 (got $rc) naming the bad value"

	cli "$t" --strategy fixed:0 -I runtime examples/matmul.c
	[ $rc -eq 2 ] && nosan
	check $? "cli $t: --strategy fixed:0 -> exit 2 (got $rc)"

	cli "$t" --strategy bogus -I runtime examples/matmul.c
	[ $rc -eq 2 ] && nosan && grep -q 'bogus' "$LOGS/cli.err"
	check $? "cli $t: --strategy bogus -> exit 2 (got $rc) naming the bad value"

	cli "$t" --candidate nope.TS -I runtime examples/matmul.c
	[ $rc -eq 1 ] && nosan && grep -Eq '^examples/matmul\.c:[0-9]+:[0-9]+: error: .*`nope`' "$LOGS/cli.err"
	check $? "cli $t: --candidate with an unknown shape -> exit 1 (got $rc), located error naming it"

	cli "$t" -I runtime examples/matmul.c --candidate
	[ $rc -eq 2 ] && nosan && grep -q -- '--candidate' "$LOGS/cli.err"
	check $? "cli $t: --candidate without a value -> exit 2 (got $rc)"

	cli "$t" --report /no/such/dir/r.json -I runtime examples/matmul.c -o "$LOGS/cli.c"
	n=$(wc -l <"$LOGS/cli.err")
	[ $rc -eq 1 ] && [ "$n" -eq 1 ] && nosan && grep -q 'r\.json' "$LOGS/cli.err"
	check $? "cli $t: --report to an unwritable path -> exit 1 (got $rc), one error line (got $n)"

	cli "$t" --report "$LOGS/cli.json" -I runtime examples/listing11.c -o "$LOGS/cli.c"
	[ $rc -eq 0 ] && nosan && jq -e '.nests[0].candidates | map(.id) | index("orig") != null' \
		"$LOGS/cli.json" >/dev/null &&
		jq -e '.nests[0].rejected | length == 5' "$LOGS/cli.json" >/dev/null
	check $? "cli $t: --report lists orig among listing11's candidates and its 5 rejected structures"

	cli "$t"
	[ $rc -eq 2 ] && nosan && [ -s "$LOGS/cli.err" ]
	check $? "cli $t: no input file -> exit 2 (got $rc) with a message"

	cli "$t" --version
	[ $rc -eq 0 ] && nosan && grep -q 'autotile' "$LOGS/cli.out"
	check $? "cli $t: --version -> exit 0 (got $rc), prints 'autotile ...'"

	cli "$t" --help
	[ $rc -eq 0 ] && nosan && grep -q -- '--strategy' "$LOGS/cli.out"
	check $? "cli $t: --help -> exit 0 (got $rc), documents --strategy"

	# Output to stdout when -o is absent, and --explain reports on stderr
	# without changing the output.
	cli "$t" --strategy fixed:32 -I runtime -DNI=97 -DNJ=83 -DNK=71 examples/matmul.c
	cp "$LOGS/cli.out" "$LOGS/cli.stdout.c"
	cli "$t" --strategy fixed:32 --explain -I runtime -DNI=97 -DNJ=83 -DNK=71 examples/matmul.c
	[ $rc -eq 0 ] && nosan && [ -s "$LOGS/cli.stdout.c" ] &&
		cmp -s "$LOGS/cli.out" "$LOGS/cli.stdout.c" && [ -s "$LOGS/cli.err" ]
	check $? "cli $t: output on stdout without -o; --explain (exit $rc) reports on stderr and leaves the output unchanged"
}

# The dataset driver on two kernels at --size test (tests/out/dataset):
# rows, fields, checks, resuming, sampling, and the failure paths (a
# sabotaged transformation is a MISMATCH; a variant that crashes or hangs
# in the timing build is recorded so and the others are still timed; a
# tool that fails is a tool-error row).
run_dataset() {
	ds=${DATASET:-bin/autotile-dataset}
	d=tests/out/dataset
	rm -rf "$d"
	mkdir -p "$d"
	o=$d/rows.jsonl
	timeout 900 "$ds" --seeds 1-2 --size test --per 6 -o "$o" 2>"$d/run1.err"
	rc=$?
	sed -n '$s/^/#   /p' "$d/run1.err"
	[ $rc -eq 0 ] && [ "$(jq -s 'length' "$o")" -eq 14 ] &&
		[ "$(jq -s 'map(.seed) | unique' -c "$o")" = '[1,2]' ]
	check $? "dataset: 2 kernels x (keep + 6 candidates) = 14 rows (exit $rc, $(wc -l <"$o" 2>/dev/null) rows)"
	jq -e -s 'all(has("schema") and has("seed") and has("size") and
		has("class") and has("cand") and has("role") and has("time") and
		has("spread") and has("runs") and has("ref_time") and
		has("speedup") and has("threads") and has("cc") and
		has("cflags") and has("load") and has("check"))' "$o" >/dev/null
	check $? "dataset: every row has the fields of the format"
	jq -e -s 'all(.check == "ok" and .speedup > 0 and .time > 0 and
		.size == "test" and .schema == 1 and .runs >= 0 and .spread >= 0)' \
		"$o" >/dev/null
	check $? "dataset: every row check ok, time and speedup > 0 ($(jq -r 'select(.check != "ok") | .cand + ": " + .check' "$o" | head -n 3 | tr '\n' ' '))"
	jq -e -s '(group_by(.seed) | all(map(.role) | .[0] == "keep" and
		index("orig") != null and index("fixed32") != null and
		index("random") != null)) and (map(select(.role == "keep")) |
		length == 2 and all(.speedup == 1 and .cand == "keep" and
		.time == .ref_time))' "$o" >/dev/null
	check $? "dataset: per kernel keep first (speedup 1), orig, fixed32 and random candidates"
	cp "$o" "$d/rows.before"
	printf '{"schema":1,"seed":3,"si' >>"$o"
	timeout 120 "$ds" --seeds 1-2 --size test --per 6 -o "$o" 2>"$d/run2.err"
	rc=$?
	[ $rc -eq 0 ] && cmp -s "$o" "$d/rows.before" &&
		grep -q '^autotile-dataset: 0 kernels to measure' "$d/run2.err"
	check $? "dataset: a second run resumes: nothing to measure, a torn last line dropped (exit $rc)"
	"$ds" --seeds 1-4 --per 12 --list >"$d/list1" 2>/dev/null &&
		"$ds" --seeds 1-4 --per 12 --list >"$d/list2" 2>/dev/null &&
		cmp -s "$d/list1" "$d/list2" && [ "$(wc -l <"$d/list1")" -eq 52 ] &&
		[ "$(cut -d' ' -f1,3 "$d/list1" | sort -u | wc -l)" -eq 52 ] &&
		[ "$(awk '$2 == "keep"' "$d/list1" | wc -l)" -eq 4 ]
	check $? "dataset --list: deterministic, 13 distinct variants per kernel"
	"$ds" --seeds 1-4 --shard 1/2 --per 3 --list >"$d/shard" 2>/dev/null &&
		[ "$(cut -d' ' -f1 "$d/shard" | sort -u | tr '\n' ' ')" = "1 3 " ]
	check $? "dataset --shard 1/2 of seeds 1-4: seeds 1 and 3 only"
	AUTOTILE_REAL=bin/autotile timeout 600 "$ds" --seeds 2 --size test --per 4 \
		--autotile tests/dataset-sabotage.sh -o "$d/sab.jsonl" 2>"$d/sab.err"
	v2=$(sed -n 3p "$d/sab.jsonl" | jq -r .cand)
	[ "$(jq -r 'select(.check == "MISMATCH") | .cand' "$d/sab.jsonl")" = "$v2" ] &&
		jq -e -s 'map(select(.check == "MISMATCH"))[0] | .time == null and
			.speedup == null' "$d/sab.jsonl" >/dev/null &&
		[ "$(jq -s 'map(select(.check == "ok")) | length' "$d/sab.jsonl")" -eq 4 ] &&
		grep -q "MISMATCH: seed 2 candidate $v2" "$d/sab.err"
	check $? "dataset: a sabotaged variant 2 ($v2) is a MISMATCH without time, reported on stderr; the others ok"
	SABOTAGE=timing AUTOTILE_REAL=bin/autotile timeout 600 "$ds" --seeds 2 \
		--size test --per 6 --cflags "-O2 -fopenmp -DAT_SABOTAGE_TIMING" \
		--autotile tests/dataset-sabotage.sh -o "$d/tim.jsonl" 2>"$d/tim.err"
	jq -e -s 'length == 7 and (map(.check) == ["ok", "ok", "ok", "crash",
		"timeout", "ok", "ok"]) and (.[3].time == null) and
		(.[4].time == null) and (.[6].speedup > 0)' "$d/tim.jsonl" >/dev/null
	check $? "dataset: in the timing build, variant 3 crashes and variant 4 hangs: recorded as crash and timeout, variants 5 and 6 still timed ($(jq -r .check "$d/tim.jsonl" 2>/dev/null | tr '\n' ' '))"
	timeout 120 "$ds" --seeds 2 --size test --autotile /bin/false -o "$d/fail.jsonl" 2>"$d/fail.err"
	rc=$?
	[ $rc -eq 0 ] && jq -e -s 'length == 1 and .[0].check == "tool-error" and
		(.[0].error | test("autotile failed"))' "$d/fail.jsonl" >/dev/null
	check $? "dataset: a failing autotile gives one tool-error row naming it (exit $rc)"
}

section "unit tests"
for u in bin/test_* bin-san/test_*; do
	[ -x "$u" ] || continue
	run_unit "$u"
done

section "differential tests ($AUTOTILE; $STRATEGIES)"
if [ -x "$AUTOTILE" ]; then
	run_diff "$AUTOTILE" "$STRATEGIES" tests/out
	section "differential tests at tiny sizes (some loops empty), --strategy fixed:3"
	run_diff "$AUTOTILE" fixed:3 tests/out @edge
	section "differential tests of every scan combination (tests/scanlist.sh)"
	run_scans "$AUTOTILE" tests/out/scan
	section "random kernels x random legal candidates (tests/verify.sh)"
	if [ -x "$GEN" ]; then
		AUTOTILE=$AUTOTILE GEN=$GEN JOBS=$JOBS sh tests/verify.sh 100001 16 20 \
			>"$LOGS/verify.log" 2>&1
		tally "$LOGS/verify.log" "tests/verify.sh"
		GEN=$GEN sh tests/gentest.sh 1 2 3 4 5 6 7 8 9 10 11 12 >"$LOGS/gentest.log" 2>&1
		tally "$LOGS/gentest.log" "tests/gentest.sh"
		section "dataset driver (bin/autotile-dataset, 2 kernels at --size test)"
		run_dataset
	else
		check 1 "$GEN exists (run make)"
	fi
else
	check 1 "$AUTOTILE exists (run make)"
fi

section "error paths ($AUTOTILE)"
if [ -x "$AUTOTILE" ]; then
	run_errors "$AUTOTILE" tests/out/errors
	run_cli "$AUTOTILE"
else
	check 1 "$AUTOTILE exists (run make)"
fi

section "sanitizers ($AUTOTILE_SAN)"
if [ -x "$AUTOTILE_SAN" ]; then
	run_diff "$AUTOTILE_SAN" fixed:32 tests/out/san
	run_errors "$AUTOTILE_SAN" tests/out/san-errors
	run_cli "$AUTOTILE_SAN"
else
	check 1 "$AUTOTILE_SAN exists (run make SAN=1)"
fi

section "done"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
