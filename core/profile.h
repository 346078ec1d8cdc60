/* Compiler-version profiles: what one llc release does, bugs included.
 * Every difference between releases is a named switch with a one-line
 * comment (what changes, since which version), so a report can say why two
 * versions place the same signature differently. */
#ifndef GCNABI_PROFILE_H
#define GCNABI_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

/* X(name, bug, comment) — the comment is printed by `gcnabi profiles` and in
 * reports. bug: NULL when the switch is a difference of behaviour between
 * releases; for one that reproduces a compiler bug (values lost, a caller
 * and callee that disagree, llc failing on valid IR) its upstream reference,
 * "none found upstream" where no report or fix was found. Reports list
 * the bugs a run saw, explained by a switch or not. */
#define PROFILE_SWITCHES(X) \
	X(func_inreg_sgpr, NULL, "default CC: inreg arguments take SGPRs, then VGPRs (seen in 19 and 22; upstream PR #67182, after 16); in 14-16 SelectionDAG ignores inreg") \
	X(dag_fp16_promoted, "llvm/llvm-project#112524 (fixed by PR #175795, after 22)", "targets without 16-bit instructions (gfx6, gfx7, the generic target): SelectionDAG passes a half or bfloat promoted to float, GlobalISel its 16 bits in the low half, so code of one selector calling code of the other reads the wrong bits (LLVM 14-22)") \
	X(gisel_bfloat_vector_written_low, "none found upstream", "GlobalISel writes each register of a bfloat vector (a call's arguments, a return) as one element any-extended (G_UNMERGE_VALUES, G_ANYEXT), not as a packed pair: the second element of each pair is lost where the reader takes both halves (G_BITCAST of a <2 x bfloat>; LLVM 16-22)") \
	X(gisel_bfloat_vector_unpacked_read, "llvm/llvm-project#77055 (the same IRTranslator path asserts in builds with assertions)", "GlobalISel reads a bfloat vector of more than two elements one element per register (a G_BUILD_VECTOR of the registers, G_TRUNC): the high half of each register, every second element a caller packs, is lost (LLVM 16)") \
	X(chain_call_drops_ext, "none found upstream", "a llvm.amdgcn.cs.chain call passes its arguments in two aggregates, without signext/zeroext: where an i8 or i16 is widened to 32 bits (no 16-bit instructions) the caller any-extends it while a signext/zeroext chain callee takes it as extended (G_ANYEXT against G_ASSERT_SEXT/G_ASSERT_ZEXT; LLVM 19-22)") \
	X(func_inreg_gisel_fails, "llvm/llvm-project#78123 (the GlobalISel fix)", "default CC: GlobalISel cannot lower an inreg argument and aborts (LLVM 14-16)") \
	X(queue_ptr_cov5_hole, "llvm/llvm-project#112403 (reserved again)", "default CC callee: s[6:7] (queue ptr) is not reserved under code object v5, so inreg arguments use it (LLVM 19; reserved again in 22, upstream PR #112403)") \
	X(lds_kernel_id_input, NULL, "default CC: s15 carries the LDS kernel id and is reserved (LLVM 16+; argumentInfo shows LDSKernelId)") \
	X(workgroup_id_needs_no_cluster, NULL, "default CC: freeing a workgroup-id SGPR also needs amdgpu-no-cluster-id-<dim> (LLVM 22)") \
	X(caller_inreg_over_srd, "llvm/llvm-project#182753, #182754", "call sites: inreg arguments are assigned from s0 over the scratch descriptor, which the callee keeps reserved (LLVM 19-22; fixed by PRs #182753/#182754)") \
	X(byval_fat_ptr_call_align, "none found upstream", "call sites: when a call passes or returns ptr addrspace(7), AMDGPULowerBufferFatPointers rewrites it, and a byval type holding ptr addrspace(7) with it to {ptr addrspace(8), i32}: the caller copies the object at that type's alignment (16) and size, the callee reads it at the DataLayout's (32) (LLVM 19-22)") \
	X(bfloat_unsupported, NULL, "bfloat arguments and returns do not lower (LLVM 14)") \
	X(bfloat_vector_dag_store_fails, "none found upstream", "SelectionDAG cannot select the stores of most bfloat vectors, so a function that stores one fails (LLVM 14; an argument the body never uses is fine)") \
	X(bfloat_scalar_dag_fails, "none found upstream", "SelectionDAG cannot select scalar bfloat loads and stores and crashes on odd-length bfloat vectors (LLVM 15)") \
	X(gisel_bfloat_call_fails, "none found upstream (GlobalISel bfloat vectors: llvm/llvm-project#77055)", "GlobalISel cannot translate a call that passes or returns a bfloat or bfloat vector as a whole (LLVM 22)") \
	X(dag_dynamic_alloca_fails, NULL, "SelectionDAG refuses a dynamic alloca in a callable function (\"unsupported dynamic alloca\"; LLVM 14-19): gcnabi emit leaves it out of a \"gcnabi-frame\" body there") \
	X(bfloat_as_i32, NULL, "bfloat is carried as a 32-bit integer: 4-byte stack slots (LLVM 15-16); 2-byte bf16 in 19 and 22") \
	X(buffer_ptr_split, NULL, "ptr addrspace(7) is {ptr addrspace(8), i32}: 5 parts; ptr addrspace(8) is 128-bit: 4 parts (LLVM 19+; 64-bit pointers before)") \
	X(buffer_strided_ptr, NULL, "ptr addrspace(9) is the 192-bit buffer strided pointer, which the model does not place (LLVM 19+); 14-16 know no address space 9 and give it a 64-bit pointer, as every address space above 9") \
	X(shader_i1_arg_fails, "llvm/llvm-project#68087", "shader entry points: an i1 argument, alone or inside an aggregate, is \"unable to allocate function argument\" (LLVM 14-16); 19 and 22 promote it to i32") \
	X(shader_ret_v2i16_fails, "none found upstream", "shader entry points: RetCC_SI_Shader has no row for packed <2 x i16>, so returning 16-bit integer vectors fails (LLVM 14-15)") \
	X(shader_dag_undef_sgprs, "none found upstream", "shader entry points: SelectionDAG replaces some SGPR values (inreg arguments, integer returns of 64-bit pieces) with IMPLICIT_DEF, so llc reads or returns fewer parts than the ABI assigns: the values are lost (LLVM 16)") \
	X(bfloat_vector_ret_float, NULL, "returned bfloat vectors are float parts, so a shader returns them in VGPRs (LLVM 14-15); from 16 on <2 x bfloat> is an integer part (SGPRs)") \
	X(cs_chain_cc, NULL, "the chain conventions exist, amdgpu_cs_chain and its _preserve variant (LLVM 19+; older llc cannot parse them)") \
	X(gfx_whole_wave_cc, NULL, "amdgpu_gfx_whole_wave and llvm.amdgcn.call.whole.wave exist (LLVM 22, added upstream in mid-2025; 19 and older cannot parse them)") \
	X(whole_wave_dag_sret_to_mask, "none found upstream", "amdgpu_gfx_whole_wave, SelectionDAG callee: a demoted return's hidden pointer is replaced by the active-lane mask, which takes an argument place of its own (an i1: a stack slot); the return is stored through the mask (LLVM 22)") \
	X(whole_wave_dag_call_ret_attrs, "none found upstream", "llvm.amdgcn.call.whole.wave, SelectionDAG call site: the return's attributes are dropped, so an inreg return comes back in VGPRs instead of through sret (LLVM 22)") \
	X(whole_wave_gisel_call_ret, "none found upstream", "llvm.amdgcn.call.whole.wave, GlobalISel call site: the return is tested as a ccc vararg call's (demoted beyond 32 parts, inreg ignored); a demoted one passes the callee's 64-bit address where the hidden pointer goes and gets nothing back, an inreg one that fits is not lowered at all (LLVM 22)") \
	X(chain_dvgpr, NULL, "llvm.amdgcn.cs.chain with flags bit 0 reallocates VGPRs (SI_CS_CHAIN_TC_W32_DVGPR; wave64 is an error) (LLVM 22); 19 ignores the operands and makes a plain chain call") \
	X(kernel_implicit_user_sgprs, NULL, "kernels: the dispatch pointer, dispatch id and kernarg pointer (for the implicit arguments) user SGPRs and the workgroup-id y/z system SGPRs are enabled unless an amdgpu-no-* attribute frees them (LLVM 19+); 14-16 enable them only for a body that uses them") \
	X(kernel_queue_ptr_sgpr, NULL, "kernels: the queue pointer user SGPR is enabled unless amdgpu-no-queue-ptr, under any code object version (LLVM 22); 19 enables it only below code object v5, and its default is v5") \
	X(kernel_flat_scratch_init_sgpr, NULL, "kernels: the flat scratch init user SGPRs are enabled unless amdgpu-no-flat-scratch-init, without architected flat scratch (LLVM 22); 14-19 only for a body with a stack or calls") \
	X(kernarg_preload, NULL, "kernels: leading inreg arguments are preloaded into the user SGPRs after the enabled ones, on CPUs with kernarg preload (gfx940/gfx942), with SelectionDAG (LLVM 19+); GlobalISel ignores inreg") \
	X(kernarg_preload_cov4_budget, NULL, "kernels: the preload budget also counts the queue pointer unless amdgpu-no-queue-ptr (code object v5 does not enable it) and keeps one SGPR free (LLVM 19); 22 counts the enabled user SGPRs only") \
	X(gfx_ret_dag_vgpr_budget, "none found upstream", "amdgpu_gfx: SelectionDAG demotes a return larger than the function's VGPR budget, GlobalISel does not (LLVM 19+); a call site uses the caller's budget, not the callee's") \
	X(csr_sgprs_striped, NULL, "default CC: the callee-saved SGPRs are s30-s31 and stripes s33-s39, s48-s55, s64-s71, s80-s87, s96-s105 (LLVM 22); before, s30-s31 and s33-s105") \
	X(csr_return_address, NULL, "default CC and amdgpu_gfx: the return address s[30:31] is callee-saved, so a caller finds it as it left it (LLVM 15+; in 14 a function may return through a copy and leave s[30:31] clobbered)")

