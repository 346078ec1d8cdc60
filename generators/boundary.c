
/* Boundary cases. Every limit comes from placing probes: a long run of i32
 * parameters (inreg or not), under each set of "amdgpu-no-*" attributes and
 * behind a hidden sret pointer, shows where each register range starts and
 * ends, its holes and the first stack slot, or, bisected where the whole
 * run is refused (no stack), the last part that fits; [N x i32] and
 * [N x float] returns, bisected under a few flat workgroup sizes, show the
 * sret-demotion or error limit. Pixel shaders are probed for their input
 * slots and kernels for the kernarg alignment of a set of types. Each limit
 * then gets the signatures around it: the parts before, at and after it,
 * and 64-bit values split across it or ending at it. */
#include "boundary_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "split.h"


void boundary_init(BoundaryGen *g)
{
	g->emitted = g->nseen = 0;
	g->stopped = false;
}

static bool loc_same(const Loc *a, const Loc *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == LOC_KERNARG)
		return a->offset == b->offset && a->size == b->size;
	return a->kind == LOC_STACK ? a->offset == b->offset : a->kind == LOC_NONE || a->reg == b->reg;
}

/* b follows a without a gap: the next register of the file, the next 4-byte
 * slot, the next kernarg byte. */
static bool next_to(const Loc *a, const Loc *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == LOC_KERNARG)
		return b->offset == a->offset + a->size;
	return a->kind == LOC_STACK ? b->offset == a->offset + 4 : b->reg == a->reg + 1;
}

TypeId int_type(Sig *s, unsigned bits) { return sig_add_type(s, (Type){ .kind = TYPE_INT, .n = bits }); }

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

static bool place_probe(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg, uint32_t no_inputs,
			unsigned ret_parts, bool ret_inreg, unsigned n)
{
	Sig *s = &g->probe;
	sig_init(s);
	snprintf(s->name, sizeof s->name, "probe");
	s->cc = (uint8_t)cc;
	s->no_inputs = no_inputs;
	set_return(s, ret_parts, ret_inreg);
	add_params(s, int_type(s, 32), inreg ? PARAM_INREG : 0, n);
	gen_fit_convention(s);
	return cc_place(s, m, view, &g->place);
}

/* The parameters cc's row puts before the ones a probe or case adds (an
 * active-lane mask): the run's part k is argument lead + k. */
unsigned lead_params(CallConv cc) { return conv_info(cc)->active_mask_param ? 1 : 0; }

static bool probe_run(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg, uint32_t no_inputs,
		      unsigned ret_parts, bool ret_inreg, BoundaryRun *out)
{
	Placement *p = &g->place;
	unsigned first = lead_params(cc), n = BOUNDARY_PROBE_PARTS - first;
	out->nlocs = out->nedges = 0;
	out->error[0] = 0;
	out->end_refused = false;
	out->ok = place_probe(g, m, cc, view, inreg, no_inputs, ret_parts, ret_inreg, n);
	if (!out->ok) {
		/* No stack: the longest run that fits. Refusal is monotonic in
		 * the number of parts: placed(lo), refused(hi). */
		snprintf(out->error, sizeof out->error, "%s", p->error);
		unsigned lo = 0, hi = n;
		while (hi - lo > 1) {
			unsigned mid = lo + (hi - lo) / 2;
			if (place_probe(g, m, cc, view, inreg, no_inputs, ret_parts, ret_inreg, mid))
				lo = mid;
			else
				hi = mid;
		}
		if (lo == 0 || !place_probe(g, m, cc, view, inreg, no_inputs, ret_parts, ret_inreg, lo))
			return false;
		/* why one more part is refused */
		place_probe(g, m, cc, view, inreg, no_inputs, ret_parts, ret_inreg, lo + 1);
		snprintf(out->error, sizeof out->error, "%s", p->error);
		place_probe(g, m, cc, view, inreg, no_inputs, ret_parts, ret_inreg, lo);
		out->ok = out->end_refused = true;
		n = lo;
	}
	for (unsigned k = 0; k < n; k++)
		out->locs[out->nlocs++] = p->locs[p->args[first + k].first];
	for (unsigned k = 0; k + 1 < out->nlocs && out->nedges < BOUNDARY_MAX_EDGES; k++)
		if (!next_to(&out->locs[k], &out->locs[k + 1]))
			out->edges[out->nedges++] = (BoundaryEdge){ (uint16_t)k, out->locs[k], out->locs[k + 1] };
	if (out->end_refused && out->nedges < BOUNDARY_MAX_EDGES)
		out->edges[out->nedges++] = (BoundaryEdge){ (uint16_t)(n - 1), out->locs[n - 1], { 0 } };
	return true;
}

