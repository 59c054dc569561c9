/*
 * at_rewrite.h — stage 8: the output file.
 *
 * The output is the input's bytes with each transformed nest's byte range
 * replaced by its generated text; every byte outside those ranges is copied
 * unchanged.  The helper functions generated code needs are inserted once,
 * just before the function that holds the first transformed nest.  After
 * each insertion a `#line` directive numbers the following lines as the
 * input does, so that `__LINE__` there (an assert's message) and the
 * compiler's messages keep the input's line numbers.
 */
#ifndef AT_REWRITE_H
#define AT_REWRITE_H

#include "at_frontend.h"

/* Returns the rewritten file as a new NUL-terminated string (caller frees),
 * or NULL when out of memory.  texts[k] is the new text of src->scops[k]
 * or NULL to keep that nest's bytes as they are. */
char *at_rewrite(const at_source *src, char *const *texts);

#endif
