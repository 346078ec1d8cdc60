/* The finding kinds, classes and axes, expanded from finding.h's tables. */
#include "finding.h"

#include <string.h>

const FindingKindInfo finding_kinds[FK_COUNT] = {
#define X(id, name, axis, cls, doc) [FK_##id] = { name, FA_##axis, FC_##cls, doc },
	FINDING_KINDS(X)
#undef X
};

const FindingClassInfo finding_classes[FC_COUNT] = {
#define X(id, name, bit, doc) [FC_##id] = { name, bit, doc },
	FINDING_CLASSES(X)
#undef X
};

const ExitBitInfo exit_bits[EXIT_BIT_COUNT] = {
#define X(id, name, bit, words, doc) { name, bit, words, doc },
	EXIT_BITS(X)
#undef X
};

const char *const finding_axis_names[FA_COUNT] = {
#define X(id, name) [FA_##id] = name,
	FINDING_AXES(X)
#undef X
};

FindingKind finding_kind_find(const char *name)
{
	for (int k = 0; k < FK_COUNT; k++)
		if (strcmp(finding_kinds[k].name, name) == 0)
			return (FindingKind)k;
	return FK_COUNT;
}

unsigned finding_exit_bit(FindingKind k, bool explained)
{
	unsigned bit = finding_classes[finding_kinds[k].cls].exit_bit;
	/* A profile switch explains what llc does, never a fault of the machine. */
	return bit && explained && bit != EXIT_INFRA ? EXIT_KNOWN : bit;
}
