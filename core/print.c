/* Placement printers: the --json contract (one object per function, one
 * line) and the human form in LLVM's register syntax. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "place.h"

typedef struct {
	char *buf;
	size_t cap, n;
} Out;

static void out(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void out(Out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(o->n < o->cap ? o->buf + o->n : NULL, o->n < o->cap ? o->cap - o->n : 0, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += (size_t)k;
}

size_t json_quote(const char *s, char *buf, size_t cap)
{
	size_t n = 0;
#define PUT(c) (n + 1 < cap ? (void)(buf[n] = (c)) : (void)0, n++)
	PUT('"');
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\') {
			PUT('\\');
			PUT((char)ch);
		} else if (ch < 0x20) {
			static const char hex[] = "0123456789abcdef";
			PUT('\\'), PUT('u'), PUT('0'), PUT('0'), PUT(hex[ch >> 4]), PUT(hex[ch & 15]);
		} else {
			PUT((char)ch);
		}
	}
	PUT('"');
#undef PUT
	if (cap)
		buf[n < cap ? n : cap - 1] = 0;
	return n;
}

static void out_json_string(Out *o, const char *s)
{
	o->n += json_quote(s, o->n < o->cap ? o->buf + o->n : NULL, o->n < o->cap ? o->cap - o->n : 0);
}

size_t loc_print(const Loc *l, char *buf, size_t cap)
{
	switch (l->kind) {
	case LOC_SGPR: return (size_t)snprintf(buf, cap, "s%u", l->reg);
	case LOC_VGPR: return (size_t)snprintf(buf, cap, "v%u", l->reg);
	case LOC_STACK: return (size_t)snprintf(buf, cap, "stack+%u", l->offset);
	case LOC_KERNARG: return (size_t)snprintf(buf, cap, "kernarg+%u", l->offset);
	default: return (size_t)snprintf(buf, cap, "none");
	}
}

const ReprName repr_names[REPR_COUNT] = {
#define X(id, name, what) [REPR_##id] = { name, what },
	REPRS(X)
#undef X
};

unsigned repr_find(const char *name)
{
	for (unsigned i = 0; i < REPR_COUNT; i++)
		if (strcmp(repr_names[i].name, name) == 0)
			return i;
	return REPR_COUNT;
}

/* ,"reprs":["low","bits"] when a part of r has one stated ("" for the others). */
static void out_reprs_json(Out *o, const Placement *p, PartRange r)
{
	bool any = false;
	for (unsigned i = 0; i < r.count && !any; i++)
		any = p->locs[r.first + i].repr != REPR_UNSTATED;
	if (!any)
		return;
	out(o, ",\"reprs\":[");
	for (unsigned i = 0; i < r.count; i++) {
		unsigned k = p->locs[r.first + i].repr;
		out(o, "%s\"%s\"", i ? "," : "", k < REPR_COUNT ? repr_names[k].name : "");
	}
	out(o, "]");
}

static void out_parts_json(Out *o, const Placement *p, PartRange r)
{
	char tmp[32];
	bool stack = false;
	out(o, "\"parts\":[");
	for (unsigned i = 0; i < r.count; i++) {
		const Loc *l = &p->locs[r.first + i];
		loc_print(l, tmp, sizeof tmp);
		out(o, "%s\"%s\"", i ? "," : "", tmp);
		stack |= l->kind == LOC_STACK || l->kind == LOC_KERNARG;
	}
	out(o, "]");
	out_reprs_json(o, p, r);
	if (!stack)
		return;
	out(o, ",\"slot_sizes\":[");
	for (unsigned i = 0; i < r.count; i++) {
		const Loc *l = &p->locs[r.first + i];
		out(o, "%s%u", i ? "," : "", l->kind == LOC_STACK || l->kind == LOC_KERNARG ? l->size : 0);
	}
	out(o, "]");
}

size_t parts_print_json(const Placement *p, PartRange r, char *buf, size_t cap)
{
	Out o = { buf, cap, 0 };
	out_parts_json(&o, p, r);
	return o.n;
}

