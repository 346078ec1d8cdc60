/* The parser's cursor and lexer: blanks and `;` comments, words, numbers,
 * `%name`/`@name` names (plain or quoted with `\XX` escapes), strings, and
 * errors that quote the offending token at its line:col. */
#include "sig_parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* --- characters and positions ------------------------------------------ */

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
size_t space_end(const Parser *p, size_t pos, bool *newline)
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
bool skip_space(Parser *p)
{
	bool newline = false;
	p->pos = space_end(p, p->pos, &newline);
	return newline;
}

size_t next_token(const Parser *p)
{
	bool newline = false;
	return space_end(p, p->pos, &newline);
}

size_t next_line(const Parser *p, size_t pos)
{
	const char *nl = pos < p->len ? memchr(p->text + pos, '\n', p->len - pos) : NULL;
	return nl ? (size_t)(nl - p->text) + 1 : p->len;
}

void locate(Parser *p, size_t pos, uint32_t *line, uint32_t *col)
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

size_t word_len_at(const Parser *p, size_t pos)
{
	if (!is_word_start(char_at(p, pos)))
		return 0;
	size_t n = 1;
	while (is_word_char(char_at(p, pos + n)))
		n++;
	return n;
}

bool span_is(const Parser *p, size_t pos, size_t n, const char *s)
{
	return n == strlen(s) && memcmp(p->text + pos, s, n) == 0;
}

bool word_at_is(const Parser *p, size_t pos, const char *w) { return span_is(p, pos, word_len_at(p, pos), w); }

bool word_in(const Parser *p, size_t pos, size_t n, const char *const *list, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (span_is(p, pos, n, list[i]))
			return true;
	return false;
}

bool accept_word(Parser *p, const char *w)
{
	size_t at = next_token(p);
	if (!word_at_is(p, at, w))
		return false;
	p->pos = at + strlen(w);
	return true;
}

bool accept_char(Parser *p, char c)
{
	size_t at = next_token(p);
	if (char_at(p, at) != (unsigned char)c)
		return false;
	p->pos = at + 1;
	return true;
}

/* Decimal digits at the next token; false (nothing consumed) when none. */
bool lex_number(Parser *p, uint64_t *value, size_t *at)
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

bool accept_ellipsis(Parser *p)
{
	size_t at = next_token(p);
	if (at + 3 > p->len || memcmp(p->text + at, "...", 3) != 0)
		return false;
	p->pos = at + 3;
	return true;
}

/* A string never spans lines: an unterminated one ends at the line break. */
size_t string_end(const Parser *p, size_t open)
{
	size_t i = open + 1;
	while (i < p->len && p->text[i] != '"' && p->text[i] != '\n')
		i++;
	return i;
}

/* The name after a sigil at *pos: plain run or quoted string. */
bool lex_name_at(const Parser *p, size_t *pos, Name *out)
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
bool lex_string(Parser *p, Name *s) { return lex_name_at(p, &p->pos, s); }

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
size_t decode_name(const char *text, const Name *n, char *buf, size_t cap)
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

uint32_t name_hash(const char *text, const Name *n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n->len;)
		h = (h ^ name_byte(text, n, &i)) * 16777619u;
	return h;
}

bool names_equal(const char *text, const Name *a, const Name *b)
{
	size_t i = 0, j = 0;
	while (i < a->len && j < b->len)
		if (name_byte(text, a, &i) != name_byte(text, b, &j))
			return false;
	return i == a->len && j == b->len;
}

/* Length of the well-formed UTF-8 character at s (overlong forms,
 * surrogates and code points past U+10FFFF are not), or 0. */
static size_t utf8_char_len(const unsigned char *u, size_t n)
{
	unsigned c = u[0], len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
	if (!len || len > n)
		return 0;
	unsigned cp = len == 1 ? c : c & (0x7f >> len);
	for (unsigned k = 1; k < len; k++) {
		if ((u[k] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (u[k] & 0x3f);
	}
	static const unsigned least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/* Offset of the first byte of s that is not well-formed UTF-8, or n. */
size_t utf8_invalid_at(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		size_t len = utf8_char_len(u + i, n - i);
		if (!len)
			return i;
		i += len;
	}
	return n;
}

/* The bytes no line of the input may hold, anywhere: a NUL, what is not
 * UTF-8, a byte-order mark past the first byte (the module reader skips
 * one there); and outside strings and `;` comments, a non-breaking space,
 * which looks like a blank and is not one to LLVM's lexer. Returns the
 * offset of the first (p->len when none) and names it in *what. */
size_t text_fault(const Parser *p, const char **what)
{
	const unsigned char *u = (const unsigned char *)p->text;
	bool in_string = false, in_comment = false;
	for (size_t i = 0; i < p->len;) {
		size_t len = utf8_char_len(u + i, p->len - i);
		if (!u[i] || !len) {
			*what = u[i] ? "a byte that is not UTF-8" : "a NUL byte";
			return i;
		}
		if (len == 3 && u[i] == 0xef && u[i + 1] == 0xbb && u[i + 2] == 0xbf) {
			*what = "a byte-order mark (U+FEFF) past the start of the file";
			return i;
		}
		if (len == 2 && u[i] == 0xc2 && u[i + 1] == 0xa0 && !in_string && !in_comment) {
			*what = "a non-breaking space (U+00A0), not a blank";
			return i;
		}
		if (u[i] == '\n')
			in_string = in_comment = false;
		else if (u[i] == '"' && !in_comment)
			in_string = !in_string;
		else if (u[i] == ';' && !in_string)
			in_comment = true;
		i += len;
	}
	return p->len;
}

/* --- errors -------------------------------------------------------------- */

bool fail(Parser *p, size_t pos, const char *fmt, ...)
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

bool fail_expected(Parser *p, size_t pos, const char *what)
{
	char tok[MAX_SHOWN + 4];
	return fail(p, pos, "expected %s, found %s", what, describe(p, pos, tok, sizeof tok));
}
