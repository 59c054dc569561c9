/*
 * at_features.h — stage 5: the feature vectors of the cost model.
 *
 * One *nest vector* per marked nest (paper §3, DESIGN.md §5) and one
 * *candidate vector* per (structure, tile sizes).  Both are float arrays of
 * a fixed layout named AT_FEAT_LAYOUT; the names of the entries are given
 * by at_features_nest_name() and at_features_cand_name() and are written
 * into the training rows and the weights file, so that a model trained on
 * one layout is never fed another.  Values are raw (not normalised): the
 * trainer stores the mean and standard deviation with the weights.
 *
 * Angles (the paper's "sectors").  A vector d of a nest of depth n is
 * given Cartesian coordinates x = d0 (the first, outermost loop), y = d1,
 * and z:
 *   n = 1  y = z = 0;   n = 2  z = 0;   n = 3  z = d2;
 *   n > 3  z = s * sqrt(d2^2 + ... + d_{n-1}^2), s the sign of the first
 *          non-zero of d2..d_{n-1}: the inner loops are folded into one
 *          axis, so that the outer two keep their own directions.
 * phi is the angle of (x, y) with the x-axis in [0, 360) degrees (0 when
 * x = y = 0); theta is the angle of (x, y, z) with the z-axis in [0, 180].
 *   2-D sector (8):  floor(phi / 45), for vectors of depth <= 2;
 *   3-D sector (32): 8 * min(3, floor(theta / 45)) + floor(phi / 45), for
 *                    depth >= 3 (theta = 180 falls in the last band).
 * Sectors are decided exactly on the integers (no floating point at the
 * boundaries): (1,1) lies at 45 degrees, in 2-D sector 1.
 */
#ifndef AT_FEATURES_H
#define AT_FEATURES_H

#include <stddef.h>

#include <isl/ctx.h>

struct cJSON;

#include "at_scop.h"
#include "at_deps.h"
#include "at_space.h"

#define AT_FEAT_LAYOUT "at-feat-5"

#define AT_FEAT_NREF 8		/* references with their own access block */
#define AT_FEAT_NDIM 3		/* array dimensions per block (innermost) */
#define AT_FEAT_NITER 4		/* iterator columns per block (outermost) */
#define AT_FEAT_MAXREF 32	/* references kept for footprints */

/* Sizes of the blocks of the nest vector, in layout order. */
#define AT_FEAT_NEST_DEP (8 + 32 + 8 + 32 + 12)
#define AT_FEAT_NEST_DOM (3 * AT_MAX_DEPTH + 6)
#define AT_FEAT_REF_DIM (6 + AT_FEAT_NDIM * (AT_FEAT_NITER + 1))
/* Scalar entries of the access block: counts, operators, alignments. */
#define AT_FEAT_NACC 11
#define AT_FEAT_NEST_ACC (AT_FEAT_NREF * AT_FEAT_REF_DIM + AT_FEAT_NACC + \
	2 * AT_MAX_DEPTH)
#define AT_FEAT_NEST_MACH 4
#define AT_FEAT_NEST_DIM (AT_FEAT_NEST_DEP + AT_FEAT_NEST_DOM + \
	AT_FEAT_NEST_ACC + AT_FEAT_NEST_MACH)

#define AT_FEAT_CAND_DIM (AT_FEAT_CAND_SHAPE + 3 * AT_MAX_DEPTH + 6 + 7)

/* The entries that describe the innermost loops (struct at_feat_inner). */
#define AT_FEAT_CAND_INNER 6
/* The leading entries of the candidate vector that do not depend on the
 * tile sizes: kind, shape, H, the scans and the innermost loops. */
#define AT_FEAT_CAND_SHAPE (3 + 4 + 2 + AT_MAX_DEPTH * AT_MAX_DEPTH + 6 + \
	AT_FEAT_CAND_INNER)

/* The way sizes (bytes of one way: a cache's size over its
 * associativity) the set-conflict entries assume, and the line size.  An
 * x86 L1 data cache is indexed within a 4 KiB page (32 KiB in 8 ways,
 * 48 KiB in 12).  L2 ways differ (1 MiB in 8 ways: 128 KiB; in 16 ways:
 * 64 KiB); the entry takes the smaller, and the machine entries tell
 * the network which machine it is. */
