/*
 * at_svg.h — pictures for teaching (--svg DIR): the iteration space of a
 * nest of two loops on a small instance, its tiles under the chosen
 * candidate, the order in which a sequential run visits points and tiles,
 * and the uniform dependence vectors.
 *
 * The picture is computed, not drawn by hand: the parameters are fixed to
 * a small value, the domain is clipped to a window of at most
 * AT_SVG_WINDOW points per loop, and every point is mapped with isl
 * through the candidate's schedule (the order of the points) and through
 * the prefix of its tile band (which tile a point is in).  Large tile
 * sizes are drawn at AT_SVG_SIZE so that several tiles fit the window;
 * the caption says so.  Each point carries its coordinates, tile and
 * step as data-* attributes, so that tests (and readers) can check the
 * picture against the dependences.
 */
#ifndef AT_SVG_H
#define AT_SVG_H

#include <isl/ctx.h>

#include "at_scop.h"

#define AT_SVG_WINDOW 16	/* points per loop at most */
#define AT_SVG_SIZE 4		/* tile sizes above it are drawn at it */

/* Writes the picture of `scop` under candidate `id` (an id of at_space_id,
 * "keep" or "orig") to the file `path`.  Returns 0 when written, 1 when
 * the nest cannot be drawn (not two loops shared by every statement, or
 * empty at the picture's sizes; a located warning says why), -1 on error
 * (after a diagnostic). */
int at_svg_nest(isl_ctx *ctx, const at_scop *scop, const char *id,
	const char *path);

#endif
