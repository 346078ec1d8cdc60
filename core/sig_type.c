/* The type parser: first-class types in LLVM syntax (integers, floats,
 * opaque and typed pointers, vectors, arrays, literal and packed structs) and
 * named types `%T = type ...`, located in pass 1 and expanded on use. Depth
 * and the expanded size of a header's types are bounded. */
#include "sig_parse.h"

#include <string.h>

/* --- pass 1: named types ------------------------------------------------- */

static NamedType *find_named_type(Parser *p, const Name *name)
{
	if (!p->mod)
		return NULL;
	uint32_t h = name_hash(p->text, name);
	for (unsigned i = 0; i < p->mod->ntypes; i++) {
		NamedType *t = &p->mod->types[i];
		if (t->hash == h && names_equal(p->text, &t->name, name))
			return t;
	}
	return NULL;
}

/* `%name = type BODY` at p->pos (the '%'). */
void collect_named_type(Parser *p)
{
	size_t def = p->pos, pos = p->pos + 1;
	Name name;
	if (!lex_name_at(p, &pos, &name))
		return;
	p->pos = pos;
	if (!accept_char(p, '=') || !accept_word(p, "type"))
		return;
	NamedType *old = find_named_type(p, &name);
	Module *m = p->mod;
	if (old) {
		old->duplicate = true;
		old->dup_pos = def;
	} else if (m->ntypes == MAX_NAMED_TYPES) {
		m->types_overflow = true;
	} else {
		m->types[m->ntypes++] = (NamedType){ .name = name, .hash = name_hash(p->text, &name), .body_pos = p->pos };
	}
}

/* --- types --------------------------------------------------------------- */

static bool parse_type(Parser *p, bool allow_void, TypeId *out);

static bool add_type(Parser *p, size_t at, Type t, TypeId *out)
{
	*out = sig_add_type(p->sig, t);
	if (*out == TYPE_NONE)
		return fail(p, at, "too many distinct types in one header (max %d)", SIG_MAX_TYPES);
	return true;
}

static bool is_int_word(const Parser *p, size_t at, size_t n)
{
	if (n < 2 || p->text[at] != 'i')
		return false;
	for (size_t i = 1; i < n; i++)
		if (!is_digit(char_at(p, at + i)))
			return false;
	return true;
}

bool is_scalar_type_word(const Parser *p, size_t at, size_t n)
{
	static const char *const words[] = { "void", "ptr", "half", "bfloat", "float", "double" };
	return word_in(p, at, n, words, COUNT(words)) || is_int_word(p, at, n);
}

static bool parse_int_type(Parser *p, size_t at, size_t n, TypeId *out)
{
	uint64_t width = 0;
	for (size_t i = 1; i < n; i++)
		if (width < NUMBER_SATURATED)
			width = width * 10 + (uint64_t)(p->text[at + i] - '0');
	if (width == 0)
		return fail(p, at, "integer width 0 not supported (min 1)");
	if (width > MAX_INT_WIDTH)
		return fail(p, at, "integer width %.*s not supported (max %d)", shown(n - 1), p->text + at + 1,
			    MAX_INT_WIDTH);
	return add_type(p, at, (Type){ .kind = TYPE_INT, .n = (uint32_t)width }, out);
}

/* `(N)` after `addrspace`. */
static bool parse_addrspace(Parser *p, uint16_t *as)
{
	uint64_t v;
	size_t at;
	if (!accept_char(p, '('))
		return fail_expected(p, next_token(p), "'(' after 'addrspace'");
	if (!lex_number(p, &v, &at))
		return fail_expected(p, at, "address space number");
	if (v > MAX_ADDRSPACE)
		return fail(p, at, "address space %.*s not supported (max %d)", shown(p->pos - at), p->text + at,
			    MAX_ADDRSPACE);
	if (!accept_char(p, ')'))
		return fail_expected(p, next_token(p), "')' after address space");
	*as = (uint16_t)v;
	return true;
}

