/* Unit tests of the MIR observer (observe/mir.h). The placements asserted
 * here were read off real llc output (tests/fixtures/mir, made by regen.sh)
 * for both selectors and llc 14/16/19/22. The parser's own tests (synthetic
 * MIR, cut fixtures, garbage) are in test_mir_parse.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "mir_fixture.h"

/* --- basic: float @f(i32 inreg, i32, i64, [2 x i32], i32 inreg), i64 @g(i32, i32) */

static void expect_basic(const char *fixture, bool gisel, const char *f_in, const char *f_call,
			 const char *implicit)
{
	Observed *o = observe_fixture(fixture);
	assert_int_equal(o->n, 4);
	expect(o, "f", gisel, f_in, NULL, NULL);
	expect(o, "gcnabi.0.caller", gisel, "-> none", f_call, implicit);
	expect(o, "g", gisel, "v0 | v1 -> v0,v1", NULL, NULL);
	expect(o, "gcnabi.1.caller", gisel, "-> none", "g: v0 | v1 -> v0,v1", implicit);
	assert_true(find(o, "f")->grouped && find(o, "f")->has_sig);
	free(o);
}

static void test_basic_v19(void **state)
{
	(void)state;
	/* The caller passes the inreg arguments in s0, s1; the callee reads s6, s7. */
	expect_basic("basic.v19.gisel.mir", true, "s6 | v0 | v1,v2 | v3,v4 | s7 -> v0",
		     "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0", implicit_gisel);
	expect_basic("basic.v19.dag.mir", false, "s6 | v0 | v1,v2 | v3,v4 | s7 -> v0",
		     "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0", implicit_dag);
}

static void test_basic_v22(void **state)
{
	(void)state;
	expect_basic("basic.v22.gisel.mir", true, "s16 | v0 | v1,v2 | v3,v4 | s17 -> v0",
		     "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0", implicit_gisel);
	expect_basic("basic.v22.dag.mir", false, "s16 | v0 | v1,v2 | v3,v4 | s17 -> v0",
		     "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0", implicit_dag);
}

/* A module with more headers than the observer keeps at once (1100
 * unused declarations): it falls back to the functions the MIR defines and
 * calls, and still groups every part by its signature. */
static void test_many_declarations(void **state)
{
	(void)state;
	Observed *o = observe_fixture("manydecls.v22.dag.mir");
	assert_int_equal(o->n, 2);
	expect(o, "wide", false, "s16 | v0,v1 | v2 -> none", NULL, NULL);
	expect(o, "gcnabi.0.caller", false, "-> none", "wide: s0 | v0,v1 | v2 -> none", implicit_dag);
	assert_true(find(o, "wide")->grouped && find(o, "wide")->has_sig);
	free(o);
}

/* llc 14 and 16 ignore inreg on the default convention; 14 returns through
 * S_SETPC_B64_return and lists the return address s[30:31] as a live-in. */
static void test_basic_v14_v16_dag(void **state)
{
	(void)state;
	const char *files[] = {"basic.v14.dag.mir", "basic.v16.dag.mir"};
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);
		expect(o, "f", false, "v0 | v1 | v2,v3 | v4,v5 | v6 -> v0", NULL, NULL);
		assert_string_equal(find(o, "f")->unattributed, "");
		expect(o, "gcnabi.0.caller", false, "-> none", "f: v0 | v1 | v2,v3 | v4,v5 | v6 -> v0", "s[0:3]");
		expect(o, "g", false, "v0 | v1 -> v0,v1", NULL, NULL);
		free(o);
	}
}

/* GlobalISel before llc 19 cannot lower inreg arguments of callable
 * functions: llc falls back and prints failedISel: true. */
static void test_basic_failed_isel(void **state)
{
	(void)state;
	const char *files[] = {"basic.v14.gisel.mir", "basic.v16.gisel.mir"};
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);
		const Seen *f = find(o, "f");
		assert_true(f->failed);
		assert_true(f->gisel);
		assert_non_null(strstr(f->error, "failedISel"));
		assert_string_equal(f->json, "{\"name\":\"f\",\"selector\":\"gisel\",\"error\":\"llc could not select "
					     "this function (failedISel: true)\"}");
		expect(o, "g", true, "v0 | v1 -> v0,v1", NULL, NULL);
		free(o);
	}
}

/* Each fixture (selector from its name) shows callee @f as `want` and its
 * caller's call of it the same way. */
static void expect_callee_and_call(const char *const *files, unsigned n, const char *want)
{
	char call[SUM];
	snprintf(call, sizeof call, "f: %s", want);
	for (unsigned i = 0; i < n; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		expect(o, "f", gisel, want, NULL, NULL);
		expect(o, "gcnabi.0.caller", gisel, "-> none", call, NULL);
		free(o);
	}
}

/* --- mixed: {i8, i32} @f({i8, i32}, <3 x half>, i1, i16) --------------------- */

