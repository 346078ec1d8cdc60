/* The assembly observer (asm.h). llc prints one instruction per line,
 * `mnemonic op, op, ... modifiers ; comment`; labels end in ':'; the
 * directives start with '.', and `.type NAME,@function` names each
 * function before its label. */
#include "asm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char *p;
	size_t n;
} Span;

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }
static bool is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
	       c == '$' || c == '@';
}

static Span trim(Span s)
{
	while (s.n && is_space(*s.p))
		s.p++, s.n--;
	while (s.n && is_space(s.p[s.n - 1]))
		s.n--;
	return s;
}

static bool span_is(Span s, const char *lit) { return s.n == strlen(lit) && memcmp(s.p, lit, s.n) == 0; }

static void copy(char *dst, size_t cap, Span s)
{
	size_t n = s.n < cap - 1 ? s.n : cap - 1;
	memcpy(dst, s.p, n);
	dst[n] = 0;
}

/* The line without its comment (';' to the end). */
static Span code_of(Span line)
{
	for (size_t i = 0; i < line.n; i++)
		if (line.p[i] == ';')
			return trim((Span){ line.p, i });
	return trim(line);
}

static bool parse_uint(Span s, uint64_t *v)
{
	if (!s.n)
		return false;
	uint64_t x = 0;
	size_t i = 0;
	unsigned base = 10;
	if (s.n > 2 && s.p[0] == '0' && (s.p[1] == 'x' || s.p[1] == 'X'))
		base = 16, i = 2;
	for (; i < s.n; i++) {
		char c = s.p[i];
		unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
			     : base == 16 && c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
			     : base == 16 && c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
								  : 99;
		if (d >= base || x > (UINT64_MAX - d) / base)
			return false;
		x = x * base + d;
	}
	*v = x;
	return true;
}

/* The named registers an operand may be (not numbered in a file). */
static const char *const specials[] = { "exec", "exec_lo", "exec_hi", "vcc", "vcc_lo", "vcc_hi", "m0", "scc", "vccz",
					"execz", "flat_scratch", "flat_scratch_lo", "flat_scratch_hi", "null", "xnack_mask",
					"xnack_mask_lo", "xnack_mask_hi", "src_scc", "src_execz", "src_vccz", 0 };

/* s5, v[0:3], a7: one run of a file. */
static bool parse_reg(Span s, AsmOp *op)
{
	int file = s.n ? (s.p[0] == 's' ? RF_SGPR : s.p[0] == 'v' ? RF_VGPR : s.p[0] == 'a' ? RF_AGPR : -1) : -1;
	if (file < 0 || s.n < 2)
		return false;
	uint64_t a, b;
	Span rest = { s.p + 1, s.n - 1 };
	if (rest.p[0] == '[') {
		const char *colon = memchr(rest.p, ':', rest.n);
		if (!colon || rest.p[rest.n - 1] != ']')
			return false;
		Span x = { rest.p + 1, (size_t)(colon - rest.p - 1) }, y = { colon + 1, (size_t)(rest.p + rest.n - colon - 2) };
		if (!parse_uint(x, &a) || !parse_uint(y, &b) || b < a)
			return false;
	} else {
		for (size_t i = 0; i < rest.n; i++)
			if (rest.p[i] < '0' || rest.p[i] > '9')
				return false;
		if (!parse_uint(rest, &a))
			return false;
		b = a;
	}
	if (b >= 1024)
		return false;
	op->kind = AOP_REG;
	op->file = (uint8_t)file;
	op->first = (uint16_t)a;
	op->count = (uint16_t)(b - a + 1);
	return true;
}

static void parse_operand(Span s, AsmOp *op)
{
	memset(op, 0, sizeof *op);
	copy(op->text, sizeof op->text, s);
	/* Source modifiers around a register: -v1, |v1|, -|v1|, neg(v1)... */
	Span r = s;
	while (r.n && (r.p[0] == '-' || r.p[0] == '|'))
		r.p++, r.n--;
	while (r.n && r.p[r.n - 1] == '|')
		r.n--;
	if (parse_reg(r, op))
		return;
	for (unsigned i = 0; specials[i]; i++)
		if (span_is(r, specials[i])) {
			op->kind = AOP_SPECIAL;
			return;
		}
	if (span_is(s, "off")) {
		op->kind = AOP_OFF;
		return;
	}
	uint64_t v;
	bool neg = s.n && s.p[0] == '-';
	if (parse_uint(neg ? (Span){ s.p + 1, s.n - 1 } : s, &v)) {
		op->kind = AOP_IMM;
		op->imm = neg ? -(int64_t)v : (int64_t)v;
		return;
	}
	op->kind = AOP_OTHER;
}

