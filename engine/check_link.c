/* check's cross-version link matrix: would a caller compiled by llc A and
 * a callee compiled by llc B agree? For every pair of llc (a pair with
 * itself too: that is the caller-vs-callee check), the same CPU and
 * selector, each call site A emitted is compared with the incoming
 * placement B read, under the rules of the in-llc check. The model
 * predicts the same from the two profiles; a disagreement it does not
 * predict is a divergence. For call-graph input each edge's call site is
 * compared with the callee, and a shader entry point's calls of amdgpu_gfx
 * functions are a row of their own. */
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { LINK_EXAMPLES_PER_CELL = 3 };

/* The rows are the reports' convention rows (conv.h) of the conventions
 * code enters: callable and chain functions; the callable conventions
 * probed by default are shown even where nothing called them. */
typedef struct LinkMatrix {
	ConvRow rows[CONV_MAX_ROWS];
	unsigned nrows;
	LinkCell cell[CONV_MAX_ROWS][MAX_LLCS][MAX_LLCS]; /* [row][caller llc][callee llc], over CPUs and selectors */
	unsigned pairs; /* caller and callee combos compared */
} LinkMatrix;

static bool entered_by_code(const ConvRow *r) { return r->family == FAMILY_CALLABLE || r->family == FAMILY_CHAIN; }

/* The matrix row of a call from a function of convention from (CC_COUNT:
 * the wrapper gcnabi emit writes, of the callee's own convention) to
 * callee; -1 for a callee that is never called. */
static int conv_of(const LinkMatrix *lm, CallConv from, const Sig *callee)
{
	int row = conv_row_of(lm->rows, lm->nrows, from, (CallConv)callee->cc);
	return row >= 0 && entered_by_code(&lm->rows[row]) ? row : -1;
}

LinkPrediction link_predicted(Check *c, const Combo *a, unsigned i, const ModelConfig *am, const ModelConfig *bm,
			      const Placement *call, const Placement *callee)
{
	const Sig *s = c->in.sigs[i];
	const JudgeRules rules = { .flags = CALLER_VS_CALLEE };
	Judgement j;
	char why[256];
	if (cc_place(s, am, VIEW_CALLER, c->model_caller) && cc_place(s, bm, VIEW_CALLEE, c->model) &&
	    check_judge(c->model_caller, c->model, &rules, "caller", "callee", &j, why, sizeof why) == JUDGE_DIFFERENT)
		return LINK_MODELS_DIFFER;
	/* Or the caller's own loss: it leaves parts its model assigns
	 * unwritten (an unwritten-parts note on its own axis: llc 14-16
	 * GlobalISel and <16 x i56>), which a callee of another llc reads
	 * where that model places them. */
	/* Only where the caller's llc is consistent with itself: its own
	 * callee reads what it writes (llc 16's SelectionDAG loses inreg
	 * SGPRs at amdgpu_gfx calls that its own callee reads). */
	const Placement *own_callee = a->kept_callee[i];
	const JudgeRules own = { .flags = MODEL_VS_LLC };
	if (own_callee && check_judge(call, own_callee, &rules, "caller", "callee", &j, why, sizeof why) != JUDGE_DIFFERENT &&
	    cc_place(s, am, VIEW_CALLER, c->model_caller) &&
	    check_judge(c->model_caller, call, &own, "model", "caller", &j, why, sizeof why) == JUDGE_UNREAD &&
	    check_judge(c->model_caller, callee, &rules, "model", "callee", &j, why, sizeof why) == JUDGE_SAME)
		return LINK_CALLER_LOSES;
	return LINK_UNPREDICTED;
}

/* Caller combo a against callee combo b over every signature (every edge
 * of a call graph) both kept. */
