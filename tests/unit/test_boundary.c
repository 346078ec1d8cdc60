/* Boundary mode: every case the generator emits, for every profile, layout,
 * target, selector, convention and view, is placed by the model exactly as
 * its checks say; every edge the probes find has a case split across it;
 * and the limits found are the ones each layout and profile should have. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boundary.h"

static const char *const layout_names[] = { "old", "proposed-v1", "proposed-v2" };
enum { NLAYOUTS = sizeof layout_names / sizeof layout_names[0] };
static Layout layouts[NLAYOUTS];
static const char *const cpus[] = { "gfx900", "gfx1030", "gfx1100" };
static BoundaryGen *gen;
static Placement placed;

static int setup(void **state)
{
	(void)state;
	for (unsigned i = 0; i < NLAYOUTS; i++) {
		char path[64], text[8192];
		snprintf(path, sizeof path, "layouts/%s.layout", layout_names[i]);
		FILE *f = fopen(path, "rb");
		size_t n = f ? fread(text, 1, sizeof text, f) : 0;
		if (f)
			fclose(f);
		LayoutError e;
		if (!layout_parse(text, n, &layouts[i], &e))
			return -1;
	}
	gen = malloc(sizeof *gen);
	return gen ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(gen);
	return 0;
}

static ModelConfig config(const char *profile, unsigned layout, const char *cpu, Selector sel)
{
	ModelConfig m;
	char why[128];
	assert_true(model_config_init(&m, profile_find(profile), &layouts[layout], cpu, 0, sel, why, sizeof why));
	return m;
}

/* A probe as text: its first location, then each edge as INDEX:BEFORE|AFTER.
 * "s16 13:s29|v0 44:v30|stack+0" */
static const char *describe(const char *profile, unsigned layout, const char *cpu, Selector sel, CallConv cc,
			    View view, bool inreg, uint32_t no_inputs)
{
	static char out[512];
	static BoundaryRun run;
	ModelConfig m = config(profile, layout, cpu, sel);
	if (!boundary_probe(gen, &m, cc, view, inreg, no_inputs, &run)) {
		snprintf(out, sizeof out, "refused: %s", run.error);
		return out;
	}
	size_t n = loc_print(&run.locs[0], out, sizeof out);
	for (unsigned k = 0; k < run.nedges && n < sizeof out; k++) {
		char a[32], b[32];
		loc_print(&run.edges[k].before, a, sizeof a);
		loc_print(&run.edges[k].after, b, sizeof b);
		n += (size_t)snprintf(out + n, sizeof out - n, " %u:%s|%s", run.edges[k].index, a, b);
	}
	return out;
}

#define NO(x) (UINT32_C(1) << NOIN_##x)

static void test_sgpr_limits_by_layout(void **state)
{
	(void)state;
	/* Default convention, callee, llc 22: old starts after the implicit
	 * inputs s[4:15]; the proposals start at s0 and jump over them. */
	assert_string_equal(describe("llvm22", 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, 0),
			    "s16 13:s29|v0 44:v30|stack+0");
	assert_string_equal(describe("llvm22", 1, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, 0),
			    "s0 3:s3|s16 11:s23|v0 42:v30|stack+0");
	assert_string_equal(describe("llvm22", 2, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, 0),
			    "s0 3:s3|s16 19:s31|v0 50:v30|stack+0");
	/* No scratch descriptor on gfx1100: s[0:3] carry arguments under old too. */
	assert_string_equal(describe("llvm22", 0, "gfx1100", SEL_DAG, CC_C, VIEW_CALLEE, true, 0),
			    "s0 3:s3|s16 17:s29|v0 48:v30|stack+0");
	/* amdgpu_gfx: inreg never falls back to VGPRs. */
	assert_string_equal(describe("llvm22", 0, "gfx1030", SEL_DAG, CC_AMDGPU_GFX, VIEW_CALLEE, true, 0),
			    "s4 25:s29|stack+0");
	assert_string_equal(describe("llvm22", 1, "gfx1030", SEL_DAG, CC_AMDGPU_GFX, VIEW_CALLEE, true, 0),
			    "s0 23:s23|stack+0");
	assert_string_equal(describe("llvm22", 2, "gfx1030", SEL_DAG, CC_AMDGPU_GFX, VIEW_CALLEE, true, 0),
			    "s0 31:s31|stack+0");
	/* VGPRs: v31 carries the work-item IDs in the default convention only. */
	assert_string_equal(describe("llvm22", 0, "gfx900", SEL_GISEL, CC_C, VIEW_CALLER, false, 0), "v0 30:v30|stack+0");
	assert_string_equal(describe("llvm14", 2, "gfx900", SEL_GISEL, CC_AMDGPU_GFX, VIEW_CALLER, false, 0),
			    "v0 31:v31|stack+0");
}

