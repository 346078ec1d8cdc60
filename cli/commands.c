/* The command table: every subcommand with its options. `gcnabi help CMD`
 * and `gcnabi CMD --help` are generated from it; opt_next reads argv against it. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const OptSpec place_opts[] = {
	{ "--profile", "P", "{profiles} or the text of `llc --version` (default {newest})" },
	{ "--layout", "L", "SGPR layout name or file (default old)" },
	{ "--mcpu", "CPU", "subtarget, e.g. {check_cpus} (default {place_cpu})" },
	{ "--wave", "N", "wave size 32 or 64 (default: the CPU's)" },
	{ "--selector", "S", "dag or gisel, where they differ (default dag)" },
	{ "--triple", "T", "amdgcn-amd-amdpal (default), amdgcn-mesa-mesa3d, amdgcn-- (no OS): shader system SGPRs; amdgcn-amd-amdhsa: graphics conventions refused" },
	{ "--caller", 0, "the caller's outgoing placement at a call site, not the callee's incoming one" },
	{ "--through-pointer", 0, "with --caller: a call through a pointer, whose caller sees none of the callee's \"amdgpu-no-*\"" },
	{ "--json", 0, "one JSON object per function, one per line" },
	{ "--dvgpr", "N", "chain functions: check a dynamic-VGPR chain call that requests N VGPRs (lost argument VGPRs)" },
	{ "--contract", 0, "also the rest of the contract: the callee-saved registers, return address, stack, frame and base pointers, scratch descriptor, stack alignment" },
	{ "--switch", "NAME=on|off", "override a behaviour switch of the profile (repeatable; gcnabi profiles lists them)" },
	{ 0, 0, 0 },
};

static const OptSpec emit_opts[] = {
	{ "--profile", "P", "IR dialect of this llc (llvm14 prints typed pointers)" },
	{ "--caller", 0, "add a caller for each function" },
	{ "--wave", "N", "64: chain calls pass an i64 EXEC (wave64 targets such as gfx900); default 32" },
	{ "--graph-of", "NAME", "call-graph file: only the call graph (connected component) holding @NAME, its lines first as comments" },
	{ "--leave-out", "NAMES", "call-graph file: these functions (comma-separated) and the calls to them stay out, as check leaves out those the model expects llc to refuse" },
	{ "--typed-pointers", 0, "print typed pointers (i32 addrspace(1)*) whatever the profile: llc 14 reads only those, 15 to 22 read both" },
	{ "--selector", "S", "dag (default) or gisel: bodies this selector can select (llc 14/15 SelectionDAG: bfloat arguments left unused)" },
	{ "--mcpu", "CPU", "the target llc compiles for (default: one with 16-bit instructions)" },
	{ "--uniform-inreg", 0, "\"gcnabi-divergent\" callers pass uniform values, as check --final-code compiles a function again where llc fails on lane-varying values passed inreg" },
	{ "--final-body", 0, "the body check --final-code compiles: the return value loaded and the result stored without volatile; with --selector gisel, sub-word and odd-sized values kept in memory zero-extended to whole words" },
	{ 0, 0, 0 },
};

static const OptSpec observe_opts[] = {
	{ "--json", 0, "one JSON object per function, one per line" },
	{ "--asm", 0, "FILE is llc's final code (-filetype=asm): each function's instructions and the registers they name" },
	{ 0, 0, 0 },
};

static const OptSpec check_asm_opts[] = {
	{ "--sigs", "SIGFILE", "the functions' signatures (the module gcnabi emit printed: then what each call passes is known)" },
	{ "--profile", "P", "{profiles} (default {newest})" },
	{ "--layout", "L", "SGPR layout name or file (default old)" },
	{ "--mcpu", "CPU", "subtarget the assembly is for (default {place_cpu})" },
	{ "--wave", "N", "wave size 32 or 64 (default: the CPU's)" },
	{ "--triple", "T", "the triple the assembly is for (default: its .amdgcn_target directive's, else amdgcn-amd-amdpal): a kernel's user SGPRs follow it" },
	{ "--json", 0, "one JSON object per function (with --mutants: per mutant), one per line" },
	{ "--mutants", 0, "prove the checker: every mutant of each proven function (gcnabi vocab --json lists the operators) must be violated; exit 8 if one is not" },
	{ 0, 0, 0 },
};

static const OptSpec diff_opts[] = {
	{ "--json", 0, "one JSON object per divergence, then a summary object" },
	{ "--summary", 0, "only the JSON summary object (divergences counted, and of them parts moved to and off the stack)" },
	{ "--labels", "A,B", "the two sides' names in the report (default A,B)" },
	{ "--strict-errors", 0, "two different errors for one function diverge" },
	{ "--undef-sgprs", 0, "B may lack SGPR parts A has (llc 16 SelectionDAG loses shader SGPR values: shader_dag_undef_sgprs)" },
	{ 0, 0, 0 },
};

static const OptSpec check_opts[] = {
	{ "--llc", "[NAME=]PATH", "an llc to check (repeatable; NAME labels it, default llvm-<version>); default: every llc-N found" },
	{ "--profile", "[NAME=]P", "the llc NAME (without NAME: every llc) follows profile P (default: its version's, else the nearest older)" },
	{ "--selector", "S", "dag, gisel or both (default both)" },
	{ "--mcpu", "CPU", "subtarget (repeatable; default {check_cpus})" },
	{ "--wave", "N", "wave size 32 or 64 (default: each CPU's)" },
	{ "--triple", "T", "non-kernel functions: amdgcn-amd-amdpal (default), amdgcn-mesa-mesa3d, amdgcn-- or amdgcn-amd-amdhsa (where the model refuses every graphics convention, as llc does)" },
	{ "--llc-option", "OPT", "an option every llc run gets (repeatable, --llc-option=-mattr=... too; or a `; gcnabi-llc-options: OPT...` line in the input): named in every report and RUN line; the model does not know what it does" },
	{ "--layout", "L", "SGPR layout of the compilers (default old)" },
	{ "--no-caller", 0, "check callees only, not call sites" },
	{ "--batch", "N", "functions per llc process (default 200)" },
	{ "--jobs", "N", "llc processes at once (default: the number of cores)" },
	{ "--llc-slots", "FILE", "run llc only while holding one of FILE's slots (a byte each, locked; shared by gcnabi-run's units)" },
	{ "--llc-version", "V", "the --llc before it is 'LLVM version N.N.N' with the amdgcn target: no llc --version (gcnabi-run)" },
	{ "--timeout", "SEC", "CPU seconds one llc process may use (default 120); one that does not use them is stopped at 4 times that of wall time" },
	{ "--mem-limit", "MB", "address-space limit of one llc process (default 8192)" },
	{ "--out", "DIR", "where the details go (default reports/check-<time>)" },
	{ "--quiet", 0, "print only the summary" },
	{ "--placements", 0, "also write what llc did: DIR/placements/<combo>.{callee,caller}.jsonl (gcnabi diff reads them)" },
	{ "--switch", "NAME=on|off", "override a behaviour switch in every llc's profile (repeatable; gcnabi profiles lists them)" },
	{ "--new-reg-bank-select", 0, "GlobalISel runs with -new-reg-bank-select, observed after amdgpu-regbanklegalize (llc 22+)" },
	{ "--final-code", 0, "also compile each function and its caller to final code (-enable-ipra=0) and check it against the contract (gcnabi check-asm's checker)" },
	{ "--final-code-selector", "[NAME=]S", "--final-code for the combinations of selector S only: dag, gisel or both (default); NAME=S: of the llc NAME (repeatable)" },
	{ "--as-written", 0, "compile the input module as it is (bodies, globals, attributes, metadata) and judge each define's incoming placement, each direct call's outgoing one and, with --final-code, the final code: a module nobody here wrote" },
	{ "--final-code-sample", "N", "--final-code of 1 in N functions: signature i when i % N is 0, a call graph's component c when c % N is 0 (default 1: every function); the others count as not sampled" },
	{ "--final-code-verify", 0, "--final-code, its llc with -verify-machineinstrs: bad machine code after register allocation is a final-code-refused finding (the nightly's; off by default: it takes about a quarter of llc's time)" },
	{ 0, 0, 0 },
};

/* ab's own options; every other is gcnabi check's, forwarded to it (cli/ab.c). */
static const OptSpec ab_opts[] = {
	{ "--layout", "L", "once: the SGPR layout both compilers use (forwarded to check); twice: compare the two layouts, model only, no --llc (then --profile P and one --mcpu)" },
	{ "--json", 0, "one JSON object instead of the text" },
	{ "--markdown", 0, "Markdown ready to paste into a review" },
	{ 0, 0, 0 },
};

