/* `gcnabi check`, one stage per file: the llc (check_llc.c, llc_messages.c),
 * batches planned (check_plan.c) and run (check_run.c), faults and retries
 * (check_fault.c), MIR read (check_observe.c) and judged (check_judge.c),
 * link matrices (check_link.c), files and findings (check_report.c), the
 * summary (check_summary.c); check.c drives, cli/check_options.c parses. */
#ifndef GCNABI_CHECK_H
#define GCNABI_CHECK_H

#include <string.h>

#include "ab.h"
#include "emit.h"
#include "finding.h"
#include "wording.h"
#include "observe.h"
#include "judge.h"
#include "jsonw.h"
#include "run.h"

enum { MAX_LLCS = 16, LLC_LABEL_MAX = 48, MAX_CPUS = 16, MAX_JOBS = 64, REPROS_PER_COMBO = 25, MISMATCH_EXAMPLES = 4 };
/* --llc-option: how many, how long each; an llc command line's words at most */
enum { MAX_LLC_OPTIONS = 8, LLC_OPTION_MAX = 160, LLC_ARGV_MAX = 16 + MAX_LLC_OPTIONS };

/* Model against llc: parts of one argument as a set (the observer cannot
 * always order them), and parts llc does not use are a finding of their
 * own. A caller may write more parts than its callee reads. */
enum {
	MODEL_VS_LLC = JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD,
	CALLER_VS_CALLEE = JUDGE_UNORDERED | JUDGE_ALLOW_UNREAD | JUDGE_CALLER_COVERS | JUDGE_STACK_POOLED,
	/* a call site's placement as the observer reads it: against the model */
	MODEL_VS_LLC_CALLER = MODEL_VS_LLC | JUDGE_STACK_POOLED,
};

/* How an llc got its profile. */
typedef enum { PROFILE_OF_VERSION, PROFILE_NEAREST_OLDER, PROFILE_BY_OPTION } ProfileSource;
/* summary.json's "profile_from" and summary.txt's words for it */
extern const char *const profile_source_names[], *const profile_source_texts[];

typedef struct {
	/* its name in every combination, file, row and header: --llc NAME=PATH,
	 * else llvm-<version> ("llvm-22.1.8"), "-2", "-3" added when two are equal */
	char label[LLC_LABEL_MAX];
	bool label_given;
	char path[512];
	char version[128];
	/* --llc-version: the caller has run `llc --version` already */
	char given_version[128];
	const Profile *forced; /* --profile LABEL=P */
	const Profile *profile;
	ProfileSource profile_source;
	Profile own; /* the profile with --switch overrides applied */
	bool final_dag, final_gisel; /* --final-code: the selectors whose final code is checked */
	/* --llc-option: this llc says it ignores the enable-flat-scratch
	 * feature ("is not a recognized feature": llc 14), so the model does too */
	bool ignores_flat_scratch;
} Llc;

/* --final-code: the verdicts on one combination's final code. llc_failed:
 * functions not compiled to final code, whatever the reason (the MIR pass
 * failed on them, the machine, llc); refused: of the final code's own
 * failures, the final-code-refused findings (functions or graphs);
 * llc_seconds: llc's time on the final code (in Stats.llc_seconds too). */
typedef struct {
	unsigned proven, violated, explained, unknown, skipped, llc_failed, refused;
	unsigned body_refused; /* final-code-body-refused notes (not in refused) */
	unsigned not_sampled; /* what --final-code-sample leaves out, in no other count: signatures (as llc_failed counts them), a call graph's functions */
	double llc_seconds;
	bool unusable; /* llc-unusable in the final code: the rest of it is not compiled */
} FinalCounts;

