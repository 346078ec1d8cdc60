/* Unit tests for signatures: type interning, the header parser (every type
 * class, attribute, calling convention, module-level constructs, errors with
 * their positions, resync) and the printer's fixed point with the parser. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sig.h"

enum { MAX_COLLECTED = 16 };

/* What sig_parse_module handed to the sink, in order. */
typedef struct {
	unsigned n, failed;
	bool ok[MAX_COLLECTED];
	Sig sig[MAX_COLLECTED];
	SigError err[MAX_COLLECTED];
	unsigned stop_after; /* sink asks to stop after this many calls; 0 = never */
} Collected;

/* The text in a heap block of exactly its length, so ASan sees any read past the end. */
static char *exact_copy(const char *text, size_t len)
{
	char *copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, text, len);
	return copy;
}

static int collect_sink(void *ctx, const Sig *s, const SigError *err)
{
	Collected *c = ctx;
	assert_true((s == NULL) != (err == NULL));
	if (c->n < MAX_COLLECTED) {
		c->ok[c->n] = s != NULL;
		if (s)
			c->sig[c->n] = *s;
		else
			c->err[c->n] = *err;
	}
	c->n++;
	return c->stop_after && c->n >= c->stop_after;
}

static Collected *parse_module_stop(const char *text, unsigned stop_after)
{
	Collected *c = calloc(1, sizeof *c);
	assert_non_null(c);
	c->stop_after = stop_after;
	char *copy = exact_copy(text, strlen(text));
	c->failed = sig_parse_module(copy, strlen(text), collect_sink, c);
	free(copy);
	return c;
}

static Collected *parse_module(const char *text) { return parse_module_stop(text, 0); }

/* Parses one header that must be valid; the Sig lives until the next call. */
static const Sig *parse(const char *text)
{
	static Sig s;
	SigError err;
	char *copy = exact_copy(text, strlen(text));
	bool ok = sig_parse_header(copy, strlen(text), &s, &err);
	free(copy);
	if (!ok)
		fail_msg("'%s': %u:%u %s", text, err.line, err.col, err.msg);
	return &s;
}

static void expect_header_error(const char *text, uint32_t line, uint32_t col, const char *msg)
{
	Sig *s = malloc(sizeof *s);
	SigError err;
	char *copy = exact_copy(text, strlen(text));
	bool ok = sig_parse_header(copy, strlen(text), s, &err);
	free(copy);
	free(s);
	if (ok)
		fail_msg("'%s' parsed, expected error '%s'", text, msg);
	if (err.line != line || err.col != col || !strstr(err.msg, msg))
		fail_msg("'%s': got %u:%u '%s', expected %u:%u '%s'", text, err.line, err.col, err.msg, line, col, msg);
}

static const char *type_text(const Sig *s, TypeId t, bool typed_ptrs)
{
	static char buf[1024];
	size_t n = type_print(s, t, typed_ptrs, buf, sizeof buf);
	assert_true(n < sizeof buf);
	return buf;
}

static const Type *param_type(const Sig *s, unsigned i) { return sig_type(s, s->params[i].type); }

/* sig_print then sig_parse_header gives an equal Sig that prints the same. */
static void assert_fixed_point(const Sig *s)
{
	Sig *back = malloc(sizeof *back);
	for (int typed = 0; typed < 2; typed++) {
		char first[8192], second[8192];
		SigError err;
		size_t n = sig_print(s, typed, first, sizeof first);
		assert_true(n < sizeof first);
		assert_int_equal(n, strlen(first));
		if (!sig_parse_header(first, n, back, &err))
			fail_msg("reparse of '%s': %u:%u %s", first, err.line, err.col, err.msg);
		if (!sig_equal(s, back))
			fail_msg("'%s' reparsed to a different Sig", first);
		sig_print(back, typed, second, sizeof second);
		assert_string_equal(first, second);
	}
	free(back);
}

/* --- building types ------------------------------------------------------ */

static void test_init_has_void_return(void **state)
{
	(void)state;
	Sig *s = malloc(sizeof *s);
	sig_init(s);
	assert_int_equal(sig_type(s, s->ret)->kind, TYPE_VOID);
	assert_int_equal(s->cc, CC_C);
	assert_int_equal(s->nparams, 0);
	assert_int_equal(s->flat_wg_max, 0);
	free(s);
}

static void test_types_are_interned(void **state)
{
	(void)state;
	Sig *s = malloc(sizeof *s);
	sig_init(s);
	TypeId i32 = sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 32 });
	assert_int_equal(sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 32, .elem = 7 }), i32);
	TypeId i8 = sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 8 });
	assert_int_not_equal(i8, i32);
	TypeId v = sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 2, .elem = i32 });
	assert_int_equal(sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 2, .elem = i32 }), v);
	assert_int_not_equal(sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = 2, .elem = i32 }), v);
	TypeId members[] = { i8, i32 };
	TypeId st = sig_add_struct(s, members, 2, false);
	assert_int_equal(sig_add_struct(s, members, 2, false), st);
	assert_int_not_equal(sig_add_struct(s, members, 2, true), st);
	assert_int_equal(s->nmembers, 4);
	assert_string_equal(type_text(s, st, false), "{ i8, i32 }");
	/* references to types not in the pool are refused */
	assert_int_equal(sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = 1, .elem = 400 }), TYPE_NONE);
	assert_int_equal(sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 0 }), TYPE_NONE);
	free(s);
}

static void test_full_pools_return_none(void **state)
{
	(void)state;
	Sig *s = malloc(sizeof *s);
	sig_init(s);
	for (uint32_t w = 1; s->ntypes < SIG_MAX_TYPES; w++)
		assert_int_not_equal(sig_add_type(s, (Type){ .kind = TYPE_INT, .n = w }), TYPE_NONE);
	assert_int_equal(sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 100000 }), TYPE_NONE);
	/* an existing type is still found */
	assert_int_not_equal(sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 5 }), TYPE_NONE);
	sig_init(s);
	TypeId i32 = sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 32 });
	TypeId many[SIG_MAX_MEMBERS];
	for (unsigned i = 0; i < SIG_MAX_MEMBERS; i++)
		many[i] = i32;
	assert_int_not_equal(sig_add_struct(s, many, SIG_MAX_MEMBERS, false), TYPE_NONE);
	assert_int_equal(sig_add_struct(s, many, 1, false), TYPE_NONE);
	free(s);
}

static void test_cc_spellings(void **state)
{
	(void)state;
	static const char *const names[CC_COUNT] = {
		"ccc", "fastcc", "coldcc", "amdgpu_gfx", "amdgpu_cs_chain", "amdgpu_cs_chain_preserve", "amdgpu_cs",
		"amdgpu_ps", "amdgpu_vs", "amdgpu_gs", "amdgpu_hs", "amdgpu_es", "amdgpu_ls", "amdgpu_kernel",
		"amdgpu_gfx_whole_wave",
	};
	for (int cc = 0; cc < CC_COUNT; cc++) {
		assert_string_equal(cc_name((CallConv)cc), names[cc]);
		assert_string_equal(cc_keyword((CallConv)cc), cc == CC_C ? "" : names[cc]);
	}
	assert_string_equal(noinput_names[NOIN_DISPATCH_PTR], "amdgpu-no-dispatch-ptr");
	assert_string_equal(noinput_names[NOIN_FLAT_SCRATCH_INIT], "amdgpu-no-flat-scratch-init");
	for (int i = 0; i < NOIN_COUNT; i++)
		assert_non_null(noinput_names[i]);
}

/* --- types --------------------------------------------------------------- */

