/* Unit tests for signature shrinking: the candidates of each stage in their
 * order, the size filter, simpler types of every type class, `...`, and
 * "gcnabi-unused" staying with its parameters when others are removed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shrink.h"

enum { MAX_LINES = 64, LINE = 512 };

typedef struct {
	unsigned n, stop_after;
	char line[MAX_LINES][LINE];
	ShrinkSize size[MAX_LINES];
} Lines;

static int collect(void *ctx, const Sig *c, ShrinkSize size)
{
	Lines *l = ctx;
	assert_true(l->n < MAX_LINES);
	size_t n = sig_print(c, false, l->line[l->n], LINE);
	assert_true(n < LINE);
	l->size[l->n] = size;
	l->n++;
	return l->stop_after && l->n >= l->stop_after;
}

static Sig *parse(const char *text)
{
	Sig *s = malloc(sizeof *s);
	SigError err;
	assert_non_null(s);
	if (!sig_parse_header(text, strlen(text), s, &err))
		fail_msg("%s: %s", text, err.msg);
	return s;
}

static Lines *shrink(const char *text, int stage)
{
	Lines *l = calloc(1, sizeof *l);
	assert_non_null(l);
	Sig *s = parse(text);
	unsigned given = shrink_candidates(s, stage, collect, l);
	assert_int_equal(given, l->n);
	free(s);
	return l;
}

static void expect_lines(const Lines *l, const char *const *want, unsigned n)
{
	for (unsigned i = 0; i < n && i < l->n; i++)
		assert_string_equal(l->line[i], want[i]);
	assert_int_equal(l->n, n);
}

#define EXPECT(l, ...)                                                                 \
	do {                                                                           \
		static const char *const want_[] = { __VA_ARGS__ };                   \
		expect_lines(l, want_, sizeof want_ / sizeof want_[0]);                \
	} while (0)

/* Halves, then quarters ... then single parameters, left to right; then the
 * function attributes; then a void return. */
static void test_stage0_order(void **state)
{
	(void)state;
	Lines *l = shrink("declare amdgpu_gfx double @f(i32, float, <2 x half>, double) \"amdgpu-no-queue-ptr\"", 0);
	EXPECT(l, "declare amdgpu_gfx double @f(<2 x half>, double) \"amdgpu-no-queue-ptr\"",
	       "declare amdgpu_gfx double @f(i32, float) \"amdgpu-no-queue-ptr\"",
	       "declare amdgpu_gfx double @f(float, <2 x half>, double) \"amdgpu-no-queue-ptr\"",
	       "declare amdgpu_gfx double @f(i32, <2 x half>, double) \"amdgpu-no-queue-ptr\"",
	       "declare amdgpu_gfx double @f(i32, float, double) \"amdgpu-no-queue-ptr\"",
	       "declare amdgpu_gfx double @f(i32, float, <2 x half>) \"amdgpu-no-queue-ptr\"",
	       "declare amdgpu_gfx double @f(i32, float, <2 x half>, double)",
	       "declare amdgpu_gfx void @f(i32, float, <2 x half>, double) \"amdgpu-no-queue-ptr\"");
	free(l);
	/* An odd count: the last block is shorter, and a candidate may repeat. */
	l = shrink("declare void @f(i8, i16, i32, i64, i1)", 0);
	EXPECT(l, "declare void @f(i32, i64, i1)", "declare void @f(i8, i16, i1)", "declare void @f(i8, i16, i32, i64)",
	       "declare void @f(i16, i32, i64, i1)", "declare void @f(i8, i32, i64, i1)", "declare void @f(i8, i16, i64, i1)",
	       "declare void @f(i8, i16, i32, i1)", "declare void @f(i8, i16, i32, i64)");
	free(l);
	/* A void return is longer than an i64: no candidate. */
	l = shrink("declare i64 @f()", 0);
	assert_int_equal(l->n, 0);
	free(l);
}

/* A void return with at most one word before it is as small as it gets;
 * with a convention and an attribute both, the attribute goes. */
static void test_void_return(void **state)
{
	(void)state;
	Lines *l = shrink("declare amdgpu_gfx void @f()", 0);
	assert_int_equal(l->n, 0);
	free(l);
	l = shrink("declare signext i8 @f()", 0);
	EXPECT(l, "declare void @f()");
	free(l);
}

/* Stage 1, per parameter: attributes but inreg dropped, then the simpler
 * types with the attributes kept; a byval pointer only becomes an i32. A
 * candidate no shorter than the signature (i64 inreg -> i32 inreg) is left
 * out. */
static void test_stage1_params(void **state)
{
	(void)state;
	Lines *l = shrink("declare void @f(i64 inreg, ptr addrspace(5) byval(i32) align 4, half noundef)", 1);
	EXPECT(l, "declare void @f(ptr addrspace(5) byval(i32) align 4, half noundef)",
	       "declare void @f(i64 inreg, half noundef)", "declare void @f(i64 inreg, ptr addrspace(5) byval(i32) align 4)",
	       "declare void @f(i64 inreg, i32, half noundef)", "declare void @f(i64 inreg, ptr addrspace(5) byval(i32) align 4, half)",
	       "declare void @f(i64 inreg, ptr addrspace(5) byval(i32) align 4, i32 noundef)");
	free(l);
	l = shrink("declare void @f(i64 inreg, double noundef)", 1);
	EXPECT(l, "declare void @f(double noundef)", "declare void @f(i64 inreg)", "declare void @f(i64 inreg, double)",
	       "declare void @f(i64 inreg, float noundef)", "declare void @f(i64 inreg, i32 noundef)");
	free(l);
}

