/* Unit tests for signatures: type interning and the header parser (every
 * type class, attribute and calling convention); modules, errors with their
 * positions and the printer are in test_sig_module.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "sig_fixture.h"

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

/* Every attribute the model does not read is kept as written (a group's
 * `word=value` in its inline form), printed back in its place, and named
 * by sig_unmodelled_attrs unless known neutral; what is not an attribute
 * (a section, an alignment) is not kept; too much to keep is an error. */
static void test_kept_attributes(void **state)
{
	(void)state;
	Collected *c = parse_module(
		"declare noalias ptr @f(i32 inreg alignstack(8) %x, float noundef \"amdgpu-x\"=\"1\" nofpclass(nan)) #0 "
		"\"frame-pointer\"=\"all\" nounwind \"amdgpu-no-queue-ptr\"\n"
		"define void @g() section \"s\" align 4 \"target-features\"=\"+xnack\" {\n  ret void\n}\n"
		"attributes #0 = { alignstack=16 \"denormal-fp-math\"=\"ieee\" memory(none) }\n");
	assert_int_equal(c->n, 2);
	const Sig *s = &c->sig[0];
	assert_int_equal(s->no_inputs, 1u << NOIN_QUEUE_PTR);
	char fn[256], p0[64], p1[64], ret[64], named[512];
	snprintf(fn, sizeof fn, "%.*s", s->fn_kept_len, s->kept + s->fn_kept_off);
	snprintf(p0, sizeof p0, "%.*s", s->params[0].kept_len, s->kept + s->params[0].kept_off);
	snprintf(p1, sizeof p1, "%.*s", s->params[1].kept_len, s->kept + s->params[1].kept_off);
	snprintf(ret, sizeof ret, "%.*s", s->ret_kept_len, s->kept + s->ret_kept_off);
	assert_string_equal(fn, "alignstack(16) \"denormal-fp-math\"=\"ieee\" memory(none) \"frame-pointer\"=\"all\" nounwind");
	assert_string_equal(p0, "alignstack(8)");
	assert_string_equal(p1, "\"amdgpu-x\"=\"1\" nofpclass(nan)");
	assert_string_equal(ret, "noalias");
	assert_int_equal(sig_unmodelled_attrs(s, named, sizeof named), 4);
	assert_string_equal(named, "alignstack, \"frame-pointer\", alignstack (parameter 0), \"amdgpu-x\" (parameter 1)");
	assert_fixed_point(s);
	const Sig *g = &c->sig[1];
	snprintf(fn, sizeof fn, "%.*s", g->fn_kept_len, g->kept + g->fn_kept_off);
	assert_string_equal(fn, "\"target-features\"=\"+xnack\"");
	free(c);
	char big[SIG_KEPT_MAX + 200] = "declare void @h(i32 \"";
	size_t n = strlen(big);
	memset(big + n, 'k', SIG_KEPT_MAX);
	strcpy(big + n + SIG_KEPT_MAX, "\")");
	expect_header_error(big, 1, 21, "more than 2048 bytes of attributes to keep");
}

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
		cmocka_unit_test(test_kept_attributes),
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
		cmocka_unit_test(test_varargs),
		cmocka_unit_test(test_too_many_params),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
