/* The generators: random signatures replay by (seed, index), follow their
 * weights (rates within 5 sigma of what the weights imply, none at all for
 * a weight of 0), swarm batches never contain a switched-off feature, and
 * the enumeration is a bijection between indices and signatures. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"
#include "gen.h"

enum { SAMPLE = 10000 };

static Sig *new_sig(void)
{
	Sig *s = malloc(sizeof *s);
	assert_non_null(s);
	memset(s, 0xa5, sizeof *s); /* garbage: the generator must not depend on it */
	return s;
}

static char *print(const Sig *s)
{
	static char line[1 << 16];
	assert_true(sig_print(s, false, line, sizeof line) < sizeof line);
	return line;
}

/* --- determinism ------------------------------------------------------------ */

static void test_same_seed_and_index_same_signature(void **state)
{
	const GenWeights defaults = gen_weights_default();
	(void)state;
	Sig *run = new_sig(), *alone = new_sig(), *parsed = new_sig();
	SigError err;
	unsigned differ_by_seed = 0;
	for (uint64_t i = 0; i < 300; i++) {
		gen_signature(run, &defaults, 42, i); /* reused, as in a run */
		memset(alone, (int)i, sizeof *alone);
		gen_signature(alone, &defaults, 42, i);
		assert_true(sig_equal(run, alone));
		/* What is printed replays: it parses back to the same signature. */
		const char *text = print(run);
		if (!sig_parse_header(text, strlen(text), parsed, &err))
			fail_msg("f%u does not parse back: %s\n%s", (unsigned)i, err.msg, text);
		assert_true(sig_equal(run, parsed));
		/* The pool is interned exactly as sig_add_type would intern it. */
		for (unsigned k = 0; k < run->ntypes; k++) {
			Type t = run->types[k];
			TypeId again = t.kind == TYPE_STRUCT ? sig_add_struct(run, &run->members[t.first], t.n, t.packed)
							     : sig_add_type(run, t);
			assert_int_equal(again, k);
		}
		gen_signature(alone, &defaults, 43, i);
		differ_by_seed += !sig_equal(run, alone);
	}
	assert_true(differ_by_seed > 250);
	free(run);
	free(alone);
	free(parsed);
}

/* --- validity ------------------------------------------------------------------ */

static bool nests_fat_pointer(const Sig *s, TypeId id, bool nested)
{
	const Type *t = sig_type(s, id);
	switch (t->kind) {
	case TYPE_PTR: return nested && t->addrspace == 7;
	case TYPE_VECTOR: case TYPE_ARRAY: return nests_fat_pointer(s, t->elem, true);
	case TYPE_STRUCT:
		for (unsigned i = 0; i < t->n; i++)
			if (nests_fat_pointer(s, s->members[t->first + i], true))
				return true;
		return false;
	default: return false;
	}
}

/* The IR verifier's rules (llc refuses a module that breaks one) and the
 * limits the emitted IR and the observer need. */