bool boundary_probe(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg, uint32_t no_inputs,
		    BoundaryRun *out)
{
	return probe_run(g, m, cc, view, inreg, no_inputs, 0, false, out);
}

/* A [n x elem] return: true when kept in registers, false when demoted or refused. */
static bool return_kept(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg, unsigned flat_wg_max,
			TypeKind elem, unsigned n)
{
	Sig *s = &g->probe;
	sig_init(s);
	snprintf(s->name, sizeof s->name, "probe");
	s->cc = (uint8_t)cc;
	s->flat_wg_min = flat_wg_max ? 1 : 0;
	s->flat_wg_max = (uint16_t)flat_wg_max;
	if (n) {
		TypeId e = elem == TYPE_FLOAT ? sig_add_type(s, (Type){ .kind = TYPE_FLOAT }) : int_type(s, 32);
		s->ret = sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = n, .elem = e });
		s->ret_flags = inreg ? PARAM_INREG : 0;
	}
	gen_fit_convention(s);
	return cc_place(s, m, view, &g->place) && !g->place.ret_demoted && g->place.ret.count == n;
}

static BoundaryReturn return_limit(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg,
				   unsigned flat_wg_max, TypeKind elem)
{
	BoundaryReturn r = { 0 };
	if (return_kept(g, m, cc, view, inreg, flat_wg_max, elem, RET_SEARCH_MAX)) {
		r.unbounded = true;
		return r;
	}
	/* Demotion is monotonic in the number of parts: kept(lo), !kept(hi). */
	unsigned lo = 0, hi = RET_SEARCH_MAX;
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;
		if (return_kept(g, m, cc, view, inreg, flat_wg_max, elem, mid))
			lo = mid;
		else
			hi = mid;
	}
	r.limit = lo;
	return_kept(g, m, cc, view, inreg, flat_wg_max, elem, lo + 1);
	r.refused_above = !g->place.ok;
	r.lost_above = g->place.ok && !g->place.ret_demoted;
	if (lo && return_kept(g, m, cc, view, inreg, flat_wg_max, elem, lo)) {
		const Placement *p = &g->place;
		r.last[1] = p->locs[p->ret.first + lo - 1];
		if (lo >= 2)
			r.last[0] = p->locs[p->ret.first + lo - 2];
	}
	return r;
}

BoundaryReturn boundary_return_limit(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg,
				      unsigned flat_wg_max)
{
	return return_limit(g, m, cc, view, inreg, flat_wg_max, TYPE_INT);
}

BoundaryReturn boundary_return_limit_float(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view)
{
	return return_limit(g, m, cc, view, false, 0, TYPE_FLOAT);
}

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

/* A case signature of the convention without the parameters it must lead with. */
Sig *case_begin_bare(Emit *e, uint32_t no_inputs)
{
	BoundaryCase *c = &e->g->c;
	sig_init(&c->sig);
	c->sig.cc = (uint8_t)e->cc;
	c->sig.no_inputs = no_inputs;
	set_return(&c->sig, e->ret_parts, e->ret_inreg);
	c->view = e->view;
	c->nchecks = 0;
	c->limit = BLIM_FIRST;
	c->at = c->after = (Loc){ 0 };
	e->bare = true;
	return &c->sig;
}

