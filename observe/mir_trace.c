/* Def-use tracing over a MirBody, byte-exact where the instructions allow.
 * A trace asks for bytes [lo, hi) of a value and follows them backwards:
 * through sub-register reads (%12.sub2), REG_SEQUENCE slots, generic merges
 * and unmerges, copies and casts, and through stack temporaries (a load from
 * %stack.N + off continues at the stores into the bytes it reads). Any other
 * instruction passes the whole of every operand on, and the bytes are no
 * longer known ("imprecise"). Visited state is kept per def in two-byte
 * lanes, so a value is revisited only for bytes not yet asked for; budgets
 * bound every trace and every body. Also here: the stores into the outgoing
 * argument area that SelectionDAG merged and left without a target in their
 * memory operand, recognized by their address ($sgpr32 + constant). */
#include "mir_parse.h"

#include <stdlib.h>
#include <string.h>

enum {
	LANE_BYTES = 2,
	LANE_WORDS = MIR_LANE_WORDS,   /* uint64_t words of lane bits per DefEntry */
	WHOLE_BIT = 64 * LANE_WORDS - 1, /* the last bit: the whole value was asked for */
	LANES = WHOLE_BIT,             /* two-byte lanes of bytes [0, LANES * LANE_BYTES) */
	ADDR_DEFS = 32,                /* defs followed to evaluate one address */
};

typedef struct {
	MirBody *b;
	uint32_t sp;
	uint32_t steps;
} Trace;

static bool test_and_set(uint64_t *m, uint32_t bit)
{
	uint64_t mask = 1ull << (bit & 63);
	bool was = (m[bit >> 6] & mask) != 0;
	m[bit >> 6] |= mask;
	return was;
}

/* Mark bytes [lo, hi) of def d as asked for by this trace; true when some
 * of them were not yet. Bytes past the lanes are always asked again (the
 * budgets bound that); once the whole value was asked for, nothing is. */
static bool mark_lanes(MirBody *b, uint32_t d, uint32_t lo, uint32_t hi)
{
	uint64_t *m = &b->seen_lanes[LANE_WORDS * (size_t)d];
	if (b->seen[d] != b->epoch) {
		b->seen[d] = b->epoch;
		memset(m, 0, LANE_WORDS * sizeof *m);
	}
	if (m[WHOLE_BIT >> 6] & (1ull << (WHOLE_BIT & 63)))
		return false;
	if (lo == 0 && hi == MIR_WHOLE)
		return !test_and_set(m, WHOLE_BIT);
	bool fresh = hi > LANES * LANE_BYTES;
	uint32_t end = fresh ? LANES * LANE_BYTES : hi;
	for (uint32_t l = lo / LANE_BYTES; l * LANE_BYTES < end; l++)
		fresh |= !test_and_set(m, l);
	return fresh;
}

static bool grow_stack(MirBody *b)
{
	if (b->cap_stack >= MIR_TRACE_STACK)
		return false;
	uint32_t n = b->cap_stack ? 2 * b->cap_stack : 64;
	n = n < MIR_TRACE_STACK ? n : MIR_TRACE_STACK;
	TraceItem *p = realloc(b->stack, (size_t)n * sizeof *p);
	if (!p)
		return false;
	b->stack = p;
	b->cap_stack = n;
	return true;
}

/* Ask for bytes [lo, hi) of def d. A full stack drops the step: the trace
 * then finds less, never something wrong. */
static void push_def(Trace *t, uint32_t d, TraceItem it)
{
	MirBody *b = t->b;
	uint32_t size = b->defs[d].size;
	if (size && it.hi > size)
		it.hi = size;
	if (it.lo >= it.hi || !mark_lanes(b, d, it.lo, it.hi))
		return;
	if (t->sp == b->cap_stack && !grow_stack(b))
		return;
	it.def = d;
	b->stack[t->sp++] = it;
}

/* Is vreg the concatenation of its operands (REG_SEQUENCE, G_MERGE_VALUES, INSERT_SUBREG)? */
static bool built_from_pieces(const MirBody *b, uint32_t vreg)
{
	uint32_t d = body_first_def(b, vreg);
	return d != UINT32_MAX && (b->instrs[b->defs[d].instr].map == MAP_SEQ || b->instrs[b->defs[d].instr].map == MAP_INSERT);
}

