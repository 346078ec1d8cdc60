/* mir_observe: from llc's MIR to Placements. Incoming registers and stack
 * objects are grouped by the gcnabi.<i>.in.<K> stores they reach, returns
 * read off the return instruction, and each call site's outgoing registers
 * and stack dwords attributed to the gcnabi.<i>.out.<K> loads their bytes
 * come from (mir_trace.c follows them through sub-registers, merges and
 * stack temporaries). Sigs come from the IR module embedded at the top of
 * the file. */
#include "mir.h"
#include "mir_parse.h"
#include "rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	/* outgoing registers and stack stores per call: a byval object copied
	 * at align 1 is stored byte by byte (seed 20261212: 1124 bytes of
	 * stack arguments, more than 1024 stores before the registers) */
	MIR_MAX_OUTPARTS = 8192,
	SIGTAB_SLOTS = 2 * MIR_MAX_SIGS, /* hash slots: at most half full */
};

/* --- the headers of the embedded IR module --------------------------- */

/* Only the headers the MIR needs are kept: its functions and their callees,
 * found by name through an open-addressing hash. */
typedef struct {
	char name[SIG_NAME_MAX];
	Sig *sig; /* NULL until the IR module supplies the header */
} SigSlot;

/* An indirect call's callee: gcnabi emit's function pointer <i> holds @name. */
typedef struct {
	uint32_t i;
	char name[SIG_NAME_MAX];
} FptrName;

typedef struct {
	SigSlot *slots; /* SIGTAB_SLOTS of them once a name is wanted */
	uint32_t n;
	bool nomem;
	bool full; /* keep_every_sig met more than MIR_MAX_SIGS headers */
	FptrName *fptrs; /* the module's @gcnabi.<i>.fptr globals */
	uint32_t nfptrs;
} SigTable;

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

static SigSlot *sigtab_find(const SigTable *t, const char *name)
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

static void sigtab_free(SigTable *t)
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

static const char *fptr_callee(const SigTable *t, uint32_t i)
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
static bool call_callee(Str ops, char *buf, size_t cap)
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
static int keep_every_sig(void *ctx, const Sig *sig, const SigError *err)
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
static void load_sigs(const char *text, size_t len, SigTable *t, FuncHeader *h)
{
	parse_embedded_ir(text, len, t, keep_every_sig);
	if (!t->full)
		return;
	sigtab_free(t);
	*t = (SigTable){ 0 };
	collect_wanted_names(text, len, t, h);
	parse_embedded_ir(text, len, t, keep_wanted_sig);
}

/* --- per-function state ---------------------------------------------- */

typedef struct {
	uint32_t instr;  /* the incoming COPY */
	RegRange reg;
	uint32_t rank;   /* sort key: position in argument order */
	int32_t arg;     /* argument it belongs to, -1 when no marker reached it */
	bool forwarded;  /* passed unchanged to a call in the same register: an implicit input */
	bool sret;       /* the hidden pointer of a demoted return */
} InPart;

typedef struct {
	uint32_t instr;
	bool stack;      /* an outgoing stack slot rather than a register */
	RegRange reg;
	uint32_t offset, size;
	bool bytes;      /* traced from bytes [lo, lo + size) of the value the instruction writes */
	uint32_t lo;
	int32_t arg;     /* -1 when no out-marker reached it */
	bool copy;       /* reached the caller's byval copy */
	bool local;      /* reached the address of an object of the caller's frame */
	bool forwarded;  /* reached a COPY of the same register */
	bool special;    /* reached only incoming registers no argument reaches, or nothing */
	bool sret;       /* the hidden pointer of a demoted return */
	uint32_t anchor_vreg, anchor_off; /* its position in a value (TraceLeaf), UINT32_MAX none */
} OutPart;

typedef struct {
	MirFunction f;
	FuncHeader h;
	MirBody body;
	SigTable sigs;
	InPart in[MIR_MAX_INCOMING];
	uint32_t nin;
	int32_t fixed_arg[MIR_MAX_FIXED]; /* per h.fixed[] entry */
	int16_t fixed_by_id[MIR_MAX_FIXED]; /* %fixed-stack.N -> h.fixed[] entry, -1 */
	OutPart out[MIR_MAX_OUTPARTS];
	uint32_t nout;
	bool out_overflow; /* the call had more outgoing parts than out[] holds */
	uint32_t order[MIR_MAX_OUTPARTS];
} MirWork;

/* --- placements ------------------------------------------------------ */

static void place_add(Placement *p, Loc l)
{
	if (p->nlocs < PLACE_MAX_PARTS)
		p->locs[p->nlocs++] = l;
}

static void place_add_regs(Placement *p, const RegRange *r)
{
	for (uint16_t i = 0; i < r->count; i++) {
		Loc l = { .kind = r->kind, .reg = (uint16_t)(r->first + i), .offset = 0, .size = 0 };
		place_add(p, l);
	}
}

static void place_add_stack(Placement *p, uint32_t offset, uint32_t size)
{
	Loc l = { .kind = LOC_STACK, .reg = 0, .offset = offset, .size = size };
	place_add(p, l);
}

/* Part first on of p (one register each): what the copies at a return or
 * a call say they hold -- the last write of the register before the
 * instruction at (written: a return's values, a call's arguments) or the
 * first copy out of it after at (a call's results), in at's block. */
