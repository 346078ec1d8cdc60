/* Call sites: each call's outgoing registers and stack dwords attributed
 * to the gcnabi.<i>.out.<K> loads their bytes come from, the caller's
 * sret pointer, chain calls' dynamic VGPRs, implicit inputs. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_work.h"

/* --- call sites -------------------------------------------------------- */

static void add_outpart(MirWork *w, const OutPart *o)
{
	if (w->nout < MIR_MAX_OUTPARTS)
		w->out[w->nout++] = *o;
	else
		w->out_overflow = true;
}

/* An outgoing stack store: each 4-byte piece of a wider value is its own
 * part (SelectionDAG merges the stores of neighbouring parts, often of
 * different arguments, into one SCRATCH_STORE_DWORDX4; GlobalISel stores a
 * 64-bit part in one G_STORE). A store that is not value-first (G_MEMCPY of
 * a byval copy) is one part. */
static void add_stack_parts(MirWork *w, OutPart o, const Instr *in, uint32_t offset)
{
	o.stack = true;
	/* GlobalISel's memory operand can name the whole pointer argument
	 * (`store (p1) into stack + 8`) where the G_STORE writes one s32 of it:
	 * the value's LLT is the size written. */
	uint32_t size = in->stack_size;
	uint32_t vsize = in->value_first && in->uses_count ? w->body.uses[in->uses_first].type_size : 0;
	if (vsize && vsize < size)
		size = vsize;
	if (!in->value_first || size <= 4) {
		o.offset = offset;
		o.size = size;
		o.bytes = in->value_first && size;
		add_outpart(w, &o);
		return;
	}
	for (uint32_t k = 0; k < size && offset <= UINT32_MAX - k; k += 4) {
		o.offset = offset + k;
		o.size = size - k < 4 ? size - k : 4;
		o.bytes = true;
		o.lo = k;
		add_outpart(w, &o);
	}
}

/* Where a store into %fixed-stack.N + off lands in the incoming argument
 * area; false when the object is not known. */
static bool fixed_store_offset(const MirWork *w, const Instr *in, uint32_t *offset)
{
	if (in->fixed_id >= MIR_MAX_FIXED || w->fixed_by_id[in->fixed_id] < 0)
		return false;
	const FixedObj *fo = &w->h.fixed[w->fixed_by_id[in->fixed_id]];
	if (fo->offset > UINT32_MAX - in->fixed_off)
		return false;
	*offset = fo->offset + in->fixed_off;
	return true;
}

/* The outgoing parts of the call at c: the physical registers written and
 * the stores into the outgoing argument area since the call sequence began.
 * A sibling call (SI_TCRETURN*) passes its stack arguments in the caller's
 * own incoming area: there the stores into %fixed-stack.N are its parts
 * (SelectionDAG rewrites the slots of an argument it took apart: llc 22
 * amdgpu_gfx, a <32 x i13> passed on musttail, its stack elements stored
 * back as halves of 32-bit registers). */
static void collect_outgoing(MirWork *w, uint32_t c)
{
	const MirBody *b = &w->body;
	bool sibling = opcode_is_tail_call(b->instrs[c].opcode);
	uint32_t start = c;
	while (start > 0 && b->instrs[start - 1].block == b->instrs[c].block &&
	       b->instrs[start - 1].kind != IK_CALL && b->instrs[start - 1].kind != IK_CALLSEQ_START &&
	       b->instrs[start - 1].kind != IK_CALLSEQ_END)
		start--;
	w->nout = 0;
	w->out_overflow = false;
	for (uint32_t i = start; i < c; i++) {
		const Instr *in = &b->instrs[i];
		OutPart o;
		memset(&o, 0, sizeof o);
		o.instr = i;
		o.arg = -1;
		o.anchor_vreg = UINT32_MAX;
		uint32_t offset;
		if (in->kind == IK_DEF_PHYS && !is_return_address(&in->dst)) {
			/* One register copied: its 4 bytes are traced exactly. */
			o.reg = in->dst;
			o.bytes = in->dst.count == 1 && in->map == MAP_SAME;
			o.size = 4;
			add_outpart(w, &o);
		} else if (in->stack_store) {
			add_stack_parts(w, o, in, in->stack_off);
		} else if (sibling && in->fixed_store && fixed_store_offset(w, in, &offset)) {
			add_stack_parts(w, o, in, offset);
		}
	}
}