static void check_ir_rules(const Sig *s)
{
	const char *text = print(s);
	unsigned srets = 0;
	const Type *ret = sig_type(s, s->ret);
	if ((s->ret_flags & (PARAM_SIGNEXT | PARAM_ZEROEXT)) && ret->kind != TYPE_INT)
		fail_msg("signext/zeroext on a non-integer return: %s", text);
	if (nests_fat_pointer(s, s->ret, false))
		fail_msg("ptr addrspace(7) nested in the return: %s", text);
	for (unsigned i = 0; i < s->nparams; i++) {
		const Param *p = &s->params[i];
		const Type *t = sig_type(s, p->type);
		bool carrier = p->flags & (PARAM_BYVAL | PARAM_BYREF | PARAM_SRET);
		if (carrier && (t->kind != TYPE_PTR || p->attr_type == TYPE_NONE))
			fail_msg("byval/byref/sret without a pointer and a type, parameter %u: %s", i, text);
		if ((p->flags & (PARAM_BYVAL | PARAM_SRET)) && t->addrspace != 5)
			fail_msg("byval/sret outside addrspace(5), parameter %u: %s", i, text);
		if ((p->flags & PARAM_INREG) && (p->flags & (PARAM_BYVAL | PARAM_BYREF)))
			fail_msg("inreg with byval or byref, parameter %u: %s", i, text);
		if ((p->flags & PARAM_SRET) && (++srets > 1 || i > 1 || ret->kind != TYPE_VOID))
			fail_msg("sret not on the first or second parameter of a void function: %s", text);
		if ((p->flags & (PARAM_SIGNEXT | PARAM_ZEROEXT)) && t->kind != TYPE_INT)
			fail_msg("signext/zeroext on a non-integer, parameter %u: %s", i, text);
		if (p->align && (t->kind != TYPE_PTR || t->addrspace == 7))
			fail_msg("align on something other than a pointer of addrspace 0-6 or 8, parameter %u: %s", i, text);
		if (nests_fat_pointer(s, p->type, false) || (p->attr_type != TYPE_NONE && nests_fat_pointer(s, p->attr_type, false)))
			fail_msg("ptr addrspace(7) nested in parameter %u: %s", i, text);
		if (t->kind == TYPE_VECTOR && t->n > 32)
			fail_msg("a parameter vector longer than 32, parameter %u: %s", i, text);
	}
}

/* The other conventions are off by default and drawn only when their
 * weights say so; pct_unused marks unused arguments. */
static void test_other_conventions_on_request(void **state)
{
	(void)state;
	static Sig sig;
	GenWeights w = gen_weights_default();
	for (uint64_t i = 0; i < 500; i++) {
		gen_signature(&sig, &w, 7, i);
		assert_true(sig.cc <= CC_AMDGPU_GFX);
		for (unsigned k = 0; k < sig.nparams; k++)
			assert_int_equal(sig.params[k].flags & PARAM_UNUSED, 0);
	}
	w.cc[CC_C] = w.cc[CC_FAST] = w.cc[CC_COLD] = w.cc[CC_AMDGPU_GFX] = 0;
	w.cc[CC_AMDGPU_PS] = 1;
	w.cc[CC_AMDGPU_CS_CHAIN] = 1;
	w.pct_unused = 50;
	unsigned ps = 0, chain = 0, unused = 0;
	for (uint64_t i = 0; i < 500; i++) {
		gen_signature(&sig, &w, 7, i);
		assert_true(sig.cc == CC_AMDGPU_PS || sig.cc == CC_AMDGPU_CS_CHAIN);
		ps += sig.cc == CC_AMDGPU_PS;
		chain += sig.cc == CC_AMDGPU_CS_CHAIN;
		for (unsigned k = 0; k < sig.nparams; k++)
			unused += (sig.params[k].flags & PARAM_UNUSED) != 0;
	}
	assert_true(ps > 200 && chain > 200 && unused > 1000);
}

/* Body features ("gcnabi-divergent", "gcnabi-frame", ...): none at the
 * default weights (0), and each at its weight pct_<name> = 25 on 10,000
 * signatures within 3 points of it (a binomial's standard deviation there
 * is 0.43 point), whatever the others do; they survive printing and
 * parsing. */
static void test_body_features_follow_their_weights(void **state)
{
	(void)state;
	static Sig sig, back;
	GenWeights w = gen_weights_default();
	for (uint64_t i = 0; i < 2000; i++) {
		gen_signature(&sig, &w, 3, i);
		assert_int_equal(sig.body, 0);
	}
	for (unsigned f = 0; f < BODY_COUNT; f++) {
		char name[40];
		snprintf(name, sizeof name, "pct_%s", body_features[f].name);
		unsigned k = 0;
		while (k < GW_COUNT && strcmp(gen_weight_name(k), name) != 0)
			k++;
		assert_true(k < GW_COUNT); /* every feature has its weight */
		*gen_weight_slot(&w, k) = 25;
	}
	unsigned n[BODY_COUNT] = { 0 };
	for (uint64_t i = 0; i < 10000; i++) {
		gen_signature(&sig, &w, 3, i);
		for (unsigned f = 0; f < BODY_COUNT; f++)
			n[f] += (sig.body >> f & 1) != 0;
		if (i < 200) {
			char text[65536];
			size_t len = sig_print(&sig, false, text, sizeof text);
			assert_true(len < sizeof text);
			assert_true(sig_parse_header(text, len, &back, NULL));
			assert_true(sig_equal(&sig, &back));
		}
	}
	for (unsigned f = 0; f < BODY_COUNT; f++)
		assert_in_range(n[f], 2200, 2800);
}

