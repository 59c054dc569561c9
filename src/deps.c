/*
 * deps.c — stage 3: exact RAW/WAR/WAW dependences with isl dataflow,
 * distance vectors, the dependence cone, and the legality and parallelism
 * tests every later stage relies on.
 */
#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/flow.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "at_deps.h"
#include "at_buf.h"
#include "at_diag.h"

/* Writes "RAW S0 -> S1 on A: distance (1, 0)" (or the non-uniform
 * distance set) for dependence d into buf. */
char *at_dep_describe(const at_scop *scop, const at_dep *d, char *buf,
	size_t size)
{
	const at_ref *r = &scop->stmts[d->src].refs[d->src_ref];
	size_t len = snprintf(buf, size, "%s S%d -> S%d on %s: ",
		at_dep_kind_name(d->kind), d->src, d->dst,
		scop->arrays[r->array].name);

	if (d->uniform) {
		len += snprintf(buf + len, len < size ? size - len : 0,
			"distance (");
		for (int p = 0; p < d->n_common && len < size; p++)
			len += snprintf(buf + len, size - len, "%s%ld",
				p ? ", " : "", d->dist[p]);
		if (len < size)
			snprintf(buf + len, size - len, ") (uniform)");
	} else if (d->n_common == 0) {
		snprintf(buf + len, len < size ? size - len : 0,
			"between separate loops (ordered by the sequence)");
	} else {
		snprintf(buf + len, len < size ? size - len : 0,
			"non-uniform, distances %s", d->delta);
	}
	return buf;
}

/* Returns "RAW", "WAR" or "WAW". */
const char *at_dep_kind_name(at_dep_kind kind)
{
	static const char *names[] = { "RAW", "WAR", "WAW" };
	return names[kind];
}

/* Runs isl's dataflow analysis: for each `sink` access, the accesses of
 * `must` (and `may`) that write (or read) the same element before it with
 * no `must`/`kill` access in between, in the order of the schedule tree
 * `tree` when it is not NULL, else of the schedule map `map`.  Takes all
 * maps but the schedules. */
static __isl_give isl_union_map *at_deps_flow(
	__isl_take isl_union_map *sink, __isl_take isl_union_map *must,
	__isl_take isl_union_map *may, __isl_take isl_union_map *kill,
	__isl_keep isl_schedule *tree, __isl_keep isl_union_map *map)
{
	isl_union_access_info *ai;
	isl_union_flow *flow;
	isl_union_map *dep;

	ai = isl_union_access_info_from_sink(sink);
	ai = isl_union_access_info_set_must_source(ai, must);
	ai = isl_union_access_info_set_may_source(ai, may);
	if (kill)
		ai = isl_union_access_info_set_kill(ai, kill);
	if (tree)
		ai = isl_union_access_info_set_schedule(ai,
			isl_schedule_copy(tree));
	else
		ai = isl_union_access_info_set_schedule_map(ai,
			isl_union_map_copy(map));
	flow = isl_union_access_info_compute_flow(ai);
	dep = isl_union_flow_get_may_dependence(flow);
	isl_union_flow_free(flow);
	return dep;
}

/* Returns { [S[i] -> R[]] -> S[i] } over the tagged instances of the
 * references in `r` and `w` (kept). */
static __isl_give isl_union_map *at_deps_untag(__isl_keep isl_union_map *r,
	__isl_keep isl_union_map *w)
{
	isl_union_set *dom = isl_union_set_union(
		isl_union_map_domain(isl_union_map_copy(r)),
		isl_union_map_domain(isl_union_map_copy(w)));

	return isl_union_map_domain_map(isl_union_set_unwrap(dom));
}

/* Returns the original schedule tree of scop over the tagged instances
 * [S[i] -> R[]] of the references in `r` and `w` (kept), each at the
 * place of S[i]. */
static __isl_give isl_schedule *at_deps_tagged_tree(isl_ctx *ctx,
	const at_scop *scop, __isl_keep isl_union_map *r,
	__isl_keep isl_union_map *w)
{
	return isl_schedule_pullback_union_pw_multi_aff(
		at_scop_schedule_tree(ctx, scop),
		isl_union_pw_multi_aff_from_union_map(at_deps_untag(r, w)));
}

/* Maps a reference tag number (over the whole scop) to its statement and
 * index within the statement. */
static void at_deps_ref_of_tag(const at_scop *scop, int tag, int *stmt,
	int *ref)
{
	for (int k = 0; k < scop->n_stmt; k++) {
		if (tag < scop->stmts[k].n_ref) {
			*stmt = k;
			*ref = tag;
			return;
		}
		tag -= scop->stmts[k].n_ref;
	}
	*stmt = *ref = -1;
}

