/* Printing types and headers back as LLVM IR, in opaque-pointer (`ptr`) or
 * typed-pointer (`i32 addrspace(1)*`, LLVM 14) syntax. Output follows
 * snprintf: the full length is returned, at most cap-1 bytes are written,
 * and the text is NUL-terminated whenever cap > 0. Whatever sig_print
 * writes, sig_parse_header reads back to an equal Sig. */
#include "sig.h"
#include "ir_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
	char *buf;
	size_t cap;
	size_t len; /* length the full output needs so far */
} Out;

static void out_bytes(Out *o, const char *s, size_t n)
{
	if (o->len < o->cap) {
		size_t room = o->cap - 1 - o->len;
		memcpy(o->buf + o->len, s, n < room ? n : room);
	}
	o->len += n;
}

static void out_str(Out *o, const char *s) { out_bytes(o, s, strlen(s)); }

__attribute__((format(printf, 2, 3))) static void out_fmt(Out *o, const char *fmt, ...)
{
	char tmp[96];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n > 0)
		out_bytes(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static size_t out_finish(Out *o)
{
	if (o->cap > 0)
		o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
	return o->len;
}

static void print_type(Out *o, const Sig *s, TypeId t, bool typed_ptrs);

static void print_pointer(Out *o, const Sig *s, const Type *t, bool typed_ptrs)
{
	if (!typed_ptrs) {
		out_str(o, "ptr");
		if (t->addrspace)
			out_fmt(o, " addrspace(%u)", (unsigned)t->addrspace);
		return;
	}
	if (t->elem == TYPE_NONE)
		out_str(o, "i8");
	else
		print_type(o, s, t->elem, typed_ptrs);
	if (t->addrspace)
		out_fmt(o, " addrspace(%u)", (unsigned)t->addrspace);
	out_str(o, "*");
}

static void print_struct(Out *o, const Sig *s, const Type *t, bool typed_ptrs)
{
	out_str(o, t->packed ? "<{" : "{");
	for (uint32_t i = 0; i < t->n; i++) {
		out_str(o, i ? ", " : " ");
		print_type(o, s, s->members[t->first + i], typed_ptrs);
	}
	out_str(o, t->n ? " }" : "}");
	if (t->packed)
		out_str(o, ">");
}

/* Recursion depth is bounded by the pool: a type only refers to earlier ones. */
static void print_type(Out *o, const Sig *s, TypeId id, bool typed_ptrs)
{
	if (id >= s->ntypes) {
		out_str(o, "<no type>");
		return;
	}
	const Type *t = &s->types[id];
	switch ((TypeKind)t->kind) {
	case TYPE_VOID: out_str(o, "void"); break;
	case TYPE_INT: out_fmt(o, "i%lu", (unsigned long)t->n); break;
	case TYPE_HALF: out_str(o, "half"); break;
	case TYPE_BFLOAT: out_str(o, "bfloat"); break;
	case TYPE_FLOAT: out_str(o, "float"); break;
	case TYPE_DOUBLE: out_str(o, "double"); break;
	case TYPE_PTR: print_pointer(o, s, t, typed_ptrs); break;
	case TYPE_VECTOR:
		out_fmt(o, "<%lu x ", (unsigned long)t->n);
		print_type(o, s, t->elem, typed_ptrs);
		out_str(o, ">");
		break;
	case TYPE_ARRAY:
		out_fmt(o, "[%lu x ", (unsigned long)t->n);
		print_type(o, s, t->elem, typed_ptrs);
		out_str(o, "]");
		break;
	case TYPE_STRUCT: print_struct(o, s, t, typed_ptrs); break;
	}
}

size_t type_print(const Sig *s, TypeId t, bool typed_ptrs, char *buf, size_t cap)
{
	Out o = { buf, cap, 0 };
	print_type(&o, s, t, typed_ptrs);
	return out_finish(&o);
}

/* Names are written by ir_escape (ir_text.c): bare when plain, else quoted
 * with \XX escapes (numeric names too, which would read back as numbers). */
static void print_name(Out *o, const char *name)
{
	const char *end = memchr(name, '\0', SIG_NAME_MAX);
	size_t n = end ? (size_t)(end - name) : SIG_NAME_MAX;
	char quoted[3 * SIG_NAME_MAX + 3];
	size_t len = ir_escape(IR_NAME, name, n, quoted, sizeof quoted);
	out_str(o, "@");
	out_bytes(o, quoted, len);
}

/* Flags that change how a value is passed, each printed with a leading space. */
static void print_ext_flags(Out *o, uint16_t flags)
{
	if (flags & PARAM_INREG)
		out_str(o, " inreg");
	if (flags & PARAM_SIGNEXT)
		out_str(o, " signext");
	if (flags & PARAM_ZEROEXT)
		out_str(o, " zeroext");
	if (flags & PARAM_NOUNDEF)
		out_str(o, " noundef");
}

static void print_param(Out *o, const Sig *s, const Param *p, bool typed_ptrs)
{
	static const struct {
		uint16_t flag;
		const char *keyword;
	} typed_attrs[] = { { PARAM_BYVAL, "byval" }, { PARAM_BYREF, "byref" }, { PARAM_SRET, "sret" } };

	print_type(o, s, p->type, typed_ptrs);
	print_ext_flags(o, p->flags);
	for (size_t i = 0; i < sizeof typed_attrs / sizeof typed_attrs[0]; i++) {
		if (!(p->flags & typed_attrs[i].flag))
			continue;
		out_fmt(o, " %s(", typed_attrs[i].keyword);
		print_type(o, s, p->attr_type, typed_ptrs);
		out_str(o, ")");
	}
	if (p->align)
		out_fmt(o, " align %lu", (unsigned long)p->align);
	if (p->kept_len) {
		out_str(o, " ");
		out_bytes(o, s->kept + p->kept_off, p->kept_len);
	}
}

static void print_params(Out *o, const Sig *s, bool typed_ptrs)
{
	out_str(o, "(");
	for (unsigned i = 0; i < s->nparams && i < SIG_MAX_PARAMS; i++) {
		if (i)
			out_str(o, ", ");
		print_param(o, s, &s->params[i], typed_ptrs);
	}
	if (s->varargs)
		out_str(o, s->nparams ? ", ..." : "...");
	out_str(o, ")");
}

static void print_fn_attrs(Out *o, const Sig *s)
{
	for (unsigned i = 0; i < NOIN_COUNT; i++)
		if (s->no_inputs & (UINT32_C(1) << i))
			out_fmt(o, " \"%s\"", noinput_names[i]);
	if (s->flat_wg_max)
		out_fmt(o, " \"amdgpu-flat-work-group-size\"=\"%u,%u\"", (unsigned)s->flat_wg_min,
			(unsigned)s->flat_wg_max);
	if (s->uses_scratch)
		out_str(o, " \"gcnabi-scratch\"");
	for (unsigned i = 0; i < BODY_COUNT; i++)
		if (s->body & (UINT32_C(1) << i))
			out_fmt(o, " \"%s\"", body_features[i].attr);
	const char *sep = " \"gcnabi-unused\"=\"";
	for (unsigned i = 0; i < s->nparams; i++)
		if (s->params[i].flags & PARAM_UNUSED) {
			out_fmt(o, "%s%u", sep, i);
			sep = ",";
		}
	if (*sep == ',')
		out_str(o, "\"");
	if (s->fn_kept_len) {
		out_str(o, " ");
		out_bytes(o, s->kept + s->fn_kept_off, s->fn_kept_len);
	}
}

size_t sig_print(const Sig *s, bool typed_ptrs, char *buf, size_t cap)
{
	Out o = { buf, cap, 0 };
	out_str(&o, "declare");
	const char *cc = cc_keyword((CallConv)s->cc);
	if (cc[0]) {
		out_str(&o, " ");
		out_str(&o, cc);
	}
	print_ext_flags(&o, s->ret_flags);
	if (s->ret_kept_len) {
		out_str(&o, " ");
		out_bytes(&o, s->kept + s->ret_kept_off, s->ret_kept_len);
	}
	out_str(&o, " ");
	print_type(&o, s, s->ret, typed_ptrs);
	out_str(&o, " ");
	print_name(&o, s->name);
	print_params(&o, s, typed_ptrs);
	print_fn_attrs(&o, s);
	return out_finish(&o);
}
