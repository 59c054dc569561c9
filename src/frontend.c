/*
 * frontend.c — stage 1: C source -> at_scop with libclang.
 *
 * The contract is include/at_frontend.h (what is found) and
 * include/at_scop.h (how it is represented).  How it works:
 *
 *  - the file is parsed once by libclang; clang errors are printed in
 *    compiler style and make the parse fail;
 *  - the whole main file is tokenized and every token annotated with its
 *    cursor.  `#pragma autotile` / `#pragma scop` / `#pragma endscop` are
 *    found in the tokens (libclang has no cursor for unknown pragmas);
 *  - the structure of a nest (for, blocks, if, expression statements) is
 *    read from the cursors; loop headers, `if` conditions and subscripts are
 *    parsed from the tokens *as written* (so a `#define N 2000` stays the
 *    parameter `N`), and operator kinds, which libclang 14 does not expose,
 *    are read from the operator token annotated with the operator's cursor;
 *  - while a nest is built, affine rows live in a private "symbol space"
 *    (loops and parameters numbered in the order they are met, constant
 *    last); they are remapped to the global columns of at_scop.h at the end,
 *    when the number of loops and parameters is known.
 *
 * Division in bounds: `i < e / d` (d a positive literal, the whole side of
 * the comparison) is read as i < floor(e / d).  C truncates toward zero
 * instead, which differs where e < 0; at_fe_check_guard has isl find
 * where that changes the iterations and guards or refuses the nest.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <clang-c/Index.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include "at_frontend.h"
#include "at_buf.h"
#include "at_diag.h"
#include "frontend_int.h"

#define AT_FE_MAXTERM 8			/* terms of a min()/max() bound */
#define AT_FE_MAX_READS 8		/* reads of a statement in else pieces */
#define AT_FE_LEVELS 8			/* array levels whose step sizes are kept */

/* Roles of an affine expression (for messages about parameters). */
enum { AT_FE_BOUND, AT_FE_SUB, AT_FE_COND };

/* Relations of a comparison. */
enum { AT_FE_LT, AT_FE_LE, AT_FE_GT, AT_FE_GE, AT_FE_EQ };

/* Kinds of a bound side. */
enum { AT_FE_SINGLE, AT_FE_MIN, AT_FE_MAX };

/* One side of a comparison: one term, or min/max of several; each term is
 * floor(t / den). */
typedef struct at_fe_side {
	int kind;
	int n;
	at_fe_aff t[AT_FE_MAXTERM];
	long den[AT_FE_MAXTERM];
} at_fe_side;

/* A macro definition and its name. */
typedef struct at_fe_macro {
	CXCursor def;
	char *name;
} at_fe_macro;

/* The parsed file: libclang objects, tokens and the cursors we need. */
typedef struct at_fe_tu {
	at_source *src;
	CXTranslationUnit tu;
	CXFile file;
	CXToken *tok;
	unsigned n_tok;
	CXCursor *ann;		/* cursor of each token */
	char **spell;		/* spelling of each token */
	unsigned *off;		/* byte offset of each token */
	CXSourceRangeList *skipped;
	CXCursor *fors, *funcs, *blocks, *calls;
	int n_for, n_func, n_block, n_call;
	int cap_for, cap_func, cap_block, cap_call;
	struct at_fe_macro *macros;	/* the macros of every file */
	int n_macro, cap_macro;
	unsigned *lines;	/* offset of the start of each line */
	int n_line;
	unsigned last_end;	/* end of the last scop returned */
	/* a view of a function-like macro call's expansion (at_fe_expand):
	 * bytes [call_b, call_e) of the outermost call; its body's tokens
	 * are at call_b.  0, 0 for the file's own tokens. */
	unsigned call_b, call_e;
	int depth;		/* calls expanded around it */
	at_buf hdr;		/* at_source.hdr_names while it is collected */
	/* The first token of the file that uses the floating-point
	 * environment, and the first `errno`; n_tok: none (at_fe_thread_state) */
	unsigned fenv_tok, errno_tok;
} at_fe_tu;

/* One nest being extracted. */
typedef struct at_fe_nest {
	at_fe_tu *t;
	at_scop *s;
	int failed;
	int n_sym;
	int sym_param[AT_FE_NSYM];	/* parameter of a symbol, or -1 */
	int sym_loop[AT_FE_NSYM];	/* loop of a symbol, or -1 */
	int loop_sym[AT_FE_NSYM];	/* symbol of each loop */
	at_loc param_loc[AT_FE_NSYM];	/* first use of each parameter */
	int param_role[AT_FE_NSYM];
	int cap_loop, cap_param, cap_array, cap_stmt, cap_ref, cap_use;
	int cap_aptr, cap_adecl;
	int *arr_ptr;			/* array declared as a plain pointer */
	CXCursor *arr_decl;
	int n_open;
	int open[AT_MAX_DEPTH];		/* enclosing loops, outermost first */
	int path[AT_MAX_DEPTH + 1];	/* positions of the enclosing loops */
	int next[AT_MAX_DEPTH + 1];	/* next free position per level */
	int n_cond, cap_cond;
	long **cond;			/* active `if` rows (owned) */
	/* How many times the statements being read are read, as pieces of
	 * the `else` branches around them (at_fe_else); 0 for once. */
	int n_read;
	CXCursor iter_decl[AT_FE_NSYM];	/* each loop's iterator variable */
	unsigned body_begin, body_end;	/* from the first top-level statement
					 * to the end of the last */
	struct at_fe_lin *lin;		/* the one-subscript references */
	int n_lin, cap_lin;
	/* Per parameter, its value when clang gives one (a macro whose
	 * expansion it evaluates, an enum constant, a const variable with
	 * a constant initializer), else AT_SCOP_UNKNOWN. */
	long param_val[AT_FE_NSYM];
	/* Per parameter, 1 when it is a macro that expands to one variable
	 * and nothing else at every use (`#define _PB_N n`, PolyBench's
	 * way): the calls' value of that variable is the macro's hint. */
	int param_alias[AT_FE_NSYM];
	/* Per parameter, 1 when it has a 64-bit unsigned type at some use
	 * (a `size_t` variable, a macro expanding to one): at_fe_uparams. */
	int param_u64[AT_FE_NSYM];
	struct at_fe_mvar *mvar;	/* variables macros expand to */
	int n_mvar, cap_mvar;
	struct at_fe_trunc *trunc;	/* divisions in bounds and `if`s */
	int n_trunc, cap_trunc;
	/* The first call of the nest to a math function that may set errno
	 * (at_fe_sets_errno), and the byte where it is ("": none). */
	char errno_fn[32];
	unsigned errno_at;
	/* "D == 4 && ...": the named divisors of bounds (`n / D`) and the
	 * values they were read with (at_fe_divisor; at_scop.dguard). */
	at_buf dguard;
	/* Struct members read as parameters (at_fe_p_member), in order of
	 * first use. */
	struct at_fe_member *member;
	int n_member, cap_member;
	int top_header;		/* 1 while the header of a loop at nest level
				 * is read (evaluated whenever the nest runs) */
} at_fe_nest;

/* A member access read as a parameter (`g->n`, `G.r.lo`): its text with
 * the spaces taken out, the parameter's name (`at_g_n`), the variable it
 * starts from, the member's type and the byte of its first use.  The
 * transformed nest starts from a copy `const TYPE at_g_n = g->n;`
 * (at_scop.hoist). */
struct at_fe_member {
	char *text, *name, *base;
	CXType type;
	unsigned off;
	int deref;	/* the text has `->`: reading it dereferences */
	int read;	/* 1 when the nest as written reads it whenever it
			 * runs: no `->`, or a use in the header of a loop
			 * at nest level */
};

/* A division `e / d` (d > 1) that a bound or an `if` compares with x
 * (`x REL e / d`).  C rounds it toward zero, the rows floor it; the two
 * differ where e < 0 is not a multiple of d (at_fe_check_guard).  It
 * belongs to loop `loop` (its initial value when `init`), or, with loop
 * -1, to the statements [k0, k1) of an `if`; -2 while unknown. */
typedef struct at_fe_trunc {
	at_fe_aff x, e;
	long d;
	int rel;
	int loop, init;
	int k0, k1;
	unsigned off;		/* the comparison's first token */
} at_fe_trunc;

/* A macro parameter that expands to a variable (`#define N (n)`): the
 * variable's name, checked as a parameter of that name would be
 * (at_fe_check_params), and the byte of the macro's first use. */
typedef struct at_fe_mvar {
	int param;
	char *name;
	unsigned off;
} at_fe_mvar;

/* A reference with one subscript, kept until the nest is read, when the
 * arrays with a linearized subscript are split (at_fe_delinearize):
 * array `array` at byte `off` (at_ref.loc; its READ and WRITE references
 * share it), the subscript's bytes [b, e) and value x. */
typedef struct at_fe_lin {
	int array;
	unsigned off, b, e;
	at_fe_poly x;
} at_fe_lin;

/* ------------------------------------------------------------------ */
/* Small utilities                                                     */
/* ------------------------------------------------------------------ */

/* Returns a malloc'd copy of the `len` bytes at `s`, NUL-terminated. */
static char *at_fe_strndup(const char *s, size_t len)
{
	char *r = malloc(len + 1);

	if (!r)
		return NULL;
	memcpy(r, s, len);
	r[len] = '\0';
	return r;
}

/* Returns a malloc'd C string literal (quotes included) that spells s,
 * with `\\` and `"` escaped, or NULL when out of memory. */
static char *at_fe_quote(const char *s)
{
	size_t len = 3;
	char *r, *q;

	for (const char *p = s; *p; p++)
		len += 1 + (*p == '\\' || *p == '"');
	r = malloc(len);
	if (!r)
		return NULL;
	q = r;
	*q++ = '"';
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			*q++ = '\\';
		*q++ = *s;
	}
	*q++ = '"';
	*q = '\0';
	return r;
}

/* Returns a malloc'd copy of a libclang string and disposes of it. */
static char *at_fe_cxstr(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = strdup(c ? c : "");

	clang_disposeString(s);
	return r;
}

/* Returns the greatest common divisor of |a| and |b| (0 when both are 0). */
static long at_fe_gcd(long a, long b)
{
	if (a < 0)
		a = -a;
	if (b < 0)
		b = -b;
	while (b) {
		long r = a % b;
		a = b;
		b = r;
	}
	return a;
}

/* Returns 1 when the canonical type kind is an integer type. */
static int at_fe_is_int_kind(enum CXTypeKind k)
{
	return (k >= CXType_Char_U && k <= CXType_Int128) ||
		k == CXType_Enum;
}

/* Why a 128-bit integer cannot be a bound or an iterator. */
#define AT_FE_WIDE128 \
	"wider than the `long` in which the transformed loops count"

/* Returns 1 when `ty` is a 128-bit integer type (`__int128`), wider than
 * the long in which the transformed loops count and bound. */
static int at_fe_is_int128(CXType ty)
{
	enum CXTypeKind k = clang_getCanonicalType(ty).kind;

	return k == CXType_Int128 || k == CXType_UInt128;
}

/* Returns 1 when every value of the canonical integer type `ty` is an
 * int's (bool, char, short, int, their unsigned forms narrower than int,
 * and enums over those); 0 for long, unsigned int and the others. */
static int at_fe_fits_int(CXType ty)
{
	switch (ty.kind) {
	case CXType_Bool:
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_Char16:
	case CXType_UShort:
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_Short:
	case CXType_Int:
		return 1;
	case CXType_Enum:
		return at_fe_fits_int(clang_getCanonicalType(
			clang_getEnumDeclIntegerType(
				clang_getTypeDeclaration(ty))));
	default:
		return 0;
	}
}

/* Returns 1 when the canonical type kind is an arithmetic type. */
static int at_fe_is_arith_kind(enum CXTypeKind k)
{
	return at_fe_is_int_kind(k) || k == CXType_Bool ||
		(k >= CXType_Float && k <= CXType_LongDouble) ||
		k == CXType_Float128 || k == CXType_Half ||
		k == CXType_Float16;
}

/* ------------------------------------------------------------------ */
/* Positions and tokens                                                */
/* ------------------------------------------------------------------ */