static void test_integer_widths(void **state)
{
	(void)state;
	static const uint32_t widths[] = { 1, 24, 48, 96, 128 };
	const Sig *s = parse("declare i1 @f(i1, i24, i48, i96, i128)");
	assert_int_equal(s->nparams, 5);
	assert_int_equal(sig_type(s, s->ret)->kind, TYPE_INT);
	assert_int_equal(sig_type(s, s->ret)->n, 1);
	for (unsigned i = 0; i < 5; i++) {
		assert_int_equal(param_type(s, i)->kind, TYPE_INT);
		assert_int_equal(param_type(s, i)->n, widths[i]);
	}
	assert_int_equal(s->params[0].type, s->ret);
	assert_fixed_point(s);
}

static void test_float_types(void **state)
{
	(void)state;
	const Sig *s = parse("declare float @f(half, bfloat, float, double)");
	assert_int_equal(sig_type(s, s->ret)->kind, TYPE_FLOAT);
	assert_int_equal(param_type(s, 0)->kind, TYPE_HALF);
	assert_int_equal(param_type(s, 1)->kind, TYPE_BFLOAT);
	assert_int_equal(param_type(s, 2)->kind, TYPE_FLOAT);
	assert_int_equal(param_type(s, 3)->kind, TYPE_DOUBLE);
	assert_int_equal(s->params[2].type, s->ret);
	assert_fixed_point(s);
}

static void test_aggregates(void **state)
{
	(void)state;
	static const char *const printed[] = {
		"<2 x half>", "<3 x i8>", "<32 x i32>", "[3 x i16]", "{ i8, i32 }", "<{ i8, i32 }>",
		"{ [2 x { i8, <2 x half> }], i64 }", "{}", "[0 x i32]", "[4294967295 x i32]", "<{}>",
	};
	const Sig *s = parse("declare void @f(<2 x half>, <3 x i8>, <32 x i32>, [3 x i16], {i8, i32}, <{i8, i32}>,"
			     " {[2 x {i8, <2 x half>}], i64}, {}, [0 x i32], [4294967295 x i32], < { } >)");
	assert_int_equal(s->nparams, 11);
	for (unsigned i = 0; i < s->nparams; i++)
		assert_string_equal(type_text(s, s->params[i].type, false), printed[i]);

	const Type *v = param_type(s, 0);
	assert_int_equal(v->kind, TYPE_VECTOR);
	assert_int_equal(v->n, 2);
	assert_int_equal(sig_type(s, v->elem)->kind, TYPE_HALF);
	assert_int_equal(param_type(s, 3)->kind, TYPE_ARRAY);
	assert_int_equal(param_type(s, 3)->n, 3);
	assert_int_equal(param_type(s, 9)->n, 4294967295u);

	const Type *st = param_type(s, 4), *packed = param_type(s, 5);
	assert_int_equal(st->kind, TYPE_STRUCT);
	assert_int_equal(st->packed, 0);
	assert_int_equal(packed->packed, 1);
	assert_int_equal(st->n, 2);
	assert_int_equal(sig_type(s, s->members[st->first])->n, 8);
	assert_int_equal(sig_type(s, s->members[st->first + 1])->n, 32);

	const Type *nested = param_type(s, 6);
	const Type *arr = sig_type(s, s->members[nested->first]);
	assert_int_equal(arr->kind, TYPE_ARRAY);
	const Type *inner = sig_type(s, arr->elem);
	assert_int_equal(inner->kind, TYPE_STRUCT);
	assert_int_equal(s->members[inner->first + 1], s->params[0].type); /* <2 x half> interned */
	assert_int_equal(param_type(s, 7)->n, 0);
	assert_fixed_point(s);
}

static void test_pointers(void **state)
{
	(void)state;
	const Sig *s = parse("declare ptr @f(ptr, ptr addrspace(0), ptr addrspace(1), ptr addrspace(2), ptr addrspace(3),"
			     " ptr addrspace(4), ptr addrspace(5), ptr addrspace(6), ptr addrspace(7), ptr addrspace(8))");
	assert_int_equal(s->params[0].type, s->params[1].type);
	for (unsigned i = 1; i <= 9; i++) {
		assert_int_equal(param_type(s, i)->kind, TYPE_PTR);
		assert_int_equal(param_type(s, i)->addrspace, i - 1);
		assert_int_equal(param_type(s, i)->elem, TYPE_NONE);
	}
	assert_string_equal(type_text(s, s->params[5].type, false), "ptr addrspace(4)");
	assert_string_equal(type_text(s, s->params[5].type, true), "i8 addrspace(4)*");
	assert_fixed_point(s);
}

static void test_typed_pointers(void **state)
{
	(void)state;
	const Sig *s = parse("declare i32 addrspace(1)* @f(i32 addrspace(1)*, i8**, void (i32, ...)*, "
			     "{ i8, i16 }* addrspace(5)*, <2 x i8*>)");
	const Type *p = param_type(s, 0);
	assert_int_equal(p->kind, TYPE_PTR);
	assert_int_equal(p->addrspace, 1);
	assert_int_equal(sig_type(s, p->elem)->n, 32);
	assert_int_equal(s->ret, s->params[0].type);

	const Type *pp = param_type(s, 1);
	assert_int_equal(pp->addrspace, 0);
	assert_int_equal(sig_type(s, pp->elem)->kind, TYPE_PTR);
	assert_int_equal(sig_type(s, sig_type(s, pp->elem)->elem)->n, 8);
	assert_string_equal(type_text(s, s->params[1].type, true), "i8**");
	assert_string_equal(type_text(s, s->params[1].type, false), "ptr");

	/* function pointees are not kept */
	assert_int_equal(param_type(s, 2)->elem, TYPE_NONE);
	assert_string_equal(type_text(s, s->params[2].type, true), "i8*");
	assert_string_equal(type_text(s, s->params[3].type, true), "{ i8, i16 }* addrspace(5)*");
	assert_string_equal(type_text(s, s->params[4].type, true), "<2 x i8*>");
	assert_string_equal(type_text(s, s->params[4].type, false), "<2 x ptr>");
	assert_fixed_point(s);
}

/* Headers the parser refuses, with the position and words of the error:
 * types it does not support, then malformed text. */
