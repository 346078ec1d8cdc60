/* `gcnabi passthrough --llc`: a call graph compiled by llc to final
 * assembly (layout old, which llc implements), and the moves into the
 * callee's argument SGPRs before each call in it. */
#ifndef GCNABI_PASSTHROUGH_LLC_H
#define GCNABI_PASSTHROUGH_LLC_H

#include <stdint.h>

#include "emit.h"

/* What llc did to each argument SGPR (bit per SGPR in want) in the asm
 * lines [p, end) before a call, by its last write there. */
typedef struct {
	unsigned smov;      /* an s_mov from an SGPR: the move the model counts */
	unsigned from_vgpr; /* v_readfirstlane/v_readlane: a value the selector kept in a
			     * VGPR, or an SGPR spilled to a VGPR lane across an earlier call */
	unsigned kept;      /* not written at all: still holds what an earlier call was
			     * passed there (s4-s29 are callee-saved under amdgpu_gfx) */
	unsigned computed;  /* last written by any other instruction: loaded, or rebuilt
			     * by shifts and masks (odd-width integers, packed halves) */
} MoveCount;

/* The module of sigs and edges (the call-graph file file) compiled once by
 * llc for cpu: a heap string, or NULL with *rc updated (an error, or llc's
 * failure, named on stderr). */
char *passthrough_compile(const char *llc, const char *cpu, const char *file, const Profile *prof, Sig **sigs,
			  unsigned nsigs, const CallEdge *edges, unsigned nedges, int *rc);
/* The moves before the call_index-th call of @from's body in asm_text, by
 * the last write of each SGPR of want; false when there is no such call. */
bool passthrough_moves(const char *asm_text, const Sig *from, unsigned call_index, const uint64_t want[2], MoveCount *n);

#endif
