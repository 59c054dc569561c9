/*
 * space_int.h — what the two halves of stage 4's structure code share:
 * src/space.c (structures, their schedule trees, ids, legality),
 * src/space_omp.c (which loops of a structure are parallel, memoized) and
 * src/space_inner.c (how each statement's innermost loop steps, memoized).
 * Not part of the library's interface (include/at_space.h is).
 */
#ifndef AT_SPACE_INT_H
#define AT_SPACE_INT_H

#include <isl/ctx.h>
#include <isl/schedule.h>

#include "at_space.h"

/* One memoized test of at_space_omp.  Its result depends on less than
 * the whole choice: the outermost parallel tile loop (`simd` 0) on the
 * shape, tile scan, effective tile order and sizes (the point loops are
 * not in its test); whether the innermost point loop is parallel
 * (`simd` 1) on the shape, scans, sizes and which point loop is innermost
 * (its test equates every other loop of the band, in whatever order). */
struct at_omp_entry {
	at_choice key;
	int simd;
	int value;
};

/* A family of structures whose at_space_omp tests are asked of one
 * relation (at_space_family says which: for the parallel tile loop, the
 * structures that differ only in their loop orders and point scan; for
 * the innermost point loop, those that differ only in their loop orders
 * and tile scan).  `rel` holds every dependence a -> b as the pair
 * (T(a), T(b)), T = [prefix schedule (d dims), tile band (n members),
 * point band (np members)] of the choice `key` (both loop orders the
 * identity); NULL when there is none.  A loop order only permutes the
 * members of a band, so the test of any member (do the ends of a
 * dependence agree on the outer coordinates and differ on this one?) is
 * a test on `rel` with the coordinates named by the orders: one transfer
 * of the dependences through the tiled schedule per family instead of
 * one per test.  zero[mask][j] keeps the tile-loop tests: 1 when no
 * dependence agreeing on the prefix and on the tile members in `mask` (a
 * bit per member) differs on member j, 0 if one does, -1 not yet tested.
 * n == 0: the schedule has no tiled band. */
struct at_omp_family {
	at_choice key;
	int simd;
	isl_basic_map_list *rel;
	int d, n, np;
	signed char zero[1 << AT_MAX_DEPTH][AT_MAX_DEPTH];
};

/* One memoized answer of at_space_inner: the steps of the innermost
 * loops depend only on the point loops, i.e. on the shape, the point
 * scan, the effective point order and the sizes (`key`, the rest 0);
 * dir and known have one entry per statement. */
struct at_inner_entry {
	at_choice key;
	long (*dir)[AT_MAX_DEPTH];
	int *known;
};

/* The memo of at_space_omp and at_space_inner, owned by its space:
 * results by the part of the choice they depend on, and the relations of
 * the families; and the original schedule trees by their number of
 * shared loops (every candidate's schedule starts from one). */
struct at_space_memo {
	int n, cap;
	struct at_omp_entry *e;
	int n_fam, cap_fam;
	struct at_omp_family **fam;
	isl_schedule *orig[AT_MAX_DEPTH + 1];
	int n_inner, cap_inner;
	struct at_inner_entry *inner;
};

/* Frees the at_space_inner part of memo m. */
void at_space_inner_memo_free(struct at_space_memo *m);

/* Returns the schedule tree of choice ch of space (not checked for
 * legality); NULL on an isl error. */
__isl_give isl_schedule *at_space_schedule(isl_ctx *ctx,
	const at_space *space, const at_choice *ch);

/* Copies ord (n entries) into out when it is a permutation, else (also
 * when ord is NULL) fills out with 0..n-1. */
void at_space_perm_or_id(const int *ord, int n, int *out);

/* Frees the memo m and everything it holds; NULL is allowed. */
void at_space_memo_free(struct at_space_memo *m);

#endif
