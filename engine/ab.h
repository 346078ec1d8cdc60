/* gcnabi ab: two compilers (ab.c) or two layouts (ab_layout.c) side by side,
 * listing every argument, return and entry point field whose location
 * changed. */
#ifndef GCNABI_AB_H
#define GCNABI_AB_H

#include <stdbool.h>

#include "finding.h"
#include "judge.h"

enum { AB_MAX_CPUS = 16, AB_MAX_ITEMS = SIG_MAX_PARAMS + JW_COUNT + USGPR_COUNT };

typedef struct {
	bool json, markdown;
	const char *layouts[2];
	int nlayouts;
	int nllcs;
	const char *cpus[AB_MAX_CPUS];
	int ncpus;
	const char *profile; /* --profile: the layout comparison's profile */
	const char *input;
} AbOptions;

/* One thing that can move: an argument (arg), the return, or a field of
 * the entry point (a user SGPR: arg is the UserSgpr). */
typedef struct {
	uint8_t what; /* JudgeWhat */
	uint16_t arg;
} AbItem;

/* The items of a and b that differ under the judge's flags, each once, in
 * the judge's order: n, at most cap. scratch: JUDGE_MAX_DIFFS diffs. */
unsigned ab_items(JudgeDiff *scratch, const Placement *a, const Placement *b, unsigned flags, AbItem *out,
		  unsigned cap);
/* Whether x and y agree on it (two refusals agree). */
bool ab_agree_on(JudgeDiff *scratch, const Placement *x, const Placement *y, unsigned flags, AbItem it);
/* "%2 i64 inreg", "return <2 x float>", "user SGPR queue_ptr". */
void ab_subject_text(const Sig *s, AbItem it, char *buf, size_t cap);
/* Where p has it, in LLVM's register syntax ("s[7:8]", "v0,stack+0..4/4",
 * a user SGPR "s[4:5]" or "off", counts and sizes as numbers). NULL p:
 * not compiled. */
void ab_side_text(const Placement *p, AbItem it, char *buf, size_t cap);

/* The model-only comparison of o->layouts[0] and [1] over o->input: the
 * exit status (ab_layout.c). */
int ab_layouts(const AbOptions *o);


#endif
