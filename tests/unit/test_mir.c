/* Unit tests of the MIR observer (observe/mir.h). The placements asserted
 * here were read off real llc output (tests/fixtures/mir, made by regen.sh)
 * for both selectors and llc 14/16/19/22; the robustness tests cut every
 * fixture at many offsets and feed garbage, cycles and huge numbers. The
 * small synthetic MIR texts below test the parser only, never llc. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "unit_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "observe.h"

enum { MAX_FUNCS = 24, SUM = 1024 };

/* What a test looks at of one observed function, in compact text:
 * "s6 | v0 | v1,v2 -> v0", stack parts as stack+OFFSET/SIZE. */
typedef struct {
	char name[SIG_NAME_MAX];
	bool failed, gisel, grouped, has_sig;
	char error[192];
	char in[SUM];
	char unattributed[SUM];
	unsigned ncalls;
	char calls[MIR_MAX_CALLS][SUM];    /* "f: s0 | v0 -> v0" */
	char implicit[MIR_MAX_CALLS][SUM]; /* "s[0:3] s[4:5] v31" */
	unsigned dvgpr[MIR_MAX_CALLS];     /* a dynamic-VGPR chain call's VGPR count */
	char json[8192];
	size_t json_len;
} Seen;

typedef struct {
	unsigned n, delivered;
	Seen f[MAX_FUNCS];
	int stop_after; /* sink returns non-zero after this many functions; 0 never */
} Observed;

/* --- summaries ------------------------------------------------------------ */

static void cat(char *buf, size_t cap, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + n, cap - n, fmt, ap);
	va_end(ap);
}

static void cat_loc(char *buf, size_t cap, const Loc *l)
{
	if (l->kind == LOC_SGPR)
		cat(buf, cap, "s%u", l->reg);
	else if (l->kind == LOC_VGPR)
		cat(buf, cap, "v%u", l->reg);
	else if (l->kind == LOC_STACK)
		cat(buf, cap, "stack+%u/%u", l->offset, l->size);
	else
		cat(buf, cap, "?");
}

static void cat_parts(char *buf, size_t cap, const Placement *p, PartRange r)
{
	if (r.count == 0)
		cat(buf, cap, "-");
	for (unsigned i = 0; i < r.count; i++) {
		if (i)
			cat(buf, cap, ",");
		cat_loc(buf, cap, &p->locs[r.first + i]);
	}
}

static void summarize(const Placement *p, char *buf, size_t cap)
{
	for (unsigned k = 0; k < p->nargs; k++) {
		cat(buf, cap, k ? " | " : "");
		cat_parts(buf, cap, p, p->args[k]);
	}
	cat(buf, cap, p->nargs ? " -> " : "-> ");
	if (p->ret_demoted) {
		cat(buf, cap, "sret ");
		cat_loc(buf, cap, &p->sret);
	} else if (p->ret.count) {
		cat_parts(buf, cap, p, p->ret);
	} else {
		cat(buf, cap, "none");
	}
}

static void cat_ranges(char *buf, size_t cap, const RegRange *r, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		char tmp[32];
		regrange_print(&r[i], tmp, sizeof tmp);
		cat(buf, cap, "%s%s", i ? " " : "", tmp);
	}
}

static int record(void *ctx, const MirFunction *f)
{
	Observed *o = ctx;
	o->delivered++;
	if (o->n < MAX_FUNCS) {
		Seen *s = &o->f[o->n++];
		memset(s, 0, sizeof *s);
		snprintf(s->name, sizeof s->name, "%s", f->name);
		snprintf(s->error, sizeof s->error, "%s", f->error);
		s->failed = f->failed;
		s->gisel = f->gisel;
		s->grouped = f->grouped;
		s->has_sig = f->has_sig;
		if (!f->failed)
			summarize(&f->in, s->in, sizeof s->in);
		cat_ranges(s->unattributed, sizeof s->unattributed, f->unattributed, f->nunattributed);
		s->ncalls = f->ncalls;
		for (unsigned c = 0; c < f->ncalls; c++) {
			cat(s->calls[c], SUM, "%s: ", f->calls[c].callee);
			summarize(&f->calls[c].out, s->calls[c], SUM);
			cat_ranges(s->implicit[c], SUM, f->calls[c].implicit, f->calls[c].nimplicit);
			s->dvgpr[c] = f->calls[c].dvgpr;
		}
		s->json_len = mir_function_print_json(f, s->json, sizeof s->json);
	}
	return o->stop_after && (int)o->delivered >= o->stop_after;
}

/* --- fixtures ------------------------------------------------------------- */

static char *read_fixture(const char *name, size_t *len)
{
	char path[512];
	char *text = unit_read_fixture(__FILE__, "mir", name, len, path, sizeof path);
	if (!text)
		fail_msg("cannot read %s", path);
	return text;
}

static Observed *observe_text(const char *text, size_t len, MirStatus *st, MirError *err)
{
	Observed *o = calloc(1, sizeof *o);
	assert_non_null(o);
	*st = mir_observe(text, len, record, o, err);
	return o;
}

static Observed *observe_fixture(const char *name)
{
	size_t len;
	char *file = read_fixture(name, &len);
	/* An exact-size copy, no NUL after it: ASan sees any read past the
	 * end (gcnabi check maps llc's output as it is). */
	char *text = malloc(len ? len : 1);
	assert_non_null(text);
	memcpy(text, file, len);
	free(file);
	MirStatus st;
	MirError err;
	Observed *o = observe_text(text, len, &st, &err);
	if (st != MIR_OK)
		fail_msg("%s: status %d at %u:%u: %s", name, st, err.line, err.col, err.msg);
	free(text);
	return o;
}

static const Seen *find(const Observed *o, const char *name)
{
	for (unsigned i = 0; i < o->n; i++)
		if (strcmp(o->f[i].name, name) == 0)
			return &o->f[i];
	fail_msg("function %s not observed", name);
	return NULL;
}

