/* Internals of the MIR observer shared by observe/mir_*.c: text slices, the
 * lexer for MIR operands, registers and memory operands (mir_lex.c), the
 * YAML document reader (mir_doc.c), the instruction table (mir_body.c) and
 * its byte-exact def-use tracer (mir_trace.c). Not part of the public API
 * (mir.h). */
#ifndef GCNABI_MIR_PARSE_H
#define GCNABI_MIR_PARSE_H

#include <string.h>

#include "mir.h"

/* --- text slices (mir_lex.c) ---------------------------------------- */

typedef struct {
	const char *p;
	size_t n;
} Str;

static inline Str str_make(const char *p, size_t n) { Str s = {p, n}; return s; }
/* Position of sep at bracket depth 0 outside quotes, or s.n. */
size_t str_find_top_n(Str s, const char *sep, size_t n);
#define str_find_top(s, lit) str_find_top_n((s), (lit), sizeof(lit) - 1) /* lit: a string literal */

/* Inline so that the literal's length folds at compile time: these run on
 * every line of every body. */
static inline bool str_eq(Str s, const char *lit)
{
	size_t n = strlen(lit);
	return s.n == n && memcmp(s.p, lit, n) == 0;
}

static inline bool str_starts(Str s, const char *lit)
{
	size_t n = strlen(lit);
	return s.n >= n && memcmp(s.p, lit, n) == 0;
}

static inline bool str_ends(Str s, const char *lit)
{
	size_t n = strlen(lit);
	return s.n >= n && memcmp(s.p + s.n - n, lit, n) == 0;
}
Str str_trim(Str s);
Str str_skip(Str s, size_t k);
/* Take the next line (without '\n' or a trailing '\r'). False at the end. */
bool str_next_line(Str *rest, Str *line);
/* Copy at most cap-1 bytes and terminate. */
void str_copy(Str s, char *buf, size_t cap);
/* Decimal number at the start of s: false when none or above max. */
bool str_uint(Str s, uint32_t max, uint32_t *out, size_t *used);

/* --- operands ------------------------------------------------------- */

enum {
	OPF_IMPLICIT = 1 << 0, /* implicit, implicit-def */
	OPF_DEF = 1 << 1,      /* implicit-def, def */
	OPF_DEAD = 1 << 2,     /* dead: a def nothing reads */
};

/* Split the next operand off rest at a comma outside (), [], {} and quotes. */
bool next_operand(Str *rest, Str *op);
/* Strip the flag words (implicit, killed, dead, ...) in front of an operand. */
Str operand_strip_flags(Str op, unsigned *flags);

/* $sgprN, $vgprN, tuples $sgpr4_sgpr5, 16-bit halves $vgpr0_lo16. */
bool parse_physreg(Str tok, RegRange *r);
/* Whether line names a `$sgpr`/`$vgpr` followed by a sign or by a number
 * past MIR_MAX_REG, which names no register llc prints (`$sgpr_null` is
 * one): read as some other register, it would be a wrong observation. The
 * first such name goes to bad (cut to fit). */
bool bad_reg_name(Str line, char *bad, size_t cap);
bool regrange_eq(const RegRange *a, const RegRange *b);
bool is_return_address(const RegRange *r); /* s[30:31] */
/* %N with any .subreg, :class or (type) after it. */
bool parse_vreg(Str tok, uint32_t *n);
/* The bytes a sub-register index names: sub2 is 4 bytes at 8, sub0_sub1 8
 * bytes at 0, lo16/hi16 the 2-byte halves, sub1_hi16 2 bytes at 6. False
 * when the name is not understood. */
bool parse_subreg(Str name, uint32_t *off, uint32_t *size);
/* The sub-register text of a vreg operand: "sub1" of %12.sub1:vreg_64, or "". */
Str vreg_subreg(Str tok);
/* Bytes of the LLT after a generic vreg, %3:_(s64) or %3(<2 x s16>); 0 when none. */
uint32_t vreg_type_bytes(Str tok, bool narrow_buffer_ptrs);
/* A plain integer operand (an immediate, or G_CONSTANT's `i32 16`). */
bool parse_imm(Str tok, int64_t *v);
/* @name or @"name": false when tok is not a global. */
bool parse_global(Str tok, char *buf, size_t cap);

