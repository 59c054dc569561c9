/*
 * space.c — stage 4, part 2: the structures of a nest's space (shape x
 * tile scan x point scan x loop order), their isl schedule trees, stable
 * ids, and the exact legality verdict of each (see at_space.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "at_space.h"
#include "at_shape.h"
#include "at_diag.h"
#include "at_watchdog.h"
#include "space_int.h"

/* Seconds one call of isl's scheduler may take (wall clock; see
 * at_watchdog.h).  adi's takes 0.5 s; a heat-3d whose update reads
 * B[t][j + 1][k], a dependence of few uniform parts, took 38 s in isl's
 * Farkas step (isl_set_coefficients), found by `make mutate`. */
#define AT_SPACE_SCHED_LIMIT 10.0

/* Deepest band LP is built for: isl's AST generation took 100 s
 * on heat-3d's 4-loop band scanned by hyperplanes inside tiles. */
#define AT_LP_MAX 3

/* Deepest band the space enumerates LP for inside cone-shaped tiles: on
 * 3-loop bands of random uniform kernels (autotile-gen seeds 38, 72),
 * isl's AST generation of hyperplanes inside parallelepiped tiles took
 * from 57 s to over 300 s for one nest (cone1.TS.LP, cone2.TI.LP,
 * cone1.TP.LP).  Such a candidate can still be forced by its id. */
#define AT_LP_CONE_MAX 2

/* Returns the deepest band of shape sh whose LP structures the space
 * enumerates (lists, samples and ranks). */
static int at_space_lp_max(const at_shape *sh)
{
	return sh->kind == AT_SHAPE_CONE ? AT_LP_CONE_MAX : AT_LP_MAX;
}

static const long at_space_size_set[AT_N_SIZE] = {
	1, 4, 8, 16, 32, 64, 128, 256, 512
};

/* Returns the scan's letter. */
char at_scan_letter(at_scan scan)
{
	return "ISP"[scan];
}

/* Returns sum_j row[j] * p_j over the n members of p, or NULL when the
 * row is zero. */
static __isl_give isl_union_pw_aff *at_space_lin(
	__isl_keep isl_multi_union_pw_aff *p, const long *row, int n)
{
	isl_ctx *ctx = isl_multi_union_pw_aff_get_ctx(p);
	isl_union_pw_aff *sum = NULL;

	for (int j = 0; j < n; j++) {
		isl_union_pw_aff *t;
		if (row[j] == 0)
			continue;
		t = isl_multi_union_pw_aff_get_at(p, j);
		if (row[j] != 1)
			t = isl_union_pw_aff_scale_val(t,
				isl_val_int_from_si(ctx, row[j]));
		sum = sum ? isl_union_pw_aff_add(sum, t) : t;
	}
	return sum;
}

/* Returns the n-member band m p (rows of m combine p's members). */
static __isl_give isl_multi_union_pw_aff *at_space_apply(
	__isl_keep isl_multi_union_pw_aff *p, long m[][AT_MAX_DEPTH], int n)
{
	isl_multi_union_pw_aff *r = isl_multi_union_pw_aff_copy(p);

	for (int k = 0; k < n && r; k++)
		r = isl_multi_union_pw_aff_set_at(r, k, at_space_lin(p, m[k], n));
	return r;
}

/* Returns p with its members in the order ord[0], ord[1], ... */
static __isl_give isl_multi_union_pw_aff *at_space_permute(
	__isl_keep isl_multi_union_pw_aff *p, const int *ord, int n)
{
	long m[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 0 } };

	for (int k = 0; k < n; k++)
		m[k][ord[k]] = 1;
	return at_space_apply(p, m, n);
}

/* Fills ord with the loop order (see at_space.h). */
void at_space_order(int *ord, int n, int outer, int inner)
{
	int k = 0;

	if (outer >= 0)
		ord[k++] = outer;
	for (int j = 0; j < n; j++)
		if (j != outer && j != inner)
			ord[k++] = j;
	if (inner >= 0)
		ord[k++] = inner;
}

/* Returns 1 if ord[0..n-1] is a permutation of 0..n-1. */
static int at_space_is_perm(const int *ord, int n)
{
	int seen = 0;

	for (int k = 0; k < n; k++) {
		if (ord[k] < 0 || ord[k] >= n || (seen >> ord[k] & 1))
			return 0;
		seen |= 1 << ord[k];
	}
	return 1;
}

/* Copies ord into out or fills it with 0..n-1 (see space_int.h). */
void at_space_perm_or_id(const int *ord, int n, int *out)
{
	int perm = ord && at_space_is_perm(ord, n);

	for (int k = 0; k < n; k++)
		out[k] = perm ? ord[k] : k;
}

/* Fills the effective loop orders of ch (see at_space.h). */
void at_choice_orders(const at_choice *ch, int n, int *tile_ord,
	int *point_ord)
{
	int shaped = ch->shape >= 0;

	at_space_perm_or_id(shaped && ch->tile_scan == AT_SCAN_S ?
		ch->tile_ord : NULL, n, tile_ord);
	at_space_perm_or_id(shaped && ch->point_scan != AT_SCAN_P ?
		ch->point_ord : NULL, n, point_ord);
}

/* Returns the tile coordinates floor(hp_k / s_k). */
static __isl_give isl_multi_union_pw_aff *at_space_tiles(
	__isl_keep isl_multi_union_pw_aff *hp, const long *s, int n)
{
	isl_ctx *ctx = isl_multi_union_pw_aff_get_ctx(hp);
	isl_multi_union_pw_aff *t = isl_multi_union_pw_aff_copy(hp);

	for (int k = 0; k < n && t; k++) {
		isl_union_pw_aff *u = isl_multi_union_pw_aff_get_at(hp, k);
		if (s[k] > 1)
			u = isl_union_pw_aff_floor(isl_union_pw_aff_scale_down_val(
				u, isl_val_int_from_si(ctx, s[k])));
		t = isl_multi_union_pw_aff_set_at(t, k, u);
	}
	return t;
}

/* Returns the tile band of scan ch->tile_scan over tile coordinates t of
 * a band with matrix h and sizes s (`own`: the band is the shape's own,
 * so ch's loop order applies; other bands keep theirs): TS t in ch's
 * order (ch->tile_ord, also when TP falls back to TS); TI adj(H)
 * diag(s) t scaled by the sign of
 * det(H) (tiles ordered by their origin in the original basis); TP the
 * wavefront sum(t) first (over the first two tile loops when there are
 * more than three: isl's AST generation is slow on deeper wavefronts),
 * then t_1 ... t_{n-1}. */
static __isl_give isl_multi_union_pw_aff *at_space_tile_band(
	__isl_keep isl_multi_union_pw_aff *t, long h[][AT_MAX_DEPTH],
	const long *s, const at_choice *ch, int n, int own)
{
	long m[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 0 } };
	int ord[AT_MAX_DEPTH];

	if (ch->tile_scan == AT_SCAN_S) {
		at_space_perm_or_id(own ? ch->tile_ord : NULL, n, ord);
		return at_space_permute(t, ord, n);
	}
	if (ch->tile_scan == AT_SCAN_I) {
		long sign = at_shape_det(h, n) < 0 ? -1 : 1;
		at_shape_adj(h, n, m);
		for (int r = 0; r < n; r++)
			for (int c = 0; c < n; c++)
				m[r][c] *= sign * s[c];
		return at_space_apply(t, m, n);
	}
	for (int k = 0; k < n; k++) {
		m[0][k] = n <= 3 || k < 2;
		if (k > 0)
			m[k][k] = 1;
	}
	return at_space_apply(t, m, n);
}

/* Returns the point band of scan ch->point_scan: LI p, LS hp (each in
 * ch's point order when the band is the shape's own, else in its own
 * order); LP sigma . p first, then the members of p
 * but the one where sigma has its smallest non-zero entry (the matrix is
 * then nonsingular).  A band deeper than AT_LP_MAX gets LI instead. */
