/* Model invariants: bytes become a signature and a configuration (so most
 * inputs are valid signatures), and every placement the model makes must
 * satisfy the ABI's structural rules, stated here independently of the
 * engine in core/cc.c: which SGPRs may carry arguments comes from the
 * layout (its roles and pools), what changes by compiler comes from the
 * profile's switches, sizes and alignments from the model's DataLayout. */
#include <stddef.h>
#include <string.h>

#include "fuzz.h"
#include "fuzz_model.h"
#include "split.h"

/* AMDGPUUsage "Non-Kernel Functions": the default convention passes
 * arguments in v0-v30 because v31 carries the packed work-item IDs, and
 * returns in v0-v31; amdgpu_gfx has no implicit VGPR input and passes in
 * v0-v31, returns in up to v0-v135 (RetCC_SI_Gfx). */
enum { FUNC_ARG_VGPRS = 31, FUNC_RET_VGPRS = 32, GFX_ARG_VGPRS = 32, GFX_RET_VGPRS = 136 };

typedef struct {
	const Sig *s;
	const ModelConfig *m;
	View view;
	bool func;                      /* default convention (ccc, fastcc, coldcc) */
	/* amdgpu_gfx_whole_wave: amdgpu_gfx's rules after an active-lane mask
	 * (conv.h), which has no parts, or the stack slot of an i1 where llc 22
	 * loses the return; a lost return has neither registers nor sret. */
	bool mask;
	const RegList *pool;            /* the SGPRs inreg arguments may take */
	bool reserved[SGPR_COUNT];      /* SGPRs no argument may take */
	bool sgpr_used[SGPR_COUNT], vgpr_used[VGPR_COUNT];
	unsigned arg_vgprs;
	unsigned sgprs_free, vgprs_free; /* pool SGPRs / argument VGPRs no part has taken yet */
	uint64_t stack_end;             /* end of the highest stack slot so far */
	PartRun runs[PLACE_MAX_PARTS];
} Check;

static bool freed(const Sig *s, NoInput in) { return s->no_inputs & (1u << in); }

static void reserve(Check *c, LayoutRole role)
{
	const RegRange *r = &c->m->layout->role[role];
	for (unsigned i = 0; i < r->count && r->first + i < SGPR_COUNT; i++)
		c->reserved[r->first + i] = true;
}

/* The registers a callee needs intact on entry: the return address and the
 * stack, frame and base pointers always; the scratch descriptor where the
 * target has one; and in the default convention each implicit input the
 * function does not give up with its "amdgpu-no-*" attribute. */
static void reserved_sgprs(Check *c)
{
	const Profile *p = c->m->profile;
	bool callee = c->view == VIEW_CALLEE;
	memset(c->reserved, 0, sizeof c->reserved);
	reserve(c, ROLE_RETURN_ADDRESS);
	reserve(c, ROLE_STACK_PTR);
	reserve(c, ROLE_FRAME_PTR);
	reserve(c, ROLE_BASE_PTR);
	/* Scoped: llc 19 and 22 callers assign inreg arguments from s0, over
	 * the descriptor the callee keeps (caller_inreg_over_srd, a real llc
	 * bug the model reproduces on purpose); the callee view keeps it. */
	if (!c->m->target->arch_flat_scratch && (callee || !c->func || !p->on[SW_caller_inreg_over_srd]))
		reserve(c, ROLE_SRD);
	if (!c->func)
		return; /* amdgpu_gfx has no implicit SGPR inputs */
	if (!freed(c->s, NOIN_DISPATCH_PTR))
		reserve(c, ROLE_DISPATCH_PTR);
	/* Scoped: under code object v5 llc 19's callee does not reserve the
	 * queue pointer (queue_ptr_cov5_hole); its callers still pass it. */
	if (!freed(c->s, NOIN_QUEUE_PTR) && !(callee && p->on[SW_queue_ptr_cov5_hole]))
		reserve(c, ROLE_QUEUE_PTR);
	if (!freed(c->s, NOIN_IMPLICITARG_PTR))
		reserve(c, ROLE_IMPLICITARG_PTR);
	if (!freed(c->s, NOIN_DISPATCH_ID))
		reserve(c, ROLE_DISPATCH_ID);
	for (unsigned d = 0; d < 3; d++)
		if (!freed(c->s, (NoInput)(NOIN_WORKGROUP_ID_X + d)) ||
		    (p->on[SW_workgroup_id_needs_no_cluster] && !freed(c->s, (NoInput)(NOIN_CLUSTER_ID_X + d))))
			reserve(c, (LayoutRole)(ROLE_WORKGROUP_ID_X + d));
	if (p->on[SW_lds_kernel_id_input] && !freed(c->s, NOIN_LDS_KERNEL_ID))
		reserve(c, ROLE_LDS_KERNEL_ID);
}

