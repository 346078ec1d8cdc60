/* Parsing LLVM IR function headers (`declare`, `define`, or bare) into Sigs.
 * Pure and allocation-free: the text is never written, scratch tables are
 * bounded and live on the caller's stack, every loop consumes input and every
 * recursion is depth-limited, so any byte sequence is safe (it is fuzzed).
 * A module is read in two passes: named types and attribute groups are
 * located first, then each header is parsed and handed to the sink. */
#include "sig_parse.h"

#include <string.h>

static const char *const linkage_words[] = {
	"private", "internal", "external", "weak", "linkonce", "linkonce_odr", "weak_odr", "available_externally",
	"extern_weak", "common", "appending", "dso_local", "dso_preemptable", "hidden", "protected", "default",
	"dllimport", "dllexport",
};

static const char *const unsupported_types[] = {
	"x86_fp80", "fp128", "ppc_fp128", "label", "metadata", "token", "target", "x86_mmx", "x86_amx",
};

/* For the type parser, which refuses these words where a type goes. */
bool is_unsupported_type_word(const Parser *p, size_t at, size_t n)
{
	return word_in(p, at, n, unsupported_types, COUNT(unsupported_types));
}

/* --- pass 1: named types and attribute groups ---------------------------- */

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
	char *name = p->err->function;
	if (utf8_invalid_at(name, strlen(name)) < strlen(name))
		name[0] = '\0'; /* messages are text: the error itself says what is wrong */
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
	/* Reports and JSON carry the name as text. */
	size_t bad = utf8_invalid_at(s->name, len);
	if (bad < len)
		return fail(p, at, "function name is not valid UTF-8 (byte %u of the name is 0x%02x)", (unsigned)bad + 1,
			    (unsigned char)s->name[bad]);
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
	AttrsSeen seen;
	if (!parse_value_type(p, false, &param->type) || !parse_value_attrs(p, false, param, &seen) ||
	    !verify_value_attrs(p, &seen, param->type))
		return false;
	/* Verifier::verifyFunctionAttrs: one sret, the first or second parameter. */
	for (unsigned i = 0; (param->flags & PARAM_SRET) && i < s->nparams; i++)
		if (s->params[i].flags & PARAM_SRET)
			return fail(p, at, "a second 'sret' parameter: the IR verifier rejects it (\"Cannot have multiple "
					   "'sret' parameters!\")");
	if ((param->flags & PARAM_SRET) && s->nparams > 1)
		return fail(p, at, "'sret' on parameter %u: the IR verifier rejects it (\"Attribute 'sret' is not on first or "
				   "second parameter!\")", (unsigned)s->nparams);
	p->param_at[s->nparams++] = at;
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
	FnAttrs fa = { 0 };
	AttrsSeen seen;
	if (!parse_cc(p) || !parse_value_attrs(p, true, &ret, &seen) || !parse_value_type(p, true, &s->ret) ||
	    !verify_value_attrs(p, &seen, s->ret) || !parse_function_name(p) || !parse_params(p) ||
	    !parse_fn_attrs(p, &fa, false, s->is_define, new_line))
		return false;
	for (unsigned i = 0; i < SIG_MAX_PARAMS && (fa.unused[0] | fa.unused[1] | fa.unused[2] | fa.unused[3]); i++)
		if (fa.unused[i / 64] >> (i % 64) & 1) {
			if (i >= s->nparams)
				return fail(p, p->pos, "\"gcnabi-unused\" names parameter %u, but the function has %u",
					    i, (unsigned)s->nparams);
			s->params[i].flags |= PARAM_UNUSED;
		}
	s->ret_flags = ret.flags;
	s->ret_kept_off = ret.kept_off;
	s->ret_kept_len = ret.kept_len;
	for (unsigned k = 0; k < fa.nkept; k++)
		if (!keep_text(p, fa.kept_pos[k], fa.kept_pos[k] + fa.kept_len[k], fa.kept_group[k], &s->fn_kept_off,
			       &s->fn_kept_len))
			return false;
	s->no_inputs = fa.no_inputs;
	s->flat_wg_min = fa.wg_min;
	s->flat_wg_max = fa.wg_max;
	s->uses_scratch = fa.scratch;
	s->ps_input_addr_init = fa.ps_init;
	s->body = fa.body;
	return true;
}

/* Where the line after pos begins its first word (past blanks). */
static size_t next_line_word(const Parser *p, size_t pos)
{
	size_t at = next_line(p, pos);
	while (char_at(p, at) == ' ' || char_at(p, at) == '\t')
		at++;
	return at;
}

