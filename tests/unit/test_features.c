/*
 * test_features.c — unit tests of stage 5 (src/features.c): the paper's
 * Listing 1.1 values (§3.1-3.2), a 3-D cone's 32-sector histogram worked
 * out by hand, trip counts with and without known parameter values, access
 * features, machine features from a fake sysfs tree, and the candidate
 * encoding of a few ids (H, log2 sizes, one-hots, loop orders, OpenMP
 * placement, footprint), and the rows ranking re-encodes per size.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <isl/ctx.h>
#include <isl/options.h>

#include "at_test.h"
#include "at_frontend.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_features.h"
#include "at_codegen.h"

/* The first nest of one input file with its deps, space and raw facts. */
struct fixture {
	at_source *src;
	at_deps *deps;
	at_space *space;
	long vals[64];
	at_feat_machine mach;
	at_feat_nest f;
};

/* Loads the first nest of `path` (files under examples/ are parsed with
 * -Iruntime); with_vals: parameter values from its #define lines.
 * Returns 0 on success. */
static int load(isl_ctx *ctx, const char *path, int with_vals,
	struct fixture *fx)
{
	const char *args[] = { "-Iruntime" };
	int n_arg = !strncmp(path, "examples/", 9);

	memset(fx, 0, sizeof(*fx));
	if (at_frontend_parse(path, n_arg, args, &fx->src) != 0 ||
	    fx->src->n_scop < 1)
		return -1;
	fx->deps = at_deps_compute(ctx, fx->src->scops[0]);
	if (!fx->deps)
		return -1;
	fx->space = at_space_build(ctx, fx->src->scops[0], fx->deps,
		AT_SPACE_LIST);
	if (!fx->space)
		return -1;
	at_features_param_values(fx->src->scops[0], fx->vals);
	at_features_machine(&fx->mach, NULL);
	return at_features_nest_info(ctx, fx->src->scops[0], fx->deps,
		fx->space, with_vals ? fx->vals : NULL, &fx->mach, &fx->f);
}

/* Frees a fixture. */
static void unload(struct fixture *fx)
{
	at_space_free(fx->space);
	at_deps_free(fx->deps);
	at_source_free(fx->src);
}

/* Returns 1 if the n ints of got equal want. */
static int ints_are(const int *got, const int *want, int n)
{
	return !memcmp(got, want, n * sizeof(int));
}

/* Returns 1 if |a - b| < 1e-4. */
static int near(double a, double b)
{
	return fabs(a - b) < 1e-4;
}

/* Returns the index of the entry named `name` in the nest (cand != 0:
 * candidate) layout, or -1. */
static int entry(const char *name, int cand)
{
	char buf[64];
	int n = cand ? AT_FEAT_CAND_DIM : AT_FEAT_NEST_DIM;

	for (int k = 0; k < n; k++) {
		if (cand)
			at_features_cand_name(k, buf, sizeof(buf));
		else
			at_features_nest_name(k, buf, sizeof(buf));
		if (!strcmp(buf, name))
			return k;
	}
	return -1;
}

/* The exact sectors at their boundaries and the 3-D folding. */
static void test_sectors(void)
{
	long v[][4] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 },
		{ -1, -1 }, { 0, -1 }, { 1, -1 }, { 2, 1 }, { 1, 2 } };
	int want[] = { 0, 1, 2, 3, 4, 5, 6, 7, 0, 1 };
	long z[3] = { 0, 0, 1 }, down[3] = { 0, 0, -1 }, deg45[3] = { 1, 0, 1 };
	long d4[4] = { 1, 0, 0, 2 }, zero[3] = { 0 };
	int ok = 1;

	for (int k = 0; k < 10; k++)
		ok &= at_features_sector(v[k], 2) == want[k];
	AT_CHECK(ok, "2-D sectors: 0, 45, ..., 315 degrees start sectors 0..7");
	AT_CHECK_INT(at_features_sector(zero, 3), -1, "zero vector: no sector");
	AT_CHECK_INT(at_features_sector(z, 3), 0, "z axis: theta 0, sector 0");
	AT_CHECK_INT(at_features_sector(down, 3), 24,
		"-z axis: theta 180 falls in the last theta band (24)");
	AT_CHECK_INT(at_features_sector(deg45, 3), 8,
		"(1,0,1): theta exactly 45 is in band 1 (sector 8)");
	AT_CHECK_INT(at_features_sector(d4, 4), 0,
		"4-D (1,0,0,2): inner loops folded into z = +2, theta < 45");
}

/* Listing 1.1 (paper §3.1-3.2): uniform-dependence histogram
 * [1,2,0,0,0,0,0,0], extreme rays (2,1) and (1,2), summation vector (4,4)
 * at 45 degrees, iteration vector [1020, 508, 518160], constant bounds
 * [1,1]; access and operator features. */
