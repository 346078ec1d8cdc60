/* The placement model against placements recorded from real llc (the
 * commands are in cases/golden/, which re-checks all of them against every
 * installed llc): one assertion per ABI rule of the default convention and
 * amdgpu_gfx, per profile switch and per target property. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "unit_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"
#include "split.h"

static Layout old_layout;

static int load_old(void **state)
{
	(void)state;
	return unit_load_old_layout(&old_layout);
}

/* The human form of the placement, without the "cc name:" prefix. */
/* header placed by the model (static storage: the next call reuses it);
 * *ok: whether the model placed it. */
static const Placement *placed(const char *header, const char *profile, const char *cpu, Selector sel, View view,
			       bool through_pointer, const Sig **sig_out, bool *ok)
{
	static Sig sig;
	static Placement p;
	SigError err;
	ModelConfig m;
	char why[128];
	if (!sig_parse_header(header, strlen(header), &sig, &err))
		fail_msg("cannot parse %s: %s", header, err.msg);
	assert_true(model_config_init(&m, profile_find(profile), &old_layout, cpu, 0, sel, why, sizeof why));
	m.through_pointer = through_pointer;
	/* kernels as llc -mtriple=amdgcn-amd-amdhsa compiles them (the HSA
	 * metadata the expectations come from) */
	if (sig.cc == CC_AMDGPU_KERNEL)
		m.os = OS_AMDHSA;
	*ok = cc_place(&sig, &m, view, &p);
	*sig_out = &sig;
	return &p;
}

static const char *place_through(const char *header, const char *profile, const char *cpu, Selector sel, View view,
				 bool through_pointer)
{
	static char out[8192];
	const Sig *sig;
	bool ok;
	const Placement *p = placed(header, profile, cpu, sel, view, through_pointer, &sig, &ok);
	place_print_human(sig, p, out, sizeof out);
	return strchr(out, ':') + 2;
}

static const char *place(const char *header, const char *profile, const char *cpu, Selector sel, View view)
{
	return place_through(header, profile, cpu, sel, view, false);
}

#define EXPECT(header, profile, cpu, sel, view, want) \
	assert_string_equal(place(header, profile, cpu, sel, view), want)

static const char *basic = "declare void @f(i32 inreg, i32, i64, [2 x i32], i32 inreg)";

/* The "reprs" the model states, per argument and the return, as
 * place --json prints them: "f32|zext|..." in order, "-" for none. */
static const char *reprs(const char *header, const char *profile, const char *cpu, Selector sel, View view)
{
	static char out[1024];
	const Sig *sig;
	bool ok;
	const Placement *p = placed(header, profile, cpu, sel, view, false, &sig, &ok);
	assert_true(ok);
	out[0] = 0;
	for (unsigned k = 0; k < p->nlocs; k++) {
		size_t n = strlen(out);
		snprintf(out + n, sizeof out - n, "%s%s", k ? "|" : "", p->locs[k].repr ? repr_names[p->locs[k].repr].name : "-");
	}
	return out;
}

/* What each register part holds (golden cases record them from llc on
 * gfx700, gfx900 and gfx1100): integers narrower than 32 bits in the low
 * bits, extended as their attribute says; wider values in pieces; a half
 * in the low 16 bits, or promoted to float by SelectionDAG on targets
 * without 16-bit instructions (dag_fp16_promoted); packed pairs of 16-bit
 * elements; nothing said of a stack part. */
static void test_representations(void **state)
{
	(void)state;
	const char *h = "declare zeroext i8 @f(half, i16 signext, i1, i64, <2 x half>, float, <3 x i8>)";
	/* The return's part first, then the arguments'. */
	assert_string_equal(reprs(h, "llvm22", "gfx900", SEL_DAG, VIEW_CALLEE),
			    "zext|low|sext|low|piece|piece|packed|bits|low|low|low");
	assert_string_equal(reprs(h, "llvm22", "gfx700", SEL_DAG, VIEW_CALLEE),
			    "zext|f32|sext|low|piece|piece|f32|f32|bits|low|low|low");
	assert_string_equal(reprs(h, "llvm22", "gfx700", SEL_GISEL, VIEW_CALLER),
			    "zext|low|sext|low|piece|piece|low|low|bits|low|low|low");
	char want[256] = "";
	for (unsigned k = 0; k < 31; k++) /* v0-v30; v31 holds the work-item IDs */
		strcat(want, "bits|");
	strcat(want, "-|-|-"); /* the last element, the i16 and the half on the stack */
	assert_string_equal(reprs("declare void @f(<32 x i32>, i16, half)", "llvm19", "gfx700", SEL_DAG, VIEW_CALLEE), want);
}

static void test_default_inreg_by_version(void **state)
{
	(void)state;
	/* 19: the queue-ptr hole s[6:7] is free under COV5, then s16. */
	EXPECT(basic, "llvm19", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "i32 inreg -> s6 | i32 -> v0 | i64 -> v[1:2] | [2 x i32] -> v[3:4] | i32 inreg -> s7 | ret void -> -");
	EXPECT(basic, "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLEE,
	       "i32 inreg -> s16 | i32 -> v0 | i64 -> v[1:2] | [2 x i32] -> v[3:4] | i32 inreg -> s17 | ret void -> -");
	/* 14/16: SelectionDAG ignores inreg, GlobalISel refuses it. */
	EXPECT(basic, "llvm16", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "i32 inreg -> v0 | i32 -> v1 | i64 -> v[2:3] | [2 x i32] -> v[4:5] | i32 inreg -> v6 | ret void -> -");
	assert_non_null(strstr(place(basic, "llvm14", "gfx1030", SEL_GISEL, VIEW_CALLEE), "unable to lower arguments"));
}

/* A byval type of 4 GiB or more: llc 19 and 22 refuse it ("huge 'byval'
 * arguments are unsupported", the IR verifier), 14-16 crash, in both
 * conventions, even where the pointer itself would go in a VGPR. The model
 * placed the amdgpu_gfx one with its slot size cut to 32 bits (found by
 * fuzz/model_invariants). Checked with
 * gcnabi check --llc /usr/lib/llvm-22/bin/llc --mcpu gfx1030 on these lines. */
static void test_huge_byval_refused(void **state)
{
	(void)state;
	const char *gfx = "declare amdgpu_gfx void @g(ptr addrspace(5) byval([1172 x [1654 x <1281 x half>]]))";
	const char *func = "declare void @c(ptr addrspace(5) byval([1073741824 x i32]))";
	for (Selector sel = SEL_DAG; sel < SEL_COUNT; sel++)
		for (View v = VIEW_CALLEE; v <= VIEW_CALLER; v++) {
			assert_non_null(strstr(place(gfx, "llvm22", "gfx1030", sel, v), "huge 'byval' arguments are unsupported"));
			assert_non_null(strstr(place(func, "llvm19", "gfx1030", sel, v), "huge 'byval' arguments are unsupported"));
		}
}

static void test_caller_ignores_srd(void **state)
{
	(void)state;
	/* The 19/22 caller assigns from s0 over the scratch descriptor. */
	EXPECT(basic, "llvm22", "gfx1030", SEL_DAG, VIEW_CALLER,
	       "i32 inreg -> s0 | i32 -> v0 | i64 -> v[1:2] | [2 x i32] -> v[3:4] | i32 inreg -> s1 | ret void -> -");
	/* ...and passes the queue pointer in s[6:7], which the 19 callee uses. */
	const char *twenty = "declare void @f(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg)";
	EXPECT(twenty, "llvm19", "gfx1100", SEL_DAG, VIEW_CALLEE,
	       "i32 inreg -> s0 | i32 inreg -> s1 | i32 inreg -> s2 | i32 inreg -> s3 | i32 inreg -> s6 | i32 inreg -> s7 | ret void -> -");
	EXPECT(twenty, "llvm19", "gfx1100", SEL_DAG, VIEW_CALLER,
	       "i32 inreg -> s0 | i32 inreg -> s1 | i32 inreg -> s2 | i32 inreg -> s3 | i32 inreg -> s16 | i32 inreg -> s17 | ret void -> -");
}