/* Returns the number of outermost loops statements a and b share. */
static int at_deps_common(const at_scop *scop, int a, int b)
{
	const at_stmt *sa = &scop->stmts[a], *sb = &scop->stmts[b];
	int c = 0;

	while (c < sa->n_loop && c < sb->n_loop && sa->loops[c] == sb->loops[c])
		c++;
	return c;
}

/* Fills dep->dist/uniform/delta from the untagged dependence map `m`
 * (S_a[...] -> S_b[...]): the distance in the n_common shared loops, in
 * the direction each loop runs (dist is negated on a downward loop; the
 * `delta` text is in plain index differences). */
static int at_deps_distance(const at_scop *scop, at_dep *dep,
	__isl_take isl_map *m)
{
	int c = dep->n_common;
	isl_size na = isl_map_dim(m, isl_dim_in);
	isl_size nb = isl_map_dim(m, isl_dim_out);
	isl_set *delta;

	if (na < 0 || nb < 0)
		goto error;
	m = isl_map_project_out(m, isl_dim_in, c, na - c);
	m = isl_map_project_out(m, isl_dim_out, c, nb - c);
	m = isl_map_reset_tuple_id(m, isl_dim_in);
	m = isl_map_reset_tuple_id(m, isl_dim_out);
	delta = isl_set_coalesce(isl_set_detect_equalities(isl_map_deltas(m)));
	if (!delta)
		return -1;
	dep->uniform = c > 0;
	for (int p = 0; p < c; p++) {
		isl_val *v = isl_set_plain_get_val_if_fixed(delta, isl_dim_set, p);
		long sign = scop->loops[scop->stmts[dep->src].loops[p]].step
			< 0 ? -1 : 1;
		if (v && isl_val_is_int(v))
			dep->dist[p] = sign * isl_val_get_num_si(v);
		else
			dep->uniform = 0;
		isl_val_free(v);
	}
	dep->delta = isl_set_to_str(delta);
	isl_set_free(delta);
	return dep->delta ? 0 : -1;
error:
	isl_map_free(m);
	return -1;
}

/* Context of at_deps_add_map. */
struct at_deps_add {
	const at_scop *scop;
	at_deps *deps;
	at_dep_kind kind;
	int cap;
	int src_kind;		/* 0, or the at_ref_kind sources must have */
};

/* Returns the number in a tuple name "R<n>" of the wrapped tuple on side
 * `type` of `m`'s space, or -1. */
static int at_deps_tag(__isl_keep isl_map *m, enum isl_dim_type type)
{
	isl_space *sp = isl_map_get_space(m);
	const char *name;
	int tag = -1;

	sp = type == isl_dim_in ? isl_space_domain(sp) : isl_space_range(sp);
	sp = isl_space_unwrap(sp);
	name = isl_space_get_tuple_name(sp, isl_dim_out);
	if (name && name[0] == 'R')
		tag = atoi(name + 1);
	isl_space_free(sp);
	return tag;
}

/* Records one tagged dependence map [S_a -> R_x] -> [S_b -> R_y]. */
static isl_stat at_deps_add_map(__isl_take isl_map *m, void *user)
{
	struct at_deps_add *ctx = user;
	at_deps *deps = ctx->deps;
	at_dep *dep;

	if (deps->n_dep == ctx->cap) {
		int cap = ctx->cap ? 2 * ctx->cap : 16;
		at_dep *d = realloc(deps->deps, cap * sizeof(*d));
		if (!d)
			goto error;
		deps->deps = d;
		ctx->cap = cap;
	}
	dep = &deps->deps[deps->n_dep];
	memset(dep, 0, sizeof(*dep));
	dep->kind = ctx->kind;
	at_deps_ref_of_tag(ctx->scop, at_deps_tag(m, isl_dim_in), &dep->src,
		&dep->src_ref);
	at_deps_ref_of_tag(ctx->scop, at_deps_tag(m, isl_dim_out), &dep->dst,
		&dep->dst_ref);
	if (dep->src < 0 || dep->dst < 0)
		goto error;
	if (ctx->src_kind && ctx->scop->stmts[dep->src].refs[dep->src_ref].kind
	    != (at_ref_kind)ctx->src_kind) {
		isl_map_free(m);	/* the other kind's: recorded apart */
		return isl_stat_ok;
	}
	dep->n_common = at_deps_common(ctx->scop, dep->src, dep->dst);
	deps->n_dep++;
	dep->rel = isl_map_factor_domain(m);
	if (!dep->rel || at_deps_distance(ctx->scop, dep,
	    isl_map_copy(dep->rel)) < 0)
		return isl_stat_error;
	return isl_stat_ok;
error:
	isl_map_free(m);
	return isl_stat_error;
}

