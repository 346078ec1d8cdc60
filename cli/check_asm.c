/* `gcnabi check-asm`: the final-code checker (final/asm_exec.h) over the
 * functions of an assembly file, each against the signature of the same
 * name in SIGFILE and the model's contract for it. SIGFILE may be the
 * module gcnabi emit printed (its `define` headers are signatures too):
 * then the values each call passes and each argument's store are known
 * from the globals gcnabi emit names (emit/: @gcnabi.<i>.out.<k> a
 * caller @gcnabi.<i>.caller loads argument k from, @gcnabi.<i>.in.<k> the
 * callee stores it to). */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "final.h"
#include "cli.h"
#include "contract.h"

typedef struct {
	Sig **sigs;
	unsigned nsigs;
	unsigned malformed;
	bool json, mutants;
	unsigned counts[VERDICT_COUNT + 1]; /* + skipped */
	unsigned nmutants, caught, missed, mutated_functions;
	unsigned by_op[MUT_COUNT][2]; /* made, caught */
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

/* --mutants: one mutant of a proven function, counted and printed; it
 * must be violated. */
static void one_mutant(void *ctx, const AsmFunction *f, const Mutant *m, const ExecResult *r)
{
	CheckAsm *c = ctx;
	char what[160];
	bool caught = r->verdict == VERDICT_VIOLATED;
	c->nmutants++;
	c->by_op[m->op][0]++;
	c->by_op[m->op][1] += caught;
	if (caught)
		c->caught++;
	else
		c->missed++;
	asm_mutant_print(f, m, what, sizeof what);
	if (c->json) {
		printf("{\"name\":");
		fput_json_string(stdout, f->name);
		printf(",\"mutant\":\"%s\",\"at_line\":%u,\"caught\":%s,\"verdict\":\"%s\",\"why\":",
		       mutation_names[m->op], f->instrs[m->at].line, caught ? "true" : "false", verdict_names[r->verdict]);
		fput_json_string(stdout, r->why);
		printf("}\n");
	} else if (!caught)
		printf("%s: mutant %s missed: %s%s%s\n", f->name, what, verdict_names[r->verdict], r->why[0] ? ": " : "",
		       r->why);
}

static int check_one(void *ctx, FinalCode *fc, const AsmFunction *f, const ExecInput *in, const ExecResult *res,
		     const char *skip)
{
	CheckAsm *c = ctx;
	ExecResult r = *res;
	if (c->mutants && !skip && r.verdict == VERDICT_PROVEN)
		c->mutated_functions += final_code_mutants(fc, f, in, one_mutant, c) > 0;
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
		printf(",\"at_line\":%u,\"culprit_line\":%u,\"paths\":%u,\"returns\":%u,\"calls\":%u,\"checked_args\":%u,"
		       "\"checked_stores\":%u,\"checked_returns\":%u}\n",
		       r.line, r.culprit, r.paths, r.returns, r.calls, r.checked_args, r.checked_stores, r.checked_rets);
	} else {
		printf("%s: %s", f->name, verdict);
		if (why[0] && r.line)
			printf(": line %u: %s", r.line, why);
		else if (why[0])
			printf(": %s", why);
		if (r.culprit)
			printf(" (written at line %u)", r.culprit);
		char rets[48] = "";
		if (r.checked_rets)
			snprintf(rets, sizeof rets, ", %u return value parts", r.checked_rets);
		if (!skip)
			printf(" (%u paths, %u returns, %u calls, %u arguments at calls, %u stores of arguments%s checked)",
			       r.paths, r.returns, r.calls, r.checked_args, r.checked_stores, rets);
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
	bool triple_given = false;
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
		} else if (strcmp(name, "--triple") == 0)
			triple_given = true;
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
	ModelConfig m;
	if (!model_config_init(&m, profile_find(o.profile), &layout, o.cpu, o.wave, o.selector, err, sizeof err)) {
		fprintf(stderr, "gcnabi check-asm: %s\n", err);
		return EXIT_USAGE;
	}
	m.os = o.os;
	size_t slen, alen;
	char *stext = read_file(sigfile, &slen, err, sizeof err);
	if (!stext) {
		fprintf(stderr, "gcnabi check-asm: %s\n", err);
		return EXIT_ERROR;
	}
	/* Bad input is an error before any work: the parser names each. */
	sig_read(sigfile, stext, slen, true, collect, &c);
	/* a call-graph file: its module is gcnabi emit's graph module */
	CallEdge *edges = 0;
	unsigned nedges = 0;
	char gerr[160];
	bool graph = !c.malformed && graph_edges_parse(stext, slen, c.sigs, c.nsigs, &edges, &nedges, gerr, sizeof gerr) &&
		     nedges > 0;
	free(edges);
	free(stext);
	if (c.malformed) {
		for (unsigned s = 0; s < c.nsigs; s++)
			free(c.sigs[s]);
		free(c.sigs);
		return EXIT_ERROR;
	}
	char *atext = read_file(argv[i], &alen, err, sizeof err);
	/* the triple llc wrote (.amdgcn_target "amdgcn-amd-amdhsa--gfx900";
	 * none for amdgcn-- and mesa3d) */
	const char *tgt = atext ? memmem(atext, alen, ".amdgcn_target \"", 16) : 0;
	if (tgt && !triple_given) {
		char t[64];
		snprintf(t, sizeof t, "%.*s", (int)strcspn(tgt + 16, "\"\n"), tgt + 16);
		char *cpu = strstr(t, "--");
		if (cpu)
			*cpu = 0;
		target_os_parse(t, &m.os); /* an unknown one: the default */
	}
	FinalCode fc;
	if (!atext || !final_code_init(&fc, c.sigs, c.nsigs, &m)) {
		fprintf(stderr, "gcnabi check-asm: %s\n", atext ? "out of memory" : err);
		return EXIT_ERROR;
	}
	fc.graph = graph;
	unsigned n = final_code_check(&fc, atext, alen, check_one, &c);
	free(atext);
	final_code_free(&fc);
	for (unsigned s = 0; s < c.nsigs; s++)
		free(c.sigs[s]);
	free(c.sigs);
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
