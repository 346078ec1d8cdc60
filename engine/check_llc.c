/* check's compilers: every llc-N installed when none is named, each one's
 * version and profile (from `llc --version`, or --llc-version), and the
 * command line a batch runs it with. */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
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

bool empty_module(const Check *c, const char *stem, char *ll, char *out, char *err, size_t cap)
{
	snprintf(ll, cap, "%s/%s.ll", c->run.tmp_dir, stem);
	snprintf(out, cap, "%s/%s.out", c->run.tmp_dir, stem);
	snprintf(err, cap, "%s/%s.err", c->run.tmp_dir, stem);
	FILE *f = fopen_fresh(ll);
	bool ok = f && fputs("; gcnabi check: an empty module\n", f) >= 0;
	if (f)
		ok = fclose(f) == 0 && ok;
	return ok;
}

/* Whether llc l takes the run's llc options, on an empty module: an
 * option it does not know is the user's error, said before anything runs. */
static bool llc_takes_options(Check *c, Llc *l, char *err, size_t cap)
{
	char ll[600], out[600], errp[600];
	bool ok = empty_module(c, "options", ll, out, errp, sizeof ll);
	char *argv[LLC_ARGV_MAX];
	int n = 0;
	argv[n++] = (char *)l->path;
	argv[n++] = "-mtriple=amdgcn-amd-amdpal";
	for (unsigned k = 0; k < c->opt.nllc_options; k++)
		argv[n++] = c->opt.llc_options[k];
	argv[n++] = ll;
	argv[n++] = "-o";
	argv[n++] = out;
	argv[n] = 0;
	Proc p;
	if (ok && (!proc_start(&p, argv, out, errp, c->opt.mem_mb) || proc_wait_any(&p, 1, 60) != 0 || p.status != 0)) {
		char *line = first_error_line(errp);
		snprintf(err, cap, "%s (%s) does not take the llc options given: %s", l->label, l->path, line ? line : "?");
		free(line);
		ok = false;
	} else if (!ok) {
		snprintf(err, cap, "cannot write %.400s", ll);
	} else {
		/* A feature llc does not know it ignores, and says so: said here
		 * once, and the model ignores enable-flat-scratch with it. */
		char why[64];
		size_t len;
		char *text = read_file(errp, &len, why, sizeof why);
		for (char *q = text; q && (q = strstr(q, "is not a recognized feature")); q++) {
			char *start = q;
			while (start > text && start[-1] != '\n')
				start--;
			fprintf(stderr, "gcnabi check: note: %s: %.*s\n", l->label, (int)strcspn(start, "\n"), start);
			if (strstr(start, "enable-flat-scratch") && strstr(start, "enable-flat-scratch") < q)
				l->ignores_flat_scratch = true;
		}
		free(text);
	}
	unlink(ll);
	unlink(out);
	unlink(errp);
	return ok;
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
	for (int k = 0; k < c->nllcs && c->opt.nllc_options; k++)
		if (!llc_takes_options(c, &c->llcs[k], err, sizeof err)) {
			fprintf(stderr, "gcnabi check: %s\n", err);
			return EXIT_ERROR;
		}
	if (c->opt.nllc_options && !c->opt.quiet) {
		fprintf(stderr, "gcnabi check: note: llc options");
		for (unsigned k = 0; k < c->opt.nllc_options; k++)
			fprintf(stderr, " %s", c->opt.llc_options[k]);
		fprintf(stderr, ": the model knows only what -mattr=+/-enable-flat-scratch does to functions (no scratch "
				"descriptor, SP per lane); it places as without the rest\n");
	}
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
/* The options gcnabi gives llc itself, and what to use instead: an option
 * named name (alone or name=value; prefix: any starting with it) whose
 * text holds contains (when set). gcnabi vocab lists them (the harness
 * refuses the same). */
const LlcOwnedOption llc_owned_options[] = {
	{ "-mtriple", false, NULL, "--triple" },
	{ "-mcpu", false, NULL, "--mcpu" },
	{ "-march", false, NULL, "nothing: gcnabi compiles for amdgcn" },
	{ "-mattr", false, "wavefrontsize", "--wave" },
	{ "-o", false, NULL, "nothing: gcnabi names llc's output" },
	{ "-filetype", false, NULL, "nothing: gcnabi reads MIR and assembly" },
	{ "-stop-", true, NULL, "nothing: gcnabi stops llc where it reads the MIR" },
	{ "-start-", true, NULL, "nothing: gcnabi compiles IR" },
	{ "-global-isel", false, NULL, "--selector" },
	{ "-new-reg-bank-select", false, NULL, "--new-reg-bank-select" },
	{ "-verify-machineinstrs", false, NULL, "nothing: every MIR run verifies (--final-code-verify for the final code)" },
	{ "-enable-ipra", false, NULL, "nothing: the final code is compiled without it" },
	{ NULL, false, NULL, NULL },
};

const char *llc_option_refused(const char *opt)
{
	static char why[200];
	size_t n = strlen(opt);
	if (n < 2 || opt[0] != '-')
		return "not an option (it starts with '-')";
	if (n >= LLC_OPTION_MAX)
		return "longer than an option gcnabi keeps";
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)opt[i] <= ' ' || opt[i] == 0x7f)
			return "a space or control character in it: one option per --llc-option";
	const char *o = opt[1] == '-' ? opt + 1 : opt; /* --mcpu=x is -mcpu=x */
	for (const LlcOwnedOption *w = llc_owned_options; w->name; w++) {
		size_t p = strlen(w->name);
		if (strncmp(o, w->name, p) == 0 && (w->prefix || o[p] == 0 || o[p] == '=') &&
		    (!w->contains || strstr(o, w->contains))) {
			snprintf(why, sizeof why, "gcnabi sets %s%s%s itself (use %s)", w->name, w->contains ? " " : "",
				 w->contains ? w->contains : "", w->instead);
			return why;
		}
	}
	return NULL;
}

