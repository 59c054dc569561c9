/*
 * space_inner.c — stage 4, part 4: the direction in which each
 * statement's innermost loop moves through its iteration space under a
 * choice's schedule, the loop the compiler vectorizes.  The cost model
 * reads from it how every array reference walks memory there (stride 0,
 * 1 or larger); a loop order alone cannot say it for the bands of isl's
 * scheduler or for scans along skewed hyperplanes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/constraint.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "at_buf.h"
#include "at_space.h"
#include "space_int.h"

/* Largest loop stride looked for: a scan along the rows of a
 * non-unimodular H has integer points on every |det H|-th value of its
 * innermost coordinate only, and isl's loop then steps by that much. */
#define AT_SPACE_MAX_STRIDE 8

/* Returns the relation t -> u of schedule vectors that agree before
 * member k and have u_k = t_k + g: one step of loop k, of stride g. */
static __isl_give isl_map *at_space_step(__isl_take isl_space *range, int k,
	int g)
{
	isl_map *step = isl_map_universe(isl_space_map_from_set(range));
	isl_constraint *c;

	for (int j = 0; j < k; j++)
		step = isl_map_equate(step, isl_dim_in, j, isl_dim_out, j);
	c = isl_constraint_alloc_equality(isl_local_space_from_space(
		isl_map_get_space(step)));
	c = isl_constraint_set_coefficient_si(c, isl_dim_out, k, 1);
	c = isl_constraint_set_coefficient_si(c, isl_dim_in, k, -1);
	c = isl_constraint_set_constant_si(c, -g);
	return isl_map_add_constraint(step, c);
}

/* Returns the innermost member of the schedule map m that is not fixed
 * to a constant (a loop, not a position in a sequence), -1 when every
 * member is fixed, -2 on error. */
static int at_space_inner_member(__isl_keep isl_map *m)
{
	isl_size n = isl_map_dim(m, isl_dim_out);

	for (int k = n - 1; k >= 0; k--) {
		isl_val *v = isl_map_plain_get_val_if_fixed(m, isl_dim_out,
			k);
		int nan = v ? isl_val_is_nan(v) : -1;
		isl_val_free(v);
		if (nan < 0)
			return -2;
		if (nan)
			return k;
	}
	return n < 0 ? -2 : -1;
}

/* Writes the coordinates of the single point of set s (n_dim of them,
 * parameters projected out) into d and returns 1; returns 0 when s has
 * several points, 2 when it is empty, -1 on error. */
static int at_space_single(__isl_take isl_set *s, long *d, int n_dim)
{
	isl_size np = isl_set_dim(s, isl_dim_param);
	isl_point *pt;
	isl_bool one, empty;
	int r = -1;

	if (np < 0)
		goto done;
	s = isl_set_project_out(s, isl_dim_param, 0, np);
	empty = isl_set_is_empty(s);
	one = empty ? isl_bool_false : isl_set_is_singleton(s);
	if (empty < 0 || one <= 0) {
		r = empty < 0 || one < 0 ? -1 : empty ? 2 : 0;
		goto done;
	}
	pt = isl_set_sample_point(isl_set_copy(s));
	for (int p = 0; p < n_dim && pt; p++) {
		isl_val *v = isl_point_get_coordinate_val(pt, isl_dim_set, p);
		d[p] = isl_val_get_num_si(v);
		if (!v)
			pt = isl_point_free(pt);
		isl_val_free(v);
	}
	r = pt ? 1 : -1;
	isl_point_free(pt);
done:
	isl_set_free(s);
	return r;
}

/* Context of at_space_inner_one. */
struct at_space_inner_ctx {
	const at_scop *scop;
	long (*dir)[AT_MAX_DEPTH];
	int *known;
	int error;
};

/* Sets d to the difference between two consecutive iterations of loop
 * k of schedule map m: the step of the smallest stride g that has
 * iterations (isl's loop steps by g).  Returns 1 when that step is one
 * vector throughout m's domain, 0 when it varies or no stride up to
 * AT_SPACE_MAX_STRIDE has any, -1 on error. */
static int at_space_step_of(__isl_keep isl_map *m, int k, long *d, int n_dim)
{
	int r = 2;

	for (int g = 1; g <= AT_SPACE_MAX_STRIDE && r == 2; g++) {
		isl_map *rel = isl_map_apply_range(isl_map_copy(m),
			at_space_step(isl_space_range(isl_map_get_space(m)),
			k, g));
		rel = isl_map_apply_range(rel, isl_map_reverse(
			isl_map_copy(m)));
		r = at_space_single(isl_map_deltas(rel), d, n_dim);
	}
	return r == 2 ? 0 : r;
}

/* Sets the direction of the statement of schedule map m (taken): the
 * difference between consecutive iterations of its innermost loop, when
 * it is the same vector everywhere. */