static void test_listing11(isl_ctx *ctx)
{
	struct fixture fx;
	int uni[8] = { 1, 2 }, ray[8] = { 1, 1 }, zero32[32] = { 0 };
	float v[AT_FEAT_NEST_DIM];
	const float *w;

	AT_CHECK(load(ctx, "tests/unit/inputs/fe_listing11.c", 1, &fx) == 0,
		"listing11: features computed");
	if (!fx.space)
		goto done;
	AT_CHECK(ints_are(fx.f.uni_hist2, uni, 8),
		"listing11: uniform histogram [1,2,0,0,0,0,0,0] (got [%d,%d,%d,...])",
		fx.f.uni_hist2[0], fx.f.uni_hist2[1], fx.f.uni_hist2[2]);
	AT_CHECK(ints_are(fx.f.ray_hist2, ray, 8) && fx.f.n_ray == 2,
		"listing11: extreme rays (2,1), (1,2) in sectors 0 and 1");
	AT_CHECK(ints_are(fx.f.uni_hist3, zero32, 32) &&
		ints_are(fx.f.ray_hist3, zero32, 32),
		"listing11: 3-D histograms empty for a 2-D nest");
	AT_CHECK(fx.f.sum_n == 2 && fx.f.sum[0] == 4 && fx.f.sum[1] == 4,
		"listing11: summation vector (4,4) (got (%ld,%ld))",
		fx.f.sum[0], fx.f.sum[1]);
	AT_CHECK(near(fx.f.sum_phi, 45) && near(fx.f.sum_theta, 90),
		"listing11: summation vector at 45 degrees (phi %g, theta %g)",
		fx.f.sum_phi, fx.f.sum_theta);
	AT_CHECK(fx.space->shapes[0].sigma[0] * fx.f.sum[1] ==
		fx.space->shapes[0].sigma[1] * fx.f.sum[0],
		"listing11: summation vector parallel to the space's sigma");
	AT_CHECK(fx.f.trips[0] == 1020 && fx.f.trips[1] == 508 &&
		fx.f.total == 518160,
		"listing11: iteration vector [1020, 508, 518160] (got [%ld, %ld, %ld])",
		fx.f.trips[0], fx.f.trips[1], fx.f.total);
	AT_CHECK(fx.f.const_bound[0] == 1 && fx.f.const_bound[1] == 1 &&
		fx.f.const_bound[2] == 0, "listing11: constant bounds [1,1]");
	AT_CHECK(fx.f.n_kind[AT_DEP_RAW] == 3 && fx.f.n_uniform == 3 &&
		fx.f.n_nonuniform == 0, "listing11: 3 uniform RAW dependences");
	AT_CHECK(fx.f.n_ref == 4 && fx.f.n_load == 3 && fx.f.n_store == 1 &&
		fx.f.n_add == 2 && fx.f.n_mul == 0,
		"listing11: 3 loads, 1 store, 2 additions");
	w = fx.f.refs[1];
	AT_CHECK(w[0] == 1 && w[1] == 0 && w[2] == 3 && w[3] == 2 &&
		w[4] == 1 && w[5] == 0,
		"listing11: A[i-2][j-1] is a read of 8 bytes, stride 1 along j");
	AT_CHECK(w[6] == 0 && w[10] == 0 && w[11] == 1 && w[12] == 0 &&
		w[15] == -2 && w[16] == 0 && w[17] == 1 && w[20] == -1,
		"listing11: access matrix of A[i-2][j-1], right-aligned rows");
	AT_CHECK(at_features_nest_encode(&fx.f, v) == AT_FEAT_NEST_DIM,
		"listing11: nest vector has AT_FEAT_NEST_DIM entries");
	AT_CHECK(near(v[entry("dom_trip_log2_0", 0)], log2(1021.0)) &&
		near(v[entry("dom_total_log2", 0)], log2(518161.0)) &&
		v[entry("dom_trip_param_0", 0)] == 0 &&
		v[entry("dep_uni2_h1", 0)] == 2 &&
		v[entry("dep_sum_phi", 0)] == 45,
		"listing11: encoded as log2(1+x), histogram and angle in place");
done:
	unload(&fx);
}

/* A 3-D nest: distances (1,0,0), (0,1,-1), (0,0,1), (1,1,2).  By hand
 * (x = i, y = j, z = k; sector 8 * theta band + phi sector):
 *   (1,0,0)   theta 90  (band 2), phi 0   -> 16
 *   (0,1,-1)  theta 135 (band 3), phi 90  -> 26
 *   (0,0,1)   theta 0   (band 0), phi -   -> 0
 *   (1,1,2)   theta 35  (band 0), phi 45  -> 1  (not an extreme ray)
 * Summation vector (2,2,2): phi 45, theta acos(1/sqrt 3) = 54.7356. */
static void test_3d(isl_ctx *ctx)
{
	struct fixture fx;
	int uni[32] = { 0 }, ray[32] = { 0 }, zero8[8] = { 0 };

	uni[16] = uni[26] = uni[0] = uni[1] = 1;
	ray[16] = ray[26] = ray[0] = 1;
	AT_CHECK(load(ctx, "tests/unit/inputs/ft_uniform3d.c", 1, &fx) == 0,
		"3-D: features computed");
	if (!fx.space)
		goto done;
	AT_CHECK(ints_are(fx.f.uni_hist3, uni, 32),
		"3-D: uniform histogram has 1 in sectors 0, 1, 16, 26");
	AT_CHECK(ints_are(fx.f.ray_hist3, ray, 32) && fx.f.n_ray == 3,
		"3-D: extreme rays in sectors 0, 16, 26 (%d rays)", fx.f.n_ray);
	AT_CHECK(ints_are(fx.f.uni_hist2, zero8, 8),
		"3-D: 2-D histogram empty");
	AT_CHECK(fx.f.sum_n == 3 && fx.f.sum[0] == 2 && fx.f.sum[1] == 2 &&
		fx.f.sum[2] == 2 && near(fx.f.sum_phi, 45) &&
		near(fx.f.sum_theta, acos(1 / sqrt(3.0)) * 180 / 3.14159265358979),
		"3-D: summation vector (2,2,2), phi 45, theta 54.74 (got %g)",
		fx.f.sum_theta);
	AT_CHECK(fx.f.trips[0] == 63 && fx.f.trips[1] == 63 &&
		fx.f.trips[2] == 60 && fx.f.total == 63L * 63 * 60,
		"3-D: iteration vector [63, 63, 60, 238140]");
	AT_CHECK(fx.f.n_add == 3 && fx.f.n_mul == 1 && fx.f.n_div == 1,
		"3-D: operators 3 additions (exponent signs excluded), 1 *, 1 /");
done:
	unload(&fx);
}

