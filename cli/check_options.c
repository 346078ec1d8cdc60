/* check's options: one row per option of check_opts (cli/commands.c), each
 * with its handler and the field of CheckOptions it sets; check_parse
 * fills a Check for the engine (gcnabi check, and ab's forwarded options). */
#define _DEFAULT_SOURCE /* _SC_NPROCESSORS_ONLN */
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "check_options.h"
#include "engine.h"

struct CheckOpt {
	const char *name;
	bool (*set)(Check *c, const CheckOpt *o, const char *val);
	size_t field;     /* offsetof(CheckOptions, ...): the flag, number or string it sets */
	unsigned min, max; /* set_number: the accepted range... */
	const char *unit;  /* ...and what follows it in the message */
};

#define FIELD(c, o, type) ((type *)((char *)&(c)->opt + (o)->field))

static bool set_true(Check *c, const CheckOpt *o, const char *val)
{
	(void)val;
	*FIELD(c, o, bool) = true;
	return true;
}

static bool set_false(Check *c, const CheckOpt *o, const char *val)
{
	(void)val;
	*FIELD(c, o, bool) = false;
	return true;
}

static bool set_string(Check *c, const CheckOpt *o, const char *val)
{
	*FIELD(c, o, const char *) = val;
	return true;
}

static bool set_number(Check *c, const CheckOpt *o, const char *val)
{
	unsigned long long v;
	if (!cli_number("check", o->name, val, o->min, o->max, &v))
		return false;
	*FIELD(c, o, unsigned) = (unsigned)v;
	return true;
}

static bool set_wave(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	if (strcmp(val, "32") != 0 && strcmp(val, "64") != 0) /* exactly: atoi took "32x" */
		return fprintf(stderr, "gcnabi check: --wave takes 32 or 64, not '%s'\n", val), false;
	c->opt.wave = (unsigned)atoi(val);
	return true;
}

static bool set_timeout(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	char *end = 0;
	c->opt.timeout = val[0] >= '0' && val[0] <= '9' ? strtod(val, &end) : 0;
	/* digits, a point, no suffix; at most a day, so that deadlines stay finite */
	if (!end || *end || !(c->opt.timeout > 0 && c->opt.timeout <= 86400))
		return fprintf(stderr, "gcnabi check: --timeout takes seconds, more than 0 and at most 86400, not '%s'\n",
			       val), false;
	return true;
}

/* A label goes into file names: letters, digits and . _ + - only. */
static bool label_ok(const char *s, size_t n)
{
	if (n == 0 || n >= LLC_LABEL_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("._+-", s[i]))
			return false;
	return true;
}

/* --llc PATH or --llc NAME=PATH (NAME: no '/', so a path with '=' in a
 * directory name stays a path). */
static bool set_llc(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	if (c->nllcs == MAX_LLCS)
		return fprintf(stderr, "gcnabi check: at most %d --llc\n", MAX_LLCS), false;
	Llc *l = &c->llcs[c->nllcs];
	size_t n = strcspn(val, "=/");
	if (val[n] == '=') {
		if (!label_ok(val, n))
			return fprintf(stderr, "gcnabi check: --llc %s: a name is 1 to %d letters, digits, '.', '_', '+' "
					       "or '-'\n", val, LLC_LABEL_MAX - 1),
			       false;
		for (int k = 0; k < c->nllcs; k++)
			if (c->llcs[k].label_given && strlen(c->llcs[k].label) == n && !strncmp(c->llcs[k].label, val, n))
				return fprintf(stderr, "gcnabi check: --llc %s: the name '%.*s' is given twice\n", val,
					       (int)n, val),
				       false;
		snprintf(l->label, sizeof l->label, "%.*s", (int)n, val);
		l->label_given = true;
		val += n + 1;
	}
	if (!*val)
		return fprintf(stderr, "gcnabi check: --llc needs a path\n"), false;
	snprintf(l->path, sizeof l->path, "%s", val);
	c->nllcs++;
	return true;
}

/* --profile LABEL=P: that llc follows profile P; --profile P: every llc.
 * Checked once the labels are known (check_llcs). */
