/* Callers: each function called with values loaded from its out-markers,
 * lane-varying values and register pressure kept across the call, tail and
 * musttail calls, and llvm.amdgcn.cs.chain calls. */
#include <stdlib.h>
#include <string.h>

#include "emit_impl.h"

/* Calls of s need a lane index in the caller. */
bool lane_varying(const Sig *s) { return has_body(s, BODY_DIVERGENT) || has_body(s, BODY_PRESSURE); }

/* The caller's lane index for call v, in lane (read once per call). */
static void lane_index(Emitter *e, const char *v, char *lane, size_t cap)
{
	if (lane[0])
		return;
	if (e->lane) {
		snprintf(lane, cap, "%s", e->lane);
		return;
	}
	snprintf(lane, cap, "%%%s.lane", v);
	buf_printf(e->b, "  %s = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)\n", lane);
}

/* "gcnabi-pressure", before the call: PRESSURE_VALUES uniform values from
 * @gcnabi.<i>.keep.s and as many of the lane's own from @gcnabi.<i>.keep.v,
 * all stored again after it (pressure_after), so they live across it. */
static void pressure_before(Emitter *e, const char *v, char *lane, size_t cap)
{
	if (!has_body(e->s, BODY_PRESSURE))
		return;
	lane_index(e, v, lane, cap);
	char arr[48];
	snprintf(arr, sizeof arr, e->o->typed_ptrs ? "[%u x i32] addrspace(4)*" : "ptr addrspace(4)", PRESSURE_VALUES);
	const char *g = e->o->typed_ptrs ? "i32 addrspace(1)*" : "ptr addrspace(1)";
	const char *c = e->o->typed_ptrs ? "i32 addrspace(4)*" : "ptr addrspace(4)";
	for (unsigned n = 0; n < PRESSURE_VALUES; n++) {
		buf_printf(e->b, "  %%%s.ks%u.a = getelementptr [%u x i32], %s @gcnabi.%u.keep.s, i32 0, i32 %u\n", v, n,
			   PRESSURE_VALUES, arr, e->idx, n);
		buf_printf(e->b, "  %%%s.ks%u = load i32, %s %%%s.ks%u.a, align 4\n", v, n, c, v, n);
		buf_printf(e->b, "  %%%s.kv%u.a = getelementptr i32, %s @gcnabi.%u.keep.v, i32 %s\n", v, n, g, e->idx, lane);
		buf_printf(e->b, "  %%%s.kv%u = load volatile i32, %s %%%s.kv%u.a\n", v, n, g, v, n);
	}
}

static void pressure_after(Emitter *e, const char *v)
{
	const char *g = e->o->typed_ptrs ? "i32 addrspace(1)*" : "ptr addrspace(1)";
	for (unsigned n = 0; has_body(e->s, BODY_PRESSURE) && n < PRESSURE_VALUES; n++)
		buf_printf(e->b, "  store volatile i32 %%%s.ks%u, %s @gcnabi.%u.kept\n"
				 "  store volatile i32 %%%s.kv%u, %s %%%s.kv%u.a\n", v, n, g, e->idx, v, n, g, v, n);
}

/* "gcnabi-tail": a call of s that is its caller's last, with nothing left
 * to do after it (s returns void, keeps no values across the call, and the
 * caller returns void), is a `tail call`; llc makes it a sibling call
 * (SI_TCRETURN) where s's stack arguments fit in the caller's own. */
bool tail_call(const Sig *s)
{
	return has_body(s, BODY_TAIL) && !has_body(s, BODY_PRESSURE) && sig_type(s, s->ret)->kind == TYPE_VOID;
}

static const char *const call_words[] = { [CALL_PLAIN] = "call", [CALL_TAIL] = "tail call", [CALL_MUSTTAIL] = "musttail call" };

/* A lane-varying argument: its inreg parameter k of a "gcnabi-divergent"
 * function, not passed on, loaded as itself (not a byval copy). */
bool divergent_arg(const Emitter *e, unsigned k)
{
	const Param *p = &e->s->params[k];
	return has_body(e->s, BODY_DIVERGENT) && !e->o->uniform_inreg && (p->flags & PARAM_INREG) && !by_copy(p) &&
	       !skipped(e, k);
}

/* Call v's argument k, loaded as %<v>.o<k>.w where a global keeps it
 * wide (kept_wide), as %<v>.o<k>. */