/* A case signature: the convention's leading parameters, then what the
 * case adds, whose argument numbers its checks use. */
Sig *case_begin(Emit *e, uint32_t no_inputs)
{
	Sig *s = case_begin_bare(e, no_inputs);
	gen_fit_convention(s);
	e->bare = false;
	return s;
}

/* The limit the case being built sits at. */
void case_aim(Emit *e, BoundaryLimitKind kind, Loc at, Loc after)
{
	BoundaryCase *c = &e->g->c;
	c->limit = (uint8_t)kind;
	c->at = at;
	c->after = after;
}

void case_expect_value(Emit *e, BoundaryCheckKind kind, unsigned arg, unsigned part, Loc want, uint32_t value)
{
	BoundaryCase *c = &e->g->c;
	if (!e->bare && (kind == BCHK_ARG_PART || kind == BCHK_ARG_NONE))
		arg += e->lead;
	if (c->nchecks < BOUNDARY_MAX_CHECKS)
		c->checks[c->nchecks++] = (BoundaryCheck){ (uint8_t)kind, (uint16_t)arg, (uint16_t)part, want, value };
}

void case_expect(Emit *e, BoundaryCheckKind kind, unsigned arg, unsigned part, Loc want)
{
	case_expect_value(e, kind, arg, part, want, 0);
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


void case_finish(Emit *e, const char *fmt, ...)
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

const char *loc_str(const Loc *l, char *buf, size_t cap)
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
	gen_fit_convention(s);
	return cc_place(s, e->m, e->view, &e->g->place) && e->g->place.locs[0].kind == LOC_STACK &&
	       e->g->place.locs[0].size == type_alloc_size(s, t, e->m->profile);
}

/* The run of i32 up to an edge: ending one part before it, and ending at
 * it (the part before the edge). */
static void up_to_edge_cases(Emit *e, const BoundaryRun *run, const BoundaryEdge *ed, bool inreg, uint32_t no_inputs,
			     const char *what)
{
	char a[32], prev[32];
	const char *ir = inreg ? " inreg" : "";
	uint16_t flags = inreg ? PARAM_INREG : 0;
	unsigned j = ed->index;
	Sig *s;
	if (j >= 1) {
		s = case_begin(e, no_inputs);
		case_aim(e, BLIM_EDGE, ed->before, ed->after);
		add_params(s, int_type(s, 32), flags, j);
		case_expect(e, BCHK_ARG_PART, j - 1, 0, run->locs[j - 1]);
		case_finish(e, "%s: %u x i32%s, last in %s", what, j, ir, loc_str(&run->locs[j - 1], prev, sizeof prev));
	}
	s = case_begin(e, no_inputs);
	case_aim(e, BLIM_EDGE, ed->before, ed->after);
	add_params(s, int_type(s, 32), flags, j + 1);
	case_expect(e, BCHK_ARG_PART, j, 0, ed->before);
	case_finish(e, "%s: %u x i32%s, last in %s", what, j + 1, ir, loc_str(&ed->before, a, sizeof a));
}

/* The last part that fits, where one more is refused (no stack): the run
 * up to it, a 64-bit value ending at it, and one part past it, alone and
 * as a 64-bit value split across the end, which the model refuses as llc
 * must ("unable to allocate function argument"). */