/* The argument markers gcnabi.<i>.in.<K> and gcnabi.<i>.out.<K>[.copy]. */
typedef enum { MARK_IN, MARK_OUT } MarkerKind;
typedef struct {
	uint8_t kind;
	bool copy;    /* the caller's byval copy: %gcnabi.<i>.out.<K>.copy */
	uint32_t sig; /* <i> */
	uint32_t k;   /* <K> */
} Marker;
/* s is an identifier (the text after '@', '%ir.' or '%stack.N.'). */
bool parse_marker(Str s, Marker *m);
/* A line of the embedded IR module that defines the function pointer an
 * indirect call of gcnabi emit loads: `@gcnabi.<i>.fptr = addrspace(1)
 * global T @name`; sets i and the name. */
bool parse_fptr_global(Str line, uint32_t *i, char *name, size_t cap);
/* The name of that global, gcnabi.<i>.fptr (after '@'); sets i. */
bool parse_fptr_name(Str s, uint32_t *i);

/* Frame objects as operands: %fixed-stack.N, %stack.N[.name]. */
typedef enum { FRAME_NONE, FRAME_FIXED, FRAME_LOCAL } FrameKind;
FrameKind parse_frame_ref(Str tok, uint32_t *id, Str *name);

/* The half of a 32-bit register a D16 load writes (`*_LOAD_SHORT_D16_HI*`):
 * the other half is its tied last operand's. */
enum { D16_NONE, D16_LO, D16_HI };

/* One memory operand: `volatile load (s32) from @x + 4, align 4, addrspace 1`. */
typedef enum { MEM_NONE, MEM_GLOBAL, MEM_IR, MEM_FIXED, MEM_LOCAL, MEM_ARGSTACK, MEM_OTHER } MemTarget;
typedef struct {
	bool into;      /* `into` (a store) rather than `from` */
	bool store;     /* a store, even one with no `into` target: `store (s128), addrspace 5` */
	uint32_t size;  /* bytes, 0 when unknown */
	uint8_t target; /* MemTarget */
	uint32_t id;    /* MEM_FIXED, MEM_LOCAL: object number */
	uint32_t offset;/* `+ N` */
	Str name;       /* MEM_GLOBAL, MEM_IR, MEM_LOCAL: identifier */
} MemOp;
/* Split the next memory operand `(...)` off rest (the text after " :: "). */
bool next_memop(Str *rest, MemOp *m);

/* --- documents (mir_doc.c) ------------------------------------------ */

typedef struct {
	Str text;        /* from the line after `---` up to the `...` line */
	uint32_t line;   /* line of the `---` */
	bool complete;   /* ended by `...` or by the next `---` */
	bool is_ir;      /* `--- |`: the embedded LLVM IR module */
	uint32_t end_line, end_col; /* where the text ended when !complete */
} MirDoc;

typedef struct {
	const char *base;
	Str rest;
	uint32_t line;       /* line number of rest's first line */
	uint32_t stray_line; /* first line outside any document that is not blank or a # comment; 0 none */
} DocIter;

void doc_iter_init(DocIter *it, const char *text, size_t len);
bool doc_next(DocIter *it, MirDoc *d);
/* Copy the block scalar of an IR document into buf without its indentation,
 * every line ended by '\n'. buf needs d->text.n + 2 bytes; returns the length. */
size_t doc_ir_text(const MirDoc *d, char *buf);

/* Liveins: a chain function takes up to 248 VGPRs (v8-v255) and about 100
 * SGPRs of arguments, more than 256 registers. */
enum { MIR_MAX_LIVEINS = 512, MIR_MAX_FIXED = 4096 /* the model's PLACE_MAX_PARTS */ };

