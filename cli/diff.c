/* `gcnabi diff A.jsonl B.jsonl`: the options, the two files read, and
 * diff_streams' (engine/diff.c) report printed. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"

/* "model,llc22" into its two halves, in place. */
static bool split_labels(char *s, DiffOptions *o)
{
	char *comma = strchr(s, ',');
	if (!comma || comma == s || !comma[1] || strchr(comma + 1, ','))
		return false;
	*comma = 0;
	o->label_a = s;
	o->label_b = comma + 1;
	return true;
}

/* Options into o; EXIT_USAGE, 0 after --help, or -1 to go on with the
 * operands at argv[*i]. */
static int diff_options(int argc, char **argv, int *i, DiffOptions *o, char **labels)
{
	const Command *cmd = command_find("diff");
	const char *val;
	int k;
	while ((k = opt_next(cmd, argc, argv, i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		if (strcmp(name, "--json") == 0) {
			o->json = true;
		} else if (strcmp(name, "--summary") == 0) {
			o->json = o->summary_only = true;
		} else if (strcmp(name, "--strict-errors") == 0) {
			o->strict_errors = true;
		} else if (strcmp(name, "--undef-sgprs") == 0) {
			o->undef_sgprs = true;
		} else if (strcmp(name, "--labels") == 0) {
			free(*labels);
			*labels = strdup(val);
			if (!*labels || !split_labels(*labels, o)) {
				fprintf(stderr, "gcnabi diff: --labels wants two names, as in --labels model,llc22\n");
				return EXIT_USAGE;
			}
		}
	}
	if (k == -4)
		return 0;
	if (k == -3)
		return EXIT_USAGE;
	if (argc - *i != 2 || (strcmp(argv[*i], "-") == 0 && strcmp(argv[*i + 1], "-") == 0)) {
		fprintf(stderr, "gcnabi diff: wants two streams, at most one of them '-' (see gcnabi diff --help)\n");
		return EXIT_USAGE;
	}
	return -1;
}

static const char *display_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* Reads both streams, diffs them, prints the report. */
static int diff_files(const DiffOptions *o, const char *path_a, const char *path_b)
{
	char err[512];
	size_t alen, blen;
	char *a = read_file(path_a, &alen, err, sizeof err);
	char *b = a ? read_file(path_b, &blen, err, sizeof err) : NULL;
	int status = EXIT_ERROR;
	if (a && b) {
		Buf out = { 0 }, diag = { 0 };
		status = diff_streams(a, alen, b, blen, o, &out, &diag);
		fputs(buf_cstr(&diag), stderr);
		fputs(buf_cstr(&out), stdout);
		buf_free(&out);
		buf_free(&diag);
	} else {
		fprintf(stderr, "gcnabi diff: %s\n", err);
	}
	free(a);
	free(b);
	return status;
}

int cmd_diff(int argc, char **argv)
{
	DiffOptions o = { .label_a = "A", .label_b = "B" };
	char *labels = NULL;
	int i = 1, status = diff_options(argc, argv, &i, &o, &labels);
	if (status < 0) {
		o.file_a = display_name(argv[i]);
		o.file_b = display_name(argv[i + 1]);
		status = diff_files(&o, argv[i], argv[i + 1]);
	}
	free(labels);
	return status;
}
