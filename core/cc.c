/* The engine that runs the rule tables (rules.c). Each convention is an
 * ordered list of rows, first match wins, as in AMDGPUCallingConv.td: a
 * register row whose registers are used up falls through to the next row.
 * Argument and return tables are separate. Which SGPRs carry values comes
 * from the layout; which rows exist in which llc comes from the profile
 * switch a row needs. */
#include "cc.h"
#include "cc_impl.h"

#include <stdio.h>
#include <string.h>

#include "rules.h"

const char *const selector_names[SEL_COUNT] = { "dag", "gisel" };


/* --- allocation state ---------------------------------------------------- */

/* The rows of one table that this profile and selector have, as masks (bit
 * i for row i) by what a part can match: a part walks only the rows it can
 * match instead of testing every row. Byval rows are in none. */
typedef struct {
	uint16_t cls[PART_CLASS_COUNT]; /* rows accepting the class */
	uint16_t inreg_only, inreg_never, ext_only;
} RowMasks;

typedef struct {
	const Sig *sig;
	const ModelConfig *m;
	const CcTables *tables;
	View view;
	uint64_t sgpr_used[(SGPR_COUNT + 63) / 64]; /* one bit per register */
	uint64_t vgpr_used[VGPR_COUNT / 64];
	/* Per row: how far into its register list allocation has got. Rows
	 * only ever take registers, so nothing before the cursor is free. */
	uint16_t cursor[MAX_ROWS];
	RowMasks rows[2]; /* [returns]: the args and the returns table */
	/* Register rows whose list is used up: a part skips them. A Ctx
	 * places either arguments or returns, so one mask serves both. */
	uint16_t exhausted;
	bool ext; /* the parameter being placed is signext or zeroext */
	uint32_t ext_flags; /* which: its PARAM_SIGNEXT / PARAM_ZEROEXT bits */
	bool ret_inreg; /* the return is inreg as this view's lowering sees it */
	uint64_t stack;     /* next free byte of the argument area */
	Placement *out;
} Ctx;

bool cc_fail(Placement *out, RefusalClass cls, const char *fmt, const char *a, const char *b)
{
	out->ok = false;
	out->refusal = (uint8_t)cls;
	snprintf(out->error, sizeof out->error, fmt, a, b);
	return false;
}

/* The class of llc's error where a failure row matches: the convention has
 * no place for the part, unless the row says otherwise. */
static RefusalClass rule_refusal(const CcRule *r)
{
	return r->refusal ? (RefusalClass)r->refusal : REFUSAL_LOWERING;
}

static void reserve(Ctx *c, const RegRange *r)
{
	for (unsigned i = 0; i < r->count && r->first + i < SGPR_COUNT; i++)
		c->sgpr_used[(r->first + i) / 64] |= 1ull << ((r->first + i) % 64);
}

/* Whether the function's "amdgpu-no-*" attribute frees implicit input in
 * this view: a caller that calls through a pointer cannot see it. */
static bool freed(const Ctx *c, NoInput in)
{
	return input_freed(c->sig, in) && !(c->view == VIEW_CALLER && c->m->through_pointer);
}

/* An implicit input's role reserved; the callee reads it (Placement.inputs). */
static void reserve_input(Ctx *c, LayoutRole r)
{
	reserve(c, &c->m->layout->role[r]);
	if (c->view == VIEW_CALLEE)
		c->out->inputs |= (uint16_t)(1u << (r - ROLE_DISPATCH_PTR));
}

/* Before the arguments are assigned, a function of a convention whose
 * SGPRs come from the layout (the default one and amdgpu_gfx) reserves the
 * layout's fixed roles: no argument may take the return address, the stack,
 * frame or base pointer, or the scratch descriptor where the target has
 * one. The default convention's callee also marks the SGPRs of the implicit
 * inputs it expects (SIISelLowering::allocateSpecialInputSGPRs); a caller
 * marks those it passes. Each "amdgpu-no-*" attribute frees one, except at
 * a call through a pointer, whose caller passes them all. */
static void reserve_layout_roles(Ctx *c)
{
	const Layout *l = c->m->layout;
	const Profile *p = c->m->profile;
	bool callee = c->view == VIEW_CALLEE, func = c->tables->implicit_inputs;
	bool cluster = p->on[SW_workgroup_id_needs_no_cluster];
	if (!c->tables->layout_roles)
		return; /* shader entry points and chain functions take fixed SGPR ranges */
	for (int r = ROLE_RETURN_ADDRESS; r < ROLE_FIXED_COUNT; r++)
		reserve(c, &l->role[r]);
	if (!c->m->flat_scratch && (callee || !func || !p->on[SW_caller_inreg_over_srd]))
		reserve(c, &l->role[ROLE_SRD]);
	if (!func)
		return; /* amdgpu_gfx has no implicit SGPR inputs */
	if (!freed(c, NOIN_DISPATCH_PTR))
		reserve_input(c, ROLE_DISPATCH_PTR);
	/* (a module of code object v4 closes the hole: LLVM's
	 * call-args-inreg-no-sgpr-for-csrspill-xfail.ll, llc 19) */
	bool hole = p->on[SW_queue_ptr_cov5_hole] && !(c->m->cov && c->m->cov < 500);
	if (!freed(c, NOIN_QUEUE_PTR) && !(callee && hole))
		reserve_input(c, ROLE_QUEUE_PTR);
	if (!freed(c, NOIN_IMPLICITARG_PTR))
		reserve_input(c, ROLE_IMPLICITARG_PTR);
	if (!freed(c, NOIN_DISPATCH_ID))
		reserve_input(c, ROLE_DISPATCH_ID);
	for (int d = 0; d < 3; d++)
		if (!freed(c, (NoInput)(NOIN_WORKGROUP_ID_X + d)) ||
		    (cluster && !freed(c, (NoInput)(NOIN_CLUSTER_ID_X + d))))
			reserve_input(c, (LayoutRole)(ROLE_WORKGROUP_ID_X + d));
	if (p->on[SW_lds_kernel_id_input] && !freed(c, NOIN_LDS_KERNEL_ID))
		reserve_input(c, ROLE_LDS_KERNEL_ID);
}