/* Returns the location (line, column, offset) of byte `off` of the file. */
static at_loc at_fe_loc(const at_fe_tu *t, unsigned off)
{
	int lo = 0, hi = t->n_line - 1;
	at_loc loc;

	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (t->lines[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	loc.file = t->src->path;
	loc.line = (unsigned)lo + 1;
	loc.col = off - t->lines[lo] + 1;
	loc.offset = off;
	return loc;
}

/* Stores in *off the byte offset of `loc` in the main file.  Returns -1
 * when the location is elsewhere. */
static int at_fe_offset(const at_fe_tu *t, CXSourceLocation loc,
	unsigned *off)
{
	CXFile f;
	unsigned line, col;

	clang_getFileLocation(loc, &f, &line, &col, off);
	if (!f || !clang_File_isEqual(f, t->file) || *off > t->src->len)
		return -1;
	return 0;
}

/* Stores the byte range [*b, *e) of cursor `c`.  Returns -1 when it is not
 * in the main file. */
static int at_fe_extent(const at_fe_tu *t, CXCursor c, unsigned *b,
	unsigned *e)
{
	CXSourceRange r = clang_getCursorExtent(c);

	if (at_fe_offset(t, clang_getRangeStart(r), b) < 0 ||
	    at_fe_offset(t, clang_getRangeEnd(r), e) < 0 || *e < *b)
		return -1;
	return 0;
}

/* Returns the function definition containing byte `off`, or a null
 * cursor. */
static CXCursor at_fe_function_at(const at_fe_tu *t, unsigned off)
{
	for (int i = 0; i < t->n_func; i++) {
		unsigned b, e;

		if (at_fe_extent(t, t->funcs[i], &b, &e) == 0 && b <= off &&
		    off < e)
			return t->funcs[i];
	}
	return clang_getNullCursor();
}

/* Returns the index of the first token at or after byte `off`. */
static unsigned at_fe_tok_from(const at_fe_tu *t, unsigned off)
{
	unsigned lo = 0, hi = t->n_tok;

	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (t->off[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Returns 1 when token k exists and is spelled `s`. */
static int at_fe_is(const at_fe_tu *t, unsigned k, const char *s)
{
	return k < t->n_tok && strcmp(t->spell[k], s) == 0;
}

/* Returns 1 when token k exists and is `#` or its digraph `%:`. */
static int at_fe_is_hash(const at_fe_tu *t, unsigned k)
{
	return at_fe_is(t, k, "#") || at_fe_is(t, k, "%:");
}

/* Returns 1 when token k exists and is an identifier. */
static int at_fe_is_ident(const at_fe_tu *t, unsigned k)
{
	return k < t->n_tok &&
		clang_getTokenKind(t->tok[k]) == CXToken_Identifier;
}

/* Returns the byte offset just past token k. */
static unsigned at_fe_tok_end(const at_fe_tu *t, unsigned k)
{
	return t->off[k] + (unsigned)strlen(t->spell[k]);
}

/* Returns the index of the `)` or `]` closing the bracket at token k,
 * searching below `hi`; returns hi when unbalanced. */
static unsigned at_fe_match(const at_fe_tu *t, unsigned k, unsigned hi)
{
	int depth = 0;

	for (unsigned j = k; j < hi; j++) {
		const char *s = t->spell[j];
		if (!strcmp(s, "(") || !strcmp(s, "["))
			depth++;
		else if (!strcmp(s, ")") || !strcmp(s, "]")) {
			if (--depth == 0)
				return j;
		}
	}
	return hi;
}

/* Returns the first token in [lo, hi) at bracket depth 0 spelled `s`, or
 * hi when there is none. */
static unsigned at_fe_find_top(const at_fe_tu *t, unsigned lo, unsigned hi,
	const char *s)
{
	for (unsigned j = lo; j < hi; j++) {
		if (!strcmp(t->spell[j], s))
			return j;
		if (!strcmp(t->spell[j], "(") || !strcmp(t->spell[j], "[")) {
			j = at_fe_match(t, j, hi);
			if (j == hi)
				return hi;
		}
	}
	return hi;
}

/* Narrows [*lo, *hi) while it is one parenthesised expression. */
static void at_fe_strip_parens(const at_fe_tu *t, unsigned *lo, unsigned *hi)
{
	while (*hi - *lo >= 2 && at_fe_is(t, *lo, "(") &&
	       at_fe_match(t, *lo, *hi) == *hi - 1) {
		(*lo)++;
		(*hi)--;
	}
}

/* Frees what at_fe_view set in *v. */
static void at_fe_view_free(at_fe_tu *v)
{
	for (unsigned j = 0; v->spell && j < v->n_tok; j++)
		free(v->spell[j]);
	free(v->spell);
	if (v->tok)
		clang_disposeTokens(v->tu, v->tok, v->n_tok);
	memset(v, 0, sizeof *v);
}

/* Sets *v to a view of the tokens of cursor `c`'s extent (a definition,
 * in any file), with only tu, tok, n_tok and spell set, for the token
 * helpers above (at_fe_is, at_fe_match, at_fe_strip_parens, ...).
 * Returns 0, or -1 (then *v holds nothing); free with at_fe_view_free. */
static int at_fe_view(const at_fe_tu *t, CXCursor c, at_fe_tu *v)
{
	memset(v, 0, sizeof *v);
	v->tu = t->tu;
	clang_tokenize(t->tu, clang_getCursorExtent(c), &v->tok, &v->n_tok);
	v->spell = calloc(v->n_tok ? v->n_tok : 1, sizeof *v->spell);
	for (unsigned j = 0; v->spell && j < v->n_tok; j++)
		if (!(v->spell[j] = at_fe_cxstr(clang_getTokenSpelling(t->tu,
				v->tok[j])))) {
			at_fe_view_free(v);	/* the rest are NULL */
			return -1;
		}
	if (!v->spell) {
		at_fe_view_free(v);
		return -1;
	}
	return 0;
}

/* Returns 1 when byte `off` lies in a range the preprocessor skipped. */
static int at_fe_is_skipped(const at_fe_tu *t, unsigned off)
{
	for (unsigned i = 0; t->skipped && i < t->skipped->count; i++) {
		unsigned b, e;
		CXSourceRange r = t->skipped->ranges[i];

		if (at_fe_offset(t, clang_getRangeStart(r), &b) == 0 &&
		    at_fe_offset(t, clang_getRangeEnd(r), &e) == 0 &&
		    b <= off && off < e)
			return 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Cursors                                                             */
/* ------------------------------------------------------------------ */

/* A growable list of cursors. */
typedef struct at_fe_kids {
	CXCursor *c;
	int n, cap, oom;
} at_fe_kids;

/* Visitor appending each direct child to an at_fe_kids. */
static enum CXChildVisitResult at_fe_kid(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_kids *k = data;

	(void)parent;
	if (at_buf_grow((void **)&k->c, k->n, &k->cap, sizeof *k->c, 8) < 0) {
		k->oom = 1;
		return CXChildVisit_Break;
	}
	k->c[k->n++] = c;
	return CXChildVisit_Continue;
}

/* Sets *out to a malloc'd array of the direct children of `c` and returns
 * their number, or -1 when out of memory. */
static int at_fe_children(CXCursor c, CXCursor **out)
{
	at_fe_kids k = { NULL, 0, 0, 0 };

	clang_visitChildren(c, at_fe_kid, &k);
	if (k.oom) {
		free(k.c);
		*out = NULL;
		return -1;
	}
	*out = k.c;
	return k.n;
}

/* Returns `c` without enclosing parentheses and implicit conversions. */
static CXCursor at_fe_strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		CXCursor *ch;
		int n;

		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			return c;
		n = at_fe_children(c, &ch);
		if (n != 1) {
			free(ch);
			return c;
		}
		c = ch[0];
		free(ch);
	}
}

/* Returns child `i` of `c` (a null cursor when there is none). */
static CXCursor at_fe_child(CXCursor c, int i)
{
	CXCursor *ch, r = clang_getNullCursor();
	int n = at_fe_children(c, &ch);

	if (i >= 0 && i < n)
		r = ch[i];
	free(ch);
	return r;
}

/* Returns 1 when tokens [lo, hi) could be text of one macro argument:
 * every `(` and `[` among them closed among them, none closing one opened
 * before lo, and no `,` outside brackets (a range running from one
 * argument into the next has one). */
static int at_fe_one_arg(const at_fe_tu *t, unsigned lo, unsigned hi)
{
	for (unsigned j = lo; j < hi; j++) {
		if (at_fe_is(t, j, ",") || at_fe_is(t, j, ")") ||
		    at_fe_is(t, j, "]"))
			return 0;
		if ((at_fe_is(t, j, "(") || at_fe_is(t, j, "[")) &&
		    (j = at_fe_match(t, j, hi)) == hi)
			return 0;
	}
	return 1;
}

/* Returns the index of the operator token of operator cursor `c` found by
 * position, or -1: the one punctuation token between its operands
 * (binary), before its operand (prefix) or after it (postfix), when `c`
 * and its operands are text of the main file inside one macro argument.
 * There clang annotates the tokens with one of the cursors the argument
 * expands to (MAX(a, b + 1) holds `b + 1` twice), so the annotation test
 * of at_fe_op_tok can miss `c`. */
static long at_fe_op_by_pos(const at_fe_tu *t, CXCursor c)
{
	unsigned b, e, b0, e0, b1, e1, lo, hi, k;

	if (at_fe_extent(t, c, &b, &e) < 0 ||
	    at_fe_extent(t, at_fe_child(c, 0), &b0, &e0) < 0)
		return -1;
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
		if (b < b0 && e == e0)
			lo = b, hi = b0;
		else if (b == b0 && e0 < e)
			lo = e0, hi = e;
		else
			return -1;
	} else {
		if (at_fe_extent(t, at_fe_child(c, 1), &b1, &e1) < 0 ||
		    b != b0 || e != e1 || e0 > b1)
			return -1;
		lo = e0, hi = b1;
	}
	k = at_fe_tok_from(t, lo);
	if (k >= t->n_tok || at_fe_tok_from(t, hi) != k + 1 ||
	    at_fe_tok_end(t, k) > hi ||
	    clang_getTokenKind(t->tok[k]) != CXToken_Punctuation ||
	    at_fe_is(t, k, ",") ||
	    !at_fe_one_arg(t, at_fe_tok_from(t, b), at_fe_tok_from(t, e)))
		return -1;
	return (long)k;
}

/* Returns the index of the token that is the operator of the operator
 * cursor `c` (the token clang annotated with `c` itself, else the one
 * at_fe_op_by_pos finds), or -1 when the operator comes from a macro
 * body. */
static long at_fe_op_tok(const at_fe_tu *t, CXCursor c)
{
	unsigned b, e, lo, hi;
	CXSourceRange r = clang_getCursorExtent(c);

	if (at_fe_extent(t, c, &b, &e) < 0)
		return -1;
	lo = at_fe_tok_from(t, b);
	hi = at_fe_tok_from(t, e);
	for (unsigned k = lo; k < hi; k++) {
		CXCursor a = t->ann[k];

		if (clang_getCursorKind(a) == clang_getCursorKind(c) &&
		    clang_equalRanges(clang_getCursorExtent(a), r))
			return (long)k;
	}
	return at_fe_op_by_pos(t, c);
}

/* Returns 1 if `s` spells an assignment or increment operator (`=`,
 * `op=`, `++`, `--`). */
static int at_fe_assign_tok(const char *s)
{
	static const char *const ops[] = { "=", "+=", "-=", "*=", "/=", "%=",
		"<<=", ">>=", "&=", "|=", "^=", "++", "--" };

	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		if (!strcmp(s, ops[i]))
			return 1;
	return 0;
}

#define AT_FE_MACRO_SEEN 256	/* macro definitions read for one check */

/* Returns 1 if `s` spells a stringizing or pasting operator. */
static int at_fe_paste_tok(const char *s)
{
	return !strcmp(s, "#") || !strcmp(s, "##") || !strcmp(s, "%:") ||
		!strcmp(s, "%:%:");
}

/* Returns 1 for the tokens `__LINE__` and `__COUNTER__`, whose value
 * depends on where they are expanded. */
static int at_fe_line_tok(const char *s)
{
	return !strcmp(s, "__LINE__") || !strcmp(s, "__COUNTER__");
}

/* Returns 1 when macro definition `def`, or the definition of a macro
 * one of its tokens names (every definition of that name, to any
 * depth), holds a token `tok_bad` accepts (an assignment, `#`); else 0.
 * seen[0.. *n_seen) are the definitions already read; past
 * AT_FE_MACRO_SEEN of them the answer is 1. */
static int at_fe_def_has(const at_fe_tu *t, CXCursor def,
	int (*tok_bad)(const char *), CXCursor *seen, int *n_seen)
{
	unsigned n_tok;
	CXToken *tok;
	int found = 0;

	for (int i = 0; i < *n_seen; i++)
		if (clang_equalCursors(seen[i], def))
			return 0;
	if (*n_seen == AT_FE_MACRO_SEEN)
		return 1;
	seen[(*n_seen)++] = def;
	clang_tokenize(t->tu, clang_getCursorExtent(def), &tok, &n_tok);
	for (unsigned j = 1; j < n_tok && !found; j++) {	/* 0: its name */
		CXString s = clang_getTokenSpelling(t->tu, tok[j]);
		const char *sp = clang_getCString(s);

		found = tok_bad(sp);
		if (clang_getTokenKind(tok[j]) == CXToken_Identifier)
			for (int m = 0; m < t->n_macro && !found; m++)
				if (!strcmp(t->macros[m].name, sp))
					found = at_fe_def_has(t, t->macros[m].def,
						tok_bad, seen, n_seen);
		clang_disposeString(s);
	}
	clang_disposeTokens(t->tu, tok, n_tok);
	return found;
}

/* Returns 1 when every expansion of the object-like macro defined by
 * `def` is one operand wherever it stands: its body is one literal, one
 * identifier that names no macro or only such macros (to any depth), or
 * a parenthesis that closes at the body's last token; else 0 (a
 * function-like macro, an empty body, `10 + 5`, `(a) + (b)`, more than
 * `depth` macros deep). */
static int at_fe_def_is_operand(const at_fe_tu *t, CXCursor def, int depth)
{
	at_fe_tu v;
	int ok = 0;

	if (clang_Cursor_isNull(def) || depth <= 0 ||
	    clang_Cursor_isMacroFunctionLike(def) || at_fe_view(t, def, &v) < 0)
		return 0;
	if (v.n_tok == 2 && clang_getTokenKind(v.tok[1]) == CXToken_Literal)
		ok = 1;
	else if (v.n_tok == 2 && at_fe_is_ident(&v, 1)) {	/* 0: its name */
		ok = 1;
		for (int m = 0; m < t->n_macro && ok; m++)
			if (!strcmp(t->macros[m].name, v.spell[1]))
				ok = at_fe_def_is_operand(t, t->macros[m].def,
					depth - 1);
	} else if (v.n_tok > 2)
		ok = at_fe_is(&v, 1, "(") &&
			at_fe_match(&v, 1, v.n_tok) == v.n_tok - 1;
	at_fe_view_free(&v);
	return ok;
}

/* Returns 1 when the macro defined by `def` (a null cursor: unknown) may
 * expand to an assignment or increment, through the macros it uses too
 * (at_fe_def_has with at_fe_assign_tok); else 0. */
static int at_fe_macro_def_assigns(const at_fe_tu *t, CXCursor def)
{
	CXCursor seen[AT_FE_MACRO_SEEN];
	int n_seen = 0;

	return clang_Cursor_isNull(def) ? 1 :
		at_fe_def_has(t, def, at_fe_assign_tok, seen, &n_seen);
}

/* Returns 1 when the macro expanded at the start of cursor `c` may
 * expand to an assignment or increment (which an operator coming from
 * that macro body could be), else 0.  Returns -1 when `c` does not start
 * with a macro expansion. */
static int at_fe_macro_assigns(const at_fe_tu *t, CXCursor c)
{
	unsigned b, e, k;

	if (at_fe_extent(t, c, &b, &e) < 0)
		return -1;
	k = at_fe_tok_from(t, b);
	if (k >= t->n_tok || t->off[k] != b ||
	    clang_getCursorKind(t->ann[k]) != CXCursor_MacroExpansion)
		return -1;
	return at_fe_macro_def_assigns(t, clang_getCursorReferenced(
		t->ann[k]));
}

/* ------------------------------------------------------------------ */
/* Nest builder: diagnostics, symbols, parameters                       */
/* ------------------------------------------------------------------ */

/* Reports the first problem of a nest at byte `off` as a warning ending in
 * "; loop nest left unchanged" and marks the nest failed.  Later problems
 * of a failed nest are not reported. */
static void at_fe_fail(at_fe_nest *n, unsigned off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void at_fe_fail(at_fe_nest *n, unsigned off, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	at_loc loc;

	if (n->failed)
		return;
	n->failed = 1;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	loc = at_fe_loc(n->t, off);
	at_diag(&loc, AT_WARNING, "%s; loop nest left unchanged", buf);
}

/* Returns the symbol of parameter `name`, adding it (first used at byte
 * `off` in role `role`) when new; -1 when there are too many symbols. */
static int at_fe_param(at_fe_nest *n, const char *name, unsigned off,
	int role)
{
	at_scop *s = n->s;
	int p;
	char *copy;

	for (int k = 0; k < n->n_sym; k++)
		if (n->sym_param[k] >= 0 &&
		    !strcmp(s->params[n->sym_param[k]], name))
			return k;
	if (n->n_sym >= AT_FE_NSYM) {
		at_fe_fail(n, off, "too many loops and parameters (at most %d)",
			AT_FE_NSYM);
		return -1;
	}
	copy = strdup(name);
	if (!copy || at_buf_grow((void **)&s->params, s->n_param,
			&n->cap_param, sizeof *s->params, 8) < 0) {
		free(copy);
		at_fe_fail(n, off, "out of memory");
		return -1;
	}
	p = s->n_param++;
	s->params[p] = copy;
	n->param_loc[p] = at_fe_loc(n->t, off);
	n->param_role[p] = role;
	n->param_val[p] = AT_SCOP_UNKNOWN;
	n->param_alias[p] = -1;		/* not used yet */
	n->param_u64[p] = 0;
	n->sym_param[n->n_sym] = p;
	n->sym_loop[n->n_sym] = -1;
	return n->n_sym++;
}

/* Returns the innermost enclosing loop whose iterator is `name`, or -1. */
static int at_fe_open_loop(const at_fe_nest *n, const char *name)
{
	for (int d = n->n_open - 1; d >= 0; d--)
		if (!strcmp(n->s->loops[n->open[d]].iter, name))
			return n->open[d];
	return -1;
}

/* Returns 1 when `name` is the iterator of any loop of the nest so far. */
static int at_fe_any_loop(const at_fe_nest *n, const char *name)
{
	for (int l = 0; l < n->s->n_loop; l++)
		if (n->s->loops[l].iter && !strcmp(n->s->loops[l].iter, name))
			return 1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Affine expressions from tokens                                      */
/* ------------------------------------------------------------------ */

/* State of the recursive-descent parser over tokens [k, end). `bad` is 1
 * when the tokens are not affine (with `poly`: not a polynomial of the
 * kind at_fe_poly holds), 2 when a warning was already given.  Products
 * of symbols are allowed only with `poly` (a subscript). */
typedef struct at_fe_p {
	at_fe_nest *n;
	unsigned k, end;
	int role;
	int poly;
	int bad;
	unsigned lo, hi;	/* the whole range parsed */
} at_fe_p;

static void at_fe_p_expr(at_fe_p *p, at_fe_poly *out);
static void at_fe_p_member(at_fe_p *p, unsigned k, at_fe_poly *out);

/* Parses an integer literal token (decimal, hex or octal, with optional
 * u/l suffixes) into *v.  Returns -1 when it is not one. */
static int at_fe_int_lit(const char *s, long *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtol(s, &end, 0);
	if (errno)
		return -1;
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	return *end ? -1 : 0;
}

/* Checks variable `ref`, named `name`, used at byte `off` of the nest
 * (through macro `macro` when not NULL), as a parameter: an integer
 * variable declared outside the nest.  Returns 0 when it is one, 1 when
 * it is not affine, 2 after a warning. */
static int at_fe_var_param(at_fe_nest *n, CXCursor ref, const char *name,
	const char *macro, unsigned off)
{
	CXType ty = clang_getCanonicalType(clang_getCursorType(ref));
	unsigned at = 0;
	int outside;

	at_fe_offset(n->t, clang_getCursorLocation(ref), &at);
	outside = at < n->s->begin || at >= n->s->end;
	if (outside && at_fe_is_int128(ty))
		at_fe_fail(n, off, "`%s` has a 128-bit type, " AT_FE_WIDE128,
			macro ?
			macro : name);
	else if (outside)
		return at_fe_is_int_kind(ty.kind) ? 0 : 1;
	else if (macro)
		at_fe_fail(n, off, "macro `%s` expands to `%s`, which is "
			"declared inside the loop nest (a parameter is a value "
			"the nest does not change)", macro, name);
	else
		at_fe_fail(n, off, "`%s` is declared inside the loop nest: it "
			"cannot be used in a loop bound, a subscript or an `if` "
			"condition", name);
	return 2;
}

/* Context of at_fe_macro_visit: the bytes [b, e) of a macro's name where
 * it is expanded, and the outermost expressions found inside them: the
 * first one, how many, and whether one of the others may differ from
 * the first (at_fe_same_copy). */
typedef struct at_fe_mfind {
	const at_fe_tu *t;
	unsigned b, e;
	CXCursor node;
	int n;
	int mixed;
} at_fe_mfind;

/* Returns 1 when expressions a and b, both found at one use of a macro
 * that expands to one operand, can be two copies of that expansion (a
 * function-like macro around it that repeats its argument, as
 * `MIN(i + 4, N)` does): the same kind, no string (`#a` makes one), and
 * equal values where clang evaluates them to integers; else 0. */
static int at_fe_same_copy(CXCursor a, CXCursor b)
{
	CXEvalResult ra, rb;
	int same;

	if (clang_getCursorKind(a) != clang_getCursorKind(b) ||
	    clang_getCursorKind(a) == CXCursor_StringLiteral)
		return 0;
	ra = clang_Cursor_Evaluate(a);
	rb = clang_Cursor_Evaluate(b);
	same = (!ra || clang_EvalResult_getKind(ra) != CXEval_Int) ==
		(!rb || clang_EvalResult_getKind(rb) != CXEval_Int);
	if (same && ra && clang_EvalResult_getKind(ra) == CXEval_Int)
		same = clang_EvalResult_getAsLongLong(ra) ==
			clang_EvalResult_getAsLongLong(rb);
	if (ra)
		clang_EvalResult_dispose(ra);
	if (rb)
		clang_EvalResult_dispose(rb);
	return same;
}

/* Visitor counting the outermost expressions that clang places wholly at
 * a macro's expansion (at_fe_mfind), descending only into cursors that
 * contain it. */
static enum CXChildVisitResult at_fe_macro_visit(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_mfind *f = data;
	unsigned b, e;

	(void)parent;
	/* an empty extent at b: a token of the macro's expansion inside a
	 * function-like macro's argument (whose other nodes span the call);
	 * a node that ends there, `i * N` in `OFF(i * N + j)`, holds it */
	if (at_fe_extent(f->t, c, &b, &e) < 0 || b >= f->e || e < f->b)
		return CXChildVisit_Continue;
	if (b < f->b || e > f->e || (e == f->b && b < e))
		return CXChildVisit_Recurse;
	if (!clang_isExpression(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	if (f->n++ == 0)
		f->node = c;
	else if (!at_fe_same_copy(f->node, c))
		f->mixed = 1;
	return CXChildVisit_Continue;
}

/* Returns 1 when `ty` is an unsigned integer type. */
static int at_fe_is_unsigned(CXType ty)
{
	enum CXTypeKind k = clang_getCanonicalType(ty).kind;

	return k == CXType_UInt || k == CXType_ULong || k == CXType_ULongLong ||
		k == CXType_UShort || k == CXType_UChar || k == CXType_Char_U ||
		k == CXType_UInt128;
}

/* Returns 1 when `ty` is a 64-bit unsigned integer type (`size_t` here),
 * whose values above LONG_MAX the generated code's longs cannot hold. */
static int at_fe_is_u64(CXType ty)
{
	ty = clang_getCanonicalType(ty);
	return at_fe_is_unsigned(ty) && clang_Type_getSizeOf(ty) == 8;
}

#define AT_FE_MVARS 8		/* variables one macro parameter may read */

/* What the expansion of a macro parameter is (at_fe_macro_param): its
 * value when clang evaluates it to an integer constant, else
 * AT_SCOP_UNKNOWN and the variables it reads (malloc'd names). */
typedef struct at_fe_mexp {
	long val;
	int n_var;
	char *var[AT_FE_MVARS];
	int wide;		/* its type is wider than int (at_fe_fits_int) */
	int u64;		/* its type is a 64-bit unsigned one */
	int alias;		/* a macro that expands to var[0] alone */
	int unsig;		/* its own type is an unsigned one */
} at_fe_mexp;

/* Frees the names x holds. */
static void at_fe_mexp_clear(at_fe_mexp *x)
{
	for (int i = 0; i < x->n_var; i++)
		free(x->var[i]);
	x->n_var = 0;
}

/* Context of at_fe_mexp_visit: the nest, the macro (`name`, used at byte
 * `off`), what its expansion reads so far, and whether it is no
 * parameter (1: not affine, 2: after a warning). */
typedef struct at_fe_mwalk {
	at_fe_nest *n;
	const char *name;
	unsigned off;
	at_fe_mexp *x;
	int bad;
} at_fe_mwalk;

/* Adds variable `ref`, which the expansion of w's macro reads, to w->x
 * when it can be part of a parameter (at_fe_var_param); else sets
 * w->bad. */
static void at_fe_mexp_var(at_fe_mwalk *w, CXCursor ref)
{
	char *name = at_fe_cxstr(clang_getCursorSpelling(ref));

	if (!name) {
		at_fe_fail(w->n, w->off, "out of memory");
		w->bad = 2;
	} else if (!(w->bad = at_fe_var_param(w->n, ref, name, w->name,
			w->off)) && w->x->n_var == AT_FE_MVARS) {
		at_fe_fail(w->n, w->off, "macro `%s` reads more than %d "
			"variables", w->name, AT_FE_MVARS);
		w->bad = 2;
	}
	if (w->bad)
		free(name);
	else
		w->x->var[w->x->n_var++] = name;
}

/* Visitor reading the expansion of a macro parameter (at_fe_mwalk):
 * integer arithmetic, casts and sizeof over constants and variables. */
static enum CXChildVisitResult at_fe_mexp_visit(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_mwalk *w = data;
	CXCursor ref;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_ParenExpr:
	case CXCursor_UnaryOperator:
	case CXCursor_BinaryOperator:
	case CXCursor_ConditionalOperator:
	case CXCursor_CStyleCastExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_UnaryExpr:
	case CXCursor_TypeRef:
		return CXChildVisit_Recurse;
	case CXCursor_DeclRefExpr:
		ref = clang_getCursorReferenced(c);
		if (clang_getCursorKind(ref) == CXCursor_EnumConstantDecl)
			return CXChildVisit_Continue;
		if (clang_getCursorKind(ref) == CXCursor_VarDecl ||
		    clang_getCursorKind(ref) == CXCursor_ParmDecl)
			at_fe_mexp_var(w, ref);
		else
			w->bad = 1;
		return w->bad ? CXChildVisit_Break : CXChildVisit_Continue;
	default:
		at_fe_fail(w->n, w->off, "macro `%s` expands to more than "
			"integer arithmetic on constants and variables (a call, "
			"an array element, ...), so autotile cannot read it as "
			"a parameter", w->name);
		w->bad = 2;
		return CXChildVisit_Break;
	}
}

/* Returns 1 when expression `c` binds as one operand wherever its text
 * stands: a literal, a variable, a parenthesis, a call, a cast, a prefix
 * operator, a subscript or a member access (seen through implicit
 * conversions); 0 for a binary or
 * conditional operator, or anything else. */
static int at_fe_binds_tight(CXCursor c)
{
	for (;;) {
		CXCursor *ch;
		int n;

		switch (clang_getCursorKind(c)) {
		case CXCursor_IntegerLiteral:
		case CXCursor_CharacterLiteral:
		case CXCursor_DeclRefExpr:
		case CXCursor_ParenExpr:
		case CXCursor_CallExpr:
		case CXCursor_CStyleCastExpr:
		case CXCursor_UnaryOperator:
		case CXCursor_UnaryExpr:
		case CXCursor_ArraySubscriptExpr:
		case CXCursor_MemberRefExpr:
			return 1;
		case CXCursor_UnexposedExpr:
			n = at_fe_children(c, &ch);
			if (n == 1)
				c = ch[0];
			free(ch);
			if (n != 1)
				return 0;
			break;
		default:
			return 0;
		}
	}
}

/* Checks the object-like macro expanded at token k, read as a parameter
 * (one symbol): clang must give its expansion there as one operand (not
 * so `#define N 10 + 5` in `2 * N`) of integer type, which clang
 * evaluates to a constant (its value in x->val), or else which is
 * integer arithmetic on integer variables declared outside the nest
 * (their names in x->var, for at_fe_check_params) with no assignment or
 * increment.  A macro that expands to an iterator or to a variable the
 * nest writes would otherwise be read as a constant.  Returns 0, 1 when
 * it is not affine, 2 after a warning (then x holds no name). */
static int at_fe_macro_param(at_fe_nest *n, unsigned k, at_fe_mexp *x)
{
	const at_fe_tu *t = n->t;
	const char *name = t->spell[k];
	at_fe_mfind f = { t, t->off[k], t->off[k] + (unsigned)strlen(name),
		clang_getNullCursor(), 0, 0 };
	at_fe_mwalk w = { n, name, t->off[k], x, 0 };
	CXCursor fn = at_fe_function_at(t, t->off[k]);
	CXEvalResult r;
	CXType ty;

	x->val = AT_SCOP_UNKNOWN;
	x->n_var = 0;
	if (!clang_Cursor_isNull(fn))
		clang_visitChildren(fn, at_fe_macro_visit, &f);
	/* several copies: a macro around it repeats its argument */
	if (f.n > 1 && !f.mixed && at_fe_def_is_operand(t,
			clang_getCursorReferenced(t->ann[k]), 16))
		f.n = 1;
	/* the generated bounds paste its name in other contexts (`-N`,
	 * `N / 32`), where `100 + 100` would not be one value */
	if (f.n != 1 || !at_fe_binds_tight(f.node)) {
		at_fe_fail(n, t->off[k], "macro `%s` does not expand to one "
			"operand here (a parameter is one value: put its "
			"definition in parentheses)", name);
		return 2;
	}
	ty = clang_getCanonicalType(clang_getCursorType(f.node));
	if (at_fe_is_int128(ty)) {
		at_fe_fail(n, t->off[k], "macro `%s` has a 128-bit type, "
			AT_FE_WIDE128, name);
		return 2;
	}
	if (!at_fe_is_int_kind(ty.kind))
		return 1;
	x->wide = !at_fe_fits_int(ty);
	r = clang_Cursor_Evaluate(f.node);
	/* a value above LONG_MAX is no long: at_fe_uparams versions it */
	if (r && clang_EvalResult_getKind(r) == CXEval_Int &&
	    (!clang_EvalResult_isUnsignedInt(r) ||
	     clang_EvalResult_getAsUnsigned(r) <= LONG_MAX))
		x->val = (long)clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	/* the type of the macro's own text (`(long)N` reads it), not of the
	 * conversion around it (`j < N` with a size_t j) */
	x->u64 = x->val == AT_SCOP_UNKNOWN &&
		at_fe_is_u64(clang_getCursorType(at_fe_strip(f.node)));
	x->unsig = at_fe_is_unsigned(clang_getCursorType(at_fe_strip(f.node)));
	if (x->val != AT_SCOP_UNKNOWN)
		return 0;
	if (at_fe_macro_def_assigns(t, clang_getCursorReferenced(t->ann[k]))) {
		at_fe_fail(n, t->off[k], "macro `%s` may assign or increment "
			"(its definition, or that of a macro it uses, has such an "
			"operator)", name);
		return 2;
	}
	if (at_fe_mexp_visit(f.node, f.node, &w) == CXChildVisit_Recurse)
		clang_visitChildren(f.node, at_fe_mexp_visit, &w);
	if (w.bad)
		at_fe_mexp_clear(x);
	x->alias = !w.bad && x->n_var == 1 &&
		clang_getCursorKind(at_fe_strip(f.node)) == CXCursor_DeclRefExpr;
	return w.bad;
}

/* Records what is known of parameter `param`, used at byte `off`: its
 * value x->val, whether its type is wider than int (x->wide, for the
 * whole scop: at_scop.wide_param), and the variables of a macro's expansion (at_fe_macro_
 * param), whose names it takes.  Returns -1 after reporting; x then
 * still holds the names not taken. */
static int at_fe_param_note(at_fe_nest *n, int param, at_fe_mexp *x,
	unsigned off)
{
	n->param_val[param] = x->val;
	n->param_alias[param] = n->param_alias[param] != 0 && x->alias;
	n->s->wide_param |= x->wide;
	n->param_u64[param] |= x->u64;
	for (int v = 0; v < x->n_var; v++) {
		int seen = 0;

		for (int i = 0; i < n->n_mvar && !seen; i++)
			seen = n->mvar[i].param == param &&
				!strcmp(n->mvar[i].name, x->var[v]);
		if (seen)
			continue;
		if (at_buf_grow((void **)&n->mvar, n->n_mvar, &n->cap_mvar,
				sizeof *n->mvar, 4) < 0) {
			at_fe_fail(n, off, "out of memory");
			return -1;	/* the caller frees x's names */
		}
		n->mvar[n->n_mvar].param = param;
		n->mvar[n->n_mvar].name = x->var[v];
		n->mvar[n->n_mvar++].off = off;
		x->var[v] = NULL;
	}
	at_fe_mexp_clear(x);
	return 0;
}

/* Returns the value of `ref` when it is an enum constant, or a variable
 * of const-qualified type whose initializer clang evaluates to an
 * integer; else AT_SCOP_UNKNOWN (a cost-model estimate: the front end
 * keeps the name). */
static long at_fe_const_value(CXCursor ref)
{
	CXEvalResult r;
	long v = AT_SCOP_UNKNOWN;

	if (clang_getCursorKind(ref) == CXCursor_EnumConstantDecl)
		return (long)clang_getEnumConstantDeclValue(ref);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
	    !clang_isConstQualifiedType(clang_getCursorType(ref)))
		return AT_SCOP_UNKNOWN;
	r = clang_Cursor_Evaluate(ref);
	if (r && clang_EvalResult_getKind(r) == CXEval_Int)
		v = (long)clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	return v;
}

/* ------------------------------------------------------------------ */
/* Function-like macros in expressions                                 */
/* ------------------------------------------------------------------ */

#define AT_FE_MACRO_DEPTH 8	/* calls expanded one inside another */
#define AT_FE_MACRO_PARAMS 16	/* parameters of one macro */

/* Returns the definition of the function-like macro called at identifier
 * token k: the one clang names at a token of the file or of an argument,
 * or the only definition of that name at a token of a macro's body (a
 * call inside another macro); else a null cursor. */
static CXCursor at_fe_fmacro_def(const at_fe_tu *t, unsigned k)
{
	CXCursor def = clang_getNullCursor();
	int n = 0;

	if (clang_getCursorKind(t->ann[k]) == CXCursor_MacroExpansion)
		def = clang_getCursorReferenced(t->ann[k]), n = 1;
	else if (t->call_e && t->off[k] == t->call_b)
		for (int m = 0; m < t->n_macro; m++)
			if (!strcmp(t->macros[m].name, t->spell[k]) && n++ == 0)
				def = t->macros[m].def;
	if (n != 1 || clang_getCursorKind(def) != CXCursor_MacroDefinition ||
	    !clang_Cursor_isMacroFunctionLike(def))
		return clang_getNullCursor();
	return def;
}

/* Context of at_fe_body_visit: the bytes [b, e) of a macro call, and the
 * declaration that the references to identifier `name` clang made there
 * refer to (n of them found; `mixed` when two differ). */
typedef struct at_fe_bfind {
	const at_fe_tu *t;
	unsigned b, e;
	const char *name;
	CXCursor ref;
	int n, mixed;
} at_fe_bfind;

/* Visitor finding the references to f->name (variables, enumerators,
 * types) inside the call (those of a macro's body span the call, or an
 * outer call it is expanded in; all are looked up in one scope, the
 * call's). */
static enum CXChildVisitResult at_fe_body_visit(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_bfind *f = data;
	unsigned b, e;
	char *s;

	(void)parent;
	if (at_fe_extent(f->t, c, &b, &e) < 0 || e < f->b || b > f->e ||
	    (b == f->e && b < e))
		return CXChildVisit_Continue;
	if (b < f->b || e > f->e ||
	    (clang_getCursorKind(c) != CXCursor_DeclRefExpr &&
	     clang_getCursorKind(c) != CXCursor_TypeRef))
		return CXChildVisit_Recurse;
	s = at_fe_cxstr(clang_getCursorSpelling(c));
	if (s && !strcmp(s, f->name)) {
		if (f->n++ == 0)
			f->ref = c;
		else if (!clang_equalCursors(clang_getCursorReferenced(c),
				clang_getCursorReferenced(f->ref)))
			f->mixed = 1;
	}
	free(s);
	return CXChildVisit_Continue;
}

/* Sets *ann to what identifier `name` of the body of the macro `mac`,
 * called inside bytes [b, e) (the outermost call around it), means
 * there: a reference clang made of it (a variable, enumerator or type)
 * in those bytes, else the definition of a macro of that
 * name, else a null cursor (not affine).  An iterator of the nest is
 * refused (the transformed loops rename them, not in a macro's body),
 * and so are names like those the generated code declares.  Returns 0,
 * or 2 after a warning. */
static int at_fe_body_ident(at_fe_nest *n, const char *mac, const char *name,
	unsigned b, unsigned e, CXCursor *ann)
{
	const at_fe_tu *t = n->t;
	at_fe_bfind f = { t, b, e, name, clang_getNullCursor(), 0, 0 };
	CXCursor fn = at_fe_function_at(t, b);

	*ann = clang_getNullCursor();
	if (at_fe_open_loop(n, name) >= 0 || at_fe_any_loop(n, name)) {
		at_fe_fail(n, b, "the body of macro `%s` names `%s`, an iterator "
			"of the loop nest (the transformed loops rename the "
			"iterators; pass it as an argument)", mac, name);
		return 2;
	}
	if ((name[0] == 'c' && isdigit((unsigned char)name[1])) ||
	    !strncmp(name, "at_", 3)) {
		at_fe_fail(n, b, "the body of macro `%s` names `%s`, a name "
			"like those of the loops autotile generates", mac, name);
		return 2;
	}
	if (!clang_Cursor_isNull(fn))
		clang_visitChildren(fn, at_fe_body_visit, &f);
	if (f.mixed) {
		at_fe_fail(n, b, "`%s` in the body of macro `%s` names two "
			"declarations", name, mac);
		return 2;
	}
	if (f.n) {
		*ann = f.ref;
		return 0;
	}
	for (int m = 0; m < t->n_macro; m++)
		if (!strcmp(t->macros[m].name, name)) {
			*ann = t->macros[m].def;
			break;
		}
	return 0;
}

/* Frees what at_fe_expand allocated: the view of the definition and the
 * arrays of the expansion (whose spellings it borrowed). */
static void at_fe_expand_free(at_fe_tu *dv, at_fe_tu *x)
{
	free(x->tok);
	free(x->ann);
	free(x->spell);
	free(x->off);
	memset(x, 0, sizeof *x);
	at_fe_view_free(dv);
}

/* Reads the parameters of function-like macro definition v (tokens
 * `NAME ( a , b ) BODY`) into par[] (token indices, *np of them) and
 * returns the index of the body's first token, or 0 when the list is
 * not such (`...`, more than AT_FE_MACRO_PARAMS). */
static unsigned at_fe_macro_params(const at_fe_tu *v, unsigned *par, int *np)
{
	unsigned j = 2;

	*np = 0;
	if (!at_fe_is(v, 1, "("))
		return 0;
	if (at_fe_is(v, j, ")"))
		return j + 1;
	for (;;) {
		if (!at_fe_is_ident(v, j) || *np == AT_FE_MACRO_PARAMS)
			return 0;
		par[(*np)++] = j++;
		if (at_fe_is(v, j, ")"))
			return j + 1;
		if (!at_fe_is(v, j++, ","))
			return 0;
	}
}

/* Returns which of the np parameters par[] (token indices of view v)
 * token j of v names, or -1. */
static int at_fe_param_at(const at_fe_tu *v, unsigned j, const unsigned *par,
	int np)
{
	for (int q = 0; q < np && at_fe_is_ident(v, j); q++)
		if (!strcmp(v->spell[j], v->spell[par[q]]))
			return q;
	return -1;
}

/* Sets *x to the expansion of the call of function-like macro `def` at
 * tokens [k, close] of n->t (its name to its `)`), as the preprocessor
 * makes it: the body of `def` (through the view *dv, which *x borrows
 * from) with each parameter replaced by the tokens of its argument.
 * The body's tokens are at the first byte of the outermost call around
 * (x->call_b; no argument's token is there), its identifiers annotated
 * by at_fe_body_ident; the arguments' tokens keep their own.  Free with at_fe_expand_free.  Returns 0; 1 when it
 * is not read (the caller reports it); 2 after a warning. */
static int at_fe_expand(at_fe_nest *n, unsigned k, unsigned close,
	CXCursor def, at_fe_tu *dv, at_fe_tu *x)
{
	const at_fe_tu *t = n->t;
	const char *mac = t->spell[k];
	unsigned par[AT_FE_MACRO_PARAMS], arg[AT_FE_MACRO_PARAMS + 1];
	unsigned body, len = 0, a = k + 2, b, e, i = 0;
	int np = 0;

	memset(x, 0, sizeof *x);
	memset(dv, 0, sizeof *dv);
	if (t->depth >= AT_FE_MACRO_DEPTH) {
		at_fe_fail(n, t->off[k], "macro `%s` is called inside more "
			"than %d other macros", mac, AT_FE_MACRO_DEPTH);
		return 2;
	}
	if (at_fe_view(t, def, dv) < 0) {
		at_fe_fail(n, t->off[k], "out of memory");
		return 2;
	}
	body = at_fe_macro_params(dv, par, &np);
	for (unsigned j = body; body && j < dv->n_tok; j++)
		if (at_fe_paste_tok(dv->spell[j])) {
			at_fe_fail(n, t->off[k], "macro `%s` stringizes or "
				"pastes tokens (`#`, `##`)", mac);
			return 2;
		}
	if (!body || body >= dv->n_tok)
		return 1;
	for (int p = 0; p < np; p++) {	/* arguments: [arg[p], arg[p + 1] - 1) */
		unsigned c = at_fe_find_top(t, a, close, ",");

		if (c == a || (p == np - 1) != (c == close))
			return 1;
		arg[p] = a;
		a = c + 1;
	}
	arg[np] = a;
	if (np == 0 && close != k + 2)
		return 1;
	b = t->call_e ? t->call_b : t->off[k];	/* the outermost call */
	e = t->call_e ? t->call_e : at_fe_tok_end(t, close);
	for (unsigned j = body; j < dv->n_tok; j++) {
		int p = at_fe_param_at(dv, j, par, np);

		len += p < 0 ? 1 : arg[p + 1] - 1 - arg[p];
	}
	*x = *t;
	x->n_tok = len;
	x->tok = malloc(len * sizeof *x->tok);
	x->ann = malloc(len * sizeof *x->ann);
	x->spell = malloc(len * sizeof *x->spell);
	x->off = malloc(len * sizeof *x->off);
	x->call_b = b;
	x->call_e = e;
	x->depth = t->depth + 1;
	if (!x->tok || !x->ann || !x->spell || !x->off) {
		at_fe_fail(n, t->off[k], "out of memory");
		return 2;
	}
	for (unsigned j = body; j < dv->n_tok; j++) {
		int p = at_fe_param_at(dv, j, par, np);

		if (p >= 0) {
			for (unsigned s = arg[p]; s < arg[p + 1] - 1; s++, i++) {
				x->tok[i] = t->tok[s];
				x->ann[i] = t->ann[s];
				x->spell[i] = t->spell[s];
				x->off[i] = t->off[s];
			}
			continue;
		}
		x->tok[i] = dv->tok[j];
		x->spell[i] = dv->spell[j];
		x->off[i] = b;
		x->ann[i] = clang_getNullCursor();
		if (at_fe_is_ident(dv, j) && !at_fe_is(dv, j + 1, "(") &&
		    at_fe_body_ident(n, mac, dv->spell[j], b, e, &x->ann[i]))
			return 2;
		i++;
	}
	return 0;
}

/* Returns 1 when tokens [lo, hi) of view v are one operand wherever they
 * stand: one token, or one parenthesized group; 2 when, outside
 * parentheses, they hold only identifiers, literals and + - * / % (one
 * operand of a subscript or of a comparison, as a whole, not of a
 * product: `i * N + j`); else 0. */
static int at_fe_operand_kind(const at_fe_tu *v, unsigned lo, unsigned hi)
{
	static const char *const ops[] = { "+", "-", "*", "/", "%" };

	if (hi == lo + 1 || (hi > lo && at_fe_is(v, lo, "(") &&
			     at_fe_match(v, lo, hi) == hi - 1))
		return 1;
	for (unsigned j = lo; j < hi; j++) {
		enum CXTokenKind kind = clang_getTokenKind(v->tok[j]);
		int ok = kind == CXToken_Identifier || kind == CXToken_Literal;

		if (at_fe_is(v, j, "(")) {
			if ((j = at_fe_match(v, j, hi)) == hi)
				return 0;
			continue;
		}
		for (size_t o = 0; o < sizeof ops / sizeof *ops && !ok; o++)
			ok = !strcmp(v->spell[j], ops[o]);
		if (!ok)
			return 0;
	}
	return hi > lo ? 2 : 0;
}

/* Checks that expansion x of macro `mac` (called at byte `off`) is one
 * operand where the call stands (at_fe_operand_kind; `whole`: the call
 * is all of the expression read).  Returns 0, or 2 after a warning. */
static int at_fe_expansion_operand(at_fe_nest *n, const at_fe_tu *x,
	int whole, const char *mac, unsigned off)
{
	int kind = at_fe_operand_kind(x, 0, x->n_tok);

	if (kind == 1 || (kind == 2 && whole))
		return 0;
	at_fe_fail(n, off, "the expansion of macro `%s(...)` is not one "
		"operand here (C reads it with the operators around the "
		"call: put the macro's body in parentheses)", mac);
	return 2;
}

/* Reads the value of macro `name`, used in the body of a function-like
 * macro at byte `off`, into x: a parameter when every definition of that
 * name is an integer literal (`61`, `(-4)`), with their value when they
 * agree.  Returns 0, or 2 after a warning. */
static int at_fe_body_macro(at_fe_nest *n, const char *name, unsigned off,
	at_fe_mexp *x)
{
	const at_fe_tu *t = n->t;
	int seen = 0;

	x->val = AT_SCOP_UNKNOWN;
	for (int m = 0; m < t->n_macro; m++) {
		at_fe_tu v;
		unsigned lo = 1, hi;
		long val, sign = 1;
		int ok;

		if (strcmp(t->macros[m].name, name))
			continue;
		if (clang_Cursor_isMacroFunctionLike(t->macros[m].def) ||
		    at_fe_view(t, t->macros[m].def, &v) < 0)
			ok = 0;
		else {
			hi = v.n_tok;
			at_fe_strip_parens(&v, &lo, &hi);
			if (hi == lo + 2 && at_fe_is(&v, lo, "-"))
				sign = -1, lo++;
			ok = hi == lo + 1 && clang_getTokenKind(v.tok[lo]) ==
				CXToken_Literal && at_fe_int_lit(v.spell[lo],
				&val) == 0;
			at_fe_view_free(&v);
		}
		if (!ok) {
			at_fe_fail(n, off, "macro `%s`, in the body of a "
				"function-like macro, is not an integer literal "
				"(autotile reads a macro there only when each of "
				"its definitions is one)", name);
			return 2;
		}
		x->val = seen++ == 0 || x->val == sign * val ? sign * val :
			AT_SCOP_UNKNOWN;
		if (seen > 1 && x->val == AT_SCOP_UNKNOWN)
			break;
	}
	x->wide = x->val != AT_SCOP_UNKNOWN &&
		(x->val > INT_MAX || x->val < INT_MIN);
	return 0;
}

/* Parses the call of a function-like macro at identifier token k (a `(`
 * follows) as its expansion into *out (at_fe_expand), which must be one
 * operand where the call stands; p->k moves past its `)`. */
static void at_fe_p_call(at_fe_p *p, unsigned k, at_fe_poly *out)
{
	at_fe_nest *n = p->n;
	at_fe_tu *t = n->t, dv, x;
	unsigned close = at_fe_match(t, k + 1, p->end);
	CXCursor def = at_fe_fmacro_def(t, k);
	int r;

	memset(out, 0, sizeof *out);
	if (clang_Cursor_isNull(def) || close >= p->end) {
		p->bad = 1;
		return;
	}
	r = at_fe_expand(n, k, close, def, &dv, &x);
	if (!r)
		r = at_fe_expansion_operand(n, &x, k == p->lo &&
			close + 1 == p->hi, t->spell[k], t->off[k]);
	if (!r) {
		at_fe_p sub = { n, 0, x.n_tok, p->role, p->poly, 0, 0,
			x.n_tok };

		n->t = &x;
		at_fe_p_expr(&sub, out);
		n->t = t;
		r = sub.bad ? sub.bad : sub.k != x.n_tok;
	}
	at_fe_expand_free(&dv, &x);
	p->bad = r;
	p->k = close + 1;
}

/* Sets *out to the meaning of identifier token k: an enclosing iterator,
 * or a parameter (an object-like macro, or an integer variable or enum
 * constant).  Anything else is not affine. */
static void at_fe_p_ident(at_fe_p *p, unsigned k, at_fe_poly *out)
{
	at_fe_nest *n = p->n;
	const at_fe_tu *t = n->t;
	const char *name = t->spell[k];
	int l = at_fe_open_loop(n, name), sym, bad = 0;
	CXCursor a = t->ann[k], ref;
	enum CXCursorKind rk;
	at_fe_mexp x = { AT_SCOP_UNKNOWN, 0, { NULL }, 0, 0, 0, 0 };

	memset(out, 0, sizeof *out);
	if (l >= 0) {
		out->a.v[n->loop_sym[l]] = 1;
		return;
	}
	ref = clang_getCursorReferenced(a);
	rk = clang_getCursorKind(ref);
	if (clang_getCursorKind(a) == CXCursor_MacroExpansion)
		bad = clang_Cursor_isMacroFunctionLike(ref) ? 1 :
			at_fe_macro_param(n, k, &x);
	else if (clang_getCursorKind(a) == CXCursor_MacroDefinition)
		bad = at_fe_body_macro(n, name, t->off[k], &x);
	else if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl ||
		 rk == CXCursor_EnumConstantDecl) {
		bad = rk == CXCursor_EnumConstantDecl ? 0 :
			at_fe_var_param(n, ref, name, NULL, t->off[k]);
		x.val = at_fe_const_value(ref);
		x.wide = rk != CXCursor_EnumConstantDecl && !at_fe_fits_int(
			clang_getCanonicalType(clang_getCursorType(ref)));
		x.u64 = rk != CXCursor_EnumConstantDecl &&
			at_fe_is_u64(clang_getCursorType(ref));
	} else
		bad = 1;
	if (bad) {
		p->bad = bad;
		return;
	}
	sym = at_fe_param(n, name, t->off[k], p->role);
	if (sym < 0 || at_fe_param_note(n, n->sym_param[sym], &x,
			t->off[k]) < 0) {
		at_fe_mexp_clear(&x);
		p->bad = 2;
		return;
	}
	out->a.v[sym] = 1;
}

/* Returns 1 when identifier `name` is a token of the file or already
 * names a member parameter of n. */
static int at_fe_name_taken(const at_fe_nest *n, const char *name)
{
	for (int i = 0; i < n->n_member; i++)
		if (!strcmp(n->member[i].name, name))
			return 1;
	for (unsigned k = 0; k < n->t->n_tok; k++)
		if (!strcmp(n->t->spell[k], name))
			return 1;
	return 0;
}

/* Returns the member parameter of n whose text is `text` (the tokens
 * [k, e] as at_fe_p_member reads them), adding it when new; NULL when
 * out of memory. */
static struct at_fe_member *at_fe_member_of(at_fe_nest *n, unsigned k,
	unsigned e, CXType type)
{
	const at_fe_tu *t = n->t;
	at_buf text = { 0 }, name = { 0 };
	struct at_fe_member *m = NULL;
	char *tx;

	for (unsigned j = k; j <= e; j++) {
		at_buf_add(&text, t->spell[j]);
		at_buf_add(&name, j == k ? "at_" : (j - k) % 2 ? "_" : "");
		if ((j - k) % 2 == 0)
			at_buf_add(&name, t->spell[j]);
	}
	tx = at_buf_take(&text);
	for (int i = 0; tx && i < n->n_member; i++)
		if (!strcmp(n->member[i].text, tx)) {
			free(tx);
			at_buf_clear(&name);
			return &n->member[i];
		}
	if (tx && !at_buf_failed(&name) && at_fe_name_taken(n, name.s)) {
		size_t len = name.len;
		for (int c = 2; at_fe_name_taken(n, name.s); c++) {
			name.len = len;
			name.s[len] = 0;
			at_buf_printf(&name, "_%d", c);
		}
	}
	if (tx && at_buf_grow((void **)&n->member, n->n_member,
	    &n->cap_member, sizeof *n->member, 4) == 0) {
		m = &n->member[n->n_member];
		m->text = tx;
		m->name = at_buf_take(&name);
		m->base = strdup(t->spell[k]);
		m->type = type;
		m->off = t->off[k];
		m->deref = strstr(tx, "->") != NULL;
		m->read = !m->deref;
		if (m->name && m->base) {
			n->n_member++;
			return m;
		}
		free(m->name);
		free(m->base);
	}
	free(tx);
	at_buf_clear(&name);
	return NULL;
}

/* Sets *out to the parameter a member access stands for: identifier
 * token k, a variable declared outside the nest, then `->` or `.` and
 * a member, any number of times (`g->n`, `G.r.lo`, `p->q->m`), the last
 * of an integer type that is not volatile.  It is read once, before the
 * transformed nest, into a copy (struct at_fe_member); at_fe_check_members
 * makes sure the nest cannot change it.  Anything else is not affine. */
static void at_fe_p_member(at_fe_p *p, unsigned k, at_fe_poly *out)
{
	at_fe_nest *n = p->n;
	const at_fe_tu *t = n->t;
	CXCursor ref = clang_getCursorReferenced(t->ann[k]), last;
	enum CXCursorKind rk = clang_getCursorKind(ref);
	at_fe_mexp x = { AT_SCOP_UNKNOWN, 0, { NULL }, 0, 0, 0, 0 };
	struct at_fe_member *m;
	unsigned e = k, at = 0;
	CXType ty;
	int sym;

	memset(out, 0, sizeof *out);
	while (e + 2 < p->end && (at_fe_is(t, e + 1, "->") ||
	       at_fe_is(t, e + 1, ".")) && at_fe_is_ident(t, e + 2))
		e += 2;
	p->k = e + 1;
	last = t->ann[e];
	ty = clang_getCursorType(last);
	at_fe_offset(t, clang_getCursorLocation(ref), &at);
	if ((rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl) ||
	    (at >= n->s->begin && at < n->s->end) ||
	    clang_getCursorKind(last) != CXCursor_MemberRefExpr ||
	    !at_fe_is_int_kind(clang_getCanonicalType(ty).kind) ||
	    at_fe_is_int128(ty) || clang_isVolatileQualifiedType(ty) ||
	    (p->k < p->end && (at_fe_is(t, p->k, "[") ||
			       at_fe_is(t, p->k, "(")))) {
		p->bad = 1;
		return;
	}
	m = at_fe_member_of(n, k, e, ty);
	sym = m ? at_fe_param(n, m->name, t->off[k], p->role) : -1;
	if (!m)
		at_fe_fail(n, t->off[k], "out of memory");
	else
		m->read |= n->top_header;
	x.wide = !at_fe_fits_int(clang_getCanonicalType(ty));
	x.u64 = at_fe_is_u64(ty);
	if (sym < 0 || at_fe_param_note(n, n->sym_param[sym], &x,
			t->off[k]) < 0) {
		p->bad = 2;
		return;
	}
	out->a.v[sym] = 1;
}

/* primary := INT | IDENT | '(' expr ')' */
static void at_fe_p_primary(at_fe_p *p, at_fe_poly *out)
{
	const at_fe_tu *t = p->n->t;
	long v;

	memset(out, 0, sizeof *out);
	if (p->k >= p->end) {
		p->bad = p->bad ? p->bad : 1;
		return;
	}
	if (at_fe_is(t, p->k, "(")) {
		p->k++;
		at_fe_p_expr(p, out);
		if (p->k < p->end && at_fe_is(t, p->k, ")"))
			p->k++;
		else if (!p->bad)
			p->bad = 1;
		return;
	}
	if (at_fe_is_ident(t, p->k)) {
		unsigned k = p->k++;
		if (p->k < p->end && at_fe_is(t, p->k, "(")) {
			at_fe_p_call(p, k, out);
			return;
		}
		if (p->k < p->end && at_fe_is(t, p->k, "[")) {
			p->bad = 1;
			return;
		}
		if (p->k + 1 < p->end && (at_fe_is(t, p->k, "->") ||
		    at_fe_is(t, p->k, ".")) && at_fe_is_ident(t, p->k + 1)) {
			at_fe_p_member(p, k, out);
			return;
		}
		at_fe_p_ident(p, k, out);
		return;
	}
	if (clang_getTokenKind(t->tok[p->k]) == CXToken_Literal &&
	    at_fe_int_lit(t->spell[p->k], &v) == 0) {
		p->k++;
		out->a.v[AT_FE_CST] = v;
		return;
	}
	p->bad = 1;
}

/* Returns 1 when tokens (k, close) of t, inside the parentheses at k and
 * close, name an integer type to which converting keeps every value an
 * affine expression of a valid program takes there: a signed type as
 * wide as int or wider (`(long)i * n`), or, in a subscript (`sub`), an
 * unsigned one of 64 bits or more (`(size_t)i * n + j`: an element's
 * index is never negative, and below 2^64 the unsigned sum is the
 * integer one).  Read from the type's keywords, or from one identifier
 * clang resolved to a type (a typedef such as size_t).  Else 0. */
static int at_fe_int_cast(const at_fe_tu *t, unsigned k, unsigned close,
	int sub)
{
	static const char *const words[] = { "signed", "unsigned", "int",
		"long", "short", "char" };
	int count[6] = { 0 };
	CXType ty;

	if (close == k + 2 && at_fe_is_ident(t, k + 1) &&
	    clang_getCursorKind(t->ann[k + 1]) == CXCursor_TypeRef) {
		ty = clang_getCanonicalType(clang_getCursorType(t->ann[k + 1]));
		switch (ty.kind) {
		case CXType_Int:
		case CXType_Long:
		case CXType_LongLong:
			return 1;
		case CXType_ULong:
		case CXType_ULongLong:
			return sub && clang_Type_getSizeOf(ty) >= 8;
		default:
			return 0;
		}
	}
	if (close <= k + 1)
		return 0;
	for (unsigned j = k + 1; j < close; j++) {
		int w = -1;

		for (int i = 0; i < 6 && w < 0; i++)
			if (clang_getTokenKind(t->tok[j]) == CXToken_Keyword &&
			    !strcmp(t->spell[j], words[i]))
				w = i;
		if (w < 0)
			return 0;
		count[w]++;
	}
	if (count[4] || count[5] || count[2] > 1 || count[3] > 2 ||
	    count[0] + count[1] > 1)
		return 0;	/* short, char, or not one type */
	if (!count[1])
		return 1;	/* int, long, long long, signed ... */
	return sub && (count[3] == 2 ||
		(count[3] == 1 && sizeof(unsigned long) >= 8));
}

/* Returns 1 when the cast whose `(` is token k converts its operand to a
 * type that holds each of the operand type's values: not narrower, and
 * not signed of the same width as an unsigned operand (`(int)n` of a
 * long n, `(int)u`, `(long)ul` change values beyond INT_MAX or
 * LONG_MAX); 0 otherwise.  A cast clang gives no cursor for (one a macro
 * expands) is taken to keep them, as at_fe_int_cast alone does. */
static int at_fe_cast_keeps(const at_fe_tu *t, unsigned k)
{
	CXCursor c = t->ann[k], *ch;
	CXType to, from;
	int nc;

	if (clang_getCursorKind(c) != CXCursor_CStyleCastExpr)
		return 1;
	nc = at_fe_children(c, &ch);	/* a TypeRef, then the operand */
	if (nc <= 0) {
		free(ch);
		return 1;
	}
	from = clang_getCanonicalType(clang_getCursorType(ch[nc - 1]));
	free(ch);
	to = clang_getCanonicalType(clang_getCursorType(c));
	if (clang_Type_getSizeOf(to) < clang_Type_getSizeOf(from))
		return 0;
	return !at_fe_is_unsigned(from) || at_fe_is_unsigned(to) ||
		clang_Type_getSizeOf(to) > clang_Type_getSizeOf(from);
}

/* unary := ('-' | '+') unary | '(' integer type ')' unary | primary */
static void at_fe_p_unary(at_fe_p *p, at_fe_poly *out)
{
	const at_fe_tu *t = p->n->t;

	if (p->k < p->end && at_fe_is(t, p->k, "(")) {
		unsigned close = at_fe_match(t, p->k, p->end);

		if (close < p->end && at_fe_int_cast(t, p->k, close,
				p->role == AT_FE_SUB) && at_fe_cast_keeps(t, p->k)) {
			p->k = close + 1;
			at_fe_p_unary(p, out);
			return;
		}
	}

	if (p->k < p->end && at_fe_is(t, p->k, "-")) {
		at_fe_poly x;
		p->k++;
		at_fe_p_unary(p, &x);
		memset(out, 0, sizeof *out);
		if (!p->bad && at_fe_poly_add(out, out, -1, &x) < 0)
			p->bad = 1;
		return;
	}
	if (p->k < p->end && at_fe_is(t, p->k, "+"))
		p->k++;
	at_fe_p_primary(p, out);
}

/* term := unary ('*' unary)*, one factor of each product constant
 * unless `poly` */
static void at_fe_p_term(at_fe_p *p, at_fe_poly *out)
{
	const at_fe_tu *t = p->n->t;

	at_fe_p_unary(p, out);
	while (!p->bad && p->k < p->end && at_fe_is(t, p->k, "*")) {
		at_fe_poly y, r;
		p->k++;
		at_fe_p_unary(p, &y);
		if (p->bad)
			return;
		if (!p->poly && !at_fe_poly_is_const(out) &&
		    !at_fe_poly_is_const(&y))
			p->bad = 1;
		else if (at_fe_poly_mul(&r, out, &y) < 0)
			p->bad = 1;
		else
			*out = r;
	}
}

/* expr := term (('+' | '-') term)* */
static void at_fe_p_expr(at_fe_p *p, at_fe_poly *out)
{
	const at_fe_tu *t = p->n->t;

	at_fe_p_term(p, out);
	while (!p->bad && p->k < p->end && (at_fe_is(t, p->k, "+") ||
					    at_fe_is(t, p->k, "-"))) {
		long sign = at_fe_is(t, p->k, "-") ? -1 : 1;
		at_fe_poly y;

		p->k++;
		at_fe_p_term(p, &y);
		if (p->bad)
			return;
		if (at_fe_poly_add(out, out, sign, &y) < 0)
			p->bad = 1;
	}
}

/* Parses tokens [lo, hi) as an expression into *out: an affine one, or
 * with `poly` one with products of symbols too.  Returns 0, 1 when they
 * are not (the caller reports it), or 2 when a warning was already
 * given. */
static int at_fe_poly_parse(at_fe_nest *n, unsigned lo, unsigned hi,
	int role, int poly, at_fe_poly *out)
{
	at_fe_p p = { n, lo, hi, role, poly, 0, lo, hi };

	memset(out, 0, sizeof *out);
	if (lo >= hi)
		return 1;
	at_fe_p_expr(&p, out);
	if (!p.bad && p.k != hi)
		p.bad = 1;
	return p.bad;
}

/* Parses tokens [lo, hi) as an affine expression into *out.  Returns 0,
 * 1 when they are not affine (the caller reports it), or 2 when a warning
 * was already given. */
static int at_fe_aff_parse(at_fe_nest *n, unsigned lo, unsigned hi,
	int role, at_fe_aff *out)
{
	at_fe_poly x;
	int r = at_fe_poly_parse(n, lo, hi, role, 0, &x);

	*out = x.a;
	return r;
}

/* Returns the relation of comparison token `s`, or -1. */
static int at_fe_rel(const char *s)
{
	static const char *const names[] = { "<", "<=", ">", ">=", "==" };

	for (int i = 0; i < 5; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

/* Returns the relation `b REL' a` equivalent to `a REL b`. */
static int at_fe_mirror(int rel)
{
	static const int m[] = { AT_FE_GT, AT_FE_GE, AT_FE_LT, AT_FE_LE,
		AT_FE_EQ };
	return m[rel];
}

/* Returns 1 when token ranges [a, ae) and [b, be) are spelled the same
 * (ignoring enclosing parentheses). */
static int at_fe_same_toks(const at_fe_tu *t, unsigned a, unsigned ae,
	unsigned b, unsigned be)
{
	at_fe_strip_parens(t, &a, &ae);
	at_fe_strip_parens(t, &b, &be);
	if (ae - a != be - b)
		return 0;
	for (unsigned j = 0; a + j < ae; j++)
		if (strcmp(t->spell[a + j], t->spell[b + j]))
			return 0;
	return 1;
}

/* Recognises [lo, hi) as `x REL y ? x : y` (or `? y : x`), i.e. min or
 * max of x and y; stores the token ranges of x and y.  Returns AT_FE_MIN,
 * AT_FE_MAX or -1. */
static int at_fe_ternary(const at_fe_tu *t, unsigned lo, unsigned hi,
	unsigned xy[4])
{
	unsigned q = at_fe_find_top(t, lo, hi, "?"), c, op = hi, cl = lo, ch;
	int rel = -1, first_x;

	if (q == hi || (c = at_fe_find_top(t, q + 1, hi, ":")) == hi)
		return -1;
	ch = q;
	at_fe_strip_parens(t, &cl, &ch);	/* `((a) < (b)) ? ...` */
	for (unsigned j = cl; j < ch; j++) {
		if (at_fe_is(t, j, "(") || at_fe_is(t, j, "[")) {
			j = at_fe_match(t, j, ch);
			continue;
		}
		if (at_fe_rel(t->spell[j]) >= 0 && op == hi) {
			op = j;
			rel = at_fe_rel(t->spell[j]);
		}
	}
	if (op == hi || rel == AT_FE_EQ)
		return -1;
	if (at_fe_same_toks(t, cl, op, q + 1, c) &&
	    at_fe_same_toks(t, op + 1, ch, c + 1, hi))
		first_x = 1;
	else if (at_fe_same_toks(t, cl, op, c + 1, hi) &&
		 at_fe_same_toks(t, op + 1, ch, q + 1, c))
		first_x = 0;
	else
		return -1;
	xy[0] = cl;
	xy[1] = op;
	xy[2] = op + 1;
	xy[3] = ch;
	/* x > y ? x : y is max; x < y ? x : y is min */
	return (rel == AT_FE_GT || rel == AT_FE_GE) == first_x ? AT_FE_MAX :
		AT_FE_MIN;
}

/* Returns AT_FE_MIN or AT_FE_MAX when tokens [lo, hi) of view v
 * (at_fe_view) are `a REL b ? a : b` or `? b : a`, a and b the names pa
 * and pb in either order, with any parentheses; else -1. */
static int at_fe_minmax_body(const at_fe_tu *v, unsigned lo, unsigned hi,
	const char *pa, const char *pb)
{
	unsigned xy[4];
	int kind;

	at_fe_strip_parens(v, &lo, &hi);
	kind = at_fe_ternary(v, lo, hi, xy);
	for (int i = 0; i < 2 && kind >= 0; i++) {
		at_fe_strip_parens(v, &xy[2 * i], &xy[2 * i + 1]);
		if (xy[2 * i + 1] != xy[2 * i] + 1)
			kind = -1;
	}
	if (kind >= 0 && !(!strcmp(v->spell[xy[0]], pa) &&
			   !strcmp(v->spell[xy[2]], pb)) &&
	    !(!strcmp(v->spell[xy[0]], pb) && !strcmp(v->spell[xy[2]], pa)))
		kind = -1;
	return kind;
}

/* Returns 1 when `ty` is int, long or long long. */
static int at_fe_is_signed_int(CXType ty)
{
	enum CXTypeKind k = clang_getCanonicalType(ty).kind;

	return k == CXType_Int || k == CXType_Long || k == CXType_LongLong;
}

/* Returns AT_FE_MIN or AT_FE_MAX when `def`, a macro definition or a
 * function definition, computes the minimum or maximum of its two
 * arguments: a macro `NAME(a, b)` whose body is the ternary of
 * at_fe_minmax_body, or a function of two parameters of one type (int,
 * long or long long, its result type too) whose body is `{ return` such a
 * ternary `; }`.  Else -1: a name such as `min` or `MIN` says nothing of
 * what its definition computes. */
static int at_fe_minmax_def(const at_fe_tu *t, CXCursor def)
{
	enum CXCursorKind k = clang_getCursorKind(def);
	CXType ty = clang_getCursorResultType(def);
	char *pa = NULL, *pb = NULL;
	unsigned lo = 0, hi = 0, n;
	int kind = -1;
	at_fe_tu v;

	if (k == CXCursor_FunctionDecl) {
		if (clang_Cursor_getNumArguments(def) != 2 ||
		    !at_fe_is_signed_int(ty))
			return -1;
		for (unsigned i = 0; i < 2; i++)
			if (clang_getCanonicalType(clang_getCursorType(
				clang_Cursor_getArgument(def, i))).kind !=
			    clang_getCanonicalType(ty).kind)
				return -1;
	} else if (k != CXCursor_MacroDefinition ||
		   !clang_Cursor_isMacroFunctionLike(def))
		return -1;
	if (at_fe_view(t, def, &v) < 0)
		return -1;
	n = v.n_tok;
	if (k == CXCursor_MacroDefinition && n > 6 && at_fe_is(&v, 1, "(") &&
	    at_fe_is(&v, 3, ",") && at_fe_is(&v, 5, ")")) {
		pa = strdup(v.spell[2]);	/* NAME ( a , b ) BODY */
		pb = strdup(v.spell[4]);
		lo = 6;
		hi = n;
	} else if (k == CXCursor_FunctionDecl) {
		while (lo < n && !at_fe_is(&v, lo, "{"))
			lo++;		/* ... { return BODY ; } */
		if (lo + 3 < n && at_fe_is(&v, lo + 1, "return") &&
		    at_fe_is(&v, n - 2, ";") && at_fe_is(&v, n - 1, "}")) {
			pa = at_fe_cxstr(clang_getCursorSpelling(
				clang_Cursor_getArgument(def, 0)));
			pb = at_fe_cxstr(clang_getCursorSpelling(
				clang_Cursor_getArgument(def, 1)));
			lo += 2;
			hi = n - 2;
		}
	}
	if (pa && pb && hi > lo && strcmp(pa, pb))
		kind = at_fe_minmax_body(&v, lo, hi, pa, pb);
	at_fe_view_free(&v);
	free(pa);
	free(pb);
	return kind;
}

/* Returns AT_FE_MIN or AT_FE_MAX when identifier token k calls a macro
 * or a function whose definition at_fe_minmax_def reads as a minimum or
 * maximum, else -1. */
static int at_fe_minmax_call(const at_fe_tu *t, unsigned k)
{
	CXCursor ref = clang_getCursorReferenced(t->ann[k]);

	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl)
		ref = clang_getCursorDefinition(ref);
	return clang_Cursor_isNull(ref) ? -1 : at_fe_minmax_def(t, ref);
}

static int at_fe_side_parse(at_fe_nest *n, unsigned lo, unsigned hi,
	int role, at_fe_side *sd);

/* Parses the call of a function-like macro at tokens [k, close] of n->t,
 * all of one side of a comparison, as its expansion (at_fe_expand) into
 * *sd.  Returns 0, 1 or 2 as at_fe_side_parse; 2 also after a warning
 * when the expansion is not such a side. */
static int at_fe_side_call(at_fe_nest *n, unsigned k, unsigned close,
	int role, at_fe_side *sd)
{
	at_fe_tu *t = n->t, dv, x;
	int r = at_fe_expand(n, k, close, at_fe_fmacro_def(t, k), &dv, &x);

	if (!r)
		r = at_fe_expansion_operand(n, &x, 1, t->spell[k], t->off[k]);
	if (!r) {
		n->t = &x;
		r = at_fe_side_parse(n, 0, x.n_tok, role, sd);
		n->t = t;
	}
	at_fe_expand_free(&dv, &x);
	if (r == 1)
		at_fe_fail(n, t->off[k], "`%s(...)` in a bound: its definition "
			"is not one autotile reads as a minimum or maximum (a "
			"macro `(a) < (b) ? (a) : (b)`), and its expansion is not "
			"affine", t->spell[k]);
	return r ? 2 : 0;
}

/* Returns 1 when the call of a min or max function at token k passes
 * each argument without a conversion that may change its value (to a
 * narrower type, or between signed and unsigned: `imin(N - 1, m)` with
 * a long m of 3e9 passes a negative int); 0 otherwise.  A macro's call
 * converts nothing. */
static int at_fe_minmax_args_kept(const at_fe_tu *t, unsigned k)
{
	CXCursor call = clang_getNullCursor();

	if (clang_getCursorKind(clang_getCursorReferenced(t->ann[k])) !=
	    CXCursor_FunctionDecl)
		return 1;
	for (int i = 0; i < t->n_call && clang_Cursor_isNull(call); i++) {
		unsigned b, e;

		if (at_fe_extent(t, t->calls[i], &b, &e) == 0 && b == t->off[k])
			call = t->calls[i];
	}
	if (clang_Cursor_isNull(call))
		return 0;
	for (int i = 0; i < clang_Cursor_getNumArguments(call); i++) {
		CXCursor arg = clang_Cursor_getArgument(call, i);
		CXType to = clang_getCanonicalType(clang_getCursorType(arg));
		CXType from = to;

		if (clang_getCursorKind(arg) == CXCursor_UnexposedExpr)
			from = clang_getCanonicalType(clang_getCursorType(
				at_fe_child(arg, 0)));
		if (clang_Type_getSizeOf(from) > clang_Type_getSizeOf(to) ||
		    at_fe_is_unsigned(from) != at_fe_is_unsigned(to))
			return 0;
	}
	return 1;
}

/* Writes into buf (size bytes) the reason to append to "... is not
 * affine" when tokens [lo, hi) hold a member access (`g->n`, `s.len`,
 * `p->a.b`): ": autotile reads no member access (`g->n`) as a parameter;
 * copy it into a local variable before the nest"; else "".  Returns
 * buf. */
static const char *at_fe_member_hint(const at_fe_tu *t, unsigned lo,
	unsigned hi, char *buf, size_t size)
{
	buf[0] = 0;
	for (unsigned k = lo + 1; k + 1 < hi; k++) {
		unsigned b = k - 1, e = k;

		if ((!at_fe_is(t, k, "->") && !at_fe_is(t, k, ".")) ||
		    !at_fe_is_ident(t, b) || !at_fe_is_ident(t, k + 1))
			continue;
		while (e + 1 < hi && (at_fe_is(t, e, "->") ||
		       at_fe_is(t, e, ".")) && at_fe_is_ident(t, e + 1))
			e += 2;
		snprintf(buf, size, ": a member access (`%.*s`) is read as "
			"a parameter only when it is an integer member, not "
			"volatile, of a variable declared outside the nest; else "
			"copy it into a local variable before the nest", (int)(t->off[e - 1] - t->off[b] +
			strlen(t->spell[e - 1])), t->src->text + t->off[b]);
		break;
	}
	return buf;
}

/* Adds "name == v" to n->dguard unless it is there.  Returns -1 when out
 * of memory. */
static int at_fe_dguard_add(at_fe_nest *n, const char *name, long v)
{
	char item[160];
	const char *at = n->dguard.s;
	size_t len;

	snprintf(item, sizeof item, "%s == %ld", name, v);
	len = strlen(item);
	for (; at && (at = strstr(at, item)) != NULL; at += len)
		if ((at == n->dguard.s || at[-1] == ' ') &&
		    (at[len] == 0 || at[len] == ' '))
			return 0;
	at_buf_printf(&n->dguard, "%s%s", n->dguard.len ? " && " : "", item);
	return at_buf_failed(&n->dguard) ? -1 : 0;
}

/* Reads the divisor at identifier token k of a bound `e / D` into *d: an
 * object-like macro, an enum constant or a const variable of a signed
 * type (an unsigned one makes the division unsigned) whose positive
 * value clang gives.  The nest is analysed with that value and versioned
 * on `D == value` (n->dguard): a macro, or one in an initializer, may be
 * defined otherwise where the output is compiled.  Returns 0, 1 (no such
 * divisor) or 2 (reported). */
static int at_fe_divisor(at_fe_nest *n, unsigned k, long *d)
{
	const at_fe_tu *t = n->t;
	CXCursor a = t->ann[k], ref = clang_getCursorReferenced(a);
	enum CXCursorKind rk = clang_getCursorKind(ref);
	at_fe_mexp x = { AT_SCOP_UNKNOWN, 0, { NULL }, 0, 0, 0, 0 };
	int r;

	if (!at_fe_is_ident(t, k))
		return 1;
	if (clang_getCursorKind(a) == CXCursor_MacroExpansion) {
		if (clang_Cursor_isMacroFunctionLike(ref))
			return 1;
		r = at_fe_macro_param(n, k, &x);
		at_fe_mexp_clear(&x);
		if (r)
			return r;
	} else if (rk == CXCursor_EnumConstantDecl || rk == CXCursor_VarDecl) {
		x.val = at_fe_const_value(ref);
		x.unsig = rk == CXCursor_VarDecl &&
			at_fe_is_unsigned(clang_getCursorType(ref));
	}
	if (x.val == AT_SCOP_UNKNOWN || x.val <= 0 || x.unsig)
		return 1;
	*d = x.val;
	if (at_fe_dguard_add(n, t->spell[k], x.val) < 0) {
		at_fe_fail(n, t->off[k], "out of memory");
		return 2;
	}
	return 0;
}

/* Parses tokens [lo, hi) as one side of a comparison into *sd: an affine
 * expression, `e / c` (c a positive literal, or a named constant read by
 * at_fe_divisor; the whole side), or
 * min/max/MIN/MAX(...) of such sides.  Returns 0, 1 or 2 as
 * at_fe_aff_parse. */
static int at_fe_side_parse(at_fe_nest *n, unsigned lo, unsigned hi,
	int role, at_fe_side *sd)
{
	const at_fe_tu *t = n->t;
	unsigned slash;
	long d;

	at_fe_strip_parens(t, &lo, &hi);
	sd->kind = AT_FE_SINGLE;
	sd->n = 0;
	if (hi - lo >= 3 && at_fe_is_ident(t, lo) && at_fe_is(t, lo + 1, "(") &&
	    at_fe_match(t, lo + 1, hi) == hi - 1) {
		int kind = at_fe_minmax_call(t, lo);
		unsigned a = lo + 2;

		if (kind < 0 &&
		    !clang_Cursor_isNull(at_fe_fmacro_def(t, lo)))
			return at_fe_side_call(n, lo, hi - 1, role, sd);
		if (kind >= 0 && !at_fe_minmax_args_kept(t, lo)) {
			at_fe_fail(n, t->off[lo], "`%s(...)` in a bound converts "
				"an argument to a narrower type or another "
				"signedness, which may change its value",
				t->spell[lo]);
			return 2;
		}
		if (kind < 0) {
			at_fe_fail(n, t->off[lo], "`%s(...)` in a bound: its "
				"definition is not in the file or not one autotile "
				"reads as a minimum or maximum (a macro `(a) < (b) ? "
				"(a) : (b)`, or a function of two int or long "
				"parameters that returns that)", t->spell[lo]);
			return 2;
		}
		sd->kind = kind;
		while (a < hi - 1) {
			unsigned c = at_fe_find_top(t, a, hi - 1, ",");
			at_fe_side sub;
			int r = at_fe_side_parse(n, a, c, role, &sub);

			if (r)
				return r;
			if ((sub.kind != AT_FE_SINGLE && sub.kind != kind) ||
			    sd->n + sub.n > AT_FE_MAXTERM)
				return 1;
			for (int i = 0; i < sub.n; i++) {
				sd->t[sd->n] = sub.t[i];
				sd->den[sd->n++] = sub.den[i];
			}
			a = c + 1;
		}
		return sd->n ? 0 : 1;
	}
	{
		unsigned xy[4];
		int kind = at_fe_ternary(t, lo, hi, xy), r;

		if (kind >= 0) {
			at_fe_side *sub = malloc(sizeof *sub);

			if (!sub)
				return 1;
			sd->kind = kind;
			for (int i = 0; i < 2; i++) {
				r = at_fe_side_parse(n, xy[2 * i], xy[2 * i + 1],
					role, sub);
				if (!r && sub->kind != AT_FE_SINGLE)
					r = 1;
				if (r) {
					free(sub);
					return r;
				}
				sd->t[i] = sub->t[0];
				sd->den[i] = sub->den[0];
			}
			free(sub);
			sd->n = 2;
			return 0;
		}
	}
	slash = at_fe_find_top(t, lo, hi, "/");
	if (slash < hi) {
		int r;

		if (slash + 2 != hi)
			return 1;
		if (at_fe_int_lit(t->spell[hi - 1], &d) < 0 &&
		    (r = at_fe_divisor(n, hi - 1, &d)) != 0)
			return r;
		if (d <= 0)
			return 1;
		for (unsigned j = lo; j < slash; j++) {
			if (at_fe_is(t, j, "(") || at_fe_is(t, j, "[")) {
				j = at_fe_match(t, j, slash);
				continue;
			}
			if (at_fe_is(t, j, "+") || at_fe_is(t, j, "-"))
				return 1;	/* `a + b / c` is not (a+b)/c */
		}
		sd->n = 1;
		sd->den[0] = d;
		return at_fe_aff_parse(n, lo, slash, role, &sd->t[0]);
	}
	sd->n = 1;
	sd->den[0] = 1;
	return at_fe_aff_parse(n, lo, hi, role, &sd->t[0]);
}

/* Appends to rows[*nr] the constraints (row >= 0) for x REL floor(e / d).
 * Returns -1 on overflow or when there is no room. */
static int at_fe_rel_rows(const at_fe_aff *x, int rel, const at_fe_aff *e,
	long d, at_fe_aff *rows, int *nr, int max)
{
	int need = rel == AT_FE_EQ ? 2 : 1;
	at_fe_aff *r = rows + *nr;

	if (*nr + need > max)
		return -1;
	memset(r, 0, (size_t)need * sizeof *r);
	switch (rel) {
	case AT_FE_LT:	/* e - d x - d >= 0 */
		if (at_fe_comb(r, 1, e, -d, x, -d) < 0)
			return -1;
		break;
	case AT_FE_LE:	/* e - d x >= 0 */
		if (at_fe_comb(r, 1, e, -d, x, 0) < 0)
			return -1;
		break;
	case AT_FE_GT:	/* d x - e - 1 >= 0 */
		if (at_fe_comb(r, d, x, -1, e, -1) < 0)
			return -1;
		break;
	case AT_FE_GE:	/* d x - e + d - 1 >= 0 */
		if (at_fe_comb(r, d, x, -1, e, d - 1) < 0)
			return -1;
		break;
	default:	/* d x <= e <= d x + d - 1 */
		if (at_fe_comb(r, 1, e, -d, x, 0) < 0 ||
		    at_fe_comb(r + 1, d, x, -1, e, d - 1) < 0)
			return -1;
		break;
	}
	*nr += need;
	return 0;
}

/* Notes the division `x REL e / d` (d > 1) of the comparison at byte
 * off in n->trunc, its owner unknown yet.  Returns -1 when out of
 * memory. */
static int at_fe_note_trunc(at_fe_nest *n, const at_fe_aff *x, int rel,
	const at_fe_aff *e, long d, unsigned off)
{
	at_fe_trunc *tr;

	if (at_buf_grow((void **)&n->trunc, n->n_trunc, &n->cap_trunc,
			sizeof *n->trunc, 4) < 0)
		return -1;
	tr = &n->trunc[n->n_trunc++];
	tr->x = *x;
	tr->e = *e;
	tr->d = d;
	tr->rel = rel;
	tr->loop = -2;
	tr->init = 0;
	tr->k0 = tr->k1 = 0;
	tr->off = off;
	return 0;
}

/* Gives the divisions n->trunc[from, to) their owner: loop `loop` (its
 * initial value when init), or with loop -1 the statements [k0, k1). */
static void at_fe_own_trunc(at_fe_nest *n, int from, int to, int loop,
	int init, int k0, int k1)
{
	for (int i = from; i < to; i++) {
		n->trunc[i].loop = loop;
		n->trunc[i].init = init;
		n->trunc[i].k0 = k0;
		n->trunc[i].k1 = k1;
	}
}

/* Appends the constraints of `x REL side` to rows[*nr], noting each
 * division (at_fe_note_trunc; off: the comparison's byte).  Returns 0,
 * or 1 when the relation is not a conjunction of affine constraints (or
 * out of memory). */
static int at_fe_side_rows(at_fe_nest *n, const at_fe_aff *x, int rel,
	const at_fe_side *sd, unsigned off, at_fe_aff *rows, int *nr, int max)
{
	if (sd->kind == AT_FE_MIN && rel != AT_FE_LT && rel != AT_FE_LE)
		return 1;
	if (sd->kind == AT_FE_MAX && rel != AT_FE_GT && rel != AT_FE_GE)
		return 1;
	for (int i = 0; i < sd->n; i++) {
		if (at_fe_rel_rows(x, rel, &sd->t[i], sd->den[i], rows, nr,
				max) < 0)
			return 1;
		if (sd->den[i] > 1 && at_fe_note_trunc(n, x, rel, &sd->t[i],
				sd->den[i], off) < 0)
			return 1;
	}
	return 0;
}

/* Parses the comparison tokens [lo, hi) into constraints appended to
 * rows[*nr].  Returns 0, 1 (not affine) or 2 (reported). */
static int at_fe_atom(at_fe_nest *n, unsigned lo, unsigned hi, int role,
	at_fe_aff *rows, int *nr, int max)
{
	const at_fe_tu *t = n->t;
	unsigned op = hi;
	int rel = -1, r;
	at_fe_side *l, *rs;

	for (unsigned j = lo; j < hi; j++) {
		if (at_fe_is(t, j, "(") || at_fe_is(t, j, "[")) {
			j = at_fe_match(t, j, hi);
			continue;
		}
		if (at_fe_rel(t->spell[j]) >= 0) {
			if (op < hi)
				return 1;
			op = j;
			rel = at_fe_rel(t->spell[j]);
		}
	}
	if (op == hi)
		return 1;
	l = malloc(sizeof *l);
	rs = malloc(sizeof *rs);
	if (!l || !rs)
		goto error;
	r = at_fe_side_parse(n, lo, op, role, l);
	if (!r)
		r = at_fe_side_parse(n, op + 1, hi, role, rs);
	if (!r) {
		if (l->kind == AT_FE_SINGLE && l->den[0] == 1)
			r = at_fe_side_rows(n, &l->t[0], rel, rs, t->off[lo],
				rows, nr, max);
		else if (rs->kind == AT_FE_SINGLE && rs->den[0] == 1)
			r = at_fe_side_rows(n, &rs->t[0], at_fe_mirror(rel),
				l, t->off[lo], rows, nr, max);
		else
			r = 1;
	}
	free(l);
	free(rs);
	return r;
error:
	free(l);
	free(rs);
	at_fe_fail(n, t->off[lo], "out of memory");
	return 2;
}

/* Parses the condition tokens [lo, hi) (comparisons joined by `&&`, in
 * any parentheses) into constraints appended to rows[*nr].  Returns 0, 1
 * (not a conjunction of affine comparisons) or 2 (reported). */
static int at_fe_cond_parse(at_fe_nest *n, unsigned lo, unsigned hi,
	int role, at_fe_aff *rows, int *nr, int max)
{
	const at_fe_tu *t = n->t;
	unsigned a;

	at_fe_strip_parens(t, &lo, &hi);
	if (at_fe_find_top(t, lo, hi, "||") < hi ||
	    at_fe_find_top(t, lo, hi, "?") < hi || lo >= hi)
		return 1;
	a = at_fe_find_top(t, lo, hi, "&&");
	if (a == hi)
		return at_fe_atom(n, lo, hi, role, rows, nr, max);
	{
		int r = at_fe_cond_parse(n, lo, a, role, rows, nr, max);
		return r ? r : at_fe_cond_parse(n, a + 1, hi, role, rows, nr,
			max);
	}
}

/* ------------------------------------------------------------------ */
/* Loops                                                               */
/* ------------------------------------------------------------------ */

/* Appends a bound to loop l from constraint `row` (row >= 0) whose
 * coefficient on the loop's symbol is a != 0: a lower bound
 * ceil(-rest / a) when a > 0, an upper bound floor(rest / -a) when a < 0,
 * reduced by the gcd.  Returns -1 when out of memory. */
static int at_fe_add_bound(at_fe_nest *n, int l, const at_fe_aff *row)
{
	at_loop *lp = &n->s->loops[l];
	int sym = n->loop_sym[l], lower = row->v[sym] > 0;
	long a = row->v[sym], den = lower ? a : -a, g = den;
	long *r = calloc(AT_FE_ROW, sizeof *r);
	at_bound **b = lower ? &lp->lb : &lp->ub;
	int *nb = lower ? &lp->n_lb : &lp->n_ub;

	if (!r || a == LONG_MIN)
		goto error;
	for (int k = 0; k < AT_FE_ROW; k++) {
		if (k == sym)
			continue;
		if (row->v[k] == LONG_MIN)
			goto error;
		r[k] = lower ? -row->v[k] : row->v[k];
		g = at_fe_gcd(g, r[k]);
	}
	for (int k = 0; k < AT_FE_ROW; k++)
		r[k] /= g;
	/* n_lb/n_ub double as capacity: grow by one each time */
	{
		at_bound *nbv = realloc(*b, (size_t)(*nb + 1) * sizeof **b);
		if (!nbv)
			goto error;
		*b = nbv;
	}
	(*b)[*nb].row = r;
	(*b)[*nb].den = den / g;
	(*nb)++;
	return 0;
error:
	free(r);
	return -1;
}

/* Reads the step of loop l from the increment tokens [lo, hi) of a loop
 * whose iterator is `it`: i++, ++i, i--, --i, i += c, i -= c, i = i + c,
 * i = i - c, for an integer constant expression c != 0 of either sign
 * (`i += -1` steps down).  Returns 0, or -1 after reporting. */
static int at_fe_step(at_fe_nest *n, int l, unsigned lo, unsigned hi)
{
	const at_fe_tu *t = n->t;
	const char *it = n->s->loops[l].iter;
	long sign = 0, c = 0;
	unsigned e = hi;
	at_fe_aff v;

	if (hi - lo == 2 && (at_fe_is(t, lo, "++") || at_fe_is(t, lo, "--")) &&
	    at_fe_is(t, lo + 1, it))
		c = 1, sign = at_fe_is(t, lo, "++") ? 1 : -1;
	else if (hi - lo == 2 && at_fe_is(t, lo, it) &&
		 (at_fe_is(t, lo + 1, "++") || at_fe_is(t, lo + 1, "--")))
		c = 1, sign = at_fe_is(t, lo + 1, "++") ? 1 : -1;
	else if (hi - lo >= 3 && at_fe_is(t, lo, it) &&
		 (at_fe_is(t, lo + 1, "+=") || at_fe_is(t, lo + 1, "-=")))
		sign = at_fe_is(t, lo + 1, "+=") ? 1 : -1, e = lo + 2;
	else if (hi - lo >= 5 && at_fe_is(t, lo, it) &&
		 at_fe_is(t, lo + 1, "=") && at_fe_is(t, lo + 2, it) &&
		 (at_fe_is(t, lo + 3, "+") || at_fe_is(t, lo + 3, "-")))
		sign = at_fe_is(t, lo + 3, "+") ? 1 : -1, e = lo + 4;
	if (sign && !c) {
		if (at_fe_aff_parse(n, e, hi, AT_FE_BOUND, &v) ||
		    !at_fe_is_const(&v) || v.v[AT_FE_CST] == 0 ||
		    v.v[AT_FE_CST] == LONG_MIN) {
			at_fe_fail(n, t->off[lo], "step of loop `%s` is not a "
				"nonzero integer constant", it);
			return -1;
		}
		c = v.v[AT_FE_CST];
		if (c < 0)
			c = -c, sign = -sign;
	}
	if (!sign) {
		at_fe_fail(n, lo < hi ? t->off[lo] : n->s->loops[l].loc.offset,
			"unsupported increment of loop `%s` (use ++, --, += c "
			"or -= c)", it);
		return -1;
	}
	n->s->loops[l].step = sign * c;
	return 0;
}

/* Returns a malloc'd spelling of type `ty` that means the same type in
 * any scope and language mode, without leading qualifiers: its canonical
 * type (no typedef a block may shadow, no `typeof`), and for an enum
 * its integer type (an unnamed enum has no name to spell; an object of
 * enum type computes as one of that type does). */
static char *at_fe_type_name(CXType ty)
{
	static const char *const quals[] = { "const ", "volatile ",
		"restrict " };
	char *s, *p;
	int again = 1;

	ty = clang_getCanonicalType(ty);
	if (ty.kind == CXType_Enum)
		ty = clang_getCanonicalType(clang_getEnumDeclIntegerType(
			clang_getTypeDeclaration(ty)));
	s = p = at_fe_cxstr(clang_getTypeSpelling(ty));

	while (s && again) {
		again = 0;
		for (size_t i = 0; i < sizeof quals / sizeof *quals; i++)
			if (!strncmp(p, quals[i], strlen(quals[i]))) {
				p += strlen(quals[i]);
				again = 1;
			}
	}
	if (s && p != s)
		memmove(s, p, strlen(p) + 1);
	return s;
}

/* Reads the initialisation tokens [lo, hi) of loop l (`T i = e` or
 * `i = e`): sets the iterator's name and type and stores the tokens of
 * `e` in [*elo, *ehi).  Returns 0, or -1 after reporting. */
static int at_fe_init(at_fe_nest *n, int l, unsigned lo, unsigned hi,
	unsigned *elo, unsigned *ehi)
{
	const at_fe_tu *t = n->t;
	at_loop *lp = &n->s->loops[l];
	unsigned eq = at_fe_find_top(t, lo, hi, "=");
	CXCursor d;
	CXType ty;

	if (eq == hi || eq == lo || !at_fe_is_ident(t, eq - 1) ||
	    at_fe_find_top(t, lo, hi, ",") < hi) {
		at_fe_fail(n, lp->loc.offset, "unsupported initialisation of "
			"a `for` loop (use `i = e` or `int i = e`)");
		return -1;
	}
	d = t->ann[eq - 1];
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		d = clang_getCursorReferenced(d);
	if (clang_getCursorKind(d) != CXCursor_VarDecl &&
	    clang_getCursorKind(d) != CXCursor_ParmDecl) {
		at_fe_fail(n, t->off[eq - 1], "loop iterator `%s` is not a "
			"variable", t->spell[eq - 1]);
		return -1;
	}
	for (int o = 0; o < n->n_open; o++)
		if (clang_equalCursors(n->iter_decl[n->open[o]], d)) {
			/* the inner loop ends the outer one's iterations */
			at_fe_fail(n, t->off[eq - 1], "loop iterator `%s` is "
				"also the iterator of the enclosing loop on line "
				"%u", t->spell[eq - 1],
				n->s->loops[n->open[o]].loc.line);
			return -1;
		}
	ty = clang_getCursorType(d);
	n->iter_decl[l] = d;
	lp->iter = strdup(t->spell[eq - 1]);
	lp->type = at_fe_type_name(ty);
	if (!lp->iter || !lp->type) {
		at_fe_fail(n, lp->loc.offset, "out of memory");
		return -1;
	}
	if (!at_fe_is_int_kind(clang_getCanonicalType(ty).kind)) {
		at_fe_fail(n, t->off[eq - 1], "iterator `%s` of type `%s` is "
			"not an integer", lp->iter, lp->type);
		return -1;
	}
	if (at_fe_is_int128(ty)) {
		at_fe_fail(n, t->off[eq - 1], "iterator `%s` of type `%s` is "
			AT_FE_WIDE128, lp->iter, lp->type);
		return -1;
	}
	if (clang_isVolatileQualifiedType(ty)) {
		at_fe_fail(n, t->off[eq - 1], "iterator `%s` is volatile (the "
			"transformed loops would not access it)", lp->iter);
		return -1;
	}
	*elo = eq + 1;
	*ehi = hi;
	return 0;
}

/* Turns the constraints rows[0..nr) of loop l into its bounds; `start`
 * says they come from the initialisation (they must bound the loop from
 * the side it starts at) rather than from the condition.  Returns 0, or
 * -1 after reporting at byte `off`. */
static int at_fe_bounds(at_fe_nest *n, int l, const at_fe_aff *rows, int nr,
	int start, unsigned off)
{
	at_loop *lp = &n->s->loops[l];
	int sym = n->loop_sym[l];
	long long size = clang_Type_getSizeOf(clang_getCursorType(
		n->iter_decl[l]));
	long max = size > 0 && size < 8 ? (1L << (8 * size - 1)) - 1 : LONG_MAX;

	for (int i = 0; i < nr; i++) {
		long a = rows[i].v[sym];
		int lower = a > 0;

		/* C converts a value out of the iterator's range (`int i = N -
		 * -2147483648`, a long), where the rows count exactly */
		for (int k = 0; k < AT_FE_ROW; k++)
			if (rows[i].v[k] > max || rows[i].v[k] < -max - 1) {
				at_fe_fail(n, off, "a constant in the bounds of "
					"loop `%s` is outside the range of its "
					"type `%s`", lp->iter, lp->type);
				return -1;
			}

		if (a == 0) {
			at_fe_fail(n, off, "condition of loop `%s` does not "
				"bound its iterator", lp->iter);
			return -1;
		}
		if (lower != ((lp->step > 0) == !!start)) {
			at_fe_fail(n, off, "condition of loop `%s` does not "
				"match its direction (%s)", lp->iter,
				lp->step > 0 ? "upwards" : "downwards");
			return -1;
		}
		if (at_fe_add_bound(n, l, &rows[i]) < 0) {
			at_fe_fail(n, off, "out of memory");
			return -1;
		}
	}
	return 0;
}

/* Returns 1 if `s` spells a minus. */
static int at_fe_minus_tok(const char *s)
{
	return !strcmp(s, "-") || !strcmp(s, "--") || !strcmp(s, "-=");
}

/* Context of at_fe_uop_visit: bytes [b, e) of a loop's condition, what
 * to look for there (`grow`) and whether it was found. */
typedef struct at_fe_ufind {
	const at_fe_tu *t;
	unsigned b, e;
	int grow;
	int found;
} at_fe_ufind;

/* Returns 1 when binary operator c, spelled `op`, is what f looks for:
 * with f->grow, an addition, multiplication or left shift computed in an
 * unsigned type, which C wraps past its maximum (`n + 1` at n = UINT_MAX
 * is 0); else a comparison one of whose operands, as converted, has an
 * unsigned type. */
static int at_fe_uop_is(const at_fe_ufind *f, CXCursor c, const char *op)
{
	static const char *const rel[] = { "<", "<=", ">", ">=", "==", "!=" };
	static const char *const grow[] = { "+", "*", "<<" };
	const char *const *ops = f->grow ? grow : rel;
	size_t n = f->grow ? sizeof grow / sizeof *grow :
		sizeof rel / sizeof *rel;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(op, ops[i]))
			return f->grow ?
				at_fe_is_unsigned(clang_getCursorType(c)) :
				at_fe_is_unsigned(clang_getCursorType(
					at_fe_child(c, 0))) ||
				at_fe_is_unsigned(clang_getCursorType(
					at_fe_child(c, 1)));
	return 0;
}

/* Visitor finding in f's bytes an operator at_fe_uop_is looks for. */
static enum CXChildVisitResult at_fe_uop_visit(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_ufind *f = data;
	unsigned b, e;
	long op;

	(void)parent;
	if (at_fe_extent(f->t, c, &b, &e) < 0 || e <= f->b || b >= f->e)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	    (op = at_fe_op_tok(f->t, c)) >= 0 &&
	    at_fe_uop_is(f, c, f->t->spell[op])) {
		f->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Returns 1 when tokens [lo, hi) of t hold no minus, in the definitions
 * of the macros they expand either. */
static int at_fe_no_minus(const at_fe_tu *t, unsigned lo, unsigned hi)
{
	for (unsigned j = lo; j < hi; j++) {
		CXCursor seen[AT_FE_MACRO_SEEN];
		int n_seen = 0;

		if (at_fe_minus_tok(t->spell[j]) ||
		    (clang_getCursorKind(t->ann[j]) == CXCursor_MacroExpansion &&
		     at_fe_def_has(t, clang_getCursorReferenced(t->ann[j]),
			at_fe_minus_tok, seen, &n_seen)))
			return 0;
	}
	return 1;
}

/* Context of at_fe_uref_visit: bytes [b, e) of a condition, the
 * variable allowed besides unsigned ones (a loop's own iterator, or a
 * null cursor) and whether some operand may be negative. */
typedef struct at_fe_urefs {
	const at_fe_tu *t;
	unsigned b, e;
	CXCursor iter;
	int bad;
} at_fe_urefs;

/* Visitor flagging in r->bad a name in r's bytes that may have a
 * negative value: anything but an unsigned variable, an enum constant of
 * at least 0, r->iter or a function. */
static enum CXChildVisitResult at_fe_uref_visit(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_urefs *r = data;
	CXCursor d;
	unsigned b, e;

	(void)parent;
	if (at_fe_extent(r->t, c, &b, &e) < 0 || e <= r->b || b >= r->e)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	d = clang_getCursorReferenced(c);
	switch (clang_getCursorKind(d)) {
	case CXCursor_FunctionDecl:
		return CXChildVisit_Continue;
	case CXCursor_EnumConstantDecl:
		r->bad |= clang_getEnumConstantDeclValue(d) < 0;
		break;
	default:
		r->bad |= !(clang_equalCursors(d, r->iter) ||
			at_fe_is_unsigned(clang_getCursorType(d)));
	}
	return r->bad ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Returns 1 when, in bytes [b, e) of cursor c's expressions, every
 * variable is unsigned or `iter`, and no enum constant is negative:
 * with no minus there either, no value C converts to unsigned there is
 * negative. */
static int at_fe_unsigned_refs(const at_fe_tu *t, CXCursor c, unsigned b,
	unsigned e, CXCursor iter)
{
	at_fe_urefs r = { t, b, e, iter, 0 };

	clang_visitChildren(c, at_fe_uref_visit, &r);
	return !r.bad;
}

/* Checks loop l (ForStmt `c`, tokens `for (` at k, its initial value
 * [elo, ehi), its condition (s1, s2)) against C's unsigned arithmetic,
 * which turns a negative value into a large one where autotile reads
 * integers: `i < u` with `int i = -3` is false, `j < u - 1` at u = 0 is
 * true, an unsigned `j` counting down by 2 from 3 passes 0 to a large
 * value.  When the iterator has an unsigned type or the condition
 * compares in one, the two readings agree if no minus is in the initial
 * value or the condition (a macro's definition included) and the loop
 * stays at 0 or above: upwards from a literal of at least 0 or one
 * unsigned variable, or an unsigned iterator downwards while above a
 * literal c (`j > c`, c at least the step less 1; `j >= c`, c at least
 * the step), no addition, multiplication or shift in the condition is
 * computed in an unsigned type (C wraps it past the maximum: `j < n + 1`
 * at n = UINT_MAX), and every variable in the condition is unsigned or the
 * iterator itself (`j < u + i` with an int i, or `j < MIN(i, u)`, is
 * not: i may be negative).  Returns 0, or -1 after a warning. */
static int at_fe_check_unsigned(at_fe_nest *n, int l, CXCursor c, unsigned k,
	unsigned elo, unsigned ehi, unsigned s1, unsigned s2)
{
	const at_fe_tu *t = n->t;
	const at_loop *lp = &n->s->loops[l];
	at_fe_ufind f = { t, t->off[s1], t->off[s2], 0, 0 };
	int uit = at_fe_is_unsigned(clang_getCursorType(n->iter_decl[l])), ok;
	long v;

	if (!uit)
		clang_visitChildren(c, at_fe_uop_visit, &f);
	if (!uit && !f.found)
		return 0;
	ok = at_fe_no_minus(t, elo, ehi) && at_fe_no_minus(t, s1 + 1, s2);
	if (ok) {
		f.found = 0;
		f.grow = 1;
		clang_visitChildren(c, at_fe_uop_visit, &f);
		ok = !f.found;
	}
	if (ok && lp->step > 0)
		ok = (ehi == elo + 1 && at_fe_int_lit(t->spell[elo], &v) == 0) ||
			(ehi == elo + 1 && at_fe_is_ident(t, elo) &&
			 at_fe_is_unsigned(clang_getCursorType(
				clang_getCursorReferenced(t->ann[elo]))));
	else if (ok)	/* downwards: `j > c` or `j >= c` alone */
		ok = uit && s2 == s1 + 4 && !strcmp(t->spell[s1 + 1], lp->iter) &&
			at_fe_int_lit(t->spell[s1 + 3], &v) == 0 &&
			((at_fe_is(t, s1 + 2, ">") && v >= -lp->step - 1) ||
			 (at_fe_is(t, s1 + 2, ">=") && v >= -lp->step));
	if (ok)
		ok = at_fe_unsigned_refs(t, c, t->off[s1], t->off[s2],
			n->iter_decl[l]);
	if (ok)
		return 0;
	at_fe_fail(n, t->off[k], "loop `%s` counts or compares in an unsigned "
		"type, where C turns a negative value into a large one, and "
		"autotile cannot show that it stays at 0 or above (it reads a "
		"start that is a literal or an unsigned variable, no minus in "
		"the bounds, no unsigned `+`, `*` or `<<` in the condition, "
		"where C wraps past the maximum, no signed variable in the "
		"condition but `%s`, and downwards only `%s > c` or `%s >= c`)",
		lp->iter, lp->iter, lp->iter, lp->iter);
	return -1;
}

/* Returns the expression that initialises the iterator in `for` statement
 * c (`int i = e` or `i = e`), as written before C converts it to the
 * iterator's type; a null cursor when there is none. */
static CXCursor at_fe_init_expr(CXCursor c)
{
	CXCursor init = at_fe_child(c, 0), *ch;
	enum CXCursorKind k = clang_getCursorKind(init);
	int n;

	if (k == CXCursor_DeclStmt)
		init = at_fe_child(init, 0);	/* the VarDecl */
	else if (k != CXCursor_BinaryOperator)
		return clang_getNullCursor();
	n = at_fe_children(init, &ch);
	init = n > 0 ? ch[n - 1] : clang_getNullCursor();
	free(ch);
	if (clang_getCursorKind(init) == CXCursor_UnexposedExpr &&
	    (n = at_fe_children(init, &ch)) > 0) {	/* implicit conversion */
		if (n == 1)
			init = ch[0];
		free(ch);
	}
	return init;
}

/* Checks that the start of loop l (ForStmt `c`, its value at token elo)
 * keeps its value when C converts it to the iterator's type: not from a
 * wider type, nor between signed and unsigned of one width (`short i =
 * n` with n = 65556 starts at 20), unless it is a constant that fits.
 * Returns 0, or -1 after a warning. */
static int at_fe_check_init(at_fe_nest *n, int l, CXCursor c, unsigned elo)
{
	CXType to = clang_getCanonicalType(clang_getCursorType(
		n->iter_decl[l])), from;
	CXCursor e = at_fe_init_expr(c);
	long long st = clang_Type_getSizeOf(to), sf;
	CXEvalResult r;
	int ok;

	if (clang_Cursor_isNull(e))
		return 0;
	from = clang_getCanonicalType(clang_getCursorType(e));
	sf = clang_Type_getSizeOf(from);
	if (sf < st || (sf == st &&
	    at_fe_is_unsigned(from) == at_fe_is_unsigned(to)))
		return 0;
	r = clang_Cursor_Evaluate(e);
	ok = r && clang_EvalResult_getKind(r) == CXEval_Int && st > 0 && st < 8;
	if (ok) {
		long long v = clang_EvalResult_getAsLongLong(r);
		long long hi = at_fe_is_unsigned(to) ? (1LL << (8 * st)) - 1 :
			(1LL << (8 * st - 1)) - 1;
		long long lo = at_fe_is_unsigned(to) ? 0 : -hi - 1;

		ok = v >= lo && v <= hi;
	}
	if (r)
		clang_EvalResult_dispose(r);
	if (ok)
		return 0;
	at_fe_fail(n, n->t->off[elo], "the start of loop `%s` has a type "
		"wider than its iterator's `%s`, or of other signedness, and C "
		"converts it (autotile would start from the value unconverted)",
		n->s->loops[l].iter, n->s->loops[l].type);
	return -1;
}

/* Parses the header `for (init; cond; inc)` of loop l from the tokens of
 * ForStmt `c`; pushes the loop on the open stack (the caller pops it).
 * Returns 0, or -1 after reporting. */
static int at_fe_header(at_fe_nest *n, int l, CXCursor c)
{
	const at_fe_tu *t = n->t;
	at_loop *lp = &n->s->loops[l];
	unsigned b, e, k, close, s1, s2, elo, ehi;
	at_fe_aff x, rows[2 * AT_FE_MAXTERM];
	at_fe_side *sd = NULL;
	int nr = 0, r, mark;
	char hint[192];

	if (at_fe_extent(t, c, &b, &e) < 0 || (k = at_fe_tok_from(t, b),
			!at_fe_is(t, k, "for")) || !at_fe_is(t, k + 1, "(")) {
		at_fe_fail(n, lp->loc.offset, "`for` loop written with a macro");
		return -1;
	}
	close = at_fe_match(t, k + 1, t->n_tok);
	s1 = at_fe_find_top(t, k + 2, close, ";");
	s2 = s1 < close ? at_fe_find_top(t, s1 + 1, close, ";") : close;
	if (s2 >= close) {
		at_fe_fail(n, lp->loc.offset, "cannot read the `for` header");
		return -1;
	}
	if (at_fe_init(n, l, k + 2, s1, &elo, &ehi) < 0 ||
	    at_fe_step(n, l, s2 + 1, close) < 0)
		return -1;
	sd = malloc(sizeof *sd);
	if (!sd) {
		at_fe_fail(n, lp->loc.offset, "out of memory");
		return -1;
	}
	/* the initial value: i >= e upwards, i <= e downwards */
	r = at_fe_side_parse(n, elo, ehi, AT_FE_BOUND, sd);
	n->open[n->n_open++] = l;
	memset(&x, 0, sizeof x);
	x.v[n->loop_sym[l]] = 1;
	if (!r && sd->n > 1 && (lp->step != 1 && lp->step != -1))
		r = 1;
	mark = n->n_trunc;
	if (!r)
		r = at_fe_side_rows(n, &x, lp->step > 0 ? AT_FE_GE : AT_FE_LE,
			sd, t->off[elo < ehi ? elo : s1], rows, &nr,
			2 * AT_FE_MAXTERM);
	at_fe_own_trunc(n, mark, n->n_trunc, l, 1, 0, 0);
	free(sd);
	if (r == 1)
		at_fe_fail(n, t->off[elo < ehi ? elo : s1], "initial value "
			"`%.*s` of loop `%s` is not affine%s",
			(int)(t->off[s1] - t->off[elo < ehi ? elo : s1]),
			t->src->text + t->off[elo < ehi ? elo : s1], lp->iter,
			at_fe_member_hint(t, elo, ehi, hint, sizeof hint));
	if (r || at_fe_bounds(n, l, rows, nr, 1, t->off[elo]) < 0)
		return -1;
	nr = 0;
	mark = n->n_trunc;
	r = s2 > s1 + 1 ? at_fe_cond_parse(n, s1 + 1, s2, AT_FE_BOUND, rows,
		&nr, 2 * AT_FE_MAXTERM) : 1;
	at_fe_own_trunc(n, mark, n->n_trunc, l, 0, 0, 0);
	if (r == 1)
		at_fe_fail(n, t->off[s1], "condition `%.*s` of loop `%s` is "
			"not an affine bound%s", s2 > s1 + 1 ?
			(int)(t->off[s2] - t->off[s1 + 1]) : 0,
			t->src->text + t->off[s1 + 1], lp->iter,
			at_fe_member_hint(t, s1 + 1, s2, hint, sizeof hint));
	if (r || at_fe_bounds(n, l, rows, nr, 0, t->off[s1 + 1]) < 0)
		return -1;
	if (at_fe_check_unsigned(n, l, c, k, elo, ehi, s1, s2) < 0)
		return -1;
	return at_fe_check_init(n, l, c, elo);
}

/* ------------------------------------------------------------------ */
/* Arrays and references                                               */
/* ------------------------------------------------------------------ */

/* Returns 1 when parameter `d` is declared with array syntax (`A[..]`). */
static int at_fe_array_syntax(const at_fe_tu *t, CXCursor d)
{
	unsigned off, k;

	if (clang_getCursorKind(d) != CXCursor_ParmDecl ||
	    at_fe_offset(t, clang_getCursorLocation(d), &off) < 0)
		return 0;
	k = at_fe_tok_from(t, off);
	return k + 1 < t->n_tok && t->off[k] == off && at_fe_is(t, k + 1, "[");
}

/* Returns 1 when parameter `d`, declared with array syntax, has
 * `restrict` inside its first brackets (`A[restrict n]`). */
static int at_fe_array_restrict(const at_fe_tu *t, CXCursor d)
{
	unsigned off, k, close;

	if (!at_fe_array_syntax(t, d) ||
	    at_fe_offset(t, clang_getCursorLocation(d), &off) < 0)
		return 0;
	k = at_fe_tok_from(t, off) + 1;
	close = at_fe_match(t, k, t->n_tok);
	for (unsigned j = k + 1; j < close; j++)
		if (at_fe_is(t, j, "restrict") || at_fe_is(t, j, "__restrict") ||
		    at_fe_is(t, j, "__restrict__"))
			return 1;
	return 0;
}

/* Describes the variable `d` for use with `nsub` subscripts: its element
 * type *elem, whether its outermost level is a pointer written as one
 * (*is_ptr), its outermost type *outer and, for the first AT_FE_LEVELS
 * levels k, sz[k] = the bytes one step of the subscript at level k
 * moves (the size of the type below that level; 0 when clang has none,
 * as for a variable-length array).  Returns the number of subscriptable
 * levels, or -1 (with *why set) for pointer-to-pointer and arrays of
 * pointers. */
static int at_fe_levels(const at_fe_tu *t, CXCursor d, CXType *elem,
	int *is_ptr, CXType *outer, long *sz, const char **why)
{
	CXType ty = clang_getCursorType(d);
	int levels = 0, syntax = at_fe_array_syntax(t, d);

	*outer = ty;
	*is_ptr = 0;
	for (;;) {
		CXType c = clang_getCanonicalType(ty);

		if (c.kind == CXType_ConstantArray ||
		    c.kind == CXType_IncompleteArray ||
		    c.kind == CXType_VariableArray ||
		    c.kind == CXType_DependentSizedArray) {
			ty = clang_getArrayElementType(ty).kind ==
				CXType_Invalid ? clang_getArrayElementType(c) :
				clang_getArrayElementType(ty);
		} else if (c.kind == CXType_Pointer) {
			if (levels > 0) {
				*why = "pointers to pointers and arrays of "
					"pointers are not supported";
				return -1;
			}
			*is_ptr = !syntax;
			ty = clang_getPointeeType(ty).kind == CXType_Invalid ?
				clang_getPointeeType(c) : clang_getPointeeType(ty);
		} else {
			break;
		}
		if (levels < AT_FE_LEVELS) {
			long long b = clang_Type_getSizeOf(ty);
			sz[levels] = b > 0 ? (long)b : 0;
		}
		levels++;
	}
	*elem = ty;
	return levels;
}

/* Sets the byte sizes of array ar (see at_array) from its outermost type
 * `outer` and the steps sz[k] of its first levels (at_fe_levels). */
static void at_fe_array_bytes(at_array *ar, CXType outer, const long *sz,
	int levels)
{
	long long b = clang_Type_getSizeOf(outer);

	ar->bytes = clang_getCanonicalType(outer).kind ==
		CXType_ConstantArray && b > 0 ? (long)b : 0;
	ar->row_bytes = levels >= 2 && levels - 2 < AT_FE_LEVELS ?
		sz[levels - 2] : 0;
	ar->plane_bytes = levels >= 3 && levels - 3 < AT_FE_LEVELS ?
		sz[levels - 3] : 0;
}

/* Returns 1 when an `omp threadprivate` directive of the file names
 * `name`. */
static int at_fe_threadprivate(const at_fe_tu *t, const char *name)
{
	for (unsigned k = 2; k + 1 < t->n_tok; k++) {
		if (!at_fe_is(t, k, "threadprivate") ||
		    !at_fe_is(t, k - 1, "omp") || !at_fe_is(t, k - 2, "pragma") ||
		    !at_fe_is(t, k + 1, "("))
			continue;
		for (unsigned j = k + 2; j < t->n_tok && !at_fe_is(t, j, ")");
		     j++)
			if (!strcmp(t->spell[j], name))
				return 1;
	}
	return 0;
}

/* Refuses the variable `name` declared by `d` (used at byte off) when each
 * thread has a copy of its own (`_Thread_local`, or named by `omp
 * threadprivate`): the threads of a parallel loop would each write
 * theirs.  Returns 0, or -1 after a warning. */
static int at_fe_shared_var(at_fe_nest *n, CXCursor d, const char *name,
	unsigned off)
{
	int own = clang_getCursorTLSKind(d) != CXTLS_None ||
		at_fe_threadprivate(n->t, name);

	if (own)
		at_fe_fail(n, off, "`%s` has a copy per thread (`_Thread_local` "
			"or `omp threadprivate`): the threads of a parallel loop "
			"would each use their own", name);
	return own ? -1 : 0;
}

/* Returns the index of the array (or scalar, nsub == 0) declared by `d`
 * and named `name`, used with `nsub` subscripts at byte `off`; adds it
 * when new.  Returns -1 after reporting. */
static int at_fe_array(at_fe_nest *n, CXCursor d, const char *name, int nsub,
	unsigned off)
{
	at_scop *s = n->s;
	const char *why = NULL;
	CXType elem, outer;
	int is_ptr, levels, a;
	long sz[AT_FE_LEVELS] = { 0 };
	at_array *ar;

	for (a = 0; a < s->n_array; a++)	/* a renamed local */
		if (s->arrays[a].local && clang_equalCursors(n->arr_decl[a], d))
			return a;
	for (a = 0; a < s->n_array; a++) {
		if (strcmp(s->arrays[a].name, name))
			continue;
		if (!clang_equalCursors(n->arr_decl[a], d)) {
			at_fe_fail(n, off, "two different variables named `%s` "
				"in the loop nest", name);
			return -1;
		}
		if (s->arrays[a].n_dim != nsub &&
		    (s->arrays[a].n_dim == 0 || nsub == 0)) {
			at_fe_fail(n, off, "array `%s` is also used without "
				"subscript (the pointer or array itself: "
				"assigned, passed or in pointer arithmetic)",
				name);
			return -1;
		}
		if (s->arrays[a].n_dim != nsub) {
			at_fe_fail(n, off, "`%s` is used with %d and with %d "
				"subscripts", name, s->arrays[a].n_dim, nsub);
			return -1;
		}
		return a;
	}
	if (at_fe_shared_var(n, d, name, off) < 0)
		return -1;
	levels = at_fe_levels(n->t, d, &elem, &is_ptr, &outer, sz, &why);
	if (levels < 0) {
		at_fe_fail(n, off, "`%s`: %s", name, why);
		return -1;
	}
	if (levels != nsub) {
		if (nsub == 0)
			at_fe_fail(n, off, "array `%s` is used without "
				"subscript", name);
		else
			at_fe_fail(n, off, "`%s` has %d dimension%s but is used "
				"with %d subscript%s", name, levels,
				levels == 1 ? "" : "s", nsub, nsub == 1 ? "" : "s");
		return -1;
	}
	if (!at_fe_is_arith_kind(clang_getCanonicalType(elem).kind)) {
		char *ts = at_fe_cxstr(clang_getTypeSpelling(elem));
		at_fe_fail(n, off, "`%s` has type `%s`, %s", name, ts ? ts : "?",
			clang_getCanonicalType(elem).kind == CXType_Complex ?
			"and autotile reads integer and real floating elements "
			"only" : "which is not an arithmetic type");
		free(ts);
		return -1;
	}
	if (at_buf_grow((void **)&s->arrays, s->n_array, &n->cap_array,
			sizeof *s->arrays, 8) < 0 ||
	    at_buf_grow((void **)&n->arr_ptr, s->n_array, &n->cap_aptr,
			sizeof *n->arr_ptr, 8) < 0 ||
	    at_buf_grow((void **)&n->arr_decl, s->n_array, &n->cap_adecl,
			sizeof *n->arr_decl, 8) < 0)
		goto error;
	ar = &s->arrays[s->n_array];
	ar->name = strdup(name);
	ar->elem_type = at_fe_type_name(elem);
	ar->elem_size = (int)clang_Type_getSizeOf(elem);
	ar->n_dim = nsub;
	ar->is_restrict = clang_isRestrictQualifiedType(outer) ||
		at_fe_array_restrict(n->t, d);
	at_fe_array_bytes(ar, outer, sz, levels);
	n->arr_ptr[s->n_array] = is_ptr;
	n->arr_decl[s->n_array] = d;
	s->n_array++;
	if (!ar->name || !ar->elem_type)
		goto error;
	return s->n_array - 1;
error:
	at_fe_fail(n, off, "out of memory");
	return -1;
}

/* Adds to statement `st` a reference of `kinds` (AT_READ, AT_WRITE or
 * both: a READ then a WRITE) to array `a` with the symbol-space rows `m`
 * (n_dim rows; ownership taken).  Returns -1 after reporting. */
static int at_fe_add_ref(at_fe_nest *n, at_stmt *st, int a, int kinds,
	long *m, unsigned off)
{
	int nd = n->s->arrays[a].n_dim;

	for (int kind = AT_READ; kind <= AT_WRITE; kind++) {
		at_ref *r;

		if (!(kinds & kind))
			continue;
		if (at_buf_grow((void **)&st->refs, st->n_ref, &n->cap_ref,
				sizeof *st->refs, 8) < 0)
			goto error;
		r = &st->refs[st->n_ref];
		r->m = calloc((size_t)(nd ? nd : 1) * AT_FE_ROW, sizeof *r->m);
		if (!r->m)
			goto error;
		if (nd)
			memcpy(r->m, m, (size_t)nd * AT_FE_ROW * sizeof *m);
		r->array = a;
		r->kind = kind;
		r->n_dim = nd;
		r->loc = at_fe_loc(n->t, off);
		st->n_ref++;
	}
	free(m);
	return 0;
error:
	free(m);
	at_fe_fail(n, off, "out of memory");
	return -1;
}

/* Returns 1 when an expression of type `ty` read as row v (AT_FE_ROW
 * values) may wrap where autotile reads integers: ty is unsigned and
 * narrower than 64 bits (not promoted to int) and a value of v is
 * beyond INT_MAX either way. */
static int at_fe_uint_wraps(CXType ty, const long *v)
{
	ty = clang_getCanonicalType(ty);
	if (!at_fe_is_unsigned(ty) || clang_Type_getSizeOf(ty) >= 8 ||
	    clang_Type_getSizeOf(ty) < (long long)sizeof(int))
		return 0;
	for (int k = 0; k < AT_FE_ROW; k++)
		if (v[k] > INT_MAX || v[k] < -(long)INT_MAX)
			return 1;
	return 0;
}

/* Parses subscript expression `idx` of array `name` into the symbol-space
 * row *row; with `lin`, it may have products of symbols (a linearized
 * subscript, whose affine part *row gets), and *lin gets its value and
 * bytes.  Returns -1 after reporting. */
static int at_fe_subscript(at_fe_nest *n, CXCursor idx, const char *name,
	long *row, at_fe_lin *lin)
{
	const at_fe_tu *t = n->t;
	unsigned b, e, lo, hi;
	at_fe_poly v;
	int r;
	char hint[192];

	if (at_fe_extent(t, idx, &b, &e) < 0 || (lo = at_fe_tok_from(t, b),
			hi = at_fe_tok_from(t, e), lo == 0) ||
	    !at_fe_is(t, lo - 1, "[") || !at_fe_is(t, hi, "]") || lo >= hi) {
		unsigned off = 0;
		at_fe_offset(t, clang_getCursorLocation(idx), &off);
		at_fe_fail(n, off, "subscript of `%s` comes from a macro "
			"expansion", name);
		return -1;
	}
	for (unsigned k = lo; k < hi; k++)
		if (at_fe_is(t, k, "[")) {
			at_fe_fail(n, b, "indirect subscript `%.*s` of `%s`",
				(int)(e - b), t->src->text + b, name);
			return -1;
		}
	r = at_fe_poly_parse(n, lo, hi, AT_FE_SUB, lin != NULL, &v);
	if (r == 1)
		at_fe_fail(n, b, "subscript `%.*s` of `%s` is not affine%s",
			(int)(e - b), t->src->text + b, name,
			at_fe_member_hint(t, lo, hi, hint, sizeof hint));
	if (r)
		return -1;
	if (at_fe_uint_wraps(clang_getCursorType(idx), v.a.v)) {
		at_fe_fail(n, b, "subscript `%.*s` of `%s` is computed in an "
			"unsigned type of 32 bits with a coefficient or constant "
			"beyond INT_MAX, where C wraps the value (`i + 4294967295u` "
			"is i - 1)", (int)(e - b), t->src->text + b, name);
		return -1;
	}
	memcpy(row, v.a.v, sizeof v.a.v);
	if (lin) {
		lin->x = v;
		lin->b = b;
		lin->e = e;
	}
	return 0;
}

/* Keeps *lin, the one subscript of array a's reference at byte off.
 * Returns -1 after reporting. */
static int at_fe_keep_lin(at_fe_nest *n, at_fe_lin *lin, int a, unsigned off)
{
	if (at_buf_grow((void **)&n->lin, n->n_lin, &n->cap_lin,
			sizeof *n->lin, 8) < 0) {
		at_fe_fail(n, off, "out of memory");
		return -1;
	}
	lin->array = a;
	lin->off = off;
	n->lin[n->n_lin++] = *lin;
	return 0;
}

/* Returns 0 when the access `c` (an array element or a variable) is of
 * a plain type; else reports it (volatile and _Atomic objects must be
 * accessed in the order written, which a transformation changes) and
 * returns -1.  `off` is where to report. */
static int at_fe_plain_access(at_fe_nest *n, CXCursor c, unsigned off)
{
	CXType ty = clang_getCursorType(c), cty = clang_getCanonicalType(ty);
	const char *what = clang_isVolatileQualifiedType(ty) ||
		clang_isVolatileQualifiedType(cty) ? "a volatile" :
		cty.kind == CXType_Atomic ? "an _Atomic" : NULL;

	if (!what)
		return 0;
	at_fe_fail(n, off, "access to %s object: its accesses must happen in "
		"the order written", what);
	return -1;
}

/* Records the array reference `c` (an ArraySubscriptExpr) of `kinds` in
 * statement `st`.  Returns -1 after reporting. */
static int at_fe_array_ref(at_fe_nest *n, at_stmt *st, CXCursor c, int kinds)
{
	CXCursor idx[2 * AT_MAX_DEPTH], cur = c, d;
	at_fe_lin lin;
	int nsub = 0, a;
	unsigned b, e;
	char *name;
	long *m;

	if (at_fe_extent(n->t, c, &b, &e) < 0)
		b = 0;
	if (at_fe_plain_access(n, c, b) < 0)
		return -1;
	while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr) {
		if (nsub == 2 * AT_MAX_DEPTH) {
			at_fe_fail(n, b, "too many subscripts");
			return -1;
		}
		idx[nsub++] = at_fe_child(cur, 1);
		cur = at_fe_strip(at_fe_child(cur, 0));
		if (at_fe_is_int_kind(clang_getCanonicalType(
		    clang_getCursorType(cur)).kind)) {
			at_fe_fail(n, b, "reversed subscript `%.*s` (the index "
				"before the brackets, the array inside): write "
				"it as array[index]", (int)(e - b > 40 ? 40 :
				e - b), n->t->src->text + b);
			return -1;
		}
	}
	d = clang_getCursorReferenced(cur);
	if (clang_getCursorKind(cur) == CXCursor_MemberRefExpr) {
		at_fe_fail(n, b, "struct member access `%.*s`", (int)(e - b),
			n->t->src->text + b);
		return -1;
	}
	if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr ||
	    (clang_getCursorKind(d) != CXCursor_VarDecl &&
	     clang_getCursorKind(d) != CXCursor_ParmDecl)) {
		at_fe_fail(n, b, "unsupported array reference `%.*s`",
			(int)(e - b), n->t->src->text + b);
		return -1;
	}
	name = at_fe_cxstr(clang_getCursorSpelling(d));
	a = name ? at_fe_array(n, d, name, nsub, b) : -1;
	m = calloc((size_t)nsub * AT_FE_ROW, sizeof *m);
	if (a < 0 || !m) {
		if (a >= 0)
			at_fe_fail(n, b, "out of memory");
		goto error;
	}
	for (int i = 0; i < nsub; i++)
		if (at_fe_subscript(n, idx[nsub - 1 - i], name,
				m + (size_t)i * AT_FE_ROW, nsub == 1 ? &lin :
				NULL) < 0)
			goto error;
	free(name);
	if (nsub == 1 && at_fe_keep_lin(n, &lin, a, b) < 0) {
		free(m);
		return -1;
	}
	return at_fe_add_ref(n, st, a, kinds, m, b);
error:
	free(m);
	free(name);
	return -1;
}

/* Returns 1 when token k names the variable d. */
static int at_fe_names(const at_fe_tu *t, unsigned k, CXCursor d)
{
	return at_fe_is_ident(t, k) &&
		clang_equalCursors(clang_getCursorReferenced(t->ann[k]), d);
}

/* Returns 1 when a token of the file starts at byte `off` and names the
 * variable d: a reference there is spelled in the text, not produced by a
 * macro, so its spelling can be replaced. */
static int at_fe_spelled_at(const at_fe_tu *t, unsigned off, CXCursor d)
{
	unsigned k = at_fe_tok_from(t, off);

	return k < t->n_tok && t->off[k] == off && at_fe_names(t, k, d);
}

/* Returns the renamed local (at_array.local, its name not its spelling)
 * that token k names, or -1. */
static int at_fe_renamed(const at_fe_nest *n, unsigned k)
{
	const at_scop *s = n->s;

	for (int a = 0; a < s->n_array; a++)
		if (s->arrays[a].local && strcmp(s->arrays[a].name,
		    n->t->spell[k]) && clang_equalCursors(n->arr_decl[a],
		    clang_getCursorReferenced(n->t->ann[k])))
			return a;
	return -1;
}

/* Records the variable reference `c` (a DeclRefExpr) of `kinds` in `st`:
 * an enclosing iterator is a use (checked to be spelled in the text), any
 * other variable a 0-d reference.  Returns -1 after reporting. */
static int at_fe_scalar_ref(at_fe_nest *n, at_stmt *st, CXCursor c, int kinds)
{
	const at_fe_tu *t = n->t;
	CXCursor d = clang_getCursorReferenced(c);
	enum CXCursorKind dk = clang_getCursorKind(d);
	unsigned b = 0, k;
	char *name;
	int a;

	at_fe_offset(t, clang_getCursorLocation(c), &b);
	if (dk == CXCursor_EnumConstantDecl && !(kinds & AT_WRITE))
		return 0;
	if (at_fe_plain_access(n, c, b) < 0)
		return -1;
	if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) {
		CXString s = clang_getCursorSpelling(c);
		at_fe_fail(n, b, "unsupported use of `%s`",
			clang_getCString(s));
		clang_disposeString(s);
		return -1;
	}
	name = at_fe_cxstr(clang_getCursorSpelling(d));
	if (!name) {
		at_fe_fail(n, b, "out of memory");
		return -1;
	}
	if (at_fe_any_loop(n, name)) {
		k = at_fe_tok_from(t, b);
		if ((kinds & AT_WRITE) && at_fe_open_loop(n, name) >= 0)
			at_fe_fail(n, b, "iterator `%s` is written inside the "
				"loop body", name);
		else if (kinds & AT_WRITE)
			at_fe_fail(n, b, "iterator `%s` of a loop of the nest "
				"is written outside its loop", name);
		else if (at_fe_open_loop(n, name) < 0)
			at_fe_fail(n, b, "iterator `%s` is used outside its "
				"loop", name);
		else if (!at_fe_is(t, k, name) || t->off[k] != b)
			at_fe_fail(n, b, "iterator `%s` is used inside a macro "
				"expansion", name);
		free(name);
		return n->failed ? -1 : 0;
	}
	a = at_fe_array(n, d, name, 0, b);
	if (a >= 0 && strcmp(n->s->arrays[a].name, name) &&
	    !at_fe_spelled_at(t, b, d)) {	/* its use is re-spelled */
		at_fe_fail(n, b, "local `%s` is used inside a macro expansion",
			name);
		a = -1;
	}
	free(name);
	return a < 0 ? -1 : at_fe_add_ref(n, st, a, kinds, NULL, b);
}

/* ------------------------------------------------------------------ */
/* Expressions inside statements                                       */
/* ------------------------------------------------------------------ */

static int at_fe_read(at_fe_nest *n, at_stmt *st, CXCursor c);

/* Returns 1 when `name`, or `name` without a final `f` or `l` (the
 * float and long double versions of a math function), is one of
 * list[0 .. n). */
static int at_fe_math_in(const char *name, const char *const *list,
	size_t n)
{
	char base[32];
	size_t len = strlen(name);

	if (len == 0 || len >= sizeof base)
		return 0;
	memcpy(base, name, len + 1);
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < n; i++)
			if (!strcmp(base, list[i]))
				return 1;
		if (len < 2 || (base[len - 1] != 'f' && base[len - 1] != 'l'))
			return 0;
		base[--len] = '\0';
	}
	return 0;
}

/* Returns 1 when `name` is a math function without side effects. */
static int at_fe_pure(const char *name)
{
	static const char *const pure[] = { "sqrt", "exp", "log", "fabs",
		"pow", "sin", "cos", "tan", "floor", "ceil", "fmax", "fmin",
		"abs", "labs", "exp2", "log2", "log10", "tanh", "atan", "atan2",
		"round", "trunc", "fma", "cbrt", "hypot", "fmod" };

	return at_fe_math_in(name, pure, sizeof pure / sizeof *pure);
}

/* Reports cursor `c` of statement kinds that cannot be in a nest, quoting
 * its text up to the end of its first line, at most 40 bytes ("..."
 * marks a cut). */
static void at_fe_unsupported(at_fe_nest *n, CXCursor c, const char *what)
{
	unsigned b = 0, e = 0, len;
	const char *text = n->t->src->text;

	at_fe_extent(n->t, c, &b, &e);
	len = (unsigned)strcspn(text + b, "\r\n");
	len = len > e - b ? e - b : len;
	len = len > 40 ? 40 : len;
	at_fe_fail(n, b, "%s `%.*s%s`", what, (int)len, text + b,
		len < e - b ? "..." : "");
}

/* Returns the operator of operator cursor `c` as a malloc'd string: the
 * annotated token, or "" for an operator from a macro body that cannot
 * be an assignment or increment.  NULL after reporting. */
static char *at_fe_op(at_fe_nest *n, CXCursor c)
{
	long k = at_fe_op_tok(n->t, c);
	unsigned b, e;
	int m;

	if (k >= 0)
		return strdup(n->t->spell[k]);
	m = at_fe_macro_assigns(n->t, c);
	if (m == 0)
		return strdup("");
	if (m > 0 && at_fe_extent(n->t, c, &b, &e) == 0)
		at_fe_fail(n, b, "macro `%s` may assign or increment (its "
			"definition, or that of a macro it uses, has such an "
			"operator)",
			n->t->spell[at_fe_tok_from(n->t, b)]);
	else
		at_fe_unsupported(n, c, "operator from a macro that autotile "
			"cannot read in");
	return NULL;
}

/* Records the references of the operator cursor `c` read as a value. */
static int at_fe_read_op(at_fe_nest *n, at_stmt *st, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	char *op = at_fe_op(n, c);
	int r = 0;

	if (!op)
		return -1;
	if (k == CXCursor_CompoundAssignOperator || !strcmp(op, "=") ||
	    !strcmp(op, "++") || !strcmp(op, "--"))
		at_fe_unsupported(n, c, "assignment inside an expression");
	else if (!strcmp(op, "*") && k == CXCursor_UnaryOperator)
		at_fe_unsupported(n, c, "pointer dereference");
	else if (!strcmp(op, "&") && k == CXCursor_UnaryOperator)
		at_fe_unsupported(n, c, "address-of");
	free(op);
	if (n->failed)
		return -1;
	if (k == CXCursor_UnaryOperator) {
		CXCursor o = at_fe_strip(at_fe_child(c, 0));
		enum CXTypeKind ok = clang_getCanonicalType(
			clang_getCursorType(o)).kind;
		enum CXTypeKind rk = clang_getCanonicalType(
			clang_getCursorType(c)).kind;
		if (ok == CXType_Pointer || rk == CXType_Pointer) {
			at_fe_unsupported(n, c, "pointer arithmetic");
			return -1;
		}
	}
	{
		CXCursor *ch;
		int nc = at_fe_children(c, &ch);
		for (int i = 0; i < nc && !r; i++)
			r = at_fe_read(n, st, ch[i]);
		free(ch);
	}
	return r;
}

/* Returns 1 when call `c` calls the C library's function: the callee's
 * first declaration is in a system header (a file of this program may
 * define a static `fabs` of its own that writes a counter). */
static int at_fe_library_call(CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);

	return !clang_Cursor_isNull(ref) && clang_Location_isInSystemHeader(
		clang_getCursorLocation(clang_getCanonicalCursor(ref)));
}

/* Returns 1 when `name` is a compiler builtin without side effects that
 * math.h's macros expand to (isnan(x) is __builtin_isnan(x)), or the
 * builtin of a function at_fe_pure accepts; a program cannot define
 * such a name of its own. */
static int at_fe_pure_builtin(const char *name)
{
	static const char *const cls[] = { "isnan", "isinf", "isinf_sign",
		"isfinite", "isnormal", "signbit", "signbitf", "signbitl",
		"fpclassify", "isgreater", "isgreaterequal", "isless",
		"islessequal", "islessgreater", "isunordered" };
	const char *base = name + 10;

	if (strncmp(name, "__builtin_", 10) != 0)
		return 0;
	for (size_t i = 0; i < sizeof cls / sizeof *cls; i++)
		if (!strcmp(base, cls[i]))
			return 1;
	return at_fe_pure(base);
}

/* Returns 1 when `name`, a function at_fe_pure or at_fe_pure_builtin
 * accepts, may set errno (C11 7.12.1: a domain, pole or range error
 * with math_errhandling & MATH_ERRNO, as glibc and gcc's default
 * -fmath-errno have it); 0 for those that never fail (fabs, floor, the
 * classification macros). */
static int at_fe_sets_errno(const char *name)
{
	static const char *const safe[] = { "fabs", "floor", "ceil", "fmax",
		"fmin", "abs", "labs", "round", "trunc", "isnan", "isinf",
		"isinf_sign", "isfinite", "isnormal", "signbit", "fpclassify",
		"isgreater", "isgreaterequal", "isless", "islessequal",
		"islessgreater", "isunordered" };

	if (!strncmp(name, "__builtin_", 10))
		name += 10;
	return !at_fe_math_in(name, safe, sizeof safe / sizeof *safe);
}

/* Records the references of a call `c`: its arguments, when the callee
 * is a known pure function of the C library or a pure builtin. */
static int at_fe_read_call(at_fe_nest *n, at_stmt *st, CXCursor c)
{
	char *name = at_fe_cxstr(clang_getCursorSpelling(c));
	int r = 0, na = clang_Cursor_getNumArguments(c);
	int pure = name && at_fe_pure(name);

	if (name && at_fe_pure_builtin(name)) {
		pure = 1;
	} else if (!pure || !at_fe_library_call(c)) {
		unsigned b = 0, e;
		at_fe_extent(n->t, c, &b, &e);
		at_fe_fail(n, b, "call to `%s` may have side effects%s",
			name ? name : "?", pure ?
			" (it is not the C library's: its first declaration "
			"is not in a system header)" : "");
		free(name);
		return -1;
	}
	if (!n->errno_fn[0] && at_fe_sets_errno(name)) {
		unsigned e;
		snprintf(n->errno_fn, sizeof n->errno_fn, "%s", name);
		at_fe_extent(n->t, c, &n->errno_at, &e);
	}
	free(name);
	for (int i = 0; i < na && !r; i++)
		r = at_fe_read(n, st, clang_Cursor_getArgument(c, (unsigned)i));
	return r;
}

/* Records the references of expression `c` read as a value.  Returns -1
 * after reporting. */
static int at_fe_read(at_fe_nest *n, at_stmt *st, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor *ch;
	int nc, r = 0;

	switch (k) {
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_UnaryExpr:	/* sizeof, _Alignof */
		return 0;
	case CXCursor_ArraySubscriptExpr:
		return at_fe_array_ref(n, st, c, AT_READ);
	case CXCursor_DeclRefExpr:
		return at_fe_scalar_ref(n, st, c, AT_READ);
	case CXCursor_CallExpr:
		return at_fe_read_call(n, st, c);
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
	case CXCursor_UnaryOperator:
		return at_fe_read_op(n, st, c);
	case CXCursor_MemberRefExpr:
		at_fe_unsupported(n, c, "struct member access");
		return -1;
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_ConditionalOperator:
		break;
	default:
		if (clang_isReference(k))	/* e.g. TypeRef in a cast */
			return 0;
		at_fe_unsupported(n, c, "unsupported expression");
		return -1;
	}
	nc = at_fe_children(c, &ch);
	for (int i = 0; i < nc && !r; i++)
		r = at_fe_read(n, st, ch[i]);
	free(ch);
	return nc < 0 ? -1 : r;
}

/* Records the target `c` of an assignment with `kinds`. */
static int at_fe_target(at_fe_nest *n, at_stmt *st, CXCursor c, int kinds)
{
	c = at_fe_strip(c);
	if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr)
		return at_fe_array_ref(n, st, c, kinds);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		return at_fe_scalar_ref(n, st, c, kinds);
	at_fe_unsupported(n, c, "unsupported assignment target");
	return -1;
}