/* A synthetic MIR text observed (defined with the robustness tests). */
static MirStatus observe_string(const char *s, Observed **out);

/* A function observed with its own placement and, when call is non-NULL,
 * its one call site with its implicit inputs. */
static void expect(const Observed *o, const char *name, bool gisel, const char *in, const char *call,
		   const char *implicit)
{
	const Seen *s = find(o, name);
	if (s->failed)
		fail_msg("%s failed: %s", name, s->error);
	assert_int_equal(s->gisel, gisel);
	assert_string_equal(s->in, in);
	if (!call) {
		assert_int_equal(s->ncalls, 0);
		return;
	}
	assert_int_equal(s->ncalls, 1);
	assert_string_equal(s->calls[0], call);
	if (implicit)
		assert_string_equal(s->implicit[0], implicit);
}

static const char *const implicit_gisel =
	"s[0:3] s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31";
static const char *const implicit_dag =
	"s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31 s[0:3]";

/* --- basic: float @f(i32 inreg, i32, i64, [2 x i32], i32 inreg), i64 @g(i32, i32) */

static void expect_basic(const char *fixture, bool gisel, const char *f_in, const char *f_call,
			 const char *implicit)
{
	Observed *o = observe_fixture(fixture);
	assert_int_equal(o->n, 4);
	expect(o, "f", gisel, f_in, NULL, NULL);
	expect(o, "gcnabi.0.caller", gisel, "-> none", f_call, implicit);
	expect(o, "g", gisel, "v0 | v1 -> v0,v1", NULL, NULL);
	expect(o, "gcnabi.1.caller", gisel, "-> none", "g: v0 | v1 -> v0,v1", implicit);
	assert_true(find(o, "f")->grouped && find(o, "f")->has_sig);
	free(o);
}

static void test_basic_v19(void **state)
{
	(void)state;
	/* The caller passes the inreg arguments in s0, s1; the callee reads s6, s7. */
	expect_basic("basic.v19.gisel.mir", true, "s6 | v0 | v1,v2 | v3,v4 | s7 -> v0",
		     "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0", implicit_gisel);
	expect_basic("basic.v19.dag.mir", false, "s6 | v0 | v1,v2 | v3,v4 | s7 -> v0",
		     "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0", implicit_dag);
}

static void test_basic_v22(void **state)
{
	(void)state;
	expect_basic("basic.v22.gisel.mir", true, "s16 | v0 | v1,v2 | v3,v4 | s17 -> v0",
		     "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0", implicit_gisel);
	expect_basic("basic.v22.dag.mir", false, "s16 | v0 | v1,v2 | v3,v4 | s17 -> v0",
		     "f: s0 | v0 | v1,v2 | v3,v4 | s1 -> v0", implicit_dag);
}

/* A module with more headers than the observer keeps at once (1100
 * unused declarations): it falls back to the functions the MIR defines and
 * calls, and still groups every part by its signature. */
static void test_many_declarations(void **state)
{
	(void)state;
	Observed *o = observe_fixture("manydecls.v22.dag.mir");
	assert_int_equal(o->n, 2);
	expect(o, "wide", false, "s16 | v0,v1 | v2 -> none", NULL, NULL);
	expect(o, "gcnabi.0.caller", false, "-> none", "wide: s0 | v0,v1 | v2 -> none", implicit_dag);
	assert_true(find(o, "wide")->grouped && find(o, "wide")->has_sig);
	free(o);
}

/* llc 14 and 16 ignore inreg on the default convention; 14 returns through
 * S_SETPC_B64_return and lists the return address s[30:31] as a live-in. */
static void test_basic_v14_v16_dag(void **state)
{
	(void)state;
	const char *files[] = {"basic.v14.dag.mir", "basic.v16.dag.mir"};
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);
		expect(o, "f", false, "v0 | v1 | v2,v3 | v4,v5 | v6 -> v0", NULL, NULL);
		assert_string_equal(find(o, "f")->unattributed, "");
		expect(o, "gcnabi.0.caller", false, "-> none", "f: v0 | v1 | v2,v3 | v4,v5 | v6 -> v0", "s[0:3]");
		expect(o, "g", false, "v0 | v1 -> v0,v1", NULL, NULL);
		free(o);
	}
}

/* GlobalISel before llc 19 cannot lower inreg arguments of callable
 * functions: llc falls back and prints failedISel: true. */
static void test_basic_failed_isel(void **state)
{
	(void)state;
	const char *files[] = {"basic.v14.gisel.mir", "basic.v16.gisel.mir"};
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);
		const Seen *f = find(o, "f");
		assert_true(f->failed);
		assert_true(f->gisel);
		assert_non_null(strstr(f->error, "failedISel"));
		assert_string_equal(f->json, "{\"name\":\"f\",\"selector\":\"gisel\",\"error\":\"llc could not select "
					     "this function (failedISel: true)\"}");
		expect(o, "g", true, "v0 | v1 -> v0,v1", NULL, NULL);
		free(o);
	}
}

/* Each fixture (selector from its name) shows callee @f as `want` and its
 * caller's call of it the same way. */
static void expect_callee_and_call(const char *const *files, unsigned n, const char *want)
{
	char call[SUM];
	snprintf(call, sizeof call, "f: %s", want);
	for (unsigned i = 0; i < n; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		expect(o, "f", gisel, want, NULL, NULL);
		expect(o, "gcnabi.0.caller", gisel, "-> none", call, NULL);
		free(o);
	}
}

/* --- mixed: {i8, i32} @f({i8, i32}, <3 x half>, i1, i16) --------------------- */

static void test_mixed(void **state)
{
	(void)state;
	static const char *const files[] = {"mixed.v19.gisel.mir", "mixed.v19.dag.mir", "mixed.v22.gisel.mir", "mixed.v22.dag.mir"};
	expect_callee_and_call(files, 4, "v0,v1 | v2,v3 | v4 | v5 -> v0,v1");
}

