/* check's mixed-selector link: code built by one instruction selector
 * calling code built by the other, with one llc (a driver that compiles a
 * library with GlobalISel and its user with SelectionDAG, or the other way
 * round). For every llc and CPU checked with both selectors (GlobalISel
 * without -new-reg-bank-select), each call site SelectionDAG emitted is
 * compared with the incoming placement GlobalISel read, and each GlobalISel
 * call site with SelectionDAG's callee, under the in-llc check's rules:
 * the registers and, where both MIRs state it, what each holds (place.h's
 * Repr: a half promoted to float against its 16 bits). The model predicts
 * the same from the two selectors' rules. Every disagreement is a finding
 * (cross-selector); one the model predicts is explained by the profile
 * switch without which the prediction goes away (dag_fp16_promoted: gfx6
 * and gfx7 halves, llvm/llvm-project#112524), one it does not predict is a
 * divergence. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "split.h"

enum { SELECTOR_LINK_EXAMPLES = 3 };

typedef struct {
	const Combo *caller, *callee;
	LinkCell cell;
	unsigned as_own; /* disagreements the caller has with its own selector's callee there too */
} SelectorPair;

struct SelectorLink {
	SelectorPair pairs[MAX_LLCS * MAX_CPUS * 2];
	unsigned npairs;
};

/* Whether the models of the two sides still disagree where d is. */
static bool models_differ_at(Check *c, const Sig *s, const ModelConfig *am, const ModelConfig *bm, const JudgeDiff *d)
{
	if (!cc_place(s, am, VIEW_CALLER, c->model_caller) || !cc_place(s, bm, VIEW_CALLEE, c->model))
		return true;
	return placements_differ_at(c->model_caller, c->model, d);
}

/* The profile switch that explains the two selectors' disagreement where
 * the observed difference d is (SW_COUNT: none): turned off, it moves one
 * side's model only there (one selector's rule: dag_fp16_promoted), and
 * the two models no longer disagree there, whatever else differs in the
 * signature. A switch that moves both sides (inreg in SGPRs at all)
 * explains nothing about their difference. */
static ProfileSwitch explaining_switch(Check *c, unsigned i, const ModelConfig *am, const ModelConfig *bm,
				       const JudgeDiff *d)
{
	const Sig *s = c->in.sigs[i];
	ProfileSwitch found = SW_COUNT;
	Placement *on[2] = { malloc(sizeof *on[0]), malloc(sizeof *on[1]) };
	if (!on[0] || !on[1] || !cc_place(s, am, VIEW_CALLER, on[0]) || !cc_place(s, bm, VIEW_CALLEE, on[1]))
		goto done;
	for (unsigned k = 0; k < SW_COUNT && found == SW_COUNT; k++) {
		if (!am->profile->on[k])
			continue;
		Profile pa, pb;
		ModelConfig a = model_without_switch(am, (ProfileSwitch)k, &pa);
		ModelConfig b = model_without_switch(bm, (ProfileSwitch)k, &pb);
		if (models_differ_at(c, s, &a, &b, d))
			continue;
		bool caller_moves = !parts_same_at(on[0], c->model_caller, d), callee_moves = !parts_same_at(on[1], c->model, d);
		if (caller_moves != callee_moves)
			found = (ProfileSwitch)k;
	}
done:
	free(on[0]);
	free(on[1]);
	return found;
}

/* Call sites of combo a against callees of combo b, every signature (every
 * edge of a call graph) both kept. */
static void link_selectors(Check *c, SelectorPair *p)
{
	const CheckInput *in = &c->in;
	const Combo *a = p->caller, *b = p->callee;
	char why[256], explained[320];
	unsigned examples = 0, n = in->graph ? in->nedges : in->nsigs;
	for (unsigned k = 0; k < n; k++) {
		unsigned i = in->graph ? in->edges[k].to : k;
		const Placement *call = a->kept_call[k], *callee = b->kept_callee[i];
		if (!call || !callee)
			continue;
		p->cell.checked++;
		const JudgeRules rules = { .flags = CALLER_VS_CALLEE };
		Judgement j;
		if (check_judge(call, callee, &rules, "caller", "callee", &j, why, sizeof why) != JUDGE_DIFFERENT)
			continue;
		/* Where the two selectors' callees are the same, the caller
		 * disagrees with its own selector's callee as well: that is
		 * the in-llc caller-vs-callee finding, not a selector's
		 * difference (llc 19's inreg arguments over the scratch
		 * descriptor, in both selectors). */
		const Placement *own = a->kept_callee[i];
		if (own && parts_same_at(own, callee, &j.head)) {
			p->as_own++;
			continue;
		}
		p->cell.differ++;
		ModelConfig am = a->m;
		am.through_pointer = in->graph && in->edges[k].indirect;
		LinkPrediction why_known = link_predicted(c, a, i, &am, &b->m, call, callee);
		bool known = why_known != LINK_UNPREDICTED;
		p->cell.predicted += known;
		ProfileSwitch sw = why_known == LINK_MODELS_DIFFER ? explaining_switch(c, i, &am, &b->m, &j.head) : SW_COUNT;
		if (sw < SW_COUNT)
			snprintf(explained, sizeof explained, "%s: %s", profile_switch_names[sw], profile_switch_comments[sw]);
		else
			snprintf(explained, sizeof explained, "%s",
				 why_known == LINK_CALLER_LOSES
					 ? "the caller leaves parts its model assigns unwritten (its unwritten-parts note), which "
					   "the other selector's callee reads"
					 : "the two selectors' rules differ here, as the model has them");
		if (!known && examples++ >= SELECTOR_LINK_EXAMPLES)
			continue;
		finding_write(c, &(Finding){ .kind = FK_CROSS_SELECTOR, .co = a, .callee_co = b, .sig = i, .why = why,
					    .explained_by = known ? explained : 0, .expected = callee, .seen = call,
					    .at = &j.head,
					    .side = departing_side(c, i, &am, &b->m, call, callee, &j.head) });
	}
}

