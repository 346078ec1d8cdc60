/* Calls and returns: at a call the callee's arguments hold what the caller
 * passes and what the callee may change is changed; at a return every
 * preserved register holds its entry value and the results are placed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

/* A call: the callee's arguments hold what the caller passes, SP is
 * aligned; then what the callee may change is changed. */
/* Whether the function's own placement has an incoming stack argument
 * word at offset w. */
static bool own_stack_word(const Exec *x, uint32_t w)
{
	const Placement *p = x->in->in;
	for (unsigned k = 0; p && k < p->nlocs; k++) {
		const Loc *l = &p->locs[k];
		if (l->kind == LOC_STACK && w + 4 > l->offset && w < l->offset + (l->size ? l->size : 4))
			return true;
	}
	return false;
}

/* Whether p passes any argument part in an SGPR. */
static bool takes_sgprs(const Placement *p)
{
	for (unsigned k = 0; p && k < p->nlocs; k++)
		if (p->locs[k].kind == LOC_SGPR && !(p->ret.count && k >= p->ret.first && k < p->ret.first + p->ret.count))
			return true;
	return false;
}

/* Whether every lane EXEC holds lies within a guard of lane 0's value
 * lane: there the value is every active lane's own. */
static bool guarded(const Exec *x, const State *st, Val lane)
{
	for (unsigned i = 0; i < EXEC_GUARDS && i < st->nguards; i++) {
		bool within = same_val(st->guards[i].lane, lane);
		for (unsigned k = 0; k < (x->in->wave == 64 ? 2u : 1u) && within; k++) {
			Lanes e, g;
			int he, hg;
			within = lanes_of(st->s[R_EXEC + k], &e, &he) && lanes_of(st->guards[i].mask[k], &g, &hg) && !g.within &&
				 (he < 0 || hg < 0 || he == hg) && !(e.t & ~g.t);
		}
		if (within)
			return true;
	}
	return false;
}

/* Whether p passes an argument part in SGPR r. */
static bool sgpr_arg(const Placement *p, unsigned r)
{
	for (unsigned k = 0; p && k < p->nlocs; k++)
		if (p->locs[k].kind == LOC_SGPR && p->locs[k].reg == r &&
		    !(p->ret.count && k >= p->ret.first && k < p->ret.first + p->ret.count))
			return true;
	return false;
}

bool uniform_sgpr_args(Exec *x, const State *st, const AsmInstr *in, const char *callee, const Placement *p,
		       const Contract *c)
{
	/* The registers the callee may read as arguments: its SGPR
	 * arguments' and the SGPRs it does not preserve (where the model's
	 * callee and caller views differ, llc writes either:
	 * caller_inreg_over_srd; amdgpu_gfx preserves its argument SGPRs) */
	for (unsigned r = 0; takes_sgprs(p) && r < R_VCC; r++) {
		Val v = st->s[r];
		if (v.kind != V_UNKNOWN || (v.reg & WORD_KIND) != LANE0_WORD ||
		    (c && regset_has(&c->preserved, RF_SGPR, r) && !sgpr_arg(p, r)))
			continue;
		bool whole = true; /* EXEC still the entry mask: every lane of the call */
		for (unsigned k = 0; k < (x->in->wave == 64 ? 2u : 1u); k++)
			whole &= is_entry(st->s[R_EXEC + k], RF_SGPR, R_EXEC + k);
		char s[16];
		reg_name(RF_SGPR, r, s, sizeof s);
		if (!whole && guarded(x, st, v))
			continue; /* a waterfall loop's round: every lane the call runs in holds this value */
		if (!whole) {
			stop(x, VERDICT_UNKNOWN, in->line,
			     "call of @%s: %s holds lane 0's value of v%u (line %u) under a narrowed EXEC: a loop over its "
			     "distinct values is not proven", callee, s, v.file, (unsigned)v.off);
			return false;
		}
		x->out->rule = RULE_LANE_VALUE;
		snprintf(x->out->callee, sizeof x->out->callee, "%s", callee);
		stop(x, VERDICT_VIOLATED, in->line,
		     "call of @%s, which takes SGPR arguments: %s holds lane 0's value of v%u (v_readfirstlane at line %u), "
		     "a value that may differ per lane, for every lane: no loop over its distinct values", callee, s, v.file,
		     (unsigned)v.off);
		blame(x, st, r); /* the v_readfirstlane */
		return false;
	}
	return true;
}