typedef struct {
	uint32_t id;
	uint32_t offset;
	uint32_t size;
} FixedObj;

typedef struct {
	char name[SIG_NAME_MAX];
	bool has_name;
	bool failed_isel;
	/* `legalized: true`: GlobalISel's legalizer ran (-new-reg-bank-select
	 * stops after amdgpu-regbanklegalize), so its extensions and
	 * truncations are its own, no longer the calling convention's. */
	bool legalized;
	bool has_body;
	Str body;            /* the block scalar's lines */
	uint32_t body_line;  /* line of body's first line */
	uint16_t nliveins;   /* `liveins:` in order; SelectionDAG lists argument parts in argument order */
	RegRange liveins[MIR_MAX_LIVEINS];
	uint16_t nfixed;     /* `fixedStack:` objects at offsets >= 0, sorted by offset */
	bool fixed_overflow; /* more than MIR_MAX_FIXED of them: the function cannot be observed */
	bool has_ps_input_addr, has_ps_input_enable; /* machineFunctionInfo psInputAddr / psInputEnable */
	uint32_t ps_input_addr, ps_input_enable;
	/* argumentInfo: the first SGPR of privateSegmentWaveByteOffset and of
	 * implicitBufferPtr, -1 when absent. */
	int16_t wave_offset_sgpr, implicit_buffer_sgpr;
	uint32_t bad_reg_line; /* the first header line (liveins, argumentInfo, ...) naming no register; 0: none */
	char bad_reg[32];
	FixedObj fixed[MIR_MAX_FIXED];
} FuncHeader;

/* Read the top-level keys of a function document. */
void func_header_read(const MirDoc *d, FuncHeader *h);

/* --- instructions (mir_body.c) -------------------------------------- */

typedef enum {
	IK_OTHER,
	IK_COPY_PHYS,   /* %v = COPY $reg */
	IK_DEF_PHYS,    /* $reg = ... */
	IK_CALL,        /* G_SI_CALL, SI_CALL, SI_TCRETURN, SI_CS_CHAIN_TC_*, ... */
	IK_CALLSEQ_START, /* ADJCALLSTACKUP */
	IK_CALLSEQ_END, /* ADJCALLSTACKDOWN */
	IK_RETURN,      /* SI_RETURN, S_SETPC_B64_return, SI_RETURN_TO_EPILOG, ... */
} InstrKind;

/* What an instruction means to the tracer when reached through def-use. */
typedef enum {
	LEAF_NONE,
	LEAF_OUT,   /* loads gcnabi.<i>.out.<K> (or its byval .copy): argument K at a call */
	LEAF_FIXED, /* names %fixed-stack.N: an incoming stack argument */
	LEAF_TEMP,  /* loads from %stack.N: the trace goes on at the stores into it */
	LEAF_LOCAL, /* names %stack.N: an address in the caller's frame */
	LEAF_PHYS,  /* COPY of a physical register */
	LEAF_KERNARG, /* loads %ir.gcnabi.arg.<K>.kernarg.offset: a kernel's own argument K */
} LeafKind;

/* How the bytes of an instruction's result come from its operands. */
typedef enum {
	MAP_ALL,     /* not understood: every vreg operand, whole */
	MAP_SAME,    /* the first vreg operand, byte for byte (COPY, casts, scalar truncs and extensions) */
	MAP_SEQ,     /* each operand at its Use.at_off (REG_SEQUENCE, G_MERGE_VALUES, G_BUILD_VECTOR, ...) */
	MAP_UNMERGE, /* def k is the bytes at its DefEntry.at_off of the one operand */
	MAP_INSERT,  /* INSERT_SUBREG: the second operand at its Use.at_off, the first elsewhere */
} MapKind;

/* A vreg an instruction reads. */
typedef struct {
	uint32_t vreg;
	uint32_t sub_off, sub_size; /* the bytes read: a .subN suffix; sub_size 0 = the whole value */
	uint32_t at_off, at_size;   /* MAP_SEQ: where they land in the result; at_size 0 = unknown */
	uint32_t type_size;         /* bytes of its LLT, 0 when not printed */
} Use;