/* X(counter, meaning): the counts of one combination, in the summary. */
#define CHECK_STATS(X) \
	X(functions, "functions compared as callees") \
	X(agree, "of them, placed as the model places them") \
	X(observed, "of them, compiled and read back from llc's MIR: their ABI was observed") \
	X(diverged, "placed otherwise, or not observed") \
	X(llc_refused, "llc failed where the model places the function") \
	X(both_refused, "llc failed and the model refuses too, for the same class of reason about the convention") \
	X(body_refused, "llc cannot select what the function does with a value, as the model predicts: not observed") \
	X(model_refused, "llc compiled what the model refuses") \
	X(not_emitted, "not compiled: this llc's IR cannot express it (call graphs: left out)") \
	X(calls, "call sites compared") \
	X(calls_agree, "of them, placed as the model places them") \
	X(calls_observed, "of them, compiled and read back from llc's MIR") \
	X(calls_diverged, "placed otherwise, not observed, or a wrong dynamic VGPR count") \
	X(calls_refused, "llc failed on the call where the model places it") \
	X(calls_both_refused, "llc failed on the call and the model refuses too, for the same class of reason") \
	X(calls_body_refused, "llc cannot select what the call does with a value, as the model predicts: not observed") \
	X(calls_gone, "--as-written: direct calls of the input that llc's code does not make (removed as dead): not compared") \
	X(mismatches, "call sites where llc's caller and callee disagree") \
	X(mismatches_explained, "of them, explained by a profile switch") \
	X(unread, "agreements in which llc leaves parts the ABI assigns unread, unwritten or undefined") \
	X(dvgpr_calls, "dynamic-VGPR chain calls") \
	X(dvgpr_lost, "of them, losing argument VGPRs") \
	X(verifier, "functions (call graphs: graphs) whose machine code the verifier rejects; run again without it, their ABI is observed") \
	X(flaky, "modules on which llc crashed once (its own stack dump) and that it compiled when run again: nondeterministic crashes") \
	X(repros, "reproducers written") \
	X(infra, "infrastructure findings: the machine failed, not the compiler") \
	X(not_run, "functions not compared because of them")

typedef struct {
#define X(name, doc) unsigned name;
	CHECK_STATS(X)
#undef X
	double llc_seconds;
} Stats;

/* One llc, CPU and selector. */
typedef struct {
	const Llc *llc;
	const char *cpu;
	Selector sel;
	ModelConfig m;
	Stats st;
	char tag[96]; /* llvm22-gfx1030-dag */
	char triple_arg[48]; /* -mtriple=... for the non-kernel functions (--triple) */
	const char (*llc_options)[LLC_OPTION_MAX]; /* CheckOptions.llc_options, on every llc run */
	unsigned nllc_options;
	bool as_written; /* the input module compiled as it is: part of every finding's command */
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
	bool unusable; /* llc-unusable was reported: the rest of its batches are not run */
	uint8_t probed_ok; /* bit LlcOutput: llc compiled an empty module for that output */
	bool *in_graph; /* call-graph input: the functions the module holds */
	JsonWriter seen_callee, seen_caller; /* --placements: what llc did, one JSON line per function */
	FinalCounts final; /* --final-code */
	/* The callees (signatures) whose call sites llc leaves parts of
	 * unwritten or undefined (the MIR pass's notes, which name the first
	 * such argument only): they explain the same fault in the final code. */
	unsigned *unwritten;
	unsigned nunwritten;
	/* The functions llc failed on in the MIR pass (call graphs: those of
	 * the graphs it failed on; NULL: none), which the final code leaves out (with the verifier after
	 * every pass, llc 14-16 GlobalISel would fail again on each). */
	bool *mir_failed;
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
	bool retry; /* the second run of a batch that failed (check_fault.c) */
	/* run without -verify-machineinstrs: the machine verifier rejected this
	 * function (verifier-error); its ABI is observed all the same */
	bool unverified;
	unsigned parent; /* 1 + the index of the Split it settles, 0: none */
} Batch;

/* A failed run of several functions waiting for its parts (or its second
 * run) to settle. Parts that fail account for it; when none does, it is
 * run once more whole: failing again it crashes only together, passing it
 * is not reproducible. Nothing is dropped. The first member of the MIR
 * pass's Split and the final code's FinalSplit. */
typedef struct {
	unsigned parent;  /* 1 + the index of the split it is a part of, 0: none */
	unsigned pending; /* runs not yet settled */
	bool found;       /* one of them reported a finding */
	bool retrying;    /* the pending run is the second run of the whole */
} SplitNode;

/* A part of split `parent` (1-based, in the array of splits of `stride`
 * bytes each, SplitNode first) is settled, failed if it reported a
 * finding. Returns the split whose parts all passed and which is to run
 * once more whole (now pending that run), 0: none (check_fault.c). */
