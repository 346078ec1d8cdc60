/* Unit tests of the MIR observer's parser (observe/mir.h) on synthetic MIR
 * and on cut or corrupted fixtures: the tracer's rules, the JSON output,
 * truncation, garbage, cycles, huge numbers and a sink that stops. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "mir_fixture.h"

/* --- synthetic MIR: the tracer's rules -------------------------------------------- */

/* Part order follows the position in a value built by REG_SEQUENCE or split
 * by G_UNMERGE_VALUES, whatever the COPY order; a sub-register of a load is
 * a position in memory, not in the value, so those parts go by register. */
static void test_outgoing_part_order(void **state)
{
	(void)state;
	const char *text =
		"---\nname: dag\nbody: |\n  bb.0:\n"
		"    %0:sreg_64 = S_LOAD_DWORDX2_IMM %9, 0, 0 :: (load (s64) from @gcnabi.0.out.0, addrspace 4)\n"
		"    %1:sreg_32 = COPY %0.sub0\n"
		"    %2:sreg_32 = COPY %0.sub1\n"
		"    %3:vreg_64 = REG_SEQUENCE %2, %subreg.sub1, %1, %subreg.sub0\n"
		"    %4:sreg_64 = S_LOAD_DWORDX2_IMM %9, 0, 0 :: (load (s64) from @gcnabi.0.out.1, addrspace 4)\n"
		"    ADJCALLSTACKUP 0, 0\n"
		"    $vgpr1 = COPY %3.sub0\n"
		"    $vgpr0 = COPY %3.sub1\n"
		"    $vgpr3 = COPY %4.sub0\n"
		"    $vgpr2 = COPY %4.sub1\n"
		"    $sgpr30_sgpr31 = SI_CALL %8, @f, implicit $vgpr0, implicit $vgpr1, implicit $vgpr2, implicit $vgpr3\n"
		"    ADJCALLSTACKDOWN 0, 0\n"
		"    SI_RETURN\n...\n"
		"---\nname: gisel\nbody: |\n  bb.1:\n"
		"    %1:_(<2 x s32>) = G_LOAD %0(p4) :: (load (<2 x s32>) from @gcnabi.0.out.0, addrspace 4)\n"
		"    ADJCALLSTACKUP 0, 0, implicit-def $scc\n"
		"    %2:_(s32), %3:_(s32) = G_UNMERGE_VALUES %1(<2 x s32>)\n"
		"    $vgpr1 = COPY %3(s32)\n"
		"    $vgpr0 = COPY %2(s32)\n"
		"    $sgpr30_sgpr31 = G_SI_CALL %4(p0), @f, implicit $vgpr0, implicit $vgpr1\n"
		"    ADJCALLSTACKDOWN 0, 0, implicit-def $scc\n"
		"    SI_RETURN\n...\n";
	Observed *o;
	assert_int_equal(observe_string(text, &o), MIR_OK);
	assert_string_equal(find(o, "dag")->calls[0], "f: v1,v0 | v2,v3 -> none");
	assert_string_equal(find(o, "gisel")->calls[0], "f: v0,v1 -> none");
	free(o);
}

/* Outgoing stack stores: a G_STORE of a G_MERGE_VALUES of two arguments, a
 * merged SCRATCH store at $sgpr32 + 8 with no target in its memory operand,
 * a MUBUF store at $sgpr32 with offset 4; and a load from a stack temporary
 * at +4 traced to the REG_SEQUENCE slot that was stored there. */
