/* Mutants of llc's final code (asm_mutate.h). */
#include "asm_mutate.h"
#include "asm_exec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const mutation_names[MUT_COUNT] = {
#define X(name, doc) #name,
	MUTATION_OPERATORS(X)
#undef X
};

const char *const mutation_docs[MUT_COUNT] = {
#define X(name, doc) doc,
	MUTATION_OPERATORS(X)
#undef X
};

static bool is(const AsmInstr *in, const char *m) { return strcmp(in->mnemonic, m) == 0; }
static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static bool is_sgpr(const AsmOp *op, unsigned r) { return op->kind == AOP_REG && op->file == RF_SGPR && op->first == r; }

static bool is_call(const AsmInstr *in) { return is(in, "s_swappc_b64"); }

static bool is_return(const AsmInstr *in, const Contract *c)
{
	return is(in, "s_setpc_b64") && in->nops == 1 && is_sgpr(&in->op[0], c->return_address.first);
}

static bool after_saveexec(const AsmFunction *f, uint32_t i)
{
	return i > 0 && strstr(f->instrs[i - 1].mnemonic, "_saveexec_") != 0;
}

/* s_mov of EXEC (exec, exec_lo). */
static bool writes_exec(const AsmInstr *in)
{
	return (is(in, "s_mov_b64") || is(in, "s_mov_b32")) && in->nops == 2 && in->op[0].kind == AOP_SPECIAL &&
	       (strcmp(in->op[0].text, "exec") == 0 || strcmp(in->op[0].text, "exec_lo") == 0);
}

static bool writes_sp(const AsmInstr *in, unsigned sp)
{
	return in->nops >= 1 && is_sgpr(&in->op[0], sp) && in->op[0].count == 1 &&
	       (starts(in->mnemonic, "s_mov_b32") || starts(in->mnemonic, "s_add") || starts(in->mnemonic, "s_sub"));
}

static bool scratch_access(const AsmInstr *in, bool store)
{
	const char *m = in->mnemonic;
	return (starts(m, "buffer_") || starts(m, "scratch_")) && strstr(m, store ? "_store" : "_load") != 0;
}

/* A store of one 32-bit word (a byte or a short leaves the rest of its
 * word to other stores: moving it is not an argument moved). */
static bool whole_word_store(const AsmInstr *in)
{
	size_t n = strlen(in->mnemonic);
	return (n > 6 && strcmp(in->mnemonic + n - 6, "_dword") == 0) || (n > 4 && strcmp(in->mnemonic + n - 4, "_b32") == 0);
}

/* The SGPR a scratch access is relative to (soffset, saddr). */
static const AsmOp *scratch_base(const AsmInstr *in)
{
	if (starts(in->mnemonic, "buffer_"))
		return in->nops >= 4 ? &in->op[3] : 0;
	return in->nops >= 3 ? &in->op[2] : 0;
}

/* Some instruction in (from, to) writes register r of file f: its first
 * operand (not a store's, a compare's or a branch's) names it. */
static bool writes_reg(const AsmInstr *in, RegFile file, unsigned r)
{
	const AsmOp *d = &in->op[0];
	if (!in->nops || strstr(in->mnemonic, "_store") || starts(in->mnemonic, "s_cmp") ||
	    starts(in->mnemonic, "s_cbranch") || starts(in->mnemonic, "s_branch") || starts(in->mnemonic, "s_setpc"))
		return false;
	return d->kind == AOP_REG && d->file == file && r >= d->first && r < (unsigned)d->first + d->count;
}

static bool modified_between(const AsmFunction *f, uint32_t from, uint32_t to, RegFile file, unsigned r)
{
	for (uint32_t k = from + 1; k < to; k++)
		if (writes_reg(&f->instrs[k], file, r))
			return true;
	return false;
}

/* Nothing after i writes register r of file f: the value i gives it is
 * the one the function returns with (a restore, not a reload mid-way). */
static bool last_write(const AsmFunction *f, uint32_t i, RegFile file, unsigned r)
{
	return !modified_between(f, i, f->ninstrs, file, r);
}

/* The reload at i restores what an earlier store of the same register
 * to the same slot saved, and something changed the register in between
 * (a save and its restore, not a load of an argument into a callee-saved
 * register, nor the reload of a register nothing wrote). */
