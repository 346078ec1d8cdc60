/* gcnabi: one binary, one subcommand per job (cli/commands.c has the table). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
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