/* amdgpu_gfx_whole_wave: every signature leads with an i1 (the active-lane
 * mask; the verifier wants no inreg on it), sret stays first or second,
 * and the model for llc 22 finds nothing its verifier refuses. */
static void test_whole_wave_mask_first(void **state)
{
	(void)state;
	static Sig sig;
	static Placement p;
	static Layout l;
	char text[8192], why[128];
	FILE *f = fopen("layouts/old.layout", "rb");
	size_t n = f ? fread(text, 1, sizeof text, f) : 0;
	if (f)
		fclose(f);
	LayoutError e;
	assert_true(layout_parse(text, n, &l, &e));
	ModelConfig m;
	assert_true(model_config_init(&m, profile_find("llvm22"), &l, "gfx1100", 0, SEL_DAG, why, sizeof why));
	GenWeights w = gen_weights_default();
	memset(w.cc, 0, sizeof w.cc);
	w.cc[CC_AMDGPU_GFX_WHOLE_WAVE] = 1;
	unsigned placed = 0;
	for (uint64_t i = 0; i < 500; i++) {
		gen_signature(&sig, &w, 5, i);
		assert_int_equal(sig.cc, CC_AMDGPU_GFX_WHOLE_WAVE);
		assert_true(sig.nparams >= 1);
		const Type *t = sig_type(&sig, sig.params[0].type);
		assert_true(t->kind == TYPE_INT && t->n == 1);
		assert_int_equal(sig.params[0].flags & (PARAM_INREG | PARAM_BYVAL | PARAM_BYREF | PARAM_SRET), 0);
		check_ir_rules(&sig);
		placed += cc_place(&sig, &m, VIEW_CALLEE, &p);
		if (!p.ok && (strstr(p.error, "first argument") || strstr(p.error, "Calling convention")))
			fail_msg("f%u: %s", (unsigned)i, p.error);
	}
	assert_true(placed > 450);
}

static void test_ir_rules_hold(void **state)
{
	const GenWeights defaults = gen_weights_default();
	(void)state;
	Sig *s = new_sig();
	for (uint64_t i = 0; i < 3000; i++) {
		gen_signature(s, &defaults, 99, i);
		assert_true(s->cc == CC_C || s->cc == CC_FAST || s->cc == CC_COLD || s->cc == CC_AMDGPU_GFX);
		check_ir_rules(s);
	}
	free(s);
}

/* --- distribution ------------------------------------------------------------ */

typedef struct {
	const char *what;
	double trials, hits, p;
} Rate;

/* hits in trials within 5 sigma (plus 2 for small counts) of trials * p,
 * and none at all when p is 0. */
static void check_rate(const Rate *r)
{
	double expect = r->trials * r->p, sigma = sqrt(r->trials * r->p * (1 - r->p));
	if (r->p == 0 ? r->hits != 0 : fabs(r->hits - expect) > 5 * sigma + 2)
		fail_msg("%s: %.0f of %.0f, expected %.1f (p %.4f, sigma %.1f)", r->what, r->hits, r->trials, expect, r->p,
			 sigma);
}

static double share(unsigned part, const unsigned *all, unsigned n)
{
	unsigned total = 0;
	for (unsigned i = 0; i < n; i++)
		total += all[i];
	return total ? (double)part / total : 0;
}

static TypeId value_type(const Param *p) { return p->flags & (PARAM_BYVAL | PARAM_BYREF) ? p->attr_type : p->type; }

enum { CLS_SCALAR, CLS_POINTER, CLS_VECTOR, CLS_ARRAY, CLS_STRUCT, NCLS };