static __isl_give isl_multi_union_pw_aff *at_space_point_band(
	__isl_keep isl_multi_union_pw_aff *p,
	__isl_keep isl_multi_union_pw_aff *hp, const at_shape *sh,
	const at_choice *ch, int n)
{
	long m[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 0 } };
	int ord[AT_MAX_DEPTH], skip = -1;

	if (ch->point_scan != AT_SCAN_P || n > AT_LP_MAX) {
		at_space_perm_or_id(n == sh->n && ch->point_scan != AT_SCAN_P ?
			ch->point_ord : NULL, n, ord);
		return at_space_permute(ch->point_scan == AT_SCAN_I ? p : hp,
			ord, n);
	}
	for (int k = 0; k < n; k++) {
		long a = n == sh->n ? sh->sigma[k] : 1;
		m[0][k] = a;
		if (a != 0 && (skip < 0 || labs(a) < labs(m[0][skip])))
			skip = k;
	}
	for (int k = 0, r = 1; k < n; k++)
		if (k != skip)
			m[r++][k] = 1;
	return at_space_apply(p, m, n);
}

/* Returns the size for band position k (the last one repeats). */
static long at_space_pos_size(const at_choice *ch, const at_shape *sh, int k)
{
	return ch->sizes[k < sh->n ? k : sh->n - 1];
}

/* Replaces the band at `node` (n members, coordinates p) by the tile band,
 * an AT_MARK_POINT mark and the point band of `ch`; returns the tile band
 * node.  H is sh->h when the band is the shape's own, else I. */
static __isl_give isl_schedule_node *at_space_tile_node(
	__isl_take isl_schedule_node *node, const at_shape *sh,
	const at_choice *ch)
{
	isl_ctx *ctx = isl_schedule_node_get_ctx(node);
	isl_multi_union_pw_aff *p, *hp, *t, *tile, *point;
	long h[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 0 } }, s[AT_MAX_DEPTH];
	isl_size n = isl_schedule_node_band_n_member(node);

	if (n < 1 || n > AT_MAX_DEPTH)
		return isl_schedule_node_free(node);
	for (int k = 0; k < n; k++) {
		if (n == sh->n)
			memcpy(h[k], sh->h[k], sizeof(h[k]));
		else
			h[k][k] = 1;
		s[k] = at_space_pos_size(ch, sh, k);
	}
	p = isl_schedule_node_band_get_partial_schedule(node);
	hp = at_space_apply(p, h, n);
	t = at_space_tiles(hp, s, n);
	tile = at_space_tile_band(t, h, s, ch, n, n == sh->n);
	point = at_space_point_band(p, hp, sh, ch, n);
	isl_multi_union_pw_aff_free(p);
	isl_multi_union_pw_aff_free(hp);
	isl_multi_union_pw_aff_free(t);
	node = isl_schedule_node_delete(node);
	node = isl_schedule_node_insert_partial_schedule(node, point);
	node = isl_schedule_node_insert_mark(node,
		isl_id_alloc(ctx, AT_MARK_POINT, NULL));
	return isl_schedule_node_insert_partial_schedule(node, tile);
}

/* Context of at_space_isl_band. */
struct at_space_map {
	const at_shape *sh;
	const at_choice *ch;
};

/* Returns 1 if `node` is a permutable band of two or more members. */
static int at_space_tilable(__isl_keep isl_schedule_node *node)
{
	return isl_schedule_node_get_type(node) == isl_schedule_node_band &&
		isl_schedule_node_band_n_member(node) >= 2 &&
		isl_schedule_node_band_get_permutable(node) == isl_bool_true;
}

/* Tiles `node` if it is a permutable band of two or more members (the
 * bands of isl's scheduler).  TP makes a wavefront only of bands whose
 * outer member is not parallel (isl's coincidence flag): a band with a
 * parallel outer loop keeps it (TS), a wavefront would only lose it. */
static __isl_give isl_schedule_node *at_space_isl_band(
	__isl_take isl_schedule_node *node, void *user)
{
	struct at_space_map *m = user;
	at_choice ch = *m->ch;

	if (!at_space_tilable(node))
		return node;
	if (ch.tile_scan == AT_SCAN_P &&
	    isl_schedule_node_band_member_get_coincident(node, 0) ==
	    isl_bool_true)
		ch.tile_scan = AT_SCAN_S;
	return at_space_tile_node(node, m->sh, &ch);
}

/* Returns the original schedule as a tree: one band over the first
 * `shared` loops (their coordinates, in loop direction) above one band
 * holding the rest of the textual schedule (statement order, inner
 * loops).  With shared == 0 it is the flat textual schedule. */
static __isl_give isl_schedule *at_space_orig_tree(isl_ctx *ctx,
	const at_scop *scop, int shared)
{
	isl_union_set *dom = at_scop_domain(ctx, scop);
	isl_union_map *map = at_scop_schedule_map(ctx, scop);
	isl_multi_union_pw_aff *flat, *rest, *band;
	isl_schedule *sched;
	isl_size n;

	if (!dom || !map)
		goto error;
	flat = isl_multi_union_pw_aff_from_union_map(map);
	n = isl_multi_union_pw_aff_size(flat);
	if (n < 2 * shared + 1) {
		isl_multi_union_pw_aff_free(flat);
		isl_union_set_free(dom);
		return NULL;
	}
	rest = isl_multi_union_pw_aff_drop_dims(
		isl_multi_union_pw_aff_copy(flat), isl_dim_set, 0, 2 * shared);
	band = isl_multi_union_pw_aff_drop_dims(flat, isl_dim_set, 2 * shared,
		n - 2 * shared);
	for (int k = shared - 1; k >= 0; k--)
		band = isl_multi_union_pw_aff_drop_dims(band, isl_dim_set,
			2 * k, 1);
	sched = isl_schedule_from_domain(dom);
	sched = isl_schedule_insert_partial_schedule(sched, rest);
	if (shared > 0)
		sched = isl_schedule_insert_partial_schedule(sched, band);
	else
		isl_multi_union_pw_aff_free(band);
	return sched;
error:
	isl_union_set_free(dom);
	isl_union_map_free(map);
	return NULL;
}

/* Returns at_space_orig_tree(ctx, space->scop, shared), built once per
 * value of shared and kept in the space's memo. */
static __isl_give isl_schedule *at_space_orig(isl_ctx *ctx,
	const at_space *space, int shared)
{
	struct at_space_memo *m = space->memo;

	if (!m || shared < 0 || shared > AT_MAX_DEPTH)
		return at_space_orig_tree(ctx, space->scop, shared);
	if (!m->orig[shared])
		m->orig[shared] = at_space_orig_tree(ctx, space->scop, shared);
	return isl_schedule_copy(m->orig[shared]);
}

/* Returns the schedule of `ch` (see space_int.h). */
__isl_give isl_schedule *at_space_schedule(isl_ctx *ctx,
	const at_space *space, const at_choice *ch)
{
	const at_shape *sh;
	struct at_space_map m = { NULL, ch };
	isl_schedule *sched;
	isl_schedule_node *node;

	if (ch->shape < 0)
		return at_space_orig(ctx, space, 0);
	sh = &space->shapes[ch->shape];
	m.sh = sh;
	if (sh->kind == AT_SHAPE_ISL)
		return isl_schedule_map_schedule_node_bottom_up(
			isl_schedule_copy(space->isl_sched[sh->deep]),
			&at_space_isl_band,
			&m);
	sched = at_space_orig(ctx, space, sh->n);
	node = isl_schedule_get_root(sched);
	isl_schedule_free(sched);
	node = isl_schedule_node_child(node, 0);
	node = at_space_tile_node(node, sh, ch);
	sched = isl_schedule_node_get_schedule(node);
	isl_schedule_node_free(node);
	return sched;
}