static void from_wide(Emitter *e, TypeId vt, const char *v, unsigned k)
{
	char o[80], w[84];
	if (!kept_wide(e, vt))
		return;
	snprintf(o, sizeof o, "%%%s.o%u", v, k);
	snprintf(w, sizeof w, "%s.w", o);
	put_from_mem(e, vt, w, o);
}

/* Argument k of call v, lane-varying: loaded from @gcnabi.<i>.lane.<k>
 * at the lane's own element (lane: its index, read once per call). The
 * address is named as the out-marker is: the load's memory operand (from
 * %ir.gcnabi.<i>.out.<K>) tells the observer which argument the value
 * is. */
static void load_lane_arg(Emitter *e, const char *v, unsigned k, char *lane, size_t cap)
{
	TypeId vt = value_type(&e->s->params[k]);
	lane_index(e, v, lane, cap);
	buf_printf(e->b, "  %%gcnabi.%u.out.%u = getelementptr ", e->idx, k);
	put_mem_type(e, vt);
	buf_printf(e->b, ", ");
	put_global_ptr(e, vt, 1);
	bool wide = kept_wide(e, vt);
	buf_printf(e->b, " @gcnabi.%u.lane.%u, i32 %s\n  %%%s.o%u%s = load volatile ", e->idx, k, lane, v, k, wide ? ".w" : "");
	put_mem_type(e, vt);
	buf_printf(e->b, ", ");
	put_global_ptr(e, vt, 1);
	buf_printf(e->b, " %%gcnabi.%u.out.%u\n", e->idx, k);
	from_wide(e, vt, v, k);
	if (is_fat_pointer(e, vt))
		buf_printf(e->b, "  %%%s.p%u = inttoptr i160 %%%s.o%u to %s\n", v, k, v, k, fat_pointer_type(e));
}

/* A "gcnabi-divergent" shader returns a lane-varying value (its SGPR
 * parts are one lane's: LLVM reads the first, llvm/llvm-project#135326). */
bool divergent_return(const Emitter *e)
{
	const Sig *s = e->s;
	return has_body(s, BODY_DIVERGENT) && !e->o->uniform_inreg && conv_in_family((CallConv)s->cc, FAMILY_SHADER) &&
	       sig_type(s, s->ret)->kind != TYPE_VOID;
}

/* The alloca of the copy a call makes of e's byval parameter k. */
void put_copy_alloca(Emitter *e, unsigned k)
{
	buf_printf(e->b, "  %%gcnabi.%u.out.%u.copy = alloca ", e->idx, k);
	put_copy_type(e, value_type(&e->s->params[k]));
	buf_printf(e->b, ", addrspace(5)\n");
}

/* One call of e's function from inside another: arguments below `shared`
 * are the caller's own parameters %0.. passed on, the others are loaded
 * from @gcnabi.<callee>.out.<K> (constant address space: uniform, so inreg
 * parts can stay in SGPRs) or, for a "gcnabi-divergent" callee's inreg
 * parameters, from @gcnabi.<callee>.lane.<K> at the lane's own element, a
 * value that differs per lane. v names this call's values; through_pointer
 * calls a pointer loaded from @gcnabi.<callee>.fptr. */
