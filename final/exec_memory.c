/* Memory and the stack: scratch stores and loads at SP-relative slots,
 * stores through unknown addresses, and what a callee receives in its
 * incoming stack arguments. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

/* Dwords of a memory instruction: _dword/_b32 1, x2/_b64 2, x3/_b96 3,
 * x4/_b128 4; 0 for sub-dword ones (byte, short, d16). */
static unsigned mem_dwords(const char *m)
{
	static const struct {
		const char *suffix;
		uint8_t n;
	} sizes[] = { { "_dwordx16", 16 }, { "_dwordx8", 8 }, { "_dwordx4", 4 }, { "_dwordx3", 3 }, { "_dwordx2", 2 },
		      { "_dword", 1 },     { "_b512", 16 },   { "_b256", 8 },    { "_b128", 4 },    { "_b96", 3 },
		      { "_b64", 2 },       { "_b32", 1 } };
	size_t n = strlen(m);
	for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		size_t k = strlen(sizes[i].suffix);
		if (n >= k && strcmp(m + n - k, sizes[i].suffix) == 0)
			return sizes[i].n;
	}
	return 0;
}

bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

Slot *slot_find(State *st, Val base, bool make)
{
	for (unsigned i = 0; i < st->nslots; i++)
		if (same_val(st->slots[i].base, base))
			return &st->slots[i];
	if (!make || st->nslots == MAX_SLOTS)
		return 0;
	Slot *s = &st->slots[st->nslots++];
	s->base = base;
	s->gen_act = s->gen_inact = 0;
	/* Never written here: at the entry SP an incoming argument, else
	 * whatever was there before (no register's entry value). */
	s->act = s->inact = base.kind == V_ENTRY && base.reg == 32 ? (Val){ .kind = V_STACK_IN, .off = base.off }
								   : (Val){ .kind = V_UNKNOWN, .id = 0x80000000u | st->nslots };
	return s;
}

/* The scratch address of a stack access: the SGPR offset's value plus the
 * instruction's offset in SP units; false when the executor cannot tell. */
static bool scratch_addr(Exec *x, const State *st, const AsmInstr *in, const AsmOp *vaddr, const AsmOp *soff, Val *out)
{
	if (vaddr->kind != AOP_OFF)
		return false;
	Val b;
	if (soff->kind == AOP_OFF)
		b = const_val(0);
	else
		b = read_op(x, st, soff, 0, in->line);
	/* A realigned frame pointer, a dynamic alloca's top, is a base of its
	 * own: its slots are told apart by offset, and assumed not to alias
	 * another base's. */
	if (b.kind != V_ENTRY && b.kind != V_CONST && b.kind != V_ALIGNED && b.kind != V_DYN)
		return false;
	b.off += (in->has_offset ? in->offset : 0) * (int64_t)x->scale;
	*out = b;
	return true;
}

/* A store through an address the executor cannot name: every slot may
 * have changed but the save area's (slots holding a register's entry
 * value). The assumption, as a compiler's own: a store through a run-time
 * index stays inside its frame object, and no such object is a save slot. */
static void unknown_store(State *st)
{
	st->mem_gen++;
	for (unsigned i = 0; i < st->nslots; i++) {
		Slot *s = &st->slots[i];
		if (s->act.kind == V_ENTRY && s->act.off == 0 && s->gen_act + 1 == st->mem_gen)
			s->gen_act = st->mem_gen;
		if (s->inact.kind == V_ENTRY && s->inact.off == 0 && s->gen_inact + 1 == st->mem_gen)
			s->gen_inact = st->mem_gen;
	}
}

