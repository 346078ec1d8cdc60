/* amdgpu_kernel: the explicit kernarg segment and the user SGPRs a
 * dispatch initializes, preloaded kernel arguments included. Kernels have
 * no register convention of their own: what differs between llc versions
 * is which user SGPRs are enabled (profile switches kernel_*). */
#include <string.h>

#include "rules.h"

const char *const user_sgpr_names[USGPR_COUNT] = {
	"private_segment_buffer", "dispatch_ptr", "queue_ptr", "kernarg_segment_ptr", "dispatch_id",
	"flat_scratch_init", "private_segment_size",
};
const uint8_t user_sgpr_sizes[USGPR_COUNT] = { 4, 2, 2, 2, 2, 2, 1 };

unsigned user_sgpr_first(const UserSgprs *u, unsigned field)
{
	unsigned first = 0;
	for (unsigned i = 0; i < field && i < USGPR_COUNT; i++)
		if (u->enabled & (1u << i))
			first += user_sgpr_sizes[i];
	return first;
}

/* When a kernel's dispatch enables each user SGPR field, for a body that
 * uses no implicit input (gcnabi emit's): a field needs its profile switch
 * (ALWAYS: none, NEVER: no llc enables it without a use), is disabled by
 * its "amdgpu-no-*" attribute, and the scratch fields are absent with
 * architected flat scratch. The kernarg pointer is also enabled by any
 * explicit argument. Each llc's default code object version (4 for 14-16,
 * 5 for 19, 6 for 22) is what the switches describe. */
enum { ALWAYS = -1, NEVER = -2, NO_ATTR = -1 };
static const struct {
	int8_t needs;    /* ProfileSwitch, ALWAYS or NEVER */
	int8_t freed_by; /* NoInput or NO_ATTR */
	bool scratch;    /* absent with architected flat scratch or without flat (generic) */
} user_sgpr_rules[USGPR_COUNT] = {
	[USGPR_PRIVATE_SEGMENT_BUFFER] = { ALWAYS, NO_ATTR, true },
	[USGPR_DISPATCH_PTR] = { SW_kernel_implicit_user_sgprs, NOIN_DISPATCH_PTR, false },
	[USGPR_QUEUE_PTR] = { SW_kernel_queue_ptr_sgpr, NOIN_QUEUE_PTR, false },
	[USGPR_KERNARG_SEGMENT_PTR] = { SW_kernel_implicit_user_sgprs, NOIN_IMPLICITARG_PTR, false },
	[USGPR_DISPATCH_ID] = { SW_kernel_implicit_user_sgprs, NOIN_DISPATCH_ID, false },
	[USGPR_FLAT_SCRATCH_INIT] = { SW_kernel_flat_scratch_init_sgpr, NOIN_FLAT_SCRATCH_INIT, true },
	[USGPR_PRIVATE_SEGMENT_SIZE] = { NEVER, NO_ATTR, false },
};

enum { MAX_USER_SGPRS = 16 }; /* the hardware's user SGPRs */

/* Preloaded kernel arguments (SITargetLowering::allocatePreloadKernArgSGPRs):
 * a leading run of inreg arguments, part by part as SelectionDAG splits them
 * (struct members, array elements, i64 pieces of wider integers and
 * pointers, vectors as preload_vector says, a p7 as {p8, i32}), while the
 * user SGPRs last. A part takes the SGPRs of its bytes (<3 x i32>: 4, as
 * <4 x i32>) plus those of the padding since the previous part's SGPRs end;
 * a part under 4 bytes at an offset that is not a multiple of 4 shares the
 * previous SGPR. The first part that does not fit ends the run, even inside
 * an aggregate (which is then preloaded in part). Seen with llc 19 and 22. */
typedef struct {
	const Sig *s;
	const Profile *p;
	unsigned free, length;
	uint64_t last; /* kernarg offset where the preloaded SGPRs end */
} Preload;

