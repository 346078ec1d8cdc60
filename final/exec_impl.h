/* Inside the final-code checker (asm_exec.h): symbolic values, machine
 * state and the executor, and the helpers its files share: values
 * (exec_values.c), state (exec_state.c), memory and the stack
 * (exec_memory.c), dynamic allocas (exec_dyn.c), calls and returns
 * (exec_calls.c), instruction semantics (exec_step.c), paths and loops
 * (asm_exec.c). Private to final/. */
#ifndef GCNABI_EXEC_IMPL_H
#define GCNABI_EXEC_IMPL_H

#include "asm_exec.h"
#include "lanes.h"

/* The scalar file as the executor numbers it: s0-s105, then the named
 * registers. */
enum {
	R_VCC = 106, /* vcc_lo, vcc_hi */
	R_EXEC = 108, /* exec_lo, exec_hi */
	R_M0 = 110,
	R_SCC = 111,
	R_FLAT = 112, /* flat_scratch_lo, _hi */
	R_JUNK = 114, /* null, and the read-only names (execz, src_*) */
	NSREG = 116,
	MAX_OVERLAYS = 512,
	MAX_SLOTS = 1024,
	MAX_SYMS = 256,
	EXEC_FIRSTS = 8,
	EXEC_GUARDS = 8,
	EXEC_MAX_ROUNDS = 1024,
	EXEC_ASMASKS = 4,
	EXEC_DYNS = 8, /* dynamic allocas a path follows at once */
	MAX_GLOBAL_STORES = 16,
	MAX_MASKS = NSREG + 4 * REGSET_MAX + 2 * MAX_SLOTS + MAX_OVERLAYS + 2 * EXEC_GUARDS + EXEC_ASMASKS, /* where a state may hold masks */
};

typedef enum {
	V_UNKNOWN,   /* id: unique; off: the line that made it */
	V_ENTRY,     /* the entry value of (file, reg), plus off (stack arithmetic) */
	V_NOT_ENTRY, /* its complement (EXEC after s_xor_saveexec -1) */
	V_CONST,     /* off */
	V_SYM_LO, V_SYM_HI, /* the address of symbol id, halves */
	V_GOT_LO, V_GOT_HI, /* the address of its GOT entry */
	V_LABEL_LO, V_LABEL_HI, /* the address of local label id */
	V_PC_LO, V_PC_HI, /* a program counter: id = the instruction after it */
	V_LOAD,      /* the word at symbol id + off */
	V_STACK_IN,  /* the word at entry SP + off, never written here: an incoming stack argument */
	V_CLOBBERED, /* what a call (its line in off) may have left */
	V_MAYBE,     /* reloaded after a store through an address the executor does not know */
	V_ALIGNED,   /* a value rounded down to a multiple of 1 << reg (a realigned frame), id unique, plus off */
	V_LANES,     /* a lane mask (lanes.h) of half reg - R_EXEC of the wave: table off, file 1 if only within it */
	V_MIXED,     /* a vector register written in some of its lanes only (under a divergent EXEC): off the line */
	V_AMOUNT,    /* a run-time size: per lane a multiple of 1 << reg bytes, shifted left by off; file 1 if it may
		      * differ from lane to lane; id unique */
	V_DYN,       /* the top of a dynamic alloca (State.dyn, by id): its base plus an amount, plus off */
} VKind;

typedef struct {
	uint8_t kind, file;
	uint16_t reg;
	uint32_t id;
	int64_t off;
} Val;

/* A single lane v_writelane_b32 wrote: its index is known, whether it
 * was active at entry is not. */
typedef struct {
	uint8_t file;
	uint16_t reg, lane;
	bool maybe_active, maybe_inactive; /* which lanes of the entry mask the lane may be in */
	Val v;
} Overlay;

/* A vector register: one value in the lanes active at entry, one in the
 * others; the lanes written one by one are the state's overlays. */
typedef struct {
	Val act, inact;
	bool lost; /* more lanes written than tracked */
} VReg;