static void scratch_store(Exec *x, State *st, const AsmInstr *in, const AsmOp *data, const AsmOp *vaddr, const AsmOp *soff)
{
	unsigned n = mem_dwords(in->mnemonic);
	Val a;
	if (!scratch_addr(x, st, in, vaddr, soff, &a) || data->kind != AOP_REG || data->file == RF_SGPR) {
		unknown_store(st);
		for (unsigned k = 0; data->kind == AOP_REG && data->file != RF_SGPR && k < data->count; k++) {
			const VReg *g = &(data->file == RF_VGPR ? st->v : st->a)[(data->first + k) % REGSET_MAX];
			const Val *v[2] = { &g->act, &g->inact };
			for (unsigned h = 0; h < 2; h++)
				if (v[h]->kind == V_ENTRY && v[h]->off == 0)
					regset_add(&st->maybe_stored, (RegFile)v[h]->file, v[h]->reg);
		}
		return;
	}
	if (!n) {
		/* A byte or a short: the word it falls in is no longer known. */
		int64_t word = 4 * (int64_t)x->scale, r = ((a.off % word) + word) % word;
		a.off -= r;
		Slot *s = slot_find(st, a, true);
		if (!s) {
			stop(x, VERDICT_UNKNOWN, in->line, "more than %u stack words are written", MAX_SLOTS);
			return;
		} else {
			s->act = s->inact = unknown_val(x, in->line);
			s->gen_act = s->gen_inact = st->mem_gen;
		}
		return;
	}
	Mask m = mask_of(x, st);
	for (unsigned k = 0; k < n; k++) {
		Val b = a;
		b.off += 4 * (int64_t)k * x->scale;
		Slot *s = slot_find(st, b, true);
		if (!s) {
			/* Not followed: a word it writes would look unwritten. */
			stop(x, VERDICT_UNKNOWN, in->line, "more than %u stack words are written", MAX_SLOTS);
			return;
		}
		unsigned dr = (data->first + k) % REGSET_MAX;
		const VReg *g = &(data->file == RF_VGPR ? st->v : st->a)[dr];
		bool ov_act, ov_inact;
		ov_where(st, (RegFile)data->file, dr, &ov_act, &ov_inact);
		ov_inact |= g->lost;
		Val act = ov_act || g->lost ? unknown_val(x, in->line) : g->act, inact = ov_inact ? unknown_val(x, in->line) : g->inact;
		if (m == MASK_ALL || m == MASK_ENTRY)
			s->act = act, s->gen_act = st->mem_gen;
		if (m == MASK_ALL || m == MASK_INACTIVE)
			s->inact = inact, s->gen_inact = st->mem_gen;
		if (m == MASK_SUBSET || m == MASK_LANES) {
			/* Some of the lanes: a word not written since a store
			 * through an unknown address may have been anything. */
			s->act = s->gen_act == st->mem_gen ? mix_val(x, s->act, act, in->line) : mix_val(x, unknown_val(x, in->line), act, in->line);
			s->gen_act = st->mem_gen;
		}
		if (m == MASK_LANES) {
			s->inact = s->gen_inact == st->mem_gen ? mix_val(x, s->inact, inact, in->line)
							       : mix_val(x, unknown_val(x, in->line), inact, in->line);
			s->gen_inact = st->mem_gen;
		}
		if (m == MASK_OTHER) {
			s->act = s->inact = unknown_val(x, in->line);
			s->gen_act = s->gen_inact = st->mem_gen;
		}
	}
}

/* Whether a stack word the executor follows holds register (f, r)'s
 * entry value (its save slot). */
static bool entry_saved(const State *st, RegFile f, unsigned r)
{
	for (unsigned i = 0; i < st->nslots; i++) {
		const Val *v[2] = { &st->slots[i].act, &st->slots[i].inact };
		for (unsigned h = 0; h < 2; h++)
			if (v[h]->kind == V_ENTRY && v[h]->off == 0 && v[h]->file == f && v[h]->reg == r)
				return true;
	}
	return false;
}

static bool scratch_load(Exec *x, State *st, const AsmInstr *in, const AsmOp *dst, const AsmOp *vaddr, const AsmOp *soff)
{
	unsigned n = mem_dwords(in->mnemonic);
	Val a;
	bool addressed = scratch_addr(x, st, in, vaddr, soff, &a), known = addressed && n;
	/* A word loaded through an address the executor does not know may be
	 * a register's entry value from its save slot (llc 14 shifts the frame
	 * pointer in place to address a frame object, then back: s_lshr_b32
	 * s33, s33, 6 ... s_lshl_b32 s33, s33, 6): then whether it holds it is
	 * not known, as after a store through such an address. */
	for (unsigned k = 0; !addressed && n && dst->kind == AOP_REG && dst->file != RF_SGPR && k < dst->count; k++) {
		unsigned dr = (dst->first + k) % REGSET_MAX;
		if (entry_saved(st, (RegFile)dst->file, dr))
			regset_add(&st->maybe_stored, (RegFile)dst->file, dr);
	}
	for (unsigned k = 0; k < dst->count && dst->kind == AOP_REG && dst->file != RF_SGPR; k++) {
		Slot *s = 0;
		if (known && k < n) {
			Val b = a;
			b.off += 4 * (int64_t)k * x->scale;
			s = slot_find(st, b, true);
		}
		/* A sub-word load (n 0) reads some bits: no register's entry
		 * value; a word of a slot written before a store through an
		 * unknown address may be anything. */
		Val maybe = !n ? unknown_val(x, in->line) : (Val){ .kind = V_MAYBE, .id = ++x->fresh, .off = in->line };
		Val v = s && s->gen_act == st->mem_gen ? s->act : maybe;
		Val vi = s && s->gen_inact == st->mem_gen ? s->inact : maybe;
		RegFile f = (RegFile)dst->file;
		unsigned dr = (dst->first + k) % REGSET_MAX;
		VReg *g = &(f == RF_VGPR ? st->v : st->a)[dr];
		Mask m = mask_of(x, st);
		if (m == MASK_OTHER) {
			stop(x, VERDICT_UNKNOWN, in->line, "EXEC is not followed here (%s)", in->mnemonic);
			return false;
		}
		if (m == MASK_SUBSET || m == MASK_LANES) {
			if (!write_some(x, st, in, f, dr, v))
				return false;
			continue;
		}
		if (m == MASK_ALL || m == MASK_ENTRY)
			g->act = v;
		if (m == MASK_ALL || m == MASK_INACTIVE)
			g->inact = vi;
		ov_filter(st, f, dr, m == MASK_ALL || m == MASK_ENTRY, m == MASK_ALL || m == MASK_INACTIVE);
	}
	return true;
}

