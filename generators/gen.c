/* The signature generators. Random types are built leaf-first from the
 * weights; names are f<index> so a failing case names its own replay.
 * Every construct obeys the IR verifier, so that llc accepts every module:
 * byval only on a ptr addrspace(5), byref on a pointer, inreg on neither,
 * sret on the first or second parameter of a void function, signext and
 * zeroext on integers, align on pointers. */
#include "gen.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

GenWeights gen_weights_default(void)
{
	GenWeights w = {
#define X(name, def, doc) .name = def,
		GEN_WEIGHTS_HEAD(X) GEN_WEIGHTS(X)
#undef X
	};
	for (unsigned cc = 0; cc < CC_COUNT; cc++)
		w.cc[cc] = conventions[cc].weight;
	return w;
}

static const char *const weight_names[GW_COUNT] = {
#define X(name, def, doc) [GW_##name] = #name,
	GEN_WEIGHTS_HEAD(X) GEN_WEIGHTS(X)
#undef X
};

static const char *const weight_docs[GW_COUNT] = {
#define X(name, def, doc) [GW_##name] = doc,
	GEN_WEIGHTS_HEAD(X) GEN_WEIGHTS(X)
#undef X
};

static const size_t weight_offsets[GW_COUNT] = {
#define X(name, def, doc) [GW_##name] = offsetof(GenWeights, name),
	GEN_WEIGHTS_HEAD(X) GEN_WEIGHTS(X)
#undef X
};

static bool is_cc_weight(unsigned k) { return k >= GW_CC && k <= GW_CC_END; }

const char *gen_weight_name(unsigned k)
{
	return is_cc_weight(k) ? conv_info(conv_in_generator_order(k - GW_CC))->weight_name : weight_names[k];
}

const char *gen_weight_doc(unsigned k)
{
	return is_cc_weight(k) ? conv_info(conv_in_generator_order(k - GW_CC))->weight_doc : weight_docs[k];
}

unsigned *gen_weight_slot(GenWeights *w, unsigned k)
{
	if (is_cc_weight(k))
		return &w->cc[conv_in_generator_order(k - GW_CC)];
	return (unsigned *)((char *)w + weight_offsets[k]);
}

unsigned gen_weight(const GenWeights *w, unsigned k) { return *gen_weight_slot((GenWeights *)w, k); }

/* --- random numbers ------------------------------------------------------ */

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

static unsigned sum(const unsigned *weights, unsigned n)
{
	unsigned total = 0;
	for (unsigned i = 0; i < n; i++)
		total += weights[i];
	return total;
}

/* An index chosen in proportion to its weight; -1 when all are 0. */
static int pick(Rng *r, const unsigned *weights, unsigned n)
{
	unsigned roll = rng_below(r, sum(weights, n));
	for (unsigned i = 0; i < n; i++) {
		if (roll < weights[i])
			return (int)i;
		roll -= weights[i];
	}
	return -1;
}

/* --- what the weights allow ----------------------------------------------- */

static const unsigned named_widths[] = { 1, 8, 16, 32, 64, 128 };
enum { NNAMED = sizeof named_widths / sizeof named_widths[0] };

/* Integer widths in the order of the int_* weights; vectors of integers
 * wider than 64 bits are not generated. */
static void int_weights(const GenWeights *w, bool in_vector, unsigned out[NNAMED + 1])
{
	const unsigned all[NNAMED + 1] = { w->int_w1, w->int_w8, w->int_w16, w->int_w32, w->int_w64, w->int_w128, w->int_odd };
	memcpy(out, all, sizeof all);
	if (in_vector)
		out[5] = 0;
}

static const uint8_t scalar_kinds[] = { TYPE_INT, TYPE_HALF, TYPE_BFLOAT, TYPE_FLOAT, TYPE_DOUBLE };
enum { NSCALARS = sizeof scalar_kinds / sizeof scalar_kinds[0] };