/* Records the references of `c` where a value or a plain assignment may
 * stand (a statement `x = e`, or its right-hand side): a plain
 * assignment writes its target and its right-hand side goes on the same
 * way, so that a chain `x = y = e` (PolyBench's deriche) writes each
 * target; anything else is read. */
static int at_fe_rhs(at_fe_nest *n, at_stmt *st, CXCursor c)
{
	CXCursor s = at_fe_strip(c);
	char *op;
	int r;

	if (clang_getCursorKind(s) != CXCursor_BinaryOperator)
		return at_fe_read(n, st, c);
	op = at_fe_op(n, s);
	if (!op)
		return -1;
	r = strcmp(op, "=");
	free(op);
	if (r)
		return at_fe_read(n, st, c);
	r = at_fe_target(n, st, at_fe_child(s, 0), AT_WRITE);
	return r ? r : at_fe_rhs(n, st, at_fe_child(s, 1));
}

/* Records the references of the expression statement `c`: `x = e`
 * (and `x = y = e`),
 * `x op= e`, `x++`/`++x`/`x--`/`--x`, or an expression only read. */
static int at_fe_top(at_fe_nest *n, at_stmt *st, CXCursor c)
{
	enum CXCursorKind k;
	char *op;
	int r;

	c = at_fe_strip(c);
	k = clang_getCursorKind(c);
	if (k == CXCursor_CompoundAssignOperator) {
		r = at_fe_target(n, st, at_fe_child(c, 0), AT_READ | AT_WRITE);
		return r ? r : at_fe_read(n, st, at_fe_child(c, 1));
	}
	if (k != CXCursor_BinaryOperator && k != CXCursor_UnaryOperator)
		return at_fe_read(n, st, c);
	op = at_fe_op(n, c);
	if (!op)
		return -1;
	if (k == CXCursor_BinaryOperator && !strcmp(op, "=")) {
		free(op);
		return at_fe_rhs(n, st, c);	/* `x = e`: a chain of one */
	}
	if (k == CXCursor_UnaryOperator && (!strcmp(op, "++") ||
					    !strcmp(op, "--"))) {
		free(op);
		return at_fe_target(n, st, at_fe_child(c, 0),
			AT_READ | AT_WRITE);
	}
	free(op);
	return at_fe_read(n, st, c);
}