/* Registers an argument could still take, counted once per placement;
 * each register an argument takes is checked to be one of them. */
static void count_free(Check *c)
{
	c->sgprs_free = 0;
	for (unsigned i = 0; i < c->pool->n; i++)
		for (unsigned k = 0; k < c->pool->r[i].count; k++)
			c->sgprs_free += c->pool->r[i].first + k < SGPR_COUNT && !c->reserved[c->pool->r[i].first + k];
	c->vgprs_free = c->arg_vgprs;
}

static bool sgprs_exhausted(const Check *c) { return c->sgprs_free == 0; }
static bool vgprs_exhausted(const Check *c) { return c->vgprs_free == 0; }

/* One argument register: unique, outside the reserved set, inside the
 * convention's range, and only for inreg values in SGPRs. */
static void check_arg_reg(Check *c, const Loc *l, bool inreg, unsigned argno)
{
	if (l->kind == LOC_SGPR) {
		FUZZ_ASSERT_MSG(l->reg < SGPR_COUNT && !c->sgpr_used[l->reg], "argument %u: s%u taken twice", argno, l->reg);
		FUZZ_ASSERT_MSG(!c->reserved[l->reg], "argument %u in reserved s%u (layout %s, %s)", argno, l->reg,
				c->m->layout->name, c->m->profile->name);
		FUZZ_ASSERT_MSG(inreg, "argument %u: s%u for a value that is not inreg", argno, l->reg);
		FUZZ_ASSERT_MSG(reglist_contains(c->pool, LOC_SGPR, l->reg), "argument %u: s%u outside the %s pool of %s",
				argno, l->reg, c->func ? "func_sgpr_args" : "gfx_sgpr_args", c->m->layout->name);
		FUZZ_ASSERT_MSG(!c->func || c->m->profile->on[SW_func_inreg_sgpr], "argument %u: s%u where %s ignores inreg",
				argno, l->reg, c->m->profile->name);
		c->sgpr_used[l->reg] = true;
		c->sgprs_free--;
	} else {
		FUZZ_ASSERT_MSG(l->kind == LOC_VGPR, "argument %u: location kind %u", argno, l->kind);
		FUZZ_ASSERT_MSG(l->reg < c->arg_vgprs, "argument %u: v%u beyond v%u", argno, l->reg, c->arg_vgprs - 1);
		FUZZ_ASSERT_MSG(!c->vgpr_used[l->reg], "argument %u: v%u taken twice", argno, l->reg);
		/* amdgpu_gfx inreg values never fall back to VGPRs; default-CC
		 * inreg values do, once the SGPRs are used up. */
		FUZZ_ASSERT_MSG(!(inreg && !c->func), "argument %u: inreg amdgpu_gfx value in v%u", argno, l->reg);
		FUZZ_ASSERT_MSG(!(inreg && c->func && c->m->profile->on[SW_func_inreg_sgpr]) || sgprs_exhausted(c),
				"argument %u: inreg value in v%u while an SGPR of the pool is free", argno, l->reg);
		c->vgpr_used[l->reg] = true;
		c->vgprs_free--;
	}
}

