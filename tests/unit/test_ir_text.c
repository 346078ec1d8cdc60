/* ir_escape (core/ir_text.c), the one way input text reaches generated IR:
 * each kind's exact output, and that no input can end a comment line or a
 * RUN line's word, or cut a quoted name short. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "ir_text.h"

typedef struct {
	IrText kind;
	const char *in, *out;
} Case;

static const Case cases[] = {
	{ IR_NAME, "f0", "f0" },
	{ IR_NAME, "0f", "\"0f\"" },
	{ IR_NAME, "a b", "\"a b\"" },
	{ IR_NAME, "q\"\\\n", "\"q\\22\\5C\\0A\"" },
	{ IR_COMMENT, "a path/with spaces;ok", "a path/with spaces;ok" },
	{ IR_COMMENT, "x\ny\r\x7f", "x\\0Ay\\0D\\7F" },
	{ IR_RUN_WORD, "/usr/lib/llvm-22/bin/llc", "/usr/lib/llvm-22/bin/llc" },
	{ IR_RUN_WORD, "-mattr=+wavefrontsize32,-xnack", "-mattr=+wavefrontsize32,-xnack" },
	{ IR_RUN_WORD, "%s", "%s" },
	{ IR_RUN_WORD, "/opt/my llc/llc", "'/opt/my llc/llc'" },
	{ IR_RUN_WORD, "/x;rm -rf ~;/llc", "'/x;rm -rf ~;/llc'" },
	{ IR_RUN_WORD, "it's", "'it'\\''s'" },
	{ IR_RUN_WORD, "$(id)`id`", "'$(id)`id`'" },
	{ IR_RUN_WORD, "a\nb", "'a\\0Ab'" },
	{ IR_RUN_WORD, "", "''" },
};

static void test_cases(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char buf[128];
		size_t n = ir_escape(cases[i].kind, cases[i].in, strlen(cases[i].in), buf, sizeof buf);
		if (strcmp(buf, cases[i].out) != 0 || n != strlen(cases[i].out))
			fail_msg("case %zu: got %s (%zu), want %s", i, buf, n, cases[i].out);
	}
}

/* Every byte, in every kind: no line break or other control survives,
 * and a quoted name or RUN word is closed by its own quote only. */
static void test_every_byte(void **state)
{
	(void)state;
	for (unsigned kind = IR_NAME; kind <= IR_RUN_WORD; kind++)
		for (unsigned c = 1; c < 256; c++) {
			char in[4] = { 'a', (char)c, 'b', 0 }, buf[64];
			ir_escape((IrText)kind, in, 3, buf, sizeof buf);
			for (const char *p = buf; *p; p++)
				if ((unsigned char)*p < 0x20 || *p == 0x7f)
					fail_msg("kind %u byte %02X: a control survives in %s", kind, c, buf);
			if (kind == IR_NAME && buf[0] == '"' && strchr(buf + 1, '"') != buf + strlen(buf) - 1)
				fail_msg("byte %02X: the name's quote closes early in %s", c, buf);
		}
}

/* Cut to fit like snprintf: NUL-terminated, the full length returned. */
static void test_truncation(void **state)
{
	(void)state;
	char buf[5];
	assert_int_equal(ir_escape(IR_RUN_WORD, "a b c", 5, buf, sizeof buf), 7);
	assert_string_equal(buf, "'a b");
	assert_int_equal(ir_escape(IR_COMMENT, "abc", 3, buf, 0), 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_every_byte),
		cmocka_unit_test(test_truncation),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