void emit_call(Emitter *e, const char *fn_name, const char *v, unsigned shared, bool through_pointer, CallKind kind)
{
	const Sig *s = e->s;
	const char *cc = cc_keyword((CallConv)s->cc), *intrinsic = conv_info((CallConv)s->cc)->call_intrinsic;
	char lane[48] = "";
	for (unsigned k = shared; k < s->nparams; k++) {
		const Param *p = &s->params[k];
		if (!passed(s, k))
			continue;
		TypeId vt = value_type(p);
		if (divergent_arg(e, k)) {
			load_lane_arg(e, v, k, lane, sizeof lane);
			continue;
		}
		if (skipped(e, k)) {
			/* Nothing to load: a byval copy is left as allocated. */
			if (by_copy(p) && !e->copies_in_entry)
				put_copy_alloca(e, k);
			continue;
		}
		buf_printf(e->b, "  %%%s.o%u%s = load ", v, k, kept_wide(e, vt) ? ".w" : "");
		put_mem_type(e, vt);
		buf_printf(e->b, ", ");
		put_global_ptr(e, vt, 4);
		buf_printf(e->b, " @gcnabi.%u.out.%u, align %u\n", e->idx, k, OUT_ALIGN);
		from_wide(e, vt, v, k);
		if (!by_copy(p) ? is_fat_pointer(e, vt) : native_fat_copy(e, vt))
			buf_printf(e->b, "  %%%s.p%u = inttoptr i160 %%%s.o%u to %s\n", v, k, v, k, fat_pointer_type(e));
		if (by_copy(p)) {
			/* A byval copy holds the value in memory form (put_copy_type). */
			if (!e->copies_in_entry)
				put_copy_alloca(e, k);
			buf_printf(e->b, "  store ");
			put_copy_type(e, vt);
			buf_printf(e->b, native_fat_copy(e, vt) ? " %%%s.p%u, " : " %%%s.o%u, ", v, k);
			put_type(e, p->type);
			buf_printf(e->b, " %%gcnabi.%u.out.%u.copy\n", e->idx, k);
		}
	}
	if (through_pointer) {
		buf_printf(e->b, "  %%%s.fp = load volatile ", v);
		if (e->o->typed_ptrs) {
			put_function_type(e);
			buf_printf(e->b, "*, ");
			put_function_type(e);
			buf_printf(e->b, "* addrspace(1)*");
		} else {
			buf_printf(e->b, "ptr, ptr addrspace(1)");
		}
		buf_printf(e->b, " @gcnabi.%u.fptr\n", e->idx);
	}
	bool is_void = sig_type(s, s->ret)->kind == TYPE_VOID;
	pressure_before(e, v, lane, sizeof lane);
	if (is_void)
		buf_printf(e->b, "  %s ", call_words[kind]);
	else
		buf_printf(e->b, "  %%%s.r = call ", v);
	if (intrinsic) {
		/* RET (ptr, ...) @<intrinsic>.gcnabi<i>(ptr @callee, args...); llc remangles the name */
		put_ret_attrs(e);
		put_type(e, s->ret);
		buf_printf(e->b, " (ptr, ...) @%s.gcnabi%u(ptr ", intrinsic, e->idx);
		if (through_pointer)
			buf_printf(e->b, "%%%s.fp", v);
		else
			put_name(e->b, fn_name);
	} else if (through_pointer) {
		buf_printf(e->b, "%s%s", cc, *cc ? " " : "");
		put_ret_attrs(e);
		put_type(e, s->ret);
		buf_printf(e->b, " %%%s.fp(", v);
	} else {
		buf_printf(e->b, "%s%s", cc, *cc ? " " : "");
		put_callee_head(e, fn_name);
	}
	for (unsigned k = 0, n = intrinsic != NULL; k < s->nparams; k++) {
		const Param *p = &s->params[k];
		if (!passed(s, k))
			continue;
		buf_printf(e->b, "%s", n++ ? ", " : "");
		put_type(e, p->type);
		put_param_attrs(e, p, intrinsic ? PARAM_SRET | OMIT_KEPT : 0);
		char arg[32];
		if (skipped(e, k) && !by_copy(p))
			buf_printf(e->b, " %s", skipped_value(e, p->type));
		else if (k < shared)
			buf_printf(e->b, " %s", param_value(e->caller_kernel, k, arg, sizeof arg));
		else if (by_copy(p))
			buf_printf(e->b, " %%gcnabi.%u.out.%u.copy", e->idx, k);
		else if (is_fat_pointer(e, p->type))
			buf_printf(e->b, " %%%s.p%u", v, k);
		else
			buf_printf(e->b, " %%%s.o%u", v, k);
	}
	buf_printf(e->b, ")\n");
	/* An unused result still shows in the call's return registers. */
	if (!is_void && !bfloat_unselectable(e, s->ret)) {
		if (is_fat_pointer(e, s->ret))
			buf_printf(e->b, "  %%%s.ri = ptrtoint %s %%%s.r to i160\n", v, fat_pointer_type(e), v);
		char r[80], w[84];
		snprintf(r, sizeof r, "%%%s.r", v);
		snprintf(w, sizeof w, "%s%s", r, is_fat_pointer(e, s->ret) ? "i" : kept_wide(e, s->ret) ? "w" : "");
		if (kept_wide(e, s->ret))
			put_to_mem(e, s->ret, r, w);
		buf_printf(e->b, "  store %s", e->o->final_body ? "" : "volatile ");
		put_mem_type(e, s->ret);
		buf_printf(e->b, " %s, ", w);
		put_global_ptr(e, s->ret, 1);
		buf_printf(e->b, " @gcnabi.%u.res\n", e->idx);
	}
	pressure_after(e, v);
}

