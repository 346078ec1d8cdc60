/* What the MIR observer's unit tests share (test_mir.c, test_mir_parse.c):
 * each observed function summarized as compact text, fixtures read and
 * observed, and the expectations checked against them. */
#ifndef GCNABI_MIR_FIXTURE_H
#define GCNABI_MIR_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "unit_fixture.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "observe.h"

enum { MAX_FUNCS = 24, SUM = 1024 };

/* What a test looks at of one observed function, in compact text:
 * "s6 | v0 | v1,v2 -> v0", stack parts as stack+OFFSET/SIZE. */
typedef struct {
	char name[SIG_NAME_MAX];
	bool failed, truncated, gisel, grouped, has_sig;
	char error[192];
	char in[SUM];
	char unattributed[SUM];
	unsigned ncalls;
	char calls[MIR_MAX_CALLS][SUM];    /* "f: s0 | v0 -> v0" */
	char implicit[MIR_MAX_CALLS][SUM]; /* "s[0:3] s[4:5] v31" */
	unsigned dvgpr[MIR_MAX_CALLS];     /* a dynamic-VGPR chain call's VGPR count */
	char json[8192];
	size_t json_len;
} Seen;

typedef struct {
	unsigned n, delivered;
	Seen f[MAX_FUNCS];
	int stop_after; /* sink returns non-zero after this many functions; 0 never */
} Observed;

/* --- summaries ------------------------------------------------------------ */

static inline void cat(char *buf, size_t cap, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + n, cap - n, fmt, ap);
	va_end(ap);
}

static inline void cat_loc(char *buf, size_t cap, const Loc *l)
{
	if (l->kind == LOC_SGPR)
		cat(buf, cap, "s%u", l->reg);
	else if (l->kind == LOC_VGPR)
		cat(buf, cap, "v%u", l->reg);
	else if (l->kind == LOC_STACK)
		cat(buf, cap, "stack+%u/%u", l->offset, l->size);
	else
		cat(buf, cap, "?");
}

static inline void cat_parts(char *buf, size_t cap, const Placement *p, PartRange r)
{
	if (r.count == 0)
		cat(buf, cap, "-");
	for (unsigned i = 0; i < r.count; i++) {
		if (i)
			cat(buf, cap, ",");
		cat_loc(buf, cap, &p->locs[r.first + i]);
	}
}

static inline void summarize(const Placement *p, char *buf, size_t cap)
{
	for (unsigned k = 0; k < p->nargs; k++) {
		cat(buf, cap, k ? " | " : "");
		cat_parts(buf, cap, p, p->args[k]);
	}
	cat(buf, cap, p->nargs ? " -> " : "-> ");
	if (p->ret_demoted) {
		cat(buf, cap, "sret ");
		cat_loc(buf, cap, &p->sret);
	} else if (p->ret.count) {
		cat_parts(buf, cap, p, p->ret);
	} else {
		cat(buf, cap, "none");
	}
}

static inline void cat_ranges(char *buf, size_t cap, const RegRange *r, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char tmp[32];
		regrange_print(&r[i], tmp, sizeof tmp);
		cat(buf, cap, "%s%s", i ? " " : "", tmp);
	}
}

static inline int record(void *ctx, const MirFunction *f)
{
	Observed *o = ctx;
	o->delivered++;
	if (o->n < MAX_FUNCS) {
		Seen *s = &o->f[o->n++];
		memset(s, 0, sizeof *s);
		snprintf(s->name, sizeof s->name, "%s", f->name);
		snprintf(s->error, sizeof s->error, "%s", f->error);
		s->failed = f->failed;
		s->truncated = f->truncated;
		s->gisel = f->gisel;
		s->grouped = f->grouped;
		s->has_sig = f->has_sig;
		if (!f->failed)
			summarize(&f->in, s->in, sizeof s->in);
		cat_ranges(s->unattributed, sizeof s->unattributed, f->unattributed, f->nunattributed);
		s->ncalls = f->ncalls;
		for (unsigned c = 0; c < f->ncalls; c++) {
			cat(s->calls[c], SUM, "%s: ", f->calls[c].callee);
			summarize(&f->calls[c].out, s->calls[c], SUM);
			cat_ranges(s->implicit[c], SUM, f->calls[c].implicit, f->calls[c].nimplicit);
			s->dvgpr[c] = f->calls[c].dvgpr;
		}
		s->json_len = mir_function_print_json(f, s->json, sizeof s->json);
	}
	return o->stop_after && (int)o->delivered >= o->stop_after;
}

/* --- fixtures ------------------------------------------------------------- */

static inline char *read_fixture(const char *name, size_t *len)
{
	char path[512];
	char *text = unit_read_fixture(__FILE__, "mir", name, len, path, sizeof path);
	if (!text)
		fail_msg("cannot read %s", path);
	return text;
}

static inline Observed *observe_text(const char *text, size_t len, MirStatus *st, MirError *err)
{
	Observed *o = calloc(1, sizeof *o);
	assert_non_null(o);
	*st = mir_observe(text, len, record, o, err);
	return o;
}

static inline Observed *observe_fixture(const char *name)
{
	size_t len;
	char *file = read_fixture(name, &len);
	/* An exact-size copy, no NUL after it: ASan sees any read past the
	 * end (gcnabi check maps llc's output as it is). */
	char *text = malloc(len ? len : 1);
	assert_non_null(text);
	memcpy(text, file, len);
	free(file);
	MirStatus st;
	MirError err;
	Observed *o = observe_text(text, len, &st, &err);
	if (st != MIR_OK)
		fail_msg("%s: status %d at %u:%u: %s", name, st, err.line, err.col, err.msg);
	free(text);
	return o;
}

static inline const Seen *find(const Observed *o, const char *name)
{
	for (unsigned i = 0; i < o->n; i++)
		if (strcmp(o->f[i].name, name) == 0)
			return &o->f[i];
	fail_msg("function %s not observed", name);
	return NULL;
}

/* A synthetic MIR text observed (defined with the robustness tests). */
/* A function observed with its own placement and, when call is non-NULL,
 * its one call site with its implicit inputs. */
static inline void expect(const Observed *o, const char *name, bool gisel, const char *in, const char *call,
		   const char *implicit)
{
	const Seen *s = find(o, name);
	if (s->failed)
		fail_msg("%s failed: %s", name, s->error);
	assert_int_equal(s->gisel, gisel);
	assert_string_equal(s->in, in);
	if (!call) {
		assert_int_equal(s->ncalls, 0);
		return;
	}
	assert_int_equal(s->ncalls, 1);
	assert_string_equal(s->calls[0], call);
	if (implicit)
		assert_string_equal(s->implicit[0], implicit);
}

static const char *const implicit_gisel =
	"s[0:3] s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31";
static const char *const implicit_dag =
	"s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31 s[0:3]";

static inline MirStatus observe_string(const char *s, Observed **out)
{
	MirStatus st;
	MirError err;
	*out = observe_text(s, strlen(s), &st, &err);
	return st;
}

#endif