/* Returns 1 if the permutation ord (n entries) has the old id form:
 * at_space_order(ord[0], -1) for a tile order, at_space_order(-1,
 * ord[n - 1]) for a point order. */
static int at_space_is_rot(const int *ord, int n, int tile)
{
	int ref[AT_MAX_DEPTH];

	at_space_order(ref, n, tile ? ord[0] : -1, tile ? -1 : ord[n - 1]);
	return !memcmp(ref, ord, n * sizeof(*ord));
}

/* Writes the ORDERS part of ch's id for a band of n loops, with its
 * trailing '.', into buf (at least 2 * AT_MAX_DEPTH + 8 bytes). */
static void at_space_id_orders(const at_choice *ch, int n, char *buf)
{
	int t[AT_MAX_DEPTH], p[AT_MAX_DEPTH], len = 0;

	at_space_perm_or_id(ch->tile_ord, n, t);
	at_space_perm_or_id(ch->point_ord, n, p);
	if (at_space_is_rot(t, n, 1) && at_space_is_rot(p, n, 0)) {
		sprintf(buf, "o%d.i%d.", t[0], p[n - 1]);
		return;
	}
	buf[len++] = 't';
	for (int k = 0; k < n; k++)
		buf[len++] = (char)('0' + t[k]);
	buf[len++] = '.';
	buf[len++] = 'p';
	for (int k = 0; k < n; k++)
		buf[len++] = (char)('0' + p[k]);
	buf[len++] = '.';
	buf[len] = 0;
}

/* Writes the id of ch (see at_space.h). */
char *at_space_id(const at_space *space, const at_choice *ch, char *buf,
	size_t size)
{
	const at_shape *sh;
	char ord[2 * AT_MAX_DEPTH + 8];
	size_t len;

	if (ch->shape < 0) {
		snprintf(buf, size, ch->shape == AT_CHOICE_KEEP ? AT_KEEP_ID :
			"orig");
		return buf;
	}
	sh = &space->shapes[ch->shape];
	at_space_id_orders(ch, sh->n, ord);
	len = snprintf(buf, size, "%s.T%c.L%c.%s", sh->name,
		at_scan_letter(ch->tile_scan), at_scan_letter(ch->point_scan),
		ord);
	for (int k = 0; k < sh->n && len < size; k++)
		len += snprintf(buf + len, size - len, "%s%ld", k ? "x" : "",
			ch->sizes[k]);
	return buf;
}

/* Returns the scan of letter c, or -1. */
static int at_space_scan_of(char c)
{
	const char *p = c ? strchr("ISP", c) : NULL;

	return p ? (int)(p - "ISP") : -1;
}

/* Parses the sizes "AxBxC" of an id into ch for a band of n; 0 or -1. */
static int at_space_parse_sizes_id(const char *s, at_choice *ch, int n)
{
	for (int k = 0; k < n; k++) {
		char *end;
		long v = strtol(s, &end, 10);
		if (end == s || v < 1 || v > 4096)
			return -1;
		ch->sizes[k] = v;
		s = end;
		if (*s != (k == n - 1 ? 0 : 'x'))
			return -1;
		s++;
	}
	return 0;
}

/* Parses one order field of an id for a band of n loops at *s, with its
 * trailing '.', into ord: the old form o<k> (tile) / i<k> (point), loop
 * k outermost / innermost, or the full form t<digits> / p<digits>, a
 * permutation of 0..n-1.  Advances *s; returns 0, or -1 if malformed. */
static int at_space_parse_ord(const char **s, int n, int tile, int *ord)
{
	const char *p = *s;
	char *end;
	long k;

	if (*p == (tile ? 'o' : 'i')) {
		if (!isdigit((unsigned char)p[1]))
			return -1;
		k = strtol(p + 1, &end, 10);
		if (k >= n || *end != '.')
			return -1;
		at_space_order(ord, n, tile ? (int)k : -1, tile ? -1 : (int)k);
		*s = end + 1;
		return 0;
	}
	if (*p != (tile ? 't' : 'p'))
		return -1;
	for (int j = 0; j < n; j++) {
		if (!isdigit((unsigned char)p[1 + j]))
			return -1;
		ord[j] = p[1 + j] - '0';
	}
	if (p[1 + n] != '.' || !at_space_is_perm(ord, n))
		return -1;
	*s = p + n + 2;
	return 0;
}

/* Parses ".T<s>.L<s>.ORDERS.SIZES" (the id after the shape name) into ch
 * for a band of n loops; returns 0 or -1. */
static int at_space_parse_rest(const char *s, at_choice *ch, int n)
{
	int ts, ps;

	if (s[0] != '.' || s[1] != 'T' || s[3] != '.' || s[4] != 'L' ||
	    s[6] != '.')
		return -1;
	ts = at_space_scan_of(s[2]);
	ps = at_space_scan_of(s[5]);
	if (ts < 0 || ps < 0)
		return -1;
	ch->tile_scan = (at_scan)ts;
	ch->point_scan = (at_scan)ps;
	s += 7;
	if (at_space_parse_ord(&s, n, 1, ch->tile_ord) < 0 ||
	    at_space_parse_ord(&s, n, 0, ch->point_ord) < 0)
		return -1;
	return at_space_parse_sizes_id(s, ch, n);
}

/* Parses an id into *ch (see at_space.h). */
int at_space_parse_id(const at_space *space, const char *id, at_choice *ch,
	char *err, size_t size)
{
	char name[32];
	const char *dot = strchr(id, '.');
	const at_shape *sh = NULL;

	memset(ch, 0, sizeof(*ch));
	ch->shape = AT_CHOICE_ORIG;
	if (!strcmp(id, "orig"))
		return 0;
	if (!strcmp(id, AT_KEEP_ID)) {
		ch->shape = AT_CHOICE_KEEP;
		return 0;
	}
	if (!dot || dot - id >= (long)sizeof(name)) {
		snprintf(err, size, "malformed candidate id `%s`", id);
		return -1;
	}
	memcpy(name, id, dot - id);
	name[dot - id] = 0;
	for (int k = 0; k < space->n_shape; k++)
		if (!strcmp(space->shapes[k].name, name)) {
			sh = &space->shapes[k];
			ch->shape = k;
		}
	if (!sh) {
		snprintf(err, size, "this nest has no shape `%s`", name);
		return -1;
	}
	if (at_space_parse_rest(dot, ch, sh->n) < 0) {
		snprintf(err, size, "malformed candidate id `%s` (expected "
			"SHAPE.T<I|S|P>.L<I|S|P>.o<k>.i<k>.<size>x...x<size>, or "
			"t<order>.p<order> in place of o<k>.i<k>, each order "
			"the %d band positions outermost first, e.g. "
			"t%.*s.p%.*s; %d sizes)", id, sh->n, sh->n, "01234567",
			sh->n, "01234567", sh->n);
		return -1;
	}
	if (ch->point_scan == AT_SCAN_P && sh->n > AT_LP_MAX) {
		snprintf(err, size, "LP is built for bands of at most %d loops "
			"(isl's AST generation takes minutes on deeper ones); "
			"`%s` has %d", AT_LP_MAX, name, sh->n);
		return -1;
	}
	return 0;
}

