/* Dynamic allocas: a run-time amount (a size rounded to a multiple of a
 * power of two, shifted into SP's units), the top of the alloca it makes
 * of an SP value, and what a call's SP must be for the objects below it.
 * AMDGPU's stack grows up: the object begins at the SP before it (rounded
 * up to its alignment) and SP moves past it by its size in the unit SP
 * counts, bytes per lane or (a swizzled scratch descriptor) per wave:
 * SIISelLowering's lowerDYNAMIC_STACKALLOCImpl, llvm/llvm-project#119822,
 * #121148 (a divergent size: its wave-wide maximum). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

bool is_address(const Exec *x, Val v)
{
	switch ((VKind)v.kind) {
	case V_ENTRY: return v.file == RF_SGPR && v.reg == x->sp;
	case V_ALIGNED:
	case V_DYN: return true;
	case V_CONST: return x->in->contract->entry; /* an entry point's SP: a constant it sets */
	default: return false;
	}
}

static int dyn_find(const State *st, uint32_t id)
{
	for (int k = 0; k < EXEC_DYNS; k++)
		if (st->dyn[k].id == id && id)
			return k;
	return -1;
}

Val dyn_top(Exec *x, State *st, Val base, Val amount, unsigned shift, uint32_t line)
{
	int k = 0;
	while (k < EXEC_DYNS && st->dyn[k].id && st->dyn[k].live)
		k++;
	if (k == EXEC_DYNS || amount.kind != V_AMOUNT || amount.file)
		return unknown_val(x, line);
	amount.off += shift;
	st->dyn[k].id = ++x->fresh;
	st->dyn[k].line = line;
	st->dyn[k].base = base;
	st->dyn[k].amount = amount;
	st->dyn[k].live = true;
	return (Val){ .kind = V_DYN, .id = st->dyn[k].id };
}

Val dyn_root(const State *st, Val v)
{
	for (unsigned n = 0; v.kind == V_DYN && n <= EXEC_DYNS; n++) {
		int k = dyn_find(st, v.id);
		if (k < 0)
			return (Val){ .kind = V_UNKNOWN };
		int64_t off = v.off;
		v = st->dyn[k].base;
		v.off += off;
	}
	return v;
}

/* Whether v is at or above the top of alloca id: that top, or a later
 * alloca's made from it, plus a non-negative offset. */
static bool covers(const State *st, Val v, uint32_t id)
{
	for (unsigned n = 0; v.kind == V_DYN && n <= EXEC_DYNS; n++) {
		if (v.id == id)
			return v.off >= 0;
		int k = dyn_find(st, v.id);
		if (k < 0)
			return false;
		int64_t off = v.off;
		v = st->dyn[k].base;
		v.off += off;
	}
	return false;
}

/* Whether v, a scratch address, is at or above sp: the same symbolic base
 * at an offset no lower, or a dynamic top (at or above its base) or an SP
 * value rounded (at or above the lowest it can be) that is. A constant is
 * no address here (it may be any number). */
static bool at_or_above(const Exec *x, const State *st, Val v, Val sp)
{
	for (unsigned n = 0; n <= 2 * EXEC_DYNS; n++) {
		if (v.kind == sp.kind && v.kind != V_CONST && is_address(x, v) && v.file == sp.file && v.reg == sp.reg &&
		    v.id == sp.id)
			return v.off >= sp.off;
		int64_t off = v.off;
		int k = v.kind == V_DYN ? dyn_find(st, v.id) : -1;
		if (k >= 0) {
			v = st->dyn[k].base;
			v.off += off;
			continue;
		}
		unsigned i = 0;
		while (v.kind == V_ALIGNED && i < EXEC_DYNS && !(st->rounded[i].id == v.id && v.id))
			i++;
		if (v.kind != V_ALIGNED || i == EXEC_DYNS)
			return false;
		v = st->rounded[i].low;
		v.off += off;
	}
	return false;
}

void dyn_sp_written(Exec *x, State *st)
{
	for (unsigned k = 0; k < EXEC_DYNS; k++)
		if (st->dyn[k].live && !covers(st, st->s[x->sp], st->dyn[k].id))
			st->dyn[k].live = false;
}