/* The register that holds v (its active lanes), for a report: "s4",
 * "v0", "no register". */
static void held_in(const State *st, Val v, char *where, size_t cap)
{
	snprintf(where, cap, "no register");
	for (unsigned r = 0; r < R_VCC; r++)
		if (same_val(st->s[r], v)) {
			reg_name(RF_SGPR, r, where, cap);
			return;
		}
	for (unsigned r = 0; r < REGSET_MAX; r++)
		if (same_val(st->v[r].act, v)) {
			reg_name(RF_VGPR, r, where, cap);
			return;
		}
}

/* Each argument part the callee (placement p) reads holds what the
 * caller passes, where that is known (the ExecEnv's passed); stack parts
 * at SP sp; false once the verdict is made. */
static bool passed_args(Exec *x, State *st, const AsmInstr *in, const char *name, const Placement *p, Val sp)
{
	const ExecEnv *env = x->in->env;
	char b[96];
	for (unsigned arg = 0; env && env->passed && arg < p->nargs; arg++)
		for (unsigned part = 0; part < p->args[arg].count; part++) {
			char global[ASM_NAME_MAX];
			int64_t off;
			unsigned own = 0;
			const Loc *l = &p->locs[p->args[arg].first + part];
			if ((l->kind != LOC_SGPR && l->kind != LOC_VGPR && l->kind != LOC_STACK) ||
			    (l->kind == LOC_STACK && (dyn_root(st, sp).kind == V_UNKNOWN || dyn_root(st, sp).kind == V_AMOUNT)) ||
			    !env->passed(env->ctx, name, arg, part, global, sizeof global, &off, &own))
				continue;
			Val want;
			if (own) {
				/* the caller's own argument passed on: the entry value
				 * of the register its placement gives that part */
				const Placement *mine = x->in->in;
				const Loc *m = mine && own - 1 < mine->nargs && part < mine->args[own - 1].count
						       ? &mine->locs[mine->args[own - 1].first + part]
						       : 0;
				if (!m || (m->kind != LOC_SGPR && m->kind != LOC_VGPR))
					continue;
				want = entry_val(m->kind == LOC_SGPR ? RF_SGPR : RF_VGPR, m->reg);
			} else
				want = (Val){ .kind = V_LOAD, .id = sym_id(x, global, strlen(global)), .off = off };
			/* A stack part: the callee reads it at its entry SP (the
			 * caller's SP at the call) plus its offset. */
			Val at = sp;
			at.off += (int64_t)l->offset * x->scale;
			const Slot *slot = l->kind == LOC_STACK ? slot_find(st, at, false) : 0;
			Val got = l->kind == LOC_SGPR	? st->s[l->reg % R_VCC]
				  : l->kind == LOC_VGPR ? st->v[l->reg % REGSET_MAX].act
				  : slot		? slot->act
							: (Val){ .kind = V_MAYBE };
			x->out->checked_args++;
			if (same_val(got, want))
				continue;
			if (got.kind == V_MIXED) {
				/* Written in some lanes only: those the call runs in
				 * are not told apart from the others. */
				if (!x->pending[0]) {
					snprintf(x->pending, sizeof x->pending,
						 "call of @%s at line %u: argument %u part %u is written under a divergent EXEC, "
						 "which is not followed to the lanes of the call", name, in->line, arg, part);
					x->pending_line = in->line;
				}
				continue;
			}
			char where[32];
			held_in(st, want, where, sizeof where);
			val_describe(x, got, b, sizeof b);
			char reads[48];
			if (l->kind == LOC_STACK)
				snprintf(reads, sizeof reads, "stack+%u", l->offset);
			else
				reg_name(l->kind == LOC_SGPR ? RF_SGPR : RF_VGPR, l->reg, reads, sizeof reads);
			x->out->rule = RULE_CALL_ARGUMENT;
			x->out->arg = (uint16_t)arg;
			snprintf(x->out->callee, sizeof x->out->callee, "%s", name);
			stop(x, VERDICT_VIOLATED, in->line,
			     "%s of @%s: argument %u part %u: the callee reads %s, which holds %s; the caller's value is in %s",
			     strcmp(in->mnemonic, "s_setpc_b64") == 0 ? "chain call" : "call", name, arg, part, reads, b,
			     where);
			if (l->kind == LOC_SGPR)
				blame(x, st, l->reg % R_VCC);
			return false;
		}
	return true;
}

