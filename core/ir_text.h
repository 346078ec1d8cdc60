/* The one way text from the input (function names, paths, llc names, the
 * input's own lines) reaches generated IR: names quoted as LLVM prints
 * them, comment text with line breaks and control characters escaped, so
 * that no input can change what llc is given beyond the text itself. */
#ifndef GCNABI_IR_TEXT_H
#define GCNABI_IR_TEXT_H

#include <stddef.h>

typedef enum {
	IR_NAME,    /* after a sigil: bare when plain, else "..." with \XX escapes */
	IR_COMMENT, /* inside a `;` comment: bytes below 0x20 and 0x7f as \XX */
	IR_RUN_WORD, /* one word of a `; RUN:` line: bare when plain, else '...' for the shell
	              * (a quote as '\''), and controls as \XX, which no RUN line can hold */
} IrText;

/* Writes s[0..n) as kind into buf (NUL-terminated when cap > 0); returns
 * the full length, as snprintf does. */
size_t ir_escape(IrText kind, const char *s, size_t n, char *buf, size_t cap);

/* ir_escape of a C string into buf, returned for use in a printf. */
const char *ir_comment(const char *s, char *buf, size_t cap);

/* ir_escape(IR_RUN_WORD) of a C string into buf, returned for a printf. */
const char *ir_run_word(const char *s, char *buf, size_t cap);

#endif