/* What the leaves of one part's trace say about it: the out-marker it
 * carries (only the first <i> seen counts; the lowest K when several reach
 * it), a frame address, or the same register passed on. */
static bool read_out_leaves(MirWork *w, OutPart *o, uint32_t *want_sig)
{
	const MirBody *b = &w->body;
	bool grouped = false;
	int32_t passed_on = -1; /* the lowest argument of the caller's own the part carries */
	o->special = true;
	for (uint32_t l = 0; l < b->nleaves; l++) {
		const TraceLeaf *tl = &b->leaves[l];
		const Instr *leaf = &b->instrs[tl->instr];
		if (leaf->leaf != LEAF_PHYS || (leaf->part && w->in[leaf->part - 1].arg >= 0))
			o->special = false;
		if (leaf->leaf == LEAF_OUT && (*want_sig == UINT32_MAX || leaf->leaf_sig == *want_sig) &&
		    leaf->leaf_id < SIG_MAX_PARAMS) {
			*want_sig = leaf->leaf_sig;
			if (o->arg < 0 || (int32_t)leaf->leaf_id < o->arg) {
				o->arg = (int32_t)leaf->leaf_id;
				o->anchor_vreg = tl->anchor_vreg;
				o->anchor_off = tl->anchor_off;
			}
			o->copy |= leaf->leaf_copy;
			grouped = true;
		} else if (leaf->leaf == LEAF_KERNARG && leaf->leaf_id < SIG_MAX_PARAMS) {
			passed_on = passed_on < 0 || (int32_t)leaf->leaf_id < passed_on ? (int32_t)leaf->leaf_id : passed_on;
		} else if (leaf->leaf == LEAF_LOCAL) {
			o->local = true;
		} else if (leaf->leaf == LEAF_PHYS && leaf->part && w->in[leaf->part - 1].arg >= 0) {
			passed_on = passed_on < 0 || w->in[leaf->part - 1].arg < passed_on ? w->in[leaf->part - 1].arg : passed_on;
		} else if (leaf->leaf == LEAF_FIXED && leaf->leaf_id < MIR_MAX_FIXED && w->fixed_by_id[leaf->leaf_id] >= 0 &&
			   w->fixed_arg[w->fixed_by_id[leaf->leaf_id]] >= 0) {
			int32_t k = w->fixed_arg[w->fixed_by_id[leaf->leaf_id]];
			passed_on = passed_on < 0 || k < passed_on ? k : passed_on;
		} else if (leaf->leaf == LEAF_PHYS && !o->stack && regrange_eq(&leaf->src, &o->reg)) {
			o->forwarded = true;
			if (leaf->part)
				w->in[leaf->part - 1].forwarded = true;
		}
	}
	/* No out-marker, but the caller's own argument K: a call-graph caller
	 * passes its leading arguments on to the same positions. */
	if (o->arg < 0 && passed_on >= 0) {
		o->arg = passed_on;
		grouped = true;
	}
	return grouped;
}

/* Trace each outgoing part: its own bytes when the instruction allows it,
 * else everything the instruction reads. */
static bool attribute_outgoing(MirWork *w, uint32_t *callee_index)
{
	MirBody *b = &w->body;
	uint32_t want_sig = UINT32_MAX;
	bool grouped = false;
	for (uint32_t i = 0; i < w->nout; i++) {
		OutPart *o = &w->out[i];
		if (o->bytes)
			body_trace_bytes(b, o->instr, o->lo, o->lo + o->size);
		else
			body_trace(b, o->instr);
		grouped |= read_out_leaves(w, o, &want_sig);
	}
	*callee_index = want_sig;
	return grouped;
}

