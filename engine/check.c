/* `gcnabi check`: the end-to-end loop. For every llc, CPU and selector:
 * emit the signatures as IR in batches, run llc (several at once, each with
 * a time and memory limit), observe its MIR, and compare every function's
 * incoming placement and every call site's outgoing placement with the
 * model under that llc's profile. A batch llc fails on is bisected down to
 * the function responsible. Besides model-vs-llc divergences it reports
 * where llc's caller and callee disagree with each other, and which profile
 * switch explains that. The stages are in check_*.c (check.h). */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int collect_sig(void *ctx, const Sig *sig, const SigError *err)
{
	CheckInput *in = ctx;
	if (err && in->as_written) {
		/* llc reads it: a header gcnabi cannot read leaves its function unjudged */
		in->unread++;
		fprintf(stderr, "%s:%u:%u: note: not judged, gcnabi cannot read this header: %s%s%s\n", in->path, err->line,
			err->col, err->msg, err->function[0] ? " in @" : "", err->function);
		return 0;
	}
	if (err) {
		in->malformed++;
		return 0;
	}
	/* an intrinsic's declaration is not a function of the module's ABI */
	if (in->as_written && !sig->is_define && strncmp(sig->name, "llvm.", 5) == 0)
		return 0;
	if (!sig_list_append(&in->sigs, &in->nsigs, sig)) {
		fprintf(stderr, "gcnabi check: out of memory after %u signatures\n", in->nsigs);
		return 1;
	}
	return 0;
}

static bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* The next word of s[*i, n): its length (0 at the end), *w its start. */
static size_t next_word(const char *s, size_t n, size_t *i, const char **w)
{
	while (*i < n && blank(s[*i]))
		(*i)++;
	size_t start = *i;
	while (*i < n && !blank(s[*i]))
		(*i)++;
	*w = s + start;
	return *i - start;
}

/* Two options lines say the same: the same words in the same order. */
static bool same_options(const char *a, size_t alen, const char *b, size_t blen)
{
	for (size_t i = 0, j = 0;;) {
		const char *wa, *wb;
		size_t la = next_word(a, alen, &i, &wa), lb = next_word(b, blen, &j, &wb);
		if (la != lb || memcmp(wa, wb, la) != 0)
			return false;
		if (!la)
			return true;
	}
}

/* `; gcnabi-llc-options: OPT...` lines of the input: llc options for this
 * input, after --llc-option's; a refused one is FILE:LINE:COL: error. The
 * options are the whole input's: a line that says other than the first is
 * an error (gcnabi gen writes one per call graph; gcnabi-run gives graphs
 * of other options units of their own). */
static bool input_llc_options(Check *c, const char *text, size_t len)
{
	static const char mark[] = "; gcnabi-llc-options:";
	bool ok = true;
	unsigned line = 1, first_line = 0;
	const char *first = 0;
	size_t first_len = 0;
	for (size_t at = 0; at < len; line++) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;
		bool marked = end - at >= sizeof mark - 1 && memcmp(text + at, mark, sizeof mark - 1) == 0;
		const char *opts = text + at + sizeof mark - 1;
		size_t opts_len = marked ? end - (at + sizeof mark - 1) : 0;
		if (marked && first) {
			if (!same_options(first, first_len, opts, opts_len)) {
				fprintf(stderr, "%s:%u:1: error: llc options other than line %u's: an input's options are "
						"the whole input's (put functions of other options in a file of their own)\n",
					c->in.path, line, first_line);
				ok = false;
			}
			marked = false; /* said once */
		} else if (marked) {
			first = opts;
			first_len = opts_len;
			first_line = line;
		}
		const char *w;
		for (size_t p = 0, n; marked && (n = next_word(opts, opts_len, &p, &w)) != 0;) {
			char why[300];
			if (!llc_option_add(&c->opt, w, n, why, sizeof why)) {
				fprintf(stderr, "%s:%u:%zu: error: %s\n", c->in.path, line, (size_t)(w - (text + at)) + 1, why);
				ok = false;
			}
		}
		at = end + 1;
	}
	return ok;
}

/* `; gcnabi-triple: T` lines: the triple of the input's functions but
 * kernels, over --triple's (gcnabi gen writes one for a call graph of
 * another triple; gcnabi-run gives graphs of other triples units of their
 * own). A triple check does not take, or a line that says other than the
 * first, is FILE:LINE:COL: error. */
