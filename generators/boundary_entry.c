/* Boundary cases of the entry points: pixel-shader input slots (which
 * inputs the ps_input_* masks enable), the kernarg alignment of a set of
 * types in kernels, and what an entry convention refuses. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "boundary_impl.h"

/* --- pixel-shader input slots ------------------------------------------------ */

/* n i32 parameters (the first a { i32, i32 } when pair), parameter k
 * unused unless bit k of used is set. */
static Sig *ps_sig(Sig *s, CallConv cc, unsigned n, uint32_t used, bool pair)
{
	sig_init(s);
	snprintf(s->name, sizeof s->name, "probe");
	s->cc = (uint8_t)cc;
	TypeId i32 = int_type(s, 32), members[2] = { i32, i32 };
	TypeId first = pair ? sig_add_struct(s, members, 2, false) : i32;
	for (unsigned k = 0; k < n && s->nparams < SIG_MAX_PARAMS; k++)
		s->params[s->nparams++] = (Param){ .type = k ? i32 : first, .flags = (uint16_t)(used >> k & 1 ? 0 : PARAM_UNUSED),
						   .attr_type = TYPE_NONE };
	return s;
}

static Loc first_part(const Placement *p, unsigned arg)
{
	return arg < p->nargs && p->args[arg].count ? p->locs[p->args[arg].first] : (Loc){ 0 };
}

/* A case that is exactly a probe: the probe's signature, with checks taken
 * from the model's placement of it for the arguments in mask (no location,
 * or where they start) and psInputAddr. */
static void ps_case_from_probe(Emit *e, const Sig *probe, BoundaryLimitKind kind, Loc at, uint32_t mask, const char *what)
{
	BoundaryGen *g = e->g;
	const Placement *p = &g->place;
	Sig *s = case_begin(e, 0);
	*s = *probe;
	case_aim(e, kind, at, (Loc){ 0 });
	char where[96] = "";
	size_t n = 0;
	for (unsigned k = 0; k < probe->nparams && k < 32 && e->g->c.nchecks + 1 < BOUNDARY_MAX_CHECKS; k++) {
		char l[32];
		if (!(mask >> k & 1))
			continue;
		if (!p->args[k].count) {
			case_expect(e, BCHK_ARG_NONE, k, 0, (Loc){ 0 });
			n += (size_t)snprintf(where + n, sizeof where - n, "%s#%u none", n ? ", " : "", k);
		} else {
			case_expect(e, BCHK_ARG_PART, k, 0, first_part(p, k));
			n += (size_t)snprintf(where + n, sizeof where - n, "%s#%u %s", n ? ", " : "", k,
					      loc_str(&p->locs[p->args[k].first], l, sizeof l));
		}
		if (n >= sizeof where)
			break;
	}
	case_expect_value(e, BCHK_PS_INPUT_ADDR, 0, 0, (Loc){ 0 }, p->ps_input_addr);
	case_finish(e, "%s: %s, psInputAddr 0x%x", what, where, (unsigned)p->ps_input_addr);
}

/* How many input slots there are: the first position at which an unused
 * argument is allocated after all; and which used slots force slot 0 on
 * (no interpolation input, or POS_W_FLOAT without a perspective one),
 * found by trying every single slot and every pair. */
void ps_cases(Emit *e)
{
	BoundaryGen *g = e->g;
	Sig *probe = &g->probe;
	enum { MAX_SLOTS = 31 };
	if (!cc_place(ps_sig(probe, e->cc, 1, 1, false), e->m, e->view, &g->place) || !g->place.ps_inputs)
		return;
	unsigned slots = 0;
	for (int pair = 0; pair < 2; pair++) {
		unsigned k = 1;
		for (; k < MAX_SLOTS; k++) {
			uint32_t used = ((UINT32_C(1) << k) - 1) | UINT32_C(1) << (k + 1);
			if (cc_place(ps_sig(probe, e->cc, k + 2, used, pair), e->m, e->view, &g->place) && g->place.args[k].count)
				break;
		}
		if (k == MAX_SLOTS)
			continue;
		if (!pair)
			slots = k;
		char what[128];
		for (unsigned at = k - 1; at <= k; at++) {
			uint32_t used = ((UINT32_C(1) << at) - 1) | UINT32_C(1) << (at + 1);
			if (!cc_place(ps_sig(probe, e->cc, at + 2, used, pair), e->m, e->view, &g->place))
				continue;
			snprintf(what, sizeof what, "ps input slots: %s%u used before an unused i32 (%s)", pair ? "{ i32, i32 } and " : "",
				 pair ? at - 1 : at, g->place.args[at].count ? "past the last slot: allocated" : "in a slot: not allocated");
			ps_case_from_probe(e, probe, BLIM_PS_SLOTS, (Loc){ .kind = LOC_NONE, .reg = (uint16_t)k, .offset = pair, .size = 0 }, 3u << at, what);
		}
	}
	if (!slots || slots > 16)
		return;
	/* forced[a][b]: only slots a and b used (a == b: one slot), and slot 0 is on anyway. */
	bool forced[16][16];
	for (unsigned a = 0; a < slots; a++)
		for (unsigned b = a; b < slots; b++) {
			uint32_t used = UINT32_C(1) << a | UINT32_C(1) << b;
			forced[a][b] = cc_place(ps_sig(probe, e->cc, b + 1, used, false), e->m, e->view, &g->place) &&
				       (g->place.ps_input_addr & 1) && !(used & 1);
		}
	for (unsigned a = 0; a < slots; a++)
		for (unsigned b = a; b < slots; b++) {
			bool edge = a == b ? a > 0 && forced[a][a] != forced[a - 1][a - 1]
					   : forced[a][b] != (forced[a][a] && forced[b][b]);
			if (!edge)
				continue;
			for (unsigned side = a == b ? 0 : 1; side < 2; side++) {
				unsigned x = a == b ? a - 1 + side : a, y = a == b ? x : b;
				uint32_t used = UINT32_C(1) << x | UINT32_C(1) << y;
				if (!cc_place(ps_sig(probe, e->cc, y + 1, used, false), e->m, e->view, &g->place))
					continue;
				char what[128];
				if (x == y)
					snprintf(what, sizeof what, "ps input slot 0 %s: only slot %u used", forced[x][y] ? "forced on" : "not forced", x);
				else
					snprintf(what, sizeof what, "ps input slot 0 %s: only slots %u and %u used",
						 forced[x][y] ? "forced on" : "not forced", x, y);
				ps_case_from_probe(e, probe, BLIM_PS_FORCED, (Loc){ .kind = LOC_NONE, .reg = (uint16_t)used, .offset = 0, .size = 0 }, used, what);
			}
		}
}

