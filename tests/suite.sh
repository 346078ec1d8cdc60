#!/bin/sh
# make test / make test-quick: every suite, each run to its end, then one
# closing line 'N passed, N failed' (tests/summary.py) over what each left
# in $TR. Suites: the cmocka unit tests (ASan+UBSan), the fuzz corpus
# replay, the lit tests (lit.cfg.py) and the pytest tests (tests/test_*.py),
# each in parallel on $JOBS cores; pytest names its 20 slowest tests.
# quick: pytest with GCNABI_TEST_QUICK=1 (the newest llc only) and without
# the tests marked slow.
# Environment (set by the Makefile): TR, JOBS, PYTEST_PY, LIT, UNIT_BINS,
# MAKE, PYTEST_ARGS.
set -u
mode=${1:-full}
rm -rf "$TR" && mkdir -p "$TR" || exit 1

step() { # step NAME COMMAND...: runs COMMAND, keeps its exit status
	name=$1
	shift
	echo "== $name"
	"$@"
	echo $? > "$TR/$name.status"
}

unit() {
	s=0
	for t in $UNIT_BINS; do
		CMOCKA_MESSAGE_OUTPUT=XML CMOCKA_XML_FILE="$TR/unit-${t##*/}.xml" "$t" || s=1
	done
	return $s
}

fuzz() {
	$MAKE -s fuzz-replay > "$TR/fuzz.log" 2>&1
	s=$?
	grep -E '^\[(PASS|FAIL)\]' "$TR/fuzz.log"
	return $s
}

step unit unit
step fuzz fuzz
if [ -z "$LIT" ]; then
	echo "no lit.py found under /usr/lib/llvm-*/build/utils/lit: make deps" > "$TR/lit.log"
	echo 1 > "$TR/lit.status"
else
	step lit "$PYTEST_PY" "$LIT" -s -j "$JOBS" --time-tests --xunit-xml-output="$TR/lit.xml" cases/golden/expect tests/lit
fi
if [ "$mode" = quick ]; then
	GCNABI_TEST_QUICK=1 step pytest "$PYTEST_PY" -m pytest -q -n "$JOBS" --dist loadgroup --durations=20 -p no:cacheprovider \
		--junitxml="$TR/pytest.xml" -m "not slow" $PYTEST_ARGS tests
else
	step pytest "$PYTEST_PY" -m pytest -q -n "$JOBS" --dist loadgroup --durations=20 -p no:cacheprovider \
		--junitxml="$TR/pytest.xml" $PYTEST_ARGS tests
fi
exec "$PYTEST_PY" tests/summary.py "$TR"