static bool take_reg(Ctx *c, unsigned file, unsigned reg, Loc *loc)
{
	uint64_t *used = file == LOC_SGPR ? c->sgpr_used : c->vgpr_used;
	unsigned limit = file == LOC_SGPR ? SGPR_COUNT : VGPR_COUNT;
	uint64_t bit = 1ull << (reg % 64);
	if (reg >= limit || (used[reg / 64] & bit))
		return false;
	used[reg / 64] |= bit;
	*loc = (Loc){ .kind = (uint8_t)file, .reg = (uint16_t)reg, .offset = 0, .size = 0 };
	return true;
}

/* A Loc's repr while its run is placed: a promoting row widened the part
 * (set_reprs turns it into the part's Repr). */
enum { PROMOTED = REPR_COUNT };

/* The n-th register of a row's list, or -1 past its end. */
static int row_reg(const Ctx *c, const CcRule *r, unsigned n)
{
	if (r->pool == 0) {
		unsigned count = r->count;
		if (count == VGPR_BUDGET) {
			/* The budget of the function being compiled: at a call
			 * site that is the caller, modeled without an
			 * "amdgpu-flat-work-group-size" of its own (as gcnabi
			 * emit writes it), whatever the callee carries. */
			unsigned wg = c->view == VIEW_CALLER ? 0 : c->sig->flat_wg_max;
			unsigned budget = target_vgpr_budget(c->m->target, c->m->wave, wg);
			count = budget < 136 ? budget : 136;
		}
		return n < count ? (int)(r->first + n) : -1;
	}
	const RegList *list = &c->m->layout->pool[r->pool - 1];
	for (unsigned i = 0; i < list->n; i++) {
		if (n < list->r[i].count)
			return (int)(list->r[i].first + n);
		n -= list->r[i].count;
	}
	return -1;
}

/* Up to want more registers from the row, in order; how many it gave. */
static unsigned alloc_regs(Ctx *c, const CcRule *r, unsigned row, Loc *loc, unsigned want)
{
	unsigned n = 0;
	if (r->pool != 0 || r->count == VGPR_BUDGET) {
		int reg = 0;
		for (; n < want && (reg = row_reg(c, r, c->cursor[row])) >= 0; c->cursor[row]++)
			if (take_reg(c, r->file, (unsigned)reg, &loc[n]))
				n++;
		if (reg < 0)
			c->exhausted |= (uint16_t)(1u << row);
		return n;
	}
	/* A fixed range: walk it directly. */
	uint64_t *used = r->file == LOC_SGPR ? c->sgpr_used : c->vgpr_used;
	unsigned limit = r->file == LOC_SGPR ? SGPR_COUNT : VGPR_COUNT;
	unsigned k = c->cursor[row];
	for (; n < want && k < r->count; k++) {
		unsigned reg = r->first + k;
		uint64_t bit = 1ull << (reg % 64);
		if (reg >= limit) {
			k = r->count;
			break;
		}
		if (used[reg / 64] & bit)
			continue;
		used[reg / 64] |= bit;
		loc[n++] = (Loc){ .kind = (uint8_t)r->file, .reg = (uint16_t)reg, .offset = 0, .size = 0 };
	}
	c->cursor[row] = (uint16_t)k;
	if (k == r->count)
		c->exhausted |= (uint16_t)(1u << row);
	return n;
}

static bool row_applies(const CcRule *r, const ModelConfig *m, const PartRun *part, bool inreg, bool byval)
{
	if (part && !(r->classes & (1u << part->cls)))
		return false;
	if ((r->inreg == YES && !inreg) || (r->inreg == NO && inreg))
		return false;
	if ((r->byval == YES) != byval)
		return false;
	if (r->selector && (Selector)(r->selector - 1) != m->selector)
		return false;
	return !r->needs || m->profile->on[r->needs - 1];
}

/* The masks of the rows whose selector and profile switch apply. */
static RowMasks select_rows(const CcRule *rows, unsigned n, const ModelConfig *m)
{
	RowMasks k = { { 0 }, 0, 0, 0 };
	for (unsigned i = 0; i < n; i++) {
		const CcRule *r = &rows[i];
		uint16_t bit = (uint16_t)(1u << i);
		if ((r->selector && (Selector)(r->selector - 1) != m->selector) || (r->needs && !m->profile->on[r->needs - 1]) ||
		    r->byval == YES)
			continue;
		for (unsigned cls = 0; cls < PART_CLASS_COUNT; cls++)
			if (r->classes & (1u << cls))
				k.cls[cls] |= bit;
		k.inreg_only |= r->inreg == YES ? bit : 0;
		k.inreg_never |= r->inreg == NO ? bit : 0;
		k.ext_only |= r->ext == YES ? bit : 0;
	}
	return k;
}

/* The rows, from row `from` on, that a part of class cls can still match. */
static inline unsigned rows_for(const Ctx *c, bool returns, unsigned cls, bool inreg, unsigned from)
{
	const RowMasks *k = &c->rows[returns];
	unsigned mask = k->cls[cls] & ~(inreg ? k->inreg_never : k->inreg_only) & ~(c->ext ? 0u : k->ext_only);
	return mask & ~(unsigned)c->exhausted & ~((1u << from) - 1);
}

/* Run the table for one part, from row *from on. Returns the row that
 * decided (and sets *from to it), with *loc set for ACT_REG/ACT_STACK, or
 * NULL when no row matched. */
static const CcRule *assign_part_from(Ctx *c, bool returns, const PartRun *original, bool inreg, Loc *loc,
				      unsigned *from)
{
	const CcRule *rows = returns ? c->tables->returns : c->tables->args;
	PartRun promoted = *original;
	const PartRun *part = original;
	unsigned mask = rows_for(c, returns, part->cls, inreg, *from);
	while (mask) {
		unsigned i = (unsigned)__builtin_ctz(mask);
		const CcRule *r = &rows[i];
		*from = i;
		mask &= mask - 1;
		if (r->action == ACT_PROMOTE_I32) {
			promoted.cls = PART_INT;
			if (c->view == VIEW_CALLER && c->m->selector == SEL_DAG)
				promoted.store = 4;
			part = &promoted;
			/* Matching goes on with the next rows, as an i32. */
			mask = rows_for(c, returns, PART_INT, inreg, i + 1);
			continue;
		}
		if (r->action == ACT_REG) {
			if (!alloc_regs(c, r, i, loc, 1))
				continue;
			loc->repr = part == &promoted ? PROMOTED : REPR_UNSTATED; /* for set_reprs */
			return r;
		}
		if (r->action == ACT_STACK) {
			c->stack = (c->stack + 3) & ~(uint64_t)3;
			*loc = (Loc){ .kind = LOC_STACK, .reg = 0, .offset = (uint32_t)c->stack, .size = part->store };
			c->stack += 4;
			return r;
		}
		return r; /* ACT_FAIL */
	}
	return 0;
}