static const struct {
	const char *text;
	unsigned line, col;
	const char *msg;
} header_errors[] = {
	{ "declare void @f(x86_fp80)", 1, 17, "type x86_fp80 not supported" },
	{ "declare fp128 @f()", 1, 9, "type fp128 not supported" },
	{ "declare void @f(ppc_fp128)", 1, 17, "type ppc_fp128 not supported" },
	{ "declare void @f(metadata)", 1, 17, "type metadata not supported" },
	{ "declare void @f(token)", 1, 17, "type token not supported" },
	{ "declare void @f(label)", 1, 17, "type label not supported" },
	{ "declare void @f(target(\"spirv.Image\"))", 1, 17, "type target not supported" },
	{ "declare void @f(<vscale x 2 x i32>)", 1, 18, "scalable vectors not supported" },
	{ "declare void @f(void)", 1, 17, "void is only allowed as a return type" },
	{ "declare void @f([2 x void])", 1, 22, "void is only allowed as a return type" },
	{ "declare void @f({ i32, void })", 1, 24, "void is only allowed as a return type" },
	{ "declare void @f(<2 x [2 x i32]>)", 1, 22, "vector elements must be" },
	{ "declare void @f(void*)", 1, 21, "pointer to void" },
	{ "declare void @f(ptr*)", 1, 20, "'ptr' is already a pointer" },
	{ "declare void @f(void (i32))", 1, 22, "function type can only be used as a pointee" },
	{ "declare void @f(ptr addrspace(65536))", 1, 31, "address space 65536 not supported" },
	{ "declare void @f(i32 addrspace(1))", 1, 33, "expected '*' after addrspace(N)" },
	{ "declare void @f([2 i32])", 1, 20, "expected 'x' after element count, found 'i32'" },
	{ "declare void @f([99999999999 x i32])", 1, 18, "element count 99999999999 too large" },
	{ "declare void @f({ i32 i32 })", 1, 23, "expected ',' or '}' in struct type" },
	{ "declare void @f(<{ i32 })", 1, 25, "expected '>' to close packed struct type" },
	{ "declare void @f(<2 x i32)", 1, 25, "expected '>' to close vector type" },
	{ "declare void @f(i32", 1, 20, "expected ',' or ')' in parameter list, found end of input" },
	{ "declare void @f(i32, i32", 1, 25, "expected ',' or ')' in parameter list" },
	{ "declare void @f(i32x)", 1, 17, "expected type, found 'i32x'" },
	{ "declare void @f(i0)", 1, 17, "integer width 0 not supported" },
	{ "declare void @f(i129)", 1, 17, "integer width 129 not supported (max 128)" },
	{ "declare void @f(i99999999999999999999)", 1, 17, "integer width 99999999999999999999 not" },
	{ "declare void @f(<0 x i32>)", 1, 18, "vector must have at least one element" },
	{ "declare void @f(ptr align 3)", 1, 27, "alignment 3 is not a power of two" },
	{ "declare void @f() \"amdgpu-no-queue-ptr", 1, 19, "unterminated string" },
	{ "declare void @f() \"a\"=\"b", 1, 23, "unterminated string" },
	{ "declare void @f() {", 1, 19, "expected end of header, found '{'" },
	{ "define void @f() { ret void", 1, 18, "unterminated function body" },
	{ "declare void @f(i32,)", 1, 21, "expected type, found ')'" },
	{ "declare void @f(,)", 1, 17, "expected type, found ','" },
	{ "declare void @f(i32 %)", 1, 22, "expected parameter name after '%'" },
	{ "declare void @f(ptr dereferenceable(8)", 1, 39, "expected ',' or ')'" },
	{ "declare void @f(ptr range(i32 0, 1)", 1, 36, "expected ',' or ')'" },
	{ "declare void @f() memory(read", 1, 25, "unterminated '('" },
	{ "declare void @f", 1, 16, "expected '(' after the function name, found end of input" },
	{ "declare void", 1, 13, "expected '@name' after the return type" },
	{ "declare", 1, 8, "expected type, found end of input" },
	{ "declare void @f(i32)\n\n  (", 3, 3, "expected end of header, found '('" },
	{ "declare void @f(\x01)", 1, 17, "expected type, found '?'" },
};

static void test_header_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof header_errors / sizeof header_errors[0]; i++)
		expect_header_error(header_errors[i].text, header_errors[i].line, header_errors[i].col, header_errors[i].msg);
}

static void test_nesting_is_bounded(void **state)
{
	(void)state;
	char text[1024] = "declare void @f(";
	for (int i = 0; i < 100; i++)
		strcat(text, "[1 x ");
	strcat(text, "i8");
	for (int i = 0; i < 100; i++)
		strcat(text, "]");
	strcat(text, ")");
	expect_header_error(text, 1, 17 + 5 * 64, "nested too deeply (max 64");
	/* 63 levels of arrays under the parameter are fine */
	strcpy(text, "declare void @f(");
	for (int i = 0; i < 63; i++)
		strcat(text, "[1 x ");
	strcat(text, "i8");
	for (int i = 0; i < 63; i++)
		strcat(text, "]");
	strcat(text, ")");
	assert_fixed_point(parse(text));
}

/* --- attributes ---------------------------------------------------------- */

static void test_param_attributes(void **state)
{
	(void)state;
	const Sig *s = parse(
		"declare void @f(i32 inreg %a, ptr sret(<4 x float>) align 16 %\"a b\", i16 zeroext, i32 noundef,"
		" ptr byval({ i32, i32 }) align 8 %s, ptr addrspace(5) byref([4 x i32]) align(16),"
		" i8 signext %b, ptr inreg noalias nonnull nocapture readonly writeonly readnone"
		" nofree swiftself dereferenceable(16) dereferenceable_or_null(8) captures(address, provenance)"
		" writable dead_on_unwind %0,"
		" i32 range(i32 0, 10) noundef returned, float nofpclass(nan inf), ptr initializes((0, 4), (8, 12))"
		" \"amdgpu-hidden-argument\" \"k\"=\"v\")");
	assert_int_equal(s->nparams, 11);
	assert_int_equal(s->params[0].flags, PARAM_INREG);
	assert_int_equal(s->params[6].flags, PARAM_SIGNEXT);
	assert_int_equal(s->params[2].flags, PARAM_ZEROEXT);
	assert_int_equal(s->params[3].flags, PARAM_NOUNDEF);
	assert_int_equal(s->params[4].flags, PARAM_BYVAL);
	assert_int_equal(s->params[4].align, 8);
	assert_string_equal(type_text(s, s->params[4].attr_type, false), "{ i32, i32 }");
	assert_int_equal(s->params[5].flags, PARAM_BYREF);
	assert_int_equal(s->params[5].align, 16);
	assert_string_equal(type_text(s, s->params[5].attr_type, false), "[4 x i32]");
	assert_int_equal(s->params[1].flags, PARAM_SRET);
	assert_string_equal(type_text(s, s->params[1].attr_type, false), "<4 x float>");
	assert_int_equal(s->params[7].flags, PARAM_INREG);
	assert_int_equal(s->params[7].attr_type, TYPE_NONE);
	assert_int_equal(s->params[7].align, 0);
	assert_int_equal(s->params[8].flags, PARAM_NOUNDEF);
	assert_int_equal(s->params[9].flags, 0);
	assert_int_equal(s->params[10].flags, 0);
	assert_fixed_point(s);
}

static void test_bare_byval_takes_pointee(void **state)
{
	(void)state;
	const Sig *s = parse("declare void @f({ i8, i32 }* byval align 4 %p, [2 x float] addrspace(5)* sret, i8* byval)");
	assert_int_equal(s->params[0].flags, PARAM_BYVAL);
	assert_int_equal(s->params[0].align, 4);
	assert_string_equal(type_text(s, s->params[0].attr_type, false), "{ i8, i32 }");
	assert_int_equal(s->params[1].flags, PARAM_SRET);
	assert_string_equal(type_text(s, s->params[1].attr_type, false), "[2 x float]");
	assert_string_equal(type_text(s, s->params[2].attr_type, false), "i8");
	assert_fixed_point(s);
	expect_header_error("declare void @f(ptr byval)", 1, 21, "'byval' without a type needs a typed pointer");
	expect_header_error("declare void @f(i32 sret)", 1, 21, "'sret' without a type needs a typed pointer");
}

static void test_return_attributes(void **state)
{
	(void)state;
	const Sig *s = parse("declare noundef signext i8 @a()");
	assert_int_equal(s->ret_flags, PARAM_NOUNDEF | PARAM_SIGNEXT);
	assert_fixed_point(s);
	s = parse("declare amdgpu_gfx inreg zeroext range(i16 0, 4) nofpclass(nan) i16 @b()");
	assert_int_equal(s->cc, CC_AMDGPU_GFX);
	assert_int_equal(s->ret_flags, PARAM_INREG | PARAM_ZEROEXT);
	assert_fixed_point(s);
	s = parse("declare noalias nonnull dereferenceable(4) dereferenceable_or_null(4) align 4 ptr @b()");
	assert_int_equal(s->ret_flags, 0);
	assert_fixed_point(s);
	expect_header_error("declare byval(i32) ptr @c()", 1, 9, "expected type, found 'byval'");
}

