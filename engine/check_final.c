/* check --final-code: after the MIR pass, each combination's functions and
 * their callers compiled to final code (`-filetype=asm`, with
 * -enable-ipra=0: the contract is the convention's, not what llc knows of
 * a callee in the same module) and checked against the contract by the
 * final-code checker (final_code.c). A violation the model predicts (a
 * call argument where the model's own caller and callee disagree) is
 * explained; any other is a divergence (final-code); a verdict the checker
 * cannot reach is a note with its reason (final-code-unknown), never a
 * pass. llc writes to stdout, so an error that names functions leaves the
 * others' final code, checked from that run. A module llc fails on is
 * split down to single functions (a call graph's module: single
 * components), which the MIR pass compiled: llc
 * failing on one of those in a pass after the MIR pass's stop (running
 * past --timeout or out of --mem-limit there) is a compiler finding of
 * its own (final-code-refused), its module kept; the machine's faults are
 * told apart as in the MIR pass (check_fault.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "check.h"
#include "ir_text.h"
#include "final.h"
#include "check_final_impl.h"

static void no_memory(void)
{
	fprintf(stderr, "gcnabi check: --final-code: out of memory\n");
	exit(EXIT_ERROR);
}

/* items (of *cap, n used) with room for one more. */
static void *room(void *items, unsigned *cap, unsigned n, size_t size)
{
	if (n < *cap)
		return items;
	unsigned more = *cap ? *cap * 2 : 64;
	void *p = realloc(items, more * size);
	if (!p)
		no_memory();
	*cap = more;
	return p;
}

static void queue_piece(FinalPass *f, Piece p)
{
	f->queue = room(f->queue, &f->cap, f->nqueue, sizeof *f->queue);
	f->queue[f->nqueue++] = p;
}

static void paths(const Check *c, const Piece *p, Running *r)
{
	snprintf(r->ll, sizeof r->ll, "%s/final-%d-%u-%u.ll", c->run.tmp_dir, p->combo, p->first, p->n);
	snprintf(r->s, sizeof r->s, "%s/final-%d-%u-%u.s", c->run.tmp_dir, p->combo, p->first, p->n);
	snprintf(r->err, sizeof r->err, "%s/final-%d-%u-%u.err", c->run.tmp_dir, p->combo, p->first, p->n);
}

static void push(FinalPass *f, int combo, unsigned first, unsigned n, unsigned parent)
{
	queue_piece(f, (Piece){ .combo = combo, .first = first, .n = n, .parent = parent });
}

/* A new split of piece p, waiting for `pending` parts; its 1-based index. */
static unsigned new_split(FinalPass *f, const Piece *p, unsigned pending, const char *line)
{
	f->splits = room(f->splits, &f->capsplits, f->nsplits, sizeof *f->splits);
	FinalSplit *s = &f->splits[f->nsplits++];
	*s = (FinalSplit){ .node = { .parent = p->parent, .pending = pending }, .piece = *p };
	snprintf(s->error, sizeof s->error, "%s", line);
	return f->nsplits;
}

/* A part of split `parent` is accounted for (failed: it or a part of it
 * was reported). The last part to settle a split whose parts all
 * compiled queues its piece once more whole. */
static void final_settle(FinalPass *f, unsigned parent, bool failed)
{
	unsigned again = split_settle(f->splits, sizeof *f->splits, parent, failed);
	if (again) {
		Piece whole = f->splits[again - 1].piece;
		whole.parent = again;
		whole.whole = true;
		whole.retry = whole.unverified = whole.uniform = false;
		whole.lanes = 0;
		queue_piece(f, whole);
	}
}

/* A failure on a module that passes lane-varying values inreg, in its
 * finding's words (its cause too: the same message on a module without
 * them is another cause). */
#define LANE_VARYING_PREFIX "with lane-varying values passed inreg: "

/* Whether the piece's module passes lane-varying values inreg: a
 * "gcnabi-divergent" function's callers do, unless made uniform. */
static bool lane_varying(const Check *c, const Piece *p, const unsigned *fns)
{
	if (c->in.as_written || p->uniform)
		return false;
	for (unsigned i = 0; c->in.graph && i < c->in.nsigs; i++)
		if (in_piece(c, p, i) && has_body(c->in.sigs[i], BODY_DIVERGENT))
			return true;
	for (unsigned k = p->first; !c->in.graph && fns && k < p->first + p->n; k++)
		if (has_body(c->in.sigs[fns[k]], BODY_DIVERGENT))
			return true;
	return false;
}