static void reprs_around(const MirBody *b, Placement *p, uint32_t first, uint32_t at, bool written)
{
	for (uint32_t k = first; k < p->nlocs; k++) {
		Loc *l = &p->locs[k];
		if (l->kind != LOC_SGPR && l->kind != LOC_VGPR)
			continue;
		RegRange r = { l->kind, l->reg, 1 };
		uint32_t block = b->instrs[at].block;
		if (written) {
			for (uint32_t i = at; i-- > 0 && b->instrs[i].block == block;)
				if (b->instrs[i].kind == IK_DEF_PHYS && regrange_eq(&b->instrs[i].dst, &r)) {
					l->repr = (uint8_t)body_repr_written(b, i);
					break;
				}
		} else {
			for (uint32_t i = at + 1; i < b->ninstrs && b->instrs[i].block == block; i++)
				if (b->instrs[i].kind == IK_COPY_PHYS && regrange_eq(&b->instrs[i].src, &r)) {
					l->repr = (uint8_t)body_repr_read(b, i);
					break;
				}
		}
	}
}

static void place_fail(Placement *p, const char *msg)
{
	p->ok = false;
	str_copy(str_make(msg, strlen(msg)), p->error, sizeof p->error);
}

static void add_regrange(RegRange *list, uint16_t *n, uint16_t cap, const RegRange *r)
{
	for (uint16_t i = 0; i < *n; i++)
		if (regrange_eq(&list[i], r))
			return;
	if (*n < cap)
		list[(*n)++] = *r;
}

/* Physical SGPR/VGPR operands of an instruction, as parts: the uses of a
 * return (less the return address), or the implicit defs of a call. */
static void add_reg_operands(Placement *p, Str ops, bool defs)
{
	Str op;
	unsigned flags;
	RegRange r;
	while (next_operand(&ops, &op)) {
		op = operand_strip_flags(op, &flags);
		bool is_def = (flags & OPF_DEF) != 0;
		if (is_def == defs && (!defs || (flags & OPF_IMPLICIT)) && parse_physreg(op, &r) &&
		    !is_return_address(&r))
			place_add_regs(p, &r);
	}
}

static const Sig *lookup_sig(const MirWork *w, const char *name)
{
	const SigSlot *s = sigtab_find(&w->sigs, name);
	return s ? s->sig : NULL;
}

/* --- incoming parts ---------------------------------------------------- */

static uint32_t livein_rank(const FuncHeader *h, const RegRange *r)
{
	for (uint16_t i = 0; i < h->nliveins; i++)
		if (regrange_eq(&h->liveins[i], r))
			return i;
	return h->nliveins;
}

/* Incoming registers in argument order: GlobalISel copies them in that
 * order; SelectionDAG copies them in reverse but lists them in order under
 * liveins: (checked against llc 14-22). */
static void collect_incoming(MirWork *w)
{
	MirBody *b = &w->body;
	w->nin = 0;
	for (uint32_t i = 0; i < b->ninstrs && w->nin < MIR_MAX_INCOMING; i++) {
		if (!b->instrs[i].incoming)
			continue;
		InPart p = {i, b->instrs[i].src, b->gisel ? 0 : livein_rank(&w->h, &b->instrs[i].src), -1, false, false};
		uint32_t at = w->nin++;
		while (at > 0 && w->in[at - 1].rank > p.rank) {
			w->in[at] = w->in[at - 1];
			at--;
		}
		w->in[at] = p;
	}
	for (uint32_t i = 0; i < w->nin; i++)
		b->instrs[w->in[i].instr].part = i + 1;
}

static void index_fixed_objects(MirWork *w)
{
	for (uint32_t i = 0; i < MIR_MAX_FIXED; i++)
		w->fixed_by_id[i] = -1;
	for (uint16_t i = 0; i < w->h.nfixed; i++) {
		w->fixed_arg[i] = -1;
		if (w->h.fixed[i].id < MIR_MAX_FIXED && w->fixed_by_id[w->h.fixed[i].id] < 0)
			w->fixed_by_id[w->h.fixed[i].id] = (int16_t)i;
	}
}

/* Stores into gcnabi.<i>.in.<K> name argument K; the incoming registers and
 * stack objects their values come from are its parts. Only the first <i>
 * seen counts. Returns the number of arguments the markers name. */
static uint32_t attribute_incoming(MirWork *w, const Sig *sig)
{
	MirBody *b = &w->body;
	uint32_t nargs = 0, want_sig = UINT32_MAX;
	index_fixed_objects(w);
	for (uint32_t i = 0; i < b->ninstrs; i++) {
		const Instr *st = &b->instrs[i];
		if (!st->in_marker || (want_sig != UINT32_MAX && st->in_sig != want_sig))
			continue;
		uint32_t k = st->in_k;
		if (k >= SIG_MAX_PARAMS || (sig && k >= sig->nparams))
			continue;
		want_sig = st->in_sig;
		nargs = k + 1 > nargs ? k + 1 : nargs;
		body_trace(b, i);
		for (uint32_t l = 0; l < b->nleaves; l++) {
			const Instr *leaf = &b->instrs[b->leaves[l].instr];
			if (leaf->leaf == LEAF_PHYS && leaf->part && w->in[leaf->part - 1].arg < 0) {
				w->in[leaf->part - 1].arg = (int32_t)k;
			} else if (leaf->leaf == LEAF_FIXED && leaf->leaf_id < MIR_MAX_FIXED) {
				int16_t fi = w->fixed_by_id[leaf->leaf_id];
				if (fi >= 0 && w->fixed_arg[fi] < 0)
					w->fixed_arg[fi] = (int32_t)k;
			}
		}
	}
	return nargs;
}

/* Arguments in order: each one's registers in incoming order, then its
 * stack objects by offset. one_group puts every part not forwarded to a
 * call into a single argument (no markers to group by). */