static void test_alignment_rules(void **state)
{
	(void)state;
	assert_int_equal(parse("declare void @f(ptr align 1)")->params[0].align, 1);
	assert_int_equal(parse("declare void @f(ptr align 2147483648)")->params[0].align, 2147483648u);
	expect_header_error("declare void @f(ptr align 3)", 1, 27, "alignment 3 is not a power of two");
	expect_header_error("declare void @f(ptr align 0)", 1, 27, "alignment 0 is not a power of two");
	expect_header_error("declare void @f(ptr align 4294967296)", 1, 27, "alignment 4294967296 too large");
	expect_header_error("declare void @f(ptr align)", 1, 26, "expected alignment after 'align', found ')'");
	expect_header_error("declare void @f(ptr align(8)", 1, 29, "expected ',' or ')' in parameter list");
}

static void test_unknown_param_attribute_is_an_error(void **state)
{
	(void)state;
	expect_header_error("declare void @f(i32 inrge %x)", 1, 21, "unknown parameter attribute 'inrge'");
	expect_header_error("declare void @f(i32 %x inreg)", 1, 24, "expected ',' or ')' in parameter list, found 'inreg'");
	expect_header_error("declare void @f(i32 \"abc)", 1, 21, "unterminated string");
	expect_header_error("declare void @f(i32 \"k\"=v)", 1, 25, "expected string value after '=', found 'v'");
}

static void test_function_attributes_inline(void **state)
{
	(void)state;
	char text[4096] = "declare void @f() nounwind";
	for (int i = 0; i < NOIN_COUNT; i++) {
		strcat(text, " \"");
		strcat(text, noinput_names[i]);
		strcat(text, "\"");
	}
	strcat(text, " \"amdgpu-flat-work-group-size\"=\"64,1024\" \"target-cpu\"=\"gfx90a\" \"amdgpu-no-agpr\""
		     " memory(argmem: read) uwtable(sync) unnamed_addr local_unnamed_addr addrspace(0) section \"x\""
		     " align 16 gc \"shadow\" comdat($c) mustprogress");
	const Sig *s = parse(text);
	assert_int_equal(s->no_inputs, (UINT32_C(1) << NOIN_COUNT) - 1);
	assert_int_equal(s->flat_wg_min, 64);
	assert_int_equal(s->flat_wg_max, 1024);
	assert_fixed_point(s);

	s = parse("declare void @g() \"amdgpu-no-queue-ptr\" \"amdgpu-no-workitem-id-z\"=\"true\"");
	assert_int_equal(s->no_inputs, (UINT32_C(1) << NOIN_QUEUE_PTR) | (UINT32_C(1) << NOIN_WORKITEM_ID_Z));
	assert_int_equal(s->flat_wg_max, 0);
	assert_fixed_point(s);

	expect_header_error("declare void @f() \"amdgpu-flat-work-group-size\"=\"256,1\"", 1, 50, "must be \"min,max\"");
	expect_header_error("declare void @f() \"amdgpu-flat-work-group-size\"=\"1,70000\"", 1, 50, "must be \"min,max\"");
	expect_header_error("declare void @f() \"amdgpu-flat-work-group-size\"=\"1\"", 1, 50, "must be \"min,max\"");
	expect_header_error("declare void @f() \"amdgpu-flat-work-group-size\"", 1, 19, "needs a value");
}

/* "gcnabi-unused"="N,...": the arguments the body never uses. */
static void test_unused_arguments(void **state)
{
	(void)state;
	const Sig *s = parse("declare amdgpu_ps void @p(i32 inreg, float, float, <2 x float>) \"gcnabi-unused\"=\"1,3\"");
	assert_int_equal(s->params[0].flags & PARAM_UNUSED, 0);
	assert_int_not_equal(s->params[1].flags & PARAM_UNUSED, 0);
	assert_int_equal(s->params[2].flags & PARAM_UNUSED, 0);
	assert_int_not_equal(s->params[3].flags & PARAM_UNUSED, 0);
	assert_fixed_point(s);
	expect_header_error("declare void @f(i32) \"gcnabi-unused\"=\"1\"", 1, 41, "names parameter 1, but the function has 1");
	expect_header_error("declare void @f(i32) \"gcnabi-unused\"=\"0;1\"", 1, 39, "must be parameter numbers");
	expect_header_error("declare void @f(i32) \"gcnabi-unused\"", 1, 22, "needs a value");
}

/* "gcnabi-scratch": the body uses scratch; direct or through a group, printed back. */
static void test_scratch_attribute(void **state)
{
	(void)state;
	const Sig *s = parse("declare amdgpu_cs void @c(i32 inreg) \"gcnabi-scratch\" \"gcnabi-unused\"=\"0\"");
	assert_true(s->uses_scratch);
	assert_fixed_point(s);
	char buf[256];
	sig_print(s, false, buf, sizeof buf);
	assert_string_equal(buf, "declare amdgpu_cs void @c(i32 inreg) \"gcnabi-scratch\" \"gcnabi-unused\"=\"0\"");
	assert_false(parse("declare amdgpu_cs void @c(i32 inreg)")->uses_scratch);
}

static void test_every_calling_convention(void **state)
{
	(void)state;
	static const unsigned numbers[CC_COUNT] = { 0, 8, 9, 100, 104, 105, 90, 89, 87, 88, 93, 96, 95, 91, 124 };
	for (int cc = 0; cc < CC_COUNT; cc++) {
		char text[128];
		snprintf(text, sizeof text, "declare %s void @f(i32 inreg)", cc_name((CallConv)cc));
		const Sig *s = parse(text);
		assert_int_equal(s->cc, cc);
		assert_fixed_point(s);
		snprintf(text, sizeof text, "declare cc %u void @f()", numbers[cc]);
		assert_int_equal(parse(text)->cc, cc);
	}
	assert_int_equal(parse("declare void @f()")->cc, CC_C);
	expect_header_error("declare x86_stdcallcc void @f()", 1, 9, "unsupported calling convention 'x86_stdcallcc'");
	expect_header_error("declare spir_func void @f()", 1, 9, "unsupported calling convention 'spir_func'");
	expect_header_error("declare cc 64 void @f()", 1, 12, "unsupported calling convention 'cc 64'");
	expect_header_error("declare i32x @f()", 1, 9, "expected type, found 'i32x'");
}

static void test_linkage_and_bare_headers(void **state)
{
	(void)state;
	const Sig *s = parse("define weak_odr protected dso_local amdgpu_kernel void @k(i32 %x) local_unnamed_addr {");
	assert_true(s->is_define);
	assert_int_equal(s->cc, CC_AMDGPU_KERNEL);
	assert_string_equal(s->name, "k");
	s = parse("amdgpu_gfx void @f(i32 inreg %a)");
	assert_false(s->is_define);
	assert_int_equal(s->cc, CC_AMDGPU_GFX);
	assert_int_equal(s->params[0].flags, PARAM_INREG);
	s = parse("  private internal external weak linkonce linkonce_odr available_externally extern_weak hidden"
		  " default dllimport dso_preemptable i32 @g()  ; trailing comment");
	assert_string_equal(s->name, "g");
	s = parse("define void @h() {\n  ret void\n}\n");
	assert_true(s->is_define);
	expect_header_error("define void @h() {\n  ret void\n", 1, 18, "unterminated function body");
	expect_header_error("declare void @f() declare void @g()", 1, 19, "expected end of header, found 'declare'");
	expect_header_error("", 1, 1, "expected type, found end of input");
}