static unsigned scalar_weights(const GenWeights *w, bool in_vector, unsigned out[NSCALARS])
{
	unsigned ints[NNAMED + 1];
	int_weights(w, in_vector, ints);
	out[0] = sum(ints, NNAMED + 1) ? w->scalar_int : 0;
	out[1] = w->scalar_half;
	out[2] = w->scalar_bfloat;
	out[3] = w->scalar_float;
	out[4] = w->scalar_double;
	return sum(out, NSCALARS);
}

enum { CLASS_SCALAR, CLASS_POINTER, CLASS_VECTOR, CLASS_ARRAY, CLASS_STRUCT, NCLASSES };

/* The weight of each type class at this depth; a class that cannot be
 * built from what the weights allow weighs 0. */
static unsigned class_weights(const GenWeights *w, unsigned depth, unsigned out[NCLASSES])
{
	unsigned scalars[NSCALARS];
	bool vector_elements = scalar_weights(w, true, scalars) || w->pct_vector_pointer_elem;
	out[CLASS_SCALAR] = scalar_weights(w, false, scalars) ? w->type_scalar : 0;
	out[CLASS_POINTER] = w->type_pointer;
	out[CLASS_VECTOR] = vector_elements ? w->type_vector : 0;
	bool leaves = out[CLASS_SCALAR] || out[CLASS_POINTER] || out[CLASS_VECTOR];
	out[CLASS_ARRAY] = leaves && depth < w->max_depth ? w->type_array : 0;
	out[CLASS_STRUCT] = leaves && depth < w->max_depth ? w->type_struct : 0;
	return sum(out, NCLASSES);
}

/* The convention weights in the generator's order (conv.h): the
 * callable conventions first, so weights of 0 after them leave the
 * default stream unchanged. */
static void cc_weights(const GenWeights *w, unsigned out[CC_COUNT])
{
	for (unsigned i = 0; i < CC_COUNT; i++)
		out[i] = w->cc[conv_in_generator_order(i)];
}

const char *gen_weights_problem(const GenWeights *w)
{
	unsigned ccs[CC_COUNT], classes[NCLASSES];
	cc_weights(w, ccs);
	if (!sum(ccs, CC_COUNT))
		return "every convention weight (cc_*) is 0";
	if (!class_weights(w, 0, classes))
		return "no value type can be generated (type_*, scalar_* and int_* leave nothing)";
	if (w->max_params >= SIG_MAX_PARAMS)
		return "max_params must be below 256";
	if (w->max_return_vector > 1024)
		return "max_return_vector must be at most 1024";
	if (w->swarm_batch == 0)
		return "swarm_batch must be at least 1";
	for (unsigned k = 0; k < GW_COUNT; k++)
		if (gen_weight(w, k) > 100000)
			return "a weight is above 100000";
	return 0;
}

/* --- types ------------------------------------------------------------------ */

static bool is_named_width(unsigned bits)
{
	for (unsigned i = 0; i < NNAMED; i++)
		if (named_widths[i] == bits)
			return true;
	return false;
}

/* One signature being generated: the weights with what they allow worked
 * out once, and a hash of the types already in the Sig so that adding one
 * costs no scan of the pool. */
enum { POOL_SLOTS = 2048 }; /* a power of two, at least 2 x SIG_MAX_TYPES */
_Static_assert(POOL_SLOTS >= 2 * SIG_MAX_TYPES && (POOL_SLOTS & (POOL_SLOTS - 1)) == 0, "pool hash size");

typedef struct {
	Sig *s;
	Rng r;
	const GenWeights *w;
	unsigned ints[2][NNAMED + 1];  /* [in_vector] */
	unsigned scalars[2][NSCALARS]; /* [in_vector] */
	unsigned classes[2][NCLASSES]; /* [depth >= max_depth] */
	uint16_t slot[POOL_SLOTS];     /* 1 + TypeId, 0 when empty */
} Gen;

static void gen_init(Gen *g, Sig *s, const GenWeights *w, uint64_t seed, uint64_t index)
{
	g->s = s;
	g->w = w;
	rng_seed(&g->r, seed, index);
	for (int v = 0; v < 2; v++) {
		int_weights(w, v, g->ints[v]);
		scalar_weights(w, v, g->scalars[v]);
	}
	class_weights(w, 0, g->classes[0]);
	class_weights(w, w->max_depth, g->classes[1]);
	memset(g->slot, 0, sizeof g->slot);
}