static int cpu_index(const Check *c, const char *cpu)
{
	for (int u = 0; u < c->opt.ncpus; u++)
		if (strcmp(c->opt.cpus[u], cpu) == 0)
			return u;
	return -1;
}

void selector_link(Check *c)
{
	if (!c->opt.callers || !c->opt.sel_dag || !c->opt.sel_gisel || !(c->sel_link = calloc(1, sizeof *c->sel_link)))
		return;
	for (int x = 0; x < c->ncombos; x++)
		for (int y = 0; y < c->ncombos; y++) {
			const Combo *a = &c->combos[x], *b = &c->combos[y];
			if (a->llc != b->llc || a->sel == b->sel || a->new_rbs || b->new_rbs || !a->kept_call ||
			    !b->kept_callee || cpu_index(c, a->cpu) != cpu_index(c, b->cpu) ||
			    c->sel_link->npairs == sizeof c->sel_link->pairs / sizeof c->sel_link->pairs[0])
				continue;
			SelectorPair *p = &c->sel_link->pairs[c->sel_link->npairs++];
			*p = (SelectorPair){ .caller = a, .callee = b };
			link_selectors(c, p);
		}
}

void selector_link_print(const Check *c, FILE *f)
{
	const struct SelectorLink *sl = c->sel_link;
	if (!sl || !sl->npairs)
		return;
	fprintf(f, "\nmixed-selector link: call sites of one selector against callees of the other, one llc\n"
		   "(disagreeing/checked; +N: disagreements the model does not predict; as with its own callee:\n"
		   "the caller's caller-vs-callee disagreements, where the two selectors' callees agree)\n");
	for (unsigned k = 0; k < sl->npairs; k++) {
		const SelectorPair *p = &sl->pairs[k];
		char text[96];
		int n = snprintf(text, sizeof text, "%u/%u", p->cell.differ, p->cell.checked);
		if (p->cell.differ > p->cell.predicted)
			n += snprintf(text + n, sizeof text - (size_t)n, " +%u", p->cell.differ - p->cell.predicted);
		if (p->as_own)
			snprintf(text + n, sizeof text - (size_t)n, " (%u as with its own callee)", p->as_own);
		fprintf(f, "  %-22s %-8s %5s caller, %5s callee: %s\n", p->caller->llc->label, p->caller->cpu,
			selector_names[p->caller->sel], selector_names[p->callee->sel], text);
	}
}

/* summary.json's "selector_link": a cell per llc, CPU and direction; null
 * when both selectors were not checked. */
void selector_link_json(const Check *c, JsonWriter *w)
{
	const struct SelectorLink *sl = c->sel_link;
	if (!sl) {
		jw_null(w);
		return;
	}
	jw_array(w);
	for (unsigned k = 0; k < sl->npairs; k++) {
		const SelectorPair *p = &sl->pairs[k];
		jw_object(w);
		jw_kstring(w, "llc", p->caller->llc->label);
		jw_kstring(w, "cpu", p->caller->cpu);
		jw_kstring(w, "caller_selector", selector_names[p->caller->sel]);
		jw_kstring(w, "callee_selector", selector_names[p->callee->sel]);
		jw_kstring(w, "caller_combo", p->caller->tag);
		jw_kstring(w, "callee_combo", p->callee->tag);
		jw_kuint(w, "checked", p->cell.checked);
		jw_kuint(w, "disagree", p->cell.differ);
		jw_kuint(w, "predicted", p->cell.predicted);
		jw_kuint(w, "as_own_callee", p->as_own);
		jw_end(w);
	}
	jw_end(w);
}

/* A disagreement the model does not predict is a divergence; predicted
 * ones are known differences. */
unsigned selector_link_exit_bits(const Check *c)
{
	unsigned st = 0;
	for (unsigned k = 0; c->sel_link && k < c->sel_link->npairs; k++) {
		const LinkCell *t = &c->sel_link->pairs[k].cell;
		st |= t->differ > t->predicted ? EXIT_DIVERGED : t->differ ? EXIT_KNOWN : 0;
	}
	return st;
}
