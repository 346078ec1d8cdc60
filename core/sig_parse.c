/* Parsing LLVM IR function headers (`declare`, `define`, or bare) into Sigs.
 * Pure and allocation-free: the text is never written, scratch tables are
 * bounded and live on the caller's stack, every loop consumes input and every
 * recursion is depth-limited, so any byte sequence is safe (it is fuzzed).
 * A module is read in two passes: named types and attribute groups are
 * located first, then each header is parsed and handed to the sink. */
#include "sig.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum {
	MAX_DEPTH = 64,              /* nesting of types, named types included */
	MAX_NAMED_TYPES = 512,
	MAX_ATTR_GROUPS = 256,
	MAX_EXPANDED_NODES = 8192,   /* a header's types written out as trees */
	MAX_INT_WIDTH = 128,
	MAX_ADDRSPACE = 65535,       /* Type.addrspace is 16 bits */
	MAX_SHOWN = 40,              /* longest token quoted in a message */
};

/* Numbers saturate here, above every limit, so range checks never overflow. */
#define NUMBER_SATURATED UINT64_C(1000000000000000)
#define MAX_ALIGN (UINT64_C(1) << 31)

/* A `%name`/`@name` after its sigil: the bytes of a plain name, or the
 * bytes between the quotes of a quoted one (escapes still in place). */
typedef struct {
	size_t pos, len;
	bool quoted;
} Name;

typedef struct {
	uint32_t no_inputs;
	uint16_t wg_min, wg_max; /* wg_max == 0: not given */
	uint64_t unused[SIG_MAX_PARAMS / 64]; /* "gcnabi-unused": bit i = parameter i */
	bool scratch;                         /* "gcnabi-scratch" */
} FnAttrs;

/* `%name = type BODY`, parsed on demand and memoized per header. */
typedef struct {
	Name name;
	uint32_t hash;
	size_t body_pos;    /* just after `type` */
	bool duplicate;
	size_t dup_pos;     /* the second definition */
	uint32_t busy_gen;  /* header being parsed while the body is expanded */
	uint32_t memo_gen;  /* header that memo belongs to */
	uint32_t failed_gen; /* header in which expanding it as a pointee failed */
	TypeId memo;
} NamedType;

/* `attributes #N = { ... }`, parsed on first use. */
typedef struct {
	uint64_t number;
	size_t body_pos; /* the '{' */
	bool duplicate;
	size_t dup_pos;
	bool cached;
	FnAttrs attrs;
} AttrGroup;

typedef struct {
	NamedType types[MAX_NAMED_TYPES];
	unsigned ntypes;
	bool types_overflow;
	AttrGroup groups[MAX_ATTR_GROUPS];
	unsigned ngroups;
	bool groups_overflow;
} Module;

typedef struct {
	const char *text;
	size_t len, pos;
	Module *mod;      /* NULL when parsing a lone header */
	Sig *sig;
	SigError *err;
	uint32_t gen;     /* headers started so far; tags named-type memos */
	unsigned depth;
	unsigned npending;
	TypeId pending[SIG_MAX_MEMBERS]; /* members of the structs being parsed */
	uint32_t nodes[SIG_MAX_TYPES];   /* expanded size of each type of sig */
	unsigned nodes_done;
	uint64_t expanded;               /* expanded size of the header so far */
	size_t lc_pos, lc_line_start;    /* line cache for error positions */
	uint32_t lc_line;
} Parser;

static const char *const toplevel_words[] = {
	"declare", "define", "attributes", "target", "source_filename", "module", "uselistorder", "uselistorder_bb",
	"deplibs",
};

static const char *const linkage_words[] = {
	"private", "internal", "external", "weak", "linkonce", "linkonce_odr", "weak_odr", "available_externally",
	"extern_weak", "common", "appending", "dso_local", "dso_preemptable", "hidden", "protected", "default",
	"dllimport", "dllexport",
};

static const char *const unsupported_types[] = {
	"x86_fp80", "fp128", "ppc_fp128", "label", "metadata", "token", "target", "x86_mmx", "x86_amx",
};

typedef enum { ATTR_FLAG, ATTR_TYPED, ATTR_ALIGN, ATTR_IGNORED } ValueAttrKind;

/* Parameter and return attributes. Unknown words are errors on parameters:
 * a misspelt `inreg` would silently change the placement. */
