/*
 * at_space.h — stage 4: the transformation space of one nest.
 *
 * A candidate is an isl schedule tree over the scop's statements, built
 * from a *choice*:
 *
 *   shape       the partitioning matrix H (rows = tiling hyperplanes) and
 *               the band of loops it applies to.  A point x of the band
 *               (its coordinates P(x)) lies in tile floor(H P(x) / s).
 *               Shapes: "rect" (H = I on the original loops), "skew" (the
 *               smallest unit-lower-triangular H, a unimodular skew, that
 *               makes every distance non-negative), "cone<k>"/"diamond"
 *               (rows normal to facets of the dependence cone: tiles whose
 *               sides follow the dependences; for a stencil with a time
 *               loop the mirrored rows give diamonds), "isl" (H = I on the
 *               permutable bands isl's Pluto-style scheduler finds, with
 *               the shifts and fusion multi-statement nests need).
 *   tile scan   TI: tiles in the order of the original basis (by tile
 *               origin, adj(H) diag(s) t); TS: along the partitioning
 *               vectors (tile coordinates t, in any order); TP: a
 *               wavefront, outer loop sum(t) (the direction every
 *               inter-tile dependence of a legal tiling advances), inner
 *               tile loops parallel.
 *   point scan  LI: original basis P inside a tile (its loops in any
 *               order); LS: along the partitioning vectors H P (same);
 *               LP: outer point loop along the summation vector sigma of
 *               the dependences (sigma . P), then the other coordinates.
 *   loop orders the order of the tile loops (TS) and of the point loops
 *               (LI, LS): a permutation of the band positions, outermost
 *               first.  Bands of at most AT_PERM_MAX loops get every
 *               permutation; deeper bands get each tile loop outermost
 *               (the others in order) and each pair (outermost point loop,
 *               innermost point loop), the others in order, which holds
 *               "parallel loop outermost, stride-1 loop innermost" for
 *               any pair.  TI, TP and LP fix their order.
 *   sizes       one tile size per row, from {1, 4, 8, ..., 512}, never
 *               larger than the number of values the row takes when it
 *               is known (at_shape.trips: for isl's band, whose members
 *               may reorder or combine the loops, those of the member).
 *
 * The untransformed nest ("orig") is always a candidate.  Every schedule
 * handed out has passed the exact legality test at_deps_is_legal() for
 * exactly its sizes; structures are enumerated and checked at probe sizes
 * (min(32, trip count)) so that reports and the model see only legal ones.
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

/* The id of the candidate that leaves a nest exactly as written (no
 * transformation, no OpenMP pragmas: the speedup-1 baseline every other
 * candidate is measured against); its choice has shape AT_CHOICE_KEEP. */
#define AT_KEEP_ID "keep"

#define AT_MAX_SHAPE 6
#define AT_N_SIZE 9		/* the tile sizes 1, 4, 8, ..., 512 */

typedef enum at_scan {
	AT_SCAN_I,		/* TI / LI: initial basis */
	AT_SCAN_S,		/* TS / LS: shape (partitioning vectors) */
	AT_SCAN_P		/* TP / LP: parallel (summation vector) */
} at_scan;

/* Options from the pragma's clauses and the command line. */
typedef struct at_opts {
	int n_size;			/* tile sizes given (tile(...)) */
	long sizes[AT_MAX_DEPTH];
	long default_size;		/* N of --strategy fixed:N, 0: none */
	int parallel;			/* 1: emit OpenMP pragmas */
	int explain;
	char shape[16];			/* shape(...) clause, "" = free */
	int tile_scan, point_scan;	/* scan(...) clause, -1 = free */
	char candidate[96];		/* candidate(ID) / --candidate */
} at_opts;

typedef enum at_shape_kind {
	AT_SHAPE_RECT,
	AT_SHAPE_SKEW,
	AT_SHAPE_CONE,
	AT_SHAPE_ISL
} at_shape_kind;

