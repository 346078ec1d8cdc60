/* check's faults: when llc fails, whether the machine failed or the
 * compiler, and the bookkeeping that keeps a failure from vanishing.
 *
 * The machine: llc cannot be started (missing, not executable, its loader
 * fails), is killed from outside (a signal llc never raises itself), or
 * exits 0 without MIR. That is an infrastructure finding, never bisected
 * into per-function compiler findings; an llc that cannot compile even an
 * empty module is unusable, said once per combination. The final code's
 * runs (check_final.c) are told apart by the same rules.
 * The compiler: every other failure, bisected down to the function. Out of
 * --mem-limit is bisected like a hang, since an llc that compiles an empty
 * module under the limit and needs more for one function does so for that
 * function. A batch out of time or memory is split around the function
 * LLVM's stack dump names (run.c stops llc with SIGXCPU at --timeout), else
 * into single functions; one whose parts are not out of it was too big
 * for the limit (the machine's). A leaf killed by a signal runs once more;
 * a batch whose parts all pass runs once more whole: failing again it
 * crashes only together (its module kept), passing it is not
 * reproducible. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "check.h"

typedef enum { FAULT_NONE, FAULT_START, FAULT_MEMORY, FAULT_KILLED } Fault;

/* Lines of llc's stderr that say the machine failed. */
static const struct {
	const char *text;
	Fault fault;
	const char *what;
} fault_texts[] = {
	{ "cannot run ", FAULT_START, "llc cannot be started" }, /* run.c: execv failed */
	{ "error while loading shared libraries", FAULT_START, "llc's loader fails" },
	{ "LLVM ERROR: out of memory", FAULT_MEMORY, "llc runs out of memory" },
	{ "std::bad_alloc", FAULT_MEMORY, "llc runs out of memory" },
	{ "Cannot allocate memory", FAULT_MEMORY, "llc runs out of memory" },
};

/* Signals llc never raises itself (its crashes are SIGSEGV, SIGABRT,
 * SIGBUS, SIGILL, SIGFPE, SIGTRAP): sent from outside it. gcnabi's own
 * kill at --timeout is a hang, not these. */
static const struct {
	int sig;
	const char *who;
} outside_signals[] = {
	{ SIGKILL, "not by gcnabi (the kernel's out-of-memory killer?)" },
	{ SIGTERM, "from outside llc" },
	{ SIGINT, "from outside llc" },
	{ SIGHUP, "from outside llc" },
};

unsigned batch_functions(const Check *c, const Batch *b)
{
	unsigned n = 0;
	for (unsigned i = 0; b->graph && i < c->in.nsigs; i++)
		n += in_graph_batch(c, b, i);
	return b->graph ? n : b->count;
}

unsigned batch_first(const Check *c, const Batch *b)
{
	for (unsigned i = 0; b->graph && i < c->in.nsigs; i++)
		if (in_graph_batch(c, b, i))
			return i;
	return b->graph ? 0 : c->combos[b->combo].order[b->first];
}

/* An infrastructure finding at the batch's first function; its functions
 * count as not run unless other runs compared them (observed). */
static void infra(Check *c, const Batch *b, FindingKind kind, const char *why, bool observed)
{
	Combo *co = &c->combos[b->combo];
	co->st.infra++;
	if (!observed)
		co->st.not_run += batch_functions(c, b);
	report(c, co, batch_first(c, b), kind, why, 0, 0, 0);
	settle(c, b->parent, true);
}

