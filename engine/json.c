/* The strict JSON reader behind `gcnabi diff` (see json.h). A recursive
 * descent parser over a length-delimited buffer: recursion stops at
 * JSON_MAX_DEPTH, strings are decoded in two passes (find the end, then
 * decode and check), numbers are checked against the grammar before strtod
 * sees a NUL-terminated copy. Nodes come from a chunked arena. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* ---- arena ---------------------------------------------------------------- */

enum { CHUNK_BYTES = 64 * 1024 };

typedef struct Chunk {
	struct Chunk *next;
	size_t used, cap;
	max_align_t data[];
} Chunk;

struct JsonArena {
	Chunk *head;
};

JsonArena *json_arena_new(void)
{
	return calloc(1, sizeof(JsonArena));
}

void json_arena_free(JsonArena *a)
{
	if (!a)
		return;
	for (Chunk *c = a->head, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

static void *arena_alloc(JsonArena *a, size_t size)
{
	const size_t align = sizeof(max_align_t);
	if (size > SIZE_MAX / 2)
		return NULL;
	size = (size + align - 1) / align * align;
	Chunk *c = a->head;
	if (!c || c->cap - c->used < size) {
		size_t cap = size > CHUNK_BYTES ? size : CHUNK_BYTES;
		c = malloc(sizeof(Chunk) + cap);
		if (!c)
			return NULL;
		c->used = 0;
		c->cap = cap;
		/* A big block goes behind the current chunk, which keeps its room. */
		if (a->head && size > CHUNK_BYTES) {
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
		}
	}
	void *p = (char *)c->data + c->used;
	c->used += size;
	return p;
}

/* ---- parser state and errors ----------------------------------------------- */

typedef struct {
	JsonArena *arena;
	const unsigned char *s;
	size_t len, pos;
	uint32_t line;
	size_t line_start; /* offset of the current line's first byte */
	JsonError *err;
	bool failed;
} Parser;

static void fail(Parser *p, size_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void fail(Parser *p, size_t pos, const char *fmt, ...)
{
	if (p->failed)
		return;
	p->failed = true;
	p->err->line = p->line;
	p->err->col = (uint32_t)(pos - p->line_start + 1);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
	va_end(ap);
}

/* "end of input", "'x'" or "byte 0x00": what stands at pos. */
static const char *found(const Parser *p, size_t pos, char *buf, size_t cap)
{
	if (pos >= p->len)
		return "end of input";
	unsigned c = p->s[pos];
	if (c > 0x20 && c < 0x7f)
		snprintf(buf, cap, "'%c'", (char)c);
	else
		snprintf(buf, cap, "byte 0x%02x", c);
	return buf;
}

static void fail_expected(Parser *p, const char *what)
{
	char tmp[16];
	fail(p, p->pos, "expected %s, found %s", what, found(p, p->pos, tmp, sizeof tmp));
}

static void skip_ws(Parser *p)
{
	while (p->pos < p->len) {
		unsigned char c = p->s[p->pos];
		if (c == '\n') {
			p->line++;
			p->line_start = p->pos + 1;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			return;
		}
		p->pos++;
	}
}

static bool at(const Parser *p, char c)
{
	return p->pos < p->len && p->s[p->pos] == (unsigned char)c;
}

static JsonValue *new_value(Parser *p, JsonKind kind)
{
	JsonValue *v = arena_alloc(p->arena, sizeof *v);
	if (!v) {
		fail(p, p->pos, "out of memory");
		return NULL;
	}
	*v = (JsonValue){ .kind = kind, .line = p->line, .col = (uint32_t)(p->pos - p->line_start + 1) };
	return v;
}

/* ---- strings ------------------------------------------------------------- */

/* Length of the well-formed UTF-8 sequence at s (first byte >= 0x80), 0 if
 * it is not one: no overlongs, no surrogates, nothing past U+10FFFF. */
static size_t utf8_sequence(const unsigned char *s, size_t avail)
{
	unsigned c = s[0], lo = 0x80, hi = 0xbf;
	size_t tail;
	if (c >= 0xc2 && c <= 0xdf)
		tail = 1;
	else if (c == 0xe0)
		tail = 2, lo = 0xa0;
	else if (c == 0xed)
		tail = 2, hi = 0x9f;
	else if (c >= 0xe1 && c <= 0xef)
		tail = 2;
	else if (c == 0xf0)
		tail = 3, lo = 0x90;
	else if (c >= 0xf1 && c <= 0xf3)
		tail = 3;
	else if (c == 0xf4)
		tail = 3, hi = 0x8f;
	else
		return 0;
	if (avail <= tail || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i <= tail; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return tail + 1;
}

static size_t utf8_encode(uint32_t cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* 0..15, or 16 for a byte that is not a hex digit. */
static unsigned hex_digit(unsigned c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 16;
}

/* The four hex digits after "\u" at pos (which points at the backslash). */
static bool hex4(const Parser *p, size_t pos, size_t end, uint32_t *out)
{
	if (end - pos < 6 || p->s[pos + 1] != 'u')
		return false;
	uint32_t v = 0;
	for (size_t i = pos + 2; i < pos + 6; i++) {
		unsigned d = hex_digit(p->s[i]);
		if (d == 16)
			return false;
		v = v << 4 | d;
	}
	*out = v;
	return true;
}

/* "\uXXXX", or a surrogate pair "\uD83D\uDE00", at pos: the code point and
 * how many input bytes it took; 0 after reporting an error. */
static size_t unicode_escape(Parser *p, size_t pos, size_t end, uint32_t *cp)
{
	uint32_t lo;
	if (!hex4(p, pos, end, cp)) {
		fail(p, pos, "expected four hex digits after \\u");
		return 0;
	}
	if (*cp >= 0xdc00 && *cp <= 0xdfff) {
		fail(p, pos, "unpaired low surrogate \\u%04X", (unsigned)*cp);
		return 0;
	}
	if (*cp < 0xd800 || *cp > 0xdbff)
		return 6;
	if (!hex4(p, pos + 6, end, &lo) || lo < 0xdc00 || lo > 0xdfff) {
		fail(p, pos, "high surrogate \\u%04X not followed by a low one", (unsigned)*cp);
		return 0;
	}
	*cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
	return 12;
}

static size_t simple_escape(Parser *p, size_t pos, size_t end, char *out)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *hit = pos + 1 < end && p->s[pos + 1] ? strchr(from, p->s[pos + 1]) : NULL;
	if (!hit) {
		char tmp[16];
		fail(p, pos, "invalid escape: backslash followed by %s", found(p, pos + 1, tmp, sizeof tmp));
		return 0;
	}
	*out = to[hit - from];
	return 2;
}

/* Decode s[from, end) into out; the bytes are the inside of a string. */
static bool decode_string(Parser *p, size_t from, size_t end, char *out, size_t *out_len)
{
	size_t n = 0;
	for (size_t i = from; i < end;) {
		unsigned c = p->s[i];
		size_t step;
		if (c == '\\' && i + 1 < end && p->s[i + 1] == 'u') {
			uint32_t cp;
			step = unicode_escape(p, i, end, &cp);
			if (step)
				n += utf8_encode(cp, out + n);
		} else if (c == '\\') {
			step = simple_escape(p, i, end, out + n);
			n += step != 0;
		} else if (c < 0x20) {
			fail(p, i, "control character 0x%02x in a string (escape it)", c);
			step = 0;
		} else if (c < 0x80) {
			out[n++] = (char)c;
			step = 1;
		} else {
			step = utf8_sequence(p->s + i, end - i);
			if (!step)
				fail(p, i, "invalid UTF-8 byte 0x%02x in a string", c);
			memcpy(out + n, p->s + i, step);
			n += step;
		}
		if (!step)
			return false;
		i += step;
	}
	out[n] = 0;
	*out_len = n;
	return true;
}

/* A string at p->pos (its opening quote): decoded into the arena. The
 * decoded form is never longer than the text it comes from. */
static char *parse_string(Parser *p, size_t *len)
{
	size_t open = p->pos, end = open + 1;
	while (end < p->len && p->s[end] != '"')
		end += p->s[end] == '\\' ? 2 : 1;
	if (end > p->len)
		end = p->len;
	char *out = arena_alloc(p->arena, end - open);
	if (!out) {
		fail(p, open, "out of memory");
		return NULL;
	}
	if (!decode_string(p, open + 1, end, out, len))
		return NULL;
	if (end >= p->len) {
		fail(p, open, "unterminated string");
		return NULL;
	}
	p->pos = end + 1;
	return out;
}

/* ---- numbers and words ------------------------------------------------------ */

static bool is_digit_at(const Parser *p, size_t pos)
{
	return pos < p->len && p->s[pos] >= '0' && p->s[pos] <= '9';
}

static bool digits(Parser *p, const char *after)
{
	if (!is_digit_at(p, p->pos)) {
		char what[48];
		snprintf(what, sizeof what, "a digit %s", after);
		fail_expected(p, what);
		return false;
	}
	while (is_digit_at(p, p->pos))
		p->pos++;
	return true;
}

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool scan_number(Parser *p)
{
	if (at(p, '-'))
		p->pos++;
	if (at(p, '0')) {
		p->pos++;
		if (is_digit_at(p, p->pos)) {
			fail(p, p->pos - 1, "leading zero in a number");
			return false;
		}
	} else if (!digits(p, "in the number")) {
		return false;
	}
	if (at(p, '.')) {
		p->pos++;
		if (!digits(p, "after '.'"))
			return false;
	}
	if (at(p, 'e') || at(p, 'E')) {
		p->pos++;
		if (at(p, '+') || at(p, '-'))
			p->pos++;
		if (!digits(p, "in the exponent"))
			return false;
	}
	return true;
}

static JsonValue *parse_number(Parser *p)
{
	JsonValue *v = new_value(p, JSON_NUMBER);
	size_t start = p->pos;
	if (!v || !scan_number(p))
		return NULL;
	char *text = arena_alloc(p->arena, p->pos - start + 1);
	if (!text) {
		fail(p, start, "out of memory");
		return NULL;
	}
	memcpy(text, p->s + start, p->pos - start);
	text[p->pos - start] = 0;
	v->str = text;
	v->len = p->pos - start;
	v->number = strtod(text, NULL);
	return v;
}

static JsonValue *parse_word(Parser *p)
{
	static const struct {
		const char *word;
		JsonKind kind;
		bool boolean;
	} words[] = { { "true", JSON_BOOL, true }, { "false", JSON_BOOL, false }, { "null", JSON_NULL, false } };
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		size_t n = strlen(words[i].word);
		if (words[i].word[0] != p->s[p->pos])
			continue;
		if (p->len - p->pos < n || memcmp(p->s + p->pos, words[i].word, n) != 0) {
			fail(p, p->pos, "expected '%s'", words[i].word);
			return NULL;
		}
		JsonValue *v = new_value(p, words[i].kind);
		if (v)
			v->boolean = words[i].boolean;
		p->pos += n;
		return v;
	}
	fail_expected(p, "a value");
	return NULL;
}

/* ---- arrays and objects ---------------------------------------------------- */

static JsonValue *parse_value(Parser *p, int depth);

static void append(JsonValue *parent, JsonValue **tail, JsonValue *child)
{
	if (*tail)
		(*tail)->next = child;
	else
		parent->first = child;
	*tail = child;
	parent->count++;
}

/* After an element: ',' (another follows) or the closing bracket. */
static bool more(Parser *p, char close, bool *done)
{
	skip_ws(p);
	if (at(p, ',') || at(p, close)) {
		*done = at(p, close);
		p->pos++;
		return true;
	}
	char what[16];
	snprintf(what, sizeof what, "',' or '%c'", close);
	fail_expected(p, what);
	return false;
}

static bool opens(Parser *p, int depth)
{
	if (depth >= JSON_MAX_DEPTH) {
		fail(p, p->pos, "nesting deeper than %d levels", JSON_MAX_DEPTH);
		return false;
	}
	p->pos++;
	skip_ws(p);
	return true;
}

static JsonValue *parse_array(Parser *p, int depth)
{
	JsonValue *v = new_value(p, JSON_ARRAY), *tail = NULL;
	if (!v || !opens(p, depth))
		return NULL;
	if (at(p, ']')) {
		p->pos++;
		return v;
	}
	for (bool done = false; !done;) {
		JsonValue *item = parse_value(p, depth + 1);
		if (!item || !more(p, ']', &done))
			return NULL;
		append(v, &tail, item);
	}
	return v;
}

static bool key_taken(const JsonValue *obj, const char *key, size_t len)
{
	for (const JsonValue *m = obj->first; m; m = m->next)
		if (m->key_len == len && memcmp(m->key, key, len) == 0)
			return true;
	return false;
}

/* "key": value, with p->pos at the key's opening quote. */
static JsonValue *parse_member(Parser *p, const JsonValue *obj, int depth)
{
	size_t key_pos = p->pos, key_len;
	char *key = parse_string(p, &key_len);
	if (!key)
		return NULL;
	if (key_taken(obj, key, key_len)) {
		fail(p, key_pos, "duplicate key \"%.60s\"", key);
		return NULL;
	}
	skip_ws(p);
	if (!at(p, ':')) {
		fail_expected(p, "':'");
		return NULL;
	}
	p->pos++;
	JsonValue *v = parse_value(p, depth + 1);
	if (v) {
		v->key = key;
		v->key_len = key_len;
	}
	return v;
}

static JsonValue *parse_object(Parser *p, int depth)
{
	JsonValue *v = new_value(p, JSON_OBJECT), *tail = NULL;
	if (!v || !opens(p, depth))
		return NULL;
	if (at(p, '}')) {
		p->pos++;
		return v;
	}
	for (bool done = false; !done;) {
		if (!at(p, '"')) {
			fail_expected(p, v->count ? "a key string" : "a key string or '}'");
			return NULL;
		}
		JsonValue *member = parse_member(p, v, depth);
		if (!member || !more(p, '}', &done))
			return NULL;
		append(v, &tail, member);
		skip_ws(p);
	}
	return v;
}

/* depth: how many arrays and objects enclose the value. */
static JsonValue *parse_value(Parser *p, int depth)
{
	skip_ws(p);
	if (p->pos >= p->len) {
		fail_expected(p, "a value");
		return NULL;
	}
	switch (p->s[p->pos]) {
	case '{':
		return parse_object(p, depth);
	case '[':
		return parse_array(p, depth);
	case '"': {
		JsonValue *v = new_value(p, JSON_STRING);
		if (v && !(v->str = parse_string(p, &v->len)))
			return NULL;
		return v;
	}
	case '-':
	case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return parse_number(p);
	default:
		return parse_word(p);
	}
}

/* ---- entry points ------------------------------------------------------------ */

const JsonValue *json_parse(JsonArena *a, const char *text, size_t len, JsonError *err)
{
	JsonError scratch;
	Parser p = { .arena = a, .s = (const unsigned char *)(text ? text : ""), .len = text ? len : 0,
		     .line = 1, .err = err ? err : &scratch };
	JsonValue *v = parse_value(&p, 0);
	if (!v)
		return NULL;
	skip_ws(&p);
	if (p.pos < p.len) {
		char tmp[16];
		fail(&p, p.pos, "unexpected %s after the value", found(&p, p.pos, tmp, sizeof tmp));
		return NULL;
	}
	return v;
}

const JsonValue *json_get(const JsonValue *obj, const char *key)
{
	if (!obj || obj->kind != JSON_OBJECT)
		return NULL;
	size_t n = strlen(key);
	for (const JsonValue *m = obj->first; m; m = m->next)
		if (m->key_len == n && memcmp(m->key, key, n) == 0)
			return m;
	return NULL;
}

bool json_u32(const JsonValue *v, uint32_t *out)
{
	if (!v || v->kind != JSON_NUMBER || v->len == 0 || v->len > 10)
		return false;
	uint64_t n = 0;
	for (size_t i = 0; i < v->len; i++) {
		if (v->str[i] < '0' || v->str[i] > '9')
			return false;
		n = n * 10 + (uint64_t)(v->str[i] - '0');
	}
	if (n > UINT32_MAX)
		return false;
	*out = (uint32_t)n;
	return true;
}

bool json_cstr(const JsonValue *v)
{
	return v && v->kind == JSON_STRING && strlen(v->str) == v->len;
}
