/* The MIR lexer: text slices, operand splitting, and the small grammars the
 * observer needs from an instruction line: physical and virtual registers,
 * globals, frame objects, gcnabi marker names and memory operands. Every
 * function reads only inside the Str it is given. */
#include "mir_parse.h"

#include <stdio.h>
#include <string.h>

/* --- slices ---------------------------------------------------------- */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Identifier characters of LLVM names: [-a-zA-Z$._0-9]. */
static bool is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '$' || c == '.' || c == '_' ||
	       c == '-';
}

Str str_trim(Str s)
{
	while (s.n && is_space(s.p[0]))
		s.p++, s.n--;
	while (s.n && is_space(s.p[s.n - 1]))
		s.n--;
	return s;
}

Str str_skip(Str s, size_t k)
{
	if (k > s.n)
		k = s.n;
	return str_make(s.p + k, s.n - k);
}

bool str_next_line(Str *rest, Str *line)
{
	if (rest->n == 0)
		return false;
	const char *nl = memchr(rest->p, '\n', rest->n);
	size_t n = nl ? (size_t)(nl - rest->p) : rest->n;
	*line = str_make(rest->p, n);
	if (line->n && line->p[line->n - 1] == '\r')
		line->n--;
	*rest = str_skip(*rest, nl ? n + 1 : n);
	return true;
}

void str_copy(Str s, char *buf, size_t cap)
{
	if (cap == 0)
		return;
	size_t n = s.n < cap - 1 ? s.n : cap - 1;
	memcpy(buf, s.p, n);
	buf[n] = 0;
}

bool str_uint(Str s, uint32_t max, uint32_t *out, size_t *used)
{
	size_t i = 0;
	uint64_t v = 0;
	while (i < s.n && is_digit(s.p[i])) {
		v = v * 10 + (uint64_t)(s.p[i] - '0');
		if (v > max)
			return false;
		i++;
	}
	if (i == 0)
		return false;
	*out = (uint32_t)v;
	if (used)
		*used = i;
	return true;
}

/* --- operands -------------------------------------------------------- */

/* Position of sep at bracket depth 0 outside quotes, or s.n: (), [], {}
 * nest and "quoted strings" are opaque. */
size_t str_find_top_n(Str s, const char *sep, size_t n)
{
	/* Bytes that change the state; everything else is skipped fast. */
	static const unsigned char nesting[256] = {
		['"'] = 1, ['('] = 1, ['['] = 1, ['{'] = 1, [')'] = 1, [']'] = 1, ['}'] = 1,
	};
	/* Look for the separator's first non-blank byte, which is rarer than
	 * the blank before it ("=" of " = "): blanks never change the depth. */
	size_t lead = 0;
	while (lead + 1 < n && sep[lead] == ' ')
		lead++;
	unsigned char anchor = (unsigned char)sep[lead];
	int depth = 0;
	bool quoted = false;
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (!quoted && !nesting[c] && c != anchor)
			continue;
		if (quoted) {
			if (c == '\\')
				i++;
			else if (c == '"')
				quoted = false;
			continue;
		}
		if (c == '"')
			quoted = true;
		else if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && depth > 0)
			depth--;
		else if (depth == 0 && c == anchor && i >= lead && i - lead + n <= s.n &&
			 memcmp(s.p + i - lead, sep, n) == 0)
			return i - lead;
	}
	return s.n;
}

/* Length of the operand at the start of s: up to a comma at depth 0. */
static size_t operand_len(Str s) { return str_find_top(s, ","); }

bool next_operand(Str *rest, Str *op)
{
	*rest = str_trim(*rest);
	if (rest->n == 0)
		return false;
	size_t n = operand_len(*rest);
	*op = str_trim(str_make(rest->p, n));
	*rest = str_skip(*rest, n < rest->n ? n + 1 : n);
	return true;
}

