/* The calling conventions (conv.h), one row each. A row names
 * the convention's rule tables (rules.c), who calls it, what the IR
 * verifier refuses in it and which llc first parses it. */
#include "conv.h"

#include <stdio.h>
#include <string.h>

#include "profile.h"
#include "rules.h"

#define FROM(f) (1u << FAMILY_##f)
#define DEFAULT_CC(id, nm, num, wt, tail, doc)                                                                     \
	[id] = { .name = nm, .keyword = nm, .llvm_id = num, .family = FAMILY_CALLABLE, .group = "default",             \
		 .rules = &func_rules, .called_from = FROM(KERNEL), .alias = true, .tail_calls = tail,               \
		 .weight_name = "cc_" nm, .weight = wt, .weight_doc = doc }
/* The graphics entry points' verifier rules (amdgpu_es and amdgpu_ls are not on its list). */
#define GRAPHICS_VERIFIER (VERIFY_NO_SRET | VERIFY_NO_BYVAL | VERIFY_NO_STACK_BYREF)
#define SHADER(id, nm, num, verify, merged, doc)                                                                   \
	[id] = { .name = nm, .keyword = nm, .llvm_id = num, .family = FAMILY_SHADER, .group = nm,                   \
		 .rules = &shader_rules, .verifier = verify, .merged_stage = merged,               \
		 .weight_name = "cc_" nm, .weight_doc = doc }
#define CHAIN(id, nm, num, doc)                                                                                     \
	[id] = { .name = nm, .keyword = nm, .llvm_id = num, .family = FAMILY_CHAIN, .group = nm,                    \
		 .rules = &chain_rules, .chains = true, .needs = 1 + SW_cs_chain_cc,                                 \
		 .verifier = VERIFY_VOID_RETURN | GRAPHICS_VERIFIER, .weight_name = "cc_" nm,      \
		 .weight_doc = doc }

const ConvInfo conventions[CC_COUNT] = {
	/* Placed alike on AMDGPU (CC_AMDGPU_Func); a kernel calls them. */
	[CC_C] = { .name = "ccc", .keyword = "", .llvm_id = 0, .family = FAMILY_CALLABLE, .group = "default",
		   .rules = &func_rules, .called_from = FROM(KERNEL), .probe_default = true, .tail_calls = true,
		   .weight_name = "cc_ccc",
		   .weight = 30, .weight_doc = "relative weight of the ccc convention" },
	DEFAULT_CC(CC_FAST, "fastcc", 8, 10, true, "relative weight of fastcc (placed like ccc)"),
	DEFAULT_CC(CC_COLD, "coldcc", 9, 10, false, "relative weight of coldcc (placed like ccc)"),
	/* CC_SI_Gfx: called by amdgpu_gfx functions and by shader entry points. */
	[CC_AMDGPU_GFX] = { .name = "amdgpu_gfx", .keyword = "amdgpu_gfx", .llvm_id = 100, .family = FAMILY_CALLABLE,
			    .group = "amdgpu_gfx", .rules = &gfx_rules, .called_from = FROM(SHADER),
			    .shader_calls_apart = true, .probe_default = true, .tail_calls = true,
			    .weight_name = "cc_amdgpu_gfx", .weight = 50,
			    .weight_doc = "relative weight of amdgpu_gfx" },
	/* CC_SI_SHADER; amdgpu_cs may also enter a chain function. */
	[CC_AMDGPU_CS] = { .name = "amdgpu_cs", .keyword = "amdgpu_cs", .llvm_id = 90, .family = FAMILY_SHADER,
			   .group = "amdgpu_cs", .rules = &shader_rules, .chains = true, .verifier = GRAPHICS_VERIFIER,
			   .weight_name = "cc_amdgpu_cs",
			   .weight_doc = "relative weight of amdgpu_cs (shader entry points are off by default: gen --cc "
					 "turns them on)" },
	SHADER(CC_AMDGPU_PS, "amdgpu_ps", 89, GRAPHICS_VERIFIER, false, "relative weight of amdgpu_ps"),
	SHADER(CC_AMDGPU_VS, "amdgpu_vs", 87, GRAPHICS_VERIFIER, false, "relative weight of amdgpu_vs"),
	SHADER(CC_AMDGPU_GS, "amdgpu_gs", 88, GRAPHICS_VERIFIER, true, "relative weight of amdgpu_gs"),
	SHADER(CC_AMDGPU_HS, "amdgpu_hs", 93, GRAPHICS_VERIFIER, true, "relative weight of amdgpu_hs"),
	SHADER(CC_AMDGPU_ES, "amdgpu_es", 96, 0, false, "relative weight of amdgpu_es"),
	SHADER(CC_AMDGPU_LS, "amdgpu_ls", 95, 0, false, "relative weight of amdgpu_ls"),
	/* CC_AMDGPU_CS_CHAIN, for both (LLVM 19 on). The preserving one keeps
	 * more VGPRs; arguments go the same way. */
	CHAIN(CC_AMDGPU_CS_CHAIN, "amdgpu_cs_chain", 104, "relative weight of amdgpu_cs_chain (LLVM 19 on; off by default)"),
	CHAIN(CC_AMDGPU_CS_CHAIN_PRESERVE, "amdgpu_cs_chain_preserve", 105, "relative weight of amdgpu_cs_chain_preserve"),
	/* Arguments in the kernarg segment, never called. */
	[CC_AMDGPU_KERNEL] = { .name = "amdgpu_kernel", .keyword = "amdgpu_kernel", .llvm_id = 91,
			       .family = FAMILY_KERNEL, .group = "amdgpu_kernel",
			       .verifier = VERIFY_VOID_RETURN | GRAPHICS_VERIFIER,
			       .weight_name = "cc_amdgpu_kernel", .weight_doc = "relative weight of amdgpu_kernel (off by default)" },
	/* amdgpu_gfx's rows (CC_SI_Gfx) after the active-lane mask, an i1 the
	 * callee computes (SI_WHOLE_WAVE_FUNC_SETUP) and no caller passes; run
	 * with every lane on through llvm.amdgcn.call.whole.wave, from any
	 * function (LLVM 22). */
	[CC_AMDGPU_GFX_WHOLE_WAVE] = { .name = "amdgpu_gfx_whole_wave", .keyword = "amdgpu_gfx_whole_wave", .llvm_id = 124,
				       .family = FAMILY_CALLABLE, .group = "amdgpu_gfx_whole_wave", .rules = &gfx_rules,
				       .called_from = FROM(CALLABLE) | FROM(CHAIN) | FROM(SHADER) | FROM(KERNEL),
				       .needs = 1 + SW_gfx_whole_wave_cc,
				       .verifier = VERIFY_FIRST_I1 | VERIFY_FIRST_NOT_INREG | VERIFY_NO_VARARGS,
				       .active_mask_param = true, .call_intrinsic = "llvm.amdgcn.call.whole.wave",
				       .weight_name = "cc_amdgpu_gfx_whole_wave",
				       .weight_doc = "relative weight of amdgpu_gfx_whole_wave (LLVM 22; off by default)" },
};

