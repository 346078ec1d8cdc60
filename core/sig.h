/* Signatures: LLVM IR function headers as the placement model sees them.
 * A Sig owns every type it refers to in fixed-capacity pools, so it can be
 * copied, compared and fuzzed without an allocator. The parser and printer
 * (sig_parse.c, sig_print.c) are pure: text in, Sig out, and back. */
#ifndef GCNABI_SIG_H
#define GCNABI_SIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "conv.h"

enum {
	SIG_MAX_PARAMS = 256,
	SIG_MAX_TYPES = 512,
	SIG_MAX_MEMBERS = 1024,
	SIG_NAME_MAX = 128,
	SIG_KEPT_MAX = 2048, /* bytes of attribute text a signature keeps as written (Sig.kept) */
	TYPE_NONE = 0xffff, /* TypeId meaning "no type" (opaque pointee, absent attr type) */
};

typedef enum {
	TYPE_VOID,
	TYPE_INT,    /* n = bit width, 1..128 (wider accepted by the parser up to 16M, the model rejects) */
	TYPE_HALF,
	TYPE_BFLOAT,
	TYPE_FLOAT,
	TYPE_DOUBLE,
	TYPE_PTR,    /* addrspace; elem = pointee for typed pointers, TYPE_NONE for opaque `ptr` */
	TYPE_VECTOR, /* n = element count, elem */
	TYPE_ARRAY,  /* n = element count, elem */
	TYPE_STRUCT, /* n = member count, first = index into Sig.members; packed for <{...}> */
} TypeKind;

typedef uint16_t TypeId;

typedef struct {
	uint8_t kind;       /* TypeKind */
	uint8_t packed;     /* STRUCT only */
	uint16_t addrspace; /* PTR only */
	uint32_t n;
	TypeId elem;
	uint16_t first;
} Type;

typedef enum {
	PARAM_INREG = 1 << 0,
	PARAM_SIGNEXT = 1 << 1,
	PARAM_ZEROEXT = 1 << 2,
	PARAM_BYVAL = 1 << 3,  /* attr_type = T of byval(T) */
	PARAM_BYREF = 1 << 4,  /* attr_type = T of byref(T) */
	PARAM_SRET = 1 << 5,   /* attr_type = T of sret(T) */
	PARAM_NOUNDEF = 1 << 6, /* kept only so the printer can round-trip common headers */
	/* The body never uses the parameter: function attribute
	 * "gcnabi-unused"="0,2" (IR argument numbers). A pixel shader does not
	 * allocate an unused input; gcnabi emit stores no such parameter. */
	PARAM_UNUSED = 1 << 7,
} ParamFlag;

typedef struct {
	TypeId type;
	uint16_t flags;     /* ParamFlag */
	TypeId attr_type;   /* byval/byref/sret type, TYPE_NONE otherwise */
	uint32_t align;     /* `align N`, 0 when absent */
	uint16_t kept_off, kept_len; /* its attributes the model does not read, as written: Sig.kept */
} Param;


/* "amdgpu-no-*" function attributes: each frees one implicit input. */
typedef enum {
	NOIN_DISPATCH_PTR,
	NOIN_QUEUE_PTR,
	NOIN_IMPLICITARG_PTR,
	NOIN_DISPATCH_ID,
	NOIN_WORKGROUP_ID_X,
	NOIN_WORKGROUP_ID_Y,
	NOIN_WORKGROUP_ID_Z,
	NOIN_CLUSTER_ID_X,
	NOIN_CLUSTER_ID_Y,
	NOIN_CLUSTER_ID_Z,
	NOIN_LDS_KERNEL_ID,
	NOIN_WORKITEM_ID_X,
	NOIN_WORKITEM_ID_Y,
	NOIN_WORKITEM_ID_Z,
	NOIN_HOSTCALL_PTR,
	NOIN_HEAP_PTR,
	NOIN_MULTIGRID_SYNC_ARG,
	NOIN_DEFAULT_QUEUE,
	NOIN_COMPLETION_ACTION,
	NOIN_FLAT_SCRATCH_INIT,
	NOIN_COUNT
} NoInput;

/* Attribute spelling of each NoInput, e.g. "amdgpu-no-dispatch-ptr". */
extern const char *const noinput_names[NOIN_COUNT];

/* Body features: what gcnabi emit writes in and around a function besides
 * using every argument, each a function attribute llc ignores,
 * "gcnabi-<name>", and a generator weight, pct_<name>. Append only: the
 * order is the bit order in Sig.body and the swarm's draw order. */