/* --- stack: <4 x i32> @f(<32 x i32>, i32, i64, i32 inreg) ----------------------- */

static void test_stack(void **state)
{
	(void)state;
	static const char vregs[] = "v0,v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,v17,v18,v19,v20,"
				    "v21,v22,v23,v24,v25,v26,v27,v28,v29,v30";
	static const struct {
		const char *file, *inreg_callee, *inreg_caller;
	} cases[] = {
		{"stack.v19.gisel.mir", "s6", "s0"},
		{"stack.v19.dag.mir", "s6", "s0"},
		{"stack.v22.gisel.mir", "s16", "s0"},
		{"stack.v22.dag.mir", "s16", "s0"},
		/* llc 16 ignores inreg: the last argument follows the others to the stack. */
		{"stack.v16.dag.mir", "stack+16/4", "stack+16/4"},
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Observed *o = observe_fixture(cases[i].file);
		bool gisel = strstr(cases[i].file, "gisel") != NULL;
		char in[SUM], call[SUM];
		snprintf(in, sizeof in, "%s,stack+0/4 | stack+4/4 | stack+8/4,stack+12/4 | %s -> v0,v1,v2,v3", vregs,
			 cases[i].inreg_callee);
		snprintf(call, sizeof call, "f: %s,stack+0/4 | stack+4/4 | stack+8/4,stack+12/4 | %s -> v0,v1,v2,v3",
			 vregs, cases[i].inreg_caller);
		expect(o, "f", gisel, in, NULL, NULL);
		expect(o, "gcnabi.0.caller", gisel, "-> none", call, NULL);
		free(o);
	}
}

/* --- byval: i32 @f(i32, ptr addrspace(5) byval({i32, i32, i32}), i32) -------- */

static void test_byval(void **state)
{
	(void)state;
	/* One 12-byte slot on both sides, though SelectionDAG's caller copies
	 * it a dword at a time and GlobalISel's with one G_MEMCPY. */
	static const char *const files[] = {"byval.v19.gisel.mir", "byval.v19.dag.mir", "byval.v22.gisel.mir", "byval.v22.dag.mir"};
	expect_callee_and_call(files, 4, "v0 | stack+0/12 | v1 -> v0");
}

/* --- sret: [33 x i32] @f(i32, i64) is demoted to a hidden pointer in v0 --------- */

static void test_sret(void **state)
{
	(void)state;
	const char *files[] = {"sret.v19.gisel.mir", "sret.v19.dag.mir", "sret.v22.gisel.mir", "sret.v22.dag.mir"};
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		expect(o, "f", gisel, "v1 | v2,v3 -> sret v0", NULL, NULL);
		assert_string_equal(find(o, "f")->unattributed, "");
		expect(o, "gcnabi.0.caller", gisel, "-> none", "f: v1 | v2,v3 -> sret v0", NULL);
		assert_non_null(strstr(find(o, "f")->json, "\"sret\":\"v0\",\"parts\":[]"));
		free(o);
	}
}

/* --- gfx: amdgpu_gfx i32 @f(i32 inreg, i1 inreg, i1, i64 inreg, float) ---------- */

static void test_gfx(void **state)
{
	(void)state;
	/* i1 goes to a 1-byte stack slot, inreg or not. */
	const char *files[] = {"gfx.v19.gisel.mir", "gfx.v19.dag.mir", "gfx.v22.gisel.mir", "gfx.v22.dag.mir"};
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		expect(o, "f", gisel, "s4 | stack+0/1 | stack+4/1 | s5,s6 | v0 -> v0", NULL, NULL);
		expect(o, "gcnabi.0.caller", gisel, "-> none", "f: s4 | stack+0/1 | stack+4/1 | s5,s6 | v0 -> v0",
		       "s[0:3]");
		free(o);
	}
}

/* llc 16's SelectionDAG caller passes the i64 inreg as IMPLICIT_DEF in
 * s5, s6 (the value stays in VGPRs): the argument has no parts, and the two
 * registers carry no argument. */
static void test_gfx_v16_dag_drops_inreg_i64(void **state)
{
	(void)state;
	Observed *o = observe_fixture("gfx.v16.dag.mir");
	expect(o, "f", false, "s4 | stack+0/1 | stack+4/1 | s5,s6 | v0 -> v0", NULL, NULL);
	expect(o, "gcnabi.0.caller", false, "-> none", "f: s4 | stack+0/1 | stack+4/1 | - | v0 -> v0", "s[0:3] s5 s6");
	free(o);
}

/* A shader passes its own ptr addrspace(8) on (a G_MERGE_VALUES of v0, v1,
 * then a G_UNMERGE_VALUES into the call's v0, v1). llc 16's datalayout has
 * no p8 entry, so the pointer is 64-bit there: read as 128-bit, its high
 * half traced back to v0 and v1 counted as an implicit input. */
static void test_gisel_narrow_buffer_ptr_passed_on(void **state)
{
	(void)state;
	Observed *o = observe_fixture("p8pass.v16.gisel.mir");
	expect(o, "g", true, "v0,v1 -> none", NULL, NULL);
	expect(o, "s", true, "v0,v1 -> none", "g: v0,v1 -> none", "s[0:3]");
	free(o);
	o = observe_fixture("p8pass.v22.gisel.mir");
	expect(o, "s", true, "v0,v1,v2,v3 -> none", "g: v0,v1,v2,v3 -> none", "s[0:3]");
	free(o);
}

/* --- ps: amdgpu_ps {float, i32} @f(i32 inreg, float, <2 x float>) --------------- */

static void test_ps_return_to_epilog(void **state)
{
	(void)state;
	const char *files[] = {"ps.v19.gisel.mir", "ps.v19.dag.mir"};
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);
		assert_int_equal(o->n, 1);
		expect(o, "f", i == 0, "s0 | v0 | v1,v2 -> v0,s0", NULL, NULL);
		free(o);
	}
}

