/*
 * main.c — the autotile command line: parse options, run the pipeline
 * frontend -> scop -> deps -> space -> codegen -> rewrite on one file.
 *
 * Exit status: 0 success (warnings allowed), 1 input error, 2 usage error.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/schedule_node.h>

#include "at_diag.h"
#include "at_frontend.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_codegen.h"
#include "at_rewrite.h"
#include "at_explain.h"
#include "at_report.h"

#define AT_VERSION "0.1.0"

/* Parsed command line. */
struct at_cli {
	const char *input;
	const char *output;
	int n_arg;
	const char **args;	/* passed to clang */
	const char *report;	/* --report FILE */
	at_opts opts;
};

/* Prints the usage text on f. */
static void at_cli_usage(FILE *f)
{
	fprintf(f,
"usage: autotile [options] file.c [-- clang-args...]\n"
"\n"
"Optimizes the loop nests marked `#pragma autotile` (or `#pragma scop` ...\n"
"`#pragma endscop`) and prints the rewritten C file.\n"
"\n"
"options:\n"
"  -o FILE             write the output to FILE (default: standard output)\n"
"  -I DIR, -D NAME[=V], -U NAME, -std=STD\n"
"                      passed to clang when parsing the input\n"
"  --strategy S        none: keep the loop order (add OpenMP pragmas only)\n"
"                      fixed:N: N x ... x N tiles on the permutable bands\n"
"                      (default: fixed:32)\n"
"  --candidate ID      use candidate ID (as listed by --report) for every\n"
"                      marked nest; an illegal one is an error\n"
"  --report FILE       write every nest's candidates (legal and rejected,\n"
"                      with reasons) as JSON to FILE\n"
"  --no-parallel       do not emit OpenMP pragmas\n"
"  --explain           report dependences, schedule and parallel loops\n"
"  --version           print the version and exit\n"
"  --help              print this help and exit\n"
"\n"
"pragma clauses: tile(N,...), shape(rect|skew|diamond|cone1|isl|...),\n"
"  scan(T<I|S|P>,L<I|S|P>), candidate(ID), explain, parallel(outer|none)\n"
"exit status: 0 success, 1 input error, 2 usage error\n");
}

/* Reports a usage error; returns 2. */
static int at_cli_usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "autotile: error: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see autotile --help)\n");
	return 2;
}

/* Parses "none" or "fixed:N" into opts; returns 0 or -1. */
static int at_cli_strategy(const char *s, at_opts *opts)
{
	char *end;
	long n;

	if (strcmp(s, "none") == 0) {
		opts->default_size = 0;
		return 0;
	}
	if (strncmp(s, "fixed:", 6) != 0 || !isdigit((unsigned char)s[6]))
		return -1;
	errno = 0;
	n = strtol(s + 6, &end, 10);
	if (*end || errno || n < 1 || n > 4096)
		return -1;
	opts->default_size = n;
	return 0;
}

/* Takes the value of option argv[*i] (attached after `len` characters or
 * in the next argument); returns NULL when missing. */
static const char *at_cli_value(int argc, char **argv, int *i, size_t len)
{
	if (argv[*i][len])
		return argv[*i] + len;
	if (*i + 1 < argc)
		return argv[++*i];
	return NULL;
}

/* Handles one option argv[*i]; returns 0, or an exit status (2, or -1 for
 * a clean exit after --help/--version). */
static int at_cli_option(struct at_cli *cli, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;

	if (!strcmp(a, "--help")) {
		at_cli_usage(stdout);
		return -1;
	} else if (!strcmp(a, "--version")) {
		printf("autotile %s\n", AT_VERSION);
		return -1;
	} else if (!strcmp(a, "--explain")) {
		cli->opts.explain = 1;
	} else if (!strncmp(a, "--candidate", 11) && (!a[11] || a[11] == '=')) {
		v = at_cli_value(argc, argv, i, a[11] ? 12 : 11);
		if (!v || !*v || strlen(v) >= sizeof(cli->opts.candidate))
			return at_cli_usage_error("--candidate needs an id as "
				"listed by --report%s", "");
		snprintf(cli->opts.candidate, sizeof(cli->opts.candidate),
			"%s", v);
	} else if (!strncmp(a, "--report", 8) && (!a[8] || a[8] == '=')) {
		cli->report = at_cli_value(argc, argv, i, a[8] ? 9 : 8);
		if (!cli->report || !*cli->report)
			return at_cli_usage_error("%s needs a file name", a);
	} else if (!strcmp(a, "--no-parallel")) {
		cli->opts.parallel = 0;
	} else if (!strncmp(a, "--strategy", 10) && (!a[10] || a[10] == '=')) {
		v = at_cli_value(argc, argv, i, a[10] ? 11 : 10);
		if (!v || at_cli_strategy(v, &cli->opts) < 0)
			return at_cli_usage_error("bad --strategy `%s`: expected "
				"none or fixed:N with 1 <= N <= 4096",
				v ? v : "");
	} else if (!strncmp(a, "-o", 2)) {
		cli->output = at_cli_value(argc, argv, i, 2);
		if (!cli->output)
			return at_cli_usage_error("%s needs a file name", a);
	} else if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) ||
		   !strncmp(a, "-U", 2)) {
		cli->args[cli->n_arg++] = a;
		if (!a[2]) {
			if (*i + 1 >= argc)
				return at_cli_usage_error("%s needs a value", a);
			cli->args[cli->n_arg++] = argv[++*i];
		}
	} else if (!strncmp(a, "-std=", 5)) {
		cli->args[cli->n_arg++] = a;
	} else {
		return at_cli_usage_error("unknown option `%s`", a);
	}
	return 0;
}

