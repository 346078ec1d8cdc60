/* SGPR layouts: which SGPRs hold the scratch descriptor, return address,
 * stack/frame/base pointers and implicit inputs, and which carry inreg
 * arguments. Layouts are data (layouts/NAME.layout), parsed and validated
 * here without I/O so that a user can add one without recompiling. */
#ifndef GCNABI_LAYOUT_H
#define GCNABI_LAYOUT_H

#include "place.h"

enum { LAYOUT_MAX_RANGES = 8, LAYOUT_NAME_MAX = 64, SGPR_COUNT = 106, VGPR_COUNT = 256 };

/* Registers with one fixed job. The fixed roles (ROLE_SRD to ROLE_BASE_PTR)
 * are reserved in every function of a convention whose SGPRs come from the
 * layout, so no argument ever takes them. Implicit inputs are what a
 * callable function of the default convention receives from its caller. */
typedef enum {
	ROLE_SRD,            /* scratch resource descriptor, 4 aligned SGPRs; none with architected flat scratch */
	ROLE_RETURN_ADDRESS, /* 2 aligned SGPRs */
	ROLE_STACK_PTR,
	ROLE_FRAME_PTR,
	ROLE_BASE_PTR,
	ROLE_DISPATCH_PTR,   /* the first implicit input */
	ROLE_QUEUE_PTR,
	ROLE_IMPLICITARG_PTR,
	ROLE_DISPATCH_ID,
	ROLE_WORKGROUP_ID_X,
	ROLE_WORKGROUP_ID_Y,
	ROLE_WORKGROUP_ID_Z,
	ROLE_LDS_KERNEL_ID,
	ROLE_COUNT,
	ROLE_FIXED_COUNT = ROLE_DISPATCH_PTR /* roles below it are the fixed ones */
} LayoutRole;

/* Ordered register lists that carry values; allocation takes the first free
 * register of the list, in list order, skipping reserved ones. Returns have
 * no pool: both conventions return in VGPRs (an amdgpu_gfx inreg return is
 * demoted to a hidden sret pointer). */
typedef enum {
	POOL_FUNC_SGPR_ARGS,   /* default convention, inreg arguments */
	POOL_GFX_SGPR_ARGS,    /* amdgpu_gfx, inreg arguments */
	POOL_COUNT
} LayoutPool;

typedef struct {
	uint8_t n;
	RegRange r[LAYOUT_MAX_RANGES];
} RegList;

typedef struct {
	char name[LAYOUT_NAME_MAX];
	RegRange role[ROLE_COUNT]; /* count 0: the layout has no such role */
	RegList pool[POOL_COUNT];
} Layout;

extern const char *const layout_role_names[ROLE_COUNT]; /* "srd", "return_address", ... */
extern const char *const layout_pool_names[POOL_COUNT]; /* "func_sgpr_args", ... */

typedef struct {
	uint32_t line, col;
	char msg[192];
} LayoutError;

/* Parse and validate a layout file's text. Format: `key = value` lines,
 * `#` comments; roles take one range (`s32`, `s[0:3]`), pools take a comma
 * separated list of ranges or `none`. Every role and pool must be given once. */
bool layout_parse(const char *text, size_t len, Layout *out, LayoutError *err);
/* Print in the canonical file format; layout_parse of the output gives an
 * identical Layout. snprintf semantics. */
size_t layout_print(const Layout *l, char *buf, size_t cap);

static inline bool reglist_contains(const RegList *l, unsigned kind, unsigned reg)
{
	for (unsigned i = 0; i < l->n; i++)
		if (l->r[i].kind == kind && reg >= l->r[i].first && reg < (unsigned)l->r[i].first + l->r[i].count)
			return true;
	return false;
}

#endif
