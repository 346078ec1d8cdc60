/* `gcnabi emit`: IR for a list of signatures, in the dialect of the target
 * llc. Function i stores argument K to @gcnabi.<i>.in.<K> and returns a
 * value loaded from @gcnabi.<i>.ret, so every part is live in both
 * selectors; its caller @gcnabi.<i>.caller passes values loaded from
 * @gcnabi.<i>.out.<K> (constant address space: uniform, so inreg parts can
 * stay in SGPRs) and stores the result to @gcnabi.<i>.res. A kernel's body
 * is `ret void`: its kernarg layout is in the HSA metadata, which lists
 * every explicit argument whether the body uses it or not (README). */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "emit.h"
#include "split.h"

typedef struct {
	Buf *b;
	const Sig *s;
	const EmitOptions *o;
	unsigned idx;
	bool caller_kernel; /* calls: the caller is a kernel, its parameters are named */
	/* calls of a function that needs lane-varying values (lane_varying):
	 * the caller's lane index, a value that differs per lane (the wrapper
	 * caller's VGPR parameter); NULL: each call reads the lane's number,
	 * llvm.amdgcn.mbcnt.lo(-1, 0) (call graphs, which declare it once;
	 * not workitem.id.x, which llc 14-19 SelectionDAG cannot compile in
	 * an amdgpu_gfx function: a segfault in SIFixSGPRCopies) */
	const char *lane;
	/* calls: the caller allocated the byval copies in its entry block (a
	 * "gcnabi-branch" caller calls after its branch, where an alloca
	 * would be a dynamic one: llc 14-19 SelectionDAG refuse it, 22 puts
	 * the copy at a computed address) */
	bool copies_in_entry;
} Emitter;

/* Parameter k of a function as a value: %K, or %gcnabi.arg.K in a kernel,
 * whose kernarg loads llc then names %gcnabi.arg.K.kernarg.offset (the
 * observer reads a passed-on kernel argument from that). */
static const char *param_value(bool kernel, unsigned k, char *buf, size_t cap)
{
	snprintf(buf, cap, kernel ? "%%gcnabi.arg.%u" : "%%%u", k);
	return buf;
}

static void put_type(Emitter *e, TypeId t)
{
	char small[256];
	size_t n = type_print(e->s, t, e->o->typed_ptrs, small, sizeof small);
	if (n < sizeof small) {
		buf_put(e->b, small, n);
		return;
	}
	char *big = malloc(n + 1);
	if (!big) {
		e->b->failed = true;
		return;
	}
	type_print(e->s, t, e->o->typed_ptrs, big, n + 1);
	buf_put(e->b, big, n);
	free(big);
}

static bool is_fat_pointer(const Emitter *e, TypeId t)
{
	const Type *ty = sig_type(e->s, t);
	return ty->kind == TYPE_PTR && ty->addrspace == 7;
}

/* A buffer fat pointer's type as the dialect spells it. */
static const char *fat_pointer_type(const Emitter *e)
{
	return e->o->typed_ptrs ? "i8 addrspace(7)*" : "ptr addrspace(7)";
}

/* The type a value is kept in memory as: a fat pointer cannot live in a
 * global, its 160-bit integer form can. */
static void put_mem_type(Emitter *e, TypeId t)
{
	if (is_fat_pointer(e, t))
		buf_printf(e->b, "i160");
	else
		put_type(e, t);
}

/* A caller's byval copy of a fat pointer holds the pointer itself where the
 * llc does not lower fat pointers (14-16: llc 14's typed loads and stores
 * must be of the pointee type), else its i160: a pointer value in the
 * caller's body would make AMDGPULowerBufferFatPointers rewrite the call
 * (byval_fat_ptr_call_align, which only callers with fat pointers of their
 * own show). */
static bool native_fat_copy(const Emitter *e, TypeId t)
{
	return is_fat_pointer(e, t) && !e->o->buffer_ptr_split;
}

static void put_copy_type(Emitter *e, TypeId t)
{
	if (native_fat_copy(e, t))
		put_type(e, t);
	else
		put_mem_type(e, t);
}

