/* The rule tables, one ordered list per convention and direction; conv.c
 * says which convention uses which. Each row's text is the ABI rule that
 * reports and errors quote. */
#include "rules.h"

#define RULES(name, a, r, imp, roles, ent)                                                                            \
	_Static_assert(sizeof a / sizeof a[0] <= MAX_ROWS, #a " has too many rows");                            \
	_Static_assert(sizeof r / sizeof r[0] <= MAX_ROWS, #r " has too many rows");                            \
	const CcTables name = { a, r, sizeof a / sizeof a[0], sizeof r / sizeof r[0], imp, roles, ent }

/* CC_AMDGPU_Func: callable functions of the default convention. */
static const CcRule func_args[] = {
	{ MATCH(ALL_PARTS), .byval = YES, .action = ACT_BYVAL_COPY,
	  .rule = "byval arguments are copied into the stack argument area" },
	{ MATCH(CLS(I1)), .action = ACT_PROMOTE_I32,
	  .rule = "i1 is promoted to i32: its stack object stays 1 byte, but a SelectionDAG caller stores all 4" },
	{ MATCH(CLS(INT)), .ext = YES, .action = ACT_PROMOTE_I32,
	  .rule = "extended i8/i16 are promoted to i32: the stack object stays 2 bytes, a SelectionDAG caller stores 4" },
	{ MATCH(ALL_PARTS), .inreg = YES, ONLY(SEL_GISEL), NEEDS(func_inreg_gisel_fails), .action = ACT_FAIL,
	  .rule = "unable to lower arguments: GlobalISel has no rule for inreg arguments" },
	{ MATCH(ALL_PARTS), .inreg = YES, NEEDS(func_inreg_sgpr), SGPRS_OF(POOL_FUNC_SGPR_ARGS),
	  .rule = "inreg parts take the free SGPRs of func_sgpr_args, in order" },
	{ MATCH(ALL_PARTS), VGPRS(0, 31), .rule = "parts take v0-v30; v31 carries the packed work-item IDs" },
	{ MATCH(ALL_PARTS), .action = ACT_STACK, .rule = "then 4-byte stack slots, no wider alignment" },
};

/* RetCC_AMDGPU_Func: VGPRs only; inreg is ignored on returns. */
static const CcRule func_returns[] = {
	{ MATCH(CLS(I1)), .action = ACT_PROMOTE_I32, .rule = "a returned i1 is promoted to i32" },
	{ MATCH(CLS(INT)), .ext = YES, .action = ACT_PROMOTE_I32,
	  .rule = "a signext/zeroext i8 or i16 return is promoted to i32, extended" },
	{ MATCH(ALL_PARTS), VGPRS(0, 32), .rule = "return parts take v0-v31" },
	{ MATCH(ALL_PARTS), .action = ACT_FAIL,
	  .rule = "more than 32 return parts: the return is demoted to a hidden sret pointer" },
};

/* CC_SI_Gfx: amdgpu_gfx, and amdgpu_gfx_whole_wave after its active-lane
 * mask (conv.c). byval has no row: the pointer itself is passed. */
static const CcRule gfx_args[] = {
	{ MATCH(ALL_VALUES), .inreg = YES, SGPRS_OF(POOL_GFX_SGPR_ARGS), .rule = "inreg parts take gfx_sgpr_args" },
	{ MATCH(ALL_VALUES), .inreg = NO, VGPRS(0, 32), .rule = "other parts take v0-v31 (no implicit VGPR inputs)" },
	{ MATCH(ALL_PARTS), .action = ACT_STACK,
	  .rule = "then the stack: inreg parts never fall back to VGPRs, and i1 always goes here" },
};

/* RetCC_SI_Gfx (amdgpu_gfx_whole_wave too; llc 22 loses some of its returns: cc.c). */
static const CcRule gfx_returns[] = {
	{ MATCH(CLS(I1)), .action = ACT_PROMOTE_I32, .rule = "a returned i1 is promoted to i32" },
	{ MATCH(CLS(INT)), .ext = YES, .action = ACT_PROMOTE_I32,
	  .rule = "a signext/zeroext i8 or i16 return is promoted to i32, extended" },
	{ MATCH(ALL_PARTS), .inreg = YES, .action = ACT_FAIL,
	  .rule = "an inreg return is not lowered in registers: it is demoted (GlobalISel passes the pointer inreg)" },
	{ MATCH(ALL_PARTS), ONLY(SEL_DAG), NEEDS(gfx_ret_dag_vgpr_budget), VGPRS(0, VGPR_BUDGET),
	  .rule = "SelectionDAG returns only as many parts as the function's VGPR budget allows" },
	{ MATCH(ALL_PARTS), ONLY(SEL_DAG), NEEDS(gfx_ret_dag_vgpr_budget), .action = ACT_FAIL,
	  .rule = "beyond the VGPR budget the return is demoted" },
	{ MATCH(ALL_PARTS), VGPRS(0, 136), .rule = "return parts take v0-v135" },
	{ MATCH(ALL_PARTS), .action = ACT_FAIL,
	  .rule = "more than 136 return parts: the return is demoted to a hidden sret pointer" },
};

/* CC_SI_SHADER: the shader entry points (amdgpu_cs, _ps, _vs, _gs, _hs,
 * _es, _ls). User SGPRs and VGPR inputs only: there is no stack, so running
 * out of either file is llc's "unable to allocate function argument". */
static const CcRule shader_args[] = {
	{ MATCH(CLS(I1)), NEEDS(shader_i1_arg_fails), .action = ACT_FAIL,
	  .rule = "unable to allocate function argument: no row of CC_SI_SHADER takes i1" },
	{ MATCH(CLS(I1)), .action = ACT_PROMOTE_I32, .rule = "i1 is promoted to i32" },
	{ MATCH(ALL_VALUES), .inreg = YES, SGPRS(0, 44), .rule = "inreg parts take the user SGPRs s0-s43" },
	{ MATCH(ALL_VALUES), .inreg = NO, VGPRS(0, 136), .rule = "other parts take the VGPR inputs v0-v135" },
	{ MATCH(ALL_VALUES), .action = ACT_FAIL,
	  .rule = "unable to allocate function argument: more than 44 SGPR or 136 VGPR parts, and no stack" },
};

/* RetCC_SI_Shader: integer parts and float parts count separately. There is
 * no sret demotion: a return that does not fit is an error. */
static const CcRule shader_returns[] = {
	{ MATCH(CLS(I1)), .ext = YES, .action = ACT_PROMOTE_I32,
	  .rule = "a signext/zeroext i1 return is promoted to i32" },
	{ MATCH(CLS(I1)), ONLY(SEL_DAG), .action = ACT_FAIL,
	  .rule = "unable to allocate function return: SelectionDAG has no row for a plain i1" },
	{ MATCH(CLS(I1) | CLS(INT)), SGPRS(0, 44),
	  .rule = "integer parts (i8-i32, pieces of wider values and doubles, pointers, <2 x i16>) take s0-s43" },
	{ MATCH(CLS(FP) | CLS(BF16)), VGPRS(0, 136), .rule = "float parts (half, bfloat, float, <2 x half>) take v0-v135" },
	{ MATCH(ALL_PARTS), .action = ACT_FAIL,
	  .rule = "unable to allocate function return: more than 44 SGPR or 136 VGPR parts" },
};

/* CC_AMDGPU_CS_CHAIN: both chain conventions, the preserving one too (LLVM
 * 19 on). s0-s104 and v8-v255 (v0-v7 stay with the hardware), no stack. The
 * verifier allows only void returns, so there is no return table to speak of. */
static const CcRule chain_args[] = {
	{ MATCH(CLS(I1)), .action = ACT_FAIL,
	  .rule = "unable to allocate function argument: no row of CC_AMDGPU_CS_CHAIN takes i1 (19 and 22 alike)" },
	{ MATCH(ALL_VALUES), .inreg = YES, SGPRS(0, 105), .rule = "inreg parts take s0-s104" },
	{ MATCH(ALL_VALUES), .inreg = NO, VGPRS(8, 247), .rule = "other parts take v8-v254" },
	{ MATCH(ALL_VALUES), .action = ACT_FAIL,
	  .rule = "unable to allocate function argument: more than 105 SGPR or 247 VGPR parts, and no stack" },
};

static const CcRule chain_returns[] = {
	{ MATCH(ALL_PARTS), .action = ACT_FAIL, .rule = "Calling convention requires void return type",
	  .refusal = REFUSAL_INVALID_IR },
};
RULES(func_rules, func_args, func_returns, true, true, false);
RULES(gfx_rules, gfx_args, gfx_returns, false, true, false);
RULES(shader_rules, shader_args, shader_returns, false, false, true);
RULES(chain_rules, chain_args, chain_returns, false, false, true);