/* The struct of the parameters that are (inreg) or are not inreg: "{ i32, float }". */
static void put_chain_struct(Emitter *e, bool inreg)
{
	const Sig *s = e->s;
	const char *sep = "{ ";
	for (unsigned k = 0; k < s->nparams; k++)
		if (((s->params[k].flags & PARAM_INREG) != 0) == inreg) {
			buf_printf(e->b, "%s", sep);
			put_type(e, s->params[k].type);
			sep = ", ";
		}
	buf_printf(e->b, *sep == ',' ? " }" : "{}");
}

/* The intrinsic for chain calls to e's function, declared once per callee
 * (llc remangles the name): callee, EXEC, the inreg arguments as one inreg
 * struct, the others as one struct, flags, then the dynamic-VGPR operands. */
void declare_chain_intrinsic(Emitter *e)
{
	buf_printf(e->b, "declare void @llvm.amdgcn.cs.chain.gcnabi%u(ptr, %s, ", e->idx, e->o->exec64 ? "i64" : "i32");
	put_chain_struct(e, true);
	buf_printf(e->b, ", ");
	put_chain_struct(e, false);
	buf_printf(e->b, ", i32 immarg, ...)\n");
}

/* A chain call of e's function, which never returns: arguments below
 * `shared` are the caller's own %0.., the others are loaded from
 * @gcnabi.<callee>.out.<K>. v names this call's values. dvgpr N: flags bit
 * 0 with N VGPRs, fallback EXEC -1 and the callee itself as fallback. */
void emit_chain_call(Emitter *e, const char *fn_name, const char *v, unsigned shared, bool through_pointer,
			    unsigned dvgpr)
{
	const Sig *s = e->s;
	const char *exec = e->o->exec64 ? "i64" : "i32";
	char lane[48] = "";
	for (unsigned k = shared; k < s->nparams; k++) {
		TypeId vt = value_type(&s->params[k]);
		if (divergent_arg(e, k)) {
			/* a "gcnabi-divergent" chain callee's, as emit_call */
			load_lane_arg(e, v, k, lane, sizeof lane);
			continue;
		}
		buf_printf(e->b, "  %%%s.o%u%s = load ", v, k, kept_wide(e, vt) ? ".w" : "");
		put_mem_type(e, vt);
		buf_printf(e->b, ", ");
		put_global_ptr(e, vt, 4);
		buf_printf(e->b, " @gcnabi.%u.out.%u, align %u\n", e->idx, k, OUT_ALIGN);
		from_wide(e, vt, v, k);
		if (!by_copy(&s->params[k]) && is_fat_pointer(e, vt))
			buf_printf(e->b, "  %%%s.p%u = inttoptr i160 %%%s.o%u to %s\n", v, k, v, k, fat_pointer_type(e));
		if (by_copy(&s->params[k])) {
			/* A byval parameter (the verifier refuses it) passes a copy's address. */
			buf_printf(e->b, "  %%%s.p%u = alloca ", v, k);
			put_plain_mem_type(e, vt);
			buf_printf(e->b, ", addrspace(5)\n  store ");
			put_plain_mem_type(e, vt);
			buf_printf(e->b, " %%%s.o%u, ", v, k);
			put_type(e, s->params[k].type);
			buf_printf(e->b, " %%%s.p%u\n", v, k);
		}
	}
	/* The callee pointer of a chain call must be in SGPRs: llc 19 and
	 * GlobalISel 22 cannot take it from VGPRs, nor can any llc take the
	 * dynamic-VGPR fallback from there (tests/fixtures/llc/dvgpr_vgpr_fallback.ll). */
	if (through_pointer)
		buf_printf(e->b, "  %%%s.fp = load ptr, ptr addrspace(4) @gcnabi.%u.chainfp\n", v, e->idx);
	/* Each struct built by insertvalue: %<v>.sJ / %<v>.vJ, the last one passed. */
	char last[2][80];
	for (int inreg = 1; inreg >= 0; inreg--) {
		char c = inreg ? 's' : 'v';
		unsigned j = 0;
		snprintf(last[inreg], sizeof last[inreg], "{}");
		for (unsigned k = 0; k < s->nparams; k++) {
			if (((s->params[k].flags & PARAM_INREG) != 0) != inreg)
				continue;
			buf_printf(e->b, "  %%%s.%c%u = insertvalue ", v, c, j);
			put_chain_struct(e, inreg);
			if (j)
				buf_printf(e->b, " %%%s.%c%u, ", v, c, j - 1);
			else
				buf_printf(e->b, " poison, ");
			put_type(e, s->params[k].type);
			bool via_p = is_fat_pointer(e, s->params[k].type) || by_copy(&s->params[k]);
			char arg[32];
			if (k < shared)
				buf_printf(e->b, " %s, %u\n", param_value(e->caller_kernel, k, arg, sizeof arg), j);
			else
				buf_printf(e->b, " %%%s.%c%u, %u\n", v, via_p ? 'p' : 'o', k, j);
			snprintf(last[inreg], sizeof last[inreg], "%%%s.%c%u", v, c, j);
			j++;
		}
	}
	char callee[4 * SIG_NAME_MAX + 8];
	if (through_pointer) {
		snprintf(callee, sizeof callee, "%%%s.fp", v);
	} else {
		Buf name = { 0 };
		put_name(&name, fn_name);
		snprintf(callee, sizeof callee, "%.*s", name.p ? (int)name.n : 0, name.p ? name.p : "");
		buf_free(&name);
	}
	buf_printf(e->b, "  call void (ptr, %s, ", exec);
	put_chain_struct(e, true);
	buf_printf(e->b, ", ");
	put_chain_struct(e, false);
	buf_printf(e->b, ", i32, ...) @llvm.amdgcn.cs.chain.gcnabi%u(ptr %s, %s -1, ", e->idx, callee, exec);
	put_chain_struct(e, true);
	buf_printf(e->b, " inreg %s, ", last[1]);
	put_chain_struct(e, false);
	if (dvgpr)
		buf_printf(e->b, " %s, i32 1, i32 %u, %s -1, ptr %s)\n", last[0], dvgpr, exec, callee);
	else
		buf_printf(e->b, " %s, i32 0)\n", last[0]);
}