/* A global's address in an SGPR pair: symbol id, or -1. */
static int global_of(const State *st, const AsmOp *pair)
{
	unsigned a, b;
	if (!sreg_of(pair, 0, &a) || !sreg_of(pair, 1, &b) || a >= R_JUNK || b >= R_JUNK)
		return -1;
	Val lo = st->s[a], hi = st->s[b];
	return lo.kind == V_SYM_LO && hi.kind == V_SYM_HI && lo.id == hi.id ? (int)lo.id : -1;
}

static void check_received(Exec *x, const State *st, const AsmInstr *in, int sym, int64_t off, const AsmOp *data)
{
	const ExecEnv *env = x->in->env;
	const Placement *p = x->in->in;
	unsigned n = mem_dwords(in->mnemonic);
	if (!env || !env->received || !p || data->kind != AOP_REG)
		return;
	for (unsigned k = 0; k < n && k < data->count; k++) {
		unsigned arg, part;
		if (!env->received(env->ctx, x->in->f->name, x->syms[sym], off + 4 * (int64_t)k, &arg, &part) ||
		    arg >= p->nargs || part >= p->args[arg].count)
			continue;
		const Loc *l = &p->locs[p->args[arg].first + part];
		Val want = l->kind == LOC_SGPR	 ? entry_val(RF_SGPR, l->reg)
			   : l->kind == LOC_VGPR ? entry_val(RF_VGPR, l->reg)
			   : l->kind == LOC_STACK ? (Val){ .kind = V_STACK_IN, .off = (int64_t)l->offset * x->scale }
						  : val_of_kind(V_UNKNOWN);
		if (want.kind == V_UNKNOWN)
			continue;
		Val got = read_op(x, st, data, k, in->line);
		x->out->checked_stores++;
		if (!same_val(got, want)) {
			char w[96], g[96], what[64];
			val_describe(x, want, w, sizeof w);
			val_describe(x, got, g, sizeof g);
			snprintf(what, sizeof what, "argument %u part %u", arg, part);
			/* A value the executor did not follow (computed: GlobalISel
			 * reassembles a stack word from its bytes; masked) may be it. */
			bool followed = got.kind != V_MAYBE && got.kind != V_UNKNOWN && got.kind != V_MIXED && got.kind != V_AMOUNT;
			stop(x, followed ? VERDICT_VIOLATED : VERDICT_UNKNOWN, in->line,
			     followed ? "%s arrives in %s, but the function stores %s"
				      : "%s arrives in %s; the function stores %s, which is not followed",
			     what, w, g);
			return;
		}
	}
}

/* Whether a vector load's address operand a differs from lane to lane:
 * then so may what it loads. */
static bool per_lane_address(Exec *x, const State *st, const AsmInstr *in, const AsmOp *a)
{
	bool vary = false;
	for (unsigned k = 0; a->kind == AOP_REG && a->file != RF_SGPR && k < a->count; k++)
		vary |= val_varies(x, read_op(x, st, a, k, in->line));
	return vary;
}

/* A store to or load from global memory, at symbol sym (-1: not known)
 * plus off when known: a store of an argument is checked against where it
 * arrives, a load gives the words of the global. False: the path stops. */
static bool global_access(Exec *x, State *st, const AsmInstr *in, bool store, int sym, bool known, int64_t off,
			  const AsmOp *data, const AsmOp *vaddr)
{
	if (store && !whole_wave_lanes(x, st, in, "a store to global memory"))
		return false;
	if (store) {
		if (sym >= 0 && known)
			check_received(x, st, in, sym, off, data);
		return !x->done;
	}
	bool vary = per_lane_address(x, st, in, vaddr);
	for (unsigned k = 0; k < data->count && data->kind == AOP_REG; k++) {
		Val v = sym >= 0 && known && mem_dwords(in->mnemonic) > k
				? (Val){ .kind = V_LOAD, .id = (uint32_t)sym, .off = off + 4 * (int64_t)k }
				: data_val(x, in->line);
		if (vary)
			v = varying_val(x, in->line, data_val(x, in->line));
		if (!write_v(x, st, in, (RegFile)data->file, data->first + k, v))
			return false;
	}
	return true;
}

