/* `gcnabi diff A.jsonl B.jsonl`: pairs the functions of two placement streams
 * by name (the k-th of a name with the k-th), reads each side into a
 * Placement (place_json.h), has the judge (judge.h) list every difference
 * and reports each, one per line: argument and return parts, slot sizes,
 * demoted returns, errors, entry point fields, call sites. What the judge
 * does not see (calling convention, types, callees, implicit registers)
 * diff compares itself. diff_streams (diff.h) is the pure core the unit
 * tests drive; cmd_diff only reads the files and prints. */
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "wording.h"
#include "judge.h"
#include "json.h"
#include "place_json.h"

/* ---- streams: lines in, functions sorted by name --------------------------- */

typedef struct {
	const JsonValue *fn;
	const char *name;
	uint32_t line;
	unsigned occurrence, count; /* the occurrence-th function of this name, of count */
	bool paired;
} Entry;

typedef struct {
	const char *file;
	Placement *scratch; /* for checking lines */
	JsonArena *arena;
	Entry *entries;
	size_t n, cap;
	Entry **by_name; /* by name, then by line */
	unsigned malformed;
} Stream;

static bool blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

static bool stream_add(Stream *s, const JsonValue *fn, uint32_t line)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 256;
		Entry *grown = realloc(s->entries, cap * sizeof *grown);
		if (!grown)
			return false;
		s->entries = grown;
		s->cap = cap;
	}
	s->entries[s->n++] = (Entry){ .fn = fn, .name = json_get(fn, "name")->str, .line = line };
	return true;
}

/* A malformed line is reported and counted (the streams are then not
 * compared); false only when out of memory. */
static bool stream_line(Stream *s, const char *text, size_t len, uint32_t line, Buf *diag)
{
	JsonError je;
	JsonProblem pr;
	const JsonValue *fn = json_parse(s->arena, text, len, &je);
	if (fn && placement_line_check(fn, s->scratch, &pr))
		return stream_add(s, fn, line);
	s->malformed++;
	if (fn)
		buf_printf(diag, "%s:%u:%u: error: %s\n", s->file, line + pr.at->line - 1, pr.at->col, pr.msg);
	else
		buf_printf(diag, "%s:%u:%u: error: %s\n", s->file, line + je.line - 1, je.col, je.msg);
	return true;
}

static int by_name_then_line(const void *x, const void *y)
{
	const Entry *a = *(Entry *const *)x, *b = *(Entry *const *)y;
	int c = strcmp(a->name, b->name);
	return c ? c : (a->line > b->line) - (a->line < b->line);
}

static int by_name_then_occurrence(const void *x, const void *y)
{
	const Entry *a = *(Entry *const *)x, *b = *(Entry *const *)y;
	int c = strcmp(a->name, b->name);
	return c ? c : (a->occurrence > b->occurrence) - (a->occurrence < b->occurrence);
}

/* Numbers each function among those of its name; notes every name used twice. */
static void stream_number(Stream *s, Buf *diag)
{
	for (size_t i = 0, run; i < s->n; i += run) {
		for (run = 1; i + run < s->n && strcmp(s->by_name[i]->name, s->by_name[i + run]->name) == 0; run++)
			s->by_name[i + run]->occurrence = (unsigned)run + 1;
		s->by_name[i]->occurrence = 1;
		for (size_t k = 0; k < run; k++)
			s->by_name[i + k]->count = (unsigned)run;
		if (run > 1)
			buf_printf(diag, "%s: note: %zu functions named \"%s\"; the k-th is paired with the other side's k-th, shown as %s#k\n",
				   s->file, run, s->by_name[i]->name, s->by_name[i]->name);
	}
}

