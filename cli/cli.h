/* Shared pieces of the command-line front end: option tables, file input,
 * layout/profile lookup, and the subcommands' entry points. Everything with
 * I/O lives here, around the pure core. */
#ifndef GCNABI_CLI_H
#define GCNABI_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cc.h"
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

/* A growable text buffer; on allocation failure it stops growing and
 * sets failed. */
typedef struct {
	char *p;
	size_t n, cap;
	bool failed;
} Buf;
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_put(Buf *b, const char *s, size_t n);
void buf_free(Buf *b);
void fput_json_string(FILE *f, const char *s);

/* IR emission (emit.c). Every function stores each argument to its own
 * global and returns a value loaded from one, so that both selectors keep
 * every part; markers follow observe/mir.h's conventions. */
typedef struct {
	bool typed_ptrs; /* LLVM 14 dialect */
	bool callers;    /* add @gcnabi.<i>.caller for each function */
	bool rename;     /* name function i @gcnabi.<i>.fn instead of its own name */
	/* the llc lowers ptr addrspace(7) as a fat pointer: no globals of it,
	 * nor of an aggregate holding one. A scalar fat pointer is kept in
	 * memory as its i160 for every llc (14 to 22 compile that), so that
	 * one module, a lit test's, compiles with all of them. */
	bool buffer_ptr_split;
	bool exec64;     /* wave64: a chain call's EXEC operand is an i64 */
	bool plain_chains; /* graphs: chain edges with dvgpr N become plain chain calls (flags 0) */
	/* LLVM 14/15 SelectionDAG cannot select a load or store of bfloat:
	 * for those llc (both selectors, as `gcnabi emit --profile` cannot
	 * know the selector) a return that holds one is a constant and a
	 * caller leaves it unused, so the convention is what llc compiles */
	bool bfloat_const_returns;
	bool bfloat_undef_returns; /* LLVM 14: a return holding a scalar bfloat is demoted: undef */
	/* body_skips_param (core/split.h): the callee leaves the argument
	 * unused, a caller passes undef, or zeroinitializer for a struct or
	 * array where undef of one crashes llc 14 (targets without 16-bit
	 * instructions; a vector stays undef: emit.c skipped_value) */
	bool skip_bfloat_args;
	bool zero_skipped_args;
	bool no_dynamic_alloca; /* "gcnabi-frame" bodies without it (dag_dynamic_alloca_fails) */
	/* "gcnabi-divergent" callers pass uniform values: llc 16-22 stop after
	 * isel on a lane-varying value passed in an SGPR (SIFixSGPRCopies:
	 * "illegal VGPR to SGPR copy"), so the final code is checked on the
	 * program without them (check --final-code) */
	bool uniform_inreg;
} EmitOptions;
/* The options that follow from the llc's profile, the selector and whether
 * the target has 16-bit instructions: its IR dialect and what its
 * SelectionDAG cannot select (typed_ptrs, buffer_ptr_split, bfloat). */
void emit_profile_options(EmitOptions *o, const Profile *p, Selector sel, bool has16);
/* Append function number idx; false (with why) when the signature cannot be
 * written as IR this dialect accepts. */
bool emit_function(Buf *b, const Sig *s, unsigned idx, const EmitOptions *o, char *why, size_t why_cap);

/* A call edge of a call-graph file: `call @A -> @B`, or `call @A -> * @B`
 * for a call through a function pointer; `chain @A -> [*] @B [dvgpr N]`
 * for llvm.amdgcn.cs.chain. from/to index the file's signatures; line is
 * the edge's line. */
typedef struct {
	unsigned from, to, line;
	bool indirect;
	bool chain;     /* llvm.amdgcn.cs.chain: the caller's last call */
	uint16_t dvgpr; /* chain with dynamic VGPRs: the count requested; 0 none */
} CallEdge;

/* The edges of text, whose signatures are sigs[0..nsigs). Returns false
 * with err ("LINE:COL: ...") on a malformed edge or an unknown name. */
bool graph_edges_parse(const char *text, size_t len, Sig *const *sigs, unsigned nsigs, CallEdge **edges,
		       unsigned *nedges, char *err, size_t err_cap);

/* Whether the call edges of the file at path (if it has any) parse
 * against its signatures; false after PATH:LINE:COL: ... on stderr. */
bool graph_edges_check(const char *path, const char *text, size_t len);

/* Connected components of the call graph over nsigs functions: component[i]
 * for each, numbered in the order of their first functions (union-find over
 * the edges). Returns the number of components. */
unsigned graph_components(unsigned nsigs, const CallEdge *edges, unsigned nedges, unsigned *component);

/* A generated graph in that form: its signatures, then its edges. False
 * when a signature does not fit a line. */
struct Graph;
bool graph_print(const struct Graph *g, FILE *f);

/* One module of the included functions: each stores its arguments to its
 * in-markers, then makes its calls in edge order (passing on its own
 * leading arguments where the callee's parameters repeat them), then
 * returns. Function i's markers are @gcnabi.<i>.*. */
bool emit_graph(Buf *b, Sig *const *sigs, const bool *include, unsigned nsigs, const CallEdge *edges, unsigned nedges,
		const EmitOptions *o, char *why, size_t why_cap);


/* The user's signatures in text read from path, handed to sink one by one
 * (sig_read.c): the parser's errors, a second function of a name already
 * seen and an input with no header at all are errors, printed (when say)
 * as PATH:LINE:COL: error: ... and handed to sink as a SigError; the
 * parser's notes are printed as PATH:LINE:COL: note: .... Returns the
 * number of errors. */
unsigned sig_read(const char *path, const char *text, size_t len, bool say, SigSink sink, void *ctx);

/* Whole file (or stdin for "-") into a NUL-terminated heap buffer. */
char *read_file(const char *path, size_t *len, char *err, size_t err_cap);
/* Append a heap copy of s to the growing array *sigs of *n; false (and
 * nothing appended) when out of memory. */
bool sig_list_append(Sig ***sigs, unsigned *n, const Sig *s);
/* A regular file mapped read-only, without a NUL after it (an empty file is
 * ""); NULL with err set when it cannot be. unmap_file releases it. */
const char *map_file(const char *path, size_t *len, char *err, size_t err_cap);
void unmap_file(const char *text, size_t len);

/* Layout by name (searched in $GCNABI_LAYOUTS, then the layouts/ folder
 * beside the binary's build/ folder) or by path. */
bool layout_load(const char *name_or_path, Layout *out, char *err, size_t err_cap);
/* The folder layout names are looked up in, and the file a name or path
 * stands for (a path: anything with a '/' or ".layout" in it). */
void layout_folder(char *dir, size_t cap);
void layout_path(const char *name_or_path, char *path, size_t cap);

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

/* A failure's message as its cause key words it: numbers, registers and
 * names normalized (check_cause.c); diff --json's where_class too. */
void cause_message(const char *why, char *out, size_t cap);
/* A printed list of locations as the reports class it: "sgpr", "vgpr",
 * "stack", "demoted", "none", "other" for one, "sgpr+stack x3" for
 * several (check_where.c). */
void loc_list_class(const char *text, char *out, size_t cap);

/* place --json's object for a signature that did not parse, and its newline. */
void place_malformed_json(Buf *b, const SigError *err);

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
