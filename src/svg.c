/*
 * svg.c — pictures of a nest of two loops: points, tiles, scan order and
 * dependences (see include/at_svg.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "at_deps.h"
#include "at_diag.h"
#include "at_space.h"
#include "at_svg.h"

#define AT_SVG_TUPLE 16		/* schedule dimensions kept per point */
#define AT_SVG_STMTS 4		/* statements drawn side by side at most */
#define AT_SVG_DISTS 32		/* distinct distances listed at most */
#define AT_SVG_CELL 28		/* pixels between two points */
#define AT_SVG_MARGIN 48
#define AT_SVG_TOP 108		/* room for the caption */

/* One statement instance of the picture. */
struct at_svg_pt {
	int stmt;
	long x[2];		/* the two loops' values */
	int n_sched, n_tile;
	long sched[AT_SVG_TUPLE];	/* its schedule tuple */
	long tile[AT_SVG_TUPLE];	/* the prefix up to the point band */
	int step;		/* 1-based position in a sequential run */
	int tile_no;		/* 1-based scan order of its tile, 0: untiled */
};

/* The points being collected. */
struct at_svg_pts {
	int n, cap;
	struct at_svg_pt *p;
	int tile;		/* 1: the map being read is the tile prefix */
	int stmt;		/* statement of the map being read */
};

/* Returns 1 if every statement of scop is in two loops, the outer one
 * shared (jacobi-1d's two inner loops are drawn on one axis). */
static int at_svg_drawable(const at_scop *scop)
{
	for (int s = 0; s < scop->n_stmt; s++) {
		const at_stmt *st = &scop->stmts[s];
		if (st->n_loop != 2 || st->loops[0] != scop->stmts[0].loops[0])
			return 0;
	}
	return scop->n_stmt > 0 && scop->n_stmt <= AT_SVG_STMTS;
}

/* Returns the value of dimension `dim` of the lexicographically smallest
 * point of `set` projected on it (consumes set); *ok = 0 when empty or
 * unbounded. */
static long at_svg_min(__isl_take isl_set *set, int dim, int *ok)
{
	isl_size n = isl_set_dim(set, isl_dim_set);
	isl_point *pt;
	isl_val *v;
	long r = 0;

	set = isl_set_project_out(set, isl_dim_set, dim + 1, n - dim - 1);
	set = isl_set_project_out(set, isl_dim_set, 0, dim);
	set = isl_set_lexmin(set);
	pt = isl_set_sample_point(set);
	v = isl_point_get_coordinate_val(pt, isl_dim_set, 0);
	if (!v || !isl_val_is_int(v))
		*ok = 0;
	else
		r = isl_val_get_num_si(v);
	isl_val_free(v);
	isl_point_free(pt);
	return r;
}

/* Context of at_svg_lo_set. */
struct at_svg_lo {
	long lo[2];
	int n, ok;
};

/* Lowers c->lo to set's smallest value of each loop (skips empty sets). */
static isl_stat at_svg_lo_set(__isl_take isl_set *set, void *user)
{
	struct at_svg_lo *c = user;
	isl_bool empty = isl_set_is_empty(set);

	if (empty != isl_bool_false) {
		isl_set_free(set);
		return empty < 0 ? isl_stat_error : isl_stat_ok;
	}
	for (int k = 0; k < 2; k++) {
		int ok = 1;
		long v = at_svg_min(isl_set_copy(set), k, &ok);
		c->ok &= ok;
		if (ok && (!c->n || v < c->lo[k]))
			c->lo[k] = v;
	}
	c->n++;
	isl_set_free(set);
	return isl_stat_ok;
}

/* Returns the domain of scop with every parameter at `val`, clipped to
 * the window [lo, lo + AT_SVG_WINDOW) of each loop (lo: the smallest
 * value), or NULL when it is empty or unbounded (*empty = 1) or on error
 * (*empty = 0). */
