#!/bin/sh
# difftest.sh — differential test of one example under one strategy.
#
#   sh tests/difftest.sh EXAMPLE STRATEGY [DEFINES...]
#
# EXAMPLE is a name (matmul) or a path (examples/matmul.c); STRATEGY is
# given to `autotile --strategy`, or is cand:ID for `--candidate ID`.  DEFINES (-DN=37 ...) go to autotile and to
# gcc; without any, the example's own "test-defines:" header line is used
# (small, odd sizes), and with the single word @edge its
# "test-defines-edge:" line (tiny sizes, some loops empty).  The test:
#   1. autotile --strategy STRATEGY -I runtime DEFINES -o OUT examples/NAME.c
#      must exit 0 and print no sanitizer report;
#   2. the original and OUT are compiled with
#      gcc -O3 -march=native -fopenmp -ffp-contract=off -Werror=dangling-else
#      -Iruntime DEFINES
#      (no FMA contraction: DESIGN.md section 9) and run with
#      OMP_NUM_THREADS=2; their "hash:" lines must be identical;
#   3. OUT compiled without -fopenmp (-Wno-unknown-pragmas) must compile and
#      print the same hash (skipped with SEQ=0: the same loops as step 2
#      without their pragmas, for long lists of candidates);
#   4. every line outside the marked nests is kept, in order;
#   5. for fixed:N strategies, OUT must contain a tiled nest (more `for`
#      loops than the input, or a nest marked with a tiled candidate's id:
#      isl's bands can fuse loops) unless autotile printed a warning or note
#      saying why not (then the --explain report is shown).
# Prints one line "ok - <what>" or "not ok - <what>: <reason>", preceded by
# "# " comment lines (autotile's diagnostics, compiler errors); exits 0 when
# ok, 1 otherwise.
#
# Environment: AUTOTILE (default bin/autotile; e.g. bin-san/autotile),
# OUTDIR (default tests/out), CC (default gcc), TIMEOUT (seconds per
# command, default 300), SEQ (default 1; 0 skips step 3).
# Flag lists ($CFLAGS_DT, the test-defines line) are split into words on purpose.
# shellcheck disable=SC2086,SC2046
set -u

cd "$(dirname "$0")/.." || exit 1
AUTOTILE=${AUTOTILE:-bin/autotile}
OUTDIR=${OUTDIR:-tests/out}
CC=${CC:-gcc}
TIMEOUT=${TIMEOUT:-300}
# -Werror=dangling-else: an else that C gives another if than the AST
# meant fails the build even where the test's sizes never run it
CFLAGS_DT="-O3 -march=native -fopenmp -ffp-contract=off -Werror=dangling-else -Iruntime"
CFLAGS_SEQ="-O3 -march=native -ffp-contract=off -Werror=dangling-else -Wno-unknown-pragmas -Iruntime"