static bool saved_before(const AsmFunction *f, uint32_t i)
{
	const AsmInstr *ld = &f->instrs[i];
	const AsmOp *lb = scratch_base(ld);
	unsigned data = starts(ld->mnemonic, "buffer_") ? 0 : 1;
	for (uint32_t k = 0; k < i && lb; k++) {
		const AsmInstr *st = &f->instrs[k];
		const AsmOp *sb = scratch_base(st);
		if (scratch_access(st, true) && sb && strcmp(sb->text, lb->text) == 0 && st->offset == ld->offset &&
		    st->nops > data && st->op[data].kind == AOP_REG && st->op[data].file == ld->op[0].file &&
		    st->op[data].first == ld->op[0].first && strcmp(st->mnemonic + strlen(st->mnemonic) - 3,
								     ld->mnemonic + strlen(ld->mnemonic) - 3) == 0)
			return modified_between(f, k, i, (RegFile)ld->op[0].file, ld->op[0].first) &&
			       last_write(f, i, (RegFile)ld->op[0].file, ld->op[0].first);
	}
	return false;
}

/* A compare for equality of an SGPR the last v_readfirstlane_b32 before
 * it wrote and that one's source VGPR (a waterfall loop's, which narrows
 * EXEC to the lanes holding lane 0's value). */
static bool lane_guard(const AsmFunction *f, uint32_t i)
{
	const AsmInstr *in = &f->instrs[i];
	if (!(starts(in->mnemonic, "v_cmp_eq_") || starts(in->mnemonic, "v_cmpx_eq_")) || in->nops < 2)
		return false;
	const AsmOp *a = &in->op[in->nops - 2], *b = &in->op[in->nops - 1];
	if (b->kind == AOP_REG && b->file == RF_SGPR) {
		const AsmOp *t = a;
		a = b, b = t;
	}
	if (a->kind != AOP_REG || a->file != RF_SGPR || b->kind != AOP_REG || b->file != RF_VGPR)
		return false;
	/* an argument's, not the callee pointer's (its loop is not judged) */
	for (uint32_t k = i + 1; k < f->ninstrs; k++)
		if (is_call(&f->instrs[k])) {
			const AsmOp *t = &f->instrs[k].op[1];
			if (t->kind == AOP_REG && a->first >= t->first && a->first < (unsigned)t->first + t->count)
				return false;
			break;
		}
	uint32_t k = i;
	while (k-- > 0 && !writes_reg(&f->instrs[k], RF_SGPR, a->first))
		;
	/* k: the last instruction before i that writes the SGPR, if any */
	const AsmInstr *w = k < i ? &f->instrs[k] : 0;
	return w && is(w, "v_readfirstlane_b32") && w->nops == 2 && is_sgpr(&w->op[0], a->first) &&
	       w->op[1].kind == AOP_REG && w->op[1].file == RF_VGPR && w->op[1].first == b->first &&
	       !modified_between(f, k, i, RF_VGPR, b->first);
}

/* The next call after instruction i, or f->ninstrs. */
static uint32_t next_call(const AsmFunction *f, uint32_t i)
{
	uint32_t k = i + 1;
	while (k < f->ninstrs && !is_call(&f->instrs[k]))
		k++;
	return k;
}

/* A write of SP from values computed at run time (a dynamic alloca's top):
 * v_readfirstlane_b32 of it, or the sum of two registers. */
static bool sets_sp_at_run_time(const AsmInstr *in, unsigned sp)
{
	if (!in->nops || !is_sgpr(&in->op[0], sp))
		return false;
	if (is(in, "v_readfirstlane_b32"))
		return true;
	return starts(in->mnemonic, "s_add_") && in->nops == 3 && in->op[1].kind == AOP_REG && in->op[2].kind == AOP_REG;
}

/* Between i and the next call, SP plus a constant is rounded with a mask
 * (a dynamic object's base aligned up past the frame): where SP stands
 * before it then is not where the callee's SP does. */
static bool sp_rounded_after(const AsmFunction *f, uint32_t i, unsigned sp)
{
	uint32_t end = next_call(f, i);
	for (uint32_t k = i + 1; k < end; k++) {
		const AsmInstr *a = &f->instrs[k];
		if (!starts(a->mnemonic, "s_add_") || a->nops != 3 || !is_sgpr(&a->op[1], sp) || a->op[2].kind != AOP_IMM ||
		    a->op[0].kind != AOP_REG)
			continue;
		for (uint32_t j = k + 1; j < end; j++) {
			const AsmInstr *b = &f->instrs[j];
			if ((is(b, "s_and_b32") || is(b, "s_andn2_b32") || is(b, "s_and_not1_b32")) && b->nops == 3 &&
			    is_sgpr(&b->op[1], a->op[0].first))
				return true;
		}
	}
	return false;
}

