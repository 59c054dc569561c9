/*
 * gen.c — autotile-gen: a deterministic generator of random loop-nest
 * kernels (issue 3; DESIGN.md section 6), for differential tests of
 * autotile and for the measurements its cost model is trained on.
 *
 *   autotile-gen --seed S [--size test|bench|round|small]
 *                [--variants "ID1 ..."]
 *                [--locals] [--linear] [--ld] [-o FILE]
 *
 * Prints one complete C program: #define'd sizes (each overridable with
 * -D), static double (float in series 3) arrays, a deterministic
 * init(), the kernel function(s)
 * and a main that times them and prints hashes of every array written (see
 * runtime/at_bench.h).  Everything is drawn from one splitmix64 generator
 * seeded with S, in an order that does not depend on the other options:
 * the same seed gives byte-identical output, and the same kernel for both
 * sizes and with or without --variants (round: bench's sizes rounded,
 * see at_gen_round; small: bench's divided by 4, see at_gen_small).
 *
 * Kernel classes, one per seed with equal probability (README, Tests):
 * uniform, stencil, reduction, transpose, triangular, multi; seeds from
 * 1,000,000 on (series 2) also recurrence (recursive filters through
 * scalars, as in deriche); from 2,000,000 on (series 3) the same seven
 * classes over float arrays and scalars; from 3,000,000 on (series 4)
 * only accumulate (an element set to 0 or scaled before a loop
 * accumulates into it, as in gemm or doitgen), over double; from
 * 4,000,000 on (series 5) only region (series 4's matrix-vector products
 * and column means, and mvt's pair of products, as regions of several
 * top-level nests, as PolyBench writes them), over double; from
 * 5,000,000 on (series 6) only wave (fdtd-2d's form: hundreds of time
 * steps of sibling sweeps updating fields from one-sided differences of
 * each other), over double.  The seeds below keep their kernels.
 *
 * Exit status: 0 success, 1 output error (or a generator bug:
 * a kernel that does not fit its fixed tables), 2 usage error.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT_GEN_MAX_SIZES 8
#define AT_GEN_MAX_ARRAYS 8
#define AT_GEN_MAX_NODES 64
#define AT_GEN_MAX_KIDS 16
#define AT_GEN_MAX_DIMS 4
#define AT_GEN_MAX_TERMS 12
#define AT_GEN_TEXT 720
#define AT_GEN_MAX_VARIANTS 256
#define AT_GEN_MAX_ID 64

/* A #define'd size: its name and its value under each --size. */
typedef struct {
	char name[8];
	long test, bench;
} at_gen_size;

/* A static global array of the kernel's element type.  The extent of
 * dimension d is mul[d] * SIZE(size[d]) [+ SIZE(size2[d])] + pad[d];
 * size2[d] is -1 when absent.  role[d] is the iterator role (0 i, 1 j, 2 k) of the dimension,
 * used by the multi class.  init() fills it with a formula whose constants
 * are drawn when the array is added. */
typedef struct {
	char name[8];
	int nd;
	int size[AT_GEN_MAX_DIMS], size2[AT_GEN_MAX_DIMS];
	int mul[AT_GEN_MAX_DIMS], pad[AT_GEN_MAX_DIMS];
	int role[AT_GEN_MAX_DIMS];
	int written;
	int diag;	/* size index + 1: init adds SIZE on the diagonal */
	int lin[AT_GEN_MAX_DIMS], p, r, c, m, q, neg;
} at_gen_array;

/* A node of the loop tree: a `for` loop (iterator, bounds, children in
 * order) or an expression statement (text; a '\n' starts a continuation
 * line). */
typedef struct {
	int loop;
	char iter[4];
	char lb[48], ub[48];
	int le;			/* condition `<=` instead of `<` */
	int decl;		/* a declaration (kept as is by --locals) */
	int region;		/* the root of a region: its children are
				 * top-level nests, printed in sequence */
	int kid[AT_GEN_MAX_KIDS];
	int n_kid;
	char text[AT_GEN_TEXT];
} at_gen_node;

/* One generated kernel: the random state, its class and description, the
 * sizes, arrays and loop tree.  err is set when a fixed buffer overflowed
 * (a generator bug, reported by main). */
typedef struct {
	uint64_t rng;
	const char *cls;
	char what[240];
	at_gen_size size[AT_GEN_MAX_SIZES];
	int n_size;
	at_gen_array arr[AT_GEN_MAX_ARRAYS];
	int n_arr;
	at_gen_node node[AT_GEN_MAX_NODES];
	int n_node;
	int root;
	int err;
	int locals;		/* --locals: statements through a local */
	int linear;		/* --linear: arrays in one dimension */
	int ld;			/* --ld: with rows of their own macros */
	int region;		/* series 5: the nests form a region, with
				 * no repetition loop around them */
	const char *elem;	/* element type of the arrays and of the
				 * recurrence scalars: "double", or "float"
				 * from AT_GEN_SERIES3 on */
} at_gen_kernel;

/* A string being appended to in a fixed buffer; overflow sets *err. */
typedef struct {
	char *s;
	size_t cap, len;
	int *err;
} at_gen_str;

/* One subscript: mul * it + off (off alone when it is NULL). */
typedef struct {
	const char *it;
	int mul, off;
} at_gen_sub;

/* The enclosing loops of a statement in the multi class, outermost first:
 * iterator, role, and the subscript offsets [lo, hi] that stay in range
 * for an array dimension of that role (extent = the role's size). */
typedef struct {
	int n;
	const char *it[AT_GEN_MAX_DIMS];
	int role[AT_GEN_MAX_DIMS];
	int lo[AT_GEN_MAX_DIMS], hi[AT_GEN_MAX_DIMS];
} at_gen_ctx;

/* The values of --size: test (small odd sizes, milliseconds), bench
 * (odd sizes of about 0.05-0.5 s), round (bench's, each rounded to
 * a multiple of 8 to 64 as people write them; see at_gen_round) and
 * small (bench's divided by 4, see at_gen_small). */
enum { AT_GEN_TEST, AT_GEN_BENCH, AT_GEN_ROUND, AT_GEN_SMALL, AT_GEN_N_SIZE };
static const char *const at_gen_size_names[] = { "test", "bench", "round",
	"small" };

/* The command line. */
typedef struct {
	uint64_t seed;
	int have_seed;
	int size;		/* AT_GEN_TEST, _BENCH, _ROUND or _SMALL */
	const char *out;
	char *ids;		/* malloc'd copy of the --variants value */
	const char *id[AT_GEN_MAX_VARIANTS];
	int n_id;
	int variants;
	int locals;		/* --locals */
	int linear;		/* --linear (also set by --ld) */
	int ld;			/* --ld */
} at_gen_opts;

/* Iterator names and the matching size names, by dimension or role. */
static const char *const at_gen_it[] = { "i", "j", "k", "l" };
static const char *const at_gen_nm[] = { "NI", "NJ", "NK", "NL" };

/* ------------------------------------------------------------------ */
/* Random numbers and text                                             */
/* ------------------------------------------------------------------ */

/* Advances splitmix64 state *s and returns the next 64 random bits. */
static uint64_t at_gen_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Returns a random integer in [lo, hi] (lo <= hi). */
static int at_gen_int(at_gen_kernel *k, int lo, int hi)
{
	return lo + (int)(at_gen_next(&k->rng) % (uint64_t)(hi - lo + 1));
}

/* Returns 1 with probability pct percent, else 0. */
static int at_gen_pct(at_gen_kernel *k, int pct)
{
	return at_gen_int(k, 0, 99) < pct;
}

/* Returns a random odd integer in [lo, hi] (the interval holds one). */
static int at_gen_odd(at_gen_kernel *k, int lo, int hi)
{
	int v = at_gen_int(k, lo, hi) | 1;

	return v > hi ? v - 2 : v;
}

/* Starts an empty string in buffer s of cap bytes; overflow sets *err. */
static void at_gen_str_init(at_gen_str *b, char *s, size_t cap, int *err)
{
	b->s = s;
	b->cap = cap;
	b->len = 0;
	b->err = err;
	s[0] = '\0';
}

/* Appends printf-style text to b; on overflow keeps what fits and sets
 * *b->err. */
static void at_gen_cat(at_gen_str *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void at_gen_cat(at_gen_str *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= b->cap - b->len) {
		*b->err = 1;
		b->len = strlen(b->s);
		return;
	}
	b->len += (size_t)n;
}

/* Appends subscript s: "2 * i + 1", "j - 3", "0". */
static void at_gen_cat_sub(at_gen_str *b, const at_gen_sub *s)
{
	if (!s->it) {
		at_gen_cat(b, "%d", s->off);
		return;
	}
	if (s->mul != 1)
		at_gen_cat(b, "%d * ", s->mul);
	at_gen_cat(b, "%s", s->it);
	if (s->off)
		at_gen_cat(b, " %c %d", s->off > 0 ? '+' : '-', abs(s->off));
}

/* Appends the array reference name[s[0]]...[s[nd-1]]. */
static void at_gen_cat_ref(at_gen_str *b, const char *name, int nd,
	const at_gen_sub *s)
{
	at_gen_cat(b, "%s", name);
	for (int d = 0; d < nd; d++) {
		at_gen_cat(b, "[");
		at_gen_cat_sub(b, &s[d]);
		at_gen_cat(b, "]");
	}
}

/* Appends a coefficient given in thousandths (< 1000) as a short decimal:
 * 125 -> "0.125", 250 -> "0.25", 50 -> "0.05". */
static void at_gen_cat_coef(at_gen_str *b, int milli)
{
	char buf[8];
	size_t n;

	snprintf(buf, sizeof buf, "0.%03d", milli % 1000);
	n = strlen(buf);
	while (n > 3 && buf[n - 1] == '0')
		buf[--n] = '\0';
	at_gen_cat(b, "%s", buf);
}

/* Fills c[0..n-1] (n <= AT_GEN_MAX_TERMS) with coefficients in thousandths
 * whose sum lies between about 475 and 950: weighted sums with them stay
 * bounded without decaying fast. */
static void at_gen_coefs(at_gen_kernel *k, int n, int *c)
{
	static const int tab[] = { 50, 100, 125, 150, 200, 250, 300, 400, 450 };
	int cap = 950 / n, ok[9], n_ok = 0;

	for (int t = 0; t < 9; t++)
		if (tab[t] <= cap && 2 * tab[t] >= cap)
			ok[n_ok++] = tab[t];
	if (!n_ok)
		ok[n_ok++] = 50;
	for (int e = 0; e < n; e++)
		c[e] = ok[at_gen_int(k, 0, n_ok - 1)];
}

/* Appends the separator before term e of a sum: " + ", or a line break
 * and "+ " every `per` terms. */
static void at_gen_cat_plus(at_gen_str *b, int e, int per)
{
	if (e)
		at_gen_cat(b, e % per ? " + " : "\n+ ");
}

/* ------------------------------------------------------------------ */
/* Sizes, arrays, loop tree                                            */
/* ------------------------------------------------------------------ */

/* Returns x such that x^n is about w (w >= 1), by bisection (no libm). */
static double at_gen_root(double w, int n)
{
	double lo = 1.0, hi = w > 1.0 ? w : 1.0;

	for (int it = 0; it < 200; it++) {
		double mid = (lo + hi) / 2.0, p = 1.0;

		for (int q = 0; q < n; q++)
			p *= mid;
		if (p > w)
			hi = mid;
		else
			lo = mid;
	}
	return lo;
}

/* Fills out[0..n-1] with odd sizes (>= 5) whose product is about `work`,
 * each off the n-th root by a random factor of up to 1.4 either way. */
static void at_gen_bench_dims(at_gen_kernel *k, double work, int n,
	long *out)
{
	double base = at_gen_root(work, n), prod = 1.0;

	for (int q = 0; q < n; q++) {
		double f = (double)at_gen_int(k, 72, 140) / 100.0, v;

		if (q == n - 1)
			f = 1.0 / prod;
		else
			prod *= f;
		v = base * f;
		out[q] = ((long)v | 1) < 5 ? 5 : ((long)v | 1);
	}
}

/* Adds size `name` with values test and bench; returns its index, or -1
 * (and sets k->err) when the table is full. */
static int at_gen_size_add(at_gen_kernel *k, const char *name, long test,
	long bench)
{
	at_gen_size *s;

	if (k->n_size >= AT_GEN_MAX_SIZES) {
		k->err = 1;
		return -1;
	}
	s = &k->size[k->n_size];
	snprintf(s->name, sizeof s->name, "%s", name);
	s->test = test;
	s->bench = bench < 1 ? 1 : bench;
	return k->n_size++;
}

/* Divides the bench value of size s by div (keeping at least 1): for loop
 * orders whose innermost loop strides through memory, which run many times
 * slower than the other orders at the same sizes.  Draws nothing. */
static void at_gen_bench_div(at_gen_kernel *k, int s, long div)
{
	if (s < 0 || s >= k->n_size)
		return;
	k->size[s].bench /= div;
	if (k->size[s].bench < 1)
		k->size[s].bench = 1;
}

/* Returns the name of size s ("?" for a bad index, which only a
 * generator bug produces and which then fails to compile). */
static const char *at_gen_sname(const at_gen_kernel *k, int s)
{
	return s >= 0 && s < k->n_size ? k->size[s].name : "?";
}

/* Adds array `name` with nd dimensions of extents SIZE(size[d]) (mul 1, no
 * pad: callers adjust the fields), draws its init constants; returns its
 * index, or -1 (and sets k->err) when the table is full. */
static int at_gen_arr_add(at_gen_kernel *k, const char *name, int nd,
	const int *size)
{
	static const int primes[] = { 5, 7, 11, 13 },
			 mods[] = { 17, 19, 23, 29, 31 };
	at_gen_array *a;

	if (k->n_arr >= AT_GEN_MAX_ARRAYS) {
		k->err = 1;
		return -1;
	}
	a = &k->arr[k->n_arr];
	memset(a, 0, sizeof *a);
	snprintf(a->name, sizeof a->name, "%s", name);
	a->nd = nd;
	for (int d = 0; d < nd; d++) {
		a->size[d] = size[d];
		a->size2[d] = -1;
		a->mul[d] = 1;
		a->role[d] = d;
		a->lin[d] = at_gen_int(k, 1, 9);
	}
	a->p = primes[at_gen_int(k, 0, 3)];
	a->r = primes[at_gen_int(k, 0, 3)];
	a->c = at_gen_int(k, 1, 5);
	a->m = mods[at_gen_int(k, 0, 4)];
	a->q = at_gen_int(k, 0, 2);
	a->neg = at_gen_pct(k, 20);
	return k->n_arr++;
}

/* Adds array `name` like at_gen_arr_add and marks it written (hashed by
 * the program); returns its index (-1 when full). */
static int at_gen_out(at_gen_kernel *k, const char *name, int nd,
	const int *size)
{
	int a = at_gen_arr_add(k, name, nd, size);

	if (a >= 0)
		k->arr[a].written = 1;
	return a;
}

/* Adds array `name` of the multi class: dimension d has role roles[d]
 * and extent SIZE(rs[roles[d]]); returns its index (-1 when full). */
static int at_gen_marr(at_gen_kernel *k, const char *name, int nd,
	const int *roles, const int *rs)
{
	int size[AT_GEN_MAX_DIMS], a;

	for (int d = 0; d < nd; d++)
		size[d] = rs[roles[d]];
	a = at_gen_arr_add(k, name, nd, size);
	if (a >= 0)
		for (int d = 0; d < nd; d++)
			k->arr[a].role[d] = roles[d];
	return a;
}

/* Adds a new node under `parent` (-1: it becomes the root); returns its
 * index, or -1 (and sets k->err) when a table is full. */
static int at_gen_node_add(at_gen_kernel *k, int parent, int loop)
{
	at_gen_node *n;

	if (k->n_node >= AT_GEN_MAX_NODES ||
	    (parent >= 0 && k->node[parent].n_kid >= AT_GEN_MAX_KIDS)) {
		k->err = 1;
		return -1;
	}
	n = &k->node[k->n_node];
	memset(n, 0, sizeof *n);
	n->loop = loop;
	if (parent < 0)
		k->root = k->n_node;
	else
		k->node[parent].kid[k->node[parent].n_kid++] = k->n_node;
	return k->n_node++;
}

/* Adds under `parent` the loop `for (int it = lb; it < ub; it++)` (`<=`
 * when le); returns its index, or -1 when full. */