static void test_mixed(void **state)
{
	(void)state;
	static const char *const files[] = {"mixed.v19.gisel.mir", "mixed.v19.dag.mir", "mixed.v22.gisel.mir", "mixed.v22.dag.mir"};
	expect_callee_and_call(files, 4, "v0,v1 | v2,v3 | v4 | v5 -> v0,v1");
}

/* --- stack: <4 x i32> @f(<32 x i32>, i32, i64, i32 inreg) ----------------------- */

static void test_stack(void **state)
{
	(void)state;
	static const char vregs[] = "v0,v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,v17,v18,v19,v20,"
				    "v21,v22,v23,v24,v25,v26,v27,v28,v29,v30";
	static const struct {
		const char *file, *inreg_callee, *inreg_caller;
	} cases[] = {
		{"stack.v19.gisel.mir", "s6", "s0"},
		{"stack.v19.dag.mir", "s6", "s0"},
		{"stack.v22.gisel.mir", "s16", "s0"},
		{"stack.v22.dag.mir", "s16", "s0"},
		/* llc 16 ignores inreg: the last argument follows the others to the stack. */
		{"stack.v16.dag.mir", "stack+16/4", "stack+16/4"},
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Observed *o = observe_fixture(cases[i].file);
		bool gisel = strstr(cases[i].file, "gisel") != NULL;
		char in[SUM], call[SUM];
		snprintf(in, sizeof in, "%s,stack+0/4 | stack+4/4 | stack+8/4,stack+12/4 | %s -> v0,v1,v2,v3", vregs,
			 cases[i].inreg_callee);
		snprintf(call, sizeof call, "f: %s,stack+0/4 | stack+4/4 | stack+8/4,stack+12/4 | %s -> v0,v1,v2,v3",
			 vregs, cases[i].inreg_caller);
		expect(o, "f", gisel, in, NULL, NULL);
		expect(o, "gcnabi.0.caller", gisel, "-> none", call, NULL);
		free(o);
	}
}

/* --- byval: i32 @f(i32, ptr addrspace(5) byval({i32, i32, i32}), i32) -------- */

static void test_byval(void **state)
{
	(void)state;
	/* One 12-byte slot on both sides, though SelectionDAG's caller copies
	 * it a dword at a time and GlobalISel's with one G_MEMCPY. */
	static const char *const files[] = {"byval.v19.gisel.mir", "byval.v19.dag.mir", "byval.v22.gisel.mir", "byval.v22.dag.mir"};
	expect_callee_and_call(files, 4, "v0 | stack+0/12 | v1 -> v0");
}

/* --- sret: [33 x i32] @f(i32, i64) is demoted to a hidden pointer in v0 --------- */

static void test_sret(void **state)
{
	(void)state;
	const char *files[] = {"sret.v19.gisel.mir", "sret.v19.dag.mir", "sret.v22.gisel.mir", "sret.v22.dag.mir"};
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		expect(o, "f", gisel, "v1 | v2,v3 -> sret v0", NULL, NULL);
		assert_string_equal(find(o, "f")->unattributed, "");
		expect(o, "gcnabi.0.caller", gisel, "-> none", "f: v1 | v2,v3 -> sret v0", NULL);
		assert_non_null(strstr(find(o, "f")->json, "\"sret\":\"v0\",\"parts\":[]"));
		free(o);
	}
}

/* --- gfx: amdgpu_gfx i32 @f(i32 inreg, i1 inreg, i1, i64 inreg, float) ---------- */

static void test_gfx(void **state)
{
	(void)state;
	/* i1 goes to a 1-byte stack slot, inreg or not. */
	const char *files[] = {"gfx.v19.gisel.mir", "gfx.v19.dag.mir", "gfx.v22.gisel.mir", "gfx.v22.dag.mir"};
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		expect(o, "f", gisel, "s4 | stack+0/1 | stack+4/1 | s5,s6 | v0 -> v0", NULL, NULL);
		expect(o, "gcnabi.0.caller", gisel, "-> none", "f: s4 | stack+0/1 | stack+4/1 | s5,s6 | v0 -> v0",
		       "s[0:3]");
		free(o);
	}
}

/* llc 16's SelectionDAG caller passes the i64 inreg as IMPLICIT_DEF in
 * s5, s6 (the value stays in VGPRs): the argument has no parts, and the two
 * registers carry no argument. */
static void test_gfx_v16_dag_drops_inreg_i64(void **state)
{
	(void)state;
	Observed *o = observe_fixture("gfx.v16.dag.mir");
	expect(o, "f", false, "s4 | stack+0/1 | stack+4/1 | s5,s6 | v0 -> v0", NULL, NULL);
	expect(o, "gcnabi.0.caller", false, "-> none", "f: s4 | stack+0/1 | stack+4/1 | - | v0 -> v0", "s[0:3] s5 s6");
	free(o);
}

/* A shader passes its own ptr addrspace(8) on (a G_MERGE_VALUES of v0, v1,
 * then a G_UNMERGE_VALUES into the call's v0, v1). llc 16's datalayout has
 * no p8 entry, so the pointer is 64-bit there: read as 128-bit, its high
 * half traced back to v0 and v1 counted as an implicit input. */
