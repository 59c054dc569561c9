/*
 * featurize.c — bin/autotile-features: measurement rows -> training rows.
 *
 *   autotile-features [-I DIR] [--gen PATH] [--machine FILE] [-j N] [-q]
 *                     IN.jsonl... -o OUT.jsonl
 *
 * Reads the measurement rows of bin/autotile-dataset (one JSON object per
 * line, see the shared formats), groups them by kernel (seed, size and
 * machine),
 * regenerates each kernel's source with `autotile-gen --seed S --size
 * SIZE` into a temporary file, runs the library's pipeline on it
 * (frontend, deps, space at AT_SPACE_SHAPES) and writes one training row per
 * measured candidate after a header line naming the feature layout:
 *
 *   {"layout":"at-feat-2","nest_names":[...],"cand_names":[...],
 *    "machine":{"l1d":...,"l2":...,"l3":...,"cores":...}}
 *   {"seed":S,"cand":ID,"role":R,"speedup":X,"time":T,"ref_time":T0,
 *    "load":A,"busy":B,"busy_normal":B0,"busy_niced":B1,"spread":P,
 *    "nest":[...],"cand_x":[...]}
 *
 * "load" is the measurement row's load average, "busy" the other tasks
 * runnable before or (the worse of the two) right after the timing, nice
 * 19 included, "busy_normal" the threads that competed at the timing
 * runs' priority and "busy_niced" those at nice 1 to 18 (each absent
 * when the measurement has none), so that training can leave out
 * kernels timed on a busy machine.  "spread" is the measurement's
 * (max - min) / min over its timed runs (absent when it has none, and on
 * censored rows), from which training can weigh a row by how noisy its
 * timing was (autotile-train --spread-weight).
 *
 * The machine features of a kernel (cache sizes and cores) are its rows'
 * "machine" record ({"cpu":..., "l1d":..., "l2":..., "l3":..., "cores":
 * ...}, written by autotile-dataset since session 11), else those of
 * --machine FILE, else this machine's; the header's "machine" is the
 * latter (the machine of rows without a record).
 *
 * A row of check "timeout" (the timing build stopped the variant at its
 * time limit L) becomes a censored training row: its features as for any
 * row, "speedup": ref_time / L (an upper bound on the true speedup),
 * "time": null, "limit": L, "censored": 1.  L is the row's "limit" when it
 * has one (a bound on each run of the variant), else it is derived from
 * the X of its "error" text "over X s (--timeout T ...)": max(X, 1 s), at
 * most T, as the harness of those rows applied it, but to the sum of the
 * warm-up and the timed runs, so one run took at least that over
 * AT_FZ_OLD_RUNS (see at_fz_limit).  A timeout of
 * the check build (test size, never timed) is skipped like any check
 * other than "ok".
 *
 * The generator is $AUTOTILE_GEN, else autotile-gen next to this program;
 * the kernels include "at_bench.h", found with -I DIR (default: the
 * runtime/ directory beside this program's bin/, else ./runtime).  A row
 * whose check is neither "ok" nor such a timeout is skipped with a warning
 * naming seed and id (with -q: one line counting them per check value);
 * a row whose candidate id does not parse or that lacks a field is skipped
 * with a warning even with -q; a kernel that cannot be generated or parsed
 * is skipped with a warning.
 *
 * With -j N (default: the online CPUs) N worker processes share the
 * kernels, worker w taking kernels w, w + N, ... in the sorted order; each
 * writes its rows and their byte counts to files in the temporary
 * directory, and the parent copies them out in kernel order, so the output
 * and the counts are the same for every N.
 *
 * Progress goes to stderr.  Exit status: 0 success, 1 unreadable input,
 * unwritable output or a failed worker, 2 usage error.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <isl/ctx.h>

#include "at_buf.h"
#include "at_diag.h"
#include "at_frontend.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_features.h"

/* Distinct check values counted for the summary of skipped rows. */
#define AT_FZ_CHECKS 8

/* At most this many worker processes (-j). */
#define AT_FZ_MAX_JOBS 64

/* Distinct machines (rows' "machine" records) in one run. */
#define AT_FZ_MACHS 16

/* One measurement row (the fields training rows need). */
struct at_fz_row {
	long seed;
	char size[16];
	char *cand, *role;
	double speedup, time, ref_time;
	double limit;		/* censored: the time limit it went over */
	double load;		/* the machine's load average, -1: unknown */
	double busy;		/* other runnable tasks, nice 19 included, the
				 * worse of before and after timing; -1: unknown */
	double busy_normal;	/* competing nice <= 0 threads, -1: unknown */
	double busy_niced;	/* competing nice 1..18 threads, -1: unknown */
	double spread;		/* (max - min) / min of the timed runs, -1:
				 * unknown */
	int censored;		/* 1: a timeout; speedup = ref_time / limit */
	int mach;		/* index in at_fz.machs (0: the default) */
	long order;		/* position in the input, for a stable sort */
};

/* What reading and processing counted; each worker counts its own
 * kernels and hands its tally to the parent. */
struct at_fz_tally {
	long written, skipped, censored;
	int bad_kernels;
};

/* Command line and the rows read. */
struct at_fz {
	const char *out, *gen, *inc;
	char inc_buf[1024], gen_buf[1024];
	int quiet;
	int n_in;
	const char **in;
	int n_row, cap;
	struct at_fz_row *rows;
	const char *mach_file;	/* --machine FILE, or NULL */
	int n_mach;
	struct at_fz_mach {
		at_feat_machine m;
		char cpu[128];		/* "" unknown */
		long rows;		/* rows kept that it timed */
	} machs[AT_FZ_MACHS];	/* [0]: for rows without a "machine" record */
	struct at_fz_tally n;
	int jobs;		/* -j: worker processes */
	int n_check;		/* rows skipped for their check, per value */
	struct at_fz_check {
		char name[32];
		long n;
	} checks[AT_FZ_CHECKS];
};