static bool is_byval_copy(const Check *c, const Param *prm, const PartRange *r)
{
	/* CC_AMDGPU_Func copies byval objects into the argument area; amdgpu_gfx
	 * passes the pointer as a value. */
	return c->func && (prm->flags & PARAM_BYVAL) && prm->attr_type != TYPE_NONE && r->count == 1;
}

/* A stack part: 4-aligned 4-byte slot (a byval copy: its own size and
 * alignment), above every earlier slot, and only once the registers its
 * class could take are gone. */
static void check_arg_stack(Check *c, const Loc *l, const Param *prm, bool copy, uint8_t cls, unsigned argno)
{
	const Profile *p = c->m->profile;
	uint64_t align = 4, extent = 4;
	if (copy) {
		uint64_t a = prm->align ? prm->align : type_abi_align(c->s, prm->attr_type, p);
		align = a > 4 ? a : 4;
		extent = type_alloc_size(c->s, prm->attr_type, p);
		FUZZ_ASSERT_MSG(l->size == extent, "argument %u: byval copy of %u bytes, type is %llu", argno, l->size,
				(unsigned long long)extent);
	} else if (!c->func && (prm->flags & PARAM_BYVAL) && prm->attr_type != TYPE_NONE) {
		/* amdgpu_gfx byval pointer on the stack: llc copies the whole
		 * object into the 4-byte slot, so the object is sized as the type
		 * and may overlap the next slot (every llc, 14 to 22). The slot
		 * itself is 4 bytes. */
		FUZZ_ASSERT_MSG(l->size == type_alloc_size(c->s, prm->attr_type, p), "argument %u: byval slot size %u",
				argno, l->size);
	} else {
		FUZZ_ASSERT_MSG(l->size == 1 || l->size == 2 || l->size == 4, "argument %u: %u-byte stack part", argno,
				l->size);
	}
	FUZZ_ASSERT_MSG(l->offset % align == 0, "argument %u: stack+%u not %llu-aligned", argno, l->offset,
			(unsigned long long)align);
	FUZZ_ASSERT_MSG(l->offset >= c->stack_end, "argument %u: stack+%u below the previous slot's end %llu", argno,
			l->offset, (unsigned long long)c->stack_end);
	c->stack_end = l->offset + extent;
	if (copy)
		return;
	bool inreg = prm->flags & PARAM_INREG;
	if (!c->func && cls == PART_I1)
		return; /* amdgpu_gfx: i1 has no register row, it always goes to the stack */
	if (inreg && (!c->func || p->on[SW_func_inreg_sgpr]))
		FUZZ_ASSERT_MSG(sgprs_exhausted(c), "argument %u: inreg part on the stack while an SGPR is free", argno);
	if (!(inreg && !c->func))
		FUZZ_ASSERT_MSG(vgprs_exhausted(c), "argument %u: part on the stack while a VGPR is free", argno);
}

/* amdgpu_kernel: one kernarg part per argument, in order, each at an
 * offset at or after the end of the previous one; the segment ends with
 * the last. The user SGPRs and preloaded arguments fit the 16 user SGPRs
 * and the count covers them; an explicit argument needs the kernarg
 * pointer; the scratch buffer exactly for amdhsa and mesa3d without flat
 * scratch;
 * preloading only of a leading inreg argument, with SelectionDAG, where
 * the target and the profile preload. */