static __isl_give isl_union_set *at_svg_domain(isl_ctx *ctx,
	const at_scop *scop, long val, int *empty)
{
	isl_union_set *dom = at_scop_domain(ctx, scop);
	isl_set *par = dom ? isl_set_universe(isl_union_set_get_space(dom)) :
		NULL;
	struct at_svg_lo c = { { 0, 0 }, 0, 1 };
	isl_union_set *all = NULL;
	isl_size n_par = isl_set_dim(par, isl_dim_param);
	isl_set *box;

	*empty = 0;
	for (int p = 0; par && p < n_par; p++)
		par = isl_set_fix_si(par, isl_dim_param, p, val);
	dom = isl_union_set_intersect_params(dom, par);
	if (!dom || isl_union_set_foreach_set(dom, &at_svg_lo_set, &c) < 0)
		goto error;
	if (!c.n || !c.ok) {
		*empty = 1;
		goto error;
	}
	for (int s = 0; s < scop->n_stmt; s++) {
		char text[192];
		snprintf(text, sizeof(text), "{ S%d[i, j] : %ld <= i < %ld and "
			"%ld <= j < %ld }", s, c.lo[0], c.lo[0] + AT_SVG_WINDOW,
			c.lo[1], c.lo[1] + AT_SVG_WINDOW);
		box = isl_set_read_from_str(ctx, text);
		all = s ? isl_union_set_add_set(all, box) :
			isl_union_set_from_set(box);
	}
	dom = isl_union_set_intersect(dom, all);
	if (!dom)
		goto error;
	return dom;
error:
	isl_union_set_free(dom);
	return NULL;
}

/* Finds the point of statement s at x in ps (-1: none). */
static int at_svg_find(const struct at_svg_pts *ps, int s, const long *x)
{
	for (int i = 0; i < ps->n; i++)
		if (ps->p[i].stmt == s && ps->p[i].x[0] == x[0] &&
		    ps->p[i].x[1] == x[1])
			return i;
	return -1;
}

/* Reads point pnt of a wrapped map S<k>[i, j] -> [tuple] into ps: a new
 * point (schedule map) or the tile of an existing one (tile prefix). */
static isl_stat at_svg_point(__isl_take isl_point *pnt, void *user)
{
	struct at_svg_pts *ps = user;
	isl_space *sp = isl_point_get_space(pnt);
	isl_size n = isl_space_dim(sp, isl_dim_set);
	long v[2 + AT_SVG_TUPLE];
	struct at_svg_pt *p;
	int i;

	isl_space_free(sp);
	if (n < 2 || n > 2 + AT_SVG_TUPLE)
		goto error;
	for (int k = 0; k < n; k++) {
		isl_val *c = isl_point_get_coordinate_val(pnt, isl_dim_set, k);
		v[k] = isl_val_get_num_si(c);
		isl_val_free(c);
	}
	isl_point_free(pnt);
	i = at_svg_find(ps, ps->stmt, v);
	if (ps->tile) {
		if (i < 0)
			return isl_stat_error;
		ps->p[i].n_tile = n - 2;
		memcpy(ps->p[i].tile, v + 2, (n - 2) * sizeof(long));
		return isl_stat_ok;
	}
	if (ps->n == ps->cap) {
		int cap = ps->cap ? 2 * ps->cap : 256;
		struct at_svg_pt *q = realloc(ps->p, cap * sizeof(*q));
		if (!q)
			return isl_stat_error;
		ps->p = q;
		ps->cap = cap;
	}
	p = &ps->p[ps->n++];
	memset(p, 0, sizeof(*p));
	p->stmt = ps->stmt;
	p->x[0] = v[0];
	p->x[1] = v[1];
	p->n_sched = n - 2;
	memcpy(p->sched, v + 2, (n - 2) * sizeof(long));
	return isl_stat_ok;
error:
	isl_point_free(pnt);
	return isl_stat_error;
}