/* Array byte sizes from clang (constant arrays, a pointer to rows, a
 * variable-length array) and the alignment features made of them. */
static void test_align(isl_ctx *ctx)
{
	struct fixture fx;
	const at_scop *s;
	int want[3] = { 6, 9, 14 }, k = entry("align_row", 0);
	float v[AT_FEAT_NEST_DIM];

	AT_CHECK(load(ctx, "tests/unit/inputs/ft_align.c", 1, &fx) == 0,
		"align: features computed");
	if (!fx.space)
		goto done;
	s = fx.src->scops[0];
	for (int a = 0; a < s->n_array; a++) {
		const at_array *ar = &s->arrays[a];
		long want_b = 0, want_r = 0, want_p = 0;
		if (!strcmp(ar->name, "A"))
			want_b = 3200000, want_r = 1600, want_p = 320000;
		else if (!strcmp(ar->name, "x"))
			want_b = 16384;
		else if (!strcmp(ar->name, "B"))
			want_r = 396;
		AT_CHECK(ar->bytes == want_b && ar->row_bytes == want_r &&
			ar->plane_bytes == want_p, "align: %s has %ld / %ld / "
			"%ld bytes (whole, row, plane), want %ld / %ld / %ld",
			ar->name, ar->bytes, ar->row_bytes, ar->plane_bytes,
			want_b, want_r, want_p);
	}
	AT_CHECK(ints_are(fx.f.align, want, 3), "align: row, plane, whole "
		"%d %d %d, want 6 9 14", fx.f.align[0], fx.f.align[1],
		fx.f.align[2]);
	at_features_nest_encode(&fx.f, v);
	AT_CHECK(k >= 0 && v[k] == 6 && v[k + 1] == 9 && v[k + 2] == 14 &&
		entry("align_array", 0) == k + 2,
		"align: encoded as align_row, align_plane, align_array");
done:
	unload(&fx);
}

/* Parametric bounds: seidel's n and tsteps are function parameters
 * (unknown); matmul's N, M, K are #defines (known only when their values
 * are passed). */
static void test_params(isl_ctx *ctx)
{
	struct fixture fx;
	float v[AT_FEAT_NEST_DIM];

	AT_CHECK(load(ctx, "tests/unit/inputs/dep_seidel.c", 1, &fx) == 0,
		"seidel: features computed");
	if (fx.space) {
		at_features_nest_encode(&fx.f, v);
		AT_CHECK(fx.f.trips[0] == -1 && fx.f.trips[1] == -1 &&
			fx.f.total == -1 && fx.f.const_bound[0] == 0,
			"seidel: trip counts depend on parameters");
		AT_CHECK(v[entry("dom_trip_param_0", 0)] == 1 &&
			near(v[entry("dom_trip_log2_0", 0)],
			log2(1.0 + AT_FEAT_TRIP_ASSUMED)) &&
			v[entry("dom_total_param", 0)] == 1 &&
			near(v[entry("dom_total_log2", 0)], log2(1.0 +
			(double)AT_FEAT_TRIP_ASSUMED * AT_FEAT_TRIP_ASSUMED *
			AT_FEAT_TRIP_ASSUMED)),
			"seidel: parametric flags set, trip counts at the "
			"assumed 1024");
	}
	unload(&fx);
	AT_CHECK(load(ctx, "tests/unit/inputs/fe_matmul.c", 0, &fx) == 0,
		"matmul: features computed");
	if (!fx.space)
		goto done;
	AT_CHECK(fx.f.trips[0] == -1 && fx.f.const_bound[0] == 0,
		"matmul without values: N is parametric");
	AT_CHECK(fx.vals[0] == 200 && fx.vals[1] == 300 && fx.vals[2] == 400,
		"matmul: #define values N=200, M=300, K=400 (got %ld %ld %ld)",
		fx.vals[0], fx.vals[1], fx.vals[2]);
	unload(&fx);
	AT_CHECK(load(ctx, "tests/unit/inputs/fe_matmul.c", 1, &fx) == 0,
		"matmul with values: features computed");
	if (!fx.space)
		goto done;
	AT_CHECK(fx.f.trips[0] == 200 && fx.f.trips[1] == 300 &&
		fx.f.trips[2] == 400 && fx.f.total == 24000000 &&
		fx.f.const_bound[0] == 1,
		"matmul with values: trips [200, 300, 400, 24000000], constant");
	AT_CHECK(fx.f.reuse_inv[0] == 2 && fx.f.reuse_inv[1] == 2 &&
		fx.f.reuse_inv[2] == 3 && fx.f.reuse_s1[0] == 0 &&
		fx.f.reuse_s1[1] == 3 && fx.f.reuse_s1[2] == 1,
		"matmul: invariant refs per loop [2,2,3], stride-1 [0,3,1]");
	AT_CHECK(fx.f.n_add == 1 && fx.f.n_mul == 2 && fx.f.n_load == 4 &&
		fx.f.n_store == 1, "matmul: += and two *, 4 loads, 1 store");
done:
	unload(&fx);
}

