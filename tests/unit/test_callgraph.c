/* The call-graph generator: reproducible, well-formed graphs whose values
 * flow from callers into callees, in every shape it promises. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "cli.h"

enum { GRAPHS = 300 };

static Graph *graph_of(uint64_t seed, uint64_t index)
{
	const GenWeights defaults = gen_weights_default();
	Graph *g = malloc(sizeof *g);
	assert_non_null(g);
	gen_callgraph(g, &defaults, seed, index);
	return g;
}

static void test_same_seed_same_graph(void **state)
{
	(void)state;
	for (uint64_t i = 0; i < 20; i++) {
		Graph *a = graph_of(7, i), *b = graph_of(7, i);
		assert_int_equal(a->nnodes, b->nnodes);
		assert_int_equal(a->nedges, b->nedges);
		for (unsigned k = 0; k < a->nnodes; k++)
			assert_true(sig_equal(&a->nodes[k], &b->nodes[k]));
		for (unsigned e = 0; e < a->nedges; e++) {
			assert_int_equal(a->edges[e].from, b->edges[e].from);
			assert_int_equal(a->edges[e].to, b->edges[e].to);
			assert_int_equal(a->edges[e].indirect, b->edges[e].indirect);
		}
		free(a);
		free(b);
	}
	Graph *a = graph_of(7, 3), *b = graph_of(8, 3);
	assert_false(a->nnodes == b->nnodes && sig_equal(&a->nodes[0], &b->nodes[0]));
	free(a);
	free(b);
}

/* What graph_print writes of g (the caller frees it). */
static char *graph_text(const Graph *g, size_t *len)
{
	char *text = 0;
	FILE *f = open_memstream(&text, len);
	assert_non_null(f);
	assert_true(graph_print(g, f));
	fclose(f);
	return text;
}

/* The bit of llc option `option` in Graph.llc_options (its row of the table). */
static unsigned option_bit(const char *option)
{
	for (unsigned k = 0; k < gen_llc_option_count; k++)
		if (strcmp(gen_llc_options[k].option, option) == 0)
			return k;
	fail_msg("no llc option %s in the generator's table", option);
	return 0;
}

/* Graph number i of seed drawn with weights w into a, and with the
 * default weights into b: the same functions (weights drawn last, when
 * weighed, leave the stream as it was). */
static void weighed_pair(Graph *a, Graph *b, const GenWeights *w, uint64_t seed, uint64_t i)
{
	const GenWeights defaults = gen_weights_default();
	gen_callgraph(a, w, seed, i);
	gen_callgraph(b, &defaults, seed, i);
	assert_int_equal(a->nnodes, b->nnodes);
	for (unsigned k = 0; k < a->nnodes; k++)
		assert_true(sig_equal(&a->nodes[k], &b->nodes[k]));
}

/* llc options per graph: weighed, each option drawn about as often as
 * its weight says, -tailcallopt only for fastcc graphs, +/-real-true16
 * never both; the graphs themselves as without the weights; graph_print
 * writes one `; gcnabi-llc-options:` line of the options drawn. */