static void test_gisel_narrow_buffer_ptr_passed_on(void **state)
{
	(void)state;
	Observed *o = observe_fixture("p8pass.v16.gisel.mir");
	expect(o, "g", true, "v0,v1 -> none", NULL, NULL);
	expect(o, "s", true, "v0,v1 -> none", "g: v0,v1 -> none", "s[0:3]");
	free(o);
	o = observe_fixture("p8pass.v22.gisel.mir");
	expect(o, "s", true, "v0,v1,v2,v3 -> none", "g: v0,v1,v2,v3 -> none", "s[0:3]");
	free(o);
}

/* --- ps: amdgpu_ps {float, i32} @f(i32 inreg, float, <2 x float>) --------------- */

static void test_ps_return_to_epilog(void **state)
{
	(void)state;
	const char *files[] = {"ps.v19.gisel.mir", "ps.v19.dag.mir"};
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);
		assert_int_equal(o->n, 1);
		expect(o, "f", i == 0, "s0 | v0 | v1,v2 -> v0,s0", NULL, NULL);
		free(o);
	}
}

/* --- psunused: pixel-shader input slots (cases/golden/shader.ll @p00 @p01 @p07) -- */

static void test_ps_unused_inputs(void **state)
{
	(void)state;
	const char *files[] = {"psunused.v19.dag.mir", "psunused.v19.gisel.mir", "psunused.v22.dag.mir",
			       "psunused.v22.gisel.mir"};
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		/* Unused inputs get no registers and no parts; the used ones close up. */
		expect(o, "p00", gisel, "s0 | - | v0 | - | v1 -> none", NULL, NULL);
		assert_non_null(strstr(find(o, "p00")->json, "\"ps_input_addr\":10,\"ps_input_enable\":10"));
		assert_non_null(strstr(find(o, "p00")->json, "{\"type\":\"float\",\"unused\":true,\"parts\":[]}"));
		/* No interpolation input: slot 0 is forced on, v0-v1 are taken. */
		expect(o, "p01", gisel, "- | - | - | - | - | - | - | v2 -> none", NULL, NULL);
		assert_non_null(strstr(find(o, "p01")->json, "\"ps_input_addr\":129,\"ps_input_enable\":129"));
		/* amdgpu_cs allocates unused arguments: v1 and v2 after the unseen v0. */
		expect(o, "p07", gisel, "- | v1 | - | v2 -> none", NULL, NULL);
		assert_null(strstr(find(o, "p07")->json, "ps_input"));
		free(o);
	}
}

/* --- shader system SGPRs: argumentInfo's wave offset and implicit buffer pointer -- */

static void expect_sys(const Observed *o, const char *name, const char *want)
{
	const char *json = find(o, name)->json;
	if (!want) {
		assert_null(strstr(json, "system_sgprs"));
		return;
	}
	if (!strstr(json, want))
		fail_msg("%s: %s not in %s", name, want, json);
}

static void test_shader_system_sgprs(void **state)
{
	(void)state;
	/* amdpal gfx1030: the wave offset follows the user SGPRs (cs: s0, s[1:2]),
	 * a merged GS has it in s5; ps does not use scratch, so its (s1) is not
	 * reported. */
	Observed *o = observe_fixture("scratch.v19.dag.mir");
	expect(o, "cs", false, "s0 | s1,s2 | v0 -> none", NULL, NULL);
	expect_sys(o, "cs", "\"system_sgprs\":{\"scratch_wave_offset\":\"s3\"}");
	expect_sys(o, "gs", "\"system_sgprs\":{\"scratch_wave_offset\":\"s5\"}");
	expect_sys(o, "ps", NULL);
	free(o);
	/* mesa3d: s[0:1] before the inreg arguments, used or not. */
	const char *mesa[] = { "scratch.gfx900.mesa3d.v19.gisel.mir", "scratch.gfx900.mesa3d.v22.dag.mir" };
	for (unsigned i = 0; i < 2; i++) {
		o = observe_fixture(mesa[i]);
		expect(o, "cs", i == 0, "s2 | s3,s4 | v0 -> none", NULL, NULL);
		expect_sys(o, "cs", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\",\"scratch_wave_offset\":\"s5\"}");
		expect_sys(o, "gs", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\",\"scratch_wave_offset\":\"s5\"}");
		expect_sys(o, "ps", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\"}");
		free(o);
	}
	/* Architected flat scratch (gfx1100): no wave offset at all. */
	o = observe_fixture("scratch.gfx1100.mesa3d.v22.dag.mir");
	expect_sys(o, "cs", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\"}");
	expect_sys(o, "gs", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\"}");
	free(o);
}

/* --- chain: amdgpu_cs_chain @a00 called through llvm.amdgcn.cs.chain ----------- */

