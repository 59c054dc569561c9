/*
 * at_codegen.h — stage 7: C text of a candidate schedule.
 *
 * The schedule goes through isl's AST builder; our printer turns the AST
 * into C99 (`for (int c0 = ...)`), re-prints each statement from its
 * original text with the iterators replaced by parenthesised expressions,
 * and adds `#pragma omp parallel for` on the outermost parallel loop and
 * `#pragma omp simd` on an innermost parallel loop.  A loop is parallel
 * when no dependence between the instances of the statements in its body
 * that agree on all outer schedule dimensions has a non-zero distance on
 * the band member it comes from (decided on the schedule tree, once per
 * member and statement set).  Costly upper bounds are computed once, in a
 * const before their loop; the point loops of a tile are separated into
 * pieces without guards so that the compiler can vectorize them.
 */
#ifndef AT_CODEGEN_H
#define AT_CODEGEN_H

#include "at_scop.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_buf.h"

#define AT_MAX_NOTES 64

/* What happened to one generated loop, for --explain. */
typedef struct at_loop_note {
	char iter[16];
	int level;		/* nesting level in the generated code */
	int parallel;		/* proved parallel */
	int omp;		/* 0: none, 1: parallel for, 2: simd, 3: none
				 * (simd unsafe: codegen.c, at_cg_simd_safe),
				 * 4: none (not in threads: at_scop.serial),
				 * 5: none (private() would lose the value of
				 * local scalar `local`: codegen.c,
				 * at_cg_before_for) */
	int local;		/* that scalar's array index, or -1 */
} at_loop_note;

typedef struct at_gen {
	char *text;		/* the nest's C text; no trailing newline */
	int n_note;
	at_loop_note notes[AT_MAX_NOTES];
} at_gen;

/* Generation options shared by all nests of a file. */
typedef struct at_cg_opts {
	const char *iter_prefix;	/* "c": loops are c0, c1, ... */
	int parallel;			/* emit OpenMP pragmas */
} at_cg_opts;

/* Generates the C text of `cand` for `scop` into *gen (which the caller
 * releases with at_gen_clear).  The text starts with a comment line naming
 * the transformation and is indented with scop->indent; the loops of
 * scop->restore follow it when the scop has them.  A scop with a guard
 * (at_scop.guard) gets `if (guard) { that text } else { the nest as
 * written }`, the condition printed by isl's AST builder.  Returns 0, or -1
 * after a diagnostic (none when isl was aborted: isl_ctx_abort, as by
 * at_watchdog). */
int at_codegen(isl_ctx *ctx, const at_scop *scop, const at_deps *deps,
	const at_cand *cand, const at_cg_opts *opts, at_gen *gen);

/* Returns the schedule at_codegen() gives isl's AST builder for `cand`:
 * the candidate's schedule with the AST loop types of its tiles set (point
 * loops separated into guard-free pieces, tile loops atomic; the order of
 * the instances is the candidate's).  NULL on error. */
__isl_give isl_schedule *at_codegen_ast_schedule(const at_cand *cand);

/* Frees the text of *gen and resets it. */
void at_gen_clear(at_gen *gen);

/* Appends to b the C definitions of the helpers (at_floord, at_ceild,
 * at_min, at_max, at_addr) that the generated texts[0..n) call (a NULL
 * text calls none), each guarded so that it is defined once per
 * translation unit: no unused static function for clang's
 * -Wunused-function to warn about. */
void at_codegen_helpers(at_buf *b, char *const *texts, int n);

/* Returns the name of a helper of at_codegen_helpers that `text`, a source
 * file, names (a call, a function, a variable or parameter that would
 * hide the helper in generated code) without autotile's guard
 * `#define AT_HELPER_<name>` (a file autotile wrote), or the name of a
 * helper's parameter (`at_n`: a macro so named would expand in the
 * helpers) in a file without any such guard, with *at its first
 * occurrence in text; NULL when none. */
const char *at_codegen_helper_clash(const char *text, const char **at);

/* Returns the name of the i-th helper of at_codegen_helpers (from 0), or
 * NULL past the last. */
const char *at_codegen_helper_name(size_t i);

#endif
