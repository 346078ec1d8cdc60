/* check --final-code: a piece's final code judged against the contract
 * (the final-code checker, final_code.c, with what explains a violation:
 * the model's own caller and callee, the MIR pass's notes, known
 * conventions' rules), what the piece holds, its module kept and the
 * machine's failures on it. The pieces' queue, llc's runs and their
 * failures are check_final.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "check.h"
#include "ir_text.h"
#include "final.h"
#include "check_final_impl.h"

typedef struct {
	Check *c;
	Combo *co;
	bool counting;        /* a first pass: count, write nothing */
	unsigned unexplained; /* its count of unexplained violations */
	bool uniform;         /* the module made lane-varying inreg values uniform (Piece.uniform) */
	const bool *hit; /* positions of the piece not judged (llc's errors named them: piece_failed) */
	unsigned first; /* the piece's first position */
	const Running *r;
} FinalRun;

static int collect(void *ctx, const Sig *s, const SigError *err)
{
	struct {
		Sig **sigs;
		unsigned n;
	} *l = ctx;
	return err ? 0 : sig_list_append(&l->sigs, &l->n, s) ? 0 : 1;
}

/* The model's caller and callee views of signature i place argument arg
 * differently: a violation there is predicted. */
static bool predicted(Check *c, const Combo *co, unsigned i, unsigned arg)
{
	const JudgeDiff d = { .what = JW_ARGUMENT, .arg = arg };
	return cc_place(c->in.sigs[i], &co->m, VIEW_CALLER, c->model_caller) &&
	       cc_place(c->in.sigs[i], &co->m, VIEW_CALLEE, c->model) && !parts_same_at(c->model_caller, c->model, &d);
}

void final_note_unwritten(Combo *co, unsigned sig)
{
	for (unsigned k = 0; k < co->nunwritten; k++)
		if (co->unwritten[k] == sig)
			return;
	unsigned *n = realloc(co->unwritten, (co->nunwritten + 1) * sizeof *n);
	if (!n)
		return; /* then the final code's finding goes unexplained */
	co->unwritten = n;
	co->unwritten[co->nunwritten++] = sig;
}

/* The MIR pass saw call sites of callee leave parts unwritten. */
static bool noted_unwritten(const Check *c, const Combo *co, const char *callee)
{
	int i = input_sig(c, callee);
	for (unsigned k = 0; i >= 0 && k < co->nunwritten; k++)
		if (co->unwritten[k] == (unsigned)i)
			return true;
	return false;
}

/* What explains a violation at a call in the final code: the fault the
 * model predicts there (the argument its caller and callee views place
 * differently, the overlapping slots of an amdgpu_gfx byval: the slots are
 * the model's placement), or the stack words of an argument whose call
 * sites the MIR pass saw leave parts unwritten (its unwritten-parts note:
 * llc writes fewer words than the ABI assigns). NULL: nothing. Other stack
 * words left unwritten are not explained: a caller that writes an argument
 * elsewhere looks the same. */
static const char *explained(Check *c, const Combo *co, const ExecResult *r)
{
	/* The callee's signature: the rules are about a call's arguments. */
	int i = r->rule == RULE_OTHER ? -1 : input_sig(c, r->callee);
	bool argument = r->rule == RULE_CALL_ARGUMENT || r->rule == RULE_STACK_UNWRITTEN;
	return i < 0 ? 0
	       : argument && predicted(c, co, (unsigned)i, r->arg)
		       ? "the model's caller and callee views place this argument differently (caller-vs-callee)"
	       : r->rule == RULE_STACK_UNWRITTEN && noted_unwritten(c, co, r->callee)
		       ? "llc's call sites of this callee leave parts unwritten (their unwritten-parts notes)"
	       : r->rule == RULE_STACK_OVERLAP &&
				 (c->in.sigs[i]->cc == CC_AMDGPU_GFX || c->in.sigs[i]->cc == CC_AMDGPU_GFX_WHOLE_WAVE)
		       ? "amdgpu_gfx (and amdgpu_gfx_whole_wave, by its rules) gives a byval object a 4-byte stack slot, so "
			 "its copy overlaps the next argument (every llc, docs/measured.md)"
		       : 0;
}

