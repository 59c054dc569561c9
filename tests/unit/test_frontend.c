/*
 * test_frontend.c — unit tests of the front end (src/frontend.c): exact
 * loops, bounds, statements, beta vectors and access matrices extracted
 * from the small inputs under tests/unit/inputs/, and the rejections.
 *
 * Run from the repository root, or pass the inputs directory as argv[1].
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/set.h>

#include "at_test.h"
#include "at_frontend.h"
#include "at_features.h"
#include "at_diag.h"

static const char *dir = "tests/unit/inputs";

/* Parses input `name` with `n` extra clang arguments; NULL on failure. */
static at_source *parse(const char *name, int n, const char *const *args)
{
	char path[512];
	at_source *src = NULL;
	int rc;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	rc = at_frontend_parse(path, n, args, &src);
	AT_CHECK(rc == 0 && src, "%s parses", name);
	return rc ? NULL : src;
}

/* Returns 1 when the n entries of `got` are the n longs that follow. */
static int row_is(const long *got, int n, ...)
{
	va_list ap;
	int ok = 1;

	va_start(ap, n);
	for (int i = 0; i < n; i++)
		if (got[i] != va_arg(ap, long))
			ok = 0;
	va_end(ap);
	return ok;
}

/* Returns the index of the array named `name` in `s`, or -1. */
static int array(const at_scop *s, const char *name)
{
	for (int a = 0; a < s->n_array; a++)
		if (!strcmp(s->arrays[a].name, name))
			return a;
	return -1;
}

/* Returns 1 when the source text at byte `off` starts with `head`. */
static int starts(const at_source *src, unsigned off, const char *head)
{
	return off < src->len && !strncmp(src->text + off, head, strlen(head));
}

/* The paper's Listing 1.1. */
static void test_listing11(void)
{
	at_source *src = parse("fe_listing11.c", 0, NULL);
	at_scop *s;
	at_stmt *st;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 1, "listing 1.1: one nest");
	s = src->scops[0];
	AT_CHECK_INT(s->n_loop, 2, "listing 1.1: two loops");
	AT_CHECK_INT(s->n_param, 0, "listing 1.1: no parameter");
	AT_CHECK_INT(at_scop_ncol(s), 3, "listing 1.1: columns i j 1");
	AT_CHECK_STR(s->clauses, "", "listing 1.1: no clause");
	AT_CHECK_STR(s->indent, "\t", "listing 1.1: indent of the for line");
	AT_CHECK(!s->is_region, "listing 1.1: not a region");
	AT_CHECK(starts(src, s->begin, "#pragma autotile\n"),
		"listing 1.1: begins at the pragma line");
	AT_CHECK(src->text[s->end - 1] == ';' && src->text[s->end] == '\n',
		"listing 1.1: ends after the statement's `;`");
	AT_CHECK(starts(src, s->func_begin, "void kernel"),
		"listing 1.1: func_begin");
	AT_CHECK_INT(s->loc.line, 6, "listing 1.1: pragma line");
	AT_CHECK_STR(s->loops[0].iter, "i", "listing 1.1: loop 0 iterator");
	AT_CHECK_STR(s->loops[0].type, "int", "listing 1.1: loop 0 type");
	AT_CHECK_INT(s->loops[1].parent, 0, "listing 1.1: loop 1 parent");
	AT_CHECK_INT(s->loops[1].depth, 1, "listing 1.1: loop 1 depth");
	AT_CHECK(s->loops[0].n_lb == 1 && s->loops[0].n_ub == 1 &&
		row_is(s->loops[0].lb[0].row, 3, 0L, 0L, 2L) &&
		row_is(s->loops[0].ub[0].row, 3, 0L, 0L, 1021L) &&
		s->loops[0].lb[0].den == 1 && s->loops[0].ub[0].den == 1,
		"listing 1.1: 2 <= i <= 1021");
	AT_CHECK(s->loops[1].n_lb == 1 && s->loops[1].n_ub == 1 &&
		row_is(s->loops[1].lb[0].row, 3, 0L, 0L, 2L) &&
		row_is(s->loops[1].ub[0].row, 3, 0L, 0L, 509L),
		"listing 1.1: 2 <= j <= 509");
	AT_CHECK_INT(s->loops[0].step, 1, "listing 1.1: step");
	AT_CHECK_INT(s->n_stmt, 1, "listing 1.1: one statement");
	st = &s->stmts[0];
	AT_CHECK_STR(st->text,
		"A[i][j] = A[i-2][j-1] + A[i-1][j-1] + A[i-1][j-2];",
		"listing 1.1: statement text");
	AT_CHECK(st->n_loop == 2 && st->loops[0] == 0 && st->loops[1] == 1,
		"listing 1.1: statement loops");
	AT_CHECK(st->beta[0] == 0 && st->beta[1] == 0 && st->beta[2] == 0,
		"listing 1.1: beta (0,0,0)");
	AT_CHECK_INT(st->n_ref, 4, "listing 1.1: 4 references");
	AT_CHECK(st->refs[0].kind == AT_WRITE && st->refs[0].n_dim == 2 &&
		row_is(st->refs[0].m, 6, 1L, 0L, 0L, 0L, 1L, 0L),
		"listing 1.1: write A[i][j]");
	AT_CHECK(st->refs[1].kind == AT_READ &&
		row_is(st->refs[1].m, 6, 1L, 0L, -2L, 0L, 1L, -1L),
		"listing 1.1: read A[i-2][j-1]");
	AT_CHECK(st->refs[2].kind == AT_READ &&
		row_is(st->refs[2].m, 6, 1L, 0L, -1L, 0L, 1L, -1L),
		"listing 1.1: read A[i-1][j-1]");
	AT_CHECK(st->refs[3].kind == AT_READ &&
		row_is(st->refs[3].m, 6, 1L, 0L, -1L, 0L, 1L, -2L),
		"listing 1.1: read A[i-1][j-2]");
	AT_CHECK(s->n_array == 1 && s->arrays[0].n_dim == 2 &&
		s->arrays[0].elem_size == 8, "listing 1.1: array A");
	AT_CHECK_STR(s->arrays[0].elem_type, "double", "listing 1.1: type");
	AT_CHECK_INT(st->n_use, 8, "listing 1.1: 8 iterator uses");
	AT_CHECK(st->uses[0].off == 2 && st->uses[0].len == 1 &&
		st->uses[0].loop == 0 && st->uses[1].off == 5 &&
		st->uses[1].loop == 1, "listing 1.1: uses of i and j");
	at_source_free(src);
}