bool dyn_call(Exec *x, const State *st, const AsmInstr *in, const char *callee, const Placement *p, Val sp)
{
	char a[96], b[96], r[16];
	unsigned scale = x->scale, align = x->in->contract->stack_align * x->scale, log2_align = 0;
	while ((1u << log2_align) < align)
		log2_align++;
	/* SP a dynamic top: each amount it adds covers a per-lane byte in
	 * SP's units, and keeps SP aligned. */
	for (Val v = sp; v.kind == V_DYN;) {
		int k = dyn_find(st, v.id);
		if (k < 0)
			break;
		Val m = st->dyn[k].amount;
		if (((int64_t)1 << m.off) < (int64_t)scale) {
			stop(x, VERDICT_VIOLATED, in->line,
			     "at the call SP is the top of the dynamic alloca at line %u, which moves SP by its size in "
			     "per-lane bytes times %lld, but SP counts %u units per per-lane byte: the objects of lanes "
			     "past the first lie in the callee's frame", st->dyn[k].line, (long long)1 << m.off, scale);
			blame(x, st, x->sp);
			return false;
		}
		if (m.reg + m.off < (int64_t)log2_align) {
			stop(x, VERDICT_VIOLATED, in->line,
			     "at the call SP is the top of the dynamic alloca at line %u, which moves SP by a multiple of "
			     "%lld, not of %u (the stack alignment in SP's units)", st->dyn[k].line,
			     (long long)1 << (m.reg + m.off), align);
			blame(x, st, x->sp);
			return false;
		}
		int64_t off = v.off;
		v = st->dyn[k].base;
		v.off += off;
	}
	/* Every live alloca lies below the SP the callee gets. */
	for (unsigned k = 0; k < EXEC_DYNS; k++) {
		if (!st->dyn[k].live || covers(st, sp, st->dyn[k].id))
			continue;
		val_describe(x, st->dyn[k].base, a, sizeof a);
		val_describe(x, sp, b, sizeof b);
		snprintf(x->out->callee, sizeof x->out->callee, "%s", callee);
		stop(x, VERDICT_VIOLATED, in->line,
		     "call of @%s: the dynamic alloca at line %u (its object from %s up) is not below the SP the callee "
		     "gets (%s): the callee's frame overlaps it", callee, st->dyn[k].line, a, b);
		blame(x, st, x->sp);
		return false;
	}
	/* No argument is the address of a stack object at or above SP. */
	for (unsigned k = 0; p && k < p->nlocs; k++) {
		const Loc *l = &p->locs[k];
		if ((l->kind != LOC_SGPR && l->kind != LOC_VGPR) ||
		    (p->ret.count && k >= p->ret.first && k < p->ret.first + p->ret.count))
			continue;
		Val v = l->kind == LOC_SGPR ? st->s[l->reg % R_VCC] : st->v[l->reg % REGSET_MAX].act;
		if (!at_or_above(x, st, v, sp))
			continue;
		val_describe(x, v, a, sizeof a);
		val_describe(x, sp, b, sizeof b);
		snprintf(x->out->callee, sizeof x->out->callee, "%s", callee);
		stop(x, VERDICT_VIOLATED, in->line,
		     "call of @%s: %s, an argument register, holds %s, the address of a stack object at or above the SP "
		     "the callee gets (%s): the callee's frame overlaps it", callee,
		     reg_name(l->kind == LOC_SGPR ? RF_SGPR : RF_VGPR, l->reg, r, sizeof r), a, b);
		if (l->kind == LOC_SGPR)
			blame(x, st, l->reg % R_VCC);
		return false;
	}
	return true;
}

/* The mask of an immediate -2^k (x & -2^k: x rounded down to a multiple
 * of 2^k); 0: not one. */
static unsigned round_log2(const AsmOp *op)
{
	if (op->kind != AOP_IMM)
		return 0;
	uint32_t low = ~(uint32_t)op->imm;
	if (!low || (low & (low + 1)) != 0 || low == ~0u)
		return 0;
	unsigned k = 0;
	while (low >> k & 1)
		k++;
	return k;
}

/* s_and_b32, v_and_b32 of a value that is no address (a size computed at
 * run time) and -2^k: an amount, a multiple of 2^k. */
int dyn_round(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned k = round_log2(&o[2]), src = 1;
	if (!k && (k = round_log2(&o[1])) != 0)
		src = 2;
	if (!k || o[0].kind != AOP_REG)
		return STEP_NEXT;
	Val v = read_op(x, st, &o[src], 0, in->line);
	/* a value computed or loaded, or a register's entry value plus a
	 * constant (an inreg byte count + 15), not an SP value (lane 0's
	 * value of a lane-varying one stays what it is: calls judge it) */
	bool size = (v.kind == V_UNKNOWN && (v.reg & WORD_KIND) != LANE0_WORD) || v.kind == V_AMOUNT ||
		    (v.kind == V_ENTRY && !is_address(x, v));
	if (!size)
		return STEP_NEXT;
	bool vary = val_varies(x, v);
	Val m = { .kind = V_AMOUNT, .reg = (uint16_t)(v.kind == V_AMOUNT && v.reg > k ? v.reg : k), .file = vary,
		  .id = ++x->fresh, .off = v.kind == V_AMOUNT ? v.off : 0 };
	if (o[0].file == RF_SGPR) {
		unsigned r;
		if (!sreg_of(&o[0], 0, &r))
			return STEP_NEXT;
		write_s(st, r, m);
		st->s[R_SCC] = unknown_val(x, in->line);
		return STEP_ON;
	}
	return write_v(x, st, in, (RegFile)o[0].file, o[0].first, m) ? STEP_ON : STEP_END;
}