static bool stream_load(Stream *s, const char *text, size_t len, Buf *diag)
{
	s->arena = json_arena_new();
	if (!s->arena)
		return false;
	uint32_t line = 1;
	for (size_t at = 0; at < len; line++) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		if (!blank(text + at, n) && !stream_line(s, text + at, n, line, diag))
			return false;
		at += n + 1;
	}
	if (s->n == 0)
		return true;
	s->by_name = malloc(s->n * sizeof *s->by_name);
	if (!s->by_name)
		return false;
	for (size_t i = 0; i < s->n; i++)
		s->by_name[i] = &s->entries[i];
	qsort(s->by_name, s->n, sizeof *s->by_name, by_name_then_line);
	stream_number(s, diag);
	return true;
}

static void stream_free(Stream *s)
{
	json_arena_free(s->arena);
	free(s->entries);
	free(s->by_name);
}

static Entry *stream_find(const Stream *s, const char *name, unsigned occurrence)
{
	if (s->n == 0)
		return NULL;
	Entry key = { .name = name, .occurrence = occurrence }, *kp = &key;
	Entry **hit = bsearch(&kp, s->by_name, s->n, sizeof *s->by_name, by_name_then_occurrence);
	return hit ? *hit : NULL;
}

/* ---- the report --------------------------------------------------------------- */

/* Room for one pair: its two sides (a function or a call) and the
 * judge's differences, allocated once; scratch for checking lines. */
typedef struct {
	Placement a, b, scratch;
	JudgeDiff list[JUDGE_MAX_DIFFS];
} Work;

typedef struct {
	const DiffOptions *o;
	Buf *out;
	const char *fn;  /* the function as reported: its name, name#k for duplicates */
	unsigned found;  /* divergences reported for it */
	unsigned to_stack, off_stack; /* of them, a part in a register in A on the stack in B, and back */
	Work *w;
	Judgement j;     /* of w->a against w->b */
} Pair;

/* Where a divergence is: lead + call + subject + (type) + detail, as in
 * "slot size of " "call to g" "argument 1" "(i64)" " part 0". The type is
 * shown in the text report only. */
typedef struct {
	const char *lead, *call, *subject, *type, *detail;
} Where;

/* Text output stays one line per divergence: control bytes become \xNN. */
static void put_text(Buf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f)
			buf_printf(b, "\\x%02x", c);
		else
			buf_put(b, s, 1);
	}
}

static void put_json(Buf *b, const char *s)
{
	char small[512];
	size_t n = json_quote(s, small, sizeof small);
	if (n < sizeof small) {
		buf_put(b, small, n);
		return;
	}
	char *big = malloc(n + 1);
	if (!big) {
		b->failed = true;
		return;
	}
	json_quote(s, big, n + 1);
	buf_put(b, big, n);
	free(big);
}

static void where_print(Buf *b, const Where *w, bool with_type)
{
	buf_printf(b, "%s%s%s%s", w->lead ? w->lead : "", w->call ? w->call : "", w->call ? " " : "", w->subject);
	if (with_type && w->type)
		buf_printf(b, " (%s)", w->type);
	buf_printf(b, "%s", w->detail ? w->detail : "");
}

/* One stack slot ("stack+8"), not a list of parts. */
static bool is_stack_slot(const char *loc)
{
	return strncmp(loc, "stack", 5) == 0 && !strchr(loc, ' ');
}

/* One divergence: text is the human line after "fn: "; where, a and b the
 * fields of the JSON object. */
static void emit(Pair *p, const char *text, const char *where, const char *a, const char *b)
{
	p->found++;
	p->to_stack += !is_stack_slot(a) && is_stack_slot(b);
	p->off_stack += is_stack_slot(a) && !is_stack_slot(b);
	if (p->o->summary_only)
		return;
	if (!p->o->json) {
		put_text(p->out, p->fn);
		buf_put(p->out, ": ", 2);
		put_text(p->out, text);
		buf_put(p->out, "\n", 1);
		return;
	}
	buf_printf(p->out, "{\"function\":");
	put_json(p->out, p->fn);
	buf_printf(p->out, ",\"where\":");
	put_json(p->out, where);
	buf_printf(p->out, ",\"a\":");
	put_json(p->out, a);
	buf_printf(p->out, ",\"b\":");
	put_json(p->out, b);
	/* The same, classed: where with its numbers normalized (as a cause
	 * is), and each side's register file or stack (loc_list_class). */
	char cls[240];
	cause_message(where, cls, sizeof cls);
	buf_printf(p->out, ",\"where_class\":");
	put_json(p->out, cls);
	loc_list_class(a, cls, sizeof cls);
	buf_printf(p->out, ",\"a_class\":");
	put_json(p->out, cls);
	loc_list_class(b, cls, sizeof cls);
	buf_printf(p->out, ",\"b_class\":");
	put_json(p->out, cls);
	buf_printf(p->out, "}\n");
}