typedef struct {
	uint32_t line;
	uint32_t block;
	Str opcode;
	Str ops;           /* operand text after the opcode, up to " :: " */
	uint32_t uses_first, uses_count; /* vregs read, in MirBody.uses */
	uint32_t ndefs;    /* vregs defined */
	uint8_t kind;      /* InstrKind */
	uint8_t leaf;      /* LeafKind */
	uint8_t map;       /* MapKind */
	bool leaf_copy;    /* LEAF_OUT through the byval .copy alloca */
	bool incoming;     /* IK_COPY_PHYS of an incoming argument register */
	bool value_first;  /* a store whose first vreg operand is the value stored */
	RegRange src;      /* LEAF_PHYS: the physical register a COPY reads */
	RegRange dst;      /* IK_DEF_PHYS: the physical register written */
	uint32_t leaf_sig, leaf_id; /* LEAF_OUT: <i>, <K>; LEAF_FIXED/LOCAL/TEMP: object; LEAF_KERNARG: <K> */
	uint32_t load_off, load_size; /* LEAF_TEMP: `from %stack.N + off`, bytes (0 unknown) */
	bool in_marker;    /* stores into gcnabi.<in_sig>.in.<in_k> */
	bool fptr_load;    /* loads gcnabi emit's function pointer gcnabi.<fptr_sig>.fptr, or its address */
	uint32_t fptr_sig;
	uint32_t in_sig, in_k;
	bool stack_store;  /* stores an outgoing stack argument: `into stack + off`, or at $sgpr32 + off */
	uint32_t stack_off, stack_size;
	bool anon_store;   /* a store whose memory operand names no object (stack_size holds its size) */
	bool fixed_store;  /* stores into %fixed-stack.<fixed_id> + fixed_off (stack_size holds its size) */
	uint8_t d16;       /* a D16 load: D16_LO or D16_HI, the half it loads; the other is its last operand's */
	uint32_t fixed_id, fixed_off;
	bool temp_store;   /* stores into %stack.<temp_id> + temp_off, temp_size bytes */
	uint32_t temp_id, temp_off, temp_size;
	uint32_t part;     /* scratch for mir.c: index + 1 of the incoming part this COPY is */
	/* Index + 1 of the instruction of the same block whose live
	 * `implicit-def $scc` this one reads (`implicit $scc`); 0 when none. */
	uint32_t scc_src;
	/* IK_COPY_PHYS of one register: bit per Repr its users state
	 * (mir_repr.c). */
	uint8_t read_reprs;
} Instr;

typedef struct {
	uint32_t vreg, instr, next; /* next: another def of the same vreg, or UINT32_MAX */
	uint32_t size;              /* bytes of its LLT, 0 when not printed */
	uint32_t at_off;            /* MAP_UNMERGE: where it starts in the operand */
} DefEntry;

/* Where a trace stopped: a leaf instruction, the bytes of its result the
 * trace asked for, and the first sub-register or unmerge step on the way
 * (the position of the traced piece in that value). */
typedef struct {
	uint32_t instr;
	uint32_t lo, hi;        /* hi UINT32_MAX: the whole value */
	bool precise;           /* every step kept track of the bytes */
	uint32_t anchor_vreg;   /* UINT32_MAX: no such step */
	uint32_t anchor_off;
} TraceLeaf;

/* One pending step of a trace: a def and the bytes of it wanted. */
typedef struct {
	uint32_t def;
	uint32_t lo, hi;
	uint32_t anchor_vreg, anchor_off;
	bool precise;
} TraceItem;

