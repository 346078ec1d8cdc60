/* Unit tests for `gcnabi diff`: the strict JSON reader (values, escapes,
 * every kind of malformed input with its line and column, truncation and
 * byte damage at every position of a valid line) and diff_streams (the exact
 * report lines and exit status for each kind of divergence, the contract's
 * limits, and observed fixtures with calls). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "observe.h"

/* ---- JSON reader ---------------------------------------------------------------- */

/* The text in a heap block of exactly its length, so ASan sees any read past the end. */
static char *exact_copy(const char *text, size_t len)
{
	char *copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, text, len);
	return copy;
}

/* Parses len bytes of text; err gets the error when it fails. */
static const JsonValue *parse_n(JsonArena *a, const char *text, size_t len, JsonError *err)
{
	char *copy = exact_copy(text, len);
	const JsonValue *v = json_parse(a, copy, len, err);
	free(copy);
	return v;
}

static const JsonValue *parse(JsonArena *a, const char *text, JsonError *err)
{
	return parse_n(a, text, strlen(text), err);
}

static void test_json_values(void **state)
{
	(void)state;
	JsonArena *a = json_arena_new();
	JsonError err;
	const JsonValue *v = parse(a, " {\"s\":\"x\", \"n\":-12.5e1, \"t\":true, \"f\":false, \"z\":null,\n \"a\":[1,[],{}]} ", &err);
	assert_non_null(v);
	assert_int_equal(v->kind, JSON_OBJECT);
	assert_int_equal(v->count, 6);
	assert_int_equal(v->col, 2);
	assert_string_equal(json_get(v, "s")->str, "x");
	assert_true(json_get(v, "n")->number == -125.0);
	assert_string_equal(json_get(v, "n")->str, "-12.5e1");
	assert_true(json_get(v, "t")->boolean);
	assert_int_equal(json_get(v, "f")->kind, JSON_BOOL);
	assert_false(json_get(v, "f")->boolean);
	assert_int_equal(json_get(v, "z")->kind, JSON_NULL);
	const JsonValue *arr = json_get(v, "a");
	assert_int_equal(arr->kind, JSON_ARRAY);
	assert_int_equal(arr->count, 3);
	assert_int_equal(arr->line, 2);
	assert_int_equal(arr->col, 6);
	assert_int_equal(arr->first->next->kind, JSON_ARRAY);
	assert_int_equal(arr->first->next->next->kind, JSON_OBJECT);
	assert_null(json_get(v, "missing"));
	assert_null(json_get(arr, "s"));
	json_arena_free(a);
}

static void test_json_top_level_scalars(void **state)
{
	(void)state;
	JsonArena *a = json_arena_new();
	JsonError err;
	assert_int_equal(parse(a, "0", &err)->kind, JSON_NUMBER);
	assert_int_equal(parse(a, "\"\"", &err)->len, 0);
	assert_int_equal(parse(a, " null\r\n", &err)->kind, JSON_NULL);
	json_arena_free(a);
}

