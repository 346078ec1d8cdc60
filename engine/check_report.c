/* What `gcnabi check` writes into its output folder (--out):
 *
 * details.jsonl   one object per finding, the documented contract (README):
 *                 combo, llc, function, line, kind, why, call_site,
 *                 explained_by and the two placements compared.
 * findings.jsonl  one object per details.jsonl line, in the same order, the
 *                 same finding as typed fields:
 *   kind, class, axis   the finding kind and its class and axis (core/finding.h)
 *   exit_bit            the exit-status bit it sets: its class's (8 divergence,
 *                       16 crash, 32 infrastructure, 0 note or skipped), 4 when
 *                       explained_by is set
 *   combo, label, llc, version, profile, cpu, wave, selector,
 *   new_reg_bank_select, triple
 *                       the combination: its tag, llc's label, path and `--version`,
 *                       the profile, CPU, wave size, "dag"/"gisel", whether
 *                       GlobalISel ran with -new-reg-bank-select, the triple of
 *                       the non-kernel functions (kernels: amdgcn-amd-amdhsa);
 *                       cross-version: the caller's
 *   callee_combo, callee_label, callee_llc, callee_profile
 *                       cross-version only: the callee's combination
 *   function, line      the signature (a call site's: its callee) and its line
 *   call_site           call-graph input: the call site, else null
 *   explained_by        what explains the finding, null when nothing does
 *   message             details.jsonl's "why"
 *   module              crashes-together: the module kept in repro/, else null
 *   dvgpr               chain calls only: {requested (the edge's count), llc,
 *                       model (chain-dvgpr-count: the count llc's call
 *                       requests, the model expects), lost, lost_llc,
 *                       first_argument (dvgpr-lost)}, -1 where not known
 *   final               final-code only: {function (its name in the assembly),
 *                       at (the instruction the verdict is about: the
 *                       return, the call), culprit (the instruction that
 *                       wrote the value it concerns, null: its entry value)},
 *                       each as llc prints it up to its modifiers
 *   placements          the keys of the same details.jsonl line that hold the
 *                       placements compared: "model" and "llc" (the second
 *                       "llc" of the line, after llc's path), or
 *                       "llc_callee" and "llc_caller"
 *   convention         the report group of the function's convention
 *   type_class         what the difference concerns: the class of the argument
 *                       or return ("vector inreg", "return struct"), "other"
 *   boundary            the register boundary crossed ("sgpr/stack"), "part
 *                       count", "crash" (llc failing), "other"
 *   difference          a comparison's first difference (core/judge.h), null
 *                       for other findings: {what ("argument", "return",
 *                       "hidden sret pointer", ...), class ("moved", "slot
 *                       size", "part count", "unread", "undefined",
 *                       "different"), argument, part (null where none), and
 *                       the two sides' locations under the placements' keys}
 *   cause               what departs from the ABI, worded alike on every
 *                       axis: {side, key, llcs (labels)} (check_cause.c)
 * summary.txt     the table check prints.
 * summary.json    the same as data, written last: a reader takes the other
 *                 files as complete only when it holds "complete": true.
 *                 Both summaries are written whole or not at all (to a
 *                 temporary name, then renamed); a check that stops early
 *                 or fails to write leaves none or one with false.
 *   complete            every file above was written in full
 *   gcnabi_version      gcnabi's own (core/version.h)
 *   input, signatures, malformed, call_edges, layout, jobs
 *   llcs                [{label, path, version, profile, profile_from}]:
 *                       label names the llc in every combo, row and file;
 *                       profile_from: "version" (its own), "nearest-older"
 *                       (gcnabi has none for its version) or "option"
 *   cpus                ["gfx900", ...]
 *   combos              [{combo, llc, version, profile, cpu, wave, selector,
 *                       new_reg_bank_select, triple (as in findings.jsonl),
 *                       counts: {every Stats counter, check.h CHECK_STATS},
 *                       differ (diverged + model_refused, the table's
 *                       column), match, calls_match (percent), dvgpr_support
 *                       ("ignored", "reallocates", "crashes", "refused"),
 *                       llc_seconds}]
 *   mismatch_examples   the first caller/callee disagreements: [{combo,
 *                       function, line, call_site, message, explained_by}]
 *   link                null, or the cross-version matrix over every CPU and
 *                       selector: {pairs, cells: [{convention, caller,
 *                       caller_llc, callee, callee_llc, checked, disagree,
 *                       predicted, unpredicted}]}
 *   llcs_unusable       --llc that could not be identified (missing, not
 *                       executable): left out, exit bit 32
 *   exit_status         the status check exits with
 *   wall, llc_seconds   seconds of the run and of llc busy in it (the MIR
 *                       pass's and the final code's)
 * link.jsonl      the link matrix per CPU and selector (check_link.c).
 * placements/     --placements: what llc did, <combo>.{callee,caller}.jsonl.
 * repro/          an .ll file with its llc command per unexplained finding
 *                 (at most REPROS_PER_COMBO per combination). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "check.h"
#include "ir_text.h"

/* --- files ------------------------------------------------------------------- */

