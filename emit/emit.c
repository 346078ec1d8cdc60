/* `gcnabi emit`: IR for a list of signatures, in the dialect of the target
 * llc. Function i stores argument K to @gcnabi.<i>.in.<K> and returns a
 * value loaded from @gcnabi.<i>.ret, so every part is live in both
 * selectors; its caller @gcnabi.<i>.caller passes values loaded from
 * @gcnabi.<i>.out.<K> (constant address space: uniform, so inreg parts can
 * stay in SGPRs) and stores the result to @gcnabi.<i>.res. A kernel's body
 * is `ret void`: its kernarg layout is in the HSA metadata, which lists
 * every explicit argument whether the body uses it or not (README).
 * This file: a signature prepared for the dialect, the markers declared,
 * and whole modules (emit_function, emit_graph). */
#include <stdlib.h>
#include <string.h>

#include "emit_impl.h"

static bool retype_attr_pointers(Sig *s)
{
	for (unsigned k = 0; k < s->nparams; k++) {
		Param *p = &s->params[k];
		const Type *t = sig_type(s, p->type);
		if (p->attr_type == TYPE_NONE || t->kind != TYPE_PTR)
			continue;
		Type pt = *t;
		pt.elem = p->attr_type;
		TypeId id = sig_add_type(s, pt);
		if (id == TYPE_NONE)
			return false;
		p->type = id;
	}
	return true;
}

/* A heap copy of s0 in the form this dialect writes (typed pointers point
 * at their attribute's type), or NULL with why when the dialect cannot
 * express it. */
static Sig *prepare_sig(const Sig *s0, const EmitOptions *o, char *why, size_t why_cap)
{
	Sig *s = malloc(sizeof *s);
	if (!s) {
		snprintf(why, why_cap, "out of memory");
		return 0;
	}
	*s = *s0;
	bool ok = true;
	if (s->varargs) {
		snprintf(why, why_cap, "variadic functions cannot be emitted");
		ok = false;
	} else if (o->typed_ptrs && !retype_attr_pointers(s)) {
		snprintf(why, why_cap, "too many types");
		ok = false;
	}
	for (unsigned k = 0; ok && o->buffer_ptr_split && !conv_in_family((CallConv)s->cc, FAMILY_KERNEL) && k <= s->nparams; k++) {
		TypeId t = k < s->nparams ? value_type(&s->params[k]) : s->ret;
		if (type_contains_fat_pointer(s, t) && sig_type(s, t)->kind != TYPE_PTR) {
			snprintf(why, why_cap, "ptr addrspace(7) inside an aggregate cannot be stored to a global");
			ok = false;
		}
	}
	if (!ok) {
		free(s);
		return 0;
	}
	return s;
}

/* The marker globals of function idx: in.K (and out.K for callers), ret
 * (and res). */
static void declare_markers(Emitter *e, bool callers)
{
	const Sig *s = e->s;
	for (unsigned k = 0; k < s->nparams; k++) {
		declare_global(e, "in", (int)k, value_type(&s->params[k]), false);
		if (callers && passed(s, k))
			declare_global(e, "out", (int)k, value_type(&s->params[k]), true);
		if (callers && passed(s, k) && divergent_arg(e, k))
			declare_global(e, "lane", (int)k, value_type(&s->params[k]), false);
	}
	if (s->uses_scratch)
		buf_printf(e->b, "@gcnabi.%u.idx = addrspace(1) global i32 0\n", e->idx);
	if (has_body(s, BODY_FRAME) || has_body(s, BODY_BRANCH))
		buf_printf(e->b, "@gcnabi.%u.len = addrspace(1) global i32 0\n", e->idx);
	if (callers && has_body(s, BODY_PRESSURE))
		buf_printf(e->b, "@gcnabi.%u.keep.s = external addrspace(4) global [%u x i32], align 16\n"
				 "@gcnabi.%u.keep.v = addrspace(1) global i32 0\n"
				 "@gcnabi.%u.kept = addrspace(1) global i32 0\n",
			   e->idx, PRESSURE_VALUES, e->idx, e->idx);
	if (sig_type(s, s->ret)->kind != TYPE_VOID) {
		declare_global(e, "ret", -1, s->ret, false);
		if (divergent_return(e))
			declare_global(e, "lane.ret", -1, s->ret, false);
		if (callers)
			declare_global(e, "res", -1, s->ret, false);
	}
}

