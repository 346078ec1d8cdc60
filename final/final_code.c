/* The final-code checker over a module's assembly (final/asm_exec.h),
 * each function against the signature of the same name and the model's
 * contract for it: what `gcnabi check-asm` and `gcnabi check --final-code`
 * share. The signatures may be the module gcnabi emit printed (its
 * `define` headers are signatures too): then the values each call passes
 * and each argument's store are known from the globals gcnabi emit names
 * (emit/: @gcnabi.<i>.out.<k> a caller @gcnabi.<i>.caller loads
 * argument k from, @gcnabi.<i>.in.<k> the callee stores it to). */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "final_code.h"

int final_code_sig(const FinalCode *c, const char *name)
{
	for (unsigned i = 0; i < c->nsigs; i++)
		if (strcmp(c->sigs[i]->name, name) == 0)
			return (int)i;
	return -1;
}

static bool env_callee(void *ctx, const char *name, Contract *out, const Placement **in)
{
	FinalCode *c = ctx;
	int i = final_code_sig(c, name);
	/* an entry point is never called */
	if (i < 0 || !contract_of((CallConv)c->sigs[i]->cc, &c->m, out) || (out->entry && !out->chain))
		return false;
	*in = c->places[i].ok ? &c->places[i] : 0;
	return true;
}

/* An argument whose parts are its 32-bit words in memory order: integers
 * of whole words, float, double, pointers of 32 or 64 bits, and vectors of
 * them. Others (sub-word, padded aggregates) are not checked. */
static bool whole_words(const Sig *s, TypeId t)
{
	const Type *ty = sig_type(s, t);
	switch ((TypeKind)ty->kind) {
	case TYPE_INT: return ty->n % 32 == 0;
	case TYPE_FLOAT:
	case TYPE_DOUBLE: return true;
	case TYPE_PTR: return ty->addrspace < 7 || ty->addrspace > 9;
	case TYPE_VECTOR: return whole_words(s, ty->elem);
	default: return false;
	}
}

/* "gcnabi.<i>.<what>.<k>" (what: "in", "out"): i and k. */
static bool emit_global(const char *name, const char *what, unsigned *i, unsigned *k)
{
	char w[8];
	int end = 0;
	return sscanf(name, "gcnabi.%u.%7[a-z].%u%n", i, w, k, &end) == 3 && !name[end] && strcmp(w, what) == 0;
}

static bool part_is_word(const FinalCode *c, int i, unsigned arg, unsigned part)
{
	const Sig *s = c->sigs[i];
	return i >= 0 && arg < s->nparams && !(s->params[arg].flags & (PARAM_BYVAL | PARAM_BYREF | PARAM_SRET)) &&
	       whole_words(s, s->params[arg].type) && c->places[i].ok && arg < c->places[i].nargs &&
	       part < c->places[i].args[arg].count;
}


/* Whether the assembly names symbol w (not as the prefix of a longer
 * name). */
static bool names_symbol(const FinalCode *c, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = c->text; p && (p = memmem(p, c->len - (size_t)(p - c->text), w, n)); p += n) {
		char after = p + n < c->text + c->len ? p[n] : 0;
		if (!(after == '_' || after == '.' || (after >= '0' && after <= '9') || (after >= 'a' && after <= 'z') ||
		      (after >= 'A' && after <= 'Z')))
			return true;
	}
	return false;
}

/* The index gcnabi emit gave function name (its stores to
 * @gcnabi.<i>.in.<k> in the assembly say it); false: none found. */
static bool emit_index(const FinalCode *c, const char *name, unsigned *idx)
{
	char label[ASM_NAME_MAX + 4];
	int n = snprintf(label, sizeof label, "\n%s:", name);
	const char *at = c->text ? memmem(c->text, c->len, label, (size_t)n) : 0;
	const char *end = at ? memmem(at, c->len - (size_t)(at - c->text), "\n.Lfunc_end", 11) : 0;
	for (const char *p = at; p && end && (p = memmem(p, (size_t)(end - p), "gcnabi.", 7)); p += 7) {
		int k = 0;
		if (sscanf(p, "gcnabi.%u.in.%*u%n", idx, &k) == 1 && k)
			return true;
	}
	return false;
}

/* A call graph's caller (gcnabi emit's graph module): its parameters the
 * callee shares (sig_shared_params; a kernel shares none) are passed on
 * as received, the others loaded from @gcnabi.<callee>.out.<arg>. Asked
 * of chain calls (env_passed). */