static void end_cases(Emit *e, const BoundaryRun *run, const BoundaryEdge *ed, bool inreg, uint32_t no_inputs,
		      const char *variant)
{
	char a[32], prev[32], what[320];
	const char *ir = inreg ? " inreg" : "";
	uint16_t flags = inreg ? PARAM_INREG : 0;
	unsigned j = ed->index;
	loc_str(&ed->before, a, sizeof a);
	snprintf(what, sizeof what, "%s%s range end %s, then refused%s", inreg ? "inreg " : "", file_name(ed->before.kind), a,
		 variant);
	up_to_edge_cases(e, run, ed, inreg, no_inputs, what);
	Sig *s;
	if (j >= 1)
		loc_str(&run->locs[j - 1], prev, sizeof prev);
	s = case_begin(e, no_inputs);
	case_aim(e, BLIM_EDGE, ed->before, ed->after);
	add_params(s, int_type(s, 32), flags, j + 2);
	case_expect(e, BCHK_REFUSED, 0, 0, (Loc){ 0 });
	case_finish(e, "%s: %u x i32%s, one part past the end: %s", what, j + 2, ir, run->error);
	for (unsigned k = 0; k < 3; k++) {
		const char *name;
		if (j >= 1) {
			s = case_begin(e, no_inputs);
			case_aim(e, BLIM_EDGE, ed->before, ed->after);
			add_params(s, int_type(s, 32), flags, j - 1);
			add_params(s, straddler(s, k, &name), flags, 1);
			case_expect(e, BCHK_ARG_PART, j - 1, 0, run->locs[j - 1]);
			case_expect(e, BCHK_ARG_PART, j - 1, 1, ed->before);
			case_finish(e, "%s: %s%s ends at the end, %s|%s", what, name, ir, prev, a);
		}
		s = case_begin(e, no_inputs);
		case_aim(e, BLIM_EDGE, ed->before, ed->after);
		add_params(s, int_type(s, 32), flags, j);
		add_params(s, straddler(s, k, &name), flags, 1);
		case_expect(e, BCHK_REFUSED, 0, 0, (Loc){ 0 });
		case_finish(e, "%s: %s%s split across the end, refused", what, name, ir);
	}
}

static void edge_cases(Emit *e, const BoundaryRun *run, const BoundaryEdge *ed, bool inreg, uint32_t no_inputs,
		       const char *variant, bool byval)
{
	char a[32], b[32], what[320];
	const char *ir = inreg ? " inreg" : "";
	uint16_t flags = inreg ? PARAM_INREG : 0;
	unsigned j = ed->index;
	loc_str(&ed->before, a, sizeof a);
	loc_str(&ed->after, b, sizeof b);
	if (ed->after.kind == LOC_NONE) {
		end_cases(e, run, ed, inreg, no_inputs, variant);
		return;
	}
	if (ed->before.kind == ed->after.kind)
		snprintf(what, sizeof what, "%s%s hole %s|%s%s", inreg ? "inreg " : "", file_name(ed->before.kind), a, b, variant);
	else
		snprintf(what, sizeof what, "%s%s range end %s, then %s%s", inreg ? "inreg " : "", file_name(ed->before.kind), a, b,
			 variant);
	up_to_edge_cases(e, run, ed, inreg, no_inputs, what);
	Sig *s;
	s = case_begin(e, no_inputs);
	case_aim(e, BLIM_EDGE, ed->before, ed->after);
	add_params(s, int_type(s, 32), flags, j + 2);
	case_expect(e, BCHK_ARG_PART, j, 0, ed->before);
	case_expect(e, BCHK_ARG_PART, j + 1, 0, ed->after);
	case_finish(e, "%s: %u x i32%s, last two in %s|%s", what, j + 2, ir, a, b);
	for (unsigned k = 0; k < 3; k++) {
		const char *name;
		s = case_begin(e, no_inputs);
		case_aim(e, BLIM_EDGE, ed->before, ed->after);
		add_params(s, int_type(s, 32), flags, j);
		add_params(s, straddler(s, k, &name), flags, 1);
		case_expect(e, BCHK_ARG_PART, j, 0, ed->before);
		case_expect(e, BCHK_ARG_PART, j, 1, ed->after);
		case_finish(e, "%s: %s%s split %s|%s", what, name, ir, a, b);
	}
	if (byval && ed->after.kind == LOC_STACK) {
		/* A byval copy is the first stack object, the next part follows it. */
		s = case_begin(e, no_inputs);
		case_aim(e, BLIM_EDGE, ed->before, ed->after);
		TypeId t = byval_struct(s);
		uint64_t align = type_abi_align(s, t, e->m->profile), size = type_alloc_size(s, t, e->m->profile);
		if (align < 4)
			align = 4;
		uint32_t at = (uint32_t)((ed->after.offset + align - 1) / align * align);
		uint32_t next = (uint32_t)((at + size + 3) & ~(uint64_t)3);
		add_params(s, int_type(s, 32), 0, j + 1);
		add_byval(s, t);
		add_params(s, int_type(s, 32), 0, 1);
		case_expect(e, BCHK_ARG_PART, j, 0, ed->before);
		case_expect(e, BCHK_ARG_PART, j + 1, 0, (Loc){ .kind = LOC_STACK, .reg = 0, .offset = at, .size = (uint32_t)size });
		case_expect(e, BCHK_ARG_PART, j + 2, 0, (Loc){ .kind = LOC_STACK, .reg = 0, .offset = next, .size = 4 });
		case_finish(e, "%s: byval { i32, i64 } after %u x i32 copied to stack+%u (%u bytes), next i32 at stack+%u", what,
		       j + 1, at, (unsigned)size, next);
	}
}

