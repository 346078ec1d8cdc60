/* Where a finding is, for findings.jsonl: the report group of its
 * convention, the judge's first difference (what, argument, part, both
 * locations) and the two classes the reports group findings by — the type
 * class of the argument or return concerned ("vector inreg", "return
 * struct") and the register boundary crossed ("sgpr/stack", "part count",
 * "crash"). A finding that is not a comparison (llc's or the model's own
 * error) takes them from its message: the first "argument N" it names, a
 * return it mentions, a closing "LABEL X, LABEL Y". */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

const char *const judge_class_names[] = {
	[JC_DIFFERENT] = "different", [JC_MOVED] = "moved",   [JC_SLOT_SIZE] = "slot size",
	[JC_PART_COUNT] = "part count", [JC_UNREAD] = "unread", [JC_UNDEFINED] = "undefined",
	[JC_REPR] = "representation",
};

/* The class of an IR type, as the reports name it. */
static const char *type_class(const Sig *s, TypeId id)
{
	const Type *t = sig_type(s, id);
	switch ((TypeKind)t->kind) {
	case TYPE_STRUCT: return t->packed ? "packed struct" : "struct";
	case TYPE_VECTOR: return "vector";
	case TYPE_ARRAY: return "array";
	case TYPE_PTR: return "pointer";
	case TYPE_INT: return "integer";
	case TYPE_HALF: case TYPE_BFLOAT: case TYPE_FLOAT: case TYPE_DOUBLE: return "float";
	case TYPE_VOID: return "void";
	}
	return "other";
}

/* A location as the reports class it: one register of a file, a stack
 * slot, none, or something else (a range, a count). */
const char *loc_class(const char *text, size_t n)
{
	size_t digits = n > 1 ? strspn(text + 1, "0123456789") : 0;
	if (n >= 7 && strncmp(text, "demoted", 7) == 0)
		return "demoted";
	if (n > 1 && digits == n - 1 && (text[0] == 's' || text[0] == 'v'))
		return text[0] == 's' ? "sgpr" : "vgpr";
	if (n >= 5 && strncmp(text, "stack", 5) == 0)
		return "stack";
	if (n == 0 || (n == 1 && text[0] == '-') || (n == 4 && strncmp(text, "none", 4) == 0) ||
	    (n == 6 && strncmp(text, "(none)", 6) == 0))
		return "none";
	return "other";
}

/* A list of locations ("s8 s9 stack+0/4"): the classes in the order they
 * first appear, joined by "+", and the count ("sgpr+stack x3"); a single
 * location (or a "demoted ..." one): its class. */
void loc_list_class(const char *text, char *out, size_t cap)
{
	size_t n = strlen(text), lo = 0, hi = n;
	while (lo < hi && isspace((unsigned char)text[lo]))
		lo++;
	while (hi > lo && isspace((unsigned char)text[hi - 1]))
		hi--;
	bool list = memchr(text + lo, ' ', hi - lo) && strncmp(text, "demoted", 7) != 0;
	if (!list) {
		snprintf(out, cap, "%s", loc_class(text, n));
		return;
	}
	const char *seen[8];
	unsigned nseen = 0, count = 0;
	size_t len = 0;
	out[0] = 0;
	for (const char *p = text; *p;) {
		while (isspace((unsigned char)*p))
			p++;
		const char *w = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		if (p == w)
			break;
		count++;
		const char *k = loc_class(w, (size_t)(p - w));
		bool had = false;
		for (unsigned i = 0; i < nseen; i++)
			had |= seen[i] == k;
		if (!had && nseen < 8) {
			seen[nseen++] = k;
			len += (size_t)snprintf(out + len, len < cap ? cap - len : 0, "%s%s", nseen > 1 ? "+" : "", k);
		}
	}
	snprintf(out + (len < cap ? len : cap - 1), len < cap ? cap - len : 1, " x%u", count);
}

/* The message's closing "LABEL X, LABEL Y" after a colon: the classes of X
 * and Y ("sgpr/stack"); false when it has none. */
static bool closing_pair(const char *why, char *out, size_t cap)
{
	for (const char *colon = strchr(why, ':'); colon; colon = strchr(colon + 1, ':')) {
		const char *p = colon + 1;
		while (isspace((unsigned char)*p))
			p++;
		const char *w = p;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		if (p == w || *p != ' ')
			continue;
		const char *x = ++p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		/* X's run ends with the comma of ", " */
		if (p - x < 2 || p[-1] != ',' || *p != ' ')
			continue;
		const char *x_end = p - 1;
		const char *q = p + 1, *label = q;
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		if (q == label || *q != ' ')
			continue;
		const char *y = ++q;
		while (*q && !isspace((unsigned char)*q))
			q++;
		if (q == y || !(*q == 0 || (*q == '\n' && q[1] == 0)))
			continue;
		while (x_end > x && x_end[-1] == ',')
			x_end--;
		snprintf(out, cap, "%s/%s", loc_class(x, (size_t)(x_end - x)), loc_class(y, (size_t)(q - y)));
		return true;
	}
	return false;
}

