/* The final-code checker (asm_exec.h). */
#include "asm_exec.h"
#include "lanes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const verdict_names[VERDICT_COUNT] = { "proven", "violated", "unknown" };

/* The scalar file as the executor numbers it: s0-s105, then the named
 * registers. */
enum {
	R_VCC = 106, /* vcc_lo, vcc_hi */
	R_EXEC = 108, /* exec_lo, exec_hi */
	R_M0 = 110,
	R_SCC = 111,
	R_FLAT = 112, /* flat_scratch_lo, _hi */
	R_JUNK = 114, /* null, and the read-only names (execz, src_*) */
	NSREG = 116,
	MAX_OVERLAYS = 512,
	MAX_SLOTS = 1024,
	MAX_SYMS = 256,
	MAX_GLOBAL_STORES = 16,
	MAX_MASKS = NSREG + 4 * REGSET_MAX + 2 * MAX_SLOTS + MAX_OVERLAYS, /* where a state may hold masks */
};

typedef enum {
	V_UNKNOWN,   /* id: unique; off: the line that made it */
	V_ENTRY,     /* the entry value of (file, reg), plus off (stack arithmetic) */
	V_NOT_ENTRY, /* its complement (EXEC after s_xor_saveexec -1) */
	V_CONST,     /* off */
	V_SYM_LO, V_SYM_HI, /* the address of symbol id, halves */
	V_GOT_LO, V_GOT_HI, /* the address of its GOT entry */
	V_LABEL_LO, V_LABEL_HI, /* the address of local label id */
	V_PC_LO, V_PC_HI, /* a program counter: id = the instruction after it */
	V_LOAD,      /* the word at symbol id + off */
	V_STACK_IN,  /* the word at entry SP + off, never written here: an incoming stack argument */
	V_CLOBBERED, /* what a call (its line in off) may have left */
	V_MAYBE,     /* reloaded after a store through an address the executor does not know */
	V_ALIGNED,   /* a value rounded down to a multiple of 1 << reg (a realigned frame), id unique, plus off */
	V_LANES,     /* a lane mask (lanes.h) of half reg - R_EXEC of the wave: table off, file 1 if only within it */
	V_MIXED,     /* a vector register written in some of its lanes only (under a divergent EXEC): off the line */
} VKind;

typedef struct {
	uint8_t kind, file;
	uint16_t reg;
	uint32_t id;
	int64_t off;
} Val;

/* A single lane v_writelane_b32 wrote: its index is known, whether it
 * was active at entry is not. */
typedef struct {
	uint8_t file;
	uint16_t reg, lane;
	bool maybe_active, maybe_inactive; /* which lanes of the entry mask the lane may be in */
	Val v;
} Overlay;

/* A vector register: one value in the lanes active at entry, one in the
 * others; the lanes written one by one are the state's overlays. */
typedef struct {
	Val act, inact;
	bool lost; /* more lanes written than tracked */
} VReg;

typedef struct {
	Val base; /* V_ENTRY (the SP or another register) or V_CONST: the address' symbolic part */
	Val act, inact;
	/* State.mem_gen when each half was written: a store through an
	 * unknown address since may have changed it. */
	uint32_t gen_act, gen_inact;
} Slot;

typedef struct {
	Val s[NSREG];
	VReg v[REGSET_MAX], a[REGSET_MAX];
	Slot slots[MAX_SLOTS];
	unsigned nslots;
	Overlay ov[MAX_OVERLAYS];
	unsigned nov;
	uint32_t mem_gen; /* stores through an unknown address so far */
	/* Registers whose entry value such a store may have written: only a
	 * reload after it can give one of them back. */
	RegSet maybe_stored;
	uint32_t s_at[NSREG]; /* 1 + the instruction that last wrote each SGPR (0: none) */
	uint32_t pc;
	uint32_t steps;
	/* The loops this path went round: each head (the target of a
	 * backward branch), how often, and a digest of the state there. */
	struct {
		uint32_t pc, visits;
		uint64_t digest;
	} heads[EXEC_MAX_LOOPS];
	unsigned nheads;
} State;

typedef struct {
	const ExecInput *in;
	ExecResult *out;
	char syms[MAX_SYMS][ASM_NAME_MAX];
	unsigned nsyms;
	uint32_t fresh;
	State *stack[EXEC_MAX_PATHS];
	unsigned depth;
	bool done;
	unsigned scale;      /* SP units per per-lane byte */
	/* Why the verdict is unknown if nothing else is found (a check that
	 * could not be made, the rest of the paths followed). */
	char pending[320];
	uint32_t pending_line;
	unsigned sp, ra;     /* SGPR numbers */
	/* The branch step() just made tests this mask (R_EXEC, R_VCC; 0:
	 * none) for zero, and on which side it is (taken or not). */
	unsigned zero_reg;
	bool zero_taken;
	Val *mask_at[MAX_MASKS]; /* compact()'s */
	uint32_t mask_t[MAX_MASKS];
} Exec;

static Val mk(VKind k) { return (Val){ .kind = (uint8_t)k }; }
static Val konst(int64_t c) { return (Val){ .kind = V_CONST, .off = c }; }
static Val entry(RegFile f, unsigned r) { return (Val){ .kind = V_ENTRY, .file = (uint8_t)f, .reg = (uint16_t)r }; }
static Val unknown(Exec *x, uint32_t line) { return (Val){ .kind = V_UNKNOWN, .id = ++x->fresh, .off = line }; }

static bool same(Val a, Val b)
{
	return a.kind == b.kind && a.file == b.file && a.reg == b.reg && a.id == b.id && a.off == b.off;
}

static bool is_entry(Val v, RegFile f, unsigned r) { return same(v, entry(f, r)); }

static void describe(const Exec *x, Val v, char *buf, size_t cap)
{
	switch ((VKind)v.kind) {
	case V_ENTRY:
		if (v.off)
			snprintf(buf, cap, "entry %s%u%+lld", reg_file_prefix[v.file], v.reg, (long long)v.off);
		else if (v.file == RF_SGPR && v.reg >= R_VCC)
			snprintf(buf, cap, "entry %s", v.reg >= R_EXEC && v.reg < R_M0 ? "exec" : "vcc");
		else
			snprintf(buf, cap, "entry %s%u", reg_file_prefix[v.file], v.reg);
		break;
	case V_NOT_ENTRY: snprintf(buf, cap, "the complement of entry exec"); break;
	case V_CONST: snprintf(buf, cap, "%lld", (long long)v.off); break;
	case V_SYM_LO:
	case V_SYM_HI: snprintf(buf, cap, "%s@%s", v.id < x->nsyms ? x->syms[v.id] : "?", v.kind == V_SYM_LO ? "lo" : "hi"); break;
	case V_GOT_LO:
	case V_GOT_HI: snprintf(buf, cap, "the GOT entry of %s", v.id < x->nsyms ? x->syms[v.id] : "?"); break;
	case V_LABEL_LO:
	case V_LABEL_HI:
		snprintf(buf, cap, "the address of %s", v.id < x->in->f->nlabels ? x->in->f->labels[v.id] : "?");
		break;
	case V_PC_LO:
	case V_PC_HI:
		snprintf(buf, cap, "the address after line %u",
			 v.id && v.id <= x->in->f->ninstrs ? x->in->f->instrs[v.id - 1].line : 0);
		break;
	case V_LOAD: snprintf(buf, cap, "the word at %s+%lld", v.id < x->nsyms ? x->syms[v.id] : "?", (long long)v.off); break;
	case V_STACK_IN: snprintf(buf, cap, "the incoming stack word at SP+%lld", (long long)v.off); break;
	case V_CLOBBERED: snprintf(buf, cap, "what the call at line %lld may have left", (long long)v.off); break;
	case V_MAYBE: snprintf(buf, cap, "a value reloaded after a store through an unknown address"); break;
	case V_ALIGNED: snprintf(buf, cap, "a realigned frame address%+lld", (long long)v.off); break;
	case V_LANES: snprintf(buf, cap, "a lane mask computed from a compare"); break;
	case V_MIXED: snprintf(buf, cap, "lanes of it written under a divergent EXEC (line %lld)", (long long)v.off); break;
	default: snprintf(buf, cap, "a value computed at line %lld", (long long)v.off); break;
	}
}

static unsigned sym_id(Exec *x, const char *p, size_t n)
{
	for (unsigned i = 0; i < x->nsyms; i++)
		if (strlen(x->syms[i]) == n && memcmp(x->syms[i], p, n) == 0)
			return i;
	if (x->nsyms == MAX_SYMS || n >= ASM_NAME_MAX)
		return MAX_SYMS;
	memcpy(x->syms[x->nsyms], p, n);
	x->syms[x->nsyms][n] = 0;
	return x->nsyms++;
}

/* The value of a symbolic operand: X@abs32@lo, X@rel32@hi+12,
 * X@gotpcrel32@lo+4, (.LBB0_2-.Lpost_getpc0)&4294967295, ...>>32. */
static Val symbolic(Exec *x, const char *t, uint32_t line)
{
	const char *at = strchr(t, '@');
	if (at) {
		bool lo = strstr(at, "@lo") != 0, hi = strstr(at, "@hi") != 0;
		bool got = strncmp(at, "@gotpcrel", 9) == 0;
		if (lo == hi)
			return unknown(x, line);
		unsigned id = sym_id(x, t, (size_t)(at - t));
		if (id == MAX_SYMS)
			return unknown(x, line);
		return (Val){ .kind = (uint8_t)(got ? (lo ? V_GOT_LO : V_GOT_HI) : (lo ? V_SYM_LO : V_SYM_HI)), .id = id };
	}
	if (t[0] == '(' && t[1] == '.') {
		const char *minus = strchr(t, '-');
		if (!minus)
			return unknown(x, line);
		int l = asm_label_find(x->in->f, t + 1, (size_t)(minus - t - 1));
		if (l < 0)
			return unknown(x, line);
		bool hi = strstr(t, ">>32") != 0;
		return (Val){ .kind = (uint8_t)(hi ? V_LABEL_HI : V_LABEL_LO), .id = (uint32_t)l };
	}
	return unknown(x, line);
}