static isl_stat at_space_inner_one(__isl_take isl_map *m, void *user)
{
	struct at_space_inner_ctx *c = user;
	const char *name = isl_map_get_tuple_name(m, isl_dim_in);
	isl_size n_dim = isl_map_dim(m, isl_dim_in);
	int s = -1, k, r = 0;

	if (!name || sscanf(name, "S%d", &s) != 1 || s < 0 ||
	    s >= c->scop->n_stmt || n_dim < 0 || n_dim > AT_MAX_DEPTH) {
		isl_map_free(m);
		return isl_stat_ok;	/* not a statement of the scop */
	}
	k = at_space_inner_member(m);
	if (k >= 0)
		r = at_space_step_of(m, k, c->dir[s], n_dim);
	isl_map_free(m);
	if (k < -1 || r < 0) {
		c->error = 1;
		return isl_stat_error;
	}
	c->known[s] = r == 1;
	return isl_stat_ok;
}

/* Computes at_space_inner's answer for ch from its schedule. */
static int at_space_inner_compute(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, long (*dir)[AT_MAX_DEPTH], int *known)
{
	struct at_space_inner_ctx c = { space->scop, dir, known, 0 };
	isl_schedule *sched = at_space_schedule(ctx, space, ch);
	isl_union_map *map = sched ? isl_schedule_get_map(sched) : NULL;

	for (int s = 0; s < space->scop->n_stmt; s++) {
		known[s] = 0;
		memset(dir[s], 0, sizeof(dir[s]));
	}
	isl_schedule_free(sched);
	if (!map)
		return -1;
	if (isl_union_map_foreach_map(map, &at_space_inner_one, &c) < 0)
		c.error = 1;
	isl_union_map_free(map);
	return c.error ? -1 : 0;
}

/* Fills *key with the part of ch the steps of the innermost loops depend
 * on (struct at_inner_entry).  The whole point order counts, not only its
 * innermost loop: a statement on which that loop is constant (one outside
 * a deeper statement's loop, under a band of isl's) has the last of the
 * others as its innermost. */
static void at_space_inner_key(const at_space *space, const at_choice *ch,
	at_choice *key)
{
	int n = ch->shape >= 0 ? space->shapes[ch->shape].n : 0;
	int t[AT_MAX_DEPTH];

	memset(key, 0, sizeof(*key));
	key->shape = ch->shape;
	key->point_scan = ch->point_scan;
	memcpy(key->sizes, ch->sizes, n * sizeof(*ch->sizes));
	at_choice_orders(ch, n, t, key->point_ord);
}

/* Frees the at_space_inner part of memo m (see space_int.h). */
void at_space_inner_memo_free(struct at_space_memo *m)
{
	for (int i = 0; i < m->n_inner; i++) {
		free(m->inner[i].dir);
		free(m->inner[i].known);
	}
	free(m->inner);
}

/* Returns the memo's entry for key, or NULL. */
static const struct at_inner_entry *at_space_inner_get(
	const struct at_space_memo *m, const at_choice *key)
{
	for (int i = 0; m && i < m->n_inner; i++)
		if (!memcmp(&m->inner[i].key, key, sizeof(*key)))
			return &m->inner[i];
	return NULL;
}

/* Memoizes the answer (n statements) for key; nothing when out of memory
 * (the memo only saves time). */
static void at_space_inner_put(struct at_space_memo *m, const at_choice *key,
	long (*dir)[AT_MAX_DEPTH], const int *known, int n)
{
	struct at_inner_entry e = { *key, malloc((n + 1) * sizeof(*dir)),
		malloc((n + 1) * sizeof(*known)) };
	int full = !m || at_buf_grow((void **)&m->inner, m->n_inner,
		&m->cap_inner, sizeof(*m->inner), 16) < 0;

	if (full || !e.dir || !e.known) {
		free(e.dir);
		free(e.known);
		return;
	}
	memcpy(e.dir, dir, n * sizeof(*dir));
	memcpy(e.known, known, n * sizeof(*known));
	m->inner[m->n_inner++] = e;
}

/* Finds each statement's innermost-loop step under ch (see at_space.h);
 * memoized in the space by the part of ch it depends on. */
int at_space_inner(isl_ctx *ctx, const at_space *space, const at_choice *ch,
	long (*dir)[AT_MAX_DEPTH], int *known)
{
	int n = space->scop->n_stmt;
	const struct at_inner_entry *e;
	at_choice key;

	at_space_inner_key(space, ch, &key);
	e = at_space_inner_get(space->memo, &key);
	if (e) {
		memcpy(dir, e->dir, n * sizeof(*dir));
		memcpy(known, e->known, n * sizeof(*known));
		return 0;
	}
	if (at_space_inner_compute(ctx, space, ch, dir, known) < 0)
		return -1;
	at_space_inner_put(space->memo, &key, dir, known, n);
	return 0;
}