/* Write the piece's module and start llc on it; false when it cannot be. */
static bool start(Check *c, const Piece *p, const unsigned *const *fns, Running *r, Proc *proc)
{
	Combo *co = &c->combos[p->combo];
	char why[256], cpu_arg[64], mattr[64];
	r->piece = *p;
	r->fns = fns ? fns[p->combo] : 0;
	r->ir = (Buf){ 0 };
	paths(c, p, r);
	bool graph = c->in.graph;
	EmitOptions o = emit_options(co, graph || c->opt.callers);
	o.uniform_inreg = p->uniform;
	/* The body no selector balks at and no register allocator spends
	 * minutes on (EmitOptions.final_body) */
	o.final_body = true;
	o.wide_memory = co->sel == SEL_GISEL;
	bool emitted = true;
	if (graph && c->in.as_written)
		buf_put(&r->ir, c->in.text, c->in.len); /* the module as it is */
	else if (graph) {
		bool include[c->in.nsigs + 1];
		for (unsigned i = 0; i < c->in.nsigs; i++)
			include[i] = in_piece(c, p, i);
		emitted = emit_graph(&r->ir, c->in.sigs, include, c->in.nsigs, c->in.edges, c->in.nedges, &o, why, sizeof why);
	}
	for (unsigned k = p->first; !graph && k < p->first + p->n; k++)
		emit_function(&r->ir, c->in.sigs[fns[p->combo][k]], fns[p->combo][k], &o, why, sizeof why);
	FILE *f = emitted ? fopen_fresh(r->ll) : 0;
	bool ok = f && !r->ir.failed && fwrite(r->ir.p, 1, r->ir.n, f) == r->ir.n;
	if (f)
		ok = fclose(f) == 0 && ok;
	char *argv[LLC_ARGV_MAX];
	/* to stdout (r->s): llc deletes its -o file when it fails */
	llc_argv(co, LLC_FINAL_ASM, c->opt.final_verify && !p->unverified, r->ll, "-", argv, cpu_arg, mattr);
	*proc = (Proc){ 0 };
	return ok && proc_start(proc, argv, r->s, r->err, c->opt.mem_mb);
}

/* The functions of the piece llc's errors name (check_fault.c
 * errors_name): the first one's name into name and its signature returned
 * (-1: they name none of the piece's); with hit (one flag per position of
 * the piece), every one of them flagged there. */
typedef struct {
	const Check *c;
	const Running *r;
	char *name;
	size_t cap;
	bool *hit;
	int at;
} Named;

static bool named_in_piece(void *ctx, int sig, const char *name)
{
	Named *n = ctx;
	int k = piece_position(n->c, n->r, sig);
	if (k < 0)
		return true;
	if (n->at < 0) {
		n->at = sig;
		snprintf(n->name, n->cap, "%s", name);
	}
	if (n->hit)
		n->hit[(unsigned)k - n->r->piece.first] = true;
	return n->hit != 0;
}

static int failed_function(const Check *c, const Running *r, char *name, size_t cap, bool *hit)
{
	Named n = { c, r, name, cap, hit, -1 };
	errors_name(c, r->err, named_in_piece, &n);
	return n.at;
}

/* llc fails on the final code of one function (call graphs: one graph)
 * the MIR pass compiled, or of a piece only together: a compiler failure
 * the MIR pass never sees, with llc's first error line (together: and
 * that its parts compile), the function its errors name and the module.
 * rerun: its functions are compiled once more (without the verifier). */
/* A failure of GlobalISel's legalizer or selector on a load or store of
 * the body's own memory: its globals (gcnabi emit's @gcnabi.<i>.in/out/ret...)
 * or what an IR value points to (%ir.<name>: a caller's byval copy, a
 * byval or byref argument's object); what the body does with a value
 * (odd-width vectors, pointers in vectors), not how it is passed, which
 * moves values through the stack as %fixed-stack.<n> and stack+<n>. */
static bool body_memory_failure(const char *line)
{
	static const char *const ops[] = { "G_STORE ", "G_LOAD ", "G_ZEXTLOAD ", "G_SEXTLOAD " };
	bool op = false;
	for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
		op |= strstr(line, ops[k]) != 0;
	return op && (strstr(line, "@gcnabi.") || strstr(line, "%ir.")) &&
	       (strstr(line, "unable to legalize instruction") || strstr(line, "cannot select"));
}

