/* Reading the user's signatures, the same way in every subcommand: on top
 * of the parser's own errors, a second function of a name already seen is
 * an error (llc refuses a redefinition, and every report and call edge
 * names functions by name), and the parser's notes are printed. */
#include <stdlib.h>
#include <string.h>

#include "io.h"

typedef struct {
	char *name;
	uint32_t line;
} Seen;

typedef struct {
	const char *path, *text;
	size_t len;
	bool say;
	SigSink sink;
	void *ctx;
	unsigned errors;
	Seen *seen; /* open addressing, cap a power of two, at most half full */
	size_t nseen, cap;
	bool out_of_memory;
} Reader;

static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The slot of name: its entry, or the empty slot it would take. */
static Seen *slot(Seen *table, size_t cap, const char *name)
{
	for (size_t i = hash_name(name) & (cap - 1);; i = (i + 1) & (cap - 1))
		if (!table[i].name || strcmp(table[i].name, name) == 0)
			return &table[i];
}

static bool grow(Reader *r)
{
	size_t cap = r->cap ? 2 * r->cap : 256;
	Seen *table = calloc(cap, sizeof *table);
	if (!table)
		return false;
	for (size_t i = 0; i < r->cap; i++)
		if (r->seen[i].name)
			*slot(table, cap, r->seen[i].name) = r->seen[i];
	free(r->seen);
	r->seen = table;
	r->cap = cap;
	return true;
}

/* Column of the '@' of the header on line (1 when not found). */
static uint32_t name_column(const Reader *r, uint32_t line)
{
	const char *p = r->text, *end = r->text + r->len;
	for (uint32_t l = 1; l < line && p < end; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	for (const char *q = p; q < end && *q != '\n'; q++)
		if (*q == '@')
			return (uint32_t)(q - p) + 1;
	return 1;
}

static void say_error(const Reader *r, const SigError *err)
{
	if (r->say)
		fprintf(stderr, "%s:%u:%u: error: %s%s%s\n", r->path, err->line, err->col, err->msg,
			err->function[0] ? " in @" : "", err->function);
}

/* The first function of each name is kept; a later one is an error. */
static bool first_of_its_name(Reader *r, const Sig *sig, SigError *err)
{
	if ((r->nseen + 1) * 2 > r->cap && !grow(r)) {
		r->out_of_memory = true;
		return false;
	}
	Seen *s = slot(r->seen, r->cap, sig->name);
	if (!s->name) {
		s->name = strdup(sig->name);
		s->line = sig->line;
		r->nseen++;
		r->out_of_memory = !s->name;
		return s->name != NULL;
	}
	*err = (SigError){ .line = sig->line, .col = name_column(r, sig->line) };
	snprintf(err->msg, sizeof err->msg, "a second function named @%.*s (the first is on line %u)", 100, sig->name,
		 s->line);
	snprintf(err->function, sizeof err->function, "%s", sig->name);
	return false;
}

static int read_one(void *ctx, const Sig *sig, const SigError *err)
{
	Reader *r = ctx;
	SigError dup;
	if (sig && !first_of_its_name(r, sig, &dup)) {
		if (r->out_of_memory)
			return 1;
		sig = NULL;
		err = &dup;
	}
	if (err) {
		r->errors++;
		say_error(r, err);
		return r->sink(r->ctx, NULL, err);
	}
	if (sig->note[0] && r->say)
		fprintf(stderr, "%s:%u:%u: note: %s in @%s\n", r->path, sig->note_line, sig->note_col, sig->note, sig->name);
	char unmodelled[512];
	if (r->say && sig_unmodelled_attrs(sig, unmodelled, sizeof unmodelled))
		fprintf(stderr, "%s:%u: note: kept as written, not read by the model: %s in @%s\n", r->path, sig->line,
			unmodelled, sig->name);
	return r->sink(r->ctx, sig, NULL);
}

unsigned sig_read(const char *path, const char *text, size_t len, bool say, SigSink sink, void *ctx)
{
	Reader r = { .path = path, .text = text, .len = len, .say = say, .sink = sink, .ctx = ctx };
	sig_parse_module(text, len, read_one, &r);
	for (size_t i = 0; i < r.cap; i++)
		free(r.seen[i].name);
	free(r.seen);
	if (r.out_of_memory) {
		fprintf(stderr, "%s: out of memory reading the signatures\n", path);
		r.errors++;
	}
	return r.errors;
}
