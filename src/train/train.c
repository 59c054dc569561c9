/*
 * train.c — bin/autotile-train: trains the cost model on training rows
 * (prompts/formats.md), evaluates it on held-out kernels and writes the
 * weights file read by src/model.c; --eval evaluates a weights file,
 * --bench-infer measures inference speed.
 *
 *   autotile-train [options] TRAIN.jsonl...
 *
 * Exit status: 0 success, 1 data or weights error, 2 usage error.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "at_buf.h"
#include "at_train.h"

#define AT_TR_MAX_HIDDEN 8

/* Command-line settings. */
typedef struct at_tr_cli {
	at_tr_opts opts;
	const char *out;		/* -o */
	const char *eval;		/* --eval WEIGHTS */
	double doubt;			/* --doubt with --eval, -1: the file's */
	int kernels;			/* --kernels: per-kernel lines */
	int unseen;			/* --unseen: every kernel held out (test) */
	int fold, n_fold;		/* --fold I/K (n_fold 0: not given) */
	double max_load;		/* --max-load */
	double max_busy;		/* --max-busy, -1: not given */
	int busy_input;			/* --busy-input */
	int refit;			/* --refit */
	int ensemble;			/* --ensemble: networks averaged */
	int select_one;			/* --select oneshot */
	int bench;			/* --bench-infer */
	int bench_n;			/* candidates per --bench-infer run */
	int dn, dc;			/* --bench-infer without data */
	int n_hidden, hidden[AT_TR_MAX_HIDDEN];
	int n_loss;
	at_tr_loss losses[3];
	char **files;
	int n_files;
} at_tr_cli;

/* Prints the usage text on f. */
static void at_tr_usage(FILE *f)
{
	fprintf(f,
"usage: autotile-train [options] TRAIN.jsonl...\n"
"  -o FILE           weights to write (default weights/default.json)\n"
"  --epochs N        maximum epochs (default 300)\n"
"  --patience N      stop after N epochs without a better validation\n"
"                    Spearman (default 40)\n"
"  --hidden N[,N..]  hidden widths to try, best on validation kept\n"
"                    (32; --bench-infer: each)\n"
"  --cand-width N    width of the candidate layer (default: --hidden)\n"
"  --head-width N    width of head1, the layer that reads the nest\n"
"                    embedding and the candidate layer (default: --hidden)\n"
"  --loss L          mse, rank, both (their sum) or auto (all three,\n"
"                    the best on validation kept, see --select;\n"
"                    default)\n"
"  --max-load X      leave out the rows of kernels timed at a load\n"
"                    average above X (all splits; default: keep all)\n"
"  --max-busy X      leave out the rows of kernels timed while more than\n"
"                    X other tasks were runnable: their \"busy\" (nice 19\n"
"                    included, before or after the timing), or for rows\n"
"                    without it \"busy_normal\" plus \"busy_niced\"; all\n"
"                    splits; default: keep all)\n"
"  --busy-input      keep the training kernels timed beside other tasks\n"
"                    (--max-busy applies to validation and test only)\n"
"                    and give the networks their number as a further\n"
"                    candidate input, folded out of the weights written\n"
"                    at 0 (an idle machine)\n"
"  --ensemble N      networks trained per setting (seeds S, S+1, ...)\n"
"                    and merged into one N times as wide that predicts\n"
"                    their mean (1..8; default 3)\n"
"  --select S        how the setting is chosen on validation: oneshot\n"
"                    (geomean fraction of the oracle of the model's\n"
"                    pick at the keep margin chosen on validation;\n"
"                    default) or spearman (mean per-kernel Spearman)\n"
"  --lr X            Adam step (0.001)\n"
"  --wd X            decoupled weight decay (0.0001)\n"
"  --rank-top A      ranking pairs weigh 2A exp(A (y - best)), y the\n"
"                    faster row's log-speedup and best the kernel's\n"
"                    (2; 0: every pair weighs 1)\n"
"  --over X          the squared error of a speedup predicted too high\n"
"                    weighs X times one predicted too low (1..100; 1)\n"
"  --noise S         add uniform noise of deviation S to the normalised\n"
"                    inputs of every training batch (0..5; 0)\n"
"  --spread-weight S a training target weighs S^2 / (S^2 + v), v the\n"
"                    variance its rows' timing spreads give it (log(1 +\n"
"                    spread)^2 per row, the keep row's added to a\n"
"                    speedup's; 0..10; 0: every target weighs 1)\n"
"  --ema B           score validation with, and keep, a moving average\n"
"                    of the parameters, each step weighing 1 - B\n"
"                    (0 <= B < 1; 0: the last step's parameters; 0)\n"
"  --batch K         kernels per minibatch (8)\n"
"  --seed N          random seed (1)\n"
"  --eval WEIGHTS    no training: metrics of WEIGHTS on the validation\n"
"                    and test kernels of the data\n"
"  --doubt X         with --eval: score with doubt X instead of the\n"
"                    file's (an ensemble's mean log-speedup minus X\n"
"                    times its members' spread)\n"
"  --kernels         with --eval: one line per held-out kernel (the\n"
"                    pick, its predicted and measured speedup, the\n"
"                    oracle, fixed32)\n"
"  --unseen          with --eval: every kernel of the data counts as a\n"
"                    test kernel (for measurements none of whose\n"
"                    kernels WEIGHTS was trained on)\n"
"  --refit           after choosing on validation, retrain the chosen\n"
"                    setting's networks on the training and validation\n"
"                    kernels together, each for the epochs its early-\n"
"                    stopped run kept (same seed and normalisation,\n"
"                    the keep margin and doubt chosen before); writes\n"
"                    those, with their test metrics and the early-\n"
"                    stopped networks' validation and test ones\n"
"  --fold I/K        cross-validation: the kernels outside test fall\n"
"                    into K parts by a hash of their seed; part I\n"
"                    (1..K) is the validation split, the rest train\n"
"                    (test is unchanged; K trainings, one per part,\n"
"                    score every such kernel once held out)\n"
"  --bench-infer     candidates scored per second on one core (random\n"
"                    model; dimensions from the data's header, or\n"
"                    --dn N --dc N; --bench-n N candidates, 100000);\n"
"                    with --eval WEIGHTS: that network, as autotile\n"
"                    runs it (an ensemble in blocks)\n"
"  -v                progress of every epoch on stderr\n"
"Kernels are split by a hash of their seed: 70%% train, 15%% validation,\n"
"15%% test.\n");
}