static const OptSpec gen_opts[] = {
	{ "--seed", "N", "random seed (default 1)" },
	{ "--count", "N", "signatures to generate (default 10; --enumerate: all from --from on)" },
	{ "--index", "N", "only signature N (replays one case of any mode)" },
	{ "--weights", "FILE", "load weights from a key = value file" },
	{ "--dump-weights", 0, "print the weights in that format and exit" },
	{ "--swarm", 0, "switch whole features off per batch of swarm_batch indices" },
	{ "--enumerate", 0, "every signature of a small space, by index (--type, --cc, --max-args)" },
	{ "--from", "K", "first index (default 0): signatures, graphs or --enumerate cases K to K+count-1" },
	{ "--type", "T", "--enumerate: a parameter type with attributes, e.g. 'i32 inreg' (repeatable)" },
	{ "--cc", "CC", "only this convention: {conventions} (repeatable; random: equal weights; --enumerate default ccc, amdgpu_gfx); --boundary: any of those but fastcc/coldcc, amdgpu_kernel, both (ccc and amdgpu_gfx, the default) or all; repeatable" },
	{ "--max-args", "N", "--enumerate: most parameters (default 3)" },
	{ "--callgraph", 0, "call graphs (signatures and `call @a -> @b` / `chain @a -> @b` edges) instead of signatures" },
	{ "--root", "CC", "--callgraph: a shader entry point (amdgpu_cs, amdgpu_ps, ...) at the root, calling amdgpu_gfx functions; amdgpu_kernel: a kernel calling ccc functions; amdgpu_cs_chain(_preserve): chain functions linked by llvm.amdgcn.cs.chain (`chain` edges, some with dvgpr N), sometimes entered from an amdgpu_cs" },
	{ "--boundary", 0, "instead: signatures around every limit of the model (options below; --index replays one)" },
	{ "--profile", "P", "--boundary: profile whose limits are probed (default {newest})" },
	{ "--layout", "L", "--boundary: SGPR layout name or file (default old)" },
	{ "--mcpu", "CPU", "--boundary: subtarget (repeatable; default {check_cpus})" },
	{ "--wave", "N", "--boundary: wave size 32 or 64 (default: each CPU's)" },
	{ "--selector", "S", "--boundary: dag, gisel or both (default both)" },
	{ "--caller", 0, "--boundary: limits of the call site only" },
	{ "--callee", 0, "--boundary: limits of the callee only (default: both views)" },
	{ 0, 0, 0 },
};