/* Split the operands at top-level commas; modifiers (offset:4, glc) are
 * the words after the last operand. */
static void parse_instr(Span code, AsmInstr *in)
{
	memset(in, 0, sizeof *in);
	in->label = -1;
	size_t i = 0;
	while (i < code.n && !is_space(code.p[i]))
		i++;
	copy(in->mnemonic, sizeof in->mnemonic, (Span){ code.p, i });
	Span rest = trim((Span){ code.p + i, code.n - i });
	int depth = 0;
	size_t start = 0;
	for (size_t k = 0; k <= rest.n; k++) {
		char c = k < rest.n ? rest.p[k] : ',';
		if (c == '(' || c == '[')
			depth++;
		else if ((c == ')' || c == ']') && depth > 0)
			depth--;
		if (c != ',' || (depth && k < rest.n))
			continue;
		Span part = trim((Span){ rest.p + start, k - start });
		start = k + 1;
		/* The first word is the operand; the others are modifiers. */
		size_t w = 0;
		while (w < part.n && !is_space(part.p[w]))
			w++;
		Span word = { part.p, w };
		Span mods = trim((Span){ part.p + w, part.n - w });
		if (word.n && in->nops < ASM_MAX_OPS) {
			/* A bare modifier list (s_endpgm has none; s_waitcnt vmcnt(0) expcnt(0)). */
			parse_operand(word, &in->op[in->nops++]);
		}
		while (mods.n) {
			size_t e = 0;
			while (e < mods.n && !is_space(mods.p[e]))
				e++;
			Span m = { mods.p, e };
			uint64_t v;
			if (m.n > 7 && memcmp(m.p, "offset:", 7) == 0 && parse_uint((Span){ m.p + 7, m.n - 7 }, &v)) {
				in->has_offset = true;
				in->offset = (int64_t)v;
			}
			mods = trim((Span){ mods.p + e, mods.n - e });
		}
	}
}

typedef struct {
	char (*names)[ASM_NAME_MAX];
	unsigned n, cap;
} NameList;

static bool names_has(const NameList *l, Span s)
{
	for (unsigned i = 0; i < l->n; i++)
		if (strlen(l->names[i]) == s.n && memcmp(l->names[i], s.p, s.n) == 0)
			return true;
	return false;
}

static bool names_add(NameList *l, Span s)
{
	if (l->n == l->cap) {
		unsigned cap = l->cap ? l->cap * 2 : 16;
		void *p = realloc(l->names, cap * sizeof *l->names);
		if (!p)
			return false;
		l->names = p;
		l->cap = cap;
	}
	copy(l->names[l->n++], ASM_NAME_MAX, s);
	return true;
}

/* The next line of text from *pos. */
static bool next_line(const char *text, size_t len, size_t *pos, Span *line)
{
	if (*pos >= len)
		return false;
	const char *nl = memchr(text + *pos, '\n', len - *pos);
	size_t end = nl ? (size_t)(nl - text) : len;
	*line = (Span){ text + *pos, end - *pos };
	*pos = end + 1;
	return true;
}

typedef struct {
	AsmFunction f;
	unsigned cap_instrs, cap_labels, cap_label_at;
	bool open;
} Building;

static bool grow(void **p, unsigned *cap, unsigned need, size_t size)
{
	if (need <= *cap)
		return true;
	unsigned c = *cap ? *cap * 2 : 64;
	while (c < need)
		c *= 2;
	void *q = realloc(*p, (size_t)c * size);
	if (!q)
		return false;
	*p = q;
	*cap = c;
	return true;
}

static void fail(AsmFunction *f, const char *msg)
{
	if (!f->failed)
		snprintf(f->error, sizeof f->error, "%s", msg);
	f->failed = true;
}

static int finish(Building *b, AsmSink sink, void *ctx, unsigned *count)
{
	if (!b->open)
		return 0;
	b->open = false;
	(*count)++;
	return sink(ctx, &b->f);
}

