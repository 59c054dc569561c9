/*
 * plan.c — what each marked nest becomes (see at_plan.h): the strategy's
 * ranked candidates, each generated to text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_plan.h"
#include "at_diag.h"
#include "at_deps.h"
#include "at_codegen.h"
#include "at_explain.h"
#include "at_report.h"
#include "at_select.h"
#include "at_timing.h"
#include "at_watchdog.h"

/* Candidates of the cost model's ranking that may replace, per nest, one
 * whose code generation went over the limit (po->cg_limit). */
#define AT_PLAN_SPARES 2

/* Items of the cost model's ranking that --explain lists. */
#define AT_PLAN_EXPLAIN_TOP 10

/* Items at most that --explain checks for legality beyond the choice. */
#define AT_PLAN_EXPLAIN_CHECKS 64


/* The ranked candidates of one nest before code generation; a NULL entry
 * stands for `keep`. */
typedef struct at_plan_rank {
	int n;
	at_cand *cand[AT_PLAN_MAX];
	const char *why;	/* why option 0 is not tiled (NULL: it is) */
	int failed;		/* a forced choice was illegal or unknown */
	at_select *sel;		/* the model's ranking (NULL: none) */
	int next;		/* its first item not yet taken */
} at_plan_rank;

/* at_space_make (at_space_try unless `name`), timed as the legality
 * stage. */
static at_cand *at_plan_make_as(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int *dep, int name)
{
	double t = at_timing_start();
	at_cand *c = name ? at_space_make(ctx, space, ch, dep) :
		at_space_try(ctx, space, ch, dep);

	at_timing_stop(AT_T_LEGAL, t);
	return c;
}

/* at_plan_make_as naming the violated dependence of an illegal ch. */
static at_cand *at_plan_make(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, int *dep)
{
	return at_plan_make_as(ctx, space, ch, dep, 1);
}

/* Writes into buf why a choice is illegal: the dependence (index dep) it
 * would run backwards, or at_deps_reason when dep < 0; returns buf. */
static const char *at_plan_why_illegal(const at_scop *scop,
	const at_deps *deps, int dep, char *buf, size_t size)
{
	char d[1024];

	if (dep < 0)
		return at_deps_reason(scop, deps, dep, buf, size);
	snprintf(buf, size, "would run the dependence %s backwards",
		at_dep_describe(scop, &deps->deps[dep], d, sizeof(d)));
	return buf;
}

/* Reports that the forced choice `what` of the nest is illegal, naming
 * the dependence it violates (index dep, or -1 when none was found). */
static void at_plan_illegal(const at_scop *scop, const at_deps *deps,
	const char *what, int dep)
{
	char buf[1200];

	at_diag(&scop->loc, AT_ERROR, "%s is illegal: it %s; loop nest left "
		"unchanged", what, at_plan_why_illegal(scop, deps, dep, buf,
		sizeof(buf)));
}

/* Returns 1 if the pragma's clauses force a shape or a scan. */
static int at_plan_clauses_force(const at_opts *opts)
{
	return opts->shape[0] || opts->tile_scan >= 0 || opts->point_scan >= 0;
}

/* Returns 1 when choice ch has the shape and scans the pragma's clauses
 * force; keep and orig have none.  Any choice does when none is forced. */
static int at_plan_clauses_match(const at_space *space, const at_opts *opts,
	const at_choice *ch)
{
	if (!at_plan_clauses_force(opts))
		return 1;
	if (ch->shape < 0)
		return 0;
	return (!opts->shape[0] ||
		!strcmp(space->shapes[ch->shape].name, opts->shape)) &&
		(opts->tile_scan < 0 || (int)ch->tile_scan == opts->tile_scan) &&
		(opts->point_scan < 0 ||
		(int)ch->point_scan == opts->point_scan);
}

/* Writes the names of space's tiling shapes, comma-separated, into
 * buf of `size` bytes ("none" when it has none). */
static void at_plan_shape_names(const at_space *space, char *buf,
	size_t size)
{
	size_t len = 0;

	snprintf(buf, size, "none");
	for (int s = 0; s < space->n_shape && len < size; s++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
			s ? ", " : "", space->shapes[s].name);
}

/* Returns the candidate of --strategy fixed:N / tile(...) / shape() /
 * scan() under opts, NULL when there is none (r->why says why) or after an
 * error diagnostic for an illegal forced shape or scan (r->failed). */
