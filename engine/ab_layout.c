/* `gcnabi ab --layout A --layout B [--profile P] [--mcpu CPU] FILE`: the
 * model places every function of FILE under both SGPR layouts (callee
 * view) and lists, per function, every argument and return that moved;
 * then the distributions of what the move costs -- SGPR moves at shader ->
 * amdgpu_gfx calls, stack bytes, parts that fall to or leave the stack,
 * free 4-aligned SGPR quads below s48 (layouts.h, as `layouts --impact`
 * counts them) -- with the functions that got worst and best, and each
 * layout file's rationale (its comments). No llc runs: exit 0 when the
 * layouts place every function alike, 4 when any moved (every move is the
 * model's, so none is unpredicted), 1 on an error. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"
#include "engine.h"
#include "jsonw.h"
#include "layout_impact.h"

/* The per-function figures compared, B minus A. */
#define AB_METRICS(X)                                                                   \
	X(gfx_sgpr_moves, "SGPR moves at shader -> amdgpu_gfx calls (fewer is better)")   \
	X(stack_bytes, "stack bytes of the incoming arguments (fewer is better)")         \
	X(stack, "argument parts on the stack (fewer is better)")                         \
	X(sgpr, "argument parts in SGPRs")                                               \
	X(gfx_free_quads, "free 4-aligned SGPR quads below s48, amdgpu_gfx (more is better)")

enum {
#define X(name, doc) M_##name,
	AB_METRICS(X)
#undef X
	M_COUNT
};

static const char *const metric_names[M_COUNT] = {
#define X(name, doc) #name,
	AB_METRICS(X)
#undef X
};
static const char *const metric_docs[M_COUNT] = {
#define X(name, doc) doc,
	AB_METRICS(X)
#undef X
};

static long long metric(const LayoutImpact *t, int m)
{
	switch (m) {
#define X(name, doc) \
	case M_##name: return (long long)t->name;
		AB_METRICS(X)
#undef X
	}
	return 0;
}

typedef struct {
	const Sig *sig;
	long long delta[M_COUNT];
	unsigned moved; /* items that moved */
	char *changes;  /* "    %0 i32 inreg: s4 -> s0\n"... (human form) */
} LayoutFn;

typedef struct {
	const AbOptions *o;
	Layout layout[2];
	ModelConfig m[2];
	Placement *p[2];
	JudgeDiff *diffs;
	LayoutImpact total[2];
	LayoutFn *fns;
	size_t nfns, cap;
	unsigned changed, items;
	bool failed;
} LayoutAb;

static void changes_of(LayoutAb *r, const Sig *sig, LayoutFn *f, Buf *text)
{
	AbItem items[AB_MAX_ITEMS];
	unsigned n = ab_items(r->diffs, r->p[0], r->p[1], JUDGE_UNORDERED, items, AB_MAX_ITEMS);
	if (!r->p[0]->ok || !r->p[1]->ok) {
		n = r->p[0]->ok != r->p[1]->ok;
		items[0] = (AbItem){ JW_STATUS, 0 };
	}
	for (unsigned k = 0; k < n; k++) {
		char subject[200], a[400], b[400];
		ab_subject_text(sig, items[k], subject, sizeof subject);
		ab_side_text(r->p[0], items[k], a, sizeof a);
		ab_side_text(r->p[1], items[k], b, sizeof b);
		buf_printf(text, "%s\t%s\t%s\n", subject, a, b);
	}
	f->moved = n;
}

