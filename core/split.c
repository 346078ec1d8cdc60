/* Type splitting and DataLayout. The rules, for non-kernel conventions:
 * scalars wider than 32 bits become ceil(bits/32) i32 parts; vectors of
 * 16-bit elements pack two lanes per part on gfx8+; smaller elements take
 * one part each; aggregates are flattened leaf by leaf, each leaf rounded up
 * on its own. Values narrower than 32 bits keep their legal type (i1, i16,
 * f16), which is what sizes their stack objects. */
#include "split.h"

#include <string.h>

enum { MAX_DEPTH = 64 };

static unsigned pointer_bits(unsigned as, const Profile *p)
{
	bool buffer = p->on[SW_buffer_ptr_split];
	switch (as) {
	case 2: case 3: case 5: case 6: return 32;
	case 7: return buffer ? 160 : 64;
	case 8: return buffer ? 128 : 64;
	default: return 64;
	}
}

/* count parts of one class and store size; alike parts extend the last run. */
static SplitStatus push_many_as(Parts *out, PartClass cls, unsigned store, Repr repr, Repr writer, uint64_t count)
{
	if (count == 0)
		return SPLIT_OK;
	if (count > out->cap - out->nparts)
		return SPLIT_TOO_MANY;
	PartRun *last = out->nruns > out->merge_floor ? &out->runs[out->nruns - 1] : 0;
	if (last && last->cls == cls && last->store == store && last->repr == repr && last->writer_repr == writer &&
	    last->count + count <= UINT16_MAX) {
		last->count = (uint16_t)(last->count + count);
	} else {
		if (out->nruns >= out->cap)
			return SPLIT_TOO_MANY;
		out->runs[out->nruns++] = (PartRun){ (uint8_t)cls, (uint8_t)store, (uint16_t)count, (uint8_t)repr, (uint8_t)writer };
	}
	out->nparts += (unsigned)count;
	return SPLIT_OK;
}

static SplitStatus push_many(Parts *out, PartClass cls, unsigned store, Repr repr, uint64_t count)
{
	return push_many_as(out, cls, store, repr, REPR_UNSTATED, count);
}

static SplitStatus push(Parts *out, PartClass cls, unsigned store, Repr repr) { return push_many(out, cls, store, repr, 1); }

/* An integer of 32 bits or more: one whole part, or pieces of it. */
static Repr words_repr(uint64_t bits) { return bits <= 32 ? REPR_BITS : REPR_PIECE; }

static SplitStatus push_words(Parts *out, uint64_t bits) { return push_many(out, PART_INT, 4, words_repr(bits), (bits + 31) / 32); }

/* A half or bfloat alone in a register: its 16 bits in the low half where
 * the target has 16-bit instructions; without them SelectionDAG promotes
 * the illegal f16 (and bf16) to f32 and passes the float (dag_fp16_promoted:
 * V_CVT_F32_F16 at the writer, V_CVT_F16_F32 at the reader), while
 * GlobalISel passes the 16 bits any-extended (G_ANYEXT/G_TRUNC). */
static Repr fp16_repr(const ModelConfig *m)
{
	return !m->target->has_16bit_insts && m->selector == SEL_DAG && m->profile->on[SW_dag_fp16_promoted] ? REPR_F32
														   : REPR_LOW;
}

/* A value of at most 32 bits in its legal register type. */
static SplitStatus split_small_int(unsigned bits, bool has16, Parts *out)
{
	if (bits == 1)
		return push(out, PART_I1, 1, REPR_LOW);
	unsigned store = bits <= 16 && has16 ? 2 : 4; /* i8 is promoted to i16 where i16 is legal */
	return push(out, PART_INT, store, bits == 32 ? REPR_BITS : REPR_LOW);
}

