/* The call-graph generator. A graph has one calling convention (calls
 * between the default convention and amdgpu_gfx are not legal) and a shape:
 * a chain n0 -> n1 -> ..., a fan-out from n0, or a random tree; then, by
 * chance, a recursive edge, an extra edge (which may close a cycle), and
 * calls through a function pointer. Node signatures come from
 * gen_signature; each callee then takes over a prefix of its tree parent's
 * parameters so the parent can pass its own arguments on. */
#include "callgraph.h"
#include "cc.h"

#include <stdio.h>
#include <string.h>

enum {
	PCT_RECURSION = 30, /* a node calls itself */
	PCT_EXTRA_EDGE = 30, /* one more edge between two random nodes */
	PCT_INDIRECT = 20,   /* an edge goes through a function pointer */
	GRAPH_SALT = 0x6772617068u, /* keeps graph streams apart from signature streams */
	/* Chain graphs (root amdgpu_cs_chain or _preserve). */
	PCT_CS_ENTRY = 30,  /* an amdgpu_cs entry point makes the first chain call */
	PCT_CHAIN_BACK = 30, /* the last node chains back to an earlier one (or itself) */
	PCT_DVGPR = 30,     /* a chain call requests dynamic VGPRs (flags bit 0) */
	DVGPR_STEP = 8,     /* requested VGPR counts are multiples of this, up to 256 */
	MUSTTAIL_INREG_WORDS = 12, /* a musttail caller's inreg words, fewer than any convention's SGPRs */
};

static bool chance(Rng *r, unsigned pct) { return rng_below(r, 100) < pct; }

/* The callee's first n parameters become copies of the caller's. */
static void share_prefix(const Sig *caller, Sig *callee, unsigned n)
{
	for (unsigned k = 0; k < n && k < caller->nparams && k < callee->nparams; k++) {
		const Param *p = &caller->params[k];
		if (p->flags & (PARAM_BYVAL | PARAM_SRET)) /* a copy, or one sret per function */
			return;
		TypeId t = sig_import_type(callee, caller, p->type);
		TypeId a = p->attr_type == TYPE_NONE ? TYPE_NONE : sig_import_type(callee, caller, p->attr_type);
		if (t == TYPE_NONE || (p->attr_type != TYPE_NONE && a == TYPE_NONE))
			return;
		callee->params[k] = *p;
		callee->params[k].type = t;
		callee->params[k].attr_type = a;
	}
}

/* "gcnabi-forward": a callee of a forwarding parent takes over as many of
 * its parameters as it has; others a random prefix. */
static unsigned shared_count(Rng *r, const Sig *parent, const Sig *s)
{
	unsigned most = parent->nparams < s->nparams ? parent->nparams : s->nparams;
	return has_body(parent, BODY_FORWARD) ? most : rng_below(r, most + 1);
}

bool graph_musttail(const Sig *caller, const Sig *callee)
{
	return has_body(caller, BODY_MUSTTAIL) && callee->cc == caller->cc && !callee->varargs && !caller->varargs &&
	       callee->nparams == caller->nparams && sig_shared_params(caller, callee) == callee->nparams &&
	       sig_type(callee, callee->ret)->kind == TYPE_VOID && sig_type(caller, caller->ret)->kind == TYPE_VOID;
}

static void drop_feature(Sig *s, BodyFeature f) { s->body &= ~(UINT32_C(1) << f); }

/* amdgpu_gfx passes inreg arguments in callee-saved SGPRs (s4-s29), and
 * llc tail calls only where it sees each passed on unchanged in its own
 * register. Measured on gfx900, llc 14-22: SelectionDAG fails a musttail
 * of an inreg struct ({ half, double }), i65 or <3 x half>; GlobalISel of
 * an inreg i8, i16, half or 64-bit pointer, and of any inreg argument
 * after 32 VGPRs of others ("unable to translate instruction: call"), and
 * llc 15-19's GlobalISel segfaults in its IRTranslator on an inreg i64,
 * <2 x i32> or double. So an amdgpu_gfx musttail caller has no inreg
 * parameters; the default convention's keep theirs. */