static const CcRule *assign_part(Ctx *c, bool returns, const PartRun *part, bool inreg, Loc *loc)
{
	unsigned from = 0;
	return assign_part_from(c, returns, part, inreg, loc, &from);
}

bool cc_add_loc(Placement *out, Loc l)
{
	if (out->nlocs >= PLACE_MAX_PARTS)
		return cc_fail(out, REFUSAL_OTHER, "more than %s parts in one function%s", "4096", "");
	out->locs[out->nlocs++] = l;
	return true;
}

/* Whether a value parameter or the return of s holds a ptr addrspace(7):
 * then AMDGPULowerBufferFatPointers rewrites a call of s. */
static bool passes_fat_pointer(const Sig *s)
{
	for (unsigned k = 0; k < s->nparams; k++)
		if (!(s->params[k].flags & (PARAM_BYVAL | PARAM_BYREF)) && type_contains_fat_pointer(s, s->params[k].type))
			return true;
	return type_contains_fat_pointer(s, s->ret);
}

/* size: the byval type's alloc size. */
static bool place_byval(Ctx *c, const Param *prm, uint64_t size, PartRange *range)
{
	const Profile *p = c->m->profile;
	uint64_t align = prm->align ? prm->align : type_abi_align(c->sig, prm->attr_type, p);
	/* The rewritten call's copy of the object (byval_fat_ptr_call_align:
	 * llc 19 and 22 callers of @f(<31 x i32>, i32, ptr addrspace(5)
	 * byval(ptr addrspace(7)), ptr addrspace(7)) store it at stack+16, the
	 * callee reads stack+32). */
	if (c->view == VIEW_CALLER && p->on[SW_byval_fat_ptr_call_align] && type_contains_fat_pointer(c->sig, prm->attr_type) &&
	    passes_fat_pointer(c->sig)) {
		align = prm->align ? prm->align : type_kernarg_align(c->sig, prm->attr_type, p);
		size = type_kernarg_size(c->sig, prm->attr_type, p);
	}
	if (align < 4)
		align = 4;
	c->stack = (c->stack + align - 1) / align * align;
	if (c->stack + size > UINT32_MAX)
		return cc_fail(c->out, REFUSAL_OTHER, "byval copies exceed the 4 GiB argument area%s%s", "", "");
	range->first = (uint16_t)c->out->nlocs;
	range->count = 1;
	if (!cc_add_loc(c->out, (Loc){ .kind = LOC_STACK, .reg = 0, .offset = (uint32_t)c->stack, .size = (uint32_t)size }))
		return false;
	c->stack += size;
	return true;
}

/* Place the runs of one value into locs. Returns 0 when every part found a
 * place, else the row that refused a part (ACT_FAIL), or &no_row. */
static const CcRule no_row = { .action = ACT_FAIL, .rule = "no rule accepts it" };

/* What each register part of the runs holds: the run's representation,
 * but an integer narrower than 32 bits that is widened to an i32 -- by a
 * promoting row (CCPromoteToType: i1 everywhere, i8 and i16 with an
 * extension attribute in the default convention), or by type legalization
 * where it has no legal type of its own (store size 4: i17-i31, and i8/i16
 * without 16-bit instructions) -- is extended as the value's signext or
 * zeroext says (SelectionDAG's getCopyToParts, GlobalISel's
 * extendOpFromFlags: G_SEXT/G_ZEXT at the writer, G_ASSERT_SEXT/
 * G_ASSERT_ZEXT at the reader). An i16 left an i16 (amdgpu_gfx on gfx8+)
 * is not. Memory parts say nothing. assign_part_from marks a promoted
 * part's Loc with PROMOTED first. */
static void set_reprs(const Ctx *c, bool returns, const Parts *parts, Loc *locs)
{
	bool writer = returns ? c->view == VIEW_CALLEE : c->view == VIEW_CALLER;
	Repr ext = c->ext_flags & PARAM_SIGNEXT ? REPR_SEXT : c->ext_flags & PARAM_ZEROEXT ? REPR_ZEXT : REPR_LOW;
	/* A chain call site has no attributes to extend by (chain_call_drops_ext). */
	if (!returns && c->view == VIEW_CALLER && conv_info((CallConv)c->sig->cc)->family == FAMILY_CHAIN &&
	    c->m->profile->on[SW_chain_call_drops_ext])
		ext = REPR_LOW;
	Loc *loc = locs;
	for (unsigned r = 0; r < parts->nruns; r++) {
		const PartRun *run = &parts->runs[r];
		bool integer = run->cls == PART_INT || run->cls == PART_I1;
		for (unsigned k = 0; k < run->count; k++, loc++) {
			bool widened = loc->repr == PROMOTED || run->store == 4;
			Repr repr = run->repr == REPR_LOW && integer && widened ? ext
				    : writer && run->writer_repr   ? (Repr)run->writer_repr
								   : (Repr)run->repr;
			loc->repr = loc->kind == LOC_SGPR || loc->kind == LOC_VGPR ? (uint8_t)repr : REPR_UNSTATED;
		}
	}
}