typedef enum {
#define X(name, bug, comment) SW_##name,
	PROFILE_SWITCHES(X)
#undef X
	SW_COUNT
} ProfileSwitch;

typedef struct {
	const char *name;        /* "llvm19" */
	unsigned major;          /* 19 */
	bool on[SW_COUNT];
} Profile;

extern const char *const profile_switch_names[SW_COUNT];
extern const char *const profile_switch_comments[SW_COUNT];
extern const char *const profile_switch_bugs[SW_COUNT]; /* NULL: not a bug */

const Profile *profile_find(const char *name);       /* "llvm19" or "19" */
const Profile *profile_at(unsigned i);               /* NULL past the end */
/* The profile for `llc --version` output ("LLVM version 19.1.7"): the
 * newest profile whose major is <= the version's; NULL if none. */
const Profile *profile_for_version_text(const char *text, size_t len);
/* The major version that text names ("LLVM version 18.1.0": 18), 0 when
 * it names none: the profile above is an older one's when they differ. */
unsigned profile_version_major(const char *text, size_t len);
/* Whether this llc recognises the CPU (target.c says which majors do);
 * it compiles any other for the generic target. */
bool profile_knows_cpu(const Profile *p, const char *cpu);
/* The target this llc compiles for with -mcpu=cpu: its own, or the generic
 * one for a CPU it does not know ("is not a recognized processor for this
 * target (ignoring processor)"); NULL for a CPU gcnabi does not know. */
struct Target;
const struct Target *profile_target(const Profile *p, const char *cpu);
/* The newest profile: the default wherever none is named. */
const Profile *profile_newest(void);

#endif
