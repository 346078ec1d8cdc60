/* Inside the boundary generator (boundary.h): the case emitter the
 * argument and return cases (boundary.c) and the entry points' cases
 * (boundary_entry.c: pixel-shader input slots, kernarg alignment, what an
 * entry convention refuses) share. Private to generators/. */
#ifndef GCNABI_BOUNDARY_IMPL_H
#define GCNABI_BOUNDARY_IMPL_H

#include "boundary.h"
#include "gen.h"
#include "split.h"

enum { RET_SEARCH_MAX = PLACE_MAX_PARTS - 96, MAX_KEYS = 512 };
/* --- emitting cases -------------------------------------------------------- */

typedef struct {
	BoundaryGen *g;
	const ModelConfig *m;
	CallConv cc;
	View view;
	BoundarySink sink;
	void *ctx;
	unsigned count;
	unsigned lead;   /* parameters the convention puts first (lead_params()) */
	bool bare;       /* the case being built has no leading parameters: checks name its own */
	char prefix[96]; /* "gfx1030 dag callee ccc" */
	/* The return of every case: void, or ret_parts i32 demoted to sret. */
	unsigned ret_parts;
	bool ret_inreg;
	/* Limits already covered in this call: (return, inreg, before, after);
	 * a start has before.kind LOC_NONE. */
	unsigned nkeys;
	struct { unsigned ret; bool inreg; Loc before, after; } keys[MAX_KEYS];
} Emit;

/* boundary.c */
TypeId int_type(Sig *s, unsigned bits);
unsigned lead_params(CallConv cc);
Sig *case_begin_bare(Emit *e, uint32_t no_inputs);
Sig *case_begin(Emit *e, uint32_t no_inputs);
void case_aim(Emit *e, BoundaryLimitKind kind, Loc at, Loc after);
void case_expect_value(Emit *e, BoundaryCheckKind kind, unsigned arg, unsigned part, Loc want, uint32_t value);
void case_expect(Emit *e, BoundaryCheckKind kind, unsigned arg, unsigned part, Loc want);
/* Label, deduplicate, name b<index>, hand to the sink. */
void case_finish(Emit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *loc_str(const Loc *l, char *buf, size_t cap);

/* boundary_entry.c */
void ps_cases(Emit *e);
void kernel_cases(Emit *e);
void verifier_cases(Emit *e);

#endif