static void check_kernarg(const Sig *s, const ModelConfig *m, const Placement *pl)
{
	const UserSgprs *u = &pl->user;
	FUZZ_ASSERT_MSG(u->known, "kernel without user SGPRs");
	unsigned sum = user_sgpr_first(u, USGPR_COUNT);
	FUZZ_ASSERT_MSG(sum + u->preload_length <= 16 && u->count >= sum + u->preload_length && u->count <= 16,
			"user SGPRs %u + preloaded %u, count %u", sum, u->preload_length, u->count);
	FUZZ_ASSERT_MSG(s->nparams == 0 || (u->enabled & (1u << USGPR_KERNARG_SEGMENT_PTR)), "arguments without a kernarg pointer");
	bool buffer = (m->os == OS_AMDHSA || m->os == OS_MESA3D) && !m->target->arch_flat_scratch && !m->flat_scratch;
	FUZZ_ASSERT_MSG(!!(u->enabled & (1u << USGPR_PRIVATE_SEGMENT_BUFFER)) == buffer,
			"scratch buffer where the OS (amdhsa, mesa3d) and flat scratch do not call for one, or none where they do");
	FUZZ_ASSERT_MSG(u->preload_length == 0 ||
				(s->nparams > 0 && (s->params[0].flags & PARAM_INREG) && m->selector == SEL_DAG &&
				 m->target->kernarg_preload && m->profile->on[SW_kernarg_preload]),
			"%u SGPRs preloaded where llc preloads none", u->preload_length);
	uint64_t end = 0;
	FUZZ_ASSERT(pl->nargs == s->nparams && !pl->ret_demoted && pl->ret.count == 0 && pl->kernarg);
	for (unsigned a = 0; a < pl->nargs; a++) {
		FUZZ_ASSERT_MSG(pl->args[a].count == 1, "kernel argument %u: %u parts", a, pl->args[a].count);
		const Loc *l = &pl->locs[pl->args[a].first];
		FUZZ_ASSERT_MSG(l->kind == LOC_KERNARG && l->offset >= end, "kernel argument %u overlaps the one before", a);
		end = (uint64_t)l->offset + l->size;
	}
	FUZZ_ASSERT_MSG(pl->kernarg_size == end, "kernarg size %u, the last argument ends at %llu", pl->kernarg_size,
			(unsigned long long)end);
}

/* Shader entry points and chain functions: registers only (no stack, no
 * demotion), each register once among the arguments and once among the
 * return parts, inreg parts in SGPRs and the others in VGPRs. */
static void check_register_only(const Sig *s, const Placement *pl)
{
	bool used[2][VGPR_COUNT] = { { 0 } };
	FUZZ_ASSERT(pl->nargs == s->nparams && !pl->ret_demoted);
	for (unsigned a = 0; a <= pl->nargs; a++) {
		bool ret = a == pl->nargs;
		PartRange r = ret ? pl->ret : pl->args[a];
		FUZZ_ASSERT(r.first + r.count <= pl->nlocs);
		if (a == 0 || ret)
			memset(used, 0, sizeof used);
		for (unsigned i = 0; i < r.count; i++) {
			const Loc *l = &pl->locs[r.first + i];
			FUZZ_ASSERT_MSG(l->kind == LOC_SGPR || l->kind == LOC_VGPR, "%s part %u: kind %u", ret ? "return" : "argument",
					i, l->kind);
			if (!ret)
				FUZZ_ASSERT_MSG((l->kind == LOC_SGPR) == ((s->params[a].flags & PARAM_INREG) != 0),
						"argument %u part %u: %s", a, i, l->kind == LOC_SGPR ? "SGPR, not inreg" : "VGPR, inreg");
			bool *u = &used[l->kind == LOC_VGPR][l->reg < VGPR_COUNT ? l->reg : 0];
			FUZZ_ASSERT_MSG(l->reg < VGPR_COUNT && !*u, "%s part %u: register %u twice", ret ? "return" : "argument", i,
					l->reg);
			*u = true;
		}
	}
}

/* Shader entry points' system SGPRs: mesa3d's s[0:1] and nothing else
 * there; with scratch and a descriptor, the wave offset on the first SGPR
 * no argument part takes (s5 in a merged HS/GS, which may share it). */
