/* check's runs: a pool of llc processes fed from the queue, each batch in
 * files of its own in a temporary folder; a batch llc fails on is bisected
 * down to the function (call graphs: the graph) responsible, and that
 * failure is a finding with llc's own first error line. Failures of the
 * machine, and batches whose parts all pass, go to check_fault.c. */
#define _GNU_SOURCE /* asprintf */
#include <dirent.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

bool check_make_tmp(Check *c)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(c->run.tmp_dir, sizeof c->run.tmp_dir, "%s/gcnabi-check-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(c->run.tmp_dir)) {
		fprintf(stderr, "gcnabi check: cannot create a temporary folder: %s\n", strerror(errno));
		c->run.tmp_dir[0] = 0;
		return false;
	}
	return true;
}

void check_remove_tmp(const Check *c)
{
	if (!c->run.tmp_dir[0])
		return;
	DIR *d = opendir(c->run.tmp_dir);
	if (d) {
		struct dirent *e;
		char path[900];
		while ((e = readdir(d)))
			if (e->d_name[0] != '.') {
				snprintf(path, sizeof path, "%s/%s", c->run.tmp_dir, e->d_name);
				unlink(path);
			}
		closedir(d);
	}
	rmdir(c->run.tmp_dir);
}

void batch_paths(const Check *c, unsigned serial, char *ll, char *mir, char *err, size_t cap)
{
	snprintf(ll, cap, "%s/b%u.ll", c->run.tmp_dir, serial);
	snprintf(mir, cap, "%s/b%u.mir", c->run.tmp_dir, serial);
	snprintf(err, cap, "%s/b%u.err", c->run.tmp_dir, serial);
}

/* llc and the model both refuse: agreement only when their reasons are of
 * one class and that class is about the convention. The same selection
 * failure is a note that nothing was observed; classes that differ are a
 * finding. */
static FindingKind both_refused_kind(RefusalClass llc, RefusalClass model, bool call)
{
	if (llc != model)
		return call ? FK_REFUSED_OTHERWISE_CALL : FK_REFUSED_OTHERWISE;
	if (!refusal_classes[llc].convention)
		return call ? FK_BODY_REFUSED_CALL : FK_BODY_REFUSED;
	return call ? FK_BOTH_REFUSED_CALL : FK_BOTH_REFUSED;
}

static void count_refused(Stats *st, FindingKind k)
{
	switch (k) {
	case FK_LLC_REFUSED: case FK_REFUSED_OTHERWISE: st->llc_refused++; break;
	case FK_BOTH_REFUSED: st->both_refused++; break;
	case FK_BODY_REFUSED: st->body_refused++; break;
	case FK_LLC_REFUSED_CALL: case FK_REFUSED_OTHERWISE_CALL: st->calls_refused++; break;
	case FK_BOTH_REFUSED_CALL: st->calls_both_refused++; break;
	case FK_BODY_REFUSED_CALL: st->calls_body_refused++; break;
	default: break;
	}
}

/* llc failed on function i; limit (FK_HANG, FK_OUT_OF_MEMORY or 0): it
 * ran out of time or memory, never an answer, whatever the model expects. */
static void report_refused(Check *c, Combo *co, unsigned i, const char *line, const Placement *model, bool call,
			   FindingKind limit)
{
	RefusalClass llc = llc_refusal_class(line);
	FindingKind refused = call ? FK_LLC_REFUSED_CALL : FK_LLC_REFUSED;
	FindingKind k = limit ? limit : model->ok ? refused : both_refused_kind(llc, (RefusalClass)model->refusal, call);
	count_refused(&co->st, limit ? refused : k);
	const char *note = k == FK_BOTH_REFUSED || k == FK_BOTH_REFUSED_CALL ? "the model refuses it too, for the same reason"
			   : finding_kinds[k].cls == FC_NOTE ? "the model predicts it: llc cannot select the body" : 0;
	report_finding(c, &(Finding){ .kind = k, .co = co, .sig = i, .why = line, .explained_by = note,
				      .expected = model, .llc_refusal = llc,
				      .model_refusal = model->ok ? REFUSAL_NONE : (RefusalClass)model->refusal });
}


