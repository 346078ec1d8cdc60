/* The judge: one pure comparison of two placements of one signature, for
 * every tool that compares them. It lists structured differences (what,
 * which argument and part, both sides' locations or values, a class) under
 * named leniency rules, and words one the way check's reports always have.
 * No I/O.
 *
 * Who compares what (A first, B second), and with which rules:
 *   model vs llc callee    check: UNORDERED | ALLOW_UNREAD, first difference;
 *                          + UNDEF_SGPRS_WHOLE for llc 16 SelectionDAG shaders
 *                          (profile switch shader_dag_undef_sgprs)
 *   model vs llc caller    check: UNORDERED | ALLOW_UNREAD | UNDEF_IMPLICIT
 *                          (the call's implicit registers), first difference
 *   llc caller vs callee   check (one llc) and its link matrix (caller of one
 *                          llc, callee of another): UNORDERED | ALLOW_UNREAD |
 *                          CALLER_COVERS, first difference
 *   model caller vs callee the link matrix's prediction: the same; check's
 *                          explanation of a mismatch: CALLER_COVERS alone, and
 *                          none between two models of one side
 *   model vs observed      the MIR round trip (fuzz/mir_roundtrip.c) and the
 *                          HSA tests: UNORDERED, first difference
 *   llc A vs llc B,        gcnabi diff of check's --placements (the harness's
 *   DAG vs GlobalISel      cross-compiler axes): ALL | SIZE_0_UNKNOWN, placed
 *                          functions only (diff compares errors whole, from
 *                          the JSON: a Placement keeps 191 bytes of one)
 *   layout vs layout       gcnabi diff --summary of place --layout: the same
 *   model vs recorded llc  tests/run_tests.py's golden cases: gcnabi diff,
 *                          + UNDEF_SGPRS (--undef-sgprs) for llc 16 SelectionDAG */
#ifndef GCNABI_JUDGE_H
#define GCNABI_JUDGE_H

#include "place.h"

typedef enum {
	/* Every difference, not only those up to the first divergence. */
	JUDGE_ALL = 1 << 0,
	/* Parts of one argument compare as a set, in a canonical order
	 * (SGPRs, VGPRs, stack by offset): an observer cannot always tell
	 * which part of a value a register holds. */
	JUDGE_UNORDERED = 1 << 1,
	/* B may lack parts of an argument that A has, if B has at least one
	 * and every part B has is one of A's: llc does not read (callee) or
	 * write (caller) registers it considers dead. Class JC_UNREAD. */
	JUDGE_ALLOW_UNREAD = 1 << 2,
	/* Between a callee and its caller (either order): a caller that
	 * stores all 4 bytes of a stack slot whose callee object is narrower
	 * (a promoted i1, an extended i8 or i16) agrees. */
	JUDGE_CALLER_COVERS = 1 << 3,
	/* Per argument or return: B may lack parts A has if every part B has
	 * is one of A's (same place, sizes aside) and every part B lacks is an
	 * SGPR -- or a stack slot, which diff's test ("s" of "stack+") has
	 * always let through. llc 16's SelectionDAG puts IMPLICIT_DEF in some
	 * shader SGPR values: the values are lost, not moved. Class
	 * JC_UNDEFINED; gcnabi diff --undef-sgprs. */
	JUDGE_UNDEF_SGPRS = 1 << 4,
	/* The same loss judged over the whole placement, check's rule: a
	 * DIFFERENT verdict becomes UNDEFINED when the argument counts and
	 * demotion agree and, in every argument (one unused by A and empty in
	 * B aside) and the return, each part of A that B has sits in the same
	 * register (a stack part never does), each it lacks is an SGPR and B
	 * has no other. Unlike JUDGE_UNDEF_SGPRS it forgives a difference
	 * anywhere else too (psInputs, system and user SGPRs, kernarg, sret,
	 * order), fails on any stack part, accepts a range of B as long as A's,
	 * and matches kernarg parts by kind alone. The differences stay listed. */
	JUDGE_UNDEF_SGPRS_WHOLE = 1 << 5,
	/* A call site that writes IMPLICIT_DEF into argument registers (llc
	 * 16's SelectionDAG, some inreg aggregates): they show up among the
	 * call's implicit registers (JudgeRules.implicit), not the argument's.
	 * A DIFFERENT verdict becomes UNDEFINED when the argument counts,
	 * demotion and return part counts agree, every return part of A is
	 * among B's (kind and register) and every argument part of A is among
	 * the argument's parts in B (kind and register, stack slots by offset)
	 * or a register among the implicit ones. B's extra parts and the other
	 * fields are not looked at. The differences stay listed. */
	JUDGE_UNDEF_IMPLICIT = 1 << 6,
	/* Two placements that both failed differ when the errors do; without
	 * this, any two errors agree (two compilers word one refusal apart). */
	JUDGE_STRICT_ERRORS = 1 << 7,
	/* A memory part's size of 0 is not known and agrees with any, kernarg
	 * parts included: gcnabi diff reads a 0 in "slot_sizes" as "not given".
	 * Without it only a stack slot's 0 is unknown: a kernarg part's size is
	 * its alloc size, 0 for an empty type. */
	JUDGE_SIZE_0_UNKNOWN = 1 << 8,
	/* A call site's stack parts as one pool: a DIFFERENT verdict becomes
	 * SAME when the argument counts agree, every argument and the return
	 * have the same register parts in the same order, and the stack parts
	 * of all arguments, taken in argument order, are the same offsets.
	 * SelectionDAG on gfx11+ merges the stores of adjacent arguments into
	 * one (SCRATCH_STORE_DWORDX4 without a memory operand offset), and the
	 * observer gives such a store to one argument: every byte is written
	 * where it is read, only the boundary between two arguments moves. */
	JUDGE_STACK_POOLED = 1 << 9,
} JudgeFlags;