/* Writes `text` into dir/rel (creating the directories). */
static void put(const char *dir, const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	for (char *p = path + strlen(dir) + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(path, 0700);
			*p = '/';
		}
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* Machine features from a fake sysfs tree, and the fallback. */
/* Checks *m, read without sysfs: each cache is what glibc's sysconf
 * reports (CPUID) or, where that is 0, the fixed guess, and the source
 * says which. */
static void check_machine_fallback(const at_feat_machine *m)
{
	static const int names[3] = { _SC_LEVEL1_DCACHE_SIZE,
		_SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE };
	static const long guess[3] = { 32768, 1048576, 8388608 };
	const long got[3] = { m->l1d, m->l2, m->l3 };
	int all_cpuid = 1;

	for (int l = 0; l < 3; l++) {
		long c = sysconf(names[l]);
		long want = c > 0 ? c : guess[l];
		all_cpuid &= c > 0;
		AT_CHECK(got[l] == want, "machine: without sysfs, cache level "
			"%d is %ld (cpuid %ld, guess %ld), got %ld", l + 1,
			want, c, guess[l], got[l]);
	}
	AT_CHECK(m->source == (all_cpuid ? AT_MACH_CPUID : AT_MACH_DEFAULT) &&
		m->cores >= 1, "machine: without sysfs the source is %s "
		"(got %s)", all_cpuid ? "cpuid" : "default",
		at_features_machine_source(m->source));
}

static void test_machine(void)
{
	char dir[] = "/tmp/at-feat-sysfs-XXXXXX";
	char cmd[600];
	at_feat_machine m;

	if (!mkdtemp(dir)) {
		AT_CHECK(0, "machine: temporary directory");
		return;
	}
	put(dir, "cpu0/cache/index0/level", "1\n");
	put(dir, "cpu0/cache/index0/type", "Data\n");
	put(dir, "cpu0/cache/index0/size", "48K\n");
	put(dir, "cpu0/cache/index1/level", "1\n");
	put(dir, "cpu0/cache/index1/type", "Instruction\n");
	put(dir, "cpu0/cache/index1/size", "32K\n");
	put(dir, "cpu0/cache/index2/level", "2\n");
	put(dir, "cpu0/cache/index2/type", "Unified\n");
	put(dir, "cpu0/cache/index2/size", "1280K\n");
	put(dir, "cpu0/cache/index3/level", "3\n");
	put(dir, "cpu0/cache/index3/type", "Unified\n");
	put(dir, "cpu0/cache/index3/size", "12M\n");
	put(dir, "online", "0-3,6\n");
	at_features_machine(&m, dir);
	AT_CHECK(m.source == AT_MACH_SYSFS && m.l1d == 48 * 1024 && m.l2 == 1280 * 1024 &&
		m.l3 == 12L * 1024 * 1024 && m.cores == 5,
		"machine: L1d 48K (not the 32K L1i), L2 1280K, L3 12M, 5 cores "
		"(got %ld %ld %ld %d)", m.l1d, m.l2, m.l3, m.cores);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	at_features_machine(&m, "/nonexistent/sysfs");
	check_machine_fallback(&m);
}

/* Encodes candidate `id` of fx into v; returns 0, or -1 when it does not
 * parse. */
static int encode(isl_ctx *ctx, struct fixture *fx, const char *id,
	float *v, at_feat_struct_info *si)
{
	at_choice ch;
	char err[256];

	if (at_space_parse_id(fx->space, id, &ch, err, sizeof(err)) < 0 ||
	    at_features_struct(ctx, fx->space, &fx->f, &ch, si) < 0)
		return -1;
	return at_features_cand(si, ch.sizes, v) == AT_FEAT_CAND_DIM ? 0 : -1;
}

/* Returns entry `name` of candidate vector v. */
static float cv(const float *v, const char *name)
{
	int k = entry(name, 1);

	return k < 0 ? -999 : v[k];
}

/* Candidate encoding on Listing 1.1: rect with the tile loops swapped,
 * the cone shape, TP, orig and keep. */
static void test_cand(isl_ctx *ctx)
{
	struct fixture fx;
	float v[AT_FEAT_CAND_DIM];
	at_feat_struct_info si;

	AT_CHECK(load(ctx, "tests/unit/inputs/fe_listing11.c", 1, &fx) == 0,
		"cand: features computed");
	if (!fx.space)
		goto done;
	AT_CHECK(encode(ctx, &fx, "rect.TS.LI.o1.i0.32x64", v, &si) == 0,
		"rect.TS.LI.o1.i0.32x64 encoded");
	AT_CHECK(cv(v, "kind_tiled") == 1 && cv(v, "shape_rect") == 1 &&
		cv(v, "h_r0c0") == 1 && cv(v, "h_r0c1") == 0 &&
		cv(v, "h_r1c1") == 1 && cv(v, "h_r2c2") == 0 &&
		cv(v, "band_n") == 2, "rect: H = I (2x2, padded with 0)");
	AT_CHECK(cv(v, "size_log2_0") == 5 && cv(v, "size_log2_1") == 6 &&
		cv(v, "size_log2_2") == 0, "rect: log2 sizes [5, 6, 0...]");
	AT_CHECK(cv(v, "ts_S") == 1 && cv(v, "ts_I") == 0 &&
		cv(v, "ts_P") == 0 && cv(v, "ls_I") == 1 && cv(v, "ls_S") == 0,
		"rect: one-hots TS and LI");
	AT_CHECK(cv(v, "tile_rank_0") == 1 && cv(v, "tile_rank_1") == 0 &&
		cv(v, "point_rank_0") == 1 && cv(v, "point_rank_1") == 0,
		"rect: tile loop j outermost, point loop i innermost");
	AT_CHECK(near(cv(v, "tiles_log2"), 8) && near(cv(v, "fp_log2"), 14),
		"rect: 32 x 8 tiles, 2048 elements of 8 bytes per tile "
		"(got 2^%g, 2^%g)", cv(v, "tiles_log2"), cv(v, "fp_log2"));
	AT_CHECK(encode(ctx, &fx, "cone1.TS.LS.o0.i1.16x16", v, &si) == 0 &&
		cv(v, "shape_cone") == 1 && cv(v, "h_r0c0") == 2 &&
		cv(v, "h_r0c1") == -1 && cv(v, "h_r1c0") == -1 &&
		cv(v, "h_r1c1") == 2 && near(cv(v, "h_log2det"), log2(3.0)) &&
		cv(v, "ls_S") == 1, "cone1: H = ((2,-1),(-1,2)), |det| 3, LS");
	AT_CHECK(encode(ctx, &fx, "rect.TP.LI.o0.i1.32x32", v, &si) == 0 &&
		cv(v, "wavefront") == 1 && cv(v, "par_has") == 1 &&
		cv(v, "par_level") == 1 && cv(v, "par_inner") == 1,
		"rect TP: wavefront, parallel-for on the inner tile loop");
	AT_CHECK(encode(ctx, &fx, "orig", v, &si) == 0 &&
		cv(v, "kind_orig") == 1 && cv(v, "h_r1c1") == 1 &&
		cv(v, "size_log2_0") == 0 && cv(v, "par_has") == 1 &&
		cv(v, "par_inner") == 1 && cv(v, "simd") == 0 &&
		near(cv(v, "par_iters_log2"), log2(509.0)),
		"orig: identity, parallel-for on j (508 iterations), no simd");
	at_features_keep(&fx.f, v);
	AT_CHECK(cv(v, "kind_keep") == 1 && cv(v, "kind_orig") == 0 &&
		cv(v, "par_has") == 0 && cv(v, "h_r0c0") == 1 &&
		near(cv(v, "fp_log2"), log2(1020.0 * 508 * 8)),
		"keep: no pragmas, footprint of the whole array (2^%g)",
		cv(v, "fp_log2"));
	AT_CHECK(encode(ctx, &fx, "bogus.TS.LI.o0.i0.8x8", v, &si) < 0,
		"unknown shape does not parse");
done:
	unload(&fx);
}

/* Candidate encoding of isl's band over reordered loops (r, i, j of a
 * forward substitution, tests/unit/inputs/sp_isl_band.c): H over the
 * loops is that permutation, and the parallel tile loop along r (9
 * iterations) has ceil(9 / 8) = 2 iterations at size 8, not the
 * ceil(99 / 8) of the loop at depth 0. */
static void test_cand_isl(isl_ctx *ctx)
{
	struct fixture fx;
	float v[AT_FEAT_CAND_DIM];
	at_feat_struct_info si;

	AT_CHECK(load(ctx, "tests/unit/inputs/sp_isl_band.c", 1, &fx) == 0,
		"cand isl: features computed");
	if (!fx.space)
		goto done;
	AT_CHECK(encode(ctx, &fx, "isl.TS.LI.o0.i2.8x32x32", v, &si) == 0,
		"cand isl: isl.TS.LI.o0.i2.8x32x32 encoded");
	AT_CHECK(cv(v, "shape_isl") == 1 && cv(v, "h_r0c2") == 1 &&
		cv(v, "h_r0c0") == 0 && cv(v, "h_r1c0") == 1 &&
		cv(v, "h_r2c1") == 1 && cv(v, "h_r2c2") == 0 &&
		cv(v, "h_log2det") == 0, "cand isl: H = rows r, i, j over the "
		"loops i, j, r");
	AT_CHECK(cv(v, "par_has") == 1 && cv(v, "par_level") == 0 &&
		near(cv(v, "par_iters_log2"), log2(3.0)),
		"cand isl: parallel-for on the tile loop along r, 2 iterations "
		"(got 2^%g - 1)", cv(v, "par_iters_log2"));
	AT_CHECK(near(cv(v, "tiles_log2"), 5), "cand isl: 2 x 4 x 4 tiles "
		"(got 2^%g)", cv(v, "tiles_log2"));
done:
	unload(&fx);
}

/* Set conflicts (tests/unit/inputs/ft_sets.c).  A tile of 16 x 8
 * doubles holds 16 rows of one line (64 bytes) per array.  With 4 KiB
 * ways (64 sets): A's 16 rows, 4096 bytes apart, share one set; B's
 * start in 16 sets (they repeat every 128 rows), one line each; C's in
 * 16 (stride not known): 16 + 1 + 1 lines.  With 64 KiB ways (1024
 * sets) A's rows repeat every 16: 1 + 1 + 1.  At 32 x 8: 32 + 1 + 1 and
 * 2 + 1 + 1.  At 2 x 512 a tile row is the loop's 500 doubles, 63
 * lines: A's two rows fill the same 63 sets (2 lines each), B's and C's
 * 126 lines spread over all 64 (126 / 64 each); with 64 KiB ways every
 * array's two rows fall apart: 1 + 1 + 1. */
static void test_sets(isl_ctx *ctx)
{
	struct fixture fx;
	float v[AT_FEAT_CAND_DIM];
	at_feat_struct_info si;
	static const struct {
		const char *id;
		double l1, l2;
	} want[] = {
		{ "rect.TS.LI.o0.i0.16x8", 18, 3 },
		{ "rect.TS.LI.o0.i0.32x8", 34, 4 },
		{ "rect.TS.LI.o0.i0.2x512", 2 + 2 * 126.0 / 64, 3 },
	};

	AT_CHECK(load(ctx, "tests/unit/inputs/ft_sets.c", 1, &fx) == 0,
		"sets: features computed");
	if (!fx.space)
		goto done;
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		int ok = encode(ctx, &fx, want[k].id, v, &si) == 0;
		AT_CHECK(ok && near(cv(v, "set_l1_log2"), log2(want[k].l1)) &&
			near(cv(v, "set_l2_log2"), log2(want[k].l2)),
			"sets: %s has 2^%g and 2^%g lines in its fullest set, "
			"want %g and %g", want[k].id, cv(v, "set_l1_log2"),
			cv(v, "set_l2_log2"), want[k].l1, want[k].l2);
	}
done:
	unload(&fx);
}

