/* The judge; see judge.h for the rules each flag relaxes and who uses which. */
#include "judge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const JudgeWhatName judge_what_names[JW_COUNT] = {
#define X(id, name, key, key2) [JW_##id] = { name, key, key2 },
	JUDGE_WHATS(X)
#undef X
};

typedef struct {
	unsigned flags;
	const JudgeRules *rules;
	Judgement *j;
	bool stop; /* a divergence was found and only the first is wanted */
} Judge;

static bool is_mem(const Loc *l)
{
	return l->kind == LOC_STACK || l->kind == LOC_KERNARG;
}

/* The order parts sort in (SGPRs, VGPRs, stack, kernarg; by number or
 * offset); 0 when two parts are in the same place. Sizes aside. */
static int loc_order(const Loc *a, const Loc *b)
{
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	uint32_t x = is_mem(a) ? a->offset : a->reg, y = is_mem(b) ? b->offset : b->reg;
	return x < y ? -1 : x > y;
}

static int loc_order_qsort(const void *a, const void *b) { return loc_order(a, b); }

/* Two memory parts of different sizes, where both sizes count. */
static bool sizes_differ(const Judge *c, const Loc *x, const Loc *y)
{
	if (!is_mem(x) || !is_mem(y) || x->size == y->size)
		return false;
	bool kernargs = x->kind == LOC_KERNARG && y->kind == LOC_KERNARG;
	if ((!x->size || !y->size) && (!kernargs || (c->flags & JUDGE_SIZE_0_UNKNOWN)))
		return false; /* 0: a size not known */
	/* A caller that writes the whole 4-byte slot of a narrower object. */
	bool stack = x->kind == LOC_STACK && y->kind == LOC_STACK;
	return !(stack && (c->flags & JUDGE_CALLER_COVERS) && (x->size == 4 || y->size == 4) && x->size + y->size < 8);
}

/* Two register parts whose representations both sides state, differently.
 * A side that does not say (the observer, where llc's MIR shows no
 * extension, truncation or conversion) agrees with any. */
static bool reprs_differ(const Loc *x, const Loc *y)
{
	return x->repr != REPR_UNSTATED && y->repr != REPR_UNSTATED && x->repr != y->repr;
}

static bool part_same(const Judge *c, const Loc *x, const Loc *y)
{
	return loc_order(x, y) == 0 && !sizes_differ(c, x, y);
}

static void add(Judge *c, JudgeDiff d)
{
	Judgement *j = c->j;
	if (j->list && j->n < j->cap)
		j->list[j->n] = d;
	j->n++;
	JudgeVerdict v = d.cls == JC_UNREAD ? JUDGE_UNREAD : d.cls == JC_UNDEFINED ? JUDGE_UNDEFINED : JUDGE_DIFFERENT;
	if (v > j->verdict) {
		j->verdict = v;
		j->head = d;
	}
	if (v == JUDGE_DIFFERENT && !(c->flags & JUDGE_ALL))
		c->stop = true;
}

static void add_values(Judge *c, JudgeWhat what, uint32_t va, uint32_t vb)
{
	add(c, (JudgeDiff){ .what = (uint8_t)what, .cls = JC_DIFFERENT, .va = va, .vb = vb });
}

static Loc sgpr_or_none(int reg)
{
	return reg < 0 ? (Loc){ .kind = LOC_NONE, .reg = 0, .offset = 0, .size = 0 } : (Loc){ .kind = LOC_SGPR, .reg = (uint16_t)reg, .offset = 0, .size = 0 };
}

static void add_sgprs(Judge *c, JudgeWhat what, unsigned field, int ra, int rb)
{
	add(c, (JudgeDiff){ .what = (uint8_t)what, .cls = JC_DIFFERENT, .arg = (uint16_t)field, .a = sgpr_or_none(ra),
			    .b = sgpr_or_none(rb) });
}

/* Every part of y is one of x's (both sorted when unordered), and y has at
 * least one: nothing observed is not "unread". */