/* Reads every instance of map (S<k>[i, j] -> [tuple]) into ps. */
static isl_stat at_svg_map(__isl_take isl_map *map, void *user)
{
	struct at_svg_pts *ps = user;
	const char *name = isl_map_get_tuple_name(map, isl_dim_in);
	isl_set *w;
	isl_stat r;

	if (!name || name[0] != 'S') {
		isl_map_free(map);
		return isl_stat_error;
	}
	ps->stmt = atoi(name + 1);
	w = isl_map_wrap(map);
	r = isl_set_foreach_point(w, &at_svg_point, ps);
	isl_set_free(w);
	return r;
}

/* Reads the points of `dom` with their schedule tuple under umap (tile 0)
 * or their tile (tile 1) into ps; consumes umap.  Returns 0 or -1. */
static int at_svg_read(__isl_take isl_union_map *umap,
	__isl_keep isl_union_set *dom, int tile, struct at_svg_pts *ps)
{
	isl_stat r;

	umap = isl_union_map_intersect_domain(umap, isl_union_set_copy(dom));
	ps->tile = tile;
	r = umap ? isl_union_map_foreach_map(umap, &at_svg_map, ps) :
		isl_stat_error;
	isl_union_map_free(umap);
	return r < 0 ? -1 : 0;
}

/* Compares two tuples of n1 and n2 entries lexicographically. */
static int at_svg_lex(const long *a, int n1, const long *b, int n2)
{
	for (int k = 0; k < n1 && k < n2; k++)
		if (a[k] != b[k])
			return a[k] < b[k] ? -1 : 1;
	return (n1 > n2) - (n1 < n2);
}

/* qsort order of points: their schedule tuples. */
static int at_svg_by_sched(const void *a, const void *b)
{
	const struct at_svg_pt *p = a, *q = b;

	return at_svg_lex(p->sched, p->n_sched, q->sched, q->n_sched);
}

/* Numbers the points in schedule order (step) and the tiles in the order
 * their first point runs (tile_no; 0 for all when untiled). */
static void at_svg_number(struct at_svg_pts *ps, int tiled)
{
	qsort(ps->p, ps->n, sizeof(*ps->p), &at_svg_by_sched);
	for (int i = 0, n_tile = 0; i < ps->n; i++) {
		struct at_svg_pt *p = &ps->p[i];
		p->step = i + 1;
		p->tile_no = 0;
		for (int j = 0; tiled && j < i && !p->tile_no; j++)
			if (!at_svg_lex(p->tile, p->n_tile, ps->p[j].tile,
			    ps->p[j].n_tile))
				p->tile_no = ps->p[j].tile_no;
		if (tiled && !p->tile_no)
			p->tile_no = ++n_tile;
	}
}

/* Returns the prefix schedule of the point band under `sched` (the tiles),
 * or NULL when it has none (untiled, or on error). */
static __isl_give isl_union_map *at_svg_tile_map(
	__isl_keep isl_schedule *sched)
{
	isl_schedule_node *node = isl_schedule_get_root(sched);
	isl_union_map *m = NULL;

	while (node && !m && isl_schedule_node_has_children(node) ==
	    isl_bool_true) {
		if (isl_schedule_node_get_type(node) == isl_schedule_node_mark) {
			isl_id *id = isl_schedule_node_mark_get_id(node);
			if (id && !strcmp(isl_id_get_name(id), AT_MARK_POINT))
				m = isl_schedule_node_get_prefix_schedule_union_map(
					node);
			isl_id_free(id);
		}
		node = isl_schedule_node_first_child(node);
	}
	isl_schedule_node_free(node);
	return m;
}

/* What the drawing needs besides the points. */
struct at_svg_pic {
	const at_scop *scop;
	const at_deps *deps;
	const char *id;		/* the candidate drawn */
	const char *sizes;	/* "" or "tile sizes drawn 4x4 (chosen ...)" */
	long val;		/* the parameters' value */
	long lo[2], hi[2];	/* the bounding box of the points */
	int tiled, wavefront;
	int n_dist, n_non;	/* constant distances; the others */
	struct at_svg_dist {
		int kind, src, dst;
		long d[2];
	} dist[AT_SVG_DISTS];
};

/* Prints s on f with XML's special characters escaped. */
static void at_svg_esc(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
}