static SplitStatus split_vector(const Sig *s, const Type *v, const ModelConfig *m, bool is_return, Parts *out,
				const char **why)
{
	const Type *e = sig_type(s, v->elem);
	bool has16 = m->target->has_16bit_insts;
	uint64_t count = v->n;
	unsigned bits;
	switch (e->kind) {
	case TYPE_INT: bits = e->n; break;
	case TYPE_HALF: case TYPE_BFLOAT: bits = 16; break;
	case TYPE_FLOAT: bits = 32; break;
	case TYPE_DOUBLE: bits = 64; break;
	case TYPE_PTR: bits = pointer_bits(e->addrspace, m->profile); break;
	default: *why = "vector of this element type"; return SPLIT_UNSUPPORTED;
	}
	/* A returned bfloat vector is a constant in gcnabi's bodies for these
	 * llc (emit/): without 16-bit instructions they return it one
	 * element per VGPR, with them they cannot select even the constant,
	 * of any length (llc 14 -mcpu=gfx900: <6 x bfloat> too, whose loads
	 * and stores it selects). */
	bool selectable = (is_return && !has16) || m->lowering_only;
	if (e->kind == TYPE_BFLOAT && m->profile->on[SW_bfloat_vector_dag_store_fails] && m->selector == SEL_DAG &&
	    !selectable) {
		*why = "bfloat vectors (SelectionDAG cannot select their stores in this llc)";
		return SPLIT_UNSELECTABLE;
	}
	if (e->kind == TYPE_BFLOAT && m->profile->on[SW_bfloat_scalar_dag_fails] && m->selector == SEL_DAG && !selectable &&
	    (count % 2 || !has16)) {
		/* Without 16-bit instructions (gfx700, the generic target) every
		 * length crashes instruction selection. */
		*why = "odd-length bfloat vectors, or any on targets without 16-bit instructions (SelectionDAG crashes on them in "
		       "this llc)";
		return SPLIT_UNSELECTABLE;
	}
	/* Returned bfloat elements are float parts where llc has no packed
	 * form for them: in 14-15, and unpacked on targets without 16-bit
	 * instructions. */
	bool float_ret = e->kind == TYPE_BFLOAT && is_return && (m->profile->on[SW_bfloat_vector_ret_float] || !has16);
	PartClass fp_or_int = e->kind == TYPE_HALF || e->kind == TYPE_FLOAT || float_ret ? PART_FP : PART_INT;
	if (bits == 16 && has16) { /* <2 x i16> / <2 x half> share one register; odd counts pad up */
		bool gisel_bf = e->kind == TYPE_BFLOAT && m->selector == SEL_GISEL;
		bool low_only = gisel_bf && m->profile->on[SW_gisel_bfloat_vector_written_low];
		bool unpacked = gisel_bf && count > 2 && m->profile->on[SW_gisel_bfloat_vector_unpacked_read];
		/* A lone element is not a pair: its 16 bits in the low half. */
		Repr repr = unpacked || count == 1 ? REPR_LOW : REPR_PACKED;
		return push_many_as(out, fp_or_int, 4, repr, low_only ? REPR_LOW : REPR_UNSTATED, (count + 1) / 2);
	}
	if (bits < 16) /* one element per part, never packed */
		return push_many(out, PART_INT, has16 ? 2 : 4, REPR_LOW, count);
	if (bits <= 32) { /* unpacked 16-bit elements keep their class: a half is a float part */
		Repr r = bits == 32 ? REPR_BITS : e->kind == TYPE_INT ? REPR_LOW : fp16_repr(m);
		return push_many(out, bits == 32 || bits == 16 ? fp_or_int : PART_INT, 4, r, count);
	}
	return push_many(out, PART_INT, 4, REPR_PIECE, count * ((bits + 31) / 32));
}

