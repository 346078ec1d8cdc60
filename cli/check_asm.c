/* `gcnabi check-asm`: the final-code checker (observe/asm_exec.h) over the
 * functions of an assembly file, each against the signature of the same
 * name in SIGFILE and the model's contract for it. SIGFILE may be the
 * module gcnabi emit printed (its `define` headers are signatures too):
 * then the values each call passes and each argument's store are known
 * from the globals gcnabi emit names (cli/emit.c: @gcnabi.<i>.out.<k> a
 * caller @gcnabi.<i>.caller loads argument k from, @gcnabi.<i>.in.<k> the
 * callee stores it to). */
#include <stdlib.h>
#include <string.h>

#include "asm_exec.h"
#include "asm_mutate.h"
#include "cli.h"
#include "contract.h"

typedef struct {
	Sig **sigs;
	unsigned nsigs;
	unsigned malformed;
	ModelConfig m;
	Placement *places; /* callee view of each signature */
	bool json, mutants;
	unsigned counts[VERDICT_COUNT + 1]; /* + skipped */
	unsigned nmutants, caught, missed, mutated_functions;
	unsigned by_op[MUT_COUNT][2]; /* made, caught */
	unsigned unknown_sigs;
} CheckAsm;

static int collect(void *ctx, const Sig *s, const SigError *err)
{
	CheckAsm *c = ctx;
	if (err) {
		c->malformed++;
		return 0;
	}
	return sig_list_append(&c->sigs, &c->nsigs, s) ? 0 : 1;
}

static int sig_index(const CheckAsm *c, const char *name)
{
	for (unsigned i = 0; i < c->nsigs; i++)
		if (strcmp(c->sigs[i]->name, name) == 0)
			return (int)i;
	return -1;
}

