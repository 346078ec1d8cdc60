/* check --as-written: a module nobody here wrote has no gcnabi markers, so
 * llc's MIR cannot say which argument a register holds; the observer gives
 * every incoming (or outgoing) part in one group. Such a placement is
 * judged against the model's parts as one group too: every part llc reads
 * (writes) must be one the model gives some argument, parts it leaves
 * unread are allowed, the return is compared as always. The ABI's implicit
 * inputs (the layout's fixed roles and implicit-input SGPRs, the packed
 * workitem IDs in v31) are not arguments and are left out of llc's group
 * unless the model puts an argument there. A return llc's code does not
 * show (a tail call's) is taken as the model's: not judged. */
#include <stddef.h>
#include <string.h>

#include "check.h"

enum { WORKITEM_IDS_VGPR = 31 };

/* Whether an argument part of p is register reg of file kind. */
static bool args_have(const Placement *g, unsigned kind, unsigned reg)
{
	for (unsigned k = 0; k < g->nargs; k++)
		for (unsigned x = g->args[k].first; x < (unsigned)g->args[k].first + g->args[k].count; x++)
			if (g->locs[x].kind == kind && g->locs[x].reg == reg)
				return true;
	return false;
}

/* Whether p is an implicit input rather than an argument: not a register
 * the model gives an argument, and v31, or an SGPR of a layout role. Of
 * llc's own group (whole, not a register passed on: whole_of), an SGPR
 * only when the group has its role's every register: an implicit input is
 * written whole, an argument llc puts in s0 over the scratch descriptor
 * (caller_inreg_over_srd) alone. */
static bool implicit_input(const Layout *l, const Placement *model, const Loc *p, const Placement *whole_of)
{
	if ((p->kind != LOC_SGPR && p->kind != LOC_VGPR) || args_have(model, p->kind, p->reg))
		return false;
	if (p->kind == LOC_VGPR)
		return p->reg == WORKITEM_IDS_VGPR;
	for (unsigned r = 0; r < ROLE_COUNT; r++) {
		const RegRange *g = &l->role[r];
		if (!g->count || g->kind != LOC_SGPR || p->reg < g->first || p->reg >= (unsigned)g->first + g->count)
			continue;
		bool whole = true; /* every register of the role, or not of llc's own group */
		for (unsigned x = g->first; whole_of && whole && x < (unsigned)g->first + g->count; x++)
			whole = args_have(whole_of, LOC_SGPR, x);
		if (whole)
			return true;
	}
	return false;
}

/* One group of every argument part of p, in order, then its return. */
static void one_group(Placement *p, Placement *tmp)
{
	*tmp = *p;
	p->nlocs = 0;
	for (unsigned k = 0; k < tmp->nargs; k++)
		for (unsigned x = tmp->args[k].first; x < (unsigned)tmp->args[k].first + tmp->args[k].count; x++)
			p->locs[p->nlocs++] = tmp->locs[x];
	p->args[0] = (PartRange){ 0, (uint16_t)p->nlocs };
	p->ret = (PartRange){ (uint16_t)p->nlocs, tmp->ret.count };
	for (unsigned x = 0; x < tmp->ret.count; x++)
		p->locs[p->nlocs++] = tmp->locs[tmp->ret.first + x];
	p->nargs = tmp->nargs ? 1 : 0;
	memset(p->unused, 0, sizeof p->unused);
}

static void add_part(const Check *c, const Placement *model, Placement *out, unsigned from, Loc l,
		     const Placement *whole_of)
{
	for (unsigned x = from; x < out->nlocs; x++)
		if (l.kind != LOC_STACK && out->locs[x].kind == l.kind && out->locs[x].reg == l.reg)
			return; /* a register named twice (an argument's and a range's) */
	if (!implicit_input(&c->layout, model, &l, whole_of) && out->nlocs < PLACE_MAX_PARTS)
		out->locs[out->nlocs++] = l;
}

void as_written_strip(const Check *c, const Placement *model, const Placement *seen, const RegRange *more,
		      unsigned nmore, Placement *out)
{
	/* seen may be a kept placement, its locs cut to nlocs (keep) */
	memcpy(out, seen, offsetof(Placement, locs));
	out->nlocs = 0;
	for (unsigned k = 0; k < seen->nargs; k++) {
		out->args[k].first = (uint16_t)out->nlocs;
		for (unsigned x = seen->args[k].first; x < (unsigned)seen->args[k].first + seen->args[k].count; x++)
			add_part(c, model, out, out->args[k].first, seen->locs[x], seen);
		/* registers passed on unchanged: read all the same */
		for (unsigned r = 0; k == 0 && r < nmore; r++)
			for (unsigned g = 0; g < more[r].count; g++)
				add_part(c, model, out, out->args[k].first, (Loc){ .kind = more[r].kind, .reg = (uint16_t)(more[r].first + g),
							       .repr = REPR_UNSTATED }, 0);
		out->args[k].count = (uint16_t)(out->nlocs - out->args[k].first);
	}
	/* A function that returns through a tail call, or a tail call site,
	 * shows no return: taken as the model's, not judged. */
	const Placement *r = seen->ret.count || seen->ret_demoted ? seen : model;
	out->ret = (PartRange){ (uint16_t)out->nlocs, r->ret.count };
	for (unsigned x = 0; x < r->ret.count && out->nlocs < PLACE_MAX_PARTS; x++)
		out->locs[out->nlocs++] = r->locs[r->ret.first + x];
	/* a body that reads no argument: nothing of them to see */
	if (model->nargs && (!out->nargs || !out->args[0].count)) {
		out->unused[0] |= 1;
		out->nargs = model->nargs;
		out->args[0] = (PartRange){ out->ret.first, 0 };
	}
	if (!model->nargs && out->nargs && !out->args[0].count)
		out->nargs = 0;
}

bool as_written_view(const Check *c, Placement *model, const Placement *seen, const RegRange *more, unsigned nmore,
		     Placement *out)
{
	if (!c->in.as_written || seen->nargs > 1 || !model->ok)
		return false;
	one_group(model, &c->seen_view[2]); /* the third scratch: the callers' out is [0] or [1] */
	as_written_strip(c, model, seen, more, nmore, out);
	return true;
}