static void put_global_ptr(Emitter *e, TypeId t, unsigned as)
{
	if (e->o->typed_ptrs) {
		put_mem_type(e, t);
		buf_printf(e->b, " addrspace(%u)*", as);
	} else {
		buf_printf(e->b, "ptr addrspace(%u)", as);
	}
}

static void put_name(Buf *b, const char *name)
{
	bool plain = name[0] && !(name[0] >= '0' && name[0] <= '9');
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' ||
		      *p == '_' || *p == '$' || *p == '-'))
			plain = false;
	if (plain) {
		buf_printf(b, "@%s", name);
		return;
	}
	buf_put(b, "@\"", 2);
	for (const char *p = name; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f)
			buf_printf(b, "\\%02X", c);
		else
			buf_put(b, p, 1);
	}
	buf_put(b, "\"", 1);
}

/* Parameter k is a value a caller passes: not the active-lane mask of a
 * convention that has one (conv.h), which the callee computes itself. */
static bool passed(const Sig *s, unsigned k) { return k > 0 || !conv_info((CallConv)s->cc)->active_mask_param; }

/* A byval argument is passed as a copy of its object: the caller copies
 * the object, the callee reads it. Its object type may equal the
 * parameter's own (`ptr addrspace(5) byval(ptr addrspace(5))`, seed
 * 20261218): what decides is the attribute, not the types. */
static bool by_copy(const Param *p)
{
	return (p->flags & PARAM_BYVAL) && p->attr_type != TYPE_NONE;
}

static TypeId value_type(const Param *p)
{
	return by_copy(p) ? p->attr_type : p->type;
}

/* Argument k is never loaded or stored (core/split.h body_skips_param). */
static bool skipped(const Emitter *e, unsigned k)
{
	return e->o->skip_bfloat_args && param_holds_bfloat(e->s, &e->s->params[k]);
}

/* What a caller passes for a skipped argument. llc 14 on a target without
 * 16-bit instructions crashes on undef of a bfloat struct or array, and on
 * a constant bfloat vector (it any_extends the bf16 constant: "Cannot
 * select: f32 = any_extend ConstantFP:bf16", seed 20261204's <4 x bfloat>
 * at an amdgpu_gfx call on gfx900, and gfx1100 as llc 14's generic
 * target); undef of a vector it takes. */
static const char *skipped_value(const Emitter *e, TypeId t)
{
	return e->o->zero_skipped_args && sig_type(e->s, t)->kind != TYPE_VECTOR ? "zeroinitializer" : "undef";
}

/* Out-markers and their loads are 16-byte aligned: llc may then widen a
 * uniform 8- or 16-bit load into a scalar dword load. Otherwise such a
 * value is loaded into a VGPR, and llc 16 and 19 cannot pass it inreg
 * ("illegal SGPR to VGPR copy", "illegal VGPR to SGPR copy"; 22 inserts a
 * readfirstlane): tests/fixtures/llc/subdword_inreg_call.ll. */
enum { OUT_ALIGN = 16 };

static void declare_global(Emitter *e, const char *what, int k, TypeId t, bool constant_input)
{
	buf_printf(e->b, "@gcnabi.%u.%s", e->idx, what);
	if (k >= 0)
		buf_printf(e->b, ".%d", k);
	buf_printf(e->b, constant_input ? " = external addrspace(4) global " : " = addrspace(1) global ");
	put_mem_type(e, t);
	if (constant_input)
		buf_printf(e->b, ", align %u\n", OUT_ALIGN);
	else
		buf_printf(e->b, " zeroinitializer\n");
}

/* omit: PARAM_* flags not to write (the verifier refuses sret on the
 * arguments of a vararg call, as an intrinsic call is). */