/* Writes the human description of a candidate into c->desc. */
static void at_space_describe(const at_space *space, at_cand *c)
{
	const at_shape *sh;
	size_t len;

	if (c->ch.shape < 0) {
		snprintf(c->desc, sizeof(c->desc), "original loop order");
		return;
	}
	sh = &space->shapes[c->ch.shape];
	len = snprintf(c->desc, sizeof(c->desc), "%s: %s tiles", c->id,
		sh->name);
	if (sh->kind != AT_SHAPE_ISL) {
		len += snprintf(c->desc + len, sizeof(c->desc) - len, " H=");
		for (int r = 0; r < sh->n && len < sizeof(c->desc); r++)
			for (int k = 0; k < sh->n && len < sizeof(c->desc); k++)
				len += snprintf(c->desc + len,
					sizeof(c->desc) - len, "%s%ld%s",
					k ? "," : "(", sh->h[r][k],
					k == sh->n - 1 ? ")" : "");
	} else {
		len += snprintf(c->desc + len, sizeof(c->desc) - len,
			" (bands of isl's scheduler%s)", sh->deep ?
			", deepest bands" : "");
	}
	if (len < sizeof(c->desc))
		snprintf(c->desc + len, sizeof(c->desc) - len,
			", scan T%c-L%c%s", at_scan_letter(c->ch.tile_scan),
			at_scan_letter(c->ch.point_scan),
			c->ch.tile_scan == AT_SCAN_P ? " (tiles by wavefronts)"
			: "");
}

/* Returns 1 if `sched` passes the exact legality test, 0 if not (then
 * *dep names a violated dependence when it is not NULL), -1 on error. */
static int at_space_check(const at_deps *deps, __isl_keep isl_schedule *sched,
	int *dep)
{
	isl_union_map *map = isl_schedule_get_map(sched);
	int legal;

	if (!map)
		return -1;
	legal = at_deps_check(deps, map, dep);
	isl_union_map_free(map);
	return legal;
}

/* The candidate of ch if it is legal (at_space_make); a violated
 * dependence is looked for only when `name` is set (else *dep is -1 for
 * an illegal ch). */
static at_cand *at_space_make_as(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int *dep, int name)
{
	isl_schedule *sched = at_space_schedule(ctx, space, ch);
	at_cand *c;
	int legal;

	*dep = -2;
	if (!sched)
		return NULL;
	/* the original schedule defines the dependences: legal as it is */
	legal = ch->shape < 0 ? 1 : at_space_check(space->deps, sched,
		name ? dep : NULL);
	if (legal != 1) {
		if (legal < 0 || !name)
			*dep = -1;
		isl_schedule_free(sched);
		return NULL;
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		isl_schedule_free(sched);
		return NULL;
	}
	c->kind = ch->shape < 0 ? AT_CAND_IDENTITY : AT_CAND_TILED;
	c->schedule = sched;
	c->ch = *ch;
	at_space_id(space, ch, c->id, sizeof(c->id));
	at_space_describe(space, c);
	return c;
}

/* Returns the candidate of ch if it is legal (see at_space.h). */
at_cand *at_space_make(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int *dep)
{
	return at_space_make_as(ctx, space, ch, dep, 1);
}

/* As at_space_make without naming a dependence (see at_space.h). */
at_cand *at_space_try(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int *dep)
{
	return at_space_make_as(ctx, space, ch, dep, 0);
}

/* Returns the sizes allowed at position k (see at_space.h). */
int at_space_sizes(const at_space *space, int s, int k, long *sizes)
{
	long trip = k < AT_MAX_DEPTH ? space->shapes[s].trips[k] : -1;
	int n = 0;

	for (int i = 0; i < AT_N_SIZE; i++)
		if (trip < 0 || at_space_size_set[i] <= trip || i == 0)
			sizes[n++] = at_space_size_set[i];
	return n;
}

/* Counts the structures per scan combination (see at_space.h). */
int at_space_counts(const at_space *space, int legal[3][3], int total[3][3])
{
	int n_legal = 0;

	memset(legal, 0, 9 * sizeof(int));
	memset(total, 0, 9 * sizeof(int));
	for (int i = 0; i < space->n_struct; i++) {
		const at_struct *st = &space->structs[i];
		total[st->ch.tile_scan][st->ch.point_scan]++;
		legal[st->ch.tile_scan][st->ch.point_scan] += st->legal;
		n_legal += st->legal;
	}
	return n_legal;
}

/* Returns the probe size of a band position (see at_space.h). */
long at_space_probe(const at_space *space, int s, int k)
{
	long trip = space->shapes[s].trips[k];

	if (trip < 0 || trip >= 32)
		return 32;
	return trip < 1 ? 1 : trip;
}

/* Appends one structure, not checked (legal -1); returns 0 or -1. */
static int at_space_add(at_space *space, int *cap, const at_choice *ch)
{
	at_struct *st;

	if (space->n_struct == *cap) {
		int n = *cap ? 2 * *cap : 64;
		at_struct *s = realloc(space->structs, n * sizeof(*s));
		if (!s)
			return -1;
		space->structs = s;
		*cap = n;
	}
	st = &space->structs[space->n_struct++];
	st->ch = *ch;
	st->legal = -1;
	st->dep = -1;
	return 0;
}

/* Returns the schedule of ch as a map (at_space_schedule flattened), or
 * NULL on error. */
static __isl_give isl_union_map *at_space_map(isl_ctx *ctx,
	const at_space *space, const at_choice *ch)
{
	isl_schedule *sched = at_space_schedule(ctx, space, ch);
	isl_union_map *map = sched ? isl_schedule_get_map(sched) : NULL;

	isl_schedule_free(sched);
	return map;
}

/* Checks structure i exactly at its probe sizes unless it was checked
 * (`name`: also names a violated dependence of an illegal one); returns
 * its verdict, 1 or 0, or -1 on error. */
static int at_space_verdict(isl_ctx *ctx, at_space *space, int i, int name)
{
	at_struct *st = &space->structs[i];
	isl_union_map *map;

	if (st->legal >= 0)
		return st->legal;
	map = at_space_map(ctx, space, &st->ch);
	if (!map)
		return -1;
	st->legal = at_deps_check(space->deps, map, name ? &st->dep : NULL);
	isl_union_map_free(map);
	return st->legal;
}

static int at_space_outer_seq(const at_space *space, int s);

/* Most loop orders enumerated per band: n (n - 1) point orders of a band
 * deeper than AT_PERM_MAX, at most AT_MAX_DEPTH (AT_MAX_DEPTH - 1). */
#define AT_MAX_ORDS (AT_MAX_DEPTH * (AT_MAX_DEPTH - 1))

/* Loop orders of a band: the tile orders TS scans, the point orders LI
 * and LS scan. */
struct at_space_ords {
	int n_tile, n_point;
	int tile[AT_MAX_ORDS][AT_MAX_DEPTH];
	int point[AT_MAX_ORDS][AT_MAX_DEPTH];
};

/* Advances the permutation ord (n entries) to the next one in
 * lexicographic order; returns 0, leaving ord unchanged, after the last
 * one. */
static int at_space_next_perm(int *ord, int n)
{
	int i = n - 2, j = n - 1, t;

	while (i >= 0 && ord[i] > ord[i + 1])
		i--;
	if (i < 0)
		return 0;
	while (ord[j] < ord[i])
		j--;
	t = ord[i];
	ord[i] = ord[j];
	ord[j] = t;
	for (int l = i + 1, r = n - 1; l < r; l++, r--) {
		t = ord[l];
		ord[l] = ord[r];
		ord[r] = t;
	}
	return 1;
}

/* Returns 1 if the space enumerates the permutation ord of a band of n
 * loops as a tile order (`tile`) or a point order: all of them when
 * n <= AT_PERM_MAX; else a tile order must keep every loop but its
 * outermost in their order, a point order every loop but its outermost
 * and innermost. */
static int at_space_enumerated(const int *ord, int n, int tile)
{
	if (n <= AT_PERM_MAX)
		return 1;
	for (int k = 2; k < (tile ? n : n - 1); k++)
		if (ord[k - 1] > ord[k])
			return 0;
	return 1;
}

/* Fills o with the tile and point orders enumerated for a band of n
 * loops, each list in lexicographic order (the original order first). */