static uint32_t type_hash(const Type *t, const TypeId *members)
{
	uint32_t h = t->kind * 0x9e3779b1u ^ t->packed * 0x85ebca6bu ^ t->addrspace * 0xc2b2ae35u;
	h = (h ^ t->n) * 0x27d4eb2fu ^ t->elem * 0x165667b1u;
	for (unsigned i = 0; t->kind == TYPE_STRUCT && i < t->n; i++)
		h = (h ^ members[i]) * 0x27d4eb2fu;
	return h ^ h >> 15;
}

static bool same_type(const Sig *s, const Type *a, const Type *b, const TypeId *members)
{
	if (a->kind != b->kind || a->packed != b->packed || a->addrspace != b->addrspace || a->n != b->n ||
	    a->elem != b->elem)
		return false;
	return a->kind != TYPE_STRUCT || !a->n || memcmp(&s->members[a->first], members, a->n * sizeof *members) == 0;
}

/* The type's id, added when new. t is already in the normalized form that
 * sig_add_type keeps (unused fields 0, elem TYPE_NONE where it has none),
 * so the pool is exactly what sig_add_type would have built. */
static TypeId add_type(Gen *g, Type t, const TypeId *members)
{
	Sig *s = g->s;
	uint32_t i = type_hash(&t, members) & (POOL_SLOTS - 1);
	for (; g->slot[i]; i = (i + 1) & (POOL_SLOTS - 1))
		if (same_type(s, &s->types[g->slot[i] - 1], &t, members))
			return (TypeId)(g->slot[i] - 1);
	if (s->ntypes >= SIG_MAX_TYPES || (t.kind == TYPE_STRUCT && t.n > (unsigned)(SIG_MAX_MEMBERS - s->nmembers)))
		return TYPE_NONE;
	if (t.kind == TYPE_STRUCT) {
		t.first = t.n ? s->nmembers : 0;
		memcpy(&s->members[s->nmembers], members, t.n * sizeof *members);
		s->nmembers += (uint16_t)t.n;
	}
	s->types[s->ntypes] = t;
	g->slot[i] = (uint16_t)(s->ntypes + 1);
	return s->ntypes++;
}

/* Hash the types sig_init put in the pool. */
static void gen_hash_pool(Gen *g)
{
	const Sig *s = g->s;
	for (unsigned k = 0; k < s->ntypes; k++) {
		const Type *t = &s->types[k];
		uint32_t i = type_hash(t, t->kind == TYPE_STRUCT ? &s->members[t->first] : 0) & (POOL_SLOTS - 1);
		while (g->slot[i])
			i = (i + 1) & (POOL_SLOTS - 1);
		g->slot[i] = (uint16_t)(k + 1);
	}
}

static TypeId add_leaf(Gen *g, uint8_t kind, uint32_t n, uint16_t addrspace, TypeId elem)
{
	return add_type(g, (Type){ .kind = kind, .n = n, .addrspace = addrspace, .elem = elem }, 0);
}

static unsigned int_width(Gen *g, bool in_vector)
{
	int k = pick(&g->r, g->ints[in_vector], NNAMED + 1);
	if (k < NNAMED)
		return named_widths[k < 0 ? 3 : k];
	unsigned top = in_vector ? 63 : 127;
	for (;;) {
		unsigned bits = 2 + rng_below(&g->r, top - 1);
		if (!is_named_width(bits))
			return bits;
	}
}

static TypeId scalar(Gen *g, bool in_vector)
{
	int k = pick(&g->r, g->scalars[in_vector], NSCALARS);
	if (k < 0)
		return TYPE_NONE;
	uint8_t kind = scalar_kinds[k];
	return add_leaf(g, kind, kind == TYPE_INT ? int_width(g, in_vector) : 0, 0, TYPE_NONE);
}

/* Buffer fat pointers (addrspace 7) cannot live in memory from LLVM 19 on,
 * so the emitted IR could not store one nested in an aggregate: only
 * top-level values get them. */
