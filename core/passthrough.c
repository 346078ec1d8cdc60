/* Pass-through cost (see passthrough.h). Pure. */
#include "passthrough.h"

/* One part the caller holds in SGPR src, which the callee takes at dst. */
static void count_part(PassCost *cost, unsigned src, const Loc *dst)
{
	cost->parts++;
	if (dst->kind == LOC_SGPR)
		dst->reg == src ? cost->in_place++ : cost->sgpr_moves++;
	else if (dst->kind == LOC_STACK)
		cost->to_stack++;
	else
		cost->to_vgpr++;
}

void passthrough_cost(const Placement *caller_in, const Placement *call_out, unsigned shared, PassCost *cost)
{
	*cost = (PassCost){ 0 };
	for (unsigned k = 0; k < shared && k < caller_in->nargs && k < call_out->nargs; k++) {
		const PartRange *from = &caller_in->args[k], *to = &call_out->args[k];
		for (unsigned i = 0; i < from->count && i < to->count; i++) {
			const Loc *src = &caller_in->locs[from->first + i];
			if (src->kind == LOC_SGPR)
				count_part(cost, src->reg, &call_out->locs[to->first + i]);
		}
	}
}

void passthrough_cost_in_order(const Sig *callee, const Placement *placed, PassCost *cost)
{
	*cost = (PassCost){ 0 };
	unsigned next = 0; /* the shader's SGPR of the next inreg part */
	for (unsigned k = 0; k < placed->nargs && k < callee->nparams; k++)
		if (callee->params[k].flags & PARAM_INREG)
			for (unsigned i = 0; i < placed->args[k].count; i++)
				count_part(cost, next++, &placed->locs[placed->args[k].first + i]);
}
