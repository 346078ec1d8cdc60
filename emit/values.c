/* The IR writer's types and values: how parameters, returns, marker
 * globals and function headers are spelled in the llc's dialect (typed or
 * opaque pointers, fat pointers kept as their i160), and the entry stores
 * of every argument. */
#include <stdlib.h>
#include <string.h>

#include "emit_impl.h"
#include "ir_text.h"

/* Parameter k of a function as a value: %K, or %gcnabi.arg.K in a kernel,
 * whose kernarg loads llc then names %gcnabi.arg.K.kernarg.offset (the
 * observer reads a passed-on kernel argument from that). */
const char *param_value(bool kernel, unsigned k, char *buf, size_t cap)
{
	snprintf(buf, cap, kernel ? "%%gcnabi.arg.%u" : "%%%u", k);
	return buf;
}

void put_type(Emitter *e, TypeId t)
{
	char small[256];
	size_t n = type_print(e->s, t, e->o->typed_ptrs, small, sizeof small);
	if (n < sizeof small) {
		buf_put(e->b, small, n);
		return;
	}
	char *big = malloc(n + 1);
	if (!big) {
		e->b->failed = true;
		return;
	}
	type_print(e->s, t, e->o->typed_ptrs, big, n + 1);
	buf_put(e->b, big, n);
	free(big);
}

bool is_fat_pointer(const Emitter *e, TypeId t)
{
	const Type *ty = sig_type(e->s, t);
	return ty->kind == TYPE_PTR && ty->addrspace == 7;
}

/* A buffer fat pointer's type as the dialect spells it. */
const char *fat_pointer_type(const Emitter *e)
{
	return e->o->typed_ptrs ? "i8 addrspace(7)*" : "ptr addrspace(7)";
}

/* The type a value is kept in memory as: a fat pointer cannot live in a
 * global, its 160-bit integer form can. */
void put_plain_mem_type(Emitter *e, TypeId t)
{
	if (is_fat_pointer(e, t))
		buf_printf(e->b, "i160");
	else
		put_type(e, t);
}

/* The element (array), or member k (struct), of aggregate t. */
static TypeId member_of(const Emitter *e, TypeId t, unsigned k)
{
	const Type *ty = sig_type(e->s, t);
	return ty->kind == TYPE_ARRAY ? ty->elem : e->s->members[ty->first + k];
}

static bool aggregate(const Emitter *e, TypeId t)
{
	unsigned k = sig_type(e->s, t)->kind;
	return k == TYPE_ARRAY || k == TYPE_STRUCT;
}

/* Whether a global keeps a value of type t wider than itself
 * (EmitOptions.wide_memory): sub-word or odd-sized integers or 16-bit
 * floats, alone, in a vector or in an aggregate. */
bool kept_wide(const Emitter *e, TypeId t)
{
	if (!e->o->wide_memory)
		return false;
	const Type *ty = sig_type(e->s, t);
	if (aggregate(e, t)) {
		for (unsigned k = 0; k < (ty->kind == TYPE_ARRAY ? (ty->n > 0) : ty->n); k++)
			if (kept_wide(e, member_of(e, t, k)))
				return true;
		return false;
	}
	if (ty->kind == TYPE_VECTOR)
		ty = sig_type(e->s, ty->elem);
	return ty->kind == TYPE_INT ? ty->n % 32 != 0 : ty->kind == TYPE_HALF || ty->kind == TYPE_BFLOAT;
}

/* t with each scalar as an integer of `bits` (0: whole words; an
 * aggregate: each member as memory keeps it). */
static void put_int_form(Emitter *e, TypeId t, unsigned bits)
{
	const Type *ty = sig_type(e->s, t);
	if (aggregate(e, t)) {
		buf_printf(e->b, ty->kind == TYPE_ARRAY ? "[%u x " : ty->packed ? "<{ " : "{ ", ty->n);
		for (unsigned k = 0; k < (ty->kind == TYPE_ARRAY ? 1 : ty->n); k++) {
			buf_printf(e->b, "%s", k ? ", " : "");
			put_mem_type(e, member_of(e, t, k));
		}
		buf_printf(e->b, ty->kind == TYPE_ARRAY ? "]" : ty->packed ? " }>" : " }");
		return;
	}
	const Type *el = ty->kind == TYPE_VECTOR ? sig_type(e->s, ty->elem) : ty;
	unsigned n = bits ? bits : el->kind == TYPE_INT ? (el->n + 31) / 32 * 32 : 32;
	if (ty->kind == TYPE_VECTOR)
		buf_printf(e->b, "<%u x i%u>", ty->n, n);
	else
		buf_printf(e->b, "i%u", n);
}