static const OptSpec passthrough_opts[] = {
	{ "--profile", "P", "the llc whose rules the model follows (default {newest})" },
	{ "--mcpu", "CPU", "subtarget (default {place_cpu})" },
	{ "--layout", "L", "a layout to cost (repeatable; default old, proposed-v1, proposed-v2)" },
	{ "--llc", "PATH", "also compile the graph with this llc and count the moves in its assembly" },
	{ 0, 0, 0 },
};

static const OptSpec layouts_opts[] = {
	{ "--impact", "SIGFILE", "instead of printing them: per layout, one JSON object of what it does to the arguments of SIGFILE's functions (model, callee view): parts in SGPRs, VGPRs and stack slots, stack bytes, parts moved against old and to or off the stack, amdgpu_gfx inreg parts a shader holding them in s0, s1, ... must move, free 4-aligned SGPR quads below s48" },
	{ "--profile", "P", "--impact: the llc whose rules the model follows (default {newest})" },
	{ "--mcpu", "CPU", "--impact: subtarget (default {place_cpu})" },
	{ 0, 0, 0 },
};

static const OptSpec none_opts[] = { { 0, 0, 0 } };

static const OptSpec vocab_opts[] = {
	{ "--json", 0, "the only form: one JSON object (the default too)" },
	{ 0, 0, 0 },
};