static SplitStatus split_rec(const Sig *s, TypeId id, const ModelConfig *m, bool is_return, Parts *out,
			     const char **why, unsigned depth)
{
	const Type *t = sig_type(s, id);
	const Profile *p = m->profile;
	bool has16 = m->target->has_16bit_insts;
	if (depth > MAX_DEPTH) {
		*why = "aggregates nested deeper than 64 levels";
		return SPLIT_UNSUPPORTED;
	}
	switch (t->kind) {
	case TYPE_VOID:
		return SPLIT_OK;
	case TYPE_INT:
		if (t->n > 128) {
			*why = "integers wider than i128";
			return SPLIT_UNSUPPORTED;
		}
		return t->n <= 32 ? split_small_int(t->n, has16, out) : push_words(out, t->n);
	case TYPE_HALF:
		return push(out, PART_FP, has16 ? 2 : 4, fp16_repr(m));
	case TYPE_BFLOAT:
		if (p->on[SW_bfloat_unsupported]) {
			/* Neither selector returns it in a register: the return is
			 * demoted, the hidden pointer in v0
			 * (tests/fixtures/llc/bfloat_ret14.ll). SelectionDAG cannot
			 * select a bf16 store through that pointer nor the load of
			 * the result, so gcnabi's bodies return undef (emit/)
			 * and its callers ignore the result: then llc 14 compiles
			 * both sides. */
			*why = "bfloat";
			return is_return ? SPLIT_DEMOTE : SPLIT_UNSUPPORTED;
		}
		/* A returned one is a constant in gcnabi's bodies (emit/),
		 * which llc 15 returns as a float part; an argument is never
		 * loaded or stored there (body_skips_bfloat). */
		/* Carried as a 32-bit integer in arguments, but returned as
		 * a float: a shader returns it in a VGPR. */
		if (p->on[SW_bfloat_as_i32] || !has16)
			return push(out, is_return ? PART_FP : PART_INT, 4, fp16_repr(m));
		return push(out, PART_BF16, 2, REPR_LOW);
	case TYPE_FLOAT:
		return push(out, PART_FP, 4, REPR_BITS);
	case TYPE_DOUBLE:
		return push_words(out, 64);
	case TYPE_PTR:
		/* Address spaces the DataLayout does not name are 64-bit, as
		 * headers pasted from LLVM's tests use them (addrspace(10)). */
		if (t->addrspace == 9 && p->on[SW_buffer_strided_ptr]) {
			*why = "buffer strided pointers (ptr addrspace(9))";
			return SPLIT_UNSUPPORTED;
		}
		return push_words(out, pointer_bits(t->addrspace, p));
	case TYPE_VECTOR:
		return split_vector(s, t, m, is_return, out, why);
	case TYPE_ARRAY: {
		/* Split one element into runs of its own, then repeat them. */
		if (t->n == 0)
			return SPLIT_OK;
		unsigned first = out->nruns, parts_before = out->nparts, floor = out->merge_floor;
		out->merge_floor = first;
		SplitStatus st = split_rec(s, t->elem, m, is_return, out, why, depth + 1);
		unsigned per = out->nparts - parts_before, last = out->nruns;
		if (st == SPLIT_OK && per && (uint64_t)per * (t->n - 1) > out->cap - out->nparts)
			st = SPLIT_TOO_MANY;
		if (st == SPLIT_OK && per && last - first == 1) /* one run: lengthen it */
			st = push_many_as(out, out->runs[first].cls, out->runs[first].store, out->runs[first].repr,
					  out->runs[first].writer_repr, (uint64_t)per * (t->n - 1));
		else if (st == SPLIT_OK && per) {
			/* Copies extend the element's last run, so copy that one from a snapshot. */
			PartRun tail = out->runs[last - 1];
			for (uint64_t i = 1; st == SPLIT_OK && i < t->n; i++)
				for (unsigned k = first; st == SPLIT_OK && k < last; k++) {
					const PartRun *r = k == last - 1 ? &tail : &out->runs[k];
					st = push_many_as(out, r->cls, r->store, r->repr, r->writer_repr, r->count);
				}
		}
		out->merge_floor = floor;
		return st;
	}
	case TYPE_STRUCT:
		for (unsigned i = 0; i < t->n; i++) {
			SplitStatus st = split_rec(s, s->members[t->first + i], m, is_return, out, why, depth + 1);
			if (st != SPLIT_OK)
				return st;
		}
		return SPLIT_OK;
	}
	*why = "this type";
	return SPLIT_UNSUPPORTED;
}

/* The one run of the commonest values, as split_rec would give it, without
 * its calls: integers of 2-128 bits, float, half, double, and pointers of
 * fixed width. Others (i1, bfloat, buffer pointers, aggregates) take the
 * full path. */
