/* Lane masks as the final-code checker follows them (asm_exec.c): EXEC, a
 * compare's result, a saved copy of either, each as a Boolean function of
 * a lane's own bits. Variable 0 is whether the lane was active at entry
 * (EXEC's entry value); variables 1 to LANE_VARS - 1 are the outcomes of
 * compares (v_cmp, v_cmpx) in that lane. A function of LANE_VARS
 * variables is its truth table, 32 bits: bit i is its value where
 * variable j is bit j of i. The scalar instructions on masks (s_and_b64,
 * s_xor_saveexec_b32, ...) are then the same operations on tables, exact:
 * an if/else's EXEC, E & c, then E & ~c, then (E & c) | (E & ~c), is E
 * again. A mask known only to be some subset of a table (a compare when
 * every variable is taken) is "within" that table.
 * Pure. */
#ifndef GCNABI_LANES_H
#define GCNABI_LANES_H

#include <stdbool.h>
#include <stdint.h>

enum { LANE_VARS = 5 };

typedef struct {
	uint32_t t;  /* truth table */
	bool within; /* the mask is some subset of t, not t itself */
} Lanes;

/* Variable k's table: E (k 0) is 0xaaaaaaaa. */
uint32_t lane_var(unsigned k);
enum { LANE_ALL = 0xffffffffu };

/* Whether table t depends on variable k. */
bool lane_depends(uint32_t t, unsigned k);

/* What a scalar instruction does to masks: D = f(S0, S1) (SOP2, SOP1:
 * S1 unused), or, for the saveexec family, D = EXEC and EXEC = f(S0,
 * EXEC) (the wrexec pair: EXEC = f(S0, EXEC) and D = the new EXEC). */
typedef enum { LANE_AND, LANE_OR, LANE_XOR } LaneOp;
typedef enum { LANE_PLAIN, LANE_SAVEEXEC, LANE_WREXEC } LaneForm;

typedef struct {
	const char *mnemonic; /* without _b32/_b64 */
	LaneOp op;
	bool not0, not1, notd; /* S0, S1 (EXEC), the result complemented */
	LaneForm form;
	bool unary;           /* s_not: D = ~S0 */
} LaneInstr;

/* The instruction mnemonic m is (with its _b32 or _b64), or NULL. */
const LaneInstr *lane_instr(const char *m);

/* f(a, b) of instruction i, for masks within tables too. */
Lanes lane_apply(const LaneInstr *i, Lanes a, Lanes b);

/* The masks t[0..n) of one state, rewritten with as few compare
 * variables as tell their lanes apart, in a canonical order, and with
 * the lanes care excludes gone (care: the rows a lane may be in; a branch
 * on EXEC being zero excludes EXEC's). What the masks say of every lane
 * is unchanged: for each entry state of a lane, the same combinations of
 * their values are possible. So two rounds of a loop that differ only in
 * which compares made their masks meet. Returns the variables used
 * besides E, or -1: no lane active at entry is possible (a path that
 * cannot run); the masks are left as they are when more than LANE_VARS
 * - 1 would be needed. */
int lane_compact(uint32_t *t, unsigned n, uint32_t care);

#endif
