/* The judge (core/judge.h): each flag relaxes
 * exactly its own rule and no other, every difference is listed with what,
 * where and both sides, the first is named in check's words, and the two
 * lost-SGPR rules (per range for diff, whole placement for check) differ
 * exactly where judge.h says. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "judge.h"

static Placement a, b;

static Loc S(unsigned r) { return (Loc){ .kind = LOC_SGPR, .reg = (uint16_t)r, .offset = 0, .size = 0 }; }
static Loc V(unsigned r) { return (Loc){ .kind = LOC_VGPR, .reg = (uint16_t)r, .offset = 0, .size = 0 }; }
static Loc K(unsigned off, unsigned size) { return (Loc){ .kind = LOC_STACK, .reg = 0, .offset = off, .size = size }; }
static Loc KA(unsigned off, unsigned size) { return (Loc){ .kind = LOC_KERNARG, .reg = 0, .offset = off, .size = size }; }

/* One argument with the given parts. */
static void one_arg(Placement *p, const Loc *locs, unsigned n)
{
	place_init(p);
	p->nargs = 1;
	p->args[0] = (PartRange){ 0, (uint16_t)n };
	memcpy(p->locs, locs, n * sizeof *locs);
	p->nlocs = n;
}

/* The judge's first difference and its words, as check asks for them. */
static JudgeVerdict cmp(unsigned flags, char *why)
{
	Judgement j = { 0 };
	JudgeVerdict v = judge(&a, &b, &(JudgeRules){ .flags = flags }, &j);
	why[0] = 0;
	if (v != JUDGE_SAME)
		judge_why(&j.head, "model", "llc", why, 256);
	return v;
}

static void test_same_and_moved(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { S(6), V(0) }, y[] = { S(16), V(0) };
	one_arg(&a, x, 2);
	one_arg(&b, x, 2);
	assert_int_equal(cmp(0, why), JUDGE_SAME);
	one_arg(&b, y, 2);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "argument 0 part 0: model s6, llc s16");
}

/* What a register holds: a difference only where both sides state it, and
 * one the stack pool does not forgive. */
static Loc R(Loc l, Repr r)
{
	l.repr = (uint8_t)r;
	return l;
}

static void test_representation(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { R(V(0), REPR_F32), K(0, 4) }, y[] = { R(V(0), REPR_LOW), K(0, 4) }, z[] = { V(0), K(0, 4) };
	one_arg(&a, x, 2);
	one_arg(&b, z, 2);
	assert_int_equal(cmp(JUDGE_UNORDERED, why), JUDGE_SAME); /* b says nothing */
	one_arg(&b, x, 2);
	assert_int_equal(cmp(JUDGE_UNORDERED, why), JUDGE_SAME);
	one_arg(&b, y, 2);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD | JUDGE_CALLER_COVERS, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "argument 0 part 0 (v0): model f32, llc low");
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_DIFFERENT);
	/* A part elsewhere is moved, not a representation. */
	Loc w[] = { R(V(1), REPR_LOW), K(0, 4) };
	one_arg(&b, w, 2);
	assert_int_equal(cmp(0, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "argument 0 part 0: model v0, llc v1");
}

/* Shader system SGPRs, where both sides know them. */
static void test_system_sgprs(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { S(2) };
	one_arg(&a, x, 1);
	one_arg(&b, x, 1);
	a.sys_sgprs = true;
	a.scratch_wave_offset = 3;
	assert_int_equal(cmp(0, why), JUDGE_SAME); /* b does not know them */
	b.sys_sgprs = true;
	assert_int_equal(cmp(0, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "scratch wave offset: model s3, llc none");
	b.scratch_wave_offset = 3;
	b.implicit_buffer_ptr = 0;
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "implicit buffer pointer: model none, llc s0");
	a.implicit_buffer_ptr = 0;
	assert_int_equal(cmp(0, why), JUDGE_SAME);
}

static void test_unordered_only_with_flag(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { K(4, 1), S(4) }, y[] = { S(4), K(4, 1) };
	one_arg(&a, x, 2);
	one_arg(&b, y, 2);
	assert_int_equal(cmp(0, why), JUDGE_DIFFERENT);
	assert_int_equal(cmp(JUDGE_UNORDERED, why), JUDGE_SAME);
}

static void test_unread_parts(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { V(0), V(1), V(2), V(3) }, y[] = { V(0), V(1) }, z[] = { V(0), V(5) };
	one_arg(&a, x, 4);
	one_arg(&b, y, 2);
	assert_int_equal(cmp(JUDGE_UNORDERED, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "argument 0: model has 4 parts, llc 2");
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD, why), JUDGE_UNREAD);
	assert_string_equal(why, "argument 0: llc uses 2 of model's 4 parts");
	one_arg(&b, z, 2); /* v5 is not one of the model's parts */
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD, why), JUDGE_DIFFERENT);
	one_arg(&b, x, 0); /* nothing observed is not "unread" */
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD, why), JUDGE_DIFFERENT);
}

