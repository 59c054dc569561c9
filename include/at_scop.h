/*
 * at_scop.h — the static control part (SCoP) of one marked loop nest.
 *
 * This is the data the front end (src/frontend.c) extracts from the C source
 * and every later stage reads: loops with affine bounds, statements in
 * textual order, and each array reference as an integer access matrix.
 * It is plain C data (no isl, no libclang) so that the dataset generator,
 * the trainer and the tool share one representation.
 *
 * Column layout of every affine row in a scop ("global columns"):
 *
 *     [ loop 0 .. loop n_loop-1 | param 0 .. param n_param-1 | constant ]
 *
 * so a row has at_scop_ncol(scop) = n_loop + n_param + 1 entries.  Loops are
 * numbered in pre-order (textual order of their `for`), so an enclosing loop
 * always has a smaller index than the loops inside it.  A coefficient on a
 * loop that does not enclose the expression is always 0.
 */
#ifndef AT_SCOP_H
#define AT_SCOP_H

#include <limits.h>
#include <stddef.h>

#include <isl/ctx.h>
#include <isl/union_set.h>
#include <isl/union_map.h>
#include <isl/schedule.h>
#include <isl/aff_type.h>

#include "at_buf.h"

#define AT_MAX_DEPTH 8

/* at_scop.guard_why bits */
#define AT_GUARD_SPLIT 1
#define AT_GUARD_DIV 2

/* A position in the input file: 1-based line and column, 0-based byte
 * offset.  `file` is borrowed from the scop's owner (never freed here). */
typedef struct at_loc {
	const char *file;
	unsigned line, col;
	unsigned offset;
} at_loc;

/* One affine bound: floor(row . x / den) for an upper bound, ceil(row . x /
 * den) for a lower bound.  den >= 1.  `row` has at_scop_ncol() entries and is
 * owned by the enclosing at_loop. */
typedef struct at_bound {
	long *row;
	long den;
} at_bound;

/* One `for` loop.  The iteration set is
 *     max_k ceil(lb[k]) <= i <= min_k floor(ub[k])  and  (i - base) % |step| == 0
 * where base is lb[0] when step > 0 and ub[0] when step < 0 (the value the
 * loop starts from).  A negative step means the loop runs downwards (the
 * original schedule uses -i for it). */
typedef struct at_loop {
	char *iter;		/* iterator name as written */
	char *type;		/* its C type, canonical: "int", "unsigned long" */
	int parent;		/* index of the enclosing loop, -1 at nest level */
	int depth;		/* 0 for the outermost loop */
	int n_lb, n_ub;
	at_bound *lb, *ub;	/* inclusive bounds, see above */
	long step;		/* +1, -1, +c, -c; never 0 */
	at_loc loc;		/* the `for` keyword */
} at_loop;

typedef enum at_ref_kind {
	AT_READ = 1,
	AT_WRITE = 2
} at_ref_kind;

/* One array (or scalar) accessed in the nest. */
typedef struct at_array {
	char *name;
	char *elem_type;	/* canonical: "double", "int" (an enum's integer type) */
	int elem_size;		/* sizeof(elem_type) in bytes */
	int n_dim;		/* 0 for a scalar */
	int is_restrict;	/* pointer declared restrict */
	/* Bytes, 0 when not a constant: the whole array (a pointer: 0), and
	 * what one step of the second-last and third-last subscripts moves
	 * (a row and a plane of A[i][j][k]; 0 for fewer subscripts). */
	long bytes, row_bytes, plane_bytes;
	/* A scalar declared inside the nest (`double t = e;` in a loop body):
	 * the number of loops enclosing its declaration, which every
	 * statement using it shares; 0 for any other variable.  Each
	 * iteration of those loops has its own copy, so dependences on it are
	 * computed per iteration (at_scop_access) and a schedule must not
	 * interleave the copies (at_deps_is_legal).  A local whose name
	 * another variable of the nest had already is renamed `<name>_<k>`
	 * (the uses of at_stmt say where its spelling is replaced).  A
	 * scalar declared outside the nest that every iteration of those
	 * loops overwrites before reading it, and whose value after the nest
	 * is never read, is made a local too (frontend: `privatized` set). */
	int local;
	int privatized;
	/* A pointer or one-dimensional array used with one subscript that
	 * rows of a parameter's length linearize (`a[i * n + j]`, `a[(i *
	 * n + j) * m + k]`): the number of such sizes, its references read
	 * with split + 1 subscripts (a[i][j], a[i][j][k]); 0 for any other
	 * array.  dim_param[d] (1 <= d <= split) is the parameter that
	 * subscript d stays below (n for j, m for k): the front end has
	 * proved 0 <= subscript d < dim_param[d] at every instance
	 * (at_scop_split_bad), for every parameter value or for those of
	 * at_scop.guard, so that an element has one set of subscripts. */
	int split;
	int dim_param[AT_MAX_DEPTH];
} at_array;