/* The machine's part in a failed run, why saying what it was. */
static Fault classify(const Check *c, const Combo *co, const Proc *p, const char *err, char *why, size_t cap)
{
	if (access(co->llc->path, X_OK) != 0) {
		snprintf(why, cap, "%s: %s", co->llc->path, strerror(errno));
		return FAULT_START;
	}
	if (p->timed_out)
		return FAULT_NONE;
	char ignored[256];
	size_t len;
	char *text = read_file(err, &len, ignored, sizeof ignored);
	Fault f = FAULT_NONE;
	for (size_t k = 0; text && k < sizeof fault_texts / sizeof fault_texts[0] && !f; k++) {
		const char *at = strstr(text, fault_texts[k].text);
		if (!at)
			continue;
		while (at > text && at[-1] != '\n')
			at--;
		f = fault_texts[k].fault;
		snprintf(why, cap, "%s: %.*s", fault_texts[k].what, (int)strcspn(at, "\n"), at);
	}
	free(text);
	if (f == FAULT_NONE && !p->sig && (p->status == 126 || p->status == 127)) {
		/* The shell's and the loader's "cannot execute" / "not found"; llc
		 * itself exits 1 on an error. */
		char *line = first_error_line(err);
		snprintf(why, cap, "llc exited %d (cannot execute or not found): %s", p->status, line ? line : "?");
		free(line);
		f = FAULT_START;
	}
	for (size_t k = 0; f == FAULT_NONE && p->sig && k < sizeof outside_signals / sizeof outside_signals[0]; k++)
		if (p->sig == outside_signals[k].sig) {
			char name[32];
			snprintf(why, cap, "llc was killed by %s, %s", proc_signal_name(p->sig, name, sizeof name),
				 outside_signals[k].who);
			f = FAULT_KILLED;
		}
	size_t n = strlen(why);
	if (f != FAULT_NONE && f != FAULT_KILLED && c->opt.mem_mb)
		snprintf(why + n, cap - n, " (--mem-limit %u MB)", c->opt.mem_mb);
	return f;
}

/* Whether llc compiles an empty module as the run did (limits, target,
 * output): if it cannot, nothing of the combination can be compiled. */
static bool probe_ok(Check *c, const Combo *co, LlcOutput what, char *why, size_t cap)
{
	char ll[600], out[600], err[600], cpu_arg[64], mattr[64];
	bool ok = empty_module(c, "probe", ll, out, err, sizeof ll);
	char *argv[LLC_ARGV_MAX];
	llc_argv(co, what, true, ll, out, argv, cpu_arg, mattr);
	Proc p;
	if (ok && proc_start(&p, argv, out, err, c->opt.mem_mb) && proc_wait_any(&p, 1, c->opt.timeout) == 0)
		ok = p.status == 0 && !p.timed_out;
	else
		ok = false;
	if (!ok) {
		/* The probe's failure words the finding; its llc_failure stays
		 * the unit's run's. */
		LlcFailure run = c->report.failure;
		char *line = failure_line(c, &p, err);
		snprintf(why, cap, "%s", line ? line : "?");
		free(line);
		c->report.failure = run;
	}
	unlink(ll);
	unlink(out);
	unlink(err);
	return ok;
}

FindingKind machine_fault_kind(Check *c, Combo *co, LlcOutput what, const Proc *p, const char *err,
				bool *out_of_memory, char *text, size_t cap)
{
	char why[600], probe[300];
	Fault f = classify(c, co, p, err, why, sizeof why);
	*out_of_memory = false;
	if (f == FAULT_NONE && !p->timed_out && !p->sig && !(co->probed_ok & 1u << what)) {
		/* An llc that exits with an error on an empty module as it did
		 * here (a broken install, a wrapper that fails on everything) is
		 * the machine's, whatever it says: asked once per combination.
		 * (Signals have their own rules: a leaf runs once more.) */
		if (probe_ok(c, co, what, probe, sizeof probe)) {
			co->probed_ok |= (uint8_t)(1u << what);
			return FK_COUNT;
		}
		char *line = first_error_line(err);
		snprintf(text, cap, "%s; on an empty module too: %s; nothing more of %s is compiled", line ? line : "?",
			 probe, co->tag);
		free(line);
		return FK_LLC_UNUSABLE;
	}
	if (f == FAULT_NONE)
		return FK_COUNT;
	bool usable = f != FAULT_START && probe_ok(c, co, what, probe, sizeof probe);
	if (f == FAULT_MEMORY && usable)
		return *out_of_memory = true, FK_COUNT; /* the input's: bisected */
	if (!usable) {
		snprintf(text, cap, "%s%s%s; nothing more of %s is compiled", why,
			 f == FAULT_START ? "" : "; on an empty module too: ", f == FAULT_START ? "" : probe, co->tag);
		return FK_LLC_UNUSABLE;
	}
	snprintf(text, cap, "%s; not bisected (llc compiles an empty module under the same limits)", why);
	return FK_LLC_STOPPED;
}

