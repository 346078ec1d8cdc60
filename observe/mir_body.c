/* The instruction table of one MIR function body and its def-use tracer.
 * Each instruction is classified once (physical-register copy, call, return,
 * marker store, stack-argument store, what it is as a leaf); tracing then
 * follows vreg numbers only, with a visited set and budgets so that cycles
 * and huge bodies stay bounded. */
#include "mir_parse.h"

#include <stdlib.h>
#include <string.h>

void body_free(MirBody *b)
{
	free(b->instrs);
	free(b->uses);
	free(b->defs);
	free(b->hash);
	free(b->seen);
	free(b->stack);
	free(b->leaves);
	memset(b, 0, sizeof *b);
}

/* Grow *arr to hold need elements; false when out of memory. */
static bool reserve(void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	uint32_t n = *cap ? *cap : 64;
	while (n < need)
		n *= 2;
	void *p = realloc(*arr, (size_t)n * elem);
	if (!p)
		return false;
	*arr = p;
	*cap = n;
	return true;
}

/* --- one line ------------------------------------------------------- */

static bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

/* Position of sep at bracket depth 0 outside quotes, or s.n. */
static size_t find_top(Str s, const char *sep)
{
	size_t n = strlen(sep);
	int depth = 0;
	bool quoted = false;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
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
		else if (depth == 0 && i + n <= s.n && memcmp(s.p + i, sep, n) == 0)
			return i;
	}
	return s.n;
}

/* Every comma-separated item is a register, possibly behind flags. */
static bool looks_like_defs(Str s)
{
	Str op;
	unsigned flags;
	bool any = false;
	while (next_operand(&s, &op)) {
		op = operand_strip_flags(op, &flags);
		if (!str_starts(op, "%") && !str_starts(op, "$"))
			return false;
		any = true;
	}
	return any;
}

bool instr_split(Str line, Str *defs, Str *opcode, Str *ops, Str *mem)
{
	*defs = str_make(line.p, 0);
	size_t eq = find_top(line, " = ");
	Str rest = line;
	if (eq < line.n && looks_like_defs(str_make(line.p, eq))) {
		*defs = str_make(line.p, eq);
		rest = str_skip(line, eq + 3);
	}
	/* MI flags (frame-setup, nnan, noconvergent, ...) are lower case;
	 * opcodes start with an upper-case letter. */
	for (;;) {
		rest = str_trim(rest);
		if (rest.n == 0 || !is_lower(rest.p[0]))
			break;
		size_t w = 0;
		while (w < rest.n && rest.p[w] != ' ')
			w++;
		rest = str_skip(rest, w);
	}
	if (rest.n == 0 || !is_upper(rest.p[0]))
		return false;
	size_t w = 0;
	while (w < rest.n && rest.p[w] != ' ')
		w++;
	*opcode = str_make(rest.p, w);
	rest = str_skip(rest, w);
	size_t m = find_top(rest, " :: ");
	*ops = str_trim(str_make(rest.p, m));
	*mem = m < rest.n ? str_skip(rest, m + 4) : str_make(rest.p + rest.n, 0);
	return true;
}

bool opcode_is_call(Str op)
{
	if (str_starts(op, "ADJCALLSTACK"))
		return false;
	if (str_ends(op, "CALL") || str_ends(op, "CALL_ISEL") || str_starts(op, "SI_CS_CHAIN_TC"))
		return true;
	for (size_t i = 0; i + 8 <= op.n; i++)
		if (memcmp(op.p + i, "TCRETURN", 8) == 0)
			return true;
	return false;
}

static bool opcode_is_return(Str op)
{
	return str_starts(op, "SI_RETURN") || str_starts(op, "S_SETPC_B64_return");
}

/* Leaf kinds by strength: a marker beats a frame object beats a copy. */
static int leaf_rank(uint8_t leaf)
{
	switch (leaf) {
	case LEAF_OUT: return 4;
	case LEAF_FIXED: return 3;
	case LEAF_LOCAL: return 2;
	case LEAF_PHYS: return 1;
	default: return 0;
	}
}