static bool env_callee(void *ctx, const char *name, Contract *out, const Placement **in)
{
	CheckAsm *c = ctx;
	int i = sig_index(c, name);
	if (i < 0 || !contract_of((CallConv)c->sigs[i]->cc, &c->m, out))
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

static bool part_is_word(const CheckAsm *c, int i, unsigned arg, unsigned part)
{
	const Sig *s = c->sigs[i];
	return i >= 0 && arg < s->nparams && !(s->params[arg].flags & (PARAM_BYVAL | PARAM_BYREF | PARAM_SRET)) &&
	       whole_words(s, s->params[arg].type) && c->places[i].ok && arg < c->places[i].nargs &&
	       part < c->places[i].args[arg].count;
}

static const char *current_caller;

static bool env_passed(void *ctx, const char *callee, unsigned arg, unsigned part, char *global, size_t cap, int64_t *off)
{
	CheckAsm *c = ctx;
	unsigned idx;
	int end = 0;
	if (!current_caller || sscanf(current_caller, "gcnabi.%u.caller%n", &idx, &end) != 1 || !end ||
	    current_caller[end] || !part_is_word(c, sig_index(c, callee), arg, part))
		return false;
	snprintf(global, cap, "gcnabi.%u.out.%u", idx, arg);
	*off = 4 * (int64_t)part;
	return true;
}

static bool env_received(void *ctx, const char *function, const char *global, int64_t off, unsigned *arg, unsigned *part)
{
	CheckAsm *c = ctx;
	unsigned idx;
	if (!emit_global(global, "in", &idx, arg) || off < 0 || off % 4)
		return false;
	*part = (unsigned)(off / 4);
	return part_is_word(c, sig_index(c, function), *arg, *part);
}

/* swap_call_args: the callee of the call at instruction i (the last
 * symbol of a signature named before it) and its first two argument
 * registers of one file. */
static bool mutant_args(void *ctx, const AsmFunction *f, uint32_t i, char a[16], char b[16])
{
	CheckAsm *c = ctx;
	int callee = -1;
	for (uint32_t k = i; k-- > 0 && callee < 0;)
		for (unsigned o = 0; o < f->instrs[k].nops && callee < 0; o++) {
			const AsmOp *op = &f->instrs[k].op[o];
			const char *at = op->kind == AOP_OTHER ? strchr(op->text, '@') : 0;
			if (at) {
				char name[ASM_OP_TEXT];
				snprintf(name, sizeof name, "%.*s", (int)(at - op->text), op->text);
				callee = sig_index(c, name);
			}
		}
	if (callee < 0 || !c->places[callee].ok)
		return false;
	/* Parts whose values the checker knows (whole words). */
	const Placement *p = &c->places[callee];
	const Loc *first = 0;
	for (unsigned arg = 0; arg < p->nargs; arg++)
		for (unsigned part = 0; part < p->args[arg].count; part++) {
		const Loc *l = &p->locs[p->args[arg].first + part];
		if ((l->kind != LOC_SGPR && l->kind != LOC_VGPR) || !part_is_word(c, callee, arg, part))
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

/* --mutants: every mutant of a proven function must be violated. */
static void check_mutants(CheckAsm *c, const AsmFunction *f, const ExecInput *base)
{
	Mutant ms[512];
	unsigned n = asm_mutants(f, base->contract, mutant_args, c, ms, sizeof ms / sizeof ms[0]);
	if (n > sizeof ms / sizeof ms[0])
		n = sizeof ms / sizeof ms[0];
	c->mutated_functions += n > 0;
	for (unsigned k = 0; k < n; k++) {
		AsmFunction g;
		ExecResult r;
		char what[160];
		if (!asm_mutant_apply(f, base->contract, &ms[k], &g))
			continue;
		ExecInput in = *base;
		in.f = &g;
		asm_exec(&in, &r);
		asm_mutant_free(&g);
		bool caught = r.verdict == VERDICT_VIOLATED;
		c->nmutants++;
		c->by_op[ms[k].op][0]++;
		c->by_op[ms[k].op][1] += caught;
		if (caught)
			c->caught++;
		else
			c->missed++;
		asm_mutant_print(f, &ms[k], what, sizeof what);
		if (c->json) {
			printf("{\"name\":");
			fput_json_string(stdout, f->name);
			printf(",\"mutant\":\"%s\",\"at_line\":%u,\"caught\":%s,\"verdict\":\"%s\",\"why\":",
			       mutation_names[ms[k].op], f->instrs[ms[k].at].line, caught ? "true" : "false",
			       verdict_names[r.verdict]);
			fput_json_string(stdout, r.why);
			printf("}\n");
		} else if (!caught)
			printf("%s: mutant %s missed: %s%s%s\n", f->name, what, verdict_names[r.verdict], r.why[0] ? ": " : "",
			       r.why);
	}
}

static int check_one(void *ctx, const AsmFunction *f)
{
	CheckAsm *c = ctx;
	int i = sig_index(c, f->name);
	ExecResult r = { 0 };
	Contract k;
	const char *skip = 0;
	if (i < 0)
		skip = "no signature of that name in SIGFILE";
	else if (!contract_of((CallConv)c->sigs[i]->cc, &c->m, &k))
		skip = "its convention never returns to a caller";
	if (!skip) {
		ExecEnv env = { c, env_callee, env_passed, env_received };
		ExecInput in = { f, &k, c->places[i].ok ? &c->places[i] : 0, c->m.wave, &env };
		current_caller = f->name;
		asm_exec(&in, &r);
		if (c->mutants && r.verdict == VERDICT_PROVEN)
			check_mutants(c, f, &in);
		current_caller = 0;
	}
	if (c->mutants) {
		c->counts[skip ? VERDICT_COUNT : r.verdict]++;
		return 0;
	}
	c->counts[skip ? VERDICT_COUNT : r.verdict]++;
	const char *verdict = skip ? "skipped" : verdict_names[r.verdict];
	const char *why = skip ? skip : r.why;
	if (c->json) {
		printf("{\"name\":");
		fput_json_string(stdout, f->name);
		printf(",\"line\":%u,\"verdict\":\"%s\",\"why\":", f->line, verdict);
		fput_json_string(stdout, why);
		printf(",\"at_line\":%u,\"paths\":%u,\"returns\":%u,\"calls\":%u,\"checked_args\":%u,\"checked_stores\":%u}\n",
		       r.line, r.paths, r.returns, r.calls, r.checked_args, r.checked_stores);
	} else {
		printf("%s: %s", f->name, verdict);
		if (why[0] && r.line)
			printf(": line %u: %s", r.line, why);
		else if (why[0])
			printf(": %s", why);
		if (!skip)
			printf(" (%u paths, %u returns, %u calls, %u arguments at calls, %u stores of arguments checked)", r.paths,
			       r.returns, r.calls, r.checked_args, r.checked_stores);
		putchar('\n');
	}
	return 0;
}

int cmd_check_asm(int argc, char **argv)
{
	const Command *cmd = command_find("check-asm");
	ModelOptions o;
	model_options_default(&o);
	const char *sigfile = 0;
	CheckAsm c = { 0 };
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		bool bad;
		if (strcmp(name, "--sigs") == 0)
			sigfile = val;
		else if (strcmp(name, "--json") == 0)
			c.json = true;
		else if (strcmp(name, "--mutants") == 0)
			c.mutants = true;
		else if (model_option(&o, name, val, &bad) && bad) {
			fprintf(stderr, "gcnabi check-asm: invalid %s '%s'\n", name, val);
			return EXIT_USAGE;
		}
	}
	if (k == -4)
		return 0;
	if (k == -3 || argc - i != 1 || !sigfile) {
		fprintf(stderr, "gcnabi check-asm: give --sigs SIGFILE and one FILE.s (see gcnabi check-asm --help)\n");
		return EXIT_USAGE;
	}
	Layout layout;
	char err[512];
	if (!layout_load(o.layout, &layout, err, sizeof err)) {
		fprintf(stderr, "gcnabi check-asm: %s\n", err);
		return EXIT_ERROR;
	}
	if (!model_config_init(&c.m, profile_find(o.profile), &layout, o.cpu, o.wave, o.selector, err, sizeof err)) {
		fprintf(stderr, "gcnabi check-asm: %s\n", err);
		return EXIT_USAGE;
	}
	c.m.os = o.os;
	size_t slen, alen;
	char *stext = read_file(sigfile, &slen, err, sizeof err);
	if (!stext) {
		fprintf(stderr, "gcnabi check-asm: %s\n", err);
		return EXIT_ERROR;
	}
	/* Bad input is an error before any work: the parser names each. */
	sig_read(sigfile, stext, slen, true, collect, &c);
	free(stext);
	if (c.malformed) {
		for (unsigned s = 0; s < c.nsigs; s++)
			free(c.sigs[s]);
		free(c.sigs);
		return EXIT_ERROR;
	}
	char *atext = read_file(argv[i], &alen, err, sizeof err);
	c.places = calloc(c.nsigs ? c.nsigs : 1, sizeof *c.places);
	if (!atext || !c.places) {
		fprintf(stderr, "gcnabi check-asm: %s\n", atext ? "out of memory" : err);
		return EXIT_ERROR;
	}
	for (unsigned s = 0; s < c.nsigs; s++)
		cc_place(c.sigs[s], &c.m, VIEW_CALLEE, &c.places[s]);
	unsigned n = asm_read(atext, alen, check_one, &c);
	free(atext);
	for (unsigned s = 0; s < c.nsigs; s++)
		free(c.sigs[s]);
	free(c.sigs);
	free(c.places);
	if (!n) {
		fprintf(stderr, "%s: error: no function found (no `.type NAME,@function`)\n", argv[i]);
		return EXIT_ERROR;
	}
	if (c.mutants) {
		/* Every mutant of a proven function is a contract the code
		 * breaks: one the checker does not call violated is its defect. */
		if (!c.json) {
			printf("%u mutants of %u proven functions (%u with a mutation site): %u caught, %u missed\n", c.nmutants,
			       c.counts[VERDICT_PROVEN], c.mutated_functions, c.caught, c.missed);
			for (int op = 0; op < MUT_COUNT; op++)
				printf("  %-24s %u of %u caught\n", mutation_names[op], c.by_op[op][1], c.by_op[op][0]);
		}
		return c.missed ? EXIT_DIVERGED : 0;
	}
	if (!c.json)
		printf("%u functions: %u proven, %u violated, %u unknown, %u skipped\n", n, c.counts[VERDICT_PROVEN],
		       c.counts[VERDICT_VIOLATED], c.counts[VERDICT_UNKNOWN], c.counts[VERDICT_COUNT]);
	/* A violation is a new divergence; an unknown verdict leaves the
	 * result incomplete, never a pass. */
	return (c.counts[VERDICT_VIOLATED] ? EXIT_DIVERGED : 0) | (c.counts[VERDICT_UNKNOWN] ? EXIT_INCOMPLETE : 0);
}
