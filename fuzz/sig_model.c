/* Signature text through the whole model: every header parsed from the
 * input is placed under every profile x layout x selector x view (gfx1030,
 * and gfx900 for the scratch descriptor), and each placement succeeds or
 * says why. Built with coverage on the model only (make fuzz-feed), it
 * measures which signatures exercise distinct paths of the model, so a
 * corpus of them can be distilled with -merge=1 for the real compilers. */
#include <string.h>

#include "fuzz.h"
#include "fuzz_model.h"

static Placement out;
static const Sig *current;

static void print_context(void)
{
	static char buf[1 << 16];
	if (current && sig_print(current, false, buf, sizeof buf) < sizeof buf)
		fprintf(stderr, "  signature: %s\n", buf);
}

static int sink(void *ctx, const Sig *sig, const SigError *err)
{
	(void)ctx;
	(void)err;
	if (!sig)
		return 0;
	current = sig;
	static const char *const cpus[] = { "gfx1030", "gfx900" };
	for (unsigned c = 0; c < 2; c++)
		for (unsigned li = 0; li < fuzz_layouts(); li++)
			for (unsigned pi = 0; pi < fuzz_profiles(); pi++)
				for (unsigned sel = 0; sel < SEL_COUNT; sel++) {
					ModelConfig m;
					char why[128];
					FUZZ_ASSERT_MSG(model_config_init(&m, profile_at(pi), fuzz_layout_at(li), cpus[c], 0,
									  (Selector)sel, why, sizeof why), "%s", why);
					for (unsigned v = 0; v < 2; v++) {
						bool ok = cc_place(sig, &m, (View)v, &out);
						FUZZ_ASSERT_MSG(ok == out.ok && (ok || out.error[0]), "refused without a reason");
					}
				}
	current = NULL;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_context = print_context;
	sig_parse_module((const char *)data, size, sink, NULL);
	return 0;
}