/* "WHERE: A a, B b". */
static void diverge(Pair *p, const Where *w, const char *a, const char *b)
{
	Buf text = { 0 }, where = { 0 };
	where_print(&text, w, true);
	buf_printf(&text, ": %s %s, %s %s", p->o->label_a, a, p->o->label_b, b);
	where_print(&where, w, false);
	emit(p, buf_cstr(&text), buf_cstr(&where), a, b);
	buf_free(&text);
	buf_free(&where);
}

/* "[call: ]A has 3 arguments, B has 2". */
static void diverge_count(Pair *p, const char *call, const char *noun, size_t na, size_t nb)
{
	Buf text = { 0 }, where = { 0 };
	char a[24], b[24];
	snprintf(a, sizeof a, "%zu", na);
	snprintf(b, sizeof b, "%zu", nb);
	if (call)
		buf_printf(&text, "%s: ", call);
	buf_printf(&text, "%s has %s %s, %s has %s", p->o->label_a, a, noun, p->o->label_b, b);
	buf_printf(&where, "%s%s%s", call ? call : "", call ? " " : "", noun);
	emit(p, buf_cstr(&text), buf_cstr(&where), a, b);
	buf_free(&text);
	buf_free(&where);
}

/* ---- the judge's differences in diff's words ------------------------------------ */

static const char *str_or(const JsonValue *obj, const char *key, const char *absent)
{
	const JsonValue *v = json_get(obj, key);
	return v ? v->str : absent;
}

static bool flag(const JsonValue *obj, const char *key)
{
	const JsonValue *v = json_get(obj, key);
	return v && v->boolean;
}

static bool ungrouped(const JsonValue *owner)
{
	const JsonValue *g = json_get(owner, "grouped");
	return g && !g->boolean;
}

/* Both placed sides of a function (call false) or of a call into p->w,
 * judged: every difference, a 0 in "slot_sizes" not given. When either
 * side could not attribute parts to arguments, the parts of all arguments
 * are compared as one list. */
static void judge_pair(Pair *p, const JsonValue *a, const JsonValue *b, bool call)
{
	Work *w = p->w;
	JsonProblem pr;
	placement_read(a, call, &w->a, &pr);
	placement_read(b, call, &w->b, &pr);
	if (ungrouped(a) || ungrouped(b)) {
		placement_merge_args(&w->a);
		placement_merge_args(&w->b);
	}
	/* Both sides print the system SGPRs under the same rule, so one side
	 * without the key has none. */
	if (w->a.sys_sgprs || w->b.sys_sgprs)
		w->a.sys_sgprs = w->b.sys_sgprs = true;
	JudgeRules rules = { .flags = JUDGE_ALL | JUDGE_SIZE_0_UNKNOWN | (p->o->undef_sgprs ? JUDGE_UNDEF_SGPRS : 0) };
	p->j = (Judgement){ .list = w->list, .cap = JUDGE_MAX_DIFFS };
	judge(&w->a, &w->b, &rules, &p->j);
}

/* The differences in the list (all of them: JUDGE_MAX_DIFFS is room enough). */
static unsigned stored(const Pair *p)
{
	return p->j.n < p->j.cap ? p->j.n : p->j.cap;
}