static void check_system_sgprs(const Sig *s, const ModelConfig *m, const Placement *pl)
{
	FUZZ_ASSERT(pl->sys_sgprs && pl->scratch == s->uses_scratch);
	FUZZ_ASSERT_MSG((pl->implicit_buffer_ptr == 0) == (m->os == OS_MESA3D), "implicit buffer ptr s%d on os %d",
			pl->implicit_buffer_ptr, m->os);
	bool taken[SGPR_COUNT + 1] = { 0 };
	taken[0] = taken[1] = pl->implicit_buffer_ptr == 0;
	for (unsigned a = 0; a < pl->nargs; a++)
		for (unsigned i = 0; i < pl->args[a].count; i++) {
			const Loc *l = &pl->locs[pl->args[a].first + i];
			if (l->kind != LOC_SGPR)
				continue;
			FUZZ_ASSERT_MSG(!(pl->implicit_buffer_ptr == 0 && l->reg < 2), "argument %u in mesa3d's s[0:1]", a);
			taken[l->reg < SGPR_COUNT ? l->reg : SGPR_COUNT] = true;
		}
	bool merged = m->target->merged_shaders && (s->cc == CC_AMDGPU_HS || s->cc == CC_AMDGPU_GS);
	if (!s->uses_scratch || m->target->arch_flat_scratch) {
		FUZZ_ASSERT_MSG(pl->scratch_wave_offset < 0, "wave offset s%d without a descriptor", pl->scratch_wave_offset);
		return;
	}
	int w = pl->scratch_wave_offset;
	FUZZ_ASSERT_MSG(w >= 0 && w < SGPR_COUNT, "no wave offset with scratch (s%d)", w);
	if (merged) {
		FUZZ_ASSERT_MSG(w == 5, "merged stage: wave offset s%d", w);
		return;
	}
	FUZZ_ASSERT_MSG(!taken[w], "wave offset s%d is an argument's", w);
	for (int r = 0; r < w; r++)
		FUZZ_ASSERT_MSG(taken[r], "wave offset s%d, but s%d is free", w, r);
}