static const OptSpec shrink_opts[] = {
	{ "--stage", "N", "0: parameters removed (blocks, then single ones), function attributes dropped, a void return (default); 1: also each parameter's attributes but inreg dropped, byval/byref/sret pointers as i32, simpler types" },
	{ "--name", "NAME", "print the candidates as @NAME (default: the signature's own name)" },
	{ "--number", 0, "name them NAME0, NAME1, ... in order" },
	{ "--itself", 0, "print the signature itself (renamed), not its candidates" },
	{ "--json", 0, "one {\"decl\", \"params\", \"chars\"} object a line: the size counts the line under the signature's own name" },
	{ 0, 0, 0 },
};

static const Command commands[] = {
	{ "place", cmd_place, "[SIG | -]", "placement of each signature by the model", place_opts },
	{ "emit", cmd_emit, "[FILE | -]", "IR in which every function uses every argument, kernels none (llc input)", emit_opts },
	{ "observe", cmd_observe, "FILE.mir | FILE.s | -", "where llc really put each part, read from its MIR (kernels: the HSA metadata of its assembly)", observe_opts },
	{ "check-asm", cmd_check_asm, "--sigs SIGFILE FILE.s", "the final code against the contract: returns, calls, callee-saved registers, SP, EXEC, arguments (symbolic execution)", check_asm_opts },
	{ "diff", cmd_diff, "A.jsonl B.jsonl", "compare two placement streams, list every divergence", diff_opts },
	{ "check", cmd_check, "SIGFILE", "emit, run every llc, observe, compare with the model, summarize", check_opts },
	{ "ab", cmd_ab, "--llc A=PATH --llc B=PATH [check's options] SIGFILE", "two compilers (or two layouts) side by side: every argument that moved, predicted or not", ab_opts },
	{ "passthrough", cmd_passthrough, "GRAPHFILE", "SGPR moves at shader -> amdgpu_gfx calls, per layout (and measured with --llc)", passthrough_opts },
	{ "gen", cmd_gen, "", "random, reproducible signatures, or boundary signatures (--boundary)", gen_opts },
	{ "layouts", cmd_layouts, "[NAME|FILE...]", "validate and print every layout of the layouts folder, then those named (--impact: measure them)", layouts_opts },
	{ "profiles", cmd_profiles, "[P...]", "profiles and their behaviour switches", none_opts },
	{ "shrink", cmd_shrink, "SIGNATURE", "the smaller candidates of one signature, one declare line each, smaller than it (the harness's minimizer)", shrink_opts },
	{ "cause", cmd_cause, "ERRFILE | -", "the cause of a failed llc run (its stderr) as check words it: first error line, numbers and names normalized", none_opts },
	{ "vocab", cmd_vocab, "", "conventions, CPUs, profiles, finding kinds and exit bits from their tables (JSON)", vocab_opts },
};

const Command *command_find(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return 0;
}

