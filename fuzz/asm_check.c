/* Final-code reader and checker: any bytes are read as assembly without a
 * crash; every function it delivers is well formed (counts inside their
 * arrays, labels inside the function), the checker gives each a verdict
 * with a reason unless proven, on the default convention and amdgpu_gfx,
 * wave64 and wave32, and every mutant of a function applies and is judged
 * without a crash. */
#include <string.h>

#include "final.h"
#include "fuzz.h"
#include "fuzz_model.h"

static ModelConfig configs[2];
static Contract contracts[2];

static bool args(void *ctx, const AsmFunction *f, uint32_t i, char a[16], char b[16])
{
	(void)ctx;
	(void)f;
	(void)i;
	strcpy(a, "v0");
	strcpy(b, "v1");
	return true;
}

static void judge_one(const AsmFunction *f, unsigned k)
{
	ExecInput in = { f, &contracts[k], 0, configs[k].wave, 0, false, 0, { 0 } };
	ExecResult r;
	asm_exec(&in, &r);
	FUZZ_ASSERT_MSG(r.verdict < VERDICT_COUNT, "verdict %d", r.verdict);
	FUZZ_ASSERT_MSG(r.verdict == VERDICT_PROVEN || r.why[0], "%s: %s without a reason", f->name, verdict_names[r.verdict]);
	FUZZ_ASSERT(strnlen(r.why, sizeof r.why) < sizeof r.why);
	Mutant ms[64];
	const MutantEnv env = { 0, args, 0, 0 };
	unsigned n = asm_mutants(f, &contracts[k], &env, ms, 64);
	for (unsigned m = 0; m < n && m < 64; m++) {
		AsmFunction g;
		FUZZ_ASSERT(ms[m].op < MUT_COUNT && ms[m].at < f->ninstrs);
		if (!asm_mutant_apply(f, &contracts[k], &ms[m], &g))
			continue;
		FUZZ_ASSERT(g.ninstrs + 1 >= f->ninstrs && g.ninstrs <= f->ninstrs + 3);
		for (uint32_t l = 0; l < g.nlabels; l++)
			FUZZ_ASSERT_MSG(g.label_at[l] <= g.ninstrs, "mutant label %u at %u of %u", l, g.label_at[l], g.ninstrs);
		in.f = &g;
		asm_exec(&in, &r);
		FUZZ_ASSERT(r.verdict < VERDICT_COUNT);
		asm_mutant_free(&g);
	}
}

static int sink(void *ctx, const AsmFunction *f)
{
	(void)ctx;
	FUZZ_ASSERT(strnlen(f->name, sizeof f->name) < sizeof f->name);
	FUZZ_ASSERT(!f->failed || f->error[0]);
	for (uint32_t l = 0; l < f->nlabels; l++)
		FUZZ_ASSERT_MSG(f->label_at[l] <= f->ninstrs, "label %u at %u of %u", l, f->label_at[l], f->ninstrs);
	for (uint32_t i = 0; i < f->ninstrs; i++) {
		const AsmInstr *in = &f->instrs[i];
		FUZZ_ASSERT(in->nops <= ASM_MAX_OPS);
		FUZZ_ASSERT(in->label < (int32_t)f->nlabels);
		for (unsigned o = 0; o < in->nops; o++)
			FUZZ_ASSERT(in->op[o].kind != AOP_REG || (in->op[o].file < RF_COUNT && in->op[o].count >= 1));
	}
	judge_one(f, 0);
	judge_one(f, 1);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	if (!ready) {
		char why[160];
		const Layout *old = fuzz_layout_named("old");
		FUZZ_ASSERT(old);
		FUZZ_ASSERT(model_config_init(&configs[0], profile_find("llvm22"), old, "gfx900", 0, SEL_DAG, why, sizeof why));
		FUZZ_ASSERT(model_config_init(&configs[1], profile_find("llvm19"), old, "gfx1100", 0, SEL_DAG, why, sizeof why));
		FUZZ_ASSERT(contract_of(CC_C, &configs[0], &contracts[0]));
		FUZZ_ASSERT(contract_of(CC_AMDGPU_GFX, &configs[1], &contracts[1]));
		ready = true;
	}
	asm_read((const char *)data, size, sink, 0);
	return 0;
}