static int class_of(const Type *t)
{
	switch (t->kind) {
	case TYPE_PTR: return CLS_POINTER;
	case TYPE_VECTOR: return CLS_VECTOR;
	case TYPE_ARRAY: return CLS_ARRAY;
	case TYPE_STRUCT: return CLS_STRUCT;
	default: return CLS_SCALAR;
	}
}

typedef struct {
	double sigs, cc[4], void_ret, nonvoid, ret_inreg, ret_vectors, long_ret_vectors, sret;
	double noinput;
	double params, cls[NCLS], scalars, scalar[5], ints, width[7];
	double byval, not_byval, byref, plain, inreg, ext_eligible, ext, align_eligible, align;
	double long_param_vectors;
} Counts;

static const uint8_t cc_order[4] = { CC_C, CC_FAST, CC_COLD, CC_AMDGPU_GFX };
static const uint8_t scalar_order[5] = { TYPE_INT, TYPE_HALF, TYPE_BFLOAT, TYPE_FLOAT, TYPE_DOUBLE };
static const unsigned width_order[6] = { 1, 8, 16, 32, 64, 128 };

static void count_param(Counts *c, const Sig *s, const Param *p)
{
	if (p->flags & PARAM_SRET)
		return;
	const Type *v = sig_type(s, value_type(p)), *pt = sig_type(s, p->type);
	c->params++;
	c->cls[class_of(v)]++;
	if (v->kind == TYPE_VECTOR && v->n > 32)
		c->long_param_vectors++;
	for (int k = 0; k < 5; k++)
		if (class_of(v) == CLS_SCALAR && v->kind == scalar_order[k]) {
			c->scalars++;
			c->scalar[k]++;
		}
	if (v->kind == TYPE_INT) {
		int k = 0;
		while (k < 6 && width_order[k] != v->n)
			k++;
		c->ints++;
		c->width[k]++;
	}
	c->byval += (p->flags & PARAM_BYVAL) != 0;
	if (!(p->flags & PARAM_BYVAL)) {
		c->not_byval++;
		c->byref += (p->flags & PARAM_BYREF) != 0;
		if (!(p->flags & PARAM_BYREF)) {
			c->plain++;
			c->inreg += (p->flags & PARAM_INREG) != 0;
		}
	}
	if (pt->kind == TYPE_INT && pt->n <= 32) {
		c->ext_eligible++;
		c->ext += (p->flags & (PARAM_SIGNEXT | PARAM_ZEROEXT)) != 0;
	}
	if (pt->kind == TYPE_PTR && pt->addrspace != 7) {
		c->align_eligible++;
		c->align += p->align != 0;
	}
}

static void count_signature(Counts *c, const Sig *s)
{
	c->sigs++;
	for (int k = 0; k < 4; k++)
		c->cc[k] += s->cc == cc_order[k];
	const Type *ret = sig_type(s, s->ret);
	if (ret->kind == TYPE_VOID) {
		c->void_ret++;
		for (unsigned i = 0; i < s->nparams; i++)
			c->sret += (s->params[i].flags & PARAM_SRET) != 0;
	} else {
		c->nonvoid++;
		c->ret_inreg += (s->ret_flags & PARAM_INREG) != 0;
	}
	if (ret->kind == TYPE_VECTOR) {
		c->ret_vectors++;
		c->long_ret_vectors += ret->n > 32;
	}
	c->noinput += s->no_inputs != 0;
	for (unsigned i = 0; i < s->nparams; i++)
		count_param(c, s, &s->params[i]);
}

static void count_sample(Counts *c, const GenWeights *w, uint64_t seed)
{
	Sig *s = new_sig();
	memset(c, 0, sizeof *c);
	for (uint64_t i = 0; i < SAMPLE; i++) {
		gen_signature(s, w, seed, i);
		count_signature(c, s);
	}
	free(s);
}

