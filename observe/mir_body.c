/* The instruction table of one MIR function body. Each instruction is
 * classified once: physical-register copy, call, return, marker store,
 * stack-argument store, stack-temporary load or store, what it is as a leaf,
 * and how the bytes of its result come from its operands (sub-registers,
 * REG_SEQUENCE slots, merge and unmerge operands). The tracer over this
 * table is in mir_trace.c. */
#define _GNU_SOURCE /* memmem */
#include "mir_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void body_free(MirBody *b)
{
	free(b->instrs);
	free(b->uses);
	free(b->defs);
	free(b->hash);
	free(b->temps);
	free(b->seen);
	free(b->seen_lanes);
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

/* Where the " = " after the defs starts, or line.n. It comes before the
 * opcode, the first word in capitals (defs, register classes, types and
 * flags are lower case), so only that prefix is searched. */
static size_t defs_end(Str line)
{
	for (size_t i = 1; i < line.n; i++) {
		if (line.p[i - 1] != ' ')
			continue;
		if (is_upper(line.p[i]))
			return line.n;
		if (line.p[i] == '=' && (i + 1 == line.n || line.p[i + 1] == ' '))
			return i - 1;
	}
	return line.n;
}

bool instr_split(Str line, Str *defs, Str *opcode, Str *ops, Str *mem)
{
	*defs = str_make(line.p, 0);
	size_t eq = defs_end(line);
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
	size_t m = memmem(rest.p, rest.n, " :: ", 4) ? str_find_top(rest, " :: ") : rest.n;
	*ops = str_trim(str_make(rest.p, m));
	*mem = m < rest.n ? str_skip(rest, m + 4) : str_make(rest.p + rest.n, 0);
	return true;
}

bool opcode_is_tail_call(Str op)
{
	for (size_t i = 0; i + 8 <= op.n; i++)
		if (op.p[i] == 'T' && memcmp(op.p + i, "TCRETURN", 8) == 0)
			return true;
	return false;
}

bool opcode_is_call(Str op)
{
	if (str_starts(op, "ADJCALLSTACK"))
		return false;
	return str_ends(op, "CALL") || str_ends(op, "CALL_ISEL") || str_starts(op, "SI_CS_CHAIN_TC") ||
	       opcode_is_tail_call(op);
}

/* A whole-wave function returns through a pseudo that also restores EXEC. */
static bool opcode_is_return(Str op)
{
	return str_starts(op, "SI_RETURN") || str_starts(op, "S_SETPC_B64_return") ||
	       str_eq(op, "SI_WHOLE_WAVE_FUNC_RETURN") || str_eq(op, "G_AMDGPU_WHOLE_WAVE_FUNC_RETURN");
}

/* Leaf kinds by strength: a marker beats an incoming stack object beats a
 * load from a stack temporary beats a frame address beats a copy. */
static int leaf_rank(uint8_t leaf)
{
	switch (leaf) {
	case LEAF_OUT: return 5;
	case LEAF_KERNARG: return 5;
	case LEAF_FIXED: return 4;
	case LEAF_TEMP: return 3;
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

/* The bytes of %stack.N a LEAF_TEMP load reads. */
static void set_temp_load(Instr *in, const MemOp *m)
{
	if (in->leaf != LEAF_TEMP)
		return;
	in->load_off = m->offset;
	in->load_size = m->size;
}

/* Stores: into an in-marker, the outgoing argument area, a stack temporary,
 * an incoming stack object (a sibling call's outgoing area), or (merged by
 * SelectionDAG) nothing named at all. */
static void classify_store(Instr *in, const MemOp *m, bool marker, const Marker *mk)
{
	if (m->target == MEM_GLOBAL && marker && mk->kind == MARK_IN && !in->in_marker) {
		in->in_marker = true;
		in->in_sig = mk->sig;
		in->in_k = mk->k;
	} else if (m->target == MEM_ARGSTACK && !in->stack_store) {
		in->stack_store = true;
		in->stack_off = m->offset;
		in->stack_size = m->size;
	} else if (m->target == MEM_LOCAL && !marker && !in->temp_store) {
		in->temp_store = true;
		in->temp_id = m->id;
		in->temp_off = m->offset;
		in->temp_size = m->size;
	} else if (m->target == MEM_FIXED && !in->stack_store && !in->fixed_store) {
		/* The object is where the value goes, not where it comes from. */
		if (in->leaf == LEAF_FIXED && in->leaf_id == m->id)
			in->leaf = LEAF_NONE;
		in->fixed_store = true;
		in->fixed_id = m->id;
		in->fixed_off = m->offset;
		in->stack_size = m->size;
	} else if (m->target == MEM_NONE && !in->stack_store && !in->anon_store) {
		in->anon_store = true;
		in->stack_size = m->size;
	}
}

/* Loads: an out-marker or its byval copy, an incoming stack object, or a
 * stack temporary (SelectionDAG legalizes odd types through memory). */
/* A kernel's argument K loaded from the kernarg segment: gcnabi emit names
 * kernel parameters %gcnabi.arg.<K>, and llc names the address
 * %gcnabi.arg.<K>.kernarg.offset[N] (llc 16-22, both selectors). */
static bool kernarg_arg(Str name, uint32_t *k)
{
	size_t used;
	if (!str_starts(name, "gcnabi.arg."))
		return false;
	name = str_skip(name, 11);
	return str_uint(name, UINT32_MAX, k, &used) && str_starts(str_skip(name, used), ".kernarg.offset");
}

static void classify_load(Instr *in, const MemOp *m, bool marker, const Marker *mk)
{
	bool out = marker && mk->kind == MARK_OUT;
	uint32_t k;
	if (m->target == MEM_GLOBAL && parse_fptr_name(m->name, &k)) {
		in->fptr_load = true;
		in->fptr_sig = k;
	} else if (m->target == MEM_IR && kernarg_arg(m->name, &k)) {
		set_leaf(in, LEAF_KERNARG, 0, k, false);
	} else if (m->target == MEM_GLOBAL && out && !mk->copy) {
		set_leaf(in, LEAF_OUT, mk->sig, mk->k, false);
	} else if (m->target == MEM_IR && out && !mk->copy) {
		/* a lane-varying argument: its lane's element, at an address
		 * gcnabi emit names %gcnabi.<i>.out.<K> ("gcnabi-divergent") */
		set_leaf(in, LEAF_OUT, mk->sig, mk->k, false);
	} else if (m->target == MEM_IR && out && mk->copy) {
		set_leaf(in, LEAF_OUT, mk->sig, mk->k, true);
	} else if (m->target == MEM_FIXED) {
		classify_frame(in, FRAME_FIXED, m->id, m->name);
	} else if (m->target == MEM_LOCAL && out) {
		classify_frame(in, FRAME_LOCAL, m->id, m->name);
	} else if (m->target == MEM_LOCAL) {
		set_leaf(in, LEAF_TEMP, 0, m->id, false);
		set_temp_load(in, m);
	}
}

static void classify_memops(Instr *in, Str mem)
{
	MemOp m;
	Marker mk;
	while (next_memop(&mem, &m)) {
		bool marker = (m.target == MEM_GLOBAL || m.target == MEM_IR || m.target == MEM_LOCAL) &&
			      parse_marker(m.name, &mk);
		if (m.into || (m.store && m.target == MEM_NONE))
			classify_store(in, &m, marker, &mk);
		else if (m.target != MEM_NONE)
			classify_load(in, &m, marker, &mk);
	}
}

/* A D16 load writes 16 bits into one half of its register and keeps the
 * other half of its tied last operand (SelectionDAG loads the odd elements
 * of a vector of halves from the stack this way: SCRATCH_LOAD_SHORT_D16_HI
 * over the even element's register, llc 22 gfx1100). */
static void classify_d16(Instr *in)
{
	const char *p = in->opcode.n ? memmem(in->opcode.p, in->opcode.n, "_D16", 4) : NULL;
	if (!p || in->leaf == LEAF_NONE || in->uses_count == 0)
		return;
	Str rest = str_skip(in->opcode, (size_t)(p - in->opcode.p) + 4);
	in->d16 = str_starts(rest, "_HI") ? D16_HI : D16_LO;
}

/* An operand naming gcnabi emit's function pointer @gcnabi.<i>.fptr (its
 * address, `SI_PC_ADD_REL_OFFSET ... @gcnabi.<i>.fptr + 4`, or `S_MOV_B32
 * target-flags(amdgpu-abs32-lo) @gcnabi.<i>.fptr`), where the load's own
 * memory operand names only an IR value (llc 14: `from %ir.2`). */
static void mentions_fptr(Instr *in, Str ops)
{
	for (size_t i = 0; !in->fptr_load && i + 1 < ops.n; i++)
		if (ops.p[i] == '@' && parse_fptr_name(str_skip(ops, i + 1), &in->fptr_sig))
			in->fptr_load = true;
}

static bool add_def(MirBody *b, uint32_t vreg, uint32_t instr, uint32_t size)
{
	if (!reserve((void **)&b->defs, &b->cap_defs, b->ndefs + 1, sizeof *b->defs))
		return false;
	b->defs[b->ndefs++] = (DefEntry){vreg, instr, UINT32_MAX, size, 0};
	b->instrs[instr].ndefs++;
	return true;
}

/* A vreg operand read: the bytes its .subN names, the bytes of its LLT. A
 * sub-register the lexer does not know reads the whole value. */
static bool add_use(MirBody *b, Str op, uint32_t vreg)
{
	if (!reserve((void **)&b->uses, &b->cap_uses, b->nuses + 1, sizeof *b->uses))
		return false;
	Use u = {vreg, 0, 0, 0, 0, vreg_type_bytes(op, b->narrow_buffer_ptrs)};
	Str sub = vreg_subreg(op);
	if (sub.n && !parse_subreg(sub, &u.sub_off, &u.sub_size))
		u.sub_off = u.sub_size = 0;
	b->uses[b->nuses++] = u;
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
			if (!add_def(b, v, b->ninstrs, vreg_type_bytes(op, b->narrow_buffer_ptrs)))
				return false;
			*def_vreg = true;
			/* Generic MIR types its vregs: %0:_(s32), %32:vgpr_32(s32).
			 * SelectionDAG types a kernel's incoming special
			 * registers too (%4:sgpr_64(p4) = COPY $sgpr2_sgpr3):
			 * a typed copy of a physical register is no evidence. */
			const char *colon = memchr(op.p, ':', op.n);
			if (colon && colon + 1 < op.p + op.n && colon[1] == '_')
				b->gisel = true;
			else if (!b->gisel && memchr(op.p, '(', op.n)) {
				Str src = str_trim(in->ops);
				b->gisel = !(str_eq(in->opcode, "COPY") && src.n && src.p[0] == '$');
			}
		} else if (in->kind == IK_OTHER && parse_physreg(op, &r)) {
			in->kind = IK_DEF_PHYS;
			in->dst = r;
		}
	}
	return true;
}

/* REG_SEQUENCE: `%a, %subreg.sub0, %b, %subreg.sub1`: each index names the
 * slot of the operand before it (INSERT_SUBREG `%base, %b, %subreg.sub2`
 * too: the slot of %b). */
static void read_subreg_index(MirBody *b, const Instr *in, Str op)
{
	uint32_t off, size;
	if (!str_starts(op, "%subreg.") || b->nuses == in->uses_first)
		return;
	Use *u = &b->uses[b->nuses - 1];
	if (u->at_size == 0 && parse_subreg(str_skip(op, 8), &off, &size)) {
		u->at_off = off;
		u->at_size = size;
	}
}

/* Operands after the opcode: vregs read (or defined by a `def` flag),
 * frame objects, sub-register indices, and the source of a COPY from a
 * physical register. */
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
			if (!((flags & OPF_DEF) ? add_def(b, v, b->ninstrs, vreg_type_bytes(op, b->narrow_buffer_ptrs)) : add_use(b, op, v)))
				return false;
		} else if ((fk = parse_frame_ref(op, &id, &name)) != FRAME_NONE) {
			classify_frame(in, fk, id, name);
		} else if (str_starts(op, "%subreg.")) {
			read_subreg_index(b, in, op);
		} else if (nops == 1 && parse_physreg(op, &src)) {
			src_phys = true;
		} else if ((flags & OPF_IMPLICIT) && str_eq(op, "$scc")) {
			/* SCC: a value llc carries from a compare to the
			 * S_CSELECT that makes it a lane mask again (an i1
			 * argument live across a branch). */
			if (!(flags & OPF_DEF) && b->scc_def && b->scc_def != b->ninstrs + 1 && b->scc_block == in->block)
				in->scc_src = b->scc_def;
			else if ((flags & OPF_DEF) && !(flags & OPF_DEAD)) {
				b->scc_def = b->ninstrs + 1;
				b->scc_block = in->block;
			} else if (flags & OPF_DEF)
				b->scc_def = 0;
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

/* Opcodes whose result is their first vreg operand byte for byte (the low
 * bytes of it for truncations and extensions). */
static const char *const same_bytes_ops[] = {
	"COPY", "PRED_COPY", "G_BITCAST", "G_INTTOPTR", "G_PTRTOINT", "G_ADDRSPACE_CAST", "G_FREEZE",
	"G_TRUNC", "G_ANYEXT", "G_ZEXT", "G_SEXT", "G_ASSERT_ZEXT", "G_ASSERT_SEXT", "G_ASSERT_ALIGN",
	"V_READFIRSTLANE_B32", "V_MOV_B32_e32", "S_MOV_B32", "S_MOV_B64", "V_MOV_B64_PSEUDO",
};

/* Opcodes that concatenate their operands (REG_SEQUENCE places them by index). */
static const char *const seq_ops[] = {"REG_SEQUENCE", "G_MERGE_VALUES", "G_BUILD_VECTOR", "G_CONCAT_VECTORS"};

static bool opcode_in(Str op, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (str_eq(op, list[i]))
			return true;
	return false;
}

static void classify_opcode(MirBody *b, Instr *in)
{
	Str op = in->opcode;
	if (str_starts(op, "G_"))
		b->gisel = true;
	if (opcode_is_call(op))
		in->kind = IK_CALL;
	else if (str_eq(op, "ADJCALLSTACKUP"))
		in->kind = IK_CALLSEQ_START;
	else if (str_eq(op, "ADJCALLSTACKDOWN"))
		in->kind = IK_CALLSEQ_END;
	else if (opcode_is_return(op))
		in->kind = IK_RETURN;
	if (opcode_in(op, same_bytes_ops, sizeof same_bytes_ops / sizeof same_bytes_ops[0]))
		in->map = MAP_SAME;
	else if (opcode_in(op, seq_ops, sizeof seq_ops / sizeof seq_ops[0]))
		in->map = MAP_SEQ;
	else if (str_eq(op, "G_UNMERGE_VALUES"))
		in->map = MAP_UNMERGE;
	else if (str_eq(op, "INSERT_SUBREG"))
		in->map = MAP_INSERT;
	/* Vector truncations and extensions work element by element. */
	if (in->map == MAP_SAME && (str_eq(op, "G_TRUNC") || str_eq(op, "G_ANYEXT") || str_eq(op, "G_ZEXT") ||
				    str_eq(op, "G_SEXT")) && memchr(in->ops.p, '<', in->ops.n))
		in->map = MAP_ALL;
	/* G_STORE, SCRATCH_STORE_* and BUFFER_STORE_* take the value first;
	 * GLOBAL_ and FLAT_ stores take an address first. */
	in->value_first = str_eq(op, "G_STORE") || str_starts(op, "SCRATCH_STORE") || str_starts(op, "BUFFER_STORE");
}

/* Byte layout of generic merges and unmerges: equal-sized pieces in operand
 * order, sized by the LLTs (G_MERGE_VALUES %a(s32), %b(s32) is a at 0, b at 4). */
static void layout_generic_pieces(MirBody *b, Instr *in)
{
	if (in->ndefs == 0)
		return;
	DefEntry *d = &b->defs[b->ndefs - in->ndefs];
	if (in->map == MAP_UNMERGE) {
		for (uint32_t k = 0; k < in->ndefs; k++)
			d[k].at_off = k * d[0].size;
	} else if (in->map == MAP_SEQ && !str_eq(in->opcode, "REG_SEQUENCE") && in->uses_count &&
		   d[0].size % in->uses_count == 0) {
		uint32_t w = d[0].size / in->uses_count;
		for (uint32_t k = 0; k < in->uses_count && w; k++) {
			b->uses[in->uses_first + k].at_off = k * w;
			b->uses[in->uses_first + k].at_size = w;
		}
	}
}

/* The body is refused at the first line naming no register llc prints. */
static void check_reg_names(MirBody *b, Str line, uint32_t lineno)
{
	if (!b->bad_reg_line && bad_reg_name(line, b->bad_reg, sizeof b->bad_reg))
		b->bad_reg_line = lineno;
}

static bool add_instr(MirBody *b, Str line, uint32_t lineno, uint32_t block)
{
	Str defs, opcode, ops, mem;
	if (!instr_split(line, &defs, &opcode, &ops, &mem))
		return true;
	check_reg_names(b, line, lineno);
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
	layout_generic_pieces(b, in);
	classify_memops(in, mem);
	classify_d16(in);
	mentions_fptr(in, ops);
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

uint32_t body_first_def(const MirBody *b, uint32_t vreg)
{
	uint32_t s = hash_slot(b, vreg);
	while (b->hash[s]) {
		if (b->defs[b->hash[s] - 1].vreg == vreg)
			return b->hash[s] - 1;
		s = (s + 1) & (b->hash_cap - 1);
	}
	return UINT32_MAX;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The stores into stack temporaries, sorted by (object, position). */
static bool build_temp_index(MirBody *b)
{
	b->ntemps = 0;
	for (uint32_t i = 0; i < b->ninstrs; i++) {
		if (!b->instrs[i].temp_store)
			continue;
		if (!reserve((void **)&b->temps, &b->cap_temps, b->ntemps + 1, sizeof *b->temps))
			return false;
		b->temps[b->ntemps++] = (uint64_t)b->instrs[i].temp_id << 32 | i;
	}
	if (b->ntemps > 1)
		qsort(b->temps, b->ntemps, sizeof *b->temps, cmp_u64);
	return true;
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

/* Per-DefEntry visited state, the leaf list, and a first DFS stack (it
 * grows up to MIR_TRACE_STACK while tracing). */
static bool size_trace_arrays(MirBody *b)
{
	if (b->ndefs <= b->seen_cap && b->leaves && b->stack)
		return true;
	free(b->seen);
	free(b->seen_lanes);
	free(b->stack);
	free(b->leaves);
	uint32_t n = b->ndefs > 64 ? b->ndefs : 64;
	b->seen = calloc(n, sizeof *b->seen);
	b->seen_lanes = calloc((size_t)n * MIR_LANE_WORDS, sizeof *b->seen_lanes);
	b->stack = malloc(64 * sizeof *b->stack);
	b->cap_stack = b->stack ? 64 : 0;
	b->leaves = malloc(MIR_MAX_LEAVES * sizeof *b->leaves);
	b->seen_cap = b->seen && b->seen_lanes && b->stack && b->leaves ? n : 0;
	b->epoch = 0;
	return b->seen_cap != 0;
}

bool body_parse(MirBody *b, const FuncHeader *h)
{
	b->ninstrs = b->nuses = b->ndefs = b->nleaves = b->ntemps = 0;
	b->gisel = b->too_big = b->exhausted = false;
	b->bad_reg_line = 0;
	b->work = 0;
	b->scc_def = 0;
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
	if (!build_def_index(b))
		return false;
	body_resolve_anon_stores(b);
	if (!build_temp_index(b) || !size_trace_arrays(b))
		return false;
	mark_incoming(b, h);
	if (!h->legalized) /* after the legalizer they say nothing of the ABI */
		body_mark_reprs(b);
	return true;
}
