/* Unit tests for lane masks (observe/lanes.h): the scalar instructions on
 * masks as table operations, an if/else's EXEC back to its entry value,
 * and lane_compact on a loop's masks (rounds that differ only in their
 * compares meet; a branch on EXEC being zero excludes its lanes). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "final.h"

static Lanes op(const char *m, Lanes a, Lanes b)
{
	const LaneInstr *i = lane_instr(m);
	assert_non_null(i);
	return lane_apply(i, a, b);
}

static void test_instructions(void **state)
{
	(void)state;
	uint32_t e = lane_var(0), c = lane_var(1);
	Lanes E = { e, false }, C = { c, false };
	assert_null(lane_instr("s_and"));
	assert_null(lane_instr("s_add_u32"));
	assert_int_equal(op("s_and_b64", E, C).t, e & c);
	assert_int_equal(op("s_andn2_b32", E, C).t, e & ~c);
	assert_int_equal(op("s_and_not1_b32", E, C).t, e & ~c);
	assert_int_equal(op("s_xnor_b64", E, C).t, ~(e ^ c));
	assert_int_equal(op("s_not_b32", C, E).t, ~c);
	/* The saveexec family's second operand is EXEC: andn2 is S0 & ~EXEC,
	 * and_not0 ~S0 & EXEC. */
	assert_int_equal(op("s_andn2_saveexec_b64", C, E).t, c & ~e);
	assert_int_equal(op("s_and_not0_saveexec_b32", C, E).t, ~c & e);
	assert_int_equal(lane_instr("s_or_saveexec_b32")->form, LANE_SAVEEXEC);
	assert_int_equal(lane_instr("s_andn1_wrexec_b64")->form, LANE_WREXEC);
	/* Within a table: x & y within both; x ^ y within x | y; the
	 * complement within nothing smaller than every lane. */
	Lanes w = { e, true };
	Lanes r = op("s_and_b32", w, C);
	assert_true(r.within);
	assert_int_equal(r.t, e & c);
	r = op("s_xor_b32", w, C);
	assert_true(r.within);
	assert_int_equal(r.t, e | c);
	r = op("s_nand_b32", w, C);
	assert_true(r.within);
	assert_int_equal(r.t, LANE_ALL);
}

/* s_and_saveexec s4, vcc; s_xor s4, exec, s4; (then) s_or_saveexec s4,
 * s4; s_xor exec, exec, s4; (else) s_or exec, exec, s4: EXEC is E again. */
static void test_if_else_restores_entry(void **state)
{
	(void)state;
	uint32_t e = lane_var(0);
	Lanes exec = { e, false }, vcc = { e & lane_var(1), false }; /* v_cmp: 0 in inactive lanes */
	Lanes s4 = exec;
	exec = op("s_and_saveexec_b64", vcc, exec);
	s4 = op("s_xor_b64", exec, s4);
	Lanes old = exec;
	exec = op("s_or_saveexec_b64", s4, exec);
	s4 = old;
	exec = op("s_xor_b64", exec, s4);
	assert_int_equal(exec.t, e & ~lane_var(1));
	exec = op("s_or_b64", exec, s4);
	assert_false(exec.within);
	assert_int_equal(exec.t, e);
}

static void test_depends(void **state)
{
	(void)state;
	assert_true(lane_depends(lane_var(2), 2));
	assert_false(lane_depends(lane_var(2), 1));
	assert_false(lane_depends(lane_var(0) & lane_var(3) & ~lane_var(3), 3));
	assert_true(lane_depends(lane_var(0) ^ lane_var(4), 4));
}

/* A divergent loop: s_or s4, vcc, s4; s_andn2 exec, exec, s4. Rounds two
 * and three differ in their compares only: compacted, they are alike. On
 * the loop's exit (EXEC zero), s4 is E. */
static void test_compact_loop(void **state)
{
	(void)state;
	uint32_t e = lane_var(0);
	uint32_t round[3][3];
	uint32_t exec = e, s4 = 0;
	for (unsigned r = 0; r < 3; r++) {
		uint32_t vcc = exec & lane_var(r + 1);
		s4 = vcc | s4;
		exec = exec & ~s4;
		round[r][0] = exec, round[r][1] = s4, round[r][2] = vcc;
		assert_true(lane_compact(round[r], 3, LANE_ALL) >= 0);
	}
	assert_memory_not_equal(round[0], round[1], sizeof round[0]);
	assert_memory_equal(round[1], round[2], sizeof round[1]);
	/* Two variables tell the three kinds of active lane apart. */
	assert_false(lane_depends(round[2][0] | round[2][1] | round[2][2], 3));
	/* The exit: EXEC is zero, so s4 is every lane active at entry. */
	uint32_t exit[2] = { e & ~lane_var(1), e & lane_var(1) };
	assert_int_equal(lane_compact(exit, 2, ~exit[0]), 0);
	assert_int_equal(exit[0], 0);
	assert_int_equal(exit[1], e);
	/* No lane active at entry is possible: the path cannot run. */
	uint32_t none[1] = { e };
	assert_int_equal(lane_compact(none, 1, ~e), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_instructions),
		cmocka_unit_test(test_if_else_restores_entry),
		cmocka_unit_test(test_depends),
		cmocka_unit_test(test_compact_loop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