static void run_cases(Emit *e, const BoundaryRun *run, bool inreg, uint32_t no_inputs, const char *variant, bool byval)
{
	char where[32];
	static const Loc none = { 0 };
	if (run->nlocs && first_time(e, inreg, &none, &run->locs[0])) {
		Sig *s = case_begin(e, no_inputs);
		case_aim(e, BLIM_FIRST, run->locs[0], none);
		add_params(s, int_type(s, 32), inreg ? PARAM_INREG : 0, 1);
		case_expect(e, BCHK_ARG_PART, 0, 0, run->locs[0]);
		case_finish(e, "first%s part%s: i32%s in %s", inreg ? " inreg" : "", variant, inreg ? " inreg" : "",
		       loc_str(&run->locs[0], where, sizeof where));
	}
	for (unsigned k = 0; k < run->nedges; k++)
		if (first_time(e, inreg, &run->edges[k].before, &run->edges[k].after))
			edge_cases(e, run, &run->edges[k], inreg, no_inputs, variant, byval);
}

static Sig *begin_return(Emit *e, unsigned flat_wg_max, unsigned limit)
{
	Sig *s = case_begin(e, 0);
	s->flat_wg_min = flat_wg_max ? 1 : 0;
	s->flat_wg_max = (uint16_t)flat_wg_max;
	case_aim(e, BLIM_RETURN, (Loc){ .kind = LOC_NONE, .reg = (uint16_t)limit, .offset = 0, .size = 0 }, (Loc){ 0 });
	return s;
}

/* What one part past a return limit does: demoted to sret, refused, or lost. */
static void expect_beyond(Emit *e, const BoundaryReturn *r)
{
	case_expect(e, r->refused_above ? BCHK_REFUSED : r->lost_above ? BCHK_RET_NONE : BCHK_RET_DEMOTED, 0, 0, (Loc){ 0 });
}

static const char *beyond_text(const BoundaryReturn *r)
{
	return r->refused_above ? "refused" : r->lost_above ? "lost (no register, no hidden pointer)" : "demoted to sret";
}

/* Returns of n-1, n and n+1 parts around the limit n, as arrays and as
 * vectors, and a 64-bit value that ends at the limit or straddles it
 * (i64 for integer parts, <2 x float> for float parts). */
