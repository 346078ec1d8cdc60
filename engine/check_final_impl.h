/* check --final-code's pieces, shared by the queue and llc's runs
 * (check_final.c) and the judging of a piece's final code
 * (check_final_judge.c). */
#ifndef CHECK_FINAL_IMPL_H
#define CHECK_FINAL_IMPL_H

#include "check.h"

typedef struct Running Running; /* llc's run on a piece (below) */

/* A piece of work: the functions at positions first..first+n-1 of the
 * combination's list (FinalPass.fns: those the MIR pass compiled) and
 * their callers (call graphs: components first..first+n-1, the functions
 * of them the MIR pass compiled), of one combination. retry: the second
 * run of a single function (graph) that a signal killed without llc's
 * diagnosis, error what its first run said. unverified: the run without
 * the machine verifier of a single function (graph) it rejected (the
 * contract is checked all the same). parent: 1 + the index of the split
 * it is a part of (0: none); whole: that split's piece run once more
 * after all its parts compiled. */
typedef struct {
	int combo;
	unsigned first, n, parent;
	bool retry, unverified, whole;
	/* "gcnabi-divergent" callers pass uniform values (emit
	 * --uniform-inreg): the run once more of a single function (graph)
	 * llc failed on with the lane-varying values its signatures say, so
	 * the rest of its contract is checked all the same */
	bool uniform;
	unsigned lanes; /* uniform: 1 + its first run's failure in FinalPass.lanes (0: none) */
	char error[200];
} Piece;

/* A piece llc failed on, split: waiting for its parts. When none of them
 * fails, the piece runs once more whole: failing again, llc fails on its
 * functions only together (final-code-refused, its module kept);
 * compiling, its first failure was not reproducible. Either way the
 * parts' final code is the one checked. Nothing is dropped. */
typedef struct {
	SplitNode node;
	Piece piece;
	char error[200]; /* what its first run said */
} FinalSplit;

/* llc's failure on a piece that passes lane-varying values inreg, held
 * until the same piece with those values made uniform has run: compiling,
 * the failure was theirs (a finding); failing again, it is that run's
 * own. The module as it failed is kept. */
typedef struct {
	char why[1200];
	char function[ASM_NAME_MAX];
	char module[700];
	LlcFailure failure;
} LaneFailure;

struct Running {
	Piece piece;
	const unsigned *fns; /* the combination's functions (signature input) */
	Buf ir; /* the module, kept for its signatures */
	char ll[600], s[600], err[600];
};

/* The final code's work, run in the MIR pass's pool of jobs (check_run.c)
 * as soon as it can be: a signature's function and caller once the MIR
 * pass has observed the batch that holds them, a call graph's components
 * once the MIR pass is done with the combination (one piece: its module
 * is compiled whole, as the MIR pass did). Pieces are a stack: the last
 * queued (a split's first part) runs first. */
struct FinalPass {
	Piece *queue;
	unsigned nqueue, cap;
	FinalSplit *splits;
	unsigned nsplits, capsplits;
	LaneFailure *lanes;
	unsigned nlanes, caplanes;
	unsigned **fns;  /* per combination: its functions in the order queued (signature input) */
	unsigned *units; /* per combination: how many */
	bool **queued;   /* per combination and signature: in fns already */
	bool *settled;   /* per combination: the MIR pass is done with it */
	Running running[MAX_JOBS];
};

/* Call graphs: whether function i is in piece p's module (its graph is,
 * and the MIR pass compiled it); as written, a function the module defines. */
bool in_piece(const Check *c, const Piece *p, unsigned i);
/* The functions piece p compiles. */
unsigned piece_functions(const Check *c, const Piece *p);
/* The signature a piece's own findings name: its first function. */
unsigned piece_sig(const Check *c, const Running *r);
/* The position in the piece of signature i (call graphs: its component),
 * -1: not in it. */
int piece_position(const Check *c, const Running *r, int i);
/* The piece's module kept in repro/ (head: what llc did with it; NULL:
 * its final code, asm_text, breaks the contract); path: the .ll's. */
void keep_final(Check *c, const Combo *co, const Running *r, const char *head, const char *asm_text, size_t alen,
		char *path, size_t cap);
/* The machine failed the piece (kind, text): an infrastructure finding. */
void piece_infra(Check *c, const Running *r, FindingKind kind, const char *text);
/* The piece's final code against the contract (hit: positions llc's
 * errors named, not judged); false: nothing judged. */
bool final_check_piece(Check *c, Running *r, const char *asm_text, size_t alen, const bool *hit);

#endif
