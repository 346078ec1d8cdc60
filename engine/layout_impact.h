/* What a layout does to the placements of a signature file (model only):
 * `gcnabi layouts --impact` prints one JSON object per layout (the
 * harness's layout table prints it as it is), `gcnabi ab --layout A
 * --layout B` compares two. */
#ifndef GCNABI_LAYOUT_IMPACT_H
#define GCNABI_LAYOUT_IMPACT_H

#include <stdint.h>

#include "io.h"

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

/* One layout's placements of the signature file: the counts, and the
 * stream `gcnabi place --json` would print, for the comparison with old. */
typedef struct {
	ModelConfig m;
	const char *input;
	bool say_malformed; /* name malformed signatures on stderr (the first layout only) */
	bool out_of_memory;
	LayoutImpact t;
	Buf stream;
	char *line;
	size_t cap;
	Placement *p;
} LayoutRun;
/* The signatures of text (the file input) placed under r->m, which the
 * caller set: counted and streamed; say_malformed names the malformed ones
 * on stderr. False when out of memory. layout_run_free releases r. */
bool layout_run(LayoutRun *r, const char *input, const char *text, size_t len, bool say_malformed);
void layout_run_free(LayoutRun *r);
/* `gcnabi diff --summary` of two runs' streams: divergences, and of them
 * parts that went to and left the stack. False (said on stderr) on an
 * error. */
bool layout_run_diff(const LayoutRun *a, const LayoutRun *b, const char *file_a, const char *file_b, uint32_t counts[3]);

#endif