static void put_param_attrs(Emitter *e, const Param *p, uint16_t omit)
{
	static const struct { uint16_t flag; const char *text; } simple[] = {
		{ PARAM_INREG, " inreg" }, { PARAM_SIGNEXT, " signext" }, { PARAM_ZEROEXT, " zeroext" },
	};
	static const struct { uint16_t flag; const char *text; } typed[] = {
		{ PARAM_BYVAL, " byval(" }, { PARAM_BYREF, " byref(" }, { PARAM_SRET, " sret(" },
	};
	for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++)
		if (p->flags & simple[i].flag)
			buf_printf(e->b, "%s", simple[i].text);
	for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++)
		if ((p->flags & typed[i].flag & ~omit) && p->attr_type != TYPE_NONE) {
			buf_printf(e->b, "%s", typed[i].text);
			put_type(e, p->attr_type);
			buf_put(e->b, ")", 1);
		}
	if (p->align)
		buf_printf(e->b, " align %u", p->align);
}

static void put_ret_attrs(Emitter *e)
{
	static const struct { uint16_t flag; const char *text; } attrs[] = {
		{ PARAM_SIGNEXT, "signext " }, { PARAM_ZEROEXT, "zeroext " }, { PARAM_INREG, "inreg " },
	};
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
		if (e->s->ret_flags & attrs[i].flag)
			buf_printf(e->b, "%s", attrs[i].text);
}

/* "[ret attrs] RET @name(", shared by the definition and the call. */
static void put_callee_head(Emitter *e, const char *fn_name)
{
	put_ret_attrs(e);
	put_type(e, e->s->ret);
	buf_put(e->b, " ", 1);
	put_name(e->b, fn_name);
	buf_put(e->b, "(", 1);
}

static void put_header(Emitter *e, const char *fn_name)
{
	const Sig *s = e->s;
	const char *cc = cc_keyword((CallConv)s->cc);
	buf_printf(e->b, "define %s%s", cc, *cc ? " " : "");
	put_callee_head(e, fn_name);
	for (unsigned k = 0; k < s->nparams; k++) {
		buf_printf(e->b, "%s", k ? ", " : "");
		put_type(e, s->params[k].type);
		put_param_attrs(e, &s->params[k], 0);
		if (conv_in_family((CallConv)s->cc, FAMILY_KERNEL))
			buf_printf(e->b, " %%gcnabi.arg.%u", k);
	}
	buf_put(e->b, ")", 1);
	for (int n = 0; n < NOIN_COUNT; n++)
		if (s->no_inputs & (1u << n))
			buf_printf(e->b, " \"%s\"", noinput_names[n]);
	if (s->flat_wg_max)
		buf_printf(e->b, " \"amdgpu-flat-work-group-size\"=\"%u,%u\"", s->flat_wg_min, s->flat_wg_max);
	if (s->uses_scratch)
		buf_printf(e->b, " \"gcnabi-scratch\""); /* likewise */
	if (has_body(s, BODY_FRAME)) /* a stack realigned past its local's 64 bytes, with a frame pointer */
		buf_printf(e->b, " alignstack(128) \"frame-pointer\"=\"all\"");
	const char *sep = " \"gcnabi-unused\"=\""; /* llc ignores the attribute; the observer reads it back */
	for (unsigned k = 0; k < s->nparams; k++)
		if ((s->params[k].flags & PARAM_UNUSED) || skipped(e, k)) {
			buf_printf(e->b, "%s%u", sep, k);
			sep = ",";
		}
	if (*sep == ',')
		buf_printf(e->b, "\"");
	buf_printf(e->b, " {\n");
}

/* Each argument stored to its in-marker, so the callee reads every part;
 * an argument marked unused is not touched at all. */
