/* Layout-file parser: any bytes give a validated Layout or a positioned
 * error; a layout that parses prints in the canonical format, which parses
 * to the identical Layout and prints back byte for byte. */
#include <string.h>

#include "fuzz.h"
#include "layout.h"

static char printed[1 << 16], reprinted[1 << 16];

static bool range_equal(const RegRange *a, const RegRange *b)
{
	return a->kind == b->kind && a->first == b->first && a->count == b->count;
}

/* Field by field: padding bytes are not part of a Layout. */
static bool layout_equal(const Layout *a, const Layout *b)
{
	if (strcmp(a->name, b->name) != 0)
		return false;
	for (int i = 0; i < ROLE_COUNT; i++)
		if (!range_equal(&a->role[i], &b->role[i]))
			return false;
	for (int p = 0; p < POOL_COUNT; p++) {
		if (a->pool[p].n != b->pool[p].n)
			return false;
		for (unsigned k = 0; k < a->pool[p].n; k++)
			if (!range_equal(&a->pool[p].r[k], &b->pool[p].r[k]))
				return false;
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Layout l, again;
	LayoutError err;
	if (!layout_parse((const char *)data, size, &l, &err)) {
		size_t n = strnlen(err.msg, sizeof err.msg);
		FUZZ_ASSERT_MSG(n > 0 && n < sizeof err.msg, "layout refused without a reason");
		return 0;
	}
	size_t n = layout_print(&l, printed, sizeof printed);
	FUZZ_ASSERT(n < sizeof printed);
	FUZZ_ASSERT_MSG(layout_parse(printed, n, &again, &err), "printed layout does not parse: %u:%u: %s\n%s", err.line,
			err.col, err.msg, printed);
	FUZZ_ASSERT_MSG(layout_equal(&l, &again),
			"printed layout parses differently:\n%s", printed);
	size_t m = layout_print(&again, reprinted, sizeof reprinted);
	FUZZ_ASSERT_MSG(m == n && memcmp(printed, reprinted, n) == 0, "layout printing is not a fixed point:\n%s\n---\n%s",
			printed, reprinted);
	return 0;
}