static at_cand *at_plan_fixed(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, const at_opts *opts, at_plan_rank *r)
{
	int dep, force = at_plan_clauses_force(opts);
	char id[96], what[160];
	at_choice ch;
	at_cand *c;

	r->why = "--strategy none";
	if (!opts->default_size && !opts->n_size && !force)
		return NULL;
	if (at_space_default(space, opts, &ch, &r->why) < 0) {
		if (force) {
			at_plan_shape_names(space, what, sizeof(what));
			at_diag(&scop->loc, AT_ERROR, "the shape or scan "
				"requested by the pragma: %s (its shapes: %s); "
				"loop nest left unchanged", r->why, what);
			r->failed = 1;
		} else {
			at_diag(&scop->loc, AT_NOTE, "the nest is not tiled: "
				"%s; the original loop order is used", r->why);
		}
		return NULL;
	}
	c = at_plan_make(ctx, space, &ch, &dep);
	if (!c && force && dep > -2) {
		snprintf(what, sizeof(what), "the choice `%s` requested by "
			"the pragma", at_space_id(space, &ch, id, sizeof(id)));
		at_plan_illegal(scop, space->deps, what, dep);
		r->failed = 1;
	} else if (!c && dep > -2) {
		char buf[1200];
		at_diag(&scop->loc, AT_NOTE, "the tiling `%s` is illegal: it "
			"%s; the original loop order is used instead",
			at_space_id(space, &ch, id, sizeof(id)),
			at_plan_why_illegal(scop, space->deps, dep, buf,
			sizeof(buf)));
		r->why = "the tiling asked for is illegal (see the note above)";
	} else if (!c) {
		r->why = "internal: the tiled schedule failed the legality "
			"test";
	}
	return c;
}

/* Returns the original loop order as a candidate (NULL on error). */
static at_cand *at_plan_orig(isl_ctx *ctx, const at_space *space)
{
	at_choice ch;
	int dep;

	memset(&ch, 0, sizeof(ch));
	ch.shape = -1;
	return at_plan_make(ctx, space, &ch, &dep);
}

/* Appends cand (NULL: keep) to r unless r is full; returns 0, or -1 when
 * a non-NULL cand could not be stored (it is then freed). */
static int at_plan_push(at_plan_rank *r, at_cand *cand)
{
	if (r->n >= AT_PLAN_MAX) {
		at_cand_free(cand);
		return -1;
	}
	r->cand[r->n++] = cand;
	return 0;
}

/* Puts the candidate `candidate(ID)` / --candidate forces into r (keep:
 * the nest as written).  Returns 0, or -1 after an error diagnostic when
 * the id is unknown or illegal (r->failed set) or on an isl error. */
static int at_plan_forced(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, const at_opts *opts, at_plan_rank *r)
{
	char err[256], what[160];
	at_choice ch;
	at_cand *c;
	int dep;

	r->failed = 1;
	if (at_space_parse_id(space, opts->candidate, &ch, err,
	    sizeof(err)) < 0) {
		at_diag(&scop->loc, AT_ERROR, "%s (see --report for this "
			"nest's candidates); loop nest left unchanged", err);
		return -1;
	}
	if (ch.shape == AT_CHOICE_KEEP) {
		r->failed = 0;
		r->why = "candidate `keep`: the nest is left exactly as written";
		return at_plan_push(r, NULL);
	}
	c = at_plan_make(ctx, space, &ch, &dep);
	if (!c && dep > -2) {
		snprintf(what, sizeof(what), "candidate `%s`",
			opts->candidate);
		at_plan_illegal(scop, space->deps, what, dep);
	}
	r->failed = !c;
	return c ? at_plan_push(r, c) : -1;
}

/* Takes the next item of the model's ranking r->sel that the pragma's
 * clauses allow: *out is the candidate, checked legal at its own sizes,
 * or NULL for keep.  Returns 1, 0 when the ranking is exhausted, or -1
 * on an isl error. */
static int at_plan_model_next(isl_ctx *ctx, const at_space *space,
	const at_opts *opts, at_plan_rank *r, at_cand **out)
{
	while (r->sel && r->next < r->sel->n) {
		at_select_item *it = &r->sel->items[r->next++];
		int dep;
		if (it->legal < 0 || !at_plan_clauses_match(space, opts,
		    &it->ch))
			continue;
		*out = it->ch.shape == AT_CHOICE_KEEP ? NULL :
			at_plan_make_as(ctx, space, &it->ch, &dep, 0);
		if (*out || it->ch.shape == AT_CHOICE_KEEP) {
			it->legal = 1;
			return 1;
		}
		if (dep == -2)
			return -1;
		it->legal = -1;
	}
	return 0;
}