if [ $# -lt 2 ]; then
	echo "usage: sh tests/difftest.sh EXAMPLE STRATEGY [DEFINES...]" >&2
	exit 2
fi
name=$(basename "$1" .c)
case $1 in
*/*) src=$1 ;;	# a path: any program written like the examples
*) src=examples/$name.c ;;
esac
strategy=$2
shift 2
what="difftest $name --strategy $strategy"

# fail, show
. tests/lib.sh

# Prints the "hash:" lines of program output file $1 (empty when none).
hashes() {
	grep '^hash:' "$1" 2>/dev/null
}

# Runs the program $1 with 2 OpenMP threads and a time limit, its stdout to
# file $2 and stderr to file $3; returns the program's exit status.
run_prog() {
	OMP_NUM_THREADS=2 timeout "$TIMEOUT" "$1" >"$2" 2>"$3"
}

# Checks that every line of source $1 outside its marked nests (a
# `#pragma autotile` line and the `for` statement after it, or a
# `#pragma scop` ... `#pragma endscop` region, with the `#pragma autotile`
# line just above it if there is one) appears unchanged and in the
# same order in output $2 (lines may be inserted, e.g. helper functions).
# On failure prints the first missing line as "LINE: text" and returns 1.
outside_kept() {
	awk -v src="$1" -v out="$2" '
	# Returns the character at the cursor (ln, pos), moving to the next
	# line at the end of one; "" at the end of the file.
	function peek() {
		while (ln <= n && pos > length(L[ln])) { ln++; pos = 1 }
		return ln <= n ? substr(L[ln], pos, 1) : ""
	}
	# Skips blanks and newlines.
	function skipws(c) {
		while ((c = peek()) == " " || c == "\t") pos++
	}
	# Skips a balanced group opened by the character at the cursor.
	function group(op, cl, c, d) {
		d = 0
		do {
			c = peek(); pos++
			if (c == op) d++
			else if (c == cl) d--
		} while (d > 0 && c != "")
	}
	# Skips one statement: for (...) stmt, { ... }, or up to its ";"
	# (and a preprocessor line before it, such as a stray pragma).
	function stmt(c, d) {
		skipws()
		while (ln <= n && substr(L[ln], pos, 1) == "#") { ln++; pos = 1; skipws() }
		if (substr(L[ln], pos, 3) == "for" && substr(L[ln], pos + 3, 1) ~ /^[ \t(]?$/) {
			pos += 3; skipws(); group("(", ")"); stmt(); return
		}
		if (peek() == "{") { group("{", "}"); return }
		d = 0
		while ((c = peek()) != "") {
			pos++
			if (c == "(") d++
			else if (c == ")") d--
			else if (c == ";" && d == 0) return
		}
	}
	BEGIN {
		n = 0; while ((getline line < src) > 0) L[++n] = line; close(src)
		m = 0; while ((getline line < out) > 0) O[++m] = line; close(out)
		for (i = 1; i <= n; i++) {
			if (L[i] ~ /^[ \t]*#[ \t]*pragma[ \t]+scop/) {
				for (j = i; j < n && L[j] !~ /^[ \t]*#[ \t]*pragma[ \t]+endscop/; j++)
					skip[j] = 1
				skip[j] = 1; i = j
			} else if (L[i] ~ /^[ \t]*#[ \t]*pragma[ \t]+autotile/ &&
			    L[i + 1] ~ /^[ \t]*#[ \t]*pragma[ \t]+scop/) {
				skip[i] = 1	# the region below takes its clauses
			} else if (L[i] ~ /^[ \t]*#[ \t]*pragma[ \t]+autotile/) {
				ln = i + 1; pos = 1; skipws()
				# a pragma before anything but a loop is left as it is
				if (substr(L[ln], pos, 3) != "for") continue
				stmt()
				for (j = i; j <= ln && j <= n; j++) skip[j] = 1
				i = ln
			}
		}
		k = 1
		for (i = 1; i <= n; i++) {
			if (skip[i]) continue
			while (k <= m && O[k] != L[i]) k++
			if (k > m) { print i ": " L[i]; exit 1 }
			k++
		}
	}'
}

# Counts occurrences of a `for (` loop header in file $1.
count_for() {
	grep -o '\bfor[[:space:]]*(' "$1" | wc -l
}

[ -f "$src" ] || fail "no such example $src"
if [ $# -eq 0 ]; then
	set -- $(test_defines "$src")
elif [ "$1" = @edge ]; then
	set -- $(test_defines "$src" -edge)
fi
[ $# -gt 0 ] && what="$what $*"
[ "${SEQ:-1}" = 0 ] && what="$what (OpenMP build only)"
mkdir -p "$OUTDIR" || fail "cannot create $OUTDIR"

tag=$(printf '%s' "$strategy" | tr -d ':' | tr -c 'A-Za-z0-9_.\n-' '_')
base=$OUTDIR/$name.$tag
out=$base.c
rm -f "$out" "$base.err" "$base.omp" "$base.seq"

# 1. autotile (cand:ID forces candidate ID in every nest)
case $strategy in
cand:*) choice="--candidate ${strategy#cand:}" ;;
*) choice="--strategy $strategy" ;;
esac
timeout "$TIMEOUT" "$AUTOTILE" $choice -I runtime "$@" \
	-o "$out" "$src" 2>"$base.err"
rc=$?
show "$base.err" 30
if grep -Eq "$SANRE" "$base.err"; then
	fail "sanitizer report from $AUTOTILE (see $base.err)"
fi
[ $rc -eq 0 ] || fail "$AUTOTILE exited with status $rc"
[ -s "$out" ] || fail "$AUTOTILE wrote no output to $out"

# 4. lines outside the marked nests are kept (checked before compiling).
if ! lost=$(outside_kept "$src" "$out"); then
	fail "a line outside the marked nests is missing or changed in the output: $src:$lost"
fi

# 2. the original, built once per set of flags (named after their checksum)
# and reused; written to a temporary name then renamed, so concurrent runs
# never see half a file.
stamp="$CC $CFLAGS_DT $*"
orig=$OUTDIR/$name.orig.$(printf '%s' "$stamp" | cksum | cut -d ' ' -f 1)
if ! { [ -x "$orig" ] && [ -z "$(find "$src" runtime/at_bench.h -newer "$orig")" ] &&
	[ "$(cat "$orig.flags" 2>/dev/null)" = "$stamp" ]; }; then
	tmp=$orig.tmp.$$
	if ! $CC $CFLAGS_DT "$@" "$src" -o "$tmp" -lm 2>"$base.cc"; then
		show "$base.cc"
		rm -f "$tmp"
		fail "the original example does not compile"
	fi
	printf '%s\n' "$stamp" >"$orig.flags.$$" && mv -f "$orig.flags.$$" "$orig.flags"
	mv -f "$tmp" "$orig"
fi
run_prog "$orig" "$base.orig.out" "$base.orig.stderr" ||
	fail "the original example exited with status $?"
want=$(hashes "$base.orig.out")
[ -n "$want" ] || fail "the original example printed no hash line"

# Compiles the output with the flags $3... into $base.$1, runs it and
# compares its hash with the original's ($2 names the build in the
# messages); exits through fail on any difference.
check_build() {
	build=$base.$1
	label=$2
	shift 2
	if ! $CC "$@" "$out" -o "$build" -lm 2>"$base.cc"; then
		show "$base.cc"
		fail "output does not compile $label ($out)"
	fi
	run_prog "$build" "$build.out" "$build.stderr" ||
		fail "output ($label) exited with status $? ($out)"
	got=$(hashes "$build.out")
	[ "$got" = "$want" ] ||
		fail "hash differs $label: original '$want', output '$got' ($out)"
}

# 2b. the output, with OpenMP; 3. without (unless SEQ=0)
check_build omp "with -fopenmp" $CFLAGS_DT "$@"
[ "${SEQ:-1}" = 0 ] || check_build seq "without -fopenmp" $CFLAGS_SEQ "$@"

# 5. was the nest tiled?
note=""
case $strategy in
fixed:*)
	# isl's bands can fuse loops: a candidate id with scans also counts
	if [ "$(count_for "$out")" -le "$(count_for "$src")" ] &&
	    ! grep -Eq '/\* autotile: [a-z0-9]+\.T[ISP]\.L[ISP]\.' "$out"; then
		warn=$(grep -m 1 -E '(warning|note):' "$base.err")
		if [ -z "$warn" ]; then
			timeout "$TIMEOUT" "$AUTOTILE" --strategy "$strategy" --explain \
				-I runtime "$@" -o /dev/null "$src" 2>"$base.explain"
			show "$base.explain" 40
			fail "no tiled nest in the output and no warning or note saying why ($out)"
		fi
		note=" # not tiled: $warn"
	fi
	;;
esac
echo "ok - $what$note"
exit 0
