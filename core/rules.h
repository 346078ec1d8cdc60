/* The rule-table vocabulary shared by the tables (rules.c), the engine that
 * runs them (cc.c) and the kernarg model (kernel.c): a row matches a part by
 * class, inreg, byval, extension, selector and profile switch, and says what
 * happens to it. First match wins, as in AMDGPUCallingConv.td. */
#ifndef GCNABI_RULES_H
#define GCNABI_RULES_H

#include "cc.h"
#include "split.h"

typedef enum { ANY, YES, NO } Tri;

typedef enum {
	ACT_REG,         /* next free register of the row's list */
	ACT_STACK,       /* a 4-byte slot, 4-aligned, in the incoming argument area */
	ACT_BYVAL_COPY,  /* a byval argument's copy: its alloc size, aligned to max(4, align) */
	ACT_FAIL,        /* llc refuses: the function cannot be compiled (arguments) or the return is demoted */
	ACT_PROMOTE_I32, /* the part becomes an i32 and matching goes on with the next row */
} Action;

enum { VGPR_BUDGET = 0xffff };

#define CLS(x) (1u << PART_##x)
#define ALL_VALUES (CLS(INT) | CLS(FP) | CLS(BF16))
#define ALL_PARTS (ALL_VALUES | CLS(I1))

/* A row. Every field's zero is "no condition", so a row names only what
 * it matches on and what it does. */
typedef struct {
	uint8_t classes;  /* PartClass bits this row accepts */
	uint8_t inreg;    /* Tri */
	uint8_t byval;    /* Tri: YES rows apply to a byval parameter as a whole */
	uint8_t ext;      /* Tri: the parameter is signext or zeroext */
	uint8_t selector; /* 0, or 1 + the only Selector the row applies to */
	uint8_t needs;    /* 0, or 1 + the profile switch that must be on */
	uint8_t action;
	uint8_t file;     /* ACT_REG: LOC_SGPR or LOC_VGPR */
	uint8_t pool;     /* ACT_REG: 1 + a LayoutPool, or 0 for the fixed range below */
	uint16_t first, count; /* fixed range; count VGPR_BUDGET = the function's VGPR budget */
	const char *rule; /* the ABI rule, as reports and errors quote it */
	uint8_t refusal;  /* ACT_FAIL: the RefusalClass of llc's error, 0 for REFUSAL_LOWERING */
} CcRule;

#define MATCH(cls) .classes = (cls)
#define ONLY(sel) .selector = 1 + (sel)
#define NEEDS(sw) .needs = 1 + SW_##sw
#define VGPRS(lo, n) .action = ACT_REG, .file = LOC_VGPR, .first = (lo), .count = (n)
#define SGPRS_OF(p) .action = ACT_REG, .file = LOC_SGPR, .pool = 1 + (p)
#define SGPRS(lo, n) .action = ACT_REG, .file = LOC_SGPR, .first = (lo), .count = (n)

enum { MAX_ROWS = 16 }; /* rows are bits of a uint16_t mask */

/* One convention's tables (conv.c names them per convention). */
typedef struct CcTables {
	const CcRule *args, *returns;
	unsigned nargs, nreturns;
	bool implicit_inputs; /* the default convention's special SGPR inputs */
	bool layout_roles;    /* SGPRs from the layout: its fixed roles (RA, SP, FP, BP, SRD) are reserved */
	bool entry;           /* an entry point: a return that does not fit is an error, not demoted */
} CcTables;

extern const CcTables func_rules, gfx_rules, shader_rules, chain_rules;

/* Shared by the engine and the kernarg model. */
/* Refuses the function: out->ok false, the class and the message. */
bool cc_fail(Placement *out, RefusalClass cls, const char *fmt, const char *a, const char *b);
bool cc_add_loc(Placement *out, Loc l);
/* The IR verifier's refusal of s in its convention (VERIFY_* of conv.h), or NULL. */
const char *cc_verifier_error(const Sig *s);
static inline bool input_freed(const Sig *s, NoInput in) { return s->no_inputs & (1u << in); }

/* amdgpu_kernel: the explicit kernarg segment and the user SGPRs (kernel.c). */
bool kernel_place(const Sig *s, const ModelConfig *m, Placement *out);

#endif
