/*
 * dataset.c — autotile-dataset: measures random kernels x sampled legal
 * candidates on this machine and appends one JSON line per (kernel,
 * candidate) (issue 4, item 2; rows and defaults: docs/dataset.md).
 *
 *   autotile-dataset --seeds A-B [--shard i/N] [--per K] [--runs R]
 *       [--threads T] [--cc CC] [--cflags "..."]
 *       [--size bench|round|mixed|small|test] [--weights FILE|none]
 *       [--model-picks N] [--class C] -o FILE.jsonl
 *
 * Per seed S of the shard (S % N == i) that FILE does not hold yet:
 *   1. autotile-gen --seed S writes the kernel; the library parses it and
 *      builds its space (every structure checked exactly);
 *   2. K candidates are sampled, deterministically from S and the
 *      weights: `orig`, the fixed:32 choice, the legal candidates the
 *      cost model (--weights) ranks highest, then random legal
 *      choices covering every (tile scan, point scan) combination and
 *      every shape before repeating, each checked at its own sizes;
 *   3. autotile-gen --variants writes them as one program, bin/autotile
 *      transforms it, and two binaries are built (in parallel): a check
 *      build at --size test with -O2 -fopenmp -ffp-contract=off and a
 *      timing build with the user's flags;
 *   4. the check build runs every variant: a hash different from
 *      variant 0's is a MISMATCH (a correctness bug, reported loudly);
 *   5. the timing build runs variant 0 and the variants that passed,
 *      all in one process (runtime/at_harness.h: warm-up, R timed runs,
 *      early stop), with OMP_NUM_THREADS=T;
 *   6. the kernel's rows are appended to FILE with one write.
 * An interrupted kernel is absent from FILE and is simply redone.
 *
 * Exit status: 0 success, 1 error (I/O, tools missing, weights that do not
 * load), 2 usage error, 130 interrupted.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <isl/ctx.h>

#include "at_bench.h"	/* runtime/: at_bench_now */
#include "at_buf.h"
#include "at_frontend.h"
#include "at_scop.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_features.h"
#include "at_model.h"
#include "at_select.h"

#define AT_DS_MAX_CAND 200	/* candidates per kernel (gen allows 256) */
#define AT_DS_MAX_SPAN 100000000ULL	/* seeds in one --seeds range */
#define AT_DS_MAX_ARGV 96
#define AT_DS_MAX_DEF 16
#define AT_DS_PATH 4096	/* a file path: a directory plus a short name */
#define AT_DS_DIR 3072	/* a kernel's work directory */
#define AT_DS_TOP 2048	/* the run's work directory, this program's */
#define AT_DS_SCHEMA 1
#define AT_DS_PARTS 2	/* autotile runs in parallel per kernel (2 cores) */

/* The steps of a kernel, as the progress bar and the timings name them. */
#define AT_DS_N_STAGE 5
static const char *const at_ds_stage_name[AT_DS_N_STAGE] = { "sample",
	"autotile", "compile", "check", "timing" };

/* The command line. */
typedef struct at_ds_opts {
	unsigned long long lo, hi;	/* --seeds lo-hi */
	int shard_i, shard_n;
	int per, runs, warmup, threads;
	double ref_limit, cut_min, budget, vtimeout, ref_timeout, tool_timeout;
	double wait_idle;
	double cg_limit;	/* --codegen-limit of each candidate (0: none) */
	const char *cc, *cflags, *size, *out;
	const char *autotile, *gen, *runtime, *workdir;
	const char *weights;	/* --weights: NULL default, "none" */
	const char *cls;	/* --class: only kernels of this class; NULL: all */
	int model_picks;	/* --model-picks */
	int keep, list;
} at_ds_opts;

/* One variant of a kernel: variant 0 is the nest as written ("keep"). */
typedef struct at_ds_cand {
	char id[96];
	const char *role;	/* keep, orig, fixed32, random, model */
	const char *check;	/* NULL until decided: ok, MISMATCH,
				 * tool-error, crash, timeout */
	char msg[256];		/* why, when not ok */
	double limit;		/* timeout in the timing build: the limit one
				 * run exceeded (s), as the harness applied it;
				 * 0: unknown (row: null) */
	double time, spread;
	int runs, timed;
} at_ds_cand;

/* One kernel being measured. */
typedef struct at_ds_kernel {
	unsigned long long seed;
	char cls[16];
	int n;			/* variants: c[0] keep, c[1..n-1] candidates */
	at_ds_cand c[AT_DS_MAX_CAND + 1];
	int n_struct;		/* structures of the space (unchecked) */
	int n_refused;		/* sampled choices illegal at their sizes */
	double ref_time, load;
	double busy;		/* other runnable tasks before timing */
	double busy_after;	/* and right after it */
	double busy_normal;	/* those of them at nice <= 0 */
	double busy_niced;	/* and those at nice 1 to 18 */
	char error[512];	/* kernel-level failure, "" when none */
	double stage[AT_DS_N_STAGE];	/* seconds spent in each step */
} at_ds_kernel;

/* What one run of a variants program said about one variant. */
typedef struct at_ds_res {
	int state;		/* 0 nothing, 1 measured, 2 timeout, 3 crash */
	double time, spread;
	double limit;		/* state 2: the limit the harness printed, 0:
				 * none (the driver killed the run) */
	int runs;
	unsigned long long hash;
} at_ds_res;

/* A child process being waited for. */
typedef struct at_ds_proc {
	pid_t pid;
	double deadline;
	int status;		/* wait status */
	int timed_out;
} at_ds_proc;

/* The whole run: options, work directory, progress. */
typedef struct at_ds_state {
	const at_ds_opts *o;
	char dir[AT_DS_DIR];	/* work directory of the current kernel */
	char top[AT_DS_TOP];	/* the run's work directory */
	int tty;
	double start;
	long done, total, rows, mismatches;
	long skipped;		/* seeds of another class than --class */
	double stage[AT_DS_N_STAGE];	/* seconds per step, all kernels */
	const at_model *model;	/* the model of the picks, NULL: none */
	at_feat_machine mach;	/* this machine: caches and cores (sysfs) */
	char cpu[128];		/* its CPU's name ("" unknown) */
} at_ds_state;

/* Set by SIGINT/SIGTERM: stop the current child and exit. */
static volatile sig_atomic_t at_ds_stop;

/* Files a kernel leaves in its work directory (removed afterwards). */
static const char *const at_ds_files[] = { "k.c", "t.c", "v.c", "v.out.c",
	"v.check", "v.time", "gen.err", "v0.c", "v1.c", "v0.out.c",
	"v1.out.c", "autotile0.err", "autotile1.err", "cc-check.err",
	"cc-time.err", "check.out", "check.err", "time.out", "time.err",
	NULL };

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

