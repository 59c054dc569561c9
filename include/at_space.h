/*
 * at_space.h — stage 4: candidate schedules for one nest.
 *
 * A candidate is an isl schedule tree over the scop's statements.  Every
 * candidate returned here has passed the exact legality test of
 * at_deps_is_legal(); the untransformed nest (original schedule) is always
 * a candidate.  This first version offers the identity and rectangular
 * tiling of the permutable bands that isl's Pluto-style scheduler finds
 * (with the skewing, shifting and fusion that stencils and multi-statement
 * nests need to be tilable).
 */
#ifndef AT_SPACE_H
#define AT_SPACE_H

#include <isl/schedule.h>

#include "at_scop.h"
#include "at_deps.h"

/* Name of the isl mark placed above the point loops of a tile: code
 * generation never opens a parallel region inside them (forking threads
 * for a few dozen iterations costs more than it gains). */
#define AT_MARK_POINT "at_point"

/* Options from the pragma's clauses and the command line. */
typedef struct at_opts {
	int n_size;			/* tile sizes given (tile(...)) */
	long sizes[AT_MAX_DEPTH];
	long default_size;		/* N of --strategy fixed:N, 0: none */
	int parallel;			/* 1: emit OpenMP pragmas */
	int explain;
} at_opts;

typedef enum at_cand_kind {
	AT_CAND_IDENTITY,		/* the original loop order */
	AT_CAND_TILED			/* tiled bands from isl's scheduler */
} at_cand_kind;

typedef struct at_cand {
	at_cand_kind kind;
	isl_schedule *schedule;
	int n_tiled;			/* bands tiled */
	char desc[256];			/* one line for --explain and comments */
} at_cand;

/* Parses the clauses of a `#pragma autotile` into *opts (which holds the
 * command-line defaults on entry).  Unknown or malformed clauses are
 * reported as located warnings and ignored.  Returns 0. */
int at_space_parse_clauses(const at_scop *scop, at_opts *opts);

/* Returns the identity candidate (the original schedule), or NULL. */
at_cand *at_space_identity(isl_ctx *ctx, const at_scop *scop);

/* Returns the candidate that tiles every permutable band of two or more
 * members found by isl's scheduler with opts' sizes, after checking it
 * with the exact legality test.  Returns NULL when there is no such band
 * or the schedule fails the test; *why then says why (static text). */
at_cand *at_space_tiled(isl_ctx *ctx, const at_scop *scop,
	const at_deps *deps, const at_opts *opts, const char **why);

/* Frees a candidate; NULL is allowed. */
void at_cand_free(at_cand *cand);

#endif
