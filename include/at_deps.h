/*
 * at_deps.h — stage 3: exact dependences of a scop (isl dataflow).
 *
 * RAW, WAR and WAW dependences are computed memory-based (the user's arrays
 * are kept as they are) between pairs of references, as direct
 * dependences: every other memory-based dependence follows from these by
 * transitivity, so a schedule that respects them respects all.
 */
#ifndef AT_DEPS_H
#define AT_DEPS_H

#include <isl/set.h>
#include <isl/union_map.h>

#include "at_scop.h"

typedef enum at_dep_kind {
	AT_DEP_RAW,
	AT_DEP_WAR,
	AT_DEP_WAW
} at_dep_kind;

/* One dependence between two references. */
typedef struct at_dep {
	at_dep_kind kind;
	int src, dst;		/* statements */
	int src_ref, dst_ref;	/* reference index within each statement */
	int n_common;		/* number of loops enclosing both statements */
	int uniform;		/* the distance is one constant vector */
	long dist[AT_MAX_DEPTH];	/* that vector (first n_common entries) */
	char *delta;		/* the distance set in isl notation */
	isl_map *rel;		/* S<src>[...] -> S<dst>[...] */
} at_dep;

typedef struct at_deps {
	isl_union_map *all;	/* S<a>[...] -> S<b>[...], all kinds */
	int n_dep;
	at_dep *deps;
	int n_dim;		/* depth of the cone's space (0: no cone) */
	int n_ray;
	long rays[16][AT_MAX_DEPTH];	/* extreme rays of the cone */
	/* Per local scalar of the scop (at_array.local), its accesses as
	 * S<k>[...] -> <name>[copy]: what at_deps_is_legal keeps together. */
	int n_local;
	isl_union_map **local;
	/* The same scalars as single variables, accesses tagged as in
	 * at_scop_access: their live ranges (RAW) and the WAR and WAW
	 * dependences between them, which isl's scheduler gets as its
	 * conditional validity constraints (NULL without locals). */
	isl_union_map *live, *order;
} at_deps;

/* Computes the dependences of `scop`.  Returns NULL on error, after a
 * diagnostic unless isl_ctx_abort() stopped ctx (a watchdog: its caller
 * says why). */
at_deps *at_deps_compute(isl_ctx *ctx, const at_scop *scop);

/* Frees `deps`; NULL is allowed. */
void at_deps_free(at_deps *deps);

/* The last result of at_deps_memo_compute, kept for the next nest: a file
 * may hold copies of one nest (one per candidate forced on it). */
typedef struct at_deps_memo {
	char *key;		/* what the dependences were computed from */
	at_deps *deps;
} at_deps_memo;

/* As at_deps_compute, but when scop's accesses, schedule, arrays,
 * statements and loop steps are those memo was computed from, returns a
 * copy of memo's dependences instead; otherwise memo (zeroed at first)
 * keeps a copy of the new ones.  The result is the caller's. */
at_deps *at_deps_memo_compute(isl_ctx *ctx, const at_scop *scop,
	at_deps_memo *memo);

/* Frees what memo holds (it stays usable, empty). */
void at_deps_memo_clear(at_deps_memo *memo);

/* Returns 1 if `schedule` (statement instances -> one common schedule
 * space) executes the source of every dependence strictly before its sink
 * and runs the accesses to each copy of a local scalar (at_array.local)
 * with no access to another copy of it in between (the generated code
 * keeps one variable, private to each thread), as proved by a prefix of
 * the schedule that separates the copies; 0 if not, -1 on error.
 * This is the one exact legality test used for every candidate (tiling,
 * skewing, scans, permutations). */
int at_deps_is_legal(const at_deps *deps, __isl_keep isl_union_map *schedule);

/* As at_deps_is_legal; when the schedule fails and dep is not NULL, also
 * sets *dep to the dependence it violates (at_deps_violated), or to -1
 * when it respects every dependence and only a local scalar's copies are
 * not kept apart, without testing the dependences one by one then.  With
 * dep NULL, a schedule that mixes a local scalar's copies fails without
 * the dependences being tested. */
int at_deps_check(const at_deps *deps, __isl_keep isl_union_map *schedule,
	int *dep);

/* Returns 1 if every dependence a -> b goes weakly forward in the first
 * n dimensions of `schedule`: their values at a are lexicographically at
 * most those at b; 0 if one goes backward, and then every schedule that
 * begins with those n dimensions violates it; -1 on error. */
int at_deps_weakly_forward(const at_deps *deps,
	__isl_keep isl_union_map *schedule, int n);

/* Sets *out to every dependence a -> b between instances t maps, as the
 * pair t(a) -> t(b), in one map (possibly empty; NULL when no map is
 * left).  Returns 0, or -1 on error or when the images do not lie in one
 * space (then *out is NULL). */
int at_deps_image(const at_deps *deps, __isl_keep isl_union_map *t,
	isl_map **out);

/* Returns the index of the first dependence in deps->deps that `schedule`
 * does not execute forward (source strictly before sink), -1 when there is
 * none, -2 on error.  Used to name the dependence that forbids a choice. */
int at_deps_violated(const at_deps *deps, __isl_keep isl_union_map *schedule);

/* Returns the set of distances T(b) - T(a) of all dependences a -> b
 * between instances that `partial` (instances -> one common space T)
 * maps, an empty set when there is none, or NULL on error. */
__isl_give isl_set *at_deps_deltas(const at_deps *deps,
	__isl_keep isl_union_map *partial);

/* Returns 1 if no pair of `rel` (taken: dependences mapped through a
 * schedule, at_deps_image; NULL: none) that agrees on every dimension
 * but the last differs on the last: the loop of the last dimension can
 * run its iterations in parallel.  0 if not, -1 on error. */
int at_deps_image_is_parallel(__isl_take isl_map *rel);

/* Returns 1 if, among the dependences between instances of `domain` that
 * `partial` (instances -> [outer..., current]) does not separate on its
 * outer dimensions, none has a non-zero distance on the last dimension:
 * the loop of the last dimension can run its iterations in parallel.
 * Returns 0 if not and -1 on error. */
int at_deps_is_parallel(const at_deps *deps,
	__isl_keep isl_union_map *partial);

/* Writes a one-line description of dependence d of scop into buf (kind,
 * statements, array, distance) and returns buf. */
char *at_dep_describe(const at_scop *scop, const at_dep *d, char *buf,
	size_t size);

/* Writes into buf why a schedule failed at_deps_is_legal: dependence
 * `dep` (at_deps_violated) described, or, when none is violated (dep <
 * 0), that no schedule prefix keeps a local scalar's copies apart (a
 * scalar declared in the nest or given copies by the frontend);
 * returns buf. */
const char *at_deps_reason(const at_scop *scop, const at_deps *deps, int dep,
	char *buf, size_t size);

/* Divides the n entries of v by their greatest common divisor (a zero
 * vector is left alone). */
void at_deps_normalize(long *v, int n);

/* Returns the kind's name: "RAW", "WAR" or "WAW". */
const char *at_dep_kind_name(at_dep_kind kind);

#endif