typedef struct {
	Val base; /* V_ENTRY (the SP or another register) or V_CONST: the address' symbolic part */
	Val act, inact;
	/* State.mem_gen when each half was written: a store through an
	 * unknown address since may have changed it. */
	uint32_t gen_act, gen_inact;
} Slot;

typedef struct {
	Val s[NSREG];
	VReg v[REGSET_MAX], a[REGSET_MAX];
	Slot slots[MAX_SLOTS];
	unsigned nslots;
	Overlay ov[MAX_OVERLAYS];
	unsigned nov;
	uint32_t mem_gen; /* stores through an unknown address so far */
	/* Registers whose entry value such a store may have written: only a
	 * reload after it can give one of them back. */
	RegSet maybe_stored;
	uint32_t s_at[NSREG]; /* 1 + the instruction that last wrote each SGPR (0: none) */
	/* Lane 0's values v_readfirstlane_b32 made (by id) and the vector
	 * value each read, the latest EXEC_FIRSTS; the waterfall guards: the
	 * lanes (a mask per half of the wave) where a v_cmp_eq found that
	 * value equal to lane 0's, the latest EXEC_GUARDS. */
	struct {
		uint32_t id;
		Val src;
	} firsts[EXEC_FIRSTS];
	struct {
		Val lane; /* lane 0's value (lane0_val) it guards */
		Val mask[2];
	} guards[EXEC_GUARDS];
	/* Values of registers taken as masks (exec_step.c as_mask): the mask
	 * each stands for. */
	struct {
		Val v, mask;
	} asmask[EXEC_ASMASKS];
	unsigned nfirsts, nguards, nasmasks;
	/* The dynamic allocas of the path (exec_dyn.c): where each begins
	 * (the SP it was made from, rounded up for its alignment) and the
	 * amount SP moves by past it; live until SP is set below its top
	 * (the return, a stack restore). */
	struct {
		uint32_t id, line;
		Val base, amount;
		bool live;
	} dyn[EXEC_DYNS];
	/* The lowest each V_ALIGNED value (by id) made of an SP value can
	 * be, the latest EXEC_DYNS. */
	struct {
		uint32_t id;
		Val low;
	} rounded[EXEC_DYNS];
	unsigned nrounded;
	uint32_t pc;
	uint32_t steps;
	/* The path has passed a conditional branch: a whole-wave body's EXEC
	 * may be narrowed by its own control flow from there on. */
	bool branched;
	/* The loops this path went round: each head (the target of a
	 * backward branch), how often, and a digest of the state there. */
	struct {
		uint32_t pc, visits;
		uint64_t digest;
	} heads[EXEC_MAX_LOOPS];
	unsigned nheads;
} State;

typedef struct {
	const ExecInput *in;
	ExecResult *out;
	char syms[MAX_SYMS][ASM_NAME_MAX];
	unsigned nsyms;
	uint32_t fresh;
	State *stack[EXEC_MAX_PATHS];
	unsigned depth;
	bool done;
	unsigned scale;      /* SP units per per-lane byte */
	/* Why the verdict is unknown if nothing else is found (a check that
	 * could not be made, the rest of the paths followed). */
	char pending[320];
	uint32_t pending_line;
	unsigned sp, ra;     /* SGPR numbers */
	/* The branch exec_step() just made tests this mask (R_EXEC, R_VCC; 0:
	 * none) for zero, and on which side it is (taken or not). */
	unsigned zero_reg;
	bool zero_taken;
	/* Every (loop head, digest) a path has begun a round from, on any
	 * path: a path back at one goes on as that one did (llc's loop-exit
	 * masks may take turns, and paths fork in every round). */
	struct {
		uint32_t pc;
		uint64_t digest;
	} rounds[EXEC_MAX_ROUNDS];
	unsigned nrounds;
	Val *mask_at[MAX_MASKS]; /* compact()'s */
	uint32_t mask_t[MAX_MASKS];
} Exec;

