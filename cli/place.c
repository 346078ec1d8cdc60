/* `gcnabi place`, `profiles`: the model on its own. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"
#include "contract.h"

typedef struct {
	ModelConfig m;
	View view;
	bool json;
	bool contract; /* --contract: the rest of the contract after each function */
	unsigned dvgpr; /* --dvgpr N: 0 when not given */
	const char *input;
	unsigned placed, refused, malformed;
	char *line; /* output buffer */
	size_t cap;
	Placement *p;
} PlaceRun;

static int place_one(void *ctx, const Sig *sig, const SigError *err)
{
	PlaceRun *r = ctx;
	if (err) {
		r->malformed++;
		if (r->json) {
			Buf b = { 0 };
			place_malformed_json(&b, err);
			fwrite(b.p, 1, b.n, stdout);
			buf_free(&b);
		}
		return 0;
	}
	if (!cc_place(sig, &r->m, r->view, r->p))
		r->refused++;
	else
		r->placed++;
	size_t n = r->json ? place_print_json(sig, r->p, r->line, r->cap) : place_print_human(sig, r->p, r->line, r->cap);
	if (n >= r->cap) {
		free(r->line);
		r->cap = n + 1;
		r->line = malloc(r->cap);
		if (!r->line)
			return 1;
		if (r->json)
			place_print_json(sig, r->p, r->line, r->cap);
		else
			place_print_human(sig, r->p, r->line, r->cap);
	}
	if (r->dvgpr && r->p->ok) {
		/* The dynamic-VGPR verdict goes inside the function's object / after its line. */
		unsigned lost;
		int first;
		bool refused;
		const char *why = cc_chain_dvgpr_check(sig, &r->m, r->p, r->dvgpr, &lost, &first, &refused);
		size_t end = strlen(r->line);
		if (r->json && end && r->line[end - 1] == '}')
			r->line[end - 1] = 0;
		fputs(r->line, stdout);
		if (r->json) {
			printf(",\"dvgpr\":{\"vgprs\":%u,\"lost\":%u,\"first_arg\":%d,\"refused\":%s,\"why\":", r->dvgpr, lost,
			       first, refused ? "true" : "false");
			fput_json_string(stdout, why ? why : "");
			fputs("}}\n", stdout);
		} else {
			printf(" | dvgpr %u: %s", r->dvgpr, why ? why : "every VGPR argument fits");
			if (lost)
				printf(" (%u parts, from argument #%d)", lost, first);
			fputc('\n', stdout);
		}
		return 0;
	}
	if (r->contract) {
		/* The convention's contract goes inside the function's object / after its line. */
		Contract c;
		char text[2048];
		contract_of((CallConv)sig->cc, &r->m, &c);
		contract_print(&c, r->json, text, sizeof text);
		size_t end = strlen(r->line);
		if (r->json && end && r->line[end - 1] == '}')
			r->line[end - 1] = 0;
		printf(r->json ? "%s,\"contract\":%s}\n" : "%s\n  %s\n", r->line, text);
		return 0;
	}
	fputs(r->line, stdout);
	fputc('\n', stdout);
	return 0;
}

