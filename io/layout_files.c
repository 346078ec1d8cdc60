/* Layout files by name or path: the layouts folder ($GCNABI_LAYOUTS, else
 * the one beside the binary's build/ folder) and the parsed layout. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"

/* The layouts/ folder of the checkout the binary was built in. */
static bool layouts_beside_binary(char *dir, size_t cap)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = 0;
	for (int up = 0; up < 2; up++) {
		char *slash = strrchr(exe, '/');
		if (!slash)
			return false;
		*slash = 0;
	}
	return (size_t)snprintf(dir, cap, "%s/layouts", exe) < cap;
}

void layout_folder(char *dir, size_t cap)
{
	const char *env = getenv("GCNABI_LAYOUTS");
	if (env && *env)
		snprintf(dir, cap, "%s", env);
	else if (!layouts_beside_binary(dir, cap))
		snprintf(dir, cap, "layouts");
}

void layout_path(const char *name_or_path, char *path, size_t cap)
{
	if (strchr(name_or_path, '/') || strstr(name_or_path, ".layout")) {
		snprintf(path, cap, "%s", name_or_path);
		return;
	}
	char dir[PATH_MAX];
	layout_folder(dir, sizeof dir);
	snprintf(path, cap, "%s/%s.layout", dir, name_or_path);
}

bool layout_load(const char *name_or_path, Layout *out, char *err, size_t err_cap)
{
	char path[PATH_MAX + 64];
	layout_path(name_or_path, path, sizeof path);
	size_t len;
	char *text = read_file(path, &len, err, err_cap);
	if (!text)
		return false;
	LayoutError le;
	bool ok = layout_parse(text, len, out, &le);
	free(text);
	if (!ok) {
		if (le.line)
			snprintf(err, err_cap, "%s:%u:%u: %s", path, le.line, le.col, le.msg);
		else
			snprintf(err, err_cap, "%s: %s", path, le.msg);
	}
	return ok;
}