/* `ptr` or `ptr addrspace(N)`; p->pos is after `ptr`. */
static bool parse_opaque_pointer(Parser *p, size_t at, TypeId *out)
{
	uint16_t as = 0;
	if (accept_word(p, "addrspace") && !parse_addrspace(p, &as))
		return false;
	size_t star = next_token(p);
	if (char_at(p, star) == '*')
		return fail(p, star, "'ptr' is already a pointer type: drop the '*'");
	return add_type(p, at, (Type){ .kind = TYPE_PTR, .addrspace = as, .elem = TYPE_NONE }, out);
}

static bool parse_word_type(Parser *p, size_t at, TypeId *out)
{
	static const struct {
		const char *word;
		TypeKind kind;
	} simple[] = { { "void", TYPE_VOID }, { "half", TYPE_HALF }, { "bfloat", TYPE_BFLOAT },
		       { "float", TYPE_FLOAT }, { "double", TYPE_DOUBLE } };
	size_t n = word_len_at(p, at);
	p->pos = at + n;
	for (size_t i = 0; i < COUNT(simple); i++)
		if (span_is(p, at, n, simple[i].word))
			return add_type(p, at, (Type){ .kind = (uint8_t)simple[i].kind }, out);
	if (span_is(p, at, n, "ptr"))
		return parse_opaque_pointer(p, at, out);
	if (is_int_word(p, at, n))
		return parse_int_type(p, at, n, out);
	if (is_unsupported_type_word(p, at, n))
		return fail(p, at, "type %.*s not supported", shown(n), p->text + at);
	return fail_expected(p, at, "type");
}

/* Element count of a vector or array; p->pos is after the bracket. */
static bool parse_count(Parser *p, uint32_t *count)
{
	uint64_t v;
	size_t at;
	if (!lex_number(p, &v, &at))
		return fail_expected(p, at, "element count");
	if (v > UINT32_MAX)
		return fail(p, at, "element count %.*s too large (max %lu)", shown(p->pos - at), p->text + at,
			    (unsigned long)UINT32_MAX);
	if (!accept_word(p, "x"))
		return fail_expected(p, next_token(p), "'x' after element count");
	*count = (uint32_t)v;
	return true;
}

static bool is_vector_element(const Type *t)
{
	return t->kind == TYPE_INT || t->kind == TYPE_HALF || t->kind == TYPE_BFLOAT || t->kind == TYPE_FLOAT ||
	       t->kind == TYPE_DOUBLE || t->kind == TYPE_PTR;
}

/* `<N x T>`; p->pos is after '<'. */
static bool parse_vector(Parser *p, size_t at, TypeId *out)
{
	Type t = { .kind = TYPE_VECTOR };
	size_t count_at = next_token(p);
	if (word_at_is(p, count_at, "vscale"))
		return fail(p, count_at, "scalable vectors not supported");
	if (!parse_count(p, &t.n))
		return false;
	if (t.n == 0)
		return fail(p, count_at, "vector must have at least one element");
	size_t elem_at = next_token(p);
	if (!parse_type(p, false, &t.elem))
		return false;
	if (!is_vector_element(type_of(p, t.elem)))
		return fail(p, elem_at, "vector elements must be integer, floating-point or pointer types");
	if (!accept_char(p, '>'))
		return fail_expected(p, next_token(p), "'>' to close vector type");
	return add_type(p, at, t, out);
}

/* `[N x T]`; p->pos is after '['. */
static bool parse_array(Parser *p, size_t at, TypeId *out)
{
	Type t = { .kind = TYPE_ARRAY };
	if (!parse_count(p, &t.n) || !parse_type(p, false, &t.elem))
		return false;
	if (!accept_char(p, ']'))
		return fail_expected(p, next_token(p), "']' to close array type");
	return add_type(p, at, t, out);
}

/* Members up to and including '}', pushed on p->pending. */
static bool parse_members(Parser *p)
{
	if (accept_char(p, '}'))
		return true;
	for (;;) {
		if (p->npending == SIG_MAX_MEMBERS)
			return fail(p, next_token(p), "too many struct members (max %d)", SIG_MAX_MEMBERS);
		TypeId member;
		if (!parse_type(p, false, &member))
			return false;
		p->pending[p->npending++] = member;
		if (accept_char(p, '}'))
			return true;
		if (!accept_char(p, ','))
			return fail_expected(p, next_token(p), "',' or '}' in struct type");
	}
}

