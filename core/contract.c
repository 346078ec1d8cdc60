/* The callee-saved registers of each convention, as ordered rule tables
 * (AMDGPUCallingConv.td's CalleeSavedRegs), and the rest of the contract
 * from the layout and the target. Every row was confirmed on llc 14, 15,
 * 16, 19 and 22 by a function per register whose inline asm clobbers it:
 * the registers llc's prologue saves and its epilogue restores are these
 * (tests/run_tests.py contract_confirmed). */
#include "contract.h"

#include <stdio.h>
#include <string.h>

const char *const reg_file_prefix[RF_COUNT] = { "s", "v", "a" };

/* Registers first..last of a file, and (every > 0) the same run again every
 * `every` registers up to last_run: the VGPR stripes. A row applies when
 * its switch `when` (0: always, else 1 + ProfileSwitch) is on, its switch
 * `unless` is off, and (agprs) the target has gfx90a instructions. */
typedef struct {
	uint8_t file; /* RegFile; RF_COUNT ends a table */
	uint16_t first, last, every, last_run;
	uint8_t when, unless;
	bool agprs;
	/* saved, but only the lanes inactive at entry are given back (not
	 * preserved in every lane): the whole-wave convention's other VGPRs */
	bool inactive_lanes;
} SaveRow;

#define SW(x) (1 + SW_##x)
#define END { .file = RF_COUNT }
/* CSR_AMDGPU_VGPRs: v40-v47, v56-v63, ... v248-v255, stripes of 8
 * callee-saved and 8 caller-saved registers. */
#define VGPR_STRIPES { .file = RF_VGPR, .first = 40, .last = 47, .every = 16, .last_run = 255 }
/* CSR_AMDGPU_AGPRs, with gfx90a instructions only (CSR_AMDGPU_GFX90AInsts). */
#define AGPRS { .file = RF_AGPR, .first = 32, .last = 255, .agprs = true }

/* CSR_AMDGPU: the default convention (ccc, fastcc, coldcc). s32, the stack
 * pointer, is not among them: it is given back by arithmetic, not saved. */
static const SaveRow func_saved[] = {
	{ .file = RF_SGPR, .first = 30, .last = 31, .when = SW(csr_return_address) }, /* the return address */
	{ .file = RF_SGPR, .first = 33, .last = 105, .unless = SW(csr_sgprs_striped) },
	{ .file = RF_SGPR, .first = 33, .last = 39, .when = SW(csr_sgprs_striped) },
	{ .file = RF_SGPR, .first = 48, .last = 55, .every = 16, .last_run = 87, .when = SW(csr_sgprs_striped) },
	{ .file = RF_SGPR, .first = 96, .last = 105, .when = SW(csr_sgprs_striped) }, /* the last stripe is 10 wide */
	VGPR_STRIPES,
	AGPRS,
	END,
};

/* CSR_AMDGPU_SI_Gfx: amdgpu_gfx. The SGPRs around the stack and frame
 * pointers, s32-s63, are the caller's to save. */
static const SaveRow gfx_saved[] = {
	{ .file = RF_SGPR, .first = 4, .last = 29 },
	{ .file = RF_SGPR, .first = 30, .last = 31, .when = SW(csr_return_address) },
	{ .file = RF_SGPR, .first = 64, .last = 105 },
	VGPR_STRIPES,
	AGPRS,
	END,
};

/* amdgpu_gfx_whole_wave (LLVM 22): amdgpu_gfx's registers, in every lane.
 * Every other VGPR it writes it saves too, in all lanes, but reloads in
 * the lanes inactive at entry only (measured llc 22: `s_xor_b32 exec_lo,
 * s0, -1` before the reload): what every callable convention keeps of a
 * VGPR, which the checker demands of all of them; their active lanes,
 * arguments' too, are the caller's to save. */
static const SaveRow whole_wave_saved[] = {
	{ .file = RF_SGPR, .first = 4, .last = 29 },
	{ .file = RF_SGPR, .first = 30, .last = 31, .when = SW(csr_return_address) },
	{ .file = RF_SGPR, .first = 64, .last = 105 },
	VGPR_STRIPES,
	{ .file = RF_VGPR, .first = 0, .last = 255, .inactive_lanes = true },
	AGPRS,
	END,
};

/* amdgpu_cs_chain (AMDGPUUsage): SGPRs and v0-v7 are not preserved;
 * from v8 on the lanes inactive at entry are (the function saves them
 * when it uses whole-wave mode), the active ones are not. */
static const SaveRow chain_saved[] = {
	{ .file = RF_VGPR, .first = 8, .last = 255, .inactive_lanes = true },
	END,
};

/* amdgpu_cs_chain_preserve: every lane of v8 and up (measured llc 19 and
 * 22: a v40 the body clobbers is reloaded before the jump). */
