/* Placements: where each 32-bit part of each argument and return value lives.
 * The model (cc.c) produces them; the MIR observer (observe/) produces the
 * same structure from real llc output, so the two can be diffed part by part. */
#ifndef GCNABI_PLACE_H
#define GCNABI_PLACE_H

#include "refusal.h"
#include "sig.h"

enum { PLACE_MAX_PARTS = 4096 };

/* LOC_KERNARG: an amdgpu_kernel argument, in-line in the explicit kernarg
 * segment at offset, size bytes (one Loc per argument). */
typedef enum { LOC_NONE, LOC_SGPR, LOC_VGPR, LOC_STACK, LOC_KERNARG } LocKind;

/* What a register part holds: the value's representation in its 32 bits.
 * The model states it for every register part it places; the observer only
 * where llc's MIR says it (an extension or truncation at the copy of the
 * register, a float conversion), so REPR_UNSTATED compares with anything.
 * "low" covers every value narrower than 32 bits in the low bits with the
 * rest undefined: an any-extended integer, a half or a bfloat's 16 bits;
 * the registers hold the same bits whichever type it is. */
#define REPRS(X)                                                                                            \
	X(UNSTATED, "", "nothing said")                                                                   \
	X(BITS, "bits", "a 32-bit value, every bit of it")                                              \
	X(PIECE, "piece", "32 bits of a wider value")                                                   \
	X(PACKED, "packed", "two 16-bit elements, the first in the low half")                           \
	X(LOW, "low", "a value narrower than 32 bits in the low bits, the rest undefined")              \
	X(SEXT, "sext", "an integer sign-extended to 32 bits")                                          \
	X(ZEXT, "zext", "an integer zero-extended to 32 bits")                                          \
	X(F32, "f32", "a half (or bfloat) promoted to float")

typedef enum {
#define X(id, name, what) REPR_##id,
	REPRS(X)
#undef X
	REPR_COUNT
} Repr;

typedef struct {
	const char *name; /* the --json word; "" for REPR_UNSTATED */
	const char *what;
} ReprName;
extern const ReprName repr_names[REPR_COUNT];

/* The Repr named name, or REPR_COUNT. */
unsigned repr_find(const char *name);

typedef struct {
	uint8_t kind;    /* LocKind */
	uint16_t reg;    /* SGPR/VGPR number */
	uint32_t offset; /* STACK: byte offset in the incoming argument area; KERNARG: in the kernarg segment */
	uint32_t size;   /* STACK: the slot's object size in bytes (0 = unknown); KERNARG: alloc size */
	uint8_t repr;    /* Repr of a register part; REPR_UNSTATED for memory and where not known */
} Loc;

typedef struct {
	uint16_t first, count; /* range in Placement.locs */
} PartRange;

/* Where a shader entry point's scratch (private segment) descriptor comes
 * from, by OS and target (the prologue llc writes, not visible in MIR). */
typedef enum {
	SRD_NONE,        /* not known (an observed placement) or no scratch used */
	SRD_FLAT,        /* architected flat scratch: no descriptor, no wave offset */
	SRD_GIT,         /* amdpal: s_load_dwordx4 from {s_getpc high, reg} + offset */
	SRD_PTR,         /* mesa3d compute: s[reg:reg+1] is the scratch base itself */
	SRD_LOAD_PTR,    /* mesa3d graphics: s_load_dwordx2 of the base from s[reg:reg+1] + offset */
	SRD_RELOC,       /* no OS: SCRATCH_RSRC_DWORD0/1 relocations the loader patches */
} ScratchRsrcKind;

typedef struct {
	uint8_t kind;    /* ScratchRsrcKind */
	uint16_t reg;    /* GIT: the SGPR with the GIT pointer's low half; PTR/LOAD_PTR: the pair's first */
	uint16_t offset; /* GIT/LOAD_PTR: byte offset of the load */
} ScratchRsrc;

/* A run of consecutive registers of one file: s[4:5] is {LOC_SGPR, 4, 2}. */
typedef struct {
	uint8_t kind;  /* LOC_SGPR or LOC_VGPR */
	uint16_t first, count;
} RegRange;

/* "s4", "v[0:1]", "s[0:3]". */
size_t regrange_print(const RegRange *r, char *buf, size_t cap);

/* amdgpu_kernel: the user SGPRs a dispatch initializes, in the hardware's
 * fixed order from s0 (AMDGPUUsage, "Initial Kernel Execution State"); the
 * enabled ones are packed, preloaded kernel arguments follow them. */
typedef enum {
	USGPR_PRIVATE_SEGMENT_BUFFER, /* 4 */
	USGPR_DISPATCH_PTR,           /* 2 */
	USGPR_QUEUE_PTR,              /* 2 */
	USGPR_KERNARG_SEGMENT_PTR,    /* 2 */
	USGPR_DISPATCH_ID,            /* 2 */
	USGPR_FLAT_SCRATCH_INIT,      /* 2 */
	USGPR_PRIVATE_SEGMENT_SIZE,   /* 1 */
	USGPR_COUNT
} UserSgpr;

/* Directive suffixes (.amdhsa_user_sgpr_<name>) and sizes in SGPRs. */
extern const char *const user_sgpr_names[USGPR_COUNT];
extern const uint8_t user_sgpr_sizes[USGPR_COUNT];