unsigned split_settle(void *splits, size_t stride, unsigned parent, bool failed);

/* A failed batch waiting for its halves (or its second run) to settle. */
typedef struct {
	SplitNode node;
	Batch whole;
	char error[256]; /* what the first run said */
} Split;

/* What the command line asks for (check_options.c); the llc it names are
 * in Check.llcs. */
typedef struct {
	const char *cpus[MAX_CPUS];
	int ncpus;
	bool sel_dag, sel_gisel, sel_given, callers, quiet, placements, new_rbs;
	bool final_code; /* --final-code: the final code checked against the contract (check_final.c) */
	bool as_written; /* --as-written: the input module compiled as it is (CheckInput.as_written) */
	bool final_dag, final_gisel; /* --final-code-selector S: the selectors whose final code is (default both) */
	/* --final-code-selector LABEL=S: of llc LABEL's, applied once labels are known */
	const char *final_selector_for[MAX_LLCS];
	int nfinal_selector_for;
	/* --final-code-verify: the final code's llc runs with the machine
	 * verifier after every pass (a quarter of its time; the nightly's) */
	bool final_verify;
	/* --final-code-sample N: the final code of 1 in N functions (0 and
	 * 1: all): signature i when i % N == 0; a call graph's component c
	 * when c % N == 0 (its functions) */
	unsigned final_sample;
	/* --switch NAME=on|off: overrides of every llc's profile */
	int switch_index[SW_COUNT];
	bool switch_value[SW_COUNT];
	int nswitches;
	/* --profile LABEL=P (or P for every llc), applied once labels are known */
	const char *profile_for[MAX_LLCS];
	int nprofile_for;
	unsigned wave, batch, jobs, mem_mb;
	/* --llc-slots: llc runs only while holding one of these (fd -1: none) */
	Slots slots;
	TargetOs os; /* --triple */
	double timeout;
	const char *layout, *out;
	/* --llc-option OPT, then the input's `; gcnabi-llc-options:` line:
	 * given to every llc run, named in every report (llc_option_refused
	 * says which gcnabi keeps to itself). */
	char llc_options[MAX_LLC_OPTIONS][LLC_OPTION_MAX];
	unsigned nllc_options;
} CheckOptions;

/* The signature file (check.c). */
typedef struct {
	const char *path;
	Sig **sigs;
	unsigned nsigs, malformed;
	CallEdge *edges; /* call-graph input: `call @a -> @b` lines */
	unsigned nedges;
	/* call-graph input: each function's connected component of the call
	 * graph, numbered in the order of their first functions; a graph batch
	 * holds the components first..first+count-1 */
	unsigned *component, ncomponents;
	/* --as-written: the module is compiled as it is, its text kept here;
	 * edges are the direct calls its bodies make, every function is in one
	 * component, and only its defines are read back as callees */
	bool as_written;
	char *text;
	size_t len;
	ModuleCalls calls_left; /* calls that are not edges: through pointers, intrinsics, ... */
	unsigned cov; /* its "amdhsa_code_object_version" module flag, 0: none (ModelConfig.cov) */
	unsigned unread; /* headers gcnabi cannot read: their functions not judged */
	/* a call graph: the module holds every function at once (edges, or --as-written) */
	bool graph;
} CheckInput;

/* The batches still to run (check_plan.c fills it, check_run.c takes from
 * the end) and the files they run in. */
typedef struct {
	Batch *queue;
	size_t nqueue, capqueue;
	unsigned batch_serial; /* the batch being read: its files' number */
	char tmp_dir[512];
	Split *splits;
	unsigned nsplits, capsplits;
	unsigned llcs_unusable; /* --llc that could not be identified: left out, exit EXIT_INFRA */
} CheckRun;

typedef struct {
	const Combo *co;
	unsigned sig;
	char *site; /* NULL outside call graphs */
	char why[256], reason[256];
} MismatchExample;