static bool among(const Judge *c, const Loc *x, unsigned nx, const Loc *y, unsigned ny)
{
	unsigned i = 0;
	for (unsigned k = 0; k < ny; k++, i++) {
		while (i < nx && !part_same(c, &x[i], &y[k]))
			i++;
		if (i == nx)
			return false;
	}
	return ny > 0;
}

/* JUDGE_UNDEF_SGPRS: every part of y is one of x's, every part of x that y
 * lacks an SGPR (or a stack slot: see judge.h). */
static bool lacks_only_sgprs(const Loc *x, unsigned nx, const Loc *y, unsigned ny)
{
	for (unsigned k = 0; k < ny; k++) {
		unsigned i = 0;
		while (i < nx && loc_order(&x[i], &y[k]) != 0)
			i++;
		if (i == nx)
			return false;
	}
	for (unsigned i = 0; i < nx; i++) {
		unsigned k = 0;
		while (k < ny && loc_order(&x[i], &y[k]) != 0)
			k++;
		if (k == ny && x[i].kind != LOC_SGPR && x[i].kind != LOC_STACK)
			return false;
	}
	return true;
}

/* Copies of a range, sorted when parts compare as sets. */
static void take(const Judge *c, const Placement *p, PartRange r, Loc *out)
{
	memcpy(out, &p->locs[r.first], r.count * sizeof *out);
	if (c->flags & JUDGE_UNORDERED)
		qsort(out, r.count, sizeof *out, loc_order_qsort);
}

/* The parts (in canonical order) are stack slots of known sizes, each
 * starting where the one before ends: [*start, *end). */
static bool stack_span(const Loc *x, unsigned n, uint32_t *start, uint32_t *end)
{
	if (!n)
		return false;
	*start = x[0].offset;
	*end = x[0].offset;
	for (unsigned k = 0; k < n; k++) {
		if (x[k].kind != LOC_STACK || !x[k].size || x[k].offset != *end)
			return false;
		*end += x[k].size;
	}
	return true;
}

static bool same_stack_span(const Loc *x, unsigned nx, const Loc *y, unsigned ny)
{
	uint32_t xs, xe, ys, ye;
	return stack_span(x, nx, &xs, &xe) && stack_span(y, ny, &ys, &ye) && xs == ys && xe == ye;
}

static void compare_range(Judge *c, const Placement *a, PartRange ra, const Placement *b, PartRange rb, JudgeWhat what,
			  unsigned arg)
{
	Loc x[PLACE_MAX_PARTS], y[PLACE_MAX_PARTS];
	JudgeDiff d = { .what = (uint8_t)what, .arg = (uint16_t)arg, .va = ra.count, .vb = rb.count };
	take(c, a, ra, x);
	take(c, b, rb, y);
	if (ra.count == rb.count) {
		for (unsigned k = 0; k < ra.count && !c->stop; k++) {
			d.part = (uint16_t)k;
			d.a = x[k];
			d.b = y[k];
			if (loc_order(&x[k], &y[k]) != 0) {
				d.cls = JC_MOVED;
				add(c, d);
			}
			if (!c->stop && sizes_differ(c, &x[k], &y[k])) {
				d.cls = JC_SLOT_SIZE;
				add(c, d);
			}
			if (!c->stop && loc_order(&x[k], &y[k]) == 0 && reprs_differ(&x[k], &y[k])) {
				d.cls = JC_REPR;
				add(c, d);
			}
		}
		return;
	}
	/* A caller that copies a byval object with 4-byte stores into the
	 * callee's one wider slot (byval(double): stack+0, stack+4 against one
	 * 8-byte stack+0) writes exactly the bytes the callee reads. */
	if ((c->flags & JUDGE_CALLER_COVERS) && same_stack_span(x, ra.count, y, rb.count))
		return;
	if ((c->flags & JUDGE_UNDEF_SGPRS) && rb.count < ra.count && lacks_only_sgprs(x, ra.count, y, rb.count))
		d.cls = JC_UNDEFINED;
	else if ((c->flags & JUDGE_ALLOW_UNREAD) && rb.count < ra.count && among(c, x, ra.count, y, rb.count))
		d.cls = JC_UNREAD;
	else
		d.cls = JC_PART_COUNT;
	add(c, d);
}