/* A cached structure of one kernel: its choice with sizes cleared. */
struct at_fz_struct {
	at_choice key;
	at_feat_struct_info si;
};

/* Prints the usage text on f. */
static void at_fz_usage(FILE *f)
{
	fprintf(f,
"usage: autotile-features [-I DIR] [--gen PATH] [--machine FILE] [-j N] [-q]\n"
"                         IN.jsonl... -o OUT.jsonl\n"
"\n"
"Turns measurement rows (bin/autotile-dataset) into training rows: a\n"
"header naming the feature layout, then per measured candidate the nest\n"
"vector and the candidate vector.  A timeout row becomes a censored row\n"
"(speedup = ref_time / limit, an upper bound; \"censored\": 1).  The\n"
"machine features are those of the row's \"machine\" record (written by\n"
"autotile-dataset since session 11), else of --machine FILE, else of\n"
"this machine.\n"
"\n"
"  -o FILE      training rows (required)\n"
"  -I DIR       directory of at_bench.h (default: runtime/ beside bin/)\n"
"  --gen PATH   the kernel generator (default: $AUTOTILE_GEN, else\n"
"               autotile-gen next to this program)\n"
"  --machine FILE  the machine of rows without a \"machine\" record: a\n"
"               JSON object {\"l1d\": B, \"l2\": B, \"l3\": B, \"cores\": N}\n"
"  -j N         N worker processes, each taking every N-th kernel (default:\n"
"               the online CPUs); the output does not depend on N\n"
"  -q           no progress lines; rows skipped for their check are\n"
"               counted on one line instead of one warning each\n");
}

/* Writes dirname(argv0) + "/" + rel into buf; returns buf. */
static char *at_fz_beside(const char *argv0, const char *rel, char *buf,
	size_t size)
{
	const char *slash = strrchr(argv0, '/');
	int len = slash ? (int)(slash - argv0) : 1;

	snprintf(buf, size, "%.*s/%s", len, slash ? argv0 : ".", rel);
	return buf;
}

/* Sets the default generator and include directory (see the top). */
static void at_fz_defaults(struct at_fz *fz, const char *argv0)
{
	struct stat st;

	fz->gen = getenv("AUTOTILE_GEN");
	if (!fz->gen || !*fz->gen)
		fz->gen = at_fz_beside(argv0, "autotile-gen", fz->gen_buf,
			sizeof(fz->gen_buf));
	at_fz_beside(argv0, "../runtime", fz->inc_buf, sizeof(fz->inc_buf));
	fz->inc = stat(fz->inc_buf, &st) == 0 ? fz->inc_buf : "runtime";
	fz->jobs = sysconf(_SC_NPROCESSORS_ONLN) > 1 ?
		(int)sysconf(_SC_NPROCESSORS_ONLN) : 1;
	if (fz->jobs > AT_FZ_MAX_JOBS)
		fz->jobs = AT_FZ_MAX_JOBS;
}

/* Parses the command line into fz; returns 0, 1 (--help shown) or 2. */
static int at_fz_args(struct at_fz *fz, int argc, char **argv)
{
	at_fz_defaults(fz, argv[0]);
	fz->in = calloc(argc, sizeof(*fz->in));
	if (!fz->in)
		return 2;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int more = i + 1 < argc;
		if (!strcmp(a, "--help")) {
			at_fz_usage(stdout);
			return 1;
		} else if (!strcmp(a, "-q")) {
			fz->quiet = 1;
		} else if (!strcmp(a, "-j") && more) {
			char *end;
			long j = strtol(argv[++i], &end, 10);
			if (*end || end == argv[i] || j < 1 ||
			    j > AT_FZ_MAX_JOBS) {
				fprintf(stderr, "autotile-features: error: -j "
					"`%s`: not a number of workers from 1 "
					"to %d\n", argv[i], AT_FZ_MAX_JOBS);
				return 2;
			}
			fz->jobs = (int)j;
		} else if ((!strcmp(a, "-o") || !strcmp(a, "-I") ||
		    !strcmp(a, "--gen") || !strcmp(a, "--machine")) && more) {
			const char **dst = a[1] == 'o' ? &fz->out :
				a[1] == 'I' ? &fz->inc : a[2] == 'g' ?
				&fz->gen : &fz->mach_file;
			*dst = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "autotile-features: error: unknown "
				"option or missing value `%s`\n", a);
			return 2;
		} else {
			fz->in[fz->n_in++] = a;
		}
	}
	if (!fz->out || fz->n_in == 0) {
		at_fz_usage(stderr);
		return 2;
	}
	return 0;
}

/* Returns the number `key` of object o; sets *ok to 0 (and returns 0)
 * when it is missing or not a number. */
static double at_fz_num(const cJSON *o, const char *key, int *ok)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsNumber(v)) {
		*ok = 0;
		return 0;
	}
	return v->valuedouble;
}

/* Returns the number `key` of o when it is a finite non-negative number,
 * else -1. */
static double at_fz_opt_num(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) && isfinite(v->valuedouble) &&
		v->valuedouble >= 0 ? v->valuedouble : -1;
}

/* Returns the string `key` of o, or NULL. */
static const char *at_fz_str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Counts a row skipped for its check value `check` in fz->checks; past
 * AT_FZ_CHECKS distinct values the last slot becomes "other". */
static void at_fz_count_check(struct at_fz *fz, const char *check)
{
	int i = 0;

	while (i < fz->n_check && strcmp(fz->checks[i].name, check))
		i++;
	if (i == AT_FZ_CHECKS) {
		i = AT_FZ_CHECKS - 1;
		snprintf(fz->checks[i].name, sizeof(fz->checks[i].name),
			"other");
	} else if (i == fz->n_check) {
		snprintf(fz->checks[i].name, sizeof(fz->checks[i].name), "%s",
			check);
		fz->n_check++;
	}
	fz->checks[i].n++;
	fz->n.skipped++;
}

