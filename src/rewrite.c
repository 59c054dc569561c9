/*
 * rewrite.c — stage 8: splice generated nests into the original bytes.
 */
#include <stdlib.h>

#include "at_rewrite.h"
#include "at_buf.h"
#include "at_codegen.h"

/* Appends to b, which has just received inserted text, a `#line`
 * directive that numbers the lines from the input's byte `pos` on as the
 * input does (on a line of its own: a newline first unless b ends one),
 * so that `__LINE__` after the insertion, and the compiler's messages,
 * keep the input's line numbers. */
static void at_rewrite_line(at_buf *b, const at_source *src, size_t pos)
{
	unsigned long line = 1;

	for (size_t i = 0; i < pos; i++)
		line += src->text[i] == '\n';
	if (b->len && b->s[b->len - 1] != '\n')
		at_buf_add(b, "\n");
	at_buf_printf(b, "#line %lu\n", line);
}

/* Returns the rewritten file (see at_rewrite.h). */
char *at_rewrite(const at_source *src, char *const *texts)
{
	at_buf b = { 0 };
	size_t pos = 0;
	int helpers = 0;

	for (int k = 0; k < src->n_scop; k++) {
		const at_scop *s = src->scops[k];
		if (!texts[k] || s->begin < pos || s->end > src->len)
			continue;
		if (!helpers && s->func_begin >= pos && s->func_begin <= s->begin) {
			at_buf_addn(&b, src->text + pos, s->func_begin - pos);
			at_codegen_helpers(&b, texts, src->n_scop);
			pos = s->func_begin;
			at_rewrite_line(&b, src, pos);
			helpers = 1;
		}
		at_buf_addn(&b, src->text + pos, s->begin - pos);
		at_buf_add(&b, texts[k]);
		/* the generated text ends the nest's last line: the blanks
		 * after it there go with it */
		for (pos = s->end; pos < src->len && (src->text[pos] == ' ' ||
		     src->text[pos] == '\t' || src->text[pos] == '\r');)
			pos++;
		pos = pos < src->len && src->text[pos] == '\n' ? pos + 1 :
			s->end;
		at_rewrite_line(&b, src, pos);
	}
	at_buf_addn(&b, src->text + pos, src->len - pos);
	return at_buf_take(&b);
}
