/* `gcnabi ab --llc A=PATH --llc B=PATH FILE`: did a compiler change move an
 * argument? check runs both compilers over the same signatures (or call
 * graph) and keeps what each placed; ab pairs A's and B's combinations of
 * one CPU and selector and lists, per function and view, every argument,
 * return and entry point field whose location changed. A change is
 * predicted when each compiler does what its own profile's model says and
 * the two models differ there; the profile switches that make the
 * difference are named. Then the caller/callee agreement inside each
 * compiler and the cross-link (callers of one against callees of the
 * other) from check's link matrix. Exit 0: identical; 4: only predicted
 * changes; 8: any unpredicted one; with check's error, infrastructure and
 * incomplete bits when results are missing. `ab --layout A --layout B` is
 * the model-only comparison of two layouts (ab_layout.c). */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ab.h"
#include "check.h"

/* One moved item: an argument, the return or an entry point field of one
 * function (or call site) in one view. */
typedef struct {
	unsigned pair; /* AbPair index */
	unsigned sig, edge;
	bool has_edge; /* call graphs: the caller view is a call edge */
	View view;
	uint8_t what; /* JudgeWhat */
	uint16_t arg;
	char subject[200]; /* "%2 i64 inreg", "return <2 x float>", "user SGPR" */
	char a[400], b[400];
	bool predicted;
	char switches[240]; /* predicted: the switches, or "profiles X -> Y" */
} AbChange;

/* A's and B's combination of one CPU and selector. */
typedef struct {
	const Combo *a, *b;
	unsigned compared, changed; /* functions (and call sites) seen by both; of them with a change */
	unsigned only_one;          /* placed by one compiler only */
	unsigned predicted, unpredicted;
} AbPair;

typedef struct {
	Check *c;
	AbPair pairs[MAX_CPUS * 4];
	unsigned npairs;
	AbChange *changes;
	size_t nchanges, cap;
	Placement *model_a, *model_b, *model_x, *model_y; /* scratch */
	JudgeDiff *diffs;
	bool out_of_memory;
} Ab;

static AbChange *add_change(Ab *ab)
{
	if (ab->nchanges == ab->cap) {
		size_t cap = ab->cap ? ab->cap * 2 : 64;
		AbChange *grown = realloc(ab->changes, cap * sizeof *grown);
		if (!grown) {
			ab->out_of_memory = true;
			return 0;
		}
		ab->changes = grown;
		ab->cap = cap;
	}
	AbChange *ch = &ab->changes[ab->nchanges++];
	memset(ch, 0, sizeof *ch);
	return ch;
}

unsigned ab_items(JudgeDiff *scratch, const Placement *a, const Placement *b, unsigned flags, AbItem *out, unsigned cap)
{
	Judgement j = { .list = scratch, .cap = JUDGE_MAX_DIFFS };
	const JudgeRules rules = { .flags = flags | JUDGE_ALL };
	if (judge(a, b, &rules, &j) != JUDGE_DIFFERENT)
		return 0;
	unsigned n = 0;
	for (unsigned k = 0; k < j.n && k < j.cap; k++) {
		const JudgeDiff *d = &j.list[k];
		if (!judge_diverges(d))
			continue;
		/* a part of an argument is the argument; the fields stand alone */
		uint16_t arg = d->what == JW_ARGUMENT || d->what == JW_USER_SGPR ? d->arg : 0;
		bool seen = false;
		for (unsigned i = 0; i < n && !seen; i++)
			seen = out[i].what == d->what && out[i].arg == arg;
		if (!seen && n < cap)
			out[n++] = (AbItem){ d->what, arg };
	}
	return n;
}

static bool item_in(const AbItem *items, unsigned n, AbItem it)
{
	for (unsigned i = 0; i < n; i++)
		if (items[i].what == it.what && items[i].arg == it.arg)
			return true;
	return false;
}

bool ab_agree_on(JudgeDiff *scratch, const Placement *x, const Placement *y, unsigned flags, AbItem it)
{
	if (!x->ok || !y->ok)
		return x->ok == y->ok;
	AbItem items[AB_MAX_ITEMS];
	unsigned n = ab_items(scratch, x, y, flags, items, AB_MAX_ITEMS);
	return !item_in(items, n, it);
}

