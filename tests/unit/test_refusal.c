/* Refusal classes: the model gives every refusal a class, check reads
 * llc's from its first error line, and "both refused" agrees only on the
 * same class about the convention. The llc lines are ones real llc 14-22
 * printed (normalized as first_error_line leaves them). */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "cc.h"

static Layout old_layout;

/* The layouts/old.layout the tests run with (make unit runs in the tree). */
static int setup(void **state)
{
	(void)state;
	char err[256];
	size_t n = 0;
	char *file = read_file("layouts/old.layout", &n, err, sizeof err);
	LayoutError e;
	bool ok = file && layout_parse(file, n, &old_layout, &e);
	free(file);
	return ok ? 0 : -1;
}

static void test_table_complete(void **state)
{
	(void)state;
	for (int r = 0; r < REFUSAL_COUNT; r++)
		assert_true(refusal_classes[r].name && refusal_classes[r].doc && refusal_classes[r].name[0]);
	assert_true(refusal_classes[REFUSAL_LOWERING].convention);
	assert_true(refusal_classes[REFUSAL_INVALID_IR].convention);
	assert_false(refusal_classes[REFUSAL_SELECTION].convention);
	assert_false(refusal_classes[REFUSAL_CRASH].convention);
	assert_false(refusal_classes[REFUSAL_NONE].convention);
}

static void test_llc_lines(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		RefusalClass cls;
	} cases[] = {
		{ "LLVM ERROR: unable to allocate function argument #65", REFUSAL_LOWERING },
		{ "LLVM ERROR: unable to allocate function return #0", REFUSAL_LOWERING },
		{ "LLVM ERROR: unable to lower arguments: void (bfloat)* (in function: gcnabi.3.fn)", REFUSAL_LOWERING },
		{ "LLVM ERROR: unable to translate instruction: call (in function: gcnabi.197.caller)", REFUSAL_LOWERING },
		{ "LLVM ERROR: Cannot select: 0x: ch = store<(volatile store (s16) into @gcnabi.3.in.0, addrspace 1)>",
		  REFUSAL_SELECTION },
		{ "LLVM ERROR: Cannot select: 0x: f32,ch = load<(load (s16) from %stack.15, addrspace 5), anyext from bf16>",
		  REFUSAL_SELECTION },
		{ "LLVM ERROR: unable to translate instruction: store (in function: f)", REFUSAL_SELECTION },
		{ "error: <unknown>:0:0: in function caller void (): illegal SGPR to VGPR copy", REFUSAL_SELECTION },
		{ "crash in 'AMDGPU DAG->DAG Pattern Instruction Selection' at llvm::SelectionDAG::getBitcast",
		  REFUSAL_SELECTION },
		{ "crash in 'Prologue/Epilogue Insertion & Frame Finalization' at llvm::SIFrameLowering::emitPrologue",
		  REFUSAL_CRASH },
		{ "llc: /build/llvm/lib/CodeGen/X.cpp:10: Assertion `x' failed.", REFUSAL_CRASH },
		{ "llc failed without a message", REFUSAL_CRASH },
		{ "llc: error: llc: a.ll:3:20: error: expected type", REFUSAL_INVALID_IR },
		{ "llc: error: input module is broken!", REFUSAL_INVALID_IR },
		{ "Calling convention disallows byval", REFUSAL_INVALID_IR },
		{ "Calling convention disallows stack byref", REFUSAL_INVALID_IR },
		{ "Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!",
		  REFUSAL_INVALID_IR },
		{ "something else entirely", REFUSAL_OTHER },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		RefusalClass got = llc_refusal_class(cases[k].line);
		if (got != cases[k].cls)
			fail_msg("%s: %s, expected %s", cases[k].line, refusal_classes[got].name,
				 refusal_classes[cases[k].cls].name);
	}
}