static void test_sgpr_limits_by_profile(void **state)
{
	(void)state;
	/* llc 19 callee: the COV5 queue-pointer hole s[6:7]; its caller starts at s0. */
	assert_string_equal(describe("llvm19", 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, 0),
			    "s6 1:s7|s16 15:s29|v0 46:v30|stack+0");
	assert_string_equal(describe("llvm19", 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLER, true, 0),
			    "s0 3:s3|s16 17:s29|v0 48:v30|stack+0");
	/* llc 14-16: SelectionDAG ignores inreg, GlobalISel refuses it. */
	assert_string_equal(describe("llvm16", 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, 0), "v0 30:v30|stack+0");
	assert_non_null(strstr(describe("llvm14", 0, "gfx1030", SEL_GISEL, CC_C, VIEW_CALLEE, true, 0), "refused"));
	/* Only llvm19 has the queue-pointer hole. */
	for (unsigned p = 0; profile_at(p); p++) {
		const char *name = profile_at(p)->name;
		const char *d = describe(name, 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, 0);
		assert_int_equal(strstr(d, "s7|s16") != NULL, strcmp(name, "llvm19") == 0);
	}
	/* Special-input holes opened by "amdgpu-no-*": freeing the dispatch
	 * pointer opens s[4:5]; in 22 a workgroup id needs the cluster id freed too. */
	assert_string_equal(describe("llvm22", 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, NO(DISPATCH_PTR)),
			    "s4 1:s5|s16 15:s29|v0 46:v30|stack+0");
	assert_string_equal(describe("llvm22", 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, NO(WORKGROUP_ID_X)),
			    "s16 13:s29|v0 44:v30|stack+0");
	assert_string_equal(describe("llvm22", 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true,
				     NO(WORKGROUP_ID_X) | NO(CLUSTER_ID_X)),
			    "s12 0:s12|s16 14:s29|v0 45:v30|stack+0");
	assert_string_equal(describe("llvm19", 0, "gfx1030", SEL_DAG, CC_C, VIEW_CALLEE, true, NO(WORKGROUP_ID_X)),
			    "s6 1:s7|s12 2:s12|s16 16:s29|v0 47:v30|stack+0");
}

static void test_return_limits(void **state)
{
	(void)state;
	struct { const char *profile, *cpu; Selector sel; CallConv cc; bool inreg; unsigned flat_wg, limit; } want[] = {
		{ "llvm22", "gfx1030", SEL_DAG, CC_C, false, 0, 32 },
		{ "llvm14", "gfx900", SEL_GISEL, CC_C, true, 0, 32 },  /* inreg is ignored on returns */
		{ "llvm19", "gfx900", SEL_DAG, CC_AMDGPU_GFX, false, 0, 64 },   /* the VGPR budget, wave64 */
		{ "llvm19", "gfx900", SEL_DAG, CC_AMDGPU_GFX, false, 512, 128 }, /* fewer waves, more VGPRs */
		{ "llvm19", "gfx900", SEL_DAG, CC_AMDGPU_GFX, false, 256, 136 },
		{ "llvm19", "gfx1030", SEL_DAG, CC_AMDGPU_GFX, false, 0, 128 }, /* wave32 */
		{ "llvm19", "gfx1030", SEL_GISEL, CC_AMDGPU_GFX, false, 0, 136 },
		{ "llvm16", "gfx900", SEL_DAG, CC_AMDGPU_GFX, false, 0, 136 },
		{ "llvm22", "gfx1100", SEL_GISEL, CC_AMDGPU_GFX, true, 0, 0 },  /* an inreg return is always demoted */
	};
	for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
		ModelConfig m = config(want[i].profile, 0, want[i].cpu, want[i].sel);
		BoundaryReturn r = boundary_return_limit(gen, &m, want[i].cc, VIEW_CALLEE, want[i].inreg, want[i].flat_wg);
		assert_false(r.unbounded);
		assert_int_equal(r.limit, want[i].limit);
		if (r.limit)
			assert_int_equal(r.last[1].reg, want[i].limit - 1);
	}
}

/* --- every case of every configuration ----------------------------------- */

typedef struct {
	const ModelConfig *m;
	unsigned cases, straddles;
	/* Edges of the configuration's default probes, and whether a case
	 * split a value across each. */
	unsigned nedges;
	BoundaryEdge edges[2 * BOUNDARY_MAX_EDGES];
	bool split[2 * BOUNDARY_MAX_EDGES];
} Seen;

static bool same_loc(const Loc *a, const Loc *b)
{
	return a->kind == b->kind && (a->kind == LOC_STACK ? a->offset == b->offset : a->reg == b->reg);
}

static int hold(void *ctx, const BoundaryCase *c)
{
	Seen *s = ctx;
	char why[256];
	cc_place(&c->sig, s->m, c->view, &placed);
	if (!boundary_case_holds(c, &placed, why, sizeof why))
		fail_msg("%s (%s): %s", c->sig.name, c->label, why);
	assert_true(c->nchecks > 0);
	assert_non_null(strstr(c->label, cc_name((CallConv)c->sig.cc)));
	s->cases++;
	/* A value split across an edge: parts 0 and 1 of one argument. */
	if (c->nchecks == 2 && c->checks[0].kind == BCHK_ARG_PART && c->checks[1].kind == BCHK_ARG_PART &&
	    c->checks[0].arg == c->checks[1].arg && c->checks[1].part == 1) {
		s->straddles++;
		for (unsigned k = 0; k < s->nedges; k++)
			if (same_loc(&s->edges[k].before, &c->checks[0].want) && same_loc(&s->edges[k].after, &c->checks[1].want))
				s->split[k] = true;
	}
	return 0;
}