/* Every rate that one weight decides, against that weight. */
static void check_rates(const GenWeights *w, const Counts *c)
{
	const unsigned ccs[4] = { w->cc[CC_C], w->cc[CC_FAST], w->cc[CC_COLD], w->cc[CC_AMDGPU_GFX] };
	const unsigned classes[NCLS] = { w->type_scalar, w->type_pointer, w->type_vector, w->type_array, w->type_struct };
	const unsigned scalars[5] = { w->scalar_int, w->scalar_half, w->scalar_bfloat, w->scalar_float, w->scalar_double };
	const unsigned widths[7] = { w->int_w1, w->int_w8, w->int_w16, w->int_w32, w->int_w64, w->int_w128, w->int_odd };
	static const char *const cc_names[4] = { "ccc", "fastcc", "coldcc", "amdgpu_gfx" };
	static const char *const class_names[NCLS] = { "scalar", "pointer", "vector", "array", "struct" };
	static const char *const scalar_names[5] = { "int", "half", "bfloat", "float", "double" };
	static const char *const width_names[7] = { "i1", "i8", "i16", "i32", "i64", "i128", "odd width" };
	char what[64];
	for (int k = 0; k < 4; k++) {
		snprintf(what, sizeof what, "convention %s", cc_names[k]);
		check_rate(&(Rate){ what, c->sigs, c->cc[k], share(ccs[k], ccs, 4) });
	}
	for (int k = 0; k < NCLS; k++) {
		snprintf(what, sizeof what, "parameter class %s", class_names[k]);
		check_rate(&(Rate){ what, c->params, c->cls[k], share(classes[k], classes, NCLS) });
	}
	for (int k = 0; k < 5; k++) {
		snprintf(what, sizeof what, "scalar %s", scalar_names[k]);
		check_rate(&(Rate){ what, c->scalars, c->scalar[k], share(scalars[k], scalars, 5) });
	}
	for (int k = 0; k < 7; k++) {
		snprintf(what, sizeof what, "integer width %s", width_names[k]);
		check_rate(&(Rate){ what, c->ints, c->width[k], share(widths[k], widths, 7) });
	}
	double noinput = w->pct_noinput / 100.0 * (1 - pow(1 - w->pct_noinput_each / 100.0, NOIN_COUNT));
	const Rate rates[] = {
		{ "void return", c->sigs, c->void_ret, w->pct_void_return / 100.0 },
		{ "inreg return", c->nonvoid, c->ret_inreg, w->pct_ret_inreg / 100.0 },
		{ "sret parameter of a void function", c->void_ret, c->sret, w->pct_sret / 100.0 },
		{ "amdgpu-no-* attributes", c->sigs, c->noinput, noinput },
		{ "byval", c->params, c->byval, w->pct_byval / 100.0 },
		{ "byref", c->not_byval, c->byref, w->pct_byref / 100.0 },
		{ "inreg", c->plain, c->inreg, w->pct_inreg / 100.0 },
		{ "signext/zeroext", c->ext_eligible, c->ext, w->pct_ext / 100.0 },
		{ "align", c->align_eligible, c->align, w->pct_align / 100.0 },
		{ "parameter vectors longer than 32", c->params, c->long_param_vectors, 0 },
	};
	for (size_t k = 0; k < sizeof rates / sizeof rates[0]; k++)
		check_rate(&rates[k]);
	/* Big array returns are drawn first, then vectors among the others. */
	double vector_share = share(w->type_vector, classes, NCLS);
	check_rate(&(Rate){ "returned vectors longer than 32", c->ret_vectors, c->long_ret_vectors,
			    w->pct_long_return_vector / 100.0 });
	check_rate(&(Rate){ "returned vectors", c->nonvoid, c->ret_vectors, (1 - w->pct_big_return / 100.0) * vector_share });
}

/* No parameter budget: a budget drops the parameter that overflows it,
 * which is more often a big one. */
static GenWeights unbudgeted(GenWeights w)
{
	w.max_param_words = 100000;
	return w;
}

static void test_rates_follow_default_weights(void **state)
{
	(void)state;
	GenWeights w = unbudgeted(gen_weights_default());
	Counts c;
	count_sample(&c, &w, 7);
	assert_true(c.params > 100000);
	check_rates(&w, &c);
}

