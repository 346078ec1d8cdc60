/* The finding-kind vocabulary (core/finding.h): every kind check writes has
 * a name, an axis, a class and a doc line; names are unique and are today's
 * details.jsonl strings; finding_kind_find round-trips; the exit bit follows
 * the class, EXIT_KNOWN when explained. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "finding.h"

static void test_every_kind_complete(void **state)
{
	(void)state;
	for (int k = 0; k < FK_COUNT; k++) {
		const FindingKindInfo *i = &finding_kinds[k];
		assert_non_null(i->name);
		assert_true(strlen(i->name) > 0);
		assert_non_null(i->doc);
		assert_true(strlen(i->doc) > 10);
		assert_true(i->axis < FA_COUNT);
		assert_true(i->cls < FC_COUNT);
		for (int j = 0; j < k; j++)
			assert_string_not_equal(i->name, finding_kinds[j].name);
	}
	for (int a = 0; a < FA_COUNT; a++)
		assert_true(finding_axis_names[a] && strlen(finding_axis_names[a]) > 0);
	for (int c = 0; c < FC_COUNT; c++)
		assert_true(finding_classes[c].name && finding_classes[c].doc);
}

/* details.jsonl is a contract: the names must stay what check always wrote. */
static void test_names_are_the_contract(void **state)
{
	(void)state;
	static const char *const names[] = {
		"model-vs-llc", "unobserved", "model-refused", "unread-parts", "undefined-parts",
		"model-vs-llc-caller", "model-refused-call", "unwritten-parts", "unobserved-call", "caller-vs-callee",
		"llc-refused", "llc-refused-call", "both-refused", "both-refused-call", "refused-otherwise",
		"refused-otherwise-call", "body-refused", "body-refused-call", "llc-refused-graph", "verifier-error",
		"hang", "out-of-memory", "crashes-together", "flaky-crash", "llc-unusable", "llc-stopped", "bad-output", "reader-limit", "not-reproducible",
		"not-emitted", "not-modelled", "not-parsed", "not-in-graph", "chain-dvgpr-count", "dvgpr-unsupported", "dvgpr-lost", "final-code",
		"final-code-refused", "final-code-body-refused", "final-code-unknown", "cross-version",
		"cross-selector",
	};
	assert_int_equal(sizeof names / sizeof names[0], FK_COUNT);
	for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
		FindingKind k = finding_kind_find(names[n]);
		assert_true(k < FK_COUNT);
		assert_string_equal(finding_kinds[k].name, names[n]);
	}
	assert_int_equal(finding_kind_find("model-vs-llc "), FK_COUNT);
	assert_int_equal(finding_kind_find(""), FK_COUNT);
	assert_int_equal(finding_kind_find("no-such-kind"), FK_COUNT);
}

static void test_find_round_trips(void **state)
{
	(void)state;
	for (int k = 0; k < FK_COUNT; k++)
		assert_int_equal(finding_kind_find(finding_kinds[k].name), k);
}

/* The classes follow check's exit status: divergences set 8, crashes 16,
 * infrastructure errors 32, notes and skipped functions nothing; explained,
 * a divergence sets 4 (a fault of the machine is never explained). */
static void test_exit_bits(void **state)
{
	(void)state;
	assert_int_equal(finding_exit_bit(FK_MODEL_VS_LLC, false), EXIT_DIVERGED);
	assert_int_equal(finding_exit_bit(FK_CALLER_VS_CALLEE, false), EXIT_DIVERGED);
	assert_int_equal(finding_exit_bit(FK_CALLER_VS_CALLEE, true), EXIT_KNOWN);
	assert_int_equal(finding_exit_bit(FK_CHAIN_DVGPR_COUNT, false), EXIT_DIVERGED);
	assert_int_equal(finding_exit_bit(FK_CROSS_VERSION, false), EXIT_DIVERGED);
	assert_int_equal(finding_exit_bit(FK_LLC_REFUSED, false), EXIT_CRASHED);
	assert_int_equal(finding_exit_bit(FK_LLC_REFUSED_GRAPH, false), EXIT_CRASHED);
	assert_int_equal(finding_exit_bit(FK_BOTH_REFUSED, true), 0);
	assert_int_equal(finding_exit_bit(FK_UNREAD_PARTS, true), 0);
	assert_int_equal(finding_exit_bit(FK_DVGPR_LOST, true), 0);
	assert_int_equal(finding_exit_bit(FK_NOT_EMITTED, false), 0);
	assert_int_equal(finding_exit_bit(FK_HANG, false), EXIT_CRASHED);
	assert_int_equal(finding_exit_bit(FK_CRASHES_TOGETHER, false), EXIT_CRASHED);
	/* llc failing on the final code: a crash on the final code's axis */
	assert_int_equal(finding_exit_bit(FK_FINAL_CODE_REFUSED, false), EXIT_CRASHED);
	assert_int_equal(finding_kinds[FK_FINAL_CODE_REFUSED].axis, FA_FINAL_CODE);
	assert_int_equal(finding_exit_bit(FK_LLC_UNUSABLE, false), EXIT_INFRA);
	assert_int_equal(finding_exit_bit(FK_BAD_OUTPUT, true), EXIT_INFRA);
	assert_int_equal(finding_kinds[FK_NOT_REPRODUCIBLE].axis, FA_MACHINE);
	assert_int_equal(finding_kinds[FK_NOT_IN_GRAPH].cls, FC_SKIPPED);
	assert_int_equal(finding_kinds[FK_BOTH_REFUSED_CALL].axis, FA_CRASH);
	assert_int_equal(finding_kinds[FK_CROSS_VERSION].axis, FA_LINK);
	assert_string_equal(finding_axis_names[finding_kinds[FK_UNOBSERVED_CALL].axis], "model-vs-llc-caller");
	for (int k = 0; k < FK_COUNT; k++) {
		unsigned bit = finding_exit_bit((FindingKind)k, false);
		assert_int_equal(bit, finding_classes[finding_kinds[k].cls].exit_bit);
		assert_true(bit == 0 || bit == EXIT_DIVERGED || bit == EXIT_CRASHED || bit == EXIT_INFRA);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_kind_complete),
		cmocka_unit_test(test_names_are_the_contract),
		cmocka_unit_test(test_find_round_trips),
		cmocka_unit_test(test_exit_bits),
	};
	return cmocka_run_group_tests_name("finding", tests, NULL, NULL);
}