static const SaveRow chain_preserve_saved[] = {
	{ .file = RF_VGPR, .first = 8, .last = 255 },
	END,
};

const KernelInput kernel_inputs[] = {
	{ ROLE_DISPATCH_PTR, USGPR_DISPATCH_PTR, "dispatch pointer" },
	{ ROLE_QUEUE_PTR, USGPR_QUEUE_PTR, "queue pointer" },
	{ ROLE_DISPATCH_ID, USGPR_DISPATCH_ID, "dispatch id" },
};
const unsigned kernel_input_count = sizeof kernel_inputs / sizeof kernel_inputs[0];

const RegRange *kernel_input_passed(unsigned i, const Contract *c, const Placement *kernel, const Placement *callee)
{
	const KernelInput *k = &kernel_inputs[i];
	const RegRange *to = &c->inputs[k->role - ROLE_FIXED_COUNT];
	return kernel->user.known && (callee->inputs >> (k->role - ROLE_DISPATCH_PTR) & 1) &&
		       (kernel->user.enabled >> k->user & 1) && to->count
		       ? to
		       : 0;
}

static bool row_applies(const SaveRow *r, const ModelConfig *m)
{
	const bool *on = m->profile->on;
	return (!r->when || on[r->when - 1]) && (!r->unless || !on[r->unless - 1]) &&
	       (!r->agprs || m->target->saved_agprs);
}

static const SaveRow *saved_table(CallConv cc)
{
	if (cc == CC_AMDGPU_GFX_WHOLE_WAVE)
		return whole_wave_saved;
	if (cc == CC_AMDGPU_GFX)
		return gfx_saved;
	if (cc == CC_AMDGPU_CS_CHAIN)
		return chain_saved;
	if (cc == CC_AMDGPU_CS_CHAIN_PRESERVE)
		return chain_preserve_saved;
	return conv_in_family(cc, FAMILY_CALLABLE) ? func_saved : 0;
}

void regset_add_range(RegSet *s, RegFile f, unsigned first, unsigned last)
{
	for (unsigned r = first; r <= last && r < REGSET_MAX; r++)
		regset_add(s, f, r);
}

static void add_role(RegSet *s, const RegRange *r)
{
	if (r->count && r->kind == LOC_SGPR)
		regset_add_range(s, RF_SGPR, r->first, r->first + r->count - 1u);
}

bool contract_of(CallConv cc, const ModelConfig *m, Contract *out)
{
	memset(out, 0, sizeof *out);
	const SaveRow *t = saved_table(cc);
	out->chain = conv_in_family(cc, FAMILY_CHAIN);
	out->entry = out->chain || conv_in_family(cc, FAMILY_SHADER) || conv_in_family(cc, FAMILY_KERNEL);
	/* (the entry points' own rules: user SGPRs, preloaded arguments,
	 * the scratch setup, are not here yet) */
	if (!t && !out->entry)
		return false;
	out->returns = !out->entry;
	out->whole_wave = conv_info(cc)->active_mask_param;
	for (; t && t->file != RF_COUNT; t++) {
		if (!row_applies(t, m))
			continue;
		for (unsigned base = t->first; base <= (t->every ? t->last_run : t->first); base += t->every ? t->every : 1) {
			unsigned last = base + (unsigned)(t->last - t->first);
			regset_add_range(&out->saved, (RegFile)t->file, base, last);
			regset_add_range(&out->kept_inactive, (RegFile)t->file, base, last);
			if (!t->inactive_lanes)
				regset_add_range(&out->preserved, (RegFile)t->file, base, last);
		}
	}
	/* A callable function gives back the inactive lanes of every VGPR. */
	if (out->returns) {
		regset_add_range(&out->kept_inactive, RF_VGPR, 0, REGSET_MAX - 1);
		regset_add_range(&out->kept_inactive, RF_AGPR, 0, REGSET_MAX - 1);
	}
	const Layout *l = m->layout;
	out->return_address = l->role[ROLE_RETURN_ADDRESS];
	out->stack_ptr = l->role[ROLE_STACK_PTR];
	out->frame_ptr = l->role[ROLE_FRAME_PTR];
	out->base_ptr = l->role[ROLE_BASE_PTR];
	for (int r = ROLE_FIXED_COUNT; r < ROLE_COUNT; r++)
		out->inputs[r - ROLE_FIXED_COUNT] = l->role[r];
	/* With flat scratch there is no scratch descriptor. */
	if (!m->flat_scratch)
		out->srd = l->role[ROLE_SRD];
	/* A caller finds its return address (LLVM 15+) and its frame pointer
	 * as it left them, whatever the convention's table says (the frame
	 * code gives the frame pointer back). The base pointer only where the table has
	 * it: amdgpu_gfx code uses s34 freely (measured llc 22). */
	if (m->profile->on[SW_csr_return_address] && !out->entry)
		add_role(&out->preserved, &out->return_address);
	if (!out->entry)
		add_role(&out->preserved, &out->frame_ptr);
	out->stack_align = 16;
	out->sp_scale = m->flat_scratch ? 1 : m->wave;
	return true;
}

