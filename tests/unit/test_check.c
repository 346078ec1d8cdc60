/* `gcnabi check` without llc: its option table covers check_opts exactly
 * and each row sets its field or rejects a bad value; a finding is written
 * to details.jsonl in the shapes it always had and to findings.jsonl as
 * typed fields, one line each, in the same order. */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "check_options.h"
#include "engine.h"

/* --- options ----------------------------------------------------------------- */

static void test_table_covers_check_opts(void **state)
{
	(void)state;
	const Command *cmd = command_find("check");
	assert_non_null(cmd);
	unsigned n = 0;
	for (const OptSpec *o = cmd->opts; o->name; o++, n++)
		assert_non_null(check_option_find(o->name));
	unsigned rows = 0;
	for (const char *name; (name = check_option_name(rows)); rows++) {
		bool listed = false;
		for (const OptSpec *o = cmd->opts; o->name; o++)
			listed |= strcmp(o->name, name) == 0;
		assert_true(listed);
	}
	assert_int_equal(rows, n);
	assert_null(check_option_find("--no-such-option"));
}

static Check *parse(bool *ok, int argc, char **argv)
{
	Check *c = calloc(1, sizeof *c);
	assert_non_null(c);
	check_options_default(&c->opt);
	int first = -1;
	*ok = check_parse_options(c, argc, argv, &first);
	if (*ok)
		assert_int_equal(first, argc - 1);
	return c;
}

static void test_options_set_fields(void **state)
{
	(void)state;
	char *argv[] = { "check", "--llc", "/opt/llc-19", "--llc-version", "LLVM version 19.1.7", "--selector", "gisel",
			 "--mcpu", "gfx900", "--mcpu=gfx1100", "--wave", "64", "--triple", "amdgcn-mesa-mesa3d",
			 "--layout", "proposed-v1", "--no-caller", "--batch", "50", "--jobs", "3", "--timeout", "2.5",
			 "--mem-limit", "64", "--out", "o", "--quiet", "--placements", "--switch", "func_inreg_sgpr=off",
			 "--new-reg-bank-select", "sigs.ll" };
	bool ok;
	Check *c = parse(&ok, (int)(sizeof argv / sizeof argv[0]), argv);
	assert_true(ok);
	assert_int_equal(c->nllcs, 1);
	assert_string_equal(c->llcs[0].path, "/opt/llc-19");
	assert_string_equal(c->llcs[0].given_version, "LLVM version 19.1.7");
	assert_false(c->opt.sel_dag);
	assert_true(c->opt.sel_gisel);
	assert_int_equal(c->opt.ncpus, 2);
	assert_string_equal(c->opt.cpus[1], "gfx1100");
	assert_int_equal(c->opt.wave, 64);
	assert_int_equal(c->opt.os, OS_MESA3D);
	assert_string_equal(c->opt.layout, "proposed-v1");
	assert_false(c->opt.callers);
	assert_int_equal(c->opt.batch, 50);
	assert_int_equal(c->opt.jobs, 3);
	assert_true(c->opt.timeout == 2.5);
	assert_int_equal(c->opt.mem_mb, 64);
	assert_string_equal(c->opt.out, "o");
	assert_true(c->opt.quiet && c->opt.placements && c->opt.new_rbs);
	assert_int_equal(c->opt.nswitches, 1);
	assert_int_equal(c->opt.switch_index[0], SW_func_inreg_sgpr);
	assert_false(c->opt.switch_value[0]);
	free(c);
	/* The defaults, and both selectors without --selector. */
	char *none[] = { "check", "sigs.ll" };
	c = parse(&ok, 2, none);
	assert_true(ok && c->opt.sel_dag && c->opt.sel_gisel && c->opt.callers);
	assert_int_equal(c->opt.batch, 200);
	assert_int_equal(c->opt.mem_mb, 8192);
	assert_true(c->opt.timeout == 120);
	assert_string_equal(c->opt.layout, "old");
	assert_null(c->opt.out);
	assert_int_equal(c->opt.slots.fd, -1);
	free(c);
}