static void at_space_orders(int n, struct at_space_ords *o)
{
	int ord[AT_MAX_DEPTH] = { 0 };

	o->n_tile = o->n_point = 0;
	for (int k = 0; k < n; k++)
		ord[k] = k;
	do {
		if (at_space_enumerated(ord, n, 1))
			memcpy(o->tile[o->n_tile++], ord, sizeof(ord));
		if (at_space_enumerated(ord, n, 0))
			memcpy(o->point[o->n_point++], ord, sizeof(ord));
	} while (at_space_next_perm(ord, n));
}

/* One shape's structures as a grid: each is a tile configuration (tile
 * scan and, for TS, a tile order) times a point configuration (point
 * scan and, for LI and LS, a point order), every pair enumerated;
 * at[tc * n_pc + pc] is the index of the structure of the pair. */
struct at_space_grid {
	int n_tc, n_pc;
	int tc_base[3], pc_base[3];	/* each scan's first configuration,
					 * -1 when the shape does not have it */
	int *at;
};

/* Fills the configurations of shape s into g (not g->at): TS with the
 * tile orders of o, TI (when H != I; it equals TS otherwise) and TP (for
 * the isl shape only when some band needs a wavefront, see
 * at_space_isl_band); LI and LS (when H != I) with the point orders of o,
 * and LP (bands of at most at_space_lp_max loops). */
static void at_space_grid_axes(const at_space *space, int s,
	const struct at_space_ords *o, struct at_space_grid *g)
{
	const at_shape *sh = &space->shapes[s];
	int tp = sh->kind != AT_SHAPE_ISL || at_space_outer_seq(space, s);

	g->n_tc = g->n_pc = 0;
	for (int k = 0; k < 3; k++) {
		int t_ok = (k != AT_SCAN_P || tp) &&
			!(sh->unit && k == AT_SCAN_I);
		int p_ok = !(sh->unit && k == AT_SCAN_S) &&
			!(sh->n > at_space_lp_max(sh) && k == AT_SCAN_P);
		g->tc_base[k] = t_ok ? g->n_tc : -1;
		g->n_tc += t_ok ? (k == AT_SCAN_S ? o->n_tile : 1) : 0;
		g->pc_base[k] = p_ok ? g->n_pc : -1;
		g->n_pc += p_ok ? (k == AT_SCAN_P ? 1 : o->n_point) : 0;
	}
}

/* Appends the structures of shape s with scans (ts, ps) unchecked, at
 * probe sizes: one per tile order of o (TS; the original order for TI,
 * TP) and point order of o (LI, LS; the original order for LP), noting
 * each in g->at. */
static int at_space_enum_scans(at_space *space, int s, at_scan ts,
	at_scan ps, const struct at_space_ords *o, struct at_space_grid *g,
	int *cap)
{
	int n = space->shapes[s].n;
	int nt = ts == AT_SCAN_S ? o->n_tile : 1;
	int np = ps == AT_SCAN_P ? 1 : o->n_point;

	for (int t = 0; t < nt; t++)
		for (int p = 0; p < np; p++) {
			at_choice ch;
			memset(&ch, 0, sizeof(ch));
			ch.shape = s;
			ch.tile_scan = ts;
			ch.point_scan = ps;
			memcpy(ch.tile_ord, o->tile[t], sizeof(ch.tile_ord));
			memcpy(ch.point_ord, o->point[p], sizeof(ch.point_ord));
			for (int k = 0; k < n; k++)
				ch.sizes[k] = at_space_probe(space, s, k);
			g->at[(g->tc_base[ts] + t) * g->n_pc + g->pc_base[ps] +
				p] = space->n_struct;
			if (at_space_add(space, cap, &ch) < 0)
				return -1;
		}
	return 0;
}

/* Sets the verdict of structure i from those of r (i's tile
 * configuration, the pivot's point configuration) and c (the pivot's
 * tile configuration, i's point configuration), the pivot being legal:
 * legal iff both are, and the first dependence either violates is the
 * first i violates (see at_space_check_grid). */
static void at_space_infer(at_space *space, int i, int r, int c)
{
	const at_struct *a = &space->structs[r], *b = &space->structs[c];
	at_struct *st = &space->structs[i];

	st->legal = a->legal && b->legal;
	if (st->legal || (a->dep < 0 && b->dep < 0))
		st->dep = st->legal ? -1 : a->dep < b->dep ? a->dep : b->dep;
	else if (a->dep < 0 || b->dep < 0)
		st->dep = a->dep > b->dep ? a->dep : b->dep;
	else
		st->dep = a->dep < b->dep ? a->dep : b->dep;
}

/* Tests the tile band of structure i (the first dimensions of its
 * schedule): returns 1 if every dependence goes weakly forward in it, 0
 * if one goes backward (at_deps_weakly_forward; then every structure
 * with i's tile configuration is illegal), -1 on error. */
static int at_space_tile_weak(isl_ctx *ctx, const at_space *space, int i)
{
	const at_choice *ch = &space->structs[i].ch;
	isl_union_map *map = at_space_map(ctx, space, ch);
	int ok = map ? at_deps_weakly_forward(space->deps, map,
		space->shapes[ch->shape].n) : -1;

	isl_union_map_free(map);
	return ok;
}

/* Records structure i, whose tile band sends a dependence backward, as
 * illegal, naming (`name`) the first dependence its schedule violates,
 * as at_space_verdict would; returns 0 or -1. */
static int at_space_refute(isl_ctx *ctx, at_space *space, int i, int name)
{
	at_struct *st = &space->structs[i];
	isl_union_map *map;

	st->legal = 0;
	if (!name)
		return 0;
	map = at_space_map(ctx, space, &st->ch);
	if (!map)
		return -1;
	st->dep = at_deps_violated(space->deps, map);
	isl_union_map_free(map);
	return 0;
}

/* Records as illegal, without a legality check each, the unchecked
 * structures of grid g whose tile band sends a dependence backward:
 * tested once per tile configuration.  Returns 0 or -1. */
static int at_space_refute_rows(isl_ctx *ctx, at_space *space,
	const struct at_space_grid *g, int name)
{
	for (int tc = 0; tc < g->n_tc; tc++) {
		const int *row = &g->at[tc * g->n_pc];
		int weak = at_space_tile_weak(ctx, space, row[0]);
		if (weak < 0)
			return -1;
		for (int pc = 0; !weak && pc < g->n_pc; pc++)
			if (space->structs[row[pc]].legal < 0 &&
			    at_space_refute(ctx, space, row[pc], name) < 0)
				return -1;
	}
	return 0;
}

/* Returns the cell of grid g the pivot search tries k-th: TS and LS in
 * the original orders, then TS and LI, then every cell in order. */
static int at_space_pivot_cell(const struct at_space_grid *g, int k)
{
	int ts = g->tc_base[AT_SCAN_S];
	int ls = g->pc_base[AT_SCAN_S], li = g->pc_base[AT_SCAN_I];

	if (k == 0 && ls >= 0)
		return ts * g->n_pc + ls;
	if (k == 1 && li >= 0)
		return ts * g->n_pc + li;
	return k < 2 ? 0 : k - 2;
}

/* Checks every structure of shape s, grid g, exactly; most verdicts
 * follow from others.  A structure's schedule is a sequence of blocks:
 * tile bands, each a nonsingular function of its tile coordinates
 * floor(H x / s) that only the tile configuration sets; point bands,
 * each a nonsingular function of its loops' coordinates that only the
 * point configuration sets; and dimensions no configuration changes
 * (the rest of the original schedule; isl's other bands and sequences).
 * Whether two instances agree on a block is then the same in every
 * structure, so the first block where a dependence's source and sink
 * differ is too, and whether the dependence goes forward depends on the
 * tile configuration alone (a tile band) or on the point configuration
 * alone (a point band), or on neither.  The same holds for a local
 * scalar's copies (at_deps_local_ok): the first block not single-valued
 * on them is the same in every structure, and the prefix tested ends in
 * it.  So once a structure, the pivot, is legal, structure (tc, pc) is
 * legal iff (tc, pivot's pc) and (pivot's tc, pc) both are, and the
 * first dependence it violates is the first either violates.  The
 * pivot is searched for by exact checks (at_space_pivot_cell); the row
 * and column through it are checked exactly.  When neither preferred
 * pivot is legal, on a shape other than isl's (whose schedule begins
 * with its tile band), the rows whose tile band sends a dependence
 * backward are illegal throughout (at_space_refute_rows), and the
 * search goes on among the other structures.  Returns 0 or -1. */
