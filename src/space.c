/*
 * space.c — stage 4: candidate schedules (identity; tiled bands of isl's
 * scheduler) and the pragma clauses that restrict them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "at_space.h"
#include "at_diag.h"

/* Parses "a,b,c)" (sizes of a tile clause) into opts; returns the number of
 * characters consumed, or -1 when a size is not a positive integer. */
static int at_space_parse_sizes(const char *s, at_opts *opts)
{
	const char *p = s;
	int n = 0;

	for (;;) {
		char *end;
		long v;
		while (*p == ' ' || *p == '\t')
			p++;
		v = strtol(p, &end, 10);
		if (end == p || v < 1 || v > 4096 || n == AT_MAX_DEPTH)
			return -1;
		opts->sizes[n++] = v;
		p = end;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == ')')
			break;
		if (*p != ',')
			return -1;
		p++;
	}
	opts->n_size = n;
	return (int)(p + 1 - s);
}

/* Returns the length of the clause argument "(...)" at s (0 if none). */
static size_t at_space_arg_len(const char *s)
{
	const char *close;

	if (*s != '(')
		return 0;
	close = strchr(s, ')');
	return close ? (size_t)(close - s + 1) : strlen(s);
}

/* Applies one clause `name` with argument text `arg` (may be ""). */
static void at_space_clause(const at_scop *scop, const char *name,
	size_t len, const char *arg, size_t arg_len, at_opts *opts)
{
	if (len == 4 && !strncmp(name, "tile", 4)) {
		at_opts tmp = *opts;
		if (arg_len == 0 || at_space_parse_sizes(arg + 1, &tmp) !=
		    (int)arg_len - 1)
			at_diag(&scop->loc, AT_WARNING, "malformed clause "
				"`%.*s%.*s`: tile sizes must be positive "
				"integers, e.g. tile(32,64); clause ignored",
				(int)len, name, (int)arg_len, arg);
		else
			*opts = tmp;
	} else if (len == 7 && !strncmp(name, "explain", 7) && !arg_len) {
		opts->explain = 1;
	} else if (len == 8 && !strncmp(name, "parallel", 8) &&
		   (!strncmp(arg, "(none)", 6) || !strncmp(arg, "(outer)", 7))) {
		opts->parallel = arg[1] == 'o';
	} else {
		at_diag(&scop->loc, AT_WARNING, "unknown clause `%.*s%.*s` in "
			"`#pragma autotile` (known: tile(N,...), explain, "
			"parallel(outer|none)); clause ignored", (int)len, name,
			(int)arg_len, arg);
	}
}

/* Parses the pragma clauses into opts (see at_space.h). */
int at_space_parse_clauses(const at_scop *scop, at_opts *opts)
{
	const char *p = scop->clauses ? scop->clauses : "";

	while (*p) {
		const char *name = p;
		size_t len = 0, arg_len;
		if (isspace((unsigned char)*p) || *p == ',') {
			p++;
			continue;
		}
		while (isalnum((unsigned char)p[len]) || p[len] == '_')
			len++;
		if (len == 0)
			len = 1;
		arg_len = at_space_arg_len(p + len);
		at_space_clause(scop, name, len, p + len, arg_len, opts);
		p += len + arg_len;
	}
	return 0;
}

/* Returns a new candidate of `kind` owning `schedule`. */
static at_cand *at_cand_alloc(at_cand_kind kind,
	__isl_take isl_schedule *schedule)
{
	at_cand *c;

	if (!schedule)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c) {
		isl_schedule_free(schedule);
		return NULL;
	}
	c->kind = kind;
	c->schedule = schedule;
	return c;
}

/* Returns the original schedule as a candidate. */
at_cand *at_space_identity(isl_ctx *ctx, const at_scop *scop)
{
	isl_union_set *dom = at_scop_domain(ctx, scop);
	isl_union_map *map = at_scop_schedule_map(ctx, scop);
	isl_schedule *sched;
	at_cand *c;

	if (!dom || !map) {
		isl_union_set_free(dom);
		isl_union_map_free(map);
		return NULL;
	}
	sched = isl_schedule_from_domain(dom);
	sched = isl_schedule_insert_partial_schedule(sched,
		isl_multi_union_pw_aff_from_union_map(map));
	c = at_cand_alloc(AT_CAND_IDENTITY, sched);
	if (c)
		snprintf(c->desc, sizeof(c->desc), "original loop order");
	return c;
}

/* State of the band-tiling traversal. */
struct at_space_tile {
	const at_opts *opts;
	int n_tiled;
	int n_wavefront;	/* tile bands scanned as a wavefront */
	char desc[200];
	size_t len;
};

/* Returns the tile size for member m of a band (0: leave untiled). */
static long at_space_size(const at_opts *opts, int m)
{
	if (m < opts->n_size)
		return opts->sizes[m];
	if (opts->n_size > 0 && !opts->default_size)
		return opts->sizes[opts->n_size - 1];
	return opts->default_size;
}

/* Deepest tile band turned into a wavefront: isl's AST builder takes
 * minutes on the wavefront of a 4-D band (heat-3d's t,i,j,k). */
#define AT_WAVEFRONT_MAX 3

/* Turns the tile band at `node` into a wavefront: its first member becomes
 * the sum of all members (the paper's TP inter-tile scan along the
 * summation vector).  Tiles on one wavefront depend on none of each other
 * when the band is permutable, so the other tile loops run in parallel;
 * the caller's exact legality test confirms it. */