static void place_incoming(MirWork *w, uint32_t nargs, bool one_group)
{
	Placement *p = &w->f.in;
	p->nargs = (uint16_t)nargs;
	for (uint32_t k = 0; k < nargs; k++) {
		uint32_t first = p->nlocs;
		for (uint32_t i = 0; i < w->nin; i++)
			if (one_group ? !w->in[i].forwarded : w->in[i].arg == (int32_t)k) {
				place_add_regs(p, &w->in[i].reg);
				if (w->in[i].reg.count == 1 && p->nlocs > first)
					p->locs[p->nlocs - 1].repr = (uint8_t)body_repr_read(&w->body, w->in[i].instr);
			}
		for (uint16_t i = 0; i < w->h.nfixed; i++)
			if (one_group || w->fixed_arg[i] == (int32_t)k)
				place_add_stack(p, w->h.fixed[i].offset, w->h.fixed[i].size);
		p->args[k].first = (uint16_t)first;
		p->args[k].count = (uint16_t)(p->nlocs - first);
	}
}

static const Instr *first_return(const MirBody *b)
{
	for (uint32_t i = 0; i < b->ninstrs; i++)
		if (b->instrs[i].kind == IK_RETURN)
			return &b->instrs[i];
	return NULL;
}

/* A demoted return arrives as a hidden pointer that no marker reaches, in
 * a function that returns nothing in registers. With the header known to
 * return a value, it is the first incoming register no argument reaches
 * (not an implicit input passed on to a call), whichever file it is in:
 * GlobalISel passes it in s4 for an amdgpu_gfx inreg return, SelectionDAG
 * in v0. Without the header only v0 is taken for it. */
static void find_callee_sret(MirWork *w, const Sig *sig)
{
	Placement *p = &w->f.in;
	if (p->ret.count || (sig && sig_type(sig, sig->ret)->kind == TYPE_VOID))
		return;
	for (uint32_t i = 0; i < w->nin; i++) {
		InPart *ip = &w->in[i];
		if (ip->arg >= 0 || ip->forwarded || ip->reg.count != 1)
			continue;
		if (!sig && !(ip->reg.kind == LOC_VGPR && ip->reg.first == 0))
			continue;
		ip->sret = true;
		p->ret_demoted = true;
		p->sret.kind = ip->reg.kind;
		p->sret.reg = ip->reg.first;
		return;
	}
}

/* --- call sites -------------------------------------------------------- */

static void add_outpart(MirWork *w, const OutPart *o)
{
	if (w->nout < MIR_MAX_OUTPARTS)
		w->out[w->nout++] = *o;
	else
		w->out_overflow = true;
}

/* An outgoing stack store: each 4-byte piece of a wider value is its own
 * part (SelectionDAG merges the stores of neighbouring parts, often of
 * different arguments, into one SCRATCH_STORE_DWORDX4; GlobalISel stores a
 * 64-bit part in one G_STORE). A store that is not value-first (G_MEMCPY of
 * a byval copy) is one part. */
static void add_stack_parts(MirWork *w, OutPart o, const Instr *in, uint32_t offset)
{
	o.stack = true;
	/* GlobalISel's memory operand can name the whole pointer argument
	 * (`store (p1) into stack + 8`) where the G_STORE writes one s32 of it:
	 * the value's LLT is the size written. */
	uint32_t size = in->stack_size;
	uint32_t vsize = in->value_first && in->uses_count ? w->body.uses[in->uses_first].type_size : 0;
	if (vsize && vsize < size)
		size = vsize;
	if (!in->value_first || size <= 4) {
		o.offset = offset;
		o.size = size;
		o.bytes = in->value_first && size;
		add_outpart(w, &o);
		return;
	}
	for (uint32_t k = 0; k < size && offset <= UINT32_MAX - k; k += 4) {
		o.offset = offset + k;
		o.size = size - k < 4 ? size - k : 4;
		o.bytes = true;
		o.lo = k;
		add_outpart(w, &o);
	}
}

/* Where a store into %fixed-stack.N + off lands in the incoming argument
 * area; false when the object is not known. */
static bool fixed_store_offset(const MirWork *w, const Instr *in, uint32_t *offset)
{
	if (in->fixed_id >= MIR_MAX_FIXED || w->fixed_by_id[in->fixed_id] < 0)
		return false;
	const FixedObj *fo = &w->h.fixed[w->fixed_by_id[in->fixed_id]];
	if (fo->offset > UINT32_MAX - in->fixed_off)
		return false;
	*offset = fo->offset + in->fixed_off;
	return true;
}

/* The outgoing parts of the call at c: the physical registers written and
 * the stores into the outgoing argument area since the call sequence began.
 * A sibling call (SI_TCRETURN*) passes its stack arguments in the caller's
 * own incoming area: there the stores into %fixed-stack.N are its parts
 * (SelectionDAG rewrites the slots of an argument it took apart: llc 22
 * amdgpu_gfx, a <32 x i13> passed on musttail, its stack elements stored
 * back as halves of 32-bit registers). */
static void collect_outgoing(MirWork *w, uint32_t c)
{
	const MirBody *b = &w->body;
	bool sibling = opcode_is_tail_call(b->instrs[c].opcode);
	uint32_t start = c;
	while (start > 0 && b->instrs[start - 1].block == b->instrs[c].block &&
	       b->instrs[start - 1].kind != IK_CALL && b->instrs[start - 1].kind != IK_CALLSEQ_START &&
	       b->instrs[start - 1].kind != IK_CALLSEQ_END)
		start--;
	w->nout = 0;
	w->out_overflow = false;
	for (uint32_t i = start; i < c; i++) {
		const Instr *in = &b->instrs[i];
		OutPart o;
		memset(&o, 0, sizeof o);
		o.instr = i;
		o.arg = -1;
		o.anchor_vreg = UINT32_MAX;
		uint32_t offset;
		if (in->kind == IK_DEF_PHYS && !is_return_address(&in->dst)) {
			/* One register copied: its 4 bytes are traced exactly. */
			o.reg = in->dst;
			o.bytes = in->dst.count == 1 && in->map == MAP_SAME;
			o.size = 4;
			add_outpart(w, &o);
		} else if (in->stack_store) {
			add_stack_parts(w, o, in, in->stack_off);
		} else if (sibling && in->fixed_store && fixed_store_offset(w, in, &offset)) {
			add_stack_parts(w, o, in, offset);
		}
	}
}