/* Matmul with #define sizes and pragma clauses. */
static void test_matmul(void)
{
	at_source *src = parse("fe_matmul.c", 0, NULL);
	at_scop *s;
	at_stmt *st;
	int c, al;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 1, "matmul: one nest");
	s = src->scops[0];
	AT_CHECK_STR(s->clauses, "tile(32,32) parallel(outer)",
		"matmul: clauses trimmed");
	AT_CHECK_STR(s->indent, "\t", "matmul: indent of the for line");
	AT_CHECK(s->n_param == 3 && !strcmp(s->params[0], "N") &&
		!strcmp(s->params[1], "M") && !strcmp(s->params[2], "K"),
		"matmul: parameters N M K by name");
	/* columns: i j k N M K 1 */
	AT_CHECK(row_is(s->loops[0].ub[0].row, 7, 0L, 0L, 0L, 1L, 0L, 0L, -1L),
		"matmul: i <= N - 1");
	AT_CHECK(row_is(s->loops[1].ub[0].row, 7, 0L, 0L, 0L, 0L, 1L, 0L, -1L),
		"matmul: j <= M - 1 (++j)");
	AT_CHECK(row_is(s->loops[2].ub[0].row, 7, 0L, 0L, 0L, 0L, 0L, 1L, -1L),
		"matmul: k <= K - 1 (<=, += 1)");
	AT_CHECK_INT(s->loops[2].step, 1, "matmul: k += 1");
	st = &s->stmts[0];
	c = array(s, "C");
	al = array(s, "alpha");
	AT_CHECK(st->n_ref == 5 && st->refs[0].array == c &&
		st->refs[0].kind == AT_READ && st->refs[1].array == c &&
		st->refs[1].kind == AT_WRITE &&
		!memcmp(st->refs[0].m, st->refs[1].m, 14 * sizeof(long)),
		"matmul: += gives a READ and a WRITE of C[i][j]");
	AT_CHECK(al >= 0 && s->arrays[al].n_dim == 0 &&
		st->refs[2].array == al && st->refs[2].kind == AT_READ,
		"matmul: scalar alpha is a 0-d read");
	AT_CHECK(row_is(st->refs[4].m, 14, 0L, 0L, 1L, 0L, 0L, 0L, 0L,
			0L, 1L, 0L, 0L, 0L, 0L, 0L), "matmul: B[k][j]");
	at_source_free(src);
}