static bool float16(const Emitter *e, TypeId t)
{
	const Type *ty = sig_type(e->s, t);
	unsigned k = ty->kind == TYPE_VECTOR ? sig_type(e->s, ty->elem)->kind : ty->kind;
	return k == TYPE_HALF || k == TYPE_BFLOAT;
}

void put_mem_type(Emitter *e, TypeId t)
{
	if (kept_wide(e, t))
		put_int_form(e, t, 0);
	else
		put_plain_mem_type(e, t);
}

/* An aggregate from or to its memory form, member by member (to: into
 * memory): "<dst>.<k>" each member extracted, "<dst>.<k>.c" it converted,
 * "<dst>.a<k>" the aggregate built so far, the last one dst. */
static void put_members(Emitter *e, TypeId t, const char *src, const char *dst, bool to)
{
	char acc[192] = "undef", el[160], cv[170], next[170];
	unsigned n = sig_type(e->s, t)->n;
	for (unsigned k = 0; k < n; k++) {
		TypeId m = member_of(e, t, k);
		snprintf(el, sizeof el, "%s.%u", dst, k);
		buf_printf(e->b, "  %s = extractvalue ", el);
		to ? put_type(e, t) : put_mem_type(e, t);
		buf_printf(e->b, " %s, %u\n", src, k);
		snprintf(cv, sizeof cv, "%s%s", el, kept_wide(e, m) ? ".c" : "");
		if (kept_wide(e, m))
			(to ? put_to_mem : put_from_mem)(e, m, el, cv);
		snprintf(next, sizeof next, k + 1 < n ? "%s.a%u" : "%s", dst, k);
		buf_printf(e->b, "  %s = insertvalue ", next);
		to ? put_mem_type(e, t) : put_type(e, t);
		buf_printf(e->b, " %s, ", acc);
		to ? put_mem_type(e, m) : put_type(e, m);
		buf_printf(e->b, " %s, %u\n", cv, k);
		snprintf(acc, sizeof acc, "%s", next);
	}
}

/* "<dst> = ..." lines: src, a value of type t that kept_wide says a global
 * keeps wide, in that form (16-bit floats through their bits). */
void put_to_mem(Emitter *e, TypeId t, const char *src, const char *dst)
{
	if (aggregate(e, t)) {
		put_members(e, t, src, dst, true);
		return;
	}
	if (float16(e, t)) {
		buf_printf(e->b, "  %s.i = bitcast ", dst);
		put_type(e, t);
		buf_printf(e->b, " %s to ", src);
		put_int_form(e, t, 16);
		buf_printf(e->b, "\n  %s = zext ", dst);
		put_int_form(e, t, 16);
		buf_printf(e->b, " %s.i to ", dst);
	} else {
		buf_printf(e->b, "  %s = zext ", dst);
		put_type(e, t);
		buf_printf(e->b, " %s to ", src);
	}
	put_int_form(e, t, 0);
	buf_printf(e->b, "\n");
}

/* "<dst> = ..." lines: src, t's wide form loaded from a global, as t. */
void put_from_mem(Emitter *e, TypeId t, const char *src, const char *dst)
{
	if (aggregate(e, t)) {
		put_members(e, t, src, dst, false);
		return;
	}
	bool f = float16(e, t);
	buf_printf(e->b, "  %s%s = trunc ", dst, f ? ".i" : "");
	put_int_form(e, t, 0);
	buf_printf(e->b, " %s to ", src);
	if (f) {
		put_int_form(e, t, 16);
		buf_printf(e->b, "\n  %s = bitcast ", dst);
		put_int_form(e, t, 16);
		buf_printf(e->b, " %s.i to ", dst);
	}
	put_type(e, t);
	buf_printf(e->b, "\n");
}

/* A caller's byval copy of a fat pointer holds the pointer itself where the
 * llc does not lower fat pointers (14-16: llc 14's typed loads and stores
 * must be of the pointee type), else its i160: a pointer value in the
 * caller's body would make AMDGPULowerBufferFatPointers rewrite the call
 * (byval_fat_ptr_call_align, which only callers with fat pointers of their
 * own show). */
bool native_fat_copy(const Emitter *e, TypeId t)
{
	return is_fat_pointer(e, t) && !e->o->buffer_ptr_split;
}

void put_copy_type(Emitter *e, TypeId t)
{
	if (native_fat_copy(e, t))
		put_type(e, t);
	else
		put_plain_mem_type(e, t);
}

void put_global_ptr(Emitter *e, TypeId t, unsigned as)
{
	if (e->o->typed_ptrs) {
		put_mem_type(e, t);
		buf_printf(e->b, " addrspace(%u)*", as);
	} else {
		buf_printf(e->b, "ptr addrspace(%u)", as);
	}
}