static int one_sig(void *ctx, const Sig *sig, const SigError *err)
{
	LayoutAb *r = ctx;
	if (err) {
		r->failed = true; /* said by sig_read */
		return 0;
	}
	if (r->nfns == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 256;
		LayoutFn *grown = realloc(r->fns, cap * sizeof *grown);
		if (!grown)
			return r->failed = true, 1;
		r->fns = grown;
		r->cap = cap;
	}
	Sig *copy = malloc(sizeof *copy);
	if (!copy)
		return r->failed = true, 1;
	*copy = *sig;
	LayoutFn *f = &r->fns[r->nfns++];
	*f = (LayoutFn){ .sig = copy };
	LayoutImpact t[2] = { { 0 } };
	for (int side = 0; side < 2; side++) {
		cc_place(copy, &r->m[side], VIEW_CALLEE, r->p[side]);
		layout_impact_add(&t[side], &r->layout[side], copy, r->p[side]);
		layout_impact_add(&r->total[side], &r->layout[side], copy, r->p[side]);
	}
	for (int m = 0; m < M_COUNT; m++)
		f->delta[m] = metric(&t[1], m) - metric(&t[0], m);
	Buf text = { 0 };
	changes_of(r, copy, f, &text);
	if (text.failed)
		return buf_free(&text), r->failed = true, 1;
	f->changes = text.p;
	r->changed += f->moved > 0;
	r->items += f->moved;
	return 0;
}

/* Worse first: more stack bytes, more SGPR moves, more stack parts. */
static int worse_first(const void *x, const void *y)
{
	const LayoutFn *a = x, *b = y;
	static const int order[] = { M_stack_bytes, M_gfx_sgpr_moves, M_stack };
	for (unsigned k = 0; k < sizeof order / sizeof order[0]; k++)
		if (a->delta[order[k]] != b->delta[order[k]])
			return a->delta[order[k]] > b->delta[order[k]] ? -1 : 1;
	return 0;
}

static bool any_delta(const LayoutFn *f)
{
	for (int m = 0; m < M_COUNT; m++)
		if (f->delta[m])
			return true;
	return false;
}

/* The layout file's comment lines: why it is as it is. */
static void rationale(const char *name, FILE *out, const char *prefix, JsonWriter *jw)
{
	char path[PATH_MAX + 64], err[300];
	size_t len;
	layout_path(name, path, sizeof path);
	char *text = read_file(path, &len, err, sizeof err);
	for (char *line = text; line && line < text + len;) {
		char *end = memchr(line, '\n', (size_t)(text + len - line));
		size_t n = end ? (size_t)(end - line) : (size_t)(text + len - line);
		if (n && line[0] == '#') {
			size_t skip = n > 1 && line[1] == ' ' ? 2 : 1;
			if (jw) {
				char buf[600];
				snprintf(buf, sizeof buf, "%.*s", (int)(n - skip), line + skip);
				jw_string(jw, buf);
			} else {
				fprintf(out, "%s%.*s\n", prefix, (int)(n - skip), line + skip);
			}
		}
		line += n + 1;
	}
	free(text);
}

static void print_distribution(const LayoutAb *r, FILE *f, bool md)
{
	if (md)
		fprintf(f, "\n| figure | A total | B total | functions with more | fewer | same | per function |\n"
			   "|---|---:|---:|---:|---:|---:|---|\n");
	else
		fprintf(f, "\nwhat the functions pay, B against A (B - A per function):\n");
	for (int m = 0; m < M_COUNT; m++) {
		unsigned up = 0, down = 0, same = 0;
		long long lo = 0, hi = 0;
		for (size_t i = 0; i < r->nfns; i++) {
			long long d = r->fns[i].delta[m];
			up += d > 0;
			down += d < 0;
			same += d == 0;
			lo = d < lo ? d : lo;
			hi = d > hi ? d : hi;
		}
		long long ta = metric(&r->total[0], m), tb = metric(&r->total[1], m);
		if (md)
			fprintf(f, "| %s | %lld | %lld | %u | %u | %u | %+lld..%+lld |\n", metric_docs[m], ta, tb, up, down, same,
				lo, hi);
		else
			fprintf(f, "  %-70s %lld -> %lld; %u more, %u fewer, %u same (per function %+lld..%+lld)\n",
				metric_docs[m], ta, tb, up, down, same, lo, hi);
	}
}