static bool special_reg(const char *t, unsigned *r, unsigned *n)
{
	static const struct {
		const char *name;
		uint8_t reg, count;
	} names[] = { { "exec", R_EXEC, 2 },  { "exec_lo", R_EXEC, 1 },     { "exec_hi", R_EXEC + 1, 1 },
		      { "vcc", R_VCC, 2 },    { "vcc_lo", R_VCC, 1 },       { "vcc_hi", R_VCC + 1, 1 },
		      { "m0", R_M0, 1 },      { "scc", R_SCC, 1 },          { "flat_scratch", R_FLAT, 2 },
		      { "flat_scratch_lo", R_FLAT, 1 }, { "flat_scratch_hi", R_FLAT + 1, 1 } };
	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(t, names[i].name) == 0) {
			*r = names[i].reg;
			*n = names[i].count;
			return true;
		}
	*r = R_JUNK;
	*n = 2;
	return true;
}

/* The scalar register an operand's dword k is (false: not a scalar register). */
static bool sreg_of(const AsmOp *op, unsigned k, unsigned *r)
{
	if (op->kind == AOP_REG && op->file == RF_SGPR) {
		*r = op->first + k;
		return *r < R_VCC && k < op->count;
	}
	if (op->kind == AOP_SPECIAL) {
		unsigned n;
		special_reg(op->text, r, &n);
		if (k >= n)
			return false;
		*r += *r == R_JUNK ? 0 : k;
		return true;
	}
	return false;
}

/* The value dword k of an operand reads (a VGPR: its active lanes). */
static Val read_op(Exec *x, const State *st, const AsmOp *op, unsigned k, uint32_t line)
{
	unsigned r;
	switch ((AsmOpKind)op->kind) {
	case AOP_REG:
		if (k >= op->count || (unsigned)op->first + k >= REGSET_MAX)
			return unknown(x, line);
		if (op->file == RF_SGPR)
			return op->first + k < R_VCC ? st->s[op->first + k] : unknown(x, line);
		return (op->file == RF_VGPR ? st->v : st->a)[op->first + k].act;
	case AOP_SPECIAL:
		return sreg_of(op, k, &r) && r != R_JUNK ? st->s[r] : unknown(x, line);
	case AOP_IMM: /* a 64-bit operand's high half: the immediate sign-extended */
		return k == 0 ? konst(op->imm) : konst(op->imm < 0 ? -1 : 0);
	case AOP_OTHER: return k == 0 ? symbolic(x, op->text, line) : unknown(x, line);
	default: return unknown(x, line);
	}
}

/* Value v as a lane mask: *half the half of the wave it is of (EXEC's
 * halves, exec_lo and exec_hi, have entry values of their own), -1 for a
 * constant of either; false: not a mask the executor follows. */
static bool lanes_of(Val v, Lanes *l, int *half)
{
	*half = -1;
	if (v.kind == V_CONST && (v.off == -1 || v.off == 0 || v.off == (int64_t)LANE_ALL)) {
		*l = (Lanes){ v.off ? LANE_ALL : 0, false };
		return true;
	}
	if (v.file != RF_SGPR && v.kind != V_LANES)
		return false;
	if (v.reg < R_EXEC || v.reg > R_EXEC + 1 || (v.off != 0 && v.kind != V_LANES))
		return false;
	*half = v.reg - R_EXEC;
	if (v.kind == V_ENTRY)
		*l = (Lanes){ lane_var(0), false };
	else if (v.kind == V_NOT_ENTRY)
		*l = (Lanes){ ~lane_var(0), false };
	else if (v.kind == V_LANES)
		*l = (Lanes){ (uint32_t)v.off, v.file != 0 };
	else
		return false;
	return true;
}

/* The value of mask l of a half: EXEC's entry value, its complement and
 * the constants as the rest of the executor knows them. */
static Val lanes_val(Exec *x, Lanes l, int half, uint32_t line)
{
	uint32_t e = lane_var(0);
	if (l.t == 0)
		return konst(0);
	if (!l.within && l.t == LANE_ALL)
		return konst(-1);
	if (half < 0 || (l.within && l.t == LANE_ALL))
		return unknown(x, line);
	if (!l.within && (l.t == e || l.t == ~e))
		return (Val){ .kind = (uint8_t)(l.t == e ? V_ENTRY : V_NOT_ENTRY), .file = RF_SGPR, .reg = (uint16_t)(R_EXEC + half) };
	return (Val){ .kind = V_LANES, .file = l.within, .reg = (uint16_t)(R_EXEC + half), .off = l.t };
}

/* MASK_SUBSET: some of the lanes active at entry (a divergent branch, a
 * waterfall loop), maybe all; MASK_LANES: a mask the executor follows
 * that may hold lanes inactive at entry too. */
typedef enum { MASK_ENTRY, MASK_INACTIVE, MASK_ALL, MASK_SUBSET, MASK_LANES, MASK_OTHER } Mask;

static Mask mask_of(const Exec *x, const State *st)
{
	Val lo = st->s[R_EXEC], hi = st->s[R_EXEC + 1];
	bool w64 = x->in->wave == 64;
	if (is_entry(lo, RF_SGPR, R_EXEC) && (!w64 || is_entry(hi, RF_SGPR, R_EXEC + 1)))
		return MASK_ENTRY;
	if (lo.kind == V_NOT_ENTRY && lo.reg == R_EXEC && (!w64 || (hi.kind == V_NOT_ENTRY && hi.reg == R_EXEC + 1)))
		return MASK_INACTIVE;
	if (same(lo, konst(-1)) && (!w64 || same(hi, konst(-1))))
		return MASK_ALL;
	Mask m = MASK_SUBSET;
	for (unsigned k = 0; k < (w64 ? 2u : 1u); k++) {
		Lanes l;
		int half;
		if (!lanes_of(st->s[R_EXEC + k], &l, &half) || (half >= 0 && half != (int)k))
			return MASK_OTHER;
		if (l.t & ~lane_var(0))
			m = MASK_LANES;
	}
	return m;
}

/* What a register or word holds after a write of v to some of its lanes
 * (MASK_SUBSET): v where it held v already, else lanes of each. */
static Val mix(Exec *x, Val old, Val v, uint32_t line)
{
	return same(old, v) ? v : (Val){ .kind = V_MIXED, .id = ++x->fresh, .off = line };
}

static void stop(Exec *x, Verdict v, uint32_t line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void stop(Exec *x, Verdict v, uint32_t line, const char *fmt, ...)
{
	if (x->done)
		return;
	x->done = true;
	x->out->verdict = v;
	x->out->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(x->out->why, sizeof x->out->why, fmt, ap);
	va_end(ap);
}

/* Keep the overlays of register (f, r) that keep(o) says, the others' all. */
static void ov_filter(State *st, RegFile f, unsigned r, bool drop_active, bool drop_inactive)
{
	unsigned keep = 0;
	for (unsigned o = 0; o < st->nov; o++) {
		Overlay v = st->ov[o];
		if (v.file == f && v.reg == r) {
			v.maybe_active &= !drop_active;
			v.maybe_inactive &= !drop_inactive;
			if (!v.maybe_active && !v.maybe_inactive)
				continue;
		}
		st->ov[keep++] = v;
	}
	st->nov = keep;
}

/* Whether register (f, r) has overlays that may be in the active
 * (inactive) lanes. */
static void ov_where(const State *st, RegFile f, unsigned r, bool *act, bool *inact)
{
	*act = *inact = false;
	for (unsigned o = 0; o < st->nov; o++)
		if (st->ov[o].file == f && st->ov[o].reg == r) {
			*act |= st->ov[o].maybe_active;
			*inact |= st->ov[o].maybe_inactive;
		}
}

/* A write of v to some of the lanes of a vector register (MASK_SUBSET:
 * of those active at entry, the others keep theirs; MASK_LANES: maybe
 * of either). A lane v_writelane_b32 wrote may be among them or not: not
 * followed. */
static bool write_some(Exec *x, State *st, const AsmInstr *in, RegFile f, unsigned r, Val v)
{
	bool ov_act, ov_inact, inactive = mask_of(x, st) == MASK_LANES;
	ov_where(st, f, r, &ov_act, &ov_inact);
	if (ov_act || (inactive && ov_inact)) {
		stop(x, VERDICT_UNKNOWN, in->line,
		     "EXEC is not followed here (%s writes some lanes of a VGPR v_writelane_b32 wrote)", in->mnemonic);
		return false;
	}
	VReg *g = &(f == RF_VGPR ? st->v : st->a)[r];
	g->act = mix(x, g->act, v, in->line);
	if (inactive)
		g->inact = mix(x, g->inact, v, in->line);
	return true;
}

/* A VALU write of a vector register under the current EXEC. */
static bool write_v(Exec *x, State *st, const AsmInstr *in, RegFile f, unsigned r, Val v)
{
	if (r >= REGSET_MAX)
		return true;
	VReg *g = &(f == RF_VGPR ? st->v : st->a)[r];
	switch (mask_of(x, st)) {
	case MASK_ALL:
		g->act = g->inact = v;
		g->lost = false;
		ov_filter(st, f, r, true, true);
		return true;
	case MASK_ENTRY:
		g->act = v;
		ov_filter(st, f, r, true, false);
		return true;
	case MASK_INACTIVE:
		g->inact = v;
		ov_filter(st, f, r, false, true);
		return true;
	case MASK_SUBSET:
	case MASK_LANES:
		return write_some(x, st, in, f, r, v);
	default:
		stop(x, VERDICT_UNKNOWN, in->line, "EXEC is not followed here (%s writes a VGPR under it)", in->mnemonic);
		return false;
	}
}

static void write_s(State *st, unsigned r, Val v)
{
	if (r < R_JUNK) {
		st->s[r] = v;
		st->s_at[r] = st->pc + 1;
	}
}

/* The violation just found is by the value SGPR r holds: blame the
 * instruction that wrote it. */
static void blame(Exec *x, const State *st, unsigned r)
{
	if (x->out->verdict == VERDICT_VIOLATED && r < NSREG && st->s_at[r])
		x->out->culprit = x->in->f->instrs[st->s_at[r] - 1].line;
}

/* Dwords of a memory instruction: _dword/_b32 1, x2/_b64 2, x3/_b96 3,
 * x4/_b128 4; 0 for sub-dword ones (byte, short, d16). */
static unsigned mem_dwords(const char *m)
{
	static const struct {
		const char *suffix;
		uint8_t n;
	} sizes[] = { { "_dwordx16", 16 }, { "_dwordx8", 8 }, { "_dwordx4", 4 }, { "_dwordx3", 3 }, { "_dwordx2", 2 },
		      { "_dword", 1 },     { "_b512", 16 },   { "_b256", 8 },    { "_b128", 4 },    { "_b96", 3 },
		      { "_b64", 2 },       { "_b32", 1 } };
	size_t n = strlen(m);
	for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		size_t k = strlen(sizes[i].suffix);
		if (n >= k && strcmp(m + n - k, sizes[i].suffix) == 0)
			return sizes[i].n;
	}
	return 0;
}

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static Slot *slot_find(State *st, Val base, bool make)
{
	for (unsigned i = 0; i < st->nslots; i++)
		if (same(st->slots[i].base, base))
			return &st->slots[i];
	if (!make || st->nslots == MAX_SLOTS)
		return 0;
	Slot *s = &st->slots[st->nslots++];
	s->base = base;
	s->gen_act = s->gen_inact = 0;
	/* Never written here: at the entry SP an incoming argument, else
	 * whatever was there before (no register's entry value). */
	s->act = s->inact = base.kind == V_ENTRY && base.reg == 32 ? (Val){ .kind = V_STACK_IN, .off = base.off }
								   : (Val){ .kind = V_UNKNOWN, .id = 0x80000000u | st->nslots };
	return s;
}

