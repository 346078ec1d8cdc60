/* check --final-code: after the MIR pass, each combination's functions and
 * their callers compiled to final code (`-filetype=asm`, with
 * -enable-ipra=0: the contract is the convention's, not what llc knows of
 * a callee in the same module) and checked against the contract by the
 * final-code checker (final_code.c). A violation the model predicts (a
 * call argument where the model's own caller and callee disagree) is
 * explained; any other is a divergence (final-code); a verdict the checker
 * cannot reach is a note with its reason (final-code-unknown), never a
 * pass. A module llc refuses is compiled again in halves down to single
 * functions; the MIR pass has reported llc's failures already. Signature
 * input only (call graphs: not yet). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "final_code.h"

typedef struct {
	Check *c;
	Combo *co;
} FinalRun;

static int collect(void *ctx, const Sig *s, const SigError *err)
{
	struct {
		Sig **sigs;
		unsigned n;
	} *l = ctx;
	return err ? 0 : sig_list_append(&l->sigs, &l->n, s) ? 0 : 1;
}

/* The signature of check's input a function of the module stands for:
 * gcnabi emit names it gcnabi.<i>.fn and its caller gcnabi.<i>.caller
 * (else by its own name). */
static int input_sig(const Check *c, const char *name)
{
	unsigned i;
	int end = 0;
	static const char *const forms[] = { "gcnabi.%u.caller%n", "gcnabi.%u.fn%n" };
	for (unsigned f = 0; f < 2; f++) {
		end = 0;
		if (sscanf(name, forms[f], &i, &end) == 1 && end && !name[end] && i < c->in.nsigs)
			return (int)i;
	}
	for (unsigned k = 0; k < c->in.nsigs; k++)
		if (strcmp(c->in.sigs[k]->name, name) == 0)
			return (int)k;
	return -1;
}

/* The model's caller and callee views of signature i place argument arg
 * differently: a violation there is predicted. */
static bool predicted(Check *c, const Combo *co, unsigned i, unsigned arg)
{
	const JudgeDiff d = { .what = JW_ARGUMENT, .arg = arg };
	return cc_place(c->in.sigs[i], &co->m, VIEW_CALLER, c->model_caller) &&
	       cc_place(c->in.sigs[i], &co->m, VIEW_CALLEE, c->model) && !parts_same_at(c->model_caller, c->model, &d);
}

static int judged(void *ctx, FinalCode *fc, const AsmFunction *f, const ExecInput *in, const ExecResult *r, const char *skip)
{
	(void)fc;
	(void)in;
	FinalRun *x = ctx;
	Combo *co = x->co;
	int i = input_sig(x->c, f->name);
	if (skip || i < 0) {
		co->final.skipped++;
		return 0;
	}
	char why[ASM_NAME_MAX + sizeof r->why + 4];
	snprintf(why, sizeof why, "%s: %s", f->name, r->why);
	if (r->verdict == VERDICT_PROVEN)
		co->final.proven++;
	else if (r->verdict == VERDICT_UNKNOWN) {
		co->final.unknown++;
		finding_write(x->c, &(Finding){ .kind = FK_FINAL_CODE_UNKNOWN, .co = co, .sig = (unsigned)i, .why = why });
	} else {
		/* Explained where the model predicts that very fault: the
		 * argument its caller and callee views place differently, or
		 * the overlapping slots of an amdgpu_gfx byval (the slots are
		 * the model's placement). Stack words left unwritten are not:
		 * a caller that writes an argument elsewhere looks the same. */
		const char *known = r->rule == RULE_CALL_ARGUMENT && predicted(x->c, co, (unsigned)i, r->arg)
					    ? "the model's caller and callee views place this argument differently (caller-vs-callee)"
				    : r->rule == RULE_STACK_OVERLAP && x->c->in.sigs[i]->cc == CC_AMDGPU_GFX
					    ? "amdgpu_gfx gives a byval object a 4-byte stack slot, so its copy overlaps the next "
					      "argument (every llc, docs/measured.md)"
					    : 0;
		co->final.violated++;
		co->final.explained += known != 0;
		finding_write(x->c, &(Finding){ .kind = FK_FINAL_CODE, .co = co, .sig = (unsigned)i, .why = why,
					    .explained_by = known });
	}
	return 0;
}

/* A piece of work: functions first..first+n-1 of the input and their
 * callers, of one combination. */
typedef struct {
	int combo;
	unsigned first, n;
} Piece;

typedef struct {
	Piece piece;
	Buf ir; /* the module, kept for its signatures */
	char ll[600], s[600], err[600];
} Running;

static void paths(const Check *c, const Piece *p, Running *r)
{
	snprintf(r->ll, sizeof r->ll, "%s/final-%d-%u-%u.ll", c->run.tmp_dir, p->combo, p->first, p->n);
	snprintf(r->s, sizeof r->s, "%s/final-%d-%u-%u.s", c->run.tmp_dir, p->combo, p->first, p->n);
	snprintf(r->err, sizeof r->err, "%s/final-%d-%u-%u.err", c->run.tmp_dir, p->combo, p->first, p->n);
}