/* The difference about what, if the judge found one (at most one each but
 * for parts and user SGPR fields). */
static const JudgeDiff *found(const Pair *p, JudgeWhat what)
{
	for (unsigned i = 0; i < stored(p); i++)
		if (p->j.list[i].what == what)
			return &p->j.list[i];
	return NULL;
}

static void diverge_if(Pair *p, const Where *w, const char *detail, const char *a, const char *b)
{
	Where d = *w;
	d.type = NULL;
	d.detail = detail;
	if (strcmp(a, b) != 0)
		diverge(p, &d, a, b);
}

static void diverge_numbers(Pair *p, const char *subject, uint32_t a, uint32_t b)
{
	char sa[16], sb[16];
	snprintf(sa, sizeof sa, "%u", (unsigned)a);
	snprintf(sb, sizeof sb, "%u", (unsigned)b);
	Where w = { .subject = subject };
	diverge_if(p, &w, NULL, sa, sb);
}

/* "s4 s5", or "none". */
static void parts_list(const Placement *pl, PartRange r, Buf *b)
{
	char part[32];
	if (!r.count)
		buf_printf(b, "none");
	for (unsigned k = 0; k < r.count; k++) {
		loc_print(&pl->locs[r.first + k], part, sizeof part);
		buf_printf(b, "%s%s", k ? " " : "", part);
	}
}

static PartRange range_of(const Placement *pl, const JudgeDiff *d)
{
	return d->what == JW_RETURN ? pl->ret : pl->args[d->arg];
}

static void diverge_part_count(Pair *p, const Where *w, const JudgeDiff *d)
{
	Buf text = { 0 }, where = { 0 }, la = { 0 }, lb = { 0 };
	where_print(&text, w, true);
	buf_printf(&text, ": %s has %u parts, %s has %u", p->o->label_a, (unsigned)d->va, p->o->label_b, (unsigned)d->vb);
	where_print(&where, w, false);
	parts_list(&p->w->a, range_of(&p->w->a, d), &la);
	parts_list(&p->w->b, range_of(&p->w->b, d), &lb);
	emit(p, buf_cstr(&text), buf_cstr(&where), buf_cstr(&la), buf_cstr(&lb));
	buf_free(&text);
	buf_free(&where);
	buf_free(&la);
	buf_free(&lb);
}

/* The parts of argument arg (or of the return): "WHERE part K: A s6, B s16",
 * "slot size of WHERE part K: A 2, B 4", "WHERE: A has 1 parts, B has 2".
 * What --undef-sgprs forgives is not reported. */
static void report_parts(Pair *p, const Where *w, JudgeWhat what, unsigned arg)
{
	for (unsigned i = 0; i < stored(p); i++) {
		const JudgeDiff *d = &p->j.list[i];
		if (d->what != what || d->arg != arg)
			continue;
		char detail[32], sa[32], sb[32];
		snprintf(detail, sizeof detail, " part %u", d->part);
		Where pw = *w;
		pw.detail = detail;
		if (d->cls == JC_MOVED) {
			loc_print(&d->a, sa, sizeof sa);
			loc_print(&d->b, sb, sizeof sb);
			diverge(p, &pw, sa, sb);
		} else if (d->cls == JC_SLOT_SIZE) {
			pw.lead = "slot size of ";
			pw.type = NULL;
			snprintf(sa, sizeof sa, "%u", (unsigned)d->a.size);
			snprintf(sb, sizeof sb, "%u", (unsigned)d->b.size);
			diverge(p, &pw, sa, sb);
		} else if (d->cls == JC_REPR) {
			pw.lead = "representation of ";
			pw.type = NULL;
			snprintf(sa, sizeof sa, "%s", repr_names[d->a.repr < REPR_COUNT ? d->a.repr : 0].name);
			snprintf(sb, sizeof sb, "%s", repr_names[d->b.repr < REPR_COUNT ? d->b.repr : 0].name);
			diverge(p, &pw, sa, sb);
		} else if (d->cls == JC_PART_COUNT) {
			diverge_part_count(p, w, d);
		}
	}
}