static void emit_entry_stores(Emitter *e)
{
	const Sig *s = e->s;
	/* A kernel stores none of its arguments: its layout is read from the
	 * HSA metadata, which lists every argument, and a store of a type llc
	 * cannot select would hide the kernel (see emit_function). */
	if (conv_in_family((CallConv)s->cc, FAMILY_KERNEL))
		return;
	for (unsigned k = 0; k < s->nparams; k++) {
		const Param *p = &s->params[k];
		if ((p->flags & PARAM_UNUSED) || skipped(e, k))
			continue;
		TypeId vt = value_type(p);
		char val[32], arg[32];
		param_value(conv_in_family((CallConv)s->cc, FAMILY_KERNEL), k, arg, sizeof arg);
		snprintf(val, sizeof val, "%s", arg);
		if (by_copy(p) && native_fat_copy(e, vt)) {
			/* A byval object holding a fat pointer holds it as the
			 * pointer (llc 14 reads only a load of its own type). */
			buf_printf(e->b, "  %%gcnabi.w%u = load %s, ", k, fat_pointer_type(e));
			put_type(e, p->type);
			buf_printf(e->b, " %s\n  %%gcnabi.v%u = ptrtoint %s %%gcnabi.w%u to i160\n", arg, k, fat_pointer_type(e), k);
			snprintf(val, sizeof val, "%%gcnabi.v%u", k);
		} else if (by_copy(p)) {
			buf_printf(e->b, "  %%gcnabi.v%u = load ", k);
			put_mem_type(e, vt);
			buf_printf(e->b, ", ");
			put_type(e, p->type);
			buf_printf(e->b, " %s\n", arg);
			snprintf(val, sizeof val, "%%gcnabi.v%u", k);
		} else if (is_fat_pointer(e, vt)) {
			buf_printf(e->b, "  %%gcnabi.v%u = ptrtoint %s %s to i160\n", k, fat_pointer_type(e), arg);
			snprintf(val, sizeof val, "%%gcnabi.v%u", k);
		}
		buf_printf(e->b, "  store volatile ");
		put_mem_type(e, vt);
		buf_printf(e->b, " %s, ", val);
		put_global_ptr(e, vt, 1);
		buf_printf(e->b, " @gcnabi.%u.in.%u\n", e->idx, k);
	}
}

void emit_profile_options(EmitOptions *o, const Profile *p, Selector sel, bool has16)
{
	/* Opaque pointers (ptr) are read from llc 15 on; llc 14 reads typed ones. */
	o->typed_ptrs = p->major < 15;
	o->buffer_ptr_split = p->on[SW_buffer_ptr_split];
	o->bfloat_const_returns = p->on[SW_bfloat_vector_dag_store_fails] || p->on[SW_bfloat_scalar_dag_fails];
	o->bfloat_undef_returns = p->on[SW_bfloat_unsupported];
	o->skip_bfloat_args = body_skips_bfloat(p, sel);
	o->zero_skipped_args = p->on[SW_bfloat_unsupported] && !has16;
	o->no_dynamic_alloca = p->on[SW_dag_dynamic_alloca_fails] && sel == SEL_DAG;
}

/* A value of type t whose loads and stores this llc cannot select (LLVM
 * 14/15 SelectionDAG and bfloat: tests/fixtures/llc/bfloat_ret14.ll). */
static bool bfloat_unselectable(const Emitter *e, TypeId t)
{
	return e->o->bfloat_const_returns && type_contains(e->s, t, TYPE_BFLOAT);
}

/* The return value comes from the ret marker, so every part is written;
 * a constant where the value cannot be loaded (llc still copies each part
 * into its return register). */
static void emit_return(Emitter *e)
{
	const Sig *s = e->s;
	if (sig_type(s, s->ret)->kind == TYPE_VOID) {
		buf_printf(e->b, "  ret void\n}\n");
		return;
	}
	/* llc 14 demotes a return holding a scalar bfloat and cannot select
	 * the bf16 store of any value through the hidden pointer, but of undef
	 * there is none. */
	if (e->o->bfloat_undef_returns && type_contains_scalar(s, s->ret, TYPE_BFLOAT)) {
		buf_printf(e->b, "  ret ");
		put_type(e, s->ret);
		buf_printf(e->b, " undef\n}\n");
		return;
	}
	if (bfloat_unselectable(e, s->ret)) {
		buf_printf(e->b, "  ret ");
		put_type(e, s->ret);
		buf_printf(e->b, " zeroinitializer\n}\n");
		return;
	}
	buf_printf(e->b, "  %%gcnabi.r = load volatile ");
	put_mem_type(e, s->ret);
	buf_printf(e->b, ", ");
	put_global_ptr(e, s->ret, 1);
	buf_printf(e->b, " @gcnabi.%u.ret\n", e->idx);
	if (is_fat_pointer(e, s->ret)) {
		buf_printf(e->b, "  %%gcnabi.rp = inttoptr i160 %%gcnabi.r to %s\n  ret %s %%gcnabi.rp\n}\n", fat_pointer_type(e),
			   fat_pointer_type(e));
		return;
	}
	buf_printf(e->b, "  ret ");
	put_type(e, s->ret);
	buf_printf(e->b, " %%gcnabi.r\n}\n");
}