static bool split_plain_scalar(const Type *t, const ModelConfig *m, PartRun *run)
{
	bool has16 = m->target->has_16bit_insts;
	switch (t->kind) {
	case TYPE_INT:
		if (t->n < 2 || t->n > 128)
			return false;
		*run = t->n <= 32 ? (PartRun){ PART_INT, t->n <= 16 && has16 ? 2 : 4, 1, t->n == 32 ? REPR_BITS : REPR_LOW, 0 }
				  : (PartRun){ PART_INT, 4, (uint16_t)((t->n + 31) / 32), REPR_PIECE, 0 };
		return true;
	case TYPE_FLOAT: *run = (PartRun){ PART_FP, 4, 1, REPR_BITS, 0 }; return true;
	case TYPE_HALF: *run = (PartRun){ PART_FP, has16 ? 2 : 4, 1, fp16_repr(m), 0 }; return true;
	case TYPE_DOUBLE: *run = (PartRun){ PART_INT, 4, 2, REPR_PIECE, 0 }; return true;
	case TYPE_PTR:
		if (t->addrspace > 6) /* buffer pointers: their width is the profile's */
			return false;
		*run = (PartRun){ PART_INT, 4, (uint16_t)(pointer_bits(t->addrspace, m->profile) / 32),
				  words_repr(pointer_bits(t->addrspace, m->profile)), 0 };
		return true;
	default: return false;
	}
}

SplitStatus split_type(const Sig *s, TypeId t, const ModelConfig *m, bool is_return, Parts *out, const char **why)
{
	PartRun run;
	if (out->nruns == 0 && out->cap >= 128 && split_plain_scalar(sig_type(s, t), m, &run)) {
		out->runs[0] = run;
		out->nruns = 1;
		out->nparts = run.count;
		return SPLIT_OK;
	}
	/* LLVM 14 demotes a return that holds a scalar bfloat whatever else it
	 * holds: its bfloat vectors are never selected either (below). */
	if (is_return && m->profile->on[SW_bfloat_unsupported] && type_contains_scalar(s, t, TYPE_BFLOAT)) {
		*why = "bfloat";
		return SPLIT_DEMOTE;
	}
	return split_rec(s, t, m, is_return, out, why, 0);
}

ModelConfig model_without_switch(const ModelConfig *m, ProfileSwitch sw, Profile *storage)
{
	*storage = *m->profile;
	storage->on[sw] = false;
	ModelConfig copy = *m;
	copy.profile = storage;
	return copy;
}

SplitStatus split_value(const Sig *s, TypeId t, const ModelConfig *m, bool is_return, Parts *out, const char **why)
{
	/* An argument holding bfloat is neither loaded nor stored where
	 * SelectionDAG cannot select that (body_skips_bfloat): on either side
	 * of the call only its lowering counts. */
	if (!is_return && body_skips_bfloat(m->profile, m->selector) && type_contains(s, t, TYPE_BFLOAT)) {
		ModelConfig lowered = *m;
		lowered.lowering_only = true;
		return split_type(s, t, &lowered, is_return, out, why);
	}
	return split_type(s, t, m, is_return, out, why);
}

/* --- DataLayout ---------------------------------------------------------
 * "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32
 *  -p7:160:256:256:32-p8:128:128-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128
 *  -v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
 * (p7/p8 entries from LLVM 19 on). Unlisted integers take the alignment of
 * the next wider listed one, or i64's; unlisted vectors are naturally
 * aligned (their size rounded up to a power of two). */

static const uint64_t SIZE_CAP = UINT64_MAX / 4;

static uint64_t sat_mul(uint64_t a, uint64_t b) { return a && b > SIZE_CAP / a ? SIZE_CAP : a * b; }
static uint64_t align_to(uint64_t v, uint64_t a) { return v >= SIZE_CAP ? SIZE_CAP : (v + a - 1) / a * a; }

static uint64_t pow2_ceil(uint64_t v)
{
	uint64_t p = 1;
	while (p < v && p < SIZE_CAP)
		p <<= 1;
	return p;
}