static bool in_ranges(const Loc *l, const RegRange *r, unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		if (r[k].kind == l->kind && l->reg >= r[k].first && l->reg < r[k].first + r[k].count)
			return true;
	return false;
}

/* The whole-placement rules match a part of A with one of B's by tests of
 * their own, rule for rule as check has always applied them: */
typedef bool PartMatch(const Loc *want, const Loc *got);
typedef bool PartExcuse(const Loc *want, const JudgeRules *r);

/* kind and register, never a stack part (UNDEF_SGPRS_WHOLE) */
static bool same_register(const Loc *want, const Loc *got)
{
	return got->kind == want->kind && got->reg == want->reg && want->kind != LOC_STACK;
}

/* kind and register: any stack slot matches any (UNDEF_IMPLICIT, the return) */
static bool same_kind_and_register(const Loc *want, const Loc *got)
{
	return got->kind == want->kind && got->reg == want->reg;
}

/* kind and register, a stack slot by its offset (UNDEF_IMPLICIT, the arguments) */
static bool same_place(const Loc *want, const Loc *got)
{
	return got->kind == want->kind && (got->kind == LOC_STACK ? got->offset == want->offset : got->reg == want->reg);
}

static bool never(const Loc *want, const JudgeRules *r)
{
	(void)want, (void)r;
	return false;
}

static bool an_sgpr(const Loc *want, const JudgeRules *r)
{
	(void)r;
	return want->kind == LOC_SGPR;
}

/* An SGPR, or with JUDGE_ALLOW_UNREAD any register: llc 16's SelectionDAG
 * shaders lose SGPR values and leave VGPR parts of odd-width integer
 * vectors unread in one function (amdgpu_es <16 x double> @f(ptr inreg,
 * <4 x i51>): the pointer's s0-s1 and the return's SGPRs lost, v4-v7 of
 * the vector unread). */
static bool an_sgpr_or_unread(const Loc *want, const JudgeRules *r)
{
	return want->kind == LOC_SGPR || (want->kind != LOC_STACK && (r->flags & JUDGE_ALLOW_UNREAD));
}

static bool an_implicit_register(const Loc *want, const JudgeRules *r)
{
	return want->kind != LOC_STACK && in_ranges(want, r->implicit, r->nimplicit);
}

/* Each part of A in ra is one of B's in rb or excused; *hits counts those
 * B has. */
static bool covered(const Placement *a, PartRange ra, const Placement *b, PartRange rb, PartMatch *same,
		    PartExcuse *excused, const JudgeRules *r, unsigned *hits)
{
	*hits = 0;
	for (unsigned k = 0; k < ra.count; k++) {
		const Loc *want = &a->locs[ra.first + k];
		unsigned n = 0;
		while (n < rb.count && !same(want, &b->locs[rb.first + n]))
			n++;
		if (n == rb.count && !excused(want, r))
			return false;
		*hits += n < rb.count;
	}
	return true;
}

/* JUDGE_UNDEF_SGPRS_WHOLE: B lost SGPRs of A and has no part of its own. */
static bool lost_sgprs_only(const Placement *a, const Placement *b, const JudgeRules *r)
{
	if (a->nargs != b->nargs || a->ret_demoted != b->ret_demoted)
		return false;
	for (unsigned i = 0; i <= a->nargs; i++) {
		bool ret = i == a->nargs;
		PartRange m = ret ? a->ret : a->args[i], o = ret ? b->ret : b->args[i];
		unsigned hits;
		if (!ret && (a->unused[i / 64] >> (i % 64) & 1) && o.count == 0)
			continue; /* unused: nothing to see */
		if (!covered(a, m, b, o, same_register, ret ? an_sgpr : an_sgpr_or_unread, r, &hits) || hits != o.count)
			return false;
	}
	return true;
}