/* --- psunused: pixel-shader input slots (cases/golden/shader.ll @p00 @p01 @p07) -- */

static void test_ps_unused_inputs(void **state)
{
	(void)state;
	const char *files[] = {"psunused.v19.dag.mir", "psunused.v19.gisel.mir", "psunused.v22.dag.mir",
			       "psunused.v22.gisel.mir"};
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		/* Unused inputs get no registers and no parts; the used ones close up. */
		expect(o, "p00", gisel, "s0 | - | v0 | - | v1 -> none", NULL, NULL);
		assert_non_null(strstr(find(o, "p00")->json, "\"ps_input_addr\":10,\"ps_input_enable\":10"));
		assert_non_null(strstr(find(o, "p00")->json, "{\"type\":\"float\",\"unused\":true,\"parts\":[]}"));
		/* No interpolation input: slot 0 is forced on, v0-v1 are taken. */
		expect(o, "p01", gisel, "- | - | - | - | - | - | - | v2 -> none", NULL, NULL);
		assert_non_null(strstr(find(o, "p01")->json, "\"ps_input_addr\":129,\"ps_input_enable\":129"));
		/* amdgpu_cs allocates unused arguments: v1 and v2 after the unseen v0. */
		expect(o, "p07", gisel, "- | v1 | - | v2 -> none", NULL, NULL);
		assert_null(strstr(find(o, "p07")->json, "ps_input"));
		free(o);
	}
}

/* --- shader system SGPRs: argumentInfo's wave offset and implicit buffer pointer -- */

static void expect_sys(const Observed *o, const char *name, const char *want)
{
	const char *json = find(o, name)->json;
	if (!want) {
		assert_null(strstr(json, "system_sgprs"));
		return;
	}
	if (!strstr(json, want))
		fail_msg("%s: %s not in %s", name, want, json);
}

static void test_shader_system_sgprs(void **state)
{
	(void)state;
	/* amdpal gfx1030: the wave offset follows the user SGPRs (cs: s0, s[1:2]),
	 * a merged GS has it in s5; ps does not use scratch, so its (s1) is not
	 * reported. */
	Observed *o = observe_fixture("scratch.v19.dag.mir");
	expect(o, "cs", false, "s0 | s1,s2 | v0 -> none", NULL, NULL);
	expect_sys(o, "cs", "\"system_sgprs\":{\"scratch_wave_offset\":\"s3\"}");
	expect_sys(o, "gs", "\"system_sgprs\":{\"scratch_wave_offset\":\"s5\"}");
	expect_sys(o, "ps", NULL);
	free(o);
	/* mesa3d: s[0:1] before the inreg arguments, used or not. */
	const char *mesa[] = { "scratch.gfx900.mesa3d.v19.gisel.mir", "scratch.gfx900.mesa3d.v22.dag.mir" };
	for (unsigned i = 0; i < 2; i++) {
		o = observe_fixture(mesa[i]);
		expect(o, "cs", i == 0, "s2 | s3,s4 | v0 -> none", NULL, NULL);
		expect_sys(o, "cs", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\",\"scratch_wave_offset\":\"s5\"}");
		expect_sys(o, "gs", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\",\"scratch_wave_offset\":\"s5\"}");
		expect_sys(o, "ps", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\"}");
		free(o);
	}
	/* Architected flat scratch (gfx1100): no wave offset at all. */
	o = observe_fixture("scratch.gfx1100.mesa3d.v22.dag.mir");
	expect_sys(o, "cs", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\"}");
	expect_sys(o, "gs", "\"system_sgprs\":{\"implicit_buffer_ptr\":\"s[0:1]\"}");
	free(o);
}

/* --- chain: amdgpu_cs_chain @a00 called through llvm.amdgcn.cs.chain ----------- */

static void test_chain_call(void **state)
{
	(void)state;
	const char *files[] = {"chain.v19.dag.mir", "chain.v19.gisel.mir", "chain.v22.dag.mir", "chain.v22.gisel.mir"};
	const char *parts = "s0 | v8 | s1,s2 | v9,v10 | v11,v12 | s3,s4";
	char in[128], call[128];
	snprintf(in, sizeof in, "%s -> none", parts);
	snprintf(call, sizeof call, "a00: %s -> none", parts);
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL;
		expect(o, "a00", gisel, in, NULL, NULL);
		/* The SI_CS_CHAIN_TC_W32 pseudo is the call site; the scratch descriptor s[48:51] rides along. */
		expect(o, "gcnabi.0.caller", gisel, "-> none", call, "s[48:51]");
		free(o);
	}
}

/* --- wholewave: amdgpu_gfx_whole_wave @w00, @w01, @w02 through llvm.amdgcn.call.whole.wave */

/* The active-lane mask reaches no register (its store traces to
 * SI_WHOLE_WAVE_FUNC_SETUP), and the function returns through
 * SI_WHOLE_WAVE_FUNC_RETURN. llc 22 loses @w01's [140 x i32]: SelectionDAG's
 * callee takes the mask for the hidden pointer, so the mask gets the stack
 * slot of an ordinary i1; GlobalISel's caller passes the callee's address
 * in v[0:1] where the hidden pointer belongs. */
static void test_whole_wave(void **state)
{
	(void)state;
	for (int gisel = 0; gisel < 2; gisel++) {
		Observed *o = observe_fixture(gisel ? "wholewave.v22.gisel.mir" : "wholewave.v22.dag.mir");
		expect(o, "w00", gisel, "- | v0 | s4 | stack+0/1 -> v0", NULL, NULL);
		expect(o, "gcnabi.0.caller", gisel, "- -> none", "w00: - | v0 | s4 | stack+0/1 -> v0", "s[0:3]");
		expect(o, "w01", gisel, gisel ? "- | v1 -> sret v0" : "stack+0/1 | v0 -> none", NULL, NULL);
		expect(o, "gcnabi.1.caller", gisel, "- -> none", gisel ? "w01: - | v2 -> none" : "w01: - | v1 -> sret v0",
		       gisel ? "v0 v1 s[0:3]" : "s[0:3]");
		expect(o, "w02", gisel, "- -> none", NULL, NULL);
		assert_true(find(o, "w02")->grouped);
		free(o);
	}
}

