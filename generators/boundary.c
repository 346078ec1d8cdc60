/* Boundary cases. Every limit comes from placing probes: a long run of i32
 * parameters (inreg or not), under each set of "amdgpu-no-*" attributes and
 * behind a hidden sret pointer, shows where each register range starts and
 * ends, its holes and the first stack slot; [N x i32] returns, bisected
 * under a few flat workgroup sizes, show the sret-demotion limit. Each limit
 * then gets the signatures around it: the parts before, at and after it,
 * and 64-bit values split across it. */
#include "boundary.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "split.h"

enum { RET_SEARCH_MAX = PLACE_MAX_PARTS - 96, MAX_KEYS = 512 };

void boundary_init(BoundaryGen *g)
{
	g->emitted = g->nseen = 0;
	g->stopped = false;
}

static bool loc_same(const Loc *a, const Loc *b)
{
	if (a->kind != b->kind)
		return false;
	return a->kind == LOC_STACK ? a->offset == b->offset : a->kind == LOC_NONE || a->reg == b->reg;
}

/* b follows a without a gap: the next register of the file, the next 4-byte slot. */
static bool next_to(const Loc *a, const Loc *b)
{
	if (a->kind != b->kind)
		return false;
	return a->kind == LOC_STACK ? b->offset == a->offset + 4 : b->reg == a->reg + 1;
}

static TypeId int_type(Sig *s, unsigned bits) { return sig_add_type(s, (Type){ .kind = TYPE_INT, .n = bits }); }

static void add_params(Sig *s, TypeId t, uint16_t flags, unsigned n)
{
	for (unsigned k = 0; k < n && s->nparams < SIG_MAX_PARAMS; k++)
		s->params[s->nparams++] = (Param){ .type = t, .flags = flags, .attr_type = TYPE_NONE };
}

/* A [ret_parts x i32] return (void when 0). */
static void set_return(Sig *s, unsigned ret_parts, bool ret_inreg)
{
	if (!ret_parts)
		return;
	s->ret = sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = ret_parts, .elem = int_type(s, 32) });
	s->ret_flags = ret_inreg ? PARAM_INREG : 0;
}

static bool probe_run(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg, uint32_t no_inputs,
		      unsigned ret_parts, bool ret_inreg, BoundaryRun *out)
{
	Sig *s = &g->probe;
	Placement *p = &g->place;
	sig_init(s);
	snprintf(s->name, sizeof s->name, "probe");
	s->cc = (uint8_t)cc;
	s->no_inputs = no_inputs;
	set_return(s, ret_parts, ret_inreg);
	add_params(s, int_type(s, 32), inreg ? PARAM_INREG : 0, BOUNDARY_PROBE_PARTS);
	out->nlocs = out->nedges = 0;
	out->error[0] = 0;
	out->ok = cc_place(s, m, view, p);
	if (!out->ok) {
		snprintf(out->error, sizeof out->error, "%s", p->error);
		return false;
	}
	for (unsigned k = 0; k < s->nparams; k++)
		out->locs[out->nlocs++] = p->locs[p->args[k].first];
	for (unsigned k = 0; k + 1 < out->nlocs && out->nedges < BOUNDARY_MAX_EDGES; k++)
		if (!next_to(&out->locs[k], &out->locs[k + 1]))
			out->edges[out->nedges++] = (BoundaryEdge){ (uint16_t)k, out->locs[k], out->locs[k + 1] };
	return true;
}

bool boundary_probe(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg, uint32_t no_inputs,
		    BoundaryRun *out)
{
	return probe_run(g, m, cc, view, inreg, no_inputs, 0, false, out);
}

/* A [n x i32] return: true when kept in registers, false when demoted or refused. */
static bool return_kept(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg, unsigned flat_wg_max,
			unsigned n)
{
	Sig *s = &g->probe;
	sig_init(s);
	snprintf(s->name, sizeof s->name, "probe");
	s->cc = (uint8_t)cc;
	s->flat_wg_min = flat_wg_max ? 1 : 0;
	s->flat_wg_max = (uint16_t)flat_wg_max;
	set_return(s, n, inreg);
	return cc_place(s, m, view, &g->place) && !g->place.ret_demoted && g->place.ret.count == n;
}

