/* A small, strict JSON reader (RFC 8259) for the --json contract: text in, a
 * tree out, every node allocated from an arena that one call frees. Errors
 * give the line and the column (in bytes) of the offending byte. Built to be
 * fuzzed: bounded nesting, UTF-8 checked, lengths everywhere, never trusts
 * its input. */
#ifndef GCNABI_JSON_H
#define GCNABI_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { JSON_MAX_DEPTH = 64 }; /* arrays and objects nested deeper are an error */

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonKind;

typedef struct JsonValue JsonValue;
struct JsonValue {
	JsonKind kind;
	uint32_t line, col;  /* where the value starts, 1-based */
	bool boolean;        /* BOOL */
	double number;       /* NUMBER (±HUGE_VAL when out of range) */
	const char *str;     /* STRING: decoded UTF-8; NUMBER: its text. NUL-terminated, */
	size_t len;          /* but a string may hold NULs (\u0000): len is its length */
	const char *key;     /* a member of an object: its decoded key, */
	size_t key_len;      /* key_len bytes */
	JsonValue *first;    /* ARRAY, OBJECT: first element or member, in text order */
	JsonValue *next;     /* the next element or member of the parent */
	size_t count;        /* ARRAY, OBJECT: how many */
};

typedef struct {
	uint32_t line, col;  /* 1-based */
	char msg[128];       /* "expected ',' or '}', found 'x'" */
} JsonError;

/* Every value of every json_parse on one arena lives until it is freed. */
typedef struct JsonArena JsonArena;
JsonArena *json_arena_new(void);
void json_arena_free(JsonArena *a);

/* Exactly one value, with only whitespace around it; NULL on error (err
 * says where and why; out of memory is an error too). */
const JsonValue *json_parse(JsonArena *a, const char *text, size_t len, JsonError *err);

/* The member named key of an object (keys are unique: the parser rejects
 * duplicates); NULL when absent or obj is not an object. */
const JsonValue *json_get(const JsonValue *obj, const char *key);
/* A number written as a plain integer in 0..UINT32_MAX ("4", not "4.0"). */
bool json_u32(const JsonValue *v, uint32_t *out);
/* A string without NUL bytes, usable as a C string. */
bool json_cstr(const JsonValue *v);

#endif
