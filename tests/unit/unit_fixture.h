/* What the unit tests share: the old layout (layouts/old.layout, the tests
 * run from the repository's root) and the fixtures beside them. */
#ifndef GCNABI_UNIT_FIXTURE_H
#define GCNABI_UNIT_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

static inline int unit_load_old_layout(Layout *out)
{
	FILE *f = fopen("layouts/old.layout", "rb");
	char text[8192];
	size_t n = f ? fread(text, 1, sizeof text, f) : 0;
	if (f)
		fclose(f);
	LayoutError e;
	return layout_parse(text, n, out, &e) ? 0 : -1;
}

/* tests/fixtures/<dir>/<name>, NUL-terminated; NULL (path in *path) if it
 * cannot be read. file is the test's __FILE__ (tests/unit/test_*.c). */
static inline char *unit_read_fixture(const char *file, const char *dir, const char *name, size_t *len, char *path,
				      size_t cap)
{
	const char *slash = strrchr(file, '/');
	int d = slash ? (int)(slash - file) : 1;
	snprintf(path, cap, "%.*s/../fixtures/%s/%s", d, slash ? file : ".", dir, name);
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return 0;
	fseek(fp, 0, SEEK_END);
	long n = ftell(fp);
	rewind(fp);
	char *text = n >= 0 ? malloc((size_t)n + 1) : 0;
	if (!text || fread(text, 1, (size_t)n, fp) != (size_t)n) {
		free(text);
		fclose(fp);
		return 0;
	}
	fclose(fp);
	text[n] = 0;
	*len = (size_t)n;
	return text;
}

#endif