#define AT_FEAT_WAY_L1 4096
#define AT_FEAT_WAY_L2 65536
#define AT_FEAT_LINE 64

/* Trip count used for footprint and tile-count estimates when a loop's
 * trip count depends on a parameter of unknown value ("assumed large",
 * as the space assumes when it allows every tile size). */
#define AT_FEAT_TRIP_ASSUMED 1024

/* Value in param_vals of a parameter whose value is unknown. */
#define AT_FEAT_UNKNOWN AT_SCOP_UNKNOWN

/* Where the cache sizes of an at_feat_machine came from (the worst
 * source of the three sizes). */
enum at_feat_mach_src {
	AT_MACH_DEFAULT,	/* fixed 32 KiB / 1 MiB / 8 MiB guesses */
	AT_MACH_CPUID,		/* glibc's sysconf(_SC_LEVEL*_CACHE_SIZE) */
	AT_MACH_SYSFS,		/* <root>/cpu0/cache/index* */
	AT_MACH_RECORD		/* a dataset row's machine record */
};

/* The machine the features describe (and the weights were trained on). */
typedef struct at_feat_machine {
	long l1d, l2, l3;	/* data cache sizes in bytes */
	int cores;		/* online cores */
	enum at_feat_mach_src source;	/* where l1d, l2, l3 came from */
} at_feat_machine;

/* How the references walk memory in the innermost loop of their
 * statement (the loop the compiler vectorizes), counted over the
 * statements whose innermost step is known (at_space_inner).  A
 * reference's stride is its subscripts' change over one step: "inv" none
 * (the same element), "unit" the last subscript by +-1 and no other
 * (contiguous), "wide" any other change (a new cache line every few
 * steps, no plain vector load). */
typedef struct at_feat_inner {
	int stmts, known;		/* statements; with a known step */
	int refs, inv, unit, wide;	/* references of the known ones */
	int w, w_inv, w_wide;		/* of which writes */
} at_feat_inner;

/* Raw (un-encoded) facts of one nest, computed once with isl; the nest
 * vector is an encoding of these, and candidate vectors read them for
 * their footprint and tile-count estimates. */
typedef struct at_feat_nest {
	/* dependences */
	int ray_hist2[8], ray_hist3[32];	/* extreme rays by sector */
	int uni_hist2[8], uni_hist3[32];	/* uniform distances by sector */
	int n_ray, cone_dim;
	int sum_n;				/* 0: no uniform distance */
	long sum[AT_MAX_DEPTH];			/* summation vector */
	double sum_phi, sum_theta;		/* its angles (degrees) */
	int n_uniform, n_zero, n_nonuniform;	/* n_zero: distance 0 */
	int n_kind[3];				/* RAW, WAR, WAW */
	/* domain (loops in pre-order, see at_scop.h) */
	int n_loop, depth, n_stmt, shared;
	long trips[AT_MAX_DEPTH];	/* at known parameter values, -1 unknown */
	long total;			/* statement instances, -1 unknown */
	int const_bound[AT_MAX_DEPTH];	/* bounds constant (no iterator, no
					 * parameter of unknown value) */
	/* accesses */
	int n_ref, n_load, n_store, n_array;
	int n_add, n_mul, n_div, n_call;	/* operators in the statements */
	/* log2 of the largest power of two (at most 2^16) dividing the row,
	 * plane and whole-array bytes (at_array), the largest over the
	 * arrays, 0 when none is known: how far rows, planes and arrays
	 * fall on the same cache sets (4 KiB apart: 12) */
	int align[3];
	int reuse_inv[AT_MAX_DEPTH];	/* refs invariant in loop l */
	int reuse_s1[AT_MAX_DEPTH];	/* refs with stride 1 along loop l */
	float refs[AT_FEAT_NREF][AT_FEAT_REF_DIM];
	/* compact references for the footprint estimate of a tile */
	int n_fref;
	struct at_feat_fref {
		int array, elem_size, n_dim, n_loop;
		int first;		/* index of the first fref of the
					 * same array (itself or earlier) */
		double trip[AT_MAX_DEPTH];	/* per enclosing loop (by depth;
						 * unknown: AT_FEAT_TRIP_ASSUMED) */
		int coef[AT_MAX_DEPTH][AT_MAX_DEPTH];	/* |m[d][loop at depth p]| */
		int n_nz[AT_MAX_DEPTH];		/* non-zero entries of coef[d] */
		int nz[AT_MAX_DEPTH][AT_MAX_DEPTH];	/* their depths p, in
							 * increasing order */
		int dup;		/* 1: as many elements as an earlier
					 * reference of the array (skipped) */
		long stride[AT_MAX_DEPTH];	/* bytes one step of subscript
						 * d moves: the element, row
						 * and plane (at_array) for the
						 * last three, else 0 (not
						 * known) */
	} fref[AT_FEAT_MAXREF];
	double pos_trip[AT_MAX_DEPTH];	/* trips of the reference statement's
					 * loops (at_scop_ref_stmt)
					 * by depth = band position (unknown:
					 * AT_FEAT_TRIP_ASSUMED, none: 1) */
	at_feat_inner inner;		/* in the loop order as written */
	at_feat_machine mach;
	double mach_log2[3];		/* log2 of mach's L1d, L2, L3 sizes */
} at_feat_nest;

