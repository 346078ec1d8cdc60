/* llc's messages as check reads them: the first line of its stderr that
 * says what went wrong (the machine verifier's complaint with its pass, an
 * LLVM ERROR, an assertion), normalized so one cause reads the same in
 * every run, and the class of refusal it names. */
#define _GNU_SOURCE /* asprintf, strndup */
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Addresses and long paths differ between runs of the same bug: drop them so
 * that one cause reads the same everywhere. */
static void normalize_error(char *line)
{
	char *w = line;
	for (char *r = line; *r;) {
		if (r[0] == '0' && r[1] == 'x') {
			/* "0x55d0572206d0" -> "0x": never longer than what it replaces. */
			*w++ = '0';
			*w++ = 'x';
			r += 2;
			while ((*r >= '0' && *r <= '9') || (*r >= 'a' && *r <= 'f'))
				r++;
		} else {
			*w++ = *r++;
		}
	}
	*w = 0;
	if (strlen(line) > 240)
		line[240] = 0;
}

/* A crash without a message: "crash in <pass> at <frame>", from the last
 * "Running pass" line of the stack dump and the first frame that names an
 * LLVM function other than the signal machinery. */
static char *crash_signature(const char *text)
{
	const char *dump = strstr(text, "Stack dump:");
	if (!dump)
		return 0;
	char pass[160] = "?", frame[160] = "?";
	for (const char *p = dump; *p;) {
		size_t n = strcspn(p, "\n");
		const char *run = strstr(p, "Running pass '");
		if (run && (size_t)(run - p) < n) {
			const char *q = run + 14;
			snprintf(pass, sizeof pass, "%.*s", (int)strcspn(q, "'\n"), q);
		}
		const char *fn = strstr(p, " llvm::");
		if (frame[0] == '?' && p[0] == '#' && fn && (size_t)(fn - p) < n && !strstr(p, "llvm::sys::")) {
			size_t k = strcspn(fn + 1, "(\n");
			snprintf(frame, sizeof frame, "%.*s", (int)k, fn + 1);
		}
		p += n + (p[n] == '\n');
	}
	char *out = malloc(400);
	if (out)
		snprintf(out, 400, CRASH_PREFIX "%s' at %s", pass, frame);
	return out;
}

/* A diagnostic's "in function NAME TYPE: MSG" without the function's type,
 * which can push MSG past the line's cut: "in function NAME: MSG". */
static void drop_function_type(char *line)
{
	char *in = strstr(line, "in function ");
	char *type = in ? strchr(in + 12, ' ') : 0;
	int depth = 0;
	for (char *q = type; q && *q; q++) {
		if (strchr("([{<", *q))
			depth++;
		else if (strchr(")]}>", *q))
			depth--;
		else if (depth == 0 && q[0] == ':' && q[1] == ' ') {
			memmove(type, q, strlen(q) + 1);
			return;
		}
	}
}

char *first_error_line(const char *path)
{
	char err[256];
	size_t len;
	char *text = read_file(path, &len, err, sizeof err);
	if (!text)
		return strdup("(no stderr)");
	char *line = error_line_of(text);
	free(text);
	return line;
}