static void test_outgoing_store_pieces(void **state)
{
	(void)state;
	const char *text =
		"---\nname: gisel\nbody: |\n  bb.1:\n"
		"    %1:_(s32) = G_LOAD %0(p4) :: (load (s32) from @gcnabi.0.out.0, addrspace 4)\n"
		"    %2:_(s32) = G_LOAD %0(p4) :: (load (s32) from @gcnabi.0.out.1, addrspace 4)\n"
		"    ADJCALLSTACKUP 0, 0, implicit-def $scc\n"
		"    %3:_(p5) = COPY $sgpr32\n"
		"    %4:_(s32) = G_CONSTANT i32 48\n"
		"    %5:_(p5) = G_PTR_ADD %3, %4(s32)\n"
		"    %6:_(s64) = G_MERGE_VALUES %2(s32), %1(s32)\n"
		"    G_STORE %6(s64), %5(p5) :: (store (s64) into stack + 48, addrspace 5)\n"
		"    $sgpr30_sgpr31 = G_SI_CALL %7(p0), @f\n"
		"    ADJCALLSTACKDOWN 0, 56, implicit-def $scc\n"
		"    SI_RETURN\n...\n"
		"---\nname: dag\nbody: |\n  bb.0:\n"
		"    %0:sgpr_128 = S_LOAD_DWORDX4_IMM %9, 0, 0 :: (load (s128) from @gcnabi.0.out.0, addrspace 4)\n"
		"    %1:sreg_32 = S_LOAD_DWORD_IMM %9, 0, 0 :: (load (s32) from @gcnabi.0.out.1, addrspace 4)\n"
		"    %2:vreg_128 = COPY %0\n"
		"    SCRATCH_STORE_DWORDX4_SADDR %2, %stack.0, 0, 0, implicit $exec :: (store (s128) into %stack.0, addrspace 5)\n"
		"    %3:vgpr_32 = SCRATCH_LOAD_DWORD_SADDR %stack.0, 4, 0, implicit $exec"
		" :: (load (s32) from %stack.0 + 4, addrspace 5)\n"
		"    ADJCALLSTACKUP 0, 0, implicit-def dead $scc\n"
		"    %4:sreg_32_xexec_hi = COPY $sgpr32\n"
		"    %5:sreg_32 = S_MOV_B32 8\n"
		"    %6:sreg_32_xexec_hi = S_ADD_I32 %4, killed %5, implicit-def dead $scc\n"
		"    %7:vreg_64 = REG_SEQUENCE %1, %subreg.sub0, %0.sub3, %subreg.sub1\n"
		"    SCRATCH_STORE_DWORDX2_SADDR killed %7, killed %6, 0, 0, implicit $exec :: (store (s64), addrspace 5)\n"
		"    BUFFER_STORE_DWORD_OFFSET %3, $sgpr0_sgpr1_sgpr2_sgpr3, $sgpr32, 4, 0, 0, implicit $exec"
		" :: (store (s32), addrspace 5)\n"
		"    $sgpr30_sgpr31 = SI_CALL %8, @f\n"
		"    ADJCALLSTACKDOWN 0, 16, implicit-def dead $scc\n"
		"    SI_RETURN\n...\n";
	Observed *o;
	assert_int_equal(observe_string(text, &o), MIR_OK);
	assert_string_equal(find(o, "gisel")->calls[0], "f: stack+52/4 | stack+48/4 -> none");
	assert_string_equal(find(o, "dag")->calls[0], "f: stack+4/4,stack+12/4 | stack+8/4 -> none");
	free(o);
}

/* --- JSON ---------------------------------------------------------------------- */

static void test_json(void **state)
{
	(void)state;
	Observed *o = observe_fixture("basic.v19.gisel.mir");
	const Seen *f = find(o, "f");
	assert_string_equal(f->json, "{\"name\":\"f\",\"cc\":\"ccc\",\"args\":["
				     "{\"type\":\"i32\",\"inreg\":true,\"parts\":[\"s6\"]},"
				     "{\"type\":\"i32\",\"parts\":[\"v0\"]},"
				     "{\"type\":\"i64\",\"parts\":[\"v1\",\"v2\"]},"
				     "{\"type\":\"[2 x i32]\",\"parts\":[\"v3\",\"v4\"]},"
				     "{\"type\":\"i32\",\"inreg\":true,\"parts\":[\"s7\"]}],"
				     "\"ret\":{\"type\":\"float\",\"parts\":[\"v0\"]},\"selector\":\"gisel\"}");
	const Seen *c = find(o, "gcnabi.0.caller");
	assert_non_null(strstr(c->json, ",\"calls\":[{\"name\":\"f\",\"cc\":\"ccc\",\"args\":[{\"type\":\"i32\","
					 "\"inreg\":true,\"parts\":[\"s0\"]}"));
	assert_non_null(strstr(c->json, "\"callee\":\"f\",\"line\":"));
	assert_non_null(strstr(c->json, "\"implicit\":[\"s[0:3]\",\"s[4:5]\""));
	assert_non_null(strstr(c->json, "\"unattributed\":[\"v31\""));
	assert_int_equal(c->json[c->json_len - 1], '}');
	free(o);
}