static void test_llc_options(void **state)
{
	(void)state;
	GenWeights w = gen_weights_default();
	w.pct_tailcallopt = 100;
	w.pct_no_flat_for_global = 50;
	w.pct_true16_on = 50;
	w.pct_true16_off = 100;
	unsigned seen[8] = { 0 }, fastcc = 0;
	enum { N = 400 };
	const unsigned tco = option_bit("-tailcallopt"), flat = option_bit("-mattr=-flat-for-global"),
		       t16_on = option_bit("-mattr=+real-true16"), t16_off = option_bit("-mattr=-real-true16");
	const uint32_t t16 = 1u << t16_on | 1u << t16_off;
	Graph *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	for (uint64_t i = 0; i < N; i++) {
		weighed_pair(a, b, &w, 5, i);
		assert_int_equal(b->llc_options, 0);
		bool fast = a->nodes[a->nnodes - 1].cc == CC_FAST;
		fastcc += fast;
		assert_int_equal(a->llc_options >> tco & 1, fast); /* -tailcallopt: every fastcc graph, no other */
		assert_int_not_equal(a->llc_options & t16, t16);   /* never +real-true16 and -real-true16 */
		assert_int_not_equal(a->llc_options & t16, 0);     /* the one or the other: -real-true16 is 100 */
		for (unsigned k = 0; k < gen_llc_option_count; k++)
			seen[k] += a->llc_options >> k & 1;
		size_t len;
		char *text = graph_text(a, &len);
		const char *line = strstr(text, "; gcnabi-llc-options:");
		assert_non_null(line);
		assert_ptr_equal(strstr(line + 1, "; gcnabi-llc-options:"), NULL);
		assert_int_equal(strstr(line, "-tailcallopt") != NULL && strstr(line, "-tailcallopt") < strchr(line, '\n'), fast);
		free(text);
	}
	assert_true(fastcc > 0);
	assert_in_range(seen[flat], N * 40 / 100, N * 60 / 100);   /* 50 % */
	assert_in_range(seen[t16_on], N * 40 / 100, N * 60 / 100); /* 50 % */
	assert_int_equal(seen[t16_on] + seen[t16_off], N);
	free(a);
	free(b);
}

/* Triples per graph: none without their weights (the graphs as
 * without them); with them one at most, amdhsa only for graphs of the
 * default conventions and kernels; graph_print writes a `;
 * gcnabi-triple:` line for a graph of another triple than amdpal. */
static void test_triples(void **state)
{
	(void)state;
	GenWeights w = gen_weights_default();
	w.pct_triple_mesa = 20;
	w.pct_triple_none = 20;
	w.pct_triple_hsa = 100;
	enum { N = 400 };
	unsigned seen[OS_COUNT] = { 0 }, gfx = 0;
	Graph *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	for (uint64_t i = 0; i < N; i++) {
		weighed_pair(a, b, &w, 9, i);
		assert_int_equal(b->os, OS_AMDPAL);
		bool graphics = a->nodes[0].cc == CC_AMDGPU_GFX;
		gfx += graphics;
		assert_true(a->os < OS_COUNT);
		seen[a->os]++;
		if (graphics)
			assert_int_not_equal(a->os, OS_AMDHSA); /* llc refuses amdgpu_gfx there */
		else
			assert_int_not_equal(a->os, OS_AMDPAL); /* hsa at 100 % when nothing else was drawn */
		size_t len;
		char *text = graph_text(a, &len);
		const char *line = strstr(text, "; gcnabi-triple:");
		if (a->os == OS_AMDPAL)
			assert_null(line);
		else {
			char want[64];
			snprintf(want, sizeof want, "; gcnabi-triple: %s\n", target_os_triple((TargetOs)a->os));
			assert_non_null(line);
			assert_memory_equal(line, want, strlen(want));
			assert_null(strstr(line + 1, "; gcnabi-triple:"));
		}
		free(text);
	}
	assert_true(gfx > 0 && gfx < N);
	assert_in_range(seen[OS_MESA3D], N * 12 / 100, N * 28 / 100); /* 20 % */
	assert_true(seen[OS_NONE] > 0 && seen[OS_AMDHSA] > 0);
	free(a);
	free(b);
}

/* Every graph: one convention, edges grouped by caller and never twice,
 * callees keep their callers' "amdgpu-no-*" promises, and a graph with a
 * call through a pointer makes none. Over all graphs: every shape occurs
 * and values flow. */