static bool input_triple(Check *c, const char *text, size_t len)
{
	static const char mark[] = "; gcnabi-triple:";
	bool ok = true;
	unsigned line = 1, first_line = 0;
	TargetOs first = OS_COUNT;
	for (size_t at = 0; at < len; line++) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;
		if (end - at >= sizeof mark - 1 && memcmp(text + at, mark, sizeof mark - 1) == 0) {
			const char *rest = text + at + sizeof mark - 1, *w, *more;
			size_t rest_len = end - (at + sizeof mark - 1), p = 0, n = next_word(rest, rest_len, &p, &w), q = p;
			char t[64];
			TargetOs os = OS_COUNT;
			snprintf(t, sizeof t, "%.*s", (int)(n < sizeof t ? n : 0), w);
			if (!n || n >= sizeof t || !target_os_parse(t, &os) || next_word(rest, rest_len, &q, &more)) {
				fprintf(stderr, "%s:%u:%zu: error: triple '%.*s': check takes amdgcn-amd-amdpal, "
						"amdgcn-mesa-mesa3d, amdgcn-- or amdgcn-amd-amdhsa, one per line\n",
					c->in.path, line, (size_t)(w - (text + at)) + 1, (int)(rest_len - (size_t)(w - rest)), w);
				ok = false;
			} else if (first != OS_COUNT && os != first) {
				fprintf(stderr, "%s:%u:1: error: a triple other than line %u's: an input's triple is the whole "
						"input's (put functions of another triple in a file of their own)\n",
					c->in.path, line, first_line);
				ok = false;
			} else if (first == OS_COUNT) {
				first = os;
				first_line = line;
				c->opt.os = os;
			}
		}
		at = end + 1;
	}
	return ok;
}

/* The signatures and, for a call graph, its edges and components; 0 or an
 * exit status after a message. */
static int read_input(Check *c)
{
	CheckInput *in = &c->in;
	char err[600];
	size_t len;
	char *text = read_file(in->path, &len, err, sizeof err);
	if (!text) {
		fprintf(stderr, "gcnabi check: %s\n", err);
		return EXIT_ERROR;
	}
	in->as_written = c->opt.as_written;
	sig_read(in->path, text, len, !in->as_written, collect_sig, in);
	bool ok;
	if (in->as_written) {
		ok = module_call_edges(text, len, in->sigs, in->nsigs, &in->edges, &in->nedges, &in->calls_left);
		if (!ok)
			fprintf(stderr, "gcnabi check: out of memory reading the calls of %s\n", in->path);
	} else if (!(ok = graph_edges_parse(text, len, in->sigs, in->nsigs, &in->edges, &in->nedges, err, sizeof err)))
		fprintf(stderr, "%s:%s\n", in->path, err);
	bool opts_ok = input_llc_options(c, text, len);
	opts_ok &= input_triple(c, text, len);
	if (in->as_written) {
		in->text = text;
		in->len = len;
		/* the module's code object version: `!"amdhsa_code_object_version", i32 N` */
		const char *flag = memmem(text, len, "\"amdhsa_code_object_version\", i32 ", 34);
		if (flag)
			in->cov = (unsigned)strtoul(flag + 34, 0, 10);
	} else
		free(text);
	in->graph = in->nedges || in->as_written;
	/* Bad input is an error before any llc runs. */
	if (!ok || !opts_ok || in->malformed)
		return EXIT_ERROR;
	if (in->graph) {
		in->component = malloc((in->nsigs ? in->nsigs : 1) * sizeof *in->component);
		if (!in->component) {
			fprintf(stderr, "gcnabi check: out of memory after reading %s\n", in->path);
			return EXIT_ERROR;
		}
		in->ncomponents = graph_components(in->nsigs, in->edges, in->nedges, in->component);
		/* as written, the module is one: it is compiled whole or not at all */
		for (unsigned i = 0; in->as_written && i < in->nsigs; i++)
			in->component[i] = 0;
		if (in->as_written)
			in->ncomponents = in->nsigs ? 1 : 0;
	}
	/* -mattr=+enable-flat-scratch changes a kernel's user SGPRs in ways
	 * that differ between llc versions (measured 14-22): the model does
	 * not know them, so check does not guess. */
	bool flat_scratch = llc_options_flat_scratch(&c->opt) == 1;
	for (unsigned i = 0; i < in->nsigs && flat_scratch; i++)
		if (conv_in_family((CallConv)in->sigs[i]->cc, FAMILY_KERNEL)) {
			fprintf(stderr, "%s:%u: error: @%s is a kernel: the model does not know a kernel's user SGPRs under "
					"-mattr=+enable-flat-scratch (check kernels without it)\n", in->path, in->sigs[i]->line,
				in->sigs[i]->name);
			return EXIT_USAGE;
		}
	if (in->as_written && !in->nsigs) {
		fprintf(stderr, "gcnabi check: %s: no function gcnabi can read\n", in->path);
		return EXIT_ERROR;
	}
	if (in->graph && !c->opt.callers) {
		fprintf(stderr, "gcnabi check: %s is a call graph: --no-caller does not apply\n", in->path);
		return EXIT_USAGE;
	}
	return 0;
}