/* The lists a help text names, from their tables. */
static void help_list(Buf *b, const char *name)
{
	const char *cpus[16];
	unsigned n = 0;
	if (strcmp(name, "profiles") == 0)
		for (unsigned i = 0; profile_at(i); i++)
			buf_printf(b, "%s%s", i ? ", " : "", profile_at(i)->name);
	else if (strcmp(name, "newest") == 0)
		buf_printf(b, "%s", profile_newest()->name);
	else if (strcmp(name, "place_cpu") == 0)
		buf_printf(b, "%s", target_default()->name);
	else if (strcmp(name, "check_cpus") == 0)
		for (unsigned i = 0, k = target_defaults(TARGET_DEFAULT_CHECK, cpus, 16); i < k; i++, n++)
			buf_printf(b, "%s%s", n ? ", " : "", cpus[i]);
	else if (strcmp(name, "conventions") == 0)
		for (unsigned i = 0; i < CC_COUNT; i++)
			buf_printf(b, "%s%s", i ? ", " : "", cc_name(conv_in_generator_order(i)));
	else
		buf_printf(b, "{%s}", name);
}

/* text with each {list} replaced by the list it names. */
static void help_text(Buf *b, const char *text)
{
	for (const char *p = text; *p;) {
		const char *open = strchr(p, '{'), *close = open ? strchr(open, '}') : 0;
		if (!close) {
			buf_printf(b, "%s", p);
			break;
		}
		buf_put(b, p, (size_t)(open - p));
		char name[32];
		snprintf(name, sizeof name, "%.*s", (int)(close - open - 1), open + 1);
		help_list(b, name);
		p = close + 1;
	}
}

void command_help(const Command *cmd, FILE *f)
{
	fprintf(f, "usage: gcnabi %s [options] %s\n  %s\n", cmd->name, cmd->usage, cmd->summary);
	for (const OptSpec *o = cmd->opts; o->name; o++) {
		char left[40];
		Buf help = { 0 };
		snprintf(left, sizeof left, "%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		help_text(&help, o->help);
		fprintf(f, "  %-18s %s\n", left, help.p && !help.failed ? help.p : o->help);
		buf_free(&help);
	}
}

int opt_next(const Command *cmd, int argc, char **argv, int *i, const char **val)
{
	if (*i >= argc)
		return -2;
	const char *a = argv[*i];
	if (strcmp(a, "--") == 0) {
		(*i)++;
		return *i < argc ? -1 : -2;
	}
	if (a[0] != '-' || a[1] == 0)
		return -1;
	if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
		command_help(cmd, stdout);
		return -4;
	}
	const char *eq = strchr(a, '=');
	size_t n = eq ? (size_t)(eq - a) : strlen(a);
	for (int k = 0; cmd->opts[k].name; k++) {
		const OptSpec *o = &cmd->opts[k];
		if (strlen(o->name) != n || strncmp(o->name, a, n) != 0)
			continue;
		(*i)++;
		if (!o->arg) {
			if (eq) {
				fprintf(stderr, "gcnabi %s: %s takes no value\n", cmd->name, o->name);
				return -3;
			}
			*val = 0;
			return k;
		}
		if (eq) {
			*val = eq + 1;
		} else if (*i < argc) {
			*val = argv[(*i)++];
		} else {
			fprintf(stderr, "gcnabi %s: %s needs a value (%s)\n", cmd->name, o->name, o->arg);
			return -3;
		}
		return k;
	}
	fprintf(stderr, "gcnabi %s: unknown option '%s' (see gcnabi %s --help)\n", cmd->name, a, cmd->name);
	return -3;
}

void usage(FILE *f)
{
	fprintf(f, "gcnabi: ABI conformance and fuzzing for LLVM's AMDGPU calling conventions\n\n"
		   "usage: gcnabi COMMAND [options] ...\n\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n`gcnabi COMMAND --help` lists a command's options.\n");
}