/* JUDGE_UNDEF_IMPLICIT: the return as A has it, each argument part of A
 * in B or among the call's implicit registers. */
static bool undefined_by_implicit(const Placement *a, const Placement *b, const JudgeRules *r)
{
	unsigned hits;
	if (a->nargs != b->nargs || a->ret_demoted != b->ret_demoted || a->ret.count != b->ret.count ||
	    !covered(a, a->ret, b, b->ret, same_kind_and_register, never, r, &hits))
		return false;
	for (unsigned i = 0; i < a->nargs; i++)
		if (!covered(a, a->args[i], b, b->args[i], same_place, an_implicit_register, r, &hits))
			return false;
	return true;
}

static void compare_user_sgprs(Judge *c, const UserSgprs *x, const UserSgprs *y)
{
	for (unsigned i = 0; i < USGPR_COUNT && !c->stop; i++) {
		bool on_a = x->enabled >> i & 1, on_b = y->enabled >> i & 1;
		int ra = on_a ? (int)user_sgpr_first(x, i) : -1, rb = on_b ? (int)user_sgpr_first(y, i) : -1;
		if (ra != rb)
			add_sgprs(c, JW_USER_SGPR, i, ra, rb);
	}
	if (!c->stop && (x->preload_length != y->preload_length || x->preload_offset != y->preload_offset))
		add(c, (JudgeDiff){ .what = JW_PRELOAD, .cls = JC_DIFFERENT, .va = x->preload_length, .vb = y->preload_length,
				    .va2 = x->preload_offset, .vb2 = y->preload_offset });
	if (!c->stop && x->count != y->count)
		add_values(c, JW_USER_SGPR_COUNT, x->count, y->count);
}

/* Everything but the parts: counts, the return's form, the entry point's fields. */
static void compare_fields(Judge *c, const Placement *a, const Placement *b)
{
	if (a->nargs != b->nargs)
		add_values(c, JW_ARG_COUNT, a->nargs, b->nargs);
	if (!c->stop && a->ret_demoted != b->ret_demoted)
		add_values(c, JW_RET_DEMOTED, a->ret_demoted, b->ret_demoted);
	else if (!c->stop && a->ret_demoted && loc_order(&a->sret, &b->sret) != 0)
		add(c, (JudgeDiff){ .what = JW_SRET, .cls = JC_DIFFERENT, .a = a->sret, .b = b->sret });
	if (!c->stop && a->ps_inputs && b->ps_inputs &&
	    (a->ps_input_addr != b->ps_input_addr || a->ps_input_enable != b->ps_input_enable))
		add(c, (JudgeDiff){ .what = JW_PS_INPUTS, .cls = JC_DIFFERENT, .va = a->ps_input_addr, .vb = b->ps_input_addr,
				    .va2 = a->ps_input_enable, .vb2 = b->ps_input_enable });
	if (!c->stop && a->sys_sgprs && b->sys_sgprs && a->implicit_buffer_ptr != b->implicit_buffer_ptr)
		add_sgprs(c, JW_IMPLICIT_BUFFER_PTR, 0, a->implicit_buffer_ptr, b->implicit_buffer_ptr);
	if (!c->stop && a->sys_sgprs && b->sys_sgprs && a->scratch_wave_offset != b->scratch_wave_offset)
		add_sgprs(c, JW_SCRATCH_WAVE_OFFSET, 0, a->scratch_wave_offset, b->scratch_wave_offset);
	if (!c->stop && a->kernarg && b->kernarg && a->kernarg_size != b->kernarg_size)
		add_values(c, JW_KERNARG_SIZE, a->kernarg_size, b->kernarg_size);
	if (!c->stop && a->user.known && b->user.known)
		compare_user_sgprs(c, &a->user, &b->user);
}

/* The same place, and no representation stated differently (the pool
 * forgives where the stack boundary falls, never what a register holds). */
static bool same_loc(const Loc *x, const Loc *y)
{
	return x->kind == y->kind && (x->kind == LOC_STACK ? x->offset == y->offset : x->reg == y->reg) &&
	       !reprs_differ(x, y);
}

