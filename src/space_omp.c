/*
 * space_omp.c — stage 4, part 3: which loop of a structure gets `parallel
 * for` (the outermost parallel tile loop) and which `simd` (an innermost
 * parallel point loop), tested exactly on its schedule tree; the tests
 * are memoized in the space by the part of the choice they depend on,
 * and structures that differ only in loop orders share one relation
 * (see space_int.h).
 */
#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "at_buf.h"
#include "at_space.h"
#include "at_shape.h"
#include "space_int.h"

/* Frees one family of the memo; NULL is allowed. */
static void at_space_family_free(struct at_omp_family *e)
{
	if (!e)
		return;
	isl_basic_map_list_free(e->rel);
	free(e);
}

/* Frees the memo of at_space_omp (see space_int.h). */
void at_space_memo_free(struct at_space_memo *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->n_fam; i++)
		at_space_family_free(m->fam[i]);
	free(m->fam);
	free(m->e);
	for (int i = 0; i <= AT_MAX_DEPTH; i++)
		isl_schedule_free(m->orig[i]);
	at_space_inner_memo_free(m);
	free(m);
}

/* Finds the first AT_MARK_POINT mark (pre-order) and stores a copy. */
static isl_bool at_space_find_mark(__isl_keep isl_schedule_node *node,
	void *user)
{
	isl_schedule_node **found = user;
	isl_id *id;
	int is_point;

	if (*found)
		return isl_bool_false;
	if (isl_schedule_node_get_type(node) != isl_schedule_node_mark)
		return isl_bool_true;
	id = isl_schedule_node_mark_get_id(node);
	is_point = id && !strcmp(isl_id_get_name(id), AT_MARK_POINT);
	isl_id_free(id);
	if (is_point)
		*found = isl_schedule_node_copy(node);
	return is_point ? isl_bool_false : isl_bool_true;
}

/* A candidate's schedule with its tile band (the parent of the point
 * mark) and point band (the mark's child) and their member counts. */
struct at_space_bands {
	isl_schedule *sched;
	isl_schedule_node *mark, *tile, *point;
	isl_size n, np;
};

/* Builds ch's schedule into *b and finds its tile and point bands.
 * Returns 1 when found, 0 when the schedule has no point mark (no tile),
 * -1 on error.  *b is to be freed with at_space_bands_clear in every
 * case. */
static int at_space_bands_get(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, struct at_space_bands *b)
{
	memset(b, 0, sizeof(*b));
	b->sched = at_space_schedule(ctx, space, ch);
	if (!b->sched || isl_schedule_foreach_schedule_node_top_down(b->sched,
	    &at_space_find_mark, &b->mark) < 0)
		return -1;
	if (!b->mark)
		return 0;
	b->tile = isl_schedule_node_parent(isl_schedule_node_copy(b->mark));
	b->point = isl_schedule_node_child(isl_schedule_node_copy(b->mark), 0);
	b->n = isl_schedule_node_band_n_member(b->tile);
	b->np = isl_schedule_node_band_n_member(b->point);
	return b->n < 0 || b->np < 0 ? -1 : 1;
}

/* Frees what at_space_bands_get put in *b. */
static void at_space_bands_clear(struct at_space_bands *b)
{
	isl_schedule_node_free(b->mark);
	isl_schedule_node_free(b->tile);
	isl_schedule_node_free(b->point);
	isl_schedule_free(b->sched);
	memset(b, 0, sizeof(*b));
}

/* Returns prefix (taken) extended by the first m members of `band`'s
 * partial schedule. */
static __isl_give isl_union_map *at_space_extend(
	__isl_take isl_union_map *prefix, __isl_keep isl_schedule_node *band,
	int m)
{
	isl_multi_union_pw_aff *p;
	isl_size n;

	p = isl_schedule_node_band_get_partial_schedule(band);
	n = isl_multi_union_pw_aff_size(p);
	if (n > m)
		p = isl_multi_union_pw_aff_drop_dims(p, isl_dim_set, m, n - m);
	return isl_union_map_flat_range_product(prefix,
		isl_union_map_from_multi_union_pw_aff(p));
}

/* Fills *key with the part of ch the `simd` test's result depends on (see
 * struct at_omp_entry). */
