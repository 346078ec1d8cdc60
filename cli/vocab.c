/* `gcnabi vocab --json`: the vocabularies every other part iterates —
 * calling conventions, report groups, CPUs, profiles and their switches,
 * selectors, finding kinds and classes, refusal classes, exit bits — printed from their
 * tables, so that the harness keeps no list of its own. */
#include <string.h>

#include "engine.h"
#include "cli.h"
#include "final.h"
#include "observe.h"

static const char *const family_names[FAMILY_COUNT] = {
	[FAMILY_CALLABLE] = "callable",
	[FAMILY_CHAIN] = "chain",
	[FAMILY_SHADER] = "shader",
	[FAMILY_KERNEL] = "kernel",
};

static const struct {
	unsigned bit;
	const char *name;
} default_lists[] = {
	{ TARGET_DEFAULT_PLACE, "place" },
	{ TARGET_DEFAULT_CHECK, "check" },
	{ TARGET_DEFAULT_HARNESS, "harness" },
	{ TARGET_DEFAULT_NIGHTLY, "nightly" },
};

static void families(JsonWriter *w, const char *key, unsigned bits)
{
	jw_karray(w, key);
	for (unsigned k = 0; k < FAMILY_COUNT; k++)
		if (bits >> k & 1)
			jw_string(w, family_names[k]);
	jw_end(w);
}

static void conventions_json(JsonWriter *w)
{
	jw_karray(w, "conventions");
	for (unsigned cc = 0; cc < CC_COUNT; cc++) {
		const ConvInfo *c = conv_info((CallConv)cc);
		jw_object(w);
		jw_kstring(w, "name", c->name);
		jw_kstring(w, "keyword", c->keyword);
		jw_kuint(w, "llvm_id", c->llvm_id);
		jw_kstring(w, "family", family_names[c->family]);
		jw_kstring(w, "group", c->group);
		jw_kbool(w, "callable", conv_callable((CallConv)cc));
		families(w, "called_from", c->called_from);
		jw_kbool(w, "chains", c->chains);
		jw_kbool(w, "alias", c->alias);
		jw_kstring(w, "needs", c->needs ? profile_switch_names[c->needs - 1] : NULL);
		jw_kstring(w, "weight", c->weight_name);
		jw_end(w);
	}
	jw_end(w);
}

/* The rows of the reports' convention tables, in report order (conv.h),
 * as check names them in link.jsonl. */
static void report_groups_json(JsonWriter *w)
{
	ConvRow rows[CONV_MAX_ROWS];
	unsigned n = conv_report_rows(rows);
	jw_karray(w, "report_groups");
	for (unsigned k = 0; k < n; k++)
		jw_string(w, rows[k].name);
	jw_end(w);
}

static void cpus_json(JsonWriter *w)
{
	jw_karray(w, "cpus");
	for (unsigned i = 0; target_at(i); i++) {
		const Target *t = target_at(i);
		jw_object(w);
		jw_kstring(w, "name", t->name);
		jw_karray(w, "aliases");
		for (const char *p = t->aliases; p && *p;) {
			size_t n = strcspn(p, " ");
			char alias[32];
			snprintf(alias, sizeof alias, "%.*s", (int)n, p);
			jw_string(w, alias);
			p += n + (p[n] == ' ');
		}
		jw_end(w);
		jw_kuint(w, "llvm_first", t->llvm_first);
		if (t->llvm_last)
			jw_kuint(w, "llvm_last", t->llvm_last);
		else
			jw_kraw(w, "llvm_last", "null");
		jw_kuint(w, "default_wave", t->default_wave);
		jw_karray(w, "defaults");
		for (unsigned k = 0; k < sizeof default_lists / sizeof default_lists[0]; k++)
			if (t->defaults & default_lists[k].bit)
				jw_string(w, default_lists[k].name);
		jw_end(w);
		jw_end(w);
	}
	jw_end(w);
}

/* What a register part holds (place.h's Repr), with the opcodes the MIR
 * observer reads it from at a writer and at a reader. */
static void reprs_json(JsonWriter *w)
{
	jw_karray(w, "reprs");
	for (unsigned r = 0; r < REPR_COUNT; r++) {
		const char *ops[8];
		jw_object(w);
		jw_kstring(w, "name", repr_names[r].name);
		jw_kstring(w, "what", repr_names[r].what);
		for (int side = 1; side >= 0; side--) {
			unsigned n = mir_repr_opcodes((Repr)r, side, ops, 8);
			jw_karray(w, side ? "writers" : "readers");
			for (unsigned k = 0; k < n && k < 8; k++)
				jw_string(w, ops[k]);
			jw_end(w);
		}
		jw_end(w);
	}
	jw_end(w);
}

/* The final-code checker's verdicts, llc's options for the final code and
 * the operators of its mutants. */
static void final_code_json(JsonWriter *w)
{
	jw_karray(w, "verdicts");
	for (unsigned v = 0; v < VERDICT_COUNT; v++)
		jw_string(w, verdict_names[v]);
	jw_end(w);
	jw_kuint(w, "final_unknown_limit_pct", FINAL_UNKNOWN_LIMIT_PCT);
	jw_karray(w, "final_code_llc_flags");
	for (const char *const *f = final_code_llc_flags; *f; f++)
		jw_string(w, *f);
	jw_end(w);
	jw_karray(w, "llc_owned_options"); /* what --llc-option may not name */
	for (const LlcOwnedOption *o = llc_owned_options; o->name; o++) {
		jw_object(w);
		jw_kstring(w, "name", o->name);
		jw_kbool(w, "prefix", o->prefix);
		jw_kstring(w, "contains", o->contains);
		jw_kstring(w, "instead", o->instead);
		jw_end(w);
	}
	jw_end(w);
	jw_karray(w, "mutation_operators");
	for (unsigned k = 0; k < MUT_COUNT; k++) {
		jw_object(w);
		jw_kstring(w, "name", mutation_names[k]);
		jw_kstring(w, "doc", mutation_docs[k]);
		jw_end(w);
	}
	jw_end(w);
}