static void test_every_case_holds(void **state)
{
	(void)state;
	static const CallConv ccs[] = { CC_C, CC_AMDGPU_GFX };
	static Seen seen;
	static BoundaryRun run;
	unsigned total = 0, configs = 0, edges = 0;
	for (unsigned p = 0; profile_at(p); p++)
		for (unsigned l = 0; l < NLAYOUTS; l++)
			for (unsigned t = 0; t < sizeof cpus / sizeof cpus[0]; t++)
				for (unsigned sel = 0; sel < SEL_COUNT; sel++)
					for (unsigned c = 0; c < 2; c++)
						for (unsigned v = 0; v < 2; v++) {
							ModelConfig m = config(profile_at(p)->name, l, cpus[t], (Selector)sel);
							memset(&seen, 0, sizeof seen);
							seen.m = &m;
							for (int inreg = 0; inreg < 2; inreg++) {
								if (!boundary_probe(gen, &m, ccs[c], (View)v, inreg, 0, &run))
									continue;
								for (unsigned k = 0; k < run.nedges; k++)
									seen.edges[seen.nedges++] = run.edges[k];
							}
							boundary_init(gen);
							unsigned n = boundary_generate(gen, &m, ccs[c], (View)v, hold, &seen);
							assert_int_equal(n, seen.cases);
							assert_true(n >= 10);
							for (unsigned k = 0; k < seen.nedges; k++)
								if (!seen.split[k])
									fail_msg("%s %s %s: no value split across edge %u of the probe",
										 profile_at(p)->name, layout_names[l], cpus[t], k);
							total += n;
							edges += seen.nedges;
							configs++;
						}
	print_message("%u configurations, %u cases, %u edges of default probes, each split\n", configs, total, edges);
	assert_int_equal(configs, 5 * NLAYOUTS * 3 * 2 * 2 * 2);
}

/* The checks can fail: a case moved by one register, or a kept return
 * claimed demoted, is reported. */
static int first_case(void *ctx, const BoundaryCase *c)
{
	*(BoundaryCase *)ctx = *c;
	return 1;
}

static void test_checks_can_fail(void **state)
{
	(void)state;
	static BoundaryCase c;
	char why[256];
	ModelConfig m = config("llvm19", 0, "gfx1030", SEL_DAG);
	boundary_init(gen);
	boundary_generate(gen, &m, CC_C, VIEW_CALLEE, first_case, &c);
	assert_string_equal(c.sig.name, "b0");
	assert_true(gen->stopped);
	cc_place(&c.sig, &m, c.view, &placed);
	assert_true(boundary_case_holds(&c, &placed, why, sizeof why));
	c.checks[0].want.reg++;
	assert_false(boundary_case_holds(&c, &placed, why, sizeof why));
	assert_non_null(strstr(why, "expected v1"));
	c.checks[0] = (BoundaryCheck){ .kind = BCHK_RET_DEMOTED };
	assert_false(boundary_case_holds(&c, &placed, why, sizeof why));
	c.checks[0] = (BoundaryCheck){ .kind = BCHK_REFUSED };
	assert_false(boundary_case_holds(&c, &placed, why, sizeof why));
}

/* Identical signatures are emitted once: a second pass over the same
 * configuration adds nothing, and numbering runs on across configurations. */
static int count(void *ctx, const BoundaryCase *c)
{
	(void)c;
	(*(unsigned *)ctx)++;
	return 0;
}

static void test_dedup_and_numbering(void **state)
{
	(void)state;
	unsigned n = 0;
	ModelConfig dag = config("llvm22", 0, "gfx1030", SEL_DAG), gisel = config("llvm22", 0, "gfx1030", SEL_GISEL);
	boundary_init(gen);
	unsigned first = boundary_generate(gen, &dag, CC_AMDGPU_GFX, VIEW_CALLEE, count, &n);
	assert_true(first > 0);
	assert_int_equal(boundary_generate(gen, &dag, CC_AMDGPU_GFX, VIEW_CALLEE, count, &n), 0);
	assert_int_equal(boundary_generate(gen, &dag, CC_AMDGPU_GFX, VIEW_CALLER, count, &n), 0); /* no implicit inputs */
	unsigned more = boundary_generate(gen, &gisel, CC_AMDGPU_GFX, VIEW_CALLEE, count, &n);
	assert_true(more > 0); /* GlobalISel's return limit is 136, not the VGPR budget */
	assert_int_equal(n, first + more);
	assert_int_equal(gen->emitted, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sgpr_limits_by_layout),
		cmocka_unit_test(test_sgpr_limits_by_profile),
		cmocka_unit_test(test_return_limits),
		cmocka_unit_test(test_every_case_holds),
		cmocka_unit_test(test_checks_can_fail),
		cmocka_unit_test(test_dedup_and_numbering),
	};
	return cmocka_run_group_tests_name("boundary", tests, setup, teardown);
}
