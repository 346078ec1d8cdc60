/* File input, layout lookup and the model options that several subcommands
 * share. */
#define _DEFAULT_SOURCE /* MAP_POPULATE */
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

char *read_file(const char *path, size_t *len, char *err, size_t err_cap)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(err, err_cap, "%s: %s", path, strerror(errno));
		return 0;
	}
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (!buf) {
			snprintf(err, err_cap, "%s: out of memory", path);
			break;
		}
		size_t k = fread(buf + n, 1, cap - n - 1, f);
		n += k;
		if (n + 1 < cap) {
			if (ferror(f)) {
				snprintf(err, err_cap, "%s: read error", path);
				free(buf);
				buf = 0;
			}
			break;
		}
		cap *= 2;
		char *grown = realloc(buf, cap);
		if (!grown)
			free(buf);
		buf = grown;
	}
	if (f != stdin)
		fclose(f);
	if (!buf)
		return 0;
	buf[n] = 0;
	*len = n;
	return buf;
}

bool sig_list_append(Sig ***sigs, unsigned *n, const Sig *s)
{
	Sig **grown = realloc(*sigs, (*n + 1) * sizeof *grown);
	if (!grown)
		return false;
	*sigs = grown;
	Sig *copy = malloc(sizeof *copy);
	if (!copy)
		return false;
	*copy = *s;
	grown[(*n)++] = copy;
	return true;
}

const char *map_file(const char *path, size_t *len, char *err, size_t err_cap)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(err, err_cap, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return 0;
	}
	*len = (size_t)st.st_size;
	if (*len == 0) {
		close(fd);
		return "";
	}
	void *p = mmap(0, *len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		snprintf(err, err_cap, "%s: %s", path, strerror(errno));
		return 0;
	}
	return p;
}

void unmap_file(const char *text, size_t len)
{
	if (text && len)
		munmap((void *)text, len);
}

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

void model_options_default(ModelOptions *o)
{
	*o = (ModelOptions){ profile_newest()->name, "old", target_default()->name, 0, SEL_DAG, false, false, OS_AMDPAL };
}

bool model_option(ModelOptions *o, const char *name, const char *val, bool *bad)
{
	*bad = false;
	if (strcmp(name, "--profile") == 0) {
		/* A profile name, or the output of `llc --version`. */
		const Profile *p = profile_find(val);
		if (!p) {
			p = profile_for_version_text(val, strlen(val));
			unsigned major = profile_version_major(val, strlen(val));
			if (p && p->major != major)
				fprintf(stderr, "gcnabi: warning: --profile '%s': gcnabi has no profile for LLVM %u; the model "
						"follows %s, the nearest older\n", val, major, p->name);
		}
		o->profile = p ? p->name : val;
		*bad = !p;
	} else if (strcmp(name, "--layout") == 0) {
		o->layout = val;
	} else if (strcmp(name, "--mcpu") == 0) {
		o->cpu = val;
		*bad = !target_find(val);
	} else if (strcmp(name, "--wave") == 0) {
		o->wave = (unsigned)atoi(val);
		*bad = o->wave != 32 && o->wave != 64;
	} else if (strcmp(name, "--selector") == 0) {
		*bad = strcmp(val, "dag") != 0 && strcmp(val, "gisel") != 0;
		o->selector = strcmp(val, "gisel") == 0 ? SEL_GISEL : SEL_DAG;
	} else if (strcmp(name, "--triple") == 0) {
		*bad = !target_os_parse(val, &o->os);
	} else {
		return false;
	}
	return true;
}

bool switch_parse(const char *command, const char *val, unsigned *index, bool *on)
{
	size_t n = strcspn(val, "=");
	const char *v = val[n] ? val + n + 1 : "";
	*on = strcmp(v, "on") == 0 || strcmp(v, "1") == 0;
	if (!*on && strcmp(v, "off") != 0 && strcmp(v, "0") != 0)
		return fprintf(stderr, "gcnabi %s: --switch takes NAME=on or NAME=off, not '%s'\n", command, val), false;
	for (unsigned k = 0; k < SW_COUNT; k++)
		if (strlen(profile_switch_names[k]) == n && strncmp(profile_switch_names[k], val, n) == 0) {
			*index = k;
			return true;
		}
	return fprintf(stderr, "gcnabi %s: --switch: no switch named '%.*s' (gcnabi profiles lists them)\n", command, (int)n,
		       val),
	       false;
}

void buf_put(Buf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p) {
			b->failed = true;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

void buf_printf(Buf *b, const char *fmt, ...)
{
	char small[1024];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if ((size_t)k < sizeof small) {
		buf_put(b, small, (size_t)k);
		return;
	}
	char *big = malloc((size_t)k + 1);
	if (!big) {
		b->failed = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)k + 1, fmt, ap);
	va_end(ap);
	buf_put(b, big, (size_t)k);
	free(big);
}

void buf_free(Buf *b)
{
	free(b->p);
	*b = (Buf){ 0 };
}

void fput_json_string(FILE *f, const char *s)
{
	char small[512];
	size_t n = json_quote(s, small, sizeof small);
	if (n < sizeof small) {
		fputs(small, f);
		return;
	}
	char *big = malloc(n + 1);
	if (big) {
		json_quote(s, big, n + 1);
		fputs(big, f);
		free(big);
	}
}