static int at_gen_loop(at_gen_kernel *k, int parent, const char *it,
	const char *lb, const char *ub, int le)
{
	int id = at_gen_node_add(k, parent, 1);
	at_gen_node *n;

	if (id < 0)
		return -1;
	n = &k->node[id];
	snprintf(n->iter, sizeof n->iter, "%s", it);
	if ((size_t)snprintf(n->lb, sizeof n->lb, "%s", lb) >= sizeof n->lb ||
	    (size_t)snprintf(n->ub, sizeof n->ub, "%s", ub) >= sizeof n->ub)
		k->err = 1;
	n->le = le;
	return id;
}

/* Adds under `parent` the loop over it = L .. SIZE(s) - U - 1, written
 * `it < SIZE - U` or (30 %) `it <= SIZE - U - 1`; returns its index. */
static int at_gen_rect(at_gen_kernel *k, int parent, const char *it, int L,
	int s, int U)
{
	char lb[16], ub[48];
	int le = at_gen_pct(k, 30), off = le ? U + 1 : U;

	snprintf(lb, sizeof lb, "%d", L);
	if (off)
		snprintf(ub, sizeof ub, "%s - %d", at_gen_sname(k, s), off);
	else
		snprintf(ub, sizeof ub, "%s", at_gen_sname(k, s));
	return at_gen_loop(k, parent, it, lb, ub, le);
}

/* Adds the loop `for (int it = 0; it < SIZE(s); it++)` under parent, with
 * `<=` 30 % of the time (an outer time or repetition loop). */
static int at_gen_full(at_gen_kernel *k, int parent, const char *it, int s)
{
	return at_gen_rect(k, parent, it, 0, s, 0);
}

/* Adds an empty statement under parent and starts string b on its text;
 * returns its index (-1 when full; b then writes to a scratch buffer). */
static int at_gen_stmt(at_gen_kernel *k, int parent, at_gen_str *b)
{
	static char scratch[AT_GEN_TEXT];
	int id = at_gen_node_add(k, parent, 0);

	at_gen_str_init(b, id < 0 ? scratch : k->node[id].text, AT_GEN_TEXT,
		&k->err);
	return id;
}