bool emit_function(Buf *b, const Sig *s0, unsigned idx, const EmitOptions *o, char *why, size_t why_cap)
{
	Sig *s = prepare_sig(s0, o, why, why_cap);
	if (!s)
		return false;
	Emitter e = { b, s, o, idx, false, 0, false };
	char renamed[48];
	snprintf(renamed, sizeof renamed, "gcnabi.%u.fn", idx);
	const char *fn_name = o->rename ? renamed : s->name;
	/* Entry points get no caller: llc refuses a call to them. */
	bool caller = o->callers && conv_callable((CallConv)s->cc);
	buf_printf(b, "\n");
	if (conv_in_family((CallConv)s->cc, FAMILY_KERNEL)) {
		/* No uses: a kernel fails only where llc refuses its signature,
		 * never on a store of an argument type it cannot select. */
		put_header(&e, fn_name);
		buf_printf(b, "  ret void\n}\n");
		free(s);
		return true;
	}
	declare_markers(&e, caller);
	emit_callee(&e, fn_name);
	if (caller && conv_in_family((CallConv)s->cc, FAMILY_CHAIN))
		emit_chain_caller(&e, fn_name);
	else if (caller)
		emit_caller(&e, fn_name);
	free(s);
	return true;
}

CallKind graph_call_kind(Sig *const *sigs, Sig *const *included, const CallEdge *edges, unsigned nedges, unsigned x)
{
	unsigned i = edges[x].from, j = edges[x].to, last = nedges; /* i's last call, if it may be a tail call */
	for (unsigned y = 0; y < nedges; y++)
		if (edges[y].from == i && included[edges[y].to])
			last = y;
	if (last != x || edges[x].chain || sig_type(included[i], included[i]->ret)->kind != TYPE_VOID)
		return CALL_PLAIN;
	/* A musttail call is followed by the return: not of a "gcnabi-pressure"
	 * callee, whose values live on after the call. */
	if (graph_musttail(sigs[i], sigs[j]) && !edges[x].indirect && !has_body(sigs[j], BODY_PRESSURE))
		return CALL_MUSTTAIL;
	return tail_call(included[j]) ? CALL_TAIL : CALL_PLAIN;
}