static bool musttail_inreg_ok(const Sig *s) { return s->cc != CC_AMDGPU_GFX; }

/* "gcnabi-musttail", the caller: void, and its byval and sret parameters
 * plain pointers (llc makes no tail call from a function with a byval
 * parameter: the copy is in its own frame). Its inreg parameters stay
 * within MUSTTAIL_INREG_WORDS: an inreg argument that overflows the SGPRs
 * into VGPRs is lane-varying to llc, which then cannot tail call
 * (measured: llc 22 SelectionDAG on the default convention from 15
 * words, llc 15-22 on amdgpu_gfx from a 36-word struct), and the rest
 * lose inreg. */
static void shape_musttail_caller(Sig *s)
{
	s->ret = sig_add_type(s, (Type){ .kind = TYPE_VOID });
	s->ret_flags = 0;
	s->varargs = false;
	uint64_t inreg_words = 0;
	for (unsigned k = 0; k < s->nparams; k++) {
		Param *p = &s->params[k];
		if (p->flags & (PARAM_BYVAL | PARAM_SRET)) {
			p->flags &= (uint16_t)~(PARAM_BYVAL | PARAM_SRET);
			p->attr_type = TYPE_NONE;
		}
		if (!(p->flags & PARAM_INREG))
			continue;
		inreg_words += gen_value_words(s, p->type, 0);
		if (inreg_words > MUSTTAIL_INREG_WORDS || !musttail_inreg_ok(s))
			p->flags &= (uint16_t)~PARAM_INREG;
	}
}

/* "gcnabi-musttail", the callee: the caller's parameters and types, its
 * own name, convention (the graph's), attributes and body; nothing kept
 * live across the call, which is the caller's last. */
static void take_signature(Sig *s, const Sig *caller)
{
	Sig copy = *caller;
	memcpy(copy.name, s->name, sizeof copy.name);
	copy.cc = s->cc;
	copy.no_inputs = s->no_inputs;
	copy.flat_wg_min = s->flat_wg_min;
	copy.flat_wg_max = s->flat_wg_max;
	copy.uses_scratch = s->uses_scratch;
	copy.body = s->body & ~(UINT32_C(1) << BODY_PRESSURE);
	copy.line = s->line;
	*s = copy;
}

static void add_edge(Graph *g, unsigned from, unsigned to, bool indirect)
{
	for (unsigned e = 0; e < g->nedges; e++)
		if (g->edges[e].from == from && g->edges[e].to == to)
			return; /* one call per caller and callee */
	if (g->nedges < GRAPH_MAX_EDGES)
		g->edges[g->nedges++] = (GraphEdge){ (uint8_t)from, (uint8_t)to, indirect, false, 0 };
}

/* Entry points and chain functions take no byval, sret or byref (on the
 * stack) arguments: the pointer stays, the attribute goes. */
static void drop_stack_attrs(Sig *s)
{
	for (unsigned a = 0; a < s->nparams; a++)
		if (s->params[a].flags & (PARAM_BYVAL | PARAM_SRET | PARAM_BYREF)) {
			s->params[a].flags &= (uint16_t)~(PARAM_BYVAL | PARAM_SRET | PARAM_BYREF);
			s->params[a].attr_type = TYPE_NONE;
		}
}

/* A caller that promises not to need an implicit input ("amdgpu-no-*")
 * cannot call a function that needs it: callees inherit the promises. A
 * call through a pointer cannot see the callee's promises, so the caller
 * passes every input and the callee must expect them all: a graph with such
 * a call makes no promises at all, unless unseen (pct_unseen_noinput):
 * then the callee keeps its own, and where they free the SGPRs its inreg
 * arguments take (llc 19 and 22), it reads them where the caller does not
 * write them (the model's caller view, ModelConfig.through_pointer). */
