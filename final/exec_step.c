/* Instruction semantics: one instruction's effect on the state (SALU and
 * VALU moves and arithmetic, lane masks, compares, branches, memory, calls
 * and returns), or the path stopped where it leaves the supported subset.
 * The instructions are a table of families (`families`, at the end): a
 * row matches mnemonics and an operand count and names its effect. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

/* SALU arithmetic that keeps stack-pointer values symbolic. */
/* A 32-bit register's arithmetic wraps: s_add_i32 s32, s32, 0xffff4000
 * takes 0xc000 off SP. */
static int64_t wrap32(int64_t v) { return (int32_t)(uint32_t)v; }

static Val add(Exec *x, State *st, Val a, Val b, bool sub, uint32_t line)
{
	if (b.kind == V_CONST && (a.kind == V_ENTRY || a.kind == V_CONST || a.kind == V_ALIGNED || a.kind == V_DYN)) {
		a.off = wrap32(a.off + (sub ? -b.off : b.off));
		return a;
	}
	if (!sub && a.kind == V_CONST && b.kind == V_ENTRY) {
		b.off = wrap32(b.off + a.off);
		return b;
	}
	/* An SP value plus an amount in SP's units: a dynamic alloca's top. */
	if (!sub && b.kind == V_AMOUNT && is_address(x, a))
		return dyn_top(x, st, a, b, 0, line);
	if (!sub && a.kind == V_AMOUNT && is_address(x, b))
		return dyn_top(x, st, b, a, 0, line);
	/* s_getpc_b64, then the low and high halves of a label or symbol. */
	if (!sub && a.kind == V_PC_LO && (b.kind == V_LABEL_LO || b.kind == V_SYM_LO || b.kind == V_GOT_LO))
		return b;
	if (!sub && a.kind == V_PC_HI && (b.kind == V_LABEL_HI || b.kind == V_SYM_HI || b.kind == V_GOT_HI))
		return b;
	return unknown_val(x, line);
}

static bool writes_exec(const AsmInstr *in)
{
	unsigned r;
	return in->nops && sreg_of(&in->op[0], 0, &r) && (r == R_EXEC || r == R_EXEC + 1);
}

/* A scalar instruction on masks (lanes.h); false: its operands are not
 * masks the executor follows, and it is taken as any SALU instruction. A
 * saveexec keeps EXEC in its destination whatever they are. */
static unsigned free_var(const State *st);

/* A register's value that is not a mask the executor follows, taken as
 * one by an instruction on masks (llc's loop-exit mask begins as an
 * implicit-def, `s_andn2_b64 s[6:7], s[64:65], exec`): any lanes, a
 * variable of its own, the same each time that value is read as one.
 * False: no variable is left, or v is not a register's value. */
static bool as_mask(Exec *x, State *st, const AsmOp *op, unsigned k, Val *v, unsigned *var, uint32_t line)
{
	unsigned r;
	if (!sreg_of(op, k, &r) || r >= R_VCC || v->kind == V_CONST)
		return false;
	for (unsigned i = 0; i < EXEC_ASMASKS; i++)
		if (st->asmask[i].mask.kind == V_LANES && same_val(st->asmask[i].v, *v) &&
		    st->asmask[i].mask.reg == R_EXEC + k) {
			*v = st->asmask[i].mask;
			return true;
		}
	if (!*var && !(*var = free_var(st)) && compact(x, st, LANE_ALL))
		*var = free_var(st);
	if (!*var)
		return false;
	unsigned i = st->nasmasks++ % EXEC_ASMASKS;
	st->asmask[i].v = *v;
	st->asmask[i].mask = *v = lanes_val(x, (Lanes){ lane_var(*var), false }, (int)k, line);
	return true;
}

static bool lane_step(Exec *x, State *st, const AsmInstr *in, const LaneInstr *li)
{
	const AsmOp *o = in->op;
	unsigned n = strstr(in->mnemonic, "_b64") ? 2 : 1, r;
	bool plain = li->form == LANE_PLAIN;
	if (in->nops != (plain && !li->unary ? 3u : 2u))
		return false;
	Val out[2], exec[2];
	unsigned var = 0;
	for (unsigned k = 0; k < n; k++) {
		Lanes a, b = { 0, false };
		int ha, hb = -1;
		Val va = read_op(x, st, &o[1], k, in->line);
		Val vb = plain ? (li->unary ? const_val(0) : read_op(x, st, &o[2], k, in->line)) : st->s[R_EXEC + k];
		/* one operand a mask, the other a register's value: that as one */
		if (plain && !li->unary && lanes_of(vb, &b, &hb) && !lanes_of(va, &a, &ha))
			as_mask(x, st, &o[1], k, &va, &var, in->line);
		else if (plain && !li->unary && lanes_of(va, &a, &ha) && !lanes_of(vb, &b, &hb))
			as_mask(x, st, &o[2], k, &vb, &var, in->line);
		bool masks = lanes_of(va, &a, &ha) && lanes_of(vb, &b, &hb) && (ha < 0 || hb < 0 || ha == hb);
		if (!masks && plain)
			return false;
		exec[k] = masks ? lanes_val(x, lane_apply(li, a, b), ha >= 0 ? ha : hb, in->line) : unknown_val(x, in->line);
		out[k] = li->form == LANE_SAVEEXEC ? st->s[R_EXEC + k] : exec[k];
	}
	for (unsigned k = 0; k < n; k++) {
		if (!plain)
			write_s(st, R_EXEC + k, exec[k]);
		if (sreg_of(&o[0], k, &r))
			write_s(st, r, out[k]);
	}
	st->s[R_SCC] = unknown_val(x, in->line);
	return true;
}

