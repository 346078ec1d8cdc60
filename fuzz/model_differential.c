/* The layouts against each other: one signature and configuration drawn
 * from the input, placed under `old` and under each proposed layout, must
 * differ only as the RFC (D102177, "Improve sgpr function arguments") says
 * they do. A layout changes which SGPRs carry inreg values, nothing else:
 *  - whether a signature can be placed at all, and the return, do not change;
 *  - amdgpu_gfx: inreg parts take the proposed pool in order from its first
 *    register, so the k-th inreg SGPR part lands in the k-th register of the
 *    pool; none moves to the stack while the pool has room (proposed-v2:
 *    s0-s31); the pools are at least as large as old's, so every part that
 *    had an SGPR under `old` still has one;
 *  - everything not in an SGPR (VGPRs, stack slots) is placed identically as
 *    long as each layout keeps every inreg part in SGPRs.
 * The default convention's implicit inputs keep s[4:15] in every layout
 * (the RFC is silent; see layouts/proposed-v1.layout), so for it only the
 * first and last claims are made, and the second for the part count. */
#include <string.h>

#include "fuzz.h"
#include "fuzz_model.h"
#include "split.h"

static Sig sig;
static Placement base, proposed;
static ModelConfig mold, mnew;
static View view;

static void print_context(void)
{
	char buf[1 << 14];
	sig_print(&sig, false, buf, sizeof buf);
	fprintf(stderr, "  signature: %s\n  config: %s, %s, wave%u, %s, %s view\n", buf, mold.profile->name,
		mold.target->name, mold.wave, selector_names[mold.selector], view == VIEW_CALLER ? "caller" : "callee");
	place_print_human(&sig, &base, buf, sizeof buf);
	fprintf(stderr, "  %-12s %s\n", mold.layout->name, buf);
	place_print_human(&sig, &proposed, buf, sizeof buf);
	fprintf(stderr, "  %-12s %s\n", mnew.layout->name, buf);
}

static PartRun runs[PLACE_MAX_PARTS];
static Parts split = { runs, 0, 0, PLACE_MAX_PARTS, 0 };
static int split_arg = -1; /* the argument split holds, -1 for none */

/* Whether part `part` of argument a is an i1 (which has no register row in
 * amdgpu_gfx: it always goes to the stack). One split per argument. */
static bool part_is_i1(unsigned a, unsigned part)
{
	if (split_arg != (int)a) {
		const char *why = "";
		split.nruns = split.nparts = split.merge_floor = 0;
		if (split_value(&sig, sig.params[a].type, &mold, false, &split, &why) != SPLIT_OK)
			split.nruns = 0;
		split_arg = (int)a;
	}
	for (unsigned r = 0; r < split.nruns; r++) {
		if (part < runs[r].count)
			return runs[r].cls == PART_I1;
		part -= runs[r].count;
	}
	return false;
}

static unsigned pool_size(const RegList *l)
{
	unsigned n = 0;
	for (unsigned i = 0; i < l->n; i++)
		n += l->r[i].count;
	return n;
}

static int pool_reg(const RegList *l, unsigned k)
{
	for (unsigned i = 0; i < l->n; i++) {
		if (k < l->r[i].count)
			return l->r[i].first + (int)k;
		k -= l->r[i].count;
	}
	return -1;
}

/* Parts of inreg values: how many are in SGPRs, and whether one is not. */
static void count_inreg(const Placement *p, unsigned *in_sgprs, bool *elsewhere)
{
	*in_sgprs = 0;
	*elsewhere = false;
	if (p->ret_demoted && p->sret.kind == LOC_SGPR)
		++*in_sgprs;
	for (unsigned a = 0; a < p->nargs; a++) {
		if (!(sig.params[a].flags & PARAM_INREG))
			continue;
		for (unsigned i = 0; i < p->args[a].count; i++) {
			if (p->locs[p->args[a].first + i].kind == LOC_SGPR)
				++*in_sgprs;
			else
				*elsewhere = true;
		}
	}
}