static void print_ranked(const LayoutAb *r, FILE *f, bool md)
{
	LayoutFn *sorted = malloc((r->nfns ? r->nfns : 1) * sizeof *sorted);
	if (!sorted)
		return;
	size_t n = 0;
	for (size_t i = 0; i < r->nfns; i++)
		if (any_delta(&r->fns[i]))
			sorted[n++] = r->fns[i];
	qsort(sorted, n, sizeof *sorted, worse_first);
	for (int best = 0; best < 2; best++) {
		fprintf(f, md ? "\n**%s**:" : "%s:", best ? "best (B better)" : "worst (B worse)");
		unsigned shown = 0;
		for (size_t k = 0; k < n && shown < 5; k++) {
			const LayoutFn *fn = &sorted[best ? n - 1 - k : k];
			int w = worse_first(fn, &(LayoutFn){ 0 });
			if ((best && w <= 0) || (!best && w >= 0))
				continue;
			fprintf(f, "%s @%s (stack bytes %+lld, SGPR moves %+lld, stack parts %+lld)", shown ? "," : "",
				fn->sig->name, fn->delta[M_stack_bytes], fn->delta[M_gfx_sgpr_moves], fn->delta[M_stack]);
			shown++;
		}
		fprintf(f, "%s\n", shown ? "" : " none");
	}
	free(sorted);
}

static void print_changes(const LayoutAb *r, FILE *f, bool md)
{
	if (md && r->items)
		fprintf(f, "| function | what | A | B |\n|---|---|---|---|\n");
	for (size_t i = 0; i < r->nfns; i++) {
		const LayoutFn *fn = &r->fns[i];
		if (!fn->moved)
			continue;
		if (!md)
			fprintf(f, "  @%s\n", fn->sig->name);
		for (const char *line = fn->changes; line && *line;) {
			const char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : 0, *nl = t2 ? strchr(t2, '\n') : 0;
			if (!nl)
				break;
			if (md)
				fprintf(f, "| `@%s` | `%.*s` | `%.*s` | `%.*s` |\n", fn->sig->name, (int)(t1 - line), line,
					(int)(t2 - t1 - 1), t1 + 1, (int)(nl - t2 - 1), t2 + 1);
			else
				fprintf(f, "    %.*s: %.*s -> %.*s\n", (int)(t1 - line), line, (int)(t2 - t1 - 1), t1 + 1,
					(int)(nl - t2 - 1), t2 + 1);
			line = nl + 1;
		}
	}
}

static void print_json(const LayoutAb *r, unsigned st)
{
	JsonWriter w;
	jw_init(&w, stdout);
	jw_object(&w);
	jw_kstring(&w, "input", r->o->input);
	jw_kstring(&w, "profile", r->m[0].profile->name);
	jw_kstring(&w, "cpu", r->m[0].target->name);
	for (int side = 0; side < 2; side++) {
		jw_kobject(&w, side ? "b" : "a");
		jw_kstring(&w, "layout", r->layout[side].name);
		jw_kstring(&w, "given", r->o->layouts[side]);
		jw_karray(&w, "rationale");
		rationale(r->o->layouts[side], 0, 0, &w);
		jw_end(&w);
		jw_kobject(&w, "totals");
		for (int m = 0; m < M_COUNT; m++)
			jw_kint(&w, metric_names[m], metric(&r->total[side], m));
		jw_end(&w);
		jw_end(&w);
	}
	jw_kuint(&w, "functions", (unsigned)r->nfns);
	jw_kuint(&w, "changed", r->changed);
	jw_karray(&w, "functions_changed");
	for (size_t i = 0; i < r->nfns; i++) {
		const LayoutFn *fn = &r->fns[i];
		if (!fn->moved && !any_delta(fn))
			continue;
		jw_object(&w);
		jw_kstring(&w, "function", fn->sig->name);
		jw_kobject(&w, "delta");
		for (int m = 0; m < M_COUNT; m++)
			jw_kint(&w, metric_names[m], fn->delta[m]);
		jw_end(&w);
		jw_karray(&w, "changes");
		for (const char *line = fn->changes; line && *line;) {
			const char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : 0, *nl = t2 ? strchr(t2, '\n') : 0;
			if (!nl)
				break;
			char subject[200], a[400], b[400];
			snprintf(subject, sizeof subject, "%.*s", (int)(t1 - line), line);
			snprintf(a, sizeof a, "%.*s", (int)(t2 - t1 - 1), t1 + 1);
			snprintf(b, sizeof b, "%.*s", (int)(nl - t2 - 1), t2 + 1);
			jw_object(&w);
			jw_kstring(&w, "subject", subject);
			jw_kstring(&w, "a", a);
			jw_kstring(&w, "b", b);
			jw_end(&w);
			line = nl + 1;
		}
		jw_end(&w);
		jw_end(&w);
	}
	jw_end(&w);
	jw_kstring(&w, "verdict", st ? "changed" : "identical");
	jw_end(&w);
	jw_newline(&w);
}