/* Whether an SGPR holds value v. */
static bool sgpr_holds(const State *st, Val v)
{
	for (unsigned r = 0; r < R_VCC; r++)
		if (same_val(st->s[r], v))
			return true;
	return false;
}

/* Every mask of the state, rewritten by lane_compact (care: the rows a
 * lane may be in); false: the path cannot run (no lane active at entry
 * is possible on it). */
bool compact(Exec *x, State *st, uint32_t care)
{
	/* a guard of a value, or a value taken as a mask, that no SGPR holds
	 * any more: nothing */
	for (unsigned i = 0; i < EXEC_GUARDS; i++)
		if (!sgpr_holds(st, st->guards[i].lane))
			st->guards[i].mask[0] = st->guards[i].mask[1] = const_val(0);
	for (unsigned i = 0; i < EXEC_ASMASKS; i++)
		if (!sgpr_holds(st, st->asmask[i].v))
			st->asmask[i].mask = const_val(0);
	Val **at = x->mask_at;
	uint32_t *t = x->mask_t;
	unsigned n = 0;
#define MASK(v) if ((v).kind == V_LANES) at[n] = &(v), t[n] = (uint32_t)(v).off, n++
	for (unsigned r = 0; r < NSREG; r++)
		MASK(st->s[r]);
	for (unsigned r = 0; r < REGSET_MAX; r++) {
		MASK(st->v[r].act);
		MASK(st->v[r].inact);
		MASK(st->a[r].act);
		MASK(st->a[r].inact);
	}
	for (unsigned i = 0; i < st->nslots; i++) {
		MASK(st->slots[i].act);
		MASK(st->slots[i].inact);
	}
	for (unsigned i = 0; i < st->nov; i++)
		MASK(st->ov[i].v);
	for (unsigned i = 0; i < EXEC_GUARDS; i++) {
		MASK(st->guards[i].mask[0]);
		MASK(st->guards[i].mask[1]);
	}
	for (unsigned i = 0; i < EXEC_ASMASKS; i++)
		MASK(st->asmask[i].mask);
#undef MASK
	int k = lane_compact(t, n, care);
	if (k < 0)
		return false;
	for (unsigned i = 0; i < n && k < LANE_VARS; i++)
		*at[i] = lanes_val(x, (Lanes){ t[i], at[i]->file != 0 }, at[i]->reg - R_EXEC, 0);
	return true;
}

/* A branch on a mask being zero (s_cbranch_execz, _vccz and their nz
 * forms), on the side where it is: its lanes are none. False: the side
 * cannot be taken. */
bool mask_zero(Exec *x, State *st, unsigned reg)
{
	unsigned n = x->in->wave == 64 ? 2 : 1;
	Lanes l[2];
	int h;
	bool exact = true;
	for (unsigned k = 0; k < n; k++)
		exact &= lanes_of(st->s[reg + k], &l[k], &h) && !l[k].within && (k == 0 || l[k].t == l[0].t);
	for (unsigned k = 0; k < n; k++)
		write_s(st, reg + k, const_val(0));
	/* The halves' lanes are others: one function of both is needed to
	 * tell which lanes are possible. */
	return !exact || compact(x, st, ~l[0].t);
}

/* A variable (lanes.h) no mask of the state depends on; 0: none left. */
static bool uses_var(Val v, unsigned k) { return v.kind == V_LANES && lane_depends((uint32_t)v.off, k); }

static unsigned free_var(const State *st)
{
	for (unsigned k = 1; k < LANE_VARS; k++) {
		bool used = false;
		for (unsigned r = 0; r < NSREG && !used; r++)
			used = uses_var(st->s[r], k);
		for (unsigned r = 0; r < REGSET_MAX && !used; r++)
			used = uses_var(st->v[r].act, k) || uses_var(st->v[r].inact, k) || uses_var(st->a[r].act, k) ||
			       uses_var(st->a[r].inact, k);
		for (unsigned i = 0; i < st->nslots && !used; i++)
			used = uses_var(st->slots[i].act, k) || uses_var(st->slots[i].inact, k);
		for (unsigned i = 0; i < st->nov && !used; i++)
			used = uses_var(st->ov[i].v, k);
		for (unsigned i = 0; i < EXEC_GUARDS && !used; i++)
			used = uses_var(st->guards[i].mask[0], k) || uses_var(st->guards[i].mask[1], k);
		for (unsigned i = 0; i < EXEC_ASMASKS && !used; i++)
			used = uses_var(st->asmask[i].mask, k);
		if (!used)
			return k;
	}
	return 0;
}

/* A compare for equality of lane 0's value (an SGPR) and the vector
 * value v_readfirstlane_b32 read it from, each 32-bit half: its result
 * out is a guard of every lane 0's value it compared, the lanes where the
 * two are equal (a waterfall loop's v_cmp_eq). */