/* ------------------------------------------------------------------ */
/* Statements and the nest structure                                   */
/* ------------------------------------------------------------------ */

static void at_fe_walk(at_fe_nest *n, CXCursor c);

/* Returns the position of the next child at the current depth. */
static int at_fe_position(at_fe_nest *n)
{
	return n->next[n->n_open]++;
}

/* Appends to st a use (at_use) of token k: of loop l's iterator, or of
 * local a's name (l = -1); *cap is the capacity of st->uses.  Returns 0,
 * or -1 when out of memory. */
static int at_fe_add_use(const at_fe_tu *t, at_stmt *st, unsigned k, int l,
	int a, int *cap)
{
	if (at_buf_grow((void **)&st->uses, st->n_use, cap, sizeof *st->uses,
			8) < 0)
		return -1;
	st->uses[st->n_use].off = t->off[k] - st->begin;
	st->uses[st->n_use].len = (unsigned)strlen(t->spell[k]);
	st->uses[st->n_use].loop = l;
	st->uses[st->n_use].array = a;
	st->n_use++;
	return 0;
}

/* Returns 1 when token k, spelled like an identifier, does not name a
 * variable: a struct or union member (the designator of
 * `offsetof(struct P, j)`), a struct, union or enum tag (`sizeof(struct
 * j)`), or the name of a function-like macro it calls (`j(3)`).  Such a
 * token keeps its name when an iterator has the same. */