#define FLAG_WORD(w, f) { w, sizeof(w) - 1, f }
static const struct {
	const char *word;
	size_t len;
	unsigned flags;
} operand_flag_words[] = {
	FLAG_WORD("implicit-def", OPF_IMPLICIT | OPF_DEF),
	FLAG_WORD("implicit", OPF_IMPLICIT),
	FLAG_WORD("def", OPF_DEF),
	FLAG_WORD("dead", OPF_DEAD),
	FLAG_WORD("killed", 0),
	FLAG_WORD("undef", 0),
	FLAG_WORD("internal", 0),
	FLAG_WORD("early-clobber", 0),
	FLAG_WORD("debug-use", 0),
	FLAG_WORD("renamable", 0),
};

Str operand_strip_flags(Str op, unsigned *flags)
{
	*flags = 0;
	for (;;) {
		op = str_trim(op);
		bool stripped = false;
		/* Flags are lower-case words; operands start with %, $, @, a digit or upper case. */
		if (op.n == 0 || op.p[0] < 'a' || op.p[0] > 'z')
			return op;
		for (size_t i = 0; i < sizeof operand_flag_words / sizeof operand_flag_words[0]; i++) {
			size_t n = operand_flag_words[i].len;
			if (op.n > n && memcmp(op.p, operand_flag_words[i].word, n) == 0 && op.p[n] == ' ') {
				*flags |= operand_flag_words[i].flags;
				op = str_skip(op, n + 1);
				stripped = true;
				break;
			}
		}
		if (!stripped)
			return op;
	}
}

/* --- registers ------------------------------------------------------- */

enum { MAX_REG = MIR_MAX_REG };

/* One element of a register name: sgprN or vgprN. */
static bool reg_element(Str *s, uint8_t *kind, uint32_t *num)
{
	if (str_starts(*s, "sgpr"))
		*kind = LOC_SGPR;
	else if (str_starts(*s, "vgpr"))
		*kind = LOC_VGPR;
	else
		return false;
	size_t used;
	if (!str_uint(str_skip(*s, 4), MAX_REG, num, &used))
		return false;
	*s = str_skip(*s, 4 + used);
	return true;
}

bool bad_reg_name(Str line, char *bad, size_t cap)
{
	static const char *const files[] = { "$sgpr", "$vgpr" };
	for (size_t i = 0; i + 5 < line.n; i++)
		for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
			if (memcmp(line.p + i, files[f], 5) != 0)
				continue;
			size_t j = i + 5;
			uint64_t v = 0;
			bool sign = line.p[j] == '-' || line.p[j] == '+';
			for (j += sign; j < line.n && line.p[j] >= '0' && line.p[j] <= '9' && v <= MIR_MAX_REG; j++)
				v = v * 10 + (uint64_t)(line.p[j] - '0');
			while (j < line.n && line.p[j] >= '0' && line.p[j] <= '9')
				j++;
			if (sign || v > MIR_MAX_REG) {
				snprintf(bad, cap, "%.*s", (int)(j - i < 24 ? j - i : 24), line.p + i);
				return true;
			}
		}
	return false;
}

bool parse_physreg(Str tok, RegRange *r)
{
	if (!str_starts(tok, "$"))
		return false;
	Str s = str_skip(tok, 1);
	uint8_t kind;
	uint32_t first;
	if (!reg_element(&s, &kind, &first))
		return false;
	uint32_t count = 1;
	if (str_starts(s, "_lo16") || str_starts(s, "_hi16")) {
		s = str_skip(s, 5);
	} else {
		/* A tuple names consecutive registers of one file. */
		while (str_starts(s, "_")) {
			Str t = str_skip(s, 1);
			uint8_t k2;
			uint32_t n2;
			if (!reg_element(&t, &k2, &n2) || k2 != kind || n2 != first + count)
				return false;
			count++;
			s = t;
		}
	}
	if (s.n && is_ident(s.p[0]))
		return false;
	r->kind = kind;
	r->first = (uint16_t)first;
	r->count = (uint16_t)count;
	return true;
}