static const CcRule *assign_runs(Ctx *c, bool returns, const Parts *parts, bool inreg, Loc *locs)
{
	/* Rows only run out, never come back: a part of the same class as the
	 * previous one cannot match an earlier row than it did, and while the
	 * row that took it has room it takes the next ones too. */
	unsigned from = 0;
	int last_cls = -1;
	const CcRule *last = 0;
	Loc *loc = locs;
	for (unsigned r = 0; r < parts->nruns; r++) {
		const PartRun *run = &parts->runs[r];
		bool same_class = run->cls != PART_I1 && !c->ext; /* promotion changes the class part by part */
		for (unsigned left = run->count; left;) {
			bool same_run = same_class && run->cls == last_cls && last;
			if (same_run && last->action == ACT_STACK) {
				c->stack = (c->stack + 3) & ~(uint64_t)3;
				for (; left; left--, loc++, c->stack += 4)
					*loc = (Loc){ .kind = LOC_STACK, .reg = 0, .offset = (uint32_t)c->stack, .size = run->store };
				break;
			}
			if (same_run && last->action == ACT_REG) {
				unsigned got = alloc_regs(c, last, from, loc, left);
				loc += got;
				left -= got;
				if (!left)
					break;
			}
			if (!same_run)
				from = 0;
			last_cls = run->cls;
			last = assign_part_from(c, returns, run, inreg, loc, &from);
			if (!last)
				return &no_row;
			if (last->action == ACT_FAIL)
				return last;
			loc++;
			left--;
		}
	}
	set_reprs(c, returns, parts, locs);
	return 0;
}

static bool place_parts(Ctx *c, const Parts *parts, bool inreg, PartRange *range, unsigned argno)
{
	Placement *out = c->out;
	unsigned first = out->nlocs;
	if (parts->nparts > PLACE_MAX_PARTS - first)
		return cc_fail(out, REFUSAL_OTHER, "more than %s parts in one function%s", "4096", "");
	const CcRule *refused = assign_runs(c, false, parts, inreg, &out->locs[first]);
	if (refused) {
		char num[16];
		snprintf(num, sizeof num, "#%u", argno);
		if (refused == &no_row)
			return cc_fail(out, REFUSAL_LOWERING, "unable to allocate function argument %s: no rule accepts it%s", num, "");
		return cc_fail(out, rule_refusal(refused), "argument %s: %s", num, refused->rule);
	}
	out->nlocs = first + parts->nparts;
	range->first = (uint16_t)first;
	range->count = (uint16_t)parts->nparts;
	return true;
}

static bool split_or_fail(const Ctx *c, TypeId t, bool is_return, Parts *parts, SplitStatus *st)
{
	const char *why = "";
	parts->nruns = parts->nparts = parts->merge_floor = 0;
	*st = split_value(c->sig, t, c->m, is_return, parts, &why);
	if (*st == SPLIT_UNSUPPORTED || *st == SPLIT_UNSELECTABLE)
		return cc_fail(c->out, *st == SPLIT_UNSELECTABLE ? REFUSAL_SELECTION : REFUSAL_LOWERING, "%s is not supported by %s",
			       why, c->m->profile->name);
	if (*st == SPLIT_TOO_MANY)
		return cc_fail(c->out, REFUSAL_OTHER, "more than %s parts in one value%s", "4096", "");
	return true;
}

/* Would every part of the return find a register? (CanLowerReturn.) Tried
 * in the placement's free tail, which it leaves uncommitted. */
static const CcRule *try_return(const Ctx *c, const Parts *parts, SplitStatus st)
{
	Ctx ret = *c; /* returns use their own registers */
	memset(ret.sgpr_used, 0, sizeof ret.sgpr_used);
	memset(ret.vgpr_used, 0, sizeof ret.vgpr_used);
	memset(ret.cursor, 0, sizeof ret.cursor);
	ret.exhausted = 0;
	ret.ext_flags = c->sig->ret_flags & (PARAM_SIGNEXT | PARAM_ZEROEXT);
	ret.ext = ret.ext_flags != 0;
	return st == SPLIT_DEMOTE ? &no_row : assign_runs(&ret, true, parts, c->ret_inreg, &c->out->locs[c->out->nlocs]);
}

/* LLVM 15's SelectionDAG cannot select a returned scalar bfloat
 * (bfloat_scalar_dag_fails), but a return too big for the return
 * registers is demoted to a hidden sret pointer and compiles: llc 15
 * returns [33 x bfloat] and longer through memory, and refuses [32 x
 * bfloat] and shorter (measured on gfx900, gfx1030 and gfx1100, callee and
 * caller). LLVM 14's cannot select a bfloat vector's constant
 * (bfloat_vector_dag_store_fails), but a demoted one compiles (ccc <70 x
 * bfloat>; amdgpu_gfx demotes every inreg return holding bfloat: <2 x
 * bfloat>, <38 x bfloat>, seed 20261225's @f163), unless of an odd length
 * (<3 x bfloat> crashes instruction selection) or a scalar bfloat, which
 * it cannot return at all (bfloat_unsupported); measured on gfx900. Not
 * on targets without 16-bit instructions (llc 14's and 15's generic
 * target, which they use for gfx1100 and gfx1200): there instruction
 * selection crashes on those too. True when the return contains bfloat
 * and is demoted with the switch off. */
static bool dag_bfloat_return_demoted(const Ctx *c, Parts *parts)
{
	const ModelConfig *m = c->m;
	ProfileSwitch sw = m->profile->on[SW_bfloat_scalar_dag_fails]	     ? SW_bfloat_scalar_dag_fails
			   : m->profile->on[SW_bfloat_vector_dag_store_fails] ? SW_bfloat_vector_dag_store_fails
									       : SW_COUNT;
	const Sig *s = c->sig;
	if (sw == SW_COUNT || m->selector != SEL_DAG || c->tables->entry || !m->target->has_16bit_insts ||
	    !type_contains(s, s->ret, TYPE_BFLOAT))
		return false;
	if (sw == SW_bfloat_vector_dag_store_fails &&
	    (type_contains_scalar(s, s->ret, TYPE_BFLOAT) || type_contains_odd_vector(s, s->ret, TYPE_BFLOAT)))
		return false;
	Profile p;
	ModelConfig stores_bfloat = model_without_switch(m, sw, &p);
	Ctx plain = *c;
	plain.m = &stores_bfloat;
	const char *why = "";
	parts->nruns = parts->nparts = parts->merge_floor = 0;
	SplitStatus st = split_value(s, s->ret, &stores_bfloat, true, parts, &why);
	if (st != SPLIT_OK && st != SPLIT_DEMOTE)
		return false;
	if (st == SPLIT_OK && parts->nparts > PLACE_MAX_PARTS - c->out->nlocs)
		return false;
	return try_return(&plain, parts, st) != NULL;
}

