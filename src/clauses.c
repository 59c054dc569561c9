/*
 * clauses.c — stage 4 (space): the clauses of `#pragma autotile` that
 * restrict or force a nest's choice (tile sizes, shape, scans, candidate).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_space.h"
#include "at_diag.h"

/* The largest tile size a tile() clause may give, and as text. */
#define AT_CLAUSE_MAX_TILE 4096
#define AT_CLAUSE_STR(x) AT_CLAUSE_STR_(x)
#define AT_CLAUSE_STR_(x) #x

/* Parses "a,b,c)" (sizes of a tile clause) into opts; returns the number of
 * characters consumed, or -1 when a size is not a positive integer. */
static int at_space_parse_sizes(const char *s, at_opts *opts)
{
	const char *p = s;
	int n = 0;

	for (;;) {
		char *end;
		long v;
		while (*p == ' ' || *p == '\t')
			p++;
		v = strtol(p, &end, 10);
		if (end == p || v < 1 || v > AT_CLAUSE_MAX_TILE ||
		    n == AT_MAX_DEPTH)
			return -1;
		opts->sizes[n++] = v;
		p = end;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == ')')
			break;
		if (*p != ',')
			return -1;
		p++;
	}
	opts->n_size = n;
	return (int)(p + 1 - s);
}

/* Returns the length of the clause argument "(...)" at s (0 if none). */
static size_t at_space_arg_len(const char *s)
{
	const char *close;

	if (*s != '(')
		return 0;
	close = strchr(s, ')');
	return close ? (size_t)(close - s + 1) : strlen(s);
}

/* Copies the identifier argument "(word)" of a clause into buf (size
 * bytes); returns 0, or -1 when it is not one token of [A-Za-z0-9._-]. */
static int at_space_word(const char *arg, size_t arg_len, char *buf,
	size_t size)
{
	size_t n;

	if (arg_len < 3 || arg[arg_len - 1] != ')' || arg_len - 2 >= size)
		return -1;
	n = arg_len - 2;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)arg[1 + i]) && !strchr("._-",
		    arg[1 + i]))
			return -1;
	memcpy(buf, arg + 1, n);
	buf[n] = 0;
	return 0;
}

/* Parses "(TX,LY)" with X, Y in {I, S, P} into the scan options; returns
 * 0 or -1. */
static int at_space_scans(const char *arg, size_t arg_len, at_opts *opts)
{
	static const char letters[] = "ISP";
	const char *x, *y;

	if (arg_len != 7 || arg[1] != 'T' || arg[3] != ',' || arg[4] != 'L' ||
	    arg[6] != ')')
		return -1;
	x = strchr(letters, arg[2]);
	y = strchr(letters, arg[5]);
	if (!x || !y || !*x || !*y)
		return -1;
	opts->tile_scan = (int)(x - letters);
	opts->point_scan = (int)(y - letters);
	return 0;
}

/* Reports a malformed clause and why. */
static void at_space_bad(const at_scop *scop, const char *name, size_t len,
	const char *arg, size_t arg_len, const char *why)
{
	at_diag(&scop->loc, AT_WARNING, "malformed clause `%.*s%.*s`: %s; "
		"clause ignored", (int)len, name, (int)arg_len, arg, why);
}