/* Checks the legality of the items of ranking sel, best first, that
 * at_plan_model_next has not checked, until k items are legal or keep or
 * AT_PLAN_EXPLAIN_CHECKS were checked here, for --explain to list legal
 * ones only; an isl error leaves an item unchecked.  Returns nothing. */
static void at_plan_model_check(isl_ctx *ctx, const at_space *space,
	at_select *sel, int k)
{
	int found = 0, checks = 0;

	for (int i = 0; i < sel->n && found < k; i++) {
		at_select_item *it = &sel->items[i];
		at_cand *c;
		int dep;
		if (!it->legal && it->ch.shape != AT_CHOICE_KEEP &&
		    checks++ < AT_PLAN_EXPLAIN_CHECKS) {
			c = at_plan_make_as(ctx, space, &it->ch, &dep, 0);
			it->legal = c ? 1 : dep == -2 ? 0 : -1;
			at_cand_free(c);
		}
		found += it->legal >= 0;
	}
}

/* Ranks the candidates with the cost model: the best legal ones (each
 * checked exactly at its own sizes) and keep where the keep margin puts
 * it, until n_option are found (keep always among them when n_option >
 * 1).  When the pragma's clauses force a shape or scan, only candidates
 * with them count (the model chooses their sizes and loop orders), and
 * keep only joins as the last option.  The ranking stays in r (r->sel)
 * for at_plan_spare.  Prints the model's --explain report.  Returns 0 or
 * -1. */
static int at_plan_model(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, const at_plan_opts *po, const at_opts *opts,
	at_plan_rank *r)
{
	long *vals = calloc(scop->n_param + 1, sizeof(long));
	int rc = -1, have_keep = 0, want = po->n_option, k = 1;
	double t;

	r->sel = calloc(1, sizeof(*r->sel));
	if (!r->sel || !vals)
		goto done;
	at_features_param_values(scop, vals);
	t = at_timing_start();
	if (at_select_rank(ctx, scop, space->deps, space, po->model, vals,
	    r->sel) < 0)
		goto done;
	at_timing_stop(AT_T_RANK, t);
	while (r->n < want && !(want > 1 && !have_keep && r->n == want - 1)) {
		at_cand *c;
		k = at_plan_model_next(ctx, space, opts, r, &c);
		if (k <= 0)
			break;
		have_keep |= !c;
		at_plan_push(r, c);
	}
	if (k < 0)
		goto done;
	if (want > 1 && !have_keep)
		at_plan_push(r, NULL);
	if (opts->explain) {
		at_plan_model_check(ctx, space, r->sel, AT_PLAN_EXPLAIN_TOP);
		at_select_explain(stderr, ctx, space, po->model, r->sel,
			AT_PLAN_EXPLAIN_TOP);
	}
	r->why = r->n && !r->cand[0] ? "the cost model predicts no candidate "
		"faster than the nest as written" : NULL;
	rc = 0;
done:
	free(vals);
	return rc;
}

/* Frees the candidates and the ranking of r. */
static void at_plan_rank_clear(at_plan_rank *r)
{
	for (int i = 0; i < r->n; i++)
		at_cand_free(r->cand[i]);
	r->n = 0;
	if (r->sel)
		at_select_clear(r->sel);
	free(r->sel);
	r->sel = NULL;
	r->next = 0;
}

/* Ranks the candidates of one nest under opts: a forced id or keep alone;
 * otherwise the strategy's choice (or the original order when it has
 * none) and, when n_option > 1, the original order and keep after it.
 * Returns 0, or -1 on error (r->failed set for a forced illegal choice). */
static int at_plan_ranked(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, const at_plan_opts *po, const at_opts *opts,
	at_plan_rank *r)
{
	int n_option = po->n_option;
	at_cand *c;

	if (opts->candidate[0])
		return at_plan_forced(ctx, scop, space, opts, r);
	if (po->model && !opts->n_size) {
		if (at_plan_model(ctx, scop, space, po, opts, r) < 0)
			return -1;
		if (!at_plan_clauses_force(opts) || (r->n > 0 && r->cand[0]))
			return 0;
		at_plan_rank_clear(r);	/* none legal: at_plan_fixed says why */
	}
	c = at_plan_fixed(ctx, scop, space, opts, r);
	if (r->failed)
		return -1;
	if (c) {
		r->why = NULL;
		at_plan_push(r, c);
	}
	if (!c || n_option > 1) {
		c = at_plan_orig(ctx, space);
		if (!c)
			return -1;
		at_plan_push(r, c);
	}
	if (n_option > 1)
		at_plan_push(r, NULL);
	return 0;
}

