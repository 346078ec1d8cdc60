/* Symbolic values of the final-code checker: constants, entry values,
 * unknowns, symbols (a callee's address), lane masks; an operand read as
 * one, and EXEC's mask classified. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

Val val_of_kind(VKind k) { return (Val){ .kind = (uint8_t)k }; }
Val const_val(int64_t c) { return (Val){ .kind = V_CONST, .off = c }; }
Val entry_val(RegFile f, unsigned r) { return (Val){ .kind = V_ENTRY, .file = (uint8_t)f, .reg = (uint16_t)r }; }
Val unknown_val(Exec *x, uint32_t line) { return (Val){ .kind = V_UNKNOWN, .id = ++x->fresh, .off = line }; }

Val lane0_val(Exec *x, uint32_t line, unsigned vgpr)
{
	return (Val){ .kind = V_UNKNOWN, .file = (uint8_t)(vgpr < 256 ? vgpr : 255), .reg = LANE0_WORD,
		      .id = ++x->fresh, .off = line };
}

Val data_val(Exec *x, uint32_t line)
{
	return (Val){ .kind = V_UNKNOWN, .reg = DATA_WORD, .id = ++x->fresh, .off = line };
}

Val varying_val(Exec *x, uint32_t line, Val like)
{
	Val v = like.kind == V_UNKNOWN ? like : unknown_val(x, line);
	v.reg |= VARIES;
	return v;
}

bool val_varies(const Exec *x, Val v)
{
	switch ((VKind)v.kind) {
	case V_ENTRY: return v.file == RF_VGPR && v.reg < 256 && !(x->in->uniform_vgprs[v.reg / 64] >> (v.reg % 64) & 1);
	case V_UNKNOWN: return (v.reg & VARIES) != 0;
	case V_AMOUNT: return v.file != 0;
	/* V_MIXED: written in some lanes under a narrowed EXEC, whose other
	 * lanes may still hold one value (a waterfall loop's later rounds
	 * read a uniform operand the call clobbered in the lanes done) */
	default: return false;
	}
}

bool same_val(Val a, Val b)
{
	return a.kind == b.kind && a.file == b.file && a.reg == b.reg && a.id == b.id && a.off == b.off;
}

bool is_entry(Val v, RegFile f, unsigned r) { return same_val(v, entry_val(f, r)); }

void val_describe(const Exec *x, Val v, char *buf, size_t cap)
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
	case V_MAYBE: snprintf(buf, cap, "a value reloaded from the stack after a store through, or from, an unknown address"); break;
	case V_ALIGNED: snprintf(buf, cap, "a realigned frame address%+lld", (long long)v.off); break;
	case V_LANES: snprintf(buf, cap, "a lane mask computed from a compare"); break;
	case V_MIXED: snprintf(buf, cap, "lanes of it written under a divergent EXEC (line %lld)", (long long)v.off); break;
	case V_AMOUNT:
		snprintf(buf, cap, "a size computed at run time (a multiple of %lld)", (long long)1 << (v.reg + v.off));
		break;
	case V_DYN: snprintf(buf, cap, "the top of a dynamic alloca%+lld", (long long)v.off); break;
	default: snprintf(buf, cap, "a value computed at line %lld", (long long)v.off); break;
	}
}

unsigned sym_id(Exec *x, const char *p, size_t n)
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
Val symbolic(Exec *x, const char *t, uint32_t line)
{
	const char *at = strchr(t, '@');
	if (at) {
		bool lo = strstr(at, "@lo") != 0, hi = strstr(at, "@hi") != 0;
		bool got = strncmp(at, "@gotpcrel", 9) == 0;
		if (lo == hi)
			return unknown_val(x, line);
		unsigned id = sym_id(x, t, (size_t)(at - t));
		if (id == MAX_SYMS)
			return unknown_val(x, line);
		return (Val){ .kind = (uint8_t)(got ? (lo ? V_GOT_LO : V_GOT_HI) : (lo ? V_SYM_LO : V_SYM_HI)), .id = id };
	}
	if (t[0] == '(' && t[1] == '.') {
		const char *minus = strchr(t, '-');
		if (!minus)
			return unknown_val(x, line);
		int l = asm_label_find(x->in->f, t + 1, (size_t)(minus - t - 1));
		if (l < 0)
			return unknown_val(x, line);
		bool hi = strstr(t, ">>32") != 0;
		return (Val){ .kind = (uint8_t)(hi ? V_LABEL_HI : V_LABEL_LO), .id = (uint32_t)l };
	}
	return unknown_val(x, line);
}

bool special_reg(const char *t, unsigned *r, unsigned *n)
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
bool sreg_of(const AsmOp *op, unsigned k, unsigned *r)
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
Val read_op(Exec *x, const State *st, const AsmOp *op, unsigned k, uint32_t line)
{
	unsigned r;
	switch ((AsmOpKind)op->kind) {
	case AOP_REG:
		if (k >= op->count || (unsigned)op->first + k >= REGSET_MAX)
			return unknown_val(x, line);
		if (op->file == RF_SGPR)
			return op->first + k < R_VCC ? st->s[op->first + k] : unknown_val(x, line);
		return (op->file == RF_VGPR ? st->v : st->a)[op->first + k].act;
	case AOP_SPECIAL:
		return sreg_of(op, k, &r) && r != R_JUNK ? st->s[r] : unknown_val(x, line);
	case AOP_IMM: /* a 64-bit operand's high half: the immediate sign-extended */
		return k == 0 ? const_val(op->imm) : const_val(op->imm < 0 ? -1 : 0);
	case AOP_OTHER: return k == 0 ? symbolic(x, op->text, line) : unknown_val(x, line);
	default: return unknown_val(x, line);
	}
}

/* Value v as a lane mask: *half the half of the wave it is of (EXEC's
 * halves, exec_lo and exec_hi, have entry values of their own), -1 for a
 * constant of either; false: not a mask the executor follows. */
bool lanes_of(Val v, Lanes *l, int *half)
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
Val lanes_val(Exec *x, Lanes l, int half, uint32_t line)
{
	uint32_t e = lane_var(0);
	if (l.t == 0)
		return const_val(0);
	if (!l.within && l.t == LANE_ALL)
		return const_val(-1);
	if (half < 0 || (l.within && l.t == LANE_ALL))
		return unknown_val(x, line);
	if (!l.within && (l.t == e || l.t == ~e))
		return (Val){ .kind = (uint8_t)(l.t == e ? V_ENTRY : V_NOT_ENTRY), .file = RF_SGPR, .reg = (uint16_t)(R_EXEC + half) };
	return (Val){ .kind = V_LANES, .file = l.within, .reg = (uint16_t)(R_EXEC + half), .off = l.t };
}

Mask mask_of(const Exec *x, const State *st)
{
	Val lo = st->s[R_EXEC], hi = st->s[R_EXEC + 1];
	bool w64 = x->in->wave == 64;
	if (is_entry(lo, RF_SGPR, R_EXEC) && (!w64 || is_entry(hi, RF_SGPR, R_EXEC + 1)))
		return MASK_ENTRY;
	if (lo.kind == V_NOT_ENTRY && lo.reg == R_EXEC && (!w64 || (hi.kind == V_NOT_ENTRY && hi.reg == R_EXEC + 1)))
		return MASK_INACTIVE;
	if (same_val(lo, const_val(-1)) && (!w64 || same_val(hi, const_val(-1))))
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
Val mix_val(Exec *x, Val old, Val v, uint32_t line)
{
	return same_val(old, v) ? v : (Val){ .kind = V_MIXED, .id = ++x->fresh, .off = line };
}