static void test_graphs_are_well_formed(void **state)
{
	(void)state;
	unsigned recursive = 0, indirect = 0, flowing = 0, fanout = 0, chain = 0, both_cc[2] = { 0, 0 };
	for (uint64_t i = 0; i < GRAPHS; i++) {
		Graph *g = graph_of(2026, i);
		assert_in_range(g->nnodes, 2, GRAPH_MAX_NODES);
		assert_true(g->nedges >= g->nnodes - 1);
		both_cc[g->nodes[0].cc == CC_AMDGPU_GFX]++;
		bool has_indirect = false;
		unsigned out_of_0 = 0;
		for (unsigned e = 0; e < g->nedges; e++) {
			const GraphEdge *x = &g->edges[e];
			assert_true(x->from < g->nnodes && x->to < g->nnodes);
			assert_int_equal(g->nodes[x->from].cc, g->nodes[x->to].cc);
			if (e)
				assert_true(g->edges[e - 1].from <= x->from);
			for (unsigned f = 0; f < e; f++)
				assert_false(g->edges[f].from == x->from && g->edges[f].to == x->to);
			uint32_t promised = g->nodes[x->from].no_inputs;
			assert_int_equal(g->nodes[x->to].no_inputs & promised, promised);
			recursive += x->from == x->to;
			has_indirect |= x->indirect;
			flowing += x->from != x->to && sig_shared_params(&g->nodes[x->from], &g->nodes[x->to]) > 0;
			out_of_0 += x->from == 0 && x->to != 0;
		}
		indirect += has_indirect;
		for (unsigned k = 0; has_indirect && k < g->nnodes; k++)
			assert_int_equal(g->nodes[k].no_inputs, 0);
		fanout += g->nnodes > 2 && out_of_0 == g->nnodes - 1;
		chain += g->nnodes > 2 && out_of_0 == 1;
		free(g);
	}
	assert_true(recursive > GRAPHS / 10);
	assert_true(indirect > GRAPHS / 10);
	assert_true(flowing > GRAPHS / 2);
	assert_true(fanout > GRAPHS / 10 && chain > GRAPHS / 10);
	assert_true(both_cc[0] > GRAPHS / 4 && both_cc[1] > GRAPHS / 4);
}

/* Graphs of amdgpu_gfx_whole_wave functions (weights of that convention
 * only): each node leads with the active-lane mask, which a caller passes
 * on to no one, and every call is direct (the intrinsic names its callee);
 * the emitted module calls through llvm.amdgcn.call.whole.wave. */
static void test_whole_wave_graphs(void **state)
{
	(void)state;
	GenWeights w = gen_weights_default();
	memset(w.cc, 0, sizeof w.cc);
	w.cc[CC_AMDGPU_GFX_WHOLE_WAVE] = 1;
	Graph *g = malloc(sizeof *g);
	assert_non_null(g);
	unsigned edges = 0, flowing = 0;
	for (uint64_t i = 0; i < 100; i++) {
		gen_callgraph(g, &w, 11, i);
		for (unsigned k = 0; k < g->nnodes; k++) {
			assert_int_equal(g->nodes[k].cc, CC_AMDGPU_GFX_WHOLE_WAVE);
			const Type *t = sig_type(&g->nodes[k], g->nodes[k].params[0].type);
			assert_true(g->nodes[k].nparams >= 1 && t->kind == TYPE_INT && t->n == 1);
			assert_int_equal(g->nodes[k].params[0].flags & PARAM_INREG, 0);
		}
		for (unsigned e = 0; e < g->nedges; e++) {
			assert_false(g->edges[e].indirect);
			flowing += sig_shared_params(&g->nodes[g->edges[e].from], &g->nodes[g->edges[e].to]) > 1;
		}
		edges += g->nedges;
	}
	assert_true(edges > 100 && flowing > 20);
	/* gcnabi emit: one intrinsic declaration per callee, calls through it, no direct call */
	Sig *sigs[GRAPH_MAX_NODES];
	bool include[GRAPH_MAX_NODES];
	CallEdge ce[GRAPH_MAX_EDGES];
	gen_callgraph(g, &w, 11, 0);
	for (unsigned k = 0; k < g->nnodes; k++) {
		sigs[k] = &g->nodes[k];
		include[k] = true;
	}
	for (unsigned e = 0; e < g->nedges; e++)
		ce[e] = (CallEdge){ .from = g->edges[e].from, .to = g->edges[e].to };
	Buf b = { 0 };
	EmitOptions o = { .buffer_ptr_split = true };
	char why[256];
	assert_true(emit_graph(&b, sigs, include, g->nnodes, ce, g->nedges, &o, why, sizeof why));
	buf_put(&b, "", 1);
	assert_non_null(strstr(b.p, "call.whole.wave.gcnabi"));
	assert_null(strstr(b.p, "call amdgpu_gfx_whole_wave"));
	buf_free(&b);
	free(g);
}