static void test_chain_call(void **state)
{
	(void)state;
	const char *files[] = {"chain.v19.dag.mir", "chain.v19.gisel.mir", "chain.v22.dag.mir", "chain.v22.gisel.mir"};
	const char *parts = "s0 | v8 | s1,s2 | v9,v10 | v11,v12 | s3,s4";
	char in[128], call[128];
	snprintf(in, sizeof in, "%s -> none", parts);
	snprintf(call, sizeof call, "a00: %s -> none", parts);
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		expect(o, "a00", gisel, in, NULL, NULL);
		/* The SI_CS_CHAIN_TC_W32 pseudo is the call site; the scratch descriptor s[48:51] rides along. */
		expect(o, "gcnabi.0.caller", gisel, "-> none", call, "s[48:51]");
		free(o);
	}
}

/* --- wholewave: amdgpu_gfx_whole_wave @w00, @w01, @w02 through llvm.amdgcn.call.whole.wave */

/* The active-lane mask reaches no register (its store traces to
 * SI_WHOLE_WAVE_FUNC_SETUP), and the function returns through
 * SI_WHOLE_WAVE_FUNC_RETURN. llc 22 loses @w01's [140 x i32]: SelectionDAG's
 * callee takes the mask for the hidden pointer, so the mask gets the stack
 * slot of an ordinary i1; GlobalISel's caller passes the callee's address
 * in v[0:1] where the hidden pointer belongs. */
static void test_whole_wave(void **state)
{
	(void)state;
	for (int gisel = 0; gisel < 2; gisel++) {
		Observed *o = observe_fixture(gisel ? "wholewave.v22.gisel.mir" : "wholewave.v22.dag.mir");
		expect(o, "w00", gisel, "- | v0 | s4 | stack+0/1 -> v0", NULL, NULL);
		expect(o, "gcnabi.0.caller", gisel, "- -> none", "w00: - | v0 | s4 | stack+0/1 -> v0", "s[0:3]");
		expect(o, "w01", gisel, gisel ? "- | v1 -> sret v0" : "stack+0/1 | v0 -> none", NULL, NULL);
		expect(o, "gcnabi.1.caller", gisel, "- -> none", gisel ? "w01: - | v2 -> none" : "w01: - | v1 -> sret v0",
		       gisel ? "v0 v1 s[0:3]" : "s[0:3]");
		expect(o, "w02", gisel, "- -> none", NULL, NULL);
		assert_true(find(o, "w02")->grouped);
		free(o);
	}
}

/* --- chaingraph: @r (amdgpu_cs) -> @a -> * @b dvgpr 10 -> @a dvgpr 64 --------- */

/* Each function's chain call is its call site, with the caller's own
 * arguments passed on; llc 22 turns the dynamic-VGPR ones into
 * SI_CS_CHAIN_TC_W32_DVGPR with the VGPR count as the fifth operand, llc 19
 * into plain SI_CS_CHAIN_TC_W32 (it ignores the operands). */
static void test_chain_graph(void **state)
{
	(void)state;
	const char *files[] = { "chaingraph.v19.dag.mir", "chaingraph.v19.gisel.mir", "chaingraph.v22.dag.mir",
				"chaingraph.v22.gisel.mir" };
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL, v22 = strstr(files[i], "v22") != NULL;
		expect(o, "r", gisel, "s0 | v0 -> none", "a: s0 | v8 | s1,s2 -> none", NULL);
		expect(o, "a", gisel, "s0 | v8 | s1,s2 -> none", ": s0 | v8 | v9,v10,v11,v12 -> none", NULL);
		/* The DVGPR pseudo names no callee: it jumps to a register. */
		expect(o, "b", gisel, "s0 | v8 | v9,v10,v11,v12 -> none", v22 ? ": s0 | v8 | s1,s2 -> none" : "a: s0 | v8 | s1,s2 -> none",
		       NULL);
		assert_int_equal(find(o, "r")->dvgpr[0], 0);
		assert_int_equal(find(o, "a")->dvgpr[0], v22 ? 10 : 0);
		assert_int_equal(find(o, "b")->dvgpr[0], v22 ? 64 : 0);
		free(o);
	}
}

/* --- kernelgraph: amdgpu_kernel @k(i32, i64, float) -> @f(i32, i64, double) ---- */

/* The kernel passes its own i32 and i64 on: their parts come from its
 * kernarg loads, named %ir.gcnabi.arg.<K>.kernarg.offset, and are
 * attributed to arguments 0 and 1 like an out-marker's; the double comes
 * from its out-marker. */
static void test_kernel_graph(void **state)
{
	(void)state;
	const char *files[] = { "kernelgraph.v19.dag.mir", "kernelgraph.v19.gisel.mir", "kernelgraph.v22.dag.mir",
				"kernelgraph.v22.gisel.mir" };
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		const Seen *k = find(o, "k");
		assert_int_equal(k->ncalls, 1);
		assert_string_equal(k->calls[0], "f: v0 | v1,v2 | v3,v4 -> none");
		free(o);
	}
}