/* One partitioning matrix over a band of n loops. */
typedef struct at_shape {
	at_shape_kind kind;
	char name[16];
	int n;
	long h[AT_MAX_DEPTH][AT_MAX_DEPTH];	/* rows: tiling hyperplanes */
	long sigma[AT_MAX_DEPTH];	/* LP direction, band coordinates */
	int unit;			/* H = I (then TI = TS, LS = LI) */
	/* The band's rows as linear forms over the loops of statement
	 * `stmt` (outermost first): H on the first n loops (shared by all
	 * statements) for the shapes of the original loops; for isl's
	 * band its members over the loops of the deepest statement it
	 * schedules, when they are affine there with n loops forming an
	 * invertible matrix (else I on its first n loops). */
	long band[AT_MAX_DEPTH][AT_MAX_DEPTH];
	int stmt;
	/* Per band position, how many values it takes (-1: parametric):
	 * loop k's trip count for the shapes of the original loops; for
	 * isl's band the trip count of the loop a member follows, or
	 * 1 + sum |band_kj| (trip_j - 1) for a combination of loops.  Tile
	 * sizes are capped by it. */
	long trips[AT_MAX_DEPTH];
	/* isl shapes: which of space->isl_sched[] holds the bands (0:
	 * isl's defaults, "isl"; 1: with its deepest bands, "isld"). */
	int deep;
} at_shape;

/* at_choice.shape of the two untransformed choices: "orig" (the original
 * loop order, regenerated) and "keep" (the nest left as written: the CLI
 * generates nothing for it; the space builds the original schedule for it
 * too). */
#define AT_CHOICE_ORIG (-1)
#define AT_CHOICE_KEEP (-2)

/* Bands of at most this many loops get every permutation of their tile
 * and point loops; deeper ones a bounded set (see the top comment). */
#define AT_PERM_MAX 3

/* A point of the space: shape, scans, loop orders and sizes.  tile_ord
 * and point_ord are permutations of the band positions 0..n-1 (outermost
 * first); they apply where the scan leaves the order free (tile_ord to
 * TS, point_ord to LI and LS; at_choice_orders gives the effective ones).
 * An order that is not a permutation (e.g. all zero after memset) means
 * the original order. */
typedef struct at_choice {
	int shape;		/* index into space->shapes; AT_CHOICE_ORIG,
				 * AT_CHOICE_KEEP: untransformed */
	at_scan tile_scan, point_scan;
	int tile_ord[AT_MAX_DEPTH];	/* TS: tile loops, outermost first */
	int point_ord[AT_MAX_DEPTH];	/* LI/LS: point loops, outermost first */
	long sizes[AT_MAX_DEPTH];
} at_choice;

/* One enumerated structure (a choice at probe sizes) and its verdict. */
typedef struct at_struct {
	at_choice ch;
	int legal;		/* 1 legal, 0 illegal, -1 not checked */
	int dep;		/* when illegal: index of a violated dependence
				 * (-1 unknown; filled only in AT_SPACE_REASONS) */
} at_struct;

/* The space of one nest. */
typedef struct at_space {
	const at_scop *scop;
	const at_deps *deps;
	/* isl's scheduler results, or NULL: [0] under its defaults, [1]
	 * with schedule_maximize_band_depth, only when it differs and
	 * [0]'s first tilable band is shallower than the nest. */
	isl_schedule *isl_sched[2];
	int orig_n;			/* loops shared by all statements */
	int ref;			/* at_scop_ref_stmt: whose loops the
					 * positions below are */
	long trips[AT_MAX_DEPTH];	/* per position, -1: parametric */
	long *loop_trips;		/* per loop of the scop, the same */
	int n_shape;
	at_shape shapes[AT_MAX_SHAPE];
	int n_struct;
	at_struct *structs;
	struct at_space_memo *memo;	/* at_space_omp's results so far (it
					 * fills it through a const space) */
} at_space;

typedef enum at_cand_kind {
	AT_CAND_IDENTITY,		/* the original loop order */
	AT_CAND_TILED
} at_cand_kind;