/* Parses the command line into *cli; returns 0 or an exit status. */
static int at_cli_parse(struct at_cli *cli, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		int r;
		if (!strcmp(argv[i], "--")) {
			while (++i < argc)
				cli->args[cli->n_arg++] = argv[i];
			break;
		}
		if (argv[i][0] == '-' && argv[i][1]) {
			r = at_cli_option(cli, argc, argv, &i);
			if (r)
				return r;
		} else if (cli->input) {
			return at_cli_usage_error("more than one input file "
				"(`%s`)", argv[i]);
		} else {
			cli->input = argv[i];
		}
	}
	if (!cli->input)
		return at_cli_usage_error("%s", "no input file");
	return 0;
}

/* Returns "c" unless the file uses identifiers c<digits>, then "at_c". */
static const char *at_cli_iter_prefix(const at_source *src)
{
	const char *t = src->text;

	for (size_t i = 0; i + 1 < src->len; i++)
		if (t[i] == 'c' && isdigit((unsigned char)t[i + 1]) &&
		    (i == 0 || !(isalnum((unsigned char)t[i - 1]) ||
				 t[i - 1] == '_')))
			return "at_c";
	return "c";
}

/* Reports that the forced choice `what` of the nest is illegal, naming
 * the dependence it violates (index dep, or -1 when none was found). */
static void at_cli_illegal(const at_scop *scop, const at_deps *deps,
	const char *what, int dep)
{
	char buf[1024];

	if (dep >= 0)
		at_diag(&scop->loc, AT_ERROR, "%s is illegal: it would run the "
			"dependence %s backwards; loop nest left unchanged",
			what, at_dep_describe(scop, &deps->deps[dep], buf,
			sizeof(buf)));
	else
		at_diag(&scop->loc, AT_ERROR, "%s is illegal: the exact "
			"legality test fails; loop nest left unchanged", what);
}

/* Returns the candidate `candidate(ID)` / --candidate forces, or NULL
 * after an error diagnostic. */
static at_cand *at_cli_forced(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, const at_opts *opts)
{
	char err[256], what[160];
	at_choice ch;
	at_cand *c;
	int dep;

	if (at_space_parse_id(space, opts->candidate, &ch, err,
	    sizeof(err)) < 0) {
		at_diag(&scop->loc, AT_ERROR, "%s (see --report for this "
			"nest's candidates); loop nest left unchanged", err);
		return NULL;
	}
	c = at_space_make(ctx, space, &ch, &dep);
	if (!c && dep > -2) {
		snprintf(what, sizeof(what), "candidate `%s`",
			opts->candidate);
		at_cli_illegal(scop, space->deps, what, dep);
	}
	return c;
}

/* Returns 1 if the pragma's clauses force a shape or a scan. */
static int at_cli_clauses_force(const at_opts *opts)
{
	return opts->shape[0] || opts->tile_scan >= 0 || opts->point_scan >= 0;
}

/* Chooses the candidate for one nest under opts; *why says why it is not
 * tiled (NULL when it is).  Returns NULL after an error diagnostic when a
 * forced choice is illegal or unknown (then *failed is set). */
static at_cand *at_cli_choose(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, const at_opts *opts, const char **why,
	int *failed)
{
	at_choice ch;
	at_cand *c = NULL;
	int dep, force = at_cli_clauses_force(opts);

	*why = NULL;
	if (!strcmp(opts->candidate, AT_KEEP_ID)) {
		*why = "candidate `keep`: the nest is left exactly as written";
		return NULL;
	}
	if (opts->candidate[0]) {
		c = at_cli_forced(ctx, scop, space, opts);
		*failed = !c;
		return c;
	}
	*why = "--strategy none";
	if (opts->default_size || opts->n_size || force) {
		if (at_space_default(space, opts, &ch, why) < 0) {
			if (force) {
				at_diag(&scop->loc, AT_ERROR, "the shape or "
					"scan requested by the pragma: %s; "
					"loop nest left unchanged", *why);
				*failed = 1;
				return NULL;
			}
		} else {
			c = at_space_make(ctx, space, &ch, &dep);
			if (!c && force && dep > -2) {
				char id[96], what[160];
				snprintf(what, sizeof(what), "the choice `%s` "
					"requested by the pragma", at_space_id(
					space, &ch, id, sizeof(id)));
				at_cli_illegal(scop, space->deps, what, dep);
				*failed = 1;
				return NULL;
			}
			if (!c)
				*why = "internal: the tiled schedule failed "
					"the legality test";
		}
	}
	if (c) {
		*why = NULL;
		return c;
	}
	ch.shape = -1;
	return at_space_make(ctx, space, &ch, &dep);
}

