/* place_compare over the judge; see compare.h. */
#include "compare.h"

CompareResult place_compare(const Placement *a, const Placement *b, unsigned flags, const char *label_a,
			    const char *label_b, char *why, size_t cap)
{
	JudgeRules rules = { .flags = flags };
	Judgement j = { 0 };
	JudgeVerdict v = judge(a, b, &rules, &j);
	if (cap)
		why[0] = 0;
	if (v != JUDGE_SAME)
		judge_why(&j.head, label_a, label_b, why, cap);
	return v == JUDGE_SAME ? CMP_SAME : v == JUDGE_UNREAD ? CMP_UNREAD : CMP_DIFFERENT;
}
