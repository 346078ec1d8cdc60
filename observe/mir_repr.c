/* What llc's MIR says an argument or return register holds (place.h's
 * Repr), read at the copies in and out of the physical registers:
 *
 *   writer ($vgpr0 = COPY %v, through plain COPYs to %v's def)
 *     G_ANYEXT                  low   the value in the low bits
 *     G_ZEXT / G_SEXT           zext / sext
 *     G_FPEXT, V_CVT_F32_F16    f32   a half promoted to float
 *   reader (%v = COPY $vgpr0, through plain COPYs to its users)
 *     G_TRUNC                   low
 *     G_ASSERT_ZEXT / _SEXT     zext / sext
 *     G_FPTRUNC, V_CVT_F16_F32  f32
 *
 * GlobalISel's IRTranslator states every extension and truncation of the
 * calling convention; SelectionDAG's selected MIR keeps only the float
 * conversions (its AssertZext and AssertSext are gone by then), so there
 * the integers say nothing. A reader whose users state more than one
 * representation says nothing either. */
#include "mir_parse.h"

#include <string.h>

enum { COPY_STEPS = 16 };

typedef struct {
	const char *opcode;
	uint8_t repr;
	bool prefix; /* V_CVT_F32_F16_e32, _e64, _t16_e64, ... */
} ReprOp;

static const ReprOp writers[] = {
	{ "G_ANYEXT", REPR_LOW, false },
	{ "G_ZEXT", REPR_ZEXT, false },
	{ "G_SEXT", REPR_SEXT, false },
	{ "G_FPEXT", REPR_F32, false },
	{ "V_CVT_F32_F16_", REPR_F32, true },
};

static const ReprOp readers[] = {
	{ "G_TRUNC", REPR_LOW, false },
	{ "G_ASSERT_ZEXT", REPR_ZEXT, false },
	{ "G_ASSERT_SEXT", REPR_SEXT, false },
	{ "G_FPTRUNC", REPR_F32, false },
	{ "V_CVT_F16_F32_", REPR_F32, true },
};

static Repr lookup(const ReprOp *ops, size_t n, Str opcode)
{
	for (size_t i = 0; i < n; i++)
		if (ops[i].prefix ? str_starts(opcode, ops[i].opcode) : str_eq(opcode, ops[i].opcode))
			return (Repr)ops[i].repr;
	return REPR_UNSTATED;
}

/* A COPY of one whole vreg into a vreg. */
static bool plain_copy(const MirBody *b, const Instr *in)
{
	return str_eq(in->opcode, "COPY") && in->kind == IK_OTHER && in->uses_count == 1 &&
	       b->uses[in->uses_first].sub_size == 0;
}

/* The instruction defining vreg, past plain COPYs; UINT32_MAX when none. */
static uint32_t origin(const MirBody *b, uint32_t vreg)
{
	for (unsigned step = 0; step < COPY_STEPS; step++) {
		uint32_t d = body_first_def(b, vreg);
		if (d == UINT32_MAX)
			return UINT32_MAX;
		const Instr *in = &b->instrs[b->defs[d].instr];
		if (!plain_copy(b, in))
			return b->defs[d].instr;
		vreg = b->uses[in->uses_first].vreg;
	}
	return UINT32_MAX;
}

static void mark(MirBody *b, uint32_t vreg, Repr r)
{
	uint32_t at = origin(b, vreg);
	if (at != UINT32_MAX && b->instrs[at].kind == IK_COPY_PHYS && b->instrs[at].src.count == 1)
		b->instrs[at].read_reprs |= (uint8_t)(1u << r);
}

void body_mark_reprs(MirBody *b)
{
	for (uint32_t i = 0; i < b->ninstrs; i++) {
		const Instr *in = &b->instrs[i];
		Repr r = in->uses_count ? lookup(readers, sizeof readers / sizeof readers[0], in->opcode) : REPR_UNSTATED;
		if (r == REPR_UNSTATED)
			continue;
		uint32_t v = b->uses[in->uses_first].vreg;
		/* GlobalISel truncates an unpacked <2 x half> as one vector built
		 * from its registers (gfx700: G_BUILD_VECTOR of two COPYs). */
		uint32_t at = origin(b, v);
		const Instr *src = at != UINT32_MAX ? &b->instrs[at] : NULL;
		if (src && str_eq(src->opcode, "G_BUILD_VECTOR"))
			for (uint32_t k = 0; k < src->uses_count; k++)
				mark(b, b->uses[src->uses_first + k].vreg, r);
		else
			mark(b, v, r);
	}
}

Repr body_repr_read(const MirBody *b, uint32_t copy)
{
	uint8_t m = b->instrs[copy].read_reprs;
	return m && !(m & (m - 1)) ? (Repr)__builtin_ctz(m) : REPR_UNSTATED;
}

Repr body_repr_written(const MirBody *b, uint32_t def)
{
	const Instr *in = &b->instrs[def];
	if (in->kind != IK_DEF_PHYS || in->dst.count != 1 || !str_eq(in->opcode, "COPY") || in->uses_count != 1 ||
	    b->uses[in->uses_first].sub_size != 0)
		return REPR_UNSTATED;
	uint32_t at = origin(b, b->uses[in->uses_first].vreg);
	return at == UINT32_MAX ? REPR_UNSTATED
				: lookup(writers, sizeof writers / sizeof writers[0], b->instrs[at].opcode);
}

unsigned mir_repr_opcodes(Repr r, bool writer, const char **names, unsigned max)
{
	const ReprOp *ops = writer ? writers : readers;
	size_t n = writer ? sizeof writers / sizeof writers[0] : sizeof readers / sizeof readers[0];
	unsigned k = 0;
	for (size_t i = 0; i < n; i++)
		if (ops[i].repr == r) {
			if (k < max)
				names[k] = ops[i].opcode;
			k++;
		}
	return k;
}
