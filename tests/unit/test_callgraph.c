/* The call-graph generator: reproducible, well-formed graphs whose values
 * flow from callers into callees, in every shape it promises. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "callgraph.h"

enum { GRAPHS = 300 };

static Graph *graph_of(uint64_t seed, uint64_t index)
{
	Graph *g = malloc(sizeof *g);
	assert_non_null(g);
	gen_callgraph(g, &gen_default_weights, seed, index);
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
			flowing += x->from != x->to && graph_shared_params(&g->nodes[x->from], &g->nodes[x->to]) > 0;
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_seed_same_graph),
		cmocka_unit_test(test_graphs_are_well_formed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