/* Every file check writes as it goes, closed; a failed write is reported. */
static void close_outputs(Check *c)
{
	check_close(c, &c->report.details);
	check_close(c, &c->report.findings);
	for (int k = 0; k < c->ncombos; k++) {
		check_close(c, &c->combos[k].seen_callee);
		check_close(c, &c->combos[k].seen_caller);
	}
}

void check_free(Check *c)
{
	unsigned ncall = c->in.graph ? c->in.nedges : c->in.nsigs;
	for (unsigned i = 0; i < c->in.nsigs; i++)
		free(c->in.sigs[i]);
	/* Past ncombos too: a combination whose planning failed. */
	for (int k = 0; c->combos && k < c->nllcs * c->opt.ncpus * 2; k++) {
		Combo *co = &c->combos[k];
		for (unsigned i = 0; co->kept_callee && i < c->in.nsigs; i++)
			free(co->kept_callee[i]);
		for (unsigned i = 0; co->kept_call && i < ncall; i++)
			free(co->kept_call[i]);
		free(co->kept_callee);
		free(co->kept_call);
		jw_close(&co->seen_callee);
		jw_close(&co->seen_caller);
		free(co->in_graph);
		free(co->order);
		free(co->unwritten);
		free(co->mir_failed);
	}
	for (unsigned k = 0; k < c->report.nexamples; k++)
		free(c->report.examples[k].site);
	jw_close(&c->report.details);
	jw_close(&c->report.findings);
	free(c->link);
	free(c->sel_link);
	free(c->in.edges);
	free(c->in.text);
	free(c->in.component);
	free(c->in.sigs);
	free(c->combos);
	free(c->run.queue);
	free(c->run.splits);
	slots_close(&c->opt.slots);
	free(c->model);
	free(c->model_caller);
	free(c->seen_view);
	free(c);
}

int check_execute(Check *c, const char *path, double *wall_out)
{
	int rc;
	/* llc first: gcnabi's own work (emitting, reading MIR, comparing) runs
	 * at a lower priority, on the CPU time llc leaves, while the llc it
	 * starts keep the priority gcnabi was given. */
	proc_launcher_start(19);
	c->in.path = path;
	char err[600];
	if (!layout_load(c->opt.layout, &c->layout, err, sizeof err)) {
		fprintf(stderr, "gcnabi check: %s\n", err);
		return EXIT_ERROR;
	}
	if (c->opt.ncpus == 0)
		c->opt.ncpus = (int)target_defaults(TARGET_DEFAULT_CHECK, c->opt.cpus, MAX_CPUS);
	if ((rc = read_input(c)))
		return rc;
	if (!check_open_reports(c) || !check_make_tmp(c))
		return EXIT_ERROR;
	rc = check_llcs(c);
	if (!rc)
		rc = check_plan(c);
	double t0 = now_seconds();
	if (!rc)
		rc = final_begin(c) ? check_run(c) : EXIT_ERROR;
	final_end(c);
	if (!rc) {
		link_matrix(c);
		selector_link(c);
	}
	*wall_out = now_seconds() - t0;
	close_outputs(c);
	check_remove_tmp(c);
	return rc;
}
