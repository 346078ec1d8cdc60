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

/* A call's argument is where the model's caller and callee views of the
 * callee disagree: the violation is predicted. */
static bool predicted(Check *c, const Combo *co, unsigned i)
{
	const JudgeRules rules = { .flags = CALLER_VS_CALLEE };
	Judgement j;
	char why[256];
	return cc_place(c->in.sigs[i], &co->m, VIEW_CALLER, c->model_caller) &&
	       cc_place(c->in.sigs[i], &co->m, VIEW_CALLEE, c->model) &&
	       check_judge(c->model_caller, c->model, &rules, "caller", "callee", &j, why, sizeof why) == JUDGE_DIFFERENT;
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
		/* What the MIR check knows already explains the same fault in
		 * the final code. */
		const char *known = r->rule == RULE_CALL_ARGUMENT && predicted(x->c, co, (unsigned)i)
					    ? "the model's caller and callee disagree here (caller-vs-callee)"
				    : r->rule == RULE_STACK_UNWRITTEN
					    ? "llc's call site leaves stack words the ABI assigns unwritten (unwritten-parts)"
				    : r->rule == RULE_STACK_OVERLAP
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

/* Functions first..first+n-1 of the input and their callers, compiled to
 * final code and checked; halves of a module llc refuses. */
static void chunk(Check *c, Combo *co, unsigned first, unsigned n)
{
	char ll[600], s[600], err[600], why[256], cpu_arg[64], mattr[64];
	int ci = (int)(co - c->combos);
	snprintf(ll, sizeof ll, "%s/final-%d-%u-%u.ll", c->run.tmp_dir, ci, first, n);
	snprintf(s, sizeof s, "%s/final-%d-%u-%u.s", c->run.tmp_dir, ci, first, n);
	snprintf(err, sizeof err, "%s/final-%d-%u-%u.err", c->run.tmp_dir, ci, first, n);
	EmitOptions o = emit_options(co, c->opt.callers);
	Buf buf = { 0 };
	for (unsigned k = first; k < first + n; k++)
		emit_function(&buf, c->in.sigs[k], k, &o, why, sizeof why);
	FILE *f = fopen(ll, "w");
	bool ok = f && !buf.failed && fwrite(buf.p, 1, buf.n, f) == buf.n;
	if (f)
		ok = fclose(f) == 0 && ok;
	char *argv[20];
	llc_argv(co, false, true, ll, s, argv, cpu_arg, mattr);
	/* Not the MIR after isel: the final code, without interprocedural
	 * register allocation. */
	for (int a = 0; argv[a]; a++)
		if (strncmp(argv[a], "-stop-after", 11) == 0)
			argv[a] = "-enable-ipra=0";
	Proc p = { 0 };
	bool ran = ok && proc_start(&p, argv, s, err, c->opt.mem_mb) && proc_wait_any(&p, 1, c->opt.timeout) == 0 &&
		   p.status == 0 && !p.timed_out;
	size_t alen = 0;
	char *asm_text = ran ? read_file(s, &alen, why, sizeof why) : 0;
	if (!asm_text) {
		if (n > 1) {
			chunk(c, co, first, n / 2);
			chunk(c, co, first + n / 2, n - n / 2);
		} else
			co->final.llc_failed++;
	} else {
		struct {
			Sig **sigs;
			unsigned n;
		} l = { 0 };
		FinalCode fc;
		FinalRun x = { c, co };
		sig_read(ll, buf.p ? buf.p : "", buf.n, false, collect, &l);
		if (final_code_init(&fc, l.sigs, l.n, &co->m)) {
			final_code_check(&fc, asm_text, alen, judged, &x);
			final_code_free(&fc);
		}
		for (unsigned k = 0; k < l.n; k++)
			free(l.sigs[k]);
		free(l.sigs);
	}
	free(asm_text);
	buf_free(&buf);
	unlink(ll);
	unlink(s);
	unlink(err);
}

void check_final_code(Check *c)
{
	if (!c->opt.final_code || c->in.nedges)
		return;
	for (int k = 0; k < c->ncombos; k++) {
		Combo *co = &c->combos[k];
		if (co->unusable || co->new_rbs)
			continue;
		unsigned batch = c->opt.batch ? c->opt.batch : 200;
		for (unsigned first = 0; first < c->in.nsigs; first += batch)
			chunk(c, co, first, c->in.nsigs - first < batch ? c->in.nsigs - first : batch);
	}
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