/* One reference A[f0][f1]...: `m` is an n_dim x ncol row-major matrix in the
 * global columns; row r is subscript r.  A compound assignment (`+=`) gives a
 * READ and a WRITE reference with the same matrix. */
typedef struct at_ref {
	int array;		/* index into scop->arrays */
	at_ref_kind kind;
	int n_dim;		/* = arrays[array].n_dim */
	long *m;
	at_loc loc;
} at_ref;

/* An occurrence of a loop iterator inside a statement's text, to be replaced
 * by a parenthesised expression when the statement is re-printed, or of a
 * local scalar that the generated code names differently (at_array.name
 * is not its spelling: a second local of one name), to be replaced by
 * that name.  Offsets are relative to at_stmt.begin. */
typedef struct at_use {
	unsigned off, len;
	int loop;		/* the iterator's loop, -1 for a local */
	int array;		/* the local's array, -1 for an iterator */
} at_use;

/* One statement (an expression statement, with its `;`).
 * Original schedule: the statement's 2d+1 vector is
 *     (beta[0], s0*i_{loops[0]}, beta[1], ..., s_{d-1}*i_{loops[d-1]}, beta[d])
 * where d = n_loop, s = sign of the loop's step and beta[k] is the
 * statement's (or its enclosing loop's) position among the children of
 * loops[k-1] (of the nest/region when k = 0). */
typedef struct at_stmt {
	int n_loop;
	int loops[AT_MAX_DEPTH];	/* enclosing loops, outermost first */
	int beta[AT_MAX_DEPTH + 1];
	unsigned begin, end;	/* byte range [begin, end) in the file, `;` included */
	unsigned decl;		/* a local's declaration `T x = e;`, whose
				 * statement is `x = e;`: where `T` starts
				 * (0 for other statements) */
	char *text;		/* copy of the bytes [begin, end) */
	int n_ref;
	at_ref *refs;
	int n_use;
	at_use *uses;
	int n_cond;		/* extra domain constraints (affine `if`s): */
	long **cond;		/* row . x >= 0 each, global columns */
	at_loc loc;
} at_stmt;

/* One marked nest (or `#pragma scop` region).  `begin`/`end` is the byte
 * range the rewriter replaces: from the start of the pragma line to the end
 * of the nest (for scop regions, to the end of the `#pragma endscop` line). */