static bool preload_part(Preload *pl, uint64_t offset, uint64_t bytes)
{
	if (offset % 4 != 0 && bytes < 4)
		return true;
	/* A part that starts inside the previous part's last SGPR (a packed
	 * struct's misaligned member) pays no padding; one that starts further
	 * back (after a vector of i1 or i8 elements) ends the run. */
	if (offset + 4 <= pl->last)
		return false;
	uint64_t n = (bytes + 3) / 4, pad = offset > pl->last ? (offset - pl->last + 3) / 4 : 0;
	if (n + pad > pl->free)
		return false;
	pl->free -= (unsigned)(n + pad);
	pl->length += (unsigned)(n + pad);
	pl->last = offset + n * 4;
	return true;
}

/* A scalar of bits at offset: one part up to 64 bits, else i64 parts. */
static bool preload_scalar(Preload *pl, uint64_t offset, uint64_t bits)
{
	if (bits <= 64)
		return preload_part(pl, offset, (bits + 7) / 8);
	for (uint64_t k = 0; k < (bits + 63) / 64; k++)
		if (!preload_part(pl, offset + 8 * k, 8))
			return false;
	return true;
}

static uint64_t elem_bits(const Preload *pl, const Type *e)
{
	switch (e->kind) {
	case TYPE_INT: return e->n;
	case TYPE_HALF: case TYPE_BFLOAT: return 16;
	case TYPE_FLOAT: return 32;
	case TYPE_DOUBLE: return 64;
	case TYPE_PTR: {
		/* p7 elements are 160-bit in the DataLayout, p9 192 */
		unsigned as = e->addrspace;
		return as == 2 || as == 3 || as == 5 || as == 6 ? 32 : as == 7 ? 160 : as == 8 ? 128 : as == 9 ? 192 : 64;
	}
	default: (void)pl; return 0;
	}
}

/* A vector of 16-, 32- or 64-bit elements is one part while its widening
 * to a power-of-2 length fits a register class (1024 bits: <3 x i32> is 4
 * SGPRs, <5 x i64> 16); a longer power-of-2 vector is 1024-bit halves, a
 * longer odd one its elements. Odd-width elements are promoted (i52 to
 * i64): a power-of-2 length is then one part as above, any other length is
 * its elements at the promoted size (<31 x i24>: 31 of 4 bytes). i1 and i8
 * vectors are their elements, a byte each. */
static bool preload_vector(Preload *pl, const Type *t, uint64_t offset)
{
	uint64_t ebits = elem_bits(pl, sig_type(pl->s, t->elem)), n = t->n, w = 1;
	while (w < n)
		w <<= 1;
	bool promoted = ebits > 8 && ebits != 16 && ebits != 32 && ebits != 64;
	uint64_t pbits = ebits <= 8 ? 8 : ebits <= 16 ? 16 : ebits <= 32 ? 32 : ebits <= 64 ? 64 : ebits;
	bool whole_ok = ebits > 8 && pbits <= 64 && (!promoted || w == n);
	if (whole_ok && w * pbits <= 1024)
		return preload_part(pl, offset, w * pbits / 8);
	if (whole_ok && w == n) {
		for (uint64_t k = 0; k < n * pbits / 1024; k++)
			if (!preload_part(pl, offset + k * 128, 128))
				return false;
		return true;
	}
	uint64_t stride = pbits <= 64 ? pbits / 8 : (ebits + 63) / 64 * 8;
	for (uint64_t k = 0; k < n; k++)
		if (!preload_scalar(pl, offset + k * stride, ebits <= 8 ? 8 : pbits))
			return false;
	return true;
}

static bool preload_value(Preload *pl, TypeId id, uint64_t offset, unsigned depth)
{
	const Type *t = sig_type(pl->s, id);
	if (depth > 64)
		return false;
	switch (t->kind) {
	case TYPE_STRUCT: {
		uint64_t at = 0;
		for (unsigned k = 0; k < t->n; k++) {
			TypeId mid = pl->s->members[t->first + k];
			uint64_t align = t->packed ? 1 : type_kernarg_align(pl->s, mid, pl->p);
			at = (at + align - 1) / align * align;
			if (!preload_value(pl, mid, offset + at, depth + 1))
				return false;
			at += type_kernarg_size(pl->s, mid, pl->p);
		}
		return true;
	}
	case TYPE_ARRAY:
		for (uint64_t k = 0; k < t->n; k++)
			if (!preload_value(pl, t->elem, offset + k * type_kernarg_size(pl->s, t->elem, pl->p), depth + 1))
				return false;
		return true;
	case TYPE_VECTOR:
		return preload_vector(pl, t, offset);
	case TYPE_PTR:
		if (t->addrspace == 7 && pl->p->on[SW_buffer_ptr_split]) /* {ptr addrspace(8), i32} */
			return preload_scalar(pl, offset, 128) && preload_part(pl, offset + 16, 4);
		return preload_scalar(pl, offset, elem_bits(pl, t));
	default:
		return preload_scalar(pl, offset, elem_bits(pl, t));
	}
}