/* The return is placed first, into the placement's free tail; it is kept
 * only if every part found a register (CanLowerReturn). */
static bool place_return(Ctx *c, Parts *parts, bool *demoted)
{
	const Sig *s = c->sig;
	Placement *out = c->out;
	SplitStatus st;
	*demoted = false;
	if (dag_bfloat_return_demoted(c, parts)) {
		*demoted = true;
		return true;
	}
	if (!split_or_fail(c, s->ret, true, parts, &st))
		return false;
	if (parts->nparts > PLACE_MAX_PARTS - out->nlocs)
		return cc_fail(out, REFUSAL_OTHER, "more than %s parts in one function%s", "4096", "");
	const CcRule *refused = try_return(c, parts, st);
	if (refused && c->tables->entry)
		return cc_fail(out, refused == &no_row ? REFUSAL_LOWERING : rule_refusal(refused), "return: %s%s",
			       refused == &no_row ? "unable to translate instruction: ret" : refused->rule, "");
	if (refused) {
		*demoted = true;
		return true;
	}
	out->ret.first = (uint16_t)out->nlocs;
	out->ret.count = (uint16_t)parts->nparts;
	out->nlocs += parts->nparts;
	return true;
}
/* The IR verifier's rules that a convention's row names (VERIFY_*), in the
 * order the verifier checks them. */
const char *cc_verifier_error(const Sig *s)
{
	unsigned v = conv_info((CallConv)s->cc)->verifier;
	if ((v & VERIFY_FIRST_I1) && (s->nparams == 0 || sig_type(s, s->params[0].type)->kind != TYPE_INT ||
				      sig_type(s, s->params[0].type)->n != 1))
		return "Calling convention requires first argument to be i1";
	if ((v & VERIFY_FIRST_NOT_INREG) && s->nparams && (s->params[0].flags & PARAM_INREG))
		return "Calling convention requires first argument to not be inreg";
	if ((v & VERIFY_NO_VARARGS) && s->varargs)
		return "Calling convention does not support varargs or perfect forwarding!";
	if ((v & VERIFY_VOID_RETURN) && sig_type(s, s->ret)->kind != TYPE_VOID)
		return "Calling convention requires void return type";
	for (unsigned i = 0; i < s->nparams && (v & VERIFY_NO_SRET); i++)
		if (s->params[i].flags & PARAM_SRET)
			return "Calling convention does not allow sret";
	for (unsigned i = 0; i < s->nparams; i++) {
		const Param *prm = &s->params[i];
		const Type *t = sig_type(s, prm->type);
		if ((v & VERIFY_NO_BYVAL) && (prm->flags & PARAM_BYVAL))
			return "Calling convention disallows byval";
		if ((v & VERIFY_NO_STACK_BYREF) && (prm->flags & PARAM_BYREF) && t->kind == TYPE_PTR && t->addrspace == 5)
			return "Calling convention disallows stack byref";
	}
	return 0;
}

/* Whether t holds a packed vector of 16-bit integers (<2 x i16> in one register). */
static bool has_packed_i16(const Sig *s, TypeId id, bool has16)
{
	const Type *t = sig_type(s, id);
	if (t->kind == TYPE_VECTOR) {
		const Type *e = sig_type(s, t->elem);
		return has16 && e->kind == TYPE_INT && e->n == 16 && t->n > 1;
	}
	if (t->kind == TYPE_ARRAY)
		return has_packed_i16(s, t->elem, has16);
	if (t->kind == TYPE_STRUCT)
		for (unsigned i = 0; i < t->n; i++)
			if (has_packed_i16(s, s->members[t->first + i], has16))
				return true;
	return false;
}

/* Whether gcnabi's body uses argument i: not when the signature marks it
 * "gcnabi-unused", nor when it holds a bfloat the llc cannot load or store
 * (body_skips_param). An unused pixel-shader input gets no slot. */
bool cc_body_uses(const Sig *s, unsigned i, const ModelConfig *m)
{
	return !(s->params[i].flags & PARAM_UNUSED) && !body_skips_param(s, &s->params[i], m->profile, m->selector);
}

/* Each leaf value of id in order, as SelectionDAG lowers an argument:
 * struct members and array elements one by one, a vector or scalar whole,
 * a split buffer fat pointer as two ({ ptr addrspace(8), i32 }, only
 * counted, never split here). visit says whether to go on; *n counts the
 * leaves visited. False when visit stopped the walk. */
typedef bool (*LeafVisit)(void *ctx, TypeId leaf);

static bool walk_leaves(const Sig *s, const Profile *p, TypeId id, LeafVisit visit, void *ctx, unsigned *n)
{
	const Type *t = sig_type(s, id);
	if (t->kind == TYPE_PTR && t->addrspace == 7 && p->on[SW_buffer_ptr_split]) {
		*n += 2;
		return visit(ctx, id) && visit(ctx, id);
	}
	if (t->kind == TYPE_STRUCT) {
		for (unsigned i = 0; i < t->n; i++)
			if (!walk_leaves(s, p, s->members[t->first + i], visit, ctx, n))
				return false;
		return true;
	}
	if (t->kind == TYPE_ARRAY) {
		for (unsigned i = 0; i < t->n; i++) {
			unsigned before = *n;
			if (!walk_leaves(s, p, t->elem, visit, ctx, n))
				return false;
			if (*n == before)
				break; /* empty elements: no values at all */
		}
		return true;
	}
	if (t->kind == TYPE_VOID)
		return true;
	++*n;
	return visit(ctx, id);
}

typedef struct {
	TypeId *out;
	unsigned max, got;
} LeafList;

static bool collect_leaf(void *ctx, TypeId leaf)
{
	LeafList *l = ctx;
	if (l->got < l->max)
		l->out[l->got++] = leaf;
	return l->got < l->max;
}

/* The first max leaf values of id (walk_leaves); returns how many it found
 * (at most max). */