static void check_placement(Check *c, const Placement *pl)
{
	const Sig *s = c->s;
	const ModelConfig *m = c->m;
	if (!pl->ok) {
		size_t n = strnlen(pl->error, sizeof pl->error);
		FUZZ_ASSERT_MSG(n > 0 && n < sizeof pl->error, "refused without a reason");
		for (size_t i = 0; i < n; i++)
			FUZZ_ASSERT_MSG(pl->error[i] >= ' ' && pl->error[i] < 127, "unprintable error text");
		return;
	}
	if (s->cc == CC_AMDGPU_KERNEL) {
		check_kernarg(s, c->m, pl);
		return;
	}
	if (!c->func && s->cc != CC_AMDGPU_GFX && !c->mask) {
		check_register_only(s, pl);
		if (cc_is_shader_entry((CallConv)s->cc))
			check_system_sgprs(s, m, pl);
		return;
	}
	FUZZ_ASSERT(!s->varargs);
	FUZZ_ASSERT(pl->nargs == s->nparams);
	FUZZ_ASSERT(pl->nlocs <= PLACE_MAX_PARTS);
	c->pool = &m->layout->pool[c->func ? POOL_FUNC_SGPR_ARGS : POOL_GFX_SGPR_ARGS];
	c->arg_vgprs = c->func ? FUNC_ARG_VGPRS : GFX_ARG_VGPRS;
	reserved_sgprs(c);
	count_free(c);
	memset(c->sgpr_used, 0, sizeof c->sgpr_used);
	memset(c->vgpr_used, 0, sizeof c->vgpr_used);
	c->stack_end = 0;
	if (c->mask && c->view == VIEW_CALLER && m->selector == SEL_GISEL && m->profile->on[SW_whole_wave_gisel_call_ret]) {
		/* llc 22's GlobalISel call of a whole-wave function tests the
		 * return against the default convention's 32 VGPRs; beyond them
		 * the callee's 64-bit address goes first, in v[0:1]. */
		Parts ret = { c->runs, 0, 0, PLACE_MAX_PARTS, 0 };
		const char *why = "";
		SplitStatus st = split_value(s, s->ret, m, true, &ret, &why);
		if (st == SPLIT_DEMOTE || (st == SPLIT_OK && ret.nparts > FUNC_RET_VGPRS)) {
			FUZZ_ASSERT_MSG(!pl->ret_demoted && pl->ret.count == 0, "a whole-wave return past 32 parts kept at a GlobalISel call");
			c->vgpr_used[0] = c->vgpr_used[1] = true;
			c->vgprs_free -= 2;
		}
	}

	/* The return has its own registers: VGPRs in range, each once. */
	bool ret_vgpr[GFX_RET_VGPRS] = { 0 };
	unsigned ret_limit = c->func ? FUNC_RET_VGPRS : GFX_RET_VGPRS;
	FUZZ_ASSERT(pl->ret.first + pl->ret.count <= pl->nlocs);
	for (unsigned i = 0; i < pl->ret.count; i++) {
		const Loc *l = &pl->locs[pl->ret.first + i];
		FUZZ_ASSERT_MSG(l->kind == LOC_VGPR && l->reg < ret_limit && !ret_vgpr[l->reg],
				"return part %u: kind %u reg %u", i, l->kind, l->reg);
		ret_vgpr[l->reg] = true;
	}
	if (pl->ret_demoted) {
		FUZZ_ASSERT_MSG(pl->ret.count == 0, "demoted return with %u register parts", pl->ret.count);
		/* The hidden pointer is the first argument: GlobalISel passes it
		 * inreg when the return was inreg, SelectionDAG never. */
		bool inreg = (s->ret_flags & PARAM_INREG) && m->selector == SEL_GISEL;
		FUZZ_ASSERT_MSG(pl->sret.kind == LOC_SGPR || pl->sret.kind == LOC_VGPR, "sret pointer kind %u", pl->sret.kind);
		check_arg_reg(c, &pl->sret, inreg, 0);
	} else if (!(c->mask && pl->ret.count == 0)) {
		/* A return kept in registers has every part its type splits into. */
		Parts parts = { c->runs, 0, 0, PLACE_MAX_PARTS, 0 };
		const char *why = "";
		SplitStatus st = split_value(s, s->ret, m, true, &parts, &why);
		FUZZ_ASSERT_MSG(st == SPLIT_OK && parts.nparts == pl->ret.count, "return: %u parts, split gives %u (%d)",
				pl->ret.count, parts.nparts, (int)st);
	}

	for (unsigned a = 0; a < s->nparams; a++) {
		const Param *prm = &s->params[a];
		const PartRange *r = &pl->args[a];
		FUZZ_ASSERT(r->first + r->count <= pl->nlocs);
		if (a == 0 && c->mask) {
			FUZZ_ASSERT_MSG(r->count == 0 || (r->count == 1 && pl->locs[r->first].kind == LOC_STACK && !pl->ret.count &&
							 !pl->ret_demoted), "the active-lane mask has %u parts", r->count);
			if (r->count)
				check_arg_stack(c, &pl->locs[r->first], prm, false, PART_I1, a);
			continue;
		}
		bool copy = is_byval_copy(c, prm, r);
		Parts parts = { c->runs, 0, 0, PLACE_MAX_PARTS, 0 };
		const char *why = "";
		if (!copy) {
			/* As many parts as the type splits into, in split order. */
			SplitStatus st = split_value(s, prm->type, m, false, &parts, &why);
			FUZZ_ASSERT_MSG(st == SPLIT_OK && parts.nparts == r->count, "argument %u: %u parts, split gives %u (%d)",
					a, r->count, parts.nparts, (int)st);
		}
		unsigned run = 0, in_run = 0;
		for (unsigned i = 0; i < r->count; i++) {
			const Loc *l = &pl->locs[r->first + i];
			uint8_t cls = copy ? PART_INT : c->runs[run].cls;
			if (l->kind == LOC_STACK)
				check_arg_stack(c, l, prm, copy, cls, a);
			else
				check_arg_reg(c, l, prm->flags & PARAM_INREG, a);
			if (!copy && ++in_run == c->runs[run].count)
				run++, in_run = 0;
		}
	}
}