/* Applies one clause `name` with argument text `arg` (may be ""). */
static void at_space_clause(const at_scop *scop, const char *name,
	size_t len, const char *arg, size_t arg_len, at_opts *opts)
{
	at_opts tmp = *opts;

	if (len == 4 && !strncmp(name, "tile", 4)) {
		if (arg_len == 0 || at_space_parse_sizes(arg + 1, &tmp) !=
		    (int)arg_len - 1)
			at_space_bad(scop, name, len, arg, arg_len, "tile sizes "
				"must be integers from 1 to " AT_CLAUSE_STR(AT_CLAUSE_MAX_TILE)
				", one per loop, e.g. tile(32,64)");
		else
			*opts = tmp;
	} else if (len == 5 && !strncmp(name, "shape", 5)) {
		if (at_space_word(arg, arg_len, opts->shape,
		    sizeof(opts->shape)) < 0)
			at_space_bad(scop, name, len, arg, arg_len, "expected a "
				"shape name, e.g. shape(rect), shape(skew), "
				"shape(diamond), shape(isl)");
	} else if (len == 4 && !strncmp(name, "scan", 4)) {
		if (at_space_scans(arg, arg_len, opts) < 0)
			at_space_bad(scop, name, len, arg, arg_len, "expected "
				"scan(T<I|S|P>,L<I|S|P>), e.g. scan(TP,LI)");
	} else if (len == 9 && !strncmp(name, "candidate", 9)) {
		if (at_space_word(arg, arg_len, opts->candidate,
		    sizeof(opts->candidate)) < 0)
			at_space_bad(scop, name, len, arg, arg_len, "expected a "
				"candidate id as listed by --report");
	} else if (len == 7 && !strncmp(name, "explain", 7) && !arg_len) {
		opts->explain = 1;
	} else if (len == 8 && !strncmp(name, "parallel", 8) &&
		   (!strncmp(arg, "(none)", 6) || !strncmp(arg, "(outer)", 7))) {
		opts->parallel = arg[1] == 'o';
	} else {
		at_diag(&scop->loc, AT_WARNING, "unknown clause `%.*s%.*s` in "
			"`#pragma autotile` (known: tile(N,...), shape(NAME), "
			"scan(TX,LY), candidate(ID), explain, "
			"parallel(outer|none)); clause ignored", (int)len, name,
			(int)arg_len, arg);
	}
}

/* The clause names at_space_repeat tracks, one bit each in `seen`. */
static const char *const at_space_names[] = { "tile", "shape", "scan",
	"candidate", "parallel" };
#define AT_SPACE_N_NAMES (sizeof at_space_names / sizeof *at_space_names)
#define AT_SPACE_BIT_CANDIDATE (1u << 3)

/* Warns about clause `name` when an earlier clause of the pragma had the
 * same name (*seen holds one bit per clause name of at_space_names). */
static void at_space_repeat(const at_scop *scop, const char *name,
	size_t len, unsigned *seen)
{
	const char *const *names = at_space_names;

	for (size_t i = 0; i < AT_SPACE_N_NAMES; i++) {
		if (strlen(names[i]) != len || strncmp(name, names[i], len))
			continue;
		if (*seen & 1u << i)
			at_diag(&scop->loc, AT_WARNING, "clause `%s` given more "
				"than once in `#pragma autotile`; the last one is "
				"used", names[i]);
		*seen |= 1u << i;
	}
}

/* Warns when the pragma's clauses (bits `seen` of at_space_names) give
 * `candidate` together with tile, shape or scan: the candidate fixes the
 * whole choice, so those restrict nothing. */
static void at_space_conflicts(const at_scop *scop, unsigned seen)
{
	char list[64] = "";
	size_t len = 0;

	if (!(seen & AT_SPACE_BIT_CANDIDATE))
		return;
	for (size_t i = 0; i < 3; i++)
		if (seen & 1u << i)
			len += (size_t)snprintf(list + len, sizeof list - len,
				"%s`%s`", len ? ", " : "", at_space_names[i]);
	if (len)
		at_diag(&scop->loc, AT_WARNING, "clause `candidate` fixes the "
			"whole choice; clause%s %s ignored",
			strchr(list, ',') ? "s" : "", list);
}

/* Parses the pragma clauses into opts (see at_space.h). */
int at_space_parse_clauses(const at_scop *scop, at_opts *opts)
{
	const char *p = scop->clauses ? scop->clauses : "";
	unsigned seen = 0;
	int n_size = opts->n_size, depth = at_scop_max_depth(scop);

	while (*p) {
		const char *name = p;
		size_t len = 0, arg_len;
		if (isspace((unsigned char)*p) || *p == ',') {
			p++;
			continue;
		}
		while (isalnum((unsigned char)p[len]) || p[len] == '_')
			len++;
		if (len == 0)
			len = 1;
		arg_len = at_space_arg_len(p + len);
		at_space_repeat(scop, name, len, &seen);
		at_space_clause(scop, name, len, p + len, arg_len, opts);
		p += len + arg_len;
	}
	at_space_conflicts(scop, seen);
	if (!(seen & AT_SPACE_BIT_CANDIDATE) && opts->n_size != n_size &&
	    depth > 0 && opts->n_size > depth)
		at_diag(&scop->loc, AT_WARNING, "clause `tile` gives %d sizes "
			"for a nest %d loop%s deep; the last %d ignored",
			opts->n_size, depth, depth == 1 ? "" : "s",
			opts->n_size - depth);
	return 0;
}