static unsigned leaf_values(const Sig *s, const Profile *p, TypeId id, TypeId *out, unsigned max)
{
	LeafList l = { out, max, 0 };
	unsigned n = 0;
	if (max)
		walk_leaves(s, p, id, collect_leaf, &l, &n);
	return l.got;
}

/* A GlobalISel call through the convention's intrinsic (llc 22, switch
 * whole_wave_gisel_call_ret). The intrinsic is a ccc vararg call, so the
 * default convention's return rows decide demotion; a demoted return then
 * loses its hidden pointer to the callee's 64-bit address, passed first,
 * and nothing comes back (*callee_address). A return those rows keep but
 * the convention's own refuse (inreg) is not lowered either; llc falls back
 * to a plain intrinsic, which takes no aggregate argument. */
static bool gisel_intrinsic_call_return(Ctx *c, Parts *parts, bool *callee_address)
{
	const Sig *s = c->sig;
	Placement *out = c->out;
	Ctx ccc = *c;
	SplitStatus st;
	ccc.tables = &func_rules;
	ccc.rows[1] = select_rows(func_rules.returns, func_rules.nreturns, c->m);
	*callee_address = false;
	if (!split_or_fail(c, s->ret, true, parts, &st))
		return false;
	if (parts->nparts > PLACE_MAX_PARTS - out->nlocs)
		return cc_fail(out, REFUSAL_OTHER, "more than %s parts in one function%s", "4096", "");
	if (try_return(&ccc, parts, st)) {
		*callee_address = true;
		return true;
	}
	if (try_return(c, parts, st)) {
		TypeId values[2];
		for (unsigned k = 1; k < s->nparams; k++)
			if (leaf_values(s, c->m->profile, s->params[k].type, values, 2) != 1)
				return cc_fail(out, REFUSAL_LOWERING, "unable to translate instruction: call %s (its return is not lowered, and the "
						 "plain intrinsic takes no aggregate argument)%s", conv_info((CallConv)s->cc)->call_intrinsic, "");
		return true;
	}
	out->ret.first = (uint16_t)out->nlocs;
	out->ret.count = (uint16_t)parts->nparts;
	out->nlocs += parts->nparts;
	return true;
}

/* SelectionDAG skips a pixel-shader input the body does not use only in
 * the first 16 PS input slots; the values of such an argument from the
 * 16th slot on are still allocated (the known shift of the later
 * arguments, cases/known-differences.txt), so an i1 among them fails where
 * an i1 argument does (shader_i1_arg_fails: `amdgpu_ps void @f({[16 x
 * float], i1})`, unused, aborts llc 14-16 with "unable to allocate
 * function argument"; seed 20261256). */
typedef struct {
	const Sig *s;
	unsigned from, seen; /* leaves before from are not looked at */
} I1Search;

/* An i1, or a vector of i1, among the leaves from I1Search.from on. */
static bool not_i1_leaf(void *ctx, TypeId leaf)
{
	I1Search *q = ctx;
	const Type *t = sig_type(q->s, leaf);
	const Type *scalar = t->kind == TYPE_VECTOR ? sig_type(q->s, t->elem) : t;
	return q->seen++ < q->from || scalar->kind != TYPE_INT || scalar->n != 1;
}

static bool ps_skipped_tail_allocatable(Ctx *c, unsigned i, unsigned slot)
{
	I1Search q = { c->sig, 16 - slot, 0 };
	unsigned n = 0;
	if (!c->m->profile->on[SW_shader_i1_arg_fails] || c->m->selector != SEL_DAG ||
	    walk_leaves(c->sig, c->m->profile, c->sig->params[i].type, not_i1_leaf, &q, &n))
		return true;
	char arg[16];
	snprintf(arg, sizeof arg, "%u", i);
	return cc_fail(c->out, REFUSAL_LOWERING,
		       "argument #%s: unable to allocate function argument: no row of CC_SI_SHADER takes i1 (a part of an "
		       "unused input past the 16th PS input slot, which llc still allocates)%s", arg, "");
}

/* Pixel shaders: the leading non-inreg arguments are the PS input slots
 * 0-15 (SITargetLowering::processPSInputArgs and its GlobalISel twin). An
 * unused argument in a slot is not allocated at all; psInputAddr has a bit
 * per allocated slot, psInputEnable per used one. At least one
 * interpolation input (slots 0-6) must be on, and POS_W_FLOAT (slot 11)
 * needs one of slots 0-3: else slot 0 is forced on and v0-v1 are taken.
 * GlobalISel gives each argument one slot; SelectionDAG one per lowered
 * value (struct members, array elements and the two halves of a buffer fat
 * pointer apart), every version alike, so an unused argument that starts
 * past value slot 15 is allocated there.
 * Sets skip[] for the arguments that get no registers. */
static bool ps_input_slots(Ctx *c, uint64_t skip[SIG_MAX_PARAMS / 64])
{
	const Sig *s = c->sig;
	Placement *out = c->out;
	bool per_value = c->m->selector == SEL_DAG;
	unsigned slot = 0;
	TypeId leaves[16];
	/* "InitialPSInputAddr": those slots are allocated whether used or not
	 * (SIMachineFunctionInfo starts psInputAddr from it) */
	uint16_t init = s->ps_input_addr_init;
	out->ps_input_addr |= init;
	for (unsigned i = 0; i < s->nparams && slot <= 15; i++) {
		const Param *prm = &s->params[i];
		if (prm->flags & PARAM_INREG)
			continue;
		bool used = cc_body_uses(s, i, c->m);
		unsigned values = per_value ? leaf_values(s, c->m->profile, prm->type, leaves, 16) : 1;
		if (values == 0)
			continue; /* an empty aggregate lowers to no value */
		bool allocated = used || (slot < 16 && (init >> slot & 1));
		if (!allocated)
			skip[i / 64] |= UINT64_C(1) << (i % 64);
		if (!allocated && (values == 16 || slot + values > 16) && !ps_skipped_tail_allocatable(c, i, slot))
			return false;
		for (unsigned v = 0; v < values && slot <= 15; v++, slot++)
			if (allocated) {
				out->ps_input_addr |= (uint16_t)(1u << slot);
				out->ps_input_enable |= (uint16_t)(used ? 1u << slot : 0);
			}
		if (values == 16)
			slot = 16; /* past the last slot, however many values remain */
	}
	if ((out->ps_input_addr & 0x7f) == 0 || ((out->ps_input_addr & 0xf) == 0 && (out->ps_input_addr >> 11 & 1))) {
		Loc unused;
		take_reg(c, LOC_VGPR, 0, &unused);
		take_reg(c, LOC_VGPR, 1, &unused);
		out->ps_input_addr |= 1;
		out->ps_input_enable |= 1;
	}
	out->ps_inputs = true;
	return true;
}