/* Type, inreg, byval of an argument or return that both sides typed. */
static void compare_signature(Pair *p, const Where *w, const JsonValue *a, const JsonValue *b)
{
	if (!json_get(a, "type") || !json_get(b, "type"))
		return;
	diverge_if(p, w, " type", str_or(a, "type", ""), str_or(b, "type", ""));
	diverge_if(p, w, " inreg", flag(a, "inreg") ? "true" : "false", flag(b, "inreg") ? "true" : "false");
	diverge_if(p, w, " byval", str_or(a, "byval", "none"), str_or(b, "byval", "none"));
}

static void compare_args(Pair *p, const char *call, const JsonValue *a, const JsonValue *b)
{
	if (ungrouped(a) || ungrouped(b)) {
		Where w = { .call = call, .subject = judge_what_names[JW_ARG_COUNT].key, .type = "ungrouped" };
		report_parts(p, &w, JW_ARGUMENT, 0);
		return;
	}
	const JudgeDiff *count = found(p, JW_ARG_COUNT);
	if (count)
		diverge_count(p, call, judge_what_names[JW_ARG_COUNT].key, count->va, count->vb);
	const JsonValue *x = json_get(a, "args")->first, *y = json_get(b, "args")->first;
	for (unsigned i = 0; x && y; x = x->next, y = y->next, i++) {
		char subject[32];
		snprintf(subject, sizeof subject, "%s %u", judge_what_names[JW_ARGUMENT].key, i);
		Where w = { .call = call, .subject = subject, .type = str_or(x, "type", str_or(y, "type", NULL)) };
		compare_signature(p, &w, x, y);
		report_parts(p, &w, JW_ARGUMENT, i);
	}
}

/* "demoted (sret in v0)" or the parts. */
static void ret_describe(const Placement *pl, Buf *b)
{
	char sret[32];
	if (!pl->ret_demoted) {
		parts_list(pl, pl->ret, b);
		return;
	}
	loc_print(&pl->sret, sret, sizeof sret);
	buf_printf(b, "demoted (sret in %s)", sret);
}

static void compare_ret(Pair *p, const char *call, const JsonValue *a, const JsonValue *b)
{
	if (!a || !b)
		return;
	const char *ret = judge_what_names[JW_RETURN].key;
	Where w = { .call = call, .subject = ret, .type = str_or(a, "type", str_or(b, "type", NULL)) };
	compare_signature(p, &w, a, b);
	const JudgeDiff *sret = found(p, JW_SRET), *demoted = found(p, JW_RET_DEMOTED);
	if (sret) {
		char sa[32], sb[32];
		Where h = { .call = call, .subject = judge_what_names[JW_SRET].key };
		loc_print(&sret->a, sa, sizeof sa);
		loc_print(&sret->b, sb, sizeof sb);
		diverge(p, &h, sa, sb);
	} else if (demoted) {
		Where r = { .call = call, .subject = ret };
		Buf da = { 0 }, db = { 0 };
		ret_describe(&p->w->a, &da);
		ret_describe(&p->w->b, &db);
		diverge(p, &r, buf_cstr(&da), buf_cstr(&db));
		buf_free(&da);
		buf_free(&db);
	} else {
		report_parts(p, &w, JW_RETURN, 0);
	}
}

/* A system SGPR or a user SGPR field: "s3", "s[0:1]", or none/off. */
static void sgprs_text(const Loc *l, unsigned count, const char *absent, char *buf, size_t cap)
{
	RegRange r = { LOC_SGPR, l->reg, (uint16_t)count };
	if (l->kind == LOC_NONE)
		snprintf(buf, cap, "%s", absent);
	else
		regrange_print(&r, buf, cap);
}

