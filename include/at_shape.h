/*
 * at_shape.h — partitioning matrices (part of stage 4, the space).
 *
 * Given the band of the loops all statements share and the exact set D of
 * dependence distances in that band, this computes the matrices H whose
 * rows h satisfy h . d >= 0 for every d in D (tiling with H is then legal,
 * DESIGN.md section 4):
 *
 *   rect     H = I, when every distance is non-negative;
 *   skew     the smallest unit-lower-triangular H (a unimodular skew,
 *            row k = e_k + sum_{j<k} m_j e_j with small m_j >= 0);
 *   cone<k>  rows normal to facets of the cone spanned by the uniform
 *            distances (parallelogram tiles whose sides follow the
 *            dependences; Listing 1.1 of the paper gives rows (-1,2) and
 *            (2,-1)); named "diamond" when two rows mirror each other, as
 *            for a stencil with a time loop (rows (1,1) and (1,-1)).
 */
#ifndef AT_SHAPE_H
#define AT_SHAPE_H

#include <isl/schedule_node.h>
#include <isl/set.h>

#include "at_space.h"

/* Returns the determinant of the n x n matrix h (n <= AT_MAX_DEPTH). */
long at_shape_det(const long h[][AT_MAX_DEPTH], int n);

/* Writes the adjugate of h into adj: h * adj = det(h) * I. */
void at_shape_adj(const long h[][AT_MAX_DEPTH], int n,
	long adj[][AT_MAX_DEPTH]);

/* Returns 1 if h . d >= 0 for every d in `deltas` (a set of n-vectors),
 * 0 if not, -1 on error. */
int at_shape_row_ok(__isl_keep isl_set *deltas, const long *h, int n);

/* Adds the shapes of the band of the first n loops (rect, skew, cone
 * shapes) to space->shapes, given the exact distance set `deltas` of that
 * band; every added row has passed at_shape_row_ok.  sigma (the
 * summation vector of the uniform distances, for LP) is set on each.
 * Returns 0 or -1. */
int at_shape_orig(at_space *space, __isl_keep isl_set *deltas, int n);

/* Writes into m the n x n matrix of the columns (loops) where the n rows
 * of band have a non-zero entry, and into col those loops in increasing
 * order; returns their number, or -1 when it is not n (then m and col
 * are I and 0..n-1). */
int at_shape_band_square(const long band[][AT_MAX_DEPTH], int n,
	long m[][AT_MAX_DEPTH], int *col);

/* Sets sh->band and sh->trips of isl's band `node` (sh->n members; see
 * at_shape): its members as linear forms over the loops of the deepest
 * statement the band schedules (the first such), when each is one affine
 * piece with integer coefficients there and their non-zero columns form
 * an invertible n x n matrix; otherwise I on that statement's first n
 * loops with their trip counts.  Returns 0 or -1. */
int at_shape_isl_rows(const at_space *space,
	__isl_keep isl_schedule_node *node, at_shape *sh);

#endif
