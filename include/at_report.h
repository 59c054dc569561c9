/*
 * at_report.h — `autotile --report FILE.json`: the transformation space
 * of every marked nest, as JSON (written with cJSON).
 *
 * Per nest: its location and loops, the tiling shapes (H, sigma), the
 * tile sizes allowed per band position, per scan combination the number
 * of legal and illegal structures, every legal structure (id at probe
 * sizes, shape, H, scans, loop orders, the band level that gets
 * `omp parallel for` and the one that gets `omp simd`), every rejected one
 * with the dependence that forbids it, and the chosen candidate's id;
 * its "status" is "accepted".  Every marked nest is listed, in file
 * order: one left as written with a warning (a construct autotile does
 * not read, or a failure while planning it) has "status": "refused" and
 * "reason" (the warning's text) beside its "line" and "column" (of the
 * mark), and the fields above only when they were computed.
 * A candidate id with other sizes is the structure's id with its sizes
 * replaced; such a candidate is checked exactly when it is used.
 */
#ifndef AT_REPORT_H
#define AT_REPORT_H

#include <cjson/cJSON.h>

#include "at_scop.h"
#include "at_deps.h"
#include "at_space.h"

/* Returns a new report object {"tool", "version", "file", "nests": []}, or
 * NULL. */
cJSON *at_report_new(const char *file, const char *version);

/* Appends the description of one nest (its space and the chosen candidate
 * `chosen`, NULL when the nest was left unchanged) to report.  Returns 0,
 * or -1 on error. */
int at_report_nest(isl_ctx *ctx, cJSON *report, const at_scop *scop,
	const at_space *space, const at_cand *chosen);

/* Returns the number of nests `report` lists (0 when it is NULL). */
int at_report_count(const cJSON *report);

/* Lists a nest left as written, for reason `why`, as refused: entry i of
 * the report's nests when it has one (listed by at_report_nest before
 * planning failed; its `chosen` is dropped), else a new last entry for the
 * mark at loc.  Returns 0, or -1 when out of memory. */
int at_report_refused(cJSON *report, int i, const at_loc *loc,
	const char *why);

/* Writes report to `path` ("-": standard output); returns 0, or 1 after
 * an error diagnostic. */
int at_report_write(const char *path, const cJSON *report);

#endif
