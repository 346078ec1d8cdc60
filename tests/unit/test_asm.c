/* Unit tests of the assembly observer (observe/asm.h), the final-code
 * checker (final/asm_exec.h) and its mutants (observe/asm_mutate.h),
 * on llc's own output: tests/fixtures/asm/call.*.s, each made by the
 * command in its first line from call.ll (gcnabi emit --caller of
 * call.sig, `declare void @g(i32 inreg, i32, i64)`). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "unit_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "final.h"
#include "cc.h"
#include "contract.h"

static Layout old_layout;

static int load_old(void **state)
{
	(void)state;
	return unit_load_old_layout(&old_layout);
}

static char *read_fixture(const char *name, size_t *len)
{
	char path[512];
	char *text = unit_read_fixture(__FILE__, "asm", name, len, path, sizeof path);
	if (!text)
		fail_msg("cannot read %s", path);
	return text;
}

/* The callee and the caller of call.ll, as the model has them. */
typedef struct {
	ModelConfig m;
	Profile profile;
	Sig callee;
	Placement in, none;
	Contract contract;
	char verdict[2][640]; /* "g: proven", "gcnabi.0.caller: violated: ..." */
	unsigned nfuncs, mutants, caught;
	const char *fixture;
	bool mutate;
} Run;

static bool env_callee(void *ctx, const char *name, Contract *c, const Placement **in)
{
	Run *r = ctx;
	if (strcmp(name, "g"))
		return false;
	*c = r->contract;
	*in = &r->in;
	return true;
}

static bool env_passed(void *ctx, const char *callee, unsigned arg, unsigned part, char *global, size_t cap, int64_t *off,
		       unsigned *own)
{
	*own = 0;
	(void)ctx;
	if (strcmp(callee, "g") || arg > 2)
		return false;
	snprintf(global, cap, "gcnabi.0.out.%u", arg);
	*off = 4 * (int64_t)part;
	return true;
}

static bool env_received(void *ctx, const char *function, const char *global, int64_t off, unsigned *arg, unsigned *part)
{
	(void)ctx;
	unsigned k;
	if (strcmp(function, "g") || sscanf(global, "gcnabi.0.in.%u", &k) != 1 || off % 4)
		return false;
	*arg = k;
	*part = (unsigned)(off / 4);
	return true;
}

static bool mutant_args(void *ctx, const AsmFunction *f, uint32_t i, char a[16], char b[16])
{
	(void)ctx;
	(void)f;
	(void)i;
	strcpy(a, "v0"); /* g's i32 and the low half of its i64 */
	strcpy(b, "v1");
	return true;
}

static int sink(void *ctx, const AsmFunction *f)
{
	Run *r = ctx;
	ExecEnv env = { r, env_callee, env_passed, env_received, 0, 0, 0 };
	bool callee = strcmp(f->name, "g") == 0;
	ExecInput in = { f, &r->contract, callee ? &r->in : &r->none, r->m.wave, &env, r->m.target->smem_dword_offset, 0, { 0 } };
	ExecResult res;
	asm_exec(&in, &res);
	if (r->nfuncs < 2)
		snprintf(r->verdict[r->nfuncs], sizeof r->verdict[0], "%s: %s%s%s", f->name, verdict_names[res.verdict],
			 res.why[0] ? ": " : "", res.why);
	r->nfuncs++;
	if (r->mutate && res.verdict == VERDICT_PROVEN) {
		Mutant ms[256];
		const MutantEnv menv = { r, mutant_args, 0, 0 };
		unsigned n = asm_mutants(f, &r->contract, &menv, ms, 256);
		for (unsigned k = 0; k < n && k < 256; k++) {
			AsmFunction g;
			assert_true(asm_mutant_apply(f, &r->contract, &ms[k], &g));
			ExecInput mi = in;
			mi.f = &g;
			ExecResult mr;
			asm_exec(&mi, &mr);
			asm_mutant_free(&g);
			r->mutants++;
			r->caught += mr.verdict == VERDICT_VIOLATED;
			if (mr.verdict != VERDICT_VIOLATED) {
				char what[160];
				asm_mutant_print(f, &ms[k], what, sizeof what);
				fail_msg("%s: %s: mutant %s not caught (%s: %s)", r->fixture, f->name, what,
					 verdict_names[mr.verdict], mr.why);
			}
		}
	}
	return 0;
}