/* The next stack part of p at or after argument *i, part *k (in argument
 * order); NULL when there is none. */
/* Argument i is unused on either side and one side has no parts for it:
 * nothing to compare (judge's rule, the pooled stack's too). */
static bool unseen_arg(const Placement *a, const Placement *b, unsigned i)
{
	return i < SIG_MAX_PARAMS && ((a->unused[i / 64] | b->unused[i / 64]) >> (i % 64) & 1) &&
	       (a->args[i].count == 0 || b->args[i].count == 0);
}

/* A stack slot of an argument of other that is unseen against p: a caller
 * may store its undef value there (merged with a neighbour's stores, seed
 * 20261209: llc 15 on gfx1100), which is nobody's part. */
static bool in_unseen_slot(const Placement *other, const Placement *p, const Loc *l)
{
	for (unsigned i = 0; i < other->nargs; i++)
		for (unsigned k = 0; unseen_arg(other, p, i) && k < other->args[i].count; k++) {
			const Loc *o = &other->locs[other->args[i].first + k];
			if (o->kind == LOC_STACK && o->offset == l->offset)
				return true;
		}
	return false;
}

/* The next stack part of p after argument *i's part *k, the arguments
 * unseen against other, and the slots of other's unseen ones, left out. */
static const Loc *next_stack(const Placement *p, const Placement *other, unsigned *i, unsigned *k)
{
	for (; *i < p->nargs; (*i)++, *k = 0)
		for (; *k < p->args[*i].count && !unseen_arg(p, other, *i); (*k)++) {
			const Loc *l = &p->locs[p->args[*i].first + *k];
			if (l->kind == LOC_STACK && !in_unseen_slot(other, p, l)) {
				(*k)++;
				return l;
			}
		}
	return NULL;
}

/* JUDGE_STACK_POOLED: the stack parts in argument order, wherever one
 * argument ends and the next begins, at the same offsets and of the same
 * sizes (a byval object laid out otherwise, 48 bytes against 32 at one
 * offset, is a disagreement). */
static bool pooled_stack_agrees(const Judge *c, const Placement *a, const Placement *b)
{
	if (a->nargs != b->nargs || a->ret_demoted != b->ret_demoted || a->ret.count != b->ret.count)
		return false;
	for (unsigned k = 0; k < a->ret.count; k++)
		if (!same_loc(&a->locs[a->ret.first + k], &b->locs[b->ret.first + k]))
			return false;
	for (unsigned i = 0; i < a->nargs; i++) {
		unsigned ka = 0, kb = 0;
		if (unseen_arg(a, b, i))
			continue;
		for (;;) {
			while (ka < a->args[i].count && a->locs[a->args[i].first + ka].kind == LOC_STACK)
				ka++;
			while (kb < b->args[i].count && b->locs[b->args[i].first + kb].kind == LOC_STACK)
				kb++;
			if (ka == a->args[i].count || kb == b->args[i].count)
				break;
			if (!same_loc(&a->locs[a->args[i].first + ka++], &b->locs[b->args[i].first + kb++]))
				return false;
		}
		if (ka != a->args[i].count || kb != b->args[i].count) {
			/* One side has register parts left: not only the stack's boundary. */
			bool left = false;
			for (; ka < a->args[i].count; ka++)
				left |= a->locs[a->args[i].first + ka].kind != LOC_STACK;
			for (; kb < b->args[i].count; kb++)
				left |= b->locs[b->args[i].first + kb].kind != LOC_STACK;
			if (left)
				return false;
		}
	}
	unsigned ia = 0, ka = 0, ib = 0, kb = 0;
	const Loc *x, *y;
	do {
		x = next_stack(a, b, &ia, &ka);
		y = next_stack(b, a, &ib, &kb);
		if (!x != !y || (x && (x->offset != y->offset || sizes_differ(c, x, y))))
			return false;
	} while (x);
	return true;
}