/* At a kernel's call of name (placement p, its callee's view): each
 * implicit input the callee reads holds the entry value of the kernel's
 * user SGPR it comes from, where the kernel has that user SGPR; false
 * once the verdict is made. */
static bool kernel_call_inputs(Exec *x, const State *st, const AsmInstr *in, const char *name, const Placement *p)
{
	const Placement *own = x->in->in;
	const Contract *c = x->in->contract;
	if (!c->entry || c->chain || !own || !own->user.known || !p)
		return true;
	for (unsigned i = 0; i < kernel_input_count; i++) {
		unsigned field = kernel_inputs[i].user;
		const RegRange *to = kernel_input_passed(i, c, own, p);
		if (!to)
			continue;
		unsigned from = user_sgpr_first(&own->user, field);
		for (unsigned k = 0; k < to->count && k < user_sgpr_sizes[field]; k++) {
			Val got = st->s[to->first + k];
			if (is_entry(got, RF_SGPR, from + k))
				continue;
			char g[96];
			val_describe(x, got, g, sizeof g);
			snprintf(x->out->callee, sizeof x->out->callee, "%s", name);
			stop(x, VERDICT_VIOLATED, in->line,
			     "call of @%s from a kernel: s%u, part %u of the %s the callee reads, holds %s, not the kernel's "
			     "%s (entry s%u)", name, to->first + k, k, kernel_inputs[i].what, g, kernel_inputs[i].what,
			     from + k);
			blame(x, st, to->first + k);
			return false;
		}
	}
	return true;
}

