/* `gcnabi check`: the end-to-end loop. For every llc, CPU and selector:
 * emit the signatures as IR in batches, run llc (several at once, each with
 * a time and memory limit), observe its MIR, and compare every function's
 * incoming placement and every call site's outgoing placement with the
 * model under that llc's profile. A batch llc fails on is bisected down to
 * the function responsible. Besides model-vs-llc divergences it reports
 * where llc's caller and callee disagree with each other, and which profile
 * switch explains that. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "compare.h"
#include "hsa.h"
#include "mir.h"
#include "run.h"

enum { MAX_LLCS = 16, MAX_CPUS = 16, MAX_JOBS = 64, REPROS_PER_COMBO = 25 };

typedef struct {
	char path[512];
	char version[128];
	/* --llc-version: the caller has run `llc --version` already */
	char given_version[128];
	const Profile *profile;
	Profile own; /* the profile with --switch overrides applied */
} Llc;

typedef struct {
	unsigned functions, agree, diverged, llc_refused, both_refused, model_refused, not_emitted;
	unsigned calls, calls_agree, calls_diverged, calls_refused, calls_both_refused;
	unsigned mismatches, mismatches_explained;
	unsigned unread; /* agreements where llc leaves some assigned parts unused */
	unsigned dvgpr_calls, dvgpr_lost; /* dynamic-VGPR chain calls; those whose count loses argument VGPRs */
	unsigned repros;
	double llc_seconds;
} Stats;

typedef struct {
	const Llc *llc;
	const char *cpu;
	Selector sel;
	ModelConfig m;
	Stats st;
	char tag[96]; /* llvm22-gfx1030-dag */
	char triple_arg[48]; /* -mtriple=... for the non-kernel functions (--triple) */
	/* Signature indices in the order they are run: those the model expects
	 * llc to compile, in batches; then those it expects llc to refuse, one
	 * by one, since llc stops at the first function it cannot lower. Each
	 * part is ascending, so a batch can be searched. */
	unsigned *order;
	unsigned nexpected_ok;
	/* With more than one llc: what llc did with each signature, kept for
	 * the cross-version link matrix (NULL where it was not observed);
	 * kept_call is per signature, or per edge for call-graph input. */
	Placement **kept_callee, **kept_call;
	bool new_rbs; /* GlobalISel with -new-reg-bank-select */
	bool *in_graph; /* call-graph input: the functions the module holds */
	FILE *seen_callee, *seen_caller; /* --placements: what llc did, one JSON line per function */
} Combo;

/* Functions first..first+count-1 of the combo's run order (Combo.order);
 * for a graph batch, the call graph's components first..first+count-1. */
typedef struct {
	int combo;
	unsigned first, count;
	bool callers;
	bool fresh; /* first time these functions are emitted for this combo */
	bool graph; /* the whole call graph in one module */
	bool kernel; /* amdgpu_kernel functions: compiled to amdhsa assembly, read from its metadata */
} Batch;

typedef struct {
	/* input */
	Sig **sigs;
	unsigned nsigs, malformed;
	const char *input;
	CallEdge *edges; /* call-graph input: `call @a -> @b` lines */
	/* call-graph input: each function's connected component of the call
	 * graph, numbered in the order of their first functions; a graph batch
	 * holds the components first..first+count-1 */
	unsigned *component, ncomponents;
	unsigned nedges;
	const char *site; /* the call site a report is about, NULL outside call graphs */
	/* the first caller/callee disagreements, for the summary */
	char mismatch_examples[4][640];
	unsigned nmismatch_examples;
	/* options */
	Llc llcs[MAX_LLCS];
	int nllcs;
	const char *cpus[MAX_CPUS];
	int ncpus;
	bool sel_dag, sel_gisel, callers, quiet, placements, new_rbs;
	/* --switch NAME=on|off: overrides of every llc's profile */
	int switch_index[SW_COUNT];
	bool switch_value[SW_COUNT];
	int nswitches;
	unsigned wave, batch, jobs, mem_mb;
	/* --llc-slots: llc runs only while holding one of these (fd -1: none) */
	Slots slots;
	TargetOs os; /* --triple */
	double timeout;
	Layout layout;
	char out_dir[512], tmp_dir[512];
	/* work */
	Combo *combos;
	int ncombos;
	Batch *queue;
	size_t nqueue, capqueue;
	FILE *details;
	/* scratch for one batch */
	Placement *model, *model_caller;
	unsigned batch_serial;
	/* cross-version link matrix, filled after the run */
	struct LinkMatrix *link;
} Check;

/* --- input ----------------------------------------------------------------- */

static int collect_sig(void *ctx, const Sig *sig, const SigError *err)
{
	Check *c = ctx;
	if (err) {
		fprintf(stderr, "%s:%u:%u: error: %s\n", c->input, err->line, err->col, err->msg);
		c->malformed++;
		return 0;
	}
	if (!sig_list_append(&c->sigs, &c->nsigs, sig)) {
		fprintf(stderr, "gcnabi check: out of memory after %u signatures\n", c->nsigs);
		return 1;
	}
	return 0;
}

/* --- compilers ---------------------------------------------------------------- */

static bool llc_identify(Check *c, Llc *l, char *err, size_t cap)
{
	char out_path[600], err_path[600];
	snprintf(out_path, sizeof out_path, "%s/version.txt", c->tmp_dir);
	snprintf(err_path, sizeof err_path, "%s/version.err", c->tmp_dir);
	char *argv[] = { l->path, "--version", 0 };
	Proc p;
	if (access(l->path, X_OK) != 0) {
		snprintf(err, cap, "%s: %s", l->path, strerror(errno));
		return false;
	}
	if (l->given_version[0]) {
		/* Identified by the caller (gcnabi-run), amdgcn target included. */
		l->profile = profile_for_version_text(l->given_version, strlen(l->given_version));
		const char *v = strstr(l->given_version, "LLVM version ");
		snprintf(l->version, sizeof l->version, "%s", v ? v : "unknown");
		if (!v || !l->profile) {
			snprintf(err, cap, "%s: --llc-version '%s' names no LLVM version gcnabi has a profile for "
				 "(expected 'LLVM version N.N.N', N 14 or later)", l->path, l->given_version);
			return false;
		}
		return true;
	}
	if (!proc_start(&p, argv, out_path, err_path, 0) || proc_wait_any(&p, 1, 30) != 0 || p.status != 0) {
		snprintf(err, cap, "%s --version failed", l->path);
		return false;
	}
	size_t len;
	char *text = read_file(out_path, &len, err, cap);
	if (!text)
		return false;
	l->profile = profile_for_version_text(text, len);
	const char *v = strstr(text, "LLVM version ");
	snprintf(l->version, sizeof l->version, "%.*s", v ? (int)strcspn(v, "\n") : 7, v ? v : "unknown");
	bool amdgcn = strstr(text, "amdgcn") != 0;
	free(text);
	if (!l->profile) {
		snprintf(err, cap, "%s: no profile for %s (gcnabi knows LLVM 14 and later)", l->path, l->version);
		return false;
	}
	if (!amdgcn) {
		snprintf(err, cap, "%s: built without the amdgcn target", l->path);
		return false;
	}
	return true;
}

static int find_llcs(Check *c)
{
	glob_t g;
	if (glob("/usr/lib/llvm-*/bin/llc", 0, 0, &g) != 0)
		return 0;
	/* Sort by major version, not by string. */
	for (size_t i = 0; i < g.gl_pathc && c->nllcs < MAX_LLCS; i++)
		snprintf(c->llcs[c->nllcs++].path, sizeof c->llcs[0].path, "%s", g.gl_pathv[i]);
	globfree(&g);
	for (int i = 0; i < c->nllcs; i++)
		for (int j = i + 1; j < c->nllcs; j++)
			if (atoi(c->llcs[j].path + 14) < atoi(c->llcs[i].path + 14)) {
				Llc t = c->llcs[i];
				c->llcs[i] = c->llcs[j];
				c->llcs[j] = t;
			}
	return c->nllcs;
}

/* --- batches ------------------------------------------------------------------- */

static bool push_batch(Check *c, Batch b)
{
	if (c->nqueue == c->capqueue) {
		size_t cap = c->capqueue ? c->capqueue * 2 : 256;
		Batch *q = realloc(c->queue, cap * sizeof *q);
		if (!q)
			return false;
		c->queue = q;
		c->capqueue = cap;
	}
	c->queue[c->nqueue++] = b;
	return true;
}

static void batch_paths(const Check *c, unsigned serial, char *ll, char *mir, char *err, size_t cap)
{
	snprintf(ll, cap, "%s/b%u.ll", c->tmp_dir, serial);
	snprintf(mir, cap, "%s/b%u.mir", c->tmp_dir, serial);
	snprintf(err, cap, "%s/b%u.err", c->tmp_dir, serial);
}

/* Whether dynamic-VGPR chain calls are emitted as such for this llc and
 * target: where llc refuses them (wave64), graphs chain with flags 0
 * instead. Where it crashes later (before gfx12), check's runs stop after
 * isel, before the crash, and see the call. The VGPR count is checked
 * against the callee's placement either way. */
static bool chain_dvgpr_emitted(const ModelConfig *m)
{
	return cc_chain_dvgpr_support(m) != DVGPR_REFUSED;
}

static EmitOptions emit_options(const Combo *co, bool callers)
{
	return (EmitOptions){ co->llc->profile->major < 15, callers, true, co->llc->profile->on[SW_buffer_ptr_split],
			      co->m.wave == 64, !chain_dvgpr_emitted(&co->m) };
}

/* Whether function i is in graph batch b: the combo's module holds it, its
 * component is the batch's, and in a kernel batch it is a kernel. */
static bool in_graph_batch(const Check *c, const Batch *b, unsigned i)
{
	return c->combos[b->combo].in_graph[i] && c->component[i] >= b->first && c->component[i] < b->first + b->count &&
	       (!b->kernel || c->sigs[i]->cc == CC_AMDGPU_KERNEL);
}

/* Writes the batch's IR; functions that cannot be emitted are counted and
 * left out. Returns false on I/O failure. */