/* --- chaingraph: @r (amdgpu_cs) -> @a -> * @b dvgpr 10 -> @a dvgpr 64 --------- */

/* Each function's chain call is its call site, with the caller's own
 * arguments passed on; llc 22 turns the dynamic-VGPR ones into
 * SI_CS_CHAIN_TC_W32_DVGPR with the VGPR count as the fifth operand, llc 19
 * into plain SI_CS_CHAIN_TC_W32 (it ignores the operands). */
static void test_chain_graph(void **state)
{
	(void)state;
	const char *files[] = { "chaingraph.v19.dag.mir", "chaingraph.v19.gisel.mir", "chaingraph.v22.dag.mir",
				"chaingraph.v22.gisel.mir" };
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		bool gisel = strstr(files[i], "gisel") != NULL, v22 = strstr(files[i], "v22") != NULL;
		expect(o, "r", gisel, "s0 | v0 -> none", "a: s0 | v8 | s1,s2 -> none", NULL);
		expect(o, "a", gisel, "s0 | v8 | s1,s2 -> none", ": s0 | v8 | v9,v10,v11,v12 -> none", NULL);
		/* The DVGPR pseudo names no callee: it jumps to a register. */
		expect(o, "b", gisel, "s0 | v8 | v9,v10,v11,v12 -> none", v22 ? ": s0 | v8 | s1,s2 -> none" : "a: s0 | v8 | s1,s2 -> none",
		       NULL);
		assert_int_equal(find(o, "r")->dvgpr[0], 0);
		assert_int_equal(find(o, "a")->dvgpr[0], v22 ? 10 : 0);
		assert_int_equal(find(o, "b")->dvgpr[0], v22 ? 64 : 0);
		free(o);
	}
}

/* --- kernelgraph: amdgpu_kernel @k(i32, i64, float) -> @f(i32, i64, double) ---- */

/* The kernel passes its own i32 and i64 on: their parts come from its
 * kernarg loads, named %ir.gcnabi.arg.<K>.kernarg.offset, and are
 * attributed to arguments 0 and 1 like an out-marker's; the double comes
 * from its out-marker. */
static void test_kernel_graph(void **state)
{
	(void)state;
	const char *files[] = { "kernelgraph.v19.dag.mir", "kernelgraph.v19.gisel.mir", "kernelgraph.v22.dag.mir",
				"kernelgraph.v22.gisel.mir" };
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		const Seen *k = find(o, "k");
		assert_int_equal(k->ncalls, 1);
		assert_string_equal(k->calls[0], "f: v0 | v1,v2 | v3,v4 -> none");
		free(o);
	}
}

/* --- kernelindirect: amdgpu_kernel @k(i32, float) -> * @g(), -> * @h(i32, float) ---- */

/* A kernel computes the special inputs of every call (SRD from
 * $private_rsrc_reg, implicit argument pointer from its kernarg pointer,
 * v31 from v0-v2) from incoming registers that carry none of its IR
 * arguments. Through a pointer to @g() there are no markers to group by,
 * yet the call has no arguments: every part is an implicit input. The call
 * to @h is grouped by its markers: v0 | v1. SelectionDAG's typed copies of
 * the kernel's incoming registers do not make the body GlobalISel's. */
static void test_kernel_indirect_calls(void **state)
{
	(void)state;
	const char *files[] = { "kernelindirect.v19.dag.mir", "kernelindirect.v19.gisel.mir",
				"kernelindirect.v22.dag.mir", "kernelindirect.v22.gisel.mir" };
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(files[i]);
		const Seen *k = find(o, "k");
		assert_int_equal(k->gisel, strstr(files[i], "gisel") != NULL);
		assert_int_equal(k->ncalls, 2);
		assert_string_equal(k->calls[0], ": -> none");
		assert_non_null(strstr(k->implicit[0], "s[0:3]"));
		assert_non_null(strstr(k->implicit[0], "s[8:9]"));
		assert_non_null(strstr(k->implicit[0], "v31"));
		assert_string_equal(k->calls[1], ": v0 | v1 -> none");
		free(o);
	}
}

/* --- plain: no markers -------------------------------------------------------- */

static void test_plain_ungrouped(void **state)
{
	(void)state;
	Observed *o = observe_fixture("plain.v19.dag.mir");
	const Seen *s = find(o, "plain");
	assert_false(s->grouped);
	assert_true(s->has_sig);
	/* SelectionDAG drops the unused high half of the i64 (v2) from liveins. */
	assert_string_equal(s->in, "v0,v1,s6 -> v0");
	assert_string_equal(s->json, "{\"name\":\"plain\",\"grouped\":false,\"args\":[{\"parts\":[\"v0\",\"v1\",\"s6\"]}],"
				     "\"ret\":{\"parts\":[\"v0\"]},\"selector\":\"dag\"}");
	free(o);
	o = observe_fixture("plain.v19.gisel.mir");
	assert_string_equal(find(o, "plain")->in, "v0,v1,v2,s6 -> v0");
	free(o);
}

/* --- empty: only empty aggregate parameters ({}, [0 x i32]) ---------------------- */

/* No parameter has a part, so no marker names one, yet every argument is
 * there (found by fuzz/mir_roundtrip: these were observed with 0 arguments,
 * a false divergence against the model in gcnabi check). */