/* Returns the 1-minute load average from /proc/loadavg, or -1. */
static double at_ds_load(void)
{
	FILE *f = fopen("/proc/loadavg", "r");
	double v = -1;

	if (f) {
		if (fscanf(f, "%lf", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

/* Returns the mean number of runnable tasks besides this process over
 * five samples 20 ms apart (procs_running of /proc/stat: an instant
 * measure of competition for the cores, unlike the load average), or -1
 * when it cannot be read. */
static double at_ds_busy(void)
{
	struct timespec nap = { 0, 20000000 };
	double sum = 0;

	for (int i = 0; i < 5; i++) {
		char line[128];
		long n = -1;
		FILE *f = fopen("/proc/stat", "r");
		while (f && n < 0 && fgets(line, sizeof(line), f))
			if (sscanf(line, "procs_running %ld", &n) != 1)
				n = -1;
		if (f)
			fclose(f);
		if (n < 1)
			return -1;
		sum += (double)(n - 1);
		if (i < 4)
			nanosleep(&nap, NULL);
	}
	return sum / 5;
}

/* Returns how the task whose /proc stat file is `path` competes with a
 * timing run: 1 runnable at nice <= 0, 2 runnable at nice 1 to 18 (a
 * smaller but real share of a core), 0 otherwise (not runnable, nice 19,
 * or the file cannot be read). */
static int at_ds_task_class(const char *path)
{
	char line[1024], *p, state;
	long nice = 0;
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return 0;
	ok = fgets(line, sizeof(line), f) != NULL;
	fclose(f);
	p = ok ? strrchr(line, ')') : NULL;	/* the name may hold spaces */
	if (!p || sscanf(p + 1, " %c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
	    "%*u %*u %*d %*d %*d %ld", &state, &nice) != 2 || state != 'R')
		return 0;
	return nice <= 0 ? 1 : nice < 19 ? 2 : 0;
}

/* Counts the runnable threads of processes other than this one (from
 * /proc/PID/task/TID/stat) into *normal (nice <= 0: they compete with a
 * timing run at its own priority) and *niced (nice 1 to 18: they still
 * take a share: a quarter of a core next to a nice-0 task at nice 5).
 * at_ds_busy counts nice 19 jobs too, and they matter as much: two
 * nice-19 spinners made the OpenMP variant of seed 6720 five times
 * slower (session 17), the sequential reference not at all.  Both -1
 * when /proc cannot be read. */
static void at_ds_busy_threads(double *normal, double *niced)
{
	DIR *proc = opendir("/proc");
	struct dirent *e;
	long self = (long)getpid(), n[3] = { 0, 0, 0 };

	*normal = *niced = -1;
	if (!proc)
		return;
	while ((e = readdir(proc))) {
		char path[600];		/* two d_name of up to 255 bytes */
		DIR *task;
		struct dirent *t;
		if (!isdigit((unsigned char)e->d_name[0]) ||
		    atol(e->d_name) == self)
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task", e->d_name);
		if (!(task = opendir(path)))
			continue;
		while ((t = readdir(task)))
			if (isdigit((unsigned char)t->d_name[0])) {
				snprintf(path, sizeof(path),
					"/proc/%s/task/%s/stat",
					e->d_name, t->d_name);
				n[at_ds_task_class(path)]++;
			}
		closedir(task);
	}
	closedir(proc);
	*normal = (double)n[1];
	*niced = (double)n[2];
}

/* Waits, up to `limit` seconds, until no other task competes for the
 * cores (at_ds_busy() < 0.5), checking every second; returns the last
 * measure (-1 when unknown).  limit 0: measures once. */
static double at_ds_wait_idle(double limit)
{
	double end = at_bench_now() + limit, busy = at_ds_busy();

	while (busy >= 0.5 && at_bench_now() < end && !at_ds_stop) {
		sleep(1);
		busy = at_ds_busy();
	}
	return busy;
}

/* Returns the whole file `path` as a malloc'd NUL-terminated string (its
 * length in *len when len is not NULL), or NULL when it cannot be read. */
static char *at_ds_slurp(const char *path, size_t *len)
{
	at_buf b = { 0 };
	int bad = at_buf_read_file(&b, path) < 0;

	if (len)
		*len = b.len;
	if (bad) {
		at_buf_clear(&b);
		return NULL;
	}
	return at_buf_take(&b);
}

/* Writes path "<dir>/<name>" into buf (AT_DS_PATH bytes); returns buf. */
static char *at_ds_file(const at_ds_state *st, const char *name, char *buf)
{
	snprintf(buf, AT_DS_PATH, "%s/%s", st->dir, name);
	return buf;
}

/* Copies the first line of text (at most size-1 bytes) into buf. */
static void at_ds_first_line(const char *text, char *buf, size_t size)
{
	size_t n = text ? strcspn(text, "\n") : 0;

	if (n >= size)
		n = size - 1;
	if (n)
		memcpy(buf, text, n);
	buf[n] = 0;
}

/* Records a kernel-level failure `what` (printf-style) in k->error. */
static void at_ds_fail(at_ds_kernel *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void at_ds_fail(at_ds_kernel *k, const char *fmt, ...)
{
	va_list ap;

	if (k->error[0])
		return;
	va_start(ap, fmt);
	vsnprintf(k->error, sizeof(k->error), fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------------ */
/* Subprocesses                                                        */
/* ------------------------------------------------------------------ */

/* SIGINT/SIGTERM handler: asks the driver to stop (it does once the
 * current step ends, killing a running child); a second signal exits at
 * once. */
static void at_ds_on_signal(int sig)
{
	(void)sig;
	if (at_ds_stop)
		_exit(130);
	at_ds_stop = 1;
}

/* In the child: sends stdout to `out` and stderr to `err` (NULL:
 * /dev/null), sets OMP_NUM_THREADS when threads > 0, and execs argv.
 * Never returns. */
static void at_ds_child(char *const argv[], const char *out,
	const char *err, int threads)
{
	const char *paths[2] = { out ? out : "/dev/null",
		err ? err : "/dev/null" };
	char num[16];

	setpgid(0, 0);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	for (int k = 0; k < 2; k++) {
		int fd = open(paths[k], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, k + 1) < 0)
			_exit(126);
		close(fd);
	}
	if (threads > 0) {
		snprintf(num, sizeof(num), "%d", threads);
		setenv("OMP_NUM_THREADS", num, 1);
	}
	execvp(argv[0], argv);
	fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* Starts argv (see at_ds_child) in its own process group, to be killed
 * after `timeout` seconds.  Returns 0, or -1 when fork fails. */
static int at_ds_spawn(at_ds_proc *p, char *const argv[], const char *out,
	const char *err, int threads, double timeout)
{
	fflush(stdout);
	fflush(stderr);
	p->timed_out = 0;
	p->status = 0;
	p->deadline = at_bench_now() + timeout;
	p->pid = fork();
	if (p->pid < 0)
		return -1;
	if (p->pid == 0)
		at_ds_child(argv, out, err, threads);
	setpgid(p->pid, p->pid);
	return 0;
}

/* Waits for p, killing its process group at its deadline or when the
 * driver is interrupted.  Returns 0 when it exited with status 0, 1 when
 * it failed (see p->status, p->timed_out), -2 when interrupted. */
static int at_ds_wait(at_ds_proc *p)
{
	struct timespec nap = { 0, 1000000 };

	for (;;) {
		pid_t r = waitpid(p->pid, &p->status, WNOHANG);
		if (r == p->pid)
			break;
		if (r < 0 && errno != EINTR)
			return 1;
		if (at_ds_stop || at_bench_now() > p->deadline) {
			p->timed_out = !at_ds_stop;
			kill(-p->pid, SIGKILL);
			kill(p->pid, SIGKILL);
			waitpid(p->pid, &p->status, 0);
			return at_ds_stop ? -2 : 1;
		}
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 32000000)
			nap.tv_nsec *= 2;
	}
	if (at_ds_stop)
		return -2;
	return WIFEXITED(p->status) && WEXITSTATUS(p->status) == 0 ? 0 : 1;
}

/* Runs argv to completion (see at_ds_spawn, at_ds_wait); same returns,
 * and -1 when it cannot be started. */
static int at_ds_run(char *const argv[], const char *out, const char *err,
	int threads, double timeout, at_ds_proc *p)
{
	if (at_ds_spawn(p, argv, out, err, threads, timeout) < 0)
		return -1;
	return at_ds_wait(p);
}

/* Describes how p ended ("exit status 1", "killed by signal 11",
 * "timed out after N s") into buf. */
static void at_ds_how(const at_ds_proc *p, double timeout, char *buf,
	size_t size)
{
	if (p->timed_out)
		snprintf(buf, size, "timed out after %.0f s", timeout);
	else if (WIFSIGNALED(p->status))
		snprintf(buf, size, "killed by signal %d",
			WTERMSIG(p->status));
	else
		snprintf(buf, size, "exit status %d",
			WIFEXITED(p->status) ? WEXITSTATUS(p->status) : -1);
}

/* ------------------------------------------------------------------ */
/* Resuming                                                            */
/* ------------------------------------------------------------------ */

/* Cuts an unterminated last line (a write interrupted by a crash) off
 * the output file text of length len at `path`.  Returns 0 or -1. */
static int at_ds_trim(const char *path, const char *text, size_t len)
{
	size_t keep = len;

	while (keep > 0 && text[keep - 1] != '\n')
		keep--;
	if (keep == len)
		return 0;
	fprintf(stderr, "autotile-dataset: %s: dropping an unterminated last "
		"line (%zu bytes)\n", path, len - keep);
	return truncate(path, (off_t)keep);
}

/* Returns the autotile-gen --size of seed's timing build: o's --size, or
 * for "mixed" round for odd seeds and bench for even ones. */
static const char *at_ds_size(const at_ds_opts *o, unsigned long long seed)
{
	if (strcmp(o->size, "mixed"))
		return o->size;
	return seed % 2 ? "round" : "bench";
}

/* Marks in done[] (one byte per seed of o's range) the seeds whose rows,
 * at o's size, the output file already holds.  A missing file is empty.
 * Returns 0, or -1 after a message. */
static int at_ds_resume(const at_ds_opts *o, unsigned char *done)
{
	size_t len;
	char *text = at_ds_slurp(o->out, &len), *line, *save = NULL;

	if (!text)
		return errno == ENOENT ? 0 : -1;
	if (at_ds_trim(o->out, text, len) < 0) {
		free(text);
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		cJSON *row = cJSON_Parse(line);
		cJSON *seed = cJSON_GetObjectItemCaseSensitive(row, "seed");
		const char *size = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(row, "size"));
		double s = cJSON_IsNumber(seed) ? seed->valuedouble : -1;

		if (size && s >= (double)o->lo && s <= (double)o->hi &&
		    !strcmp(size, at_ds_size(o, (unsigned long long)s)))
			done[(unsigned long long)s - o->lo] = 1;
		cJSON_Delete(row);
	}
	free(text);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Sampling candidates                                                 */
/* ------------------------------------------------------------------ */

/* Advances splitmix64 state *s and returns the next 64 random bits. */
static uint64_t at_ds_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Returns a random integer in [0, n) (n >= 1). */
static int at_ds_below(uint64_t *s, int n)
{
	return (int)(at_ds_rand(s) % (uint64_t)n);
}

/* Returns a random tile size for band position k of shape s among those
 * the space allows, 8..128 four times as likely as each of the others. */
static long at_ds_pick_size(uint64_t *rng, const at_space *space, int s,
	int k)
{
	long sizes[AT_N_SIZE];
	int n = at_space_sizes(space, s, k, sizes), w[AT_N_SIZE], total = 0, r;

	for (int i = 0; i < n; i++) {
		w[i] = sizes[i] >= 8 && sizes[i] <= 128 ? 4 : 1;
		total += w[i];
	}
	r = at_ds_below(rng, total);
	for (int i = 0; i < n; i++) {
		if (r < w[i])
			return sizes[i];
		r -= w[i];
	}
	return sizes[n - 1];
}

/* Returns 1 when kernel k already has a variant with id `id`. */
static int at_ds_has(const at_ds_kernel *k, const char *id)
{
	for (int v = 0; v < k->n; v++)
		if (!strcmp(k->c[v].id, id))
			return 1;
	return 0;
}

/* Appends variant `id` with `role` to k; returns 0, or -1 when full. */
static int at_ds_add(at_ds_kernel *k, const char *id, const char *role)
{
	at_ds_cand *c;

	if (k->n > AT_DS_MAX_CAND)
		return -1;
	c = &k->c[k->n++];
	memset(c, 0, sizeof(*c));
	snprintf(c->id, sizeof(c->id), "%s", id);
	c->role = role;
	return 0;
}

/* Adds choice ch (with sizes drawn from rng when draw is set) to k as
 * `role` if it is new and legal at its own sizes (at_space_make).
 * Returns 1 when added, 0 when a duplicate or illegal, -1 on error. */
static int at_ds_try(isl_ctx *ctx, const at_space *space, at_choice *ch,
	uint64_t *rng, int draw, at_ds_kernel *k, const char *role)
{
	char id[96];
	at_cand *c;
	int dep;

	for (int p = 0; draw && ch->shape >= 0 &&
	     p < space->shapes[ch->shape].n; p++)
		ch->sizes[p] = at_ds_pick_size(rng, space, ch->shape, p);
	at_space_id(space, ch, id, sizeof(id));
	if (at_ds_has(k, id))
		return 0;
	c = at_space_make(ctx, space, ch, &dep);
	if (!c) {
		k->n_refused++;
		return dep == -2 ? -1 : 0;
	}
	at_cand_free(c);
	return at_ds_add(k, id, role) < 0 ? -1 : 1;
}

/* Adds the choice --strategy fixed:32 makes (role fixed32), unless it
 * keeps the original loop order (then it is the `orig` variant).
 * Returns 0 or -1. */
static int at_ds_fixed32(isl_ctx *ctx, const at_space *space,
	at_ds_kernel *k)
{
	at_opts opts;
	at_choice ch;
	const char *why;

	memset(&opts, 0, sizeof(opts));
	opts.default_size = 32;
	opts.parallel = 1;
	opts.tile_scan = opts.point_scan = -1;
	if (at_space_default(space, &opts, &ch, &why) < 0)
		return 0;
	return at_ds_try(ctx, space, &ch, NULL, 0, k, "fixed32") < 0 ? -1 : 0;
}

/* Walks the ranking sel of `space` best first and adds to k, as role
 * "model", its first n_pick candidates other than keep that are legal at
 * their own sizes (at_ds_try, the check `autotile --strategy model` makes
 * on its ranking), until k has `want` variants.  Role rule: a pick k
 * already holds (orig, fixed32: added before) keeps its earlier role and
 * still counts as one of the n_pick, so the model's top n_pick legal
 * candidates are all measured, each once.  Returns the number added, or
 * -1 on error. */
static int at_ds_walk_ranking(isl_ctx *ctx, const at_space *space,
	const at_select *sel, int n_pick, int want, at_ds_kernel *k)
{
	int found = 0, added = 0, r = 0;
	char id[96];

	for (int i = 0; i < sel->n && found < n_pick && k->n < want; i++) {
		at_choice ch = sel->items[i].ch;

		if (ch.shape == AT_CHOICE_KEEP)
			continue;
		if (at_ds_has(k, at_space_id(space, &ch, id, sizeof(id)))) {
			found++;
			continue;
		}
		r = at_ds_try(ctx, space, &ch, NULL, 0, k, "model");
		if (r < 0)
			return -1;
		found += r;
		added += r;
	}
	return added;
}

/* Adds the candidates model m ranks highest (role "model", see
 * at_ds_walk_ranking) to k, ranked as `autotile --strategy model` ranks
 * them: at_select_rank on the nest's unchecked space (AT_SPACE_LIST, as
 * src/plan.c builds it without --explain), with the parameter values
 * vals[] (from the kernel's #defines, as autotile reads them).  Nothing
 * when m is NULL or n_pick is 0.  Returns the number added, or -1 on
 * error. */
static int at_ds_model_picks(isl_ctx *ctx, const at_space *space,
	const at_model *m, const long *vals, int n_pick, int want,
	at_ds_kernel *k)
{
	at_select *sel = NULL;
	int r = -1;

	if (!m || n_pick <= 0 || k->n >= want)
		return 0;
	sel = calloc(1, sizeof(*sel));
	if (!sel)
		goto error;
	if (at_select_rank(ctx, space->scop, space->deps, space, m, vals,
	    sel) < 0)
		goto error;
	r = at_ds_walk_ranking(ctx, space, sel, n_pick, want, k);
error:
	if (sel)
		at_select_clear(sel);
	free(sel);
	return r;
}

/* Draws of one structure refused as illegal at their own sizes before
 * the sampler gives up on it (the space is built unchecked: a structure
 * may be illegal at every size, or only at some). */
#define AT_DS_MAX_REFUSED 2

/* Tries structure s of `space` at random sizes until one is added, it is
 * a duplicate at `tries` draws, or refused[s] reaches AT_DS_MAX_REFUSED.
 * Returns 1 when added, 0 when not, -1 on error. */
static int at_ds_try_struct(isl_ctx *ctx, const at_space *space, int s,
	uint64_t *rng, int tries, at_ds_kernel *k, unsigned char *refused)
{
	int r = 0;

	for (int t = 0; t < tries && r == 0 &&
	     refused[s] < AT_DS_MAX_REFUSED; t++) {
		at_choice ch = space->structs[s].ch;
		int before = k->n_refused;
		r = at_ds_try(ctx, space, &ch, rng, 1, k, "random");
		refused[s] += k->n_refused > before;
	}
	return r;
}

/* Coverage phase: while some structure not known illegal has a (tile
 * scan, point scan) combination or a shape not sampled yet, adds one of
 * them, picked at random, at random sizes (up to 4 draws each).  dead[]
 * marks structures given up on, refused[] counts their illegal draws.
 * Returns 0 or -1. */
static int at_ds_cover(isl_ctx *ctx, const at_space *space, uint64_t *rng,
	int want, at_ds_kernel *k, unsigned char *dead, unsigned char *refused)
{
	int combo[3][3] = { { 0 } }, shape[AT_MAX_SHAPE] = { 0 };
	int *pick = malloc((space->n_struct + 1) * sizeof(int)), n, r = 0;

	if (!pick)
		return -1;
	while (k->n < want && r == 0) {
		n = 0;
		for (int i = 0; i < space->n_struct; i++) {
			const at_choice *ch = &space->structs[i].ch;
			if (space->structs[i].legal != 0 && !dead[i] &&
			    (!combo[ch->tile_scan][ch->point_scan] ||
			     !shape[ch->shape]))
				pick[n++] = i;
		}
		if (!n)
			break;
		int s = pick[at_ds_below(rng, n)];
		const at_choice *ch = &space->structs[s].ch;
		dead[s] = 1;
		r = at_ds_try_struct(ctx, space, s, rng, 4, k, refused);
		if (r == 1) {
			combo[ch->tile_scan][ch->point_scan] = 1;
			shape[ch->shape] = 1;
			r = 0;
		}
	}
	free(pick);
	return r < 0 ? -1 : 0;
}

/* Fill phase: adds random legal choices until k has `want` variants:
 * a (shape, tile scan, point scan) bucket uniformly, a structure of it
 * uniformly (so loop orders do not crowd out scans), random sizes.  A
 * structure refused AT_DS_MAX_REFUSED times leaves the pool.  Gives up
 * after 40 draws per missing variant.  Returns 0 or -1. */
static int at_ds_fill(isl_ctx *ctx, const at_space *space, uint64_t *rng,
	int want, at_ds_kernel *k, unsigned char *refused)
{
	int *pool = malloc(2 * (space->n_struct + 1) * sizeof(int));
	int *same = pool + space->n_struct + 1;
	int n = 0, tries = 40 * (want - k->n), r = 0;

	if (!pool)
		return -1;
	for (int i = 0; i < space->n_struct; i++)
		if (space->structs[i].legal != 0 &&
		    refused[i] < AT_DS_MAX_REFUSED)
			pool[n++] = i;
	while (n && k->n < want && tries-- > 0 && r >= 0) {
		const at_choice *b = &space->structs[pool[at_ds_below(rng,
			n)]].ch;
		int m = 0, j;
		for (int i = 0; i < n; i++) {
			const at_choice *c = &space->structs[pool[i]].ch;
			if (c->shape == b->shape && c->tile_scan ==
			    b->tile_scan && c->point_scan == b->point_scan)
				same[m++] = i;
		}
		j = same[at_ds_below(rng, m)];
		r = at_ds_try_struct(ctx, space, pool[j], rng, 1, k, refused);
		if (refused[pool[j]] >= AT_DS_MAX_REFUSED)
			pool[j] = pool[--n];
	}
	free(pool);
	return r < 0 ? -1 : 0;
}

/* Fills k's variants from `space`, deterministically from k->seed and
 * st's model: variant 0 `keep` (the nest as written), `orig`, the
 * fixed:32 choice, the model's --model-picks best (vals[]: the nest's
 * parameter values), then random legal choices up to --per candidates
 * besides keep.  Returns 0, or -1 (k->error set when the model failed). */
static int at_ds_sample(const at_ds_state *st, isl_ctx *ctx,
	const at_space *space, const long *vals, at_ds_kernel *k)
{
	uint64_t rng = k->seed ^ 0x6a09e667f3bcc908ULL;
	unsigned char *dead = calloc(2 * (space->n_struct + 1), 1);
	unsigned char *refused = dead + space->n_struct + 1;
	int r = -1, want = st->o->per + 1;

	if (!dead)
		return -1;
	k->n = 0;
	k->n_struct = space->n_struct;
	if (at_ds_add(k, "keep", "keep") < 0 || at_ds_add(k, "orig",
	    "orig") < 0 || at_ds_fixed32(ctx, space, k) < 0)
		goto error;
	if (at_ds_model_picks(ctx, space, st->model, vals,
	    st->o->model_picks, want, k) < 0) {
		at_ds_fail(k, "the cost model could not rank the candidates");
		goto error;
	}
	if (at_ds_cover(ctx, space, &rng, want, k, dead, refused) < 0 ||
	    at_ds_fill(ctx, space, &rng, want, k, refused) < 0)
		goto error;
	r = 0;
error:
	free(dead);
	return r;
}

/* Parses kernel file `path` (-I the runtime), builds the space of its
 * nest and samples k's variants.  Returns 0, or -1 with k->error set. */
static int at_ds_candidates(const at_ds_state *st, const char *path,
	at_ds_kernel *k)
{
	const char *args[2] = { "-I", st->o->runtime };
	isl_ctx *ctx = at_scop_ctx_alloc();
	at_source *src = NULL;
	at_deps *deps = NULL;
	at_space *space = NULL;
	long *vals = NULL;
	int r = -1;

	if (!ctx || at_frontend_parse(path, 2, args, &src) != 0 ||
	    src->n_scop != 1) {
		at_ds_fail(k, "the library could not parse the kernel");
		goto error;
	}
	vals = calloc(src->scops[0]->n_param + 1, sizeof(long));
	if (vals)
		at_features_param_values(src->scops[0], vals);
	deps = vals ? at_deps_compute(ctx, src->scops[0]) : NULL;
	space = deps ? at_space_build(ctx, src->scops[0], deps,
		AT_SPACE_LIST) : NULL;
	if (!space || at_ds_sample(st, ctx, space, vals, k) < 0) {
		at_ds_fail(k, "dependences, space or sampling failed");
		goto error;
	}
	r = 0;
error:
	free(vals);
	at_space_free(space);
	at_deps_free(deps);
	at_source_free(src);
	isl_ctx_free(ctx);
	return r;
}

/* ------------------------------------------------------------------ */
/* One kernel                                                          */
/* ------------------------------------------------------------------ */

/* Reads the class from the "gen-class: NAME" line of text into k->cls. */
static void at_ds_class(const char *text, at_ds_kernel *k)
{
	const char *p = text ? strstr(text, "gen-class: ") : NULL;

	snprintf(k->cls, sizeof(k->cls), "?");
	if (p && sscanf(p + 11, "%15[a-z]", k->cls) != 1)
		snprintf(k->cls, sizeof(k->cls), "?");
}

/* Returns 1 when name is one of autotile-gen's kernel classes (the
 * "gen-class:" line of its output), 0 otherwise. */
static int at_ds_class_known(const char *name)
{
	static const char *const known[] = { "uniform", "stencil",
		"reduction", "transpose", "triangular", "multi", "recurrence",
		"accumulate", "region", "wave" };

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(name, known[i]))
			return 1;
	return 0;
}

/* Runs autotile-gen for k's seed at `size` into file `name` of the work
 * directory, with --variants `ids` unless NULL.  Returns 0, or -1 with
 * k->error set (-2 when interrupted). */
static int at_ds_gen(const at_ds_state *st, at_ds_kernel *k,
	const char *size, const char *ids, const char *name)
{
	char seed[24], out[AT_DS_PATH], err[AT_DS_PATH], how[64];
	char *argv[] = { (char *)st->o->gen, "--seed", seed, "--size",
		(char *)size, "-o", out, ids ? "--variants" : NULL,
		(char *)ids, NULL };
	at_ds_proc p;
	int r;

	snprintf(seed, sizeof(seed), "%llu", k->seed);
	at_ds_file(st, name, out);
	r = at_ds_run(argv, NULL, at_ds_file(st, "gen.err", err), 0, 60, &p);
	if (r == 0 || r == -2)
		return r;
	at_ds_how(&p, 60, how, sizeof(how));
	at_ds_fail(k, "autotile-gen --seed %s --size %s failed (%s)", seed,
		size, how);
	return -1;
}

/* Joins the ids of k's candidates (variants 1..n-1) with spaces into a
 * new string; NULL when memory is short. */
static char *at_ds_ids(const at_ds_kernel *k)
{
	at_buf b = { 0 };

	for (int v = 1; v < k->n; v++)
		at_buf_printf(&b, "%s%s", v > 1 ? " " : "", k->c[v].id);
	return at_buf_take(&b);
}

/* Finds the line numbers of the n-1 `#pragma autotile candidate(` lines
 * of the variants file text (variant v's pragma is at line[v]). */
static void at_ds_pragma_lines(const char *text, unsigned *line, int n)
{
	unsigned ln = 1;
	int v = 1;

	for (const char *p = text; p && *p && v < n; p++) {
		if ((p == text || p[-1] == '\n') && !strncmp(p,
		    "#pragma autotile candidate(", 27))
			line[v++] = ln;
		if (*p == '\n')
			ln++;
	}
}

/* Marks as tool-error the variants that a located error or warning of
 * autotile's stderr `err` (about file `vpath`) names: a diagnostic at
 * line L belongs to the variant whose pragma line (line[]) is the last
 * one not after L.  Returns how many errors belong to no variant. */
static int at_ds_diags(at_ds_kernel *k, const char *err, const char *vpath,
	const unsigned *line)
{
	size_t plen = strlen(vpath);
	int stray = 0;

	for (const char *p = err; p && *p; p += strcspn(p, "\n"),
	     p += *p == '\n') {
		unsigned ln, col;
		char level[16];
		int v = 0;
		if (strncmp(p, vpath, plen) || sscanf(p + plen,
		    ":%u:%u: %15[a-z]:", &ln, &col, level) != 3) {
			stray += !strncmp(p, "autotile: error", 15);
			continue;
		}
		while (v + 1 < k->n && line[v + 1] && line[v + 1] <= ln)
			v++;
		if (!strcmp(level, "note") || (v && k->c[v].check))
			continue;
		if (!v) {
			stray += !strcmp(level, "error");
			continue;
		}
		k->c[v].check = "tool-error";
		at_ds_first_line(p, k->c[v].msg, sizeof(k->c[v].msg));
	}
	return stray;
}

/* Returns the part (0..parts-1) of variant v (1..n-1): consecutive
 * variants, split evenly. */
static int at_ds_part_of(int v, int n, int parts)
{
	return (v - 1) * parts / (n - 1);
}

/* Writes, for part `part` of `parts`, the variants file text with the
 * candidate pragmas of the other parts' variants turned into comments
 * (the lines stay where they are) to work file "v<part>.c".  Returns 0,
 * or -1 with k->error set. */
static int at_ds_part_file(const at_ds_state *st, at_ds_kernel *k,
	const char *text, int part, int parts)
{
	char name[16], path[AT_DS_PATH];
	char *copy = strdup(text), *p = copy;
	FILE *f;
	int v = 1, bad;

	snprintf(name, sizeof(name), "v%d.c", part);
	while (copy && (p = strstr(p, "\n#pragma autotile candidate(")))
		if (at_ds_part_of(v++, k->n, parts) != part)
			memcpy(++p, "// skip", 7);
		else
			p++;
	f = copy ? fopen(at_ds_file(st, name, path), "w") : NULL;
	bad = !f || fputs(copy, f) < 0;
	if (f && fclose(f) != 0)
		bad = 1;
	free(copy);
	if (bad)
		at_ds_fail(k, "cannot write %s", name);
	return bad ? -1 : 0;
}

/* Starts autotile on work file "v<part>.c" (output "v<part>.out.c",
 * stderr "autotile<part>.err").  Returns 0 or -1. */
static int at_ds_autotile(const at_ds_state *st, int part, at_ds_proc *p)
{
	char name[3][24], path[3][AT_DS_PATH], limit[32];
	char *argv[] = { (char *)st->o->autotile, "-I",
		(char *)st->o->runtime, "--codegen-limit", limit, path[0], "-o",
		path[1], NULL };

	snprintf(limit, sizeof(limit), "%g", st->o->cg_limit);

	snprintf(name[0], sizeof(name[0]), "v%d.c", part);
	snprintf(name[1], sizeof(name[1]), "v%d.out.c", part);
	snprintf(name[2], sizeof(name[2]), "autotile%d.err", part);
	for (int i = 0; i < 3; i++)
		at_ds_file(st, name[i], path[i]);
	unlink(path[1]);
	return at_ds_spawn(p, argv, NULL, path[2], 0, st->o->tool_timeout);
}

/* Maps the diagnostics of part `part`'s autotile run (r: what
 * at_ds_wait returned for it) onto the variants (pragma lines line[]).
 * Returns 0, or -1 with k->error set when the run left no usable
 * output. */
static int at_ds_part_result(const at_ds_state *st, at_ds_kernel *k,
	int part, const unsigned *line, const at_ds_proc *p, int r)
{
	char name[24], in[AT_DS_PATH], out[AT_DS_PATH], how[64], first[200];
	char *err;
	struct stat sb;
	int stray;

	snprintf(name, sizeof(name), "autotile%d.err", part);
	err = at_ds_slurp(at_ds_file(st, name, in), NULL);
	snprintf(name, sizeof(name), "v%d.c", part);
	stray = at_ds_diags(k, err, at_ds_file(st, name, in), line);
	snprintf(name, sizeof(name), "v%d.out.c", part);
	at_ds_how(p, st->o->tool_timeout, how, sizeof(how));
	at_ds_first_line(err, first, sizeof(first));
	free(err);
	if (r < 0 || p->timed_out || WIFSIGNALED(p->status) ||
	    stat(at_ds_file(st, name, out), &sb) < 0 || sb.st_size == 0 ||
	    (r && stray)) {
		at_ds_fail(k, "autotile failed (%s): %s", how, first);
		return -1;
	}
	return 0;
}

/* Returns the offset just past the closing line "}" of function
 * kernel_v<v> in text, or 0 when there is none. */
static size_t at_ds_func_end(const char *text, int v)
{
	char head[40];
	const char *p, *e;

	snprintf(head, sizeof(head), "\nvoid kernel_v%d(void)\n{\n", v);
	p = text ? strstr(text, head) : NULL;
	e = p ? strstr(p + strlen(head) - 1, "\n}\n") : NULL;
	return e ? (size_t)(e + 3 - text) : 0;
}

/* Joins the parts' outputs into "v.out.c": part j gives the text from the
 * end of the previous part's last kernel function to the end of its own
 * (the last part: to the end of the file).  The helpers autotile emits
 * are guarded, so the copies of several parts do not clash.  Returns 0,
 * or -1 with k->error set. */
static int at_ds_splice(const at_ds_state *st, at_ds_kernel *k, int parts)
{
	char name[24], path[AT_DS_PATH];
	at_buf b = { 0 };
	size_t from = 0;
	int last = 0, r = -1;
	FILE *f = NULL;

	for (int j = 0; j < parts; j++) {
		snprintf(name, sizeof(name), "v%d.out.c", j);
		char *text = at_ds_slurp(at_ds_file(st, name, path), NULL);
		size_t to = j == parts - 1 ? (text ? strlen(text) : 0) : 0;
		if (j)
			from = at_ds_func_end(text, last);
		while (last + 1 < k->n && at_ds_part_of(last + 1, k->n,
		    parts) == j)
			last++;
		if (j < parts - 1)
			to = at_ds_func_end(text, last);
		if (text && to > from && (j == 0 || from))
			at_buf_addn(&b, text + from, to - from);
		else
			b.failed = 1;
		free(text);
	}
	f = b.failed ? NULL : fopen(at_ds_file(st, "v.out.c", path), "w");
	if (f && fputs(b.s, f) >= 0)
		r = 0;
	if (f && fclose(f) != 0)
		r = -1;
	if (r < 0)
		at_ds_fail(k, "cannot join the outputs of the autotile runs");
	at_buf_clear(&b);
	return r;
}

/* Transforms the variants file with bin/autotile, in AT_DS_PARTS runs in
 * parallel over consecutive parts of the variants (autotile handles
 * nests one after the other), maps its diagnostics onto the variants
 * and joins the outputs.  Returns 0, or -1 with k->error set when there
 * is no usable output (-2 when interrupted). */
static int at_ds_transform(const at_ds_state *st, at_ds_kernel *k)
{
	char in[AT_DS_PATH];
	unsigned line[AT_DS_MAX_CAND + 1] = { 0 };
	char *text = at_ds_slurp(at_ds_file(st, "v.c", in), NULL);
	int parts = k->n - 1 < AT_DS_PARTS ? k->n - 1 : AT_DS_PARTS;
	int r[AT_DS_PARTS], bad = 0;
	at_ds_proc p[AT_DS_PARTS];

	if (!text) {
		at_ds_fail(k, "cannot read v.c");
		return -1;
	}
	at_ds_pragma_lines(text, line, k->n);
	for (int j = 0; j < parts; j++)
		r[j] = at_ds_part_file(st, k, text, j, parts) < 0 ? -1 :
			at_ds_autotile(st, j, &p[j]);
	free(text);
	for (int j = 0; j < parts; j++)
		if (r[j] == 0)
			r[j] = at_ds_wait(&p[j]);
	for (int j = 0; j < parts; j++)
		if (r[j] == -2)
			return -2;
	for (int j = 0; j < parts; j++)
		bad |= at_ds_part_result(st, k, j, line, &p[j], r[j]) < 0;
	if (bad || at_ds_splice(st, k, parts) < 0)
		return -1;
	return 0;
}

/* Collects from the --size test program text the "-DNAME=VALUE" flags of
 * its #ifndef-guarded #defines into defs[] (at most AT_DS_MAX_DEF);
 * returns their number. */
static int at_ds_defines(const char *text, char defs[][64])
{
	int n = 0;

	for (const char *p = text; p && *p && n < AT_DS_MAX_DEF;
	     p += strcspn(p, "\n"), p += *p == '\n') {
		char name[32], def[32];
		long v;
		if (sscanf(p, "#ifndef %31s\n#define %31s %ld", name, def,
		    &v) == 3 && !strcmp(name, def))
			snprintf(defs[n++], 64, "-D%s=%ld", name, v);
	}
	return n;
}

/* Builds in argv the compile command of the check build (check != 0:
 * -O2 -fopenmp -ffp-contract=off and the test sizes defs[0..n_def)) or
 * of the timing build (the user's --cflags, split at blanks into
 * `words`), then "-I RUNTIME v.out.c -o BIN -lm" with the paths in
 * files[].  Returns 0, or -1 when the flags are too many. */
static int at_ds_cc_argv(const at_ds_state *st, int check, char defs[][64],
	int n_def, char *words, char files[2][AT_DS_PATH], char **argv)
{
	static char *const check_flags[] = { "-O2", "-fopenmp",
		"-ffp-contract=off", NULL };
	char *save = NULL, *w;
	int n = 0;

	argv[n++] = (char *)st->o->cc;
	for (int i = 0; check && check_flags[i]; i++)
		argv[n++] = check_flags[i];
	for (int i = 0; check && i < n_def; i++)
		argv[n++] = defs[i];
	snprintf(words, AT_DS_PATH, "%s", check ? "" : st->o->cflags);
	for (w = strtok_r(words, " \t", &save); w && n < AT_DS_MAX_ARGV - 8;
	     w = strtok_r(NULL, " \t", &save))
		argv[n++] = w;
	if (w)
		return -1;
	argv[n++] = "-I";
	argv[n++] = (char *)st->o->runtime;
	argv[n++] = at_ds_file(st, "v.out.c", files[0]);
	argv[n++] = "-o";
	argv[n++] = at_ds_file(st, check ? "v.check" : "v.time", files[1]);
	argv[n++] = "-lm";
	argv[n] = NULL;
	return 0;
}

/* Compiles the check and timing builds in parallel.  Returns 0, or -1
 * with k->error set (-2 when interrupted). */
static int at_ds_compile(const at_ds_state *st, at_ds_kernel *k)
{
	static const char *const errn[] = { "cc-check.err", "cc-time.err" };
	char defs[AT_DS_MAX_DEF][64], words[2][AT_DS_PATH];
	char files[2][2][AT_DS_PATH], err[2][AT_DS_PATH], tpath[AT_DS_PATH];
	char *argv[2][AT_DS_MAX_ARGV];
	char *text = at_ds_slurp(at_ds_file(st, "t.c", tpath), NULL);
	int n_def = at_ds_defines(text, defs), r[2] = { -1, -1 };
	at_ds_proc p[2];

	free(text);
	for (int b = 0; b < 2; b++) {
		if (at_ds_cc_argv(st, !b, defs, n_def, words[b], files[b],
		    argv[b]) < 0) {
			at_ds_fail(k, "too many words in --cflags");
			return -1;
		}
		r[b] = at_ds_spawn(&p[b], argv[b], NULL, at_ds_file(st,
			errn[b], err[b]), 0, st->o->tool_timeout);
	}
	for (int b = 0; b < 2; b++)
		if (r[b] == 0)
			r[b] = at_ds_wait(&p[b]);
	if (r[0] == -2 || r[1] == -2)
		return -2;
	for (int b = 0; b < 2; b++)
		if (r[b]) {
			char *e = at_ds_slurp(err[b], NULL), first[200];
			at_ds_first_line(e, first, sizeof(first));
			free(e);
			if (!first[0] || p[b].timed_out)	/* say how it ended */
				at_ds_how(&p[b], st->o->tool_timeout, first,
					sizeof(first));
			at_ds_fail(k, "the %s build does not compile: %s",
				b ? "timing" : "check", first);
			return -1;
		}
	return 0;
}

/* Reads the result lines of a variants program's output `text` into
 * res[] (n variants); a timeout line's limit goes to res[v].limit. */
static void at_ds_parse_out(const char *text, at_ds_res *res, int n)
{
	for (const char *p = text; p && *p; p += strcspn(p, "\n"),
	     p += *p == '\n') {
		at_ds_res r = { .state = 1, .runs = 1 };
		char word[16];
		int v, got = sscanf(p, "variant %d time: %lf hash: %llx runs: "
			"%d spread: %lf", &v, &r.time, &r.hash, &r.runs,
			&r.spread);
		if (got < 3 && sscanf(p, "variant %d %15s limit: %lf", &v, word,
		    &r.limit) >= 2 && !strcmp(word, "timeout"))
			r.state = 2;
		else if (got < 3)
			continue;
		if (v >= 0 && v < n)
			res[v] = r;
	}
}

/* Runs variants program `bin` on the variants list[0..n_list) with the
 * extra arguments extra[] (NULL-terminated), restarting after a crash or
 * timeout with the variants not yet reported (with --ref-time once
 * variant 0 is measured); the variant that was running when a run
 * crashed is marked crashed (timed out when the whole run was killed).
 * `out` names the output file.  Fills res[] (k->n entries).  Returns 0,
 * -1 on a spawn error, -2 when interrupted. */
static int at_ds_measure(const at_ds_state *st, const at_ds_kernel *k,
	const char *bin, const int *list, int n_list, char **extra,
	double per_var, const char *out, at_ds_res *res)
{
	char *argv[AT_DS_MAX_ARGV + AT_DS_MAX_CAND], nums[AT_DS_MAX_CAND + 1][12];
	char bpath[AT_DS_PATH], opath[AT_DS_PATH], epath[AT_DS_PATH], ref[32];
	char ename[32];
	int first = 0;

	at_ds_file(st, bin, bpath);
	snprintf(ename, sizeof(ename), "%.*s.err", (int)strcspn(out, "."), out);
	while (first < n_list) {
		int n = 0, r, rest = 0;
		at_ds_proc p;
		char *text;

		argv[n++] = bpath;
		for (int i = 0; extra[i]; i++)
			argv[n++] = extra[i];
		if (res[0].state == 1 && list[first] != 0) {
			snprintf(ref, sizeof(ref), "%.9f", res[0].time);
			argv[n++] = "--ref-time";
			argv[n++] = ref;
		}
		for (int i = first; i < n_list; i++, rest++) {
			snprintf(nums[i], sizeof(nums[i]), "%d", list[i]);
			argv[n++] = nums[i];
		}
		argv[n] = NULL;
		r = at_ds_run(argv, at_ds_file(st, out, opath), at_ds_file(st,
			ename, epath), st->o->threads, rest * per_var + 60,
			&p);
		if (r == -2 || r == -1)
			return r;
		text = at_ds_slurp(opath, NULL);
		at_ds_parse_out(text, res, k->n);
		free(text);
		while (first < n_list && res[list[first]].state)
			first++;
		/* exit status 3: the harness stopped a variant (its "timeout"
		 * line is read); otherwise the first variant without a line
		 * was running when the process died or was killed */
		if (first < n_list && !(WIFEXITED(p.status) &&
		    WEXITSTATUS(p.status) == 3 && !p.timed_out))
			res[list[first++]].state = p.timed_out ? 2 : 3;
	}
	return 0;
}

/* Runs the check build (check != 0: v.check into check.out) or the
 * timing build (v.time into time.out) with the arguments extra[] on
 * every variant not already failed, listed in list[] (their number in
 * *n), results in res[].  The program may take (runs + warm-ups) x
 * --timeout per variant (the harness limits each run) plus 60 s before
 * the driver kills it.  Returns 0, -1 with k->error set when variant 0
 * itself fails, -2 when interrupted. */
static int at_ds_build_run(const at_ds_state *st, at_ds_kernel *k,
	int check, char **extra, int *list, int *n, at_ds_res *res)
{
	const at_ds_opts *o = st->o;
	double per_var = check ? o->vtimeout : (o->runs + o->warmup) *
		o->vtimeout;
	int r;

	*n = 0;
	for (int v = 0; v < k->n; v++)
		if (!k->c[v].check)
			list[(*n)++] = v;
	memset(res, 0, k->n * sizeof(*res));
	r = at_ds_measure(st, k, check ? "v.check" : "v.time", list, *n,
		extra, per_var, check ? "check.out" : "time.out",
		res);
	if (r < 0)
		return r;
	if (res[0].state != 1) {
		at_ds_fail(k, "the reference (variant 0) of the %s build %s",
			check ? "check" : "timing", res[0].state == 2 ?
			"timed out" : "crashed");
		return -1;
	}
	return 0;
}

/* Runs the check build on every variant not already failed; a hash
 * different from variant 0's is a MISMATCH (printed on stderr).  Returns
 * 0, -1 with k->error set when variant 0 itself fails, -2 when
 * interrupted. */
static int at_ds_check(at_ds_state *st, at_ds_kernel *k, at_ds_res *res)
{
	char tmo[32], *extra[] = { "--timeout", tmo, NULL };
	int list[AT_DS_MAX_CAND + 1], n, r;

	snprintf(tmo, sizeof(tmo), "%.0f", st->o->vtimeout);
	r = at_ds_build_run(st, k, 1, extra, list, &n, res);
	if (r < 0)
		return r;
	for (int i = 1; i < n; i++) {
		at_ds_cand *c = &k->c[list[i]];
		if (res[list[i]].state == 1 && res[list[i]].hash == res[0].hash)
			continue;
		c->check = res[list[i]].state == 1 ? "MISMATCH" :
			res[list[i]].state == 2 ? "timeout" : "crash";
		snprintf(c->msg, sizeof(c->msg), "check build (--size test, "
			"-ffp-contract=off): %s", res[list[i]].state == 1 ?
			"hash differs from the reference's" : c->check);
		if (res[list[i]].state == 1) {
			st->mismatches++;
			fprintf(stderr, "\nautotile-dataset: MISMATCH: seed %llu "
				"candidate %s: hash %016llx, reference %016llx "
				"(a correctness bug of autotile)\n", k->seed,
				c->id, res[list[i]].hash, res[0].hash);
		}
	}
	return 0;
}

/* Records in c the timeout t of the timing build: the limit the harness
 * applied to one run (c->limit, which its line states) and why; when
 * the driver had to kill the whole program instead, the limit is
 * unknown (0). */
static void at_ds_timeout_msg(const at_ds_opts *o, const at_ds_res *t,
	at_ds_cand *c)
{
	c->limit = t->limit;
	if (t->limit > 0)
		snprintf(c->msg, sizeof(c->msg), "timing build: one run took "
			"over %.3f s (the smaller of --timeout %g and "
			"max(1 s, --ref-timeout %g x the reference))",
			t->limit, o->vtimeout, o->ref_timeout);
	else
		snprintf(c->msg, sizeof(c->msg), "timing build: the program "
			"was killed while this variant ran (over (runs + "
			"warm-ups) x --timeout %g s per variant + 60 s)",
			o->vtimeout);
}

/* Runs the timing build on variant 0 and every variant that passed the
 * check, and stores times in k.  Returns 0, -1 with k->error set when
 * variant 0 fails, -2 when interrupted. */
static int at_ds_time(const at_ds_state *st, at_ds_kernel *k,
	at_ds_res *res)
{
	const at_ds_opts *o = st->o;
	char a[7][32], *extra[] = { "--runs", a[0], "--warmup", a[1],
		"--ref-limit", a[2], "--budget", a[3], "--timeout", a[4],
		"--ref-timeout", a[5], "--cut-min", a[6], NULL };
	int list[AT_DS_MAX_CAND + 1], n, r;

	snprintf(a[0], 32, "%d", o->runs);
	snprintf(a[1], 32, "%d", o->warmup);
	snprintf(a[2], 32, "%g", o->ref_limit);
	snprintf(a[3], 32, "%g", o->budget);
	snprintf(a[4], 32, "%g", o->vtimeout);
	snprintf(a[5], 32, "%g", o->ref_timeout);
	snprintf(a[6], 32, "%g", o->cut_min);
	k->busy = at_ds_wait_idle(o->wait_idle);
	at_ds_busy_threads(&k->busy_normal, &k->busy_niced);
	k->load = at_ds_load();
	r = at_ds_build_run(st, k, 0, extra, list, &n, res);
	if (r < 0)
		return r;
	k->busy_after = at_ds_busy();
	k->ref_time = res[0].time;
	for (int i = 0; i < n; i++) {
		at_ds_cand *c = &k->c[list[i]];
		const at_ds_res *t = &res[list[i]];
		c->check = t->state == 1 ? "ok" : t->state == 2 ? "timeout" :
			"crash";
		c->timed = t->state == 1;
		c->time = t->time;
		c->spread = t->spread;
		c->runs = t->runs;
		if (t->state == 2)
			at_ds_timeout_msg(o, t, c);
		else if (t->state != 1)
			snprintf(c->msg, sizeof(c->msg), "timing build: the "
				"variant crashed");
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

/* Adds number v to row as `name`, or null when `have` is 0. */
static void at_ds_num(cJSON *row, const char *name, int have, double v)
{
	if (have)
		cJSON_AddNumberToObject(row, name, v);
	else
		cJSON_AddNullToObject(row, name);
}

/* Returns the machine record of the rows, {"cpu", "l1d", "l2", "l3",
 * "cores"} (cache sizes in bytes), or NULL when memory is short. */
static cJSON *at_ds_machine(const at_ds_state *st)
{
	cJSON *m = cJSON_CreateObject();

	cJSON_AddStringToObject(m, "cpu", st->cpu);
	cJSON_AddNumberToObject(m, "l1d", (double)st->mach.l1d);
	cJSON_AddNumberToObject(m, "l2", (double)st->mach.l2);
	cJSON_AddNumberToObject(m, "l3", (double)st->mach.l3);
	cJSON_AddNumberToObject(m, "cores", st->mach.cores);
	return m;
}

/* Returns the row of variant v of k (a kernel-level failure: the one
 * row of variant 0 with check "tool-error"), or NULL.  A timeout row has
 * "limit": the seconds one run exceeded in the timing build, null when
 * unknown (a timeout of the check build, or the driver killed the run). */
static cJSON *at_ds_row(const at_ds_state *st, const at_ds_kernel *k, int v)
{
	const at_ds_cand *c = &k->c[v];
	cJSON *row = cJSON_CreateObject();
	int ok = !k->error[0] && c->timed;

	cJSON_AddNumberToObject(row, "schema", AT_DS_SCHEMA);
	cJSON_AddNumberToObject(row, "seed", (double)k->seed);
	cJSON_AddStringToObject(row, "size", at_ds_size(st->o, k->seed));
	cJSON_AddStringToObject(row, "class", k->cls);
	cJSON_AddStringToObject(row, "cand", c->id);
	cJSON_AddStringToObject(row, "role", c->role);
	at_ds_num(row, "time", ok, c->time);
	at_ds_num(row, "spread", ok, c->spread);
	at_ds_num(row, "runs", ok, c->runs);
	cJSON_AddNumberToObject(row, "cut_min", st->o->cut_min);
	at_ds_num(row, "ref_time", !k->error[0], k->ref_time);
	at_ds_num(row, "speedup", ok && c->time > 0, ok && c->time > 0 ?
		k->ref_time / c->time : 0);
	cJSON_AddNumberToObject(row, "threads", st->o->threads);
	cJSON_AddStringToObject(row, "cc", st->o->cc);
	cJSON_AddStringToObject(row, "cflags", st->o->cflags);
	at_ds_num(row, "load", k->load >= 0, k->load);
	at_ds_num(row, "busy", k->busy >= 0, k->busy);
	at_ds_num(row, "busy_after", k->busy_after >= 0, k->busy_after);
	at_ds_num(row, "busy_normal", k->busy_normal >= 0, k->busy_normal);
	at_ds_num(row, "busy_niced", k->busy_niced >= 0, k->busy_niced);
	cJSON_AddItemToObject(row, "machine", at_ds_machine(st));
	cJSON_AddStringToObject(row, "check", k->error[0] ? "tool-error" :
		c->check ? c->check : "tool-error");
	if (!k->error[0] && c->check && !strcmp(c->check, "timeout"))
		at_ds_num(row, "limit", c->limit > 0, c->limit);
	if (k->error[0] || c->msg[0])
		cJSON_AddStringToObject(row, "error", k->error[0] ? k->error :
			c->msg);
	return row;
}

/* Returns the JSON lines of kernel k (one per variant, or one for a
 * kernel-level failure) as one malloc'd string, or NULL. */
static char *at_ds_rows(const at_ds_state *st, const at_ds_kernel *k)
{
	at_buf b = { 0 };

	for (int v = 0; v < (k->error[0] ? 1 : k->n); v++) {
		cJSON *row = at_ds_row(st, k, v);
		char *line = row ? cJSON_PrintUnformatted(row) : NULL;
		if (!line)
			b.failed = 1;
		else
			at_buf_printf(&b, "%s\n", line);
		cJSON_free(line);
		cJSON_Delete(row);
	}
	return at_buf_take(&b);
}

/* Appends `text` to the output file with one write.  Returns 0, or -1
 * after a message. */
static int at_ds_append(const at_ds_state *st, const char *text)
{
	size_t len = strlen(text);
	int fd = open(st->o->out, O_WRONLY | O_APPEND | O_CREAT, 0644);
	ssize_t w = fd < 0 ? -1 : write(fd, text, len);

	if (fd < 0 || w != (ssize_t)len || close(fd) < 0) {
		fprintf(stderr, "autotile-dataset: error: cannot append to "
			"`%s`: %s\n", st->o->out, strerror(errno));
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Progress                                                            */
/* ------------------------------------------------------------------ */

/* Writes a duration of s seconds as "1h02m", "3m05s" or "12s". */
static void at_ds_dur(double s, char *buf, size_t size)
{
	long t = s < 0 ? 0 : (long)(s + 0.5);

	if (t >= 3600)
		snprintf(buf, size, "%ldh%02ldm", t / 3600, t / 60 % 60);
	else if (t >= 60)
		snprintf(buf, size, "%ldm%02lds", t / 60, t % 60);
	else
		snprintf(buf, size, "%lds", t);
}

/* Writes "sample S, autotile S, ..., timing S s" for the seconds per
 * step stage[] divided by n into buf; returns buf. */
static char *at_ds_steps(const double *stage, long n, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = 0;
	for (int s = 0; s < AT_DS_N_STAGE && len < size; s++)
		len += snprintf(buf + len, size - len, "%s%s %.1f%s", s ? ", " :
			"", at_ds_stage_name[s], n ? stage[s] / n : 0.0,
			s == AT_DS_N_STAGE - 1 ? " s" : "");
	return buf;
}

/* Kernels still to measure: the seeds not visited yet, times the share
 * of visited seeds that were of the --class wanted (all without it). */
static double at_ds_left(const at_ds_state *st)
{
	double left = (double)(st->total - st->done);

	if (st->skipped > 0)
		left *= (double)st->done / (double)(st->done + st->skipped);
	return left;
}

/* Writes how far the run is into buf: "D/T kernels", or with --class
 * "D kernels, V/A seeds" (V visited: measured or of another class; A
 * all seeds to visit; st->total counts the seeds not known to be of
 * another class); returns buf. */
static char *at_ds_count(const at_ds_state *st, char *buf, size_t size)
{
	if (st->o->cls)
		snprintf(buf, size, "%ld kernels, %ld/%ld seeds", st->done,
			st->done + st->skipped, st->total + st->skipped);
	else
		snprintf(buf, size, "%ld/%ld kernels", st->done, st->total);
	return buf;
}

/* Shows progress: on a terminal a bar with ETA redrawn in place (`what`
 * is the current step of seed `seed`); otherwise, when `what` is NULL
 * (a kernel finished), one plain line. */
static void at_ds_progress(const at_ds_state *st, unsigned long long seed,
	const at_ds_kernel *k, const char *what)
{
	double el = at_bench_now() - st->start;
	double per = st->done ? el / st->done : 0;
	char eta[32], bar[31], steps[160], count[96];
	long seen = st->done + st->skipped;
	long all = st->total + st->skipped;
	int fill = all ? (int)(30 * seen / all) : 30;

	at_ds_dur(per * at_ds_left(st), eta, sizeof(eta));
	if (!st->tty) {
		if (!what)
			fprintf(stderr, "autotile-dataset: seed %llu (%s): %d "
				"rows%s%s; %s; %s, %.1f s/kernel, ETA %s\n", seed,
				k->cls, k->error[0] ? 1 : k->n,
				k->error[0] ? ", tool-error: " : "", k->error,
				at_ds_steps(k->stage, 1, steps, sizeof(steps)),
				at_ds_count(st, count, sizeof(count)), per,
				st->done ? eta : "?");
		return;
	}
	if (!what && k->error[0])
		fprintf(stderr, "\rautotile-dataset: seed %llu: tool-error: %s\033[K\n",
			seed, k->error);
	memset(bar, '#', fill);
	memset(bar + fill, '.', 30 - fill);
	bar[30] = 0;
	fprintf(stderr, "\r[%s] %s  %.1f s/kernel  ETA %s  seed %llu: "
		"%-10s\033[K", bar, at_ds_count(st, count, sizeof(count)), per,
		st->done ? eta : "?", seed, what ? what : "done");
	fflush(stderr);
}

/* ------------------------------------------------------------------ */
/* Driver                                                              */
/* ------------------------------------------------------------------ */

/* Removes the kernel's work files (unless --keep). */
static void at_ds_clean(const at_ds_state *st)
{
	char path[AT_DS_PATH];

	if (st->o->keep)
		return;
	for (int i = 0; at_ds_files[i]; i++)
		unlink(at_ds_file(st, at_ds_files[i], path));
	rmdir(st->dir);
}

/* Generates k's kernel at the timing size into "k.c", unless
 * at_ds_other_class already did (it sets k->cls only then).  Returns as
 * at_ds_gen. */
static int at_ds_gen_kernel(const at_ds_state *st, at_ds_kernel *k)
{
	return k->cls[0] ? 0 : at_ds_gen(st, k, at_ds_size(st->o, k->seed), NULL,
		"k.c");
}

/* Reads the class of the generated kernel "k.c" of the work directory
 * into k->cls and samples k's variants from it (at_ds_candidates).
 * Returns 0, or -1 with k->error set. */
static int at_ds_sample_kernel(const at_ds_state *st, at_ds_kernel *k)
{
	char path[AT_DS_PATH];
	char *text = at_ds_slurp(at_ds_file(st, "k.c", path), NULL);
	int r;

	at_ds_class(text, k);
	r = at_ds_candidates(st, path, k);
	free(text);
	return r;
}

/* Generates seed's kernel, samples its candidates and prints them as
 * "SEED ROLE ID" lines (--list).  Returns 0, -1 on error. */
static int at_ds_list(at_ds_state *st, at_ds_kernel *k)
{
	int r = at_ds_gen_kernel(st, k);

	if (r < 0)
		return r;
	if (at_ds_sample_kernel(st, k) < 0)
		return -1;
	for (int v = 0; v < k->n; v++)
		printf("%llu %s %s\n", k->seed, k->c[v].role, k->c[v].id);
	fprintf(stderr, "autotile-dataset: seed %llu (%s): %d structures, "
		"%d candidates, %d draws illegal at their sizes\n",
		k->seed, k->cls, k->n_struct, k->n - 1, k->n_refused);
	return 0;
}

/* Step 1 of a kernel: generates it (at the timing size, and at --size
 * test for the check build's sizes), samples its candidates and writes
 * the variants program v.c.  Returns 0, -1 with k->error set, -2 when
 * interrupted. */
static int at_ds_prepare(const at_ds_state *st, at_ds_kernel *k)
{
	char *ids;
	int r;

	if ((r = at_ds_gen_kernel(st, k)) < 0 ||
	    (r = at_ds_gen(st, k, "test", NULL, "t.c")) < 0)
		return r;
	if (at_ds_sample_kernel(st, k) < 0)
		return -1;
	ids = at_ds_ids(k);
	r = ids ? at_ds_gen(st, k, at_ds_size(st->o, k->seed), ids, "v.c") :
		-1;
	free(ids);
	return r;
}

/* Measures kernel k (k->seed set): the steps of the file comment up to
 * the rows (not written here), each step's duration in k->stage[].
 * Returns 0 (k->error may be set: a tool-error row) or -2 when
 * interrupted. */
static int at_ds_measure_kernel(at_ds_state *st, at_ds_kernel *k,
	at_ds_res *res)
{
	double t = at_bench_now();
	int r = 0, s;

	for (s = 0; s < AT_DS_N_STAGE && r == 0; s++) {
		at_ds_progress(st, k->seed, k, at_ds_stage_name[s]);
		if (s == 0)
			r = at_ds_prepare(st, k);
		else if (s == 1)
			r = at_ds_transform(st, k);
		else if (s == 2)
			r = at_ds_compile(st, k);
		else if (s == 3)
			r = at_ds_check(st, k, res);
		else
			r = at_ds_time(st, k, res);
		k->stage[s] = at_bench_now() - t;
		t += k->stage[s];
	}
	if (r == -1)
		at_ds_fail(k, "internal error in step %s (fork or memory)",
			at_ds_stage_name[s - 1]);
	return r == -2 ? -2 : 0;
}

/* With --class: generates k's kernel and reads its class.  Returns 1
 * when it is another class than --class (the seed is skipped), 0 when
 * it is that class or there is no --class, -1 or -2 as at_ds_gen. */
static int at_ds_other_class(const at_ds_state *st, at_ds_kernel *k)
{
	char path[AT_DS_PATH];
	char *text;
	int r;

	if (!st->o->cls)
		return 0;
	if ((r = at_ds_gen_kernel(st, k)) < 0)
		return r;
	text = at_ds_slurp(at_ds_file(st, "k.c", path), NULL);
	at_ds_class(text, k);
	free(text);
	return strcmp(k->cls, st->o->cls) != 0;
}

/* Runs one seed in its own work directory: --list, or measure and
 * append its rows.  Returns 0, -1 on a driver error, -2 when
 * interrupted. */
static int at_ds_seed(at_ds_state *st, unsigned long long seed)
{
	at_ds_kernel *k = calloc(1, sizeof(*k));
	at_ds_res *res = calloc(AT_DS_MAX_CAND + 1, sizeof(*res));
	char *rows = NULL;
	int r = -1;

	snprintf(st->dir, sizeof(st->dir), "%s/s%llu", st->top, seed);
	if (!k || !res || (mkdir(st->dir, 0755) < 0 && errno != EEXIST))
		goto error;
	k->seed = seed;
	k->ref_time = k->load = k->busy = k->busy_after = k->busy_normal =
		k->busy_niced = -1;
	r = at_ds_other_class(st, k);
	if (r == 1) {
		st->skipped++;
		st->total--;
		r = 0;
		goto error;
	}
	if (r == -2)	/* -1, a failed generation, left k->error: its row */
		goto error;
	if (st->o->list) {
		r = at_ds_list(st, k);
		goto error;
	}
	r = at_ds_measure_kernel(st, k, res);
	if (r < 0)
		goto error;
	rows = at_ds_rows(st, k);
	r = rows ? at_ds_append(st, rows) : -1;
	st->rows += k->error[0] ? 1 : k->n;
	st->done++;
	for (int s = 0; s < AT_DS_N_STAGE; s++)
		st->stage[s] += k->stage[s];
	at_ds_progress(st, seed, k, NULL);
error:
	at_ds_clean(st);
	free(rows);
	free(res);
	free(k);
	return r;
}

/* Prints the usage text on f. */
static void at_ds_usage(FILE *f)
{
	fprintf(f,
"usage: autotile-dataset --seeds A-B [options] -o FILE.jsonl\n"
"\n"
"Measures random kernels (bin/autotile-gen --seed S for S in A..B) x\n"
"sampled legal candidates and appends one JSON line per (kernel,\n"
"candidate) to FILE; seeds FILE already holds are skipped (resumable).\n"
"\n"
"options:\n"
"  --seeds A-B        seed range (or one seed A)\n"
"  --shard i/N        only seeds S with S %% N == i (default 0/1)\n"
"  --per K            candidates per kernel besides the reference\n"
"                     (default 24, at most %d)\n"
"  --runs R           timed runs per variant (default 3)\n"
"  --warmup W         untimed runs first (default 1)\n"
"  --ref-limit X      one run over X times the reference: no more runs\n"
"                     (default 3)\n"
"  --cut-min S        ... but only at a run of S seconds or more: shorter\n"
"                     runs are all taken, since one preempted thread\n"
"                     can make a run of milliseconds many times slower\n"
"                     (default 0.1)\n"
"  --budget S         seconds of runs per variant before stopping\n"
"                     early (default 1)\n"
"  --timeout S        seconds one run of a variant may take (default 30)\n"
"  --ref-timeout X    the same, in multiples of the reference time, at\n"
"                     least 1 s (default 10; the smaller limit applies);\n"
"                     a variant stopped so is recorded with check\n"
"                     \"timeout\", no time, and \"limit\": the seconds\n"
"                     applied\n"
"  --tool-timeout S   seconds for autotile and each compile (default 300)\n"
"  --codegen-limit S  seconds for the code generation of each candidate\n"
"                     (autotile --codegen-limit; default 30, 0: none): one\n"
"                     over it is a tool-error row, not the whole kernel\n"
"  --wait-idle S      before timing a kernel, wait up to S seconds until\n"
"                     no other task is runnable (default 0: measure\n"
"                     only; the row's \"busy\" says how many were\n"
"                     (nice 19 included: they slow the OpenMP variants\n"
"                     too), \"busy_after\" the same right after timing,\n"
"                     \"busy_normal\" how many of them ran at nice <= 0,\n"
"                     \"busy_niced\" how many at nice 1 to 18)\n"
"  --threads T        OMP_NUM_THREADS of the timing runs (default 2)\n"
"  --cc CC            compiler (default gcc)\n"
"  --cflags FLAGS     flags of the timing build (default\n"
"                     \"-O3 -march=native -fopenmp\")\n"
"  --size S           autotile-gen --size of the timing build: bench\n"
"                     (default), round (bench's rounded as people write\n"
"                     them), mixed (round for odd seeds, bench for even),\n"
"                     small (bench's divided by 4: milliseconds) or test\n"
"  --class C          only the kernels of autotile-gen's class C (uniform,\n"
"                     stencil, reduction, transpose, triangular, multi;\n"
"                     recurrence from seed 1000000 on; only\n"
"                     accumulate from seed 3000000 on, only region\n"
"                     from 4000000 on, only wave from 5000000 on); the\n"
"                     seeds of other classes are skipped\n"
"  --weights FILE     the cost model whose best candidates are sampled\n"
"                     too (role \"model\", ranked as autotile --strategy\n"
"                     model ranks them); default ../weights/default.json\n"
"                     beside this program when it exists; none: no model\n"
"                     picks.  A file that does not load is an error\n"
"  --model-picks N    how many of the model's best legal candidates\n"
"                     (default 3; 0: none); within --per\n"
"  --autotile PATH, --gen PATH, --runtime DIR\n"
"                     the tools and runtime/ (default: next to this\n"
"                     program: autotile, autotile-gen, ../runtime)\n"
"  --workdir DIR      where to build (default: a new directory in /tmp)\n"
"  --keep             keep the work files\n"
"  --list             only print the sampled candidates, \"SEED ROLE ID\"\n"
"  -o FILE            the JSONL file to append to\n"
"exit status: 0 success, 1 error, 2 usage error, 130 interrupted\n",
		AT_DS_MAX_CAND);
}

/* Prints a usage error naming `arg`; returns 2. */
static int at_ds_usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "autotile-dataset: error: %s `%s` (see "
		"autotile-dataset --help)\n", what, arg);
	return 2;
}

/* Parses "A-B" or "A" into *lo, *hi; returns 0 or -1. */
static int at_ds_parse_seeds(const char *s, unsigned long long *lo,
	unsigned long long *hi)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	*lo = *hi = strtoull(s, &end, 10);
	if (*end == '-') {
		s = end + 1;
		if (!isdigit((unsigned char)*s))
			return -1;
		*hi = strtoull(s, &end, 10);
	}
	/* seeds are JSON numbers (doubles): exact below 2^53 */
	if (*end || errno || *hi < *lo || *hi - *lo >= AT_DS_MAX_SPAN ||
	    *hi >= (1ULL << 53))
		return -1;
	return 0;
}

/* Parses one option value v of kind `kind` into dst: 'i' int in
 * [1, max], 'z' int in [0, max], 'd' number >= 0, 's' string, 'h' shard
 * "i/N", 'r' seed range, 'S' bench|round|mixed|small|test, 'C' a class of
 * autotile-gen.
 * Returns 0 or -1. */
static int at_ds_value(at_ds_opts *o, char kind, void *dst, long max,
	const char *v)
{
	char *end;
	char c;
	double d;
	long l;

	if (kind == 's') {
		*(const char **)dst = v;
		return *v ? 0 : -1;
	}
	if (kind == 'r')
		return at_ds_parse_seeds(v, &o->lo, &o->hi);
	if (kind == 'S') {
		*(const char **)dst = v;
		return strcmp(v, "bench") && strcmp(v, "round") &&
			strcmp(v, "mixed") && strcmp(v, "small") &&
			strcmp(v, "test") ? -1 : 0;
	}
	if (kind == 'C') {
		*(const char **)dst = v;
		return at_ds_class_known(v) ? 0 : -1;
	}
	if (kind == 'h')
		return sscanf(v, "%d/%d%c", &o->shard_i, &o->shard_n,
			&c) == 2 && o->shard_n >= 1 &&
			o->shard_i >= 0 && o->shard_i < o->shard_n ? 0 : -1;
	errno = 0;
	if (kind == 'd') {
		d = strtod(v, &end);
		*(double *)dst = d;
		return end == v || *end || errno || !(d >= 0) ? -1 : 0;
	}
	l = strtol(v, &end, 10);
	*(int *)dst = (int)l;
	return end == v || *end || errno || l < (kind == 'i') || l > max ?
		-1 : 0;
}

/* Handles option argv[*i] into o; returns 0, 2 (usage error) or -1
 * (--help printed). */
static int at_ds_option(at_ds_opts *o, int argc, char **argv, int *i)
{
	const struct { const char *name; char kind; void *dst; long max; }
	t[] = {
		{ "--seeds", 'r', NULL, 0 }, { "--shard", 'h', NULL, 0 },
		{ "--per", 'i', &o->per, AT_DS_MAX_CAND },
		{ "--runs", 'i', &o->runs, 1000 },
		{ "--warmup", 'z', &o->warmup, 1000 },
		{ "--ref-limit", 'd', &o->ref_limit, 0 },
		{ "--cut-min", 'd', &o->cut_min, 0 },
		{ "--budget", 'd', &o->budget, 0 },
		{ "--timeout", 'd', &o->vtimeout, 0 },
		{ "--ref-timeout", 'd', &o->ref_timeout, 0 },
		{ "--wait-idle", 'd', &o->wait_idle, 0 },
		{ "--tool-timeout", 'd', &o->tool_timeout, 0 },
		{ "--codegen-limit", 'd', &o->cg_limit, 0 },
		{ "--threads", 'i', &o->threads, 1024 },
		{ "--cc", 's', &o->cc, 0 }, { "--cflags", 's', &o->cflags, 0 },
		{ "--size", 'S', &o->size, 0 },
		{ "--autotile", 's', &o->autotile, 0 },
		{ "--gen", 's', &o->gen, 0 },
		{ "--runtime", 's', &o->runtime, 0 },
		{ "--weights", 's', &o->weights, 0 },
		{ "--class", 'C', &o->cls, 0 },
		{ "--model-picks", 'z', &o->model_picks, AT_DS_MAX_CAND },
		{ "--workdir", 's', &o->workdir, 0 }, { "-o", 's', &o->out, 0 },
	};
	const char *a = argv[*i];

	if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
		at_ds_usage(stdout);
		return -1;
	}
	if (!strcmp(a, "--keep") || !strcmp(a, "--list")) {
		*(a[2] == 'k' ? &o->keep : &o->list) = 1;
		return 0;
	}
	for (size_t k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
		if (strcmp(a, t[k].name))
			continue;
		if (*i + 1 >= argc)
			return at_ds_usage_error("missing value of", a);
		if (at_ds_value(o, t[k].kind, t[k].dst, t[k].max,
		    argv[++*i]) < 0)
			return at_ds_usage_error("bad value of", a);
		return 0;
	}
	return at_ds_usage_error("unknown option", a);
}

/* Sets the paths of the tools that were not given: next to this program
 * (bin/autotile, bin/autotile-gen) and ../runtime.  `exe_dir` receives
 * those default paths and, last, the default weights file
 * ../weights/default.json beside this program. */
static void at_ds_tools(at_ds_opts *o, const char *argv0,
	char exe_dir[4][AT_DS_PATH])
{
	char self[AT_DS_TOP];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (n > 0)
		self[n] = 0;
	else
		snprintf(self, sizeof(self), "%s", argv0);
	slash = strrchr(self, '/');
	if (slash)
		*slash = 0;
	else
		snprintf(self, sizeof(self), ".");
	snprintf(exe_dir[0], AT_DS_PATH, "%s/autotile", self);
	snprintf(exe_dir[1], AT_DS_PATH, "%s/autotile-gen", self);
	snprintf(exe_dir[2], AT_DS_PATH, "%s/../runtime", self);
	snprintf(exe_dir[3], AT_DS_PATH, "%s/../weights/default.json", self);
	if (!o->autotile)
		o->autotile = exe_dir[0];
	if (!o->gen)
		o->gen = exe_dir[1];
	if (!o->runtime)
		o->runtime = exe_dir[2];
}

/* Parses the command line into o (defaults first); returns 0, 2 or -1
 * (see at_ds_option). */
static int at_ds_parse(at_ds_opts *o, int argc, char **argv)
{
	int have_seeds = 0;

	memset(o, 0, sizeof(*o));
	o->shard_n = 1;
	o->per = 24;
	o->runs = 3;
	o->warmup = 1;
	o->threads = 2;
	o->ref_limit = 3;
	o->cut_min = 0.1;
	o->budget = 1;
	o->vtimeout = 30;
	o->ref_timeout = 10;
	o->tool_timeout = 300;
	o->cg_limit = 30;
	o->cc = "gcc";
	o->cflags = "-O3 -march=native -fopenmp";
	o->size = "bench";
	o->model_picks = 3;
	for (int i = 1; i < argc; i++) {
		int r;
		have_seeds |= !strcmp(argv[i], "--seeds");
		r = at_ds_option(o, argc, argv, &i);
		if (r)
			return r;
	}
	if (!have_seeds)
		return at_ds_usage_error("missing option", "--seeds");
	if (!o->out && !o->list)
		return at_ds_usage_error("missing option", "-o");
	return 0;
}

/* Checks that the tools run: returns 0, or -1 after a message. */
static int at_ds_check_tools(const at_ds_opts *o)
{
	const char *need[] = { o->gen, o->autotile };
	char hdr[AT_DS_PATH];

	for (int i = 0; i < (o->list ? 1 : 2); i++)
		if (access(need[i], X_OK) < 0) {
			fprintf(stderr, "autotile-dataset: error: cannot run "
				"`%s` (run make, or see --gen/--autotile)\n",
				need[i]);
			return -1;
		}
	snprintf(hdr, sizeof(hdr), "%s/at_harness.h", o->runtime);
	if (access(hdr, R_OK) < 0) {
		fprintf(stderr, "autotile-dataset: error: no `%s` (see "
			"--runtime)\n", hdr);
		return -1;
	}
	return 0;
}

/* Loads the model of the picks into *m (NULL: none) once for the run:
 * --weights FILE, or the default file `def` when it exists (a missing
 * default is said once on stderr: no model picks); none with --weights
 * none or --model-picks 0.  Returns 0, or -1 after a one-line error when
 * the file does not load or has another feature layout (at_model_load). */
static int at_ds_load_model(const at_ds_opts *o, const char *def,
	at_model **m)
{
	const char *path = o->weights ? o->weights : def;
	char err[512];

	*m = NULL;
	if (o->model_picks == 0 || !strcmp(path, "none"))
		return 0;
	if (!o->weights && access(def, F_OK) < 0 && errno == ENOENT) {
		fprintf(stderr, "autotile-dataset: no `%s`: no model picks "
			"(see --weights)\n", def);
		return 0;
	}
	at_model_one_thread();
	*m = at_model_load(path, AT_FEAT_LAYOUT, AT_FEAT_NEST_DIM,
		AT_FEAT_CAND_DIM, err, sizeof(err));
	if (!*m) {
		fprintf(stderr, "autotile-dataset: error: %s\n", err);
		return -1;
	}
	fprintf(stderr, "autotile-dataset: model picks: the %d best of `%s` "
		"per kernel\n", o->model_picks, path);
	return 0;
}

/* Creates the run's work directory st->top (under --workdir, or a new
 * one in $TMPDIR or /tmp).  Returns 0, or -1 after a message. */
static int at_ds_workdir(at_ds_state *st)
{
	const char *tmp = getenv("TMPDIR");

	if (st->o->workdir && strlen(st->o->workdir) + 1 >= sizeof(st->top)) {
		errno = ENAMETOOLONG;
		snprintf(st->top, sizeof(st->top), "--workdir");
	} else if (st->o->workdir) {
		snprintf(st->top, sizeof(st->top), "%s", st->o->workdir);
		if (mkdir(st->top, 0755) == 0 || errno == EEXIST)
			return 0;
	} else {
		snprintf(st->top, sizeof(st->top), "%s/autotile-dataset-XXXXXX",
			tmp && *tmp ? tmp : "/tmp");
		if (mkdtemp(st->top))
			return 0;
	}
	fprintf(stderr, "autotile-dataset: error: cannot create `%s`: %s\n",
		st->top, strerror(errno));
	return -1;
}

/* Returns 1 when seed s (in o's range) is in o's shard and not done
 * yet (done[]: one byte per seed of the range), else 0. */
static int at_ds_todo(const at_ds_opts *o, const unsigned char *done,
	unsigned long long s)
{
	return s % o->shard_n == (unsigned long long)o->shard_i &&
		!done[s - o->lo];
}

/* Runs every seed of the shard not done yet; returns the exit status. */
static int at_ds_loop(at_ds_state *st, const unsigned char *done)
{
	const at_ds_opts *o = st->o;
	char steps[160];
	int r = 0;

	for (unsigned long long s = o->lo; s <= o->hi; s++)
		st->total += at_ds_todo(o, done, s);
	if (!o->list)
		fprintf(stderr, "autotile-dataset: %ld kernels to measure "
			"(%llu-%llu, shard %d/%d) into %s\n", st->total, o->lo,
			o->hi, o->shard_i, o->shard_n, o->out);
	for (unsigned long long s = o->lo; s <= o->hi && r >= 0; s++) {
		if (!at_ds_todo(o, done, s))
			continue;
		r = at_ds_seed(st, s);
		if (at_ds_stop)
			r = -2;
	}
	if (st->tty && !o->list)
		fputc('\n', stderr);
	if (!o->list)
		fprintf(stderr, "autotile-dataset: %ld kernels, %ld rows, %ld "
			"mismatches in %.0f s; per kernel: %s%s\n", st->done,
			st->rows, st->mismatches, at_bench_now() - st->start,
			at_ds_steps(st->stage, st->done, steps, sizeof(steps)),
			r == -2 ? " (interrupted: run the same command to "
			"resume)" : "");
	if (!o->list && o->cls)
		fprintf(stderr, "autotile-dataset: %ld seeds of other classes "
			"than %s skipped\n", st->skipped, o->cls);
	return r == -2 ? 130 : r < 0 ? 1 : 0;
}

/* Parses the options, resumes from the output file and measures. */
int main(int argc, char **argv)
{
	static char tools[4][AT_DS_PATH];
	at_ds_opts o;
	at_ds_state st;
	at_model *model = NULL;
	unsigned char *done = NULL;
	int rc = at_ds_parse(&o, argc, argv);

	if (rc)
		return rc < 0 ? 0 : rc;
	memset(&st, 0, sizeof(st));
	st.o = &o;
	st.tty = isatty(2);
	st.start = at_bench_now();
	at_features_machine(&st.mach, NULL);
	at_features_cpu_name(st.cpu, sizeof(st.cpu));
	at_ds_tools(&o, argv[0], tools);
	done = calloc(o.hi - o.lo + 1, 1);
	rc = 1;
	if (!done || at_ds_check_tools(&o) < 0 ||
	    at_ds_load_model(&o, tools[3], &model) < 0 ||
	    (!o.list && at_ds_resume(&o, done) < 0) || at_ds_workdir(&st) < 0)
		goto done;
	st.model = model;
	signal(SIGINT, at_ds_on_signal);
	signal(SIGTERM, at_ds_on_signal);
	rc = at_ds_loop(&st, done);
	if (!o.keep && !o.workdir)
		rmdir(st.top);
done:
	if (rc == 1 && !done)
		fprintf(stderr, "autotile-dataset: error: out of memory\n");
	free(done);
	at_model_free(model);
	return rc;
}
