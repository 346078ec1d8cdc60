/* `gcnabi diff A.jsonl B.jsonl`: pairs the functions of two placement streams
 * by name (the k-th of a name with the k-th) and lists every divergence, one
 * per line: argument and return parts, slot sizes, demoted returns, errors,
 * call sites. diff_streams (diff.h) is the pure core the unit tests drive;
 * cmd_diff only reads the files and prints. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "json.h"

/* ---- checking a line against the contract ---------------------------------- */

typedef struct {
	const JsonValue *at;
	char msg[160];
} Problem;

static bool problem(Problem *pr, const JsonValue *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Records what is wrong and where; always false, to be returned. */
static bool problem(Problem *pr, const JsonValue *at, const char *fmt, ...)
{
	pr->at = at;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pr->msg, sizeof pr->msg, fmt, ap);
	va_end(ap);
	return false;
}

static bool check_string(const JsonValue *obj, const char *key, bool required, Problem *pr)
{
	const JsonValue *v = json_get(obj, key);
	if (!v)
		return !required || problem(pr, obj, "missing \"%s\"", key);
	return json_cstr(v) || problem(pr, v, "\"%s\" must be a string without NUL characters", key);
}

static bool check_bool(const JsonValue *obj, const char *key, Problem *pr)
{
	const JsonValue *v = json_get(obj, key);
	return !v || v->kind == JSON_BOOL || problem(pr, v, "\"%s\" must be true or false", key);
}

/* A memory part: a stack slot or an amdgpu_kernel argument's place in the
 * kernarg segment; both carry a size. */
static bool is_stack(const char *part)
{
	return strncmp(part, "stack+", 6) == 0 || strncmp(part, "kernarg+", 8) == 0;
}

/* "sN", "vN", "stack+OFFSET" or "kernarg+OFFSET", decimal without leading zeros. */
static bool is_part(const char *s)
{
	const char *num = s[0] == 's' || s[0] == 'v' ? s + 1 : NULL;
	if (strncmp(s, "stack+", 6) == 0)
		num = s + 6;
	else if (strncmp(s, "kernarg+", 8) == 0)
		num = s + 8;
	if (!num || !*num || (num[0] == '0' && num[1]))
		return false;
	size_t n = strspn(num, "0123456789");
	return num[n] == 0 && n <= 10;
}

static bool check_part(const JsonValue *v, Problem *pr)
{
	return (json_cstr(v) && is_part(v->str)) || problem(pr, v, "a part must be \"sN\", \"vN\", \"stack+OFFSET\" or \"kernarg+OFFSET\"");
}

static bool check_slot_sizes(const JsonValue *sizes, const JsonValue *parts, Problem *pr)
{
	if (sizes->kind != JSON_ARRAY || sizes->count != parts->count)
		return problem(pr, sizes, "\"slot_sizes\" must be an array as long as \"parts\"");
	const JsonValue *p = parts->first;
	for (const JsonValue *s = sizes->first; s; s = s->next, p = p->next) {
		uint32_t size;
		if (!json_u32(s, &size))
			return problem(pr, s, "a slot size must be an integer from 0 to 4294967295");
		if (size && !is_stack(p->str))
			return problem(pr, s, "the slot size of a register part must be 0");
	}
	return true;
}

/* "parts" and the optional "slot_sizes" of an argument or a return. */
static bool check_parts(const JsonValue *holder, Problem *pr)
{
	const JsonValue *parts = json_get(holder, "parts"), *sizes = json_get(holder, "slot_sizes");
	if (!parts)
		return problem(pr, holder, "missing \"parts\"");
	if (parts->kind != JSON_ARRAY)
		return problem(pr, parts, "\"parts\" must be an array");
	for (const JsonValue *p = parts->first; p; p = p->next)
		if (!check_part(p, pr))
			return false;
	return !sizes || check_slot_sizes(sizes, parts, pr);
}

static bool check_arg(const JsonValue *arg, Problem *pr)
{
	if (arg->kind != JSON_OBJECT)
		return problem(pr, arg, "an argument must be an object");
	return check_string(arg, "type", false, pr) && check_string(arg, "byval", false, pr) &&
	       check_bool(arg, "inreg", pr) && check_parts(arg, pr);
}