/* Appends printf-style text to the description k->what. */
static void at_gen_what(at_gen_kernel *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void at_gen_what(at_gen_kernel *k, const char *fmt, ...)
{
	size_t len = strlen(k->what);
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(k->what + len, sizeof k->what - len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof k->what - len)
		k->err = 1;
}

/* Adds the sizes NI, NJ, ... (the first n of at_gen_nm) with odd test
 * values in [tlo, thi] and bench values whose product is about `work`;
 * stores their indexes in s[]. */
static void at_gen_dims(at_gen_kernel *k, int n, int tlo, int thi,
	double work, int *s)
{
	long bench[AT_GEN_MAX_DIMS];

	at_gen_bench_dims(k, work, n, bench);
	for (int q = 0; q < n; q++)
		s[q] = at_gen_size_add(k, at_gen_nm[q], at_gen_odd(k, tlo, thi),
			bench[q]);
}

/* Fills perm[0..n-1] with a random permutation of 0..n-1. */
static void at_gen_perm(at_gen_kernel *k, int n, int *perm)
{
	for (int q = 0; q < n; q++)
		perm[q] = q;
	for (int q = n - 1; q > 0; q--) {
		int r = at_gen_int(k, 0, q), t = perm[q];

		perm[q] = perm[r];
		perm[r] = t;
	}
}

/* Adds under parent a nest of n full rectangular loops (iterator
 * at_gen_it[q] from 0 over size s[q]) in the order perm[]; returns the
 * innermost loop. */
static int at_gen_nest(at_gen_kernel *k, int parent, int n, const int *s,
	const int *perm)
{
	for (int q = 0; q < n; q++)
		parent = at_gen_full(k, parent, at_gen_it[perm[q]], s[perm[q]]);
	return parent;
}

/* Appends the loop order perm of n iterators to the description: "j-i-k". */
static void at_gen_what_order(at_gen_kernel *k, int n, const int *perm)
{
	for (int q = 0; q < n; q++)
		at_gen_what(k, "%s%s", q ? "-" : "", at_gen_it[perm[q]]);
}

/* ------------------------------------------------------------------ */
/* Class 1: uniform dependences                                        */
/* ------------------------------------------------------------------ */

/* Fills v[0..] with up to m distinct lexicographically positive distance
 * vectors of length d (components within [-3, 3], [-2, 2] when d = 4,
 * mostly small); returns how many it made (m unless unlucky). */
static int at_gen_uniform_deps(at_gen_kernel *k, int d, int m,
	int v[][AT_GEN_MAX_DIMS])
{
	int big = d == 4 ? 2 : 3, e = 0;

	for (int tries = 0; e < m && tries < 1000; tries++) {
		int p = at_gen_pct(k, 65) ? 0 : at_gen_int(k, 1, d - 1),
		    dup = 0;

		for (int q = 0; q < d; q++) {
			if (q < p)
				v[e][q] = 0;
			else if (q == p)
				v[e][q] = at_gen_int(k, 1,
					at_gen_pct(k, 25) ? big : 1);
			else if (at_gen_pct(k, 50))
				v[e][q] = at_gen_int(k, -1, 1);
			else
				v[e][q] = at_gen_int(k, -big, big);
		}
		for (int f = 0; f < e && !dup; f++)
			dup = !memcmp(v[f], v[e], sizeof v[e]);
		if (!dup)
			e++;
	}
	return e;
}

/* Class uniform: one in-place statement A[x] = c0 * A[x] + sum c_e *
 * A[x - v_e] in a 2-D, 3-D or 4-D nest, with 1-5 uniform dependences v_e;
 * the loops start and stop far enough from the edges for every access. */
static void at_gen_uniform(at_gen_kernel *k)
{
	int v[5][AT_GEN_MAX_DIMS] = { { 0 } }, lo[4] = { 0 }, hi[4] = { 0 };
	int s[4], r = at_gen_int(k, 0, 99), d, m, a, loop = -1, coef[6];
	at_gen_sub sub[4];
	at_gen_str b;

	d = r < 45 ? 2 : r < 85 ? 3 : 4;
	m = at_gen_uniform_deps(k, d, at_gen_int(k, 1, d == 4 ? 4 : 5), v);
	for (int e = 0; e < m; e++)
		for (int q = 0; q < d; q++) {
			lo[q] = v[e][q] > lo[q] ? v[e][q] : lo[q];
			hi[q] = -v[e][q] > hi[q] ? -v[e][q] : hi[q];
		}
	at_gen_dims(k, d, d == 4 ? 11 : 13, d == 4 ? 25 : 41,
		d == 2 ? 2.4e7 : 3.2e7, s);
	a = at_gen_out(k, "A", d, s);
	for (int q = 0; q < d && a >= 0; q++)
		if (at_gen_pct(k, 15))
			k->arr[a].pad[q] = at_gen_int(k, 1, 3);
	for (int q = 0; q < d; q++)
		loop = at_gen_rect(k, loop, at_gen_it[q],
			lo[q] + (at_gen_pct(k, 15) ? at_gen_int(k, 1, 2) : 0),
			s[q], hi[q]);
	at_gen_coefs(k, m + 1, coef);
	at_gen_stmt(k, loop, &b);
	for (int q = 0; q < d; q++)
		sub[q] = (at_gen_sub){ at_gen_it[q], 1, 0 };
	at_gen_cat_ref(&b, "A", d, sub);
	at_gen_cat(&b, " = ");
	at_gen_what(k, "%d-D in-place nest, %d uniform dependence%s:", d, m,
		m == 1 ? "" : "s");
	for (int e = 0; e <= m; e++) {
		at_gen_cat_plus(&b, e, 3);
		at_gen_cat_coef(&b, coef[e]);
		at_gen_cat(&b, " * ");
		for (int q = 0; q < d; q++)
			sub[q].off = e ? -v[e - 1][q] : 0;
		at_gen_cat_ref(&b, "A", d, sub);
		if (!e)
			continue;
		at_gen_what(k, " (");
		for (int q = 0; q < d; q++)
			at_gen_what(k, "%s%d", q ? "," : "", v[e - 1][q]);
		at_gen_what(k, ")");
	}
	at_gen_cat(&b, ";");
	k->cls = "uniform";
}

/* ------------------------------------------------------------------ */
/* Class 2: stencils with a time loop                                  */
/* ------------------------------------------------------------------ */

/* Fills o[] with a random neighbour set in [-R, R]^d: a star (the centre
 * and +-1..R along each axis) or 2..9 distinct random points; returns the
 * number of points (at most 16). */
static int at_gen_nbrs(at_gen_kernel *k, int d, int R, int o[][AT_GEN_MAX_DIMS])
{
	int n = 0, box = 1, want;

	memset(o, 0, 16 * sizeof o[0]);
	if (at_gen_pct(k, 40)) {
		n = 1;
		for (int q = 0; q < d; q++)
			for (int r = 1; r <= R; r++) {
				o[n++][q] = -r;
				o[n++][q] = r;
			}
		return n;
	}
	for (int q = 0; q < d; q++)
		box *= 2 * R + 1;
	want = at_gen_int(k, 2, box < 9 ? box : 9);
	while (n < want) {
		int dup = 0;

		for (int q = 0; q < d; q++)
			o[n][q] = at_gen_int(k, -R, R);
		for (int f = 0; f < n && !dup; f++)
			dup = !memcmp(o[f], o[n], sizeof o[n]);
		if (!dup)
			n++;
	}
	return n;
}

/* Adds under parent the d space loops of a stencil reading R cells around
 * each point (margins R, sometimes one more at the start) over sizes s[];
 * returns the innermost loop. */
static int at_gen_space(at_gen_kernel *k, int parent, int d, int R,
	const int *s)
{
	for (int q = 0; q < d; q++)
		parent = at_gen_rect(k, parent, at_gen_it[q],
			R + (at_gen_pct(k, 15) ? 1 : 0), s[q], R);
	return parent;
}

/* Adds under parent the statement "dst[x] = (src[x + o_0] + ...) / K.0;"
 * with K = n or n + 1 (an average of n points of src). */
static void at_gen_avg(at_gen_kernel *k, int parent, int d, const char *dst,
	const char *src, int n, int o[][AT_GEN_MAX_DIMS])
{
	at_gen_sub sub[4];
	at_gen_str b;

	at_gen_stmt(k, parent, &b);
	for (int q = 0; q < d; q++)
		sub[q] = (at_gen_sub){ at_gen_it[q], 1, 0 };
	at_gen_cat_ref(&b, dst, d, sub);
	at_gen_cat(&b, " = (");
	for (int e = 0; e < n; e++) {
		at_gen_cat_plus(&b, e, 4);
		for (int q = 0; q < d; q++)
			sub[q].off = o[e][q];
		at_gen_cat_ref(&b, src, d, sub);
	}
	at_gen_cat(&b, ") / %d.0;", n + at_gen_int(k, 0, 1));
}

/* Returns the largest absolute component among the n points o[] (d-D). */
static int at_gen_reach(int d, int n, int o[][AT_GEN_MAX_DIMS])
{
	int R = 0;

	for (int e = 0; e < n; e++)
		for (int q = 0; q < d; q++)
			R = abs(o[e][q]) > R ? abs(o[e][q]) : R;
	return R;
}

/* Class stencil: TSTEPS sweeps of a Jacobi stencil (B from A, then A from
 * B or a copy back; 1-D to 3-D) or of an in-place Gauss-Seidel stencil
 * (1-D or 2-D) with a random neighbour set. */
static void at_gen_stencil(at_gen_kernel *k)
{
	int seidel = at_gen_pct(k, 45), r = at_gen_int(k, 0, 99), d, R, n1,
	    n2 = 0;
	int o1[16][AT_GEN_MAX_DIMS], o2[16][AT_GEN_MAX_DIMS], s[3], ts, tl,
		copy;
	double work;
	long steps;

	d = seidel ? 1 + (r >= 40) : r < 30 ? 1 : r < 75 ? 2 : 3;
	R = d < 3 && at_gen_pct(k, 30) ? 2 : 1;
	steps = d == 1 ? at_gen_int(k, 100, 300) : at_gen_int(k, 10, 40);
	work = (d == 1 ? 1.4e8 : d == 2 ? 6.0e7 : 5.0e7) / (seidel ? 4.0 : 1.0);
	ts = at_gen_size_add(k, "TSTEPS", at_gen_int(k, 2, 6), steps);
	at_gen_dims(k, d, 13, 41, work / (double)steps, s);
	n1 = at_gen_nbrs(k, d, R, o1);
	copy = !seidel && at_gen_pct(k, 50);
	if (!seidel && !copy)
		n2 = at_gen_nbrs(k, d, R, o2);
	tl = at_gen_full(k, -1, "t", ts);
	at_gen_out(k, "A", d, s);
	if (seidel) {
		at_gen_avg(k,
			at_gen_space(k, tl, d, at_gen_reach(d, n1, o1), s), d,
			"A", "A", n1, o1);
		at_gen_what(k, "%d-D Gauss-Seidel, in place, %d-point "
			"neighbourhood, time loop", d, n1);
		k->cls = "stencil";
		return;
	}
	at_gen_out(k, "B", d, s);
	at_gen_avg(k, at_gen_space(k, tl, d, at_gen_reach(d, n1, o1), s), d,
		"B", "A", n1, o1);
	if (copy) {
		int c[1][AT_GEN_MAX_DIMS] = { { 0 } };

		at_gen_avg(k,
			at_gen_space(k, tl, d, at_gen_reach(d, n1, o1), s), d,
			"A", "B", 1, c);
	} else {
		at_gen_avg(k,
			at_gen_space(k, tl, d, at_gen_reach(d, n2, o2), s), d,
			"A", "B", n2, o2);
	}
	at_gen_what(k, "%d-D Jacobi, time loop: B from A (%d points), A from B "
		"(%s%d point%s)", d, n1, copy ? "copy, " : "", copy ? 1 : n2,
		copy || n2 == 1 ? "" : "s");
	k->cls = "stencil";
}

/* ------------------------------------------------------------------ */
/* Class 3: reductions                                                 */
/* ------------------------------------------------------------------ */

/* Appends name[it(roles[0])]...[it(roles[nd-1])] (plain iterators). */
static void at_gen_cat_roles(at_gen_str *b, const char *name, int nd,
	const int *roles)
{
	at_gen_sub sub[AT_GEN_MAX_DIMS];

	for (int d = 0; d < nd && d < AT_GEN_MAX_DIMS; d++)
		sub[d] = (at_gen_sub){ at_gen_it[roles[d]], 1, 0 };
	at_gen_cat_ref(b, name, nd, sub);
}

/* Appends "name[it(a)][it(b)]" for a 2-D reference whose subscripts are
 * the iterators of roles a and b (plain, offset 0). */
static void at_gen_cat_ref2(at_gen_str *b, const char *name, int ra, int rb)
{
	const int roles[2] = { ra, rb };

	at_gen_cat_roles(b, name, 2, roles);
}

/* Adds the 2-D array name over the sizes of roles ra, rb (s[] indexed by
 * role); marks it written when w. */
static void at_gen_arr2(at_gen_kernel *k, const char *name, const int *s,
	int ra, int rb, int w)
{
	int sz[2] = { s[ra], s[rb] }, a = at_gen_arr_add(k, name, 2, sz);

	if (a >= 0)
		k->arr[a].written = w;
}

/* matmul: C[i][j] += A[i][k] * B[k][j] with A and/or B possibly stored
 * transposed, in a random loop order. */
static void at_gen_matmul(at_gen_kernel *k)
{
	int s[3], perm[3], ta = at_gen_pct(k, 35), tb = at_gen_pct(k, 35);
	int coef = at_gen_pct(k, 30);
	at_gen_str b;

	at_gen_dims(k, 3, 13, 41, 2.0e8, s);
	at_gen_perm(k, 3, perm);
	at_gen_arr2(k, "A", s, ta ? 2 : 0, ta ? 0 : 2, 0);
	at_gen_arr2(k, "B", s, tb ? 1 : 2, tb ? 2 : 1, 0);
	at_gen_arr2(k, "C", s, 0, 1, 1);
	at_gen_stmt(k, at_gen_nest(k, -1, 3, s, perm), &b);
	at_gen_cat_ref2(&b, "C", 0, 1);
	at_gen_cat(&b, " += %s", coef ? "0.5 * " : "");
	at_gen_cat_ref2(&b, "A", ta ? 2 : 0, ta ? 0 : 2);
	at_gen_cat(&b, " * ");
	at_gen_cat_ref2(&b, "B", tb ? 1 : 2, tb ? 2 : 1);
	at_gen_cat(&b, ";");
	at_gen_what(k, "matmul C += A%s * B%s, loop order ", ta ? "^T" : "",
		tb ? "^T" : "");
	at_gen_what_order(k, 3, perm);
}

/* matvec: y[i] += A[i][j] * x[j] (or the transposed product y[j] +=
 * A[i][j] * x[i]) repeated NR times, (i, j) in a random order. */
static void at_gen_matvec(at_gen_kernel *k)
{
	int s[2], perm[2], tr = at_gen_pct(k, 50), nr, rl;
	at_gen_sub si = { "i", 1, 0 }, sj = { "j", 1, 0 };
	at_gen_str b;

	nr = at_gen_size_add(k, "NR", at_gen_int(k, 2, 3),
		at_gen_int(k, 4, 10));
	at_gen_dims(k, 2, 13, 41, 5.0e6, s);
	at_gen_perm(k, 2, perm);
	at_gen_arr2(k, "A", s, 0, 1, 0);
	at_gen_arr_add(k, "x", 1, &s[tr ? 0 : 1]);
	at_gen_out(k, "y", 1, &s[tr ? 1 : 0]);
	rl = at_gen_full(k, -1, "r", nr);
	at_gen_stmt(k, at_gen_nest(k, rl, 2, s, perm), &b);
	at_gen_cat_ref(&b, "y", 1, tr ? &sj : &si);
	at_gen_cat(&b, " += A[i][j] * ");
	at_gen_cat_ref(&b, "x", 1, tr ? &si : &sj);
	at_gen_cat(&b, ";");
	at_gen_what(k,
		"matrix-vector product%s, repeated NR times, loop order r-",
		tr ? " with A^T" : "");
	at_gen_what_order(k, 2, perm);
}

/* sumdim: S[...] += A[...] summing a 2-D or 3-D array over one dimension,
 * repeated NR times, the array loops in a random order. */
static void at_gen_sumdim(at_gen_kernel *k)
{
	int d = at_gen_pct(k, 30) ? 2 : 3, s[3], perm[3],
	    red = at_gen_int(k, 0, d - 1);
	int nr, rl, ss[2], n = 0, scale = at_gen_pct(k, 30);
	at_gen_sub full[3], part[2];
	at_gen_str b;

	nr = at_gen_size_add(k, "NR", at_gen_int(k, 2, 3),
		at_gen_int(k, d == 2 ? 4 : 20, d == 2 ? 10 : 40));
	at_gen_dims(k, d, 13, 41, 6.0e6, s);
	at_gen_perm(k, d, perm);
	for (int q = 0; q < d; q++) {
		full[q] = (at_gen_sub){ at_gen_it[q], 1, 0 };
		if (q != red) {
			ss[n] = s[q];
			part[n++] = full[q];
		}
	}
	at_gen_arr_add(k, "A", d, s);
	at_gen_out(k, "S", d - 1, ss);
	rl = at_gen_full(k, -1, "r", nr);
	at_gen_stmt(k, at_gen_nest(k, rl, d, s, perm), &b);
	at_gen_cat_ref(&b, "S", d - 1, part);
	at_gen_cat(&b, " += %s", scale ? "0.25 * " : "");
	at_gen_cat_ref(&b, "A", d, full);
	at_gen_cat(&b, ";");
	at_gen_what(k, "sum of a %d-D array over dimension %s, repeated NR "
		"times, loop order r-", d, at_gen_it[red]);
	at_gen_what_order(k, d, perm);
	if (perm[d - 1] == red && red != d - 1)
		at_gen_bench_div(k, nr, 6);
}

/* Class reduction: matmul, matrix-vector or sum over a dimension. */
static void at_gen_reduction(at_gen_kernel *k)
{
	int r = at_gen_int(k, 0, 99);

	if (r < 45)
		at_gen_matmul(k);
	else if (r < 70)
		at_gen_matvec(k);
	else
		at_gen_sumdim(k);
	k->cls = "reduction";
}

/* ------------------------------------------------------------------ */
/* Class 4: transposed and strided accesses                            */
/* ------------------------------------------------------------------ */

/* transpose: B[perm(x)] = c0 * A[x] (+ c1 * A[x + o]) (+ c2 * B[perm(x)])
 * for a 2-D or 3-D array, loops in a random order. */
static void at_gen_transpose(at_gen_kernel *k)
{
	int d = at_gen_pct(k, 35) ? 3 : 2, s[3], perm[3], lo[3], bs[3], a;
	int shift = at_gen_pct(k, 50), self = at_gen_pct(k, 40), coef[3], n = 1;
	at_gen_sub sa[3], sb[3];
	at_gen_str b;

	at_gen_dims(k, d, 13, 41, d == 2 ? 1.0e7 : 1.6e7, s);
	do
		at_gen_perm(k, d, perm);
	while (perm[0] == 0 && (d == 2 || perm[1] == 1));
	at_gen_perm(k, d, lo);
	for (int q = 0; q < d; q++) {
		bs[q] = s[perm[q]];
		sa[q] = (at_gen_sub){ at_gen_it[q], 1, 0 };
		sb[q] = (at_gen_sub){ at_gen_it[perm[q]], 1, 0 };
	}
	a = at_gen_arr_add(k, "A", d, s);
	for (int q = 0; q < d && a >= 0 && shift; q++)
		k->arr[a].pad[q] = 1;
	at_gen_out(k, "B", d, bs);
	n += shift + self;
	at_gen_coefs(k, n, coef);
	at_gen_stmt(k, at_gen_nest(k, -1, d, s, lo), &b);
	at_gen_cat_ref(&b, "B", d, sb);
	at_gen_cat(&b, " = ");
	at_gen_cat_coef(&b, coef[0]);
	at_gen_cat(&b, " * ");
	at_gen_cat_ref(&b, "A", d, sa);
	if (shift) {
		for (int q = 0; q < d; q++)
			sa[q].off = at_gen_int(k, 0, 1);
		at_gen_cat(&b, " + ");
		at_gen_cat_coef(&b, coef[1]);
		at_gen_cat(&b, " * ");
		at_gen_cat_ref(&b, "A", d, sa);
	}
	if (self) {
		at_gen_cat(&b, "\n+ ");
		at_gen_cat_coef(&b, coef[n - 1]);
		at_gen_cat(&b, " * ");
		at_gen_cat_ref(&b, "B", d, sb);
	}
	at_gen_cat(&b, ";");
	at_gen_what(k, "%d-D transpose B", d);
	for (int q = 0; q < d; q++)
		at_gen_what(k, "[%s]", at_gen_it[perm[q]]);
	at_gen_what(k, " from A, loop order ");
	at_gen_what_order(k, d, lo);
}

/* strided: repeated NR times, 2-D with strides 1..3 per dimension (not both 1):
 * B[i][j] (or, in place, A[s0*i + w0][s1*j + w1]) = weighted sum of 2-3 reads
 * A[s0*i + o0][s1*j + o1], 0 <= o <= s; loops in a random order. */
static void at_gen_strided(at_gen_kernel *k)
{
	int s[2], st[2], perm[2], inplace = at_gen_pct(k, 30);
	int n = at_gen_int(k, 2, 3), coef[3], a, nr;
	at_gen_sub sub[2];
	at_gen_str b;

	do {
		st[0] = at_gen_int(k, 1, 3);
		st[1] = at_gen_int(k, 1, 3);
	} while (st[0] == 1 && st[1] == 1);
	nr = at_gen_size_add(k, "NR", at_gen_int(k, 2, 3),
		inplace ? at_gen_int(k, 10, 20) : at_gen_int(k, 60, 120));
	at_gen_dims(k, 2, 13, 41, 6.0e6 / (double)(st[0] * st[1]), s);
	at_gen_perm(k, 2, perm);
	a = at_gen_arr_add(k, "A", 2, s);
	for (int q = 0; q < 2 && a >= 0; q++) {
		k->arr[a].mul[q] = st[q];
		k->arr[a].pad[q] = 1;
	}
	if (inplace && a >= 0)
		k->arr[a].written = 1;
	if (!inplace)
		at_gen_out(k, "B", 2, s);
	at_gen_coefs(k, n, coef);
	at_gen_stmt(k, at_gen_nest(k, at_gen_full(k, -1, "r", nr), 2, s, perm),
		&b);
	for (int q = 0; q < 2; q++)
		sub[q] = (at_gen_sub){ at_gen_it[q], inplace ? st[q] : 1,
			inplace ? at_gen_int(k, 0, st[q]) : 0 };
	at_gen_cat_ref(&b, inplace ? "A" : "B", 2, sub);
	at_gen_cat(&b, " = ");
	for (int e = 0; e < n; e++) {
		at_gen_cat_plus(&b, e, 3);
		for (int q = 0; q < 2; q++)
			sub[q] = (at_gen_sub){ at_gen_it[q], st[q],
				at_gen_int(k, 0, st[q]) };
		at_gen_cat_coef(&b, coef[e]);
		at_gen_cat(&b, " * ");
		at_gen_cat_ref(&b, "A", 2, sub);
	}
	at_gen_cat(&b, ";");
	at_gen_what(k,
		"strided reads A[%d*i][%d*j]%s, repeated NR times, loop order "
		"r-",
		st[0], st[1], inplace ? ", in place" : "");
	at_gen_what_order(k, 2, perm);
}

/* shifted: reads whose subscripts add two iterators: a 1-D convolution per
 * row B[i][j] += A[i][j + k] * W[k], a 2-D one B[i][j] += A[i + k][j + l]
 * * W[k][l], or a diagonal sum D[i] += A[i + j][j] repeated NR times;
 * loops in a random order. */
static void at_gen_shifted(at_gen_kernel *k)
{
	int r = at_gen_int(k, 0, 99), s[4], perm[4], a, d;
	at_gen_str b;

	if (r < 30) {
		int nr = at_gen_size_add(k, "NR", at_gen_int(k, 2, 3),
			at_gen_int(k, 2, 4));

		at_gen_dims(k, 2, 13, 41, 1.0e7, s);
		at_gen_perm(k, 2, perm);
		a = at_gen_arr_add(k, "A", 2, s);
		if (a >= 0)
			k->arr[a].size2[0] = s[1];
		at_gen_out(k, "D", 1, s);
		at_gen_stmt(k, at_gen_nest(k, at_gen_full(k, -1, "r", nr), 2, s,
			perm), &b);
		at_gen_cat(&b, "D[i] += A[i + j][j];");
		at_gen_what(k, "diagonal sums D[i] += A[i + j][j], repeated NR "
			"times, loop order r-");
		at_gen_what_order(k, 2, perm);
		return;
	}
	d = r < 70 ? 3 : 4;
	at_gen_dims(k, 2, 13, 41,
		(d == 3 ? 4.0e7 : 2.8e8) / (d == 3 ? 15.0 : 49.0), s);
	for (int q = 2; q < d; q++)
		s[q] = at_gen_size_add(k, at_gen_nm[q], at_gen_odd(k, 3, 9),
			at_gen_odd(k, d == 3 ? 7 : 5, d == 3 ? 23 : 9));
	at_gen_perm(k, d, perm);
	a = at_gen_arr_add(k, "A", 2, s);
	if (a >= 0) {
		k->arr[a].size2[1] = s[2];
		if (d == 4) {
			k->arr[a].size2[0] = s[2];
			k->arr[a].size2[1] = s[3];
		}
	}
	at_gen_arr_add(k, "W", d - 2, s + 2);
	at_gen_out(k, "B", 2, s);
	at_gen_stmt(k, at_gen_nest(k, -1, d, s, perm), &b);
	if (d == 3)
		at_gen_cat(&b, "B[i][j] += A[i][j + k] * W[k];");
	else
		at_gen_cat(&b, "B[i][j] += A[i + k][j + l] * W[k][l];");
	at_gen_what(k, "%d-D convolution, loop order ", d - 2);
	at_gen_what_order(k, d, perm);
	if (d == 4 && (perm[3] == 0 || perm[3] == 2))
		at_gen_bench_div(k, s[0], perm[3] == 0 ? 6 : 2);
}

/* Class transpose: transposes, strided accesses, shifted (i + k) reads. */
static void at_gen_transposed(at_gen_kernel *k)
{
	int r = at_gen_int(k, 0, 99);

	if (r < 40)
		at_gen_transpose(k);
	else if (r < 70)
		at_gen_strided(k);
	else
		at_gen_shifted(k);
	k->cls = "transpose";
}

/* ------------------------------------------------------------------ */
/* Class 5: triangular domains                                         */
/* ------------------------------------------------------------------ */

/* Adds the square N x N array name, diagonally dominant when dd (init adds
 * N on the diagonal), marked written when w; returns its index. */
static int at_gen_square(at_gen_kernel *k, const char *name, int n, int dd,
	int w)
{
	int sz[2] = { n, n }, a = at_gen_arr_add(k, name, 2, sz);

	if (a >= 0) {
		k->arr[a].diag = dd ? n + 1 : 0;
		k->arr[a].written = w;
	}
	return a;
}

/* Sets string buf (48 bytes) to "e" or, 30 % of the time for an upper
 * bound, to "e - 1" with *le set: `i < e` written as `i <= e - 1`. */
static void at_gen_tri_ub(at_gen_kernel *k, char *buf, const char *e, int *le)
{
	*le = at_gen_pct(k, 30);
	snprintf(buf, 48, *le ? "%s - 1" : "%s", e);
}

/* Adds under parent the loop `it` from lb to below ub (an expression),
 * sometimes written with `<=`; returns its index. */
static int at_gen_tri(at_gen_kernel *k, int parent, const char *it,
	const char *lb, const char *ub)
{
	char buf[48];
	int le;

	at_gen_tri_ub(k, buf, ub, &le);
	return at_gen_loop(k, parent, it, lb, buf, le);
}

/* Adds under parent a statement with the fixed text t. */
static void at_gen_text(at_gen_kernel *k, int parent, const char *t)
{
	at_gen_str b;

	at_gen_stmt(k, parent, &b);
	at_gen_cat(&b, "%s", t);
}

/* LU decomposition without pivoting on a diagonally dominant matrix, in
 * the k-i-j (right-looking) or i-k-j (row by row) form. */
static void at_gen_lu(at_gen_kernel *k)
{
	int n = at_gen_size_add(k, "N", at_gen_odd(k, 13, 41),
		at_gen_odd(k, 800, 1050));
	int ikj = at_gen_pct(k, 50), l1, l2, l3;

	at_gen_square(k, "A", n, 1, 1);
	if (ikj) {
		l1 = at_gen_tri(k, -1, "i", "1", "N");
		l2 = at_gen_tri(k, l1, "k", "0", "i");
	} else {
		l1 = at_gen_tri(k, -1, "k", "0", "N");
		l2 = at_gen_tri(k, l1, "i", "k + 1", "N");
	}
	at_gen_text(k, l2, "A[i][k] /= A[k][k];");
	l3 = at_gen_tri(k, l2, "j", "k + 1", "N");
	at_gen_text(k, l3, "A[i][j] -= A[i][k] * A[k][j];");
	at_gen_what(k, "LU decomposition in place, %s form",
		ikj ? "i-k-j" : "k-i-j");
}

/* Cholesky-like factorisation without the square root: for j < i,
 * A[i][j] -= A[i][k] * A[j][k] over k < j, then A[i][j] /= A[j][j]. */
static void at_gen_cholesky(at_gen_kernel *k)
{
	int n = at_gen_size_add(k, "N", at_gen_odd(k, 13, 41),
		at_gen_odd(k, 700, 950));
	int l1, l2, l3;

	at_gen_square(k, "A", n, 1, 1);
	l1 = at_gen_tri(k, -1, "i", "0", "N");
	l2 = at_gen_tri(k, l1, "j", "0", "i");
	l3 = at_gen_tri(k, l2, "k", "0", "j");
	at_gen_text(k, l3, "A[i][j] -= A[i][k] * A[j][k];");
	at_gen_text(k, l2, "A[i][j] /= A[j][j];");
	at_gen_what(k,
		"Cholesky-like factorisation (no square root), in place");
}

/* Forward substitution L X = B for NR right-hand sides, in place in X,
 * with the (j, r) loops of the update in either order. */
static void at_gen_trisolve(at_gen_kernel *k)
{
	int n = at_gen_size_add(k, "N", at_gen_odd(k, 13, 41),
		at_gen_odd(k, 1500, 2200));
	int nr = at_gen_size_add(k, "NR", at_gen_odd(k, 3, 15),
		at_gen_odd(k, 65, 127));
	int rj = at_gen_pct(k, 50), sz[2] = { n, nr }, l1, l2, l3;

	at_gen_square(k, "L", n, 1, 0);
	at_gen_out(k, "X", 2, sz);
	l1 = at_gen_tri(k, -1, "i", "0", "N");
	if (rj) {
		l2 = at_gen_tri(k, l1, "r", "0", "NR");
		l3 = at_gen_tri(k, l2, "j", "0", "i");
	} else {
		l2 = at_gen_tri(k, l1, "j", "0", "i");
		l3 = at_gen_tri(k, l2, "r", "0", "NR");
	}
	at_gen_text(k, l3, "X[i][r] -= L[i][j] * X[j][r];");
	at_gen_text(k, at_gen_tri(k, l1, "r", "0", "NR"),
		"X[i][r] /= L[i][i];");
	at_gen_what(k,
		"forward substitution, NR right-hand sides, update order %s",
		rj ? "i-r-j" : "i-j-r");
}

/* syrk-like: C[i][j] (j <= i) += A[i][k] * A[j][k] (or A^T), optionally
 * scaled first by 0.5 in an imperfect nest. */
static void at_gen_syrk(at_gen_kernel *k)
{
	int n = at_gen_size_add(k, "N", at_gen_odd(k, 13, 41),
		at_gen_odd(k, 600, 800));
	int m = at_gen_size_add(k, "M", at_gen_odd(k, 13, 41),
		at_gen_odd(k, 400, 600));
	int tr = at_gen_pct(k, 40), scale = at_gen_pct(k, 50), sz[2] = { n, m };
	int sz2[2] = { m, n }, l1, l2, l3;

	at_gen_square(k, "C", n, 0, 1);
	at_gen_arr_add(k, "A", 2, tr ? sz2 : sz);
	l1 = at_gen_loop(k, -1, "i", "0", "N", 0);
	if (scale)
		at_gen_text(k, at_gen_loop(k, l1, "j", "0", "i", 1),
			"C[i][j] *= 0.5;");
	if (at_gen_pct(k, 50)) {
		l2 = at_gen_loop(k, l1, "j", "0", "i", 1);
		l3 = at_gen_tri(k, l2, "k", "0", "M");
	} else {
		l2 = at_gen_tri(k, l1, "k", "0", "M");
		l3 = at_gen_loop(k, l2, "j", "0", "i", 1);
	}
	at_gen_text(k, l3, tr ? "C[i][j] += A[k][i] * A[k][j];" :
		"C[i][j] += A[i][k] * A[j][k];");
	at_gen_what(k, "syrk-like lower-triangular update%s%s, loop order i-%s",
		tr ? " with A^T" : "", scale ? ", scaled first" : "",
		k->node[l2].iter[0] == 'j' ? "j-k" : "k-j");
}

/* trmm-like: B[i][j] += A[k][i] * B[k][j] over k > i, then B[i][j] scaled:
 * reads rows of B below i that are not yet updated. */
static void at_gen_trmm(at_gen_kernel *k)
{
	int m = at_gen_size_add(k, "M", at_gen_odd(k, 13, 41),
		at_gen_odd(k, 600, 800));
	int n = at_gen_size_add(k, "N", at_gen_odd(k, 13, 41),
		at_gen_odd(k, 350, 500));
	int sz[2] = { m, n }, l1, l2, l3;

	at_gen_square(k, "A", m, 0, 0);
	at_gen_out(k, "B", 2, sz);
	l1 = at_gen_tri(k, -1, "i", "0", "M");
	l2 = at_gen_tri(k, l1, "j", "0", "N");
	l3 = at_gen_tri(k, l2, "k", "i + 1", "M");
	at_gen_text(k, l3, "B[i][j] += A[k][i] * B[k][j];");
	at_gen_text(k, l2, "B[i][j] = 0.5 * B[i][j];");
	at_gen_what(k, "trmm-like triangular product, in place in B");
}

/* Class triangular: LU, Cholesky-like, forward substitution, syrk, trmm. */
static void at_gen_triangular(at_gen_kernel *k)
{
	int r = at_gen_int(k, 0, 99);

	if (r < 25)
		at_gen_lu(k);
	else if (r < 45)
		at_gen_cholesky(k);
	else if (r < 65)
		at_gen_trisolve(k);
	else if (r < 85)
		at_gen_syrk(k);
	else
		at_gen_trmm(k);
	k->cls = "triangular";
}

/* ------------------------------------------------------------------ */
/* Class 6: multi-statement nests                                      */
/* ------------------------------------------------------------------ */

/* Adds under parent a loop of role r (iterator i, j or k over size rs[r])
 * with random margins 0..2 at each end, and sets *out to ctx c (NULL:
 * none) with that loop pushed; returns the loop. */
static int at_gen_mloop(at_gen_kernel *k, int parent, const int *rs, int r,
	const at_gen_ctx *c, at_gen_ctx *out)
{
	int L = at_gen_pct(k, 50) ? 0 : at_gen_int(k, 1, 2);
	int U = at_gen_pct(k, 50) ? 0 : at_gen_int(k, 1, 2);

	if (c)
		*out = *c;
	else
		memset(out, 0, sizeof *out);
	if (out->n >= AT_GEN_MAX_DIMS) {
		k->err = 1;
		return -1;
	}
	out->it[out->n] = at_gen_it[r];
	out->role[out->n] = r;
	out->lo[out->n] = -L;
	out->hi[out->n] = U;
	out->n++;
	return at_gen_rect(k, parent, at_gen_it[r], L, rs[r], U);
}

/* Appends a reference to multi-class array a at context c: in each
 * dimension the iterator of the innermost loop of its role plus an offset
 * that stays in range (0 with probability zero %).  Sets k->err when a
 * role has no enclosing loop. */
static void at_gen_mref(at_gen_kernel *k, at_gen_str *b, int a,
	const at_gen_ctx *c, int zero)
{
	at_gen_sub sub[AT_GEN_MAX_DIMS];

	if (a < 0) {
		k->err = 1;
		return;
	}
	for (int d = 0; d < k->arr[a].nd; d++) {
		int q = c->n - 1;

		while (q >= 0 && c->role[q] != k->arr[a].role[d])
			q--;
		if (q < 0) {
			k->err = 1;
			return;
		}
		sub[d] = (at_gen_sub){ c->it[q], 1, at_gen_pct(k, zero) ? 0 :
			at_gen_int(k, c->lo[q], c->hi[q]) };
	}
	at_gen_cat_ref(b, k->arr[a].name, k->arr[a].nd, sub);
}

/* Adds under parent the statement "T[x] = c1 * R1 + ... + cn * Rn;" at
 * context c: T is array t at the plain iterators, the first read is of
 * cand[0] (the producer a consumer must read), the others of random
 * arrays of cand[0..ncand-1] at random in-range offsets, each reference
 * different from the earlier ones (as far as a few tries find one). */
static void at_gen_mwsum(at_gen_kernel *k, int parent, const at_gen_ctx *c,
	int t, const int *cand, int ncand, int n)
{
	char ref[AT_GEN_MAX_TERMS][64];
	int coef[AT_GEN_MAX_TERMS];
	at_gen_str b, r;

	at_gen_coefs(k, n, coef);
	at_gen_stmt(k, parent, &b);
	at_gen_mref(k, &b, t, c, 100);
	at_gen_cat(&b, " = ");
	for (int e = 0; e < n; e++) {
		for (int tries = 0, dup = 1; dup && tries < 6; tries++) {
			at_gen_str_init(&r, ref[e], sizeof ref[e], &k->err);
			at_gen_mref(k, &r,
				e ? cand[at_gen_int(k, 0, ncand - 1)] : cand[0],
				c, 50);
			dup = 0;
			for (int f = 0; f < e && !dup; f++)
				dup = !strcmp(ref[f], ref[e]);
		}
		at_gen_cat_plus(&b, e, 3);
		at_gen_cat_coef(&b, coef[e]);
		at_gen_cat(&b, " * %s", ref[e]);
	}
	at_gen_cat(&b, ";");
	if (t >= 0)
		k->arr[t].written = 1;
}

/* Adds under parent the reduction "T[x] += X[x] * Y[x];" at context c
 * (plain iterators). */
static void at_gen_mred(at_gen_kernel *k, int parent, const at_gen_ctx *c,
	int t, int x, int y)
{
	at_gen_str b;

	at_gen_stmt(k, parent, &b);
	at_gen_mref(k, &b, t, c, 100);
	at_gen_cat(&b, " += ");
	at_gen_mref(k, &b, x, c, 100);
	at_gen_cat(&b, " * ");
	at_gen_mref(k, &b, y, c, 100);
	at_gen_cat(&b, ";");
	if (t >= 0)
		k->arr[t].written = 1;
}

/* multi "perfect": repeated NR times, one i-j nest with 2-3 statements;
 * each consumer reads its producer (B then C then D). */
static void at_gen_m_perfect(at_gen_kernel *k, const int *rs, int outer)
{
	static const int r01[] = { 0, 1 }, r1[] = { 1 };
	int A = at_gen_marr(k, "A", 2, r01, rs),
	    x = at_gen_marr(k, "x", 1, r1, rs);
	int B = at_gen_marr(k, "B", 2, r01, rs),
	    C = at_gen_marr(k, "C", 2, r01, rs);
	int c1[] = { A, x, B }, c2[] = { B, A, C, x }, l;
	at_gen_ctx ci, cj;

	l = at_gen_mloop(k, outer, rs, 0, NULL, &ci);
	l = at_gen_mloop(k, l, rs, 1, &ci, &cj);
	at_gen_mwsum(k, l, &cj, B, c1, 3, at_gen_int(k, 2, 4));
	at_gen_mwsum(k, l, &cj, C, c2, 4, at_gen_int(k, 2, 4));
	if (at_gen_pct(k, 50)) {
		int D = at_gen_marr(k, "D", 2, r01, rs), c3[] = { C, B, D };

		at_gen_mwsum(k, l, &cj, D, c3, 3, at_gen_int(k, 2, 3));
	}
	at_gen_what(k, "perfect i-j nest, producer/consumer statements");
}

/* multi "imperfect": repeated NR times, for i { s[i] = ...; for j
 * s[i] += A[i][j] * x[j]; y[i] = ... s[i] ... } (one of the two
 * depth-1 statements may be left out). */
static void at_gen_m_imperfect(at_gen_kernel *k, const int *rs, int outer)
{
	static const int r01[] = { 0, 1 }, r0[] = { 0 }, r1[] = { 1 };
	int A = at_gen_marr(k, "A", 2, r01, rs),
	    x = at_gen_marr(k, "x", 1, r1, rs);
	int s = at_gen_marr(k, "s", 1, r0, rs),
	    y = at_gen_marr(k, "y", 1, r0, rs);
	int first = at_gen_pct(k, 70), last = !first || at_gen_pct(k, 60);
	int c1[] = { s, y }, c3[] = { s, y }, li, lj;
	at_gen_ctx ci, cj;

	li = at_gen_mloop(k, outer, rs, 0, NULL, &ci);
	if (first)
		at_gen_mwsum(k, li, &ci, s, c1, 2, at_gen_int(k, 1, 2));
	lj = at_gen_mloop(k, li, rs, 1, &ci, &cj);
	at_gen_mred(k, lj, &cj, s, A, x);
	if (last)
		at_gen_mwsum(k, li, &ci, y, c3, 2, at_gen_int(k, 1, 3));
	at_gen_what(k, "imperfect nest: %sreduction over j%s",
		first ? "depth-1 statement, " : "",
		last ? ", depth-1 consumer" : "");
}

/* multi "siblings": repeated NR times, for i { for j B = f(A, B); for j
 * C = g(B, C, A); [for j D = h(C, D)] }. */
static void at_gen_m_siblings(at_gen_kernel *k, const int *rs, int outer)
{
	static const int r01[] = { 0, 1 };
	int A = at_gen_marr(k, "A", 2, r01, rs),
	    B = at_gen_marr(k, "B", 2, r01, rs);
	int C = at_gen_marr(k, "C", 2, r01, rs), c1[] = { A, B },
	    c2[] = { B, C, A };
	int li, third = at_gen_pct(k, 40);
	at_gen_ctx ci, cj;

	li = at_gen_mloop(k, outer, rs, 0, NULL, &ci);
	at_gen_mwsum(k, at_gen_mloop(k, li, rs, 1, &ci, &cj), &cj, B, c1, 2,
		at_gen_int(k, 1, 3));
	at_gen_mwsum(k, at_gen_mloop(k, li, rs, 1, &ci, &cj), &cj, C, c2, 3,
		at_gen_int(k, 2, 4));
	if (third) {
		int D = at_gen_marr(k, "D", 2, r01, rs), c3[] = { C, D };

		at_gen_mwsum(k, at_gen_mloop(k, li, rs, 1, &ci, &cj), &cj, D,
			c3, 2, at_gen_int(k, 1, 3));
	}
	at_gen_what(k, "i loop around %d sibling j loops, producer/consumer",
		third ? 3 : 2);
}

/* multi "deep": for i for j { C = c * C; for k C += A * B; [D = f(C, D)] }
 * (2mm-like, statements at depths 2, 3, 2). */
static void at_gen_m_deep(at_gen_kernel *k, const int *rs)
{
	static const int r01[] = { 0, 1 }, r02[] = { 0, 2 }, r21[] = { 2, 1 };
	int A = at_gen_marr(k, "A", 2, r02, rs),
	    B = at_gen_marr(k, "B", 2, r21, rs);
	int C = at_gen_marr(k, "C", 2, r01, rs), c1[] = { C }, l, lk, last;
	at_gen_ctx ci, cj, ck;

	l = at_gen_mloop(k, -1, rs, 0, NULL, &ci);
	l = at_gen_mloop(k, l, rs, 1, &ci, &cj);
	at_gen_mwsum(k, l, &cj, C, c1, 1, 1);
	lk = at_gen_mloop(k, l, rs, 2, &cj, &ck);
	at_gen_mred(k, lk, &ck, C, A, B);
	last = at_gen_pct(k, 50);
	if (last) {
		int D = at_gen_marr(k, "D", 2, r01, rs), c3[] = { C, D };

		at_gen_mwsum(k, l, &cj, D, c3, 2, at_gen_int(k, 1, 3));
	}
	at_gen_what(k, "imperfect i-j-k nest: scale, matmul update%s",
		last ? ", consumer" : "");
}

/* multi "time siblings": for t { for i for j B = f(A, B); for i for j
 * A = g(B, A); [for i for j C = h(A, B, C)] } (Jacobi/fdtd-like). */
static void at_gen_m_tsiblings(at_gen_kernel *k, const int *rs, int tl)
{
	static const int r01[] = { 0, 1 };
	int A = at_gen_marr(k, "A", 2, r01, rs),
	    B = at_gen_marr(k, "B", 2, r01, rs);
	int c1[] = { A, B }, c2[] = { B, A }, third = at_gen_pct(k, 40), l;
	at_gen_ctx ci, cj;

	l = at_gen_mloop(k, tl, rs, 0, NULL, &ci);
	l = at_gen_mloop(k, l, rs, 1, &ci, &cj);
	at_gen_mwsum(k, l, &cj, B, c1, 2, at_gen_int(k, 2, 4));
	l = at_gen_mloop(k, tl, rs, 0, NULL, &ci);
	l = at_gen_mloop(k, l, rs, 1, &ci, &cj);
	at_gen_mwsum(k, l, &cj, A, c2, 2, at_gen_int(k, 2, 4));
	if (third) {
		int C = at_gen_marr(k, "C", 2, r01, rs), c3[] = { A, B, C };

		l = at_gen_mloop(k, tl, rs, 0, NULL, &ci);
		l = at_gen_mloop(k, l, rs, 1, &ci, &cj);
		at_gen_mwsum(k, l, &cj, C, c3, 3, at_gen_int(k, 2, 4));
	}
	at_gen_what(k, "time loop around %d sibling i-j nests", third ? 3 : 2);
}

/* multi "time imperfect": for t for i { s[i] = f(s, x); for j A[i][j] =
 * g(A, s); [x[i] = h(s, x)] }. */
static void at_gen_m_timperfect(at_gen_kernel *k, const int *rs, int tl)
{
	static const int r01[] = { 0, 1 }, r0[] = { 0 };
	int A = at_gen_marr(k, "A", 2, r01, rs),
	    s = at_gen_marr(k, "s", 1, r0, rs);
	int x = at_gen_marr(k, "x", 1, r0, rs), c1[] = { s, x },
	    c2[] = { A, s };
	int li, last = at_gen_pct(k, 50);
	at_gen_ctx ci, cj;

	li = at_gen_mloop(k, tl, rs, 0, NULL, &ci);
	at_gen_mwsum(k, li, &ci, s, c1, 2, at_gen_int(k, 1, 3));
	at_gen_mwsum(k, at_gen_mloop(k, li, rs, 1, &ci, &cj), &cj, A, c2, 2,
		at_gen_int(k, 2, 4));
	if (last)
		at_gen_mwsum(k, li, &ci, x, c1, 2, at_gen_int(k, 1, 3));
	at_gen_what(k, "time loop around an imperfect i nest (depth-1 and "
		"depth-2 statements%s)", last ? ", consumer" : "");
}

/* Class multi: 2-3 statements at the same or different depths with
 * producer/consumer relations, with an outer repetition or time loop or
 * (the deep form) none. */
static void at_gen_multi(at_gen_kernel *k)
{
	int r = at_gen_int(k, 0, 99), rs[3], outer, time = r >= 70;
	long steps = at_gen_int(k, 8, 24);
	double work = r < 20 ? 2.5e7 : r < 40 ? 6.0e7 : r < 55 ? 2.5e7 :
		r < 85 ? 3.0e7 : 1.2e8;

	if (r >= 55 && r < 70) {
		at_gen_dims(k, 3, 13, 41, 6.0e7, rs);
		at_gen_m_deep(k, rs);
		k->cls = "multi";
		return;
	}
	outer = at_gen_size_add(k, time ? "TSTEPS" : "NR", at_gen_int(k, 2, 4),
		steps);
	at_gen_dims(k, 2, 13, 41, work / (double)steps, rs);
	rs[2] = -1;
	outer = at_gen_full(k, -1, time ? "t" : "r", outer);
	if (r < 20)
		at_gen_m_perfect(k, rs, outer);
	else if (r < 40)
		at_gen_m_imperfect(k, rs, outer);
	else if (r < 55)
		at_gen_m_siblings(k, rs, outer);
	else if (r < 85)
		at_gen_m_tsiblings(k, rs, outer);
	else
		at_gen_m_timperfect(k, rs, outer);
	at_gen_what(k, time ? ", time loop" : ", repeated NR times");
	k->cls = "multi";
}

/* ------------------------------------------------------------------ */
/* Class 7 (series 2 only): recurrences through scalars                */
/* ------------------------------------------------------------------ */

/* Seeds from here on draw among seven classes, the six above and
 * recurrence; the seeds below keep their kernels of the six (the
 * measured data names kernels by seed). */
#define AT_GEN_SERIES2 1000000ULL

/* Seeds from here on (series 3) draw series 2's kernels over float
 * arrays and scalars instead of double: every measured kernel before was
 * double, so the cost model never saw an element of 4 bytes (deriche's). */
#define AT_GEN_SERIES3 2000000ULL

/* One pass of a recurrence kernel: a sweep of a recursive filter along
 * rows (the loop over i outside, j along the line) or columns (j outside,
 * i along: the sweep strides through memory), forwards or backwards, from
 * array src into dst; or (filter 0) a combination dst = sum c * src[e]
 * over the points. */
typedef struct {
	int cols, back;
	int nx, ny;	/* 0-2 past inputs, 1-2 past outputs kept in scalars */
	int cur;	/* the current input has a term */
	const char *dst, *src;
} at_gen_rpass;

/* Writes into buf the subscripts "[i][j]" of a pass's point: the
 * coordinate along the line read backwards ("NJ - 1 - j") when back. */
static void at_gen_rsub(char *buf, size_t n, const at_gen_rpass *p)
{
	const char *ii = "i", *jj = "j";
	char rev[16];

	snprintf(rev, sizeof rev, "%s - 1 - %s", p->cols ? "NI" : "NJ",
		p->cols ? "i" : "j");
	if (p->back && p->cols)
		ii = rev;
	else if (p->back)
		jj = rev;
	snprintf(buf, n, "[%s][%s]", ii, jj);
}

/* Adds under parent the declaration `ELEM NAMEid = 0.0;` (a scalar of
 * the nest of the kernel's element type: one copy per iteration of the
 * loops around it). */
static void at_gen_rdecl(at_gen_kernel *k, int parent, const char *name,
	int id)
{
	at_gen_str b;
	int n = at_gen_stmt(k, parent, &b);

	at_gen_cat(&b, "%s %s%d = 0.0;", k->elem, name, id);
	if (n >= 0)
		k->node[n].decl = 1;
}

/* Adds under parent the statement `dst = src;` between two names. */
static void at_gen_rcopy(at_gen_kernel *k, int parent, const char *dst,
	const char *src)
{
	at_gen_str b;

	at_gen_stmt(k, parent, &b);
	at_gen_cat(&b, "%s = %s;", dst, src);
}

/* Adds under `line` (the loop across the lines) the scalars of pass id
 * and the loop along the line computing
 *   dst[x] = c0 * src[x] + c * xa + c * xb + c * ya + c * yb;
 *   xb = xa; xa = src[x]; yb = ya; ya = dst[x];
 * (the terms p leaves out, and their statements, left out); the
 * coefficients sum to less than 1, so the filter is stable. */
static void at_gen_rsweep(at_gen_kernel *k, int line, int id,
	const at_gen_rpass *p, const int *s)
{
	static const char *const nm[] = { "xa", "xb", "ya", "yb" };
	int use[4] = { p->nx > 0, p->nx > 1, 1, p->ny > 1 }, coef[5], e = 0,
	    loop;
	char x[64], v[4][8], ref[80];
	at_gen_str b;

	for (int q = 0; q < 4; q++) {
		snprintf(v[q], sizeof v[q], "%s%d", nm[q], id);
		if (use[q])
			at_gen_rdecl(k, line, nm[q], id);
	}
	at_gen_rsub(x, sizeof x, p);
	loop = at_gen_full(k, line, p->cols ? "i" : "j", s[p->cols ? 0 : 1]);
	at_gen_coefs(k, p->cur + p->nx + p->ny, coef);
	at_gen_stmt(k, loop, &b);
	at_gen_cat(&b, "%s%s = ", p->dst, x);
	if (p->cur) {
		at_gen_cat_coef(&b, coef[e++]);
		at_gen_cat(&b, " * %s%s", p->src, x);
	}
	for (int q = 0; q < 4; q++) {
		if (!use[q])
			continue;
		at_gen_cat_plus(&b, e, 3);
		at_gen_cat_coef(&b, coef[e++]);
		at_gen_cat(&b, " * %s", v[q]);
	}
	at_gen_cat(&b, ";");
	for (int q = 0; q < 4; q += 2) {	/* the x, then the y history */
		snprintf(ref, sizeof ref, "%s%s", q ? p->dst : p->src, x);
		if (use[q + 1])
			at_gen_rcopy(k, loop, v[q + 1], v[q]);
		if (use[q])
			at_gen_rcopy(k, loop, v[q], ref);
	}
}

/* Draws a filter pass from src into dst: rows or columns (cols < 0:
 * drawn), direction, history lengths. */
static at_gen_rpass at_gen_rdraw(at_gen_kernel *k, int cols, const char *dst,
	const char *src)
{
	at_gen_rpass p;

	p.cols = cols < 0 ? at_gen_pct(k, 50) : cols;
	p.back = at_gen_pct(k, 40);
	p.nx = at_gen_int(k, 0, 2);
	p.ny = at_gen_int(k, 1, 2);
	p.cur = p.nx == 0 || at_gen_pct(k, 70);
	p.dst = dst;
	p.src = src;
	return p;
}

/* Adds under parent `Z[i][j] = c * Y0[i][j] + c * Y1[i][j];` in a loop
 * along the lines (rows, or columns when cols), inside a loop across
 * them unless parent already is one (in_line). */
static void at_gen_rcombine(at_gen_kernel *k, int parent, int cols,
	int in_line, const int *s)
{
	int c[2], l = parent;
	at_gen_str b;

	at_gen_coefs(k, 2, c);
	if (!in_line)
		l = at_gen_full(k, l, cols ? "j" : "i", s[cols ? 1 : 0]);
	l = at_gen_full(k, l, cols ? "i" : "j", s[cols ? 0 : 1]);
	at_gen_stmt(k, l, &b);
	at_gen_cat(&b, "Z[i][j] = ");
	at_gen_cat_coef(&b, c[0]);
	at_gen_cat(&b, " * Y0[i][j] + ");
	at_gen_cat_coef(&b, c[1]);
	at_gen_cat(&b, " * Y1[i][j];");
}

/* Appends pass p to the description (after a comma unless first):
 * " rows backwards X->Y1 (x 2+1, y 1)". */
static void at_gen_rwhat(at_gen_kernel *k, const at_gen_rpass *p, int first)
{
	at_gen_what(k, "%s %s %s %s->%s (x %d%s, y %d)", first ? "" : ",",
		p->cols ? "columns" :
		"rows", p->back ? "backwards" : "forwards", p->src, p->dst,
		p->nx, p->cur ? "+1" : "", p->ny);
}

/* Class recurrence, form "lines": one loop over the lines (rows or
 * columns) holding 1-3 sweeps along the line, each through its own
 * scalars, from X or the sweep before, and sometimes a loop combining
 * the first two. */
static void at_gen_rec_lines(at_gen_kernel *k)
{
	static const char *const Y[] = { "Y0", "Y1", "Y2" };
	int s[2], cols = at_gen_pct(k, 50), n = at_gen_int(k, 1, 3), root;
	int comb = n >= 2 && at_gen_pct(k, 60);

	at_gen_dims(k, 2, 13, 41, (cols ? 1.2e7 : 3.0e7) / (n + comb), s);
	at_gen_arr_add(k, "X", 2, s);
	for (int q = 0; q < n; q++)
		at_gen_out(k, Y[q], 2, s);
	if (comb)
		at_gen_out(k, "Z", 2, s);
	root = at_gen_full(k, -1, cols ? "j" : "i", s[cols ? 1 : 0]);
	at_gen_what(k, "one loop over the %s, inside it:",
		cols ? "columns" : "rows");
	for (int q = 0; q < n; q++) {
		at_gen_rpass p = at_gen_rdraw(k, cols, Y[q],
			q && at_gen_pct(k, 40) ? Y[q - 1] : "X");

		at_gen_rsweep(k, root, q, &p, s);
		at_gen_rwhat(k, &p, !q);
	}
	if (comb) {
		at_gen_rcombine(k, root, cols, 1, s);
		at_gen_what(k, ", Z from Y0 and Y1");
	}
}

/* Class recurrence, form "passes" (deriche's): repeated NR times, one or
 * two stages, each a nest of sweeps along rows or columns (the second
 * stage the other way) from the stage's input: one sweep into the
 * stage's output, or a forward sweep into Y0 and a backward one into Y1
 * and a nest combining them.  Stage 1 reads X and writes Z; stage 2
 * reads Z and writes Z again through Y0 and Y1, or Y0. */
static void at_gen_rec_passes(at_gen_kernel *k)
{
	int stages = at_gen_int(k, 1, 2), both[2] = { 0, 0 }, nr, s[2], root;
	int cols = at_gen_pct(k, 50), work = 0;

	for (int g = 0; g < stages; g++) {
		both[g] = at_gen_pct(k, 65);
		work += both[g] ? 3 : 1;
	}
	nr = at_gen_size_add(k, "NR", at_gen_int(k, 1, 2), at_gen_int(k, 1, 3));
	at_gen_dims(k, 2, 13, 41, 2.4e7 / (double)work /
		(double)(nr >= 0 ? k->size[nr].bench : 1), s);
	at_gen_arr_add(k, "X", 2, s);
	if (both[0] || both[1] || stages > 1)
		at_gen_out(k, "Y0", 2, s);
	if (both[0] || both[1])
		at_gen_out(k, "Y1", 2, s);
	at_gen_out(k, "Z", 2, s);
	root = at_gen_full(k, -1, "r", nr);
	at_gen_what(k, "repeated NR times:");
	for (int g = 0; g < stages; g++, cols = !cols) {
		const char *in = g ? "Z" : "X";
		int n = both[g] ? 2 : 1;

		for (int q = 0; q < n; q++) {
			at_gen_rpass p = at_gen_rdraw(k, cols,
				n == 2 ? (q ? "Y1" : "Y0") : g ? "Y0" : "Z", in);
			int line = at_gen_full(k, root, cols ? "j" : "i",
				s[cols ? 1 : 0]);

			if (n == 2)
				p.back = q;
			at_gen_rsweep(k, line, 2 * g + q, &p, s);
			at_gen_rwhat(k, &p, !q);
		}
		if (n == 2) {
			at_gen_rcombine(k, root, cols, 0, s);
			at_gen_what(k, ", Z from Y0 and Y1");
		}
		if (g + 1 < stages)
			at_gen_what(k, ";");
	}
}

/* Class recurrence: recursive filters through scalars, as in deriche (the
 * lines' sweeps are sequential, the lines independent). */
static void at_gen_recurrence(at_gen_kernel *k)
{
	if (at_gen_pct(k, 40))
		at_gen_rec_lines(k);
	else
		at_gen_rec_passes(k);
	k->cls = "recurrence";
}

/* ------------------------------------------------------------------ */
/* Class 8 (series 4 only): accumulations after an initialisation      */
/* ------------------------------------------------------------------ */

/* Seeds from here on (series 4) are all of class accumulate, over double:
 * an element set to a constant (or scaled) before a loop accumulates into
 * it, as gemm, 2mm, atax, bicg, doitgen, covariance and correlation do;
 * none of the kernels of series 1 to 3 starts a reduction that way. */
#define AT_GEN_SERIES4 3000000ULL

/* Adds under parent the initialisation of name at roles: "R = 0.0;", or
 * "R *= 0.5;" when scale. */
static void at_gen_ainit(at_gen_kernel *k, int parent, const char *name,
	int nd, const int *roles, int scale)
{
	at_gen_str b;

	at_gen_stmt(k, parent, &b);
	at_gen_cat_roles(&b, name, nd, roles);
	at_gen_cat(&b, scale ? " *= 0.5;" : " = 0.0;");
}

/* Adds under parent "T += [0.5 *] X * Y;", each reference at its roles. */
static void at_gen_aacc(at_gen_kernel *k, int parent, const char *const *nm,
	const int *nd, const int *const *roles, int coef)
{
	at_gen_str b;

	at_gen_stmt(k, parent, &b);
	at_gen_cat_roles(&b, nm[0], nd[0], roles[0]);
	at_gen_cat(&b, " += %s", coef ? "0.5 * " : "");
	at_gen_cat_roles(&b, nm[1], nd[1], roles[1]);
	at_gen_cat(&b, " * ");
	at_gen_cat_roles(&b, nm[2], nd[2], roles[2]);
	at_gen_cat(&b, ";");
}

/* gemm / 2mm: C[i][j] = 0 (or *= 0.5), then C[i][j] += A[i][k] * B[k][j]
 * with A and/or B possibly stored transposed; either gemm's form (for i
 * { for j init; for k, j in a random order: update }) or 2mm's (for i, j
 * in a random order { init; for k update }). */
static void at_gen_a_gemm(at_gen_kernel *k, int scale)
{
	static const int rij[] = { 0, 1 };
	int s[3], ta = at_gen_pct(k, 35), tb = at_gen_pct(k, 35);
	int ra[2] = { ta ? 2 : 0, ta ? 0 : 2 }, rb[2] = { tb ? 1 : 2, tb ? 2 : 1 };
	int perm[2], sep = at_gen_pct(k, 50), coef = at_gen_pct(k, 30), l;
	const char *nm[] = { "C", "A", "B" };
	const int nd[] = { 2, 2, 2 }, *rl[] = { rij, ra, rb };

	at_gen_dims(k, 3, 13, 41, 2.0e8, s);
	at_gen_perm(k, 2, perm);
	at_gen_arr2(k, "A", s, ra[0], ra[1], 0);
	at_gen_arr2(k, "B", s, rb[0], rb[1], 0);
	at_gen_arr2(k, "C", s, 0, 1, 1);
	if (sep) {
		int li = at_gen_full(k, -1, "i", s[0]), o[2] = { 2, 1 };

		at_gen_ainit(k, at_gen_full(k, li, "j", s[1]), "C", 2, rij,
			scale);
		if (perm[0])
			o[0] = 1, o[1] = 2;
		l = at_gen_full(k, li, at_gen_it[o[0]], s[o[0]]);
		l = at_gen_full(k, l, at_gen_it[o[1]], s[o[1]]);
		at_gen_what(k, "gemm: for i { for j init C; for %s-%s C += A%s "
			"* B%s }", at_gen_it[o[0]], at_gen_it[o[1]],
			ta ? "^T" : "", tb ? "^T" : "");
	} else {
		l = at_gen_nest(k, -1, 2, s, perm);
		at_gen_ainit(k, l, "C", 2, rij, scale);
		l = at_gen_full(k, l, "k", s[2]);
		at_gen_what(k, "2mm-like: for ");
		at_gen_what_order(k, 2, perm);
		at_gen_what(k, " { init C; for k C += A%s * B%s }",
			ta ? "^T" : "", tb ? "^T" : "");
	}
	at_gen_aacc(k, l, nm, nd, rl, coef);
}

/* Seeds from here on (series 5) draw series 4's matrix-vector products
 * and column means (and mvt's pair of products) as regions of several
 * top-level nests, as PolyBench writes atax, bicg, mvt and covariance:
 * no repetition loop around them, so isl may fuse or reorder the nests
 * themselves.  Series 1 to 4 never have more than one top-level loop. */
#define AT_GEN_SERIES5 4000000ULL

/* Draws the repetition count NR of a series-4 kernel and returns its
 * size index; in a region (series 5) draws nothing and returns -1. */
static int at_gen_reps(at_gen_kernel *k)
{
	if (k->region)
		return -1;
	return at_gen_size_add(k, "NR", at_gen_int(k, 2, 3), at_gen_int(k, 4,
		10));
}

/* Adds the root the nests hang from: the loop `for r < NR` (size nr), or
 * in a region (nr < 0) the region itself; returns its index. */
static int at_gen_top(at_gen_kernel *k, int nr)
{
	int id;

	if (nr >= 0)
		return at_gen_full(k, -1, "r", nr);
	id = at_gen_node_add(k, -1, 0);
	if (id >= 0)
		k->node[id].region = 1;
	return id;
}

/* atax / bicg: repeated NR times, for i { y[i] = 0; for j y[i] += A * x;
 * [for j z[j] += A[i][j] * y[i]] } with A possibly stored transposed; z
 * (when present) set to 0 in a loop of its own first.  In a region
 * (series 5) z is always present, and half the time it is bicg's z[j] +=
 * A[i][j] * w[i] in y's j loop instead. */
static void at_gen_a_matvec(at_gen_kernel *k, int scale)
{
	static const int ri[] = { 0 }, rj[] = { 1 };
	int s[2], tr = at_gen_pct(k, 35), cons = at_gen_pct(k, k->region ?
		100 : 45), bi = k->region ? at_gen_pct(k, 50) : 0, nr, r, li,
		lj;
	int ra[2] = { tr ? 1 : 0, tr ? 0 : 1 };
	const char *nm[] = { "y", "A", "x" }, *nz[] = { "z", "A", bi ? "w" :
		"y" };
	const int nd[] = { 1, 2, 1 }, *rl[] = { ri, ra, rj }, *rz[] = { rj, ra,
		ri };

	nr = at_gen_reps(k);
	at_gen_dims(k, 2, 13, 41, 5.0e6, s);
	at_gen_arr2(k, "A", s, ra[0], ra[1], 0);
	at_gen_arr_add(k, "x", 1, &s[1]);
	at_gen_out(k, "y", 1, &s[0]);
	if (bi)
		at_gen_arr_add(k, "w", 1, &s[0]);
	r = at_gen_top(k, nr);
	if (cons) {
		at_gen_out(k, "z", 1, &s[1]);
		at_gen_ainit(k, at_gen_full(k, r, "j", s[1]), "z", 1, rj, 0);
	}
	li = at_gen_full(k, r, "i", s[0]);
	at_gen_ainit(k, li, "y", 1, ri, scale);
	lj = at_gen_full(k, li, "j", s[1]);
	if (bi)
		at_gen_aacc(k, lj, nz, nd, rz, 0);
	at_gen_aacc(k, lj, nm, nd, rl, 0);
	if (cons && !bi)
		at_gen_aacc(k, at_gen_full(k, li, "j", s[1]), nz, nd, rz, 0);
	at_gen_what(k, "matrix-vector product y = A%s x after y = %s%s, "
		"%s", tr ? "^T" : "", scale ? "0.5 y" : "0",
		bi ? ", with z[j] += A * w[i] in its j loop (bicg-like)" :
		cons ? ", then z[j] += A * y[i] (atax-like)" : "",
		nr < 0 ? "a region of nests" : "repeated NR times");
	if (tr)
		at_gen_bench_div(k, nr, 2);
}

/* doitgen: for i for j { for k { sum[k] = 0; for l sum[k] += A[i][j][l]
 * * W[l][k]; } for k O[i][j][k] = sum[k]; } with W possibly transposed and
 * O either A itself (in place) or another array. */
static void at_gen_a_doitgen(at_gen_kernel *k, int scale)
{
	static const int rk[] = { 2 }, rijl[] = { 0, 1, 3 }, rijk[] = { 0, 1,
		2 };
	int s[4], tw = at_gen_pct(k, 35), inplace = at_gen_pct(k, 60);
	int rw[2] = { tw ? 2 : 3, tw ? 3 : 2 }, sz[3], l, lk;
	long nk = at_gen_odd(k, 96, 200);
	const char *nm[] = { "sum", "A", "W" }, *o = inplace ? "A" : "O";
	const int nd[] = { 1, 3, 2 }, *rl[] = { rk, rijl, rw };
	at_gen_str b;

	at_gen_dims(k, 2, 13, 41, 2.0e8 / (double)(nk * nk), s);
	s[2] = at_gen_size_add(k, "NK", at_gen_odd(k, 13, 41), nk);
	s[3] = s[2];
	sz[0] = s[0], sz[1] = s[1], sz[2] = s[2];
	at_gen_out(k, "A", 3, sz);
	at_gen_arr_add(k, "W", 2, &s[2]);
	at_gen_out(k, "sum", 1, &s[2]);
	if (!inplace)
		at_gen_out(k, "O", 3, sz);
	l = at_gen_full(k, at_gen_full(k, -1, "i", s[0]), "j", s[1]);
	lk = at_gen_full(k, l, "k", s[2]);
	at_gen_ainit(k, lk, "sum", 1, rk, scale);
	at_gen_aacc(k, at_gen_full(k, lk, "l", s[3]), nm, nd, rl, 0);
	at_gen_stmt(k, at_gen_full(k, l, "k", s[2]), &b);
	at_gen_cat_roles(&b, o, 3, rijk);
	at_gen_cat(&b, " = sum[k];");
	at_gen_what(k, "doitgen-like: sum[k] = %s, sum[k] += A[i][j][l] * W%s,"
		" then %s[i][j][k] = sum[k]", scale ? "0.5 sum[k]" : "0",
		tw ? "^T" : "", o);
}

/* column means (covariance, correlation): repeated NR times, mean[j] = 0,
 * mean[j] += D[i][j] over i, mean[j] *= 0.25; either j outside (the sum
 * strides down the columns) or the three in loops of their own (the sum
 * in i-j order); then, half the time, C[i][j] = D[i][j] - mean[j]. */
static void at_gen_a_means(at_gen_kernel *k, int scale)
{
	static const int rj[] = { 1 }, rij[] = { 0, 1 };
	int s[2], outer = at_gen_pct(k, k->region ? 0 : 60), cen =
	    at_gen_pct(k, 50), nr, r, l, sum;
	at_gen_str b;

	nr = at_gen_reps(k);
	at_gen_dims(k, 2, 13, 41, 5.0e6, s);
	at_gen_arr2(k, "D", s, 0, 1, 0);
	at_gen_out(k, "mean", 1, &s[1]);
	if (cen)
		at_gen_arr2(k, "C", s, 0, 1, 1);
	r = at_gen_top(k, nr);
	if (outer) {
		l = at_gen_full(k, r, "j", s[1]);
		at_gen_ainit(k, l, "mean", 1, rj, scale);
		sum = at_gen_full(k, l, "i", s[0]);
	} else {
		at_gen_ainit(k, at_gen_full(k, r, "j", s[1]), "mean", 1, rj,
			scale);
		sum = at_gen_full(k, at_gen_full(k, r, "i", s[0]), "j", s[1]);
		l = -1;
	}
	at_gen_stmt(k, sum, &b);
	at_gen_cat(&b, "mean[j] += D[i][j];");
	at_gen_stmt(k, outer ? l : at_gen_full(k, r, "j", s[1]), &b);
	at_gen_cat(&b, "mean[j] *= 0.25;");
	if (cen) {
		at_gen_stmt(k, at_gen_nest(k, r, 2, s, rij), &b);
		at_gen_cat(&b, "C[i][j] = D[i][j] - mean[j];");
	}
	at_gen_what(k, "column means of D (%s)%s, %s",
		outer ? "j outside" : "init, i-j sum and scale in loops of "
		"their own", cen ? ", then centred into C" : "",
		nr < 0 ? "a region of nests" : "repeated NR times");
	if (outer)
		at_gen_bench_div(k, nr, 2);
}

/* mvt (series 5 only): x1[i] += A[i][j] * y1[j] and x2[j] += A[i][j] *
 * y2[i], each in a nest of its own in a random loop order, each output
 * first set to 0 (or scaled) in a loop of its own half the time; A
 * possibly stored transposed. */
static void at_gen_a_mvt(at_gen_kernel *k, int scale)
{
	static const int ri[] = { 0 }, rj[] = { 1 };
	int s[2], tr = at_gen_pct(k, 35), perm[2], top;
	int ra[2] = { tr ? 1 : 0, tr ? 0 : 1 };
	const char *n1[] = { "x1", "A", "y1" }, *n2[] = { "x2", "A", "y2" };
	const int nd[] = { 1, 2, 1 }, *r1[] = { ri, ra, rj }, *r2[] = { rj, ra,
		ri };

	at_gen_dims(k, 2, 13, 41, 5.0e6, s);
	at_gen_arr2(k, "A", s, ra[0], ra[1], 0);
	at_gen_arr_add(k, "y1", 1, &s[1]);
	at_gen_arr_add(k, "y2", 1, &s[0]);
	at_gen_out(k, "x1", 1, &s[0]);
	at_gen_out(k, "x2", 1, &s[1]);
	top = at_gen_top(k, -1);
	for (int q = 0; q < 2; q++) {
		if (at_gen_pct(k, 50))
			at_gen_ainit(k, at_gen_full(k, top, at_gen_it[q], s[q]),
				q ? "x2" : "x1", 1, q ? rj : ri, scale);
		at_gen_perm(k, 2, perm);
		at_gen_aacc(k, at_gen_nest(k, top, 2, s, perm), q ? n2 : n1, nd,
			q ? r2 : r1, 0);
		at_gen_what(k, "%s", q ? ", then x2 += A^T y2 (" :
			"mvt-like: x1 += A y1 (");
		at_gen_what_order(k, 2, perm);
		at_gen_what(k, ")");
	}
	at_gen_what(k, " with A%s stored, a region of nests",
		tr ? "^T" : "");
}

/* Class region (series 5): a matrix-vector product (atax, bicg), a pair
 * of them (mvt) or column means (covariance) as a region of several
 * nests; the initialisations set 0, or a quarter of the time scale by
 * 0.5. */
static void at_gen_region(at_gen_kernel *k)
{
	int r = at_gen_int(k, 0, 99), scale = at_gen_pct(k, 25);

	k->region = 1;
	if (r < 40)
		at_gen_a_matvec(k, scale);
	else if (r < 70)
		at_gen_a_mvt(k, scale);
	else
		at_gen_a_means(k, scale);
	k->cls = "region";
}

/* Class accumulate: an initialised accumulation (gemm or 2mm, atax or
 * bicg, doitgen, column means); the initialisation sets 0, or a quarter
 * of the time scales by 0.5 as gemm's beta does. */
static void at_gen_accumulate(at_gen_kernel *k)
{
	int r = at_gen_int(k, 0, 99), scale = at_gen_pct(k, 25);

	if (r < 40)
		at_gen_a_gemm(k, scale);
	else if (r < 65)
		at_gen_a_matvec(k, scale);
	else if (r < 85)
		at_gen_a_doitgen(k, scale);
	else
		at_gen_a_means(k, scale);
	k->cls = "accumulate";
}

/* ------------------------------------------------------------------ */
/* Class 9 (series 6 only): staggered-grid waves                       */
/* ------------------------------------------------------------------ */

/* Seeds from here on (series 6) are all of class wave, over double:
 * PolyBench's fdtd-2d runs 500 time steps of three sibling sweeps, and
 * no kernel of series 1 to 5 has more than 40 time steps around a 2-D
 * sweep (the model slowed fdtd-2d down 3x, session 38). */
#define AT_GEN_SERIES6 5000000ULL

/* Field names of the wave class, in update order. */
static const char *const at_gen_fields[] = { "ex", "ey", "hz" };

/* Returns a coefficient in thousandths from {25, 50, ..., 200} between
 * cap / 2 and cap (25 when cap < 25). */
static int at_gen_wave_coef(at_gen_kernel *k, int cap)
{
	int hi = cap / 25, lo = (cap / 2 + 24) / 25;

	hi = hi > 8 ? 8 : hi;
	if (hi < 1)
		return 25;
	lo = lo < 1 ? 1 : lo > hi ? hi : lo;
	return 25 * at_gen_int(k, lo, hi);
}

/* Adds under tl the sweep of field f (of nf, d-D over sizes s[]):
 * "f[x] = c0 * f[x] + c_g * (g[x + e] - g[x]) + ..." with one one-sided
 * difference of every other field g along a random axis and direction,
 * the loops' margins keeping every access in range.  c0 + 2 sum c_g <=
 * 1, so no value ever grows. */
static void at_gen_wave_sweep(at_gen_kernel *k, int tl, int d, const int *s,
	int f, int nf)
{
	int ax[3], dir[3], L[3] = { 0, 0, 0 }, U[3] = { 0, 0, 0 }, n = 0;
	int c0 = 100 * at_gen_int(k, 6, 8), l = tl;
	at_gen_sub sub[3];
	at_gen_str b;

	for (int g = 0; g < nf; g++) {
		if (g == f)
			continue;
		ax[n] = at_gen_int(k, 0, d - 1);
		dir[n] = at_gen_pct(k, 50) ? 1 : -1;
		if (dir[n] > 0)
			U[ax[n]] = 1;
		else
			L[ax[n]] = 1;
		n++;
	}
	for (int q = 0; q < d; q++) {
		l = at_gen_rect(k, l, at_gen_it[q], L[q], s[q], U[q]);
		sub[q] = (at_gen_sub){ at_gen_it[q], 1, 0 };
	}
	at_gen_stmt(k, l, &b);
	at_gen_cat_ref(&b, at_gen_fields[f], d, sub);
	at_gen_cat(&b, " = ");
	at_gen_cat_coef(&b, c0);
	at_gen_cat(&b, " * ");
	at_gen_cat_ref(&b, at_gen_fields[f], d, sub);
	for (int g = 0, e = 0; g < nf; g++) {
		if (g == f)
			continue;
		at_gen_cat_plus(&b, e + 1, 2);
		at_gen_cat_coef(&b, at_gen_wave_coef(k, (1000 - c0) / (2 * n)));
		at_gen_cat(&b, " * (");
		sub[ax[e]].off = dir[e] > 0 ? 1 : 0;
		at_gen_cat_ref(&b, at_gen_fields[g], d, sub);
		at_gen_cat(&b, " - ");
		sub[ax[e]].off = dir[e] > 0 ? 0 : -1;
		at_gen_cat_ref(&b, at_gen_fields[g], d, sub);
		sub[ax[e]].off = 0;
		at_gen_cat(&b, ")");
		e++;
	}
	at_gen_cat(&b, ";");
}

/* Adds under tl the source statement "ex[0][x'] = in[t];" (d-D field,
 * loops over the other axes over sizes s[]): fdtd-2d's first sweep. */
static void at_gen_wave_source(at_gen_kernel *k, int tl, int d, const int *s,
	int ts)
{
	at_gen_sub sub[3] = { { NULL, 1, 0 } };
	at_gen_sub t = { "t", 1, 0 };
	int l = tl;
	at_gen_str b;

	at_gen_arr_add(k, "in", 1, &ts);
	for (int q = 1; q < d; q++) {
		l = at_gen_full(k, l, at_gen_it[q], s[q]);
		sub[q] = (at_gen_sub){ at_gen_it[q], 1, 0 };
	}
	at_gen_stmt(k, l, &b);
	at_gen_cat_ref(&b, at_gen_fields[0], d, sub);
	at_gen_cat(&b, " = ");
	at_gen_cat_ref(&b, "in", 1, &t);
	at_gen_cat(&b, ";");
}

/* Class wave (series 6): TSTEPS time steps of 2 or 3 fields on a 1-D to
 * 3-D staggered grid of 30,000 to 960,000 points (bench), each field
 * updated in a sweep of its own from one-sided differences of the
 * others, and half the time a source row set from an input first:
 * fdtd-2d's form.  TSTEPS is 60 to 500, fewer (at least 30) where the
 * grid would take over 3e8 updates. */
static void at_gen_wave(at_gen_kernel *k)
{
	int r = at_gen_int(k, 0, 99), d = r < 20 ? 1 : r < 80 ? 2 : 3;
	int nf = at_gen_pct(k, 60) ? 3 : 2, src = at_gen_pct(k, 50), s[3];
	double pts = 30000.0 * (double)(1 << at_gen_int(k, 0, 5));
	long steps = at_gen_int(k, 60, 500), cap = (long)(3.0e8 / (pts * nf));
	int ts, tl;

	steps = steps < cap ? steps : cap < 30 ? 30 : cap;
	ts = at_gen_size_add(k, "TSTEPS", at_gen_int(k, 2, 6), steps);
	at_gen_dims(k, d, 13, 41, pts, s);
	for (int f = 0; f < nf; f++)
		at_gen_out(k, at_gen_fields[f], d, s);
	tl = at_gen_full(k, -1, "t", ts);
	if (src)
		at_gen_wave_source(k, tl, d, s, ts);
	for (int f = 0; f < nf; f++)
		at_gen_wave_sweep(k, tl, d, s, f, nf);
	at_gen_what(k, "%d-D wave, %d fields updated from one-sided "
		"differences%s, time loop", d, nf,
		src ? ", a source row first" : "");
	k->cls = "wave";
}

/* Draws the whole kernel for seed: its class (one of six, equally likely;
 * from AT_GEN_SERIES2 on one of seven; from AT_GEN_SERIES3 on over float;
 * from AT_GEN_SERIES4 on class accumulate, from AT_GEN_SERIES5 on
 * region, from AT_GEN_SERIES6 on wave, all three over double) and
 * everything in it.  Returns 0, or -1 when a fixed buffer overflowed
 * (a generator bug). */
static int at_gen_kernel_make(at_gen_kernel *k, uint64_t seed)
{
	memset(k, 0, sizeof *k);
	k->rng = seed;
	k->root = -1;
	k->elem = seed >= AT_GEN_SERIES3 && seed < AT_GEN_SERIES4 ? "float" :
		"double";
	if (seed >= AT_GEN_SERIES6) {
		at_gen_wave(k);
		return k->err || k->root < 0 ? -1 : 0;
	}
	if (seed >= AT_GEN_SERIES5) {
		at_gen_region(k);
		return k->err || k->root < 0 ? -1 : 0;
	}
	if (seed >= AT_GEN_SERIES4) {
		at_gen_accumulate(k);
		return k->err || k->root < 0 ? -1 : 0;
	}
	switch (at_gen_int(k, 0, seed >= AT_GEN_SERIES2 ? 6 : 5)) {
	case 0: at_gen_uniform(k); break;
	case 1: at_gen_stencil(k); break;
	case 2: at_gen_reduction(k); break;
	case 3: at_gen_transposed(k); break;
	case 4: at_gen_triangular(k); break;
	case 5: at_gen_multi(k); break;
	default: at_gen_recurrence(k); break;
	}
	return k->err || k->root < 0 ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Printing the program                                                */
/* ------------------------------------------------------------------ */

/* Prints n tabs on f. */
static void at_gen_indent(FILE *f, int n)
{
	for (int i = 0; i < n; i++)
		fputc('\t', f);
}

/* Writes into buf (AT_GEN_TEXT + 64 bytes) statement node id's text
 * `LHS op= e;` as it reads with --locals, `{ double at_t<id> = e; LHS op=
 * at_t<id>; }` (the same value: e is a double either way); the text
 * itself when it has no assignment. */
static void at_gen_local_text(const at_gen_kernel *k, int id, char *buf)
{
	const char *t = k->node[id].text, *eq = strchr(t, '=');
	const char *end = strrchr(t, ';'), *e = eq ? eq + 1 : NULL;

	while (e && *e == ' ')
		e++;
	if (k->node[id].decl || !eq || !end || end < e)
		snprintf(buf, AT_GEN_TEXT + 64, "%s", t);
	else
		snprintf(buf, AT_GEN_TEXT + 64, "{ double at_t%d = %.*s; %.*s "
			"at_t%d; }", id, (int)(end - e), e, (int)(eq + 1 - t), t,
			id);
}

/* Prints node id of k's loop tree at indentation depth on f: a loop with
 * braces when it has several children, a statement one line per line of
 * its text (continuation lines one tab further in; with k->locals
 * through a local, at_gen_local_text). */
static void at_gen_print_node(FILE *f, const at_gen_kernel *k, int id,
	int depth)
{
	const at_gen_node *n = &k->node[id];

	if (n->region) {
		for (int c = 0; c < n->n_kid; c++)
			at_gen_print_node(f, k, n->kid[c], depth);
		return;
	}
	if (!n->loop) {
		char buf[AT_GEN_TEXT + 64];
		const char *p = n->text;

		if (k->locals) {
			at_gen_local_text(k, id, buf);
			p = buf;
		}
		at_gen_indent(f, depth);
		for (; *p; p++) {
			fputc(*p, f);
			if (*p == '\n')
				at_gen_indent(f, depth + 1);
		}
		fputc('\n', f);
		return;
	}
	at_gen_indent(f, depth);
	fprintf(f, "for (int %s = %s; %s %s %s; %s++)%s\n", n->iter, n->lb,
		n->iter, n->le ? "<=" : "<", n->ub, n->iter,
		n->n_kid > 1 ? " {" : "");
	for (int c = 0; c < n->n_kid; c++)
		at_gen_print_node(f, k, n->kid[c], depth + 1);
	if (n->n_kid > 1) {
		at_gen_indent(f, depth);
		fputs("}\n", f);
	}
}

/* Prints text t as comment lines " * ...", breaking between words so that
 * lines stay within 78 columns (a longer word gets a line of its own). */
static void at_gen_print_wrapped(FILE *f, const char *t)
{
	size_t col = 0;

	while (*t) {
		size_t w = strcspn(t, " ");

		if (col && col + 1 + w > 78) {
			fputc('\n', f);
			col = 0;
		}
		if (!col) {
			fputs(" *", f);
			col = 2;
		}
		fprintf(f, " %.*s", (int)w, t);
		col += 1 + w;
		t += w;
		t += strspn(t, " ");
	}
	if (col)
		fputc('\n', f);
}

/* Prints the leading comment: seed, size, class and description, the
 * variants, and the machine-readable gen-* lines. */
static void at_gen_print_header(FILE *f, const at_gen_kernel *k,
	const at_gen_opts *o)
{
	const char *size = at_gen_size_names[o->size];
	unsigned long long seed = (unsigned long long)o->seed;
	char line[320];

	fprintf(f, "/*\n * Generated by autotile-gen --seed %llu --size %s%s%s:\n"
		" * a random kernel for autotile's tests and training data.\n",
		seed, size, o->variants ? " --variants" : "",
		o->locals ? " --locals" : "");
	if (o->ld)
		fputs(" * Arrays linearized with their own row lengths (--ld): "
			"x[i][j] is written\n * x[(i) * x_LD1 + (j)], x_LD1 the "
			"extent of x's rows.\n", f);
	else if (o->linear)
		fputs(" * Arrays linearized (--linear): A[i][j] is written "
			"A[(i) * NJ + (j)].\n", f);
	snprintf(line, sizeof line, "Kernel class %s: %s.%s", k->cls, k->what,
		strcmp(k->elem, "double") ? " Arrays and scalars are float." :
		"");
	at_gen_print_wrapped(f, line);
	if (o->variants) {
		fputs(" * Variants: 0 = the nest as generated (reference)", f);
		for (int v = 0; v < o->n_id; v++)
			fprintf(f, ",%s%d = candidate(%s)",
				(v + 1) % 4 == 0 ? "\n *" : " ", v + 1,
				o->id[v]);
		fputs(".\n * Run: ./prog [OPTIONS] [VARIANT ...] (default: all, "
			"in order;\n * options in runtime/at_harness.h).\n", f);
	}
	fprintf(f, " *\n * gen-seed: %llu\n * gen-size: %s\n", seed, size);
	fprintf(f, " * gen-class: %s\n */\n", k->cls);
}

/* Prints the lines of text l[] (NULL-terminated), each with a newline. */
static void at_gen_print_lines(FILE *f, const char *const *l)
{
	for (; *l; l++) {
		fputs(*l, f);
		fputc('\n', f);
	}
}

/* Returns bench value v of size number s of the kernel of seed `seed`
 * rounded to a multiple m of 8, 16, 32 or 64, m drawn from a hash of
 * seed and s (not from the kernel's generator, so the kernel is bench's
 * with other values) and halved while 2 m > v; values below 12 stay.
 * The bench sizes are odd, so their arrays' rows and planes never start
 * on the cache-set boundaries that sizes as people write them (200,
 * 256, 4000) fall on; round sizes put those in the data. */
static long at_gen_round(uint64_t seed, int s, long v)
{
	uint64_t h = seed ^ (0x632be59bd9b4e019ULL * (uint64_t)(s + 1));
	long m = 8L << (at_gen_next(&h) % 4);

	if (v < 12)
		return v;
	while (m > 8 && 2 * m > v)
		m /= 2;
	return (v + m / 2) / m * m;
}

/* Returns bench value v divided by 4, kept odd and at least 5; values
 * below 12 (repetition counts, radii) stay.  Each loop over such a size
 * runs a quarter of bench's iterations, so a kernel does 1/16 to 1/256 of
 * bench's work (total iterations about 2^18 to 2^26, against bench's
 * 2^22 to 2^30): working sets of a few hundred KiB, run times of
 * milliseconds, where a thread team's start-up and a tile loop's
 * overhead weigh as much as locality (PolyBench's jacobi-1d, trisolv
 * and gesummv at LARGE are there). */
static long at_gen_small(long v)
{
	if (v < 12)
		return v;
	v = (v / 4) | 1;
	return v < 5 ? 5 : v;
}

/* Prints the #define'd sizes, each guarded by #ifndef, for o's --size. */
static void at_gen_print_sizes(FILE *f, const at_gen_kernel *k,
	const at_gen_opts *o)
{
	for (int s = 0; s < k->n_size; s++) {
		long v = o->size == AT_GEN_TEST ? k->size[s].test :
			k->size[s].bench;
		if (o->size == AT_GEN_ROUND)
			v = at_gen_round(o->seed, s, v);
		else if (o->size == AT_GEN_SMALL)
			v = at_gen_small(v);
		fprintf(f, "#ifndef %s\n#define %s %ld\n#endif\n",
			k->size[s].name, k->size[s].name, v);
	}
	fputc('\n', f);
}

/* Prints the extent of dimension d of array a: "2 * NI + NK + 1". */
static void at_gen_print_extent(FILE *f, const at_gen_kernel *k,
	const at_gen_array *a, int d)
{
	if (a->mul[d] != 1)
		fprintf(f, "%d * ", a->mul[d]);
	fputs(at_gen_sname(k, a->size[d]), f);
	if (a->size2[d] >= 0)
		fprintf(f, " + %s", at_gen_sname(k, a->size2[d]));
	if (a->pad[d])
		fprintf(f, " + %d", a->pad[d]);
}

/* Returns 1 when --linear writes array a in one dimension: it has two
 * or more, and each but the first has one size as its extent (any
 * extents with --ld). */
static int at_gen_is_linear(const at_gen_kernel *k, const at_gen_array *a)
{
	if (!k->linear || a->nd < 2)
		return 0;
	if (k->ld)
		return 1;
	for (int d = 1; d < a->nd; d++)
		if (a->mul[d] != 1 || a->size2[d] >= 0 || a->pad[d])
			return 0;
	return 1;
}

/* Prints the row length of dimension d (>= 1) of an array that --linear
 * writes in one dimension: its size ("NJ"), or with --ld its own macro
 * ("A_LD1"). */
static void at_gen_put_size(FILE *f, const at_gen_kernel *k,
	const at_gen_array *a, int d)
{
	if (k->ld)
		fprintf(f, "%s_LD%d", a->name, d);
	else
		fputs(at_gen_sname(k, a->size[d]), f);
}

/* Prints the static array declarations. */
static void at_gen_print_arrays(FILE *f, const at_gen_kernel *k)
{
	for (int i = 0; i < k->n_arr; i++) {
		const at_gen_array *a = &k->arr[i];

		if (at_gen_is_linear(k, a) && k->ld)
			for (int d = 1; d < a->nd; d++) {
				fprintf(f, "#define %s_LD%d (", a->name, d);
				at_gen_print_extent(f, k, a, d);
				fputs(")\n", f);
			}
		fprintf(f, "static %s %s", k->elem, a->name);
		if (at_gen_is_linear(k, a)) {
			fputs("[(", f);
			at_gen_print_extent(f, k, a, 0);
			fputc(')', f);
			for (int d = 1; d < a->nd; d++) {
				fputs(" * ", f);
				at_gen_put_size(f, k, a, d);
			}
			fputs("];\n", f);
			continue;
		}
		for (int d = 0; d < a->nd; d++) {
			fputc('[', f);
			at_gen_print_extent(f, k, a, d);
			fputc(']', f);
		}
		fputs(";\n", f);
	}
	fputc('\n', f);
}

/* Prints the loops and the assignment that fill array a in init(): a
 * formula, not linear in the indices, with the array's own constants. */
static void at_gen_print_fill(FILE *f, const at_gen_kernel *k,
	const at_gen_array *a)
{
	static const char *const div[] = { "7.0", "10.0", "13.0" };

	for (int d = 0; d < a->nd; d++) {
		at_gen_indent(f, d + 1);
		fprintf(f, "for (int %s = 0; %s < ", at_gen_it[d],
			at_gen_it[d]);
		at_gen_print_extent(f, k, a, d);
		fprintf(f, "; %s++)\n", at_gen_it[d]);
	}
	at_gen_indent(f, a->nd + 1);
	fputs(a->name, f);
	for (int d = 0; d < a->nd; d++)
		fprintf(f, "[%s]", at_gen_it[d]);
	fputs(" = (double)((", f);
	for (int d = 0; d < a->nd; d++)
		fprintf(f, "%s * %dL + ", at_gen_it[d], a->lin[d]);
	fprintf(f, "(%s %% %d) * (%s %% %d) + %d) %% %d) / %s%s;\n",
		at_gen_it[0], a->p, at_gen_it[a->nd > 1 ? 1 : 0], a->r, a->c,
		a->m, div[a->q], a->neg ? " - 1.0" : "");
	if (a->diag)
		fprintf(f, "\tfor (int i = 0; i < %s; i++)\n\t\t%s[i][i] += "
			"(double)%s;\n", at_gen_sname(k, a->diag - 1), a->name,
			at_gen_sname(k, a->diag - 1));
}

/* Prints init(), which fills every array. */
static void at_gen_print_init(FILE *f, const at_gen_kernel *k)
{
	fputs("/* Fills every array with values that are not linear in the "
		"indices. */\nstatic void init(void)\n{\n", f);
	for (int i = 0; i < k->n_arr; i++)
		at_gen_print_fill(f, k, &k->arr[i]);
	fputs("}\n\n", f);
}

/* Prints function kernel_v<v>: the nest, preceded by the pragma line
 * `pragma` unless it is NULL; a region (series 5) also between `#pragma
 * scop` and `#pragma endscop` then. */
static void at_gen_print_kernel(FILE *f, const at_gen_kernel *k, int v,
	const char *pragma, const char *what)
{
	int scop = pragma && k->region;

	fprintf(f, "/* %s */\nvoid kernel_v%d(void)\n{\n", what, v);
	if (pragma)
		fprintf(f, "%s\n", pragma);
	if (scop)
		fputs("#pragma scop\n", f);
	at_gen_print_node(f, k, k->root, 1);
	if (scop)
		fputs("#pragma endscop\n", f);
	fputs("}\n\n", f);
}

/* Prints hash_outputs(), the hash over every array the kernel writes. */
static void at_gen_print_hash(FILE *f, const at_gen_kernel *k)
{
	static const char *const head[] = {
		"/* Returns the FNV-1a hash over every array the kernel "
		"writes. */",
		"static uint64_t hash_outputs(void)",
		"{",
		"\tuint64_t h = at_bench_hash_init();",
		"",
		NULL
	};

	at_gen_print_lines(f, head);
	for (int i = 0; i < k->n_arr; i++)
		if (k->arr[i].written)
			fprintf(f, "\th = at_bench_hash(h, %s, sizeof %s);\n",
				k->arr[i].name, k->arr[i].name);
	fputs("\treturn h;\n}\n\n", f);
}

/* Prints main for one kernel: init, time it, report time and hash. */
static void at_gen_print_main1(FILE *f)
{
	static const char *const l[] = {
		"int main(void)",
		"{",
		"\tinit();",
		"\tdouble t0 = at_bench_now();",
		"\tkernel_v0();",
		"\tdouble t1 = at_bench_now();",
		"\tat_bench_report(t1 - t0, hash_outputs());",
		"\treturn 0;",
		"}",
		NULL
	};

	at_gen_print_lines(f, l);
}

/* Prints the table of the arrays the kernel writes (restored from a copy
 * before each run by the harness) as `outputs`, with its size NOUTPUTS. */
static void at_gen_print_outputs(FILE *f, const at_gen_kernel *k)
{
	int n = 0;

	fputs("/* The arrays the kernel writes: the harness restores them "
		"before each run. */\n"
		"static const at_harness_buf outputs[] = {\n", f);
	for (int i = 0; i < k->n_arr; i++)
		if (k->arr[i].written) {
			fprintf(f, "\t{ %s, sizeof %s },\n", k->arr[i].name,
				k->arr[i].name);
			n++;
		}
	if (!n)
		fputs("\t{ NULL, 0 },\n", f);
	fprintf(f, "};\n#define NOUTPUTS %d\n\n", n);
}

/* Prints the variant table and main for --variants with n candidates:
 * runtime/at_harness.h runs each variant (or those named on the command
 * line) on fresh data and prints "variant V time: T hash: H" (plus runs
 * and spread when timing options are given, see at_harness.h). */
static void at_gen_print_mainv(FILE *f, const at_gen_kernel *k, int n)
{
	static const char *const l[] = {
		"",
		"};",
		"",
		"/* Runs every variant, or those named by the arguments, each on "
		"fresh data",
		" * (options: see at_harness.h). */",
		"int main(int argc, char **argv)",
		"{",
		"\tat_harness_prog p = { NVARIANTS, kernels, init, "
		"hash_outputs, outputs,",
		"\t\tNOUTPUTS, NULL };",
		"",
		"\treturn at_harness_main(&p, argc, argv);",
		"}",
		NULL
	};

	at_gen_print_outputs(f, k);
	fprintf(f, "#define NVARIANTS %d\n\n", n + 1);
	fputs("/* The variants: kernel_v0 is the reference. */\n"
		"static void (*const kernels[NVARIANTS])(void) = {", f);
	for (int v = 0; v <= n; v++)
		fprintf(f, "%s%skernel_v%d", v ? "," : "",
			v % 6 ? " " : "\n\t", v);
	at_gen_print_lines(f, l);
}

/* Prints the whole program for kernel k and options o on f. */
static void at_gen_print(FILE *f, const at_gen_kernel *k,
	const at_gen_opts *o)
{
	static const char *const head[] = {
		"#include <stdio.h>",
		"#include <stdlib.h>",
		"",
		NULL
	};
	static const char *const tail[] = {
		"",
		"/* `#pragma autotile` is for autotile, not for the "
		"compiler. */",
		"#pragma GCC diagnostic ignored \"-Wunknown-pragmas\"",
		"",
		NULL
	};
	char pragma[160], what[200];

	at_gen_print_header(f, k, o);
	at_gen_print_lines(f, head);
	fputs(o->variants ? "#include \"at_harness.h\"\n" :
		"#include \"at_bench.h\"\n", f);
	at_gen_print_lines(f, tail);
	at_gen_print_sizes(f, k, o);
	at_gen_print_arrays(f, k);
	at_gen_print_init(f, k);
	if (!o->variants)
		at_gen_print_kernel(f, k, 0, "#pragma autotile",
			"The kernel, marked for autotile.");
	else
		at_gen_print_kernel(f, k, 0, NULL,
			"Variant 0: the reference (no pragma).");
	for (int v = 0; o->variants && v < o->n_id; v++) {
		snprintf(pragma, sizeof pragma,
			"#pragma autotile candidate(%s)", o->id[v]);
		snprintf(what, sizeof what, "Variant %d: candidate %s.", v + 1,
			o->id[v]);
		at_gen_print_kernel(f, k, v + 1, pragma, what);
	}
	at_gen_print_hash(f, k);
	if (o->variants)
		at_gen_print_mainv(f, k, o->n_id);
	else
		at_gen_print_main1(f);
}

/* Returns the length of the bracket group that starts at s ('['),
 * through its ']'; 0 when it does not close. */
static size_t at_gen_group(const char *s)
{
	int depth = 0;

	for (size_t i = 0; s[i]; i++) {
		depth += s[i] == '[' ? 1 : s[i] == ']' ? -1 : 0;
		if (!depth)
			return i + 1;
	}
	return 0;
}

/* Writes reference name[g0]...[g(nd-1)] of array a, whose groups start at
 * g[d] (each `[...]`, len[d] bytes), as --linear indexes it:
 * a[((g0) * S1 + (g1)) * S2 + (g2)]. */
static void at_gen_put_linear(FILE *f, const at_gen_kernel *k,
	const at_gen_array *a, const char *const *g, const size_t *len)
{
	fprintf(f, "%s[", a->name);
	for (int d = 2; d < a->nd; d++)
		fputc('(', f);
	for (int d = 0; d < a->nd; d++) {
		if (d) {
			fputs(" * ", f);
			at_gen_put_size(f, k, a, d);
			fputs(" + ", f);
		}
		fprintf(f, "(%.*s)", (int)len[d] - 2, g[d] + 1);
		if (d && d < a->nd - 1)
			fputc(')', f);
	}
	fputc(']', f);
}

/* Writes the program text t to f with every reference name[e0][e1]...
 * to an array that --linear writes in one dimension indexed by hand
 * (at_gen_put_linear); declarations, with one group, stay as they are. */
static void at_gen_write_linear(FILE *f, const at_gen_kernel *k,
	const char *t)
{
	while (*t) {
		size_t n = strspn(t, "abcdefghijklmnopqrstuvwxyz"
			"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		const at_gen_array *a = NULL;
		const char *g[AT_GEN_MAX_DIMS];
		size_t len[AT_GEN_MAX_DIMS];
		int nd = 0;

		if (!n) {
			fputc(*t++, f);
			continue;
		}
		for (int i = 0; i < k->n_arr && !a; i++)
			if (strlen(k->arr[i].name) == n &&
			    !strncmp(k->arr[i].name, t, n) &&
			    at_gen_is_linear(k, &k->arr[i]))
				a = &k->arr[i];
		for (const char *p = t + n; a && *p == '[' &&
		     nd < AT_GEN_MAX_DIMS && (len[nd] = at_gen_group(p));
		     p += len[nd++])
			g[nd] = p;
		if (a && nd == a->nd && g[nd - 1][len[nd - 1]] != '[') {
			at_gen_put_linear(f, k, a, g, len);
			t = g[nd - 1] + len[nd - 1];
			continue;
		}
		fwrite(t, 1, n, f);
		t += n;
	}
}

/* ------------------------------------------------------------------ */
/* Command line                                                        */
/* ------------------------------------------------------------------ */

/* Prints the usage text on f. */
static void at_gen_usage(FILE *f)
{
	static const char *const l[] = {
		"usage: autotile-gen --seed S [--size test|bench|round|small] "
		"[--variants \"ID1 ID2 ...\"] [--locals] [--linear] [--ld] "
		"[-o FILE]",
		"",
		"Prints a random C kernel program, deterministic from the",
		"seed S (0 .. 2^64-1).  --size test (default): runs in",
		"milliseconds; bench: about 0.05-0.5 s; round: bench's sizes",
		"rounded to multiples of 8 to 64 (200, 256, 4000); small:",
		"bench's sizes divided by 4 (milliseconds).  --variants:",
		"kernel_v0 (reference) and one copy per ID marked",
		"`#pragma autotile candidate(ID)`; IDs match [A-Za-z0-9._-]+.",
		"--locals: every statement `X op= e;` of the kernel is written",
		"`{ double at_t<n> = e; X op= at_t<n>; }` (the same kernel",
		"through scalars declared in the nest).",
		"--linear: arrays whose inner extents are one size each are",
		"declared in one dimension and indexed by hand, A[(i) * NJ +",
		"(j)] for A[i][j] (the same kernel, the same memory).",
		"--ld: as --linear, every array of two or more dimensions,",
		"each row length a macro of its own, A[(i) * A_LD1 + (j)]",
		"with #define A_LD1 (NJ + 2): autotile versions the nest on",
		"the rows holding its subscripts.",
		"Exit status: 0 success, 1 output error, 2 usage error.",
		NULL
	};

	at_gen_print_lines(f, l);
}

/* Prints the one-line usage error "autotile-gen: error: <msg>"; returns 2. */
static int at_gen_error(const char *fmt, const char *arg)
{
	fputs("autotile-gen: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs(" (see autotile-gen --help)\n", stderr);
	return 2;
}

/* Parses a decimal seed (digits only, < 2^64) into *out; returns 0 or -1. */
static int at_gen_parse_seed(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || strspn(s, "0123456789") != strlen(s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* Splits the --variants value v into o->id[] (a copy is kept in o->ids);
 * returns 0, or 2 after a usage error message (bad or too long ID,
 * none, too many). */
static int at_gen_parse_ids(at_gen_opts *o, const char *v)
{
	static const char ok[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		"0123456789._-";
	char *p;

	free(o->ids);
	o->ids = malloc(strlen(v) + 1);
	if (!o->ids)
		return at_gen_error("out of memory%s", "");
	strcpy(o->ids, v);
	o->n_id = 0;
	o->variants = 1;
	for (p = strtok(o->ids, " \t\n"); p; p = strtok(NULL, " \t\n")) {
		if (strspn(p, ok) != strlen(p))
			return at_gen_error("bad variant ID `%s`: expected "
				"[A-Za-z0-9._-]+", p);
		if (strlen(p) > AT_GEN_MAX_ID)
			return at_gen_error("variant ID `%.64s...` is longer "
				"than 64 characters", p);
		if (o->n_id >= AT_GEN_MAX_VARIANTS)
			return at_gen_error("too many variant IDs (at most %s)",
				"256");
		o->id[o->n_id++] = p;
	}
	if (!o->n_id)
		return at_gen_error("--variants needs at least one ID%s", "");
	return 0;
}

/* Takes the value of option argv[*i], given as "--opt=V" (after `len`
 * characters) or in the next argument; returns NULL when missing. */
static const char *at_gen_value(int argc, char **argv, int *i, size_t len)
{
	if (argv[*i][len] == '=')
		return argv[*i] + len + 1;
	if (argv[*i][len] == '\0' && *i + 1 < argc)
		return argv[++*i];
	return NULL;
}

/* Returns 1 when argument a is option name, alone or as "name=...". */
static int at_gen_is(const char *a, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(a, name, n) && (a[n] == '\0' || a[n] == '=');
}

/* Handles option argv[*i] into o; returns 0, 2 (usage error, reported)
 * or -1 (--help printed). */
static int at_gen_option(at_gen_opts *o, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;

	if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
		at_gen_usage(stdout);
		return -1;
	}
	if (!strcmp(a, "--linear") || !strcmp(a, "--ld")) {
		o->linear = 1;
		o->ld |= !strcmp(a, "--ld");
		return 0;
	}
	if (!strcmp(a, "--locals")) {
		o->locals = 1;
		return 0;
	}
	if (!strcmp(a, "-o")) {
		if (*i + 1 >= argc)
			return at_gen_error("option `%s` needs a value", a);
		o->out = argv[++*i];
		return 0;
	}
	if (!at_gen_is(a, "--seed") && !at_gen_is(a, "--size") &&
	    !at_gen_is(a, "--variants"))
		return at_gen_error("unknown option `%s`", a);
	v = at_gen_value(argc, argv, i, strcspn(a, "="));
	if (!v)
		return at_gen_error("option `%s` needs a value", a);
	if (at_gen_is(a, "--seed")) {
		if (at_gen_parse_seed(v, &o->seed) < 0)
			return at_gen_error("bad --seed `%s`: expected an "
					    "integer "
					    "0 .. 18446744073709551615",
				v);
		o->have_seed = 1;
	} else if (at_gen_is(a, "--size")) {
		o->size = AT_GEN_TEST;
		while (o->size < AT_GEN_N_SIZE &&
		       strcmp(v, at_gen_size_names[o->size]))
			o->size++;
		if (o->size == AT_GEN_N_SIZE)
			return at_gen_error("bad --size `%s`: expected test, "
				"bench, round or small", v);
	} else {
		return at_gen_parse_ids(o, v);
	}
	return 0;
}

/* Parses the command line into o; returns 0, 2 (usage error, reported) or
 * -1 (--help printed). */
static int at_gen_parse(at_gen_opts *o, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		int rc = at_gen_option(o, argc, argv, &i);

		if (rc)
			return rc;
	}
	if (!o->have_seed)
		return at_gen_error("missing --seed%s", "");
	return 0;
}

/* Prints the program of kernel k on f; with --linear through a buffer
 * that at_gen_write_linear rewrites.  Returns 1 when out of memory. */
static int at_gen_emit(FILE *f, const at_gen_kernel *k, const at_gen_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (!o->linear) {
		at_gen_print(f, k, o);
		return 0;
	}
	m = open_memstream(&buf, &len);
	if (!m)
		return 1;
	at_gen_print(m, k, o);
	if (fclose(m) || !buf) {
		free(buf);
		return 1;
	}
	at_gen_write_linear(f, k, buf);
	free(buf);
	return 0;
}

/* Generates the kernel for o and writes the program to o->out (or
 * stdout); returns the exit status (0, or 1 after a message). */
static int at_gen_run(const at_gen_opts *o)
{
	static at_gen_kernel k;
	FILE *f = stdout;
	int bad;

	if (at_gen_kernel_make(&k, o->seed) < 0) {
		fprintf(stderr,
			"autotile-gen: error: internal: kernel for seed "
			"%llu does not fit the generator's buffers\n",
			(unsigned long long)o->seed);
		return 1;
	}
	k.locals = o->locals;
	k.linear = o->linear;
	k.ld = o->ld;
	if (o->out && !(f = fopen(o->out, "w"))) {
		fprintf(stderr, "autotile-gen: error: cannot write `%s`: %s\n",
			o->out, strerror(errno));
		return 1;
	}
	bad = at_gen_emit(f, &k, o);
	bad |= ferror(f);
	if (f != stdout ? fclose(f) : fflush(f))
		bad = 1;
	if (bad) {
		fprintf(stderr, "autotile-gen: error: cannot write `%s`\n",
			o->out ? o->out : "(standard output)");
		return 1;
	}
	return 0;
}

/* Parses the options, prints the program; exit status 0, 1 or 2. */
int main(int argc, char **argv)
{
	at_gen_opts o;
	int rc;

	memset(&o, 0, sizeof o);
	rc = at_gen_parse(&o, argc, argv);
	if (rc == 0)
		rc = at_gen_run(&o);
	else if (rc < 0)
		rc = 0;
	free(o.ids);
	return rc;
}