static int at_space_check_grid(isl_ctx *ctx, at_space *space, int s,
	const struct at_space_grid *g, int name)
{
	int n = g->n_tc * g->n_pc, pivot = -1;
	int refute = space->shapes[s].kind != AT_SHAPE_ISL;

	for (int k = 0; pivot < 0 && k < n + 2; k++) {
		int cell = at_space_pivot_cell(g, k), v;
		if (k == 2 && refute &&
		    at_space_refute_rows(ctx, space, g, name) < 0)
			return -1;
		v = at_space_verdict(ctx, space, g->at[cell], name);
		if (v < 0)
			return -1;
		if (v)
			pivot = cell;
	}
	for (int cell = 0; pivot >= 0 && cell < n; cell++) {
		int tc = cell / g->n_pc, pc = cell % g->n_pc;
		int i = g->at[cell];
		int r = g->at[tc * g->n_pc + pivot % g->n_pc];
		int c = g->at[pivot / g->n_pc * g->n_pc + pc];
		if (space->structs[i].legal >= 0)
			continue;
		if (i == r || i == c) {
			if (at_space_verdict(ctx, space, i, name) < 0)
				return -1;
			continue;
		}
		if (at_space_verdict(ctx, space, r, name) < 0 ||
		    at_space_verdict(ctx, space, c, name) < 0)
			return -1;
		at_space_infer(space, i, r, c);
	}
	return 0;
}

/* Enumerates the structures of shape s (at_space_grid_axes), the scans
 * outermost, and checks them (explain 1: also names a violated
 * dependence of each illegal one; -1: no check, legal is -1); returns
 * 0 or -1. */
static int at_space_enum_shape(isl_ctx *ctx, at_space *space, int s,
	int explain, int *cap)
{
	struct at_space_ords o;
	struct at_space_grid g;
	int rc = -1;

	at_space_orders(space->shapes[s].n, &o);
	at_space_grid_axes(space, s, &o, &g);
	g.at = malloc(g.n_tc * g.n_pc * sizeof(*g.at));
	if (!g.at)
		return -1;
	for (int ts = 0; ts < 3; ts++)
		for (int ps = 0; ps < 3; ps++)
			if (g.tc_base[ts] >= 0 && g.pc_base[ps] >= 0 &&
			    at_space_enum_scans(space, s, (at_scan)ts,
			    (at_scan)ps, &o, &g, cap) < 0)
				goto done;
	rc = explain >= 0 ? at_space_check_grid(ctx, space, s, &g, explain) :
		0;
done:
	free(g.at);
	return rc;
}

/* Returns the number of loops every statement shares. */
static int at_space_shared(const at_scop *scop)
{
	int c = scop->n_stmt ? scop->stmts[0].n_loop : 0;

	for (int k = 1; k < scop->n_stmt; k++) {
		int j = 0;
		while (j < c && j < scop->stmts[k].n_loop &&
		       scop->stmts[k].loops[j] == scop->stmts[0].loops[j])
			j++;
		c = j;
	}
	return c;
}

/* Adds the shapes of the shared loops (rect, skew, cone shapes). */
static int at_space_orig_shapes(isl_ctx *ctx, at_space *space)
{
	isl_schedule *sched;
	isl_union_map *band;
	isl_schedule_node *node;
	isl_set *deltas;
	int r;

	if (space->orig_n < 2)
		return 0;
	sched = at_space_orig_tree(ctx, space->scop, space->orig_n);
	node = isl_schedule_get_root(sched);
	isl_schedule_free(sched);
	node = isl_schedule_node_child(node, 0);
	band = isl_schedule_node_band_get_partial_schedule_union_map(node);
	isl_schedule_node_free(node);
	deltas = band ? at_deps_deltas(space->deps, band) : NULL;
	isl_union_map_free(band);
	if (!deltas)
		return -1;
	r = at_shape_orig(space, deltas, space->orig_n);
	isl_set_free(deltas);
	return r;
}

/* Returns the tagged relation `umap` (taken; may be NULL) between the
 * instances of `dom` (kept) only: [S[i] -> R[]] -> [S'[j] -> R'[]] with
 * S[i] and S'[j] in dom. */
static __isl_give isl_union_map *at_space_tagged_part(
	__isl_take isl_union_map *umap, __isl_keep isl_union_set *dom)
{
	if (!umap)
		return NULL;
	umap = isl_union_map_intersect_domain_wrapped_domain_union_set(umap,
		isl_union_set_copy(dom));
	return isl_union_map_intersect_range_wrapped_domain_union_set(umap,
		isl_union_set_copy(dom));
}

/* Returns isl's scheduler result under the dependences (and, with local
 * scalars, their live ranges as conditions on the order between them)
 * for the statements of `dom` (taken), which are all of the nest's
 * unless `part`: then the dependences are kept only between them.  With
 * `deep`, under isl's option schedule_maximize_band_depth, which splits
 * a band (distributing its loops) where that makes the bands deeper.
 * NULL, after a note, when isl takes over AT_SPACE_SCHED_LIMIT. */
static __isl_give isl_schedule *at_space_isl_schedule(isl_ctx *ctx,
	const at_scop *scop, const at_deps *deps,
	__isl_take isl_union_set *dom, int part, int deep)
{
	isl_union_map *all = isl_union_map_copy(deps->all);
	isl_union_map *live = isl_union_map_copy(deps->live);
	isl_union_map *order = isl_union_map_copy(deps->order);
	isl_schedule_constraints *sc;
	isl_schedule *sched;
	at_watchdog *w;
	int old = isl_options_get_schedule_maximize_band_depth(ctx);

	if (part) {
		all = isl_union_map_intersect_range(isl_union_map_intersect_domain(
			all, isl_union_set_copy(dom)), isl_union_set_copy(dom));
		live = at_space_tagged_part(live, dom);
		order = at_space_tagged_part(order, dom);
	}
	sc = isl_schedule_constraints_on_domain(dom);
	sc = isl_schedule_constraints_set_context(sc,
		at_scop_context(ctx, scop));
	sc = isl_schedule_constraints_set_validity(sc,
		isl_union_map_copy(all));
	sc = isl_schedule_constraints_set_coincidence(sc,
		isl_union_map_copy(all));
	sc = isl_schedule_constraints_set_proximity(sc, all);
	if (live)		/* locals: keep a live range in one band point
				 * or else order it against the others */
		sc = isl_schedule_constraints_set_conditional_validity(sc,
			live, order);
	else
		isl_union_map_free(order);
	isl_options_set_schedule_maximize_band_depth(ctx, deep);
	w = at_watchdog_start(ctx, AT_SPACE_SCHED_LIMIT);
	sched = isl_schedule_constraints_compute_schedule(sc);
	if (at_watchdog_stop(w)) {
		sched = isl_schedule_free(sched);
		at_diag(&scop->loc, AT_NOTE, "isl's scheduler stopped after "
			"%g s on this nest: no `isl` tiles", AT_SPACE_SCHED_LIMIT);
	}
	isl_options_set_schedule_maximize_band_depth(ctx, old);
	return sched;
}