/* --- kernelindirect: amdgpu_kernel @k(i32, float) -> * @g(), -> * @h(i32, float) ---- */

/* A kernel computes the special inputs of every call (SRD from
 * $private_rsrc_reg, implicit argument pointer from its kernarg pointer,
 * v31 from v0-v2) from incoming registers that carry none of its IR
 * arguments. Through a pointer to @g() there are no markers to group by,
 * yet the call has no arguments: every part is an implicit input. The call
 * to @h is grouped by its markers: v0 | v1. SelectionDAG's typed copies of
 * the kernel's incoming registers do not make the body GlobalISel's. */
static void test_kernel_indirect_calls(void **state)
{
	(void)state;
	const char *files[] = { "kernelindirect.v19.dag.mir", "kernelindirect.v19.gisel.mir",
				"kernelindirect.v22.dag.mir", "kernelindirect.v22.gisel.mir" };
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		const Seen *k = find(o, "k");
		assert_int_equal(k->gisel, strstr(files[i], "gisel") != NULL);
		assert_int_equal(k->ncalls, 2);
		assert_string_equal(k->calls[0], ": -> none");
		assert_non_null(strstr(k->implicit[0], "s[0:3]"));
		assert_non_null(strstr(k->implicit[0], "s[8:9]"));
		assert_non_null(strstr(k->implicit[0], "v31"));
		assert_string_equal(k->calls[1], ": v0 | v1 -> none");
		free(o);
	}
}

/* --- plain: no markers -------------------------------------------------------- */

static void test_plain_ungrouped(void **state)
{
	(void)state;
	Observed *o = observe_fixture("plain.v19.dag.mir");
	const Seen *s = find(o, "plain");
	assert_false(s->grouped);
	assert_true(s->has_sig);
	/* SelectionDAG drops the unused high half of the i64 (v2) from liveins. */
	assert_string_equal(s->in, "v0,v1,s6 -> v0");
	assert_string_equal(s->json, "{\"name\":\"plain\",\"grouped\":false,\"args\":[{\"parts\":[\"v0\",\"v1\",\"s6\"]}],"
				     "\"ret\":{\"parts\":[\"v0\"]},\"selector\":\"dag\"}");
	free(o);
	o = observe_fixture("plain.v19.gisel.mir");
	assert_string_equal(find(o, "plain")->in, "v0,v1,v2,s6 -> v0");
	free(o);
}

/* --- empty: only empty aggregate parameters ({}, [0 x i32]) ---------------------- */

/* No parameter has a part, so no marker names one, yet every argument is
 * there (found by fuzz/mir_roundtrip: these were observed with 0 arguments,
 * a false divergence against the model in gcnabi check). */
static void test_empty_parameters(void **state)
{
	(void)state;
	static const char *const fixtures[] = { "empty.v22.dag.mir", "empty.v22.gisel.mir" };
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(fixtures[i]);
		const Seen *g = find(o, "g"), *h = find(o, "h");
		assert_true(g->grouped && h->grouped);
		assert_string_equal(g->in, "- -> none");
		assert_string_equal(h->in, "- | - -> none");
		assert_string_equal(find(o, "gcnabi.0.caller")->calls[0], "g: - -> none");
		assert_string_equal(find(o, "gcnabi.1.caller")->calls[0], "h: - | - -> none");
		free(o);
	}
}

/* --- nested: a callee that is also a caller ------------------------------------- */

/* SelectionDAG lists liveins as the implicit inputs it added first, then the
 * argument parts in argument order, then later implicit inputs: on llc 19
 * the inreg argument in s6 overlaps the queue pointer s[6:7]. */
static void test_nested(void **state)
{
	(void)state;
	static const struct {
		const char *file, *sreg;
	} cases[] = {
		{"nested.v19.dag.mir", "s6"},
		{"nested.v19.gisel.mir", "s6"},
		{"nested.v22.dag.mir", "s16"},
		{"nested.v22.gisel.mir", "s16"},
	};
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(cases[i].file);
		bool gisel = strstr(cases[i].file, "gisel") != NULL;
		char h[SUM], g[SUM];
		snprintf(h, sizeof h, "%s | v0,v1 -> v0", cases[i].sreg);
		snprintf(g, sizeof g, "%s | v0 | v1,v2 -> none", cases[i].sreg);
		expect(o, "h", gisel, h, NULL, NULL);
		expect(o, "g", gisel, g, "h: s0 | v0,v1 -> v0", NULL);
		assert_non_null(strstr(find(o, "g")->unattributed, "s[6:7]"));
		assert_non_null(strstr(find(o, "g")->unattributed, "v31"));
		expect(o, "gcnabi.1.caller", gisel, "-> none", "g: s0 | v0 | v1,v2 -> none", NULL);
		free(o);
	}
}

/* --- wide: gfx1100 merges the caller's stack stores ------------------------------ */

/* "v0,v1,...,v{n-1}" then ",stack+OFF/4" for each of count dwords from off. */
static void cat_vregs(char *buf, size_t cap, unsigned first, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		cat(buf, cap, "%sv%u", i ? "," : "", first + i);
}