static TypeId pointer(Gen *g, bool nested)
{
	unsigned as = rng_below(&g->r, nested ? 8 : 9);
	if (nested && as == 7)
		as = 8;
	return add_leaf(g, TYPE_PTR, 0, (uint16_t)as, TYPE_NONE);
}

static TypeId vector(Gen *g, unsigned max_len)
{
	static const unsigned common_lengths[] = { 2, 3, 4, 8, 16, 32 };
	Rng *r = &g->r;
	bool pointer_elem = !sum(g->scalars[1], NSCALARS) || chance(r, g->w->pct_vector_pointer_elem);
	TypeId e = pointer_elem ? pointer(g, true) : scalar(g, true);
	unsigned n;
	if (max_len > 32)
		n = 33 + rng_below(r, max_len - 32);
	else if (chance(r, g->w->pct_vector_any_length))
		n = 1 + rng_below(r, 32);
	else
		n = common_lengths[rng_below(r, sizeof common_lengths / sizeof common_lengths[0])];
	if (e == TYPE_NONE)
		return e;
	/* <1 x i33> to <1 x i63> get a second element: on the stack, a
	 * SelectionDAG caller stores only their low dword (llc 14 to 22), which
	 * the observer reads as no parts at all, and check cannot tell that
	 * from a divergence. --enumerate --type '<1 x i48>' still makes them. */
	const Type *et = sig_type(g->s, e);
	if (n == 1 && et->kind == TYPE_INT && et->n > 32 && et->n < 64)
		n = 2;
	return add_leaf(g, TYPE_VECTOR, n, 0, e);
}

static TypeId any_type(Gen *g, unsigned depth, bool is_return);

static TypeId aggregate(Gen *g, unsigned depth, bool is_array)
{
	unsigned n = 1 + rng_below(&g->r, g->w->max_members);
	if (is_array) {
		TypeId e = any_type(g, depth + 1, false);
		return e == TYPE_NONE ? TYPE_NONE : add_leaf(g, TYPE_ARRAY, n, 0, e);
	}
	TypeId members[16];
	if (n > 16)
		n = 16;
	for (unsigned i = 0; i < n; i++)
		if ((members[i] = any_type(g, depth + 1, false)) == TYPE_NONE)
			return TYPE_NONE;
	bool packed = chance(&g->r, g->w->pct_packed);
	return add_type(g, (Type){ .kind = TYPE_STRUCT, .packed = packed, .n = n, .elem = TYPE_NONE }, members);
}

/* A returned vector may be longer than 32 elements. */
static TypeId any_type(Gen *g, unsigned depth, bool is_return)
{
	switch (pick(&g->r, g->classes[depth >= g->w->max_depth], NCLASSES)) {
	case CLASS_SCALAR: return scalar(g, false);
	case CLASS_POINTER: return pointer(g, depth > 0);
	case CLASS_VECTOR:
		return vector(g, is_return && chance(&g->r, g->w->pct_long_return_vector) ? g->w->max_return_vector : 32);
	case CLASS_ARRAY: return aggregate(g, depth, true);
	case CLASS_STRUCT: return aggregate(g, depth, false);
	default: return TYPE_NONE;
	}
}

/* --- signatures ------------------------------------------------------------ */

static bool is_ext_int(const Sig *s, TypeId t)
{
	const Type *ty = sig_type(s, t);
	return ty->kind == TYPE_INT && ty->n <= 32;
}

static uint16_t ext_flag(Rng *r) { return rng_below(r, 2) ? PARAM_SIGNEXT : PARAM_ZEROEXT; }

static uint32_t align_value(Rng *r) { return 1u << rng_below(r, 5); }

static TypeId private_pointer(Gen *g) { return add_leaf(g, TYPE_PTR, 0, 5, TYPE_NONE); }

/* Large returns are arrays of more than 32 parts, which the default
 * convention always demotes to a hidden sret pointer (amdgpu_gfx beyond
 * its VGPR budget or 136 parts). */