static void compare(void)
{
	bool gfx = sig.cc == CC_AMDGPU_GFX;
	FUZZ_ASSERT_MSG(base.ok == proposed.ok, "placeable under one layout only: %s", base.ok ? proposed.error : base.error);
	if (!base.ok)
		return;
	FUZZ_ASSERT(base.ret_demoted == proposed.ret_demoted && base.ret.count == proposed.ret.count);
	for (unsigned i = 0; i < base.ret.count; i++)
		FUZZ_ASSERT_MSG(fuzz_loc_equal(&base.locs[base.ret.first + i], &proposed.locs[proposed.ret.first + i]),
				"return part %u moved", i);
	unsigned old_sgprs, new_sgprs;
	bool old_out, new_out;
	count_inreg(&base, &old_sgprs, &old_out);
	count_inreg(&proposed, &new_sgprs, &new_out);
	const RegList *oldpool = &mold.layout->pool[gfx ? POOL_GFX_SGPR_ARGS : POOL_FUNC_SGPR_ARGS];
	const RegList *newpool = &mnew.layout->pool[gfx ? POOL_GFX_SGPR_ARGS : POOL_FUNC_SGPR_ARGS];
	if (gfx) {
		/* In pool order from the pool's first register, in both layouts:
		 * the k-th inreg SGPR part is the k-th register of the pool. */
		const Placement *both[2] = { &base, &proposed };
		const RegList *pools[2] = { oldpool, newpool };
		for (unsigned w = 0; w < 2; w++) {
			const Placement *p = both[w];
			unsigned k = 0;
			if (p->ret_demoted && p->sret.kind == LOC_SGPR)
				FUZZ_ASSERT_MSG(p->sret.reg == pool_reg(pools[w], k++), "sret pointer not in the pool's first SGPR");
			for (unsigned a = 0; a < p->nargs; a++)
				for (unsigned i = 0; i < p->args[a].count; i++) {
					const Loc *l = &p->locs[p->args[a].first + i];
					if (l->kind == LOC_SGPR)
						FUZZ_ASSERT_MSG(l->reg == pool_reg(pools[w], k++),
								"argument %u part %u: s%u is not the next register of the pool", a, i,
								l->reg);
					else if ((sig.params[a].flags & PARAM_INREG) && !part_is_i1(a, i))
						FUZZ_ASSERT_MSG(k == pool_size(pools[w]),
								"argument %u part %u left the SGPRs with %u of %u pool registers used",
								a, i, k, pool_size(pools[w]));
				}
		}
	}
	/* A larger pool never holds fewer inreg parts. */
	if (pool_size(newpool) >= pool_size(oldpool) && gfx)
		FUZZ_ASSERT_MSG(new_sgprs >= old_sgprs, "%u inreg parts in SGPRs under %s, %u under old", new_sgprs,
				mnew.layout->name, old_sgprs);
	if (old_out || new_out)
		return;
	/* Every inreg part in SGPRs under both: the rest is untouched. */
	FUZZ_ASSERT(base.nargs == proposed.nargs);
	for (unsigned a = 0; a < base.nargs; a++) {
		FUZZ_ASSERT(base.args[a].count == proposed.args[a].count);
		for (unsigned i = 0; i < base.args[a].count; i++) {
			const Loc *o = &base.locs[base.args[a].first + i], *n = &proposed.locs[proposed.args[a].first + i];
			FUZZ_ASSERT_MSG(o->kind == n->kind, "argument %u part %u changed register file or went to the stack", a, i);
			if (o->kind != LOC_SGPR)
				FUZZ_ASSERT_MSG(fuzz_loc_equal(o, n), "argument %u part %u moved outside the SGPRs", a, i);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FuzzDataProducer p = fuzz_producer(data, size);
	const char *cpu;
	fuzz_context = print_context;
	fuzz_config(&p, &mold, &view, &cpu);
	fuzz_signature(&p, &sig);
	const Layout *old = fuzz_layout_named("old");
	FUZZ_ASSERT(old != NULL);
	mold.layout = old;
	if (!cc_place(&sig, &mold, view, &base))
		base.ok = false;
	for (unsigned i = 0; i < fuzz_layouts(); i++) {
		if (fuzz_layout_at(i) == old)
			continue;
		mnew = mold;
		mnew.layout = fuzz_layout_at(i);
		split_arg = -1;
		cc_place(&sig, &mnew, view, &proposed);
		compare();
	}
	return 0;
}