static void link_pair(Check *c, LinkMatrix *lm, const Combo *a, const Combo *b, JsonWriter *cells)
{
	const CheckInput *in = &c->in;
	int la = (int)(a->llc - c->llcs), lb = (int)(b->llc - c->llcs);
	LinkCell pair[CONV_MAX_ROWS] = { { 0 } };
	unsigned examples[CONV_MAX_ROWS] = { 0 };
	char why[256];
	unsigned n = in->graph ? in->nedges : in->nsigs;
	for (unsigned k = 0; k < n; k++) {
		unsigned i = in->graph ? in->edges[k].to : k;
		const Placement *call = a->kept_call[k], *callee = b->kept_callee[i];
		if (!call || !callee)
			continue;
		int conv = conv_of(lm, in->graph ? (CallConv)in->sigs[in->edges[k].from]->cc : CC_COUNT, in->sigs[i]);
		if (conv < 0)
			continue;
		pair[conv].checked++;
		const JudgeRules rules = { .flags = CALLER_VS_CALLEE };
		Judgement j;
		if (check_judge(call, callee, &rules, "caller", "callee", &j, why, sizeof why) != JUDGE_DIFFERENT)
			continue;
		pair[conv].differ++;
		ModelConfig am = a->m; /* the caller's view of the callee */
		am.through_pointer = in->graph && in->edges[k].indirect;
		bool predicted = link_predicted(c, a, i, &am, &b->m, call, callee) != LINK_UNPREDICTED;
		if (predicted)
			pair[conv].predicted++;
		else if (examples[conv]++ < LINK_EXAMPLES_PER_CELL)
			finding_write(c, &(Finding){ .kind = FK_CROSS_VERSION, .co = a, .callee_co = b, .sig = i, .why = why,
						    .expected = callee, .seen = call, .at = &j.head,
						    .side = departing_side(c, i, &am, &b->m, call, callee, &j.head) });
	}
	lm->pairs++;
	for (int conv = 0; conv < (int)c->link->nrows; conv++) {
		LinkCell *t = &lm->cell[conv][la][lb];
		t->checked += pair[conv].checked;
		t->differ += pair[conv].differ;
		t->predicted += pair[conv].predicted;
		if (!pair[conv].checked)
			continue;
		jw_object(cells);
		jw_kstring(cells, "cpu", a->cpu);
		jw_kstring(cells, "selector", selector_names[a->sel]);
		jw_kstring(cells, "convention", c->link->rows[conv].name);
		jw_kstring(cells, "caller", a->llc->label);
		jw_kstring(cells, "callee", b->llc->label);
		jw_kuint(cells, "checked", pair[conv].checked);
		jw_kuint(cells, "disagree", pair[conv].differ);
		jw_kuint(cells, "predicted", pair[conv].predicted);
		jw_end(cells);
		jw_newline(cells);
	}
}

/* Every caller combo against every callee combo of the same CPU, wave and
 * selector, both compiled for that CPU or both for the generic target (an
 * llc that does not know the CPU): code for two subtargets is not linked
 * together. Cells go to link.jsonl, unpredicted examples to details. */
void link_matrix(Check *c)
{
	if (c->nllcs < 2 || !c->opt.callers || !(c->link = calloc(1, sizeof *c->link)))
		return;
	c->link->nrows = conv_report_rows(c->link->rows);
	char path[600];
	snprintf(path, sizeof path, "%s/link.jsonl", c->report.dir);
	JsonWriter cells;
	jw_open(&cells, path);
	for (int x = 0; x < c->ncombos; x++)
		for (int y = 0; y < c->ncombos; y++) {
			const Combo *a = &c->combos[x], *b = &c->combos[y];
			if (a->kept_call && b->kept_callee && strcmp(a->cpu, b->cpu) == 0 && a->sel == b->sel &&
			    profile_knows_cpu(a->llc->profile, a->cpu) == profile_knows_cpu(b->llc->profile, b->cpu))
				link_pair(c, c->link, a, b, &cells);
		}
	check_close(c, &cells);
}

static unsigned checked_in(const Check *c, int conv)
{
	unsigned n = 0;
	for (int a = 0; a < c->nllcs; a++)
		for (int b = 0; b < c->nllcs; b++)
			n += c->link->cell[conv][a][b].checked;
	return n;
}

/* The rows the matrix shows: the conventions probed by default (default
 * and amdgpu_gfx), the others where they were called; false when no call
 * was compared at all. */
static bool link_rows(const Check *c, bool shown[CONV_MAX_ROWS])
{
	unsigned checked = 0;
	for (int conv = 0; c->link && conv < (int)c->link->nrows; conv++) {
		unsigned in_conv = checked_in(c, conv);
		checked += in_conv;
		shown[conv] = in_conv || (c->link->rows[conv].probe_default && !c->link->rows[conv].from_shaders);
	}
	return c->link && checked;
}