/* "gcnabi-scratch": a store through a private array at an index llc cannot
 * know, so the function needs scratch memory whatever the optimiser does. */
static void emit_scratch_use(Emitter *e)
{
	const char *arr = e->o->typed_ptrs ? "[16 x i32] addrspace(5)*" : "ptr addrspace(5)";
	const char *i32p = e->o->typed_ptrs ? "i32 addrspace(5)*" : "ptr addrspace(5)";
	const char *g = e->o->typed_ptrs ? "i32 addrspace(1)*" : "ptr addrspace(1)";
	buf_printf(e->b, "  %%gcnabi.scratch = alloca [16 x i32], align 4, addrspace(5)\n");
	buf_printf(e->b, "  %%gcnabi.idx = load volatile i32, %s @gcnabi.%u.idx\n", g, e->idx);
	buf_printf(e->b, "  %%gcnabi.slot = getelementptr [16 x i32], %s %%gcnabi.scratch, i32 0, i32 %%gcnabi.idx\n", arr);
	buf_printf(e->b, "  store volatile i32 %%gcnabi.idx, %s %%gcnabi.slot\n", i32p);
}

/* "gcnabi-frame": a dynamic alloca of a length llc cannot know and a local
 * aligned past the stack's alignment (llc realigns the stack and keeps a
 * base pointer), each stored through so neither is removed. */
static void emit_frame(Emitter *e)
{
	const char *g = e->o->typed_ptrs ? "i32 addrspace(1)*" : "ptr addrspace(1)";
	const char *i32p = e->o->typed_ptrs ? "i32 addrspace(5)*" : "ptr addrspace(5)";
	const char *arr = e->o->typed_ptrs ? "[4 x i32] addrspace(5)*" : "ptr addrspace(5)";
	buf_printf(e->b, "  %%gcnabi.n = load volatile i32, %s @gcnabi.%u.len\n", g, e->idx);
	if (!e->o->no_dynamic_alloca) {
		buf_printf(e->b, "  %%gcnabi.dyn = alloca i32, i32 %%gcnabi.n, align 4, addrspace(5)\n");
		buf_printf(e->b, "  store volatile i32 %%gcnabi.n, %s %%gcnabi.dyn\n", i32p);
	}
	buf_printf(e->b, "  %%gcnabi.aligned = alloca [4 x i32], align 64, addrspace(5)\n");
	buf_printf(e->b, "  %%gcnabi.cell = getelementptr [4 x i32], %s %%gcnabi.aligned, i32 0, i32 %%gcnabi.n\n", arr);
	buf_printf(e->b, "  store volatile i32 %%gcnabi.n, %s %%gcnabi.cell\n", i32p);
}

/* Stores in the block a "gcnabi-branch" body branches over: 256 bytes of
 * code and more, beyond a branch of -amdgpu-s-branch-bits=6. */
enum { BRANCH_STORES = 32 };

/* "gcnabi-branch": a branch, on a value llc cannot know, over
 * BRANCH_STORES volatile stores; every argument is used after it. */
static void emit_branch(Emitter *e)
{
	if (!has_body(e->s, BODY_BRANCH))
		return;
	const char *g = e->o->typed_ptrs ? "i32 addrspace(1)*" : "ptr addrspace(1)";
	buf_printf(e->b, "  %%gcnabi.bn = load volatile i32, %s @gcnabi.%u.len\n", g, e->idx);
	buf_printf(e->b, "  %%gcnabi.bskip = icmp eq i32 %%gcnabi.bn, 0\n");
	buf_printf(e->b, "  br i1 %%gcnabi.bskip, label %%gcnabi.join, label %%gcnabi.long\n\ngcnabi.long:\n");
	for (unsigned k = 0; k < BRANCH_STORES; k++)
		buf_printf(e->b, "  store volatile i32 %%gcnabi.bn, %s @gcnabi.%u.len\n", g, e->idx);
	buf_printf(e->b, "  br label %%gcnabi.join\n\ngcnabi.join:\n");
}