/* The operand of a shift of a dynamic alloca's size into SP's units
 * that holds the shift (log2 of them), or -1: s_lshl_b32 d, s, k;
 * v_lshl_add_u32 d, s, k, base; v_lshlrev_b32 d, k, s (gfx8). */
static int size_shift(const AsmInstr *in)
{
	int at = is(in, "s_lshl_b32") && in->nops == 3		? 2
		 : is(in, "v_lshl_add_u32") && in->nops == 4	? 2
		 : starts(in->mnemonic, "v_lshlrev_b32") && in->nops == 3 ? 1
									  : -1;
	return at >= 0 && in->op[at].kind == AOP_IMM && in->op[0].kind == AOP_REG ? at : -1;
}

static bool reads_reg(const AsmInstr *in, const AsmOp *r)
{
	for (unsigned o = 1; o < in->nops; o++)
		if (in->op[o].kind == AOP_REG && in->op[o].file == r->file && in->op[o].first == r->first)
			return true;
	return false;
}

/* The shift at i, by log2 of SP's units, makes the amount a run-time
 * write of SP reads before the next call (through instructions that read
 * it and write another register: gfx8's v_add_u32 of the base). */
static bool scales_dyn_alloca(const AsmFunction *f, uint32_t i, unsigned sp, unsigned log2_scale)
{
	const AsmInstr *in = &f->instrs[i];
	int at = size_shift(in);
	if (at < 0 || in->op[at].imm != (int64_t)log2_scale)
		return false;
	AsmOp d = in->op[0];
	uint32_t end = next_call(f, i);
	for (uint32_t k = i + 1; k < end; k++) {
		const AsmInstr *w = &f->instrs[k];
		if (sets_sp_at_run_time(w, sp))
			return reads_reg(w, &d);
		if (reads_reg(w, &d) && w->nops && w->op[0].kind == AOP_REG && !strstr(w->mnemonic, "_store"))
			d = w->op[0];
		else if (writes_reg(w, (RegFile)d.file, d.first))
			return false;
	}
	return false;
}