static void at_space_omp_key(const at_space *space, const at_choice *ch,
	int simd, at_choice *key)
{
	int n = ch->shape >= 0 ? space->shapes[ch->shape].n : 0;
	int t[AT_MAX_DEPTH], p[AT_MAX_DEPTH];

	memset(key, 0, sizeof(*key));
	key->shape = ch->shape;
	key->tile_scan = ch->tile_scan;
	memcpy(key->sizes, ch->sizes, n * sizeof(*ch->sizes));
	at_choice_orders(ch, n, t, p);
	if (simd) {
		key->point_scan = ch->point_scan;
		key->point_ord[0] = n ? p[n - 1] : 0;
	} else {
		memcpy(key->tile_ord, t, n * sizeof(*t));
	}
}

/* Looks up the memoized result of test `simd` for key; returns 1 and sets
 * *value when there is one, else 0. */
static int at_space_memo_get(const at_space *space, const at_choice *key,
	int simd, int *value)
{
	const struct at_space_memo *m = space->memo;

	for (int i = 0; m && i < m->n; i++)
		if (m->e[i].simd == simd &&
		    !memcmp(&m->e[i].key, key, sizeof(*key))) {
			*value = m->e[i].value;
			return 1;
		}
	return 0;
}

/* Memoizes the result of test `simd` for key (nothing when out of
 * memory: the memo only saves time). */
static void at_space_memo_put(const at_space *space, const at_choice *key,
	int simd, int value)
{
	struct at_space_memo *m = space->memo;

	if (!m || at_buf_grow((void **)&m->e, m->n, &m->cap, sizeof(*m->e),
			64) < 0)
		return;
	m->e[m->n].key = *key;
	m->e[m->n].simd = simd;
	m->e[m->n].value = value;
	m->n++;
}

/* Runs at_space_omp's tests on ch's schedule: *par when want_par, *simd
 * when want_simd (each -1 when there is none).  Returns 0 or -1. */
static int at_space_omp_tests(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int want_par, int want_simd, int *par, int *simd)
{
	struct at_space_bands b;
	isl_union_map *pre = NULL, *m;
	isl_schedule_node *tile, *point;
	isl_size n, np;
	int r, ok;

	*par = *simd = -1;
	r = at_space_bands_get(ctx, space, ch, &b);
	if (r <= 0)
		goto done;
	tile = b.tile;
	point = b.point;
	n = b.n;
	np = b.np;
	pre = isl_schedule_node_get_prefix_schedule_union_map(tile);
	r = -1;
	if (!pre)
		goto done;
	for (int k = 0; want_par && k < n && *par < 0; k++) {
		m = at_space_extend(isl_union_map_copy(pre), tile, k + 1);
		ok = at_deps_is_parallel(space->deps, m);
		isl_union_map_free(m);
		if (ok < 0)
			goto done;
		if (ok)
			*par = k;
	}
	ok = 0;
	if (want_simd) {
		m = at_space_extend(at_space_extend(isl_union_map_copy(pre),
			tile, n), point, np);
		ok = at_deps_is_parallel(space->deps, m);
		isl_union_map_free(m);
	}
	if (ok < 0)
		goto done;
	if (ok)
		*simd = n + np - 1;
	r = 0;
done:
	isl_union_map_free(pre);
	at_space_bands_clear(&b);
	return r;
}

/* Returns the tile scan of the family of ch's `simd` test: TS when ch's
 * tile band is TS or an invertible linear map of TS's coordinates (TP
 * always, TI when det H != 0), since agreeing on every tile loop is then
 * the same condition; ch's own scan otherwise. */
static at_scan at_space_simd_scan(const at_space *space, const at_choice *ch)
{
	const at_shape *sh = &space->shapes[ch->shape];

	if (ch->tile_scan == AT_SCAN_I && at_shape_det(sh->h, sh->n) == 0)
		return AT_SCAN_I;
	return AT_SCAN_S;
}

/* Fills *key with the family of ch's test `simd` (see struct
 * at_omp_family): ch's shape and band sizes, both loop orders the
 * identity; for the parallel tile loop (`simd` 0, a test that does not
 * involve the point loops) ch's tile scan and LI, which keeps every
 * loop of the band a coordinate of the relation; for the innermost point
 * loop ch's point scan and the tile scan of at_space_simd_scan. */
