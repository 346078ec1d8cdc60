/* `gcnabi diff` without the I/O: two placement streams (the --json output
 * of place or observe, one object per line) in, the divergence report and
 * the exit status out. cmd_diff (cli/diff.c) reads the files and prints. */
#ifndef GCNABI_DIFF_H
#define GCNABI_DIFF_H

#include "finding.h" /* the exit status bits */
#include "io.h"

typedef struct {
	const char *file_a, *file_b;   /* in messages about malformed lines */
	const char *label_a, *label_b; /* the sides' names in the report: "A", "B" */
	bool json;                     /* one JSON object per divergence, then a summary object */
	bool summary_only;             /* --summary: only the JSON summary object */
	bool strict_errors;            /* two different errors for one function diverge */
	bool undef_sgprs;              /* B may lack SGPR parts of A (shader_dag_undef_sgprs) */
} DiffOptions;

/* The report goes to out, malformed-line errors ("FILE:LINE:COL: error: ...")
 * and notes to diag. Returns 0 when the streams agree, EXIT_DIVERGED when
 * any function diverges or is on one side only, and EXIT_ERROR alone when a
 * line of either stream was malformed (every such line is named, nothing is
 * compared) or memory ran out. */
int diff_streams(const char *a, size_t alen, const char *b, size_t blen, const DiffOptions *o, Buf *out, Buf *diag);

#endif