static bool arg_is_byval(const MirWork *w, const Sig *sig, uint32_t k)
{
	if (sig && k < sig->nparams && (sig->params[k].flags & PARAM_BYVAL))
		return true;
	for (uint32_t i = 0; i < w->nout; i++)
		if (w->out[i].arg == (int32_t)k && w->out[i].copy)
			return true;
	return false;
}

/* Stack slots of argument k by offset; a byval copy is one slot spanning
 * every store of it (SelectionDAG copies it a dword at a time). */
static void place_outgoing_stack(MirWork *w, Placement *p, uint32_t k, bool byval)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < w->nout; i++) {
		if (!w->out[i].stack || w->out[i].arg != (int32_t)k)
			continue;
		uint32_t at = n++;
		while (at > 0 && w->out[w->order[at - 1]].offset > w->out[i].offset) {
			w->order[at] = w->order[at - 1];
			at--;
		}
		w->order[at] = i;
	}
	if (byval && n) {
		uint32_t lo = w->out[w->order[0]].offset, hi = lo;
		for (uint32_t i = 0; i < n; i++) {
			uint32_t end = w->out[w->order[i]].offset + w->out[w->order[i]].size;
			hi = end > hi ? end : hi;
		}
		place_add_stack(p, lo, hi - lo);
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		place_add_stack(p, w->out[w->order[i]].offset, w->out[w->order[i]].size);
}

/* Do all n parts in order[] have distinct positions in the same value? */
static bool same_anchor(const MirWork *w, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		const OutPart *o = &w->out[w->order[i]];
		if (o->anchor_vreg == UINT32_MAX || o->anchor_vreg != w->out[w->order[0]].anchor_vreg)
			return false;
		for (uint32_t j = 0; j < i; j++)
			if (w->out[w->order[j]].anchor_off == o->anchor_off)
				return false;
	}
	return n > 0;
}

static bool part_after(const OutPart *q, const OutPart *c, bool by_anchor)
{
	if (by_anchor)
		return q->anchor_off > c->anchor_off;
	return q->reg.kind > c->reg.kind || (q->reg.kind == c->reg.kind && q->reg.first > c->reg.first);
}

/* Register parts of argument k in part order: by their position in one
 * value when the dataflow gives every one of them a position in the same
 * value (a REG_SEQUENCE sub-register, a G_UNMERGE_VALUES operand), else by
 * register file and number: the calling convention assigns an argument's
 * registers in ascending order, SGPRs before VGPRs. SelectionDAG does not
 * always emit the COPYs in part order. */
static void place_outgoing_regs(MirWork *w, Placement *p, uint32_t k)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < w->nout; i++)
		if (!w->out[i].stack && w->out[i].arg == (int32_t)k)
			w->order[n++] = i;
	bool by_anchor = same_anchor(w, n);
	for (uint32_t i = 1; i < n; i++) {
		uint32_t cur = w->order[i], at = i;
		for (; at > 0 && part_after(&w->out[w->order[at - 1]], &w->out[cur], by_anchor); at--)
			w->order[at] = w->order[at - 1];
		w->order[at] = cur;
	}
	for (uint32_t i = 0; i < n; i++) {
		const OutPart *o = &w->out[w->order[i]];
		uint32_t before = p->nlocs;
		place_add_regs(p, &o->reg);
		if (o->reg.count == 1 && p->nlocs > before)
			p->locs[p->nlocs - 1].repr = (uint8_t)body_repr_written(&w->body, o->instr);
	}
}

/* Does a call define SGPRs or VGPRs (a return value in registers)? */
static bool call_defines_regs(Str ops)
{
	Str op;
	unsigned flags;
	RegRange r;
	while (next_operand(&ops, &op)) {
		op = operand_strip_flags(op, &flags);
		if ((flags & OPF_IMPLICIT) && (flags & OPF_DEF) && parse_physreg(op, &r) && !is_return_address(&r))
			return true;
	}
	return false;
}

