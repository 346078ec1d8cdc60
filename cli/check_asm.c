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
#include "cli.h"
#include "contract.h"

typedef struct {
	Sig **sigs;
	unsigned nsigs;
	unsigned malformed;
	ModelConfig m;
	Placement *places; /* callee view of each signature */
	bool json;
	unsigned counts[VERDICT_COUNT + 1]; /* + skipped */
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
		current_caller = 0;
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
	if (!c.json)
		printf("%u functions: %u proven, %u violated, %u unknown, %u skipped\n", n, c.counts[VERDICT_PROVEN],
		       c.counts[VERDICT_VIOLATED], c.counts[VERDICT_UNKNOWN], c.counts[VERDICT_COUNT]);
	/* A violation is a new divergence; an unknown verdict leaves the
	 * result incomplete, never a pass. */
	return (c.counts[VERDICT_VIOLATED] ? EXIT_DIVERGED : 0) | (c.counts[VERDICT_UNKNOWN] ? EXIT_INCOMPLETE : 0);
}
