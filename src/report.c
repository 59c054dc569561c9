/*
 * report.c — the JSON report of --report (see include/at_report.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_report.h"
#include "at_diag.h"

/* Returns a new report object. */
cJSON *at_report_new(const char *file, const char *version)
{
	cJSON *r = cJSON_CreateObject();

	if (!r || !cJSON_AddStringToObject(r, "tool", "autotile") ||
	    !cJSON_AddStringToObject(r, "version", version) ||
	    !cJSON_AddStringToObject(r, "file", file) ||
	    !cJSON_AddArrayToObject(r, "nests")) {
		cJSON_Delete(r);
		return NULL;
	}
	return r;
}

/* Returns a JSON array of the n longs at v. */
static cJSON *at_report_longs(const long *v, int n)
{
	cJSON *a = cJSON_CreateArray();

	for (int k = 0; a && k < n; k++)
		if (!cJSON_AddItemToArray(a, cJSON_CreateNumber((double)v[k]))) {
			cJSON_Delete(a);
			return NULL;
		}
	return a;
}

/* Returns the first n rows of h, each of its first cols entries, as an
 * array of rows. */
static cJSON *at_report_matrix(const long h[][AT_MAX_DEPTH], int n, int cols)
{
	cJSON *a = cJSON_CreateArray();

	for (int r = 0; a && r < n; r++)
		if (!cJSON_AddItemToArray(a, at_report_longs(h[r], cols))) {
			cJSON_Delete(a);
			return NULL;
		}
	return a;
}

/* Adds item under key to obj; returns 0, or -1 (item freed) on error. */
static int at_report_add(cJSON *obj, const char *key, cJSON *item)
{
	if (!item || !cJSON_AddItemToObject(obj, key, item)) {
		cJSON_Delete(item);
		return -1;
	}
	return 0;
}

/* Returns {"name", "kind", "H", "sigma", "stmt", "band"} for one shape
 * of a nest of scop: "band" is its rows over the loops of statement
 * "stmt" (at_shape.band). */
