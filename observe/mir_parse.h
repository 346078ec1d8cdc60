/* Internals of the MIR observer shared by observe/mir_*.c: text slices, the
 * lexer for MIR operands, registers and memory operands (mir_lex.c), the
 * YAML document reader (mir_doc.c), and the instruction table with its
 * def-use tracer (mir_body.c). Not part of the public API (mir.h). */
#ifndef GCNABI_MIR_PARSE_H
#define GCNABI_MIR_PARSE_H

#include "mir.h"

/* --- text slices (mir_lex.c) ---------------------------------------- */

typedef struct {
	const char *p;
	size_t n;
} Str;

static inline Str str_make(const char *p, size_t n) { Str s = {p, n}; return s; }
bool str_eq(Str s, const char *lit);
bool str_starts(Str s, const char *lit);
bool str_ends(Str s, const char *lit);
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
};

/* Split the next operand off rest at a comma outside (), [], {} and quotes. */
bool next_operand(Str *rest, Str *op);
/* Strip the flag words (implicit, killed, dead, ...) in front of an operand. */
Str operand_strip_flags(Str op, unsigned *flags);

/* $sgprN, $vgprN, tuples $sgpr4_sgpr5, 16-bit halves $vgpr0_lo16. */
bool parse_physreg(Str tok, RegRange *r);
bool regrange_eq(const RegRange *a, const RegRange *b);
bool is_return_address(const RegRange *r); /* s[30:31] */
/* %N with any .subreg, :class or (type) after it. */
bool parse_vreg(Str tok, uint32_t *n);
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

/* Frame objects as operands: %fixed-stack.N, %stack.N[.name]. */
typedef enum { FRAME_NONE, FRAME_FIXED, FRAME_LOCAL } FrameKind;
FrameKind parse_frame_ref(Str tok, uint32_t *id, Str *name);

/* One memory operand: `volatile load (s32) from @x + 4, align 4, addrspace 1`. */
typedef enum { MEM_NONE, MEM_GLOBAL, MEM_IR, MEM_FIXED, MEM_LOCAL, MEM_ARGSTACK, MEM_OTHER } MemTarget;
typedef struct {
	bool into;      /* `into` (a store) rather than `from` */
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

enum { MIR_MAX_LIVEINS = 256, MIR_MAX_FIXED = 512 };

typedef struct {
	uint32_t id;
	uint32_t offset;
	uint32_t size;
} FixedObj;

typedef struct {
	char name[SIG_NAME_MAX];
	bool has_name;
	bool failed_isel;
	bool has_body;
	Str body;            /* the block scalar's lines */
	uint32_t body_line;  /* line of body's first line */
	uint16_t nliveins;   /* `liveins:` in order; SelectionDAG lists argument parts in argument order */
	RegRange liveins[MIR_MAX_LIVEINS];
	uint16_t nfixed;     /* `fixedStack:` objects at offsets >= 0, sorted by offset */
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
	LEAF_LOCAL, /* names %stack.N: an address in the caller's frame */
	LEAF_PHYS,  /* COPY of a physical register */
} LeafKind;

typedef struct {
	uint32_t line;
	uint32_t block;
	Str opcode;
	Str ops;           /* operand text after the opcode, up to " :: " */
	uint32_t uses_first, uses_count; /* vregs read, in MirBody.uses */
	uint8_t kind;      /* InstrKind */
	uint8_t leaf;      /* LeafKind */
	bool leaf_copy;    /* LEAF_OUT through the byval .copy alloca */
	bool incoming;     /* IK_COPY_PHYS of an incoming argument register */
	RegRange src;      /* LEAF_PHYS: the physical register a COPY reads */
	RegRange dst;      /* IK_DEF_PHYS: the physical register written */
	uint32_t leaf_sig, leaf_id; /* LEAF_OUT: <i>, <K>; LEAF_FIXED/LOCAL: object */
	bool in_marker;    /* stores into gcnabi.<in_sig>.in.<in_k> */
	uint32_t in_sig, in_k;
	bool stack_store;  /* stores an outgoing stack argument: `into stack + off` */
	uint32_t stack_off, stack_size;
	uint32_t part;     /* scratch for mir.c: index + 1 of the incoming part this COPY is */
} Instr;

typedef struct {
	uint32_t vreg, instr, next; /* next: another def of the same vreg, or UINT32_MAX */
} DefEntry;

/* The instruction table of one function body, reused across functions. */
typedef struct {
	Instr *instrs;
	uint32_t ninstrs, cap_instrs;
	uint32_t *uses;
	uint32_t nuses, cap_uses;
	DefEntry *defs;
	uint32_t ndefs, cap_defs;
	uint32_t *hash;       /* vreg -> first DefEntry + 1 */
	uint32_t hash_cap;
	uint32_t *seen;       /* per instruction: epoch of the last trace that reached it */
	uint32_t *stack;      /* DFS stack */
	uint32_t seen_cap;
	uint32_t epoch;
	uint32_t *leaves;     /* instructions where the last trace stopped */
	uint32_t nleaves;
	bool gisel;           /* generic opcodes or typed vregs seen */
	bool too_big;         /* more than MIR_MAX_INSTRS instructions: the rest were dropped */
	uint64_t work;        /* instructions visited by all traces of this body */
	bool exhausted;       /* work passed MIR_BODY_BUDGET: later traces find nothing */
} MirBody;

enum {
	MIR_MAX_INSTRS = 1u << 18,
	MIR_MAX_INCOMING = 512,      /* incoming register COPYs considered per function */
	MIR_MAX_LEAVES = 4096,
	MIR_TRACE_BUDGET = 1u << 14, /* instructions one trace may visit */
	MIR_BODY_BUDGET = 1u << 26,  /* instructions all traces of one body may visit */
};

void body_free(MirBody *b);
/* Parse the body of h into b; false on allocation failure. */
bool body_parse(MirBody *b, const FuncHeader *h);
/* Walk the def-use graph backwards from root through every vreg operand,
 * stopping at leaf instructions; the leaves reached land in b->leaves. */
void body_trace(MirBody *b, uint32_t root);

/* Parse one instruction line (already trimmed) into opcode, defs and
 * operands; false when the line is not an instruction. */
bool instr_split(Str line, Str *defs, Str *opcode, Str *ops, Str *mem);
bool opcode_is_call(Str op);

#endif