typedef struct at_scop {
	const char *file;	/* borrowed */
	unsigned begin, end;
	unsigned func_begin;	/* start of the enclosing function definition */
	at_loc loc;		/* the pragma */
	char *clauses;		/* pragma text after `autotile`, may be "" */
	int is_region;		/* from #pragma scop ... #pragma endscop */
	int n_loop;
	at_loop *loops;
	int n_param;
	char **params;		/* names: function parameters, #define constants
				 * (by their spelling), variables not written */
	int n_array;
	at_array *arrays;
	int n_stmt;
	at_stmt *stmts;
	char *indent;		/* leading white space of the pragma line */
	/* Per parameter, its value: for a macro, the integer constant
	 * clang evaluates its expansion to (`#define LD (NJ + 2)`, -D flags
	 * included); for a parameter of the enclosing function that the
	 * function never changes, the integer constant every call in the
	 * file passes (PolyBench's `kernel_gemm(NI, NJ, ...)`); else
	 * AT_SCOP_UNKNOWN.  NULL when no parameter has one.  An estimate
	 * for the cost model's features only: legality is proved for every
	 * value. */
	long *hint;
	/* 1 when a parameter has a C type wider than int (long, unsigned
	 * int, a macro such as `#define N 4000000000` or `(n + 1)` over a
	 * long n): generated code then computes its bounds and iterators in
	 * long (codegen), where int could not hold what the nest as written
	 * computes. */
	int wide_param;
	/* Why no loop of the nest may run in threads although it is
	 * parallel, or NULL: the file reads errno, which a math call of the
	 * nest may set, or uses the floating-point environment (exception
	 * flags, rounding mode); each OpenMP thread has its own of both.
	 * Codegen then prints no `omp parallel for` (`omp simd` stays). A
	 * static string. */
	const char *serial;
	/* The nest's text with every statement replaced by `;`, from its
	 * first `for` on, when an iterator declared outside the nest may be
	 * read after it: a transformed nest is followed by it, so that those
	 * variables end as the nest as written leaves them (NULL: none). */
	char *restore;
	/* `(void)i; (void)t;` for the variables declared outside the nest
	 * that only the nest as written uses (its loops' iterators when
	 * there is no restore, the scalars made private): a transformed nest
	 * starts with it, so that compilers do not warn that they are unused
	 * (-Wunused-variable).  NULL: none. */
	char *unused;
	/* When the bounds of at_array.split hold only for some parameter
	 * values (`a[i * lda + j]` with j < n needs n <= lda), or the rows
	 * of a division are C's only for some (guard_why): those values,
	 * among the ones at which the nest runs, in isl's text ("[lda, n]
	 * -> { : lda >= n }"), and the nest as written, from the line of its
	 * first loop or statement on.  A transformed nest runs under that
	 * condition and the nest as written otherwise (codegen).  NULL, NULL
	 * when the bounds hold for every value. */
	char *guard;
	char *written;
	/* C text checking that the nest's parameters of a 64-bit unsigned
	 * type, which the generated code reads as `(long)n`, are at most
	 * LONG_MAX ("n <= 9223372036854775807UL && ..."): the transformed
	 * nest runs only then (codegen), the nest as written (`written`)
	 * otherwise; NULL when it has none (frontend). */
	char *uguard;
	/* C text checking that the named divisors of the bounds (`n / D`,
	 * D a macro, an enum constant or a const variable) have the values
	 * the nest was analysed with ("D == 4 && BS == 8"): the transformed
	 * nest runs only then (codegen), the nest as written otherwise; NULL
	 * when it has none (frontend). */
	char *dguard;
	/* Declarations of the struct members the nest reads as parameters
	 * ("const int at_g_n = g->n; (void)at_g_n;", named in params): the
	 * transformed nest, its version check included, runs after them, in
	 * a block of its own (codegen); NULL when it reads none (frontend). */
	char *hoist;
	/* What the guard checks: AT_GUARD_SPLIT (the bounds above) and/or
	 * AT_GUARD_DIV (a division `e / d` in a bound or `if`, which C rounds
	 * toward zero and the rows round down, has at the instances the nest
	 * runs a dividend that is no negative non-multiple of d where that
	 * changes which instances run; frontend). */
	int guard_why;
	/* Pairs of arrays, at least one a plain (not restrict) pointer and
	 * one written, that the source does not say are distinct
	 * (alias[i][0] < alias[i][1]): a transformed nest runs only when the
	 * rows (elements, for one subscript) it accesses of the two do not
	 * overlap (codegen, at_scop_extent), the nest as written
	 * (at_scop.written) otherwise. */
	int n_alias;
	int (*alias)[2];
	/* isl objects kept between calls (at_scop_memo_on); NULL: none */
	struct at_scop_memo *memo;
} at_scop;

/* Number of columns of every affine row of `scop`. */
int at_scop_ncol(const at_scop *scop);

/* Returns 1 if `name` cannot be an identifier in isl's text syntax: one
 * of its keywords (`mod`, `or`, `exists`, `infty`, ...) or a statement
 * name S<digit>... of at_scop's own. */
int at_scop_is_keyword(const char *name);

/* Returns the position of global loop `g` among the loops enclosing `s`
 * (0 = outermost), or -1 when g does not enclose s. */
int at_scop_stmt_dim(const at_stmt *s, int g);

/* Returns the index of the reference statement of `scop`: the first of
 * its statements with the most enclosing loops, whose loop at position k
 * is what "the loop at depth k" means to the features and to isl's band
 * rows (the deepest statement is where the work of a nest is); 0 when
 * it has no statement. */
int at_scop_ref_stmt(const at_scop *scop);

/* Returns the number of loops around the scop's deepest statement. */
int at_scop_max_depth(const at_scop *scop);

/* Returns 1 when the scop's transformed nest runs only under a check,
 * the nest as written (at_scop.written) otherwise: a guard on its
 * parameters (at_scop.guard, at_scop.uguard, at_scop.dguard) or arrays
 * that may alias
 * (at_scop.alias). */
