/* Attributes: parameter and return attributes (flags, typed byval/byref/
 * sret, align, ignored words), function attributes after the parameter list
 * (the "amdgpu-no-*", "amdgpu-flat-work-group-size", "gcnabi-*" strings the
 * model reads) and attribute groups `attributes #N = {...}`, located in pass
 * 1 and parsed on first use. */
#include "sig_parse.h"

#include <stdio.h>
#include <string.h>

static const char *const toplevel_words[] = {
	"declare", "define", "attributes", "target", "source_filename", "module", "uselistorder", "uselistorder_bb",
	"deplibs",
};

bool is_toplevel_word(const Parser *p, size_t at, size_t n)
{
	return word_in(p, at, n, toplevel_words, COUNT(toplevel_words));
}

/* ATTR_KEPT: not read by the model, kept as written (Param.kept_off). */
typedef enum { ATTR_FLAG, ATTR_TYPED, ATTR_ALIGN, ATTR_KEPT } ValueAttrKind;

/* The types an attribute applies to: the IR verifier rejects it on any
 * other ("Attribute 'X' applied to incompatible type!",
 * AttributeFuncs::typeIncompatible; the same in LLVM 14-22). An attribute
 * only intrinsics take is refused on every gcnabi function. */
typedef enum { TAKES_ANY, TAKES_INT, TAKES_PTR, TAKES_INTRINSIC } AttrTakes;

/* The verifier's exclusive group (Verifier::verifyParameterAttrs): at most
 * one of byval, inalloca, preallocated, inreg-or-sret, nest and byref. */
typedef enum { EXCL_NONE, EXCL_BYVAL, EXCL_BYREF, EXCL_INREG_SRET, EXCL_NEST, EXCL_INALLOCA, EXCL_PREALLOCATED } AttrExclusive;

/* Parameter and return attributes. Unknown words are errors on parameters:
 * a misspelt `inreg` would silently change the placement. The ones the
 * model does not read are kept as written, for emit to write back. */