/* Returns isl's schedule with deepest bands of each top-level loop or
 * statement of the nest alone (consecutive statements with one beta[0]),
 * in their order: as they run in the original, so the dependences
 * between them hold, and no fusion across them costs band depth (isl
 * fuses 2mm's two products on i, a band of one loop, even with the
 * option).  NULL on error. */
static __isl_give isl_schedule *at_space_isl_deep(isl_ctx *ctx,
	const at_scop *scop, const at_deps *deps)
{
	isl_schedule *seq = NULL;

	for (int a = 0, b; a < scop->n_stmt; a = b) {
		isl_schedule *sched;

		for (b = a + 1; b < scop->n_stmt &&
		     scop->stmts[b].beta[0] == scop->stmts[a].beta[0]; b++)
			;
		sched = at_space_isl_schedule(ctx, scop, deps,
			at_scop_domain_part(ctx, scop, a, b - a), 1, 1);
		/* an error (NULL) stays one to the end */
		seq = a == 0 ? sched : isl_schedule_sequence(seq, sched);
	}
	return seq;
}

/* Names of isl's shapes: that of its schedule under its defaults, and
 * that of its schedule with deepest bands. */
static const char *const at_space_isl_names[2] = { "isl", "isld" };

/* Returns 1 if candidate id `id` names one of isl's shapes (see
 * at_space.h). */
int at_space_id_is_isl(const char *id)
{
	size_t n = strcspn(id, ".");

	for (int k = 0; k < 2; k++)
		if (strlen(at_space_isl_names[k]) == n &&
		    !strncmp(id, at_space_isl_names[k], n))
			return 1;
	return 0;
}

/* Context of at_space_find_band: the space and which of its isl
 * schedules is searched. */
struct at_space_find {
	at_space *space;
	int deep;
};

/* Finds the first permutable band of two or more members of isl's
 * schedule (pre-order) and records it as the "isl" shape ("isld" for
 * the schedule with deepest bands), with its members over the loops
 * (at_shape_isl_rows). */
static isl_bool at_space_find_band(__isl_keep isl_schedule_node *node,
	void *user)
{
	struct at_space_find *f = user;
	at_space *space = f->space;
	at_shape *sh;
	isl_size n;

	for (int s = 0; s < space->n_shape; s++)
		if (space->shapes[s].kind == AT_SHAPE_ISL &&
		    space->shapes[s].deep == f->deep)
			return isl_bool_false;	/* only the first band */
	if (space->n_shape == AT_MAX_SHAPE)
		return isl_bool_false;
	if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
		return isl_bool_true;
	n = isl_schedule_node_band_n_member(node);
	if (n < 2 || n > AT_MAX_DEPTH ||
	    isl_schedule_node_band_get_permutable(node) != isl_bool_true)
		return isl_bool_true;
	sh = &space->shapes[space->n_shape++];
	memset(sh, 0, sizeof(*sh));
	sh->kind = AT_SHAPE_ISL;
	sh->deep = f->deep;
	snprintf(sh->name, sizeof(sh->name), "%s", at_space_isl_names[f->deep]);
	sh->n = n;
	sh->unit = 1;
	for (int k = 0; k < n; k++) {
		sh->h[k][k] = 1;
		sh->sigma[k] = 1;
	}
	if (at_shape_isl_rows(space, node, sh) < 0)
		return isl_bool_error;
	return isl_bool_false;
}

/* Returns 1 if the nest's statements lie in several top-level loops (a
 * region of several nests; statements outside loops do not count). */
static int at_space_several(const at_scop *scop)
{
	int first = -1;

	for (int k = 0; k < scop->n_stmt; k++) {
		if (scop->stmts[k].n_loop < 1)
			continue;
		if (first < 0)
			first = scop->stmts[k].beta[0];
		else if (scop->stmts[k].beta[0] != first)
			return 1;
	}
	return 0;
}

/* Context of at_space_band_depth: per statement, the most members of a
 * tilable band above it so far. */
struct at_space_depths {
	int *depth;
	int n_stmt;
	int n;		/* members of the band being visited */
};

/* Raises the depth of the statement of `set` (taken) to d->n. */
static isl_stat at_space_stmt_depth(__isl_take isl_set *set, void *user)
{
	struct at_space_depths *d = user;
	const char *name = isl_set_get_tuple_name(set);
	int k = name && name[0] == 'S' ? atoi(name + 1) : -1;

	if (k >= 0 && k < d->n_stmt && d->depth[k] < d->n)
		d->depth[k] = d->n;
	isl_set_free(set);
	return isl_stat_ok;
}

/* Records the members of `node`, if it is a tilable band, for the
 * statements below it. */
static isl_bool at_space_band_depth(__isl_keep isl_schedule_node *node,
	void *user)
{
	struct at_space_depths *d = user;
	isl_union_set *dom;
	isl_stat r;

	if (!at_space_tilable(node))
		return isl_bool_true;
	d->n = isl_schedule_node_band_n_member(node);
	dom = isl_schedule_node_get_domain(node);
	r = isl_union_set_foreach_set(dom, &at_space_stmt_depth, d);
	isl_union_set_free(dom);
	return r < 0 ? isl_bool_error : isl_bool_true;
}

/* Fills depth[k] (scop->n_stmt entries) with the most members of a
 * tilable band (two or more) above statement k in `sched` (kept), 0 when
 * none.  Returns 0 or -1. */
static int at_space_depths(const at_scop *scop,
	__isl_keep isl_schedule *sched, int *depth)
{
	struct at_space_depths d = { depth, scop->n_stmt, 0 };

	memset(depth, 0, scop->n_stmt * sizeof(*depth));
	return isl_schedule_foreach_schedule_node_top_down(sched,
		&at_space_band_depth, &d) < 0 ? -1 : 0;
}

/* Returns 1 if some statement of two or more loops lies in no tilable
 * band of all its loops in space->isl_sched[0] (depth[] as
 * at_space_depths fills it), -1 on error. */
static int at_space_shallow(const at_space *space, int *depth)
{
	const at_scop *scop = space->scop;

	if (at_space_depths(scop, space->isl_sched[0], depth) < 0)
		return -1;
	for (int k = 0; k < scop->n_stmt; k++)
		if (scop->stmts[k].n_loop >= 2 &&
		    depth[k] < scop->stmts[k].n_loop)
			return 1;
	return 0;
}

/* Returns 1 if space->isl_sched[1] puts some statement in a deeper
 * tilable band than depth[] (isl_sched[0]'s), -1 on error. */
static int at_space_deeper(const at_space *space, const int *depth)
{
	const at_scop *scop = space->scop;
	int *d1 = malloc(scop->n_stmt * sizeof(*d1)), r = 0;

	if (!d1 || at_space_depths(scop, space->isl_sched[1], d1) < 0) {
		free(d1);
		return -1;
	}
	for (int k = 0; k < scop->n_stmt; k++)
		r |= d1[k] > depth[k];
	free(d1);
	return r;
}

/* Sets space->isl_sched[] and adds their shapes: "isl" for the first
 * tilable band of isl's schedule, and "isld" for that of
 * at_space_isl_deep's schedule when the nest is a region of several
 * nests (whose fusion by isl can cost band depth: 2mm) or "isl" is
 * missing, some statement of two or more loops is not in a tilable band
 * of all of them, and that schedule puts some statement in a deeper
 * band.  Not for single nests in general: on adi, whose schedule it
 * leaves as it is, it took 0.5 s more (as one isl call with the
 * option).  A schedule isl fails to find adds no shape.  Returns 0 or
 * -1. */