/* Checks that at_space_inner's memoized answers (keyed by the point
 * loops only) equal the ones computed from each structure's own schedule
 * (no memo) for every structure of `path`. */
static void check_inner_memo(isl_ctx *ctx, const char *path)
{
	long (*d1)[AT_MAX_DEPTH] = NULL, (*d2)[AT_MAX_DEPTH] = NULL;
	int *k1 = NULL, *k2 = NULL, differ = 0, errors = 0, n = 0;
	struct fixture fx;
	struct at_space_memo *memo;

	if (load(ctx, path, 1, &fx) < 0 || !fx.space) {
		AT_CHECK(0, "%s: loaded", path);
		unload(&fx);
		return;
	}
	n = fx.src->scops[0]->n_stmt + 1;
	d1 = calloc(n, sizeof(*d1));
	d2 = calloc(n, sizeof(*d2));
	k1 = calloc(n, sizeof(*k1));
	k2 = calloc(n, sizeof(*k2));
	memo = fx.space->memo;
	for (int i = 0; d1 && d2 && k1 && k2 && i < fx.space->n_struct; i++) {
		const at_choice *ch = &fx.space->structs[i].ch;
		fx.space->memo = memo;
		errors += at_space_inner(ctx, fx.space, ch, d1, k1) < 0;
		fx.space->memo = NULL;
		errors += at_space_inner(ctx, fx.space, ch, d2, k2) < 0;
		differ += memcmp(d1, d2, (n - 1) * sizeof(*d1)) != 0 ||
			memcmp(k1, k2, (n - 1) * sizeof(*k1)) != 0;
	}
	fx.space->memo = memo;
	AT_CHECK(d1 && d2 && k1 && k2 && fx.space->n_struct > 0 &&
		!errors && !differ, "%s: memoized innermost steps equal "
		"each structure's own (%d structures, %d differ, %d errors)",
		path, fx.space->n_struct, differ, errors);
	free(d1);
	free(d2);
	free(k1);
	free(k2);
	unload(&fx);
}