/* snprintf semantics: the same length whatever the room, always terminated. */
static int check_json_caps(void *ctx, const MirFunction *f)
{
	(void)ctx;
	char big[8192], small[16];
	size_t n = mir_function_print_json(f, big, sizeof big);
	assert_true(n < sizeof big);
	assert_int_equal(strlen(big), n);
	for (size_t cap = 1; cap <= sizeof small; cap++) {
		memset(small, 'x', sizeof small);
		assert_int_equal(mir_function_print_json(f, small, cap), n);
		size_t kept = n < cap - 1 ? n : cap - 1;
		assert_memory_equal(small, big, kept);
		assert_int_equal(small[kept], 0);
	}
	assert_int_equal(mir_function_print_json(f, NULL, 0), n);
	return 0;
}

static void test_json_truncates_like_snprintf(void **state)
{
	(void)state;
	size_t len;
	char *text = read_fixture("stack.v22.dag.mir", &len);
	assert_int_equal(mir_observe(text, len, check_json_caps, NULL, NULL), MIR_OK);
	free(text);
}

/* --- robustness ------------------------------------------------------------------ */

static const char *const all_fixtures[] = {
	"chaingraph.v19.dag.mir", "chaingraph.v19.gisel.mir", "chaingraph.v22.dag.mir", "chaingraph.v22.gisel.mir",
	"kernelgraph.v19.dag.mir", "kernelgraph.v19.gisel.mir", "kernelgraph.v22.dag.mir", "kernelgraph.v22.gisel.mir",
	"kernelindirect.v19.dag.mir", "kernelindirect.v19.gisel.mir", "kernelindirect.v22.dag.mir",
	"kernelindirect.v22.gisel.mir", "basic.v14.dag.mir", "basic.v14.gisel.mir", "basic.v16.dag.mir", "basic.v16.gisel.mir",
	"basic.v19.dag.mir", "basic.v19.gisel.mir", "basic.v22.dag.mir", "basic.v22.gisel.mir",
	"mixed.v19.dag.mir", "mixed.v19.gisel.mir", "mixed.v22.dag.mir", "mixed.v22.gisel.mir",
	"stack.v16.dag.mir", "stack.v19.dag.mir", "stack.v19.gisel.mir", "stack.v22.dag.mir",
	"stack.v22.gisel.mir", "byval.v19.dag.mir", "byval.v19.gisel.mir", "byval.v22.dag.mir",
	"byval.v22.gisel.mir", "sret.v19.dag.mir", "sret.v19.gisel.mir", "sret.v22.dag.mir",
	"sret.v22.gisel.mir", "gfx.v16.dag.mir", "gfx.v19.dag.mir", "gfx.v19.gisel.mir",
	"gfx.v22.dag.mir", "gfx.v22.gisel.mir", "ps.v19.dag.mir", "ps.v19.gisel.mir",
	"plain.v19.dag.mir", "plain.v19.gisel.mir", "nested.v19.dag.mir", "nested.v19.gisel.mir",
	"nested.v22.dag.mir", "nested.v22.gisel.mir", "wide.gfx1100.v19.dag.mir", "wide.gfx1100.v22.dag.mir",
	"ptrstack.v19.gisel.mir", "ptrstack.v22.gisel.mir", "temps.gfx1100.v19.dag.mir",
	"temps.gfx1100.v22.dag.mir", "temps.v19.dag.mir", "sretreg.v14.gisel.mir", "sretreg.v16.gisel.mir",
	"sretreg.v19.gisel.mir", "sretreg.v22.gisel.mir", "sretreg.v19.dag.mir", "manydecls.v22.dag.mir",
};

