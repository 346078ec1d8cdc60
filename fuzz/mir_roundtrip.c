/* MIR observer against the model: a signature drawn from the input is
 * placed (callee view), MIR is synthesized in the shape the configuration's
 * selector writes (GlobalISel after irtranslator: generic COPYs, G_LOADs and
 * G_STOREs; SelectionDAG after finalize-isel: liveins, register-class COPYs,
 * BUFFER_LOAD_DWORD_OFFEN and GLOBAL_STORE_DWORD_SADDR), with each incoming
 * register copied, each stack part loaded from its fixed stack object,
 * every part stored into the gcnabi.0.in.<K> marker of its argument and
 * return parts copied into their VGPRs. Observing that MIR must give back
 * the same placement and the same header. */
#include <string.h>

#include "judge.h"
#include "fuzz.h"
#include "fuzz_model.h"
#include "observe.h"

typedef struct {
	char *buf;
	size_t len, cap;
	bool full;
} Out;

static void put(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#include <stdarg.h>
static void put(Out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= o->cap - o->len)
		o->full = true;
	else
		o->len += (size_t)n;
}

static const char *reg_name(const Loc *l, char *buf, size_t cap)
{
	snprintf(buf, cap, "$%s%u", l->kind == LOC_SGPR ? "sgpr" : "vgpr", l->reg);
	return buf;
}

static Sig sig;
static Placement model;
static MirFunction seen;
static bool delivered;
static char text[1 << 21], header[1 << 16];
static ModelConfig config;

static void print_context(void)
{
	char buf[1 << 14];
	sig_print(&sig, false, buf, sizeof buf);
	fprintf(stderr, "  signature: %s\n  config: %s, layout %s, %s, wave%u, %s\n", buf, config.profile->name,
		config.layout->name, config.target->name, config.wave, selector_names[config.selector]);
	place_print_human(&sig, &model, buf, sizeof buf);
	fprintf(stderr, "  model:    %s\n", buf);
	if (delivered) {
		place_print_human(&sig, &seen.in, buf, sizeof buf);
		fprintf(stderr, "  observed: %s\n", buf);
	}
	fprintf(stderr, "  MIR:\n%.*s\n", (int)(strlen(text) < 6000 ? strlen(text) : 6000), text);
}

static void put_liveins(Out *o, bool in_header)
{
	char r[16];
	unsigned v = 1;
	const Loc *regs[PLACE_MAX_PARTS + 1];
	unsigned n = 0;
	if (model.ret_demoted && model.sret.kind != LOC_STACK)
		regs[n++] = &model.sret;
	for (unsigned k = 0; k < model.nargs; k++)
		for (unsigned i = 0; i < model.args[k].count; i++)
			if (model.locs[model.args[k].first + i].kind != LOC_STACK)
				regs[n++] = &model.locs[model.args[k].first + i];
	if (in_header) {
		put(o, "liveins:%s\n", n ? "" : "         []");
		for (unsigned i = 0; i < n; i++)
			put(o, "  - { reg: '%s', virtual-reg: '%%%u' }\n", reg_name(regs[i], r, sizeof r), v++);
		return;
	}
	if (!n)
		return;
	put(o, "    liveins: ");
	for (unsigned i = 0; i < n; i++)
		put(o, "%s%s", i ? ", " : "", reg_name(regs[i], r, sizeof r));
	put(o, "\n\n");
}