static cJSON *at_report_shape(const at_scop *scop, const at_shape *sh)
{
	static const char *kinds[] = { "rect", "skew", "cone", "isl" };
	int d = scop->n_stmt ? scop->stmts[sh->stmt].n_loop : 0;
	cJSON *o = cJSON_CreateObject();

	if (!o || !cJSON_AddStringToObject(o, "name", sh->name) ||
	    !cJSON_AddStringToObject(o, "kind", kinds[sh->kind]) ||
	    at_report_add(o, "H", at_report_matrix(sh->h, sh->n, sh->n)) < 0 ||
	    at_report_add(o, "sigma", at_report_longs(sh->sigma, sh->n)) < 0 ||
	    !cJSON_AddNumberToObject(o, "stmt", sh->stmt) ||
	    at_report_add(o, "band", at_report_matrix(sh->band, sh->n,
	    d < AT_MAX_DEPTH ? d : AT_MAX_DEPTH)) < 0) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Returns the order of the n loops of scan `scan`, ord (band positions,
 * outermost first), as an array; TP and LP are not orders of the band's
 * loops and give null. */
static cJSON *at_report_order(at_scan scan, int n, const int *ord)
{
	long o[AT_MAX_DEPTH];

	if (scan == AT_SCAN_P)
		return cJSON_CreateNull();
	for (int k = 0; k < n; k++)
		o[k] = ord[k];
	return at_report_longs(o, n);
}

/* Returns the description of one legal structure. */
static cJSON *at_report_struct(isl_ctx *ctx, const at_space *space,
	const at_struct *st)
{
	const at_shape *sh = &space->shapes[st->ch.shape];
	char id[96], scan[3] = { 'T', 0, 0 };
	cJSON *o = cJSON_CreateObject();
	int par, simd, tord[AT_MAX_DEPTH], pord[AT_MAX_DEPTH];

	if (!o || at_space_omp(ctx, space, &st->ch, &par, &simd) < 0)
		goto error;
	at_choice_orders(&st->ch, sh->n, tord, pord);
	scan[1] = at_scan_letter(st->ch.tile_scan);
	if (!cJSON_AddStringToObject(o, "id", at_space_id(space, &st->ch, id,
	    sizeof(id))) || !cJSON_AddStringToObject(o, "shape", sh->name) ||
	    at_report_add(o, "H", at_report_matrix(sh->h, sh->n, sh->n)) < 0 ||
	    !cJSON_AddStringToObject(o, "tile_scan", scan))
		goto error;
	scan[0] = 'L';
	scan[1] = at_scan_letter(st->ch.point_scan);
	if (!cJSON_AddStringToObject(o, "point_scan", scan) ||
	    at_report_add(o, "tile_order", at_report_order(st->ch.tile_scan,
	    sh->n, tord)) < 0 ||
	    at_report_add(o, "point_order", at_report_order(st->ch.point_scan,
	    sh->n, pord)) < 0 ||
	    at_report_add(o, "sizes", at_report_longs(st->ch.sizes,
	    sh->n)) < 0 ||
	    at_report_add(o, "parallel_for", par < 0 ? cJSON_CreateNull() :
	    cJSON_CreateNumber(par)) < 0 ||
	    at_report_add(o, "simd", simd < 0 ? cJSON_CreateNull() :
	    cJSON_CreateNumber(simd)) < 0)
		goto error;
	return o;
error:
	cJSON_Delete(o);
	return NULL;
}

/* Returns {"id", "reason"} for one rejected structure. */
static cJSON *at_report_rejected(const at_scop *scop, const at_space *space,
	const at_struct *st)
{
	char id[96], buf[1024];
	cJSON *o = cJSON_CreateObject();

	if (!o || !cJSON_AddStringToObject(o, "id", at_space_id(space,
	    &st->ch, id, sizeof(id))) || !cJSON_AddStringToObject(o, "reason",
	    at_deps_reason(scop, space->deps, st->dep, buf, sizeof(buf)))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Adds "scan_counts": {"TS-LI": {"legal": a, "illegal": b}, ...}. */
static int at_report_counts(cJSON *nest, const at_space *space)
{
	int legal[3][3], total[3][3];
	cJSON *c = cJSON_AddObjectToObject(nest, "scan_counts");

	if (!c)
		return -1;
	at_space_counts(space, legal, total);
	for (int t = 0; t < 3; t++)
		for (int p = 0; p < 3; p++) {
			char key[8];
			cJSON *o;
			snprintf(key, sizeof(key), "T%c-L%c", at_scan_letter(t),
				at_scan_letter(p));
			o = cJSON_AddObjectToObject(c, key);
			if (!o || !cJSON_AddNumberToObject(o, "legal",
			    legal[t][p]) || !cJSON_AddNumberToObject(o,
			    "illegal", total[t][p] - legal[t][p]))
				return -1;
		}
	return 0;
}

/* Adds "sizes": per band position of the widest shape, the allowed tile
 * sizes. */
static int at_report_sizes(cJSON *nest, const at_space *space)
{
	int n = 0, w = 0;
	cJSON *a = cJSON_AddArrayToObject(nest, "sizes");

	for (int s = 0; s < space->n_shape; s++)
		if (space->shapes[s].n > n) {
			n = space->shapes[s].n;
			w = s;
		}
	for (int k = 0; a && k < n; k++) {
		long sizes[AT_N_SIZE];
		int m = at_space_sizes(space, w, k, sizes);
		if (!cJSON_AddItemToArray(a, at_report_longs(sizes, m)))
			return -1;
	}
	return a ? 0 : -1;
}

/* Adds the shapes, legal structures and rejected ones to nest. */
static int at_report_space(isl_ctx *ctx, cJSON *nest, const at_scop *scop,
	const at_space *space)
{
	cJSON *shapes = cJSON_AddArrayToObject(nest, "shapes");
	cJSON *legal, *rejected, *orig;

	for (int s = 0; shapes && s < space->n_shape; s++)
		if (!cJSON_AddItemToArray(shapes,
		    at_report_shape(scop, &space->shapes[s])))
			return -1;
	if (!shapes || at_report_sizes(nest, space) < 0 ||
	    at_report_counts(nest, space) < 0)
		return -1;
	legal = cJSON_AddArrayToObject(nest, "candidates");
	rejected = cJSON_AddArrayToObject(nest, "rejected");
	if (!legal || !rejected)
		return -1;
	orig = cJSON_CreateObject();
	if (!cJSON_AddItemToArray(legal, orig) ||
	    !cJSON_AddStringToObject(orig, "id", "orig") ||
	    !cJSON_AddStringToObject(orig, "shape", "orig"))
		return -1;
	orig = cJSON_CreateObject();
	if (!cJSON_AddItemToArray(legal, orig) ||
	    !cJSON_AddStringToObject(orig, "id", AT_KEEP_ID) ||
	    !cJSON_AddStringToObject(orig, "shape", "keep"))
		return -1;
	for (int i = 0; i < space->n_struct; i++) {
		const at_struct *st = &space->structs[i];
		cJSON *o = st->legal ? at_report_struct(ctx, space, st) :
			at_report_rejected(scop, space, st);
		if (!cJSON_AddItemToArray(st->legal ? legal : rejected, o))
			return -1;
	}
	return 0;
}

/* Adds `versioned` to nest when the scop is versioned: its guard in
 * isl's text (at_scop.guard, or null), its checks in C (at_scop.dguard,
 * at_scop.uguard: `c_checks`, those it has) and the pairs of arrays
 * checked not to overlap (at_scop.alias).  Returns 0, or -1 when out of
 * memory. */
static int at_report_version(cJSON *nest, const at_scop *scop)
{
	const char *text[2] = { scop->dguard, scop->uguard };
	cJSON *v, *pairs, *checks;

	if (!at_scop_versioned(scop))
		return 0;
	v = cJSON_AddObjectToObject(nest, "versioned");
	if (!v || at_report_add(v, "guard", scop->guard ?
	    cJSON_CreateString(scop->guard) : cJSON_CreateNull()) < 0)
		return -1;
	checks = cJSON_AddArrayToObject(v, "c_checks");
	for (int i = 0; checks && i < 2; i++)
		if (text[i] && !cJSON_AddItemToArray(checks,
		    cJSON_CreateString(text[i])))
			return -1;
	if (!checks)
		return -1;
	pairs = cJSON_AddArrayToObject(v, "alias_checks");
	for (int i = 0; pairs && i < scop->n_alias; i++) {
		const char *names[2] = {
			scop->arrays[scop->alias[i][0]].name,
			scop->arrays[scop->alias[i][1]].name };

		if (!cJSON_AddItemToArray(pairs,
		    cJSON_CreateStringArray(names, 2)))
			return -1;
	}
	return pairs ? 0 : -1;
}

/* Appends one nest to the report (see at_report.h). */
int at_report_nest(isl_ctx *ctx, cJSON *report, const at_scop *scop,
	const at_space *space, const at_cand *chosen)
{
	cJSON *nests = cJSON_GetObjectItem(report, "nests");
	cJSON *nest = cJSON_CreateObject(), *loops;

	if (!nest || !cJSON_AddItemToArray(nests, nest)) {
		cJSON_Delete(nest);
		return -1;
	}
	loops = cJSON_AddArrayToObject(nest, "loops");
	for (int l = 0; loops && l < scop->n_loop; l++)
		if (!cJSON_AddItemToArray(loops,
		    cJSON_CreateString(scop->loops[l].iter)))
			return -1;
	if (!loops || !cJSON_AddNumberToObject(nest, "line", scop->loc.line) ||
	    !cJSON_AddNumberToObject(nest, "column", scop->loc.col) ||
	    !cJSON_AddStringToObject(nest, "status", "accepted") ||
	    !cJSON_AddNumberToObject(nest, "statements", scop->n_stmt) ||
	    !cJSON_AddNumberToObject(nest, "dependences", space->deps->n_dep) ||
	    at_report_add(nest, "chosen", chosen ?
	    cJSON_CreateString(chosen->id) : cJSON_CreateNull()) < 0 ||
	    at_report_version(nest, scop) < 0)
		return -1;
	return at_report_space(ctx, nest, scop, space);
}

/* Returns the number of nests the report lists (see at_report.h). */
int at_report_count(const cJSON *report)
{
	return report ? cJSON_GetArraySize(cJSON_GetObjectItem(report,
		"nests")) : 0;
}

/* Lists a nest left as written (see at_report.h). */
int at_report_refused(cJSON *report, int i, const at_loc *loc,
	const char *why)
{
	cJSON *nests = cJSON_GetObjectItem(report, "nests");
	cJSON *nest = cJSON_GetArrayItem(nests, i);

	if (!nest) {
		nest = cJSON_CreateObject();
		if (!nest || !cJSON_AddItemToArray(nests, nest)) {
			cJSON_Delete(nest);
			return -1;
		}
		if (!cJSON_AddNumberToObject(nest, "line", loc->line) ||
		    !cJSON_AddNumberToObject(nest, "column", loc->col))
			return -1;
	}
	cJSON_DeleteItemFromObject(nest, "status");
	cJSON_DeleteItemFromObject(nest, "reason");
	cJSON_DeleteItemFromObject(nest, "chosen");	/* not what was written */
	return cJSON_AddStringToObject(nest, "status", "refused") &&
		cJSON_AddStringToObject(nest, "reason", why) ? 0 : -1;
}

/* Writes the report (see at_report.h). */
int at_report_write(const char *path, const cJSON *report)
{
	char *text = cJSON_Print(report);
	FILE *f;
	int bad;

	if (!text) {
		at_diag(NULL, AT_ERROR, "out of memory writing `%s`", path);
		return 1;
	}
	f = strcmp(path, "-") ? fopen(path, "w") : stdout;
	if (!f) {
		at_diag(NULL, AT_ERROR, "cannot write `%s`: %s", path,
			strerror(errno));
		free(text);
		return 1;
	}
	bad = fputs(text, f) < 0 || fputc('\n', f) < 0;
	bad |= f == stdout ? fflush(f) != 0 : fclose(f) != 0;
	if (bad)
		at_diag(NULL, AT_ERROR, "cannot write `%s`: %s", path,
			strerror(errno));
	free(text);
	return bad;
}
