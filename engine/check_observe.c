/* check's observation: the MIR (kernels: HSA metadata) of a finished
 * batch, function by function, handed to the judge; what llc did goes to
 * --placements and is kept for the link matrix. Call graphs are read in
 * two passes: every function's incoming placement, then each call site,
 * the n-th call of a function being its n-th edge. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "observe.h"

typedef struct {
	Check *c;
	const Batch *b;
	bool *seen_callee, *seen_caller;
	Placement *callee_seen; /* per function in the batch, for caller-vs-callee */
} ObserveCtx;

static int function_index(const char *name, const char *suffix, unsigned *idx)
{
	unsigned long v;
	char *end;
	if (strncmp(name, "gcnabi.", 7) != 0)
		return 0;
	v = strtoul(name + 7, &end, 10);
	if (end == name + 7 || strcmp(end, suffix) != 0)
		return 0;
	*idx = (unsigned)v;
	return 1;
}

/* The batch slot of signature i, or -1 when it is not in the batch. */
static int batch_slot(const Check *c, const Batch *b, unsigned i)
{
	const unsigned *order = c->combos[b->combo].order + b->first;
	unsigned lo = 0, hi = b->count;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (order[mid] == i)
			return (int)mid;
		if (order[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* A copy of p that holds only its used parts: what the link matrix needs
 * of every signature of every combination. */
static Placement *keep_placement(const Placement *p)
{
	size_t size = offsetof(Placement, locs) + p->nlocs * sizeof(Loc);
	Placement *k = malloc(size);
	if (k)
		memcpy(k, p, size);
	return k;
}

void keep(Placement **slot, const Placement *p)
{
	if (slot && !*slot && p && p->ok)
		*slot = keep_placement(p);
}

static void put_seen(JsonWriter *w, const Sig *s, const Placement *p)
{
	if (!jw_on(w))
		return;
	jw_placement(w, s, p);
	jw_newline(w);
}

static int observe_sink(void *ctx, const MirFunction *f)
{
	ObserveCtx *o = ctx;
	const Batch *b = o->b;
	Check *c = o->c;
	if (f->truncated)
		return 0; /* the output was cut short there: not llc's answer (cut_short) */
	unsigned i;
	int k;
	if (function_index(f->name, ".fn", &i) && (k = batch_slot(c, b, i)) >= 0 && !o->seen_callee[k]) {
		o->seen_callee[k] = true;
		Combo *co = &c->combos[b->combo];
		compare_callee(c, co, i, f);
		if (!f->failed && f->in.ok)
			put_seen(&co->seen_callee, c->in.sigs[i], &f->in);
		if (!f->failed)
			o->callee_seen[k] = f->in;
		else
			o->callee_seen[k].ok = false;
		if (co->kept_callee && !f->failed)
			keep(&co->kept_callee[i], &f->in);
	} else if (function_index(f->name, ".caller", &i) && (k = batch_slot(c, b, i)) >= 0 && !o->seen_caller[k]) {
		o->seen_caller[k] = true;
		Combo *co = &c->combos[b->combo];
		if (f->failed && f->reader_limit) {
			co->st.infra++;
			report(c, co, i, FK_READER_LIMIT, f->error, 0, 0, 0);
			return 0;
		}
		if (f->failed || f->ncalls == 0) {
			co->st.calls++;
			co->st.calls_diverged++;
			report(c, co, i, FK_UNOBSERVED_CALL, f->failed ? f->error : "no call site found", 0, 0, 0);
			return 0;
		}
		/* Callees come first in the module, so the callee was seen. */
		const Placement *callee = o->seen_callee[k] && o->callee_seen[k].ok ? &o->callee_seen[k] : 0;
		compare_caller(c, co, i, &f->calls[0], callee, false, false);
		if (f->calls[0].out.ok)
			put_seen(&co->seen_caller, c->in.sigs[i], &f->calls[0].out);
		if (co->kept_call)
			keep(&co->kept_call[i], &f->calls[0].out);
	}
	return 0;
}

/* Output in which no function of the batch shows is not llc's answer
 * about these functions but a fault of the machine (nothing written, a
 * stand-in, a full disk): why says which. */
static bool no_output(const char *text, size_t len, bool kernel, const MirError *me, char *why, size_t cap)
{
	if (!text || !len)
		snprintf(why, cap, "llc exited 0 and wrote no output");
	else if (me && me->msg[0])
		snprintf(why, cap, "llc exited 0, but its output is not %s (line %u:%u: %s)", kernel ? "HSA metadata" : "MIR",
			 me->line, me->col, me->msg);
	else
		snprintf(why, cap, "llc exited 0, but its output holds none of the batch's functions");
	return false;
}

/* llc exited 0 and its output ends inside a document: the write was cut
 * short (a full disk, a writer killed from outside), which is the
 * machine's, not llc's answer about the functions it did not reach. What
 * was read whole stands; the functions after the cut count as not run,
 * under one infrastructure finding (bad-output) at the first of them. */
static void cut_short(Check *c, Combo *co, const MirError *me, bool kernel, unsigned first, unsigned lost,
		      unsigned calls_lost)
{
	char why[600];
	snprintf(why, sizeof why,
		 "llc exited 0, but its output ends inside a document at line %u:%u (%s): cut short by the machine "
		 "(a full disk, a writer killed from outside), not llc's answer; not observed: %u function(s), %u call site(s)",
		 me->line, me->col, kernel ? "HSA metadata" : "MIR", lost, calls_lost);
	co->st.infra++;
	co->st.not_run += lost;
	report(c, co, first, FK_BAD_OUTPUT, why, 0, 0, 0);
}

bool observe_batch(Check *c, const Batch *b, const char *mir, char *bad, size_t badcap)
{
	Combo *co = &c->combos[b->combo];
	size_t len = 0;
	char why[512] = "function missing from llc's MIR";
	const char *text = map_file(mir, &len, why, sizeof why);
	ObserveCtx o = { c, b, calloc(b->count, 1), calloc(b->count, 1), calloc(b->count, sizeof(Placement)) };
	if (!o.seen_callee || !o.seen_caller || !o.callee_seen) {
		fprintf(stderr, "gcnabi check: out of memory observing %s\n", mir);
		exit(EXIT_ERROR);
	}
	MirError me = { 0 };
	if (text) {
		if (b->kernel)
			hsa_observe(text, len, observe_sink, &o, &me);
		else
			mir_observe(text, len, observe_sink, &o, &me);
		snprintf(why, sizeof why, "function missing from llc's MIR");
	}
	bool any = false, expected = false;
	for (unsigned k = 0; k < b->count; k++)
		any |= o.seen_callee[k] || o.seen_caller[k];
	for (unsigned k = 0; k < b->count && !any && !expected; k++)
		expected = emittable(co, c->in.sigs[co->order[b->first + k]], co->order[b->first + k]);
	unsigned lost = 0, calls_lost = 0, first_lost = 0;
	for (unsigned k = 0; k < b->count && (any || !expected); k++) {
		unsigned i = co->order[b->first + k];
		if (!o.seen_callee[k] && emittable(co, c->in.sigs[i], i)) {
			if (me.truncated) {
				if (!lost++)
					first_lost = i;
				continue;
			}
			co->st.functions++;
			co->st.diverged++;
			report(c, co, i, FK_UNOBSERVED, why, 0, 0, 0);
		}
	}
	for (unsigned k = 0; k < b->count && me.truncated && c->opt.callers; k++) {
		unsigned i = co->order[b->first + k];
		/* gcnabi emit writes a caller for every callable convention */
		if (!o.seen_caller[k] && emittable(co, c->in.sigs[i], i) && conv_callable((CallConv)c->in.sigs[i]->cc) &&
		    !(lost + calls_lost++))
			first_lost = i;
	}
	if (any && me.truncated && (lost || calls_lost))
		cut_short(c, co, &me, b->kernel, first_lost, lost, calls_lost);
	unmap_file(text, len);
	free(o.seen_callee);
	free(o.seen_caller);
	free(o.callee_seen);
	return any || !expected || no_output(text, len, b->kernel, &me, bad, badcap);
}

/* --- call graphs ------------------------------------------------------------- */

static int sig_named(const Check *c, const char *name)
{
	for (unsigned i = 0; i < c->in.nsigs; i++)
		if (strcmp(c->in.sigs[i]->name, name) == 0)
			return (int)i;
	return -1;
}

typedef struct {
	Check *c;
	Combo *co;
	bool *seen;
	bool kernel_pass; /* this pass reads the kernels (HSA metadata), not the MIR */
	MirCall *call;    /* the call site being compared, its undef arguments marked */
} GraphPass;

/* A graph's kernels are read from the HSA metadata of a second, amdhsa
 * compilation (Batch.kernel); the MIR pass reads everything else and every
 * call site, the kernels' too. */
static bool in_pass(const GraphPass *g, int i)
{
	return i >= 0 && g->co->in_graph[i] && !g->seen[i] && (conv_in_family((CallConv)g->c->in.sigs[i]->cc, FAMILY_KERNEL)) == g->kernel_pass;
}

static int graph_callee_sink(void *ctx, const MirFunction *f)
{
	GraphPass *g = ctx;
	int i = sig_named(g->c, f->name);
	if (!in_pass(g, i) || f->truncated)
		return 0;
	g->seen[i] = true;
	const Placement *judged = compare_callee(g->c, g->co, (unsigned)i, f);
	if (!f->failed)
		keep(&g->co->kept_callee[i], judged);
	return 0;
}

/* An argument gcnabi's caller passes as undef (cc_body_uses: bfloat on llc
 * 14/15 SelectionDAG) leaves nothing to see. At a direct call the observer
 * reads that from the callee's header; at an indirect one it cannot, and the
 * cross-version link would take the missing parts for parts left unwritten
 * (seed 20261202: llc 15 callers against llc 16 callees), and trailing ones
 * for arguments not passed (seed 20261204: `fastcc void (i32, bfloat)`
 * through a pointer, "caller has 1 arguments, callee 2"). */
static void mark_undef_args(Placement *call, const Sig *callee, const ModelConfig *m)
{
	if (!call)
		return;
	bool trailing_unused = call->nargs < callee->nparams;
	for (unsigned k = 0; k < callee->nparams && k < SIG_MAX_PARAMS; k++) {
		bool used = cc_body_uses(callee, k, m);
		if (!used)
			call->unused[k / 64] |= UINT64_C(1) << (k % 64);
		if (k >= call->nargs && used)
			trailing_unused = false;
	}
	for (unsigned k = call->nargs; trailing_unused && k < callee->nparams && k < SIG_MAX_PARAMS; k++)
		call->args[k] = (PartRange){ (uint16_t)call->nlocs, 0 };
	if (trailing_unused)
		call->nargs = (uint16_t)(callee->nparams < SIG_MAX_PARAMS ? callee->nparams : SIG_MAX_PARAMS);
}

/* --as-written: the MIR call of edge e, the k-th call of f to its callee
 * when it is the k-th edge of f to it (NULL: llc's code has no such call,
 * one it removed as dead); a call through a pointer or to an intrinsic in
 * between has no edge, so calls are matched by name, not by position. */
static const MirCall *call_by_name(const Check *c, const MirFunction *f, unsigned e)
{
	const CallEdge *edge = &c->in.edges[e];
	unsigned k = 0;
	for (unsigned x = 0; x < e; x++)
		k += c->in.edges[x].from == edge->from && c->in.edges[x].to == edge->to;
	const char *name = c->in.sigs[edge->to]->name;
	for (unsigned n = 0; n < f->ncalls; n++)
		if (strcmp(f->calls[n].callee, name) == 0 && k-- == 0)
			return &f->calls[n];
	return 0;
}

/* Whether llc's output must hold function i: as written, only a define. */
static bool expected_in_output(const Check *c, unsigned i)
{
	return !c->in.as_written || c->in.sigs[i]->is_define;
}

static int graph_call_sink(void *ctx, const MirFunction *f)
{
	GraphPass *g = ctx;
	Check *c = g->c;
	Combo *co = g->co;
	int i = sig_named(c, f->name);
	if (i < 0 || !co->in_graph[i] || g->seen[i] || f->truncated)
		return 0;
	g->seen[i] = true;
	unsigned n = 0;
	for (unsigned e = 0; e < c->in.nedges; e++) {
		const CallEdge *edge = &c->in.edges[e];
		if (edge->from != (unsigned)i || !co->in_graph[edge->to])
			continue;
		char site[4 * SIG_NAME_MAX + 600];
		snprintf(site, sizeof site, "@%s -> %s@%s (%s %u of @%s, %s:%u)", f->name, edge->indirect ? "* " : "",
			 c->in.sigs[edge->to]->name, edge->chain ? "chain call" : "call", n + 1, f->name, c->in.path,
			 edge->line);
		c->report.site = site;
		const MirCall *mc = f->failed ? 0 : c->in.as_written ? call_by_name(c, f, e) : n < f->ncalls ? &f->calls[n] : 0;
		if (c->in.as_written && !f->failed && !mc) {
			co->st.calls_gone++;
		} else if (!mc) {
			co->st.calls++;
			co->st.calls_diverged++;
			report(c, co, edge->to, FK_UNOBSERVED_CALL, f->failed ? f->error : "call site not found in llc's MIR", 0,
			       0, 0);
		} else {
			*g->call = *mc;
			mark_undef_args(&g->call->out, c->in.sigs[edge->to], &co->m);
			const Placement *judged = compare_caller(c, co, edge->to, g->call, co->kept_callee[edge->to],
								 edge->indirect, edge->tail);
			if (co->kept_call)
				keep(&co->kept_call[e], judged);
		}
		if (edge->chain)
			check_chain_call(c, co, edge, mc);
		c->report.site = 0;
		n++;
	}
	return 0;
}

bool observe_graph(Check *c, const Batch *b, const char *mir, char *bad, size_t badcap)
{
	Combo *co = &c->combos[b->combo];
	if (!batch_functions(c, b))
		return true;
	size_t len = 0;
	char why[512];
	const char *text = map_file(mir, &len, why, sizeof why);
	GraphPass g = { c, co, calloc(c->in.nsigs ? c->in.nsigs : 1, 1), b->kernel, malloc(sizeof(MirCall)) };
	if (!g.seen || !g.call) {
		fprintf(stderr, "gcnabi check: out of memory observing %s\n", mir);
		exit(EXIT_ERROR);
	}
	MirError me = { 0 };
	if (text && b->kernel) {
		hsa_observe(text, len, graph_callee_sink, &g, &me);
		snprintf(why, sizeof why, "kernel missing from llc's HSA metadata");
	} else if (text) {
		mir_observe(text, len, graph_callee_sink, &g, &me);
		memset(g.seen, 0, c->in.nsigs);
		mir_observe(text, len, graph_call_sink, &g, 0);
		snprintf(why, sizeof why, "function missing from llc's MIR");
	}
	bool any = false;
	for (unsigned i = 0; i < c->in.nsigs; i++)
		any |= in_graph_batch(c, b, i) && g.seen[i];
	unsigned lost = 0, first_lost = 0;
	for (unsigned i = 0; i < c->in.nsigs && any; i++)
		if (in_graph_batch(c, b, i) && !g.seen[i] && expected_in_output(c, i) && me.truncated) {
			if (!lost++)
				first_lost = i;
		} else if (in_graph_batch(c, b, i) && !g.seen[i] && expected_in_output(c, i)) {
			co->st.functions++;
			co->st.diverged++;
			report(c, co, i, FK_UNOBSERVED, why, 0, 0, 0);
		}
	unsigned calls_lost = 0; /* the call sites of the functions cut off */
	for (unsigned e = 0; e < c->in.nedges && lost; e++)
		calls_lost += in_graph_batch(c, b, c->in.edges[e].from) && !g.seen[c->in.edges[e].from] &&
			      co->in_graph[c->in.edges[e].to];
	if (any && lost)
		cut_short(c, co, &me, b->kernel, first_lost, lost, calls_lost);
	unmap_file(text, len);
	free(g.seen);
	free(g.call);
	return any || no_output(text, len, b->kernel, &me, bad, badcap);
}