/* The hidden sret pointer of a demoted return: the first outgoing register
 * that carries no argument and holds the address of an object of the
 * caller's frame, in a call that returns nothing in registers although the
 * callee's IR type is not void. GlobalISel may pass it in an SGPR (s4 for
 * an amdgpu_gfx inreg return), SelectionDAG in a VGPR. */
static void find_caller_sret(MirWork *w, MirCall *call, const Sig *sig, const Instr *ci)
{
	Placement *p = &call->out;
	if (!call->grouped || (sig && sig_type(sig, sig->ret)->kind == TYPE_VOID) || call_defines_regs(ci->ops))
		return;
	for (uint32_t i = 0; i < w->nout; i++) {
		OutPart *o = &w->out[i];
		if (!o->stack && o->arg < 0 && o->local && !o->forwarded && o->reg.count == 1) {
			p->ret_demoted = true;
			p->sret.kind = o->reg.kind;
			p->sret.reg = o->reg.first;
			o->sret = true;
			return;
		}
	}
}

/* A kernel sets up the special inputs of every call it makes (SRD,
 * dispatch and queue pointers, implicit argument pointer, workgroup IDs in
 * s[12:14], packed workitem IDs in v31) from its own incoming registers,
 * which carry none of its IR arguments (those come from the kernarg
 * segment): such a part is not an argument. */
static bool kernel_special_input(const MirWork *w, const OutPart *o)
{
	return w->f.has_sig && conv_in_family((CallConv)w->f.sig.cc, FAMILY_KERNEL) && o->special && !o->stack;
}

/* At a call through a pointer, llc passes every implicit input of the
 * default convention (the call site carries none of the callee's
 * "amdgpu-no-*"; SIISelLowering::passSpecialInputs), each in its fixed-ABI
 * register (AMDGPUArgumentUsageInfo::FixedABIFunctionInfo): s[4:5]
 * dispatch pointer, s[6:7] queue pointer, s[8:9] implicit-argument
 * pointer, s[10:11] dispatch id, s12-s14 workgroup ids, s15 LDS kernel
 * id, v31 workitem ids; no argument goes there. A caller whose own
 * "amdgpu-no-*" freed those registers for its arguments passes what they
 * hold, so such a part may trace back to one of its arguments: it is
 * still an input. */
static bool indirect_call_input(const MirCall *call, const OutPart *o)
{
	if (call->callee[0] || !call->has_sig || o->stack || !conv_info((CallConv)call->sig.cc)->rules ||
	    !conv_info((CallConv)call->sig.cc)->rules->implicit_inputs)
		return false;
	const RegRange *r = &o->reg;
	if (r->kind == LOC_VGPR)
		return r->first == 31 && r->count == 1;
	return r->kind == LOC_SGPR && r->first >= 4 && r->first + r->count <= 16;
}