static void test_rates_follow_other_weights(void **state)
{
	(void)state;
	GenWeights w = unbudgeted(gen_weights_default());
	w.cc[CC_FAST] = 0;
	w.cc[CC_COLD] = 40;
	w.type_struct = 0;
	w.type_vector = 40;
	w.scalar_bfloat = 0;
	w.scalar_half = 40;
	w.int_odd = 0;
	w.int_w128 = 30;
	w.pct_byref = 0;
	w.pct_byval = 20;
	w.pct_inreg = 70;
	w.pct_sret = 0;
	w.pct_align = 0;
	w.pct_ret_inreg = 0;
	w.pct_noinput = 0;
	w.pct_long_return_vector = 60;
	Counts c;
	count_sample(&c, &w, 11);
	check_rates(&w, &c);
}

/* --- swarm -------------------------------------------------------------------- */

typedef struct {
	bool aggregate, vector, pointer, integer, fp, bfloat, odd_width, not16, packed;
} Seen;

static void walk(const Sig *s, TypeId id, Seen *seen, unsigned depth)
{
	const Type *t = sig_type(s, id);
	assert_true(depth < 70);
	switch (t->kind) {
	case TYPE_INT:
		seen->integer = true;
		seen->odd_width |= t->n != 1 && t->n != 8 && t->n != 16 && t->n != 32 && t->n != 64 && t->n != 128;
		seen->not16 |= t->n != 16;
		break;
	case TYPE_HALF: seen->fp = true; break;
	case TYPE_BFLOAT: seen->fp = seen->bfloat = true; break;
	case TYPE_FLOAT: case TYPE_DOUBLE: seen->fp = seen->not16 = true; break;
	case TYPE_PTR: seen->pointer = seen->not16 = true; break;
	case TYPE_VECTOR: seen->vector = true; walk(s, t->elem, seen, depth + 1); break;
	case TYPE_ARRAY: seen->aggregate = true; walk(s, t->elem, seen, depth + 1); break;
	case TYPE_STRUCT:
		seen->aggregate = true;
		seen->packed |= t->packed != 0;
		for (unsigned i = 0; i < t->n; i++)
			walk(s, s->members[t->first + i], seen, depth + 1);
		break;
	default: break;
	}
}

/* Whether a signature uses a feature, by the feature's name; the pointer
 * that carries a byval, byref or sret parameter is not a pointer value. */
static bool uses(const Sig *s, const char *feature)
{
	Seen seen = { 0 };
	uint16_t flags = s->ret_flags;
	bool align = false;
	walk(s, s->ret, &seen, 0);
	for (unsigned i = 0; i < s->nparams; i++) {
		const Param *p = &s->params[i];
		walk(s, p->attr_type != TYPE_NONE ? p->attr_type : p->type, &seen, 0);
		flags |= p->flags;
		align |= p->align != 0;
	}
	const Type *ret = sig_type(s, s->ret);
	const struct {
		const char *name;
		bool used;
	} table[] = {
		{ "aggregates", seen.aggregate },
		{ "vectors", seen.vector },
		{ "pointers", seen.pointer },
		{ "integers", seen.integer },
		{ "floats", seen.fp },
		{ "bfloat", seen.bfloat },
		{ "odd-widths", seen.odd_width },
		{ "non-16-bit", seen.not16 },
		{ "inreg", flags & PARAM_INREG },
		{ "ext", flags & (PARAM_SIGNEXT | PARAM_ZEROEXT) },
		{ "byval", flags & PARAM_BYVAL },
		{ "byref", flags & PARAM_BYREF },
		{ "sret", flags & PARAM_SRET },
		{ "align", align },
		{ "packed", seen.packed },
		{ "void-returns", ret->kind == TYPE_VOID },
		{ "long-returns", (ret->kind == TYPE_VECTOR || ret->kind == TYPE_ARRAY) && ret->n > 32 },
		{ "no-inputs", s->no_inputs != 0 },
		{ "default-cc", s->cc == CC_C || s->cc == CC_FAST || s->cc == CC_COLD },
		{ "amdgpu_gfx", s->cc == CC_AMDGPU_GFX },
	};
	for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
		if (strcmp(table[k].name, feature) == 0)
			return table[k].used;
	for (unsigned k = 0; k < BODY_COUNT; k++) /* the body features: their bits */
		if (strcmp(body_features[k].name, feature) == 0)
			return has_body(s, (BodyFeature)k);
	fail_msg("swarm feature %s has no detector in test_gen.c", feature);
	return true;
}

