/* check's judge: the model against what llc did, callee by callee and call
 * site by call site, with the leniency rules for what llc is known to do
 * (parts left unread, IMPLICIT_DEF values) and, for a disagreement between
 * llc's own caller and callee, the profile switch that explains it. */
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Places s in both views with the profile's switches in `off` turned off;
 * tmp[0] callee, tmp[1] caller. */
static void place_without(const Sig *s, const ModelConfig *m, const int *off, int noff, Placement *tmp[2])
{
	Profile p = *m->profile;
	for (int k = 0; k < noff; k++)
		p.on[off[k]] = false;
	ModelConfig mm = *m;
	mm.profile = &p;
	cc_place(s, &mm, VIEW_CALLEE, tmp[0]);
	cc_place(s, &mm, VIEW_CALLER, tmp[1]);
}

static bool same(const Placement *a, const Placement *b, unsigned flags)
{
	Judgement j = { 0 };
	return a->ok && b->ok && judge(a, b, &(JudgeRules){ .flags = flags }, &j) == JUDGE_SAME;
}

/* The judge's verdict, and its first difference in words (why). */
JudgeVerdict check_judge(const Placement *a, const Placement *b, const JudgeRules *rules, const char *la, const char *lb,
			 Judgement *j, char *why, size_t cap)
{
	*j = (Judgement){ 0 };
	JudgeVerdict v = judge(a, b, rules, j);
	why[0] = 0;
	if (v != JUDGE_SAME)
		judge_why(&j->head, la, lb, why, cap);
	return v;
}

/* Turned off on top of the switches off[0..n), switch sw moves exactly
 * one side of the call: it describes that side alone. off has room for
 * one more; tmp[2], tmp[3] get the callee and caller without sw. */
static bool one_sided(const Sig *s, const ModelConfig *m, int *off, unsigned n, int sw, Placement *tmp[4])
{
	place_without(s, m, off, n, tmp + 2);
	off[n] = sw;
	place_without(s, m, off, n + 1, tmp);
	return same(tmp[0], tmp[2], 0) != same(tmp[1], tmp[3], 0);
}

/* The profile switches behind a caller/callee disagreement: one-sided
 * switches that, turned off (alone, else in pairs), make the model's caller
 * and callee agree. A switch that moves both sides (inreg in SGPRs at all)
 * explains nothing about their disagreement. One switch can hide another:
 * llc 19's caller puts inreg arguments over the scratch descriptor, four
 * SGPRs before its callee, and the arguments that then move out of VGPRs
 * leave a byval fat pointer's copy where both alignments agree; with that
 * switch off the copies differ. So a switch is a candidate when it is one-
 * sided with the candidates found before it off. */
bool placements_differ_at(const Placement *caller, const Placement *callee, const JudgeDiff *d)
{
	if (!caller->ok || !callee->ok)
		return true;
	Judgement j = { .list = malloc(JUDGE_MAX_DIFFS * sizeof *j.list), .cap = JUDGE_MAX_DIFFS };
	if (!j.list)
		return true;
	judge(caller, callee, &(JudgeRules){ .flags = CALLER_VS_CALLEE | JUDGE_ALL }, &j);
	bool found = false;
	for (unsigned k = 0; k < j.n && k < j.cap && !found; k++)
		found = j.list[k].what == d->what && j.list[k].arg == d->arg && j.list[k].cls == d->cls &&
			(d->cls != JC_REPR || j.list[k].part == d->part);
	free(j.list);
	return found;
}

bool parts_same_at(const Placement *a, const Placement *b, const JudgeDiff *d)
{
	bool ret = d->what == JW_RETURN;
	if (!ret && (d->arg >= a->nargs || d->arg >= b->nargs))
		return false;
	PartRange x = ret ? a->ret : a->args[d->arg], y = ret ? b->ret : b->args[d->arg];
	if (x.count != y.count)
		return false;
	for (unsigned k = 0; k < x.count; k++) {
		const Loc *l = &a->locs[x.first + k], *r = &b->locs[y.first + k];
		if (l->kind != r->kind || l->reg != r->reg || l->offset != r->offset || l->repr != r->repr)
			return false;
	}
	return true;
}

