/* Signatures: building types into a Sig's fixed pools, the spellings of
 * "amdgpu-no-*" attributes, and structural equality
 * of two Sigs (the printer's fixed-point check). Types are interned and only
 * ever refer to types added before them, so every walk over a Sig's types is
 * bounded by the pool size. */
#include "sig.h"

#include <string.h>

const char *const noinput_names[NOIN_COUNT] = {
	[NOIN_DISPATCH_PTR] = "amdgpu-no-dispatch-ptr",
	[NOIN_QUEUE_PTR] = "amdgpu-no-queue-ptr",
	[NOIN_IMPLICITARG_PTR] = "amdgpu-no-implicitarg-ptr",
	[NOIN_DISPATCH_ID] = "amdgpu-no-dispatch-id",
	[NOIN_WORKGROUP_ID_X] = "amdgpu-no-workgroup-id-x",
	[NOIN_WORKGROUP_ID_Y] = "amdgpu-no-workgroup-id-y",
	[NOIN_WORKGROUP_ID_Z] = "amdgpu-no-workgroup-id-z",
	[NOIN_CLUSTER_ID_X] = "amdgpu-no-cluster-id-x",
	[NOIN_CLUSTER_ID_Y] = "amdgpu-no-cluster-id-y",
	[NOIN_CLUSTER_ID_Z] = "amdgpu-no-cluster-id-z",
	[NOIN_LDS_KERNEL_ID] = "amdgpu-no-lds-kernel-id",
	[NOIN_WORKITEM_ID_X] = "amdgpu-no-workitem-id-x",
	[NOIN_WORKITEM_ID_Y] = "amdgpu-no-workitem-id-y",
	[NOIN_WORKITEM_ID_Z] = "amdgpu-no-workitem-id-z",
	[NOIN_HOSTCALL_PTR] = "amdgpu-no-hostcall-ptr",
	[NOIN_HEAP_PTR] = "amdgpu-no-heap-ptr",
	[NOIN_MULTIGRID_SYNC_ARG] = "amdgpu-no-multigrid-sync-arg",
	[NOIN_DEFAULT_QUEUE] = "amdgpu-no-default-queue",
	[NOIN_COMPLETION_ACTION] = "amdgpu-no-completion-action",
	[NOIN_FLAT_SCRATCH_INIT] = "amdgpu-no-flat-scratch-init",
};

const BodyFeatureInfo body_features[BODY_COUNT] = {
#define X(id, name, doc) [BODY_##id] = { #name, "gcnabi-" #name, doc },
	BODY_FEATURES(X)
#undef X
};

void sig_init(Sig *s)
{
	memset(s, 0, sizeof *s);
	s->cc = CC_C;
	s->ret = sig_add_type(s, (Type){ .kind = TYPE_VOID });
}

/* Clears the fields a kind does not use, so interning compares only what
 * means something. Returns false for a type that refers to a type or member
 * not yet in the pools. */
static bool normalize(const Sig *s, Type *t)
{
	Type n = { .kind = t->kind };
	switch ((TypeKind)t->kind) {
	case TYPE_VOID: case TYPE_HALF: case TYPE_BFLOAT: case TYPE_FLOAT: case TYPE_DOUBLE:
		n.elem = TYPE_NONE;
		break;
	case TYPE_INT:
		if (t->n == 0)
			return false;
		n.n = t->n;
		n.elem = TYPE_NONE;
		break;
	case TYPE_PTR:
		if (t->elem != TYPE_NONE && t->elem >= s->ntypes)
			return false;
		n.addrspace = t->addrspace;
		n.elem = t->elem;
		break;
	case TYPE_VECTOR: case TYPE_ARRAY:
		if (t->elem >= s->ntypes)
			return false;
		n.n = t->n;
		n.elem = t->elem;
		break;
	case TYPE_STRUCT:
		if ((uint32_t)t->first + t->n > s->nmembers)
			return false;
		n.packed = t->packed != 0;
		n.n = t->n;
		n.first = t->n ? t->first : 0;
		n.elem = TYPE_NONE;
		break;
	default:
		return false;
	}
	*t = n;
	return true;
}

