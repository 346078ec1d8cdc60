/* The command-line front end: the command table, option parsing, the
 * model options several subcommands share, and the subcommands' entry
 * points. Each subcommand parses its options, calls the engine (or emit,
 * observe, final, generators) and prints. */
#ifndef GCNABI_CLI_H
#define GCNABI_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "emit.h"
#include "finding.h" /* the exit status bits, EXIT_* */

/* One option of a subcommand: "--name ARG  help". arg NULL for a flag. */
typedef struct {
	const char *name;
	const char *arg;
	const char *help;
} OptSpec;

typedef struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *usage;   /* operands after the options */
	const char *summary;
	const OptSpec *opts; /* terminated by {0} */
} Command;

/* Option iteration: returns the index in specs of the next option (value in
 * *val), -1 at the first operand (argv[*i] is it), -2 at the end, -3 after
 * printing an error to stderr. "--" ends options. */
int opt_next(const Command *cmd, int argc, char **argv, int *i, const char **val);
void command_help(const Command *cmd, FILE *f);
const Command *command_find(const char *name);
void usage(FILE *f); /* the list of commands */

/* val as a number in [min, max] into *out; else false after printing
 * "gcnabi CMD: OPT takes a number from MIN to MAX" (cli/numbers.c). */
bool cli_number(const char *cmd, const char *opt, const char *val, unsigned long long min, unsigned long long max,
		unsigned long long *out);

/* Model options shared by place, check and diff. */
typedef struct {
	const char *profile, *layout, *cpu;
	unsigned wave;
	Selector selector;
	bool caller, json;
	TargetOs os; /* --triple */
} ModelOptions;
void model_options_default(ModelOptions *o);
/* Handles --profile/--layout/--mcpu/--wave/--selector/--triple; returns false if
 * name is not one of them. *bad is set when the value is invalid. */
bool model_option(ModelOptions *o, const char *name, const char *val, bool *bad);
/* --switch NAME=on|off (check, place): the switch's index and value; false
 * after a message naming the command. */
bool switch_parse(const char *command, const char *val, unsigned *index, bool *on);

int cmd_place(int argc, char **argv);
int cmd_check_asm(int argc, char **argv);
int cmd_emit(int argc, char **argv);
int cmd_observe(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_ab(int argc, char **argv); /* ab.c, ab_layout.c */
int cmd_gen(int argc, char **argv);
int cmd_passthrough(int argc, char **argv);
int cmd_gen_boundary(int argc, char **argv); /* gen --boundary (gen_boundary.c) */
int cmd_layouts(int argc, char **argv);
int cmd_profiles(int argc, char **argv);
int cmd_vocab(int argc, char **argv);
int cmd_shrink(int argc, char **argv);
int cmd_cause(int argc, char **argv);

#endif