static bool agree_on(Ab *ab, const Placement *x, const Placement *y, unsigned flags, AbItem it)
{
	return ab_agree_on(ab->diffs, x, y, flags, it);
}

/* Parts compactly: consecutive registers of a file as LLVM's ranges
 * (s[7:8]), consecutive stack slots of one size as first..last/size
 * (stack+792..852/4: 16 slots of 4 bytes), kernarg as kernarg+offset/size. */
static void parts_text(const Placement *p, PartRange r, char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = 0;
	if (r.count == 0)
		snprintf(buf, cap, "-");
	for (unsigned i = 0; i < r.count && n < cap;) {
		const Loc *l = &p->locs[r.first + i];
		unsigned run = 1;
		char one[48];
		if (l->kind == LOC_SGPR || l->kind == LOC_VGPR) {
			while (i + run < r.count && p->locs[r.first + i + run].kind == l->kind &&
			       p->locs[r.first + i + run].reg == l->reg + run)
				run++;
			RegRange rr = { l->kind, l->reg, (uint16_t)run };
			regrange_print(&rr, one, sizeof one);
		} else if (l->kind == LOC_STACK) {
			uint32_t step = l->size ? l->size : 4;
			while (i + run < r.count && p->locs[r.first + i + run].kind == LOC_STACK &&
			       p->locs[r.first + i + run].size == l->size &&
			       p->locs[r.first + i + run].offset == l->offset + run * step)
				run++;
			if (run > 1)
				snprintf(one, sizeof one, "stack+%u..%u/%u", l->offset, l->offset + (run - 1) * step, l->size);
			else
				snprintf(one, sizeof one, "stack+%u/%u", l->offset, l->size);
		} else if (l->kind == LOC_KERNARG) {
			snprintf(one, sizeof one, "kernarg+%u/%u", l->offset, l->size);
		} else {
			loc_print(l, one, sizeof one);
		}
		n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? "," : "", one);
		i += run;
	}
}

static void sgpr_text(int reg, unsigned count, char *buf, size_t cap)
{
	if (reg < 0) {
		snprintf(buf, cap, "off");
		return;
	}
	RegRange r = { LOC_SGPR, (uint16_t)reg, (uint16_t)count };
	regrange_print(&r, buf, cap);
}

void ab_side_text(const Placement *p, AbItem it, char *buf, size_t cap)
{
	if (!p) {
		snprintf(buf, cap, "not compiled (check's findings say why)");
		return;
	}
	if (!p->ok) {
		snprintf(buf, cap, "refused: %s", p->error);
		return;
	}
	const UserSgprs *u = &p->user;
	switch (it.what) {
	case JW_STATUS: snprintf(buf, cap, "compiled"); break;
	case JW_ARG_COUNT: snprintf(buf, cap, "%u arguments", p->nargs); break;
	case JW_RET_DEMOTED: snprintf(buf, cap, p->ret_demoted ? "demoted to a hidden sret pointer" : "in registers"); break;
	case JW_SRET: loc_print(&p->sret, buf, cap); break;
	case JW_PS_INPUTS:
		snprintf(buf, cap, "psInputAddr 0x%x, psInputEnable 0x%x", p->ps_input_addr, p->ps_input_enable);
		break;
	case JW_IMPLICIT_BUFFER_PTR: sgpr_text(p->implicit_buffer_ptr, 2, buf, cap); break;
	case JW_SCRATCH_WAVE_OFFSET: sgpr_text(p->scratch_wave_offset, 1, buf, cap); break;
	case JW_KERNARG_SIZE: snprintf(buf, cap, "%u bytes", p->kernarg_size); break;
	case JW_USER_SGPR:
		sgpr_text(it.arg < USGPR_COUNT && (u->enabled >> it.arg & 1) ? (int)user_sgpr_first(u, it.arg) : -1,
			  it.arg < USGPR_COUNT ? user_sgpr_sizes[it.arg] : 1, buf, cap);
		break;
	case JW_PRELOAD:
		if (u->preload_length)
			sgpr_text((int)user_sgpr_first(u, USGPR_COUNT), u->preload_length, buf, cap);
		else
			snprintf(buf, cap, "none");
		if (u->preload_length)
			snprintf(buf + strlen(buf), cap - strlen(buf), " from kernarg+%u", u->preload_offset);
		break;
	case JW_USER_SGPR_COUNT: snprintf(buf, cap, "%u", u->count); break;
	case JW_ARGUMENT:
		if (it.arg < p->nargs)
			parts_text(p, p->args[it.arg], buf, cap);
		else
			snprintf(buf, cap, "-");
		break;
	case JW_RETURN: parts_text(p, p->ret, buf, cap); break;
	default: snprintf(buf, cap, "?"); break;
	}
}