bool machine_fault(Check *c, const Batch *b, const Proc *p, const char *err, bool *out_of_memory)
{
	Combo *co = &c->combos[b->combo];
	char text[1100];
	FindingKind k = machine_fault_kind(c, co, b->kernel ? LLC_KERNEL_ASM : LLC_MIR, p, err, out_of_memory, text,
					   sizeof text);
	if (k == FK_COUNT)
		return false;
	co->unusable |= k == FK_LLC_UNUSABLE;
	infra(c, b, k, text, false);
	return true;
}

void out_of_memory_line(Check *c, const char *line, char *text, size_t cap)
{
	c->report.failure.limit = "memory";
	snprintf(text, cap, "%s, under --mem-limit %u MB (an empty module compiles under it)", line, c->opt.mem_mb);
}

char *failure_line(Check *c, const Proc *p, const char *err)
{
	char text[400], name[32];
	LlcFailure *fail = &c->report.failure;
	*fail = (LlcFailure){ .set = true };
	if (p->timed_out) {
		fail->limit = "timeout";
		snprintf(text, sizeof text, "ran past --timeout %gs: stopped with SIGXCPU, its process group killed", c->opt.timeout);
		return strdup(text);
	}
	char *line = first_error_line(err);
	bool own = line && strcmp(line, "llc failed without a message") != 0;
	snprintf(fail->error, sizeof fail->error, "%s", own ? line : "");
	if (!line || !p->sig)
		return line;
	const char *sig = proc_signal_name(p->sig, name, sizeof name);
	snprintf(fail->signal, sizeof fail->signal, "%s", sig);
	if (!own)
		snprintf(text, sizeof text, "killed by %s without a message", sig);
	else
		snprintf(text, sizeof text, "%s (killed by %s)", line, sig);
	free(line);
	return strdup(text);
}

/* The signature of check's input a function of the module stands for:
 * gcnabi emit names it gcnabi.<i>.fn and its caller gcnabi.<i>.caller
 * (else by its own name). */
int input_sig(const Check *c, const char *name)
{
	unsigned i;
	int end = 0;
	static const char *const forms[] = { "gcnabi.%u.caller%n", "gcnabi.%u.fn%n" };
	for (unsigned f = 0; f < 2; f++) {
		end = 0;
		if (sscanf(name, forms[f], &i, &end) == 1 && end && !name[end] && i < c->in.nsigs)
			return (int)i;
	}
	for (unsigned k = 0; k < c->in.nsigs; k++)
		if (strcmp(c->in.sigs[k]->name, name) == 0)
			return (int)k;
	return -1;
}

/* The functions llc's errors name: "in function: NAME)", "in function
 * NAME ", the machine verifier's "- function:    NAME", and the stack dump
 * LLVM prints on a crash or on SIGXCPU at --timeout ("on function
 * '@NAME'"). llc goes on after an error it reports (an illegal copy): one
 * run may name several. */
void errors_name(const Check *c, const char *err_path, bool (*each)(void *ctx, int sig, const char *name), void *ctx)
{
	char why[256], name[256];
	size_t len = 0;
	char *err = read_file(err_path, &len, why, sizeof why);
	static const char *const marks[] = { "in function: ", "in function ", "- function:", "on function '@" };
	bool more = err != 0;
	for (unsigned m = 0; more && m < sizeof marks / sizeof marks[0]; m++)
		for (const char *q = strstr(err, marks[m]); more && q; q = strstr(q + 1, marks[m])) {
			q += strlen(marks[m]);
			q += strspn(q, " ");
			size_t n = strcspn(q, " )'\n");
			if (!n || n >= sizeof name)
				continue;
			memcpy(name, q, n);
			name[n] = 0;
			int i = input_sig(c, name);
			if (i >= 0)
				more = each(ctx, i, name);
		}
	free(err);
}

