/* `gcnabi check`: its options (check_options.c), the engine's run
 * (engine/check.c) and what it prints and writes at the end: the summary,
 * summary.json and the exit status. */
#include <stdlib.h>

#include "cli.h"
#include "check_options.h"
#include "engine.h"

/* Every return leaves c to the caller, which frees it. */
static int check_main(Check *c, int argc, char **argv)
{
	double wall = 0;
	const char *path = 0;
	int rc = check_parse(c, argc, argv, &path);
	if (!rc)
		rc = check_execute(c, path, &wall);
	if (rc)
		return rc < 0 ? 0 : rc;
	print_summary(c, stdout, wall);
	write_summaries(c, wall);
	printf("details: %s/details.jsonl, reproducers: %s/repro/\n", c->report.dir, c->report.dir);
	return (int)exit_status(c);
}

int cmd_check(int argc, char **argv)
{
	Check *c = calloc(1, sizeof *c);
	if (!c)
		return EXIT_ERROR;
	int status = check_main(c, argc, argv);
	check_free(c);
	return status;
}
