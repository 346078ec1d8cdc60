/* The vocabulary of `gcnabi check`'s findings: every kind it writes to
 * details.jsonl, the axis it is found on, its class and the exit bit an
 * unexplained finding of that kind sets. One table (FINDING_KINDS): check,
 * its reports and, through a --json dump, the harness iterate it. */
#ifndef GCNABI_FINDING_H
#define GCNABI_FINDING_H

#include <stdbool.h>

/* X(ID, name, bit, words, doc): the exit status of every command, in the
 * spirit of abidiff: bits that add up. words: what the bit says in a
 * harness report's status line. */
#define EXIT_BITS(X) \
	X(ERROR, "error", 1, "error", "bad input, I/O failure") \
	X(USAGE, "usage", 2, "usage", "a command line gcnabi does not take") \
	X(KNOWN, "known", 4, "known differences", "only differences a profile switch explains or known-differences.txt accepts") \
	X(DIVERGED, "diverged", 8, "new divergence", "the model and llc, or two views of llc, disagree") \
	X(CRASHED, "crashed", 16, "new compiler crash", "llc crashed, hung, ran out of memory or refused where the model did not expect it") \
	X(INFRA, "infra", 32, "infrastructure error", "the machine failed, not the compiler: llc missing or not executable, its loader failing, killed from outside, output missing or not MIR") \
	X(INCOMPLETE, "incomplete", 64, "results incomplete", "results are missing: units not run, a shard not merged, a journal missing a unit")

enum {
#define X(id, name, bit, words, doc) EXIT_##id = bit,
	EXIT_BITS(X)
#undef X
};

typedef struct {
	const char *name;
	unsigned bit;
	const char *words;
	const char *doc;
} ExitBitInfo;

#define X(id, name, bit, words, doc) +1
enum { EXIT_BIT_COUNT = 0 EXIT_BITS(X) };
#undef X
extern const ExitBitInfo exit_bits[EXIT_BIT_COUNT];

/* X(ID, name): what is compared with what. */
#define FINDING_AXES(X) \
	X(MODEL_VS_LLC, "model-vs-llc") /* a function's incoming placement: the model against llc's callee */ \
	X(MODEL_VS_LLC_CALLER, "model-vs-llc-caller") /* a call site's outgoing placement: the model against llc's caller */ \
	X(CALLER_VS_CALLEE, "caller-vs-callee") /* inside one llc: its call site against its callee */ \
	X(CRASH, "crash") /* llc failing on a function or call graph */ \
	X(LINK, "link") /* a call site of llc A against a callee of llc B, or of one selector against the other's callee */ \
	X(FINAL_CODE, "final-code") /* llc's final code (its assembly) against the convention's contract */ \
	X(MACHINE, "machine") /* the machine llc runs on: nothing is compared */

/* X(ID, name, exit bit, doc): what a finding means for the run's verdict.
 * The exit bit is the one an unexplained finding of the class sets; an
 * explained one (a profile switch predicts it) sets EXIT_KNOWN instead. */
#define FINDING_CLASSES(X) \
	X(DIVERGENCE, "divergence", EXIT_DIVERGED, "the model and llc, or two views of llc, disagree") \
	X(CRASH, "crash", EXIT_CRASHED, "llc fails where the model expects it to compile") \
	X(NOTE, "note", 0, "explained: what llc does is known (the model refuses too, llc loses values, the program is at fault)") \
	X(SKIPPED, "skipped", 0, "not compiled, so nothing was compared") \
	X(INFRASTRUCTURE, "infrastructure", EXIT_INFRA, "the machine failed, not the compiler: nothing was compared, nothing is bisected or reproduced")

/* X(ID, name, axis, class, doc): every kind check writes. The class follows
 * the counter each kind increments in check's summary and the exit bit
 * that counter sets. */
