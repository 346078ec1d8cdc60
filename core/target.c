/* CPU table. Only properties that change placement are recorded; see
 * target.h for what each one means. */
#include "target.h"

#include <string.h>

static const Target targets[] = {
	/* name       flat   16bit  archFS preload init16 vgpr32 vgpr64 EUs wave merged allocVGPR */
	{ "generic", false, false, false, false, false,     0,   256,  4, 64, false, false },
	{ "gfx700",  true,  false, false, false, false,     0,   256,  4, 64, false, false },
	{ "gfx803",  true,  true,  false, false, false,     0,   256,  4, 64, false, false },
	{ "gfx900",  true,  true,  false, false, false,     0,   256,  4, 64, true, false },
	{ "gfx906",  true,  true,  false, false, false,     0,   256,  4, 64, true, false },
	{ "gfx908",  true,  true,  false, false, false,     0,   256,  4, 64, true, false },
	{ "gfx90a",  true,  true,  false, false, false,     0,   512,  4, 64, true, false },
	{ "gfx940",  true,  true,  true,  true,  false,     0,   512,  4, 64, true, false },
	{ "gfx942",  true,  true,  true,  true,  false,     0,   512,  4, 64, true, false },
	{ "gfx1010", true,  true,  false, false, false,  1024,   512,  4, 32, true, false },
	{ "gfx1030", true,  true,  false, false, false,  1024,   512,  4, 32, true, false },
	{ "gfx1100", true,  true,  true,  false, true,   1536,   768,  4, 32, true, false },
	{ "gfx1200", true,  true,  true,  false, false,  1536,   768,  4, 32, true, true },
};

const Target *target_at(unsigned i)
{
	return i < sizeof targets / sizeof targets[0] ? &targets[i] : 0;
}

const Target *target_find(const char *name)
{
	for (unsigned i = 0; i < sizeof targets / sizeof targets[0]; i++)
		if (strcmp(targets[i].name, name) == 0)
			return &targets[i];
	return 0;
}

const Target *target_generic(void) { return &targets[0]; }

unsigned target_vgpr_budget(const Target *t, unsigned wave, unsigned flat_wg_max)
{
	unsigned file = wave == 32 ? t->vgprs_wave32 : t->vgprs_wave64;
	unsigned wg = flat_wg_max ? flat_wg_max : 1024;
	unsigned waves_per_wg = (wg + wave - 1) / wave;
	unsigned min_waves_per_eu = (waves_per_wg + t->eus_per_cu - 1) / t->eus_per_cu;
	if (min_waves_per_eu == 0)
		min_waves_per_eu = 1;
	unsigned budget = file / min_waves_per_eu;
	if (budget > 256)
		budget = 256;
	return budget & ~3u; /* allocation granule */
}