void put_name(Buf *b, const char *name)
{
	size_t n = strlen(name);
	char quoted[3 * SIG_NAME_MAX + 3];
	size_t len = ir_escape(IR_NAME, name, n, quoted, sizeof quoted);
	buf_put(b, "@", 1);
	if (len < sizeof quoted) {
		buf_put(b, quoted, len);
		return;
	}
	char *big = malloc(len + 1); /* a name longer than a signature's, made by emit */
	if (big)
		ir_escape(IR_NAME, name, n, big, len + 1);
	buf_put(b, big ? big : quoted, big ? len : sizeof quoted - 1);
	free(big);
}

/* Parameter k is a value a caller passes: not the active-lane mask of a
 * convention that has one (conv.h), which the callee computes itself. */
bool passed(const Sig *s, unsigned k) { return k > 0 || !conv_info((CallConv)s->cc)->active_mask_param; }

/* A byval argument is passed as a copy of its object: the caller copies
 * the object, the callee reads it. Its object type may equal the
 * parameter's own (`ptr addrspace(5) byval(ptr addrspace(5))`, seed
 * 20261218): what decides is the attribute, not the types. */
bool by_copy(const Param *p)
{
	return (p->flags & PARAM_BYVAL) && p->attr_type != TYPE_NONE;
}

TypeId value_type(const Param *p)
{
	return by_copy(p) ? p->attr_type : p->type;
}

/* Argument k is never loaded or stored (core/split.h body_skips_param). */
bool skipped(const Emitter *e, unsigned k)
{
	return e->o->skip_bfloat_args && param_holds_bfloat(e->s, &e->s->params[k]);
}

/* What a caller passes for a skipped argument. llc 14 on a target without
 * 16-bit instructions crashes on undef of a bfloat struct or array, and on
 * a constant bfloat vector (it any_extends the bf16 constant: "Cannot
 * select: f32 = any_extend ConstantFP:bf16", seed 20261204's <4 x bfloat>
 * at an amdgpu_gfx call on gfx900, and gfx1100 as llc 14's generic
 * target); undef of a vector it takes. */
const char *skipped_value(const Emitter *e, TypeId t)
{
	return e->o->zero_skipped_args && sig_type(e->s, t)->kind != TYPE_VECTOR ? "zeroinitializer" : "undef";
}

void declare_global(Emitter *e, const char *what, int k, TypeId t, bool constant_input)
{
	buf_printf(e->b, "@gcnabi.%u.%s", e->idx, what);
	if (k >= 0)
		buf_printf(e->b, ".%d", k);
	buf_printf(e->b, constant_input ? " = external addrspace(4) global " : " = addrspace(1) global ");
	put_mem_type(e, t);
	if (constant_input)
		buf_printf(e->b, ", align %u\n", OUT_ALIGN);
	else
		buf_printf(e->b, " zeroinitializer\n");
}

/* omit: PARAM_* flags not to write (the verifier refuses sret on the
 * arguments of a vararg call, as an intrinsic call is). */
void put_param_attrs(Emitter *e, const Param *p, uint16_t omit)
{
	static const struct { uint16_t flag; const char *text; } simple[] = {
		{ PARAM_INREG, " inreg" }, { PARAM_SIGNEXT, " signext" }, { PARAM_ZEROEXT, " zeroext" },
		{ PARAM_NOUNDEF, " noundef" },
	};
	static const struct { uint16_t flag; const char *text; } typed[] = {
		{ PARAM_BYVAL, " byval(" }, { PARAM_BYREF, " byref(" }, { PARAM_SRET, " sret(" },
	};
	for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++)
		if (p->flags & simple[i].flag)
			buf_printf(e->b, "%s", simple[i].text);
	for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++)
		if ((p->flags & typed[i].flag & ~omit) && p->attr_type != TYPE_NONE) {
			buf_printf(e->b, "%s", typed[i].text);
			put_type(e, p->attr_type);
			buf_put(e->b, ")", 1);
		}
	if (p->align)
		buf_printf(e->b, " align %u", p->align);
	if (p->kept_len && !(omit & OMIT_KEPT))
		buf_printf(e->b, " %.*s", (int)p->kept_len, e->s->kept + p->kept_off);
}

void put_ret_attrs(Emitter *e)
{
	static const struct { uint16_t flag; const char *text; } attrs[] = {
		{ PARAM_SIGNEXT, "signext " }, { PARAM_ZEROEXT, "zeroext " }, { PARAM_INREG, "inreg " },
	};
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
		if (e->s->ret_flags & attrs[i].flag)
			buf_printf(e->b, "%s", attrs[i].text);
	if (e->s->ret_kept_len)
		buf_printf(e->b, "%.*s ", (int)e->s->ret_kept_len, e->s->kept + e->s->ret_kept_off);
}

/* "[ret attrs] RET @name(", shared by the definition and the call. */
void put_callee_head(Emitter *e, const char *fn_name)
{
	put_ret_attrs(e);
	put_type(e, e->s->ret);
	buf_put(e->b, " ", 1);
	put_name(e->b, fn_name);
	buf_put(e->b, "(", 1);
}

