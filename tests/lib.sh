# lib.sh — shell helpers shared by the per-case test scripts (difftest.sh,
# errtest.sh).  Source it after setting $what (the case's name).

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