#define FINDING_KINDS(X) \
	X(MODEL_VS_LLC, "model-vs-llc", MODEL_VS_LLC, DIVERGENCE, "llc's callee reads an argument or return part elsewhere than the model places it") \
	X(UNOBSERVED, "unobserved", MODEL_VS_LLC, DIVERGENCE, "llc compiled the function, but its MIR (kernels: HSA metadata) does not show where the parts are") \
	X(MODEL_REFUSED, "model-refused", MODEL_VS_LLC, DIVERGENCE, "llc compiles a function the model refuses to place") \
	X(UNREAD_PARTS, "unread-parts", MODEL_VS_LLC, NOTE, "llc's callee agrees with the model but leaves parts the ABI assigns unread") \
	X(UNDEFINED_PARTS, "undefined-parts", MODEL_VS_LLC, NOTE, "llc agrees with the model once the parts it fills with IMPLICIT_DEF are counted: those values are lost") \
	X(MODEL_VS_LLC_CALLER, "model-vs-llc-caller", MODEL_VS_LLC_CALLER, DIVERGENCE, "llc's call site writes an argument part elsewhere than the model places it") \
	X(MODEL_REFUSED_CALL, "model-refused-call", MODEL_VS_LLC_CALLER, DIVERGENCE, "llc compiles a call the model refuses to place") \
	X(UNWRITTEN_PARTS, "unwritten-parts", MODEL_VS_LLC_CALLER, NOTE, "llc's call site agrees with the model but leaves parts the ABI assigns unwritten") \
	X(UNOBSERVED_CALL, "unobserved-call", MODEL_VS_LLC_CALLER, DIVERGENCE, "the call site is missing from llc's MIR, or the MIR is unreadable") \
	X(CALLER_VS_CALLEE, "caller-vs-callee", CALLER_VS_CALLEE, DIVERGENCE, "one llc's call site writes a part where its callee does not read it") \
	X(LLC_REFUSED, "llc-refused", CRASH, CRASH, "llc fails on a function the model places") \
	X(LLC_REFUSED_CALL, "llc-refused-call", CRASH, CRASH, "llc fails on a call the model places (the callee alone is compiled again)") \
	X(BOTH_REFUSED, "both-refused", CRASH, NOTE, "llc fails on a function the model refuses too, for the same class of reason about the convention") \
	X(BOTH_REFUSED_CALL, "both-refused-call", CRASH, NOTE, "llc fails on a call the model refuses too, for the same class of reason about the convention") \
	X(REFUSED_OTHERWISE, "refused-otherwise", CRASH, CRASH, "llc fails on a function the model refuses too, for another class of reason (refusal classes: gcnabi vocab)") \
	X(REFUSED_OTHERWISE_CALL, "refused-otherwise-call", CRASH, CRASH, "llc fails on a call the model refuses too, for another class of reason") \
	X(BODY_REFUSED, "body-refused", CRASH, NOTE, "llc cannot select what the function does with a value, as the model predicts: not agreement, the convention is not observed") \
	X(BODY_REFUSED_CALL, "body-refused-call", CRASH, NOTE, "llc cannot select what the call does with a value, as the model predicts: the call's convention is not observed") \
	X(LLC_REFUSED_GRAPH, "llc-refused-graph", CRASH, CRASH, "llc fails on a call graph the model places; reported at the graph's first function") \
	X(VERIFIER_ERROR, "verifier-error", CRASH, CRASH, "llc's machine verifier (-verify-machineinstrs, on every llc run) finds bad machine code in the function, whatever the model expects: bisected and reproduced like a crash") \
	X(HANG, "hang", CRASH, CRASH, "llc runs past --timeout on one function (call graphs: one graph); killed with its process group") \
	X(OUT_OF_MEMORY, "out-of-memory", CRASH, CRASH, "llc runs out of --mem-limit on one function (call graphs: one graph) while an empty module compiles under the same limit: bisected like a hang") \
	X(CRASHES_TOGETHER, "crashes-together", CRASH, CRASH, "llc fails on a module of several functions, on none of its parts, and again when run once more: the module is kept in repro/") \
	X(FLAKY_CRASH, "flaky-crash", CRASH, CRASH, "llc crashed on a module (its own stack dump names the pass) and compiled it when run again: a nondeterministic compiler crash; the module is kept in repro/, the results are the second run's") \
	X(LLC_UNUSABLE, "llc-unusable", MACHINE, INFRASTRUCTURE, "llc cannot run at all (missing, not executable, its loader fails, it fails on an empty module): said once, the rest of the combination is not compiled") \
	X(LLC_STOPPED, "llc-stopped", MACHINE, INFRASTRUCTURE, "the machine stopped llc, not the input: killed from outside, or a batch past --timeout or out of --mem-limit whose parts are not; not bisected") \
	X(BAD_OUTPUT, "bad-output", MACHINE, INFRASTRUCTURE, "llc exited 0, but its output is missing or is not MIR (kernels: HSA metadata) for any function of the batch") \
	X(READER_LIMIT, "reader-limit", MACHINE, INFRASTRUCTURE, "gcnabi's MIR reader stops at one of its own limits (instructions in a body, incoming stack objects), named in the message: gcnabi's limit, not the compiler's; nothing was compared") \
	X(NOT_REPRODUCIBLE, "not-reproducible", MACHINE, INFRASTRUCTURE, "llc failed on a module without a stack dump of its own (a signal from outside it, the machine), and compiled it when run once more (a one-function module: its results are the second run's)") \
	X(NOT_EMITTED, "not-emitted", MODEL_VS_LLC, SKIPPED, "this llc's IR dialect cannot express the function: not compiled") \
	X(NOT_MODELLED, "not-modelled", MODEL_VS_LLC, SKIPPED, "check --as-written: a function or call of the module the model does not know (a variadic function, a limit of the model): not judged, counted") \
	X(NOT_PARSED, "not-parsed", MODEL_VS_LLC, SKIPPED, "check --as-written: this llc cannot read the module (typed pointers for llc 14, a convention or syntax it lacks): nothing of it is compiled by this llc; llc's parse error says why") \
	X(NOT_IN_GRAPH, "not-in-graph", MODEL_VS_LLC, SKIPPED, "left out of the call-graph module: the model expects llc to refuse it, or its IR cannot be written") \
	X(CHAIN_DVGPR_COUNT, "chain-dvgpr-count", MODEL_VS_LLC_CALLER, DIVERGENCE, "a chain call requests another dynamic VGPR count than the model expects of this llc") \
	X(DVGPR_UNSUPPORTED, "dvgpr-unsupported", MODEL_VS_LLC_CALLER, NOTE, "this llc and target refuse or ignore dynamic-VGPR chain calls") \
	X(DVGPR_LOST, "dvgpr-lost", MODEL_VS_LLC_CALLER, NOTE, "a dynamic-VGPR chain call requests fewer VGPRs than the callee's arguments use: a fault of the program, not of llc") \
	X(FINAL_CODE, "final-code", FINAL_CODE, DIVERGENCE, "check --final-code: llc's final code breaks the contract (a callee-saved register, SP, EXEC or the return address not given back, a call's argument not where its callee reads it, SP misaligned at a call)") \
	X(FINAL_CODE_REFUSED, "final-code-refused", FINAL_CODE, CRASH, "check --final-code: llc fails on the final code of a function (call graphs: one graph) whose MIR pass compiled it, in a pass after that pass's stop (register allocation, the prologue, GlobalISel's legalizer and selector, the verifier after them), or runs past --timeout or out of --mem-limit there: a compiler failure the MIR pass never sees; the module is kept in repro/") \
	X(FINAL_CODE_BODY_REFUSED, "final-code-body-refused", FINAL_CODE, NOTE, "check --final-code: llc's GlobalISel cannot legalize or select a load or store of the emitted body's own globals (@gcnabi.*): what the body does with a value, not how it is passed; counted, its functions not compiled, no finding and no minimizing; the module is kept in repro/") \
	X(FINAL_CODE_UNKNOWN, "final-code-unknown", FINAL_CODE, NOTE, "check --final-code: the checker cannot reach a verdict on the function's final code (an instruction or EXEC it does not follow): counted, never a pass") \
	X(CROSS_VERSION, "cross-version", LINK, DIVERGENCE, "a call site of one llc and a callee of another disagree where their profiles do not predict it") \
	X(CROSS_SELECTOR, "cross-selector", LINK, DIVERGENCE, "a call site built by one selector and its callee built by the other (one llc, one CPU) disagree, in a register or in what it holds; explained by the profile switch that predicts it")