static bool set_profile(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	if (c->opt.nprofile_for == MAX_LLCS)
		return fprintf(stderr, "gcnabi check: at most %d --profile\n", MAX_LLCS), false;
	const char *p = strchr(val, '=');
	if (!profile_find(p ? p + 1 : val))
		return fprintf(stderr, "gcnabi check: --profile %s: no profile named '%s' (gcnabi profiles lists them)\n",
			       val, p ? p + 1 : val),
		       false;
	c->opt.profile_for[c->opt.nprofile_for++] = val;
	return true;
}

static bool set_llc_version(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	if (c->nllcs == 0)
		return fprintf(stderr, "gcnabi check: --llc-version '%s' follows no --llc\n", val), false;
	snprintf(c->llcs[c->nllcs - 1].given_version, sizeof c->llcs[0].given_version, "%s", val);
	return true;
}

/* "dag", "gisel" or "both": which selectors; false for anything else. */
static bool selectors_of(const char *val, bool *dag, bool *gisel)
{
	*dag = strcmp(val, "dag") == 0 || strcmp(val, "both") == 0;
	*gisel = strcmp(val, "gisel") == 0 || strcmp(val, "both") == 0;
	return *dag || *gisel;
}

static bool set_selector(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	c->opt.sel_given = true;
	if (!selectors_of(val, &c->opt.sel_dag, &c->opt.sel_gisel))
		return fprintf(stderr, "gcnabi check: --selector takes dag, gisel or both\n"), false;
	return true;
}

/* --final-code-selector S, or LABEL=S for llc LABEL only. */
static bool set_final_selector(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	c->opt.final_code = true;
	const char *eq = strchr(val, '=');
	bool dag, gisel;
	if (!selectors_of(eq ? eq + 1 : val, &dag, &gisel))
		return fprintf(stderr, "gcnabi check: --final-code-selector takes dag, gisel or both, or LABEL= one of them\n"),
		       false;
	if (!eq) {
		c->opt.final_dag = dag;
		c->opt.final_gisel = gisel;
		return true;
	}
	if (c->opt.nfinal_selector_for == MAX_LLCS)
		return fprintf(stderr, "gcnabi check: at most %d --final-code-selector LABEL=S\n", MAX_LLCS), false;
	c->opt.final_selector_for[c->opt.nfinal_selector_for++] = val;
	return true;
}

/* --final-code-sample N asks for final code as --final-code-verify does. */
static bool set_final_sample(Check *c, const CheckOpt *o, const char *val)
{
	return set_number(c, o, val) && (c->opt.final_code = true);
}

/* --final-code-verify asks for final code as --final-code-selector does. */
static bool set_final_verify(Check *c, const CheckOpt *o, const char *val)
{
	(void)o, (void)val;
	c->opt.final_code = c->opt.final_verify = true;
	return true;
}

static bool set_mcpu(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	const Target *t = target_find(val);
	if (!t)
		return fprintf(stderr, "gcnabi check: unknown CPU '%s' (gcnabi vocab lists them)\n", val), false;
	if (c->opt.ncpus == MAX_CPUS)
		return fprintf(stderr, "gcnabi check: at most %d --mcpu\n", MAX_CPUS), false;
	c->opt.cpus[c->opt.ncpus++] = t->name; /* an alias (hawaii) as its gfx name */
	return true;
}

static bool set_triple(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	if (!target_os_parse(val, &c->opt.os))
		return fprintf(stderr, "gcnabi check: --triple takes amdgcn-amd-amdpal, amdgcn-mesa-mesa3d, amdgcn-- or "
				       "amdgcn-amd-amdhsa\n"),
		       false;
	return true;
}

static bool set_llc_option(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	char why[300];
	if (!llc_option_add(&c->opt, val, strlen(val), why, sizeof why))
		return fprintf(stderr, "gcnabi check: --llc-option: %s\n", why), false;
	return true;
}

static bool set_slots(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	char err[700];
	slots_close(&c->opt.slots);
	if (!slots_open(&c->opt.slots, val, err, sizeof err))
		return fprintf(stderr, "gcnabi check: --llc-slots %s\n", err), false;
	return true;
}

/* --switch NAME=on|off: a changed rule in every llc's profile, e.g. to see
 * that a run notices a model that is wrong. */