static bool graph_passed(FinalCode *c, int caller, int callee, unsigned arg, unsigned part, char *global, size_t cap,
			 int64_t *off, unsigned *own)
{
	const Sig *from = c->sigs[caller], *to = c->sigs[callee];
	unsigned shared = conv_in_family((CallConv)from->cc, FAMILY_KERNEL) ? 0 : sig_shared_params(from, to), j = 0;
	if (arg < shared) {
		*own = arg + 1;
		return part_is_word(c, caller, arg, part);
	}
	/* Asked part by part: the scans of the assembly once per argument. */
	if (c->asked.callee != callee || c->asked.caller != caller || c->asked.arg != arg) {
		char lane[64];
		c->asked.callee = callee, c->asked.caller = caller, c->asked.arg = arg;
		c->asked.known = emit_index(c, to->name, &j);
		snprintf(c->asked.global, sizeof c->asked.global, "gcnabi.%u.out.%u", j, arg);
		snprintf(lane, sizeof lane, "gcnabi.%u.lane.%u", j, arg);
		c->asked.known = c->asked.known && !(c->lane_loads && names_symbol(c, lane)) && names_symbol(c, c->asked.global);
	}
	snprintf(global, cap, "%s", c->asked.global);
	*off = 4 * (int64_t)part;
	return c->asked.known;
}

static bool env_passed(void *ctx, const char *callee, unsigned arg, unsigned part, char *global, size_t cap, int64_t *off,
		       unsigned *own)
{
	FinalCode *c = ctx;
	unsigned idx;
	int end = 0, i = final_code_sig(c, callee), from = c->current ? final_code_sig(c, c->current) : -1;
	char lane[64];
	*own = 0;
	if (!part_is_word(c, i, arg, part))
		return false;
	/* (a graph's chain calls only: an ordinary call's arguments are often
	 * written under a divergent EXEC there, which the executor does not
	 * follow to the call's lanes, and every verdict would be unknown) */
	if (c->graph && from >= 0)
		return conv_in_family((CallConv)c->sigs[i]->cc, FAMILY_CHAIN) &&
		       graph_passed(c, from, i, arg, part, global, cap, off, own);
	if (!c->current || sscanf(c->current, "gcnabi.%u.caller%n", &idx, &end) != 1 || !end || c->current[end])
		return false;
	/* A lane-varying argument (a "gcnabi-divergent" callee's, not made
	 * uniform) is loaded per lane from @gcnabi.<i>.lane.<arg>: a value the
	 * checker does not name (its lane-value rule judges it). */
	snprintf(lane, sizeof lane, "gcnabi.%u.lane.%u", idx, arg);
	if (c->lane_loads && names_symbol(c, lane))
		return false;
	snprintf(global, cap, "gcnabi.%u.out.%u", idx, arg);
	*off = 4 * (int64_t)part;
	return true;
}

static bool env_received(void *ctx, const char *function, const char *global, int64_t off, unsigned *arg, unsigned *part)
{
	FinalCode *c = ctx;
	unsigned idx;
	if (!emit_global(global, "in", &idx, arg) || off < 0 || off % 4)
		return false;
	*part = (unsigned)(off / 4);
	return part_is_word(c, final_code_sig(c, function), *arg, *part);
}

static bool env_undef(void *ctx, const char *callee, unsigned arg)
{
	FinalCode *c = ctx;
	int i = final_code_sig(c, callee);
	return i >= 0 && arg < c->sigs[i]->nparams && !cc_body_uses(c->sigs[i], arg, &c->m);
}

/* A call through a pointer gcnabi emit loads from @gcnabi.<i>.fptr: the
 * function the variable holds in the assembly's data. */
static bool env_pointee(void *ctx, const char *global, int64_t off, char *name, size_t cap)
{
	FinalCode *c = ctx;
	return off == 0 && c->text && asm_data_symbol(c->text, c->len, global, name, cap);
}

/* A return value whose parts are its 32-bit words in memory order: whole
 * words (whole_words), or a struct of 32-bit scalars (a shader's). */
static bool ret_words(const Sig *s)
{
	const Type *ty = sig_type(s, s->ret);
	if (ty->kind != TYPE_STRUCT)
		return whole_words(s, s->ret);
	for (uint32_t k = 0; k < ty->n; k++) {
		const Type *m = sig_type(s, s->members[ty->first + k]);
		if (!((m->kind == TYPE_INT && m->n == 32) || m->kind == TYPE_FLOAT ||
		      (m->kind == TYPE_PTR && (m->addrspace == 3 || m->addrspace == 5 || m->addrspace == 6))))
			return false;
	}
	return true;
}