/* What the leaves of one part's trace say about it: the out-marker it
 * carries (only the first <i> seen counts; the lowest K when several reach
 * it), a frame address, or the same register passed on. */
static bool read_out_leaves(MirWork *w, OutPart *o, uint32_t *want_sig)
{
	const MirBody *b = &w->body;
	bool grouped = false;
	int32_t passed_on = -1; /* the lowest argument of the caller's own the part carries */
	o->special = true;
	for (uint32_t l = 0; l < b->nleaves; l++) {
		const TraceLeaf *tl = &b->leaves[l];
		const Instr *leaf = &b->instrs[tl->instr];
		if (leaf->leaf != LEAF_PHYS || (leaf->part && w->in[leaf->part - 1].arg >= 0))
			o->special = false;
		if (leaf->leaf == LEAF_OUT && (*want_sig == UINT32_MAX || leaf->leaf_sig == *want_sig) &&
		    leaf->leaf_id < SIG_MAX_PARAMS) {
			*want_sig = leaf->leaf_sig;
			if (o->arg < 0 || (int32_t)leaf->leaf_id < o->arg) {
				o->arg = (int32_t)leaf->leaf_id;
				o->anchor_vreg = tl->anchor_vreg;
				o->anchor_off = tl->anchor_off;
			}
			o->copy |= leaf->leaf_copy;
			grouped = true;
		} else if (leaf->leaf == LEAF_KERNARG && leaf->leaf_id < SIG_MAX_PARAMS) {
			passed_on = passed_on < 0 || (int32_t)leaf->leaf_id < passed_on ? (int32_t)leaf->leaf_id : passed_on;
		} else if (leaf->leaf == LEAF_LOCAL) {
			o->local = true;
		} else if (leaf->leaf == LEAF_PHYS && leaf->part && w->in[leaf->part - 1].arg >= 0) {
			passed_on = passed_on < 0 || w->in[leaf->part - 1].arg < passed_on ? w->in[leaf->part - 1].arg : passed_on;
		} else if (leaf->leaf == LEAF_FIXED && leaf->leaf_id < MIR_MAX_FIXED && w->fixed_by_id[leaf->leaf_id] >= 0 &&
			   w->fixed_arg[w->fixed_by_id[leaf->leaf_id]] >= 0) {
			int32_t k = w->fixed_arg[w->fixed_by_id[leaf->leaf_id]];
			passed_on = passed_on < 0 || k < passed_on ? k : passed_on;
		} else if (leaf->leaf == LEAF_PHYS && !o->stack && regrange_eq(&leaf->src, &o->reg)) {
			o->forwarded = true;
			if (leaf->part)
				w->in[leaf->part - 1].forwarded = true;
		}
	}
	/* No out-marker, but the caller's own argument K: a call-graph caller
	 * passes its leading arguments on to the same positions. */
	if (o->arg < 0 && passed_on >= 0) {
		o->arg = passed_on;
		grouped = true;
	}
	return grouped;
}

/* Trace each outgoing part: its own bytes when the instruction allows it,
 * else everything the instruction reads. */
static bool attribute_outgoing(MirWork *w, uint32_t *callee_index)
{
	MirBody *b = &w->body;
	uint32_t want_sig = UINT32_MAX;
	bool grouped = false;
	for (uint32_t i = 0; i < w->nout; i++) {
		OutPart *o = &w->out[i];
		if (o->bytes)
			body_trace_bytes(b, o->instr, o->lo, o->lo + o->size);
		else
			body_trace(b, o->instr);
		grouped |= read_out_leaves(w, o, &want_sig);
	}
	*callee_index = want_sig;
	return grouped;
}

static bool arg_is_byval(const MirWork *w, const Sig *sig, uint32_t k)
{
	if (sig && k < sig->nparams && (sig->params[k].flags & PARAM_BYVAL))
		return true;
	for (uint32_t i = 0; i < w->nout; i++)
		if (w->out[i].arg == (int32_t)k && w->out[i].copy)
			return true;
	return false;
}

/* Stack slots of argument k by offset; a byval copy is one slot spanning
 * every store of it (SelectionDAG copies it a dword at a time). */
static void place_outgoing_stack(MirWork *w, Placement *p, uint32_t k, bool byval)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < w->nout; i++) {
		if (!w->out[i].stack || w->out[i].arg != (int32_t)k)
			continue;
		uint32_t at = n++;
		while (at > 0 && w->out[w->order[at - 1]].offset > w->out[i].offset) {
			w->order[at] = w->order[at - 1];
			at--;
		}
		w->order[at] = i;
	}
	if (byval && n) {
		uint32_t lo = w->out[w->order[0]].offset, hi = lo;
		for (uint32_t i = 0; i < n; i++) {
			uint32_t end = w->out[w->order[i]].offset + w->out[w->order[i]].size;
			hi = end > hi ? end : hi;
		}
		place_add_stack(p, lo, hi - lo);
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		place_add_stack(p, w->out[w->order[i]].offset, w->out[w->order[i]].size);
}

/* Do all n parts in order[] have distinct positions in the same value? */
static bool same_anchor(const MirWork *w, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		const OutPart *o = &w->out[w->order[i]];
		if (o->anchor_vreg == UINT32_MAX || o->anchor_vreg != w->out[w->order[0]].anchor_vreg)
			return false;
		for (uint32_t j = 0; j < i; j++)
			if (w->out[w->order[j]].anchor_off == o->anchor_off)
				return false;
	}
	return n > 0;
}

static bool part_after(const OutPart *q, const OutPart *c, bool by_anchor)
{
	if (by_anchor)
		return q->anchor_off > c->anchor_off;
	return q->reg.kind > c->reg.kind || (q->reg.kind == c->reg.kind && q->reg.first > c->reg.first);
}