/* `{ T, ... }` or `<{ T, ... }>`; p->pos is at the '{'. */
static bool parse_struct(Parser *p, size_t at, bool packed, TypeId *out)
{
	unsigned base = p->npending;
	p->pos++;
	bool ok = parse_members(p);
	if (ok && packed && !accept_char(p, '>'))
		ok = fail_expected(p, next_token(p), "'>' to close packed struct type");
	if (ok) {
		*out = sig_add_struct(p->sig, &p->pending[base], p->npending - base, packed);
		if (*out == TYPE_NONE && p->sig->ntypes == SIG_MAX_TYPES)
			ok = fail(p, at, "too many distinct types in one header (max %d)", SIG_MAX_TYPES);
		else if (*out == TYPE_NONE)
			ok = fail(p, at, "too many struct members in one header (max %d)", SIG_MAX_MEMBERS);
	}
	p->npending = base;
	return ok;
}

/* Whether `*` or `addrspace(N)*` follows, without consuming it. */
static bool pointer_suffix_follows(Parser *p)
{
	size_t save = p->pos, at;
	uint64_t as;
	bool star = (!accept_word(p, "addrspace") ||
		     (accept_char(p, '(') && lex_number(p, &as, &at) && accept_char(p, ')'))) &&
		    accept_char(p, '*');
	p->pos = save;
	return star;
}

static bool expand_named_type(Parser *p, NamedType *t, size_t at, size_t n, TypeId *out)
{
	size_t resume = p->pos;
	p->pos = t->body_pos;
	if (accept_word(p, "opaque")) {
		p->pos = resume;
		return fail(p, at, "type %.*s is opaque", shown(n), p->text + at);
	}
	t->busy_gen = p->gen;
	bool ok = parse_type(p, false, out);
	t->busy_gen = 0;
	p->pos = resume;
	if (ok) {
		t->memo = *out;
		t->memo_gen = p->gen;
	}
	return ok;
}

/* The pointee of `%T*` carries no ABI, so when T cannot be expanded here
 * (opaque, containing itself through this pointer, unsupported members) the
 * pointer records TYPE_NONE instead of failing. A failure is remembered so
 * each type is tried once per header. */
static bool expand_named_pointee(Parser *p, NamedType *t, size_t at, size_t n, TypeId *out)
{
	*out = TYPE_NONE;
	if (t->busy_gen == p->gen || t->failed_gen == p->gen)
		return true;
	SigError saved = *p->err;
	if (!expand_named_type(p, t, at, n, out)) {
		*p->err = saved;
		t->failed_gen = p->gen;
		*out = TYPE_NONE;
	}
	return true;
}

/* `%name`, `%"quoted name"`: a type defined by `%name = type ...` anywhere in the module. */
static bool parse_named_type(Parser *p, size_t at, TypeId *out)
{
	Name name;
	size_t pos = at + 1;
	if (!lex_name_at(p, &pos, &name))
		return fail(p, at, char_at(p, at + 1) == '"' ? "unterminated quoted type name" : "expected type name after '%%'");
	p->pos = pos;
	size_t n = pos - at;
	NamedType *t = find_named_type(p, &name);
	if (!t && p->mod && p->mod->types_overflow)
		return fail(p, at, "too many named types in module (max %d)", MAX_NAMED_TYPES);
	if (!t)
		return fail(p, at, "undefined type %.*s", shown(n), p->text + at);
	if (t->duplicate)
		return fail(p, t->dup_pos, "type %.*s is defined twice", shown(n), p->text + at);
	if (t->memo_gen == p->gen) {
		*out = t->memo;
		return true;
	}
	if (pointer_suffix_follows(p))
		return expand_named_pointee(p, t, at, n, out);
	if (t->busy_gen == p->gen)
		return fail(p, at, "type %.*s contains itself", shown(n), p->text + at);
	return expand_named_type(p, t, at, n, out);
}