BoundaryReturn boundary_return_limit(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg,
				      unsigned flat_wg_max)
{
	BoundaryReturn r = { 0 };
	if (return_kept(g, m, cc, view, inreg, flat_wg_max, RET_SEARCH_MAX)) {
		r.unbounded = true;
		return r;
	}
	/* Demotion is monotonic in the number of parts: kept(lo), !kept(hi). */
	unsigned lo = 0, hi = RET_SEARCH_MAX;
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;
		if (return_kept(g, m, cc, view, inreg, flat_wg_max, mid))
			lo = mid;
		else
			hi = mid;
	}
	r.limit = lo;
	if (lo && return_kept(g, m, cc, view, inreg, flat_wg_max, lo)) {
		const Placement *p = &g->place;
		r.last[1] = p->locs[p->ret.first + lo - 1];
		if (lo >= 2)
			r.last[0] = p->locs[p->ret.first + lo - 2];
	}
	return r;
}

/* --- emitting cases -------------------------------------------------------- */

typedef struct {
	BoundaryGen *g;
	const ModelConfig *m;
	CallConv cc;
	View view;
	BoundarySink sink;
	void *ctx;
	unsigned count;
	char prefix[96]; /* "gfx1030 dag callee ccc" */
	/* The return of every case: void, or ret_parts i32 demoted to sret. */
	unsigned ret_parts;
	bool ret_inreg;
	/* Limits already covered in this call: (return, inreg, before, after);
	 * a start has before.kind LOC_NONE. */
	unsigned nkeys;
	struct { unsigned ret; bool inreg; Loc before, after; } keys[MAX_KEYS];
} Emit;

static bool first_time(Emit *e, bool inreg, const Loc *before, const Loc *after)
{
	unsigned ret = e->ret_parts * 2 + e->ret_inreg;
	for (unsigned i = 0; i < e->nkeys; i++)
		if (e->keys[i].ret == ret && e->keys[i].inreg == inreg && loc_same(&e->keys[i].before, before) &&
		    loc_same(&e->keys[i].after, after))
			return false;
	if (e->nkeys < MAX_KEYS) {
		e->keys[e->nkeys].ret = ret;
		e->keys[e->nkeys].inreg = inreg;
		e->keys[e->nkeys].before = *before;
		e->keys[e->nkeys].after = *after;
		e->nkeys++;
	}
	return true;
}

static Sig *begin(Emit *e, uint32_t no_inputs)
{
	BoundaryCase *c = &e->g->c;
	sig_init(&c->sig);
	c->sig.cc = (uint8_t)e->cc;
	c->sig.no_inputs = no_inputs;
	set_return(&c->sig, e->ret_parts, e->ret_inreg);
	c->view = e->view;
	c->nchecks = 0;
	return &c->sig;
}

static void expect(Emit *e, BoundaryCheckKind kind, unsigned arg, unsigned part, Loc want)
{
	BoundaryCase *c = &e->g->c;
	if (c->nchecks < BOUNDARY_MAX_CHECKS)
		c->checks[c->nchecks++] = (BoundaryCheck){ (uint8_t)kind, (uint16_t)arg, (uint16_t)part, want };
}

static uint64_t fnv1a(const char *p)
{
	uint64_t h = 1469598103934665603ull;
	for (; *p; p++) {
		h ^= (unsigned char)*p;
		h *= 1099511628211ull;
	}
	return h;
}