int at_scop_versioned(const at_scop *scop);

/* Returns 1 if statement `a` comes before `b` in that choice (more loops,
 * or as many and earlier; any statement comes before b = -1), else 0. */
int at_scop_ref_before(const at_scop *scop, int a, int b);

/* Returns 1 if statement `s` has a reference to array `a` of a kind in
 * `kinds` (AT_READ, AT_WRITE or both), else 0. */
int at_scop_stmt_refers(const at_stmt *s, int a, int kinds);

/* Returns the number of local scalars (at_array.local) of `scop`. */
int at_scop_n_local(const at_scop *scop);

/* Frees everything the scop owns.  NULL is allowed. */
void at_scop_free(at_scop *scop);

/* Returns a memo for at_scop.memo (off), or NULL when out of memory: a
 * scop works without one, only slower. */
struct at_scop_memo *at_scop_memo_new(void);

/* From now until at_scop_memo_off, at_scop_domain, at_scop_access and
 * at_scop_schedule_map called with ctx read their result once and return
 * copies of it; with another context they read it each time.  Call
 * at_scop_memo_off before ctx is freed. */
void at_scop_memo_on(isl_ctx *ctx, const at_scop *scop);

/* Frees the isl objects the memo of scop holds and turns it off. */
void at_scop_memo_off(const at_scop *scop);

/* Returns the iteration domains of all statements as an isl union set
 * "[params] -> { S<k>[i0, ..., i_{d-1}] : ... }" with statement k named
 * "S<k>" and its dimensions the enclosing loops, outermost first.
 * Parameters carry the scop's parameter names.  NULL on error. */
__isl_give isl_union_set *at_scop_domain(isl_ctx *ctx, const at_scop *scop);

/* Returns 1 when no statement of the nest runs for any value of the
 * parameters (an empty iteration domain: `for (i = 1; i < 1; i++)`), 0
 * when some may run, -1 on an isl error. */
int at_scop_runs_nothing(isl_ctx *ctx, const at_scop *scop);

/* Returns the domains of statements first..first+n-1 of `scop`, or NULL
 * on error. */
__isl_give isl_union_set *at_scop_domain_part(isl_ctx *ctx,
	const at_scop *scop, int first, int n);

/* Returns the access relations of kind `kind` as
 * "{ S<k>[...] -> <array>[...] }" restricted to the domain.  With tagged
 * != 0 the domain of reference r (numbered over the whole scop, statement
 * by statement) is wrapped as "[S<k>[...] -> R<r>[]]", so that dependences
 * computed from them tell which pair of references they come from.
 * A local scalar (at_array.local = d) is accessed as "<name>[i0, ...,
 * i<d-1>]", one element per iteration of the loops around it.
 * NULL on error. */
__isl_give isl_union_map *at_scop_access(isl_ctx *ctx, const at_scop *scop,
	at_ref_kind kind, int tagged);

/* Returns the original (textual) schedule as a map from each statement to
 * its 2d+1 vector, padded with zeros to a common length 2*maxdepth+1. */
__isl_give isl_union_map *at_scop_schedule_map(isl_ctx *ctx,
	const at_scop *scop);

/* Returns the original schedule as a tree with the nest's structure: a
 * sequence node wherever a loop body (or the nest) holds several
 * statements or loops, a one-member band for each loop (its iterator, in
 * loop direction).  It orders the instances as at_scop_schedule_map does;
 * isl's dataflow analysis is faster on it, as it compares only the
 * instances that share a subtree.  NULL on error. */
__isl_give isl_schedule *at_scop_schedule_tree(isl_ctx *ctx,
	const at_scop *scop);

/* Largest coefficient of an iterator or parameter, and largest constant,
 * in a row of isl's scheduler (its options schedule_max_coefficient and
 * schedule_max_constant_term).  Without them, a dependence of distance
 * 2^31 (a subscript `B[i + 2147483647][j]` in a statement that runs only
 * for huge sizes) gave a band skewed by 2^31, or statements shifted by
 * 2^31 against each other, and the tile loops around them ran for hours
 * at N = 67. */
#define AT_SCOP_MAX_COEF 64
#define AT_SCOP_MAX_SHIFT 256

/* Returns a new isl context set up the way every autotile stage expects:
 * errors reported and returned instead of aborting, tile loops scaled by
 * the tile sizes, point loops not shifted, schedule coefficients and
 * constants at most AT_SCOP_MAX_COEF and AT_SCOP_MAX_SHIFT.  NULL when out
 * of memory. */