static void expect_types(const char *type, const char *const *want, unsigned n)
{
	char text[LINE], got[LINE];
	snprintf(text, sizeof text, "declare void @f(%s)", type);
	Sig *s = parse(text);
	TypeId out[SHRINK_MAX_TYPES];
	unsigned k = shrink_types(s, s->params[0].type, out);
	for (unsigned i = 0; i < k && i < n; i++) {
		type_print(s, out[i], false, got, sizeof got);
		assert_string_equal(got, want[i]);
	}
	assert_int_equal(k, n);
	free(s);
}

#define TYPES(type, ...)                                                               \
	do {                                                                           \
		static const char *const want_[] = { __VA_ARGS__ };                   \
		expect_types(type, want_, sizeof want_ / sizeof want_[0]);             \
	} while (0)

static void test_simpler_types(void **state)
{
	(void)state;
	TYPES("<8 x i16>", "i16", "<2 x i16>", "<4 x i16>", "i32");
	TYPES("<4 x float>", "float", "<2 x float>", "i32"); /* <2 x float> once */
	TYPES("<2 x i32>", "i32");
	TYPES("[5 x i8]", "i8", "[1 x i8]", "[2 x i8]", "i32");
	TYPES("[1 x half]", "half", "i32");
	TYPES("{ i8, float, i64 }", "i8", "i64", "{ i8 }", "{ float, i64 }", "i32");
	TYPES("{ i32 }", "i32");
	TYPES("<{ i8, i16 }>", "i8", "i16", "{ i8 }", "{ i16 }", "i32");
	TYPES("{}", "i32");
	TYPES("i1", "i32", "i64", "i16");
	expect_types("i32", 0, 0);
	TYPES("bfloat", "float", "i32");
	TYPES("float", "i32");
	TYPES("ptr", "ptr addrspace(1)", "i32");
	TYPES("ptr addrspace(1)", "i32");
}

/* `...` is one more parameter: removals take it, stage 1 makes it an i32. */
static void test_varargs(void **state)
{
	(void)state;
	Lines *l = shrink("declare void @f(i32, ...)", 1);
	EXPECT(l, "declare void @f(...)", "declare void @f(i32)");
	assert_int_equal(l->size[0].params, 1);
	free(l);
}

/* An unused parameter stays unused when others go, and loses the mark only
 * with the other function attributes. */
static void test_unused_moves(void **state)
{
	(void)state;
	Lines *l = shrink("declare amdgpu_ps void @f(float, i32, half) \"gcnabi-unused\"=\"2\"", 0);
	EXPECT(l, "declare amdgpu_ps void @f(i32, half) \"gcnabi-unused\"=\"1\"",
	       "declare amdgpu_ps void @f(float, half) \"gcnabi-unused\"=\"1\"",
	       "declare amdgpu_ps void @f(float, i32)", "declare amdgpu_ps void @f(float, i32, half)");
	free(l);
}

static void test_sizes_and_stop(void **state)
{
	(void)state;
	const char *text = "declare void @f(i64, i64, i64, i64)";
	Sig *s = parse(text);
	ShrinkSize size = shrink_size(s);
	assert_int_equal(size.params, 4);
	assert_int_equal(size.chars, strlen(text));
	assert_true(shrink_smaller((ShrinkSize){ 3, 90 }, size));
	assert_false(shrink_smaller((ShrinkSize){ 4, size.chars }, size));
	Lines *l = calloc(1, sizeof *l);
	assert_non_null(l);
	l->stop_after = 2;
	assert_int_equal(shrink_candidates(s, 1, collect, l), 2);
	assert_int_equal(l->size[0].params, 2);
	assert_int_equal(l->size[0].chars, strlen(l->line[0]));
	free(l);
	free(s);
}

/* Every candidate is a header the parser (and so the IR verifier) accepts:
 * a simpler type drops the attributes it may not carry. */
static void test_candidates_stay_valid(void **state)
{
	(void)state;
	Lines *l = shrink("declare void @f(ptr addrspace(1) align 8, i64 signext, <2 x i16> noundef)", 1);
	assert_true(l->n > 3);
	for (unsigned i = 0; i < l->n; i++) {
		Sig *c = parse(l->line[i]);
		free(c);
	}
	free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stage0_order),  cmocka_unit_test(test_void_return), cmocka_unit_test(test_stage1_params),
		cmocka_unit_test(test_simpler_types), cmocka_unit_test(test_varargs),     cmocka_unit_test(test_unused_moves),
		cmocka_unit_test(test_sizes_and_stop), cmocka_unit_test(test_candidates_stay_valid),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