/* Runs a variant made at most under the harness that wrote timeout rows
 * without "limit" (one warm-up and at most 3 timed runs, the driver's
 * default and the most the shipped rows used): that harness stopped a
 * variant when the SUM of its runs went over the limit, so one run is
 * only known to have taken over limit / AT_FZ_OLD_RUNS. */
#define AT_FZ_OLD_RUNS 4

/* The time limit one run of the timeout row o went over: its "limit"
 * when it has one, else the X of its message "timing build: over X s
 * (--timeout T or ...)" as the harness applied it (never below 1 s,
 * never above T), divided by AT_FZ_OLD_RUNS.  Returns 1 with *limit set;
 * 0 for a timeout of the check build, which ran at test size and says
 * nothing of the timed size; -1 when no limit is found. */
static int at_fz_limit(const cJSON *o, double *limit)
{
	const char *msg = at_fz_str(o, "error"), *p;
	char *end;
	double t = 0;
	int ok = 1;

	if (msg && !strncmp(msg, "check build", 11))
		return 0;
	*limit = at_fz_num(o, "limit", &ok);
	if (ok)
		return isfinite(*limit) && *limit > 0 ? 1 : -1;
	p = msg ? strstr(msg, "over ") : NULL;
	if (!p)
		return -1;
	*limit = strtod(p + 5, &end);
	if (end == p + 5 || !isfinite(*limit) || *limit < 0)
		return -1;
	if (*limit < 1.0)
		*limit = 1.0;
	p = strstr(msg, "--timeout ");
	if (p)
		t = strtod(p + 10, NULL);
	if (t > 0 && t < *limit)
		*limit = t;
	*limit /= AT_FZ_OLD_RUNS;
	return 1;
}

/* Fills the censored fields of the timeout row r from object o: the
 * limit, and speedup = ref_time / limit, an upper bound on the true
 * speedup.  Returns 1, 0 when the row is skipped for its check (counted),
 * -1 when it is malformed (warned, always). */
static int at_fz_timeout(struct at_fz *fz, const cJSON *o,
	struct at_fz_row *r, const char *where)
{
	int k = at_fz_limit(o, &r->limit);

	if (k == 0) {
		if (!fz->quiet)
			fprintf(stderr, "%s: warning: autotile-features: seed "
				"%ld candidate `%s`: timeout in the check build, "
				"not timed; skipped\n", where, r->seed, r->cand);
		at_fz_count_check(fz, "timeout (check build)");
		return 0;
	}
	if (k < 0 || !(r->ref_time > 0) || !isfinite(r->ref_time)) {
		fprintf(stderr, "%s: warning: autotile-features: seed %ld "
			"candidate `%s`: timeout row without a positive "
			"ref_time and a limit (\"limit\" or \"over X s\" in "
			"\"error\"); skipped\n", where, r->seed, r->cand);
		fz->n.skipped++;
		return -1;
	}
	r->speedup = r->ref_time / r->limit;
	r->censored = 1;
	return 1;
}

/* Reads a machine record (at_features_machine_read) and its optional
 * "cpu" name into *fm.  Returns 0, or -1 when the record is malformed. */
static int at_fz_machine_read(const cJSON *o, struct at_fz_mach *fm)
{
	const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(o, "cpu");

	if (at_features_machine_read(o, &fm->m) < 0)
		return -1;
	snprintf(fm->cpu, sizeof(fm->cpu), "%s", cJSON_IsString(cpu) ?
		cpu->valuestring : "");
	return 0;
}

/* Returns the index in fz->machs of the row's machine record o (NULL:
 * none, index 0), adding it when new; -1 when it is malformed or the
 * table is full. */
static int at_fz_machine_of(struct at_fz *fz, const cJSON *o)
{
	struct at_fz_mach fm = { 0 };
	const at_feat_machine *m = &fm.m;

	if (!o)
		return 0;
	if (at_fz_machine_read(o, &fm) < 0)
		return -1;
	for (int i = 1; i < fz->n_mach; i++)
		if (at_features_machine_same(&fz->machs[i].m, m) &&
		    !strcmp(fz->machs[i].cpu, fm.cpu))
			return i;
	if (fz->n_mach == AT_FZ_MACHS)
		return -1;
	fz->machs[fz->n_mach] = fm;
	return fz->n_mach++;
}

/* Fills r (cand and role still borrowed from o) from the measurement
 * object o; `where` is file:line for warnings.  Returns 1 for a row to
 * keep (check "ok" or absent, or a timeout: censored), 0 for a row
 * skipped (counted; a warning unless -q, always for a malformed row). */
static int at_fz_parse(struct at_fz *fz, const cJSON *o, const char *where,
	struct at_fz_row *r)
{
	const char *size = at_fz_str(o, "size"), *check = at_fz_str(o, "check");
	int ok = 1, tmo;