static void test_empty_parameters(void **state)
{
	(void)state;
	static const char *const fixtures[] = { "empty.v22.dag.mir", "empty.v22.gisel.mir" };
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(fixtures[i]);
		const Seen *g = find(o, "g"), *h = find(o, "h");
		assert_true(g->grouped && h->grouped);
		assert_string_equal(g->in, "- -> none");
		assert_string_equal(h->in, "- | - -> none");
		assert_string_equal(find(o, "gcnabi.0.caller")->calls[0], "g: - -> none");
		assert_string_equal(find(o, "gcnabi.1.caller")->calls[0], "h: - | - -> none");
		free(o);
	}
}

/* --- nested: a callee that is also a caller ------------------------------------- */

/* SelectionDAG lists liveins as the implicit inputs it added first, then the
 * argument parts in argument order, then later implicit inputs: on llc 19
 * the inreg argument in s6 overlaps the queue pointer s[6:7]. */
static void test_nested(void **state)
{
	(void)state;
	static const struct {
		const char *file, *sreg;
	} cases[] = {
		{"nested.v19.dag.mir", "s6"},
		{"nested.v19.gisel.mir", "s6"},
		{"nested.v22.dag.mir", "s16"},
		{"nested.v22.gisel.mir", "s16"},
	};
	for (unsigned i = 0; i < 4; i++) {
		Observed *o = observe_fixture(cases[i].file);
		bool gisel = strstr(cases[i].file, "gisel") != NULL;
		char h[SUM], g[SUM];
		snprintf(h, sizeof h, "%s | v0,v1 -> v0", cases[i].sreg);
		snprintf(g, sizeof g, "%s | v0 | v1,v2 -> none", cases[i].sreg);
		expect(o, "h", gisel, h, NULL, NULL);
		expect(o, "g", gisel, g, "h: s0 | v0,v1 -> v0", NULL);
		assert_non_null(strstr(find(o, "g")->unattributed, "s[6:7]"));
		assert_non_null(strstr(find(o, "g")->unattributed, "v31"));
		expect(o, "gcnabi.1.caller", gisel, "-> none", "g: s0 | v0 | v1,v2 -> none", NULL);
		free(o);
	}
}

/* --- wide: gfx1100 merges the caller's stack stores ------------------------------ */

/* "v0,v1,...,v{n-1}" then ",stack+OFF/4" for each of count dwords from off. */
static void cat_vregs(char *buf, size_t cap, unsigned first, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		cat(buf, cap, "%sv%u", i ? "," : "", first + i);
}

static void cat_dwords(char *buf, size_t cap, unsigned off, unsigned count, bool lead_comma)
{
	for (unsigned i = 0; i < count; i++)
		cat(buf, cap, "%sstack+%u/4", i || lead_comma ? "," : "", off + 4 * i);
}

static const char *const implicit_flat =
	"s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31";

/* a35(<32 x i32>, <32 x i32>, i32): SelectionDAG stores the outgoing area
 * with SCRATCH_STORE_DWORDX4 of REG_SEQUENCEs, the one at stack+0 holding
 * the last dword of argument 0 and the first three of argument 1, and with
 * no `into stack` in their memory operands. s01(i32 x 32, <4 x float>,
 * bfloat): one DWORDX4 at stack+4 for the vector. Every dword is its own
 * part, attributed through its sub-register. */
static void test_wide_stack_stores(void **state)
{
	(void)state;
	const char *files[] = {"wide.gfx1100.v19.dag.mir", "wide.gfx1100.v22.dag.mir"};
	char a35[SUM] = "", s01[SUM] = "";
	char call[2 * SUM];
	cat_vregs(a35, SUM, 0, 31);
	cat(a35, SUM, ",stack+0/4 | ");
	cat_dwords(a35, SUM, 4, 32, false);
	cat(a35, SUM, " | stack+132/4 -> none");
	for (unsigned i = 0; i < 31; i++)
		cat(s01, SUM, "v%u | ", i);
	cat(s01, SUM, "stack+0/4 | stack+4/4,stack+8/4,stack+12/4,stack+16/4 | stack+20/2 -> none");
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);

		expect(o, "a35", false, a35, NULL, NULL);
		snprintf(call, sizeof call, "a35: %s", a35);
		expect(o, "gcnabi.0.caller", false, "-> none", call, implicit_flat);
		expect(o, "s01", false, s01, NULL, NULL);
		snprintf(call, sizeof call, "s01: %s", s01);
		expect(o, "gcnabi.1.caller", false, "-> none", call, implicit_flat);
		free(o);
	}
}

/* p64(i32 x 31, ptr, ptr addrspace(1), i32): GlobalISel's G_STOREs of the
 * pointers' halves say `store (p0) into stack + 4`, 8 bytes, for an s32. */
static void test_gisel_pointer_halves_on_stack(void **state)
{
	(void)state;
	const char *files[] = {"ptrstack.v19.gisel.mir", "ptrstack.v22.gisel.mir"};
	char in[SUM] = "", call[2 * SUM];
	for (unsigned i = 0; i < 31; i++)
		cat(in, SUM, "v%u | ", i);
	cat(in, SUM, "stack+0/4,stack+4/4 | stack+8/4,stack+12/4 | stack+16/4 -> none");
	snprintf(call, sizeof call, "p64: %s", in);
	for (unsigned i = 0; i < 2; i++) {
		Observed *o = observe_fixture(files[i]);
		expect(o, "p64", true, in, NULL, NULL);
		expect(o, "gcnabi.0.caller", true, "-> none", call, implicit_gisel);
		free(o);
	}
}

/* --- temps: values SelectionDAG passes through %stack.N ------------------------- */

