/*
 * at_diag.h — compiler-style diagnostics shared by all stages.
 *
 *     file:line:col: warning: autotile: <what and why>
 *     autotile: error: <what>            (when there is no source location)
 *
 * Library code never exits: it reports through these functions and returns
 * an error code; only the command line decides the exit status.
 */
#ifndef AT_DIAG_H
#define AT_DIAG_H

#include "at_scop.h"

typedef enum at_level {
	AT_NOTE,
	AT_WARNING,
	AT_ERROR
} at_level;

/* Prints one diagnostic line on stderr.  `loc` may be NULL (or have a NULL
 * file) for diagnostics with no source position. */
void at_diag(const at_loc *loc, at_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Number of diagnostics of `level` printed so far. */
int at_diag_count(at_level level);

/* Returns the message of the last diagnostic of `level` reported (as
 * formatted, without location or level; at most 1023 bytes), or "" when
 * there was none.  The text is overwritten by the next one of that level.
 */
const char *at_diag_last(at_level level);

/* Silences (quiet != 0) or restores note-level output. */
void at_diag_set_quiet_notes(int quiet);

#endif