/* User SGPR fields A enables first, then those only B does. */
static void report_user_sgprs(Pair *p)
{
	for (int only_b = 0; only_b < 2; only_b++)
		for (unsigned i = 0; i < stored(p); i++) {
			const JudgeDiff *d = &p->j.list[i];
			if (d->what != JW_USER_SGPR || (d->a.kind == LOC_NONE) != only_b)
				continue;
			char subject[64], sa[32], sb[32];
			snprintf(subject, sizeof subject, "%s %s", judge_what_names[JW_USER_SGPR].key, user_sgpr_names[d->arg]);
			sgprs_text(&d->a, user_sgpr_sizes[d->arg], "off", sa, sizeof sa);
			sgprs_text(&d->b, user_sgpr_sizes[d->arg], "off", sb, sizeof sb);
			Where w = { .subject = subject };
			diverge(p, &w, sa, sb);
		}
}

/* An entry point's fields, where both sides know them: amdgpu_ps input
 * slots, an amdgpu_kernel's explicit kernarg size, user SGPR count and
 * preloaded arguments (their offset when both preload), then the shader
 * system SGPRs and the user SGPR fields. */
static void compare_entry(Pair *p)
{
	const JudgeWhatName *names = judge_what_names;
	const JudgeDiff *d;
	if ((d = found(p, JW_PS_INPUTS))) {
		diverge_numbers(p, names[JW_PS_INPUTS].key, d->va, d->vb);
		diverge_numbers(p, names[JW_PS_INPUTS].key2, d->va2, d->vb2);
	}
	if ((d = found(p, JW_KERNARG_SIZE)))
		diverge_numbers(p, names[JW_KERNARG_SIZE].key, d->va, d->vb);
	if ((d = found(p, JW_USER_SGPR_COUNT)))
		diverge_numbers(p, names[JW_USER_SGPR_COUNT].key, d->va, d->vb);
	if ((d = found(p, JW_PRELOAD))) {
		diverge_numbers(p, names[JW_PRELOAD].key, d->va, d->vb);
		if (d->va && d->vb)
			diverge_numbers(p, names[JW_PRELOAD].key2, d->va2, d->vb2);
	}
	static const JudgeWhat sys[] = { JW_IMPLICIT_BUFFER_PTR, JW_SCRATCH_WAVE_OFFSET };
	for (unsigned k = 0; k < 2; k++)
		if ((d = found(p, sys[k]))) {
			char sa[32], sb[32];
			sgprs_text(&d->a, k ? 1 : 2, "none", sa, sizeof sa);
			sgprs_text(&d->b, k ? 1 : 2, "none", sb, sizeof sb);
			Where w = { .subject = names[sys[k]].key };
			diverge(p, &w, sa, sb);
		}
	report_user_sgprs(p);
}

static void implicit_list(const JsonValue *implicit, Buf *b)
{
	if (!implicit->first)
		buf_printf(b, "none");
	for (const JsonValue *r = implicit->first; r; r = r->next)
		buf_printf(b, "%s%s", r == implicit->first ? "" : " ", r->str);
}

static void compare_implicit(Pair *p, const char *call, const JsonValue *a, const JsonValue *b)
{
	if (!a || !b)
		return;
	Buf la = { 0 }, lb = { 0 };
	implicit_list(a, &la);
	implicit_list(b, &lb);
	Where w = { .call = call, .subject = "implicit registers" };
	diverge_if(p, &w, NULL, buf_cstr(&la), buf_cstr(&lb));
	buf_free(&la);
	buf_free(&lb);
}

static const char *callee(const JsonValue *call)
{
	const char *name = json_get(call, "callee")->str;
	return *name ? name : "<indirect>";
}

static unsigned calls_to(const JsonValue *calls, const char *name)
{
	unsigned n = 0;
	for (const JsonValue *c = calls->first; c; c = c->next)
		n += strcmp(callee(c), name) == 0;
	return n;
}

/* Call number index of both sides: "call to g" (or "call 2 to g" when the
 * function calls g more than once). */