void ab_subject_text(const Sig *s, AbItem it, char *buf, size_t cap)
{
	char type[120];
	if (it.what == JW_ARGUMENT && it.arg < s->nparams) {
		const Param *prm = &s->params[it.arg];
		type_print(s, prm->type, false, type, sizeof type);
		snprintf(buf, cap, "%%%u %s%s%s", it.arg, type, prm->flags & PARAM_INREG ? " inreg" : "",
			 prm->flags & PARAM_BYVAL ? " byval" : "");
	} else if (it.what == JW_RETURN) {
		type_print(s, s->ret, false, type, sizeof type);
		snprintf(buf, cap, "return %s", type);
	} else if (it.what == JW_USER_SGPR && it.arg < USGPR_COUNT) {
		snprintf(buf, cap, "user SGPR %s", user_sgpr_names[it.arg]);
	} else {
		snprintf(buf, cap, "%s", judge_what_names[it.what].name);
	}
}

/* What a switch turned from A's way to B's alone must do to be named: m is
 * A's model with that one switch as B has it. */
typedef struct {
	const Sig *s, *other; /* other: a call's caller (call graphs), or NULL */
	View view;
	unsigned flags;
	AbItem it;
	bool graph, want_b; /* graph: placed in both views, as want_b */
} SwitchTest;

static bool switch_moves(Ab *ab, const ModelConfig *m, const SwitchTest *t)
{
	if (!t->graph) {
		cc_place(t->s, m, t->view, ab->model_x); /* a refusal too: the status is an item */
		return agree_on(ab, ab->model_x, ab->model_b, t->flags, t->it);
	}
	bool ok = cc_place(t->s, m, VIEW_CALLEE, ab->model_x) && cc_place(t->s, m, VIEW_CALLER, ab->model_x);
	if (t->other)
		ok = ok && cc_place(t->other, m, VIEW_CALLEE, ab->model_x) && cc_place(t->other, m, VIEW_CALLER, ab->model_x);
	return ok == t->want_b;
}

/* The switches between A's and B's profiles each of which alone does what
 * t asks ("switch a + b"); the length written. */
static size_t switches_alone(Ab *ab, const ModelConfig *ma, const ModelConfig *mb, const SwitchTest *t, char *buf,
			     size_t cap)
{
	const Profile *pa = ma->profile, *pb = mb->profile;
	Profile one;
	ModelConfig m = *ma;
	m.profile = &one;
	size_t n = 0;
	buf[0] = 0;
	for (int k = 0; k < SW_COUNT; k++) {
		if (pa->on[k] == pb->on[k])
			continue;
		one = *pa;
		one.on[k] = pb->on[k];
		if (switch_moves(ab, &m, t))
			n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s%s", n ? " + " : "switch ",
					      profile_switch_names[k]);
	}
	return n;
}

/* The switches between A's and B's profiles that move item it from where
 * A's model has it to where B's has it: each that does it alone, else the
 * ones that change it on the way from A's switches to B's. */
