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

/* amdgpu_gfx_whole_wave (llc 22): every case leads with the active-lane
 * mask and holds; amdgpu_gfx's limits are its own, one argument further
 * on; the verifier's refusals and the returns llc 22 loses have cases. */
typedef struct {
	Seen seen;
	unsigned masked, refused_first, lost_returns;
} WholeWave;

static int hold_whole_wave(void *ctx, const BoundaryCase *c)
{
	WholeWave *w = ctx;
	const Type *t = c->sig.nparams ? sig_type(&c->sig, c->sig.params[0].type) : NULL;
	w->masked += t && t->kind == TYPE_INT && t->n == 1 && !(c->sig.params[0].flags & PARAM_INREG);
	w->refused_first += c->checks[0].kind == BCHK_REFUSED && strstr(c->label, "first argument") != NULL;
	for (unsigned k = 0; k < c->nchecks; k++)
		w->lost_returns += c->checks[k].kind == BCHK_RET_NONE;
	return hold(&w->seen, c);
}

static void test_whole_wave_cases(void **state)
{
	(void)state;
	static WholeWave w;
	static BoundaryRun ww, gfx;
	for (unsigned l = 0; l < NLAYOUTS; l++)
		for (unsigned t = 0; t < sizeof cpus / sizeof cpus[0]; t++)
			for (unsigned sel = 0; sel < SEL_COUNT; sel++)
				for (unsigned v = 0; v < 2; v++) {
					ModelConfig m = config("llvm22", l, cpus[t], (Selector)sel);
					memset(&w, 0, sizeof w);
					w.seen.m = &m;
					for (int inreg = 0; inreg < 2; inreg++) {
						assert_true(boundary_probe(gen, &m, CC_AMDGPU_GFX_WHOLE_WAVE, (View)v, inreg, 0, &ww));
						assert_true(boundary_probe(gen, &m, CC_AMDGPU_GFX, (View)v, inreg, 0, &gfx));
						assert_int_equal(ww.nedges, gfx.nedges);
						for (unsigned k = 0; k < ww.nedges; k++) {
							assert_int_equal(ww.edges[k].index, gfx.edges[k].index);
							assert_true(same_loc(&ww.edges[k].before, &gfx.edges[k].before));
							w.seen.edges[w.seen.nedges++] = ww.edges[k];
						}
					}
					boundary_init(gen);
					unsigned n = boundary_generate(gen, &m, CC_AMDGPU_GFX_WHOLE_WAVE, (View)v, hold_whole_wave, &w);
					assert_int_equal(n, w.seen.cases);
					for (unsigned k = 0; k < w.seen.nedges; k++)
						assert_true(w.seen.split[k]);
					/* every case but the verifier's starts with the mask */
					assert_true(w.masked >= n - 5 && w.refused_first >= 3);
					/* GlobalISel call sites lose returns beyond 32 parts and
					 * inreg ones, SelectionDAG callees every demoted one; the
					 * others demote as amdgpu_gfx does */
					if ((sel == SEL_GISEL) == (v == VIEW_CALLER))
						assert_true(w.lost_returns >= 2);
					else
						assert_int_equal(w.lost_returns, 0);
				}
}

/* --- the entry points, chain functions and kernels ----------------------- */

typedef struct {
	const ModelConfig *m;
	unsigned cases;
	unsigned nall;
	struct { uint8_t limit; Loc at, after; bool refused, part_at; } all[2048];
} Hits;

static int record(void *ctx, const BoundaryCase *c)
{
	Hits *h = ctx;
	char why[256];
	cc_place(&c->sig, h->m, c->view, &placed);
	if (!boundary_case_holds(c, &placed, why, sizeof why))
		fail_msg("%s (%s): %s", c->sig.name, c->label, why);
	assert_true(c->nchecks > 0);
	h->cases++;
	assert_true(h->nall < sizeof h->all / sizeof h->all[0]);
	h->all[h->nall].limit = c->limit;
	h->all[h->nall].at = c->at;
	h->all[h->nall].after = c->after;
	h->all[h->nall].refused = c->checks[0].kind == BCHK_REFUSED;
	h->all[h->nall].part_at = false;
	for (unsigned k = 0; k < c->nchecks; k++)
		if (c->checks[k].kind == BCHK_ARG_PART && same_loc(&c->checks[k].want, &c->at))
			h->all[h->nall].part_at = true;
	h->nall++;
	return 0;
}