static void guard(State *st, const AsmInstr *in, const Val *out, Exec *x)
{
	const char *m = in->mnemonic;
	if (!(has_prefix(m, "v_cmp_eq_") || has_prefix(m, "v_cmpx_eq_")) || in->nops < 2 ||
	    !(strstr(m, "_u32") || strstr(m, "_i32") || strstr(m, "_u64") || strstr(m, "_i64")))
		return;
	const AsmOp *a = &in->op[in->nops - 2], *b = &in->op[in->nops - 1];
	if (a->kind != AOP_REG || b->kind != AOP_REG || (a->file == RF_SGPR) == (b->file == RF_SGPR))
		return;
	if (b->file == RF_SGPR) {
		const AsmOp *t = a;
		a = b, b = t;
	}
	unsigned width = strstr(m, "_u64") || strstr(m, "_i64") ? 2 : 1;
	Val lanes[2];
	for (unsigned k = 0; k < width; k++) {
		Val l = lanes[k] = read_op(x, st, a, k, in->line), v = read_op(x, st, b, k, in->line);
		bool found = false;
		for (unsigned i = 0; i < EXEC_FIRSTS && i < st->nfirsts && !found; i++)
			found = l.kind == V_UNKNOWN && (l.reg & WORD_KIND) == LANE0_WORD && st->firsts[i].id == l.id &&
				same_val(st->firsts[i].src, v);
		if (!found)
			return;
	}
	for (unsigned k = 0; k < width; k++) {
		unsigned g = st->nguards++ % EXEC_GUARDS;
		st->guards[g].lane = lanes[k];
		st->guards[g].mask[0] = out[0];
		st->guards[g].mask[1] = x->in->wave == 64 ? out[1] : const_val(0);
	}
}

/* A VALU compare: in each lane EXEC has on, its outcome, a variable of
 * its own; 0 in the others (a compare ANDs inactive lanes with 0: LLVM
 * D105709). v_cmp writes it to its SGPR operand (VCC in
 * the e32 form), v_cmpx to EXEC, and on gfx9 to its SGPR operand too
 * (the form with three operands). */
bool exec_compare(Exec *x, State *st, const AsmInstr *in)
{
	bool to_exec = has_prefix(in->mnemonic, "v_cmpx");
	unsigned var = free_var(st), n = x->in->wave == 64 ? 2 : 1, r;
	if (!var && compact(x, st, LANE_ALL))
		var = free_var(st);
	Val out[2];
	for (unsigned k = 0; k < n; k++) {
		Lanes e;
		int h;
		out[k] = unknown_val(x, in->line);
		if (lanes_of(st->s[R_EXEC + k], &e, &h) && (h < 0 || h == (int)k))
			out[k] = lanes_val(x, var ? (Lanes){ e.t & lane_var(var), e.within } : (Lanes){ e.t, true }, (int)k, in->line);
	}
	for (unsigned k = 0; k < n; k++) {
		if (in->nops == 3 && sreg_of(&in->op[0], k, &r))
			write_s(st, r, out[k]);
		else if (!to_exec && in->nops != 3)
			write_s(st, R_VCC + k, out[k]);
		if (to_exec)
			write_s(st, R_EXEC + k, out[k]);
	}
	guard(st, in, out, x);
	return true;
}

/* ---- the instruction families ------------------------------------------------
 *
 * Each family is one row of `families` below: the mnemonics it matches, the
 * operand count it needs, what it reads and writes, and its effect on the
 * state. exec_step tries the rows in order, first match wins; an effect
 * whose operands are not the form it handles returns STEP_NEXT and the
 * next row is tried. Adding an instruction is a row (and an effect when no
 * existing one fits). */

typedef int (*Effect)(Exec *x, State *st, const AsmInstr *in, int *label);

static int no_effect_at_all(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)x, (void)st, (void)in, (void)label;
	return STEP_ON;
}

/* s_setpc_b64: the return (to the return address), a tail call (to a
 * symbol, or through a function pointer loaded from a global) or a long
 * branch (to a label). */
