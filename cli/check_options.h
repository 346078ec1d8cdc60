/* check's options parsed into a Check for the engine: gcnabi check and
 * gcnabi ab (which forwards check's options) parse them here, in cli/, and
 * the engine runs on the result. Private to cli/ (and its unit test). */
#ifndef GCNABI_CHECK_OPTIONS_H
#define GCNABI_CHECK_OPTIONS_H

#include "cli.h"
#include "engine.h"

/* check's options (check_options.c). The defaults; the options into c:
 * false after a message (after --help's text, with *first_operand -1),
 * *first_operand indexing the first operand. */
void check_options_default(CheckOptions *o);
bool check_parse_options(Check *c, int argc, char **argv, int *first_operand);
/* Both, and the one signature file into *path: 0, -1 after --help, or an
 * exit status after a message (gcnabi check, gcnabi ab). */
int check_parse(Check *c, int argc, char **argv, const char **path);
/* The handler row of a check_opts option, NULL when it has none. */
typedef struct CheckOpt CheckOpt;
const CheckOpt *check_option_find(const char *name);
const char *check_option_name(unsigned i); /* NULL past the last row */

#endif