static void test_options_reject_bad_values(void **state)
{
	(void)state;
	static const char *const bad[][2] = {
		{ "--batch", "0" },	 { "--batch", "100001" }, { "--jobs", "0" },	  { "--jobs", "65" },
		{ "--mem-limit", "63" }, { "--wave", "48" },	 { "--timeout", "0" },	  { "--selector", "fast" },
		{ "--mcpu", "gfx0" },	 { "--triple", "x86_64" }, { "--switch", "nosuch=on" }, { "--switch", "func_inreg_sgpr=maybe" },
		{ "--llc-version", "LLVM version 19.1.7" },
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		char *argv[] = { "check", (char *)bad[k][0], (char *)bad[k][1], "sigs.ll" };
		bool ok;
		free(parse(&ok, 4, argv));
		assert_false(ok);
	}
	/* The range's ends are accepted. */
	char *argv[] = { "check", "--batch", "100000", "--jobs", "64", "--mem-limit", "1048576", "sigs.ll" };
	bool ok;
	Check *c = parse(&ok, 8, argv);
	assert_true(ok);
	assert_int_equal(c->opt.batch, 100000);
	assert_int_equal(c->opt.jobs, 64);
	assert_int_equal(c->opt.mem_mb, 1048576);
	free(c);
}

/* --- findings ------------------------------------------------------------------ */

static Check *c;
static char *details, *findings;
static size_t details_len, findings_len;
static Layout layout; /* the findings here need no register layout */

static int setup(void **state)
{
	(void)state;
	c = calloc(1, sizeof *c);
	c->combos = calloc(2, sizeof *c->combos);
	c->in.path = "t.ll";
	c->in.nsigs = 1;
	c->in.sigs = calloc(1, sizeof *c->in.sigs);
	c->in.sigs[0] = calloc(1, sizeof **c->in.sigs);
	const char *header = "declare void @f(i32 inreg, i64)";
	SigError err;
	if (!c->combos || !c->in.sigs || !c->in.sigs[0] ||
	    !sig_parse_header(header, strlen(header), c->in.sigs[0], &err))
		return -1;
	c->in.sigs[0]->line = 7;
	for (int k = 0; k < 2; k++) {
		Llc *l = &c->llcs[k];
		Combo *co = &c->combos[k];
		snprintf(l->path, sizeof l->path, "/opt/llc-%d", k ? 22 : 19);
		snprintf(l->version, sizeof l->version, "LLVM version %d.1.0", k ? 22 : 19);
		l->profile = profile_find(k ? "llvm22" : "llvm19");
		co->llc = l;
		co->cpu = "gfx1030";
		co->sel = SEL_DAG;
		co->st.repros = REPROS_PER_COMBO; /* no reproducer files */
		char why[256];
		if (!model_config_init(&co->m, l->profile, &layout, co->cpu, 0, SEL_DAG, why, sizeof why))
			return -1;
		snprintf(co->tag, sizeof co->tag, "%s-gfx1030-dag", l->profile->name);
	}
	c->nllcs = c->ncombos = 2;
	c->model = malloc(sizeof *c->model);
	return c->model ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(c->in.sigs[0]);
	free(c->in.sigs);
	free(c->combos);
	free(c->model);
	free(c);
	return 0;
}

static void open_streams(void)
{
	jw_init(&c->report.details, open_memstream(&details, &details_len));
	jw_init(&c->report.findings, open_memstream(&findings, &findings_len));
	assert_true(jw_on(&c->report.details) && jw_on(&c->report.findings));
}

static void close_streams(void)
{
	assert_int_equal(jw_close(&c->report.details), 0);
	assert_int_equal(jw_close(&c->report.findings), 0);
}

static char *placement_json(const Placement *p)
{
	static char buf[8192];
	assert_true(place_print_json(c->in.sigs[0], p, buf, sizeof buf) < sizeof buf);
	return buf;
}