/* The llc failure the findings being written are about, in parts: a
 * finding's "llc_failure", which the harness reads instead of its words.
 * signal: what ended llc ("" none); error: llc's own first error line as
 * first_error_line gives it ("" when llc printed none); limit: "timeout"
 * or "memory" when llc ran into --timeout or --mem-limit (NULL none).
 * Set by failure_line, cleared before each llc run's result is read. */
typedef struct {
	bool set;
	char signal[32];
	char error[512];
	const char *limit;
} LlcFailure;

/* What check writes (check_report.c). */
typedef struct {
	char dir[512];
	JsonWriter details, findings;
	const char *site; /* the call site a finding is about, NULL outside call graphs */
	/* the first caller/callee disagreements, for the summary */
	MismatchExample examples[MISMATCH_EXAMPLES];
	unsigned nexamples;
	bool write_failed; /* a file could not be written: exit bit EXIT_ERROR */
	const char *module; /* crashes-together: the module kept in repro/ */
	LlcFailure failure;
} CheckReport;

typedef struct {
	CheckOptions opt;
	CheckInput in;
	Llc llcs[MAX_LLCS];
	int nllcs;
	Layout layout;
	Combo *combos;
	int ncombos;
	CheckRun run;
	Placement *model, *model_caller; /* scratch of one comparison */
	Placement *seen_view; /* --as-written: llc's placements as judged, two, and a third of scratch (check_as_written.c) */
	CheckReport report;
	struct LinkMatrix *link; /* cross-version link matrix, filled after the run */
	struct SelectorLink *sel_link; /* mixed-selector link, filled after the run */
	struct FinalPass *final; /* --final-code: its queue and running pieces (check_final.c) */
} Check;

/* check.c: the whole run of `gcnabi check` into c, whose options are
 * parsed (cli/check_options.c: check_parse), over the signature file path;
 * its files closed, nothing printed: 0, or an exit status after a message;
 * *wall the seconds it ran. The summary and exit status are the caller's
 * (check_summary.c); check_free releases c. gcnabi ab runs it too. */
int check_execute(Check *c, const char *path, double *wall);
void check_free(Check *c);

/* Two compilers side by side (ab.c): check run into c (its options parsed,
 * ab's own taken out) over path, every change listed as o asks; the exit
 * status. ab_compilers frees c. */
int ab_compilers(const AbOptions *o, Check *c, const char *path);

/* What first_error_line makes of the machine verifier's "*** Bad machine
 * code: MSG ***": "machine verifier: Bad machine code: MSG". */
#define VERIFIER_PREFIX "machine verifier: "
/* What failure_line makes of llc's own stack dump: "crash in 'PASS' at
 * FRAME" (a signal from outside llc leaves none). */
#define CRASH_PREFIX "crash in '"
static inline bool is_verifier_error(const char *line)
{
	return strncmp(line, VERIFIER_PREFIX, sizeof VERIFIER_PREFIX - 1) == 0;
}

/* check_llc.c */
/* Finds llc when none was named, identifies each, applies --switch; 0 or
 * an exit status after a message. */
int check_llcs(Check *c);
/* What an llc run makes: MIR where check reads the ABI (after isel or
 * irtranslator), a kernel's amdhsa assembly (its HSA metadata), or the
 * final code (--final-code: assembly without interprocedural register
 * allocation, so the contract is the convention's, not what llc knows of a
 * callee in the same module). */
typedef enum { LLC_MIR, LLC_KERNEL_ASM, LLC_FINAL_ASM } LlcOutput;
extern const char *const final_code_llc_flags[];
/* llc's command line for a batch of in to out; cpu_arg and mattr are its
 * buffers of 64 bytes; argv has room for 16. */
typedef struct {
	const char *name;
	bool prefix;
	const char *contains;
	const char *instead;
} LlcOwnedOption;
extern const LlcOwnedOption llc_owned_options[]; /* NULL name ends it */
/* An empty module at <tmp>/<stem>.ll for a probe of llc, with its output
 * and stderr paths beside it (cap bytes each); false when it cannot be written. */
bool empty_module(const Check *c, const char *stem, char *ll, char *out, char *err, size_t cap);
/* Why opt cannot be an --llc-option (an option gcnabi sets itself, or not
 * an option), or NULL when it can. */