static bool check_ret(const JsonValue *owner, bool required, Problem *pr)
{
	const JsonValue *ret = json_get(owner, "ret"), *sret = ret ? json_get(ret, "sret") : NULL;
	if (!ret)
		return !required || problem(pr, owner, "missing \"ret\"");
	if (ret->kind != JSON_OBJECT)
		return problem(pr, ret, "\"ret\" must be an object");
	if (sret && !check_part(sret, pr))
		return false;
	return check_string(ret, "type", false, pr) && check_parts(ret, pr);
}

/* "args", "ret" and "grouped" of a function or of a call site. */
static bool check_placement(const JsonValue *owner, bool ret_required, Problem *pr)
{
	const JsonValue *args = json_get(owner, "args");
	if (!args)
		return problem(pr, owner, "missing \"args\"");
	if (args->kind != JSON_ARRAY)
		return problem(pr, args, "\"args\" must be an array");
	for (const JsonValue *a = args->first; a; a = a->next)
		if (!check_arg(a, pr))
			return false;
	return check_ret(owner, ret_required, pr) && check_bool(owner, "grouped", pr);
}

static bool check_call(const JsonValue *call, Problem *pr)
{
	if (call->kind != JSON_OBJECT)
		return problem(pr, call, "a call must be an object");
	const JsonValue *implicit = json_get(call, "implicit");
	if (implicit && implicit->kind != JSON_ARRAY)
		return problem(pr, implicit, "\"implicit\" must be an array of strings");
	for (const JsonValue *r = implicit ? implicit->first : NULL; r; r = r->next)
		if (!json_cstr(r))
			return problem(pr, r, "\"implicit\" must be an array of strings");
	return check_string(call, "callee", true, pr) && check_placement(call, false, pr);
}

/* One line: {"name":…, "error":…} or a placed function. Keys the contract
 * does not name are ignored. */
static bool check_function(const JsonValue *fn, Problem *pr)
{
	if (fn->kind != JSON_OBJECT)
		return problem(pr, fn, "a line must hold one JSON object");
	if (!check_string(fn, "name", true, pr))
		return false;
	if (json_get(fn, "error"))
		return check_string(fn, "error", true, pr);
	const JsonValue *calls = json_get(fn, "calls");
	if (calls && calls->kind != JSON_ARRAY)
		return problem(pr, calls, "\"calls\" must be an array");
	for (const JsonValue *c = calls ? calls->first : NULL; c; c = c->next)
		if (!check_call(c, pr))
			return false;
	return check_string(fn, "cc", false, pr) && check_placement(fn, true, pr);
}

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

/* A malformed line is reported and skipped; false only when out of memory. */
static bool stream_line(Stream *s, const char *text, size_t len, uint32_t line, Buf *diag)
{
	JsonError je;
	Problem pr;
	const JsonValue *fn = json_parse(s->arena, text, len, &je);
	if (fn && check_function(fn, &pr))
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

typedef struct {
	const DiffOptions *o;
	Buf *out;
	const char *fn;  /* the function as reported: its name, name#k for duplicates */
	unsigned found;  /* divergences reported for it */
	unsigned to_stack, off_stack; /* of them, a part in a register in A on the stack in B, and back */
} Pair;

/* Where a divergence is: lead + call + subject + (type) + detail, as in
 * "slot size of " "call to g" "argument 1" "(i64)" " part 0". The type is
 * shown in the text report only. */
typedef struct {
	const char *lead, *call, *subject, *type, *detail;
} Where;

static const char *cstr(const Buf *b)
{
	return b->p ? b->p : "";
}

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

/* One divergence: text is the human line after "fn: "; where, a and b the
 * fields of the JSON object. */
/* One stack slot ("stack+8"), not a list of parts. */
static bool is_stack_slot(const char *loc)
{
	return strncmp(loc, "stack", 5) == 0 && !strchr(loc, ' ');
}

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
	buf_printf(p->out, "}\n");
}

/* "WHERE: A a, B b". */
static void diverge(Pair *p, const Where *w, const char *a, const char *b)
{
	Buf text = { 0 }, where = { 0 };
	where_print(&text, w, true);
	buf_printf(&text, ": %s %s, %s %s", p->o->label_a, a, p->o->label_b, b);
	where_print(&where, w, false);
	emit(p, cstr(&text), cstr(&where), a, b);
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
	emit(p, cstr(&text), cstr(&where), a, b);
	buf_free(&text);
	buf_free(&where);
}

