#!/usr/bin/env python3
"""The closing line of `make test`: reads what each runner of the suite
left in the results folder (JUnit XML from cmocka, lit and pytest; the
[PASS]/[FAIL] lines of the fuzz replay in STEP.log; each step's exit status
in STEP.status), lists every failure, and prints one line
'N passed, N failed' (', N skipped' where tests were skipped). A step that
failed without naming a failed test, or that recorded no test at all,
counts as one failure: a suite that did not run never reads as passed.

    tests/summary.py RESULTS_DIR"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET


def junit(path):
    """(passed, failed [(name, message)], skipped) of one JUnit XML file."""
    passed, failed, skipped = 0, [], 0
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as e:
        return 0, [(os.path.basename(path), "unreadable results: %s" % e)], 0
    for case in root.iter("testcase"):
        name = ".".join(x for x in (case.get("classname"), case.get("name")) if x)
        bad = case.find("failure") if case.find("failure") is not None else case.find("error")
        if bad is not None:
            failed.append((name, bad.text or bad.get("message") or ""))
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def plain(path):
    """(passed, failed, 0) of a log of [PASS] name / [FAIL] name lines."""
    passed, failed = 0, []
    for line in open(path, errors="replace"):
        m = re.match(r"\[(PASS|FAIL)\] (.*)", line)
        if m and m.group(1) == "PASS":
            passed += 1
        elif m:
            failed.append((m.group(2), ""))
    return passed, failed, 0


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: tests/summary.py RESULTS_DIR")
    out = sys.argv[1]
    total_passed, total_failed, total_skipped = 0, [], 0
    for status_file in sorted(glob.glob(os.path.join(out, "*.status"))):
        step = os.path.basename(status_file)[:-len(".status")]
        status = open(status_file).read().strip()
        files = sorted(glob.glob(os.path.join(out, step + "*.xml")))
        counts = [junit(f) for f in files] if files else \
            [plain(os.path.join(out, step + ".log"))] if os.path.exists(os.path.join(out, step + ".log")) else []
        passed = sum(c[0] for c in counts)
        failed = [f for c in counts for f in c[1]]
        skipped = sum(c[2] for c in counts)
        print("%-8s %d passed, %d failed%s (exit %s)" % (step, passed, len(failed),
                                                        ", %d skipped" % skipped if skipped else "", status))
        if status != "0" and not failed:
            failed.append((step, "exited %s without naming a failed test" % status))
        if passed + len(failed) == 0:
            failed.append((step, "recorded no test"))
        total_passed += passed
        total_skipped += skipped
        total_failed += [("%s: %s" % (step, n), m) for n, m in failed]
    if not total_failed and not total_passed:
        total_failed.append(("make test", "no step recorded results in %s" % out))
    for name, message in total_failed:
        print("FAILED %s%s" % (name, ("\n    " + message.strip()[:2000].replace("\n", "\n    ")) if message.strip() else ""))
    print("%d passed, %d failed%s" % (total_passed, len(total_failed),
                                      ", %d skipped" % total_skipped if total_skipped else ""))
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