static bool write_batch_ir(Check *c, const Batch *b, const char *path)
{
	Combo *co = &c->combos[b->combo];
	EmitOptions o = emit_options(co, b->callers);
	Buf buf = { 0 };
	char why[256];
	buf_printf(&buf, "; gcnabi check batch: %u functions of %s\n", b->count, c->input);
	/* A graph's kernel batch holds only its kernels (without their calls):
	 * their kernarg layout is all it reads, and the whole module, compiled
	 * to assembly, fails wherever any function fails after isel. */
	bool include[b->graph ? c->nsigs + 1 : 1];
	for (unsigned i = 0; b->graph && i < c->nsigs; i++)
		include[i] = in_graph_batch(c, b, i);
	if (b->graph && !emit_graph(&buf, c->sigs, include, c->nsigs, c->edges, c->nedges, &o, why, sizeof why)) {
		fprintf(stderr, "gcnabi check: %s: %s\n", c->input, why);
		buf_free(&buf);
		return false;
	}
	for (unsigned k = 0; k < b->count && !b->graph; k++) {
		unsigned i = co->order[b->first + k];
		if (!emit_function(&buf, c->sigs[i], i, &o, why, sizeof why) && b->fresh) {
			co->st.not_emitted++;
			fprintf(c->details, "{\"combo\":\"%s\",\"function\":", co->tag);
			fput_json_string(c->details, c->sigs[i]->name);
			fprintf(c->details, ",\"line\":%u,\"kind\":\"not-emitted\",\"why\":", c->sigs[i]->line);
			fput_json_string(c->details, why);
			fprintf(c->details, "}\n");
		}
	}
	FILE *f = fopen(path, "w");
	bool ok = f && !buf.failed && fwrite(buf.p, 1, buf.n, f) == buf.n;
	if (f)
		ok = fclose(f) == 0 && ok;
	buf_free(&buf);
	return ok;
}

/* Kernels: their kernarg layout is in the HSA metadata of the assembly. */
static void llc_argv(const Combo *co, bool kernel, const char *in, const char *out, char **argv, char *cpu_arg,
		     char *mattr)
{
	int n = 0;
	argv[n++] = (char *)co->llc->path;
	argv[n++] = kernel ? "-mtriple=amdgcn-amd-amdhsa" : (char *)co->triple_arg;
	snprintf(cpu_arg, 64, "-mcpu=%s", co->cpu);
	argv[n++] = cpu_arg;
	if (co->m.wave != co->m.target->default_wave) {
		snprintf(mattr, 64, "-mattr=+wavefrontsize%u", co->m.wave);
		argv[n++] = mattr;
	}
	if (co->sel == SEL_GISEL)
		argv[n++] = "-global-isel";
	/* -new-reg-bank-select changes what follows irtranslator, so its runs
	 * stop after the new register-bank legalizer instead. */
	if (co->sel == SEL_GISEL && co->new_rbs)
		argv[n++] = "-new-reg-bank-select";
	/* Kernels are compiled to assembly: their HSA metadata has the kernarg layout. */
	if (!kernel)
		argv[n++] = co->sel != SEL_GISEL ? "-stop-after=finalize-isel"
			    : co->new_rbs	  ? "-stop-after=amdgpu-regbanklegalize"
						  : "-stop-after=irtranslator";
	argv[n++] = (char *)in;
	argv[n++] = "-o";
	argv[n++] = (char *)out;
	argv[n] = 0;
}

/* --- comparison ------------------------------------------------------------------ */

/* Model against llc: parts of one argument as a set (the observer cannot
 * always order them), and parts llc does not use are a finding of their own. */
static const unsigned MODEL_VS_LLC = CMP_UNORDERED | CMP_ALLOW_UNREAD;
static const unsigned CALLER_VS_CALLEE = CMP_UNORDERED | CMP_ALLOW_UNREAD | CMP_CALLER_COVERS;

static void print_placement_json(FILE *f, const Sig *s, const Placement *p)
{
	char small[4096];
	size_t n = place_print_json(s, p, small, sizeof small);
	if (n < sizeof small) {
		fputs(small, f);
		return;
	}
	char *big = malloc(n + 1);
	if (big) {
		place_print_json(s, p, big, n + 1);
		fputs(big, f);
		free(big);
	}
}

static void write_repro(Check *c, Combo *co, unsigned i, const char *kind, const char *why)
{
	if (co->st.repros >= REPROS_PER_COMBO)
		return;
	co->st.repros++;
	char path[700], cpu_arg[64], mattr[64];
	snprintf(path, sizeof path, "%s/repro/%s.%u.ll", c->out_dir, co->tag, i);
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	char *argv[16];
	llc_argv(co, c->sigs[i]->cc == CC_AMDGPU_KERNEL, "%s", "-", argv, cpu_arg, mattr);
	fprintf(f, "; gcnabi check: %s\n; %s (%s:%u)\n; RUN:", kind, why, c->input, c->sigs[i]->line);
	for (int k = 0; argv[k]; k++)
		fprintf(f, " %s", argv[k]);
	fprintf(f, "\n; %s\n", co->llc->version);
	Buf buf = { 0 };
	char whyemit[256];
	EmitOptions o = emit_options(co, c->callers);
	if (emit_function(&buf, c->sigs[i], i, &o, whyemit, sizeof whyemit) && buf.p)
		fputs(buf.p, f);
	buf_free(&buf);
	fclose(f);
}

/* One finding in details.jsonl. expected/seen are the model's and llc's
 * placements, or, for caller-vs-callee, llc's callee and caller views. */
static void report(Check *c, Combo *co, unsigned i, const char *kind, const char *why, const Placement *model,
		   const Placement *seen, const char *explained_by)
{
	bool inside_llc = strcmp(kind, "caller-vs-callee") == 0;
	const Sig *s = c->sigs[i];
	fprintf(c->details, "{\"combo\":\"%s\",\"llc\":", co->tag);
	fput_json_string(c->details, co->llc->path);
	fprintf(c->details, ",\"function\":");
	fput_json_string(c->details, s->name);
	fprintf(c->details, ",\"line\":%u,\"kind\":\"%s\",\"why\":", s->line, kind);
	fput_json_string(c->details, why);
	if (c->site) {
		fprintf(c->details, ",\"call_site\":");
		fput_json_string(c->details, c->site);
	}
	if (explained_by) {
		fprintf(c->details, ",\"explained_by\":");
		fput_json_string(c->details, explained_by);
	}
	if (model) {
		fprintf(c->details, inside_llc ? ",\"llc_callee\":" : ",\"model\":");
		print_placement_json(c->details, s, model);
	}
	if (seen) {
		fprintf(c->details, inside_llc ? ",\"llc_caller\":" : ",\"llc\":");
		print_placement_json(c->details, s, seen);
	}
	fprintf(c->details, "}\n");
	if (!explained_by)
		write_repro(c, co, i, kind, why);
}

/* Places s in both views with the profile's switches in `off` turned off;
 * tmp[0] callee, tmp[1] caller. */
static void place_without(const Sig *s, const ModelConfig *m, const int *off, int noff, Placement *tmp[4])
{
	Profile p = *m->profile;
	for (int k = 0; k < noff; k++)
		p.on[off[k]] = false;
	ModelConfig mm = *m;
	mm.profile = &p;
	cc_place(s, &mm, VIEW_CALLEE, tmp[0]);
	cc_place(s, &mm, VIEW_CALLER, tmp[1]);
}

static bool same(const Placement *a, const Placement *b, unsigned flags)
{
	char why[256];
	return a->ok && b->ok && place_compare(a, b, flags, "", "", why, sizeof why) == CMP_SAME;
}

/* Turned off, the switch moves exactly one side of the call (tmp[2],
 * tmp[3] hold the real callee and caller): it describes that side alone. */
static bool one_sided(const Sig *s, const ModelConfig *m, int sw, Placement *tmp[4])
{
	place_without(s, m, &sw, 1, tmp);
	return same(tmp[0], tmp[2], 0) != same(tmp[1], tmp[3], 0);
}

/* The profile switches behind a caller/callee disagreement: one-sided
 * switches that, turned off (alone, else in pairs), make the model's caller
 * and callee agree. A switch that moves both sides (inreg in SGPRs at all)
 * explains nothing about their disagreement. */
static void explain_mismatch(const Sig *s, const ModelConfig *m, char *out, size_t cap)
{
	Placement *tmp[4];
	int cand[SW_COUNT], ncand = 0;
	out[0] = 0;
	for (int k = 0; k < 4; k++)
		tmp[k] = malloc(sizeof *tmp[k]);
	if (!tmp[0] || !tmp[1] || !tmp[2] || !tmp[3])
		goto done;
	cc_place(s, m, VIEW_CALLEE, tmp[2]);
	cc_place(s, m, VIEW_CALLER, tmp[3]);
	/* Only a disagreement the model predicts has an explanation. */
	if (same(tmp[3], tmp[2], CMP_CALLER_COVERS))
		goto done;
	for (int a = 0; a < SW_COUNT; a++)
		if (m->profile->on[a] && one_sided(s, m, a, tmp))
			cand[ncand++] = a;
	for (int i = 0; i < ncand; i++) {
		place_without(s, m, &cand[i], 1, tmp);
		if (same(tmp[1], tmp[0], CMP_CALLER_COVERS)) {
			size_t n = strlen(out);
			snprintf(out + n, cap - n, "%s%s", n ? " or " : "", profile_switch_names[cand[i]]);
		}
	}
	for (int i = 0; i < ncand && !out[0]; i++)
		for (int j = i + 1; j < ncand; j++) {
			int two[2] = { cand[i], cand[j] };
			place_without(s, m, two, 2, tmp);
			if (same(tmp[1], tmp[0], CMP_CALLER_COVERS)) {
				size_t n = strlen(out);
				snprintf(out + n, cap - n, "%s%s + %s", n ? " or " : "", profile_switch_names[two[0]],
					 profile_switch_names[two[1]]);
			}
		}
done:
	for (int k = 0; k < 4; k++)
		free(tmp[k]);
}