/* Generates the text of candidate c into *gen, under a watchdog of
 * `limit` seconds (0: none).  Returns 0, -1 on error (diagnosed), or -2
 * when the watchdog stopped it (not diagnosed; nothing generated: what
 * isl computed after the abort cannot be trusted). */
static int at_plan_codegen(isl_ctx *ctx, const at_scop *scop,
	const at_deps *deps, const at_cand *c, const at_cg_opts *cg,
	double limit, at_gen *gen)
{
	at_watchdog *w = at_watchdog_start(ctx, limit);
	double t = at_timing_start();
	int rc = at_codegen(ctx, scop, deps, c, cg, gen);

	if (at_watchdog_stop(w)) {
		at_gen_clear(gen);
		rc = -2;
	}
	at_timing_stop(AT_T_CODEGEN, t);
	return rc;
}

/* Replaces option i of r, whose code generation went over the limit,
 * with the model's next legal choice (keep included), at most *spares
 * times per nest; drops it when there is none (the options after it move
 * up).  Warns either way.  Returns 1 when replaced, 0 when dropped, -1
 * on an isl error. */
static int at_plan_spare(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, const at_opts *opts, double limit,
	at_plan_rank *r, int i, int *spares)
{
	at_cand *c = NULL;
	int k = *spares > 0 ? at_plan_model_next(ctx, space, opts, r, &c) : 0;

	for (int j = 0; k > 0 && !c && j < r->n; j++)
		if (!r->cand[j])
			k = 0;		/* keep is an option already */

	at_diag(&scop->loc, AT_WARNING, "code generation of candidate `%s` "
		"was stopped after %g s (--codegen-limit)%s", r->cand[i]->id,
		limit, k > 0 ? "; trying the cost model's next choice" :
		"; candidate not used");
	if (k < 0)
		return -1;
	at_cand_free(r->cand[i]);
	if (k > 0) {
		--*spares;
		r->cand[i] = c;
		if (!c && i == 0)
			r->why = "code generation of the better-ranked "
				"candidates went over --codegen-limit";
		return 1;
	}
	memmove(&r->cand[i], &r->cand[i + 1], (r->n - i - 1) *
		sizeof(r->cand[0]));
	r->n--;
	return 0;
}

/* Generates the text of every ranked candidate into plan (keep: NULL);
 * one that goes over po->cg_limit is replaced or dropped (at_plan_spare);
 * a forced one over po->cg_limit_forced is an error.  Prints the
 * --explain report of option 0.
 * Returns 0, or -1 (r->failed set for a forced candidate). */
static int at_plan_generate(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, at_plan_rank *r, const at_opts *opts,
	const at_plan_opts *po, at_plan *plan)
{
	at_cg_opts cg = { po->iter_prefix, opts->parallel };
	int spares = AT_PLAN_SPARES;
	double limit = opts->candidate[0] ? po->cg_limit_forced : po->cg_limit;

	for (int i = 0; i < r->n; i++) {
		at_gen gen = { 0 };
		at_cand *c = r->cand[i];
		int rc = c ? at_plan_codegen(ctx, scop, space->deps, c, &cg,
			limit, &gen) : 0;

		if (rc == -2 && opts->candidate[0]) {
			at_diag(&scop->loc, AT_ERROR, "candidate `%s`: code "
				"generation was stopped after %g s "
				"(--codegen-limit); loop nest left unchanged",
				c->id, limit);
			r->failed = 1;
			return -1;
		}
		if (rc == -2) {
			if (at_plan_spare(ctx, scop, space, opts, limit, r, i,
			    &spares) < 0)
				return -1;
			i--;	/* option i again: the spare or the next one */
			continue;
		}
		if (rc < 0)
			return -1;
		snprintf(plan->id[i], sizeof(plan->id[i]), "%s",
			c ? c->id : AT_KEEP_ID);
		plan->text[i] = gen.text;
		plan->n = i + 1;
		if (i == 0 && opts->explain && c)
			at_explain_choice(stderr, scop, c, r->why, &gen);
		else if (i == 0 && opts->explain)
			fprintf(stderr, "  chosen: keep (%s)\n", r->why);
	}
	return 0;
}

/* Returns AT_SPACE_NO_ISL when planning a nest under po and opts needs
 * none of the shapes of isl's scheduler: a forced candidate of another
 * shape (or orig), or nothing to tile (--strategy none, no clause asking
 * for a tiling) and nothing to report; else 0. */
