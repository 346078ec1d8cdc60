/* Mutants of llc's final code, to prove the final-code checker
 * (asm_exec.h): each operator breaks one rule of the contract at one
 * place of a function, the way a backend bug would. A checker that proves
 * the function must find every mutant violated. Pure: no I/O. */
#ifndef GCNABI_ASM_MUTATE_H
#define GCNABI_ASM_MUTATE_H

#include "observe.h"
#include "contract.h"

/* X(name, doc): one row per operator; the table everything iterates. */
#define MUTATION_OPERATORS(X) \
	X(drop_restore, "delete the restore of a callee-saved register, the frame pointer or an inactive-lane VGPR (a reload or v_readlane_b32)") \
	X(clobber_return_address, "write the return address before the return (s_mov_b32 of its low half)") \
	X(misalign_sp, "bump SP by 4 more per-lane bytes before a call (a shader: set it 4 higher)") \
	X(skip_sp_restore, "delete the write that gives SP back after the last call") \
	X(skip_exec_restore, "delete the s_mov of EXEC back after a saveexec") \
	X(swap_call_args, "swap the first two argument registers the callee reads, before a call or a chain call") \
	X(stack_arg_offset, "move an outgoing stack argument's store 4 bytes up") \
	X(drop_lane_guard, "before a call, make the compare of a v_readfirstlane_b32's value with its source (a loop over a lane-varying value's distinct values) true in every lane") \
	X(clobber_return_value, "at the end of a shader that falls through to its epilog, write 0 over the register of its return value's first part") \
	X(clobber_implicit_input, "before a kernel's call, write 0 over a register of an implicit input its callee reads (the dispatch pointer, queue pointer or dispatch id)") \
	X(skip_whole_wave_exec, "delete a whole-wave function's s_mov of EXEC to -1 before its body (the body then runs in the lanes its prologue saved)") \
	X(unscale_dyn_alloca, "shift a dynamic alloca's size by 0, not into SP's units, where SP counts bytes per wave (the lanes' objects then reach into the callee's frame)") \
	X(drop_dyn_alloca_bump, "delete the last write of SP past a dynamic alloca before a call (the callee's frame then overlaps the object)")

typedef enum {
#define X(name, doc) MUT_##name,
	MUTATION_OPERATORS(X)
#undef X
	MUT_COUNT
} MutationOp;

extern const char *const mutation_names[MUT_COUNT];
extern const char *const mutation_docs[MUT_COUNT];

typedef struct {
	uint8_t op;      /* MutationOp */
	uint32_t at;     /* instruction index */
	/* The callee's argument registers (swap_call_args): two, as asm text;
	 * the return register (clobber_return_value): a. */
	char a[16], b[16];
} Mutant;

/* The registers the callee of the call at instruction i reads its first
 * two register arguments from (text: "v0", "s4"); supplied by the caller
 * of asm_mutants. */
typedef bool (*MutantArgs)(void *ctx, const AsmFunction *f, uint32_t i, char a[16], char b[16]);
/* The register (asm text) of the first part of f's return value; false:
 * not known. */
typedef bool (*MutantRet)(void *ctx, const AsmFunction *f, char reg[16]);

/* A register (asm text) holding an implicit input the callee of the
 * call at instruction i reads, copied from the kernel f's user SGPRs
 * (kernel_inputs); false: none. */
typedef bool (*MutantInput)(void *ctx, const AsmFunction *f, uint32_t i, char reg[16]);

/* What the mutants that need the program around f ask (ctx is theirs);
 * a NULL callback: no mutant of that operator. */
typedef struct {
	void *ctx;
	MutantArgs args;   /* swap_call_args */
	MutantRet ret;     /* clobber_return_value */
	MutantInput input; /* clobber_implicit_input */
} MutantEnv;

/* The mutants of f, at most cap; returns how many there are (more than cap:
 * the rest not stored). env may be NULL. A mutant at f->ninstrs adds to
 * the end. */
unsigned asm_mutants(const AsmFunction *f, const Contract *c, const MutantEnv *env, Mutant *out, unsigned cap);

/* f with mutant m applied, into *out (its own instruction array, which
 * asm_mutant_free releases); false when out of memory. */
bool asm_mutant_apply(const AsmFunction *f, const Contract *c, const Mutant *m, AsmFunction *out);
void asm_mutant_free(AsmFunction *f);

/* One line about m: "drop_restore at line 812 (v_readlane_b32 s30, v40, 0)". */
size_t asm_mutant_print(const AsmFunction *f, const Mutant *m, char *buf, size_t cap);

#endif