static void propagate_no_inputs(Graph *g, bool unseen)
{
	for (unsigned e = 0; e < g->nedges && !unseen; e++)
		if (g->edges[e].indirect)
			for (unsigned k = 0; k < g->nnodes; k++)
				g->nodes[k].no_inputs = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned e = 0; e < g->nedges; e++) {
			Sig *to = &g->nodes[g->edges[e].to];
			uint32_t want = to->no_inputs | g->nodes[g->edges[e].from].no_inputs;
			if (want != to->no_inputs) {
				to->no_inputs = want;
				changed = true;
			}
		}
	}
}

const GenLlcOption gen_llc_options[] = {
	{ GW_pct_tailcallopt, "-tailcallopt", NULL, CC_FAST },
	{ GW_pct_no_flat_for_global, "-mattr=-flat-for-global", NULL, CC_COUNT },
	{ GW_pct_true16_on, "-mattr=+real-true16", "real-true16", CC_COUNT },
	{ GW_pct_true16_off, "-mattr=-real-true16", "real-true16", CC_COUNT },
};
const unsigned gen_llc_option_count = sizeof gen_llc_options / sizeof gen_llc_options[0];

/* The llc options of one graph: each drawn with its weight (none drawn
 * when it is 0, so graphs of other weights stay as they were). */
static uint32_t draw_llc_options(Rng *r, const GenWeights *w, CallConv cc)
{
	uint32_t got = 0;
	for (unsigned k = 0; k < gen_llc_option_count; k++) {
		CallConv only = gen_llc_options[k].only;
		unsigned pct = only == CC_COUNT || only == cc ? gen_weight(w, gen_llc_options[k].weight) : 0;
		bool taken = false;
		for (unsigned j = 0; j < k; j++)
			taken |= (got >> j & 1) && gen_llc_options[k].feature && gen_llc_options[j].feature &&
				 strcmp(gen_llc_options[k].feature, gen_llc_options[j].feature) == 0;
		if (pct && !taken && chance(r, pct))
			got |= 1u << k;
	}
	return got;
}

const GenTriple gen_triples[] = {
	{ GW_pct_triple_mesa, OS_MESA3D, false },
	{ GW_pct_triple_none, OS_NONE, false },
	{ GW_pct_triple_hsa, OS_AMDHSA, true },
};
const unsigned gen_triple_count = sizeof gen_triples / sizeof gen_triples[0];

/* The triple of one graph: none drawn when every weight is 0 (graphs of
 * other weights stay as they were). */
static uint8_t draw_triple(Rng *r, const GenWeights *w, const Graph *g)
{
	bool compute = true;
	for (unsigned k = 0; k < g->nnodes; k++) {
		const ConvInfo *ci = conv_info((CallConv)g->nodes[k].cc);
		compute &= ci->family == FAMILY_KERNEL || strcmp(ci->group, "default") == 0;
	}
	for (unsigned k = 0; k < gen_triple_count; k++) {
		unsigned pct = gen_weight(w, gen_triples[k].weight);
		if (pct && (!gen_triples[k].compute || compute) && chance(r, pct))
			return gen_triples[k].os;
	}
	return OS_AMDPAL;
}

/* Where an edge goes in its caller's calls: a "gcnabi-musttail" caller's
 * call that can be musttail last, the others first. */
static unsigned call_rank(const Graph *g, const GraphEdge *e)
{
	return 2u * e->from + (graph_musttail(&g->nodes[e->from], &g->nodes[e->to]) ? 1 : 0);
}

/* Edges grouped by caller, each caller's in creation order (stable), a
 * call of a musttail function after the others. */
static void sort_edges(Graph *g)
{
	for (unsigned i = 1; i < g->nedges; i++)
		for (unsigned j = i; j > 0 && call_rank(g, &g->edges[j - 1]) > call_rank(g, &g->edges[j]); j--) {
			GraphEdge t = g->edges[j];
			g->edges[j] = g->edges[j - 1];
			g->edges[j - 1] = t;
		}
}

void gen_callgraph(Graph *g, const GenWeights *w, uint64_t seed, uint64_t index)
{
	gen_callgraph_rooted(g, w, seed, index, CC_COUNT);
}