/* Records the tagged dependences of `tagged` whose source is a reference
 * of src_kind (0: all) as dependences of `kind`.  Returns 0 or -1. */
static int at_deps_record_kind(const at_scop *scop, at_deps *deps, int *cap,
	at_dep_kind kind, int src_kind, __isl_keep isl_union_map *tagged)
{
	struct at_deps_add ctx = { scop, deps, kind, *cap, src_kind };
	isl_stat r = isl_union_map_foreach_map(tagged, &at_deps_add_map, &ctx);

	*cap = ctx.cap;
	return r < 0 ? -1 : 0;
}

/* Records the tagged dependences `tagged` and adds their untagged form to
 * deps->all: all of `kind`, or (kind AT_DEP_WAR) those from a read as WAR
 * and then those from a write as WAW.  Takes `tagged`. */
static int at_deps_record(const at_scop *scop, at_deps *deps, int *cap,
	at_dep_kind kind, __isl_take isl_union_map *tagged)
{
	int r;

	if (!tagged)
		return -1;
	if (kind == AT_DEP_WAR)
		r = at_deps_record_kind(scop, deps, cap, AT_DEP_WAR, AT_READ,
			tagged) < 0 || at_deps_record_kind(scop, deps, cap,
			AT_DEP_WAW, AT_WRITE, tagged) < 0 ? -1 : 0;
	else
		r = at_deps_record_kind(scop, deps, cap, kind, 0, tagged);
	deps->all = isl_union_map_union(deps->all,
		isl_union_map_factor_domain(tagged));
	return r < 0 || !deps->all ? -1 : 0;
}

/* Divides v (length n) by the gcd of its entries (see at_deps.h). */
void at_deps_normalize(long *v, int n)
{
	long g = 0;

	for (int p = 0; p < n; p++) {
		long a = v[p] < 0 ? -v[p] : v[p], b = g;
		while (b) {
			long t = a % b;
			a = b;
			b = t;
		}
		g = a;
	}
	if (g > 1)
		for (int p = 0; p < n; p++)
			v[p] /= g;
}

/* Returns 1 if v is a non-negative rational combination of the n_vec
 * vectors in `vec` other than vec[skip], 0 if not, -1 on error.  Scaling a
 * rational solution gives an integer one, so the test asks isl for
 * M >= 1, l >= 0 with sum_j l_j vec_j = M v. */
static int at_deps_in_cone(isl_ctx *ctx, long vec[][AT_MAX_DEPTH],
	int n_vec, int skip, int n)
{
	isl_set *set;
	int r;
	char buf[8192];
	int len = 0;

	len += snprintf(buf + len, sizeof(buf) - len, "{ [M");
	for (int j = 0; j < n_vec; j++)
		len += snprintf(buf + len, sizeof(buf) - len, ", l%d", j);
	len += snprintf(buf + len, sizeof(buf) - len, "] : M >= 1");
	for (int j = 0; j < n_vec; j++)
		len += snprintf(buf + len, sizeof(buf) - len, " and l%d %s 0",
			j, j == skip ? "=" : ">=");
	for (int p = 0; p < n; p++) {
		len += snprintf(buf + len, sizeof(buf) - len, " and 0");
		for (int j = 0; j < n_vec; j++)
			len += snprintf(buf + len, sizeof(buf) - len,
				" + %ld*l%d", vec[j][p], j);
		len += snprintf(buf + len, sizeof(buf) - len, " = %ld*M",
			vec[skip][p]);
	}
	snprintf(buf + len, sizeof(buf) - len, " }");
	if (len >= (int)sizeof(buf) - 2)
		return -1;
	set = isl_set_read_from_str(ctx, buf);
	r = isl_set_is_empty(set);
	isl_set_free(set);
	return r < 0 ? -1 : !r;
}

/* Computes the extreme rays of the cone spanned by the non-zero uniform
 * distance vectors of the deepest shared depth. */