bool exec_call(Exec *x, State *st, const AsmInstr *in)
{
	const AsmOp *dst = &in->op[0], *tgt = &in->op[1];
	Val lo = read_op(x, st, tgt, 0, in->line), hi = read_op(x, st, tgt, 1, in->line);
	const char *name = lo.kind == V_SYM_LO && hi.kind == V_SYM_HI && lo.id == hi.id ? x->syms[lo.id] : 0;
	const ExecEnv *env = x->in->env;
	/* Through a pointer loaded from a variable (a waterfall loop's
	 * v_readfirstlane of it): the function it holds. */
	char held[ASM_NAME_MAX];
	if (!name && lo.kind == V_LOAD && hi.kind == V_LOAD && lo.id == hi.id && hi.off == lo.off + 4 && lo.id < x->nsyms &&
	    env && env->pointee && env->pointee(env->ctx, x->syms[lo.id], lo.off, held, sizeof held))
		name = held;
	Contract c;
	const Placement *p = 0;
	char a[96];
	x->out->calls++;
	if (!whole_wave_lanes(x, st, in, "a call"))
		return false;
	Val sp = st->s[x->sp];
	/* Past dynamic allocas, the SP they were made from (each amount's
	 * unit and alignment dyn_call checks below). */
	Val root = dyn_root(st, sp);
	bool entry = x->in->contract->entry; /* an entry point: SP is its own to set */
	int64_t align = (int64_t)x->in->contract->stack_align * x->scale;
	bool aligned_base = root.kind == V_ALIGNED && root.reg < 63 && ((int64_t)1 << root.reg) % align == 0;
	bool run_time = root.kind == V_UNKNOWN || root.kind == V_AMOUNT;
	if (run_time && !x->pending[0]) {
		/* SP computed at run time in a way not followed (a dynamic
		 * alloca whose size is no rounded amount, exec_dyn.c): its
		 * alignment and stack arguments are not checked; the rest is. */
		snprintf(x->pending, sizeof x->pending, "at the call at line %u SP is computed at run time in a way not "
			 "followed (not an SP value plus a rounded size): its alignment and stack arguments are not "
			 "checked", in->line);
		x->pending_line = in->line;
	} else if (!(entry ? root.kind == V_CONST : root.kind == V_ENTRY && root.reg == x->sp) && !aligned_base &&
		   !run_time) {
		val_describe(x, sp, a, sizeof a);
		stop(x, VERDICT_VIOLATED, in->line, "at the call SP holds %s, not %s", a,
		     entry ? "a stack top it set itself" : "the entry SP plus a frame");
		blame(x, st, x->sp);
		return false;
	}
	if (!run_time && root.off % align) {
		stop(x, VERDICT_VIOLATED, in->line, "at the call SP is %s%s%lld%s, not a multiple of %lld",
		     sp.kind == V_DYN ? "made from " : "", root.kind == V_CONST ? "" : "the entry SP + ", (long long)root.off,
		     sp.kind == V_DYN ? " (its dynamic allocas' base)" : "", (long long)align);
		blame(x, st, x->sp);
		return false;
	}
	bool known = name && env && env->callee && env->callee(env->ctx, name, &c, &p);
	if (!known) /* through a pointer, or a callee not in the signatures: as the module says, else the caller's own rules */
		c = x->in->indirect ? *x->in->indirect : *x->in->contract;
	/* The function's objects lie below the SP the callee gets. */
	if (!run_time && !dyn_call(x, st, in, name ? name : "a function through a pointer", known ? p : 0, sp))
		return false;
	if (known && (!uniform_sgpr_args(x, st, in, name, p, &c) || !kernel_call_inputs(x, st, in, name, p)))
		return false;
	/* The callee's stack slots do not overlap: amdgpu_gfx gives a byval
	 * object a 4-byte slot, so the caller's copy of it and the next
	 * argument share bytes (every llc, docs/measured.md). */
	for (unsigned k = 0; known && p && k < p->nlocs; k++)
		for (unsigned j = k + 1; j < p->nlocs; j++) {
			const Loc *u = &p->locs[k], *v = &p->locs[j];
			uint32_t us = u->size ? u->size : 4, vs = v->size ? v->size : 4;
			if (u->kind == LOC_STACK && v->kind == LOC_STACK && u->offset < v->offset + vs && v->offset < u->offset + us) {
				x->out->rule = RULE_STACK_OVERLAP;
				snprintf(x->out->callee, sizeof x->out->callee, "%s", name);
				stop(x, VERDICT_VIOLATED, in->line,
				     "call of @%s: the callee's stack slots stack+%u/%u and stack+%u/%u overlap: one argument "
				     "overwrites the other",
				     name, u->offset, us, v->offset, vs);
				return false;
			}
		}
	/* Every stack part the callee reads was written by the caller: a slot
	 * of its outgoing area that still holds what was there at entry is
	 * an argument nobody passed. Under an SP computed at run time in a
	 * way not followed the stores are not (the verdict is unknown,
	 * pending above); past a dynamic alloca they are, at its top. */
	for (unsigned arg = 0; known && p && !run_time && arg < p->nargs; arg++)
		for (unsigned part = 0; part < p->args[arg].count; part++) {
			const Loc *l = &p->locs[p->args[arg].first + part];
			if (l->kind != LOC_STACK || (env->undef && env->undef(env->ctx, name, arg)))
				continue;
			x->out->checked_args++;
			/* Each word of the slot (a byval copy: of the object). */
			int64_t word = 4 * (int64_t)x->scale;
			for (uint32_t w = l->offset & ~3u; w < l->offset + (l->size ? l->size : 4); w += 4) {
				Val at = sp;
				at.off += (int64_t)w * x->scale;
				at.off -= ((at.off % word) + word) % word;
				const Slot *slot = slot_find(st, at, false);
				/* At the entry SP (no frame), a word of the caller's
				 * own incoming arguments at the same offset may be
				 * passed on in place: not checked. */
				bool entry_sp = at.kind == V_ENTRY && at.reg == x->sp;
				if (entry_sp && at.off == (int64_t)w * x->scale && own_stack_word(x, w))
					continue;
				/* Unwritten: nothing stored there, or it still holds
				 * what was there at entry, or what a call left. */
				if (!slot || (entry_sp && slot->act.kind == V_STACK_IN && slot->act.off == at.off) ||
				    slot->act.kind == V_CLOBBERED) {
					x->out->rule = RULE_STACK_UNWRITTEN;
					x->out->arg = (uint16_t)arg;
					snprintf(x->out->callee, sizeof x->out->callee, "%s", name);
					stop(x, VERDICT_VIOLATED, in->line,
					     "call of @%s: argument %u part %u: the callee reads stack+%u, which the caller did not write (the ABI assigns it; an llc that leaves it unread itself notes unwritten-parts)",
					     name, arg, part, w);
					return false;
				}
			}
		}
	if (known && p && !passed_args(x, st, in, name, p, sp))
		return false;
	/* What the callee may change: its caller-saved registers (the VGPRs'
	 * active lanes; their inactive lanes are preserved), VCC, SCC, M0, and
	 * the scratch at and above SP. Under a divergent EXEC, the lanes it
	 * runs in. */
	Val clob = { .kind = V_CLOBBERED, .off = in->line };
	Mask mask = mask_of(x, st);
	bool some = mask == MASK_SUBSET || mask == MASK_LANES;
	for (unsigned r = 0; r < R_VCC; r++)
		if (!regset_has(&c.preserved, RF_SGPR, r) && r != x->sp)
			write_s(st, r, clob);
	st->s[R_VCC] = st->s[R_VCC + 1] = st->s[R_M0] = st->s[R_SCC] = clob;
	for (unsigned r = 0; r < REGSET_MAX; r++)
		for (int f = RF_VGPR; f <= RF_AGPR; f++) {
			VReg *g = &(f == RF_VGPR ? st->v : st->a)[r];
			if (regset_has(&c.preserved, (RegFile)f, r))
				continue;
			if (some && !write_some(x, st, in, (RegFile)f, r, clob))
				return false;
			if (!some) {
				g->act = clob;
				ov_filter(st, (RegFile)f, r, true, false);
			}
		}
	for (unsigned i = 0; i < st->nslots; i++) {
		Slot *s = &st->slots[i];
		/* (past a dynamic alloca: its slots at or above SP; the
		 * objects below, at its base, are the function's) */
		if ((s->base.kind == V_DYN && sp.kind == V_DYN && s->base.id == sp.id && s->base.off >= sp.off) ||
		    (s->base.kind == V_ENTRY && s->base.reg == x->sp && sp.kind != V_DYN && s->base.off >= sp.off) ||
		    (entry && s->base.kind == V_CONST && sp.kind == V_CONST && s->base.off >= sp.off))
			s->act = s->inact = clob;
	}
	/* s_swappc_b64 writes the return address of the call. */
	for (unsigned k = 0; k < 2; k++) {
		unsigned r;
		if (sreg_of(dst, k, &r))
			write_s(st, r, (Val){ .kind = (uint8_t)(k ? V_PC_HI : V_PC_LO), .id = st->pc + 1 });
	}
	return true;
}

