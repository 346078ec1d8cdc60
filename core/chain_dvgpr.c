/* Chain calls with dynamic VGPRs (llvm.amdgcn.cs.chain, flags bit 0): what
 * each llc does with them, and which argument VGPRs such a call would lose
 * beyond the count it requests (cc.h). */
#include <stddef.h>

#include "cc.h"

ChainDvgpr cc_chain_dvgpr_support(const ModelConfig *m)
{
	if (!m->profile->on[SW_chain_dvgpr])
		return DVGPR_IGNORED;
	if (m->wave != 32)
		return DVGPR_REFUSED;
	/* llc 22 checks only the wave size: gfx1030 and gfx1100 (both
	 * selectors) get the pseudo, then a segfault after isel. */
	return m->target->alloc_vgpr ? DVGPR_REALLOCATES : DVGPR_CRASHES;
}

const char *cc_chain_dvgpr_check(const Sig *s, const ModelConfig *m, const Placement *p, unsigned num_vgprs,
				 unsigned *lost, int *first_arg, bool *refused)
{
	*lost = 0;
	*first_arg = -1;
	*refused = false;
	if (!conv_in_family((CallConv)s->cc, FAMILY_CHAIN))
		return "only chain functions are called with dynamic VGPRs";
	switch (cc_chain_dvgpr_support(m)) {
	case DVGPR_IGNORED: return "this llc ignores the dynamic-VGPR operands: it makes a plain chain call";
	case DVGPR_REFUSED: *refused = true; return "dynamic VGPR mode is only supported for wave32";
	case DVGPR_CRASHES:
		*refused = true;
		return "llc selects SI_CS_CHAIN_TC_W32_DVGPR without s_alloc_vgpr (before gfx12) and crashes after isel";
	case DVGPR_REALLOCATES: break;
	}
	for (unsigned a = 0; p->ok && a < p->nargs; a++)
		for (unsigned k = 0; k < p->args[a].count; k++) {
			const Loc *l = &p->locs[p->args[a].first + k];
			if (l->kind == LOC_VGPR && l->reg >= num_vgprs) {
				if (*first_arg < 0)
					*first_arg = (int)a;
				++*lost;
			}
		}
	return *lost ? "argument VGPRs beyond the requested count would be lost" : NULL;
}
