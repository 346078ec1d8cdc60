/* Boundary signatures: the limits the model knows for one configuration,
 * convention and view (where each register range ends, each hole in it,
 * where the stack begins or, for conventions without a stack, where the
 * function is refused; the largest return kept in registers; pixel-shader
 * input slots; kernarg alignment), found by placing probe signatures rather
 * than read from constants, and signatures placed exactly around each
 * limit. Pure: no I/O; the caller owns the state. */
#ifndef GCNABI_BOUNDARY_H
#define GCNABI_BOUNDARY_H

#include "cc.h"

enum {
	BOUNDARY_PROBE_PARTS = SIG_MAX_PARAMS, /* i32 parameters in one probe */
	BOUNDARY_MAX_EDGES = 64,
	BOUNDARY_MAX_CHECKS = 4,
	BOUNDARY_MAX_CASES = 16384,
	BOUNDARY_LABEL_MAX = 256,
};

/* Two consecutive parts of a probe whose locations are not neighbours: a
 * range ends (s29 then v0), a hole (s7 then s16), the stack begins (v30
 * then stack+0); or the last part that fits where one more is refused
 * (after.kind LOC_NONE: s43 in a shader, which has no stack). */
typedef struct {
	uint16_t index; /* the part before the edge */
	Loc before, after;
} BoundaryEdge;

/* Where up to BOUNDARY_PROBE_PARTS i32 parameters go, all inreg or none.
 * When the whole probe is refused, the longest prefix that the model
 * places is kept and the run ends in an edge to LOC_NONE. */
typedef struct {
	bool ok;              /* false: the model refuses even one i32 (error says why) */
	char error[192];      /* also why one part past the end is refused (end_refused) */
	bool end_refused;
	unsigned nlocs;
	Loc locs[BOUNDARY_PROBE_PARTS];
	unsigned nedges;
	BoundaryEdge edges[BOUNDARY_MAX_EDGES];
} BoundaryRun;

/* The largest [N x T] return kept in registers (T i32 or float), and where
 * its parts go. */
typedef struct {
	unsigned limit;     /* 0: no return of that element is kept */
	bool unbounded;     /* no demotion up to PLACE_MAX_PARTS parts */
	bool refused_above; /* one more part is an error, not a demotion (entry points, chain, kernels) */
	bool lost_above;    /* one more part and the return has no location at all (llc 22's whole-wave bugs) */
	Loc last[2];        /* parts limit-2 and limit-1 of the largest kept return */
} BoundaryReturn;

/* What a case's placement must show. */
typedef enum {
	BCHK_ARG_PART,      /* part `part` of argument `arg` is at want */
	BCHK_RET_PART,      /* part `part` of the return value is at want */
	BCHK_RET_DEMOTED,   /* the return goes through a hidden sret pointer */
	BCHK_REFUSED,       /* the model refuses the function */
	BCHK_ARG_NONE,      /* argument `arg` gets no location (an unused pixel-shader input) */
	BCHK_PS_INPUT_ADDR, /* psInputAddr is value */
	BCHK_KERNARG_SIZE,  /* the explicit kernarg segment ends at value */
	BCHK_RET_NONE,      /* the return has no registers and no hidden sret pointer */
} BoundaryCheckKind;

typedef struct {
	uint8_t kind;    /* BoundaryCheckKind */
	uint16_t arg, part;
	Loc want;        /* stack slot size compared only when non-zero; kernarg offset and size always */
	uint32_t value;
} BoundaryCheck;

/* Which limit a case sits at, so tests can tell that every limit of a
 * configuration got its cases. */
typedef enum {
	BLIM_FIRST,        /* the first location of a run */
	BLIM_EDGE,         /* at an edge: at = before, after = after (LOC_NONE: the end, refused beyond) */
	BLIM_RETURN,       /* the return limit: at.reg = the limit in parts */
	BLIM_PS_SLOTS,     /* the last pixel-shader input slot: at.reg = the slot count */
	BLIM_PS_FORCED,    /* slot 0 forced on: at.reg = the used slots as a mask */
	BLIM_KERNARG_ALIGN,/* a kernel argument crossing an alignment boundary: at = its kernarg location */
	BLIM_REFUSED,      /* a construct the convention refuses */
} BoundaryLimitKind;

typedef struct {
	Sig sig;         /* named b<index> */
	View view;
	char label[BOUNDARY_LABEL_MAX]; /* "gfx1030 dag callee ccc: sgpr range end s29, then v0: i64 inreg split s29|v0" */
	uint8_t limit;   /* BoundaryLimitKind */
	Loc at, after;
	unsigned nchecks;
	BoundaryCheck checks[BOUNDARY_MAX_CHECKS];
} BoundaryCase;

/* Called once per new case; return non-zero to stop. */
typedef int (*BoundarySink)(void *ctx, const BoundaryCase *c);

/* State across configurations: identical signatures are emitted once, and
 * case numbers run on. Large (scratch included): allocate it. */
typedef struct {
	unsigned emitted;
	unsigned nseen;
	uint64_t seen[BOUNDARY_MAX_CASES]; /* hashes of the emitted signatures, names aside */
	bool stopped;
	Sig probe;
	Placement place;
	BoundaryRun run;
	BoundaryCase c;
	char text[1 << 14];
} BoundaryGen;

void boundary_init(BoundaryGen *g);

/* Where the probe's parts go and the edges between them. no_inputs are the
 * probe's "amdgpu-no-*" attribute bits. Returns out->ok. */
bool boundary_probe(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg, uint32_t no_inputs,
		    BoundaryRun *out);

/* The sret-demotion limit of [N x i32] returns (inreg or not), for a
 * function with "amdgpu-flat-work-group-size"="1,flat_wg_max" (0: none). */
BoundaryReturn boundary_return_limit(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, bool inreg,
				     unsigned flat_wg_max);
/* The same for [N x float] returns (shaders count float parts apart). */
BoundaryReturn boundary_return_limit_float(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view);


/* Every boundary case of cc and view under m that was not emitted before,
 * each passed to sink. Returns how many were emitted. */
unsigned boundary_generate(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, BoundarySink sink, void *ctx);

/* Whether p, the placement of c->sig in c->view, shows every check of c;
 * on failure why names the first that does not hold. */
bool boundary_case_holds(const BoundaryCase *c, const Placement *p, char *why, size_t cap);

#endif