/* Pixel x of loop-0 value v and pixel y of loop-1 value w. */
static int at_svg_px(const struct at_svg_pic *pic, long v)
{
	return AT_SVG_MARGIN + (int)(v - pic->lo[0]) * AT_SVG_CELL;
}

static int at_svg_py(const struct at_svg_pic *pic, long w)
{
	return AT_SVG_TOP + (int)(pic->hi[1] - w) * AT_SVG_CELL;
}

/* Horizontal offset of statement s's points: side by side when there
 * are several. */
static int at_svg_dx(const struct at_svg_pic *pic, int s)
{
	int n = pic->scop->n_stmt;

	return n > 1 ? (2 * s - (n - 1)) * AT_SVG_CELL / (3 * n) : 0;
}

/* Returns the tile number drawn at (v, w): that of the first point
 * there, -1 when there is none. */
static int at_svg_tile_at(const struct at_svg_pts *ps, long v, long w)
{
	for (int i = 0; i < ps->n; i++)
		if (ps->p[i].x[0] == v && ps->p[i].x[1] == w)
			return ps->p[i].tile_no;
	return -1;
}

/* Draws a border between neighbouring points of different tiles. */
static void at_svg_borders(FILE *f, const struct at_svg_pic *pic,
	const struct at_svg_pts *ps)
{
	const int h = AT_SVG_CELL / 2;

	fprintf(f, "<g stroke=\"#333\" stroke-width=\"2\">\n");
	for (long v = pic->lo[0]; v <= pic->hi[0]; v++)
		for (long w = pic->lo[1]; w <= pic->hi[1]; w++) {
			int t = at_svg_tile_at(ps, v, w), x, y;
			int right = at_svg_tile_at(ps, v + 1, w);
			int up = at_svg_tile_at(ps, v, w + 1);
			if (t < 0)
				continue;
			x = at_svg_px(pic, v);
			y = at_svg_py(pic, w);
			if (right >= 0 && right != t)
				fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
					"y2=\"%d\"/>\n", x + h, y - h, x + h,
					y + h);
			if (up >= 0 && up != t)
				fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
					"y2=\"%d\"/>\n", x - h, y - h, x + h,
					y - h);
		}
	fprintf(f, "</g>\n");
}

/* Draws the path of a sequential run through the points. */
static void at_svg_path(FILE *f, const struct at_svg_pic *pic,
	const struct at_svg_pts *ps)
{
	fprintf(f, "<polyline class=\"order\" fill=\"none\" stroke=\"#999\" "
		"stroke-width=\"1\" points=\"");
	for (int i = 0; i < ps->n; i++)
		fprintf(f, "%s%d,%d", i ? " " : "",
			at_svg_px(pic, ps->p[i].x[0]),
			at_svg_py(pic, ps->p[i].x[1]));
	fprintf(f, "\"/>\n");
}

/* Draws the points, coloured by tile, with their facts as attributes. */
static void at_svg_points(FILE *f, const struct at_svg_pic *pic,
	const struct at_svg_pts *ps)
{
	static const char *const fill[6] = { "#8dd3c7", "#ffffb3", "#bebada",
		"#fb8072", "#80b1d3", "#fdb462" };
	const at_scop *scop = pic->scop;
	const char *i0 = scop->loops[scop->stmts[0].loops[0]].iter;
	const char *i1 = scop->loops[scop->stmts[0].loops[1]].iter;

	for (int i = 0; i < ps->n; i++) {
		const struct at_svg_pt *p = &ps->p[i];
		fprintf(f, "<circle class=\"point\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
			"fill=\"%s\" stroke=\"#555\" data-stmt=\"%d\" "
			"data-i=\"%ld\" data-j=\"%ld\" data-tile=\"%d\" "
			"data-step=\"%d\"><title>S%d(%s = %ld, %s = %ld): ",
			at_svg_px(pic, p->x[0]) + at_svg_dx(pic, p->stmt),
			at_svg_py(pic, p->x[1]), scop->n_stmt > 1 ?
			AT_SVG_CELL / (3 * scop->n_stmt) : AT_SVG_CELL / 4,
			p->tile_no ? fill[(p->tile_no - 1) % 6] :
			"#dddddd", p->stmt, p->x[0], p->x[1], p->tile_no, p->step,
			p->stmt, i0, p->x[0], i1, p->x[1]);
		if (p->tile_no)
			fprintf(f, "tile %d, ", p->tile_no);
		fprintf(f, "step %d</title></circle>\n", p->step);
	}
}