/* The last resort of explain_mismatch: a switch on in m that, turned off
 * alone, moves one side only of what d concerns and removes the models'
 * disagreement there, whatever else the two views differ in (a bfloat
 * vector both returned and passed moves both views under
 * gisel_bfloat_vector_written_low, so it is never one-sided as a whole).
 * Only where the model predicts a disagreement there. tmp: four. */
static void explain_at(const Sig *s, const ModelConfig *m, const JudgeDiff *d, Placement *tmp[4], char *out, size_t cap)
{
	cc_place(s, m, VIEW_CALLEE, tmp[2]);
	cc_place(s, m, VIEW_CALLER, tmp[3]);
	if (!tmp[2]->ok || !tmp[3]->ok || !placements_differ_at(tmp[3], tmp[2], d))
		return;
	/* Which switches move one side only there. */
	int one[SW_COUNT], n = 0;
	for (int a = 0; a < SW_COUNT && !out[0]; a++)
		if (m->profile->on[a]) {
			place_without(s, m, &a, 1, tmp);
			if (!tmp[0]->ok || !tmp[1]->ok || parts_same_at(tmp[0], tmp[2], d) == parts_same_at(tmp[1], tmp[3], d))
				continue;
			if (!placements_differ_at(tmp[1], tmp[0], d))
				snprintf(out, cap, "%s", profile_switch_names[a]);
			else
				one[n++] = a;
		}
	/* Else two of them together, one for each side (llc 19: the caller
	 * over the scratch descriptor, the callee in the queue pointer's
	 * hole). */
	for (int i = 0; i < n && !out[0]; i++)
		for (int j = i + 1; j < n && !out[0]; j++) {
			int two[2] = { one[i], one[j] };
			place_without(s, m, two, 2, tmp);
			if (tmp[0]->ok && tmp[1]->ok && !placements_differ_at(tmp[1], tmp[0], d))
				snprintf(out, cap, "%s + %s", profile_switch_names[two[0]], profile_switch_names[two[1]]);
		}
}