static bool synthesize(Out *o, bool dag)
{
	char r[16];
	size_t n = sig_print(&sig, false, header, sizeof header);
	if (n >= sizeof header)
		return false;
	put(o, "--- |\n  %s\n...\n---\nname:            %s\n", header, sig.name);
	if (dag)
		put_liveins(o, true);
	unsigned nstack = 0;
	for (unsigned i = 0; i < model.nlocs; i++)
		nstack += model.locs[i].kind == LOC_STACK;
	put(o, "fixedStack:%s\n", nstack ? "" : "      []");
	for (unsigned i = 0, id = 0; i < model.nlocs; i++)
		if (model.locs[i].kind == LOC_STACK)
			put(o, "  - { id: %u, type: default, offset: %u, size: %u, alignment: 4, stack-id: default }\n", id++,
			    model.locs[i].offset, model.locs[i].size);
	put(o, "body:             |\n  bb.%s:\n", dag ? "0 (%ir-block.0)" : "1");
	if (dag)
		put_liveins(o, false);
	/* Values first take the live-in registers' numbers, in the order of
	 * liveins:, as SelectionDAG numbers them. */
	unsigned v = 1, id = 0;
	if (model.ret_demoted)
		put(o, dag ? "    %%%u:vgpr_32 = COPY %s\n" : "    %%%u:_(p5) = COPY %s\n", v++, reg_name(&model.sret, r, sizeof r));
	unsigned zero = 5000, base = 5001, tmp = 6000;
	if (dag) {
		put(o, "    %%%u:vgpr_32 = V_MOV_B32_e32 0, implicit $exec\n", zero);
		put(o, "    %%%u:sreg_64_xexec_xnull = IMPLICIT_DEF\n", base);
	} else {
		put(o, "    %%0:_(p1) = G_IMPLICIT_DEF\n");
	}
	for (unsigned k = 0; k < model.nargs; k++)
		for (unsigned i = 0; i < model.args[k].count; i++) {
			const Loc *l = &model.locs[model.args[k].first + i];
			unsigned value = v;
			if (l->kind == LOC_STACK && dag) {
				value = tmp++;
				put(o, "    %%%u:vgpr_32 = BUFFER_LOAD_DWORD_OFFEN %%fixed-stack.%u, $sgpr0_sgpr1_sgpr2_sgpr3, 0, 0, 0, 0, "
				       "implicit $exec :: (load (s32) from %%fixed-stack.%u, addrspace 5)\n", value, id, id);
				id++;
			} else if (l->kind == LOC_STACK) {
				value = tmp++;
				put(o, "    %%%u:_(p5) = G_FRAME_INDEX %%fixed-stack.%u\n", tmp, id);
				put(o, "    %%%u:_(s32) = G_LOAD %%%u(p5) :: (invariant load (s32) from %%fixed-stack.%u, addrspace 5)\n",
				    value, tmp, id);
				tmp++;
				id++;
			} else if (dag) {
				put(o, "    %%%u:%s = COPY %s\n", v, l->kind == LOC_SGPR ? "sgpr_32" : "vgpr_32", reg_name(l, r, sizeof r));
				if (l->kind == LOC_SGPR) { /* a scalar is stored from a VGPR */
					value = tmp++;
					put(o, "    %%%u:vgpr_32 = COPY %%%u\n", value, v);
				}
				v++;
			} else {
				put(o, "    %%%u:_(s32) = COPY %s\n", v++, reg_name(l, r, sizeof r));
			}
			if (dag)
				put(o, "    GLOBAL_STORE_DWORD_SADDR %%%u, %%%u, %%%u, %u, 0, implicit $exec :: (volatile store (s32) "
				       "into @gcnabi.0.in.%u + %u, addrspace 1)\n", zero, value, base, 4 * i, k, 4 * i);
			else
				put(o, "    G_STORE %%%u(s32), %%0(p1) :: (volatile store (s32) into @gcnabi.0.in.%u + %u, addrspace 1)\n",
				    value, k, 4 * i);
		}
	if (model.ret.count)
		put(o, dag ? "    %%%u:vgpr_32 = IMPLICIT_DEF\n" : "    %%%u:_(s32) = G_IMPLICIT_DEF\n", tmp);
	for (unsigned i = 0; i < model.ret.count; i++)
		put(o, dag ? "    %s = COPY %%%u\n" : "    %s = COPY %%%u(s32)\n", reg_name(&model.locs[model.ret.first + i], r, sizeof r), tmp);
	put(o, "    SI_RETURN");
	for (unsigned i = 0; i < model.ret.count; i++)
		put(o, "%s implicit %s", i ? "," : "", reg_name(&model.locs[model.ret.first + i], r, sizeof r));
	put(o, "\n...\n");
	return !o->full;
}

static int sink(void *ctx, const MirFunction *f)
{
	(void)ctx;
	FUZZ_ASSERT_MSG(!delivered, "one function synthesized, %s delivered twice", f->name);
	delivered = true;
	seen = *f;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FuzzDataProducer p = fuzz_producer(data, size);
	View view;
	const char *cpu;
	fuzz_context = print_context;
	delivered = false;
	text[0] = 0;
	fuzz_config(&p, &config, &view, &cpu);
	fuzz_signature(&p, &sig);
	if (sig.cc == CC_AMDGPU_KERNEL || !cc_place(&sig, &config, VIEW_CALLEE, &model))
		return 0; /* kernels are observed from HSA metadata, not MIR */
	/* Only headers llc could have been given: the producer also builds
	 * types the parser refuses (integers wider than 128 bits). */
	static Sig parsed;
	SigError serr;
	size_t hn = sig_print(&sig, false, header, sizeof header);
	if (hn >= sizeof header || !sig_parse_header(header, hn, &parsed, &serr))
		return 0;
	Out o = { text, 0, sizeof text, false };
	if (!synthesize(&o, config.selector == SEL_DAG))
		return 0;
	MirError err;
	MirStatus st = mir_observe(text, o.len, sink, NULL, &err);
	FUZZ_ASSERT_MSG(st == MIR_OK, "synthesized MIR is malformed: %u:%u: %s", err.line, err.col, err.msg);
	FUZZ_ASSERT_MSG(delivered && !seen.failed, "function not observed: %s", delivered ? seen.error : "");
	FUZZ_ASSERT_MSG(seen.has_sig, "the embedded header was not found");
	if (!sig_equal(&seen.sig, &sig)) {
		char back[1 << 14];
		sig_print(&seen.sig, false, back, sizeof back);
		FUZZ_ASSERT_MSG(false, "the embedded header reads back as\n  %s", back);
	}
	char why[256];
	Judgement j = { 0 };
	if (judge(&model, &seen.in, &(JudgeRules){ .flags = JUDGE_UNORDERED }, &j) != JUDGE_SAME)
		judge_why(&j.head, "model", "observed", why, sizeof why);
	FUZZ_ASSERT_MSG(j.verdict == JUDGE_SAME, "observed placement differs: %s", why);
	return 0;
}