/* Label, deduplicate, name b<index>, hand to the sink. */
static void finish(Emit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void finish(Emit *e, const char *fmt, ...)
{
	BoundaryGen *g = e->g;
	BoundaryCase *c = &g->c;
	if (g->stopped)
		return;
	snprintf(c->sig.name, sizeof c->sig.name, "b");
	if (sig_print(&c->sig, false, g->text, sizeof g->text) >= sizeof g->text)
		return;
	uint64_t h = fnv1a(g->text);
	for (unsigned i = 0; i < g->nseen; i++)
		if (g->seen[i] == h)
			return;
	if (g->nseen >= BOUNDARY_MAX_CASES)
		return;
	g->seen[g->nseen++] = h;
	int n = snprintf(c->label, sizeof c->label, "%s: ", e->prefix);
	va_list ap;
	va_start(ap, fmt);
	if (n > 0 && (size_t)n < sizeof c->label)
		vsnprintf(c->label + n, sizeof c->label - (size_t)n, fmt, ap);
	va_end(ap);
	snprintf(c->sig.name, sizeof c->sig.name, "b%u", g->emitted++);
	e->count++;
	if (e->sink(e->ctx, c))
		g->stopped = true;
}

static const char *loc_str(const Loc *l, char *buf, size_t cap)
{
	loc_print(l, buf, cap);
	return buf;
}

static const char *file_name(unsigned kind) { return kind == LOC_SGPR ? "sgpr" : kind == LOC_VGPR ? "vgpr" : "stack"; }

/* The 64-bit values split across an edge. */
static TypeId straddler(Sig *s, unsigned k, const char **name)
{
	static const char *const names[] = { "i64", "<2 x i32>", "double" };
	*name = names[k];
	switch (k) {
	case 0: return int_type(s, 64);
	case 1: return sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 2, .elem = int_type(s, 32) });
	default: return sig_add_type(s, (Type){ .kind = TYPE_DOUBLE });
	}
}

static TypeId byval_struct(Sig *s)
{
	TypeId members[2] = { int_type(s, 32), int_type(s, 64) };
	return sig_add_struct(s, members, 2, false);
}

static void add_byval(Sig *s, TypeId t)
{
	TypeId ptr = sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = 5, .elem = TYPE_NONE });
	if (s->nparams < SIG_MAX_PARAMS)
		s->params[s->nparams++] = (Param){ .type = ptr, .flags = PARAM_BYVAL, .attr_type = t };
}

/* Does this convention copy a byval argument into the stack area, or pass
 * the pointer as a value? Asked of the model. */
static bool copies_byval(Emit *e)
{
	Sig *s = &e->g->probe;
	sig_init(s);
	s->cc = (uint8_t)e->cc;
	TypeId t = byval_struct(s);
	add_byval(s, t);
	return cc_place(s, e->m, e->view, &e->g->place) && e->g->place.locs[0].kind == LOC_STACK &&
	       e->g->place.locs[0].size == type_alloc_size(s, t, e->m->profile);
}

static void edge_cases(Emit *e, const BoundaryRun *run, const BoundaryEdge *ed, bool inreg, uint32_t no_inputs,
		       const char *variant, bool byval)
{
	char a[32], b[32], prev[32], what[320];
	const char *ir = inreg ? " inreg" : "";
	uint16_t flags = inreg ? PARAM_INREG : 0;
	unsigned j = ed->index;
	loc_str(&ed->before, a, sizeof a);
	loc_str(&ed->after, b, sizeof b);
	if (ed->before.kind == ed->after.kind)
		snprintf(what, sizeof what, "%s%s hole %s|%s%s", inreg ? "inreg " : "", file_name(ed->before.kind), a, b, variant);
	else
		snprintf(what, sizeof what, "%s%s range end %s, then %s%s", inreg ? "inreg " : "", file_name(ed->before.kind), a, b,
			 variant);
	Sig *s;
	if (j >= 1) {
		s = begin(e, no_inputs);
		add_params(s, int_type(s, 32), flags, j);
		expect(e, BCHK_ARG_PART, j - 1, 0, run->locs[j - 1]);
		finish(e, "%s: %u x i32%s, last in %s", what, j, ir, loc_str(&run->locs[j - 1], prev, sizeof prev));
	}
	s = begin(e, no_inputs);
	add_params(s, int_type(s, 32), flags, j + 1);
	expect(e, BCHK_ARG_PART, j, 0, ed->before);
	finish(e, "%s: %u x i32%s, last in %s", what, j + 1, ir, a);
	s = begin(e, no_inputs);
	add_params(s, int_type(s, 32), flags, j + 2);
	expect(e, BCHK_ARG_PART, j, 0, ed->before);
	expect(e, BCHK_ARG_PART, j + 1, 0, ed->after);
	finish(e, "%s: %u x i32%s, last two in %s|%s", what, j + 2, ir, a, b);
	for (unsigned k = 0; k < 3; k++) {
		const char *name;
		s = begin(e, no_inputs);
		add_params(s, int_type(s, 32), flags, j);
		add_params(s, straddler(s, k, &name), flags, 1);
		expect(e, BCHK_ARG_PART, j, 0, ed->before);
		expect(e, BCHK_ARG_PART, j, 1, ed->after);
		finish(e, "%s: %s%s split %s|%s", what, name, ir, a, b);
	}
	if (byval && ed->after.kind == LOC_STACK) {
		/* A byval copy is the first stack object, the next part follows it. */
		s = begin(e, no_inputs);
		TypeId t = byval_struct(s);
		uint64_t align = type_abi_align(s, t, e->m->profile), size = type_alloc_size(s, t, e->m->profile);
		if (align < 4)
			align = 4;
		uint32_t at = (uint32_t)((ed->after.offset + align - 1) / align * align);
		uint32_t next = (uint32_t)((at + size + 3) & ~(uint64_t)3);
		add_params(s, int_type(s, 32), 0, j + 1);
		add_byval(s, t);
		add_params(s, int_type(s, 32), 0, 1);
		expect(e, BCHK_ARG_PART, j, 0, ed->before);
		expect(e, BCHK_ARG_PART, j + 1, 0, (Loc){ LOC_STACK, 0, at, (uint32_t)size });
		expect(e, BCHK_ARG_PART, j + 2, 0, (Loc){ LOC_STACK, 0, next, 4 });
		finish(e, "%s: byval { i32, i64 } after %u x i32 copied to stack+%u (%u bytes), next i32 at stack+%u", what,
		       j + 1, at, (unsigned)size, next);
	}
}