/* Writes each tile's number at the centre of its points. */
static void at_svg_labels(FILE *f, const struct at_svg_pic *pic,
	const struct at_svg_pts *ps)
{
	int n_tile = 0;

	for (int i = 0; i < ps->n; i++)
		if (ps->p[i].tile_no > n_tile)
			n_tile = ps->p[i].tile_no;
	for (int t = 1; t <= n_tile; t++) {
		double x = 0, y = 0;
		int n = 0;
		for (int i = 0; i < ps->n; i++)
			if (ps->p[i].tile_no == t) {
				x += at_svg_px(pic, ps->p[i].x[0]);
				y += at_svg_py(pic, ps->p[i].x[1]);
				n++;
			}
		fprintf(f, "<text class=\"tile\" x=\"%.0f\" y=\"%.0f\" "
			"font-size=\"13\" font-weight=\"bold\" "
			"text-anchor=\"middle\" stroke=\"white\" "
			"stroke-width=\"3\" paint-order=\"stroke\" "
			"data-tile=\"%d\">%d</text>\n", x / n, y / n + 5, t, t);
	}
}

/* Colours of RAW, WAR and WAW arrows. */
static const char *const at_svg_color[3] = { "#d62728", "#1f77b4",
	"#2ca02c" };

/* Writes the arrowheads of the dependence arrows. */
static void at_svg_defs(FILE *f)
{
	fprintf(f, "<defs>\n");
	for (int k = 0; k < 3; k++)
		fprintf(f, "<marker id=\"arrow%d\" viewBox=\"0 0 10 10\" "
			"refX=\"9\" refY=\"5\" markerWidth=\"6\" "
			"markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 "
			"L10,5 L0,10 z\" fill=\"%s\"/></marker>\n", k,
			at_svg_color[k]);
	fprintf(f, "</defs>\n");
}

/* Draws each distance from the point of its source statement nearest
 * the window's centre, and lists them (with the count of the others). */
static void at_svg_deps(FILE *f, const struct at_svg_pic *pic)
{
	long c0 = (pic->lo[0] + pic->hi[0]) / 2, c1 = (pic->lo[1] +
		pic->hi[1]) / 2;
	int lx = at_svg_px(pic, pic->hi[0]) + AT_SVG_MARGIN, ly = AT_SVG_TOP;

	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\">dependence "
		"distances</text>\n", lx, ly);
	for (int k = 0; k < pic->n_dist; k++) {
		const struct at_svg_dist *e = &pic->dist[k];
		ly += 18;
		fprintf(f, "<text class=\"dep\" x=\"%d\" y=\"%d\" "
			"font-size=\"12\" fill=\"%s\" data-src=\"%d\" "
			"data-dst=\"%d\" data-d0=\"%ld\" data-d1=\"%ld\">%s",
			lx, ly, at_svg_color[e->kind], e->src, e->dst, e->d[0],
			e->d[1], at_dep_kind_name(e->kind));
		if (pic->scop->n_stmt > 1)
			fprintf(f, " S%d &#8594; S%d", e->src, e->dst);
		fprintf(f, " (%ld, %ld)</text>\n", e->d[0], e->d[1]);
		if (e->d[0] || e->d[1])
			fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
				"stroke=\"%s\" stroke-width=\"2\" "
				"marker-end=\"url(#arrow%d)\"/>\n",
				at_svg_px(pic, c0) + at_svg_dx(pic, e->src),
				at_svg_py(pic, c1),
				at_svg_px(pic, c0 + e->d[0]) +
				at_svg_dx(pic, e->dst),
				at_svg_py(pic, c1 + e->d[1]),
				at_svg_color[e->kind], e->kind);
	}
	if (pic->n_non)
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\">%d "
			"not constant, not drawn</text>\n", lx, ly + 18,
			pic->n_non);
	else if (!pic->n_dist)
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\">none"
			"</text>\n", lx, ly + 18);
}