/* Write the piece's module and start llc on it; false when it cannot be. */
static bool start(Check *c, const Piece *p, Running *r, Proc *proc)
{
	Combo *co = &c->combos[p->combo];
	char why[256], cpu_arg[64], mattr[64];
	r->piece = *p;
	r->ir = (Buf){ 0 };
	paths(c, p, r);
	EmitOptions o = emit_options(co, c->opt.callers);
	for (unsigned k = p->first; k < p->first + p->n; k++)
		emit_function(&r->ir, c->in.sigs[k], k, &o, why, sizeof why);
	FILE *f = fopen(r->ll, "w");
	bool ok = f && !r->ir.failed && fwrite(r->ir.p, 1, r->ir.n, f) == r->ir.n;
	if (f)
		ok = fclose(f) == 0 && ok;
	char *argv[16];
	llc_argv(co, LLC_FINAL_ASM, true, r->ll, r->s, argv, cpu_arg, mattr);
	*proc = (Proc){ 0 };
	return ok && proc_start(proc, argv, r->s, r->err, c->opt.mem_mb);
}

/* llc is done with the piece: check its final code, or split a module llc
 * refused into halves (queued). */
static void finish(Check *c, Running *r, bool ran, Piece *queue, unsigned *nqueue, unsigned cap)
{
	Combo *co = &c->combos[r->piece.combo];
	char why[256];
	size_t alen = 0;
	char *asm_text = ran ? read_file(r->s, &alen, why, sizeof why) : 0;
	if (!asm_text) {
		const Piece *p = &r->piece;
		if (p->n > 1 && *nqueue + 2 <= cap) {
			queue[(*nqueue)++] = (Piece){ p->combo, p->first, p->n / 2 };
			queue[(*nqueue)++] = (Piece){ p->combo, p->first + p->n / 2, p->n - p->n / 2 };
		} else
			co->final.llc_failed += p->n;
	} else {
		struct {
			Sig **sigs;
			unsigned n;
		} l = { 0 };
		FinalCode fc;
		FinalRun x = { c, co };
		sig_read(r->ll, r->ir.p ? r->ir.p : "", r->ir.n, false, collect, &l);
		if (final_code_init(&fc, l.sigs, l.n, &co->m)) {
			final_code_check(&fc, asm_text, alen, judged, &x);
			final_code_free(&fc);
		}
		for (unsigned k = 0; k < l.n; k++)
			free(l.sigs[k]);
		free(l.sigs);
	}
	free(asm_text);
	buf_free(&r->ir);
	unlink(r->ll);
	unlink(r->s);
	unlink(r->err);
}

void check_final_code(Check *c)
{
	if (!c->opt.final_code || c->in.nedges)
		return;
	unsigned batch = c->opt.batch ? c->opt.batch : 200, cap = 0, nqueue = 0;
	for (int k = 0; k < c->ncombos; k++)
		cap += 2 * (c->in.nsigs / batch + 1) + 2 * c->in.nsigs;
	Piece *queue = malloc((cap ? cap : 1) * sizeof *queue);
	Running *running = calloc(MAX_JOBS, sizeof *running);
	Proc procs[MAX_JOBS] = { { 0 } };
	if (!queue || !running) {
		free(queue);
		free(running);
		fprintf(stderr, "gcnabi check: --final-code: out of memory\n");
		return;
	}
	/* Queued last first: the first pieces at the end of the queue. */
	for (int k = c->ncombos; k-- > 0;) {
		if (c->combos[k].unusable || c->combos[k].new_rbs)
			continue;
		for (unsigned first = (c->in.nsigs ? (c->in.nsigs - 1) / batch * batch : 0) + batch; first >= batch;) {
			first -= batch;
			unsigned n = c->in.nsigs - first < batch ? c->in.nsigs - first : batch;
			if (n)
				queue[nqueue++] = (Piece){ k, first, n };
		}
	}
	int jobs = (int)(c->opt.jobs ? c->opt.jobs : 1), nrun = 0;
	for (;;) {
		while (nqueue && nrun < jobs) {
			int slot = 0;
			while (procs[slot].pid > 0)
				slot++;
			Piece p = queue[--nqueue];
			if (!start(c, &p, &running[slot], &procs[slot])) {
				finish(c, &running[slot], false, queue, &nqueue, cap);
				continue;
			}
			nrun++;
		}
		if (!nrun)
			break;
		int done = proc_wait_any(procs, jobs, c->opt.timeout);
		if (done < 0)
			break;
		nrun--;
		finish(c, &running[done], procs[done].status == 0 && !procs[done].timed_out, queue, &nqueue, cap);
	}
	free(queue);
	free(running);
}

void check_final_print(const Check *c, FILE *f)
{
	if (!c->opt.final_code)
		return;
	fprintf(f, "\nfinal code (-filetype=asm -enable-ipra=0, checked against the contract):\n");
	for (int k = 0; k < c->ncombos; k++) {
		const FinalCounts *t = &c->combos[k].final;
		fprintf(f, "  %-26s %u proven, %u violated (%u explained), %u unknown, %u not checked, %u not compiled\n",
			c->combos[k].tag, t->proven, t->violated, t->explained, t->unknown, t->skipped, t->llc_failed);
	}
}

unsigned check_final_exit_bits(const Check *c)
{
	unsigned st = 0;
	for (int k = 0; k < c->ncombos; k++) {
		const FinalCounts *t = &c->combos[k].final;
		st |= t->violated > t->explained ? EXIT_DIVERGED : t->violated ? EXIT_KNOWN : 0;
	}
	return st;
}