static bool parse_base_type(Parser *p, size_t at, TypeId *out)
{
	switch (char_at(p, at)) {
	case '<':
		p->pos = at + 1;
		if (char_at(p, next_token(p)) == '{') {
			p->pos = next_token(p);
			return parse_struct(p, at, true, out);
		}
		return parse_vector(p, at, out);
	case '[':
		p->pos = at + 1;
		return parse_array(p, at, out);
	case '{':
		p->pos = at;
		return parse_struct(p, at, false, out);
	case '%':
		return parse_named_type(p, at, out);
	default:
		return parse_word_type(p, at, out);
	}
}

/* `(T, ..., ...)` of a function type; types are checked, then dropped. */
static bool parse_function_type_params(Parser *p)
{
	p->pos++;
	if (accept_char(p, ')'))
		return true;
	for (;;) {
		TypeId ignored;
		if (!accept_ellipsis(p) && !parse_type(p, false, &ignored))
			return false;
		if (accept_char(p, ')'))
			return true;
		if (!accept_char(p, ','))
			return fail_expected(p, next_token(p), "',' or ')' in function type");
	}
}

/* Typed-pointer suffixes: `T*`, `T addrspace(N)*`, `R (A, B)*`. A function
 * type may only be pointed to; its pointer records TYPE_NONE as pointee. */
static bool parse_type_suffixes(Parser *p, TypeId *t)
{
	size_t function_at = 0;
	bool function = false;
	for (;;) {
		size_t at = next_token(p);
		uint16_t as = 0;
		if (char_at(p, at) == '(' && !function) {
			p->pos = at;
			if (!parse_function_type_params(p))
				return false;
			function = true;
			function_at = at;
			continue;
		}
		if (word_at_is(p, at, "addrspace")) {
			p->pos = at + strlen("addrspace");
			if (!parse_addrspace(p, &as))
				return false;
			if (!accept_char(p, '*'))
				return fail_expected(p, next_token(p), "'*' after addrspace(N)");
		} else if (char_at(p, at) == '*') {
			p->pos = at + 1;
		} else {
			break;
		}
		if (!function && *t != TYPE_NONE && type_of(p, *t)->kind == TYPE_VOID)
			return fail(p, at, "pointer to void is not allowed: use i8*");
		if (!add_type(p, at, (Type){ .kind = TYPE_PTR, .addrspace = as, .elem = function ? TYPE_NONE : *t }, t))
			return false;
		function = false;
	}
	if (function)
		return fail(p, function_at, "a function type can only be used as a pointee: add '*'");
	return true;
}

static bool parse_type(Parser *p, bool allow_void, TypeId *out)
{
	size_t at = next_token(p);
	if (p->depth >= MAX_DEPTH)
		return fail(p, at, "type nested too deeply (max %d levels)", MAX_DEPTH);
	p->depth++;
	bool ok = parse_base_type(p, at, out) && parse_type_suffixes(p, out);
	p->depth--;
	if (ok && !allow_void && type_of(p, *out)->kind == TYPE_VOID)
		return fail(p, at, "void is only allowed as a return type");
	return ok;
}

static uint32_t expanded_size(const Parser *p, TypeId id)
{
	const Type *t = type_of(p, id);
	uint64_t n = 1;
	if (t->kind == TYPE_VECTOR || t->kind == TYPE_ARRAY || (t->kind == TYPE_PTR && t->elem != TYPE_NONE))
		n += p->nodes[t->elem];
	for (uint32_t i = 0; t->kind == TYPE_STRUCT && i < t->n; i++)
		n += p->nodes[p->sig->members[t->first + i]];
	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/* A type the header uses directly (return, parameter, attribute type). Named
 * types make trees exponentially larger than the text; the printer and the
 * model walk types as trees, so the expanded size of a header is bounded. */
bool parse_value_type(Parser *p, bool allow_void, TypeId *out)
{
	size_t at = next_token(p);
	if (!parse_type(p, allow_void, out))
		return false;
	for (; p->nodes_done < p->sig->ntypes; p->nodes_done++)
		p->nodes[p->nodes_done] = expanded_size(p, (TypeId)p->nodes_done);
	p->expanded += p->nodes[*out];
	if (p->expanded > MAX_EXPANDED_NODES)
		return fail(p, at, "types of this header are too large when expanded (max %d nodes)", MAX_EXPANDED_NODES);
	return true;
}
