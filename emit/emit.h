/* The IR writer: LLVM IR in which every function uses every argument (the
 * llc input of check, ab and passthrough), its callers, and call-graph
 * files (their edges read, their components, one module per graph). */
#ifndef GCNABI_EMIT_H
#define GCNABI_EMIT_H

#include <stdint.h>

#include "io.h"

/* IR emission. Every function stores each argument to its own
 * global and returns a value loaded from one, so that both selectors keep
 * every part; markers follow observe/mir.h's conventions. */
typedef struct {
	bool typed_ptrs; /* LLVM 14 dialect */
	bool callers;    /* add @gcnabi.<i>.caller for each function */
	bool rename;     /* name function i @gcnabi.<i>.fn instead of its own name */
	/* the llc lowers ptr addrspace(7) as a fat pointer: no globals of it,
	 * nor of an aggregate holding one. A scalar fat pointer is kept in
	 * memory as its i160 for every llc (14 to 22 compile that), so that
	 * one module, a lit test's, compiles with all of them. */
	bool buffer_ptr_split;
	bool exec64;     /* wave64: a chain call's EXEC operand is an i64 */
	bool plain_chains; /* graphs: chain edges with dvgpr N become plain chain calls (flags 0) */
	/* LLVM 14/15 SelectionDAG cannot select a load or store of bfloat:
	 * for those llc (both selectors, as `gcnabi emit --profile` cannot
	 * know the selector) a return that holds one is a constant and a
	 * caller leaves it unused, so the convention is what llc compiles */
	bool bfloat_const_returns;
	bool bfloat_undef_returns; /* LLVM 14: a return holding a scalar bfloat is demoted: undef */
	/* body_skips_param (core/split.h): the callee leaves the argument
	 * unused, a caller passes undef, or zeroinitializer for a struct or
	 * array where undef of one crashes llc 14 (targets without 16-bit
	 * instructions; a vector stays undef: emit.c skipped_value) */
	bool skip_bfloat_args;
	bool zero_skipped_args;
	bool no_dynamic_alloca; /* "gcnabi-frame" bodies without it (dag_dynamic_alloca_fails) */
	/* "gcnabi-divergent" callers pass uniform values: llc 16-22 stop after
	 * isel on a lane-varying value passed in an SGPR (SIFixSGPRCopies:
	 * "illegal VGPR to SGPR copy"), so the final code is checked on the
	 * program without them (check --final-code) */
	bool uniform_inreg;
	/* The body the final code is checked on (check --final-code), none
	 * of whose differences is the convention's. final_body: the return
	 * value is loaded, and a call's result stored, without `volatile`
	 * (a volatile load or store of a [115 x i56] keeps all 230 parts
	 * live at once: 25 s of llc 19's register allocator for one function
	 * and its caller, 0.6 s without). wide_memory (GlobalISel): globals
	 * keep a value of sub-word or odd-sized integers or 16-bit floats
	 * (alone, in a vector or in an aggregate) zero-extended to whole words (llc 22 cannot
	 * legalize a store of <4 x i17> nor select a scalar 16-bit load, and
	 * runs out of memory on a store of <16 x i52>; SelectionDAG cannot
	 * promote a zext of <3 x i24>, so its stores stay as they were) */
	bool final_body;
	bool wide_memory;
} EmitOptions;
/* The options that follow from the llc's profile, the selector and whether
 * the target has 16-bit instructions: its IR dialect and what its
 * SelectionDAG cannot select (typed_ptrs, buffer_ptr_split, bfloat). */
void emit_profile_options(EmitOptions *o, const Profile *p, Selector sel, bool has16);
/* Append function number idx; false (with why) when the signature cannot be
 * written as IR this dialect accepts. */
bool emit_function(Buf *b, const Sig *s, unsigned idx, const EmitOptions *o, char *why, size_t why_cap);

/* A call edge of a call-graph file: `call @A -> @B`, or `call @A -> * @B`
 * for a call through a function pointer; `chain @A -> [*] @B [dvgpr N]`
 * for llvm.amdgcn.cs.chain. from/to index the file's signatures; line is
 * the edge's line. */
typedef struct {
	unsigned from, to, line;
	bool indirect;
	bool chain;     /* llvm.amdgcn.cs.chain: the caller's last call */
	uint16_t dvgpr; /* chain with dynamic VGPRs: the count requested; 0 none */
	bool tail;      /* a module as written: the call is `tail call` or `musttail call` */
} CallEdge;

/* The edges of text, whose signatures are sigs[0..nsigs). Returns false
 * with err ("LINE:COL: ...") on a malformed edge or an unknown name. */
bool graph_edges_parse(const char *text, size_t len, Sig *const *sigs, unsigned nsigs, CallEdge **edges,
		       unsigned *nedges, char *err, size_t err_cap);

/* A module as written: the direct calls its define bodies make, in order,
 * as edges between its signatures (sigs: its headers, line each header's
 * first); the calls that cannot be edges are counted in skipped. False
 * when out of memory (module_calls.c). */
typedef struct {
	unsigned through_pointer, intrinsic, chain, unknown;
	/* direct calls whose arguments carry other ABI attributes (inreg,
	 * signext, zeroext) than the callee's declaration: llc follows the
	 * call's, the model the declaration's */
	unsigned attrs_differ;
} ModuleCalls;
bool module_call_edges(const char *text, size_t len, Sig *const *sigs, unsigned nsigs, CallEdge **edges,
		       unsigned *nedges, ModuleCalls *skipped);

/* Whether the call edges of the file at path (if it has any) parse
 * against its signatures; false after PATH:LINE:COL: ... on stderr. */
bool graph_edges_check(const char *path, const char *text, size_t len);

/* Connected components of the call graph over nsigs functions: component[i]
 * for each, numbered in the order of their first functions (union-find over
 * the edges). Returns the number of components. */
unsigned graph_components(unsigned nsigs, const CallEdge *edges, unsigned nedges, unsigned *component);

/* A generated graph in that form: its signatures, then its edges. False
 * when a signature does not fit a line. */
struct Graph;
bool graph_print(const struct Graph *g, FILE *f);

/* How emit_graph makes call edge x (of an included caller and callee):
 * the caller's last call, of a void caller, is musttail where the
 * prototypes allow ("gcnabi-musttail"), `tail` where the callee is
 * "gcnabi-tail" (tail_call), else plain. included[k]: function k as
 * emitted, NULL where it is left out. */
typedef enum { CALL_PLAIN, CALL_TAIL, CALL_MUSTTAIL } CallKind;
CallKind graph_call_kind(Sig *const *sigs, Sig *const *included, const CallEdge *edges, unsigned nedges, unsigned x);

/* One module of the included functions: each stores its arguments to its
 * in-markers, then makes its calls in edge order (passing on its own
 * leading arguments where the callee's parameters repeat them), then
 * returns. Function i's markers are @gcnabi.<i>.*. */
bool emit_graph(Buf *b, Sig *const *sigs, const bool *include, unsigned nsigs, const CallEdge *edges, unsigned nedges,
		const EmitOptions *o, char *why, size_t why_cap);


/* A whole file (input names it in messages) as IR appended to out: each
 * signature as emit_function writes it, or, when the file has call edges
 * or graph_of is given, one emit_graph module (graph_of: only the call
 * graph holding that function, its lines first as comments; leave_out:
 * comma-separated functions left out). Errors on stderr; returns how many
 * signatures failed or were malformed. */
unsigned emit_file(Buf *out, const char *input, const char *text, size_t len, const EmitOptions *o,
		   const char *graph_of, const char *leave_out);

#endif