isl_ctx *at_scop_ctx_alloc(void);

/* Returns the parameter values at which subscript `dim` (>= 1) of
 * reference `ref` of statement `stmt`, of a split array (at_array.split),
 * leaves 0 .. dim_param[dim] - 1 at some instance of `dom` (the scop's
 * domain, kept): empty when it stays in its row everywhere.  NULL on
 * error. */
__isl_give isl_set *at_scop_split_bad(isl_ctx *ctx, const at_scop *scop,
	__isl_keep isl_union_set *dom, int stmt, int ref, int dim);

/* Given `bad` (taken), the parameter values at which the scop's rows may
 * not be what C computes (some split subscript leaves its row: the union
 * of at_scop_split_bad's; some division in a bound rounds otherwise),
 * sets *guard to the values among those at which a statement of `dom`
 * (the scop's domain, kept) runs where `bad` does not hold, simplified in
 * the context of the values at which it runs or `bad` holds (elsewhere
 * the nest does nothing either way), in isl's text (freed by the caller:
 * at_scop.guard), and returns 1; or returns 0 (*guard NULL) when those
 * values are none or span fewer dimensions than the ones at which it runs
 * (the bounds hold only on an equality such as off == 0); -1 on error. */
int at_scop_guard(__isl_keep isl_union_set *dom, __isl_take isl_set *bad,
	char **guard);

/* Appends the affine expression `row` (global columns) to b in isl's
 * text with statement k's dimensions named as at_scop_domain names them
 * (i0, i1, ...).  Returns -1 when the row uses a loop that does not
 * enclose statement k. */
int at_scop_isl_row(at_buf *b, const at_scop *scop, int k, const long *row);

/* Appends to b a conjunction of constraints on the instances of statement
 * k (written with at_scop_isl_row) and returns 1, or returns 0 to leave
 * statement k out, or -1 on error. */
typedef int (*at_scop_where_fn)(at_buf *b, const at_scop *scop, int k,
	void *user);

/* Returns the union over the statements k that `where` keeps of the
 * instances of k's relaxed domain at which where's constraints hold.  The
 * relaxed domain leaves out every loop bound whose den is above 1, a
 * stride that starts at such a bound, and the `if` conditions: it holds
 * every instance of the statement whatever those divisions round to.
 * NULL on error (reported when isl rejects the text). */
__isl_give isl_union_set *at_scop_relaxed_where(isl_ctx *ctx,
	const at_scop *scop, at_scop_where_fn where, void *user);

/* Sets *lo and *hi to the smallest and largest first subscript at which
 * a statement of `scop` accesses array `a`, as functions of the
 * parameters (defined where it accesses it).  Returns 0, or -1 on error
 * (*lo and *hi NULL). */
int at_scop_extent(isl_ctx *ctx, const at_scop *scop, int a,
	__isl_give isl_pw_aff **lo, __isl_give isl_pw_aff **hi);

/* Returns the parameter context.  Nothing is assumed about parameter
 * values, so generated code is correct for every value.  NULL on error. */
__isl_give isl_set *at_scop_context(isl_ctx *ctx, const at_scop *scop);

/* Fills trips[l] (l < n_loop) with the number of distinct values the
 * iterator of loop l takes, and *total with the sum over statements of the
 * product of their loops' trip counts: the paper's iteration vector.  The
 * total is the number of statement instances for rectangular domains and
 * an upper bound otherwise (counting the points of a large triangular
 * domain exactly means enumerating them, seconds for a big nest).  An
 * entry is -1 when it depends on a parameter.  Returns 0 or -1. */
int at_scop_trip_counts(isl_ctx *ctx, const at_scop *scop, long *trips,
	long *total);

/* Value of a parameter whose value is not known (see
 * at_scop_trip_counts_at). */
#define AT_SCOP_UNKNOWN LONG_MIN

/* Same as at_scop_trip_counts, with parameter p fixed to vals[p] when
 * vals[p] != AT_SCOP_UNKNOWN (e.g. the value of a `#define`; vals may be
 * NULL): an entry is -1 only when it depends on a parameter of unknown
 * value.  Returns 0 or -1. */
int at_scop_trip_counts_at(isl_ctx *ctx, const at_scop *scop,
	const long *vals, long *trips, long *total);

#endif
