/* HSA metadata reader; see hsa.h. Only the subset of YAML llc writes:
 * one key per line, list items as "- " at the item's indentation, kernel
 * keys at column 4 and argument keys at column 8. */
#include "hsa.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char *p, *end;
	uint32_t line;
	MirSink sink;
	void *ctx;
	MirError *err;
	MirFunction *f;
	bool in_kernel, in_args, arg_open, arg_hidden, arg_has_offset, arg_has_size;
	uint32_t arg_offset, arg_size;
	const char *text, *desc_cursor; /* where the last kernel descriptor was found */
} Hsa;

static MirStatus malformed(Hsa *h, uint32_t col, const char *fmt, ...)
{
	if (h->err) {
		va_list ap;
		va_start(ap, fmt);
		h->err->line = h->line;
		h->err->col = col;
		vsnprintf(h->err->msg, sizeof h->err->msg, fmt, ap);
		va_end(ap);
		snprintf(h->err->function, sizeof h->err->function, "%s", h->in_kernel ? h->f->name : "");
	}
	return MIR_MALFORMED;
}

static void kernel_start(Hsa *h)
{
	MirFunction *f = h->f;
	memset(f, 0, sizeof *f);
	place_init(&f->in);
	f->line = h->line;
	f->grouped = true;
	f->in.kernarg = true;
	h->in_kernel = true;
	h->in_args = false;
}

/* The argument just read: hidden ones are the runtime's, not the signature's. */
static MirStatus arg_end(Hsa *h, uint32_t col)
{
	Placement *p = &h->f->in;
	if (!h->in_args || !h->arg_open || h->arg_hidden)
		goto done;
	if (!h->arg_has_offset || !h->arg_has_size)
		return malformed(h, col, "kernel argument without %s", h->arg_has_offset ? ".size" : ".offset");
	if (p->nargs >= SIG_MAX_PARAMS)
		return malformed(h, col, "more than %u kernel arguments", (unsigned)SIG_MAX_PARAMS);
	p->args[p->nargs].first = (uint16_t)p->nlocs;
	p->args[p->nargs].count = 1;
	p->locs[p->nlocs++] = (Loc){ .kind = LOC_KERNARG, .reg = 0, .offset = h->arg_offset, .size = h->arg_size };
	p->nargs++;
	if ((uint64_t)h->arg_offset + h->arg_size > p->kernarg_size)
		p->kernarg_size = h->arg_offset + h->arg_size;
done:
	h->arg_open = h->arg_hidden = h->arg_has_offset = h->arg_has_size = false;
	return MIR_OK;
}

static bool number(const char *v, size_t n, uint32_t *out);

/* Leading bytes of s[0..n) in set: strspn bounded by n (a line of a text
 * that need not end with a NUL). */
static size_t span(const char *s, size_t n, const char *set)
{
	size_t i = 0;
	while (i < n && s[i] && strchr(set, s[i]))
		i++;
	return i;
}

static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	return nl ? nl : end;
}

/* The value of "<spaces>.amdhsa_user_sgpr_<key> N" into u. */
static void descriptor_line(UserSgprs *u, const char *s, const char *e)
{
	static const char pre[] = ".amdhsa_user_sgpr_";
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	if ((size_t)(e - s) < sizeof pre || memcmp(s, pre, sizeof pre - 1) != 0)
		return;
	s += sizeof pre - 1;
	const char *k = s;
	while (s < e && *s != ' ' && *s != '\t')
		s++;
	size_t klen = (size_t)(s - k);
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	uint32_t v;
	const char *ve = s;
	while (ve < e && *ve >= '0' && *ve <= '9')
		ve++;
	if (!number(s, (size_t)(ve - s), &v) || v > 255)
		return;
	if (klen == 5 && memcmp(k, "count", 5) == 0)
		u->count = (uint8_t)v;
	else if (klen == 22 && memcmp(k, "kernarg_preload_length", 22) == 0)
		u->preload_length = (uint8_t)v;
	else if (klen == 22 && memcmp(k, "kernarg_preload_offset", 22) == 0)
		u->preload_offset = (uint8_t)v;
	else
		for (unsigned i = 0; i < USGPR_COUNT; i++)
			if (strlen(user_sgpr_names[i]) == klen && memcmp(k, user_sgpr_names[i], klen) == 0 && v)
				u->enabled |= (uint8_t)(1u << i);
}