/* s_lshl_b32 of an amount by an immediate: the amount in larger units. */
int dyn_shift(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned r;
	Val v = read_op(x, st, &o[1], 0, in->line);
	if (v.kind != V_AMOUNT || o[2].kind != AOP_IMM || o[2].imm < 0 || o[2].imm > 31 || !sreg_of(&o[0], 0, &r))
		return STEP_NEXT;
	v.off += o[2].imm;
	write_s(st, r, v);
	st->s[R_SCC] = unknown_val(x, in->line);
	return STEP_ON;
}

/* s_max_u32 of amounts (or of 0 and one, a reduction's start): an amount
 * as coarse as the finer of them. */
int dyn_max(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned r;
	Val a = read_op(x, st, &o[1], 0, in->line), b = read_op(x, st, &o[2], 0, in->line);
	if (a.kind != V_AMOUNT) {
		Val t = a;
		a = b, b = t;
	}
	if (a.kind != V_AMOUNT || a.file || !sreg_of(&o[0], 0, &r))
		return STEP_NEXT;
	if (b.kind == V_AMOUNT && !b.file && b.off == a.off)
		a.reg = a.reg < b.reg ? a.reg : b.reg;
	else if (!same_val(b, const_val(0)))
		return STEP_NEXT;
	write_s(st, r, a);
	st->s[R_SCC] = unknown_val(x, in->line);
	return STEP_ON;
}

/* v_readlane_b32 of a lane-varying amount at a lane an SGPR names (a
 * wave-wide reduction's round): that lane's amount, one value. */
int dyn_read_lane(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned r;
	if (!sreg_of(&o[0], 0, &r) || o[1].kind != AOP_REG || o[1].file != RF_VGPR || o[2].kind != AOP_REG ||
	    o[2].file != RF_SGPR)
		return STEP_NEXT;
	Val v = read_op(x, st, &o[1], 0, in->line);
	if (v.kind != V_AMOUNT)
		return STEP_NEXT;
	v.file = 0;
	write_s(st, r, v);
	return STEP_ON;
}

/* v_lshl_add_u32 d, amount, k, sp: the top of a dynamic alloca, the
 * amount shifted into SP's units added to an SP value. */
int dyn_shift_add(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	Val m = read_op(x, st, &o[1], 0, in->line), base = read_op(x, st, &o[3], 0, in->line);
	if (m.kind != V_AMOUNT || m.file || o[2].kind != AOP_IMM || o[2].imm < 0 || o[2].imm > 31 ||
	    !is_address(x, base) || o[0].kind != AOP_REG || o[0].file == RF_SGPR)
		return STEP_NEXT;
	Val top = dyn_top(x, st, base, m, (unsigned)o[2].imm, in->line);
	return write_v(x, st, in, (RegFile)o[0].file, o[0].first, top) ? STEP_ON : STEP_END;
}

/* v_lshlrev_b32 d, k, amount (gfx8, which has no v_lshl_add_u32): the
 * amount in larger units, one value in every lane. */
int dyn_shift_rev(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	Val m = read_op(x, st, &o[2], 0, in->line);
	if (m.kind != V_AMOUNT || m.file || o[1].kind != AOP_IMM || o[1].imm < 0 || o[1].imm > 31 || o[0].kind != AOP_REG ||
	    o[0].file == RF_SGPR)
		return STEP_NEXT;
	m.off += o[1].imm;
	return write_v(x, st, in, (RegFile)o[0].file, o[0].first, m) ? STEP_ON : STEP_END;
}

/* v_add_u32 d, [carry,] a, b of an SP value and an amount in SP's units
 * (gfx8's v_add_u32_e32 v1, vcc, s18, v1): a dynamic alloca's top; the
 * carry-out not known. */
int dyn_vector_add(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	Val a = read_op(x, st, &o[in->nops - 2], 0, in->line), b = read_op(x, st, &o[in->nops - 1], 0, in->line);
	if (a.kind == V_AMOUNT) {
		Val t = a;
		a = b, b = t;
	}
	if (b.kind != V_AMOUNT || b.file || !is_address(x, a) || o[0].kind != AOP_REG || o[0].file == RF_SGPR)
		return STEP_NEXT;
	for (unsigned k = 0; in->nops == 4 && k < 2; k++) {
		unsigned r;
		if (sreg_of(&o[1], k, &r))
			write_s(st, r, unknown_val(x, in->line));
	}
	Val top = dyn_top(x, st, a, b, 0, in->line);
	return write_v(x, st, in, (RegFile)o[0].file, o[0].first, top) ? STEP_ON : STEP_END;
}