/* Parses a positive integer option value; returns it or -1. */
static long at_tr_posint(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	return errno || *end || end == s || v < 1 || v > 100000000 ? -1 : v;
}

/* Parses a positive float option value; returns it or -1. */
static float at_tr_posfloat(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	return errno || *end || end == s || !(v >= 0) || v > 1e6 ? -1 :
		(float)v;
}

/* Parses "N[,N...]" into c->hidden; returns 0 or -1. */
static int at_tr_parse_hidden(at_tr_cli *c, const char *s)
{
	char buf[128], *tok, *save = NULL;

	snprintf(buf, sizeof buf, "%s", s);
	c->n_hidden = 0;
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		long v = at_tr_posint(tok);
		if (v < 1 || v > 4096 || c->n_hidden == AT_TR_MAX_HIDDEN)
			return -1;
		c->hidden[c->n_hidden++] = (int)v;
	}
	return c->n_hidden ? 0 : -1;
}

/* Parses --loss; returns 0 or -1. */
static int at_tr_parse_loss(at_tr_cli *c, const char *s)
{
	c->n_loss = 1;
	if (strcmp(s, "mse") == 0)
		c->losses[0] = AT_TR_MSE;
	else if (strcmp(s, "rank") == 0)
		c->losses[0] = AT_TR_RANK;
	else if (strcmp(s, "both") == 0)
		c->losses[0] = AT_TR_BOTH;
	else if (strcmp(s, "auto") == 0) {
		c->n_loss = 3;
		c->losses[0] = AT_TR_MSE;
		c->losses[1] = AT_TR_RANK;
		c->losses[2] = AT_TR_BOTH;
	} else
		return -1;
	return 0;
}

/* Parses --fold "I/K" (1 <= I <= K, 2 <= K <= 100); returns 0 or -1. */
static int at_tr_parse_fold(at_tr_cli *c, const char *s)
{
	char buf[64], *slash;
	long i, k;

	snprintf(buf, sizeof buf, "%s", s);
	if (!(slash = strchr(buf, '/')))
		return -1;
	*slash = 0;
	i = at_tr_posint(buf);
	k = at_tr_posint(slash + 1);
	if (i < 1 || k < 2 || k > 100 || i > k)
		return -1;
	c->fold = (int)i;
	c->n_fold = (int)k;
	return 0;
}

/* Sets the training setting of o named opt (--over, --noise, --ema,
 * --rank-top, --spread-weight: reals within a range) to x.  Returns 1
 * when set, -1 when x (-1: not a number) is outside the option's range,
 * 0 when opt is none of these. */
static int at_tr_real_option(at_tr_opts *o, const char *opt, float x)
{
	const struct {
		const char *name;
		float lo, hi;
		float *dst;
	} real[] = {
		{ "--over", 1, 100, &o->over },
		{ "--noise", 0, 5, &o->noise },
		{ "--ema", 0, nextafterf(1.0f, 0.0f), &o->ema },	/* < 1 */
		{ "--rank-top", 0, 20, &o->rank_top },
		{ "--spread-weight", 0, 10, &o->spread_weight },
	};

	for (size_t i = 0; i < sizeof real / sizeof *real; i++) {
		if (strcmp(opt, real[i].name))
			continue;
		if (!(x >= real[i].lo) || x > real[i].hi)
			return -1;
		*real[i].dst = x;
		return 1;
	}
	return 0;
}

/* Applies option `opt` with value `v` to c; returns 0 or -1. */
static int at_tr_option(at_tr_cli *c, const char *opt, const char *v)
{
	at_tr_opts *o = &c->opts;
	long n = at_tr_posint(v);
	float x = at_tr_posfloat(v);
	int r;

	if (strcmp(opt, "-o") == 0)
		c->out = v;
	else if (strcmp(opt, "--eval") == 0)
		c->eval = v;
	else if (strcmp(opt, "--hidden") == 0)
		return at_tr_parse_hidden(c, v);
	else if (strcmp(opt, "--loss") == 0)
		return at_tr_parse_loss(c, v);
	else if (strcmp(opt, "--fold") == 0)
		return at_tr_parse_fold(c, v);
	else if (strcmp(opt, "--select") == 0) {
		if (strcmp(v, "spearman") && strcmp(v, "oneshot"))
			return -1;
		c->select_one = v[0] == 'o';
	} else if (strcmp(opt, "--max-load") == 0) {
		if (!(x > 0))
			return -1;
		c->max_load = x;
	} else if (strcmp(opt, "--doubt") == 0) {
		if (!(x >= 0) || x > 10)
			return -1;
		c->doubt = x;
	} else if (strcmp(opt, "--max-busy") == 0) {
		if (!(x >= 0))
			return -1;
		c->max_busy = x;
	} else if (strcmp(opt, "--lr") == 0 || strcmp(opt, "--wd") == 0) {
		if (x < 0 || (x == 0 && opt[2] == 'l'))
			return -1;
		*(opt[2] == 'l' ? &o->lr : &o->wd) = x;
	} else if ((r = at_tr_real_option(o, opt, x)) != 0) {
		return r < 0 ? -1 : 0;
	} else if (n < 0)
		return -1;
	else if (strcmp(opt, "--epochs") == 0)
		o->epochs = (int)n;
	else if (strcmp(opt, "--patience") == 0)
		o->patience = (int)n;
	else if (strcmp(opt, "--batch") == 0)
		o->batch = (int)n;
	else if (strcmp(opt, "--seed") == 0)
		o->seed = (unsigned long long)n;
	else if (strcmp(opt, "--dn") == 0)
		c->dn = (int)n;
	else if (strcmp(opt, "--dc") == 0)
		c->dc = (int)n;
	else if (strcmp(opt, "--bench-n") == 0)
		c->bench_n = (int)n;
	else if (strcmp(opt, "--ensemble") == 0 && n <= AT_TR_MAX_MEMBERS)
		c->ensemble = (int)n;
	else if (strcmp(opt, "--cand-width") == 0 && n <= 4096)
		o->cand_width = (int)n;
	else if (strcmp(opt, "--head-width") == 0 && n <= 4096)
		o->head_width = (int)n;
	else
		return -1;
	return 0;
}

