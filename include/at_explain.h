/*
 * at_explain.h — the human report of --explain (on stderr): what was found
 * in a nest, its dependences and cone, the chosen schedule and which loops
 * run in parallel and why.
 */
#ifndef AT_EXPLAIN_H
#define AT_EXPLAIN_H

#include <stdio.h>

#include "at_scop.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_codegen.h"

/* Prints the nest's loops, statements and dependences. */
void at_explain_nest(FILE *f, const at_scop *scop, const at_deps *deps);

/* Prints the space: shapes (H, sigma) and, per scan combination, how many
 * structures are legal; with explain on, why each illegal one is. */
void at_explain_space(FILE *f, const at_scop *scop, const at_space *space);

/* Prints the chosen candidate of `scop`, why others were not taken
 * (`why`, may be NULL), and the parallel loops of the generated code. */
void at_explain_choice(FILE *f, const at_scop *scop, const at_cand *cand,
	const char *why, const at_gen *gen);

#endif
