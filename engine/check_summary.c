/* What check prints and writes at the end of a run: the table and the
 * summary of every combination (summary.txt, stdout), summary.json, the
 * exit status; each part asks its stage (final code, link matrices, llc
 * profiles) for its own lines. The files themselves are described in
 * check_report.c. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "version.h"
#include "io.h"
#include "check.h"

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
	if (c->in.as_written) {
		const ModuleCalls *m = &c->in.calls_left;
		unsigned defines = 0;
		for (unsigned i = 0; i < c->in.nsigs; i++)
			defines += c->in.sigs[i]->is_define;
		fprintf(f, "  as written: %u defines, %u direct calls judged; not judged: %u calls through pointers, %u "
			   "chain calls, %u calls to functions not read, %u calls with other ABI attributes than the callee's, "
			   "%u headers gcnabi cannot read\n",
			defines, c->in.nedges, m->through_pointer, m->chain, m->unknown, m->attrs_differ, c->in.unread);
		if (c->in.cov)
			fprintf(f, "  as written: code object version %u (the module's flag)\n", c->in.cov);
	}
	if (c->opt.nllc_options) {
		fprintf(f, "  llc options (every run, not modelled):");
		for (unsigned k = 0; k < c->opt.nllc_options; k++)
			fprintf(f, " %s", c->opt.llc_options[k]);
		fprintf(f, "\n");
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
	/* as written, a module no llc read compared nothing: no pass */
	bool compared = false;
	for (int k = 0; k < c->ncombos; k++)
		compared |= c->combos[k].st.functions + c->combos[k].st.calls > 0;
	if (c->in.as_written && !compared)
		st |= EXIT_INCOMPLETE;
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
			jw_kuint(w, "body_refused", t->body_refused);
			jw_kuint(w, "not_sampled", t->not_sampled);
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
	jw_kstring(w, "gcnabi_version", GCNABI_VERSION);
	jw_kstring(w, "input", c->in.path);
	jw_kuint(w, "signatures", c->in.nsigs);
	jw_kuint(w, "malformed", c->in.malformed);
	jw_kuint(w, "call_edges", c->in.nedges);
	if (c->in.as_written) {
		jw_kobject(w, "as_written");
		jw_kuint(w, "calls_through_pointers", c->in.calls_left.through_pointer);
		jw_kuint(w, "chain_calls", c->in.calls_left.chain);
		jw_kuint(w, "calls_to_unread", c->in.calls_left.unknown);
		jw_kuint(w, "calls_attrs_differ", c->in.calls_left.attrs_differ);
		jw_kuint(w, "code_object_version", c->in.cov);
		jw_kuint(w, "headers_unread", c->in.unread);
		jw_end(w);
	}
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
	FILE *f = fopen_fresh(path);
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