/* Returns 1 when opt takes a value. */
static int at_tr_has_value(const char *opt)
{
	static const char *const with[] = {
		"-o", "--eval", "--doubt", "--hidden", "--loss", "--max-load",
		"--max-busy", "--lr", "--wd", "--rank-top", "--over", "--ema",
		"--noise", "--spread-weight", "--epochs", "--patience",
		"--batch", "--seed", "--dn", "--dc", "--bench-n", "--ensemble",
		"--select", "--fold", "--cand-width", "--head-width"
	};

	for (size_t i = 0; i < sizeof with / sizeof *with; i++)
		if (strcmp(opt, with[i]) == 0)
			return 1;
	return 0;
}

/* Parses the command line into c.  Returns 0, 1 (--help printed) or 2
 * after a usage message. */
static int at_tr_parse(at_tr_cli *c, int argc, char **argv)
{
	at_tr_opts_default(&c->opts);
	c->out = "weights/default.json";
	at_tr_parse_hidden(c, "32");
	c->bench_n = 100000;
	c->ensemble = 3;
	c->select_one = 1;
	c->max_busy = -1;
	c->doubt = -1;
	at_tr_parse_loss(c, "auto");
	c->files = argv + 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			at_tr_usage(stdout);
			return 1;
		} else if (strcmp(a, "-v") == 0) {
			c->opts.verbose = 1;
		} else if (strcmp(a, "--bench-infer") == 0) {
			c->bench = 1;
		} else if (strcmp(a, "--kernels") == 0) {
			c->kernels = 1;
		} else if (strcmp(a, "--unseen") == 0) {
			c->unseen = 1;
		} else if (strcmp(a, "--busy-input") == 0) {
			c->busy_input = 1;
		} else if (strcmp(a, "--refit") == 0) {
			c->refit = 1;
		} else if (at_tr_has_value(a)) {
			if (i + 1 >= argc || at_tr_option(c, a, argv[i + 1]) < 0) {
				fprintf(stderr, "autotile-train: error: bad or "
					"missing value for %s\n", a);
				return 2;
			}
			i++;
		} else if (a[0] == '-') {
			fprintf(stderr, "autotile-train: error: unknown option "
				"%s (see --help)\n", a);
			return 2;
		} else {
			c->files[c->n_files++] = argv[i];
		}
	}
	if (c->busy_input && (c->eval || c->bench || c->max_busy < 0)) {
		fprintf(stderr, "autotile-train: error: --busy-input needs "
			"--max-busy and training (see --help)\n");
		return 2;
	}
	if (c->refit && (c->eval || c->bench || c->n_fold)) {
		fprintf(stderr, "autotile-train: error: --refit needs training "
			"without --fold (see --help)\n");
		return 2;
	}
	if (c->unseen && c->n_fold) {
		fprintf(stderr, "autotile-train: error: --unseen and --fold "
			"exclude each other (see --help)\n");
		return 2;
	}
	if (c->unseen && !c->eval) {
		fprintf(stderr, "autotile-train: error: --unseen needs --eval "
			"(see --help)\n");
		return 2;
	}
	if (c->n_files == 0 && !(c->bench && ((c->dn > 0 && c->dc > 0) ||
	    c->eval))) {
		fprintf(stderr, "autotile-train: error: no training file "
			"(see --help)\n");
		return 2;
	}
	return 0;
}

/* Seconds of the monotonic clock. */
static double at_tr_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Reads every data file of c into d and groups it.  Returns 0 or 1 after
 * a message. */
static int at_tr_load_data(const at_tr_cli *c, at_tr_data *d)
{
	char err[512];
	int k[AT_TR_N_SPLIT], r[AT_TR_N_SPLIT];

	d->max_load = c->max_load;
	d->busy_cap = c->max_busy >= 0;
	d->max_busy = c->max_busy;
	d->busy_train = c->busy_input;
	d->fold = c->fold;
	d->n_fold = c->n_fold;
	for (int i = 0; i < c->n_files; i++)
		if (at_tr_data_read(d, c->files[i], err, sizeof err) < 0)
			goto error;
	if (at_tr_data_finish(d, err, sizeof err) < 0)
		goto error;
	for (int i = 0; c->unseen && i < d->n_kernel; i++)
		d->kernels[i].split = AT_TR_TEST;
	for (int s = 0; s < AT_TR_N_SPLIT; s++)
		at_tr_data_count(d, (at_tr_split)s, &k[s], &r[s]);
	printf("data: %d file(s), layout %s (%d nest + %d candidate "
		"features), %d kernels, %d rows (%d skipped); train %d/%d, "
		"validation %d/%d, test %d/%d kernels/rows; %d rows censored "
		"(timeouts: speedup at most the bound)\n", d->n_file, d->layout,
		d->dn, d->dc, d->n_kernel, d->n_row, d->n_skipped, k[0], r[0],
		k[1], r[1], k[2], r[2], d->n_censored);
	if (d->n_fold)
		printf("data: cross-validation: validation is part %d of %d of "
			"the kernels outside test\n", d->fold, d->n_fold);
	if (d->max_load > 0)
		printf("data: %d rows of kernels timed at a load average above "
			"%g left out\n", d->n_loaded, d->max_load);
	if (d->busy_cap)
		printf("data: %d rows of kernels timed with more than %g "
			"competing threads left out\n", d->n_busy, d->max_busy);
	if ((k[1] == 0 && !c->unseen) || k[2] == 0)
		fprintf(stderr, "autotile-train: warning: no validation or "
			"no test kernels: metrics are meaningless\n");
	return 0;
error:
	fprintf(stderr, "autotile-train: error: %s\n", err);
	return 1;
}

/* Writes a label "<split> on machine i (L1d .. KiB, ...)" for machine i
 * of ms into buf (size bytes). */
static void at_tr_machine_label(char *buf, size_t size, const char *split,
	const at_tr_machines *ms, int i)
{
	const float *v = ms->val[i];

	snprintf(buf, size, "%s on machine %d (L1d %.0f KiB, L2 %.0f KiB, "
		"L3 %.0f MiB, %.0f cores)", split, i + 1,
		exp2(v[0]) / 1024, exp2(v[1]) / 1024,
		exp2(v[2]) / (1024 * 1024), v[3]);
}

/* Prints the metrics of split s (named `split`) per machine of ms and
 * adds them to the objects of array by (one per machine).  Returns 0 or
 * -1. */