	r->cand = (char *)at_fz_str(o, "cand");
	r->role = (char *)at_fz_str(o, "role");
	r->seed = (long)at_fz_num(o, "seed", &ok);
	r->ref_time = at_fz_num(o, "ref_time", &ok);
	r->load = at_fz_opt_num(o, "load");
	r->busy = fmax(at_fz_opt_num(o, "busy"),
		at_fz_opt_num(o, "busy_after"));
	r->busy_normal = at_fz_opt_num(o, "busy_normal");
	r->busy_niced = at_fz_opt_num(o, "busy_niced");
	r->spread = at_fz_opt_num(o, "spread");
	r->mach = at_fz_machine_of(fz, cJSON_GetObjectItemCaseSensitive(o,
		"machine"));
	if (r->mach < 0) {
		fprintf(stderr, "%s: warning: autotile-features: seed %ld: "
			"\"machine\" is not {\"l1d\", \"l2\", \"l3\", "
			"\"cores\"} of positive numbers, or more than %d "
			"machines; skipped\n", where, r->seed, AT_FZ_MACHS - 1);
		fz->n.skipped++;
		return 0;
	}
	tmo = check && !strcmp(check, "timeout") && r->cand &&
		strcmp(r->cand, AT_KEEP_ID);
	if (check && strcmp(check, "ok") && !tmo) {
		if (!fz->quiet)
			fprintf(stderr, "%s: warning: autotile-features: seed "
				"%ld candidate `%s`: check is \"%s\", not \"ok\"; "
				"skipped\n", where, r->seed,
				r->cand ? r->cand : "?", check);
		at_fz_count_check(fz, check);
		return 0;
	}
	if (!tmo) {
		r->time = at_fz_num(o, "time", &ok);
		r->speedup = at_fz_num(o, "speedup", &ok);
	}
	if (!ok || !r->cand || !r->role || !size) {
		fprintf(stderr, "%s: warning: autotile-features: row lacks "
			"seed, size, cand, role, ref_time, or (not a timeout) "
			"time or speedup; skipped\n", where);
		fz->n.skipped++;
		return 0;
	}
	snprintf(r->size, sizeof(r->size), "%s", size);
	return tmo ? at_fz_timeout(fz, o, r, where) > 0 : 1;
}

/* Appends the row of object o (file:line for warnings) unless at_fz_parse
 * skips it.  Returns 0, or -1 when out of memory. */
static int at_fz_add(struct at_fz *fz, const cJSON *o, const char *file,
	long line)
{
	struct at_fz_row r = { 0 };
	char where[1100];

	snprintf(where, sizeof(where), "%s:%ld", file, line);
	if (!at_fz_parse(fz, o, where, &r))
		return 0;
	r.cand = strdup(r.cand);
	r.role = strdup(r.role);
	r.order = fz->n_row;
	if (fz->n_row == fz->cap) {
		int cap = fz->cap ? 2 * fz->cap : 256;
		struct at_fz_row *v = realloc(fz->rows, cap * sizeof(*v));
		if (!v)
			goto error;
		fz->rows = v;
		fz->cap = cap;
	}
	if (!r.cand || !r.role)
		goto error;
	fz->rows[fz->n_row++] = r;
	fz->machs[r.mach].rows++;
	return 0;
error:
	free(r.cand);
	free(r.role);
	return -1;
}

/* Reads every row of file `path`.  Returns 0, or -1 after an error
 * message (unreadable file, out of memory). */
static int at_fz_read(struct at_fz *fz, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	long n = 0;
	int r = 0;

	if (!f) {
		fprintf(stderr, "autotile-features: error: cannot read `%s`\n",
			path);
		return -1;
	}
	while (r == 0 && getline(&line, &cap, f) >= 0) {
		cJSON *o;
		n++;
		if (line[strspn(line, " \t\r\n")] == 0)
			continue;
		o = cJSON_Parse(line);
		if (!cJSON_IsObject(o)) {
			fprintf(stderr, "%s:%ld: warning: autotile-features: "
				"not a JSON object; skipped\n", path, n);
			fz->n.skipped++;
		} else {
			r = at_fz_add(fz, o, path, n);
		}
		cJSON_Delete(o);
	}
	free(line);
	fclose(f);
	if (r < 0)
		fprintf(stderr, "autotile-features: error: out of memory\n");
	return r;
}