static void cat_dwords(char *buf, size_t cap, unsigned off, unsigned count, bool lead_comma)
{
	for (unsigned i = 0; i < count; i++)
		cat(buf, cap, "%sstack+%u/4", i || lead_comma ? "," : "", off + 4 * i);
}

static const char *const implicit_flat =
	"s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31";

/* a35(<32 x i32>, <32 x i32>, i32): SelectionDAG stores the outgoing area
 * with SCRATCH_STORE_DWORDX4 of REG_SEQUENCEs, the one at stack+0 holding
 * the last dword of argument 0 and the first three of argument 1, and with
 * no `into stack` in their memory operands. s01(i32 x 32, <4 x float>,
 * bfloat): one DWORDX4 at stack+4 for the vector. Every dword is its own
 * part, attributed through its sub-register. */
static void test_wide_stack_stores(void **state)
{
	(void)state;
	const char *files[] = {"wide.gfx1100.v19.dag.mir", "wide.gfx1100.v22.dag.mir"};
	char a35[SUM] = "", s01[SUM] = "";
	char call[2 * SUM];
	cat_vregs(a35, SUM, 0, 31);
	cat(a35, SUM, ",stack+0/4 | ");
	cat_dwords(a35, SUM, 4, 32, false);
	cat(a35, SUM, " | stack+132/4 -> none");
	for (unsigned i = 0; i < 31; i++)
		cat(s01, SUM, "v%u | ", i);
	cat(s01, SUM, "stack+0/4 | stack+4/4,stack+8/4,stack+12/4,stack+16/4 | stack+20/2 -> none");
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);

		expect(o, "a35", false, a35, NULL, NULL);
		snprintf(call, sizeof call, "a35: %s", a35);
		expect(o, "gcnabi.0.caller", false, "-> none", call, implicit_flat);
		expect(o, "s01", false, s01, NULL, NULL);
		snprintf(call, sizeof call, "s01: %s", s01);
		expect(o, "gcnabi.1.caller", false, "-> none", call, implicit_flat);
		free(o);
	}
}

/* p64(i32 x 31, ptr, ptr addrspace(1), i32): GlobalISel's G_STOREs of the
 * pointers' halves say `store (p0) into stack + 4`, 8 bytes, for an s32. */
static void test_gisel_pointer_halves_on_stack(void **state)
{
	(void)state;
	const char *files[] = {"ptrstack.v19.gisel.mir", "ptrstack.v22.gisel.mir"};
	char in[SUM] = "", call[2 * SUM];
	for (unsigned i = 0; i < 31; i++)
		cat(in, SUM, "v%u | ", i);
	cat(in, SUM, "stack+0/4,stack+4/4 | stack+8/4,stack+12/4 | stack+16/4 -> none");
	snprintf(call, sizeof call, "p64: %s", in);
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);
		expect(o, "p64", true, in, NULL, NULL);
		expect(o, "gcnabi.0.caller", true, "-> none", call, implicit_gisel);
		free(o);
	}
}

/* --- temps: values SelectionDAG passes through %stack.N ------------------------- */

/* a17(i96, i96, i32): the caller stores each i96 to a stack temporary and
 * reloads it as a dword pair and a dword (SCRATCH_* on gfx1100, BUFFER_* on
 * gfx1030). v48(<2 x i48>, <32 x i24>, i32): both sides go through memory;
 * llc reads and writes only v0, v1 of the <2 x i48> (v2, v3 are
 * IMPLICIT_DEF at the call). p7(ptr addrspace(7), ptr addrspace(7) inreg):
 * the caller reloads the resource part of each fat pointer from a
 * temporary; llc 19's callee reads the inreg one from s6 (or s[6:7],
 * s[16:18] on gfx1030), where its callers do not put it. v96(<3 x i96>,
 * i32): llc 19's callee on gfx1100 stores the nine dwords to a temporary
 * and reloads them before storing the vector. */