/* The function being checked returns the value it loads from
 * @gcnabi.<i>.ret (c->ret: that symbol, "" if it names none). */
static bool env_returned(void *ctx, unsigned part, char *global, size_t cap, int64_t *off)
{
	FinalCode *c = ctx;
	int i = c->current ? final_code_sig(c, c->current) : -1;
	if (i < 0 || !c->ret[0] || !c->places[i].ok || part >= c->places[i].ret.count || !ret_words(c->sigs[i]))
		return false;
	snprintf(global, cap, "%s", c->ret);
	*off = 4 * (int64_t)part;
	return true;
}

/* The @gcnabi.<i>.ret that f names (into ret; "" if none). */
static void own_ret(const AsmFunction *f, char *ret, size_t cap)
{
	ret[0] = 0;
	for (uint32_t k = 0; k < f->ninstrs; k++)
		for (unsigned o = 0; o < f->instrs[k].nops; o++) {
			const char *t = f->instrs[k].op[o].text;
			unsigned idx;
			int end = 0;
			if (f->instrs[k].op[o].kind == AOP_OTHER && sscanf(t, "gcnabi.%u.ret%n", &idx, &end) == 1 && end &&
			    (t[end] == '@' || !t[end])) {
				snprintf(ret, cap, "%.*s", end, t);
				return;
			}
		}
}

/* The callee of the call at instruction i: the last symbol of a
 * signature named before it; -1: none. */
static int callee_before(FinalCode *c, const AsmFunction *f, uint32_t i)
{
	int callee = -1;
	for (uint32_t k = i; k-- > 0 && callee < 0;)
		for (unsigned o = 0; o < f->instrs[k].nops && callee < 0; o++) {
			const AsmOp *op = &f->instrs[k].op[o];
			const char *at = op->kind == AOP_OTHER ? strchr(op->text, '@') : 0;
			if (at) {
				char name[ASM_OP_TEXT];
				snprintf(name, sizeof name, "%.*s", (int)(at - op->text), op->text);
				callee = final_code_sig(c, name);
			}
		}
	return callee >= 0 && c->places[callee].ok ? callee : -1;
}

/* swap_call_args: the callee of the call at instruction i and its first
 * two argument registers of one file. */
bool final_code_mutant_args(void *ctx, const AsmFunction *f, uint32_t i, char a[16], char b[16])
{
	FinalCode *c = ctx;
	int callee = callee_before(c, f, i);
	if (callee < 0)
		return false;
	/* Parts whose values the checker knows (whole words it is told). */
	const Placement *p = &c->places[callee];
	const Loc *first = 0;
	for (unsigned arg = 0; arg < p->nargs; arg++)
		for (unsigned part = 0; part < p->args[arg].count; part++) {
		const Loc *l = &p->locs[p->args[arg].first + part];
		char global[ASM_NAME_MAX];
		int64_t off;
		unsigned own;
		if ((l->kind != LOC_SGPR && l->kind != LOC_VGPR) ||
		    !env_passed(c, c->sigs[callee]->name, arg, part, global, sizeof global, &off, &own))
			continue;
		if (!first)
			first = l;
		else if (l->kind == first->kind) {
			const char *pre = l->kind == LOC_SGPR ? "s" : "v";
			snprintf(a, 16, "%s%u", pre, first->reg);
			snprintf(b, 16, "%s%u", pre, l->reg);
			return true;
		}
		}
	return false;
}

bool final_code_init(FinalCode *c, Sig **sigs, unsigned nsigs, const ModelConfig *m)
{
	*c = (FinalCode){ .sigs = sigs, .nsigs = nsigs, .m = *m };
	c->places = calloc(nsigs ? nsigs : 1, sizeof *c->places);
	if (!c->places)
		return false;
	for (unsigned s = 0; s < nsigs; s++)
		cc_place(sigs[s], &c->m, VIEW_CALLEE, &c->places[s]);
	return true;
}

void final_code_free(FinalCode *c)
{
	free(c->places);
	c->places = 0;
}

typedef struct {
	FinalCode *c;
	FinalSink sink;
	void *ctx;
} Each;