/* The instruction table of one function body, reused across functions. */
typedef struct {
	Instr *instrs;
	uint32_t ninstrs, cap_instrs;
	Use *uses;
	uint32_t nuses, cap_uses;
	DefEntry *defs;
	uint32_t ndefs, cap_defs;
	uint32_t *hash;       /* vreg -> first DefEntry + 1 */
	uint32_t hash_cap;
	uint64_t *temps;      /* temp_store instructions as temp_id << 32 | index, sorted */
	uint32_t ntemps, cap_temps;
	uint32_t *seen;       /* per DefEntry: epoch of the last trace that reached it */
	uint64_t *seen_lanes; /* per DefEntry: MIR_LANE_WORDS words of what that trace asked for */
	uint32_t seen_cap;
	TraceItem *stack;     /* DFS stack */
	uint32_t cap_stack;
	uint32_t epoch;
	TraceLeaf *leaves;    /* where the last trace stopped */
	uint32_t nleaves;
	bool gisel;           /* generic opcodes or typed vregs seen */
	bool narrow_buffer_ptrs; /* set by the caller: the module's datalayout has no p7-p9 (LLVM 14-16), so they are 64-bit */
	bool too_big;         /* more than MIR_MAX_INSTRS instructions: the rest were dropped */
	uint32_t bad_reg_line; /* the first line naming $sgprN/$vgprN with N negative or past MIR_MAX_REG; 0: none */
	char bad_reg[32];
	uint32_t scc_def, scc_block; /* while parsing: the last live def of $scc (index + 1) and its block */
	uint64_t work;        /* steps taken by all traces of this body */
	bool exhausted;       /* work passed MIR_BODY_BUDGET: later traces find nothing */
} MirBody;

enum {
	MIR_MAX_INSTRS = 1u << 18,
	MIR_MAX_REG = 1023,          /* above any SGPR or VGPR number llc prints */
	MIR_MAX_INCOMING = 512,      /* incoming register COPYs considered per function */
	MIR_MAX_LEAVES = 4096,
	MIR_TRACE_BUDGET = 1u << 14, /* steps one trace may take */
	MIR_TRACE_STACK = 1u << 16,  /* pending steps one trace may hold */
	MIR_BODY_BUDGET = 1u << 26,  /* steps all traces of one body may take */
	MIR_WHOLE = UINT32_MAX,      /* TraceLeaf.hi, TraceItem.hi: up to the end of the value */
	MIR_LANE_WORDS = 4,          /* visited bits per DefEntry, in uint64_t (mir_trace.c) */
};

void body_free(MirBody *b);
/* Parse the body of h into b; false on allocation failure. */
bool body_parse(MirBody *b, const FuncHeader *h);
/* First DefEntry of vreg, or UINT32_MAX. */
uint32_t body_first_def(const MirBody *b, uint32_t vreg);

/* --- representations (mir_repr.c) ----------------------------------- */

/* Set Instr.read_reprs of the copies out of physical registers. */
void body_mark_reprs(MirBody *b);
/* What the users of the COPY at copy (%v = COPY $reg) say it holds. */
Repr body_repr_read(const MirBody *b, uint32_t copy);
/* What the value an IK_DEF_PHYS COPY ($reg = COPY %v) writes is. */
Repr body_repr_written(const MirBody *b, uint32_t def);

/* --- def-use tracing (mir_trace.c) ----------------------------------- */

/* Walk the def-use graph backwards from root through every vreg operand,
 * stopping at leaf instructions; the leaves reached land in b->leaves. */
void body_trace(MirBody *b, uint32_t root);
/* The same from bytes [lo, hi) of root's first vreg operand only: the value
 * a store stores or a COPY copies. */
void body_trace_bytes(MirBody *b, uint32_t root, uint32_t lo, uint32_t hi);
/* A store at $sgpr32 + constant (the outgoing argument area) whose memory
 * operand names no object: set its stack_store and stack_off. */
void body_resolve_anon_stores(MirBody *b);

/* Parse one instruction line (already trimmed) into opcode, defs and
 * operands; false when the line is not an instruction. */
bool instr_split(Str line, Str *defs, Str *opcode, Str *ops, Str *mem);
/* SI_TCRETURN, SI_TCRETURN_GFX, G_SI_TCRETURN...: a sibling call. */
bool opcode_is_tail_call(Str op);
bool opcode_is_call(Str op);

#endif
