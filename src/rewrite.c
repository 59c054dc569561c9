/*
 * rewrite.c — stage 8: splice generated nests into the original bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "at_rewrite.h"
#include "at_buf.h"
#include "at_codegen.h"

/* Where the input's line numbering stands: the byte at `at` is on line
 * `line` of `file` (a string literal from a line directive, NULL for the
 * input's own name), src->linedirs[d] the next directive to apply. */
struct at_rewrite_lines {
	size_t at;
	unsigned long line;
	const char *file;
	int d;
};

/* Ends b's last line: appends a newline unless b is empty or ends one
 * (what comes next are lines of their own). */
static void at_rewrite_eol(at_buf *b)
{
	if (b->len && b->s[b->len - 1] != '\n')
		at_buf_add(b, "\n");
}

/* Appends to b, which has just received inserted text, a `#line`
 * directive that numbers the lines from the input's byte `pos` on as the
 * input does, its own `#line` directives included (on a line of its own:
 * a newline first unless b ends one), so that `__LINE__` after the
 * insertion, and the compiler's messages, keep the input's line numbers.
 * lc moves forward to pos (pos never goes back). */
static void at_rewrite_line(at_buf *b, const at_source *src,
	struct at_rewrite_lines *lc, size_t pos)
{
	while (lc->at < pos) {
		lc->line += src->text[lc->at++] == '\n';
		while (lc->d < src->n_linedir &&
		       src->linedirs[lc->d].next <= lc->at) {
			lc->line = src->linedirs[lc->d].line;
			if (src->linedirs[lc->d].file)
				lc->file = src->linedirs[lc->d].file;
			lc->d++;
		}
	}
	at_rewrite_eol(b);
	at_buf_printf(b, "#line %lu%s%s\n", lc->line, lc->file ? " " : "",
		lc->file ? lc->file : "");
}

/* Returns 1 when the input's lines end in CR LF (its first line does). */
static int at_rewrite_is_crlf(const at_source *src)
{
	const char *nl = memchr(src->text, '\n', src->len);

	return nl && nl > src->text && nl[-1] == '\r';
}

/* Gives the text b received from byte `from` on, which autotile wrote,
 * the input's CR LF line ends: each LF without a CR before it gets one
 * (lines copied from the input have theirs). */
static void at_rewrite_crlf(at_buf *b, size_t from)
{
	char *tail;
	size_t n, j = 0;

	if (b->failed || from >= b->len)
		return;
	n = b->len - from;
	if (!(tail = malloc(n))) {
		b->failed = 1;
		return;
	}
	memcpy(tail, b->s + from, n);
	b->len = from;
	for (size_t i = 0; i < n; i++)
		if (tail[i] == '\n' &&
		    (i ? tail[i - 1] : from ? b->s[from - 1] : 0) != '\r') {
			at_buf_addn(b, tail + j, i - j);
			at_buf_add(b, "\r");
			j = i;
		}
	at_buf_addn(b, tail + j, n - j);
	free(tail);
}

/* Returns the rewritten file (see at_rewrite.h). */
char *at_rewrite(const at_source *src, char *const *texts)
{
	at_buf b = { 0 };
	struct at_rewrite_lines lc = { 0, 1, NULL, 0 };
	size_t pos = 0, from;
	int helpers = 0, crlf = at_rewrite_is_crlf(src);

	for (int k = 0; k < src->n_scop; k++) {
		const at_scop *s = src->scops[k];
		if (!texts[k] || s->begin < pos || s->end > src->len)
			continue;
		if (!helpers && s->func_begin >= pos && s->func_begin <= s->begin) {
			at_buf_addn(&b, src->text + pos, s->func_begin - pos);
			from = b.len;
			at_rewrite_eol(&b);	/* a function may start mid-line */
			at_codegen_helpers(&b, texts, src->n_scop);
			pos = s->func_begin;
			at_rewrite_line(&b, src, &lc, pos);
			if (crlf)
				at_rewrite_crlf(&b, from);
			helpers = 1;
		}
		at_buf_addn(&b, src->text + pos, s->begin - pos);
		from = b.len;
		at_buf_add(&b, texts[k]);
		/* the generated text ends the nest's last line: the blanks
		 * after it there go with it */
		for (pos = s->end; pos < src->len && (src->text[pos] == ' ' ||
		     src->text[pos] == '\t' || src->text[pos] == '\r');)
			pos++;
		pos = pos < src->len && src->text[pos] == '\n' ? pos + 1 :
			s->end;
		at_rewrite_line(&b, src, &lc, pos);
		if (crlf)
			at_rewrite_crlf(&b, from);
	}
	at_buf_addn(&b, src->text + pos, src->len - pos);
	return at_buf_take(&b);
}