static int at_deps_cone(isl_ctx *ctx, at_deps *deps)
{
	long vec[16][AT_MAX_DEPTH];
	int n_vec = 0, n = 0;

	for (int i = 0; i < deps->n_dep; i++)
		if (deps->deps[i].uniform && deps->deps[i].n_common > n)
			n = deps->deps[i].n_common;
	deps->n_dim = n;
	for (int i = 0; i < deps->n_dep && n_vec < 16; i++) {
		const at_dep *d = &deps->deps[i];
		int zero = 1, dup = 0;
		if (!d->uniform || d->n_common != n)
			continue;
		memcpy(vec[n_vec], d->dist, sizeof(vec[0]));
		for (int p = 0; p < n; p++)
			zero &= vec[n_vec][p] == 0;
		at_deps_normalize(vec[n_vec], n);
		for (int j = 0; j < n_vec; j++)
			dup |= memcmp(vec[j], vec[n_vec], n * sizeof(long)) == 0;
		if (!zero && !dup)
			n_vec++;
	}
	for (int j = 0; j < n_vec; j++) {
		int in = at_deps_in_cone(ctx, vec, n_vec, j, n);
		if (in < 0)
			return -1;
		if (!in)
			memcpy(deps->rays[deps->n_ray++], vec[j], sizeof(vec[0]));
	}
	return 0;
}

/* What at_deps_add_local collects: the accesses to the local scalar
 * `name` of scop (NULL: to every local), as they are or, with `project`,
 * with the copy's dimensions projected out (the variable itself, as the
 * generated code keeps it). */
struct at_deps_pick {
	const at_scop *scop;
	const char *name;
	int project;
	isl_union_map *out;
};

/* Adds access m (taken) to the result when it is one of those picked. */
static isl_stat at_deps_add_local(__isl_take isl_map *m, void *user)
{
	struct at_deps_pick *pk = user;
	const char *r = isl_map_get_tuple_name(m, isl_dim_out);
	isl_size n = isl_map_dim(m, isl_dim_out);
	isl_id *id;
	int keep = 0;

	for (int a = 0; r && a < pk->scop->n_array; a++)
		keep |= pk->scop->arrays[a].local &&
			!strcmp(pk->scop->arrays[a].name, r) &&
			(!pk->name || !strcmp(pk->name, r));
	if (!keep || n < 0) {
		isl_map_free(m);
		return n < 0 ? isl_stat_error : isl_stat_ok;
	}
	if (pk->project) {
		id = isl_map_get_tuple_id(m, isl_dim_out);
		m = isl_map_project_out(m, isl_dim_out, 0, n);
		m = isl_map_set_tuple_id(m, isl_dim_out, id);
	}
	pk->out = isl_union_map_add_map(pk->out, m);
	return pk->out ? isl_stat_ok : isl_stat_error;
}

/* Returns the accesses of `acc` (kept) picked as at_deps_add_local says
 * for local `name` (NULL: all) and `project`, or NULL on error. */
static __isl_give isl_union_map *at_deps_pick_local(
	__isl_keep isl_union_map *acc, const at_scop *scop, const char *name,
	int project)
{
	struct at_deps_pick pk = { scop, name, project, NULL };

	pk.out = isl_union_map_empty(isl_union_map_get_space(acc));
	if (isl_union_map_foreach_map(acc, &at_deps_add_local, &pk) < 0)
		pk.out = isl_union_map_free(pk.out);
	return pk.out;
}

/* Returns the tagged accesses of `kind` to the local scalars of scop as
 * the variables themselves, or NULL. */
static __isl_give isl_union_map *at_deps_scalar_access(isl_ctx *ctx,
	const at_scop *scop, at_ref_kind kind)
{
	isl_union_map *acc = at_scop_access(ctx, scop, kind, 1);
	isl_union_map *out = acc ? at_deps_pick_local(acc, scop, NULL, 1) :
		NULL;

	isl_union_map_free(acc);
	return out;
}

/* Sets deps->live and deps->order (see at_deps.h): the dataflow of the
 * local scalars as single variables, RAW for the first, WAR and WAW for
 * the second.  Returns 0 or -1. */
static int at_deps_scalar_flow(isl_ctx *ctx, const at_scop *scop,
	at_deps *deps)
{
	isl_union_map *r = at_deps_scalar_access(ctx, scop, AT_READ);
	isl_union_map *w = at_deps_scalar_access(ctx, scop, AT_WRITE);
	isl_schedule *ts = NULL;

	if (r && w)
		ts = at_deps_tagged_tree(ctx, scop, r, w);
	if (ts) {
		deps->live = at_deps_flow(isl_union_map_copy(r),
			isl_union_map_copy(w), isl_union_map_empty(
			isl_union_map_get_space(w)), NULL, ts, NULL);
		deps->order = at_deps_flow(isl_union_map_copy(w),
			isl_union_map_copy(w), isl_union_map_copy(r), NULL, ts,
			NULL);
	}
	isl_union_map_free(r);
	isl_union_map_free(w);
	isl_schedule_free(ts);
	return deps->live && deps->order ? 0 : -1;
}