static __isl_give isl_schedule_node *at_space_wavefront(
	__isl_take isl_schedule_node *node)
{
	isl_multi_union_pw_aff *mupa;
	isl_union_pw_aff *sum;
	isl_size n;

	mupa = isl_schedule_node_band_get_partial_schedule(node);
	n = isl_multi_union_pw_aff_size(mupa);
	sum = isl_multi_union_pw_aff_get_at(mupa, 0);
	for (int m = 1; m < n; m++)
		sum = isl_union_pw_aff_add(sum,
			isl_multi_union_pw_aff_get_at(mupa, m));
	mupa = isl_multi_union_pw_aff_set_at(mupa, 0, sum);
	node = isl_schedule_node_delete(node);
	return isl_schedule_node_insert_partial_schedule(node, mupa);
}

/* Tiles `node` if it is a permutable band of two or more members, and
 * marks the point band (the loops inside one tile) with AT_MARK_POINT. */
static __isl_give isl_schedule_node *at_space_tile_band(
	__isl_take isl_schedule_node *node, void *user)
{
	struct at_space_tile *t = user;
	isl_size n;
	isl_multi_val *sizes;
	isl_bool outer_parallel;

	if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
		return node;
	n = isl_schedule_node_band_n_member(node);
	if (n < 2 || isl_schedule_node_band_get_permutable(node) != isl_bool_true)
		return node;
	for (int m = 0; m < n; m++)
		if (at_space_size(t->opts, m) < 1)
			return node;
	sizes = isl_multi_val_zero(isl_schedule_node_band_get_space(node));
	for (int m = 0; m < n; m++) {
		long v = at_space_size(t->opts, m);
		sizes = isl_multi_val_set_val(sizes, m,
			isl_val_int_from_si(isl_schedule_node_get_ctx(node), v));
		if (t->len < sizeof(t->desc))
			t->len += snprintf(t->desc + t->len,
				sizeof(t->desc) - t->len, "%s%ld",
				m ? "x" : (t->n_tiled ? ", " : ""), v);
	}
	t->n_tiled++;
	outer_parallel = isl_schedule_node_band_member_get_coincident(node, 0);
	node = isl_schedule_node_band_tile(node, sizes);
	node = isl_schedule_node_child(node, 0);
	node = isl_schedule_node_insert_mark(node,
		isl_id_alloc(isl_schedule_node_get_ctx(node), AT_MARK_POINT, NULL));
	node = isl_schedule_node_parent(node);
	if (outer_parallel == isl_bool_false && n <= AT_WAVEFRONT_MAX) {
		t->n_wavefront++;
		node = at_space_wavefront(node);
	}
	return node;
}

/* Returns the schedule isl's scheduler computes under the dependences. */
static __isl_give isl_schedule *at_space_isl_schedule(isl_ctx *ctx,
	const at_scop *scop, const at_deps *deps)
{
	isl_union_set *dom = at_scop_domain(ctx, scop);
	isl_schedule_constraints *sc;

	if (!dom)
		return NULL;
	sc = isl_schedule_constraints_on_domain(dom);
	sc = isl_schedule_constraints_set_context(sc,
		at_scop_context(ctx, scop));
	sc = isl_schedule_constraints_set_validity(sc,
		isl_union_map_copy(deps->all));
	sc = isl_schedule_constraints_set_coincidence(sc,
		isl_union_map_copy(deps->all));
	sc = isl_schedule_constraints_set_proximity(sc,
		isl_union_map_copy(deps->all));
	return isl_schedule_constraints_compute_schedule(sc);
}

/* Returns 1 if `sched` passes the exact legality test, 0 if not, -1. */
static int at_space_check(const at_deps *deps, __isl_keep isl_schedule *sched)
{
	isl_union_map *map = isl_schedule_get_map(sched);
	int legal;

	if (!map)
		return -1;
	legal = at_deps_is_legal(deps, map);
	isl_union_map_free(map);
	return legal;
}

/* Returns the tiled candidate (see at_space.h). */
at_cand *at_space_tiled(isl_ctx *ctx, const at_scop *scop,
	const at_deps *deps, const at_opts *opts, const char **why)
{
	struct at_space_tile t = { opts, 0, 0, { 0 }, 0 };
	isl_schedule *sched = at_space_isl_schedule(ctx, scop, deps);
	at_cand *c;

	*why = "isl's scheduler found no schedule";
	sched = isl_schedule_map_schedule_node_bottom_up(sched,
		&at_space_tile_band, &t);
	if (!sched)
		return NULL;
	if (t.n_tiled == 0) {
		*why = "no permutable band of two or more loops to tile";
		isl_schedule_free(sched);
		return NULL;
	}
	if (at_space_check(deps, sched) != 1) {
		*why = "internal: the tiled schedule failed the legality test";
		isl_schedule_free(sched);
		return NULL;
	}
	c = at_cand_alloc(AT_CAND_TILED, sched);
	if (!c)
		return NULL;
	c->n_tiled = t.n_tiled;
	snprintf(c->desc, sizeof(c->desc), "tiled %s (band%s from isl's "
		"scheduler)%s", t.desc, t.n_tiled > 1 ? "s" : "",
		t.n_wavefront ? ", tiles scanned by wavefronts" : "");
	return c;
}

/* Frees a candidate. */
void at_cand_free(at_cand *cand)
{
	if (!cand)
		return;
	isl_schedule_free(cand->schedule);
	free(cand);
}