int cmd_place(int argc, char **argv)
{
	const Command *cmd = command_find("place");
	ModelOptions o;
	model_options_default(&o);
	unsigned dvgpr = 0;
	bool through_pointer = false, contract = false;
	bool switch_on[SW_COUNT], switch_set[SW_COUNT] = { false };
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		bool bad;
		if (strcmp(name, "--caller") == 0)
			o.caller = true;
		else if (strcmp(name, "--through-pointer") == 0)
			through_pointer = true;
		else if (strcmp(name, "--json") == 0)
			o.json = true;
		else if (strcmp(name, "--contract") == 0)
			contract = true;
		else if (strcmp(name, "--switch") == 0) {
			unsigned s;
			bool on;
			if (!switch_parse("place", val, &s, &on))
				return EXIT_USAGE;
			switch_set[s] = true;
			switch_on[s] = on;
		}
		else if (strcmp(name, "--dvgpr") == 0) {
			char *end;
			unsigned long n = strtoul(val, &end, 10);
			if (!*val || *end || n == 0 || n > 256) {
				fprintf(stderr, "gcnabi place: --dvgpr takes a VGPR count 1-256, not '%s'\n", val);
				return EXIT_USAGE;
			}
			dvgpr = (unsigned)n;
		}
		else if (model_option(&o, name, val, &bad) && bad) {
			fprintf(stderr, "gcnabi place: invalid %s '%s'\n", name, val);
			return EXIT_USAGE;
		}
	}
	if (k == -4)
		return 0;
	if (k == -3 || argc - i > 1)
		return EXIT_USAGE;
	const char *input = i < argc ? argv[i] : "-";

	Layout layout;
	char err[512];
	if (!layout_load(o.layout, &layout, err, sizeof err)) {
		fprintf(stderr, "gcnabi place: %s\n", err);
		return EXIT_ERROR;
	}
	PlaceRun r = { .view = o.caller ? VIEW_CALLER : VIEW_CALLEE, .json = o.json, .contract = contract, .dvgpr = dvgpr, .input = input };
	if (!model_config_init(&r.m, profile_find(o.profile), &layout, o.cpu, o.wave, o.selector, err, sizeof err)) {
		fprintf(stderr, "gcnabi place: %s\n", err);
		return EXIT_USAGE;
	}
	r.m.os = o.os;
	Profile own = *r.m.profile; /* the profile with the --switch overrides */
	for (unsigned s = 0; s < SW_COUNT; s++)
		if (switch_set[s])
			own.on[s] = switch_on[s];
	r.m.profile = &own;
	if (through_pointer && !o.caller) {
		fprintf(stderr, "gcnabi place: --through-pointer is a caller's view: give --caller too\n");
		return EXIT_USAGE;
	}
	r.m.through_pointer = through_pointer;
	size_t len;
	/* A lone operand that looks like a header is the signature itself. */
	bool inline_sig = i < argc && strchr(argv[i], '@') && strchr(argv[i], '(');
	char *text = inline_sig ? strdup(argv[i]) : read_file(input, &len, err, sizeof err);
	if (inline_sig) {
		r.input = "<argument>";
		len = strlen(text);
	}
	if (!text) {
		fprintf(stderr, "gcnabi place: %s\n", err);
		return EXIT_ERROR;
	}
	r.cap = 1 << 16;
	r.line = malloc(r.cap);
	r.p = malloc(sizeof *r.p);
	if (!r.line || !r.p) {
		fprintf(stderr, "gcnabi place: out of memory\n");
		return EXIT_ERROR;
	}
	sig_read(r.input, text, len, true, place_one, &r);
	bool edges_ok = r.malformed || graph_edges_check(r.input, text, len);
	free(text);
	free(r.line);
	free(r.p);
	return r.malformed || !edges_ok ? EXIT_ERROR : 0;
}

/* Commands without options: --help, or an error for anything else that
 * looks like an option. Returns -1 to go on (argv[*first] is the first
 * operand), else the exit status. */
static int no_options(const char *command, int argc, char **argv, int *first)
{
	const char *val;
	*first = 1;
	int k = opt_next(command_find(command), argc, argv, first, &val);
	return k == -4 ? 0 : k == -3 ? EXIT_USAGE : -1;
}

int cmd_profiles(int argc, char **argv)
{
	int first, status = no_options("profiles", argc, argv, &first);
	if (status >= 0)
		return status;
	/* Named profiles only, when any are named. */
	for (int i = first; i < argc; i++)
		if (!profile_find(argv[i])) {
			fprintf(stderr, "gcnabi profiles: unknown profile '%s' (gcnabi profiles lists them)\n", argv[i]);
			return EXIT_USAGE;
		}
	for (unsigned i = 0; profile_at(i); i++) {
		const Profile *p = profile_at(i);
		bool named = argc == first;
		for (int a = first; a < argc; a++)
			named |= strcmp(argv[a], p->name) == 0;
		if (!named)
			continue;
		printf("%s:", p->name);
		for (int s = 0; s < SW_COUNT; s++)
			if (p->on[s])
				printf(" %s", profile_switch_names[s]);
		printf("\n");
	}
	printf("\nswitches:\n");
	for (int s = 0; s < SW_COUNT; s++)
		printf("  %-30s %s\n", profile_switch_names[s], profile_switch_comments[s]);
	return 0;
}