static void at_space_family(const at_space *space, const at_choice *ch,
	int simd, at_choice *key)
{
	int n = space->shapes[ch->shape].n;

	memset(key, 0, sizeof(*key));
	key->shape = ch->shape;
	key->tile_scan = simd ? at_space_simd_scan(space, ch) : ch->tile_scan;
	key->point_scan = simd ? ch->point_scan : AT_SCAN_I;
	memcpy(key->sizes, ch->sizes, n * sizeof(*ch->sizes));
	for (int k = 0; k < n; k++)
		key->tile_ord[k] = key->point_ord[k] = k;
}

/* Returns 1 if the schedule of ch (shape >= 0) applies exactly the
 * effective loop orders of at_choice_orders: every stored order the scan
 * ignores is the identity or not a permutation (as in every enumerated
 * structure).  Only then do its families answer its tests; at_space_omp
 * tests other choices directly. */
static int at_space_orders_plain(const at_space *space, const at_choice *ch)
{
	int n = space->shapes[ch->shape].n;
	int t[AT_MAX_DEPTH], p[AT_MAX_DEPTH], rt[AT_MAX_DEPTH], rp[AT_MAX_DEPTH];

	at_choice_orders(ch, n, t, p);
	at_space_perm_or_id(ch->tile_ord, n, rt);
	at_space_perm_or_id(ch->point_ord, n, rp);
	return !memcmp(t, rt, n * sizeof(int)) &&
		!memcmp(p, rp, n * sizeof(int));
}

/* Appends b (taken) to *list (NULL: empty) once its first `lead`
 * coordinates are equated, unless it is empty then.  Returns 0, or -1 on
 * error. */
static int at_space_keep_pairs(isl_basic_map_list **list,
	__isl_take isl_basic_map *b, int lead)
{
	isl_bool empty;

	for (int c = 0; c < lead; c++)
		b = isl_basic_map_equate(b, isl_dim_in, c, isl_dim_out, c);
	empty = isl_basic_map_is_empty(b);
	if (empty != isl_bool_false) {
		isl_basic_map_free(b);
		return empty < 0 ? -1 : 0;
	}
	*list = *list ? isl_basic_map_list_add(*list, b) :
		isl_basic_map_list_from_basic_map(b);
	return *list ? 0 : -1;
}

/* Sets *out to the pairs of rel (taken; NULL: none) whose two ends agree
 * on their first `lead` coordinates (the ones every test of a family
 * equates), one basic map per disjunct, the empty ones left out (NULL
 * when none is left).  Tests then work disjunct by disjunct: a map-level
 * intersection compares its two operands first, which costs more than
 * the test on a big relation.  Returns 0, or -1 on error. */
static int at_space_family_rel(__isl_take isl_map *rel, int lead,
	isl_basic_map_list **out)
{
	isl_basic_map_list *all;
	isl_size n;
	int r = 0;

	*out = NULL;
	if (!rel)
		return 0;
	all = isl_map_get_basic_map_list(rel);
	isl_map_free(rel);
	n = isl_basic_map_list_size(all);
	for (int i = 0; i < n && r == 0; i++)
		r = at_space_keep_pairs(out, isl_basic_map_list_get_at(all, i),
			lead);
	isl_basic_map_list_free(all);
	if (n < 0 || r < 0)
		*out = isl_basic_map_list_free(*out);
	return n < 0 ? -1 : r;
}

/* Computes e->rel, d, n and np for the family e->key (see
 * struct at_omp_family).  Returns 0 or -1. */
static int at_space_family_compute(isl_ctx *ctx, const at_space *space,
	struct at_omp_family *e)
{
	struct at_space_bands b;
	isl_union_map *full;
	isl_map *rel = NULL;
	isl_size n, np, dim;
	int r, img;

	e->rel = NULL;
	e->n = 0;
	r = at_space_bands_get(ctx, space, &e->key, &b);
	if (r <= 0)
		goto done;
	r = -1;
	n = b.n;
	np = b.np;
	if (n < 1 || np < 1 || n > AT_MAX_DEPTH || np > AT_MAX_DEPTH)
		goto done;
	full = isl_schedule_node_get_prefix_schedule_union_map(b.tile);
	full = at_space_extend(at_space_extend(full, b.tile, n), b.point, np);
	img = at_deps_image(space->deps, full, &rel);
	isl_union_map_free(full);
	if (img < 0)
		goto done;
	dim = rel ? isl_map_dim(rel, isl_dim_in) : n + np;
	if (dim < n + np)
		goto done;
	e->n = n;
	e->np = np;
	e->d = dim - n - np;
	if (at_space_family_rel(rel, e->simd ? e->d + n : e->d, &e->rel) < 0)
		goto done;
	rel = NULL;
	memset(e->zero, -1, sizeof(e->zero));
	r = 0;
done:
	isl_map_free(rel);
	at_space_bands_clear(&b);
	return r;
}

