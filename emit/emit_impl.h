/* Inside the IR writer (emit.h): the Emitter every part writes through,
 * and the helpers its files share: values and types (values.c), callee
 * bodies (body.c), callers (call.c), modules and graphs (emit.c). Private
 * to emit/. */
#ifndef GCNABI_EMIT_IMPL_H
#define GCNABI_EMIT_IMPL_H

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
/* Out-markers and their loads are 16-byte aligned: llc may then widen a
 * uniform 8- or 16-bit load into a scalar dword load. Otherwise such a
 * value is loaded into a VGPR, and llc 16 and 19 cannot pass it inreg
 * ("illegal SGPR to VGPR copy", "illegal VGPR to SGPR copy"; 22 inserts a
 * readfirstlane): tests/fixtures/llc/subdword_inreg_call.ll. */
enum { OUT_ALIGN = 16 };

/* Values that live across a call of a "gcnabi-pressure" function: as many
 * uniform ones (in SGPRs) and lane-varying ones (in VGPRs) each. */
enum { PRESSURE_VALUES = 40 };

/* values.c */
const char *param_value(bool kernel, unsigned k, char *buf, size_t cap);
void put_type(Emitter *e, TypeId t);
bool is_fat_pointer(const Emitter *e, TypeId t);
const char *fat_pointer_type(const Emitter *e);
void put_mem_type(Emitter *e, TypeId t);
void put_plain_mem_type(Emitter *e, TypeId t);
bool kept_wide(const Emitter *e, TypeId t);
void put_to_mem(Emitter *e, TypeId t, const char *src, const char *dst);
void put_from_mem(Emitter *e, TypeId t, const char *src, const char *dst);
bool native_fat_copy(const Emitter *e, TypeId t);
void put_copy_type(Emitter *e, TypeId t);
void put_global_ptr(Emitter *e, TypeId t, unsigned as);
void put_name(Buf *b, const char *name);
bool passed(const Sig *s, unsigned k);
bool by_copy(const Param *p);
TypeId value_type(const Param *p);
bool skipped(const Emitter *e, unsigned k);
const char *skipped_value(const Emitter *e, TypeId t);
void declare_global(Emitter *e, const char *what, int k, TypeId t, bool constant_input);
/* omit: ParamFlags not to write, and OMIT_KEPT: not the attributes kept as
 * the input wrote them (an intrinsic's call takes none of them). */
enum { OMIT_KEPT = 1u << 15 };
void put_param_attrs(Emitter *e, const Param *p, uint16_t omit);
void put_ret_attrs(Emitter *e);
void put_callee_head(Emitter *e, const char *fn_name);
void put_header(Emitter *e, const char *fn_name);
void emit_entry_stores(Emitter *e);

/* body.c */
bool bfloat_unselectable(const Emitter *e, TypeId t);
void emit_return(Emitter *e);
void emit_frame(Emitter *e);
void emit_branch(Emitter *e);
void emit_callee(Emitter *e, const char *fn_name);
void put_function_type(Emitter *e);

/* call.c */
bool lane_varying(const Sig *s);
bool tail_call(const Sig *s);
bool divergent_arg(const Emitter *e, unsigned k);
bool divergent_return(const Emitter *e);
void put_copy_alloca(Emitter *e, unsigned k);
void emit_call(Emitter *e, const char *fn_name, const char *v, unsigned shared, bool through_pointer, CallKind kind);
void declare_chain_intrinsic(Emitter *e);
void emit_chain_call(Emitter *e, const char *fn_name, const char *v, unsigned shared, bool through_pointer,
			    unsigned dvgpr);
void emit_chain_caller(Emitter *e, const char *fn_name);
void declare_call_intrinsic(Emitter *e);
void emit_caller(Emitter *e, const char *fn_name);

#endif
