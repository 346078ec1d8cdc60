/* The MIR observer: reads llc's MIR (GlobalISel after irtranslator, or
 * SelectionDAG after finalize-isel) and reports where each argument and
 * return part of each function really went, and where each call site put its
 * outgoing parts, as Placements that diff part by part against the model's.
 * Pure: text in, MirFunctions out through a sink; no I/O. */
#ifndef GCNABI_MIR_H
#define GCNABI_MIR_H

#include "place.h"
#include "sig.h"

enum {
	MIR_MAX_CALLS = 16,        /* call sites kept per function; later ones are counted, not kept */
	MIR_MAX_IMPLICIT = 32,     /* implicit-input register ranges kept per call site */
	MIR_MAX_UNATTRIBUTED = 32, /* unattributed incoming register ranges kept per function */
	MIR_MAX_SIGS = 1024,       /* IR headers kept from the embedded module (functions and callees only) */
};

typedef enum {
	MIR_OK = 0,
	MIR_MALFORMED, /* truncated, or not MIR at all: the MirError says where */
	MIR_NOMEM,
	MIR_STOPPED,   /* the sink returned non-zero */
} MirStatus;

typedef struct {
	uint32_t line, col;          /* 1-based position of the problem (the end of the text when truncated) */
	char msg[192];               /* "truncated MIR: ..." */
	bool truncated;              /* the text ends inside a document: cut short, not written whole */
	char function[SIG_NAME_MAX]; /* function the error belongs to, "" when none */
} MirError;

/* One call site: the caller's side of the contract. */
typedef struct {
	char callee[SIG_NAME_MAX]; /* "" for an indirect call */
	uint32_t line;             /* line of the call instruction */
	bool grouped;              /* outgoing parts were attributed through gcnabi.<i>.out.<K> markers */
	bool has_sig;              /* the callee's header was found in the embedded IR module */
	Sig sig;
	/* args: where the caller put each argument's parts: registers in part
	 * order (their position in the value where the dataflow tells it, else
	 * ascending), then stack slots by offset, each dword of a wider store
	 * its own slot; a byval copy is one slot. ret: the registers the call
	 * defines, in operand order. ret_demoted/sret: a stack address of the
	 * caller passed in a register (SGPR or VGPR) that carries no argument.
	 * A callee without parameters is grouped. Ungrouped: one group with
	 * every non-forwarded part. */
	Placement out;
	uint16_t nimplicit;        /* registers passed that carry no argument: s[0:3], s[4:5], ..., v31 */
	RegRange implicit[MIR_MAX_IMPLICIT];
	uint16_t dvgpr;            /* SI_CS_CHAIN_TC_W32/W64_DVGPR: the VGPR count it requests; 0 otherwise */
} MirCall;

typedef struct {
	char name[SIG_NAME_MAX];
	uint32_t line;             /* line of the function document's `---` */
	bool gisel;                /* generic MIR (irtranslator) rather than selected MIR (finalize-isel) */
	bool failed;               /* failedISel: true, empty or truncated body */
	bool reader_limit;         /* failed at one of the reader's own limits: gcnabi's, not llc's */
	bool truncated;            /* failed: the text ends inside its document (the output was cut short) */
	uint32_t error_line;       /* the input line the error is at; 0: the function as a whole */
	char error[192];
	/* Arguments were grouped through gcnabi.<i>.in.<K> store markers (or the
	 * function has no parameters). When false, in holds one group: every
	 * incoming part in order, less the registers forwarded unchanged to a call. */
	bool grouped;
	bool has_sig;              /* header parsed from the MIR's embedded IR module */
	Sig sig;
	Placement in;              /* the callee's side: where each part arrives, the return parts;
	                            * a demoted return's pointer is the first incoming register
	                            * no argument reaches */
	uint16_t nunattributed;    /* incoming registers no argument reached (implicit inputs, ...) */
	RegRange unattributed[MIR_MAX_UNATTRIBUTED];
	uint16_t ncalls;           /* call sites kept in calls[] */
	uint16_t ncalls_dropped;   /* call sites past MIR_MAX_CALLS */
	MirCall calls[MIR_MAX_CALLS];
} MirFunction;

/* Called once per function document, in file order. The MirFunction is
 * reused for the next one: copy what must outlive the call. Non-zero stops. */
typedef int (*MirSink)(void *ctx, const MirFunction *f);

/* Observe every function of a MIR file. err may be NULL. A function cut off
 * by the end of the text is delivered with failed = true ("truncated MIR: ...")
 * and the result is MIR_MALFORMED with err at the end of the text. */
MirStatus mir_observe(const char *text, size_t len, MirSink sink, void *ctx, MirError *err);

/* One JSON object on one line, no newline; snprintf semantics. The
 * placement part is place_print_json's when the header is known and the
 * arguments are grouped; "selector", "calls", "unattributed" are added. */
size_t mir_function_print_json(const MirFunction *f, char *buf, size_t cap);

/* The opcodes the observer reads representation r from (place.h's Repr),
 * at a writer of an argument or return register (writer) or at its reader:
 * into names, at most max; the prefixes of opcode families end in '_'
 * (V_CVT_F32_F16_). Returns how many there are (mir_repr.c). */
unsigned mir_repr_opcodes(Repr r, bool writer, const char **names, unsigned max);

#endif