/* Triangular, decreasing, strided, imperfect, min/max, VLA parameters. */
static void test_loops(void)
{
	at_source *src = parse("fe_loops.c", 0, NULL);
	at_scop *s;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 6, "loops: six nests");
	if (src->n_scop != 6) {
		at_source_free(src);
		return;
	}
	/* tri: columns i j n 1 */
	s = src->scops[0];
	AT_CHECK(s->n_param == 1 && !strcmp(s->params[0], "n"),
		"tri: parameter n (function parameter)");
	AT_CHECK(row_is(s->loops[1].ub[0].row, 4, 1L, 0L, 0L, 0L),
		"tri: j <= i");
	AT_CHECK(s->arrays[0].n_dim == 2 && !s->arrays[0].is_restrict,
		"tri: VLA parameter A[n][n]");
	/* down: columns i n 1 */
	s = src->scops[1];
	AT_CHECK_INT(s->loops[0].step, -1, "down: step -1");
	AT_CHECK_STR(s->loops[0].type, "long", "down: iterator type");
	AT_CHECK(s->loops[0].n_ub == 1 && s->loops[0].n_lb == 1 &&
		row_is(s->loops[0].ub[0].row, 3, 0L, 1L, -1L) &&
		row_is(s->loops[0].lb[0].row, 3, 0L, 0L, 0L),
		"down: ub = n - 1 (the init), lb = 0");
	AT_CHECK(s->arrays[array(s, "x")].is_restrict &&
		!s->arrays[array(s, "y")].is_restrict,
		"down: x[restrict n] is restrict");
	AT_CHECK_STR(s->arrays[array(s, "y")].elem_type, "double",
		"down: const dropped from the element type");
	AT_CHECK(row_is(s->stmts[0].refs[2].m, 3, -1L, 1L, -1L),
		"down: y[n - 1 - i]");
	/* stride */
	s = src->scops[2];
	AT_CHECK_INT(s->loops[0].step, 2, "stride: += 2");
	AT_CHECK(row_is(s->loops[0].lb[0].row, 3, 0L, 0L, 1L),
		"stride: lb 1");
	AT_CHECK(s->arrays[0].elem_size == 4 &&
		!strcmp(s->arrays[0].elem_type, "float"), "stride: float");
	AT_CHECK_INT(s->stmts[0].n_ref, 4, "stride: ?: refs are reads");
	/* imperfect: loops i, j (0), j (1); statements at two depths */
	s = src->scops[3];
	AT_CHECK(s->n_loop == 3 && s->n_stmt == 4, "imperfect: 3 loops, "
		"4 statements");
	AT_CHECK(s->stmts[0].n_loop == 1 && s->stmts[0].beta[0] == 0 &&
		s->stmts[0].beta[1] == 0, "imperfect: S0 beta (0,0)");
	AT_CHECK(s->stmts[1].n_loop == 2 && s->stmts[1].loops[1] == 1 &&
		s->stmts[1].beta[1] == 1 && s->stmts[1].beta[2] == 0,
		"imperfect: S1 beta (0,1,0)");
	AT_CHECK(s->stmts[2].n_loop == 2 && s->stmts[2].loops[1] == 2 &&
		s->stmts[2].beta[1] == 2 && s->stmts[2].beta[2] == 0,
		"imperfect: S2 beta (0,2,0) in loop 2");
	AT_CHECK(s->stmts[3].n_loop == 1 && s->stmts[3].beta[1] == 3,
		"imperfect: S3 beta (0,3)");
	AT_CHECK(s->loops[2].parent == 0 &&
		row_is(s->loops[2].lb[0].row, 6, 0L, 0L, 0L, 0L, 0L, 1L),
		"imperfect: loop 2 parent 0, j >= 1");
	AT_CHECK(s->arrays[array(s, "A")].is_restrict, "imperfect: restrict");
	/* minmax: columns i j n m 1 */
	s = src->scops[4];
	AT_CHECK(s->loops[0].n_ub == 1 && s->loops[0].ub[0].den == 2 &&
		row_is(s->loops[0].ub[0].row, 5, 0L, 0L, 1L, 0L, -2L),
		"minmax: i < n / 2 is i <= floor((n - 2) / 2)");
	AT_CHECK(s->loops[1].n_lb == 2 &&
		row_is(s->loops[1].lb[0].row, 5, 1L, 0L, 0L, 0L, 0L) &&
		row_is(s->loops[1].lb[1].row, 5, 0L, 0L, 0L, 0L, 1L),
		"minmax: j = i > 1 ? i : 1 is max(i, 1)");
	AT_CHECK(s->loops[1].n_ub == 2 &&
		row_is(s->loops[1].ub[0].row, 5, 0L, 0L, 0L, 1L, -1L) &&
		row_is(s->loops[1].ub[1].row, 5, 0L, 0L, 1L, 0L, -1L),
		"minmax: j < m && j < n");
	AT_CHECK(s->stmts[0].n_cond == 2 &&
		row_is(s->stmts[0].cond[0], 5, -1L, 1L, 0L, 0L, -2L) &&
		row_is(s->stmts[0].cond[1], 5, 0L, -1L, 1L, 0L, -2L),
		"minmax: if (i + 1 < j && j <= n - 2)");
	AT_CHECK(s->arrays[array(s, "B")].n_dim == 2,
		"minmax: pointer-to-VLA B");
	AT_CHECK(s->arrays[array(s, "t")].n_dim == 0 &&
		/* canonical, as any scope spells it (size_t on x86-64) */
		!strcmp(s->arrays[array(s, "t")].elem_type, "unsigned long"),
		"minmax: size_t scalar");
	/* mm */
	s = src->scops[5];
	AT_CHECK(s->loops[0].ub[0].den == 2 &&
		row_is(s->loops[0].ub[0].row, 5, 0L, 0L, 1L, 0L, -1L),
		"mm: i <= (n - 1) / 2");
	AT_CHECK(s->loops[1].n_lb == 2 && s->loops[1].n_ub == 2,
		"mm: max() lower and min() upper bounds");
	at_source_free(src);
}

/* `#pragma scop` region with two top-level loops. */
static void test_region(void)
{
	at_source *src = parse("fe_region.c", 0, NULL);
	at_scop *s;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 1, "region: one scop");
	s = src->scops[0];
	AT_CHECK(s->is_region, "region: is_region");
	AT_CHECK(starts(src, s->begin, "#pragma scop"), "region: begin");
	AT_CHECK(s->end >= 15 && starts(src, s->end - 15, "#pragma endscop") &&
		src->text[s->end] == '\n', "region: end of the endscop line");
	AT_CHECK(s->n_param == 2 && !strcmp(s->params[0], "TSTEPS") &&
		!strcmp(s->params[1], "N"), "region: parameters TSTEPS, N");
	AT_CHECK(s->n_loop == 4 && s->loops[3].parent == -1 &&
		s->loops[3].depth == 0, "region: 4 loops, loop 3 top-level");
	AT_CHECK(s->n_stmt == 3, "region: 3 statements");
	AT_CHECK(s->stmts[0].beta[0] == 0 && s->stmts[0].beta[1] == 0 &&
		s->stmts[1].beta[0] == 0 && s->stmts[1].beta[1] == 1 &&
		s->stmts[2].beta[0] == 1 && s->stmts[2].beta[1] == 0,
		"region: beta (0,t,0,i,0) (0,t,1,i,0) (1,i,0)");
	/* columns: t i i' i'' TSTEPS N 1 */
	AT_CHECK(row_is(s->loops[1].ub[0].row, 7, 0L, 0L, 0L, 0L, 0L, 1L, -2L),
		"region: i <= N - 2");
	AT_CHECK(row_is(s->stmts[0].refs[1].m, 7, 0L, 1L, 0L, 0L, 0L, 0L, -1L),
		"region: A[i - 1]");
	at_source_free(src);
}