static void name_switches(Ab *ab, const Sig *s, const ModelConfig *ma, const ModelConfig *mb, View view,
			  unsigned flags, AbItem it, char *buf, size_t cap)
{
	const SwitchTest t = { .s = s, .view = view, .flags = flags, .it = it };
	size_t n = switches_alone(ab, ma, mb, &t, buf, cap);
	if (n)
		return;
	const Profile *pa = ma->profile, *pb = mb->profile;
	Profile one = *pa;
	ModelConfig m = *ma;
	m.profile = &one;
	/* A's switches turned into B's one by one: each that moves it. */
	Placement *prev = ab->model_y, *cur = ab->model_x;
	*prev = *ab->model_a;
	for (int k = 0; k < SW_COUNT; k++) {
		if (pa->on[k] == pb->on[k])
			continue;
		one.on[k] = pb->on[k];
		cc_place(s, &m, view, cur);
		if (!agree_on(ab, cur, prev, flags, it)) {
			n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s%s", n ? " + " : "switches ",
					      profile_switch_names[k]);
			Placement *tmp = prev;
			prev = cur;
			cur = tmp;
		}
	}
	if (!n)
		snprintf(buf, cap, "profiles %s -> %s", pa->name, pb->name);
}

/* Call-graph input: whether the function (edge < 0) or the call (both of
 * its ends) went into co's module; a function the model expects llc to
 * refuse in either view stays out (check_plan.c), and with it its calls. */
static bool in_graph(const Check *c, const Combo *co, unsigned sig, int edge)
{
	if (!co->in_graph)
		return true;
	if (edge < 0)
		return co->in_graph[sig];
	const CallEdge *e = &c->in.edges[edge];
	return co->in_graph[e->from] && co->in_graph[e->to];
}

/* A function left out of one compiler's call graph and not of the
 * other's (a call: with its caller, other): the switches each of which,
 * turned from A's way to B's alone, makes the model place it in both
 * views as B's model does. */
static void name_graph_switches(Ab *ab, const Sig *s, const Sig *other, const ModelConfig *ma, const ModelConfig *mb,
				bool want_b, char *buf, size_t cap)
{
	const SwitchTest t = { .s = s, .other = other, .graph = true, .want_b = want_b };
	if (!switches_alone(ab, ma, mb, &t, buf, cap))
		snprintf(buf, cap, "profiles %s -> %s", ma->profile->name, mb->profile->name);
}

/* The changes between what A and B placed for one function or call site. */
static void compare_one(Ab *ab, unsigned pair, unsigned sig, int edge, View view, const Placement *pa,
			const Placement *pb)
{
	AbPair *p = &ab->pairs[pair];
	const Sig *s = ab->c->in.sigs[sig];
	if (!pa && !pb)
		return;
	p->compared++;
	unsigned flags = JUDGE_UNORDERED | (view == VIEW_CALLER ? JUDGE_STACK_POOLED : 0);
	unsigned model_flags = view == VIEW_CALLER ? MODEL_VS_LLC_CALLER : MODEL_VS_LLC;
	AbItem items[AB_MAX_ITEMS];
	unsigned n;
	if (!pa || !pb) {
		p->only_one++;
		items[0] = (AbItem){ JW_STATUS, 0 };
		n = 1;
	} else {
		n = ab_items(ab->diffs, pa, pb, flags, items, AB_MAX_ITEMS);
	}
	if (!n)
		return;
	p->changed++;
	bool ok_a = cc_place(s, &p->a->m, view, ab->model_a);
	bool ok_b = cc_place(s, &p->b->m, view, ab->model_b);
	for (unsigned k = 0; k < n; k++) {
		AbChange *ch = add_change(ab);
		if (!ch)
			return;
		AbItem it = items[k];
		*ch = (AbChange){ .pair = pair, .sig = sig, .edge = edge < 0 ? 0 : (unsigned)edge, .has_edge = edge >= 0,
				  .view = view, .what = it.what, .arg = it.arg };
		ab_subject_text(s, it, ch->subject, sizeof ch->subject);
		ab_side_text(pa, it, ch->a, sizeof ch->a);
		ab_side_text(pb, it, ch->b, sizeof ch->b);
		/* Predicted: each compiler as its model says, and the models differ. */
		bool as_a, as_b, models_differ;
		if (it.what == JW_STATUS) {
			bool want_a = ok_a && in_graph(ab->c, p->a, sig, edge), want_b = ok_b && in_graph(ab->c, p->b, sig, edge);
			as_a = want_a == (pa && pa->ok);
			as_b = want_b == (pb && pb->ok);
			models_differ = want_a != want_b;
		} else {
			as_a = ok_a && agree_on(ab, ab->model_a, pa, model_flags, it);
			as_b = ok_b && agree_on(ab, ab->model_b, pb, model_flags, it);
			models_differ = !agree_on(ab, ab->model_a, ab->model_b, flags, it);
		}
		ch->predicted = as_a && as_b && models_differ;
		bool graph_status = it.what == JW_STATUS && ok_a && ok_b;
		if (ch->predicted && graph_status)
			name_graph_switches(ab, s, edge < 0 ? 0 : ab->c->in.sigs[ab->c->in.edges[edge].from], &p->a->m,
					    &p->b->m, pb && pb->ok, ch->switches, sizeof ch->switches);
		else if (ch->predicted)
			name_switches(ab, s, &p->a->m, &p->b->m, view, flags, it, ch->switches, sizeof ch->switches);
		if (ch->predicted)
			p->predicted++;
		else
			p->unpredicted++;
	}
}