/* ---- comparing parts ------------------------------------------------------------ */

/* Walks the parts (and slot sizes) of one argument or return, or, across,
 * of every argument from holder on. */
typedef struct {
	const JsonValue *holder, *part, *size;
	bool across;
} Parts;

static void parts_enter(Parts *it, const JsonValue *holder)
{
	for (; holder; holder = it->across ? holder->next : NULL) {
		const JsonValue *sizes = json_get(holder, "slot_sizes");
		it->holder = holder;
		it->part = json_get(holder, "parts")->first;
		it->size = sizes ? sizes->first : NULL;
		if (it->part)
			return;
	}
	it->holder = it->part = it->size = NULL;
}

static Parts parts_of(const JsonValue *holder, bool across)
{
	Parts it = { .across = across };
	parts_enter(&it, holder);
	return it;
}

static void parts_step(Parts *it)
{
	it->part = it->part->next;
	it->size = it->size ? it->size->next : NULL;
	if (!it->part)
		parts_enter(it, it->across ? it->holder->next : NULL);
}

static size_t parts_count(Parts it)
{
	size_t n = 0;
	for (; it.part; parts_step(&it))
		n++;
	return n;
}

/* "s4 s5", or "none". */
static void parts_list(Parts it, Buf *b)
{
	if (!it.part)
		buf_printf(b, "none");
	for (bool first = true; it.part; parts_step(&it), first = false)
		buf_printf(b, "%s%s", first ? "" : " ", it.part->str);
}

static void diverge_part_count(Pair *p, const Where *w, Parts a, Parts b)
{
	Buf text = { 0 }, where = { 0 }, la = { 0 }, lb = { 0 };
	where_print(&text, w, true);
	buf_printf(&text, ": %s has %zu parts, %s has %zu", p->o->label_a, parts_count(a), p->o->label_b, parts_count(b));
	where_print(&where, w, false);
	parts_list(a, &la);
	parts_list(b, &lb);
	emit(p, cstr(&text), cstr(&where), cstr(&la), cstr(&lb));
	buf_free(&text);
	buf_free(&where);
	buf_free(&la);
	buf_free(&lb);
}

/* Slot sizes of two stack parts, when both sides know them (0 = unknown). */
static void compare_slot_size(Pair *p, const Where *w, const Parts *a, const Parts *b)
{
	uint32_t sa, sb;
	if (!a->size || !b->size || !is_stack(a->part->str) || !is_stack(b->part->str))
		return;
	if (!json_u32(a->size, &sa) || !json_u32(b->size, &sb) || !sa || !sb || sa == sb)
		return;
	Where sw = *w;
	sw.lead = "slot size of ";
	sw.type = NULL;
	diverge(p, &sw, a->size->str, b->size->str);
}

/* --undef-sgprs: every part of b is one of a's, and a's others are SGPRs:
 * llc 16's SelectionDAG put IMPLICIT_DEF there (shader_dag_undef_sgprs). */
static bool only_sgprs_missing(Parts a, Parts b)
{
	for (Parts x = b; x.part; parts_step(&x)) {
		bool found = false;
		for (Parts y = a; y.part && !found; parts_step(&y))
			found = strcmp(x.part->str, y.part->str) == 0;
		if (!found)
			return false;
	}
	for (Parts y = a; y.part; parts_step(&y)) {
		bool found = false;
		for (Parts x = b; x.part && !found; parts_step(&x))
			found = strcmp(x.part->str, y.part->str) == 0;
		if (!found && y.part->str[0] != 's')
			return false;
	}
	return true;
}

static void compare_parts(Pair *p, const Where *w, Parts a, Parts b)
{
	if (p->o->undef_sgprs && parts_count(b) < parts_count(a) && only_sgprs_missing(a, b))
		return;
	if (parts_count(a) != parts_count(b)) {
		diverge_part_count(p, w, a, b);
		return;
	}
	for (size_t k = 0; a.part; k++, parts_step(&a), parts_step(&b)) {
		char detail[32];
		snprintf(detail, sizeof detail, " part %zu", k);
		Where pw = *w;
		pw.detail = detail;
		if (strcmp(a.part->str, b.part->str) != 0)
			diverge(p, &pw, a.part->str, b.part->str);
		compare_slot_size(p, &pw, &a, &b);
	}
}