static bool site(const AsmFunction *f, const Contract *c, MutationOp op, uint32_t i, const MutantEnv *env, Mutant *m)
{
	static const MutantEnv none;
	env = env ? env : &none;
	const AsmInstr *in = &f->instrs[i];
	unsigned sp = c->stack_ptr.count ? c->stack_ptr.first : 32;
	bool call_before = false, call_after = false;
	for (uint32_t k = 0; k < f->ninstrs; k++)
		if (is_call(&f->instrs[k]))
			*(k < i ? &call_before : &call_after) = true;
	memset(m, 0, sizeof *m);
	m->op = (uint8_t)op;
	m->at = i;
	switch (op) {
	case MUT_drop_restore:
		if (is(in, "v_readlane_b32") && in->nops == 3 && in->op[0].kind == AOP_REG &&
		    regset_has(&c->preserved, RF_SGPR, in->op[0].first)) {
			/* Its save, v_writelane_b32 of the same register to the same lane. */
			for (uint32_t k = i; k-- > 0;) {
				const AsmInstr *w = &f->instrs[k];
				if (is(w, "v_writelane_b32") && w->nops == 3 && is_sgpr(&w->op[1], in->op[0].first) &&
				    strcmp(w->op[0].text, in->op[1].text) == 0 && w->op[2].imm == in->op[2].imm)
					return modified_between(f, k, i, RF_SGPR, in->op[0].first) &&
					       last_write(f, i, RF_SGPR, in->op[0].first);
			}
			return false;
		}
		if (scratch_access(in, false) && in->op[0].kind == AOP_REG && in->op[0].file == RF_VGPR && in->op[0].count == 1 &&
		    (after_saveexec(f, i) || regset_has(&c->saved, RF_VGPR, in->op[0].first)) && saved_before(f, i))
			return true;
		/* the frame pointer's restore: only where the function returns
		 * (an entry point or chain function gives it back to no one) */
		return is(in, "s_mov_b32") && in->nops == 2 && c->returns && c->frame_ptr.count &&
		       is_sgpr(&in->op[0], c->frame_ptr.first) && in->op[1].kind == AOP_REG && !is_sgpr(&in->op[1], sp);
	case MUT_clobber_return_address: return is_return(in, c);
	case MUT_misalign_sp:
		/* a frame's bump, or the stack top a shader sets */
		return call_after && writes_sp(in, sp) && (c->entry || !starts(in->mnemonic, "s_mov")) &&
		       in->op[in->nops - 1].kind == AOP_IMM && (int16_t)in->op[in->nops - 1].imm >= (c->entry ? 0 : 1) &&
		       !sp_rounded_after(f, i, sp);
	case MUT_skip_sp_restore:
		if (!call_before || !writes_sp(in, sp))
			return false;
		for (uint32_t k = i + 1; k < f->ninstrs && !is_return(&f->instrs[k], c); k++)
			if (writes_sp(&f->instrs[k], sp) || is_call(&f->instrs[k]))
				return false;
		return true;
	case MUT_skip_exec_restore:
		return writes_exec(in) && (after_saveexec(f, i) || (i > 1 && strstr(f->instrs[i - 2].mnemonic, "_saveexec_")));
	case MUT_clobber_implicit_input:
		return is_call(in) && c->entry && !c->chain && env->input && env->input(env->ctx, f, i, m->a);
	case MUT_skip_whole_wave_exec:
		return c->whole_wave && writes_exec(in) && in->op[1].kind == AOP_IMM && in->op[1].imm == -1;
	case MUT_swap_call_args: /* a call, or an entry point's chain call */
		return (is_call(in) || (c->entry && is(in, "s_setpc_b64"))) && env->args && env->args(env->ctx, f, i, m->a, m->b);
	case MUT_stack_arg_offset: {
		const AsmOp *b = scratch_base(in);
		if (!scratch_access(in, true) || !b || !is_sgpr(b, sp) || !in->has_offset || !whole_word_store(in))
			return false;
		for (uint32_t k = i + 1; k < f->ninstrs; k++)
			if (is_call(&f->instrs[k]))
				return true;
		return false;
	}
	case MUT_drop_lane_guard: return call_after && lane_guard(f, i);
	case MUT_clobber_return_value:
		/* added after the last instruction, which is no s_endpgm */
		if (!c->entry || i + 1 != f->ninstrs || is(in, "s_endpgm") || !env->ret || !env->ret(env->ctx, f, m->a))
			return false;
		m->at = f->ninstrs;
		return true;
	case MUT_unscale_dyn_alloca: {
		unsigned scale = asm_sp_scale(f, c), log2_scale = 0;
		while ((1u << log2_scale) < scale)
			log2_scale++;
		return scale > 1 && scales_dyn_alloca(f, i, sp, log2_scale);
	}
	case MUT_drop_dyn_alloca_bump: {
		/* the last before the call: with a later alloca's bump after it,
		 * the two objects overlap each other below SP, which the
		 * executor, knowing an alloca only by its top, does not see; in
		 * a function that returns (an entry point's stack addresses are
		 * constants, which the executor does not tell from numbers) */
		if (c->entry)
			return false;
		uint32_t end = next_call(f, i);
		for (uint32_t k = i + 1; k < end; k++)
			if (sets_sp_at_run_time(&f->instrs[k], sp))
				return false;
		return end < f->ninstrs && sets_sp_at_run_time(in, sp);
	}
	default: return false;
	}
}

unsigned asm_mutants(const AsmFunction *f, const Contract *c, const MutantEnv *env, Mutant *out, unsigned cap)
{
	unsigned n = 0;
	for (int op = 0; op < MUT_COUNT; op++)
		for (uint32_t i = 0; i < f->ninstrs; i++) {
			Mutant m;
			if (site(f, c, (MutationOp)op, i, env, &m)) {
				if (n < cap)
					out[n] = m;
				n++;
			}
		}
	return n;
}

