/* The CPU table (core/target.c): every name and alias llc takes finds its
 * row, nothing else does (no prefix, no empty name, no alias shared). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "target.h"

static void test_aliases(void **state)
{
	(void)state;
	static const struct {
		const char *alias, *gfx;
	} known[] = { { "tahiti", "gfx600" }, { "kaveri", "gfx700" }, { "hawaii", "gfx701" },
		      { "fiji", "gfx803" },   { "polaris10", "gfx803" }, { "polaris11", "gfx803" } };
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		const Target *t = target_find(known[i].alias);
		assert_non_null(t);
		assert_string_equal(t->name, known[i].gfx);
	}
	static const char *const unknown[] = { "", "fij", "polaris1", "polaris", "hawaii ", " hawaii", "gfx9999",
					       "gfx70", "tahiti kaveri" };
	for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
		if (target_find(unknown[i]))
			fail_msg("'%s' found a CPU", unknown[i]);
}

/* Every row found by its own name and each of its aliases, and by no
 * other row's. */
static void test_every_row(void **state)
{
	(void)state;
	for (unsigned i = 0; target_at(i); i++) {
		const Target *t = target_at(i);
		assert_ptr_equal(target_find(t->name), t);
		for (const char *p = t->aliases; p && *p;) {
			size_t n = strcspn(p, " ");
			char alias[32];
			assert_true(n > 0 && n < sizeof alias);
			memcpy(alias, p, n);
			alias[n] = 0;
			if (target_find(alias) != t)
				fail_msg("alias '%s' of %s finds another row", alias, t->name);
			p += n + (p[n] == ' ');
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_aliases),
		cmocka_unit_test(test_every_row),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
