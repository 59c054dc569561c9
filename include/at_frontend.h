/*
 * at_frontend.h — stage 1: C source -> at_scop (libclang).
 *
 * Finds every `#pragma autotile [clauses]` (bound to the `for` statement
 * that follows, or, when the next line is `#pragma scop`, to that region:
 * the clauses are then the region's) and every `#pragma scop` ...
 * `#pragma endscop` region, and extracts each into an at_scop.  A nest that cannot be represented exactly
 * is reported with a located warning ("...; loop nest left unchanged") and
 * is not returned among the nests, so the rewriter keeps its bytes as they
 * are; its mark and that warning are listed among the refused ones.
 */
#ifndef AT_FRONTEND_H
#define AT_FRONTEND_H

#include <stddef.h>

#include "at_scop.h"

/* The parsed input: the file's bytes and the nests found in it. */
/* A `#line N "file"` directive or `# N "file"` line marker of the input
 * (outside skipped code): the line that starts at byte `next` is line
 * `line` of `file`, the string literal as written (quotes included), or
 * NULL when the directive names none (the file stays what it was). */
typedef struct at_linedir {
	size_t next;
	unsigned long line;
	char *file;
} at_linedir;

/* A mark whose nest autotile left as written while reading it (it warned
 * "...; loop nest left unchanged"): the mark's location, and that
 * warning's message (malloc'd). */
typedef struct at_refused {
	at_loc loc;
	char *why;
} at_refused;

typedef struct at_source {
	char *path;		/* as given on the command line */
	char *text;		/* the whole file, NUL-terminated */
	size_t len;
	int n_scop;
	at_scop **scops;	/* in file order, non-overlapping */
	int n_refused;
	at_refused *refused;	/* the marks refused, in file order */
	int n_linedir, cap_linedir;
	at_linedir *linedirs;	/* in file order */
	/* The names the included files declare at file scope (variables,
	 * functions, typedefs, enumerators) or define as macros, each on a
	 * line of its own, from a first "\n": generated names must not be
	 * one of them. */
	char *hdr_names;
} at_source;

/* Parses `path` with libclang, passing `n_arg` extra compiler arguments
 * (`-I`, `-D`, `-std=`, ...).  On success returns 0 and sets *out to a new
 * at_source (free with at_source_free).  Returns 1 after printing an error
 * diagnostic when the file cannot be read or does not compile (clang errors
 * are printed in compiler style).  Warnings about unsupported nests do not
 * make it fail. */
int at_frontend_parse(const char *path, int n_arg, const char *const *args,
	at_source **out);

/* Returns 1 when `name` is declared at file scope or defined as a macro
 * by a file `src` includes (at_source.hdr_names). */
int at_source_declares(const at_source *src, const char *name);

/* Frees a source and its scops.  NULL is allowed. */
void at_source_free(at_source *src);

#endif