const char *llc_option_refused(const char *opt);
/* Whether the run's llc options turn flat scratch on (1) or off (0) for
 * functions (-mattr=+enable-flat-scratch, the last one given wins), or
 * say nothing of it (-1): the one option effect the model knows. */
int llc_options_flat_scratch(const CheckOptions *o);
/* Whether the run's llc options hold -tailcallopt: llc must then make a
 * fastcc tail call or refuse it ("unsupported required tail call"). */
bool llc_options_tailcallopt(const CheckOptions *o);
/* Adds opt to the run's llc options; false (why set) when refused or too many. */
bool llc_option_add(CheckOptions *o, const char *opt, size_t n, char *why, size_t cap);
void llc_argv(const Combo *co, LlcOutput what, bool verify, const char *in, const char *out, char **argv, char *cpu_arg,
	      char *mattr);

/* check_as_written.c: llc's placement seen, in one group (no markers, a
 * module as written), as it is judged: into out, the registers more
 * (passed on unchanged, which the observer keeps apart) added to the
 * group, the ABI's implicit inputs left out, and model's argument parts
 * made one group too; false (nothing changed) unless the input is as
 * written and seen has one group. */
bool as_written_view(const Check *c, Placement *model, const Placement *seen, const RegRange *more, unsigned nmore,
		     Placement *out);
/* The same without touching the model (one group already). */
void as_written_strip(const Check *c, const Placement *model, const Placement *seen, const RegRange *more,
		      unsigned nmore, Placement *out);

/* check_plan.c */
/* Every combination of llc, CPU and selector, and the batches to run; 0 or
 * an exit status after a message. */
int check_plan(Check *c);
bool push_batch(Check *c, Batch b);
EmitOptions emit_options(const Combo *co, bool callers);
bool emittable(const Combo *co, const Sig *s, unsigned i);
bool in_graph_batch(const Check *c, const Batch *b, unsigned i);
/* The batch's IR into path; functions that cannot be emitted are findings
 * and left out. False on I/O failure. */
bool write_batch_ir(Check *c, const Batch *b, const char *path);

/* check_run.c */
bool check_make_tmp(Check *c);
void check_remove_tmp(const Check *c);
/* Runs the queue; 0 or EXIT_ERROR after a message. */
int check_run(Check *c);
/* Bisection of a failed batch: its two halves, the first to run first. */
void push_halves(Check *c, const Batch *b);
/* llc's first line that says what went wrong, normalized (heap): of the
 * file at path ("(no stderr)" when it cannot be read), of text (NULL when
 * out of memory). */
char *first_error_line(const char *path);
char *error_line_of(const char *text);
void batch_paths(const Check *c, unsigned serial, char *ll, char *mir, char *err, size_t cap);
/* The class of reason a first error line gives (LLC_ERROR_CLASSES). */
RefusalClass llc_refusal_class(const char *line);
/* llc said why it stopped (its error, an assertion): it will say so again;
 * a signal without a diagnosis may be the machine's, and runs once more. */
bool llc_diagnosed(const char *line);

/* check_fault.c: the machine's faults, bisection bookkeeping, second runs. */
/* A failed llc run whose cause is the machine (llc cannot start, its
 * loader fails, it runs out of memory even on an empty module, it is
 * killed from outside): an infrastructure finding, the batch settled;
 * false when the failure is llc's own, *out_of_memory saying whether it
 * ran out of memory (under a limit an empty module compiles under). */
bool machine_fault(Check *c, const Batch *b, const Proc *p, const char *err, bool *out_of_memory);
/* The same for a run of co that made what (check --final-code's runs too):
 * the infrastructure kind (llc-unusable: the caller stops compiling the
 * combination; llc-stopped) with its words in text, nothing reported;
 * FK_COUNT when the failure is llc's own. */
FindingKind machine_fault_kind(Check *c, Combo *co, LlcOutput what, const Proc *p, const char *err,
			       bool *out_of_memory, char *text, size_t cap);
/* What a single function out of --mem-limit says: llc's line, and that an
 * empty module compiles under the limit. */
void out_of_memory_line(Check *c, const char *line, char *text, size_t cap);
/* What a failed run says: llc's first error line, the signal that killed
 * it, or the timeout (heap). */
