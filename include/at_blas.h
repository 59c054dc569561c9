/*
 * at_blas.h — the CBLAS routines the cost model runs on: OpenBLAS, loaded
 * when the model is first used.
 *
 * Loading OpenBLAS at run time instead of linking it lets autotile set up
 * the library before its start-up code runs:
 *   - one thread when asked (autotile): the model scores chunks of at
 *     most 512 rows, where OpenBLAS's thread pool costs more than it
 *     saves, and its idle workers spin on the second core while autotile
 *     usually runs beside the user's build;
 *   - a kernel for the CPU: OpenBLAS 0.3.21 (Debian 12) does not know
 *     CPUs newer than it (such as this machine's Xeon, family 6 model
 *     207) and falls back to its SSE3 "Prescott" kernels.  When it does, the
 *     library is loaded again with its SkylakeX kernels on a CPU with
 *     AVX-512, else its Haswell ones on a CPU with AVX2 and FMA (on this
 *     machine's CPU, scoring goes from 1.28 (Prescott) to 2.15 (Haswell)
 *     and 2.78 (SkylakeX) million candidates per second, measured one
 *     after the other with autotile-train --bench-infer).
 * Both use the library's own environment variables, set only while it
 * loads and restored afterwards; a user's OPENBLAS_CORETYPE is respected.
 */
#ifndef AT_BLAS_H
#define AT_BLAS_H

#include <stddef.h>

#include <cblas.h>

/* Loads OpenBLAS once per process (later calls return at once), with one
 * thread when one_thread is set, else with the library's default (one
 * per core).  Returns 0, or -1 with a one-line message in err (errlen
 * bytes; err may be NULL when errlen is 0). */
int at_blas_init(int one_thread, char *err, size_t errlen);

/* The name of the kernel set OpenBLAS runs ("Haswell" ...), or "" when
 * it is not loaded. */
const char *at_blas_core(void);

/* Makes OpenBLAS use one thread in this process (after at_blas_init). */
void at_blas_one_thread(void);

/* cblas_sgemm and cblas_sgemv of the loaded library (after a successful
 * at_blas_init). */
void at_blas_sgemm(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE ta,
	enum CBLAS_TRANSPOSE tb, int m, int n, int k, float alpha,
	const float *a, int lda, const float *b, int ldb, float beta,
	float *c, int ldc);
void at_blas_sgemv(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE t, int m,
	int n, float alpha, const float *a, int lda, const float *x, int incx,
	float beta, float *y, int incy);

#endif