static void refused(Check *c, const Running *r, const char *line, bool oom, bool rerun)
{
	Combo *co = &c->combos[r->piece.combo];
	FindingKind kind = !oom && body_memory_failure(line) ? FK_FINAL_CODE_BODY_REFUSED : FK_FINAL_CODE_REFUSED;
	char text[700], together[900], head[1000], kept[700], name[ASM_NAME_MAX];
	if (oom) {
		out_of_memory_line(c, line, text, sizeof text);
		line = text;
	}
	if (r->piece.whole) {
		snprintf(together, sizeof together, "llc fails on the final code of %u functions together, on none of its "
			 "parts: %s", piece_functions(c, &r->piece), line);
		line = together;
	} else if (!rerun)
		co->final.llc_failed += piece_functions(c, &r->piece);
	*(kind == FK_FINAL_CODE_REFUSED ? &co->final.refused : &co->final.body_refused) += 1;
	snprintf(head, sizeof head, "%s: %s", finding_kinds[kind].name, line);
	keep_final(c, co, r, head, 0, 0, kept, sizeof kept);
	const FinalWhere where = { failed_function(c, r, name, sizeof name, 0) >= 0 ? name : 0, 0, 0, r->piece.uniform };
	c->report.module = kept[0] ? kept : 0;
	finding_write(c, &(Finding){ .kind = kind, .co = co, .sig = piece_sig(c, r), .why = line, .final = &where });
	c->report.module = 0;
}

/* llc failed on a single function (graph) that passes lane-varying
 * values inreg: the failure, the function its errors name and the module
 * kept, held (FinalPass.lanes, its last) for the run with them made
 * uniform. */
static void hold_lanes(Check *c, FinalPass *f, const Running *r, const char *line)
{
	f->lanes = room(f->lanes, &f->caplanes, f->nlanes, sizeof *f->lanes);
	LaneFailure *l = &f->lanes[f->nlanes++];
	char head[1300];
	*l = (LaneFailure){ .failure = c->report.failure };
	snprintf(l->why, sizeof l->why, "%s%s", LANE_VARYING_PREFIX, line);
	snprintf(head, sizeof head, "%s: %s", finding_kinds[FK_FINAL_CODE_REFUSED].name, l->why);
	if (failed_function(c, r, l->function, sizeof l->function, 0) < 0)
		l->function[0] = 0;
	keep_final(c, &c->combos[r->piece.combo], r, head, 0, 0, l->module, sizeof l->module);
}

/* The run with lane-varying values made uniform is over: compiled (ok),
 * its first run's failure was theirs, a final-code-refused finding; else
 * the failure is this run's own, and the first run's module goes. */
static void release_lanes(Check *c, FinalPass *f, const Running *r, bool ok)
{
	LaneFailure *l = r->piece.lanes ? &f->lanes[r->piece.lanes - 1] : 0;
	if (!l)
		return;
	if (!ok) {
		if (l->module[0])
			unlink(l->module);
		return;
	}
	Combo *co = &c->combos[r->piece.combo];
	co->final.refused++;
	const FinalWhere where = { l->function[0] ? l->function : 0, 0, 0, false };
	c->report.module = l->module[0] ? l->module : 0;
	c->report.failure = l->failure;
	finding_write(c, &(Finding){ .kind = FK_FINAL_CODE_REFUSED, .co = co, .sig = piece_sig(c, r), .why = l->why,
				    .final = &where });
	c->report.module = 0;
	c->report.failure.set = false;
}

/* The second run of a piece that failed once compiled it: a single
 * function (graph) a signal killed, its results this run's, or a whole
 * piece whose parts compiled (and were checked). The first run was llc's
 * own crash when llc's stack dump says so (flaky-crash), else the
 * machine's (not-reproducible). */
