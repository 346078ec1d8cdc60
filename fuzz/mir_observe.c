/* MIR observer: any bytes are observed without a crash; every function it
 * delivers is well formed (its placement's ranges lie inside its locations,
 * its counts inside their arrays), a failure carries a message, and the
 * JSON printer can print it. */
#include <string.h>

#include "fuzz.h"
#include "observe.h"

static char json[1 << 20];

static void check_placement(const Placement *p, const char *what)
{
	FUZZ_ASSERT_MSG(p->nlocs <= PLACE_MAX_PARTS && p->nargs <= SIG_MAX_PARAMS, "%s: counts out of range", what);
	for (unsigned i = 0; i < p->nargs; i++)
		FUZZ_ASSERT_MSG((unsigned)p->args[i].first + p->args[i].count <= p->nlocs, "%s: argument %u outside locs", what, i);
	FUZZ_ASSERT_MSG((unsigned)p->ret.first + p->ret.count <= p->nlocs, "%s: return outside locs", what);
	for (unsigned i = 0; i < p->nlocs; i++) {
		const Loc *l = &p->locs[i];
		/* The observer reports the register numbers the text names, up
		 * to its bound of 1023 (observe/mir_lex.c, MAX_REG: above any
		 * number llc prints), not only those a GPU has: a made-up
		 * $vgpr314 is reported as v314 and then differs from the model. */
		FUZZ_ASSERT_MSG(l->kind == LOC_STACK || ((l->kind == LOC_SGPR || l->kind == LOC_VGPR) && l->reg <= 1023) ||
					l->kind == LOC_NONE,
				"%s: location %u kind %u reg %u", what, i, l->kind, l->reg);
	}
}

static int sink(void *ctx, const MirFunction *f)
{
	(void)ctx;
	FUZZ_ASSERT(strnlen(f->name, sizeof f->name) < sizeof f->name);
	if (f->failed)
		FUZZ_ASSERT_MSG(strnlen(f->error, sizeof f->error) > 0, "failed function without a reason");
	check_placement(&f->in, "incoming");
	FUZZ_ASSERT(f->ncalls <= MIR_MAX_CALLS && f->nunattributed <= MIR_MAX_UNATTRIBUTED);
	for (unsigned i = 0; i < f->ncalls; i++) {
		check_placement(&f->calls[i].out, "call site");
		FUZZ_ASSERT(f->calls[i].nimplicit <= MIR_MAX_IMPLICIT);
	}
	mir_function_print_json(f, json, sizeof json);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	MirError err;
	MirStatus st = mir_observe((const char *)data, size, sink, NULL, &err);
	if (st == MIR_MALFORMED)
		FUZZ_ASSERT_MSG(strnlen(err.msg, sizeof err.msg) > 0 && err.line > 0, "malformed MIR without a positioned reason");
	return 0;
}