static void place_call(MirWork *w, MirCall *call, const Instr *ci)
{
	const Sig *sig = call->has_sig ? &call->sig : NULL;
	Placement *p = &call->out;
	uint32_t nargs = 0;
	for (uint32_t i = 0; i < w->nout; i++) {
		OutPart *o = &w->out[i];
		if (!call->grouped)
			o->arg = o->forwarded || kernel_special_input(w, o) ? -1 : 0;
		else if ((sig && o->arg >= (int32_t)sig->nparams) || indirect_call_input(call, o))
			o->arg = -1;
		if (o->arg >= 0 && (uint32_t)o->arg + 1 > nargs)
			nargs = (uint32_t)o->arg + 1;
	}
	if (call->grouped && sig)
		nargs = sig->nparams;
	p->nargs = (uint16_t)nargs;
	/* An argument the callee's header marks unused may be passed as undef
	 * (emit/): nothing to see, as in the callee. */
	for (uint32_t k = 0; sig && k < sig->nparams && k < SIG_MAX_PARAMS; k++)
		if (sig->params[k].flags & PARAM_UNUSED)
			p->unused[k / 64] |= UINT64_C(1) << (k % 64);
	for (uint32_t k = 0; k < nargs; k++) {
		uint32_t first = p->nlocs;
		place_outgoing_regs(w, p, k);
		place_outgoing_stack(w, p, k, call->grouped && arg_is_byval(w, sig, k));
		p->args[k].first = (uint16_t)first;
		p->args[k].count = (uint16_t)(p->nlocs - first);
	}
	find_caller_sret(w, call, sig, ci);
	for (uint32_t i = 0; i < w->nout; i++) {
		const OutPart *o = &w->out[i];
		if (!o->stack && o->arg < 0 && !o->sret)
			add_regrange(call->implicit, &call->nimplicit, MIR_MAX_IMPLICIT, &o->reg);
	}
	p->ret.first = (uint16_t)p->nlocs;
	add_reg_operands(p, ci->ops, true);
	reprs_around(&w->body, p, p->ret.first, (uint32_t)(ci - w->body.instrs), false);
	p->ret.count = (uint16_t)(p->nlocs - p->ret.first);
}

/* A type that holds no bits ({}, [0 x T] and aggregates of them) has no
 * parts, so no marker can name an argument of that type. */
static bool type_is_empty(const Sig *s, TypeId t, unsigned depth)
{
	if (t == TYPE_NONE || t >= s->ntypes || depth > 64)
		return false;
	const Type *ty = sig_type(s, t);
	if (ty->kind == TYPE_ARRAY)
		return ty->n == 0 || type_is_empty(s, ty->elem, depth + 1);
	if (ty->kind != TYPE_STRUCT)
		return false;
	for (uint32_t i = 0; i < ty->n; i++)
		if (!type_is_empty(s, s->members[ty->first + i], depth + 1))
			return false;
	return true;
}

/* An empty aggregate has no parts, nor has the active-lane mask of a
 * convention that has one (conv.h): the callee computes it. */
static bool param_has_parts(const Sig *s, uint32_t i)
{
	return !type_is_empty(s, s->params[i].type, 0) && (i > 0 || !conv_info((CallConv)s->cc)->active_mask_param);
}

/* No parameter the body uses carries a part (none at all, only empty
 * aggregates, or unused ones): markers cannot group anything, yet the
 * arguments are all there. */
bool no_used_param_has_parts(const Sig *s)
{
	for (uint32_t i = 0; i < s->nparams; i++)
		if (!(s->params[i].flags & PARAM_UNUSED) && param_has_parts(s, i))
			return false;
	return true;
}

/* The VGPR count of a dynamic-VGPR chain call, its fifth operand:
 * SI_CS_CHAIN_TC_W32_DVGPR callee, offset, regmask-or-0, EXEC, NUM_VGPRS,
 * fallback EXEC, fallback callee, ... (llc 22). 0 for any other call. */
static uint16_t chain_dvgpr_count(const Instr *ci)
{
	if (!str_ends(ci->opcode, "_DVGPR"))
		return 0;
	const char *p = ci->ops.p, *end = p + ci->ops.n;
	for (unsigned commas = 0; p < end && commas < 4; p++)
		commas += *p == ',';
	while (p < end && *p == ' ')
		p++;
	unsigned v = 0;
	for (; p < end && *p >= '0' && *p <= '9' && v < 65536; p++)
		v = v * 10 + (unsigned)(*p - '0');
	return v < 65536 ? (uint16_t)v : 0;
}

/* Parts dropped would read as parts not passed: such a call is not
 * observed. */
static bool outparts_overflowed(MirWork *w, MirCall *call)
{
	if (!w->out_overflow)
		return false;
	char msg[96];
	snprintf(msg, sizeof msg, "call site has more than %u outgoing parts", (unsigned)MIR_MAX_OUTPARTS);
	place_fail(&call->out, msg);
	return true;
}