/* The scratch address of a stack access: the SGPR offset's value plus the
 * instruction's offset in SP units; false when the executor cannot tell. */
static bool scratch_addr(Exec *x, const State *st, const AsmInstr *in, const AsmOp *vaddr, const AsmOp *soff, Val *out)
{
	if (vaddr->kind != AOP_OFF)
		return false;
	Val b;
	if (soff->kind == AOP_OFF)
		b = konst(0);
	else
		b = read_op(x, st, soff, 0, in->line);
	/* A realigned frame pointer is a base of its own: its slots are told
	 * apart by offset, and assumed not to alias another base's. */
	if (b.kind != V_ENTRY && b.kind != V_CONST && b.kind != V_ALIGNED)
		return false;
	b.off += (in->has_offset ? in->offset : 0) * (int64_t)x->scale;
	*out = b;
	return true;
}

/* A store through an address the executor cannot name: every slot may
 * have changed but the save area's (slots holding a register's entry
 * value). The assumption, as a compiler's own: a store through a run-time
 * index stays inside its frame object, and no such object is a save slot. */
static void unknown_store(State *st)
{
	st->mem_gen++;
	for (unsigned i = 0; i < st->nslots; i++) {
		Slot *s = &st->slots[i];
		if (s->act.kind == V_ENTRY && s->act.off == 0 && s->gen_act + 1 == st->mem_gen)
			s->gen_act = st->mem_gen;
		if (s->inact.kind == V_ENTRY && s->inact.off == 0 && s->gen_inact + 1 == st->mem_gen)
			s->gen_inact = st->mem_gen;
	}
}

static void scratch_store(Exec *x, State *st, const AsmInstr *in, const AsmOp *data, const AsmOp *vaddr, const AsmOp *soff)
{
	unsigned n = mem_dwords(in->mnemonic);
	Val a;
	if (!scratch_addr(x, st, in, vaddr, soff, &a) || data->kind != AOP_REG || data->file == RF_SGPR) {
		unknown_store(st);
		for (unsigned k = 0; data->kind == AOP_REG && data->file != RF_SGPR && k < data->count; k++) {
			const VReg *g = &(data->file == RF_VGPR ? st->v : st->a)[(data->first + k) % REGSET_MAX];
			const Val *v[2] = { &g->act, &g->inact };
			for (unsigned h = 0; h < 2; h++)
				if (v[h]->kind == V_ENTRY && v[h]->off == 0)
					regset_add(&st->maybe_stored, (RegFile)v[h]->file, v[h]->reg);
		}
		return;
	}
	if (!n) {
		/* A byte or a short: the word it falls in is no longer known. */
		int64_t word = 4 * (int64_t)x->scale, r = ((a.off % word) + word) % word;
		a.off -= r;
		Slot *s = slot_find(st, a, true);
		if (!s) {
			stop(x, VERDICT_UNKNOWN, in->line, "more than %u stack words are written", MAX_SLOTS);
			return;
		} else {
			s->act = s->inact = unknown(x, in->line);
			s->gen_act = s->gen_inact = st->mem_gen;
		}
		return;
	}
	Mask m = mask_of(x, st);
	for (unsigned k = 0; k < n; k++) {
		Val b = a;
		b.off += 4 * (int64_t)k * x->scale;
		Slot *s = slot_find(st, b, true);
		if (!s) {
			/* Not followed: a word it writes would look unwritten. */
			stop(x, VERDICT_UNKNOWN, in->line, "more than %u stack words are written", MAX_SLOTS);
			return;
		}
		unsigned dr = (data->first + k) % REGSET_MAX;
		const VReg *g = &(data->file == RF_VGPR ? st->v : st->a)[dr];
		bool ov_act, ov_inact;
		ov_where(st, (RegFile)data->file, dr, &ov_act, &ov_inact);
		ov_inact |= g->lost;
		Val act = ov_act || g->lost ? unknown(x, in->line) : g->act, inact = ov_inact ? unknown(x, in->line) : g->inact;
		if (m == MASK_ALL || m == MASK_ENTRY)
			s->act = act, s->gen_act = st->mem_gen;
		if (m == MASK_ALL || m == MASK_INACTIVE)
			s->inact = inact, s->gen_inact = st->mem_gen;
		if (m == MASK_SUBSET || m == MASK_LANES) {
			/* Some of the lanes: a word not written since a store
			 * through an unknown address may have been anything. */
			s->act = s->gen_act == st->mem_gen ? mix(x, s->act, act, in->line) : mix(x, unknown(x, in->line), act, in->line);
			s->gen_act = st->mem_gen;
		}
		if (m == MASK_LANES) {
			s->inact = s->gen_inact == st->mem_gen ? mix(x, s->inact, inact, in->line)
							       : mix(x, unknown(x, in->line), inact, in->line);
			s->gen_inact = st->mem_gen;
		}
		if (m == MASK_OTHER) {
			s->act = s->inact = unknown(x, in->line);
			s->gen_act = s->gen_inact = st->mem_gen;
		}
	}
}

static bool scratch_load(Exec *x, State *st, const AsmInstr *in, const AsmOp *dst, const AsmOp *vaddr, const AsmOp *soff)
{
	unsigned n = mem_dwords(in->mnemonic);
	Val a;
	bool known = scratch_addr(x, st, in, vaddr, soff, &a) && n;
	for (unsigned k = 0; k < dst->count && dst->kind == AOP_REG && dst->file != RF_SGPR; k++) {
		Slot *s = 0;
		if (known && k < n) {
			Val b = a;
			b.off += 4 * (int64_t)k * x->scale;
			s = slot_find(st, b, true);
		}
		/* A sub-word load (n 0) reads some bits: no register's entry
		 * value; a word of a slot written before a store through an
		 * unknown address may be anything. */
		Val maybe = !n ? unknown(x, in->line) : (Val){ .kind = V_MAYBE, .id = ++x->fresh, .off = in->line };
		Val v = s && s->gen_act == st->mem_gen ? s->act : maybe;
		Val vi = s && s->gen_inact == st->mem_gen ? s->inact : maybe;
		RegFile f = (RegFile)dst->file;
		unsigned dr = (dst->first + k) % REGSET_MAX;
		VReg *g = &(f == RF_VGPR ? st->v : st->a)[dr];
		Mask m = mask_of(x, st);
		if (m == MASK_OTHER) {
			stop(x, VERDICT_UNKNOWN, in->line, "EXEC is not followed here (%s)", in->mnemonic);
			return false;
		}
		if (m == MASK_SUBSET || m == MASK_LANES) {
			if (!write_some(x, st, in, f, dr, v))
				return false;
			continue;
		}
		if (m == MASK_ALL || m == MASK_ENTRY)
			g->act = v;
		if (m == MASK_ALL || m == MASK_INACTIVE)
			g->inact = vi;
		ov_filter(st, f, dr, m == MASK_ALL || m == MASK_ENTRY, m == MASK_ALL || m == MASK_INACTIVE);
	}
	return true;
}

/* A global's address in an SGPR pair: symbol id, or -1. */
static int global_of(const State *st, const AsmOp *pair)
{
	unsigned a, b;
	if (!sreg_of(pair, 0, &a) || !sreg_of(pair, 1, &b) || a >= R_JUNK || b >= R_JUNK)
		return -1;
	Val lo = st->s[a], hi = st->s[b];
	return lo.kind == V_SYM_LO && hi.kind == V_SYM_HI && lo.id == hi.id ? (int)lo.id : -1;
}

