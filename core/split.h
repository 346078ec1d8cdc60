/* Splitting IR types into the 32-bit parts that calling conventions assign,
 * and the DataLayout facts (size, alignment) that byval copies need. These
 * follow SITargetLowering::getRegisterTypeForCallingConv and
 * getNumRegistersForCallingConv for non-kernel conventions. */
#ifndef GCNABI_SPLIT_H
#define GCNABI_SPLIT_H

#include "cc.h"

typedef enum {
	PART_I1,   /* a lone i1: promoted to i32 in registers, 1-byte stack object */
	PART_INT,  /* integer, pointer, packed <2 x i16>, pieces of wider values */
	PART_FP,   /* f32, f16, packed <2 x half> */
	PART_BF16, /* scalar bfloat (LLVM 19 and 22) */
	PART_CLASS_COUNT
} PartClass;

/* count consecutive parts alike: <16 x float> is one run of 16 FP parts.
 * The model places whole runs where the rules allow it. */
typedef struct {
	uint8_t cls;    /* PartClass */
	uint8_t store;  /* store size of the part's value type: its stack object size */
	uint16_t count; /* >= 1 */
	uint8_t repr;   /* Repr (place.h) of each part in a register, before signext/zeroext */
	uint8_t writer_repr; /* what the side that writes the part (a call site's arguments, a return) puts
	                      * there where it differs from repr (gisel_bfloat_vector_written_low); REPR_UNSTATED: repr */
} PartRun;

/* The runs of one value, and how many parts they hold in all. */
typedef struct {
	PartRun *runs;
	unsigned nruns, nparts;
	unsigned cap;         /* limit of both nruns and nparts */
	unsigned merge_floor; /* runs before this index are not extended (0 to start) */
} Parts;

typedef enum {
	SPLIT_OK,
	SPLIT_UNSUPPORTED, /* llc refuses the type: the convention cannot lower it */
	SPLIT_UNSELECTABLE, /* llc lowers it, but cannot select the loads and stores of it a body needs */
	SPLIT_TOO_MANY,    /* more than the caller's capacity */
	SPLIT_DEMOTE,      /* a return llc can only pass through memory */
} SplitStatus;

/* Append the parts of type t to out, merging a part into the previous run
 * when they are alike. On SPLIT_UNSUPPORTED and SPLIT_UNSELECTABLE, *why
 * names the construct. */
SplitStatus split_type(const Sig *s, TypeId t, const ModelConfig *m, bool is_return, Parts *out, const char **why);

/* split_type for a value in gcnabi's bodies: an argument they never load
 * or store (body_skips_bfloat) needs only to lower. This is what the model
 * places. */
SplitStatus split_value(const Sig *s, TypeId t, const ModelConfig *m, bool is_return, Parts *out, const char **why);

/* DataLayout of the profile's llc: ABI alignment and alloc size in bytes.
 * Sizes saturate at UINT64_MAX / 2 for absurd aggregates. */
uint64_t type_abi_align(const Sig *s, TypeId t, const Profile *p);
uint64_t type_alloc_size(const Sig *s, TypeId t, const Profile *p);
/* The same for a kernel argument's value type, which llc 19+ lays out after
 * AMDGPULowerBufferFatPointers rewrote each p7 in it to {ptr addrspace(8),
 * i32}: align 16, not the DataLayout's 32 ({i8, p7} is 48 bytes). A byref
 * type is not rewritten. */
uint64_t type_kernarg_align(const Sig *s, TypeId t, const Profile *p);
uint64_t type_kernarg_size(const Sig *s, TypeId t, const Profile *p);

/* Whether t is or contains a value of the given kind. The parser bounds
 * nesting, so the recursion is bounded. */
bool type_contains(const Sig *s, TypeId t, TypeKind kind);
/* The same outside vectors: a scalar of that kind, alone or in an
 * aggregate. */
bool type_contains_scalar(const Sig *s, TypeId t, TypeKind kind);
/* Whether t is or holds a ptr addrspace(7) (a buffer fat pointer). */
bool type_contains_fat_pointer(const Sig *s, TypeId t);
/* t holds a vector of more than one element, an odd number, of kind elem. */
bool type_contains_odd_vector(const Sig *s, TypeId t, TypeKind elem);
/* m with one profile switch off (the profile copied into storage): the
 * rules of an llc as if it did not have that failure. */
ModelConfig model_without_switch(const ModelConfig *m, ProfileSwitch sw, Profile *storage);

/* Where this llc's SelectionDAG cannot select a load or store of bfloat
 * (LLVM 14 and 15), gcnabi's bodies (emit/) never touch an argument
 * whose value holds one: the callee leaves it unused, its callers pass
 * undef (or zeroinitializer where undef crashes), so that the calling
 * convention alone decides whether llc compiles the function. Measured on
 * llc 14.0.6 and 15.0.6, gfx900, gfx1030, gfx1100 and gfx1200, scalars,
 * vectors of lengths 2-5, 16 and 32, aggregates and byval copies: each
 * compiles where llc lowers the type. The model treats such an argument as
 * "gcnabi-unused" (its registers are placed, not observed). */
bool body_skips_bfloat(const Profile *p, Selector sel);
bool body_skips_param(const Sig *s, const Param *prm, const Profile *p, Selector sel);
/* The value of prm (a byval argument's object) is or holds a bfloat. */
bool param_holds_bfloat(const Sig *s, const Param *prm);

#endif