static void passed_again(Check *c, const Running *r, const char *error)
{
	Combo *co = &c->combos[r->piece.combo];
	FindingKind kind = strstr(error, CRASH_PREFIX) ? FK_FLAKY_CRASH : FK_NOT_REPRODUCIBLE;
	char head[400], kept[700], text[1200];
	snprintf(head, sizeof head, "%s: llc failed on its final code once (%s)", finding_kinds[kind].name, error);
	keep_final(c, co, r, head, 0, 0, kept, sizeof kept);
	if (r->piece.whole)
		snprintf(text, sizeof text, "llc failed on the final code of %u functions together (%s) and compiled them "
			 "when run again, as it compiles each of its parts (module: %s)", piece_functions(c, &r->piece), error,
			 kept[0] ? kept : "not kept");
	else
		snprintf(text, sizeof text, "llc failed once on the final code (%s) and compiled it when run again: the "
			 "results are the second run's (module: %s)", error, kept[0] ? kept : "not kept");
	if (kind == FK_FLAKY_CRASH)
		co->st.flaky++;
	else
		co->st.infra++;
	c->report.module = kept[0] ? kept : 0;
	report(c, co, piece_sig(c, r), kind, text, 0, 0, 0);
	c->report.module = 0;
}

/* The final code of the functions llc's errors did not name, from the run
 * that failed: true when it was whole and judged (check_piece). */
static bool rest_judged(Check *c, Running *r, const bool *hit)
{
	size_t alen = 0;
	char why[256];
	char *asm_text = read_file(r->s, &alen, why, sizeof why);
	LlcFailure failure = c->report.failure; /* the piece's, not its other functions' */
	c->report.failure.set = false;
	bool done = asm_text && final_check_piece(c, r, asm_text, alen, hit);
	c->report.failure = failure;
	free(asm_text);
	return done;
}

/* llc failed on the piece. The machine's part first, as in the MIR pass
 * (check_fault.c): an infrastructure finding, never bisected. Else a
 * module of several functions is split (queued): around the function
 * llc's errors name, one function at a time when a limit stopped it or a
 * signal killed it naming none (llc 16 GlobalISel: 138 s and 17 GB for
 * one aggregate; it then runs once, not in every part that holds it), in
 * halves otherwise. One function (call graph: one graph), or a whole
 * piece whose parts compiled, is a finding, after a second run when a
 * signal killed one function without llc's diagnosis. True: the piece is
 * accounted for (not split, not queued again). */
static bool piece_failed(Check *c, FinalPass *f, Running *r, const Proc *p)
{
	Combo *co = &c->combos[r->piece.combo];
	const Piece *pc = &r->piece;
	bool oom;
	char text[1100];
	/* A piece running while another found llc unusable: that one said so. */
	if (co->final.unusable) {
		co->final.llc_failed += pc->whole ? 0 : piece_functions(c, pc);
		return true;
	}
	FindingKind machine = machine_fault_kind(c, co, LLC_FINAL_ASM, p, r->err, &oom, text, sizeof text);
	if (machine != FK_COUNT) {
		co->final.unusable |= machine == FK_LLC_UNUSABLE;
		piece_infra(c, r, machine, text);
		return true;
	}
	char *line = failure_line(c, p, r->err);
	if (!line)
		no_memory();
	bool limit = p->timed_out || oom, accounted = false;
	/* The functions llc's errors name, each a part of its own, and the
	 * runs of functions between them a part each. */
	bool *hit = calloc(pc->n, sizeof *hit);
	char name[ASM_NAME_MAX];
	if (!hit)
		no_memory();
	bool named = pc->n > 1 && !pc->whole && failed_function(c, r, name, sizeof name, hit) >= 0;
	if (pc->whole && limit) {
		/* Out of time or memory together, not apart: the limit is too
		 * small for the piece (the machine's). */
		snprintf(text, sizeof text, "%u functions together %s, none of its parts did: the limit is too small for "
			 "them", piece_functions(c, pc), p->timed_out ? "ran past --timeout" : "ran out of --mem-limit");
		piece_infra(c, r, FK_LLC_STOPPED, text);
	} else if (pc->whole)
		refused(c, r, line, oom, false);
	else if (named && !p->sig && rest_judged(c, r, hit)) {
		/* an error, not a crash: llc wrote the others' final code, checked
		 * from this run; the named ones run again alone */
		unsigned parts = 0, sp;
		for (unsigned k = 0; k < pc->n; k++)
			parts += hit[k];
		sp = new_split(f, pc, parts, line);
		for (unsigned k = pc->n; k-- > 0;)
			if (hit[k])
				push(f, pc->combo, pc->first + k, 1, sp);
	} else if (named) {
		unsigned parts = 0, sp;
		for (unsigned k = 0; k < pc->n; k++)
			parts += hit[k] || k == 0 || hit[k - 1];
		sp = new_split(f, pc, parts, line);
		/* Last part first: the stack runs the first part first. */
		for (unsigned end = pc->n; end > 0;) {
			unsigned start = end - 1;
			while (!hit[start] && start > 0 && !hit[start - 1])
				start--;
			push(f, pc->combo, pc->first + start, end - start, sp);
			end = start;
		}
	} else if (pc->n > 1 && (limit || p->sig)) {
		unsigned sp = new_split(f, pc, pc->n, line);
		for (unsigned k = pc->n; k-- > 0;)
			push(f, pc->combo, pc->first + k, 1, sp);
	} else if (pc->n > 1) {
		unsigned sp = new_split(f, pc, 2, line);
		push(f, pc->combo, pc->first + pc->n / 2, pc->n - pc->n / 2, sp);
		push(f, pc->combo, pc->first, pc->n / 2, sp);
	} else if (p->sig && !p->timed_out && !pc->retry && !llc_diagnosed(line)) {
		Piece again = *pc;
		again.retry = true;
		snprintf(again.error, sizeof again.error, "%s", line);
		queue_piece(f, again);
	} else {
		/* Bad machine code is a finding; the same module without the
		 * verifier has final code all the same, checked against the
		 * contract (a run of its own, accounted for here). A failure
		 * on lane-varying values passed inreg (SelectionDAG: "illegal
		 * VGPR to SGPR copy") is held: the module with those values
		 * made uniform runs once more and says whose it was. */
		bool lanes = !limit && lane_varying(c, pc, r->fns);
		bool verifier = !limit && !pc->unverified && is_verifier_error(line) && !lanes;
		if (lanes)
			hold_lanes(c, f, r, line);
		else
			refused(c, r, line, oom, verifier);
		if (lanes || verifier) {
			Piece again = *pc;
			again.unverified |= verifier;
			again.uniform |= lanes;
			again.lanes = lanes ? f->nlanes : 0;
			again.retry = false;
			again.parent = 0;
			queue_piece(f, again);
		}
		accounted = true;
	}
	accounted |= pc->whole;
	free(hit);
	free(line);
	return accounted;
}