/* Stores e in the memo m; returns 0, or -1 when out of memory. */
static int at_space_family_put(struct at_space_memo *m,
	struct at_omp_family *e)
{
	if (at_buf_grow((void **)&m->fam, m->n_fam, &m->cap_fam,
			sizeof(*m->fam), 16) < 0)
		return -1;
	m->fam[m->n_fam++] = e;
	return 0;
}

/* Sets *out to the memo's entry for the family of ch's test `simd`,
 * computing it when it is new, or to NULL when the memo cannot hold it
 * (out of memory).  Returns 0, or -1 on an isl error. */
static int at_space_family_get(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int simd, struct at_omp_family **out)
{
	struct at_space_memo *m = space->memo;
	struct at_omp_family *e;
	at_choice key;

	*out = NULL;
	at_space_family(space, ch, simd, &key);
	for (int i = 0; i < m->n_fam; i++)
		if (m->fam[i]->simd == simd &&
		    !memcmp(&m->fam[i]->key, &key, sizeof(key))) {
			*out = m->fam[i];
			return 0;
		}
	e = malloc(sizeof(*e));
	if (!e)
		return 0;
	e->key = key;
	e->simd = simd;
	if (at_space_family_compute(ctx, space, e) < 0)
		goto error;
	if (at_space_family_put(m, e) == 0)
		*out = e;
	else
		at_space_family_free(e);
	return 0;
error:
	at_space_family_free(e);
	return -1;
}

/* Returns isl_bool_true if b has no pair whose coordinate j on side
 * `big` is larger than on side `small`. */
static isl_bool at_space_none_gt(__isl_keep isl_basic_map *b,
	enum isl_dim_type big, enum isl_dim_type small, int j)
{
	isl_basic_map *c = isl_basic_map_order_gt(isl_basic_map_copy(b), big, j,
		small, j);
	isl_bool empty = isl_basic_map_is_empty(c);

	isl_basic_map_free(c);
	return empty;
}

/* Returns 1 if no pair of e->rel (whose ends agree on the family's
 * leading coordinates already) whose two ends agree on the coordinates
 * zero[0..nz-1] differs on coordinate j, 0 if one does, -1 on error:
 * at_deps_is_parallel's question, asked of the family's relation. */
static int at_space_family_zero(const struct at_omp_family *e,
	const int *zero, int nz, int j)
{
	isl_size n = e->rel ? isl_basic_map_list_size(e->rel) : 0;
	isl_bool empty = isl_bool_true;

	for (int k = 0; k < n && empty == isl_bool_true; k++) {
		isl_basic_map *b = isl_basic_map_list_get_at(e->rel, k);
		for (int i = 0; i < nz; i++)
			b = isl_basic_map_equate(b, isl_dim_in, zero[i],
				isl_dim_out, zero[i]);
		empty = at_space_none_gt(b, isl_dim_out, isl_dim_in, j);
		if (empty == isl_bool_true)
			empty = at_space_none_gt(b, isl_dim_in, isl_dim_out, j);
		isl_basic_map_free(b);
	}
	return n < 0 || empty < 0 ? -1 : empty == isl_bool_true;
}

/* Sets *par to the outermost level k of the tile loops in order t (t[k]
 * the family's tile member at level k) that no dependence crosses within
 * one iteration of the prefix and the levels above, -1 when there is
 * none.  Each test's result is kept in e->zero.  Returns 0 or -1. */
static int at_space_family_par(struct at_omp_family *e, const int *t,
	int *par)
{
	int zero[AT_MAX_DEPTH], mask = 0;

	*par = -1;
	for (int k = 0; k < e->n; k++) {
		signed char *z = &e->zero[mask][t[k]];
		if (*z < 0) {
			int ok = at_space_family_zero(e, zero, k,
				e->d + t[k]);
			if (ok < 0)
				return -1;
			*z = (signed char)ok;
		}
		if (*z) {
			*par = k;
			return 0;
		}
		zero[k] = e->d + t[k];
		mask |= 1 << t[k];
	}
	return 0;
}