static void check_fixture(const char *fixture, const char *profile, const char *cpu, Run *r)
{
	char why[160];
	SigError err;
	r->fixture = fixture;
	assert_true(model_config_init(&r->m, profile_find(profile), &old_layout, cpu, 0, SEL_DAG, why, sizeof why));
	const char *h = "declare void @g(i32 inreg, i32, i64)";
	assert_true(sig_parse_header(h, strlen(h), &r->callee, &err));
	assert_true(cc_place(&r->callee, &r->m, VIEW_CALLEE, &r->in));
	place_init(&r->none);
	assert_true(contract_of(CC_C, &r->m, &r->contract));
	size_t len;
	char *text = read_fixture(fixture, &len);
	assert_int_equal(asm_read(text, len, sink, r), 2);
	free(text);
}

/* llc 22, gfx900: the caller writes the inreg argument to s0 (over the
 * scratch descriptor), its callee reads it from s16: found in the final
 * code as at the MIR level; the callee stores what arrives. */
static void test_inreg_over_srd_in_final_code(void **state)
{
	(void)state;
	Run *r = calloc(1, sizeof *r);
	check_fixture("call.gfx900.v22.s", "llvm22", "gfx900", r);
	assert_string_equal(r->verdict[0], "g: proven");
	assert_string_equal(r->verdict[1], "gcnabi.0.caller: violated: call of @g: argument 0 part 0: the callee reads s16, "
					   "which holds the word at gcnabi.0.out.2+0; the caller's value is in s0");
	free(r);
	/* llc 19: the callee reads the queue pointer's hole, s6. */
	r = calloc(1, sizeof *r);
	check_fixture("call.gfx900.v19.s", "llvm19", "gfx900", r);
	assert_string_equal(r->verdict[1], "gcnabi.0.caller: violated: call of @g: argument 0 part 0: the callee reads s6, "
					   "which holds entry s6; the caller's value is in s0");
	free(r);
}

/* gfx1100 (no scratch descriptor): both sides agree, both are proven, and
 * every mutant of each is caught. */
static void test_gfx1100_proven_and_mutants_caught(void **state)
{
	(void)state;
	Run *r = calloc(1, sizeof *r);
	r->mutate = true;
	check_fixture("call.gfx1100.v22.s", "llvm22", "gfx1100", r);
	assert_string_equal(r->verdict[0], "g: proven");
	assert_string_equal(r->verdict[1], "gcnabi.0.caller: proven");
	/* The caller has a frame, a call and a return: as many mutants as
	 * operators, but for the two a dynamic alloca needs (no alloca here:
	 * tests/fixtures/final/dynamic_alloca.ll has them). */
	assert_true(r->mutants >= MUT_COUNT - 2);
	assert_int_equal(r->caught, r->mutants);
	free(r);
}

/* The reader: functions from .type, labels and instructions, operands,
 * VOPD pairs as two instructions, the PAL metadata's YAML ignored. */
static int count_sink(void *ctx, const AsmFunction *f)
{
	unsigned *n = ctx;
	if (strcmp(f->name, "h") == 0) {
		assert_int_equal(f->ninstrs, 5);
		assert_string_equal(f->instrs[1].mnemonic, "v_dual_mov_b32");
		assert_string_equal(f->instrs[2].mnemonic, "v_dual_mov_b32");
		assert_int_equal(f->instrs[2].op[0].kind, AOP_REG);
		assert_int_equal(f->instrs[2].op[0].first, 1);
		assert_int_equal(f->instrs[3].op[0].kind, AOP_OFF);
		assert_true(f->instrs[3].has_offset);
		assert_int_equal(f->instrs[3].offset, 8);
		assert_int_equal(f->nlabels, 1);
		assert_int_equal(f->label_at[0], 4);
		assert_true(regset_has(&f->named, RF_SGPR, 31));
		assert_false(regset_has(&f->named, RF_SGPR, 29));
	}
	(*n)++;
	return 0;
}

