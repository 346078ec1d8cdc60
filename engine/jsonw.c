/* The JSON writer (jsonw.h). Writes go straight to the stream; after the
 * first failure the writer only remembers why. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "jsonw.h"
#include "place.h"

void jw_init(JsonWriter *w, FILE *f)
{
	memset(w, 0, sizeof *w);
	w->f = f;
}

bool jw_open(JsonWriter *w, const char *path)
{
	jw_init(w, fopen_fresh(path));
	snprintf(w->path, sizeof w->path, "%s", path);
	if (!w->f)
		w->error = errno ? errno : EIO;
	return w->f != NULL;
}

bool jw_on(const JsonWriter *w) { return w->f != NULL; }

void jw_fail(JsonWriter *w, int e)
{
	if (!w->error)
		w->error = e ? e : EIO;
}

static void put(JsonWriter *w, const char *s, size_t n)
{
	if (!w->f || w->error)
		return;
	errno = 0;
	if (fwrite(s, 1, n, w->f) != n)
		jw_fail(w, errno);
}

/* Before a key or a value: the comma after the container's previous member,
 * unless this is the value of the key just written. */
static void separate(JsonWriter *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->need_comma[w->depth])
		put(w, ",", 1);
	w->need_comma[w->depth] = true;
}

static void quoted(JsonWriter *w, const char *s)
{
	char small[512];
	size_t n = json_quote(s, small, sizeof small);
	if (n < sizeof small) {
		put(w, small, n);
		return;
	}
	char *big = malloc(n + 1);
	if (!big) {
		jw_fail(w, ENOMEM);
		return;
	}
	json_quote(s, big, n + 1);
	put(w, big, n);
	free(big);
}

static void open_container(JsonWriter *w, char open, char close)
{
	separate(w);
	if (w->depth == JSONW_MAX_DEPTH) {
		jw_fail(w, EOVERFLOW);
		return;
	}
	put(w, &open, 1);
	w->close[w->depth++] = close;
	w->need_comma[w->depth] = false;
}

void jw_object(JsonWriter *w) { open_container(w, '{', '}'); }
void jw_array(JsonWriter *w) { open_container(w, '[', ']'); }

void jw_end(JsonWriter *w)
{
	if (w->depth == 0) {
		jw_fail(w, EINVAL);
		return;
	}
	w->depth--;
	put(w, &w->close[w->depth], 1);
}

void jw_key(JsonWriter *w, const char *key)
{
	separate(w);
	quoted(w, key);
	put(w, ":", 1);
	w->after_key = true;
}

void jw_raw(JsonWriter *w, const char *json)
{
	separate(w);
	put(w, json, strlen(json));
}

void jw_string(JsonWriter *w, const char *s)
{
	if (!s) {
		jw_null(w);
		return;
	}
	separate(w);
	quoted(w, s);
}

void jw_uint(JsonWriter *w, unsigned long long v)
{
	char text[24];
	snprintf(text, sizeof text, "%llu", v);
	jw_raw(w, text);
}

void jw_int(JsonWriter *w, long long v)
{
	char text[24];
	snprintf(text, sizeof text, "%lld", v);
	jw_raw(w, text);
}

void jw_fixed(JsonWriter *w, double v)
{
	char text[64];
	if (!isfinite(v) || v > 1e15 || v < -1e15)
		snprintf(text, sizeof text, "null");
	else
		snprintf(text, sizeof text, "%.3f", v);
	jw_raw(w, text);
}

void jw_bool(JsonWriter *w, bool v) { jw_raw(w, v ? "true" : "false"); }
void jw_null(JsonWriter *w) { jw_raw(w, "null"); }

void jw_newline(JsonWriter *w)
{
	put(w, "\n", 1);
	w->need_comma[0] = false;
}

void jw_kstring(JsonWriter *w, const char *key, const char *s) { jw_key(w, key), jw_string(w, s); }
void jw_kuint(JsonWriter *w, const char *key, unsigned long long v) { jw_key(w, key), jw_uint(w, v); }
void jw_kint(JsonWriter *w, const char *key, long long v) { jw_key(w, key), jw_int(w, v); }
void jw_kfixed(JsonWriter *w, const char *key, double v) { jw_key(w, key), jw_fixed(w, v); }
void jw_kbool(JsonWriter *w, const char *key, bool v) { jw_key(w, key), jw_bool(w, v); }
void jw_kraw(JsonWriter *w, const char *key, const char *json) { jw_key(w, key), jw_raw(w, json); }
void jw_kobject(JsonWriter *w, const char *key) { jw_key(w, key), jw_object(w); }
void jw_karray(JsonWriter *w, const char *key) { jw_key(w, key), jw_array(w); }

int jw_close(JsonWriter *w)
{
	if (w->f) {
		errno = 0;
		if (fflush(w->f) != 0 || ferror(w->f))
			jw_fail(w, errno);
		errno = 0;
		if (fclose(w->f) != 0)
			jw_fail(w, errno);
		w->f = NULL;
	}
	return w->error;
}