static uint64_t int_align(unsigned bits)
{
	return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
}

static uint64_t pointer_align(unsigned as, const Profile *p, bool fat)
{
	if (fat && as == 7 && p->on[SW_buffer_ptr_split])
		return 16; /* {ptr addrspace(8), i32} */
	if (p->on[SW_buffer_ptr_split] && (as == 7 || as == 9))
		return 32;
	if (p->on[SW_buffer_ptr_split] && as == 8)
		return 16;
	return pointer_bits(as, p) / 8 == 4 ? 4 : 8;
}

static uint64_t scalar_bits(const Sig *s, const Type *t, const Profile *p)
{
	switch (t->kind) {
	case TYPE_INT: return t->n;
	case TYPE_HALF: case TYPE_BFLOAT: return 16;
	case TYPE_FLOAT: return 32;
	case TYPE_DOUBLE: return 64;
	/* The DataLayout's p9 (buffer strided pointer) is 192 bits: a vector
	 * of them is laid out by that size (<2 x p9>: 64 bytes, align 64). */
	case TYPE_PTR: return t->addrspace == 9 && p->on[SW_buffer_ptr_split] ? 192 : pointer_bits(t->addrspace, p);
	default: (void)s; return 0;
	}
}

static uint64_t store_size_of_vector(const Sig *s, const Type *t, const Profile *p)
{
	return (sat_mul(t->n, scalar_bits(s, sig_type(s, t->elem), p)) + 7) / 8;
}

static uint64_t abi_align_rec(const Sig *s, TypeId id, const Profile *p, bool fat, unsigned depth)
{
	const Type *t = sig_type(s, id);
	if (depth > MAX_DEPTH)
		return 1;
	switch (t->kind) {
	case TYPE_INT: return int_align(t->n);
	case TYPE_HALF: case TYPE_BFLOAT: return 2;
	case TYPE_FLOAT: return 4;
	case TYPE_DOUBLE: return 8;
	case TYPE_PTR: return pointer_align(t->addrspace, p, fat);
	case TYPE_VECTOR: {
		uint64_t bytes = store_size_of_vector(s, t, p);
		return bytes == 12 ? 16 : pow2_ceil(bytes ? bytes : 1); /* v96:128 */
	}
	case TYPE_ARRAY: return abi_align_rec(s, t->elem, p, fat, depth + 1);
	case TYPE_STRUCT: {
		uint64_t a = 1;
		for (unsigned i = 0; !t->packed && i < t->n; i++) {
			uint64_t m = abi_align_rec(s, s->members[t->first + i], p, fat, depth + 1);
			a = m > a ? m : a;
		}
		return a;
	}
	default: return 1;
	}
}

static uint64_t alloc_size_rec(const Sig *s, TypeId id, const Profile *p, bool fat, unsigned depth);

/* A struct's members in order, each at the end of the previous one,
 * rounded up to the member's ABI alignment unless the struct is packed. */
typedef struct {
	const Sig *s;
	const Type *t;
	const Profile *p;
	bool fat;          /* p7 as {ptr addrspace(8), i32} */
	unsigned depth, i; /* next member */
	uint64_t end;      /* end of the members so far */
} MemberWalk;

/* The next member and its offset; false after the last one. */
static bool member_next(MemberWalk *w, TypeId *member, uint64_t *offset)
{
	if (w->i >= w->t->n)
		return false;
	*member = w->s->members[w->t->first + w->i++];
	if (!w->t->packed)
		w->end = align_to(w->end, abi_align_rec(w->s, *member, w->p, w->fat, w->depth + 1));
	*offset = w->end;
	w->end += alloc_size_rec(w->s, *member, w->p, w->fat, w->depth + 1);
	if (w->end > SIZE_CAP)
		w->end = SIZE_CAP;
	return true;
}