static int at_plan_no_isl(const at_plan_opts *po, const at_opts *opts)
{
	if (opts->explain || po->report)
		return 0;
	if (opts->candidate[0])
		return at_space_id_is_isl(opts->candidate) ? 0 :
			AT_SPACE_NO_ISL;
	return po->model || opts->default_size || opts->n_size ||
		at_plan_clauses_force(opts) ? 0 : AT_SPACE_NO_ISL;
}

/* Computes the dependences of scop into *deps (through po's memo when it
 * has one) under a watchdog of po->deps_limit CPU seconds (0: none).
 * Returns 0, 1 after a warning when the watchdog stopped the analysis
 * (*deps NULL, nothing memoized), or -1 on error (*deps NULL). */
static int at_plan_deps(isl_ctx *ctx, const at_scop *scop,
	const at_plan_opts *po, at_deps **deps)
{
	at_watchdog *w = at_watchdog_start(ctx, po->deps_limit);

	*deps = po->deps_memo ? at_deps_memo_compute(ctx, scop,
		po->deps_memo) : at_deps_compute(ctx, scop);
	if (!at_watchdog_stop(w))
		return *deps ? 0 : -1;
	at_deps_free(*deps);
	*deps = NULL;
	if (po->deps_memo)
		at_deps_memo_clear(po->deps_memo);
	at_diag(&scop->loc, AT_WARNING, "isl's exact dependence analysis of "
		"this nest was stopped after %g s of CPU time (its subscripts "
		"make the dataflow too costly; --deps-limit); loop nest left "
		"unchanged", po->deps_limit);
	return 1;
}

/* Plans one nest (see at_plan.h). */
int at_plan_nest(isl_ctx *ctx, const at_scop *scop, const at_plan_opts *po,
	at_plan *plan)
{
	at_opts opts = po->opts;
	at_plan_rank r = { 0 };
	at_deps *deps = NULL;
	at_space *space = NULL;
	int rc = 0, st;
	double t = at_timing_start();

	memset(plan, 0, sizeof(*plan));
	plan->scop = scop;
	at_scop_memo_on(ctx, scop);
	if (at_scop_runs_nothing(ctx, scop) == 1) {
		at_diag(&scop->loc, AT_WARNING, "no statement of this nest runs "
			"for any value of its parameters (its loop bounds are "
			"empty); loop nest left unchanged");
		goto done;
	}
	at_space_parse_clauses(scop, &opts);
	st = at_plan_deps(ctx, scop, po, &deps);
	if (st > 0)
		goto done;	/* stopped: warned */
	if (st < 0)
		goto error;

	at_timing_stop(AT_T_DEPS, t);
	t = at_timing_start();
	space = at_space_build(ctx, scop, deps, (opts.explain || po->report ?
		AT_SPACE_REASONS : po->model ? AT_SPACE_LIST : AT_SPACE_SHAPES) |
		at_plan_no_isl(po, &opts));
	if (!space)
		goto error;
	at_timing_stop(AT_T_SPACE, t);
	if (at_plan_ranked(ctx, scop, space, po, &opts, &r) < 0 &&
	    !r.failed)
		goto error;
	if (po->report && at_report_nest(ctx, po->report, scop, space,
	    r.n ? r.cand[0] : NULL) < 0)
		goto error;
	if (r.failed)
		goto failed;
	if (opts.explain) {
		at_explain_nest(stderr, scop, deps);
		at_explain_space(stderr, scop, space);
	}
	if (at_plan_generate(ctx, scop, space, &r, &opts, po, plan) < 0) {
		if (r.failed)
			goto failed;
		goto error;
	}
	goto done;
error:
	at_diag(&scop->loc, AT_WARNING, "could not transform this nest; "
		"loop nest left unchanged");
	at_plan_clear(plan);
	goto done;
failed:
	rc = -1;
done:
	at_plan_rank_clear(&r);
	at_space_free(space);
	at_deps_free(deps);
	at_scop_memo_off(scop);
	return rc;
}

/* Returns the text the output uses (see at_plan.h). */
char *at_plan_text(const at_plan *plan)
{
	return plan->n ? plan->text[plan->pick] : NULL;
}

/* Frees the texts of *plan and zeroes it. */
void at_plan_clear(at_plan *plan)
{
	for (int i = 0; i < plan->n; i++)
		free(plan->text[i]);
	memset(plan, 0, sizeof(*plan));
}