static void gen_return(Gen *g)
{
	Sig *s = g->s;
	Rng *r = &g->r;
	const GenWeights *w = g->w;
	if (chance(r, w->pct_void_return))
		return;
	TypeId t;
	if (chance(r, w->pct_big_return) && sum(g->scalars[0], NSCALARS)) {
		TypeId e = scalar(g, false);
		t = e == TYPE_NONE ? e : add_leaf(g, TYPE_ARRAY, 33 + rng_below(r, 120), 0, e);
	} else {
		t = any_type(g, 0, true);
	}
	if (t == TYPE_NONE)
		return;
	s->ret = t;
	if (chance(r, w->pct_ret_inreg))
		s->ret_flags |= PARAM_INREG;
	if (is_ext_int(s, t) && chance(r, w->pct_ret_ext))
		s->ret_flags |= ext_flag(r);
}

/* 32-bit words of a value as passed, counting every element of a vector
 * and every leaf of an aggregate as at least one: no fewer than the parts
 * the model splits it into. */
uint64_t gen_value_words(const Sig *s, TypeId id, unsigned depth)
{
	const Type *t = sig_type(s, id);
	if (depth > 64)
		return 0;
	switch (t->kind) {
	case TYPE_INT: return (t->n + 31) / 32;
	case TYPE_DOUBLE: return 2;
	case TYPE_PTR: return 5; /* a buffer fat pointer is 160 bits */
	case TYPE_VECTOR: case TYPE_ARRAY: return t->n * gen_value_words(s, t->elem, depth + 1);
	case TYPE_STRUCT: {
		uint64_t n = 0;
		for (unsigned i = 0; i < t->n; i++)
			n += gen_value_words(s, s->members[t->first + i], depth + 1);
		return n;
	}
	default: return t->kind != TYPE_VOID;
	}
}

/* The value type first, then how it is passed. */
static bool gen_param(Gen *g, Param *p)
{
	Rng *r = &g->r;
	const GenWeights *w = g->w;
	TypeId value = any_type(g, 0, false);
	*p = (Param){ .type = value, .attr_type = TYPE_NONE };
	if (value == TYPE_NONE)
		return false;
	if (chance(r, w->pct_byval)) {
		p->flags = PARAM_BYVAL;
		p->attr_type = value;
		p->type = private_pointer(g);
	} else if (chance(r, w->pct_byref)) {
		p->flags = PARAM_BYREF;
		p->attr_type = value;
		p->type = pointer(g, true);
	} else if (chance(r, w->pct_inreg)) {
		p->flags = PARAM_INREG;
	}
	if (p->type == TYPE_NONE)
		return false;
	if (is_ext_int(g->s, p->type) && chance(r, w->pct_ext))
		p->flags |= ext_flag(r);
	const Type *pt = sig_type(g->s, p->type);
	if (pt->kind == TYPE_PTR && pt->addrspace != 7 && chance(r, w->pct_align))
		p->align = align_value(r);
	return true;
}

static void add_sret(Gen *g)
{
	Sig *s = g->s;
	unsigned at = s->nparams ? rng_below(&g->r, 2) : 0;
	TypeId t = any_type(g, 0, false), ptr = private_pointer(g);
	if (t == TYPE_NONE || ptr == TYPE_NONE || s->nparams >= SIG_MAX_PARAMS)
		return;
	memmove(&s->params[at + 1], &s->params[at], (s->nparams - at) * sizeof s->params[0]);
	s->params[at] = (Param){ .type = ptr, .flags = PARAM_SRET, .attr_type = t };
	if (chance(&g->r, g->w->pct_align))
		s->params[at].align = align_value(&g->r);
	s->nparams++;
}

/* A plain i1 in front of s's parameters (the last makes room when s is full). */
static void insert_mask(Sig *s)
{
	TypeId i1 = sig_add_type(s, (Type){ .kind = TYPE_INT, .n = 1, .elem = TYPE_NONE });
	if (i1 == TYPE_NONE)
		return;
	if (s->nparams == SIG_MAX_PARAMS)
		s->nparams--;
	memmove(&s->params[1], &s->params[0], s->nparams * sizeof s->params[0]);
	s->params[0] = (Param){ .type = i1, .attr_type = TYPE_NONE };
	s->nparams++;
	/* sret stays on the first or second parameter (the IR verifier). */
	if (s->nparams > 2 && (s->params[2].flags & PARAM_SRET)) {
		Param p = s->params[1];
		s->params[1] = s->params[2];
		s->params[2] = p;
	}
}

