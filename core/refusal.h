/* Why a function cannot be compiled, as a class: the model gives one with
 * every refusal (Placement.refusal), check reads llc's from its first error
 * line (engine/check_run.c). Two refusals agree only when their classes are
 * the same and the class is about the calling convention itself. */
#ifndef GCNABI_REFUSAL_H
#define GCNABI_REFUSAL_H

#include <stdbool.h>

/* X(ID, name, convention, doc): convention is true for the classes in which
 * a refusal says something about the calling convention, so "both refused"
 * counts as agreement only there. */
#define REFUSAL_CLASSES(X) \
	X(NONE, "none", false, "not refused") \
	X(INVALID_IR, "invalid-ir", true, "the IR parser or verifier rejects the signature (attributes, a convention's rules, a convention this llc cannot parse)") \
	X(LOWERING, "lowering", true, "the convention cannot take a value: no row for it, or out of registers (unable to allocate or lower an argument, a return or a call)") \
	X(SELECTION, "selection", false, "instruction selection fails on what the function does with a value (the emitted body, or llc's own copies): the convention is not observed") \
	X(CRASH, "crash", false, "llc crashes or asserts without saying what it refuses") \
	X(OTHER, "other", false, "an error of no known class, or a limit of the model")

typedef enum {
#define X(id, name, conv, doc) REFUSAL_##id,
	REFUSAL_CLASSES(X)
#undef X
	REFUSAL_COUNT
} RefusalClass;

typedef struct {
	const char *name;
	bool convention;
	const char *doc;
} RefusalClassInfo;

extern const RefusalClassInfo refusal_classes[REFUSAL_COUNT];

#endif
