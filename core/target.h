/* Subtargets: the few properties of a GPU that change where arguments go.
 * One row per CPU in target.c; a CPU that an llc version does not know is
 * compiled for the generic target, which the model reproduces too. */
#ifndef GCNABI_TARGET_H
#define GCNABI_TARGET_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Target {
	const char *name;
	const char *aliases;     /* llc's other names of the CPU (AMDGPUUsage's processor table), space-separated */
	bool flat;               /* gfx7+: a flat address space (the generic target, SI-like, has none) */
	bool has_16bit_insts;    /* gfx8+: i16/f16 are legal, pairs of 16-bit lanes pack into one register */
	bool arch_flat_scratch;  /* gfx940+, gfx11+: functions get no scratch descriptor, s[0:3] carry arguments */
	bool kernarg_preload;    /* gfx940/gfx942: kernel arguments can be preloaded into user SGPRs */
	bool smem_dword_offset;  /* gfx6/gfx7 (and the generic target): a scalar load's immediate offset counts dwords, not bytes */
	bool user_sgpr_init16;   /* gfx11 wave32 hardware bug: user + system SGPRs are padded to at least 16 */
	uint16_t vgprs_wave32;   /* VGPRs per lane in one SIMD's file, wave32 (0: wave32 unsupported) */
	uint16_t vgprs_wave64;
	uint8_t eus_per_cu;      /* SIMDs a workgroup spreads over, for the waves-per-EU bound */
	uint8_t default_wave;    /* 32 or 64 */
	bool merged_shaders;     /* gfx9+: HS and GS run merged (LS+HS, ES+GS) with system SGPRs s[0:7] */
	bool alloc_vgpr;         /* gfx12+: s_alloc_vgpr, which dynamic-VGPR chain calls need */
	bool saved_agprs;        /* gfx90a insts (gfx90a, gfx940, gfx942): a callee saves AGPRs a32-a255 (CSR_AMDGPU_GFX90AInsts) */
	/* The llc majors that recognise the name (last 0: every later one);
	 * any other compiles it for the generic target. */
	uint8_t llvm_first, llvm_last;
	uint8_t defaults;        /* TARGET_DEFAULT_*: the default CPU lists it is on */
} Target;

enum {
	TARGET_DEFAULT_PLACE = 1 << 0,   /* the one CPU of place, passthrough and the layout table */
	TARGET_DEFAULT_CHECK = 1 << 1,   /* gcnabi check and gen --boundary */
	TARGET_DEFAULT_HARNESS = 1 << 2, /* the harness's runs and the nightly */
	/* the nightly's too, beside the harness's: AGPRs saved, kernarg
	 * preload and architected flat scratch (issue 37, item 5) */
	TARGET_DEFAULT_NIGHTLY = 1 << 3,
};

/* The target for CPU name (its gfx name or an alias llc takes, as hawaii
 * for gfx701), or NULL. "generic" is the fallback llc uses for a CPU it
 * does not recognise. */
const Target *target_find(const char *name);
const Target *target_generic(void);
/* Iterate the table: returns NULL past the end. */
const Target *target_at(unsigned i);
/* The names of the CPUs on default list `list` (TARGET_DEFAULT_*), in
 * table order, at most max; returns how many. */
unsigned target_defaults(unsigned list, const char **names, unsigned max);
/* The CPU place and the layout table use when none is named. */
const Target *target_default(void);
/* Whether llc major `major` recognises t's name. */
bool target_known_by(const Target *t, unsigned major);

/* VGPRs a non-entry function may use (AMDGPU's getMaxNumVGPRs): the file
 * shared by the minimum number of waves per SIMD that the flat workgroup
 * size forces, capped at 256. flat_wg_max 0 means the default 1024. */
unsigned target_vgpr_budget(const Target *t, unsigned wave, unsigned flat_wg_max);

#endif