static void return_cases(Emit *e, bool inreg, unsigned flat_wg_max, TypeKind elem, const BoundaryReturn *r)
{
	const char *ir = inreg ? " inreg" : "";
	const char *beyond = beyond_text(r);
	const char *en = elem == TYPE_FLOAT ? "float" : "i32", *wide = elem == TYPE_FLOAT ? "<2 x float>" : "i64";
	uint16_t flags = inreg ? PARAM_INREG : 0;
	unsigned n = r->limit;
	char lim[128], last[32], before[32], ty[32];
	int k = snprintf(lim, sizeof lim, "return limit %u %s parts%s", n, en, ir);
	if (flat_wg_max && k > 0)
		snprintf(lim + k, sizeof lim - (size_t)k, " (\"amdgpu-flat-work-group-size\"=\"1,%u\")", flat_wg_max);
	Sig *s;
#define ELEM(s) (elem == TYPE_FLOAT ? sig_add_type(s, (Type){ .kind = TYPE_FLOAT }) : int_type(s, 32))
	if (n == 0) {
		s = begin_return(e, flat_wg_max, n);
		s->ret = sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = 1, .elem = ELEM(s) });
		s->ret_flags = flags;
		expect_beyond(e, r);
		case_finish(e, "%s: [1 x %s]%s %s", lim, en, ir, beyond);
		return;
	}
	loc_str(&r->last[1], last, sizeof last);
	loc_str(&r->last[0], before, sizeof before);
	for (int vec = 0; vec < 2; vec++) {
		for (unsigned parts = n > 1 ? n - 1 : n; parts <= n + 1; parts++) {
			s = begin_return(e, flat_wg_max, n);
			s->ret = sig_add_type(s, (Type){ .kind = vec ? TYPE_VECTOR : TYPE_ARRAY, .n = parts, .elem = ELEM(s) });
			s->ret_flags = flags;
			snprintf(ty, sizeof ty, vec ? "<%u x %s>" : "[%u x %s]", parts, en);
			if (parts > n) {
				expect_beyond(e, r);
				case_finish(e, "%s: %s%s %s", lim, ty, ir, beyond);
			} else {
				case_expect(e, BCHK_RET_PART, 0, parts - 1, parts == n ? r->last[1] : r->last[0]);
				case_finish(e, "%s: %s%s kept, last part in %s", lim, ty, ir, parts == n ? last : before);
			}
		}
	}
	for (unsigned fill = n >= 2 ? n - 2 : n - 1; fill <= n - 1; fill++) {
		s = begin_return(e, flat_wg_max, n);
		TypeId w = elem == TYPE_FLOAT ? sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = 2, .elem = ELEM(s) })
					      : int_type(s, 64);
		if (fill == 0) {
			s->ret = w;
		} else {
			TypeId members[2] = { sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = fill, .elem = ELEM(s) }), w };
			s->ret = sig_add_struct(s, members, 2, false);
		}
		s->ret_flags = flags;
		if (fill + 2 > n) {
			expect_beyond(e, r);
			case_finish(e, "%s: %s after %u x %s straddles the limit, %s", lim, wide, fill, en, beyond);
		} else {
			case_expect(e, BCHK_RET_PART, 0, fill, r->last[0]);
			case_expect(e, BCHK_RET_PART, 0, fill + 1, r->last[1]);
			case_finish(e, "%s: %s after %u x %s kept in %s|%s", lim, wide, fill, en, before, last);
		}
	}
#undef ELEM
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
		return_cases(e, inreg, flat_wg[i], TYPE_INT, &r);
	}
}

/* Float parts: where they have a limit of their own (shaders count integer
 * and float parts apart), its cases, and a return that fills both limits
 * at once, kept, with one more part of either kind beyond. */