static uint64_t alloc_size_rec(const Sig *s, TypeId id, const Profile *p, bool fat, unsigned depth)
{
	const Type *t = sig_type(s, id);
	if (depth > MAX_DEPTH)
		return 0;
	switch (t->kind) {
	case TYPE_ARRAY:
		return sat_mul(t->n, alloc_size_rec(s, t->elem, p, fat, depth + 1));
	case TYPE_STRUCT: {
		MemberWalk w = { s, t, p, fat, depth, 0, 0 };
		TypeId m;
		uint64_t off;
		while (member_next(&w, &m, &off))
			;
		return t->packed ? w.end : align_to(w.end, abi_align_rec(s, id, p, fat, depth));
	}
	case TYPE_VECTOR:
		return align_to(store_size_of_vector(s, t, p), abi_align_rec(s, id, p, fat, depth));
	case TYPE_VOID:
		return 0;
	default:
		return align_to((scalar_bits(s, t, p) + 7) / 8, abi_align_rec(s, id, p, fat, depth));
	}
}

uint64_t type_abi_align(const Sig *s, TypeId t, const Profile *p) { return abi_align_rec(s, t, p, false, 0); }
uint64_t type_kernarg_align(const Sig *s, TypeId t, const Profile *p) { return abi_align_rec(s, t, p, true, 0); }

/* Whether t, or a type inside it (inside vectors too when into_vectors),
 * satisfies is(type, arg). The parser bounds nesting, so the recursion is
 * bounded. */
static bool holds(const Sig *s, TypeId id, bool into_vectors, bool (*is)(const Type *, int), int arg)
{
	const Type *t = sig_type(s, id);
	if (is(t, arg))
		return true;
	switch (t->kind) {
	case TYPE_VECTOR: return into_vectors && holds(s, t->elem, into_vectors, is, arg);
	case TYPE_ARRAY: return holds(s, t->elem, into_vectors, is, arg);
	case TYPE_STRUCT:
		for (unsigned i = 0; i < t->n; i++)
			if (holds(s, s->members[t->first + i], into_vectors, is, arg))
				return true;
		return false;
	default: return false;
	}
}

static bool of_kind(const Type *t, int kind) { return t->kind == (TypeKind)kind; }
static bool fat_pointer(const Type *t, int unused)
{
	(void)unused;
	return t->kind == TYPE_PTR && t->addrspace == 7;
}

bool type_contains(const Sig *s, TypeId id, TypeKind kind) { return holds(s, id, true, of_kind, (int)kind); }
bool type_contains_scalar(const Sig *s, TypeId id, TypeKind kind) { return holds(s, id, false, of_kind, (int)kind); }
bool type_contains_fat_pointer(const Sig *s, TypeId id) { return holds(s, id, true, fat_pointer, 0); }

bool type_contains_odd_vector(const Sig *s, TypeId id, TypeKind elem)
{
	const Type *t = sig_type(s, id);
	switch (t->kind) {
	case TYPE_VECTOR: return t->n > 1 && t->n % 2 && sig_type(s, t->elem)->kind == elem;
	case TYPE_ARRAY: return type_contains_odd_vector(s, t->elem, elem);
	case TYPE_STRUCT:
		for (unsigned i = 0; i < t->n; i++)
			if (type_contains_odd_vector(s, s->members[t->first + i], elem))
				return true;
		return false;
	default: return false;
	}
}
uint64_t type_alloc_size(const Sig *s, TypeId t, const Profile *p) { return alloc_size_rec(s, t, p, false, 0); }
uint64_t type_kernarg_size(const Sig *s, TypeId t, const Profile *p) { return alloc_size_rec(s, t, p, true, 0); }

bool body_skips_bfloat(const Profile *p, Selector sel)
{
	return sel == SEL_DAG && (p->on[SW_bfloat_scalar_dag_fails] || p->on[SW_bfloat_vector_dag_store_fails]);
}

bool param_holds_bfloat(const Sig *s, const Param *prm)
{
	TypeId value = (prm->flags & PARAM_BYVAL) && prm->attr_type != TYPE_NONE ? prm->attr_type : prm->type;
	return type_contains(s, value, TYPE_BFLOAT);
}

bool body_skips_param(const Sig *s, const Param *prm, const Profile *p, Selector sel)
{
	return body_skips_bfloat(p, sel) && param_holds_bfloat(s, prm);
}