static void print_text(const LayoutAb *r, unsigned st, bool md)
{
	FILE *f = stdout;
	if (md)
		fprintf(f, "### gcnabi ab: layout `%s` against `%s` (model, %s, %s): %s\n\n", r->layout[1].name,
			r->layout[0].name, r->m[0].profile->name, r->m[0].target->name, st ? "arguments move" : "identical");
	else
		fprintf(f, "gcnabi ab: %zu signatures from %s, the model under %s on %s (callee view)\n", r->nfns,
			r->o->input, r->m[0].profile->name, r->m[0].target->name);
	for (int side = 0; side < 2; side++) {
		fprintf(f, md ? "- **%s** = `%s` (%s)\n" : "  %s = %s (%s)\n", side ? "B" : "A", r->layout[side].name,
			r->o->layouts[side]);
		rationale(r->o->layouts[side], f, md ? "  > " : "      # ", 0);
	}
	fprintf(f, md ? "\n%u of %zu functions change, %u arguments or returns move:\n\n"
		      : "\n%u of %zu functions change, %u arguments or returns move:\n",
		r->changed, r->nfns, r->items);
	print_changes(r, f, md);
	print_distribution(r, f, md);
	print_ranked(r, f, md);
	if (!md)
		fprintf(f, "\nverdict: %s\n", st ? "the layouts place arguments differently (exit 4)" : "identical");
}

int ab_layouts(const AbOptions *o)
{
	LayoutAb r = { .o = o };
	char err[600];
	const char *cpu = o->ncpus ? o->cpus[0] : target_default()->name;
	const Profile *prof = o->profile ? profile_find(o->profile) : profile_newest();
	if (!prof) {
		fprintf(stderr, "gcnabi ab: --profile %s: no such profile (gcnabi profiles lists them)\n", o->profile);
		return EXIT_USAGE;
	}
	if (o->ncpus > 1) {
		fprintf(stderr, "gcnabi ab: the layout comparison takes one --mcpu\n");
		return EXIT_USAGE;
	}
	for (int side = 0; side < 2; side++)
		if (!layout_load(o->layouts[side], &r.layout[side], err, sizeof err) ||
		    !model_config_init(&r.m[side], prof, &r.layout[side], cpu, 0, SEL_DAG, err, sizeof err)) {
			fprintf(stderr, "gcnabi ab: %s\n", err);
			return EXIT_ERROR;
		}
	size_t len;
	char *text = read_file(o->input, &len, err, sizeof err);
	if (!text) {
		fprintf(stderr, "gcnabi ab: %s\n", err);
		return EXIT_ERROR;
	}
	r.p[0] = malloc(sizeof *r.p[0]);
	r.p[1] = malloc(sizeof *r.p[1]);
	r.diffs = malloc(JUDGE_MAX_DIFFS * sizeof *r.diffs);
	int status = EXIT_ERROR;
	if (!r.p[0] || !r.p[1] || !r.diffs) {
		fprintf(stderr, "gcnabi ab: out of memory\n");
	} else {
		/* Bad input stops the comparison, every error said (sig_read). */
		unsigned errors = sig_read(o->input, text, len, true, one_sig, &r);
		if (!errors && r.failed)
			fprintf(stderr, "gcnabi ab: out of memory\n");
		if (!errors && !r.failed) {
			unsigned st = r.items ? EXIT_KNOWN : 0;
			if (o->json)
				print_json(&r, st);
			else
				print_text(&r, st, o->markdown);
			status = (int)st;
		}
	}
	for (size_t i = 0; i < r.nfns; i++) {
		free((void *)r.fns[i].sig);
		free(r.fns[i].changes);
	}
	free(r.fns);
	free(r.p[0]);
	free(r.p[1]);
	free(r.diffs);
	free(text);
	return status;
}