/* details.jsonl: the three shapes, byte for byte. */
static void test_details_shapes(void **state)
{
	(void)state;
	Combo *a = &c->combos[0], *b = &c->combos[1];
	assert_true(cc_place(c->in.sigs[0], &a->m, VIEW_CALLEE, c->model));
	static char want[60000];
	open_streams();
	report(c, a, 0, FK_MODEL_VS_LLC, "argument 0 part 0: model s0, llc v0", c->model, 0, 0);
	c->report.site = "@g -> @f (call 1 of @g, t.ll:9)";
	report(c, a, 0, FK_CALLER_VS_CALLEE, "caller and callee disagree", c->model, c->model, "a + b");
	c->report.site = 0;
	finding_write(c, &(Finding){ .kind = FK_NOT_EMITTED, .co = a, .sig = 0, .why = "no \"IR\"" });
	finding_write(c, &(Finding){ .kind = FK_CROSS_VERSION, .co = a, .callee_co = b, .sig = 0, .why = "w",
				     .expected = c->model, .seen = c->model });
	close_streams();
	char *p = placement_json(c->model);
	snprintf(want, sizeof want,
		 "{\"combo\":\"llvm19-gfx1030-dag\",\"llc\":\"/opt/llc-19\",\"function\":\"f\",\"line\":7,\"kind\":\"model-vs-llc\","
		 "\"why\":\"argument 0 part 0: model s0, llc v0\",\"model\":%s}\n"
		 "{\"combo\":\"llvm19-gfx1030-dag\",\"llc\":\"/opt/llc-19\",\"function\":\"f\",\"line\":7,\"kind\":\"caller-vs-callee\","
		 "\"why\":\"caller and callee disagree\",\"call_site\":\"@g -> @f (call 1 of @g, t.ll:9)\",\"explained_by\":\"a + b\","
		 "\"llc_callee\":%s,\"llc_caller\":%s}\n"
		 "{\"combo\":\"llvm19-gfx1030-dag\",\"function\":\"f\",\"line\":7,\"kind\":\"not-emitted\",\"why\":\"no \\\"IR\\\"\"}\n"
		 "{\"kind\":\"cross-version\",\"caller_combo\":\"llvm19-gfx1030-dag\",\"callee_combo\":\"llvm22-gfx1030-dag\","
		 "\"function\":\"f\",\"line\":7,\"why\":\"w\",\"llc_caller\":%s,\"llc_callee\":%s}\n",
		 p, p, p, p, p);
	assert_string_equal(details, want);
	/* findings.jsonl: as many lines, every one a JSON object of the same kind. */
	static const char *const kinds[] = { "model-vs-llc", "caller-vs-callee", "not-emitted", "cross-version" };
	JsonArena *arena = json_arena_new();
	const char *line = findings;
	for (size_t k = 0; k < 4; k++) {
		const char *end = strchr(line, '\n');
		assert_non_null(end);
		JsonError err;
		const JsonValue *v = json_parse(arena, line, (size_t)(end - line), &err);
		assert_non_null(v);
		assert_string_equal(json_get(v, "kind")->str, kinds[k]);
		line = end + 1;
	}
	assert_string_equal(line, "");
	json_arena_free(arena);
	free(details);
	free(findings);
}

static const JsonValue *only_finding(JsonArena *arena)
{
	JsonError err;
	assert_int_equal(strchr(findings, '\n') - findings, (long)findings_len - 1);
	const JsonValue *v = json_parse(arena, findings, findings_len, &err);
	assert_non_null(v);
	return v;
}

static void assert_str(const JsonValue *v, const char *key, const char *want)
{
	const JsonValue *m = json_get(v, key);
	assert_non_null(m);
	if (!want) {
		assert_int_equal(m->kind, JSON_NULL);
		return;
	}
	assert_int_equal(m->kind, JSON_STRING);
	assert_string_equal(m->str, want);
}