static int set_pc(Exec *x, State *st, const AsmInstr *in, int *label)
{
	const AsmOp *o = in->op;
	Val lo = read_op(x, st, &o[0], 0, in->line), hi = read_op(x, st, &o[0], 1, in->line);
	const RegRange *ra = &x->in->contract->return_address;
	if (x->in->contract->entry) {
		/* An entry point or chain function has no caller: a jump through
		 * what a register held at entry goes nowhere the ABI names; to
		 * a function, it is a chain call (llvm.amdgcn.cs.chain), where
		 * a chain function gives back its registers, but the next
		 * function's arguments (an SGPR argument holding lane 0's value
		 * of a lane-varying one is right there: llvm/llvm-project#114232
		 * makes it so, the exits being in uniform control flow). */
		if (is_entry(lo, RF_SGPR, ra->first) && is_entry(hi, RF_SGPR, ra->first + 1u) &&
		    !argument_in(x->in->in, RF_SGPR, ra->first) && !argument_in(x->in->in, RF_SGPR, ra->first + 1u)) {
			stop(x, VERDICT_VIOLATED, in->line,
			     "%s returns through s[%u:%u], which hold what the hardware left there: it has no return "
			     "address", x->in->contract->chain ? "a chain function" : "an entry point", ra->first, ra->first + 1u);
			return STEP_END;
		}
		const ExecEnv *env = x->in->env;
		Contract cc;
		const Placement *p = 0;
		char held[ASM_NAME_MAX];
		const char *name = lo.kind == V_SYM_LO && hi.kind == V_SYM_HI && lo.id == hi.id ? x->syms[lo.id] : 0;
		/* through a pointer a variable holds (gcnabi emit's @gcnabi.<i>.fptr) */
		if (!name && lo.kind == V_LOAD && hi.kind == V_LOAD && lo.id == hi.id && hi.off == lo.off + 4 &&
		    lo.id < x->nsyms && env && env->pointee &&
		    env->pointee(env->ctx, x->syms[lo.id], lo.off, held, sizeof held))
			name = held;
		if (name && env && env->callee && env->callee(env->ctx, name, &cc, &p) && cc.chain && p) {
			exec_chain_call(x, st, in, name, p);
			return STEP_END;
		}
		if (!x->in->contract->chain) {
			x->out->returns++; /* an entry point gives nothing back */
			return STEP_END;
		}
		stop(x, VERDICT_UNKNOWN, in->line,
		     "a chain call of a function not known: which registers pass it arguments is not told");
		return STEP_END;
	}
	if (is_entry(lo, RF_SGPR, ra->first) && is_entry(hi, RF_SGPR, ra->first + 1u)) {
		exec_ret(x, st, in, 0, 0);
		return STEP_END;
	}
	if (lo.kind == V_SYM_LO && hi.kind == V_SYM_HI && lo.id == hi.id) {
		/* A tail call (SI_TCRETURN): of a callee whose placement
		 * is known, its argument registers are its own. */
		const ExecEnv *env = x->in->env;
		Contract cc;
		const Placement *p = 0;
		if (!(env && env->callee && env->callee(env->ctx, x->syms[lo.id], &cc, &p)))
			p = 0;
		if (uniform_sgpr_args(x, st, in, x->syms[lo.id], p, p ? &cc : 0))
			exec_ret(x, st, in, x->syms[lo.id], p);
		return STEP_END;
	}
	if (lo.kind == V_LOAD && hi.kind == V_LOAD && lo.id == hi.id && hi.off == lo.off + 4 && lo.id < x->nsyms) {
		/* A sibling call through a pointer loaded from a global (a
		 * return address is never kept there): the function it holds
		 * where the data says, else a callee not known, whose argument
		 * registers are then not told apart. */
		const ExecEnv *env = x->in->env;
		char held[ASM_NAME_MAX];
		Contract cc;
		const Placement *p = 0;
		if (env && env->pointee && env->pointee(env->ctx, x->syms[lo.id], lo.off, held, sizeof held)) {
			if (!(env->callee && env->callee(env->ctx, held, &cc, &p)))
				p = 0;
		} else {
			snprintf(held, sizeof held, "the function at %s+%lld", x->syms[lo.id], (long long)lo.off);
		}
		exec_ret(x, st, in, held, p);
		return STEP_END;
	}
	if (lo.kind == V_UNKNOWN && hi.kind == V_UNKNOWN && (lo.reg & WORD_KIND) && (lo.reg & WORD_KIND) == (hi.reg & WORD_KIND)) {
		/* A sibling call through a pointer loaded from memory that is
		 * not the stack (LDS, flat: LLVM's
		 * tail-call-uniform-target-in-vgprs-issue110930.ll), or one
		 * lane's of a pointer in VGPRs: a callee not known. */
		exec_ret(x, st, in, "a function through a pointer in memory", 0);
		return STEP_END;
	}
	if (lo.kind == V_LABEL_LO && hi.kind == V_LABEL_HI && lo.id == hi.id) {
		/* A long branch: s_getpc_b64, s_add_u32, s_addc_u32,
		 * s_setpc_b64 of a pair those three wrote. Through the
		 * return-address pair it is one only where they did (llc
		 * 14 saves s[30:31] and takes them for a loop's long
		 * back edge); a jump through that pair written anywhere
		 * else is the function's return into a long branch's
		 * target: the return address is gone
		 * (llvm/llvm-project#224205). */
		uint32_t at = (uint32_t)(in - x->in->f->instrs);
		bool own = true;
		for (unsigned k = 0; k < 2 && ra->first + k < NSREG; k++)
			own &= st->s_at[ra->first + k] && at - (st->s_at[ra->first + k] - 1) <= 3;
		if (o[0].kind == AOP_REG && o[0].first == ra->first && !own) {
			stop(x, VERDICT_VIOLATED, in->line,
			     "the function jumps through s[%u:%u] to %s again: its return address was overwritten by a long branch",
			     ra->first, ra->first + 1u, x->in->f->labels[lo.id]);
			blame(x, st, ra->first);
			return STEP_END;
		}
		*label = (int)lo.id;
		return STEP_JUMP;
	}
	char a[96];
	val_describe(x, lo, a, sizeof a);
	stop(x, VERDICT_VIOLATED, in->line, "s_setpc_b64 %s jumps to %s, not the return address", o[0].text, a);
	return STEP_END;
}

static int swap_pc(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	return exec_call(x, st, in) ? STEP_ON : STEP_END;
}