/* The kernel descriptor (.amdhsa_kernel NAME ... .end_amdhsa_kernel) of the
 * kernel just read, searched from where the last one was found: its user
 * SGPR directives. Not found leaves them unknown. */
static void kernel_descriptor(Hsa *h)
{
	static const char key[] = ".amdhsa_kernel ";
	const char *name = h->f->name;
	size_t nlen = strlen(name);
	for (int pass = 0; pass < 2; pass++) {
		const char *from = pass ? h->text : h->desc_cursor, *to = pass ? h->desc_cursor : h->end;
		for (const char *p = from; p < to;) {
			const char *e = line_end(p, h->end), *s = p;
			p = e < h->end ? e + 1 : e;
			while (s < e && (*s == ' ' || *s == '\t'))
				s++;
			if ((size_t)(e - s) < sizeof key - 1 || memcmp(s, key, sizeof key - 1) != 0)
				continue;
			s += sizeof key - 1;
			size_t n = (size_t)(e - s);
			while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
				n--;
			bool quoted = n >= 2 && s[0] == '"' && s[n - 1] == '"';
			if (!(quoted ? n - 2 == nlen && memcmp(s + 1, name, nlen) == 0 : n == nlen && memcmp(s, name, nlen) == 0))
				continue;
			UserSgprs *u = &h->f->in.user;
			u->known = true;
			for (const char *q = p; q < h->end;) {
				const char *qe = line_end(q, h->end), *t = q;
				while (t < qe && (*t == ' ' || *t == '\t'))
					t++;
				if ((size_t)(qe - t) >= 18 && memcmp(t, ".end_amdhsa_kernel", 18) == 0) {
					p = qe;
					break;
				}
				descriptor_line(u, q, qe);
				q = qe < h->end ? qe + 1 : qe;
			}
			h->desc_cursor = p;
			return;
		}
	}
}

static MirStatus kernel_end(Hsa *h)
{
	MirStatus st = arg_end(h, 1);
	h->in_kernel = h->in_args = false;
	if (st != MIR_OK)
		return st;
	kernel_descriptor(h);
	return h->sink(h->ctx, h->f) ? MIR_STOPPED : MIR_OK;
}

static bool number(const char *v, size_t n, uint32_t *out)
{
	uint64_t x = 0;
	if (n == 0 || n > 10)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (v[i] < '0' || v[i] > '9')
			return false;
		x = x * 10 + (uint64_t)(v[i] - '0');
	}
	*out = (uint32_t)x;
	return x <= UINT32_MAX;
}

/* A kernel name: plain, 'single quoted' ('' for a quote) or "double quoted". */
static bool name_value(const char *v, size_t n, char *out, size_t cap)
{
	size_t k = 0;
	if (n >= 2 && (v[0] == '\'' || v[0] == '"') && v[n - 1] == v[0]) {
		char q = v[0];
		for (size_t i = 1; i + 1 < n; i++) {
			if (q == '\'' && v[i] == '\'' && v[i + 1] == '\'')
				i++;
			else if (q == '"' && v[i] == '\\' && i + 2 < n)
				i++;
			if (k + 1 >= cap)
				return false;
			out[k++] = v[i];
		}
	} else {
		if (n >= cap)
			return false;
		memcpy(out, v, n);
		k = n;
	}
	out[k] = 0;
	return true;
}

