/* The headers of the IR module embedded at the top of llc's MIR: only
 * those the MIR needs (its functions, their callees, the callees of
 * function pointers), found by name through an open-addressing hash. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_work.h"

static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The slot holding name, or the empty slot where it would go. */
static SigSlot *sigtab_slot(const SigTable *t, const char *name)
{
	uint32_t i = name_hash(name) % SIGTAB_SLOTS;
	while (t->slots[i].name[0] && strcmp(t->slots[i].name, name) != 0)
		i = (i + 1) % SIGTAB_SLOTS;
	return &t->slots[i];
}

SigSlot *sigtab_find(const SigTable *t, const char *name)
{
	if (!t->slots || !name[0])
		return NULL;
	SigSlot *s = sigtab_slot(t, name);
	return s->name[0] ? s : NULL;
}

static void sigtab_want(SigTable *t, const char *name)
{
	if (!name[0] || t->n >= MIR_MAX_SIGS)
		return;
	if (!t->slots && !(t->slots = calloc(SIGTAB_SLOTS, sizeof *t->slots))) {
		t->nomem = true;
		return;
	}
	SigSlot *s = sigtab_slot(t, name);
	if (s->name[0])
		return;
	str_copy(str_make(name, strlen(name)), s->name, SIG_NAME_MAX);
	t->n++;
}

void sigtab_free(SigTable *t)
{
	for (uint32_t i = 0; t->slots && i < SIGTAB_SLOTS; i++)
		free(t->slots[i].sig);
	free(t->slots);
	free(t->fptrs);
}

/* The function pointers of the module (ir, n bytes), for the callees of
 * indirect calls. */
static void collect_fptrs(const char *ir, size_t n, SigTable *t)
{
	Str rest = str_make(ir, n), line;
	uint32_t cap = 0;
	while (str_next_line(&rest, &line)) {
		FptrName f;
		if (!parse_fptr_global(line, &f.i, f.name, sizeof f.name))
			continue;
		if (t->nfptrs == cap) {
			FptrName *grown = realloc(t->fptrs, (cap ? 2 * cap : 16) * sizeof *grown);
			if (!grown) {
				t->nomem = true;
				return;
			}
			t->fptrs = grown;
			cap = cap ? 2 * cap : 16;
		}
		t->fptrs[t->nfptrs++] = f;
	}
}

const char *fptr_callee(const SigTable *t, uint32_t i)
{
	for (uint32_t k = 0; k < t->nfptrs; k++)
		if (t->fptrs[k].i == i)
			return t->fptrs[k].name;
	return NULL;
}

static int keep_wanted_sig(void *ctx, const Sig *sig, const SigError *err)
{
	SigTable *t = ctx;
	(void)err;
	SigSlot *s = sig ? sigtab_find(t, sig->name) : NULL;
	if (s && !s->sig) {
		s->sig = malloc(sizeof *s->sig);
		if (s->sig)
			*s->sig = *sig;
		else
			t->nomem = true;
	}
	return 0;
}

/* The callee named by a call instruction's first global operand. */
bool call_callee(Str ops, char *buf, size_t cap)
{
	Str op;
	unsigned flags;
	while (next_operand(&ops, &op))
		if (parse_global(operand_strip_flags(op, &flags), buf, cap))
			return true;
	buf[0] = 0;
	return false;
}

/* A cheap filter before splitting a line: every call opcode contains
 * "CALL", "TCRETURN" or "CS_CHAIN". */
static bool line_may_call(Str line)
{
	for (size_t i = 0; i + 4 <= line.n; i++)
		if ((line.p[i] == 'C' && (memcmp(line.p + i, "CALL", 4) == 0 || (i + 8 <= line.n && memcmp(line.p + i, "CS_CHAIN", 8) == 0))) ||
		    (line.p[i] == 'T' && i + 8 <= line.n && memcmp(line.p + i, "TCRETURN", 8) == 0))
			return true;
	return false;
}

/* Every function document's name and every direct callee. */
static void collect_wanted_names(const char *text, size_t len, SigTable *t, FuncHeader *h)
{
	DocIter it;
	MirDoc d;
	doc_iter_init(&it, text, len);
	while (doc_next(&it, &d)) {
		if (d.is_ir)
			continue;
		func_header_read(&d, h);
		sigtab_want(t, h->name);
		Str rest = h->body, line, defs, opcode, ops, mem;
		char callee[SIG_NAME_MAX];
		while (str_next_line(&rest, &line))
			if (line_may_call(line) && instr_split(str_trim(line), &defs, &opcode, &ops, &mem) &&
			    opcode_is_call(opcode) && call_callee(ops, callee, sizeof callee))
				sigtab_want(t, callee);
	}
}

/* Without a list of wanted names: every header, while they fit. */
int keep_every_sig(void *ctx, const Sig *sig, const SigError *err)
{
	SigTable *t = ctx;
	if (!sig)
		return 0;
	if (t->n >= MIR_MAX_SIGS && !sigtab_find(t, sig->name)) {
		t->full = true;
		return 1;
	}
	sigtab_want(t, sig->name);
	return keep_wanted_sig(ctx, sig, err);
}

static void parse_embedded_ir(const char *text, size_t len, SigTable *t, SigSink keep)
{
	DocIter it;
	MirDoc d;
	doc_iter_init(&it, text, len);
	while (doc_next(&it, &d)) {
		if (!d.is_ir || !d.complete)
			continue;
		char *ir = malloc(d.text.n + 2);
		if (!ir) {
			t->nomem = true;
			return;
		}
		size_t n = doc_ir_text(&d, ir);
		sig_parse_module(ir, n, keep, t);
		if (!t->nfptrs)
			collect_fptrs(ir, n, t);
		free(ir);
		return;
	}
}

/* The embedded module's headers. Most modules have few enough functions to
 * keep them all; a larger one is read again for just the functions the MIR
 * defines or calls. */
void load_sigs(const char *text, size_t len, SigTable *t, FuncHeader *h)
{
	parse_embedded_ir(text, len, t, keep_every_sig);
	if (!t->full)
		return;
	sigtab_free(t);
	*t = (SigTable){ 0 };
	collect_wanted_names(text, len, t, h);
	parse_embedded_ir(text, len, t, keep_wanted_sig);
}