static void test_swarm_batches_lack_their_features(void **state)
{
	(void)state;
	GenWeights w = gen_weights_default();
	w.swarm_batch = 40;
	for (unsigned f = 0; f < BODY_COUNT; f++) { /* off by default: on here, so that swarm has them to switch off */
		char name[40];
		snprintf(name, sizeof name, "pct_%s", body_features[f].name);
		for (unsigned k = 0; k < GW_COUNT; k++)
			if (strcmp(gen_weight_name(k), name) == 0)
				*gen_weight_slot(&w, k) = 20;
	}
	Sig *s = new_sig();
	uint32_t seen_off = 0, first = gen_swarm_off(&w, 5, 0);
	bool batches_differ = false;
	unsigned used_when_on[32] = { 0 };
	for (uint64_t i = 0; i < 40 * 60; i++) {
		uint32_t off = gen_swarm_off(&w, 5, i);
		assert_int_equal(off, gen_swarm_off(&w, 5, i / 40 * 40)); /* a pure function of the batch */
		seen_off |= off;
		batches_differ |= off != first;
		GenWeights x = w;
		gen_swarm_apply(&x, off);
		gen_signature(s, &x, 5, i);
		for (unsigned k = 0; k < swarm_feature_count; k++) {
			bool used = uses(s, swarm_features[k].name);
			if ((off >> k & 1) && used)
				fail_msg("f%u uses %s, which its batch %u switched off\n%s", (unsigned)i, swarm_features[k].name,
					 (unsigned)(i / 40), print(s));
			used_when_on[k] += used;
		}
	}
	assert_true(batches_differ);
	/* Every feature was switched off in some batch, and shows up when on. */
	for (unsigned k = 0; k < swarm_feature_count; k++) {
		if (!(seen_off >> k & 1))
			fail_msg("swarm never switched off %s in 60 batches", swarm_features[k].name);
		if (!used_when_on[k])
			fail_msg("%s never appeared in 60 batches", swarm_features[k].name);
	}
	free(s);
}

/* --- enumeration ----------------------------------------------------------------- */

static const char *const small_types[] = { "i32", "float", "i32 inreg", "ptr addrspace(5) byval({ i8, i64 })" };
enum { NSMALL = sizeof small_types / sizeof small_types[0] };

static void small_space(GenSpace *sp, Sig *types, unsigned max_args)
{
	memset(sp, 0, sizeof *sp);
	for (unsigned i = 0; i < NSMALL; i++) {
		char header[128];
		SigError err;
		snprintf(header, sizeof header, "declare void @t(%s)", small_types[i]);
		assert_true(sig_parse_header(header, strlen(header), &types[i], &err));
		sp->types[i] = &types[i];
	}
	sp->ntypes = NSMALL;
	sp->ccs[0] = CC_C;
	sp->ccs[1] = CC_AMDGPU_GFX;
	sp->nccs = 2;
	sp->max_args = max_args;
	assert_true(gen_space_init(sp));
}