/* `#pragma autotile CLAUSES` on the line above `#pragma scop`: one
 * region starting at the autotile pragma, with its clauses; a plain
 * `#pragma scop` region has none. */
static void test_region_clauses(void)
{
	at_source *src = parse("fe_region_clauses.c", 0, NULL);
	at_scop *s;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 2, "region clauses: two scops");
	if (src->n_scop != 2) {
		at_source_free(src);
		return;
	}
	s = src->scops[0];
	AT_CHECK(s->is_region, "region clauses: is_region");
	AT_CHECK(starts(src, s->begin, "#pragma autotile tile(8)"),
		"region clauses: begins at the autotile pragma");
	AT_CHECK(!strcmp(s->clauses, "tile(8) scan(TS,LI)"),
		"region clauses: the autotile pragma's clauses, no comment");
	AT_CHECK(s->loc.line == 10, "region clauses: located at line 10");
	AT_CHECK(s->n_loop == 2 && s->n_stmt == 2,
		"region clauses: 2 loops, 2 statements");
	AT_CHECK(s->end >= 15 && starts(src, s->end - 15, "#pragma endscop"),
		"region clauses: ends with the endscop line");
	s = src->scops[1];
	AT_CHECK(s->is_region && !strcmp(s->clauses, "") &&
		starts(src, s->begin, "#pragma scop"),
		"region clauses: a plain region has no clauses");
	at_source_free(src);
}

/* Macros, -D, odd loop forms, if/else, statements outside loops. */
static void test_misc(void)
{
	const char *args[] = { "-DN=32" };
	at_source *src = parse("fe_misc.c", 1, args);
	at_scop *s;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 4, "misc: four nests");
	if (src->n_scop != 4) {
		at_source_free(src);
		return;
	}
	s = src->scops[0];
	AT_CHECK(s->n_param == 1 && !strcmp(s->params[0], "_PB_N"),
		"misc: macro bound stays `_PB_N`");
	AT_CHECK(s->stmts[0].n_ref == 2, "misc: refs through macro args");
	s = src->scops[1];
	AT_CHECK(s->loops[0].step == 2 && s->loops[1].step == -1,
		"misc: i = i + 2 and j -= 1");
	AT_CHECK(row_is(s->loops[0].ub[0].row, 4, 0L, 0L, 1L, -1L),
		"misc: n > i");
	AT_CHECK(row_is(s->loops[1].ub[0].row, 4, 0L, 0L, 1L, 0L) &&
		row_is(s->loops[1].lb[0].row, 4, 0L, 0L, 0L, 1L),
		"misc: j from n down to 1");
	AT_CHECK_STR(s->loops[0].type, "unsigned long",
		"misc: size_t iterator");
	AT_CHECK(s->stmts[0].n_cond == 1 && s->stmts[1].n_cond == 1 &&
		row_is(s->stmts[0].cond[0], 4, 1L, -1L, 0L, 0L) &&
		row_is(s->stmts[1].cond[0], 4, -1L, 1L, 0L, -1L),
		"misc: if (j <= i) / else");
	AT_CHECK(s->stmts[1].beta[2] == 1, "misc: else branch position");
	s = src->scops[2];
	AT_CHECK(s->n_stmt == 3 && s->stmts[0].n_loop == 0 &&
		s->stmts[0].beta[0] == 0 && s->stmts[1].beta[0] == 1 &&
		s->stmts[2].beta[0] == 2, "misc: statements outside loops");
	at_source_free(src);
}

/* Comments (libclang returns them as tokens) are ignored. */
static void test_comments(void)
{
	at_source *src = parse("fe_comments.c", 0, NULL);
	at_scop *s;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 1, "comments: one nest");
	if (src->n_scop == 1) {
		s = src->scops[0];
		AT_CHECK_STR(s->clauses, "tile(8)", "comments: clauses");
		AT_CHECK(row_is(s->loops[0].ub[0].row, 3, 0L, 1L, -1L),
			"comments: i <= n - 1");
		AT_CHECK_STR(s->stmts[0].text,
			"B[i] = /* y */ B[i] + 1 /* z */;", "comments: text");
		AT_CHECK(s->stmts[0].n_use == 2 && s->stmts[0].uses[1].off == 17,
			"comments: uses");
	}
	at_source_free(src);
}

/* A scalar declared in a loop body (fe_local.c) becomes the statement
 * `acc = C[i][j] * 2;` that writes a local of the two loops around it;
 * its declaration (with `const`) is kept for the restoring text only. */