/* --- kernels: the kernarg segment ----------------------------------------------- */

static bool kernel_place_params(Emit *e, Sig *s)
{
	return cc_place(s, e->m, e->view, &e->g->place) && e->g->place.kernarg;
}

/* A kernel (filler, T): filler is [k x i8], unused, so that only T's
 * layout matters. T is unused too unless it is byref: llc's HSA metadata
 * lists unused arguments at their offsets all the same, and a store of T
 * would test llc's code generation instead (llc 22's GlobalISel crashes
 * storing a <3 x i16> kernel argument on gfx1100; see Kernels). */
typedef TypeId (*MakeType)(Sig *s);

/* The types passed byref: i32, i64, <4 x half>, <4 x i32>. */
static TypeId byref_elem(Sig *s, int which)
{
	switch (which) {
	case 0: return int_type(s, 32);
	case 1: return int_type(s, 64);
	case 2: return sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 4, .elem = sig_add_type(s, (Type){ .kind = TYPE_HALF }) });
	default: return sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 4, .elem = int_type(s, 32) });
	}
}

/* byref: -1 for a plain value made by make, else the byref_elem index,
 * passed through a ptr addrspace(4) with `align byref_align` (0: none). */
static Sig *kernel_sig(Sig *s, CallConv cc, unsigned k, MakeType make, int byref, uint32_t byref_align)
{
	sig_init(s);
	snprintf(s->name, sizeof s->name, "probe");
	s->cc = (uint8_t)cc;
	if (k) {
		TypeId f = sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = k, .elem = int_type(s, 8) });
		s->params[s->nparams++] = (Param){ .type = f, .flags = PARAM_UNUSED, .attr_type = TYPE_NONE };
	}
	Param p = { .attr_type = TYPE_NONE };
	if (byref >= 0) {
		p.flags = PARAM_BYREF;
		p.attr_type = byref_elem(s, byref);
		p.align = byref_align;
		p.type = sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = 4, .elem = TYPE_NONE });
	} else {
		p.type = make(s);
		p.flags = PARAM_UNUSED;
	}
	s->params[s->nparams++] = p;
	return s;
}

#define KTYPE(fn, expr) static TypeId fn(Sig *s) { return expr; }
KTYPE(k_i16, int_type(s, 16))
KTYPE(k_i32, int_type(s, 32))
KTYPE(k_i64, int_type(s, 64))
KTYPE(k_v3i32, sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 3, .elem = int_type(s, 32) }))
KTYPE(k_v4i32, sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 4, .elem = int_type(s, 32) }))
KTYPE(k_v3i16, sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 3, .elem = int_type(s, 16) }))
KTYPE(k_double, sig_add_type(s, (Type){ .kind = TYPE_DOUBLE }))
KTYPE(k_p1, sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = 1, .elem = TYPE_NONE }))
KTYPE(k_p3, sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = 3, .elem = TYPE_NONE }))
KTYPE(k_p8, sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = 8, .elem = TYPE_NONE }))
#undef KTYPE
static TypeId k_struct(Sig *s)
{
	TypeId m[2] = { int_type(s, 8), int_type(s, 64) };
	return sig_add_struct(s, m, 2, false);
}

