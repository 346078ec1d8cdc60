/* check's compilers: every llc-N installed when none is named, each one's
 * version and profile (from `llc --version`, or --llc-version), and the
 * command line a batch runs it with. */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

/* 0, or EXIT_INFRA when the machine fails (llc missing, not executable,
 * `--version` failing), EXIT_ERROR when it is not an llc gcnabi knows. */
static int llc_identify(Check *c, Llc *l, char *err, size_t cap)
{
	char out_path[600], err_path[600];
	snprintf(out_path, sizeof out_path, "%s/version.txt", c->run.tmp_dir);
	snprintf(err_path, sizeof err_path, "%s/version.err", c->run.tmp_dir);
	char *argv[] = { l->path, "--version", 0 };
	Proc p;
	if (l->given_version[0]) {
		/* Identified by the caller (gcnabi-run), amdgcn target included. */
		l->profile = profile_for_version_text(l->given_version, strlen(l->given_version));
		const char *v = strstr(l->given_version, "LLVM version ");
		snprintf(l->version, sizeof l->version, "%s", v ? v : "unknown");
		if (!v || !l->profile) {
			snprintf(err, cap, "%s: --llc-version '%s' names no LLVM version gcnabi has a profile for "
				 "(expected 'LLVM version N.N.N', N 14 or later)", l->path, l->given_version);
			return EXIT_ERROR;
		}
		/* Identified: whether it still runs, its batches tell (once per
		 * combination, check_fault.c). */
		return 0;
	}
	if (access(l->path, X_OK) != 0) {
		snprintf(err, cap, "%s: %s", l->path, strerror(errno));
		return EXIT_INFRA;
	}
	if (!proc_start(&p, argv, out_path, err_path, 0) || proc_wait_any(&p, 1, 30) != 0 || p.status != 0) {
		char *line = first_error_line(err_path);
		snprintf(err, cap, "%s --version failed: %s", l->path, line ? line : "?");
		free(line);
		return EXIT_INFRA;
	}
	size_t len;
	char *text = read_file(out_path, &len, err, cap);
	if (!text)
		return EXIT_ERROR;
	l->profile = profile_for_version_text(text, len);
	const char *v = strstr(text, "LLVM version ");
	snprintf(l->version, sizeof l->version, "%.*s", v ? (int)strcspn(v, "\n") : 7, v ? v : "unknown");
	bool amdgcn = strstr(text, "amdgcn") != 0;
	free(text);
	if (!l->profile) {
		snprintf(err, cap, "%s: no profile for %s (gcnabi knows LLVM 14 and later)", l->path, l->version);
		return EXIT_ERROR;
	}
	if (!amdgcn) {
		snprintf(err, cap, "%s: built without the amdgcn target", l->path);
		return EXIT_ERROR;
	}
	return 0;
}

static int find_llcs(Check *c)
{
	glob_t g;
	if (glob("/usr/lib/llvm-*/bin/llc", 0, 0, &g) != 0)
		return 0;
	/* Sort by major version, not by string. */
	for (size_t i = 0; i < g.gl_pathc && c->nllcs < MAX_LLCS; i++)
		snprintf(c->llcs[c->nllcs++].path, sizeof c->llcs[0].path, "%s", g.gl_pathv[i]);
	globfree(&g);
	for (int i = 0; i < c->nllcs; i++)
		for (int j = i + 1; j < c->nllcs; j++)
			if (atoi(c->llcs[j].path + 14) < atoi(c->llcs[i].path + 14)) {
				Llc t = c->llcs[i];
				c->llcs[i] = c->llcs[j];
				c->llcs[j] = t;
			}
	return c->nllcs;
}

const char *const profile_source_names[] = { "version", "nearest-older", "option" };
const char *const profile_source_texts[] = {
	"", " (no profile for this version: the nearest older)", " (--profile)" };

/* Every llc without --llc NAME= is llvm-<version> ("llvm-22.1.8",
 * "llvm-23.0.0git"); two equal labels become NAME, NAME-2, ... */