bool asm_mutant_apply(const AsmFunction *f, const Contract *c, const Mutant *m, AsmFunction *out)
{
	AsmInstr extra[3];
	unsigned nextra = 0;
	bool drop = m->op == MUT_drop_restore || m->op == MUT_skip_sp_restore || m->op == MUT_skip_exec_restore ||
		    m->op == MUT_drop_lane_guard || m->op == MUT_skip_whole_wave_exec || m->op == MUT_drop_dyn_alloca_bump;
	uint32_t line = f->instrs[m->at < f->ninstrs ? m->at : f->ninstrs - 1].line;
	char text[96];
	if (m->op == MUT_clobber_return_value || m->op == MUT_clobber_implicit_input) {
		snprintf(text, sizeof text, "%s %s, 0", m->a[0] == 's' ? "s_mov_b32" : "v_mov_b32_e32", m->a);
		nextra = asm_parse_line(text, line, &extra[0]);
	} else if (m->op == MUT_clobber_return_address) {
		snprintf(text, sizeof text, "s_mov_b32 s%u, 0", c->return_address.first);
		nextra = asm_parse_line(text, line, &extra[0]);
	} else if (m->op == MUT_swap_call_args) {
		const char *x = m->a[0] == 's' ? "s_xor_b32" : "v_xor_b32_e32";
		snprintf(text, sizeof text, "%s %s, %s, %s", x, m->a, m->a, m->b);
		asm_parse_line(text, line, &extra[0]);
		snprintf(text, sizeof text, "%s %s, %s, %s", x, m->b, m->a, m->b);
		asm_parse_line(text, line, &extra[1]);
		snprintf(text, sizeof text, "%s %s, %s, %s", x, m->a, m->a, m->b);
		asm_parse_line(text, line, &extra[2]);
		nextra = 3;
	} else if (m->op == MUT_drop_lane_guard) {
		/* its result (VCC, an SGPR, EXEC for v_cmpx) all of EXEC */
		const AsmInstr *in = &f->instrs[m->at];
		const AsmOp *d = in->nops == 3 ? &in->op[0] : 0;
		bool lo = d ? (d->kind == AOP_SPECIAL ? strcmp(d->text, "vcc_lo") == 0 : d->count == 1) : false;
		if (d)
			snprintf(text, sizeof text, "s_mov_b%s %s, %s", lo ? "32" : "64", d->text, lo ? "exec_lo" : "exec");
		else
			snprintf(text, sizeof text, "s_nop 0");
		nextra = asm_parse_line(text, line, &extra[0]);
	}
	*out = *f;
	uint32_t n = f->ninstrs - (drop ? 1u : 0u) + nextra;
	out->instrs = malloc((n ? n : 1) * sizeof *out->instrs);
	out->label_at = malloc((f->nlabels ? f->nlabels : 1) * sizeof *out->label_at);
	if (!out->instrs || !out->label_at) {
		asm_mutant_free(out);
		return false;
	}
	uint32_t k = 0;
	for (uint32_t i = 0; i < f->ninstrs; i++) {
		if (i == m->at)
			for (unsigned e = 0; e < nextra; e++)
				out->instrs[k++] = extra[e];
		if (i == m->at && drop)
			continue;
		out->instrs[k] = f->instrs[i];
		if (i == m->at && m->op == MUT_misalign_sp) {
			AsmOp *imm = &out->instrs[k].op[out->instrs[k].nops - 1];
			imm->imm += 4 * (int64_t)(c->sp_scale ? c->sp_scale : 1);
		}
		if (i == m->at && m->op == MUT_stack_arg_offset)
			out->instrs[k].offset += 4;
		if (i == m->at && m->op == MUT_unscale_dyn_alloca)
			out->instrs[k].op[size_shift(&out->instrs[k])].imm = 0;
		k++;
	}
	for (unsigned e = 0; m->at == f->ninstrs && e < nextra; e++)
		out->instrs[k++] = extra[e];
	out->ninstrs = k;
	/* Labels move with the instructions they precede. */
	for (uint32_t l = 0; l < f->nlabels; l++) {
		uint32_t at = f->label_at[l];
		out->label_at[l] = at + (at > m->at ? nextra : 0) - (drop && at > m->at ? 1u : 0u);
	}
	return true;
}

void asm_mutant_free(AsmFunction *f)
{
	free(f->instrs);
	free(f->label_at);
	f->instrs = 0;
	f->label_at = 0;
}

size_t asm_mutant_print(const AsmFunction *f, const Mutant *m, char *buf, size_t cap)
{
	const AsmInstr *in = &f->instrs[m->at < f->ninstrs ? m->at : f->ninstrs - 1];
	if (m->op == MUT_clobber_return_value)
		return (size_t)snprintf(buf, cap, "%s after line %u (%s)", mutation_names[m->op], in->line, m->a);
	if (m->op == MUT_swap_call_args)
		return (size_t)snprintf(buf, cap, "%s at line %u (%s and %s)", mutation_names[m->op], in->line, m->a, m->b);
	if (m->op == MUT_clobber_implicit_input)
		return (size_t)snprintf(buf, cap, "%s at line %u (%s)", mutation_names[m->op], in->line, m->a);
	return (size_t)snprintf(buf, cap, "%s at line %u (%s)", mutation_names[m->op], in->line, in->mnemonic);
}
