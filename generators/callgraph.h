/* Random call graphs: a few functions of one calling convention with call
 * edges between them (chains, fan-out, recursion, calls through a function
 * pointer). A callee's leading parameters repeat its first caller's, so the
 * caller can pass its own arguments on and values flow along the graph.
 * Seeded and index-addressable like gen_signature. */
#ifndef GCNABI_CALLGRAPH_H
#define GCNABI_CALLGRAPH_H

#include "gen.h"

enum { GRAPH_MAX_NODES = 8, GRAPH_MAX_EDGES = 24 };

typedef struct {
	uint8_t from, to; /* node indices; from == to is recursion */
	bool indirect;    /* through a function pointer loaded from memory */
} GraphEdge;

typedef struct Graph {
	unsigned nnodes, nedges;
	Sig nodes[GRAPH_MAX_NODES]; /* named g<index>.n<k> */
	GraphEdge edges[GRAPH_MAX_EDGES]; /* grouped by caller, in call order */
} Graph;

/* Graph number index of seed. */
void gen_callgraph(Graph *g, const GenWeights *w, uint64_t seed, uint64_t index);

/* The same with a shader entry point (amdgpu_cs, amdgpu_ps, ...) as node 0,
 * the root: it returns void, nothing calls it, and every other node is
 * amdgpu_gfx, so the root passes its user SGPRs (inreg arguments) on to
 * its callees. root CC_COUNT: gen_callgraph. */
void gen_callgraph_rooted(Graph *g, const GenWeights *w, uint64_t seed, uint64_t index, CallConv root);

/* The parameters callee passes through from caller: the longest common
 * prefix of identically typed, identically flagged parameters that are
 * neither byval nor sret. */
unsigned graph_shared_params(const Sig *caller, const Sig *callee);

#endif
