/* Inside the model (cc.h): what cc.c takes from its neighbours in core/.
 * Private to core/. */
#ifndef GCNABI_CC_IMPL_H
#define GCNABI_CC_IMPL_H

#include <stdint.h>

#include "cc.h"
#include "rules.h"

/* A shader entry point's system SGPRs after its user SGPRs (sgpr_used:
 * the SGPRs its arguments took) and its scratch descriptor, by the OS of
 * m's triple (shader_os.c). */
void shader_system_sgprs(const Sig *s, const ModelConfig *m, const uint64_t *sgpr_used, Placement *out);
/* Whether the OS puts s[0:1] (the implicit buffer pointer) before a
 * shader's user SGPR arguments, used or not (shader_os.c). */
bool shader_os_implicit_buffer_ptr(TargetOs os);

#endif
