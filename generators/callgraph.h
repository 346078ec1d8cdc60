/* Random call graphs: a few functions of one calling convention with call
 * edges between them (chains, fan-out, recursion, calls through a function
 * pointer), or a path of chain functions entered through
 * llvm.amdgcn.cs.chain. A callee's leading parameters repeat its first caller's, so the
 * caller can pass its own arguments on and values flow along the graph.
 * Seeded and index-addressable like gen_signature. */
#ifndef GCNABI_CALLGRAPH_H
#define GCNABI_CALLGRAPH_H

#include "gen.h"

enum { GRAPH_MAX_NODES = 8, GRAPH_MAX_EDGES = 24 };

typedef struct {
	uint8_t from, to; /* node indices; from == to is recursion */
	bool indirect;    /* through a function pointer loaded from memory */
	bool chain;       /* llvm.amdgcn.cs.chain: a tail call, the caller's last */
	uint16_t dvgpr;   /* chain with flags bit 0: the VGPR count requested; 0 none */
} GraphEdge;

typedef struct Graph {
	unsigned nnodes, nedges;
	Sig nodes[GRAPH_MAX_NODES]; /* named g<index>.n<k> */
	GraphEdge edges[GRAPH_MAX_EDGES]; /* grouped by caller, in call order */
	uint32_t llc_options; /* bit k: gen_llc_options[k], for the whole graph */
	uint8_t os;           /* TargetOs of the whole graph; OS_AMDPAL: the run's (no line) */
} Graph;

/* Graph number index of seed. */
void gen_callgraph(Graph *g, const GenWeights *w, uint64_t seed, uint64_t index);

/* The same with a shader entry point (amdgpu_cs, amdgpu_ps, ...) as node 0,
 * the root: it returns void, nothing calls it, and every other node is
 * amdgpu_gfx, so the root passes its user SGPRs (inreg arguments) on to
 * its callees. root amdgpu_kernel: the same with a kernel calling default
 * convention (ccc) functions, passing on its kernarg-loaded arguments.
 * root CC_COUNT: gen_callgraph.
 * root a chain convention (conv.h): a path of chain
 * functions of that convention, each entered by the previous one's chain
 * call (a tail call: at most one per function), sometimes started by an
 * amdgpu_cs entry point, sometimes closed into a cycle by the last node;
 * some edges go through a pointer, some request dynamic VGPRs. */
void gen_callgraph_rooted(Graph *g, const GenWeights *w, uint64_t seed, uint64_t index, CallConv root);

/* A "gcnabi-musttail" caller's call of callee can be musttail: the IR
 * verifier wants the prototypes equal (same convention, parameters passed
 * through one for one), both void so the `ret void` after it returns what
 * the call returns, no varargs. */
bool graph_musttail(const Sig *caller, const Sig *callee);

#endif