bool regrange_eq(const RegRange *a, const RegRange *b)
{
	return a->kind == b->kind && a->first == b->first && a->count == b->count;
}

bool is_return_address(const RegRange *r)
{
	return r->kind == LOC_SGPR && r->first == 30 && r->count == 2;
}

bool parse_vreg(Str tok, uint32_t *n)
{
	if (!str_starts(tok, "%"))
		return false;
	size_t used;
	if (!str_uint(str_skip(tok, 1), UINT32_MAX - 1, n, &used))
		return false;
	Str after = str_skip(tok, 1 + used);
	return after.n == 0 || after.p[0] == '.' || after.p[0] == ':' || after.p[0] == '(' || after.p[0] == ' ';
}

Str vreg_subreg(Str tok)
{
	const char *dot = memchr(tok.p, '.', tok.n);
	if (!str_starts(tok, "%") || !dot)
		return str_make(tok.p + tok.n, 0);
	Str s = str_skip(tok, (size_t)(dot - tok.p) + 1);
	size_t n = 0;
	while (n < s.n && s.p[n] != ':' && s.p[n] != '(' && s.p[n] != ' ')
		n++;
	return str_make(s.p, n);
}

/* One `subN` element of a sub-register name. */
static bool take_sub(Str *s, uint32_t *n)
{
	size_t used;
	if (!str_starts(*s, "sub") || !str_uint(str_skip(*s, 3), 255, n, &used))
		return false;
	*s = str_skip(*s, 3 + used);
	return true;
}

bool parse_subreg(Str name, uint32_t *off, uint32_t *size)
{
	if (str_eq(name, "lo16") || str_eq(name, "hi16")) {
		*off = str_eq(name, "hi16") ? 2 : 0;
		*size = 2;
		return true;
	}
	uint32_t first, last, next;
	if (!take_sub(&name, &first))
		return false;
	last = first;
	for (;;) {
		Str t = name;
		if (!str_starts(t, "_"))
			break;
		t = str_skip(t, 1);
		if (!take_sub(&t, &next))
			break;
		if (next != last + 1)
			return false;
		last = next;
		name = t;
	}
	*off = 4 * first;
	*size = 4 * (last - first + 1);
	if (name.n == 0)
		return true;
	/* A 16-bit half of one 32-bit element. */
	if (last != first || !(str_eq(name, "_lo16") || str_eq(name, "_hi16")))
		return false;
	*off += str_eq(name, "_hi16") ? 2 : 0;
	*size = 2;
	return true;
}

static uint64_t llt_bits(Str s, bool narrow);

uint32_t vreg_type_bytes(Str tok, bool narrow_buffer_ptrs)
{
	const char *open = memchr(tok.p, '(', tok.n);
	if (!str_starts(tok, "%") || !open)
		return 0;
	Str t = str_skip(tok, (size_t)(open - tok.p) + 1);
	/* Elements that are not whole bytes (s1, <2 x s1>, s33) have no byte layout. */
	const char *x = memchr(t.p, 'x', t.n);
	if (llt_bits(x && str_starts(t, "<") ? str_trim(str_skip(t, (size_t)(x - t.p) + 1)) : t, narrow_buffer_ptrs) % 8)
		return 0;
	uint64_t bits = llt_bits(t, narrow_buffer_ptrs);
	return bits > (1ull << 32) - 8 ? 0 : (uint32_t)(bits / 8);
}

bool parse_imm(Str tok, int64_t *v)
{
	/* G_CONSTANT prints its type first: `i32 16`. */
	if (str_starts(tok, "i")) {
		size_t used, i = 1;
		uint32_t bits;
		if (!str_uint(str_skip(tok, 1), 4096, &bits, &used) || tok.n <= 1 + used || tok.p[1 + used] != ' ')
			return false;
		i += used + 1;
		tok = str_skip(tok, i);
	}
	bool neg = str_starts(tok, "-");
	uint32_t n;
	size_t used;
	if (!str_uint(str_skip(tok, neg), UINT32_MAX, &n, &used) || neg + used != tok.n)
		return false;
	*v = neg ? -(int64_t)n : (int64_t)n;
	return true;
}

