/* What every fuzz target shares: the libFuzzer entry point, and an oracle
 * that aborts with a message whether or not NDEBUG is set, so a replay
 * binary, libFuzzer and AFL++ all stop on the same violated property. */
#ifndef GCNABI_FUZZ_H
#define GCNABI_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Set by a target to print what it was checking (the signature, the
 * configuration) when an oracle fails; NULL prints nothing more. */
extern void (*fuzz_context)(void);

#define FUZZ_ASSERT_MSG(cond, ...)                                                       \
	do {                                                                             \
		if (!(cond)) {                                                           \
			fprintf(stderr, "%s:%d: fuzz oracle failed: %s\n  ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                    \
			fputc('\n', stderr);                                             \
			if (fuzz_context)                                                \
				fuzz_context();                                          \
			abort();                                                         \
		}                                                                        \
	} while (0)
#define FUZZ_ASSERT(cond) FUZZ_ASSERT_MSG(cond, "%s", "")

#endif