void gen_fit_convention(Sig *s)
{
	const Param *first = s->nparams ? &s->params[0] : 0;
	const Type *t = first ? sig_type(s, first->type) : 0;
	if (conv_info((CallConv)s->cc)->active_mask_param &&
	    !(t && t->kind == TYPE_INT && t->n == 1 && !(first->flags & (PARAM_INREG | PARAM_BYVAL | PARAM_BYREF | PARAM_SRET))))
		insert_mask(s);
}

/* The weight of each body feature (pct_<name>), by BodyFeature. */
static const unsigned body_weights[BODY_COUNT] = {
#define X(id, name, doc) [BODY_##id] = GW_pct_##name,
	BODY_FEATURES(X)
#undef X
};

/* "gcnabi-forward": every parameter that can be is inreg (not byval,
 * byref or sret, which stay in memory), unless inreg is switched off. */
static void forward_inreg(Sig *s, const GenWeights *w)
{
	for (unsigned k = 0; w->pct_inreg && k < s->nparams; k++)
		if (!(s->params[k].flags & (PARAM_BYVAL | PARAM_BYREF | PARAM_SRET)))
			s->params[k].flags |= PARAM_INREG;
}

void gen_signature(Sig *s, const GenWeights *w, uint64_t seed, uint64_t index)
{
	Gen g;
	unsigned ccs[CC_COUNT];
	sig_init(s);
	gen_init(&g, s, w, seed, index);
	gen_hash_pool(&g);
	snprintf(s->name, sizeof s->name, "f%llu", (unsigned long long)index);
	cc_weights(w, ccs);
	int cc = pick(&g.r, ccs, CC_COUNT);
	s->cc = cc < 0 ? CC_C : conv_in_generator_order((unsigned)cc);
	gen_return(&g);
	unsigned n = rng_below(&g.r, w->max_params + 1);
	uint64_t used = 0;
	for (unsigned i = 0; i < n && s->nparams < SIG_MAX_PARAMS - 1; i++) {
		Param *p = &s->params[s->nparams];
		if (!gen_param(&g, p))
			break;
		used += gen_value_words(s, p->type, 0);
		if (used > w->max_param_words)
			break;
		s->nparams++;
	}
	if (sig_type(s, s->ret)->kind == TYPE_VOID && chance(&g.r, w->pct_sret))
		add_sret(&g);
	for (unsigned i = 0; w->pct_unused && i < s->nparams; i++) /* no draws at 0: default streams stay */
		if (chance(&g.r, w->pct_unused))
			s->params[i].flags |= PARAM_UNUSED;
	if (w->pct_scratch && chance(&g.r, w->pct_scratch)) /* likewise */
		s->uses_scratch = true;
	/* Body features, each by its weight (body_weights); likewise no draw
	 * at 0. */
	for (unsigned k = 0; k < BODY_COUNT; k++) {
		unsigned pct = gen_weight(w, body_weights[k]);
		if (pct && chance(&g.r, pct))
			s->body |= UINT32_C(1) << k;
	}
	if (has_body(s, BODY_FORWARD))
		forward_inreg(s, w);
	if (chance(&g.r, w->pct_noinput))
		for (int k = 0; k < NOIN_COUNT; k++)
			if (chance(&g.r, w->pct_noinput_each))
				s->no_inputs |= 1u << k;
	gen_fit_convention(s);
}

/* --- swarm ----------------------------------------------------------------- */