/* Sets deps->local[] to the accesses of each local scalar of scop (see
 * at_deps.h).  Returns 0 or -1. */
static int at_deps_locals(isl_ctx *ctx, const at_scop *scop, at_deps *deps)
{
	isl_union_map *acc = NULL;
	int n = at_scop_n_local(scop);

	if (!n)
		return 0;
	deps->local = calloc(n, sizeof(*deps->local));
	acc = isl_union_map_union(at_scop_access(ctx, scop, AT_READ, 0),
		at_scop_access(ctx, scop, AT_WRITE, 0));
	if (!deps->local || !acc)
		goto error;
	for (int a = 0; a < scop->n_array; a++) {
		if (!scop->arrays[a].local)
			continue;
		deps->local[deps->n_local] = at_deps_pick_local(acc, scop,
			scop->arrays[a].name, 0);
		if (!deps->local[deps->n_local++])
			goto error;
	}
	isl_union_map_free(acc);
	return at_deps_scalar_flow(ctx, scop, deps);
error:
	isl_union_map_free(acc);
	return -1;
}

/* Computes RAW (flow), WAR and WAW dependences between references (see
 * at_deps.h). */
at_deps *at_deps_compute(isl_ctx *ctx, const at_scop *scop)
{
	at_deps *deps = calloc(1, sizeof(*deps));
	isl_union_map *r = NULL, *w = NULL, *sched = NULL, *tsched = NULL;
	int cap = 0;

	if (!deps)
		return NULL;
	r = at_scop_access(ctx, scop, AT_READ, 1);
	w = at_scop_access(ctx, scop, AT_WRITE, 1);
	sched = at_scop_schedule_map(ctx, scop);
	if (!r || !w || !sched)
		goto error;
	tsched = isl_union_map_apply_range(at_deps_untag(r, w),
		isl_union_map_copy(sched));
	deps->all = isl_union_map_empty(isl_union_map_get_space(sched));
	if (at_deps_record(scop, deps, &cap, AT_DEP_RAW, at_deps_flow(
		isl_union_map_copy(r), isl_union_map_copy(w),
		isl_union_map_empty(isl_union_map_get_space(w)), NULL,
		NULL, tsched)) < 0)
		goto error;
	/* WAR and WAW in one analysis: writes as sinks, the writes before
	 * them as must sources (which kill the reads before them, as the
	 * kills of a WAR analysis do) and the reads as may sources. */
	if (at_deps_record(scop, deps, &cap, AT_DEP_WAR, at_deps_flow(
		isl_union_map_copy(w), isl_union_map_copy(w),
		isl_union_map_copy(r), NULL, NULL, tsched)) < 0)
		goto error;
	deps->all = isl_union_map_coalesce(deps->all);
	if (at_deps_cone(ctx, deps) < 0)
		goto error;
	if (at_deps_locals(ctx, scop, deps) < 0)
		goto error;
	isl_union_map_free(r);
	isl_union_map_free(w);
	isl_union_map_free(sched);
	isl_union_map_free(tsched);
	return deps;
error:
	if (isl_ctx_last_error(ctx) != isl_error_abort)
		at_diag(&scop->loc, AT_ERROR, "internal: dependence analysis "
			"failed");
	isl_union_map_free(r);
	isl_union_map_free(w);
	isl_union_map_free(sched);
	isl_union_map_free(tsched);
	at_deps_free(deps);
	return NULL;
}

/* Frees the dependences. */
void at_deps_free(at_deps *deps)
{
	if (!deps)
		return;
	for (int i = 0; i < deps->n_dep; i++) {
		free(deps->deps[i].delta);
		isl_map_free(deps->deps[i].rel);
	}
	free(deps->deps);
	isl_union_map_free(deps->all);
	for (int i = 0; i < deps->n_local; i++)
		isl_union_map_free(deps->local[i]);
	free(deps->local);
	isl_union_map_free(deps->live);
	isl_union_map_free(deps->order);
	free(deps);
}

/* Sets *out to { T(a) -> T(b) : a -> b in rel, a and b mapped by T } as
 * a single map, possibly empty, or to NULL when no map is left.  Takes
 * `rel`.  Returns 0, or -1 on error or when the images do not lie in one
 * space (then *out is NULL). */
