/* What a layout does to the placements of a signature file (model only):
 * `gcnabi layouts --impact` prints one JSON object per layout (the
 * harness's layout table prints it as it is), `gcnabi ab --layout A
 * --layout B` compares two. */
#ifndef GCNABI_LAYOUT_IMPACT_H
#define GCNABI_LAYOUT_IMPACT_H

#include <stdint.h>

#include "cc.h"

/* 4-aligned SGPR quads s[4k:4k+3] below this are counted free or taken:
 * the room a layout leaves for wide scalar loads. */
enum { IMPACT_QUAD_LIMIT = 48 };

/* One layout's counts over the functions of a signature file, in the
 * callee view. Arguments only: returns, a hidden sret pointer and the
 * kernarg segment are not counted. */
typedef struct {
	unsigned functions, refused;  /* refused: llc refuses it, or the signature is malformed */
	unsigned sgpr, vgpr, stack;   /* argument parts in SGPRs, VGPRs, stack slots */
	uint64_t stack_bytes;         /* per function, the end of its last stack slot, summed */
	unsigned gfx_functions;       /* amdgpu_gfx functions placed */
	unsigned gfx_inreg_parts;     /* their inreg parts, */
	unsigned gfx_sgpr_moves;      /* of which a shader holding them in s0, s1, ... must move or store */
	unsigned gfx_free_quads;      /* quads below IMPACT_QUAD_LIMIT free of fixed roles and arguments */
} LayoutImpact;

/* Adds function s, placed as p (NULL: the signature did not parse). */
void layout_impact_add(LayoutImpact *t, const Layout *l, const Sig *s, const Placement *p);

#endif
