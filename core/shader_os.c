/* Shader entry points by the OS of the triple: the triple's OS parsed and
 * printed, and the system SGPRs and scratch descriptor llc gives a shader
 * (cc_impl.h: shader_system_sgprs, which cc_place runs). */
#include <stdio.h>
#include <string.h>

#include "cc_impl.h"

/* Shader entry points' system SGPRs and scratch descriptor, by the OS of
 * the triple (SIMachineFunctionInfo, SITargetLowering::allocateSystemSGPRs,
 * SIFrameLowering::emitEntryFunctionScratchRsrcRegSetup); every llc 14-22,
 * both selectors. Rules that hold for every OS:
 * - the private segment wave byte offset is the first SGPR after the user
 *   SGPRs (s[inreg parts], past s43 too), or s5 in a merged HS/GS (gfx9+),
 *   even where an inreg part is in s5;
 * - targets with architected flat scratch (gfx940+, gfx11+) get neither
 *   the wave offset nor a descriptor. */
static const struct {
	const char *os, *triple;
	bool implicit_buffer_ptr; /* s[0:1] before the user SGPR arguments, used or not */
	uint8_t srd;              /* ScratchRsrcKind of compute shaders; graphics differ where noted */
} shader_os[OS_COUNT] = {
	/* descriptor at the GIT pointer {pc high, s0} (+16 for CS); s8 in a merged HS/GS */
	[OS_AMDPAL] = { "amdpal", "amdgcn-amd-amdpal", false, SRD_GIT },
	/* s[0:1] is the scratch base (CS), or where to load it (graphics): seed 002's pointer */
	[OS_MESA3D] = { "mesa3d", "amdgcn-mesa-mesa3d", true, SRD_PTR },
	/* the loader patches the SCRATCH_RSRC_DWORD0/1 relocations */
	[OS_NONE] = { "", "amdgcn--", false, SRD_RELOC },
	/* no shader entry point at all: cc_place refuses them (llc: "unsupported
	 * non-compute shaders with HSA", amdgpu_gfx and chain functions too) */
	[OS_AMDHSA] = { "amdhsa", "amdgcn-amd-amdhsa", false, SRD_NONE },
};

bool target_os_parse(const char *triple, TargetOs *os)
{
	/* arch-vendor-os[-env]: only the OS field matters. */
	const char *v = strchr(triple, '-');
	const char *o = v ? strchr(v + 1, '-') : NULL;
	if (strncmp(triple, "amdgcn", 6) != 0 || (triple[6] != '-' && triple[6] != 0))
		return false;
	if (!o || !o[1] || strncmp(o + 1, "unknown", 7) == 0) {
		*os = OS_NONE;
		return true;
	}
	for (unsigned i = 0; i < OS_COUNT; i++)
		if (shader_os[i].os[0] && strncmp(o + 1, shader_os[i].os, strlen(shader_os[i].os)) == 0) {
			*os = (TargetOs)i;
			return true;
		}
	return false;
}

bool shader_os_implicit_buffer_ptr(TargetOs os) { return shader_os[os].implicit_buffer_ptr; }

const char *target_os_triple(TargetOs os) { return os < OS_COUNT ? shader_os[os].triple : "?"; }

static bool merged_stage(const ModelConfig *m, CallConv cc)
{
	return m->target->merged_shaders && conv_info(cc)->merged_stage;
}

/* After the arguments: the system SGPRs of a shader entry point. */
void shader_system_sgprs(const Sig *s, const ModelConfig *m, const uint64_t *sgpr_used, Placement *out)
{
	bool merged = merged_stage(m, (CallConv)s->cc);
	out->sys_sgprs = true;
	out->scratch = s->uses_scratch;
	if (shader_os[m->os].implicit_buffer_ptr)
		out->implicit_buffer_ptr = 0;
	if (!s->uses_scratch)
		return;
	if (m->target->arch_flat_scratch) {
		out->srd = (ScratchRsrc){ SRD_FLAT, 0, 0 };
		return;
	}
	int16_t first_free = 0;
	while (first_free < SGPR_COUNT && (sgpr_used[first_free / 64] >> (first_free % 64) & 1))
		first_free++;
	out->scratch_wave_offset = merged ? 5 : first_free;
	bool compute = s->cc == CC_AMDGPU_CS;
	switch (shader_os[m->os].srd) {
	case SRD_GIT: out->srd = (ScratchRsrc){ SRD_GIT, merged ? 8 : 0, compute ? 16 : 0 }; break;
	case SRD_PTR: out->srd = (ScratchRsrc){ compute ? SRD_PTR : SRD_LOAD_PTR, 0, 0 }; break;
	default: out->srd = (ScratchRsrc){ shader_os[m->os].srd, 0, 0 }; break;
	}
}