#define W(name) (1 + GW_##name)
const SwarmFeature swarm_features[] = {
	{ "aggregates", "arrays, structs and big array returns", { W(type_array), W(type_struct), W(pct_big_return) }, 0 },
	{ "vectors", "vectors", { W(type_vector) }, 0 },
	{ "pointers", "pointer values and vector elements (byval, byref and sret keep their pointer)",
	  { W(type_pointer), W(pct_vector_pointer_elem) }, 0 },
	{ "integers", "integers", { W(scalar_int) }, 0 },
	{ "floats", "half, bfloat, float and double", { W(scalar_half), W(scalar_bfloat), W(scalar_float), W(scalar_double) }, 0 },
	{ "bfloat", "bfloat", { W(scalar_bfloat) }, 0 },
	{ "odd-widths", "integers other than i1, i8, i16, i32, i64 and i128", { W(int_odd) }, 0 },
	{ "non-16-bit", "every scalar and pointer value not 16 bits wide: i16, half and bfloat remain",
	  { W(int_w1), W(int_w8), W(int_w32), W(int_w64), W(int_w128), W(int_odd), W(scalar_float), W(scalar_double),
	    W(type_pointer), W(pct_vector_pointer_elem) }, 0 },
	{ "inreg", "inreg parameters and returns", { W(pct_inreg), W(pct_ret_inreg) }, 0 },
	{ "ext", "signext and zeroext", { W(pct_ext), W(pct_ret_ext) }, 0 },
	{ "byval", "byval parameters", { W(pct_byval) }, 0 },
	{ "byref", "byref parameters", { W(pct_byref) }, 0 },
	{ "sret", "sret parameters", { W(pct_sret) }, 0 },
	{ "align", "align attributes", { W(pct_align) }, 0 },
	{ "packed", "packed structs", { W(pct_packed) }, 0 },
	{ "void-returns", "void returns (and with them sret parameters)", { W(pct_void_return) }, 0 },
	{ "long-returns", "big array returns and returned vectors longer than 32 elements",
	  { W(pct_big_return), W(pct_long_return_vector) }, 0 },
	{ "no-inputs", "amdgpu-no-* attributes", { W(pct_noinput) }, 0 },
	{ "default-cc", "ccc, fastcc and coldcc", { 0 }, "default" },
	{ "amdgpu_gfx", "amdgpu_gfx", { 0 }, "amdgpu_gfx" },
	/* last: a feature added later leaves the earlier draws as they were;
	 * the body features, in their order */
#define X(id, name, doc) { #name, doc, { W(pct_##name) }, 0 },
	BODY_FEATURES(X)
#undef X
};
#undef W
const unsigned swarm_feature_count = sizeof swarm_features / sizeof swarm_features[0];
_Static_assert(sizeof swarm_features / sizeof swarm_features[0] <= 32, "swarm features must fit a uint32_t");

void gen_swarm_apply(GenWeights *w, uint32_t off)
{
	for (unsigned k = 0; k < swarm_feature_count; k++) {
		const SwarmFeature *f = &swarm_features[k];
		for (unsigned i = 0; (off >> k & 1) && i < sizeof f->weights && f->weights[i]; i++)
			*gen_weight_slot(w, f->weights[i] - 1u) = 0;
		for (unsigned cc = 0; (off >> k & 1) && f->cc_group && cc < CC_COUNT; cc++)
			if (strcmp(conventions[cc].group, f->cc_group) == 0)
				w->cc[cc] = 0;
	}
}

/* A draw that leaves no convention or no value type is drawn again. */
uint32_t gen_swarm_off(const GenWeights *w, uint64_t seed, uint64_t index)
{
	Rng r;
	rng_seed(&r, seed ^ 0x5357524d00000000ull, index / (w->swarm_batch ? w->swarm_batch : 1));
	for (unsigned attempt = 0; attempt < 64; attempt++) {
		uint32_t off = 0;
		for (unsigned k = 0; k < swarm_feature_count; k++)
			if (chance(&r, w->pct_swarm_off))
				off |= 1u << k;
		GenWeights x = *w;
		gen_swarm_apply(&x, off);
		if (!gen_weights_problem(&x))
			return off;
	}
	return 0;
}

/* --- exhaustive enumeration ------------------------------------------------ */

enum { MAX_IMPORT_DEPTH = 64 };