/* Bytes [lo, hi) of operand k of instruction i (relative to what the
 * operand reads: its sub-register, if it names one). The first step of a
 * precise trace that takes a piece out of a value assembled from pieces
 * (a sub-register of a REG_SEQUENCE, here; a G_UNMERGE_VALUES operand, in
 * follow_unmerge) is its anchor: the piece's position in that value. A
 * sub-register of a load is a position in memory, which is not always the
 * position in the value (a buffer fat pointer is stored as an i160 whose
 * low dword is its last part). */
static void push_use(Trace *t, const Instr *in, uint32_t k, TraceItem it)
{
	MirBody *b = t->b;
	if (k >= in->uses_count)
		return;
	const Use *u = &b->uses[in->uses_first + k];
	if (u->sub_size) {
		if (it.hi > u->sub_size)
			it.hi = u->sub_size;
		if (it.lo >= it.hi)
			return;
		if (it.precise && it.anchor_vreg == UINT32_MAX && built_from_pieces(b, u->vreg)) {
			it.anchor_vreg = u->vreg;
			it.anchor_off = u->sub_off + it.lo;
		}
		it.lo += u->sub_off;
		it.hi += u->sub_off;
	}
	for (uint32_t d = body_first_def(b, u->vreg); d != UINT32_MAX && t->steps < MIR_TRACE_BUDGET;
	     d = b->defs[d].next, t->steps++)
		push_def(t, d, it);
}

static TraceItem whole_item(void)
{
	TraceItem it = {0, 0, MIR_WHOLE, UINT32_MAX, 0, false};
	return it;
}

/* Not understood: every operand, whole, no longer precise. */
static void push_all_uses(Trace *t, const Instr *in)
{
	for (uint32_t k = 0; k < in->uses_count; k++)
		push_use(t, in, k, whole_item());
}

static void add_leaf(MirBody *b, uint32_t instr, const TraceItem *it)
{
	if (b->nleaves >= MIR_MAX_LEAVES)
		return;
	TraceLeaf *l = &b->leaves[b->nleaves++];
	l->instr = instr;
	l->lo = it->lo;
	l->hi = it->hi;
	l->precise = it->precise;
	l->anchor_vreg = it->precise ? it->anchor_vreg : UINT32_MAX;
	l->anchor_off = it->anchor_off;
}