/* ---- comparing functions -------------------------------------------------------- */

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

static void diverge_if(Pair *p, const Where *w, const char *detail, const char *a, const char *b)
{
	Where d = *w;
	d.type = NULL;
	d.detail = detail;
	if (strcmp(a, b) != 0)
		diverge(p, &d, a, b);
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

static void compare_arg(Pair *p, const char *call, unsigned index, const JsonValue *a, const JsonValue *b)
{
	char subject[32];
	snprintf(subject, sizeof subject, "argument %u", index);
	Where w = { .call = call, .subject = subject, .type = str_or(a, "type", str_or(b, "type", NULL)) };
	compare_signature(p, &w, a, b);
	/* An unused argument's registers cannot be seen in MIR. */
	const JsonValue *pa = json_get(a, "parts"), *pb = json_get(b, "parts");
	if ((flag(a, "unused") || flag(b, "unused")) && ((pa && !pa->first) || (pb && !pb->first)))
		return;
	compare_parts(p, &w, parts_of(a, false), parts_of(b, false));
}

static bool ungrouped(const JsonValue *owner)
{
	const JsonValue *g = json_get(owner, "grouped");
	return g && !g->boolean;
}

/* When either side could not attribute parts to arguments, the parts of
 * all arguments are compared as one list. */
static void compare_args(Pair *p, const char *call, const JsonValue *a, const JsonValue *b)
{
	const JsonValue *aa = json_get(a, "args"), *ba = json_get(b, "args");
	if (ungrouped(a) || ungrouped(b)) {
		Where w = { .call = call, .subject = "arguments", .type = "ungrouped" };
		compare_parts(p, &w, parts_of(aa->first, true), parts_of(ba->first, true));
		return;
	}
	if (aa->count != ba->count)
		diverge_count(p, call, "arguments", aa->count, ba->count);
	unsigned i = 0;
	for (const JsonValue *x = aa->first, *y = ba->first; x && y; x = x->next, y = y->next)
		compare_arg(p, call, i++, x, y);
}

/* "demoted (sret in v0)" or the parts. */
static void ret_describe(const JsonValue *ret, Buf *b)
{
	const JsonValue *sret = json_get(ret, "sret");
	if (sret)
		buf_printf(b, "demoted (sret in %s)", sret->str);
	else
		parts_list(parts_of(ret, false), b);
}

static void compare_ret(Pair *p, const char *call, const JsonValue *a, const JsonValue *b)
{
	if (!a || !b)
		return;
	Where w = { .call = call, .subject = "return", .type = str_or(a, "type", str_or(b, "type", NULL)) };
	compare_signature(p, &w, a, b);
	const JsonValue *sa = json_get(a, "sret"), *sb = json_get(b, "sret");
	if (sa && sb) {
		Where h = { .call = call, .subject = "hidden sret pointer" };
		diverge_if(p, &h, NULL, sa->str, sb->str);
	} else if (sa || sb) {
		Where r = { .call = call, .subject = "return" };
		Buf da = { 0 }, db = { 0 };
		ret_describe(a, &da);
		ret_describe(b, &db);
		diverge(p, &r, cstr(&da), cstr(&db));
		buf_free(&da);
		buf_free(&db);
	} else {
		compare_parts(p, &w, parts_of(a, false), parts_of(b, false));
	}
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
	diverge_if(p, &w, NULL, cstr(&la), cstr(&lb));
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
	compare_args(p, cstr(&label), a, b);
	compare_ret(p, cstr(&label), json_get(a, "ret"), json_get(b, "ret"));
	compare_implicit(p, cstr(&label), json_get(a, "implicit"), json_get(b, "implicit"));
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
 * else to compare then). */
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
	emit(p, cstr(&text), "status", cstr(&va), cstr(&vb));
	buf_free(&text);
	buf_free(&va);
	buf_free(&vb);
	return true;
}