/* Names the two loops along their axes. */
static void at_svg_axes(FILE *f, const struct at_svg_pic *pic)
{
	const at_scop *scop = pic->scop;
	int x0 = at_svg_px(pic, pic->lo[0]), y0 = at_svg_py(pic, pic->lo[1]);

	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
		"font-style=\"italic\">%s &#8594;</text>\n", x0,
		y0 + AT_SVG_CELL, scop->loops[scop->stmts[0].loops[0]].iter);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
		"font-style=\"italic\" text-anchor=\"end\">%s &#8593;"
		"</text>\n", x0 - AT_SVG_CELL / 2, y0,
		scop->loops[scop->stmts[0].loops[1]].iter);
}

/* Writes the caption: what is drawn, at which sizes, how to read it. */
static void at_svg_caption(FILE *f, const struct at_svg_pic *pic)
{
	const at_scop *scop = pic->scop;
	const char *i0 = scop->loops[scop->stmts[0].loops[0]].iter;
	const char *i1 = scop->loops[scop->stmts[0].loops[1]].iter;

	fprintf(f, "<text x=\"%d\" y=\"20\" font-size=\"14\" "
		"font-weight=\"bold\">", AT_SVG_MARGIN / 2);
	at_svg_esc(f, scop->loc.file ? scop->loc.file : "");
	fprintf(f, ":%u: ", scop->loc.line);
	at_svg_esc(f, pic->id);
	fprintf(f, "</text>\n<text x=\"%d\" y=\"38\" font-size=\"12\">",
		AT_SVG_MARGIN / 2);
	if (scop->n_param)
		fprintf(f, "parameters at %ld; ", pic->val);
	fprintf(f, "%s = %ld..%ld across, %s = %ld..%ld up (at most %d "
		"each)%s", i0, pic->lo[0], pic->hi[0], i1, pic->lo[1],
		pic->hi[1], AT_SVG_WINDOW, pic->sizes[0] ? "; " : "");
	at_svg_esc(f, pic->sizes);
	fprintf(f, "</text>\n<text x=\"%d\" y=\"56\" font-size=\"12\">%s"
		"grey line: the order of a sequential run; arrows: dependence "
		"distances</text>\n", AT_SVG_MARGIN / 2, pic->tiled ?
		"numbers: the order its tiles start; " : "");
	if (pic->wavefront)
		fprintf(f, "<text x=\"%d\" y=\"72\" font-size=\"12\">TP: the "
			"tiles of one wavefront may run at the same time"
			"</text>\n", AT_SVG_MARGIN / 2);
}

/* Writes the picture to path.  Returns 0, or -1 after a diagnostic. */
static int at_svg_write(const char *path, const struct at_svg_pic *pic,
	const struct at_svg_pts *ps)
{
	FILE *f = fopen(path, "w");
	int w, h;

	if (!f) {
		at_diag(NULL, AT_ERROR, "cannot write '%s': %s", path,
			strerror(errno));
		return -1;
	}
	w = at_svg_px(pic, pic->hi[0]) + AT_SVG_MARGIN + 220;
	h = at_svg_py(pic, pic->lo[1]) + AT_SVG_MARGIN;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
		"xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		w, h, w, h);
	at_svg_defs(f);
	at_svg_caption(f, pic);
	at_svg_path(f, pic, ps);
	if (pic->tiled)
		at_svg_borders(f, pic, ps);
	at_svg_points(f, pic, ps);
	at_svg_axes(f, pic);
	if (pic->tiled)
		at_svg_labels(f, pic, ps);
	at_svg_deps(f, pic);
	fprintf(f, "</svg>\n");
	if (fclose(f) != 0) {
		at_diag(NULL, AT_ERROR, "cannot write '%s': %s", path,
			strerror(errno));
		return -1;
	}
	return 0;
}

