/*
 * at_test.h — minimal unit-test checks.  Each check prints one line,
 * "ok - <what>" or "not ok - <what> (file:line)", which tests/run.sh counts;
 * a test program returns non-zero when any check failed.
 */
#ifndef AT_TEST_H
#define AT_TEST_H

#include <stdio.h>
#include <string.h>

static int at_test_failed;

#define AT_CHECK(cond, ...) do { \
	if (cond) { printf("ok - "); printf(__VA_ARGS__); printf("\n"); } \
	else { at_test_failed = 1; printf("not ok - "); printf(__VA_ARGS__); \
	       printf(" (%s:%d)\n", __FILE__, __LINE__); } \
} while (0)

#define AT_CHECK_INT(got, want, what) do { \
	long at_g_ = (long)(got), at_w_ = (long)(want); \
	AT_CHECK(at_g_ == at_w_, "%s: got %ld, want %ld", what, at_g_, at_w_); \
} while (0)

#define AT_CHECK_STR(got, want, what) do { \
	const char *at_g_ = (got), *at_w_ = (want); \
	AT_CHECK(at_g_ && strcmp(at_g_, at_w_) == 0, "%s: got \"%s\", want \"%s\"", \
		 what, at_g_ ? at_g_ : "(null)", at_w_); \
} while (0)

#define AT_TEST_END() return at_test_failed

/* The step of the exhaustive comparisons that a test makes over every
 * structure of a space (test_space's verdicts and memoized placements):
 * 1 in the plain build, which compares every structure, and 3 under
 * ASan+UBSan, which then runs every third one through the same checks
 * for memory errors and undefined behaviour (they took 20 of
 * test_space's 24 s under the sanitizers, session 60). */
#if defined(__SANITIZE_ADDRESS__)
#define AT_TEST_STRIDE 3
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AT_TEST_STRIDE 3
#endif
#endif
#ifndef AT_TEST_STRIDE
#define AT_TEST_STRIDE 1
#endif

#endif