/* Register parts of argument k in part order: by their position in one
 * value when the dataflow gives every one of them a position in the same
 * value (a REG_SEQUENCE sub-register, a G_UNMERGE_VALUES operand), else by
 * register file and number: the calling convention assigns an argument's
 * registers in ascending order, SGPRs before VGPRs. SelectionDAG does not
 * always emit the COPYs in part order. */
static void place_outgoing_regs(MirWork *w, Placement *p, uint32_t k)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < w->nout; i++)
		if (!w->out[i].stack && w->out[i].arg == (int32_t)k)
			w->order[n++] = i;
	bool by_anchor = same_anchor(w, n);
	for (uint32_t i = 1; i < n; i++) {
		uint32_t cur = w->order[i], at = i;
		for (; at > 0 && part_after(&w->out[w->order[at - 1]], &w->out[cur], by_anchor); at--)
			w->order[at] = w->order[at - 1];
		w->order[at] = cur;
	}
	for (uint32_t i = 0; i < n; i++) {
		const OutPart *o = &w->out[w->order[i]];
		uint32_t before = p->nlocs;
		place_add_regs(p, &o->reg);
		if (o->reg.count == 1 && p->nlocs > before)
			p->locs[p->nlocs - 1].repr = (uint8_t)body_repr_written(&w->body, o->instr);
	}
}

/* Does a call define SGPRs or VGPRs (a return value in registers)? */
static bool call_defines_regs(Str ops)
{
	Str op;
	unsigned flags;
	RegRange r;
	while (next_operand(&ops, &op)) {
		op = operand_strip_flags(op, &flags);
		if ((flags & OPF_IMPLICIT) && (flags & OPF_DEF) && parse_physreg(op, &r) && !is_return_address(&r))
			return true;
	}
	return false;
}

/* The hidden sret pointer of a demoted return: the first outgoing register
 * that carries no argument and holds the address of an object of the
 * caller's frame, in a call that returns nothing in registers although the
 * callee's IR type is not void. GlobalISel may pass it in an SGPR (s4 for
 * an amdgpu_gfx inreg return), SelectionDAG in a VGPR. */
static void find_caller_sret(MirWork *w, MirCall *call, const Sig *sig, const Instr *ci)
{
	Placement *p = &call->out;
	if (!call->grouped || (sig && sig_type(sig, sig->ret)->kind == TYPE_VOID) || call_defines_regs(ci->ops))
		return;
	for (uint32_t i = 0; i < w->nout; i++) {
		OutPart *o = &w->out[i];
		if (!o->stack && o->arg < 0 && o->local && !o->forwarded && o->reg.count == 1) {
			p->ret_demoted = true;
			p->sret.kind = o->reg.kind;
			p->sret.reg = o->reg.first;
			o->sret = true;
			return;
		}
	}
}

/* A kernel sets up the special inputs of every call it makes (SRD,
 * dispatch and queue pointers, implicit argument pointer, workgroup IDs in
 * s[12:14], packed workitem IDs in v31) from its own incoming registers,
 * which carry none of its IR arguments (those come from the kernarg
 * segment): such a part is not an argument. */
static bool kernel_special_input(const MirWork *w, const OutPart *o)
{
	return w->f.has_sig && conv_in_family((CallConv)w->f.sig.cc, FAMILY_KERNEL) && o->special && !o->stack;
}

/* At a call through a pointer, llc passes every implicit input of the
 * default convention (the call site carries none of the callee's
 * "amdgpu-no-*"; SIISelLowering::passSpecialInputs), each in its fixed-ABI
 * register (AMDGPUArgumentUsageInfo::FixedABIFunctionInfo): s[4:5]
 * dispatch pointer, s[6:7] queue pointer, s[8:9] implicit-argument
 * pointer, s[10:11] dispatch id, s12-s14 workgroup ids, s15 LDS kernel
 * id, v31 workitem ids; no argument goes there. A caller whose own
 * "amdgpu-no-*" freed those registers for its arguments passes what they
 * hold, so such a part may trace back to one of its arguments: it is
 * still an input. */
static bool indirect_call_input(const MirCall *call, const OutPart *o)
{
	if (call->callee[0] || !call->has_sig || o->stack || !conv_info((CallConv)call->sig.cc)->rules ||
	    !conv_info((CallConv)call->sig.cc)->rules->implicit_inputs)
		return false;
	const RegRange *r = &o->reg;
	if (r->kind == LOC_VGPR)
		return r->first == 31 && r->count == 1;
	return r->kind == LOC_SGPR && r->first >= 4 && r->first + r->count <= 16;
}

static void place_call(MirWork *w, MirCall *call, const Instr *ci)
{
	const Sig *sig = call->has_sig ? &call->sig : NULL;
	Placement *p = &call->out;
	uint32_t nargs = 0;
	for (uint32_t i = 0; i < w->nout; i++) {
		OutPart *o = &w->out[i];
		if (!call->grouped)
			o->arg = o->forwarded || kernel_special_input(w, o) ? -1 : 0;
		else if ((sig && o->arg >= (int32_t)sig->nparams) || indirect_call_input(call, o))
			o->arg = -1;
		if (o->arg >= 0 && (uint32_t)o->arg + 1 > nargs)
			nargs = (uint32_t)o->arg + 1;
	}
	if (call->grouped && sig)
		nargs = sig->nparams;
	p->nargs = (uint16_t)nargs;
	/* An argument the callee's header marks unused may be passed as undef
	 * (cli/emit.c): nothing to see, as in the callee. */
	for (uint32_t k = 0; sig && k < sig->nparams && k < SIG_MAX_PARAMS; k++)
		if (sig->params[k].flags & PARAM_UNUSED)
			p->unused[k / 64] |= UINT64_C(1) << (k % 64);
	for (uint32_t k = 0; k < nargs; k++) {
		uint32_t first = p->nlocs;
		place_outgoing_regs(w, p, k);
		place_outgoing_stack(w, p, k, call->grouped && arg_is_byval(w, sig, k));
		p->args[k].first = (uint16_t)first;
		p->args[k].count = (uint16_t)(p->nlocs - first);
	}
	find_caller_sret(w, call, sig, ci);
	for (uint32_t i = 0; i < w->nout; i++) {
		const OutPart *o = &w->out[i];
		if (!o->stack && o->arg < 0 && !o->sret)
			add_regrange(call->implicit, &call->nimplicit, MIR_MAX_IMPLICIT, &o->reg);
	}
	p->ret.first = (uint16_t)p->nlocs;
	add_reg_operands(p, ci->ops, true);
	reprs_around(&w->body, p, p->ret.first, (uint32_t)(ci - w->body.instrs), false);
	p->ret.count = (uint16_t)(p->nlocs - p->ret.first);
}