typedef struct {
	bool known;
	uint8_t enabled;        /* bit per UserSgpr */
	uint8_t count;          /* .amdhsa_user_sgpr_count, preloaded arguments included */
	uint8_t preload_length; /* SGPRs of preloaded kernel arguments, after the enabled ones */
	uint8_t preload_offset; /* kernarg byte offset they start at */
} UserSgprs;

/* The first SGPR of field u (or of the preloaded arguments for USGPR_COUNT):
 * the sizes of the enabled fields before it. */
unsigned user_sgpr_first(const UserSgprs *u, unsigned field);

typedef struct {
	bool ok;
	char error[192];     /* when !ok: why the function cannot be placed */
	uint8_t refusal;     /* when !ok: its RefusalClass (refusal.h) */
	uint16_t nargs;
	PartRange args[SIG_MAX_PARAMS];
	PartRange ret;       /* count 0 for void or a demoted return */
	bool ret_demoted;    /* return lowered to a hidden sret pointer... */
	Loc sret;            /* ...which arrives here */
	/* amdgpu_ps: the input slots allocated (psInputAddr) and used
	 * (psInputEnable), bit N = slot N; known when ps_inputs. */
	bool ps_inputs;
	uint16_t ps_input_addr, ps_input_enable;
	/* amdgpu_kernel: the explicit kernarg segment size (end of the last
	 * argument, not padded); known when kernarg. */
	bool kernarg;
	uint32_t kernarg_size;
	/* Shader entry points: the system SGPRs llc adds to the user SGPRs,
	 * known when sys_sgprs. -1 when absent. The wave offset only counts
	 * when scratch is used (the model: Sig.uses_scratch; the observer
	 * reads it from the signature llc's MIR embeds). */
	bool sys_sgprs, scratch;
	int16_t implicit_buffer_ptr; /* first SGPR of the pair (mesa3d: s[0:1]) */
	int16_t scratch_wave_offset; /* the private segment wave byte offset */
	ScratchRsrc srd;             /* model only */
	UserSgprs user;      /* amdgpu_kernel: its user SGPRs, when known */
	/* The default convention's callee: the implicit inputs it reads, bit
	 * (role - ROLE_DISPATCH_PTR) per layout role (its "amdgpu-no-*"
	 * attributes free the others). */
	uint16_t inputs;
	/* Bit i: argument i is unused by the body, so llc's MIR cannot show
	 * where it is: a side without its parts still agrees. */
	uint64_t unused[SIG_MAX_PARAMS / 64];
	uint32_t nlocs;
	Loc locs[PLACE_MAX_PARTS];
} Placement;

static inline void place_init(Placement *p)
{
	p->ok = true;
	p->error[0] = 0;
	p->refusal = REFUSAL_NONE;
	p->nargs = 0;
	p->ret.first = p->ret.count = 0;
	p->ret_demoted = false;
	p->sret.kind = LOC_NONE;
	p->ps_inputs = false;
	p->ps_input_addr = p->ps_input_enable = 0;
	p->kernarg = false;
	p->kernarg_size = 0;
	p->sys_sgprs = p->scratch = false;
	p->implicit_buffer_ptr = p->scratch_wave_offset = -1;
	p->srd = (ScratchRsrc){ SRD_NONE, 0, 0 };
	p->user = (UserSgprs){ 0 };
	p->inputs = 0;
	p->unused[0] = p->unused[1] = p->unused[2] = p->unused[3] = 0;
	p->nlocs = 0;
}

/* ,"user_sgprs":{"kernarg_segment_ptr":"s[4:5]",...},"user_sgpr_count":N,
 * "kernarg_preload_length":N[,"kernarg_preload":"s[6:7]","kernarg_preload_offset":0]:
 * the keys a kernel's JSON object adds, leading comma included. */
size_t user_sgprs_print_json(const UserSgprs *u, char *buf, size_t cap);

/* Human form: "s4", "v[0:1]" style ranges are built by the printer;
 * loc_print prints one part: "s4", "v0", "stack+8". */
size_t loc_print(const Loc *l, char *buf, size_t cap);

/* s as a JSON string literal, quotes included, control characters and
 * quotes escaped; snprintf semantics. The one escaper every printer uses. */
size_t json_quote(const char *s, char *buf, size_t cap);

/* One JSON object on one line (the --json contract), for sig placed as p.
 * Arg type strings come from the Sig. No trailing newline. */
size_t place_print_json(const Sig *s, const Placement *p, char *buf, size_t cap);
/* The shader keys of p, each with a leading comma, or "" when p has none:
 * ,"system_sgprs":{"implicit_buffer_ptr":"s[0:1]","scratch_wave_offset":"s3"}
 * (when scratch is used or a system SGPR is there) and, for the model,
 * ,"scratch_rsrc":"git:s0+16" (also "flat", "ptr:s[0:1]",
 * "load:s[0:1]+0", "reloc"). snprintf semantics. */
size_t sys_sgprs_print_json(const Placement *p, char *buf, size_t cap);
/* "parts":[...] of range r, with "reprs" and "slot_sizes" where place_print_json
 * has them: the one printer of parts, the observer's untyped placements
 * too. snprintf semantics. */
size_t parts_print_json(const Placement *p, PartRange r, char *buf, size_t cap);
/* Human form: "f: i32 inreg -> s4 | i64 -> v[0:1] | ret float -> v0". */
size_t place_print_human(const Sig *s, const Placement *p, char *buf, size_t cap);

#endif