static void set_leaf(Instr *in, uint8_t leaf, uint32_t sig, uint32_t id, bool copy)
{
	if (leaf_rank(leaf) <= leaf_rank(in->leaf))
		return;
	in->leaf = leaf;
	in->leaf_sig = sig;
	in->leaf_id = id;
	in->leaf_copy = copy;
}

/* A frame object operand or load source: %fixed-stack.N, %stack.N, or the
 * caller's byval copy %stack.N.gcnabi.<i>.out.<K>.copy. */
static void classify_frame(Instr *in, FrameKind fk, uint32_t id, Str name)
{
	Marker mk;
	if (fk == FRAME_FIXED)
		set_leaf(in, LEAF_FIXED, 0, id, false);
	else if (fk == FRAME_LOCAL && parse_marker(name, &mk) && mk.kind == MARK_OUT)
		set_leaf(in, LEAF_OUT, mk.sig, mk.k, true);
	else if (fk == FRAME_LOCAL)
		set_leaf(in, LEAF_LOCAL, 0, id, false);
}

static void classify_memops(Instr *in, Str mem)
{
	MemOp m;
	Marker mk;
	while (next_memop(&mem, &m)) {
		bool marker = (m.target == MEM_GLOBAL || m.target == MEM_IR || m.target == MEM_LOCAL) &&
			      parse_marker(m.name, &mk);
		if (m.into) {
			if (m.target == MEM_GLOBAL && marker && mk.kind == MARK_IN && !in->in_marker) {
				in->in_marker = true;
				in->in_sig = mk.sig;
				in->in_k = mk.k;
			} else if (m.target == MEM_ARGSTACK && !in->stack_store) {
				in->stack_store = true;
				in->stack_off = m.offset;
				in->stack_size = m.size;
			}
			continue;
		}
		bool out = marker && mk.kind == MARK_OUT;
		if (m.target == MEM_GLOBAL && out && !mk.copy)
			set_leaf(in, LEAF_OUT, mk.sig, mk.k, false);
		else if (m.target == MEM_IR && out && mk.copy)
			set_leaf(in, LEAF_OUT, mk.sig, mk.k, true);
		else if (m.target == MEM_FIXED)
			classify_frame(in, FRAME_FIXED, m.id, m.name);
		else if (m.target == MEM_LOCAL)
			classify_frame(in, FRAME_LOCAL, m.id, m.name);
	}
}

static bool add_def(MirBody *b, uint32_t vreg, uint32_t instr)
{
	if (!reserve((void **)&b->defs, &b->cap_defs, b->ndefs + 1, sizeof *b->defs))
		return false;
	b->defs[b->ndefs++] = (DefEntry){vreg, instr, UINT32_MAX};
	return true;
}

static bool add_use(MirBody *b, uint32_t vreg)
{
	if (!reserve((void **)&b->uses, &b->cap_uses, b->nuses + 1, sizeof *b->uses))
		return false;
	b->uses[b->nuses++] = vreg;
	return true;
}

/* Registers written before " = ": vreg defs, or the physical destination. */
static bool read_defs(MirBody *b, Instr *in, Str defs, bool *def_vreg)
{
	Str op;
	unsigned flags;
	*def_vreg = false;
	while (next_operand(&defs, &op)) {
		op = operand_strip_flags(op, &flags);
		uint32_t v;
		RegRange r;
		if (parse_vreg(op, &v)) {
			if (!add_def(b, v, b->ninstrs))
				return false;
			*def_vreg = true;
			/* Generic MIR types its vregs: %0:_(s32), %32:vgpr_32(s32). */
			const char *colon = memchr(op.p, ':', op.n);
			if (memchr(op.p, '(', op.n) || (colon && colon + 1 < op.p + op.n && colon[1] == '_'))
				b->gisel = true;
		} else if (in->kind == IK_OTHER && parse_physreg(op, &r)) {
			in->kind = IK_DEF_PHYS;
			in->dst = r;
		}
	}
	return true;
}

/* Operands after the opcode: vregs read (or defined by a `def` flag),
 * frame objects, and the source of a COPY from a physical register. */