/* a17(i96, i96, i32): the caller stores each i96 to a stack temporary and
 * reloads it as a dword pair and a dword (SCRATCH_* on gfx1100, BUFFER_* on
 * gfx1030). v48(<2 x i48>, <32 x i24>, i32): both sides go through memory;
 * llc reads and writes only v0, v1 of the <2 x i48> (v2, v3 are
 * IMPLICIT_DEF at the call). p7(ptr addrspace(7), ptr addrspace(7) inreg):
 * the caller reloads the resource part of each fat pointer from a
 * temporary; llc 19's callee reads the inreg one from s6 (or s[6:7],
 * s[16:18] on gfx1030), where its callers do not put it. v96(<3 x i96>,
 * i32): llc 19's callee on gfx1100 stores the nine dwords to a temporary
 * and reloads them before storing the vector. */
static void test_stack_temporaries(void **state)
{
	(void)state;
	static const struct {
		const char *file, *implicit, *p7_inreg;
	} cases[] = {
		{"temps.gfx1100.v19.dag.mir", "s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31", "s0,s1,s2,s3,s6"},
		{"temps.gfx1100.v22.dag.mir", "s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31", "s0,s1,s2,s3,s16"},
		{"temps.v19.dag.mir", "s[4:5] s[6:7] s[8:9] s[10:11] s12 s13 s14 s15 v31 s[0:3]", "s6,s7,s16,s17,s18"},
	};
	char v48[SUM] = "v0,v1 | ", call[2 * SUM], implicit[2 * SUM];
	cat_vregs(v48, SUM, 4, 27);
	cat_dwords(v48, SUM, 0, 5, true);
	cat(v48, SUM, " | stack+20/4 -> none");
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Observed *o = observe_fixture(cases[i].file);
		expect(o, "a17", false, "v0,v1,v2 | v3,v4,v5 | v6 -> none", NULL, NULL);
		expect(o, "gcnabi.0.caller", false, "-> none", "a17: v0,v1,v2 | v3,v4,v5 | v6 -> none", cases[i].implicit);
		expect(o, "v48", false, v48, NULL, NULL);
		snprintf(call, sizeof call, "v48: %s", v48);
		snprintf(implicit, sizeof implicit, "%s v2 v3", cases[i].implicit);
		expect(o, "gcnabi.1.caller", false, "-> none", call, implicit);
		char p7[SUM];
		snprintf(p7, sizeof p7, "v0,v1,v2,v3,v4 | %s -> none", cases[i].p7_inreg);
		expect(o, "p7", false, p7, NULL, NULL);
		expect(o, "gcnabi.2.caller", false, "-> none", "p7: v0,v1,v2,v3,v4 | s0,s1,s2,s3,s16 -> none",
		       cases[i].implicit);
		expect(o, "v96", false, "v0,v1,v2,v3,v4,v5,v6,v7,v8 | v9 -> none", NULL, NULL);
		expect(o, "gcnabi.3.caller", false, "-> none", "v96: v0,v1,v2,v3,v4,v5,v6,v7,v8 | v9 -> none",
		       cases[i].implicit);
		free(o);
	}
}

/* --- insert: a merged stack store built with INSERT_SUBREG ---------------------- */

/* f(<12 x float> inreg, i109 inreg, <10 x i32> inreg, <20 x i32>, <28 x
 * half>, <2 x i32> inreg), amdgpu_gfx on gfx1100: the last two dwords of
 * the <28 x half> and the <2 x i32> (out of SGPRs) go to stack+0..15 in one
 * SCRATCH_STORE_DWORDX4 of `INSERT_SUBREG (INSERT_SUBREG %half, %lo,
 * sub2), %hi, sub3`: each dword is its own argument's, not all the half
 * vector's (seed 20261251: "model has 14 parts, llc 16"). */
static void test_insert_subreg_store(void **state)
{
	(void)state;
	static const char *const files[] = {"insert.gfx1100.v19.dag.mir", "insert.gfx1100.v22.dag.mir"};
	for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++) {
		Observed *o = observe_fixture(files[i]);
		expect(o, "gcnabi.0.caller", false, "-> none",
		       "f: s4,s5,s6,s7,s8,s9,s10,s11,s12,s13,s14,s15 | s16,s17,s18,s19 | s20,s21,s22,s23,s24,s25,s26,s27,s28,s29 | v0,v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,v17,v18,v19 | v20,v21,v22,v23,v24,v25,v26,v27,v28,v29,v30,v31,stack+0/4,stack+4/4 | stack+8/4,stack+12/4 -> none",
		       "");
		free(o);
	}
}

/* --- repr: what each register holds -------------------------------------------- */

/* llc 19 on gfx700 (no 16-bit instructions), tests/fixtures/mir/repr.ll:
 * SelectionDAG converts a half to float at the writer (V_CVT_F32_F16 before
 * the call, before SI_RETURN) and back at the reader (V_CVT_F16_F32 after
 * the incoming COPY), and says nothing of integers; GlobalISel states every
 * extension: G_ANYEXT/G_TRUNC (low), G_ZEXT/G_ASSERT_ZEXT, G_SEXT/
 * G_ASSERT_SEXT, per register of an unpacked <2 x half> too. Callee (json
 * of the function) and caller (its call site) must say the same. */