/* A type that holds no bits ({}, [0 x T] and aggregates of them) has no
 * parts, so no marker can name an argument of that type. */
static bool type_is_empty(const Sig *s, TypeId t, unsigned depth)
{
	if (t == TYPE_NONE || t >= s->ntypes || depth > 64)
		return false;
	const Type *ty = sig_type(s, t);
	if (ty->kind == TYPE_ARRAY)
		return ty->n == 0 || type_is_empty(s, ty->elem, depth + 1);
	if (ty->kind != TYPE_STRUCT)
		return false;
	for (uint32_t i = 0; i < ty->n; i++)
		if (!type_is_empty(s, s->members[ty->first + i], depth + 1))
			return false;
	return true;
}

/* An empty aggregate has no parts, nor has the active-lane mask of a
 * convention that has one (conv.h): the callee computes it. */
static bool param_has_parts(const Sig *s, uint32_t i)
{
	return !type_is_empty(s, s->params[i].type, 0) && (i > 0 || !conv_info((CallConv)s->cc)->active_mask_param);
}

/* No parameter the body uses carries a part (none at all, only empty
 * aggregates, or unused ones): markers cannot group anything, yet the
 * arguments are all there. */
static bool no_used_param_has_parts(const Sig *s)
{
	for (uint32_t i = 0; i < s->nparams; i++)
		if (!(s->params[i].flags & PARAM_UNUSED) && param_has_parts(s, i))
			return false;
	return true;
}

/* The VGPR count of a dynamic-VGPR chain call, its fifth operand:
 * SI_CS_CHAIN_TC_W32_DVGPR callee, offset, regmask-or-0, EXEC, NUM_VGPRS,
 * fallback EXEC, fallback callee, ... (llc 22). 0 for any other call. */
static uint16_t chain_dvgpr_count(const Instr *ci)
{
	if (!str_ends(ci->opcode, "_DVGPR"))
		return 0;
	const char *p = ci->ops.p, *end = p + ci->ops.n;
	for (unsigned commas = 0; p < end && commas < 4; p++)
		commas += *p == ',';
	while (p < end && *p == ' ')
		p++;
	unsigned v = 0;
	for (; p < end && *p >= '0' && *p <= '9' && v < 65536; p++)
		v = v * 10 + (unsigned)(*p - '0');
	return v < 65536 ? (uint16_t)v : 0;
}

/* Parts dropped would read as parts not passed: such a call is not
 * observed. */
static bool outparts_overflowed(MirWork *w, MirCall *call)
{
	if (!w->out_overflow)
		return false;
	char msg[96];
	snprintf(msg, sizeof msg, "call site has more than %u outgoing parts", (unsigned)MIR_MAX_OUTPARTS);
	place_fail(&call->out, msg);
	return true;
}

/* A sibling call (SI_TCRETURN*) passes its stack arguments in the
 * caller's own incoming argument area. An argument the caller passes on
 * at the same position (sig_shared_params: same type, same flags), whose
 * slot no store of the call sequence writes, is left in place: llc writes
 * nothing, and the callee reads the caller's incoming bytes. Each such
 * slot is an outgoing part of that argument at its offset. */
static void add_in_place_parts(MirWork *w, const MirCall *call, const Instr *ci)
{
	if (!opcode_is_tail_call(ci->opcode) || !w->f.has_sig || !call->has_sig)
		return;
	uint32_t shared = sig_shared_params(&w->f.sig, &call->sig);
	for (uint16_t i = 0; i < w->h.nfixed; i++) {
		const FixedObj *fo = &w->h.fixed[i];
		int32_t k = w->fixed_arg[i];
		if (k < 0 || (uint32_t)k >= shared)
			continue;
		bool written = false;
		for (uint32_t j = 0; j < w->nout && !written; j++)
			written = w->out[j].stack && w->out[j].offset < fo->offset + fo->size &&
				  fo->offset < w->out[j].offset + w->out[j].size;
		if (written)
			continue;
		/* A part per dword, as stores write them, of size 0: the
		 * caller writes nothing, so no store size says how much. */
		for (uint32_t off = 0; off < fo->size || off == 0; off += 4) {
			OutPart o;
			memset(&o, 0, sizeof o);
			o.instr = (uint32_t)(ci - w->body.instrs);
			o.stack = true;
			o.offset = fo->offset + off;
			o.size = 0;
			o.arg = k;
			o.anchor_vreg = o.anchor_off = UINT32_MAX;
			add_outpart(w, &o);
		}
	}
}