static int at_space_isl_shapes(isl_ctx *ctx, at_space *space)
{
	struct at_space_find f = { space, 0 };
	int n = space->n_shape, r = 0;
	int *depth = NULL;
	isl_union_set *dom = at_scop_domain(ctx, space->scop);

	space->isl_sched[0] = dom ? at_space_isl_schedule(ctx, space->scop,
		space->deps, dom, 0, 0) : NULL;
	if (space->isl_sched[0] && isl_schedule_foreach_schedule_node_top_down(
	    space->isl_sched[0], &at_space_find_band, &f) < 0)
		return -1;
	if (!space->isl_sched[0] ||
	    (space->n_shape > n && !at_space_several(space->scop)))
		return 0;
	depth = malloc(space->scop->n_stmt * sizeof(*depth));
	if (!depth || (r = at_space_shallow(space, depth)) <= 0)
		goto done;
	space->isl_sched[1] = at_space_isl_deep(ctx, space->scop,
		space->deps);
	r = space->isl_sched[1] ? at_space_deeper(space, depth) : 0;
	if (r <= 0) {
		space->isl_sched[1] = isl_schedule_free(space->isl_sched[1]);
		goto done;
	}
	f.deep = 1;
	if (isl_schedule_foreach_schedule_node_top_down(space->isl_sched[1],
	    &at_space_find_band, &f) < 0)
		r = -1;
done:
	free(depth);
	return !depth || r < 0 ? -1 : 0;
}

/* Writes the trip counts of statement stmt's loops by position (see
 * at_space.h). */
void at_space_stmt_trips(const at_space *space, int stmt, long *trips)
{
	const at_scop *scop = space->scop;
	const at_stmt *st = stmt < scop->n_stmt ? &scop->stmts[stmt] : NULL;

	for (int k = 0; k < AT_MAX_DEPTH; k++)
		trips[k] = st && k < st->n_loop ?
			space->loop_trips[st->loops[k]] : -1;
}

/* Fills space->loop_trips with the trip counts of the scop's loops and
 * space->trips with those of the loops enclosing the reference
 * statement, by position.  Returns 0 or -1. */
static int at_space_trips(isl_ctx *ctx, at_space *space)
{
	const at_scop *scop = space->scop;
	long total;

	space->loop_trips = calloc(scop->n_loop + 1, sizeof(long));
	if (!space->loop_trips ||
	    at_scop_trip_counts(ctx, scop, space->loop_trips, &total) < 0)
		return -1;
	at_space_stmt_trips(space, space->ref, space->trips);
	return 0;
}

/* Builds the space (see at_space.h). */
at_space *at_space_build(isl_ctx *ctx, const at_scop *scop,
	const at_deps *deps, int mode)
{
	at_space *space = calloc(1, sizeof(*space));
	int cap = 0, isl = !(mode & AT_SPACE_NO_ISL);

	mode &= ~AT_SPACE_NO_ISL;
	if (!space)
		return NULL;
	space->scop = scop;
	space->deps = deps;
	space->memo = calloc(1, sizeof(*space->memo));
	space->orig_n = at_space_shared(scop);
	space->ref = at_scop_ref_stmt(scop);
	if (at_space_trips(ctx, space) < 0 ||
	    at_space_orig_shapes(ctx, space) < 0)
		goto error;
	if (isl && at_space_isl_shapes(ctx, space) < 0)
		goto error;
	for (int s = 0; mode != AT_SPACE_SHAPES && s < space->n_shape; s++)
		if (at_space_enum_shape(ctx, space, s, mode == AT_SPACE_LIST ?
		    -1 : mode == AT_SPACE_REASONS, &cap) < 0)
			goto error;
	return space;
error:
	at_diag(&scop->loc, AT_ERROR, "internal: could not build the "
		"transformation space of this nest");
	at_space_free(space);
	return NULL;
}

/* Frees a space. */
void at_space_free(at_space *space)
{
	if (!space)
		return;
	isl_schedule_free(space->isl_sched[0]);
	isl_schedule_free(space->isl_sched[1]);
	free(space->structs);
	free(space->loop_trips);
	at_space_memo_free(space->memo);
	free(space);
}

/* Returns the size opts give position k: tile(...) by position (the last
 * repeats), else fixed:N, capped by the trip count when known; else (a
 * shape or scan forced by the pragma under a strategy that sets no size)
 * the probe size. */
static long at_space_opt_size(const at_space *space, const at_opts *opts,
	int s, int k)
{
	long v = opts->default_size;
	long trip = k < AT_MAX_DEPTH ? space->shapes[s].trips[k] : -1;

	if (k < opts->n_size)
		v = opts->sizes[k];
	else if (opts->n_size > 0 && !opts->default_size)
		v = opts->sizes[opts->n_size - 1];
	if (v < 1)
		return at_space_probe(space, s, k);
	return trip >= 1 && v > trip ? trip : v;
}

/* Returns the index of the shape opts ask for (default "isl", else
 * "isld"), or -1. */
static int at_space_opt_shape(const at_space *space, const at_opts *opts)
{
	const char *want = opts->shape[0] ? opts->shape : "isl";

	for (int s = 0; s < space->n_shape; s++)
		if (!strcmp(space->shapes[s].name, want))
			return s;
	/* without a shape asked for, isl's bands with deepest bands
	 * when its defaults have none to tile */
	for (int s = 0; !opts->shape[0] && s < space->n_shape; s++)
		if (!strcmp(space->shapes[s].name, "isld"))
			return s;
	return -1;
}

/* Sets *seq when a tilable band's outer member is not parallel. */
static isl_bool at_space_seq_band(__isl_keep isl_schedule_node *node,
	void *user)
{
	int *seq = user;

	if (at_space_tilable(node) &&
	    isl_schedule_node_band_member_get_coincident(node, 0) !=
	    isl_bool_true)
		*seq = 1;
	return isl_bool_true;
}

/* Returns 1 if the outer loop of shape s's band(s) may carry a
 * dependence, so that tiles need a wavefront (TP) to run in parallel:
 * for the isl shape, some tilable band's outer member is not coincident;
 * for the others, the first row of H is not orthogonal to every
 * distance (always assumed). */
static int at_space_outer_seq(const at_space *space, int s)
{
	int seq = 0;

	if (space->shapes[s].kind != AT_SHAPE_ISL)
		return 1;
	if (isl_schedule_foreach_schedule_node_top_down(
	    space->isl_sched[space->shapes[s].deep], &at_space_seq_band,
	    &seq) < 0)
		return 1;
	return seq;
}

/* Returns the default choice under opts (see at_space.h). */
int at_space_default(const at_space *space, const at_opts *opts,
	at_choice *ch, const char **why)
{
	int s = at_space_opt_shape(space, opts);
	const at_shape *sh;

	memset(ch, 0, sizeof(*ch));
	ch->shape = AT_CHOICE_ORIG;
	if (s < 0) {
		*why = opts->shape[0] ? "the nest has no tiling shape of that "
			"name" : "no permutable band of two or more loops to "
			"tile";
		return -1;
	}
	sh = &space->shapes[s];
	ch->shape = s;
	ch->tile_scan = opts->tile_scan >= 0 ? (at_scan)opts->tile_scan :
		at_space_outer_seq(space, s) && sh->n <= 3 ?
		AT_SCAN_P : AT_SCAN_S;
	ch->point_scan = opts->point_scan >= 0 ? (at_scan)opts->point_scan :
		AT_SCAN_I;
	for (int k = 0; k < sh->n; k++)
		ch->tile_ord[k] = ch->point_ord[k] = k;
	for (int k = 0; k < sh->n; k++)
		ch->sizes[k] = at_space_opt_size(space, opts, s, k);
	if (ch->point_scan == AT_SCAN_P && sh->n > AT_LP_MAX) {
		*why = "LP is built for bands of at most 3 loops (isl's AST "
			"generation takes minutes on deeper ones)";
		return -1;
	}
	return 0;
}

/* Frees a candidate. */
void at_cand_free(at_cand *cand)
{
	if (!cand)
		return;
	isl_schedule_free(cand->schedule);
	free(cand);
}