static void test_json_escapes(void **state)
{
	(void)state;
	JsonArena *a = json_arena_new();
	JsonError err;
	const JsonValue *v = parse(a, "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", &err);
	assert_non_null(v);
	assert_string_equal(v->str, "\"\\/\b\f\n\r\t");
	v = parse(a, "\"\\u0041\\u00e9\\u20AC\\ud83d\\ude00\"", &err);
	assert_non_null(v);
	assert_string_equal(v->str, "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
	v = parse(a, "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"", &err);
	assert_non_null(v);
	assert_string_equal(v->str, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	v = parse(a, "\"a\\u0000b\"", &err);
	assert_non_null(v);
	assert_int_equal(v->len, 3);
	assert_memory_equal(v->str, "a\0b", 3);
	assert_false(json_cstr(v));
	v = parse(a, "{\"k\\u00e9y\":1}", &err);
	assert_non_null(json_get(v, "k\xc3\xa9y"));
	json_arena_free(a);
}

static void test_json_numbers(void **state)
{
	(void)state;
	JsonArena *a = json_arena_new();
	JsonError err;
	uint32_t u = 7;
	assert_true(json_u32(parse(a, "4294967295", &err), &u));
	assert_int_equal(u, 4294967295u);
	assert_true(json_u32(parse(a, "0", &err), &u));
	assert_int_equal(u, 0);
	const char *not_u32[] = { "4294967296", "99999999999999999999999", "-1", "4.0", "1e2", "-0", "\"4\"" };
	for (size_t i = 0; i < sizeof not_u32 / sizeof not_u32[0]; i++)
		assert_false(json_u32(parse(a, not_u32[i], &err), &u));
	const JsonValue *v = parse(a, "1e999999999999999999", &err);
	assert_non_null(v);
	assert_true(v->number > 1e308);
	v = parse(a, "-1e-999999", &err);
	assert_non_null(v);
	assert_true(v->number == 0);
	char digits[2001];
	memset(digits, '9', 2000);
	digits[2000] = 0;
	v = parse(a, digits, &err);
	assert_non_null(v);
	assert_false(json_u32(v, &u));
	json_arena_free(a);
}

typedef struct {
	const char *text;
	size_t len; /* 0: strlen(text) */
	uint32_t line, col;
	const char *msg;
} Malformed;

static const Malformed malformed[] = {
	{ "", 0, 1, 1, "expected a value, found end of input" },
	{ "   ", 0, 1, 4, "expected a value, found end of input" },
	{ "{\"a\":1,}", 0, 1, 8, "expected a key string, found '}'" },
	{ "{1:2}", 0, 1, 2, "expected a key string or '}', found '1'" },
	{ "[1,]", 0, 1, 4, "expected a value, found ']'" },
	{ "{\"a\" 1}", 0, 1, 6, "expected ':', found '1'" },
	{ "{\"a\":1 \"b\":2}", 0, 1, 8, "expected ',' or '}', found '\"'" },
	{ "{\"a\":1", 0, 1, 7, "expected ',' or '}', found end of input" },
	{ "[1 2]", 0, 1, 4, "expected ',' or ']', found '2'" },
	{ "[\n1,\n2 3]", 0, 3, 3, "expected ',' or ']', found '3'" },
	{ "{\"a\":1,\"a\":2}", 0, 1, 8, "duplicate key \"a\"" },
	{ "{} x", 0, 1, 4, "unexpected 'x' after the value" },
	{ "{}{}", 0, 1, 3, "unexpected '{' after the value" },
	{ "\"abc", 0, 1, 1, "unterminated string" },
	{ "[\"abc\\\"]", 0, 1, 2, "unterminated string" },
	{ "\"abc\\", 0, 1, 5, "invalid escape: backslash followed by end of input" },
	{ "\"a\\qb\"", 0, 1, 3, "invalid escape: backslash followed by 'q'" },
	{ "\"\\u12G4\"", 0, 1, 2, "expected four hex digits after \\u" },
	{ "\"\\u12\"", 0, 1, 2, "expected four hex digits after \\u" },
	{ "\"\\ud800\"", 0, 1, 2, "high surrogate \\uD800 not followed by a low one" },
	{ "\"\\ud800\\u0041\"", 0, 1, 2, "high surrogate \\uD800 not followed by a low one" },
	{ "\"\\udc00\"", 0, 1, 2, "unpaired low surrogate \\uDC00" },
	{ "\"a\tb\"", 0, 1, 3, "control character 0x09 in a string (escape it)" },
	{ "\"a\nb\"", 0, 1, 3, "control character 0x0a in a string (escape it)" },
	{ "\"\xff\"", 0, 1, 2, "invalid UTF-8 byte 0xff in a string" },
	{ "\"\xc0\xaf\"", 0, 1, 2, "invalid UTF-8 byte 0xc0 in a string" },
	{ "\"\xe0\x80\xaf\"", 0, 1, 2, "invalid UTF-8 byte 0xe0 in a string" },
	{ "\"\xed\xa0\x80\"", 0, 1, 2, "invalid UTF-8 byte 0xed in a string" },
	{ "\"\xf4\x90\x80\x80\"", 0, 1, 2, "invalid UTF-8 byte 0xf4 in a string" },
	{ "\"ab\xe2\x82\"", 0, 1, 4, "invalid UTF-8 byte 0xe2 in a string" },
	{ "\"\x80\"", 0, 1, 2, "invalid UTF-8 byte 0x80 in a string" },
	{ "\xef\xbb\xbf{}", 0, 1, 1, "expected a value, found byte 0xef" },
	{ "01", 0, 1, 1, "leading zero in a number" },
	{ "-", 0, 1, 2, "expected a digit in the number, found end of input" },
	{ "-a", 0, 1, 2, "expected a digit in the number, found 'a'" },
	{ "1.", 0, 1, 3, "expected a digit after '.', found end of input" },
	{ ".5", 0, 1, 1, "expected a value, found '.'" },
	{ "1e+", 0, 1, 4, "expected a digit in the exponent, found end of input" },
	{ "+1", 0, 1, 1, "expected a value, found '+'" },
	{ "tru", 0, 1, 1, "expected 'true'" },
	{ "[nul]", 0, 1, 2, "expected 'null'" },
	{ "falsy", 0, 1, 1, "expected 'false'" },
	{ "NaN", 0, 1, 1, "expected a value, found 'N'" },
	{ "[\0]", 3, 1, 2, "expected a value, found byte 0x00" },
	{ "\"a\0b\"", 5, 1, 3, "control character 0x00 in a string (escape it)" },
	{ "{}\0", 3, 1, 3, "unexpected byte 0x00 after the value" },
};

static void test_json_malformed(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
		const Malformed *m = &malformed[i];
		JsonArena *a = json_arena_new();
		JsonError err = { 0 };
		const JsonValue *v = parse_n(a, m->text, m->len ? m->len : strlen(m->text), &err);
		if (v || err.line != m->line || err.col != m->col || strcmp(err.msg, m->msg) != 0)
			fail_msg("case %zu: got %s %u:%u \"%s\", want %u:%u \"%s\"", i, v ? "a value" : "error",
				 err.line, err.col, err.msg, m->line, m->col, m->msg);
		json_arena_free(a);
	}
}

static char *repeat(const char *open, size_t n, const char *close)
{
	size_t lo = strlen(open), lc = strlen(close);
	char *s = malloc(n * (lo + lc) + 1);
	assert_non_null(s);
	for (size_t i = 0; i < n; i++) {
		memcpy(s + i * lo, open, lo);
		memcpy(s + n * lo + i * lc, close, lc);
	}
	s[n * (lo + lc)] = 0;
	return s;
}

static void test_json_depth(void **state)
{
	(void)state;
	JsonArena *a = json_arena_new();
	JsonError err;
	char *ok = repeat("[", JSON_MAX_DEPTH, "]");
	assert_non_null(parse(a, ok, &err));
	char *too_deep = repeat("[", JSON_MAX_DEPTH + 1, "]");
	assert_null(parse(a, too_deep, &err));
	assert_int_equal(err.col, JSON_MAX_DEPTH + 1);
	assert_string_equal(err.msg, "nesting deeper than 64 levels");
	char *very_deep = repeat("{\"a\":[", 100000, "]}");
	assert_null(parse(a, very_deep, &err));
	assert_string_equal(err.msg, "nesting deeper than 64 levels");
	free(ok);
	free(too_deep);
	free(very_deep);
	json_arena_free(a);
}

static const char valid_line[] =
	"{\"name\":\"f\\u00e9\",\"cc\":\"amdgpu_gfx\",\"args\":[{\"type\":\"i64\",\"inreg\":true,\"parts\":[\"s4\",\"s5\"]},"
	"{\"type\":\"i32\",\"parts\":[\"stack+0\"],\"slot_sizes\":[4]}],\"n\":-1.5e-3,\"z\":null,\"f\":false,"
	"\"u\":\"\xe2\x82\xac \\ud83d\\ude00 \\\"\\\\\",\"ret\":{\"type\":\"float\",\"parts\":[\"v0\"]}}";

/* Every proper prefix of an object is malformed; none may crash or read past its end. */
static void test_json_truncation(void **state)
{
	(void)state;
	size_t len = strlen(valid_line);
	JsonArena *a = json_arena_new();
	JsonError err;
	assert_non_null(parse_n(a, valid_line, len, &err));
	for (size_t n = 0; n < len; n++) {
		err.line = 0;
		assert_null(parse_n(a, valid_line, n, &err));
		assert_int_equal(err.line, 1);
		assert_in_range(err.col, 1, n + 1);
	}
	json_arena_free(a);
}

/* Every byte of a valid line replaced by each troublesome byte: an error
 * with a position inside the line, or a value. Never a crash. */
static void test_json_damage(void **state)
{
	(void)state;
	static const char bad[] = { '"', '\\', 0, '\n', '{', '[', ']', '}', ',', ':', 'u', '0', '-', (char)0xff, (char)0xc3 };
	size_t len = strlen(valid_line);
	char *copy = exact_copy(valid_line, len);
	for (size_t i = 0; i < len; i++) {
		for (size_t k = 0; k < sizeof bad; k++) {
			JsonArena *a = json_arena_new();
			JsonError err = { 0 };
			copy[i] = bad[k];
			if (!json_parse(a, copy, len, &err))
				assert_in_range(err.col, 1, len + 1);
			json_arena_free(a);
		}
		copy[i] = valid_line[i];
	}
	free(copy);
}

/* ---- diff_streams -------------------------------------------------------------------- */

typedef struct {
	int status;
	Buf out, diag;
} DiffRun;

static DiffRun diff_with(const char *a, const char *b, DiffOptions o)
{
	DiffRun r = { 0 };
	o.file_a = o.file_a ? o.file_a : "a.jsonl";
	o.file_b = o.file_b ? o.file_b : "b.jsonl";
	o.label_a = o.label_a ? o.label_a : "A";
	o.label_b = o.label_b ? o.label_b : "B";
	char *ca = exact_copy(a, strlen(a)), *cb = exact_copy(b, strlen(b));
	r.status = diff_streams(ca, strlen(a), cb, strlen(b), &o, &r.out, &r.diag);
	free(ca);
	free(cb);
	return r;
}

static DiffRun diff(const char *a, const char *b)
{
	return diff_with(a, b, (DiffOptions){ 0 });
}

static void expect(DiffRun *r, int status, const char *out, const char *diag)
{
	assert_string_equal(r->out.p ? r->out.p : "", out);
	assert_string_equal(r->diag.p ? r->diag.p : "", diag);
	assert_int_equal(r->status, status);
	buf_free(&r->out);
	buf_free(&r->diag);
}

#define F_I64 "{\"name\":\"f\",\"cc\":\"amdgpu_gfx\",\"args\":[{\"type\":\"i32\",\"parts\":[\"v0\"]},{\"type\":\"i64\",\"inreg\":true,\"parts\":"
#define RET_FLOAT "\"ret\":{\"type\":\"float\",\"parts\":[\"v0\"]}}\n"
#define G_VOID "{\"name\":\"g\",\"cc\":\"ccc\",\"args\":[],\"ret\":{\"type\":\"void\",\"parts\":[]}}\n"

/* diff --json's a_class and b_class: what the harness groups the
 * differences between compilers by. */
static void test_loc_list_class(void **state)
{
	(void)state;
	static const struct {
		const char *loc, *cls;
	} cases[] = {
		{ "s8", "sgpr" }, { "v31", "vgpr" }, { "stack+4/4", "stack" }, { "-", "none" }, { "", "none" },
		{ "(none)", "none" }, { "s[4:5]", "other" }, { "demoted v0 v1", "demoted" }, { "s8 s9", "sgpr x2" },
		{ "s8 v1 s9 stack+0/4", "sgpr+vgpr+stack x4" }, { " s1 ", "other" },
	};
	char out[64];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		loc_list_class(cases[i].loc, out, sizeof out);
		assert_string_equal(out, cases[i].cls);
	}
}

static void test_diff_identical(void **state)
{
	(void)state;
	const char *s = F_I64 "[\"s6\",\"s7\"]}]," RET_FLOAT G_VOID;
	DiffRun r = diff(s, s);
	expect(&r, 0, "2 functions compared, 2 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_identical_ignores_unknown_keys_and_blank_lines(void **state)
{
	(void)state;
	DiffRun r = diff(G_VOID, "\n  \r\n{\"selector\":\"dag\",\"unattributed\":[\"s[0:3]\"],\"name\":\"g\",\"args\":[],\"ret\":{\"parts\":[]},\"x\":{\"y\":[1]}}\r\n\n");
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_moved_register(void **state)
{
	(void)state;
	DiffRun r = diff(F_I64 "[\"s6\",\"s7\"]}]," RET_FLOAT, F_I64 "[\"s16\",\"s17\"]}]," RET_FLOAT);
	expect(&r, EXIT_DIVERGED,
	       "f: argument 1 (i64) part 0: A s6, B s16\n"
	       "f: argument 1 (i64) part 1: A s7, B s17\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_part_count(void **state)
{
	(void)state;
	DiffRun r = diff(F_I64 "[\"s6\"]}]," RET_FLOAT, F_I64 "[\"v1\",\"v2\"]}]," RET_FLOAT);
	expect(&r, EXIT_DIVERGED,
	       "f: argument 1 (i64): A has 1 parts, B has 2\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_argument_count_and_signature(void **state)
{
	(void)state;
	DiffRun r = diff("{\"name\":\"h\",\"args\":[{\"type\":\"i32\",\"inreg\":true,\"parts\":[\"s4\"]},{\"type\":\"i8\",\"parts\":[\"v0\"]}],\"ret\":{\"type\":\"i32\",\"parts\":[\"v0\"]}}",
			 "{\"name\":\"h\",\"args\":[{\"type\":\"i16\",\"parts\":[\"v0\"]}],\"ret\":{\"type\":\"i64\",\"parts\":[\"v0\",\"v1\"]}}");
	expect(&r, EXIT_DIVERGED,
	       "h: A has 2 arguments, B has 1\n"
	       "h: argument 0 type: A i32, B i16\n"
	       "h: argument 0 inreg: A true, B false\n"
	       "h: argument 0 (i32) part 0: A s4, B v0\n"
	       "h: return type: A i32, B i64\n"
	       "h: return (i32): A has 1 parts, B has 2\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

#define DEMOTED "{\"name\":\"big\",\"args\":[],\"ret\":{\"type\":\"[40 x i32]\",\"sret\":\"v0\",\"parts\":[]}}\n"

static void test_diff_demoted_return(void **state)
{
	(void)state;
	DiffRun r = diff("{\"name\":\"big\",\"args\":[],\"ret\":{\"type\":\"[40 x i32]\",\"parts\":[\"v0\"]}}\n", DEMOTED);
	expect(&r, EXIT_DIVERGED,
	       "big: return: A v0, B demoted (sret in v0)\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
	r = diff(DEMOTED, "{\"name\":\"big\",\"args\":[],\"ret\":{\"type\":\"[40 x i32]\",\"sret\":\"s4\",\"parts\":[]}}\n");
	expect(&r, EXIT_DIVERGED,
	       "big: hidden sret pointer: A v0, B s4\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

#define ERR_F "{\"name\":\"f\",\"error\":\"unable to place <2 x i3>\"}\n"

static void test_diff_error_vs_placed(void **state)
{
	(void)state;
	const char *placed = F_I64 "[\"s6\",\"s7\"]}]," RET_FLOAT;
	DiffRun r = diff(ERR_F, placed);
	expect(&r, EXIT_DIVERGED,
	       "f: A error \"unable to place <2 x i3>\", B placed\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
	r = diff(placed, ERR_F);
	expect(&r, EXIT_DIVERGED,
	       "f: A placed, B error \"unable to place <2 x i3>\"\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_both_errors(void **state)
{
	(void)state;
	const char *other = "{\"name\":\"f\",\"line\":3,\"error\":\"LLVM ERROR: cannot select\"}";
	DiffRun r = diff(ERR_F, other);
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
	r = diff_with(ERR_F, other, (DiffOptions){ .strict_errors = true });
	expect(&r, EXIT_DIVERGED,
	       "f: A error \"unable to place <2 x i3>\", B error \"LLVM ERROR: cannot select\"\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
	r = diff_with(ERR_F, ERR_F, (DiffOptions){ .strict_errors = true });
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_only_in_one(void **state)
{
	(void)state;
	DiffRun r = diff(ERR_F G_VOID, G_VOID "{\"name\":\"k\",\"error\":\"x\"}\n");
	expect(&r, EXIT_DIVERGED,
	       "f: only in A\n"
	       "k: only in B\n"
	       "1 functions compared, 1 identical, 0 diverge, 1 only in A, 1 only in B\n", "");
}

#define DUP(reg) "{\"name\":\"f\",\"args\":[{\"type\":\"i32\",\"parts\":[\"" reg "\"]}],\"ret\":{\"type\":\"void\",\"parts\":[]}}\n"

static void test_diff_duplicate_names(void **state)
{
	(void)state;
	DiffRun r = diff(DUP("s4") G_VOID DUP("s5") DUP("s9"), DUP("s4") DUP("s6") G_VOID);
	expect(&r, EXIT_DIVERGED,
	       "f#2: argument 0 (i32) part 0: A s5, B s6\n"
	       "f#3: only in A\n"
	       "3 functions compared, 2 identical, 1 diverge, 1 only in A, 0 only in B\n",
	       "a.jsonl: note: 3 functions named \"f\"; the k-th is paired with the other side's k-th, shown as f#k\n"
	       "b.jsonl: note: 2 functions named \"f\"; the k-th is paired with the other side's k-th, shown as f#k\n");
}

/* Every malformed line of either stream is named; nothing is compared. */
static void test_diff_malformed_line_in_the_middle(void **state)
{
	(void)state;
	const char *a = DUP("s4") "{\"name\":\"g\",\"args\":[} \n" G_VOID
			"{\"name\":\"h\",\"args\":[{\"parts\":[\"s04\"]}],\"ret\":{\"parts\":[]}}\n"
			"{\"name\":\"k\",\"args\":[{\"parts\":[\"stack+8\"],\"slot_sizes\":[4,4]}],\"ret\":{\"parts\":[]}}\n"
			"[1]\n{\"args\":[]}\n";
	DiffRun r = diff(a, DUP("s4") G_VOID);
	expect(&r, EXIT_ERROR, "",
	       "a.jsonl:2:21: error: expected a value, found '}'\n"
	       "a.jsonl:4:31: error: a part must be \"sN\", \"vN\", \"stack+OFFSET\" or \"kernarg+OFFSET\"\n"
	       "a.jsonl:5:55: error: \"slot_sizes\" must be an array as long as \"parts\"\n"
	       "a.jsonl:6:1: error: a line must hold one JSON object\n"
	       "a.jsonl:7:1: error: missing \"name\"\n"
	       "gcnabi diff: 5 malformed lines; nothing compared\n");
	/* A divergence in the lines that parsed is not printed either. */
	r = diff(DUP("s4"), "{\"name\":\"f\",\"args\":[{\"parts\":[\"v1\"]}],\"ret\":{\"parts\":[]}}\nnot json\n");
	expect(&r, EXIT_ERROR, "",
	       "b.jsonl:2:1: error: expected 'null'\n"
	       "gcnabi diff: 1 malformed line; nothing compared\n");
}

#define STACK(off, size) "{\"name\":\"s\",\"args\":[{\"type\":\"i16\",\"parts\":[\"" off "\"],\"slot_sizes\":[" size "]}],\"ret\":{\"type\":\"void\",\"parts\":[]}}"

static void test_diff_slot_sizes(void **state)
{
	(void)state;
	DiffRun r = diff(STACK("stack+0", "2"), STACK("stack+4", "4"));
	expect(&r, EXIT_DIVERGED,
	       "s: argument 0 (i16) part 0: A stack+0, B stack+4\n"
	       "s: slot size of argument 0 part 0: A 2, B 4\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
	/* 0 is an unknown size; no slot_sizes on one side: nothing to compare. */
	r = diff(STACK("stack+0", "0"), STACK("stack+0", "4"));
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
	r = diff(STACK("stack+0", "2"), "{\"name\":\"s\",\"args\":[{\"type\":\"i16\",\"parts\":[\"stack+0\"]}],\"ret\":{\"type\":\"void\",\"parts\":[]}}");
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
}

#define CALLER(calls) "{\"name\":\"c\",\"args\":[],\"ret\":{\"type\":\"void\",\"parts\":[]},\"calls\":[" calls "]}"
#define CALL(callee, parts, implicit) "{\"callee\":\"" callee "\",\"args\":[{\"type\":\"i64\",\"parts\":[" parts "]}],\"implicit\":[" implicit "]}"

static void test_diff_calls(void **state)
{
	(void)state;
	DiffRun r = diff(CALLER(CALL("g", "\"s0\",\"s1\"", "\"s[0:3]\",\"v31\"") "," CALL("h", "\"v0\",\"v1\"", "")),
			 CALLER(CALL("g", "\"s0\",\"s17\"", "\"s[0:3]\"") "," CALL("k", "\"v0\",\"v1\"", "") "," CALL("g", "\"v0\"", "")));
	expect(&r, EXIT_DIVERGED,
	       "c: A has 2 calls, B has 3\n"
	       "c: call to g argument 0 (i64) part 1: A s1, B s17\n"
	       "c: call to g implicit registers: A s[0:3] v31, B s[0:3]\n"
	       "c: call 1 callee: A h, B k\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
	/* calls on one side only (the model has none): not compared */
	r = diff(CALLER(CALL("g", "\"s0\"", "")), "{\"name\":\"c\",\"args\":[],\"ret\":{\"type\":\"void\",\"parts\":[]}}");
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
	r = diff(CALLER(CALL("g", "\"s0\"", "") "," CALL("g", "\"s1\"", "")), CALLER(CALL("g", "\"s0\"", "") "," CALL("g", "\"s2\"", "")));
	expect(&r, EXIT_DIVERGED,
	       "c: call 1 to g argument 0 (i64) part 0: A s1, B s2\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_ungrouped(void **state)
{
	(void)state;
	const char *model = "{\"name\":\"u\",\"args\":[{\"type\":\"i32\",\"parts\":[\"s4\"]},{\"type\":\"i64\",\"parts\":[\"v0\",\"v1\"]}],\"ret\":{\"type\":\"void\",\"parts\":[]}}";
	DiffRun r = diff(model, "{\"name\":\"u\",\"grouped\":false,\"args\":[{\"parts\":[\"s4\",\"v0\",\"v2\"]}],\"ret\":{\"parts\":[]}}");
	expect(&r, EXIT_DIVERGED,
	       "u: arguments (ungrouped) part 2: A v1, B v2\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_cc(void **state)
{
	(void)state;
	DiffRun r = diff("{\"name\":\"g\",\"cc\":\"ccc\",\"args\":[],\"ret\":{\"parts\":[]}}", "{\"name\":\"g\",\"cc\":\"amdgpu_gfx\",\"args\":[],\"ret\":{\"parts\":[]}}");
	expect(&r, EXIT_DIVERGED,
	       "g: calling convention: A ccc, B amdgpu_gfx\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_labels_and_json(void **state)
{
	(void)state;
	const char *a = F_I64 "[\"s6\",\"s7\"]}]," RET_FLOAT ERR_F;
	const char *b = F_I64 "[\"s16\",\"s7\"]}]," RET_FLOAT G_VOID;
	DiffRun r = diff_with(a, b, (DiffOptions){ .label_a = "model", .label_b = "llc22" });
	expect(&r, EXIT_DIVERGED,
	       "f#1: argument 1 (i64) part 0: model s6, llc22 s16\n"
	       "f#2: only in model\n"
	       "g: only in llc22\n"
	       "1 functions compared, 0 identical, 1 diverge, 1 only in model, 1 only in llc22\n",
	       "a.jsonl: note: 2 functions named \"f\"; the k-th is paired with the other side's k-th, shown as f#k\n");
	r = diff_with(a, b, (DiffOptions){ .json = true, .label_a = "model", .label_b = "llc22" });
	expect(&r, EXIT_DIVERGED,
	       "{\"function\":\"f#1\",\"where\":\"argument 1 part 0\",\"a\":\"s6\",\"b\":\"s16\",\"where_class\":\"argument # part #\",\"a_class\":\"sgpr\",\"b_class\":\"sgpr\"}\n"
	       "{\"function\":\"f#2\",\"where\":\"function\",\"a\":\"present\",\"b\":\"absent\",\"where_class\":\"function\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"g\",\"where\":\"function\",\"a\":\"absent\",\"b\":\"present\",\"where_class\":\"function\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"compared\":1,\"identical\":0,\"diverge\":1,\"only_in_a\":1,\"only_in_b\":1,"
	       "\"divergences\":3,\"to_stack\":0,\"off_stack\":0,\"labels\":[\"model\",\"llc22\"]}\n",
	       "a.jsonl: note: 2 functions named \"f\"; the k-th is paired with the other side's k-th, shown as f#k\n");
}

/* --summary: only the summary object; a part in a register on one side and
 * in one stack slot on the other moved to (or off) the stack, a list of
 * parts ("stack+0 stack+4") is not one slot. */
static void test_diff_summary_counts_stack_moves(void **state)
{
	(void)state;
	const char *a = F_I64 "[\"s6\",\"s7\"]}]," RET_FLOAT;
	const char *b = F_I64 "[\"stack+0\",\"stack+4\",\"stack+8\"]}]," "\"ret\":{\"type\":\"float\",\"parts\":[\"stack+16\"]}}\n";
	DiffRun r = diff_with(a, b, (DiffOptions){ .json = true, .summary_only = true });
	expect(&r, EXIT_DIVERGED,
	       "{\"compared\":1,\"identical\":0,\"diverge\":1,\"only_in_a\":0,\"only_in_b\":0,"
	       "\"divergences\":2,\"to_stack\":1,\"off_stack\":0,\"labels\":[\"A\",\"B\"]}\n", "");
	r = diff_with(b, a, (DiffOptions){ .json = true, .summary_only = true });
	expect(&r, EXIT_DIVERGED,
	       "{\"compared\":1,\"identical\":0,\"diverge\":1,\"only_in_a\":0,\"only_in_b\":0,"
	       "\"divergences\":2,\"to_stack\":0,\"off_stack\":1,\"labels\":[\"A\",\"B\"]}\n", "");
}

static void test_diff_json_escapes_and_counts(void **state)
{
	(void)state;
	DiffRun r = diff_with("{\"name\":\"q\\\"\\n\",\"error\":\"bad \\\"x\\\"\"}\n" F_I64 "[\"s6\"]}]," RET_FLOAT,
			      "{\"name\":\"q\\\"\\n\",\"args\":[],\"ret\":{\"parts\":[]}}\n" F_I64 "[\"s6\",\"s7\"]}]," RET_FLOAT,
			      (DiffOptions){ .json = true });
	expect(&r, EXIT_DIVERGED,
	       "{\"function\":\"q\\\"\\u000a\",\"where\":\"status\",\"a\":\"error: bad \\\"x\\\"\",\"b\":\"placed\",\"where_class\":\"status\",\"a_class\":\"other x3\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"f\",\"where\":\"argument 1\",\"a\":\"s6\",\"b\":\"s6 s7\",\"where_class\":\"argument #\",\"a_class\":\"sgpr\",\"b_class\":\"sgpr x2\"}\n"
	       "{\"compared\":2,\"identical\":0,\"diverge\":2,\"only_in_a\":0,\"only_in_b\":0,"
	       "\"divergences\":2,\"to_stack\":0,\"off_stack\":0,\"labels\":[\"A\",\"B\"]}\n", "");
	r = diff("{\"name\":\"q\\n\",\"error\":\"x\"}", "{\"name\":\"q\\n\",\"args\":[],\"ret\":{\"parts\":[]}}");
	expect(&r, EXIT_DIVERGED,
	       "q\\x0a: A error \"x\", B placed\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

static void test_diff_empty_streams(void **state)
{
	(void)state;
	DiffRun r = diff("", "\n\n");
	expect(&r, 0, "0 functions compared, 0 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
}

/* Every prefix of a stream against the whole: a malformed last line or a
 * function only in B (identical only without just the last newline), never
 * a crash. */
static void test_diff_truncated_stream(void **state)
{
	(void)state;
	const char *b = CALLER(CALL("g", "\"s0\",\"s1\"", "\"s[0:3]\"")) "\n" STACK("stack+0", "2") "\n" DEMOTED;
	for (size_t n = 0; n < strlen(b); n++) {
		char *prefix = exact_copy(b, n);
		DiffOptions o = { .file_a = "a", .file_b = "b", .label_a = "A", .label_b = "B" };
		Buf out = { 0 }, diag = { 0 };
		int status = diff_streams(prefix, n, b, strlen(b), &o, &out, &diag);
		assert_int_equal(status & ~(EXIT_DIVERGED | EXIT_ERROR), 0);
		assert_true(status != 0 || n + 1 == strlen(b));
		buf_free(&out);
		buf_free(&diag);
		free(prefix);
	}
}

/* Entry point fields where both sides know them, in diff's order; a user
 * SGPR field enabled on one side shifts the ones after it; the preload
 * offset only where both preload; one side without "system_sgprs" has
 * none. A kernarg part of size 0 ({}) against 4: 0 is "not given". */
#define KERNEL(size1, ksize, user, count, preload) \
	"{\"name\":\"k\",\"cc\":\"amdgpu_kernel\",\"args\":[{\"type\":\"i32\",\"parts\":[\"kernarg+0\"],\"slot_sizes\":[4]}," \
	"{\"type\":\"{}\",\"parts\":[\"kernarg+4\"],\"slot_sizes\":[" size1 "]}],\"ret\":{\"type\":\"void\",\"parts\":[]}," \
	"\"kernarg_size\":" ksize ",\"user_sgprs\":{" user "},\"user_sgpr_count\":" count ",\"kernarg_preload_length\":" preload "}\n"
#define PS(addr, enable, sys) "{\"name\":\"p\",\"cc\":\"amdgpu_ps\",\"args\":[{\"type\":\"float\",\"parts\":[\"v0\"]}],\"ret\":{\"type\":\"void\",\"parts\":[]}," \
	"\"ps_input_addr\":" addr ",\"ps_input_enable\":" enable sys "}\n"
#define PRELOAD(offset) "{\"name\":\"k2\",\"cc\":\"amdgpu_kernel\",\"args\":[],\"ret\":{\"type\":\"void\",\"parts\":[]},\"user_sgprs\":{}," \
	"\"user_sgpr_count\":2,\"kernarg_preload_length\":2,\"kernarg_preload\":\"s[0:1]\",\"kernarg_preload_offset\":" offset "}\n"

static void test_diff_entry_fields(void **state)
{
	(void)state;
	const char *a = KERNEL("0", "4", "\"private_segment_buffer\":\"s[0:3]\",\"kernarg_segment_ptr\":\"s[4:5]\"", "6", "0")
		PS("3", "1", ",\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\",\"scratch_wave_offset\":\"s3\"}") PRELOAD("0");
	const char *b = KERNEL("4", "8", "\"private_segment_buffer\":\"s[0:3]\",\"dispatch_ptr\":\"s[4:5]\",\"kernarg_segment_ptr\":\"s[6:7]\"",
			       "10", "2,\"kernarg_preload\":\"s[8:9]\",\"kernarg_preload_offset\":0")
		PS("2", "2", "") PRELOAD("8");
	DiffRun r = diff(a, b);
	expect(&r, EXIT_DIVERGED,
	       "k: kernarg_size: A 4, B 8\n"
	       "k: user_sgpr_count: A 6, B 10\n"
	       "k: kernarg_preload_length: A 0, B 2\n"
	       "k: user SGPR kernarg_segment_ptr: A s[4:5], B s[6:7]\n"
	       "k: user SGPR dispatch_ptr: A off, B s[4:5]\n"
	       "p: ps_input_addr: A 3, B 2\n"
	       "p: ps_input_enable: A 1, B 2\n"
	       "p: implicit_buffer_ptr: A s[0:1], B none\n"
	       "p: scratch_wave_offset: A s3, B none\n"
	       "k2: kernarg_preload_offset: A 0, B 8\n"
	       "3 functions compared, 0 identical, 3 diverge, 0 only in A, 0 only in B\n", "");
	r = diff_with(b, a, (DiffOptions){ .json = true });
	expect(&r, EXIT_DIVERGED,
	       "{\"function\":\"k\",\"where\":\"kernarg_size\",\"a\":\"8\",\"b\":\"4\",\"where_class\":\"kernarg_size\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"k\",\"where\":\"user_sgpr_count\",\"a\":\"10\",\"b\":\"6\",\"where_class\":\"user_sgpr_count\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"k\",\"where\":\"kernarg_preload_length\",\"a\":\"2\",\"b\":\"0\",\"where_class\":\"kernarg_preload_length\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"k\",\"where\":\"user SGPR dispatch_ptr\",\"a\":\"s[4:5]\",\"b\":\"off\",\"where_class\":\"user SGPR dispatch_ptr\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"k\",\"where\":\"user SGPR kernarg_segment_ptr\",\"a\":\"s[6:7]\",\"b\":\"s[4:5]\",\"where_class\":\"user SGPR kernarg_segment_ptr\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"p\",\"where\":\"ps_input_addr\",\"a\":\"2\",\"b\":\"3\",\"where_class\":\"ps_input_addr\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"p\",\"where\":\"ps_input_enable\",\"a\":\"2\",\"b\":\"1\",\"where_class\":\"ps_input_enable\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"p\",\"where\":\"implicit_buffer_ptr\",\"a\":\"none\",\"b\":\"s[0:1]\",\"where_class\":\"implicit_buffer_ptr\",\"a_class\":\"none\",\"b_class\":\"other\"}\n"
	       "{\"function\":\"p\",\"where\":\"scratch_wave_offset\",\"a\":\"none\",\"b\":\"s3\",\"where_class\":\"scratch_wave_offset\",\"a_class\":\"none\",\"b_class\":\"sgpr\"}\n"
	       "{\"function\":\"k2\",\"where\":\"kernarg_preload_offset\",\"a\":\"8\",\"b\":\"0\",\"where_class\":\"kernarg_preload_offset\",\"a_class\":\"other\",\"b_class\":\"other\"}\n"
	       "{\"compared\":3,\"identical\":0,\"diverge\":3,\"only_in_a\":0,\"only_in_b\":0,"
	       "\"divergences\":10,\"to_stack\":0,\"off_stack\":0,\"labels\":[\"A\",\"B\"]}\n", "");
}

#define LOST(args, ret) "{\"name\":\"s\",\"cc\":\"amdgpu_cs\",\"args\":[" args "],\"ret\":{\"type\":\"i32\",\"parts\":[" ret "]}}\n"

/* --undef-sgprs: B may lack SGPR parts of A (llc 16's SelectionDAG), argument
 * by argument; a lost VGPR still diverges; a lost stack slot does not (the
 * rule has always tested the "s" of "stack+"). */
static void test_diff_undef_sgprs(void **state)
{
	(void)state;
	const char *a = LOST("{\"type\":\"i64\",\"inreg\":true,\"parts\":[\"s0\",\"s1\"]},{\"type\":\"<2 x float>\",\"parts\":[\"v0\",\"v1\"]},"
			     "{\"type\":\"[2 x i32]\",\"parts\":[\"v2\",\"stack+0\"],\"slot_sizes\":[0,4]}", "\"s2\"");
	const char *b = LOST("{\"type\":\"i64\",\"inreg\":true,\"parts\":[\"s1\"]},{\"type\":\"<2 x float>\",\"parts\":[\"v1\"]},"
			     "{\"type\":\"[2 x i32]\",\"parts\":[\"v2\"]}", "");
	DiffRun r = diff(a, b);
	expect(&r, EXIT_DIVERGED,
	       "s: argument 0 (i64): A has 2 parts, B has 1\n"
	       "s: argument 1 (<2 x float>): A has 2 parts, B has 1\n"
	       "s: argument 2 ([2 x i32]): A has 2 parts, B has 1\n"
	       "s: return (i32): A has 1 parts, B has 0\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
	r = diff_with(a, b, (DiffOptions){ .undef_sgprs = true });
	expect(&r, EXIT_DIVERGED,
	       "s: argument 1 (<2 x float>): A has 2 parts, B has 1\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
	r = diff_with(b, a, (DiffOptions){ .undef_sgprs = true }); /* only B may lack them */
	expect(&r, EXIT_DIVERGED,
	       "s: argument 0 (i64): A has 1 parts, B has 2\n"
	       "s: argument 1 (<2 x float>): A has 1 parts, B has 2\n"
	       "s: argument 2 ([2 x i32]): A has 1 parts, B has 2\n"
	       "s: return (i32): A has 0 parts, B has 1\n"
	       "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", "");
}

/* Errors compare whole, past the 191 bytes a Placement keeps: llc's
 * messages recorded in cases/golden run longer. */
static void test_diff_long_errors(void **state)
{
	(void)state;
	char a[300], b[300], want[700];
	char x[201];
	memset(x, 'x', 200);
	x[200] = 0;
	snprintf(a, sizeof a, "{\"name\":\"f\",\"error\":\"%sa\"}", x);
	snprintf(b, sizeof b, "{\"name\":\"f\",\"error\":\"%sb\"}", x);
	DiffRun r = diff(a, b);
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
	snprintf(want, sizeof want, "f: A error \"%sa\", B error \"%sb\"\n"
		 "1 functions compared, 0 identical, 1 diverge, 0 only in A, 0 only in B\n", x, x);
	r = diff_with(a, b, (DiffOptions){ .strict_errors = true });
	expect(&r, EXIT_DIVERGED, want, "");
	r = diff_with(a, a, (DiffOptions){ .strict_errors = true });
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
}

/* A demoted return has no parts: any listed are not compared. */
static void test_diff_demoted_return_parts(void **state)
{
	(void)state;
	DiffRun r = diff("{\"name\":\"big\",\"args\":[],\"ret\":{\"sret\":\"v0\",\"parts\":[\"v1\"]}}",
			 "{\"name\":\"big\",\"args\":[],\"ret\":{\"sret\":\"v0\",\"parts\":[]}}");
	expect(&r, 0, "1 functions compared, 1 identical, 0 diverge, 0 only in A, 0 only in B\n", "");
}

/* What a Placement cannot hold is a malformed line, located and explained. */
static void test_diff_contract_limits(void **state)
{
	(void)state;
	Buf many = { 0 };
	buf_printf(&many, "{\"name\":\"f\",\"args\":[");
	for (unsigned i = 0; i < SIG_MAX_PARAMS + 1; i++)
		buf_printf(&many, "%s{\"parts\":[]}", i ? "," : "");
	buf_printf(&many, "],\"ret\":{\"parts\":[]}}\n{\"name\":\"f\",\"args\":[{\"parts\":[");
	for (unsigned i = 0; i < PLACE_MAX_PARTS + 1; i++)
		buf_printf(&many, "%s\"v%u\"", i ? "," : "", i);
	buf_printf(&many, "]}],\"ret\":{\"parts\":[]}}\n");
	DiffRun r = diff(many.p, "");
	expect(&r, EXIT_ERROR, "",
	       "a.jsonl:1:3349: error: more than 256 arguments\n"
	       "a.jsonl:2:31689: error: more than 4096 parts\n"
	       "gcnabi diff: 2 malformed lines; nothing compared\n");
	buf_free(&many);
#define F(x) "{\"name\":\"f\",\"args\":[],\"ret\":{\"parts\":[]}," x "}\n"
#define P(part) "{\"name\":\"f\",\"args\":[{\"parts\":[\"" part "\"]}],\"ret\":{\"parts\":[]}}\n"
	r = diff(P("s65536") P("stack+4294967296") P("v65535") P("kernarg+4294967295")
		 F("\"ps_input_addr\":1") F("\"ps_input_addr\":70000,\"ps_input_enable\":1") F("\"kernarg_size\":-1")
		 F("\"system_sgprs\":5") F("\"system_sgprs\":{\"implicit_buffer_ptr\":\"s0\"}")
		 F("\"system_sgprs\":{\"scratch_wave_offset\":\"s[3:4]\"}") F("\"user_sgprs\":{\"kernarg_segment_ptr\":\"s[0:1]\"}")
		 F("\"user_sgpr_count\":2") F("\"user_sgprs\":{\"queue\":\"s[0:1]\"},\"user_sgpr_count\":2,\"kernarg_preload_length\":0")
		 F("\"user_sgprs\":{\"kernarg_segment_ptr\":\"s[4:5]\"},\"user_sgpr_count\":2,\"kernarg_preload_length\":0")
		 F("\"user_sgprs\":{},\"user_sgpr_count\":2,\"kernarg_preload_length\":0,\"kernarg_preload_offset\":4"),
		 "");
	expect(&r, EXIT_ERROR, "",
	       "a.jsonl:1:31: error: a register number must be below 65536\n"
	       "a.jsonl:2:31: error: an offset must be below 4294967296\n"
	       "a.jsonl:5:1: error: \"ps_input_addr\" and \"ps_input_enable\" come together\n"
	       "a.jsonl:6:58: error: \"ps_input_addr\" must be an integer from 0 to 65535\n"
	       "a.jsonl:7:57: error: \"kernarg_size\" must be an integer from 0 to 4294967295\n"
	       "a.jsonl:8:57: error: \"system_sgprs\" must be an object\n"
	       "a.jsonl:9:80: error: \"implicit_buffer_ptr\" must be an SGPR pair, as in \"s[0:1]\"\n"
	       "a.jsonl:10:80: error: \"scratch_wave_offset\" must be one SGPR, as in \"s3\"\n"
	       "a.jsonl:11:55: error: \"user_sgprs\" wants \"user_sgpr_count\", \"kernarg_preload_length\" and, for "
	       "preloaded arguments, \"kernarg_preload_offset\"\n"
	       "a.jsonl:12:1: error: \"user_sgpr_count\" without \"user_sgprs\"\n"
	       "a.jsonl:13:64: error: \"user_sgprs\" has no field \"queue\"\n"
	       "a.jsonl:14:78: error: \"kernarg_segment_ptr\" must be \"s[0:1]\", after the enabled fields before it\n"
	       "a.jsonl:15:55: error: \"user_sgprs\" wants \"user_sgpr_count\", \"kernarg_preload_length\" and, for "
	       "preloaded arguments, \"kernarg_preload_offset\"\n"
	       "a.jsonl: note: 2 functions named \"f\"; the k-th is paired with the other side's k-th, shown as f#k\n"
	       "gcnabi diff: 13 malformed lines; nothing compared\n");
#undef F
#undef P
}

/* ---- observed placements: calls, implicit registers, ungrouped arguments ---- */

static int to_jsonl(void *ctx, const MirFunction *f)
{
	static char line[1 << 17];
	size_t n = mir_function_print_json(f, line, sizeof line);
	assert_true(n < sizeof line);
	buf_put(ctx, line, n);
	buf_put(ctx, "\n", 1);
	return 0;
}

/* `gcnabi observe --json` of a fixture (tests/fixtures/mir), in-process. */
static Buf observed(const char *name)
{
	const char *slash = strrchr(__FILE__, '/');
	char path[512], err[512];
	snprintf(path, sizeof path, "%.*s/../fixtures/mir/%s", slash ? (int)(slash - __FILE__) : 1, slash ? __FILE__ : ".", name);
	size_t len;
	char *text = read_file(path, &len, err, sizeof err);
	if (!text)
		fail_msg("%s", err);
	Buf jsonl = { 0 };
	assert_int_equal(mir_observe(text, len, to_jsonl, &jsonl, NULL), MIR_OK);
	free(text);
	return jsonl;
}

static DiffRun diff_observed(const char *a, const char *b, DiffOptions o)
{
	Buf ja = observed(a), jb = observed(b);
	DiffRun r = diff_with(ja.p, jb.p, o);
	buf_free(&ja);
	buf_free(&jb);
	return r;
}

/* Two compilers' MIR of one module: the callee's parts, each call site's
 * parts and implicit registers (llc 22's GlobalISel passes every implicit
 * input, llc 16's SelectionDAG only the SRD), and, where the observer could
 * not attribute parts to arguments, all of them as one list. */
static void test_diff_observed_calls(void **state)
{
	(void)state;
	DiffRun r = diff_observed("basic.v16.dag.mir", "basic.v22.gisel.mir", (DiffOptions){ .label_a = "llc16", .label_b = "llc22" });
	expect(&r, EXIT_DIVERGED,
	       "f: argument 0 (i32) part 0: llc16 v0, llc22 s16\n"
	       "f: argument 1 (i32) part 0: llc16 v1, llc22 v0\n"
	       "f: argument 2 (i64) part 0: llc16 v2, llc22 v1\n"
	       "f: argument 2 (i64) part 1: llc16 v3, llc22 v2\n"
	       "f: argument 3 ([2 x i32]) part 0: llc16 v4, llc22 v3\n"
	       "f: argument 3 ([2 x i32]) part 1: llc16 v5, llc22 v4\n"
	       "f: argument 4 (i32) part 0: llc16 v6, llc22 s17\n"
	       "gcnabi.0.caller: call to f argument 0 (i32) part 0: llc16 v0, llc22 s0\n"
	       "gcnabi.0.caller: call to f argument 1 (i32) part 0: llc16 v1, llc22 v0\n"
	       "gcnabi.0.caller: call to f argument 2 (i64) part 0: llc16 v2, llc22 v1\n"
	       "gcnabi.0.caller: call to f argument 2 (i64) part 1: llc16 v3, llc22 v2\n"
	       "gcnabi.0.caller: call to f argument 3 ([2 x i32]) part 0: llc16 v4, llc22 v3\n"
	       "gcnabi.0.caller: call to f argument 3 ([2 x i32]) part 1: llc16 v5, llc22 v4\n"
	       "gcnabi.0.caller: call to f argument 4 (i32) part 0: llc16 v6, llc22 s1\n"
	       "gcnabi.0.caller: call to f implicit registers: llc16 s[0:3], llc22 s[0:3] s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31\n"
	       "gcnabi.1.caller: call to g implicit registers: llc16 s[0:3], llc22 s[0:3] s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31\n"
	       "4 functions compared, 1 identical, 3 diverge, 0 only in llc16, 0 only in llc22\n", "");
	r = diff_observed("kernelindirect.v19.dag.mir", "kernelindirect.v22.gisel.mir", (DiffOptions){ .json = true });
	expect(&r, EXIT_DIVERGED,
	       "{\"function\":\"k\",\"where\":\"arguments\",\"a\":\"v0 v1 v2 s0 s1 s2 s3 s4 s5 s6 s7 s8\","
	       "\"b\":\"v2 v1 v0 s10 s9 s8 s6 s7 s2 s3 s0 s1 s4 s5\",\"where_class\":\"arguments\",\"a_class\":\"vgpr+sgpr x12\",\"b_class\":\"vgpr+sgpr x14\"}\n"
	       "{\"function\":\"k\",\"where\":\"call 0 to <indirect> implicit registers\","
	       "\"a\":\"s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31 s[0:3]\","
	       "\"b\":\"s[0:3] s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31\",\"where_class\":\"call # to <indirect> implicit registers\",\"a_class\":\"other+sgpr+vgpr x10\",\"b_class\":\"other+sgpr+vgpr x10\"}\n"
	       "{\"function\":\"k\",\"where\":\"call 1 to <indirect> implicit registers\","
	       "\"a\":\"s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31 s[0:3]\","
	       "\"b\":\"s[0:3] s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31\",\"where_class\":\"call # to <indirect> implicit registers\",\"a_class\":\"other+sgpr+vgpr x10\",\"b_class\":\"other+sgpr+vgpr x10\"}\n"
	       "{\"compared\":3,\"identical\":2,\"diverge\":1,\"only_in_a\":0,\"only_in_b\":0,"
	       "\"divergences\":3,\"to_stack\":0,\"off_stack\":0,\"labels\":[\"A\",\"B\"]}\n", "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_values),
		cmocka_unit_test(test_json_top_level_scalars),
		cmocka_unit_test(test_json_escapes),
		cmocka_unit_test(test_json_numbers),
		cmocka_unit_test(test_json_malformed),
		cmocka_unit_test(test_json_depth),
		cmocka_unit_test(test_json_truncation),
		cmocka_unit_test(test_json_damage),
		cmocka_unit_test(test_diff_identical),
		cmocka_unit_test(test_diff_identical_ignores_unknown_keys_and_blank_lines),
		cmocka_unit_test(test_diff_moved_register),
		cmocka_unit_test(test_diff_part_count),
		cmocka_unit_test(test_diff_argument_count_and_signature),
		cmocka_unit_test(test_diff_demoted_return),
		cmocka_unit_test(test_diff_error_vs_placed),
		cmocka_unit_test(test_diff_both_errors),
		cmocka_unit_test(test_diff_only_in_one),
		cmocka_unit_test(test_diff_duplicate_names),
		cmocka_unit_test(test_diff_malformed_line_in_the_middle),
		cmocka_unit_test(test_diff_slot_sizes),
		cmocka_unit_test(test_diff_calls),
		cmocka_unit_test(test_diff_ungrouped),
		cmocka_unit_test(test_diff_cc),
		cmocka_unit_test(test_diff_labels_and_json),
		cmocka_unit_test(test_diff_json_escapes_and_counts),
		cmocka_unit_test(test_diff_summary_counts_stack_moves),
		cmocka_unit_test(test_diff_empty_streams),
		cmocka_unit_test(test_diff_truncated_stream),
		cmocka_unit_test(test_diff_entry_fields),
		cmocka_unit_test(test_diff_undef_sgprs),
		cmocka_unit_test(test_diff_demoted_return_parts),
		cmocka_unit_test(test_diff_long_errors),
		cmocka_unit_test(test_diff_contract_limits),
		cmocka_unit_test(test_diff_observed_calls),
		cmocka_unit_test(test_loc_list_class),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