/* Returns 1 when the six innermost-loop entries of v are `want`. */
static int inner_is(const float *v, const float *want)
{
	static const char *const names[AT_FEAT_CAND_INNER] = {
		"inner_known", "inner_inv", "inner_unit", "inner_wide",
		"inner_store_inv", "inner_store_wide"
	};

	for (int k = 0; k < AT_FEAT_CAND_INNER; k++)
		if (!near(cv(v, names[k]), want[k]))
			return 0;
	return 1;
}

/* Returns 1 when at_space_inner gives statement 0 of fx under `id` the
 * step (a, b[, c]) (n entries). */
static int step_is(isl_ctx *ctx, struct fixture *fx, const char *id,
	const long *want, int n)
{
	long dir[4][AT_MAX_DEPTH];
	int known[4];
	at_choice ch;
	char err[256];

	if (fx->src->scops[0]->n_stmt > 4 ||
	    at_space_parse_id(fx->space, id, &ch, err, sizeof(err)) < 0 ||
	    at_space_inner(ctx, fx->space, &ch, dir, known) < 0)
		return 0;
	return known[0] && !memcmp(dir[0], want, n * sizeof(long));
}

/* The innermost-loop entries: y += A x (refs y, y, A, x) as written, with
 * i innermost and with r innermost; the steps of scans along a
 * non-unimodular H (isl's loop strides by |det H|) and of LP. */
static void test_inner(isl_ctx *ctx)
{
	static const long cone_ls[2] = { 1, 2 }, lp[2] = { -1, 1 };
	static const float as_written[] = { 1, 0.25, 0.75, 0, 0, 0 };
	static const float i_inner[] = { 1, 0.5, 0.25, 0.25, 1, 0 };
	static const float r_inner[] = { 1, 1, 0, 0, 1, 0 };
	static const float diagonal[] = { 1, 0, 0, 1, 0, 1 };
	struct fixture fx;
	float v[AT_FEAT_CAND_DIM];
	at_feat_struct_info si;

	AT_CHECK(load(ctx, "tests/unit/inputs/ft_inner.c", 1, &fx) == 0,
		"inner: features computed");
	if (fx.space) {
		at_features_keep(&fx.f, v);
		AT_CHECK(inner_is(v, as_written), "inner: as written, x "
			"invariant, y and A contiguous in j");
		AT_CHECK(encode(ctx, &fx, "rect.TS.LI.o0.i1.8x8x8", v, &si) ==
			0 && inner_is(v, i_inner), "inner: i innermost, y "
			"(read, write) invariant, A wide, x contiguous");
		AT_CHECK(encode(ctx, &fx, "rect.TS.LI.o1.i0.8x8x8", v, &si) ==
			0 && inner_is(v, r_inner), "inner: r innermost, all "
			"invariant");
	}
	unload(&fx);
	AT_CHECK(load(ctx, "tests/unit/inputs/fe_listing11.c", 1, &fx) == 0,
		"inner: Listing 1.1 loaded");
	if (fx.space) {
		AT_CHECK(step_is(ctx, &fx, "cone1.TS.LS.o0.i1.16x16", cone_ls,
			2), "inner: LS along H = ((2,-1),(-1,2)) steps by "
			"(1,2), the stride-3 loop's step");
		AT_CHECK(step_is(ctx, &fx, "rect.TP.LP.o0.i1.16x16", lp, 2),
			"inner: LP after sigma . P steps by (-1,1)");
		AT_CHECK(encode(ctx, &fx, "cone1.TS.LS.o0.i1.16x16", v, &si) ==
			0 && inner_is(v, diagonal), "inner: every reference "
			"wide along (1,2)");
	}
	unload(&fx);
	check_inner_memo(ctx, "tests/unit/inputs/fe_listing11.c");
	check_inner_memo(ctx, "tests/unit/inputs/ft_inner2.c");
	check_inner_memo(ctx, "examples/seidel2d.c");
	check_inner_memo(ctx, "examples/fdtd2d.c");
	check_inner_memo(ctx, "examples/lu.c");
}

