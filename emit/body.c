/* Callee bodies: the profile's emit options, the return, and the bodies
 * a signature asks for ("gcnabi-frame", "gcnabi-branch", scratch use). */
#include <stdlib.h>
#include <string.h>

#include "emit_impl.h"

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
bool bfloat_unselectable(const Emitter *e, TypeId t)
{
	return e->o->bfloat_const_returns && type_contains(e->s, t, TYPE_BFLOAT);
}

/* The return value comes from the ret marker, so every part is written;
 * a constant where the value cannot be loaded (llc still copies each part
 * into its return register). */
void emit_return(Emitter *e)
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
	const char *wide = kept_wide(e, s->ret) ? ".w" : "", *volatile_load = e->o->final_body ? "" : "volatile ";
	if (divergent_return(e)) {
		/* A value that differs per lane, at the lane's own element:
		 * its index from inline assembly, which needs no declaration
		 * (the module may hold many such shaders). */
		buf_printf(e->b, "  %%gcnabi.rl = call i32 asm \"v_mbcnt_lo_u32_b32 $0, -1, 0\", \"=v\"()\n"
				 "  %%gcnabi.ra = getelementptr ");
		put_mem_type(e, s->ret);
		buf_printf(e->b, ", ");
		put_global_ptr(e, s->ret, 1);
		buf_printf(e->b, " @gcnabi.%u.lane.ret, i32 %%gcnabi.rl\n  %%gcnabi.r%s = load %s", e->idx, wide, volatile_load);
		put_mem_type(e, s->ret);
		buf_printf(e->b, ", ");
		put_global_ptr(e, s->ret, 1);
		buf_printf(e->b, " %%gcnabi.ra\n");
	} else {
		buf_printf(e->b, "  %%gcnabi.r%s = load %s", wide, volatile_load);
		put_mem_type(e, s->ret);
		buf_printf(e->b, ", ");
		put_global_ptr(e, s->ret, 1);
		buf_printf(e->b, " @gcnabi.%u.ret\n", e->idx);
	}
	if (*wide)
		put_from_mem(e, s->ret, "%gcnabi.r.w", "%gcnabi.r");
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
void emit_frame(Emitter *e)
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
void emit_branch(Emitter *e)
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

void emit_callee(Emitter *e, const char *fn_name)
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
void put_function_type(Emitter *e)
{
	put_type(e, e->s->ret);
	buf_printf(e->b, " (");
	for (unsigned k = 0; k < e->s->nparams; k++) {
		buf_printf(e->b, "%s", k ? ", " : "");
		put_type(e, e->s->params[k].type);
	}
	buf_printf(e->b, ")");
}
