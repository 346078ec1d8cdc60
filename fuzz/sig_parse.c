/* Signature parser: any bytes parse to headers or to positioned errors,
 * and every header that parses prints back (opaque and typed pointers) to
 * text that parses to an equal Sig and prints identically again: parse ->
 * print -> parse is a fixed point. */
#include <string.h>

#include "fuzz.h"
#include "sig.h"

static char printed[1 << 18], reprinted[1 << 18];
static Sig again;
static const Sig *current;

static void print_context(void)
{
	if (current && sig_print(current, false, reprinted, sizeof reprinted) < sizeof reprinted)
		fprintf(stderr, "  parsed: %s\n", reprinted);
}

static void round_trip(const Sig *s, bool typed)
{
	size_t n = sig_print(s, typed, printed, sizeof printed);
	if (n >= sizeof printed)
		return; /* a header longer than 256 KiB: nothing to compare */
	SigError err;
	FUZZ_ASSERT_MSG(sig_parse_header(printed, n, &again, &err), "printed header does not parse: %u:%u: %s\n  %s",
			err.line, err.col, err.msg, printed);
	FUZZ_ASSERT_MSG(sig_equal(s, &again), "printed header parses to a different signature:\n  %s", printed);
	size_t m = sig_print(&again, typed, reprinted, sizeof reprinted);
	FUZZ_ASSERT_MSG(m == n && memcmp(printed, reprinted, n) == 0, "printing is not a fixed point:\n  %s\n  %s",
			printed, reprinted);
}

static int sink(void *ctx, const Sig *sig, const SigError *err)
{
	(void)ctx;
	if (!sig) {
		/* A clear error: a message and a position. */
		FUZZ_ASSERT(err != NULL);
		size_t n = strnlen(err->msg, sizeof err->msg);
		FUZZ_ASSERT_MSG(n > 0 && n < sizeof err->msg && err->line > 0 && err->col > 0, "error without text or position");
		return 0;
	}
	current = sig;
	round_trip(sig, false);
	round_trip(sig, true);
	current = NULL;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_context = print_context;
	sig_parse_module((const char *)data, size, sink, NULL);
	return 0;
}
