/* Calling conventions: one row each in conv.c, the only list of them. The
 * parser and printer, the rule tables, the generators, the emitter, the
 * checker, the reports and (through `gcnabi vocab --json`) the harness all
 * iterate that table; nothing else names a family of conventions. */
#ifndef GCNABI_CONV_H
#define GCNABI_CONV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The values are stable (generated call graphs are seeded with them): a
 * new convention goes last. */
typedef enum {
	CC_C,
	CC_FAST,
	CC_COLD,
	CC_AMDGPU_GFX,
	CC_AMDGPU_CS_CHAIN,
	CC_AMDGPU_CS_CHAIN_PRESERVE,
	CC_AMDGPU_CS,
	CC_AMDGPU_PS,
	CC_AMDGPU_VS,
	CC_AMDGPU_GS,
	CC_AMDGPU_HS,
	CC_AMDGPU_ES,
	CC_AMDGPU_LS,
	CC_AMDGPU_KERNEL,
	CC_AMDGPU_GFX_WHOLE_WAVE,
	CC_COUNT
} CallConv;

/* How a function of the convention is entered; reports list conventions
 * family by family, in this order. */
typedef enum {
	FAMILY_CALLABLE, /* called by code: a call instruction, s_swappc_b64 */
	FAMILY_CHAIN,    /* entered by llvm.amdgcn.cs.chain and never returns */
	FAMILY_SHADER,   /* a graphics or compute shader entry point, started by the hardware */
	FAMILY_KERNEL,   /* a compute kernel, started by a dispatch */
	FAMILY_COUNT
} ConvFamily;

/* What the IR verifier refuses in a signature of the convention. */
enum {
	VERIFY_VOID_RETURN = 1 << 0,  /* "Calling convention requires void return type" */
	VERIFY_NO_SRET = 1 << 1,      /* "Calling convention does not allow sret" */
	VERIFY_NO_BYVAL = 1 << 2,     /* "Calling convention disallows byval" */
	VERIFY_NO_STACK_BYREF = 1 << 3, /* "Calling convention disallows stack byref" */
	VERIFY_FIRST_I1 = 1 << 4,     /* "Calling convention requires first argument to be i1" */
	VERIFY_FIRST_NOT_INREG = 1 << 5, /* "Calling convention requires first argument to not be inreg" */
	VERIFY_NO_VARARGS = 1 << 6,   /* "Calling convention does not support varargs or perfect forwarding!" */
};

struct CcTables; /* rules.h */

typedef struct {
	const char *name;        /* JSON, report and `gen --cc` name; the IR keyword too, which ccc may omit */
	const char *keyword;     /* what gcnabi prints in IR: "" for ccc */
	uint16_t llvm_id;        /* LLVM's CallingConv::ID, for `cc N` */
	uint8_t family;          /* ConvFamily */
	const char *group;       /* report group: "default" for ccc, fastcc and coldcc, else the name */
	/* Argument and return rule tables (rules.c); NULL for kernels, whose
	 * arguments live in the kernarg segment (kernel.c). */
	const struct CcTables *rules;
	/* A callable convention is called by functions of its own; also by
	 * those of these families (bit per ConvFamily). */
	uint8_t called_from;
	bool chains;             /* its functions may use llvm.amdgcn.cs.chain (to the chain family) */
	uint8_t needs;           /* 0, or 1 + the ProfileSwitch an llc needs to parse the keyword */
	uint8_t verifier;        /* VERIFY_* */
	bool merged_stage;       /* hull or geometry shader: merged with the stage before on gfx9+ */
	/* Calls from shader entry points are their own row of the link matrix
	 * ("amdgpu_cs->amdgpu_gfx" reads as "shader->amdgpu_gfx"). */
	bool shader_calls_apart;
	bool alias;              /* placed exactly as another (fastcc, coldcc as ccc): probes skip it */
	/* The first parameter is the hardware's active-lane mask, an i1 the
	 * callee computes on entry: it has no location in either view, and a
	 * call does not pass it. */
	bool active_mask_param;
	/* llc may make a call of it a tail call (SIISelLowering's
	 * mayTailCallThisCC: ccc, fastcc and amdgpu_gfx; measured on llc
	 * 14-22): elsewhere a `musttail` call is an error ("failed to perform
	 * tail call elimination"), and a `tail call` an ordinary call. */
	bool tail_calls;
	/* Called only through this intrinsic, with the callee itself (never a
	 * pointer) and the passed arguments; NULL: by a call instruction. */
	const char *call_intrinsic;
	/* Probed and reported by default: `gen --boundary`, `gen --enumerate`,
	 * and the link matrix shows it even where nothing called it. */
	bool probe_default;
	const char *weight_name; /* the generator's weight: "cc_" and the name */
	uint16_t weight;         /* its default */
	const char *weight_doc;
} ConvInfo;

extern const ConvInfo conventions[CC_COUNT];

static inline const ConvInfo *conv_info(CallConv cc) { return &conventions[(unsigned)cc < CC_COUNT ? cc : CC_C]; }
/* The convention named name (len bytes; "ccc", "amdgpu_gfx", ...), or -1. */
int conv_find(const char *name, size_t len);
/* The convention with LLVM id `cc N`, or -1. */
int conv_find_id(uint64_t id);

/* A function of the convention can be called: directly, or (chain
 * functions) through llvm.amdgcn.cs.chain. Entry points cannot. */
static inline bool conv_callable(CallConv cc)
{
	return conv_info(cc)->family == FAMILY_CALLABLE || conv_info(cc)->family == FAMILY_CHAIN;
}
static inline bool conv_in_family(CallConv cc, ConvFamily f) { return conv_info(cc)->family == f; }
/* A call (not a chain) from a function of convention from to one of to:
 * within one convention, or from a family the callee names. */
bool conv_may_call(CallConv from, CallConv to);

/* A row of the reports' convention tables: each report group in report
 * order, and after a group whose calls from shader entry points are apart
 * (shader_calls_apart), that row ("shader->amdgpu_gfx"). */
typedef struct {
	char name[48];
	const char *group;  /* the callee's report group */
	bool from_shaders;  /* calls from shader entry points only */
	uint8_t family;     /* the group's ConvFamily */
	bool probe_default; /* the group's conventions are probed by default */
} ConvRow;
enum { CONV_MAX_ROWS = 2 * CC_COUNT };
unsigned conv_report_rows(ConvRow rows[CONV_MAX_ROWS]);
/* The row of a call from a function of convention from (CC_COUNT: gcnabi
 * emit's wrapper, of the callee's own convention) to one of to; -1 when
 * none of the rows is it. */
int conv_row_of(const ConvRow *rows, unsigned n, CallConv from, CallConv to);

/* The first callable convention that functions of family f call
 * (kernels: ccc; shaders: amdgpu_gfx), CC_COUNT if none. */
CallConv conv_called_by(ConvFamily f);

/* The conventions family by family, in enum order inside one: reports
 * list them in ConvFamily order; the generator's weights come callable
 * conventions first (so that weights of 0 after them leave the default
 * stream unchanged), then shader entry points, chain functions, kernels.
 * CC_COUNT past the end. */
CallConv conv_in_report_order(unsigned i);
CallConv conv_in_generator_order(unsigned i);

#endif