/* An identifier or a "quoted name" at the start of s. */
static Str take_name(Str s)
{
	if (str_starts(s, "\"")) {
		for (size_t i = 1; i < s.n; i++) {
			if (s.p[i] == '\\')
				i++;
			else if (s.p[i] == '"')
				return str_make(s.p + 1, i - 1);
		}
		return str_make(s.p + 1, s.n - 1);
	}
	size_t i = 0;
	while (i < s.n && is_ident(s.p[i]))
		i++;
	return str_make(s.p, i);
}

bool parse_global(Str tok, char *buf, size_t cap)
{
	if (!str_starts(tok, "@"))
		return false;
	Str name = take_name(str_skip(tok, 1));
	if (name.n == 0)
		return false;
	str_copy(name, buf, cap);
	return true;
}

/* --- gcnabi markers -------------------------------------------------- */

static bool take_lit(Str *s, const char *lit)
{
	if (!str_starts(*s, lit))
		return false;
	*s = str_skip(*s, strlen(lit));
	return true;
}

static bool take_uint(Str *s, uint32_t *v)
{
	size_t used;
	if (!str_uint(*s, UINT32_MAX, v, &used))
		return false;
	*s = str_skip(*s, used);
	return true;
}

bool parse_marker(Str s, Marker *m)
{
	s = take_name(s);
	memset(m, 0, sizeof *m);
	if (!take_lit(&s, "gcnabi.") || !take_uint(&s, &m->sig) || !take_lit(&s, "."))
		return false;
	if (take_lit(&s, "in.")) {
		m->kind = MARK_IN;
		if (!take_uint(&s, &m->k))
			return false;
	} else if (take_lit(&s, "out.")) {
		m->kind = MARK_OUT;
		if (!take_uint(&s, &m->k))
			return false;
		m->copy = take_lit(&s, ".copy");
	} else {
		return false;
	}
	return s.n == 0;
}

bool parse_fptr_name(Str s, uint32_t *i)
{
	s = take_name(s);
	return take_lit(&s, "gcnabi.") && take_uint(&s, i) && take_lit(&s, ".fptr") && s.n == 0;
}

bool parse_fptr_global(Str line, uint32_t *i, char *name, size_t cap)
{
	Str s = str_trim(line);
	if (!take_lit(&s, "@gcnabi.") || !take_uint(&s, i) || !take_lit(&s, ".fptr = "))
		return false;
	size_t at = s.n;
	while (at > 0 && s.p[at - 1] != '@')
		at--;
	return at > 0 && parse_global(str_skip(s, at - 1), name, cap);
}

/* --- frame objects --------------------------------------------------- */

FrameKind parse_frame_ref(Str tok, uint32_t *id, Str *name)
{
	FrameKind kind;
	if (take_lit(&tok, "%fixed-stack."))
		kind = FRAME_FIXED;
	else if (take_lit(&tok, "%stack."))
		kind = FRAME_LOCAL;
	else
		return FRAME_NONE;
	if (!take_uint(&tok, id))
		return FRAME_NONE;
	*name = str_make(tok.p, 0);
	if (take_lit(&tok, "."))
		*name = take_name(tok);
	return kind;
}

/* --- memory operands ------------------------------------------------- */

/* Bits of a scalar or pointer LLT: s32, p5; 0 when not understood. */
static uint64_t llt_scalar_bits(Str s, bool narrow)
{
	uint32_t n;
	if (take_lit(&s, "s"))
		return take_uint(&s, &n) ? n : 0;
	if (take_lit(&s, "p")) {
		/* AMDGPU's datalayout: 32-bit LDS, private, region and 32-bit
		 * constant pointers, 128/160/192-bit buffer pointers (LLVM 19+;
		 * before, the datalayout has no p7-p9: 64-bit, `narrow`). */
		if (!take_uint(&s, &n))
			return 0;
		switch (n) {
		case 2: case 3: case 5: case 6: return 32;
		case 7: return narrow ? 64 : 160;
		case 8: return narrow ? 64 : 128;
		case 9: return narrow ? 64 : 192;
		default: return 64;
		}
	}
	return 0;
}