/* Chain graphs: a path of chain functions of the root's convention, each
 * entered by the previous one's llvm.amdgcn.cs.chain call and making at
 * most one (a tail call), sometimes started by an amdgpu_cs entry point
 * that nothing chains back to; void returns and no stack arguments (the
 * verifier refuses them); some calls through a pointer, some with a
 * dynamic-VGPR count, some paths closed into a cycle; values flow. */
static void test_chain_graphs(void **state)
{
	const GenWeights defaults = gen_weights_default();
	(void)state;
	static const CallConv roots[] = { CC_AMDGPU_CS_CHAIN, CC_AMDGPU_CS_CHAIN_PRESERVE };
	for (unsigned r = 0; r < 2; r++) {
		unsigned entry = 0, indirect = 0, dvgpr = 0, back = 0, flowing = 0;
		for (uint64_t i = 0; i < GRAPHS; i++) {
			Graph *g = malloc(sizeof *g), *again = malloc(sizeof *again);
			assert_non_null(g);
			assert_non_null(again);
			gen_callgraph_rooted(g, &defaults, 2026, i, roots[r]);
			gen_callgraph_rooted(again, &defaults, 2026, i, roots[r]);
			assert_memory_equal(g->edges, again->edges, sizeof g->edges[0] * g->nedges);
			assert_in_range(g->nnodes, 2, GRAPH_MAX_NODES);
			bool from_cs = g->nodes[0].cc == CC_AMDGPU_CS;
			entry += from_cs;
			for (unsigned k = 0; k < g->nnodes; k++) {
				const Sig *n = &g->nodes[k];
				assert_true(sig_equal(n, &again->nodes[k]));
				assert_int_equal(n->cc, k == 0 && from_cs ? CC_AMDGPU_CS : roots[r]);
				assert_int_equal(sig_type(n, n->ret)->kind, TYPE_VOID);
				assert_false(n->varargs);
				for (unsigned a = 0; a < n->nparams; a++)
					assert_false(n->params[a].flags & (PARAM_BYVAL | PARAM_SRET | PARAM_BYREF));
			}
			assert_in_range(g->nedges, g->nnodes - 1, g->nnodes);
			for (unsigned e = 0; e < g->nedges; e++) {
				const GraphEdge *x = &g->edges[e];
				assert_true(x->chain);
				assert_int_equal(x->from, e); /* one chain call per node, in path order */
				if (e + 1 < g->nnodes)
					assert_int_equal(x->to, e + 1);
				else
					back++;
				assert_true(x->to != 0 || !from_cs);
				assert_true(x->dvgpr % 8 == 0 && x->dvgpr <= 256);
				indirect += x->indirect;
				dvgpr += x->dvgpr != 0;
				flowing += sig_shared_params(&g->nodes[x->from], &g->nodes[x->to]) > 0;
			}
			free(g);
			free(again);
		}
		assert_true(entry > GRAPHS / 10 && entry < GRAPHS / 2);
		assert_true(back > GRAPHS / 10);
		assert_true(indirect > GRAPHS / 10);
		assert_true(dvgpr > GRAPHS / 10);
		assert_true(flowing > GRAPHS / 2);
	}
}

/* Signatures for the parser tests: one per line of text. */
static unsigned parse_sigs(const char *text, Sig **sigs)
{
	unsigned n = 0;
	for (const char *p = text; *p; n++) {
		const char *eol = strchr(p, '\n');
		SigError err;
		sigs[n] = malloc(sizeof *sigs[n]);
		assert_non_null(sigs[n]);
		assert_true(sig_parse_header(p, (size_t)(eol - p), sigs[n], &err));
		p = eol + 1;
	}
	return n;
}

static const char graph_sigs[] = "declare amdgpu_cs void @r(i32 inreg, float)\n"
				 "declare amdgpu_cs_chain void @a(i32 inreg, float)\n"
				 "declare amdgpu_cs_chain_preserve void @b(i32 inreg, float)\n"
				 "declare amdgpu_gfx void @g(i32 inreg)\n"
				 "declare amdgpu_ps void @p(i32 inreg, float)\n"
				 "declare amdgpu_kernel void @k(i32, float)\n"
				 "declare void @c(i32)\n";