/* Runs stages deps -> space -> codegen on one nest; returns its new text,
 * or NULL to keep it unchanged (after a warning or error; *failed is set
 * on an error). */
static char *at_cli_nest(isl_ctx *ctx, const at_scop *scop,
	const at_opts *cli_opts, const char *prefix, cJSON *report,
	int *failed)
{
	at_opts opts = *cli_opts;
	at_cg_opts cg = { prefix, 0 };
	at_deps *deps;
	at_space *space = NULL;
	at_cand *cand = NULL;
	at_gen gen = { 0 };
	const char *why;
	int forced_error = 0;

	at_space_parse_clauses(scop, &opts);
	cg.parallel = opts.parallel;
	deps = at_deps_compute(ctx, scop);
	if (!deps)
		goto error;
	space = at_space_build(ctx, scop, deps, opts.explain || report ?
		AT_SPACE_REASONS : AT_SPACE_SHAPES);
	if (!space)
		goto error;
	cand = at_cli_choose(ctx, scop, space, &opts, &why, &forced_error);
	if (report && at_report_nest(ctx, report, scop, space, cand) < 0)
		goto error;
	if (forced_error)
		goto forced;
	if (!cand && !strcmp(opts.candidate, AT_KEEP_ID)) {
		if (opts.explain) {
			at_explain_nest(stderr, scop, deps);
			at_explain_space(stderr, scop, space);
			fprintf(stderr, "  chosen: keep (%s)\n", why);
		}
		goto kept;
	}
	if (!cand || at_codegen(ctx, scop, deps, cand, &cg, &gen) < 0)
		goto error;
	if (opts.explain) {
		at_explain_nest(stderr, scop, deps);
		at_explain_space(stderr, scop, space);
		at_explain_choice(stderr, cand, why, &gen);
	}
	at_cand_free(cand);
	at_space_free(space);
	at_deps_free(deps);
	return gen.text;
error:
	at_diag(&scop->loc, AT_WARNING, "could not transform this nest; "
		"loop nest left unchanged");
forced:
	*failed |= forced_error;
kept:
	at_cand_free(cand);
	at_space_free(space);
	at_deps_free(deps);
	return NULL;
}

/* Writes `text` to `path` (stdout when NULL); returns 0 or 1. */
static int at_cli_write(const char *path, const char *text)
{
	FILE *f = path ? fopen(path, "w") : stdout;
	int bad;

	if (!f) {
		at_diag(NULL, AT_ERROR, "cannot write `%s`: %s", path,
			strerror(errno));
		return 1;
	}
	bad = fputs(text, f) < 0;
	bad |= path ? fclose(f) != 0 : fflush(f) != 0;
	if (bad)
		at_diag(NULL, AT_ERROR, "cannot write `%s`: %s",
			path ? path : "standard output", strerror(errno));
	return bad;
}

/* Returns a new isl context set up for autotile. */
static isl_ctx *at_cli_isl(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	if (!ctx)
		return NULL;
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	isl_options_set_tile_scale_tile_loops(ctx, 1);
	isl_options_set_tile_shift_point_loops(ctx, 0);
	return ctx;
}

/* Optimizes every nest of the parsed source and writes the result. */
static int at_cli_run(const struct at_cli *cli, const at_source *src)
{
	isl_ctx *ctx = at_cli_isl();
	char **texts = calloc(src->n_scop + 1, sizeof(char *));
	const char *prefix = at_cli_iter_prefix(src);
	char *out = NULL;
	int rc = 1, failed = 0;
	cJSON *report = NULL;

	if (!ctx || !texts)
		goto done;
	if (cli->report) {
		report = at_report_new(cli->input, AT_VERSION);
		if (!report)
			goto done;
	}
	for (int k = 0; k < src->n_scop; k++)
		texts[k] = at_cli_nest(ctx, src->scops[k], &cli->opts, prefix,
			report, &failed);
	out = at_rewrite(src, texts);
	rc = out ? at_cli_write(cli->output, out) : 1;
	if (report && at_report_write(cli->report, report))
		rc = 1;
	if (failed)
		rc = 1;
done:
	if (texts)
		for (int k = 0; k < src->n_scop; k++)
			free(texts[k]);
	free(texts);
	free(out);
	cJSON_Delete(report);
	isl_ctx_free(ctx);
	return rc;
}

int main(int argc, char **argv)
{
	struct at_cli cli = { 0 };
	at_source *src = NULL;
	int rc;

	cli.opts.default_size = 32;
	cli.opts.parallel = 1;
	cli.opts.tile_scan = cli.opts.point_scan = -1;
	cli.args = calloc(argc + 1, sizeof(char *));
	if (!cli.args)
		return 1;
	rc = at_cli_parse(&cli, argc, argv);
	if (rc) {
		free(cli.args);
		return rc < 0 ? 0 : rc;
	}
	rc = at_frontend_parse(cli.input, cli.n_arg, cli.args, &src);
	if (rc == 0)
		rc = at_cli_run(&cli, src);
	at_source_free(src);
	free(cli.args);
	return rc;
}
