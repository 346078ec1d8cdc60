/* The random signature generator. Types are built leaf-first from the
 * weights; names are f<index> so a failing case names its own replay. */
#include "gen.h"

#include <stdio.h>

const GenWeights gen_default_weights = {
#define X(name, def, doc) .name = def,
	GEN_WEIGHTS(X)
#undef X
};

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void rng_seed(Rng *r, uint64_t seed, uint64_t index)
{
	uint64_t x = seed ^ (index * 0xd1342543de82ef95ull);
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t v, int k) { return (v << k) | (v >> (64 - k)); }

uint64_t rng_next(Rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

unsigned rng_below(Rng *r, unsigned n) { return n ? (unsigned)(rng_next(r) % n) : 0; }

static bool chance(Rng *r, unsigned pct) { return rng_below(r, 100) < pct; }

static TypeId scalar(Sig *s, Rng *r, const GenWeights *w)
{
	static const unsigned widths[] = { 1, 8, 16, 32, 32, 32, 64, 64, 24, 48, 96, 128, 7, 17, 33, 65 };
	if (chance(r, w->pct_bfloat))
		return sig_add_type(s, (Type){ .kind = TYPE_BFLOAT });
	switch (rng_below(r, 4)) {
	case 0: return sig_add_type(s, (Type){ .kind = TYPE_HALF });
	case 1: return sig_add_type(s, (Type){ .kind = TYPE_FLOAT });
	case 2: return sig_add_type(s, (Type){ .kind = TYPE_DOUBLE });
	default: return sig_add_type(s, (Type){ .kind = TYPE_INT, .n = widths[rng_below(r, 16)] });
	}
}

/* Buffer fat pointers (addrspace 7) cannot live in memory from LLVM 19 on,
 * so the emitted IR could not store one nested in an aggregate: only
 * top-level values get them. */
static TypeId pointer(Sig *s, Rng *r, bool nested)
{
	unsigned as = rng_below(r, nested ? 8 : 9);
	if (nested && as == 7)
		as = 8;
	return sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = (uint16_t)as, .elem = TYPE_NONE });
}

static TypeId vector(Sig *s, Rng *r, const GenWeights *w)
{
	static const unsigned counts[] = { 2, 2, 3, 4, 4, 8, 16, 32 };
	TypeId e;
	do
		e = rng_below(r, 5) == 0 ? pointer(s, r, true) : scalar(s, r, w);
	while (e != TYPE_NONE && sig_type(s, e)->kind == TYPE_INT && sig_type(s, e)->n > 64);
	return sig_add_type(s, (Type){ .kind = TYPE_VECTOR, .n = counts[rng_below(r, 8)], .elem = e });
}

static TypeId any_type(Sig *s, Rng *r, const GenWeights *w, unsigned depth)
{
	unsigned roll = rng_below(r, 100);
	if (roll < w->pct_scalar)
		return scalar(s, r, w);
	if (roll < w->pct_scalar + w->pct_pointer)
		return pointer(s, r, depth > 0);
	if (roll < w->pct_scalar + w->pct_pointer + w->pct_vector || depth >= w->max_depth)
		return vector(s, r, w);
	unsigned n = 1 + rng_below(r, w->max_members);
	if (rng_below(r, 2))
		return sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = n, .elem = any_type(s, r, w, depth + 1) });
	TypeId members[16];
	for (unsigned i = 0; i < n && i < 16; i++)
		members[i] = any_type(s, r, w, depth + 1);
	return sig_add_struct(s, members, n < 16 ? n : 16, chance(r, w->pct_packed));
}

static bool is_small_int(const Sig *s, TypeId t)
{
	const Type *ty = sig_type(s, t);
	return ty->kind == TYPE_INT && ty->n < 32;
}

void gen_signature(Sig *s, const GenWeights *w, uint64_t seed, uint64_t index)
{
	Rng r;
	rng_seed(&r, seed, index);
	sig_init(s);
	snprintf(s->name, sizeof s->name, "f%llu", (unsigned long long)index);
	s->cc = chance(&r, w->pct_cc_default) ? CC_C : CC_AMDGPU_GFX;
	if (chance(&r, w->pct_void_return))
		s->ret = sig_add_type(s, (Type){ .kind = TYPE_VOID });
	else if (chance(&r, w->pct_big_return))
		s->ret = sig_add_type(s, (Type){ .kind = TYPE_ARRAY, .n = 30 + rng_below(&r, 120),
						 .elem = sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 32 }) });
	else
		s->ret = any_type(s, &r, w, 0);
	if (s->ret == TYPE_NONE)
		s->ret = sig_add_type(s, (Type){ .kind = TYPE_VOID });
	unsigned n = rng_below(&r, w->max_params + 1);
	for (unsigned i = 0; i < n && i < SIG_MAX_PARAMS; i++) {
		Param *p = &s->params[s->nparams];
		*p = (Param){ .type = any_type(s, &r, w, 0), .attr_type = TYPE_NONE };
		if (p->type == TYPE_NONE)
			break;
		if (chance(&r, w->pct_byval)) {
			p->flags |= PARAM_BYVAL;
			p->attr_type = p->type;
			p->type = sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = 5, .elem = TYPE_NONE });
			if (rng_below(&r, 2))
				p->align = 1u << rng_below(&r, 5);
		} else if (chance(&r, w->pct_inreg)) {
			p->flags |= PARAM_INREG;
		}
		if (is_small_int(s, p->type) && chance(&r, w->pct_ext))
			p->flags |= rng_below(&r, 2) ? PARAM_SIGNEXT : PARAM_ZEROEXT;
		s->nparams++;
	}
	if (chance(&r, w->pct_noinput))
		for (int k = 0; k < NOIN_COUNT; k++)
			if (chance(&r, 30))
				s->no_inputs |= 1u << k;
}
