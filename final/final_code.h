/* The final-code checker over a module's assembly (final_code.c). */
#ifndef GCNABI_FINAL_CODE_H
#define GCNABI_FINAL_CODE_H

#include "asm_exec.h"
#include "asm_mutate.h"
#include "cc.h"

typedef struct {
	Sig **sigs; /* the functions' signatures, not owned */
	unsigned nsigs;
	ModelConfig m;
	Placement *places;   /* callee view of each signature */
	const char *current; /* the function being checked */
	const char *text;    /* the assembly being checked, and its length */
	size_t len;
	char ret[64];        /* the @gcnabi.<i>.ret the current function returns the value of ("": none) */
	bool lane_loads;     /* it names a @gcnabi.<i>.lane.<k> (a lane-varying argument's source) */
	/* The module is gcnabi emit's call graph (set by the caller): a caller
	 * passes the parameters it shares with its callee on as received and
	 * loads the others from @gcnabi.<callee>.out.<k>. */
	bool graph;
	/* The last argument a graph's chain call was asked about (graph_passed):
	 * the global it is loaded from, and whether the caller loads it. */
	struct {
		int callee, caller;
		unsigned arg;
		bool known;
		char global[64];
	} asked;
} FinalCode;

bool final_code_init(FinalCode *c, Sig **sigs, unsigned nsigs, const ModelConfig *m);
void final_code_free(FinalCode *c);
/* The signature named name, or -1. */
int final_code_sig(const FinalCode *c, const char *name);

/* Each function of the assembly, checked: in and r its input and result,
 * or (in NULL) skip says why it was not (no signature). Non-zero stops. */
typedef int (*FinalSink)(void *ctx, FinalCode *c, const AsmFunction *f, const ExecInput *in, const ExecResult *r,
			 const char *skip);
/* Returns the number of functions read. */
unsigned final_code_check(FinalCode *c, const char *text, size_t len, FinalSink sink, void *ctx);

/* swap_call_args's registers for a mutant (asm_mutate.h's MutantArgs;
 * ctx: the FinalCode). */
bool final_code_mutant_args(void *ctx, const AsmFunction *f, uint32_t i, char a[16], char b[16]);

/* check-asm --mutants: the mutants of function f (asm_mutate.h), each
 * executed from base and handed to sink with its result (a mutant is
 * caught when it is violated). Returns how many were made. */
typedef void (*MutantSink)(void *ctx, const AsmFunction *f, const Mutant *m, const ExecResult *r);
unsigned final_code_mutants(FinalCode *fc, const AsmFunction *f, const ExecInput *base, MutantSink sink, void *ctx);

#endif