static int at_fe_not_var(const at_fe_tu *t, unsigned k)
{
	CXCursor ref = clang_getCursorReferenced(t->ann[k]);
	unsigned b = 0, e = 0;

	switch (clang_getCursorKind(ref)) {
	case CXCursor_FieldDecl:
	case CXCursor_StructDecl:
	case CXCursor_UnionDecl:
	case CXCursor_EnumDecl:
		return 1;
	case CXCursor_MacroDefinition:
		return clang_getCursorKind(t->ann[k]) ==
			CXCursor_MacroExpansion &&
			at_fe_extent(t, t->ann[k], &b, &e) == 0 &&
			b == t->off[k];
	default:
		return 0;
	}
}

/* Records the uses of enclosing iterators and of renamed locals in the
 * text of `st`. */
static int at_fe_uses(at_fe_nest *n, at_stmt *st)
{
	const at_fe_tu *t = n->t;

	for (unsigned k = at_fe_tok_from(t, st->begin);
	     k < t->n_tok && t->off[k] < st->end; k++) {
		int l = -1, a = -1;

		if (!at_fe_is_ident(t, k) || at_fe_not_var(t, k))
			continue;
		if ((l = at_fe_open_loop(n, t->spell[k])) < 0 &&
		    (a = at_fe_renamed(n, k)) < 0)
			continue;
		if (strncmp(t->src->text + t->off[k], t->spell[k],
		    strlen(t->spell[k]))) {
			at_fe_fail(n, t->off[k], "`%s` is split by a backslash "
				"and newline, which the renamed name would not "
				"replace whole", t->spell[k]);
			return -1;
		}
		if (at_fe_add_use(t, st, k, l, a, &n->cap_use) < 0) {
			at_fe_fail(n, t->off[k], "out of memory");
			return -1;
		}
	}
	return 0;
}

/* Copies the active `if` rows into statement `st`. */
static int at_fe_copy_conds(at_fe_nest *n, at_stmt *st)
{
	if (!n->n_cond)
		return 0;
	st->cond = calloc((size_t)n->n_cond, sizeof *st->cond);
	if (!st->cond)
		return -1;
	for (int i = 0; i < n->n_cond; i++) {
		st->cond[i] = malloc(AT_FE_ROW * sizeof **st->cond);
		if (!st->cond[i])
			return -1;
		st->n_cond++;
		memcpy(st->cond[i], n->cond[i], AT_FE_ROW * sizeof **st->cond);
	}
	return 0;
}

/* Appends a statement spanning [b, end) of the file at the current
 * position of the nest (enclosing loops, `if` rows) and returns it, or
 * NULL after reporting. */
static at_stmt *at_fe_new_stmt(at_fe_nest *n, unsigned b, unsigned end)
{
	const at_fe_tu *t = n->t;
	at_scop *s = n->s;
	at_stmt *st;

	if (at_buf_grow((void **)&s->stmts, s->n_stmt, &n->cap_stmt,
			sizeof *s->stmts, 8) < 0) {
		at_fe_fail(n, b, "out of memory");
		return NULL;
	}
	st = &s->stmts[s->n_stmt++];
	n->cap_ref = n->cap_use = 0;
	st->n_loop = n->n_open;
	for (int d = 0; d < n->n_open; d++) {
		st->loops[d] = n->open[d];
		st->beta[d] = n->path[d];
	}
	st->beta[n->n_open] = at_fe_position(n);
	st->begin = b;
	st->end = end;
	st->loc = at_fe_loc(t, b);
	st->text = at_fe_strndup(t->src->text + b, st->end - b);
	if (!st->text || at_fe_copy_conds(n, st) < 0) {
		at_fe_fail(n, b, "out of memory");
		return NULL;
	}
	return st;
}

/* Extracts the expression statement `c`. */
static void at_fe_expr_stmt(at_fe_nest *n, CXCursor c)
{
	const at_fe_tu *t = n->t;
	unsigned b, e, k;
	at_stmt *st;

	if (at_fe_extent(t, c, &b, &e) < 0 ||
	    (k = at_fe_tok_from(t, e), !at_fe_is(t, k, ";"))) {
		at_fe_unsupported(n, c, "statement written with a macro");
		return;
	}
	st = at_fe_new_stmt(n, b, t->off[k] + 1);
	if (st && at_fe_top(n, st, c) == 0)
		at_fe_uses(n, st);
}

/* Returns why the declaration of `d` (a VarDecl at the nest's current
 * depth) cannot be a local of the nest, or NULL when it can: a scalar of
 * arithmetic type, neither static, extern nor volatile (`register` is
 * fine), declared inside a loop (its copy per iteration is what
 * at_array.local describes). */
static const char *at_fe_local_why(const at_fe_nest *n, CXCursor d)
{
	CXType ty = clang_getCursorType(d);

	if (n->n_open == 0)
		return "declared outside every loop of the region, it is "
			"visible after it";
	if (clang_Cursor_getStorageClass(d) != CX_SC_None &&
	    clang_Cursor_getStorageClass(d) != CX_SC_Register)
		return "a static or extern variable is shared by every "
			"iteration";
	if (!at_fe_is_arith_kind(clang_getCanonicalType(ty).kind))
		return "only scalars of arithmetic type are supported";
	if (clang_isVolatileQualifiedType(ty))
		return "a volatile variable";
	return NULL;
}

/* Returns 1 when a token of the nest spelled `name` names something
 * declared outside the nest (a variable, a parameter, an enumerator, a
 * function), which a local of that name, declared at the top of the
 * generated block, would hide from the generated code. */
static int at_fe_outer_named(const at_fe_nest *n, const char *name)
{
	const at_fe_tu *t = n->t;

	for (unsigned k = at_fe_tok_from(t, n->s->begin);
	     k < t->n_tok && t->off[k] < n->s->end; k++) {
		CXCursor d;
		unsigned off = 0;

		if (!at_fe_is(t, k, name))
			continue;
		d = clang_getCursorReferenced(t->ann[k]);
		if (clang_Cursor_isNull(d) ||
		    at_fe_offset(t, clang_getCursorLocation(d), &off) < 0 ||
		    off < n->s->begin || off >= n->s->end)
			return 1;
	}
	return 0;
}

/* Returns 1 when `name` is a whole line of `names` ("\n"-separated,
 * from a first "\n"). */
static int at_fe_has_line(const char *names, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = names; p && (p = strstr(p, name)); p++)
		if (p > names && p[-1] == '\n' && p[n] == '\n')
			return 1;
	return 0;
}

/* See at_frontend.h. */
int at_source_declares(const at_source *src, const char *name)
{
	return at_fe_has_line(src->hdr_names, name);
}

/* Returns the name the generated code gives a local spelled `name`: the
 * same (malloc'd) when no variable of the nest has it (a variable
 * declared outside it and used in it, at_fe_outer_named, or a local met
 * before), else the first `<name>_<k>` (k = 1, 2, ...) that no token of
 * the file, no name of an included file (at_source_declares) and no variable or
 * parameter of the nest spells; NULL when out of memory. */
static char *at_fe_local_name(const at_fe_nest *n, const char *name)
{
	const at_scop *s = n->s;
	size_t size = strlen(name) + 24;
	char *buf = malloc(size);
	int taken = 1;

	if (buf)
		snprintf(buf, size, "%s", name);
	for (int k = 1; buf && taken; k++) {
		taken = k == 1 && at_fe_outer_named(n, name);
		for (int a = 0; !taken && a < s->n_array; a++)
			taken = !strcmp(s->arrays[a].name, buf);
		for (int p = 0; !taken && p < s->n_param; p++)
			taken = !strcmp(s->params[p], buf);
		for (unsigned i = 0; !taken && k > 1 && i < n->t->n_tok; i++)
			taken = at_fe_is(n->t, i, buf);
		if (!taken && k > 1)
			taken = at_source_declares(n->t->src, buf);
		if (taken)
			snprintf(buf, size, "%s_%d", name, k);
	}
	return buf;
}

/* Checks the declaration `c` of variable d (spelled `name`, at offset
 * off) as a local (at_fe_local_why, not through a macro) and returns the
 * token of its `;`, or 0 after reporting. */
static unsigned at_fe_decl_end(at_fe_nest *n, CXCursor c, CXCursor d,
	const char *name, unsigned off)
{
	const at_fe_tu *t = n->t;
	const char *why = at_fe_local_why(n, d);
	unsigned b = 0, e = 0, k = at_fe_tok_from(t, off);

	at_fe_extent(t, c, &b, &e);
	if (!why && at_fe_any_loop(n, name))
		why = "it has the name of a loop iterator of the nest";
	if (!why && (!at_fe_is(t, k, name) || t->off[k] != off))
		why = "declared through a macro";
	if (!why && k + 1 < t->n_tok && !at_fe_is(t, k + 1, "=") &&
	    !at_fe_is(t, k + 1, ";"))
		why = "its name is followed by something else than `=` or `;` "
			"(parentheses, an attribute), which autotile would not "
			"keep when it hoists the declaration";
	while (!why && k < t->n_tok && !at_fe_is(t, k, ";"))
		k++;
	if (!why && (k >= t->n_tok || t->off[k] >= e + 1))
		why = "declared through a macro";
	if (why) {
		at_fe_fail(n, b, "declaration of `%s` inside the loop nest: %s",
			name, why);
		return 0;
	}
	return k;
}

/* Extracts the declaration `c` (DeclStmt) of a local scalar inside a
 * loop: `T x = e;` as the statement `x = e;` (at_stmt.decl keeps where
 * `T` starts), `T x;` as no statement (a read before the first write of
 * an iteration is undefined in C, as in the generated code); a second
 * variable of the name is renamed (at_fe_local_name).  Anything else
 * declared in the nest is reported. */
static void at_fe_decl_stmt(at_fe_nest *n, CXCursor c)
{
	const at_fe_tu *t = n->t;
	CXCursor *ch = NULL, d, init;
	unsigned b = 0, e, off = 0, k;
	int nc = at_fe_children(c, &ch), a;
	char *name = NULL, *cname = NULL;
	at_stmt *st;

	if (at_fe_extent(t, c, &b, &e) < 0 || nc != 1) {
		at_fe_fail(n, b, "declaration of %s inside the loop nest",
			nc > 1 ? "several variables" : "an unsupported kind");
		goto done;
	}
	d = ch[0];
	name = at_fe_cxstr(clang_getCursorSpelling(d));
	if (!name || clang_getCursorKind(d) != CXCursor_VarDecl) {
		at_fe_fail(n, b, "declaration of %s inside the loop nest",
			name ? "a type" : "a variable (out of memory)");
		goto done;
	}
	at_fe_offset(t, clang_getCursorLocation(d), &off);
	k = at_fe_decl_end(n, c, d, name, off);
	cname = k ? at_fe_local_name(n, name) : NULL;
	a = cname ? at_fe_array(n, d, cname, 0, off) : -1;
	if (a < 0) {
		if (k && !cname)
			at_fe_fail(n, off, "out of memory");
		goto done;
	}
	n->s->arrays[a].local = n->n_open;
	init = clang_Cursor_getVarDeclInitializer(d);
	if (clang_Cursor_isNull(init))	/* `T x;`: no statement */
		goto done;
	st = at_fe_new_stmt(n, off, t->off[k] + 1);
	if (!st)
		goto done;
	st->decl = b;
	if (at_fe_add_ref(n, st, a, AT_WRITE, NULL, off) == 0 &&
	    at_fe_read(n, st, init) == 0)
		at_fe_uses(n, st);
done:
	free(cname);
	free(name);
	free(ch);
}

/* Extracts the `for` statement `c` and everything inside it. */
static void at_fe_for(at_fe_nest *n, CXCursor c)
{
	at_scop *s = n->s;
	unsigned b = 0, e;
	int l, pos, r, depth = n->n_open;
	at_loop *lp;

	at_fe_extent(n->t, c, &b, &e);
	if (depth >= AT_MAX_DEPTH) {
		at_fe_fail(n, b, "loop nest deeper than %d levels",
			AT_MAX_DEPTH);
		return;
	}
	if (n->n_sym >= AT_FE_NSYM) {
		at_fe_fail(n, b, "too many loops and parameters (at most %d)",
			AT_FE_NSYM);
		return;
	}
	if (at_buf_grow((void **)&s->loops, s->n_loop, &n->cap_loop,
			sizeof *s->loops, 8) < 0) {
		at_fe_fail(n, b, "out of memory");
		return;
	}
	l = s->n_loop++;
	lp = &s->loops[l];
	lp->parent = depth ? n->open[depth - 1] : -1;
	lp->depth = depth;
	lp->step = 1;
	lp->loc = at_fe_loc(n->t, b);
	n->loop_sym[l] = n->n_sym;
	n->sym_loop[n->n_sym] = l;
	n->sym_param[n->n_sym++] = -1;
	pos = at_fe_position(n);
	n->path[depth] = pos;
	n->top_header = depth == 0;	/* read whenever the nest runs */
	r = at_fe_header(n, l, c);
	n->top_header = 0;
	if (r == 0) {
		n->next[depth + 1] = 0;
		CXCursor *ch;
		int nc = at_fe_children(c, &ch);

		if (nc > 0)
			at_fe_walk(n, ch[nc - 1]);	/* the body */
		free(ch);
	}
	n->n_open = depth;
}

/* Pushes the rows[0..nr) on the active `if` conditions.  Returns -1 when
 * out of memory. */
static int at_fe_push_conds(at_fe_nest *n, const at_fe_aff *rows, int nr)
{
	for (int i = 0; i < nr; i++) {
		long *r = malloc(sizeof rows[i].v);

		if (!r || at_buf_grow((void **)&n->cond, n->n_cond, &n->cap_cond,
				sizeof *n->cond, 8) < 0) {
			free(r);
			return -1;
		}
		memcpy(r, rows[i].v, sizeof rows[i].v);
		n->cond[n->n_cond++] = r;
	}
	return 0;
}

/* Pops the active `if` conditions down to `keep`. */
static void at_fe_pop_conds(at_fe_nest *n, int keep)
{
	while (n->n_cond > keep)
		free(n->cond[--n->n_cond]);
}

/* Notes the negation of the division n->trunc[from] of an `if` (when
 * its condition had one: it has one row then) for its `else`.  Returns
 * -1 when out of memory. */
static int at_fe_else_trunc(at_fe_nest *n, int from, int end)
{
	static const int neg[] = { AT_FE_GE, AT_FE_GT, AT_FE_LE, AT_FE_LT,
		AT_FE_EQ };
	at_fe_trunc tr;

	if (from >= end)
		return 0;
	tr = n->trunc[from];
	return at_fe_note_trunc(n, &tr.x, neg[tr.rel], &tr.e, tr.d, tr.off);
}

/* Checks the condition of `if` statement c, tokens (k + 1, close),
 * against C's unsigned arithmetic: when it compares in an unsigned type
 * (`j - i < 3u`, or unsigned iterators), it must hold no minus, no
 * unsigned addition, multiplication or shift (`j < n + 1` at n =
 * UINT_MAX) and only unsigned variables (at_fe_unsigned_refs), or the
 * two readings may differ.  Returns 0, or -1 after a warning. */
static int at_fe_if_unsigned(at_fe_nest *n, CXCursor c, unsigned k,
	unsigned close)
{
	const at_fe_tu *t = n->t;
	at_fe_ufind f = { t, t->off[k + 1], t->off[close], 0, 0 }, g = f;
	g.grow = 1;

	clang_visitChildren(c, at_fe_uop_visit, &f);
	if (f.found)
		clang_visitChildren(c, at_fe_uop_visit, &g);
	if (!f.found || (!g.found && at_fe_no_minus(t, k + 2, close) &&
	    at_fe_unsigned_refs(t, c, t->off[k + 1], t->off[close],
		clang_getNullCursor())))
		return 0;
	at_fe_fail(n, t->off[k], "condition `%.*s` of `if` compares in an "
		"unsigned type, where C turns a negative value into a large "
		"one and wraps a large one past the maximum, and autotile "
		"cannot show that its operands stay in range (it reads no "
		"minus, no unsigned `+`, `*` or `<<` and only unsigned "
		"variables there)",
		(int)(t->off[close] - t->off[k + 2]),
		t->src->text + t->off[k + 2]);
	return -1;
}

/* Returns 0 when the `else` of the `if` at token k (its condition ends
 * at token close) can be read as at_fe_else says, its condition having
 * nr rows and a division when has_div; else -1 after a warning. */
static int at_fe_else_ok(at_fe_nest *n, unsigned k, unsigned close, int nr,
	int has_div)
{
	const at_fe_tu *t = n->t;
	int len = (int)(t->off[close] - t->off[k + 2]);
	const char *cond = t->src->text + t->off[k + 2];
	int reads = (n->n_read ? n->n_read : 1) * nr;

	if (nr > 1 && has_div)
		at_fe_fail(n, t->off[k], "`else` of `%.*s`, several "
			"comparisons with a division: write the `else` branch "
			"as an `if` of its own with the opposite condition",
			len, cond);
	else if (reads > AT_FE_MAX_READS)
		at_fe_fail(n, t->off[k], "`else` of `%.*s` inside other "
			"`else` branches of conditions of several comparisons: "
			"its statements would be read %d times (once per "
			"piece of the negations; at most %d)", len, cond,
			reads, AT_FE_MAX_READS);
	else
		return 0;
	return -1;
}

/* Extracts the `else` branch `c` of the `if` at token k (its condition
 * ends at token close), whose condition is rows[0, nr) (its divisions:
 * n->trunc[mark, end)), n->cond holding `keep` rows before it: its
 * statements run where a row is negative.  With one row they get its
 * negation, and the negation of its division if it has one.  With
 * several and no division (`j == 0` is j >= 0 and -j >= 0) the branch
 * is read once per row p, under rows [0, p) and the negation of row p:
 * disjoint pieces whose union is the negation, a statement per piece,
 * in the order written (an instance runs in one piece at most). */
static void at_fe_else(at_fe_nest *n, unsigned k, unsigned close,
	const at_fe_aff *rows, int nr, CXCursor c, int keep, int mark, int end)
{
	int n_read = n->n_read;

	if (at_fe_else_ok(n, k, close, nr, mark < end) < 0)
		return;
	n->n_read = (n_read ? n_read : 1) * nr;
	for (int p = 0; p < nr && !n->failed; p++) {
		at_fe_aff neg;
		int from = n->n_trunc, to = from, k0 = n->s->n_stmt;

		memset(&neg, 0, sizeof neg);
		if (at_fe_comb(&neg, -1, &rows[p], 0, &rows[p], -1) < 0 ||
		    at_fe_push_conds(n, rows, p) < 0 ||
		    at_fe_push_conds(n, &neg, 1) < 0 ||
		    (nr == 1 && at_fe_else_trunc(n, mark, end) < 0)) {
			at_fe_fail(n, n->t->off[k], "out of memory");
		} else {
			to = n->n_trunc;	/* [from, to): the negation's */
			at_fe_walk(n, c);
		}
		at_fe_pop_conds(n, keep);
		at_fe_own_trunc(n, from, to, -1, 0, k0, n->s->n_stmt);
	}
	n->n_read = n_read;
}

/* Extracts `if (cond) then [else other]`: the statements of `then` get
 * the condition's rows; those of `else` its negation (at_fe_else). */
static void at_fe_if(at_fe_nest *n, CXCursor c)
{
	const at_fe_tu *t = n->t;
	unsigned b = 0, e, k, close;
	at_fe_aff rows[2 * AT_FE_MAXTERM];
	int nr = 0, r, keep = n->n_cond, nc, mark, end, k0;
	CXCursor *ch = NULL;

	at_fe_extent(t, c, &b, &e);
	k = at_fe_tok_from(t, b);
	if (!at_fe_is(t, k, "if") || !at_fe_is(t, k + 1, "(")) {
		at_fe_unsupported(n, c, "`if` written with a macro");
		return;
	}
	close = at_fe_match(t, k + 1, t->n_tok);
	if (at_fe_if_unsigned(n, c, k, close) < 0)
		return;
	mark = n->n_trunc;
	r = at_fe_cond_parse(n, k + 2, close, AT_FE_COND, rows, &nr,
		2 * AT_FE_MAXTERM);
	if (r == 1)
		at_fe_fail(n, t->off[k], "condition `%.*s` of `if` is not a "
			"conjunction of affine comparisons",
			(int)(t->off[close] - t->off[k + 2]),
			t->src->text + t->off[k + 2]);
	nc = r ? 0 : at_fe_children(c, &ch);
	if (r || nc < 2 || nc > 3 || at_fe_push_conds(n, rows, nr) < 0) {
		if (!r)
			at_fe_fail(n, t->off[k], "unsupported `if` statement");
		free(ch);
		return;
	}
	k0 = n->s->n_stmt;
	end = n->n_trunc;
	at_fe_walk(n, ch[1]);
	at_fe_pop_conds(n, keep);
	at_fe_own_trunc(n, mark, end, -1, 0, k0, n->s->n_stmt);
	if (nc == 3 && !n->failed)
		at_fe_else(n, k, close, rows, nr, ch[2], keep, mark, end);
	free(ch);
}

/* Reports the statement `c` (described by `what`) as not allowed. */
static void at_fe_stmt_fail(at_fe_nest *n, CXCursor c, const char *what)
{
	unsigned b = 0, e;

	at_fe_extent(n->t, c, &b, &e);
	at_fe_fail(n, b, "%s inside the loop nest", what);
}

/* Extracts the statement `c` (any kind) found in the nest. */
static void at_fe_walk(at_fe_nest *n, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor *ch;
	int nc;

	if (n->failed)
		return;
	switch (k) {
	case CXCursor_ForStmt:
		at_fe_for(n, c);
		return;
	case CXCursor_CompoundStmt:
		nc = at_fe_children(c, &ch);
		for (int i = 0; i < nc && !n->failed; i++)
			at_fe_walk(n, ch[i]);
		free(ch);
		return;
	case CXCursor_IfStmt:
		at_fe_if(n, c);
		return;
	case CXCursor_NullStmt:
		return;
	case CXCursor_DeclStmt:
		at_fe_decl_stmt(n, c);
		return;
	case CXCursor_BreakStmt:
		at_fe_stmt_fail(n, c, "`break`");
		return;
	case CXCursor_ContinueStmt:
		at_fe_stmt_fail(n, c, "`continue`");
		return;
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
		at_fe_stmt_fail(n, c, "`goto`");
		return;
	case CXCursor_ReturnStmt:
		at_fe_stmt_fail(n, c, "`return`");
		return;
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		at_fe_stmt_fail(n, c, k == CXCursor_DoStmt ? "`do` loop" :
			"`while` loop");
		return;
	case CXCursor_SwitchStmt:
		at_fe_stmt_fail(n, c, "`switch`");
		return;
	case CXCursor_LabelStmt:
		at_fe_stmt_fail(n, c, "a label");
		return;
	default:
		if (clang_isExpression(k))
			at_fe_expr_stmt(n, c);
		else
			at_fe_unsupported(n, c, "unsupported statement");
	}
}

/* ------------------------------------------------------------------ */
/* Finishing a nest                                                    */
/* ------------------------------------------------------------------ */

/* Returns 1 when array `a` has a WRITE reference in the nest. */
static int at_fe_written(const at_scop *s, int a)
{
	for (int i = 0; i < s->n_stmt; i++)
		if (at_scop_stmt_refers(&s->stmts[i], a, AT_WRITE))
			return 1;
	return 0;
}

/* Returns the location of the first write to array `a` (the scop's
 * location when there is none). */
static at_loc at_fe_first_write(const at_scop *s, int a)
{
	for (int i = 0; i < s->n_stmt; i++)
		for (int r = 0; r < s->stmts[i].n_ref; r++)
			if (s->stmts[i].refs[r].array == a &&
			    s->stmts[i].refs[r].kind == AT_WRITE)
				return s->stmts[i].refs[r].loc;
	return s->loc;
}

/* Returns 1 when `name` is an iterator of the nest, 2 when it is a
 * variable the nest writes (with the location of the first write in
 * *at), else 0. */
static int at_fe_changed(const at_fe_nest *n, const char *name, unsigned *at)
{
	const at_scop *s = n->s;

	if (at_fe_any_loop(n, name))
		return 1;
	for (int a = 0; a < s->n_array; a++)
		if (!strcmp(s->arrays[a].name, name) && at_fe_written(s, a)) {
			*at = at_fe_first_write(s, a).offset;
			return 2;
		}
	return 0;
}

/* Checks that no parameter is written in the nest (nor is an iterator),
 * nor the variable a macro parameter expands to.  Returns -1 after
 * reporting. */
static int at_fe_check_params(at_fe_nest *n)
{
	static const char *const role[] = { "loop bound", "variable",
		"variable" };
	static const char *const where[] = { "", " (used in a subscript)",
		" (used in an `if` condition)" };
	at_scop *s = n->s;

	for (int p = 0; p < s->n_param; p++) {
		unsigned at = n->param_loc[p].offset;

		if (at_fe_changed(n, s->params[p], &at)) {
			at_fe_fail(n, at, "%s `%s`%s is "
				"written inside the loop nest",
				role[n->param_role[p]], s->params[p],
				where[n->param_role[p]]);
			return -1;
		}
	}
	for (int i = 0; i < n->n_mvar; i++) {
		int p = n->mvar[i].param;
		unsigned at = n->mvar[i].off;
		int how = at_fe_changed(n, n->mvar[i].name, &at);

		if (how) {
			at_fe_fail(n, at, "macro `%s`%s expands to `%s`, which "
				"%s the loop nest (a parameter is a value the nest "
				"does not change)", s->params[p],
				where[n->param_role[p]], n->mvar[i].name,
				how == 1 ? "is an iterator of" :
				"is written inside");
			return -1;
		}
	}
	return 0;
}

/* Records that arrays a and b (a != b) are checked not to overlap at run
 * time (at_scop.alias), once per pair.  Returns -1 when out of memory. */
static int at_fe_add_alias(at_fe_nest *n, int a, int b)
{
	at_scop *s = n->s;
	int (*v)[2];

	if (a > b) {
		int t = a;
		a = b;
		b = t;
	}
	for (int i = 0; i < s->n_alias; i++)
		if (s->alias[i][0] == a && s->alias[i][1] == b)
			return 0;
	v = realloc(s->alias, (size_t)(s->n_alias + 1) * sizeof *v);
	if (!v)
		return -1;
	s->alias = v;
	s->alias[s->n_alias][0] = a;
	s->alias[s->n_alias][1] = b;
	s->n_alias++;
	return 0;
}

/* Returns the variable that identifier `name` names in the nest's text
 * (the first reference clang resolved), or a null cursor (a macro, an
 * enumerator). */
static CXCursor at_fe_name_decl(const at_fe_nest *n, const char *name)
{
	const at_fe_tu *t = n->t;

	for (unsigned k = at_fe_tok_from(t, n->s->begin);
	     k < t->n_tok && t->off[k] < n->s->end; k++) {
		CXCursor ref;

		if (!at_fe_is_ident(t, k) || strcmp(t->spell[k], name))
			continue;
		ref = clang_getCursorReferenced(t->ann[k]);
		if (clang_getCursorKind(ref) == CXCursor_VarDecl ||
		    clang_getCursorKind(ref) == CXCursor_ParmDecl)
			return ref;
	}
	return clang_getNullCursor();
}

/* Returns the byte of the first `&` in the file applied to variable
 * `v`, spelled `name`, or 0 when its address is never taken there. */
static unsigned at_fe_address_taken(const at_fe_tu *t, CXCursor v,
	const char *name)
{
	for (unsigned k = 0; k + 1 < t->n_tok; k++)
		if (at_fe_is(t, k, "&") && !strcmp(t->spell[k + 1], name) &&
		    clang_equalCursors(clang_getCursorReferenced(t->ann[k + 1]),
			v))
			return t->off[k] ? t->off[k] : 1;
	return 0;
}

/* Returns the first plain pointer (not restrict) the nest accesses,
 * one it writes through when `written`, or -1 when there is none. */
static int at_fe_plain_ptr(const at_fe_nest *n, int written)
{
	const at_scop *s = n->s;

	for (int a = 0; a < s->n_array; a++)
		if (n->arr_ptr[a] && !s->arrays[a].is_restrict &&
		    s->arrays[a].n_dim > 0 && (!written || at_fe_written(s, a)))
			return a;
	return -1;
}

/* Returns the scalar variable i of the nest: its parameters (bounds'
 * variables) first, then its scalar variables, then its loops'
 * iterators; sets *name and *written (the nest changes it).  Returns a
 * null cursor for an array, a macro or an enumerator. */
static CXCursor at_fe_scalar(const at_fe_nest *n, int i, const char **name,
	int *written)
{
	const at_scop *s = n->s;
	int a = i - s->n_param, l = a - s->n_array;

	*written = 1;
	if (l >= 0) {
		*name = s->loops[l].iter;
		return n->iter_decl[l];
	}
	*name = a < 0 ? s->params[i] : s->arrays[a].name;
	*written = a >= 0 && at_fe_written(s, a);
	if (a >= 0 && s->arrays[a].n_dim > 0)
		return clang_getNullCursor();
	return at_fe_name_decl(n, *name);
}

