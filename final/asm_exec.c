/* The final-code checker (asm_exec.h): the walk over a function's paths,
 * both sides of each branch, loops until their state repeats. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

const char *const verdict_names[VERDICT_COUNT] = { "proven", "violated", "unknown" };

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
	bool named = v.kind != V_UNKNOWN && v.kind != V_MAYBE && v.kind != V_MIXED && v.kind != V_ALIGNED &&
		     v.kind != V_AMOUNT && v.kind != V_DYN;
	int64_t w[4] = { v.kind, v.file << 16 | v.reg, named ? v.id : 0, v.off };
	return digest_bytes(h, w, sizeof w);
}

uint64_t state_digest(const State *st)
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
	uint64_t d = state_digest(st);
	if (st->heads[h].visits && st->heads[h].digest == d)
		return false;
	for (unsigned k = 0; k < x->nrounds; k++)
		if (x->rounds[k].pc == st->pc && x->rounds[k].digest == d)
			return false;
	if (x->nrounds < EXEC_MAX_ROUNDS) {
		x->rounds[x->nrounds].pc = st->pc;
		x->rounds[x->nrounds++].digest = d;
	}
	if (++st->heads[h].visits > EXEC_LOOP_ROUNDS) {
		stop(x, VERDICT_UNKNOWN, line, "the loop at line %u does not settle in %u rounds", head_line, EXEC_LOOP_ROUNDS);
		return false;
	}
	st->heads[h].digest = d;
	return true;
}

/* A function that addresses its stack through flat scratch (scratch_load_*,
 * scratch_store_*) counts SP in bytes per lane whatever the target's
 * default, as with -mattr=+enable-flat-scratch on gfx9, and a frame in
 * wave-scaled units would be misread as misaligned. */
unsigned asm_sp_scale(const AsmFunction *f, const Contract *c)
{
	for (uint32_t i = 0; i < f->ninstrs; i++)
		if (strncmp(f->instrs[i].mnemonic, "scratch_", 8) == 0)
			return 1;
	return c->sp_scale ? c->sp_scale : 1;
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
	x->scale = asm_sp_scale(in->f, in->contract);
	x->sp = in->contract->stack_ptr.count ? in->contract->stack_ptr.first : 32;
	state_init(st);
	x->stack[x->depth++] = st;
	while (x->depth && !x->done) {
		State *s = x->stack[--x->depth];
		while (!x->done) {
			if (s->pc >= in->f->ninstrs) {
				uint32_t last = in->f->ninstrs ? in->f->instrs[in->f->ninstrs - 1].line : in->f->line;
				if (in->contract->entry) {
					exec_epilog(x, s, last);
					out->paths++;
				} else
					stop(x, VERDICT_VIOLATED, last, "the code ends without a return");
				break;
			}
			if (++s->steps > EXEC_MAX_STEPS) {
				stop(x, VERDICT_UNKNOWN, in->f->instrs[s->pc].line, "a path longer than %u instructions (a loop?)",
				     EXEC_MAX_STEPS);
				break;
			}
			const AsmInstr *ins = &in->f->instrs[s->pc];
			int label = -1;
			Step k = exec_step(x, s, ins, &label);
			if (k == STEP_END) {
				out->paths++;
				break;
			}
			if (k == STEP_FORK) {
				s->branched = true;
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
