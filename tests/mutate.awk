# mutate.awk — one random, seeded mutation of a C file (tests/mutate.sh).
#
#   awk -v seed=S -v op=K -f tests/mutate.awk FILE > MUTANT
#
# The line mutated is drawn from the 14 lines after each `#pragma autotile`
# or `#pragma scop` (anywhere in the file when there is none), and for the
# operators that need it, redrawn until it has what they change.  Operator K:
#   0 delete the line            1 duplicate it
#   2 an integer literal -> one of 0, -1, 1, 2, 7, 2^30, 2^31 - 1, -2^31,
#     N, 3*N, i, j
#   3 one operator: < -> <=, + -> *, ++ -> --, - -> +, < -> >, * -> /
#   4 a subscript's first letter -> i, j, k or t
#   5 drop one ; { } or )        6 insert `#pragma autotile` above it
#   7 an assignment: = -> +=, an `if (i > j) break;` after it, a call
#     `f(i) +` in it, a cast-like `[(`, a comma expression `, x = 1`
#   8 a loop header: a second declaration, step 2, a constant lower test,
#     `while (0)` in front
#   9 the first two subscripts of a reference swapped: [x][y] -> [y][x]
#  10 a one-letter subscript moved: [i] -> [i + 1] (2, 3) or [i - 1] (2, 3)
#  11 a statement put under an `if`: i >= j, i + j > 5, 2 * i <= j + 3,
#     i % 2 == 0, j > 3 && i < j + 2, i != j
#  12 a statement's right-hand side through a block-local temporary:
#     `x op= e;` -> `{ double at_t = e; x op= at_t; }`
#  13 a loop `for (i = a; i < b; i++)` run downwards:
#     `for (i = (b) - 1; i >= a; i--)`
# Nothing here knows C: most mutants do not compile or are not valid
# programs, which tests/mutate.sh sorts out.
BEGIN { srand(seed) }
{ line[NR] = $0 }

# Returns a line number to mutate (see above).
function draw() {
	return np ? cand[int(rand() * np) + 1] : int(rand() * NR) + 1
}

# Returns a line that matches `re`, after at most 50 draws.
function draw_match(re,   t, k) {
	t = draw()
	for (k = 0; k < 50 && line[t] !~ re; k++)
		t = draw()
	return t
}

# Returns one of the replacement literals of operator 2.
function literal(   a, n) {
	n = split("0 -1 1 2 7 1073741824 2147483647 -2147483648 N 3*N i j", a, " ")
	return a[int(rand() * n) + 1]
}

