# lib.sh — shell helpers shared by the test scripts (difftest.sh,
# errtest.sh, mutate.sh, scanlist.sh, run.sh).  Set $what (the case's name) before
# calling fail.

# What a sanitizer report starts with (ASan, UBSan, LSan), for grep -E.
# shellcheck disable=SC2034 # read by the scripts that source this file
SANRE='ERROR: AddressSanitizer|runtime error:|LeakSanitizer|ERROR: UndefinedBehaviorSanitizer'

# Prints the compiler flags of example $1's header line "test-defines:"
# (or "test-defines$2:", e.g. -edge), one line, empty when it has none.
test_defines() {
	sed -n "s/.*test-defines${2:-}:[[:space:]]*//p" "$1" | head -n 1
}

# Prints "not ok - <what>: <reason>" and exits 1.
fail() {
	echo "not ok - $what: $*"
	exit 1
}

# Prints the first lines of file $1 (at most $2, default 15) as "# " comments.
show() {
	[ -s "$1" ] && sed -n "1,${2:-15}p" "$1" | sed 's/^/#   /'
	return 0
}