static void name_llcs(Check *c)
{
	for (int k = 0; k < c->nllcs; k++) {
		Llc *l = &c->llcs[k];
		if (l->label_given)
			continue;
		const char *v = strstr(l->version, "LLVM version ");
		/* room for "-NN" */
		char base[LLC_LABEL_MAX - 4] = "llvm-";
		size_t n = 5;
		for (v = v ? v + 13 : "unknown"; *v && !isspace((unsigned char)*v) && n + 1 < sizeof base; v++)
			base[n++] = isalnum((unsigned char)*v) || strchr("._+-", *v) ? *v : '_';
		base[n] = 0;
		snprintf(l->label, sizeof l->label, "%s", base);
		for (unsigned dup = 2;; dup++) {
			bool taken = false;
			for (int j = 0; j < c->nllcs && !taken; j++)
				taken = j != k && (c->llcs[j].label_given || j < k) && strcmp(c->llcs[j].label, l->label) == 0;
			if (!taken)
				break;
			snprintf(l->label, sizeof l->label, "%s-%u", base, dup % 100);
		}
	}
}

/* The llc that option's value LABEL=... names; NULL, saying so, when no
 * llc is labelled LABEL. */
static Llc *llc_named(Check *c, const char *option, const char *val)
{
	size_t n = (size_t)(strchr(val, '=') - val);
	for (int k = 0; k < c->nllcs; k++)
		if (strlen(c->llcs[k].label) == n && strncmp(c->llcs[k].label, val, n) == 0)
			return &c->llcs[k];
	fprintf(stderr, "gcnabi check: %s %s: no llc is named '%.*s' (the llcs are", option, val, (int)n, val);
	for (int k = 0; k < c->nllcs; k++)
		fprintf(stderr, " %s", c->llcs[k].label);
	fprintf(stderr, ")\n");
	return 0;
}

/* --profile LABEL=P and --profile P; the rest keep their version's profile,
 * or the nearest older one when gcnabi has none for their version. */
static bool apply_profiles(Check *c)
{
	for (int k = 0; k < c->nllcs; k++) {
		Llc *l = &c->llcs[k];
		l->profile_source = l->profile->major == profile_version_major(l->version, strlen(l->version)) ? PROFILE_OF_VERSION : PROFILE_NEAREST_OLDER;
	}
	for (int i = 0; i < c->opt.nprofile_for; i++) {
		const char *val = c->opt.profile_for[i], *eq = strchr(val, '=');
		const Profile *p = profile_find(eq ? eq + 1 : val);
		Llc *named = eq ? llc_named(c, "--profile", val) : 0;
		if (eq && !named)
			return false;
		for (int k = 0; k < c->nllcs; k++) {
			Llc *l = &c->llcs[k];
			if (named && l != named)
				continue;
			l->profile = p;
			l->profile_source = PROFILE_BY_OPTION;
		}
	}
	return true;
}

/* --final-code-selector: S for every llc, then LABEL=S for llc LABEL. */
static bool apply_final_selectors(Check *c)
{
	for (int k = 0; k < c->nllcs; k++) {
		c->llcs[k].final_dag = c->opt.final_dag;
		c->llcs[k].final_gisel = c->opt.final_gisel;
	}
	for (int i = 0; i < c->opt.nfinal_selector_for; i++) {
		const char *val = c->opt.final_selector_for[i], *eq = strchr(val, '=');
		Llc *l = llc_named(c, "--final-code-selector", val);
		if (!l)
			return false;
		l->final_dag = strcmp(eq + 1, "gisel") != 0;
		l->final_gisel = strcmp(eq + 1, "dag") != 0;
	}
	return true;
}