static int branch(Exec *x, State *st, const AsmInstr *in, int *label)
{
	const char *m = in->mnemonic;
	const AsmOp *o = in->op;
	int l = in->nops == 1 && o[0].kind == AOP_OTHER ? asm_label_find(x->in->f, o[0].text, strlen(o[0].text)) : -1;
	if (l < 0) {
		stop(x, VERDICT_UNKNOWN, in->line, "%s to a target the executor cannot find", m);
		return STEP_END;
	}
	*label = l;
	/* Which side of a branch on EXEC or VCC has it zero. */
	static const struct {
		const char *m;
		uint8_t reg;
		bool taken;
	} zero[] = { { "s_cbranch_execz", R_EXEC, true }, { "s_cbranch_execnz", R_EXEC, false },
		     { "s_cbranch_vccz", R_VCC, true },   { "s_cbranch_vccnz", R_VCC, false } };
	x->zero_reg = 0;
	/* On SCC the path made a constant (a structurized CFG's flow
	 * variable): one side only. */
	Val scc = st->s[R_SCC];
	if ((strcmp(m, "s_cbranch_scc0") == 0 || strcmp(m, "s_cbranch_scc1") == 0) && scc.kind == V_CONST)
		return (scc.off != 0) == (m[13] == '1') ? STEP_JUMP : STEP_ON;
	for (unsigned i = 0; i < sizeof zero / sizeof zero[0]; i++)
		if (strcmp(m, zero[i].m) == 0)
			x->zero_reg = zero[i].reg, x->zero_taken = zero[i].taken;
	return m[2] == 'b' ? STEP_JUMP : STEP_FORK;
}

static int end_program(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)st, (void)label;
	if (x->in->contract->entry) {
		/* An entry point ends the wave (or, a shader returning values,
		 * leaves a wave whose lanes are all gone: its epilog gets none) */
		x->out->returns++;
		return STEP_END;
	}
	stop(x, VERDICT_VIOLATED, in->line, "s_endpgm in a function that returns to its caller");
	return STEP_END;
}

static int get_pc(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)x, (void)label;
	unsigned r;
	for (unsigned k = 0; k < 2; k++)
		if (sreg_of(&in->op[0], k, &r))
			write_s(st, r, (Val){ .kind = (uint8_t)(k ? V_PC_HI : V_PC_LO), .id = st->pc + 1 });
	return STEP_ON;
}

static int scalar_move(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned n = strcmp(in->mnemonic, "s_mov_b64") == 0 ? 2 : 1, r;
	Val v[2] = { read_op(x, st, &o[1], 0, in->line), read_op(x, st, &o[1], 1, in->line) };
	for (unsigned k = 0; k < n; k++)
		if (sreg_of(&o[0], k, &r))
			write_s(st, r, v[k]);
	return STEP_ON;
}

/* s_add_*, s_sub_*, s_addc_u32: SALU arithmetic that keeps stack-pointer
 * values symbolic (s_addc_u32 adds). */
static int scalar_add(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned r;
	if (!sreg_of(&o[0], 0, &r))
		return STEP_NEXT;
	bool sub = in->mnemonic[2] == 's'; /* s_sub_* */
	write_s(st, r, add(x, st, read_op(x, st, &o[1], 0, in->line), read_op(x, st, &o[2], 0, in->line), sub, in->line));
	st->s[R_SCC] = unknown_val(x, in->line);
	return STEP_ON;
}

/* 32-bit SALU bitwise operations and shifts of two constants (a
 * structurized CFG's flow variables): a constant, and SCC whether it is
 * not zero; of anything else the families below. */
static int scalar_const(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const char *m = in->mnemonic;
	const AsmOp *o = in->op;
	unsigned r;
	Val a = read_op(x, st, &o[1], 0, in->line), b = read_op(x, st, &o[2], 0, in->line);
	/* (into an SGPR: a lane mask, EXEC or VCC, is lanes.c's) */
	if (a.kind != V_CONST || b.kind != V_CONST || o[0].kind != AOP_REG || !sreg_of(&o[0], 0, &r))
		return STEP_NEXT;
	uint32_t u = (uint32_t)a.off, v = (uint32_t)b.off, w;
	if (has_prefix(m, "s_xor"))
		w = u ^ v;
	else if (has_prefix(m, "s_orn2"))
		w = u | ~v;
	else if (has_prefix(m, "s_or"))
		w = u | v;
	else if (has_prefix(m, "s_andn2") || has_prefix(m, "s_and_not1"))
		w = u & ~v;
	else if (has_prefix(m, "s_and"))
		w = u & v;
	else if (has_prefix(m, "s_lshl"))
		w = u << (v & 31);
	else
		w = u >> (v & 31);
	write_s(st, r, const_val((int32_t)w));
	st->s[R_SCC] = const_val(w != 0);
	return STEP_ON;
}

/* s_cselect: the operand SCC picks where SCC is a constant, or the one
 * value both operands hold (a dynamic-VGPR chain call whose fallback is
 * the callee itself: s_alloc_vgpr, s_cselect_b64 of the callee, of EXEC,
 * s_setpc_b64); else the families below (unknown, EXEC unsupported). */
static int scalar_select(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned n = strcmp(in->mnemonic, "s_cselect_b64") == 0 ? 2 : 1, r;
	Val scc = st->s[R_SCC], v[2];
	for (unsigned k = 0; k < n; k++) {
		Val a = read_op(x, st, &o[1], k, in->line), b = read_op(x, st, &o[2], k, in->line);
		if (scc.kind == V_CONST)
			v[k] = scc.off ? a : b;
		else if (same_val(a, b))
			v[k] = a;
		else
			return STEP_NEXT;
	}
	for (unsigned k = 0; k < n; k++)
		if (sreg_of(&o[0], k, &r))
			write_s(st, r, v[k]);
	return STEP_ON;
}