static void test_local(void)
{
	at_source *src = parse("fe_local.c", 0, NULL);
	const at_scop *s;
	int a = -1;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 1, "local: one nest");
	if (src->n_scop != 1)
		goto done;
	s = src->scops[0];
	for (int k = 0; k < s->n_array; k++)
		if (!strcmp(s->arrays[k].name, "acc"))
			a = k;
	AT_CHECK(a >= 0 && s->arrays[a].local == 2 &&
		s->arrays[a].n_dim == 0 && !strcmp(s->arrays[a].elem_type,
		"double"), "local: acc is a double local to 2 loops");
	AT_CHECK(s->n_stmt == 2, "local: 2 statements");
	if (s->n_stmt != 2)
		goto done;
	AT_CHECK_STR(s->stmts[0].text, "acc = C[i][j] * 2;",
		"local: the declaration's statement");
	AT_CHECK(s->stmts[0].decl > 0 && s->stmts[0].decl < s->stmts[0].begin &&
		starts(src, s->stmts[0].decl, "const double acc"),
		"local: decl is where its type starts");
	AT_CHECK(s->stmts[0].n_ref >= 2 && s->stmts[0].refs[0].array == a &&
		s->stmts[0].refs[0].kind == AT_WRITE && s->stmts[1].decl == 0,
		"local: S0 writes acc first; S1 is no declaration");
done:
	at_source_free(src);
}

/* Parses input `name`, whose nests must all be rejected, each with one
 * warning (n_warn in all), but the last, in function `kept`, while the
 * file goes on; `what` names the checks. */
static void rejects(const char *name, int n_warn, const char *kept,
	const char *what)
{
	int before = at_diag_count(AT_WARNING);
	at_source *src = parse(name, 0, NULL);
	char msg[2][128];

	if (!src)
		return;
	snprintf(msg[0], sizeof msg[0], "%s: one warning per rejected nest",
		what);
	snprintf(msg[1], sizeof msg[1], "%s: only the last nest is kept",
		what);
	AT_CHECK_INT(at_diag_count(AT_WARNING) - before, n_warn, msg[0]);
	AT_CHECK_INT(src->n_scop, 1, msg[1]);
	if (src->n_scop == 1)
		AT_CHECK(starts(src, src->scops[0]->func_begin, kept),
			"%s: the kept nest is %s", what, kept);
	at_source_free(src);
}

/* Each rejected nest gives exactly one warning; the file goes on. */
static void test_reject(void)
{
	rejects("fe_reject.c", 17, "void r_ok", "reject");
}

/* Returns 1 when statement st has a reference of `kind` to array a whose
 * subscripts are the nd x ncol rows that follow (row-major longs). */
static int has_ref(const at_stmt *st, int a, at_ref_kind kind, int nd,
	int ncol, ...)
{
	long want[3 * 8];
	va_list ap;

	va_start(ap, ncol);
	for (int i = 0; i < nd * ncol && i < 24; i++)
		want[i] = va_arg(ap, long);
	va_end(ap);
	for (int i = 0; i < st->n_ref; i++)
		if (st->refs[i].array == a && st->refs[i].kind == kind &&
		    st->refs[i].n_dim == nd && !memcmp(st->refs[i].m, want,
		    (size_t)(nd * ncol) * sizeof(long)))
			return 1;
	return 0;
}

/* Linearized subscripts read as arrays of two and three dimensions. */
static void test_linear(void)
{
	at_source *src = parse("fe_linear.c", 0, NULL);
	at_scop *s;
	int a, b, u, v;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 4, "linear: four nests");
	if (src->n_scop != 4)
		goto done;
	s = src->scops[0];	/* columns: i j n 1 */
	a = array(s, "a");
	b = array(s, "b");
	AT_CHECK(a >= 0 && s->arrays[a].n_dim == 2 && s->arrays[a].split ==
		1 && s->arrays[a].dim_param[1] == 0, "linear: a[i][j], rows "
		"of n");
	AT_CHECK(has_ref(&s->stmts[0], a, AT_WRITE, 2, 4, 1L, 0L, 0L, 0L,
		0L, 1L, 0L, 0L), "linear: a[i * n + j] written as a[i][j]");
	AT_CHECK(has_ref(&s->stmts[0], a, AT_READ, 2, 4, 1L, 0L, 0L, -1L,
		0L, 1L, 0L, 0L), "linear: a[(i - 1) * n + j] is a[i - 1][j]");
	AT_CHECK(has_ref(&s->stmts[0], b, AT_READ, 2, 4, 1L, 0L, 0L, 0L,
		0L, 1L, 0L, -1L), "linear: b[i * n + j - 1] is b[i][j - 1]");
	s = src->scops[1];	/* columns: i j k nx ny nz 1 */
	u = array(s, "u");
	v = array(s, "v");
	AT_CHECK(u >= 0 && s->arrays[u].n_dim == 3 && s->arrays[u].split ==
		2 && s->arrays[u].dim_param[1] == 1 &&
		s->arrays[u].dim_param[2] == 2, "linear: u[i][j][k], planes "
		"of ny rows of nz");
	AT_CHECK(has_ref(&s->stmts[0], u, AT_WRITE, 3, 7,
		1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 1L, 0L, 0L, 0L, 0L, 0L,
		0L, 0L, 1L, 0L, 0L, 0L, 0L), "linear: u[(i * ny + j) * nz + "
		"k] is u[i][j][k]");
	AT_CHECK(v >= 0 && s->arrays[v].n_dim == 2 && s->arrays[v].split ==
		1 && s->arrays[v].dim_param[1] == 2, "linear: v, rows of nz "
		"only (its longest subscript has one size)");
	AT_CHECK(has_ref(&s->stmts[0], v, AT_READ, 2, 7,
		0L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 1L, 0L, 0L, 0L, 0L),
		"linear: v[k + nz * j] is v[j][k]");
	AT_CHECK(has_ref(&s->stmts[0], v, AT_READ, 2, 7,
		0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 1L, 0L, 0L, 0L, 0L),
		"linear: v[k] is v[0][k]");
	s = src->scops[2];	/* columns: i j N 1 */
	a = array(s, "a");
	AT_CHECK(a >= 0 && s->arrays[a].n_dim == 2 && s->arrays[a].split ==
		1 && !strcmp(s->params[s->arrays[a].dim_param[1]], "N") &&
		has_ref(&s->stmts[0], a, AT_READ, 2, 4, 1L, 0L, 0L, 0L, 0L,
		1L, 0L, 0L), "linear: a[N * i + j] with the macro N is "
		"a[i][j]");
	s = src->scops[3];	/* columns: i j k n m 1 */
	a = array(s, "a");
	v = array(s, "w");
	AT_CHECK(has_ref(&s->stmts[0], a, AT_WRITE, 2, 6, 1L, 0L, 0L, 0L, 0L,
		0L, 0L, -1L, 0L, 1L, 0L, -1L), "linear: a[i * n + n - 1 - j] "
		"is a[i][n - 1 - j]");
	AT_CHECK(v >= 0 && s->arrays[v].n_dim == 3 && has_ref(&s->stmts[0],
		v, AT_READ, 3, 6, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 1L, 0L, 0L, 0L,
		0L, 0L, 0L, 1L, 0L, 0L, 0L), "linear: w[((0) * n + j) * m + k] "
		"is w[0][j][k]");
