/* Comparing two placements of one signature: the model's and llc's, or
 * llc's callee and caller. Pure; the first difference is described in
 * words for reports. */
#ifndef GCNABI_COMPARE_H
#define GCNABI_COMPARE_H

#include "place.h"

typedef enum {
	/* Parts of one argument compare as a set, in a canonical order
	 * (SGPRs, VGPRs, stack by offset): an observer cannot always tell
	 * which part of a value a register holds. */
	CMP_UNORDERED = 1 << 0,
	/* The second placement may lack parts of an argument that the first
	 * has, if every part it has is one the first has: llc does not read
	 * (callee) or write (caller) registers it considers dead. */
	CMP_ALLOW_UNREAD = 1 << 1,
	/* Between a callee and its caller (either order): a caller that stores
	 * all 4 bytes of a slot whose callee object is narrower (a promoted i1,
	 * an extended i8 or i16) agrees. */
	CMP_CALLER_COVERS = 1 << 2,
} CompareFlags;

typedef enum {
	CMP_SAME,
	CMP_UNREAD,  /* same, except for parts the second side does not use */
	CMP_DIFFERENT,
} CompareResult;

/* why: "argument 2 part 0: A s6, B s16" with the labels given. */
CompareResult place_compare(const Placement *a, const Placement *b, unsigned flags, const char *label_a,
			    const char *label_b, char *why, size_t cap);

#endif