static int at_deps_image_rel(__isl_take isl_union_map *rel,
	__isl_keep isl_union_map *t, isl_map **out)
{
	isl_union_set *dom = isl_union_map_domain(isl_union_map_copy(t));
	isl_size n;

	rel = isl_union_map_intersect_domain(rel, isl_union_set_copy(dom));
	rel = isl_union_map_intersect_range(rel, dom);
	rel = isl_union_map_apply_range(rel, isl_union_map_copy(t));
	rel = isl_union_map_apply_domain(rel, isl_union_map_copy(t));
	n = isl_union_map_n_map(rel);
	*out = n == 1 ? isl_map_from_union_map(rel) : NULL;
	if (n != 1)
		isl_union_map_free(rel);
	return n < 0 || n > 1 || (n == 1 && !*out) ? -1 : 0;
}

/* Every dependence mapped through t (see at_deps.h). */
int at_deps_image(const at_deps *deps, __isl_keep isl_union_map *t,
	isl_map **out)
{
	return at_deps_image_rel(isl_union_map_copy(deps->all), t, out);
}

/* Returns { T(a) -> T(b) : a -> b in rel } as a single map, or NULL with
 * *empty set when there is no dependence among the instances of T.
 * Takes `rel`. */
static __isl_give isl_map *at_deps_through_rel(__isl_take isl_union_map *rel,
	__isl_keep isl_union_map *t, int *empty)
{
	isl_map *m;
	isl_bool is_empty;

	*empty = 0;
	if (at_deps_image_rel(rel, t, &m) < 0)
		return NULL;
	is_empty = m ? isl_map_is_empty(m) : isl_bool_true;
	if (is_empty == isl_bool_false)
		return m;
	*empty = is_empty == isl_bool_true;
	isl_map_free(m);
	return NULL;
}

/* Returns all dependences mapped through T (see at_deps_through_rel). */
static __isl_give isl_map *at_deps_through(const at_deps *deps,
	__isl_keep isl_union_map *t, int *empty)
{
	return at_deps_through_rel(isl_union_map_copy(deps->all), t, empty);
}

/* Returns 1 if every pair of `rel` (taken) goes forward in `schedule`
 * (n >= 0: weakly forward in its first n dimensions), 0 if not, -1 on
 * error. */
static int at_deps_forward_as(__isl_take isl_union_map *rel,
	__isl_keep isl_union_map *schedule, int n)
{
	int empty;
	isl_map *m = at_deps_through_rel(rel, schedule, &empty);
	isl_space *sp;
	isl_map *lt;
	isl_bool sub;

	if (!m)
		return empty ? 1 : -1;
	sp = isl_space_range(isl_map_get_space(m));
	lt = n < 0 ? isl_map_lex_lt(sp) :
		isl_map_lex_le_first(isl_space_map_from_set(sp), n);
	sub = isl_map_is_subset(m, lt);
	isl_map_free(m);
	isl_map_free(lt);
	return sub < 0 ? -1 : sub;
}

/* Returns 1 if every pair of `rel` (taken) goes forward in `schedule`,
 * 0 if not, -1 on error. */
static int at_deps_forward(__isl_take isl_union_map *rel,
	__isl_keep isl_union_map *schedule)
{
	return at_deps_forward_as(rel, schedule, -1);
}

/* Tests every dependence against the outer dimensions of a schedule (see
 * at_deps.h). */
int at_deps_weakly_forward(const at_deps *deps,
	__isl_keep isl_union_map *schedule, int n)
{
	return at_deps_forward_as(isl_union_map_copy(deps->all), schedule,
		n < 0 ? 0 : n);
}

/* Returns 1 if `schedule` runs the accesses `acc` (instances -> the copy
 * of a local scalar they use) of each copy with no access to another copy
 * in between, as proved by a prefix of the schedule that separates the
 * copies: all accesses of a copy share its first k dimensions and no two
 * copies do, so each copy's accesses fill an interval of the schedule of
 * their own (what tiles of the loops around the declaration give, with
 * the loops inside it below the band).  0 when no prefix does: the
 * copies may then still happen to be contiguous, but no candidate of the
 * space was found to need it (the exact pairwise test accepted the same
 * structures on the tests' nests, at three times the run time).  -1 on
 * error.  Only one prefix is tested for injectivity: a shorter prefix of
 * a single-valued one is single-valued and a longer prefix of an
 * injective one injective, so a prefix separates the copies iff the
 * longest single-valued one does.  That one is looked for from the whole
 * schedule down, dropping one dimension at a time, which keeps the
 * projections small (tile dimensions are defined by the point ones
 * below them). */
