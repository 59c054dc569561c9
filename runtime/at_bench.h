/*
 * at_bench.h — timing, hashing and data helpers shared by the example
 * programs in examples/ (and usable by any benchmark harness).
 *
 * Header-only: every function is `static inline` and prefixed `at_bench_`.
 * Every example prints exactly two result lines, which the test and bench
 * scripts parse:
 *
 *     time: <seconds, %.6f>        wall time of the kernel only
 *     hash: <%016llx>              FNV-1a 64 over the bytes of the outputs
 *
 * Works with and without -fopenmp and needs only C11 + POSIX.
 */
#ifndef AT_BENCH_H
#define AT_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* FNV-1a 64-bit offset basis: the hash of zero bytes.  Start every hash
 * from this value (at_bench_hash_init returns it). */
#define AT_BENCH_FNV_OFFSET 0xcbf29ce484222325ULL
/* FNV-1a 64-bit prime. */
#define AT_BENCH_FNV_PRIME 0x100000001b3ULL

/* Contract: returns a monotonic wall-clock time in seconds (arbitrary
 * origin, nanosecond resolution where the system has it).  Only the
 * difference of two calls is meaningful. */
static inline double at_bench_now(void)
{
	struct timespec ts;
#if defined(CLOCK_MONOTONIC)
	clock_gettime(CLOCK_MONOTONIC, &ts);
#else
	timespec_get(&ts, TIME_UTC);
#endif
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Contract: returns the initial state of an FNV-1a 64-bit hash (the offset
 * basis).  Feed it to at_bench_hash() one buffer at a time. */
static inline uint64_t at_bench_hash_init(void)
{
	return AT_BENCH_FNV_OFFSET;
}

/* Contract: continues FNV-1a 64 state `h` over the `n` bytes at `p` (in
 * memory order, so the result depends on the exact bit patterns, e.g.
 * -0.0 != 0.0) and returns the new state.  Hashing buffers one after the
 * other equals hashing their concatenation.  `p` may be NULL when n == 0. */
static inline uint64_t at_bench_hash(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = (const unsigned char *)p;
	for (size_t i = 0; i < n; i++) {
		h ^= (uint64_t)b[i];
		h *= AT_BENCH_FNV_PRIME;
	}
	return h;
}

/* Contract: advances the 64-bit linear congruential generator `*state`
 * (Knuth's MMIX constants) and returns a double in [0, 1) built from its
 * top 53 bits.  Deterministic for a given seed on every platform. */
static inline double at_bench_rand(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*state >> 11) * (1.0 / 9007199254740992.0);
}

/* Contract: prints the two result lines "time: %.6f" (seconds) and
 * "hash: %016llx" on stdout, in that order, and flushes stdout. */
static inline void at_bench_report(double seconds, uint64_t hash)
{
	printf("time: %.6f\n", seconds);
	printf("hash: %016llx\n", (unsigned long long)hash);
	fflush(stdout);
}

/* Contract: returns the positive size argv[idx], or `dflt` when the
 * command line has no argument there; a size that is not positive is an
 * error: a message naming `prog` on stderr and exit status 2. */
static inline int at_bench_size_arg(int argc, char **argv, int idx, int dflt,
				    const char *prog)
{
	if (argc <= idx)
		return dflt;
	int v = atoi(argv[idx]);
	if (v <= 0) {
		fprintf(stderr, "%s: bad size '%s'\n", prog, argv[idx]);
		exit(2);
	}
	return v;
}

#endif