static bool emittable(const Combo *co, const Sig *s, unsigned i)
{
	Buf scratch = { 0 };
	char why[256];
	EmitOptions o = emit_options(co, false);
	bool ok = emit_function(&scratch, s, i, &o, why, sizeof why);
	buf_free(&scratch);
	return ok;
}

typedef struct {
	Check *c;
	const Batch *b;
	bool *seen_callee, *seen_caller;
	Placement *callee_seen; /* per function in the batch, for caller-vs-callee */
} ObserveCtx;

static int function_index(const char *name, const char *suffix, unsigned *idx)
{
	unsigned long v;
	char *end;
	if (strncmp(name, "gcnabi.", 7) != 0)
		return 0;
	v = strtoul(name + 7, &end, 10);
	if (end == name + 7 || strcmp(end, suffix) != 0)
		return 0;
	*idx = (unsigned)v;
	return 1;
}

/* Does every part llc shows sit where the model puts it, the missing ones
 * all SGPRs? That is llc 16's SelectionDAG losing shader SGPR values
 * (shader_dag_undef_sgprs), not a different placement. */
static bool missing_sgprs_only(const Placement *model, const Placement *seen)
{
	if (model->nargs != seen->nargs || model->ret_demoted != seen->ret_demoted)
		return false;
	for (unsigned i = 0; i <= model->nargs; i++) {
		PartRange m = i == model->nargs ? model->ret : model->args[i];
		PartRange o = i == model->nargs ? seen->ret : seen->args[i];
		unsigned found = 0;
		if (i < model->nargs && (model->unused[i / 64] >> (i % 64) & 1) && o.count == 0)
			continue; /* unused: nothing to see */
		for (unsigned k = 0; k < m.count; k++) {
			const Loc *want = &model->locs[m.first + k];
			bool hit = false;
			for (unsigned j = 0; j < o.count && !hit; j++)
				hit = seen->locs[o.first + j].kind == want->kind && seen->locs[o.first + j].reg == want->reg &&
				      want->kind != LOC_STACK;
			if (!hit && want->kind != LOC_SGPR)
				return false;
			found += hit;
		}
		if (found != o.count)
			return false; /* llc has a part the model does not */
	}
	return true;
}

static void compare_callee(Check *c, Combo *co, unsigned i, const MirFunction *f)
{
	Placement *model = c->model;
	char why[256];
	cc_place(c->sigs[i], &co->m, VIEW_CALLEE, model);
	co->st.functions++;
	if (f->failed) {
		co->st.diverged++;
		snprintf(why, sizeof why, "MIR not readable: %s", f->error);
		report(c, co, i, "unobserved", why, model, 0, 0);
		return;
	}
	if (!model->ok) {
		co->st.model_refused++;
		report(c, co, i, "model-refused", model->error, model, &f->in, 0);
		return;
	}
	switch (place_compare(model, &f->in, MODEL_VS_LLC, "model", "llc", why, sizeof why)) {
	case CMP_SAME:
		co->st.agree++;
		return;
	case CMP_UNREAD:
		co->st.agree++;
		co->st.unread++;
		report(c, co, i, "unread-parts", why, model, &f->in, "llc does not read parts the ABI assigns");
		return;
	case CMP_DIFFERENT:
		if (co->m.profile->on[SW_shader_dag_undef_sgprs] && co->m.selector == SEL_DAG &&
		    !cc_callable((CallConv)c->sigs[i]->cc) && missing_sgprs_only(model, &f->in)) {
			co->st.agree++;
			co->st.unread++;
			report(c, co, i, "undefined-parts", why, model, &f->in,
			       "shader_dag_undef_sgprs: llc puts IMPLICIT_DEF in SGPR values the ABI assigns: the values are lost");
			return;
		}
		co->st.diverged++;
		report(c, co, i, "model-vs-llc", why, model, &f->in, 0);
	}
}

static bool in_ranges(const Loc *l, const RegRange *r, unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		if (r[k].kind == l->kind && l->reg >= r[k].first && l->reg < r[k].first + r[k].count)
			return true;
	return false;
}

/* Does the call agree with the model once the registers it fills with
 * IMPLICIT_DEF (reported among its implicit registers) are counted as the
 * argument's? llc 16's SelectionDAG does this to some inreg aggregates. */
static bool missing_parts_undefined(const Placement *model, const MirCall *call)
{
	const Placement *seen = &call->out;
	if (model->nargs != seen->nargs || model->ret_demoted != seen->ret_demoted || model->ret.count != seen->ret.count)
		return false;
	for (unsigned k = 0; k < model->ret.count; k++) {
		const Loc *want = &model->locs[model->ret.first + k];
		bool found = false;
		for (unsigned j = 0; j < seen->ret.count && !found; j++)
			found = seen->locs[seen->ret.first + j].kind == want->kind && seen->locs[seen->ret.first + j].reg == want->reg;
		if (!found)
			return false; /* the return differs: not a matter of undefined argument registers */
	}
	for (unsigned i = 0; i < model->nargs; i++) {
		PartRange m = model->args[i], o = seen->args[i];
		for (unsigned k = 0; k < m.count; k++) {
			const Loc *want = &model->locs[m.first + k];
			bool found = false;
			for (unsigned j = 0; j < o.count && !found; j++) {
				const Loc *got = &seen->locs[o.first + j];
				found = got->kind == want->kind && (got->kind == LOC_STACK ? got->offset == want->offset
											  : got->reg == want->reg);
			}
			if (!found && !(want->kind != LOC_STACK && in_ranges(want, call->implicit, call->nimplicit)))
				return false;
		}
	}
	return true;
}

static void compare_caller(Check *c, Combo *co, unsigned i, const MirCall *call, const Placement *callee_seen)
{
	Placement *model = c->model_caller;
	char why[256];
	cc_place(c->sigs[i], &co->m, VIEW_CALLER, model);
	co->st.calls++;
	if (!model->ok) {
		co->st.calls_diverged++;
		report(c, co, i, "model-refused-call", model->error, model, &call->out, 0);
		return;
	}
	switch (place_compare(model, &call->out, MODEL_VS_LLC, "model", "llc", why, sizeof why)) {
	case CMP_SAME:
		co->st.calls_agree++;
		break;
	case CMP_UNREAD:
		co->st.calls_agree++;
		co->st.unread++;
		report(c, co, i, "unwritten-parts", why, model, &call->out, "the caller does not write parts the ABI assigns");
		break;
	case CMP_DIFFERENT:
		if (missing_parts_undefined(model, call)) {
			co->st.calls_agree++;
			co->st.unread++;
			report(c, co, i, "undefined-parts", why, model, &call->out,
			       "the caller writes IMPLICIT_DEF into registers the ABI assigns: the value is lost");
			break;
		}
		co->st.calls_diverged++;
		report(c, co, i, "model-vs-llc-caller", why, model, &call->out, 0);
	}
	if (!callee_seen)
		return;
	/* Inside one llc: does the caller write every part where the callee
	 * reads it? (The callee may read fewer parts than the caller writes.) */
	if (place_compare(&call->out, callee_seen, CALLER_VS_CALLEE, "caller", "callee", why, sizeof why) == CMP_DIFFERENT) {
		char reason[256];
		co->st.mismatches++;
		explain_mismatch(c->sigs[i], &co->m, reason, sizeof reason);
		if (reason[0])
			co->st.mismatches_explained++;
		char text[400];
		snprintf(text, sizeof text, "caller and callee disagree: %s", why);
		if (c->nmismatch_examples < sizeof c->mismatch_examples / sizeof c->mismatch_examples[0])
			snprintf(c->mismatch_examples[c->nmismatch_examples++], sizeof c->mismatch_examples[0],
				 "%.95s %.300s: %.150s%s%.60s", co->tag, c->site ? c->site : c->sigs[i]->name, why,
				 reason[0] ? "; explained by " : "", reason);
		report(c, co, i, "caller-vs-callee", text, callee_seen, &call->out, reason[0] ? reason : 0);
	}
}