/* A chain graph: n0 -> n1 -> ... by llvm.amdgcn.cs.chain. A chain call
 * ends its caller, so each node makes at most one and the shape is a path,
 * which the last node may close into a cycle. Chain functions return void;
 * an amdgpu_cs entry point may start the path. */
static void gen_chain_graph(Graph *g, const GenWeights *w, uint64_t seed, uint64_t index, CallConv cc)
{
	Rng r;
	rng_seed(&r, seed ^ GRAPH_SALT ^ cc, index);
	g->nnodes = 2 + rng_below(&r, GRAPH_MAX_NODES - 1);
	g->nedges = 0;
	bool entry = chance(&r, PCT_CS_ENTRY);
	for (unsigned k = 0; k < g->nnodes; k++) {
		Sig *s = &g->nodes[k];
		gen_signature(s, w, seed ^ GRAPH_SALT ^ cc, index * GRAPH_MAX_NODES + k);
		s->cc = (uint8_t)(k == 0 && entry ? CC_AMDGPU_CS : cc);
		snprintf(s->name, sizeof s->name, "g%llu.n%u", (unsigned long long)index, k);
		s->ret = sig_add_type(s, (Type){ .kind = TYPE_VOID });
		s->ret_flags = 0;
		s->no_inputs = 0; /* "amdgpu-no-*" is for functions with implicit inputs */
		s->varargs = false;
		drop_stack_attrs(s);
		if (k == 0)
			continue;
		drop_feature(s, BODY_MUSTTAIL); /* chain calls are tail calls of their own */
		const Sig *p = &g->nodes[k - 1];
		share_prefix(p, s, shared_count(&r, p, s));
	}
	unsigned last = g->nnodes - 1;
	for (unsigned k = 0; k <= last; k++) {
		unsigned to = k + 1;
		if (k == last) {
			if (!chance(&r, PCT_CHAIN_BACK))
				break;
			unsigned lowest = entry ? 1 : 0; /* nothing chains to an entry point */
			to = lowest + rng_below(&r, g->nnodes - lowest);
		}
		bool indirect = chance(&r, PCT_INDIRECT);
		uint16_t dvgpr = chance(&r, PCT_DVGPR) ? (uint16_t)(DVGPR_STEP * (1 + rng_below(&r, 256 / DVGPR_STEP))) : 0;
		g->edges[g->nedges++] = (GraphEdge){ (uint8_t)k, (uint8_t)to, indirect, true, dvgpr };
	}
	g->llc_options = draw_llc_options(&r, w, cc);
	g->os = draw_triple(&r, w, g);
}

