/* The growable text buffer (Buf) and a JSON string written to a stream. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

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

const char *buf_cstr(const Buf *b)
{
	return b->p ? b->p : "";
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