/* llc could not be started on the piece (its module could not be
 * written): halves, down to single functions, which are not compiled.
 * True: the piece is accounted for. */
static bool not_started(Check *c, FinalPass *f, const Running *r)
{
	const Piece *p = &r->piece;
	if (p->n > 1 && !p->whole) {
		unsigned sp = new_split(f, p, 2, "its module could not be written");
		push(f, p->combo, p->first + p->n / 2, p->n - p->n / 2, sp);
		push(f, p->combo, p->first, p->n / 2, sp);
		return false;
	}
	c->combos[p->combo].final.llc_failed += p->whole ? 0 : piece_functions(c, p);
	return true;
}

/* llc is done with the piece: check its final code, or tell why there is
 * none; then settle its split. A whole piece's final code is not checked
 * again: its parts' was. */
static void finish(Check *c, FinalPass *f, Running *r, const Proc *proc)
{
	c->report.failure.set = false;
	bool ran = proc && proc->status == 0 && !proc->timed_out, accounted = true, failed = true;
	char why[256], text[400];
	size_t alen = 0;
	char *asm_text = ran ? read_file(r->s, &alen, why, sizeof why) : 0;
	const Piece *p = &r->piece;
	if (proc) {
		c->combos[p->combo].final.llc_seconds += proc->seconds;
		c->combos[p->combo].st.llc_seconds += proc->seconds;
	}
	if (ran && !asm_text) {
		snprintf(text, sizeof text, "llc exited 0 without final code: %s", why);
		piece_infra(c, r, FK_BAD_OUTPUT, text);
	} else if (!proc) {
		if ((accounted = not_started(c, f, r)))
			release_lanes(c, f, r, false);
	} else if (!asm_text) {
		/* accounted: not queued again (a signal-killed run's second
		 * run is the same run's) */
		accounted = piece_failed(c, f, r, proc);
		if (accounted)
			release_lanes(c, f, r, false);
	} else if (p->whole)
		passed_again(c, r, f->splits[p->parent - 1].error);
	else {
		release_lanes(c, f, r, true);
		if (p->retry)
			passed_again(c, r, p->error);
		failed = p->retry;
		final_check_piece(c, r, asm_text, alen, 0);
	}
	if (accounted)
		final_settle(f, p->parent, failed);
	c->report.failure.set = false; /* none but this run's findings are about its failure */
	free(asm_text);
	buf_free(&r->ir);
	unlink(r->ll);
	unlink(r->s);
	unlink(r->err);
}