size_t regset_print(const RegSet *s, char *buf, size_t cap)
{
	size_t n = 0;
	if (cap)
		buf[0] = 0;
	for (int f = 0; f < RF_COUNT; f++)
		for (unsigned r = 0; r < REGSET_MAX; r++) {
			if (!regset_has(s, (RegFile)f, r))
				continue;
			unsigned e = r;
			while (e + 1 < REGSET_MAX && regset_has(s, (RegFile)f, e + 1))
				e++;
			int k = e == r ? snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, "%s%s%u", n ? " " : "",
						   reg_file_prefix[f], r)
				       : snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, "%s%s%u-%s%u", n ? " " : "",
						  reg_file_prefix[f], r, reg_file_prefix[f], e);
			n += k > 0 ? (size_t)k : 0;
			r = e;
		}
	return n;
}

static size_t put(char *buf, size_t cap, size_t n, const char *s)
{
	size_t k = strlen(s);
	if (n < cap) {
		size_t c = k < cap - n - 1 ? k : cap - n - 1;
		memcpy(buf + n, s, c);
		buf[n + c] = 0;
	}
	return n + k;
}

static size_t put_role(char *buf, size_t cap, size_t n, const char *key, const RegRange *r, bool json)
{
	char tmp[32], item[96];
	if (r->count)
		regrange_print(r, tmp, sizeof tmp);
	if (json)
		snprintf(item, sizeof item, ",\"%s\":%s%s%s", key, r->count ? "\"" : "", r->count ? tmp : "null",
			 r->count ? "\"" : "");
	else
		snprintf(item, sizeof item, "; %s %s", key, r->count ? tmp : "none");
	return put(buf, cap, n, item);
}

/* ,"key":["s30-s31",...] or "key s30-s31 ...". */
static size_t put_set(char *buf, size_t cap, size_t n, const char *key, const RegSet *set, bool json)
{
	char runs[4096], head[64];
	regset_print(set, runs, sizeof runs);
	snprintf(head, sizeof head, json ? ",\"%s\":[" : "%s%s ", json ? key : (n ? "; " : ""), json ? "" : key);
	n = put(buf, cap, n, head);
	for (char *p = runs, *sp; *p; p = sp ? sp + 1 : p + strlen(p)) {
		sp = strchr(p, ' ');
		if (sp)
			*sp = 0;
		n = put(buf, cap, n, json ? "\"" : "");
		n = put(buf, cap, n, p);
		n = put(buf, cap, n, json ? (sp ? "\"," : "\"") : (sp ? " " : ""));
	}
	return json ? put(buf, cap, n, "]") : n;
}

size_t contract_print(const Contract *c, bool json, char *buf, size_t cap)
{
	size_t n = 0;
	char num[128];
	if (cap)
		buf[0] = 0;
	if (!c->returns && !c->entry)
		return put(buf, cap, n, json ? "{\"returns\":false}" : "never returns: nothing to give back");
	n = put(buf, cap, n, json ? (c->chain ? "{\"returns\":false,\"entry\":true,\"chain\":true"
				     : c->entry		 ? "{\"returns\":false,\"entry\":true"
				     : c->whole_wave ? "{\"returns\":true,\"whole_wave\":true"
						     : "{\"returns\":true")
			   : c->chain	   ? "a chain function: given back at its jump to the next; "
			   : c->entry	   ? "an entry point: nothing to give back; "
			   : c->whole_wave ? "a whole-wave function: its body runs with every lane on; "
					   : "");
	n = put_set(buf, cap, n, "saved", &c->saved, json);
	if (json) /* in text, the roles below say what else is preserved */
		n = put_set(buf, cap, n, "preserved", &c->preserved, json);
	n = put_role(buf, cap, n, "return_address", &c->return_address, json);
	n = put_role(buf, cap, n, "stack_pointer", &c->stack_ptr, json);
	n = put_role(buf, cap, n, "frame_pointer", &c->frame_ptr, json);
	n = put_role(buf, cap, n, "base_pointer", &c->base_ptr, json);
	n = put_role(buf, cap, n, "srd", &c->srd, json);
	if (json)
		snprintf(num, sizeof num, ",\"stack_align\":%u,\"sp_scale\":%u}", c->stack_align, c->sp_scale);
	else
		snprintf(num, sizeof num, "; stack grows up, %u-byte aligned, SP counts per-lane bytes x %u", c->stack_align,
			 c->sp_scale);
	return put(buf, cap, n, num);
}
