/* A function's incoming parts: placements built from registers and stack
 * objects, the incoming COPYs and fixed stack objects grouped by the
 * gcnabi.<i>.in.<K> stores they reach, and the callee's sret pointer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_work.h"

/* --- placements ------------------------------------------------------ */

static void place_add(Placement *p, Loc l)
{
	if (p->nlocs < PLACE_MAX_PARTS)
		p->locs[p->nlocs++] = l;
}

void place_add_regs(Placement *p, const RegRange *r)
{
	for (uint16_t i = 0; i < r->count; i++) {
		Loc l = { .kind = r->kind, .reg = (uint16_t)(r->first + i), .offset = 0, .size = 0 };
		place_add(p, l);
	}
}

void place_add_stack(Placement *p, uint32_t offset, uint32_t size)
{
	Loc l = { .kind = LOC_STACK, .reg = 0, .offset = offset, .size = size };
	place_add(p, l);
}

/* Part first on of p (one register each): what the copies at a return or
 * a call say they hold -- the last write of the register before the
 * instruction at (written: a return's values, a call's arguments) or the
 * first copy out of it after at (a call's results), in at's block. */
void reprs_around(const MirBody *b, Placement *p, uint32_t first, uint32_t at, bool written)
{
	for (uint32_t k = first; k < p->nlocs; k++) {
		Loc *l = &p->locs[k];
		if (l->kind != LOC_SGPR && l->kind != LOC_VGPR)
			continue;
		RegRange r = { l->kind, l->reg, 1 };
		uint32_t block = b->instrs[at].block;
		if (written) {
			for (uint32_t i = at; i-- > 0 && b->instrs[i].block == block;)
				if (b->instrs[i].kind == IK_DEF_PHYS && regrange_eq(&b->instrs[i].dst, &r)) {
					l->repr = (uint8_t)body_repr_written(b, i);
					break;
				}
		} else {
			for (uint32_t i = at + 1; i < b->ninstrs && b->instrs[i].block == block; i++)
				if (b->instrs[i].kind == IK_COPY_PHYS && regrange_eq(&b->instrs[i].src, &r)) {
					l->repr = (uint8_t)body_repr_read(b, i);
					break;
				}
		}
	}
}

void place_fail(Placement *p, const char *msg)
{
	p->ok = false;
	str_copy(str_make(msg, strlen(msg)), p->error, sizeof p->error);
}

void add_regrange(RegRange *list, uint16_t *n, uint16_t cap, const RegRange *r)
{
	for (uint16_t i = 0; i < *n; i++)
		if (regrange_eq(&list[i], r))
			return;
	if (*n < cap)
		list[(*n)++] = *r;
}

/* Physical SGPR/VGPR operands of an instruction, as parts: the uses of a
 * return (less the return address), or the implicit defs of a call. */
void add_reg_operands(Placement *p, Str ops, bool defs)
{
	Str op;
	unsigned flags;
	RegRange r;
	while (next_operand(&ops, &op)) {
		op = operand_strip_flags(op, &flags);
		bool is_def = (flags & OPF_DEF) != 0;
		if (is_def == defs && (!defs || (flags & OPF_IMPLICIT)) && parse_physreg(op, &r) &&
		    !is_return_address(&r))
			place_add_regs(p, &r);
	}
}

const Sig *lookup_sig(const MirWork *w, const char *name)
{
	const SigSlot *s = sigtab_find(&w->sigs, name);
	return s ? s->sig : NULL;
}

/* --- incoming parts ---------------------------------------------------- */

static uint32_t livein_rank(const FuncHeader *h, const RegRange *r)
{
	for (uint16_t i = 0; i < h->nliveins; i++)
		if (regrange_eq(&h->liveins[i], r))
			return i;
	return h->nliveins;
}

/* Incoming registers in argument order: GlobalISel copies them in that
 * order; SelectionDAG copies them in reverse but lists them in order under
 * liveins: (checked against llc 14-22). */
void collect_incoming(MirWork *w)
{
	MirBody *b = &w->body;
	w->nin = 0;
	for (uint32_t i = 0; i < b->ninstrs && w->nin < MIR_MAX_INCOMING; i++) {
		if (!b->instrs[i].incoming)
			continue;
		InPart p = {i, b->instrs[i].src, b->gisel ? 0 : livein_rank(&w->h, &b->instrs[i].src), -1, false, false};
		uint32_t at = w->nin++;
		while (at > 0 && w->in[at - 1].rank > p.rank) {
			w->in[at] = w->in[at - 1];
			at--;
		}
		w->in[at] = p;
	}
	for (uint32_t i = 0; i < w->nin; i++)
		b->instrs[w->in[i].instr].part = i + 1;
}