static void compare_pair(Ab *ab, unsigned pair)
{
	const Check *c = ab->c;
	const AbPair *p = &ab->pairs[pair];
	for (unsigned i = 0; i < c->in.nsigs; i++)
		compare_one(ab, pair, i, -1, VIEW_CALLEE, p->a->kept_callee[i], p->b->kept_callee[i]);
	if (!c->opt.callers)
		return;
	if (c->in.graph)
		for (unsigned e = 0; e < c->in.nedges; e++)
			compare_one(ab, pair, c->in.edges[e].to, (int)e, VIEW_CALLER, p->a->kept_call[e], p->b->kept_call[e]);
	else
		for (unsigned i = 0; i < c->in.nsigs; i++)
			compare_one(ab, pair, i, -1, VIEW_CALLER, p->a->kept_call[i], p->b->kept_call[i]);
}

/* A's combinations, each with B's of the same CPU and selector. */
static void make_pairs(Ab *ab)
{
	const Check *c = ab->c;
	for (int i = 0; i < c->ncombos; i++) {
		const Combo *a = &c->combos[i];
		if (a->llc != &c->llcs[0])
			continue;
		for (int k = 0; k < c->ncombos; k++) {
			const Combo *b = &c->combos[k];
			if (b->llc == &c->llcs[1] && strcmp(a->cpu, b->cpu) == 0 && a->sel == b->sel &&
			    a->new_rbs == b->new_rbs && ab->npairs < sizeof ab->pairs / sizeof ab->pairs[0])
				ab->pairs[ab->npairs++] = (AbPair){ .a = a, .b = b };
		}
	}
}

/* ---- the report ------------------------------------------------------------ */

static const char *pair_name(const AbPair *p, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s %s%s", p->a->cpu, p->a->sel == SEL_GISEL ? "GlobalISel" : "SelectionDAG",
		 p->a->new_rbs ? " -new-reg-bank-select" : "");
	return buf;
}

static const char *where_name(const Ab *ab, const AbChange *ch, char *buf, size_t cap)
{
	const Check *c = ab->c;
	if (ch->has_edge)
		snprintf(buf, cap, "@%s -> @%s (call site)", c->in.sigs[c->in.edges[ch->edge].from]->name,
			 c->in.sigs[ch->sig]->name);
	else
		snprintf(buf, cap, "@%s (%s)", c->in.sigs[ch->sig]->name, ch->view == VIEW_CALLER ? "call site" : "callee");
	return buf;
}

typedef struct {
	unsigned changes, predicted, unpredicted, functions;
	unsigned link_differ[2], link_predicted[2], link_checked[2];
} AbTotals;

static AbTotals totals(const Ab *ab)
{
	AbTotals t = { 0 };
	for (unsigned k = 0; k < ab->npairs; k++) {
		t.predicted += ab->pairs[k].predicted;
		t.unpredicted += ab->pairs[k].unpredicted;
		t.functions += ab->pairs[k].changed;
	}
	t.changes = t.predicted + t.unpredicted;
	for (int dir = 0; dir < 2; dir++)
		link_totals(ab->c, dir, 1 - dir, &t.link_checked[dir], &t.link_differ[dir], &t.link_predicted[dir]);
	return t;
}

/* 8: a change or a cross-link disagreement nobody predicted; 4: changes,
 * all predicted. A predicted link disagreement is no change of its own: it
 * is what each compiler's profile says about its call sites (llc 19-22's
 * callers put inreg arguments over the descriptor against themselves
 * too), and a predicted move that breaks the link is listed as a change. */