/* --as-written: llc's error is its parser's, at a position of the module
 * ("b0.ll:9:34: error: ..."): the start of that position, else NULL. */
static const char *parse_error_at(const char *line)
{
	for (const char *p = strstr(line, ".ll:"); p; p = strstr(p + 1, ".ll:")) {
		const char *q = p + 4;
		if (!isdigit((unsigned char)*q))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q++ != ':' || !isdigit((unsigned char)*q))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		/* llc 14 on opaque pointers warns at the position first, then fails */
		if (strncmp(q, ": error:", 8) == 0 || strncmp(q, ": warning:", 10) == 0)
			return p + 4;
	}
	return 0;
}

/* The function llc's error line names ("in function: NAME", "in function
 * NAME"), as a signature index; -1 when it names none gcnabi read. */
static int named_function(const Check *c, const char *line)
{
	const char *p = strstr(line, "in function");
	if (!p)
		return -1;
	p += 11;
	p += *p == ':';
	while (*p == ' ')
		p++;
	size_t n = strcspn(p, " :)\n");
	for (unsigned i = 0; i < c->in.nsigs; i++)
		if (strlen(c->in.sigs[i]->name) == n && strncmp(c->in.sigs[i]->name, p, n) == 0)
			return (int)i;
	return -1;
}

/* --- check --as-written: a module that fails whole (check.h) ------------- */

/* Each define of kernel batch b counted not observed, with a note why. */
static void kernels_unobserved(Check *c, const Batch *b, Combo *co, const char *why)
{
	for (unsigned i = 0; i < c->in.nsigs; i++)
		if (in_graph_batch(c, b, i) && c->in.sigs[i]->is_define) {
			co->st.not_emitted++;
			report(c, co, i, FK_NOT_IN_GRAPH, why, 0, 0, 0);
		}
}

/* A failure that is not the compiler's finding but a note: the kernel
 * pass's amdhsa module refused for the graphics shaders it holds, or a
 * module this llc cannot parse (once, by the MIR pass). True when one. */
static bool module_note(Check *c, const Batch *b, Combo *co, const char *line)
{
	char said[900];
	if (b->kernel && strstr(line, "non-compute shaders with HSA")) {
		snprintf(said, sizeof said, "kernels not observed: they are read from the module compiled for amdhsa, "
					    "which does not take its graphics shaders (%s)", line);
		kernels_unobserved(c, b, co, said);
		return true;
	}
	const char *at = parse_error_at(line);
	if (!at)
		return false;
	snprintf(said, sizeof said, "this llc cannot read the module: %s:%s", c->in.path, at);
	for (unsigned i = 0; i < c->in.nsigs; i++)
		co->st.not_emitted += in_graph_batch(c, b, i) && c->in.sigs[i]->is_define;
	if (!b->kernel) /* the kernel pass's module is the same text: said once */
		report(c, co, batch_first(c, b), FK_NOT_PARSED, said, 0, 0, 0);
	return true;
}

/* The function of the module the model refuses (either view; its refusal
 * left in c->model) that explains llc's failure: the one llc's error
 * names (named), or, naming none, one refused for the same class of
 * reason about the convention; -1: none, the failure is llc's (a module
 * holds more than one function). */
static int refused_explaining(Check *c, Combo *co, const char *line, int named)
{
	for (unsigned i = 0; i < c->in.nsigs; i++) {
		if (!co->in_graph[i] || (cc_place(c->in.sigs[i], &co->m, VIEW_CALLEE, c->model) &&
					 cc_place(c->in.sigs[i], &co->m, VIEW_CALLER, c->model)))
			continue;
		bool explains = named >= 0 ? (unsigned)named == i
					   : both_refused_kind(llc_refusal_class(line), (RefusalClass)c->model->refusal,
							       false) == FK_BOTH_REFUSED;
		if (explains)
			return (int)i;
	}
	return -1;
}

/* Function i of a generated graph makes a musttail call that -tailcallopt
 * forbids: of a callee other than a fastcc one of a fastcc caller. */