/* The edges of text, or the error ("LINE:COL: ...") in err. */
static bool parse_edges(const char *edges_text, CallEdge **edges, unsigned *n, char *err, size_t cap)
{
	Sig *sigs[16];
	unsigned nsigs = parse_sigs(graph_sigs, sigs);
	char text[1024];
	snprintf(text, sizeof text, "%s%s", graph_sigs, edges_text);
	bool ok = graph_edges_parse(text, strlen(text), sigs, nsigs, edges, n, err, cap);
	for (unsigned i = 0; i < nsigs; i++)
		free(sigs[i]);
	return ok;
}

static void test_parse_chain_edges(void **state)
{
	(void)state;
	CallEdge *e;
	unsigned n;
	char err[256];
	assert_true(parse_edges("call @r -> @g\nchain @r -> @a\nchain @a -> * @b dvgpr 16\n  chain\t@b -> @a   dvgpr 256\n"
				"call @k -> * @c\n",
				&e, &n, err, sizeof err));
	assert_int_equal(n, 5);
	assert_true(!e[4].chain && e[4].indirect && e[4].from == 5 && e[4].to == 6);
	assert_false(e[0].chain);
	assert_true(e[1].chain && !e[1].indirect && e[1].dvgpr == 0 && e[1].from == 0 && e[1].to == 1);
	assert_true(e[2].chain && e[2].indirect && e[2].dvgpr == 16 && e[2].line == 10);
	assert_true(e[3].chain && e[3].dvgpr == 256 && e[3].from == 2 && e[3].to == 1);
	free(e);
	static const struct {
		const char *edges, *error;
	} bad[] = {
		{ "chain @a -> @b dvgpr 0\n", "8:22: error: expected a VGPR count 1-256 after 'dvgpr' in chain edge" },
		{ "chain @a -> @b dvgpr 257\n", "8:22: error: expected a VGPR count 1-256 after 'dvgpr' in chain edge" },
		{ "chain @a -> @b dvgpr 99999999999\n", "8:22: error: expected a VGPR count 1-256 after 'dvgpr' in chain edge" },
		{ "chain @a -> @b dvgpr 8 x\n", "8:24: error: unexpected text after the VGPR count in chain edge" },
		{ "chain @a -> @b fallback\n", "8:16: error: unexpected text after the callee in chain edge" },
		{ "call @a -> @b dvgpr 8\n", "8:15: error: unexpected text after the callee in call edge" },
		{ "chain @a @b\n", "8:10: error: expected '->' after the caller in chain edge" },
		{ "call @r -> @a\n", "8:1: error: @r (amdgpu_cs) cannot call @a (amdgpu_cs_chain): a chain function is entered by `chain`, not called" },
		{ "chain @r -> @g\n", "8:1: error: @r (amdgpu_cs) cannot chain to @g (amdgpu_gfx): only amdgpu_cs_chain(_preserve) functions are chained to" },
		{ "chain @p -> @a\n", "8:1: error: @p (amdgpu_ps) cannot chain to @a (amdgpu_cs_chain): llvm.amdgcn.cs.chain is used only in amdgpu_cs, amdgpu_cs_chain and amdgpu_cs_chain_preserve functions" },
		{ "call @k -> @g\n", "8:1: error: @k (amdgpu_kernel) cannot call @g (amdgpu_gfx): the conventions differ (only an entry point may call amdgpu_gfx, a kernel ccc, fastcc or coldcc)" },
		{ "call @c -> @k\n", "8:1: error: @c (ccc) cannot call @k (amdgpu_kernel): a kernel has no callers" },
		{ "chain @k -> @a\n", "8:1: error: @k (amdgpu_kernel) cannot chain to @a (amdgpu_cs_chain): llvm.amdgcn.cs.chain is used only in amdgpu_cs, amdgpu_cs_chain and amdgpu_cs_chain_preserve functions" },
		{ "chain @a -> @r\n", "8:1: error: @a (amdgpu_cs_chain) cannot chain to @r (amdgpu_cs): an entry point has no callers" },
		{ "chain @a -> @b\nchain @a -> @a\n", "9:1: error: @a already ended with its chain call (line 8): a chain call is its caller's last" },
		{ "chain @r -> @a\ncall @r -> @g\n", "9:1: error: @r already ended with its chain call (line 8): a chain call is its caller's last" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_false(parse_edges(bad[i].edges, &e, &n, err, sizeof err));
		assert_string_equal(err, bad[i].error);
		assert_null(e);
	}
}

static int collect_module_sig(void *ctx, const Sig *sig, const SigError *err)
{
	struct { Sig **sigs; unsigned n; } *list = ctx;
	assert_null(err);
	list->sigs[list->n] = malloc(sizeof *sig);
	assert_non_null(list->sigs[list->n]);
	*list->sigs[list->n++] = *sig;
	return 0;
}

/* A module as written: its direct calls as edges, in order, matched by
 * name; calls through pointers, intrinsics and chain calls counted; a call
 * in a comment or a string is none; what the bodies do is marked. */
static void test_module_call_edges(void **state)
{
	(void)state;
	static const char text[] =
		"declare void @ext(i32 inreg, float)\n"                       /* 1 */
		"define void @f(i32 %a) {\n"                                  /* 2 */
		"entry:\n"                                                    /* 3 */
		"  ; call void @ext(i32 inreg 0, float 0.0)\n"                /* 4 */
		"  call void @ext(i32 inreg %a, float 1.0)\n"                 /* 5 */
		"  %id = call i32 @llvm.amdgcn.workitem.id.x()\n"             /* 6 */
		"  call void %fp(ptr @g)\n"                                   /* 7 */
		"  %r = tail call fastcc i32 @\"q x\"(i32 %a) ; call @ext\n"  /* 8 */
		"  ret void\n"                                                /* 9 */
		"}\n"                                                         /* 10 */
		"define fastcc i32 @\"q x\"(i32 %a) {\n"                      /* 11 */
		"  %s = alloca i32, addrspace(5)\n"                           /* 12 */
		"  call void (ptr, i32, ...) @llvm.amdgcn.cs.chain(ptr @ext, i32 -1)\n" /* 13 */
		"  invoke void @ext(i32 inreg 1, float 2.0) to label %ok unwind label %bad\n" /* 14 */
		"  ret i32 0\n"                                               /* 15 */
		"}\n"
		"define void @leaf() {\n  ret void\n}\n";
	Sig *sigs[4];
	struct { Sig **sigs; unsigned n; } list = { sigs, 0 };
	assert_int_equal(sig_parse_module(text, strlen(text), collect_module_sig, &list), 0);
	unsigned nsigs = list.n, n;
	assert_int_equal(nsigs, 4);
	CallEdge *e;
	ModuleCalls left;
	assert_true(module_call_edges(text, strlen(text), sigs, nsigs, &e, &n, &left));
	assert_int_equal(n, 3);
	assert_true(e[0].from == 1 && e[0].to == 0 && e[0].line == 5 && !e[0].indirect && !e[0].chain);
	assert_true(e[1].from == 1 && e[1].to == 2 && e[1].line == 8);
	assert_true(e[2].from == 2 && e[2].to == 0 && e[2].line == 14);
	assert_int_equal(left.through_pointer, 1);
	assert_int_equal(left.intrinsic, 1);
	assert_int_equal(left.chain, 1);
	assert_int_equal(left.unknown, 0);
	assert_true(sigs[1]->body_calls && !sigs[1]->body_stack);
	assert_true(sigs[2]->body_calls && sigs[2]->body_stack);
	assert_false(sigs[3]->body_calls || sigs[3]->body_stack);
	/* @f names %a, @"q x" never does: its parameter is unused */
	assert_false(sigs[1]->params[0].flags & PARAM_UNUSED);
	assert_true(sigs[2]->params[0].flags & PARAM_UNUSED);
	free(e);
	for (unsigned i = 0; i < nsigs; i++)
		free(sigs[i]);
}

/* graph_print writes what graph_edges_parse reads back. */
/* A whole-wave function may be called by a function of any convention,
 * directly: its intrinsic names the callee, so never through a pointer. */
static void test_parse_whole_wave_edges(void **state)
{
	(void)state;
	static const char head[] = "declare amdgpu_gfx_whole_wave void @w(i1, i32)\n"
				   "declare amdgpu_cs void @r(i32)\n"
				   "declare void @c(i32)\n";
	Sig *sigs[4];
	unsigned nsigs = parse_sigs(head, sigs), n;
	CallEdge *e;
	char text[512], err[256];
	snprintf(text, sizeof text, "%scall @r -> @w\ncall @c -> @w\ncall @w -> @w\n", head);
	assert_true(graph_edges_parse(text, strlen(text), sigs, nsigs, &e, &n, err, sizeof err));
	assert_int_equal(n, 3);
	free(e);
	snprintf(text, sizeof text, "%scall @r -> * @w\n", head);
	assert_false(graph_edges_parse(text, strlen(text), sigs, nsigs, &e, &n, err, sizeof err));
	assert_string_equal(err, "4:1: error: @r (amdgpu_cs) cannot call @w (amdgpu_gfx_whole_wave): it is called through an "
				 "intrinsic that names the callee: no calls through a pointer");
	for (unsigned i = 0; i < nsigs; i++)
		free(sigs[i]);
}

static void test_chain_graph_round_trip(void **state)
{
	const GenWeights defaults = gen_weights_default();
	(void)state;
	unsigned seen_dvgpr = 0;
	for (uint64_t i = 0; i < 40; i++) {
		Graph *g = malloc(sizeof *g);
		assert_non_null(g);
		gen_callgraph_rooted(g, &defaults, 7, i, CC_AMDGPU_CS_CHAIN);
		size_t len;
		char *text = graph_text(g, &len);
		Sig *sigs[GRAPH_MAX_NODES];
		for (unsigned k = 0; k < g->nnodes; k++)
			sigs[k] = &g->nodes[k];
		CallEdge *e;
		unsigned n;
		char err[256];
		assert_true(graph_edges_parse(text, len, sigs, g->nnodes, &e, &n, err, sizeof err));
		assert_int_equal(n, g->nedges);
		for (unsigned x = 0; x < n; x++) {
			assert_int_equal(e[x].from, g->edges[x].from);
			assert_int_equal(e[x].to, g->edges[x].to);
			assert_int_equal(e[x].indirect, g->edges[x].indirect);
			assert_true(e[x].chain);
			assert_int_equal(e[x].dvgpr, g->edges[x].dvgpr);
			seen_dvgpr += e[x].dvgpr != 0;
		}
		free(e);
		free(text);
		free(g);
	}
	assert_true(seen_dvgpr > 0);
}

/* Kernel graphs: node 0 a kernel (void, no stack attributes, no inreg
 * preloading, no promises), the others ccc, values flowing from it. */
static void test_kernel_graphs(void **state)
{
	const GenWeights defaults = gen_weights_default();
	(void)state;
	unsigned flowing = 0;
	for (uint64_t i = 0; i < GRAPHS; i++) {
		Graph *g = malloc(sizeof *g);
		assert_non_null(g);
		gen_callgraph_rooted(g, &defaults, 2026, i, CC_AMDGPU_KERNEL);
		const Sig *k = &g->nodes[0];
		assert_int_equal(k->cc, CC_AMDGPU_KERNEL);
		assert_int_equal(sig_type(k, k->ret)->kind, TYPE_VOID);
		assert_int_equal(k->no_inputs, 0);
		for (unsigned a = 0; a < k->nparams; a++)
			assert_false(k->params[a].flags & (PARAM_BYVAL | PARAM_SRET | PARAM_BYREF | PARAM_INREG));
		for (unsigned n = 1; n < g->nnodes; n++)
			assert_int_equal(g->nodes[n].cc, CC_C);
		for (unsigned e = 0; e < g->nedges; e++) {
			assert_true(g->edges[e].to != 0);
			assert_false(g->edges[e].chain);
			flowing += g->edges[e].from == 0 && sig_shared_params(k, &g->nodes[g->edges[e].to]) > 0;
		}
		free(g);
	}
	assert_true(flowing > GRAPHS / 4);
}

/* "gcnabi-musttail" (every function, by weight): the caller's last call
 * is of a callee with its own prototype (so emit writes it musttail),
 * through no pointer; no musttail caller returns a value, takes a byval or
 * sret, or is coldcc or an entry point; an amdgpu_gfx one has no inreg
 * parameter and a default-convention one at most 12 words of them.
 * "gcnabi-forward": a forwarding caller's callees take over as many of its
 * parameters as they have, up to its first byval or sret. */
static void test_musttail_and_forward_graphs(void **state)
{
	(void)state;
	GenWeights w = gen_weights_default();
	w.pct_musttail = 100;
	Graph *g = malloc(sizeof *g);
	assert_non_null(g);
	unsigned callers = 0, musttail_last = 0;
	for (uint64_t i = 0; i < GRAPHS; i++) {
		gen_callgraph(g, &w, 11, i);
		for (unsigned k = 0; k < g->nnodes; k++) {
			const Sig *s = &g->nodes[k];
			if (!has_body(s, BODY_MUSTTAIL))
				continue;
			assert_true(conv_info((CallConv)s->cc)->tail_calls);
			assert_int_equal(sig_type(s, s->ret)->kind, TYPE_VOID);
			uint64_t words = 0;
			for (unsigned a = 0; a < s->nparams; a++) {
				assert_false(s->params[a].flags & (PARAM_BYVAL | PARAM_SRET));
				if (s->params[a].flags & PARAM_INREG)
					words += gen_value_words(s, s->params[a].type, 0);
			}
			assert_true(s->cc == CC_AMDGPU_GFX ? words == 0 : words <= 12);
			int last = -1;
			for (unsigned e = 0; e < g->nedges; e++)
				if (g->edges[e].from == k)
					last = (int)e;
			if (last < 0)
				continue;
			callers++;
			const GraphEdge *x = &g->edges[last];
			if (graph_musttail(s, &g->nodes[x->to])) {
				musttail_last++;
				assert_false(x->indirect);
			}
		}
	}
	/* Every musttail caller with a callee makes its last call musttail,
	 * but one whose first callee became its own recursion or an extra
	 * edge's target has other calls after; most do. */
	if (callers == 0 || musttail_last * 10 < callers * 9)
		fail_msg("%u of %u musttail callers end in a musttail call", musttail_last, callers);
	w = gen_weights_default();
	w.pct_forward = 100;
	unsigned edges = 0, full = 0;
	for (uint64_t i = 0; i < GRAPHS; i++) {
		gen_callgraph(g, &w, 12, i);
		for (unsigned e = 0; e < g->nedges; e++) {
			const Sig *from = &g->nodes[g->edges[e].from], *to = &g->nodes[g->edges[e].to];
			if (g->edges[e].from >= g->edges[e].to || conv_in_family((CallConv)from->cc, FAMILY_KERNEL))
				continue; /* a tree edge goes to a later node; a kernel passes nothing on */
			unsigned most = 0;
			while (most < from->nparams && most < to->nparams &&
			       !(from->params[most].flags & (PARAM_BYVAL | PARAM_SRET)))
				most++;
			edges++;
			full += sig_shared_params(from, to) == most;
		}
	}
	/* Tree edges share all they can; extra edges between later nodes, by
	 * chance, less. */
	if (edges == 0 || full * 10 < edges * 8)
		fail_msg("%u of %u forwarding edges pass on all they can", full, edges);
	free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_seed_same_graph),
		cmocka_unit_test(test_llc_options),
		cmocka_unit_test(test_triples),
		cmocka_unit_test(test_graphs_are_well_formed),
		cmocka_unit_test(test_chain_graphs),
		cmocka_unit_test(test_whole_wave_graphs),
		cmocka_unit_test(test_kernel_graphs),
		cmocka_unit_test(test_parse_chain_edges),
		cmocka_unit_test(test_parse_whole_wave_edges),
		cmocka_unit_test(test_module_call_edges),
		cmocka_unit_test(test_chain_graph_round_trip),
		cmocka_unit_test(test_musttail_and_forward_graphs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