/* Whether co's final code is checked at all: asked for its selector, and
 * llc knows the CPU. An llc that does not ("is not a recognized processor
 * for this target (ignoring processor)") compiles for the generic target:
 * its final code is no CPU's (the MIR pass still checks its placements). */
static bool final_code_asked(const Check *c, const Combo *co)
{
	return c->opt.final_code && !co->new_rbs && (co->sel == SEL_GISEL ? co->llc->final_gisel : co->llc->final_dag);
}

bool final_code_for(const Check *c, const Combo *co)
{
	return final_code_asked(c, co) && !co->unusable && profile_knows_cpu(co->llc->profile, co->cpu);
}

bool final_begin(Check *c)
{
	if (!c->opt.final_code)
		return true;
	FinalPass *f = c->final = calloc(1, sizeof *f);
	unsigned n = c->in.nsigs ? c->in.nsigs : 1, k = (unsigned)c->ncombos + 1;
	bool ok = f && (f->fns = calloc(k, sizeof *f->fns)) && (f->units = calloc(k, sizeof *f->units)) &&
		  (f->queued = calloc(k, sizeof *f->queued)) && (f->settled = calloc(k, sizeof *f->settled));
	for (int j = 0; ok && j < c->ncombos; j++)
		ok = (f->fns[j] = malloc(n * sizeof **f->fns)) && (f->queued[j] = calloc(n, sizeof **f->queued));
	if (!ok)
		fprintf(stderr, "gcnabi check: --final-code: out of memory\n");
	return ok;
}

void final_end(Check *c)
{
	FinalPass *f = c->final;
	for (int k = 0; f && k < c->ncombos; k++) {
		free(f->fns ? f->fns[k] : 0);
		free(f->queued ? f->queued[k] : 0);
	}
	if (f) {
		free(f->fns);
		free(f->units);
		free(f->queued);
		free(f->settled);
		free(f->queue);
		free(f->splits);
		free(f->lanes);
		free(f);
	}
	c->final = 0;
}

/* Whether --final-code-sample takes function i: signatures by their
 * index, a call graph's functions by their component. */
static bool sampled(const Check *c, unsigned i)
{
	unsigned n = c->opt.final_sample > 1 ? c->opt.final_sample : 1;
	return (c->in.graph ? c->in.component[i] : i) % n == 0;
}

void final_batch_observed(Check *c, const Batch *b)
{
	FinalPass *f = c->final;
	Combo *co = &c->combos[b->combo];
	if (!f || b->graph || !final_code_for(c, co))
		return;
	unsigned k = (unsigned)b->combo, from = f->units[k];
	for (unsigned j = b->first; j < b->first + b->count; j++) {
		unsigned i = co->order[j];
		if (!f->queued[k][i] && (!co->mir_failed || !co->mir_failed[i]) && sampled(c, i)) {
			f->queued[k][i] = true;
			f->fns[k][f->units[k]++] = i;
		}
	}
	/* In pieces of a 2*--jobs-th each, last first, so that every job has
	 * one while the MIR pass ends (a piece of the whole batch would run
	 * alone after it). */
	unsigned n = f->units[k] - from, jobs = c->opt.jobs ? c->opt.jobs : 1, size = (n + 2 * jobs - 1) / (2 * jobs);
	for (unsigned at = n ? from + (n - 1) / size * size + size : from; at > from;) {
		at -= size;
		push(f, b->combo, at, from + n - at < size ? from + n - at : size, 0);
	}
}