static void test_names(void **state)
{
	(void)state;
	const Sig *s = parse("declare void @\"a b\\22c\\5Cd\"()");
	assert_string_equal(s->name, "a b\"c\\d");
	assert_fixed_point(s);
	s = parse("declare void @0()");
	assert_string_equal(s->name, "0");
	assert_fixed_point(s);
	s = parse("declare void @llvm.amdgcn.cs.chain.p0.i32-x$y()");
	assert_string_equal(s->name, "llvm.amdgcn.cs.chain.p0.i32-x$y");
	char buf[128];
	sig_print(s, false, buf, sizeof buf);
	assert_string_equal(buf, "declare void @llvm.amdgcn.cs.chain.p0.i32-x$y()");
	s = parse("declare void @\"\\01weird\\C3\\A9\"()");
	assert_string_equal(s->name, "\001weird\303\251");
	assert_fixed_point(s);
	/* Names are text in every report: bytes that are not UTF-8 are refused,
	 * raw or escaped. */
	expect_header_error("declare void @\"a\\FF\"()", 1, 14, "function name is not valid UTF-8 (byte 2 of the name is 0xff)");
	expect_header_error("declare void @\"\xc3\"()", 1, 14, "not valid UTF-8");
	expect_header_error("declare void @\"\xed\xa0\x80\"()", 1, 14, "not valid UTF-8"); /* a surrogate */
	expect_header_error("declare void @\"\xc0\xaf\"()", 1, 14, "not valid UTF-8");     /* overlong '/' */

	char text[400] = "declare void @";
	for (int i = 0; i < SIG_NAME_MAX; i++)
		strcat(text, "n");
	strcat(text, "()");
	expect_header_error(text, 1, 14, "function name too long");
	expect_header_error("declare void @\"a\\00b\"()", 1, 14, "NUL byte");
	expect_header_error("declare void @\"abc()", 1, 14, "unterminated quoted name");
	expect_header_error("declare void f()", 1, 14, "expected '@name' after the return type, found 'f'");
}

static void test_varargs(void **state)
{
	(void)state;
	const Sig *s = parse("declare i32 @printf(ptr addrspace(4), ...)");
	assert_true(s->varargs);
	assert_int_equal(s->nparams, 1);
	assert_fixed_point(s);
	s = parse("declare void @v(...)");
	assert_true(s->varargs);
	assert_int_equal(s->nparams, 0);
	assert_fixed_point(s);
	assert_false(parse("declare void @n(i32)")->varargs);
	expect_header_error("declare void @v(..., i32)", 1, 20, "expected ')' after '...'");
}

static void test_too_many_params(void **state)
{
	(void)state;
	char *text = malloc(8 * (SIG_MAX_PARAMS + 2) + 64);
	strcpy(text, "declare void @f(");
	for (int i = 0; i < SIG_MAX_PARAMS; i++)
		strcat(text, i ? ", i32" : "i32");
	strcat(text, ")");
	assert_int_equal(parse(text)->nparams, SIG_MAX_PARAMS);
	text[strlen(text) - 1] = '\0';
	strcat(text, ", i32)");
	expect_header_error(text, 1, (uint32_t)strlen(text) - 3, "too many parameters (max 256)");
	free(text);
}

/* --- modules ------------------------------------------------------------- */

static void test_define_body_is_skipped(void **state)
{
	(void)state;
	Collected *c = parse_module(
		"target triple = \"amdgcn-amd-amdhsa\"\n"
		"@g = global i32 0\n"
		"define amdgpu_kernel void @k(ptr addrspace(1) %out,\n"
		"                             i32 inreg %n) #0 {\n"
		"entry:\n"
		"  %v = insertvalue { i32, i32 } poison, i32 1, 0 ; } unbalanced in a comment\n"
		"  store { i32, i32 } %v, ptr addrspace(1) %out\n"
		"  call void asm sideeffect \"\", \"~{v0},~{v1}\"()\n"
		"  call void @llvm.x(metadata !\"}\")\n"
		"  br label %next\n"
		"next:\n"
		"  ret void\n"
		"}\n"
		"declare void @after(i32)\n"
		"define void @one_line() { ret void }\n"
		"define void @brace_on_next_line()\n"
		"  nounwind\n"
		"{\n"
		"  ret void\n"
		"}\n"
		"attributes #0 = { nounwind }\n");
	assert_int_equal(c->failed, 0);
	assert_int_equal(c->n, 4);
	assert_string_equal(c->sig[0].name, "k");
	assert_true(c->sig[0].is_define);
	assert_int_equal(c->sig[0].line, 3);
	assert_int_equal(c->sig[0].nparams, 2);
	assert_int_equal(c->sig[0].params[1].flags, PARAM_INREG);
	assert_int_equal(c->sig[0].flat_wg_max, 0);
	assert_string_equal(c->sig[1].name, "after");
	assert_int_equal(c->sig[1].line, 14);
	assert_false(c->sig[1].is_define);
	assert_string_equal(c->sig[2].name, "one_line");
	assert_string_equal(c->sig[3].name, "brace_on_next_line");
	free(c);
}

static void test_unterminated_body(void **state)
{
	(void)state;
	Collected *c = parse_module("declare void @a()\ndefine void @f() {\n  ret void\n");
	assert_int_equal(c->failed, 1);
	assert_int_equal(c->n, 2);
	assert_true(c->ok[0]);
	assert_false(c->ok[1]);
	assert_int_equal(c->err[1].line, 2);
	assert_int_equal(c->err[1].col, 18);
	assert_string_equal(c->err[1].function, "f");
	assert_non_null(strstr(c->err[1].msg, "unterminated function body"));
	free(c);

	c = parse_module("define void @f() {");
	assert_int_equal(c->failed, 1);
	assert_int_equal(c->err[0].line, 1);
	assert_int_equal(c->err[0].col, 18);
	free(c);

	c = parse_module("define void @g() \"x\" {\n  %s = call ptr @s(ptr c\"{\")\n");
	assert_int_equal(c->failed, 1);
	assert_int_equal(c->err[0].col, 22);
	free(c);

	c = parse_module("define void @h()\ndeclare void @i()\n");
	assert_int_equal(c->failed, 1);
	assert_int_equal(c->n, 2);
	assert_int_equal(c->err[0].line, 2);
	assert_int_equal(c->err[0].col, 1);
	assert_non_null(strstr(c->err[0].msg, "expected '{' to begin the function body, found 'declare'"));
	assert_string_equal(c->sig[1].name, "i");
	free(c);
}

static void test_attribute_groups(void **state)
{
	(void)state;
	Collected *c = parse_module(
		"declare amdgpu_gfx void @f(i32) #0\n"
		"define amdgpu_kernel void @k() #1 #0 {\n  ret void\n}\n"
		"declare void @g() \"amdgpu-no-heap-ptr\" #2\n"
		"attributes #0 = { nounwind \"amdgpu-no-queue-ptr\" \"amdgpu-no-dispatch-ptr\" }\n"
		"attributes #1 = { \"amdgpu-flat-work-group-size\"=\"1,256\" \"amdgpu-no-queue-ptr\"\n"
		"                  alignstack=16 uwtable=sync \"uniform-work-group-size\"=\"false\" memory(none) }\n"
		"attributes #2 = {}\n");
	assert_int_equal(c->failed, 0);
	assert_int_equal(c->n, 3);
	uint32_t queue = UINT32_C(1) << NOIN_QUEUE_PTR, dispatch = UINT32_C(1) << NOIN_DISPATCH_PTR;
	assert_int_equal(c->sig[0].no_inputs, queue | dispatch);
	assert_int_equal(c->sig[0].flat_wg_max, 0);
	assert_int_equal(c->sig[1].no_inputs, queue | dispatch);
	assert_int_equal(c->sig[1].flat_wg_min, 1);
	assert_int_equal(c->sig[1].flat_wg_max, 256);
	assert_int_equal(c->sig[2].no_inputs, UINT32_C(1) << NOIN_HEAP_PTR);
	for (unsigned i = 0; i < 3; i++)
		assert_fixed_point(&c->sig[i]);
	free(c);
}