/* A new split of b, waiting for `pending` runs; its 1-based index. */
static unsigned new_split(Check *c, const Batch *b, unsigned pending, bool retrying, const char *err_line)
{
	CheckRun *r = &c->run;
	if (r->nsplits == r->capsplits) {
		unsigned cap = r->capsplits ? r->capsplits * 2 : 64;
		Split *s = realloc(r->splits, cap * sizeof *s);
		if (!s) {
			fprintf(stderr, "gcnabi check: out of memory bisecting a batch\n");
			exit(EXIT_ERROR);
		}
		r->splits = s;
		r->capsplits = cap;
	}
	Split *s = &r->splits[r->nsplits++];
	*s = (Split){ .node = { .parent = b->parent, .pending = pending, .retrying = retrying }, .whole = *b };
	s->whole.retry = false;
	snprintf(s->error, sizeof s->error, "%s", err_line);
	return r->nsplits;
}

void split_batch(Check *c, const Batch *b, const char *err_line)
{
	Batch half = *b;
	half.parent = new_split(c, b, 2, false, err_line);
	push_halves(c, &half);
}

void split_each(Check *c, const Batch *b, const char *err_line)
{
	Batch one = *b;
	one.parent = new_split(c, b, b->count, false, err_line);
	one.fresh = false;
	one.count = 1;
	for (unsigned k = b->count; k-- > 0;) {
		one.first = b->first + k;
		push_batch(c, one);
	}
}

/* The positions of a batch llc's errors name. */
typedef struct {
	const Check *c;
	const Batch *b;
	bool *hit;
	bool any;
} BatchNames;

static bool named_in_batch(void *ctx, int sig, const char *name)
{
	(void)name;
	BatchNames *n = ctx;
	const Combo *co = &n->c->combos[n->b->combo];
	for (unsigned k = 0; k < n->b->count; k++)
		if (co->order[n->b->first + k] == (unsigned)sig)
			n->hit[k] = n->any = true;
	return true;
}

bool split_named(Check *c, const Batch *b, const char *err, const char *err_line)
{
	if (b->graph || b->count < 2)
		return false;
	bool *hit = calloc(b->count, sizeof *hit);
	if (!hit) {
		fprintf(stderr, "gcnabi check: out of memory bisecting a batch\n");
		exit(EXIT_ERROR);
	}
	BatchNames n = { c, b, hit, false };
	errors_name(c, err, named_in_batch, &n);
	if (n.any) {
		/* Each named function a part of its own, each run of functions
		 * between them a part. */
		unsigned parts = 0;
		for (unsigned k = 0; k < b->count; k++)
			parts += hit[k] || k == 0 || hit[k - 1];
		Batch part = *b;
		part.parent = new_split(c, b, parts, false, err_line);
		part.fresh = false;
		/* Last part first: the stack runs the first part first. */
		for (unsigned end = b->count; end > 0;) {
			unsigned start = end - 1;
			while (!hit[start] && start > 0 && !hit[start - 1])
				start--;
			part.first = b->first + start;
			part.count = end - start;
			push_batch(c, part);
			end = start;
		}
	}
	free(hit);
	return n.any;
}

void retry_leaf(Check *c, const Batch *b, const char *err_line)
{
	Batch again = *b;
	again.parent = new_split(c, b, 1, true, err_line);
	again.retry = true;
	again.fresh = false;
	push_batch(c, again);
}

