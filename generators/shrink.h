/* Shrinking a signature: its smaller variants, for minimizing a divergence
 * by delta reduction (gcnabi shrink; the harness keeps the smallest variant
 * that still shows the finding). Pure: a Sig in, Sigs out, in a fixed order
 * so that a minimization replays identically. */
#ifndef GCNABI_SHRINK_H
#define GCNABI_SHRINK_H

#include "sig.h"

/* How big a signature is: its parameters (`...` counts as one), then the
 * length of its declare line (sig_print). Smaller compares params first. */
typedef struct {
	unsigned params, chars;
} ShrinkSize;

ShrinkSize shrink_size(const Sig *s);
bool shrink_smaller(ShrinkSize a, ShrinkSize b); /* a < b */

/* Called once per candidate, in order; return non-zero to stop. */
typedef int (*ShrinkSink)(void *ctx, const Sig *candidate, ShrinkSize size);

/* The candidates of s smaller than s, in this order:
 *  stage 0: blocks of parameters removed (halves, then quarters, ... then
 *    each single one, left to right), the function attributes dropped, a
 *    void return;
 *  stage 1: stage 0's, then for each parameter: its attributes but inreg
 *    dropped; a byval/byref/sret pointer replaced by i32 (nothing else for
 *    it); each simpler type of it (shrink_types), its attributes kept.
 * A parameter keeps its "gcnabi-unused" mark when others are removed. A
 * candidate whose types do not fit the pools is left out. Returns the
 * number of candidates given to sink. */
unsigned shrink_candidates(const Sig *s, int stage, ShrinkSink sink, void *ctx);

enum { SHRINK_MAX_TYPES = 12 };

/* The simpler replacements of type t, simplest first, each once and none
 * equal to t: a vector's element, <2 x E>, half its length; an array's
 * element, [1 x E], half its length; a struct's first and last members, its
 * two halves; i32, i64, i16 for another integer;
 * float, i32 for half, bfloat, double; ptr addrspace(1), i32 for another
 * pointer; i32 for anything but i32. Added to s's pool (interned); returns
 * their number (fewer when the pool is full). */
unsigned shrink_types(Sig *s, TypeId t, TypeId out[SHRINK_MAX_TYPES]);

#endif