static void emit_callee(Emitter *e, const char *fn_name)
{
	put_header(e, fn_name);
	if (e->s->uses_scratch)
		emit_scratch_use(e);
	if (has_body(e->s, BODY_FRAME))
		emit_frame(e);
	emit_branch(e);
	emit_entry_stores(e);
	emit_return(e);
}

/* "RET (T1, T2)" of s: the function type a typed function pointer points to. */
static void put_function_type(Emitter *e)
{
	put_type(e, e->s->ret);
	buf_printf(e->b, " (");
	for (unsigned k = 0; k < e->s->nparams; k++) {
		buf_printf(e->b, "%s", k ? ", " : "");
		put_type(e, e->s->params[k].type);
	}
	buf_printf(e->b, ")");
}

/* Values that live across a call of a "gcnabi-pressure" function: as many
 * uniform ones (in SGPRs) and lane-varying ones (in VGPRs) each. */
enum { PRESSURE_VALUES = 40 };

/* Calls of s need a lane index in the caller. */
static bool lane_varying(const Sig *s) { return has_body(s, BODY_DIVERGENT) || has_body(s, BODY_PRESSURE); }

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

typedef enum { CALL_PLAIN, CALL_TAIL, CALL_MUSTTAIL } CallKind;

/* "gcnabi-tail": a call of s that is its caller's last, with nothing left
 * to do after it (s returns void, keeps no values across the call, and the
 * caller returns void), is a `tail call`; llc makes it a sibling call
 * (SI_TCRETURN) where s's stack arguments fit in the caller's own. */
static bool tail_call(const Sig *s)
{
	return has_body(s, BODY_TAIL) && !has_body(s, BODY_PRESSURE) && sig_type(s, s->ret)->kind == TYPE_VOID;
}

static const char *const call_words[] = { [CALL_PLAIN] = "call", [CALL_TAIL] = "tail call", [CALL_MUSTTAIL] = "musttail call" };

/* A lane-varying argument: its inreg parameter k of a "gcnabi-divergent"
 * function, not passed on, loaded as itself (not a byval copy). */
static bool divergent_arg(const Emitter *e, unsigned k)
{
	const Param *p = &e->s->params[k];
	return has_body(e->s, BODY_DIVERGENT) && !e->o->uniform_inreg && (p->flags & PARAM_INREG) && !by_copy(p) &&
	       !skipped(e, k);
}