/* The kernel's user SGPRs, then its preloaded arguments (above). */
static void kernel_user_sgprs(const Sig *s, const ModelConfig *m, Placement *out)
{
	const Profile *p = m->profile;
	UserSgprs *u = &out->user;
	unsigned used = 0;
	u->known = true;
	for (unsigned i = 0; i < USGPR_COUNT; i++) {
		int needs = user_sgpr_rules[i].needs, freed_by = user_sgpr_rules[i].freed_by;
		bool on = needs == ALWAYS || (needs != NEVER && p->on[needs]);
		/* llc 14-19 enable some only for a body that needs them (measured,
		 * gfx900, 14-22): flat scratch init for a call or a stack; with a
		 * call, where the implicit inputs are not always on (14-16), those
		 * and the queue pointer too (a callee may read them) */
		if (i == USGPR_FLAT_SCRATCH_INIT && (s->body_calls || s->body_stack))
			on = true;
		if (s->body_calls && !p->on[SW_kernel_implicit_user_sgprs] &&
		    (needs == SW_kernel_implicit_user_sgprs || needs == SW_kernel_queue_ptr_sgpr))
			on = true;
		/* code object v4 (a module's own, llc 19): a kernel that calls
		 * passes the queue pointer (LLVM's recursion.ll) */
		if (needs == SW_kernel_queue_ptr_sgpr && m->cov && m->cov < 500 &&
		    (s->body_calls || (s->body_inputs >> NOIN_QUEUE_PTR & 1)))
			on = true;
		/* a body that reads the input through its intrinsic; the queue
		 * pointer's a user SGPR only before code object v5 (14-16) */
		if (freed_by != NO_ATTR && (s->body_inputs >> freed_by & 1) &&
		    (needs != SW_kernel_queue_ptr_sgpr || !p->on[SW_kernel_implicit_user_sgprs]))
			on = true;
		/* ... unless the callee is in the module: llc 14-16 read what it
		 * needs from its body (the AMDGPU attributor: call-encoding.ll's
		 * kernel calls a function that needs no dispatch pointer, and llc
		 * 14/15 leave it off, 16's SelectionDAG on, GlobalISel off). The
		 * model does not follow bodies: the fields are not known. */
		if (s->body_calls && !p->on[SW_kernel_implicit_user_sgprs])
			u->known = false;
		if (freed_by != NO_ATTR && input_freed(s, (NoInput)freed_by))
			on = false;
		if (user_sgpr_rules[i].scratch && m->target->arch_flat_scratch)
			on = false;
		/* the scratch buffer and flat scratch init only for amdhsa and
		 * mesa3d (GCNUserSGPRUsageInfo: isAmdHsaOrMesa; PAL and no OS
		 * reach scratch through SCRATCH_RSRC relocations), unless flat
		 * scratch is on (then the buffer is off, the init on) */
		bool hsa_or_mesa = m->os == OS_AMDHSA || m->os == OS_MESA3D;
		if (i == USGPR_PRIVATE_SEGMENT_BUFFER && (!hsa_or_mesa || m->flat_scratch))
			on = false;
		if (i == USGPR_FLAT_SCRATCH_INIT && !hsa_or_mesa && !m->flat_scratch)
			on = false;
		if (i == USGPR_FLAT_SCRATCH_INIT && !m->target->flat)
			on = false;
		if (i == USGPR_KERNARG_SEGMENT_PTR && s->nparams > 0)
			on = true;
		if (on) {
			u->enabled |= (uint8_t)(1u << i);
			used += user_sgpr_sizes[i];
		}
	}
	unsigned budget = MAX_USER_SGPRS - used;
	if (p->on[SW_kernarg_preload_cov4_budget])
		budget -= 1 + (input_freed(s, NOIN_QUEUE_PTR) || (u->enabled & (1u << USGPR_QUEUE_PTR)) ? 0 : 2);
	Preload pl = { s, p, budget, 0, 0 };
	if (p->on[SW_kernarg_preload] && m->target->kernarg_preload && m->selector == SEL_DAG)
		for (unsigned i = 0; i < out->nargs && (s->params[i].flags & PARAM_INREG); i++)
			if (!preload_value(&pl, s->params[i].type, out->locs[out->args[i].first].offset, 0))
				break;
	unsigned preloaded = pl.length;
	u->preload_length = (uint8_t)preloaded;
	u->preload_offset = 0;
	unsigned count = used + preloaded;
	/* gfx11 wave32 pads user + system SGPRs to 16; the system SGPRs are the
	 * workgroup ids (x always; y and z as the implicit inputs are). */
	if (m->target->user_sgpr_init16 && m->wave == 32) {
		unsigned sys = 1;
		for (int d = 1; d < 3 && p->on[SW_kernel_implicit_user_sgprs]; d++)
			if (!input_freed(s, (NoInput)(NOIN_WORKGROUP_ID_X + d)) ||
			    (p->on[SW_workgroup_id_needs_no_cluster] && !input_freed(s, (NoInput)(NOIN_CLUSTER_ID_X + d))))
				sys++;
		if (count < MAX_USER_SGPRS - sys)
			count = MAX_USER_SGPRS - sys;
	}
	u->count = (uint8_t)count;
}