static RefusalClass model_class(const char *text, const char *profile, Selector sel, const char *cpu, View view)
{
	Sig *s = calloc(1, sizeof *s);
	SigError e;
	assert_true(sig_parse_header(text, strlen(text), s, &e));
	ModelConfig m;
	char why[128];
	assert_true(model_config_init(&m, profile_find(profile), &old_layout, cpu, 0, sel, why, sizeof why));
	Placement *p = malloc(sizeof *p);
	cc_place(s, &m, view, p);
	RefusalClass r = p->ok ? REFUSAL_NONE : (RefusalClass)p->refusal;
	free(p);
	free(s);
	return r;
}

/* Each class as the model gives it, for refusals llc makes (measured with
 * llc 14/15, docs/measured.md, "Refusal classes"). */
static void test_model_classes(void **state)
{
	(void)state;
	assert_int_equal(model_class("declare void @f(i32)", "llvm14", SEL_DAG, "gfx900", VIEW_CALLEE), REFUSAL_NONE);
	/* llc 14 has no row for bfloat: "unable to allocate function argument #0". */
	assert_int_equal(model_class("declare void @f(bfloat)", "llvm14", SEL_DAG, "gfx900", VIEW_CALLEE), REFUSAL_LOWERING);
	/* GlobalISel 14-16 and inreg: "unable to lower arguments". */
	assert_int_equal(model_class("declare void @f(i32 inreg)", "llvm16", SEL_GISEL, "gfx900", VIEW_CALLEE),
			 REFUSAL_LOWERING);
	/* llc 15 lowers a scalar bfloat argument but cannot select its store:
	 * gcnabi's body leaves it unused (body_skips_bfloat). A returned odd
	 * bfloat vector crashes instruction selection. */
	assert_int_equal(model_class("declare void @f(bfloat)", "llvm15", SEL_DAG, "gfx900", VIEW_CALLEE), REFUSAL_NONE);
	assert_int_equal(model_class("declare <3 x bfloat> @f()", "llvm15", SEL_DAG, "gfx900", VIEW_CALLEE), REFUSAL_SELECTION);
	/* llc 14 demotes a bfloat return; gcnabi's body returns undef, which
	 * needs no bf16 store through the hidden pointer: placed. */
	assert_int_equal(model_class("declare bfloat @f(i32)", "llvm14", SEL_DAG, "gfx900", VIEW_CALLEE), REFUSAL_NONE);
	/* A returned bfloat vector llc 14 cannot select (even as a constant),
	 * and a bfloat argument it cannot lower: llc lowers every argument
	 * before the body, so it says "unable to allocate function argument
	 * #0". The vector as an argument is never touched: placed. */
	assert_int_equal(model_class("declare <4 x bfloat> @f(bfloat)", "llvm14", SEL_DAG, "gfx900", VIEW_CALLEE),
			 REFUSAL_LOWERING);
	assert_int_equal(model_class("declare <4 x bfloat> @f()", "llvm14", SEL_DAG, "gfx900", VIEW_CALLEE), REFUSAL_SELECTION);
	assert_int_equal(model_class("declare void @f(<4 x bfloat>)", "llvm14", SEL_DAG, "gfx900", VIEW_CALLEE),
			 REFUSAL_NONE);
	/* The same for a bfloat return and a byval bfloat before an argument
	 * llc 14 cannot lower (measured: "unable to allocate function
	 * argument #1"), and for a shader, which cannot demote the return:
	 * "unable to allocate function return #0". */
	assert_int_equal(model_class("declare bfloat @f(i32, bfloat)", "llvm14", SEL_DAG, "gfx900", VIEW_CALLEE),
			 REFUSAL_LOWERING);
	/* A caller that ignores the demoted result compiles (the hidden
	 * pointer in v0, the i32 in v1: llc 14.0.6, gfx900 and gfx1030). */
	assert_int_equal(model_class("declare bfloat @f(i32)", "llvm14", SEL_DAG, "gfx900", VIEW_CALLER), REFUSAL_NONE);
	assert_int_equal(model_class("declare void @f(ptr addrspace(5) byval(bfloat), bfloat)", "llvm14", SEL_DAG, "gfx900",
				     VIEW_CALLEE), REFUSAL_LOWERING);
	assert_int_equal(model_class("declare amdgpu_ps bfloat @f(float)", "llvm14", SEL_DAG, "gfx900", VIEW_CALLEE),
			 REFUSAL_LOWERING);
	/* The IR verifier's rules. */
	assert_int_equal(model_class("declare amdgpu_cs i32 @f(i32)", "llvm22", SEL_DAG, "gfx1100", VIEW_CALLEE),
			 REFUSAL_NONE);
	assert_int_equal(model_class("declare amdgpu_cs_chain i32 @f(i32)", "llvm22", SEL_DAG, "gfx1100", VIEW_CALLEE),
			 REFUSAL_INVALID_IR);
	/* Attributes the IR verifier refuses whatever the convention are
	 * input errors, before the model (sig_attr.c). */
	Sig *s = calloc(1, sizeof *s);
	SigError e;
	const char *bad = "declare void @f(i32 inreg byval(i32) %p)";
	assert_false(sig_parse_header(bad, strlen(bad), s, &e));
	free(s);
}

