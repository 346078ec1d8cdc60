/* The rest of the calling convention: what a callee must give back. Which
 * registers hold the same value at its return as at its entry (callee-
 * saved), which hold the return address, the stack, frame and base
 * pointers and the scratch descriptor (the layout's roles), how the stack
 * grows and is aligned. Pure: rule tables in contract.c, no I/O. */
#ifndef GCNABI_CONTRACT_H
#define GCNABI_CONTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cc.h"
#include "layout.h"

/* The register files a contract speaks of. */
typedef enum { RF_SGPR, RF_VGPR, RF_AGPR, RF_COUNT } RegFile;
extern const char *const reg_file_prefix[RF_COUNT]; /* "s", "v", "a" */

enum { REGSET_MAX = 256, REGSET_WORDS = REGSET_MAX / 64 };

typedef struct {
	uint64_t bits[RF_COUNT][REGSET_WORDS];
} RegSet;

static inline bool regset_has(const RegSet *s, RegFile f, unsigned r)
{
	return r < REGSET_MAX && (s->bits[f][r / 64] >> (r % 64) & 1);
}
static inline void regset_add(RegSet *s, RegFile f, unsigned r)
{
	if (r < REGSET_MAX)
		s->bits[f][r / 64] |= (uint64_t)1 << (r % 64);
}
/* Registers first..last of file f. */
void regset_add_range(RegSet *s, RegFile f, unsigned first, unsigned last);
/* "s30-s31 s33-s105 v40-v47 ..." (runs in file order); snprintf semantics. */
size_t regset_print(const RegSet *s, char *buf, size_t cap);

typedef struct {
	/* The function returns to its caller (s_setpc_b64 of its return
	 * address): callable conventions. Chain functions and entry points
	 * never return, so they preserve nothing for anyone. */
	bool returns;
	/* An entry point (a shader or a kernel), started by the hardware:
	 * nothing to give back, no return address; its code ends the wave
	 * (s_endpgm) or, a shader, falls through to its epilog with its
	 * return value in the registers the placement gives; SP is its own
	 * to set before a call. */
	bool entry;
	/* A chain function (entry too: no caller, SP its own): it ends the
	 * wave or jumps to the next with llvm.amdgcn.cs.chain, and at that
	 * jump gives back what preserved and kept_inactive say (AMDGPUUsage:
	 * v8 and up, their inactive lanes; amdgpu_cs_chain_preserve: all
	 * their lanes), but the next function's argument registers. */
	bool chain;
	/* A whole-wave function (amdgpu_gfx_whole_wave): its body runs with
	 * every lane on, EXEC = -1 from the prologue's end to the epilogue's
	 * start, whatever lanes its caller had on (AMDGPUUsage, measured llc
	 * 22: `s_xor_saveexec_b32 s0, -1`, the inactive lanes' saves, `s_mov_b32
	 * exec_lo, -1`); the caller's mask comes back at the return. */
	bool whole_wave;
	/* The convention's callee-saved registers: those llc's prologue
	 * saves and its epilogue restores when the body writes them. */
	RegSet saved;
	/* At the return, each of these holds its entry value in every lane:
	 * the saved ones (whole-wave: not the VGPRs whose inactive lanes alone
	 * are given back), and the layout's return address and frame pointer
	 * (given back by the frame code). */
	RegSet preserved;
	/* The registers whose lanes inactive at entry hold their entry value
	 * at a return (every VGPR and AGPR of a callable convention) or a
	 * chain function's jump. */
	RegSet kept_inactive;
	/* The layout's roles (count 0: none): SP is also given back, equal
	 * to its entry value; the scratch descriptor is read, never written. */
	RegRange return_address, stack_ptr, frame_ptr, base_ptr, srd;
	/* The layout's implicit-input registers, by role - ROLE_DISPATCH_PTR:
	 * where a default-convention callee reads them (Placement.inputs). */
	RegRange inputs[ROLE_COUNT - ROLE_FIXED_COUNT];
	/* The stack grows up (SP is incremented to allocate); at a call SP is a
	 * multiple of stack_align bytes per lane. With a scratch descriptor SP
	 * counts the bytes of the whole wave (per-lane bytes × sp_scale =
	 * wave size, swizzled scratch); with architected flat scratch it counts
	 * per-lane bytes (sp_scale 1). */
	unsigned stack_align, sp_scale;
} Contract;

/* A kernel's callee reads these implicit inputs where the layout puts
 * them (Contract.inputs), copied from the kernel's own user SGPRs
 * (AMDGPUUsage: the dispatch packet, queue and dispatch id the dispatch
 * gave it). The others (the implicit-argument pointer, computed from the
 * kernarg pointer; workgroup ids, system SGPRs or architected ones) are
 * not checked yet. */
typedef struct {
	uint8_t role;  /* LayoutRole of the callee's register */
	uint8_t user;  /* UserSgpr of the kernel's */
	const char *what;
} KernelInput;
extern const KernelInput kernel_inputs[];
extern const unsigned kernel_input_count;
/* The registers (contract c's layout) where a kernel (placement kernel)
 * passes input i to a callee (placement callee, its view), or NULL where
 * the callee does not read it or the kernel has no such user SGPR. */
const RegRange *kernel_input_passed(unsigned i, const Contract *c, const Placement *kernel, const Placement *callee);

/* The contract of convention cc under m (profile, layout, target, wave):
 * the callable conventions', an entry point's (a shader or a kernel:
 * entry, nothing preserved) or a chain function's (entry and chain);
 * false for none (*out says returns false). */
bool contract_of(CallConv cc, const ModelConfig *m, Contract *out);
/* The contract as a JSON object ({"returns":true,"saved":["s30-s31",
 * ...],"preserved":[...],"return_address":"s[30:31]",...,"stack_align":16,"sp_scale":64}) or
 * as one line of text; snprintf semantics. */
size_t contract_print(const Contract *c, bool json, char *buf, size_t cap);

#endif