static void explain_mismatch(const Sig *s, const ModelConfig *m, const JudgeDiff *d, char *out, size_t cap)
{
	static const char UNSEEN_NO_INPUTS[] = "the callee's amdgpu-no-* attributes, unseen through a pointer";
	Placement *tmp[4];
	int cand[SW_COUNT], ncand = 0;
	out[0] = 0;
	for (int k = 0; k < 4; k++)
		tmp[k] = malloc(sizeof *tmp[k]);
	if (!tmp[0] || !tmp[1] || !tmp[2] || !tmp[3])
		goto done;
	cc_place(s, m, VIEW_CALLEE, tmp[2]);
	cc_place(s, m, VIEW_CALLER, tmp[3]);
	/* Only a disagreement the model predicts has an explanation. */
	if (same(tmp[3], tmp[2], JUDGE_CALLER_COVERS))
		goto done;
	bool taken[SW_COUNT] = { false };
	for (bool grew = true; grew;) {
		grew = false;
		for (int a = 0; a < SW_COUNT; a++) {
			int off[SW_COUNT + 1];
			memcpy(off, cand, (size_t)ncand * sizeof *cand);
			if (m->profile->on[a] && !taken[a] && one_sided(s, m, off, (unsigned)ncand, a, tmp)) {
				cand[ncand++] = a;
				taken[a] = grew = true;
			}
		}
	}
	for (int i = 0; i < ncand; i++) {
		place_without(s, m, &cand[i], 1, tmp);
		if (same(tmp[1], tmp[0], JUDGE_CALLER_COVERS)) {
			size_t n = strlen(out);
			snprintf(out + n, cap - n, "%s%s", n ? " or " : "", profile_switch_names[cand[i]]);
		}
	}
	for (int i = 0; i < ncand && !out[0]; i++)
		for (int j = i + 1; j < ncand; j++) {
			int two[2] = { cand[i], cand[j] };
			place_without(s, m, two, 2, tmp);
			if (same(tmp[1], tmp[0], JUDGE_CALLER_COVERS)) {
				size_t n = strlen(out);
				snprintf(out + n, cap - n, "%s%s + %s", n ? " or " : "", profile_switch_names[two[0]],
					 profile_switch_names[two[1]]);
			}
		}
	/* Else all of them together (llc 19, default CC: an inreg argument
	 * the caller puts over the scratch descriptor, the callee into the
	 * queue-pointer hole, and a byval fat pointer the caller aligns
	 * otherwise). */
	if (!out[0] && ncand > 2) {
		place_without(s, m, cand, (unsigned)ncand, tmp);
		for (int i = 0; i < ncand && same(tmp[1], tmp[0], JUDGE_CALLER_COVERS); i++) {
			size_t n = strlen(out);
			snprintf(out + n, cap - n, "%s%s", n ? " + " : "", profile_switch_names[cand[i]]);
		}
	}
	/* A call through a pointer: the caller passes the implicit inputs the
	 * callee's "amdgpu-no-*" attributes free, and llc 19 and 22 give
	 * the freed SGPRs to the callee's inreg arguments (s4 on), which the
	 * caller writes from s16: the callee's promises, unseen, move its
	 * arguments. The disagreement is explained where the caller seeing
	 * them (with the switches above, if any) would make both agree. */
	if (!out[0] && m->through_pointer) {
		ModelConfig seen = *m;
		seen.through_pointer = false;
		cc_place(s, &seen, VIEW_CALLEE, tmp[2]);
		cc_place(s, &seen, VIEW_CALLER, tmp[3]);
		if (same(tmp[3], tmp[2], JUDGE_CALLER_COVERS))
			snprintf(out, cap, "%s", UNSEEN_NO_INPUTS);
		else {
			explain_mismatch(s, &seen, d, out, cap);
			if (out[0]) {
				size_t n = strlen(out);
				snprintf(out + n, cap - n, " + %s", UNSEEN_NO_INPUTS);
			}
		}
	}
	if (!out[0] && d)
		explain_at(s, m, d, tmp, out, cap);
done:
	for (int k = 0; k < 4; k++)
		free(tmp[k]);
}

/* Whether llc's placement of one view has the model's parts for what the
 * caller/callee difference d concerns (the same argument, or the return),
 * compared strictly: a side that leaves parts unread or unwritten there is
 * the one departing. */
static bool as_modelled(const Sig *s, const ModelConfig *m, View view, Placement *model, const Placement *seen,
			const JudgeDiff *d)
{
	Judgement j = { .list = malloc(JUDGE_MAX_DIFFS * sizeof *j.list), .cap = JUDGE_MAX_DIFFS };
	bool ok = j.list && cc_place(s, m, view, model);
	if (ok && judge(model, seen, &(JudgeRules){ .flags = JUDGE_ALL | JUDGE_UNORDERED }, &j) != JUDGE_SAME)
		for (unsigned k = 0; k < j.n && k < j.cap && ok; k++)
			ok = !(j.list[k].what == d->what && (d->what != JW_ARGUMENT || j.list[k].arg == d->arg));
	free(j.list);
	return ok;
}