static void test_slot_sizes(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { K(32, 1) }, y[] = { K(32, 4) }, z[] = { K(32, 2) };
	one_arg(&a, x, 1);
	one_arg(&b, y, 1);
	assert_int_equal(cmp(0, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "argument 0 part 0: model stack+32/1, llc stack+32/4");
	assert_int_equal(cmp(JUDGE_CALLER_COVERS, why), JUDGE_SAME);
	one_arg(&b, z, 1); /* both narrower than the slot: not a covering caller */
	assert_int_equal(cmp(JUDGE_CALLER_COVERS, why), JUDGE_DIFFERENT);
	one_arg(&a, z, 1); /* an extended i16 stored as 4 bytes */
	one_arg(&b, y, 1);
	assert_int_equal(cmp(JUDGE_CALLER_COVERS, why), JUDGE_SAME);
	/* A byval(double) the caller copies with two 4-byte stores into the
	 * callee's one 8-byte slot (llc 19 and 22, measured): the same bytes. */
	Loc halves[] = { K(0, 4), K(4, 4) }, whole[] = { K(0, 8) }, gap[] = { K(0, 4), K(8, 4) };
	one_arg(&a, halves, 2);
	one_arg(&b, whole, 1);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_CALLER_COVERS, why), JUDGE_SAME);
	assert_int_equal(cmp(JUDGE_UNORDERED, why), JUDGE_DIFFERENT);
	one_arg(&a, gap, 2); /* not the same bytes */
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_CALLER_COVERS, why), JUDGE_DIFFERENT);
}

/* Two arguments of the given parts each. */
static void two_args(Placement *p, const Loc *x, unsigned nx, const Loc *y, unsigned ny)
{
	place_init(p);
	p->nargs = 2;
	p->args[0] = (PartRange){ 0, (uint16_t)nx };
	p->args[1] = (PartRange){ (uint16_t)nx, (uint16_t)ny };
	memcpy(p->locs, x, nx * sizeof *x);
	memcpy(p->locs + nx, y, ny * sizeof *y);
	p->nlocs = nx + ny;
}

/* A call site's merged stores given to one argument (llc 16/19/22
 * SelectionDAG, gfx1100: <29 x ptr addrspace(4)> inreg then [3 x <2 x ptr
 * addrspace(6)>] inreg): the boundary moves, the bytes do not. */
static void test_stack_pooled(void **state)
{
	(void)state;
	char why[256];
	Loc a0[] = { S(10), K(288, 4), K(292, 4), K(296, 4) }, a1[] = { K(300, 4), K(304, 4), K(308, 4) };
	Loc b0[] = { S(10), K(288, 4), K(292, 4), K(296, 4), K(300, 4) }, b1[] = { K(304, 4), K(308, 4) };
	two_args(&a, a0, 4, a1, 3);
	two_args(&b, b0, 5, b1, 2);
	assert_int_equal(cmp(JUDGE_UNORDERED, why), JUDGE_DIFFERENT);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_SAME);
	/* A moved byte is a difference, pooled or not. */
	Loc c1[] = { K(304, 4), K(312, 4) };
	two_args(&b, b0, 5, c1, 2);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_DIFFERENT);
	/* So is a register part that moves across the boundary. */
	Loc d0[] = { K(288, 4), K(292, 4), K(296, 4) }, d1[] = { S(10), K(300, 4), K(304, 4), K(308, 4) };
	two_args(&b, d0, 3, d1, 4);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_DIFFERENT);
	/* And a stack object of another size at the same offset (llc 19's
	 * byval copy of a struct holding ptr addrspace(8), 48 bytes, against
	 * llc 15's 32, seed 20261204's f73). */
	Loc e1[] = { K(300, 8), K(304, 4), K(308, 4) };
	two_args(&b, b0, 4, e1, 3);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_DIFFERENT);
}

/* Three arguments of n0, n1 and n2 of the parts locs, in order. */
static void three_args(Placement *p, const Loc *locs, unsigned n0, unsigned n1, unsigned n2)
{
	place_init(p);
	p->nargs = 3;
	p->args[0] = (PartRange){ 0, (uint16_t)n0 };
	p->args[1] = (PartRange){ (uint16_t)n0, (uint16_t)n1 };
	p->args[2] = (PartRange){ (uint16_t)(n0 + n1), (uint16_t)n2 };
	p->nlocs = n0 + n1 + n2;
	memcpy(p->locs, locs, p->nlocs * sizeof *locs);
	p->ret = (PartRange){ (uint16_t)p->nlocs, 0 };
}

/* An unused argument one side has no parts for is left out of the pool
 * too (seed 20261208: llc 15 SelectionDAG on gfx1100, a bfloat passed as
 * undef first, then the merged stores of <29 x ptr addrspace(4)> inreg and
 * <2 x ptr addrspace(6)> inreg given to the first of them). */