/* `gcnabi cause`: llc's stderr as a cause key words it. One llc bug reads
 * the same whatever addresses, numbers, vregs and paths it was printed
 * with: the raw stderr and check's already-shortened line give one text
 * (llvm-reduce's interestingness test compares the first with the second). */
static void test_cause_wording(void **state)
{
	(void)state;
	static const struct {
		const char *stderr_text, *cause;
	} cases[] = {
		{ "LLVM ERROR: Cannot select: 0x5640dbd18890: i8 = truncate 0x5640dbbd9718\n"
		  "  0x5640dbbd9718: i32,ch = load<(dereferenceable invariant load (s32))>\n",
		  "LLVM ERROR: Cannot select: #x: i# = truncate #x" },
		{ "warning: x is not a recognized processor for this target (ignoring processor)\n"
		  "LLVM ERROR: Cannot select: 0x1: i8 = truncate 0x2\n",
		  "LLVM ERROR: Cannot select: #x: i# = truncate #x" },
		{ "/usr/lib/llvm-14/bin/llc: error: /usr/lib/llvm-14/bin/llc: /tmp/gcnabi-check-XVjPFe/b0.ll:33:21: error: "
		  "explicit pointee type doesn't match\n",
		  "llc: error: llc: b#.ll:#:#: error: explicit pointee type doesn't match" },
		{ "# After Instruction Selection\n# Machine code for function f\n"
		  "*** Bad machine code: Multiple virtual register defs in SSA form ***\n"
		  "LLVM ERROR: Found 1 machine code errors.\n",
		  "machine verifier: Bad machine code: Multiple virtual register defs in SSA form (after Instruction "
		  "Selection)" },
		/* A diagnostic names the function and its type, which can be
		 * longer than the line check keeps: neither is the cause. */
		{ "error: <unknown>:0:0: in function g4.n0 float (<32 x i60>, { ptr addrspace(6), ptr addrspace(2) }, "
		  "<{ <1 x float>, <30 x double> }>, double): illegal VGPR to SGPR copy\n",
		  "error: <unknown>:#:#: in function: illegal VGPR to SGPR copy" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *line = error_line_of(cases[i].stderr_text);
		char out[240], again[240];
		assert_non_null(line);
		cause_message(line, out, sizeof out);
		assert_string_equal(out, cases[i].cause);
		/* What check keeps of a line normalizes to the same text. */
		cause_message(out, again, sizeof again);
		assert_string_equal(again, cases[i].cause);
		free(line);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_complete),
		cmocka_unit_test(test_llc_lines),
		cmocka_unit_test(test_model_classes),
		cmocka_unit_test(test_cause_wording),
	};
	return cmocka_run_group_tests_name("refusal", tests, setup, NULL);
}
