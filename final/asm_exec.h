/* The final-code checker: symbolic execution of one function of llc's
 * assembly (asm.h) from the entry state the model gives, against the
 * contract (contract.h). Every register starts as a symbol of its own (its
 * entry value; a VGPR's active and inactive lanes apart), every argument
 * part is the symbol of the register the model puts it in. Straight-line
 * code, both sides of each branch (bounded). It proves or refutes:
 *
 *  - at every return (s_setpc_b64 of the return address): every preserved
 *    register holds its entry symbol (callee-saved ones in all lanes, every
 *    VGPR in the lanes inactive at entry), SP and EXEC hold theirs, and the
 *    function returns through its own return address;
 *  - at every call (s_swappc_b64): SP is aligned, and each register or
 *    stack slot the callee reads an argument from holds the value the
 *    caller passes (where it is known: a load of the global gcnabi emit
 *    passes it from); after it, only the callee's caller-saved registers,
 *    and the scratch at and above SP, are taken as clobbered;
 *  - every store to a global an argument is written to stores the symbol
 *    of the register the model places that argument part in;
 *  - a shader entry point (Contract.entry) ends the wave (s_endpgm) or
 *    falls through to its epilog with each part of its return value in
 *    the register the model places it in (where the value is known: a
 *    load of the global gcnabi emit returns it from); at its calls SP
 *    holds an aligned constant it set; it never jumps through s[30:31].
 *
 * An instruction outside the supported subset, an EXEC the executor cannot
 * follow, or a bound reached makes the verdict "unknown", with the reason:
 * never a pass. Pure: no I/O. */
#ifndef GCNABI_ASM_EXEC_H
#define GCNABI_ASM_EXEC_H

#include "observe.h"
#include "contract.h"

typedef enum { VERDICT_PROVEN, VERDICT_VIOLATED, VERDICT_UNKNOWN, VERDICT_COUNT } Verdict;
extern const char *const verdict_names[VERDICT_COUNT]; /* "proven", "violated", "unknown" */

/* What the checker asks about the program around the function. */
typedef struct {
	void *ctx;
	/* The contract and the incoming placement (callee view) of the function
	 * at symbol name (a callee); false: unknown (the default convention's
	 * contract is assumed, nothing is checked of its arguments). */
	bool (*callee)(void *ctx, const char *name, Contract *c, const Placement **in);
	/* The global whose word at *off holds what the function passes for
	 * part `part` of argument arg of callee name (gcnabi emit: a load of
	 * @gcnabi.<i>.out.<arg>), or (*own: 1 + its own argument) the same
	 * part of an argument the function received and passes on (a call
	 * graph's shared parameters); false: not known. */
	bool (*passed)(void *ctx, const char *callee, unsigned arg, unsigned part, char *global, size_t cap, int64_t *off,
		       unsigned *own);
	/* The argument part whose value the function stores to word *off of
	 * global (gcnabi emit: @gcnabi.<i>.in.<arg>); false: none. */
	bool (*received)(void *ctx, const char *function, const char *global, int64_t off, unsigned *arg, unsigned *part);
	/* Whether a caller passes undef for argument arg of callee name (its
	 * body does not use it: gcnabi emit's body_skips_param), so that
	 * nothing need be written for it; NULL: never. */
	bool (*undef)(void *ctx, const char *callee, unsigned arg);
	/* The function whose address the word at off of global holds (a
	 * function pointer variable, read by a call through it); false: not
	 * known; NULL: never. */
	bool (*pointee)(void *ctx, const char *global, int64_t off, char *name, size_t cap);
	/* The global whose word at *off holds part `part` of the value the
	 * function being checked returns (gcnabi emit: a load of
	 * @gcnabi.<i>.ret); false: not known; NULL: never. */
	bool (*returned)(void *ctx, unsigned part, char *global, size_t cap, int64_t *off);
} ExecEnv;

typedef struct {
	const AsmFunction *f;
	const Contract *contract;
	const Placement *in; /* its own arguments, callee view; NULL: unknown */
	unsigned wave;       /* 32 or 64 */
	const ExecEnv *env;
	bool smem_dwords;    /* a scalar load's immediate offset counts dwords (gfx6/gfx7: Target.smem_dword_offset) */
	/* the rules of its calls through a pointer (a module as written says
	 * their convention); NULL: its own contract's */
	const Contract *indirect;
	/* VGPRs whose entry value is uniform: an inreg argument's parts the
	 * function receives in VGPRs (out of SGPRs); bit r = v<r> */
	uint64_t uniform_vgprs[4];
} ExecInput;

enum { EXEC_MAX_PATHS = 256, EXEC_MAX_STEPS = 200000, EXEC_MAX_LOOPS = 8, EXEC_LOOP_ROUNDS = 6 };

/* Which rule a violation breaks, for those who explain it. */
typedef enum {
	RULE_OTHER,
	RULE_CALL_ARGUMENT,  /* a register or stack word the callee reads does not hold what the caller passes */
	RULE_STACK_UNWRITTEN, /* a stack word the callee reads was not written */
	RULE_STACK_OVERLAP,  /* two of the callee's stack slots overlap */
	RULE_LANE_VALUE,     /* an argument SGPR holds one lane's value of a lane-varying one, for every lane */
	RULE_RETURN_VALUE,   /* a shader's return register does not hold the part of the value the model places there */
} ExecRule;

typedef struct {
	Verdict verdict;
	uint8_t rule;       /* ExecRule of a violation */
	uint16_t arg;       /* RULE_CALL_ARGUMENT, RULE_STACK_UNWRITTEN: the callee's argument */
	char callee[ASM_NAME_MAX]; /* a rule about a call (not RULE_OTHER): the callee */
	char why[320];      /* violated: what is wrong; unknown: why it is not known */
	uint32_t line;      /* of the instruction the verdict is about (0: none) */
	/* A violation by the value of an SGPR: the instruction that last wrote
	 * that register on the path (a call, for what it may have left); 0:
	 * the register still held its entry value, or not an SGPR. */
	uint32_t culprit;
	unsigned paths;     /* explored to their end */
	unsigned returns, calls, checked_args, checked_stores;
	unsigned checked_rets; /* return value parts checked (a shader's, at its epilog) */
} ExecResult;

void asm_exec(const ExecInput *in, ExecResult *out);

/* The units SP counts per per-lane byte in f: the contract's sp_scale
 * (a scratch descriptor: bytes per wave), 1 where f addresses its stack
 * through flat scratch (bytes per lane). */
unsigned asm_sp_scale(const AsmFunction *f, const Contract *c);

#endif