static void compare_function(Pair *p, const JsonValue *a, const JsonValue *b)
{
	if (compare_status(p, a, b))
		return;
	const char *cca = str_or(a, "cc", NULL), *ccb = str_or(b, "cc", NULL);
	if (cca && ccb) {
		Where w = { .subject = "calling convention" };
		diverge_if(p, &w, NULL, cca, ccb);
	}
	compare_args(p, NULL, a, b);
	compare_ret(p, NULL, json_get(a, "ret"), json_get(b, "ret"));
	/* amdgpu_ps input slots, where both sides know them. */
	/* amdgpu_kernel: the explicit kernarg segment size, likewise. */
	/* Its user SGPRs and preloaded arguments, likewise. */
	static const char *const ps_keys[] = { "ps_input_addr", "ps_input_enable", "kernarg_size", "user_sgpr_count",
					       "kernarg_preload_length", "kernarg_preload_offset" };
	for (unsigned k = 0; k < sizeof ps_keys / sizeof ps_keys[0]; k++) {
		const JsonValue *x = json_get(a, ps_keys[k]), *y = json_get(b, ps_keys[k]);
		Where w = { .subject = ps_keys[k] };
		if (x && y && x->kind == JSON_NUMBER && y->kind == JSON_NUMBER)
			diverge_if(p, &w, NULL, x->str, y->str);
	}
	/* Shader system SGPRs: both sides print them under the same rule, so
	 * one side without the key has none. */
	const JsonValue *sa = json_get(a, "system_sgprs"), *sb = json_get(b, "system_sgprs");
	static const char *const sys_keys[] = { "implicit_buffer_ptr", "scratch_wave_offset" };
	for (unsigned k = 0; (sa || sb) && k < 2; k++) {
		Where w = { .subject = sys_keys[k] };
		diverge_if(p, &w, NULL, sa ? str_or(sa, sys_keys[k], "none") : "none", sb ? str_or(sb, sys_keys[k], "none") : "none");
	}
	const JsonValue *ua = json_get(a, "user_sgprs"), *ub = json_get(b, "user_sgprs");
	if (ua && ub && ua->kind == JSON_OBJECT && ub->kind == JSON_OBJECT)
		for (int side = 0; side < 2; side++)
			for (const JsonValue *m = (side ? ub : ua)->first; m; m = m->next) {
				const JsonValue *o = json_get(side ? ua : ub, m->key);
				if (side && o)
					continue; /* compared from a's side */
				char subject[64];
				snprintf(subject, sizeof subject, "user SGPR %.*s", (int)(m->key_len < 40 ? m->key_len : 40), m->key);
				Where w = { .subject = subject };
				const char *mine = m->kind == JSON_STRING ? m->str : "?", *theirs = o && o->kind == JSON_STRING ? o->str : "off";
				diverge_if(p, &w, NULL, side ? theirs : mine, side ? mine : theirs);
			}
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
	emit(p, cstr(&text), "function", in_a ? "present" : "absent", in_a ? "absent" : "present");
	buf_free(&text);
}

