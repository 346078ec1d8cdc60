/* CPU table. Only properties that change placement are recorded; see
 * target.h for what each one means. A row per CPU, in the order reports
 * and `gcnabi profiles` list them. */
#include "target.h"

#include <string.h>

#define GFX9(nm) .name = nm, .flat = true, .has_16bit_insts = true, .eus_per_cu = 4, .default_wave = 64, \
		 .merged_shaders = true
#define GFX10(nm) .name = nm, .flat = true, .has_16bit_insts = true, .vgprs_wave32 = 1024, .vgprs_wave64 = 512, \
		  .eus_per_cu = 4, .default_wave = 32, .merged_shaders = true
#define GFX11_PLUS(nm) .name = nm, .flat = true, .has_16bit_insts = true, .arch_flat_scratch = true, \
		  .vgprs_wave32 = 1536, .vgprs_wave64 = 768, .eus_per_cu = 4, .default_wave = 32, .merged_shaders = true

#define CHECKED (TARGET_DEFAULT_CHECK | TARGET_DEFAULT_HARNESS)

static const Target targets[] = {
	/* What llc compiles for a CPU it does not know: SI-like, no flat. */
	{ .name = "generic", .vgprs_wave64 = 256, .eus_per_cu = 4, .default_wave = 64, .llvm_first = 14,
	  .smem_dword_offset = true },
	/* gfx6 (tahiti) has no flat instructions, so kernels get no
	 * flat-scratch-init user SGPRs; gfx6 and gfx7 (hawaii) have no 16-bit
	 * instructions: half and bfloat travel as 32-bit values. */
	{ .name = "gfx600", .aliases = "tahiti", .vgprs_wave64 = 256, .eus_per_cu = 4, .default_wave = 64, .llvm_first = 14,
	  .smem_dword_offset = true, .defaults = TARGET_DEFAULT_HARNESS },
	{ .name = "gfx700", .aliases = "kaveri", .flat = true, .vgprs_wave64 = 256, .eus_per_cu = 4, .default_wave = 64, .llvm_first = 14,
	  .smem_dword_offset = true },
	{ .name = "gfx701", .aliases = "hawaii", .flat = true, .vgprs_wave64 = 256, .eus_per_cu = 4, .default_wave = 64, .llvm_first = 14,
	  .smem_dword_offset = true, .defaults = TARGET_DEFAULT_HARNESS },
	{ .name = "gfx803", .aliases = "fiji polaris10 polaris11", .flat = true, .has_16bit_insts = true, .vgprs_wave64 = 256, .eus_per_cu = 4,
	  .default_wave = 64, .llvm_first = 14 },
	{ GFX9("gfx900"), .vgprs_wave64 = 256, .llvm_first = 14, .defaults = CHECKED },
	{ GFX9("gfx906"), .vgprs_wave64 = 256, .llvm_first = 14 },
	{ GFX9("gfx908"), .vgprs_wave64 = 256, .llvm_first = 14 },
	{ GFX9("gfx90a"), .vgprs_wave64 = 512, .saved_agprs = true, .llvm_first = 14, .defaults = TARGET_DEFAULT_NIGHTLY },
	/* gfx940 left llc after 19; gfx942 took its place. */
	{ GFX9("gfx940"), .vgprs_wave64 = 512, .saved_agprs = true, .arch_flat_scratch = true, .kernarg_preload = true, .llvm_first = 15,
	  .llvm_last = 19 },
	{ GFX9("gfx942"), .vgprs_wave64 = 512, .saved_agprs = true, .arch_flat_scratch = true, .kernarg_preload = true, .llvm_first = 19,
	  .defaults = TARGET_DEFAULT_NIGHTLY },
	{ GFX9("gfx950"), .vgprs_wave64 = 512, .saved_agprs = true, .arch_flat_scratch = true, .kernarg_preload = true, .llvm_first = 20,
	  .defaults = TARGET_DEFAULT_NIGHTLY },
	{ GFX10("gfx1010"), .llvm_first = 14 },
	{ GFX10("gfx1030"), .llvm_first = 14, .defaults = CHECKED | TARGET_DEFAULT_PLACE },
	{ GFX11_PLUS("gfx1100"), .user_sgpr_init16 = true, .llvm_first = 15, .defaults = CHECKED },
	{ GFX11_PLUS("gfx1200"), .alloc_vgpr = true, .llvm_first = 19, .defaults = TARGET_DEFAULT_HARNESS },
};

const Target *target_at(unsigned i)
{
	return i < sizeof targets / sizeof targets[0] ? &targets[i] : 0;
}

static bool is_alias(const char *aliases, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = aliases; n && p && *p; p += strcspn(p, " "), p += *p == ' ')
		if (strncmp(p, name, n) == 0 && (p[n] == ' ' || p[n] == 0))
			return true;
	return false;
}

const Target *target_find(const char *name)
{
	for (unsigned i = 0; i < sizeof targets / sizeof targets[0]; i++)
		if (strcmp(targets[i].name, name) == 0 || is_alias(targets[i].aliases, name))
			return &targets[i];
	return 0;
}

const Target *target_generic(void) { return &targets[0]; }

unsigned target_defaults(unsigned list, const char **names, unsigned max)
{
	unsigned n = 0;
	for (unsigned i = 0; i < sizeof targets / sizeof targets[0]; i++)
		if ((targets[i].defaults & list) && n < max)
			names[n++] = targets[i].name;
	return n;
}

const Target *target_default(void)
{
	for (unsigned i = 0; i < sizeof targets / sizeof targets[0]; i++)
		if (targets[i].defaults & TARGET_DEFAULT_PLACE)
			return &targets[i];
	return &targets[0];
}

bool target_known_by(const Target *t, unsigned major)
{
	return major >= t->llvm_first && (!t->llvm_last || major <= t->llvm_last);
}

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
