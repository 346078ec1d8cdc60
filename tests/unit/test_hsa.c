/* Unit tests of the kernel observer (observe/hsa.h). The layouts asserted
 * here were read off real llc output (tests/fixtures/hsa, made by regen.sh
 * with the command in each file's first line); the model must agree with
 * them. The small synthetic texts test the reader's errors only. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"
#include "judge.h"
#include "observe.h"
#include "layout.h"

/* The model against what the metadata shows, parts as sets. */
static JudgeVerdict judged(const Placement *model, const Placement *seen, char *why, size_t cap)
{
	Judgement j = { 0 };
	JudgeVerdict v = judge(model, seen, &(JudgeRules){ .flags = JUDGE_UNORDERED }, &j);
	why[0] = 0;
	if (v != JUDGE_SAME)
		judge_why(&j.head, "model", "llc", why, cap);
	return v;
}

enum { MAX_FUNCS = 8, SUM = 2048 };

typedef struct {
	unsigned n;
	char name[MAX_FUNCS][SIG_NAME_MAX];
	char in[MAX_FUNCS][SUM]; /* "0/1 2/2 ... | 257" */
	bool failed[MAX_FUNCS];
	Placement p[MAX_FUNCS];
	int stop_after;
} Seen;

static int sink(void *ctx, const MirFunction *f)
{
	Seen *s = ctx;
	if (s->n < MAX_FUNCS) {
		char *b = s->in[s->n];
		b[0] = 0;
		snprintf(s->name[s->n], SIG_NAME_MAX, "%s", f->name);
		for (unsigned i = 0; i < f->in.nlocs; i++)
			snprintf(b + strlen(b), SUM - strlen(b), "%u/%u ", f->in.locs[i].offset, f->in.locs[i].size);
		snprintf(b + strlen(b), SUM - strlen(b), "| %u", f->in.kernarg_size);
		s->failed[s->n] = f->failed;
		s->p[s->n] = f->in;
	}
	s->n++;
	return s->stop_after && (int)s->n >= s->stop_after;
}