static bool makes_forbidden_tail_call(const Check *c, unsigned i)
{
	for (unsigned x = 0; x < c->in.nedges; x++) {
		const Sig *from = c->in.sigs[i], *to = c->in.sigs[c->in.edges[x].to];
		if (c->in.edges[x].from == i && !(from->cc == CC_FAST && to->cc == CC_FAST) &&
		    graph_call_kind(c->in.sigs, c->in.sigs, c->in.edges, c->in.nedges, x) == CALL_MUSTTAIL)
			return true;
	}
	return false;
}

/* -tailcallopt makes a tail call required, and llc refuses one it cannot
 * make, as LLVM's unsupported-calls.ll expects: the option's documented
 * effect, a note, not a crash. Its reason, or NULL when line is none. */
static const char *tailcallopt_refusal(const Check *c, const Combo *co, const Batch *b, const char *line, int named)
{
	if (!llc_options_tailcallopt(&c->opt))
		return 0;
	if (strstr(line, "unsupported required tail call"))
		return "-tailcallopt: llc refuses a tail call the option requires and it cannot make";
	/* GlobalISel says the same by not translating the call (its
	 * isEligibleForTailCallOptimization, as SelectionDAG's, takes only a
	 * fastcc callee of a fastcc caller under the option): a function of
	 * gcnabi's graph whose last call is such a musttail call */
	if (co->sel == SEL_GISEL && b->graph && !c->in.as_written && named >= 0 &&
	    strstr(line, "unable to translate instruction: call") && makes_forbidden_tail_call(c, (unsigned)named))
		return "-tailcallopt: GlobalISel does not translate a tail call the option requires and it cannot make";
	return 0;
}

/* One function (call graphs: one graph) that llc fails on, twice if a
 * signal killed it: a compiler finding. */
static void leaf_failed(Check *c, const Batch *b, const Proc *p, char *line, bool out_of_memory)
{
	Combo *co = &c->combos[b->combo];
	if (!co->mir_failed)
		co->mir_failed = calloc(c->in.nsigs ? c->in.nsigs : 1, sizeof *co->mir_failed);
	for (unsigned i = 0; co->mir_failed && i < c->in.nsigs; i++)
		co->mir_failed[i] |= b->graph ? in_graph_batch(c, b, i) : i == co->order[b->first];
	/* Out of time or memory is never an answer, whatever the model expects. */
	FindingKind limit = p->timed_out ? FK_HANG : out_of_memory ? FK_OUT_OF_MEMORY : 0;
	char text[700];
	if (limit == FK_OUT_OF_MEMORY) {
		out_of_memory_line(c, line, text, sizeof text);
		line = text;
	}
	if (!limit && is_verifier_error(line)) {
		/* Bad machine code is a bug whatever the model expects; the same
		 * module without the verifier shows the ABI all the same. */
		co->st.verifier++;
		report(c, co, b->graph ? batch_first(c, b) : co->order[b->first], FK_VERIFIER_ERROR, line, 0, 0, 0);
		Batch again = *b;
		again.unverified = true;
		again.fresh = again.retry = false;
		again.parent = 0;
		push_batch(c, again);
		return;
	}
	int named = b->graph ? named_function(c, line) : -1;
	if (b->graph && c->in.as_written && !limit && module_note(c, b, co, line))
		return;
	const char *tco = limit ? 0 : tailcallopt_refusal(c, co, b, line, named);
	if (tco) {
		co->st.functions++;
		co->st.both_refused++;
		report(c, co, named >= 0 ? (unsigned)named : b->graph ? batch_first(c, b) : co->order[b->first],
		       FK_BOTH_REFUSED, line, 0, 0, tco);
		return;
	}
	int why = b->graph && c->in.as_written && !limit ? refused_explaining(c, co, line, named) : -1;
	if (why >= 0 && b->kernel) {
		/* the MIR pass's module reports it; the kernels go unobserved */
		kernels_unobserved(c, b, co, "kernels not observed: llc fails on the module, as the model of one of its "
					     "functions predicts");
		return;
	}
	if (why >= 0) {
		co->st.functions++;
		report_refused(c, co, (unsigned)why, line, c->model, false, 0);
		return;
	}
	if (b->graph) {
		co->st.llc_refused++;
		report(c, co, named >= 0 ? (unsigned)named : batch_first(c, b), limit ? limit : FK_LLC_REFUSED_GRAPH, line,
		       0, 0, 0);
		return;
	}
	unsigned i = co->order[b->first];
	if (b->callers && conv_callable((CallConv)c->in.sigs[i]->cc)) {
		/* Find out whether the callee alone compiles. */
		Batch alone = *b;
		alone.callers = false;
		alone.fresh = false;
		alone.retry = false;
		alone.parent = 0;
		co->st.calls++;
		cc_place(c->in.sigs[i], &co->m, VIEW_CALLER, c->model_caller);
		report_refused(c, co, i, line, c->model_caller, true, limit);
		push_batch(c, alone);
		return;
	}
	co->st.functions++;
	cc_place(c->in.sigs[i], &co->m, VIEW_CALLEE, c->model);
	report_refused(c, co, i, line, c->model, false, limit);
}