/* Returns the loop depth of generated iterator c<2k+1> (orig keeps the
 * 2d+1 schedule: c1, c3, c5 are the loops of depth 0, 1, 2). */
static int depth_of(const char *iter)
{
	return (atoi(iter + 1) - 1) / 2;
}

/* Checks that orig's parallel-for and simd depths in the features agree
 * with what code generation emits for `orig` on input `name`. */
static void check_orig_omp(isl_ctx *ctx, const char *name)
{
	char path[256];
	struct fixture fx;
	at_feat_struct_info si;
	at_choice ch;
	at_cand *cand = NULL;
	at_gen gen = { 0 };
	at_cg_opts opts = { "c", 1 };
	int par = -1, simd = -1, dep;

	snprintf(path, sizeof(path), "tests/unit/inputs/%s.c", name);
	memset(&ch, 0, sizeof(ch));
	ch.shape = -1;
	if (load(ctx, path, 1, &fx) != 0 ||
	    at_features_struct(ctx, fx.space, &fx.f, &ch, &si) < 0 ||
	    !(cand = at_space_make(ctx, fx.space, &ch, &dep)) ||
	    at_codegen(ctx, fx.src->scops[0], fx.deps, cand, &opts,
	    &gen) < 0) {
		AT_CHECK(0, "%s: orig generated", name);
		goto done;
	}
	for (int i = 0; i < gen.n_note; i++) {
		if (gen.notes[i].omp == 1 && par < 0)
			par = depth_of(gen.notes[i].iter);
		if (gen.notes[i].omp == 2)
			simd = depth_of(gen.notes[i].iter);
	}
	AT_CHECK(si.par == par && si.simd == simd, "%s: orig's parallel-for "
		"at depth %d and simd at %d, as code generation emits (%d, %d)",
		name, si.par, si.simd, par, simd);
done:
	at_gen_clear(&gen);
	at_cand_free(cand);
	unload(&fx);
}

/* Orig's OpenMP placement against code generation, on perfect and
 * imperfect nests (jacobi-2d's i loops lie below the shared time loop). */
static void test_orig_omp(isl_ctx *ctx)
{
	const char *names[] = { "fe_listing11", "fe_matmul", "dep_jacobi2d",
		"dep_seidel", "dep_lu", "ft_uniform3d" };

	for (int i = 0; i < 6; i++)
		check_orig_omp(ctx, names[i]);
}

/* What check_family_omp saw on one nest. */
struct family_stats {
	int n_cmp, n_bad, n_par, n_simd, n_order;
};

/* Returns 1 if ch's tile or point order is not the identity. */
static int permuted(const at_space *space, const at_choice *ch)
{
	int t[AT_MAX_DEPTH], p[AT_MAX_DEPTH], n = space->shapes[ch->shape].n;

	at_choice_orders(ch, n, t, p);
	for (int k = 0; k < n; k++)
		if (t[k] != k || p[k] != k)
			return 1;
	return 0;
}

/* Takes the OpenMP placement of every structure of fx (legal or not, as
 * the model asks for it) from at_features_struct, in enumeration order
 * (the space's memo answers from the relation of each family of loop
 * orders and scans), then recomputes every `stride`-th one from index
 * stride / 2 with the exact tests on its own schedule (at_space_omp on
 * the space without its memo) and counts into *st the structures
 * compared, those that differ,
 * and how many had a parallel-for, a simd loop and a permuted order.
 * Returns 0, or -1 on an error. */
static int check_family_omp(isl_ctx *ctx, struct fixture *fx, int stride,
	struct family_stats *st)
{
	at_space *space = fx->space;
	struct at_space_memo *memo = space->memo;
	int *got = calloc(2 * space->n_struct + 1, sizeof(int)), r = 0;
	at_feat_struct_info si;

	memset(st, 0, sizeof(*st));
	for (int i = 0; got && r == 0 && i < space->n_struct; i++) {
		r = at_features_struct(ctx, space, &fx->f,
			&space->structs[i].ch, &si);
		got[2 * i] = si.par;
		got[2 * i + 1] = si.simd;
	}
	space->memo = NULL;
	for (int i = stride / 2; got && r == 0 && i < space->n_struct;
	    i += stride) {
		const at_choice *ch = &space->structs[i].ch;
		int par, simd;
		r = at_features_struct(ctx, space, &fx->f, ch, &si);
		par = si.par;
		simd = si.simd;
		st->n_cmp++;
		st->n_bad += par != got[2 * i] || simd != got[2 * i + 1];
		st->n_par += par >= 0;
		st->n_simd += simd >= 0;
		st->n_order += permuted(space, ch);
	}
	space->memo = memo;
	free(got);
	return got && r == 0 ? 0 : -1;
}

/* The features' parallel-for and simd flags, answered per family from
 * one relation, equal the exact tests on each structure's own schedule:
 * a sample of the structures of nests with 2-, 3- and 4-loop bands, one
 * and two statements, every shape and scan the space builds for them;
 * over the sample, loops are found parallel and not parallel. */