static const struct {
	const char *word;
	uint8_t kind;       /* ValueAttrKind */
	uint16_t flag;      /* ParamFlag */
	bool on_return;
	uint8_t takes;      /* AttrTakes */
	uint8_t exclusive;  /* AttrExclusive */
} value_attrs[] = {
	{ "inreg", ATTR_FLAG, PARAM_INREG, true, TAKES_ANY, EXCL_INREG_SRET },
	{ "signext", ATTR_FLAG, PARAM_SIGNEXT, true, TAKES_INT, EXCL_NONE },
	{ "zeroext", ATTR_FLAG, PARAM_ZEROEXT, true, TAKES_INT, EXCL_NONE },
	{ "noundef", ATTR_FLAG, PARAM_NOUNDEF, true, TAKES_ANY, EXCL_NONE },
	{ "byval", ATTR_TYPED, PARAM_BYVAL, false, TAKES_PTR, EXCL_BYVAL },
	{ "byref", ATTR_TYPED, PARAM_BYREF, false, TAKES_PTR, EXCL_BYREF },
	{ "sret", ATTR_TYPED, PARAM_SRET, false, TAKES_PTR, EXCL_INREG_SRET },
	{ "align", ATTR_ALIGN, 0, true, TAKES_PTR, EXCL_NONE },
	{ "noalias", ATTR_KEPT, 0, true, TAKES_PTR, EXCL_NONE },
	{ "nonnull", ATTR_KEPT, 0, true, TAKES_PTR, EXCL_NONE },
	{ "dereferenceable", ATTR_KEPT, 0, true, TAKES_PTR, EXCL_NONE },
	{ "dereferenceable_or_null", ATTR_KEPT, 0, true, TAKES_PTR, EXCL_NONE },
	{ "range", ATTR_KEPT, 0, true, TAKES_ANY, EXCL_NONE },
	{ "nofpclass", ATTR_KEPT, 0, true, TAKES_ANY, EXCL_NONE },
	{ "noext", ATTR_KEPT, 0, true, TAKES_ANY, EXCL_NONE },
	{ "nocapture", ATTR_KEPT, 0, false, TAKES_PTR, EXCL_NONE },
	{ "captures", ATTR_KEPT, 0, false, TAKES_PTR, EXCL_NONE },
	{ "readonly", ATTR_KEPT, 0, false, TAKES_PTR, EXCL_NONE },
	{ "writeonly", ATTR_KEPT, 0, false, TAKES_PTR, EXCL_NONE },
	{ "readnone", ATTR_KEPT, 0, false, TAKES_PTR, EXCL_NONE },
	{ "returned", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "nofree", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "nest", ATTR_KEPT, 0, false, TAKES_PTR, EXCL_NEST },
	{ "immarg", ATTR_KEPT, 0, false, TAKES_INTRINSIC, EXCL_NONE },
	{ "swiftself", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "swifterror", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "swiftasync", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "initializes", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "elementtype", ATTR_KEPT, 0, false, TAKES_INTRINSIC, EXCL_NONE },
	{ "inalloca", ATTR_KEPT, 0, false, TAKES_PTR, EXCL_INALLOCA },
	{ "preallocated", ATTR_KEPT, 0, false, TAKES_PTR, EXCL_PREALLOCATED },
	{ "allocalign", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "allocptr", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "writable", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "dead_on_unwind", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "dead_on_return", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
	{ "alignstack", ATTR_KEPT, 0, false, TAKES_ANY, EXCL_NONE },
};

/* --- pass 1: attribute groups ------------------------------------------- */

static AttrGroup *find_group(Parser *p, uint64_t number)
{
	for (unsigned i = 0; p->mod && i < p->mod->ngroups; i++)
		if (p->mod->groups[i].number == number)
			return &p->mod->groups[i];
	return NULL;
}

/* `attributes #N = {` at p->pos. */
void collect_attr_group(Parser *p)
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

/* --- kept attribute text ------------------------------------------------- */

/* Appends the source text [from, to) to the signature's kept attributes
 * at off and len (the last ones appended), a space before it
 * when not the first; a group's `word=value` in its inline form
 * `word(value)`; line breaks and other controls as spaces, and a `;`
 * comment between a word and its parentheses on the next line left out,
 * since on one line it would swallow the rest (inside parentheses the
 * parser reads `;` as text: kept, so that what is printed reads back). */
bool keep_text(Parser *p, size_t from, size_t to, bool group_form, uint16_t *off, uint16_t *len)
{
	Sig *s = p->sig;
	size_t n = to - from, eq = n;
	if (group_form && n && p->text[from] != '"')
		for (size_t i = 0; i < n && eq == n; i++)
			if (p->text[from + i] == '=')
				eq = i;
	size_t need = n + (*len ? 1 : 0) + (eq < n ? 1 : 0);
	if (s->kept_used + need > SIG_KEPT_MAX)
		return fail(p, from, "more than %d bytes of attributes to keep in one header", SIG_KEPT_MAX);
	if (!*len)
		*off = s->kept_used;
	char *w = s->kept + s->kept_used, *start = w;
	if (*len)
		*w++ = ' ';
	bool quoted = false;
	int depth = 0;
	for (size_t i = 0; i < n; i++) {
		char c = p->text[from + i];
		quoted ^= c == '"';
		depth += !quoted && c == '(' ? 1 : !quoted && c == ')' ? -1 : 0;
		if (c == ';' && !quoted && depth == 0) {
			while (i + 1 < n && p->text[from + i + 1] != '\n')
				i++;
			continue;
		}
		*w++ = i == eq ? '(' : (unsigned char)c < 0x20 || c == 0x7f ? ' ' : c;
	}
	if (eq < n)
		*w++ = ')';
	size_t wrote = (size_t)(w - start);
	*len = (uint16_t)(*len + wrote);
	s->kept_used = (uint16_t)(s->kept_used + wrote);
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

int find_value_attr(const Parser *p, size_t at, size_t n, bool is_return)
{
	for (size_t i = 0; n && i < COUNT(value_attrs); i++)
		if ((value_attrs[i].on_return || !is_return) && span_is(p, at, n, value_attrs[i].word))
			return (int)i;
	return -1;
}

/* Return attributes stop at the first other word (the type); on parameters
 * any other word is an error, except a top-level keyword that begins the
 * next line, left for the caller to report. String attributes (such as
 * "amdgpu-hidden-argument") are ignored. seen records where each attribute
 * of the table first appeared, for verify_value_attrs. */
bool parse_value_attrs(Parser *p, bool is_return, Param *param, AttrsSeen *seen)
{
	memset(seen, 0, sizeof *seen);
	for (;;) {
		size_t at = next_token(p), n = word_len_at(p, at);
		if (char_at(p, at) == '"') {
			Name key, value;
			bool has_value;
			p->pos = at;
			if (!lex_string_attr(p, &key, &value, &has_value) ||
			    !keep_text(p, at, p->pos, false, &param->kept_off, &param->kept_len))
				return false;
			continue;
		}
		int i = find_value_attr(p, at, n, is_return);
		if (i < 0 && (is_return || !n || word_in(p, at, n, toplevel_words, COUNT(toplevel_words))))
			return true;
		if (i < 0)
			return fail(p, at, "unknown parameter attribute '%.*s'", shown(n), p->text + at);
		if (!seen->at[i])
			seen->at[i] = at + 1;
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
		case ATTR_KEPT:
			if (char_at(p, next_token(p)) == '(') {
				p->pos = next_token(p);
				ok = skip_parens(p);
			}
			ok = ok && keep_text(p, at, p->pos, false, &param->kept_off, &param->kept_len);
			break;
		}
		if (!ok)
			return false;
	}
}

_Static_assert(COUNT(value_attrs) <= MAX_VALUE_ATTRS, "AttrsSeen holds one position per value attribute");

static bool takes_type(const Parser *p, AttrTakes takes, TypeId type)
{
	const Type *t = type_of(p, type);
	if (takes == TAKES_INT)
		return t->kind == TYPE_INT;
	if (takes == TAKES_PTR)
		return t->kind == TYPE_PTR || (t->kind == TYPE_VECTOR && type_of(p, t->elem)->kind == TYPE_PTR);
	return takes == TAKES_ANY;
}

/* Where the attribute that sets flag first appeared, plus one; 0 if not. */
static size_t seen_flag(const AttrsSeen *seen, uint16_t flag)
{
	for (unsigned i = 0; i < COUNT(value_attrs); i++)
		if (value_attrs[i].flag == flag)
			return seen->at[i];
	return 0;
}

/* The IR verifier's rules for one parameter's or the return's attributes
 * (Verifier::verifyParameterAttrs, in its order; the messages are its own,
 * the same in LLVM 14-22), so that a header llc would refuse before
 * compiling is an input error here and never a compiler finding. */
bool verify_value_attrs(Parser *p, const AttrsSeen *seen, TypeId type)
{
	static const char *const verifier = "the IR verifier rejects it";
	unsigned first = COUNT(value_attrs), second = COUNT(value_attrs);
	for (unsigned i = 0; i < COUNT(value_attrs); i++) {
		if (!seen->at[i])
			continue;
		if (value_attrs[i].takes == TAKES_INTRINSIC)
			return fail(p, seen->at[i] - 1, "'%s' is only for intrinsics: %s (\"%s attribute only applies to "
							"intrinsics\")", value_attrs[i].word, verifier, value_attrs[i].word);
		if (value_attrs[i].exclusive && (first == COUNT(value_attrs) || seen->at[i] < seen->at[first]))
			first = i;
	}
	/* The exclusive attribute that came next after the first, of another group. */
	for (unsigned i = 0; first < COUNT(value_attrs) && i < COUNT(value_attrs); i++)
		if (seen->at[i] && value_attrs[i].exclusive && value_attrs[i].exclusive != value_attrs[first].exclusive &&
		    (second == COUNT(value_attrs) || seen->at[i] < seen->at[second]))
			second = i;
	if (second < COUNT(value_attrs))
		return fail(p, seen->at[second] - 1, "'%s' with '%s': %s (\"Attributes 'byval', 'inalloca', 'preallocated', "
						      "'inreg', 'nest', 'byref', and 'sret' are incompatible!\")",
			    value_attrs[second].word, value_attrs[first].word, verifier);
	size_t sext = seen_flag(seen, PARAM_SIGNEXT), zext = seen_flag(seen, PARAM_ZEROEXT);
	if (sext && zext)
		return fail(p, (sext > zext ? sext : zext) - 1,
			    "'signext' with 'zeroext': %s (\"Attributes 'zeroext and signext' are incompatible!\")", verifier);
	for (unsigned i = 0; i < COUNT(value_attrs); i++)
		if (seen->at[i] && !takes_type(p, (AttrTakes)value_attrs[i].takes, type))
			return fail(p, seen->at[i] - 1, "'%s' applies to %s only: %s (\"Attribute '%s' applied to incompatible type!\")",
				    value_attrs[i].word, value_attrs[i].takes == TAKES_INT ? "integers" : "pointers", verifier,
				    value_attrs[i].word);
	return true;
}

/* --- function attributes ------------------------------------------------- */

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

/* The function attributes the model reads; every other one is kept. */
static bool model_reads(const Parser *p, const Name *key)
{
	for (unsigned i = 0; i < NOIN_COUNT; i++)
		if (key_is(p, key, noinput_names[i]))
			return true;
	for (unsigned i = 0; i < BODY_COUNT; i++)
		if (key_is(p, key, body_features[i].attr))
			return true;
	return key_is(p, key, "gcnabi-scratch") || key_is(p, key, "gcnabi-unused") ||
	       key_is(p, key, "amdgpu-flat-work-group-size");
}

/* Span [from, to) of a function attribute the model does not read. */
static bool keep_span(Parser *p, FnAttrs *fa, size_t from, size_t to, bool group_form)
{
	if (fa->nkept == FN_KEPT_SPANS)
		return fail(p, from, "more than %d function attributes to keep", FN_KEPT_SPANS);
	fa->kept_pos[fa->nkept] = from;
	fa->kept_len[fa->nkept] = (uint16_t)(to - from < UINT16_MAX ? to - from : UINT16_MAX);
	fa->kept_group[fa->nkept++] = group_form;
	return true;
}

static bool apply_string_attr(Parser *p, size_t at, const Name *key, const Name *value, FnAttrs *fa)
{
	for (unsigned i = 0; i < NOIN_COUNT; i++)
		if (key_is(p, key, noinput_names[i]))
			fa->no_inputs |= UINT32_C(1) << i;
	if (key_is(p, key, "gcnabi-scratch"))
		fa->scratch = true;
	for (unsigned i = 0; i < BODY_COUNT; i++)
		if (key_is(p, key, body_features[i].attr))
			fa->body |= UINT32_C(1) << i;
	if (key_is(p, key, "gcnabi-unused"))
		return value ? parse_unused(p, value, fa) : fail(p, at, "\"gcnabi-unused\" needs a value \"N,M,...\"");
	if (key_is(p, key, "InitialPSInputAddr")) {
		/* kept as written (not in model_reads) and read too */
		uint64_t v;
		size_t i = 0;
		if (!value || !value_number(p, value, &i, &v) || i != value->len || v > UINT16_MAX)
			return fail(p, at, "\"InitialPSInputAddr\" must be a number 0-65535");
		fa->ps_init = (uint16_t)v;
		return true;
	}
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
	       apply_string_attr(p, at, &key, has_value ? &value : NULL, fa) &&
	       (model_reads(p, &key) || keep_span(p, fa, at, p->pos, false));
}

static bool parse_group_body(Parser *p, AttrGroup *g)
{
	size_t resume = p->pos;
	FnAttrs attrs = { 0 };
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
	if (!g) {
		Sig *s = p->sig;
		if (!s->note[0]) {
			locate(p, at, &s->note_line, &s->note_col);
			snprintf(s->note, sizeof s->note, "attribute group %.*s is not defined: read as no attributes",
				 shown(p->pos - at), p->text + at);
		}
		return true;
	}
	if (g->duplicate)
		return fail(p, g->dup_pos, "attribute group %.*s is defined twice", shown(p->pos - at), p->text + at);
	if (!g->cached && !parse_group_body(p, g))
		return false;
	fa->no_inputs |= g->attrs.no_inputs;
	for (unsigned w = 0; w < SIG_MAX_PARAMS / 64; w++)
		fa->unused[w] |= g->attrs.unused[w];
	fa->scratch |= g->attrs.scratch;
	fa->body |= g->attrs.body;
	fa->ps_init |= g->attrs.ps_init;
	for (unsigned k = 0; k < g->attrs.nkept; k++)
		if (!keep_span(p, fa, g->attrs.kept_pos[k], g->attrs.kept_pos[k] + g->attrs.kept_len[k], g->attrs.kept_group[k]))
			return false;
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
	if (n && words_ok && !word_in(p, p->pos, n, toplevel_words, COUNT(toplevel_words))) {
		/* Parts of a header that are not attributes (a section, an
		 * alignment, ...) have their own places in it: not kept. */
		static const char *const not_attributes[] = { "section", "partition", "align", "gc", "comdat",
							       "prefix", "prologue", "personality", "unnamed_addr",
							       "local_unnamed_addr", "addrspace" };
		size_t at = p->pos;
		bool attribute = !word_in(p, at, n, not_attributes, COUNT(not_attributes));
		return parse_word_attr(p, n, in_group) && (!attribute || keep_span(p, fa, at, p->pos, in_group));
	}
	*matched = false;
	return true;
}

/* Attributes after the parameter list, or inside a group's braces. Stops at
 * the first other token, leaving p->pos on it; *new_line tells whether a
 * line break came before it. Bare words on later lines count only when
 * words_across_lines (a define's attributes run up to its '{'). */
bool parse_fn_attrs(Parser *p, FnAttrs *fa, bool in_group, bool words_across_lines, bool *new_line)
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