static void test_stack_pooled_unused(void **state)
{
	(void)state;
	char why[256];
	/* model: %0 in v0 (unused), %1 stack+148, %2 stack+152..156;
	 * llc: %0 nothing, %1 all three slots, %2 none */
	three_args(&a, (Loc[]){ V(0), K(148, 4), K(152, 4), K(156, 4) }, 1, 1, 2);
	three_args(&b, (Loc[]){ K(148, 4), K(152, 4), K(156, 4) }, 0, 3, 0);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_DIFFERENT);
	b.unused[0] = 1; /* the caller passed %0 as undef */
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_SAME);
	/* a slot of the unused argument that the caller writes all the same
	 * (its undef value, stored with its neighbour's) is nobody's part */
	three_args(&a, (Loc[]){ K(144, 4), K(148, 4), K(152, 4), K(156, 4) }, 1, 1, 2);
	three_args(&b, (Loc[]){ K(144, 4), K(148, 4), K(152, 4), K(156, 4) }, 0, 4, 0);
	b.unused[0] = 1;
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_SAME);
	/* used, it has to be where the model says */
	three_args(&a, (Loc[]){ V(0), K(148, 4), K(152, 4), K(156, 4) }, 1, 1, 2);
	three_args(&b, (Loc[]){ V(7), K(148, 4), K(152, 4), K(156, 4) }, 1, 3, 0);
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_STACK_POOLED, why), JUDGE_DIFFERENT);
}

/* A caller's stack part in the slot of an undef argument, next to its
 * own, is not its own, even where another argument keeps the pool from
 * agreeing (seed 20261236: llc 15 on gfx1100 stores an inreg <31 x i32>'s
 * last three stack elements with a 16-byte store, the fourth dword in the
 * slot of the unused argument after it; an odd-width vector before them
 * is written with fewer parts than the model's). */
static void test_unseen_slot_tail(void **state)
{
	(void)state;
	char why[256];
	/* model: %0 v0-v1 (llc: v0), %1 stack+20..24, %2 (unused) stack+28 */
	three_args(&a, (Loc[]){ V(0), V(1), K(20, 4), K(24, 4), K(28, 4) }, 2, 2, 1);
	three_args(&b, (Loc[]){ V(0), K(20, 4), K(24, 4), K(28, 4) }, 1, 3, 0);
	a.unused[0] = b.unused[0] = 4;
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "argument 1: model has 2 parts, llc 3");
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD | JUDGE_STACK_POOLED, why), JUDGE_UNREAD);
	/* in the slot of a used argument, it is a difference */
	a.unused[0] = b.unused[0] = 0;
	assert_int_equal(cmp(JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD | JUDGE_STACK_POOLED, why), JUDGE_DIFFERENT);
}