/* Does text[0:n] end with a complete document (its last line is `...`)? */
static bool ends_with_doc_end(const char *text, size_t n)
{
	size_t end = n && text[n - 1] == '\n' ? n - 1 : n;
	return end >= 4 && memcmp(text + end - 4, "\n...", 4) == 0;
}

/* Index of the last line starting with `---` before n, or n when none. */
static size_t last_doc_start(const char *text, size_t n)
{
	size_t at = n;
	for (size_t i = 0; i + 3 <= n; i++)
		if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "---", 3) == 0)
			at = i;
	return at;
}

/* Index of the last `...` line before n (cut or not after it), or n when none. */
static size_t last_doc_end(const char *text, size_t n)
{
	size_t at = n;
	for (size_t i = 0; i + 3 <= n; i++)
		if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "...", 3) == 0 && (i + 3 == n || text[i + 3] == '\n'))
			at = i;
	return at;
}

static void check_cut(const char *name, char *text, size_t n)
{
	/* A private copy, so ASan sees any read past the cut. */
	char *cut = malloc(n ? n : 1);
	assert_non_null(cut);
	memcpy(cut, text, n);
	MirStatus st;
	MirError err;
	Observed *o = observe_text(cut, n, &st, &err);
	size_t doc = last_doc_start(cut, n);
	size_t end = last_doc_end(cut, n);
	bool in_function = doc < n && (end == n || end < doc) && !(doc + 4 < n && cut[doc + 4] == '|');
	bool complete = ends_with_doc_end(cut, n) && o->delivered > 0;
	if (complete != (st == MIR_OK))
		fail_msg("%s cut at %zu: status %d (%s)", name, n, st, err.msg);
	if (st != MIR_OK)
		assert_true(err.line >= 1 && err.col >= 1 && err.msg[0]);
	/* Cut inside a document: said so (check counts it the machine's). */
	if (err.truncated != (doc < n && (end == n || end < doc)))
		fail_msg("%s cut at %zu: truncated %d", name, n, err.truncated);
	if (in_function && (o->n == 0 || !o->f[o->n - 1].truncated))
		fail_msg("%s cut at %zu: the last function is not marked truncated", name, n);
	for (unsigned k = 0; k + 1 < o->n; k++)
		if (o->f[k].truncated)
			fail_msg("%s cut at %zu: function %u before the cut marked truncated", name, n, k);
	if (in_function) {
		/* The function cut off is delivered, failed, and err points at the cut. */
		if (o->n == 0 || !o->f[o->n - 1].failed || strncmp(o->f[o->n - 1].error, "truncated MIR: ", 15) != 0)
			fail_msg("%s cut at %zu: the last function is not reported truncated", name, n);
		uint32_t line = 1, col = 1;
		for (size_t i = 0; i < n; i++)
			cut[i] == '\n' ? (line++, col = 1) : col++;
		assert_int_equal(err.line, line);
		assert_int_equal(err.col, col);
		assert_non_null(strstr(err.msg, "truncated MIR"));
	}
	free(o);
	free(cut);
}

static void test_truncated_fixtures(void **state)
{
	(void)state;
	for (size_t f = 0; f < sizeof all_fixtures / sizeof all_fixtures[0]; f++) {
		size_t len;
		char *text = read_fixture(all_fixtures[f], &len);
		size_t step = len / 97 + 1;
		for (size_t n = 0; n < len; n += step)
			check_cut(all_fixtures[f], text, n);
		/* Around every document boundary. */
		for (size_t i = 0; i + 4 <= len; i++)
			if (text[i] == '\n' && (memcmp(text + i + 1, "...", 3) == 0 || memcmp(text + i + 1, "---", 3) == 0))
				for (size_t d = 0; d < 6 && i + d < len; d++)
					check_cut(all_fixtures[f], text, i + d);
		free(text);
	}
}


