/* Layout files: the three shipped layouts load and print back identically;
 * every validation rule rejects its case with a message naming the problem
 * and, for syntax errors, the line and column; the model keeps every
 * argument out of the fixed roles; `gcnabi layouts --impact` counts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"
#include "engine.h"
#include "passthrough.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	return buf;
}

static void roundtrip(const char *path, const char *name)
{
	Layout a, b;
	LayoutError e;
	char *text = slurp(path);
	assert_true(layout_parse(text, strlen(text), &a, &e));
	assert_string_equal(a.name, name);
	char printed[4096];
	size_t n = layout_print(&a, printed, sizeof printed);
	assert_true(n < sizeof printed);
	assert_true(layout_parse(printed, n, &b, &e));
	assert_memory_equal(&a, &b, sizeof a);
}

static void test_shipped_layouts_roundtrip(void **state)
{
	(void)state;
	roundtrip("layouts/old.layout", "old");
	roundtrip("layouts/proposed-v1.layout", "proposed-v1");
	roundtrip("layouts/proposed-v2.layout", "proposed-v2");
}

static void test_old_layout_values(void **state)
{
	(void)state;
	Layout l;
	LayoutError e;
	char *text = slurp("layouts/old.layout");
	assert_true(layout_parse(text, strlen(text), &l, &e));
	assert_int_equal(l.role[ROLE_SRD].first, 0);
	assert_int_equal(l.role[ROLE_SRD].count, 4);
	assert_int_equal(l.role[ROLE_RETURN_ADDRESS].first, 30);
	assert_int_equal(l.role[ROLE_STACK_PTR].first, 32);
	assert_int_equal(l.role[ROLE_FRAME_PTR].first, 33);
	assert_int_equal(l.role[ROLE_BASE_PTR].first, 34);
	assert_int_equal(l.pool[POOL_GFX_SGPR_ARGS].n, 1);
	assert_int_equal(l.pool[POOL_GFX_SGPR_ARGS].r[0].first, 4);
	assert_int_equal(l.pool[POOL_GFX_SGPR_ARGS].r[0].count, 26);
	assert_int_equal(l.pool[POOL_FUNC_SGPR_ARGS].n, 1);
	assert_true(reglist_contains(&l.pool[POOL_FUNC_SGPR_ARGS], LOC_SGPR, 0));
	assert_true(reglist_contains(&l.pool[POOL_FUNC_SGPR_ARGS], LOC_SGPR, 29));
	assert_false(reglist_contains(&l.pool[POOL_FUNC_SGPR_ARGS], LOC_SGPR, 30));
}

/* A valid layout with one line replaced. */
static bool parse_with(const char *key, const char *value, LayoutError *e)
{
	static char text[8192];
	char *src = slurp("layouts/old.layout");
	text[0] = 0;
	for (char *line = strtok(src, "\n"); line; line = strtok(0, "\n")) {
		size_t k = strlen(key);
		if (strncmp(line, key, k) == 0 && line[k] == ' ')
			snprintf(text + strlen(text), sizeof text - strlen(text), "%s = %s\n", key, value);
		else
			snprintf(text + strlen(text), sizeof text - strlen(text), "%s\n", line);
	}
	Layout l;
	return layout_parse(text, strlen(text), &l, e);
}

static void expect_error(const char *key, const char *value, const char *msg_part)
{
	LayoutError e;
	assert_false(parse_with(key, value, &e));
	if (!strstr(e.msg, msg_part))
		fail_msg("%s = %s: expected '%s' in '%s'", key, value, msg_part, e.msg);
}

static void test_validation_errors(void **state)
{
	(void)state;
	expect_error("srd", "s[2:5]", "multiple of 4");
	expect_error("srd", "s[0:2]", "must be 4 SGPRs wide");
	expect_error("return_address", "s[31:32]", "multiple of 2");
	expect_error("stack_pointer", "s30", "overlaps return_address");
	expect_error("frame_pointer", "s106", "out of range");
	expect_error("func_sgpr_args", "s[0:10], s[5:6]", "lists a register twice");
	expect_error("base_pointer", "s[40:39]", "backwards");
	expect_error("srd", "v[0:3]", "expected an SGPR");
	expect_error("srd", "s[0:3] extra", "unexpected text");
}

/* The key named registers that no return ever takes: llc demotes an inreg
 * amdgpu_gfx return, so layouts no longer have it. */