static void test_attribute_group_errors(void **state)
{
	(void)state;
	Collected *c = parse_module("declare void @a(i32) #3\n"
				    "declare void @b() #0\n"
				    "attributes #0 = { \"amdgpu-flat-work-group-size\"=\"9,1\" }\n"
				    "declare void @c() #1\n"
				    "attributes #1 = { nounwind\n"
				    "declare void @d() #2\n"
				    "attributes #2 = { }\n"
				    "attributes #2 = { }\n");
	/* A group that is never defined is read as empty, with a note (LLVM's
	 * tests reference groups they leave out). */
	assert_int_equal(c->failed, 3);
	assert_int_equal(c->n, 4);
	assert_true(c->ok[0]);
	assert_int_equal(c->sig[0].nparams, 1);
	assert_int_equal(c->sig[0].note_line, 1);
	assert_int_equal(c->sig[0].note_col, 22);
	assert_string_equal(c->sig[0].note, "attribute group #3 is not defined: read as no attributes");
	assert_int_equal(c->err[1].line, 3);
	assert_int_equal(c->err[1].col, 50);
	assert_string_equal(c->err[1].function, "b");
	assert_int_equal(c->err[2].line, 6);
	assert_int_equal(c->err[2].col, 1);
	assert_non_null(strstr(c->err[2].msg, "expected '}' to close attribute group #1, found 'declare'"));
	assert_int_equal(c->err[3].line, 8);
	assert_non_null(strstr(c->err[3].msg, "attribute group #2 is defined twice"));
	free(c);
}

static void test_named_types(void **state)
{
	(void)state;
	Collected *c = parse_module(
		"%struct.S = type { i8, <2 x half> }\n"
		"declare void @f(%struct.S, %T, %\"quoted name\" %x, %struct.S* byval %p, %opaque addrspace(1)*, %list*)\n"
		"%T = type { [2 x %struct.S], i64 }\n"
		"%\"quoted name\" = type <{ i8, %T }>\n"
		"%opaque = type opaque\n"
		"%list = type { i32, %list* }\n"
		"%alias = type i32\n"
		"declare %alias @g(%alias)\n");
	assert_int_equal(c->failed, 0);
	assert_int_equal(c->n, 2);
	const Sig *s = &c->sig[0];
	assert_string_equal(type_text(s, s->params[0].type, false), "{ i8, <2 x half> }");
	assert_string_equal(type_text(s, s->params[1].type, false), "{ [2 x { i8, <2 x half> }], i64 }");
	assert_string_equal(type_text(s, s->params[2].type, false), "<{ i8, { [2 x { i8, <2 x half> }], i64 } }>");
	assert_int_equal(s->params[3].attr_type, s->params[0].type);
	assert_int_equal(s->params[3].flags, PARAM_BYVAL);
	assert_int_equal(param_type(s, 4)->addrspace, 1);
	assert_int_equal(param_type(s, 4)->elem, TYPE_NONE);
	assert_string_equal(type_text(s, s->params[5].type, true), "{ i32, i8* }*");
	assert_fixed_point(s);
	assert_int_equal(sig_type(&c->sig[1], c->sig[1].ret)->n, 32);
	free(c);
}

static void test_named_type_errors(void **state)
{
	(void)state;
	Collected *c = parse_module("%opaque = type opaque\n"
				    "%self = type { i32, %self }\n"
				    "%bad = type { x86_fp80 }\n"
				    "declare void @a(%opaque)\n"
				    "declare void @b(%undefined)\n"
				    "declare void @c(%self)\n"
				    "declare void @d(%bad)\n"
				    "declare void @e(%bad*)\n"
				    "%dup = type i8\n"
				    "%dup = type i16\n"
				    "declare void @f(%dup)\n");
	assert_int_equal(c->failed, 5);
	assert_int_equal(c->n, 6);
	assert_non_null(strstr(c->err[0].msg, "type %opaque is opaque"));
	assert_int_equal(c->err[0].line, 4);
	assert_int_equal(c->err[0].col, 17);
	assert_non_null(strstr(c->err[1].msg, "undefined type %undefined"));
	assert_non_null(strstr(c->err[2].msg, "type %self contains itself"));
	assert_int_equal(c->err[2].line, 2);
	assert_int_equal(c->err[2].col, 21);
	assert_non_null(strstr(c->err[3].msg, "type x86_fp80 not supported"));
	assert_int_equal(c->err[3].line, 3);
	/* a pointee that cannot be expanded is recorded as opaque */
	assert_true(c->ok[4]);
	assert_int_equal(param_type(&c->sig[4], 0)->elem, TYPE_NONE);
	assert_non_null(strstr(c->err[5].msg, "type %dup is defined twice"));
	assert_int_equal(c->err[5].line, 10);
	free(c);
	expect_header_error("declare void @f(%T)", 1, 17, "undefined type %T");
}

static void test_mutually_recursive_types(void **state)
{
	(void)state;
	Collected *c = parse_module("%A = type { %B* }\n"
				    "%B = type { %A, i32 }\n"
				    "declare void @f(%A, %B, %B* byval %p)\n");
	assert_int_equal(c->failed, 0);
	const Sig *s = &c->sig[0];
	assert_string_equal(type_text(s, s->params[0].type, true), "{ i8* }");
	assert_string_equal(type_text(s, s->params[1].type, true), "{ { i8* }, i32 }");
	assert_int_equal(s->params[2].attr_type, s->params[1].type);
	assert_fixed_point(s);
	free(c);
}

/* Named types can describe trees exponentially larger than the text. */
static void test_type_expansion_is_bounded(void **state)
{
	(void)state;
	char text[4096] = "%t0 = type { i32, i32 }\n";
	for (int i = 1; i <= 25; i++) {
		char line[64];
		snprintf(line, sizeof line, "%%t%d = type { %%t%d, %%t%d }\n", i, i - 1, i - 1);
		strcat(text, line);
	}
	strcat(text, "declare void @small(%t8)\ndeclare void @huge(%t25)\n");
	Collected *c = parse_module(text);
	assert_int_equal(c->n, 2);
	assert_true(c->ok[0]);
	assert_false(c->ok[1]);
	assert_non_null(strstr(c->err[1].msg, "too large when expanded"));
	free(c);
}

static void test_resync_after_bad_line(void **state)
{
	(void)state;
	Collected *c = parse_module("declare void @a(i32)\n"
				    "declare void @b(i32x)\n"
				    "  this line (and the next) belong to nothing\n"
				    "declare void @c(i32\n"
				    "declare void @d(i32)\n"
				    "amdgpu_gfx void @e(i32)\n"
				    "declare void @f(i32) ; fine\n");
	assert_int_equal(c->failed, 3);
	assert_int_equal(c->n, 6);
	assert_true(c->ok[0]);
	assert_string_equal(c->sig[0].name, "a");
	assert_false(c->ok[1]);
	assert_int_equal(c->err[1].line, 2);
	assert_int_equal(c->err[1].col, 17);
	assert_string_equal(c->err[1].function, "b");
	assert_non_null(strstr(c->err[1].msg, "expected type, found 'i32x'"));
	assert_false(c->ok[2]);
	assert_int_equal(c->err[2].line, 5);
	assert_int_equal(c->err[2].col, 1);
	assert_string_equal(c->err[2].function, "c");
	assert_non_null(strstr(c->err[2].msg, "expected ',' or ')' in parameter list, found 'declare'"));
	assert_true(c->ok[3]);
	assert_string_equal(c->sig[3].name, "d");
	assert_false(c->ok[4]);
	assert_int_equal(c->err[4].line, 6);
	assert_string_equal(c->err[4].function, "e");
	assert_non_null(strstr(c->err[4].msg, "must start with 'declare' or 'define'"));
	assert_true(c->ok[5]);
	assert_int_equal(c->sig[5].line, 7);
	free(c);
}

static void test_sink_can_stop(void **state)
{
	(void)state;
	Collected *c = parse_module_stop("declare void @a()\ndeclare void @b(i0)\ndeclare void @c()\n", 2);
	assert_int_equal(c->n, 2);
	assert_int_equal(c->failed, 1);
	free(c);
}

