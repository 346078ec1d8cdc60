/* What the signature unit tests share (test_sig.c, test_sig_module.c):
 * modules parsed into a collection, single headers parsed, expected
 * errors, types printed, and the printer's fixed point with the parser. */
#ifndef GCNABI_SIG_FIXTURE_H
#define GCNABI_SIG_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sig.h"

enum { MAX_COLLECTED = 16 };

/* What sig_parse_module handed to the sink, in order. */
typedef struct {
	unsigned n, failed;
	bool ok[MAX_COLLECTED];
	Sig sig[MAX_COLLECTED];
	SigError err[MAX_COLLECTED];
	unsigned stop_after; /* sink asks to stop after this many calls; 0 = never */
} Collected;

/* The text in a heap block of exactly its length, so ASan sees any read past the end. */
static inline char *exact_copy(const char *text, size_t len)
{
	char *copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, text, len);
	return copy;
}

static inline int collect_sink(void *ctx, const Sig *s, const SigError *err)
{
	Collected *c = ctx;
	assert_true((s == NULL) != (err == NULL));
	if (c->n < MAX_COLLECTED) {
		c->ok[c->n] = s != NULL;
		if (s)
			c->sig[c->n] = *s;
		else
			c->err[c->n] = *err;
	}
	c->n++;
	return c->stop_after && c->n >= c->stop_after;
}

static inline Collected *parse_module_stop(const char *text, unsigned stop_after)
{
	Collected *c = calloc(1, sizeof *c);
	assert_non_null(c);
	c->stop_after = stop_after;
	char *copy = exact_copy(text, strlen(text));
	c->failed = sig_parse_module(copy, strlen(text), collect_sink, c);
	free(copy);
	return c;
}

static inline Collected *parse_module(const char *text) { return parse_module_stop(text, 0); }

/* Parses one header that must be valid; the Sig lives until the next call. */
static inline const Sig *parse(const char *text)
{
	static Sig s;
	SigError err;
	char *copy = exact_copy(text, strlen(text));
	bool ok = sig_parse_header(copy, strlen(text), &s, &err);
	free(copy);
	if (!ok)
		fail_msg("'%s': %u:%u %s", text, err.line, err.col, err.msg);
	return &s;
}

static inline void expect_header_error(const char *text, uint32_t line, uint32_t col, const char *msg)
{
	Sig *s = malloc(sizeof *s);
	SigError err;
	char *copy = exact_copy(text, strlen(text));
	bool ok = sig_parse_header(copy, strlen(text), s, &err);
	free(copy);
	free(s);
	if (ok)
		fail_msg("'%s' parsed, expected error '%s'", text, msg);
	if (err.line != line || err.col != col || !strstr(err.msg, msg))
		fail_msg("'%s': got %u:%u '%s', expected %u:%u '%s'", text, err.line, err.col, err.msg, line, col, msg);
}

static inline const char *type_text(const Sig *s, TypeId t, bool typed_ptrs)
{
	static char buf[1024];
	size_t n = type_print(s, t, typed_ptrs, buf, sizeof buf);
	assert_true(n < sizeof buf);
	return buf;
}

static inline const Type *param_type(const Sig *s, unsigned i) { return sig_type(s, s->params[i].type); }

/* sig_print then sig_parse_header gives an equal Sig that prints the same. */
static inline void assert_fixed_point(const Sig *s)
{
	Sig *back = malloc(sizeof *back);
	for (int typed = 0; typed < 2; typed++) {
		char first[8192], second[8192];
		SigError err;
		size_t n = sig_print(s, typed, first, sizeof first);
		assert_true(n < sizeof first);
		assert_int_equal(n, strlen(first));
		if (!sig_parse_header(first, n, back, &err))
			fail_msg("reparse of '%s': %u:%u %s", first, err.line, err.col, err.msg);
		if (!sig_equal(s, back))
			fail_msg("'%s' reparsed to a different Sig", first);
		sig_print(back, typed, second, sizeof second);
		assert_string_equal(first, second);
	}
	free(back);
}

#endif
