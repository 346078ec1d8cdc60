/* Turns fuzzer bytes into bounded choices, as zstd's fuzz_data_producer.
 * Choices are read from the front; once the bytes run out every choice is
 * its minimum, so short inputs give small, valid structures. */
#ifndef GCNABI_FUZZ_DATA_PRODUCER_H
#define GCNABI_FUZZ_DATA_PRODUCER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
	const uint8_t *data;
	size_t size;
} FuzzDataProducer;

static inline FuzzDataProducer fuzz_producer(const uint8_t *data, size_t size)
{
	return (FuzzDataProducer){ data, size };
}

/* A value in [min, max], from as few bytes as the range needs. */
uint32_t fuzz_u32_range(FuzzDataProducer *p, uint32_t min, uint32_t max);
/* True with about pct percent probability (false once the bytes are gone). */
bool fuzz_chance(FuzzDataProducer *p, unsigned pct);
static inline bool fuzz_empty(const FuzzDataProducer *p) { return p->size == 0; }

#endif