/* Index of the first temps[] entry of object id. */
static uint32_t first_temp_store(const MirBody *b, uint32_t id)
{
	uint32_t lo = 0, hi = b->ntemps;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if ((uint32_t)(b->temps[mid] >> 32) < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The part of store s that covers object bytes [lo, hi), relative to the
 * value it stores; false when they do not meet. */
static bool store_overlap(const Instr *s, uint32_t lo, uint32_t hi, uint32_t *vlo, uint32_t *vhi)
{
	uint32_t s_lo = s->temp_off;
	uint32_t s_hi = s->temp_size && s->temp_off <= UINT32_MAX - 1 - s->temp_size ? s->temp_off + s->temp_size
										     : MIR_WHOLE;
	uint32_t a = lo > s_lo ? lo : s_lo, z = hi < s_hi ? hi : s_hi;
	if (a >= z)
		return false;
	*vlo = a - s_lo;
	*vhi = z == MIR_WHOLE ? MIR_WHOLE : z - s_lo;
	return true;
}

/* A load of bytes [load_off, +load_size) of %stack.N: the value comes from
 * the stores into those bytes, the ones before the load when there are any. */
static void follow_temp(Trace *t, uint32_t load, TraceItem it)
{
	MirBody *b = t->b;
	const Instr *in = &b->instrs[load];
	if (in->load_size && it.hi > in->load_size)
		it.hi = in->load_size;
	if (it.lo >= it.hi || in->load_off > UINT32_MAX - 1 - it.lo)
		return;
	uint32_t lo = in->load_off + it.lo;
	uint32_t hi = it.hi == MIR_WHOLE || in->load_off > UINT32_MAX - 1 - it.hi ? MIR_WHOLE : in->load_off + it.hi;
	uint32_t first = first_temp_store(b, in->leaf_id), vlo, vhi;
	bool earlier = false;
	/* Scanning the stores counts against the trace's budget. */
	for (uint32_t i = first; i < b->ntemps && (uint32_t)(b->temps[i] >> 32) == in->leaf_id && !earlier &&
				 t->steps < MIR_TRACE_BUDGET;
	     i++, t->steps++)
		earlier = (uint32_t)b->temps[i] < load && store_overlap(&b->instrs[(uint32_t)b->temps[i]], lo, hi, &vlo, &vhi);
	for (uint32_t i = first; i < b->ntemps && (uint32_t)(b->temps[i] >> 32) == in->leaf_id &&
				 t->steps < MIR_TRACE_BUDGET;
	     i++, t->steps++) {
		uint32_t at = (uint32_t)b->temps[i];
		const Instr *s = &b->instrs[at];
		if ((earlier && at > load) || !store_overlap(s, lo, hi, &vlo, &vhi))
			continue;
		if (!s->value_first) {
			push_all_uses(t, s);
			continue;
		}
		TraceItem v = it;
		v.lo = vlo;
		v.hi = vhi;
		push_use(t, s, 0, v);
	}
}

/* Operands of a merge at their slots; an operand without a known slot makes
 * the whole instruction not understood. */
static void follow_seq(Trace *t, const Instr *in, TraceItem it)
{
	const Use *u = &t->b->uses[in->uses_first];
	for (uint32_t k = 0; k < in->uses_count; k++)
		if (u[k].at_size == 0) {
			push_all_uses(t, in);
			return;
		}
	for (uint32_t k = 0; k < in->uses_count; k++) {
		uint32_t at = u[k].at_off, end = at + u[k].at_size;
		uint32_t a = it.lo > at ? it.lo : at, z = it.hi < end ? it.hi : end;
		if (a >= z)
			continue;
		TraceItem v = it;
		v.lo = a - at;
		v.hi = z - at;
		push_use(t, in, k, v);
	}
}

/* INSERT_SUBREG %base, %piece, %subreg.subN: the bytes of subN are the
 * piece's, the others the base's at the same place (SelectionDAG builds a
 * merged stack store of two arguments this way: gfx1100, a <28 x half>'s
 * last dwords and a <2 x i32> in one SCRATCH_STORE_DWORDX4). */
static void follow_insert(Trace *t, const Instr *in, TraceItem it)
{
	const Use *u = &t->b->uses[in->uses_first];
	if (in->uses_count != 2 || u[1].at_size == 0) {
		push_all_uses(t, in);
		return;
	}
	uint32_t at = u[1].at_off, end = at + u[1].at_size;
	uint32_t a = it.lo > at ? it.lo : at, z = it.hi < end ? it.hi : end;
	if (a < z) {
		TraceItem v = it;
		v.lo = a - at;
		v.hi = z - at;
		push_use(t, in, 1, v);
	}
	if (it.lo < at) {
		TraceItem v = it;
		v.hi = it.hi < at ? it.hi : at;
		push_use(t, in, 0, v);
	}
	if (it.hi > end) {
		TraceItem v = it;
		v.lo = it.lo > end ? it.lo : end;
		push_use(t, in, 0, v);
	}
}

/* Def d of G_UNMERGE_VALUES: its bytes at at_off of the one operand. */
static void follow_unmerge(Trace *t, const Instr *in, const DefEntry *d, TraceItem it)
{
	if (d->size == 0 || in->uses_count != 1 || d->at_off > UINT32_MAX - 1 - d->size) {
		push_all_uses(t, in);
		return;
	}
	if (it.hi > d->size)
		it.hi = d->size;
	if (it.precise && it.anchor_vreg == UINT32_MAX) {
		it.anchor_vreg = t->b->uses[in->uses_first].vreg;
		it.anchor_off = d->at_off + it.lo;
	}
	it.lo += d->at_off;
	it.hi += d->at_off;
	push_use(t, in, 0, it);
}

/* Copies, casts, truncations and extensions keep the low bytes; bytes an
 * extension made up come from the whole operand. */
static void follow_same(Trace *t, const Instr *in, TraceItem it)
{
	if (in->uses_count == 0)
		return;
	uint32_t size = t->b->uses[in->uses_first].type_size;
	if (size && it.lo >= size) {
		push_use(t, in, 0, whole_item());
		return;
	}
	if (size && it.hi > size)
		it.hi = size;
	push_use(t, in, 0, it);
}

/* A D16 load: the bytes of the half it loads are the leaf (at their place
 * in memory), the others its tied last operand's. */
static void follow_d16(Trace *t, uint32_t load, TraceItem it)
{
	const Instr *in = &t->b->instrs[load];
	uint32_t lo = in->d16 == D16_HI ? 2 : 0, hi = lo + 2;
	if (it.lo < hi && it.hi > lo) {
		TraceItem v = it;
		v.lo = (it.lo > lo ? it.lo : lo) - lo;
		v.hi = (it.hi < hi ? it.hi : hi) - lo;
		add_leaf(t->b, load, &v);
	}
	for (uint32_t k = 0; k < 2; k++) {
		/* the kept half: below the loaded one, then above it (to 4 bytes) */
		uint32_t a = k ? hi : 0, z = k ? 4 : lo;
		TraceItem v = it;
		v.lo = it.lo > a ? it.lo : a;
		v.hi = it.hi < z ? it.hi : z;
		if (v.lo < v.hi)
			push_use(t, in, in->uses_count - 1, v);
	}
}

static void step(Trace *t, TraceItem it)
{
	MirBody *b = t->b;
	const DefEntry *d = &b->defs[it.def];
	const Instr *in = &b->instrs[d->instr];
	if (in->leaf == LEAF_TEMP) {
		follow_temp(t, d->instr, it);
		return;
	}
	if (in->leaf != LEAF_NONE && in->d16) {
		follow_d16(t, d->instr, it);
		return;
	}
	if (in->leaf != LEAF_NONE) {
		add_leaf(b, d->instr, &it);
		return;
	}
	switch (in->map) {
	case MAP_SAME: follow_same(t, in, it); break;
	case MAP_SEQ: follow_seq(t, in, it); break;
	case MAP_UNMERGE: follow_unmerge(t, in, d, it); break;
	case MAP_INSERT: follow_insert(t, in, it); break;
	default:
		push_all_uses(t, in);
		/* A value made from SCC alone (S_CSELECT_B64 -1, 0): what the
		 * compare that set SCC read. */
		if (in->uses_count == 0 && in->scc_src)
			push_all_uses(t, &b->instrs[in->scc_src - 1]);
		break;
	}
}

/* A fresh trace, or false when the body's budget is spent. */
static bool trace_begin(MirBody *b, Trace *t)
{
	b->nleaves = 0;
	t->b = b;
	t->sp = t->steps = 0;
	if (b->work >= MIR_BODY_BUDGET) {
		b->exhausted = true;
		return false;
	}
	if (++b->epoch == 0) {
		memset(b->seen, 0, (size_t)b->seen_cap * sizeof *b->seen);
		b->epoch = 1;
	}
	return true;
}

static void trace_run(Trace *t)
{
	while (t->sp && t->steps < MIR_TRACE_BUDGET) {
		t->steps++;
		step(t, t->b->stack[--t->sp]);
	}
	t->b->work += t->steps;
}

void body_trace(MirBody *b, uint32_t root)
{
	Trace t;
	if (root >= b->ninstrs || !trace_begin(b, &t))
		return;
	TraceItem it = whole_item();
	if (b->instrs[root].leaf != LEAF_NONE && b->instrs[root].leaf != LEAF_TEMP)
		add_leaf(b, root, &it);
	else if (b->instrs[root].leaf == LEAF_TEMP)
		follow_temp(&t, root, it);
	else
		push_all_uses(&t, &b->instrs[root]);
	trace_run(&t);
}

void body_trace_bytes(MirBody *b, uint32_t root, uint32_t lo, uint32_t hi)
{
	Trace t;
	if (root >= b->ninstrs || !trace_begin(b, &t))
		return;
	TraceItem it = {0, lo, hi, UINT32_MAX, 0, true};
	if (b->instrs[root].leaf != LEAF_NONE)
		add_leaf(b, root, &it);
	else
		push_use(&t, &b->instrs[root], 0, it);
	trace_run(&t);
}

/* --- addresses in the outgoing argument area ------------------------------ */

typedef struct {
	bool ok;
	bool sp;     /* $sgpr32 + off rather than the constant off */
	int64_t off;
} Addr;

static const Addr addr_fail = {false, false, 0};

static bool is_stack_pointer(const RegRange *r)
{
	return r->kind == LOC_SGPR && r->first == 32 && r->count == 1;
}

static bool opcode_is_add(Str op)
{
	static const char *const adds[] = {"S_ADD_I32", "S_ADD_U32", "V_ADD_U32_e64", "V_ADD_U32_e32",
					   "V_ADD_CO_U32_e64", "V_ADD_CO_U32_e32", "G_PTR_ADD", "G_ADD"};
	for (size_t i = 0; i < sizeof adds / sizeof adds[0]; i++)
		if (str_eq(op, adds[i]))
			return true;
	return false;
}

static bool opcode_is_move(Str op)
{
	return str_eq(op, "COPY") || str_eq(op, "S_MOV_B32") || str_eq(op, "V_MOV_B32_e32") ||
	       str_eq(op, "G_CONSTANT");
}

/* The next operand that is not implicit. */
static bool next_explicit(Str *rest, Str *op)
{
	unsigned flags;
	while (next_operand(rest, op)) {
		*op = operand_strip_flags(*op, &flags);
		if (!(flags & OPF_IMPLICIT))
			return true;
	}
	return false;
}

/* One address evaluation: defs it may still follow. */
typedef struct {
	const MirBody *b;
	unsigned budget;
} AddrEval;

static Addr addr_of_vreg(AddrEval *e, uint32_t vreg);

static Addr addr_of_operand(AddrEval *e, Str op)
{
	RegRange r;
	uint32_t v;
	int64_t imm;
	if (parse_physreg(op, &r))
		return is_stack_pointer(&r) ? (Addr){true, true, 0} : addr_fail;
	if (parse_vreg(op, &v))
		return vreg_subreg(op).n ? addr_fail : addr_of_vreg(e, v);
	if (parse_imm(op, &imm))
		return (Addr){true, false, imm};
	return addr_fail;
}

/* A vreg as $sgpr32 + constant or a constant: copies and moves of either,
 * and sums of one of each. */
static Addr addr_of_vreg(AddrEval *e, uint32_t vreg)
{
	const MirBody *b = e->b;
	uint32_t d = body_first_def(b, vreg);
	if (e->budget == 0 || d == UINT32_MAX || b->defs[d].next != UINT32_MAX)
		return addr_fail;
	e->budget--;
	const Instr *in = &b->instrs[b->defs[d].instr];
	if (in->leaf == LEAF_PHYS)
		return is_stack_pointer(&in->src) ? (Addr){true, true, 0} : addr_fail;
	Str rest = in->ops, x, y;
	if (opcode_is_move(in->opcode) && next_explicit(&rest, &x))
		return addr_of_operand(e, x);
	if (!opcode_is_add(in->opcode) || !next_explicit(&rest, &x) || !next_explicit(&rest, &y))
		return addr_fail;
	Addr a = addr_of_operand(e, x), c = addr_of_operand(e, y);
	if (!a.ok || !c.ok || (a.sp && c.sp) || a.off < -(1ll << 40) || a.off > (1ll << 40) ||
	    c.off < -(1ll << 40) || c.off > (1ll << 40))
		return addr_fail;
	return (Addr){true, a.sp || c.sp, a.off + c.off};
}

/* The address a value-first store writes: every operand after the value
 * up to the first immediate (the instruction's offset field) is summed;
 * physical registers other than $sgpr32 (a buffer resource) add nothing. */
static Addr store_address(const MirBody *b, const Instr *in)
{
	AddrEval e = {b, ADDR_DEFS};
	Str rest = in->ops, op;
	Addr sum = {true, false, 0};
	int64_t imm;
	RegRange r;
	if (!next_explicit(&rest, &op))
		return addr_fail;
	while (next_explicit(&rest, &op)) {
		if (parse_imm(op, &imm)) {
			sum.off += imm;
			break;
		}
		if (parse_physreg(op, &r) && !is_stack_pointer(&r))
			continue;
		Addr a = addr_of_operand(&e, op);
		if (!a.ok || (a.sp && sum.sp) || a.off < -(1ll << 40) || a.off > (1ll << 40))
			return addr_fail;
		sum.sp |= a.sp;
		sum.off += a.off;
	}
	return sum;
}

void body_resolve_anon_stores(MirBody *b)
{
	for (uint32_t i = 0; i < b->ninstrs; i++) {
		Instr *in = &b->instrs[i];
		if (!in->anon_store || in->stack_store || !in->value_first)
			continue;
		Addr a = store_address(b, in);
		if (a.ok && a.sp && a.off >= 0 && a.off <= (int64_t)UINT32_MAX - 1) {
			in->stack_store = true;
			in->stack_off = (uint32_t)a.off;
		}
	}
}