static int judged(void *ctx, FinalCode *fc, const AsmFunction *f, const ExecInput *in, const ExecResult *r, const char *skip)
{
	(void)fc;
	(void)in;
	FinalRun *x = ctx;
	Combo *co = x->co;
	int i = input_sig(x->c, f->name), k = x->hit ? piece_position(x->c, x->r, i) : -1;
	if (k >= 0 && x->hit[(unsigned)k - x->first])
		return 0;
	if (x->counting) {
		x->unexplained += !skip && i >= 0 && r->verdict == VERDICT_VIOLATED && !explained(x->c, co, r);
		return 0;
	}
	if (skip || i < 0) {
		co->final.skipped++;
		return 0;
	}
	/* Which function broke the contract, in words that do not depend on
	 * names (a cause reads the same for every signature): the caller gcnabi
	 * emit gave the signature, or the function itself. */
	char why[sizeof r->why + 32];
	unsigned idx;
	int end = 0;
	bool caller = sscanf(f->name, "gcnabi.%u.caller%n", &idx, &end) == 1 && end && !f->name[end];
	snprintf(why, sizeof why, "%s%s", caller ? "in its caller: " : "", r->why);
	if (r->verdict == VERDICT_PROVEN)
		co->final.proven++;
	else if (r->verdict == VERDICT_UNKNOWN) {
		co->final.unknown++;
		finding_write(x->c, &(Finding){ .kind = FK_FINAL_CODE_UNKNOWN, .co = co, .sig = (unsigned)i, .why = why });
	} else {
		const char *known = explained(x->c, co, r);
		co->final.violated++;
		co->final.explained += known != 0;
		char at[ASM_MNEMONIC_MAX + ASM_MAX_OPS * (ASM_OP_TEXT + 2)], culprit[sizeof at];
		const AsmInstr *ai = asm_instr_at(f, r->line), *ci = asm_instr_at(f, r->culprit);
		if (ai)
			asm_instr_text(ai, at, sizeof at);
		if (ci)
			asm_instr_text(ci, culprit, sizeof culprit);
		const FinalWhere where = { f->name, ai ? at : 0, ci ? culprit : 0, x->uniform };
		finding_write(x->c, &(Finding){ .kind = FK_FINAL_CODE, .co = co, .sig = (unsigned)i, .why = why,
					    .explained_by = known, .final = &where });
	}
	return 0;
}

/* Call graphs: whether function i is in piece p's module (its graph is,
 * and the MIR pass compiled it); as written, a function the module defines. */
bool in_piece(const Check *c, const Piece *p, unsigned i)
{
	const Combo *co = &c->combos[p->combo];
	return co->in_graph[i] && (!co->mir_failed || !co->mir_failed[i]) && c->in.component[i] >= p->first &&
	       c->in.component[i] < p->first + p->n && (!c->in.as_written || c->in.sigs[i]->is_define);
}

/* The functions piece p compiles. */
unsigned piece_functions(const Check *c, const Piece *p)
{
	unsigned n = 0;
	for (unsigned i = 0; c->in.graph && i < c->in.nsigs; i++)
		n += in_piece(c, p, i);
	return c->in.graph ? n : p->n;
}

/* The signature a piece's own findings name: its first function. */
unsigned piece_sig(const Check *c, const Running *r)
{
	for (unsigned i = 0; c->in.graph && i < c->in.nsigs; i++)
		if (in_piece(c, &r->piece, i))
			return i;
	return c->in.graph ? 0 : r->fns[r->piece.first];
}

/* The piece's module kept in repro/ as <combo>.final.<first>.ll, headed
 * by what llc did with it (head; NULL: its final code, kept beside it as
 * .s from asm_text, breaks the contract), llc's command line and version;
 * path: the .ll's ("" when it could not be written). */
void keep_final(Check *c, const Combo *co, const Running *r, const char *head, const char *asm_text, size_t alen,
		       char *path, size_t cap)
{
	char *argv[LLC_ARGV_MAX], cpu_arg[64], mattr[64], spath[720], name[64];
	/* <first>, a whole piece's <first>+<n>, a run without the verifier's
	 * <first>.unverified: neither overwrites another's. */
	if (r->piece.whole)
		snprintf(name, sizeof name, "%u+%u", r->piece.first, r->piece.n);
	else
		snprintf(name, sizeof name, "%u%s%s", r->piece.first, r->piece.uniform ? ".uniform" : "",
			 r->piece.unverified ? ".unverified" : "");
	snprintf(path, cap, "%s/repro/%s.final.%s.ll", c->report.dir, co->tag, name);
	snprintf(spath, sizeof spath, "%s/repro/%s.final.%s.s", c->report.dir, co->tag, name);
	FILE *f = fopen_fresh(path), *g = asm_text ? fopen_fresh(spath) : 0;
	if (f) {
		llc_argv(co, LLC_FINAL_ASM, c->opt.final_verify && !r->piece.unverified, "%s", "-", argv, cpu_arg, mattr);
		char shown[1024];
		if (head)
			fprintf(f, "; gcnabi check --final-code: %s\n; RUN:", ir_comment(head, shown, sizeof shown));
		else
			fprintf(f, "; gcnabi check --final-code: this module's final code breaks the contract (%s has it)\n; RUN:",
				ir_comment(strrchr(spath, '/') + 1, shown, sizeof shown));
		for (int k = 0; argv[k]; k++)
			fprintf(f, " %s", ir_run_word(argv[k], shown, sizeof shown));
		fprintf(f, "\n; %s\n", ir_comment(co->llc->version, shown, sizeof shown));
		fwrite(r->ir.p, 1, r->ir.n, f);
		if (!check_fclose(c, f, path))
			path[0] = 0;
	} else
		path[0] = 0;
	if (g) {
		fwrite(asm_text, 1, alen, g);
		check_fclose(c, g, spath);
	}
}