void write_failed(Check *c, const char *path, int e)
{
	fprintf(stderr, "gcnabi check: cannot write %s: %s\n", path, strerror(e));
	c->report.write_failed = true;
}

bool check_close(Check *c, JsonWriter *w)
{
	int e = jw_close(w);
	if (e)
		write_failed(c, w->path, e);
	return !e;
}

bool check_fclose(Check *c, FILE *f, const char *path)
{
	if (!f) {
		write_failed(c, path, errno ? errno : EIO);
		return false;
	}
	errno = 0;
	bool bad = fflush(f) != 0 || ferror(f);
	int e = errno;
	if (fclose(f) != 0 && !bad)
		bad = true, e = errno;
	if (bad)
		write_failed(c, path, e ? e : EIO);
	return !bad;
}

/* path as a directory, made unless it is one; false after a message. */
static bool make_dir(const char *path)
{
	struct stat st;
	if (mkdir(path, 0755) == 0 || (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
		return true;
	fprintf(stderr, "gcnabi check: cannot create the folder %s: %s\n", path,
		strerror(errno == EEXIST ? ENOTDIR : errno));
	return false;
}

bool check_open_reports(Check *c)
{
	char *dir = c->report.dir, path[700];
	if (c->opt.out) {
		snprintf(dir, sizeof c->report.dir, "%s", c->opt.out);
	} else {
		char stamp[32];
		time_t t = time(0);
		strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
		snprintf(dir, sizeof c->report.dir, "reports/check-%s-%ld", stamp, (long)getpid());
	}
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(dir, 0755); /* the folders above it: made, or there already */
			*p = '/';
		}
	snprintf(path, sizeof path, "%s/repro", dir);
	if (!make_dir(dir) || !make_dir(path))
		return false;
	/* A summary left by an earlier run in this folder is no marker of this one. */
	for (const char *const *name = (const char *const[]){ "summary.json", "summary.txt", 0 }; *name; name++) {
		snprintf(path, sizeof path, "%s/%s", dir, *name);
		if (unlink(path) != 0 && errno != ENOENT) {
			fprintf(stderr, "gcnabi check: cannot remove %s: %s\n", path, strerror(errno));
			return false;
		}
	}
	JsonWriter *w = &c->report.details;
	snprintf(path, sizeof path, "%s/details.jsonl", dir);
	if (jw_open(w, path)) {
		w = &c->report.findings;
		snprintf(path, sizeof path, "%s/findings.jsonl", dir);
		if (jw_open(w, path))
			return true;
	}
	fprintf(stderr, "gcnabi check: cannot write %s: %s\n", w->path, strerror(w->error));
	return false;
}

bool check_open_placements(Check *c, Combo *co)
{
	char path[700];
	snprintf(path, sizeof path, "%s/placements", c->report.dir);
	if (!make_dir(path))
		return false;
	snprintf(path, sizeof path, "%s/placements/%s.callee.jsonl", c->report.dir, co->tag);
	JsonWriter *w = &co->seen_callee;
	if (jw_open(w, path)) {
		w = &co->seen_caller;
		snprintf(path, sizeof path, "%s/placements/%s.caller.jsonl", c->report.dir, co->tag);
		if (!c->opt.callers || jw_open(w, path))
			return true;
	}
	fprintf(stderr, "gcnabi check: cannot write %s: %s\n", w->path, strerror(w->error));
	return false;
}

/* --- findings ------------------------------------------------------------------ */

void jw_placement(JsonWriter *w, const Sig *s, const Placement *p)
{
	char small[4096];
	size_t n = place_print_json(s, p, small, sizeof small);
	if (n < sizeof small) {
		jw_raw(w, small);
		return;
	}
	char *big = malloc(n + 1);
	if (!big) {
		jw_fail(w, ENOMEM);
		return;
	}
	place_print_json(s, p, big, n + 1);
	jw_raw(w, big);
	free(big);
}

static void put_placement(JsonWriter *w, const char *key, const Sig *s, const Placement *p)
{
	if (!p)
		return;
	jw_key(w, key);
	jw_placement(w, s, p);
}

/* The two placements' keys in details.jsonl: inside one llc (and across
 * two) its callee and its caller, else the model and llc. */
static const char *const *placement_keys(FindingKind k)
{
	static const char *const inside_llc[2] = { "llc_callee", "llc_caller" }, *const model_llc[2] = { "model", "llc" };
	return k == FK_CALLER_VS_CALLEE || finding_is_link(k) ? inside_llc : model_llc;
}

/* details.jsonl: three shapes, as they always were. */
/* Both refused: the class of each side's reason (refusal.h). */
static void refusals_json(JsonWriter *w, const Finding *f)
{
	if (f->llc_refusal)
		jw_kstring(w, "llc_refusal", refusal_classes[f->llc_refusal].name);
	if (f->model_refusal)
		jw_kstring(w, "model_refusal", refusal_classes[f->model_refusal].name);
}

static void details_json(Check *c, const Finding *f)
{
	JsonWriter *w = &c->report.details;
	const Sig *s = c->in.sigs[f->sig];
	const char *const *keys = placement_keys(f->kind);
	jw_object(w);
	if (finding_is_link(f->kind)) {
		jw_kstring(w, "kind", finding_kinds[f->kind].name);
		jw_kstring(w, "caller_combo", f->co->tag);
		jw_kstring(w, "callee_combo", f->callee_co->tag);
	} else {
		jw_kstring(w, "combo", f->co->tag);
		/* Nothing was compiled: no llc. */
		if (finding_kinds[f->kind].cls != FC_SKIPPED)
			jw_kstring(w, "llc", f->co->llc->path);
	}
	jw_kstring(w, "function", s->name);
	jw_kuint(w, "line", s->line);
	if (!finding_is_link(f->kind))
		jw_kstring(w, "kind", finding_kinds[f->kind].name);
	jw_kstring(w, "why", f->why);
	refusals_json(w, f);
	if (finding_is_link(f->kind)) {
		if (f->explained_by)
			jw_kstring(w, "explained_by", f->explained_by);
		put_placement(w, keys[1], s, f->seen);
		put_placement(w, keys[0], s, f->expected);
	} else if (finding_kinds[f->kind].cls != FC_SKIPPED) {
		if (c->report.site)
			jw_kstring(w, "call_site", c->report.site);
		if (f->explained_by)
			jw_kstring(w, "explained_by", f->explained_by);
		put_placement(w, keys[0], s, f->expected);
		put_placement(w, keys[1], s, f->seen);
	}
	jw_end(w);
	jw_newline(w);
}

void combo_json(JsonWriter *w, const Combo *co)
{
	jw_kstring(w, "combo", co->tag);
	jw_kstring(w, "label", co->llc->label);
	jw_kstring(w, "llc", co->llc->path);
	jw_kstring(w, "version", co->llc->version);
	jw_kstring(w, "profile", co->llc->profile->name);
	jw_kstring(w, "cpu", co->cpu);
	jw_kuint(w, "wave", co->m.wave);
	jw_kstring(w, "selector", selector_names[co->sel]);
	jw_kbool(w, "new_reg_bank_select", co->new_rbs);
	jw_kstring(w, "triple", target_os_triple(co->m.os));
	if (co->as_written)
		jw_kbool(w, "as_written", true);
	if (co->nllc_options) { /* --llc-option: part of the combination, as given */
		jw_karray(w, "llc_options");
		for (unsigned k = 0; k < co->nllc_options; k++)
			jw_string(w, co->llc_options[k]);
		jw_end(w);
	}
}

static void dvgpr_json(JsonWriter *w, const DvgprCounts *n)
{
	jw_kobject(w, "dvgpr");
	jw_kuint(w, "requested", n->requested);
	jw_kint(w, "llc", n->llc);
	jw_kint(w, "model", n->model);
	jw_kint(w, "lost", n->lost);
	jw_kint(w, "lost_llc", n->lost_llc);
	jw_kint(w, "first_argument", n->first_argument);
	jw_end(w);
}

/* findings.jsonl: the fields documented at the top of this file. */
static void finding_json(Check *c, const Finding *f)
{
	JsonWriter *w = &c->report.findings;
	const FindingKindInfo *k = &finding_kinds[f->kind];
	const Sig *s = c->in.sigs[f->sig];
	bool link = finding_is_link(f->kind);
	const char *site = link || k->cls == FC_SKIPPED ? 0 : c->report.site;
	jw_object(w);
	jw_kstring(w, "kind", k->name);
	jw_kstring(w, "class", finding_classes[k->cls].name);
	jw_kstring(w, "axis", finding_axis_names[k->axis]);
	jw_kuint(w, "exit_bit", finding_exit_bit(f->kind, f->explained_by != 0));
	combo_json(w, f->co);
	if (link) {
		jw_kstring(w, "callee_combo", f->callee_co->tag);
		jw_kstring(w, "callee_label", f->callee_co->llc->label);
		jw_kstring(w, "callee_llc", f->callee_co->llc->path);
		jw_kstring(w, "callee_profile", f->callee_co->llc->profile->name);
		jw_kstring(w, "callee_selector", selector_names[f->callee_co->sel]);
	}
	jw_kstring(w, "function", s->name);
	jw_kuint(w, "line", s->line);
	jw_kstring(w, "call_site", site);
	jw_kstring(w, "explained_by", f->explained_by);
	jw_kstring(w, "message", f->why);
	jw_kstring(w, "module", c->report.module);
	refusals_json(w, f);
	if (f->dvgpr)
		dvgpr_json(w, f->dvgpr);
	if (c->report.failure.set) {
		const LlcFailure *l = &c->report.failure;
		jw_kobject(w, "llc_failure");
		jw_kstring(w, "signal", l->signal[0] ? l->signal : 0);
		jw_kstring(w, "error", l->error[0] ? l->error : 0);
		/* the error as `gcnabi cause` words llc's stderr */
		char cause[240];
		cause_message(l->error, cause, sizeof cause);
		jw_kstring(w, "cause", l->error[0] ? cause : 0);
		jw_kstring(w, "limit", l->limit);
		jw_end(w);
	}
	if (f->final) {
		jw_kobject(w, "final");
		jw_kstring(w, "function", f->final->function);
		jw_kstring(w, "at", f->final->at);
		jw_kstring(w, "culprit", f->final->culprit);
		jw_kbool(w, "uniform_inreg", f->final->uniform);
		jw_end(w);
	}
	const char *const *keys = placement_keys(f->kind);
	finding_where_json(w, f, s, keys);
	finding_cause_json(w, f);
	jw_karray(w, "placements");
	for (int side = 0; side < 2; side++)
		if (side ? f->seen : f->expected)
			jw_string(w, keys[side]);
	jw_end(w);
	jw_end(w);
	jw_newline(w);
}

void finding_write(Check *c, const Finding *f)
{
	details_json(c, f);
	finding_json(c, f);
}

/* A reproducer's head: the finding, llc's command line and version. */
static void repro_head(FILE *f, const Combo *co, bool kernel, const char *kind, const char *why, const char *where)
{
	char *argv[LLC_ARGV_MAX], cpu_arg[64], mattr[64];
	llc_argv(co, kernel ? LLC_KERNEL_ASM : LLC_MIR, true, "%s", "-", argv, cpu_arg, mattr);
	char why_text[1024], where_text[1024];
	fprintf(f, "; gcnabi check: %s\n; %s (%s)\n; RUN:", kind, ir_comment(why, why_text, sizeof why_text),
		ir_comment(where, where_text, sizeof where_text));
	for (int k = 0; argv[k]; k++)
		fprintf(f, " %s", ir_run_word(argv[k], where_text, sizeof where_text));
	fprintf(f, "\n; %s\n", ir_comment(co->llc->version, why_text, sizeof why_text));
}

void keep_module(Check *c, const Combo *co, bool kernel, FindingKind kind, const char *ll, unsigned serial, char *path,
		 size_t cap)
{
	char err[256], where[600];
	size_t len;
	char *text = read_file(ll, &len, err, sizeof err);
	snprintf(path, cap, "%s/repro/%s.%s.%u.ll", c->report.dir, co->tag,
		 kind == FK_CRASHES_TOGETHER ? "together" : "once", serial);
	FILE *f = text ? fopen_fresh(path) : 0;
	if (f) {
		snprintf(where, sizeof where, "functions of %s", c->in.path);
		repro_head(f, co, kernel, finding_kinds[kind].name,
			   kind == FK_CRASHES_TOGETHER ? "llc fails on them together" : "llc failed on them once", where);
		fwrite(text, 1, len, f);
	}
	if (text)
		check_fclose(c, f, path);
	if (!f)
		path[0] = 0;
	free(text);
}

static void write_repro(Check *c, Combo *co, unsigned i, FindingKind kind, const char *why)
{
	if (co->st.repros >= REPROS_PER_COMBO)
		return;
	co->st.repros++;
	const Sig *s = c->in.sigs[i];
	char path[700], where[600];
	snprintf(path, sizeof path, "%s/repro/%s.%u.ll", c->report.dir, co->tag, i);
	FILE *f = fopen_fresh(path);
	if (!f) {
		check_fclose(c, f, path);
		return;
	}
	snprintf(where, sizeof where, "%s:%u", c->in.path, s->line);
	repro_head(f, co, conv_in_family((CallConv)s->cc, FAMILY_KERNEL), finding_kinds[kind].name, why, where);
	Buf buf = { 0 };
	char whyemit[256];
	EmitOptions o = emit_options(co, c->opt.callers);
	if (c->in.as_written)
		fwrite(c->in.text, 1, c->in.len, f); /* the program is the module as written */
	else if (emit_function(&buf, s, i, &o, whyemit, sizeof whyemit) && buf.p)
		fputs(buf.p, f);
	buf_free(&buf);
	check_fclose(c, f, path);
}

void report_finding(Check *c, const Finding *f)
{
	finding_write(c, f);
	/* The machine's faults reproduce nothing; a module that crashes
	 * together, or crashed once, is its own reproducer (keep_module). */
	if (!f->explained_by && finding_kinds[f->kind].cls != FC_INFRASTRUCTURE && f->kind != FK_CRASHES_TOGETHER &&
	    f->kind != FK_FLAKY_CRASH)
		write_repro(c, &c->combos[f->co - c->combos], f->sig, f->kind, f->why);
}

void report(Check *c, Combo *co, unsigned i, FindingKind kind, const char *why, const Placement *expected,
	    const Placement *seen, const char *explained_by)
{
	report_at(c, co, i, kind, why, expected, seen, explained_by, 0);
}

void report_at(Check *c, Combo *co, unsigned i, FindingKind kind, const char *why, const Placement *expected,
	       const Placement *seen, const char *explained_by, const JudgeDiff *at)
{
	report_finding(c, &(Finding){ .kind = kind, .co = co, .sig = i, .why = why, .explained_by = explained_by,
				      .expected = expected, .seen = seen, .at = at });
}

void mismatch_example(Check *c, const Combo *co, unsigned i, const char *why, const char *reason)
{
	CheckReport *r = &c->report;
	if (r->nexamples == MISMATCH_EXAMPLES)
		return;
	MismatchExample *e = &r->examples[r->nexamples++];
	e->co = co;
	e->sig = i;
	e->site = r->site ? strdup(r->site) : 0;
	snprintf(e->why, sizeof e->why, "%s", why);
	snprintf(e->reason, sizeof e->reason, "%s", reason);
}