void link_print(const Check *c, FILE *f)
{
	const LinkMatrix *lm = c->link;
	bool shown[CONV_MAX_ROWS];
	if (!link_rows(c, shown))
		return; /* no call of a default-convention or amdgpu_gfx function was observed */
	fprintf(f, "\ncross-version link: call sites compiled by the row's llc against callees compiled by the column's\n"
		   "(disagreeing/checked over every CPU and selector; +N: disagreements the profiles do not predict)\n");
	int width = 13;
	for (int conv = 0; conv < (int)c->link->nrows; conv++)
		if (shown[conv] && (int)strlen(c->link->rows[conv].name) > width)
			width = (int)strlen(c->link->rows[conv].name);
	for (int conv = 0; conv < (int)c->link->nrows; conv++) {
		if (!shown[conv])
			continue;
		fprintf(f, "%-*s", width, c->link->rows[conv].name);
		for (int b = 0; b < c->nllcs; b++)
			fprintf(f, " %18s", c->llcs[b].label);
		fprintf(f, "\n");
		for (int a = 0; a < c->nllcs; a++) {
			fprintf(f, "  %-*s", width - 2, c->llcs[a].label);
			for (int b = 0; b < c->nllcs; b++) {
				const LinkCell *t = &lm->cell[conv][a][b];
				char text[48];
				int n = snprintf(text, sizeof text, "%u/%u", t->differ, t->checked);
				if (t->differ > t->predicted)
					snprintf(text + n, sizeof text - (size_t)n, " +%u", t->differ - t->predicted);
				fprintf(f, " %18s", text);
			}
			fprintf(f, "\n");
		}
	}
}

/* summary.json's "link": the matrix as printed, a cell per convention it
 * shows, caller llc and callee llc; null without one. */
void link_json(const Check *c, JsonWriter *w)
{
	bool shown[CONV_MAX_ROWS];
	if (!link_rows(c, shown)) {
		jw_null(w);
		return;
	}
	jw_object(w);
	jw_kuint(w, "pairs", c->link->pairs);
	jw_karray(w, "cells");
	for (int conv = 0; conv < (int)c->link->nrows; conv++)
		for (int a = 0; shown[conv] && a < c->nllcs; a++)
			for (int b = 0; b < c->nllcs; b++) {
				const LinkCell *t = &c->link->cell[conv][a][b];
				jw_object(w);
				jw_kstring(w, "convention", c->link->rows[conv].name);
				jw_kstring(w, "caller", c->llcs[a].label);
				jw_kstring(w, "caller_llc", c->llcs[a].path);
				jw_kstring(w, "callee", c->llcs[b].label);
				jw_kstring(w, "callee_llc", c->llcs[b].path);
				jw_kuint(w, "checked", t->checked);
				jw_kuint(w, "disagree", t->differ);
				jw_kuint(w, "predicted", t->predicted);
				jw_kbool(w, "unpredicted", t->differ > t->predicted);
				jw_end(w);
			}
	jw_end(w);
	jw_end(w);
}

/* A disagreement the profiles do not predict is a divergence; predicted
 * ones are known differences. */
unsigned link_exit_bits(const Check *c)
{
	unsigned st = 0;
	for (int conv = 0; c->link && conv < (int)c->link->nrows; conv++)
		for (int a = 0; a < c->nllcs; a++)
			for (int b = 0; b < c->nllcs; b++) {
				const LinkCell *t = &c->link->cell[conv][a][b];
				if (t->differ > t->predicted)
					st |= EXIT_DIVERGED;
				else if (t->differ)
					st |= EXIT_KNOWN;
			}
	return st;
}

void link_totals(const Check *c, int caller, int callee, unsigned *checked, unsigned *differ, unsigned *predicted)
{
	*checked = *differ = *predicted = 0;
	for (unsigned conv = 0; c->link && conv < c->link->nrows; conv++) {
		const LinkCell *t = &c->link->cell[conv][caller][callee];
		*checked += t->checked;
		*differ += t->differ;
		*predicted += t->predicted;
	}
}
