#!/usr/bin/env python3
"""No fault of gcnabi or of the machine becomes a compiler finding: one
test per finding kind of the compiler's classes (divergence, crash), read
from `gcnabi vocab`, over every fault below.

Each fault runs `gcnabi check --final-code` with both selectors and the
two newest llcs (the newest alone under make test-quick) on four
signatures and on a call graph with a direct and an indirect call, so that
every stage a compiler finding comes from (the callee's and the caller's
MIR, their agreement, llc's failures, the links between llcs and
selectors, the final code) runs under the fault. The llcs are stand-ins
that run the real llc and then do what a machine does to it, or the input
is one gcnabi must not mistake for the compiler's:

  cut-mir       the MIR llc wrote cut short at 60% (a full disk), exit 0
  cut-final     the final code cut short at 60%, exit 0
  reader-limit  a function body past the MIR reader's own limit
  killed        every third llc run killed from outside (SIGKILL)
  fails-always  an llc that fails on every module, an empty one too, with
                an error message (a broken install or wrapper)
  path-newline  the real llcs; the input's file name holds a newline

Every fault must show as what it is (an infrastructure finding, exit bit
32; path-newline: nothing at all), and the same inputs without a fault
give no finding: the control.

    /usr/bin/python3 -m pytest tests/test_fault_kinds.py
"""
import json
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, installed_llcs  # noqa: E402
from soft import report  # noqa: E402

# One worker runs the module: its faults run once, its tests read them.
pytestmark = pytest.mark.xdist_group("fault_kinds")

SIGS = """; four signatures every llc compiles as the model places them
declare void @f0(i32)
declare i32 @f1(i32, i32)
declare void @f2(float, i64)
declare i64 @f3(<2 x i32>)
"""

GRAPH = """; a call graph every llc compiles as the model places it
declare void @g0(i32, float)
declare i32 @g1(i32, i64)
declare void @g2(float, <2 x i32>)
call @g0 -> @g1
call @g0 -> * @g2
call @g1 -> @g2
"""

# A stand-in: asked who it is, the real llc answers; otherwise BEFORE runs,
# then the real llc, then AFTER, with $OUT the -o file (`-o -`, the final
# code's: a file of the stand-in's, then written to stdout), $N the number
# of this call and $STAGE mir (the MIR pass, -stop-after) or final.
STANDIN = """#!/bin/sh
REAL=%(real)s
DIR=%(dir)s
for a in "$@"; do case "$a" in --version|--help*) exec "$REAL" "$@";; esac; done
OUT=; prev=
for a in "$@"; do [ "$prev" = -o ] && OUT=$a; prev=$a; done
N=$(( $(cat "$DIR/calls" 2>/dev/null || echo 0) + 1 )); echo $N > "$DIR/calls"
case "$*" in *-stop-after*) STAGE=mir;; *) STAGE=final;; esac
%(before)s
if [ "$OUT" = - ]; then
  OUT=$DIR/out.$N
  "$REAL" "$@" > "$OUT" || { st=$?; cat "$OUT"; exit $st; }
  %(after)s
  cat "$OUT"
  exit 0
fi
"$REAL" "$@" || exit $?
%(after)s
exit 0
"""

CUT = 'n=$(wc -c < "$OUT"); head -c $((n * 6 / 10)) "$OUT" > "$OUT.cut"; mv "$OUT.cut" "$OUT"'

# fault: (before, after, the infrastructure kinds it must show as, the
# axes of the compiler's findings whose stage it disturbs)
FAULTS = {
    "cut-mir": ("", '[ $STAGE = mir ] && [ -s "$OUT" ] && { %s; }' % CUT, {"bad-output"},
                {"model-vs-llc", "model-vs-llc-caller", "caller-vs-callee", "link"}),
    "cut-final": ("", '[ $STAGE = final ] && { %s; }' % CUT, {"bad-output"}, {"final-code"}),
    "reader-limit": ("", '[ $STAGE = mir ] && awk \'!done && /= COPY \\$/ { print; for (i = 0; i < 270000; i++) '
                         'print "    S_NOP 0"; done = 1; next } { print }\' "$OUT" > "$OUT.big" && '
                         'mv "$OUT.big" "$OUT"', {"reader-limit"},
                     {"model-vs-llc", "model-vs-llc-caller", "caller-vs-callee", "link"}),
    "killed": ('[ $((N % 3)) -eq 0 ] && kill -KILL $$', "",
               {"not-reproducible", "llc-stopped", "llc-unusable"},
               {"crash", "final-code", "model-vs-llc", "model-vs-llc-caller", "link"}),
    "fails-always": ('echo "llc: error: planted: fails on every module" >&2; exit 1', "", {"llc-unusable"},
                     {"crash"}),
    "path-newline": (None, None, set(), {"model-vs-llc", "model-vs-llc-caller", "caller-vs-callee", "link"}),
}
COMPILER_CLASSES = ("divergence", "crash")