static int each(void *ctx, const AsmFunction *f)
{
	Each *e = ctx;
	FinalCode *c = e->c;
	int i = final_code_sig(c, f->name);
	ExecResult r = { 0 };
	Contract k;
	const char *skip = 0;
	if (i < 0)
		skip = "no signature of that name";
	else if (!contract_of((CallConv)c->sigs[i]->cc, &c->m, &k))
		skip = "its convention has no contract";
	ExecEnv env = { c, env_callee, env_passed, env_received, env_undef, env_pointee, env_returned };
	ExecInput in = { f, &k, i >= 0 && c->places[i].ok ? &c->places[i] : 0, c->m.wave, &env,
			 c->m.target->smem_dword_offset, 0, { 0 } };
	/* inreg parts received in VGPRs are uniform all the same */
	for (unsigned a = 0; i >= 0 && c->places[i].ok && a < c->places[i].nargs && a < c->sigs[i]->nparams; a++)
		for (unsigned q = 0; (c->sigs[i]->params[a].flags & PARAM_INREG) && q < c->places[i].args[a].count; q++) {
			const Loc *l = &c->places[i].locs[c->places[i].args[a].first + q];
			if (l->kind == LOC_VGPR && l->reg < 256)
				in.uniform_vgprs[l->reg / 64] |= UINT64_C(1) << (l->reg % 64);
		}
	/* as written: its calls through pointers are of the convention they name */
	Contract pointer_rules;
	if (i >= 0 && c->sigs[i]->indirect_cc_known &&
	    contract_of((CallConv)c->sigs[i]->indirect_cc, &c->m, &pointer_rules))
		in.indirect = &pointer_rules;
	c->current = f->name;
	own_ret(f, c->ret, sizeof c->ret);
	if (!skip)
		asm_exec(&in, &r);
	int stop = e->sink(e->ctx, c, f, skip ? 0 : &in, &r, skip);
	c->current = 0;
	return stop;
}

unsigned final_code_check(FinalCode *c, const char *text, size_t len, FinalSink sink, void *ctx)
{
	Each e = { c, sink, ctx };
	c->text = text, c->len = len;
	c->lane_loads = len && memmem(text, len, ".lane.", 6) != NULL;
	c->asked.callee = -1;
	unsigned n = asm_read(text, len, each, &e);
	c->text = 0, c->len = 0;
	return n;
}

/* clobber_return_value: the register of the first part of the return
 * value f (the function being checked) returns where it is known. */
static bool mutant_ret(void *ctx, const AsmFunction *f, char reg[16])
{
	FinalCode *c = ctx;
	int i = final_code_sig(c, f->name);
	char global[ASM_NAME_MAX];
	int64_t off;
	if (i < 0 || !c->current || strcmp(c->current, f->name) || !env_returned(c, 0, global, sizeof global, &off))
		return false;
	const Loc *l = &c->places[i].locs[c->places[i].ret.first];
	if (l->kind != LOC_SGPR && l->kind != LOC_VGPR)
		return false;
	snprintf(reg, 16, "%s%u", l->kind == LOC_SGPR ? "s" : "v", l->reg);
	return true;
}

/* clobber_implicit_input: the first register of the first implicit input
 * the callee of the call at i reads that the kernel f has a user SGPR for. */
static bool mutant_input(void *ctx, const AsmFunction *f, uint32_t i, char reg[16])
{
	FinalCode *c = ctx;
	int self = final_code_sig(c, f->name), callee = callee_before(c, f, i);
	Contract k;
	if (self < 0 || callee < 0 || !c->places[self].ok || !contract_of((CallConv)c->sigs[self]->cc, &c->m, &k))
		return false;
	for (unsigned n = 0; n < kernel_input_count; n++) {
		const RegRange *to = kernel_input_passed(n, &k, &c->places[self], &c->places[callee]);
		if (to) {
			snprintf(reg, 16, "s%u", to->first);
			return true;
		}
	}
	return false;
}

unsigned final_code_mutants(FinalCode *fc, const AsmFunction *f, const ExecInput *base, MutantSink sink, void *ctx)
{
	Mutant ms[512];
	const MutantEnv env = { fc, final_code_mutant_args, mutant_ret, mutant_input };
	unsigned n = asm_mutants(f, base->contract, &env, ms, sizeof ms / sizeof ms[0]);
	if (n > sizeof ms / sizeof ms[0])
		n = sizeof ms / sizeof ms[0];
	for (unsigned k = 0; k < n; k++) {
		AsmFunction g;
		ExecResult r;
		if (!asm_mutant_apply(f, base->contract, &ms[k], &g))
			continue;
		ExecInput in = *base;
		in.f = &g;
		asm_exec(&in, &r);
		asm_mutant_free(&g);
		sink(ctx, f, &ms[k], &r);
	}
	return n;
}