static void out_type(Out *o, const Sig *s, TypeId t)
{
	char tmp[512];
	size_t n = type_print(s, t, false, tmp, sizeof tmp);
	if (n >= sizeof tmp)
		strcpy(tmp + sizeof tmp - 4, "...");
	out_json_string(o, tmp);
}

size_t place_print_json(const Sig *s, const Placement *p, char *buf, size_t cap)
{
	Out o = { buf, cap, 0 };
	char tmp[32];
	if (cap)
		buf[0] = 0;
	out(&o, "{\"name\":");
	out_json_string(&o, s->name);
	if (!p->ok) {
		out(&o, ",\"error\":");
		out_json_string(&o, p->error);
		out(&o, "}");
		return o.n;
	}
	out(&o, ",\"cc\":\"%s\",\"args\":[", cc_name((CallConv)s->cc));
	for (unsigned i = 0; i < p->nargs && i < s->nparams; i++) {
		const Param *prm = &s->params[i];
		out(&o, "%s{\"type\":", i ? "," : "");
		out_type(&o, s, prm->type);
		if (prm->flags & PARAM_INREG)
			out(&o, ",\"inreg\":true");
		if (p->unused[i / 64] >> (i % 64) & 1)
			out(&o, ",\"unused\":true");
		if ((prm->flags & PARAM_BYVAL) && prm->attr_type != TYPE_NONE) {
			out(&o, ",\"byval\":");
			out_type(&o, s, prm->attr_type);
		}
		out(&o, ",");
		out_parts_json(&o, p, p->args[i]);
		out(&o, "}");
	}
	out(&o, "],\"ret\":{\"type\":");
	out_type(&o, s, s->ret);
	if (p->ret_demoted) {
		loc_print(&p->sret, tmp, sizeof tmp);
		out(&o, ",\"sret\":\"%s\"", tmp);
	}
	out(&o, ",");
	out_parts_json(&o, p, p->ret);
	out(&o, "}");
	if (p->ps_inputs)
		out(&o, ",\"ps_input_addr\":%u,\"ps_input_enable\":%u", p->ps_input_addr, p->ps_input_enable);
	if (p->kernarg)
		out(&o, ",\"kernarg_size\":%u", p->kernarg_size);
	char sys[192];
	sys_sgprs_print_json(p, sys, sizeof sys);
	out(&o, "%s", sys);
	if (p->user.known) {
		char tmp2[512];
		user_sgprs_print_json(&p->user, tmp2, sizeof tmp2);
		out(&o, "%s", tmp2);
	}
	out(&o, "}");
	return o.n;
}

size_t user_sgprs_print_json(const UserSgprs *u, char *buf, size_t cap)
{
	Out o = { buf, cap, 0 };
	char tmp[32];
	if (cap)
		buf[0] = 0;
	out(&o, ",\"user_sgprs\":{");
	const char *sep = "";
	for (unsigned i = 0; i < USGPR_COUNT; i++)
		if (u->enabled & (1u << i)) {
			RegRange r = { LOC_SGPR, (uint16_t)user_sgpr_first(u, i), user_sgpr_sizes[i] };
			regrange_print(&r, tmp, sizeof tmp);
			out(&o, "%s\"%s\":\"%s\"", sep, user_sgpr_names[i], tmp);
			sep = ",";
		}
	out(&o, "},\"user_sgpr_count\":%u,\"kernarg_preload_length\":%u", u->count, u->preload_length);
	if (u->preload_length) {
		RegRange r = { LOC_SGPR, (uint16_t)user_sgpr_first(u, USGPR_COUNT), u->preload_length };
		regrange_print(&r, tmp, sizeof tmp);
		out(&o, ",\"kernarg_preload\":\"%s\",\"kernarg_preload_offset\":%u", tmp, u->preload_offset);
	}
	return o.n;
}