static void observe_call(MirWork *w, uint32_t c)
{
	MirFunction *f = &w->f;
	const Instr *ci = &w->body.instrs[c];
	if (f->ncalls >= MIR_MAX_CALLS) {
		f->ncalls_dropped++;
		return;
	}
	MirCall *call = &f->calls[f->ncalls++];
	memset(call->callee, 0, sizeof call->callee);
	call->line = ci->line;
	call->nimplicit = 0;
	call->dvgpr = chain_dvgpr_count(ci);
	place_init(&call->out);
	call_callee(ci->ops, call->callee, sizeof call->callee);
	const Sig *sig = lookup_sig(w, call->callee);
	call->has_sig = sig != NULL;
	if (sig)
		call->sig = *sig;
	collect_outgoing(w, c);
	if (outparts_overflowed(w, call))
		return;
	/* A callee without parameters, or with only empty or unused ones
	 * (which gcnabi's callers may pass as undef), has no markers to find:
	 * it is grouped. */
	uint32_t index;
	bool marked = attribute_outgoing(w, &index);
	/* Through a pointer: the callee is the function gcnabi emit's pointer
	 * holds, the one the nearest load of a pointer since the last call
	 * loaded (gcnabi emit loads it right before the call), else the one of
	 * the out-markers' index; its header then says which arguments are
	 * byval and unused, and that a call without any is grouped. */
	for (uint32_t j = c; !sig && j-- > 0 && w->body.instrs[j].kind != IK_CALL;)
		if (w->body.instrs[j].fptr_load) {
			index = w->body.instrs[j].fptr_sig;
			break;
		}
	const char *pointee = !sig && index != UINT32_MAX ? fptr_callee(&w->sigs, index) : NULL;
	if (pointee && (sig = lookup_sig(w, pointee)) != NULL) {
		call->has_sig = true;
		call->sig = *sig;
	}
	call->grouped = marked || (sig && no_used_param_has_parts(sig));
	add_in_place_parts(w, call, ci);
	if (outparts_overflowed(w, call))
		return;
	place_call(w, call, ci);
}

/* --- one function ------------------------------------------------------ */

static void fail(MirFunction *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->error, sizeof f->error, fmt, ap);
	va_end(ap);
	f->failed = true;
	place_fail(&f->in, f->error);
}

static void reset_function(MirFunction *f)
{
	memset(f->name, 0, sizeof f->name);
	f->line = 0;
	f->gisel = f->failed = f->grouped = f->has_sig = false;
	f->error[0] = 0;
	place_init(&f->in);
	f->nunattributed = f->ncalls = f->ncalls_dropped = 0;
}

static void list_unattributed(MirWork *w)
{
	for (uint32_t i = 0; i < w->nin; i++) {
		const InPart *ip = &w->in[i];
		bool in_group = w->f.grouped ? ip->arg >= 0 : !ip->forwarded;
		if (!in_group && !ip->sret)
			add_regrange(w->f.unattributed, &w->f.nunattributed, MIR_MAX_UNATTRIBUTED, &ip->reg);
	}
}

static void analyse_body(MirWork *w)
{
	MirFunction *f = &w->f;
	MirBody *b = &w->body;
	const Sig *sig = f->has_sig ? &f->sig : NULL;
	collect_incoming(w);
	/* Incoming first: a call may pass the function's own arguments on. */
	uint32_t nargs = attribute_incoming(w, sig);
	for (uint32_t i = 0; i < b->ninstrs; i++)
		if (b->instrs[i].kind == IK_CALL)
			observe_call(w, i);
	f->grouped = nargs > 0 || (sig && no_used_param_has_parts(sig));
	if (f->grouped)
		place_incoming(w, sig ? sig->nparams : nargs, false);
	else
		place_incoming(w, w->nin || w->h.nfixed ? 1 : 0, true);
	const Instr *ret = first_return(b);
	f->in.ret.first = (uint16_t)f->in.nlocs;
	if (ret) {
		add_reg_operands(&f->in, ret->ops, false);
		reprs_around(b, &f->in, f->in.ret.first, (uint32_t)(ret - b->instrs), true);
	}
	f->in.ret.count = (uint16_t)(f->in.nlocs - f->in.ret.first);
	if (f->grouped)
		find_callee_sret(w, sig);
	list_unattributed(w);
	if (b->exhausted)
		fail(f, "def-use tracing gave up: the body is too large to attribute");
}

static void observe_function(MirWork *w, const MirDoc *d)
{
	MirFunction *f = &w->f;
	reset_function(f);
	func_header_read(d, &w->h);
	str_copy(str_make(w->h.name, strlen(w->h.name)), f->name, sizeof f->name);
	f->line = d->line;
	const Sig *sig = lookup_sig(w, f->name);
	if ((f->has_sig = sig != NULL))
		f->sig = *sig;
	if (!d->complete) {
		f->gisel = body_parse(&w->body, &w->h) && w->body.gisel;
		if (w->h.has_name)
			fail(f, "truncated MIR: function '%s' ends at line %u column %u before its '...' line",
			     f->name, d->end_line, d->end_col);
		else
			fail(f, "truncated MIR: the document at line %u ends at line %u column %u before its name:",
			     d->line, d->end_line, d->end_col);
	} else if (!w->h.has_name) {
		fail(f, "MIR document at line %u has no name:", d->line);
	} else if (w->h.fixed_overflow) {
		fail(f, "more than %u incoming stack objects: the observer keeps no more", (unsigned)MIR_MAX_FIXED);
	} else if (w->h.failed_isel) {
		f->gisel = true; /* only GlobalISel sets failedISel */
		fail(f, "llc could not select this function (failedISel: true)");
	} else if (!body_parse(&w->body, &w->h)) {
		fail(f, "out of memory reading the body");
	} else if (w->body.too_big) {
		fail(f, "body has more than %u instructions", (unsigned)MIR_MAX_INSTRS);
	} else if (w->body.ninstrs == 0) {
		fail(f, "empty body");
	} else {
		f->gisel = w->body.gisel;
		analyse_body(w);
		if (f->has_sig && f->sig.cc == CC_AMDGPU_PS && w->h.has_ps_input_addr && w->h.has_ps_input_enable) {
			f->in.ps_inputs = true;
			f->in.ps_input_addr = (uint16_t)w->h.ps_input_addr;
			f->in.ps_input_enable = (uint16_t)w->h.ps_input_enable;
		}
		/* Shader system SGPRs: llc names the wave offset whether or not
		 * the body uses scratch; it counts only when the signature says so. */
		if (f->has_sig && cc_is_shader_entry((CallConv)f->sig.cc)) {
			f->in.sys_sgprs = true;
			f->in.scratch = f->sig.uses_scratch;
			f->in.implicit_buffer_ptr = w->h.implicit_buffer_sgpr;
			f->in.scratch_wave_offset = f->sig.uses_scratch ? w->h.wave_offset_sgpr : -1;
		}
		/* An unused argument has no use to trace: mark it as the model does. */
		for (unsigned i = 0; f->has_sig && i < f->sig.nparams && i < SIG_MAX_PARAMS; i++)
			if (f->sig.params[i].flags & PARAM_UNUSED)
				f->in.unused[i / 64] |= UINT64_C(1) << (i % 64);
	}
}