static void index_fixed_objects(MirWork *w)
{
	for (uint32_t i = 0; i < MIR_MAX_FIXED; i++)
		w->fixed_by_id[i] = -1;
	for (uint16_t i = 0; i < w->h.nfixed; i++) {
		w->fixed_arg[i] = -1;
		if (w->h.fixed[i].id < MIR_MAX_FIXED && w->fixed_by_id[w->h.fixed[i].id] < 0)
			w->fixed_by_id[w->h.fixed[i].id] = (int16_t)i;
	}
}

/* Stores into gcnabi.<i>.in.<K> name argument K; the incoming registers and
 * stack objects their values come from are its parts. Only the first <i>
 * seen counts. Returns the number of arguments the markers name. */
uint32_t attribute_incoming(MirWork *w, const Sig *sig)
{
	MirBody *b = &w->body;
	uint32_t nargs = 0, want_sig = UINT32_MAX;
	index_fixed_objects(w);
	for (uint32_t i = 0; i < b->ninstrs; i++) {
		const Instr *st = &b->instrs[i];
		if (!st->in_marker || (want_sig != UINT32_MAX && st->in_sig != want_sig))
			continue;
		uint32_t k = st->in_k;
		if (k >= SIG_MAX_PARAMS || (sig && k >= sig->nparams))
			continue;
		want_sig = st->in_sig;
		nargs = k + 1 > nargs ? k + 1 : nargs;
		body_trace(b, i);
		for (uint32_t l = 0; l < b->nleaves; l++) {
			const Instr *leaf = &b->instrs[b->leaves[l].instr];
			if (leaf->leaf == LEAF_PHYS && leaf->part && w->in[leaf->part - 1].arg < 0) {
				w->in[leaf->part - 1].arg = (int32_t)k;
			} else if (leaf->leaf == LEAF_FIXED && leaf->leaf_id < MIR_MAX_FIXED) {
				int16_t fi = w->fixed_by_id[leaf->leaf_id];
				if (fi >= 0 && w->fixed_arg[fi] < 0)
					w->fixed_arg[fi] = (int32_t)k;
			}
		}
	}
	return nargs;
}

/* Arguments in order: each one's registers in incoming order, then its
 * stack objects by offset. one_group puts every part not forwarded to a
 * call into a single argument (no markers to group by). */
void place_incoming(MirWork *w, uint32_t nargs, bool one_group)
{
	Placement *p = &w->f.in;
	p->nargs = (uint16_t)nargs;
	for (uint32_t k = 0; k < nargs; k++) {
		uint32_t first = p->nlocs;
		for (uint32_t i = 0; i < w->nin; i++)
			if (one_group ? !w->in[i].forwarded : w->in[i].arg == (int32_t)k) {
				place_add_regs(p, &w->in[i].reg);
				if (w->in[i].reg.count == 1 && p->nlocs > first)
					p->locs[p->nlocs - 1].repr = (uint8_t)body_repr_read(&w->body, w->in[i].instr);
			}
		for (uint16_t i = 0; i < w->h.nfixed; i++)
			if (one_group || w->fixed_arg[i] == (int32_t)k)
				place_add_stack(p, w->h.fixed[i].offset, w->h.fixed[i].size);
		p->args[k].first = (uint16_t)first;
		p->args[k].count = (uint16_t)(p->nlocs - first);
	}
}

const Instr *first_return(const MirBody *b)
{
	for (uint32_t i = 0; i < b->ninstrs; i++)
		if (b->instrs[i].kind == IK_RETURN)
			return &b->instrs[i];
	return NULL;
}

/* A demoted return arrives as a hidden pointer that no marker reaches, in
 * a function that returns nothing in registers. With the header known to
 * return a value, it is the first incoming register no argument reaches
 * (not an implicit input passed on to a call), whichever file it is in:
 * GlobalISel passes it in s4 for an amdgpu_gfx inreg return, SelectionDAG
 * in v0. Without the header only v0 is taken for it. */
void find_callee_sret(MirWork *w, const Sig *sig)
{
	Placement *p = &w->f.in;
	if (p->ret.count || (sig && sig_type(sig, sig->ret)->kind == TYPE_VOID))
		return;
	for (uint32_t i = 0; i < w->nin; i++) {
		InPart *ip = &w->in[i];
		if (ip->arg >= 0 || ip->forwarded || ip->reg.count != 1)
			continue;
		if (!sig && !(ip->reg.kind == LOC_VGPR && ip->reg.first == 0))
			continue;
		ip->sret = true;
		p->ret_demoted = true;
		p->sret.kind = ip->reg.kind;
		p->sret.reg = ip->reg.first;
		return;
	}
}