static void run_cases(Emit *e, const BoundaryRun *run, bool inreg, uint32_t no_inputs, const char *variant, bool byval)
{
	char where[32];
	static const Loc none = { 0 };
	if (run->nlocs && first_time(e, inreg, &none, &run->locs[0])) {
		Sig *s = begin(e, no_inputs);
		add_params(s, int_type(s, 32), inreg ? PARAM_INREG : 0, 1);
		expect(e, BCHK_ARG_PART, 0, 0, run->locs[0]);
		finish(e, "first%s part%s: i32%s in %s", inreg ? " inreg" : "", variant, inreg ? " inreg" : "",
		       loc_str(&run->locs[0], where, sizeof where));
	}
	for (unsigned k = 0; k < run->nedges; k++)
		if (first_time(e, inreg, &run->edges[k].before, &run->edges[k].after))
			edge_cases(e, run, &run->edges[k], inreg, no_inputs, variant, byval);
}

static Sig *begin_return(Emit *e, unsigned flat_wg_max)
{
	Sig *s = begin(e, 0);
	s->flat_wg_min = flat_wg_max ? 1 : 0;
	s->flat_wg_max = (uint16_t)flat_wg_max;
	return s;
}

/* Returns of n-1, n and n+1 parts around the limit n, as arrays and as
 * vectors, and an i64 that ends at the limit or straddles it. */