char *failure_line(Check *c, const Proc *p, const char *err);
/* Bisects failed batch b (first run's words in err_line). */
void split_batch(Check *c, const Batch *b, const char *err_line);
/* Splits failed batch b into its functions (graphs) at once: a batch out of
 * time or memory, where halving would pay the limit at every level. */
void split_each(Check *c, const Batch *b, const char *err_line);
/* Splits failed batch b around the functions llc's errors (file err) name,
 * each a part of its own and each run between them a part: false (nothing
 * split) when they name none of b's, or b is a call graph. */
bool split_named(Check *c, const Batch *b, const char *err, const char *err_line);
/* The signature of check's input a function of the module stands for:
 * gcnabi emit names it gcnabi.<i>.fn and its caller gcnabi.<i>.caller
 * (else by its own name); -1: none. */
int input_sig(const Check *c, const char *name);
/* Calls each(ctx, signature, name) for each function of check's input
 * llc's errors (file err_path) name, in turn, while it returns true. */
void errors_name(const Check *c, const char *err_path, bool (*each)(void *ctx, int sig, const char *name), void *ctx);
/* Runs leaf b once more; its second run settles it. */
void retry_leaf(Check *c, const Batch *b, const char *err_line);
/* A run of a batch under split `parent` is over; failed: it reported a
 * finding, so the split needs no second run. */
void settle(Check *c, unsigned parent, bool failed);
/* The second run of a whole batch failed (ll: its module) or passed. */
void whole_failed_again(Check *c, const Batch *b, const Proc *p, const char *ll, const char *err, bool out_of_memory);
/* A second run that passed: not reproducible. */
void retry_passed(Check *c, const Batch *b, const char *ll);
/* llc exited 0 without MIR for the batch: an infrastructure finding. */
void bad_output(Check *c, const Batch *b, const char *why);
/* A batch of an unusable combination, not run or failed: counted, settled. */
void batch_dropped(Check *c, const Batch *b);
/* The functions batch b compiles. */
unsigned batch_functions(const Check *c, const Batch *b);
/* The first function of batch b (graphs: of its first graph). */
unsigned batch_first(const Check *c, const Batch *b);

/* check_observe.c: reads a finished batch's output; false (why set) when
 * it holds no function of the batch: not MIR, or nothing at all. */
bool observe_batch(Check *c, const Batch *b, const char *mir, char *why, size_t cap);
bool observe_graph(Check *c, const Batch *b, const char *mir, char *why, size_t cap);
/* A copy of p into *slot, unless one is there or p is not ok. */
void keep(Placement **slot, const Placement *p);

/* check_judge.c: the model against what llc did; each returns llc's
 * placement as it was judged (as written: its view), the one to keep. */
const Placement *compare_callee(Check *c, Combo *co, unsigned i, const MirFunction *f);
/* through_pointer: the call is indirect (ModelConfig.through_pointer). */
const Placement *compare_caller(Check *c, Combo *co, unsigned i, const MirCall *call, const Placement *callee_seen,
		    bool through_pointer, bool tail);
void check_chain_call(Check *c, Combo *co, const CallEdge *edge, const MirCall *call);

/* A cell of a link: call sites compared with callees, disagreeing, and of
 * them predicted by the model. */
typedef struct {
	unsigned checked, differ;
	unsigned predicted; /* of differ: the model's profiles disagree the same way, or the caller loses parts its model assigns */
} LinkCell;

/* Whether the caller's and callee's placements differ where d is (the
 * same argument or return, class, and part for a representation). */
bool placements_differ_at(const Placement *caller, const Placement *callee, const JudgeDiff *d);
/* Whether the parts of what d concerns (its argument, or the return) in a
 * and b are the same, place and representation. */
bool parts_same_at(const Placement *a, const Placement *b, const JudgeDiff *d);

/* check_final.c: --final-code's pieces, run by check_run in its pool of
 * jobs, after the MIR pass observed their functions. */
