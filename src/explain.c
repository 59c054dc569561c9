/*
 * explain.c — the --explain report (see include/at_explain.h).
 */
#include <stdlib.h>

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
	const at_ref *r = &scop->stmts[d->src].refs[d->src_ref];

	fprintf(f, "    %s S%d -> S%d on %s: ", at_dep_kind_name(d->kind),
		d->src, d->dst, scop->arrays[r->array].name);
	if (d->uniform) {
		fprintf(f, "distance ");
		at_explain_vec(f, d->dist, d->n_common);
		fprintf(f, " (uniform)\n");
	} else if (d->n_common == 0) {
		fprintf(f, "between separate loops (ordered by the sequence)\n");
	} else {
		fprintf(f, "non-uniform, distances %s\n", d->delta);
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
	fprintf(f, "\n");
	for (int k = 0; k < scop->n_stmt; k++)
		fprintf(f, "    S%d (line %u, depth %d): %s\n", k,
			scop->stmts[k].loc.line, scop->stmts[k].n_loop,
			scop->stmts[k].text);
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
void at_explain_choice(FILE *f, const at_cand *cand, const char *why,
	const at_gen *gen)
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
		fprintf(f, "  %*sloop %s: %s%s\n", 2 * n->level, "", n->iter,
			n->parallel ? "parallel (no dependence crosses its "
			"iterations)" : "sequential (carries a dependence)",
			n->omp == 1 ? " -> #pragma omp parallel for" :
			n->omp == 2 ? " -> #pragma omp simd" : "");
	}
}