/* The alloca of the copy a call makes of e's byval parameter k. */
static void put_copy_alloca(Emitter *e, unsigned k)
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
static void emit_call(Emitter *e, const char *fn_name, const char *v, unsigned shared, bool through_pointer, CallKind kind)
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
			lane_index(e, v, lane, sizeof lane);
			/* The address is named as the out-marker is: the load's
			 * memory operand (from %ir.gcnabi.<i>.out.<K>) tells the
			 * observer which argument the value is. */
			buf_printf(e->b, "  %%gcnabi.%u.out.%u = getelementptr ", e->idx, k);
			put_mem_type(e, vt);
			buf_printf(e->b, ", ");
			put_global_ptr(e, vt, 1);
			buf_printf(e->b, " @gcnabi.%u.lane.%u, i32 %s\n  %%%s.o%u = load volatile ", e->idx, k, lane, v, k);
			put_mem_type(e, vt);
			buf_printf(e->b, ", ");
			put_global_ptr(e, vt, 1);
			buf_printf(e->b, " %%gcnabi.%u.out.%u\n", e->idx, k);
			if (is_fat_pointer(e, vt))
				buf_printf(e->b, "  %%%s.p%u = inttoptr i160 %%%s.o%u to %s\n", v, k, v, k, fat_pointer_type(e));
			continue;
		}
		if (skipped(e, k)) {
			/* Nothing to load: a byval copy is left as allocated. */
			if (by_copy(p) && !e->copies_in_entry)
				put_copy_alloca(e, k);
			continue;
		}
		buf_printf(e->b, "  %%%s.o%u = load ", v, k);
		put_mem_type(e, vt);
		buf_printf(e->b, ", ");
		put_global_ptr(e, vt, 4);
		buf_printf(e->b, " @gcnabi.%u.out.%u, align %u\n", e->idx, k, OUT_ALIGN);
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
		put_param_attrs(e, p, intrinsic ? PARAM_SRET : 0);
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
		buf_printf(e->b, "  store volatile ");
		put_mem_type(e, s->ret);
		buf_printf(e->b, is_fat_pointer(e, s->ret) ? " %%%s.ri, " : " %%%s.r, ", v);
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
static void declare_chain_intrinsic(Emitter *e)
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
static void emit_chain_call(Emitter *e, const char *fn_name, const char *v, unsigned shared, bool through_pointer,
			    unsigned dvgpr)
{
	const Sig *s = e->s;
	const char *exec = e->o->exec64 ? "i64" : "i32";
	for (unsigned k = shared; k < s->nparams; k++) {
		TypeId vt = value_type(&s->params[k]);
		buf_printf(e->b, "  %%%s.o%u = load ", v, k);
		put_mem_type(e, vt);
		buf_printf(e->b, ", ");
		put_global_ptr(e, vt, 4);
		buf_printf(e->b, " @gcnabi.%u.out.%u, align %u\n", e->idx, k, OUT_ALIGN);
		if (!by_copy(&s->params[k]) && is_fat_pointer(e, vt))
			buf_printf(e->b, "  %%%s.p%u = inttoptr i160 %%%s.o%u to %s\n", v, k, v, k, fat_pointer_type(e));
		if (by_copy(&s->params[k])) {
			/* A byval parameter (the verifier refuses it) passes a copy's address. */
			buf_printf(e->b, "  %%%s.p%u = alloca ", v, k);
			put_mem_type(e, vt);
			buf_printf(e->b, ", addrspace(5)\n  store ");
			put_mem_type(e, vt);
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
static void emit_chain_caller(Emitter *e, const char *fn_name)
{
	declare_chain_intrinsic(e);
	buf_printf(e->b, "define %s void @gcnabi.%u.caller() {\n", cc_keyword((CallConv)e->s->cc), e->idx);
	emit_chain_call(e, fn_name, "gcnabi", 0, false, 0);
	buf_printf(e->b, "  unreachable\n}\n");
}

/* The intrinsic a function of e's convention is called through (its
 * row's call_intrinsic), declared once per callee: llc remangles the name. */
static void declare_call_intrinsic(Emitter *e)
{
	buf_printf(e->b, "declare ");
	put_type(e, e->s->ret);
	buf_printf(e->b, " @%s.gcnabi%u(ptr, ...)\n", conv_info((CallConv)e->s->cc)->call_intrinsic, e->idx);
}

/* The caller is of the callee's own convention, with that convention's
 * active-lane mask when it has one. */
static void emit_caller(Emitter *e, const char *fn_name)
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
		lanes |= called_to && lane_varying(prepared[i]);
		if (chained_to)
			declare_chain_intrinsic(&e);
		if (called_to && conv_info((CallConv)prepared[i]->cc)->call_intrinsic)
			declare_call_intrinsic(&e);
		/* Chain calls through a pointer load it from constant memory (uniform, SGPRs). */
		if (chained_through_pointer)
			buf_printf(b, "@gcnabi.%u.chainfp = external addrspace(4) global ptr\n", i);
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
		unsigned last = nedges; /* the function's last call, if it may be a tail call */
		for (unsigned x = 0; x < nedges; x++)
			if (edges[x].from == i && prepared[edges[x].to])
				last = x;
		if (last < nedges && (edges[last].chain || sig_type(prepared[i], prepared[i]->ret)->kind != TYPE_VOID))
			last = nedges;
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
					  x != last			       ? CALL_PLAIN
					  : graph_musttail(sigs[i], sigs[j]) && !edges[x].indirect &&
							  !has_body(sigs[j], BODY_PRESSURE)
						  ? CALL_MUSTTAIL
					  : tail_call(prepared[j])	       ? CALL_TAIL
									       : CALL_PLAIN);
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