static bool is_bfloat_value(const Sig *s, TypeId id)
{
	const Type *t = sig_type(s, id);
	return t->kind == TYPE_BFLOAT || (t->kind == TYPE_VECTOR && sig_type(s, t->elem)->kind == TYPE_BFLOAT);
}

static bool place_once(const Sig *s, const ModelConfig *m, View view, Placement *out)
{
	static const PartRun sret_pointer = { PART_INT, 4, 1, REPR_BITS, REPR_UNSTATED }; /* a ptr addrspace(5) */
	PartRun runs[PLACE_MAX_PARTS];
	Parts parts = { runs, 0, 0, PLACE_MAX_PARTS, 0 };
	Ctx c;
	/* Every field but the row masks, which select_rows fills. */
	c.sig = s;
	c.m = m;
	c.view = view;
	c.out = out;
	memset(c.sgpr_used, 0, sizeof c.sgpr_used);
	memset(c.vgpr_used, 0, sizeof c.vgpr_used);
	memset(c.cursor, 0, sizeof c.cursor);
	c.ext = false;
	c.ext_flags = 0;
	c.stack = 0;
	/* A SelectionDAG call through an intrinsic drops the return's
	 * attributes (llc 22): an inreg return is returned as a plain one. */
	c.ret_inreg = (s->ret_flags & PARAM_INREG) &&
		      !(view == VIEW_CALLER && m->selector == SEL_DAG && conv_info((CallConv)s->cc)->call_intrinsic &&
			m->profile->on[SW_whole_wave_dag_call_ret_attrs]);
	place_init(out);
	const ConvInfo *conv = conv_info((CallConv)s->cc);
	c.tables = conv->rules;
	if (!c.tables)
		return kernel_place(s, m, out);
	if (s->varargs && !(conv->verifier & VERIFY_NO_VARARGS))
		return cc_fail(out, REFUSAL_OTHER, "variadic functions are not modeled%s%s", "", "");
	if (conv->needs && !m->profile->on[conv->needs - 1])
		return cc_fail(out, REFUSAL_INVALID_IR, "calling convention %s is not supported by %s (llc cannot parse it)", conv->name,
			       m->profile->name);
	const char *refused = cc_verifier_error(s);
	if (refused)
		return cc_fail(out, REFUSAL_INVALID_IR, "%s%s", refused, "");
	if (c.tables->entry && m->profile->on[SW_shader_ret_v2i16_fails] && has_packed_i16(s, s->ret, m->target->has_16bit_insts))
		return cc_fail(out, REFUSAL_LOWERING, "return: unable to allocate function return: no row for <2 x i16>%s%s", "", "");
	c.rows[0] = select_rows(c.tables->args, c.tables->nargs, m);
	c.rows[1] = select_rows(c.tables->returns, c.tables->nreturns, m);
	c.exhausted = 0;
	reserve_layout_roles(&c);
	if (conv->family == FAMILY_SHADER && shader_os_implicit_buffer_ptr(m->os))
		reserve(&c, &(RegRange){ LOC_SGPR, 0, 2 }); /* inreg parts start at s2 */
	if (view == VIEW_CALLER && m->selector == SEL_GISEL && m->profile->on[SW_gisel_bfloat_call_fails] &&
	    conv->family != FAMILY_CHAIN) {
		/* Only a bfloat or bfloat vector passed or returned as a whole:
		 * inside an aggregate or behind byval it translates, and so does
		 * a chain call, which packs its arguments into two structs. */
		bool bf = is_bfloat_value(s, s->ret);
		for (unsigned i = 0; i < s->nparams && !bf; i++)
			bf = is_bfloat_value(s, s->params[i].type);
		if (bf)
			return cc_fail(out, REFUSAL_LOWERING, "unable to translate instruction: call (GlobalISel cannot pass bfloat)%s%s", "", "");
	}

	bool demoted = false, callee_address = false;
	if (view == VIEW_CALLER && m->selector == SEL_GISEL && conv->call_intrinsic &&
	    m->profile->on[SW_whole_wave_gisel_call_ret]) {
		if (!gisel_intrinsic_call_return(&c, &parts, &callee_address))
			return false;
	} else if (!place_return(&c, &parts, &demoted)) {
		return false;
	}
	/* A SelectionDAG callee with an active-lane mask takes the mask for
	 * the hidden pointer (llc 22): no pointer arrives, the mask is an
	 * argument like any other, and the return is stored through it. */
	bool mask_is_argument = demoted && view == VIEW_CALLEE && m->selector == SEL_DAG && conv->active_mask_param &&
				m->profile->on[SW_whole_wave_dag_sret_to_mask];
	if (callee_address) {
		PartRun address = { PART_INT, 4, 2, REPR_PIECE, REPR_UNSTATED }; /* a ptr, passed first and in no argument's parts */
		Parts first = { &address, 1, 2, 1, 0 };
		Loc unseen[2];
		if (assign_runs(&c, false, &first, false, unseen))
			return cc_fail(out, REFUSAL_LOWERING, "no register for the callee's address%s%s", "", "");
	}
	if (demoted && !mask_is_argument) {
		/* The hidden sret pointer is the first argument. GlobalISel
		 * makes it inreg when the return was; SelectionDAG never does.
		 * GlobalISel 14-16 refuses inreg IR arguments, but the hidden
		 * pointer is not one: it is lowered, inreg ignored (v0). */
		Loc loc;
		bool inreg = (s->ret_flags & PARAM_INREG) && m->selector == SEL_GISEL;
		const CcRule *r = assign_part(&c, false, &sret_pointer, inreg, &loc);
		if (r && r->action == ACT_FAIL && inreg)
			r = assign_part(&c, false, &sret_pointer, false, &loc);
		if (!r || r->action == ACT_FAIL)
			return cc_fail(out, REFUSAL_LOWERING, "no register for the hidden sret pointer%s%s", "", "");
		out->ret_demoted = true;
		out->sret = loc;
	}

	uint64_t skip[SIG_MAX_PARAMS / 64];
	bool ps = s->cc == CC_AMDGPU_PS;
	if (ps) {
		memset(skip, 0, sizeof skip);
		if (!ps_input_slots(&c, skip))
			return false;
	}
	for (unsigned i = 0; i < s->nparams; i++) {
		const Param *prm = &s->params[i];
		bool inreg = (prm->flags & PARAM_INREG) != 0;
		PartRange *range = &out->args[i];
		out->nargs = (uint16_t)(i + 1);
		if (!cc_body_uses(s, i, m))
			out->unused[i / 64] |= UINT64_C(1) << (i % 64);
		if (prm->flags & (PARAM_BYVAL | PARAM_BYREF)) {
			/* The IR verifier: byval, byref and inreg-or-sret exclude each other. */
			unsigned kinds = !!(prm->flags & PARAM_BYVAL) + !!(prm->flags & PARAM_BYREF) +
					 !!(prm->flags & (PARAM_INREG | PARAM_SRET));
			if (kinds > 1)
				return cc_fail(out, REFUSAL_INVALID_IR, "Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', "
						 "and 'sret' are incompatible!%s%s", "", "");
		}
		/* An unallocated pixel-shader input, or the active-lane mask: no
		 * register, no stack slot, nothing passed. */
		if ((ps && (skip[i / 64] >> (i % 64) & 1)) || (i == 0 && conv->active_mask_param && !mask_is_argument)) {
			range->first = (uint16_t)out->nlocs;
			range->count = 0;
			continue;
		}
		if ((prm->flags & PARAM_BYVAL) && prm->attr_type != TYPE_NONE) {
			/* The IR verifier rejects a byval type of 4 GiB or more (LLVM
			 * 19 and 22 say so; 14-16 crash), wherever the pointer would go. */
			uint64_t size = type_alloc_size(s, prm->attr_type, m->profile);
			if (size > UINT32_MAX)
				return cc_fail(out, REFUSAL_INVALID_IR, "huge 'byval' arguments are unsupported%s%s", "", "");
			bool copied = false;
			for (unsigned k = 0; k < c.tables->nargs && !copied; k++)
				if (c.tables->args[k].action == ACT_BYVAL_COPY && row_applies(&c.tables->args[k], m, 0, inreg, true))
					copied = true;
			if (copied) {
				if (!place_byval(&c, prm, size, range))
					return false;
				continue;
			}
		}
		SplitStatus st;
		if (!split_or_fail(&c, prm->type, false, &parts, &st))
			return false;
		c.ext_flags = prm->flags & (PARAM_SIGNEXT | PARAM_ZEROEXT);
		c.ext = c.ext_flags != 0;
		if (!place_parts(&c, &parts, inreg, range, i))
			return false;
		/* Without a byval rule the pointer travels as a value, but once it
		 * lands on the stack both sides still honour the flag: the caller
		 * copies the object into the 4-byte slot and the callee takes the
		 * slot for the object, sized as the byval type. A copy wider than 4
		 * bytes overlaps the following slots (every llc, 14 to 22). */
		if ((prm->flags & PARAM_BYVAL) && prm->attr_type != TYPE_NONE && range->count == 1 &&
		    out->locs[range->first].kind == LOC_STACK)
			out->locs[range->first].size = (uint32_t)type_alloc_size(s, prm->attr_type, m->profile);
	}
	if (conv->family == FAMILY_SHADER)
		shader_system_sgprs(s, m, c.sgpr_used, out);
	return true;
}