static int at_tr_report_machines(const at_tr_data *d, at_tr_split s,
	const char *split, const at_tr_machines *ms, const float *pred,
	double margin, cJSON *by)
{
	for (int i = 0; i < ms->n; i++) {
		char label[160];
		at_tr_metrics mt;
		cJSON *j;
		if (at_tr_metrics_machine(d, s, ms, i, pred, margin, &mt) < 0)
			return -1;
		at_tr_machine_label(label, sizeof(label), split, ms, i);
		at_tr_metrics_print(stdout, label, &mt);
		j = at_tr_metrics_json(&mt);
		if (!j || !cJSON_AddItemToObject(cJSON_GetArrayItem(by, i),
		    split, j)) {
			cJSON_Delete(j);
			return -1;
		}
	}
	return 0;
}

/* Returns a new array of one object per machine of ms, {"l1d", "l2",
 * "l3", "cores"} (bytes), or NULL. */
static cJSON *at_tr_machines_json(const at_tr_machines *ms)
{
	cJSON *a = cJSON_CreateArray();

	for (int i = 0; a && i < ms->n; i++) {
		cJSON *o = cJSON_CreateObject();
		if (!cJSON_AddItemToArray(a, o) ||
		    !cJSON_AddNumberToObject(o, "l1d", exp2(ms->val[i][0])) ||
		    !cJSON_AddNumberToObject(o, "l2", exp2(ms->val[i][1])) ||
		    !cJSON_AddNumberToObject(o, "l3", exp2(ms->val[i][2])) ||
		    !cJSON_AddNumberToObject(o, "cores", ms->val[i][3])) {
			cJSON_Delete(a);
			return NULL;
		}
	}
	return a;
}

/* Computes, prints and returns (as JSON, or NULL) the metrics of m on the
 * validation (unless `test_only`) and test splits of d with keep margin
 * `margin`; when the kernels were timed on several machines, also per
 * machine ("metrics test on machine 2 (...)" lines, "by_machine" in the
 * JSON). */
static cJSON *at_tr_report(const at_model *m, const at_tr_data *d,
	double margin, int test_only, float *pred)
{
	static const char *const names[] = { "validation", "test" };
	cJSON *o = cJSON_CreateObject(), *by = NULL;
	at_tr_machines ms;
	at_tr_metrics mt;

	if (at_tr_machines_find(d, &ms) < 0)
		goto error;
	if (ms.n > 1 && (!(by = at_tr_machines_json(&ms)) ||
	    !cJSON_AddItemToObject(o, "by_machine", by))) {
		cJSON_Delete(by);
		goto error;
	}
	for (int i = test_only; i < 2; i++) {
		at_tr_split s = i ? AT_TR_TEST : AT_TR_VAL;
		cJSON *j;
		if (at_tr_predict(m, d, s, pred) < 0)
			goto error;
		at_tr_metrics_compute(d, s, pred, margin, &mt);
		at_tr_metrics_print(stdout, names[i], &mt);
		j = at_tr_metrics_json(&mt);
		if (!o || !j || !cJSON_AddItemToObject(o, names[i], j)) {
			cJSON_Delete(j);
			goto error;
		}
		if (ms.n > 1 && at_tr_report_machines(d, s, names[i], &ms,
		    pred, margin, by) < 0)
			goto error;
	}
	free(ms.of);
	return o;
error:
	free(ms.of);
	cJSON_Delete(o);
	return NULL;
}

/* --eval: metrics of the weights file c->eval on d.  Returns the exit
 * status. */
static int at_tr_eval(const at_tr_cli *c, const at_tr_data *d)
{
	char err[512];
	at_model *m = at_model_load(c->eval, d->layout, d->dn, d->dc, err,
		sizeof err);
	float *pred = malloc((d->n_row + 1) * sizeof(float));
	cJSON *r = NULL;

	if (!m)
		fprintf(stderr, "autotile-train: error: %s\n", err);
	else if (c->doubt >= 0 && at_model_set_doubt(m, c->doubt) < 0)
		fprintf(stderr, "autotile-train: error: %s: --doubt %g needs "
			"an ensemble's member biases (head2.member_b)\n",
			c->eval, c->doubt);
	else if (pred)
		r = at_tr_report(m, d, at_model_keep_margin(m), c->unseen,
			pred);
	for (int s = c->unseen ? AT_TR_TEST : AT_TR_VAL; r && c->kernels &&
	    s <= AT_TR_TEST; s++) {
		printf("kernels %s:\n", s == AT_TR_VAL ? "validation" : "test");
		at_tr_kernels_print(stdout, d, (at_tr_split)s, pred,
			at_model_keep_margin(m));
	}
	at_model_free(m);
	free(pred);
	if (!r)
		return 1;
	cJSON_Delete(r);
	return 0;
}

/* Fills v[0..n-1] with pseudo-random values in [-2, 2). */
static void at_tr_fill(float *v, size_t n, unsigned long long *s)
{
	for (size_t i = 0; i < n; i++) {
		*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
		v[i] = (float)((*s >> 40) * (4.0 / (1ULL << 24)) - 2.0);
	}
}

/* Times at_model_predict on n candidates in calls of `per` candidates:
 * the best of 5 runs after a warm-up, in seconds (negative on error). */
static double at_tr_time_predict(const at_model *m, const float *nest,
	const float *cands, int n, int per, float *out)
{
	double best = -1;

	for (int run = 0; run < 6; run++) {
		double t0 = at_tr_now(), t;
		for (int i = 0; i < n; i += per)
			if (at_model_predict(m, nest, cands + (size_t)i *
			    at_model_dc(m), n - i < per ? n - i : per, 0,
			    out + i) < 0)
				return -1;
		t = at_tr_now() - t0;
		if (run > 0 && (best < 0 || t < best))
			best = t;
	}
	return best;
}

/* Times the model m (described by `what`) on the n candidates `cands`
 * of the nest `nest`, in one call and in calls of 200, and prints
 * candidates per second.  Returns 0 or -1 (out of memory). */
static int at_tr_bench_model(const at_model *m, const char *what,
	const float *nest, const float *cands, int n, float *out)
{
	int pers[2] = { n, 200 };

	for (int i = 0; i < 2; i++) {
		double t = at_tr_time_predict(m, nest, cands, n, pers[i], out);
		if (t < 0)
			return -1;
		printf("bench-infer: %d candidates (%s, %d per call) in %.4f s "
			"= %.0f candidates/s (best of 5, 1 thread)\n", n, what,
			pers[i], t, n / t);
	}
	return 0;
}