static void return_cases(Emit *e, bool inreg, unsigned flat_wg_max, const BoundaryReturn *r)
{
	const char *ir = inreg ? " inreg" : "";
	uint16_t flags = inreg ? PARAM_INREG : 0;
	unsigned n = r->limit;
	char lim[128], last[32], before[32], ty[32];
	int k = snprintf(lim, sizeof lim, "return limit %u parts%s", n, ir);
	if (flat_wg_max && k > 0)
		snprintf(lim + k, sizeof lim - (size_t)k, " (\"amdgpu-flat-work-group-size\"=\"1,%u\")", flat_wg_max);
	Sig *s;
	if (n == 0) {
		s = begin_return(e, flat_wg_max);
		s->ret = sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = 1, .elem = int_type(s, 32) });
		s->ret_flags = flags;
		expect(e, BCHK_RET_DEMOTED, 0, 0, (Loc){ 0 });
		finish(e, "%s: [1 x i32]%s demoted to sret", lim, ir);
		return;
	}
	loc_str(&r->last[1], last, sizeof last);
	loc_str(&r->last[0], before, sizeof before);
	for (int vec = 0; vec < 2; vec++) {
		for (unsigned parts = n > 1 ? n - 1 : n; parts <= n + 1; parts++) {
			s = begin_return(e, flat_wg_max);
			s->ret = sig_add_type(s, (Type){ .kind = vec ? TYPE_VECTOR : TYPE_ARRAY, .n = parts, .elem = int_type(s, 32) });
			s->ret_flags = flags;
			snprintf(ty, sizeof ty, vec ? "<%u x i32>" : "[%u x i32]", parts);
			if (parts > n) {
				expect(e, BCHK_RET_DEMOTED, 0, 0, (Loc){ 0 });
				finish(e, "%s: %s%s demoted to sret", lim, ty, ir);
			} else {
				expect(e, BCHK_RET_PART, 0, parts - 1, parts == n ? r->last[1] : r->last[0]);
				finish(e, "%s: %s%s kept, last part in %s", lim, ty, ir, parts == n ? last : before);
			}
		}
	}
	for (unsigned fill = n >= 2 ? n - 2 : n - 1; fill <= n - 1; fill++) {
		s = begin_return(e, flat_wg_max);
		TypeId i64 = int_type(s, 64);
		if (fill == 0) {
			s->ret = i64;
		} else {
			TypeId members[2] = { sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = fill, .elem = int_type(s, 32) }), i64 };
			s->ret = sig_add_struct(s, members, 2, false);
		}
		s->ret_flags = flags;
		if (fill + 2 > n) {
			expect(e, BCHK_RET_DEMOTED, 0, 0, (Loc){ 0 });
			finish(e, "%s: i64 after %u x i32 straddles the limit, demoted to sret", lim, fill);
		} else {
			expect(e, BCHK_RET_PART, 0, fill, r->last[0]);
			expect(e, BCHK_RET_PART, 0, fill + 1, r->last[1]);
			finish(e, "%s: i64 after %u x i32 kept in %s|%s", lim, fill, before, last);
		}
	}
}

/* The return limit can depend on the function's VGPR budget, which its
 * "amdgpu-flat-work-group-size" bounds: probe a few maxima, and write the
 * cases of every limit not seen before. */
static void all_return_cases(Emit *e, bool inreg)
{
	static const unsigned flat_wg[] = { 0, 64, 256, 512, 1024 };
	unsigned seen[sizeof flat_wg / sizeof flat_wg[0]], nseen = 0;
	for (unsigned i = 0; i < sizeof flat_wg / sizeof flat_wg[0]; i++) {
		BoundaryReturn r = boundary_return_limit(e->g, e->m, e->cc, e->view, inreg, flat_wg[i]);
		bool known = r.unbounded;
		for (unsigned k = 0; k < nseen && !known; k++)
			known = seen[k] == r.limit;
		if (known)
			continue;
		seen[nseen++] = r.limit;
		return_cases(e, inreg, flat_wg[i], &r);
	}
}

/* The "amdgpu-no-*" attribute sets to probe: none, all, each one alone,
 * and all but each one. Variant v in 0 .. 2 + 2 * NOIN_COUNT. */
static uint32_t variant_bits(unsigned v, char *desc, size_t cap)
{
	const uint32_t all = (UINT32_C(1) << NOIN_COUNT) - 1;
	if (v == 0) {
		desc[0] = 0;
		return 0;
	}
	if (v == 1) {
		snprintf(desc, cap, " (all amdgpu-no-*)");
		return all;
	}
	unsigned k = (v - 2) % NOIN_COUNT;
	if (v - 2 < NOIN_COUNT) {
		snprintf(desc, cap, " (%s)", noinput_names[k]);
		return UINT32_C(1) << k;
	}
	snprintf(desc, cap, " (all amdgpu-no-* but %s)", noinput_names[k]);
	return all & ~(UINT32_C(1) << k);
}

/* Probes under every "amdgpu-no-*" variant, then again (attributes aside)
 * behind the hidden sret pointer of a demoted return, plain and inreg,
 * which takes an argument register first. */