/* At the body's '{': to just past the matching '}'. Braces in strings and
 * comments do not count; a line of the body that begins with `define` or
 * `declare` is an error (a '}' is missing: that header would be lost). */
static bool skip_body(Parser *p)
{
	size_t open = p->pos, depth = 0;
	while (p->pos < p->len) {
		char c = p->text[p->pos];
		if (c == ';' || c == '\n') {
			size_t at = next_line_word(p, p->pos), n = word_len_at(p, at);
			if (span_is(p, at, n, "define") || span_is(p, at, n, "declare"))
				return fail(p, at, "'%.*s' inside a function body: a '}' is missing before it", shown(n),
					    p->text + at);
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

/* Whether the rest of the line from at names a function `@f(`. */
static bool line_names_function(const Parser *p, size_t at)
{
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

/* A top-level line that begins with a word and names a function `@f(` is
 * a header whose keyword is missing (`i32 @f(...)`, `amdgpu_gfx void
 * @f(...)`) or misspelt (`decalre void @f(...)`): reported rather than
 * skipped. No other top-level line of IR begins with a word that is not a
 * keyword (globals begin with '@', types with '%', metadata with '!'), and
 * a call-graph edge names no `@f(`. */
static bool looks_like_header(const Parser *p, bool *bare)
{
	size_t at = p->pos, n = word_len_at(p, at);
	CallConv cc;
	if (!n || is_toplevel_word(p, at, n) || !line_names_function(p, at + n))
		return false;
	*bare = is_cc_word(p, at, n, &cc) || is_scalar_type_word(p, at, n);
	return true;
}

/* After a header that failed: the next line that starts with declare/define. */
static size_t resync(const Parser *p, size_t start)
{
	for (size_t at = next_line_word(p, start); at < p->len; at = next_line_word(p, at))
		if (word_at_is(p, at, "declare") || word_at_is(p, at, "define"))
			return at;
	return p->len;
}

/* The top-level lines of IR gcnabi does not need, skipped knowingly (a
 * module with bodies is read too): a row with a sigil is a line that
 * begins with it, a name and '=' (`@g = global ...`, `%T = type ...`,
 * `!0 = !{...}`); a row with a word, a line that begins with that word
 * followed by `then` (a word, or one character), or by anything when
 * `then` is NULL. Any other line that is not a header is an error. */
typedef struct {
	char sigil;
	const char *word, *then;
} Entity;

static const Entity skipped_entities[] = {
	{ '@', 0, 0 },                   /* global variable, alias, ifunc */
	{ '%', 0, 0 },                   /* named type (pass 1 read it) */
	{ '$', 0, 0 },                   /* comdat */
	{ '!', 0, 0 },                   /* named or numbered metadata */
	{ '^', 0, 0 },                   /* summary entry */
	{ 0, "attributes", "#" },        /* attribute group (read on use) */
	{ 0, "target", "datalayout" },
	{ 0, "target", "triple" },
	{ 0, "source_filename", "=" },
	{ 0, "module", "asm" },
	{ 0, "deplibs", "=" },
	{ 0, "uselistorder", 0 },
	{ 0, "uselistorder_bb", 0 },
	{ 0, "call", "@" },              /* call-graph edges: emit/graph.c reads them */
	{ 0, "chain", "@" },
};

static bool is_entity(const Parser *p, size_t at, const Entity *e)
{
	bool newline = false;
	if (e->sigil) {
		size_t pos = at + 1;
		Name name;
		if (char_at(p, at) != (unsigned char)e->sigil || !lex_name_at(p, &pos, &name))
			return false;
		return char_at(p, space_end(p, pos, &newline)) == '=' && !newline;
	}
	size_t n = word_len_at(p, at);
	if (!span_is(p, at, n, e->word))
		return false;
	size_t next = space_end(p, at + n, &newline);
	if (!e->then)
		return true;
	if (newline)
		return false;
	size_t m = word_len_at(p, next);
	return m ? span_is(p, next, m, e->then) : e->then[1] == '\0' && char_at(p, next) == (unsigned char)e->then[0];
}

/* From the entity's first token to the start of the line after it: it
 * ends at the first line break outside brackets, strings and comments. */
static bool skip_entity(Parser *p)
{
	size_t depth = 0, outer = 0; /* the outermost open bracket */
	while (p->pos < p->len) {
		char c = p->text[p->pos];
		if (c == '"') {
			size_t end = string_end(p, p->pos);
			p->pos = end < p->len && p->text[end] == '"' ? end + 1 : end;
			continue;
		}
		if (c == ';') {
			while (p->pos < p->len && p->text[p->pos] != '\n')
				p->pos++;
			continue;
		}
		p->pos++;
		if (c == '\n' && depth == 0)
			return true;
		if ((c == '(' || c == '[' || c == '{') && depth++ == 0)
			outer = p->pos - 1;
		else if ((c == ')' || c == ']' || c == '}') && depth-- == 0)
			return fail(p, p->pos - 1, "'%c' closes nothing", c);
	}
	return depth == 0 || fail(p, outer, "'%c' is not closed by the end of the input", p->text[outer]);
}

static size_t blanks_end(const Parser *p, size_t pos)
{
	while (char_at(p, pos) == ' ' || char_at(p, pos) == '\t')
		pos++;
	return pos;
}

/* `WORD @a -> ...` whose word is not `call` or `chain`: a misspelt edge. */
static bool looks_like_edge(const Parser *p, size_t at)
{
	size_t n = word_len_at(p, at), pos = blanks_end(p, at + n) + 1;
	Name name;
	if (!n || char_at(p, pos - 1) != '@' || !lex_name_at(p, &pos, &name))
		return false;
	pos = blanks_end(p, pos);
	return char_at(p, pos) == '-' && char_at(p, pos + 1) == '>';
}

/* A line that is not a header: an entity skipped, or an error. */
static bool skip_other_line(Parser *p, size_t start)
{
	begin_header(p, start);
	p->err->function[0] = '\0';
	for (size_t e = 0; e < COUNT(skipped_entities); e++)
		if (is_entity(p, start, &skipped_entities[e])) {
			if (skip_entity(p))
				return true;
			p->pos = next_line(p, p->pos > start ? p->pos - 1 : start);
			return false;
		}
	p->pos = next_line(p, start);
	if (looks_like_edge(p, start))
		return fail(p, start, "'%.*s' is not 'call' or 'chain': an edge starts with one of them",
			    shown(word_len_at(p, start)), p->text + start);
	return fail_expected(p, start, "a function header, a call edge or a top-level IR entity (global, type, attributes, "
				       "metadata, target, source_filename)");
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
	bool ok, bare;
	if (word_at_is(p, start, "declare") || word_at_is(p, start, "define")) {
		begin_header(p, start);
		ok = parse_function(p);
		if (!ok)
			p->pos = resync(p, start);
	} else if (looks_like_header(p, &bare)) {
		begin_header(p, start);
		if (bare)
			ok = fail(p, start, "function header must start with 'declare' or 'define'");
		else
			ok = fail(p, start, "'%.*s' is not 'declare' or 'define': a function header must start with one of them",
				  shown(word_len_at(p, start)), p->text + start);
		p->pos = next_line(p, start);
	} else {
		if (skip_other_line(p, start))
			return 0;
		*failed += 1;
		return sink ? sink(ctx, NULL, p->err) : 0;
	}
	*failed += !ok;
	p->headers++;
	return sink ? sink(ctx, ok ? p->sig : NULL, ok ? NULL : p->err) : 0;
}

unsigned sig_parse_module(const char *text, size_t len, SigSink sink, void *ctx)
{
	Module mod;
	Parser p;
	Sig sig;
	SigError err;
	memset(&mod, 0, sizeof mod);
	/* A UTF-8 byte-order mark opens a file some editors write: skipped. */
	if (text && len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		text += 3;
		len -= 3;
	}
	parser_init(&p, text, len, &mod, &sig, &err);
	const char *what;
	size_t fault = text_fault(&p, &what);
	if (fault < p.len) {
		/* No line of such a text can be trusted to be read as written. */
		begin_header(&p, fault);
		p.err->function[0] = '\0';
		fail(&p, fault, "%s", what);
		if (sink)
			sink(ctx, NULL, p.err);
		return 1;
	}
	collect_definitions(&p);
	unsigned failed = 0;
	for (p.pos = 0;;) {
		skip_space(&p);
		if (p.pos >= p.len)
			break;
		if (parse_toplevel_item(&p, sink, ctx, &failed))
			return failed; /* the sink stopped */
	}
	/* Text that holds no header at all (not even a malformed one) is not
	 * a list of signatures: random bytes, or every keyword misspelt on a
	 * line the rule above cannot recognise. */
	p.pos = 0;
	size_t first = next_token(&p);
	if (p.headers || failed || first >= p.len)
		return failed;
	begin_header(&p, first);
	p.err->function[0] = '\0';
	fail_expected(&p, first, "a 'declare' or 'define' line (the input has no function header)");
	if (sink)
		sink(ctx, NULL, p.err);
	return failed + 1;
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