/* Checks the scalars of the nest (its bounds' variables, its scalar
 * variables and its iterators) against the plain pointers it accesses,
 * which might point to one of them: a scalar whose address the file
 * takes (`k(&lim)` with `Q[0] = ...` in the nest, `pi = &j` with
 * `... = pi[0]`), or a global another file may take the address of,
 * leaves the nest unchanged when the nest writes through the pointer or
 * writes the scalar (the transformed nest reads a bound once, runs
 * iterators of its own and reorders the scalar's accesses against the
 * pointer's).  Returns 0, or -1 after a warning. */
static int at_fe_check_scalar_alias(at_fe_nest *n)
{
	at_scop *s = n->s;
	int w = at_fe_plain_ptr(n, 1), r = w >= 0 ? w : at_fe_plain_ptr(n, 0);
	int total = s->n_param + s->n_array + s->n_loop;

	if (r < 0)
		return 0;
	for (int i = 0; i < total; i++) {
		const char *name, *how = w >= 0 ? "writes" : "reads";
		int written;
		CXCursor v = at_fe_scalar(n, i, &name, &written);
		unsigned at;

		if (clang_Cursor_isNull(v) || (w < 0 && !written))
			continue;
		if ((at = at_fe_address_taken(n->t, v, name)) != 0) {
			at_fe_fail(n, s->loc.offset, "the nest %s through "
				"pointer `%s`, which may point to `%s` (its "
				"address is taken on line %u)", how,
				s->arrays[r].name, name,
				at_fe_loc(n->t, at).line);
			return -1;
		}
		if (clang_getCursorKind(clang_getCursorSemanticParent(v)) ==
		    CXCursor_TranslationUnit &&
		    clang_getCursorLinkage(v) == CXLinkage_External &&
		    !clang_isConstQualifiedType(clang_getCursorType(v))) {
			at_fe_fail(n, s->loc.offset, "the nest %s through "
				"pointer `%s`, which may point to `%s`, a global "
				"other files can take the address of (make it "
				"static, or the pointer restrict)", how,
				s->arrays[r].name, name);
			return -1;
		}
	}
	return 0;
}

/* Returns 1 when array a of the nest is a variable of static storage
 * duration (a global, a static or extern local), whose address any
 * caller may pass as an array parameter. */
static int at_fe_array_static(const at_fe_nest *n, int a)
{
	CXCursor d = n->arr_decl[a];

	return clang_getCursorKind(d) == CXCursor_VarDecl &&
		(clang_getCursorKind(clang_getCursorSemanticParent(d)) ==
		 CXCursor_TranslationUnit ||
		 clang_Cursor_getStorageClass(d) == CX_SC_Static ||
		 clang_Cursor_getStorageClass(d) == CX_SC_Extern);
}

/* Returns 1 when arrays a and b of the nest (a != b) may share
 * elements: neither is restrict nor without subscripts, and a is a plain
 * pointer, or a is an array parameter (a pointer too, in C) and b a
 * variable of static storage duration.  Array parameters are assumed not
 * to alias each other (README, "Known limits"), and cannot alias a local
 * array of the function. */
static int at_fe_may_alias(const at_fe_nest *n, int a, int b)
{
	const at_scop *s = n->s;

	if (s->arrays[a].is_restrict || s->arrays[b].is_restrict ||
	    s->arrays[a].n_dim == 0 || s->arrays[b].n_dim == 0)
		return 0;
	if (n->arr_ptr[a])
		return 1;
	return clang_getCursorKind(n->arr_decl[a]) == CXCursor_ParmDecl &&
		at_fe_array_static(n, b);
}

/* Finds the pairs of arrays that may alias (at_fe_may_alias), one of
 * them written: the nest is versioned on the elements it accesses of the
 * two not overlapping (at_fe_add_alias).  Returns -1 after reporting. */
static int at_fe_check_alias(at_fe_nest *n)
{
	at_scop *s = n->s;

	for (int a = 0; a < s->n_array; a++) {
		for (int b = 0; b < s->n_array; b++) {
			if (b == a || !at_fe_may_alias(n, a, b) ||
			    (!at_fe_written(s, a) && !at_fe_written(s, b)))
				continue;
			if (at_fe_add_alias(n, a, b) < 0) {
				at_fe_fail(n, s->loc.offset, "out of memory");
				return -1;
			}
		}
	}
	return 0;
}

/* What at_fe_loop_visit looks for: the outermost for, while or do
 * statement of a function whose extent holds bytes [b, e). */
typedef struct at_fe_encl {
	const at_fe_tu *t;
	unsigned b, e;
	unsigned lb, le;	/* its extent; lb == le: none */
} at_fe_encl;