static bool read_ops(MirBody *b, Instr *in, Str ops, bool def_vreg)
{
	Str op, rest = ops;
	unsigned flags;
	unsigned nops = 0;
	RegRange src;
	bool src_phys = false;
	in->uses_first = b->nuses;
	while (next_operand(&rest, &op)) {
		nops++;
		op = operand_strip_flags(op, &flags);
		uint32_t v, id;
		Str name;
		FrameKind fk;
		if (parse_vreg(op, &v)) {
			if (!((flags & OPF_DEF) ? add_def(b, v, b->ninstrs) : add_use(b, v)))
				return false;
		} else if ((fk = parse_frame_ref(op, &id, &name)) != FRAME_NONE) {
			classify_frame(in, fk, id, name);
		} else if (nops == 1 && parse_physreg(op, &src)) {
			src_phys = true;
		}
	}
	in->uses_count = b->nuses - in->uses_first;
	if (str_eq(in->opcode, "COPY") && nops == 1 && src_phys) {
		set_leaf(in, LEAF_PHYS, 0, 0, false);
		in->src = src;
		if (def_vreg && in->kind == IK_OTHER)
			in->kind = IK_COPY_PHYS;
	}
	return true;
}

static void classify_opcode(MirBody *b, Instr *in)
{
	if (str_starts(in->opcode, "G_"))
		b->gisel = true;
	if (opcode_is_call(in->opcode))
		in->kind = IK_CALL;
	else if (str_eq(in->opcode, "ADJCALLSTACKUP"))
		in->kind = IK_CALLSEQ_START;
	else if (str_eq(in->opcode, "ADJCALLSTACKDOWN"))
		in->kind = IK_CALLSEQ_END;
	else if (opcode_is_return(in->opcode))
		in->kind = IK_RETURN;
}

static bool add_instr(MirBody *b, Str line, uint32_t lineno, uint32_t block)
{
	Str defs, opcode, ops, mem;
	if (!instr_split(line, &defs, &opcode, &ops, &mem))
		return true;
	if (b->ninstrs >= MIR_MAX_INSTRS) {
		b->too_big = true;
		return true;
	}
	if (!reserve((void **)&b->instrs, &b->cap_instrs, b->ninstrs + 1, sizeof *b->instrs))
		return false;
	Instr *in = &b->instrs[b->ninstrs];
	memset(in, 0, sizeof *in);
	in->line = lineno;
	in->block = block;
	in->opcode = opcode;
	in->ops = ops;
	classify_opcode(b, in);
	bool def_vreg;
	if (!read_defs(b, in, defs, &def_vreg) || !read_ops(b, in, ops, def_vreg))
		return false;
	classify_memops(in, mem);
	b->ninstrs++;
	return true;
}

static bool is_block_header(Str t) { return str_starts(t, "bb.") && str_ends(t, ":"); }

static bool is_body_noise(Str t)
{
	return t.n == 0 || str_starts(t, ";") || str_starts(t, "liveins:") || str_starts(t, "successors:") ||
	       str_eq(t, "{") || str_eq(t, "}");
}

static uint32_t hash_slot(const MirBody *b, uint32_t vreg)
{
	return (vreg * 0x9E3779B1u) & (b->hash_cap - 1);
}

static bool build_def_index(MirBody *b)
{
	uint32_t cap = 16;
	while (cap < 2 * b->ndefs)
		cap *= 2;
	if (cap > b->hash_cap) {
		free(b->hash);
		b->hash = malloc((size_t)cap * sizeof *b->hash);
		if (!b->hash) {
			b->hash_cap = 0;
			return false;
		}
		b->hash_cap = cap;
	}
	memset(b->hash, 0, (size_t)b->hash_cap * sizeof *b->hash);
	for (uint32_t d = 0; d < b->ndefs; d++) {
		uint32_t s = hash_slot(b, b->defs[d].vreg);
		while (b->hash[s] && b->defs[b->hash[s] - 1].vreg != b->defs[d].vreg)
			s = (s + 1) & (b->hash_cap - 1);
		if (b->hash[s])
			b->defs[d].next = b->hash[s] - 1;
		b->hash[s] = d + 1;
	}
	return true;
}

