/* Layout files: the three shipped layouts load and print back identically;
 * every validation rule rejects its case with a message naming the problem
 * and, for syntax errors, the line and column. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

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
	assert_true(reglist_contains(&l.pool[POOL_GFX_SGPR_RETURNS], LOC_SGPR, 43));
	assert_false(reglist_contains(&l.pool[POOL_GFX_SGPR_RETURNS], LOC_SGPR, 32));
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
	expect_error("gfx_sgpr_args", "s[4:32]", "runs through the return_address");
	expect_error("gfx_sgpr_returns", "s[4:40]", "runs through the stack_pointer");
	expect_error("func_sgpr_args", "s[0:10], s[5:6]", "lists a register twice");
	expect_error("base_pointer", "s[40:39]", "backwards");
	expect_error("srd", "v[0:3]", "expected an SGPR");
	expect_error("srd", "s[0:3] extra", "unexpected text");
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
		cmocka_unit_test(test_syntax_errors_have_positions),
		cmocka_unit_test(test_truncations_never_crash),
	};
	return cmocka_run_group_tests_name("layout", tests, NULL, NULL);
}
