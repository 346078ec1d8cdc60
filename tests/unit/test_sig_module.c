/* Unit tests of the signature parser on whole modules: bodies skipped,
 * attribute groups, named types, resync after a bad line, errors with
 * their positions, truncated and mutated input; and the printer. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "sig_fixture.h"

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
		assert_true(c->n <= 3); /* two headers and a cut attribute group */
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

/* No line is dropped: each line of a module is a header, an IR entity
 * skipped knowingly, or an error at its line:col (issue 36). */
static void test_no_line_dropped(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		size_t len;      /* 0: strlen */
		unsigned line, col;  /* 0: no error, the headers all read */
		const char *msg;
	} cases[] = {
		{ "declare void @f(i32)\n!!! garbage\n", 0, 2, 1, "expected a function header" },
		{ "\xef\xbb\xbf" "declare void @f(i32)\n", 0, 0, 0, 0 },
		{ "declare void @f(i32)\n\xef\xbb\xbf" "declare void @g(i32)\n", 0, 2, 1, "byte-order mark" },
		{ "declare void @f(i32)\n\xc2\xa0" "declare void @g(i32)\n", 0, 2, 1, "non-breaking space" },
		{ "declare void @f(i32)\n\0declare void @g(i32)\n", 43, 2, 1, "NUL" },
		{ "declare void @f(i32)\n; \xff\n", 0, 2, 3, "not UTF-8" },
		{ "define void @f() {\n  ret void\ndefine void @g() {\n  ret void\n}\n", 0, 3, 1, "'define' inside" },
		{ "declare void @f(i32)\n@g = global [2 x i32] [i32 1,\n", 0, 2, 23, "'[' is not closed" },
		{ "declare void @f(i32)\ntarget garbage\n", 0, 2, 1, "expected a function header" },
		{ "source_filename = \"a\"\ntarget triple = \"amdgcn--amdpal\"\n@g = global [2 x i32] [i32 1,\n  i32 2]\n"
		  "%T = type { i32 }\n$c = comdat any\n!0 = !{i32 1}\n!llvm.ident = !{!0}\nattributes #0 = { nounwind }\n"
		  "declare void @f(%T) #0 ; \xc2\xa0 in a comment\n@s = constant [2 x i8] c\"\xc2\xa0\"\ncall @f -> @f\n", 0, 0, 0, 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);
		char *copy = exact_copy(cases[i].text, len);
		Collected *c = calloc(1, sizeof *c);
		assert_non_null(c);
		unsigned failed = sig_parse_module(copy, len, collect_sink, c);
		free(copy);
		if (!cases[i].line) {
			assert_int_equal(failed, 0);
			assert_true(c->n >= 1 && c->ok[0]);
		} else {
			unsigned k = 0;
			while (k < c->n && c->ok[k])
				k++;
			assert_true(failed >= 1 && k < c->n);
			assert_int_equal(c->err[k].line, cases[i].line);
			assert_int_equal(c->err[k].col, cases[i].col);
			assert_non_null(strstr(c->err[k].msg, cases[i].msg));
		}
		free(c);
	}
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
	assert_non_null(strstr(c->err[0].msg, "not UTF-8"));
	free(c);
	c = parse_module("\n  \x7f\x01garbage ( bytes\n");
	assert_int_equal(c->n, 1);
	assert_int_equal(c->err[0].line, 2);
	assert_int_equal(c->err[0].col, 3);
	assert_non_null(strstr(c->err[0].msg, "expected a function header"));
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
		cmocka_unit_test(test_verifier_rules),
		cmocka_unit_test(test_input_without_headers),
		cmocka_unit_test(test_undefined_group_is_a_note),
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
		cmocka_unit_test(test_no_line_dropped),
		cmocka_unit_test(test_print_follows_snprintf),
		cmocka_unit_test(test_print_forms),
		cmocka_unit_test(test_sig_equal_sees_every_field),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