static const struct {
	const char *word;
	uint8_t kind;       /* ValueAttrKind */
	uint16_t flag;      /* ParamFlag */
	bool on_return;
} value_attrs[] = {
	{ "inreg", ATTR_FLAG, PARAM_INREG, true },
	{ "signext", ATTR_FLAG, PARAM_SIGNEXT, true },
	{ "zeroext", ATTR_FLAG, PARAM_ZEROEXT, true },
	{ "noundef", ATTR_FLAG, PARAM_NOUNDEF, true },
	{ "byval", ATTR_TYPED, PARAM_BYVAL, false },
	{ "byref", ATTR_TYPED, PARAM_BYREF, false },
	{ "sret", ATTR_TYPED, PARAM_SRET, false },
	{ "align", ATTR_ALIGN, 0, true },
	{ "noalias", ATTR_IGNORED, 0, true },
	{ "nonnull", ATTR_IGNORED, 0, true },
	{ "dereferenceable", ATTR_IGNORED, 0, true },
	{ "dereferenceable_or_null", ATTR_IGNORED, 0, true },
	{ "range", ATTR_IGNORED, 0, true },
	{ "nofpclass", ATTR_IGNORED, 0, true },
	{ "noext", ATTR_IGNORED, 0, true },
	{ "nocapture", ATTR_IGNORED, 0, false },
	{ "captures", ATTR_IGNORED, 0, false },
	{ "readonly", ATTR_IGNORED, 0, false },
	{ "writeonly", ATTR_IGNORED, 0, false },
	{ "readnone", ATTR_IGNORED, 0, false },
	{ "returned", ATTR_IGNORED, 0, false },
	{ "nofree", ATTR_IGNORED, 0, false },
	{ "nest", ATTR_IGNORED, 0, false },
	{ "immarg", ATTR_IGNORED, 0, false },
	{ "swiftself", ATTR_IGNORED, 0, false },
	{ "swifterror", ATTR_IGNORED, 0, false },
	{ "swiftasync", ATTR_IGNORED, 0, false },
	{ "initializes", ATTR_IGNORED, 0, false },
	{ "elementtype", ATTR_IGNORED, 0, false },
	{ "inalloca", ATTR_IGNORED, 0, false },
	{ "preallocated", ATTR_IGNORED, 0, false },
	{ "allocalign", ATTR_IGNORED, 0, false },
	{ "allocptr", ATTR_IGNORED, 0, false },
	{ "writable", ATTR_IGNORED, 0, false },
	{ "dead_on_unwind", ATTR_IGNORED, 0, false },
	{ "dead_on_return", ATTR_IGNORED, 0, false },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* --- characters and positions ------------------------------------------ */

static int char_at(const Parser *p, size_t i) { return i < p->len ? (unsigned char)p->text[i] : -1; }
static int peek(const Parser *p) { return char_at(p, p->pos); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_word_start(int c) { return is_alpha(c) || c == '_'; }
static bool is_word_char(int c) { return is_word_start(c) || is_digit(c); }
static bool is_name_char(int c) { return is_word_char(c) || c == '-' || c == '$' || c == '.'; }

static int hex_value(int c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* End of the blanks and `;` comments starting at pos. */
static size_t space_end(const Parser *p, size_t pos, bool *newline)
{
	while (pos < p->len) {
		char c = p->text[pos];
		if (c == ';') {
			while (pos < p->len && p->text[pos] != '\n')
				pos++;
		} else if (c == '\n') {
			*newline = true;
			pos++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			pos++;
		} else {
			break;
		}
	}
	return pos;
}

/* Returns whether a line break was crossed. */
static bool skip_space(Parser *p)
{
	bool newline = false;
	p->pos = space_end(p, p->pos, &newline);
	return newline;
}

static size_t next_token(const Parser *p)
{
	bool newline = false;
	return space_end(p, p->pos, &newline);
}

static size_t next_line(const Parser *p, size_t pos)
{
	const char *nl = pos < p->len ? memchr(p->text + pos, '\n', p->len - pos) : NULL;
	return nl ? (size_t)(nl - p->text) + 1 : p->len;
}

static void locate(Parser *p, size_t pos, uint32_t *line, uint32_t *col)
{
	if (pos > p->len)
		pos = p->len;
	if (pos < p->lc_pos) {
		p->lc_pos = p->lc_line_start = 0;
		p->lc_line = 1;
	}
	for (; p->lc_pos < pos; p->lc_pos++) {
		if (p->text[p->lc_pos] == '\n') {
			p->lc_line++;
			p->lc_line_start = p->lc_pos + 1;
		}
	}
	*line = p->lc_line;
	*col = (uint32_t)(pos - p->lc_line_start + 1);
}

/* --- tokens -------------------------------------------------------------- */

static size_t word_len_at(const Parser *p, size_t pos)
{
	if (!is_word_start(char_at(p, pos)))
		return 0;
	size_t n = 1;
	while (is_word_char(char_at(p, pos + n)))
		n++;
	return n;
}

static bool span_is(const Parser *p, size_t pos, size_t n, const char *s)
{
	return n == strlen(s) && memcmp(p->text + pos, s, n) == 0;
}

static bool word_at_is(const Parser *p, size_t pos, const char *w) { return span_is(p, pos, word_len_at(p, pos), w); }

static bool word_in(const Parser *p, size_t pos, size_t n, const char *const *list, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (span_is(p, pos, n, list[i]))
			return true;
	return false;
}

static bool accept_word(Parser *p, const char *w)
{
	size_t at = next_token(p);
	if (!word_at_is(p, at, w))
		return false;
	p->pos = at + strlen(w);
	return true;
}

static bool accept_char(Parser *p, char c)
{
	size_t at = next_token(p);
	if (char_at(p, at) != (unsigned char)c)
		return false;
	p->pos = at + 1;
	return true;
}

/* Decimal digits at the next token; false (nothing consumed) when none. */
static bool lex_number(Parser *p, uint64_t *value, size_t *at)
{
	*at = next_token(p);
	if (!is_digit(char_at(p, *at)))
		return false;
	uint64_t v = 0;
	for (p->pos = *at; is_digit(peek(p)); p->pos++)
		if (v < NUMBER_SATURATED)
			v = v * 10 + (uint64_t)(peek(p) - '0');
	*value = v;
	return true;
}

/* A string never spans lines: an unterminated one ends at the line break. */
static size_t string_end(const Parser *p, size_t open)
{
	size_t i = open + 1;
	while (i < p->len && p->text[i] != '"' && p->text[i] != '\n')
		i++;
	return i;
}

/* The name after a sigil at *pos: plain run or quoted string. */
static bool lex_name_at(const Parser *p, size_t *pos, Name *out)
{
	if (char_at(p, *pos) == '"') {
		size_t end = string_end(p, *pos);
		if (char_at(p, end) != '"')
			return false;
		*out = (Name){ *pos + 1, end - *pos - 1, true };
		*pos = end + 1;
		return true;
	}
	size_t n = 0;
	while (is_name_char(char_at(p, *pos + n)))
		n++;
	*out = (Name){ *pos, n, false };
	*pos += n;
	return n > 0;
}

/* At '"': the string's bytes; moves past the closing quote. */
static bool lex_string(Parser *p, Name *s) { return lex_name_at(p, &p->pos, s); }

/* Next byte of a name, undoing the `\\` and `\XX` escapes of quoted names. */
static unsigned char name_byte(const char *text, const Name *n, size_t *i)
{
	const char *s = text + n->pos;
	if (n->quoted && s[*i] == '\\' && *i + 1 < n->len) {
		if (s[*i + 1] == '\\') {
			*i += 2;
			return '\\';
		}
		if (*i + 2 < n->len && hex_value((unsigned char)s[*i + 1]) >= 0 &&
		    hex_value((unsigned char)s[*i + 2]) >= 0) {
			unsigned char c = (unsigned char)(hex_value((unsigned char)s[*i + 1]) * 16 +
							  hex_value((unsigned char)s[*i + 2]));
			*i += 3;
			return c;
		}
	}
	return (unsigned char)s[(*i)++];
}

/* Decodes into buf (NUL-terminated when cap > 0); returns the full length. */
static size_t decode_name(const char *text, const Name *n, char *buf, size_t cap)
{
	size_t len = 0;
	for (size_t i = 0; i < n->len; len++) {
		unsigned char c = name_byte(text, n, &i);
		if (len + 1 < cap)
			buf[len] = (char)c;
	}
	if (cap)
		buf[len < cap ? len : cap - 1] = '\0';
	return len;
}

static uint32_t name_hash(const char *text, const Name *n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n->len;)
		h = (h ^ name_byte(text, n, &i)) * 16777619u;
	return h;
}

static bool names_equal(const char *text, const Name *a, const Name *b)
{
	size_t i = 0, j = 0;
	while (i < a->len && j < b->len)
		if (name_byte(text, a, &i) != name_byte(text, b, &j))
			return false;
	return i == a->len && j == b->len;
}

/* --- errors -------------------------------------------------------------- */

__attribute__((format(printf, 3, 4))) static bool fail(Parser *p, size_t pos, const char *fmt, ...)
{
	locate(p, pos, &p->err->line, &p->err->col);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
	va_end(ap);
	return false;
}

/* The token at pos quoted for a message: 'i32x', '(', or end of input. */
static const char *describe(const Parser *p, size_t pos, char *buf, size_t cap)
{
	if (pos >= p->len) {
		snprintf(buf, cap, "end of input");
		return buf;
	}
	size_t n = 1;
	int c = char_at(p, pos);
	if (is_name_char(c) || c == '%' || c == '@' || c == '#' || c == '!')
		while (n < MAX_SHOWN && is_name_char(char_at(p, pos + n)))
			n++;
	size_t out = 0;
	buf[out++] = '\'';
	for (size_t i = 0; i < n && out + 2 < cap; i++) {
		unsigned char ch = (unsigned char)p->text[pos + i];
		buf[out++] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
	}
	buf[out++] = '\'';
	buf[out] = '\0';
	return buf;
}

static bool fail_expected(Parser *p, size_t pos, const char *what)
{
	char tok[MAX_SHOWN + 4];
	return fail(p, pos, "expected %s, found %s", what, describe(p, pos, tok, sizeof tok));
}

/* Length of a span as printed in a message. */
static int shown(size_t n) { return n < MAX_SHOWN ? (int)n : MAX_SHOWN; }

/* --- pass 1: named types and attribute groups ---------------------------- */

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

static AttrGroup *find_group(Parser *p, uint64_t number)
{
	for (unsigned i = 0; p->mod && i < p->mod->ngroups; i++)
		if (p->mod->groups[i].number == number)
			return &p->mod->groups[i];
	return NULL;
}

/* `%name = type BODY` at p->pos (the '%'). */
static void collect_named_type(Parser *p)
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

/* `attributes #N = {` at p->pos. */
static void collect_attr_group(Parser *p)
{
	size_t def = p->pos, at;
	uint64_t number;
	p->pos += strlen("attributes");
	if (!accept_char(p, '#') || !lex_number(p, &number, &at) || !accept_char(p, '=') || !accept_char(p, '{'))
		return;
	AttrGroup *old = find_group(p, number);
	Module *m = p->mod;
	if (old) {
		old->duplicate = true;
		old->dup_pos = def;
	} else if (m->ngroups == MAX_ATTR_GROUPS) {
		m->groups_overflow = true;
	} else {
		m->groups[m->ngroups++] = (AttrGroup){ .number = number, .body_pos = p->pos - 1 };
	}
}

/* Definitions start a line; nothing else at the start of a line (function
 * bodies included) can look like one. */
static void collect_definitions(Parser *p)
{
	for (size_t line = 0; line < p->len; line = next_line(p, line)) {
		p->pos = line;
		while (peek(p) == ' ' || peek(p) == '\t')
			p->pos++;
		if (peek(p) == '%')
			collect_named_type(p);
		else if (word_at_is(p, p->pos, "attributes"))
			collect_attr_group(p);
	}
}

/* --- types --------------------------------------------------------------- */

static bool parse_type(Parser *p, bool allow_void, TypeId *out);

static const Type *type_of(const Parser *p, TypeId id) { return sig_type(p->sig, id); }

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

static bool is_scalar_type_word(const Parser *p, size_t at, size_t n)
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
	if (word_in(p, at, n, unsupported_types, COUNT(unsupported_types)))
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

static bool accept_ellipsis(Parser *p)
{
	size_t at = next_token(p);
	if (at + 3 > p->len || memcmp(p->text + at, "...", 3) != 0)
		return false;
	p->pos = at + 3;
	return true;
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
static bool parse_value_type(Parser *p, bool allow_void, TypeId *out)
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

/* --- parameter and return attributes ------------------------------------- */

/* `(` ... `)` with nesting and strings, e.g. `range(i32 0, 10)`. */
static bool skip_parens(Parser *p)
{
	size_t open = p->pos, depth = 0;
	while (p->pos < p->len) {
		char c = p->text[p->pos];
		if (c == '"') {
			size_t end = string_end(p, p->pos);
			if (char_at(p, end) != '"')
				return fail(p, p->pos, "unterminated string");
			p->pos = end + 1;
			continue;
		}
		p->pos++;
		if (c == '(')
			depth++;
		else if (c == ')' && --depth == 0)
			return true;
	}
	return fail(p, open, "unterminated '(': missing ')'");
}

/* `"key"` or `"key"="value"` at p->pos. */
static bool lex_string_attr(Parser *p, Name *key, Name *value, bool *has_value)
{
	size_t at = p->pos;
	if (!lex_string(p, key))
		return fail(p, at, "unterminated string");
	*has_value = accept_char(p, '=');
	if (!*has_value)
		return true;
	size_t value_at = next_token(p);
	p->pos = value_at;
	if (char_at(p, value_at) != '"')
		return fail_expected(p, value_at, "string value after '='");
	if (!lex_string(p, value))
		return fail(p, value_at, "unterminated string");
	return true;
}

/* `align N` or `align(N)`; p->pos is after `align`. */
static bool parse_align(Parser *p, uint32_t *align)
{
	bool paren = accept_char(p, '(');
	uint64_t v;
	size_t at;
	if (!lex_number(p, &v, &at))
		return fail_expected(p, at, "alignment after 'align'");
	int n = shown(p->pos - at);
	if (v > MAX_ALIGN)
		return fail(p, at, "alignment %.*s too large (max %llu)", n, p->text + at, (unsigned long long)MAX_ALIGN);
	if (v == 0 || (v & (v - 1)))
		return fail(p, at, "alignment %.*s is not a power of two", n, p->text + at);
	if (paren && !accept_char(p, ')'))
		return fail_expected(p, next_token(p), "')' after alignment");
	*align = (uint32_t)v;
	return true;
}

/* `byval(T)`, or bare `byval` on a typed pointer (LLVM 14 and older): then
 * the type is the pointee. */
static bool parse_attr_type(Parser *p, size_t at, const char *word, Param *param)
{
	if (accept_char(p, '(')) {
		if (!parse_value_type(p, false, &param->attr_type))
			return false;
		if (!accept_char(p, ')'))
			return fail_expected(p, next_token(p), "')' after attribute type");
		return true;
	}
	const Type *t = type_of(p, param->type);
	if (t->kind != TYPE_PTR || t->elem == TYPE_NONE)
		return fail(p, at, "'%s' without a type needs a typed pointer parameter: write %s(T)", word, word);
	param->attr_type = t->elem;
	return true;
}

static int find_value_attr(const Parser *p, size_t at, size_t n, bool is_return)
{
	for (size_t i = 0; n && i < COUNT(value_attrs); i++)
		if ((value_attrs[i].on_return || !is_return) && span_is(p, at, n, value_attrs[i].word))
			return (int)i;
	return -1;
}

/* Return attributes stop at the first other word (the type); on parameters
 * any other word is an error, except a top-level keyword that begins the
 * next line, left for the caller to report. String attributes (such as
 * "amdgpu-hidden-argument") are ignored. */
static bool parse_value_attrs(Parser *p, bool is_return, Param *param)
{
	for (;;) {
		size_t at = next_token(p), n = word_len_at(p, at);
		if (char_at(p, at) == '"') {
			Name key, value;
			bool has_value;
			p->pos = at;
			if (!lex_string_attr(p, &key, &value, &has_value))
				return false;
			continue;
		}
		int i = find_value_attr(p, at, n, is_return);
		if (i < 0 && (is_return || !n || word_in(p, at, n, toplevel_words, COUNT(toplevel_words))))
			return true;
		if (i < 0)
			return fail(p, at, "unknown parameter attribute '%.*s'", shown(n), p->text + at);
		p->pos = at + n;
		bool ok = true;
		switch ((ValueAttrKind)value_attrs[i].kind) {
		case ATTR_FLAG:
			param->flags |= value_attrs[i].flag;
			break;
		case ATTR_TYPED:
			param->flags |= value_attrs[i].flag;
			ok = parse_attr_type(p, at, value_attrs[i].word, param);
			break;
		case ATTR_ALIGN:
			ok = parse_align(p, &param->align);
			break;
		case ATTR_IGNORED:
			if (char_at(p, next_token(p)) == '(') {
				p->pos = next_token(p);
				ok = skip_parens(p);
			}
			break;
		}
		if (!ok)
			return false;
	}
}

/* --- function attributes ------------------------------------------------- */

static bool parse_fn_attrs(Parser *p, FnAttrs *fa, bool in_group, bool words_across_lines, bool *new_line);

static bool key_is(const Parser *p, const Name *key, const char *s) { return span_is(p, key->pos, key->len, s); }

/* Digits at value[*i], saturating. */
static bool value_number(const Parser *p, const Name *value, size_t *i, uint64_t *v)
{
	size_t first = *i;
	for (*v = 0; *i < value->len && is_digit(p->text[value->pos + *i]); (*i)++)
		if (*v < NUMBER_SATURATED)
			*v = *v * 10 + (uint64_t)(p->text[value->pos + *i] - '0');
	return *i > first;
}

/* "min,max" with min <= max and 1 <= max <= 65535. */
static bool parse_flat_wg(Parser *p, const Name *value, FnAttrs *fa)
{
	uint64_t min, max;
	size_t i = 0;
	bool ok = value_number(p, value, &i, &min) && i < value->len && p->text[value->pos + i++] == ',' &&
		  value_number(p, value, &i, &max) && i == value->len;
	if (!ok || min > max || max == 0 || max > UINT16_MAX)
		return fail(p, value->pos, "\"amdgpu-flat-work-group-size\" must be \"min,max\" with min <= max, "
					   "1 <= max <= 65535");
	fa->wg_min = (uint16_t)min;
	fa->wg_max = (uint16_t)max;
	return true;
}

/* "0,3,4": parameter numbers below SIG_MAX_PARAMS; "" marks none. */
static bool parse_unused(Parser *p, const Name *value, FnAttrs *fa)
{
	size_t i = 0;
	while (i < value->len) {
		uint64_t n;
		if (!value_number(p, value, &i, &n) || n >= SIG_MAX_PARAMS || (i < value->len && p->text[value->pos + i++] != ','))
			return fail(p, value->pos, "\"gcnabi-unused\" must be parameter numbers \"N,M,...\" below %d",
				    SIG_MAX_PARAMS);
		fa->unused[n / 64] |= UINT64_C(1) << (n % 64);
	}
	return true;
}

static bool apply_string_attr(Parser *p, size_t at, const Name *key, const Name *value, FnAttrs *fa)
{
	for (unsigned i = 0; i < NOIN_COUNT; i++)
		if (key_is(p, key, noinput_names[i]))
			fa->no_inputs |= UINT32_C(1) << i;
	if (key_is(p, key, "gcnabi-scratch"))
		fa->scratch = true;
	if (key_is(p, key, "gcnabi-unused"))
		return value ? parse_unused(p, value, fa) : fail(p, at, "\"gcnabi-unused\" needs a value \"N,M,...\"");
	if (!key_is(p, key, "amdgpu-flat-work-group-size"))
		return true;
	if (!value)
		return fail(p, at, "\"amdgpu-flat-work-group-size\" needs a value \"min,max\"");
	return parse_flat_wg(p, value, fa);
}

static bool parse_string_attr(Parser *p, FnAttrs *fa)
{
	size_t at = p->pos;
	Name key, value;
	bool has_value;
	return lex_string_attr(p, &key, &value, &has_value) &&
	       apply_string_attr(p, at, &key, has_value ? &value : NULL, fa);
}

static bool parse_group_body(Parser *p, AttrGroup *g)
{
	size_t resume = p->pos;
	FnAttrs attrs = { 0, 0, 0, { 0 }, false };
	bool new_line;
	p->pos = g->body_pos + 1;
	bool ok = parse_fn_attrs(p, &attrs, true, true, &new_line);
	if (ok && !accept_char(p, '}')) {
		char msg[64];
		snprintf(msg, sizeof msg, "'}' to close attribute group #%llu", (unsigned long long)g->number);
		ok = fail_expected(p, next_token(p), msg);
	}
	p->pos = resume;
	if (ok) {
		g->attrs = attrs;
		g->cached = true;
	}
	return ok;
}

/* `#N`: the attributes of group N join the function's. */
static bool parse_group_ref(Parser *p, FnAttrs *fa)
{
	size_t at = p->pos, num_at;
	uint64_t number;
	p->pos++;
	if (!is_digit(peek(p)) || !lex_number(p, &number, &num_at))
		return fail_expected(p, p->pos, "attribute group number after '#'");
	AttrGroup *g = find_group(p, number);
	if (!g && p->mod && p->mod->groups_overflow)
		return fail(p, at, "too many attribute groups in module (max %d)", MAX_ATTR_GROUPS);
	if (!g)
		return fail(p, at, "undefined attribute group %.*s", shown(p->pos - at), p->text + at);
	if (g->duplicate)
		return fail(p, g->dup_pos, "attribute group %.*s is defined twice", shown(p->pos - at), p->text + at);
	if (!g->cached && !parse_group_body(p, g))
		return false;
	fa->no_inputs |= g->attrs.no_inputs;
	for (unsigned w = 0; w < SIG_MAX_PARAMS / 64; w++)
		fa->unused[w] |= g->attrs.unused[w];
	fa->scratch |= g->attrs.scratch;
	if (g->attrs.wg_max) {
		fa->wg_min = g->attrs.wg_min;
		fa->wg_max = g->attrs.wg_max;
	}
	return true;
}

/* `!dbg !12`; a line like `!0 = ...` or `!name = ...` is not one. */
static bool accept_metadata_attachment(Parser *p)
{
	size_t pos = p->pos + 1, n = 0;
	if (!is_word_start(char_at(p, pos)))
		return false;
	while (is_name_char(char_at(p, pos + n)))
		n++;
	size_t save = p->pos;
	p->pos = pos + n;
	size_t value = next_token(p);
	if (char_at(p, value) != '!' || !is_name_char(char_at(p, value + 1))) {
		p->pos = save;
		return false;
	}
	for (p->pos = value + 1; is_name_char(peek(p));)
		p->pos++;
	return true;
}

/* A bare attribute word and what it takes: `align 4`, `section "s"`,
 * `memory(none)`, or `word=value` inside a group. */
static bool parse_word_attr(Parser *p, size_t n, bool in_group)
{
	static const char *const with_string[] = { "section", "partition", "gc" };
	size_t at = p->pos;
	p->pos += n;
	size_t next = next_token(p);
	int c = char_at(p, next);
	if (span_is(p, at, n, "align") && is_digit(c)) {
		uint32_t ignored;
		return parse_align(p, &ignored);
	}
	if (word_in(p, at, n, with_string, COUNT(with_string)) && c == '"') {
		Name ignored;
		p->pos = next;
		return lex_string(p, &ignored) || fail(p, next, "unterminated string");
	}
	if (c == '(') {
		p->pos = next;
		return skip_parens(p);
	}
	if (!in_group || c != '=')
		return true;
	p->pos = next + 1;
	size_t value = next_token(p);
	if (char_at(p, value) == '"') {
		Name ignored;
		p->pos = value;
		return lex_string(p, &ignored) || fail(p, value, "unterminated string");
	}
	if (!is_name_char(char_at(p, value)))
		return fail_expected(p, value, "value after '='");
	for (p->pos = value; is_name_char(peek(p));)
		p->pos++;
	return true;
}

/* One function attribute at p->pos; *matched is false (and nothing is
 * consumed) when the token is not one. A bare word is one only when
 * words_ok: a declare ends at its line break, the next line may start with
 * anything. */
static bool parse_fn_attr(Parser *p, FnAttrs *fa, bool in_group, bool words_ok, bool *matched)
{
	int c = peek(p);
	size_t n = word_len_at(p, p->pos);
	*matched = true;
	if (c == '"')
		return parse_string_attr(p, fa);
	if (c == '#' && !in_group)
		return parse_group_ref(p, fa);
	if (c == '!' && !in_group && accept_metadata_attachment(p))
		return true;
	if (n && words_ok && !word_in(p, p->pos, n, toplevel_words, COUNT(toplevel_words)))
		return parse_word_attr(p, n, in_group);
	*matched = false;
	return true;
}

/* Attributes after the parameter list, or inside a group's braces. Stops at
 * the first other token, leaving p->pos on it; *new_line tells whether a
 * line break came before it. Bare words on later lines count only when
 * words_across_lines (a define's attributes run up to its '{'). */
static bool parse_fn_attrs(Parser *p, FnAttrs *fa, bool in_group, bool words_across_lines, bool *new_line)
{
	for (;;) {
		*new_line = skip_space(p);
		bool matched;
		if (!parse_fn_attr(p, fa, in_group, words_across_lines || !*new_line, &matched))
			return false;
		if (!matched)
			return true;
	}
}

/* --- headers ------------------------------------------------------------- */

/* The name after the first '@' on the header's line, so that errors before
 * the name is parsed can still say which function they belong to. */
static void peek_function_name(const Parser *p, size_t start, char *buf, size_t cap)
{
	buf[0] = '\0';
	for (size_t i = start; i < p->len && p->text[i] != '\n'; i++) {
		if (p->text[i] != '@')
			continue;
		size_t pos = i + 1;
		Name name;
		if (lex_name_at(p, &pos, &name))
			decode_name(p->text, &name, buf, cap);
		return;
	}
}

static void begin_header(Parser *p, size_t start)
{
	uint32_t col;
	sig_init(p->sig);
	memset(p->err, 0, sizeof *p->err);
	peek_function_name(p, start, p->err->function, sizeof p->err->function);
	locate(p, start, &p->sig->line, &col);
	p->pos = start;
	p->gen++;
	p->depth = p->npending = p->nodes_done = 0;
	p->expanded = 0;
}

static bool is_cc_word(const Parser *p, size_t at, size_t n, CallConv *cc)
{
	int i = n ? conv_find(p->text + at, n) : -1;
	if (i >= 0)
		*cc = (CallConv)i;
	return i >= 0;
}

/* `cc N`; p->pos is after `cc`. */
static bool parse_numbered_cc(Parser *p)
{
	uint64_t v;
	size_t at;
	if (!lex_number(p, &v, &at))
		return fail_expected(p, at, "calling convention number after 'cc'");
	int i = conv_find_id(v);
	if (i >= 0) {
		p->sig->cc = (uint8_t)i;
		return true;
	}
	return fail(p, at, "unsupported calling convention 'cc %.*s'", shown(p->pos - at), p->text + at);
}

/* The calling convention, if any. A word that is neither a convention, an
 * attribute nor a type stands where a convention goes, unless the function
 * name follows it: then it is a misspelt type. */
static bool parse_cc(Parser *p)
{
	size_t at = next_token(p), n = word_len_at(p, at);
	CallConv cc;
	if (n && is_cc_word(p, at, n, &cc)) {
		p->sig->cc = (uint8_t)cc;
		p->pos = at + n;
		return true;
	}
	if (span_is(p, at, n, "cc")) {
		p->pos = at + n;
		return parse_numbered_cc(p);
	}
	if (!n || find_value_attr(p, at, n, false) >= 0 || is_scalar_type_word(p, at, n) ||
	    word_in(p, at, n, unsupported_types, COUNT(unsupported_types)))
		return true;
	bool newline = false;
	if (char_at(p, space_end(p, at + n, &newline)) == '@')
		return true;
	return fail(p, at, "unsupported calling convention '%.*s'", shown(n), p->text + at);
}

static bool parse_function_name(Parser *p)
{
	size_t at = next_token(p), pos = at + 1;
	Name name;
	if (char_at(p, at) != '@')
		return fail_expected(p, at, "'@name' after the return type");
	if (!lex_name_at(p, &pos, &name))
		return fail(p, at, char_at(p, at + 1) == '"' ? "unterminated quoted name" : "expected function name after '@'");
	p->pos = pos;
	Sig *s = p->sig;
	size_t len = decode_name(p->text, &name, s->name, sizeof s->name);
	if (len >= sizeof s->name)
		return fail(p, at, "function name too long (max %d bytes)", SIG_NAME_MAX - 1);
	if (strlen(s->name) != len)
		return fail(p, at, "function name contains a NUL byte");
	memcpy(p->err->function, s->name, sizeof s->name);
	return true;
}

static bool parse_param(Parser *p)
{
	Sig *s = p->sig;
	size_t at = next_token(p);
	if (s->nparams == SIG_MAX_PARAMS)
		return fail(p, at, "too many parameters (max %d)", SIG_MAX_PARAMS);
	Param *param = &s->params[s->nparams];
	*param = (Param){ .type = TYPE_NONE, .attr_type = TYPE_NONE };
	if (!parse_value_type(p, false, &param->type) || !parse_value_attrs(p, false, param))
		return false;
	s->nparams++;
	size_t name_at = next_token(p), pos = name_at + 1;
	Name ignored;
	if (char_at(p, name_at) != '%')
		return true;
	if (!lex_name_at(p, &pos, &ignored))
		return fail_expected(p, name_at + 1, "parameter name after '%'");
	p->pos = pos;
	return true;
}

static bool parse_params(Parser *p)
{
	if (!accept_char(p, '('))
		return fail_expected(p, next_token(p), "'(' after the function name");
	if (accept_char(p, ')'))
		return true;
	for (;;) {
		if (accept_ellipsis(p)) {
			p->sig->varargs = true;
			if (!accept_char(p, ')'))
				return fail_expected(p, next_token(p), "')' after '...'");
			return true;
		}
		if (!parse_param(p))
			return false;
		if (accept_char(p, ')'))
			return true;
		if (!accept_char(p, ','))
			return fail_expected(p, next_token(p), "',' or ')' in parameter list");
	}
}

static void skip_linkage(Parser *p)
{
	for (;;) {
		size_t at = next_token(p), n = word_len_at(p, at);
		if (!n || !word_in(p, at, n, linkage_words, COUNT(linkage_words)))
			return;
		p->pos = at + n;
	}
}

/* `[declare|define] [linkage...] [cc] [ret attrs] RET @name(PARAMS) [fn attrs]`.
 * Leaves p->pos on the token after the header. */
static bool parse_header(Parser *p, bool *new_line)
{
	Sig *s = p->sig;
	if (accept_word(p, "define"))
		s->is_define = true;
	else
		accept_word(p, "declare");
	skip_linkage(p);
	Param ret = { .attr_type = TYPE_NONE };
	FnAttrs fa = { 0, 0, 0, { 0 }, false };
	if (!parse_cc(p) || !parse_value_attrs(p, true, &ret) || !parse_value_type(p, true, &s->ret) ||
	    !parse_function_name(p) || !parse_params(p) || !parse_fn_attrs(p, &fa, false, s->is_define, new_line))
		return false;
	for (unsigned i = 0; i < SIG_MAX_PARAMS && (fa.unused[0] | fa.unused[1] | fa.unused[2] | fa.unused[3]); i++)
		if (fa.unused[i / 64] >> (i % 64) & 1) {
			if (i >= s->nparams)
				return fail(p, p->pos, "\"gcnabi-unused\" names parameter %u, but the function has %u",
					    i, (unsigned)s->nparams);
			s->params[i].flags |= PARAM_UNUSED;
		}
	s->ret_flags = ret.flags;
	s->no_inputs = fa.no_inputs;
	s->flat_wg_min = fa.wg_min;
	s->flat_wg_max = fa.wg_max;
	s->uses_scratch = fa.scratch;
	return true;
}

/* At the body's '{': to just past the matching '}'. Braces in strings and
 * comments do not count. */
static bool skip_body(Parser *p)
{
	size_t open = p->pos, depth = 0;
	while (p->pos < p->len) {
		char c = p->text[p->pos];
		if (c == ';') {
			p->pos = next_line(p, p->pos);
			continue;
		}
		if (c == '"') {
			size_t end = string_end(p, p->pos);
			p->pos = end < p->len ? end + 1 : end;
			continue;
		}
		p->pos++;
		if (c == '{')
			depth++;
		else if (c == '}' && --depth == 0)
			return true;
	}
	return fail(p, open, "unterminated function body: missing '}'");
}

/* A lone define may stop at its '{' (a define line) or carry its body. */
static bool skip_define_line_body(Parser *p)
{
	bool newline = false;
	if (space_end(p, p->pos + 1, &newline) < p->len)
		return skip_body(p);
	p->pos = p->len;
	return true;
}

/* A `declare` or `define` at p->pos, with the body of a define. */
static bool parse_function(Parser *p)
{
	bool new_line;
	if (!parse_header(p, &new_line))
		return false;
	if (p->sig->is_define) {
		if (peek(p) != '{')
			return fail_expected(p, p->pos, "'{' to begin the function body");
		return skip_body(p);
	}
	if (p->pos < p->len && !new_line)
		return fail_expected(p, p->pos, "end of line after the function header");
	return true;
}

/* A top-level line that starts like a header (a calling convention or a
 * scalar type) and names a function `@f(` is a header missing its keyword:
 * reported rather than skipped. */
static bool looks_like_bare_header(const Parser *p)
{
	size_t at = p->pos, n = word_len_at(p, at);
	CallConv cc;
	if (!n || !(is_cc_word(p, at, n, &cc) || is_scalar_type_word(p, at, n)))
		return false;
	for (size_t i = at; i < p->len && p->text[i] != '\n'; i++) {
		size_t pos = i + 1;
		Name name;
		if (p->text[i] != '@' || !lex_name_at(p, &pos, &name))
			continue;
		while (char_at(p, pos) == ' ' || char_at(p, pos) == '\t')
			pos++;
		if (char_at(p, pos) == '(')
			return true;
	}
	return false;
}

/* After a header that failed: the next line that starts with declare/define. */
static size_t resync(const Parser *p, size_t start)
{
	size_t line = next_line(p, start);
	for (; line < p->len; line = next_line(p, line)) {
		size_t at = line;
		while (char_at(p, at) == ' ' || char_at(p, at) == '\t')
			at++;
		if (word_at_is(p, at, "declare") || word_at_is(p, at, "define"))
			return at;
	}
	return p->len;
}

static void parser_init(Parser *p, const char *text, size_t len, Module *mod, Sig *sig, SigError *err)
{
	memset(p, 0, sizeof *p);
	p->text = text;
	p->len = text ? len : 0;
	p->mod = mod;
	p->sig = sig;
	p->err = err;
	p->lc_line = 1;
}

/* One top-level item at p->pos; returns the sink's verdict. */
static int parse_toplevel_item(Parser *p, SigSink sink, void *ctx, unsigned *failed)
{
	size_t start = p->pos;
	bool ok;
	if (word_at_is(p, start, "declare") || word_at_is(p, start, "define")) {
		begin_header(p, start);
		ok = parse_function(p);
		if (!ok)
			p->pos = resync(p, start);
	} else if (looks_like_bare_header(p)) {
		begin_header(p, start);
		ok = fail(p, start, "function header must start with 'declare' or 'define'");
		p->pos = next_line(p, start);
	} else {
		p->pos = next_line(p, start);
		return 0;
	}
	*failed += !ok;
	return sink ? sink(ctx, ok ? p->sig : NULL, ok ? NULL : p->err) : 0;
}

unsigned sig_parse_module(const char *text, size_t len, SigSink sink, void *ctx)
{
	Module mod;
	Parser p;
	Sig sig;
	SigError err;
	memset(&mod, 0, sizeof mod);
	parser_init(&p, text, len, &mod, &sig, &err);
	collect_definitions(&p);
	unsigned failed = 0;
	for (p.pos = 0;;) {
		skip_space(&p);
		if (p.pos >= p.len || parse_toplevel_item(&p, sink, ctx, &failed))
			break;
	}
	return failed;
}

bool sig_parse_header(const char *text, size_t len, Sig *out, SigError *err)
{
	Parser p;
	SigError scratch;
	parser_init(&p, text, len, NULL, out, err ? err : &scratch);
	begin_header(&p, next_token(&p));
	bool new_line;
	if (!parse_header(&p, &new_line))
		return false;
	if (out->is_define && peek(&p) == '{' && !skip_define_line_body(&p))
		return false;
	size_t end = next_token(&p);
	if (end < p.len)
		return fail_expected(&p, end, "end of header");
	return true;
}
