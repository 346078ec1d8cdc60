/* Signature generators: random signatures (seeded, reproducible on any host
 * with an own PRNG, addressable by index so that case N of a seed can be
 * replayed alone), swarm feature sets that switch whole features off per
 * batch of indices, and the exhaustive, index-addressable enumeration of a
 * small signature space. Every probability and limit is a named weight. */
#ifndef GCNABI_GEN_H
#define GCNABI_GEN_H

#include <stdint.h>

#include "sig.h"

/* X(name, default, meaning). "pct_" weights are percents; the groups
 * type_*, scalar_* and int_* are relative weights within their group. The
 * conventions' weights (cc_<name>, relative, with their defaults and
 * meanings in the convention table, conv.c) stand between the head and the
 * rest, in the generator's order of conventions. */
#define GEN_WEIGHTS_HEAD(X) \
	X(max_params, 40, "most parameters in one signature (an sret parameter comes on top)") \
	X(max_param_words, 480, "most 32-bit words of all parameters (bounds the size of llc's MIR and its run time)")
#define GEN_WEIGHTS(X) \
	X(pct_void_return, 30, "percent of void returns") \
	X(pct_big_return, 5, "percent of other returns that are arrays large enough to force sret demotion") \
	X(pct_long_return_vector, 25, "percent of returned vectors longer than 32 elements") \
	X(max_return_vector, 64, "most elements of a returned vector") \
	X(pct_ret_inreg, 5, "percent of non-void returns marked inreg") \
	X(pct_ret_ext, 20, "percent of integer returns of at most 32 bits marked signext or zeroext") \
	X(type_scalar, 50, "relative weight of scalars among value types (top level and nested)") \
	X(type_pointer, 15, "relative weight of pointers (address spaces 0-8, 7 only at the top level)") \
	X(type_vector, 20, "relative weight of vectors (1-32 elements)") \
	X(type_array, 7, "relative weight of arrays") \
	X(type_struct, 8, "relative weight of structs") \
	X(scalar_int, 40, "relative weight of integers among scalars") \
	X(scalar_half, 15, "relative weight of half among scalars") \
	X(scalar_bfloat, 5, "relative weight of bfloat among scalars") \
	X(scalar_float, 25, "relative weight of float among scalars") \
	X(scalar_double, 15, "relative weight of double among scalars") \
	X(int_w1, 8, "relative weight of i1 among integer widths") \
	X(int_w8, 10, "relative weight of i8") \
	X(int_w16, 15, "relative weight of i16") \
	X(int_w32, 30, "relative weight of i32") \
	X(int_w64, 15, "relative weight of i64") \
	X(int_w128, 5, "relative weight of i128 (never a vector element)") \
	X(int_odd, 17, "relative weight of every other width, uniform in 2-127 (2-63 in vectors)") \
	X(pct_vector_pointer_elem, 20, "percent of vector elements that are pointers") \
	X(pct_vector_any_length, 30, "percent of vectors of any length 1-32, the rest 2, 3, 4, 8, 16 or 32") \
	X(pct_packed, 20, "percent of structs that are packed") \
	X(max_depth, 3, "deepest aggregate nesting") \
	X(max_members, 5, "most members in a struct or elements in an array") \
	X(pct_byval, 4, "percent of parameters passed byval (a ptr addrspace(5))") \
	X(pct_byref, 4, "percent of other parameters passed byref (a pointer)") \
	X(pct_inreg, 30, "percent of the remaining parameters marked inreg") \
	X(pct_ext, 15, "percent of integer parameters of at most 32 bits marked signext or zeroext") \
	X(pct_align, 30, "percent of pointer parameters with an align attribute (1-16)") \
	X(pct_sret, 10, "percent of void functions with an sret parameter, first or second") \
	X(pct_unused, 0, "percent of parameters marked unused by the body (\"gcnabi-unused\"; a pixel shader does not allocate them)") \
	X(pct_scratch, 0, "percent of signatures whose body uses scratch (\"gcnabi-scratch\"; shaders get a wave offset SGPR)") \
	X(pct_divergent, 0, "percent of signatures whose callers pass lane-varying values to their inreg parameters (\"gcnabi-divergent\")") \
	X(pct_pressure, 0, "percent of signatures whose callers keep 40 uniform and 40 lane-varying values live across the call (\"gcnabi-pressure\")") \
	X(pct_tail, 0, "percent of signatures whose last call in a caller is a tail call where nothing follows it (\"gcnabi-tail\")") \
	X(pct_frame, 0, "percent of signatures whose body has a dynamic alloca and a 64-byte aligned local, realigns the stack and keeps a frame pointer (\"gcnabi-frame\")") \
	X(pct_forward, 0, "percent of signatures whose parameters are inreg where they can be, passed on to their callees in a call graph (\"gcnabi-forward\")") \
	X(pct_musttail, 0, "percent of call-graph functions that take their caller's signature and are its last call, musttail (\"gcnabi-musttail\")") \
	X(pct_branch, 0, "percent of signatures whose body branches over a block long enough for a long branch (\"gcnabi-branch\")") \
	X(pct_noinput, 25, "percent of signatures with amdgpu-no-* attributes") \
	X(pct_noinput_each, 30, "percent of the amdgpu-no-* attributes such a signature has") \
	X(pct_unseen_noinput, 0, "percent of call graphs whose callees called through a pointer keep their own amdgpu-no-* attributes, which the caller cannot see") \
	X(pct_tailcallopt, 0, "percent of fastcc call graphs compiled with llc -tailcallopt (a `; gcnabi-llc-options:` line): their tail calls must then be made") \
	X(pct_no_flat_for_global, 0, "percent of call graphs compiled with -mattr=-flat-for-global (global memory through buffer instructions where flat is the default)") \
	X(pct_true16_on, 0, "percent of call graphs compiled with -mattr=+real-true16 (16-bit values in VGPR halves on gfx11+)") \
	X(pct_true16_off, 0, "percent of the other call graphs compiled with -mattr=-real-true16") \
	X(pct_triple_mesa, 0, "percent of call graphs compiled for amdgcn-mesa-mesa3d (a `; gcnabi-triple:` line; the default is amdgcn-amd-amdpal)") \
	X(pct_triple_none, 0, "percent of the other call graphs compiled for amdgcn-- (no OS)") \
	X(pct_triple_hsa, 0, "percent of the other call graphs of the default conventions and kernels compiled for amdgcn-amd-amdhsa") \
	X(swarm_batch, 100, "--swarm: consecutive indices that share one feature set") \
	X(pct_swarm_off, 30, "--swarm: percent chance that a feature is switched off for a batch")