#define BODY_FEATURES(X) \
	/* The callers pass lane-varying values (a load at an address that \
	 * depends on the lane) to its inreg parameters. The ABI still puts \
	 * inreg parts in SGPRs, so the caller must make them uniform \
	 * (v_readfirstlane, or a loop over the distinct values). */ \
	X(DIVERGENT, divergent, "its callers pass lane-varying values to its inreg parameters (a shader returns such values)") \
	/* A frame of its own: a dynamic alloca, a 64-byte aligned local \
	 * indexed at run time, the stack realigned to 128 bytes \
	 * (alignstack(128)) and a frame pointer kept ("frame-pointer"="all"); \
	 * incoming stack arguments are then reached through FP or BP. */ \
	X(FRAME, frame, "its body has a dynamic alloca and a 64-byte aligned local, realigns the stack and keeps a frame pointer") \
	/* Register pressure across its calls: each caller keeps 40 uniform \
	 * and 40 lane-varying values live across the call, more than the \
	 * callee-saved registers hold, so some are spilled (SGPRs into VGPR \
	 * lanes). */ \
	X(PRESSURE, pressure, "its callers keep 40 uniform and 40 lane-varying values live across the call") \
	/* A call of it that is its caller's last, with nothing after it \
	 * (void, no pressure, a void caller), is a `tail call`: a sibling \
	 * call where its stack arguments fit in the caller's. */ \
	X(TAIL, tail, "a call of it that is its caller's last, with nothing after it, is a tail call") \
	/* Every parameter that can be is inreg, and in a call graph each \
	 * callee takes over as many of them as it can, so the function passes \
	 * on its own inreg arguments, often more than the SGPRs hold. */ \
	X(FORWARD, forward, "its parameters are inreg where they can be, and it passes them on to its callees") \
	/* In a call graph, its last call is `musttail`: it returns void and \
	 * takes no byval or sret parameter (llc could not make the call a \
	 * tail call), and its first callee takes its signature (the IR \
	 * verifier wants the prototypes equal). llc must make the call a tail \
	 * call or fail ("failed to perform tail call elimination"): it does \
	 * for coldcc, for lane-varying values in SGPRs, and for many inreg \
	 * arguments of amdgpu_gfx, whose SGPRs are callee-saved, so the \
	 * generator leaves those out (callgraph.c). */ \
	X(MUSTTAIL, musttail, "in a call graph, its last call is musttail, of a callee with its own signature") \
	/* Its body branches over a block of BRANCH_STORES volatile stores, \
	 * with every argument live across it: a branch llc relaxes into a \
	 * long one (s_getpc_b64, s_add_u32, s_setpc_b64, which needs an SGPR \
	 * pair) where -amdgpu-s-branch-bits makes its range small. */ \
	X(BRANCH, branch, "its body branches over a block long enough to need a long branch under -amdgpu-s-branch-bits")

typedef enum {
#define X(id, name, doc) BODY_##id,
	BODY_FEATURES(X)
#undef X
	BODY_COUNT
} BodyFeature;

typedef struct {
	const char *name, *attr, *doc;
} BodyFeatureInfo;
extern const BodyFeatureInfo body_features[BODY_COUNT];

typedef struct {
	char name[SIG_NAME_MAX]; /* without '@' and quotes */
	uint8_t cc;              /* CallConv */
	bool is_define;
	bool varargs;            /* `...` in the parameter list: parsed, the model refuses it */
	TypeId ret;              /* TYPE_VOID type for void */
	uint16_t ret_flags;      /* PARAM_SIGNEXT | PARAM_ZEROEXT | PARAM_INREG | PARAM_NOUNDEF */
	uint32_t no_inputs;      /* bit NoInput set when the function has that "amdgpu-no-*" attribute */
	uint16_t flat_wg_min, flat_wg_max; /* "amdgpu-flat-work-group-size"="min,max"; 0,0 when absent */
	/* "gcnabi-scratch": the body uses private memory (gcnabi emit writes a
	 * dynamically indexed alloca), so an entry point sets up scratch. */
	bool uses_scratch;
	/* What a body as written does (check --as-written reads it): it makes
	 * a call (not an intrinsic's), it has an alloca. A kernel's user SGPRs
	 * follow them in llc 14-19 (kernel.c). */
	bool body_calls, body_stack;
	/* ...and the convention of its calls through pointers, when they name
	 * one and the same (indirect_cc_known) */
	bool indirect_cc_known;
	uint8_t indirect_cc;
	/* ...and the implicit inputs its body reads through their intrinsics
	 * (bit NoInput: llvm.amdgcn.dispatch.ptr, ...) */
	uint32_t body_inputs;
	/* "InitialPSInputAddr"="N" of a pixel shader: its PS input slots
	 * allocated (psInputAddr) whether the body uses them or not */
	uint16_t ps_input_addr_init;
	uint32_t body; /* bit BodyFeature when the function has its attribute */
	uint16_t nparams;
	Param params[SIG_MAX_PARAMS];
	uint16_t ntypes;
	Type types[SIG_MAX_TYPES];
	uint16_t nmembers;
	TypeId members[SIG_MAX_MEMBERS];
	uint32_t line;           /* 1-based source line of the header, 0 when built in memory */
	/* Attributes the input wrote that the model does not read ("frame-pointer",
	 * "target-features", alignstack, nounwind, ...), kept as written in
	 * their inline form, so that emit and the printer write them back: the
	 * function's own and its groups' at fn_kept, the return's at ret_kept,
	 * each parameter's at Param.kept_off; offsets into kept. */
	uint16_t fn_kept_off, fn_kept_len, ret_kept_off, ret_kept_len, kept_used;
	char kept[SIG_KEPT_MAX];
	/* What the parser accepted but its reader should be told (line:col
	 * and text; note[0] == 0 when nothing): an attribute group used and
	 * never defined, as in headers pasted from LLVM's tests, is read as
	 * empty, as llc reads it. */
	uint32_t note_line, note_col;
	char note[96];
} Sig;

