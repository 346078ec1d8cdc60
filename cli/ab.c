/* `gcnabi ab`: its own options (--layout, --json, --markdown) and the check
 * command line it forwards the rest to; then two compilers compared
 * (engine/ab.c) or, with two --layout, two layouts (engine/ab_layout.c). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "check_options.h"
#include "engine.h"

static bool is_own_option(const Command *own, const char *a)
{
	size_t n = strcspn(a, "=");
	for (const OptSpec *o = own->opts; o->name; o++)
		if (strlen(o->name) == n && strncmp(o->name, a, n) == 0)
			return true;
	return false;
}

/* ab's options into o and the check command line it runs into out (*outc
 * of them): its own options out, check's in. 0, -1 after --help, or an exit
 * status after a message. */
static int parse(int argc, char **argv, char **out, int cap, int *outc, AbOptions *o, char *dir, size_t dircap)
{
	const Command *own = command_find("ab"), *chk = command_find("check");
	int i = 1, k, n = 0;
	const char *val;
	bool have_out = false;
	out[n++] = "check";
	out[n++] = "--quiet";
	out[n++] = "--placements";
	for (;;) {
		/* ab's own options, else check's (opt_next names what it does not know) */
		const Command *cmd = i < argc && is_own_option(own, argv[i]) ? own : chk;
		if (i < argc && (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)) {
			command_help(own, stdout);
			printf("and every option of gcnabi check, forwarded to it:\n");
			command_help(chk, stdout);
			return -1;
		}
		if ((k = opt_next(cmd, argc, argv, &i, &val)) < 0)
			break;
		const char *name = cmd->opts[k].name;
		if (strcmp(name, "--json") == 0)
			o->json = true;
		else if (strcmp(name, "--markdown") == 0)
			o->markdown = true;
		else if (strcmp(name, "--layout") == 0 && o->nlayouts < 2)
			o->layouts[o->nlayouts++] = val;
		else if (strcmp(name, "--layout") == 0)
			return fprintf(stderr, "gcnabi ab: at most two --layout\n"), EXIT_USAGE;
		else if (strcmp(name, "--quiet") == 0 || strcmp(name, "--placements") == 0)
			continue; /* ab's check is quiet and keeps the placements anyway */
		else if (strcmp(name, "--no-caller") == 0)
			return fprintf(stderr, "gcnabi ab: --no-caller: ab compares the call sites too\n"), EXIT_USAGE;
		else if (n + 2 < cap) {
			if (strcmp(name, "--llc") == 0)
				o->nllcs++;
			if (strcmp(name, "--out") == 0)
				have_out = true;
			if (strcmp(name, "--mcpu") == 0 && o->ncpus < AB_MAX_CPUS) {
				const Target *t = target_find(val); /* an alias (hawaii) as its gfx name, as check has it */
				o->cpus[o->ncpus++] = t ? t->name : val;
			}
			if (strcmp(name, "--profile") == 0)
				o->profile = val;
			out[n++] = (char *)name;
			if (cmd->opts[k].arg)
				out[n++] = (char *)val;
		}
	}
	if (k == -4)
		return -1;
	if (k == -3)
		return EXIT_USAGE;
	if (o->json && o->markdown)
		return fprintf(stderr, "gcnabi ab: --json or --markdown, not both\n"), EXIT_USAGE;
	if (argc - i != 1)
		return fprintf(stderr, "gcnabi ab: expected one signature file (see gcnabi ab --help)\n"), EXIT_USAGE;
	o->input = argv[i];
	if (o->nlayouts == 2 && o->nllcs)
		return fprintf(stderr, "gcnabi ab: two --layout compare the model's layouts: no --llc\n"), EXIT_USAGE;
	if (o->nlayouts == 2)
		return 0;
	if (o->nllcs != 2)
		return fprintf(stderr, "gcnabi ab: wants two compilers, --llc A=PATH --llc B=PATH (or two --layout)\n"),
		       EXIT_USAGE;
	if (o->nlayouts == 1 && n + 2 < cap) {
		out[n++] = "--layout";
		out[n++] = (char *)o->layouts[0];
	}
	if (!have_out) {
		char stamp[32];
		time_t now = time(0);
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
		snprintf(dir, dircap, "reports/ab-%s-%ld", stamp, (long)getpid());
		out[n++] = "--out";
		out[n++] = dir;
	}
	out[n++] = (char *)o->input;
	out[n] = 0;
	*outc = n;
	return 0;
}

int cmd_ab(int argc, char **argv)
{
	char *cargv[2 * 64 + 8], dir[128];
	AbOptions o = { 0 };
	int n = 0, rc = parse(argc, argv, cargv, (int)(sizeof cargv / sizeof cargv[0]) - 1, &n, &o, dir, sizeof dir);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (o.nlayouts == 2)
		return ab_layouts(&o);
	Check *c = calloc(1, sizeof *c);
	if (!c) {
		fprintf(stderr, "gcnabi ab: out of memory\n");
		return EXIT_ERROR;
	}
	const char *path = 0;
	if ((rc = check_parse(c, n, cargv, &path))) {
		check_free(c);
		return rc < 0 ? 0 : rc;
	}
	return ab_compilers(&o, c, path);
}
