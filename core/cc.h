/* The placement model: signature in, placement out, per calling convention,
 * layout, compiler profile, subtarget and selector. Pure: no I/O, no state
 * beyond the arguments. */
#ifndef GCNABI_CC_H
#define GCNABI_CC_H

#include "layout.h"
#include "place.h"
#include "profile.h"
#include "sig.h"
#include "target.h"

typedef enum { SEL_DAG, SEL_GISEL, SEL_COUNT } Selector;

/* The OS of the target triple: it decides the shader entry points' system
 * SGPRs and where their scratch descriptor comes from (cc.c, shader_os). */
typedef enum { OS_AMDPAL, OS_MESA3D, OS_NONE, OS_AMDHSA, OS_COUNT } TargetOs;
typedef enum { VIEW_CALLEE, VIEW_CALLER } View;

typedef struct {
	const Profile *profile;
	const Layout *layout;
	const Target *target; /* as llc sees it: generic when the profile does not know the CPU */
	unsigned wave;        /* 32 or 64 */
	Selector selector;
	TargetOs os;          /* OS_AMDPAL unless the caller sets another */
	/* cc_place only: place as llc lowers, ignoring what it cannot select
	 * (llc lowers every argument before it selects the body) */
	bool lowering_only;
	/* VIEW_CALLER only: the call goes through a pointer, so the caller
	 * sees none of the callee's function attributes: it passes every
	 * implicit input ("amdgpu-no-*" are the callee's, and llc's
	 * passSpecialInputs asks the call site, which has none of them) */
	bool through_pointer;
	/* Functions address scratch through flat scratch: no scratch
	 * descriptor (s[0:3] carry arguments), SP in bytes per lane. The
	 * target's architected flat scratch, or llc's -mattr=+enable-flat-scratch
	 * (a model_llc_options switch). Entry points follow the target. */
	bool flat_scratch;
	/* The module's "amdhsa_code_object_version" (400, 500, ...; check
	 * --as-written reads it); 0: each llc's default (14-16: 4, 19-22: 5).
	 * Below 5 the queue pointer is an input again (llc 19's hole closes,
	 * a kernel that calls passes it). */
	uint16_t cov;
} ModelConfig;

extern const char *const selector_names[SEL_COUNT]; /* "dag", "gisel" */

/* "amdgcn-amd-amdpal" / "amdgcn--amdpal", "amdgcn-mesa-mesa3d", "amdgcn--"
 * / "amdgcn-unknown-unknown" (no OS): the OS; false for others (amdhsa is
 * the kernels' triple, not modeled for register conventions). */
bool target_os_parse(const char *triple, TargetOs *os);
/* The triple llc is run with for os: "amdgcn-amd-amdpal", ... */
const char *target_os_triple(TargetOs os);

/* Fill m for cpu under profile p: an unknown CPU falls back to generic as
 * llc does; wave 0 picks the CPU's default. Returns false (with why) when the
 * CPU is not in the target table at all or the wave size is impossible. */
bool model_config_init(ModelConfig *m, const Profile *p, const Layout *l, const char *cpu, unsigned wave,
		       Selector sel, char *why, size_t why_cap);

/* Place every argument and return part of s as the callee receives them
 * (VIEW_CALLEE) or as a caller passes them (VIEW_CALLER). Returns out->ok;
 * on failure out->error says why in llc's terms where llc refuses too. */

bool cc_place(const Sig *s, const ModelConfig *m, View view, Placement *out);

/* Whether the body gcnabi emits under m uses parameter i (not unused, not
 * skipped: body_skips_param); a caller passes undef for one it does not. */
bool cc_body_uses(const Sig *s, unsigned i, const ModelConfig *m);

/* What an llc does with the dynamic-VGPR form of llvm.amdgcn.cs.chain. */
typedef enum {
	DVGPR_IGNORED,     /* a plain chain call: the extra operands are dropped (19) */
	DVGPR_REALLOCATES, /* SI_CS_CHAIN_TC_W32_DVGPR: s_alloc_vgpr, then the jump (22, gfx12 wave32) */
	DVGPR_CRASHES,     /* selected as above, then llc crashes: no s_alloc_vgpr before gfx12 (22) */
	DVGPR_REFUSED,     /* an error: wave64 (22) */
} ChainDvgpr;
ChainDvgpr cc_chain_dvgpr_support(const ModelConfig *m);

/* The dynamic-VGPR form of llvm.amdgcn.cs.chain (flags bit 0 with a VGPR
 * count, seed 003): the callee runs with only num_vgprs VGPRs, so parts the
 * chain convention puts in v<num_vgprs> and above would be lost. p is the
 * function's placement. Returns NULL when every VGPR part fits, else a
 * message; *lost counts the lost parts and *first_arg is the first
 * argument that loses one (-1 if none). *refused is set when llc refuses
 * the call itself (wave64 where llc has dynamic VGPRs) or crashes on it. */
const char *cc_chain_dvgpr_check(const Sig *s, const ModelConfig *m, const Placement *p, unsigned num_vgprs,
				 unsigned *lost, int *first_arg, bool *refused);

#endif
