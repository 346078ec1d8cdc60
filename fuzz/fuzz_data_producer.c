/* Bounded choices from fuzzer bytes: one byte per choice of up to 256
 * values, more for wider ranges, so mutating a byte changes one choice. */
#include "fuzz_data_producer.h"

#include "fuzz.h"

void (*fuzz_context)(void);

uint32_t fuzz_u32_range(FuzzDataProducer *p, uint32_t min, uint32_t max)
{
	uint64_t range = (uint64_t)max - min;
	uint64_t v = 0;
	for (uint64_t seen = 0; seen < range && p->size; seen = (seen << 8) | 0xff) {
		v = (v << 8) | *p->data++;
		p->size--;
	}
	return min + (uint32_t)(range == UINT32_MAX ? v : v % (range + 1));
}

bool fuzz_chance(FuzzDataProducer *p, unsigned pct)
{
	return p->size && fuzz_u32_range(p, 0, 99) < pct;
}