static char *read_fixture(const char *name, size_t *len)
{
	char path[1024];
	const char *slash = strrchr(__FILE__, '/');
	int dir = slash ? (int)(slash - __FILE__) : 1;
	snprintf(path, sizeof path, "%.*s/../fixtures/hsa/%s", dir, slash ? __FILE__ : ".", name);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *text = malloc((size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = 0;
	fclose(f);
	*len = (size_t)n;
	return text;
}

static MirStatus observe_text(const char *text, size_t len, Seen *s, MirError *e)
{
	memset(s, 0, sizeof *s);
	return hsa_observe(text, len, sink, s, e);
}

static const char *K_OLD = "0/1 2/2 4/4 8/8 16/1 32/16 48/16 64/1 66/2 72/8 80/8 88/4 92/4 96/16 112/8 120/6 128/64 "
			   "192/1 200/8 208/8 216/8 224/1 | 225";
static const char *K_NEW = "0/1 2/2 4/4 8/8 16/1 32/16 48/16 64/1 66/2 72/8 80/8 88/4 92/4 96/16 112/8 120/6 128/64 "
			   "192/1 200/8 208/32 240/16 256/1 | 257";
/* byref data in-line: align 16 wins over i32's 4; align 2 over <4 x half>'s 8. */
static const char *B_ALL = "0/1 16/4 20/1 32/16 48/2 50/8 | 58";

static void expect_fixture(const char *file, const char *k)
{
	size_t len;
	char *text = read_fixture(file, &len);
	Seen s;
	MirError e;
	assert_int_equal(observe_text(text, len, &s, &e), MIR_OK);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.name[0], "k");
	assert_string_equal(s.in[0], k);
	assert_string_equal(s.name[1], "b");
	assert_string_equal(s.in[1], B_ALL);
	assert_string_equal(s.name[2], "none:x"); /* quoted in the YAML */
	assert_string_equal(s.in[2], "| 0");
	assert_true(hsa_has_metadata(text, len));
	free(text);
}

static void test_fixtures(void **state)
{
	(void)state;
	expect_fixture("kernel.v16.s", K_OLD);
	expect_fixture("kernel.v19.s", K_NEW); /* hidden arguments follow; not counted */
	expect_fixture("kernel.v22.s", K_NEW);
}

/* The model places the fixture's kernels where llc 16/19/22 put them. */
static void test_model_agrees(void **state)
{
	(void)state;
	static const char *const profiles[] = { "llvm16", "llvm19", "llvm22" };
	static const char *const files[] = { "kernel.v16.s", "kernel.v19.s", "kernel.v22.s" };
	size_t len;
	char *ll = read_fixture("kernel.ll", &len);
	static Layout l; /* kernels use no register layout */
	char why[256];
	for (unsigned v = 0; v < 3; v++) {
		size_t slen;
		char *text = read_fixture(files[v], &slen);
		Seen *seen = malloc(sizeof *seen);
		assert_non_null(seen);
		assert_int_equal(observe_text(text, slen, seen, NULL), MIR_OK);
		const char *from = ll;
		for (unsigned k = 0; k < 3; k++) {
			const char *def = strstr(from, "define ");
			assert_non_null(def);
			const char *end = strstr(def, "\n}");
			Sig *sig = malloc(sizeof *sig);
			SigError se;
			assert_non_null(sig);
			assert_true(sig_parse_header(def, (size_t)(end + 2 - def), sig, &se));
			ModelConfig m;
			assert_true(model_config_init(&m, profile_find(profiles[v]), &l, "gfx1030", 0, SEL_DAG, why, sizeof why));
			m.os = OS_AMDHSA; /* the fixtures' triple */
			Placement *p = malloc(sizeof *p);
			assert_non_null(p);
			assert_true(cc_place(sig, &m, VIEW_CALLEE, p));
			assert_int_equal(judged(p, &seen->p[k], why, sizeof why), JUDGE_SAME);
			free(p);
			free(sig);
			from = end;
		}
		free(seen);
		free(text);
	}
	free(ll);
}

/* The user SGPRs of kernel_preload.ll as llc 19/22 enabled them for gfx942
 * (preloaded arguments after them) and llc 22 for gfx1100 (count padded to
 * 16 with the three workgroup-id system SGPRs): enabled fields as
 * UserSgpr bits, count, preload length; and the model agrees. */
static void test_user_sgpr_fixtures(void **state)
{
	(void)state;
	enum { D = 1 << USGPR_DISPATCH_PTR, Q = 1 << USGPR_QUEUE_PTR, K = 1 << USGPR_KERNARG_SEGMENT_PTR,
	       I = 1 << USGPR_DISPATCH_ID };
	static const struct {
		const char *file, *profile, *cpu;
		unsigned enabled[3], count[3], preload[3];
	} cases[] = {
		{ "kernel_preload.v19.gfx942.s", "llvm19", "gfx942", { D | K | I, D | K | I, K }, { 11, 14, 2 }, { 5, 8, 0 } },
		{ "kernel_preload.v22.gfx942.s", "llvm22", "gfx942", { D | Q | K | I, D | K | I, Q | K }, { 13, 16, 4 }, { 5, 10, 0 } },
		{ "kernel_preload.v22.gfx1100.s", "llvm22", "gfx1100", { D | Q | K | I, D | K | I, Q | K }, { 13, 13, 13 }, { 0, 0, 0 } },
	};
	size_t len;
	char *ll = read_fixture("kernel_preload.ll", &len);
	static Layout l;
	char why[256];
	for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		size_t slen;
		char *text = read_fixture(cases[c].file, &slen);
		Seen *seen = malloc(sizeof *seen);
		assert_non_null(seen);
		assert_int_equal(observe_text(text, slen, seen, NULL), MIR_OK);
		assert_int_equal(seen->n, 3);
		const char *from = ll;
		for (unsigned k = 0; k < 3; k++) {
			const UserSgprs *u = &seen->p[k].user;
			assert_true(u->known);
			assert_int_equal(u->enabled, cases[c].enabled[k]);
			assert_int_equal(u->count, cases[c].count[k]);
			assert_int_equal(u->preload_length, cases[c].preload[k]);
			assert_int_equal(u->preload_offset, 0);
			const char *def = strstr(from, "define ");
			assert_non_null(def);
			const char *end = strstr(def, "\n}");
			Sig *sig = malloc(sizeof *sig);
			SigError se;
			assert_non_null(sig);
			assert_true(sig_parse_header(def, (size_t)(end + 2 - def), sig, &se));
			ModelConfig m;
			assert_true(model_config_init(&m, profile_find(cases[c].profile), &l, cases[c].cpu, 0, SEL_DAG, why,
						      sizeof why));
			Placement *p = malloc(sizeof *p);
			assert_non_null(p);
			assert_true(cc_place(sig, &m, VIEW_CALLEE, p));
			if (judged(p, &seen->p[k], why, sizeof why) != JUDGE_SAME)
				fail_msg("%s %s: %s", cases[c].file, seen->name[k], why);
			free(p);
			free(sig);
			from = end;
		}
		free(seen);
		free(text);
	}
	free(ll);
}