/* What a candidate vector needs of a structure (a shape x scans x loop
 * orders at any sizes): computed once per structure, with isl for the
 * OpenMP placement, then reused for every size vector (at_features_cand
 * does no isl work). */
typedef struct at_feat_struct_info {
	const at_feat_nest *nest;	/* borrowed */
	int kind;			/* 0 keep, 1 orig, 2 tiled */
	int shape_kind;			/* at_shape_kind, -1 for keep/orig */
	int n;				/* band depth (loops for keep/orig) */
	/* H: the band's rows over the loops of the reference statement
	 * (at_shape.band; for isl's band, of the deepest statement it
	 * schedules); col[i] is the loop of its i-th non-zero column,
	 * cover[p] is set for those loops; det and adj are of the n x n
	 * matrix of those columns; box[p][j] = |adj|_ij / |det| for p =
	 * col[i], the side of a tile along loop p per unit of size j. */
	long h[AT_MAX_DEPTH][AT_MAX_DEPTH];
	double box[AT_MAX_DEPTH][AT_MAX_DEPTH];
	long det;
	int col[AT_MAX_DEPTH], cover[AT_MAX_DEPTH];
	int unit;			/* every row follows one loop (+-1) */
	int tile_scan, point_scan;	/* at_scan, -1 for keep/orig */
	int tile_rank[AT_MAX_DEPTH], point_rank[AT_MAX_DEPTH];
	int tile_ord[AT_MAX_DEPTH];	/* band position of tile level k */
	int par, simd;			/* at_space_omp's answer (orig: loop
					 * levels of the nest), -1: none */
	at_feat_inner inner;		/* under the structure's schedule */
	double extent[AT_MAX_DEPTH];	/* per row of H: 1 + sum_k |h_pk|
					 * (trip_k - 1), k over the loops */
} at_feat_struct_info;

/* Fills *m with the L1 data, L2 and L3 cache sizes and the number of
 * online cores, read from `root`/cpu0/cache/index<k>/{level,type,size}
 * (root NULL: /sys/devices/system/cpu).  A cache that sysfs does not
 * describe (some virtual machines have no cache directory at all) is
 * taken from glibc's sysconf, which asks the processor (CPUID); one
 * that neither knows gets 32 KiB, 1 MiB or 8 MiB.  m->source says the
 * worst source used.  Never fails. */
void at_features_machine(at_feat_machine *m, const char *root);

/* Returns a short name of source ("sysfs", "cpuid", "default",
 * "record"). */
const char *at_features_machine_source(enum at_feat_mach_src source);

/* Reads a machine record {"l1d", "l2", "l3", "cores"} (bytes, count;
 * other keys ignored), as dataset rows and the "machines" list of a
 * weights file hold it, into *m (source AT_MACH_RECORD).  Returns 0, or
 * -1 when one of the four is missing or not a number in 1 .. 1e15. */
int at_features_machine_read(const struct cJSON *o, at_feat_machine *m);

/* Returns 1 when a and b have the same cache sizes and cores, else 0. */
int at_features_machine_same(const at_feat_machine *a,
	const at_feat_machine *b);

/* Writes the first CPU's name from /proc/cpuinfo into buf (size bytes)
 * as "NAME (family F, model M)"; "" when it cannot be read. */