def vocab():
    return json.loads(subprocess.run([GCNABI, "vocab"], capture_output=True, text=True, check=True).stdout)


KINDS = vocab()["finding_kinds"]
COMPILER_KINDS = [k["name"] for k in KINDS if k["class"] in COMPILER_CLASSES]
AXIS = {k["name"]: k["axis"] for k in KINDS}


def llcs():
    return [path for _, path in installed_llcs()[-2:]]


def standin(folder, real, before, after):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "llc")
    with open(path, "w") as f:
        f.write(STANDIN % {"real": real, "dir": folder, "before": before, "after": after})
    os.chmod(path, 0o755)
    return path


def check(folder, name, inputs, llc_paths):
    """Every input checked with llc_paths: [(input, exit status, findings, reproducers)]."""
    runs = []
    for inp in inputs:
        out = os.path.join(folder, "out-%s-%s" % (name, os.path.basename(inp).split(".")[0].replace("\n", "_")))
        cmd = [GCNABI, "check", "--quiet", "--mcpu", "gfx900", "--final-code", "--out", out]
        for k, llc in enumerate(llc_paths):
            cmd += ["--llc", "llc%d=%s" % (k, llc)]
        r = subprocess.run(cmd + [inp], capture_output=True, text=True, timeout=300)
        path = os.path.join(out, "findings.jsonl")
        findings = [json.loads(line) for line in open(path)] if os.path.exists(path) else []
        repro = os.path.join(out, "repro")
        kept = [n for n in os.listdir(repro) if n.endswith(".ll")] if os.path.isdir(repro) else []
        runs.append((inp, r.returncode, findings, kept, r.stderr[-400:]))
    return runs


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """{fault: runs} for every fault, and "control": the runs without one."""
    folder = str(tmp_path_factory.mktemp("fault_kinds"))
    inputs = []
    for name, text in (("sigs.ll", SIGS), ("graph.ll", GRAPH)):
        inputs.append(os.path.join(folder, name))
        with open(inputs[-1], "w") as f:
            f.write(text)
    out = {"control": check(folder, "control", inputs, llcs())}
    for fault, (before, after, _, _) in FAULTS.items():
        if before is None:
            renamed = []
            for inp in inputs:
                renamed.append(inp.replace(".ll", "\nx.ll"))
                with open(renamed[-1], "w") as f:
                    f.write(open(inp).read())
            out[fault] = check(folder, fault, renamed, llcs())
        else:
            stand = [standin(os.path.join(folder, "llc-%s-%d" % (fault, k)), real, before, after)
                     for k, real in enumerate(llcs())]
            out[fault] = check(folder, fault, inputs, stand)
    return out


def describe(runs):
    return "\n".join("%s: exit %d, %d findings %s, kept %s, stderr %s" % (
        os.path.basename(inp), rc, len(findings),
        [(f["combo"], f["kind"], f["function"], f["message"][:120]) for f in findings[:6]], kept[:6], err)
        for inp, rc, findings, kept, err in runs)


def test_control(results):
    """Without a fault, no finding and exit 0: what a fault run shows is the fault's."""
    runs = results["control"]
    report("the inputs without a fault: exit 0, no finding, on every llc and selector",
           all(rc == 0 and not findings for _, rc, findings, _, _ in runs), describe(runs))


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_fault_shows_as_itself(results, fault):
    """Each fault is seen as the machine's or gcnabi's: its infrastructure
    kinds (exit 32), no compiler exit bit, no reproducer."""
    _, _, kinds, _ = FAULTS[fault]
    runs = results[fault]
    seen = {f["kind"] for _, _, findings, _, _ in runs for f in findings}
    bits = [rc for _, rc, _, _, _ in runs]
    report("%s: shows as %s, exit %s" % (fault, sorted(kinds) or "nothing", "32" if kinds else "0"),
           (seen and seen <= kinds and all(rc == 32 for rc in bits)) if kinds else
           (not seen and all(rc == 0 for rc in bits)), describe(runs))
    report("%s: no reproducer kept" % fault, not any(kept for _, _, _, kept, _ in runs), describe(runs))


@pytest.mark.parametrize("kind", COMPILER_KINDS)
def test_kind_never_from_a_fault(results, kind):
    """No fault produces this compiler finding kind, and some fault
    disturbs the stage it comes from."""
    axis = AXIS[kind]
    report("%s (axis %s): some fault disturbs its stage" % (kind, axis),
           any(axis in axes for _, _, _, axes in FAULTS.values()),
           "no fault of %s covers the axis %s: add one" % (sorted(FAULTS), axis))
    hits = ["%s on %s: %s %s" % (fault, os.path.basename(inp), f["combo"], f["message"][:160])
            for fault in FAULTS for inp, _, findings, _, _ in results[fault] for f in findings if f["kind"] == kind]
    report("%s: no fault gives it" % kind, not hits, "\n".join(hits))
