/*
 * at_watchdog.h — a CPU-time limit on isl computations.
 *
 * isl's own limit (isl_ctx_set_max_operations) counts operations, and an
 * operation's cost varies by orders of magnitude between nests: the AST
 * build of a cone tiling with a large det H spent 13 s on a budget that
 * fdtd2d's default choice needs in 0.3 s.  A watchdog is a thread that
 * calls isl_ctx_abort() on the context when the thread that started it
 * has spent `seconds` of CPU time (until session 55, of wall-clock time,
 * so a loaded machine cut isl short and changed the output); the
 * computation then fails at isl's next operation check with
 * isl_error_abort, and the caller tries something cheaper.
 */
#ifndef AT_WATCHDOG_H
#define AT_WATCHDOG_H

#include <isl/ctx.h>

typedef struct at_watchdog at_watchdog;

/* Starts a watchdog on ctx that aborts it after `seconds` of the calling
 * thread's CPU time (wall clock where that clock is missing).  Returns
 * NULL, meaning no limit, when seconds <= 0 or when the thread cannot be
 * started.  ctx must outlive the watchdog, and the calling thread must be
 * the one computing with ctx until at_watchdog_stop. */
at_watchdog *at_watchdog_start(isl_ctx *ctx, double seconds);

/* Stops and frees w (NULL: nothing).  Returns 1 when it had fired (ctx's
 * operations are resumed and its error reset, so ctx is usable again),
 * else 0. */
int at_watchdog_stop(at_watchdog *w);

#endif