static void float_return_cases(Emit *e)
{
	BoundaryGen *g = e->g;
	BoundaryReturn ri = boundary_return_limit(g, e->m, e->cc, e->view, false, 0);
	BoundaryReturn rf = boundary_return_limit_float(g, e->m, e->cc, e->view);
	if (rf.unbounded || rf.limit == ri.limit || !rf.limit)
		return; /* floats share the integer limit: nothing new */
	return_cases(e, false, 0, TYPE_FLOAT, &rf);
	if (!ri.limit || ri.unbounded)
		return;
	for (unsigned extra = 0; extra < 3; extra++) {
		unsigned ni = ri.limit + (extra == 1), nf = rf.limit + (extra == 2);
		Sig *s = begin_return(e, 0, ri.limit);
		TypeId members[2] = { sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = ni, .elem = int_type(s, 32) }),
				      sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = nf,
							      .elem = sig_add_type(s, (Type){ .kind = TYPE_FLOAT }) }) };
		s->ret = sig_add_struct(s, members, 2, false);
		if (extra == 0) {
			/* Kept only if the model counts them apart; ask it. */
			g->probe = *s;
			if (!cc_place(&g->probe, e->m, e->view, &g->place) || g->place.ret_demoted)
				return;
			case_expect(e, BCHK_RET_PART, 0, ni - 1, ri.last[1]);
			case_expect(e, BCHK_RET_PART, 0, ni + nf - 1, rf.last[1]);
			char a[32], b[32];
			case_finish(e, "return limits %u integer and %u float parts counted apart: { [%u x i32], [%u x float] } kept, "
				  "last parts %s and %s", ri.limit, rf.limit, ni, nf, loc_str(&ri.last[1], a, sizeof a),
			       loc_str(&rf.last[1], b, sizeof b));
		} else {
			expect_beyond(e, extra == 1 ? &ri : &rf);
			case_finish(e, "return limits %u integer and %u float parts: { [%u x i32], [%u x float] } %s", ri.limit,
			       rf.limit, ni, nf, beyond_text(extra == 1 ? &ri : &rf));
		}
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
			if (r.unbounded || r.refused_above || r.lost_above)
				continue; /* no hidden sret pointer: a return that does not fit is an error, or lost */
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
					Sig *s = case_begin(e, 0);
					add_params(s, int_type(s, 32), inreg ? PARAM_INREG : 0, 1);
					case_expect(e, BCHK_REFUSED, 0, 0, (Loc){ 0 });
					case_finish(e, "i32%s refused%s: %s", inreg ? " inreg" : "", returning, error);
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
	e.lead = lead_params(cc);
	e.bare = false;
	e.nkeys = 0;
	e.ret_parts = 0;
	e.ret_inreg = false;
	snprintf(e.prefix, sizeof e.prefix, "%s %s %s %s", m->target->name, selector_names[m->selector],
		 view == VIEW_CALLER ? "caller" : "callee", cc_name(cc));
	argument_cases(&e);
	all_return_cases(&e, false);
	all_return_cases(&e, true);
	float_return_cases(&e);
	if (cc == CC_AMDGPU_PS)
		ps_cases(&e);
	if (conv_in_family(cc, FAMILY_KERNEL))
		kernel_cases(&e);
	if (!conv_in_family(cc, FAMILY_CALLABLE) || conv_info(cc)->verifier)
		verifier_cases(&e);
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
		if (k->kind == BCHK_PS_INPUT_ADDR) {
			if (!p->ps_inputs || p->ps_input_addr != k->value) {
				snprintf(why, cap, "psInputAddr 0x%x, expected 0x%x", p->ps_input_addr, k->value);
				return false;
			}
			continue;
		}
		if (k->kind == BCHK_KERNARG_SIZE) {
			if (!p->kernarg || p->kernarg_size != k->value) {
				snprintf(why, cap, "kernarg size %u, expected %u", p->kernarg_size, k->value);
				return false;
			}
			continue;
		}
		if (k->kind == BCHK_ARG_NONE) {
			if (k->arg >= p->nargs || p->args[k->arg].count) {
				snprintf(why, cap, "argument %u has a location, expected none", k->arg);
				return false;
			}
			continue;
		}
		if (k->kind == BCHK_RET_NONE) {
			if (p->ret_demoted || p->ret.count) {
				snprintf(why, cap, "the return has a location, expected none");
				return false;
			}
			continue;
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