static void test_reader(void **state)
{
	(void)state;
	const char *text = "\t.type\th,@function\nh:\n\ts_waitcnt vmcnt(0) ; comment s29\n"
			   "\tv_dual_mov_b32 v0, s18 :: v_dual_mov_b32 v1, s2\n"
			   "\tscratch_store_b32 off, v5, s33 offset:8\n.LBB0_1:\n\ts_setpc_b64 s[30:31]\n.Lfunc_end0:\n"
			   "\t.amdgpu_pal_metadata\n---\nh:\n  x: 1\n...\n\t.end_amdgpu_pal_metadata\n";
	unsigned n = 0;
	assert_int_equal(asm_read(text, strlen(text), count_sink, &n), 1);
	assert_int_equal(n, 1);
}

/* A function pointer variable's initial value in the data llc prints. */
static void test_data_symbol(void **state)
{
	(void)state;
	static const char text[] = "\t.globl\tgcnabi.1.fptr\ngcnabi.1.fptr.x:\n\t.quad\tnot\ngcnabi.1.fptr:\n"
				   "; a comment\n\t.quad\tg0.n1\n\t.size\tgcnabi.1.fptr, 8\nv:\n\t.long\t7\nw:\n\t.zero 8\n";
	char out[32];
	assert_true(asm_data_symbol(text, sizeof text - 1, "gcnabi.1.fptr", out, sizeof out));
	assert_string_equal(out, "g0.n1");
	assert_true(asm_data_symbol(text, sizeof text - 1, "v", out, sizeof out));
	assert_string_equal(out, "7");
	assert_false(asm_data_symbol(text, sizeof text - 1, "w", out, sizeof out));
	assert_false(asm_data_symbol(text, sizeof text - 1, "gcnabi.2.fptr", out, sizeof out));
	assert_false(asm_data_symbol(text, sizeof text - 1, "gcnabi.1.fptr", out, 3));
}

/* llc's output is whole once it holds its .note.GNU-stack section line:
 * every prefix cut before the section's name ends is cut short (coarse
 * steps, then every byte around the line); hand-written text without the
 * line is not llc's whole output. */
static void test_whole(void **state)
{
	(void)state;
	size_t len;
	char *text = read_fixture("call.gfx900.v22.s", &len);
	static const char line[] = "\t.section\t\".note.GNU-stack\"";
	const char *note = strstr(text, line);
	assert_non_null(note);
	size_t whole_from = (size_t)(note - text) + sizeof line - 1;
	for (size_t n = 0; n <= len; n = n + 40 < whole_from || n >= whole_from + 40 ? n + len / 50 + 1 : n + 1) {
		if (n + 40 < whole_from && n + len / 50 + 1 + 40 >= whole_from)
			n = whole_from - 40; /* every byte around the line */
		char *cut = malloc(n ? n : 1); /* a private copy: ASan sees a read past the cut */
		assert_non_null(cut);
		memcpy(cut, text, n);
		if (asm_whole(cut, n) != (n >= whole_from))
			fail_msg("call.gfx900.v22.s cut at %zu of %zu (whole from %zu): whole %d", n, len, whole_from,
				 asm_whole(cut, n));
		free(cut);
	}
	static const char hand[] = "\t.type\th,@function\nh:\n\ts_setpc_b64 s[30:31]\n.Lfunc_end0:\n";
	assert_false(asm_whole(hand, sizeof hand - 1));
	free(text);
}

/* A shader's and a kernel's contract: an entry point, nothing preserved;
 * a chain function's: v8 and up. */