/* The position in the piece of signature i (call graphs: its component),
 * -1: not in it. */
int piece_position(const Check *c, const Running *r, int i)
{
	if (i < 0)
		return -1;
	if (c->in.graph)
		return in_piece(c, &r->piece, (unsigned)i) ? (int)c->in.component[i] : -1;
	for (unsigned k = r->piece.first; k < r->piece.first + r->piece.n; k++)
		if (r->fns[k] == (unsigned)i)
			return (int)k;
	return -1;
}

/* The machine failed the piece (kind, text): an infrastructure finding at
 * its first function, its functions not compiled (none again when a whole
 * piece's parts compiled), nothing bisected. */
void piece_infra(Check *c, const Running *r, FindingKind kind, const char *text)
{
	Combo *co = &c->combos[r->piece.combo];
	co->st.infra++;
	if (!r->piece.whole)
		co->final.llc_failed += piece_functions(c, &r->piece);
	report(c, co, piece_sig(c, r), kind, text, 0, 0, 0);
}

/* The piece's final code against the contract. hit (llc failed on the
 * piece, its errors naming those positions, which run again alone): the
 * others' final code from the same run, judged only when none of it
 * breaks the contract unexplained (a kept module must compile); false:
 * nothing judged. */
bool final_check_piece(Check *c, Running *r, const char *asm_text, size_t alen, const bool *hit)
{
	Combo *co = &c->combos[r->piece.combo];
	struct {
		Sig **sigs;
		unsigned n;
	} l = { 0 };
	FinalCode fc;
	FinalRun x = { c, co, false, 0, r->piece.uniform, hit, r->piece.first, r };
	bool judged_here = false;
	if (!asm_whole(asm_text, alen)) {
		if (!hit)
			piece_infra(c, r, FK_BAD_OUTPUT, "llc exited 0, but its final code ends before the .note.GNU-stack "
				    "section llc prints after its last function: cut short by the machine (a full disk, a "
				    "writer killed from outside), not checked");
		return false;
	}
	/* as written, the signatures check read, with what their bodies do
	 * (unused parameters, the convention of calls through pointers) */
	if (c->in.as_written)
		for (unsigned i = 0; i < c->in.nsigs; i++)
			collect(&l, c->in.sigs[i], 0);
	else
		sig_read(r->ll, r->ir.p ? r->ir.p : "", r->ir.n, false, collect, &l);
	if (final_code_init(&fc, l.sigs, l.n, &co->m)) {
		fc.graph = c->in.graph && !c->in.as_written;
		/* A module with an unexplained violation is kept, its
		 * findings name it. */
		FinalRun count = { c, co, true, 0, r->piece.uniform, hit, r->piece.first, r };
		char kept[700] = "";
		bool read = final_code_check(&fc, asm_text, alen, judged, &count) != 0;
		if (!read && piece_functions(c, &r->piece) && !hit)
			piece_infra(c, r, FK_BAD_OUTPUT, "llc exited 0, but its final code holds no function");
		else if (read && (!hit || !count.unexplained)) {
			if (count.unexplained)
				keep_final(c, co, r, 0, asm_text, alen, kept, sizeof kept);
			c->report.module = kept[0] ? kept : 0;
			final_code_check(&fc, asm_text, alen, judged, &x);
			c->report.module = 0;
			judged_here = true;
		}
		final_code_free(&fc);
	}
	for (unsigned k = 0; k < l.n; k++)
		free(l.sigs[k]);
	free(l.sigs);
	return judged_here;
}