static void test_returns_and_sret(void **state)
{
	(void)state;
	char why[256];
	one_arg(&a, (Loc[]){ V(1) }, 1);
	one_arg(&b, (Loc[]){ V(1) }, 1);
	a.ret_demoted = true;
	a.sret = V(0);
	assert_int_equal(cmp(0, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "return: model demoted to sret, llc in registers");
	b.ret_demoted = true;
	b.sret = S(4);
	assert_int_equal(cmp(0, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "hidden sret pointer: model v0, llc s4");
	b.sret = V(0);
	assert_int_equal(cmp(0, why), JUDGE_SAME);
	b.nargs = 2;
	assert_int_equal(cmp(0, why), JUDGE_DIFFERENT);
	assert_string_equal(why, "model has 1 arguments, llc 2");
}

/* ---- the judge ------------------------------------------------------------------- */

static JudgeDiff list[64];

static void add_arg(Placement *p, const Loc *locs, unsigned n)
{
	p->args[p->nargs++] = (PartRange){ (uint16_t)p->nlocs, (uint16_t)n };
	memcpy(&p->locs[p->nlocs], locs, n * sizeof *locs);
	p->nlocs += n;
}

static void set_ret(Placement *p, const Loc *locs, unsigned n)
{
	p->ret = (PartRange){ (uint16_t)p->nlocs, (uint16_t)n };
	if (n)
		memcpy(&p->locs[p->nlocs], locs, n * sizeof *locs);
	p->nlocs += n;
}

static Judgement run(unsigned flags)
{
	Judgement j = { .list = list, .cap = sizeof list / sizeof list[0] };
	JudgeRules r = { .flags = flags };
	JudgeVerdict v = judge(&a, &b, &r, &j);
	assert_int_equal(v, j.verdict);
	return j;
}

static const char *words(const JudgeDiff *d)
{
	static char buf[256];
	judge_why(d, "model", "llc", buf, sizeof buf);
	return buf;
}

static void expect_diff(const JudgeDiff *d, JudgeWhat what, JudgeClass cls, unsigned arg, const char *said)
{
	assert_int_equal(d->what, what);
	assert_int_equal(d->cls, cls);
	assert_int_equal(d->arg, arg);
	assert_string_equal(words(d), said);
}

static void test_what_names(void **state)
{
	(void)state;
	for (unsigned w = 0; w < JW_COUNT; w++) {
		assert_non_null(judge_what_names[w].name);
		assert_non_null(judge_what_names[w].key);
		assert_true((judge_what_names[w].key2 != NULL) == (w == JW_PS_INPUTS || w == JW_PRELOAD));
	}
	assert_string_equal(judge_what_names[JW_IMPLICIT_BUFFER_PTR].key, "implicit_buffer_ptr");
}

/* JUDGE_ALL: every difference, in the judge's order; without it the first. */
static void test_all_differences_in_order(void **state)
{
	(void)state;
	place_init(&a);
	place_init(&b);
	add_arg(&a, (Loc[]){ S(4), S(5) }, 2);
	add_arg(&a, (Loc[]){ V(0) }, 1);
	set_ret(&a, (Loc[]){ V(1) }, 1);
	add_arg(&b, (Loc[]){ S(6), S(5) }, 2);
	add_arg(&b, (Loc[]){ V(0) }, 1);
	add_arg(&b, (Loc[]){ V(2) }, 1);
	set_ret(&b, (Loc[]){ V(1), V(2) }, 2);
	a.ps_inputs = b.ps_inputs = true;
	a.ps_input_addr = a.ps_input_enable = b.ps_input_enable = 1;
	b.ps_input_addr = 2;
	Judgement j = run(JUDGE_ALL);
	assert_int_equal(j.verdict, JUDGE_DIFFERENT);
	assert_int_equal(j.n, 4);
	expect_diff(&list[0], JW_ARG_COUNT, JC_DIFFERENT, 0, "model has 2 arguments, llc 3");
	expect_diff(&list[1], JW_PS_INPUTS, JC_DIFFERENT, 0, "psInputAddr/psInputEnable: model 1/1, llc 2/1");
	expect_diff(&list[2], JW_ARGUMENT, JC_MOVED, 0, "argument 0 part 0: model s4, llc s6");
	assert_int_equal(list[2].a.reg, 4);
	assert_int_equal(list[2].b.reg, 6);
	expect_diff(&list[3], JW_RETURN, JC_PART_COUNT, 0, "return: model has 1 parts, llc 2");
	assert_int_equal(list[3].va, 1);
	assert_int_equal(list[3].vb, 2);
	assert_int_equal(j.head.what, JW_ARG_COUNT);
	j = run(0);
	assert_int_equal(j.n, 1);
	assert_int_equal(j.verdict, JUDGE_DIFFERENT);
	assert_string_equal(words(&j.head), "model has 2 arguments, llc 3");
}

/* Lenient differences before the first divergence are kept; the head is
 * the divergence, or without one the first lenient difference. */
static void test_first_difference_and_head(void **state)
{
	(void)state;
	place_init(&a);
	place_init(&b);
	add_arg(&a, (Loc[]){ V(0), V(1) }, 2);
	add_arg(&a, (Loc[]){ S(4) }, 1);
	add_arg(&b, (Loc[]){ V(0) }, 1);
	add_arg(&b, (Loc[]){ S(5) }, 1);
	Judgement j = run(JUDGE_ALLOW_UNREAD);
	assert_int_equal(j.n, 2);
	expect_diff(&list[0], JW_ARGUMENT, JC_UNREAD, 0, "argument 0: llc uses 1 of model's 2 parts");
	assert_false(judge_diverges(&list[0]));
	assert_true(judge_diverges(&list[1]));
	assert_int_equal(j.verdict, JUDGE_DIFFERENT);
	expect_diff(&j.head, JW_ARGUMENT, JC_MOVED, 1, "argument 1 part 0: model s4, llc s5");
	b.locs[b.args[1].first] = S(4);
	j = run(JUDGE_ALLOW_UNREAD);
	assert_int_equal(j.verdict, JUDGE_UNREAD);
	expect_diff(&j.head, JW_ARGUMENT, JC_UNREAD, 0, "argument 0: llc uses 1 of model's 2 parts");
	j = run(JUDGE_ALLOW_UNREAD | JUDGE_ALL);
	assert_int_equal(j.n, 1);
}

/* A part that moved and changed size is two differences; the first one
 * alone is the part in words, sizes included. */
static void test_moved_and_slot_size(void **state)
{
	(void)state;
	Loc x[] = { K(0, 2), K(8, 4) }, y[] = { K(4, 4), K(8, 2) };
	one_arg(&a, x, 2);
	one_arg(&b, y, 2);
	Judgement j = run(JUDGE_ALL);
	assert_int_equal(j.n, 3);
	expect_diff(&list[0], JW_ARGUMENT, JC_MOVED, 0, "argument 0 part 0: model stack+0/2, llc stack+4/4");
	expect_diff(&list[1], JW_ARGUMENT, JC_SLOT_SIZE, 0, "argument 0 part 0: model stack+0/2, llc stack+4/4");
	expect_diff(&list[2], JW_ARGUMENT, JC_SLOT_SIZE, 0, "argument 0 part 1: model stack+8/4, llc stack+8/2");
	assert_int_equal(list[2].part, 1);
	j = run(0);
	assert_int_equal(j.n, 1);
	assert_int_equal(j.head.cls, JC_MOVED);
	one_arg(&a, (Loc[]){ K(0, 4) }, 1); /* a stack slot against a kernarg part */
	one_arg(&b, (Loc[]){ KA(0, 8) }, 1);
	j = run(JUDGE_ALL);
	assert_int_equal(j.n, 2);
	assert_int_equal(list[1].cls, JC_SLOT_SIZE);
	one_arg(&a, (Loc[]){ K(0, 0) }, 1); /* a stack slot of unknown size agrees with any */
	one_arg(&b, (Loc[]){ K(0, 4) }, 1);
	assert_int_equal(run(JUDGE_ALL).verdict, JUDGE_SAME);
}

/* A kernarg part's size is its alloc size, 0 for {}; diff reads a 0 in
 * "slot_sizes" as not given (JUDGE_SIZE_0_UNKNOWN). */
static void test_kernarg_size_zero(void **state)
{
	(void)state;
	one_arg(&a, (Loc[]){ KA(0, 0) }, 1);
	one_arg(&b, (Loc[]){ KA(0, 4) }, 1);
	Judgement j = run(0);
	expect_diff(&j.head, JW_ARGUMENT, JC_SLOT_SIZE, 0, "argument 0 part 0: model kernarg+0/0, llc kernarg+0/4");
	assert_int_equal(run(JUDGE_SIZE_0_UNKNOWN).verdict, JUDGE_SAME);
	one_arg(&b, (Loc[]){ KA(0, 8) }, 1);
	one_arg(&a, (Loc[]){ KA(0, 4) }, 1);
	assert_int_equal(run(JUDGE_SIZE_0_UNKNOWN).verdict, JUDGE_DIFFERENT);
}

/* An unused argument that one side has no parts for agrees, whichever
 * side knows it is unused; with parts on both sides they count. */
static void test_unused_arguments(void **state)
{
	(void)state;
	one_arg(&a, (Loc[]){ S(4) }, 1);
	one_arg(&b, (Loc[]){ S(4) }, 0);
	assert_int_equal(run(0).verdict, JUDGE_DIFFERENT);
	a.unused[0] = 1;
	assert_int_equal(run(0).verdict, JUDGE_SAME);
	a.unused[0] = 0;
	b.unused[0] = 1;
	assert_int_equal(run(0).verdict, JUDGE_SAME);
	one_arg(&b, (Loc[]){ S(5) }, 1);
	b.unused[0] = 1;
	assert_int_equal(run(0).head.cls, JC_MOVED);
}

/* A field enabled on one side shifts the fields after it: the judge names
 * the field and each shifted one; check's first difference is the field. */
static void test_user_sgpr_fields(void **state)
{
	(void)state;
	one_arg(&a, (Loc[]){ KA(0, 8) }, 1);
	one_arg(&b, (Loc[]){ KA(0, 8) }, 1);
	a.user = (UserSgprs){ .known = true, .count = 6,
			      .enabled = 1u << USGPR_PRIVATE_SEGMENT_BUFFER | 1u << USGPR_KERNARG_SEGMENT_PTR };
	b.user = a.user;
	assert_int_equal(run(JUDGE_ALL).verdict, JUDGE_SAME);
	b.user.enabled |= 1u << USGPR_DISPATCH_PTR;
	b.user.count = 8;
	b.user.preload_length = 2;
	b.user.preload_offset = 8;
	Judgement j = run(JUDGE_ALL);
	assert_int_equal(j.n, 4);
	expect_diff(&list[0], JW_USER_SGPR, JC_DIFFERENT, USGPR_DISPATCH_PTR, "user SGPR dispatch_ptr: model off, llc enabled");
	assert_int_equal(list[0].a.kind, LOC_NONE);
	assert_int_equal(list[0].b.reg, 4);
	expect_diff(&list[1], JW_USER_SGPR, JC_DIFFERENT, USGPR_KERNARG_SEGMENT_PTR,
		    "user SGPR kernarg_segment_ptr: model s[4:5], llc s[6:7]");
	expect_diff(&list[2], JW_PRELOAD, JC_DIFFERENT, 0,
		    "preloaded kernel arguments: model 0 SGPRs from kernarg+0, llc 2 from kernarg+8");
	expect_diff(&list[3], JW_USER_SGPR_COUNT, JC_DIFFERENT, 0, "user SGPR count: model 6, llc 8");
	j = run(0);
	assert_int_equal(j.n, 1);
	assert_string_equal(words(&j.head), "user SGPR dispatch_ptr: model off, llc enabled");
	b.user.known = false; /* only where both know them */
	assert_int_equal(run(JUDGE_ALL).verdict, JUDGE_SAME);
}

/* A side that could not be placed has only its status to compare; two
 * errors agree unless strict. */
static void test_status(void **state)
{
	(void)state;
	one_arg(&a, (Loc[]){ S(4) }, 1);
	one_arg(&b, (Loc[]){ V(9) }, 1);
	a.ok = false;
	strcpy(a.error, "unable to place <2 x i3>");
	Judgement j = run(JUDGE_ALL);
	assert_int_equal(j.n, 1);
	expect_diff(&j.head, JW_STATUS, JC_DIFFERENT, 0, "model error \"unable to place <2 x i3>\", llc placed");
	assert_ptr_equal(j.head.ea, a.error);
	assert_null(j.head.eb);
	b.ok = false;
	strcpy(b.error, "LLVM ERROR: cannot select");
	assert_int_equal(run(JUDGE_ALL).verdict, JUDGE_SAME);
	j = run(JUDGE_STRICT_ERRORS);
	assert_string_equal(words(&j.head), "model error \"unable to place <2 x i3>\", llc error \"LLVM ERROR: cannot select\"");
	strcpy(b.error, a.error);
	assert_int_equal(run(JUDGE_STRICT_ERRORS).verdict, JUDGE_SAME);
}

/* JUDGE_UNDEF_SGPRS, range by range: B lacking only SGPR parts (or stack
 * slots) of A is undefined; any other difference still diverges. */
static void test_undef_sgprs_per_range(void **state)
{
	(void)state;
	place_init(&a);
	place_init(&b);
	add_arg(&a, (Loc[]){ S(4), S(5), V(0) }, 3);
	add_arg(&a, (Loc[]){ V(1) }, 1);
	set_ret(&a, (Loc[]){ S(6) }, 1);
	add_arg(&b, (Loc[]){ V(0), S(4) }, 2);
	add_arg(&b, (Loc[]){ V(2) }, 1);
	set_ret(&b, NULL, 0);
	Judgement j = run(JUDGE_ALL | JUDGE_UNDEF_SGPRS);
	assert_int_equal(j.n, 3);
	expect_diff(&list[0], JW_ARGUMENT, JC_UNDEFINED, 0, "argument 0: model has 3 parts, llc 2");
	expect_diff(&list[1], JW_ARGUMENT, JC_MOVED, 1, "argument 1 part 0: model v1, llc v2");
	expect_diff(&list[2], JW_RETURN, JC_UNDEFINED, 0, "return: model has 1 parts, llc 0");
	assert_int_equal(j.verdict, JUDGE_DIFFERENT);
	b.locs[b.args[1].first] = V(1);
	j = run(JUDGE_ALL | JUDGE_UNDEF_SGPRS);
	assert_int_equal(j.verdict, JUDGE_UNDEFINED);
	assert_int_equal(j.head.arg, 0);
	assert_int_equal(run(JUDGE_ALL).verdict, JUDGE_DIFFERENT);
	a.locs[a.args[0].first + 1] = V(5); /* a VGPR is lost: a real difference */
	j = run(JUDGE_ALL | JUDGE_UNDEF_SGPRS);
	assert_int_equal(list[0].cls, JC_PART_COUNT);
	one_arg(&a, (Loc[]){ S(4), S(5) }, 2); /* as many parts: not a loss */
	one_arg(&b, (Loc[]){ S(5), S(4) }, 2);
	assert_int_equal(run(JUDGE_UNDEF_SGPRS).head.cls, JC_MOVED);
}

/* JUDGE_UNDEF_SGPRS_WHOLE: llc 16's shader callee with the return's SGPRs
 * lost. Nothing observed is not "unread" (a part-count difference); the
 * whole rule turns the verdict, the head stays check's why. */
static void test_undef_sgprs_whole(void **state)
{
	(void)state;
	place_init(&a);
	place_init(&b);
	add_arg(&a, (Loc[]){ V(0) }, 1);
	set_ret(&a, (Loc[]){ S(0), S(1) }, 2);
	add_arg(&b, (Loc[]){ V(0) }, 1);
	set_ret(&b, NULL, 0);
	unsigned model_vs_llc = JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD;
	Judgement j = run(model_vs_llc);
	assert_int_equal(j.verdict, JUDGE_DIFFERENT);
	assert_string_equal(words(&j.head), "return: model has 2 parts, llc 0");
	j = run(model_vs_llc | JUDGE_UNDEF_SGPRS_WHOLE);
	assert_int_equal(j.verdict, JUDGE_UNDEFINED);
	assert_string_equal(words(&j.head), "return: model has 2 parts, llc 0");
	assert_int_equal(j.n, 1);
	set_ret(&b, (Loc[]){ S(1) }, 1); /* one part seen: unread, not lost */
	assert_int_equal(run(model_vs_llc | JUDGE_UNDEF_SGPRS_WHOLE).verdict, JUDGE_UNREAD);
	set_ret(&b, (Loc[]){ S(7) }, 1);
	assert_int_equal(run(model_vs_llc | JUDGE_UNDEF_SGPRS_WHOLE).verdict, JUDGE_DIFFERENT);
}

/* Where the per-range and the whole-placement rules part (judge.h). */
static void test_lost_sgprs_rules_differ(void **state)
{
	(void)state;
	const unsigned range = JUDGE_UNDEF_SGPRS, whole = JUDGE_UNDEF_SGPRS_WHOLE;
	/* Scope: the whole rule forgives another field too. */
	one_arg(&a, (Loc[]){ S(4), V(0) }, 2);
	one_arg(&b, (Loc[]){ V(0) }, 1);
	a.ps_inputs = b.ps_inputs = true;
	b.ps_input_addr = 1;
	assert_int_equal(run(range).verdict, JUDGE_DIFFERENT);
	assert_int_equal(run(whole).verdict, JUDGE_UNDEFINED);
	/* A stack part on both sides: the whole rule never matches one. */
	place_init(&a);
	place_init(&b);
	add_arg(&a, (Loc[]){ K(0, 4) }, 1);
	set_ret(&a, (Loc[]){ S(0) }, 1);
	add_arg(&b, (Loc[]){ K(0, 4) }, 1);
	set_ret(&b, NULL, 0);
	assert_int_equal(run(range).verdict, JUDGE_UNDEFINED);
	assert_int_equal(run(whole).verdict, JUDGE_DIFFERENT);
	/* A lost stack slot: forgiven range by range only. */
	one_arg(&a, (Loc[]){ V(0), K(0, 4) }, 2);
	one_arg(&b, (Loc[]){ V(0) }, 1);
	assert_int_equal(run(range).verdict, JUDGE_UNDEFINED);
	assert_int_equal(run(whole).verdict, JUDGE_DIFFERENT);
	/* As many parts in another order: the whole rule takes them as a set. */
	one_arg(&a, (Loc[]){ S(4), S(5) }, 2);
	one_arg(&b, (Loc[]){ S(5), S(4) }, 2);
	assert_int_equal(run(range).verdict, JUDGE_DIFFERENT);
	assert_int_equal(run(whole).verdict, JUDGE_UNDEFINED);
	/* Kernarg parts: the whole rule matches them by kind alone. */
	one_arg(&a, (Loc[]){ KA(0, 4) }, 1);
	one_arg(&b, (Loc[]){ KA(8, 4) }, 1);
	assert_int_equal(run(range).verdict, JUDGE_DIFFERENT);
	assert_int_equal(run(whole).verdict, JUDGE_UNDEFINED);
	/* Both agree: B lacks only SGPRs of one argument, nothing else differs. */
	one_arg(&a, (Loc[]){ S(4), S(5), V(0) }, 3);
	one_arg(&b, (Loc[]){ V(0) }, 1);
	assert_int_equal(run(range).verdict, JUDGE_UNDEFINED);
	assert_int_equal(run(whole).verdict, JUDGE_UNDEFINED);
}

/* JUDGE_UNDEF_IMPLICIT: a call that writes IMPLICIT_DEF into s1 lists it
 * among its implicit registers. */
static void test_undef_implicit(void **state)
{
	(void)state;
	place_init(&a);
	place_init(&b);
	add_arg(&a, (Loc[]){ S(0), S(1) }, 2);
	add_arg(&a, (Loc[]){ V(0) }, 1);
	set_ret(&a, (Loc[]){ V(0) }, 1);
	add_arg(&b, (Loc[]){ S(0) }, 1);
	add_arg(&b, (Loc[]){ V(0), V(1) }, 2); /* B's extra parts are not looked at */
	set_ret(&b, (Loc[]){ V(0) }, 1);
	RegRange implicit[] = { { LOC_SGPR, 0, 0 }, { LOC_SGPR, 1, 3 } };
	JudgeRules r = { JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD | JUDGE_UNDEF_IMPLICIT, implicit, 2 };
	Judgement j = { 0 };
	assert_int_equal(judge(&a, &b, &r, &j), JUDGE_UNDEFINED);
	assert_string_equal(words(&j.head), "argument 1: model has 1 parts, llc 2");
	r.nimplicit = 1; /* s1 is not among them */
	assert_int_equal(judge(&a, &b, &r, &j), JUDGE_DIFFERENT);
	r.nimplicit = 2;
	r.flags &= ~(unsigned)JUDGE_UNDEF_IMPLICIT;
	assert_int_equal(judge(&a, &b, &r, &j), JUDGE_DIFFERENT);
	r.flags |= JUDGE_UNDEF_IMPLICIT;
	b.locs[b.ret.first] = V(1); /* the return differs */
	assert_int_equal(judge(&a, &b, &r, &j), JUDGE_DIFFERENT);
	one_arg(&a, (Loc[]){ K(4, 4) }, 1); /* stack slots match by offset, never implicitly */
	one_arg(&b, (Loc[]){ K(8, 4), V(3) }, 2);
	assert_int_equal(judge(&a, &b, &r, &j), JUDGE_DIFFERENT);
	b.locs[b.args[0].first] = K(4, 4);
	assert_int_equal(judge(&a, &b, &r, &j), JUDGE_UNDEFINED);
}

/* Differences past the list's room are counted, not stored. */
static void test_list_capacity(void **state)
{
	(void)state;
	one_arg(&a, (Loc[]){ V(0), V(1), V(2), V(3), V(4) }, 5);
	one_arg(&b, (Loc[]){ V(5), V(6), V(7), V(8), V(9) }, 5);
	JudgeDiff two[2] = { 0 };
	Judgement j = { .list = two, .cap = 2 };
	judge(&a, &b, &(JudgeRules){ .flags = JUDGE_ALL }, &j);
	assert_int_equal(j.n, 5);
	assert_int_equal(two[1].part, 1);
	assert_int_equal(j.head.part, 0);
	j = (Judgement){ 0 }; /* no list: the verdict and its head only */
	assert_int_equal(judge(&a, &b, NULL, &j), JUDGE_DIFFERENT);
	assert_int_equal(j.n, 1);
}

/* check's words for every kind of difference. */
static void test_words(void **state)
{
	(void)state;
	static const struct {
		JudgeDiff d;
		const char *said;
	} cases[] = {
		{ { .what = JW_STATUS, .ea = "x" }, "model error \"x\", llc placed" },
		{ { .what = JW_STATUS, .eb = "y" }, "model placed, llc error \"y\"" },
		{ { .what = JW_ARG_COUNT, .va = 3, .vb = 2 }, "model has 3 arguments, llc 2" },
		{ { .what = JW_RET_DEMOTED, .vb = 1 }, "return: model in registers, llc demoted to sret" },
		{ { .what = JW_SRET, .a = { .kind = LOC_VGPR, .reg = 0, .offset = 0, .size = 0 }, .b = { .kind = LOC_STACK, .reg = 0, .offset = 8, .size = 4 } },
		  "hidden sret pointer: model v0, llc stack+8/4" },
		{ { .what = JW_PS_INPUTS, .va = 3, .va2 = 1, .vb = 2, .vb2 = 2 }, "psInputAddr/psInputEnable: model 3/1, llc 2/2" },
		{ { .what = JW_IMPLICIT_BUFFER_PTR, .a = { .kind = LOC_NONE, .reg = 0, .offset = 0, .size = 0 }, .b = { .kind = LOC_SGPR, .reg = 0, .offset = 0, .size = 0 } },
		  "implicit buffer pointer: model none, llc s0" },
		{ { .what = JW_SCRATCH_WAVE_OFFSET, .a = { .kind = LOC_SGPR, .reg = 3, .offset = 0, .size = 0 } }, "scratch wave offset: model s3, llc none" },
		{ { .what = JW_KERNARG_SIZE, .va = 12, .vb = 16 }, "explicit kernarg size: model 12, llc 16" },
		{ { .what = JW_USER_SGPR, .arg = USGPR_QUEUE_PTR, .a = { .kind = LOC_SGPR, .reg = 4, .offset = 0, .size = 0 } },
		  "user SGPR queue_ptr: model enabled, llc off" },
		{ { .what = JW_USER_SGPR, .arg = USGPR_PRIVATE_SEGMENT_SIZE, .a = { .kind = LOC_SGPR, .reg = 6, .offset = 0, .size = 0 }, .b = { .kind = LOC_SGPR, .reg = 8, .offset = 0, .size = 0 } },
		  "user SGPR private_segment_size: model s6, llc s8" },
		{ { .what = JW_PRELOAD, .va = 2, .va2 = 0, .vb = 0, .vb2 = 0 },
		  "preloaded kernel arguments: model 2 SGPRs from kernarg+0, llc 0 from kernarg+0" },
		{ { .what = JW_USER_SGPR_COUNT, .va = 6, .vb = 8 }, "user SGPR count: model 6, llc 8" },
		{ { .what = JW_ARGUMENT, .cls = JC_MOVED, .arg = 2, .part = 1, .a = { .kind = LOC_SGPR, .reg = 6, .offset = 0, .size = 0 }, .b = { .kind = LOC_SGPR, .reg = 16, .offset = 0, .size = 0 } },
		  "argument 2 part 1: model s6, llc s16" },
		{ { .what = JW_RETURN, .cls = JC_SLOT_SIZE, .a = { .kind = LOC_KERNARG, .reg = 0, .offset = 0, .size = 1 }, .b = { .kind = LOC_KERNARG, .reg = 0, .offset = 0, .size = 4 } },
		  "return part 0: model kernarg+0/1, llc kernarg+0/4" },
		{ { .what = JW_ARGUMENT, .cls = JC_PART_COUNT, .arg = 1, .va = 2, .vb = 1 }, "argument 1: model has 2 parts, llc 1" },
		{ { .what = JW_RETURN, .cls = JC_UNREAD, .va = 4, .vb = 2 }, "return: llc uses 2 of model's 4 parts" },
		{ { .what = JW_RETURN, .cls = JC_UNDEFINED, .va = 4, .vb = 0 }, "return: model has 4 parts, llc 0" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		if (strcmp(words(&cases[i].d), cases[i].said) != 0)
			fail_msg("case %zu: \"%s\", want \"%s\"", i, words(&cases[i].d), cases[i].said);
	char small[8];
	assert_int_equal(judge_why(&cases[2].d, "model", "llc", small, sizeof small), strlen(cases[2].said));
	assert_string_equal(small, "model h");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_and_moved),
		cmocka_unit_test(test_representation),
		cmocka_unit_test(test_system_sgprs),
		cmocka_unit_test(test_unordered_only_with_flag),
		cmocka_unit_test(test_unread_parts),
		cmocka_unit_test(test_slot_sizes),
		cmocka_unit_test(test_stack_pooled),
		cmocka_unit_test(test_stack_pooled_unused),
		cmocka_unit_test(test_unseen_slot_tail),
		cmocka_unit_test(test_returns_and_sret),
		cmocka_unit_test(test_what_names),
		cmocka_unit_test(test_all_differences_in_order),
		cmocka_unit_test(test_first_difference_and_head),
		cmocka_unit_test(test_moved_and_slot_size),
		cmocka_unit_test(test_kernarg_size_zero),
		cmocka_unit_test(test_unused_arguments),
		cmocka_unit_test(test_user_sgpr_fields),
		cmocka_unit_test(test_status),
		cmocka_unit_test(test_undef_sgprs_per_range),
		cmocka_unit_test(test_undef_sgprs_whole),
		cmocka_unit_test(test_lost_sgprs_rules_differ),
		cmocka_unit_test(test_undef_implicit),
		cmocka_unit_test(test_list_capacity),
		cmocka_unit_test(test_words),
	};
	return cmocka_run_group_tests_name("compare", tests, NULL, NULL);
}