static void test_representations(void **state)
{
	(void)state;
	static const struct {
		const char *fn, *dag, *gisel; /* the reprs key of the function's JSON, or "" for none */
	} cases[] = {
		{ "h", "\"reprs\":[\"f32\"]", "\"reprs\":[\"low\"]" },
		{ "z", "", "\"reprs\":[\"zext\"]" },
		{ "sx", "", "\"reprs\":[\"sext\"]" },
		{ "an", "", "\"reprs\":[\"low\"]" },
		{ "b", "", "\"reprs\":[\"low\"]" },
		{ "bz", "", "\"reprs\":[\"zext\"]" },
		{ "rh", "\"reprs\":[\"f32\"]", "\"reprs\":[\"low\"]" },
		{ "rz", "", "\"reprs\":[\"zext\"]" },
		{ "v2h", "\"reprs\":[\"f32\",\"f32\"]", "\"reprs\":[\"low\",\"low\"]" },
		{ "bf", "", "\"reprs\":[\"low\"]" },
	};
	static const char *const files[] = { "repr.gfx700.v19.dag.mir", "repr.gfx700.v19.gisel.mir" };
	for (unsigned g = 0; g < 2; g++) {
		Observed *o = observe_fixture(files[g]);
		for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			const char *want = g ? cases[i].gisel : cases[i].dag;
			char caller[32];
			snprintf(caller, sizeof caller, "gcnabi.%u.caller", i);
			const Seen *callee = find(o, cases[i].fn), *site = find(o, caller);
			if (*want) {
				if (!strstr(callee->json, want) || !strstr(site->json, want))
					fail_msg("%s %s: want %s in\n%s\n%s", files[g], cases[i].fn, want, callee->json, site->json);
			} else if (strstr(callee->json, "reprs") || strstr(site->json, "\"reprs\":[\"")) {
				fail_msg("%s %s: no representation stated, got\n%s\n%s", files[g], cases[i].fn, callee->json,
					 site->json);
			}
		}
		free(o);
	}
}

/* --- sretreg: hidden sret pointers outside v0 ----------------------------------- */

/* d05: amdgpu_gfx inreg i32 (i32 inreg, i32) returns through memory. GlobalISel
 * (llc 14 to 22) passes the pointer in s4 and the inreg argument in s5;
 * SelectionDAG the pointer in v0. d00: [33 x i32] (i32 inreg, i32), pointer
 * in v0 (llc 14 and 16 ignore inreg, and their GlobalISel cannot select the
 * callee). r04: bfloat (), demoted by llc 14's GlobalISel: a caller of a
 * function without parameters is grouped, its frame address is the sret. */
static void test_sret_pointer_in_sgpr(void **state)
{
	(void)state;
	static const struct {
		const char *file, *d00_in, *d00_call;
		bool gisel;
	} cases[] = {
		{"sretreg.v14.gisel.mir", NULL, "d00: v1 | v2 -> sret v0", true},
		{"sretreg.v16.gisel.mir", NULL, "d00: v1 | v2 -> sret v0", true},
		{"sretreg.v19.gisel.mir", "s6 | v1 -> sret v0", "d00: s0 | v1 -> sret v0", true},
		{"sretreg.v22.gisel.mir", "s16 | v1 -> sret v0", "d00: s0 | v1 -> sret v0", true},
		{"sretreg.v19.dag.mir", "s6 | v1 -> sret v0", "d00: s0 | v1 -> sret v0", false},
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Observed *o = observe_fixture(cases[i].file);
		const char *d05 = cases[i].gisel ? "s5 | v0 -> sret s4" : "s4 | v1 -> sret v0";
		char call[SUM];
		snprintf(call, sizeof call, "d05: %s", d05);
		expect(o, "d05", cases[i].gisel, d05, NULL, NULL);
		assert_string_equal(find(o, "d05")->unattributed, "");
		expect(o, "gcnabi.0.caller", cases[i].gisel, "-> none", call, "s[0:3]");
		if (cases[i].d00_in)
			expect(o, "d00", cases[i].gisel, cases[i].d00_in, NULL, NULL);
		else
			assert_true(find(o, "d00")->failed);
		expect(o, "gcnabi.1.caller", cases[i].gisel, "-> none", cases[i].d00_call, NULL);
		if (cases[i].gisel) {
			const char *ret = "\"ret\":{\"type\":\"i32\",\"sret\":\"s4\",\"parts\":[]}";
			assert_non_null(strstr(find(o, "d05")->json, ret));
			assert_non_null(strstr(find(o, "gcnabi.0.caller")->json, ret));
		}
		free(o);
	}
	Observed *o = observe_fixture("sretreg.v14.gisel.mir");
	expect(o, "r04", true, "-> sret v0", NULL, NULL);
	expect(o, "gcnabi.2.caller", true, "-> none", "r04: -> sret v0", "s[0:3]");
	assert_true(find(o, "gcnabi.2.caller")->ncalls == 1);
	assert_non_null(strstr(find(o, "gcnabi.2.caller")->json, "\"args\":[]"));
	free(o);
}

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

static MirStatus observe_string(const char *s, Observed **out)
{
	MirStatus st;
	MirError err;
	*out = observe_text(s, strlen(s), &st, &err);
	return st;
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
		cmocka_unit_test(test_basic_v19),
		cmocka_unit_test(test_basic_v22),
		cmocka_unit_test(test_many_declarations),
		cmocka_unit_test(test_basic_v14_v16_dag),
		cmocka_unit_test(test_basic_failed_isel),
		cmocka_unit_test(test_mixed),
		cmocka_unit_test(test_stack),
		cmocka_unit_test(test_byval),
		cmocka_unit_test(test_sret),
		cmocka_unit_test(test_gfx),
		cmocka_unit_test(test_gfx_v16_dag_drops_inreg_i64),
		cmocka_unit_test(test_gisel_narrow_buffer_ptr_passed_on),
		cmocka_unit_test(test_ps_return_to_epilog),
		cmocka_unit_test(test_ps_unused_inputs),
		cmocka_unit_test(test_shader_system_sgprs),
		cmocka_unit_test(test_chain_call),
		cmocka_unit_test(test_whole_wave),
		cmocka_unit_test(test_chain_graph),
		cmocka_unit_test(test_kernel_graph),
		cmocka_unit_test(test_kernel_indirect_calls),
		cmocka_unit_test(test_plain_ungrouped),
		cmocka_unit_test(test_empty_parameters),
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_wide_stack_stores),
		cmocka_unit_test(test_insert_subreg_store),
		cmocka_unit_test(test_representations),
		cmocka_unit_test(test_legalized_says_nothing),
		cmocka_unit_test(test_gisel_pointer_halves_on_stack),
		cmocka_unit_test(test_stack_temporaries),
		cmocka_unit_test(test_sret_pointer_in_sgpr),
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