done:
	at_source_free(src);
}

/* Linearized subscripts the front end must not read as arrays. */
/* Parses input `name`, which must give no warning and keep all its n
 * nests (checked, `what` naming the test).  Returns the source, or NULL
 * when it does not. */
static at_source *parse_all(const char *name, int n, const char *what)
{
	int before = at_diag_count(AT_WARNING);
	at_source *src = parse(name, 0, NULL);
	char msg[2][96];

	if (!src)
		return NULL;
	snprintf(msg[0], sizeof msg[0], "%s: no warning", what);
	snprintf(msg[1], sizeof msg[1], "%s: every nest kept", what);
	AT_CHECK_INT(at_diag_count(AT_WARNING) - before, 0, msg[0]);
	AT_CHECK_INT(src->n_scop, n, msg[1]);
	if (src->n_scop == n)
		return src;
	at_source_free(src);
	return NULL;
}

/* Returns 1 when the guard of s (at_scop.guard) holds at the parameter
 * values of `point` ("[n, lda] -> { : n = 4 and lda = 4 }"), 0 when it
 * does not, -1 when s has no guard or on error. */
static int guard_holds(const at_scop *s, const char *point)
{
	isl_ctx *ctx = isl_ctx_alloc();
	isl_set *g = s->guard ? isl_set_read_from_str(ctx, s->guard) : NULL;
	isl_bool e;

	g = isl_set_intersect(g, isl_set_read_from_str(ctx, point));
	e = isl_set_is_empty(g);
	isl_set_free(g);
	isl_ctx_free(ctx);
	return e < 0 ? -1 : e == isl_bool_false;
}

/* Leading dimensions: the rows hold where isl says, and the nest as
 * written is kept for the other values. */
static void test_linear_guard(void)
{
	at_source *src = parse_all("fe_linear_guard.c", 4, "guard");
	const at_scop *s;

	if (!src)
		return;
	s = src->scops[0];
	AT_CHECK(guard_holds(s, "[m, n, lda] -> { : m = 3 and n = 5 and "
		"lda = 5 }") == 1 && guard_holds(s, "[m, n, lda] -> { : m = 3 "
		"and n = 6 and lda = 5 }") == 0, "guard: a[i * lda + j] needs "
		"n <= lda");
	AT_CHECK(s->written && !strncmp(s->written, "\tfor (int i = 0;", 16)
		&& strstr(s->written, "a[i * lda + j];") + 15 == s->written +
		strlen(s->written), "guard: the nest as written is kept, from "
		"its line to its `;`");
	s = src->scops[1];
	AT_CHECK(guard_holds(s, "[nx, ny, nz, ldy, ldz] -> { : nx = 2 and "
		"ny = 3 and nz = 4 and ldy = 3 and ldz = 4 }") == 1 &&
		guard_holds(s, "[nx, ny, nz, ldy, ldz] -> { : nx = 2 and ny = "
		"3 and nz = 4 and ldy = 2 and ldz = 4 }") == 0 &&
		guard_holds(s, "[nx, ny, nz, ldy, ldz] -> { : nx = 2 and ny = "
		"3 and nz = 4 and ldy = 3 and ldz = 3 }") == 0, "guard: planes "
		"need ny <= ldy and nz <= ldz");
	s = src->scops[2];
	AT_CHECK(guard_holds(s, "[m, n, off, lda] -> { : m = 2 and n = 3 and "
		"off = 2 and lda = 5 }") == 1 && guard_holds(s, "[m, n, off, "
		"lda] -> { : m = 2 and n = 3 and off = 3 and lda = 5 }") == 0 &&
		guard_holds(s, "[m, n, off, lda] -> { : m = 2 and n = 3 and "
		"off = -1 and lda = 5 }") == 0, "guard: an offset needs 0 <= "
		"off and n + off <= lda");
	s = src->scops[3];
	AT_CHECK(!s->guard && !s->written, "guard: none when the rows hold "
		"for every value");
	at_source_free(src);
}

/* Returns 1 when scop s checks arrays a and b (names) for overlap at run
 * time (at_scop.alias). */