bool emit_graph(Buf *b, Sig *const *sigs, const bool *include, unsigned nsigs, const CallEdge *edges, unsigned nedges,
		const EmitOptions *o, char *why, size_t why_cap)
{
	Sig **prepared = calloc(nsigs ? nsigs : 1, sizeof *prepared);
	bool ok = prepared != NULL;
	if (!ok)
		snprintf(why, why_cap, "out of memory");
	for (unsigned i = 0; ok && i < nsigs; i++)
		if (include[i] && !(prepared[i] = prepare_sig(sigs[i], o, why, why_cap)))
			ok = false;
	for (unsigned x = 0; ok && x < nedges; x++)
		for (unsigned y = 0; y < x; y++)
			if (edges[x].from == edges[y].from && edges[x].to == edges[y].to) {
				snprintf(why, why_cap, "@%s calls @%s twice", sigs[edges[x].from]->name, sigs[edges[x].to]->name);
				ok = false;
			}
	/* Markers, and the function pointers indirect calls load. */
	bool lanes = false; /* a call passes lane-varying values: mbcnt.lo */
	for (unsigned i = 0; ok && i < nsigs; i++) {
		if (!prepared[i])
			continue;
		Emitter e = { b, prepared[i], o, i, false, 0, false };
		buf_printf(b, "\n");
		declare_markers(&e, true);
		bool called_to = false, pointed_to = false, chained_to = false, chained_through_pointer = false;
		for (unsigned x = 0; x < nedges; x++) {
			bool from_here = edges[x].to == i && prepared[edges[x].from];
			called_to |= from_here && !edges[x].chain;
			pointed_to |= from_here && edges[x].indirect && !edges[x].chain;
			chained_to |= from_here && edges[x].chain;
			chained_through_pointer |= from_here && edges[x].chain && edges[x].indirect;
		}
		lanes |= (called_to && lane_varying(prepared[i])) || (chained_to && has_body(prepared[i], BODY_DIVERGENT));
		if (chained_to)
			declare_chain_intrinsic(&e);
		if (called_to && conv_info((CallConv)prepared[i]->cc)->call_intrinsic)
			declare_call_intrinsic(&e);
		/* Chain calls through a pointer load it from constant memory
		 * (uniform, SGPRs); a variable llc cannot fold, whose initial
		 * value names the function (for the final-code checker). */
		if (chained_through_pointer) {
			buf_printf(b, "@gcnabi.%u.chainfp = addrspace(4) global ptr ", i);
			put_name(b, prepared[i]->name);
			buf_printf(b, "\n");
		}
		if (!pointed_to)
			continue;
		buf_printf(b, "@gcnabi.%u.fptr = addrspace(1) global ", i);
		if (o->typed_ptrs) {
			put_function_type(&e);
			buf_printf(b, "*");
		} else {
			buf_printf(b, "ptr");
		}
		buf_printf(b, " ");
		put_name(b, prepared[i]->name);
		buf_printf(b, "\n");
	}
	if (lanes)
		buf_printf(b, "declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)\n");
	/* Each function: its in-markers, its calls in edge order, its return. */
	for (unsigned i = 0; ok && i < nsigs; i++) {
		if (!prepared[i])
			continue;
		Emitter e = { b, prepared[i], o, i, false, 0, false };
		buf_printf(b, "\n");
		put_header(&e, prepared[i]->name);
		if (has_body(prepared[i], BODY_FRAME))
			emit_frame(&e);
		bool copies_in_entry = has_body(prepared[i], BODY_BRANCH);
		for (unsigned x = 0; copies_in_entry && x < nedges; x++) {
			unsigned j = edges[x].to;
			if (edges[x].from != i || !prepared[j] || edges[x].chain)
				continue;
			Emitter callee = { b, prepared[j], o, j, false, 0, false };
			for (unsigned k = 0; k < prepared[j]->nparams; k++)
				if (passed(prepared[j], k) && by_copy(&prepared[j]->params[k]))
					put_copy_alloca(&callee, k);
		}
		emit_branch(&e);
		emit_entry_stores(&e);
		bool chained = false;
		for (unsigned x = 0, n = 0; x < nedges; x++) {
			unsigned j = edges[x].to;
			if (edges[x].from != i || !prepared[j])
				continue;
			Emitter callee = { b, prepared[j], o, j, conv_in_family((CallConv)prepared[i]->cc, FAMILY_KERNEL), 0,
					   copies_in_entry && !edges[x].chain };
			char v[32];
			snprintf(v, sizeof v, "gcnabi.c%u", n++);
			/* A kernel passes on no argument of its own: llc loads adjacent
			 * kernel arguments with one s_load named after the first, so a
			 * passed-on part could not be told from its neighbour. Its calls
			 * load their values from globals, as emit --caller does. */
			unsigned shared = conv_in_family((CallConv)prepared[i]->cc, FAMILY_KERNEL) ? 0 : sig_shared_params(sigs[i], sigs[j]);
			if (edges[x].chain) /* the parser keeps it the caller's last */
				emit_chain_call(&callee, prepared[j]->name, v, shared, edges[x].indirect,
						o->plain_chains ? 0 : edges[x].dvgpr);
			else
				/* A musttail call is followed by the return: not of a
				 * "gcnabi-pressure" callee, whose values live on after
				 * the call. */
				emit_call(&callee, prepared[j]->name, v, shared, edges[x].indirect,
					  graph_call_kind(sigs, prepared, edges, nedges, x));
			chained |= edges[x].chain;
		}
		if (chained)
			buf_printf(b, "  unreachable\n}\n");
		else
			emit_return(&e);
	}
	for (unsigned i = 0; prepared && i < nsigs; i++)
		free(prepared[i]);
	free(prepared);
	return ok;
}