static void profiles_json(JsonWriter *w)
{
	jw_karray(w, "profiles");
	for (unsigned i = 0; profile_at(i); i++) {
		const Profile *p = profile_at(i);
		jw_object(w);
		jw_kstring(w, "name", p->name);
		jw_kuint(w, "major", p->major);
		jw_karray(w, "switches");
		for (unsigned s = 0; s < SW_COUNT; s++)
			if (p->on[s])
				jw_string(w, profile_switch_names[s]);
		jw_end(w);
		jw_end(w);
	}
	jw_end(w);
	jw_kstring(w, "newest_profile", profile_newest()->name);
	jw_karray(w, "switches");
	for (unsigned s = 0; s < SW_COUNT; s++) {
		jw_object(w);
		jw_kstring(w, "name", profile_switch_names[s]);
		jw_kstring(w, "doc", profile_switch_comments[s]);
		jw_kstring(w, "bug", profile_switch_bugs[s]);
		jw_end(w);
	}
	jw_end(w);
}

static void findings_json(JsonWriter *w)
{
	jw_karray(w, "finding_kinds");
	for (unsigned k = 0; k < FK_COUNT; k++) {
		const FindingKindInfo *fk = &finding_kinds[k];
		jw_object(w);
		jw_kstring(w, "name", fk->name);
		jw_kstring(w, "axis", finding_axis_names[fk->axis]);
		jw_kstring(w, "class", finding_classes[fk->cls].name);
		jw_kuint(w, "exit_bit", finding_exit_bit((FindingKind)k, false));
		jw_kstring(w, "doc", fk->doc);
		jw_end(w);
	}
	jw_end(w);
	/* How check words llc's "*** Bad machine code: MSG ***" (the harness
	 * turns it back into llc's words to find it in llc's output). */
	jw_kstring(w, "verifier_prefix", VERIFIER_PREFIX);
	/* and a crash from llc's stack dump, "crash in 'PASS' at FRAME" (llc
	 * printed "Running pass 'PASS'") */
	jw_kstring(w, "crash_prefix", CRASH_PREFIX);
	jw_kuint(w, "timeout_wall_factor", TIMEOUT_WALL_FACTOR);
	jw_karray(w, "finding_classes");
	for (unsigned c = 0; c < FC_COUNT; c++) {
		jw_object(w);
		jw_kstring(w, "name", finding_classes[c].name);
		jw_kuint(w, "exit_bit", finding_classes[c].exit_bit);
		jw_kstring(w, "doc", finding_classes[c].doc);
		jw_end(w);
	}
	jw_end(w);
	jw_karray(w, "refusal_classes");
	for (unsigned r = 1; r < REFUSAL_COUNT; r++) {
		jw_object(w);
		jw_kstring(w, "name", refusal_classes[r].name);
		jw_kbool(w, "convention", refusal_classes[r].convention);
		jw_kstring(w, "doc", refusal_classes[r].doc);
		jw_end(w);
	}
	jw_end(w);
	jw_kobject(w, "exit_bits");
	for (int k = 0; k < EXIT_BIT_COUNT; k++)
		jw_kuint(w, exit_bits[k].name, exit_bits[k].bit);
	jw_end(w);
	jw_kobject(w, "exit_bit_words");
	for (int k = 0; k < EXIT_BIT_COUNT; k++)
		jw_kstring(w, exit_bits[k].name, exit_bits[k].words);
	jw_end(w);
	jw_kobject(w, "exit_bit_docs");
	for (int k = 0; k < EXIT_BIT_COUNT; k++)
		jw_kstring(w, exit_bits[k].name, exit_bits[k].doc);
	jw_end(w);
}

int cmd_vocab(int argc, char **argv)
{
	const Command *cmd = command_find("vocab");
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0)
		; /* --json is the only form there is */
	if (k == -4)
		return 0;
	if (k == -3)
		return EXIT_USAGE;
	if (i < argc) {
		fprintf(stderr, "gcnabi vocab: unexpected operand '%s'\n", argv[i]);
		return EXIT_USAGE;
	}
	JsonWriter w;
	jw_init(&w, stdout);
	jw_object(&w);
	conventions_json(&w);
	report_groups_json(&w);
	cpus_json(&w);
	profiles_json(&w);
	reprs_json(&w);
	final_code_json(&w);
	jw_karray(&w, "selectors");
	for (unsigned s = 0; s < SEL_COUNT; s++)
		jw_string(&w, selector_names[s]);
	jw_end(&w);
	jw_karray(&w, "triples"); /* --triple: the first is the default */
	for (unsigned o = 0; o < OS_COUNT; o++)
		jw_string(&w, target_os_triple((TargetOs)o));
	jw_end(&w);
	findings_json(&w);
	jw_end(&w);
	jw_newline(&w);
	/* A failed write of stdout is main's to report (main.c). */
	if (w.error && !ferror(stdout)) {
		fprintf(stderr, "gcnabi vocab: %s\n", strerror(w.error));
		return EXIT_ERROR;
	}
	return 0;
}
