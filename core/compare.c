/* Placement comparison; see compare.h for the rules each flag relaxes. */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	unsigned flags;
	const char *la, *lb;
	char *why;
	size_t cap;
} Cmp;

static int loc_order(const Loc *a, const Loc *b)
{
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	bool mem = a->kind == LOC_STACK || a->kind == LOC_KERNARG;
	uint32_t x = mem ? a->offset : a->reg, y = mem ? b->offset : b->reg;
	return x < y ? -1 : x > y;
}

static int loc_order_qsort(const void *a, const void *b) { return loc_order(a, b); }

static bool loc_same(const Cmp *c, const Loc *a, const Loc *b)
{
	if (loc_order(a, b) != 0)
		return false;
	if (a->kind == LOC_KERNARG)
		return a->size == b->size;
	if (a->kind != LOC_STACK || !a->size || !b->size || a->size == b->size)
		return true;
	/* A caller that writes the whole 4-byte slot of a narrower object. */
	return (c->flags & CMP_CALLER_COVERS) && (a->size == 4 || b->size == 4) && a->size + b->size < 8;
}

static void describe(const Loc *l, char *buf, size_t cap)
{
	if (l->kind == LOC_STACK || l->kind == LOC_KERNARG)
		snprintf(buf, cap, "%s+%u/%u", l->kind == LOC_STACK ? "stack" : "kernarg", l->offset, l->size);
	else
		loc_print(l, buf, cap);
}

/* Copies of the two ranges, sorted when parts compare as sets. */
static void take(const Cmp *c, const Placement *p, PartRange r, Loc *out)
{
	memcpy(out, &p->locs[r.first], r.count * sizeof *out);
	if (c->flags & CMP_UNORDERED)
		qsort(out, r.count, sizeof *out, loc_order_qsort);
}

static CompareResult compare_range(const Cmp *c, const Placement *a, PartRange ra, const Placement *b, PartRange rb,
				   const char *what)
{
	Loc x[PLACE_MAX_PARTS], y[PLACE_MAX_PARTS];
	char sa[32], sb[32];
	take(c, a, ra, x);
	take(c, b, rb, y);
	if (ra.count == rb.count) {
		for (unsigned k = 0; k < ra.count; k++)
			if (!loc_same(c, &x[k], &y[k])) {
				describe(&x[k], sa, sizeof sa);
				describe(&y[k], sb, sizeof sb);
				snprintf(c->why, c->cap, "%s part %u: %s %s, %s %s", what, k, c->la, sa, c->lb, sb);
				return CMP_DIFFERENT;
			}
		return CMP_SAME;
	}
	if ((c->flags & CMP_ALLOW_UNREAD) && rb.count < ra.count) {
		/* Every part b has must be one of a's (both sorted when unordered). */
		unsigned i = 0;
		for (unsigned k = 0; k < rb.count; k++) {
			while (i < ra.count && !loc_same(c, &x[i], &y[k]))
				i++;
			if (i == ra.count)
				break;
			if (k + 1 == rb.count)
				return CMP_UNREAD;
			i++;
		}
	}
	snprintf(c->why, c->cap, "%s: %s has %u parts, %s %u", what, c->la, ra.count, c->lb, rb.count);
	return CMP_DIFFERENT;
}