static void test_garbage(void **state)
{
	(void)state;
	static const char *const tokens[] = {
		"---\n", "--- |\n", "...\n", "name: f\n", "name: 'gcnabi.0.caller'\n", "body: |\n", "  bb.0:\n",
		"liveins:\n", "  - { reg: '$vgpr0', virtual-reg: '%0' }\n", "fixedStack:\n",
		"  - { id: 0, offset: 4, size: 4,\n", "      isImmutable: true }\n", "failedISel: true\n",
		"    %0:_(s32) = COPY $vgpr0\n", "    %1:vgpr_32 = COPY $sgpr4_sgpr5\n",
		"    G_STORE %0(s32), %2(p1) :: (volatile store (s32) into @gcnabi.0.in.0, addrspace 1)\n",
		"    %3:_(s32) = G_LOAD %4(p1) :: (load (s32) from @gcnabi.0.out.1 + 4)\n",
		"    $vgpr0 = COPY %3(s32)\n", "    ADJCALLSTACKUP 0, 0\n",
		"    $sgpr30_sgpr31 = SI_CALL %5, @f, implicit $vgpr0, implicit-def $vgpr0\n",
		"    SI_RETURN implicit $vgpr0\n", "    G_STORE %3, %6 :: (store (s32) into stack + 8)\n",
		"%99999999999999 = COPY $vgpr99999\n", "$sgpr4294967295", "%fixed-stack.", "(", ")", "{", "}", "\"",
		",", " :: ", " = ", "@", "%stack.0.gcnabi.0.out.1.copy", "\n", "  ", "\x01\xff",
	};
	uint32_t seed = 12345;
	char buf[4096];
	for (int round = 0; round < 400; round++) {
		size_t n = 0;
		int count = (int)(seed % 120);
		for (int t = 0; t < count; t++) {
			seed = seed * 1103515245u + 12345u;
			const char *tok = tokens[(seed >> 16) % (sizeof tokens / sizeof tokens[0])];
			size_t k = strlen(tok);
			if (n + k >= sizeof buf)
				break;
			memcpy(buf + n, tok, k);
			n += k;
		}
		seed = seed * 1103515245u + 12345u;
		MirStatus st;
		MirError err;
		free(observe_text(buf, n, &st, &err));
		assert_true(st == MIR_OK || st == MIR_MALFORMED);
		/* Raw bytes too. */
		for (size_t i = 0; i < sizeof buf; i++) {
			seed = seed * 1103515245u + 12345u;
			buf[i] = (char)(seed >> 16);
		}
		free(observe_text(buf, (size_t)(seed % sizeof buf), &st, &err));
	}
	Observed *o;
	assert_int_equal(observe_string("", &o), MIR_MALFORMED);
	free(o);
}

/* A def-use cycle, a value defined twice, and numbers too big to be vregs. */
static void test_cycles_and_duplicates(void **state)
{
	(void)state;
	const char *text = "---\nname: f\nbody: |\n  bb.0:\n"
			   "    %0:_(s32) = COPY $vgpr0\n"
			   "    %5:_(s32) = COPY $vgpr1\n"
			   "    %5:_(s32) = COPY $vgpr2\n"
			   "    %1:_(s32) = G_ADD %2, %0\n"
			   "    %2:_(s32) = G_ADD %1, %1\n"
			   "    %4294967294:_(s32) = COPY $vgpr3\n"
			   "    %99999999999:_(s32) = COPY $vgpr4\n"
			   "    G_STORE %2(s32), %9(p1) :: (volatile store (s32) into @gcnabi.0.in.0, addrspace 1)\n"
			   "    G_STORE %5(s32), %9(p1) :: (volatile store (s32) into @gcnabi.0.in.1, addrspace 1)\n"
			   "    SI_RETURN\n...\n";
	Observed *o;
	assert_int_equal(observe_string(text, &o), MIR_OK);
	assert_true(o->f[0].grouped);
	assert_false(o->f[0].has_sig);
	assert_string_equal(o->f[0].in, "v0 | v1,v2 -> none");
	assert_string_equal(o->f[0].unattributed, "v3");
	free(o);
}

/* After GlobalISel's legalizer (-new-reg-bank-select stops after
 * amdgpu-regbanklegalize: `legalized: true`) a G_TRUNC of an argument
 * register is the legalizer's, not the convention's: nothing is stated.
 * The same body before it says "low". */
