/* mir_observe: from llc's MIR to Placements. Incoming registers and stack
 * objects are grouped by the gcnabi.<i>.in.<K> stores they reach, returns
 * read off the return instruction, and each call site's outgoing registers
 * and stack dwords attributed to the gcnabi.<i>.out.<K> loads their bytes
 * come from (mir_trace.c follows them through sub-registers, merges and
 * stack temporaries). Sigs come from the IR module embedded at the top of
 * the file. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_work.h"

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
	f->gisel = f->failed = f->reader_limit = f->truncated = f->grouped = f->has_sig = false;
	f->error_line = 0;
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
		f->truncated = true;
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
		f->reader_limit = true;
		fail(f, "more than %u incoming stack objects: the observer keeps no more", (unsigned)MIR_MAX_FIXED);
	} else if (w->h.bad_reg_line) {
		f->error_line = w->h.bad_reg_line;
		fail(f, "'%s' is not a register: SGPR and VGPR numbers are 0-%u", w->h.bad_reg, (unsigned)MIR_MAX_REG);
	} else if (w->h.failed_isel) {
		f->gisel = true; /* only GlobalISel sets failedISel */
		fail(f, "llc could not select this function (failedISel: true)");
	} else if (!body_parse(&w->body, &w->h)) {
		fail(f, "out of memory reading the body");
	} else if (w->body.too_big) {
		f->reader_limit = true;
		fail(f, "body has more than %u instructions, the MIR reader's limit", (unsigned)MIR_MAX_INSTRS);
	} else if (w->body.bad_reg_line) {
		f->error_line = w->body.bad_reg_line;
		fail(f, "'%s' is not a register: SGPR and VGPR numbers are 0-%u", w->body.bad_reg, (unsigned)MIR_MAX_REG);
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
		if (!d.complete && err)
			err->truncated = true; /* only the last document can be */
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