/* Returns the model of weights file `path` with its own layout and
 * dimensions, or NULL after a one-line error naming the file. */
static at_model *at_tr_bench_load(const char *path)
{
	at_buf b = { 0 };
	cJSON *root = NULL;
	const cJSON *lay;
	at_model *m = NULL;
	char err[512];

	if (at_buf_read_file(&b, path) < 0)
		snprintf(err, sizeof err, "%s: cannot read it", path);
	else if (!(root = cJSON_ParseWithLength(b.s, b.len)) ||
	    !cJSON_IsString(lay = cJSON_GetObjectItemCaseSensitive(root,
	    "layout")))
		snprintf(err, sizeof err, "%s: not a JSON object with a "
			"\"layout\"", path);
	else
		m = at_model_from_json(root, path, lay->valuestring,
			cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(root,
			"nest_names")), cJSON_GetArraySize(
			cJSON_GetObjectItemCaseSensitive(root, "cand_names")), err,
			sizeof err);
	if (!m)
		fprintf(stderr, "autotile-train: error: %s\n", err);
	cJSON_Delete(root);
	at_buf_clear(&b);
	return m;
}

/* Times random models of width h (dn, dc inputs) for every --hidden
 * width, or with --eval the weights file it names, on `n` random
 * candidates of a random nest (their values do not change the time).
 * Returns 0 or -1 (out of memory, or a model that does not load). */