/* Visitor of at_fe_enclosing_loop. */
static enum CXChildVisitResult at_fe_loop_visit(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_encl *x = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned b, e;

	(void)parent;
	if (at_fe_extent(x->t, c, &b, &e) < 0 || b > x->b || e < x->e)
		return CXChildVisit_Continue;	/* does not hold the nest */
	if ((k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
	    k == CXCursor_DoStmt) && (b < x->b || e > x->e)) {
		x->lb = b;
		x->le = e;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Visitor of at_fe_iter_live: a `goto` after the nest whose label lies
 * before the nest's end (or a computed `goto`, whose label is unknown)
 * repeats the nest like a loop does; widens [x->lb, x->le) to cover the
 * label (the function's start for a computed one) and the `goto`. */
static enum CXChildVisitResult at_fe_goto_visit(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_encl *x = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor *ch, label = clang_getNullCursor();
	unsigned b, e, lb = 0, le;
	int n;

	(void)parent;
	if ((k != CXCursor_GotoStmt && k != CXCursor_IndirectGotoStmt) ||
	    at_fe_extent(x->t, c, &b, &e) < 0 || b < x->e)
		return CXChildVisit_Recurse;
	if (k == CXCursor_GotoStmt && (n = at_fe_children(c, &ch)) > 0) {
		label = clang_getCursorReferenced(ch[0]);
		free(ch);
	}
	if (!clang_Cursor_isNull(label) &&
	    at_fe_extent(x->t, label, &lb, &le) == 0 && lb >= x->e)
		return CXChildVisit_Continue;	/* a jump forward or after */
	if (x->lb == x->le || lb < x->lb)
		x->lb = lb;
	if (e > x->le)
		x->le = e;
	return CXChildVisit_Continue;
}

/* Returns 1 when token k starts `v = e;` (or `v = e,` / `v = e)`, as in a
 * `for` initialisation) at the start of a statement or of a `for`
 * header, where v is the variable d and e does not name d: the
 * assignment overwrites v without reading it. */
static int at_fe_kills(const at_fe_tu *t, unsigned k, CXCursor d)
{
	int depth = 0;

	if (k == 0 || !at_fe_is(t, k + 1, "=") || !(at_fe_is(t, k - 1, ";") ||
	    at_fe_is(t, k - 1, "{") || at_fe_is(t, k - 1, "}") ||
	    (k >= 2 && at_fe_is(t, k - 1, "(") && at_fe_is(t, k - 2, "for"))))
		return 0;
	for (unsigned j = k + 2; j < t->n_tok; j++) {
		if (at_fe_is(t, j, "(") || at_fe_is(t, j, "["))
			depth++;
		else if ((at_fe_is(t, j, ")") || at_fe_is(t, j, "]")) &&
		    depth-- == 0)
			return 1;
		else if (depth == 0 && (at_fe_is(t, j, ";") ||
		    at_fe_is(t, j, ",")))
			return 1;
		if (at_fe_names(t, j, d))
			return 0;
	}
	return 0;
}

/* Returns 1 when tokens [lo, hi) hold no keyword or operator that could
 * skip or repeat code (a branch, a loop, a jump or a label), apart from
 * a `for (` just before hi. */
static int at_fe_straight(const at_fe_tu *t, unsigned lo, unsigned hi)
{
	static const char *const stop[] = { "if", "else", "while", "do",
		"for", "switch", "case", "default", "break", "continue",
		"return", "goto", "?", "&&", "||", ":" };

	if (hi >= lo + 2 && at_fe_is(t, hi - 1, "(") &&
	    at_fe_is(t, hi - 2, "for"))
		hi -= 2;
	for (unsigned j = lo; j < hi; j++)
		for (size_t i = 0; i < sizeof stop / sizeof *stop; i++)
			if (at_fe_is(t, j, stop[i]))
				return 0;
	return 1;
}

/* Returns the end of the `for` statement whose `for` keyword is token k
 * (0 when none is known). */
static unsigned at_fe_for_end(const at_fe_tu *t, unsigned k)
{
	for (int i = 0; i < t->n_for; i++) {
		unsigned b, e;

		if (at_fe_extent(t, t->fors[i], &b, &e) == 0 && b == t->off[k])
			return e;
	}
	return 0;
}

/* Returns the end of the innermost `for` statement around token k when
 * k lies in its body and the tokens from the start of the body to k hold
 * no branch, loop or jump (at_fe_straight): every iteration of that loop
 * reaches k before any later token of its body.  Returns 0 when there is
 * no such loop. */
static unsigned at_fe_loop_kill_end(const at_fe_tu *t, unsigned k)
{
	CXCursor loop = clang_getNullCursor(), *ch;
	unsigned lb = 0, le = 0, b, e, lo;
	int n, ok;

	for (int i = 0; i < t->n_for; i++)
		if (at_fe_extent(t, t->fors[i], &b, &e) == 0 &&
		    b <= t->off[k] && t->off[k] < e && b >= lb) {
			loop = t->fors[i];
			lb = b;
			le = e;
		}
	if (clang_Cursor_isNull(loop) || (n = at_fe_children(loop, &ch)) < 1)
		return 0;
	ok = at_fe_extent(t, ch[n - 1], &b, &e) == 0 && b <= t->off[k];
	lo = at_fe_tok_from(t, b);
	if (clang_getCursorKind(ch[n - 1]) == CXCursor_CompoundStmt)
		lo++;
	free(ch);
	return ok && at_fe_straight(t, lo, k) ? le : 0;
}

/* Returns 1 when the value the variable d (an iterator of the nest,
 * declared outside it) holds after the nest may be read, with *use the
 * byte of the reference that may read it (or of d's declaration).  It
 * may not when d is a local of the function whose address is not taken
 * and, after the nest, d is first overwritten on a straight path
 * (at_fe_kills, at_fe_straight) or every reference to it lies in a `for`
 * statement whose initialisation overwrites it (reached only through
 * that initialisation) or whose body overwrites it on a straight path
 * from its start (at_fe_loop_kill_end); and, when the nest sits in a loop of the
 * function (or a later `goto` jumps back before it, at_fe_goto_visit),
 * that loop refers to d before the nest only if such a straight
 * overwrite inside the loop follows the nest. */
static int at_fe_iter_live(const at_fe_nest *n, CXCursor d, unsigned *use)
{
	const at_fe_tu *t = n->t;
	CXCursor fn = at_fe_function_at(t, n->s->begin);
	at_fe_encl x = { t, n->s->begin, n->s->end, 0, 0 };
	unsigned db, de, fb, fe, cover = 0, killed = 0, first = 1;
	unsigned before = t->n_tok;

	if (at_fe_extent(t, d, &db, &de) == 0 && db >= x.b && db < x.e)
		return 0;		/* declared in the nest */
	*use = db;
	if (clang_getCursorKind(clang_getCursorSemanticParent(d)) !=
	    CXCursor_FunctionDecl ||
	    clang_Cursor_getStorageClass(d) == CX_SC_Static ||
	    at_fe_extent(t, fn, &fb, &fe) < 0)
		return 1;
	clang_visitChildren(fn, at_fe_loop_visit, &x);
	clang_visitChildren(fn, at_fe_goto_visit, &x);
	for (unsigned k = at_fe_tok_from(t, fb); k < t->n_tok &&
	    t->off[k] < fe; k++) {
		unsigned o = t->off[k];
		int kill, for_kill;
		if ((o >= x.b && o < x.e) || !at_fe_names(t, k, d) ||
		    clang_getCursorKind(t->ann[k]) == CXCursor_VarDecl)
			continue;
		*use = o;
		if (k > 0 && at_fe_is(t, k - 1, "&"))
			return 1;	/* address taken */
		if (o < x.e) {
			if (x.lb < x.le && x.lb <= o && before == t->n_tok)
				before = k;
			continue;
		}
		if (killed || o < cover)
			continue;
		kill = at_fe_kills(t, k, d);
		for_kill = kill && k >= 2 && at_fe_is(t, k - 2, "for");
		if (first && kill &&
		    at_fe_straight(t, at_fe_tok_from(t, x.e), k))
			killed = o;
		else if (for_kill && (cover = at_fe_for_end(t, k - 2)) == 0)
			return 1;
		else if (!for_kill && !(kill &&
		    (cover = at_fe_loop_kill_end(t, k)) > o))
			return 1;	/* may read the stale value */
		first = 0;
	}
	if (before < t->n_tok && !(killed && killed < x.le)) {
		*use = t->off[before];
		return 1;	/* read again on the loop's next iteration */
	}
	return 0;
}

/* Returns the end of the nest's text: of its last top-level statement,
 * `;` included (clang's extent ends before a last statement's `;`). */
static unsigned at_fe_body_end(const at_fe_nest *n)
{
	unsigned end = n->body_end;

	for (int i = 0; i < n->s->n_stmt; i++)
		if (n->s->stmts[i].end > end)
			end = n->s->stmts[i].end;
	return end;
}

/* Sets n->s->restore to the nest's text from its first `for` (a
 * region's first statement) to its end (a region's last statement) with
 * every statement replaced by `;` (see at_scop.h).  Returns 0, or -1
 * when out of memory. */
static int at_fe_restore(at_fe_nest *n)
{
	const at_scop *s = n->s;
	const char *text = n->t->src->text;
	unsigned pos = n->body_begin, end = at_fe_body_end(n);
	at_buf b = { 0 };

	for (int i = 0; i < s->n_stmt; i++) {
		const at_stmt *st = &s->stmts[i];
		unsigned from = st->decl ? st->decl : st->begin;
		if (from < pos)
			continue;
		at_buf_addn(&b, text + pos, from - pos);
		at_buf_add(&b, ";");
		pos = st->end;
	}
	at_buf_addn(&b, text + pos, end - pos);
	n->s->restore = at_buf_take(&b);
	return n->s->restore ? 0 : -1;
}

/* Checks whether a loop iterator declared outside the nest may be read
 * after it: the transformed nest runs its own iterators and leaves those
 * variables as they were before it, so at_fe_restore then makes the text
 * that sets them after a transformed nest or region.  Returns 0, or -1
 * after reporting. */
static int at_fe_check_iters(at_fe_nest *n)
{
	for (int l = 0; l < n->s->n_loop; l++) {
		unsigned use = 0;
		int seen = 0;

		for (int k = 0; k < l; k++)
			seen |= clang_equalCursors(n->iter_decl[k],
				n->iter_decl[l]);
		if (seen || !at_fe_iter_live(n, n->iter_decl[l], &use))
			continue;
		if (at_fe_restore(n) == 0)
			return 0;
		at_fe_fail(n, n->s->loc.offset, "out of memory");
		return -1;
	}
	return 0;
}

/* Returns the number of loops all the statements idx[0..n) lie in. */
static int at_fe_shared_loops(const at_scop *s, const int *idx, int n)
{
	const at_stmt *first = &s->stmts[idx[0]];
	int p = first->n_loop;

	for (int i = 1; i < n; i++) {
		const at_stmt *st = &s->stmts[idx[i]];
		int k = 0;

		while (k < p && k < st->n_loop && st->loops[k] == first->loops[k])
			k++;
		p = k;
	}
	return p;
}

/* Returns the number of loops the statements idx[0..n) (in text order)
 * all lie in, when the first of them lies directly in the innermost of
 * those loops, under no `if`, and writes scalar a without reading it:
 * each iteration of those loops then overwrites a before reading it, so
 * each can have its own copy.  Returns 0 when that is not so. */
static int at_fe_private_depth(const at_scop *s, int a, const int *idx,
	int n)
{
	const at_stmt *first = &s->stmts[idx[0]];
	int d = at_fe_shared_loops(s, idx, n);

	if (d < 1 || first->n_loop != d || first->n_cond > 0 ||
	    at_scop_stmt_refers(first, a, AT_READ))
		return 0;
	return d;
}

/* Appends to start[] (positions in idx, plus `base`) the groups the
 * statements idx[0..n) of scalar a (in text order) split into, each of
 * which can have a copy per iteration of its loops
 * (at_fe_private_depth): all of them as one group, or else, among the
 * children of the loops all of them share (a statement, or a loop and
 * what it holds), the groups of each child in turn, a child that makes
 * no group joining the group of a statement child before it.  Each
 * group then ends before the next starts in every iteration of the
 * shared loops and starts by overwriting a, so none reads what another
 * wrote.  Returns 0, or -1 when some child can neither make groups nor
 * join one. */
static int at_fe_private_split(const at_scop *s, int a, const int *idx,
	int n, int base, int *start, int *ng)
{
	int p, open = 0;

	if (at_fe_private_depth(s, a, idx, n) > 0) {
		start[(*ng)++] = base;
		return 0;
	}
	p = at_fe_shared_loops(s, idx, n);
	for (int i = 0, j; i < n; i = j) {
		const at_stmt *st = &s->stmts[idx[i]];
		int mark = *ng;

		for (j = i + 1; j < n && st->n_loop > p &&
		     s->stmts[idx[j]].n_loop > p &&
		     s->stmts[idx[j]].loops[p] == st->loops[p]; j++)
			;
		if (j - i < n && at_fe_private_split(s, a, idx + i, j - i,
				base + i, start, ng) == 0) {
			open = st->n_loop == p;
			continue;
		}
		*ng = mark;
		if (!open)
			return -1;
	}
	return 0;
}

/* Splits the statements idx[0..n) of scalar a into groups
 * (at_fe_private_split) and writes the first statement (position in idx)
 * and the depth of each to start[] and depth[].  Returns the number of
 * groups, 0 when a cannot have copies. */
static int at_fe_private_groups(const at_scop *s, int a, const int *idx,
	int n, int *start, int *depth)
{
	int ng = 0;

	if (at_fe_private_split(s, a, idx, n, 0, start, &ng) < 0)
		return 0;
	for (int g = 0; g < ng; g++) {
		int end = g + 1 < ng ? start[g + 1] : n;
		depth[g] = at_fe_private_depth(s, a, idx + start[g],
			end - start[g]);
		if (depth[g] == 0)
			return 0;
	}
	return ng;
}

/* Returns 1 when every reference to scalar a in the statements idx[0..n)
 * is spelled in the file as the name of a's declaration (not through a
 * macro), so that it can be spelled differently. */
static int at_fe_spelled(const at_fe_nest *n, int a, const int *idx, int m)
{
	const at_fe_tu *t = n->t;

	for (int i = 0; i < m; i++) {
		const at_stmt *st = &n->s->stmts[idx[i]];

		for (int r = 0; r < st->n_ref; r++)
			if (st->refs[r].array == a && !at_fe_spelled_at(t,
			    st->refs[r].loc.offset, n->arr_decl[a]))
				return 0;
	}
	return 1;
}

/* Sorts the uses of st by offset (the order at_use's reader needs). */
static void at_fe_sort_uses(at_stmt *st)
{
	for (int i = 1; i < st->n_use; i++) {
		at_use u = st->uses[i];
		int j = i;

		for (; j > 0 && st->uses[j - 1].off > u.off; j--)
			st->uses[j] = st->uses[j - 1];
		st->uses[j] = u;
	}
}

/* Makes the statements idx[0..m) refer to a new local scalar of `depth`
 * loops instead of scalar a: a copy of a named by at_fe_local_name, each
 * of its spellings in those statements a use (at_use) of the new name.
 * Returns 0, or -1 when out of memory. */
static int at_fe_split_scalar(at_fe_nest *n, int a, const int *idx, int m,
	int depth)
{
	const at_fe_tu *t = n->t;
	at_scop *s = n->s;
	int na = s->n_array;
	at_array *arr;

	if (at_buf_grow((void **)&s->arrays, na, &n->cap_array,
			sizeof *s->arrays, 8) < 0 ||
	    at_buf_grow((void **)&n->arr_ptr, na, &n->cap_aptr,
			sizeof *n->arr_ptr, 8) < 0 ||
	    at_buf_grow((void **)&n->arr_decl, na, &n->cap_adecl,
			sizeof *n->arr_decl, 8) < 0)
		return -1;
	arr = &s->arrays[na];
	*arr = s->arrays[a];
	arr->name = at_fe_local_name(n, s->arrays[a].name);
	arr->elem_type = strdup(s->arrays[a].elem_type);
	arr->local = depth;
	arr->privatized = 1;
	n->arr_ptr[na] = 0;
	n->arr_decl[na] = n->arr_decl[a];
	s->n_array++;
	if (!arr->name || !arr->elem_type)
		return -1;
	for (int i = 0; i < m; i++) {
		at_stmt *st = &s->stmts[idx[i]];
		int cap = st->n_use;

		for (int r = 0; r < st->n_ref; r++)
			if (st->refs[r].array == a)
				st->refs[r].array = na;
		for (unsigned k = at_fe_tok_from(t, st->begin);
		     k < t->n_tok && t->off[k] < st->end; k++) {
			if (at_fe_names(t, k, n->arr_decl[a]) &&
			    at_fe_add_use(t, st, k, -1, na, &cap) < 0)
				return -1;
		}
		at_fe_sort_uses(st);
	}
	return 0;
}

/* Gives scalar a, declared outside the nest and written in it, a copy
 * per iteration of the loops around its uses (at_array.local, as if
 * declared there) when at_fe_private_groups splits its statements into
 * groups and its value after the nest is never read (at_fe_iter_live: a
 * non-volatile variable of the function whose address is not taken,
 * overwritten after the nest before any read).  The first group keeps
 * a; each other becomes a new local, renamed `<name>_<k>` (not when a
 * reference is spelled through a macro).  The generated block declares
 * them, hiding the outer variable, which keeps the value it had before
 * the nest.  Returns 0, or -1 when out of memory. */
static int at_fe_privatize_one(at_fe_nest *n, int a, int *idx, int *start,
	int *depth)
{
	at_scop *s = n->s;
	int m = 0, ng;
	unsigned use;

	if (s->arrays[a].n_dim || s->arrays[a].local ||
	    !at_fe_written(s, a) ||
	    clang_isVolatileQualifiedType(clang_getCursorType(n->arr_decl[a])))
		return 0;
	for (int i = 0; i < s->n_stmt; i++)
		if (at_scop_stmt_refers(&s->stmts[i], a, AT_READ | AT_WRITE)) {
			if (m > 0 && s->stmts[i].begin < s->stmts[idx[m - 1]].begin)
				return 0;	/* not in text order */
			idx[m++] = i;
		}
	ng = at_fe_private_groups(s, a, idx, m, start, depth);
	if (ng == 0 || (ng > 1 && !at_fe_spelled(n, a, idx + start[1],
	    m - start[1])) || at_fe_iter_live(n, n->arr_decl[a], &use))
		return 0;
	s->arrays[a].local = depth[0];
	s->arrays[a].privatized = 1;
	for (int g = 1; g < ng; g++) {
		int end = g + 1 < ng ? start[g + 1] : m;
		if (at_fe_split_scalar(n, a, idx + start[g], end - start[g],
				depth[g]) < 0)
			return -1;
	}
	return 0;
}

/* Applies at_fe_privatize_one to every scalar of the nest.  Returns 0, or
 * -1 after reporting. */
static int at_fe_privatize(at_fe_nest *n)
{
	at_scop *s = n->s;
	int na = s->n_array, rc = 0;
	int *idx = malloc((size_t)(3 * s->n_stmt + 1) * sizeof *idx);

	for (int a = 0; idx && rc == 0 && a < na; a++)
		rc = at_fe_privatize_one(n, a, idx, idx + s->n_stmt,
			idx + 2 * s->n_stmt);
	free(idx);
	if (!idx || rc < 0) {
		at_fe_fail(n, s->loc.offset, "out of memory");
		return -1;
	}
	return 0;
}

/* Replaces the symbol-space row *row by a malloc'd row in the global
 * columns of the scop.  Returns -1 when out of memory. */
static int at_fe_remap(const at_fe_nest *n, long **row)
{
	int nl = n->s->n_loop, ncol = at_scop_ncol(n->s);
	long *r = calloc((size_t)ncol, sizeof *r);

	if (!r)
		return -1;
	for (int k = 0; k < n->n_sym; k++)
		r[n->sym_loop[k] >= 0 ? n->sym_loop[k] :
		  nl + n->sym_param[k]] = (*row)[k];
	r[ncol - 1] = (*row)[AT_FE_CST];
	free(*row);
	*row = r;
	return 0;
}

/* Remaps the reference matrix *m (nd symbol-space rows) to the global
 * columns.  Returns -1 when out of memory. */
static int at_fe_remap_matrix(const at_fe_nest *n, long **m, int nd)
{
	int ncol = at_scop_ncol(n->s);
	long *r = calloc((size_t)(nd ? nd : 1) * (size_t)ncol, sizeof *r);

	if (!r)
		return -1;
	for (int i = 0; i < nd; i++) {
		long *row = malloc(AT_FE_ROW * sizeof *row);

		if (!row || (memcpy(row, *m + (size_t)i * AT_FE_ROW,
				AT_FE_ROW * sizeof *row),
			     at_fe_remap(n, &row) < 0)) {
			free(row);
			free(r);
			return -1;
		}
		memcpy(r + (size_t)i * (size_t)ncol, row,
			(size_t)ncol * sizeof *r);
		free(row);
	}
	free(*m);
	*m = r;
	return 0;
}

/* Remaps every row of the nest to the global columns.  Returns -1 when
 * out of memory. */
static int at_fe_remap_all(at_fe_nest *n)
{
	at_scop *s = n->s;

	for (int l = 0; l < s->n_loop; l++) {
		for (int k = 0; k < s->loops[l].n_lb; k++)
			if (at_fe_remap(n, &s->loops[l].lb[k].row) < 0)
				return -1;
		for (int k = 0; k < s->loops[l].n_ub; k++)
			if (at_fe_remap(n, &s->loops[l].ub[k].row) < 0)
				return -1;
	}
	for (int i = 0; i < s->n_stmt; i++) {
		at_stmt *st = &s->stmts[i];

		for (int r = 0; r < st->n_ref; r++)
			if (at_fe_remap_matrix(n, &st->refs[r].m,
					st->refs[r].n_dim) < 0)
				return -1;
		for (int c = 0; c < st->n_cond; c++)
			if (at_fe_remap(n, &st->cond[c]) < 0)
				return -1;
	}
	return 0;
}

/* Returns 1 if the function body `fn` may change its parameter `name`
 * (an assignment to it, an increment or decrement, or `&` before it),
 * judged by its tokens. */
static int at_fe_param_changed(const at_fe_tu *t, CXCursor fn,
	const char *name)
{
	unsigned b = 0, e = 0;

	if (at_fe_extent(t, fn, &b, &e) < 0)
		return 1;
	for (unsigned k = at_fe_tok_from(t, b); k < t->n_tok &&
	     t->off[k] < e; k++) {
		const char *prev = k > 0 ? t->spell[k - 1] : "";

		if (strcmp(t->spell[k], name))
			continue;
		if ((k + 1 < t->n_tok && at_fe_assign_tok(t->spell[k + 1])) ||
		    !strcmp(prev, "++") || !strcmp(prev, "--") ||
		    !strcmp(prev, "&"))
			return 1;
	}
	return 0;
}

/* Returns the value every call of `fn` in the file passes as its
 * argument `i`, when there is at least one call and each passes the same
 * integer constant; AT_SCOP_UNKNOWN otherwise. */
static long at_fe_call_value(const at_fe_tu *t, CXCursor fn, int i)
{
	CXCursor canon = clang_getCanonicalCursor(fn);
	long v = AT_SCOP_UNKNOWN;
	int seen = 0;

	for (int c = 0; c < t->n_call; c++) {
		CXCursor ref = clang_getCursorReferenced(t->calls[c]);
		CXEvalResult r;
		long a = AT_SCOP_UNKNOWN;

		if (clang_Cursor_isNull(ref) || !clang_equalCursors(
		    clang_getCanonicalCursor(ref), canon))
			continue;
		if (i >= clang_Cursor_getNumArguments(t->calls[c]))
			return AT_SCOP_UNKNOWN;
		r = clang_Cursor_Evaluate(clang_Cursor_getArgument(t->calls[c],
			(unsigned)i));
		if (r && clang_EvalResult_getKind(r) == CXEval_Int)
			a = (long)clang_EvalResult_getAsLongLong(r);
		if (r)
			clang_EvalResult_dispose(r);
		if (a == AT_SCOP_UNKNOWN || (seen && a != v))
			return AT_SCOP_UNKNOWN;
		v = a;
		seen = 1;
	}
	return v;
}

/* Returns the variable whose value parameter p has: the one macro p
 * expands to alone (at_fe_nest.param_alias), else p itself. */
static const char *at_fe_param_var(const at_fe_nest *n, int p)
{
	if (n->param_alias[p] == 1)
		for (int i = 0; i < n->n_mvar; i++)
			if (n->mvar[i].param == p)
				return n->mvar[i].name;
	return n->s->params[p];
}

/* Sets n->s->hint (see at_scop.h): the values clang gives the macro
 * parameters, and those the calls of the function that holds the nest
 * pass to its parameters (or to the one variable a macro parameter
 * expands to).  Returns -1 when out of memory. */
static int at_fe_param_hints(at_fe_nest *n)
{
	at_fe_tu *t = n->t;
	at_scop *s = n->s;
	CXCursor fn = at_fe_function_at(t, s->loc.offset);
	int na = clang_Cursor_isNull(fn) ? 0 :
		clang_Cursor_getNumArguments(fn), any = 0;

	if (s->n_param == 0)
		return 0;
	s->hint = malloc(s->n_param * sizeof(*s->hint));
	if (!s->hint)
		return -1;
	for (int p = 0; p < s->n_param; p++) {
		const char *var = at_fe_param_var(n, p);

		s->hint[p] = n->param_val[p];
		for (int i = 0; i < na && s->hint[p] == AT_SCOP_UNKNOWN; i++) {
			char *a = at_fe_cxstr(clang_getCursorSpelling(
				clang_Cursor_getArgument(fn, (unsigned)i)));
			int same = a && !strcmp(a, var);

			free(a);
			if (!same)
				continue;
			if (!at_fe_param_changed(t, fn, var))
				s->hint[p] = at_fe_call_value(t, fn, i);
			break;
		}
		any |= s->hint[p] != AT_SCOP_UNKNOWN;
	}
	if (!any) {
		free(s->hint);
		s->hint = NULL;
	}
	return 0;
}

/* Reports subscript `lin` as neither affine nor linearized by
 * parameters. */
static void at_fe_lin_bad(at_fe_nest *n, const at_fe_lin *lin)
{
	at_fe_fail(n, lin->b, "subscript `%.*s` of `%s` is not affine "
		"(products are read only as rows of a parameter's length, "
		"`i * n + j`)", (int)(lin->e - lin->b),
		n->t->src->text + lin->b, n->s->arrays[lin->array].name);
}

/* Sets size[] to the symbols that subscript lin splits by, innermost
 * first (at_fe_poly_size on it, then on the quotients), and returns
 * their number, or -1 after reporting. */
static int at_fe_lin_chain(at_fe_nest *n, const at_fe_lin *lin, int *size)
{
	int is_param[AT_FE_NSYM], ns = 0;
	at_fe_poly x;

	for (int k = 0; k < AT_FE_NSYM; k++)
		is_param[k] = k < n->n_sym && n->sym_param[k] >= 0;
	for (x = lin->x; x.n; ns++) {
		at_fe_poly q;
		at_fe_aff r;

		size[ns] = at_fe_poly_size(&x, is_param);
		if (size[ns] < 0 || ns == AT_MAX_DEPTH - 1 ||
		    at_fe_poly_split(&x, size[ns], &q, &r)) {
			at_fe_lin_bad(n, lin);
			return -1;
		}
		x = q;
	}
	return ns;
}

/* Sets size[] to the sizes of array a, innermost first: the longest
 * chain of its subscripts (a row written `((0) * NJ + j) * NK + k` has
 * one size where the others have two), and returns their number: 0 when
 * no subscript of a has a product, -1 after reporting. */
static int at_fe_lin_sizes(at_fe_nest *n, int a, int *size)
{
	int best = 0;

	for (int i = 0; i < n->n_lin; i++) {
		int chain[AT_MAX_DEPTH], ns;

		if (n->lin[i].array != a || !n->lin[i].x.n)
			continue;
		ns = at_fe_lin_chain(n, &n->lin[i], chain);
		if (ns < 0)
			return -1;
		if (ns > best) {
			memcpy(size, chain, (size_t)ns * sizeof *chain);
			best = ns;
		}
	}
	return best;
}

/* Writes the ns + 1 subscripts (symbol-space rows, outermost first) that
 * subscript lin of an array with sizes size[0..ns) (innermost first)
 * splits into to m (room for AT_MAX_DEPTH rows).  Returns -1 after
 * reporting when it does not split by them. */
static int at_fe_lin_split(at_fe_nest *n, const at_fe_lin *lin,
	const int *size, int ns, long *m)
{
	at_fe_poly x = lin->x;

	for (int k = 0; k < ns; k++) {
		at_fe_poly q;
		at_fe_aff r;

		if (at_fe_poly_split(&x, size[k], &q, &r)) {
			at_fe_fail(n, lin->b, "subscript `%.*s` of `%s` does "
				"not split into rows of `%s` elements as its "
				"other subscripts do", (int)(lin->e - lin->b),
				n->t->src->text + lin->b,
				n->s->arrays[lin->array].name,
				n->s->params[n->sym_param[size[0]]]);
			return -1;
		}
		memcpy(m + (size_t)(ns - k) * AT_FE_ROW, r.v, sizeof r.v);
		x = q;
	}
	if (x.n) {
		at_fe_lin_bad(n, lin);
		return -1;
	}
	memcpy(m, x.a.v, sizeof x.a.v);
	return 0;
}

/* Gives every reference of array a whose one subscript is lin (its READ
 * and WRITE for `+=`) a copy of the ns + 1 subscripts m.  Returns -1 when
 * out of memory. */
static int at_fe_lin_set(at_fe_nest *n, const at_fe_lin *lin, int ns,
	const long *m)
{
	size_t bytes = (size_t)(ns + 1) * AT_FE_ROW * sizeof *m;
	at_scop *s = n->s;

	for (int k = 0; k < s->n_stmt; k++)
		for (int i = 0; i < s->stmts[k].n_ref; i++) {
			at_ref *r = &s->stmts[k].refs[i];
			long *c;

			if (r->array != lin->array || r->loc.offset != lin->off)
				continue;
			c = malloc(bytes);
			if (!c)
				return -1;
			memcpy(c, m, bytes);
			free(r->m);
			r->m = c;
			r->n_dim = ns + 1;
		}
	return 0;
}

/* Reads every array with a linearized subscript (`a[i * n + j]`, see
 * src/frontend_int.h) as one of as many dimensions as its sizes plus
 * one, at_array.split and dim_param recording the sizes, whose bounds
 * at_fe_check_split then proves.  Returns -1 after reporting. */
static int at_fe_delinearize(at_fe_nest *n)
{
	at_scop *s = n->s;

	for (int a = 0; a < s->n_array; a++) {
		int size[AT_MAX_DEPTH], ns = at_fe_lin_sizes(n, a, size);

		if (ns <= 0) {
			if (ns < 0)
				return -1;
			continue;
		}
		for (int i = 0; i < n->n_lin; i++) {
			long m[AT_MAX_DEPTH * AT_FE_ROW];

			if (n->lin[i].array != a)
				continue;
			if (at_fe_lin_split(n, &n->lin[i], size, ns, m) < 0)
				return -1;
			if (at_fe_lin_set(n, &n->lin[i], ns, m) < 0) {
				at_fe_fail(n, n->lin[i].b, "out of memory");
				return -1;
			}
		}
		s->arrays[a].n_dim = ns + 1;
		s->arrays[a].split = ns;
		for (int d = 1; d <= ns; d++)
			s->arrays[a].dim_param[d] = n->sym_param[size[ns - d]];
	}
	return 0;
}

/* Appends row (global columns) to b as C: "2 * j - 1". */
static void at_fe_row_text(at_buf *b, const at_scop *s, const long *row)
{
	int ncol = at_scop_ncol(s), any = 0;

	for (int c = 0; c < ncol; c++) {
		long v = row[c], a = v < 0 ? -v : v;
		const char *name = c < s->n_loop ? s->loops[c].iter :
			c < ncol - 1 ? s->params[c - s->n_loop] : NULL;

		if (!v)
			continue;
		at_buf_add(b, any ? (v < 0 ? " - " : " + ") : (v < 0 ? "-" : ""));
		if (!name)
			at_buf_printf(b, "%ld", a);
		else if (a == 1)
			at_buf_add(b, name);
		else
			at_buf_printf(b, "%ld * %s", a, name);
		any = 1;
	}
	if (!any)
		at_buf_add(b, "0");
}

/* Adds t times the size of subscript d (d >= 1) of reference i of
 * statement k to that subscript and takes t from subscript d - 1: the
 * same element, q * s + r = (q - t) * s + (r + t * s). */
static void at_fe_split_move(const at_scop *s, int k, int i, int d, long t)
{
	const at_ref *ref = &s->stmts[k].refs[i];
	int ncol = at_scop_ncol(s);
	long *row = ref->m + (size_t)d * ncol;

	row[s->n_loop + s->arrays[ref->array].dim_param[d]] += t;
	row[-1] -= t;	/* the constant of subscript d - 1 */
}

/* Returns 1 when subscript d of reference i of statement k of a split
 * array stays in its row (at_scop_split_bad) at every parameter value,
 * or does once the size of subscript d is moved between it and
 * subscript d - 1, one or two either way (a[i * n + n - 1 - j] is a[i][n
 * - 1 - j], not a[i + 1][-1 - j]; the move is kept).  Otherwise returns
 * 0 with *bad the parameter values at which the subscript as written
 * leaves it; -1 on error. */
static int at_fe_split_fits(isl_ctx *ctx, const at_scop *s,
	__isl_keep isl_union_set *dom, int k, int i, int d,
	__isl_give isl_set **bad)
{
	static const long moves[] = { 0, 1, -1, 2, -2 };

	*bad = NULL;
	for (int m = 0; m < 5; m++) {
		isl_set *b;
		isl_bool empty;

		at_fe_split_move(s, k, i, d, moves[m]);
		b = at_scop_split_bad(ctx, s, dom, k, i, d);
		empty = isl_set_is_empty(b);
		if (empty != isl_bool_false) {
			isl_set_free(b);
			*bad = isl_set_free(*bad);
			return empty < 0 ? -1 : 1;
		}
		at_fe_split_move(s, k, i, d, -moves[m]);
		if (m == 0)
			*bad = b;
		else
			isl_set_free(b);
	}
	return 0;
}

/* Adds to *bad the parameter values at which a split array's subscript
 * leaves its row (at_fe_split_fits; each reference's subscripts
 * innermost first, as a move changes the one outside it), `dom` the
 * domain; sets *pk, *pi, *pd (statement, reference, subscript) to the
 * first that does, *pk to -1 when none does.  Returns 0, or -1 on error
 * (*bad freed). */
static int at_fe_split_bad(isl_ctx *ctx, at_scop *s,
	__isl_keep isl_union_set *dom, int *pk, int *pi, int *pd,
	isl_set **bad)
{
	*pk = -1;
	for (int k = 0; k < s->n_stmt && *bad; k++)
		for (int i = 0; i < s->stmts[k].n_ref && *bad; i++)
			for (int d = s->arrays[s->stmts[k].refs[i].array].split;
			     d >= 1 && *bad; d--) {
				isl_set *b;
				int f = at_fe_split_fits(ctx, s, dom, k, i, d,
					&b);

				if (f == 0 && *pk < 0) {
					*pk = k;
					*pi = i;
					*pd = d;
				}
				if (f < 0)
					*bad = isl_set_free(*bad);
				else if (f == 0)
					*bad = isl_set_union(*bad, b);
			}
	return *bad ? 0 : -1;
}

/* A division of at_fe_nest.trunc with its rows in the global columns,
 * for at_fe_trunc_where. */
struct at_fe_trunc_at {
	const at_fe_trunc *tr;
	long *x, *e;
};

/* Returns 1 when division tr bounds statement k of s. */
static int at_fe_trunc_owns(const at_fe_trunc *tr, const at_scop *s, int k)
{
	const at_stmt *st = &s->stmts[k];

	if (tr->loop < 0)
		return k >= tr->k0 && k < tr->k1;
	for (int p = 0; p < st->n_loop; p++)
		if (st->loops[p] == tr->loop)
			return 1;
	return 0;
}

/* at_scop_where_fn of a division (struct at_fe_trunc_at): the instances
 * of the statements it bounds at which C's rounding toward zero and the
 * rows' floor differ.  That is where e < 0 is not a multiple of d, with
 * t = floor(e / d) and C's quotient t + 1, and x at a value that one of
 * them admits: x < e / d admits x = t in C only, x <= e / d x = t + 1,
 * x > e / d admits x = t + 1 in the rows only, x >= e / d x = t, x ==
 * e / d t or t + 1; for the initial value of a loop whose step is not
 * +-1, any x (the start moves every iteration). */
static int at_fe_trunc_where(at_buf *b, const at_scop *s, int k, void *user)
{
	const struct at_fe_trunc_at *a = user;
	const at_fe_trunc *tr = a->tr;
	const at_loop *lp = tr->loop >= 0 ? &s->loops[tr->loop] : NULL;
	int r;

	if (!at_fe_trunc_owns(tr, s, k))
		return 0;
	/* e <= -1 and e - d floor(e / d) >= 1 */
	r = at_scop_isl_row(b, s, k, a->e);
	at_buf_add(b, " <= -1 and ");
	r |= at_scop_isl_row(b, s, k, a->e);
	at_buf_printf(b, " - %ld*floor(", tr->d);
	r |= at_scop_isl_row(b, s, k, a->e);
	at_buf_printf(b, "/%ld) >= 1", tr->d);
	if (lp && tr->init && lp->step != 1 && lp->step != -1)
		return r < 0 ? -1 : 1;
	for (int i = 0; i < (tr->rel == AT_FE_EQ ? 2 : 1); i++) {
		long plus = tr->rel == AT_FE_LE || tr->rel == AT_FE_GT || i;

		at_buf_add(b, " and ");
		r |= at_scop_isl_row(b, s, k, a->x);
		at_buf_add(b, tr->rel != AT_FE_EQ ? " = " : i ? " <= " : " >= ");
		at_buf_add(b, "floor(");
		r |= at_scop_isl_row(b, s, k, a->e);
		at_buf_printf(b, "/%ld) + %ld", tr->d, plus);
	}
	return r < 0 ? -1 : 1;
}

/* Returns division tr's rows x and e in the global columns in *a (freed
 * by the caller), or -1 when out of memory. */
static int at_fe_trunc_rows(const at_fe_nest *n, const at_fe_trunc *tr,
	struct at_fe_trunc_at *a)
{
	a->tr = tr;
	a->x = malloc(sizeof tr->x.v);
	a->e = malloc(sizeof tr->e.v);
	if (a->x)
		memcpy(a->x, tr->x.v, sizeof tr->x.v);
	if (a->e)
		memcpy(a->e, tr->e.v, sizeof tr->e.v);
	if (!a->x || !a->e || at_fe_remap(n, &a->x) < 0 ||
	    at_fe_remap(n, &a->e) < 0)
		return -1;
	return 0;
}

/* Adds to *bad the parameter values at which a division of n->trunc
 * (C's, rounding toward zero) makes other instances run than the rows'
 * floor (at_fe_trunc_where, on the relaxed domains); sets *pt to the
 * first division that does, -1 when none does.  Returns 0, or -1 on error
 * (*bad freed). */
static int at_fe_trunc_bad(isl_ctx *ctx, const at_fe_nest *n, int *pt,
	isl_set **bad)
{
	*pt = -1;
	for (int t = 0; t < n->n_trunc && *bad; t++) {
		struct at_fe_trunc_at a = { 0 };
		isl_union_set *u = NULL;
		isl_set *p;
		isl_bool empty;

		if (at_fe_trunc_rows(n, &n->trunc[t], &a) == 0)
			u = at_scop_relaxed_where(ctx, n->s, at_fe_trunc_where,
				&a);
		free(a.x);
		free(a.e);
		p = isl_union_set_params(u);
		empty = isl_set_is_empty(p);
		if (empty == isl_bool_false && *pt < 0)
			*pt = t;
		if (empty < 0) {
			isl_set_free(p);
			*bad = isl_set_free(*bad);
		} else {
			*bad = isl_set_union(*bad, p);
		}
	}
	return *bad ? 0 : -1;
}

/* Has isl find the parameter values at which the rows of the nest may
 * not be what C computes: a split array's subscript that leaves its row
 * (at_fe_split_bad), a division that rounds otherwise (at_fe_trunc_bad).
 * Returns 0 when there are none, or with s->guard and s->guard_why set
 * when they leave a wide enough set of the values at which the nest runs
 * (at_scop_guard); otherwise 1 with *pk, *pi, *pd the first split
 * subscript that leaves its row (*pk -1 when none does) and *pt the first
 * division that rounds otherwise; -1 on error (reported). */
static int at_fe_guard(isl_ctx *ctx, at_fe_nest *n, int *pk, int *pi,
	int *pd, int *pt)
{
	at_scop *s = n->s;
	isl_union_set *dom = at_scop_domain(ctx, s);
	isl_set *bad = dom ? isl_set_empty(isl_union_set_get_space(dom)) :
		NULL;
	int r = -1;

	*pk = *pt = -1;
	if (bad && at_fe_split_bad(ctx, s, dom, pk, pi, pd, &bad) == 0 &&
	    at_fe_trunc_bad(ctx, n, pt, &bad) == 0) {
		if (*pk < 0 && *pt < 0) {
			r = 0;		/* no guard: the rows are C's everywhere */
		} else {
			int g = at_scop_guard(dom, bad, &s->guard);

			bad = NULL;
			s->guard_why = (*pk >= 0 ? AT_GUARD_SPLIT : 0) |
				(*pt >= 0 ? AT_GUARD_DIV : 0);
			r = g < 0 ? -1 : !g;	/* guarded: 0, too thin: 1 */
		}
	}
	isl_union_set_free(dom);
	isl_set_free(bad);
	if (r < 0)
		at_diag(&s->loc, AT_ERROR, "internal: could not check the "
			"bounds of linearized subscripts and of divisions");
	return r;
}

/* Returns the kept subscript of reference ref (of a split array). */
static const at_fe_lin *at_fe_lin_of(const at_fe_nest *n, const at_ref *ref)
{
	int i = 0;

	while (i < n->n_lin - 1 && (n->lin[i].array != ref->array ||
	       n->lin[i].off != ref->loc.offset))
		i++;
	return &n->lin[i];
}

/* Reports division t of n->trunc as one that rounds otherwise than the
 * rows do, with no guard wide enough against it. */
static void at_fe_trunc_fail(at_fe_nest *n, int t)
{
	const at_fe_trunc *tr = &n->trunc[t];
	struct at_fe_trunc_at a = { 0 };
	at_buf b = { 0 };
	char *e = NULL;

	if (at_fe_trunc_rows(n, tr, &a) == 0) {
		at_fe_row_text(&b, n->s, a.e);
		e = at_buf_take(&b);
	}
	at_fe_fail(n, tr->off, "`%s` divided by %ld: C rounds the quotient "
		"toward zero, autotile's model of the nest rounds it down, and "
		"`%s` is negative at iterations where that changes which ones "
		"run, for values of the parameters that a check before the "
		"nest cannot leave out", e ? e : "?", tr->d, e ? e : "?");
	free(e);
	free(a.x);
	free(a.e);
}

/* Has isl prove what the rows of the nest assume: the bounds the split
 * arrays' subscripts need (0 <= j < n for a[i * n + j] read as a[i][j])
 * at every instance, and that each division in a bound or `if` rounds
 * as the rows do, for every parameter value or under a guard
 * (at_fe_guard).  Returns -1 after reporting the first that does not
 * hold. */
static int at_fe_check_guard(at_fe_nest *n)
{
	at_scop *s = n->s;
	int k = 0, i = 0, d = 0, t = -1, r, any = n->n_trunc > 0;
	isl_ctx *ctx;

	for (int a = 0; a < s->n_array; a++)
		any |= s->arrays[a].split > 0;
	if (!any)
		return 0;
	ctx = at_scop_ctx_alloc();
	if (!ctx) {
		at_fe_fail(n, s->loc.offset, "out of memory");
		return -1;
	}
	r = at_fe_guard(ctx, n, &k, &i, &d, &t);
	isl_ctx_free(ctx);
	if (r == 1 && k >= 0) {
		const at_ref *ref = &s->stmts[k].refs[i];
		const at_array *ar = &s->arrays[ref->array];
		const at_fe_lin *lin = at_fe_lin_of(n, ref);
		at_buf b = { 0 };
		char *txt;

		at_fe_row_text(&b, s, ref->m + (size_t)d * at_scop_ncol(s));
		txt = at_buf_take(&b);
		at_fe_fail(n, lin->b, "subscript `%.*s` of `%s` is read as rows "
			"of `%s` elements, which needs 0 <= %s < %s; the loop "
			"bounds do not guarantee it", (int)(lin->e - lin->b),
			n->t->src->text + lin->b, ar->name,
			s->params[ar->dim_param[ar->split]], txt ? txt : "?",
			s->params[ar->dim_param[d]]);
		free(txt);
	} else if (r == 1) {
		at_fe_trunc_fail(n, t);
	} else if (r < 0) {
		n->failed = 1;	/* at_fe_guard said why */
	}
	return r ? -1 : 0;
}

/* Appends `(void)name; ` to b unless b has it already. */
static void at_fe_add_void(at_buf *b, const char *name)
{
	char stmt[160];

	snprintf(stmt, sizeof stmt, "(void)%s;", name);
	if (b->s && strstr(b->s, stmt))
		return;
	at_buf_printf(b, "%s%s", b->len ? " " : "", stmt);
}

/* Sets s->unused (see at_scop.h): the variables declared outside the
 * nest that only the nest as written uses, which a transformed nest does
 * not: the iterators of its loops when no restore loops follow it, and
 * the scalars it made private.  Returns -1 when out of memory. */
static int at_fe_unused(at_fe_nest *n)
{
	at_scop *s = n->s;
	at_buf b = { 0 };

	for (int l = 0; l < s->n_loop && !s->restore; l++) {
		unsigned db = 0, de = 0;

		if (at_fe_extent(n->t, n->iter_decl[l], &db, &de) == 0 &&
		    (db < n->body_begin || db >= n->body_end))
			at_fe_add_void(&b, s->loops[l].iter);
	}
	for (int a = 0; a < s->n_array; a++)
		if (s->arrays[a].privatized) {
			char *name = at_fe_cxstr(clang_getCursorSpelling(
				n->arr_decl[a]));

			if (!name) {
				at_buf_clear(&b);
				return -1;
			}
			at_fe_add_void(&b, name);
			free(name);
		}
	if (b.len == 0)
		return at_buf_failed(&b) ? -1 : 0;
	s->unused = at_buf_take(&b);
	return s->unused ? 0 : -1;
}

/* Refuses a nest whose arrays or parameters have names with characters
 * other than ASCII letters, digits and `_` (C allows universal character
 * names; isl, which names its tuples and parameters by them, does not).
 * Also refuses one whose name isl's text syntax reserves
 * (at_scop_is_keyword).
 * Returns 0, or -1 after a warning. */
static int at_fe_check_names(at_fe_nest *n)
{
	at_scop *s = n->s;

	for (int i = 0; i < s->n_param + s->n_array; i++) {
		const char *name = i < s->n_param ? s->params[i] :
			s->arrays[i - s->n_param].name;

		if (at_scop_is_keyword(name)) {
			at_fe_fail(n, s->loc.offset, "`%s`: a name that isl's "
				"text syntax reserves (a keyword such as `mod`, "
				"`or`, `exists`, or S<digit>...)", name);
			return -1;
		}
		for (const char *c = name; *c; c++)
			if (!isalnum((unsigned char)*c) && *c != '_') {
				at_fe_fail(n, s->loc.offset, "`%s`: a name with "
					"characters other than ASCII letters, digits "
					"and `_`, which isl does not take", name);
				return -1;
			}
	}
	return 0;
}

/* Keeps the nest's loops out of threads (at_scop.serial, with a warning)
 * when the file reads what each thread has a copy of and the nest
 * changes: the floating-point environment (<fenv.h>: every
 * floating-point operation raises its exception flags and rounds by its
 * mode), or errno, which the nest's math calls may set
 * (at_fe_nest.errno_fn).  The worker threads of `omp parallel for` would
 * change their own.  Any use in the file counts, not one in another
 * file.  The file's tokens were looked at once (at_fe_thread_state). */
static void at_fe_check_threads(at_fe_nest *n)
{
	const at_fe_tu *t = n->t;
	unsigned k = t->fenv_tok;
	at_loc loc;

	if (k < t->n_tok) {
		n->s->serial = "the file uses the floating-point environment, "
			"which each thread has its own of";
		at_diag(&n->s->loc, AT_WARNING, "no loop of this nest runs in "
			"threads: the file uses `%s` (line %u), and each thread "
			"has floating-point exception flags and a rounding mode of "
			"its own", t->spell[k], at_fe_loc(t, t->off[k]).line);
		return;
	}
	if (!n->errno_fn[0] || (k = t->errno_tok) == t->n_tok)
		return;
	n->s->serial = "the file reads errno, which a math call of the nest "
		"may set and each thread has its own of";
	loc = at_fe_loc(t, n->errno_at);
	at_diag(&loc, AT_WARNING, "no loop of this nest runs in threads: "
		"`%s` may set errno, which the file reads (line %u) and each "
		"thread has its own of", n->errno_fn,
		at_fe_loc(t, t->off[k]).line);
}

/* Sets n->s->uguard (see at_scop.h) for the nest's parameters of a 64-bit
 * unsigned type: variables (`size_t n`) and macros that expand to such an
 * expression (`#define N ((size_t)m)`, `SIZE_MAX`), whose text the guard
 * repeats (at_fe_macro_param made sure it is one operand).  Returns -1
 * when out of memory. */
static int at_fe_uparams(at_fe_nest *n)
{
	at_scop *s = n->s;
	at_buf b = { 0 };

	for (int p = 0; p < s->n_param; p++)
		if (n->param_u64[p])
			at_buf_printf(&b, "%s%s <= 9223372036854775807UL",
				b.len ? " && " : "", s->params[p]);
	if (!b.len)
		return 0;
	s->uguard = at_buf_take(&b);
	return s->uguard ? 0 : -1;
}

/* Returns 1 when an array of canonical element type `ty` holds integers
 * (char and _Bool too), which a member read as a parameter may be. */
static int at_fe_int_elem(const char *ty)
{
	return strcmp(ty, "float") && strcmp(ty, "double") &&
		strcmp(ty, "long double") && !strstr(ty, "omplex");
}

/* Returns 1 when member parameter m of n is read whenever the nest runs
 * (at_fe_member.read), or another through the same pointer is: `g->r.lo`
 * when `g->n` is (the same text up to the last `->`), since reading one
 * makes the pointer valid. */
static int at_fe_member_read(const at_fe_nest *n, const struct at_fe_member *m)
{
	const char *e = m->text, *p;
	size_t len;

	while ((p = strstr(e, "->")) != NULL)
		e = p + 2;
	len = (size_t)(e - m->text);
	for (int i = 0; i < n->n_member; i++)
		if (n->member[i].read && (&n->member[i] == m ||
		    !strncmp(n->member[i].text, m->text, len)))
			return 1;
	return 0;
}

/* Checks that the nest cannot change a member it reads as a parameter
 * (struct at_fe_member): it writes neither the variable the member is
 * read from nor any integer array (which a pointer may make the member
 * itself); and that the copy made before the nest reads nothing the nest
 * as written might not (at_fe_member_read).  Returns -1 after
 * reporting. */
static int at_fe_check_members(at_fe_nest *n)
{
	const at_scop *s = n->s;

	for (int i = 0; i < n->n_member; i++) {
		unsigned at = n->member[i].off;

		if (!at_fe_member_read(n, &n->member[i])) {
			at_fe_fail(n, at, "`%s` is read only inside the nest's "
				"loops, which may not run (the pointer may then be "
				"invalid): autotile reads a member through `->` once "
				"before the nest only when the nest as written reads "
				"it in an outermost loop's header; copy it into a "
				"local variable before the nest", n->member[i].text);
			return -1;
		}
		if (at_fe_changed(n, n->member[i].base, &at)) {
			at_fe_fail(n, at, "`%s`, whose member `%s` a bound or "
				"subscript reads, is written inside the loop nest",
				n->member[i].base, n->member[i].text);
			return -1;
		}
	}
	for (int st = 0; n->n_member && st < s->n_stmt; st++)
		for (int r = 0; r < s->stmts[st].n_ref; r++) {
			const at_ref *ref = &s->stmts[st].refs[r];
			const at_array *a = &s->arrays[ref->array];

			if (ref->kind != AT_WRITE || !at_fe_int_elem(a->elem_type))
				continue;
			at_fe_fail(n, ref->loc.offset, "the nest writes `%s`, of "
				"integers, which may hold `%s` (read once as a "
				"parameter): copy the member into a local variable "
				"before the nest", a->name, n->member[0].text);
			return -1;
		}
	return 0;
}

/* Sets n->s->hoist (see at_scop.h) from the members read as parameters.
 * Returns -1 when out of memory. */
static int at_fe_hoist(at_fe_nest *n)
{
	at_buf b = { 0 };

	for (int i = 0; i < n->n_member; i++) {
		char *ty = at_fe_type_name(n->member[i].type);

		/* (void): a member only a statement's subscript reads is
		 * read there as written, so the copy may be unused */
		at_buf_printf(&b, "%sconst %s %s = %s; (void)%s;", i ? " " : "",
			ty ? ty : "", n->member[i].name, n->member[i].text,
			n->member[i].name);
		if (!ty)
			b.failed = 1;
		free(ty);
	}
	if (!n->n_member)
		return 0;
	n->s->hoist = at_buf_take(&b);
	return n->s->hoist ? 0 : -1;
}

/* Checks and remaps the extracted nest.  Returns -1 after reporting. */
static int at_fe_finish(at_fe_nest *n)
{
	if (n->failed || at_fe_check_names(n) < 0 ||
	    at_fe_check_params(n) < 0 || at_fe_check_members(n) < 0 ||
	    at_fe_check_scalar_alias(n) < 0 ||
	    at_fe_check_alias(n) < 0 || at_fe_check_iters(n) < 0 ||
	    at_fe_delinearize(n) < 0)
		return -1;
	if (at_fe_privatize(n) < 0)
		return -1;
	if (n->s->n_loop == 0 || n->s->n_stmt == 0) {
		at_fe_fail(n, n->s->loc.offset, "the marked code contains no "
			"%s", n->s->n_loop ? "statement" : "loop");
		return -1;
	}
	if (at_fe_remap_all(n) < 0 || at_fe_param_hints(n) < 0 ||
	    at_fe_unused(n) < 0) {
		at_fe_fail(n, n->s->loc.offset, "out of memory");
		return -1;
	}
	if (at_fe_check_guard(n) < 0)
		return -1;
	if (at_fe_uparams(n) < 0 || at_fe_hoist(n) < 0 || (n->dguard.len &&
	    !(n->s->dguard = at_buf_take(&n->dguard)))) {
		at_fe_fail(n, n->s->loc.offset, "out of memory");
		return -1;
	}
	at_fe_check_threads(n);
	return 0;
}

static unsigned at_fe_line_start(const at_fe_tu *t, unsigned off);

/* Sets s->written (see at_scop.h) to the nest's text: from the start of
 * the line of its first top-level statement (from the statement when
 * something else comes before it on that line) to the end of its last
 * one, `;` included.  Returns -1 when out of memory. */
static int at_fe_as_written(at_fe_nest *n)
{
	at_scop *s = n->s;
	const char *text = n->t->src->text;
	unsigned b = at_fe_line_start(n->t, n->body_begin);
	unsigned e = at_fe_body_end(n);

	for (unsigned j = b; j < n->body_begin; j++)
		if (text[j] != ' ' && text[j] != '\t')
			b = n->body_begin;
	s->written = at_fe_strndup(text + b, e - b);
	return s->written ? 0 : -1;
}

/* Extracts the nest whose top-level statements are top[0..n_top) into
 * `s` (whose file, range and pragma fields are set).  Returns `s`, or
 * NULL after reporting (then `s` is freed). */
static unsigned at_fe_pragma(const at_fe_tu *t, unsigned k);
static int at_fe_line_first(const at_fe_tu *t, unsigned k);

/* Returns 1 when a token of bytes [b, e) is the `#` of a preprocessor
 * directive, first on its line, other than `#pragma autotile`
 * (autotile's own, which marks a nest inside a region); *at is its
 * byte. */
static int at_fe_has_directive(const at_fe_tu *t, unsigned b, unsigned e,
	unsigned *at)
{
	for (unsigned k = at_fe_tok_from(t, b); k < t->n_tok && t->off[k] < e;
	     k++) {
		unsigned w;

		if (!at_fe_is_hash(t, k) || !at_fe_line_first(t, k))
			continue;
		w = at_fe_pragma(t, k);
		if (w && at_fe_is(t, w, "autotile"))
			continue;
		*at = t->off[k];
		return 1;
	}
	return 0;
}

/* Returns 1 for the token `_Pragma`. */
static int at_fe_pragma_op_tok(const char *s)
{
	return !strcmp(s, "_Pragma");
}

/* Refuses a nest whose text holds what the transformed nest, printed
 * again from its statements in another order and on other lines, would
 * lose or change: a preprocessor directive or a `_Pragma` operator (a
 * #define or #undef there would no longer apply where it did, an #if
 * would keep only the branch autotile saw, whatever -D flags the output
 * is built with, an `omp atomic` would be dropped), `typeof` (the
 * declarations the transformed nest hoists would name their operands
 * elsewhere), a range
 * the preprocessor skipped, `__LINE__` or `__COUNTER__`, or a macro that
 * stringizes or pastes (`#`, `##`: the iterators renamed in its
 * arguments would change its text).  Returns 0, or -1 after a warning. */
static int at_fe_check_text(at_fe_nest *n)
{
	const at_fe_tu *t = n->t;
	unsigned b = n->body_begin, e = n->body_end, at;

	if (at_fe_has_directive(t, b, e, &at)) {
		at_fe_fail(n, at, "preprocessor directive inside the loop nest "
			"(the transformed nest would not keep it where it "
			"applies)");
		return -1;
	}
	for (unsigned i = 0; t->skipped && i < t->skipped->count; i++) {
		unsigned sb, se;

		if (at_fe_offset(t, clang_getRangeStart(t->skipped->ranges[i]),
				&sb) == 0 &&
		    at_fe_offset(t, clang_getRangeEnd(t->skipped->ranges[i]),
				&se) == 0 && sb < e && se > b) {
			at_fe_fail(n, sb, "code the preprocessor skipped (`#if`) "
				"inside the loop nest");
			return -1;
		}
	}
	for (unsigned k = at_fe_tok_from(t, b); k < t->n_tok && t->off[k] < e;
	     k++) {
		CXCursor seen[AT_FE_MACRO_SEEN];
		int n_seen = 0;

		if (!strcmp(t->spell[k], "typeof") ||
		    !strcmp(t->spell[k], "__typeof__") ||
		    !strcmp(t->spell[k], "__typeof")) {
			at_fe_fail(n, t->off[k], "`%s` inside the loop nest (a "
				"declaration autotile moves to the top of the "
				"transformed nest would name its operand where "
				"that is not declared, or is another variable)",
				t->spell[k]);
			return -1;
		}
		if (at_fe_line_tok(t->spell[k])) {
			at_fe_fail(n, t->off[k], "`%s` inside the loop nest (the "
				"transformed statements stand on other lines)",
				t->spell[k]);
			return -1;
		}
		if (clang_getCursorKind(t->ann[k]) == CXCursor_MacroExpansion &&
		    at_fe_def_has(t, clang_getCursorReferenced(t->ann[k]),
			at_fe_line_tok, seen, &n_seen)) {
			at_fe_fail(n, t->off[k], "macro `%s` expands to `__LINE__` "
				"or `__COUNTER__` inside the loop nest (the "
				"transformed statements stand on other lines)",
				t->spell[k]);
			return -1;
		}
		n_seen = 0;
		if (at_fe_pragma_op_tok(t->spell[k]) ||
		    (clang_getCursorKind(t->ann[k]) == CXCursor_MacroExpansion &&
		     at_fe_def_has(t, clang_getCursorReferenced(t->ann[k]),
			at_fe_pragma_op_tok, seen, &n_seen))) {
			at_fe_fail(n, t->off[k], "`_Pragma` operator inside the "
				"loop nest (the transformed nest would not keep it "
				"where it applies)");
			return -1;
		}
		n_seen = 0;
		if (clang_getCursorKind(t->ann[k]) == CXCursor_MacroExpansion &&
		    at_fe_def_has(t, clang_getCursorReferenced(t->ann[k]),
				at_fe_paste_tok, seen, &n_seen)) {
			at_fe_fail(n, t->off[k], "macro `%s` stringizes or "
				"pastes tokens (`#`, `##`), those of the iterators "
				"the transformed nest renames too", t->spell[k]);
			return -1;
		}
	}
	return 0;
}

static at_scop *at_fe_extract(at_fe_tu *t, at_scop *s, const CXCursor *top,
	int n_top)
{
	at_fe_nest *n = calloc(1, sizeof *n);
	unsigned b = 0, e = 0;
	int r;

	if (!n) {
		at_diag(&s->loc, AT_ERROR, "out of memory");
		at_scop_free(s);
		return NULL;
	}
	n->t = t;
	n->s = s;
	at_fe_extent(t, top[0], &n->body_begin, &e);
	at_fe_extent(t, top[n_top - 1], &b, &n->body_end);
	at_fe_check_text(n);
	for (int i = 0; i < n_top && !n->failed; i++)
		at_fe_walk(n, top[i]);
	r = at_fe_finish(n);
	if (r == 0 && at_scop_versioned(s) && at_fe_as_written(n) < 0) {
		at_diag(&s->loc, AT_ERROR, "out of memory");
		r = -1;
	}
	at_fe_pop_conds(n, 0);
	free(n->cond);
	free(n->arr_ptr);
	free(n->arr_decl);
	free(n->lin);
	free(n->trunc);
	for (int i = 0; i < n->n_mvar; i++)
		free(n->mvar[i].name);
	free(n->mvar);
	at_buf_clear(&n->dguard);
	for (int i = 0; i < n->n_member; i++) {
		free(n->member[i].text);
		free(n->member[i].name);
		free(n->member[i].base);
	}
	free(n->member);
	free(n);
	if (r < 0) {
		at_scop_free(s);
		return NULL;
	}
	return s;
}

/* ------------------------------------------------------------------ */
/* Pragmas                                                             */
/* ------------------------------------------------------------------ */

/* Returns the offset of the newline ending the line that contains byte
 * `off` (or the file length), following backslash continuations (a
 * backslash before LF or before CR LF). */
static unsigned at_fe_line_end(const at_fe_tu *t, unsigned off)
{
	const char *text = t->src->text;
	unsigned len = (unsigned)t->src->len;

	while (off < len) {
		unsigned b = off > 0 && text[off - 1] == '\r' ? off - 1 : off;

		if (text[off] == '\n' && !(b > 0 && text[b - 1] == '\\'))
			return off;
		off++;
	}
	return len;
}

/* Returns the offset of the start of the line containing byte `off`. */
static unsigned at_fe_line_start(const at_fe_tu *t, unsigned off)
{
	while (off > 0 && t->src->text[off - 1] != '\n')
		off--;
	return off;
}

/* Returns 1 when token k is the first thing on its line (blanks only
 * before it), as the `#` of a directive is. */
static int at_fe_line_first(const at_fe_tu *t, unsigned k)
{
	for (unsigned j = at_fe_line_start(t, t->off[k]); j < t->off[k]; j++)
		if (t->src->text[j] != ' ' && t->src->text[j] != '\t')
			return 0;
	return 1;
}

/* When token k is the `#` of a `#pragma WORD` directive outside skipped
 * code, returns the index of the WORD token; otherwise 0. */
static unsigned at_fe_pragma(const at_fe_tu *t, unsigned k)
{
	unsigned le;

	if (!at_fe_is_hash(t, k) || !at_fe_is(t, k + 1, "pragma") ||
	    !at_fe_is_ident(t, k + 2) || !at_fe_line_first(t, k))
		return 0;
	le = at_fe_line_end(t, t->off[k]);
	if (t->off[k + 2] >= le || at_fe_is_skipped(t, t->off[k]))
		return 0;
	return k + 2;
}

/* Returns the start of the line of the outermost `#if`, `#ifdef` or
 * `#ifndef` still open at byte `off` of the file, or off when none is:
 * where text inserted for every nest (the helpers) stays outside each
 * conditional, so that the output still builds with other -D flags. */
static unsigned at_fe_outside_conds(const at_fe_tu *t, unsigned off)
{
	unsigned start = off;
	int depth = 0;

	for (unsigned k = 0; k + 1 < t->n_tok && t->off[k] < off; k++) {
		if (!at_fe_is_hash(t, k) || !at_fe_line_first(t, k))
			continue;
		if (at_fe_is(t, k + 1, "if") || at_fe_is(t, k + 1, "ifdef") ||
		    at_fe_is(t, k + 1, "ifndef")) {
			if (depth++ == 0)
				start = at_fe_line_start(t, t->off[k]);
		} else if (at_fe_is(t, k + 1, "endif") && depth > 0) {
			depth--;
		}
	}
	return depth > 0 ? start : off;
}

/* Replaces the comments in pragma text `p` (block comments, and line
 * comments to the end of the line) with spaces, as the preprocessor
 * does. */
static void at_fe_blank_comments(char *p)
{
	while (*p) {
		char *end = p + 1, *close;

		if (p[0] == '/' && p[1] == '*')
			end = (close = strstr(p + 2, "*/")) ? close + 2 :
				p + strlen(p);
		else if (p[0] == '/' && p[1] == '/')
			end = p + strcspn(p, "\n");
		else {
			p = end;
			continue;
		}
		while (p < end)
			*p++ = ' ';
	}
}

/* Returns the start of what belongs to the function definition that
 * starts at byte `off`: the C2x attributes `[[...]]`, `_Pragma(...)`
 * operators and `#pragma` lines right before it (`#pragma omp declare
 * simd` applies to the next function), so that text autotile inserts
 * before the function does not come between them.  `#pragma omp declare
 * target` (a region the function is in) stays after. */
static unsigned at_fe_func_head(const at_fe_tu *t, unsigned off)
{
	unsigned k = at_fe_tok_from(t, off), j, w;

	for (;;) {
		if (k >= 2 && at_fe_is(t, k - 1, "]") &&
		    at_fe_is(t, k - 2, "]")) {
			int depth = 0;

			for (j = k; j-- > 0;) {
				depth += at_fe_is(t, j, "]") - at_fe_is(t, j, "[");
				if (depth == 0)
					break;
			}
			if (j + 1 == 0 || !at_fe_is(t, j + 1, "["))
				break;
			k = j;
			continue;
		}
		if (k >= 4 && at_fe_is(t, k - 1, ")") &&
		    at_fe_is(t, k - 3, "(") && at_fe_is(t, k - 4, "_Pragma")) {
			k -= 4;
			continue;
		}
		for (j = k; j-- > 0 && !at_fe_line_first(t, j);)
			;
		if (k == 0 || j + 1 == 0 || !(w = at_fe_pragma(t, j)) ||
		    at_fe_line_end(t, t->off[j]) < t->off[k - 1] ||
		    (at_fe_is(t, w, "omp") && at_fe_is(t, w + 1, "declare") &&
		     at_fe_is(t, w + 2, "target")))
			break;
		k = j;
	}
	return k < t->n_tok && t->off[k] < off ? t->off[k] : off;
}

/* Returns a new scop for the pragma whose `#` is token k, with clause
 * text [cb, ce) and the enclosing function `fn`; NULL when out of
 * memory. */
static at_scop *at_fe_new_scop(const at_fe_tu *t, unsigned k, unsigned cb,
	unsigned ce, CXCursor fn, int is_region)
{
	at_scop *s = calloc(1, sizeof *s);
	unsigned ls = at_fe_line_start(t, t->off[k]), e = 0;
	const char *text = t->src->text;

	if (!s)
		return NULL;
	s->memo = at_scop_memo_new();
	while (cb < ce && (text[cb] == ' ' || text[cb] == '\t'))
		cb++;
	while (ce > cb && (text[ce - 1] == ' ' || text[ce - 1] == '\t' ||
			   text[ce - 1] == '\r'))
		ce--;
	s->file = t->src->path;
	s->begin = ls;
	s->loc = at_fe_loc(t, t->off[k]);
	s->is_region = is_region;
	at_fe_extent(t, fn, &s->func_begin, &e);
	s->func_begin = at_fe_outside_conds(t, at_fe_func_head(t,
		s->func_begin));
	s->clauses = at_fe_strndup(text + cb, ce - cb);
	s->indent = at_fe_strndup(text + ls, t->off[k] - ls);
	if (!s->clauses || !s->indent) {
		at_scop_free(s);
		return NULL;
	}
	for (char *p = s->clauses; *p; p++)	/* continuation lines */
		if (*p == '\\' && (p[1] == '\n' || p[1] == '\r'))
			*p = ' ';
	at_fe_blank_comments(s->clauses);
	return s;
}

/* Sets s->indent to the leading white space of the line holding the
 * nest's first loop or statement (the pragma itself is often at column 1).
 * Returns -1 when out of memory. */
static int at_fe_nest_indent(const at_fe_tu *t, at_scop *s)
{
	unsigned first = s->end, ls, e;
	const char *text = t->src->text;
	char *indent;

	if (s->n_loop > 0)
		first = s->loops[0].loc.offset;
	if (s->n_stmt > 0 && s->stmts[0].begin < first)
		first = s->stmts[0].begin;
	ls = at_fe_line_start(t, first);
	for (e = ls; e < first && (text[e] == ' ' || text[e] == '\t'); e++)
		;
	indent = at_fe_strndup(text + ls, e - ls);
	if (!indent)
		return -1;
	free(s->indent);
	s->indent = indent;
	return 0;
}

/* Appends the extracted scop `s` (may be NULL) to the source.  Returns
 * -1 when out of memory. */
static int at_fe_keep(at_fe_tu *t, at_scop *s)
{
	at_source *src = t->src;
	at_scop **v;

	if (!s)
		return 0;
	for (int i = 0; i < s->n_stmt; i++)
		if (s->stmts[i].end > s->end)
			s->end = s->stmts[i].end;
	if (s->begin < t->last_end) {
		at_diag(&s->loc, AT_WARNING, "pragma inside another marked "
			"nest; ignored");
		at_scop_free(s);
		return 0;
	}
	v = at_fe_nest_indent(t, s) < 0 ? NULL :
		realloc(src->scops, (size_t)(src->n_scop + 1) * sizeof *v);
	if (!v) {
		at_scop_free(s);
		return -1;
	}
	src->scops = v;
	src->scops[src->n_scop++] = s;
	t->last_end = s->end;
	return 0;
}

/* Sets [*cb, *ce) to the clause text of the pragma whose word is token
 * w: from the token after the word to the last token of the line, so
 * that a trailing comment is not part of it. */
static void at_fe_clauses(const at_fe_tu *t, unsigned w, unsigned *cb,
	unsigned *ce)
{
	unsigned le = at_fe_line_end(t, t->off[w]);

	*cb = *ce = at_fe_tok_end(t, w);
	for (unsigned j = w + 1; j < t->n_tok && t->off[j] < le; j++)
		*ce = at_fe_tok_end(t, j);
}

/* Returns 1 when the pragma whose word is token w is one that does not
 * apply to the statement after it (diagnostics, optimization options,
 * packing, `once`, STDC's, another autotile or scop mark). */
static int at_fe_pragma_harmless(const at_fe_tu *t, unsigned w)
{
	static const char *const words[] = { "once", "pack", "message",
		"weak", "STDC", "region", "endregion", "autotile", "scop",
		"endscop", "redefine_extname" };
	static const char *const gcc[] = { "diagnostic", "optimize",
		"push_options", "pop_options", "reset_options", "target",
		"visibility", "poison", "system_header", "warning", "error",
		"dependency" };

	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (at_fe_is(t, w, words[i]))
			return 1;
	if ((at_fe_is(t, w, "GCC") || at_fe_is(t, w, "clang")) &&
	    w + 1 < t->n_tok)
		for (size_t i = 0; i < sizeof gcc / sizeof *gcc; i++)
			if (at_fe_is(t, w + 1, gcc[i]))
				return 1;
	return 0;
}

/* When the token before token k ends a `_Pragma(...)` operator, or is a
 * macro whose expansion holds one (`#define PAR _Pragma("omp parallel
 * for")`), returns the index of that operator's or macro's first
 * token; otherwise 0. */
static unsigned at_fe_pragma_op_before(const at_fe_tu *t, unsigned k)
{
	unsigned j = k - 1;
	int depth = 0;

	if (at_fe_is(t, j, ")")) {
		do {
			depth += at_fe_is(t, j, ")") - at_fe_is(t, j, "(");
		} while (depth > 0 && j-- > 0);
		return j > 0 && depth == 0 && at_fe_is(t, j - 1, "_Pragma") ?
			j - 1 : 0;
	}
	if (clang_getCursorKind(t->ann[j]) == CXCursor_MacroExpansion) {
		CXCursor seen[AT_FE_MACRO_SEEN];
		int n_seen = 0;

		if (at_fe_def_has(t, clang_getCursorReferenced(t->ann[j]),
				at_fe_pragma_op_tok, seen, &n_seen))
			return j;
	}
	return 0;
}

/* When the directive whose `#` is token k has just above it (comments
 * and blank lines between) a `#pragma` that may apply to the statement
 * after it (`omp parallel for`, `GCC unroll 4`, ...: not
 * at_fe_pragma_harmless), returns the index of that pragma's `#`;
 * otherwise 0. */
static unsigned at_fe_pragma_above(const at_fe_tu *t, unsigned k)
{
	const char *text = t->src->text;
	unsigned j, ls, w;

	if (k == 0)
		return 0;
	j = k - 1;
	ls = at_fe_line_start(t, t->off[j]);
	while (ls >= 2 && text[ls - 1] == '\n' && (text[ls - 2] == '\\' ||
	       (ls >= 3 && text[ls - 2] == '\r' && text[ls - 3] == '\\')))
		ls = at_fe_line_start(t, ls - 2);	/* a continued line */
	while (j > 0 && t->off[j - 1] >= ls)
		j--;
	w = at_fe_pragma(t, j);
	if (w)
		return at_fe_pragma_harmless(t, w) ? 0 : j;
	return at_fe_pragma_op_before(t, k);
}

/* Warns that the pragma whose `#` is token p, above the mark at `loc`,
 * applies to the code that autotile would replace.  Returns 1. */
static int at_fe_above_fail(const at_fe_tu *t, unsigned p, const at_loc *loc)
{
	unsigned le = at_fe_line_end(t, t->off[p]), n = le - t->off[p];
	const char *text = t->src->text + t->off[p];
	char shown[64];
	size_t m = 0;

	/* continuation lines joined, blanks after them dropped */
	for (unsigned i = 0; i < n && m + 1 < sizeof shown; i++) {
		if (text[i] == '\\' && (text[i + 1] == '\n' ||
		    text[i + 1] == '\r')) {
			while (i + 1 < n && isspace((unsigned char)text[i + 1]))
				i++;
			if (m && shown[m - 1] != ' ')
				shown[m++] = ' ';
		} else if (text[i] != '\n' && text[i] != '\r') {
			shown[m++] = text[i];
		}
	}
	while (m > 0 && isspace((unsigned char)shown[m - 1]))
		m--;
	shown[m] = '\0';
	at_diag(loc, AT_WARNING, "`%s` on the line above applies to the code "
		"that autotile would replace; remove it (autotile writes OpenMP "
		"pragmas of its own) or the mark; loop nest left unchanged",
		shown);
	return 1;
}

/* The declarations of one function, as at_fe_decl_visit reads them. */
struct at_fe_decls {
	const at_fe_tu *t;
	CXCursor fn;		/* the definition */
	int external;		/* 1: one of them makes it an external one */
};

/* Returns 1 when a token of declaration c before its name is `word`. */
static int at_fe_decl_says(CXTranslationUnit tu, CXCursor c,
	const char *word)
{
	CXSourceRange r = clang_getRange(clang_getRangeStart(
		clang_getCursorExtent(c)), clang_getCursorLocation(c));
	CXToken *tok = NULL;
	unsigned n = 0;
	int found = 0;

	clang_tokenize(tu, r, &tok, &n);
	for (unsigned i = 0; i < n && !found; i++) {
		CXString sp = clang_getTokenSpelling(tu, tok[i]);
		const char *w = clang_getCString(sp);

		found = !strcmp(w, word) || (!strcmp(word, "inline") &&
			(!strcmp(w, "__inline") || !strcmp(w, "__inline__")));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, tok, n);
	return found;
}

/* Visits a file-scope cursor: a declaration of d->fn says `extern`, or
 * (another than the definition) does not say `inline`, makes the
 * definition an external one (C11 6.7.4p7). */
static enum CXChildVisitResult at_fe_decl_visit(CXCursor c, CXCursor parent,
	CXClientData data)
{
	struct at_fe_decls *d = data;
	CXTranslationUnit tu = d->t->tu;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_equalCursors(clang_getCanonicalCursor(c),
	    clang_getCanonicalCursor(d->fn)))
		return CXChildVisit_Continue;
	if (at_fe_decl_says(tu, c, "extern") ||
	    (!clang_equalCursors(c, d->fn) && !at_fe_decl_says(tu, c,
	    "inline")))
		d->external = 1;
	return d->external ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Returns 1, after a warning at loc, when function definition fn is an
 * inline definition with external linkage (every file-scope declaration
 * says `inline`, none `extern`): C11 6.7.4p3 forbids it to call the static
 * helpers of generated loop bounds.  Returns 0 otherwise. */
static int at_fe_inline_refused(const at_fe_tu *t, CXCursor fn,
	const at_loc *loc)
{
	struct at_fe_decls d = { t, fn, 0 };
	CXString name;

	if (!clang_Cursor_isFunctionInlined(fn) ||
	    clang_getCursorLinkage(fn) != CXLinkage_External)
		return 0;
	clang_visitChildren(clang_getTranslationUnitCursor(t->tu),
		at_fe_decl_visit, &d);
	if (d.external)
		return 0;
	name = clang_getCursorSpelling(fn);
	at_diag(loc, AT_WARNING, "function `%s` is an inline definition with "
		"external linkage, which may not call the static helpers of "
		"generated loop bounds (C11 6.7.4p3); declare it `static "
		"inline`; loop nest left unchanged", clang_getCString(name));
	clang_disposeString(name);
	return 1;
}

/* Warns that the `#pragma autotile` at loc is not followed by a `for`
 * loop, naming what token nx, the first after its line, is when that
 * explains it: a macro, or a preprocessor directive. */
static void at_fe_no_loop(const at_fe_tu *t, unsigned nx, const at_loc *loc)
{
	if (nx < t->n_tok && nx + 1 < t->n_tok && at_fe_is_hash(t, nx))
		at_diag(loc, AT_WARNING, "`#%s` between `#pragma autotile` and "
			"its loop (put the mark right above the loop); loop nest "
			"left unchanged", t->spell[nx + 1]);
	else if (nx < t->n_tok &&
	    clang_getCursorKind(t->ann[nx]) == CXCursor_MacroExpansion)
		at_diag(loc, AT_WARNING, "`#pragma autotile` is followed by "
			"macro `%s`, not by a `for` loop written out (autotile "
			"reads a nest's loops as written); loop nest left "
			"unchanged", t->spell[nx]);
	else
		at_diag(loc, AT_WARNING, "`#pragma autotile` is not followed "
			"by a for loop; loop nest left unchanged");
}

/* Handles `#pragma autotile` at token k (its word at token w).  Returns
 * -1 when out of memory. */
static int at_fe_autotile(at_fe_tu *t, unsigned k, unsigned w)
{
	unsigned le = at_fe_line_end(t, t->off[k]), nx = at_fe_tok_from(t, le);
	CXCursor fn = at_fe_function_at(t, t->off[k]), loop;
	at_loc loc = at_fe_loc(t, t->off[k]);
	at_scop *s;
	unsigned b, e, cb, ce, above = at_fe_pragma_above(t, k), w2;
	int i;

	if (above) {
		at_fe_above_fail(t, above, &loc);
		return 0;
	}
	w2 = nx < t->n_tok ? at_fe_pragma(t, nx) : 0;
	if (w2 && at_fe_is(t, w2, "autotile")) {
		at_diag(&loc, AT_WARNING, "`#pragma autotile` repeated on the "
			"next line: this mark and its clauses are ignored (the "
			"nest follows the last mark above it)");
		return 0;
	}
	if (w2 && !at_fe_pragma_harmless(t, w2)) {
		at_diag(&loc, AT_WARNING, "`#pragma %s` between `#pragma "
			"autotile` and its loop; remove it (autotile writes "
			"OpenMP pragmas of its own) or the mark; loop nest left "
			"unchanged", t->spell[w2]);
		return 0;
	}
	for (i = 0; i < t->n_for; i++)
		if (at_fe_extent(t, t->fors[i], &b, &e) == 0 && nx < t->n_tok &&
		    b == t->off[nx] && at_fe_is(t, nx, "for"))
			break;
	if (i == t->n_for || clang_Cursor_isNull(fn)) {
		at_fe_no_loop(t, nx, &loc);
		return 0;
	}
	if (at_fe_inline_refused(t, fn, &loc))
		return 0;
	loop = t->fors[i];
	at_fe_clauses(t, w, &cb, &ce);
	s = at_fe_new_scop(t, k, cb, ce, fn, 0);
	if (!s)
		return -1;
	s->end = e;
	return at_fe_keep(t, at_fe_extract(t, s, &loop, 1));
}

/* Returns the innermost block containing bytes [b, e), or a null cursor. */
static CXCursor at_fe_block_at(const at_fe_tu *t, unsigned b, unsigned e)
{
	CXCursor best = clang_getNullCursor();
	unsigned best_len = 0;

	for (int i = 0; i < t->n_block; i++) {
		unsigned bb, be;

		if (at_fe_extent(t, t->blocks[i], &bb, &be) == 0 && bb <= b &&
		    e <= be && (clang_Cursor_isNull(best) ||
				be - bb < best_len)) {
			best = t->blocks[i];
			best_len = be - bb;
		}
	}
	return best;
}

/* Handles `#pragma scop` at token k; sets *resume to the token after the
 * matching `#pragma endscop`.  `mark` is the `#` of the pragma that
 * starts the region: k's own, or that of a `#pragma autotile` on the line
 * just above (its word at token w, else w is 0), whose clauses then apply
 * to the region.  Returns -1 when out of memory. */
static int at_fe_region(at_fe_tu *t, unsigned mark, unsigned w, unsigned k,
	unsigned *resume)
{
	at_loc loc = at_fe_loc(t, t->off[k]);
	unsigned le = at_fe_line_end(t, t->off[k]), ek, we = 0, re, cb, ce;
	unsigned above;
	CXCursor blk, fn, *ch = NULL, *top = NULL;
	int nc, ntop = 0, r = 0;
	at_scop *s;

	for (ek = k + 1; ek < t->n_tok; ek++)
		if ((we = at_fe_pragma(t, ek)) && at_fe_is(t, we, "endscop"))
			break;
	if (ek >= t->n_tok) {
		at_diag(&loc, AT_WARNING, "`#pragma scop` without `#pragma "
			"endscop`; loop nest left unchanged");
		*resume = k + 1;
		return 0;
	}
	*resume = we + 1;
	if ((above = at_fe_pragma_above(t, mark)) != 0) {
		at_loc mloc = at_fe_loc(t, t->off[mark]);

		at_fe_above_fail(t, above, &mloc);
		return 0;
	}
	re = t->off[ek];
	blk = at_fe_block_at(t, t->off[k], re);
	nc = clang_Cursor_isNull(blk) ? 0 : at_fe_children(blk, &ch);
	top = nc > 0 ? malloc((size_t)nc * sizeof *top) : NULL;
	for (int i = 0; i < nc && top; i++) {
		unsigned cb, ce;

		if (at_fe_extent(t, ch[i], &cb, &ce) < 0)
			continue;
		if ((cb < t->off[k] && ce > t->off[k]) || (cb < re && ce > re))
			ntop = -nc - 1;		/* pragmas in different blocks */
		if (ntop < 0)
			break;
		if (cb >= le && cb < re)
			top[ntop++] = ch[i];
	}
	free(ch);
	if (!top || ntop <= 0) {
		at_diag(&loc, AT_WARNING, "`#pragma scop` region has no "
			"statement in the same block as its `#pragma endscop`;"
			" loop nest left unchanged");
		free(top);
		return nc < 0 ? -1 : 0;
	}
	cb = ce = le;
	if (w)
		at_fe_clauses(t, w, &cb, &ce);
	fn = at_fe_function_at(t, t->off[k]);
	if (!clang_Cursor_isNull(fn) && at_fe_inline_refused(t, fn, &loc)) {
		free(top);
		return 0;
	}
	s = at_fe_new_scop(t, mark, cb, ce, fn, 1);
	if (!s)
		r = -1;
	else {
		s->end = at_fe_line_end(t, re);
		if (s->end > re && t->src->text[s->end - 1] == '\r')
			s->end--;
		r = at_fe_keep(t, at_fe_extract(t, s, top, ntop));
	}
	free(top);
	return r;
}

/* Returns a new, zeroed entry at the end of src's linedirs for a
 * directive whose line ends at offset le (not yet counted in
 * n_linedir), or NULL when out of memory. */
static at_linedir *at_fe_linedir_add(at_source *src, size_t le)
{
	at_linedir *d;

	if (at_buf_grow((void **)&src->linedirs, src->n_linedir,
			&src->cap_linedir, sizeof *src->linedirs, 4) < 0)
		return NULL;
	d = &src->linedirs[src->n_linedir];
	d->next = le < src->len ? le + 1 : le;
	d->line = 0;
	d->file = NULL;
	return d;
}

/* Token k is the `#` of a `#line` directive whose line number is a
 * macro (`#define L 700`, `#line L`): notes in t->src's linedirs the
 * line clang presumes for the start of the next line, with the file
 * name when the directive names one (a macro or a string).  A directive
 * on the file's last line sets nothing that follows.  Returns -1 when
 * out of memory. */
static int at_fe_linedir_macro(at_fe_tu *t, unsigned k)
{
	at_source *src = t->src;
	size_t le = at_fe_line_end(t, t->off[k]);
	unsigned n = k + 2, line = 0;
	CXString name;
	at_linedir *d;
	int r = 0;

	if (le >= src->len)
		return 0;
	d = at_fe_linedir_add(src, le);
	if (!d)
		return -1;
	clang_getPresumedLocation(clang_getLocationForOffset(t->tu, t->file,
		(unsigned)d->next), &name, &line, NULL);
	d->line = line;
	if (n + 1 < t->n_tok && t->off[n + 1] < le &&
	    !(d->file = at_fe_quote(clang_getCString(name))))
		r = -1;
	clang_disposeString(name);
	if (r == 0 && line > 0)
		src->n_linedir++;
	else {
		free(d->file);
		d->file = NULL;
	}
	return r;
}

/* When token k is the `#` of a `#line N ["file"]` directive or a `# N
 * "file"` line marker outside skipped code, notes it in t->src's
 * linedirs (for the `#line` lines that the rewrite inserts).  Returns -1
 * when out of memory. */
static int at_fe_linedir(at_fe_tu *t, unsigned k)
{
	at_source *src = t->src;
	unsigned n = k + 1 + (k + 1 < t->n_tok && at_fe_is(t, k + 1, "line"));
	unsigned le;
	long v;
	at_linedir *d;

	if (!at_fe_is_hash(t, k) || n >= t->n_tok ||
	    !at_fe_line_first(t, k) || at_fe_is_skipped(t, t->off[k]))
		return 0;
	if (at_fe_int_lit(t->spell[n], &v) < 0 || v < 0)
		return n == k + 2 && at_fe_is_ident(t, n) ?
			at_fe_linedir_macro(t, k) : 0;
	le = at_fe_line_end(t, t->off[k]);
	if (t->off[n] >= le)
		return 0;
	d = at_fe_linedir_add(src, le);
	if (!d)
		return -1;
	d->line = (unsigned long)v;
	if (n + 1 < t->n_tok && t->off[n + 1] < le &&
	    t->spell[n + 1][0] == '"' &&
	    !(d->file = at_fe_strndup(t->spell[n + 1],
			strlen(t->spell[n + 1]))))
		return -1;
	src->n_linedir++;
	return 0;
}

/* Returns 1 when the line at `p` is a `#pragma autotile` directive. */
static int at_fe_is_mark_line(const char *p, const char *end)
{
	static const char *const words[] = { "#", "pragma", "autotile" };

	for (int w = 0; w < 3; w++) {
		size_t len = strlen(words[w]);

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if ((size_t)(end - p) < len || strncmp(p, words[w], len) != 0)
			return 0;
		p += len;
	}
	return p == end || !(isalnum((unsigned char)*p) || *p == '_');
}

/* clang_getInclusions visitor: warns about each `#pragma autotile` line
 * of an included file that is not a system header (autotile rewrites
 * the file it is given only; such a mark was ignored without a word).
 * `data` is the at_fe_tu. */
static void at_fe_include_visit(CXFile file, CXSourceLocation *stack,
	unsigned depth, CXClientData data)
{
	const at_fe_tu *t = data;
	size_t size = 0;
	const char *text, *p, *end;
	char *name;
	unsigned line = 1;

	(void)stack;
	if (depth == 0 || clang_Location_isInSystemHeader(
		    clang_getLocationForOffset(t->tu, file, 0)))
		return;
	text = clang_getFileContents(t->tu, file, &size);
	name = text ? at_fe_cxstr(clang_getFileName(file)) : NULL;
	for (p = text, end = text + size; name && p < end; line++) {
		const char *le = memchr(p, '\n', (size_t)(end - p));

		if (!le)
			le = end;
		if (at_fe_is_mark_line(p, le)) {
			at_loc loc = { name, line, 1, (unsigned)(p - text) };

			at_diag(&loc, AT_WARNING, "`#pragma autotile` in an "
				"included file is not read (autotile rewrites "
				"only the file it is given, `%s`: mark nests "
				"there); ignored", t->src->path);
		}
		p = le + 1;
	}
	free(name);
}

/* Warns about each `#pragma autotile` and `#pragma scop` among tokens
 * [from, to), those of a `#pragma scop` region after its first line:
 * the region is read as one nest and such marks inside it are not. */
static void at_fe_region_marks(const at_fe_tu *t, unsigned from,
	unsigned to)
{
	for (unsigned k = from; k < to && k < t->n_tok; k++) {
		unsigned w = at_fe_pragma(t, k);
		at_loc loc;

		if (!w || !(at_fe_is(t, w, "autotile") || at_fe_is(t, w, "scop")))
			continue;
		loc = at_fe_loc(t, t->off[k]);
		at_diag(&loc, AT_WARNING, "`#pragma %s` inside a `#pragma scop` "
			"region is not read (%s); ignored", t->spell[w],
			at_fe_is(t, w, "scop") ? "the region ends at its first "
			"`#pragma endscop`" : "the region is one nest: its "
			"clauses go on a `#pragma autotile` line above `#pragma "
			"scop`");
	}
}

/* Lists the mark at token k among the refused ones of t->src when
 * reading it kept no nest (src->n_scop is still `kept`) and the last
 * warning, one after the first `warned`, says its nest is left
 * unchanged; a mark that is only ignored (repeated above its loop) is
 * not listed.  Returns 0, or -1 when out of memory. */
static int at_fe_refused(at_fe_tu *t, unsigned k, int kept, int warned)
{
	at_source *src = t->src;
	const char *why = at_diag_last(AT_WARNING);
	at_refused *v;

	if (src->n_scop != kept || at_diag_count(AT_WARNING) == warned ||
	    !strstr(why, "loop nest left unchanged"))
		return 0;
	v = realloc(src->refused, (size_t)(src->n_refused + 1) * sizeof *v);
	if (!v)
		return -1;
	src->refused = v;
	v[src->n_refused].loc = at_fe_loc(t, t->off[k]);
	v[src->n_refused].why = strdup(why);
	if (!v[src->n_refused].why)
		return -1;
	src->n_refused++;
	return 0;
}

/* Finds and extracts every marked nest of the file, in file order, and
 * notes its line directives (at_fe_linedir) and the marks refused
 * (at_fe_refused).  Returns -1 when out of memory. */
static int at_fe_scan(at_fe_tu *t)
{
	unsigned k = 0;

	while (k < t->n_tok) {
		unsigned w = at_fe_pragma(t, k), next = k + 1, inner = 0;
		int r = at_fe_linedir(t, k);
		int kept = t->src->n_scop, warned = at_diag_count(AT_WARNING);

		if (r < 0)
			return -1;
		if (w && at_fe_is(t, w, "autotile")) {
			/* on the line above a region, the region's clauses */
			unsigned nx = at_fe_tok_from(t, at_fe_line_end(t,
				t->off[k]));
			unsigned w2 = nx < t->n_tok ? at_fe_pragma(t, nx) : 0;

			if (w2 && at_fe_is(t, w2, "scop")) {
				r = at_fe_region(t, k, w, nx, &next);
				inner = nx + 1;
			} else {
				r = at_fe_autotile(t, k, w);
			}
		} else if (w && at_fe_is(t, w, "scop")) {
			r = at_fe_region(t, k, 0, k, &next);
			inner = k + 1;
		} else if (w && at_fe_is(t, w, "endscop")) {
			at_loc loc = at_fe_loc(t, t->off[k]);
			at_diag(&loc, AT_WARNING, "`#pragma endscop` without "
				"`#pragma scop`; ignored");
		} else if (at_fe_is(t, k, "_Pragma") && at_fe_is(t, k + 1, "(") &&
			   k + 2 < t->n_tok &&
			   clang_getTokenKind(t->tok[k + 2]) == CXToken_Literal &&
			   !strncmp(t->spell[k + 2], "\"autotile", 9)) {
			at_loc loc = at_fe_loc(t, t->off[k]);
			at_diag(&loc, AT_WARNING, "`_Pragma(\"autotile ...\")` is "
				"not read (autotile reads the line `#pragma "
				"autotile` above a loop); ignored");
		}
		if (r == 0)	/* before the warnings of marks inside it */
			r = at_fe_refused(t, k, kept, warned);
		if (inner)
			at_fe_region_marks(t, inner, next);
		if (r < 0)
			return -1;
		k = next;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The translation unit                                                */
/* ------------------------------------------------------------------ */

/* Adds macro definition `c` and its name to t->macros.  Returns how the
 * visit of at_fe_collect goes on (stops when out of memory). */
static enum CXChildVisitResult at_fe_add_macro(at_fe_tu *t, CXCursor c)
{
	char *name = at_fe_cxstr(clang_getCursorSpelling(c));

	if (!name || at_buf_grow((void **)&t->macros, t->n_macro,
			&t->cap_macro, sizeof *t->macros, 64) < 0) {
		free(name);
		return CXChildVisit_Break;
	}
	t->macros[t->n_macro].def = c;
	t->macros[t->n_macro++].name = name;
	return CXChildVisit_Continue;
}

/* Adds the name of cursor c, declared in an included file, to t->hdr
 * when it is one a generated name could hide or be hidden by (at file
 * scope: a variable, function, typedef or enumerator; a macro). */
static void at_fe_add_hdr_name(at_fe_tu *t, CXCursor c)
{
	char *name = at_fe_cxstr(clang_getCursorSpelling(c));

	if (name && *name) {
		at_buf_add(&t->hdr, name);
		at_buf_add(&t->hdr, "\n");
	}
	free(name);
}

/* Visitor collecting the macro definitions of every file, and the
 * loops, blocks and function definitions of the main file. */
static enum CXChildVisitResult at_fe_collect(CXCursor c, CXCursor parent,
	CXClientData data)
{
	at_fe_tu *t = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor **v = NULL;
	int *n = NULL, *cap = NULL;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c))) {
		if (k == CXCursor_MacroDefinition || k == CXCursor_VarDecl ||
		    k == CXCursor_FunctionDecl || k == CXCursor_TypedefDecl ||
		    k == CXCursor_EnumConstantDecl)
			at_fe_add_hdr_name(t, c);
		if (k == CXCursor_MacroDefinition)
			return at_fe_add_macro(t, c);
		return k == CXCursor_EnumDecl ? CXChildVisit_Recurse :
			CXChildVisit_Continue;
	}
	if (k == CXCursor_MacroDefinition)
		return at_fe_add_macro(t, c);
	if (k == CXCursor_ForStmt)
		v = &t->fors, n = &t->n_for, cap = &t->cap_for;
	else if (k == CXCursor_CompoundStmt)
		v = &t->blocks, n = &t->n_block, cap = &t->cap_block;
	else if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c))
		v = &t->funcs, n = &t->n_func, cap = &t->cap_func;
	else if (k == CXCursor_CallExpr)
		v = &t->calls, n = &t->n_call, cap = &t->cap_call;
	if (v) {
		if (at_buf_grow((void **)v, *n, cap, sizeof **v, 8) < 0)
			return CXChildVisit_Break;
		(*v)[(*n)++] = c;
	}
	return CXChildVisit_Recurse;
}