/* JUDGE_STACK_POOLED: r's last stack parts that lie in a slot of an
 * argument of other unseen against p are not r's (the caller stored a
 * neighbour's widened bytes there: seed 20261236, llc 15 on gfx1100 writes
 * the 16 bytes it loaded for the last three elements of an inreg <31 x
 * i32> over the stack, the fourth into the slot of an undef argument). */
static PartRange without_unseen_tail(const Placement *p, PartRange r, const Placement *other)
{
	while (r.count > 0 && p->locs[r.first + r.count - 1].kind == LOC_STACK &&
	       in_unseen_slot(other, p, &p->locs[r.first + r.count - 1]))
		r.count--;
	return r;
}

JudgeVerdict judge(const Placement *a, const Placement *b, const JudgeRules *rules, Judgement *j)
{
	static const JudgeRules none = { 0 };
	Judge c = { .flags = rules ? rules->flags : 0, .rules = rules ? rules : &none, .j = j };
	j->verdict = JUDGE_SAME;
	j->n = 0;
	if (!a->ok || !b->ok) {
		/* Nothing was placed on that side: the status is all there is. */
		if (a->ok || b->ok || ((c.flags & JUDGE_STRICT_ERRORS) && strcmp(a->error, b->error) != 0))
			add(&c, (JudgeDiff){ .what = JW_STATUS, .cls = JC_DIFFERENT, .ea = a->ok ? NULL : a->error,
					     .eb = b->ok ? NULL : b->error });
		return j->verdict;
	}
	compare_fields(&c, a, b);
	unsigned nargs = a->nargs < b->nargs ? a->nargs : b->nargs;
	for (unsigned i = 0; i < nargs && !c.stop; i++) {
		/* An unused argument's registers cannot be seen: no parts on one
		 * side agree with any on the other. */
		if (unseen_arg(a, b, i))
			continue;
		PartRange ra = a->args[i], rb = b->args[i];
		if (c.flags & JUDGE_STACK_POOLED) {
			ra = without_unseen_tail(a, ra, b);
			rb = without_unseen_tail(b, rb, a);
		}
		compare_range(&c, a, ra, b, rb, JW_ARGUMENT, i);
	}
	if (!c.stop && a->ret_demoted == b->ret_demoted)
		compare_range(&c, a, a->ret, b, b->ret, JW_RETURN, 0);
	if (j->verdict == JUDGE_DIFFERENT &&
	    (((c.flags & JUDGE_UNDEF_SGPRS_WHOLE) && lost_sgprs_only(a, b, c.rules)) ||
	     ((c.flags & JUDGE_UNDEF_IMPLICIT) && undefined_by_implicit(a, b, c.rules))))
		j->verdict = JUDGE_UNDEFINED;
	if (j->verdict == JUDGE_DIFFERENT && (c.flags & JUDGE_STACK_POOLED) && pooled_stack_agrees(&c, a, b)) {
		j->verdict = JUDGE_SAME;
		j->n = 0;
	}
	return j->verdict;
}

/* ---- words ------------------------------------------------------------------ */

/* "s6", "v0", "stack+8/4", "kernarg+0/8", "none". */
static void describe(const Loc *l, char *buf, size_t cap)
{
	if (is_mem(l))
		snprintf(buf, cap, "%s+%u/%u", l->kind == LOC_STACK ? "stack" : "kernarg", l->offset, l->size);
	else
		loc_print(l, buf, cap);
}

static void describe_user_sgpr(const JudgeDiff *d, const Loc *l, bool enabled_differs, char *buf, size_t cap)
{
	if (enabled_differs) {
		snprintf(buf, cap, "%s", l->kind == LOC_NONE ? "off" : "enabled");
		return;
	}
	RegRange r = { LOC_SGPR, l->reg, user_sgpr_sizes[d->arg] };
	regrange_print(&r, buf, cap);
}