typedef enum {
#define X(id, name) FA_##id,
	FINDING_AXES(X)
#undef X
	FA_COUNT
} FindingAxis;

typedef enum {
#define X(id, name, bit, doc) FC_##id,
	FINDING_CLASSES(X)
#undef X
	FC_COUNT
} FindingClass;

typedef enum {
#define X(id, name, axis, cls, doc) FK_##id,
	FINDING_KINDS(X)
#undef X
	FK_COUNT
} FindingKind;

typedef struct {
	const char *name; /* as details.jsonl spells it */
	FindingAxis axis;
	FindingClass cls;
	const char *doc;  /* one line */
} FindingKindInfo;

typedef struct {
	const char *name;
	unsigned exit_bit;
	const char *doc;
} FindingClassInfo;

extern const FindingKindInfo finding_kinds[FK_COUNT];

/* A finding between two combinations (cross-version, cross-selector): a
 * call site of one against a callee of the other. */
static inline bool finding_is_link(FindingKind k) { return finding_kinds[k].axis == FA_LINK; }
extern const FindingClassInfo finding_classes[FC_COUNT];
extern const char *const finding_axis_names[FA_COUNT];

/* The kind named name, FK_COUNT when there is none. */
FindingKind finding_kind_find(const char *name);
/* The exit bit a finding of kind k sets: its class's, EXIT_KNOWN when
 * explained (a profile switch predicts it), 0 for notes either way;
 * EXIT_INFRA for the machine's faults, explained or not. */
unsigned finding_exit_bit(FindingKind k, bool explained);

#endif