/* Orders rows by seed, size, machine, then input position. */
static int at_fz_cmp(const void *a, const void *b)
{
	const struct at_fz_row *x = a, *y = b;
	int c = strcmp(x->size, y->size);

	if (x->seed != y->seed)
		return x->seed < y->seed ? -1 : 1;
	if (c)
		return c;
	if (x->mach != y->mach)
		return x->mach < y->mach ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Runs the generator for (seed, size) into `path`.  Returns 0, or -1
 * after a warning. */
static int at_fz_generate(const struct at_fz *fz, long seed,
	const char *size, const char *path)
{
	char s[32];
	char *argv[8];
	pid_t pid;
	int status;

	snprintf(s, sizeof(s), "%ld", seed);
	argv[0] = (char *)fz->gen;
	argv[1] = "--seed";
	argv[2] = s;
	argv[3] = "--size";
	argv[4] = (char *)size;
	argv[5] = "-o";
	argv[6] = (char *)path;
	argv[7] = NULL;
	pid = fork();
	if (pid == 0) {
		execvp(fz->gen, argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0) {
		fprintf(stderr, "autotile-features: warning: `%s --seed %ld "
			"--size %s` failed; kernel skipped\n", fz->gen, seed,
			size);
		return -1;
	}
	return 0;
}

/* Returns a number rounded to 6 significant digits (shorter JSON). */
static cJSON *at_fz_number(double v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%.6g", v);
	return cJSON_CreateNumber(strtod(buf, NULL));
}

/* Returns a JSON array of the n floats of v. */
static cJSON *at_fz_array(const float *v, int n)
{
	cJSON *a = cJSON_CreateArray();

	for (int k = 0; a && k < n; k++)
		if (!cJSON_AddItemToArray(a, at_fz_number(v[k]))) {
			cJSON_Delete(a);
			return NULL;
		}
	return a;
}

/* Writes object o as one line of f and frees it.  Returns 0 or -1. */
static int at_fz_emit(FILE *f, cJSON *o)
{
	char *text = o ? cJSON_PrintUnformatted(o) : NULL;
	int r = text && fprintf(f, "%s\n", text) > 0 ? 0 : -1;

	cJSON_free(text);
	cJSON_Delete(o);
	return r;
}

/* Returns a JSON array of the names `name(k)` for k < n. */
static cJSON *at_fz_names(char *(*name)(int, char *, size_t), int n)
{
	cJSON *a = cJSON_CreateArray();
	char buf[64];

	for (int k = 0; a && k < n; k++)
		if (!cJSON_AddItemToArray(a, cJSON_CreateString(
		    name(k, buf, sizeof(buf))))) {
			cJSON_Delete(a);
			return NULL;
		}
	return a;
}

/* Returns machine record fm as a new object {"cpu" (when known), "l1d",
 * "l2", "l3", "cores"} plus "rows" when with_rows, or NULL. */
static cJSON *at_fz_machine_json(const struct at_fz_mach *fm, int with_rows)
{
	cJSON *o = cJSON_CreateObject();

	if (!o || (fm->cpu[0] && !cJSON_AddStringToObject(o, "cpu",
	    fm->cpu)) ||
	    !cJSON_AddNumberToObject(o, "l1d", (double)fm->m.l1d) ||
	    !cJSON_AddNumberToObject(o, "l2", (double)fm->m.l2) ||
	    !cJSON_AddNumberToObject(o, "l3", (double)fm->m.l3) ||
	    !cJSON_AddNumberToObject(o, "cores", fm->m.cores) ||
	    (with_rows && !cJSON_AddNumberToObject(o, "rows",
	    (double)fm->rows))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Writes the header line: layout, feature names, "machine" (that of
 * rows without a record) and "machines" (every machine with rows, and
 * how many).  Returns 0 or -1. */
static int at_fz_header(FILE *f, const struct at_fz *fz)
{
	cJSON *o = cJSON_CreateObject(), *all = cJSON_CreateArray();
	cJSON *mach = at_fz_machine_json(&fz->machs[0], 0);
	int bad = !o || !all || !mach;

	for (int i = 0; !bad && i < fz->n_mach; i++) {
		cJSON *m = fz->machs[i].rows ?
			at_fz_machine_json(&fz->machs[i], 1) : NULL;
		bad = fz->machs[i].rows && !cJSON_AddItemToArray(all, m);
	}
	if (bad ||
	    !cJSON_AddStringToObject(o, "layout", AT_FEAT_LAYOUT) ||
	    !cJSON_AddItemToObject(o, "nest_names",
		at_fz_names(at_features_nest_name, AT_FEAT_NEST_DIM)) ||
	    !cJSON_AddItemToObject(o, "cand_names",
		at_fz_names(at_features_cand_name, AT_FEAT_CAND_DIM))) {
		cJSON_Delete(o);
		cJSON_Delete(all);
		cJSON_Delete(mach);
		return -1;
	}
	cJSON_AddItemToObject(o, "machine", mach);
	cJSON_AddItemToObject(o, "machines", all);
	return at_fz_emit(f, o);
}

/* Writes the training row of r with vectors nest and cand.  Returns 0
 * or -1. */
static int at_fz_row_out(FILE *f, const struct at_fz_row *r,
	const float *nest, const float *cand)
{
	cJSON *o = cJSON_CreateObject();
	int keep = !strcmp(r->cand, AT_KEEP_ID);

	if (!o || !cJSON_AddNumberToObject(o, "seed", (double)r->seed) ||
	    !cJSON_AddStringToObject(o, "cand", r->cand) ||
	    !cJSON_AddStringToObject(o, "role", r->role) ||
	    !cJSON_AddItemToObject(o, "speedup",
		at_fz_number(keep ? 1.0 : r->speedup)) ||
	    !cJSON_AddItemToObject(o, "time", r->censored ? cJSON_CreateNull() :
		at_fz_number(r->time)) ||
	    !cJSON_AddItemToObject(o, "ref_time", at_fz_number(r->ref_time)) ||
	    (r->load >= 0 && !cJSON_AddItemToObject(o, "load",
		at_fz_number(r->load))) ||
	    (r->busy >= 0 && !cJSON_AddItemToObject(o, "busy",
		at_fz_number(r->busy))) ||
	    (r->busy_normal >= 0 && !cJSON_AddItemToObject(o, "busy_normal",
		at_fz_number(r->busy_normal))) ||
	    (r->busy_niced >= 0 && !cJSON_AddItemToObject(o, "busy_niced",
		at_fz_number(r->busy_niced))) ||
	    (r->spread >= 0 && !r->censored && !cJSON_AddItemToObject(o,
		"spread", at_fz_number(r->spread))) ||
	    (r->censored && (!cJSON_AddItemToObject(o, "limit",
		at_fz_number(r->limit)) ||
	    !cJSON_AddNumberToObject(o, "censored", 1))) ||
	    !cJSON_AddItemToObject(o, "nest",
		at_fz_array(nest, AT_FEAT_NEST_DIM)) ||
	    !cJSON_AddItemToObject(o, "cand_x",
		at_fz_array(cand, AT_FEAT_CAND_DIM))) {
		cJSON_Delete(o);
		return -1;
	}
	return at_fz_emit(f, o);
}

/* One kernel under featurization: its pipeline and structure cache. */
struct at_fz_kernel {
	isl_ctx *ctx;
	at_source *src;
	at_deps *deps;
	at_space *space;
	at_feat_nest *nest;
	float nest_x[AT_FEAT_NEST_DIM];
	int n_struct, cap;
	struct at_fz_struct *structs;
};

/* Frees what k holds (not k itself). */
static void at_fz_kernel_free(struct at_fz_kernel *k)
{
	free(k->structs);
	free(k->nest);
	at_space_free(k->space);
	at_deps_free(k->deps);
	at_source_free(k->src);
	if (k->ctx)
		isl_ctx_free(k->ctx);
	memset(k, 0, sizeof(*k));
}

/* Runs the pipeline on the kernel file `path` into *k: frontend, deps,
 * space, nest features at the file's #define values.  Returns 0, or -1
 * after a warning (k is then freed). */
static int at_fz_kernel_load(const struct at_fz *fz, const char *path,
	const struct at_fz_row *row, struct at_fz_kernel *k)
{
	const char *args[2] = { "-I", fz->inc };
	long *vals = NULL;

	memset(k, 0, sizeof(*k));
	k->ctx = at_scop_ctx_alloc();
	if (!k->ctx)
		goto error;
	if (at_frontend_parse(path, 2, args, &k->src) != 0 ||
	    k->src->n_scop < 1)
		goto error;
	k->deps = at_deps_compute(k->ctx, k->src->scops[0]);
	k->space = k->deps ? at_space_build(k->ctx, k->src->scops[0], k->deps,
		AT_SPACE_SHAPES) : NULL;
	k->nest = malloc(sizeof(*k->nest));
	vals = calloc(k->src->scops[0]->n_param + 1, sizeof(long));
	if (!k->space || !k->nest || !vals)
		goto error;
	at_features_param_values(k->src->scops[0], vals);
	if (at_features_nest_info(k->ctx, k->src->scops[0], k->deps, k->space,
	    vals, &fz->machs[row->mach].m, k->nest) < 0)
		goto error;
	free(vals);
	at_features_nest_encode(k->nest, k->nest_x);
	return 0;
error:
	free(vals);
	fprintf(stderr, "autotile-features: warning: seed %ld: the kernel "
		"could not be analysed; skipped\n", row->seed);
	at_fz_kernel_free(k);
	return -1;
}

/* Returns the cached structure info of ch, computing it on first use;
 * NULL on error. */
static const at_feat_struct_info *at_fz_struct(struct at_fz_kernel *k,
	const at_choice *ch)
{
	at_choice key;
	struct at_fz_struct *s;

	memcpy(&key, ch, sizeof(key));	/* padding too: ch was zeroed */
	memset(key.sizes, 0, sizeof(key.sizes));
	for (int i = 0; i < k->n_struct; i++)
		if (!memcmp(&k->structs[i].key, &key, sizeof(key)))
			return &k->structs[i].si;
	if (k->n_struct == k->cap) {
		int cap = k->cap ? 2 * k->cap : 16;
		s = realloc(k->structs, cap * sizeof(*s));
		if (!s)
			return NULL;
		k->structs = s;
		k->cap = cap;
	}
	s = &k->structs[k->n_struct];
	s->key = key;
	if (at_features_struct(k->ctx, k->space, k->nest, ch, &s->si) < 0)
		return NULL;
	k->n_struct++;
	return &s->si;
}

/* Encodes the candidate of row r into cand.  Returns 0, or -1 after a
 * warning naming seed and id (the row is skipped). */
static int at_fz_encode(struct at_fz_kernel *k, const struct at_fz_row *r,
	float *cand)
{
	at_choice ch;
	char err[256];
	const at_feat_struct_info *si;

	if (!strcmp(r->cand, AT_KEEP_ID)) {
		at_features_keep(k->nest, cand);
		return 0;
	}
	memset(&ch, 0, sizeof(ch));
	if (at_space_parse_id(k->space, r->cand, &ch, err, sizeof(err)) < 0) {
		fprintf(stderr, "autotile-features: warning: seed %ld "
			"candidate `%s`: %s; skipped\n", r->seed, r->cand, err);
		return -1;
	}
	si = at_fz_struct(k, &ch);
	if (!si) {
		fprintf(stderr, "autotile-features: warning: seed %ld "
			"candidate `%s`: its structure could not be analysed; "
			"skipped\n", r->seed, r->cand);
		return -1;
	}
	at_features_cand(si, ch.sizes, cand);
	return 0;
}

/* Writes the training rows of rows[0..n) (one kernel) to f.  Returns the
 * number written, or -1 on an output error. */
static int at_fz_kernel_rows(struct at_fz *fz, const char *path,
	const struct at_fz_row *rows, int n, FILE *f)
{
	struct at_fz_kernel k;
	float cand[AT_FEAT_CAND_DIM];
	int done = 0;

	if (at_fz_kernel_load(fz, path, &rows[0], &k) < 0) {
		fz->n.bad_kernels++;
		fz->n.skipped += n;
		return 0;
	}
	for (int i = 0; i < n; i++) {
		if (at_fz_encode(&k, &rows[i], cand) < 0) {
			fz->n.skipped++;
			continue;
		}
		if (at_fz_row_out(f, &rows[i], k.nest_x, cand) < 0) {
			at_fz_kernel_free(&k);
			return -1;
		}
		done++;
		fz->n.censored += rows[i].censored;
	}
	at_fz_kernel_free(&k);
	return done;
}

/* Processes the kernel of rows[0..n) in the temporary directory dir,
 * as worker w (which names its kernel file).  Returns 0, or -1 on an
 * output error. */
static int at_fz_kernel(struct at_fz *fz, const char *dir, int w,
	const struct at_fz_row *rows, int n, FILE *f)
{
	char path[1100];
	int done = 0;

	snprintf(path, sizeof(path), "%s/k%ld-w%d.c", dir, rows[0].seed, w);
	if (at_fz_generate(fz, rows[0].seed, rows[0].size, path) < 0) {
		fz->n.bad_kernels++;
		fz->n.skipped += n;
	} else {
		done = at_fz_kernel_rows(fz, path, rows, n, f);
	}
	unlink(path);
	if (done < 0)
		return -1;
	fz->n.written += done;
	return 0;
}

/* Prints progress after kernel i of n_kernel (seed), processed by worker
 * w of n_w (whose own counts it prints). */
static void at_fz_progress(const struct at_fz *fz, int i, int n_kernel,
	long seed, int w, int n_w)
{
	if (fz->quiet)
		return;
	if (n_w > 1)
		fprintf(stderr, "autotile-features: kernel %d/%d (seed %ld, "
			"worker %d): %ld rows written by it, %ld skipped\n", i,
			n_kernel, seed, w, fz->n.written, fz->n.skipped);
	else
		fprintf(stderr, "autotile-features: kernel %d/%d (seed %ld): "
			"%ld rows written, %ld skipped\n", i, n_kernel, seed,
			fz->n.written, fz->n.skipped);
}

/* Returns 0 when rows a and b are of the same kernel (seed and size)
 * measured on the same machine. */
static int at_fz_cmp_kernel(const struct at_fz_row *a,
	const struct at_fz_row *b)
{
	return a->seed != b->seed || strcmp(a->size, b->size) ||
		a->mach != b->mach;
}

/* Sorts fz->rows by kernel and returns a new array of the index of each
 * kernel's first row, with fz->n_row after the last; sets *n_kernel.
 * NULL when out of memory. */
static int *at_fz_kernels(struct at_fz *fz, int *n_kernel)
{
	int *start = malloc((fz->n_row + 1) * sizeof(*start));

	*n_kernel = 0;
	if (!start)
		return NULL;
	qsort(fz->rows, fz->n_row, sizeof(*fz->rows), &at_fz_cmp);
	for (int i = 0; i < fz->n_row; i++)
		if (i == 0 || at_fz_cmp_kernel(&fz->rows[i - 1], &fz->rows[i]))
			start[(*n_kernel)++] = i;
	start[*n_kernel] = fz->n_row;
	return start;
}

/* Processes kernels w, w + n_w, w + 2 n_w, ... of the n_kernel that
 * start[] delimits, writing their rows to f.  When idx is not NULL,
 * writes there the byte count each kernel added to f, then worker w's
 * tally.  Returns 0, or -1 on an output error. */
static int at_fz_share(struct at_fz *fz, const char *dir, const int *start,
	int n_kernel, int w, int n_w, FILE *f, FILE *idx)
{
	for (int i = w; i < n_kernel; i += n_w) {
		long before = ftell(f), len;
		if (before < 0 || at_fz_kernel(fz, dir, w, fz->rows + start[i],
		    start[i + 1] - start[i], f) < 0)
			return -1;
		len = ftell(f) - before;
		if (idx && fwrite(&len, sizeof(len), 1, idx) != 1)
			return -1;
		at_fz_progress(fz, i + 1, n_kernel, fz->rows[start[i]].seed, w,
			n_w);
	}
	return idx && fwrite(&fz->n, sizeof(fz->n), 1, idx) != 1 ? -1 : 0;
}

/* Writes the path of worker w's file `ext` (rows or idx) into buf. */
static char *at_fz_part(const char *dir, int w, const char *ext, char *buf,
	size_t size)
{
	snprintf(buf, size, "%s/part%d.%s", dir, w, ext);
	return buf;
}

/* In a child process: worker w's share (at_fz_share) into its files in
 * dir, counting from zero.  Never returns: exits 0, or 1 on an output
 * error. */
static void at_fz_worker(struct at_fz *fz, const char *dir,
	const int *start, int n_kernel, int w, int n_w)
{
	char path[1100];
	FILE *f, *idx;
	int ok;

	memset(&fz->n, 0, sizeof(fz->n));
	f = fopen(at_fz_part(dir, w, "rows", path, sizeof(path)), "w");
	idx = fopen(at_fz_part(dir, w, "idx", path, sizeof(path)), "w");
	ok = f && idx &&
		at_fz_share(fz, dir, start, n_kernel, w, n_w, f, idx) == 0;
	if (f && fclose(f) != 0)
		ok = 0;
	if (idx && fclose(idx) != 0)
		ok = 0;
	fflush(stderr);
	_exit(ok ? 0 : 1);
}

/* Copies len bytes from `in` to `out`.  Returns 0, or -1 on a short read
 * or a write error. */
static int at_fz_copy(FILE *in, long len, FILE *out)
{
	char buf[65536];

	while (len > 0) {
		size_t k = len < (long)sizeof(buf) ? (size_t)len : sizeof(buf);
		if (fread(buf, 1, k, in) != k || fwrite(buf, 1, k, out) != k)
			return -1;
		len -= (long)k;
	}
	return 0;
}

/* Appends the n_w workers' rows to f in kernel order (kernel i is worker
 * i mod n_w's) and adds their tallies to fz->n; removes their files.
 * Returns 0, or -1 when a file is missing, short or unwritable. */
static int at_fz_merge(struct at_fz *fz, const char *dir, int n_kernel,
	int n_w, FILE *f)
{
	FILE *rows[AT_FZ_MAX_JOBS], *idx[AT_FZ_MAX_JOBS];
	char path[1100];
	int r = 0;

	for (int w = 0; w < n_w; w++) {
		rows[w] = fopen(at_fz_part(dir, w, "rows", path, sizeof(path)),
			"r");
		unlink(path);
		idx[w] = fopen(at_fz_part(dir, w, "idx", path, sizeof(path)),
			"r");
		unlink(path);
		if (!rows[w] || !idx[w])
			r = -1;
	}
	for (int i = 0; r == 0 && i < n_kernel; i++) {
		long len;
		if (fread(&len, sizeof(len), 1, idx[i % n_w]) != 1 ||
		    at_fz_copy(rows[i % n_w], len, f) < 0)
			r = -1;
	}
	for (int w = 0; w < n_w; w++) {
		struct at_fz_tally t;
		if (r == 0 && fread(&t, sizeof(t), 1, idx[w]) == 1) {
			fz->n.written += t.written;
			fz->n.skipped += t.skipped;
			fz->n.censored += t.censored;
			fz->n.bad_kernels += t.bad_kernels;
		} else {
			r = -1;
		}
		if (rows[w])
			fclose(rows[w]);
		if (idx[w])
			fclose(idx[w]);
	}
	return r;
}

/* Runs n_w worker processes on the n_kernel kernels that start[]
 * delimits and merges their rows into f.  Returns 0, or -1 after an error
 * naming a worker that failed. */
static int at_fz_parallel(struct at_fz *fz, const char *dir,
	const int *start, int n_kernel, int n_w, FILE *f)
{
	pid_t pid[AT_FZ_MAX_JOBS];
	int started = 0, ok = 1;

	fflush(stdout);
	fflush(stderr);
	if (fflush(f) != 0)
		return -1;
	for (; started < n_w; started++) {
		pid[started] = fork();
		if (pid[started] == 0)
			at_fz_worker(fz, dir, start, n_kernel, started, n_w);
		if (pid[started] < 0)
			break;
	}
	if (started < n_w) {
		fprintf(stderr, "autotile-features: error: cannot start "
			"worker %d of %d\n", started + 1, n_w);
		ok = 0;
	}
	for (int w = 0; w < started; w++) {
		int st;
		if (waitpid(pid[w], &st, 0) < 0 || !WIFEXITED(st) ||
		    WEXITSTATUS(st) != 0) {
			fprintf(stderr, "autotile-features: error: worker %d "
				"of %d failed\n", w + 1, n_w);
			ok = 0;
		}
	}
	if (ok)
		return at_fz_merge(fz, dir, n_kernel, n_w, f);
	for (int w = 0; w < started; w++) {
		char path[1100];
		unlink(at_fz_part(dir, w, "rows", path, sizeof(path)));
		unlink(at_fz_part(dir, w, "idx", path, sizeof(path)));
	}
	return -1;
}

/* Processes every kernel, writing to f: in this process with -j 1 (or
 * one kernel), else in fz->jobs workers.  Returns 0 or -1. */
static int at_fz_all(struct at_fz *fz, const char *dir, FILE *f)
{
	int n_kernel, r;
	int *start = at_fz_kernels(fz, &n_kernel);
	int n_w = fz->jobs < n_kernel ? fz->jobs : n_kernel;

	if (!start)
		return -1;
	if (n_w > 1)
		r = at_fz_parallel(fz, dir, start, n_kernel, n_w, f);
	else
		r = at_fz_share(fz, dir, start, n_kernel, 0, 1, f, NULL);
	free(start);
	return r;
}

/* Frees the rows and the input list of fz. */
static void at_fz_free(struct at_fz *fz)
{
	for (int i = 0; i < fz->n_row; i++) {
		free(fz->rows[i].cand);
		free(fz->rows[i].role);
	}
	free(fz->rows);
	free(fz->in);
}

/* Prints one line counting the rows skipped for their check, per value
 * (nothing when there is none). */
static void at_fz_check_summary(const struct at_fz *fz)
{
	long total = 0;

	for (int i = 0; i < fz->n_check; i++)
		total += fz->checks[i].n;
	if (!total)
		return;
	fprintf(stderr, "autotile-features: %ld rows skipped for their check "
		"(neither \"ok\" nor a timing timeout):", total);
	for (int i = 0; i < fz->n_check; i++)
		fprintf(stderr, "%s %ld %s", i ? "," : "", fz->checks[i].n,
			fz->checks[i].name);
	fputc('\n', stderr);
}

/* Reads the inputs, then writes the header and every kernel's rows to
 * fz->out, generating kernels in a temporary directory.  Returns the exit
 * status. */
static int at_fz_run(struct at_fz *fz)
{
	const char *tmp = getenv("TMPDIR");
	char dir[1024];
	FILE *f;
	int r;

	for (int i = 0; i < fz->n_in; i++)
		if (at_fz_read(fz, fz->in[i]) < 0)
			return 1;
	at_fz_check_summary(fz);
	snprintf(dir, sizeof(dir), "%s/autotile-features-XXXXXX",
		tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		fprintf(stderr, "autotile-features: error: cannot create a "
			"temporary directory `%s`\n", dir);
		return 1;
	}
	f = fopen(fz->out, "w");
	r = f && at_fz_header(f, fz) == 0 &&
		at_fz_all(fz, dir, f) == 0;
	if (f && fclose(f) != 0)
		r = 0;
	rmdir(dir);
	if (!r) {
		fprintf(stderr, "autotile-features: error: cannot write `%s`\n",
			fz->out);
		return 1;
	}
	fprintf(stderr, "autotile-features: %ld training rows written to %s, "
		"%ld rows skipped, %d kernels skipped; %ld of the rows written are "
		"censored (timeouts: speedup at most ref_time / limit)\n",
		fz->n.written, fz->out, fz->n.skipped, fz->n.bad_kernels, fz->n.censored);
	return 0;
}

/* Sets fz->machs[0], the machine of rows without a record: --machine's
 * file, else this machine's sysfs.  Returns 0, or 1 after a one-line
 * error naming the file. */
static int at_fz_default_machine(struct at_fz *fz)
{
	at_buf b = { 0 };
	cJSON *o = NULL;
	int unread, bad;

	fz->n_mach = 1;
	if (!fz->mach_file) {
		at_features_machine(&fz->machs[0].m, NULL);
		at_features_cpu_name(fz->machs[0].cpu,
			sizeof(fz->machs[0].cpu));
		return 0;
	}
	unread = at_buf_read_file(&b, fz->mach_file) < 0;
	if (!unread)
		o = cJSON_ParseWithLength(b.s, b.len);
	bad = unread || at_fz_machine_read(o, &fz->machs[0]) < 0;
	if (bad)
		fprintf(stderr, "autotile-features: error: %s: %s\n",
			fz->mach_file, unread ? "cannot read it" : "not a JSON "
			"object with positive numbers \"l1d\", \"l2\", \"l3\" "
			"and \"cores\"");
	cJSON_Delete(o);
	at_buf_clear(&b);
	return bad;
}

/* The program: see the top of this file. */
int main(int argc, char **argv)
{
	struct at_fz fz;
	int r;

	memset(&fz, 0, sizeof(fz));
	r = at_fz_args(&fz, argc, argv);
	if (r == 0) {
		at_diag_set_quiet_notes(1);
		r = at_fz_default_machine(&fz);
		if (r == 0)
			r = at_fz_run(&fz);
	} else if (r == 1) {
		r = 0;
	}
	at_fz_free(&fz);
	return r;
}