static void batch_failed(Check *c, const Batch *b, const Proc *p, const char *ll, const char *err)
{
	bool oom;
	if (machine_fault(c, b, p, err, &oom))
		return;
	if (b->retry && b->count > 1) {
		whole_failed_again(c, b, p, ll, err, oom);
		return;
	}
	char *line = failure_line(c, p, err);
	if (!line) {
		fprintf(stderr, "gcnabi check: out of memory after a failed batch\n");
		exit(EXIT_ERROR);
	}
	/* Out of time or memory: around the function LLVM's stack dump names
	 * (run.c stops llc with SIGXCPU), else one function at a time, where
	 * halving would pay the limit at every level. */
	if (b->count > 1 && (p->timed_out || oom)) {
		if (!split_named(c, b, err, line))
			split_each(c, b, line);
	} else if (b->count > 1)
		split_batch(c, b, line);
	else if (p->sig && !p->timed_out && !b->retry && !llc_diagnosed(line))
		retry_leaf(c, b, line);
	else {
		leaf_failed(c, b, p, line, oom);
		settle(c, b->parent, true);
	}
	free(line);
}

static void batch_done(Check *c, const Batch *b, const Proc *p)
{
	char ll[600], mir[600], err[600], why[600];
	batch_paths(c, c->run.batch_serial, ll, mir, err, sizeof ll);
	c->report.failure.set = false;
	Combo *co = &c->combos[b->combo];
	co->st.llc_seconds += p->seconds;
	bool failed = p->status != 0 || p->timed_out;
	if (failed && co->unusable)
		batch_dropped(c, b);
	else if (failed)
		batch_failed(c, b, p, ll, err);
	else if (b->retry && b->count > 1)
		retry_passed(c, b, ll); /* its halves were observed */
	else if (!(b->graph ? observe_graph(c, b, mir, why, sizeof why) : observe_batch(c, b, mir, why, sizeof why)))
		bad_output(c, b, why);
	else {
		if (b->retry)
			retry_passed(c, b, ll); /* a leaf: its results are this run's */
		else
			settle(c, b->parent, false);
		final_batch_observed(c, b);
	}
	unlink(mir);
	unlink(err);
	unlink(ll);
	c->report.failure.set = false; /* none but this run's findings are about its failure */
}

/* The jobs: llc on a batch of the MIR pass, or on a piece of the final
 * code (final: check_final.c holds it). */
typedef struct {
	Proc procs[MAX_JOBS];
	bool final[MAX_JOBS];
	Batch running[MAX_JOBS];
	unsigned serial[MAX_JOBS];
	int llc_slot[MAX_JOBS]; /* the --llc-slots slot it holds, or -1 */
	int nrun;
	unsigned next_serial;
} Pool;

/* Start queued batches while a job slot is free; then pieces of the final
 * code. */