/* What differs; name is check's word for it, key the --json contract's. */
#define JUDGE_WHATS(X)                                                                   \
	X(STATUS, "status", "status", NULL)                                              \
	X(ARG_COUNT, "arguments", "arguments", NULL)                                     \
	X(RET_DEMOTED, "return", "return", NULL)                                         \
	X(SRET, "hidden sret pointer", "hidden sret pointer", NULL)                      \
	X(PS_INPUTS, "psInputAddr/psInputEnable", "ps_input_addr", "ps_input_enable")    \
	X(IMPLICIT_BUFFER_PTR, "implicit buffer pointer", "implicit_buffer_ptr", NULL)   \
	X(SCRATCH_WAVE_OFFSET, "scratch wave offset", "scratch_wave_offset", NULL)       \
	X(KERNARG_SIZE, "explicit kernarg size", "kernarg_size", NULL)                   \
	X(USER_SGPR, "user SGPR", "user SGPR", NULL)                                     \
	X(PRELOAD, "preloaded kernel arguments", "kernarg_preload_length", "kernarg_preload_offset") \
	X(USER_SGPR_COUNT, "user SGPR count", "user_sgpr_count", NULL)                   \
	X(ARGUMENT, "argument", "argument", NULL)                                        \
	X(RETURN, "return", "return", NULL)

typedef enum {
#define X(id, name, key, key2) JW_##id,
	JUDGE_WHATS(X)
#undef X
	JW_COUNT
} JudgeWhat;

typedef struct {
	const char *name;       /* in check's sentences */
	const char *key, *key2; /* gcnabi diff's subject: the JSON key (two for the pairs) */
} JudgeWhatName;
extern const JudgeWhatName judge_what_names[JW_COUNT];

typedef enum {
	JC_DIFFERENT,  /* a value differs: error status, a count, a register, a size, a field */
	JC_MOVED,      /* part k is somewhere else */
	JC_SLOT_SIZE,  /* part k is in the same place, its stack slot or kernarg size differs */
	JC_REPR,       /* part k is in the same register, both sides state what it holds and they differ:
	                * a caller writes a half as an f32 where its callee reads 16 bits */
	JC_PART_COUNT, /* the sides have different numbers of parts */
	JC_UNREAD,     /* lenient: B lacks parts A has (JUDGE_ALLOW_UNREAD) */
	JC_UNDEFINED,  /* lenient: B lacks SGPR parts A has (JUDGE_UNDEF_SGPRS) */
} JudgeClass;