static void check_received(Exec *x, const State *st, const AsmInstr *in, int sym, int64_t off, const AsmOp *data)
{
	const ExecEnv *env = x->in->env;
	const Placement *p = x->in->in;
	unsigned n = mem_dwords(in->mnemonic);
	if (!env || !env->received || !p || data->kind != AOP_REG)
		return;
	for (unsigned k = 0; k < n && k < data->count; k++) {
		unsigned arg, part;
		if (!env->received(env->ctx, x->in->f->name, x->syms[sym], off + 4 * (int64_t)k, &arg, &part) ||
		    arg >= p->nargs || part >= p->args[arg].count)
			continue;
		const Loc *l = &p->locs[p->args[arg].first + part];
		Val want = l->kind == LOC_SGPR	 ? entry(RF_SGPR, l->reg)
			   : l->kind == LOC_VGPR ? entry(RF_VGPR, l->reg)
			   : l->kind == LOC_STACK ? (Val){ .kind = V_STACK_IN, .off = (int64_t)l->offset * x->scale }
						  : mk(V_UNKNOWN);
		if (want.kind == V_UNKNOWN)
			continue;
		Val got = read_op(x, st, data, k, in->line);
		x->out->checked_stores++;
		if (!same(got, want)) {
			char w[96], g[96], what[64];
			describe(x, want, w, sizeof w);
			describe(x, got, g, sizeof g);
			snprintf(what, sizeof what, "argument %u part %u", arg, part);
			/* A value the executor did not follow (computed: GlobalISel
			 * reassembles a stack word from its bytes) may be it. */
			bool followed = got.kind != V_MAYBE && got.kind != V_UNKNOWN && got.kind != V_MIXED;
			stop(x, followed ? VERDICT_VIOLATED : VERDICT_UNKNOWN, in->line,
			     followed ? "%s arrives in %s, but the function stores %s"
				      : "%s arrives in %s; the function stores %s, which is not followed",
			     what, w, g);
			return;
		}
	}
}

/* Memory instructions; false: the path stops. */
static bool memory(Exec *x, State *st, const AsmInstr *in)
{
	const char *m = in->mnemonic;
	bool store = strstr(m, "_store") != 0, load = strstr(m, "_load") != 0;
	const AsmOp *o = in->op;
	if (starts(m, "buffer_") && (store || load) && in->nops >= 4) {
		if (store)
			scratch_store(x, st, in, &o[0], &o[1], &o[3]);
		else
			return scratch_load(x, st, in, &o[0], &o[1], &o[3]);
		return true;
	}
	if (starts(m, "scratch_") && (store || load) && in->nops >= 3) {
		if (store)
			scratch_store(x, st, in, &o[1], &o[0], &o[2]);
		else
			return scratch_load(x, st, in, &o[0], &o[1], &o[2]);
		return true;
	}
	if (starts(m, "global_") && (store || load) && in->nops >= 3) {
		int sym = global_of(st, &o[2]);
		Val voff = store ? read_op(x, st, &o[0], 0, in->line) : read_op(x, st, &o[1], 0, in->line);
		int64_t off = (in->has_offset ? in->offset : 0) + (voff.kind == V_CONST ? voff.off : 0);
		if (store) {
			if (sym >= 0 && voff.kind == V_CONST)
				check_received(x, st, in, sym, off, &o[1]);
			return !x->done;
		}
		for (unsigned k = 0; k < o[0].count && o[0].kind == AOP_REG; k++) {
			Val v = sym >= 0 && voff.kind == V_CONST && mem_dwords(m) > k
					? (Val){ .kind = V_LOAD, .id = (uint32_t)sym, .off = off + 4 * (int64_t)k }
					: unknown(x, in->line);
			if (!write_v(x, st, in, (RegFile)o[0].file, o[0].first + k, v))
				return false;
		}
		return true;
	}
	if (starts(m, "s_load_") && in->nops >= 2) {
		int sym = global_of(st, &o[1]);
		int64_t off = in->nops >= 3 && o[2].kind == AOP_IMM ? o[2].imm * (x->in->smem_dwords ? 4 : 1) : 0;
		unsigned base;
		Val lo = sreg_of(&o[1], 0, &base) && base < R_JUNK ? st->s[base] : mk(V_UNKNOWN);
		unsigned n = o[0].kind == AOP_SPECIAL ? mem_dwords(m) : o[0].kind == AOP_REG && o[0].file == RF_SGPR ? o[0].count : 0;
		for (unsigned k = 0; k < n; k++) {
			unsigned r;
			if (!sreg_of(&o[0], k, &r))
				continue;
			Val v = unknown(x, in->line);
			if (sym >= 0 && mem_dwords(m) > k)
				v = (Val){ .kind = V_LOAD, .id = (uint32_t)sym, .off = off + 4 * (int64_t)k };
			else if (lo.kind == V_GOT_LO && k < 2)
				v = (Val){ .kind = (uint8_t)(k ? V_SYM_HI : V_SYM_LO), .id = lo.id };
			write_s(st, r, v);
		}
		return true;
	}
	/* Other memory (flat, LDS, buffer loads through a descriptor of the
	 * body's): loads define their first operand. */
	if (store)
		return true;
	for (unsigned k = 0; k < o[0].count && o[0].kind == AOP_REG; k++) {
		if (o[0].file == RF_SGPR)
			write_s(st, o[0].first + k, unknown(x, in->line));
		else if (!write_v(x, st, in, (RegFile)o[0].file, o[0].first + k, unknown(x, in->line)))
			return false;
	}
	return true;
}

/* The entry state: every register its own symbol; the SP-relative
 * scratch unknown until written. */
static void state_init(State *st)
{
	memset(st, 0, sizeof *st);
	for (unsigned r = 0; r < NSREG; r++)
		st->s[r] = entry(RF_SGPR, r);
	for (unsigned r = 0; r < REGSET_MAX; r++) {
		st->v[r].act = st->v[r].inact = entry(RF_VGPR, r);
		st->a[r].act = st->a[r].inact = entry(RF_AGPR, r);
	}
}

static const char *reg_name(RegFile f, unsigned r, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s%u", reg_file_prefix[f], r);
	return buf;
}

/* A call: the callee's arguments hold what the caller passes, SP is
 * aligned; then what the callee may change is changed. */
/* Whether the function's own placement has an incoming stack argument
 * word at offset w. */
static bool own_stack_word(const Exec *x, uint32_t w)
{
	const Placement *p = x->in->in;
	for (unsigned k = 0; p && k < p->nlocs; k++) {
		const Loc *l = &p->locs[k];
		if (l->kind == LOC_STACK && w + 4 > l->offset && w < l->offset + (l->size ? l->size : 4))
			return true;
	}
	return false;
}