static int checks(const at_scop *s, const char *a, const char *b)
{
	for (int i = 0; i < s->n_alias; i++) {
		const char *x = s->arrays[s->alias[i][0]].name;
		const char *y = s->arrays[s->alias[i][1]].name;

		if ((!strcmp(x, a) && !strcmp(y, b)) ||
		    (!strcmp(x, b) && !strcmp(y, a)))
			return 1;
	}
	return 0;
}

/* Plain pointers that may alias: kept, with the pairs to check. */
static void test_alias(void)
{
	at_source *src = parse_all("fe_alias.c", 6, "alias");
	const at_scop *s;

	if (!src)
		return;
	s = src->scops[0];
	AT_CHECK(s->n_alias == 1 && checks(s, "x", "y") && s->written &&
		!s->guard, "alias: x and y checked, the nest as written kept");
	s = src->scops[1];
	AT_CHECK(s->n_alias == 1 && checks(s, "p", "G"), "alias: p and the "
		"static G checked, restrict q not");
	s = src->scops[2];
	AT_CHECK(s->n_alias == 1 && checks(s, "a", "b") &&
		s->arrays[s->alias[0][0]].split == 1, "alias: linearized a "
		"and b checked");
	s = src->scops[3];
	AT_CHECK(s->n_alias == 1 && checks(s, "r", "v") &&
		s->arrays[s->alias[0][0]].n_dim + s->arrays[s->alias[0][1]].n_dim
		== 3, "alias: a pointer to rows and a plain pointer checked");
	AT_CHECK(src->scops[4]->n_alias == 0 && !src->scops[4]->written,
		"alias: none between restrict pointers");
	AT_CHECK(src->scops[5]->n_alias == 0, "alias: none when neither is "
		"written");
	at_source_free(src);
}

static void test_linear_bad(void)
{
	rejects("fe_linear_bad.c", 5, "void lin_ok", "linear, bad");
}

/* Returns how many references of statement `st` have kind `kind`. */
static int n_kind(const at_stmt *st, at_ref_kind kind)
{
	int n = 0;

	for (int r = 0; r < st->n_ref; r++)
		n += st->refs[r].kind == kind;
	return n;
}

/* A chain of plain assignments writes each of its targets; a compound
 * assignment inside a right-hand side is still refused. */
static void test_chain(void)
{
	int before = at_diag_count(AT_WARNING);
	at_source *src = parse("fe_chain.c", 0, NULL);
	const at_scop *s;

	if (!src)
		return;
	AT_CHECK_INT(at_diag_count(AT_WARNING) - before, 1,
		"chain: one warning (the compound assignment inside)");
	AT_CHECK_INT(src->n_scop, 1, "chain: the region is kept");
	if (src->n_scop != 1) {
		at_source_free(src);
		return;
	}
	s = src->scops[0];
	AT_CHECK(s->n_stmt == 2 && n_kind(&s->stmts[0], AT_WRITE) == 2 &&
		n_kind(&s->stmts[1], AT_WRITE) == 2 &&
		n_kind(&s->stmts[1], AT_READ) == 2, "chain: `a = b = e` and "
		"`A[i][j] = (B[j][i] = e)` write two references each, the "
		"second reads a and b");
	at_source_free(src);
}

/* Returns the index of parameter `name` in `s`, or -1. */
static int param(const at_scop *s, const char *name)
{
	for (int p = 0; p < s->n_param; p++)
		if (!strcmp(s->params[p], name))
			return p;
	return -1;
}

/* A function parameter gets the value every call in the file passes
 * (evaluated, macros included) when the function never changes it. */
static void test_hint(void)
{
	at_source *src = parse("fe_hint.c", 0, NULL);
	const at_scop *s;
	int n, m, k;

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 3, "hint: three nests");
	if (src->n_scop != 3) {
		at_source_free(src);
		return;
	}
	s = src->scops[0];
	n = param(s, "n");
	m = param(s, "m");
	k = param(s, "k");
	AT_CHECK(n >= 0 && m >= 0 && k >= 0 && s->hint, "hint: kern's "
		"parameters n, m, k, with hints");
	if (n >= 0 && m >= 0 && k >= 0 && s->hint) {
		AT_CHECK(s->hint[n] == 40, "hint: n is 40 in both calls (got "
			"%ld)", s->hint[n]);
		AT_CHECK(s->hint[m] == AT_SCOP_UNKNOWN, "hint: m differs "
			"between the calls: unknown");
		AT_CHECK(s->hint[k] == AT_SCOP_UNKNOWN, "hint: k is changed "
			"in kern: unknown");
	}
	if (n >= 0 && m >= 0 && s->n_param <= 8) {
		long vals[8];

		at_features_param_values(s, vals);
		AT_CHECK(vals[n] == 40 && vals[m] == AT_FEAT_UNKNOWN,
			"hint: the features take n = 40, m unknown");
	}
	AT_CHECK(!src->scops[1]->hint, "hint: nobody calls lonely: none");
	s = src->scops[2];
	n = param(s, "PB_N");
	m = param(s, "PB_M");
	AT_CHECK(n >= 0 && m >= 0 && s->hint, "hint: aliased's macros PB_N "
		"and PB_M, with hints");
	if (n >= 0 && m >= 0 && s->hint) {
		AT_CHECK(s->hint[n] == 40, "hint: PB_N, which expands to n, "
			"takes n's 40 from the call (got %ld)", s->hint[n]);
		AT_CHECK(s->hint[m] == AT_SCOP_UNKNOWN, "hint: PB_M expands "
			"to m + 1, not one variable: unknown");
	}
	at_source_free(src);
}