void put_header(Emitter *e, const char *fn_name)
{
	const Sig *s = e->s;
	const char *cc = cc_keyword((CallConv)s->cc);
	buf_printf(e->b, "define %s%s", cc, *cc ? " " : "");
	put_callee_head(e, fn_name);
	for (unsigned k = 0; k < s->nparams; k++) {
		buf_printf(e->b, "%s", k ? ", " : "");
		put_type(e, s->params[k].type);
		put_param_attrs(e, &s->params[k], 0);
		if (conv_in_family((CallConv)s->cc, FAMILY_KERNEL))
			buf_printf(e->b, " %%gcnabi.arg.%u", k);
	}
	buf_put(e->b, ")", 1);
	for (int n = 0; n < NOIN_COUNT; n++)
		if (s->no_inputs & (1u << n))
			buf_printf(e->b, " \"%s\"", noinput_names[n]);
	if (s->flat_wg_max)
		buf_printf(e->b, " \"amdgpu-flat-work-group-size\"=\"%u,%u\"", s->flat_wg_min, s->flat_wg_max);
	if (s->uses_scratch)
		buf_printf(e->b, " \"gcnabi-scratch\""); /* likewise */
	if (has_body(s, BODY_FRAME)) /* a stack realigned past its local's 64 bytes, with a frame pointer */
		buf_printf(e->b, " alignstack(128) \"frame-pointer\"=\"all\"");
	const char *sep = " \"gcnabi-unused\"=\""; /* llc ignores the attribute; the observer reads it back */
	for (unsigned k = 0; k < s->nparams; k++)
		if ((s->params[k].flags & PARAM_UNUSED) || skipped(e, k)) {
			buf_printf(e->b, "%s%u", sep, k);
			sep = ",";
		}
	if (*sep == ',')
		buf_printf(e->b, "\"");
	if (s->fn_kept_len) /* as the input wrote them */
		buf_printf(e->b, " %.*s", (int)s->fn_kept_len, s->kept + s->fn_kept_off);
	buf_printf(e->b, " {\n");
}

/* Each argument stored to its in-marker, so the callee reads every part;
 * an argument marked unused is not touched at all. */
void emit_entry_stores(Emitter *e)
{
	const Sig *s = e->s;
	/* A kernel stores none of its arguments: its layout is read from the
	 * HSA metadata, which lists every argument, and a store of a type llc
	 * cannot select would hide the kernel (see emit_function). */
	if (conv_in_family((CallConv)s->cc, FAMILY_KERNEL))
		return;
	for (unsigned k = 0; k < s->nparams; k++) {
		const Param *p = &s->params[k];
		if ((p->flags & PARAM_UNUSED) || skipped(e, k))
			continue;
		TypeId vt = value_type(p);
		char val[32], arg[32];
		param_value(conv_in_family((CallConv)s->cc, FAMILY_KERNEL), k, arg, sizeof arg);
		snprintf(val, sizeof val, "%s", arg);
		if (by_copy(p) && native_fat_copy(e, vt)) {
			/* A byval object holding a fat pointer holds it as the
			 * pointer (llc 14 reads only a load of its own type). */
			buf_printf(e->b, "  %%gcnabi.w%u = load %s, ", k, fat_pointer_type(e));
			put_type(e, p->type);
			buf_printf(e->b, " %s\n  %%gcnabi.v%u = ptrtoint %s %%gcnabi.w%u to i160\n", arg, k, fat_pointer_type(e), k);
			snprintf(val, sizeof val, "%%gcnabi.v%u", k);
		} else if (by_copy(p)) {
			buf_printf(e->b, "  %%gcnabi.v%u = load ", k);
			put_copy_type(e, vt);
			buf_printf(e->b, ", ");
			put_type(e, p->type);
			buf_printf(e->b, " %s\n", arg);
			snprintf(val, sizeof val, "%%gcnabi.v%u", k);
		} else if (is_fat_pointer(e, vt)) {
			buf_printf(e->b, "  %%gcnabi.v%u = ptrtoint %s %s to i160\n", k, fat_pointer_type(e), arg);
			snprintf(val, sizeof val, "%%gcnabi.v%u", k);
		}
		if (kept_wide(e, vt)) {
			char m[32];
			snprintf(m, sizeof m, "%%gcnabi.m%u", k);
			put_to_mem(e, vt, val, m);
			snprintf(val, sizeof val, "%s", m);
		}
		buf_printf(e->b, "  store volatile ");
		put_mem_type(e, vt);
		buf_printf(e->b, " %s, ", val);
		put_global_ptr(e, vt, 1);
		buf_printf(e->b, " @gcnabi.%u.in.%u\n", e->idx, k);
	}
}