static bool call(Exec *x, State *st, const AsmInstr *in)
{
	const AsmOp *dst = &in->op[0], *tgt = &in->op[1];
	Val lo = read_op(x, st, tgt, 0, in->line), hi = read_op(x, st, tgt, 1, in->line);
	const char *name = lo.kind == V_SYM_LO && hi.kind == V_SYM_HI && lo.id == hi.id ? x->syms[lo.id] : 0;
	const ExecEnv *env = x->in->env;
	/* Through a pointer loaded from a variable (a waterfall loop's
	 * v_readfirstlane of it): the function it holds. */
	char held[ASM_NAME_MAX];
	if (!name && lo.kind == V_LOAD && hi.kind == V_LOAD && lo.id == hi.id && hi.off == lo.off + 4 && lo.id < x->nsyms &&
	    env && env->pointee && env->pointee(env->ctx, x->syms[lo.id], lo.off, held, sizeof held))
		name = held;
	Contract c;
	const Placement *p = 0;
	char a[96], b[96];
	x->out->calls++;
	Val sp = st->s[x->sp];
	int64_t align = (int64_t)x->in->contract->stack_align * x->scale;
	bool aligned_base = sp.kind == V_ALIGNED && sp.reg < 63 && ((int64_t)1 << sp.reg) % align == 0;
	if (sp.kind == V_UNKNOWN && !x->pending[0]) {
		/* SP computed at run time (a dynamic alloca: v_readfirstlane_b32
		 * of an address): its alignment is not followed, the rest is. */
		snprintf(x->pending, sizeof x->pending, "at the call at line %u SP is computed at run time (a dynamic alloca): "
			 "its alignment is not followed", in->line);
		x->pending_line = in->line;
	} else if ((sp.kind != V_ENTRY || sp.reg != x->sp) && !aligned_base && sp.kind != V_UNKNOWN) {
		describe(x, sp, a, sizeof a);
		stop(x, VERDICT_VIOLATED, in->line, "at the call SP holds %s, not the entry SP plus a frame", a);
		blame(x, st, x->sp);
		return false;
	}
	if (sp.kind != V_UNKNOWN && sp.off % align) {
		stop(x, VERDICT_VIOLATED, in->line, "at the call SP is the entry SP + %lld, not a multiple of %lld",
		     (long long)sp.off, (long long)align);
		blame(x, st, x->sp);
		return false;
	}
	bool known = name && env && env->callee && env->callee(env->ctx, name, &c, &p);
	if (!known)
		c = *x->in->contract; /* through a pointer, or a callee not in the signatures: the caller's own rules */
	/* The callee's stack slots do not overlap: amdgpu_gfx gives a byval
	 * object a 4-byte slot, so the caller's copy of it and the next
	 * argument share bytes (every llc, docs/measured.md). */
	for (unsigned k = 0; known && p && k < p->nlocs; k++)
		for (unsigned j = k + 1; j < p->nlocs; j++) {
			const Loc *u = &p->locs[k], *v = &p->locs[j];
			uint32_t us = u->size ? u->size : 4, vs = v->size ? v->size : 4;
			if (u->kind == LOC_STACK && v->kind == LOC_STACK && u->offset < v->offset + vs && v->offset < u->offset + us) {
				x->out->rule = RULE_STACK_OVERLAP;
				snprintf(x->out->callee, sizeof x->out->callee, "%s", name);
				stop(x, VERDICT_VIOLATED, in->line,
				     "call of @%s: the callee's stack slots stack+%u/%u and stack+%u/%u overlap: one argument "
				     "overwrites the other",
				     name, u->offset, us, v->offset, vs);
				return false;
			}
		}
	/* Every stack part the callee reads was written by the caller: a slot
	 * of its outgoing area that still holds what was there at entry is
	 * an argument nobody passed. Under an SP computed at run time the
	 * stores are not followed (the verdict is unknown, pending above). */
	for (unsigned arg = 0; known && p && sp.kind != V_UNKNOWN && arg < p->nargs; arg++)
		for (unsigned part = 0; part < p->args[arg].count; part++) {
			const Loc *l = &p->locs[p->args[arg].first + part];
			if (l->kind != LOC_STACK || (env->undef && env->undef(env->ctx, name, arg)))
				continue;
			x->out->checked_args++;
			/* Each word of the slot (a byval copy: of the object). */
			int64_t word = 4 * (int64_t)x->scale;
			for (uint32_t w = l->offset & ~3u; w < l->offset + (l->size ? l->size : 4); w += 4) {
				Val at = sp;
				at.off += (int64_t)w * x->scale;
				at.off -= ((at.off % word) + word) % word;
				const Slot *slot = slot_find(st, at, false);
				/* At the entry SP (no frame), a word of the caller's
				 * own incoming arguments at the same offset may be
				 * passed on in place: not checked. */
				bool entry_sp = at.kind == V_ENTRY && at.reg == x->sp;
				if (entry_sp && at.off == (int64_t)w * x->scale && own_stack_word(x, w))
					continue;
				/* Unwritten: nothing stored there, or it still holds
				 * what was there at entry, or what a call left. */
				if (!slot || (entry_sp && slot->act.kind == V_STACK_IN && slot->act.off == at.off) ||
				    slot->act.kind == V_CLOBBERED) {
					x->out->rule = RULE_STACK_UNWRITTEN;
					x->out->arg = (uint16_t)arg;
					snprintf(x->out->callee, sizeof x->out->callee, "%s", name);
					stop(x, VERDICT_VIOLATED, in->line,
					     "call of @%s: argument %u part %u: the callee reads stack+%u, which the caller did not write (the ABI assigns it; an llc that leaves it unread itself notes unwritten-parts)",
					     name, arg, part, w);
					return false;
				}
			}
		}
	for (unsigned arg = 0; known && p && env->passed && arg < p->nargs; arg++)
		for (unsigned part = 0; part < p->args[arg].count; part++) {
			char global[ASM_NAME_MAX];
			int64_t off;
			const Loc *l = &p->locs[p->args[arg].first + part];
			if ((l->kind != LOC_SGPR && l->kind != LOC_VGPR && l->kind != LOC_STACK) ||
			    (l->kind == LOC_STACK && sp.kind == V_UNKNOWN) ||
			    !env->passed(env->ctx, name, arg, part, global, sizeof global, &off))
				continue;
			unsigned id = sym_id(x, global, strlen(global));
			Val want = { .kind = V_LOAD, .id = id, .off = off };
			/* A stack part: the callee reads it at its entry SP (the
			 * caller's SP at the call) plus its offset. */
			Val at = sp;
			at.off += (int64_t)l->offset * x->scale;
			const Slot *slot = l->kind == LOC_STACK ? slot_find(st, at, false) : 0;
			Val got = l->kind == LOC_SGPR	? st->s[l->reg % R_VCC]
				  : l->kind == LOC_VGPR ? st->v[l->reg % REGSET_MAX].act
				  : slot		? slot->act
							: (Val){ .kind = V_MAYBE };
			x->out->checked_args++;
			if (same(got, want))
				continue;
			if (got.kind == V_MIXED) {
				/* Written in some lanes only: those the call runs in
				 * are not told apart from the others. */
				if (!x->pending[0]) {
					snprintf(x->pending, sizeof x->pending,
						 "call of @%s at line %u: argument %u part %u is written under a divergent EXEC, "
						 "which is not followed to the lanes of the call", name, in->line, arg, part);
					x->pending_line = in->line;
				}
				continue;
			}
			/* Where the value is instead, for the report. */
			char where[32] = "no register";
			for (unsigned r = 0; r < R_VCC && !strcmp(where, "no register"); r++)
				if (same(st->s[r], want))
					reg_name(RF_SGPR, r, where, sizeof where);
			for (unsigned r = 0; r < REGSET_MAX && !strcmp(where, "no register"); r++)
				if (same(st->v[r].act, want))
					reg_name(RF_VGPR, r, where, sizeof where);
			describe(x, got, b, sizeof b);
			char reads[48];
			if (l->kind == LOC_STACK)
				snprintf(reads, sizeof reads, "stack+%u", l->offset);
			else
				reg_name(l->kind == LOC_SGPR ? RF_SGPR : RF_VGPR, l->reg, reads, sizeof reads);
			x->out->rule = RULE_CALL_ARGUMENT;
			x->out->arg = (uint16_t)arg;
			snprintf(x->out->callee, sizeof x->out->callee, "%s", name);
			stop(x, VERDICT_VIOLATED, in->line,
			     "call of @%s: argument %u part %u: the callee reads %s, which holds %s; the caller's value is in %s",
			     name, arg, part, reads, b, where);
			if (l->kind == LOC_SGPR)
				blame(x, st, l->reg % R_VCC);
			return false;
		}
	/* What the callee may change: its caller-saved registers (the VGPRs'
	 * active lanes; their inactive lanes are preserved), VCC, SCC, M0, and
	 * the scratch at and above SP. Under a divergent EXEC, the lanes it
	 * runs in. */
	Val clob = { .kind = V_CLOBBERED, .off = in->line };
	Mask mask = mask_of(x, st);
	bool some = mask == MASK_SUBSET || mask == MASK_LANES;
	for (unsigned r = 0; r < R_VCC; r++)
		if (!regset_has(&c.preserved, RF_SGPR, r) && r != x->sp)
			write_s(st, r, clob);
	st->s[R_VCC] = st->s[R_VCC + 1] = st->s[R_M0] = st->s[R_SCC] = clob;
	for (unsigned r = 0; r < REGSET_MAX; r++)
		for (int f = RF_VGPR; f <= RF_AGPR; f++) {
			VReg *g = &(f == RF_VGPR ? st->v : st->a)[r];
			if (regset_has(&c.preserved, (RegFile)f, r))
				continue;
			if (some && !write_some(x, st, in, (RegFile)f, r, clob))
				return false;
			if (!some) {
				g->act = clob;
				ov_filter(st, (RegFile)f, r, true, false);
			}
		}
	for (unsigned i = 0; i < st->nslots; i++) {
		Slot *s = &st->slots[i];
		if (s->base.kind == V_ENTRY && s->base.reg == x->sp && s->base.off >= sp.off)
			s->act = s->inact = clob;
	}
	/* s_swappc_b64 writes the return address of the call. */
	for (unsigned k = 0; k < 2; k++) {
		unsigned r;
		if (sreg_of(dst, k, &r))
			write_s(st, r, (Val){ .kind = (uint8_t)(k ? V_PC_HI : V_PC_LO), .id = st->pc + 1 });
	}
	return true;
}

/* Whether register (f, r) returns a part of the function's value. */
static bool returns_in(const Exec *x, RegFile f, unsigned r)
{
	const Placement *p = x->in->in;
	for (unsigned k = 0; p && k < p->ret.count; k++) {
		const Loc *l = &p->locs[p->ret.first + k];
		if (l->reg == r && ((l->kind == LOC_SGPR && f == RF_SGPR) || (l->kind == LOC_VGPR && f == RF_VGPR)))
			return true;
	}
	return false;
}

/* Whether register (f, r) holds an argument part of placement p. */
static bool argument_in(const Placement *p, RegFile f, unsigned r)
{
	for (unsigned k = 0; p && k < p->nlocs; k++) {
		const Loc *l = &p->locs[k];
		if (l->reg == r && ((l->kind == LOC_SGPR && f == RF_SGPR) || (l->kind == LOC_VGPR && f == RF_VGPR)))
			return true;
	}
	return false;
}

/* A return: everything the contract preserves holds its entry symbol
 * (but the registers the value returns in). A tail call (to is its
 * callee, args the callee's placement, NULL: not known) is a return
 * through the callee: the same holds at the jump but for the registers
 * that pass it arguments, and the return-address pair holds the entry
 * return address, which the callee returns through (whether or not the
 * convention preserves it). */