static void test_multiline_header_positions(void **state)
{
	(void)state;
	Collected *c = parse_module("; leading comment\n"
				    "\n"
				    "declare amdgpu_gfx void @f(\n"
				    "    i32 inreg %a,   ; first\n"
				    "    <2 x i32>   %b\n"
				    ")\n"
				    "declare void @g(\n"
				    "    i32 %a,\n"
				    "    i129 %b)\n");
	assert_int_equal(c->n, 2);
	assert_true(c->ok[0]);
	assert_int_equal(c->sig[0].line, 3);
	assert_int_equal(c->sig[0].nparams, 2);
	assert_false(c->ok[1]);
	assert_int_equal(c->err[1].line, 9);
	assert_int_equal(c->err[1].col, 5);
	assert_non_null(strstr(c->err[1].msg, "integer width 129 not supported (max 128)"));
	free(c);
}

/* --- errors -------------------------------------------------------------- */

static void test_parse_header_without_text(void **state)
{
	(void)state;
	Sig *s = malloc(sizeof *s);
	assert_false(sig_parse_header("declare", 7, s, NULL));
	assert_false(sig_parse_header(NULL, 0, s, NULL));
	free(s);
}

/* Every prefix of a valid header that stops before its parameter list is
 * closed is an error, with a position inside the prefix; none crashes or
 * reads past the end. */
static void test_truncated_headers(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		const char *params_end; /* the text ends the parameter list */
	} headers[] = {
		{ "declare amdgpu_gfx noundef <2 x half> @\"f g\"(i32 inreg %a, { i8, [2 x <3 x i16>] } %b, "
		  "ptr addrspace(5) byval(<{ i8, i32 }>) align 4 %c, i8 addrspace(1)** noalias %d, ...)",
		  "...)" },
		{ "define amdgpu_kernel void @k(ptr addrspace(1) %out) \"amdgpu-no-queue-ptr\" !dbg !4 { ret void }",
		  "%out)" },
	};
	Sig *s = malloc(sizeof *s);
	for (size_t h = 0; h < sizeof headers / sizeof headers[0]; h++) {
		const char *text = headers[h].text;
		size_t len = strlen(text);
		size_t closed = (size_t)(strstr(text, headers[h].params_end) - text) + strlen(headers[h].params_end) - 1;
		for (size_t n = 0; n <= len; n++) {
			char *copy = exact_copy(text, n);
			SigError err;
			bool ok = sig_parse_header(copy, n, s, &err);
			free(copy);
			if (n <= closed && ok)
				fail_msg("prefix of %zu bytes parsed: '%.*s'", n, (int)n, text);
			if (!ok && (err.line != 1 || err.col < 1 || err.col > n + 1))
				fail_msg("prefix of %zu bytes: error at %u:%u", n, err.line, err.col);
		}
		assert_fixed_point(parse(text));
		Collected *c = parse_module(text);
		assert_int_equal(c->failed, 0);
		assert_int_equal(c->n, 1);
		free(c);
	}
	free(s);
}

/* Prefixes and single-byte mutations of a module never crash or read past the end. */
static void test_truncated_and_mutated_modules(void **state)
{
	(void)state;
	static const char module[] =
		"%S = type { i8, i32 }\n"
		"declare void @a(%S* byval %p, i32 inreg) #0\n"
		"define amdgpu_gfx { i32, i32 } @b(ptr %x) {\n  %r = load { i32, i32 }, ptr %x ; }\n  ret { i32, i32 } %r\n}\n"
		"attributes #0 = { \"amdgpu-no-queue-ptr\" }\n";
	static const char bytes[] = "{}()<>[]\"%@#;,*x\n 0";
	size_t len = strlen(module);
	Collected *c = calloc(1, sizeof *c);
	for (size_t n = 0; n <= len; n++) {
		char *copy = exact_copy(module, n);
		memset(c, 0, sizeof *c);
		unsigned failed = sig_parse_module(copy, n, collect_sink, c);
		free(copy);
		assert_true(c->n <= 2);
		assert_true(failed <= c->n);
		for (size_t b = 0; b < sizeof bytes - 1 && n < len; b++) {
			copy = exact_copy(module, len);
			copy[n] = bytes[b];
			memset(c, 0, sizeof *c);
			failed = sig_parse_module(copy, len, collect_sink, c);
			free(copy);
			assert_true(failed <= c->n);
		}
	}
	memset(c, 0, sizeof *c);
	assert_int_equal(sig_parse_module(module, len, collect_sink, c), 0);
	assert_int_equal(c->n, 2);
	assert_int_equal(c->sig[0].no_inputs, UINT32_C(1) << NOIN_QUEUE_PTR);
	free(c);
}

/* --- printing ------------------------------------------------------------ */

static void test_print_follows_snprintf(void **state)
{
	(void)state;
	const Sig *s = parse("declare amdgpu_gfx i32 @f(i32 inreg, { i8, <2 x half> })");
	const char *full = "declare amdgpu_gfx i32 @f(i32 inreg, { i8, <2 x half> })";
	size_t len = strlen(full);
	assert_int_equal(sig_print(s, false, NULL, 0), len);
	for (size_t cap = 1; cap <= len + 1; cap++) {
		char *buf = malloc(cap);
		assert_int_equal(sig_print(s, false, buf, cap), len);
		assert_int_equal(strlen(buf), cap - 1);
		assert_memory_equal(buf, full, cap - 1);
		free(buf);
	}
	char small[5];
	assert_int_equal(type_print(s, s->params[1].type, false, small, sizeof small), strlen("{ i8, <2 x half> }"));
	assert_string_equal(small, "{ i8");
	assert_int_equal(type_print(s, s->params[1].type, false, NULL, 0), strlen("{ i8, <2 x half> }"));
}

static void test_print_forms(void **state)
{
	(void)state;
	char buf[512];
	const Sig *s = parse("declare fastcc noundef zeroext i8 @f(i32 addrspace(3)* byval(i32) align 4, ptr sret({}) %r, ...)"
			     " \"amdgpu-no-lds-kernel-id\" \"amdgpu-flat-work-group-size\"=\"0,64\"");
	sig_print(s, false, buf, sizeof buf);
	assert_string_equal(buf, "declare fastcc zeroext noundef i8 @f(ptr addrspace(3) byval(i32) align 4, ptr sret({}), ...)"
				 " \"amdgpu-no-lds-kernel-id\" \"amdgpu-flat-work-group-size\"=\"0,64\"");
	sig_print(s, true, buf, sizeof buf);
	assert_string_equal(buf, "declare fastcc zeroext noundef i8 @f(i32 addrspace(3)* byval(i32) align 4, i8* sret({}), ...)"
				 " \"amdgpu-no-lds-kernel-id\" \"amdgpu-flat-work-group-size\"=\"0,64\"");
	assert_fixed_point(s);
}

static void test_sig_equal_sees_every_field(void **state)
{
	(void)state;
	const char *base = "declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>)"
			   " \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"";
	static const char *const different[] = {
		"declare amdgpu_gfx signext i16 @g(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_cs signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx zeroext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i32 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32, ptr byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i16 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval(<{ i8 }>) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 8, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr addrspace(5) byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <3 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x bfloat>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>, ...) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-heap-ptr\" \"amdgpu-flat-work-group-size\"=\"1,64\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\" \"amdgpu-flat-work-group-size\"=\"1,128\"",
		"declare amdgpu_gfx signext i16 @f(i32 inreg, ptr byval({ i8 }) align 4, <2 x half>) \"amdgpu-no-queue-ptr\"",
	};
	Sig *a = malloc(sizeof *a);
	*a = *parse(base);
	assert_true(sig_equal(a, a));
	assert_true(sig_equal(a, parse(base)));
	for (size_t i = 0; i < sizeof different / sizeof different[0]; i++)
		if (sig_equal(a, parse(different[i])))
			fail_msg("not told apart: '%s'", different[i]);
	/* pointees and is_define do not matter */
	*a = *parse("define void @p(i32 addrspace(1)*) {\n}");
	assert_true(sig_equal(a, parse("declare void @p(ptr addrspace(1))")));
	free(a);
}

