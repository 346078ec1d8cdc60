/* place_compare: the judge (judge.h) in its first-difference form, the
 * way check has always called it: a verdict and the difference in words.
 * Pure. */
#ifndef GCNABI_COMPARE_H
#define GCNABI_COMPARE_H

#include "judge.h"

/* The judge's flags of the same names (judge.h says what each relaxes). */
typedef enum {
	CMP_UNORDERED = JUDGE_UNORDERED,
	CMP_ALLOW_UNREAD = JUDGE_ALLOW_UNREAD,
	CMP_CALLER_COVERS = JUDGE_CALLER_COVERS,
} CompareFlags;

typedef enum {
	CMP_SAME,
	CMP_UNREAD,  /* same, except for parts the second side does not use */
	CMP_DIFFERENT,
} CompareResult;

/* why: "argument 2 part 0: A s6, B s16" with the labels given, "" when
 * the same. Both placements are placed (ok): the callers check first. */
CompareResult place_compare(const Placement *a, const Placement *b, unsigned flags, const char *label_a,
			    const char *label_b, char *why, size_t cap);

#endif
