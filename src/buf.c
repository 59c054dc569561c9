/*
 * buf.c — growable text buffer (see include/at_buf.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_buf.h"

/* Makes room for `extra` more bytes plus a NUL; returns 0 or -1. */
static int at_buf_reserve(at_buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;
	char *s;

	if (b->failed)
		return -1;
	if (need <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap *= 2;
	s = realloc(b->s, cap);
	if (!s) {
		b->failed = 1;
		return -1;
	}
	b->s = s;
	b->cap = cap;
	return 0;
}

/* Appends n bytes of p. */
void at_buf_addn(at_buf *b, const char *p, size_t n)
{
	if (at_buf_reserve(b, n) < 0)
		return;
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* Appends the string p. */
void at_buf_add(at_buf *b, const char *p)
{
	at_buf_addn(b, p, strlen(p));
}

/* Appends printf-formatted text. */
void at_buf_printf(at_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || at_buf_reserve(b, (size_t)n) < 0) {
		b->failed = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/* Returns 1 after a failed append. */
int at_buf_failed(const at_buf *b)
{
	return b->failed;
}

/* Hands the text to the caller and resets the buffer. */
char *at_buf_take(at_buf *b)
{
	char *s;

	if (b->failed) {
		at_buf_clear(b);
		return NULL;
	}
	s = b->s ? b->s : strdup("");
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

/* Frees the text and resets the buffer. */
void at_buf_clear(at_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
}

/* Appends the contents of file `path` (see at_buf.h). */
int at_buf_read_file(at_buf *b, const char *path)
{
	FILE *f = fopen(path, "rb");
	char chunk[1 << 16];
	size_t n;
	int bad, err;

	if (!f)
		return -1;
	errno = 0;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		at_buf_addn(b, chunk, n);
	bad = ferror(f);
	err = errno;	/* fread's: EISDIR for a directory */
	fclose(f);
	if (b->failed)
		errno = ENOMEM;
	else if (bad)
		errno = err ? err : EIO;
	return bad || b->failed ? -2 : 0;
}

/* Grows an array by doubling (see at_buf.h). */
int at_buf_grow(void **p, int n, int *cap, size_t size, int first)
{
	int nc;
	char *q;

	if (n < *cap)
		return 0;
	nc = *cap ? 2 * *cap : first;
	q = realloc(*p, (size_t)nc * size);
	if (!q)
		return -1;
	memset(q + (size_t)*cap * size, 0, (size_t)(nc - *cap) * size);
	*p = q;
	*cap = nc;
	return 0;
}
