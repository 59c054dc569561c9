/*
 * blas.c — OpenBLAS loaded at run time for the cost model (see at_blas.h).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "at_blas.h"

#define AT_BLAS_LIB "libopenblas.so.0"

typedef void (*at_blas_sgemm_fn)(enum CBLAS_ORDER, enum CBLAS_TRANSPOSE,
	enum CBLAS_TRANSPOSE, blasint, blasint, blasint, float, const float *,
	blasint, const float *, blasint, float, float *, blasint);
typedef void (*at_blas_sgemv_fn)(enum CBLAS_ORDER, enum CBLAS_TRANSPOSE,
	blasint, blasint, float, const float *, blasint, const float *,
	blasint, float, float *, blasint);
typedef void (*at_blas_threads_fn)(int);
typedef char *(*at_blas_core_fn)(void);

/* The loaded library and its entry points (handle NULL: not loaded). */
static struct {
	void *handle;
	at_blas_sgemm_fn sgemm;
	at_blas_sgemv_fn sgemv;
	at_blas_threads_fn threads;
	at_blas_core_fn core;
} at_blas;

/* An environment variable set while OpenBLAS loads, and its old value. */
typedef struct at_blas_env {
	const char *name;
	char *old;		/* strdup'ed, NULL when unset */
	int set;
} at_blas_env;

/* Sets variable e->name to value unless the user set it; remembers what
 * to restore. */
static void at_blas_env_set(at_blas_env *e, const char *value)
{
	const char *old = getenv(e->name);

	if (old && *old)
		return;
	e->old = old ? strdup(old) : NULL;
	e->set = setenv(e->name, value, 1) == 0;
}

/* Restores the variable set by at_blas_env_set. */
static void at_blas_env_restore(at_blas_env *e)
{
	if (e->set && e->old)
		setenv(e->name, e->old, 1);
	else if (e->set)
		unsetenv(e->name);
	free(e->old);
	memset(e, 0, sizeof(*e));
}

/* Opens OpenBLAS and looks up its entry points; returns 0, or -1 with
 * the library closed. */
static int at_blas_open(void)
{
	void *h = dlopen(AT_BLAS_LIB, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		return -1;
	at_blas.sgemm = (at_blas_sgemm_fn)dlsym(h, "cblas_sgemm");
	at_blas.sgemv = (at_blas_sgemv_fn)dlsym(h, "cblas_sgemv");
	at_blas.threads = (at_blas_threads_fn)dlsym(h,
		"openblas_set_num_threads");
	at_blas.core = (at_blas_core_fn)dlsym(h, "openblas_get_corename");
	if (!at_blas.sgemm || !at_blas.sgemv || !at_blas.threads ||
	    !at_blas.core) {
		dlclose(h);
		return -1;
	}
	at_blas.handle = h;
	return 0;
}

/* Returns the kernel set to load OpenBLAS with instead of its SSE3
 * fallback on this CPU: SkylakeX with AVX-512 (F, CD, BW, DQ, VL), else
 * Haswell with AVX2 and FMA; NULL when the loaded library does not run
 * the fallback or the CPU has neither. */
static const char *at_blas_better_core(void)
{
	const char *core = at_blas.core();

	if (!core || strcasecmp(core, "prescott"))
		return NULL;
	if (__builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512cd") &&
	    __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512dq") &&
	    __builtin_cpu_supports("avx512vl"))
		return "SkylakeX";
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		return "Haswell";
	return NULL;
}

/* Loads OpenBLAS (see at_blas.h). */
int at_blas_init(int one_thread, char *err, size_t errlen)
{
	at_blas_env threads = { "OPENBLAS_NUM_THREADS", NULL, 0 };
	at_blas_env core = { "OPENBLAS_CORETYPE", NULL, 0 };
	const char *better = NULL;
	int rc = 0;

	if (at_blas.handle)
		return 0;
	if (one_thread)
		at_blas_env_set(&threads, "1");
	if (at_blas_open() == 0 && (better = at_blas_better_core())) {
		dlclose(at_blas.handle);
		at_blas_env_set(&core, better);
		if (at_blas_open() < 0) {
			at_blas_env_restore(&core);
			rc = at_blas_open();
		}
	} else if (!at_blas.handle) {
		rc = -1;
	}
	at_blas_env_restore(&core);
	at_blas_env_restore(&threads);
	if (rc < 0) {
		const char *why = dlerror();
		memset(&at_blas, 0, sizeof(at_blas));
		if (errlen > 0)
			snprintf(err, errlen, "cannot load OpenBLAS (%s): %s",
				AT_BLAS_LIB, why ? why : "CBLAS entry points "
				"missing");
	}
	return rc;
}

/* The kernel set's name (see at_blas.h). */
const char *at_blas_core(void)
{
	const char *core = at_blas.handle ? at_blas.core() : NULL;

	return core ? core : "";
}

/* One thread (see at_blas.h). */
void at_blas_one_thread(void)
{
	if (at_blas.handle)
		at_blas.threads(1);
}

/* cblas_sgemm of the loaded library. */
void at_blas_sgemm(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE ta,
	enum CBLAS_TRANSPOSE tb, int m, int n, int k, float alpha,
	const float *a, int lda, const float *b, int ldb, float beta,
	float *c, int ldc)
{
	at_blas.sgemm(order, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c,
		ldc);
}

/* cblas_sgemv of the loaded library. */
void at_blas_sgemv(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE t, int m,
	int n, float alpha, const float *a, int lda, const float *x, int incx,
	float beta, float *y, int incy)
{
	at_blas.sgemv(order, t, m, n, alpha, a, lda, x, incx, beta, y, incy);
}