/* MASK_SUBSET: some of the lanes active at entry (a divergent branch, a
 * waterfall loop), maybe all; MASK_LANES: a mask the executor follows
 * that may hold lanes inactive at entry too. */
typedef enum { MASK_ENTRY, MASK_INACTIVE, MASK_ALL, MASK_SUBSET, MASK_LANES, MASK_OTHER } Mask;

typedef enum { STEP_ON, STEP_JUMP, STEP_FORK, STEP_END } Step;
/* An instruction effect's result (exec_step.c's families): a Step, or
 * STEP_NEXT (not this row's form: the next row is tried). */
enum { STEP_NEXT = -1 };

/* exec_state.c: a path stopped with its verdict and why (printf-style) */
void stop(Exec *x, Verdict v, uint32_t line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* exec_values.c */
Val val_of_kind(VKind k);
Val const_val(int64_t c);
Val entry_val(RegFile f, unsigned r);
Val unknown_val(Exec *x, uint32_t line);
/* An unknown word loaded from memory that is not the stack (LDS, flat, a
 * global or constant at an address not known): data, never a return
 * address the function saved. A V_UNKNOWN with reg DATA_WORD. */
enum { DATA_WORD = 1, LANE0_WORD = 2, WORD_KIND = 3 };
Val data_val(Exec *x, uint32_t line);
/* A V_UNKNOWN in a vector register whose lanes may hold different values
 * (reg's VARIES bit, beside the word kind): made from one that does, a
 * lane's own index (v_mbcnt) or memory at a per-lane address. */
enum { VARIES = 4 };
Val varying_val(Exec *x, uint32_t line, Val like);
/* Whether v may differ from lane to lane: a VGPR's entry value no inreg
 * argument put there, a varying unknown. Values the executor cannot tell
 * (a call's results, a compare's outcome as a number, a register written
 * in some lanes only) count as uniform: a violation is never made of a
 * guess. */
bool val_varies(const Exec *x, Val v);
/* v_readfirstlane of a value that may differ per lane (a VGPR's entry
 * value, a value written in some lanes only): lane 0's, not the value of
 * every lane. A V_UNKNOWN with reg LANE0_WORD, file the VGPR it came from. */
Val lane0_val(Exec *x, uint32_t line, unsigned vgpr);
/* A call or tail call of a callee whose placement p (contract c, NULL:
 * the caller's) takes SGPR arguments: an SGPR it may read as one that
 * holds lane 0's value of a lane-varying one is a violation where EXEC is
 * the entry mask (every lane gets that one value); under a narrowed EXEC
 * it is right where EXEC lies within a guard of that value (a waterfall
 * loop: every lane the call runs in holds that value) and not known
 * elsewhere; false once the verdict is made. */
bool uniform_sgpr_args(Exec *x, const State *st, const AsmInstr *in, const char *callee, const Placement *p,
		       const Contract *c);
bool same_val(Val a, Val b);
bool is_entry(Val v, RegFile f, unsigned r);
void val_describe(const Exec *x, Val v, char *buf, size_t cap);
unsigned sym_id(Exec *x, const char *p, size_t n);
Val symbolic(Exec *x, const char *t, uint32_t line);
bool special_reg(const char *t, unsigned *r, unsigned *n);
bool sreg_of(const AsmOp *op, unsigned k, unsigned *r);
Val read_op(Exec *x, const State *st, const AsmOp *op, unsigned k, uint32_t line);
bool lanes_of(Val v, Lanes *l, int *half);
Val lanes_val(Exec *x, Lanes l, int half, uint32_t line);
Mask mask_of(const Exec *x, const State *st);
Val mix_val(Exec *x, Val old, Val v, uint32_t line);

/* exec_state.c */
void ov_filter(State *st, RegFile f, unsigned r, bool drop_active, bool drop_inactive);
void ov_where(const State *st, RegFile f, unsigned r, bool *act, bool *inact);
bool write_some(Exec *x, State *st, const AsmInstr *in, RegFile f, unsigned r, Val v);
bool write_v(Exec *x, State *st, const AsmInstr *in, RegFile f, unsigned r, Val v);
void write_s(State *st, unsigned r, Val v);
void blame(Exec *x, const State *st, unsigned r);
void state_init(State *st);
/* A whole-wave function's body (Contract.whole_wave) runs with every lane
 * on: before the path's first conditional branch, `what` at in (a store
 * to memory, a call, a VALU write) under the entry mask or its complement is a
 * violation; false once the verdict is made. */
bool whole_wave_lanes(Exec *x, const State *st, const AsmInstr *in, const char *what);
const char *reg_name(RegFile f, unsigned r, char *buf, size_t cap);

/* exec_memory.c */
bool has_prefix(const char *s, const char *p);
Slot *slot_find(State *st, Val base, bool make);
bool exec_memory(Exec *x, State *st, const AsmInstr *in);

/* exec_dyn.c: dynamic allocas. A size rounded to a multiple of a power
 * of two (x & -2^k of a value that is no address) is an amount; shifted
 * into SP's units and added to an SP value it makes the top of a dynamic
 * alloca (V_DYN). A wave-wide maximum of a lane-varying amount (llc's
 * s_ff1 / v_readlane_b32 / s_max_u32 loop) is taken as every lane's: the
 * executor follows the amount's unit and rounding, and trusts the loop to
 * visit every active lane. */
bool is_address(const Exec *x, Val v);
Val dyn_top(Exec *x, State *st, Val base, Val amount, unsigned shift, uint32_t line);
/* v with its dynamic tops replaced by their bases (each at or below
 * its top): the SP value, entry or constant, they were made from. */
Val dyn_root(const State *st, Val v);
/* SP was written (at line): the allocas it no longer covers are freed. */
void dyn_sp_written(Exec *x, State *st);
/* At a call with SP sp: a dynamic top moves SP by a whole number of
 * aligned SP units per per-lane byte, every live alloca lies below sp,
 * and no argument of p is the address of stack at or above sp; false
 * once the verdict is made. */
bool dyn_call(Exec *x, const State *st, const AsmInstr *in, const char *callee, const Placement *p, Val sp);
/* Instruction effects (exec_step.c's families) */
int dyn_round(Exec *x, State *st, const AsmInstr *in, int *label);
int dyn_shift(Exec *x, State *st, const AsmInstr *in, int *label);
int dyn_max(Exec *x, State *st, const AsmInstr *in, int *label);
int dyn_read_lane(Exec *x, State *st, const AsmInstr *in, int *label);
int dyn_shift_add(Exec *x, State *st, const AsmInstr *in, int *label);
int dyn_shift_rev(Exec *x, State *st, const AsmInstr *in, int *label);
int dyn_vector_add(Exec *x, State *st, const AsmInstr *in, int *label);

/* exec_calls.c */
bool exec_call(Exec *x, State *st, const AsmInstr *in);
void exec_ret(Exec *x, const State *st, const AsmInstr *in, const char *to, const Placement *args);
/* A chain call of name (placement p): its arguments hold what the
 * function passes, and the function gives back what it must (exec_ret). */
void exec_chain_call(Exec *x, State *st, const AsmInstr *in, const char *name, const Placement *p);
/* Whether register (f, r) holds an argument part of placement p. */
bool argument_in(const Placement *p, RegFile f, unsigned r);
/* A shader entry point's code ends at line (no instruction after it): the
 * fall-through to its epilog, with its return value placed. */
void exec_epilog(Exec *x, const State *st, uint32_t line);

/* exec_step.c */
bool compact(Exec *x, State *st, uint32_t care);
bool mask_zero(Exec *x, State *st, unsigned reg);
bool exec_compare(Exec *x, State *st, const AsmInstr *in);
Step exec_step(Exec *x, State *st, const AsmInstr *in, int *label);

/* asm_exec.c */
uint64_t state_digest(const State *st);

#endif
