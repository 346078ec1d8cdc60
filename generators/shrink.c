/* Signature shrinking (shrink.h): the candidates the minimizer tries, in
 * the order it tries them. A `...` counts as a parameter that a removal
 * can take and that stage 1 can turn into an i32. */
#include "shrink.h"

#include <stdlib.h>
#include <string.h>

enum { TYPE_TEXT = 4096 };

/* Attributes a parameter prints (sig_print), by group. */
#define ATTRS_TYPED (PARAM_BYVAL | PARAM_BYREF | PARAM_SRET)
#define ATTRS_VALUE (PARAM_SIGNEXT | PARAM_ZEROEXT | PARAM_NOUNDEF)
#define RET_ATTRS (PARAM_INREG | PARAM_SIGNEXT | PARAM_ZEROEXT | PARAM_NOUNDEF)

ShrinkSize shrink_size(const Sig *s)
{
	return (ShrinkSize){ s->nparams + s->varargs, (unsigned)sig_print(s, false, 0, 0) };
}

bool shrink_smaller(ShrinkSize a, ShrinkSize b) { return a.params < b.params || (a.params == b.params && a.chars < b.chars); }

/* --- simpler types ------------------------------------------------------------ */

typedef struct {
	Sig *s;
	TypeId *out;
	unsigned n;
	char self[TYPE_TEXT]; /* the type being replaced, printed */
} TypeList;

/* Types compare as printed: what an IR line can tell apart. */
static void add(TypeList *l, TypeId t)
{
	if (t == TYPE_NONE || l->n == SHRINK_MAX_TYPES)
		return;
	char a[TYPE_TEXT], b[TYPE_TEXT];
	type_print(l->s, t, false, a, sizeof a);
	if (strcmp(a, l->self) == 0)
		return;
	for (unsigned i = 0; i < l->n; i++)
		if (l->out[i] == t || (type_print(l->s, l->out[i], false, b, sizeof b), strcmp(a, b) == 0))
			return;
	l->out[l->n++] = t;
}

static TypeId scalar(Sig *s, TypeKind kind, uint32_t bits) { return sig_add_type(s, (Type){ .kind = kind, .n = bits, .elem = TYPE_NONE }); }

static TypeId sized(Sig *s, TypeKind kind, uint32_t n, TypeId elem) { return sig_add_type(s, (Type){ .kind = kind, .n = n, .elem = elem }); }

unsigned shrink_types(Sig *s, TypeId id, TypeId out[SHRINK_MAX_TYPES])
{
	TypeList l = { .s = s, .out = out };
	type_print(s, id, false, l.self, sizeof l.self);
	const Type t = s->types[id];
	TypeId i32 = scalar(s, TYPE_INT, 32);
	switch ((TypeKind)t.kind) {
	case TYPE_VECTOR:
		add(&l, t.elem);
		if (t.n > 2)
			add(&l, sized(s, TYPE_VECTOR, 2, t.elem));
		if (t.n > 3)
			add(&l, sized(s, TYPE_VECTOR, t.n / 2, t.elem));
		break;
	case TYPE_ARRAY:
		add(&l, t.elem);
		add(&l, sized(s, TYPE_ARRAY, 1, t.elem));
		if (t.n > 2)
			add(&l, sized(s, TYPE_ARRAY, t.n / 2, t.elem));
		break;
	case TYPE_STRUCT: {
		const TypeId *m = &s->members[t.first];
		if (t.n) {
			add(&l, m[0]);
			add(&l, m[t.n - 1]);
		}
		/* The halves are plain structs, even of a packed one. */
		if (t.n > 1) {
			add(&l, sig_add_struct(s, m, t.n / 2, false));
			add(&l, sig_add_struct(s, m + t.n / 2, t.n - t.n / 2, false));
		}
		break;
	}
	case TYPE_INT:
		if (t.n == 32)
			break;
		add(&l, i32);
		add(&l, scalar(s, TYPE_INT, 64));
		add(&l, scalar(s, TYPE_INT, 16));
		break;
	case TYPE_HALF:
	case TYPE_BFLOAT:
	case TYPE_DOUBLE: add(&l, scalar(s, TYPE_FLOAT, 0)); break;
	case TYPE_PTR: add(&l, sig_add_type(s, (Type){ .kind = TYPE_PTR, .addrspace = 1, .elem = TYPE_NONE })); break;
	case TYPE_VOID:
	case TYPE_FLOAT: break;
	}
	add(&l, i32);
	return l.n;
}

/* --- candidates ----------------------------------------------------------------- */

typedef struct {
	ShrinkSink sink;
	void *ctx;
	ShrinkSize base;
	unsigned given;
	bool stop;
} Run;

