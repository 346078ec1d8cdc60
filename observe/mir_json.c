/* mir_function_print_json: one MirFunction as one JSON line. The typed
 * args/ret come from place_print_json (core/print.c) whenever the header is
 * known and the arguments grouped, so the --json contract is defined in one
 * place; the observer only appends its own keys (selector, calls, ...). */
#include "mir.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct {
	char *buf;
	size_t cap, len;
} Out;

static void out_fmt(Out *o, const char *fmt, ...)
{
	char scratch[1];
	bool room = o->len < o->cap;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(room ? o->buf + o->len : scratch, room ? o->cap - o->len : sizeof scratch, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

static void out_json_string(Out *o, const char *s)
{
	bool room = o->len < o->cap;
	o->len += json_quote(s, room ? o->buf + o->len : NULL, room ? o->cap - o->len : 0);
}

/* place_print_json's object without its closing brace, so keys can follow. */
static void out_placement_open(Out *o, const Sig *s, const Placement *p)
{
	char scratch[1];
	bool room = o->len < o->cap;
	size_t n = place_print_json(s, p, room ? o->buf + o->len : scratch, room ? o->cap - o->len : sizeof scratch);
	if (n > 0)
		o->len += n - 1;
}

static void out_loc(Out *o, const Loc *l)
{
	char tmp[48];
	loc_print(l, tmp, sizeof tmp);
	out_json_string(o, tmp);
}

/* place_print_json's parts (parts_print_json): reprs, slot_sizes. */
static void out_parts(Out *o, const Placement *p, PartRange r)
{
	char scratch[1];
	bool room = o->len < o->cap;
	o->len += parts_print_json(p, r, room ? o->buf + o->len : scratch, room ? o->cap - o->len : sizeof scratch);
}

/* The args/ret keys for a placement without a header to type it. */
static void out_untyped_placement(Out *o, const Placement *p, bool grouped)
{
	out_fmt(o, ",\"grouped\":%s,\"args\":[", grouped ? "true" : "false");
	for (uint16_t k = 0; k < p->nargs; k++) {
		out_fmt(o, k ? ",{" : "{");
		out_parts(o, p, p->args[k]);
		out_fmt(o, "}");
	}
	out_fmt(o, "],\"ret\":{");
	if (p->ret_demoted) {
		out_fmt(o, "\"sret\":");
		out_loc(o, &p->sret);
		out_fmt(o, ",");
	}
	out_parts(o, p, p->ret);
	out_fmt(o, "}");
	if (p->kernarg)
		out_fmt(o, ",\"kernarg_size\":%u", (unsigned)p->kernarg_size);
	if (p->user.known) {
		char tmp[512];
		user_sgprs_print_json(&p->user, tmp, sizeof tmp);
		out_fmt(o, "%s", tmp);
	}
}

static void out_regranges(Out *o, const char *key, const RegRange *r, uint16_t n)
{
	char tmp[32];
	out_fmt(o, ",\"%s\":[", key);
	for (uint16_t i = 0; i < n; i++) {
		regrange_print(&r[i], tmp, sizeof tmp);
		out_fmt(o, i ? "," : "");
		out_json_string(o, tmp);
	}
	out_fmt(o, "]");
}

static void out_call(Out *o, const MirCall *c)
{
	if (c->grouped && c->has_sig) {
		out_placement_open(o, &c->sig, &c->out);
		out_fmt(o, ",\"callee\":");
		out_json_string(o, c->callee);
	} else {
		out_fmt(o, "{\"callee\":");
		out_json_string(o, c->callee);
		out_untyped_placement(o, &c->out, c->grouped);
	}
	out_fmt(o, ",\"line\":%u", (unsigned)c->line);
	out_regranges(o, "implicit", c->implicit, c->nimplicit);
	out_fmt(o, "}");
}

size_t mir_function_print_json(const MirFunction *f, char *buf, size_t cap)
{
	Out o = {buf, cap, 0};
	if (cap)
		buf[0] = 0;
	const char *selector = f->gisel ? "gisel" : "dag";
	if (f->failed) {
		out_fmt(&o, "{\"name\":");
		out_json_string(&o, f->name);
		out_fmt(&o, ",\"selector\":\"%s\",\"error\":", selector);
		out_json_string(&o, f->error);
		out_fmt(&o, "}");
		return o.len;
	}
	if (f->grouped && f->has_sig) {
		out_placement_open(&o, &f->sig, &f->in);
	} else {
		out_fmt(&o, "{\"name\":");
		out_json_string(&o, f->name);
		out_untyped_placement(&o, &f->in, f->grouped);
	}
	out_fmt(&o, ",\"selector\":\"%s\"", selector);
	if (f->nunattributed)
		out_regranges(&o, "unattributed", f->unattributed, f->nunattributed);
	if (f->ncalls) {
		out_fmt(&o, ",\"calls\":[");
		for (uint16_t i = 0; i < f->ncalls; i++) {
			out_fmt(&o, i ? "," : "");
			out_call(&o, &f->calls[i]);
		}
		out_fmt(&o, "]");
	}
	if (f->ncalls_dropped)
		out_fmt(&o, ",\"calls_dropped\":%u", (unsigned)f->ncalls_dropped);
	out_fmt(&o, "}");
	return o.len;
}