static void compare_call(Pair *p, unsigned index, const JsonValue *calls, const JsonValue *a, const JsonValue *b)
{
	char subject[32];
	snprintf(subject, sizeof subject, "call %u", index);
	if (strcmp(callee(a), callee(b)) != 0) {
		Where w = { .subject = subject, .detail = " callee" };
		diverge(p, &w, callee(a), callee(b));
		return;
	}
	Buf label = { 0 };
	if (calls_to(calls, callee(a)) > 1)
		buf_printf(&label, "%s to %s", subject, callee(a));
	else
		buf_printf(&label, "call to %s", callee(a));
	judge_pair(p, a, b, true);
	compare_args(p, buf_cstr(&label), a, b);
	compare_ret(p, buf_cstr(&label), json_get(a, "ret"), json_get(b, "ret"));
	compare_implicit(p, buf_cstr(&label), json_get(a, "implicit"), json_get(b, "implicit"));
	buf_free(&label);
}

static void compare_calls(Pair *p, const JsonValue *a, const JsonValue *b)
{
	const JsonValue *ca = json_get(a, "calls"), *cb = json_get(b, "calls");
	if (!ca || !cb)
		return;
	if (ca->count != cb->count)
		diverge_count(p, NULL, "calls", ca->count, cb->count);
	unsigned i = 0;
	for (const JsonValue *x = ca->first, *y = cb->first; x && y; x = x->next, y = y->next)
		compare_call(p, i++, ca, x, y);
}

/* `A error "…", B placed`; true when either side is an error (nothing
 * else to compare then). From the JSON, not through the judge: llc's
 * messages run past the 191 bytes a Placement keeps of them. */
static bool compare_status(Pair *p, const JsonValue *a, const JsonValue *b)
{
	const char *ea = str_or(a, "error", NULL), *eb = str_or(b, "error", NULL);
	if (!ea && !eb)
		return false;
	if (ea && eb && (!p->o->strict_errors || strcmp(ea, eb) == 0))
		return true;
	Buf text = { 0 }, va = { 0 }, vb = { 0 };
	if (ea)
		buf_printf(&text, "%s error \"%s\", ", p->o->label_a, ea);
	else
		buf_printf(&text, "%s placed, ", p->o->label_a);
	if (eb)
		buf_printf(&text, "%s error \"%s\"", p->o->label_b, eb);
	else
		buf_printf(&text, "%s placed", p->o->label_b);
	buf_printf(&va, "%s%s", ea ? "error: " : "placed", ea ? ea : "");
	buf_printf(&vb, "%s%s", eb ? "error: " : "placed", eb ? eb : "");
	emit(p, buf_cstr(&text), judge_what_names[JW_STATUS].key, buf_cstr(&va), buf_cstr(&vb));
	buf_free(&text);
	buf_free(&va);
	buf_free(&vb);
	return true;
}

static void compare_function(Pair *p, const JsonValue *a, const JsonValue *b)
{
	if (compare_status(p, a, b))
		return;
	judge_pair(p, a, b, false);
	const char *cca = str_or(a, "cc", NULL), *ccb = str_or(b, "cc", NULL);
	if (cca && ccb) {
		Where w = { .subject = "calling convention" };
		diverge_if(p, &w, NULL, cca, ccb);
	}
	compare_args(p, NULL, a, b);
	compare_ret(p, NULL, json_get(a, "ret"), json_get(b, "ret"));
	compare_entry(p);
	compare_calls(p, a, b);
}

/* ---- pairing and the summary ------------------------------------------------------ */

typedef struct {
	unsigned compared, identical, diverge, only_a, only_b;
	unsigned divergences, to_stack, off_stack; /* lines reported, and of them stack moves */
} Summary;

/* "f", or "f#2" when either side has more than one f. */
static void function_label(const Entry *e, const Stream *other, Buf *b)
{
	const Entry *first = stream_find(other, e->name, 1);
	unsigned most = first && first->count > e->count ? first->count : e->count;
	buf_printf(b, "%s", *e->name ? e->name : "<unnamed>");
	if (most > 1)
		buf_printf(b, "#%u", e->occurrence);
}

