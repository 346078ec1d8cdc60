/* A JSON writer: objects and arrays, commas and key quoting done for the
 * caller, strings escaped by core's json_quote, compact output (no spaces;
 * jw_newline ends a JSON-lines record). Every write is checked: the first
 * failure's errno is kept, later writes are skipped, jw_close returns it. */
#ifndef GCNABI_JSONW_H
#define GCNABI_JSONW_H

#include <stdbool.h>
#include <stdio.h>

enum { JSONW_MAX_DEPTH = 16, JSONW_PATH_MAX = 768 };

typedef struct {
	FILE *f;           /* NULL: the writer is off and every call does nothing */
	char path[JSONW_PATH_MAX]; /* jw_open's, for messages ("" after jw_init) */
	int error;         /* errno of the first failure, 0 while none */
	unsigned depth;
	char close[JSONW_MAX_DEPTH]; /* '}' or ']' of each open container */
	bool need_comma[JSONW_MAX_DEPTH + 1];
	bool after_key;    /* a key was written: its value follows, no comma */
} JsonWriter;

/* Writes to f (NULL: off); jw_open opens path for writing and keeps its
 * name, false (error set) when it cannot. */
void jw_init(JsonWriter *w, FILE *f);
bool jw_open(JsonWriter *w, const char *path);
bool jw_on(const JsonWriter *w);

void jw_object(JsonWriter *w); /* { */
void jw_array(JsonWriter *w);  /* [ */
void jw_end(JsonWriter *w);    /* the } or ] of the innermost container */
void jw_key(JsonWriter *w, const char *key);
void jw_string(JsonWriter *w, const char *s); /* NULL: null */
void jw_uint(JsonWriter *w, unsigned long long v);
void jw_int(JsonWriter *w, long long v);
void jw_fixed(JsonWriter *w, double v); /* three decimals; null when not finite */
void jw_bool(JsonWriter *w, bool v);
void jw_null(JsonWriter *w);
void jw_raw(JsonWriter *w, const char *json); /* a value that is JSON already */
void jw_newline(JsonWriter *w);

/* key: value */
void jw_kstring(JsonWriter *w, const char *key, const char *s);
void jw_kuint(JsonWriter *w, const char *key, unsigned long long v);
void jw_kint(JsonWriter *w, const char *key, long long v);
void jw_kfixed(JsonWriter *w, const char *key, double v);
void jw_kbool(JsonWriter *w, const char *key, bool v);
void jw_kraw(JsonWriter *w, const char *key, const char *json);
void jw_kobject(JsonWriter *w, const char *key);
void jw_karray(JsonWriter *w, const char *key);

/* Marks the writer failed with errno e (the first failure wins). */
void jw_fail(JsonWriter *w, int e);
/* Flushes and closes the file (the writer is off afterwards); the errno of
 * the first failed write, flush or close, 0 when every write succeeded or
 * the writer was off. */
int jw_close(JsonWriter *w);

#endif
