/* Model throughput: placements per second on one core, over random
 * signatures from the generator's default weights (both conventions, 0-40
 * arguments, every type class). Prints one line per profile. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cc.h"
#include "gen.h"

enum { NSIGS = 256 }; /* 3.5 MB of signatures: each is placed while in cache, as when it was just parsed */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int load_layout(const char *path, Layout *l)
{
	char text[8192], why[64];
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(text, 1, sizeof text, f) : 0;
	LayoutError e;
	(void)why;
	if (f)
		fclose(f);
	return layout_parse(text, n, l, &e) ? 0 : -1;
}

int main(int argc, char **argv)
{
	const GenWeights defaults = gen_weights_default();
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	Layout layout;
	if (load_layout("layouts/old.layout", &layout) != 0) {
		fprintf(stderr, "bench_place: cannot load layouts/old.layout (run from the repository root)\n");
		return 1;
	}
	Sig *sigs = malloc(sizeof(Sig) * NSIGS);
	Placement *p = malloc(sizeof *p);
	if (!sigs || !p)
		return 1;
	unsigned long params = 0;
	for (unsigned i = 0; i < NSIGS; i++) {
		gen_signature(&sigs[i], &defaults, 1, i);
		params += sigs[i].nparams;
	}
	printf("%u random signatures, %.1f parameters on average\n", NSIGS, (double)params / NSIGS);
	for (unsigned k = 0; profile_at(k); k++) {
		ModelConfig m;
		char why[128];
		if (!model_config_init(&m, profile_at(k), &layout, "gfx1030", 0, SEL_DAG, why, sizeof why))
			return 1;
		unsigned long placed = 0, ok = 0, parts = 0;
		double t0 = now(), t;
		do {
			for (unsigned i = 0; i < NSIGS; i++, placed++) {
				ok += cc_place(&sigs[i], &m, (i & 1) ? VIEW_CALLER : VIEW_CALLEE, p);
				parts += p->nlocs;
			}
			t = now() - t0;
		} while (t < seconds);
		printf("%-7s %10.0f signatures/s %11.0f parts/s (%lu placed in %.2fs, %lu placeable)\n", profile_at(k)->name,
		       placed / t, parts / t, placed, t, ok);
	}
	free(sigs);
	free(p);
	return 0;
}