/* First DefEntry of vreg, or UINT32_MAX. */
static uint32_t first_def(const MirBody *b, uint32_t vreg)
{
	uint32_t s = hash_slot(b, vreg);
	while (b->hash[s]) {
		if (b->defs[b->hash[s] - 1].vreg == vreg)
			return b->hash[s] - 1;
		s = (s + 1) & (b->hash_cap - 1);
	}
	return UINT32_MAX;
}

static bool in_liveins(const FuncHeader *h, const RegRange *r)
{
	for (uint16_t i = 0; i < h->nliveins; i++)
		if (regrange_eq(&h->liveins[i], r))
			return true;
	return false;
}

/* Incoming argument registers are the COPYs out of physical registers at
 * the top of the entry block, before any call sequence. The return address
 * s[30:31] (a live-in up to llc 15) is not one. Selected MIR lists every
 * argument register under liveins:, so there it must be listed as well. */
static void mark_incoming(MirBody *b, const FuncHeader *h)
{
	if (b->ninstrs == 0)
		return;
	uint32_t entry = b->instrs[0].block, found = 0;
	for (uint32_t i = 0; i < b->ninstrs && b->instrs[i].block == entry && found < MIR_MAX_INCOMING; i++) {
		Instr *in = &b->instrs[i];
		if (in->kind == IK_CALL || in->kind == IK_CALLSEQ_START)
			break;
		if (in->kind == IK_COPY_PHYS && !is_return_address(&in->src) &&
		    (b->gisel || h->nliveins == 0 || in_liveins(h, &in->src))) {
			in->incoming = true;
			found++;
		}
	}
}

static bool size_trace_arrays(MirBody *b)
{
	if (b->ninstrs <= b->seen_cap && b->leaves)
		return true;
	free(b->seen);
	free(b->stack);
	free(b->leaves);
	uint32_t n = b->ninstrs > 64 ? b->ninstrs : 64;
	b->seen = calloc(n, sizeof *b->seen);
	b->stack = malloc((size_t)n * sizeof *b->stack);
	b->leaves = malloc(MIR_MAX_LEAVES * sizeof *b->leaves);
	b->seen_cap = b->seen && b->stack && b->leaves ? n : 0;
	b->epoch = 0;
	return b->seen_cap != 0;
}

bool body_parse(MirBody *b, const FuncHeader *h)
{
	b->ninstrs = b->nuses = b->ndefs = b->nleaves = 0;
	b->gisel = b->too_big = b->exhausted = false;
	b->work = 0;
	Str rest = h->body, line;
	uint32_t lineno = h->body_line, block = 0;
	bool seen_block = false;
	for (; str_next_line(&rest, &line); lineno++) {
		Str t = str_trim(line);
		if (is_block_header(t)) {
			block += seen_block;
			seen_block = true;
		} else if (!is_body_noise(t) && !add_instr(b, t, lineno, block)) {
			return false;
		}
	}
	if (!build_def_index(b) || !size_trace_arrays(b))
		return false;
	mark_incoming(b, h);
	return true;
}

void body_trace(MirBody *b, uint32_t root)
{
	b->nleaves = 0;
	if (root >= b->ninstrs)
		return;
	if (b->work >= MIR_BODY_BUDGET) {
		b->exhausted = true;
		return;
	}
	if (++b->epoch == 0) {
		memset(b->seen, 0, (size_t)b->seen_cap * sizeof *b->seen);
		b->epoch = 1;
	}
	uint32_t sp = 0, visited = 0;
	b->stack[sp++] = root;
	b->seen[root] = b->epoch;
	while (sp && visited < MIR_TRACE_BUDGET) {
		visited++;
		const Instr *in = &b->instrs[b->stack[--sp]];
		if (in->leaf != LEAF_NONE) {
			if (b->nleaves < MIR_MAX_LEAVES)
				b->leaves[b->nleaves++] = (uint32_t)(in - b->instrs);
			continue;
		}
		for (uint32_t u = 0; u < in->uses_count; u++)
			for (uint32_t d = first_def(b, b->uses[in->uses_first + u]); d != UINT32_MAX; d = b->defs[d].next) {
				uint32_t at = b->defs[d].instr;
				if (b->seen[at] != b->epoch) {
					b->seen[at] = b->epoch;
					b->stack[sp++] = at;
				}
			}
	}
	b->work += visited;
}