static int at_deps_local_ok(__isl_keep isl_union_map *acc,
	__isl_keep isl_union_map *schedule)
{
	isl_union_map *u = isl_union_map_apply_range(
		isl_union_map_reverse(isl_union_map_copy(acc)),
		isl_union_map_copy(schedule));
	isl_size nm = isl_union_map_n_map(u);
	isl_map *m = nm == 1 ? isl_map_from_union_map(u) : NULL;
	isl_size n = m ? isl_map_dim(m, isl_dim_out) : -1;
	isl_bool b = isl_bool_false;

	if (nm != 1) {
		isl_union_map_free(u);
		return nm == 0 ? 1 : -1;	/* no access: nothing to mix */
	}
	for (int k = n; k > 0; k--) {
		b = isl_map_is_single_valued(m);
		if (b != isl_bool_false)
			break;
		m = isl_map_project_out(m, isl_dim_out, k - 1, 1);
	}
	if (b == isl_bool_true)
		b = isl_map_is_injective(m);
	isl_map_free(m);
	return n < 0 || b < 0 ? -1 : b == isl_bool_true;
}

/* The exact legality test: every dependence goes forward in `schedule`
 * and a prefix of it separates each local scalar's copies. */
int at_deps_is_legal(const at_deps *deps, __isl_keep isl_union_map *schedule)
{
	return at_deps_check(deps, schedule, NULL);
}

/* Tests a schedule and names what it fails (see at_deps.h).  The local
 * scalars' test comes first: it costs a few projections of the accesses
 * to the scalars, where the dependences' image through the schedule is
 * most of a legality test (deriche: 9 of the cost model's 10 checks
 * fail on local scalars alone).  When it fails and no dependence is to
 * be named, the dependences are not tested at all. */
int at_deps_check(const at_deps *deps, __isl_keep isl_union_map *schedule,
	int *dep)
{
	int local = 1, ok;

	for (int i = 0; local == 1 && i < deps->n_local; i++)
		local = at_deps_local_ok(deps->local[i], schedule);
	if (local < 0 || (local == 0 && !dep))
		return local;
	ok = at_deps_forward(isl_union_map_copy(deps->all), schedule);
	if (dep)
		*dep = ok == 0 ? at_deps_violated(deps, schedule) : -1;
	return ok == 1 ? local : ok;
}

/* Returns the first dependence `schedule` does not respect (see at_deps.h). */
int at_deps_violated(const at_deps *deps, __isl_keep isl_union_map *schedule)
{
	for (int i = 0; i < deps->n_dep; i++) {
		int ok = at_deps_forward(isl_union_map_from_map(
			isl_map_copy(deps->deps[i].rel)), schedule);
		if (ok <= 0)
			return ok < 0 ? -2 : i;
	}
	return -1;
}

/* Returns the set of distances of all dependences through `partial`. */
__isl_give isl_set *at_deps_deltas(const at_deps *deps,
	__isl_keep isl_union_map *partial)
{
	int empty;
	isl_map *rel = at_deps_through(deps, partial, &empty);
	isl_set *ran;
	isl_space *sp;

	if (rel)
		return isl_set_coalesce(isl_map_deltas(rel));
	if (!empty)
		return NULL;
	ran = isl_set_from_union_set(isl_union_map_range(
		isl_union_map_copy(partial)));
	sp = isl_set_get_space(ran);
	isl_set_free(ran);
	return isl_set_empty(sp);
}

/* Tests the image `rel` of the dependences for a parallel last dimension
 * (see at_deps.h). */
int at_deps_image_is_parallel(__isl_take isl_map *rel)
{
	isl_size n;
	isl_set *delta, *zero;
	isl_bool sub;

	if (!rel)
		return 1;
	n = isl_map_dim(rel, isl_dim_in);
	if (n <= 0) {
		isl_map_free(rel);
		return n < 0 ? -1 : 1;
	}
	for (int i = 0; i < n - 1; i++)
		rel = isl_map_equate(rel, isl_dim_in, i, isl_dim_out, i);
	delta = isl_map_deltas(rel);
	zero = isl_set_universe(isl_set_get_space(delta));
	zero = isl_set_fix_si(zero, isl_dim_set, n - 1, 0);
	sub = isl_set_is_subset(delta, zero);
	isl_set_free(delta);
	isl_set_free(zero);
	return sub < 0 ? -1 : sub;
}

/* The loop of the last dimension of `partial` is parallel when no
 * dependence within one iteration of the outer loops crosses its
 * iterations. */
int at_deps_is_parallel(const at_deps *deps,
	__isl_keep isl_union_map *partial)
{
	int empty;
	isl_map *rel = at_deps_through(deps, partial, &empty);

	if (!rel && !empty)
		return -1;
	return at_deps_image_is_parallel(rel);
}