/* Consecutive registers of one file print as one range: v[0:3]. */
static void out_parts_human(Out *o, const Placement *p, PartRange r)
{
	char tmp[32];
	if (r.count == 0)
		out(o, "-");
	for (unsigned i = 0; i < r.count;) {
		const Loc *l = &p->locs[r.first + i];
		unsigned run = 1;
		if (l->kind == LOC_SGPR || l->kind == LOC_VGPR)
			while (i + run < r.count && p->locs[r.first + i + run].kind == l->kind &&
			       p->locs[r.first + i + run].reg == l->reg + run)
				run++;
		if (run > 1) {
			RegRange rr = { l->kind, l->reg, (uint16_t)run };
			regrange_print(&rr, tmp, sizeof tmp);
			out(o, "%s%s", i ? "," : "", tmp);
		} else if (l->kind == LOC_STACK || l->kind == LOC_KERNARG) {
			out(o, "%s%s+%u/%u", i ? "," : "", l->kind == LOC_STACK ? "stack" : "kernarg", l->offset, l->size);
		} else {
			loc_print(l, tmp, sizeof tmp);
			out(o, "%s%s", i ? "," : "", tmp);
		}
		i += run;
	}
}

size_t sys_sgprs_print_json(const Placement *p, char *buf, size_t cap)
{
	Out o = { buf, cap, 0 };
	if (cap)
		buf[0] = 0;
	if (!p->ok || !p->sys_sgprs || (!p->scratch && p->implicit_buffer_ptr < 0))
		return 0;
	const char *sep = "";
	out(&o, ",\"system_sgprs\":{");
	if (p->implicit_buffer_ptr >= 0) {
		out(&o, "\"implicit_buffer_ptr\":\"s[%d:%d]\"", p->implicit_buffer_ptr, p->implicit_buffer_ptr + 1);
		sep = ",";
	}
	if (p->scratch_wave_offset >= 0)
		out(&o, "%s\"scratch_wave_offset\":\"s%d\"", sep, p->scratch_wave_offset);
	out(&o, "}");
	const ScratchRsrc *r = &p->srd;
	switch (r->kind) {
	case SRD_FLAT: out(&o, ",\"scratch_rsrc\":\"flat\""); break;
	case SRD_GIT: out(&o, ",\"scratch_rsrc\":\"git:s%u+%u\"", r->reg, r->offset); break;
	case SRD_PTR: out(&o, ",\"scratch_rsrc\":\"ptr:s[%u:%u]\"", r->reg, r->reg + 1); break;
	case SRD_LOAD_PTR: out(&o, ",\"scratch_rsrc\":\"load:s[%u:%u]+%u\"", r->reg, r->reg + 1, r->offset); break;
	case SRD_RELOC: out(&o, ",\"scratch_rsrc\":\"reloc\""); break;
	default: break;
	}
	return o.n;
}

size_t place_print_human(const Sig *s, const Placement *p, char *buf, size_t cap)
{
	Out o = { buf, cap, 0 };
	char tmp[512];
	if (cap)
		buf[0] = 0;
	out(&o, "%s %s:", cc_name((CallConv)s->cc), s->name);
	if (!p->ok) {
		out(&o, " error: %s", p->error);
		return o.n;
	}
	for (unsigned i = 0; i < p->nargs && i < s->nparams; i++) {
		type_print(s, s->params[i].type, false, tmp, sizeof tmp);
		out(&o, "%s %s%s -> ", i ? " |" : "", tmp, s->params[i].flags & PARAM_INREG ? " inreg" : "");
		out_parts_human(&o, p, p->args[i]);
	}
	type_print(s, s->ret, false, tmp, sizeof tmp);
	out(&o, "%s ret %s -> ", p->nargs ? " |" : "", tmp);
	if (p->ret_demoted) {
		loc_print(&p->sret, tmp, sizeof tmp);
		out(&o, "sret in %s", tmp);
	} else {
		out_parts_human(&o, p, p->ret);
	}
	/* Shader system SGPRs, where the JSON has them. */
	if (p->sys_sgprs && (p->scratch || p->implicit_buffer_ptr >= 0)) {
		const char *sep = " | system:";
		if (p->implicit_buffer_ptr >= 0) {
			out(&o, "%s implicit buffer ptr s[%d:%d]", sep, p->implicit_buffer_ptr, p->implicit_buffer_ptr + 1);
			sep = ",";
		}
		if (p->scratch_wave_offset >= 0) {
			out(&o, "%s scratch wave offset s%d", sep, p->scratch_wave_offset);
			sep = ",";
		}
		if (p->srd.kind == SRD_FLAT)
			out(&o, "%s flat scratch", sep);
	}
	return o.n;
}