/* llc lowers every argument before it selects the body, so a value it
 * cannot lower refuses the function even when an earlier one is only
 * unselectable: a selection refusal stands only if the function places
 * when what llc cannot select is ignored. */
bool cc_place(const Sig *s, const ModelConfig *m, View view, Placement *out)
{
	/* amdhsa takes kernels and the default conventions only (llc 14-22:
	 * SITargetLowering refuses every graphics convention there) */
	const ConvInfo *ci = conv_info((CallConv)s->cc);
	if (m->os == OS_AMDHSA && ci->family != FAMILY_KERNEL && strcmp(ci->group, "default") != 0) {
		place_init(out);
		return cc_fail(out, REFUSAL_INVALID_IR, "unsupported non-compute shaders with HSA (%s)%s", ci->name, "");
	}
	if (place_once(s, m, view, out) || out->refusal != REFUSAL_SELECTION)
		return out->ok;
	char error[sizeof out->error];
	memcpy(error, out->error, sizeof error);
	ModelConfig lowered = *m;
	lowered.lowering_only = true;
	if (!place_once(s, &lowered, view, out) && out->refusal != REFUSAL_SELECTION)
		return false;
	place_init(out);
	out->ok = false;
	out->refusal = REFUSAL_SELECTION;
	memcpy(out->error, error, sizeof error);
	return false;
}

bool model_config_init(ModelConfig *m, const Profile *p, const Layout *l, const char *cpu, unsigned wave,
		       Selector sel, char *why, size_t why_cap)
{
	const Target *t = profile_target(p, cpu);
	if (!t) {
		snprintf(why, why_cap, "unknown CPU '%s'", cpu);
		return false;
	}
	if (wave == 0)
		wave = t->default_wave;
	if ((wave == 32 && t->vgprs_wave32 == 0) || (wave != 32 && wave != 64)) {
		snprintf(why, why_cap, "wave%u is not supported on %s", wave, cpu);
		return false;
	}
	m->profile = p;
	m->layout = l;
	m->target = t;
	m->wave = wave;
	m->selector = sel;
	m->os = OS_AMDPAL;
	m->lowering_only = false;
	m->through_pointer = false;
	m->flat_scratch = t->arch_flat_scratch;
	m->cov = 0;
	return true;
}
