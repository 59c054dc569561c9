/*
 * diag.c — compiler-style diagnostics (see include/at_diag.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "at_diag.h"

static int at_diag_counts[3];
static int at_diag_quiet_notes;
static char at_diag_last_msg[3][1024];	/* per level, at_diag_last */

static const char *at_diag_name(at_level level)
{
	switch (level) {
	case AT_NOTE: return "note";
	case AT_WARNING: return "warning";
	default: return "error";
	}
}

/* Prints "file:line:col: level: autotile: msg" (or "autotile: level: msg"
 * without a location) on stderr and counts it. */
void at_diag(const at_loc *loc, at_level level, const char *fmt, ...)
{
	va_list ap;

	at_diag_counts[level]++;
	va_start(ap, fmt);
	vsnprintf(at_diag_last_msg[level], sizeof at_diag_last_msg[level], fmt,
		ap);
	va_end(ap);
	if (level == AT_NOTE && at_diag_quiet_notes)
		return;
	if (loc && loc->file)
		fprintf(stderr, "%s:%u:%u: %s: autotile: ", loc->file,
			loc->line, loc->col, at_diag_name(level));
	else
		fprintf(stderr, "autotile: %s: ", at_diag_name(level));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Returns how many diagnostics of `level` were reported. */
int at_diag_count(at_level level)
{
	return at_diag_counts[level];
}

/* Returns the message of the last diagnostic of `level` (see
 * at_diag.h). */
const char *at_diag_last(at_level level)
{
	return at_diag_last_msg[level];
}

/* Turns note output off (quiet != 0) or back on. */
void at_diag_set_quiet_notes(int quiet)
{
	at_diag_quiet_notes = quiet;
}