/* s_cmp_* of two constants: SCC a constant. */
static int scalar_compare(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const char *m = in->mnemonic + 6; /* after "s_cmp_" */
	Val a = read_op(x, st, &in->op[0], 0, in->line), b = read_op(x, st, &in->op[1], 0, in->line);
	if (a.kind != V_CONST || b.kind != V_CONST || strlen(m) != 6 || (m[3] != 'u' && m[3] != 'i') || strcmp(m + 4, "32"))
		return STEP_NEXT;
	bool sgn = m[3] == 'i';
	int64_t u = sgn ? (int32_t)a.off : (int64_t)(uint32_t)a.off, v = sgn ? (int32_t)b.off : (int64_t)(uint32_t)b.off;
	static const struct {
		char op[3];
		int lt, eq, gt;
	} ops[] = { { "eq", 0, 1, 0 }, { "lg", 1, 0, 1 }, { "lt", 1, 0, 0 }, { "le", 1, 1, 0 }, { "gt", 0, 0, 1 }, { "ge", 0, 1, 1 } };
	for (unsigned k = 0; k < sizeof ops / sizeof ops[0]; k++)
		if (strncmp(m, ops[k].op, 2) == 0) {
			st->s[R_SCC] = const_val(u < v ? ops[k].lt : u == v ? ops[k].eq : ops[k].gt);
			return STEP_ON;
		}
	return STEP_NEXT;
}

/* Stack realignment: x & -2^k (0xffffe000), or x & ~(2^k - 1)
 * (s_and_not1_b32 s33, s33, 31 on gfx11); any other mask is plain SALU. */
static int scalar_align(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	const char *m = in->mnemonic;
	bool andn = strcmp(m, "s_andn2_b32") == 0 || strcmp(m, "s_and_not1_b32") == 0;
	unsigned r;
	if (!sreg_of(&o[0], 0, &r) || o[2].kind != AOP_IMM)
		return STEP_NEXT;
	uint32_t mask = andn ? ~(uint32_t)o[2].imm : (uint32_t)o[2].imm, low = ~mask;
	if (!mask || (low & (low + 1)) != 0)
		return STEP_NEXT;
	unsigned k = 0;
	while (k < 32 && (low >> k & 1))
		k++;
	Val v = { .kind = V_ALIGNED, .reg = (uint16_t)k, .id = ++x->fresh };
	Val a = read_op(x, st, &o[1], 0, in->line);
	if (is_address(x, a) && a.kind != V_CONST) {
		/* an SP value rounded down: never below it less 2^k - 1 (a
		 * base rounded up, as SP + 2^k - 1 rounded down, is no lower
		 * than SP) */
		a.off -= (int64_t)low;
		unsigned i = st->nrounded++ % EXEC_DYNS;
		st->rounded[i].id = v.id;
		st->rounded[i].low = a;
	}
	write_s(st, r, v);
	st->s[R_SCC] = unknown_val(x, in->line);
	return STEP_ON;
}

/* s_addk_i32 (s_addk_co_i32: gfx12's name for it): a 16-bit immediate. */
static int scalar_add_k(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned r;
	if (!sreg_of(&o[0], 0, &r) || o[1].kind != AOP_IMM)
		return STEP_NEXT;
	write_s(st, r, add(x, st, st->s[r], const_val((int16_t)o[1].imm), false, in->line));
	st->s[R_SCC] = unknown_val(x, in->line);
	return STEP_ON;
}

/* Any scalar instruction on masks lanes.h knows, when its operands are
 * masks the executor follows. */
static int lane_mask(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const LaneInstr *li = lane_instr(in->mnemonic);
	return li && lane_step(x, st, in, li) ? STEP_ON : STEP_NEXT;
}

static int vector_compare(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	return exec_compare(x, st, in) ? STEP_ON : STEP_END;
}

static int write_lane(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	if (o[0].kind != AOP_REG || o[2].kind != AOP_IMM)
		return STEP_NEXT;
	RegFile f = o[0].file == RF_AGPR ? RF_AGPR : RF_VGPR;
	unsigned reg = o[0].first % REGSET_MAX;
	Val v = read_op(x, st, &o[1], 0, in->line);
	unsigned k = 0;
	while (k < st->nov && !(st->ov[k].file == f && st->ov[k].reg == reg && st->ov[k].lane == (unsigned)o[2].imm))
		k++;
	if (k == MAX_OVERLAYS) {
		(f == RF_VGPR ? st->v : st->a)[reg].lost = true;
		return STEP_ON;
	}
	st->ov[k] = (Overlay){ .file = (uint8_t)f, .reg = (uint16_t)reg, .lane = (uint16_t)o[2].imm,
			       .maybe_active = true, .maybe_inactive = true, .v = v };
	if (k == st->nov)
		st->nov++;
	return STEP_ON;
}

static int read_lane(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	unsigned r;
	if (!sreg_of(&o[0], 0, &r) || o[1].kind != AOP_REG || o[2].kind != AOP_IMM)
		return STEP_NEXT;
	RegFile f = o[1].file == RF_AGPR ? RF_AGPR : RF_VGPR;
	Val v = unknown_val(x, in->line);
	for (unsigned k = 0; k < st->nov; k++)
		if (st->ov[k].file == f && st->ov[k].reg == o[1].first % REGSET_MAX && st->ov[k].lane == (unsigned)o[2].imm)
			v = st->ov[k].v;
	write_s(st, r, v);
	return STEP_ON;
}

/* VGPR and AGPR moves; DPP and SDWA forms are plain VALU. */
static int vector_move(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	if (strstr(in->mnemonic, "dpp") || strstr(in->mnemonic, "sdwa") || o[0].kind != AOP_REG)
		return STEP_NEXT;
	return write_v(x, st, in, (RegFile)o[0].file, o[0].first, read_op(x, st, &o[1], 0, in->line)) ? STEP_ON : STEP_END;
}

