/* Pass-through cost: a shader entry point receives its user SGPRs from s0
 * on (inreg arguments) and passes some of them on to an amdgpu_gfx callee,
 * which expects its inreg arguments where the layout's gfx_sgpr_args put
 * them. Every part that is not already where the callee wants it costs an
 * SGPR move at the call (or a store, once the callee's SGPRs run out). */
#ifndef GCNABI_PASSTHROUGH_H
#define GCNABI_PASSTHROUGH_H

#include "place.h"

typedef struct {
	unsigned parts;     /* SGPR parts of the caller's own arguments passed on */
	unsigned in_place;  /* already in the register the callee expects */
	unsigned sgpr_moves; /* to another SGPR: one s_mov each */
	unsigned to_stack;  /* the callee takes them on the stack: a store each */
	unsigned to_vgpr;   /* the callee takes them in VGPRs (not inreg there) */
} PassCost;

/* Cost of passing the first `shared` arguments of a caller, which received
 * them as caller_in (its callee view), to a callee that takes them as
 * call_out (the callee's caller view). Parts the caller holds in VGPRs or
 * on the stack are not counted: only user SGPRs pass through. */
void passthrough_cost(const Placement *caller_in, const Placement *call_out, unsigned shared, PassCost *cost);

/* Cost of a call to the amdgpu_gfx function `callee`, placed as `placed`,
 * from a shader that holds exactly the callee's inreg arguments as its own
 * user SGPRs: CC_SI_SHADER gives a shader's inreg parts s0, s1, ... in
 * argument order, so the k-th inreg part of the callee is in sk. */
void passthrough_cost_in_order(const Sig *callee, const Placement *placed, PassCost *cost);

#endif
