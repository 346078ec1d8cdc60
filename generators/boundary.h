/* Boundary signatures: the limits the model knows for one configuration,
 * convention and view (where each register range ends, each hole in it,
 * where the stack begins, the largest return kept in registers), found by
 * placing probe signatures rather than read from constants, and signatures
 * placed exactly around each limit. Pure: no I/O; the caller owns the state. */
#ifndef GCNABI_BOUNDARY_H
#define GCNABI_BOUNDARY_H

#include "cc.h"

enum {
	BOUNDARY_PROBE_PARTS = SIG_MAX_PARAMS, /* i32 parameters in one probe */
	BOUNDARY_MAX_EDGES = 64,
	BOUNDARY_MAX_CHECKS = 3,
	BOUNDARY_MAX_CASES = 16384,
	BOUNDARY_LABEL_MAX = 256,
};

/* Two consecutive parts of a probe whose locations are not neighbours: a
 * range ends (s29 then v0), a hole (s7 then s16), the stack begins (v30
 * then stack+0). */
typedef struct {
	uint16_t index; /* the part before the edge */
	Loc before, after;
} BoundaryEdge;

/* Where BOUNDARY_PROBE_PARTS i32 parameters go, all inreg or none. */
typedef struct {
	bool ok;              /* false: the model refuses the probe (error says why) */
	char error[192];
	unsigned nlocs;
	Loc locs[BOUNDARY_PROBE_PARTS];
	unsigned nedges;
	BoundaryEdge edges[BOUNDARY_MAX_EDGES];
} BoundaryRun;

/* The largest [N x i32] return kept in registers, and where its parts go. */
typedef struct {
	unsigned limit;  /* 0: every return is demoted */
	bool unbounded;  /* no demotion up to PLACE_MAX_PARTS parts */
	Loc last[2];     /* parts limit-2 and limit-1 of the largest kept return */
} BoundaryReturn;

/* What a case's placement must show. */
typedef enum {
	BCHK_ARG_PART,    /* part `part` of argument `arg` is at want */
	BCHK_RET_PART,    /* part `part` of the return value is at want */
	BCHK_RET_DEMOTED, /* the return goes through a hidden sret pointer */
	BCHK_REFUSED,     /* the model refuses the function */
} BoundaryCheckKind;

typedef struct {
	uint8_t kind;    /* BoundaryCheckKind */
	uint16_t arg, part;
	Loc want;        /* stack slot size compared only when non-zero */
} BoundaryCheck;

typedef struct {
	Sig sig;         /* named b<index> */
	View view;
	char label[BOUNDARY_LABEL_MAX]; /* "gfx1030 dag callee ccc: sgpr range end s29, then v0: i64 inreg split s29|v0" */
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

/* Every boundary case of cc and view under m that was not emitted before,
 * each passed to sink. Returns how many were emitted. */
unsigned boundary_generate(BoundaryGen *g, const ModelConfig *m, CallConv cc, View view, BoundarySink sink, void *ctx);

/* Whether p, the placement of c->sig in c->view, shows every check of c;
 * on failure why names the first that does not hold. */
bool boundary_case_holds(const BoundaryCase *c, const Placement *p, char *why, size_t cap);

#endif