static unsigned ab_status(const AbTotals *t)
{
	if (t->unpredicted || t->link_differ[0] > t->link_predicted[0] || t->link_differ[1] > t->link_predicted[1])
		return EXIT_DIVERGED;
	return t->changes ? EXIT_KNOWN : 0;
}

static const char *verdict_text(unsigned st)
{
	return st & EXIT_DIVERGED ? "unpredicted changes" : st & EXIT_KNOWN ? "only predicted changes" : "identical";
}

static void llc_line(FILE *f, const char *side, const Llc *l, bool md)
{
	fprintf(f, md ? "- **%s** = `%s`: `%s`, %s, profile %s%s\n" : "%s = %s: %s, %s, profile %s%s\n", side, l->label,
		l->path, l->version, l->profile->name, profile_source_texts[l->profile_source]);
}

static void print_human(const Ab *ab, FILE *f, unsigned st, bool incomplete)
{
	const Check *c = ab->c;
	char name[160], where[600];
	fprintf(f, "gcnabi ab: %u signatures%s from %s\n", c->in.nsigs, c->in.nedges ? " and their call graph" : "",
		c->in.path);
	llc_line(f, "  A", &c->llcs[0], false);
	llc_line(f, "  B", &c->llcs[1], false);
	for (unsigned k = 0; k < ab->npairs; k++) {
		const AbPair *p = &ab->pairs[k];
		fprintf(f, "\n%s: %u functions and call sites compared, %u changed (%u predicted, %u unpredicted changes)\n",
			pair_name(p, name, sizeof name), p->compared, p->changed, p->predicted, p->unpredicted);
		unsigned last = ~0u;
		for (size_t i = 0; i < ab->nchanges; i++) {
			const AbChange *ch = &ab->changes[i];
			if (ch->pair != k)
				continue;
			unsigned key = ch->has_edge ? 0x80000000u | ch->edge : ch->sig * 2 + ch->view;
			if (key != last)
				fprintf(f, "  %s\n", where_name(ab, ch, where, sizeof where));
			last = key;
			fprintf(f, "    %s: %s -> %s  %s%s%s%s\n", ch->subject, ch->a, ch->b,
				ch->predicted ? "predicted" : "UNPREDICTED", ch->predicted ? " (" : "", ch->switches,
				ch->predicted ? ")" : "");
		}
	}
	fprintf(f, "\ncaller/callee agreement inside each compiler (call sites; disagreeing, of them explained):\n");
	for (int k = 0; k < c->ncombos; k++) {
		const Combo *co = &c->combos[k];
		fprintf(f, "  %-32s %u call sites, %u disagree (%u explained)\n", co->tag, co->st.calls, co->st.mismatches,
			co->st.mismatches_explained);
	}
	AbTotals t = totals(ab);
	fprintf(f, "cross-link (callers built by one, callees by the other):\n");
	for (int dir = 0; dir < 2; dir++)
		fprintf(f, "  callers %s, callees %s: %u call sites, %u disagree (%u predicted)\n", c->llcs[dir].label,
			c->llcs[1 - dir].label, t.link_checked[dir], t.link_differ[dir], t.link_predicted[dir]);
	fprintf(f, "\nverdict: %s: %u changes in %u functions or call sites (%u predicted, %u unpredicted)%s\n",
		verdict_text(st), t.changes, t.functions, t.predicted, t.unpredicted,
		incomplete ? "; RESULTS INCOMPLETE: the machine failed or results are missing (check's details)" : "");
	fprintf(f, "details: %s/ (check's files: details.jsonl, placements/)\n", c->report.dir);
}

static void md_cell(FILE *f, const char *s)
{
	for (; *s; s++)
		fputs(*s == '|' ? "\\|" : (char[]){ *s, 0 }, f);
}