FindingSide departing_side(Check *c, unsigned i, const ModelConfig *caller_m, const ModelConfig *callee_m,
			   const Placement *call, const Placement *callee_seen, const JudgeDiff *d)
{
	const Sig *s = c->in.sigs[i];
	bool call_ok = as_modelled(s, caller_m, VIEW_CALLER, c->model_caller, call, d);
	bool callee_ok = as_modelled(s, callee_m, VIEW_CALLEE, c->model, callee_seen, d);
	if (call_ok != callee_ok)
		return call_ok ? SIDE_CALLEE : SIDE_CALL_SITE;
	/* Both leave parts the ABI assigns out (llc reads and writes only
	 * the parts a body uses): the parts one reads and the other does not
	 * write are the fault of the side with fewer (the judge had the
	 * caller first). */
	if (!call_ok && d->cls == JC_PART_COUNT && d->va != d->vb)
		return d->va < d->vb ? SIDE_CALL_SITE : SIDE_CALLEE;
	return SIDE_BOTH;
}

const Placement *compare_callee(Check *c, Combo *co, unsigned i, const MirFunction *f)
{
	Placement *model = c->model;
	char why[256];
	/* a kernel is observed as amdhsa compiles it (its HSA metadata) */
	ModelConfig m = co->m;
	if (conv_in_family((CallConv)c->in.sigs[i]->cc, FAMILY_KERNEL))
		m.os = OS_AMDHSA;
	cc_place(c->in.sigs[i], &m, VIEW_CALLEE, model);
	if (f->failed && f->reader_limit) {
		/* gcnabi's limit, not llc's: not compared */
		co->st.infra++;
		co->st.not_run++;
		report(c, co, i, FK_READER_LIMIT, f->error, 0, 0, 0);
		return &f->in;
	}
	co->st.functions++;
	if (f->failed) {
		co->st.diverged++;
		snprintf(why, sizeof why, "MIR not readable: %s", f->error);
		report(c, co, i, FK_UNOBSERVED, why, model, 0, 0);
		return &f->in;
	}
	co->st.observed++;
	if (!model->ok && c->in.as_written && model->refusal == REFUSAL_OTHER) {
		/* a limit of the model on code nobody here wrote: not judged */
		co->st.functions--;
		co->st.observed--;
		co->st.not_emitted++;
		report(c, co, i, FK_NOT_MODELLED, model->error, 0, 0, 0);
		return &f->in;
	}
	if (!model->ok) {
		co->st.model_refused++;
		report(c, co, i, FK_MODEL_REFUSED, model->error, model, &f->in, 0);
		return &f->in;
	}
	/* llc 16's SelectionDAG loses some shader SGPR values (IMPLICIT_DEF):
	 * parts missing from llc's placement, not moved. */
	const Sig *sig = c->in.sigs[i];
	bool lost = co->m.profile->on[SW_shader_dag_undef_sgprs] && co->m.selector == SEL_DAG &&
		    !conv_callable((CallConv)sig->cc);
	JudgeRules rules = { .flags = MODEL_VS_LLC | (lost ? JUDGE_UNDEF_SGPRS_WHOLE : 0) };
	Judgement j;
	const Placement *seen = as_written_view(c, model, &f->in, f->unattributed, f->nunattributed,
								c->seen_view) ? c->seen_view : &f->in;
	switch (check_judge(model, seen, &rules, "model", "llc", &j, why, sizeof why)) {
	case JUDGE_SAME:
		co->st.agree++;
		return seen;
	case JUDGE_UNREAD:
		co->st.agree++;
		co->st.unread++;
		report_at(c, co, i, FK_UNREAD_PARTS, why, model, seen, "llc does not read parts the ABI assigns", &j.head);
		return seen;
	case JUDGE_UNDEFINED:
		co->st.agree++;
		co->st.unread++;
		report_at(c, co, i, FK_UNDEFINED_PARTS, why, model, seen,
			  "shader_dag_undef_sgprs: llc puts IMPLICIT_DEF in SGPR values the ABI assigns: the values are lost",
			  &j.head);
		return seen;
	case JUDGE_DIFFERENT:
		co->st.diverged++;
		report_at(c, co, i, FK_MODEL_VS_LLC, why, model, seen, 0, &j.head);
	}
	return seen;
}