/* Worst first: DIFFERENT > UNDEFINED > UNREAD > SAME. */
typedef enum { JUDGE_SAME, JUDGE_UNREAD, JUDGE_UNDEFINED, JUDGE_DIFFERENT } JudgeVerdict;

typedef struct {
	uint8_t what;  /* JudgeWhat */
	uint8_t cls;   /* JudgeClass */
	uint16_t arg;  /* JW_ARGUMENT: the argument; JW_USER_SGPR: the UserSgpr field */
	uint16_t part; /* JC_MOVED, JC_SLOT_SIZE, JC_REPR: the part (among the sorted parts with JUDGE_UNORDERED) */
	/* JC_MOVED, JC_SLOT_SIZE, JC_REPR: the two parts; JW_SRET: the two pointers;
	 * JW_IMPLICIT_BUFFER_PTR, JW_SCRATCH_WAVE_OFFSET, JW_USER_SGPR: the
	 * (first) SGPR, LOC_NONE when there is none or the field is off. */
	Loc a, b;
	/* The two values: part counts (JC_PART_COUNT, JC_UNREAD, JC_UNDEFINED),
	 * argument counts, demoted (1) or not, psInputAddr, kernarg size,
	 * preload length, user SGPR count; va2/vb2: psInputEnable, preload offset. */
	uint32_t va, vb, va2, vb2;
	const char *ea, *eb; /* JW_STATUS: the errors (in the placements), NULL when placed */
} JudgeDiff;

enum {
	/* No comparison finds more: two per part pair, one per argument and
	 * the return, and the fields. */
	JUDGE_MAX_DIFFS = 2 * PLACE_MAX_PARTS + SIG_MAX_PARAMS + 1 + USGPR_COUNT + JW_COUNT,
};

typedef struct {
	unsigned flags;           /* JudgeFlags */
	const RegRange *implicit; /* JUDGE_UNDEF_IMPLICIT: B's implicit registers (MirCall.implicit) */
	unsigned nimplicit;
} JudgeRules;

typedef struct {
	JudgeVerdict verdict;
	JudgeDiff head;  /* when not SAME: the first difference of the verdict's class, for a
	                  * whole-placement UNDEFINED the first divergence */
	unsigned n;      /* differences found: all of them with JUDGE_ALL, else up to the first divergence */
	JudgeDiff *list; /* in: room for cap differences (or NULL); out: the first min(n, cap), in the
	                  * order below */
	unsigned cap;
} Judgement;

/* Compares A and B under rules (NULL: none) into j (list and cap set by
 * the caller), in this order: error status (when either failed, nothing
 * else), argument count, return demotion, sret pointer, psInputs, system
 * SGPRs, kernarg size, user SGPRs (field by field: enabled and position),
 * preloaded arguments, user SGPR count, each argument, the return.
 * psInputs, system SGPRs, kernarg size and user SGPRs count where both
 * sides know them. An argument unused on either side that one side has no
 * parts for agrees: llc's MIR cannot show where it is. Returns j->verdict. */
JudgeVerdict judge(const Placement *a, const Placement *b, const JudgeRules *rules, Judgement *j);

/* A difference is a divergence unless its class is lenient. */
static inline bool judge_diverges(const JudgeDiff *d) { return d->cls != JC_UNREAD && d->cls != JC_UNDEFINED; }

/* check's words for d with the sides' labels, snprintf semantics:
 * "argument 2 part 0: model s6, llc s16", "return: model has 4 parts, llc 0",
 * "argument 0: llc uses 2 of model's 4 parts", "model has 1 arguments, llc 2". */
size_t judge_why(const JudgeDiff *d, const char *label_a, const char *label_b, char *buf, size_t cap);

#endif