/* The batch slot of signature i, or -1 when it is not in the batch. */
static int batch_slot(const Check *c, const Batch *b, unsigned i)
{
	const unsigned *order = c->combos[b->combo].order + b->first;
	unsigned lo = 0, hi = b->count;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (order[mid] == i)
			return (int)mid;
		if (order[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* A copy of p that holds only its used parts: what the link matrix needs
 * of every signature of every combination. */
static Placement *keep_placement(const Placement *p)
{
	size_t size = offsetof(Placement, locs) + p->nlocs * sizeof(Loc);
	Placement *k = malloc(size);
	if (k)
		memcpy(k, p, size);
	return k;
}

static void keep(Placement **slot, const Placement *p)
{
	if (slot && !*slot && p && p->ok)
		*slot = keep_placement(p);
}

static int observe_sink(void *ctx, const MirFunction *f)
{
	ObserveCtx *o = ctx;
	const Batch *b = o->b;
	unsigned i;
	int k;
	if (function_index(f->name, ".fn", &i) && (k = batch_slot(o->c, b, i)) >= 0 && !o->seen_callee[k]) {
		o->seen_callee[k] = true;
		Combo *co = &o->c->combos[b->combo];
		compare_callee(o->c, co, i, f);
		if (co->seen_callee && !f->failed && f->in.ok) {
			print_placement_json(co->seen_callee, o->c->sigs[i], &f->in);
			fputc('\n', co->seen_callee);
		}
		if (!f->failed)
			o->callee_seen[k] = f->in;
		else
			o->callee_seen[k].ok = false;
		if (co->kept_callee && !f->failed)
			keep(&co->kept_callee[i], &f->in);
	} else if (function_index(f->name, ".caller", &i) && (k = batch_slot(o->c, b, i)) >= 0 && !o->seen_caller[k]) {
		o->seen_caller[k] = true;
		Combo *co = &o->c->combos[b->combo];
		if (f->failed || f->ncalls == 0) {
			co->st.calls++;
			co->st.calls_diverged++;
			report(o->c, co, i, "unobserved-call", f->failed ? f->error : "no call site found", 0, 0, 0);
			return 0;
		}
		/* Callees come first in the module, so the callee was seen. */
		const Placement *callee = o->seen_callee[k] && o->callee_seen[k].ok ? &o->callee_seen[k] : 0;
		compare_caller(o->c, co, i, &f->calls[0], callee);
		if (co->seen_caller && f->calls[0].out.ok) {
			print_placement_json(co->seen_caller, o->c->sigs[i], &f->calls[0].out);
			fputc('\n', co->seen_caller);
		}
		if (co->kept_call)
			keep(&co->kept_call[i], &f->calls[0].out);
	}
	return 0;
}

/* Addresses and long paths differ between runs of the same bug: drop them so
 * that one cause reads the same everywhere. */
static void normalize_error(char *line)
{
	char *w = line;
	for (char *r = line; *r;) {
		if (r[0] == '0' && r[1] == 'x') {
			/* "0x55d0572206d0" -> "0x": never longer than what it replaces. */
			*w++ = '0';
			*w++ = 'x';
			r += 2;
			while ((*r >= '0' && *r <= '9') || (*r >= 'a' && *r <= 'f'))
				r++;
		} else {
			*w++ = *r++;
		}
	}
	*w = 0;
	if (strlen(line) > 240)
		line[240] = 0;
}

/* A crash without a message: "crash in <pass> at <frame>", from the last
 * "Running pass" line of the stack dump and the first frame that names an
 * LLVM function other than the signal machinery. */
static char *crash_signature(const char *text)
{
	const char *dump = strstr(text, "Stack dump:");
	if (!dump)
		return 0;
	char pass[160] = "?", frame[160] = "?";
	for (const char *p = dump; *p;) {
		size_t n = strcspn(p, "\n");
		const char *run = strstr(p, "Running pass '");
		if (run && (size_t)(run - p) < n) {
			const char *q = run + 14;
			snprintf(pass, sizeof pass, "%.*s", (int)strcspn(q, "'\n"), q);
		}
		const char *fn = strstr(p, " llvm::");
		if (frame[0] == '?' && p[0] == '#' && fn && (size_t)(fn - p) < n && !strstr(p, "llvm::sys::")) {
			size_t k = strcspn(fn + 1, "(\n");
			snprintf(frame, sizeof frame, "%.*s", (int)k, fn + 1);
		}
		p += n + (p[n] == '\n');
	}
	char *out = malloc(400);
	if (out)
		snprintf(out, 400, "crash in '%s' at %s", pass, frame);
	return out;
}

static char *first_error_line(const char *path)
{
	char err[256];
	size_t len;
	char *text = read_file(path, &len, err, sizeof err);
	if (!text)
		return strdup("(no stderr)");
	/* The first line that says what went wrong, not a warning. */
	char *line = 0, *fallback = 0;
	for (char *p = text; *p && !line;) {
		size_t n = strcspn(p, "\n");
		bool warning = strstr(p, "is not a recognized processor") && (size_t)(strstr(p, "is not a recognized processor") - p) < n;
		if (!warning && n && (strncmp(p, "LLVM ERROR", 10) == 0 || strstr(p, "error:") || strstr(p, "Assertion")))
			line = strndup(p, n);
		else if (!warning && n && !fallback)
			fallback = strndup(p, n);
		p += n + (p[n] == '\n');
	}
	if (!line && (line = crash_signature(text)))
		free(fallback);
	else if (!line)
		line = fallback ? fallback : strdup("llc failed without a message");
	else
		free(fallback);
	free(text);
	normalize_error(line);
	return line;
}

/* Bisection of a failed batch: its two halves, the first to run first. */
static void push_halves(Check *c, const Batch *b)
{
	Batch lo = *b, hi = *b;
	lo.fresh = hi.fresh = false;
	lo.count = b->count / 2;
	hi.first = b->first + lo.count;
	hi.count = b->count - lo.count;
	push_batch(c, hi);
	push_batch(c, lo);
}

static void batch_failed(Check *c, const Batch *b, const Proc *p, const char *err_path)
{
	Combo *co = &c->combos[b->combo];
	if (b->count > 1) {
		push_halves(c, b);
		return;
	}
	unsigned i = co->order[b->first];
	char *line = p->timed_out ? strdup("timed out") : first_error_line(err_path);
	if (b->callers && cc_callable((CallConv)c->sigs[i]->cc)) {
		/* Find out whether the callee alone compiles. */
		Batch alone = *b;
		alone.callers = false;
		alone.fresh = false;
		co->st.calls++;
		Placement *model = c->model_caller;
		cc_place(c->sigs[i], &co->m, VIEW_CALLER, model);
		if (model->ok)
			co->st.calls_refused++;
		else
			co->st.calls_both_refused++;
		report(c, co, i, model->ok ? "llc-refused-call" : "both-refused-call", line ? line : "?", model, 0,
		       model->ok ? 0 : "the model refuses it too");
		push_batch(c, alone);
		free(line);
		return;
	}
	co->st.functions++;
	Placement *model = c->model;
	cc_place(c->sigs[i], &co->m, VIEW_CALLEE, model);
	if (model->ok) {
		co->st.llc_refused++;
		report(c, co, i, "llc-refused", line ? line : "?", model, 0, 0);
	} else {
		/* llc's own words, to tell "unable to allocate" from other errors */
		co->st.both_refused++;
		report(c, co, i, "both-refused", line ? line : "?", model, 0, "the model refuses it too");
	}
	free(line);
}

/* --- call graphs -------------------------------------------------------------
 * The whole graph is one module. Pass one reads every function's incoming
 * placement; pass two each call site, the n-th call of a function being its
 * n-th edge, against the model and against the callee as llc compiled it. */

static int sig_named(const Check *c, const char *name)
{
	for (unsigned i = 0; i < c->nsigs; i++)
		if (strcmp(c->sigs[i]->name, name) == 0)
			return (int)i;
	return -1;
}

typedef struct {
	Check *c;
	Combo *co;
	bool *seen;
	bool kernel_pass; /* this pass reads the kernels (HSA metadata), not the MIR */
} GraphPass;

/* A graph's kernels are read from the HSA metadata of a second, amdhsa
 * compilation (Batch.kernel); the MIR pass reads everything else and every
 * call site, the kernels' too. */
static bool in_pass(const GraphPass *g, int i)
{
	return i >= 0 && g->co->in_graph[i] && !g->seen[i] && (g->c->sigs[i]->cc == CC_AMDGPU_KERNEL) == g->kernel_pass;
}

static int graph_callee_sink(void *ctx, const MirFunction *f)
{
	GraphPass *g = ctx;
	int i = sig_named(g->c, f->name);
	if (!in_pass(g, i))
		return 0;
	g->seen[i] = true;
	compare_callee(g->c, g->co, (unsigned)i, f);
	if (!f->failed)
		keep(&g->co->kept_callee[i], &f->in);
	return 0;
}

/* A chain call: llc's pseudo requests the VGPR count the edge asks for
 * where llc reallocates (SI_CS_CHAIN_TC_W32_DVGPR), none elsewhere (a
 * plain SI_CS_CHAIN_TC_*); a difference is a divergence. A dynamic-VGPR
 * call runs the callee with edge->dvgpr VGPRs: the argument VGPRs the
 * callee reads above that are lost. Checked against the model's placement
 * and the callee as llc compiled it; a loss is a fault of the program (llc
 * gives no diagnostic), reported, not a compiler divergence. */
static void check_chain_call(Check *c, Combo *co, const CallEdge *edge, const MirCall *call)
{
	const Sig *callee = c->sigs[edge->to];
	Placement *model = c->model_caller;
	unsigned lost = 0, lost_llc = 0;
	int first = -1, first_llc = -1;
	bool refused = false;
	char why[512];
	ChainDvgpr support = cc_chain_dvgpr_support(&co->m);
	unsigned want = edge->dvgpr && (support == DVGPR_REALLOCATES || support == DVGPR_CRASHES) ? edge->dvgpr : 0;
	if (call && call->dvgpr != want) {
		co->st.calls_diverged++;
		snprintf(why, sizeof why, "the chain call requests %u VGPRs (%s), the model expects %u", call->dvgpr,
			 call->dvgpr ? "SI_CS_CHAIN_TC_*_DVGPR" : "a plain SI_CS_CHAIN_TC_*", want);
		report(c, co, edge->to, "chain-dvgpr-count", why, 0, 0, 0);
	}
	if (!edge->dvgpr)
		return;
	co->st.dvgpr_calls++;
	if (!cc_place(callee, &co->m, VIEW_CALLER, model))
		return;
	const char *verdict = cc_chain_dvgpr_check(callee, &co->m, model, edge->dvgpr, &lost, &first, &refused);
	if (refused || support == DVGPR_IGNORED) {
		snprintf(why, sizeof why, "dvgpr %u: %s%s", edge->dvgpr, verdict,
			 support == DVGPR_REFUSED ? " (emitted as a plain chain call)" : "");
		report(c, co, edge->to, "dvgpr-unsupported", why, model, 0, verdict);
		return;
	}
	const Placement *seen = co->kept_callee[edge->to];
	if (seen)
		cc_chain_dvgpr_check(callee, &co->m, seen, edge->dvgpr, &lost_llc, &first_llc, &refused);
	if (!lost && !lost_llc)
		return;
	co->st.dvgpr_lost++;
	snprintf(why, sizeof why,
		 "dvgpr %u: the callee reads %u argument VGPR part(s) at v%u or above (from argument %d; llc's callee: %u)",
		 edge->dvgpr, lost, edge->dvgpr, first, lost_llc);
	report(c, co, edge->to, "dvgpr-lost", why, model, seen, "argument VGPRs beyond the requested count are lost");
}

static int graph_call_sink(void *ctx, const MirFunction *f)
{
	GraphPass *g = ctx;
	Check *c = g->c;
	Combo *co = g->co;
	int i = sig_named(c, f->name);
	if (i < 0 || !co->in_graph[i] || g->seen[i])
		return 0;
	g->seen[i] = true;
	unsigned n = 0;
	for (unsigned e = 0; e < c->nedges; e++) {
		const CallEdge *edge = &c->edges[e];
		if (edge->from != (unsigned)i || !co->in_graph[edge->to])
			continue;
		char site[4 * SIG_NAME_MAX + 600];
		snprintf(site, sizeof site, "@%s -> %s@%s (%s %u of @%s, %s:%u)", f->name, edge->indirect ? "* " : "",
			 c->sigs[edge->to]->name, edge->chain ? "chain call" : "call", n + 1, f->name, c->input, edge->line);
		c->site = site;
		if (f->failed || n >= f->ncalls) {
			co->st.calls++;
			co->st.calls_diverged++;
			report(c, co, edge->to, "unobserved-call", f->failed ? f->error : "call site not found in llc's MIR", 0,
			       0, 0);
		} else {
			compare_caller(c, co, edge->to, &f->calls[n], co->kept_callee[edge->to]);
			if (co->kept_call)
				keep(&co->kept_call[e], &f->calls[n].out);
		}
		if (edge->chain)
			check_chain_call(c, co, edge, f->failed || n >= f->ncalls ? 0 : &f->calls[n]);
		c->site = 0;
		n++;
	}
	return 0;
}

static void graph_batch_done(Check *c, const Batch *b, const Proc *p, const char *mir, const char *err)
{
	Combo *co = &c->combos[b->combo];
	int first = -1;
	for (unsigned i = 0; i < c->nsigs && first < 0; i++)
		if (in_graph_batch(c, b, i))
			first = (int)i;
	if (first < 0)
		return;
	if ((p->status != 0 || p->timed_out) && b->count > 1) {
		/* llc names no function when it fails: bisect the batch's call
		 * graphs down to the one that fails. */
		push_halves(c, b);
		return;
	}
	if (p->status != 0 || p->timed_out) {
		/* One call graph fails: the finding is its first function (the
		 * root of a generated graph). */
		char *line = p->timed_out ? strdup("timed out") : first_error_line(err);
		co->st.llc_refused++;
		report(c, co, (unsigned)first, "llc-refused-graph", line ? line : "?", 0, 0, 0);
		free(line);
		return;
	}
	size_t len = 0;
	char why[512];
	const char *text = map_file(mir, &len, why, sizeof why);
	GraphPass g = { c, co, calloc(c->nsigs ? c->nsigs : 1, 1), b->kernel };
	if (!g.seen) {
		fprintf(stderr, "gcnabi check: out of memory observing %s\n", mir);
		exit(EXIT_ERROR);
	}
	if (text && b->kernel) {
		hsa_observe(text, len, graph_callee_sink, &g, 0);
		snprintf(why, sizeof why, "kernel missing from llc's HSA metadata");
	} else if (text) {
		mir_observe(text, len, graph_callee_sink, &g, 0);
		memset(g.seen, 0, c->nsigs);
		mir_observe(text, len, graph_call_sink, &g, 0);
		snprintf(why, sizeof why, "function missing from llc's MIR");
	}
	for (unsigned i = 0; i < c->nsigs; i++)
		if (in_graph_batch(c, b, i) && !g.seen[i]) {
			co->st.functions++;
			co->st.diverged++;
			report(c, co, i, "unobserved", why, 0, 0, 0);
		}
	unmap_file(text, len);
	free(g.seen);
}

/* Call-graph input: which functions go into the module. One the model
 * expects llc to refuse (or this dialect cannot express) stays out, and so
 * do the calls to it. */
static bool plan_graph(Check *c, int k)
{
	Combo *co = &c->combos[k];
	co->in_graph = calloc(c->nsigs ? c->nsigs : 1, sizeof *co->in_graph);
	co->kept_callee = calloc(c->nsigs ? c->nsigs : 1, sizeof *co->kept_callee);
	if (!co->in_graph || !co->kept_callee)
		return false;
	for (unsigned i = 0; i < c->nsigs; i++) {
		co->in_graph[i] = cc_place(c->sigs[i], &co->m, VIEW_CALLEE, c->model) &&
				  cc_place(c->sigs[i], &co->m, VIEW_CALLER, c->model) && emittable(co, c->sigs[i], i);
		if (!co->in_graph[i]) {
			co->st.not_emitted++;
			fprintf(c->details, "{\"combo\":\"%s\",\"function\":", co->tag);
			fput_json_string(c->details, c->sigs[i]->name);
			fprintf(c->details, ",\"line\":%u,\"kind\":\"not-in-graph\",\"why\":", c->sigs[i]->line);
			fput_json_string(c->details, c->model->ok ? "this llc's IR cannot express it" : c->model->error);
			fprintf(c->details, "}\n");
		}
	}
	bool kernels = false;
	for (unsigned i = 0; i < c->nsigs; i++)
		kernels |= co->in_graph[i] && c->sigs[i]->cc == CC_AMDGPU_KERNEL;
	/* Kernels: the same module once more, compiled for amdhsa to assembly,
	 * whose HSA metadata has their kernarg layout. */
	return push_batch(c, (Batch){ k, 0, c->ncomponents, true, true, true, false }) &&
	       (!kernels || push_batch(c, (Batch){ k, 0, c->ncomponents, true, true, true, true }));
}

static void batch_done(Check *c, const Batch *b, const Proc *p)
{
	char ll[600], mir[600], err[600];
	batch_paths(c, c->batch_serial, ll, mir, err, sizeof ll);
	Combo *co = &c->combos[b->combo];
	co->st.llc_seconds += p->seconds;
	if (b->graph) {
		graph_batch_done(c, b, p, mir, err);
		unlink(mir);
		unlink(err);
		unlink(ll);
		return;
	}
	if (p->status != 0 || p->timed_out) {
		batch_failed(c, b, p, err);
		return;
	}
	size_t len = 0;
	char why[512] = "function missing from llc's MIR";
	const char *text = map_file(mir, &len, why, sizeof why);
	ObserveCtx o = { c, b, calloc(b->count, 1), calloc(b->count, 1), calloc(b->count, sizeof(Placement)) };
	if (!o.seen_callee || !o.seen_caller || !o.callee_seen) {
		fprintf(stderr, "gcnabi check: out of memory observing %s\n", mir);
		exit(EXIT_ERROR);
	}
	if (text) {
		MirError me;
		if (b->kernel)
			hsa_observe(text, len, observe_sink, &o, &me);
		else
			mir_observe(text, len, observe_sink, &o, &me);
		snprintf(why, sizeof why, "function missing from llc's MIR");
	}
	for (unsigned k = 0; k < b->count; k++) {
		unsigned i = co->order[b->first + k];
		if (!o.seen_callee[k] && emittable(co, c->sigs[i], i)) {
			co->st.functions++;
			co->st.diverged++;
			report(c, co, i, "unobserved", why, 0, 0, 0);
		}
	}
	unmap_file(text, len);
	free(o.seen_callee);
	free(o.seen_caller);
	free(o.callee_seen);
	unlink(mir);
	unlink(err);
	unlink(ll);
}

typedef struct {
	Proc procs[MAX_JOBS];
	Batch running[MAX_JOBS];
	unsigned serial[MAX_JOBS];
	int llc_slot[MAX_JOBS]; /* the --llc-slots slot it holds, or -1 */
	int nrun;
	unsigned next_serial;
} Pool;

/* Start queued batches while a job slot is free. */
static bool start_batches(Check *c, Pool *pool)
{
	while (c->nqueue && pool->nrun < (int)c->jobs) {
		int llc_slot = -1;
		if (c->slots.fd >= 0) {
			/* Wait for a shared slot only when none of our llc runs;
			 * otherwise run_all looks again while it waits for them. */
			llc_slot = slots_take(&c->slots, pool->nrun == 0);
			if (llc_slot == -2) {
				fprintf(stderr, "gcnabi check: --llc-slots: cannot lock a slot: %s\n", strerror(errno));
				return false;
			}
			if (llc_slot < 0)
				return true;
		}
		Batch b = c->queue[--c->nqueue];
		int slot = 0;
		while (pool->procs[slot].pid > 0)
			slot++;
		char ll[600], mir[600], err[600], cpu_arg[64], mattr[64];
		unsigned s = pool->next_serial++;
		batch_paths(c, s, ll, mir, err, sizeof ll);
		if (!write_batch_ir(c, &b, ll)) {
			slots_give(&c->slots, llc_slot);
			fprintf(stderr, "gcnabi check: cannot write %s\n", ll);
			return false;
		}
		char *argv[16];
		llc_argv(&c->combos[b.combo], b.kernel, ll, mir, argv, cpu_arg, mattr);
		if (!proc_start(&pool->procs[slot], argv, mir, err, c->mem_mb)) {
			slots_give(&c->slots, llc_slot);
			fprintf(stderr, "gcnabi check: cannot start %s\n", argv[0]);
			return false;
		}
		pool->running[slot] = b;
		pool->serial[slot] = s;
		pool->llc_slot[slot] = llc_slot;
		pool->nrun++;
	}
	return true;
}

static int run_all(Check *c)
{
	Pool pool = { 0 };
	for (;;) {
		if (!start_batches(c, &pool))
			return EXIT_ERROR;
		if (pool.nrun == 0)
			return 0;
		/* With shared slots and a free job of ours, look for a slot
		 * every 20 ms while waiting. */
		bool want_slot = c->slots.fd >= 0 && c->nqueue && pool.nrun < (int)c->jobs;
		int done = proc_wait_any_for(pool.procs, (int)c->jobs, c->timeout, want_slot ? 0.02 : 0);
		if (done == -2)
			continue;
		if (done < 0)
			return 0;
		/* llc is done with the slot: give it back before reading its MIR. */
		slots_give(&c->slots, pool.llc_slot[done]);
		pool.nrun--;
		Batch finished = pool.running[done];
		Proc result = pool.procs[done];
		c->batch_serial = pool.serial[done];
		/* The next batch starts before this one is read, so llc never
		 * waits for the observer. */
		if (!start_batches(c, &pool))
			return EXIT_ERROR;
		batch_done(c, &finished, &result);
	}
}

/* The combo's run order and its batches: what the model expects llc to
 * compile goes in batches of c->batch, the rest one function at a time. */
static bool plan_batches(Check *c, int k)
{
	Combo *co = &c->combos[k];
	co->order = malloc((c->nsigs ? c->nsigs : 1) * sizeof *co->order);
	if (!co->order)
		return false;
	unsigned ok = 0, refused = c->nsigs;
	/* Two passes over the signatures the model expects to compile: other
	 * conventions, then kernels, each part ascending and in batches of its own. */
	unsigned kernels_from = 0;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			kernels_from = ok;
		for (unsigned i = 0; i < c->nsigs; i++) {
			bool kernel = c->sigs[i]->cc == CC_AMDGPU_KERNEL;
			if (kernel != (pass == 1))
				continue;
			bool expect_ok = cc_place(c->sigs[i], &co->m, VIEW_CALLEE, c->model) &&
					 (!c->callers || !cc_callable((CallConv)c->sigs[i]->cc) ||
					  cc_place(c->sigs[i], &co->m, VIEW_CALLER, c->model));
			if (expect_ok)
				co->order[ok++] = i;
			else
				co->order[--refused] = i;
		}
	}
	co->nexpected_ok = ok;
	/* The refused part was filled from the end: make it ascending. */
	for (unsigned a = ok, b = c->nsigs ? c->nsigs - 1 : 0; a < b; a++, b--) {
		unsigned t = co->order[a];
		co->order[a] = co->order[b];
		co->order[b] = t;
	}
	for (int part = 0; part < 2; part++) {
		unsigned from = part ? kernels_from : 0, to = part ? ok : kernels_from;
		for (unsigned f = from; f < to; f += c->batch)
			if (!push_batch(c, (Batch){ k, f, to - f < c->batch ? to - f : c->batch, c->callers, true, false,
						    part == 1 }))
				return false;
	}
	for (unsigned f = ok; f < c->nsigs; f++)
		if (!push_batch(c, (Batch){ k, f, 1, c->callers, true, false,
					    c->sigs[co->order[f]]->cc == CC_AMDGPU_KERNEL }))
			return false;
	return true;
}

/* --- cross-version link compatibility ---------------------------------------
 * Would a caller compiled by llc A and a callee compiled by llc B agree? For
 * every pair of llc (a pair with itself too: that is the caller-vs-callee
 * check), the same CPU and selector, each call site A emitted is compared
 * with the incoming placement B read, under the rules of the in-llc check.
 * The model predicts the same from the two profiles; a disagreement it does
 * not predict is a divergence. For call-graph input each edge's call site
 * is compared with the callee, and a shader entry point's calls of
 * amdgpu_gfx functions are a row of their own. */

enum { CONV_DEFAULT, CONV_GFX, CONV_SHADER_GFX, CONV_CHAIN, CONV_CHAIN_PRESERVE, CONV_COUNT };
static const char *const conv_names[CONV_COUNT] = { "default", "amdgpu_gfx", "shader->amdgpu_gfx", "amdgpu_cs_chain",
						    "amdgpu_cs_chain_preserve" };
enum { LINK_EXAMPLES_PER_CELL = 3 };

typedef struct {
	unsigned checked, differ;
	unsigned predicted; /* of differ: the model's profiles disagree the same way */
} LinkCell;

typedef struct LinkMatrix {
	LinkCell cell[CONV_COUNT][MAX_LLCS][MAX_LLCS]; /* [conv][caller llc][callee llc], over CPUs and selectors */
	unsigned pairs; /* caller and callee combos compared */
} LinkMatrix;

/* The matrix row of a call from a function of convention from (CC_COUNT:
 * the wrapper gcnabi emit writes, of the callee's own convention) to
 * callee; -1 for a callee that is never called. */
static int conv_of(CallConv from, const Sig *callee)
{
	switch ((CallConv)callee->cc) {
	case CC_C: case CC_FAST: case CC_COLD: return CONV_DEFAULT;
	case CC_AMDGPU_GFX: return from != CC_COUNT && cc_is_shader_entry(from) ? CONV_SHADER_GFX : CONV_GFX;
	case CC_AMDGPU_CS_CHAIN: return CONV_CHAIN;
	case CC_AMDGPU_CS_CHAIN_PRESERVE: return CONV_CHAIN_PRESERVE;
	default: return -1;
	}
}

static void report_link(Check *c, const Combo *a, const Combo *b, unsigned i, const char *why, const Placement *call,
			const Placement *callee)
{
	const Sig *s = c->sigs[i];
	fprintf(c->details, "{\"kind\":\"cross-version\",\"caller_combo\":\"%s\",\"callee_combo\":\"%s\",\"function\":",
		a->tag, b->tag);
	fput_json_string(c->details, s->name);
	fprintf(c->details, ",\"line\":%u,\"why\":", s->line);
	fput_json_string(c->details, why);
	fprintf(c->details, ",\"llc_caller\":");
	print_placement_json(c->details, s, call);
	fprintf(c->details, ",\"llc_callee\":");
	print_placement_json(c->details, s, callee);
	fprintf(c->details, "}\n");
}

/* Caller combo a against callee combo b over every signature (every edge
 * of a call graph) both kept. */
static void link_pair(Check *c, LinkMatrix *lm, const Combo *a, const Combo *b, FILE *cells)
{
	int la = (int)(a->llc - c->llcs), lb = (int)(b->llc - c->llcs);
	LinkCell pair[CONV_COUNT] = { { 0 } };
	unsigned examples[CONV_COUNT] = { 0 };
	char why[256], model_why[256];
	unsigned n = c->nedges ? c->nedges : c->nsigs;
	for (unsigned k = 0; k < n; k++) {
		unsigned i = c->nedges ? c->edges[k].to : k;
		const Placement *call = a->kept_call[k], *callee = b->kept_callee[i];
		if (!call || !callee)
			continue;
		int conv = conv_of(c->nedges ? (CallConv)c->sigs[c->edges[k].from]->cc : CC_COUNT, c->sigs[i]);
		if (conv < 0)
			continue;
		pair[conv].checked++;
		if (place_compare(call, callee, CALLER_VS_CALLEE, "caller", "callee", why, sizeof why) != CMP_DIFFERENT)
			continue;
		pair[conv].differ++;
		bool predicted = cc_place(c->sigs[i], &a->m, VIEW_CALLER, c->model_caller) &&
				 cc_place(c->sigs[i], &b->m, VIEW_CALLEE, c->model) &&
				 place_compare(c->model_caller, c->model, CALLER_VS_CALLEE, "caller", "callee", model_why,
					       sizeof model_why) == CMP_DIFFERENT;
		if (predicted)
			pair[conv].predicted++;
		else if (examples[conv]++ < LINK_EXAMPLES_PER_CELL)
			report_link(c, a, b, i, why, call, callee);
	}
	lm->pairs++;
	for (int conv = 0; conv < CONV_COUNT; conv++) {
		LinkCell *t = &lm->cell[conv][la][lb];
		t->checked += pair[conv].checked;
		t->differ += pair[conv].differ;
		t->predicted += pair[conv].predicted;
		if (cells && pair[conv].checked)
			fprintf(cells,
				"{\"cpu\":\"%s\",\"selector\":\"%s\",\"convention\":\"%s\",\"caller\":\"%s\",\"callee\":\"%s\","
				"\"checked\":%u,\"disagree\":%u,\"predicted\":%u}\n",
				a->cpu, selector_names[a->sel], conv_names[conv], a->llc->profile->name, b->llc->profile->name,
				pair[conv].checked, pair[conv].differ, pair[conv].predicted);
	}
}

/* Every caller combo against every callee combo of the same CPU, wave and
 * selector; cells go to link.jsonl, unpredicted examples to details. */
static void link_matrix(Check *c)
{
	if (c->nllcs < 2 || !c->callers || !(c->link = calloc(1, sizeof *c->link)))
		return;
	char path[600];
	snprintf(path, sizeof path, "%s/link.jsonl", c->out_dir);
	FILE *cells = fopen(path, "w");
	for (int x = 0; x < c->ncombos; x++)
		for (int y = 0; y < c->ncombos; y++) {
			const Combo *a = &c->combos[x], *b = &c->combos[y];
			if (a->kept_call && b->kept_callee && strcmp(a->cpu, b->cpu) == 0 && a->sel == b->sel)
				link_pair(c, c->link, a, b, cells);
		}
	if (cells)
		fclose(cells);
}

static void print_link_matrix(const Check *c, FILE *f)
{
	const LinkMatrix *lm = c->link;
	unsigned checked = 0;
	for (int conv = 0; lm && conv < CONV_COUNT; conv++)
		for (int a = 0; a < c->nllcs; a++)
			for (int b = 0; b < c->nllcs; b++)
				checked += lm->cell[conv][a][b].checked;
	if (!lm || !checked)
		return; /* no call of a default-convention or amdgpu_gfx function was observed */
	fprintf(f, "\ncross-version link: call sites compiled by the row's llc against callees compiled by the column's\n"
		   "(disagreeing/checked over every CPU and selector; +N: disagreements the profiles do not predict)\n");
	bool shown[CONV_COUNT];
	int width = 13;
	for (int conv = 0; conv < CONV_COUNT; conv++) {
		unsigned in_conv = 0;
		for (int a = 0; a < c->nllcs; a++)
			for (int b = 0; b < c->nllcs; b++)
				in_conv += lm->cell[conv][a][b].checked;
		/* the other conventions only where they were called */
		shown[conv] = in_conv || conv <= CONV_GFX;
		if (shown[conv] && (int)strlen(conv_names[conv]) > width)
			width = (int)strlen(conv_names[conv]);
	}
	for (int conv = 0; conv < CONV_COUNT; conv++) {
		if (!shown[conv])
			continue;
		fprintf(f, "%-*s", width, conv_names[conv]);
		for (int b = 0; b < c->nllcs; b++)
			fprintf(f, " %18s", c->llcs[b].profile->name);
		fprintf(f, "\n");
		for (int a = 0; a < c->nllcs; a++) {
			fprintf(f, "  %-*s", width - 2, c->llcs[a].profile->name);
			for (int b = 0; b < c->nllcs; b++) {
				const LinkCell *t = &lm->cell[conv][a][b];
				char text[48];
				int n = snprintf(text, sizeof text, "%u/%u", t->differ, t->checked);
				if (t->differ > t->predicted)
					snprintf(text + n, sizeof text - (size_t)n, " +%u", t->differ - t->predicted);
				fprintf(f, " %18s", text);
			}
			fprintf(f, "\n");
		}
	}
}

/* --- summary --------------------------------------------------------------------- */

static double percent(unsigned part, unsigned whole) { return whole ? 100.0 * part / whole : 100.0; }

static void print_summary(const Check *c, FILE *f, double wall)
{
	fprintf(f, "gcnabi check: %u signatures from %s (%u malformed), layout %s, %d llc, %d CPU(s)\n", c->nsigs, c->input,
		c->malformed, c->layout.name, c->nllcs, c->ncpus);
	/* The first column as wide as the longest tag (a triple makes them long). */
	int w = 24;
	for (int k = 0; k < c->ncombos; k++)
		if ((int)strlen(c->combos[k].tag) > w)
			w = (int)strlen(c->combos[k].tag);
	fprintf(f, "%-*s|%6s %6s %6s %6s %6s %5s %7s |%6s %6s %6s %6s %6s %7s |%7s | %s\n", w, "callee: profile-cpu-sel",
		"funcs", "agree", "differ", "llcref", "bothrf", "skip", "match", "calls", "agree", "differ", "llcref",
		"bothrf", "match", "unread", "caller!=callee (explained)");
	for (int k = 0; k < c->ncombos; k++) {
		const Combo *co = &c->combos[k];
		const Stats *s = &co->st;
		fprintf(f, "%-*s|%6u %6u %6u %6u %6u %5u %6.2f%% |%6u %6u %6u %6u %6u %6.2f%% |%7u | %u (%u)\n", w, co->tag,
			s->functions, s->agree, s->diverged + s->model_refused, s->llc_refused, s->both_refused,
			s->not_emitted, percent(s->agree + s->both_refused, s->functions), s->calls, s->calls_agree,
			s->calls_diverged, s->calls_refused, s->calls_both_refused,
			percent(s->calls_agree + s->calls_both_refused, s->calls), s->unread, s->mismatches,
			s->mismatches_explained);
	}
	double llc = 0;
	for (int k = 0; k < c->ncombos; k++)
		llc += c->combos[k].st.llc_seconds;
	fprintf(f, "differ: model and llc place differently; llcref: llc refused what the model places; bothrf: both refuse;\n"
		   "match: (agree + bothrf) / functions; unread: agreements in which llc leaves parts the ABI assigns\n"
		   "unread (callee) or unwritten (caller)\n");
	if (c->nmismatch_examples)
		fprintf(f, "caller/callee disagreements, the first %u (all in details.jsonl, kind caller-vs-callee):\n",
			c->nmismatch_examples);
	for (unsigned k = 0; k < c->nmismatch_examples; k++)
		fprintf(f, "  %s\n", c->mismatch_examples[k]);
	for (int k = 0; k < c->ncombos; k++) {
		const Stats *s = &c->combos[k].st;
		static const char *const what[] = { [DVGPR_IGNORED] = "llc makes plain chain calls of them",
						    [DVGPR_REALLOCATES] = "llc reallocates",
						    [DVGPR_CRASHES] = "llc selects them, then crashes after isel",
						    [DVGPR_REFUSED] = "llc refuses them: emitted as plain chain calls" };
		if (s->dvgpr_calls)
			fprintf(f, "%s: %u dynamic-VGPR chain call(s) (%s), %u lose argument VGPRs (details.jsonl, kind dvgpr-lost)\n",
				c->combos[k].tag, s->dvgpr_calls, what[cc_chain_dvgpr_support(&c->combos[k].m)], s->dvgpr_lost);
	}
	print_link_matrix(c, f);
	fprintf(f, "wall %.1fs, llc busy %.1fs on %u job(s)\n", wall, llc, c->jobs);
}

static unsigned exit_status(const Check *c)
{
	unsigned st = c->malformed ? EXIT_ERROR : 0;
	for (int k = 0; k < c->ncombos; k++) {
		const Stats *s = &c->combos[k].st;
		if (s->diverged || s->model_refused || s->calls_diverged)
			st |= EXIT_DIVERGED;
		if (s->llc_refused || s->calls_refused)
			st |= EXIT_CRASHED;
		if (s->mismatches > s->mismatches_explained)
			st |= EXIT_DIVERGED;
		else if (s->mismatches)
			st |= EXIT_KNOWN;
	}
	for (int conv = 0; c->link && conv < CONV_COUNT; conv++)
		for (int a = 0; a < c->nllcs; a++)
			for (int b = 0; b < c->nllcs; b++) {
				const LinkCell *t = &c->link->cell[conv][a][b];
				if (t->differ > t->predicted)
					st |= EXIT_DIVERGED;
				else if (t->differ)
					st |= EXIT_KNOWN;
			}
	return st;
}

static bool make_dirs(Check *c, const char *out)
{
	if (out) {
		snprintf(c->out_dir, sizeof c->out_dir, "%s", out);
	} else {
		char stamp[32];
		time_t t = time(0);
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
		snprintf(c->out_dir, sizeof c->out_dir, "reports/check-%s-%ld", stamp, (long)getpid());
	}
	char path[600];
	for (char *p = c->out_dir + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(c->out_dir, 0755);
			*p = '/';
		}
	mkdir(c->out_dir, 0755);
	snprintf(path, sizeof path, "%s/repro", c->out_dir);
	mkdir(path, 0755);
	const char *tmp = getenv("TMPDIR");
	snprintf(c->tmp_dir, sizeof c->tmp_dir, "%s/gcnabi-check-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(c->tmp_dir)) {
		fprintf(stderr, "gcnabi check: cannot create a temporary folder: %s\n", strerror(errno));
		return false;
	}
	snprintf(path, sizeof path, "%s/details.jsonl", c->out_dir);
	c->details = fopen(path, "w");
	if (!c->details) {
		fprintf(stderr, "gcnabi check: cannot write %s: %s\n", path, strerror(errno));
		return false;
	}
	return true;
}

static void remove_tmp(const Check *c)
{
	DIR *d = opendir(c->tmp_dir);
	if (d) {
		struct dirent *e;
		char path[900];
		while ((e = readdir(d)))
			if (e->d_name[0] != '.') {
				snprintf(path, sizeof path, "%s/%s", c->tmp_dir, e->d_name);
				unlink(path);
			}
		closedir(d);
	}
	rmdir(c->tmp_dir);
}

/* --switch NAME=on|off: a changed rule in every llc's profile, e.g. to see
 * that a run notices a model that is wrong. */
static bool parse_switch(Check *c, const char *val)
{
	size_t n = strcspn(val, "=");
	const char *v = val[n] ? val + n + 1 : "";
	bool on = strcmp(v, "on") == 0 || strcmp(v, "1") == 0;
	if (!on && strcmp(v, "off") != 0 && strcmp(v, "0") != 0)
		return fprintf(stderr, "gcnabi check: --switch takes NAME=on or NAME=off, not '%s'\n", val), false;
	for (int k = 0; k < SW_COUNT; k++)
		if (strlen(profile_switch_names[k]) == n && strncmp(profile_switch_names[k], val, n) == 0) {
			c->switch_index[c->nswitches] = k;
			c->switch_value[c->nswitches++] = on;
			return true;
		}
	return fprintf(stderr, "gcnabi check: --switch: no switch named '%.*s' (gcnabi profiles lists them)\n", (int)n,
		       val),
	       false;
}

static bool parse_check_options(Check *c, int argc, char **argv, int *first_operand, const char **layout,
				const char **out)
{
	const Command *cmd = command_find("check");
	int i = 1, k;
	const char *val;
	bool sel_given = false;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		if (strcmp(name, "--llc") == 0) {
			if (c->nllcs == MAX_LLCS)
				return fprintf(stderr, "gcnabi check: at most %d --llc\n", MAX_LLCS), false;
			snprintf(c->llcs[c->nllcs++].path, sizeof c->llcs[0].path, "%s", val);
		} else if (strcmp(name, "--selector") == 0) {
			sel_given = true;
			c->sel_dag = strcmp(val, "dag") == 0 || strcmp(val, "both") == 0;
			c->sel_gisel = strcmp(val, "gisel") == 0 || strcmp(val, "both") == 0;
			if (!c->sel_dag && !c->sel_gisel)
				return fprintf(stderr, "gcnabi check: --selector takes dag, gisel or both\n"), false;
		} else if (strcmp(name, "--mcpu") == 0) {
			if (!target_find(val))
				return fprintf(stderr, "gcnabi check: unknown CPU '%s'\n", val), false;
			if (c->ncpus == MAX_CPUS)
				return fprintf(stderr, "gcnabi check: at most %d --mcpu\n", MAX_CPUS), false;
			c->cpus[c->ncpus++] = val;
		} else if (strcmp(name, "--wave") == 0) {
			c->wave = (unsigned)atoi(val);
			if (c->wave != 32 && c->wave != 64)
				return fprintf(stderr, "gcnabi check: --wave takes 32 or 64\n"), false;
		} else if (strcmp(name, "--layout") == 0) {
			*layout = val;
		} else if (strcmp(name, "--triple") == 0) {
			if (!target_os_parse(val, &c->os))
				return fprintf(stderr, "gcnabi check: --triple takes amdgcn-amd-amdpal, amdgcn-mesa-mesa3d or amdgcn--\n"), false;
		} else if (strcmp(name, "--no-caller") == 0) {
			c->callers = false;
		} else if (strcmp(name, "--batch") == 0) {
			c->batch = (unsigned)atoi(val);
			if (c->batch < 1 || c->batch > 100000)
				return fprintf(stderr, "gcnabi check: --batch takes 1 to 100000\n"), false;
		} else if (strcmp(name, "--llc-version") == 0) {
			if (c->nllcs == 0)
				return fprintf(stderr, "gcnabi check: --llc-version '%s' follows no --llc\n", val), false;
			snprintf(c->llcs[c->nllcs - 1].given_version, sizeof c->llcs[0].given_version, "%s", val);
		} else if (strcmp(name, "--llc-slots") == 0) {
			char err[700];
			slots_close(&c->slots);
			if (!slots_open(&c->slots, val, err, sizeof err))
				return fprintf(stderr, "gcnabi check: --llc-slots %s\n", err), false;
		} else if (strcmp(name, "--jobs") == 0) {
			c->jobs = (unsigned)atoi(val);
			if (c->jobs < 1 || c->jobs > MAX_JOBS)
				return fprintf(stderr, "gcnabi check: --jobs takes 1 to %d\n", MAX_JOBS), false;
		} else if (strcmp(name, "--timeout") == 0) {
			c->timeout = atof(val);
			if (c->timeout <= 0)
				return fprintf(stderr, "gcnabi check: --timeout takes a positive number of seconds\n"), false;
		} else if (strcmp(name, "--out") == 0) {
			*out = val;
		} else if (strcmp(name, "--quiet") == 0) {
			c->quiet = true;
		} else if (strcmp(name, "--mem-limit") == 0) {
			c->mem_mb = (unsigned)atoi(val);
			if (c->mem_mb < 64 || c->mem_mb > 1048576)
				return fprintf(stderr, "gcnabi check: --mem-limit takes 64 to 1048576 (MB)\n"), false;
		} else if (strcmp(name, "--placements") == 0) {
			c->placements = true;
		} else if (strcmp(name, "--new-reg-bank-select") == 0) {
			c->new_rbs = true;
		} else if (strcmp(name, "--switch") == 0) {
			if (!parse_switch(c, val))
				return false;
		}
	}
	if (k == -4)
		exit(0);
	if (k == -3)
		return false;
	if (!sel_given)
		c->sel_dag = c->sel_gisel = true;
	*first_operand = i;
	return true;
}

static bool open_placements(const Check *c, Combo *co)
{
	char path[700];
	snprintf(path, sizeof path, "%s/placements", c->out_dir);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/placements/%s.callee.jsonl", c->out_dir, co->tag);
	co->seen_callee = fopen(path, "w");
	snprintf(path, sizeof path, "%s/placements/%s.caller.jsonl", c->out_dir, co->tag);
	co->seen_caller = c->callers ? fopen(path, "w") : 0;
	if (!co->seen_callee || (c->callers && !co->seen_caller)) {
		fprintf(stderr, "gcnabi check: cannot write %s: %s\n", path, strerror(errno));
		return false;
	}
	return true;
}

static void check_free(Check *c)
{
	for (unsigned i = 0; i < c->nsigs; i++)
		free(c->sigs[i]);
	for (int k = 0; k < c->ncombos; k++) {
		Combo *co = &c->combos[k];
		for (unsigned i = 0; i < c->nsigs; i++)
			if (co->kept_callee)
				free(co->kept_callee[i]);
		for (unsigned i = 0; co->kept_call && i < (c->nedges ? c->nedges : c->nsigs); i++)
			free(co->kept_call[i]);
		free(co->kept_callee);
		free(co->kept_call);
		if (co->seen_callee)
			fclose(co->seen_callee);
		if (co->seen_caller)
			fclose(co->seen_caller);
		free(co->in_graph);
		free(co->order);
	}
	free(c->link);
	free(c->edges);
	free(c->component);
	free(c->sigs);
	free(c->combos);
	free(c->queue);
	slots_close(&c->slots);
	free(c->model);
	free(c->model_caller);
	free(c);
}

/* Every return leaves c to the caller, which frees it. */
static int check_main(Check *c, int argc, char **argv)
{
	static const char *const default_cpus[] = { "gfx900", "gfx1030", "gfx1100" };
	const char *layout_name = "old", *out = 0;
	int first;
	c->callers = true;
	c->batch = 200;
	c->timeout = 120;
	c->mem_mb = 8192;
	c->slots.fd = -1;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	c->jobs = cores > 0 && cores <= MAX_JOBS ? (unsigned)cores : 2;
	if (!parse_check_options(c, argc, argv, &first, &layout_name, &out))
		return EXIT_USAGE;
	if (argc - first != 1) {
		fprintf(stderr, "gcnabi check: expected one signature file (see gcnabi check --help)\n");
		return EXIT_USAGE;
	}
	/* llc first: gcnabi's own work (emitting, reading MIR, comparing) runs
	 * at a lower priority, on the CPU time llc leaves, while the llc it
	 * starts keep the priority gcnabi was given. */
	proc_launcher_start(19);
	c->input = argv[first];
	char err[600];
	if (!layout_load(layout_name, &c->layout, err, sizeof err)) {
		fprintf(stderr, "gcnabi check: %s\n", err);
		return EXIT_ERROR;
	}
	if (c->ncpus == 0)
		for (int k = 0; k < 3; k++)
			c->cpus[c->ncpus++] = default_cpus[k];
	size_t len;
	char *text = read_file(c->input, &len, err, sizeof err);
	if (!text) {
		fprintf(stderr, "gcnabi check: %s\n", err);
		return EXIT_ERROR;
	}
	sig_parse_module(text, len, collect_sig, c);
	if (!graph_edges_parse(text, len, c->sigs, c->nsigs, &c->edges, &c->nedges, err, sizeof err)) {
		fprintf(stderr, "%s:%s\n", c->input, err);
		free(text);
		return EXIT_ERROR;
	}
	free(text);
	if (c->nedges) {
		c->component = malloc((c->nsigs ? c->nsigs : 1) * sizeof *c->component);
		if (!c->component) {
			fprintf(stderr, "gcnabi check: out of memory after reading %s\n", c->input);
			return EXIT_ERROR;
		}
		c->ncomponents = graph_components(c->nsigs, c->edges, c->nedges, c->component);
	}
	if (c->nedges && !c->callers) {
		fprintf(stderr, "gcnabi check: %s is a call graph: --no-caller does not apply\n", c->input);
		return EXIT_USAGE;
	}
	if (!make_dirs(c, out))
		return EXIT_ERROR;
	if (c->nllcs == 0 && find_llcs(c) == 0) {
		fprintf(stderr, "gcnabi check: no llc found in /usr/lib/llvm-*/bin; install one with `make deps` "
				"(Debian: apt-get install llvm-19) or name it with --llc PATH\n");
		remove_tmp(c);
		return EXIT_ERROR;
	}
	for (int k = 0; k < c->nllcs; k++)
		if (!llc_identify(c, &c->llcs[k], err, sizeof err)) {
			fprintf(stderr, "gcnabi check: %s\n", err);
			remove_tmp(c);
			return EXIT_ERROR;
		} else if (c->nswitches) {
			Llc *l = &c->llcs[k];
			l->own = *l->profile;
			for (int s = 0; s < c->nswitches; s++)
				l->own.on[c->switch_index[s]] = c->switch_value[s];
			l->profile = &l->own;
		}
	c->combos = calloc((size_t)c->nllcs * (size_t)c->ncpus * 2, sizeof *c->combos);
	c->model = malloc(sizeof *c->model);
	c->model_caller = malloc(sizeof *c->model_caller);
	if (!c->combos || !c->model || !c->model_caller)
		return EXIT_ERROR;
	for (int l = 0; l < c->nllcs; l++)
		for (int u = 0; u < c->ncpus; u++)
			for (int sel = 0; sel < SEL_COUNT; sel++) {
				if ((sel == SEL_DAG && !c->sel_dag) || (sel == SEL_GISEL && !c->sel_gisel))
					continue;
				Combo *co = &c->combos[c->ncombos];
				co->llc = &c->llcs[l];
				co->cpu = c->cpus[u];
				co->sel = (Selector)sel;
				if (!model_config_init(&co->m, co->llc->profile, &c->layout, co->cpu, c->wave, co->sel, err,
						       sizeof err)) {
					fprintf(stderr, "gcnabi check: %s\n", err);
					return EXIT_USAGE;
				}
				co->m.os = c->os;
				snprintf(co->triple_arg, sizeof co->triple_arg, "-mtriple=%s", target_os_triple(c->os));
				co->new_rbs = c->new_rbs && sel == SEL_GISEL;
				snprintf(co->tag, sizeof co->tag, "%s-%s%s-%s%s%s", co->llc->profile->name, co->cpu,
					 c->wave ? (c->wave == 32 ? "w32" : "w64") : "", selector_names[sel],
					 co->new_rbs ? "-nrbs" : "", c->os == OS_MESA3D ? "-mesa3d" : c->os == OS_NONE ? "-noos" : "");
				if (c->placements && !c->nedges && !open_placements(c, co))
					return EXIT_ERROR;
				if (!(c->nedges ? plan_graph(c, c->ncombos) : plan_batches(c, c->ncombos)))
					return EXIT_ERROR;
				if (c->nllcs > 1 && c->callers) {
					/* plan_graph allocated kept_callee already */
					if (!co->kept_callee)
						co->kept_callee = calloc(c->nsigs ? c->nsigs : 1, sizeof *co->kept_callee);
					co->kept_call = c->nedges ? calloc(c->nedges, sizeof *co->kept_call)
								  : calloc(c->nsigs ? c->nsigs : 1, sizeof *co->kept_call);
					if (!co->kept_callee || !co->kept_call)
						return EXIT_ERROR;
				}
				c->ncombos++;
			}
	/* Run in the order given: the queue is a stack. */
	for (size_t a = 0, b = c->nqueue ? c->nqueue - 1 : 0; a < b; a++, b--) {
		Batch t = c->queue[a];
		c->queue[a] = c->queue[b];
		c->queue[b] = t;
	}
	double t0 = now_seconds();
	int rc = run_all(c);
	if (!rc)
		link_matrix(c);
	double wall = now_seconds() - t0;
	fclose(c->details);
	remove_tmp(c);
	if (rc)
		return rc;
	print_summary(c, stdout, wall);
	char path[600];
	snprintf(path, sizeof path, "%s/summary.txt", c->out_dir);
	FILE *f = fopen(path, "w");
	if (f) {
		print_summary(c, f, wall);
		fclose(f);
	}
	printf("details: %s/details.jsonl, reproducers: %s/repro/\n", c->out_dir, c->out_dir);
	int status = (int)exit_status(c);
	return status;
}

int cmd_check(int argc, char **argv)
{
	Check *c = calloc(1, sizeof *c);
	if (!c)
		return EXIT_ERROR;
	int status = check_main(c, argc, argv);
	check_free(c);
	return status;
}