/* A chain function is reached through llvm.amdgcn.cs.chain, flags 0. */
void emit_chain_caller(Emitter *e, const char *fn_name)
{
	declare_chain_intrinsic(e);
	/* A "gcnabi-divergent" callee's: the lane index as a VGPR argument,
	 * as emit_caller takes it (no intrinsic to declare once per module). */
	bool lane = false;
	for (unsigned k = 0; k < e->s->nparams; k++)
		lane |= divergent_arg(e, k);
	buf_printf(e->b, "define %s void @gcnabi.%u.caller(%s) {\n", cc_keyword((CallConv)e->s->cc), e->idx,
		   lane ? "i32 %gcnabi.lane" : "");
	e->lane = lane ? "%gcnabi.lane" : 0;
	emit_chain_call(e, fn_name, "gcnabi", 0, false, 0);
	e->lane = 0;
	buf_printf(e->b, "  unreachable\n}\n");
}

/* The intrinsic a function of e's convention is called through (its
 * row's call_intrinsic), declared once per callee: llc remangles the name. */
void declare_call_intrinsic(Emitter *e)
{
	buf_printf(e->b, "declare ");
	put_type(e, e->s->ret);
	buf_printf(e->b, " @%s.gcnabi%u(ptr, ...)\n", conv_info((CallConv)e->s->cc)->call_intrinsic, e->idx);
}

/* The caller is of the callee's own convention, with that convention's
 * active-lane mask when it has one. */
void emit_caller(Emitter *e, const char *fn_name)
{
	const ConvInfo *conv = conv_info((CallConv)e->s->cc);
	if (conv->call_intrinsic)
		declare_call_intrinsic(e);
	/* A "gcnabi-divergent" callee's caller takes the lane index as a VGPR
	 * argument (not inreg: a value of each lane's own). */
	bool lane = lane_varying(e->s);
	buf_printf(e->b, "define %s%svoid @gcnabi.%u.caller(%s%s%s) {\n", conv->keyword, *conv->keyword ? " " : "", e->idx,
		   conv->active_mask_param ? "i1" : "", conv->active_mask_param && lane ? ", " : "",
		   lane ? "i32 %gcnabi.lane" : "");
	e->lane = lane ? "%gcnabi.lane" : 0;
	emit_call(e, fn_name, "gcnabi", 0, false, tail_call(e->s) ? CALL_TAIL : CALL_PLAIN);
	e->lane = 0;
	buf_printf(e->b, "  ret void\n}\n");
}

/* Typed pointers must point at the byval/byref/sret type they carry. */