static bool same_type(const Type *a, const Type *b)
{
	return a->kind == b->kind && a->packed == b->packed && a->addrspace == b->addrspace && a->n == b->n &&
	       a->elem == b->elem && a->first == b->first;
}

TypeId sig_add_type(Sig *s, Type t)
{
	if (!normalize(s, &t))
		return TYPE_NONE;
	for (unsigned i = 0; i < s->ntypes; i++)
		if (same_type(&s->types[i], &t))
			return (TypeId)i;
	if (s->ntypes >= SIG_MAX_TYPES)
		return TYPE_NONE;
	s->types[s->ntypes] = t;
	return s->ntypes++;
}

static bool same_members(const Sig *s, const Type *t, const TypeId *members, unsigned n, bool packed)
{
	return t->kind == TYPE_STRUCT && t->n == n && (t->packed != 0) == packed &&
	       (n == 0 || memcmp(&s->members[t->first], members, n * sizeof *members) == 0);
}

TypeId sig_add_struct(Sig *s, const TypeId *members, unsigned n, bool packed)
{
	for (unsigned i = 0; i < s->ntypes; i++)
		if (same_members(s, &s->types[i], members, n, packed))
			return (TypeId)i;
	for (unsigned i = 0; i < n; i++)
		if (members[i] >= s->ntypes)
			return TYPE_NONE;
	if (n > (unsigned)(SIG_MAX_MEMBERS - s->nmembers) || s->ntypes >= SIG_MAX_TYPES)
		return TYPE_NONE;
	Type t = { .kind = TYPE_STRUCT, .packed = packed, .n = n, .first = s->nmembers };
	if (n)
		memcpy(&s->members[s->nmembers], members, n * sizeof *members);
	s->nmembers += (uint16_t)n;
	return sig_add_type(s, t);
}

static TypeId import_rec(Sig *dst, const Sig *src, TypeId id, unsigned depth)
{
	if (id == TYPE_NONE || id >= src->ntypes || depth > 64)
		return TYPE_NONE;
	Type t = src->types[id];
	switch (t.kind) {
	case TYPE_STRUCT: {
		TypeId members[SIG_MAX_MEMBERS];
		for (unsigned i = 0; i < t.n; i++)
			if ((members[i] = import_rec(dst, src, src->members[t.first + i], depth + 1)) == TYPE_NONE)
				return TYPE_NONE;
		return sig_add_struct(dst, members, t.n, t.packed);
	}
	case TYPE_VECTOR: case TYPE_ARRAY:
		if ((t.elem = import_rec(dst, src, t.elem, depth + 1)) == TYPE_NONE)
			return TYPE_NONE;
		return sig_add_type(dst, t);
	case TYPE_PTR:
		if (t.elem != TYPE_NONE && (t.elem = import_rec(dst, src, t.elem, depth + 1)) == TYPE_NONE)
			return TYPE_NONE;
		return sig_add_type(dst, t);
	default:
		return sig_add_type(dst, t);
	}
}

TypeId sig_import_type(Sig *dst, const Sig *src, TypeId id) { return import_rec(dst, src, id, 0); }

/* --- equality ---------------------------------------------------------- */

/* Pairs (a type of sig a, a type of sig b) already proven equal. Only
 * successes are remembered: the first mismatch ends the whole comparison,
 * so each pair is expanded at most once. */
typedef struct {
	uint64_t proven[SIG_MAX_TYPES][SIG_MAX_TYPES / 64];
} EqualMemo;

static bool type_equal(const Sig *a, TypeId x, const Sig *b, TypeId y, EqualMemo *memo);

static bool members_equal(const Sig *a, const Type *ta, const Sig *b, const Type *tb, EqualMemo *memo)
{
	for (uint32_t i = 0; i < ta->n; i++)
		if (!type_equal(a, a->members[ta->first + i], b, b->members[tb->first + i], memo))
			return false;
	return true;
}

/* Pointers compare by address space only: the pointee of a typed pointer
 * plays no part in the calling convention (byval/byref/sret types are kept
 * in Param.attr_type), and `i32*` printed in opaque mode becomes `ptr`. */
