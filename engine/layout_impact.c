/* One layout's impact on the arguments of a signature: parts in SGPRs,
 * VGPRs and stack slots, amdgpu_gfx inreg parts a shader must move, and
 * free SGPR quads (layout_impact.h); `gcnabi layouts --impact` and
 * `gcnabi ab --layout A --layout B` add them up. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "passthrough.h"

void layout_impact_add(LayoutImpact *t, const Layout *l, const Sig *s, const Placement *p)
{
	t->functions++;
	if (!p || !p->ok) {
		t->refused++;
		return;
	}
	bool taken[SGPR_COUNT] = { 0 };
	uint64_t end = 0;
	for (unsigned i = 0; i < p->nargs && i < s->nparams; i++)
		for (unsigned k = 0; k < p->args[i].count; k++) {
			const Loc *loc = &p->locs[p->args[i].first + k];
			if (loc->kind == LOC_SGPR) {
				t->sgpr++;
				if (loc->reg < SGPR_COUNT)
					taken[loc->reg] = true;
			} else if (loc->kind == LOC_VGPR) {
				t->vgpr++;
			} else if (loc->kind == LOC_STACK) {
				t->stack++;
				/* A slot of unknown object size takes its 4 bytes. */
				uint64_t slot_end = (uint64_t)loc->offset + (loc->size ? loc->size : 4);
				end = slot_end > end ? slot_end : end;
			}
		}
	t->stack_bytes += end;
	if (s->cc != CC_AMDGPU_GFX)
		return;
	PassCost cost;
	passthrough_cost_in_order(s, p, &cost);
	t->gfx_functions++;
	t->gfx_inreg_parts += cost.parts;
	t->gfx_sgpr_moves += cost.parts - cost.in_place;
	/* Every fixed role counts, the descriptor too: a layout is measured
	 * for every target at once. */
	for (int r = 0; r < ROLE_FIXED_COUNT; r++)
		for (unsigned k = 0; k < l->role[r].count && l->role[r].first + k < SGPR_COUNT; k++)
			taken[l->role[r].first + k] = true;
	for (unsigned q = 0; q < IMPACT_QUAD_LIMIT; q += 4)
		t->gfx_free_quads += !(taken[q] || taken[q + 1] || taken[q + 2] || taken[q + 3]);
}

static int place_one(void *ctx, const Sig *sig, const SigError *err)
{
	LayoutRun *r = ctx;
	if (err) {
		layout_impact_add(&r->t, r->m.layout, NULL, NULL);
		place_malformed_json(&r->stream, err);
		return 0;
	}
	cc_place(sig, &r->m, VIEW_CALLEE, r->p);
	layout_impact_add(&r->t, r->m.layout, sig, r->p);
	size_t n = place_print_json(sig, r->p, r->line, r->cap);
	if (n >= r->cap) {
		char *bigger = realloc(r->line, n + 1);
		if (!bigger) {
			r->out_of_memory = true;
			return 1;
		}
		r->line = bigger;
		r->cap = n + 1;
		place_print_json(sig, r->p, r->line, r->cap);
	}
	buf_put(&r->stream, r->line, n);
	buf_put(&r->stream, "\n", 1);
	r->out_of_memory = r->stream.failed;
	return r->out_of_memory;
}

bool layout_run_diff(const LayoutRun *a, const LayoutRun *b, const char *file_a, const char *file_b,
			uint32_t counts[3])
{
	DiffOptions o = { .file_a = file_a, .file_b = file_b, .label_a = "A", .label_b = "B", .json = true,
			  .summary_only = true };
	Buf out = { 0 }, diag = { 0 };
	int status = diff_streams(a->stream.p ? a->stream.p : "", a->stream.n, b->stream.p ? b->stream.p : "",
				  b->stream.n, &o, &out, &diag);
	JsonArena *arena = json_arena_new();
	JsonError jerr;
	const JsonValue *sum = arena && out.p && !(status & EXIT_ERROR) ? json_parse(arena, out.p, out.n, &jerr) : NULL;
	bool ok = sum && json_u32(json_get(sum, "divergences"), &counts[0]) &&
		  json_u32(json_get(sum, "to_stack"), &counts[1]) && json_u32(json_get(sum, "off_stack"), &counts[2]);
	if (!ok)
		fprintf(stderr, "gcnabi layouts: comparing the placements of %s with those of %s failed\n%s", file_b, file_a,
			diag.p ? diag.p : "");
	json_arena_free(arena);
	buf_free(&out);
	buf_free(&diag);
	return ok;
}

bool layout_run(LayoutRun *r, const char *input, const char *text, size_t len, bool say_malformed)
{
	r->input = input;
	r->say_malformed = say_malformed;
	r->p = malloc(sizeof *r->p);
	if (r->p)
		sig_read(r->input, text, len, r->say_malformed, place_one, r);
	return r->p && !r->out_of_memory && !r->stream.failed;
}

void layout_run_free(LayoutRun *r)
{
	buf_free(&r->stream);
	free(r->line);
	free(r->p);
}