/* The attributes s keeps as written that the model does not read and does
 * not know to be neutral to the ABI (core/sig_kept.c), named in buf ("\"frame-pointer\",
 * alignstack (parameter 0)"); returns how many. */
unsigned sig_unmodelled_attrs(const Sig *s, char *buf, size_t cap);

/* s has body feature f ("gcnabi-<name>"). */
/* A character of an IR name after its sigil (`@name`, `%name`, unquoted):
 * letters, digits, '_', '-', '$', '.'; every reader of IR text shares it. */
static inline bool ir_name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
	       c == '$' || c == '.';
}

static inline bool has_body(const Sig *s, BodyFeature f) { return (s->body >> f & 1) != 0; }

static inline const Type *sig_type(const Sig *s, TypeId id) { return &s->types[id]; }

/* Building types (used by the parser and generators). Identical types are
 * interned, so TypeId equality is type equality. Return TYPE_NONE when a pool
 * is full. */
void sig_init(Sig *s);
TypeId sig_add_type(Sig *s, Type t);
TypeId sig_add_struct(Sig *s, const TypeId *members, unsigned n, bool packed);
/* Type id of src as a type of dst (interned there), TYPE_NONE when full. */
TypeId sig_import_type(Sig *dst, const Sig *src, TypeId id);

/* --- parser ---------------------------------------------------------- */

typedef struct {
	uint32_t line, col; /* 1-based position of the offending token */
	char msg[192];      /* "expected ')' after parameter list", ... */
	char function[SIG_NAME_MAX]; /* function the error belongs to, "" when none */
} SigError;

/* Called once per function header found: err == NULL and sig != NULL for a
 * header that parsed; sig == NULL and err != NULL for one that did not.
 * Return non-zero to stop parsing. */
typedef int (*SigSink)(void *ctx, const Sig *sig, const SigError *err);

/* Parse IR text: every `declare` line and every `define` header (its body is
 * skipped to the matching '}') becomes one call of sink. Named struct types
 * (`%T = type {...}`) and attribute groups (`attributes #N = {...}`) anywhere
 * in the text are resolved; other top-level lines (globals, metadata, target
 * lines, comments) are skipped. Returns the number of headers that failed. */
unsigned sig_parse_module(const char *text, size_t len, SigSink sink, void *ctx);

/* Parse exactly one header (a `declare`/`define` line, or the bare form
 * `[cc] RET @name(PARAMS) [fn attrs]`). Returns true on success. */
bool sig_parse_header(const char *text, size_t len, Sig *out, SigError *err);

/* --- printer --------------------------------------------------------- */

/* Print a type in LLVM syntax; typed_ptrs selects `i32 addrspace(1)*` over
 * `ptr addrspace(1)` (opaque pointees print as i8). Returns chars that the
 * full output needs (snprintf semantics). */
size_t type_print(const Sig *s, TypeId t, bool typed_ptrs, char *buf, size_t cap);

/* The parameters a call-graph caller passes on to callee, its own
 * arguments at the same positions: the longest common prefix of
 * identically typed, identically flagged parameters that are neither
 * byval nor sret (a byval is a copy, an sret one per function). */
unsigned sig_shared_params(const Sig *caller, const Sig *callee);

/* Print the header back as a `declare` line that sig_parse_header accepts
 * and that parses to an identical Sig (the printer's fixed-point contract).
 * Function attributes are printed inline: `declare void @f(i32) "amdgpu-no-queue-ptr"`. */
size_t sig_print(const Sig *s, bool typed_ptrs, char *buf, size_t cap);

static inline const char *cc_keyword(CallConv cc) { return conv_info(cc)->keyword; } /* "" for ccc */
static inline const char *cc_name(CallConv cc) { return (unsigned)cc < CC_COUNT ? conv_info(cc)->name : "?"; }
/* A shader entry point: started by the hardware, never called by code. */
static inline bool cc_is_shader_entry(CallConv cc) { return conv_in_family(cc, FAMILY_SHADER); }

/* Same function as far as placement is concerned: name, cc, varargs, return
 * and parameter types (structurally; pointers by address space only, since
 * pointees do not affect the ABI) with their flags, attr types and alignment,
 * no_inputs and flat_wg. Ignores is_define and line. */
bool sig_equal(const Sig *a, const Sig *b);

#endif