CompareResult place_compare(const Placement *a, const Placement *b, unsigned flags, const char *label_a,
			    const char *label_b, char *why, size_t cap)
{
	Cmp c = { flags, label_a, label_b, why, cap };
	char what[48], sa[32], sb[32];
	CompareResult worst = CMP_SAME;
	why[0] = 0;
	if (a->nargs != b->nargs) {
		snprintf(why, cap, "%s has %u arguments, %s %u", label_a, a->nargs, label_b, b->nargs);
		return CMP_DIFFERENT;
	}
	if (a->ret_demoted != b->ret_demoted) {
		snprintf(why, cap, "return: %s %s, %s %s", label_a, a->ret_demoted ? "demoted to sret" : "in registers",
			 label_b, b->ret_demoted ? "demoted to sret" : "in registers");
		return CMP_DIFFERENT;
	}
	if (a->ret_demoted && loc_order(&a->sret, &b->sret) != 0) {
		describe(&a->sret, sa, sizeof sa);
		describe(&b->sret, sb, sizeof sb);
		snprintf(why, cap, "hidden sret pointer: %s %s, %s %s", label_a, sa, label_b, sb);
		return CMP_DIFFERENT;
	}
	if (a->ps_inputs && b->ps_inputs &&
	    (a->ps_input_addr != b->ps_input_addr || a->ps_input_enable != b->ps_input_enable)) {
		snprintf(why, cap, "psInputAddr/psInputEnable: %s %u/%u, %s %u/%u", label_a, a->ps_input_addr,
			 a->ps_input_enable, label_b, b->ps_input_addr, b->ps_input_enable);
		return CMP_DIFFERENT;
	}
	if (a->sys_sgprs && b->sys_sgprs) {
		const char *sys = a->implicit_buffer_ptr != b->implicit_buffer_ptr ? "implicit buffer pointer"
				   : a->scratch_wave_offset != b->scratch_wave_offset ? "scratch wave offset" : NULL;
		int ra = sys && sys[0] == 'i' ? a->implicit_buffer_ptr : a->scratch_wave_offset;
		int rb = sys && sys[0] == 'i' ? b->implicit_buffer_ptr : b->scratch_wave_offset;
		if (sys) {
			snprintf(sa, sizeof sa, ra < 0 ? "none" : "s%d", ra);
			snprintf(sb, sizeof sb, rb < 0 ? "none" : "s%d", rb);
			snprintf(why, cap, "%s: %s %s, %s %s", sys, label_a, sa, label_b, sb);
			return CMP_DIFFERENT;
		}
	}
	if (a->kernarg && b->kernarg && a->kernarg_size != b->kernarg_size) {
		snprintf(why, cap, "explicit kernarg size: %s %u, %s %u", label_a, a->kernarg_size, label_b, b->kernarg_size);
		return CMP_DIFFERENT;
	}
	if (a->user.known && b->user.known) {
		const UserSgprs *x = &a->user, *y = &b->user;
		for (unsigned i = 0; i < USGPR_COUNT; i++)
			if ((x->enabled ^ y->enabled) & (1u << i)) {
				snprintf(why, cap, "user SGPR %s: %s %s, %s %s", user_sgpr_names[i], label_a,
					 x->enabled & (1u << i) ? "enabled" : "off", label_b, y->enabled & (1u << i) ? "enabled" : "off");
				return CMP_DIFFERENT;
			}
		if (x->preload_length != y->preload_length || x->preload_offset != y->preload_offset) {
			snprintf(why, cap, "preloaded kernel arguments: %s %u SGPRs from kernarg+%u, %s %u from kernarg+%u", label_a,
				 x->preload_length, x->preload_offset, label_b, y->preload_length, y->preload_offset);
			return CMP_DIFFERENT;
		}
		if (x->count != y->count) {
			snprintf(why, cap, "user SGPR count: %s %u, %s %u", label_a, x->count, label_b, y->count);
			return CMP_DIFFERENT;
		}
	}
	for (unsigned i = 0; i <= a->nargs; i++) {
		bool ret = i == a->nargs;
		/* An unused argument's registers cannot be seen: no parts on one
		 * side agree with any on the other. */
		if (!ret && i < SIG_MAX_PARAMS && ((a->unused[i / 64] | b->unused[i / 64]) >> (i % 64) & 1) &&
		    (a->args[i].count == 0 || b->args[i].count == 0))
			continue;
		snprintf(what, sizeof what, ret ? "return" : "argument %u", i);
		CompareResult r = compare_range(&c, a, ret ? a->ret : a->args[i], b, ret ? b->ret : b->args[i], what);
		if (r == CMP_DIFFERENT)
			return r;
		if (r == CMP_UNREAD && worst == CMP_SAME) {
			worst = r;
			snprintf(why, cap, "%s: %s uses %u of %s's %u parts", what, label_b,
				 (ret ? b->ret : b->args[i]).count, label_a, (ret ? a->ret : a->args[i]).count);
		}
	}
	return worst;
}
