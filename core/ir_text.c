/* Escaping input text for generated IR (ir_text.h): the only function
 * through which names, paths and comments from the input are written. */
#include "ir_text.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* LLVM's unquoted name: [-a-zA-Z$._][-a-zA-Z$._0-9]*, not starting with a
 * digit (it would read back as an unnamed value's number). */
static bool is_plain_name(const char *s, size_t n)
{
	if (!n || (s[0] >= '0' && s[0] <= '9'))
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '$' ||
		      c == '.' || c == '_'))
			return false;
	}
	return true;
}

/* A word the shell of a lit RUN line takes as it is (a path, an option,
 * lit's %s). */
static bool is_plain_word(const char *s, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-_./=:,+%@", c)))
			return false;
	}
	return true;
}

/* Whether byte c is written as \XX: in a quoted name, what LLVM escapes
 * (quote, backslash, controls, non-ASCII); in a comment, what would end
 * the comment or hide in it (line breaks and every other control). */
static bool escaped(IrText kind, unsigned char c)
{
	if (kind == IR_NAME)
		return c < 0x20 || c >= 0x7f || c == '"' || c == '\\';
	return c < 0x20 || c == 0x7f;
}

static void put(char *buf, size_t cap, size_t *len, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++, (*len)++)
		if (*len + 1 < cap)
			buf[*len] = s[i];
}

size_t ir_escape(IrText kind, const char *s, size_t n, char *buf, size_t cap)
{
	size_t len = 0;
	bool quote = kind == IR_NAME && !is_plain_name(s, n), squote = kind == IR_RUN_WORD && !is_plain_word(s, n);
	if (quote)
		put(buf, cap, &len, "\"", 1);
	if (squote)
		put(buf, cap, &len, "'", 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char hex[4];
		if (squote && c == '\'')
			put(buf, cap, &len, "'\\''", 4);
		else if (escaped(kind, c)) {
			snprintf(hex, sizeof hex, "\\%02X", c);
			put(buf, cap, &len, hex, 3);
		} else {
			put(buf, cap, &len, (const char *)&s[i], 1);
		}
	}
	if (quote)
		put(buf, cap, &len, "\"", 1);
	if (squote)
		put(buf, cap, &len, "'", 1);
	if (cap)
		buf[len < cap ? len : cap - 1] = '\0';
	return len;
}

const char *ir_comment(const char *s, char *buf, size_t cap)
{
	ir_escape(IR_COMMENT, s, strlen(s), buf, cap);
	return buf;
}

const char *ir_run_word(const char *s, char *buf, size_t cap)
{
	ir_escape(IR_RUN_WORD, s, strlen(s), buf, cap);
	return buf;
}