/* Type id of src as a type of dst. */
static TypeId import_type(Sig *dst, const Sig *src, TypeId id, unsigned depth)
{
	if (id == TYPE_NONE || id >= src->ntypes || depth > MAX_IMPORT_DEPTH)
		return TYPE_NONE;
	Type t = *sig_type(src, id);
	if (t.kind == TYPE_STRUCT) {
		TypeId members[SIG_MAX_MEMBERS];
		for (unsigned i = 0; i < t.n; i++)
			if ((members[i] = import_type(dst, src, src->members[t.first + i], depth + 1)) == TYPE_NONE)
				return TYPE_NONE;
		return sig_add_struct(dst, members, t.n, t.packed);
	}
	if (t.elem != TYPE_NONE && (t.elem = import_type(dst, src, t.elem, depth + 1)) == TYPE_NONE)
		return TYPE_NONE;
	return sig_add_type(dst, t);
}

static uint64_t mul_or_zero(uint64_t a, uint64_t b)
{
	const uint64_t limit = UINT64_MAX >> 1;
	return a && b > limit / a ? 0 : a * b;
}

bool gen_space_init(GenSpace *sp)
{
	char a[2048], b[2048];
	sp->nreturns = 0;
	for (unsigned i = 0; i < sp->ntypes; i++) {
		const Sig *t = sp->types[i];
		type_print(t, t->params[0].type, false, a, sizeof a);
		bool seen = false;
		for (unsigned k = 0; k < sp->nreturns && !seen; k++) {
			const Sig *u = sp->types[sp->returns[k]];
			type_print(u, u->params[0].type, false, b, sizeof b);
			seen = strcmp(a, b) == 0;
		}
		if (!seen)
			sp->returns[sp->nreturns++] = (uint8_t)i;
	}
	/* nccs x (nreturns + 1) x (1 + t + t^2 + ... + t^max_args) */
	uint64_t lists = 0, power = 1;
	for (unsigned k = 0; k <= sp->max_args && power; k++) {
		lists += power;
		if (lists > UINT64_MAX >> 1)
			power = 0;
		else if (k < sp->max_args)
			power = mul_or_zero(power, sp->ntypes);
	}
	sp->total = power ? mul_or_zero(mul_or_zero(lists, sp->nreturns + 1), sp->nccs) : 0;
	return sp->total != 0;
}

static bool import_param(Sig *s, const Sig *from, Param *out)
{
	const Param *p = &from->params[0];
	*out = *p;
	out->type = import_type(s, from, p->type, 0);
	out->attr_type = p->attr_type == TYPE_NONE ? TYPE_NONE : import_type(s, from, p->attr_type, 0);
	return out->type != TYPE_NONE && (p->attr_type == TYPE_NONE || out->attr_type != TYPE_NONE);
}

/* Mixed radix: the parameter count grows slowest; within one count the
 * convention is the most significant digit, then the return, then the
 * parameters from first to last. */
bool gen_enumerate(Sig *s, const GenSpace *sp, uint64_t index)
{
	if (index >= sp->total || !sp->ntypes || !sp->nccs)
		return false;
	sig_init(s);
	snprintf(s->name, sizeof s->name, "f%llu", (unsigned long long)index);
	uint64_t rest = index, lists = 1, rets = sp->nreturns + 1;
	unsigned nargs = 0;
	while (rest >= lists * rets * sp->nccs) {
		rest -= lists * rets * sp->nccs;
		lists *= sp->ntypes;
		nargs++;
	}
	s->cc = sp->ccs[rest / (lists * rets)];
	rest %= lists * rets;
	unsigned ret = (unsigned)(rest / lists);
	rest %= lists;
	if (ret) {
		const Sig *from = sp->types[sp->returns[ret - 1]];
		if ((s->ret = import_type(s, from, from->params[0].type, 0)) == TYPE_NONE)
			return false;
	}
	s->nparams = (uint16_t)nargs;
	for (unsigned k = nargs; k-- > 0; rest /= sp->ntypes)
		if (!import_param(s, sp->types[rest % sp->ntypes], &s->params[k]))
			return false;
	/* Always, so that distinct indices stay distinct signatures. */
	if (conv_info((CallConv)s->cc)->active_mask_param)
		insert_mask(s);
	return true;
}