typedef struct FinalPass FinalPass;
bool final_begin(Check *c); /* false: out of memory */
void final_end(Check *c);
/* The MIR pass observed batch b: its functions' final code can be compiled. */
void final_batch_observed(Check *c, const Batch *b);
/* The MIR pass is done with combination k; true when that queued pieces. */
bool final_mir_done(Check *c, int k);
/* Whether pieces wait to be started. */
bool final_waiting(const Check *c);
/* Start the next piece in job slot (proc): false when none could be. */
bool final_start(Check *c, int slot, Proc *proc);
/* The piece in job slot is done (proc NULL: it could not be started). */
void final_done(Check *c, int slot, const Proc *proc);
/* Whether combination co's final code is checked. */
bool final_code_for(const Check *c, const Combo *co);
/* The MIR pass noted that a call site of signature sig leaves parts
 * unwritten or undefined. */
void final_note_unwritten(Combo *co, unsigned sig);
void check_final_print(const Check *c, FILE *f);
/* A combination whose final code leaves more than this share (per cent)
 * of its verdicts unknown has incomplete results (EXIT_INCOMPLETE):
 * issue 38's floor of 95 % definite. Fewer unknowns are counted, with
 * their reasons, but are not an incomplete run. */
enum { FINAL_UNKNOWN_LIMIT_PCT = 5 };
unsigned check_final_exit_bits(const Check *c);

/* check_link.c */
typedef enum {
	LINK_UNPREDICTED,
	LINK_MODELS_DIFFER, /* the caller's model and the callee's disagree the same way */
	LINK_CALLER_LOSES,  /* the caller leaves parts its model assigns unwritten, the callee reads them as modelled */
} LinkPrediction;
/* Why the model expects call site call (combo a, the caller's view am)
 * and callee (bm) of signature i to disagree. Uses c's scratch placements. */
LinkPrediction link_predicted(Check *c, const Combo *a, unsigned i, const ModelConfig *am, const ModelConfig *bm,
			      const Placement *call, const Placement *callee);
void link_matrix(Check *c);
void link_print(const Check *c, FILE *f);
void link_json(const Check *c, JsonWriter *w);
unsigned link_exit_bits(const Check *c);
/* Call sites built by llc caller against callees built by llc callee,
 * summed over the conventions: checked, disagreeing, of them predicted by
 * the profiles (all 0 without a matrix). gcnabi ab's cross-link verdict. */
void link_totals(const Check *c, int caller, int callee, unsigned *checked, unsigned *differ, unsigned *predicted);

/* check_selector_link.c: each llc's SelectionDAG call sites against its
 * GlobalISel callees and the other way round, the same CPU. */
void selector_link(Check *c);
void selector_link_print(const Check *c, FILE *f);
void selector_link_json(const Check *c, JsonWriter *w);
unsigned selector_link_exit_bits(const Check *c);

/* check_report.c: findings, files, the summary. */
/* A chain call's VGPR counts (-1: not known for this kind). */
typedef struct {
	unsigned requested;   /* the edge's dvgpr N */
	int llc, model;       /* chain-dvgpr-count: what llc's pseudo requests, what the model expects */
	int lost, lost_llc;   /* dvgpr-lost: argument VGPR parts lost, in the model's and llc's callee */
	int first_argument;   /* dvgpr-lost: the first argument that loses one */
} DvgprCounts;

/* Which side of a comparison departs from the ABI, for a finding's cause
 * (check_cause.c): the kind says it (model vs llc: llc's callee or call
 * site; a crash: the compiler), except between llc's own caller and callee,
 * where the side the model disagrees with is the one (both when it
 * disagrees with both or neither). */
typedef enum { SIDE_OF_KIND, SIDE_CALLEE, SIDE_CALL_SITE, SIDE_BOTH } FindingSide;

/* A final-code finding's instructions, as llc prints them (a prefix:
 * operands without modifiers): the function of the assembly, the
 * instruction the verdict is about, and the one that wrote the value it
 * concerns (NULL: none, the entry value); uniform: the program made its
 * lane-varying inreg values uniform (emit --uniform-inreg), after llc
 * failed on them as written. */
typedef struct {
	const char *function, *at, *culprit;
	bool uniform;
} FinalWhere;

/* One line of details.jsonl and of findings.jsonl. expected/seen are the
 * model's and llc's placements; for caller-vs-callee and cross-version,
 * llc's callee and caller (and at, the judge's difference, has the caller
 * first). */