static void test_legalized_says_nothing(void **state)
{
	(void)state;
	static const char *const heads[] = { "---\nname: f\nlegalized: true\nbody: |\n", "---\nname: f\nbody: |\n" };
	for (unsigned k = 0; k < 2; k++) {
		char text[1024];
		snprintf(text, sizeof text, "%s  bb.0:\n"
			 "    %%0:_(s32) = COPY $vgpr0\n"
			 "    %%1:_(s16) = G_TRUNC %%0(s32)\n"
			 "    G_STORE %%1(s16), %%9(p1) :: (volatile store (s16) into @gcnabi.0.in.0, addrspace 1)\n"
			 "    SI_RETURN\n...\n",
			 heads[k]);
		Observed *o;
		assert_int_equal(observe_string(text, &o), MIR_OK);
		assert_true((strstr(o->f[0].json, "\"reprs\":[\"low\"]") != NULL) == (k == 1));
		free(o);
	}
}

static void test_long_line_and_other_target(void **state)
{
	(void)state;
	size_t n = 1 << 20;
	char *text = malloc(n + 64);
	assert_non_null(text);
	strcpy(text, "---\nname: f\nbody: |\n  bb.0:\n    SI_RETURN ");
	size_t at = strlen(text);
	while (at + 16 < n) {
		memcpy(text + at, "implicit $vgpr1,", 16);
		at += 16;
	}
	strcpy(text + at, "\n...\n");
	Observed *o;
	assert_int_equal(observe_string(text, &o), MIR_OK);
	assert_int_equal(strncmp(o->f[0].in, "-> v1,v1,", 9), 0);
	free(o);
	free(text);
	/* x86 registers are nobody's parts. */
	assert_int_equal(observe_string("---\nname: main\nbody: |\n  bb.0:\n    liveins: $edi\n"
					"    %0:gr32 = COPY $edi\n    $eax = COPY %0\n    RET 0, $eax\n...\n",
					&o),
			 MIR_OK);
	assert_false(o->f[0].failed);
	assert_string_equal(o->f[0].in, "-> none");
	free(o);
}

/* The IR module cut out of a real file: markers still group the arguments,
 * and without a header the JSON has no types. */
static void test_without_ir_module(void **state)
{
	(void)state;
	size_t len;
	char *text = read_fixture("basic.v19.dag.mir", &len);
	char *start = strstr(text, "--- |");
	char *end = strstr(text, "\n...\n");
	assert_true(start && end);
	memmove(start, end + 5, (size_t)(text + len - (end + 5)) + 1);
	MirStatus st;
	MirError err;
	Observed *o = observe_text(text, strlen(text), &st, &err);
	assert_int_equal(st, MIR_OK);
	const Seen *f = find(o, "f");
	assert_false(f->has_sig);
	assert_string_equal(f->in, "s6 | v0 | v1,v2 | v3,v4 | s7 -> v0");
	const char *json = "{\"name\":\"f\",\"grouped\":true,\"args\":[{\"parts\":[\"s6\"]}";
	assert_int_equal(strncmp(f->json, json, strlen(json)), 0);
	assert_string_equal(find(o, "gcnabi.0.caller")->calls[0], "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0");
	free(o);
	free(text);
}

static void test_sink_stops(void **state)
{
	(void)state;
	size_t len;
	char *text = read_fixture("basic.v22.gisel.mir", &len);
	Observed *o = calloc(1, sizeof *o);
	assert_non_null(o);
	o->stop_after = 1;
	assert_int_equal(mir_observe(text, len, record, o, NULL), MIR_STOPPED);
	assert_int_equal(o->delivered, 1);
	free(o);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legalized_says_nothing),
		cmocka_unit_test(test_outgoing_part_order),
		cmocka_unit_test(test_outgoing_store_pieces),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_json_truncates_like_snprintf),
		cmocka_unit_test(test_truncated_fixtures),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_cycles_and_duplicates),
		cmocka_unit_test(test_long_line_and_other_target),
		cmocka_unit_test(test_without_ir_module),
		cmocka_unit_test(test_sink_stops),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