void at_features_cpu_name(char *buf, size_t size);

/* Fills vals[p] (p < scop->n_param) with the value the front end found
 * for parameter p (scop->hint): for a macro, the integer constant clang
 * evaluates its expansion to (with the -D flags of the parse: `#define N
 * 2000`, `#define LD (N + 2)`); for a parameter of the enclosing
 * function, the constant every call in the file passes;
 * AT_FEAT_UNKNOWN otherwise (variables). */
void at_features_param_values(const at_scop *scop, long *vals);

/* Returns the 2-D sector (0..7) of (x, y), see the top of this file, or
 * -1 for the zero vector. */
int at_features_sector2(long x, long y);

/* Returns the sector of the n-vector d: 2-D sector when n <= 2, 3-D
 * sector (0..31) when n >= 3; -1 for the zero vector. */
int at_features_sector(const long *d, int n);

/* Sets *phi and *theta (degrees) of the n-vector d (see the top of this
 * file). */
void at_features_angles(const long *d, int n, double *phi, double *theta);

/* Computes the raw facts of `scop` into *f: the dependence cone, extreme
 * rays and uniform distances come from `deps` (at_deps_compute), the
 * shared band from `space` (any mode), trip counts from isl at the
 * parameter values `param_vals` (NULL: all unknown; see
 * at_features_param_values), the machine from `mach` (NULL: read it).
 * Returns 0, or -1 after a diagnostic. */
int at_features_nest_info(isl_ctx *ctx, const at_scop *scop,
	const at_deps *deps, const at_space *space, const long *param_vals,
	const at_feat_machine *mach, at_feat_nest *f);

/* Writes the AT_FEAT_NEST_DIM entries of the nest vector of f into out
 * (counts as they are, trip counts and sizes as log2(1 + x)); returns
 * the number of entries written (AT_FEAT_NEST_DIM). */
int at_features_nest_encode(const at_feat_nest *f, float *out);

/* at_features_nest_info followed by at_features_nest_encode.  Returns 0
 * or -1. */
int at_features_nest(isl_ctx *ctx, const at_scop *scop, const at_deps *deps,
	const at_space *space, const long *param_vals,
	const at_feat_machine *mach, float *out);

/* Writes the name of nest entry k (0 <= k < AT_FEAT_NEST_DIM) into buf
 * and returns buf ("" when k is out of range). */
char *at_features_nest_name(int k, char *buf, size_t size);

/* Writes the name of candidate entry k into buf and returns buf. */
char *at_features_cand_name(int k, char *buf, size_t size);

/* Fills *si for the structure of `ch` (its sizes are ignored; ch->shape
 * -1 is `orig`): H, scans, loop orders, where the OpenMP pragmas go
 * (at_space_omp at probe sizes; for orig the outermost and the innermost
 * parallel loop of the original nest) and how the references walk memory
 * in the innermost loops (at_space_inner at probe sizes; for orig the
 * loops as written).  `nest` must outlive *si.
 * Returns 0, or -1 on an isl error. */
int at_features_struct(isl_ctx *ctx, const at_space *space,
	const at_feat_nest *nest, const at_choice *ch, at_feat_struct_info *si);

/* Fills *si for `keep`: the nest exactly as written, no OpenMP pragmas. */
void at_features_struct_keep(const at_feat_nest *nest,
	at_feat_struct_info *si);

/* Writes the AT_FEAT_CAND_DIM entries of the candidate vector of the
 * structure *si at tile sizes `sizes` (si->n of them; ignored for keep
 * and orig) into out; returns the number of entries written
 * (AT_FEAT_CAND_DIM).  No isl, no allocation: cheap enough for millions
 * of calls. */
int at_features_cand(const at_feat_struct_info *si, const long *sizes,
	float *out);

/* Rewrites the entries of out from AT_FEAT_CAND_SHAPE on (sizes, loop
 * orders, OpenMP and estimates) for the structure *si at `sizes`; the
 * entries before must already be si's (written by at_features_cand).
 * The result equals at_features_cand's.  Scoring every size vector of
 * one structure copies the shape entries and calls this. */
void at_features_cand_resize(const at_feat_struct_info *si,
	const long *sizes, float *out);

/* Writes the candidate vector of `keep` into out. */
void at_features_keep(const at_feat_nest *nest, float *out);

#endif