/* Whether register (f, r) returns a part of the function's value. */
static bool returns_in(const Exec *x, RegFile f, unsigned r)
{
	const Placement *p = x->in->in;
	for (unsigned k = 0; p && k < p->ret.count; k++) {
		const Loc *l = &p->locs[p->ret.first + k];
		if (l->reg == r && ((l->kind == LOC_SGPR && f == RF_SGPR) || (l->kind == LOC_VGPR && f == RF_VGPR)))
			return true;
	}
	return false;
}

bool argument_in(const Placement *p, RegFile f, unsigned r)
{
	for (unsigned k = 0; p && k < p->nlocs; k++) {
		const Loc *l = &p->locs[k];
		if (l->reg == r && ((l->kind == LOC_SGPR && f == RF_SGPR) || (l->kind == LOC_VGPR && f == RF_VGPR)))
			return true;
	}
	return false;
}

/* A return: everything the contract preserves holds its entry symbol
 * (but the registers the value returns in). A tail call (to is its
 * callee, args the callee's placement, NULL: not known) is a return
 * through the callee: the same holds at the jump but for the registers
 * that pass it arguments, and the return-address pair holds the entry
 * return address, which the callee returns through (whether or not the
 * convention preserves it). */
void exec_ret(Exec *x, const State *st, const AsmInstr *in, const char *to, const Placement *args)
{
	const Contract *c = x->in->contract;
	char a[96], r[16], where[ASM_NAME_MAX + 24];
	snprintf(where, sizeof where, !to ? "the return" : c->chain ? "the chain call of @%s" : "the tail call of @%s", to);
	x->out->returns++;
	/* A chain function has no return address, no SP and no EXEC to give
	 * back (it sets EXEC for the next): only its registers. */
	for (unsigned k = 0; to && !c->entry && k < c->return_address.count; k++) {
		unsigned q = c->return_address.first + k;
		if (is_entry(st->s[q], RF_SGPR, q))
			continue;
		val_describe(x, st->s[q], a, sizeof a);
		stop(x, VERDICT_VIOLATED, in->line, "at %s %s holds %s, not the return address", where,
		     reg_name(RF_SGPR, q, r, sizeof r), a);
		blame(x, st, q);
		return;
	}
	for (unsigned k = 0; k < R_VCC; k++) {
		bool sp = k == x->sp && !c->entry;
		if (!sp && (!regset_has(&c->preserved, RF_SGPR, k) || returns_in(x, RF_SGPR, k) || argument_in(args, RF_SGPR, k)))
			continue;
		if (is_entry(st->s[k], RF_SGPR, k))
			continue;
		val_describe(x, st->s[k], a, sizeof a);
		stop(x, st->s[k].kind == V_MAYBE && regset_has(&st->maybe_stored, RF_SGPR, k) ? VERDICT_UNKNOWN : VERDICT_VIOLATED,
		     in->line,
		     "at %s %s holds %s, not its entry value (%s)", where, reg_name(RF_SGPR, k, r, sizeof r), a,
		     sp ? "the stack pointer" : "callee-saved");
		blame(x, st, k);
		return;
	}
	for (unsigned k = 0; !c->entry && k < (x->in->wave == 64 ? 2u : 1u); k++)
		if (!is_entry(st->s[R_EXEC + k], RF_SGPR, R_EXEC + k)) {
			val_describe(x, st->s[R_EXEC + k], a, sizeof a);
			stop(x, VERDICT_VIOLATED, in->line, "at %s exec_%s holds %s, not its entry value", where, k ? "hi" : "lo", a);
			blame(x, st, R_EXEC + k);
			return;
		}
	for (int f = RF_VGPR; f <= RF_AGPR; f++)
		for (unsigned k = 0; k < REGSET_MAX; k++) {
			const VReg *g = &(f == RF_VGPR ? st->v : st->a)[k];
			bool saved = regset_has(&c->preserved, (RegFile)f, k) && !returns_in(x, (RegFile)f, k) &&
				     !argument_in(args, (RegFile)f, k);
			/* its inactive lanes given back (a chain function's: not
			 * those of the next function's arguments) */
			bool kept = regset_has(&c->kept_inactive, (RegFile)f, k) && !(c->chain && argument_in(args, (RegFile)f, k));
			bool ov_act, ov_inact;
			ov_where(st, (RegFile)f, k, &ov_act, &ov_inact);
			bool lanes = (g->lost && (kept || saved)) || (kept && ov_inact) || (saved && ov_act);
			Val bad = kept && !is_entry(g->inact, (RegFile)f, k) ? g->inact
				  : saved && !is_entry(g->act, (RegFile)f, k) ? g->act
									       : entry_val((RegFile)f, k);
			if (!lanes && is_entry(bad, (RegFile)f, k))
				continue;
			if (lanes)
				snprintf(a, sizeof a, "lanes v_writelane_b32 wrote");
			else
				val_describe(x, bad, a, sizeof a);
			/* A reload after a store through an unknown address is its
			 * entry value only if such a store wrote that value; of
			 * lanes written under a divergent EXEC, which hold what
			 * is not followed. */
			bool maybe = (bad.kind == V_MAYBE && regset_has(&st->maybe_stored, (RegFile)f, k)) || bad.kind == V_MIXED;
			stop(x, maybe ? VERDICT_UNKNOWN : VERDICT_VIOLATED,
			     in->line,
			     "at %s %s holds %s in %s, not its entry value", where, reg_name((RegFile)f, k, r, sizeof r), a,
			     (kept && !is_entry(g->inact, (RegFile)f, k)) || !saved ? "the lanes inactive at entry" : "its active lanes");
			return;
		}
}