static void argument_cases(Emit *e)
{
	BoundaryGen *g = e->g;
	bool byval = copies_byval(e);
	for (unsigned shape = 0; shape < 3; shape++) {
		char returning[96] = "";
		e->ret_parts = 0;
		e->ret_inreg = shape == 2;
		if (shape) {
			BoundaryReturn r = boundary_return_limit(g, e->m, e->cc, e->view, e->ret_inreg, 0);
			if (r.unbounded)
				continue;
			e->ret_parts = r.limit + 1;
			snprintf(returning, sizeof returning, " (returning [%u x i32]%s through sret)", e->ret_parts,
				 e->ret_inreg ? " inreg" : "");
		}
		for (int inreg = 0; inreg < 2; inreg++) {
			for (unsigned v = 0; v < (shape ? 1 : 2 + 2 * NOIN_COUNT); v++) {
				char variant[192];
				uint32_t bits = variant_bits(v, variant, sizeof variant);
				snprintf(variant + strlen(variant), sizeof variant - strlen(variant), "%s", returning);
				if (probe_run(g, e->m, e->cc, e->view, inreg, bits, e->ret_parts, e->ret_inreg, &g->run)) {
					run_cases(e, &g->run, inreg, bits, variant, byval && !inreg);
				} else if (v == 0) {
					char error[192];
					snprintf(error, sizeof error, "%s", g->run.error);
					Sig *s = begin(e, 0);
					add_params(s, int_type(s, 32), inreg ? PARAM_INREG : 0, 1);
					expect(e, BCHK_REFUSED, 0, 0, (Loc){ 0 });
					finish(e, "i32%s refused%s: %s", inreg ? " inreg" : "", returning, error);
				}
			}
		}
	}
	e->ret_parts = 0;
	e->ret_inreg = false;
}

unsigned boundary_generate(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, BoundarySink sink, void *ctx)
{
	Emit e;
	e.g = g;
	e.m = m;
	e.cc = cc;
	e.view = view;
	e.sink = sink;
	e.ctx = ctx;
	e.count = 0;
	e.nkeys = 0;
	e.ret_parts = 0;
	e.ret_inreg = false;
	snprintf(e.prefix, sizeof e.prefix, "%s %s %s %s", m->target->name, selector_names[m->selector],
		 view == VIEW_CALLER ? "caller" : "callee", cc_name(cc));
	argument_cases(&e);
	all_return_cases(&e, false);
	all_return_cases(&e, true);
	return e.count;
}

bool boundary_case_holds(const BoundaryCase *c, const Placement *p, char *why, size_t cap)
{
	char want[32], got[32];
	for (unsigned i = 0; i < c->nchecks; i++) {
		const BoundaryCheck *k = &c->checks[i];
		if (k->kind == BCHK_REFUSED) {
			if (p->ok) {
				snprintf(why, cap, "placed, but a refusal was expected");
				return false;
			}
			continue;
		}
		if (!p->ok) {
			snprintf(why, cap, "refused: %s", p->error);
			return false;
		}
		if (k->kind == BCHK_RET_DEMOTED) {
			if (!p->ret_demoted) {
				snprintf(why, cap, "return kept in registers, expected demotion");
				return false;
			}
			continue;
		}
		const PartRange *r = k->kind == BCHK_RET_PART ? &p->ret : k->arg < p->nargs ? &p->args[k->arg] : 0;
		const char *what = k->kind == BCHK_RET_PART ? "return" : "argument";
		if (!r || k->part >= r->count || (k->kind == BCHK_RET_PART && p->ret_demoted)) {
			snprintf(why, cap, "%s %u has no part %u", what, k->arg, k->part);
			return false;
		}
		const Loc *l = &p->locs[r->first + k->part];
		if (!loc_same(l, &k->want) || (k->want.kind == LOC_STACK && k->want.size && l->size != k->want.size)) {
			loc_print(&k->want, want, sizeof want);
			loc_print(l, got, sizeof got);
			snprintf(why, cap, "%s %u part %u: expected %s (size %u), placed in %s (size %u)", what, k->arg,
				 k->part, want, k->want.size, got, l->size);
			return false;
		}
	}
	return true;
}