unsigned asm_read(const char *text, size_t len, AsmSink sink, void *ctx)
{
	NameList funcs = { 0 };
	size_t pos = 0;
	Span line;
	/* First the functions' names: `.type NAME,@function`. */
	while (next_line(text, len, &pos, &line)) {
		Span c = code_of(line);
		if (c.n > 6 && memcmp(c.p, ".type", 5) == 0 && is_space(c.p[5])) {
			Span rest = trim((Span){ c.p + 6, c.n - 6 });
			const char *comma = memchr(rest.p, ',', rest.n);
			if (comma && span_is(trim((Span){ comma + 1, (size_t)(rest.p + rest.n - comma - 1) }), "@function"))
				names_add(&funcs, trim((Span){ rest.p, (size_t)(comma - rest.p) }));
		}
	}
	Building b = { 0 };
	unsigned count = 0, lineno = 0;
	int stop = 0;
	bool in_metadata = false, in_code_t = false;
	pos = 0;
	while (!stop && next_line(text, len, &pos, &line)) {
		lineno++;
		Span c = code_of(line);
		if (!c.n)
			continue;
		/* The PAL and HSA metadata are YAML, whose keys end in ':' too
		 * (a function's name among them). */
		if (span_is(c, ".amdgpu_pal_metadata") || span_is(c, ".amdgpu_metadata")) {
			if ((stop = finish(&b, sink, ctx, &count)))
				break;
			in_metadata = true;
			continue;
		}
		if (in_metadata) {
			in_metadata = !span_is(c, ".end_amdgpu_pal_metadata") && !span_is(c, ".end_amdgpu_metadata");
			continue;
		}
		/* A code object v2 kernel's descriptor (`key = value` lines),
		 * inside the kernel after its label: not instructions. */
		if (span_is(c, ".amd_kernel_code_t") || in_code_t) {
			in_code_t = !span_is(c, ".end_amd_kernel_code_t");
			continue;
		}
		/* Labels start their line. */
		if (c.p[c.n - 1] == ':' && c.p == line.p) {
			Span name = { c.p, c.n - 1 };
			bool ident = name.n > 0;
			for (size_t i = 0; i < name.n; i++)
				ident &= is_ident(name.p[i]);
			if (!ident)
				continue;
			if (names_has(&funcs, name)) {
				if ((stop = finish(&b, sink, ctx, &count)))
					break;
				AsmInstr *keep_i = b.f.instrs;
				char(*keep_l)[ASM_NAME_MAX] = b.f.labels;
				uint32_t *keep_a = b.f.label_at;
				memset(&b.f, 0, sizeof b.f);
				b.f.instrs = keep_i, b.f.labels = keep_l, b.f.label_at = keep_a;
				copy(b.f.name, sizeof b.f.name, name);
				b.f.line = lineno;
				b.open = true;
			} else if (b.open && name.n > 10 && memcmp(name.p, ".Lfunc_end", 10) == 0) {
				stop = finish(&b, sink, ctx, &count);
			} else if (b.open) {
				unsigned need = b.f.nlabels + 1;
				if (!grow((void **)&b.f.labels, &b.cap_labels, need, sizeof *b.f.labels) ||
				    !grow((void **)&b.f.label_at, &b.cap_label_at, need, sizeof *b.f.label_at)) {
					fail(&b.f, "out of memory");
					continue;
				}
				copy(b.f.labels[b.f.nlabels], ASM_NAME_MAX, name);
				b.f.label_at[b.f.nlabels++] = b.f.ninstrs;
			}
			continue;
		}
		if (!b.open || c.p[0] == '.' || !((c.p[0] >= 'a' && c.p[0] <= 'z') || (c.p[0] >= 'A' && c.p[0] <= 'Z')))
			continue;
		/* A dual-issue pair (VOPD, gfx11+: `v_dual_mov_b32 v0, s18 ::
		 * v_dual_mov_b32 v1, s2`) is two instructions of one line. */
		for (Span rest = c; rest.n;) {
			Span one = rest;
			rest.n = 0;
			for (size_t k = 0; k + 1 < one.n; k++)
				if (one.p[k] == ':' && one.p[k + 1] == ':') {
					rest = trim((Span){ one.p + k + 2, one.n - k - 2 });
					one = trim((Span){ one.p, k });
					break;
				}
			if (!grow((void **)&b.f.instrs, &b.cap_instrs, b.f.ninstrs + 1, sizeof *b.f.instrs)) {
				fail(&b.f, "out of memory");
				break;
			}
			AsmInstr *in = &b.f.instrs[b.f.ninstrs];
			parse_instr(one, in);
			in->line = lineno;
			if (b.f.nlabels && b.f.label_at[b.f.nlabels - 1] == b.f.ninstrs)
				in->label = (int32_t)b.f.nlabels - 1;
			b.f.ninstrs++;
			for (unsigned k = 0; k < in->nops; k++)
				if (in->op[k].kind == AOP_REG)
					regset_add_range(&b.f.named, (RegFile)in->op[k].file, in->op[k].first,
							 (unsigned)in->op[k].first + in->op[k].count - 1u);
		}
	}
	if (!stop)
		finish(&b, sink, ctx, &count);
	free(b.f.instrs);
	free(b.f.labels);
	free(b.f.label_at);
	free(funcs.names);
	return count;
}