static Sig sig;
static Placement first, again, prefix;
static Check check;

static void print_context(void)
{
	static char buf[1 << 16];
	sig_print(&sig, false, buf, sizeof buf);
	fprintf(stderr, "  signature: %s\n  config: %s, layout %s, %s, wave%u, %s, %s view\n", buf,
		check.m->profile->name, check.m->layout->name, check.m->target->name, check.m->wave,
		selector_names[check.m->selector], check.view == VIEW_CALLER ? "caller" : "callee");
	place_print_human(&sig, &first, buf, sizeof buf);
	fprintf(stderr, "  first placement: %s\n", buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FuzzDataProducer p = fuzz_producer(data, size);
	fuzz_context = print_context;
	ModelConfig m;
	View view;
	const char *cpu;
	fuzz_config(&p, &m, &view, &cpu);
	fuzz_signature(&p, &sig);
	/* Last, so that the inputs before them keep their meaning. */
	m.os = (TargetOs)fuzz_u32_range(&p, 0, OS_COUNT - 1);
	sig.uses_scratch = fuzz_u32_range(&p, 0, 1) != 0;
	check.s = &sig;
	check.view = view;
	check.func = sig.cc == CC_C || sig.cc == CC_FAST || sig.cc == CC_COLD;
	check.mask = conv_info((CallConv)sig.cc)->active_mask_param;

	/* Every layout x profile (x CPU x wave x selector x view, all drawn
	 * from the input) either places the signature, satisfying the rules
	 * below, or says why not; the same input always gives the same
	 * output, whatever the output buffer held before. */
	cc_place(&sig, &m, view, &first);
	memset(&again, 0xa5, offsetof(Placement, locs) +
	       (first.nlocs + 8 < PLACE_MAX_PARTS ? first.nlocs + 8 : PLACE_MAX_PARTS) * sizeof(Loc));
	cc_place(&sig, &m, view, &again);
	FUZZ_ASSERT_MSG(fuzz_placement_equal(&first, &again), "two placements of one signature differ");
	check.m = &m;
	check_placement(&check, &first);

	/* Appending an argument never moves an earlier one: the placement of
	 * the signature less its last parameter is a prefix of this one. The
	 * return (and a demoted return's pointer, the first argument) does not
	 * depend on the parameters at all. */
	if (first.ok && sig.nparams > (check.mask ? 1u : 0u)) {
		sig.nparams--;
		cc_place(&sig, &m, view, &prefix);
		sig.nparams++;
		FUZZ_ASSERT_MSG(prefix.ok, "placeable, but its prefix is not: %s", prefix.error);
		FUZZ_ASSERT(prefix.ret_demoted == first.ret_demoted && prefix.ret.count == first.ret.count);
		FUZZ_ASSERT(!first.ret_demoted || fuzz_loc_equal(&prefix.sret, &first.sret));
		for (unsigned i = 0; i < first.ret.count; i++)
			FUZZ_ASSERT(fuzz_loc_equal(&prefix.locs[prefix.ret.first + i], &first.locs[first.ret.first + i]));
		for (unsigned a = 0; a + 1 < sig.nparams; a++) {
			FUZZ_ASSERT(prefix.args[a].count == first.args[a].count);
			for (unsigned i = 0; i < first.args[a].count; i++)
				FUZZ_ASSERT_MSG(fuzz_loc_equal(&prefix.locs[prefix.args[a].first + i],
							       &first.locs[first.args[a].first + i]),
						"appending argument %u moved argument %u part %u", sig.nparams - 1, a, i);
		}
	}

	return 0;
}