char *error_line_of(const char *text)
{
	/* The machine verifier's first complaint (it prints "# After PASS",
	 * the function, "*** Bad machine code: MSG ***", then "LLVM ERROR:
	 * Found N machine code errors."), with the pass it ran after; else the
	 * first line that says what went wrong, not a warning. */
	char *line = 0, *fallback = 0;
	const char *bad = strstr(text, "*** Bad machine code: ");
	if (bad) {
		const char *after = 0;
		for (const char *a = strstr(text, "# After "); a && a < bad; a = strstr(a + 1, "# After "))
			after = a + 8;
		bad += 4;
		const char *end = strstr(bad, " ***");
		size_t n = end ? (size_t)(end - bad) : strcspn(bad, "\n");
		if (asprintf(&line, "%s%.*s%s%.*s%s", VERIFIER_PREFIX, (int)n, bad, after ? " (after " : "",
			     after ? (int)strcspn(after, "\n") : 0, after ? after : "", after ? ")" : "") < 0)
			line = 0;
	}
	for (const char *p = text; *p && !line;) {
		size_t n = strcspn(p, "\n");
		/* llc's "(ignoring processor)" and "(ignoring feature)" lines are
		 * warnings (a CPU or an -mattr feature it does not know) */
		const char *w = strstr(p, "is not a recognized ");
		bool warning = w && (size_t)(w - p) < n && (strncmp(w + 20, "processor", 9) == 0 || strncmp(w + 20, "feature", 7) == 0);
		if (!warning && n && (strncmp(p, "LLVM ERROR", 10) == 0 || strstr(p, "error:") || strstr(p, "Assertion")))
			line = strndup(p, n);
		else if (!warning && n && !fallback)
			fallback = strndup(p, n);
		p += n + (p[n] == '\n');
	}
	if (!line && (line = crash_signature(text)))
		free(fallback);
	else if (!line)
		line = fallback ? fallback : strdup("llc failed without a message");
	else
		free(fallback);
	if (line) {
		drop_function_type(line);
		normalize_error(line);
	}
	return line;
}

/* What llc's first error line says the reason is, first match wins: the
 * convention's lowering before instruction selection ("unable to translate
 * instruction: call" is the call's lowering, other instructions the body's),
 * a crash in a selection pass is selection, the verifier's messages, the
 * parser's "error:" last, since LLVM ERROR lines can quote IR. */
static const struct {
	const char *text;
	RefusalClass cls;
} llc_error_classes[] = {
	{ "unable to allocate function argument", REFUSAL_LOWERING },
	{ "unable to allocate function return", REFUSAL_LOWERING },
	{ "unable to lower arguments", REFUSAL_LOWERING },
	{ "unable to lower function", REFUSAL_LOWERING },
	{ "unable to translate instruction: call", REFUSAL_LOWERING },
	{ "unable to translate instruction: ret", REFUSAL_LOWERING },
	{ "unsupported call", REFUSAL_LOWERING },
	{ "too many input SGPRs", REFUSAL_LOWERING },
	{ "Cannot select", REFUSAL_SELECTION },
	{ "cannot select", REFUSAL_SELECTION },
	{ "unable to translate instruction", REFUSAL_SELECTION },
	{ "unable to legalize instruction", REFUSAL_SELECTION },
	{ "unable to map instruction", REFUSAL_SELECTION },
	{ "illegal SGPR to VGPR copy", REFUSAL_SELECTION },
	{ "illegal VGPR to SGPR copy", REFUSAL_SELECTION },
	{ "Instruction Selection' at", REFUSAL_SELECTION },
	{ "Calling convention ", REFUSAL_INVALID_IR }, /* the IR verifier's own words */
	{ "are incompatible!", REFUSAL_INVALID_IR },
	{ "'byval' arguments are unsupported", REFUSAL_INVALID_IR },
	{ "IRTranslator' at", REFUSAL_SELECTION },
	{ "Legalizer' at", REFUSAL_SELECTION },
	{ CRASH_PREFIX, REFUSAL_CRASH },
	{ "Assertion", REFUSAL_CRASH },
	{ "llc failed without a message", REFUSAL_CRASH },
	{ "timed out", REFUSAL_CRASH },
	{ "error:", REFUSAL_INVALID_IR },
};

RefusalClass llc_refusal_class(const char *line)
{
	for (size_t k = 0; k < sizeof llc_error_classes / sizeof llc_error_classes[0]; k++)
		if (strstr(line, llc_error_classes[k].text))
			return llc_error_classes[k].cls;
	return REFUSAL_OTHER;
}

bool llc_diagnosed(const char *line)
{
	return strncmp(line, "LLVM ERROR", 10) == 0 || strstr(line, "error:") || strstr(line, "Assertion") ||
	       is_verifier_error(line);
}
