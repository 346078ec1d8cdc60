/* The kernel observer: reads the HSA metadata (the .amdgpu_metadata YAML)
 * in the assembly llc prints for -mtriple=amdgcn-amd-amdhsa and reports
 * each amdgpu_kernel's explicit kernarg layout (.offset and .size of every
 * argument that is not hidden_*) as a Placement of LOC_KERNARG parts,
 * and its user SGPRs from the kernel descriptor's
 * .amdhsa_user_sgpr_* directives (the enabled fields, the count and the
 * preloaded kernel arguments). Pure: text in, MirFunctions out through the
 * MIR observer's sink. */
#ifndef GCNABI_HSA_H
#define GCNABI_HSA_H

#include "mir.h"

/* Observe every kernel of an assembly file, in metadata order. Text without
 * HSA metadata, a malformed entry or metadata cut off before its end is
 * MIR_MALFORMED with err saying where (a kernel cut off is delivered with
 * failed = true first). err may be NULL. */
MirStatus hsa_observe(const char *text, size_t len, MirSink sink, void *ctx, MirError *err);

/* Whether text is llc assembly with HSA metadata (a line ".amdgpu_metadata")
 * rather than MIR: what `gcnabi observe` reads it as. */
bool hsa_has_metadata(const char *text, size_t len);

#endif