/* Removes the comment tokens (libclang returns them) from t->tok and
 * t->ann, keeping the order. */
static void at_fe_drop_comments(at_fe_tu *t)
{
	unsigned j = 0;

	for (unsigned k = 0; k < t->n_tok; k++) {
		if (clang_getTokenKind(t->tok[k]) == CXToken_Comment)
			continue;
		t->tok[j] = t->tok[k];
		t->ann[j++] = t->ann[k];
	}
	t->n_tok = j;
}

/* Returns the first token of the file spelled as one of names[0 .. nn),
 * outside `#include` lines (`<errno.h>`), or t->n_tok. */
static unsigned at_fe_find_spelled(const at_fe_tu *t,
	const char *const *names, size_t nn)
{
	for (unsigned k = 0; k < t->n_tok; k++)
		for (size_t i = 0; i < nn; i++)
			if (!strcmp(t->spell[k], names[i]) &&
			    clang_getCursorKind(t->ann[k]) !=
			    CXCursor_InclusionDirective)
				return k;
	return t->n_tok;
}

/* Sets t->fenv_tok to the first use in the file of the floating-point
 * environment (a <fenv.h> function, `FENV_ACCESS`) and t->errno_tok to
 * the first `errno`, for at_fe_check_threads. */
static void at_fe_thread_state(at_fe_tu *t)
{
	static const char *const fenv[] = { "feclearexcept", "fegetexceptflag",
		"feraiseexcept", "fesetexceptflag", "fetestexcept", "fegetround",
		"fesetround", "fegetenv", "feholdexcept", "fesetenv",
		"feupdateenv", "feenableexcept", "fedisableexcept",
		"fegetexcept", "FENV_ACCESS" };
	static const char *const err[] = { "errno" };

	t->fenv_tok = at_fe_find_spelled(t, fenv, sizeof fenv / sizeof *fenv);
	t->errno_tok = at_fe_find_spelled(t, err, 1);
}

/* Tokenizes and annotates the main file and indexes its lines.
 * Returns -1 when out of memory. */
static int at_fe_tokens(at_fe_tu *t)
{
	at_source *src = t->src;
	CXSourceRange all = clang_getRange(
		clang_getLocationForOffset(t->tu, t->file, 0),
		clang_getLocationForOffset(t->tu, t->file, (unsigned)src->len));

	clang_tokenize(t->tu, all, &t->tok, &t->n_tok);
	t->ann = calloc(t->n_tok + 1, sizeof *t->ann);
	t->spell = calloc(t->n_tok + 1, sizeof *t->spell);
	t->off = calloc(t->n_tok + 1, sizeof *t->off);
	t->lines = malloc((src->len + 2) * sizeof *t->lines);
	if (!t->ann || !t->spell || !t->off || !t->lines)
		return -1;
	if (t->n_tok)
		clang_annotateTokens(t->tu, t->tok, t->n_tok, t->ann);
	at_fe_drop_comments(t);
	for (unsigned k = 0; k < t->n_tok; k++) {
		t->spell[k] = at_fe_cxstr(clang_getTokenSpelling(t->tu,
			t->tok[k]));
		if (!t->spell[k] || at_fe_offset(t,
				clang_getTokenLocation(t->tu, t->tok[k]),
				&t->off[k]) < 0)
			return -1;
	}
	t->lines[t->n_line++] = 0;
	for (size_t i = 0; i < src->len; i++)
		if (src->text[i] == '\n')
			t->lines[t->n_line++] = (unsigned)i + 1;
	t->skipped = clang_getSkippedRanges(t->tu, t->file);
	at_buf_add(&t->hdr, "\n");
	clang_visitChildren(clang_getTranslationUnitCursor(t->tu),
		at_fe_collect, t);
	src->hdr_names = at_buf_take(&t->hdr);
	at_fe_thread_state(t);
	return src->hdr_names ? 0 : -1;
}

/* Releases everything `t` holds except the source. */
static void at_fe_tu_clear(at_fe_tu *t)
{
	if (t->tok)
		clang_disposeTokens(t->tu, t->tok, t->n_tok);
	for (unsigned k = 0; t->spell && k < t->n_tok; k++)
		free(t->spell[k]);
	free(t->spell);
	free(t->ann);
	free(t->off);
	free(t->lines);
	if (t->skipped)
		clang_disposeSourceRangeList(t->skipped);
	free(t->fors);
	for (int i = 0; i < t->n_macro; i++)
		free(t->macros[i].name);
	free(t->macros);
	free(t->funcs);
	free(t->calls);
	free(t->blocks);
	at_buf_clear(&t->hdr);
	if (t->tu)
		clang_disposeTranslationUnit(t->tu);
}

/* Prints clang's errors (severity error or fatal) in compiler style.
 * Returns their number. */
static int at_fe_clang_errors(CXTranslationUnit tu)
{
	int errors = 0;

	for (unsigned i = 0; i < clang_getNumDiagnostics(tu); i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString msg = clang_getDiagnosticSpelling(d);
		CXFile f;
		unsigned line, col, off;

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			errors++;
			clang_getFileLocation(clang_getDiagnosticLocation(d),
				&f, &line, &col, &off);
			if (f) {
				CXString fn = clang_getFileName(f);
				fprintf(stderr, "%s:%u:%u: error: %s\n",
					clang_getCString(fn), line, col,
					clang_getCString(msg));
				clang_disposeString(fn);
			} else {
				fprintf(stderr, "autotile: error: %s\n",
					clang_getCString(msg));
			}
		}
		clang_disposeString(msg);
		clang_disposeDiagnostic(d);
	}
	return errors;
}

/* Reads the file src->path into src->text.  Returns -1 after reporting. */
static int at_fe_read_file(at_source *src)
{
	at_buf b = { 0 };

	errno = 0;
	if (at_buf_read_file(&b, src->path) < 0) {
		at_diag(NULL, AT_ERROR, "cannot read `%s`: %s", src->path,
			strerror(errno ? errno : EIO));
		at_buf_clear(&b);
		return -1;
	}
	src->len = b.len;
	src->text = at_buf_take(&b);
	return src->text ? 0 : -1;
}

/* Returns 1, after a warning at the first one, when src holds a NUL byte
 * (autotile reads text), or when a line of it ends in a lone CR (the
 * classic Mac OS line end, which compilers read as a line end) and the
 * file names autotile or scop: autotile reads LF and CR LF line ends
 * only.  Such a file is left as written.  Returns 0 otherwise. */
static int at_fe_unreadable(const at_source *src)
{
	const char *text = src->text;
	int marks = strstr(text, "autotile") || strstr(text, "scop");
	unsigned line = 1, col = 1;

	for (size_t i = 0; i < src->len; i++) {
		at_loc loc = { src->path, line, col, (unsigned)i };

		if (!text[i]) {
			at_diag(&loc, AT_WARNING, "a NUL byte (autotile reads "
				"text files only), so the file is left as "
				"written");
			return 1;
		}
		if (marks && text[i] == '\r' && text[i + 1] != '\n') {
			at_diag(&loc, AT_WARNING, "line %u ends in a lone "
				"carriage return (CR, the classic Mac OS line "
				"end); autotile reads LF and CR LF line ends "
				"only, so the file is left as written", line);
			return 1;
		}
		line += text[i] == '\n';
		col = text[i] == '\n' ? 1 : col + 1;
	}
	return 0;
}

/* Fills argv (n_arg + 4 entries) with clang's arguments for `path`: the
 * user's args, then -Wno-unknown-pragmas and the C2x attributes `[[...]]`
 * that gcc reads in every C mode; a name not ending in .c or .h
 * (mm.txt, a name without a dot) is read as C by a leading `-x c`, unless
 * the args give -x themselves.  Returns the count. */
static int at_fe_clang_args(const char *path, int n_arg,
	const char *const *args, const char **argv)
{
	size_t len = strlen(path);
	int n = 0, has_x = 0;

	for (int i = 0; i < n_arg; i++)
		has_x |= !strncmp(args[i], "-x", 2);
	if (!has_x && !(len > 2 && path[len - 2] == '.' &&
	    (path[len - 1] == 'c' || path[len - 1] == 'h'))) {
		argv[n++] = "-x";
		argv[n++] = "c";
	}
	for (int i = 0; i < n_arg; i++)
		argv[n++] = args[i];
	argv[n++] = "-Wno-unknown-pragmas";
	argv[n++] = "-fdouble-square-bracket-attributes";	/* as gcc */
	return n;
}

/* Parses `path` and extracts its marked nests (see at_frontend.h). */
int at_frontend_parse(const char *path, int n_arg, const char *const *args,
	at_source **out)
{
	at_fe_tu t;
	CXIndex idx = NULL;
	const char **argv = NULL;
	at_source *src = calloc(1, sizeof *src);
	enum CXErrorCode err;
	struct CXUnsavedFile unsaved;
	struct stat st;
	int rc = 1, n, reread;

	memset(&t, 0, sizeof t);
	*out = NULL;
	if (!src || !(src->path = strdup(path)) ||
	    !(argv = malloc((size_t)(n_arg + 4) * sizeof *argv))) {
		at_diag(NULL, AT_ERROR, "out of memory");
		goto done;
	}
	if (at_fe_read_file(src) < 0)
		goto done;
	if (at_fe_unreadable(src)) {
		*out = src;
		src = NULL;
		rc = 0;
		goto done;
	}
	n = at_fe_clang_args(path, n_arg, args, argv);
	idx = clang_createIndex(0, 0);
	/* a pipe, a FIFO or /dev/stdin has nothing left for clang to read
	 * again: clang parses the bytes read (not for a regular file,
	 * whose buffer libclang 14 leaks when the command line is bad) */
	unsaved.Filename = path;
	unsaved.Contents = src->text;
	unsaved.Length = (unsigned long)src->len;
	reread = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	err = clang_parseTranslationUnit2(idx, path, argv, n, &unsaved,
		reread ? 0 : 1, CXTranslationUnit_DetailedPreprocessingRecord,
		&t.tu);
	if (err != CXError_Success || !t.tu) {
		at_diag(NULL, AT_ERROR, "cannot parse `%s` (libclang error %d%s)",
			path, (int)err, err == CXError_ASTReadError ? ": clang "
			"rejected its command line; check -std= and the flags "
			"after `--`" : "");
		goto done;
	}
	if (at_fe_clang_errors(t.tu))
		goto done;
	t.src = src;
	t.file = clang_getFile(t.tu, path);
	if (t.file)
		clang_getInclusions(t.tu, at_fe_include_visit, &t);
	if (!t.file || at_fe_tokens(&t) < 0 || at_fe_scan(&t) < 0) {
		at_diag(NULL, AT_ERROR, "%s: cannot analyse the file (out of "
			"memory?)", path);
		goto done;
	}
	*out = src;
	src = NULL;
	rc = 0;
done:
	at_fe_tu_clear(&t);
	if (idx)
		clang_disposeIndex(idx);
	free(argv);
	at_source_free(src);
	return rc;
}

/* Frees `src`, its text and its scops; NULL is a no-op. */
void at_source_free(at_source *src)
{
	if (!src)
		return;
	for (int i = 0; i < src->n_scop; i++)
		at_scop_free(src->scops[i]);
	free(src->scops);
	for (int i = 0; i < src->n_refused; i++)
		free(src->refused[i].why);
	free(src->refused);
	for (int i = 0; i < src->n_linedir; i++)
		free(src->linedirs[i].file);
	free(src->linedirs);
	free(src->text);
	free(src->path);
	free(src->hdr_names);
	free(src);
}