const Placement *compare_caller(Check *c, Combo *co, unsigned i, const MirCall *call, const Placement *callee_seen,
		    bool through_pointer, bool tail)
{
	Placement *model = c->model_caller;
	char why[256];
	ModelConfig m = co->m;
	m.through_pointer = through_pointer;
	cc_place(c->in.sigs[i], &m, VIEW_CALLER, model);
	/* (as written, a tail call llc made of a call the model refuses:
	 * llc 14-16 GlobalISel lower a tail call of inreg arguments, which
	 * the model knows only as an ordinary call's refusal) */
	if (!model->ok && c->in.as_written && (model->refusal == REFUSAL_OTHER || (tail && co->sel == SEL_GISEL))) {
		co->st.not_emitted++; /* a limit of the model: not judged */
		report(c, co, i, FK_NOT_MODELLED, model->error, 0, 0, 0);
		return &call->out;
	}
	co->st.calls++;
	co->st.calls_observed++;
	if (!model->ok) {
		co->st.calls_diverged++;
		report(c, co, i, FK_MODEL_REFUSED_CALL, model->error, model, &call->out, 0);
		return &call->out;
	}
	/* llc 16's SelectionDAG writes IMPLICIT_DEF into some argument
	 * registers: they show among the call's implicit registers. */
	JudgeRules rules = { .flags = MODEL_VS_LLC_CALLER | JUDGE_UNDEF_IMPLICIT, .implicit = call->implicit,
			     .nimplicit = call->nimplicit };
	Judgement j;
	/* as written: one group each side, implicit inputs out */
	bool one = as_written_view(c, model, &call->out, call->implicit, call->nimplicit, &c->seen_view[0]);
	const Placement *out = one ? &c->seen_view[0] : &call->out;
	if (one && callee_seen) {
		as_written_strip(c, model, callee_seen, 0, 0, &c->seen_view[1]);
		callee_seen = &c->seen_view[1];
	}
	switch (check_judge(model, out, &rules, "model", "llc", &j, why, sizeof why)) {
	case JUDGE_SAME:
		co->st.calls_agree++;
		break;
	case JUDGE_UNREAD:
		co->st.calls_agree++;
		co->st.unread++;
		report_at(c, co, i, FK_UNWRITTEN_PARTS, why, model, out, "the caller does not write parts the ABI assigns",
			  &j.head);
		final_note_unwritten(co, i);
		break;
	case JUDGE_UNDEFINED:
		co->st.calls_agree++;
		co->st.unread++;
		report_at(c, co, i, FK_UNDEFINED_PARTS, why, model, out,
			  "the caller writes IMPLICIT_DEF into registers the ABI assigns: the value is lost", &j.head);
		final_note_unwritten(co, i);
		break;
	case JUDGE_DIFFERENT:
		co->st.calls_diverged++;
		report_at(c, co, i, FK_MODEL_VS_LLC_CALLER, why, model, out, 0, &j.head);
	}
	if (!callee_seen)
		return out;
	/* Inside one llc: does the caller write every part where the callee
	 * reads it? (The callee may read fewer parts than the caller writes.) */
	rules = (JudgeRules){ .flags = CALLER_VS_CALLEE };
	if (check_judge(out, callee_seen, &rules, "caller", "callee", &j, why, sizeof why) == JUDGE_DIFFERENT) {
		char reason[256];
		co->st.mismatches++;
		explain_mismatch(c->in.sigs[i], &m, &j.head, reason, sizeof reason);
		if (reason[0])
			co->st.mismatches_explained++;
		char text[400];
		snprintf(text, sizeof text, "caller and callee disagree: %s", why);
		mismatch_example(c, co, i, why, reason);
		report_finding(c, &(Finding){ .kind = FK_CALLER_VS_CALLEE, .co = co, .sig = i, .why = text,
					      .explained_by = reason[0] ? reason : 0, .expected = callee_seen,
					      .seen = out, .at = &j.head,
					      .side = departing_side(c, i, &m, &co->m, out, callee_seen, &j.head) });
	}
	return out;
}