static void ret(Exec *x, const State *st, const AsmInstr *in, const char *to, const Placement *args)
{
	const Contract *c = x->in->contract;
	char a[96], r[16], where[ASM_NAME_MAX + 24];
	snprintf(where, sizeof where, to ? "the tail call of @%s" : "the return", to);
	x->out->returns++;
	for (unsigned k = 0; to && k < c->return_address.count; k++) {
		unsigned q = c->return_address.first + k;
		if (is_entry(st->s[q], RF_SGPR, q))
			continue;
		describe(x, st->s[q], a, sizeof a);
		stop(x, VERDICT_VIOLATED, in->line, "at %s %s holds %s, not the return address", where,
		     reg_name(RF_SGPR, q, r, sizeof r), a);
		blame(x, st, q);
		return;
	}
	for (unsigned k = 0; k < R_VCC; k++) {
		bool sp = k == x->sp;
		if (!sp && (!regset_has(&c->preserved, RF_SGPR, k) || returns_in(x, RF_SGPR, k) || argument_in(args, RF_SGPR, k)))
			continue;
		if (is_entry(st->s[k], RF_SGPR, k))
			continue;
		describe(x, st->s[k], a, sizeof a);
		stop(x, st->s[k].kind == V_MAYBE && regset_has(&st->maybe_stored, RF_SGPR, k) ? VERDICT_UNKNOWN : VERDICT_VIOLATED,
		     in->line,
		     "at %s %s holds %s, not its entry value (%s)", where, reg_name(RF_SGPR, k, r, sizeof r), a,
		     sp ? "the stack pointer" : "callee-saved");
		blame(x, st, k);
		return;
	}
	for (unsigned k = 0; k < (x->in->wave == 64 ? 2u : 1u); k++)
		if (!is_entry(st->s[R_EXEC + k], RF_SGPR, R_EXEC + k)) {
			describe(x, st->s[R_EXEC + k], a, sizeof a);
			stop(x, VERDICT_VIOLATED, in->line, "at %s exec_%s holds %s, not its entry value", where, k ? "hi" : "lo", a);
			blame(x, st, R_EXEC + k);
			return;
		}
	for (int f = RF_VGPR; f <= RF_AGPR; f++)
		for (unsigned k = 0; k < REGSET_MAX; k++) {
			const VReg *g = &(f == RF_VGPR ? st->v : st->a)[k];
			bool saved = regset_has(&c->preserved, (RegFile)f, k) && !returns_in(x, (RegFile)f, k) &&
				     !argument_in(args, (RegFile)f, k);
			bool ov_act, ov_inact;
			ov_where(st, (RegFile)f, k, &ov_act, &ov_inact);
			bool lanes = g->lost || ov_inact || (saved && ov_act);
			Val bad = !is_entry(g->inact, (RegFile)f, k) ? g->inact
				  : saved && !is_entry(g->act, (RegFile)f, k) ? g->act
									       : entry((RegFile)f, k);
			if (!lanes && is_entry(bad, (RegFile)f, k))
				continue;
			if (lanes)
				snprintf(a, sizeof a, "lanes v_writelane_b32 wrote");
			else
				describe(x, bad, a, sizeof a);
			/* A reload after a store through an unknown address is its
			 * entry value only if such a store wrote that value; of
			 * lanes written under a divergent EXEC, which hold what
			 * is not followed. */
			bool maybe = (bad.kind == V_MAYBE && regset_has(&st->maybe_stored, (RegFile)f, k)) || bad.kind == V_MIXED;
			stop(x, maybe ? VERDICT_UNKNOWN : VERDICT_VIOLATED,
			     in->line,
			     "at %s %s holds %s in %s, not its entry value", where, reg_name((RegFile)f, k, r, sizeof r), a,
			     !is_entry(g->inact, (RegFile)f, k) || !saved ? "the lanes inactive at entry" : "its active lanes");
			return;
		}
}

typedef enum { STEP_ON, STEP_JUMP, STEP_FORK, STEP_END } Step;

/* SALU arithmetic that keeps stack-pointer values symbolic. */
/* A 32-bit register's arithmetic wraps: s_add_i32 s32, s32, 0xffff4000
 * takes 0xc000 off SP. */
static int64_t wrap32(int64_t v) { return (int32_t)(uint32_t)v; }

static Val add(Exec *x, Val a, Val b, bool sub, uint32_t line)
{
	if (b.kind == V_CONST && (a.kind == V_ENTRY || a.kind == V_CONST || a.kind == V_ALIGNED)) {
		a.off = wrap32(a.off + (sub ? -b.off : b.off));
		return a;
	}
	if (!sub && a.kind == V_CONST && b.kind == V_ENTRY) {
		b.off = wrap32(b.off + a.off);
		return b;
	}
	/* s_getpc_b64, then the low and high halves of a label or symbol. */
	if (!sub && a.kind == V_PC_LO && (b.kind == V_LABEL_LO || b.kind == V_SYM_LO || b.kind == V_GOT_LO))
		return b;
	if (!sub && a.kind == V_PC_HI && (b.kind == V_LABEL_HI || b.kind == V_SYM_HI || b.kind == V_GOT_HI))
		return b;
	return unknown(x, line);
}

/* Instructions without an effect the contract can see. */
static bool no_effect(const char *m)
{
	static const char *const prefixes[] = { "s_waitcnt", "s_wait_", "s_nop", "s_setprio", "s_sleep", "s_delay_alu",
						"s_clause", "s_inst_prefetch", "s_set_inst_prefetch_distance",
						"s_barrier", "s_sendmsg", "s_dcache_", "s_icache_", "buffer_wbinvl1",
						"buffer_gl", "buffer_inv", "s_ttrace", "s_trap", "s_code_end",
						"s_singleuse_vdst", "s_version", 0 };
	for (unsigned i = 0; prefixes[i]; i++)
		if (starts(m, prefixes[i]))
			return true;
	return false;
}

static bool writes_exec(const AsmInstr *in)
{
	unsigned r;
	return in->nops && sreg_of(&in->op[0], 0, &r) && (r == R_EXEC || r == R_EXEC + 1);
}

/* A scalar instruction on masks (lanes.h); false: its operands are not
 * masks the executor follows, and it is taken as any SALU instruction. A
 * saveexec keeps EXEC in its destination whatever they are. */
static bool lane_step(Exec *x, State *st, const AsmInstr *in, const LaneInstr *li)
{
	const AsmOp *o = in->op;
	unsigned n = strstr(in->mnemonic, "_b64") ? 2 : 1, r;
	bool plain = li->form == LANE_PLAIN;
	if (in->nops != (plain && !li->unary ? 3u : 2u))
		return false;
	Val out[2], exec[2];
	for (unsigned k = 0; k < n; k++) {
		Lanes a, b = { 0, false };
		int ha, hb = -1;
		Val va = read_op(x, st, &o[1], k, in->line);
		Val vb = plain ? (li->unary ? konst(0) : read_op(x, st, &o[2], k, in->line)) : st->s[R_EXEC + k];
		bool masks = lanes_of(va, &a, &ha) && lanes_of(vb, &b, &hb) && (ha < 0 || hb < 0 || ha == hb);
		if (!masks && plain)
			return false;
		exec[k] = masks ? lanes_val(x, lane_apply(li, a, b), ha >= 0 ? ha : hb, in->line) : unknown(x, in->line);
		out[k] = li->form == LANE_SAVEEXEC ? st->s[R_EXEC + k] : exec[k];
	}
	for (unsigned k = 0; k < n; k++) {
		if (!plain)
			write_s(st, R_EXEC + k, exec[k]);
		if (sreg_of(&o[0], k, &r))
			write_s(st, r, out[k]);
	}
	st->s[R_SCC] = unknown(x, in->line);
	return true;
}

/* Every mask of the state, rewritten by lane_compact (care: the rows a
 * lane may be in); false: the path cannot run (no lane active at entry
 * is possible on it). */
static bool compact(Exec *x, State *st, uint32_t care)
{
	Val **at = x->mask_at;
	uint32_t *t = x->mask_t;
	unsigned n = 0;
#define MASK(v) if ((v).kind == V_LANES) at[n] = &(v), t[n] = (uint32_t)(v).off, n++
	for (unsigned r = 0; r < NSREG; r++)
		MASK(st->s[r]);
	for (unsigned r = 0; r < REGSET_MAX; r++) {
		MASK(st->v[r].act);
		MASK(st->v[r].inact);
		MASK(st->a[r].act);
		MASK(st->a[r].inact);
	}
	for (unsigned i = 0; i < st->nslots; i++) {
		MASK(st->slots[i].act);
		MASK(st->slots[i].inact);
	}
	for (unsigned i = 0; i < st->nov; i++)
		MASK(st->ov[i].v);
#undef MASK
	int k = lane_compact(t, n, care);
	if (k < 0)
		return false;
	for (unsigned i = 0; i < n && k < LANE_VARS; i++)
		*at[i] = lanes_val(x, (Lanes){ t[i], at[i]->file != 0 }, at[i]->reg - R_EXEC, 0);
	return true;
}

/* A branch on a mask being zero (s_cbranch_execz, _vccz and their nz
 * forms), on the side where it is: its lanes are none. False: the side
 * cannot be taken. */
static bool mask_zero(Exec *x, State *st, unsigned reg)
{
	unsigned n = x->in->wave == 64 ? 2 : 1;
	Lanes l[2];
	int h;
	bool exact = true;
	for (unsigned k = 0; k < n; k++)
		exact &= lanes_of(st->s[reg + k], &l[k], &h) && !l[k].within && (k == 0 || l[k].t == l[0].t);
	for (unsigned k = 0; k < n; k++)
		write_s(st, reg + k, konst(0));
	/* The halves' lanes are others: one function of both is needed to
	 * tell which lanes are possible. */
	return !exact || compact(x, st, ~l[0].t);
}

/* A variable (lanes.h) no mask of the state depends on; 0: none left. */
static bool uses_var(Val v, unsigned k) { return v.kind == V_LANES && lane_depends((uint32_t)v.off, k); }

static unsigned free_var(const State *st)
{
	for (unsigned k = 1; k < LANE_VARS; k++) {
		bool used = false;
		for (unsigned r = 0; r < NSREG && !used; r++)
			used = uses_var(st->s[r], k);
		for (unsigned r = 0; r < REGSET_MAX && !used; r++)
			used = uses_var(st->v[r].act, k) || uses_var(st->v[r].inact, k) || uses_var(st->a[r].act, k) ||
			       uses_var(st->a[r].inact, k);
		for (unsigned i = 0; i < st->nslots && !used; i++)
			used = uses_var(st->slots[i].act, k) || uses_var(st->slots[i].inact, k);
		for (unsigned i = 0; i < st->nov && !used; i++)
			used = uses_var(st->ov[i].v, k);
		if (!used)
			return k;
	}
	return 0;
}

/* A VALU compare: in each lane EXEC has on, its outcome, a variable of
 * its own; 0 in the others (a compare ANDs inactive lanes with 0: LLVM
 * D105709). v_cmp writes it to its SGPR operand (VCC in
 * the e32 form), v_cmpx to EXEC, and on gfx9 to its SGPR operand too
 * (the form with three operands). */