/* Returns the candidate drawn for ch: at tile sizes of at most
 * AT_SVG_SIZE (written into sizes, with the chosen ones) when that is
 * legal, else at ch's own.  NULL on error. */
static at_cand *at_svg_cand(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, char *sizes, size_t size)
{
	at_choice pic = *ch;
	at_cand *c;
	int n, dep, len, scaled = 0;

	sizes[0] = 0;
	if (ch->shape < 0)
		return at_space_make(ctx, space, ch, &dep);
	n = space->shapes[ch->shape].n;
	for (int k = 0; k < n; k++)
		if (pic.sizes[k] > AT_SVG_SIZE) {
			pic.sizes[k] = AT_SVG_SIZE;
			scaled = 1;
		}
	c = scaled ? at_space_make(ctx, space, &pic, &dep) : NULL;
	if (!c)
		return at_space_make(ctx, space, ch, &dep);
	len = snprintf(sizes, size, "tile sizes drawn ");
	for (int k = 0; k < n && len < (int)size; k++)
		len += snprintf(sizes + len, size - len, "%s%ld", k ? "x" : "",
			pic.sizes[k]);
	for (int k = 0; k < n && len < (int)size; k++)
		len += snprintf(sizes + len, size - len, "%s%ld",
			k ? "x" : " (chosen: ", ch->sizes[k]);
	if (len < (int)size)
		snprintf(sizes + len, size - len, ")");
	return c;
}

/* Sets pic's extent to the bounding box of the points of ps (n >= 1). */
static void at_svg_extent(struct at_svg_pic *pic, const struct at_svg_pts *ps)
{
	for (int k = 0; k < 2; k++)
		pic->lo[k] = pic->hi[k] = ps->p[0].x[k];
	for (int i = 1; i < ps->n; i++)
		for (int k = 0; k < 2; k++) {
			if (ps->p[i].x[k] < pic->lo[k])
				pic->lo[k] = ps->p[i].x[k];
			if (ps->p[i].x[k] > pic->hi[k])
				pic->hi[k] = ps->p[i].x[k];
		}
}

/* Fills ps with the points of scop's picture under c and pic's window;
 * returns 0, 1 when there is nothing to draw (after a warning) or -1. */
static int at_svg_collect(isl_ctx *ctx, const at_scop *scop,
	const at_cand *c, struct at_svg_pic *pic, struct at_svg_pts *ps)
{
	static const long vals[] = { 16, 64, 1024 };
	isl_union_set *dom = NULL;
	isl_union_map *tiles;
	int empty = 1;

	for (size_t k = 0; !dom && empty && k < sizeof(vals) /
	    sizeof(vals[0]); k++) {
		pic->val = vals[k];
		dom = at_svg_domain(ctx, scop, vals[k], &empty);
	}
	if (!dom && empty) {
		at_diag(&scop->loc, AT_WARNING, "--svg: no picture: the nest "
			"has no iterations with its parameters at 16, 64 or "
			"1024");
		return 1;
	}
	if (!dom || at_svg_read(isl_schedule_get_map(c->schedule), dom, 0,
	    ps) < 0)
		goto error;
	tiles = at_svg_tile_map(c->schedule);
	pic->tiled = tiles != NULL;
	if (tiles && at_svg_read(tiles, dom, 1, ps) < 0)
		goto error;
	isl_union_set_free(dom);
	if (!ps->n) {
		at_diag(&scop->loc, AT_WARNING, "--svg: no picture: no "
			"iterations in the window");
		return 1;
	}
	at_svg_number(ps, pic->tiled);
	at_svg_extent(pic, ps);
	return 0;
error:
	isl_union_set_free(dom);
	return -1;
}

/* Returns 1 and the distance in out when dependence e joins points a
 * constant vector apart (loop values of its two statements, parameters
 * at val), 0 when it does not or is empty there, -1 on error. */
