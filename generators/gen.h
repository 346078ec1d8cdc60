/* Random signatures: seeded, reproducible on any host (own PRNG), and
 * addressable by index so that case N of a seed can be replayed alone.
 * Every probability and limit is a named weight with a default. */
#ifndef GCNABI_GEN_H
#define GCNABI_GEN_H

#include <stdint.h>

#include "sig.h"

/* X(name, default, meaning) */
#define GEN_WEIGHTS(X) \
	X(max_params, 40, "most parameters in one signature") \
	X(pct_cc_default, 50, "percent of signatures in the default convention (the rest amdgpu_gfx)") \
	X(pct_inreg, 30, "percent of parameters marked inreg") \
	X(pct_void_return, 30, "percent of void returns") \
	X(pct_big_return, 5, "percent of returns large enough to force sret demotion") \
	X(pct_scalar, 55, "percent of leaf types that are scalars") \
	X(pct_pointer, 15, "percent of leaf types that are pointers (address spaces 0-8)") \
	X(pct_vector, 20, "percent of leaf types that are vectors (the rest aggregates)") \
	X(pct_packed, 20, "percent of structs that are packed") \
	X(max_depth, 3, "deepest aggregate nesting") \
	X(max_members, 5, "most members in a struct or elements in an array") \
	X(pct_ext, 15, "percent of small integer parameters with signext/zeroext") \
	X(pct_byval, 4, "percent of parameters passed byval") \
	X(pct_bfloat, 5, "percent of scalars that are bfloat") \
	X(pct_noinput, 25, "percent of signatures with amdgpu-no-* attributes")

typedef struct {
#define X(name, def, doc) unsigned name;
	GEN_WEIGHTS(X)
#undef X
} GenWeights;

extern const GenWeights gen_default_weights;

typedef struct {
	uint64_t s[4];
} Rng;

/* xoshiro256** seeded by splitmix64 from (seed, index). */
void rng_seed(Rng *r, uint64_t seed, uint64_t index);
uint64_t rng_next(Rng *r);
unsigned rng_below(Rng *r, unsigned n); /* uniform in [0, n) */

/* Signature number index of seed: the same on every host. */
void gen_signature(Sig *out, const GenWeights *w, uint64_t seed, uint64_t index);

#endif