/* v_mov_b64 (gfx940+): two registers at once, from a pair (an immediate:
 * not followed, both halves unknown). */
static int vector_move64(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const AsmOp *o = in->op;
	if (strstr(in->mnemonic, "dpp") || o[0].kind != AOP_REG)
		return STEP_NEXT;
	for (unsigned k = 0; k < 2; k++) {
		Val v = o[1].kind == AOP_REG ? read_op(x, st, &o[1], k, in->line) : unknown_val(x, in->line);
		if (!write_v(x, st, in, (RegFile)o[0].file, o[0].first + k, v))
			return STEP_END;
	}
	return STEP_ON;
}

/* The value of one active lane: the register's if it is uniform (copied
 * from a scalar). */
static int read_first_lane(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	unsigned r;
	if (!sreg_of(&in->op[0], 0, &r))
		return STEP_NEXT;
	Val v = read_op(x, st, &in->op[1], 0, in->line);
	if (!val_varies(x, v)) {
		write_s(st, r, v);
		return STEP_ON;
	}
	/* a value that may differ per lane: lane 0's (lane0_val), and what
	 * it read, for a compare that guards a waterfall loop */
	Val l = lane0_val(x, in->line, in->op[1].kind == AOP_REG ? in->op[1].first : 255);
	unsigned i = st->nfirsts++ % EXEC_FIRSTS;
	st->firsts[i].id = l.id;
	st->firsts[i].src = v;
	write_s(st, r, l);
	return STEP_ON;
}

static int memory_access(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	return exec_memory(x, st, in) ? STEP_ON : STEP_END;
}

static int unsupported(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)st, (void)label;
	stop(x, VERDICT_UNKNOWN, in->line, "%s is outside the supported subset", in->mnemonic);
	return STEP_END;
}

/* EXEC written by anything but a saveexec or a move (rows above). */
static int exec_write(Exec *x, State *st, const AsmInstr *in, int *label)
{
	return writes_exec(in) ? unsupported(x, st, in, label) : STEP_NEXT;
}

/* Scalar and vector ALU: the first register operand is what it defines
 * (comparisons define SCC or VCC instead); VALU carry-outs (_co_,
 * div_scale) define their second. Every SALU instruction writes SCC. */
static int alu(Exec *x, State *st, const AsmInstr *in, int *label)
{
	(void)label;
	const char *m = in->mnemonic;
	unsigned r;
	bool cmp = has_prefix(m, "s_cmp") || has_prefix(m, "s_bitcmp");
	if (has_prefix(m, "s_"))
		st->s[R_SCC] = unknown_val(x, in->line);
	if (cmp)
		return STEP_ON;
	unsigned defs = (strstr(m, "_co_") || strstr(m, "div_scale")) && has_prefix(m, "v_") ? 2 : 1;
	/* A vector result varies from lane to lane where a vector operand
	 * does, or it is the lane's own index */
	bool vary = has_prefix(m, "v_mbcnt");
	for (unsigned d = defs; d < in->nops && !vary; d++)
		for (unsigned k = 0; k < in->op[d].count && in->op[d].kind == AOP_REG && in->op[d].file != RF_SGPR; k++)
			vary |= val_varies(x, read_op(x, st, &in->op[d], k, in->line));
	for (unsigned d = 0; d < defs && d < in->nops; d++) {
		const AsmOp *op = &in->op[d];
		unsigned sr, width = op->count;
		if (op->kind == AOP_SPECIAL)
			special_reg(op->text, &sr, &width);
		for (unsigned k = 0; k < width; k++) {
			if (op->kind == AOP_REG && op->file != RF_SGPR) {
				Val u = unknown_val(x, in->line);
				if (!write_v(x, st, in, (RegFile)op->file, op->first + k, vary ? varying_val(x, in->line, u) : u))
					return STEP_END;
			} else if (sreg_of(op, k, &r))
				write_s(st, r, unknown_val(x, in->line));
		}
	}
	return STEP_ON;
}

/* One family: match holds space-separated patterns, each the whole
 * mnemonic, a prefix ("s_cbranch_*") or a substring ("*_load*"); nops the
 * operand count it needs (-1: any); operands what it reads -> writes. */
typedef struct {
	const char *match;
	int nops;
	const char *operands;
	Effect effect;
} Family;