static bool start_batches(Check *c, Pool *pool)
{
	CheckRun *r = &c->run;
	Slots *slots = &c->opt.slots;
	while ((r->nqueue || final_waiting(c)) && pool->nrun < (int)c->opt.jobs) {
		int llc_slot = -1;
		if (slots->fd >= 0) {
			/* Wait for a shared slot only when none of our llc runs;
			 * otherwise check_run looks again while it waits for them. */
			llc_slot = slots_take(slots, pool->nrun == 0);
			if (llc_slot == -2) {
				fprintf(stderr, "gcnabi check: --llc-slots: cannot lock a slot: %s\n", strerror(errno));
				return false;
			}
			if (llc_slot < 0)
				return true;
		}
		int slot = 0;
		while (pool->procs[slot].pid > 0)
			slot++;
		if (!r->nqueue) {
			if (!final_start(c, slot, &pool->procs[slot])) {
				slots_give(slots, llc_slot);
				return true;
			}
			pool->final[slot] = true;
			pool->llc_slot[slot] = llc_slot;
			pool->nrun++;
			continue;
		}
		Batch b = r->queue[--r->nqueue];
		if (c->combos[b.combo].unusable) {
			slots_give(slots, llc_slot);
			batch_dropped(c, &b);
			continue;
		}
		char ll[600], mir[600], err[600], cpu_arg[64], mattr[64];
		unsigned s = pool->next_serial++;
		batch_paths(c, s, ll, mir, err, sizeof ll);
		if (!write_batch_ir(c, &b, ll)) {
			slots_give(slots, llc_slot);
			fprintf(stderr, "gcnabi check: cannot write %s\n", ll);
			return false;
		}
		char *argv[LLC_ARGV_MAX];
		llc_argv(&c->combos[b.combo], b.kernel ? LLC_KERNEL_ASM : LLC_MIR, !b.unverified, ll, mir, argv, cpu_arg, mattr);
		if (!proc_start(&pool->procs[slot], argv, mir, err, c->opt.mem_mb)) {
			slots_give(slots, llc_slot);
			fprintf(stderr, "gcnabi check: cannot start %s\n", argv[0]);
			return false;
		}
		pool->running[slot] = b;
		pool->final[slot] = false;
		pool->serial[slot] = s;
		pool->llc_slot[slot] = llc_slot;
		pool->nrun++;
	}
	return true;
}

/* Whether the MIR pass has work of combination k queued or running. */
static bool mir_pending(const Check *c, const Pool *pool, int k)
{
	for (unsigned q = 0; q < c->run.nqueue; q++)
		if (c->run.queue[q].combo == k)
			return true;
	for (int j = 0; j < MAX_JOBS; j++)
		if (pool->procs[j].pid > 0 && !pool->final[j] && pool->running[j].combo == k)
			return true;
	return false;
}

int check_run(Check *c)
{
	Pool pool = { 0 };
	for (;;) {
		if (!start_batches(c, &pool))
			return EXIT_ERROR;
		if (pool.nrun == 0) {
			/* The MIR pass is done: the final code of what is left. */
			bool more = false;
			for (int k = 0; k < c->ncombos; k++)
				more |= final_mir_done(c, k);
			if (more)
				continue;
			return 0;
		}
		/* With shared slots and a free job of ours, look for a slot
		 * every 20 ms while waiting. */
		bool want_slot = c->opt.slots.fd >= 0 && (c->run.nqueue || final_waiting(c)) && pool.nrun < (int)c->opt.jobs;
		int done = proc_wait_any_for(pool.procs, (int)c->opt.jobs, c->opt.timeout, want_slot ? 0.02 : 0);
		if (done == -2)
			continue;
		if (done < 0)
			return 0;
		/* llc is done with the slot: give it back before reading its MIR. */
		slots_give(&c->opt.slots, pool.llc_slot[done]);
		pool.nrun--;
		if (pool.final[done]) {
			/* Its final code is checked before the slot is used again. */
			final_done(c, done, &pool.procs[done]);
			continue;
		}
		Batch finished = pool.running[done];
		Proc result = pool.procs[done];
		c->run.batch_serial = pool.serial[done];
		/* The next batch starts before this one is read, so llc never
		 * waits for the observer. */
		if (!start_batches(c, &pool))
			return EXIT_ERROR;
		batch_done(c, &finished, &result);
		/* A call graph's final code once the MIR pass is done with it. */
		if (c->in.graph && !mir_pending(c, &pool, finished.combo))
			final_mir_done(c, finished.combo);
	}
}