typedef struct {
#define X(name, def, doc) unsigned name;
	GEN_WEIGHTS_HEAD(X)
	unsigned cc[CC_COUNT]; /* by CallConv */
	GEN_WEIGHTS(X)
#undef X
} GenWeights;

/* GW_name: the position of a weight, for tables that name weights; the
 * convention weights are GW_CC + their place in conv_in_generator_order. */
enum {
#define X(name, def, doc) GW_##name,
	GEN_WEIGHTS_HEAD(X)
	GW_CC,
	GW_CC_END = GW_CC + CC_COUNT - 1,
	GEN_WEIGHTS(X)
#undef X
	GW_COUNT
};

/* The defaults (the conventions' from their table). */
GenWeights gen_weights_default(void);
const char *gen_weight_name(unsigned k);
const char *gen_weight_doc(unsigned k);
unsigned *gen_weight_slot(GenWeights *w, unsigned k);
unsigned gen_weight(const GenWeights *w, unsigned k);

/* NULL when the weights can generate signatures, else why not (no
 * convention, no type a value can have). */
const char *gen_weights_problem(const GenWeights *w);

typedef struct {
	uint64_t s[4];
} Rng;

/* xoshiro256** seeded by splitmix64 from (seed, index). */
void rng_seed(Rng *r, uint64_t seed, uint64_t index);
uint64_t rng_next(Rng *r);
unsigned rng_below(Rng *r, unsigned n); /* uniform in [0, n) */