/* Bits of an LLT: s32, p5, <4 x s32> (vectors do not nest); 0 when not understood. */
static uint64_t llt_bits(Str s, bool narrow)
{
	uint32_t count;
	if (!take_lit(&s, "<"))
		return llt_scalar_bits(s, narrow);
	if (!take_uint(&s, &count) || !take_lit(&s, " x "))
		return 0;
	return (uint64_t)count * llt_scalar_bits(s, narrow);
}

/* The size after `load`/`store`: `(s32)`, `(<2 x s16>)`, or bytes (old llc). */
static uint32_t mem_size(Str s)
{
	s = str_trim(s);
	uint32_t v;
	if (take_lit(&s, "(")) {
		uint64_t bits = llt_bits(s, false); /* buffer pointers at their LLVM 19+ size */
		return bits > (1ull << 32) - 8 ? 0 : (uint32_t)((bits + 7) / 8);
	}
	return take_uint(&s, &v) ? v : 0;
}

/* Position of word w (delimited by spaces) in s, or s.n. */
#define find_word(s, lit) find_word_n((s), (lit), sizeof(lit) - 1)
static size_t find_word_n(Str s, const char *w, size_t n)
{
	for (size_t i = 0; i + n <= s.n; i++)
		if (s.p[i] == w[0] && memcmp(s.p + i, w, n) == 0 && (i == 0 || s.p[i - 1] == ' ') &&
		    (i + n == s.n || s.p[i + n] == ' ' || s.p[i + n] == '('))
			return i;
	return s.n;
}

static void memop_target(Str t, MemOp *m)
{
	Str name;
	FrameKind fk = parse_frame_ref(t, &m->id, &name);
	if (fk == FRAME_FIXED) {
		m->target = MEM_FIXED;
	} else if (fk == FRAME_LOCAL) {
		m->target = MEM_LOCAL;
		m->name = name;
	} else if (str_starts(t, "@")) {
		m->target = MEM_GLOBAL;
		m->name = take_name(str_skip(t, 1));
	} else if (str_starts(t, "%ir.")) {
		m->target = MEM_IR;
		m->name = take_name(str_skip(t, 4));
	} else if (str_eq(take_name(t), "stack")) {
		m->target = MEM_ARGSTACK;
	} else {
		m->target = MEM_OTHER;
	}
	/* `+ N` after the target. */
	size_t plus = find_word(t, "+");
	uint32_t off;
	if (plus < t.n && str_uint(str_trim(str_skip(t, plus + 1)), UINT32_MAX, &off, NULL))
		m->offset = off;
}

bool next_memop(Str *rest, MemOp *m)
{
	Str op;
	memset(m, 0, sizeof *m);
	if (!next_operand(rest, &op))
		return false;
	if (!take_lit(&op, "("))
		return true; /* not a memory operand: leave it MEM_NONE */
	if (op.n && op.p[op.n - 1] == ')')
		op.n--;
	/* The first comma-separated field holds `... load (s32) from TARGET`. */
	Str fields = op, head;
	if (!next_operand(&fields, &head))
		return true;
	size_t at = find_word(head, "store");
	size_t ld = find_word(head, "load");
	m->store = at < head.n;
	if (ld < at)
		at = ld;
	if (at < head.n)
		m->size = mem_size(str_skip(head, at + (at == ld ? 4 : 5)));
	size_t into = find_word(head, "into"), from = find_word(head, "from");
	if (into < head.n) {
		m->into = true;
		memop_target(str_trim(str_skip(head, into + 4)), m);
	} else if (from < head.n) {
		memop_target(str_trim(str_skip(head, from + 4)), m);
	}
	return true;
}