static void test_stack_temporaries(void **state)
{
	(void)state;
	static const struct {
		const char *file, *implicit, *p7_inreg;
	} cases[] = {
		{"temps.gfx1100.v19.dag.mir", "s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31", "s0,s1,s2,s3,s6"},
		{"temps.gfx1100.v22.dag.mir", "s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31", "s0,s1,s2,s3,s16"},
		{"temps.v19.dag.mir", "s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31 s[0:3]", "s6,s7,s16,s17,s18"},
	};
	char v48[SUM] = "v0,v1 | ", call[2 * SUM], implicit[2 * SUM];
	cat_vregs(v48, SUM, 4, 27);
	cat_dwords(v48, SUM, 0, 5, true);
	cat(v48, SUM, " | stack+20/4 -> none");
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Observed *o = observe_fixture(cases[i].file);
		expect(o, "a17", false, "v0,v1,v2 | v3,v4,v5 | v6 -> none", NULL, NULL);
		expect(o, "gcnabi.0.caller", false, "-> none", "a17: v0,v1,v2 | v3,v4,v5 | v6 -> none", cases[i].implicit);
		expect(o, "v48", false, v48, NULL, NULL);
		snprintf(call, sizeof call, "v48: %s", v48);
		snprintf(implicit, sizeof implicit, "%s v2 v3", cases[i].implicit);
		expect(o, "gcnabi.1.caller", false, "-> none", call, implicit);
		char p7[SUM];
		snprintf(p7, sizeof p7, "v0,v1,v2,v3,v4 | %s -> none", cases[i].p7_inreg);
		expect(o, "p7", false, p7, NULL, NULL);
		expect(o, "gcnabi.2.caller", false, "-> none", "p7: v0,v1,v2,v3,v4 | s0,s1,s2,s3,s16 -> none",
		       cases[i].implicit);
		expect(o, "v96", false, "v0,v1,v2,v3,v4,v5,v6,v7,v8 | v9 -> none", NULL, NULL);
		expect(o, "gcnabi.3.caller", false, "-> none", "v96: v0,v1,v2,v3,v4,v5,v6,v7,v8 | v9 -> none",
		       cases[i].implicit);
		free(o);
	}
}

/* --- insert: a merged stack store built with INSERT_SUBREG ---------------------- */

/* f(<12 x float> inreg, i109 inreg, <10 x i32> inreg, <20 x i32>, <28 x
 * half>, <2 x i32> inreg), amdgpu_gfx on gfx1100: the last two dwords of
 * the <28 x half> and the <2 x i32> (out of SGPRs) go to stack+0..15 in one
 * SCRATCH_STORE_DWORDX4 of `INSERT_SUBREG (INSERT_SUBREG %half, %lo,
 * sub2), %hi, sub3`: each dword is its own argument's, not all the half
 * vector's (seed 20261251: "model has 14 parts, llc 16"). */
static void test_insert_subreg_store(void **state)
{
	(void)state;
	static const char *const files[] = {"insert.gfx1100.v19.dag.mir", "insert.gfx1100.v22.dag.mir"};
	for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++) {
		Observed *o = observe_fixture(files[i]);
		expect(o, "gcnabi.0.caller", false, "-> none",
		       "f: s4,s5,s6,s7,s8,s9,s10,s11,s12,s13,s14,s15 | s16,s17,s18,s19 | s20,s21,s22,s23,s24,s25,s26,s27,s28,s29 | v0,v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,v17,v18,v19 | v20,v21,v22,v23,v24,v25,v26,v27,v28,v29,v30,v31,stack+0/4,stack+4/4 | stack+8/4,stack+12/4 -> none",
		       "");
		free(o);
	}
}

/* --- repr: what each register holds -------------------------------------------- */

/* llc 19 on gfx700 (no 16-bit instructions), tests/fixtures/mir/repr.ll:
 * SelectionDAG converts a half to float at the writer (V_CVT_F32_F16 before
 * the call, before SI_RETURN) and back at the reader (V_CVT_F16_F32 after
 * the incoming COPY), and says nothing of integers; GlobalISel states every
 * extension: G_ANYEXT/G_TRUNC (low), G_ZEXT/G_ASSERT_ZEXT, G_SEXT/
 * G_ASSERT_SEXT, per register of an unpacked <2 x half> too. Callee (json
 * of the function) and caller (its call site) must say the same. */
static void test_representations(void **state)
{
	(void)state;
	static const struct {
		const char *fn, *dag, *gisel; /* the reprs key of the function's JSON, or "" for none */
	} cases[] = {
		{ "h", "\"reprs\":[\"f32\"]", "\"reprs\":[\"low\"]" },
		{ "z", "", "\"reprs\":[\"zext\"]" },
		{ "sx", "", "\"reprs\":[\"sext\"]" },
		{ "an", "", "\"reprs\":[\"low\"]" },
		{ "b", "", "\"reprs\":[\"low\"]" },
		{ "bz", "", "\"reprs\":[\"zext\"]" },
		{ "rh", "\"reprs\":[\"f32\"]", "\"reprs\":[\"low\"]" },
		{ "rz", "", "\"reprs\":[\"zext\"]" },
		{ "v2h", "\"reprs\":[\"f32\",\"f32\"]", "\"reprs\":[\"low\",\"low\"]" },
		{ "bf", "", "\"reprs\":[\"low\"]" },
	};
	static const char *const files[] = { "repr.gfx700.v19.dag.mir", "repr.gfx700.v19.gisel.mir" };
	for (unsigned g = 0; g < 2; g++) {
		Observed *o = observe_fixture(files[g]);
		for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			const char *want = g ? cases[i].gisel : cases[i].dag;
			char caller[32];
			snprintf(caller, sizeof caller, "gcnabi.%u.caller", i);
			const Seen *callee = find(o, cases[i].fn), *site = find(o, caller);
			if (*want) {
				if (!strstr(callee->json, want) || !strstr(site->json, want))
					fail_msg("%s %s: want %s in\n%s\n%s", files[g], cases[i].fn, want, callee->json, site->json);
			} else if (strstr(callee->json, "reprs") || strstr(site->json, "\"reprs\":[\"")) {
				fail_msg("%s %s: no representation stated, got\n%s\n%s", files[g], cases[i].fn, callee->json,
					 site->json);
			}
		}
		free(o);
	}
}