/* A chain call: llc's pseudo requests the VGPR count the edge asks for
 * where llc reallocates (SI_CS_CHAIN_TC_W32_DVGPR), none elsewhere (a
 * plain SI_CS_CHAIN_TC_*); a difference is a divergence. A dynamic-VGPR
 * call runs the callee with edge->dvgpr VGPRs: the argument VGPRs the
 * callee reads above that are lost. Checked against the model's placement
 * and the callee as llc compiled it; a loss is a fault of the program (llc
 * gives no diagnostic), reported, not a compiler divergence. */
void check_chain_call(Check *c, Combo *co, const CallEdge *edge, const MirCall *call)
{
	const Sig *callee = c->in.sigs[edge->to];
	Placement *model = c->model_caller;
	unsigned lost = 0, lost_llc = 0;
	int first = -1, first_llc = -1;
	bool refused = false;
	char why[512];
	ChainDvgpr support = cc_chain_dvgpr_support(&co->m);
	unsigned want = edge->dvgpr && (support == DVGPR_REALLOCATES || support == DVGPR_CRASHES) ? edge->dvgpr : 0;
	if (call && call->dvgpr != want) {
		co->st.calls_diverged++;
		snprintf(why, sizeof why, "the chain call requests %u VGPRs (%s), the model expects %u", call->dvgpr,
			 call->dvgpr ? "SI_CS_CHAIN_TC_*_DVGPR" : "a plain SI_CS_CHAIN_TC_*", want);
		DvgprCounts n = { edge->dvgpr, (int)call->dvgpr, (int)want, -1, -1, -1 };
		report_finding(c, &(Finding){ .kind = FK_CHAIN_DVGPR_COUNT, .co = co, .sig = edge->to, .why = why,
					     .dvgpr = &n });
	}
	if (!edge->dvgpr)
		return;
	co->st.dvgpr_calls++;
	if (!cc_place(callee, &co->m, VIEW_CALLER, model))
		return;
	const char *verdict = cc_chain_dvgpr_check(callee, &co->m, model, edge->dvgpr, &lost, &first, &refused);
	if (refused || support == DVGPR_IGNORED) {
		snprintf(why, sizeof why, "dvgpr %u: %s%s", edge->dvgpr, verdict,
			 support == DVGPR_REFUSED ? " (emitted as a plain chain call)" : "");
		DvgprCounts n = { edge->dvgpr, -1, -1, -1, -1, -1 };
		report_finding(c, &(Finding){ .kind = FK_DVGPR_UNSUPPORTED, .co = co, .sig = edge->to, .why = why,
					     .explained_by = verdict, .expected = model, .dvgpr = &n });
		return;
	}
	const Placement *seen = co->kept_callee[edge->to];
	if (seen)
		cc_chain_dvgpr_check(callee, &co->m, seen, edge->dvgpr, &lost_llc, &first_llc, &refused);
	if (!lost && !lost_llc)
		return;
	co->st.dvgpr_lost++;
	snprintf(why, sizeof why,
		 "dvgpr %u: the callee reads %u argument VGPR part(s) at v%u or above (from argument %d; llc's callee: %u)",
		 edge->dvgpr, lost, edge->dvgpr, first, lost_llc);
	DvgprCounts n = { edge->dvgpr, -1, -1, (int)lost, seen ? (int)lost_llc : -1, first };
	report_finding(c, &(Finding){ .kind = FK_DVGPR_LOST, .co = co, .sig = edge->to, .why = why,
				     .explained_by = "argument VGPRs beyond the requested count are lost", .expected = model,
				     .seen = seen, .dvgpr = &n });
}

