/* Pass-through cost (see passthrough.h). Pure. */
#include "passthrough.h"

void passthrough_cost(const Placement *caller_in, const Placement *call_out, unsigned shared, PassCost *cost)
{
	*cost = (PassCost){ 0 };
	for (unsigned k = 0; k < shared && k < caller_in->nargs && k < call_out->nargs; k++) {
		const PartRange *from = &caller_in->args[k], *to = &call_out->args[k];
		for (unsigned i = 0; i < from->count && i < to->count; i++) {
			const Loc *src = &caller_in->locs[from->first + i], *dst = &call_out->locs[to->first + i];
			if (src->kind != LOC_SGPR)
				continue;
			cost->parts++;
			if (dst->kind == LOC_SGPR)
				dst->reg == src->reg ? cost->in_place++ : cost->sgpr_moves++;
			else if (dst->kind == LOC_STACK)
				cost->to_stack++;
			else
				cost->to_vgpr++;
		}
	}
}