static void test_return_pool_is_gone(void **state)
{
	(void)state;
	static char text[8192];
	Layout l;
	LayoutError e;
	snprintf(text, sizeof text, "%sgfx_sgpr_returns = s[4:31], s[33:43]\n", slurp("layouts/old.layout"));
	assert_false(layout_parse(text, strlen(text), &l, &e));
	assert_non_null(strstr(e.msg, "unknown key 'gfx_sgpr_returns'"));
	assert_int_equal(e.col, 1);
}

/* old, with both argument lists running through every fixed role: a
 * layout file may not say so (test_pools_through_reserved_roles), but the
 * model keeps the roles reserved whatever its layout holds. */
static void load_wide_pools(Layout *l)
{
	char *src = slurp("layouts/old.layout");
	LayoutError e;
	if (!layout_parse(src, strlen(src), l, &e))
		fail_msg("%u:%u: %s", e.line, e.col, e.msg);
	for (int p = 0; p < POOL_COUNT; p++)
		l->pool[p] = (RegList){ 1, { { LOC_SGPR, 0, 41 } } };
}

/* An argument list through a register every function of its convention
 * reserves is refused at its line; the default convention's may run
 * through the descriptor and the implicit inputs, as upstream's does. */
static void test_pools_through_reserved_roles(void **state)
{
	(void)state;
	static const struct {
		const char *from, *to, *msg;
		uint32_t line;
	} cases[] = {
		{ "gfx_sgpr_args = s[4:29]", "gfx_sgpr_args = s[0:29]", "gfx_sgpr_args runs through srd (s[0:3])", 28 },
		{ "gfx_sgpr_args = s[4:29]", "gfx_sgpr_args = s[4:31]", "gfx_sgpr_args runs through return_address (s[30:31])", 28 },
		{ "func_sgpr_args = s[0:29]", "func_sgpr_args = s[0:29], s32", "func_sgpr_args runs through stack_pointer (s32)", 26 },
		{ "func_sgpr_args = s[0:29]", "func_sgpr_args = s[0:29], s[33:34]", "runs through frame_pointer (s33)", 26 },
		{ "base_pointer = s34", "base_pointer = s29", "func_sgpr_args runs through base_pointer (s29)", 26 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *src = slurp("layouts/old.layout"), text[8192];
		char *at = strstr(src, cases[i].from);
		assert_non_null(at);
		snprintf(text, sizeof text, "%.*s%s%s", (int)(at - src), src, cases[i].to, at + strlen(cases[i].from));
		Layout l;
		LayoutError e;
		assert_false(layout_parse(text, strlen(text), &l, &e));
		if (!strstr(e.msg, cases[i].msg) || e.line != cases[i].line)
			fail_msg("%s: got %u: %s", cases[i].to, e.line, e.msg);
		assert_non_null(strstr(e.msg, "which every function of its convention reserves"));
	}
	/* old itself: func_sgpr_args = s[0:29] through srd and the implicit inputs. */
	char *src = slurp("layouts/old.layout");
	Layout l;
	LayoutError e;
	assert_true(layout_parse(src, strlen(src), &l, &e));
}

/* n inreg i32 arguments of convention cc, placed; p->locs[k] is part k. */
static void place_inreg(const char *cc, unsigned n, const Layout *l, const char *profile, const char *cpu, View view,
			Placement *p)
{
	char header[4096] = "";
	snprintf(header, sizeof header, "declare %s void @f(", cc);
	for (unsigned i = 0; i < n; i++)
		snprintf(header + strlen(header), sizeof header - strlen(header), "%si32 inreg", i ? ", " : "");
	strcat(header, ")");
	static Sig sig;
	SigError err;
	ModelConfig m;
	char why[128];
	assert_true(sig_parse_header(header, strlen(header), &sig, &err));
	assert_true(model_config_init(&m, profile_find(profile), l, cpu, 0, SEL_DAG, why, sizeof why));
	assert_true(cc_place(&sig, &m, view, p));
	assert_int_equal(p->nlocs, n);
}

/* An argument list may now run through the return address and the stack,
 * frame and base pointers: the model reserves them in every function of
 * the default convention and amdgpu_gfx, and the descriptor where the
 * target has one, so no argument takes them. */
static void test_fixed_roles_reserved_by_the_model(void **state)
{
	(void)state;
	Layout l;
	Placement p;
	load_wide_pools(&l);
	/* amdgpu_gfx on gfx900: s4-s29, then s35-s40 past RA, SP, FP, BP, then the stack. */
	place_inreg("amdgpu_gfx", 34, &l, "llvm22", "gfx900", VIEW_CALLEE, &p);
	for (unsigned k = 0; k < 26; k++)
		assert_int_equal(p.locs[k].reg, 4 + k);
	for (unsigned k = 26; k < 32; k++)
		assert_int_equal(p.locs[k].reg, 35 + k - 26);
	assert_int_equal(p.locs[32].kind, LOC_STACK);
	/* Architected flat scratch (gfx1100): no descriptor, s0-s3 carry arguments. */
	place_inreg("amdgpu_gfx", 34, &l, "llvm22", "gfx1100", VIEW_CALLER, &p);
	assert_int_equal(p.locs[0].reg, 0);
	assert_int_equal(p.locs[29].reg, 29);
	assert_int_equal(p.locs[30].reg, 35);
	/* Every view, target and profile with inreg SGPRs: never a fixed role. */
	static const char *const profiles[] = { "llvm19", "llvm22" }, *const cpus[] = { "gfx900", "gfx1030", "gfx1100" };
	static const char *const ccs[] = { "", "amdgpu_gfx" };
	for (unsigned a = 0; a < 2; a++)
		for (unsigned c = 0; c < 3; c++)
			for (unsigned v = 0; v < 2; v++)
				for (unsigned k = 0; k < 2; k++) {
					place_inreg(ccs[k], 40, &l, profiles[a], cpus[c], (View)v, &p);
					for (unsigned i = 0; i < p.nlocs; i++)
						if (p.locs[i].kind == LOC_SGPR)
							assert_true(p.locs[i].reg < 30 || p.locs[i].reg > 34);
				}
	/* The default convention's caller on llvm22 still assigns over the
	 * descriptor (caller_inreg_over_srd); its callee keeps it. */
	place_inreg("", 4, &l, "llvm22", "gfx900", VIEW_CALLER, &p);
	assert_int_equal(p.locs[0].reg, 0);
	place_inreg("", 4, &l, "llvm22", "gfx900", VIEW_CALLEE, &p);
	assert_int_equal(p.locs[0].reg, 16);
}

static void impact_add(LayoutImpact *t, const Layout *l, const char *header, const char *cpu)
{
	static Sig sig;
	static Placement p;
	SigError err;
	ModelConfig m;
	char why[128];
	assert_true(sig_parse_header(header, strlen(header), &sig, &err));
	assert_true(model_config_init(&m, profile_find("llvm22"), l, cpu, 0, SEL_DAG, why, sizeof why));
	cc_place(&sig, &m, VIEW_CALLEE, &p);
	layout_impact_add(t, l, &sig, &p);
}

/* The counts of `gcnabi layouts --impact`, by hand. */
static void test_impact_counts(void **state)
{
	(void)state;
	Layout old, v2;
	LayoutError e;
	char *text = slurp("layouts/old.layout");
	assert_true(layout_parse(text, strlen(text), &old, &e));
	text = slurp("layouts/proposed-v2.layout");
	assert_true(layout_parse(text, strlen(text), &v2, &e));
	const char *gfx = "declare amdgpu_gfx void @g(i32 inreg, i64 inreg, i32)";
	const char *wide = "declare void @f([40 x i32])"; /* v0-v30, then 9 slots */
	LayoutImpact t = { 0 };
	impact_add(&t, &old, gfx, "gfx1030");
	impact_add(&t, &old, wide, "gfx1030");
	impact_add(&t, &old, "declare void @r(i1 inreg)", "gfx1030");
	layout_impact_add(&t, &old, NULL, NULL); /* a malformed signature */
	assert_int_equal(t.functions, 4);
	assert_int_equal(t.refused, 1);
	assert_int_equal(t.sgpr, 4); /* s4, s[5:6]; the i1 in s16 */
	assert_int_equal(t.vgpr, 1 + 31);
	assert_int_equal(t.stack, 9);
	assert_int_equal(t.stack_bytes, 36);
	assert_int_equal(t.gfx_functions, 1);
	assert_int_equal(t.gfx_inreg_parts, 3);
	assert_int_equal(t.gfx_sgpr_moves, 3); /* s0, s1, s2 to s4, s5, s6 */
	/* Taken: s[0:3] SRD, s[4:6] arguments, s[28:31] for the RA, s[32:35] for SP, FP, BP. */
	assert_int_equal(t.gfx_free_quads, 8);
	/* proposed-v2: arguments from s0, in place; SP, FP, RA s[32:35], SRD s[36:39], BP s40. */
	t = (LayoutImpact){ 0 };
	impact_add(&t, &v2, gfx, "gfx1030");
	assert_int_equal(t.gfx_sgpr_moves, 0);
	assert_int_equal(t.gfx_free_quads, 12 - 1 - 3);
	PassCost c;
	static Sig sig;
	static Placement p;
	SigError err;
	ModelConfig m;
	char why[128];
	const char *mixed = "declare amdgpu_gfx void @m(i32, i32 inreg, [40 x i32] inreg)";
	assert_true(sig_parse_header(mixed, strlen(mixed), &sig, &err));
	assert_true(model_config_init(&m, profile_find("llvm22"), &v2, "gfx1030", 0, SEL_DAG, why, sizeof why));
	assert_true(cc_place(&sig, &m, VIEW_CALLEE, &p));
	passthrough_cost_in_order(&sig, &p, &c);
	/* 41 inreg parts: s0-s31 in place, 9 stored. */
	assert_int_equal(c.parts, 41);
	assert_int_equal(c.in_place, 32);
	assert_int_equal(c.to_stack, 9);
	assert_int_equal(c.sgpr_moves + c.to_vgpr, 0);
}

static void test_syntax_errors_have_positions(void **state)
{
	(void)state;
	Layout l;
	LayoutError e;
	const char *text = "name = x\nsrd = s[0:3]\nbogus_key = s4\n";
	assert_false(layout_parse(text, strlen(text), &l, &e));
	assert_int_equal(e.line, 3);
	assert_int_equal(e.col, 1);
	assert_non_null(strstr(e.msg, "unknown key 'bogus_key'"));
	text = "name = x\nsrd = s[0:3\n";
	assert_false(layout_parse(text, strlen(text), &l, &e));
	assert_int_equal(e.line, 2);
	assert_int_equal(e.col, 7);
	text = "name = x\n";
	assert_false(layout_parse(text, strlen(text), &l, &e));
	assert_non_null(strstr(e.msg, "missing 'srd"));
}

/* A name with a NUL or another control byte would print cut short, and the
 * printed layout would not parse again (found by fuzz/layout_parse). */
static void test_name_control_characters(void **state)
{
	(void)state;
	Layout l;
	LayoutError e;
	static const char text[] = "name = a\0b\n";
	assert_false(layout_parse(text, sizeof text - 1, &l, &e));
	assert_int_equal(e.line, 1);
	assert_int_equal(e.col, 9);
	assert_non_null(strstr(e.msg, "control character"));
	static const char bell[] = "name = \x07x\n";
	assert_false(layout_parse(bell, sizeof bell - 1, &l, &e));
	assert_non_null(strstr(e.msg, "control character"));
}

static void test_truncations_never_crash(void **state)
{
	(void)state;
	char *text = slurp("layouts/proposed-v2.layout");
	size_t n = strlen(text);
	char *copy = malloc(n + 1);
	for (size_t cut = 0; cut < n; cut++) {
		Layout l;
		LayoutError e;
		memcpy(copy, text, cut);
		bool ok = layout_parse(copy, cut, &l, &e); /* exactly cut bytes, no terminator read */
		if (ok) /* only a cut inside the final comment-free tail may still be complete */
			assert_true(cut > n - 30);
	}
	free(copy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_layouts_roundtrip),
		cmocka_unit_test(test_old_layout_values),
		cmocka_unit_test(test_name_control_characters),
		cmocka_unit_test(test_validation_errors),
		cmocka_unit_test(test_return_pool_is_gone),
		cmocka_unit_test(test_fixed_roles_reserved_by_the_model),
		cmocka_unit_test(test_pools_through_reserved_roles),
		cmocka_unit_test(test_impact_counts),
		cmocka_unit_test(test_syntax_errors_have_positions),
		cmocka_unit_test(test_truncations_never_crash),
	};
	return cmocka_run_group_tests_name("layout", tests, NULL, NULL);
}