/* amdgpu_kernel: no registers by convention. Every argument is in-line in
 * the explicit kernarg segment, in order, each at the next offset aligned
 * to its type's ABI alignment, alloc size bytes; a byref(T) argument is T's
 * data at its `align` if given (even below T's: byref(<4 x half>) align 2
 * is at 2), else at T's ABI alignment. The segment ends with the last
 * argument, unpadded. Identical for every triple and selector (LLVM 14-22);
 * only the DataLayout of buffer pointers moves (buffer_ptr_split). The
 * kernarg pointer and the other user SGPRs: kernel_user_sgprs. */
bool kernel_place(const Sig *s, const ModelConfig *m, Placement *out)
{
	const char *why = cc_verifier_error(s);
	if (why)
		return cc_fail(out, REFUSAL_INVALID_IR, "%s%s", why, "");
	if (s->varargs)
		return cc_fail(out, REFUSAL_INVALID_IR, "Calling convention does not support varargs or perfect forwarding!%s%s", "", "");
	uint64_t end = 0;
	for (unsigned i = 0; i < s->nparams; i++) {
		const Param *prm = &s->params[i];
		bool byref = (prm->flags & PARAM_BYREF) && prm->attr_type != TYPE_NONE;
		if ((prm->flags & PARAM_BYREF) && (prm->flags & (PARAM_INREG | PARAM_SRET)))
			return cc_fail(out, REFUSAL_INVALID_IR, "Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', "
					 "and 'sret' are incompatible!%s%s", "", "");
		uint64_t align, size;
		if (byref) {
			align = prm->align ? prm->align : type_abi_align(s, prm->attr_type, m->profile);
			size = type_alloc_size(s, prm->attr_type, m->profile);
		} else {
			align = type_kernarg_align(s, prm->type, m->profile);
			size = type_kernarg_size(s, prm->type, m->profile);
		}
		uint64_t offset = (end + align - 1) / align * align;
		if (offset + size > UINT32_MAX)
			return cc_fail(out, REFUSAL_OTHER, "the kernarg segment exceeds 4 GiB%s%s", "", "");
		if (prm->flags & PARAM_UNUSED)
			out->unused[i / 64] |= UINT64_C(1) << (i % 64);
		out->args[i].first = (uint16_t)out->nlocs;
		out->args[i].count = 1;
		if (!cc_add_loc(out, (Loc){ .kind = LOC_KERNARG, .reg = 0, .offset = (uint32_t)offset, .size = (uint32_t)size }))
			return false;
		out->nargs = (uint16_t)(i + 1);
		end = offset + size;
	}
	out->kernarg = true;
	out->kernarg_size = (uint32_t)end;
	kernel_user_sgprs(s, m, out);
	return true;
}