static void offer(Run *r, const Sig *c)
{
	ShrinkSize size = shrink_size(c);
	if (r->stop || !shrink_smaller(size, r->base))
		return;
	r->given++;
	r->stop = r->sink(r->ctx, c, size) != 0;
}

/* s without parameters [from, to) of params + `...`. */
static void remove_block(Sig *c, const Sig *s, unsigned from, unsigned to)
{
	*c = *s;
	unsigned n = s->nparams;
	if (to > n) {
		c->varargs = false;
		to = n;
	}
	if (from < to) {
		memmove(&c->params[from], &s->params[to], (n - to) * sizeof *s->params);
		c->nparams = (uint16_t)(n - (to - from));
	}
}

static bool has_fn_attrs(const Sig *s)
{
	bool unused = false;
	for (unsigned i = 0; i < s->nparams; i++)
		unused |= (s->params[i].flags & PARAM_UNUSED) != 0;
	return s->no_inputs || s->flat_wg_max || s->uses_scratch || unused;
}

static void drop_fn_attrs(Sig *c)
{
	c->no_inputs = 0;
	c->flat_wg_min = c->flat_wg_max = 0;
	c->uses_scratch = false;
	for (unsigned i = 0; i < c->nparams; i++)
		c->params[i].flags &= (uint16_t)~PARAM_UNUSED;
}

/* A return is already as small as it gets when it is void with at most one
 * word (the convention or an attribute) before it. */
static bool ret_is_minimal(const Sig *s)
{
	unsigned words = cc_keyword((CallConv)s->cc)[0] != 0;
	for (uint16_t f = s->ret_flags & RET_ATTRS; f; f &= (uint16_t)(f - 1))
		words++;
	return s->types[s->ret].kind == TYPE_VOID && words <= 1;
}

static Param plain(TypeId type, const Param *p)
{
	return (Param){ .type = type, .flags = p->flags & PARAM_UNUSED, .attr_type = TYPE_NONE };
}

/* Stage 1 for parameter k of work (params + `...`). */
static void simplify_param(Run *r, Sig *c, Sig *work, unsigned k)
{
	TypeId i32 = scalar(work, TYPE_INT, 32);
	if (k == work->nparams) {
		/* `...` becomes one i32 */
		*c = *work;
		c->varargs = false;
		c->params[c->nparams++] = plain(i32, &(Param){ 0 });
		offer(r, c);
		return;
	}
	const Param p = work->params[k];
	if ((p.flags & ATTRS_VALUE || p.align) && !(p.flags & ATTRS_TYPED)) {
		*c = *work;
		c->params[k] = plain(p.type, &p);
		c->params[k].flags |= p.flags & PARAM_INREG;
		offer(r, c);
	}
	if (p.flags & ATTRS_TYPED) {
		*c = *work;
		c->params[k] = plain(i32, &p);
		offer(r, c);
		return;
	}
	TypeId types[SHRINK_MAX_TYPES];
	unsigned n = shrink_types(work, p.type, types);
	for (unsigned i = 0; i < n && !r->stop; i++) {
		*c = *work;
		c->params[k].type = types[i];
		/* The simpler type keeps only the attributes the IR verifier lets
		 * it carry: align on a pointer, signext and zeroext on an integer. */
		unsigned kind = sig_type(c, types[i])->kind;
		if (kind != TYPE_PTR)
			c->params[k].align = 0;
		if (kind != TYPE_INT)
			c->params[k].flags &= (uint16_t)~(PARAM_SIGNEXT | PARAM_ZEROEXT);
		offer(r, c);
	}
}

unsigned shrink_candidates(const Sig *s, int stage, ShrinkSink sink, void *ctx)
{
	Run r = { sink, ctx, shrink_size(s), 0, false };
	/* Two Sigs of about 12 KB: the working copy (simpler types go into its
	 * pool) and the candidate. */
	Sig *work = malloc(sizeof *work), *c = malloc(sizeof *c);
	if (!work || !c) {
		free(work);
		free(c);
		return 0;
	}
	*work = *s;
	unsigned n = s->nparams + s->varargs;
	for (unsigned size = n / 2; size >= 1; size /= 2)
		for (unsigned from = 0; from < n; from += size) {
			remove_block(c, s, from, from + size);
			offer(&r, c);
		}
	if (has_fn_attrs(s)) {
		*c = *s;
		drop_fn_attrs(c);
		offer(&r, c);
	}
	if (!ret_is_minimal(s)) {
		*c = *work;
		c->ret = sig_add_type(c, (Type){ .kind = TYPE_VOID });
		c->ret_flags = 0;
		offer(&r, c);
	}
	for (unsigned k = 0; stage > 0 && k < n && !r.stop; k++)
		simplify_param(&r, c, work, k);
	free(work);
	free(c);
	return r.given;
}
