/* Signatures and configurations from fuzzer bytes. The shapes follow the
 * random generator (generators/gen.c) but every choice is one byte, so
 * coverage feedback can steer each one. */
#include "fuzz_model.h"

#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "gen.h"

static Layout layouts[FUZZ_MAX_LAYOUTS];
static unsigned nlayouts, nprofiles;

static void load(void)
{
	if (nlayouts)
		return;
	FUZZ_ASSERT(fuzz_layout_count <= FUZZ_MAX_LAYOUTS);
	for (unsigned i = 0; i < fuzz_layout_count; i++) {
		LayoutError e;
		FUZZ_ASSERT_MSG(layout_parse(fuzz_layout_texts[i], strlen(fuzz_layout_texts[i]), &layouts[i], &e),
				"shipped layout %u: %u:%u: %s", i, e.line, e.col, e.msg);
	}
	while (profile_at(nprofiles))
		nprofiles++;
	nlayouts = fuzz_layout_count;
}

const Layout *fuzz_layout_at(unsigned i) { load(); return i < nlayouts ? &layouts[i] : NULL; }
unsigned fuzz_layouts(void) { load(); return nlayouts; }
unsigned fuzz_profiles(void) { load(); return nprofiles; }

const Layout *fuzz_layout_named(const char *name)
{
	load();
	for (unsigned i = 0; i < nlayouts; i++)
		if (strcmp(layouts[i].name, name) == 0)
			return &layouts[i];
	return NULL;
}

/* --- signatures ------------------------------------------------------- */

static TypeId add(Sig *s, Type t) { return sig_add_type(s, t); }

static TypeId scalar(FuzzDataProducer *p, Sig *s)
{
	static const uint16_t widths[] = { 1, 8, 16, 32, 64, 24, 48, 96, 128, 7, 17, 33, 65, 2, 31, 127 };
	switch (fuzz_u32_range(p, 0, 7)) {
	case 0: return add(s, (Type){ .kind = TYPE_FLOAT });
	case 1: return add(s, (Type){ .kind = TYPE_HALF });
	case 2: return add(s, (Type){ .kind = TYPE_DOUBLE });
	case 3: return add(s, (Type){ .kind = TYPE_BFLOAT });
	case 4: /* any width the parser takes; the model refuses > 128 */
		return add(s, (Type){ .kind = TYPE_INT, .n = fuzz_u32_range(p, 1, 300) });
	default: return add(s, (Type){ .kind = TYPE_INT, .n = widths[fuzz_u32_range(p, 0, 15)] });
	}
}

static TypeId pointer(FuzzDataProducer *p, Sig *s)
{
	unsigned as = fuzz_u32_range(p, 0, 10);
	if (as == 10)
		as = fuzz_u32_range(p, 0, 0xffffff); /* address spaces the model has no rule for */
	return add(s, (Type){ .kind = TYPE_PTR, .addrspace = (uint16_t)(as > 0xffff ? 0xffff : as), .elem = TYPE_NONE });
}

static TypeId any_type(FuzzDataProducer *p, Sig *s, unsigned depth)
{
	static const uint16_t counts[] = { 2, 3, 4, 8, 16, 1, 5, 32, 6, 7, 64, 12 };
	unsigned kind = fuzz_u32_range(p, 0, depth >= 3 ? 4 : 7);
	switch (kind) {
	case 0: case 1: case 2: return scalar(p, s);
	case 3: return pointer(p, s);
	case 4: case 5: {
		TypeId e = fuzz_chance(p, 20) ? pointer(p, s) : scalar(p, s);
		uint32_t n = counts[fuzz_u32_range(p, 0, 11)];
		if (fuzz_chance(p, 3))
			n = fuzz_u32_range(p, 1, 2000);
		return e == TYPE_NONE ? e : add(s, (Type){ .kind = TYPE_VECTOR, .n = n, .elem = e });
	}
	case 6: {
		uint32_t n = fuzz_u32_range(p, 0, 6);
		if (fuzz_chance(p, 3))
			n = fuzz_u32_range(p, 0, 5000);
		TypeId e = any_type(p, s, depth + 1);
		return e == TYPE_NONE ? e : add(s, (Type){ .kind = TYPE_ARRAY, .n = n, .elem = e });
	}
	default: {
		TypeId members[8];
		unsigned n = fuzz_u32_range(p, 0, 8);
		for (unsigned i = 0; i < n; i++)
			if ((members[i] = any_type(p, s, depth + 1)) == TYPE_NONE)
				return TYPE_NONE;
		return sig_add_struct(s, members, n, fuzz_chance(p, 20));
	}
	}
}

static bool is_small_int(const Sig *s, TypeId t)
{
	return t != TYPE_NONE && sig_type(s, t)->kind == TYPE_INT && sig_type(s, t)->n < 32;
}