/* Cases at a limit: how many, how many expect a refusal, how many put a part exactly on it. */
static unsigned hits_at(const Hits *h, BoundaryLimitKind kind, const Loc *at, const Loc *after, unsigned *refused,
			unsigned *part_at)
{
	unsigned n = 0;
	*refused = *part_at = 0;
	for (unsigned i = 0; i < h->nall; i++) {
		if (h->all[i].limit != kind || (at && (h->all[i].at.kind != at->kind || h->all[i].at.reg != at->reg ||
						      h->all[i].at.offset != at->offset)))
			continue;
		if (after && (h->all[i].after.kind != after->kind || (after->kind && !same_loc(&h->all[i].after, after))))
			continue;
		n++;
		*refused += h->all[i].refused;
		*part_at += h->all[i].part_at;
	}
	return n;
}

static const char *const entry_cpus[] = { "gfx900", "gfx1030", "gfx1100", "gfx1200" };

/* Every case of every entry, chain and kernel configuration is placed as
 * its checks say, and, probing the model independently, every limit it
 * has got its cases: each edge of each run (a value split across it, or at
 * a range end where one more part is refused: the last part on it and a
 * refusal past it), each return limit (refused beyond for these
 * conventions), the pixel-shader slot limit and forced slot 0, and each
 * kernarg alignment crossed. */
static void test_entry_conventions_every_limit(void **state)
{
	(void)state;
	static Hits h;
	static BoundaryRun run;
	unsigned configs = 0, total = 0, ends = 0, returns = 0, ps = 0, kern = 0;
	for (unsigned p = 0; profile_at(p); p++)
		for (unsigned t = 0; t < sizeof entry_cpus / sizeof entry_cpus[0]; t++)
			for (unsigned sel = 0; sel < SEL_COUNT; sel++)
				for (unsigned n = 0; n < CC_COUNT; n++) {
					CallConv cc = conv_in_generator_order(n);
					if (conv_in_family(cc, FAMILY_CALLABLE))
						continue;
					for (unsigned v = 0; v < (conv_callable(cc) ? 2u : 1u); v++) {
						ModelConfig m = config(profile_at(p)->name, 0, entry_cpus[t], (Selector)sel);
						memset(&h, 0, sizeof h);
						h.m = &m;
						boundary_init(gen);
						unsigned got = boundary_generate(gen, &m, cc, (View)v, record, &h);
						assert_int_equal(got, h.cases);
						configs++;
						total += got;
						/* the argument runs */
						for (int inreg = 0; inreg < 2; inreg++) {
							if (!boundary_probe(gen, &m, cc, (View)v, inreg, 0, &run))
								continue;
							unsigned refused, part_at;
							assert_true(hits_at(&h, BLIM_FIRST, &run.locs[0], 0, &refused, &part_at) >= 1);
							for (unsigned k = 0; k < run.nedges; k++) {
								const BoundaryEdge *ed = &run.edges[k];
								unsigned hit = hits_at(&h, BLIM_EDGE, &ed->before, &ed->after, &refused, &part_at);
								if (!hit || !part_at || (ed->after.kind == LOC_NONE && refused < 2))
									fail_msg("%s %s %s %s: edge %u (%u cases, %u refused, %u on it)",
										 profile_at(p)->name, entry_cpus[t], selector_names[sel],
										 cc_name(cc), k, hit, refused, part_at);
								ends += ed->after.kind == LOC_NONE;
							}
							/* no stack in any of them: a run that is not
							 * refused at its end is a kernel's segment */
							assert_true(run.end_refused || cc == CC_AMDGPU_KERNEL);
						}
						/* the return limits */
						for (int fl = 0; fl < 2; fl++) {
							BoundaryReturn r = fl ? boundary_return_limit_float(gen, &m, cc, (View)v)
									      : boundary_return_limit(gen, &m, cc, (View)v, false, 0);
							if (r.unbounded)
								continue;
							assert_true(r.refused_above); /* never demoted */
							Loc at = { .kind = LOC_NONE, .reg = (uint16_t)r.limit, .offset = 0, .size = 0 };
							unsigned refused, part_at;
							unsigned hit = hits_at(&h, BLIM_RETURN, &at, 0, &refused, &part_at);
							if (hit == 0 || refused == 0)
								fail_msg("%s %s %s: return limit %u (%s): %u cases, %u refused",
									 profile_at(p)->name, entry_cpus[t], cc_name(cc), r.limit,
									 fl ? "float" : "i32", hit, refused);
							returns++;
						}
						if (cc == CC_AMDGPU_PS) {
							unsigned refused, part_at;
							Loc sixteen = { .kind = LOC_NONE, .reg = 16, .offset = 0, .size = 0 };
							assert_true(hits_at(&h, BLIM_PS_SLOTS, &sixteen, 0, &refused, &part_at) >= 2);
							assert_true(hits_at(&h, BLIM_PS_FORCED, 0, 0, &refused, &part_at) >= 2);
							ps++;
						}
						if (cc == CC_AMDGPU_KERNEL && boundary_probe(gen, &m, cc, (View)v, false, 0, &run)) {
							/* every alignment crossed: a type pushed to 2 x its alignment */
							unsigned crossed = 0;
							for (unsigned align = 2; align <= 16; align *= 2)
								for (unsigned i = 0; i < h.nall; i++)
									if (h.all[i].limit == BLIM_KERNARG_ALIGN && h.all[i].at.offset == 2 * align) {
										crossed++;
										break;
									}
							assert_int_equal(crossed, 4);
							kern++;
						}
					}
				}
	print_message("%u entry/chain/kernel configurations, %u cases, %u range ends, %u return limits, %u PS, %u kernel\n",
		      configs, total, ends, returns, ps, kern);
	assert_true(ends > 0 && returns > 0 && ps > 0 && kern > 0);
}

