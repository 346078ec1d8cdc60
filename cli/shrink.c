/* `gcnabi shrink`: the smaller candidates of one signature (generators/
 * shrink.h), one declare line each, for the harness's minimizer. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shrink.h"

typedef struct {
	const char *name; /* --name, or NULL: the signature's own */
	bool number, json, failed;
	unsigned printed;
	char *line;
	size_t cap;
} ShrinkOut;

/* One line: the signature under its output name (NAME, or NAME<k> with
 * --number), or with --json {"decl", "params", "chars"}: chars counts the
 * line under the signature's own name, so that sizes compare whatever the
 * output names. */
static int print_one(void *ctx, const Sig *cand, ShrinkSize size)
{
	ShrinkOut *o = ctx;
	Sig *s = malloc(sizeof *s);
	if (!s)
		return o->failed = true;
	*s = *cand;
	if (o->number)
		snprintf(s->name, sizeof s->name, "%.100s%u", o->name ? o->name : cand->name, o->printed);
	else if (o->name)
		snprintf(s->name, sizeof s->name, "%s", o->name);
	o->printed++;
	size_t n = sig_print(s, false, o->line, o->cap);
	if (n >= o->cap) {
		free(o->line);
		o->cap = n + 1;
		o->line = malloc(o->cap);
		if (o->line)
			sig_print(s, false, o->line, o->cap);
	}
	free(s);
	if (!o->line)
		return o->failed = true;
	if (o->json) {
		fputs("{\"decl\":", stdout);
		fput_json_string(stdout, o->line);
		printf(",\"params\":%u,\"chars\":%u}\n", size.params, size.chars);
	} else {
		puts(o->line);
	}
	return 0;
}

int cmd_shrink(int argc, char **argv)
{
	const Command *cmd = command_find("shrink");
	ShrinkOut o = { 0 };
	int stage = 0, i = 1, k;
	bool itself = false;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const char *opt = cmd->opts[k].name;
		if (strcmp(opt, "--stage") == 0) {
			if (strcmp(val, "0") && strcmp(val, "1")) {
				fprintf(stderr, "gcnabi shrink: --stage takes 0 or 1, not '%s'\n", val);
				return EXIT_USAGE;
			}
			stage = val[0] - '0';
		} else if (strcmp(opt, "--name") == 0) {
			if (!val[0] || strlen(val) > 100) {
				fprintf(stderr, "gcnabi shrink: --name takes a name of 1 to 100 characters\n");
				return EXIT_USAGE;
			}
			o.name = val;
		} else if (strcmp(opt, "--number") == 0) {
			o.number = true;
		} else if (strcmp(opt, "--itself") == 0) {
			itself = true;
		} else {
			o.json = true;
		}
	}
	if (k == -4)
		return 0;
	if (k == -3)
		return EXIT_USAGE;
	if (i != argc - 1) {
		fprintf(stderr, "gcnabi shrink: expected one signature (a declare line), see gcnabi shrink --help\n");
		return EXIT_USAGE;
	}
	Sig *s = malloc(sizeof *s);
	SigError err;
	if (!s)
		return EXIT_ERROR;
	int status = 0;
	if (!sig_parse_header(argv[i], strlen(argv[i]), s, &err)) {
		fprintf(stderr, "gcnabi shrink: malformed signature at column %u: %s\n", err.col, err.msg);
		status = EXIT_ERROR;
	} else if (itself) {
		print_one(&o, s, shrink_size(s));
	} else {
		shrink_candidates(s, stage, print_one, &o);
	}
	if (o.failed) {
		fprintf(stderr, "gcnabi shrink: out of memory\n");
		status = EXIT_ERROR;
	}
	free(s);
	free(o.line);
	return status;
}