/* Checks that parameter `name` of `s` has hint `want` (`what` says
 * which parse). */
static void check_hint(const at_scop *s, const char *what, const char *name,
	long want)
{
	int p = param(s, name);
	long got = p >= 0 && s->hint ? s->hint[p] : -1;

	if (want == AT_SCOP_UNKNOWN)
		AT_CHECK(p >= 0 && s->hint && got == want, "macro values%s: "
			"%s is unknown", what, name);
	else
		AT_CHECK(p >= 0 && s->hint && got == want, "macro values%s: "
			"%s is %ld (got %ld)", what, name, want, got);
}

/* A macro parameter gets the value clang evaluates its expansion to,
 * expressions of other macros and -D flags included; one that expands
 * to a variable gets none; enum constants and const variables get
 * theirs.  The features take those values. */
static void test_macro_values(void)
{
	const char *args[] = { "-DNJ=50" };
	at_source *src = parse("fe_macroval.c", 0, NULL);

	if (!src)
		return;
	AT_CHECK_INT(src->n_scop, 3, "macro values: three nests");
	if (src->n_scop == 3) {
		const at_scop *s = src->scops[0];
		int ld = param(s, "LD");

		check_hint(s, "", "NJ", 30);
		check_hint(s, "", "LD", 32);
		check_hint(s, "", "NV", AT_SCOP_UNKNOWN);
		check_hint(src->scops[1], "", "SHIFT", 16);
		check_hint(src->scops[1], "", "NEG", -3);
		check_hint(src->scops[1], "", "SZ", 32);
		check_hint(src->scops[2], "", "NB", 12);
		check_hint(src->scops[2], "", "NC", 7);
		check_hint(src->scops[2], "", "np", AT_SCOP_UNKNOWN);
		if (ld >= 0 && s->n_param <= 8) {
			long vals[8];

			at_features_param_values(s, vals);
			AT_CHECK(vals[ld] == 32, "macro values: the features "
				"take LD = 32");
		}
	}
	at_source_free(src);
	src = parse("fe_macroval.c", 1, args);
	if (src && src->n_scop == 3) {
		check_hint(src->scops[0], " with -DNJ=50", "NJ", 50);
		check_hint(src->scops[0], " with -DNJ=50", "LD", 52);
	}
	at_source_free(src);
}

/* Operators in macro arguments are read like any other (clang annotates
 * the tokens of an argument that expands twice with one of its copies);
 * an assignment a macro hides, in its body or spread over its arguments,
 * leaves the nest unchanged. */
static void test_macro_args(void)
{
	int before = at_diag_count(AT_WARNING);
	at_source *src = parse("fe_macroarg.c", 0, NULL);
	const at_scop *s;
	const at_stmt *st;
	int w = 0, rt = 0, rs = 0;

	if (!src)
		return;
	AT_CHECK_INT(at_diag_count(AT_WARNING) - before, 2,
		"macro args: SET and BUMP rejected");
	AT_CHECK_INT(src->n_scop, 2, "macro args: m_args and m_ok kept");
	if (src->n_scop != 2) {
		at_source_free(src);
		return;
	}
	AT_CHECK(starts(src, src->scops[0]->func_begin, "void m_args") &&
		starts(src, src->scops[1]->func_begin, "void m_ok"),
		"macro args: the kept nests");
	s = src->scops[0];
	st = &s->stmts[0];
	AT_CHECK(s->n_loop == 2 && s->n_param == 1, "macro args: i, j and N");
	for (int k = 0; s->n_param == 1 && k < st->n_ref; k++) {
		const at_ref *r = &st->refs[k];
		const char *a = s->arrays[r->array].name;
		w += (r->kind & AT_WRITE) != 0;
		/* columns: i j N 1 */
		rt += !strcmp(a, "T") && r->kind == AT_READ &&
			row_is(r->m, 4, 1L, 0L, 0L, -1L) &&
			row_is(r->m + 4, 4, 0L, 1L, 0L, -1L);
		rs += !strcmp(a, "S") && r->kind == AT_READ &&
			row_is(r->m, 4, 0L, 1L, 0L, 0L);
	}
	AT_CHECK(w == 1 && rt >= 1 && rs >= 1,
		"macro args: one write, T[i - 1][j - 1] and S[j] read");
	at_source_free(src);
}

/* Parse errors and unreadable files. */
static void test_errors(void)
{
	at_source *src = (at_source *)&src;
	int before = at_diag_count(AT_ERROR);
	char path[512];

	snprintf(path, sizeof path, "%s/fe_syntax.c", dir);
	AT_CHECK_INT(at_frontend_parse(path, 0, NULL, &src), 1,
		"syntax error: returns 1");
	AT_CHECK(src == NULL, "syntax error: no source");
	snprintf(path, sizeof path, "%s/no_such_file.c", dir);
	AT_CHECK_INT(at_frontend_parse(path, 0, NULL, &src), 1,
		"missing file: returns 1");
	AT_CHECK_INT(at_diag_count(AT_ERROR) - before, 1,
		"missing file: one error");
	at_source_free(NULL);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		dir = argv[1];
	test_listing11();
	test_matmul();
	test_loops();
	test_region();
	test_region_clauses();
	test_misc();
	test_comments();
	test_reject();
	test_chain();
	test_hint();
	test_macro_values();
	test_macro_args();
	test_local();
	test_linear();
	test_linear_bad();
	test_linear_guard();
	test_alias();
	test_errors();
	AT_TEST_END();
}