/* Signature number index of seed: the same on every host. */
void gen_signature(Sig *out, const GenWeights *w, uint64_t seed, uint64_t index);
/* 32-bit words of a value as passed, counting every element of a vector
 * and every leaf of an aggregate as at least one (a pointer as 5: a buffer
 * fat pointer is 160 bits): no fewer than the parts the model splits it
 * into. */
uint64_t gen_value_words(const Sig *s, TypeId id, unsigned depth);

/* What s's convention requires of every signature (conv.h): a convention
 * with an active-lane mask gets a plain i1 first parameter unless it has
 * one (the last parameter makes room when s is full). No random draws. */
void gen_fit_convention(Sig *s);

/* --- llc options per call graph ------------------------------------- */

/* An llc option a call graph may be compiled with, drawn with its weight
 * (one of the pct_* above) in table order; an option of the same feature
 * as one already drawn is not drawn, nor one for another convention (of
 * the graph's callees: its last node's). */
typedef struct {
	unsigned weight;     /* GW_* */
	const char *option;  /* as llc takes it */
	const char *feature; /* options of one feature exclude each other; NULL: none */
	CallConv only;       /* drawn only for graphs of this convention; CC_COUNT: any */
} GenLlcOption;

extern const GenLlcOption gen_llc_options[];
extern const unsigned gen_llc_option_count;

/* A triple a call graph may be compiled for, drawn with its weight in
 * table order, one at most; amdhsa only for graphs whose functions are of
 * the default conventions or kernels (llc refuses the others there). */
typedef struct {
	unsigned weight; /* GW_* */
	uint8_t os;      /* TargetOs (cc.h) */
	bool compute;    /* only for graphs of the default conventions and kernels */
} GenTriple;

extern const GenTriple gen_triples[];
extern const unsigned gen_triple_count;

/* --- swarm ----------------------------------------------------------- */

/* A feature that swarm mode can switch off: it sets these weights to 0. */
typedef struct {
	const char *name;
	const char *removes;
	uint8_t weights[12]; /* 1 + GW_* of each weight it zeroes; 0 ends the list */
	const char *cc_group; /* and the weights of the conventions of this report group (conv.h) */
} SwarmFeature;

extern const SwarmFeature swarm_features[];
extern const unsigned swarm_feature_count;

/* The features switched off for index's batch (bit k = swarm_features[k]):
 * a pure function of (seed, index / swarm_batch). */
uint32_t gen_swarm_off(const GenWeights *w, uint64_t seed, uint64_t index);
/* w with the weights of the switched-off features set to 0. */
void gen_swarm_apply(GenWeights *w, uint32_t off);

/* --- exhaustive enumeration ------------------------------------------- */

enum { GEN_ENUM_MAX_TYPES = 64, GEN_ENUM_MAX_CCS = 16 };

/* The space: every convention x every return (void, then each distinct
 * parameter type without its attributes) x every list of 0..max_args
 * parameters from the type set. Index 0 is the first convention, void,
 * no parameters; the parameter count grows slowest. */
typedef struct {
	const Sig *types[GEN_ENUM_MAX_TYPES]; /* types[i]->params[0] is type i with its attributes */
	unsigned ntypes;
	uint8_t ccs[GEN_ENUM_MAX_CCS];
	unsigned nccs;
	unsigned max_args;
	/* Filled by gen_space_init: */
	uint8_t returns[GEN_ENUM_MAX_TYPES]; /* type index of each distinct return type */
	unsigned nreturns;                   /* not counting void */
	uint64_t total;                      /* number of signatures, 0 if it overflows */
} GenSpace;

/* Computes returns and total; false when total does not fit in 63 bits. */
bool gen_space_init(GenSpace *sp);
/* Signature number index of the space (index < total), named f<index>;
 * a convention's active-lane mask (conv.h) goes before the parameters. */
bool gen_enumerate(Sig *out, const GenSpace *sp, uint64_t index);

#endif
