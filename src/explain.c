/*
 * explain.c — the --explain report (see include/at_explain.h).
 */
#include <stdlib.h>
#include <string.h>

#include <isl/schedule.h>
#include <isl/union_map.h>

#include "at_explain.h"

/* Prints "(a, b, c)" for the first n entries of v. */
static void at_explain_vec(FILE *f, const long *v, int n)
{
	fputc('(', f);
	for (int p = 0; p < n; p++)
		fprintf(f, "%s%ld", p ? ", " : "", v[p]);
	fputc(')', f);
}

/* Prints one dependence line. */
static void at_explain_dep(FILE *f, const at_scop *scop, const at_dep *d)
{
	char buf[1024];

	fprintf(f, "    %s\n", at_dep_describe(scop, d, buf, sizeof(buf)));
}

/* Prints "; locals x (a copy per i, j), ..." for the scalars declared in
 * the nest (at_array.local), "y (declared outside, a copy per k)" for
 * those declared outside it and given copies: the loops of the copies
 * are the first ones of any statement that uses the scalar. */
static void at_explain_locals(FILE *f, const at_scop *scop)
{
	int n = 0;

	for (int a = 0; a < scop->n_array; a++) {
		const at_stmt *st = NULL;
		if (!scop->arrays[a].local)
			continue;
		for (int k = 0; !st && k < scop->n_stmt; k++)
			if (at_scop_stmt_refers(&scop->stmts[k], a,
			    AT_READ | AT_WRITE))
				st = &scop->stmts[k];
		fprintf(f, "%s%s (%sa copy per", n++ ? ", " : "; locals ",
			scop->arrays[a].name, scop->arrays[a].privatized ?
			"declared outside, " : "");
		for (int d = 0; st && d < scop->arrays[a].local; d++)
			fprintf(f, "%s %s", d ? "," : "",
				scop->loops[st->loops[d]].iter);
		fprintf(f, "%s)", st ? "" : " iteration");
	}
}

/* Prints the constraints of a guard in isl's text (at_scop.guard):
 * "lda >= n" of "[lda, n] -> { : lda >= n }". */
static void at_explain_guard(FILE *f, const char *guard)
{
	const char *p = strchr(guard, '{'), *e = strrchr(guard, '}');

	p = p ? strchr(p, ':') : NULL;
	while (p && (*p == ':' || *p == ' '))
		p++;
	while (p && e > p && e[-1] == ' ')
		e--;
	if (p && e && e > p)
		fprintf(f, "%.*s", (int)(e - p), p);
	else
		fputs(guard, f);
}

/* Prints how the arrays with a linearized subscript are read (see
 * at_array.split): "c read with 2 subscripts, the inner one below nj";
 * and what a versioned nest checks before it runs transformed
 * (at_scop.alias, at_scop.dguard, at_scop.guard). */
static void at_explain_arrays(FILE *f, const at_scop *scop)
{
	for (int a = 0; a < scop->n_array; a++) {
		const at_array *ar = &scop->arrays[a];

		if (!ar->split)
			continue;
		fprintf(f, "  linearized: %s read with %d subscripts, the "
			"inner one%s below ", ar->name, ar->n_dim,
			ar->split > 1 ? "s" : "");
		for (int d = 1; d <= ar->split; d++)
			fprintf(f, "%s%s", d > 1 ? ", " : "",
				scop->params[ar->dim_param[d]]);
		fprintf(f, " at every instance%s (proved)\n",
			scop->guard_why & AT_GUARD_SPLIT ?
			" where the guard below holds" : "");
	}
	for (int i = 0; i < scop->n_alias; i++)
		fprintf(f, "  alias check: %s and %s may overlap (not "
			"restrict); the transformed nest runs where the "
			"elements it accesses of each do not, the nest as "
			"written elsewhere\n", scop->arrays[scop->alias[i][0]].name,
			scop->arrays[scop->alias[i][1]].name);
	if (scop->hoist)
		fprintf(f, "  members read as parameters, once before the "
			"transformed nest: %s\n", scop->hoist);
	if (scop->dguard)
		fprintf(f, "  divisors: read as constants, %s; the transformed "
			"nest runs where they have those values, the nest as "
			"written elsewhere\n", scop->dguard);
	if (scop->guard_why & AT_GUARD_DIV)
		fprintf(f, "  divisions: the bounds divide values that may be "
			"negative, where C rounds toward zero and the model "
			"down; they agree where the guard below holds "
			"(proved)\n");
	if (scop->guard) {
		fprintf(f, "  guard: ");
		at_explain_guard(f, scop->guard);
		fprintf(f, "; the transformed nest runs where it holds, the "
			"nest as written elsewhere\n");
	}
}