/* A sibling call (SI_TCRETURN*) passes its stack arguments in the
 * caller's own incoming argument area. An argument the caller passes on
 * at the same position (sig_shared_params: same type, same flags), whose
 * slot no store of the call sequence writes, is left in place: llc writes
 * nothing, and the callee reads the caller's incoming bytes. Each such
 * slot is an outgoing part of that argument at its offset. */
static void add_in_place_parts(MirWork *w, const MirCall *call, const Instr *ci)
{
	if (!opcode_is_tail_call(ci->opcode) || !w->f.has_sig || !call->has_sig)
		return;
	uint32_t shared = sig_shared_params(&w->f.sig, &call->sig);
	for (uint16_t i = 0; i < w->h.nfixed; i++) {
		const FixedObj *fo = &w->h.fixed[i];
		int32_t k = w->fixed_arg[i];
		if (k < 0 || (uint32_t)k >= shared)
			continue;
		bool written = false;
		for (uint32_t j = 0; j < w->nout && !written; j++)
			written = w->out[j].stack && w->out[j].offset < fo->offset + fo->size &&
				  fo->offset < w->out[j].offset + w->out[j].size;
		if (written)
			continue;
		/* A part per dword, as stores write them, of size 0: the
		 * caller writes nothing, so no store size says how much. */
		for (uint32_t off = 0; off < fo->size || off == 0; off += 4) {
			OutPart o;
			memset(&o, 0, sizeof o);
			o.instr = (uint32_t)(ci - w->body.instrs);
			o.stack = true;
			o.offset = fo->offset + off;
			o.size = 0;
			o.arg = k;
			o.anchor_vreg = o.anchor_off = UINT32_MAX;
			add_outpart(w, &o);
		}
	}
}

void observe_call(MirWork *w, uint32_t c)
{
	MirFunction *f = &w->f;
	const Instr *ci = &w->body.instrs[c];
	if (f->ncalls >= MIR_MAX_CALLS) {
		f->ncalls_dropped++;
		return;
	}
	MirCall *call = &f->calls[f->ncalls++];
	memset(call->callee, 0, sizeof call->callee);
	call->line = ci->line;
	call->nimplicit = 0;
	call->dvgpr = chain_dvgpr_count(ci);
	place_init(&call->out);
	call_callee(ci->ops, call->callee, sizeof call->callee);
	const Sig *sig = lookup_sig(w, call->callee);
	call->has_sig = sig != NULL;
	if (sig)
		call->sig = *sig;
	collect_outgoing(w, c);
	if (outparts_overflowed(w, call))
		return;
	/* A callee without parameters, or with only empty or unused ones
	 * (which gcnabi's callers may pass as undef), has no markers to find:
	 * it is grouped. */
	uint32_t index;
	bool marked = attribute_outgoing(w, &index);
	/* Through a pointer: the callee is the function gcnabi emit's pointer
	 * holds, the one the nearest load of a pointer since the last call
	 * loaded (gcnabi emit loads it right before the call), else the one of
	 * the out-markers' index; its header then says which arguments are
	 * byval and unused, and that a call without any is grouped. */
	for (uint32_t j = c; !sig && j-- > 0 && w->body.instrs[j].kind != IK_CALL;)
		if (w->body.instrs[j].fptr_load) {
			index = w->body.instrs[j].fptr_sig;
			break;
		}
	const char *pointee = !sig && index != UINT32_MAX ? fptr_callee(&w->sigs, index) : NULL;
	if (pointee && (sig = lookup_sig(w, pointee)) != NULL) {
		call->has_sig = true;
		call->sig = *sig;
	}
	call->grouped = marked || (sig && no_used_param_has_parts(sig));
	add_in_place_parts(w, call, ci);
	if (outparts_overflowed(w, call))
		return;
	place_call(w, call, ci);
}