unsigned split_settle(void *splits, size_t stride, unsigned parent, bool failed)
{
	while (parent) {
		SplitNode *s = (SplitNode *)((char *)splits + (parent - 1) * stride);
		s->found |= failed;
		if (--s->pending)
			return 0;
		if (!s->found && !s->retrying) {
			/* Every part passed: the whole once more. */
			s->retrying = true;
			s->pending = 1;
			return parent;
		}
		/* Accounted for: a part failed, or the second run was reported. */
		failed = true;
		parent = s->parent;
	}
	return 0;
}

void settle(Check *c, unsigned parent, bool failed)
{
	unsigned again = split_settle(c->run.splits, sizeof *c->run.splits, parent, failed);
	if (again) {
		Batch whole = c->run.splits[again - 1].whole;
		whole.retry = true;
		whole.fresh = false;
		whole.parent = again;
		push_batch(c, whole);
	}
}

void whole_failed_again(Check *c, const Batch *b, const Proc *p, const char *ll, const char *err, bool out_of_memory)
{
	Combo *co = &c->combos[b->combo];
	unsigned n = batch_functions(c, b);
	char text[1400], path[700];
	/* Out of time or memory together, not apart: the limit is too small
	 * for the batch. */
	char limit[64] = "";
	if (p->timed_out)
		snprintf(limit, sizeof limit, "ran past --timeout %gs", c->opt.timeout);
	else if (out_of_memory)
		snprintf(limit, sizeof limit, "ran out of --mem-limit %u MB", c->opt.mem_mb);
	if (limit[0]) {
		snprintf(text, sizeof text, "%u functions together %s twice, none of its parts did: the limit is too small "
			 "for the batch", n, limit);
		infra(c, b, FK_LLC_STOPPED, text, true);
		return;
	}
	char *line = failure_line(c, p, err);
	keep_module(c, co, b->kernel, FK_CRASHES_TOGETHER, ll, c->run.batch_serial, path, sizeof path);
	snprintf(text, sizeof text, "llc fails on %u functions together, on none of its parts: %s (module: %s)", n,
		 line ? line : "?", path[0] ? path : "not kept");
	free(line);
	co->st.llc_refused++;
	c->report.module = path[0] ? path : 0;
	report(c, co, batch_first(c, b), FK_CRASHES_TOGETHER, text, 0, 0, 0);
	c->report.module = 0;
	settle(c, b->parent, true);
}

void retry_passed(Check *c, const Batch *b, const char *ll)
{
	const Split *s = &c->run.splits[b->parent - 1];
	Combo *co = &c->combos[b->combo];
	char text[1400], path[700];
	unsigned n = batch_functions(c, b);
	/* llc's own stack dump ("crash in 'PASS'") says the fault was in
	 * llc's code, not a signal from outside: a compiler crash that does
	 * not happen on every run. Either way the module is kept: whether llc
	 * fails on it again is for a person to find out. */
	FindingKind kind = strstr(s->error, CRASH_PREFIX) ? FK_FLAKY_CRASH : FK_NOT_REPRODUCIBLE;
	keep_module(c, co, b->kernel, kind, ll, c->run.batch_serial, path, sizeof path);
	if (b->count > 1)
		snprintf(text, sizeof text, "llc failed on %u functions together (%s) and compiled them when run again, "
			 "as it compiles each of its parts (module: %s)", n, s->error, path[0] ? path : "not kept");
	else
		snprintf(text, sizeof text, "llc failed once (%s) and compiled it when run again: the results are the "
			 "second run's (module: %s)", s->error, path[0] ? path : "not kept");
	c->report.module = path[0] ? path : 0;
	if (kind == FK_FLAKY_CRASH) {
		co->st.flaky++;
		report(c, co, batch_first(c, b), kind, text, 0, 0, 0);
		settle(c, b->parent, true);
	} else {
		infra(c, b, kind, text, true);
	}
	c->report.module = 0;
}

void bad_output(Check *c, const Batch *b, const char *why)
{
	infra(c, b, FK_BAD_OUTPUT, why, false);
}

void batch_dropped(Check *c, const Batch *b)
{
	c->combos[b->combo].st.not_run += batch_functions(c, b);
	settle(c, b->parent, true);
}
