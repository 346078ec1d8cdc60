/* The JSON writer (cli/jsonw.h): commas and nesting, keys and values,
 * escaping through json_quote (long strings too), JSON lines, an off
 * writer, misuse, and failed writes reported with their errno. */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static char *text;
static size_t len;

static void start(JsonWriter *w)
{
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	jw_init(w, f);
}

/* Closes w and compares what it wrote. */
static void expect(JsonWriter *w, const char *want)
{
	assert_int_equal(jw_close(w), 0);
	assert_string_equal(text, want);
	free(text);
	text = 0;
}

static void test_nesting_and_commas(void **state)
{
	(void)state;
	JsonWriter w;
	start(&w);
	jw_object(&w);
	jw_kstring(&w, "a", "x");
	jw_kuint(&w, "n", 18446744073709551615ull);
	jw_kint(&w, "i", -3);
	jw_karray(&w, "list");
	jw_uint(&w, 1);
	jw_object(&w);
	jw_end(&w);
	jw_array(&w);
	jw_end(&w);
	jw_null(&w);
	jw_bool(&w, false);
	jw_end(&w);
	jw_kobject(&w, "o");
	jw_kbool(&w, "t", true);
	jw_kraw(&w, "raw", "{\"k\":[1,2]}");
	jw_end(&w);
	jw_kstring(&w, "none", NULL);
	jw_kfixed(&w, "pct", 99.5);
	jw_kfixed(&w, "nan", NAN);
	jw_end(&w);
	expect(&w, "{\"a\":\"x\",\"n\":18446744073709551615,\"i\":-3,\"list\":[1,{},[],null,false],"
		   "\"o\":{\"t\":true,\"raw\":{\"k\":[1,2]}},\"none\":null,\"pct\":99.500,\"nan\":null}");
}

/* JSON lines: a newline ends a record, the next starts without a comma. */
static void test_lines(void **state)
{
	(void)state;
	JsonWriter w;
	start(&w);
	for (int k = 0; k < 3; k++) {
		jw_object(&w);
		jw_kint(&w, "k", k);
		jw_end(&w);
		jw_newline(&w);
	}
	expect(&w, "{\"k\":0}\n{\"k\":1}\n{\"k\":2}\n");
}

static void test_escaping(void **state)
{
	(void)state;
	JsonWriter w;
	start(&w);
	jw_object(&w);
	jw_kstring(&w, "q\"k", "a\"b\\c\nd\te\x01");
	jw_end(&w);
	expect(&w, "{\"q\\\"k\":\"a\\\"b\\\\c\\u000ad\\u0009e\\u0001\"}");
	/* Longer than the writer's stack buffer: escaped in full all the same. */
	char big[3000], want[6100];
	memset(big, '"', sizeof big - 1);
	big[sizeof big - 1] = 0;
	size_t n = 0;
	want[n++] = '"';
	for (size_t k = 0; k < sizeof big - 1; k++)
		want[n++] = '\\', want[n++] = '"';
	want[n++] = '"';
	want[n] = 0;
	start(&w);
	jw_string(&w, big);
	expect(&w, want);
}

/* A writer without a file does nothing and reports nothing. */
static void test_off(void **state)
{
	(void)state;
	JsonWriter w;
	jw_init(&w, NULL);
	assert_false(jw_on(&w));
	jw_object(&w);
	jw_kstring(&w, "a", "b");
	jw_end(&w);
	assert_int_equal(jw_close(&w), 0);
}

static void test_misuse(void **state)
{
	(void)state;
	JsonWriter w;
	start(&w);
	jw_end(&w);
	assert_int_equal(jw_close(&w), EINVAL);
	free(text);
	start(&w);
	for (int k = 0; k <= JSONW_MAX_DEPTH; k++)
		jw_array(&w);
	assert_int_equal(jw_close(&w), EOVERFLOW);
	free(text);
	text = 0;
}

/* A full disk: the failure shows at the latest when the file is closed,
 * with its errno, and writes after it are skipped. */
static void test_failed_writes(void **state)
{
	(void)state;
	JsonWriter w;
	assert_true(jw_open(&w, "/dev/full"));
	assert_string_equal(w.path, "/dev/full");
	for (int k = 0; k < 20000; k++) {
		jw_object(&w);
		jw_kstring(&w, "pad", "................................................................");
		jw_end(&w);
		jw_newline(&w);
	}
	assert_int_equal(jw_close(&w), ENOSPC);
	assert_false(jw_on(&w));
	assert_int_equal(jw_close(&w), ENOSPC);
	/* One small write, only buffered until the close. */
	assert_true(jw_open(&w, "/dev/full"));
	jw_uint(&w, 1);
	assert_int_equal(w.error, 0);
	assert_int_equal(jw_close(&w), ENOSPC);
	assert_false(jw_open(&w, "/nonexistent-dir/x.json"));
	assert_int_equal(w.error, ENOENT);
	assert_int_equal(jw_close(&w), ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nesting_and_commas),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_off),
		cmocka_unit_test(test_misuse),
		cmocka_unit_test(test_failed_writes),
	};
	return cmocka_run_group_tests_name("jsonw", tests, NULL, NULL);
}
