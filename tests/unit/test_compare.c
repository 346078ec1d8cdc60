/* Placement comparison: each flag relaxes exactly its own rule and no
 * other, and the first difference is named in words. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "compare.h"

static Placement a, b;

static Loc S(unsigned r) { return (Loc){ LOC_SGPR, (uint16_t)r, 0, 0 }; }
static Loc V(unsigned r) { return (Loc){ LOC_VGPR, (uint16_t)r, 0, 0 }; }
static Loc K(unsigned off, unsigned size) { return (Loc){ LOC_STACK, 0, off, size }; }

/* One argument with the given parts. */
static void one_arg(Placement *p, const Loc *locs, unsigned n)
{
	place_init(p);
	p->nargs = 1;
	p->args[0] = (PartRange){ 0, (uint16_t)n };
	memcpy(p->locs, locs, n * sizeof *locs);
	p->nlocs = n;
}

static CompareResult cmp(unsigned flags, char *why)
{
	return place_compare(&a, &b, flags, "model", "llc", why, 256);
}

static void test_same_and_moved(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { S(6), V(0) }, y[] = { S(16), V(0) };
	one_arg(&a, x, 2);
	one_arg(&b, x, 2);
	assert_int_equal(cmp(0, why), CMP_SAME);
	one_arg(&b, y, 2);
	assert_int_equal(cmp(CMP_UNORDERED | CMP_ALLOW_UNREAD, why), CMP_DIFFERENT);
	assert_string_equal(why, "argument 0 part 0: model s6, llc s16");
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
	assert_int_equal(cmp(0, why), CMP_SAME); /* b does not know them */
	b.sys_sgprs = true;
	assert_int_equal(cmp(0, why), CMP_DIFFERENT);
	assert_string_equal(why, "scratch wave offset: model s3, llc none");
	b.scratch_wave_offset = 3;
	b.implicit_buffer_ptr = 0;
	assert_int_equal(cmp(CMP_UNORDERED | CMP_ALLOW_UNREAD, why), CMP_DIFFERENT);
	assert_string_equal(why, "implicit buffer pointer: model none, llc s0");
	a.implicit_buffer_ptr = 0;
	assert_int_equal(cmp(0, why), CMP_SAME);
}

static void test_unordered_only_with_flag(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { K(4, 1), S(4) }, y[] = { S(4), K(4, 1) };
	one_arg(&a, x, 2);
	one_arg(&b, y, 2);
	assert_int_equal(cmp(0, why), CMP_DIFFERENT);
	assert_int_equal(cmp(CMP_UNORDERED, why), CMP_SAME);
}

static void test_unread_parts(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { V(0), V(1), V(2), V(3) }, y[] = { V(0), V(1) }, z[] = { V(0), V(5) };
	one_arg(&a, x, 4);
	one_arg(&b, y, 2);
	assert_int_equal(cmp(CMP_UNORDERED, why), CMP_DIFFERENT);
	assert_string_equal(why, "argument 0: model has 4 parts, llc 2");
	assert_int_equal(cmp(CMP_UNORDERED | CMP_ALLOW_UNREAD, why), CMP_UNREAD);
	assert_string_equal(why, "argument 0: llc uses 2 of model's 4 parts");
	one_arg(&b, z, 2); /* v5 is not one of the model's parts */
	assert_int_equal(cmp(CMP_UNORDERED | CMP_ALLOW_UNREAD, why), CMP_DIFFERENT);
	one_arg(&b, x, 0); /* nothing observed is not "unread" */
	assert_int_equal(cmp(CMP_UNORDERED | CMP_ALLOW_UNREAD, why), CMP_DIFFERENT);
}

static void test_slot_sizes(void **state)
{
	(void)state;
	char why[256];
	Loc x[] = { K(32, 1) }, y[] = { K(32, 4) }, z[] = { K(32, 2) };
	one_arg(&a, x, 1);
	one_arg(&b, y, 1);
	assert_int_equal(cmp(0, why), CMP_DIFFERENT);
	assert_string_equal(why, "argument 0 part 0: model stack+32/1, llc stack+32/4");
	assert_int_equal(cmp(CMP_CALLER_COVERS, why), CMP_SAME);
	one_arg(&b, z, 1); /* both narrower than the slot: not a covering caller */
	assert_int_equal(cmp(CMP_CALLER_COVERS, why), CMP_DIFFERENT);
	one_arg(&a, z, 1); /* an extended i16 stored as 4 bytes */
	one_arg(&b, y, 1);
	assert_int_equal(cmp(CMP_CALLER_COVERS, why), CMP_SAME);
}

static void test_returns_and_sret(void **state)
{
	(void)state;
	char why[256];
	one_arg(&a, (Loc[]){ V(1) }, 1);
	one_arg(&b, (Loc[]){ V(1) }, 1);
	a.ret_demoted = true;
	a.sret = V(0);
	assert_int_equal(cmp(0, why), CMP_DIFFERENT);
	assert_string_equal(why, "return: model demoted to sret, llc in registers");
	b.ret_demoted = true;
	b.sret = S(4);
	assert_int_equal(cmp(0, why), CMP_DIFFERENT);
	assert_string_equal(why, "hidden sret pointer: model v0, llc s4");
	b.sret = V(0);
	assert_int_equal(cmp(0, why), CMP_SAME);
	b.nargs = 2;
	assert_int_equal(cmp(0, why), CMP_DIFFERENT);
	assert_string_equal(why, "model has 1 arguments, llc 2");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_and_moved),
		cmocka_unit_test(test_system_sgprs),
		cmocka_unit_test(test_unordered_only_with_flag),
		cmocka_unit_test(test_unread_parts),
		cmocka_unit_test(test_slot_sizes),
		cmocka_unit_test(test_returns_and_sret),
	};
	return cmocka_run_group_tests_name("compare", tests, NULL, NULL);
}