static void assert_u32(const JsonValue *v, const char *key, uint32_t want)
{
	uint32_t got;
	assert_true(json_u32(json_get(v, key), &got));
	assert_int_equal(got, want);
}

/* findings.jsonl: the finding as fields. */
static void test_finding_fields(void **state)
{
	(void)state;
	Combo *a = &c->combos[0], *b = &c->combos[1];
	assert_true(cc_place(c->in.sigs[0], &a->m, VIEW_CALLER, c->model));
	JsonArena *arena = json_arena_new();
	open_streams();
	c->report.site = "@g -> @f (chain call 1 of @g, t.ll:9)";
	DvgprCounts n = { 32, -1, -1, 3, -1, 1 };
	report_finding(c, &(Finding){ .kind = FK_DVGPR_LOST, .co = a, .sig = 0, .why = "lost", .explained_by = "program",
				      .expected = c->model, .dvgpr = &n });
	c->report.site = 0;
	close_streams();
	const JsonValue *v = only_finding(arena);
	assert_str(v, "kind", "dvgpr-lost");
	assert_str(v, "class", "note");
	assert_str(v, "axis", "model-vs-llc-caller");
	assert_u32(v, "exit_bit", 0);
	assert_str(v, "combo", "llvm19-gfx1030-dag");
	assert_str(v, "llc", "/opt/llc-19");
	assert_str(v, "version", "LLVM version 19.1.0");
	assert_str(v, "profile", "llvm19");
	assert_str(v, "cpu", "gfx1030");
	assert_u32(v, "wave", 32);
	assert_str(v, "selector", "dag");
	assert_int_equal(json_get(v, "new_reg_bank_select")->kind, JSON_BOOL);
	assert_str(v, "triple", "amdgcn-amd-amdpal");
	assert_str(v, "function", "f");
	assert_u32(v, "line", 7);
	assert_str(v, "call_site", "@g -> @f (chain call 1 of @g, t.ll:9)");
	assert_str(v, "explained_by", "program");
	assert_str(v, "message", "lost");
	const JsonValue *d = json_get(v, "dvgpr");
	assert_u32(d, "requested", 32);
	assert_u32(d, "lost", 3);
	assert_u32(d, "first_argument", 1);
	assert_true(json_get(d, "lost_llc")->number == -1);
	const JsonValue *keys = json_get(v, "placements");
	assert_int_equal(keys->count, 1);
	assert_string_equal(keys->first->str, "model");
	assert_null(json_get(v, "callee_combo"));
	free(details);
	free(findings);
	/* Unexplained, across two llc. */
	open_streams();
	finding_write(c, &(Finding){ .kind = FK_CROSS_VERSION, .co = a, .callee_co = b, .sig = 0, .why = "w",
				     .expected = c->model, .seen = c->model });
	close_streams();
	v = only_finding(arena);
	assert_str(v, "class", "divergence");
	assert_str(v, "axis", "link");
	assert_u32(v, "exit_bit", EXIT_DIVERGED);
	assert_str(v, "callee_combo", "llvm22-gfx1030-dag");
	assert_str(v, "callee_llc", "/opt/llc-22");
	assert_str(v, "callee_profile", "llvm22");
	assert_str(v, "call_site", 0);
	assert_str(v, "explained_by", 0);
	keys = json_get(v, "placements");
	assert_int_equal(keys->count, 2);
	assert_string_equal(keys->first->str, "llc_callee");
	assert_string_equal(keys->first->next->str, "llc_caller");
	json_arena_free(arena);
	free(details);
	free(findings);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_covers_check_opts),
		cmocka_unit_test(test_options_set_fields),
		cmocka_unit_test(test_options_reject_bad_values),
		cmocka_unit_test_setup_teardown(test_details_shapes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_finding_fields, setup, teardown),
	};
	return cmocka_run_group_tests_name("check", tests, NULL, NULL);
}