/* Sets *simd to the level of the innermost point loop in point order p
 * (tile loops counted first) when no dependence crosses it within one
 * iteration of the prefix, the tile loops and the other point loops;
 * else -1.  Returns 0 or -1. */
static int at_space_family_simd(const struct at_omp_family *e, const int *p,
	int *simd)
{
	int zero[AT_MAX_DEPTH], base = e->d + e->n, ok;

	for (int k = 0; k + 1 < e->np; k++)
		zero[k] = base + p[k];
	ok = at_space_family_zero(e, zero, e->np - 1,
		base + p[e->np - 1]);
	if (ok < 0)
		return -1;
	*simd = ok ? e->n + e->np - 1 : -1;
	return 0;
}

/* Fills t and p with the orders in which the builder puts the members
 * of e's tile and point bands for ch (shape >= 0, plain orders): ch's
 * effective orders when the band is the shape's own (as many members as
 * the shape has rows), else the identity. */
static void at_space_family_orders(const at_space *space,
	const at_choice *ch, const struct at_omp_family *e, int *t, int *p)
{
	int n = space->shapes[ch->shape].n;

	if (e->n == n && e->np == n) {
		at_choice_orders(ch, n, t, p);
		return;
	}
	for (int k = 0; k < AT_MAX_DEPTH; k++)
		t[k] = p[k] = k;
}

/* Answers ch's test `simd` (shape >= 0, plain orders) from its family
 * (see at_space_omp_tests for what *v becomes).  Returns 0 or -1. */
static int at_space_family_test(const at_space *space, const at_choice *ch,
	int simd, struct at_omp_family *e, int *v)
{
	int t[AT_MAX_DEPTH], p[AT_MAX_DEPTH];

	*v = -1;
	if (!e->n)
		return 0;
	at_space_family_orders(space, ch, e, t, p);
	return simd ? at_space_family_simd(e, p, v) :
		at_space_family_par(e, t, v);
}

/* Runs at_space_omp's tests for ch: on its families' relations when the
 * space has a memo and ch's orders are plain, else directly on ch's
 * schedule (at_space_omp_tests; the same answers).  Returns 0 or -1. */
static int at_space_omp_run(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int want_par, int want_simd, int *par, int *simd)
{
	struct at_omp_family *ep = NULL, *es = NULL;

	*par = *simd = -1;
	if (ch->shape < 0 || !space->memo || !at_space_orders_plain(space, ch))
		return at_space_omp_tests(ctx, space, ch, want_par, want_simd,
			par, simd);
	if ((want_par && at_space_family_get(ctx, space, ch, 0, &ep) < 0) ||
	    (want_simd && at_space_family_get(ctx, space, ch, 1, &es) < 0))
		return -1;
	if ((want_par && !ep) || (want_simd && !es))
		return at_space_omp_tests(ctx, space, ch, want_par, want_simd,
			par, simd);
	if (want_par && at_space_family_test(space, ch, 0, ep, par) < 0)
		return -1;
	if (want_simd && at_space_family_test(space, ch, 1, es, simd) < 0)
		return -1;
	return 0;
}

/* Finds the OpenMP placement of ch's first tiled band (see at_space.h),
 * from the space's memo where it can. */
int at_space_omp(isl_ctx *ctx, const at_space *space, const at_choice *ch,
	int *par, int *simd)
{
	at_choice kp, ks;
	int p, s, have_p, have_s;

	at_space_omp_key(space, ch, 0, &kp);
	at_space_omp_key(space, ch, 1, &ks);
	have_p = at_space_memo_get(space, &kp, 0, par);
	have_s = at_space_memo_get(space, &ks, 1, simd);
	if (have_p && have_s)
		return 0;
	if (at_space_omp_run(ctx, space, ch, !have_p, !have_s, &p, &s) < 0)
		return -1;
	if (!have_p) {
		*par = p;
		at_space_memo_put(space, &kp, 0, p);
	}
	if (!have_s) {
		*simd = s;
		at_space_memo_put(space, &ks, 1, s);
	}
	return 0;
}