/* The IR verifier's attribute rules (Verifier::verifyParameterAttrs and
 * verifyFunctionAttrs; each message checked with opt -passes=verify of
 * LLVM 14-22): an input error at the attribute, never a header that llc
 * refuses before it compiles anything. */
static void test_verifier_rules(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		uint32_t col;
		const char *msg;
	} refused[] = {
		{ "declare void @f(i32 byval(i32))", 21, "\"Attribute 'byval' applied to incompatible type!\"" },
		{ "declare void @f(i32 byref(i32))", 21, "'byref' applies to pointers only" },
		{ "declare void @f(<2 x i32> sret(i32))", 27, "'sret' applies to pointers only" },
		{ "declare void @f(i32 align 4)", 21, "'align' applies to pointers only" },
		{ "declare align 4 i32 @f()", 9, "'align' applies to pointers only" },
		{ "declare void @f(i32 noalias)", 21, "'noalias' applies to pointers only" },
		{ "declare void @f(float signext)", 23, "'signext' applies to integers only" },
		{ "declare void @f(<2 x i16> zeroext)", 27, "'zeroext' applies to integers only" },
		{ "declare signext float @f()", 9, "'signext' applies to integers only" },
		{ "declare void @f(i32 signext zeroext)", 29, "\"Attributes 'zeroext and signext' are incompatible!\"" },
		{ "declare void @f(ptr addrspace(5) inreg byval(i32))", 40, "'byval' with 'inreg'" },
		{ "declare void @f(ptr addrspace(5) byval(i32) sret(i32))", 45, "'sret' with 'byval'" },
		{ "declare void @f(ptr byref(i32) inreg)", 32, "'inreg' with 'byref'" },
		{ "declare void @f(ptr inreg nest)", 27, "'nest' with 'inreg'" },
		{ "declare void @f(i32, i32, ptr addrspace(5) sret(i32))", 27, "\"Attribute 'sret' is not on first or second parameter!\"" },
		{ "declare void @f(ptr sret(i32), ptr sret(i32))", 32, "\"Cannot have multiple 'sret' parameters!\"" },
		{ "declare void @f(i32 immarg)", 21, "'immarg' is only for intrinsics" },
		{ "declare void @f(ptr elementtype(i32))", 21, "'elementtype' is only for intrinsics" },
	};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		expect_header_error(refused[i].text, 1, refused[i].col, refused[i].msg);
		expect_header_error(refused[i].text, 1, refused[i].col, "the IR verifier rejects it");
	}
	/* What the verifier accepts: sret with inreg, sret second, zeroext i1,
	 * align on a vector of pointers. */
	assert_int_equal(parse("declare void @f(ptr addrspace(5) inreg sret(i32))")->params[0].flags, PARAM_INREG | PARAM_SRET);
	assert_int_equal(parse("declare void @f(i32, ptr addrspace(5) sret(i32))")->params[1].flags, PARAM_SRET);
	assert_int_equal(parse("declare void @f(i1 zeroext)")->params[0].flags, PARAM_ZEROEXT);
	assert_int_equal(parse("declare void @f(<2 x ptr> align 4)")->params[0].align, 4);
}

/* Text that is not a list of signatures is an error, not an empty list. */
static void test_input_without_headers(void **state)
{
	(void)state;
	Collected *c = parse_module("; only a comment\n\n");
	assert_int_equal(c->n, 0);
	assert_int_equal(c->failed, 0);
	free(c);
	c = parse_module("\n  \x8f\x01garbage ( bytes\n");
	assert_int_equal(c->n, 1);
	assert_int_equal(c->failed, 1);
	assert_int_equal(c->err[0].line, 2);
	assert_int_equal(c->err[0].col, 3);
	assert_non_null(strstr(c->err[0].msg, "the input has no function header"));
	free(c);
	c = parse_module("source_filename = \"x\"\n@g = global i32 0\n");
	assert_int_equal(c->failed, 1);
	assert_int_equal(c->err[0].line, 1);
	free(c);
	/* A misspelt keyword before a header is reported where it stands,
	 * and the module goes on; a call edge is not one. */
	c = parse_module("declare void @a(i32)\ndecalre void @f(i32)\n  defnie i32 @g() {\ncall @a -> @b\n");
	assert_int_equal(c->n, 3);
	assert_int_equal(c->failed, 2);
	assert_true(c->ok[0]);
	assert_int_equal(c->err[1].line, 2);
	assert_int_equal(c->err[1].col, 1);
	assert_non_null(strstr(c->err[1].msg, "'decalre' is not 'declare' or 'define'"));
	assert_string_equal(c->err[1].function, "f");
	assert_int_equal(c->err[2].line, 3);
	assert_int_equal(c->err[2].col, 3);
	assert_non_null(strstr(c->err[2].msg, "'defnie' is not"));
	free(c);
}

/* A lone header may reference a group it cannot see: read as empty, noted. */
static void test_undefined_group_is_a_note(void **state)
{
	(void)state;
	const Sig *s = parse("declare void @f(i32) #0");
	assert_int_equal(s->nparams, 1);
	assert_int_equal(s->note_col, 22);
	assert_non_null(strstr(s->note, "attribute group #0 is not defined"));
	assert_string_equal(parse("declare void @f(i32)")->note, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_has_void_return),
		cmocka_unit_test(test_types_are_interned),
		cmocka_unit_test(test_full_pools_return_none),
		cmocka_unit_test(test_cc_spellings),
		cmocka_unit_test(test_integer_widths),
		cmocka_unit_test(test_float_types),
		cmocka_unit_test(test_aggregates),
		cmocka_unit_test(test_pointers),
		cmocka_unit_test(test_typed_pointers),
		cmocka_unit_test(test_header_errors),
		cmocka_unit_test(test_nesting_is_bounded),
		cmocka_unit_test(test_param_attributes),
		cmocka_unit_test(test_bare_byval_takes_pointee),
		cmocka_unit_test(test_return_attributes),
		cmocka_unit_test(test_alignment_rules),
		cmocka_unit_test(test_unknown_param_attribute_is_an_error),
		cmocka_unit_test(test_function_attributes_inline),
		cmocka_unit_test(test_unused_arguments),
		cmocka_unit_test(test_scratch_attribute),
		cmocka_unit_test(test_every_calling_convention),
		cmocka_unit_test(test_linkage_and_bare_headers),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_verifier_rules),
		cmocka_unit_test(test_input_without_headers),
		cmocka_unit_test(test_undefined_group_is_a_note),
		cmocka_unit_test(test_varargs),
		cmocka_unit_test(test_too_many_params),
		cmocka_unit_test(test_define_body_is_skipped),
		cmocka_unit_test(test_unterminated_body),
		cmocka_unit_test(test_attribute_groups),
		cmocka_unit_test(test_attribute_group_errors),
		cmocka_unit_test(test_named_types),
		cmocka_unit_test(test_named_type_errors),
		cmocka_unit_test(test_mutually_recursive_types),
		cmocka_unit_test(test_type_expansion_is_bounded),
		cmocka_unit_test(test_resync_after_bad_line),
		cmocka_unit_test(test_sink_can_stop),
		cmocka_unit_test(test_multiline_header_positions),
		cmocka_unit_test(test_parse_header_without_text),
		cmocka_unit_test(test_truncated_headers),
		cmocka_unit_test(test_truncated_and_mutated_modules),
		cmocka_unit_test(test_print_follows_snprintf),
		cmocka_unit_test(test_print_forms),
		cmocka_unit_test(test_sig_equal_sees_every_field),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