typedef struct {
	FindingKind kind;
	const Combo *co;        /* cross-version: the caller's combination */
	const Combo *callee_co; /* cross-version: the callee's */
	unsigned sig;
	const char *why;
	const char *explained_by;
	const Placement *expected, *seen;
	const DvgprCounts *dvgpr;
	const JudgeDiff *at;    /* a comparison's first difference: where, for findings.jsonl */
	const FinalWhere *final; /* final-code: where in the assembly */
	FindingSide side;
	RefusalClass llc_refusal, model_refusal; /* both refused: the classes of their reasons (0: none) */
} Finding;

/* The output folder (--out, else reports/check-<time>-<pid>) with its
 * repro/, and details.jsonl and findings.jsonl in it; false after a message. */
bool check_open_reports(Check *c);
/* The module ll of a batch that crashes together, with its llc command,
 * into repro/; its path into path ("" when it could not be written). */
/* The module of a batch that failed together (or once) into repro/:
 * path gets its name, or "" when it could not be kept. */
void keep_module(Check *c, const Combo *co, bool kernel, FindingKind kind, const char *ll, unsigned serial, char *path,
		 size_t cap);
/* The finding in details.jsonl and findings.jsonl. */
void finding_write(Check *c, const Finding *f);
/* findings.jsonl's convention, type_class, boundary and difference
 * (check_where.c); keys: the placements' keys in details.jsonl. */
void finding_where_json(JsonWriter *w, const Finding *f, const Sig *s, const char *const *keys);
/* The judge's difference classes as findings.jsonl names them, and a
 * printed location's class: "sgpr", "vgpr", "stack", "demoted", "none",
 * "other" (check_where.c; loc_list_class in wording.h). */
extern const char *const judge_class_names[];
const char *loc_class(const char *text, size_t n);
/* findings.jsonl's cause (check_cause.c): what departs from the ABI, the
 * same on every axis it shows on. */
void finding_cause_json(JsonWriter *w, const Finding *f);
/* The side of llc's call and callee that the model disagrees with where
 * they differ (d), the caller placed with caller_m, the callee with
 * callee_m; uses c->model and c->model_caller. */
FindingSide departing_side(Check *c, unsigned i, const ModelConfig *caller_m, const ModelConfig *callee_m,
			   const Placement *call, const Placement *callee_seen, const JudgeDiff *d);
/* The same, and a reproducer when nothing explains it. */
void report_finding(Check *c, const Finding *f);
/* The common case: a finding of function i of combination co. */
void report(Check *c, Combo *co, unsigned i, FindingKind kind, const char *why, const Placement *expected,
	    const Placement *seen, const char *explained_by);
/* The same for a comparison, with its first difference. */
void report_at(Check *c, Combo *co, unsigned i, FindingKind kind, const char *why, const Placement *expected,
	       const Placement *seen, const char *explained_by, const JudgeDiff *at);
/* The judge's verdict on a against b, and its first difference in words. */
JudgeVerdict check_judge(const Placement *a, const Placement *b, const JudgeRules *rules, const char *la, const char *lb,
			 Judgement *j, char *why, size_t cap);
/* A caller/callee disagreement, kept for the summary among the first few. */
void mismatch_example(Check *c, const Combo *co, unsigned i, const char *why, const char *reason);
bool check_open_placements(Check *c, Combo *co);
void jw_placement(JsonWriter *w, const Sig *s, const Placement *p);
/* Closes w; false after a failed write, with a message naming its path,
 * and the run exits with EXIT_ERROR. */
/* A report file that could not be written: named on stderr, exit bit 1. */
void write_failed(Check *c, const char *path, int e);
/* A combination's identifying keys (combo, llc, version, profile, cpu,
 * wave, selector, ...) into the object being written. */
void combo_json(JsonWriter *w, const Combo *co);
bool check_close(Check *c, JsonWriter *w);
/* The same for a file written with stdio (f NULL: it could not be opened). */
bool check_fclose(Check *c, FILE *f, const char *path);

void print_summary(const Check *c, FILE *f, double wall);
unsigned exit_status(const Check *c);
/* summary.txt, then summary.json (its "complete": no write failed), each
 * written whole or not at all. */
void write_summaries(Check *c, double wall);

#endif
