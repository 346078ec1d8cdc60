/* gcnabi: one binary, one subcommand per job (cli/commands.c has the table). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "version.h"
#include "cli.h"

/* What a command printed must reach its reader: stdout is flushed and
 * closed here, once for every command, and a failed write (a full disk) is
 * an error naming it: exit bit EXIT_ERROR, added to the command's own. */
static int close_stdout(const char *cmd, int status)
{
	errno = 0;
	bool bad = fflush(stdout) != 0 || ferror(stdout);
	int e = errno;
	if (fclose(stdout) != 0 && !bad)
		bad = true, e = errno;
	if (!bad)
		return status;
	fprintf(stderr, "gcnabi%s%s: cannot write <stdout>: %s\n", cmd ? " " : "", cmd ? cmd : "",
		e ? strerror(e) : "write error");
	return status | EXIT_ERROR;
}

static int run(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("gcnabi %s\n", GCNABI_VERSION);
		return 0;
	}
	if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		const Command *c = argc > 2 ? command_find(argv[2]) : 0;
		if (c)
			command_help(c, stdout);
		else
			usage(stdout);
		return 0;
	}
	const Command *cmd = command_find(argv[1]);
	if (!cmd) {
		fprintf(stderr, "gcnabi: unknown command '%s'\n\n", argv[1]);
		usage(stderr);
		return EXIT_USAGE;
	}
	return cmd->run(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
	int status = run(argc, argv);
	return close_stdout(argc > 1 && command_find(argv[1]) ? argv[1] : 0, status);
}