static void kernel_case(Emit *e, const Sig *probe, Loc at, const char *what)
{
	const Placement *p = &e->g->place;
	Sig *s = case_begin(e, 0);
	*s = *probe;
	case_aim(e, BLIM_KERNARG_ALIGN, at, (Loc){ 0 });
	unsigned last = probe->nparams - 1;
	case_expect(e, BCHK_ARG_PART, last, 0, at);
	case_expect_value(e, BCHK_KERNARG_SIZE, 0, 0, (Loc){ 0 }, p->kernarg_size);
	case_finish(e, "%s: kernarg+%u (%u bytes), segment size %u", what, at.offset, at.size, p->kernarg_size);
}

/* For each type: its alignment A, from where the model puts it after one
 * byte; then after A-1, A and A+1 bytes (just before, at, just past the
 * boundary). byref(T) with no align, and with align below, at and above
 * T's own. */
void kernel_cases(Emit *e)
{
	BoundaryGen *g = e->g;
	Sig *probe = &g->probe;
	static const struct { const char *name; MakeType make; } types[] = {
		{ "i16", k_i16 }, { "i32", k_i32 }, { "i64", k_i64 }, { "double", k_double }, { "<3 x i16>", k_v3i16 },
		{ "<3 x i32>", k_v3i32 }, { "<4 x i32>", k_v4i32 }, { "ptr addrspace(1)", k_p1 },
		{ "ptr addrspace(3)", k_p3 }, { "ptr addrspace(8)", k_p8 }, { "{ i8, i64 }", k_struct },
	};
	if (!kernel_place_params(e, kernel_sig(probe, e->cc, 0, k_i32, -1, 0)))
		return;
	char what[160];
	for (unsigned t = 0; t < sizeof types / sizeof types[0]; t++) {
		if (!kernel_place_params(e, kernel_sig(probe, e->cc, 1, types[t].make, -1, 0)))
			continue;
		unsigned align = g->place.locs[g->place.args[1].first].offset;
		if (align < 2)
			continue;
		for (unsigned k = align - 1; k <= align + 1; k++) {
			if (!kernel_place_params(e, kernel_sig(probe, e->cc, k, types[t].make, -1, 0)))
				continue;
			Loc at = g->place.locs[g->place.args[1].first];
			snprintf(what, sizeof what, "kernarg align %u: %s after %u bytes", align, types[t].name, k);
			kernel_case(e, probe, at, what);
		}
	}
	static const char *const byref_names[] = { "i32", "i64", "<4 x half>", "<4 x i32>" };
	for (int w = 0; w < 4; w++) {
		if (!kernel_place_params(e, kernel_sig(probe, e->cc, 1, 0, w, 0)))
			continue;
		unsigned own = g->place.locs[g->place.args[1].first].offset;
		snprintf(what, sizeof what, "kernarg byref(%s) align %u (its own) after 1 byte", byref_names[w], own);
		kernel_case(e, probe, g->place.locs[g->place.args[1].first], what);
		unsigned aligns[3] = { own / 2, own * 2, own == 16 ? 32 : 16 };
		for (unsigned i = 0; i < 3; i++) {
			if (aligns[i] < 1 || !kernel_place_params(e, kernel_sig(probe, e->cc, 1, 0, w, aligns[i])))
				continue;
			snprintf(what, sizeof what, "kernarg byref(%s) align %u after 1 byte", byref_names[w], aligns[i]);
			kernel_case(e, probe, g->place.locs[g->place.args[1].first], what);
		}
	}
}

/* --- what an entry convention refuses ------------------------------------------ */

/* i1, byval, sret and a private byref as the first parameter, through the
 * model: each refused one a case that expects the refusal, each placed one
 * a case with its place (none for an active-lane mask). */
void verifier_cases(Emit *e)
{
	static const char *const names[] = { "i1", "i1 inreg", "ptr addrspace(5) byval(i32)", "ptr addrspace(5) sret(i32)",
					     "ptr addrspace(5) byref(i32)" };
	BoundaryGen *g = e->g;
	for (unsigned k = 0; k < sizeof names / sizeof names[0]; k++) {
		Sig *s = case_begin_bare(e, 0);
		TypeId t = k < 2 ? int_type(s, 1) : sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = 5, .elem = TYPE_NONE });
		static const uint16_t flags[] = { 0, PARAM_INREG, PARAM_BYVAL, PARAM_SRET, PARAM_BYREF };
		s->params[s->nparams++] = (Param){ .type = t, .flags = flags[k], .attr_type = k < 2 ? TYPE_NONE : int_type(s, 32) };
		case_aim(e, BLIM_REFUSED, (Loc){ 0 }, (Loc){ 0 });
		if (!cc_place(s, e->m, e->view, &g->place)) {
			case_expect(e, BCHK_REFUSED, 0, 0, (Loc){ 0 });
			case_finish(e, "%s refused: %s", names[k], g->place.error);
		} else if (g->place.nargs && g->place.args[0].count) {
			char l[32];
			Loc at = g->place.locs[g->place.args[0].first];
			case_expect(e, BCHK_ARG_PART, 0, 0, at);
			case_finish(e, "%s accepted: in %s", names[k], loc_str(&at, l, sizeof l));
		} else if (g->place.nargs) {
			case_expect(e, BCHK_ARG_NONE, 0, 0, (Loc){ 0 });
			case_finish(e, "%s accepted: no location", names[k]);
		}
	}
}