static bool type_equal(const Sig *a, TypeId x, const Sig *b, TypeId y, EqualMemo *memo)
{
	if (x == TYPE_NONE || y == TYPE_NONE)
		return x == y;
	if (x >= a->ntypes || y >= b->ntypes)
		return false;
	uint64_t bit = (uint64_t)1 << (y % 64);
	if (memo->proven[x][y / 64] & bit)
		return true;
	const Type *ta = &a->types[x], *tb = &b->types[y];
	if (ta->kind != tb->kind || ta->n != tb->n || ta->packed != tb->packed || ta->addrspace != tb->addrspace)
		return false;
	bool equal;
	switch ((TypeKind)ta->kind) {
	case TYPE_VECTOR: case TYPE_ARRAY:
		equal = type_equal(a, ta->elem, b, tb->elem, memo);
		break;
	case TYPE_STRUCT:
		equal = members_equal(a, ta, b, tb, memo);
		break;
	default:
		equal = true;
		break;
	}
	if (equal)
		memo->proven[x][y / 64] |= bit;
	return equal;
}

static bool kept_equal(const Sig *a, uint16_t aoff, uint16_t alen, const Sig *b, uint16_t boff, uint16_t blen)
{
	return alen == blen && memcmp(a->kept + aoff, b->kept + boff, alen) == 0;
}

static bool param_equal(const Sig *a, const Param *pa, const Sig *b, const Param *pb, EqualMemo *memo)
{
	return pa->flags == pb->flags && pa->align == pb->align && type_equal(a, pa->type, b, pb->type, memo) &&
	       type_equal(a, pa->attr_type, b, pb->attr_type, memo) &&
	       kept_equal(a, pa->kept_off, pa->kept_len, b, pb->kept_off, pb->kept_len);
}

static bool sig_equal_with(const Sig *a, const Sig *b, EqualMemo *memo)
{
	if (strncmp(a->name, b->name, SIG_NAME_MAX) != 0 || a->cc != b->cc || a->varargs != b->varargs ||
	    a->ret_flags != b->ret_flags || a->no_inputs != b->no_inputs || a->flat_wg_min != b->flat_wg_min ||
	    a->flat_wg_max != b->flat_wg_max || a->uses_scratch != b->uses_scratch ||
	    a->body != b->body || a->nparams != b->nparams || a->nparams > SIG_MAX_PARAMS ||
	    !kept_equal(a, a->fn_kept_off, a->fn_kept_len, b, b->fn_kept_off, b->fn_kept_len) ||
	    !kept_equal(a, a->ret_kept_off, a->ret_kept_len, b, b->ret_kept_off, b->ret_kept_len))
		return false;
	if (!type_equal(a, a->ret, b, b->ret, memo))
		return false;
	for (unsigned i = 0; i < a->nparams; i++)
		if (!param_equal(a, &a->params[i], b, &b->params[i], memo))
			return false;
	return true;
}

bool sig_equal(const Sig *a, const Sig *b)
{
	EqualMemo memo;
	memset(&memo, 0, sizeof memo);
	return sig_equal_with(a, b, &memo);
}

static bool same_type_text(const Sig *a, TypeId ta, const Sig *b, TypeId tb)
{
	char x[512], y[512];
	size_t nx = type_print(a, ta, false, x, sizeof x), ny = type_print(b, tb, false, y, sizeof y);
	return nx < sizeof x && ny < sizeof y && strcmp(x, y) == 0;
}

unsigned sig_shared_params(const Sig *caller, const Sig *callee)
{
	unsigned k = 0;
	for (; k < caller->nparams && k < callee->nparams; k++) {
		const Param *p = &caller->params[k], *q = &callee->params[k];
		if ((p->flags & (PARAM_BYVAL | PARAM_SRET)) || p->flags != q->flags || p->align != q->align ||
		    (p->attr_type == TYPE_NONE) != (q->attr_type == TYPE_NONE) ||
		    !same_type_text(caller, p->type, callee, q->type))
			break;
	}
	return k;
}
