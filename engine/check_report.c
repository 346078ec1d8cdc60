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

#include "check.h"

/* --- files ------------------------------------------------------------------- */

static void write_failed(Check *c, const char *path, int e)
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

static void combo_json(JsonWriter *w, const Combo *co)
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
	char *argv[16], cpu_arg[64], mattr[64];
	llc_argv(co, kernel ? LLC_KERNEL_ASM : LLC_MIR, true, "%s", "-", argv, cpu_arg, mattr);
	fprintf(f, "; gcnabi check: %s\n; %s (%s)\n; RUN:", kind, why, where);
	for (int k = 0; argv[k]; k++)
		fprintf(f, " %s", argv[k]);
	fprintf(f, "\n; %s\n", co->llc->version);
}

void keep_module(Check *c, const Combo *co, bool kernel, FindingKind kind, const char *ll, unsigned serial, char *path,
		 size_t cap)
{
	char err[256], where[600];
	size_t len;
	char *text = read_file(ll, &len, err, sizeof err);
	snprintf(path, cap, "%s/repro/%s.%s.%u.ll", c->report.dir, co->tag,
		 kind == FK_CRASHES_TOGETHER ? "together" : "once", serial);
	FILE *f = text ? fopen(path, "w") : 0;
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
	FILE *f = fopen(path, "w");
	if (!f) {
		check_fclose(c, f, path);
		return;
	}
	snprintf(where, sizeof where, "%s:%u", c->in.path, s->line);
	repro_head(f, co, conv_in_family((CallConv)s->cc, FAMILY_KERNEL), finding_kinds[kind].name, why, where);
	Buf buf = { 0 };
	char whyemit[256];
	EmitOptions o = emit_options(co, c->opt.callers);
	if (emit_function(&buf, s, i, &o, whyemit, sizeof whyemit) && buf.p)
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

/* --- summary ------------------------------------------------------------------- */

static double percent(unsigned part, unsigned whole) { return whole ? 100.0 * part / whole : 100.0; }

/* What an llc does with dynamic-VGPR chain calls, by ChainDvgpr. */
static const struct {
	const char *name, *text;
} dvgpr_support[] = {
	[DVGPR_IGNORED] = { "ignored", "llc makes plain chain calls of them" },
	[DVGPR_REALLOCATES] = { "reallocates", "llc reallocates" },
	[DVGPR_CRASHES] = { "crashes", "llc selects them, then crashes after isel" },
	[DVGPR_REFUSED] = { "refused", "llc refuses them: emitted as plain chain calls" },
};

static double llc_seconds(const Check *c)
{
	double llc = 0;
	for (int k = 0; k < c->ncombos; k++)
		llc += c->combos[k].st.llc_seconds;
	return llc;
}

static void print_table(const Check *c, FILE *f)
{
	/* The first column as wide as the longest tag (a triple makes them long). */
	int w = 24;
	for (int k = 0; k < c->ncombos; k++)
		if ((int)strlen(c->combos[k].tag) + 1 > w)
			w = (int)strlen(c->combos[k].tag) + 1;
	fprintf(f, "%-*s|%6s %6s %6s %6s %6s %5s %7s %5s %7s |%6s %6s %6s %6s %6s %7s %5s %7s |%7s | %s\n", w,
		"callee: llc-cpu-sel", "funcs", "agree", "differ", "llcref", "bothrf", "skip", "match", "body",
		"observd", "calls", "agree", "differ", "llcref", "bothrf", "match", "body", "observd", "unread",
		"caller!=callee (explained)");
	for (int k = 0; k < c->ncombos; k++) {
		const Combo *co = &c->combos[k];
		const Stats *s = &co->st;
		fprintf(f, "%-*s|%6u %6u %6u %6u %6u %5u %6.2f%% %5u %6.2f%% |%6u %6u %6u %6u %6u %6.2f%% %5u %6.2f%% |%7u | %u (%u)\n",
			w, co->tag, s->functions, s->agree, s->diverged + s->model_refused, s->llc_refused, s->both_refused,
			s->not_emitted, percent(s->agree + s->both_refused, s->functions), s->body_refused,
			percent(s->observed, s->functions), s->calls, s->calls_agree, s->calls_diverged, s->calls_refused,
			s->calls_both_refused, percent(s->calls_agree + s->calls_both_refused, s->calls), s->calls_body_refused,
			percent(s->calls_observed, s->calls), s->unread, s->mismatches, s->mismatches_explained);
	}
}

void print_summary(const Check *c, FILE *f, double wall)
{
	const CheckReport *r = &c->report;
	fprintf(f, "gcnabi check: %u signatures from %s (%u malformed), layout %s, %d llc, %d CPU(s)\n", c->in.nsigs,
		c->in.path, c->in.malformed, c->layout.name, c->nllcs, c->opt.ncpus);
	for (int k = 0; k < c->nllcs; k++) {
		const Llc *l = &c->llcs[k];
		fprintf(f, "  llc %s: %s, %s, profile %s%s\n", l->label, l->path, l->version, l->profile->name,
			profile_source_texts[l->profile_source]);
	}
	print_table(c, f);
	fprintf(f, "differ: model and llc place differently; llcref: llc refused what the model places, or for another\n"
		   "reason than the model's; bothrf: both refuse for the same reason about the convention;\n"
		   "match: (agree + bothrf) / functions; body: llc cannot select what the body does with a value, as the\n"
		   "model predicts; observd: functions whose ABI llc's MIR showed / functions; unread: agreements in\n"
		   "which llc leaves parts the ABI assigns unread (callee) or unwritten (caller)\n");
	if (r->nexamples)
		fprintf(f, "caller/callee disagreements, the first %u (all in details.jsonl, kind %s):\n", r->nexamples,
			finding_kinds[FK_CALLER_VS_CALLEE].name);
	for (unsigned k = 0; k < r->nexamples; k++) {
		const MismatchExample *e = &r->examples[k];
		fprintf(f, "  %.95s %.300s: %.150s%s%.60s\n", e->co->tag, e->site ? e->site : c->in.sigs[e->sig]->name,
			e->why, e->reason[0] ? "; explained by " : "", e->reason);
	}
	for (int k = 0; k < c->ncombos; k++) {
		const Stats *s = &c->combos[k].st;
		if (s->dvgpr_calls)
			fprintf(f, "%s: %u dynamic-VGPR chain call(s) (%s), %u lose argument VGPRs (details.jsonl, kind %s)\n",
				c->combos[k].tag, s->dvgpr_calls, dvgpr_support[cc_chain_dvgpr_support(&c->combos[k].m)].text,
				s->dvgpr_lost, finding_kinds[FK_DVGPR_LOST].name);
	}
	for (int k = 0; k < c->ncombos; k++) {
		const Stats *s = &c->combos[k].st;
		if (s->verifier)
			fprintf(f, "%s: %u verifier error(s): bad machine code (details.jsonl, kind %s); compiled again without "
				   "-verify-machineinstrs, their ABI is compared as any other\n",
				c->combos[k].tag, s->verifier, finding_kinds[FK_VERIFIER_ERROR].name);
		if (s->flaky)
			fprintf(f, "%s: %u flaky crash(es): llc crashed once and compiled the same module when run again "
				   "(details.jsonl, kind %s; the modules are in repro/)\n",
				c->combos[k].tag, s->flaky, finding_kinds[FK_FLAKY_CRASH].name);
	}
	for (int k = 0; k < c->ncombos; k++) {
		const Stats *s = &c->combos[k].st;
		if (s->infra)
			fprintf(f, "%s: %u infrastructure finding(s), the machine's and not the compiler's; %u function(s) not "
				   "compared (details.jsonl, class %s)\n",
				c->combos[k].tag, s->infra, s->not_run, finding_classes[FC_INFRASTRUCTURE].name);
	}
	link_print(c, f);
	selector_link_print(c, f);
	check_final_print(c, f);
	double final = 0;
	for (int k = 0; k < c->ncombos; k++)
		final += c->combos[k].final.llc_seconds;
	fprintf(f, "wall %.1fs, llc busy %.1fs", wall, llc_seconds(c));
	if (final > 0)
		fprintf(f, " (the final code's %.1fs)", final);
	fprintf(f, " on %u job(s)\n", c->opt.jobs);
}

unsigned exit_status(const Check *c)
{
	unsigned st = c->in.malformed || c->report.write_failed ? EXIT_ERROR : 0;
	if (c->run.llcs_unusable)
		st |= EXIT_INFRA;
	for (int k = 0; k < c->ncombos; k++) {
		const Stats *s = &c->combos[k].st;
		if (s->infra)
			st |= EXIT_INFRA;
		if (s->diverged || s->model_refused || s->calls_diverged)
			st |= EXIT_DIVERGED;
		if (s->llc_refused || s->calls_refused || s->verifier || s->flaky)
			st |= EXIT_CRASHED;
		if (s->mismatches > s->mismatches_explained)
			st |= EXIT_DIVERGED;
		else if (s->mismatches)
			st |= EXIT_KNOWN;
	}
	return st | link_exit_bits(c) | selector_link_exit_bits(c) | check_final_exit_bits(c);
}

static void combos_json(const Check *c, JsonWriter *w)
{
	jw_karray(w, "combos");
	for (int k = 0; k < c->ncombos; k++) {
		const Combo *co = &c->combos[k];
		const Stats *s = &co->st;
		jw_object(w);
		combo_json(w, co);
		jw_kobject(w, "counts");
#define X(name, doc) jw_kuint(w, #name, s->name);
		CHECK_STATS(X)
#undef X
		jw_end(w);
		if (final_code_for(c, co)) {
			const FinalCounts *t = &co->final;
			jw_kobject(w, "final_code");
			jw_kuint(w, "proven", t->proven);
			jw_kuint(w, "violated", t->violated);
			jw_kuint(w, "explained", t->explained);
			jw_kuint(w, "unknown", t->unknown);
			jw_kuint(w, "not_checked", t->skipped);
			jw_kuint(w, "not_compiled", t->llc_failed);
			jw_kuint(w, "refused", t->refused);
			jw_end(w);
		}
		jw_kuint(w, "differ", s->diverged + s->model_refused);
		jw_kfixed(w, "match", percent(s->agree + s->both_refused, s->functions));
		jw_kfixed(w, "calls_match", percent(s->calls_agree + s->calls_both_refused, s->calls));
		jw_kfixed(w, "observed_share", percent(s->observed, s->functions));
		jw_kfixed(w, "calls_observed_share", percent(s->calls_observed, s->calls));
		/* Of the functions llc accepts: all but those it refuses for the
		 * model's own reason about the convention (both refuse). */
		jw_kfixed(w, "accepted_observed_share", percent(s->observed, s->functions - s->both_refused));
		jw_kfixed(w, "calls_accepted_observed_share",
			  percent(s->calls_observed, s->calls - s->calls_both_refused));
		jw_kstring(w, "dvgpr_support", dvgpr_support[cc_chain_dvgpr_support(&co->m)].name);
		jw_kfixed(w, "llc_seconds", s->llc_seconds);
		jw_end(w);
	}
	jw_end(w);
}

static void examples_json(const Check *c, JsonWriter *w)
{
	jw_karray(w, "mismatch_examples");
	for (unsigned k = 0; k < c->report.nexamples; k++) {
		const MismatchExample *e = &c->report.examples[k];
		jw_object(w);
		jw_kstring(w, "combo", e->co->tag);
		jw_kstring(w, "function", c->in.sigs[e->sig]->name);
		jw_kuint(w, "line", c->in.sigs[e->sig]->line);
		jw_kstring(w, "call_site", e->site);
		jw_kstring(w, "message", e->why);
		jw_kstring(w, "explained_by", e->reason[0] ? e->reason : 0);
		jw_end(w);
	}
	jw_end(w);
}

static void summary_json(const Check *c, JsonWriter *w, double wall)
{
	jw_object(w);
	jw_kstring(w, "input", c->in.path);
	jw_kuint(w, "signatures", c->in.nsigs);
	jw_kuint(w, "malformed", c->in.malformed);
	jw_kuint(w, "call_edges", c->in.nedges);
	jw_kstring(w, "layout", c->layout.name);
	jw_kuint(w, "jobs", c->opt.jobs);
	jw_karray(w, "llcs");
	for (int k = 0; k < c->nllcs; k++) {
		jw_object(w);
		jw_kstring(w, "label", c->llcs[k].label);
		jw_kstring(w, "path", c->llcs[k].path);
		jw_kstring(w, "version", c->llcs[k].version);
		jw_kstring(w, "profile", c->llcs[k].profile->name);
		jw_kstring(w, "profile_from", profile_source_names[c->llcs[k].profile_source]);
		jw_end(w);
	}
	jw_end(w);
	jw_karray(w, "cpus");
	for (int k = 0; k < c->opt.ncpus; k++)
		jw_string(w, c->opt.cpus[k]);
	jw_end(w);
	combos_json(c, w);
	examples_json(c, w);
	jw_key(w, "link");
	link_json(c, w);
	jw_key(w, "selector_link");
	selector_link_json(c, w);
	jw_kuint(w, "llcs_unusable", c->run.llcs_unusable);
	jw_kbool(w, "complete", !c->report.write_failed);
	jw_kuint(w, "exit_status", exit_status(c));
	jw_kfixed(w, "wall", wall);
	jw_kfixed(w, "llc_seconds", llc_seconds(c));
	jw_end(w);
	jw_newline(w);
}

/* The file written to name.tmp becomes name once it was written in full. */
static void commit_file(Check *c, const char *name, bool written)
{
	char path[700], tmp[sizeof path + 8];
	snprintf(path, sizeof path, "%s/%s", c->report.dir, name);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if (written && rename(tmp, path) != 0)
		written = false, write_failed(c, path, errno);
	if (!written)
		unlink(tmp);
}

void write_summaries(Check *c, double wall)
{
	char path[700];
	snprintf(path, sizeof path, "%s/summary.txt.tmp", c->report.dir);
	FILE *f = fopen(path, "w");
	if (f)
		print_summary(c, f, wall);
	commit_file(c, "summary.txt", check_fclose(c, f, path));
	/* Last: its "complete" speaks for every file before it. */
	snprintf(path, sizeof path, "%s/summary.json.tmp", c->report.dir);
	JsonWriter w;
	jw_open(&w, path);
	summary_json(c, &w, wall);
	commit_file(c, "summary.json", check_close(c, &w));
}