/* The first "argument N" the message names, or -1. */
static long named_argument(const char *why)
{
	for (const char *p = strstr(why, "argument "); p; p = strstr(p + 1, "argument "))
		if (isdigit((unsigned char)p[9]))
			return strtol(p + 9, 0, 10);
	return -1;
}

static void where_classes(const Finding *f, const Sig *s, const char *const *keys, char *tclass, size_t tcap,
			  char *boundary, size_t bcap)
{
	/* The placement the message is about: the expected side, else llc's
	 * own when it is the second of model-vs-llc. */
	const Placement *p = f->expected ? f->expected : strcmp(keys[1], "llc") == 0 ? f->seen : 0;
	unsigned nargs = p && p->ok ? (p->nargs < s->nparams ? p->nargs : s->nparams) : 0;
	long arg = named_argument(f->why);
	snprintf(tclass, tcap, "other");
	if (arg >= 0 && (unsigned long)arg < nargs)
		snprintf(tclass, tcap, "%s%s", type_class(s, s->params[arg].type),
			 s->params[arg].flags & PARAM_INREG ? " inreg" : "");
	else if (strstr(f->why, "return") && p && p->ok)
		snprintf(tclass, tcap, "return %s", type_class(s, s->ret));
	if (finding_kinds[f->kind].axis == FA_CRASH || finding_kinds[f->kind].cls == FC_CRASH)
		snprintf(boundary, bcap, "%s", finding_axis_names[FA_CRASH]);
	else if (finding_kinds[f->kind].axis == FA_MACHINE)
		snprintf(boundary, bcap, "%s", finding_axis_names[FA_MACHINE]);
	else if (!closing_pair(f->why, boundary, bcap))
		snprintf(boundary, bcap, "%s", strstr(f->why, "parts") ? "part count" : "other");
}

static void loc_json(JsonWriter *w, const char *key, const Loc *l)
{
	char text[32];
	if (l->kind == LOC_NONE) {
		jw_kraw(w, key, "null");
		return;
	}
	loc_print(l, text, sizeof text);
	jw_kstring(w, key, text);
}

void finding_where_json(JsonWriter *w, const Finding *f, const Sig *s, const char *const *keys)
{
	char tclass[48], boundary[48];
	where_classes(f, s, keys, tclass, sizeof tclass, boundary, sizeof boundary);
	jw_kstring(w, "convention", conv_info((CallConv)s->cc)->group);
	jw_kstring(w, "type_class", tclass);
	jw_kstring(w, "boundary", boundary);
	if (!f->at) {
		jw_kraw(w, "difference", "null");
		return;
	}
	const JudgeDiff *d = f->at;
	bool part = d->cls == JC_MOVED || d->cls == JC_SLOT_SIZE || d->cls == JC_REPR;
	jw_kobject(w, "difference");
	jw_kstring(w, "what", judge_what_names[d->what].name);
	jw_kstring(w, "class", judge_class_names[d->cls]);
	if (d->what == JW_ARGUMENT)
		jw_kuint(w, "argument", d->arg);
	else
		jw_kraw(w, "argument", "null");
	if (part)
		jw_kuint(w, "part", d->part);
	else
		jw_kraw(w, "part", "null");
	/* Between llc's caller and callee the judge had the caller first. */
	bool caller_first = f->kind == FK_CALLER_VS_CALLEE || finding_is_link(f->kind);
	loc_json(w, keys[caller_first], &d->a);
	loc_json(w, keys[!caller_first], &d->b);
	if (d->cls == JC_REPR) { /* "llc_caller_repr": "f32", "llc_callee_repr": "low" */
		char key[48];
		snprintf(key, sizeof key, "%s_repr", keys[caller_first]);
		jw_kstring(w, key, repr_names[d->a.repr < REPR_COUNT ? d->a.repr : 0].name);
		snprintf(key, sizeof key, "%s_repr", keys[!caller_first]);
		jw_kstring(w, key, repr_names[d->b.repr < REPR_COUNT ? d->b.repr : 0].name);
	}
	jw_end(w);
}