static int compare_strings(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void test_enumeration_is_a_bijection(void **state)
{
	(void)state;
	Sig *types = malloc(NSMALL * sizeof *types), *s = new_sig(), *slice = new_sig();
	assert_non_null(types);
	GenSpace sp;
	small_space(&sp, types, 3);
	/* Returns: void, i32, float, ptr addrspace(5) (i32 inreg is i32 again). */
	assert_int_equal(sp.nreturns, 3);
	uint64_t lists = 1 + NSMALL + NSMALL * NSMALL + NSMALL * NSMALL * NSMALL;
	assert_int_equal(sp.total, 2 * (3 + 1) * lists);
	char **texts = malloc(sp.total * sizeof *texts);
	assert_non_null(texts);
	for (uint64_t i = 0; i < sp.total; i++) {
		assert_true(gen_enumerate(s, &sp, i));
		strcpy(s->name, "f"); /* compare without the index in the name */
		texts[i] = strdup(print(s));
	}
	assert_false(gen_enumerate(s, &sp, sp.total));
	qsort(texts, sp.total, sizeof *texts, compare_strings);
	for (uint64_t i = 1; i < sp.total; i++)
		if (strcmp(texts[i - 1], texts[i]) == 0)
			fail_msg("enumerated twice: %s", texts[i]);
	for (uint64_t i = 0; i < sp.total; i++)
		free(texts[i]);
	free(texts);
	/* Index 0 is the smallest signature; a slice is the same range of a full run. */
	assert_true(gen_enumerate(s, &sp, 0));
	assert_string_equal(print(s), "declare void @f0()");
	for (uint64_t i = 100; i < 140; i++) {
		assert_true(gen_enumerate(s, &sp, i));
		assert_true(gen_enumerate(slice, &sp, i));
		assert_true(sig_equal(s, slice));
	}
	assert_true(gen_enumerate(s, &sp, sp.total - 1));
	assert_string_equal(print(s), "declare amdgpu_gfx ptr addrspace(5) @f679(ptr addrspace(5) byval({ i8, i64 }), "
				      "ptr addrspace(5) byval({ i8, i64 }), ptr addrspace(5) byval({ i8, i64 }))");
	free(types);
	free(s);
	free(slice);
}

/* A convention with an active-lane mask: every enumerated signature has it
 * first, in addition to the parameters of its index, so none repeats. */
static void test_enumeration_puts_the_mask_first(void **state)
{
	(void)state;
	Sig *types = malloc(NSMALL * sizeof *types), *s = new_sig();
	assert_non_null(types);
	GenSpace sp;
	small_space(&sp, types, 2);
	sp.ccs[1] = CC_AMDGPU_GFX_WHOLE_WAVE;
	assert_true(gen_space_init(&sp));
	char **texts = malloc(sp.total * sizeof *texts);
	assert_non_null(texts);
	unsigned masked = 0;
	for (uint64_t i = 0; i < sp.total; i++) {
		assert_true(gen_enumerate(s, &sp, i));
		if (s->cc == CC_AMDGPU_GFX_WHOLE_WAVE) {
			const Type *t = sig_type(s, s->params[0].type);
			assert_true(s->nparams >= 1 && t->kind == TYPE_INT && t->n == 1 && s->params[0].flags == 0);
			masked++;
		}
		strcpy(s->name, "f");
		texts[i] = strdup(print(s));
	}
	assert_int_equal(masked, sp.total / 2);
	qsort(texts, sp.total, sizeof *texts, compare_strings);
	for (uint64_t i = 1; i < sp.total; i++)
		if (strcmp(texts[i - 1], texts[i]) == 0)
			fail_msg("enumerated twice: %s", texts[i]);
	for (uint64_t i = 0; i < sp.total; i++)
		free(texts[i]);
	free(texts);
	free(types);
	free(s);
}

static void test_enumeration_too_large_is_refused(void **state)
{
	(void)state;
	Sig *types = malloc(NSMALL * sizeof *types);
	assert_non_null(types);
	GenSpace sp;
	small_space(&sp, types, 3);
	sp.max_args = 40; /* 4^40 > 2^63 */
	assert_false(gen_space_init(&sp));
	free(types);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_seed_and_index_same_signature),
		cmocka_unit_test(test_ir_rules_hold),
		cmocka_unit_test(test_whole_wave_mask_first),
		cmocka_unit_test(test_other_conventions_on_request),
		cmocka_unit_test(test_rates_follow_default_weights),
		cmocka_unit_test(test_rates_follow_other_weights),
		cmocka_unit_test(test_body_features_follow_their_weights),
		cmocka_unit_test(test_swarm_batches_lack_their_features),
		cmocka_unit_test(test_enumeration_is_a_bijection),
		cmocka_unit_test(test_enumeration_puts_the_mask_first),
		cmocka_unit_test(test_enumeration_too_large_is_refused),
	};
	return cmocka_run_group_tests_name("gen", tests, NULL, NULL);
}