/* The limits found are the ones the model's tables and llc have. */
static void test_entry_limits(void **state)
{
	(void)state;
	/* Shaders: user SGPRs s0-s43, VGPR inputs v0-v135, then refused. */
	assert_string_equal(describe("llvm22", 0, "gfx1030", SEL_DAG, CC_AMDGPU_CS, VIEW_CALLEE, true, 0), "s0 43:s43|none");
	assert_string_equal(describe("llvm16", 0, "gfx1100", SEL_GISEL, CC_AMDGPU_PS, VIEW_CALLEE, false, 0), "v0 135:v135|none");
	/* Chain: s0-s104, v8-v254; older llc cannot parse the keyword. */
	assert_string_equal(describe("llvm19", 0, "gfx1200", SEL_DAG, CC_AMDGPU_CS_CHAIN, VIEW_CALLER, true, 0), "s0 104:s104|none");
	assert_string_equal(describe("llvm22", 0, "gfx900", SEL_GISEL, CC_AMDGPU_CS_CHAIN_PRESERVE, VIEW_CALLEE, false, 0),
			    "v8 246:v254|none");
	assert_non_null(strstr(describe("llvm16", 0, "gfx1030", SEL_DAG, CC_AMDGPU_CS_CHAIN, VIEW_CALLEE, false, 0), "refused"));
	/* Kernels: one segment, no edges. */
	assert_string_equal(describe("llvm22", 0, "gfx1030", SEL_DAG, CC_AMDGPU_KERNEL, VIEW_CALLEE, false, 0), "kernarg+0");
	/* Shader returns: 44 integer parts, 136 float parts, apart. */
	ModelConfig m = config("llvm19", 0, "gfx1030", SEL_DAG);
	BoundaryReturn ri = boundary_return_limit(gen, &m, CC_AMDGPU_VS, VIEW_CALLEE, false, 0);
	BoundaryReturn rf = boundary_return_limit_float(gen, &m, CC_AMDGPU_VS, VIEW_CALLEE);
	assert_int_equal(ri.limit, 44);
	assert_int_equal(rf.limit, 136);
	assert_true(ri.refused_above && rf.refused_above);
	BoundaryReturn rc = boundary_return_limit(gen, &m, CC_AMDGPU_CS_CHAIN, VIEW_CALLEE, false, 0);
	assert_int_equal(rc.limit, 0);
	assert_true(rc.refused_above);
	/* The default convention demotes instead. */
	BoundaryReturn rd = boundary_return_limit(gen, &m, CC_C, VIEW_CALLEE, false, 0);
	assert_false(rd.refused_above);
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
		cmocka_unit_test(test_whole_wave_cases),
		cmocka_unit_test(test_entry_conventions_every_limit),
		cmocka_unit_test(test_entry_limits),
		cmocka_unit_test(test_checks_can_fail),
		cmocka_unit_test(test_dedup_and_numbering),
	};
	return cmocka_run_group_tests_name("boundary", tests, setup, teardown);
}