static bool set_switch(Check *c, const CheckOpt *o, const char *val)
{
	(void)o;
	unsigned k;
	bool on;
	if (!switch_parse("check", val, &k, &on))
		return false;
	c->opt.switch_index[c->opt.nswitches] = (int)k;
	c->opt.switch_value[c->opt.nswitches++] = on;
	return true;
}

#define AT(field) offsetof(CheckOptions, field)
static const CheckOpt check_option_table[] = {
	{ "--llc", set_llc, 0, 0, 0, 0 },
	{ "--llc-version", set_llc_version, 0, 0, 0, 0 },
	{ "--profile", set_profile, 0, 0, 0, 0 },
	{ "--selector", set_selector, 0, 0, 0, 0 },
	{ "--mcpu", set_mcpu, 0, 0, 0, 0 },
	{ "--wave", set_wave, 0, 0, 0, 0 },
	{ "--triple", set_triple, 0, 0, 0, 0 },
	{ "--llc-option", set_llc_option, 0, 0, 0, 0 },
	{ "--layout", set_string, AT(layout), 0, 0, 0 },
	{ "--no-caller", set_false, AT(callers), 0, 0, 0 },
	{ "--batch", set_number, AT(batch), 1, 100000, "" },
	{ "--jobs", set_number, AT(jobs), 1, MAX_JOBS, "" },
	{ "--llc-slots", set_slots, 0, 0, 0, 0 },
	{ "--timeout", set_timeout, 0, 0, 0, 0 },
	{ "--mem-limit", set_number, AT(mem_mb), 64, 1048576, " (MB)" },
	{ "--out", set_string, AT(out), 0, 0, 0 },
	{ "--quiet", set_true, AT(quiet), 0, 0, 0 },
	{ "--placements", set_true, AT(placements), 0, 0, 0 },
	{ "--switch", set_switch, 0, 0, 0, 0 },
	{ "--new-reg-bank-select", set_true, AT(new_rbs), 0, 0, 0 },
	{ "--final-code", set_true, AT(final_code), 0, 0, 0 },
	{ "--as-written", set_true, AT(as_written), 0, 0, 0 },
	{ "--final-code-selector", set_final_selector, 0, 0, 0, 0 },
	{ "--final-code-verify", set_final_verify, 0, 0, 0, 0 },
	{ "--final-code-sample", set_final_sample, AT(final_sample), 1, 1000000, "" },
};
#undef AT
enum { NOPTS = sizeof check_option_table / sizeof check_option_table[0] };

const CheckOpt *check_option_find(const char *name)
{
	for (unsigned k = 0; k < NOPTS; k++)
		if (strcmp(check_option_table[k].name, name) == 0)
			return &check_option_table[k];
	return 0;
}

const char *check_option_name(unsigned i) { return i < NOPTS ? check_option_table[i].name : 0; }

void check_options_default(CheckOptions *o)
{
	o->callers = true;
	o->batch = 200;
	o->timeout = 120;
	o->final_dag = o->final_gisel = true;
	o->mem_mb = 8192;
	o->slots.fd = -1;
	o->layout = "old";
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	o->jobs = cores > 0 && cores <= MAX_JOBS ? (unsigned)cores : 2;
}

bool check_parse_options(Check *c, int argc, char **argv, int *first_operand)
{
	const Command *cmd = command_find("check");
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const CheckOpt *o = check_option_find(cmd->opts[k].name);
		if (!o)
			return fprintf(stderr, "gcnabi check: %s has no handler\n", cmd->opts[k].name), false;
		if (!o->set(c, o, val))
			return false;
	}
	if (k == -4) {
		*first_operand = -1; /* --help: printed */
		return false;
	}
	if (k == -3)
		return false;
	if (!c->opt.sel_given)
		c->opt.sel_dag = c->opt.sel_gisel = true;
	*first_operand = i;
	return true;
}

int check_parse(Check *c, int argc, char **argv, const char **path)
{
	int first = 0;
	check_options_default(&c->opt);
	if (!check_parse_options(c, argc, argv, &first))
		return first < 0 ? -1 : EXIT_USAGE;
	if (argc - first != 1) {
		fprintf(stderr, "gcnabi check: expected one signature file (see gcnabi check --help)\n");
		return EXIT_USAGE;
	}
	*path = argv[first];
	return 0;
}