/* Memory instructions; false: the path stops. */
bool exec_memory(Exec *x, State *st, const AsmInstr *in)
{
	const char *m = in->mnemonic;
	bool store = strstr(m, "_store") != 0, load = strstr(m, "_load") != 0;
	const AsmOp *o = in->op;
	if (has_prefix(m, "buffer_") && (store || load) && in->nops >= 4) {
		int sym = global_of(st, &o[2]);
		if (sym >= 0) {
			/* A resource built from a global's address (gfx6 and gfx7
			 * have no global_ instructions): global memory, at the
			 * instruction's offset plus a constant soffset when the
			 * address is `off`. */
			Val so = o[3].kind == AOP_OFF ? const_val(0) : read_op(x, st, &o[3], 0, in->line);
			int64_t off = (in->has_offset ? in->offset : 0) + (so.kind == V_CONST ? so.off : 0);
			return global_access(x, st, in, store, sym, o[1].kind == AOP_OFF && so.kind == V_CONST, off, &o[0],
					     &o[1]);
		}
		if (store)
			scratch_store(x, st, in, &o[0], &o[1], &o[3]);
		else
			return scratch_load(x, st, in, &o[0], &o[1], &o[3]);
		return true;
	}
	if (has_prefix(m, "scratch_") && (store || load) && in->nops >= 3) {
		if (store)
			scratch_store(x, st, in, &o[1], &o[0], &o[2]);
		else
			return scratch_load(x, st, in, &o[0], &o[1], &o[2]);
		return true;
	}
	if (has_prefix(m, "global_") && (store || load) && in->nops >= 3) {
		Val voff = read_op(x, st, &o[store ? 0 : 1], 0, in->line);
		int64_t off = (in->has_offset ? in->offset : 0) + (voff.kind == V_CONST ? voff.off : 0);
		return global_access(x, st, in, store, global_of(st, &o[2]), voff.kind == V_CONST, off, &o[store ? 1 : 0],
				     &o[store ? 0 : 1]);
	}
	if (has_prefix(m, "s_load_") && in->nops >= 2) {
		int sym = global_of(st, &o[1]);
		int64_t off = in->nops >= 3 && o[2].kind == AOP_IMM ? o[2].imm * (x->in->smem_dwords ? 4 : 1) : 0;
		unsigned base;
		Val lo = sreg_of(&o[1], 0, &base) && base < R_JUNK ? st->s[base] : val_of_kind(V_UNKNOWN);
		unsigned n = o[0].kind == AOP_SPECIAL ? mem_dwords(m) : o[0].kind == AOP_REG && o[0].file == RF_SGPR ? o[0].count : 0;
		for (unsigned k = 0; k < n; k++) {
			unsigned r;
			if (!sreg_of(&o[0], k, &r))
				continue;
			Val v = unknown_val(x, in->line);
			if (sym >= 0 && mem_dwords(m) > k)
				v = (Val){ .kind = V_LOAD, .id = (uint32_t)sym, .off = off + 4 * (int64_t)k };
			else if (lo.kind == V_GOT_LO && k < 2)
				v = (Val){ .kind = (uint8_t)(k ? V_SYM_HI : V_SYM_LO), .id = lo.id };
			write_s(st, r, v);
		}
		return true;
	}
	/* Other memory (flat, LDS, buffer loads through a descriptor of the
	 * body's): loads define their first operand. LDS and flat data is
	 * never a saved return address (flat reaches the stack only through
	 * an address the body makes, which llc never uses for its spills). */
	if (store)
		return whole_wave_lanes(x, st, in, "a store to memory");
	bool data = has_prefix(m, "ds_") || has_prefix(m, "flat_");
	bool vary = in->nops >= 2 && o[0].file != RF_SGPR && per_lane_address(x, st, in, &o[1]);
	for (unsigned k = 0; k < o[0].count && o[0].kind == AOP_REG; k++) {
		Val v = data ? data_val(x, in->line) : unknown_val(x, in->line);
		if (vary)
			v = varying_val(x, in->line, v);
		if (o[0].file == RF_SGPR)
			write_s(st, o[0].first + k, v);
		else if (!write_v(x, st, in, (RegFile)o[0].file, o[0].first + k, v))
			return false;
	}
	return true;
}