static void test_family_omp(isl_ctx *ctx)
{
	const char *paths[] = { "examples/heat3d.c", "examples/matmul.c",
		"examples/seidel2d.c", "tests/unit/inputs/fe_listing11.c" };
	const int stride[] = { 21, 6, 100, 5 };
	struct family_stats all = { 0, 0, 0, 0, 0 };

	for (int i = 0; i < 4; i++) {
		struct fixture fx;
		struct family_stats st;
		int ok = load(ctx, paths[i], 1, &fx) == 0 &&
			check_family_omp(ctx, &fx, stride[i], &st) == 0;
		AT_CHECK(ok && st.n_bad == 0 && st.n_order > 0,
			"%s: parallel-for/simd from the family relations equal "
			"the exact tests on %d of %d structures (%d with a "
			"parallel-for, %d with simd, %d with a permuted order; "
			"%d differ)", paths[i], ok ? st.n_cmp : 0,
			fx.space ? fx.space->n_struct : 0, ok ? st.n_par : 0,
			ok ? st.n_simd : 0, ok ? st.n_order : 0,
			ok ? st.n_bad : -1);
		all.n_cmp += ok ? st.n_cmp : 0;
		all.n_par += ok ? st.n_par : 0;
		all.n_simd += ok ? st.n_simd : 0;
		unload(&fx);
	}
	AT_CHECK(all.n_par > 0 && all.n_par < all.n_cmp && all.n_simd > 0 &&
		all.n_simd < all.n_cmp, "family sample: both answers of both "
		"tests (%d parallel-for, %d simd of %d)", all.n_par,
		all.n_simd, all.n_cmp);
}

/* Every name is non-empty and unique.  The encoding speed is printed as
 * a comment (hundreds of thousands of encodings are asked for per nest;
 * make bench measures the tool's speed, tests do not assert on it). */
static void test_layout_speed(isl_ctx *ctx)
{
	char a[64], b[64];
	int ok = 1;
	struct fixture fx;
	at_feat_struct_info si;
	float v[AT_FEAT_CAND_DIM], sink = 0;
	struct timespec t0, t1;
	long sizes[2], n = 0;
	double secs;

	for (int k = 0; k < AT_FEAT_NEST_DIM && ok; k++)
		for (int j = k + 1; j < AT_FEAT_NEST_DIM && ok; j++)
			ok = *at_features_nest_name(k, a, sizeof(a)) &&
				strcmp(a, at_features_nest_name(j, b, sizeof(b)));
	for (int k = 0; k < AT_FEAT_CAND_DIM && ok; k++)
		for (int j = k + 1; j < AT_FEAT_CAND_DIM && ok; j++)
			ok = *at_features_cand_name(k, a, sizeof(a)) &&
				strcmp(a, at_features_cand_name(j, b, sizeof(b)));
	AT_CHECK(ok && !*at_features_nest_name(AT_FEAT_NEST_DIM, a, sizeof(a))
		&& !*at_features_cand_name(AT_FEAT_CAND_DIM, a, sizeof(a)),
		"layout: %d nest and %d candidate names, unique", AT_FEAT_NEST_DIM,
		AT_FEAT_CAND_DIM);
	if (load(ctx, "tests/unit/inputs/fe_listing11.c", 1, &fx) != 0 ||
	    encode(ctx, &fx, "cone1.TS.LS.o0.i1.16x16", v, &si) < 0) {
		AT_CHECK(0, "speed: fixture");
		unload(&fx);
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int i = 0; i < 9 * 9; i++, n++) {
			sizes[0] = 1L << (i % 9);
			sizes[1] = 1L << (i / 9);
			at_features_cand(&si, sizes, v);
			sink += v[AT_FEAT_CAND_DIM - 1];
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
	} while (secs < 0.3);
	printf("# %ld candidate encodings in %.3f s: %.0f per second (%g)\n",
		n, secs, n / secs, (double)sink);
	unload(&fx);
}

/* Re-encoding only the size-dependent entries of a row
 * (at_features_cand_resize, what ranking does for every size vector of a
 * structure after its first) gives exactly the row at_features_cand
 * writes: every structure of heat3d (4-loop bands) and seidel2d, at
 * sizes cycling through the size set, including sizes not in it. */
static void test_resize(isl_ctx *ctx)
{
	const char *paths[] = { "examples/heat3d.c", "examples/seidel2d.c" };
	const long set[] = { 1, 4, 8, 16, 32, 64, 128, 256, 512, 3, 100 };

	for (int p = 0; p < 2; p++) {
		struct fixture fx;
		int n_cmp = 0, n_bad = 0, ok = load(ctx, paths[p], 1, &fx) == 0;
		for (int i = 0; ok && i < fx.space->n_struct; i++) {
			at_feat_struct_info si;
			float full[AT_FEAT_CAND_DIM], row[AT_FEAT_CAND_DIM];
			long sizes[AT_MAX_DEPTH];
			if (at_features_struct(ctx, fx.space, &fx.f,
			    &fx.space->structs[i].ch, &si) < 0) {
				ok = 0;
				break;
			}
			for (int j = 0; j < 5; j++) {
				for (int k = 0; k < AT_MAX_DEPTH; k++)
					sizes[k] = set[(i + 3 * j + 5 * k) % 11];
				at_features_cand(&si, sizes, full);
				if (j == 0)
					memcpy(row, full, sizeof(row));
				else
					at_features_cand_resize(&si, sizes, row);
				n_bad += memcmp(row, full, sizeof(row)) != 0;
				n_cmp++;
			}
		}
		AT_CHECK(ok && n_cmp > 100 && n_bad == 0, "%s: resized rows "
			"equal full encodings (%d compared, %d differ)",
			paths[p], n_cmp, n_bad);
		unload(&fx);
	}
}

int main(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	test_sectors();
	test_listing11(ctx);
	test_3d(ctx);
	test_align(ctx);
	test_params(ctx);
	test_machine();
	test_cand(ctx);
	test_cand_isl(ctx);
	test_sets(ctx);
	test_inner(ctx);
	test_orig_omp(ctx);
	test_family_omp(ctx);
	test_layout_speed(ctx);
	test_resize(ctx);
	isl_ctx_free(ctx);
	AT_TEST_END();
}