static size_t why_parts(const JudgeDiff *d, const char *la, const char *lb, char *buf, size_t cap)
{
	char what[32], sa[48], sb[48];
	snprintf(what, sizeof what, d->what == JW_RETURN ? "%s" : "%s %u", judge_what_names[d->what].name, d->arg);
	switch ((JudgeClass)d->cls) {
	case JC_MOVED:
	case JC_SLOT_SIZE:
		describe(&d->a, sa, sizeof sa);
		describe(&d->b, sb, sizeof sb);
		return (size_t)snprintf(buf, cap, "%s part %u: %s %s, %s %s", what, d->part, la, sa, lb, sb);
	case JC_REPR: /* "argument 0 part 0 (v0): caller f32, callee low" */
		describe(&d->a, sa, sizeof sa);
		return (size_t)snprintf(buf, cap, "%s part %u (%s): %s %s, %s %s", what, d->part, sa, la,
					d->a.repr < REPR_COUNT ? repr_names[d->a.repr].name : "?", lb,
					d->b.repr < REPR_COUNT ? repr_names[d->b.repr].name : "?");
	case JC_UNREAD:
		return (size_t)snprintf(buf, cap, "%s: %s uses %u of %s's %u parts", what, lb, d->vb, la, d->va);
	default:
		return (size_t)snprintf(buf, cap, "%s: %s has %u parts, %s %u", what, la, d->va, lb, d->vb);
	}
}

size_t judge_why(const JudgeDiff *d, const char *la, const char *lb, char *buf, size_t cap)
{
	const char *name = judge_what_names[d->what].name;
	char sa[48], sb[48];
	switch ((JudgeWhat)d->what) {
	case JW_STATUS: /* 'A error "...", B placed' */
		return (size_t)snprintf(buf, cap, "%s %s%s%s, %s %s%s%s", la, d->ea ? "error \"" : "placed", d->ea ? d->ea : "",
					d->ea ? "\"" : "", lb, d->eb ? "error \"" : "placed", d->eb ? d->eb : "", d->eb ? "\"" : "");
	case JW_ARG_COUNT:
		return (size_t)snprintf(buf, cap, "%s has %u %s, %s %u", la, d->va, name, lb, d->vb);
	case JW_RET_DEMOTED:
		return (size_t)snprintf(buf, cap, "%s: %s %s, %s %s", name, la, d->va ? "demoted to sret" : "in registers", lb,
					d->vb ? "demoted to sret" : "in registers");
	case JW_PS_INPUTS:
		return (size_t)snprintf(buf, cap, "%s: %s %u/%u, %s %u/%u", name, la, d->va, d->va2, lb, d->vb, d->vb2);
	case JW_KERNARG_SIZE:
	case JW_USER_SGPR_COUNT:
		return (size_t)snprintf(buf, cap, "%s: %s %u, %s %u", name, la, d->va, lb, d->vb);
	case JW_PRELOAD:
		return (size_t)snprintf(buf, cap, "%s: %s %u SGPRs from kernarg+%u, %s %u from kernarg+%u", name, la, d->va,
					d->va2, lb, d->vb, d->vb2);
	case JW_USER_SGPR: {
		bool enabled_differs = (d->a.kind == LOC_NONE) != (d->b.kind == LOC_NONE);
		describe_user_sgpr(d, &d->a, enabled_differs, sa, sizeof sa);
		describe_user_sgpr(d, &d->b, enabled_differs, sb, sizeof sb);
		return (size_t)snprintf(buf, cap, "%s %s: %s %s, %s %s", name, user_sgpr_names[d->arg], la, sa, lb, sb);
	}
	case JW_SRET:
	case JW_IMPLICIT_BUFFER_PTR:
	case JW_SCRATCH_WAVE_OFFSET:
		describe(&d->a, sa, sizeof sa);
		describe(&d->b, sb, sizeof sb);
		return (size_t)snprintf(buf, cap, "%s: %s %s, %s %s", name, la, sa, lb, sb);
	case JW_ARGUMENT:
	case JW_RETURN:
		return why_parts(d, la, lb, buf, cap);
	case JW_COUNT:
		break;
	}
	return (size_t)snprintf(buf, cap, "?");
}