static void print_markdown(const Ab *ab, FILE *f, unsigned st, bool incomplete)
{
	const Check *c = ab->c;
	char name[160], where[600];
	AbTotals t = totals(ab);
	fprintf(f, "### gcnabi ab: %s\n\n", verdict_text(st));
	llc_line(f, "A", &c->llcs[0], true);
	llc_line(f, "B", &c->llcs[1], true);
	fprintf(f, "- %u signatures from `%s`; %u changes in %u functions or call sites: %u predicted, %u unpredicted%s\n\n",
		c->in.nsigs, c->in.path, t.changes, t.functions, t.predicted, t.unpredicted,
		incomplete ? "; **results incomplete**" : "");
	if (ab->nchanges) {
		fprintf(f, "| target | function | what | A | B | |\n|---|---|---|---|---|---|\n");
		for (size_t i = 0; i < ab->nchanges; i++) {
			const AbChange *ch = &ab->changes[i];
			fprintf(f, "| %s | `", pair_name(&ab->pairs[ch->pair], name, sizeof name));
			md_cell(f, where_name(ab, ch, where, sizeof where));
			fprintf(f, "` | `");
			md_cell(f, ch->subject);
			fprintf(f, "` | `");
			md_cell(f, ch->a);
			fprintf(f, "` | `");
			md_cell(f, ch->b);
			fprintf(f, "` | %s", ch->predicted ? "predicted: " : "**unpredicted**");
			md_cell(f, ch->switches);
			fprintf(f, " |\n");
		}
		fprintf(f, "\n");
	}
	fprintf(f, "| cross-link | call sites | disagree | predicted |\n|---|---:|---:|---:|\n");
	for (int dir = 0; dir < 2; dir++)
		fprintf(f, "| callers `%s`, callees `%s` | %u | %u | %u |\n", c->llcs[dir].label, c->llcs[1 - dir].label,
			t.link_checked[dir], t.link_differ[dir], t.link_predicted[dir]);
}

static void print_json(const Ab *ab, FILE *f, unsigned st, bool incomplete)
{
	const Check *c = ab->c;
	char where[600];
	JsonWriter w;
	jw_init(&w, f);
	AbTotals t = totals(ab);
	jw_object(&w);
	jw_kstring(&w, "input", c->in.path);
	jw_kuint(&w, "signatures", c->in.nsigs);
	jw_kuint(&w, "call_edges", c->in.nedges);
	for (int side = 0; side < 2; side++) {
		const Llc *l = &c->llcs[side];
		jw_kobject(&w, side ? "b" : "a");
		jw_kstring(&w, "label", l->label);
		jw_kstring(&w, "path", l->path);
		jw_kstring(&w, "version", l->version);
		jw_kstring(&w, "profile", l->profile->name);
		jw_kstring(&w, "profile_from", profile_source_names[l->profile_source]);
		jw_end(&w);
	}
	jw_karray(&w, "targets");
	for (unsigned k = 0; k < ab->npairs; k++) {
		const AbPair *p = &ab->pairs[k];
		jw_object(&w);
		jw_kstring(&w, "cpu", p->a->cpu);
		jw_kstring(&w, "selector", selector_names[p->a->sel]);
		jw_kbool(&w, "new_reg_bank_select", p->a->new_rbs);
		jw_kstring(&w, "a_combo", p->a->tag);
		jw_kstring(&w, "b_combo", p->b->tag);
		jw_kuint(&w, "compared", p->compared);
		jw_kuint(&w, "changed", p->changed);
		jw_kuint(&w, "placed_by_one_only", p->only_one);
		jw_kuint(&w, "predicted", p->predicted);
		jw_kuint(&w, "unpredicted", p->unpredicted);
		jw_karray(&w, "changes");
		for (size_t i = 0; i < ab->nchanges; i++) {
			const AbChange *ch = &ab->changes[i];
			if (ch->pair != k)
				continue;
			jw_object(&w);
			jw_kstring(&w, "function", c->in.sigs[ch->sig]->name);
			jw_kstring(&w, "view", ch->view == VIEW_CALLER ? "caller" : "callee");
			jw_kstring(&w, "where", where_name(ab, ch, where, sizeof where));
			jw_kstring(&w, "what", judge_what_names[ch->what].key);
			if (ch->what == JW_ARGUMENT)
				jw_kuint(&w, "argument", ch->arg);
			else
				jw_kraw(&w, "argument", "null");
			jw_kstring(&w, "subject", ch->subject);
			jw_kstring(&w, "a", ch->a);
			jw_kstring(&w, "b", ch->b);
			jw_kbool(&w, "predicted", ch->predicted);
			jw_kstring(&w, "by", ch->predicted ? ch->switches : 0);
			jw_end(&w);
		}
		jw_end(&w);
		jw_end(&w);
	}
	jw_end(&w);
	jw_karray(&w, "agreement");
	for (int k = 0; k < c->ncombos; k++) {
		const Combo *co = &c->combos[k];
		jw_object(&w);
		jw_kstring(&w, "combo", co->tag);
		jw_kstring(&w, "label", co->llc->label);
		jw_kuint(&w, "calls", co->st.calls);
		jw_kuint(&w, "disagree", co->st.mismatches);
		jw_kuint(&w, "explained", co->st.mismatches_explained);
		jw_end(&w);
	}
	jw_end(&w);
	jw_karray(&w, "link");
	for (int dir = 0; dir < 2; dir++) {
		jw_object(&w);
		jw_kstring(&w, "caller", c->llcs[dir].label);
		jw_kstring(&w, "callee", c->llcs[1 - dir].label);
		jw_kuint(&w, "checked", t.link_checked[dir]);
		jw_kuint(&w, "disagree", t.link_differ[dir]);
		jw_kuint(&w, "predicted", t.link_predicted[dir]);
		jw_end(&w);
	}
	jw_end(&w);
	jw_kstring(&w, "verdict", st & EXIT_DIVERGED ? "unpredicted" : st & EXIT_KNOWN ? "predicted" : "identical");
	jw_kbool(&w, "complete", !incomplete);
	jw_kstring(&w, "details", c->report.dir);
	jw_end(&w);
	jw_newline(&w);
}