static int at_tr_bench_all(const at_tr_cli *c, at_model *file, int dn,
	int dc, const float *nest, const float *cands, int n, float *out)
{
	char what[1100];
	int h[4];

	if (file) {
		at_model_hidden(file, h);
		snprintf(what, sizeof what, "%s: dn %d, dc %d, hidden %d in %d "
			"block(s)", c->eval, dn, dc, h[3], at_model_blocks(file));
		return at_tr_bench_model(file, what, nest, cands, n, out);
	}
	for (int i = 0; i < c->n_hidden; i++) {
		cJSON *w = at_tr_random_weights("bench", dn, dc, c->hidden[i],
			c->opts.seed);
		at_model *m = w ? at_model_from_json(w, "(random)", "bench",
			dn, dc, NULL, 0) : NULL;
		int rc;
		snprintf(what, sizeof what, "dn %d, dc %d, hidden %d", dn, dc,
			c->hidden[i]);
		rc = m ? at_tr_bench_model(m, what, nest, cands, n, out) : -1;
		at_model_free(m);
		cJSON_Delete(w);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* --bench-infer: candidates per second on one core of random models of
 * every --hidden width, or of the --eval weights.  Returns the exit
 * status. */
static int at_tr_bench(const at_tr_cli *c, int dn, int dc)
{
	int n = c->bench_n, rc = 1;
	unsigned long long s = c->opts.seed;
	at_model *file = c->eval ? at_tr_bench_load(c->eval) : NULL;
	float *nest = NULL, *cands = NULL, *out = NULL;

	if (c->eval && !file)
		return 1;
	if (file) {
		dn = at_model_dn(file);
		dc = at_model_dc(file);
	}
	nest = malloc(dn * sizeof(float));
	cands = malloc((size_t)n * dc * sizeof(float));
	out = malloc((size_t)n * sizeof(float));
	if (!nest || !cands || !out)
		goto error;
	at_model_one_thread();
	at_tr_fill(nest, dn, &s);
	at_tr_fill(cands, (size_t)n * dc, &s);
	rc = at_tr_bench_all(c, file, dn, dc, nest, cands, n, out) < 0;
error:
	if (rc)
		fprintf(stderr, "autotile-train: error: out of memory\n");
	at_model_free(file);
	free(nest);
	free(cands);
	free(out);
	return rc;
}

/* Adds item under key to o, replacing an existing one; returns 0 or -1
 * (item freed). */
static int at_tr_set(cJSON *o, const char *key, cJSON *item)
{
	if (!item)
		return -1;
	if (cJSON_GetObjectItemCaseSensitive(o, key))
		return cJSON_ReplaceItemInObjectCaseSensitive(o, key, item) ?
			0 : (cJSON_Delete(item), -1);
	if (!cJSON_AddItemToObject(o, key, item)) {
		cJSON_Delete(item);
		return -1;
	}
	return 0;
}

/* The "dataset" object: kernels, rows, files and per-split counts. */
static cJSON *at_tr_dataset_json(const at_tr_data *d)
{
	static const char *const names[] = { "train", "validation", "test" };
	cJSON *o = cJSON_CreateObject(), *sp;
	int k, r;

	if (!o || !cJSON_AddNumberToObject(o, "kernels", d->n_kernel) ||
	    !cJSON_AddNumberToObject(o, "rows", d->n_row) ||
	    !cJSON_AddNumberToObject(o, "skipped", d->n_skipped) ||
	    (d->max_load > 0 && (!cJSON_AddNumberToObject(o, "max_load",
		d->max_load) || !cJSON_AddNumberToObject(o, "load_left_out",
		d->n_loaded))) ||
	    (d->busy_cap && (!cJSON_AddNumberToObject(o, "max_busy",
		d->max_busy) || !cJSON_AddNumberToObject(o, "busy_left_out",
		d->n_busy))) ||
	    !cJSON_AddNumberToObject(o, "censored", d->n_censored) ||
	    !cJSON_AddStringToObject(o, "censored_rule", "a censored row "
		"(a timeout) has speedup = ref_time / limit, an upper bound: "
		"losses one-sided; oracle, MAPE and Spearman on uncensored "
		"rows only; a censored pick counts with its bound "
		"(optimistic) and as slower") ||
	    at_tr_set(o, "files", cJSON_CreateStringArray(
		(const char *const *)d->files, d->n_file)) < 0 ||
	    !cJSON_AddStringToObject(o, "split", "by seed: splitmix64(seed) "
		"% 100 < 70 train, < 85 validation, else test; seeds from "
		"3000000 on: splitmix64(seed xor 0x5851f42d4c957f2d)") ||
	    !(sp = cJSON_AddObjectToObject(o, "kernels_per_split")))
		goto error;
	for (int s = 0; s < AT_TR_N_SPLIT; s++) {
		at_tr_data_count(d, (at_tr_split)s, &k, &r);
		if (!cJSON_AddNumberToObject(sp, names[s], k))
			goto error;
	}
	return o;
error:
	cJSON_Delete(o);
	return NULL;
}

/* One trained candidate network and how it did on validation. */
typedef struct at_tr_result {
	cJSON *w;
	cJSON *refit;		/* --refit: the retrained networks, or NULL */
	double val;		/* validation Spearman */
	double val_one;		/* validation one-shot geomean */
	int hidden, epochs;
	int kept[AT_TR_MAX_MEMBERS];	/* each member's kept epoch */
	at_tr_loss loss;
	double seconds;
} at_tr_result;

/* x rounded to 6 significant digits (a float setting without the noise
 * of its conversion to double). */
static double at_tr_short(double x)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%.6g", x);
	return strtod(buf, NULL);
}

/* The "training" object of the chosen result r and the tried ones. */
static cJSON *at_tr_training_json(const at_tr_cli *c, const at_tr_result *r,
	const at_tr_result *all, int n)
{
	cJSON *o = cJSON_CreateObject(), *tried;

	if (!o || !cJSON_AddStringToObject(o, "loss", at_tr_loss_name(r->loss)) ||
	    !cJSON_AddNumberToObject(o, "hidden", r->hidden) ||
	    !cJSON_AddNumberToObject(o, "cand_width",
		at_tr_width(c->opts.cand_width, r->hidden)) ||
	    !cJSON_AddNumberToObject(o, "head_width",
		at_tr_width(c->opts.head_width, r->hidden)) ||
	    !cJSON_AddNumberToObject(o, "ensemble", c->ensemble) ||
	    !cJSON_AddNumberToObject(o, "epochs", r->epochs) ||
	    !cJSON_AddNumberToObject(o, "max_epochs", c->opts.epochs) ||
	    !cJSON_AddNumberToObject(o, "patience", c->opts.patience) ||
	    !cJSON_AddNumberToObject(o, "seed", (double)c->opts.seed) ||
	    !cJSON_AddNumberToObject(o, "lr", at_tr_short(c->opts.lr)) ||
	    !cJSON_AddNumberToObject(o, "weight_decay",
		at_tr_short(c->opts.wd)) ||
	    !cJSON_AddNumberToObject(o, "batch_kernels", c->opts.batch) ||
	    !cJSON_AddNumberToObject(o, "rank_tau", at_tr_short(c->opts.tau)) ||
	    !cJSON_AddNumberToObject(o, "rank_top",
		at_tr_short(c->opts.rank_top)) ||
	    !cJSON_AddNumberToObject(o, "mse_over",
		at_tr_short(c->opts.over)) ||
	    !cJSON_AddNumberToObject(o, "ema", at_tr_short(c->opts.ema)) ||
	    !cJSON_AddNumberToObject(o, "input_noise",
		at_tr_short(c->opts.noise)) ||
	    !cJSON_AddNumberToObject(o, "spread_weight",
		at_tr_short(c->opts.spread_weight)) ||
	    !cJSON_AddStringToObject(o, "optimizer", "adam") ||
	    !cJSON_AddBoolToObject(o, "busy_input", c->busy_input) ||
	    !cJSON_AddStringToObject(o, "selection", c->select_one ?
		"best validation one-shot geomean (at the keep margin chosen "
		"on validation) over the losses and widths tried" :
		"best validation mean per-kernel Spearman over the losses and "
		"widths tried") ||
	    !(tried = cJSON_AddArrayToObject(o, "tried")))
		goto error;
	for (int i = 0; i < n; i++) {
		cJSON *t = cJSON_CreateObject();
		if (!t || !cJSON_AddItemToArray(tried, t) ||
		    !cJSON_AddStringToObject(t, "loss", at_tr_loss_name(all[i].loss)) ||
		    !cJSON_AddNumberToObject(t, "hidden", all[i].hidden) ||
		    !cJSON_AddNumberToObject(t, "epochs", all[i].epochs) ||
		    !cJSON_AddNumberToObject(t, "val_spearman", all[i].val) ||
		    !cJSON_AddNumberToObject(t, "val_one_shot_geo",
			all[i].val_one) ||
		    !cJSON_AddNumberToObject(t, "seconds", all[i].seconds))
			goto error;
	}
	return o;
error:
	cJSON_Delete(o);
	return NULL;
}

/* Writes w to path (through path.tmp and a rename).  Returns 0 or 1 after
 * a message. */
static int at_tr_write(const char *path, const cJSON *w)
{
	char *text = cJSON_PrintUnformatted(w), tmp[4096];
	FILE *f = NULL;
	int ok;

	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	ok = text && (f = fopen(tmp, "w")) && fputs(text, f) >= 0 &&
		fputc('\n', f) != EOF;
	if (f && fclose(f) != 0)
		ok = 0;
	if (ok && rename(tmp, path) != 0)
		ok = 0;
	if (!ok) {
		fprintf(stderr, "autotile-train: error: %s: cannot write: %s\n",
			path, text ? strerror(errno) : "out of memory");
		if (f)
			remove(tmp);
	}
	free(text);
	return !ok;
}

/* Sets r->val to the validation Spearman of r->w on d and r->val_one to
 * its validation one-shot geomean at the keep margin chosen on
 * validation.  Returns 0, or -1 on error. */
static int at_tr_val_of(const at_tr_data *d, at_tr_result *r)
{
	at_model *m = at_model_from_json(r->w, "(trained)", d->layout, d->dn,
		d->dc, NULL, 0);
	float *pred = malloc((d->n_row + 1) * sizeof(float));
	at_tr_metrics mt;
	int rc = -1;

	if (m && pred && at_tr_predict(m, d, AT_TR_VAL, pred) == 0) {
		at_tr_metrics_compute(d, AT_TR_VAL, pred,
			at_tr_choose_margin(d, AT_TR_VAL, pred), &mt);
		r->val = mt.spearman;
		r->val_one = mt.one_geo;
		rc = 0;
	}
	at_model_free(m);
	free(pred);
	return rc;
}

/* Returns 1 when result a is better than b under c's --select rule
 * (ties: the other score). */
static int at_tr_better(const at_tr_cli *c, const at_tr_result *a,
	const at_tr_result *b)
{
	double x = c->select_one ? a->val_one : a->val;
	double y = c->select_one ? b->val_one : b->val;

	if (x != y)
		return x > y;
	return c->select_one ? a->val > b->val : a->val_one > b->val_one;
}

/* Trains the c->ensemble members of settings o (seeds o->seed, o->seed +
 * 1, ...; with o->fixed, member i for exactly kept[i] epochs, else
 * kept[i] receives the epoch its early stopping kept) and returns their
 * merge (at_tr_ensemble), adding the epochs they ran to *epochs; NULL
 * after a message. */
static cJSON *at_tr_members(const at_tr_cli *c, const at_tr_data *d,
	const at_tr_norm *nm, const at_tr_opts *o, int *kept, int *epochs)
{
	cJSON *m[AT_TR_MAX_MEMBERS] = { 0 }, *w = NULL;
	char err[256] = "out of memory";
	int n = 0;

	for (; n < c->ensemble; n++) {
		at_tr_opts mo = *o;
		at_tr_run run;
		mo.seed = o->seed + (unsigned long long)n;
		if (o->fixed)
			mo.epochs = kept[n];
		if (!(m[n] = at_tr_train(d, nm, &mo, &run, err, sizeof err)))
			break;
		*epochs += run.epochs;
		if (!o->fixed)
			kept[n] = run.best;
	}
	if (n == c->ensemble)
		w = at_tr_ensemble(m, n);
	if (!w)
		fprintf(stderr, "autotile-train: error: %s\n", err);
	for (int i = 0; i < n; i++)
		cJSON_Delete(m[i]);
	return w;
}

/* Trains the members of settings o (at_tr_members) into r->w; r->val is
 * the merged network's validation Spearman, r->epochs the members' mean.
 * Returns 0, or -1 after a message. */
static int at_tr_train_one(const at_tr_cli *c, const at_tr_data *d,
	const at_tr_norm *nm, const at_tr_opts *o, at_tr_result *r)
{
	r->w = at_tr_members(c, d, nm, o, r->kept, &r->epochs);
	r->epochs /= c->ensemble;
	if (r->w && at_tr_val_of(d, r) < 0) {
		fprintf(stderr, "autotile-train: error: out of memory\n");
		return -1;
	}
	return r->w ? 0 : -1;
}

/* --refit: retrains the members of the chosen result r (settings of c at
 * r's width and loss, seeds as at_tr_train_one's, normalisation nm) on
 * the training and validation kernels of d together, member i for
 * exactly r->kept[i] epochs, and merges them into r->refit.  The
 * validation kernels return to their split before it returns.  Returns
 * 0, or -1 after a message. */
static int at_tr_refit(const at_tr_cli *c, at_tr_data *d,
	const at_tr_norm *nm, at_tr_result *r)
{
	int *val = malloc((d->n_kernel + 1) * sizeof(int)), nv = 0, epochs = 0;
	at_tr_opts o = c->opts;
	double t0 = at_tr_now();

	if (!val) {
		fprintf(stderr, "autotile-train: error: out of memory\n");
		return -1;
	}
	for (int k = 0; k < d->n_kernel; k++)
		if (d->kernels[k].split == AT_TR_VAL) {
			d->kernels[k].split = AT_TR_TRAIN;
			val[nv++] = k;
		}
	o.hidden = r->hidden;
	o.loss = r->loss;
	o.fixed = 1;
	r->refit = at_tr_members(c, d, nm, &o, r->kept, &epochs);
	for (int i = 0; i < nv; i++)
		d->kernels[val[i]].split = AT_TR_VAL;
	free(val);
	if (r->refit)
		printf("refit on the training and %d validation kernels: %d "
			"x %d networks, %.1f s\n", nv, c->ensemble, r->hidden,
			at_tr_now() - t0);
	return r->refit ? 0 : -1;
}

/* The networks of result r that are written: the refit ones with
 * --refit, else the early-stopped ones. */
static cJSON *at_tr_written(const at_tr_result *r)
{
	return r->refit ? r->refit : r->w;
}

/* Trains every (width, loss) of c; returns the results in r (c->n_hidden
 * * c->n_loss of them) and the index of the best, or -1 after a
 * message. */
static int at_tr_train_all(const at_tr_cli *c, const at_tr_data *d,
	const at_tr_norm *nm, at_tr_result *r)
{
	int n = 0, best = -1;

	for (int h = 0; h < c->n_hidden; h++)
		for (int l = 0; l < c->n_loss; l++, n++) {
			at_tr_opts o = c->opts;
			double t0 = at_tr_now();
			o.hidden = c->hidden[h];
			o.loss = c->losses[l];
			r[n].hidden = o.hidden;
			r[n].loss = o.loss;
			if (at_tr_train_one(c, d, nm, &o, &r[n]) < 0)
				return -1;
			r[n].seconds = at_tr_now() - t0;
			printf("trained loss %s hidden %d x %d: validation "
				"spearman %.4f, one-shot geo %.4f, %d epochs, "
				"%.1f s\n", at_tr_loss_name(o.loss), o.hidden,
				c->ensemble, r[n].val, r[n].val_one, r[n].epochs,
				r[n].seconds);
			if (best < 0 || at_tr_better(c, &r[n], &r[best]))
				best = n;
		}
	return best;
}

/* The "refit" object of the chosen result r: each member's epochs and
 * the early-stopped networks' metrics `before` (taken over), or NULL. */
static cJSON *at_tr_refit_json(const at_tr_cli *c, const at_tr_result *r,
	cJSON *before)
{
	cJSON *o = cJSON_CreateObject(), *e;

	if (!o || !(e = cJSON_AddArrayToObject(o, "epochs")))
		goto error;
	for (int i = 0; i < c->ensemble; i++)
		if (!cJSON_AddItemToArray(e, cJSON_CreateNumber(r->kept[i])))
			goto error;
	if (!cJSON_AddItemToObject(o, "early_stopped_metrics", before))
		goto error;
	return o;
error:
	cJSON_Delete(before);
	cJSON_Delete(o);
	return NULL;
}

/* The metrics of the chosen result r, printed and returned (NULL: out of
 * memory): those of m (the early-stopped networks, doubt and margin
 * chosen) on validation and test; with --refit, those on test of the
 * refit networks at the same doubt and margin, and the early-stopped
 * ones in *before. */
static cJSON *at_tr_final_metrics(const at_tr_data *d, const at_tr_result *r,
	const at_model *m, double margin, float *pred, cJSON **before)
{
	at_model *mr;
	cJSON *o;

	*before = NULL;
	if (!r->refit)
		return at_tr_report(m, d, margin, 0, pred);
	mr = at_model_from_json(r->refit, "(refit)", d->layout, d->dn, d->dc,
		NULL, 0);
	if (!mr || at_model_set_doubt(mr, at_model_doubt(m)) < 0 ||
	    !(*before = at_tr_report(m, d, margin, 0, pred))) {
		at_model_free(mr);
		return NULL;
	}
	printf("refit networks (trained on the validation kernels too; the "
		"lines above are the early-stopped networks'):\n");
	o = at_tr_report(mr, d, margin, 1, pred);
	at_model_free(mr);
	return o;
}

/* Adds margin, machine(s), dataset, training and metrics to the chosen
 * weights (r[best]'s refit networks with --refit, else its networks);
 * prints the metrics.  Returns 0 or 1 after a message. */
static int at_tr_finish(const at_tr_cli *c, const at_tr_data *d,
	at_tr_result *r, int n, int best)
{
	cJSON *w = at_tr_written(&r[best]), *metrics = NULL;
	cJSON *before = NULL;
	float *pred = malloc((d->n_row + 1) * sizeof(float));
	at_model *m = at_model_from_json(r[best].w, "(trained)", d->layout,
		d->dn, d->dc, NULL, 0);
	double margin = 0;
	int rc = 1;

	if (!pred || !m || at_tr_choose_doubt(m, d, AT_TR_VAL, pred,
	    &margin) < 0)
		goto error;
	printf("chosen: loss %s hidden %d x %d; keep margin %.2f, doubt "
		"%.2f (chosen on validation)\n", at_tr_loss_name(r[best].loss),
		r[best].hidden, c->ensemble, margin, at_model_doubt(m));
	metrics = at_tr_final_metrics(d, &r[best], m, margin, pred, &before);
	if (!metrics || at_tr_set(w, "keep_margin",
	    cJSON_CreateNumber(margin)) < 0 ||
	    at_tr_set(w, "doubt", cJSON_CreateNumber(at_model_doubt(m))) < 0 ||
	    at_tr_set(w, "machine", d->machine ? cJSON_Duplicate(d->machine,
		1) : cJSON_CreateObject()) < 0 ||
	    at_tr_set(w, "machines", d->machines ?
		cJSON_Duplicate(d->machines, 1) : cJSON_CreateArray()) < 0 ||
	    at_tr_set(w, "dataset", at_tr_dataset_json(d)) < 0 ||
	    at_tr_set(w, "training", at_tr_training_json(c, &r[best], r,
		n)) < 0 || at_tr_set(w, "metrics", metrics) < 0)
		goto error;
	metrics = NULL;
	if (before && at_tr_set(cJSON_GetObjectItem(w, "training"), "refit",
	    at_tr_refit_json(c, &r[best], before)) < 0) {
		before = NULL;
		goto error;
	}
	before = NULL;
	rc = 0;
error:
	if (rc)
		fprintf(stderr, "autotile-train: error: out of memory\n");
	cJSON_Delete(before);
	cJSON_Delete(metrics);
	at_model_free(m);
	free(pred);
	return rc;
}

/* Checks that the written file loads back; returns 0 or 1. */
static int at_tr_check_written(const char *path, const at_tr_data *d)
{
	char err[512];
	at_model *m = at_model_load(path, d->layout, d->dn, d->dc, err,
		sizeof err);

	if (!m) {
		fprintf(stderr, "autotile-train: error: written weights do not "
			"load: %s\n", err);
		return 1;
	}
	at_model_free(m);
	printf("wrote %s\n", path);
	return 0;
}

/* Training: every width and loss, the best on validation, its metrics,
 * the weights file.  Returns the exit status. */
static int at_tr_run_train(const at_tr_cli *c, at_tr_data *d)
{
	at_tr_norm nm = { 0 };
	int n = c->n_hidden * c->n_loss, best = -1, rc = 1, busy = 0;
	at_tr_result *r = calloc(n, sizeof(*r));

	if (c->busy_input && (busy = at_tr_data_add_busy(d)) >= 0)
		printf("data: --busy-input: %d training rows timed with more "
			"than %g competing threads kept, that number their "
			"further input\n", busy, d->max_busy);
	if (!r || busy < 0 || at_tr_norm_compute(d, &nm) < 0) {
		fprintf(stderr, "autotile-train: error: out of memory\n");
		goto error;
	}
	best = at_tr_train_all(c, d, &nm, r);
	if (best >= 0 && c->refit && at_tr_refit(c, d, &nm, &r[best]) < 0)
		best = -1;
	if (best >= 0 && c->busy_input) {
		at_tr_data_drop_busy(d);
		if (at_tr_fold_last_cand(r[best].w, 0) < 0 || (r[best].refit &&
		    at_tr_fold_last_cand(r[best].refit, 0) < 0))
			best = -1;
	}
	if (best >= 0 && at_tr_finish(c, d, r, n, best) == 0 &&
	    at_tr_write(c->out, at_tr_written(&r[best])) == 0)
		rc = at_tr_check_written(c->out, d);
error:
	for (int i = 0; r && i < n; i++) {
		cJSON_Delete(r[i].w);
		cJSON_Delete(r[i].refit);
	}
	free(r);
	at_tr_norm_free(&nm);
	return rc;
}

/* The trainer's entry point. */
int main(int argc, char **argv)
{
	at_tr_cli c;
	at_tr_data d;
	int rc;

	memset(&c, 0, sizeof c);
	memset(&d, 0, sizeof d);
	rc = at_tr_parse(&c, argc, argv);
	if (rc)
		return rc == 1 ? 0 : rc;
	if (c.bench && c.n_files == 0)
		return at_tr_bench(&c, c.dn, c.dc);
	rc = at_tr_load_data(&c, &d);
	if (rc == 0)
		rc = c.bench ? at_tr_bench(&c, c.dn > 0 ? c.dn : d.dn,
			c.dc > 0 ? c.dc : d.dc) : c.eval ? at_tr_eval(&c, &d) :
			at_tr_run_train(&c, &d);
	at_tr_data_free(&d);
	return rc;
}
