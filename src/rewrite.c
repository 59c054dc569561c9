/*
 * rewrite.c — stage 8: splice generated nests into the original bytes.
 */
#include <stdlib.h>

#include "at_rewrite.h"
#include "at_buf.h"
#include "at_codegen.h"

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
			helpers = 1;
		}
		at_buf_addn(&b, src->text + pos, s->begin - pos);
		at_buf_add(&b, texts[k]);
		pos = s->end;
	}
	at_buf_addn(&b, src->text + pos, src->len - pos);
	return at_buf_take(&b);
}