static bool compare(Exec *x, State *st, const AsmInstr *in)
{
	bool to_exec = starts(in->mnemonic, "v_cmpx");
	unsigned var = free_var(st), n = x->in->wave == 64 ? 2 : 1, r;
	if (!var && compact(x, st, LANE_ALL))
		var = free_var(st);
	Val out[2];
	for (unsigned k = 0; k < n; k++) {
		Lanes e;
		int h;
		out[k] = unknown(x, in->line);
		if (lanes_of(st->s[R_EXEC + k], &e, &h) && (h < 0 || h == (int)k))
			out[k] = lanes_val(x, var ? (Lanes){ e.t & lane_var(var), e.within } : (Lanes){ e.t, true }, (int)k, in->line);
	}
	for (unsigned k = 0; k < n; k++) {
		if (in->nops == 3 && sreg_of(&in->op[0], k, &r))
			write_s(st, r, out[k]);
		else if (!to_exec && in->nops != 3)
			write_s(st, R_VCC + k, out[k]);
		if (to_exec)
			write_s(st, R_EXEC + k, out[k]);
	}
	return true;
}

static Step step(Exec *x, State *st, const AsmInstr *in, int *label)
{
	const char *m = in->mnemonic;
	const AsmOp *o = in->op;
	unsigned r;
	if (no_effect(m))
		return STEP_ON;
	if (strcmp(m, "s_setpc_b64") == 0 && in->nops == 1) {
		Val lo = read_op(x, st, &o[0], 0, in->line), hi = read_op(x, st, &o[0], 1, in->line);
		const RegRange *ra = &x->in->contract->return_address;
		if (is_entry(lo, RF_SGPR, ra->first) && is_entry(hi, RF_SGPR, ra->first + 1u)) {
			ret(x, st, in, 0, 0);
			return STEP_END;
		}
		if (lo.kind == V_SYM_LO && hi.kind == V_SYM_HI && lo.id == hi.id) {
			/* A tail call (SI_TCRETURN): of a callee whose placement
			 * is known, its argument registers are its own. */
			const ExecEnv *env = x->in->env;
			Contract cc;
			const Placement *p = 0;
			if (!(env && env->callee && env->callee(env->ctx, x->syms[lo.id], &cc, &p)))
				p = 0;
			ret(x, st, in, x->syms[lo.id], p);
			return STEP_END;
		}
		if (lo.kind == V_LABEL_LO && hi.kind == V_LABEL_HI && lo.id == hi.id) {
			/* A long branch: s_getpc_b64, s_add_u32, s_addc_u32,
			 * s_setpc_b64 of a pair those three wrote. Through the
			 * return-address pair it is one only where they did (llc
			 * 14 saves s[30:31] and takes them for a loop's long
			 * back edge); a jump through that pair written anywhere
			 * else is the function's return into a long branch's
			 * target: the return address is gone
			 * (llvm/llvm-project#224205). */
			uint32_t at = (uint32_t)(in - x->in->f->instrs);
			bool own = true;
			for (unsigned k = 0; k < 2 && ra->first + k < NSREG; k++)
				own &= st->s_at[ra->first + k] && at - (st->s_at[ra->first + k] - 1) <= 3;
			if (o[0].kind == AOP_REG && o[0].first == ra->first && !own) {
				stop(x, VERDICT_VIOLATED, in->line,
				     "the function jumps through s[%u:%u] to %s again: its return address was overwritten by a long branch",
				     ra->first, ra->first + 1u, x->in->f->labels[lo.id]);
				blame(x, st, ra->first);
				return STEP_END;
			}
			*label = (int)lo.id;
			return STEP_JUMP;
		}
		char a[96];
		describe(x, lo, a, sizeof a);
		stop(x, VERDICT_VIOLATED, in->line, "s_setpc_b64 %s jumps to %s, not the return address", o[0].text, a);
		return STEP_END;
	}
	if (strcmp(m, "s_swappc_b64") == 0 && in->nops == 2)
		return call(x, st, in) ? STEP_ON : STEP_END;
	if (strcmp(m, "s_branch") == 0 || starts(m, "s_cbranch_")) {
		int l = in->nops == 1 && o[0].kind == AOP_OTHER ? asm_label_find(x->in->f, o[0].text, strlen(o[0].text)) : -1;
		if (l < 0) {
			stop(x, VERDICT_UNKNOWN, in->line, "%s to a target the executor cannot find", m);
			return STEP_END;
		}
		*label = l;
		/* Which side of a branch on EXEC or VCC has it zero. */
		static const struct {
			const char *m;
			uint8_t reg;
			bool taken;
		} zero[] = { { "s_cbranch_execz", R_EXEC, true }, { "s_cbranch_execnz", R_EXEC, false },
			     { "s_cbranch_vccz", R_VCC, true },   { "s_cbranch_vccnz", R_VCC, false } };
		x->zero_reg = 0;
		for (unsigned i = 0; i < sizeof zero / sizeof zero[0]; i++)
			if (strcmp(m, zero[i].m) == 0)
				x->zero_reg = zero[i].reg, x->zero_taken = zero[i].taken;
		return m[2] == 'b' ? STEP_JUMP : STEP_FORK;
	}
	if (strcmp(m, "s_endpgm") == 0) {
		stop(x, VERDICT_VIOLATED, in->line, "s_endpgm in a function that returns to its caller");
		return STEP_END;
	}
	if (strcmp(m, "s_getpc_b64") == 0 && in->nops == 1) {
		for (unsigned k = 0; k < 2; k++)
			if (sreg_of(&o[0], k, &r))
				write_s(st, r, (Val){ .kind = (uint8_t)(k ? V_PC_HI : V_PC_LO), .id = st->pc + 1 });
		return STEP_ON;
	}
	if ((strcmp(m, "s_mov_b32") == 0 || strcmp(m, "s_mov_b64") == 0 || strcmp(m, "s_movk_i32") == 0) && in->nops == 2) {
		unsigned n = strcmp(m, "s_mov_b64") == 0 ? 2 : 1;
		Val v[2] = { read_op(x, st, &o[1], 0, in->line), read_op(x, st, &o[1], 1, in->line) };
		for (unsigned k = 0; k < n; k++)
			if (sreg_of(&o[0], k, &r))
				write_s(st, r, v[k]);
		return STEP_ON;
	}
	if ((starts(m, "s_add_") || starts(m, "s_sub_")) && in->nops == 3 && sreg_of(&o[0], 0, &r)) {
		write_s(st, r, add(x, read_op(x, st, &o[1], 0, in->line), read_op(x, st, &o[2], 0, in->line), m[2] == 's',
				   in->line));
		st->s[R_SCC] = unknown(x, in->line);
		return STEP_ON;
	}
	if ((strcmp(m, "s_addc_u32") == 0) && in->nops == 3 && sreg_of(&o[0], 0, &r)) {
		write_s(st, r, add(x, read_op(x, st, &o[1], 0, in->line), read_op(x, st, &o[2], 0, in->line), false, in->line));
		st->s[R_SCC] = unknown(x, in->line);
		return STEP_ON;
	}
	bool andn = strcmp(m, "s_andn2_b32") == 0 || strcmp(m, "s_and_not1_b32") == 0;
	if ((strcmp(m, "s_and_b32") == 0 || andn) && in->nops == 3 && sreg_of(&o[0], 0, &r) && o[2].kind == AOP_IMM) {
		/* Stack realignment: x & -2^k (0xffffe000), or x & ~(2^k - 1)
		 * (s_and_not1_b32 s33, s33, 31 on gfx11). */
		uint32_t mask = andn ? ~(uint32_t)o[2].imm : (uint32_t)o[2].imm, low = ~mask;
		if (mask && (low & (low + 1)) == 0) {
			unsigned k = 0;
			while (k < 32 && (low >> k & 1))
				k++;
			write_s(st, r, (Val){ .kind = V_ALIGNED, .reg = (uint16_t)k, .id = ++x->fresh });
			st->s[R_SCC] = unknown(x, in->line);
			return STEP_ON;
		}
	}
	/* s_addk_co_i32: gfx12's name for it. */
	if ((strcmp(m, "s_addk_i32") == 0 || strcmp(m, "s_addk_co_i32") == 0) && in->nops == 2 && sreg_of(&o[0], 0, &r) &&
	    o[1].kind == AOP_IMM) {
		write_s(st, r, add(x, st->s[r], konst((int16_t)o[1].imm), false, in->line));
		st->s[R_SCC] = unknown(x, in->line);
		return STEP_ON;
	}
	const LaneInstr *li = lane_instr(m);
	if (li && lane_step(x, st, in, li))
		return STEP_ON;
	if (starts(m, "v_cmp"))
		return compare(x, st, in) ? STEP_ON : STEP_END;
	if (strcmp(m, "v_writelane_b32") == 0 && in->nops == 3 && o[0].kind == AOP_REG && o[2].kind == AOP_IMM) {
		RegFile f = o[0].file == RF_AGPR ? RF_AGPR : RF_VGPR;
		unsigned reg = o[0].first % REGSET_MAX;
		Val v = read_op(x, st, &o[1], 0, in->line);
		unsigned k = 0;
		while (k < st->nov && !(st->ov[k].file == f && st->ov[k].reg == reg && st->ov[k].lane == (unsigned)o[2].imm))
			k++;
		if (k == MAX_OVERLAYS) {
			(f == RF_VGPR ? st->v : st->a)[reg].lost = true;
			return STEP_ON;
		}
		st->ov[k] = (Overlay){ .file = (uint8_t)f, .reg = (uint16_t)reg, .lane = (uint16_t)o[2].imm,
				       .maybe_active = true, .maybe_inactive = true, .v = v };
		if (k == st->nov)
			st->nov++;
		return STEP_ON;
	}
	if (strcmp(m, "v_readlane_b32") == 0 && in->nops == 3 && sreg_of(&o[0], 0, &r) && o[1].kind == AOP_REG &&
	    o[2].kind == AOP_IMM) {
		RegFile f = o[1].file == RF_AGPR ? RF_AGPR : RF_VGPR;
		Val v = unknown(x, in->line);
		for (unsigned k = 0; k < st->nov; k++)
			if (st->ov[k].file == f && st->ov[k].reg == o[1].first % REGSET_MAX && st->ov[k].lane == (unsigned)o[2].imm)
				v = st->ov[k].v;
		write_s(st, r, v);
		return STEP_ON;
	}
	if ((starts(m, "v_mov_b32") || strcmp(m, "v_dual_mov_b32") == 0 || starts(m, "v_accvgpr_write") || starts(m, "v_accvgpr_read") ||
	     strcmp(m, "v_accvgpr_mov_b32") == 0) && !strstr(m, "dpp") && !strstr(m, "sdwa") && in->nops == 2 &&
	    o[0].kind == AOP_REG) {
		return write_v(x, st, in, (RegFile)o[0].file, o[0].first, read_op(x, st, &o[1], 0, in->line)) ? STEP_ON
														  : STEP_END;
	}
	if (strcmp(m, "v_readfirstlane_b32") == 0 && in->nops == 2 && sreg_of(&o[0], 0, &r)) {
		/* The value of one active lane: the register's if it is uniform
		 * (copied from a scalar). */
		Val v = read_op(x, st, &o[1], 0, in->line);
		write_s(st, r, (v.kind == V_ENTRY && v.file == RF_VGPR) || v.kind == V_MIXED ? unknown(x, in->line) : v);
		return STEP_ON;
	}
	if (strstr(m, "_load") || strstr(m, "_store") || starts(m, "ds_") || strstr(m, "_atomic"))
		return memory(x, st, in) ? STEP_ON : STEP_END;
	/* What the executor does not model precisely: EXEC from anything but
	 * a saveexec or a move, writes relative to M0, lane permutations that
	 * write two registers. */
	if (writes_exec(in) || strstr(m, "movrel") || strstr(m, "permlane") || strstr(m, "swap") ||
	    starts(m, "s_set_gpr_idx") || starts(m, "s_call") || starts(m, "s_rfe")) {
		stop(x, VERDICT_UNKNOWN, in->line, "%s is outside the supported subset", m);
		return STEP_END;
	}
	/* Scalar and vector ALU: the first register operand is what it
	 * defines (comparisons define SCC or VCC instead); VALU carry-outs
	 * (_co_, div_scale) define their second. */
	if (starts(m, "s_") || starts(m, "v_")) {
		bool cmp = starts(m, "s_cmp") || starts(m, "s_bitcmp");
		if (starts(m, "s_"))
			st->s[R_SCC] = unknown(x, in->line);
		if (cmp)
			return STEP_ON;
		unsigned defs = (strstr(m, "_co_") || strstr(m, "div_scale")) && starts(m, "v_") ? 2 : 1;
		for (unsigned d = 0; d < defs && d < in->nops; d++) {
			const AsmOp *op = &o[d];
			unsigned sr, width = op->count;
			if (op->kind == AOP_SPECIAL)
				special_reg(op->text, &sr, &width);
			for (unsigned k = 0; k < width; k++) {
				if (op->kind == AOP_REG && op->file != RF_SGPR) {
					if (!write_v(x, st, in, (RegFile)op->file, op->first + k, unknown(x, in->line)))
						return STEP_END;
				} else if (sreg_of(op, k, &r))
					write_s(st, r, unknown(x, in->line));
			}
		}
		return STEP_ON;
	}
	stop(x, VERDICT_UNKNOWN, in->line, "%s is outside the supported subset", m);
	return STEP_END;
}

