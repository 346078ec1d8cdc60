/* Placement JSON (the --json lines of place and observe, check's
 * --placements files) read back into Placements for the judge: each line
 * checked against the contract, a malformed one located and explained.
 * The contract is what a Placement holds: registers up to 65535, offsets
 * and sizes up to 4294967295, SIG_MAX_PARAMS arguments, PLACE_MAX_PARTS
 * parts, and the entry point keys in the form place_print_json writes
 * them. An error keeps its first 191 bytes (llc's run longer). */
#ifndef GCNABI_PLACE_JSON_H
#define GCNABI_PLACE_JSON_H

#include "io.h"
#include "json.h"
#include "place.h"

typedef struct {
	const JsonValue *at; /* where it is wrong */
	char msg[160];
} JsonProblem;

/* One line: {"name":..., "error":...} or a placed function with its
 * optional "calls" (each {"callee", "args", "ret"?, "implicit"?}); keys
 * the contract does not name are ignored. scratch holds the placements
 * while they are checked. */
bool placement_line_check(const JsonValue *fn, Placement *scratch, JsonProblem *pr);

/* The Placement of a line (call false) or of one of its calls (true),
 * checked before: "error", "args" (with "unused"), "ret" (a demoted return
 * keeps no parts), and for a function psInputs, "kernarg_size",
 * "system_sgprs" (sys_sgprs when present) and the user SGPRs. The parts
 * are in text order: the arguments' one after another, then the return's.
 * False, with the problem, only for a line not checked. */
bool placement_read(const JsonValue *owner, bool call, Placement *p, JsonProblem *pr);

/* The observer's form for parts it could not attribute: every argument's
 * parts as one argument, in order (nothing unused). */
void placement_merge_args(Placement *p);

/* place --json's object for a signature that did not parse, and its newline. */
void place_malformed_json(Buf *b, const SigError *err);

#endif