static void test_noinput_attributes(void **state)
{
	(void)state;
	const char *h = "declare void @f(i32 inreg, i32 inreg, i32 inreg) \"amdgpu-no-dispatch-ptr\"";
	EXPECT(h, "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE, "i32 inreg -> s4 | i32 inreg -> s5 | i32 inreg -> s16 | ret void -> -");
	h = "declare void @f(i32 inreg, i32 inreg) \"amdgpu-no-workgroup-id-x\"";
	EXPECT(h, "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE, "i32 inreg -> s16 | i32 inreg -> s17 | ret void -> -");
	EXPECT(h, "llvm19", "gfx1030", SEL_DAG, VIEW_CALLEE, "i32 inreg -> s6 | i32 inreg -> s7 | ret void -> -");
	h = "declare void @f(i32 inreg, i32 inreg) \"amdgpu-no-workgroup-id-x\" \"amdgpu-no-cluster-id-x\" \"amdgpu-no-queue-ptr\"";
	EXPECT(h, "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE, "i32 inreg -> s6 | i32 inreg -> s7 | ret void -> -");
}

/* A call through a pointer cannot see the callee's "amdgpu-no-*": llc
 * passes every implicit input (s[4:15]) and the inreg arguments after
 * them, while the callee takes the freed SGPRs (gfx1100, no scratch
 * descriptor: from s0; measured with llc 19 and 22,
 * tests/fixtures/graphs/indirect_no_inputs.ll). The callee's view does not
 * change. */
static void test_noinput_through_pointer(void **state)
{
	(void)state;
	const char *h = "declare void @f(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "
			"\"amdgpu-no-dispatch-ptr\" \"amdgpu-no-queue-ptr\"";
	const char *callee = "i32 inreg -> s0 | i32 inreg -> s1 | i32 inreg -> s2 | i32 inreg -> s3 | i32 inreg -> s4 | "
			     "i32 inreg -> s5 | ret void -> -";
	EXPECT(h, "llvm22", "gfx1100", SEL_DAG, VIEW_CALLEE, callee);
	assert_string_equal(place_through(h, "llvm22", "gfx1100", SEL_DAG, VIEW_CALLEE, true), callee);
	EXPECT(h, "llvm22", "gfx1100", SEL_DAG, VIEW_CALLER,
	       "i32 inreg -> s0 | i32 inreg -> s1 | i32 inreg -> s2 | i32 inreg -> s3 | i32 inreg -> s4 | i32 inreg -> s5 | ret void -> -");
	assert_string_equal(place_through(h, "llvm22", "gfx1100", SEL_DAG, VIEW_CALLER, true),
			    "i32 inreg -> s0 | i32 inreg -> s1 | i32 inreg -> s2 | i32 inreg -> s3 | i32 inreg -> s16 | "
			    "i32 inreg -> s17 | ret void -> -");
}

static void test_default_stack_and_byval(void **state)
{
	(void)state;
	char h[2048] = "declare void @f(";
	for (int i = 0; i < 30; i++)
		strcat(h, "i32, ");
	strcat(h, "i64, i8, half)");
	const char *got = place(h, "llvm22", "gfx900", SEL_DAG, VIEW_CALLEE);
	assert_non_null(strstr(got, "i64 -> v30,stack+0/4 | i8 -> stack+4/2 | half -> stack+8/2"));
	EXPECT("declare void @f(ptr addrspace(5) byval(i32), ptr addrspace(5) byval({i32, i64}), ptr addrspace(5) byval(i8), "
	       "ptr addrspace(5) byval(<4 x i32>), i32)",
	       "llvm19", "gfx1030", SEL_GISEL, VIEW_CALLEE,
	       "ptr addrspace(5) -> stack+0/4 | ptr addrspace(5) -> stack+8/16 | ptr addrspace(5) -> stack+24/1 | "
	       "ptr addrspace(5) -> stack+32/16 | i32 -> v0 | ret void -> -");
}

static void test_default_returns(void **state)
{
	(void)state;
	EXPECT("declare [33 x i32] @f(i32 inreg, i32)", "llvm19", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "i32 inreg -> s6 | i32 -> v1 | ret [33 x i32] -> sret in v0");
	EXPECT("declare {float, i32} @f()", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE, "ret { float, i32 } -> v[0:1]");
	EXPECT("declare bfloat @f()", "llvm14", "gfx1030", SEL_GISEL, VIEW_CALLEE, "ret bfloat -> sret in v0");
	/* GlobalISel 14-16 refuses inreg arguments, not the hidden pointer of
	 * an inreg return (found by gen --boundary). llc 14.0.6:
	 * llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -global-isel -stop-after=irtranslator
	 * on `define inreg [33 x i32] @f(i32 %a)`: %2:_(p5) = COPY $vgpr0, %0:_(s32) = COPY $vgpr1. */
	EXPECT("declare inreg [33 x i32] @f(i32)", "llvm14", "gfx1030", SEL_GISEL, VIEW_CALLEE,
	       "i32 -> v1 | ret [33 x i32] -> sret in v0");
	EXPECT("declare inreg [33 x i32] @f(i32)", "llvm16", "gfx1030", SEL_GISEL, VIEW_CALLER,
	       "i32 -> v1 | ret [33 x i32] -> sret in v0");
}

static void test_gfx(void **state)
{
	(void)state;
	EXPECT("declare amdgpu_gfx void @f(i1, i1, i32)", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "i1 -> stack+0/1 | i1 -> stack+4/1 | i32 -> v0 | ret void -> -");
	/* inreg goes s4-s29 then straight to the stack, never to VGPRs, and
	 * s0-s3 stay unused even where there is no scratch descriptor. */
	char h[4096] = "declare amdgpu_gfx void @f(";
	for (int i = 0; i < 25; i++)
		strcat(h, "i32 inreg, ");
	strcat(h, "i64 inreg, i32 inreg, i32)");
	assert_non_null(strstr(place(h, "llvm19", "gfx1100", SEL_DAG, VIEW_CALLEE),
			       "i64 inreg -> s29,stack+0/4 | i32 inreg -> stack+4/4 | i32 -> v0"));
	/* byval is ignored: the pointer travels in a VGPR. */
	EXPECT("declare amdgpu_gfx void @f(ptr addrspace(5) byval(i32))", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "ptr addrspace(5) -> v0 | ret void -> -");
	/* An inreg return is demoted, its hidden pointer passed inreg. */
	EXPECT("declare amdgpu_gfx inreg i32 @f(i32 inreg)", "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLEE,
	       "i32 inreg -> s5 | ret i32 -> sret in s4");
}

static void test_gfx_return_budget(void **state)
{
	(void)state;
	const char *h = "declare amdgpu_gfx <65 x i32> @f()";
	EXPECT(h, "llvm19", "gfx900", SEL_DAG, VIEW_CALLEE, "ret <65 x i32> -> sret in v0");
	assert_non_null(strstr(place(h, "llvm19", "gfx900", SEL_GISEL, VIEW_CALLEE), "v[0:64]"));
	assert_non_null(strstr(place(h, "llvm16", "gfx900", SEL_DAG, VIEW_CALLEE), "v[0:64]"));
	assert_non_null(strstr(place(h, "llvm19", "gfx1030", SEL_DAG, VIEW_CALLEE), "v[0:64]"));
	EXPECT("declare amdgpu_gfx <129 x i32> @f()", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE, "ret <129 x i32> -> sret in v0");
	/* The budget is each function's own: a callee with a small flat
	 * workgroup returns 136 parts in VGPRs, a caller without the attribute
	 * demotes them (found by gen --boundary). llc 19.1.7 and 22.1.8,
	 * llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -stop-after=finalize-isel on
	 * `define amdgpu_gfx [136 x i32] @b23() "amdgpu-flat-work-group-size"="1,64"`
	 * and a caller without attributes: the callee returns in v0-v135
	 * (SI_RETURN implicit $vgpr0 ... $vgpr135), the call passes an sret
	 * pointer ($vgpr0 = COPY ..., SI_CALL ... @b23, implicit $vgpr0). */
	h = "declare amdgpu_gfx [136 x i32] @f() \"amdgpu-flat-work-group-size\"=\"1,64\"";
	assert_non_null(strstr(place(h, "llvm19", "gfx900", SEL_DAG, VIEW_CALLEE), "ret [136 x i32] -> v[0:135]"));
	EXPECT(h, "llvm22", "gfx900", SEL_DAG, VIEW_CALLER, "ret [136 x i32] -> sret in v0");
}

static void test_split_by_target_and_version(void **state)
{
	(void)state;
	EXPECT("declare void @f(<2 x half>, <3 x i8>)", "llvm22", "gfx700", SEL_DAG, VIEW_CALLEE,
	       "<2 x half> -> v[0:1] | <3 x i8> -> v[2:4] | ret void -> -");
	EXPECT("declare void @f(<2 x half>, <3 x half>)", "llvm22", "gfx900", SEL_DAG, VIEW_CALLEE,
	       "<2 x half> -> v0 | <3 x half> -> v[1:2] | ret void -> -");
	EXPECT("declare void @f(ptr addrspace(7), ptr addrspace(8))", "llvm19", "gfx900", SEL_DAG, VIEW_CALLEE,
	       "ptr addrspace(7) -> v[0:4] | ptr addrspace(8) -> v[5:8] | ret void -> -");
	EXPECT("declare void @f(ptr addrspace(7), ptr addrspace(8))", "llvm16", "gfx900", SEL_DAG, VIEW_CALLEE,
	       "ptr addrspace(7) -> v[0:1] | ptr addrspace(8) -> v[2:3] | ret void -> -");
	/* An unknown CPU is compiled for the generic target: no packed halves. */
	EXPECT("declare void @f(<2 x half>)", "llvm14", "gfx1100", SEL_DAG, VIEW_CALLEE, "<2 x half> -> v[0:1] | ret void -> -");
	assert_non_null(strstr(place("declare void @f(bfloat)", "llvm14", "gfx900", SEL_DAG, VIEW_CALLEE), "not supported"));
}

static void test_rules_learned_from_llc(void **state)
{
	(void)state;
	/* SelectionDAG's demoted inreg return: the hidden pointer is a plain VGPR. */
	EXPECT("declare amdgpu_gfx inreg i32 @f(i32 inreg, i32)", "llvm22", "gfx900", SEL_DAG, VIEW_CALLEE,
	       "i32 inreg -> s4 | i32 -> v1 | ret i32 -> sret in v0");
	EXPECT("declare amdgpu_gfx inreg i32 @f(i32 inreg, i32)", "llvm22", "gfx900", SEL_GISEL, VIEW_CALLEE,
	       "i32 inreg -> s5 | i32 -> v0 | ret i32 -> sret in s4");
	/* A SelectionDAG caller stores a promoted i1 as 4 bytes. */
	char h[1024] = "declare void @f(";
	for (int i = 0; i < 31; i++)
		strcat(h, "i32, ");
	strcat(h, "i1)");
	assert_non_null(strstr(place(h, "llvm19", "gfx1030", SEL_DAG, VIEW_CALLER), "i1 -> stack+0/4"));
	assert_non_null(strstr(place(h, "llvm19", "gfx1030", SEL_DAG, VIEW_CALLEE), "i1 -> stack+0/1"));
	assert_non_null(strstr(place(h, "llvm19", "gfx1030", SEL_GISEL, VIEW_CALLER), "i1 -> stack+0/1"));
	/* amdgpu_gfx byval on the stack: both sides size the 4-byte slot as the
	 * byval object, so the next argument's slot overlaps the copy. */
	char g[2048] = "declare amdgpu_gfx void @g(";
	for (int i = 0; i < 32; i++)
		strcat(g, "i32, ");
	strcat(g, "ptr addrspace(5) byval(<4 x i32>), i32)");
	assert_non_null(strstr(place(g, "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE),
			       "ptr addrspace(5) -> stack+0/16 | i32 -> stack+4/4"));
	assert_non_null(strstr(place(g, "llvm14", "gfx1030", SEL_GISEL, VIEW_CALLER),
			       "ptr addrspace(5) -> stack+0/16 | i32 -> stack+4/4"));
	/* LLVM 22 GlobalISel cannot translate a call passing bfloat; the callee is fine. */
	assert_non_null(strstr(place("declare void @f(bfloat)", "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLER),
			       "unable to translate instruction: call"));
	EXPECT("declare void @f(bfloat)", "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLEE, "bfloat -> v0 | ret void -> -");
	/* LLVM 14 and 15's SelectionDAG cannot select most bfloat loads and
	 * stores, so gcnabi's bodies leave a bfloat argument unused and its
	 * callers pass undef (body_skips_bfloat): only lowering counts, on
	 * both sides (gcnabi check with llc 14.0.6 and 15.0.6 on these
	 * signatures, gfx900, gfx1030 and gfx1100: every one agrees). */
	EXPECT("declare void @f(half, <12 x bfloat>, i64)", "llvm14", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "half -> v0 | <12 x bfloat> -> v[1:6] | i64 -> v[7:8] | ret void -> -");
	EXPECT("declare void @g(ptr addrspace(5) byval(<6 x bfloat>), <6 x bfloat>)", "llvm14", "gfx1030", SEL_DAG,
	       VIEW_CALLEE, "ptr addrspace(5) -> stack+0/16 | <6 x bfloat> -> v[0:2] | ret void -> -");
	EXPECT("declare void @f(<8 x bfloat>)", "llvm14", "gfx1030", SEL_DAG, VIEW_CALLER, "<8 x bfloat> -> v[0:3] | ret void -> -");
	EXPECT("declare void @f(<3 x bfloat>)", "llvm14", "gfx1030", SEL_DAG, VIEW_CALLEE, "<3 x bfloat> -> v[0:1] | ret void -> -");
	/* Without 16-bit instructions one element per VGPR. */
	EXPECT("declare void @f(<6 x bfloat>)", "llvm14", "gfx1100", SEL_DAG, VIEW_CALLEE, "<6 x bfloat> -> v[0:5] | ret void -> -");
	EXPECT("declare void @e(i32, <{ i8, { bfloat, i32 } }>, float)", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "i32 -> v0 | <{ i8, { bfloat, i32 } }> -> v[1:3] | float -> v4 | ret void -> -");
	EXPECT("declare void @f(<{ i16, bfloat }>)", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "<{ i16, bfloat }> -> v[0:1] | ret void -> -");
	EXPECT("declare void @f(<{ i8, bfloat }>)", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLER,
	       "<{ i8, bfloat }> -> v[0:1] | ret void -> -");
	EXPECT("declare void @f(bfloat)", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLER, "bfloat -> v0 | ret void -> -");
	/* LLVM 15: GlobalISel selects scalar bfloat; odd bfloat vectors crash
	 * SelectionDAG when returned, but an argument is never touched. */
	EXPECT("declare void @f(bfloat)", "llvm15", "gfx1030", SEL_GISEL, VIEW_CALLEE, "bfloat -> v0 | ret void -> -");
	EXPECT("declare void @f(bfloat)", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLEE, "bfloat -> v0 | ret void -> -");
	EXPECT("declare void @f(<3 x bfloat>)", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLEE, "<3 x bfloat> -> v[0:1] | ret void -> -");
	assert_non_null(strstr(place("declare <3 x bfloat> @f()", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLEE),
			       "odd-length bfloat vectors"));
	EXPECT("declare void @f(<4 x bfloat>)", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLEE, "<4 x bfloat> -> v[0:1] | ret void -> -");
	/* LLVM 15's SelectionDAG returns a bfloat aggregate too big for the 32
	 * return VGPRs through a hidden sret pointer; a returned bfloat is a
	 * constant in gcnabi's bodies for this llc (emit/), and llc 15
	 * returns each one as a float part, on the generic target too (llc-15
	 * -stop-after=finalize-isel of `ret T zeroinitializer` on gfx1030 and
	 * gfx1200: [32 x bfloat] in v0-v31, [33 x bfloat] through sret in v0). */
	EXPECT("declare [33 x bfloat] @f()", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLEE, "ret [33 x bfloat] -> sret in v0");
	EXPECT("declare [138 x bfloat] @f()", "llvm15", "gfx900", SEL_DAG, VIEW_CALLER, "ret [138 x bfloat] -> sret in v0");
	EXPECT("declare [32 x bfloat] @f()", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLEE, "ret [32 x bfloat] -> v[0:31]");
	EXPECT("declare [33 x bfloat] @f()", "llvm15", "gfx1200", SEL_DAG, VIEW_CALLEE, "ret [33 x bfloat] -> sret in v0");
	EXPECT("declare bfloat @f()", "llvm15", "gfx1030", SEL_DAG, VIEW_CALLER, "ret bfloat -> v0");
	/* LLVM 14's SelectionDAG without 16-bit instructions (its generic
	 * target for gfx1100) returns a constant bfloat vector one element per
	 * VGPR (tests/fixtures/llc/bfloat_ret14.ll); with them it cannot select
	 * even the constant. */
	EXPECT("declare <2 x bfloat> @f()", "llvm14", "gfx1100", SEL_DAG, VIEW_CALLEE, "ret <2 x bfloat> -> v[0:1]");
	/* LLVM 14 demotes a return holding a scalar bfloat: the hidden pointer
	 * in v0, the i32 in v1, callee (returning undef) and a caller that
	 * ignores the result alike (llc 14.0.6, gfx900 and gfx1030). */
	EXPECT("declare bfloat @f(i32)", "llvm14", "gfx900", SEL_DAG, VIEW_CALLEE, "i32 -> v1 | ret bfloat -> sret in v0");
	EXPECT("declare bfloat @f(i32)", "llvm14", "gfx1030", SEL_DAG, VIEW_CALLER, "i32 -> v1 | ret bfloat -> sret in v0");
	EXPECT("declare { <2 x bfloat>, bfloat } @f(i32)", "llvm14", "gfx900", SEL_DAG, VIEW_CALLEE,
	       "i32 -> v1 | ret { <2 x bfloat>, bfloat } -> sret in v0");
	assert_non_null(strstr(place("declare <2 x bfloat> @f()", "llvm14", "gfx900", SEL_DAG, VIEW_CALLEE), "not supported"));
}

/* byval_fat_ptr_call_align: a call that passes or returns ptr
 * addrspace(7) is rewritten with its byval types, so an llc 19/22 caller
 * copies a byval(ptr addrspace(7)) at 16-byte alignment where the callee
 * reads it at 32 (llc 19.1.7 and 22.1.8, gfx1030, both selectors, gcnabi
 * check: caller stack+16, callee stack+32); without a fat pointer passed,
 * caller and callee agree; llc 16 knows no fat pointers. */
static void test_byval_fat_pointer_call(void **state)
{
	(void)state;
	const char *f = "declare void @c(<32 x i32>, ptr addrspace(5) byval(ptr addrspace(7)), ptr addrspace(7))";
	const char *r = "declare ptr addrspace(7) @r(<32 x i32>, ptr addrspace(5) byval(ptr addrspace(7)))";
	const char *b = "declare void @b(<32 x i32>, ptr addrspace(5) byval(ptr addrspace(7)), i32)";
	for (int sel = SEL_DAG; sel <= SEL_GISEL; sel++) {
		assert_non_null(strstr(place(f, "llvm22", "gfx1030", (Selector)sel, VIEW_CALLER), "ptr addrspace(5) -> stack+16/32 |"));
		assert_non_null(strstr(place(f, "llvm19", "gfx1030", (Selector)sel, VIEW_CALLER), "ptr addrspace(5) -> stack+16/32 |"));
		assert_non_null(strstr(place(f, "llvm22", "gfx1030", (Selector)sel, VIEW_CALLEE), "ptr addrspace(5) -> stack+32/32 |"));
		assert_non_null(strstr(place(r, "llvm22", "gfx1030", (Selector)sel, VIEW_CALLER), "ptr addrspace(5) -> stack+16/32 |"));
		assert_non_null(strstr(place(b, "llvm22", "gfx1030", (Selector)sel, VIEW_CALLER), "ptr addrspace(5) -> stack+32/32 |"));
	}
}

/* Arrays of mixed aggregates repeat the element's parts; a run of alike
 * parts crosses from registers to the stack part by part. Agreed by llc 14,
 * 15, 16, 19 and 22 on gfx1030 with both selectors (gcnabi check). */
static void test_aggregate_runs(void **state)
{
	(void)state;
	EXPECT("declare void @runs_a([3 x { i32, float, <2 x i16> }], [2 x { i1, i64 }])", "llvm22", "gfx1030", SEL_DAG,
	       VIEW_CALLEE, "[3 x { i32, float, <2 x i16> }] -> v[0:8] | [2 x { i1, i64 }] -> v[9:14] | ret void -> -");
	EXPECT("declare void @runs_b(<30 x i32>, [2 x { float, i64 }], i32)", "llvm14", "gfx1030", SEL_GISEL, VIEW_CALLER,
	       "<30 x i32> -> v[0:29] | [2 x { float, i64 }] -> v30,stack+0/4,stack+4/4,stack+8/4,stack+12/4,stack+16/4"
	       " | i32 -> stack+20/4 | ret void -> -");
	EXPECT("declare amdgpu_gfx void @runs_c([2 x { i32, float }] inreg, [4 x { i64 }] inreg, <16 x i32> inreg)",
	       "llvm19", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "[2 x { i32, float }] inreg -> s[4:7] | [4 x { i64 }] inreg -> s[8:15] | <16 x i32> inreg -> "
	       "s[16:29],stack+0/4,stack+4/4 | ret void -> -");
}

/* Shader entry points (CC_SI_SHADER), recorded with
 * gcnabi emit --profile llvmNN cases/golden/shader.ll > t.ll &&
 * llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 {-stop-after=finalize-isel |
 * -global-isel -stop-after=irtranslator} t.ll -o t.mir (cases/golden/expect/shader.*). */
static void test_shader_args(void **state)
{
	(void)state;
	const char *mixed = "declare amdgpu_vs { float, i32 } @c(i32 inreg, float, <2 x float>, i64 inreg, double)";
	for (Selector sel = SEL_DAG; sel < SEL_COUNT; sel++) {
		EXPECT(mixed, "llvm14", "gfx900", sel, VIEW_CALLEE,
		       "i32 inreg -> s0 | float -> v0 | <2 x float> -> v[1:2] | i64 inreg -> s[1:2] | double -> v[3:4] | "
		       "ret { float, i32 } -> v0,s0");
		EXPECT(mixed, "llvm22", "gfx1100", sel, VIEW_CALLEE,
		       "i32 inreg -> s0 | float -> v0 | <2 x float> -> v[1:2] | i64 inreg -> s[1:2] | double -> v[3:4] | "
		       "ret { float, i32 } -> v0,s0");
		/* No stack: the 45th SGPR part and the 137th VGPR part are errors. */
		assert_non_null(strstr(place("declare amdgpu_cs void @f(<44 x i32> inreg, i32 inreg)", "llvm19", "gfx1030", sel,
					     VIEW_CALLEE), "unable to allocate function argument"));
		assert_non_null(strstr(place("declare amdgpu_cs void @f(<136 x float>, float)", "llvm19", "gfx1030", sel,
					     VIEW_CALLEE), "unable to allocate function argument"));
		/* i1: refused by 14-16, promoted by 19 and 22 (shader_i1_arg_fails). */
		assert_non_null(strstr(place("declare amdgpu_ps void @f(i32, i1)", "llvm16", "gfx1030", sel, VIEW_CALLEE),
				       "unable to allocate function argument"));
		EXPECT("declare amdgpu_ps void @f(i32, i1 inreg, i1)", "llvm19", "gfx1030", sel, VIEW_CALLEE,
		       "i32 -> v0 | i1 inreg -> s0 | i1 -> v1 | ret void -> -");
	}
	/* The IR verifier: no byval or sret on cs/ps/vs/gs/hs; es and ls may. */
	assert_non_null(strstr(place("declare amdgpu_cs void @f(ptr addrspace(5) byval(i32))", "llvm22", "gfx1030",
				     SEL_DAG, VIEW_CALLEE), "disallows byval"));
	assert_non_null(strstr(place("declare amdgpu_hs void @f(ptr addrspace(5) sret(i32))", "llvm22", "gfx1030",
				     SEL_DAG, VIEW_CALLEE), "does not allow sret"));
	EXPECT("declare amdgpu_es void @f(ptr addrspace(5) byval(i32), i32)", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "ptr addrspace(5) -> v0 | i32 -> v1 | ret void -> -");
}

/* Shader system SGPRs and scratch per triple OS, recorded with llc 14-22
 * (cases/golden/shader_scratch.ll, expectations for amdpal, mesa3d and no
 * OS; tests/fixtures/mir/scratch.*; run_tests.py scratch_setup reads the
 * prologues). sys() is the model's system_sgprs/scratch_rsrc JSON. */
static const char *sys(const char *header, const char *profile, const char *cpu, TargetOs os, const char **human)
{
	static char out[512], hum[8192];
	static Sig sig;
	static Placement p;
	SigError err;
	ModelConfig m;
	char why[128];
	if (!sig_parse_header(header, strlen(header), &sig, &err))
		fail_msg("cannot parse %s: %s", header, err.msg);
	assert_true(model_config_init(&m, profile_find(profile), &old_layout, cpu, 0, SEL_DAG, why, sizeof why));
	m.os = os;
	cc_place(&sig, &m, VIEW_CALLEE, &p);
	place_print_human(&sig, &p, hum, sizeof hum);
	if (human)
		*human = strchr(hum, ':') + 2;
	sys_sgprs_print_json(&p, out, sizeof out);
	return out;
}

static void test_shader_system_sgprs(void **state)
{
	(void)state;
	const char *h;
	const char *cs = "declare amdgpu_cs void @f(i32 inreg, i64 inreg, float) \"gcnabi-scratch\"";
	/* The wave offset is the first SGPR after the user SGPRs; the descriptor
	 * comes from the GIT pointer {pc high, s0} + 16 for CS. */
	assert_string_equal(sys(cs, "llvm14", "gfx900", OS_AMDPAL, &h),
			    ",\"system_sgprs\":{\"scratch_wave_offset\":\"s3\"},\"scratch_rsrc\":\"git:s0+16\"");
	/* mesa3d: s[0:1] first, so the inreg parts move up by two; a compute
	 * shader's s[0:1] is the scratch base itself. */
	assert_string_equal(sys(cs, "llvm22", "gfx1030", OS_MESA3D, &h),
			    ",\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\",\"scratch_wave_offset\":\"s5\"},"
			    "\"scratch_rsrc\":\"ptr:s[0:1]\"");
	assert_string_equal(h, "i32 inreg -> s2 | i64 inreg -> s[3:4] | float -> v0 | ret void -> - | system: implicit buffer "
			       "ptr s[0:1], scratch wave offset s5");
	/* No OS: relocations. Architected flat scratch: no offset, no descriptor. */
	assert_string_equal(sys(cs, "llvm19", "gfx900", OS_NONE, &h),
			    ",\"system_sgprs\":{\"scratch_wave_offset\":\"s3\"},\"scratch_rsrc\":\"reloc\"");
	assert_string_equal(sys(cs, "llvm19", "gfx1100", OS_AMDPAL, &h), ",\"system_sgprs\":{},\"scratch_rsrc\":\"flat\"");
	/* ... unless llc does not know the CPU: 14 compiles gfx1100 for the generic target. */
	assert_string_equal(sys(cs, "llvm14", "gfx1100", OS_AMDPAL, &h),
			    ",\"system_sgprs\":{\"scratch_wave_offset\":\"s3\"},\"scratch_rsrc\":\"git:s0+16\"");
	/* Merged HS/GS (gfx9+): s5 whatever the user SGPRs, even over an
	 * argument; the GIT pointer is s8. ES/LS and generic targets follow the rule. */
	const char *gs8 = "declare amdgpu_gs void @f([8 x i32] inreg, float) \"gcnabi-scratch\"";
	assert_string_equal(sys(gs8, "llvm19", "gfx1030", OS_AMDPAL, &h),
			    ",\"system_sgprs\":{\"scratch_wave_offset\":\"s5\"},\"scratch_rsrc\":\"git:s8+0\"");
	assert_string_equal(h, "[8 x i32] inreg -> s[0:7] | float -> v0 | ret void -> - | system: scratch wave offset s5");
	sys(cs, "llvm19", "gfx1200", OS_AMDPAL, &h);
	assert_non_null(strstr(h, "ret void -> - | system: flat scratch"));
	assert_non_null(strstr(sys("declare amdgpu_es void @f([8 x i32] inreg) \"gcnabi-scratch\"", "llvm19", "gfx900",
				   OS_AMDPAL, &h), "\"s8\""));
	assert_non_null(strstr(sys("declare amdgpu_hs void @f(i32 inreg) \"gcnabi-scratch\"", "llvm16", "gfx1200",
				   OS_AMDPAL, &h), "\"scratch_wave_offset\":\"s1\"},\"scratch_rsrc\":\"git:s0+0\""));
	/* Graphics shaders on mesa3d load the base from s[0:1]. */
	assert_non_null(strstr(sys("declare amdgpu_ps void @f(i32 inreg, float) \"gcnabi-scratch\"", "llvm19", "gfx900",
				   OS_MESA3D, &h), "\"scratch_wave_offset\":\"s3\"},\"scratch_rsrc\":\"load:s[0:1]+0\""));
	/* The offset may land past the 44 argument SGPRs. */
	assert_non_null(strstr(sys("declare amdgpu_cs void @f([44 x i32] inreg) \"gcnabi-scratch\"", "llvm22", "gfx1030",
				   OS_AMDPAL, &h), "\"s44\""));
	/* mesa3d leaves 42 argument SGPRs: llc's "unable to allocate function argument #42". */
	assert_string_equal(sys("declare amdgpu_cs void @f([42 x i32] inreg)", "llvm22", "gfx1030", OS_MESA3D, &h),
			    ",\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\"}");
	sys("declare amdgpu_cs void @f([43 x i32] inreg)", "llvm22", "gfx1030", OS_MESA3D, &h);
	assert_non_null(strstr(h, "unable to allocate function argument"));
	/* Without scratch and without s[0:1] there is nothing to print. */
	assert_string_equal(sys("declare amdgpu_cs void @f(i32 inreg)", "llvm22", "gfx1030", OS_AMDPAL, &h), "");
	/* Other conventions have no system SGPRs. */
	assert_string_equal(sys("declare amdgpu_gfx void @f(i32 inreg) \"gcnabi-scratch\"", "llvm22", "gfx1030", OS_MESA3D, &h), "");
	TargetOs os;
	assert_true(target_os_parse("amdgcn--amdpal", &os) && os == OS_AMDPAL);
	assert_true(target_os_parse("amdgcn-mesa-mesa3d", &os) && os == OS_MESA3D);
	assert_true(target_os_parse("amdgcn--", &os) && os == OS_NONE);
	assert_true(target_os_parse("amdgcn-unknown-unknown", &os) && os == OS_NONE);
	assert_true(target_os_parse("amdgcn-amd-amdhsa", &os) && os == OS_AMDHSA);
	/* amdhsa takes no graphics convention, and the default ones as amdpal */
	sys("declare amdgpu_gfx void @f(i32 inreg)", "llvm22", "gfx1030", OS_AMDHSA, &h);
	assert_non_null(strstr(h, "unsupported non-compute shaders with HSA"));
	sys("declare void @f(i32 inreg)", "llvm22", "gfx1030", OS_AMDHSA, &h);
	assert_string_equal(h, "i32 inreg -> s16 | ret void -> -");
	assert_false(target_os_parse("x86_64--", &os));
}

static void test_shader_returns(void **state)
{
	(void)state;
	const char *sep = "declare amdgpu_cs { float, i32, half, i16, double, <2 x half>, <2 x i16> } @f()";
	/* Integer parts and float parts count separately; a double is two integer parts. */
	EXPECT(sep, "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLEE,
	       "ret { float, i32, half, i16, double, <2 x half>, <2 x i16> } -> v0,s0,v1,s[1:3],v2,s4");
	/* 14-15 have no row for packed <2 x i16> (shader_ret_v2i16_fails). */
	assert_non_null(strstr(place(sep, "llvm15", "gfx1030", SEL_GISEL, VIEW_CALLEE), "unable to allocate function return"));
	/* No sret demotion: a 45th integer part is an error. */
	assert_non_null(strstr(place("declare amdgpu_cs [45 x i32] @f()", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE),
			       "unable to allocate function return"));
	EXPECT("declare amdgpu_cs { [44 x i32], <136 x float> } @f()", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "ret { [44 x i32], <136 x float> } -> s[0:43],v[0:135]");
	/* i1: SelectionDAG refuses a plain one, GlobalISel returns it in s0; signext promotes it for both. */
	assert_non_null(strstr(place("declare amdgpu_ps i1 @f()", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE),
			       "unable to allocate function return"));
	EXPECT("declare amdgpu_ps i1 @f()", "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLEE, "ret i1 -> s0");
	EXPECT("declare amdgpu_ps signext i1 @f()", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE, "ret i1 -> s0");
	/* bfloat vectors: float parts in 14-15, integer parts from 16 on (bfloat_vector_ret_float). */
	EXPECT("declare amdgpu_cs <2 x bfloat> @f()", "llvm15", "gfx1030", SEL_GISEL, VIEW_CALLEE, "ret <2 x bfloat> -> v0");
	EXPECT("declare amdgpu_cs <2 x bfloat> @f()", "llvm19", "gfx1030", SEL_GISEL, VIEW_CALLEE, "ret <2 x bfloat> -> s0");
}

/* psInputAddr/psInputEnable and the skipped inputs, as llc 19 and 22 print
 * them for cases/golden/shader.ll @p00-@p06 (both selectors). */
static void ps_inputs(const char *header, unsigned addr, unsigned enable, const char *want)
{
	Sig sig;
	SigError err;
	ModelConfig m;
	static Placement p;
	char why[128], out[4096];
	assert_true(sig_parse_header(header, strlen(header), &sig, &err));
	for (Selector sel = SEL_DAG; sel < SEL_COUNT; sel++) {
		assert_true(model_config_init(&m, profile_find("llvm22"), &old_layout, "gfx1030", 0, sel, why, sizeof why));
		assert_true(cc_place(&sig, &m, VIEW_CALLEE, &p));
		assert_true(p.ps_inputs);
		assert_int_equal(p.ps_input_addr, addr);
		assert_int_equal(p.ps_input_enable, enable);
		place_print_human(&sig, &p, out, sizeof out);
		assert_string_equal(strchr(out, ':') + 2, want);
	}
}

/* Aggregates: GlobalISel gives an argument one slot, SelectionDAG one per
 * struct member or array element (every version), so an unused argument
 * that starts past value slot 15 is allocated by SelectionDAG only.
 * Recorded with llc 16 and 19, -mcpu=gfx1030, both selectors, on
 * declare amdgpu_ps void @p([16 x float], float, float) "gcnabi-unused"="1" and
 * declare amdgpu_ps void @q(float, [17 x float], float) "gcnabi-unused"="1"
 * (and cases/golden/shader.ll @p04 for a scalar past slot 15). */
static void test_ps_input_slots_per_value(void **state)
{
	(void)state;
	const char *p = "declare amdgpu_ps void @p([16 x float], float, float) \"gcnabi-unused\"=\"1\"";
	const char *q = "declare amdgpu_ps void @q(float, [17 x float], float) \"gcnabi-unused\"=\"1\"";
	EXPECT(p, "llvm16", "gfx1030", SEL_DAG, VIEW_CALLEE, "[16 x float] -> v[0:15] | float -> v16 | float -> v17 | ret void -> -");
	EXPECT(p, "llvm19", "gfx1030", SEL_GISEL, VIEW_CALLEE, "[16 x float] -> v[0:15] | float -> - | float -> v16 | ret void -> -");
	EXPECT(p, "llvm16", "gfx1030", SEL_GISEL, VIEW_CALLEE, "[16 x float] -> v[0:15] | float -> - | float -> v16 | ret void -> -");
	for (Selector sel = SEL_DAG; sel < SEL_COUNT; sel++)
		EXPECT(q, "llvm22", "gfx1030", sel, VIEW_CALLEE, "float -> v0 | [17 x float] -> - | float -> v1 | ret void -> -");
}

static void test_ps_input_slots(void **state)
{
	(void)state;
	ps_inputs("declare amdgpu_ps void @p(i32 inreg, float, float, <2 x float>, float) \"gcnabi-unused\"=\"1,3\"", 10, 10,
		  "i32 inreg -> s0 | float -> - | float -> v0 | <2 x float> -> - | float -> v1 | ret void -> -");
	/* No interpolation input among slots 0-6: slot 0 is forced and v0-v1 are taken. */
	ps_inputs("declare amdgpu_ps void @p(float, float, float, float, float, float, float, float) "
		  "\"gcnabi-unused\"=\"0,1,2,3,4,5,6\"",
		  129, 129, "float -> - | float -> - | float -> - | float -> - | float -> - | float -> - | float -> - | "
			    "float -> v2 | ret void -> -");
	ps_inputs("declare amdgpu_ps void @p(i32 inreg, i64 inreg)", 1, 1, "i32 inreg -> s0 | i64 inreg -> s[1:2] | ret void -> -");
	/* inreg arguments are no input slots, and are allocated even when unused. */
	ps_inputs("declare amdgpu_ps void @p(float, float inreg, float, float) \"gcnabi-unused\"=\"1,2\"", 5, 5,
		  "float -> v0 | float inreg -> s0 | float -> - | float -> v1 | ret void -> -");
}

/* amdgpu_cs_chain and _preserve, recorded with llc 19 and 22 (cases/golden/chain.ll). */
static void test_chain(void **state)
{
	(void)state;
	const char *mixed = "declare amdgpu_cs_chain void @a(i32 inreg, float, i64 inreg, <2 x float>, double)";
	for (Selector sel = SEL_DAG; sel < SEL_COUNT; sel++)
		for (View v = VIEW_CALLEE; v <= VIEW_CALLER; v++) {
			EXPECT(mixed, "llvm19", "gfx1030", sel, v,
			       "i32 inreg -> s0 | float -> v8 | i64 inreg -> s[1:2] | <2 x float> -> v[9:10] | "
			       "double -> v[11:12] | ret void -> -");
			/* v0-v7 stay with the hardware; v254 is the last argument VGPR, s104 the last SGPR. */
			EXPECT("declare amdgpu_cs_chain_preserve void @a(<246 x float>, float)", "llvm22", "gfx1100", sel, v,
			       "<246 x float> -> v[8:253] | float -> v254 | ret void -> -");
			assert_non_null(strstr(place("declare amdgpu_cs_chain void @a(<247 x float>, float)", "llvm22",
						     "gfx1100", sel, v), "unable to allocate function argument"));
			assert_non_null(strstr(place("declare amdgpu_cs_chain void @a(<105 x i32> inreg, i32 inreg)", "llvm22",
						     "gfx1100", sel, v), "unable to allocate function argument"));
			/* i1 is refused (unlike the shaders of 19 and 22); returns must be void. */
			assert_non_null(strstr(place("declare amdgpu_cs_chain void @a({ i1, i32 })", "llvm19", "gfx1030", sel, v),
					       "unable to allocate function argument"));
			assert_non_null(strstr(place("declare amdgpu_cs_chain i32 @a()", "llvm19", "gfx1030", sel, v),
					       "requires void return type"));
			/* Older llc cannot parse the keyword. */
			assert_non_null(strstr(place(mixed, "llvm16", "gfx1030", sel, v), "not supported by llvm16"));
		}
}

/* amdgpu_gfx_whole_wave, recorded with llc 22 (cases/golden/whole_wave.ll):
 * amdgpu_gfx's rows after the active-lane mask, which has no location. */
static void test_whole_wave(void **state)
{
	(void)state;
	const char *mixed = "declare amdgpu_gfx_whole_wave i32 @f(i1, i32, float inreg, i1, i64)";
	for (Selector sel = SEL_DAG; sel < SEL_COUNT; sel++)
		for (View v = VIEW_CALLEE; v <= VIEW_CALLER; v++) {
			EXPECT(mixed, "llvm22", "gfx1100", sel, v,
			       "i1 -> - | i32 -> v0 | float inreg -> s4 | i1 -> stack+0/1 | i64 -> v[1:2] | ret i32 -> v0");
			/* the same as amdgpu_gfx without the mask */
			EXPECT("declare amdgpu_gfx i32 @f(i32, float inreg, i1, i64)", "llvm22", "gfx1100", sel, v,
			       "i32 -> v0 | float inreg -> s4 | i1 -> stack+0/1 | i64 -> v[1:2] | ret i32 -> v0");
			EXPECT("declare amdgpu_gfx_whole_wave void @f(i1)", "llvm22", "gfx1030", sel, v, "i1 -> - | ret void -> -");
			/* v31 ends, then the stack; s29 ends, then the stack too */
			EXPECT("declare amdgpu_gfx_whole_wave void @f(i1, <31 x i32>, i64)", "llvm22", "gfx1030", sel, v,
			       "i1 -> - | <31 x i32> -> v[0:30] | i64 -> v31,stack+0/4 | ret void -> -");
			EXPECT("declare amdgpu_gfx_whole_wave void @f(i1, <26 x i32> inreg, i32 inreg)", "llvm22", "gfx1030", sel,
			       v, "i1 -> - | <26 x i32> inreg -> s[4:29] | i32 inreg -> stack+0/4 | ret void -> -");
			/* the verifier: an i1 first, not inreg, no varargs */
			assert_non_null(strstr(place("declare amdgpu_gfx_whole_wave void @f(i32)", "llvm22", "gfx1030", sel, v),
					       "requires first argument to be i1"));
			assert_non_null(strstr(place("declare amdgpu_gfx_whole_wave void @f()", "llvm22", "gfx1030", sel, v),
					       "requires first argument to be i1"));
			assert_non_null(strstr(place("declare amdgpu_gfx_whole_wave void @f(i1 inreg)", "llvm22", "gfx1030", sel,
						     v), "first argument to not be inreg"));
			assert_non_null(strstr(place("declare amdgpu_gfx_whole_wave void @f(i1, ...)", "llvm22", "gfx1030", sel,
						     v), "does not support varargs"));
			/* llc 19 cannot parse the keyword */
			assert_non_null(strstr(place(mixed, "llvm19", "gfx1030", sel, v), "not supported by llvm19"));
		}
}

/* llc 22 loses whole-wave returns that do not fit: the profile switches
 * whole_wave_dag_sret_to_mask, whole_wave_dag_call_ret_attrs and
 * whole_wave_gisel_call_ret (cases/golden/whole_wave.ll, gfx1030). */
static void test_whole_wave_lost_returns(void **state)
{
	(void)state;
	const char *big = "declare amdgpu_gfx_whole_wave [140 x i32] @f(i1, i32, i32 inreg, i1)";
	const char *in = "declare amdgpu_gfx_whole_wave inreg i32 @f(i1, i32, i32 inreg, i1)";
	/* SelectionDAG callee: no hidden pointer, the mask is an argument (its stack slot) */
	EXPECT(big, "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "i1 -> stack+0/1 | i32 -> v0 | i32 inreg -> s4 | i1 -> stack+4/1 | ret [140 x i32] -> -");
	EXPECT(big, "llvm22", "gfx1030", SEL_DAG, VIEW_CALLER,
	       "i1 -> - | i32 -> v1 | i32 inreg -> s4 | i1 -> stack+0/1 | ret [140 x i32] -> sret in v0");
	/* SelectionDAG call site: inreg is dropped from the return */
	EXPECT(in, "llvm22", "gfx1030", SEL_DAG, VIEW_CALLER,
	       "i1 -> - | i32 -> v0 | i32 inreg -> s4 | i1 -> stack+0/1 | ret i32 -> v0");
	/* GlobalISel callee: as amdgpu_gfx (the pointer inreg in s4) */
	EXPECT(in, "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLEE,
	       "i1 -> - | i32 -> v0 | i32 inreg -> s5 | i1 -> stack+0/1 | ret i32 -> sret in s4");
	/* GlobalISel call site: 33 parts demote as for ccc, the callee's address takes v[0:1] */
	EXPECT("declare amdgpu_gfx_whole_wave <33 x i32> @f(i1, i32)", "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLER,
	       "i1 -> - | i32 -> v2 | ret <33 x i32> -> -");
	EXPECT("declare amdgpu_gfx_whole_wave <32 x i32> @f(i1, i32)", "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLER,
	       "i1 -> - | i32 -> v0 | ret <32 x i32> -> v[0:31]");
	/* ... and an inreg return that fits is not lowered; with an aggregate argument llc gives up */
	EXPECT(in, "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLER,
	       "i1 -> - | i32 -> v0 | i32 inreg -> s4 | i1 -> stack+0/1 | ret i32 -> -");
	assert_non_null(strstr(place("declare amdgpu_gfx_whole_wave inreg i32 @f(i1, { i32, i32 })", "llvm22", "gfx1030",
				     SEL_GISEL, VIEW_CALLER), "unable to translate instruction: call llvm.amdgcn.call.whole.wave"));
	/* amdgpu_gfx itself keeps none of these */
	EXPECT("declare amdgpu_gfx <33 x i32> @f(i32)", "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLER,
	       "i32 -> v0 | ret <33 x i32> -> v[0:32]");
}

/* The dynamic-VGPR chain call (seed 003). llc 22, -mcpu=gfx1200, both
 * selectors: wave32 lowers to SI_CS_CHAIN_TC_W32_DVGPR and compiles even when
 * the requested count (10) leaves v10-v11 of a <4 x float> outside; wave64 is
 * "dynamic VGPR mode is only supported for wave32"; llc 19 makes a plain
 * SI_CS_CHAIN_TC_W32/W64 call. */
static void test_chain_dynamic_vgprs(void **state)
{
	(void)state;
	const char *h = "declare amdgpu_cs_chain void @callee(i32 inreg, <4 x float>)";
	Sig sig;
	SigError err;
	static Placement p;
	ModelConfig m;
	char why[128];
	unsigned lost;
	int first;
	bool refused;
	assert_true(sig_parse_header(h, strlen(h), &sig, &err));
	assert_true(model_config_init(&m, profile_find("llvm22"), &old_layout, "gfx1200", 32, SEL_DAG, why, sizeof why));
	assert_true(cc_place(&sig, &m, VIEW_CALLER, &p));
	assert_null(cc_chain_dvgpr_check(&sig, &m, &p, 16, &lost, &first, &refused));
	assert_non_null(cc_chain_dvgpr_check(&sig, &m, &p, 10, &lost, &first, &refused));
	assert_int_equal(lost, 2);
	assert_int_equal(first, 1);
	assert_false(refused);
	assert_true(model_config_init(&m, profile_find("llvm22"), &old_layout, "gfx1200", 64, SEL_GISEL, why, sizeof why));
	assert_non_null(strstr(cc_chain_dvgpr_check(&sig, &m, &p, 16, &lost, &first, &refused), "only supported for wave32"));
	assert_true(refused);
	assert_true(model_config_init(&m, profile_find("llvm19"), &old_layout, "gfx1200", 32, SEL_DAG, why, sizeof why));
	assert_non_null(strstr(cc_chain_dvgpr_check(&sig, &m, &p, 10, &lost, &first, &refused), "plain chain call"));
	assert_int_equal(lost, 0);
	assert_int_equal(cc_chain_dvgpr_support(&m), DVGPR_IGNORED);
	/* llc 22 before gfx12: the pseudo is selected, then llc crashes (no s_alloc_vgpr). */
	assert_true(model_config_init(&m, profile_find("llvm22"), &old_layout, "gfx1100", 32, SEL_GISEL, why, sizeof why));
	assert_int_equal(cc_chain_dvgpr_support(&m), DVGPR_CRASHES);
	assert_non_null(strstr(cc_chain_dvgpr_check(&sig, &m, &p, 16, &lost, &first, &refused), "crashes"));
	assert_true(refused);
	assert_true(model_config_init(&m, profile_find("llvm22"), &old_layout, "gfx1200", 32, SEL_GISEL, why, sizeof why));
	assert_int_equal(cc_chain_dvgpr_support(&m), DVGPR_REALLOCATES);
}

static void test_unmodeled_is_an_error(void **state)
{
	(void)state;
	assert_non_null(strstr(place("declare void @f(i32, ...)", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE),
			       "variadic"));
}

/* amdgpu_kernel: the kernarg segment, each argument at its type's ABI
 * alignment (after AMDGPULowerBufferFatPointers in 19+), byref data in-line
 * at its align; the IR verifier's refusals. Checked against llc's HSA
 * metadata (llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 F -o -, .args). */
static void test_kernel_kernarg(void **state)
{
	(void)state;
	const char *k = "declare amdgpu_kernel void @k(i8, ptr addrspace(7), i8, { i8, ptr addrspace(7) }, "
			"ptr addrspace(4) byref(ptr addrspace(7)), ptr addrspace(9))";
	EXPECT(k, "llvm22", "gfx1030", SEL_GISEL, VIEW_CALLEE,
	       "i8 -> kernarg+0/1 | ptr addrspace(7) -> kernarg+16/32 | i8 -> kernarg+48/1 | { i8, ptr addrspace(7) } -> "
	       "kernarg+64/48 | ptr addrspace(4) -> kernarg+128/32 | ptr addrspace(9) -> kernarg+160/32 | ret void -> -");
	EXPECT("declare amdgpu_kernel void @k(i8, ptr addrspace(7), i8)", "llvm16", "gfx900", SEL_DAG, VIEW_CALLEE,
	       "i8 -> kernarg+0/1 | ptr addrspace(7) -> kernarg+8/8 | i8 -> kernarg+16/1 | ret void -> -");
	EXPECT("declare amdgpu_kernel void @k(half, ptr addrspace(4) byref(<4 x half>) align 2)", "llvm19", "gfx1100",
	       SEL_DAG, VIEW_CALLEE, "half -> kernarg+0/2 | ptr addrspace(4) -> kernarg+2/8 | ret void -> -");
	assert_non_null(strstr(place("declare amdgpu_kernel i32 @k(i32)", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE),
			       "requires void return type"));
	assert_non_null(strstr(place("declare amdgpu_kernel void @k(ptr addrspace(5) byval(i32))", "llvm22", "gfx1030",
				     SEL_DAG, VIEW_CALLEE),
			       "disallows byval"));
	assert_non_null(strstr(place("declare amdgpu_kernel void @k(ptr addrspace(1) sret(i32))", "llvm14", "gfx900",
				     SEL_DAG, VIEW_CALLEE),
			       "does not allow sret"));
	assert_non_null(strstr(place("declare amdgpu_kernel void @k(ptr addrspace(5) byref(i32))", "llvm16", "gfx900",
				     SEL_DAG, VIEW_CALLEE),
			       "disallows stack byref"));
	assert_non_null(strstr(place("declare amdgpu_kernel void @k(i32, ...)", "llvm19", "gfx900", SEL_DAG, VIEW_CALLEE),
			       "varargs"));
	/* gcnabi's kernels do not use their arguments: a byref through any
	 * address space but private is laid out (llc 16 compiles it). */
	EXPECT("declare amdgpu_kernel void @k(ptr addrspace(2) byref(i32))", "llvm16", "gfx1030", SEL_GISEL, VIEW_CALLEE,
	       "ptr addrspace(2) -> kernarg+0/4 | ret void -> -");
	EXPECT("declare amdgpu_kernel void @k(ptr addrspace(3) byref(i32))", "llvm22", "gfx1030", SEL_DAG, VIEW_CALLEE,
	       "ptr addrspace(3) -> kernarg+0/4 | ret void -> -");
}

/* The user SGPR keys of a kernel's --json object. */
static const char *user_sgprs(const char *header, const char *profile, const char *cpu, Selector sel)
{
	static char out[8192];
	const Sig *sig;
	bool ok;
	const Placement *p = placed(header, profile, cpu, sel, VIEW_CALLEE, false, &sig, &ok);
	assert_true(ok);
	user_sgprs_print_json(&p->user, out, sizeof out);
	return out;
}

#define EXPECT_USER(header, profile, cpu, sel, want) assert_string_equal(user_sgprs(header, profile, cpu, sel), want)

/* Where the kernarg pointer lands (seen with llc -mtriple=amdgcn-amd-amdhsa,
 * the .amdhsa_user_sgpr_* directives of kernels whose body is ret void). */
static void test_kernel_user_sgprs(void **state)
{
	(void)state;
	const char *k = "declare amdgpu_kernel void @k(i32)";
	/* 14-16: the scratch buffer and, for explicit arguments, the kernarg pointer. */
	EXPECT_USER(k, "llvm14", "gfx900", SEL_DAG,
		    ",\"user_sgprs\":{\"private_segment_buffer\":\"s[0:3]\",\"kernarg_segment_ptr\":\"s[4:5]\"},"
		    "\"user_sgpr_count\":6,\"kernarg_preload_length\":0");
	EXPECT_USER("declare amdgpu_kernel void @k()", "llvm16", "gfx1030", SEL_GISEL,
		    ",\"user_sgprs\":{\"private_segment_buffer\":\"s[0:3]\"},\"user_sgpr_count\":4,\"kernarg_preload_length\":0");
	/* 19: dispatch ptr, kernarg ptr, dispatch id; no queue ptr under COV5. */
	EXPECT_USER(k, "llvm19", "gfx900", SEL_DAG,
		    ",\"user_sgprs\":{\"private_segment_buffer\":\"s[0:3]\",\"dispatch_ptr\":\"s[4:5]\","
		    "\"kernarg_segment_ptr\":\"s[6:7]\",\"dispatch_id\":\"s[8:9]\"},\"user_sgpr_count\":10,"
		    "\"kernarg_preload_length\":0");
	/* 22: queue ptr and flat scratch init too; each attribute frees its field. */
	EXPECT_USER(k, "llvm22", "gfx1030", SEL_DAG,
		    ",\"user_sgprs\":{\"private_segment_buffer\":\"s[0:3]\",\"dispatch_ptr\":\"s[4:5]\","
		    "\"queue_ptr\":\"s[6:7]\",\"kernarg_segment_ptr\":\"s[8:9]\",\"dispatch_id\":\"s[10:11]\","
		    "\"flat_scratch_init\":\"s[12:13]\"},\"user_sgpr_count\":14,\"kernarg_preload_length\":0");
	EXPECT_USER("declare amdgpu_kernel void @k(i32) \"amdgpu-no-dispatch-ptr\" \"amdgpu-no-queue-ptr\"", "llvm22",
		    "gfx1200", SEL_GISEL,
		    ",\"user_sgprs\":{\"kernarg_segment_ptr\":\"s[0:1]\",\"dispatch_id\":\"s[2:3]\"},"
		    "\"user_sgpr_count\":4,\"kernarg_preload_length\":0");
	/* No arguments and no implicit arguments: no kernarg pointer. */
	EXPECT_USER("declare amdgpu_kernel void @k() \"amdgpu-no-implicitarg-ptr\"", "llvm19", "gfx1200", SEL_DAG,
		    ",\"user_sgprs\":{\"dispatch_ptr\":\"s[0:1]\",\"dispatch_id\":\"s[2:3]\"},\"user_sgpr_count\":4,"
		    "\"kernarg_preload_length\":0");
	/* gfx1100 wave32 pads user + system SGPRs to 16: 13 with workgroup ids
	 * x, y, z (19+), 15 with x only (15-16). */
	EXPECT_USER(k, "llvm19", "gfx1100", SEL_DAG,
		    ",\"user_sgprs\":{\"dispatch_ptr\":\"s[0:1]\",\"kernarg_segment_ptr\":\"s[2:3]\","
		    "\"dispatch_id\":\"s[4:5]\"},\"user_sgpr_count\":13,\"kernarg_preload_length\":0");
	EXPECT_USER(k, "llvm16", "gfx1100", SEL_DAG,
		    ",\"user_sgprs\":{\"kernarg_segment_ptr\":\"s[0:1]\"},\"user_sgpr_count\":15,\"kernarg_preload_length\":0");
}

/* Preloaded inreg kernel arguments (gfx940/gfx942, SelectionDAG, 19+). */
static void test_kernel_preload(void **state)
{
	(void)state;
	/* i8 at 0, i16 at 2 shares its SGPR, i64 at 8 pays a padding SGPR, i32 at 16: 5. */
	const char *k = "declare amdgpu_kernel void @k(i8 inreg, i16 inreg, i64 inreg, i32 inreg)";
	const char *user22 = ",\"user_sgprs\":{\"dispatch_ptr\":\"s[0:1]\",\"queue_ptr\":\"s[2:3]\","
			     "\"kernarg_segment_ptr\":\"s[4:5]\",\"dispatch_id\":\"s[6:7]\"},";
	char want[512];
	snprintf(want, sizeof want, "%s\"user_sgpr_count\":13,\"kernarg_preload_length\":5,\"kernarg_preload\":\"s[8:12]\","
		 "\"kernarg_preload_offset\":0", user22);
	EXPECT_USER(k, "llvm22", "gfx942", SEL_DAG, want);
	/* GlobalISel, other CPUs and 14-16 preload nothing. */
	snprintf(want, sizeof want, "%s\"user_sgpr_count\":8,\"kernarg_preload_length\":0", user22);
	EXPECT_USER(k, "llvm22", "gfx942", SEL_GISEL, want);
	assert_non_null(strstr(user_sgprs(k, "llvm22", "gfx900", SEL_DAG), "\"kernarg_preload_length\":0"));
	assert_non_null(strstr(user_sgprs(k, "llvm16", "gfx940", SEL_DAG), "\"kernarg_preload_length\":0"));
	/* The run stops at the first argument that is not inreg... */
	assert_non_null(strstr(user_sgprs("declare amdgpu_kernel void @k(i32 inreg, i32, i32 inreg)", "llvm19", "gfx942",
					  SEL_DAG),
			       "\"kernarg_preload_length\":1,\"kernarg_preload\":\"s6\""));
	/* ...and at the first that does not fit the 16 user SGPRs (2 used here). */
	assert_non_null(strstr(user_sgprs("declare amdgpu_kernel void @k(<8 x i32> inreg, <8 x i32> inreg) "
					  "\"amdgpu-no-dispatch-ptr\" \"amdgpu-no-queue-ptr\" \"amdgpu-no-dispatch-id\"",
					  "llvm19", "gfx942", SEL_DAG),
			       "\"user_sgpr_count\":10,\"kernarg_preload_length\":8,\"kernarg_preload\":\"s[2:9]\""));
	/* An aggregate is preloaded part by part, in part when the SGPRs run
	 * out: 22 fills its 8 free SGPRs with 4 of the 6 doubles; 19 counts
	 * the queue pointer it does not enable and one SGPR more (7 left after
	 * its 6), so 3 doubles; a whole <4 x double> (8 SGPRs) does not fit
	 * 19's 7 at all; amdgpu-no-queue-ptr gives 19 two more (9). */
	const char *doubles = "declare amdgpu_kernel void @k({ double, double, double, double, double, double } inreg)";
	assert_non_null(strstr(user_sgprs(doubles, "llvm22", "gfx942", SEL_DAG), "\"kernarg_preload_length\":8"));
	assert_non_null(strstr(user_sgprs(doubles, "llvm19", "gfx942", SEL_DAG), "\"kernarg_preload_length\":6"));
	assert_non_null(strstr(user_sgprs("declare amdgpu_kernel void @k(<4 x double> inreg, i32 inreg)", "llvm19", "gfx942",
					  SEL_DAG),
			       "\"kernarg_preload_length\":0"));
	assert_non_null(strstr(user_sgprs("declare amdgpu_kernel void @k({ i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, "
					  "i32, i32 } inreg) \"amdgpu-no-queue-ptr\"", "llvm19", "gfx942", SEL_DAG),
			       "\"user_sgpr_count\":15,\"kernarg_preload_length\":9"));
	/* SelectionDAG's parts (seen with llc 22 on gfx942, 8 SGPRs free):
	 * <31 x i24> is 31 promoted i32 elements (8 of them), <16 x i22> one
	 * <16 x i32> (16 SGPRs: none), <14 x i1> a byte per element (a new SGPR
	 * every 4), i125 i64 pieces. */
	assert_non_null(strstr(user_sgprs("declare amdgpu_kernel void @k(<31 x i24> inreg)", "llvm22", "gfx942", SEL_DAG),
			       "\"kernarg_preload_length\":8"));
	assert_non_null(strstr(user_sgprs("declare amdgpu_kernel void @k(<16 x i22> inreg)", "llvm22", "gfx942", SEL_DAG),
			       "\"kernarg_preload_length\":0"));
	assert_non_null(strstr(user_sgprs("declare amdgpu_kernel void @k({ i36 } inreg, double inreg, <14 x i1> inreg, i128 inreg)",
					  "llvm22", "gfx942", SEL_DAG),
			       "\"kernarg_preload_length\":8"));
	/* A packed struct's misaligned member starts inside the previous SGPR
	 * and pays no padding: i8 1, i32 at 1 one more, i32 at 8 a padding
	 * SGPR and its own (llc 19 and 22: 4). */
	assert_non_null(strstr(user_sgprs("declare amdgpu_kernel void @k(<{ i8, i32 }> inreg, i32 inreg)", "llvm19", "gfx942",
					  SEL_DAG),
			       "\"kernarg_preload_length\":4"));
	/* llc 22 does not know gfx940: the generic target has no flat scratch init. */
	assert_null(strstr(user_sgprs("declare amdgpu_kernel void @k(i32 inreg)", "llvm22", "gfx940", SEL_DAG),
			   "flat_scratch_init"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_inreg_by_version),
		cmocka_unit_test(test_representations),
		cmocka_unit_test(test_kernel_user_sgprs),
		cmocka_unit_test(test_kernel_preload),
		cmocka_unit_test(test_aggregate_runs),
		cmocka_unit_test(test_byval_fat_pointer_call),
		cmocka_unit_test(test_caller_ignores_srd),
		cmocka_unit_test(test_huge_byval_refused),
		cmocka_unit_test(test_noinput_attributes),
		cmocka_unit_test(test_noinput_through_pointer),
		cmocka_unit_test(test_default_stack_and_byval),
		cmocka_unit_test(test_default_returns),
		cmocka_unit_test(test_gfx),
		cmocka_unit_test(test_gfx_return_budget),
		cmocka_unit_test(test_split_by_target_and_version),
		cmocka_unit_test(test_rules_learned_from_llc),
		cmocka_unit_test(test_shader_args),
		cmocka_unit_test(test_shader_returns),
		cmocka_unit_test(test_ps_input_slots),
		cmocka_unit_test(test_ps_input_slots_per_value),
		cmocka_unit_test(test_chain),
		cmocka_unit_test(test_chain_dynamic_vgprs),
		cmocka_unit_test(test_whole_wave),
		cmocka_unit_test(test_whole_wave_lost_returns),
		cmocka_unit_test(test_unmodeled_is_an_error),
		cmocka_unit_test(test_shader_system_sgprs),
		cmocka_unit_test(test_kernel_kernarg),
	};
	return cmocka_run_group_tests_name("model", tests, load_old, NULL);
}