static const Family families[] = {
	/* no effect the contract can see */
	{ "s_waitcnt* s_wait_* s_nop* s_setprio* s_sleep* s_delay_alu* s_clause* s_inst_prefetch* "
	  "s_set_inst_prefetch_distance* s_barrier* s_sendmsg* s_dcache_* s_icache_* buffer_wbinvl1* buffer_gl* "
	  "buffer_inv* s_ttrace* s_trap* s_code_end* s_singleuse_vdst* s_version*",
	  -1, "-", no_effect_at_all },
	/* a shader's exports and image stores: memory the stack is not in */
	{ "exp export image_store*", -1, "v... -> -", no_effect_at_all },
	/* control flow */
	{ "s_setpc_b64", 1, "s[2] -> pc", set_pc },
	{ "s_swappc_b64", 2, "s[2] -> s[2], pc", swap_pc },
	{ "s_branch s_cbranch_*", -1, "label (exec, vcc, scc) -> pc", branch },
	{ "s_endpgm", -1, "- -> end", end_program },
	{ "s_getpc_b64", 1, "pc -> s[2]", get_pc },
	/* SALU the executor computes */
	{ "s_mov_b32 s_mov_b64 s_movk_i32", 2, "s|imm -> s", scalar_move },
	{ "s_add_* s_sub_*", 3, "s|imm, s|imm -> s, scc", scalar_add },
	{ "s_addc_u32", 3, "s|imm, s|imm -> s, scc", scalar_add },
	{ "s_xor_b32 s_or_b32 s_orn2_b32 s_and_b32 s_andn2_b32 s_and_not1_b32 s_lshl_b32 s_lshr_b32", 3,
	  "imm, imm -> s, scc", scalar_const },
	{ "s_cmp_*", 2, "imm, imm -> scc", scalar_compare },
	{ "s_cselect_b32 s_cselect_b64", 3, "s|imm, s|imm, scc -> s|exec", scalar_select },
	/* dynamic allocas (exec_dyn.c): a size rounded, shifted, reduced over
	 * the wave, added to SP */
	{ "s_and_b32 v_and_b32*", 3, "s|v, imm -2^k -> s|v (an amount), scc", dyn_round },
	{ "s_lshl_b32", 3, "amount, imm -> s, scc", dyn_shift },
	{ "s_max_u32", 3, "amount, amount|0 -> s, scc", dyn_max },
	{ "v_readlane_b32", 3, "v amount, s lane -> s", dyn_read_lane },
	{ "v_lshl_add_u32", 4, "amount, imm, sp -> v (a dynamic top)", dyn_shift_add },
	{ "v_lshlrev_b32*", 3, "imm, amount -> v", dyn_shift_rev },
	{ "v_add_u32* v_add_co_u32* v_add_nc_u32*", -1, "sp, amount -> v (a dynamic top) [, carry]", dyn_vector_add },
	{ "s_and_b32 s_andn2_b32 s_and_not1_b32", 3, "s, imm -> s (aligned), scc", scalar_align },
	{ "s_addk_i32 s_addk_co_i32", 2, "s, imm16 -> s, scc", scalar_add_k },
	/* lane masks and compares */
	{ "*", -1, "masks -> mask (lanes.h's table)", lane_mask },
	{ "v_cmp*", -1, "v, v|s|imm -> vcc|s|exec", vector_compare },
	/* lanes of VGPRs */
	{ "v_writelane_b32", 3, "s|imm, imm lane -> v lane", write_lane },
	{ "v_readlane_b32", 3, "v, imm lane -> s", read_lane },
	{ "v_mov_b32* v_dual_mov_b32 v_accvgpr_write* v_accvgpr_read* v_accvgpr_mov_b32", 2, "v|a|s|imm -> v|a",
	  vector_move },
	{ "v_mov_b64*", 2, "v[2]|s[2] -> v[2]", vector_move64 },
	{ "v_readfirstlane_b32", 2, "v -> s", read_first_lane },
	/* memory and the stack */
	{ "*_load* *_store* ds_* *_atomic*", -1, "addr, data -> data (scratch slots)", memory_access },
	/* what the executor does not model precisely: EXEC from anything but a
	 * saveexec or a move, writes relative to M0, lane permutations that
	 * write two registers */
	{ "*", -1, "-> exec", exec_write },
	{ "*movrel* *permlane* *swap* s_set_gpr_idx* s_call* s_rfe*", -1, "-", unsupported },
	/* everything else: its destinations unknown */
	{ "s_* v_* image_*", -1, "... -> first operand (second for carry-outs), scc", alu },
};

/* Whether mnemonic m matches one of the patterns of match. */
static bool family_matches(const char *match, const char *m)
{
	for (const char *p = match; *p;) {
		size_t n = strcspn(p, " ");
		bool any_start = p[0] == '*', any_end = n > 0 && p[n - 1] == '*';
		const char *w = p + any_start;
		size_t wn = n - any_start - (any_end && n > (size_t)any_start);
		if (any_start && any_end) {
			/* a substring: the pattern between the stars */
			for (const char *q = m; *q; q++)
				if (strncmp(q, w, wn) == 0)
					return true;
			if (wn == 0)
				return true;
		} else if (any_end) {
			if (strncmp(m, w, wn) == 0)
				return true;
		} else if (strlen(m) == wn && strncmp(m, w, wn) == 0)
			return true;
		p += n;
		p += strspn(p, " ");
	}
	return false;
}

Step exec_step(Exec *x, State *st, const AsmInstr *in, int *label)
{
	/* A whole-wave body's own control flow narrows EXEC from -1. */
	const char *m = in->mnemonic;
	if ((has_prefix(m, "s_and_saveexec") || has_prefix(m, "s_andn2_saveexec") || has_prefix(m, "s_and_not1_saveexec") ||
	     has_prefix(m, "v_cmpx")) &&
	    !whole_wave_lanes(x, st, in, "a branch of the body"))
		return STEP_END;
	for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
		const Family *f = &families[i];
		if ((f->nops >= 0 && in->nops != (unsigned)f->nops) || !family_matches(f->match, in->mnemonic))
			continue;
		Val sp = st->s[x->sp];
		int s = f->effect(x, st, in, label);
		if (!same_val(sp, st->s[x->sp]))
			dyn_sp_written(x, st);
		if (s != STEP_NEXT)
			return (Step)s;
	}
	return (Step)unsupported(x, st, in, label);
}