# Returns a line that looks like a statement (an assignment ending in
# `;`, no loop or `if` header), after at most 50 draws.
function draw_stmt(   t, k) {
	t = draw()
	for (k = 0; k < 50 && (line[t] !~ /[^=!<>]=[^=].*;[ \t]*$/ ||
	    line[t] ~ /(for|if|while|return)[ \t]*\(|#/); k++)
		t = draw()
	return t
}

# Returns line t with its statement's right-hand side read into a
# block-local temporary first (operator 12).
function temporary(t,   ind, body, rs, e) {
	match(line[t], /^[ \t]*/)
	ind = substr(line[t], 1, RLENGTH)
	body = substr(line[t], RLENGTH + 1)
	e = index(body, ";")
	if (!match(body, /[-+*\/]?=[^=]/) || e <= RSTART)
		return line[t]
	rs = RSTART + RLENGTH - 1
	return ind "{ double at_t = " substr(body, rs, e - rs) "; " \
		substr(body, 1, RSTART - 1) substr(body, RSTART, RLENGTH - 1) \
		" at_t; }" substr(body, e + 1)
}

# Returns line t with its first loop header `for ([T ]i = a; i < b; i++)`
# made to run downwards (operator 13).
function downwards(t,   h, p, k, lhs, v, n, w) {
	if (!match(line[t], /for \(([a-z]+ )?[a-z]+ = [^;]+; [a-z]+ < [^;]+; [a-z]+\+\+\)/))
		return line[t]
	h = substr(line[t], RSTART + 5, RLENGTH - 6)
	split(h, p, ";")
	k = index(p[1], "=")
	lhs = substr(p[1], 1, k - 1)
	n = split(lhs, w, " ")
	v = w[n]
	return substr(line[t], 1, RSTART - 1) "for (" lhs "= (" \
		substr(p[2], index(p[2], "<") + 2) ") - 1; " v " >= " \
		substr(p[1], k + 2) "; " v "--)" substr(line[t], RSTART + RLENGTH)
}

END {
	np = 0
	for (i = 1; i <= NR; i++)
		if (line[i] ~ /#[ \t]*pragma[ \t]+(autotile|scop)/)
			for (k = i + 1; k <= i + 14 && k <= NR; k++)
				cand[++np] = k
	r = int(rand() * 6)
	if (op == 0) {
		delete line[draw()]
	} else if (op == 1) {
		t = draw(); line[t] = line[t] "\n" line[t]
	} else if (op == 2) {
		t = draw_match("[0-9]"); sub(/[0-9]+/, literal(), line[t])
	} else if (op == 3) {
		t = draw_match("[<>+*-]")
		if (r == 0) sub(/</, "<=", line[t])
		else if (r == 1) sub(/\+/, "*", line[t])
		else if (r == 2) sub(/\+\+/, "--", line[t])
		else if (r == 3) sub(/-/, "+", line[t])
		else if (r == 4) sub(/</, ">", line[t])
		else sub(/\*/, "/", line[t])
	} else if (op == 4) {
		t = draw_match("\\[[a-z]")
		r = substr("ijkt", r % 4 + 1, 1)
		sub(/\[[a-z]/, "[" r, line[t])
	} else if (op == 5) {
		t = draw_match("[;{}()]")
		if (r % 4 == 0) sub(/;/, "", line[t])
		else if (r % 4 == 1) sub(/\{/, "", line[t])
		else if (r % 4 == 2) sub(/\}/, "", line[t])
		else sub(/\)/, "", line[t])
	} else if (op == 6) {
		t = draw(); line[t] = "#pragma autotile\n" line[t]
	} else if (op == 7) {
		t = draw_match("=")
		if (r == 0) sub(/=/, "+=", line[t])
		else if (r == 1) sub(/;/, "; if (i > j) break;", line[t])
		else if (r == 2) sub(/=/, "= f(i) +", line[t])
		else if (r == 3) sub(/\[/, "[(", line[t])
		else sub(/;/, ", x = 1;", line[t])
	} else if (op == 8) {
		t = draw_match("for")
		if (r % 4 == 0) sub(/for *\(/, "for (int q = 0, ", line[t])
		else if (r % 4 == 1) sub(/\+\+\)/, "+= 2)", line[t])
		else if (r % 4 == 2) sub(/; [a-z]+ *</, "; 0 <", line[t])
		else sub(/for/, "while (0) for", line[t])
	} else if (op == 9) {
		t = draw_match("\\[[^][]+\\]\\[[^][]+\\]")
		if (match(line[t], /\[[^][]+\]\[[^][]+\]/)) {
			s = substr(line[t], RSTART, RLENGTH)
			k = index(s, "][")
			line[t] = substr(line[t], 1, RSTART - 1) "[" substr(s, k + 2, length(s) - k - 2) "][" substr(s, 2, k - 2) "]" substr(line[t], RSTART + RLENGTH)
		}
	} else if (op == 10) {
		t = draw_match("\\[[a-z]\\]")
		if (match(line[t], /\[[a-z]\]/))
			line[t] = substr(line[t], 1, RSTART + 1) (r < 3 ? " + " : " - ") (r % 3 + 1) substr(line[t], RSTART + 2)
	} else if (op == 11) {
		t = draw_stmt()
		split("i >= j|i + j > 5|2 * i <= j + 3|i % 2 == 0|j > 3 && i < j + 2|i != j", c, "|")
		match(line[t], /^[ \t]*/)
		line[t] = substr(line[t], 1, RLENGTH) "if (" c[r + 1] ") " substr(line[t], RLENGTH + 1)
	} else if (op == 12) {
		t = draw_stmt(); line[t] = temporary(t)
	} else if (op == 13) {
		t = draw_match("for \\(([a-z]+ )?[a-z]+ = [^;]+; [a-z]+ < [^;]+; [a-z]+\\+\\+\\)")
		line[t] = downwards(t)
	}
	for (i = 1; i <= NR; i++)
		if (i in line)
			print line[i]
}
