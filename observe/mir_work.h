/* Inside mir_observe (mir.h): the signatures of the embedded IR module
 * (mir_sigs.c) and the per-function work state that incoming parts
 * (mir_incoming.c), call sites (mir_calls.c) and the function and driver
 * (mir.c) share. Private to observe/. */
#ifndef GCNABI_MIR_WORK_H
#define GCNABI_MIR_WORK_H

#include "mir.h"
#include "mir_parse.h"
#include "rules.h"

enum {
	/* outgoing registers and stack stores per call: a byval object copied
	 * at align 1 is stored byte by byte (seed 20261212: 1124 bytes of
	 * stack arguments, more than 1024 stores before the registers) */
	MIR_MAX_OUTPARTS = 8192,
	SIGTAB_SLOTS = 2 * MIR_MAX_SIGS, /* hash slots: at most half full */
};

/* --- the headers of the embedded IR module --------------------------- */

/* Only the headers the MIR needs are kept: its functions and their callees,
 * found by name through an open-addressing hash. */
typedef struct {
	char name[SIG_NAME_MAX];
	Sig *sig; /* NULL until the IR module supplies the header */
} SigSlot;

/* An indirect call's callee: gcnabi emit's function pointer <i> holds @name. */
typedef struct {
	uint32_t i;
	char name[SIG_NAME_MAX];
} FptrName;

typedef struct {
	SigSlot *slots; /* SIGTAB_SLOTS of them once a name is wanted */
	uint32_t n;
	bool nomem;
	bool full; /* keep_every_sig met more than MIR_MAX_SIGS headers */
	FptrName *fptrs; /* the module's @gcnabi.<i>.fptr globals */
	uint32_t nfptrs;
} SigTable;
/* --- per-function state ---------------------------------------------- */

typedef struct {
	uint32_t instr;  /* the incoming COPY */
	RegRange reg;
	uint32_t rank;   /* sort key: position in argument order */
	int32_t arg;     /* argument it belongs to, -1 when no marker reached it */
	bool forwarded;  /* passed unchanged to a call in the same register: an implicit input */
	bool sret;       /* the hidden pointer of a demoted return */
} InPart;

typedef struct {
	uint32_t instr;
	bool stack;      /* an outgoing stack slot rather than a register */
	RegRange reg;
	uint32_t offset, size;
	bool bytes;      /* traced from bytes [lo, lo + size) of the value the instruction writes */
	uint32_t lo;
	int32_t arg;     /* -1 when no out-marker reached it */
	bool copy;       /* reached the caller's byval copy */
	bool local;      /* reached the address of an object of the caller's frame */
	bool forwarded;  /* reached a COPY of the same register */
	bool special;    /* reached only incoming registers no argument reaches, or nothing */
	bool sret;       /* the hidden pointer of a demoted return */
	uint32_t anchor_vreg, anchor_off; /* its position in a value (TraceLeaf), UINT32_MAX none */
} OutPart;

typedef struct {
	MirFunction f;
	FuncHeader h;
	MirBody body;
	SigTable sigs;
	InPart in[MIR_MAX_INCOMING];
	uint32_t nin;
	int32_t fixed_arg[MIR_MAX_FIXED]; /* per h.fixed[] entry */
	int16_t fixed_by_id[MIR_MAX_FIXED]; /* %fixed-stack.N -> h.fixed[] entry, -1 */
	OutPart out[MIR_MAX_OUTPARTS];
	uint32_t nout;
	bool out_overflow; /* the call had more outgoing parts than out[] holds */
	uint32_t order[MIR_MAX_OUTPARTS];
} MirWork;

/* mir_sigs.c */
SigSlot *sigtab_find(const SigTable *t, const char *name);
void sigtab_free(SigTable *t);
const char *fptr_callee(const SigTable *t, uint32_t i);
bool call_callee(Str ops, char *buf, size_t cap);
int keep_every_sig(void *ctx, const Sig *sig, const SigError *err);
void load_sigs(const char *text, size_t len, SigTable *t, FuncHeader *h);

/* mir_incoming.c */
void place_add_regs(Placement *p, const RegRange *r);
void place_add_stack(Placement *p, uint32_t offset, uint32_t size);
void reprs_around(const MirBody *b, Placement *p, uint32_t first, uint32_t at, bool written);
void place_fail(Placement *p, const char *msg);
void add_regrange(RegRange *list, uint16_t *n, uint16_t cap, const RegRange *r);
void add_reg_operands(Placement *p, Str ops, bool defs);
const Sig *lookup_sig(const MirWork *w, const char *name);
void collect_incoming(MirWork *w);
uint32_t attribute_incoming(MirWork *w, const Sig *sig);
void place_incoming(MirWork *w, uint32_t nargs, bool one_group);
const Instr *first_return(const MirBody *b);
void find_callee_sret(MirWork *w, const Sig *sig);

/* mir_calls.c */
bool no_used_param_has_parts(const Sig *s);
void observe_call(MirWork *w, uint32_t c);

#endif