static uint32_t label_target(const AsmFunction *f, int label) { return f->label_at[label]; }

/* A digest of what a state holds, up to the names of values the executor
 * made up (unknowns, mixed lanes: by the line that made them) and the
 * count of stores through unknown addresses: two rounds of a loop with
 * the same digest go on alike. */
static uint64_t digest_bytes(uint64_t h, const void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ ((const uint8_t *)p)[i]) * 0x100000001b3ull;
	return h;
}

static uint64_t digest_val(uint64_t h, Val v)
{
	bool named = v.kind != V_UNKNOWN && v.kind != V_MAYBE && v.kind != V_MIXED && v.kind != V_ALIGNED;
	int64_t w[4] = { v.kind, v.file << 16 | v.reg, named ? v.id : 0, v.off };
	return digest_bytes(h, w, sizeof w);
}

static uint64_t digest(const State *st)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (unsigned r = 0; r < NSREG; r++)
		h = digest_val(h, st->s[r]);
	for (unsigned r = 0; r < REGSET_MAX; r++) {
		const VReg *g[2] = { &st->v[r], &st->a[r] };
		for (unsigned f = 0; f < 2; f++) {
			h = digest_val(digest_val(h, g[f]->act), g[f]->inact);
			h = digest_bytes(h, &g[f]->lost, sizeof g[f]->lost);
		}
	}
	for (unsigned i = 0; i < st->nslots; i++) {
		const Slot *s = &st->slots[i];
		bool now[2] = { s->gen_act == st->mem_gen, s->gen_inact == st->mem_gen };
		h = digest_val(digest_val(digest_val(h, s->base), s->act), s->inact);
		h = digest_bytes(h, now, sizeof now);
	}
	for (unsigned i = 0; i < st->nov; i++) {
		const Overlay *o = &st->ov[i];
		uint32_t w[3] = { (uint32_t)o->file << 16 | o->reg, o->lane, (uint32_t)o->maybe_active << 1 | o->maybe_inactive };
		h = digest_val(digest_bytes(h, w, sizeof w), o->v);
	}
	return digest_bytes(h, &st->maybe_stored, sizeof st->maybe_stored);
}

/* A path back at the head of a loop (st->pc, by a backward branch at
 * line): it goes round again unless the last round began from the same
 * state (what follows was followed then); false: the path ends here. */
static bool loop_round(Exec *x, State *st, uint32_t line)
{
	unsigned h = 0;
	while (h < st->nheads && st->heads[h].pc != st->pc)
		h++;
	if (h == st->nheads) {
		if (h == EXEC_MAX_LOOPS) {
			stop(x, VERDICT_UNKNOWN, line, "more than %u loops on a path", EXEC_MAX_LOOPS);
			return false;
		}
		st->nheads++;
		st->heads[h].pc = st->pc;
		st->heads[h].visits = 0;
	}
	uint32_t head_line = x->in->f->instrs[st->pc < x->in->f->ninstrs ? st->pc : 0].line;
	/* Masks in as few variables as tell lanes apart. */
	if (!compact(x, st, LANE_ALL))
		return false;
	uint64_t d = digest(st);
	if (st->heads[h].visits && st->heads[h].digest == d)
		return false;
	if (++st->heads[h].visits > EXEC_LOOP_ROUNDS) {
		stop(x, VERDICT_UNKNOWN, line, "the loop at line %u does not settle in %u rounds", head_line, EXEC_LOOP_ROUNDS);
		return false;
	}
	st->heads[h].digest = d;
	return true;
}

void asm_exec(const ExecInput *in, ExecResult *out)
{
	memset(out, 0, sizeof *out);
	Exec *x = calloc(1, sizeof *x);
	State *st = x ? malloc(sizeof *st) : 0;
	if (!x || !st || in->f->failed) {
		out->verdict = VERDICT_UNKNOWN;
		snprintf(out->why, sizeof out->why, "%s", in->f->failed ? in->f->error : "out of memory");
		free(st);
		free(x);
		return;
	}
	x->in = in;
	x->out = out;
	x->scale = in->contract->sp_scale ? in->contract->sp_scale : 1;
	x->sp = in->contract->stack_ptr.count ? in->contract->stack_ptr.first : 32;
	state_init(st);
	x->stack[x->depth++] = st;
	while (x->depth && !x->done) {
		State *s = x->stack[--x->depth];
		while (!x->done) {
			if (s->pc >= in->f->ninstrs) {
				stop(x, VERDICT_VIOLATED, in->f->ninstrs ? in->f->instrs[in->f->ninstrs - 1].line : in->f->line,
				     "the code ends without a return");
				break;
			}
			if (++s->steps > EXEC_MAX_STEPS) {
				stop(x, VERDICT_UNKNOWN, in->f->instrs[s->pc].line, "a path longer than %u instructions (a loop?)",
				     EXEC_MAX_STEPS);
				break;
			}
			const AsmInstr *ins = &in->f->instrs[s->pc];
			int label = -1;
			Step k = step(x, s, ins, &label);
			if (k == STEP_END) {
				out->paths++;
				break;
			}
			if (k == STEP_FORK) {
				if (x->depth + 1 >= EXEC_MAX_PATHS || out->paths + x->depth >= EXEC_MAX_PATHS) {
					stop(x, VERDICT_UNKNOWN, ins->line, "more than %u paths", EXEC_MAX_PATHS);
					break;
				}
				State *t = malloc(sizeof *t);
				if (!t) {
					stop(x, VERDICT_UNKNOWN, ins->line, "out of memory");
					break;
				}
				*t = *s;
				t->pc = label_target(in->f, label);
				bool t_runs = true, s_runs = true;
				if (x->zero_reg && x->zero_taken)
					t_runs = mask_zero(x, t, x->zero_reg);
				else if (x->zero_reg)
					s_runs = mask_zero(x, s, x->zero_reg);
				if (!t_runs || (t->pc <= s->pc && !loop_round(x, t, ins->line))) {
					out->paths++;
					free(t);
				} else
					x->stack[x->depth++] = t;
				s->pc++;
				if (!s_runs) {
					out->paths++;
					break;
				}
			} else if (k == STEP_JUMP) {
				uint32_t from = s->pc;
				s->pc = label_target(in->f, label);
				if (s->pc <= from && !loop_round(x, s, ins->line)) {
					out->paths++;
					break;
				}
			} else
				s->pc++;
		}
		free(s);
	}
	while (x->depth)
		free(x->stack[--x->depth]);
	if (!x->done && x->pending[0]) {
		out->verdict = VERDICT_UNKNOWN;
		out->line = x->pending_line;
		snprintf(out->why, sizeof out->why, "%s", x->pending);
	} else if (!x->done)
		out->verdict = out->returns ? VERDICT_PROVEN : VERDICT_UNKNOWN;
	if (!x->done && !x->pending[0] && !out->returns)
		snprintf(out->why, sizeof out->why, "no path returns");
	free(x);
}
