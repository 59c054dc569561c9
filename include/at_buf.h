/*
 * at_buf.h — a growable text buffer, used wherever a stage builds text
 * (isl input strings, generated C, the rewritten file).
 *
 * Errors are sticky: after an allocation failure every append is a no-op
 * and at_buf_failed() is true, so callers check once at the end.
 */
#ifndef AT_BUF_H
#define AT_BUF_H

#include <stddef.h>

typedef struct at_buf {
	char *s;		/* NUL-terminated text, NULL until first append */
	size_t len, cap;
	int failed;
} at_buf;

/* Appends `n` bytes of `p`. */
void at_buf_addn(at_buf *b, const char *p, size_t n);

/* Appends the NUL-terminated string `p`. */
void at_buf_add(at_buf *b, const char *p);

/* Appends printf-formatted text. */
void at_buf_printf(at_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Appends the whole contents of the file `path` (binary, as it is).
 * Returns 0; -1 with errno set when the file cannot be opened; -2 with
 * errno set when it cannot be read or memory runs out (the buffer then
 * holds what was read). */
int at_buf_read_file(at_buf *b, const char *path);

/* Returns 1 if an append failed (out of memory). */
int at_buf_failed(const at_buf *b);

/* Makes room for element n of the array *p of *cap elements of `size`
 * bytes: when n == *cap, reallocates it to twice *cap elements (`first`
 * when *cap is 0), the new ones zeroed.  Returns 0, or -1 when out of
 * memory (*p and *cap unchanged, still the caller's). */
int at_buf_grow(void **p, int n, int *cap, size_t size, int first);

/* Returns the text (never NULL: "" when empty) and hands ownership to the
 * caller; the buffer is reset.  Returns NULL if an append had failed. */
char *at_buf_take(at_buf *b);

/* Frees the text and resets the buffer. */
void at_buf_clear(at_buf *b);

#endif