/* LLVM 14-16 print a datalayout without p7-p9 entries: their buffer
 * pointers are 64-bit (19+ say p7:160, p8:128, p9:192). Without a
 * datalayout line the newer sizes are assumed. */
static bool narrow_buffer_ptrs(Str ir)
{
	static const char key[] = "target datalayout = \"";
	for (size_t i = 0; i + sizeof key - 1 <= ir.n; i++) {
		if (memcmp(ir.p + i, key, sizeof key - 1) != 0)
			continue;
		for (size_t k = i + sizeof key - 1; k + 3 < ir.n && ir.p[k] != '"'; k++)
			if (ir.p[k] == '-' && ir.p[k + 1] == 'p' && ir.p[k + 2] == '8' && ir.p[k + 3] == ':')
				return false;
		return true;
	}
	return false;
}

/* The embedded module's `target triple` when it is not an AMDGPU one
 * (amdgcn-*): MIR of another target has other registers and calling
 * conventions, and would be read as functions whose arguments vanished.
 * *lines: line breaks before it within ir. */
static bool foreign_triple(Str ir, Str *triple, uint32_t *lines)
{
	static const char key[] = "target triple = \"";
	*lines = 0;
	for (size_t i = 0; i + sizeof key - 1 <= ir.n; i++) {
		*lines += ir.p[i] == '\n';
		if (memcmp(ir.p + i, key, sizeof key - 1) != 0)
			continue;
		size_t start = i + sizeof key - 1, end = start;
		while (end < ir.n && ir.p[end] != '"' && ir.p[end] != '\n')
			end++;
		*triple = str_make(ir.p + start, end - start);
		return !str_starts(*triple, "amdgcn");
	}
	return false;
}

/* --- driver ------------------------------------------------------------ */

static void set_error(MirError *err, bool *have, uint32_t line, uint32_t col, const char *fn, const char *msg)
{
	if (!err || *have)
		return;
	*have = true;
	err->line = line;
	err->col = col;
	str_copy(str_make(msg, strlen(msg)), err->msg, sizeof err->msg);
	str_copy(str_make(fn, strlen(fn)), err->function, sizeof err->function);
}

MirStatus mir_observe(const char *text, size_t len, MirSink sink, void *ctx, MirError *err)
{
	if (err)
		memset(err, 0, sizeof *err);
	MirWork *w = calloc(1, sizeof *w);
	if (!w)
		return MIR_NOMEM;
	MirStatus st = MIR_OK;
	bool have_err = false;
	unsigned nfunctions = 0;
	load_sigs(text, len, &w->sigs, &w->h);
	if (w->sigs.nomem) {
		st = MIR_NOMEM;
		goto out;
	}
	DocIter it;
	MirDoc d;
	doc_iter_init(&it, text, len);
	w->body.narrow_buffer_ptrs = false;
	while (doc_next(&it, &d)) {
		Str triple;
		uint32_t lines;
		if (d.is_ir && foreign_triple(d.text, &triple, &lines)) {
			char msg[160];
			snprintf(msg, sizeof msg, "MIR of target '%.*s', not AMDGPU: gcnabi observes amdgcn MIR only",
				 (int)(triple.n < 60 ? triple.n : 60), triple.p);
			set_error(err, &have_err, d.line + 1 + lines, 1, "", msg);
			st = MIR_MALFORMED;
			goto out;
		}
		if (d.is_ir) {
			w->body.narrow_buffer_ptrs = narrow_buffer_ptrs(d.text);
			if (!d.complete) {
				set_error(err, &have_err, d.end_line, d.end_col, "",
					  "truncated MIR: the IR module ends before its '...' line");
				st = MIR_MALFORMED;
			}
			continue;
		}
		nfunctions++;
		observe_function(w, &d);
		if (!d.complete || !w->h.has_name) {
			set_error(err, &have_err, d.complete ? d.line : d.end_line, d.complete ? 1 : d.end_col,
				  w->f.name, w->f.error);
			st = MIR_MALFORMED;
		}
		if (sink && sink(ctx, &w->f)) {
			st = MIR_STOPPED;
			goto out;
		}
	}
	if (it.stray_line) {
		set_error(err, &have_err, it.stray_line, 1, "", "text outside any MIR document (a cut `---`?)");
		st = MIR_MALFORMED;
	}
	if (nfunctions == 0) {
		uint32_t line = 1;
		for (size_t i = 0; i < len; i++)
			line += text[i] == '\n';
		set_error(err, &have_err, line, 1, "", "no MIR function document (`---` followed by `name:`) in the text");
		st = MIR_MALFORMED;
	}
out:
	body_free(&w->body);
	sigtab_free(&w->sigs);
	free(w);
	return st;
}