/* e is of stream `own`; its partner, if any, of `other`. */
static void diff_entry(const DiffOptions *o, Buf *out, Entry *e, const Stream *other, bool in_a, Summary *sum)
{
	Buf label = { 0 };
	function_label(e, other, &label);
	Pair p = { .o = o, .out = out, .fn = cstr(&label) };
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

static void print_summary(const DiffOptions *o, Buf *out, const Summary *s, unsigned malformed)
{
	if (!o->json) {
		buf_printf(out, "%u functions compared, %u identical, %u diverge, %u only in %s, %u only in %s",
			   s->compared, s->identical, s->diverge, s->only_a, o->label_a, s->only_b, o->label_b);
		if (malformed)
			buf_printf(out, ", %u malformed lines skipped", malformed);
		buf_printf(out, "\n");
		return;
	}
	buf_printf(out, "{\"compared\":%u,\"identical\":%u,\"diverge\":%u,\"only_in_a\":%u,\"only_in_b\":%u,\"malformed\":%u,"
			"\"divergences\":%u,\"to_stack\":%u,\"off_stack\":%u,\"labels\":[",
		   s->compared, s->identical, s->diverge, s->only_a, s->only_b, malformed, s->divergences, s->to_stack,
		   s->off_stack);
	put_json(out, o->label_a);
	buf_printf(out, ",");
	put_json(out, o->label_b);
	buf_printf(out, "]}\n");
}

int diff_streams(const char *a, size_t alen, const char *b, size_t blen, const DiffOptions *o, Buf *out, Buf *diag)
{
	Stream sa = { .file = o->file_a ? o->file_a : o->label_a }, sb = { .file = o->file_b ? o->file_b : o->label_b };
	int status = EXIT_ERROR;
	if (stream_load(&sa, a, alen, diag) && stream_load(&sb, b, blen, diag)) {
		Summary sum = { 0 };
		for (size_t i = 0; i < sa.n; i++)
			diff_entry(o, out, &sa.entries[i], &sb, true, &sum);
		for (size_t i = 0; i < sb.n; i++)
			if (!sb.entries[i].paired)
				diff_entry(o, out, &sb.entries[i], &sa, false, &sum);
		print_summary(o, out, &sum, sa.malformed + sb.malformed);
		status = (sum.diverge || sum.only_a || sum.only_b ? EXIT_DIVERGED : 0) |
			 (sa.malformed || sb.malformed ? EXIT_ERROR : 0);
	} else {
		buf_printf(diag, "gcnabi diff: out of memory\n");
	}
	stream_free(&sa);
	stream_free(&sb);
	return out->failed || diag->failed ? status | EXIT_ERROR : status;
}

/* ---- the command ------------------------------------------------------------------ */

/* "model,llc22" into its two halves, in place. */
static bool split_labels(char *s, DiffOptions *o)
{
	char *comma = strchr(s, ',');
	if (!comma || comma == s || !comma[1] || strchr(comma + 1, ','))
		return false;
	*comma = 0;
	o->label_a = s;
	o->label_b = comma + 1;
	return true;
}

/* Options into o; EXIT_USAGE, 0 after --help, or -1 to go on with the
 * operands at argv[*i]. */
static int diff_options(int argc, char **argv, int *i, DiffOptions *o, char **labels)
{
	const Command *cmd = command_find("diff");
	const char *val;
	int k;
	while ((k = opt_next(cmd, argc, argv, i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		if (strcmp(name, "--json") == 0) {
			o->json = true;
		} else if (strcmp(name, "--summary") == 0) {
			o->json = o->summary_only = true;
		} else if (strcmp(name, "--strict-errors") == 0) {
			o->strict_errors = true;
		} else if (strcmp(name, "--undef-sgprs") == 0) {
			o->undef_sgprs = true;
		} else if (strcmp(name, "--labels") == 0) {
			free(*labels);
			*labels = strdup(val);
			if (!*labels || !split_labels(*labels, o)) {
				fprintf(stderr, "gcnabi diff: --labels wants two names, as in --labels model,llc22\n");
				return EXIT_USAGE;
			}
		}
	}
	if (k == -4)
		return 0;
	if (k == -3)
		return EXIT_USAGE;
	if (argc - *i != 2 || (strcmp(argv[*i], "-") == 0 && strcmp(argv[*i + 1], "-") == 0)) {
		fprintf(stderr, "gcnabi diff: wants two streams, at most one of them '-' (see gcnabi diff --help)\n");
		return EXIT_USAGE;
	}
	return -1;
}

static const char *display_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* Reads both streams, diffs them, prints the report. */
static int diff_files(const DiffOptions *o, const char *path_a, const char *path_b)
{
	char err[512];
	size_t alen, blen;
	char *a = read_file(path_a, &alen, err, sizeof err);
	char *b = a ? read_file(path_b, &blen, err, sizeof err) : NULL;
	int status = EXIT_ERROR;
	if (a && b) {
		Buf out = { 0 }, diag = { 0 };
		status = diff_streams(a, alen, b, blen, o, &out, &diag);
		fputs(cstr(&diag), stderr);
		fputs(cstr(&out), stdout);
		buf_free(&out);
		buf_free(&diag);
	} else {
		fprintf(stderr, "gcnabi diff: %s\n", err);
	}
	free(a);
	free(b);
	return status;
}

int cmd_diff(int argc, char **argv)
{
	DiffOptions o = { .label_a = "A", .label_b = "B" };
	char *labels = NULL;
	int i = 1, status = diff_options(argc, argv, &i, &o, &labels);
	if (status < 0) {
		o.file_a = display_name(argv[i]);
		o.file_b = display_name(argv[i + 1]);
		status = diff_files(&o, argv[i], argv[i + 1]);
	}
	free(labels);
	return status;
}