/* Describes why a schedule failed at_deps_is_legal (see at_deps.h). */
const char *at_deps_reason(const at_scop *scop, const at_deps *deps, int dep,
	char *buf, size_t size)
{
	if (dep >= 0 && dep < deps->n_dep)
		return at_dep_describe(scop, &deps->deps[dep], buf, size);
	snprintf(buf, size, "%s", deps->n_local ? "has no schedule prefix "
		"that keeps apart the per-iteration copies of a scalar "
		"(the generated code holds them in one variable)" :
		"fails the exact legality test");
	return buf;
}

/* Returns a copy of `deps` sharing nothing with it, or NULL when out of
 * memory. */
static at_deps *at_deps_copy(const at_deps *deps)
{
	at_deps *c = malloc(sizeof(*c));

	if (!c)
		return NULL;
	*c = *deps;
	c->deps = NULL;
	c->local = NULL;
	c->n_dep = c->n_local = 0;
	c->all = isl_union_map_copy(deps->all);
	c->live = isl_union_map_copy(deps->live);
	c->order = isl_union_map_copy(deps->order);
	if (deps->n_dep && !(c->deps = calloc(deps->n_dep, sizeof(at_dep))))
		goto error;
	for (; c->n_dep < deps->n_dep; c->n_dep++) {
		at_dep *d = &c->deps[c->n_dep];

		*d = deps->deps[c->n_dep];
		d->rel = isl_map_copy(d->rel);
		d->delta = d->delta ? strdup(d->delta) : NULL;
		if (deps->deps[c->n_dep].delta && !d->delta) {
			c->n_dep++;
			goto error;
		}
	}
	if (deps->n_local &&
	    !(c->local = calloc(deps->n_local, sizeof(*c->local))))
		goto error;
	for (; c->n_local < deps->n_local; c->n_local++)
		c->local[c->n_local] = isl_union_map_copy(deps->local[c->n_local]);
	return c;
error:
	at_deps_free(c);
	return NULL;
}

/* Returns the text of everything at_deps_compute reads of scop: its
 * tagged accesses and its schedule in isl's notation, the arrays' names
 * and local flags, the statements' references and loops, and the loops'
 * steps; NULL on error. */
static char *at_deps_key(isl_ctx *ctx, const at_scop *scop)
{
	isl_union_map *m[3] = { at_scop_access(ctx, scop, AT_READ, 1),
		at_scop_access(ctx, scop, AT_WRITE, 1),
		at_scop_schedule_map(ctx, scop) };
	at_buf b = { 0 };

	for (int i = 0; i < 3; i++) {
		char *s = m[i] ? isl_union_map_to_str(m[i]) : NULL;

		at_buf_printf(&b, "%s\n", s ? s : "");
		if (!s)
			b.failed = 1;
		free(s);
		isl_union_map_free(m[i]);
	}
	for (int a = 0; a < scop->n_array; a++)
		at_buf_printf(&b, "%s %d\n", scop->arrays[a].name,
			scop->arrays[a].local);
	for (int k = 0; k < scop->n_stmt; k++) {
		at_buf_printf(&b, "%d:", scop->stmts[k].n_ref);
		for (int l = 0; l < scop->stmts[k].n_loop; l++)
			at_buf_printf(&b, " %d", scop->stmts[k].loops[l]);
		at_buf_add(&b, "\n");
	}
	for (int l = 0; l < scop->n_loop; l++)
		at_buf_printf(&b, "%ld ", scop->loops[l].step);
	if (at_buf_failed(&b)) {
		at_buf_clear(&b);
		return NULL;
	}
	return at_buf_take(&b);
}

/* Computes the dependences of scop, or copies memo's (see at_deps.h). */
at_deps *at_deps_memo_compute(isl_ctx *ctx, const at_scop *scop,
	at_deps_memo *memo)
{
	char *key = at_deps_key(ctx, scop);
	at_deps *deps, *kept;

	if (key && memo->key && !strcmp(key, memo->key)) {
		free(key);
		return at_deps_copy(memo->deps);
	}
	deps = at_deps_compute(ctx, scop);
	kept = deps && key ? at_deps_copy(deps) : NULL;
	if (kept) {
		at_deps_memo_clear(memo);
		memo->key = key;
		memo->deps = kept;
	} else {
		free(key);
	}
	return deps;
}

/* Frees what memo holds (see at_deps.h). */
void at_deps_memo_clear(at_deps_memo *memo)
{
	free(memo->key);
	at_deps_free(memo->deps);
	memo->key = NULL;
	memo->deps = NULL;
}
