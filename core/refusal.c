/* The refusal classes, expanded from refusal.h's table. */
#include "refusal.h"

const RefusalClassInfo refusal_classes[REFUSAL_COUNT] = {
#define X(id, name, conv, doc) [REFUSAL_##id] = { name, conv, doc },
	REFUSAL_CLASSES(X)
#undef X
};