void exec_epilog(Exec *x, const State *st, uint32_t line)
{
	const Placement *p = x->in->in;
	const ExecEnv *env = x->in->env;
	char a[96], b[96], r[16];
	if (!p) {
		stop(x, VERDICT_UNKNOWN, line, "the shader's code ends (its epilog follows) and its placement is not known");
		return;
	}
	if (!p->ret.count) {
		/* A kernel, a shader that returns nothing or a chain function
		 * ends the wave itself or jumps on. */
		stop(x, VERDICT_VIOLATED, line, x->in->contract->chain
			     ? "the code ends without s_endpgm or a chain call"
			     : "the code ends without s_endpgm in an entry point that returns nothing");
		return;
	}
	x->out->returns++;
	for (unsigned part = 0; env && env->returned && part < p->ret.count; part++) {
		const Loc *l = &p->locs[p->ret.first + part];
		char global[ASM_NAME_MAX];
		int64_t off;
		if ((l->kind != LOC_SGPR && l->kind != LOC_VGPR) || !env->returned(env->ctx, part, global, sizeof global, &off))
			continue;
		Val want = { .kind = V_LOAD, .id = sym_id(x, global, strlen(global)), .off = off };
		Val got = l->kind == LOC_SGPR ? st->s[l->reg % R_VCC] : st->v[l->reg % REGSET_MAX].act;
		x->out->checked_rets++;
		if (same_val(got, want))
			continue;
		if (got.kind == V_MIXED) {
			if (!x->pending[0]) {
				snprintf(x->pending, sizeof x->pending,
					 "return value part %u is written under a divergent EXEC, which is not followed to every lane",
					 part);
				x->pending_line = line;
			}
			continue;
		}
		char where[32];
		held_in(st, want, where, sizeof where);
		val_describe(x, got, b, sizeof b);
		val_describe(x, want, a, sizeof a);
		x->out->rule = RULE_RETURN_VALUE;
		x->out->arg = (uint16_t)part;
		stop(x, VERDICT_VIOLATED, line,
		     "at the end of the shader (its epilog follows) return value part %u belongs in %s, which holds %s; %s "
		     "is in %s", part, reg_name(l->kind == LOC_SGPR ? RF_SGPR : RF_VGPR, l->reg, r, sizeof r), b, a, where);
		if (l->kind == LOC_SGPR)
			blame(x, st, l->reg % R_VCC);
		return;
	}
}

void exec_chain_call(Exec *x, State *st, const AsmInstr *in, const char *name, const Placement *p)
{
	if (passed_args(x, st, in, name, p, st->s[x->sp]))
		exec_ret(x, st, in, name, p);
}