void gen_callgraph_rooted(Graph *g, const GenWeights *w, uint64_t seed, uint64_t index, CallConv root)
{
	if (root != CC_COUNT && conv_in_family(root, FAMILY_CHAIN)) {
		gen_chain_graph(g, w, seed, index, root);
		return;
	}
	Rng r;
	rng_seed(&r, seed ^ GRAPH_SALT, index);
	g->nnodes = 2 + rng_below(&r, GRAPH_MAX_NODES - 1);
	g->nedges = 0;
	/* One callable convention per graph, by the signature weights; none
	 * weighed: what a shader calls. */
	unsigned total = 0;
	for (unsigned cc = 0; cc < CC_COUNT; cc++)
		total += conv_in_family((CallConv)cc, FAMILY_CALLABLE) ? w->cc[cc] : 0;
	unsigned roll = rng_below(&r, total);
	CallConv cc = conv_called_by(FAMILY_SHADER);
	for (unsigned i = 0; i < CC_COUNT && total; i++) {
		CallConv k = conv_in_generator_order(i);
		unsigned wk = conv_in_family(k, FAMILY_CALLABLE) ? w->cc[k] : 0;
		if (roll < wk) {
			cc = k;
			break;
		}
		roll -= wk;
	}
	if (root != CC_COUNT) /* what an entry point calls: a kernel default functions, a shader amdgpu_gfx */
		cc = conv_called_by((ConvFamily)conv_info(root)->family);
	unsigned shape = rng_below(&r, 3); /* 0 chain, 1 fan-out, 2 random tree */
	unsigned parent[GRAPH_MAX_NODES] = { 0 };
	bool musttail_callee[GRAPH_MAX_NODES] = { false }; /* the node's musttail callee was drawn */
	for (unsigned k = 0; k < g->nnodes; k++) {
		Sig *s = &g->nodes[k];
		gen_signature(s, w, seed ^ GRAPH_SALT, index * GRAPH_MAX_NODES + k);
		s->cc = (uint8_t)cc;
		gen_fit_convention(s);
		snprintf(s->name, sizeof s->name, "g%llu.n%u", (unsigned long long)index, k);
		if (k == 0 && root != CC_COUNT) {
			s->cc = (uint8_t)root;
			s->ret = sig_add_type(s, (Type){ .kind = TYPE_VOID });
			s->ret_flags = 0;
			drop_stack_attrs(s);
			/* A kernel's arguments come from the kernarg segment: no
			 * preloading (inreg), no "amdgpu-no-*" promises, no varargs. */
			if (conv_in_family(root, FAMILY_KERNEL)) {
				for (unsigned a = 0; a < s->nparams; a++)
					s->params[a].flags &= (uint16_t)~PARAM_INREG;
				s->no_inputs = 0;
				s->varargs = false;
			}
		}
		if (k > 0) {
			parent[k] = shape == 0 ? k - 1 : shape == 1 ? 0 : rng_below(&r, k);
			const Sig *p = &g->nodes[parent[k]];
			share_prefix(p, s, shared_count(&r, p, s));
			if (has_body(p, BODY_MUSTTAIL) && !musttail_callee[parent[k]]) {
				musttail_callee[parent[k]] = true;
				take_signature(s, p);
			}
		}
		if (has_body(s, BODY_MUSTTAIL) && ((k == 0 && root != CC_COUNT) || !conv_info((CallConv)s->cc)->tail_calls))
			drop_feature(s, BODY_MUSTTAIL); /* an entry point or coldcc makes no tail call */
		else if (has_body(s, BODY_MUSTTAIL))
			shape_musttail_caller(s);
	}
	/* A convention called through an intrinsic is called directly: the
	 * intrinsic names the callee itself. */
	bool direct_only = conv_info(cc)->call_intrinsic != NULL;
	/* A call that can be musttail is direct: through a pointer, the
	 * observer could not tell the arguments llc leaves in place in the
	 * caller's stack area from the callee's own (it needs the callee's
	 * signature); likewise the extra edge below. */
	for (unsigned k = 1; k < g->nnodes; k++)
		add_edge(g, parent[k], k, chance(&r, PCT_INDIRECT) && !direct_only &&
					      !graph_musttail(&g->nodes[parent[k]], &g->nodes[k]));
	/* Nothing calls an entry point. */
	unsigned lowest_callee = root != CC_COUNT ? 1 : 0;
	if (chance(&r, PCT_RECURSION)) {
		unsigned n = rng_below(&r, g->nnodes);
		if (n >= lowest_callee)
			add_edge(g, n, n, false);
	}
	if (chance(&r, PCT_EXTRA_EDGE)) {
		/* Drawn in this order (the one gcc gave the unsequenced
		 * arguments this line used to have), so streams stay as they were. */
		bool indirect = chance(&r, PCT_INDIRECT) && !direct_only;
		unsigned to = rng_below(&r, g->nnodes);
		unsigned from = rng_below(&r, g->nnodes);
		if (to >= lowest_callee)
			add_edge(g, from, to, indirect && !graph_musttail(&g->nodes[from], &g->nodes[to]));
	}
	sort_edges(g);
	/* Drawn last, and only when weighed, so other graphs stay as they were. */
	propagate_no_inputs(g, w->pct_unseen_noinput && chance(&r, w->pct_unseen_noinput));
	g->llc_options = draw_llc_options(&r, w, (CallConv)g->nodes[g->nnodes - 1].cc);
	g->os = draw_triple(&r, w, g);
}