/* One line of the metadata: "<indent>[- ]key: value". */
static MirStatus metadata_line(Hsa *h, const char *s, size_t n)
{
	size_t indent = span(s, n, " ");
	bool item = indent + 1 < n && s[indent] == '-' && s[indent + 1] == ' ';
	size_t col = item ? indent + 2 : indent;
	const char *key = s + col, *colon = memchr(key, ':', n - col);
	MirStatus st;
	if (!colon)
		return MIR_OK; /* a scalar list item (amdhsa.version) */
	size_t klen = (size_t)(colon - key);
	const char *v = colon + 1, *vend = s + n;
	while (v < vend && *v == ' ')
		v++;
	while (vend > v && (vend[-1] == ' ' || vend[-1] == '\r'))
		vend--;
	size_t vlen = (size_t)(vend - v);
	if (col == 0) { /* a top-level key ends the kernel list */
		if (h->in_kernel && (st = kernel_end(h)) != MIR_OK)
			return st;
		return MIR_OK;
	}
	if (col == 4 || (item && indent == 2)) {
		if (item) {
			if (h->in_kernel && (st = kernel_end(h)) != MIR_OK)
				return st;
			kernel_start(h);
		}
		if ((st = arg_end(h, (uint32_t)col + 1)) != MIR_OK)
			return st;
		h->in_args = klen == 5 && memcmp(key, ".args", 5) == 0;
		if (klen == 5 && memcmp(key, ".name", 5) == 0 &&
		    !name_value(v, vlen, h->f->name, sizeof h->f->name))
			return malformed(h, (uint32_t)(v - s) + 1, "kernel name too long");
		return MIR_OK;
	}
	if (col == 8 && h->in_args) {
		if (item && (st = arg_end(h, (uint32_t)col + 1)) != MIR_OK)
			return st;
		h->arg_open |= item;
		uint32_t *slot = NULL;
		bool *has = NULL;
		if (klen == 7 && memcmp(key, ".offset", 7) == 0)
			slot = &h->arg_offset, has = &h->arg_has_offset;
		else if (klen == 5 && memcmp(key, ".size", 5) == 0)
			slot = &h->arg_size, has = &h->arg_has_size;
		else if (klen == 11 && memcmp(key, ".value_kind", 11) == 0)
			h->arg_hidden = vlen >= 7 && memcmp(v, "hidden_", 7) == 0;
		if (slot) {
			if (!number(v, vlen, slot))
				return malformed(h, (uint32_t)(v - s) + 1, "%.*s must be a number from 0 to 4294967295",
						 (int)klen, key);
			*has = true;
		}
	}
	return MIR_OK;
}

MirStatus hsa_observe(const char *text, size_t len, MirSink sink, void *ctx, MirError *err)
{
	Hsa h = { text, text + len, 0, sink, ctx, err, calloc(1, sizeof(MirFunction)), false, false, false, false, false,
		  false, 0, 0, text, text };
	MirStatus st = MIR_OK;
	bool in_meta = false, seen = false, ended = false;
	if (err)
		memset(err, 0, sizeof *err);
	if (!h.f)
		return MIR_NOMEM;
	while (h.p < h.end && st == MIR_OK) {
		const char *nl = memchr(h.p, '\n', (size_t)(h.end - h.p));
		const char *s = h.p, *e = nl ? nl : h.end;
		size_t n = (size_t)(e - s);
		h.line++;
		h.p = nl ? nl + 1 : h.end;
		size_t lead = span(s, n, " \t");
		if (!in_meta) {
			in_meta = n - lead == 16 && memcmp(s + lead, ".amdgpu_metadata", 16) == 0;
			seen |= in_meta;
			continue;
		}
		if ((n == 3 && memcmp(s, "...", 3) == 0) ||
		    (n - lead >= 20 && memcmp(s + lead, ".end_amdgpu_metadata", 20) == 0)) {
			if (h.in_kernel)
				st = kernel_end(&h);
			in_meta = false;
			ended = true;
			continue;
		}
		if (n == 3 && memcmp(s, "---", 3) == 0)
			continue;
		st = metadata_line(&h, s, n);
	}
	if (st == MIR_OK && !seen)
		st = malformed(&h, 1, "no HSA metadata (.amdgpu_metadata): not llc assembly for amdgcn-amd-amdhsa");
	else if (st == MIR_OK && (in_meta || !ended)) {
		if (h.in_kernel) {
			h.f->failed = h.f->truncated = true;
			snprintf(h.f->error, sizeof h.f->error, "truncated HSA metadata");
			sink(ctx, h.f);
		}
		st = malformed(&h, 1, "truncated HSA metadata: no end of the .amdgpu_metadata block");
		if (err)
			err->truncated = true;
	}
	free(h.f);
	return st;
}

bool hsa_has_metadata(const char *text, size_t len)
{
	for (const char *p = text, *end = text + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
		size_t lead = span(p, (size_t)(e - p), " \t");
		if ((size_t)(e - p) == lead + 16 && memcmp(p + lead, ".amdgpu_metadata", 16) == 0)
			return true;
		p = nl ? nl + 1 : end;
	}
	return false;
}