int check_llcs(Check *c)
{
	char err[600];
	if (c->nllcs == 0 && find_llcs(c) == 0) {
		fprintf(stderr, "gcnabi check: no llc found in /usr/lib/llvm-*/bin; install one with `make deps` "
				"(Debian: apt-get install llvm-19) or name it with --llc PATH\n");
		return EXIT_ERROR;
	}
	for (int k = 0; k < c->nllcs; k++) {
		Llc *l = &c->llcs[k];
		int rc = llc_identify(c, l, err, sizeof err);
		if (rc == EXIT_INFRA) {
			/* The machine's fault: the run goes on with the other llc. */
			fprintf(stderr, "gcnabi check: infrastructure error: %s; left out\n", err);
			c->run.llcs_unusable++;
			memmove(l, l + 1, (size_t)(c->nllcs - k - 1) * sizeof *l);
			c->nllcs--;
			k--;
			continue;
		}
		if (rc) {
			fprintf(stderr, "gcnabi check: %s\n", err);
			return rc;
		}
	}
	name_llcs(c);
	if (!apply_profiles(c) || !apply_final_selectors(c))
		return EXIT_USAGE;
	for (int k = 0; k < c->nllcs; k++) {
		Llc *l = &c->llcs[k];
		if (l->profile_source == PROFILE_NEAREST_OLDER)
			fprintf(stderr, "gcnabi check: warning: %s (%s, %s) has no profile of its own: the model follows %s, "
					"the nearest older (--profile %s=P chooses another)\n",
				l->label, l->path, l->version, l->profile->name, l->label);
		if (c->opt.nswitches) {
			l->own = *l->profile;
			for (int s = 0; s < c->opt.nswitches; s++)
				l->own.on[c->opt.switch_index[s]] = c->opt.switch_value[s];
			l->profile = &l->own;
		}
	}
	return c->nllcs ? 0 : EXIT_INFRA;
}

/* What a final-code run adds to llc's options (gcnabi vocab --json lists
 * them for the harness's lit tests).
 * -enable-ipra=0: the contract is the convention's, not what llc knows of a
 * callee in the same module.
 * -amdgpu-s-branch-bits=6: a branch reaches 32 dwords either way, so the
 * block a "gcnabi-branch" body jumps over (emit/) needs a long branch,
 * which takes an SGPR pair of the function's (llvm/llvm-project#224205). */
const char *const final_code_llc_flags[] = { "-enable-ipra=0", "-amdgpu-s-branch-bits=6", NULL };

/* Kernels: their kernarg layout is in the HSA metadata of the assembly. */
void llc_argv(const Combo *co, LlcOutput what, bool verify, const char *in, const char *out, char **argv, char *cpu_arg,
	      char *mattr)
{
	bool kernel = what == LLC_KERNEL_ASM;
	int n = 0;
	argv[n++] = (char *)co->llc->path;
	argv[n++] = kernel ? "-mtriple=amdgcn-amd-amdhsa" : (char *)co->triple_arg;
	snprintf(cpu_arg, 64, "-mcpu=%s", co->cpu);
	argv[n++] = cpu_arg;
	if (co->m.wave != co->m.target->default_wave) {
		snprintf(mattr, 64, "-mattr=+wavefrontsize%u", co->m.wave);
		argv[n++] = mattr;
	}
	/* The machine verifier after every pass up to where check stops: bad
	 * machine code is a finding of its own (verifier-error); the function
	 * then runs once more without it, for its ABI (Batch.unverified). The
	 * final code's only with --final-code-verify (final-code-refused). */
	if (verify)
		argv[n++] = "-verify-machineinstrs";
	if (co->sel == SEL_GISEL)
		argv[n++] = "-global-isel";
	/* -new-reg-bank-select changes what follows irtranslator, so its runs
	 * stop after the new register-bank legalizer instead. */
	if (co->sel == SEL_GISEL && co->new_rbs)
		argv[n++] = "-new-reg-bank-select";
	/* Kernels are compiled to assembly: their HSA metadata has the kernarg layout. */
	if (what == LLC_FINAL_ASM)
		for (const char *const *f = final_code_llc_flags; *f; f++)
			argv[n++] = (char *)*f;
	else if (!kernel)
		argv[n++] = co->sel != SEL_GISEL ? "-stop-after=finalize-isel"
			    : co->new_rbs	  ? "-stop-after=amdgpu-regbanklegalize"
						  : "-stop-after=irtranslator";
	argv[n++] = (char *)in;
	argv[n++] = "-o";
	argv[n++] = (char *)out;
	argv[n] = 0;
}