bool llc_options_tailcallopt(const CheckOptions *o)
{
	for (unsigned k = 0; k < o->nllc_options; k++)
		if (!strcmp(o->llc_options[k], "-tailcallopt") || !strcmp(o->llc_options[k], "--tailcallopt"))
			return true;
	return false;
}

int llc_options_flat_scratch(const CheckOptions *o)
{
	int on = -1;
	for (unsigned k = 0; k < o->nllc_options; k++) {
		const char *a = o->llc_options[k][1] == '-' ? o->llc_options[k] + 1 : o->llc_options[k];
		if (strncmp(a, "-mattr=", 7) != 0)
			continue;
		for (const char *p = a + 7; *p; p += strcspn(p, ","), p += *p == ',') {
			size_t n = strcspn(p, ",");
			if (n == 20 && strncmp(p + 1, "enable-flat-scratch", 19) == 0 && (*p == '+' || *p == '-'))
				on = *p == '+';
		}
	}
	return on;
}

bool llc_option_add(CheckOptions *o, const char *opt, size_t n, char *why, size_t cap)
{
	char text[LLC_OPTION_MAX + 1];
	snprintf(text, sizeof text, "%.*s", (int)(n < LLC_OPTION_MAX ? n : LLC_OPTION_MAX), opt);
	const char *refused = n >= LLC_OPTION_MAX ? "longer than an option gcnabi keeps" : llc_option_refused(text);
	if (!refused && o->nllc_options == MAX_LLC_OPTIONS)
		refused = "more llc options than gcnabi keeps (8)";
	if (refused) {
		snprintf(why, cap, "llc option '%s': %s", text, refused);
		return false;
	}
	for (unsigned k = 0; k < o->nllc_options; k++)
		if (strcmp(o->llc_options[k], text) == 0)
			return true; /* given twice: once is enough */
	memcpy(o->llc_options[o->nllc_options++], text, n + 1); /* n < LLC_OPTION_MAX: checked above */
	return true;
}

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
	for (unsigned k = 0; k < co->nllc_options; k++)
		argv[n++] = (char *)co->llc_options[k];
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