static int at_svg_dist_of(const at_dep *e, long val, long out[2])
{
	isl_map *m = isl_map_copy(e->rel);
	isl_size n_par = isl_map_dim(m, isl_dim_param);
	isl_bool one, empty;
	isl_point *pt;
	isl_set *d;
	int r = 0;

	for (int k = 0; k < n_par; k++)
		m = isl_map_fix_si(m, isl_dim_param, k, val);
	m = isl_map_reset_tuple_id(m, isl_dim_in);
	m = isl_map_reset_tuple_id(m, isl_dim_out);
	d = isl_map_deltas(m);
	one = isl_set_is_singleton(d);
	empty = isl_set_is_empty(d);
	if (one < 0 || empty < 0 || n_par < 0)
		r = -1;
	else if (one && !empty && isl_set_dim(d, isl_dim_set) == 2) {
		pt = isl_set_sample_point(isl_set_copy(d));
		for (int k = 0; k < 2; k++) {
			isl_val *v = isl_point_get_coordinate_val(pt,
				isl_dim_set, k);
			out[k] = isl_val_get_num_si(v);
			isl_val_free(v);
		}
		isl_point_free(pt);
		r = 1;
	}
	isl_set_free(d);
	return r;
}

/* Fills pic's distances from deps: the constant ones, once per kind,
 * statements and vector; counts the others.  Returns 0 or -1. */
static int at_svg_distances(const at_deps *deps, struct at_svg_pic *pic)
{
	for (int i = 0; i < deps->n_dep; i++) {
		struct at_svg_dist e = { deps->deps[i].kind, deps->deps[i].src,
			deps->deps[i].dst, { 0, 0 } };
		int r = at_svg_dist_of(&deps->deps[i], pic->val, e.d), seen = 0;
		if (r < 0)
			return -1;
		pic->n_non += r == 0;
		for (int k = 0; r && k < pic->n_dist && !seen; k++)
			seen = !memcmp(&pic->dist[k], &e, sizeof(e));
		if (r && !seen && pic->n_dist < AT_SVG_DISTS)
			pic->dist[pic->n_dist++] = e;
	}
	return 0;
}

/* Draws scop under candidate id into path (see at_svg.h). */
int at_svg_nest(isl_ctx *ctx, const at_scop *scop, const char *id,
	const char *path)
{
	struct at_svg_pic pic = { .scop = scop, .id = id };
	struct at_svg_pts ps = { 0, 0, NULL, 0, 0 };
	at_deps *deps = NULL;
	at_space *space = NULL;
	at_cand *c = NULL;
	at_choice ch;
	char err[256], sizes[128];
	int rc = -1;

	if (!at_svg_drawable(scop)) {
		at_diag(&scop->loc, AT_WARNING, "--svg: no picture: pictures "
			"show nests whose statements are all in two loops, the "
			"outer one shared (this nest has %d loop%s)",
			scop->n_loop, scop->n_loop == 1 ? "" : "s");
		return 1;
	}
	deps = at_deps_compute(ctx, scop);
	space = deps ? at_space_build(ctx, scop, deps, AT_SPACE_SHAPES) :
		NULL;
	if (!space)
		goto done;
	if (at_space_parse_id(space, id, &ch, err, sizeof(err)) < 0) {
		at_diag(&scop->loc, AT_ERROR, "--svg: %s", err);
		goto done;
	}
	c = at_svg_cand(ctx, space, &ch, sizes, sizeof(sizes));
	if (!c)
		goto done;
	pic.deps = deps;
	pic.sizes = sizes;
	pic.wavefront = ch.shape >= 0 && ch.tile_scan == AT_SCAN_P;
	rc = at_svg_collect(ctx, scop, c, &pic, &ps);
	if (rc == 0 && at_svg_distances(deps, &pic) < 0)
		rc = -1;
	if (rc == 0)
		rc = at_svg_write(path, &pic, &ps);
done:
	if (rc < 0 && isl_ctx_last_error(ctx) != isl_error_none)
		at_diag(&scop->loc, AT_ERROR, "--svg: isl failed on this nest");
	free(ps.p);
	at_cand_free(c);
	at_space_free(space);
	at_deps_free(deps);
	return rc;
}
