"""Named assertions that do not stop their test: report(name, ok, detail)
records one; conftest.py fails the test at its end if any failed, listing
each by name. A test of many cases (every llc, every fixture) reports them
all instead of stopping at the first."""

import os

failed = []
passed = [0]


def report(name, ok, detail=""):
    if ok:
        passed[0] += 1
        print("[PASS] %s" % name, flush=True)
    else:
        failed.append((name, detail))
        print("[FAIL] %s%s" % (name, "\n" + str(detail) if detail else ""), flush=True)


def needs_llcs(name, detail):
    """The llcs a test needs are not installed: a failure, except under
    make test-quick, which runs the newest llc alone and skips
    such a test."""
    if os.environ.get("GCNABI_TEST_QUICK"):
        import pytest
        pytest.skip("%s (make test-quick: the newest llc only)" % name)
    report(name, False, detail)


def start():
    del failed[:]
    passed[0] = 0


def verdict():
    """None when every report of the test passed (and there was one), else
    the failure message."""
    if failed:
        return "%d of %d checks failed:\n" % (len(failed), len(failed) + passed[0]) + "\n".join(
            "- %s%s" % (n, ("\n    " + str(d).replace("\n", "\n    ")) if d else "") for n, d in failed)
    return None