/* Prints the nest's loops, statements and dependences. */
void at_explain_nest(FILE *f, const at_scop *scop, const at_deps *deps)
{
	fprintf(f, "%s:%u:%u: note: autotile: loop nest with %d loop%s (",
		scop->loc.file, scop->loc.line, scop->loc.col, scop->n_loop,
		scop->n_loop == 1 ? "" : "s");
	for (int i = 0; i < scop->n_loop; i++)
		fprintf(f, "%s%s", i ? ", " : "", scop->loops[i].iter);
	fprintf(f, "), %d statement%s", scop->n_stmt,
		scop->n_stmt == 1 ? "" : "s");
	for (int i = 0; i < scop->n_param; i++)
		fprintf(f, "%s%s", i ? ", " : "; parameters ", scop->params[i]);
	at_explain_locals(f, scop);
	fprintf(f, "\n");
	for (int k = 0; k < scop->n_stmt; k++)
		fprintf(f, "    S%d (line %u, depth %d): %s\n", k,
			scop->stmts[k].loc.line, scop->stmts[k].n_loop,
			scop->stmts[k].text);
	at_explain_arrays(f, scop);
	fprintf(f, "  dependences: %d\n", deps->n_dep);
	for (int i = 0; i < deps->n_dep; i++)
		at_explain_dep(f, scop, &deps->deps[i]);
	if (deps->n_ray) {
		fprintf(f, "  dependence cone, extreme rays:");
		for (int i = 0; i < deps->n_ray; i++) {
			fputc(' ', f);
			at_explain_vec(f, deps->rays[i], deps->n_dim);
		}
		fprintf(f, "\n");
	}
}

/* Prints the chosen candidate and the parallel loops. */
void at_explain_choice(FILE *f, const at_scop *scop, const at_cand *cand,
	const char *why, const at_gen *gen)
{
	isl_union_map *map = isl_schedule_get_map(cand->schedule);
	char *s = isl_union_map_to_str(map);

	fprintf(f, "  chosen: %s\n", cand->desc);
	if (why)
		fprintf(f, "  not tiled: %s\n", why);
	fprintf(f, "  schedule: %s\n", s ? s : "?");
	free(s);
	isl_union_map_free(map);
	for (int i = 0; i < gen->n_note; i++) {
		const at_loop_note *n = &gen->notes[i];
		fprintf(f, "  %*sloop %s: %s%s%s%s\n", 2 * n->level, "", n->iter,
			n->parallel ? "parallel (no dependence crosses its "
			"iterations)" : "sequential (carries a dependence)",
			n->omp == 1 ? " -> #pragma omp parallel for" :
			n->omp == 2 ? " -> #pragma omp simd" :
			n->omp == 3 ? "; no #pragma omp simd: a subscript "
			"decreases as the sequential loop around it advances "
			"(GCC 12 -O3 miscompiles that under simd)" :
			n->omp == 4 ? "; no #pragma omp parallel for: " :
			n->omp == 5 ? "; no OpenMP pragma: a copy of local " : "",
			n->omp == 4 && scop->serial ? scop->serial :
			n->omp == 5 ? scop->arrays[n->local].name : "",
			n->omp == 5 ? " is also used outside the loop, and "
			"private() would lose its value" : "");
	}
}

/* Prints row as a linear form over the loops of statement st (\"2i + j\",
 * \"0\"). */
static void at_explain_form(FILE *f, const at_scop *scop, const at_stmt *st,
	const long *row)
{
	int any = 0;

	for (int c = 0; c < st->n_loop && c < AT_MAX_DEPTH; c++) {
		long v = row[c];
		if (!v)
			continue;
		fprintf(f, "%s", v < 0 ? (any ? " - " : "-") : any ? " + " : "");
		if (labs(v) != 1)
			fprintf(f, "%ld", labs(v));
		fprintf(f, "%s", scop->loops[st->loops[c]].iter);
		any = 1;
	}
	if (!any)
		fputc('0', f);
}

/* Prints one shape: name, H, for isl's band its members over the loops
 * of the statement it is read on, and the LP direction sigma. */
static void at_explain_shape(FILE *f, const at_scop *scop,
	const at_shape *sh)
{
	fprintf(f, "    %-8s H =", sh->name);
	for (int r = 0; r < sh->n; r++) {
		fputc(' ', f);
		at_explain_vec(f, sh->h[r], sh->n);
	}
	if (sh->kind == AT_SHAPE_ISL && scop->n_stmt) {
		fprintf(f, " on isl's band (its hyperplanes, shifts and fusion)"
			", members over S%d's loops (", sh->stmt);
		for (int r = 0; r < sh->n; r++) {
			fprintf(f, "%s", r ? ", " : "");
			at_explain_form(f, scop, &scop->stmts[sh->stmt],
				sh->band[r]);
		}
		fputc(')', f);
	}
	fprintf(f, "; sigma ");
	at_explain_vec(f, sh->sigma, sh->n);
	fputc('\n', f);
}

/* Prints the space: shapes, legal counts per scan combination and the
 * reason for each rejected structure. */
void at_explain_space(FILE *f, const at_scop *scop, const at_space *space)
{
	int legal[3][3], total[3][3], n_legal = at_space_counts(space, legal,
		total);
	char id[96], buf[1024];

	fprintf(f, "  tiling shapes: %d\n", space->n_shape);
	for (int s = 0; s < space->n_shape; s++)
		at_explain_shape(f, scop, &space->shapes[s]);
	fprintf(f, "  structures (shape x scans x loop order, checked at probe "
		"sizes): %d legal of %d\n", n_legal, space->n_struct);
	for (int t = 0; t < 3; t++)
		for (int p = 0; p < 3; p++)
			if (total[t][p])
				fprintf(f, "    T%c-L%c: %d legal, %d illegal\n",
					at_scan_letter(t), at_scan_letter(p),
					legal[t][p], total[t][p] - legal[t][p]);
	for (int i = 0; i < space->n_struct; i++) {
		const at_struct *st = &space->structs[i];
		if (st->legal)
			continue;
		fprintf(f, "    rejected %s: %s\n", at_space_id(space, &st->ch,
			id, sizeof(id)), at_deps_reason(scop, space->deps, st->dep,
			buf, sizeof(buf)));
	}
}