bool final_mir_done(Check *c, int k)
{
	FinalPass *f = c->final;
	Combo *co = &c->combos[k];
	if (!f || f->settled[k])
		return false;
	f->settled[k] = true;
	if (!final_code_for(c, co))
		return false;
	if (!c->in.graph) {
		/* What no observed batch queued: the MIR pass failed on it,
		 * or the sample left it out. */
		unsigned taken = 0;
		for (unsigned i = 0; i < c->in.nsigs; i++)
			taken += sampled(c, i);
		co->final.not_sampled += c->in.nsigs - taken;
		co->final.llc_failed += taken - f->units[k];
		return false;
	}
	/* llc refused them already (call graphs: their graphs); the sample
	 * leaves out the functions of the others' components */
	for (unsigned i = 0; i < c->in.nsigs; i++) {
		bool counted = co->in_graph[i] && (!c->in.as_written || c->in.sigs[i]->is_define);
		if (counted && !sampled(c, i))
			co->final.not_sampled++;
		else
			co->final.llc_failed += counted && co->mir_failed && co->mir_failed[i];
	}
	if (!c->in.ncomponents)
		return false;
	if (c->opt.final_sample <= 1) {
		push(f, k, 0, c->in.ncomponents, 0);
		return true;
	}
	/* each sampled component a module of its own, the last first */
	bool any = false;
	for (unsigned comp = c->in.ncomponents; comp-- > 0;)
		if (comp % c->opt.final_sample == 0) {
			push(f, k, comp, 1, 0);
			any = true;
		}
	return any;
}

bool final_waiting(const Check *c) { return c->final && c->final->nqueue; }

bool final_start(Check *c, int slot, Proc *proc)
{
	FinalPass *f = c->final;
	while (f && f->nqueue) {
		/* Nothing more of a combination whose llc the final code found
		 * unusable (the piece counts as failed), nor a graph the MIR
		 * pass failed on (nothing to fail). */
		const Piece *next = &f->queue[f->nqueue - 1];
		Combo *co = &c->combos[next->combo];
		unsigned n = piece_functions(c, next);
		if (co->final.unusable || co->unusable || !n) {
			co->final.llc_failed += next->whole ? 0 : n;
			unsigned parent = next->parent;
			f->nqueue--;
			final_settle(f, parent, n != 0);
			continue;
		}
		Piece p = f->queue[--f->nqueue];
		if (start(c, &p, (const unsigned *const *)f->fns, &f->running[slot], proc))
			return true;
		finish(c, f, &f->running[slot], 0);
	}
	return false;
}

void final_done(Check *c, int slot, const Proc *proc) { finish(c, c->final, &c->final->running[slot], proc); }

/* More than FINAL_UNKNOWN_LIMIT_PCT of the verdicts unknown. */
static bool unknown_over_limit(const FinalCounts *t)
{
	unsigned judged = t->proven + t->violated + t->unknown;
	return (uint64_t)t->unknown * 100 > (uint64_t)judged * FINAL_UNKNOWN_LIMIT_PCT;
}

void check_final_print(const Check *c, FILE *f)
{
	if (!c->opt.final_code)
		return;
	fprintf(f, "\nfinal code (-filetype=asm -enable-ipra=0, checked against the contract):\n");
	for (int k = 0; k < c->ncombos; k++) {
		const FinalCounts *t = &c->combos[k].final;
		const Combo *co = &c->combos[k];
		if (final_code_asked(c, co) && !profile_knows_cpu(co->llc->profile, co->cpu))
			fprintf(f, "  %-26s none: this llc does not know %s (it compiles for the generic target)\n", co->tag,
				co->cpu);
		if (!final_code_for(c, co))
			continue;
		char sample[64] = "";
		if (t->not_sampled)
			snprintf(sample, sizeof sample, ", %u not sampled", t->not_sampled);
		fprintf(f, "  %-26s %u proven, %u violated (%u explained), %u unknown, %u not checked, %u not compiled"
			" (%u %s, %u %s)%s%s\n", c->combos[k].tag, t->proven, t->violated, t->explained, t->unknown,
			t->skipped, t->llc_failed, t->refused, finding_kinds[FK_FINAL_CODE_REFUSED].name, t->body_refused,
			finding_kinds[FK_FINAL_CODE_BODY_REFUSED].name, sample,
			unknown_over_limit(t) ? "; over the limit of unknown verdicts: results incomplete" : "");
	}
}

unsigned check_final_exit_bits(const Check *c)
{
	unsigned st = 0;
	for (int k = 0; k < c->ncombos; k++) {
		const FinalCounts *t = &c->combos[k].final;
		st |= t->violated > t->explained ? EXIT_DIVERGED : t->violated ? EXIT_KNOWN : 0;
		st |= t->refused ? EXIT_CRASHED : 0;
		st |= unknown_over_limit(t) ? EXIT_INCOMPLETE : 0;
	}
	return st;
}