bool asm_whole(const char *text, size_t len)
{
	size_t pos = 0;
	Span line;
	while (next_line(text, len, &pos, &line)) {
		Span c = code_of(line);
		static const char want[] = "\".note.GNU-stack\"";
		Span rest = c.n > 9 ? trim((Span){ c.p + 9, c.n - 9 }) : (Span){ c.p, 0 };
		if (c.n > 9 && memcmp(c.p, ".section", 8) == 0 && is_space(c.p[8]) && rest.n >= sizeof want - 1 &&
		    memcmp(rest.p, want, sizeof want - 1) == 0)
			return true;
	}
	return false;
}

bool asm_parse_line(const char *text, uint32_t line, AsmInstr *out)
{
	Span c = code_of((Span){ text, strlen(text) });
	if (!c.n || !((c.p[0] >= 'a' && c.p[0] <= 'z') || (c.p[0] >= 'A' && c.p[0] <= 'Z')))
		return false;
	parse_instr(c, out);
	out->line = line;
	return true;
}

const AsmInstr *asm_instr_at(const AsmFunction *f, uint32_t line)
{
	for (uint32_t i = 0; line && i < f->ninstrs; i++)
		if (f->instrs[i].line == line)
			return &f->instrs[i];
	return 0;
}

void asm_instr_text(const AsmInstr *in, char *buf, size_t cap)
{
	size_t n = (size_t)snprintf(buf, cap, "%s", in->mnemonic);
	for (unsigned k = 0; k < in->nops && n < cap; k++)
		n += (size_t)snprintf(buf + n, cap - n, "%s%s", k ? ", " : " ", in->op[k].text);
}

int asm_label_find(const AsmFunction *f, const char *name, size_t len)
{
	for (uint32_t i = 0; i < f->nlabels; i++)
		if (strlen(f->labels[i]) == len && memcmp(f->labels[i], name, len) == 0)
			return (int)i;
	return -1;
}

size_t asm_print_json(const AsmFunction *f, char *buf, size_t cap)
{
	char quoted[6 * ASM_NAME_MAX + 3], runs[4096];
	json_quote(f->name, quoted, sizeof quoted);
	regset_print(&f->named, runs, sizeof runs);
	size_t n = (size_t)snprintf(buf, cap, "{\"name\":%s,\"line\":%u,\"instructions\":%u,\"named\":[", quoted, f->line,
				    f->ninstrs);
	for (char *p = runs, *sp; *p; p = sp ? sp + 1 : p + strlen(p)) {
		sp = strchr(p, ' ');
		if (sp)
			*sp = 0;
		n += (size_t)snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, "%s\"%s\"", p == runs ? "" : ",", p);
	}
	n += (size_t)snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, "]");
	if (f->failed) {
		char err[6 * sizeof f->error + 3];
		json_quote(f->error, err, sizeof err);
		n += (size_t)snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, ",\"error\":%s", err);
	}
	n += (size_t)snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, "}");
	return n;
}

bool asm_data_symbol(const char *text, size_t len, const char *name, char *out, size_t cap)
{
	size_t n = strlen(name);
	for (size_t at = 0; at < len;) {
		const char *line = text + at, *end = memchr(line, '\n', len - at);
		size_t ll = end ? (size_t)(end - line) : len - at;
		at += ll + 1;
		if (ll != n + 1 || memcmp(line, name, n) != 0 || line[n] != ':')
			continue;
		/* The next line that is not a comment: its directive. */
		while (at < len) {
			line = text + at;
			end = memchr(line, '\n', len - at);
			ll = end ? (size_t)(end - line) : len - at;
			at += ll + 1;
			size_t i = 0;
			while (i < ll && (line[i] == ' ' || line[i] == '\t'))
				i++;
			if (i == ll || line[i] == ';')
				continue;
			const char *d = line + i;
			size_t dl = ll - i, w = 0;
			if (dl > 6 && (memcmp(d, ".quad", 5) == 0 || memcmp(d, ".long", 5) == 0) && (d[5] == ' ' || d[5] == '\t')) {
				d += 6, dl -= 6;
				while (dl && (*d == ' ' || *d == '\t'))
					d++, dl--;
				while (w < dl && d[w] != ' ' && d[w] != '\t' && d[w] != ';')
					w++;
				if (w && w < cap) {
					memcpy(out, d, w);
					out[w] = 0;
					return true;
				}
			}
			return false;
		}
	}
	return false;
}
