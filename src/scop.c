/*
 * scop.c — stage 2: the at_scop as isl objects (domains, accesses, original
 * schedule), and the scop's own memory management.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/set.h>
#include <isl/map.h>
#include <isl/union_set.h>
#include <isl/union_map.h>

#include "at_scop.h"
#include "at_diag.h"

/* Returns the number of columns of every affine row: loops, params, 1. */
int at_scop_ncol(const at_scop *scop)
{
	return scop->n_loop + scop->n_param + 1;
}

/* Frees one statement's owned memory (not the struct itself). */
static void at_stmt_clear(at_stmt *s)
{
	for (int r = 0; r < s->n_ref; r++)
		free(s->refs[r].m);
	free(s->refs);
	free(s->uses);
	for (int c = 0; c < s->n_cond; c++)
		free(s->cond[c]);
	free(s->cond);
	free(s->text);
}

/* Frees one loop's owned memory (not the struct itself). */
static void at_loop_clear(at_loop *l)
{
	for (int k = 0; k < l->n_lb; k++)
		free(l->lb[k].row);
	for (int k = 0; k < l->n_ub; k++)
		free(l->ub[k].row);
	free(l->lb);
	free(l->ub);
	free(l->iter);
	free(l->type);
}

/* Frees the scop and everything it owns; NULL is a no-op. */
void at_scop_free(at_scop *scop)
{
	if (!scop)
		return;
	for (int i = 0; i < scop->n_loop; i++)
		at_loop_clear(&scop->loops[i]);
	free(scop->loops);
	for (int i = 0; i < scop->n_param; i++)
		free(scop->params[i]);
	free(scop->params);
	for (int i = 0; i < scop->n_array; i++) {
		free(scop->arrays[i].name);
		free(scop->arrays[i].elem_type);
	}
	free(scop->arrays);
	for (int i = 0; i < scop->n_stmt; i++)
		at_stmt_clear(&scop->stmts[i]);
	free(scop->stmts);
	free(scop->clauses);
	free(scop->indent);
	free(scop);
}