static void test_entry_contracts(void **state)
{
	(void)state;
	ModelConfig m;
	char why[160];
	Contract c;
	RegSet none = { 0 };
	assert_true(model_config_init(&m, profile_find("llvm22"), &old_layout, "gfx900", 0, SEL_DAG, why, sizeof why));
	for (CallConv cc = CC_AMDGPU_CS; cc <= CC_AMDGPU_LS; cc++) {
		assert_true(contract_of(cc, &m, &c));
		assert_true(c.entry);
		assert_false(c.returns);
		assert_memory_equal(&c.preserved, &none, sizeof none);
		assert_int_equal(c.stack_ptr.first, 32);
	}
	assert_true(contract_of(CC_AMDGPU_GFX, &m, &c) && c.returns && !c.entry);
	assert_true(contract_of(CC_AMDGPU_KERNEL, &m, &c) && c.entry && !c.chain && !c.returns);
	/* chain functions: v8 and up, their inactive lanes (preserve: all) */
	assert_true(contract_of(CC_AMDGPU_CS_CHAIN, &m, &c) && c.entry && c.chain && !c.returns);
	assert_true(regset_has(&c.kept_inactive, RF_VGPR, 8) && !regset_has(&c.kept_inactive, RF_VGPR, 7));
	assert_false(regset_has(&c.preserved, RF_VGPR, 40));
	assert_true(contract_of(CC_AMDGPU_CS_CHAIN_PRESERVE, &m, &c) && c.chain);
	assert_true(regset_has(&c.preserved, RF_VGPR, 40) && !regset_has(&c.preserved, RF_VGPR, 7));
	assert_false(regset_has(&c.preserved, RF_SGPR, 40));
}

/* A structurized CFG's flow variable: s0 = 1, s0 ^= 1, s_cmp_lg s0, 0:
 * the branch on SCC goes one way, so the path where the shader's return
 * register keeps its entry value is not taken. */
static void test_constant_flow(void **state)
{
	(void)state;
	static const char text[] = "\t.type\tps,@function\nps:\n"
				   "\ts_mov_b32 s0, 1\n\ts_xor_b32 s0, s0, 1\n\ts_cmp_lg_u32 s0, 0\n"
				   "\ts_cbranch_scc1 .LBB0_2\n\tv_mov_b32_e32 v0, 0\n.LBB0_2:\n\ts_endpgm\n"
				   "\t.type\tvs,@function\nvs:\n"
				   "\ts_mov_b32 s0, 1\n\ts_xor_b32 s0, s0, 1\n\ts_cmp_lg_u32 s0, 0\n"
				   "\ts_cbranch_scc0 .LBB1_2\n\ts_setpc_b64 s[30:31]\n.LBB1_2:\n\ts_endpgm\n";
	ModelConfig m;
	char why[160];
	Contract c;
	assert_true(model_config_init(&m, profile_find("llvm22"), &old_layout, "gfx900", 0, SEL_DAG, why, sizeof why));
	assert_true(contract_of(CC_AMDGPU_PS, &m, &c));
	Run *r = calloc(1, sizeof *r);
	r->m = m;
	r->contract = c;
	place_init(&r->in);
	place_init(&r->none);
	assert_int_equal(asm_read(text, sizeof text - 1, sink, r), 2);
	/* ps: one path (the branch always taken); vs: never jumps through
	 * s[30:31], which would be a violation in a shader */
	assert_string_equal(r->verdict[0], "ps: proven");
	assert_string_equal(r->verdict[1], "vs: proven");
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reader),
		cmocka_unit_test(test_inreg_over_srd_in_final_code),
		cmocka_unit_test(test_gfx1100_proven_and_mutants_caught),
		cmocka_unit_test(test_data_symbol),
		cmocka_unit_test(test_whole),
		cmocka_unit_test(test_entry_contracts),
		cmocka_unit_test(test_constant_flow),
	};
	return cmocka_run_group_tests(tests, load_old, 0);
}