static void report_only(Pair *p, bool in_a)
{
	Buf text = { 0 };
	buf_printf(&text, "only in %s", in_a ? p->o->label_a : p->o->label_b);
	emit(p, buf_cstr(&text), "function", in_a ? "present" : "absent", in_a ? "absent" : "present");
	buf_free(&text);
}

/* e is of stream `own`; its partner, if any, of `other`. */
static void diff_entry(const DiffOptions *o, Buf *out, Work *w, Entry *e, const Stream *other, bool in_a, Summary *sum)
{
	Buf label = { 0 };
	function_label(e, other, &label);
	Pair p = { .o = o, .out = out, .fn = buf_cstr(&label), .w = w };
	Entry *partner = stream_find(other, e->name, e->occurrence);
	if (!partner) {
		report_only(&p, in_a);
		*(in_a ? &sum->only_a : &sum->only_b) += 1;
	} else if (in_a) {
		partner->paired = true;
		compare_function(&p, e->fn, partner->fn);
		sum->compared++;
		*(p.found ? &sum->diverge : &sum->identical) += 1;
	}
	sum->divergences += p.found;
	sum->to_stack += p.to_stack;
	sum->off_stack += p.off_stack;
	buf_free(&label);
}

static void print_summary(const DiffOptions *o, Buf *out, const Summary *s)
{
	if (!o->json) {
		buf_printf(out, "%u functions compared, %u identical, %u diverge, %u only in %s, %u only in %s\n",
			   s->compared, s->identical, s->diverge, s->only_a, o->label_a, s->only_b, o->label_b);
		return;
	}
	buf_printf(out, "{\"compared\":%u,\"identical\":%u,\"diverge\":%u,\"only_in_a\":%u,\"only_in_b\":%u,"
			"\"divergences\":%u,\"to_stack\":%u,\"off_stack\":%u,\"labels\":[",
		   s->compared, s->identical, s->diverge, s->only_a, s->only_b, s->divergences, s->to_stack,
		   s->off_stack);
	put_json(out, o->label_a);
	buf_printf(out, ",");
	put_json(out, o->label_b);
	buf_printf(out, "]}\n");
}

int diff_streams(const char *a, size_t alen, const char *b, size_t blen, const DiffOptions *o, Buf *out, Buf *diag)
{
	Work *w = malloc(sizeof *w);
	Stream sa = { .file = o->file_a ? o->file_a : o->label_a, .scratch = w ? &w->scratch : NULL },
	       sb = { .file = o->file_b ? o->file_b : o->label_b, .scratch = sa.scratch };
	int status = EXIT_ERROR;
	if (w && stream_load(&sa, a, alen, diag) && stream_load(&sb, b, blen, diag)) {
		if (sa.malformed || sb.malformed) {
			/* A file that did not parse is not compared: half a comparison
			 * would print divergences that are the reader's, not the code's. */
			unsigned bad = sa.malformed + sb.malformed;
			buf_printf(diag, "gcnabi diff: %u malformed line%s; nothing compared\n", bad, bad == 1 ? "" : "s");
			goto done;
		}
		Summary sum = { 0 };
		for (size_t i = 0; i < sa.n; i++)
			diff_entry(o, out, w, &sa.entries[i], &sb, true, &sum);
		for (size_t i = 0; i < sb.n; i++)
			if (!sb.entries[i].paired)
				diff_entry(o, out, w, &sb.entries[i], &sa, false, &sum);
		print_summary(o, out, &sum);
		status = sum.diverge || sum.only_a || sum.only_b ? EXIT_DIVERGED : 0;
	} else {
		buf_printf(diag, "gcnabi diff: out of memory\n");
	}
done:
	stream_free(&sa);
	stream_free(&sb);
	free(w);
	return out->failed || diag->failed ? status | EXIT_ERROR : status;
}
