/* The profiles. A row per llc release; the switch comments in profile.h say
 * what each one means and since when. */
#include "profile.h"

#include "target.h"

#include <stdlib.h>
#include <string.h>

const char *const profile_switch_names[SW_COUNT] = {
#define X(name, bug, comment) #name,
	PROFILE_SWITCHES(X)
#undef X
};

const char *const profile_switch_comments[SW_COUNT] = {
#define X(name, bug, comment) comment,
	PROFILE_SWITCHES(X)
#undef X
};

const char *const profile_switch_bugs[SW_COUNT] = {
#define X(name, bug, comment) bug,
	PROFILE_SWITCHES(X)
#undef X
};

#define ON(sw) [SW_##sw] = true
static const Profile profiles[] = {
	{ "llvm14", 14, { ON(dag_fp16_promoted), ON(func_inreg_gisel_fails), ON(bfloat_unsupported), ON(bfloat_vector_dag_store_fails),
			  ON(shader_i1_arg_fails),
			  ON(shader_ret_v2i16_fails), ON(bfloat_vector_ret_float), ON(dag_dynamic_alloca_fails) } },
	{ "llvm15", 15, { ON(dag_fp16_promoted), ON(func_inreg_gisel_fails), ON(bfloat_scalar_dag_fails), ON(csr_return_address), ON(bfloat_as_i32),
			  ON(shader_i1_arg_fails), ON(shader_ret_v2i16_fails), ON(bfloat_vector_ret_float),
			  ON(dag_dynamic_alloca_fails) } },
	{ "llvm16", 16, { ON(gisel_bfloat_vector_unpacked_read), ON(gisel_bfloat_vector_written_low), ON(dag_fp16_promoted), ON(func_inreg_gisel_fails), ON(lds_kernel_id_input), ON(csr_return_address), ON(bfloat_as_i32), ON(shader_i1_arg_fails),
			  ON(shader_dag_undef_sgprs), ON(dag_dynamic_alloca_fails) } },
	{ "llvm19", 19, { ON(chain_call_drops_ext), ON(gisel_bfloat_vector_written_low), ON(dag_fp16_promoted), ON(kernel_implicit_user_sgprs), ON(kernarg_preload), ON(kernarg_preload_cov4_budget), ON(csr_return_address), ON(func_inreg_sgpr), ON(queue_ptr_cov5_hole), ON(lds_kernel_id_input),
			  ON(caller_inreg_over_srd), ON(byval_fat_ptr_call_align), ON(buffer_ptr_split), ON(buffer_strided_ptr),
			  ON(gfx_ret_dag_vgpr_budget), ON(cs_chain_cc), ON(dag_dynamic_alloca_fails) } },
	{ "llvm22", 22, { ON(chain_call_drops_ext), ON(gisel_bfloat_vector_written_low), ON(dag_fp16_promoted), ON(kernel_implicit_user_sgprs), ON(kernel_queue_ptr_sgpr), ON(kernel_flat_scratch_init_sgpr),
			  ON(kernarg_preload), ON(func_inreg_sgpr), ON(lds_kernel_id_input), ON(workgroup_id_needs_no_cluster),
			  ON(caller_inreg_over_srd), ON(byval_fat_ptr_call_align), ON(buffer_ptr_split), ON(buffer_strided_ptr),
			  ON(gfx_ret_dag_vgpr_budget), ON(gisel_bfloat_call_fails),
			  ON(cs_chain_cc), ON(chain_dvgpr), ON(gfx_whole_wave_cc), ON(csr_sgprs_striped), ON(csr_return_address),
			  ON(whole_wave_dag_sret_to_mask), ON(whole_wave_dag_call_ret_attrs), ON(whole_wave_gisel_call_ret) } },
};
#undef ON

const Profile *profile_at(unsigned i)
{
	return i < sizeof profiles / sizeof profiles[0] ? &profiles[i] : 0;
}

const Profile *profile_find(const char *name)
{
	const char *digits = strncmp(name, "llvm", 4) == 0 ? name + 4 : name;
	for (unsigned i = 0; i < sizeof profiles / sizeof profiles[0]; i++)
		if (strcmp(profiles[i].name, name) == 0 || strcmp(profiles[i].name + 4, digits) == 0)
			return &profiles[i];
	return 0;
}

unsigned profile_version_major(const char *text, size_t len)
{
	static const char key[] = "LLVM version ";
	size_t k = sizeof key - 1;
	for (size_t i = 0; i + k < len; i++) {
		if (memcmp(text + i, key, k) != 0)
			continue;
		unsigned major = 0;
		for (size_t j = i + k; j < len && text[j] >= '0' && text[j] <= '9' && major < 1000; j++)
			major = major * 10 + (unsigned)(text[j] - '0');
		return major;
	}
	return 0;
}

const Profile *profile_for_version_text(const char *text, size_t len)
{
	unsigned major = profile_version_major(text, len);
	const Profile *best = 0;
	for (unsigned p = 0; major && p < sizeof profiles / sizeof profiles[0]; p++)
		if (profiles[p].major <= major)
			best = &profiles[p];
	return best;
}

bool profile_knows_cpu(const Profile *p, const char *cpu)
{
	const Target *t = target_find(cpu);
	return t && t != target_generic() && target_known_by(t, p->major);
}

const Target *profile_target(const Profile *p, const char *cpu)
{
	const Target *t = target_find(cpu);
	return !t || profile_knows_cpu(p, cpu) ? t : target_generic();
}

const Profile *profile_newest(void) { return &profiles[sizeof profiles / sizeof profiles[0] - 1]; }