typedef struct at_cand {
	at_cand_kind kind;
	isl_schedule *schedule;
	at_choice ch;
	char id[96];			/* stable id, see at_space_id() */
	char desc[256];			/* one line for --explain and comments */
} at_cand;

/* Writes into trips (AT_MAX_DEPTH entries) the trip count of the loop
 * at position k of statement `stmt` of the space's scop (-1: parametric,
 * or no loop there). */
void at_space_stmt_trips(const at_space *space, int stmt, long *trips);

/* Parses the clauses of a `#pragma autotile` into *opts (which holds the
 * command-line defaults on entry): tile(N,...), shape(NAME),
 * scan(TS,LI), candidate(ID), explain, parallel(outer|none).  Unknown or
 * malformed clauses are reported as located warnings and ignored.
 * Returns 0. */
int at_space_parse_clauses(const at_scop *scop, at_opts *opts);

/* What at_space_build computes. */
enum {
	AT_SPACE_SHAPES,	/* only the shapes (enough to make a choice) */
	AT_SPACE_ENUM,		/* and every structure, checked exactly */
	AT_SPACE_REASONS,	/* and a violated dependence per illegal one */
	AT_SPACE_LIST,		/* every structure, unchecked (legal = -1):
				 * for the cost model, which checks only the
				 * few it ranks best (at_space_make) */
	AT_SPACE_NO_ISL = 16	/* or'ed with one of the above: without the
				 * shapes of isl's scheduler, for a caller
				 * that needs none of them (its run can take
				 * seconds) */
};

/* Builds the space of `scop` as `mode` says: the shapes, then every
 * structure (shape x tile scan x point scan x loop order), each checked
 * exactly at probe sizes (most verdicts of a tiling's structures follow
 * exactly from those of others, see at_space_check_grid in space.c).  `deps` and `scop` must outlive the space.
 * Returns NULL (after a diagnostic) on error. */
at_space *at_space_build(isl_ctx *ctx, const at_scop *scop,
	const at_deps *deps, int mode);

/* Frees a space; NULL is allowed. */
void at_space_free(at_space *space);

/* Returns the candidate for `ch`, or NULL when its schedule fails the
 * exact legality test (then *dep is the index of a dependence it violates,
 * or -1 if none could be named) or on error (*dep = -2). */
at_cand *at_space_make(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int *dep);

/* As at_space_make, but an illegal ch gets *dep = -1 without a dependence
 * being looked for: when a local scalar's copies are mixed, the
 * dependences are not tested at all (at_deps_check), which is most of
 * the cost of rejecting such a candidate.  For callers that only need
 * to know whether ch is legal (the cost model's ranking). */
at_cand *at_space_try(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int *dep);

/* Writes the stable id of `ch` into buf and returns buf: "orig", "keep",
 * or SHAPE.T<scan>.L<scan>.ORDERS.SIZES, e.g. "skew.TP.LI.o0.i2.32x32x16"
 * or "rect.TS.LI.t120.p021.32x32x32".  ORDERS has two forms:
 *   o<k>.i<m>    tile loop k outermost and point loop m innermost, the
 *                others in their order (the only orders of earlier
 *                versions; printed whenever both orders have this form);
 *   t<..>.p<..>  the tile and point loop orders in full, one digit per
 *                band position, outermost first ("p021": loop 0, then 2,
 *                then 1 innermost, matmul's i-k-j).
 * Orders are printed as stored, also where the scan fixes the order.
 * SIZES are the tile sizes per band position joined by 'x'. */
char *at_space_id(const at_space *space, const at_choice *ch, char *buf,
	size_t size);

/* Returns 1 if candidate id `id` names a structure of one of isl's
 * shapes ("isl", "isld"), whatever the nest; 0 if not. */
int at_space_id_is_isl(const char *id);

/* Parses an id (see at_space_id; either order form, and "o<k>" may be
 * combined with "p<..>", "t<..>" with "i<m>") into *ch, so that
 * parse(id(ch)) == ch.  Returns 0, or -1 with a message in err. */