/* --- sretreg: hidden sret pointers outside v0 ----------------------------------- */

/* d05: amdgpu_gfx inreg i32 (i32 inreg, i32) returns through memory. GlobalISel
 * (llc 14 to 22) passes the pointer in s4 and the inreg argument in s5;
 * SelectionDAG the pointer in v0. d00: [33 x i32] (i32 inreg, i32), pointer
 * in v0 (llc 14 and 16 ignore inreg, and their GlobalISel cannot select the
 * callee). r04: bfloat (), demoted by llc 14's GlobalISel: a caller of a
 * function without parameters is grouped, its frame address is the sret. */
static void test_sret_pointer_in_sgpr(void **state)
{
	(void)state;
	static const struct {
		const char *file, *d00_in, *d00_call;
		bool gisel;
	} cases[] = {
		{"sretreg.v14.gisel.mir", NULL, "d00: v1 | v2 -> sret v0", true},
		{"sretreg.v16.gisel.mir", NULL, "d00: v1 | v2 -> sret v0", true},
		{"sretreg.v19.gisel.mir", "s6 | v1 -> sret v0", "d00: s0 | v1 -> sret v0", true},
		{"sretreg.v22.gisel.mir", "s16 | v1 -> sret v0", "d00: s0 | v1 -> sret v0", true},
		{"sretreg.v19.dag.mir", "s6 | v1 -> sret v0", "d00: s0 | v1 -> sret v0", false},
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Observed *o = observe_fixture(cases[i].file);
		const char *d05 = cases[i].gisel ? "s5 | v0 -> sret s4" : "s4 | v1 -> sret v0";
		char call[SUM];
		snprintf(call, sizeof call, "d05: %s", d05);
		expect(o, "d05", cases[i].gisel, d05, NULL, NULL);
		assert_string_equal(find(o, "d05")->unattributed, "");
		expect(o, "gcnabi.0.caller", cases[i].gisel, "-> none", call, "s[0:3]");
		if (cases[i].d00_in)
			expect(o, "d00", cases[i].gisel, cases[i].d00_in, NULL, NULL);
		else
			assert_true(find(o, "d00")->failed);
		expect(o, "gcnabi.1.caller", cases[i].gisel, "-> none", cases[i].d00_call, NULL);
		if (cases[i].gisel) {
			const char *ret = "\"ret\":{\"type\":\"i32\",\"sret\":\"s4\",\"parts\":[]}";
			assert_non_null(strstr(find(o, "d05")->json, ret));
			assert_non_null(strstr(find(o, "gcnabi.0.caller")->json, ret));
		}
		free(o);
	}
	Observed *o = observe_fixture("sretreg.v14.gisel.mir");
	expect(o, "r04", true, "-> sret v0", NULL, NULL);
	expect(o, "gcnabi.2.caller", true, "-> none", "r04: -> sret v0", "s[0:3]");
	assert_true(find(o, "gcnabi.2.caller")->ncalls == 1);
	assert_non_null(strstr(find(o, "gcnabi.2.caller")->json, "\"args\":[]"));
	free(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_basic_v19),
		cmocka_unit_test(test_basic_v22),
		cmocka_unit_test(test_many_declarations),
		cmocka_unit_test(test_basic_v14_v16_dag),
		cmocka_unit_test(test_basic_failed_isel),
		cmocka_unit_test(test_mixed),
		cmocka_unit_test(test_stack),
		cmocka_unit_test(test_byval),
		cmocka_unit_test(test_sret),
		cmocka_unit_test(test_gfx),
		cmocka_unit_test(test_gfx_v16_dag_drops_inreg_i64),
		cmocka_unit_test(test_gisel_narrow_buffer_ptr_passed_on),
		cmocka_unit_test(test_ps_return_to_epilog),
		cmocka_unit_test(test_ps_unused_inputs),
		cmocka_unit_test(test_shader_system_sgprs),
		cmocka_unit_test(test_chain_call),
		cmocka_unit_test(test_whole_wave),
		cmocka_unit_test(test_chain_graph),
		cmocka_unit_test(test_kernel_graph),
		cmocka_unit_test(test_kernel_indirect_calls),
		cmocka_unit_test(test_plain_ungrouped),
		cmocka_unit_test(test_empty_parameters),
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_wide_stack_stores),
		cmocka_unit_test(test_insert_subreg_store),
		cmocka_unit_test(test_representations),
		cmocka_unit_test(test_gisel_pointer_halves_on_stack),
		cmocka_unit_test(test_stack_temporaries),
		cmocka_unit_test(test_sret_pointer_in_sgpr),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