/* ---- the comparison ------------------------------------------------------------ */

int ab_compilers(const AbOptions *o, Check *c, const char *path)
{
	Ab ab = { 0 };
	ab.c = c;
	ab.model_a = malloc(sizeof *ab.model_a);
	ab.model_b = malloc(sizeof *ab.model_b);
	ab.model_x = malloc(sizeof *ab.model_x);
	ab.model_y = malloc(sizeof *ab.model_y);
	ab.diffs = malloc(JUDGE_MAX_DIFFS * sizeof *ab.diffs);
	int status = EXIT_ERROR;
	double wall = 0;
	if (!ab.c || !ab.model_a || !ab.model_b || !ab.model_x || !ab.model_y || !ab.diffs) {
		fprintf(stderr, "gcnabi ab: out of memory\n");
		goto done;
	}
	int rc = check_execute(ab.c, path, &wall);
	if (rc) {
		status = rc < 0 ? 0 : rc;
		goto done;
	}
	write_summaries(ab.c, wall);
	if (ab.c->nllcs != 2 || !ab.c->combos[0].kept_callee) {
		fprintf(stderr, "gcnabi ab: one of the two compilers could not be used (see above): nothing to compare\n");
		status = EXIT_ERROR | (ab.c->run.llcs_unusable ? EXIT_INFRA : 0);
		goto done;
	}
	make_pairs(&ab);
	for (unsigned k = 0; k < ab.npairs && !ab.out_of_memory; k++)
		compare_pair(&ab, k);
	if (ab.out_of_memory) {
		fprintf(stderr, "gcnabi ab: out of memory after %zu changes\n", ab.nchanges);
		goto done;
	}
	/* Missing results are never identical: the machine's faults and
	 * check's write errors stay in the status. */
	unsigned missing = exit_status(ab.c) & (EXIT_ERROR | EXIT_INFRA | EXIT_INCOMPLETE);
	AbTotals t = totals(&ab);
	unsigned st = ab_status(&t);
	if (o->json)
		print_json(&ab, stdout, st, missing != 0);
	else if (o->markdown)
		print_markdown(&ab, stdout, st, missing != 0);
	else
		print_human(&ab, stdout, st, missing != 0);
	status = (int)(st | missing);
done:
	if (ab.c)
		check_free(ab.c);
	free(ab.model_a);
	free(ab.model_b);
	free(ab.model_x);
	free(ab.model_y);
	free(ab.diffs);
	free(ab.changes);
	return status;
}