int at_space_parse_id(const at_space *space, const char *id, at_choice *ch,
	char *err, size_t size);

/* Fills tile_ord and point_ord (n entries each) with the effective loop
 * orders of ch's band of n loops, band positions outermost first: ch's
 * own orders where the scan leaves them free (tile: TS; point: LI, LS),
 * else the scan's fixed order 0, 1, ..., n-1 (also for orig and keep, and
 * for a stored order that is not a permutation of 0..n-1). */
void at_choice_orders(const at_choice *ch, int n, int *tile_ord,
	int *point_ord);

/* Counts the enumerated structures per (tile scan, point scan) into
 * total[][] and the legal ones into legal[][]; returns the number of
 * legal structures. */
int at_space_counts(const at_space *space, int legal[3][3], int total[3][3]);

/* Fills sizes[] (at most AT_N_SIZE) with the tile sizes allowed for
 * band position `k` of shape `s`: those of {1, 4, ..., 512} that do not
 * exceed the position's number of values when it is known (shape->trips;
 * the parametric rule: a parameter is assumed large, all sizes allowed).
 * Returns the count. */
int at_space_sizes(const at_space *space, int s, int k, long *sizes);

/* Returns the probe size of band position k of shape s, at which
 * structures are checked and described: 32, or the position's number of
 * values (shape->trips) when it is known and smaller (at least 1). */
long at_space_probe(const at_space *space, int s, int k);

/* Returns the choice `--strategy fixed:N` / `tile(...)` make under opts:
 * the first legal structure that matches opts' shape/scan clauses (by
 * default the "isl" shape, TS, or TP when its outer loop is not parallel,
 * LI, original loop orders), with opts' sizes capped by the trip counts.
 * Returns 0, or -1 when no structure matches (then *why says why). */
int at_space_default(const at_space *space, const at_opts *opts,
	at_choice *ch, const char **why);

/* Finds where OpenMP pragmas go in ch's first tiled band: *par is the
 * outermost tile loop (0-based level within the band's tile loops) that
 * no dependence crosses, *simd the level (tile loops first, then point
 * loops) of the innermost point loop when no dependence crosses it; -1
 * when there is none.  Exact (at_deps_is_parallel's test); each test's
 * result is memoized in the space for the choices that share it, and
 * with a memo the choices that differ only in their loop orders (and in
 * a scan the test does not see) ask it of one relation of the
 * dependences through their schedule (see space_omp.c).  Returns 0 or -1. */
int at_space_omp(isl_ctx *ctx, const at_space *space, const at_choice *ch,
	int *par, int *simd);

/* Sets dir[s] (statement s's iterators, outermost first) to the step of
 * statement s's innermost loop under ch's schedule: the difference
 * between two of its consecutive iterations, and known[s] to 1, when
 * that step is the same vector throughout the statement's domain
 * (known[s] 0 and dir[s] zero otherwise: no loop, a step that varies, or
 * a loop stride above 8).  A scan along the rows of a non-unimodular H
 * meets integer points on every few values of its coordinate only; the
 * step is then the one of the loop isl generates, at its stride.  The
 * answers are memoized in the space by the part of ch the point loops
 * depend on.  dir and known have scop->n_stmt entries.  Returns 0, or -1
 * on an isl error. */
int at_space_inner(isl_ctx *ctx, const at_space *space, const at_choice *ch,
	long (*dir)[AT_MAX_DEPTH], int *known);

/* Fills ord with the positions 0..n-1 in the order a band is scanned:
 * `outer` first (when >= 0), `inner` last (when >= 0), the others in
 * their order (the orders of the old id form o<k>.i<m>). */
void at_space_order(int *ord, int n, int outer, int inner);

/* Returns the scan's letter: 'I', 'S' or 'P'. */
char at_scan_letter(at_scan scan);

/* Frees a candidate; NULL is allowed. */
void at_cand_free(at_cand *cand);

#endif
