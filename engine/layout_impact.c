/* One layout's impact on the arguments of a signature: parts in SGPRs,
 * VGPRs and stack slots, amdgpu_gfx inreg parts a shader must move, and
 * free SGPR quads (layout_impact.h); `gcnabi layouts --impact` and
 * `gcnabi ab --layout A --layout B` add them up. */
#include <stdlib.h>
#include <string.h>

#include "layout_impact.h"
#include "passthrough.h"

void layout_impact_add(LayoutImpact *t, const Layout *l, const Sig *s, const Placement *p)
{
	t->functions++;
	if (!p || !p->ok) {
		t->refused++;
		return;
	}
	bool taken[SGPR_COUNT] = { 0 };
	uint64_t end = 0;
	for (unsigned i = 0; i < p->nargs && i < s->nparams; i++)
		for (unsigned k = 0; k < p->args[i].count; k++) {
			const Loc *loc = &p->locs[p->args[i].first + k];
			if (loc->kind == LOC_SGPR) {
				t->sgpr++;
				if (loc->reg < SGPR_COUNT)
					taken[loc->reg] = true;
			} else if (loc->kind == LOC_VGPR) {
				t->vgpr++;
			} else if (loc->kind == LOC_STACK) {
				t->stack++;
				/* A slot of unknown object size takes its 4 bytes. */
				uint64_t slot_end = (uint64_t)loc->offset + (loc->size ? loc->size : 4);
				end = slot_end > end ? slot_end : end;
			}
		}
	t->stack_bytes += end;
	if (s->cc != CC_AMDGPU_GFX)
		return;
	PassCost cost;
	passthrough_cost_in_order(s, p, &cost);
	t->gfx_functions++;
	t->gfx_inreg_parts += cost.parts;
	t->gfx_sgpr_moves += cost.parts - cost.in_place;
	/* Every fixed role counts, the descriptor too: a layout is measured
	 * for every target at once. */
	for (int r = 0; r < ROLE_FIXED_COUNT; r++)
		for (unsigned k = 0; k < l->role[r].count && l->role[r].first + k < SGPR_COUNT; k++)
			taken[l->role[r].first + k] = true;
	for (unsigned q = 0; q < IMPACT_QUAD_LIMIT; q += 4)
		t->gfx_free_quads += !(taken[q] || taken[q + 1] || taken[q + 2] || taken[q + 3]);
}