static void test_errors(void **state)
{
	(void)state;
	Seen s;
	MirError e;
	static const char no_meta[] = "\t.text\nk:\n\ts_endpgm\n";
	assert_int_equal(observe_text(no_meta, sizeof no_meta - 1, &s, &e), MIR_MALFORMED);
	assert_non_null(strstr(e.msg, "no HSA metadata"));
	assert_false(hsa_has_metadata(no_meta, sizeof no_meta - 1));

	static const char bad_offset[] = "\t.amdgpu_metadata\n---\namdhsa.kernels:\n  - .args:\n      - .offset: 1x\n"
					 "        .size: 4\n        .value_kind: by_value\n    .name: k\n...\n";
	assert_int_equal(observe_text(bad_offset, sizeof bad_offset - 1, &s, &e), MIR_MALFORMED);
	assert_int_equal(e.line, 5);
	assert_non_null(strstr(e.msg, ".offset must be a number"));

	static const char no_size[] = "\t.amdgpu_metadata\n---\namdhsa.kernels:\n  - .args:\n      - .offset: 0\n"
				      "        .value_kind: by_value\n    .name: k\n...\n";
	assert_int_equal(observe_text(no_size, sizeof no_size - 1, &s, &e), MIR_MALFORMED);
	assert_non_null(strstr(e.msg, "without .size"));

	static const char huge[] = "\t.amdgpu_metadata\n---\namdhsa.kernels:\n  - .args:\n      - .offset: 4294967296\n"
				   "        .size: 4\n    .name: k\n...\n";
	assert_int_equal(observe_text(huge, sizeof huge - 1, &s, &e), MIR_MALFORMED);

	/* Cut off inside a kernel: delivered as failed, then the error. */
	static const char cut[] = "\t.amdgpu_metadata\n---\namdhsa.kernels:\n  - .args:\n      - .offset: 0\n"
				  "        .size: 4\n        .value_kind: by_value\n    .name: k\n";
	assert_int_equal(observe_text(cut, sizeof cut - 1, &s, &e), MIR_MALFORMED);
	assert_int_equal(s.n, 1);
	assert_true(s.failed[0]);
	assert_non_null(strstr(e.msg, "truncated"));
	assert_true(e.truncated);
}

/* Every prefix of a real file is read without a crash; a stopping sink stops. */
static void test_prefixes_and_stop(void **state)
{
	(void)state;
	size_t len;
	char *text = read_fixture("kernel.v22.s", &len);
	Seen *s = malloc(sizeof *s);
	assert_non_null(s);
	for (size_t cut = 0; cut < len; cut += 7) {
		char *copy = malloc(cut + 1);
		assert_non_null(copy);
		memcpy(copy, text, cut);
		MirStatus st = observe_text(copy, cut, s, NULL);
		assert_true(st == MIR_OK || st == MIR_MALFORMED);
		free(copy);
	}
	memset(s, 0, sizeof *s);
	s->stop_after = 1;
	assert_int_equal(hsa_observe(text, len, sink, s, NULL), MIR_STOPPED);
	assert_int_equal(s->n, 1);
	free(s);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_user_sgpr_fixtures),
		cmocka_unit_test(test_model_agrees),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_prefixes_and_stop),
	};
	return cmocka_run_group_tests_name("hsa", tests, NULL, NULL);
}