void fuzz_signature(FuzzDataProducer *p, Sig *s)
{
	static const uint8_t ccs[] = { CC_C, CC_AMDGPU_GFX, CC_C, CC_AMDGPU_GFX, CC_FAST, CC_COLD, CC_C, CC_AMDGPU_GFX };
	sig_init(s);
	snprintf(s->name, sizeof s->name, "f");
	s->cc = fuzz_chance(p, 2) ? (uint8_t)fuzz_u32_range(p, 0, CC_COUNT - 1) : ccs[fuzz_u32_range(p, 0, 7)];
	s->varargs = fuzz_chance(p, 1);
	TypeId ret;
	switch (fuzz_u32_range(p, 0, 9)) {
	case 0: case 1: case 2: ret = add(s, (Type){ .kind = TYPE_VOID }); break;
	case 3: /* big enough to be demoted in some conventions */
		ret = add(s, (Type){ .kind = TYPE_ARRAY, .n = fuzz_u32_range(p, 20, 160),
				     .elem = add(s, (Type){ .kind = TYPE_INT, .n = 32 }) });
		break;
	default: ret = any_type(p, s, 0);
	}
	s->ret = ret == TYPE_NONE ? add(s, (Type){ .kind = TYPE_VOID }) : ret;
	if (fuzz_chance(p, 15))
		s->ret_flags |= PARAM_INREG;
	if (is_small_int(s, s->ret) && fuzz_chance(p, 20))
		s->ret_flags |= fuzz_chance(p, 50) ? PARAM_SIGNEXT : PARAM_ZEROEXT;
	unsigned n = fuzz_u32_range(p, 0, 48);
	if (fuzz_chance(p, 3))
		n = fuzz_u32_range(p, 0, SIG_MAX_PARAMS);
	TypeId priv = add(s, (Type){ .kind = TYPE_PTR, .addrspace = 5, .elem = TYPE_NONE });
	for (unsigned i = 0; i < n && !fuzz_empty(p); i++) {
		Param prm = { .type = any_type(p, s, 0), .attr_type = TYPE_NONE };
		if (prm.type == TYPE_NONE)
			break;
		switch (fuzz_u32_range(p, 0, 19)) {
		case 0: case 1: case 2: case 3: case 4: case 5: case 6:
			prm.flags |= PARAM_INREG;
			break;
		case 7: { /* byval(T) on a private pointer; sometimes sret(T) or byref(T) */
			static const uint16_t kinds[] = { PARAM_BYVAL, PARAM_BYVAL, PARAM_SRET, PARAM_BYREF };
			prm.flags |= kinds[fuzz_u32_range(p, 0, 3)];
			prm.attr_type = prm.type;
			prm.type = priv;
			if (fuzz_chance(p, 50))
				prm.align = 1u << fuzz_u32_range(p, 0, 8);
			if (fuzz_chance(p, 20))
				prm.flags |= PARAM_INREG;
			break;
		}
		default: break;
		}
		if (is_small_int(s, prm.type) && fuzz_chance(p, 25))
			prm.flags |= fuzz_chance(p, 50) ? PARAM_SIGNEXT : PARAM_ZEROEXT;
		s->params[s->nparams++] = prm;
	}
	if (fuzz_chance(p, 40))
		s->no_inputs = fuzz_u32_range(p, 0, (1u << NOIN_COUNT) - 1);
	if (fuzz_chance(p, 10)) {
		s->flat_wg_min = (uint16_t)fuzz_u32_range(p, 1, 1024);
		s->flat_wg_max = (uint16_t)fuzz_u32_range(p, s->flat_wg_min, 1024);
	}
	gen_fit_convention(s); /* an active-lane mask first where the convention has one; no input read */
}

/* --- configurations --------------------------------------------------- */

void fuzz_config(FuzzDataProducer *p, ModelConfig *m, View *view, const char **cpu)
{
	load();
	unsigned ntargets = 0;
	while (target_at(ntargets))
		ntargets++;
	const Profile *prof = profile_at(fuzz_u32_range(p, 0, nprofiles - 1));
	const Layout *l = &layouts[fuzz_u32_range(p, 0, nlayouts - 1)];
	*cpu = target_at(fuzz_u32_range(p, 0, ntargets - 1))->name;
	static const unsigned waves[] = { 0, 32, 64 };
	unsigned wave = waves[fuzz_u32_range(p, 0, 2)];
	Selector sel = (Selector)fuzz_u32_range(p, 0, SEL_COUNT - 1);
	*view = (View)fuzz_u32_range(p, 0, 1);
	char why[128];
	if (!model_config_init(m, prof, l, *cpu, wave, sel, why, sizeof why))
		FUZZ_ASSERT_MSG(model_config_init(m, prof, l, *cpu, 0, sel, why, sizeof why), "%s: %s", *cpu, why);
}

bool fuzz_loc_equal(const Loc *a, const Loc *b)
{
	return a->kind == b->kind && a->reg == b->reg && a->offset == b->offset && a->size == b->size;
}

static bool range_equal(const Placement *a, PartRange ra, const Placement *b, PartRange rb)
{
	if (ra.count != rb.count)
		return false;
	for (unsigned i = 0; i < ra.count; i++)
		if (!fuzz_loc_equal(&a->locs[ra.first + i], &b->locs[rb.first + i]))
			return false;
	return true;
}

bool fuzz_placement_equal(const Placement *a, const Placement *b)
{
	if (a->ok != b->ok || strcmp(a->error, b->error) != 0)
		return false;
	if (!a->ok)
		return true;
	if (a->nargs != b->nargs || a->ret_demoted != b->ret_demoted || !range_equal(a, a->ret, b, b->ret))
		return false;
	if (a->ret_demoted && !fuzz_loc_equal(&a->sret, &b->sret))
		return false;
	for (unsigned i = 0; i < a->nargs; i++)
		if (!range_equal(a, a->args[i], b, b->args[i]))
			return false;
	return true;
}
