/* The machine state: registers written (a VGPR's active and inactive lanes
 * apart), the entry state, and a path stopped with its verdict. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

void stop(Exec *x, Verdict v, uint32_t line, const char *fmt, ...)
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
void ov_filter(State *st, RegFile f, unsigned r, bool drop_active, bool drop_inactive)
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
void ov_where(const State *st, RegFile f, unsigned r, bool *act, bool *inact)
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
bool write_some(Exec *x, State *st, const AsmInstr *in, RegFile f, unsigned r, Val v)
{
	bool ov_act, ov_inact, inactive = mask_of(x, st) == MASK_LANES;
	ov_where(st, f, r, &ov_act, &ov_inact);
	if (ov_act || (inactive && ov_inact)) {
		stop(x, VERDICT_UNKNOWN, in->line,
		     "EXEC is not followed here (%s writes some lanes of a VGPR v_writelane_b32 wrote)", in->mnemonic);
		return false;
	}
	VReg *g = &(f == RF_VGPR ? st->v : st->a)[r];
	g->act = mix_val(x, g->act, v, in->line);
	if (inactive)
		g->inact = mix_val(x, g->inact, v, in->line);
	return true;
}

bool whole_wave_lanes(Exec *x, const State *st, const AsmInstr *in, const char *what)
{
	if (!x->in->contract->whole_wave || st->branched)
		return true;
	Mask m = mask_of(x, st);
	if (m != MASK_ENTRY && m != MASK_INACTIVE)
		return true; /* every lane, or a mask of the body's own making */
	stop(x, VERDICT_VIOLATED, in->line,
	     "a whole-wave function's body runs with every lane on (EXEC = -1), but %s (%s) runs with EXEC = %s", what,
	     in->mnemonic, m == MASK_ENTRY ? "the caller's mask" : "the lanes inactive at entry");
	blame(x, st, R_EXEC);
	return false;
}

/* A VALU write of a vector register under the current EXEC. */
bool write_v(Exec *x, State *st, const AsmInstr *in, RegFile f, unsigned r, Val v)
{
	if (r >= REGSET_MAX)
		return true;
	VReg *g = &(f == RF_VGPR ? st->v : st->a)[r];
	/* the body's arithmetic (not a load: the epilogue's reloads; not an
	 * AGPR copy: a prologue's save) */
	if (has_prefix(in->mnemonic, "v_") && !has_prefix(in->mnemonic, "v_accvgpr") &&
	    !whole_wave_lanes(x, st, in, "a VALU write of a VGPR"))
		return false;
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

void write_s(State *st, unsigned r, Val v)
{
	if (r < R_JUNK) {
		st->s[r] = v;
		st->s_at[r] = st->pc + 1;
	}
}

/* The violation just found is by the value SGPR r holds: blame the
 * instruction that wrote it. */
void blame(Exec *x, const State *st, unsigned r)
{
	if (x->out->verdict == VERDICT_VIOLATED && r < NSREG && st->s_at[r])
		x->out->culprit = x->in->f->instrs[st->s_at[r] - 1].line;
}


/* The entry state: every register its own symbol; the SP-relative
 * scratch unknown until written. */
void state_init(State *st)
{
	memset(st, 0, sizeof *st);
	for (unsigned r = 0; r < NSREG; r++)
		st->s[r] = entry_val(RF_SGPR, r);
	for (unsigned r = 0; r < REGSET_MAX; r++) {
		st->v[r].act = st->v[r].inact = entry_val(RF_VGPR, r);
		st->a[r].act = st->a[r].inact = entry_val(RF_AGPR, r);
	}
}

const char *reg_name(RegFile f, unsigned r, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s%u", reg_file_prefix[f], r);
	return buf;
}
