/* `gcnabi cause ERRFILE`: the cause of a failed llc run as gcnabi check
 * words it in findings.jsonl ("compiler: <message>" without the side): llc's
 * first error line (first_error_line), then its numbers, registers and
 * names normalized (cause_message). llvm-reduce's interestingness test of a
 * crash compares this line with the cause it reduces, so that the
 * reduction keeps that cause and no other. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "cli.h"

int cmd_cause(int argc, char **argv)
{
	const Command *cmd = command_find("cause");
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0)
		;
	if (k == -4)
		return 0;
	if (k == -3)
		return EXIT_USAGE;
	if (i != argc - 1) {
		fprintf(stderr, "gcnabi cause: expected one file (llc's stderr, or - for stdin), see gcnabi cause --help\n");
		return EXIT_USAGE;
	}
	char err[300];
	size_t len;
	char *text = read_file(argv[i], &len, err, sizeof err);
	if (!text) {
		fprintf(stderr, "gcnabi cause: %s\n", err);
		return EXIT_ERROR;
	}
	char *line = error_line_of(text);
	free(text);
	if (!line) {
		fprintf(stderr, "gcnabi cause: out of memory\n");
		return EXIT_ERROR;
	}
	char cause[240];
	cause_message(line, cause, sizeof cause);
	puts(cause);
	free(line);
	return 0;
}