int conv_find(const char *name, size_t len)
{
	for (int i = 0; i < CC_COUNT; i++)
		if (strlen(conventions[i].name) == len && memcmp(conventions[i].name, name, len) == 0)
			return i;
	return -1;
}

int conv_find_id(uint64_t id)
{
	for (int i = 0; i < CC_COUNT; i++)
		if (conventions[i].llvm_id == id)
			return i;
	return -1;
}

bool conv_may_call(CallConv from, CallConv to)
{
	const ConvInfo *callee = conv_info(to);
	return callee->family == FAMILY_CALLABLE && (from == to || (callee->called_from >> conv_info(from)->family & 1));
}

CallConv conv_called_by(ConvFamily f)
{
	for (unsigned cc = 0; cc < CC_COUNT; cc++)
		if (conventions[cc].family == FAMILY_CALLABLE && (conventions[cc].called_from >> f & 1))
			return (CallConv)cc;
	return CC_COUNT;
}

unsigned conv_report_rows(ConvRow rows[CONV_MAX_ROWS])
{
	unsigned n = 0;
	for (unsigned i = 0; conv_in_report_order(i) != CC_COUNT; i++) {
		const ConvInfo *c = conv_info(conv_in_report_order(i));
		bool seen = false;
		for (unsigned k = 0; k < n; k++)
			seen |= strcmp(rows[k].group, c->group) == 0;
		if (seen)
			continue;
		rows[n] = (ConvRow){ .group = c->group, .family = c->family, .probe_default = c->probe_default };
		snprintf(rows[n].name, sizeof rows[n].name, "%s", c->group);
		n++;
		if (c->shader_calls_apart) {
			rows[n] = rows[n - 1];
			rows[n].from_shaders = true;
			snprintf(rows[n].name, sizeof rows[n].name, "shader->%s", c->group);
			n++;
		}
	}
	return n;
}

int conv_row_of(const ConvRow *rows, unsigned n, CallConv from, CallConv to)
{
	const ConvInfo *callee = conv_info(to);
	bool shader = from != CC_COUNT && conv_in_family(from, FAMILY_SHADER) && callee->shader_calls_apart;
	for (unsigned k = 0; k < n; k++)
		if (strcmp(rows[k].group, callee->group) == 0 && rows[k].from_shaders == shader)
			return (int)k;
	return -1;
}

static CallConv by_family(const uint8_t order[FAMILY_COUNT], unsigned i)
{
	for (unsigned f = 0; f < FAMILY_COUNT; f++)
		for (unsigned cc = 0; cc < CC_COUNT; cc++)
			if (conventions[cc].family == order[f] && i-- == 0)
				return (CallConv)cc;
	return CC_COUNT;
}

CallConv conv_in_report_order(unsigned i)
{
	static const uint8_t order[FAMILY_COUNT] = { FAMILY_CALLABLE, FAMILY_CHAIN, FAMILY_SHADER, FAMILY_KERNEL };
	return by_family(order, i);
}

CallConv conv_in_generator_order(unsigned i)
{
	static const uint8_t order[FAMILY_COUNT] = { FAMILY_CALLABLE, FAMILY_SHADER, FAMILY_CHAIN, FAMILY_KERNEL };
	return by_family(order, i);
}
