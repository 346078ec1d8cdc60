#!/usr/bin/env python3
"""Tests of harness/gcnabi-run against real llc: errors that name file and
line, compiler discovery errors, --resume after a kill gives the same
report, --shard i/n + merge gives the same report, a crashing and a hanging
llc (wrappers around the real one) are bisected down to the guilty
function and bucketed, and the self-test. Prints [PASS]/[FAIL] name and
N/M passed; exits non-zero on any failure."""
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soft import report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = [sys.executable, os.path.join(ROOT, "harness", "gcnabi-run")]
GCNABI = os.path.join(ROOT, "build", "gcnabi")
REPORT_FILES = ("summary.md", "results.jsonl", "junit.xml", "index.html")


def run(args, **kw):
    return subprocess.run(RUN + args, capture_output=True, text=True, **kw)


def newest_llc():
    llcs = sorted(glob.glob("/usr/lib/llvm-*/bin/llc"), key=lambda p: int(p.split("-")[1].split("/")[0]))
    return llcs[-1] if llcs else None


# When and where a cause was first seen is the one thing two runs of one
# seed need not share: units finish in another order (summary.md's "first
# seen", results.jsonl's fields).
TIMES = re.compile(rb"first seen: unit \S+, \d+ s into the run|\"first_(seconds|unit)\": ?[^,}]+")


def untimed(data):
    return TIMES.sub(b"first seen: #", data)


def same_reports(a, b):
    """The names of the report files (and lit tests) that differ, the times
    causes were first seen at aside."""
    diff = []
    for f in REPORT_FILES:
        if untimed(open(os.path.join(a, f), "rb").read()) != untimed(open(os.path.join(b, f), "rb").read()):
            diff.append(f)
    ra, rb = os.path.join(a, "repro"), os.path.join(b, "repro")
    la = sorted(os.listdir(ra)) if os.path.isdir(ra) else []
    lb = sorted(os.listdir(rb)) if os.path.isdir(rb) else []
    if la != lb:
        diff.append("repro/ listing")
    else:
        diff += ["repro/" + f for f in la if open(os.path.join(ra, f), "rb").read() != open(os.path.join(rb, f), "rb").read()]
    return diff


def test_errors(tmp, llc):
    bad = os.path.join(tmp, "known-bad.txt")
    open(bad, "w").write("# comment\ncaller-vs-callee | amdgpu_gfx | 16 | dag | ok | fine\nmodel-vs-llc | gfx | 16 | dag | x | y\n")
    r = run(["run", "--llc", llc, "--known", bad, "--count", "5"])
    report("malformed known-differences entry: error names file and line", r.returncode == 1 and bad + ":3: error" in r.stderr,
           r.stderr)
    open(bad, "w").write("model-vs-llc | * | 16 | dag | ( | unbalanced\n")
    r = run(["run", "--llc", llc, "--known", bad, "--count", "5"])
    report("bad pattern in known differences: file:line", r.returncode == 1 and bad + ":1: error" in r.stderr, r.stderr)
    open(bad, "w").write("crash | * | 22 | dag\n")
    r = run(["run", "--llc", llc, "--known", bad, "--count", "5"])
    report("too few fields in known differences: file:line", r.returncode == 1 and bad + ":1: error" in r.stderr, r.stderr)
    w = os.path.join(tmp, "weights.txt")
    open(w, "w").write("pct_inreg = 10\nno_such_weight = 3\n")
    r = run(["run", "--llc", llc, "--weights", w, "--count", "5", "--out", os.path.join(tmp, "w")])
    report("bad weights file: error names file and line", r.returncode == 1 and w + ":" in r.stderr and "error" in r.stderr,
           r.stderr)
    lay = os.path.join(tmp, "bad.layout")
    open(lay, "w").write("name = bad\nsrd = s[0:\n")
    r = run(["run", "--llc", llc, "--layout", lay, "--count", "5", "--out", os.path.join(tmp, "l")])
    report("unreadable layout: error names file and line", r.returncode == 1 and lay + ":2:" in r.stderr, r.stderr)
    r = run(["run", "--llc", os.path.join(tmp, "no-such-llc"), "--count", "5"])
    report("named llc missing: clear error", r.returncode == 1 and "no-such-llc: no such file" in r.stderr, r.stderr)
    fake = os.path.join(tmp, "llc-x86")
    open(fake, "w").write("#!/bin/sh\necho 'LLVM (http://llvm.org/):'\necho '  LLVM version 19.1.7'\n"
                          "echo '  Registered Targets:'\necho '    x86    - 32-bit X86: Pentium-Pro and above'\n")
    os.chmod(fake, 0o755)
    r = run(["run", "--llc", fake, "--count", "5"])
    report("llc without amdgcn: clear error", r.returncode == 1 and "without the amdgcn target" in r.stderr, r.stderr)
    env = dict(os.environ, GCNABI_LLC_SEARCH=os.path.join(tmp, "none/*"), PATH=os.path.join(tmp, "empty"))
    r = run(["run", "--count", "5"], env=env)
    report("no llc at all: says how to install one", r.returncode == 1 and "make deps" in r.stderr and "apt-get" in r.stderr,
           r.stderr)


def test_bad_input(tmp, llc):
    """The user's own files: bad input stops the run before any work, with
    gcnabi's message naming the user's file and line (not the run's copy);
    a Latin-1 comment is not UTF-8: an error at its byte, as gcnabi place says."""
    bad = os.path.join(tmp, "user-sigs.ll")
    open(bad, "w").write("declare void @f(i32)\ndecalre void @g(i64)\n")
    out = os.path.join(tmp, "bad-input")
    r = run(["run", "--llc", llc, "--count", "0", "--graphs", "0", "--suites", "default", "--out", out, bad])
    report("bad input file: the error names the user's file:line:col before any work starts",
           r.returncode == 1 and bad + ":2:1: error: 'decalre' is not 'declare'" in r.stderr and not os.path.exists(out),
           "exit %d %s" % (r.returncode, r.stderr[-600:]))
    latin = os.path.join(tmp, "latin1.ll")
    open(latin, "wb").write(b"; caf\xe9, Stra\xdfe\ndeclare void @f(i32)\ndeclare void @g(i32 inreg)\n")
    out = os.path.join(tmp, "latin1")
    r = run(["run", "--llc", llc, "--mcpu", "gfx1030", "--count", "0", "--graphs", "0", "--suites", "default",
             "--out", out, latin])
    report("a Latin-1 comment: not UTF-8, an error naming the file, line and column before any work",
           r.returncode == 1 and latin + ":1:6: error: a byte that is not UTF-8" in r.stderr and
           "Traceback" not in r.stderr and not os.path.exists(out), "exit %d %s" % (r.returncode, r.stderr[-800:]))


def small(llc, out, extra=()):
    # One llc, two CPUs, both selectors, 60 signatures and 4 call graphs, a
    # planted profile change so that the run has new findings to minimize:
    # 8 units.
    return ["run", "--llc", llc, "--mcpu", "gfx1030", "--mcpu", "gfx900", "--seed", "7", "--count", "60",
            "--chunk", "20", "--graphs", "4", "--switch", "queue_ptr_cov5_hole=on", "--no-new-reg-bank-select", "--jobs", "2",
            "--suites", "default", "--out", out] + list(extra)


@pytest.mark.slow
def test_resume_and_shards(tmp, llc):
    a = os.path.join(tmp, "whole")
    t0 = time.monotonic()
    r = run(small(llc, a))
    whole = time.monotonic() - t0
    ok = r.returncode & 8 and all(os.path.exists(os.path.join(a, f)) for f in REPORT_FILES)
    report("uninterrupted run writes the four reports (exit 8: planted divergence)", ok, r.stderr[-800:])
    r2 = run(small(llc, os.path.join(tmp, "again")))
    d = same_reports(a, os.path.join(tmp, "again"))
    report("same seed and inputs: byte-identical reports", not d, "differ: %s" % d)
    # Killed halfway: after the second unit is in the journal.
    b = os.path.join(tmp, "killed")
    p = subprocess.Popen(RUN + small(llc, b), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    journal = os.path.join(b, "journal.jsonl")
    deadline = time.monotonic() + whole * 3 + 60
    while time.monotonic() < deadline and p.poll() is None:
        if os.path.exists(journal) and sum(1 for _ in open(journal)) >= 2:
            break
        time.sleep(0.2)
    killed = p.poll() is None
    os.killpg(p.pid, signal.SIGKILL)
    p.wait()
    done_before = sum(1 for _ in open(journal)) if os.path.exists(journal) else 0
    r = run(["run", "--resume", b, "--jobs", "2"])
    d = same_reports(a, b)
    report("killed after %d of 8 units, --resume: same reports as uninterrupted" % done_before,
           killed and 0 < done_before < 8 and not d, "killed=%s done=%d differ: %s %s" % (killed, done_before, d, r.stderr[-500:]))
    s1, s2, m = os.path.join(tmp, "s1"), os.path.join(tmp, "s2"), os.path.join(tmp, "merged")
    r1 = run(small(llc, s1, ["--shard", "1/2"]))
    r2 = run(small(llc, s2, ["--shard", "2/2"]))
    r3 = run(["merge", s1, s2, "--out", m])
    d = same_reports(a, m) if os.path.exists(os.path.join(m, "summary.md")) else ["no report"]
    report("--shard 1/2 + --shard 2/2 + merge: same reports as unsharded", not d,
           "differ: %s %s" % (d, (r1.stderr + r2.stderr + r3.stderr)[-800:]))


WRAPPER = r'''#!/usr/bin/env python3
# A real llc that crashes on one planted type and hangs on another.
import os, sys, time
REAL = %r
args = sys.argv[1:]
inp = [a for a in args if a.endswith(".ll")]
text = open(inp[0]).read() if inp else ""
if "<7 x i13>" in text:
    sys.stderr.write("llc: planted.cpp:42: void planted(): Assertion `guilty' failed.\n")
    sys.stderr.flush()
    os.abort()
if "<5 x i11>" in text:
    time.sleep(20)
    sys.exit(1)
os.execv(REAL, [REAL] + args)
'''


@pytest.mark.slow
def test_crash_bisect(tmp, llc):
    wrap = os.path.join(tmp, "wrapbin")
    os.makedirs(wrap)
    w = os.path.join(wrap, "llc")
    open(w, "w").write(WRAPPER % llc)
    os.chmod(w, 0o755)
    sigs = os.path.join(tmp, "crash.ll")
    gen = subprocess.run([GCNABI, "gen", "--seed", "3", "--count", "30"],
                         capture_output=True, text=True).stdout
    lines = [l for l in gen.splitlines() if l.startswith("declare") and "<7 x i13>" not in l and "<5 x i11>" not in l]
    lines.insert(11, "declare void @guilty(i32, <7 x i13>, float)")
    lines.insert(23, "declare amdgpu_gfx void @sleepy(<5 x i11> inreg)")
    open(sigs, "w").write("\n".join(lines) + "\n")
    out = os.path.join(tmp, "crashrun")
    r = run(["run", "--llc", w, "--mcpu", "gfx1030", "--selector", "dag", "--count", "0", "--chunk", "100",
             "--timeout", "3", "--out", out, sigs])
    import json
    fs = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))] if os.path.exists(
        os.path.join(out, "results.jsonl")) else []
    crash = [f for f in fs if f.get("type") == "finding" and f["axis"] == "crash"]
    guilty = {f["function"] for f in crash if "Assertion" in f["why"]}
    hung = {f["function"] for f in crash if f["kind"] == "hang" and "past --timeout" in f["why"]}
    report("crashing llc: batch bisected down to the guilty function", guilty == {"guilty"} and r.returncode & 16,
           "crash findings %s, exit %d %s" % (sorted((f["function"], f["why"][:60]) for f in crash), r.returncode, r.stderr[-500:]))
    report("hanging llc: batch bisected down to the function (timeout)", hung == {"sleepy"}, "hung %s" % sorted(hung))
    causes = [f for f in fs if f.get("type") == "cause" and f["axis"] == "crash"]
    buckets = sorted(c["what"] for c in causes)
    # The run used the stand-in alone: for the installed llc, gcnabi check
    # of the minimized signature predicts a pass, and lit passes there.
    lit_ok = [c for c in causes if "Assertion" in c["what"] and c.get("lit") and c["lit"]["status"] == "verified" and
              "; PASSES with llc " in c["lit"]["verdict"]]
    report("crashes bucketed by first error line, one reproducer per bucket, verified: gcnabi check of it predicts "
           "the installed llc the run did not use",
           len(causes) == 2 and lit_ok and all(c["minimized"] for c in causes),
           "causes %s" % [(c["what"], c.get("minimized"), (c.get("lit") or {}).get("status")) for c in causes])
    journal = os.path.join(out, "journal.jsonl")
    units = {u["unit"]: u.get("elapsed") for u in map(json.loads, open(journal))} if os.path.exists(journal) else {}
    summary = open(os.path.join(out, "summary.md")).read() if os.path.exists(os.path.join(out, "summary.md")) else ""
    report("time to find: every cause names the unit and the second it was first seen (as journaled), in "
           "results.jsonl and summary.md",
           causes and all(c.get("first_unit") in units and c["first_seconds"] == units[c["first_unit"]] > 0
                          for c in causes) and
           summary.count("- first seen: unit %s, " % causes[0]["first_unit"]) >= len(causes),
           "causes %s, units %s" % ([(c.get("first_unit"), c.get("first_seconds")) for c in causes], units))


def test_graph_crash_reproducer(tmp, llc):
    """A crash only a call graph shows (llc 19 and 22 SelectionDAG: a shader
    with too many input SGPRs that calls): reduced by llvm-reduce from the
    graph's module to a verified lit test, the graph named in its header."""
    import json
    if int(llc.split("llvm-")[1].split("/")[0]) < 19:
        report("graph crash reproducer: needs llc 19 or later", False, llc)
        return
    graphs = os.path.join(ROOT, "tests", "fixtures", "graphs", "shader_input_sgprs.ll")
    out = os.path.join(tmp, "graphcrash")
    # The crash is a known cause, which a run does not minimize again: here no entry knows it.
    none_known = os.path.join(tmp, "graphcrash-known.txt")
    open(none_known, "w").close()
    # Every installed llc in the run: each has a prediction (19 and 22 fail,
    # the others compiled the graph).
    r = run(["run", "--mcpu", "gfx1030", "--selector", "dag", "--count", "0", "--out", out,
             "--known", none_known, graphs])
    fs = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))] if os.path.exists(
        os.path.join(out, "results.jsonl")) else []
    causes = [f for f in fs if f.get("type") == "cause" and f["axis"] == "crash"]
    # One cause per llc that shows it (19, 22), each its own reproducer.
    showing = [p for p in glob.glob("/usr/lib/llvm-*/bin/llc") if int(p.split("-")[1].split("/")[0]) >= 19]
    tests = []
    for c in causes:
        lit = c.get("lit") or {}
        path = os.path.join(out, "repro", lit["path"]) if lit.get("path") else ""
        tests.append((c, lit, open(path).read() if path and os.path.exists(path) else ""))
    ok = len(causes) == len(showing) and all(
        c["example"] == "b.n0" and lit.get("status") == "verified" and
        "; From the call graph: call @b.n0 -> * @b.n1" in test and "call amdgpu_gfx" in test and
        "too many input SGPRs" in test and "@a.n0" not in test for c, lit, test in tests)
    report("graph-only crash: reduced from its call graph to a verified lit test per llc showing it (%d)" % len(showing),
           ok, "exit %d, causes %s\n%s\n%s" % (r.returncode, [(c["what"], c["example"], c.get("lit")) for c in causes],
                                               "\n".join(t[:1500] for _, _, t in tests), r.stderr[-800:]))


def test_final_code_crash_reproducer(tmp):
    """llc failing on the final code (final-code-refused: llc 19
    gfx900, tests/fixtures/final/scratch_register.graph, whose MIR pass
    compiles) is a new compiler crash of the run (exit 16), one cause on
    the final-code axis, minimized with its call graph and reduced by
    llvm-reduce to a lit test `not --crash llc <final-code flags> ... |
    FileCheck` on llc's error line, verified: it passes with llc 19 (llc
    fails so there) and fails with every other installed llc (each
    compiles it); upstream lit from a copy in an empty folder agrees."""
    import json
    llcs = llcs_with(19, "final-code crash reproducer")
    if not llcs:
        return
    src = os.path.join(ROOT, "tests", "fixtures", "final", "scratch_register.graph")
    out = os.path.join(tmp, "finalcrash")
    none_known = os.path.join(tmp, "finalcrash-known.txt")
    open(none_known, "w").close()
    r = run(["run", "--final-code", "dag", "--mcpu", "gfx900", "--selector", "dag", "--count", "0", "--out", out,
             "--known", none_known, src])
    rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))] if os.path.exists(
        os.path.join(out, "results.jsonl")) else []
    causes = [x for x in rows if x.get("type") == "cause"]
    c = causes[0] if len(causes) == 1 else {}
    lit = c.get("lit") or {}
    path = os.path.join(out, "repro", lit["path"]) if lit.get("path") else ""
    test = open(path).read() if path and os.path.exists(path) else ""
    others = sorted(v for v in llcs if v != 19)
    report("final-code crash: one new cause (exit 16) on the final-code axis, its lit test `not --crash llc` with "
           "the final code's flags and llc's error line, verified: passes with llc 19, fails with %s" % others,
           r.returncode == 16 and c.get("axis") == "final-code" and c.get("versions") == [19] and
           c["cause"] == "compiler: LLVM ERROR: failed to find free scratch register (killed by SIGABRT)" and
           lit.get("status") == "verified" and [v.split(".")[0] for v in lit.get("passes_with", [])] == ["19"] and
           sorted(int(v.split(".")[0]) for v in lit.get("fails_with", [])) == others and
           "\n; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -verify-machineinstrs -enable-ipra=0 "
           "-amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s\n" in test and
           "\n; CHECK: LLVM ERROR: failed to find free scratch register\n" in test and "define void @f(" in test,
           "exit %d, causes %s\n%s\n%s" % (r.returncode, json.dumps(causes)[:1500], test[:2000], r.stderr[-800:]))
    if test:
        upstream = {v: lit_in_empty_dir(path, llcs[v]) for v in (19, 22) if v in llcs}
        report("final-code crash: upstream lit on a copy passes with llc 19, fails with llc 22 (%s)" % upstream,
               upstream.get(19) is True and upstream.get(22, False) is False, repr(upstream))


def llcs_with(major, what):
    """{major: path} of the llc of every Debian LLVM installed; None after
    a failed test `what` when llc major is not among them."""
    llcs = {int(p.split("llvm-")[1].split("/")[0]): p for p in glob.glob("/usr/lib/llvm-*/bin/llc")}
    if major not in llcs:
        report("%s: needs llc %d" % (what, major), False, "installed: %s" % sorted(llcs))
        return None
    return llcs


def lit_in_empty_dir(test_path, llc):
    """Upstream lit on a copy of one reproducer and its lit.cfg.py in a
    fresh directory, with one llc (its FileCheck beside it, else any):
    whether the test passed."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import compilers as C
    d, bindir = tempfile.mkdtemp(prefix="gcnabi-lit-copy-"), tempfile.mkdtemp(prefix="gcnabi-lit-bin-")
    try:
        shutil.copy(test_path, d)
        shutil.copy(os.path.join(os.path.dirname(test_path), "lit.cfg.py"), d)
        os.symlink(llc, os.path.join(bindir, "llc"))
        for name in ("FileCheck", "not"):
            os.symlink(C.llvm_tool({"bindir": os.path.dirname(llc)}, name), os.path.join(bindir, name))
        r = subprocess.run(C.lit_command() + ["-q", "--param", "llvm_bin=" + bindir, d], capture_output=True, text=True)
        return r.returncode == 0
    finally:
        shutil.rmtree(d, ignore_errors=True)
        shutil.rmtree(bindir, ignore_errors=True)


def crash_entries():
    """The crash entries of the default known-differences file, without the
    stored reproducers (whose paths are relative to that file)."""
    return [re.sub(r" \| repro: \S+$", "", l.rstrip("\n")) + "\n"
            for l in open(os.path.join(ROOT, "cases", "known-differences.txt")) if l.startswith("crash |")]


@pytest.mark.slow
@pytest.mark.parametrize("known_axes", ["caller-vs-callee", None], ids=["known-on-caller-vs-callee", "known-nowhere"])
def test_llc16_caller_reproducers(tmp, known_axes):
    """llc 16's inreg SGPR caller bug (amdgpu_gfx, gfx1200), found in a call
    graph: the model-vs-llc-caller finding, which does not reproduce alone,
    is reduced together with its graph; each reproducer is verified on
    every installed llc (llc 16 fails, the others as the model predicts)
    and does exactly that under upstream lit from a copy in an empty
    directory; it names no path and none of gcnabi's own names."""
    import json
    llcs = {int(p.split("-")[1].split("/")[0]): p for p in glob.glob("/usr/lib/llvm-*/bin/llc")}
    if 16 not in llcs:
        report("llc 16 caller reproducers: needs llc 16", False, "installed: %s" % sorted(llcs))
        return
    graph = os.path.join(ROOT, "tests", "fixtures", "graphs", "llc16_gfx_caller_sgprs.ll")
    # One cause on two axes. Accepted on the caller-vs-callee axis only, it
    # is new where it needs its graph, and minimized from there; accepted
    # nowhere, from the caller-vs-callee finding, which reproduces alone.
    known = os.path.join(tmp, "llc16-known-%s.txt" % known_axes)
    with open(known, "w") as fk:
        # The default file's crash entries stay (llc 16 also fails the
        # verifier on this graph, a crash of its own, known there).
        fk.writelines(crash_entries())
        if known_axes:
            fk.write("%s | amdgpu_gfx | 16 | dag | . | accepted on one axis for the test\n" % known_axes)
    out = os.path.join(tmp, "llc16-caller-%s" % known_axes)
    r = run(["run", "--llc", llcs[16], "--mcpu", "gfx1200", "--selector", "dag", "--count", "0", "--out", out,
             "--known", known, graph])
    rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))] if os.path.exists(
        os.path.join(out, "results.jsonl")) else []
    found = [c for c in rows if c.get("type") == "cause" and c["status"] != "known"]
    report("llc 16 caller bug: one cause on the model-vs-llc-caller and caller-vs-callee axes (known on %s)" %
           known_axes, len(found) == 1 and {a["axis"] for a in found[0]["axes"]} >= {
               "model-vs-llc-caller", "caller-vs-callee"}, repr(found)[:1500])
    causes = {c["axis"]: dict(c, out=out) for c in found}
    if known_axes == "caller-vs-callee":
        graph_cause = causes.get("model-vs-llc-caller") or {}
        lit = graph_cause.get("lit") or {}
        reduced = os.path.join(out, "repro", lit.get("path", "-")[:-3] + ".graph")
        fns = [l for l in open(reduced)] if os.path.exists(reduced) else []
        fns = [l for l in fns if l.startswith("declare")]
        report("llc 16 caller bug in a call graph: reduced with its graph (8 functions to at most 3) to a verified test",
               lit.get("status") == "verified" and "16.0.6" in lit.get("fails_with", []) and
               not lit.get("disagree") and 0 < len(fns) <= 3 and "@g3.n6(" in "".join(fns),
               "exit %d: %s\n%s\n%s" % (r.returncode, graph_cause, fns, r.stderr[-1500:]))
    for axis, c in sorted(causes.items()):
        lit = c.get("lit") or {}
        path = os.path.join(c["out"], "repro", lit["path"]) if lit.get("path") else None
        text = open(path).read() if path and os.path.exists(path) else ""
        lit_says = {v: True for v in lit.get("passes_with", [])}
        lit_says.update({v: False for v in lit.get("fails_with", [])})
        seen = {}
        for major, llc in sorted(llcs.items()):
            version = next((v for v in lit_says if v.split(".")[0] == str(major)), None)
            seen[version or major] = lit_in_empty_dir(path, llc) if path else None
        # caller-vs-callee: the known cause, minimized to one signature, is
        # predicted on every llc: it fails on 16 alone.
        want_all = axis != "caller-vs-callee" or (lit.get("status") == "verified" and
                                                  [v for v in lit_says if not lit_says[v]] == ["16.0.6"])
        report("%s reproducer: the verdict's fail/pass sets on all %d installed llc, and the same under upstream "
               "lit from an empty directory; no path, no gcnabi name in it" % (axis, len(llcs)),
               text and want_all and len(lit_says) == len(llcs) and seen == lit_says and "/usr/" not in text and
               "/tmp" not in text and "gcnabi." not in text and
               ("; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1200 -verify-machineinstrs -stop-after=finalize-isel "
                "%s -o - | FileCheck %s" in text or
                "; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1200 -stop-after=finalize-isel %s -o - | FileCheck %s"
                in text and "RUN without -verify-machineinstrs: llc 16.0.6 rejects the module, machine verifier: " in text),
               "lit record %s\nlit from a copy: %s\n%s" % (lit, seen, text[:2500]))


def test_selector_reproducer(tmp, llc):
    """The mixed-selector link from a run (gfx700, both selectors, one
    llc): the half disagreement is explained by dag_fp16_promoted, listed
    among the compiler bugs, and gets one lit test per caller selector,
    shrunk to one argument, verified on every installed llc (each fails:
    every profile has the switch on) and, from a copy under upstream lit in
    an empty directory, failing again with this llc; no path and no gcnabi
    name in it."""
    import json
    sigs = os.path.join(tmp, "selector.ll")
    with open(sigs, "w") as f:
        f.write("declare void @h(i32, half, float)\n")
    out = os.path.join(tmp, "selector-run")
    r = run(["run", "--llc", llc, "--mcpu", "gfx700", "--count", "0", "--graphs", "0", "--out", out, sigs])
    rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))] if os.path.exists(
        os.path.join(out, "results.jsonl")) else []
    minimized = [json.loads(l) for l in open(os.path.join(out, "minimize.jsonl"))] if os.path.exists(
        os.path.join(out, "minimize.jsonl")) else []
    tests = {m["key"]: m for m in minimized if m["key"].startswith("cross-selector|")}
    want = {"cross-selector|dag_fp16_promoted|dag", "cross-selector|dag_fp16_promoted|gisel"}
    bugs = [b for b in rows if b.get("type") == "bug" and "dag_fp16_promoted" in b["bug"]]
    texts = {k: open(os.path.join(out, "repro", m["path"])).read() if m.get("path") else "" for k, m in tests.items()}
    summary = open(os.path.join(out, "summary.md")).read() if os.path.exists(os.path.join(out, "summary.md")) else ""
    copied = {k: lit_in_empty_dir(os.path.join(out, "repro", m["path"]), llc) for k, m in tests.items() if m.get("path")}
    report("mixed-selector reproducers: one verified lit test per caller selector for the gfx700 half, shrunk to "
           "@f(half), failing with the llc from a copy; the bug listed (exit %d)" % r.returncode,
           r.returncode in (0, 4) and set(tests) == want and bugs and "## Mixed-selector reproducers" in summary and
           all(m["status"].startswith("verified") and m.get("signature") == "declare void @f(half)" for m in tests.values())
           and all(v is False for v in copied.values()) and len(copied) == 2 and
           all("/usr/" not in t and "/tmp" not in t and "gcnabi." not in t and "--check-prefix=DAG" in t and
               "--check-prefix=GISEL" in t for t in texts.values()),
           "%s\n%s\n%s\n%s" % (tests, copied, bugs, r.stderr[-2000:]))


@pytest.mark.slow
def test_crash_needs_its_graph(tmp):
    """A crash that llc shows only in its call graph (seed 20261211: llc 15
    SelectionDAG cannot select the truncate of a <1 x i8> a caller loaded)
    is new when its known entry is left out: the graph is reduced with
    gcnabi check to one signature, llvm-reduce shrinks its module, and the
    lit test's verdict gives every installed llc a place: fails with 15,
    passes where the run compiled the graph cleanly (16, 19, 22), and no
    prediction where it did not (the model of 14 refuses bfloat)."""
    import json
    llcs = llcs_with(15, "crash that needs its graph")
    if not llcs:
        return
    graph = os.path.join(ROOT, "tests", "fixtures", "graphs", "llc15_v1i8_truncate.ll")
    known = os.path.join(tmp, "no-truncate-known.txt")
    with open(known, "w") as fk:
        fk.writelines(l for l in crash_entries() if "truncate" not in l)
    out = os.path.join(tmp, "truncate-graph")
    r = run(["run", "--mcpu", "gfx900", "--selector", "dag", "--count", "0", "--out", out, "--known", known, graph])
    rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))] if os.path.exists(
        os.path.join(out, "results.jsonl")) else []
    new = [c for c in rows if c.get("type") == "cause" and c["status"] == "new"]
    lit = (new[0].get("lit") or {}) if len(new) == 1 else {}
    path = os.path.join(out, "repro", lit["path"]) if lit.get("path") else ""
    text = open(path).read() if path and os.path.exists(path) else ""
    defines = re.findall(r"^(?:define|declare) ", text, re.M)
    verdict = lit.get("verdict", "")
    every = all(re.search(r"llc %d\.\d+\.\d+" % major, verdict) for major in llcs)
    want_pass = {v for v in lit.get("passes_with", []) if int(v.split(".")[0]) >= 16}
    report("a crash that needs its call graph: one new cause, reduced to one <1 x i8> signature and at most two "
           "functions of IR, the verdict naming all %d installed llc" % len(llcs),
           r.returncode & 16 and len(new) == 1 and "truncate" in new[0]["what"] and
           re.fullmatch(r"declare amdgpu_gfx void @f\(<1 x i8>\)", new[0].get("minimized") or "") and
           0 < len(defines) <= 2 and every and lit.get("status") in ("verified", "partial") and
           any(v.startswith("15.") for v in lit.get("fails_with", [])) and
           len(want_pass) == len([m for m in llcs if m >= 16]) and not lit.get("disagree"),
           "exit %d: %s\n%s\n%s" % (r.returncode, json.dumps(new)[:2000], text[:1500], r.stderr[-1000:]))


def test_conventions_in_reports(tmp):
    """The reports list every convention the cross-version link matrix has:
    chain call sites of llc 19 against llc 22's chain callees get their own
    table in summary.md and index.html, and the known-differences file
    takes the new convention names."""
    llcs = {int(p.split("-")[1].split("/")[0]): p for p in glob.glob("/usr/lib/llvm-*/bin/llc")}
    if 19 not in llcs or 22 not in llcs:
        report("chain conventions in the reports: needs llc 19 and 22", False, "installed: %s" % sorted(llcs))
        return
    sigs = os.path.join(tmp, "chain.ll")
    open(sigs, "w").write("declare amdgpu_cs_chain void @c0(i32 inreg, <2 x i32> inreg, float, i64)\n"
                          "declare amdgpu_cs_chain_preserve void @c1(ptr addrspace(1) inreg, <3 x float>)\n")
    known = os.path.join(tmp, "known-chain.txt")
    open(known, "w").write("caller-vs-callee | amdgpu_cs_chain | 22 | dag | no such pattern | accepted for the test\n")
    out = os.path.join(tmp, "chain-run")
    r = run(["run", "--llc", "llvm19=" + llcs[19], "--llc", "llvm22=" + llcs[22], "--mcpu", "gfx1100", "--selector",
             "dag", "--count", "0",
             "--no-new-reg-bank-select", "--no-minimize", "--known", known, "--out", out, sigs])
    summary = open(os.path.join(out, "summary.md")).read() if os.path.exists(os.path.join(out, "summary.md")) else ""
    page = open(os.path.join(out, "index.html")).read() if os.path.exists(os.path.join(out, "index.html")) else ""
    ok = r.returncode in (0, 4) and "| amdgpu_cs_chain | llvm19 | llvm22 |" in summary and \
        "| amdgpu_cs_chain_preserve |" in summary and "amdgpu_cs_chain: call site (row)" in page
    report("chain conventions in the link tables of summary.md and index.html", ok,
           "exit %d\n%s%s\n%s" % (r.returncode, r.stdout[-1500:], r.stderr[-1500:], summary[-2000:]))


def test_suites(tmp, llc):
    """--suites: the conventions besides the default one get units of their
    own, with their own weights; their functions reach the report."""
    import json
    out = os.path.join(tmp, "suites")
    r = run(["run", "--llc", llc, "--mcpu", "gfx1030", "--selector", "dag", "--no-new-reg-bank-select", "--seed", "5",
             "--count", "100", "--graphs", "8", "--suites", "default,shaders,chain,kernels", "--no-minimize",
             "--out", out])
    plan = json.load(open(os.path.join(out, "plan.json"))) if os.path.exists(os.path.join(out, "plan.json")) else {}
    suites = sorted({u.get("suite") for u in plan.get("units", [])})
    report("--suites: units for every suite asked for", suites == ["chain", "default", "kernels", "shaders"],
           "suites %s; %s" % (suites, r.stderr[-500:]))
    ccs = set()
    for path in glob.glob(os.path.join(out, "inputs", "*.ll")):
        for line in open(path):
            if line.startswith("declare"):
                ccs.add(line.split()[1])
    want = {"amdgpu_cs_chain", "amdgpu_kernel", "amdgpu_gfx"}
    report("--suites: each suite's signatures use its conventions (chain, kernel, shader entry points)",
           want <= ccs and any(c in ccs for c in ("amdgpu_cs", "amdgpu_ps", "amdgpu_vs", "amdgpu_gs")), sorted(ccs))
    report("--suites run writes the four reports", r.returncode != 1 and r.returncode != 2 and
           all(os.path.exists(os.path.join(out, f)) for f in REPORT_FILES), "exit %d %s" % (r.returncode, r.stderr[-500:]))
    r = run(["run", "--llc", llc, "--count", "5", "--suites", "default,vertex", "--out", os.path.join(tmp, "bad")])
    report("--suites with an unknown name is a usage error naming it", r.returncode == 2 and "'vertex'" in r.stderr,
           r.stderr)


def test_reduce_keeps_clean():
    """llvm-reduce of a final-code crash keeps the compilers the run
    compiled the unit with cleanly compiling it, and those it saw the same
    cause with failing for it: llc 19 on gfx600 fails on
    the caller of tests/fixtures/final/illegal_copies.ll's f0 ("illegal VGPR
    to SGPR copy"), llc 22 compiles it. Reduced for llc 19's cause alone,
    the uniform load the caller passes inreg becomes an argument (a
    lane-varying value) and llc 22 fails too: another failure. With llc 22
    in the interestingness test the reduction still fails on llc 19 for
    the cause and compiles with llc 22."""
    llcs = llcs_with(22, "llvm-reduce keeps the clean compilers clean") and \
        llcs_with(19, "llvm-reduce keeps the clean compilers clean")
    if not llcs:
        return
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import littest as L
    tmp = tempfile.mkdtemp(prefix="gcnabi-reduce-")
    decl = [l for l in open(os.path.join(ROOT, "tests", "fixtures", "final", "illegal_copies.ll"))
            if l.startswith("declare")][0]
    sig = os.path.join(tmp, "sig.ll")
    with open(sig, "w") as f:
        f.write(decl)
    ir = subprocess.run([GCNABI, "emit", "--typed-pointers", "--profile", "llvm19", "--selector", "dag", "--mcpu",
                         "gfx600", "--uniform-inreg", "--caller", sig], capture_output=True, text=True).stdout
    ir = "".join(l + "\n" for l in ir.splitlines() if not l.startswith("; gcnabi emit"))
    err = "error: <unknown>:0:0: in function gcnabi.0.caller void (): illegal VGPR to SGPR copy"
    cause = subprocess.run([GCNABI, "cause", "-"], input=err, capture_output=True, text=True).stdout.strip()
    f = {"cpu": "gfx600", "axis": "final-code", "selector": "dag", "kind": "final-code-refused",
         "llc_failure": {"error": err, "cause": cause, "signal": None, "limit": None}}
    subject, clean = {"path": llcs[19], "version": "LLVM version 19"}, {"path": llcs[22], "version": "LLVM version 22"}
    red = L.reduce_ir(ir, f, subject, [subject, clean], tmp, time.monotonic() + 300, [clean]) or ""
    path = os.path.join(tmp, "reduced.ll")
    with open(path, "w") as out:
        out.write(red)
    r19 = subprocess.run([llcs[19]] + L.llc_flags(f) + [path, "-o", "/dev/null"], capture_output=True, text=True)
    r22 = subprocess.run([llcs[22]] + L.llc_flags(f) + [path, "-o", "/dev/null"], capture_output=True, text=True)
    got19 = subprocess.run([GCNABI, "cause", "-"], input=r19.stderr, capture_output=True, text=True).stdout.strip()
    report("llvm-reduce of llc 19's illegal copy with llc 22 clean: smaller, still llc 19's cause, llc 22 compiles it",
           red and len(red.splitlines()) < len(ir.splitlines()) and got19.startswith(cause) and r22.returncode == 0,
           "llc 19: %s\nllc 22 exit %d: %s\n%s" % (got19, r22.returncode, r22.stderr[:300], red))
    # llc 15 and 16 fail on it with "illegal SGPR to VGPR copy": reduced for
    # llc 15 with llc 16 seen with the same cause, both still fail so.
    have = {v: p for v, p in llcs.items() if v in (15, 16)}
    if len(have) < 2:
        return
    err = "error: <unknown>:0:0: in function gcnabi.0.caller void (): illegal SGPR to VGPR copy"
    cause = subprocess.run([GCNABI, "cause", "-"], input=err, capture_output=True, text=True).stdout.strip()
    f["llc_failure"] = {"error": err, "cause": cause, "signal": None, "limit": None}
    subject, same = {"path": llcs[15], "version": "LLVM version 15"}, {"path": llcs[16], "version": "LLVM version 16"}
    tmp = tempfile.mkdtemp(prefix="gcnabi-reduce-")
    red = L.reduce_ir(ir, f, subject, [subject, same, clean], tmp, time.monotonic() + 300, [clean], [same]) or ""
    with open(path, "w") as out:
        out.write(red)
    got = {}
    for v in (15, 16, 22):
        r = subprocess.run([llcs[v]] + L.llc_flags(f) + [path, "-o", "/dev/null"], capture_output=True, text=True)
        got[v] = subprocess.run([GCNABI, "cause", "-"], input=r.stderr, capture_output=True, text=True).stdout.strip() \
            if r.returncode else None
    report("llvm-reduce of llc 15's illegal copy, llc 16 seen with the same cause, llc 22 clean: smaller, llc 15 "
           "and 16 still fail for the cause, llc 22 compiles it",
           red and len(red.splitlines()) < len(ir.splitlines()) and (got[15] or "").startswith(cause) and
           (got[16] or "").startswith(cause) and got[22] is None, "%s\n%s" % (got, red))


def test_reduce_keeps_check_line():
    """llvm-reduce of a final-code crash keeps the lit test's CHECK line
    matched and the RUN line's way of failing, not just the cause: llc 22
    GlobalISel on gfx1100 cannot select the G_MERGE_VALUES of an inreg <3 x
    i8> argument in SGPRs (sreg_32, sgpr). `gcnabi cause` normalizes the
    register banks, so reduced for the cause alone, the argument loses
    inreg and llc fails on VGPRs (vgpr_32), which the CHECK line of the
    SGPR error does not match (seed 20261209's nightly: NOT verified, the
    test failing with the llc it was found on). With the CHECK line in the
    interestingness test, FileCheck matches llc 22's error on the reduced
    IR."""
    llcs = llcs_with(22, "llvm-reduce keeps the CHECK line")
    if not llcs:
        return
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import compilers as C, littest as L
    tmp = tempfile.mkdtemp(prefix="gcnabi-reduce-")
    sig = os.path.join(tmp, "sig.ll")
    with open(sig, "w") as f:
        f.write("declare amdgpu_gfx void @f(<3 x i8> inreg)\n")
    ir = subprocess.run([GCNABI, "emit", "--typed-pointers", "--profile", "llvm22", "--selector", "gisel", "--mcpu",
                         "gfx1100", "--uniform-inreg", "--caller", sig], capture_output=True, text=True).stdout
    ir = "".join(l + "\n" for l in ir.splitlines() if not l.startswith("; gcnabi emit"))
    err = "LLVM ERROR: cannot select: %24:sreg_32(s32) = G_MERGE_VALUES %22:sgpr(s16), %30:sgpr(s16) " \
          "(in function: gcnabi.0.fn)"
    cause = subprocess.run([GCNABI, "cause", "-"], input=err, capture_output=True, text=True).stdout.strip()
    f = {"cpu": "gfx1100", "axis": "final-code", "selector": "gisel", "kind": "final-code-refused",
         "llc_failure": {"error": err, "cause": cause, "signal": None, "limit": None}}
    check = "CHECK: " + L.error_pattern(f)
    # Every installed llc, as a run has them: the oldest llvm-reduce that
    # reads the IR reduces it (llvm-reduce 14 drops the inreg).
    installed = C.discover()
    subject = next(c for c in installed if c["major"] == 22)
    red = L.reduce_ir(ir, f, subject, [subject] + [c for c in installed if c is not subject], tmp,
                      time.monotonic() + 300, check=check) or ""
    path, checks = os.path.join(tmp, "reduced.ll"), os.path.join(tmp, "lines.txt")
    with open(path, "w") as out:
        out.write(red)
    with open(checks, "w") as out:
        out.write(check + "\n")
    r = subprocess.run([llcs[22]] + L.llc_flags(f) + [path, "-o", "/dev/null"], capture_output=True, text=True)
    fc = subprocess.run([C.llvm_tool(subject, "FileCheck"), checks], input=r.stderr, capture_output=True, text=True)
    report("llvm-reduce of llc 22's SGPR G_MERGE_VALUES failure with its CHECK line: smaller, llc 22 still exits "
           "with an error (not a signal) the CHECK line matches",
           red and len(red.splitlines()) < len(ir.splitlines()) and 0 < r.returncode <= 128 and fc.returncode == 0,
           "llc 22 exit %d: %s\nFileCheck: %s\n%s" % (r.returncode, r.stderr[:300], fc.stderr[:300], red))


def test_crash_witnesses():
    """Where a crash's lit test must fail for its cause and where it must
    pass (cli.crash_witnesses): the llcs that failed for the cause on the
    same function, and those that compiled that function cleanly. Seed
    20261208's "illegal SGPR to VGPR copy" of llc 14 on a signature was
    also llc 16's on a call graph: llc 16 compiled the signature, and its
    test was NOT verified where llc 16 was held to fail for the cause."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import cli
    llcs = {m: "/usr/lib/llvm-%d/bin/llc" % m for m in (14, 15, 16, 19, 22)}
    plan = {"config": {"final_code": "auto"},
            "units": [{"id": "sig-0-gfx1030", "kind": "sig"}, {"id": "graph-0-gfx1030", "kind": "graph"}],
            "compilers": [{"path": llcs[m], "major": m, "new_reg_bank_select": m >= 22} for m in llcs]}
    cause, other = "compiler: error: in function: illegal SGPR to VGPR copy", "compiler: LLVM ERROR: unable to allocate"

    def finding(m, unit, function, why=cause, named=None):
        return {"kind": "final-code-refused", "llc": llcs[m], "unit": unit, "function": function, "cause": why,
                "selector": "dag", "axis": "final-code", "cpu": "gfx1030", "convention": "amdgpu_cs",
                "final": {"function": named}}
    findings = [finding(14, "sig-0-gfx1030", "f0"), finding(15, "sig-0-gfx1030", "f0"),
                finding(19, "sig-0-gfx1030", "f0", other),  # the same function, another cause
                finding(16, "graph-0-gfx1030", "g0.n0", named="g0.n2"), finding(16, "sig-0-gfx1030", "f1"),
                finding(22, "graph-0-gfx1030", "g0.n0", named="g0.n2"),
                finding(14, "graph-0-gfx1030", "g0.n0", named="g0.n1"),  # the same cause, another function
                finding(19, "graph-0-gfx1030", "g1.n0", other)]
    causes = [{"cause": cause, "example": findings[0]}, {"cause": cause, "example": findings[3]}]
    cli.crash_witnesses(plan, findings, causes)
    got = [(c["seen_with"], c["ran_clean"]) for c in causes]
    want = [([llcs[14], llcs[15]], [llcs[16], llcs[22]]),
            # A call graph is one module: any failure in it, and no llc
            # compiled it cleanly.
            ([llcs[16], llcs[22]], [llcs[15]])]
    report("crash witnesses: the llcs that failed for the cause in the same function (the one the error names) "
           "fail, those that compiled it (a call graph: its module) cleanly pass, another cause or function "
           "predicts nothing", got == want,
           "%s != %s" % (got, want))


def test_verifier_hides(tmp):
    """A final-code crash check saw on its run without the machine verifier
    (after the verifier's own finding): llc 22 stops at the verifier on a
    coldcc call passing <8 x double> inreg ("illegal copy from vector
    register to SGPR"), and shows "illegal VGPR to SGPR copy" without it,
    so the lit test's RUN line goes without -verify-machineinstrs
    (littest.verifier_hides); llc 19 compiles the same IR, and a cause the
    verifier does not stop before is not hidden."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import littest
    llcs = {int(p.split("-")[1].split("/")[0]): p for p in glob.glob("/usr/lib/llvm-*/bin/llc")}
    if 19 not in llcs or 22 not in llcs:
        report("verifier hides a final-code crash: needs llc 19 and 22", False, "installed: %s" % sorted(llcs))
        return
    sig = os.path.join(tmp, "hidden.ll")
    with open(sig, "w") as f:
        f.write("declare coldcc void @g0.n1(<8 x double> inreg)\ndeclare coldcc void @g0.n2(<8 x double> inreg)\n"
                "call @g0.n1 -> @g0.n2\n")
    ir = subprocess.run([GCNABI, "emit", "--typed-pointers", "--profile", "llvm22", "--mcpu", "gfx1030",
                         "--uniform-inreg", "--graph-of", "g0.n1", sig], capture_output=True, text=True).stdout
    finding = {"cpu": "gfx1030", "selector": "dag", "axis": "final-code",
               "llc_failure": {"cause": "error: <unknown>:#:#: in function: illegal VGPR to SGPR copy"}}
    other = dict(finding, llc_failure={"cause": "LLVM ERROR: unable to allocate function argument"})
    got = [littest.verifier_hides({"path": llcs[m]}, f, ir, tmp) for m, f in ((22, finding), (19, finding),
                                                                             (22, other))]
    report("verifier hides a final-code crash: llc 22's illegal VGPR to SGPR copy only without the verifier; not "
           "with llc 19 (compiles it), nor for a cause llc 22 does not show", got == [True, False, False],
           "%s (IR of %d lines)" % (got, ir.count("\n")))


def test_nondeterministic(tmp):
    """A crash's test its llc does not fail: run FLAKY_RUNS times more, the
    verdict says how often it fails for the cause (a stand-in llc that
    aborts with the cause's error on every other run); never, nothing."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import littest as L
    llc = os.path.join(tmp, "every-other-llc")
    with open(llc, "w") as f:
        f.write('#!/bin/sh\nN=$(( $(cat "$0.n" 2>/dev/null || echo 0) + 1 )); echo $N > "$0.n"\n'
                '[ $((N % 2)) -eq 0 ] && { echo "LLVM ERROR: planted crash" >&2; kill -ABRT $$; }\nexit 0\n')
    os.chmod(llc, 0o755)
    test = os.path.join(tmp, "nondeterministic.ll")
    open(test, "w").write("define void @f() {\n  ret void\n}\n")
    f = {"cpu": "gfx900", "selector": "dag", "axis": "final-code", "llc_failure": {"cause": "LLVM ERROR: planted crash"}}
    c = {"path": llc, "version": "LLVM version 99.0.0", "label": ""}
    got = L.nondeterministic(c, f, test, True)
    never = L.nondeterministic(c, dict(f, llc_failure={"cause": "LLVM ERROR: another"}), test, True)
    report("a crash's test its llc compiles: %d more runs, how often it fails for the cause" % L.FLAKY_RUNS,
           got == "; llc 99.0.0 fails for the cause on 2 of 5 more runs of the test: a nondeterministic crash" and
           never == "", "%r %r" % (got, never))


def test_left_out(tmp):
    """The functions a call graph's lit test leaves out (cli.left_out):
    those check left out of the module of the finding's combination
    (not-in-graph), not another combination's, nor other findings."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import cli
    out = os.path.join(tmp, "left-out", "units", "graph-000-gfx701")
    os.makedirs(out)
    rows = [("not-in-graph", "llvm-22.1.8-gfx701-gisel", "g0.n1"), ("not-in-graph", "llvm-19.1.7-gfx701-gisel", "g0.n2"),
            ("final-code-refused", "llvm-22.1.8-gfx701-gisel", "g0.n0"), ("not-in-graph", "llvm-22.1.8-gfx701-gisel", "g1.n0")]
    with open(os.path.join(out, "findings.jsonl"), "w") as f:
        f.write("".join('{"kind": "%s", "combo": "%s", "function": "%s"}\n' % r for r in rows))
    with open(os.path.join(out, "details.jsonl"), "w") as f:
        f.write("{}\n" * len(rows))
    got = cli.left_out(os.path.join(tmp, "left-out"), {"id": "graph-000-gfx701"},
                       {"combo": "llvm-22.1.8-gfx701-gisel"})
    report("left out of a call graph's lit test: the not-in-graph functions of the finding's combination",
           got == ["g0.n1", "g1.n0"], "%s" % got)
    # A crash that did not happen again gets no lit test, and no search.
    flaky = {"kind": "flaky-crash", "axis": "crash", "label": "llvm-22.1.8", "unit": "graph-000-gfx701"}
    m = cli.minimize_cause({"key": "k", "example": flaky}, {"compilers": [{"label": "llvm-22.1.8"}], "units": []},
                           [], None, os.path.join(tmp, "left-out"), time.monotonic() + 1)
    report("a flaky crash: no lit test (a test would pass or fail by chance), nothing searched",
           (m.get("lit") or {}).get("path", 1) is None and "by chance" in m["lit"]["verdict"] and
           set(m) == {"key", "lit"}, "%s" % m)


def test_lit_judge():
    """A lit test's verdict (littest.judge): a failure counts as the one
    predicted only if it is of the kind predicted (CHECK lines not matched,
    llc failing, llc failing for the crash's cause); an llc without a
    prediction makes it "partial", never "verified"."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import littest as L
    cs = [{"path": "/a/llc", "version": "LLVM version 15.0.6"}, {"path": "/b/llc", "version": "LLVM version 19.1.7"},
          {"path": "/c/llc", "version": "LLVM version 22.1.8"}]
    cause, other, check, ok = (False, "x", "cause"), (False, "error: expected type", "llc"), (False, "", "check"), \
        (True, "", None)
    must_cause, must_check, must_pass, none = (False, "", "cause"), (False, "", "check"), (True, "", None), \
        (None, "not in the run", None)
    cases = [
        ((cause, ok, ok), (must_cause, must_pass, must_pass), "verified", "the cause where predicted, passes elsewhere"),
        ((cause, other, ok), (must_cause, must_cause, must_pass), "unverified",
         "a parse error where the cause is predicted"),
        ((check, other, ok), (must_check, must_check, must_pass), "unverified",
         "llc failing where CHECK lines must not match"),
        ((cause, ok, other), (must_cause, must_pass, none), "partial", "no prediction for one llc"),
        ((check, check, ok), (must_check, (False, "", "llc"), must_pass), "unverified",
         "CHECK lines not matched where the model refuses (llc must fail)"),
        ((cause, ok, ok), (must_cause, must_pass, (False, "", "llc")), "unverified", "a pass where llc must fail"),
        ((cause, cause, ok), (must_cause, (False, "", "llc"), must_pass), "verified",
         "the cause where any llc failure is predicted"),
    ]
    bad = []
    for obs, exp, want, why in cases:
        got = L.judge(cs[0], cs, {c["path"]: o for c, o in zip(cs, obs)}, {c["path"]: e for c, e in zip(cs, exp)})
        if got[0] != want:
            bad.append((why, want, got))
    report("lit verdicts: a failure is the predicted one only if of the predicted kind; no prediction is partial",
           not bad, repr(bad)[:2000])
    # A final-code crash's test is llc failing (`not llc | FileCheck`): it
    # passes where llc fails for the cause and fails where llc compiles;
    # the crash's expectations turned (littest.the_other_way).
    turned = [L.the_other_way(e) for e in (must_cause, must_pass, must_pass)]
    cases = [
        ((ok, check, check), turned, "verified", "passes where llc fails so, fails (no error) where llc compiles"),
        ((ok, ok, check), turned, "unverified", "passes where llc must compile"),
        ((ok, other, check), turned, "unverified", "another error where llc must compile"),
        ((ok, ok, ok), [turned[0], turned[0], turned[0]], None, "every llc fails so: none the other way"),
        # An llc that check of the reproducer shows failing otherwise (it
        # refuses the arguments, or crashes for another cause) fails the
        # test's FileCheck on llc's error line: turned, it still fails.
        ((ok, other, check), [turned[0], L.the_other_way((False, "refuses", "llc")), turned[2]], "verified",
         "fails (another error) where llc must fail otherwise"),
        ((ok, ok, check), [turned[0], L.the_other_way((False, "refuses", "llc")), turned[2]], "unverified",
         "passes where llc must fail otherwise"),
        ((ok, check, check), [turned[0], L.the_other_way((False, "refuses", "llc")), turned[2]], "unverified",
         "CHECK lines not matched (llc compiles) where llc must fail otherwise"),
    ]
    bad = []
    for obs, exp, want, why in cases:
        got = L.judge(cs[0], cs, {c["path"]: o for c, o in zip(cs, obs)}, {c["path"]: e for c, e in zip(cs, exp)},
                      subject_passes=True)
        if got[0] != want:
            bad.append((why, want, got))
    report("lit verdicts of a test that llc fails (final-code crash): verified when it passes with the subject and "
           "fails where llc compiles", not bad, repr(bad)[:2000])
    def failure(error, signal="SIGABRT", limit=None):
        return {"signal": signal, "error": error, "limit": limit}
    msgs = [(failure("LLVM ERROR: failed to find free scratch register"),
             "LLVM ERROR: failed to find free scratch register"),
            (failure("error: <unknown>:0:0: in function g4.n0: illegal VGPR to SGPR copy"),
             "illegal VGPR to SGPR copy"),
            (failure("machine verifier: Bad machine code: Using an undefined physical register (after SI post-RA "
                     "bundler)", None), "Bad machine code: Using an undefined physical register"),
            (failure("crash in 'Prologue/Epilogue Insertion & Frame Finalization' at ?", "SIGSEGV"),
             "Running pass 'Prologue/Epilogue Insertion & Frame Finalization'"),
            (failure("LLVM ERROR: Cannot select: 0x: i32 = truncate 0x", None),
             "LLVM ERROR: Cannot select: {{.*}}: i{{.*}} = truncate {{.*}}"),
            # the function named is any: the test's module names gcnabi.0.caller
            # abi.0.caller (littest.portable), a graph's g0.n1 may be its caller
            (failure("LLVM ERROR: cannot select: G_MERGE_VALUES (in function: gcnabi.0.caller)", None),
             "LLVM ERROR: cannot select: G_MERGE_VALUES (in function: {{.*}})"),
            (failure("LLVM ERROR: unable to legalize instruction: G_STORE (in function: g0.n1)", None),
             "LLVM ERROR: unable to legalize instruction: G_STORE (in function: {{.*}})"),
            # a virtual register's bank or class: any scalar one for a
            # scalar one (llc 22 printed sreg_32 where it had failed on sgpr)
            (failure("LLVM ERROR: cannot select: %614:sgpr(s16) = G_LOAD %3:vreg_64(p4) (in function: g0.n3)", None),
             "LLVM ERROR: cannot select: {{.*}}:{{s(gpr|reg)[a-z0-9_]*}}(s{{.*}}) = G_LOAD "
             "{{.*}}:{{v(gpr|reg)[a-z0-9_]*}}(p{{.*}}) (in function: {{.*}})"),
            (failure(None, "SIGSEGV"), None),
            (failure(None, None, "timeout"), None),
            (failure("LLVM ERROR: out of memory", "SIGABRT", "memory"), None)]
    got = [(m, L.error_pattern({"kind": "final-code-refused", "why": "(words)", "llc_failure": m})) for m, _ in msgs]
    report("a final-code crash's CHECK line: llc's own error line (check's llc_failure), numbers and names any; none "
           "where llc printed none or ran into a limit",
           got == msgs, repr([g for g, w in zip(got, msgs) if g != w]))


def test_final_code_lit_lines(tmp):
    """A final-code lit test's CHECK lines (littest.final_lines), run with
    FileCheck on real llc output: the long branch of llvm/llvm-project#224205
    in a call-graph function (a dotted name, which FileCheck reads
    literally) writes the return address with `s_add_u32 s30, s30, <label>`
    before the function's first s_setpc_b64 with llc 22, and not with llc
    15 (another pair: the lit test passes there). A label pattern that
    escaped the dot, or an "at" line naming llc 22's registers, fails both."""
    llcs = {v: "/usr/lib/llvm-%d/bin/llc" % v for v in (15, 22) if os.access("/usr/lib/llvm-%d/bin/llc" % v, os.X_OK)}
    if len(llcs) < 2:
        return
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import littest as L, vocab as V
    sig = os.path.join(tmp, "lb-graph.ll")
    open(sig, "w").write('declare void @g1.n5(<23 x i32> inreg) "gcnabi-branch" "amdgpu-no-dispatch-id" '
                         '"amdgpu-no-dispatch-ptr" "amdgpu-no-queue-ptr" "amdgpu-no-implicitarg-ptr" '
                         '"amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" '
                         '"amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" '
                         '"amdgpu-no-lds-kernel-id"\n')
    mod = os.path.join(tmp, "lb-graph-emitted.ll")
    final = {"function": "g1.n5", "culprit": "s_add_u32 s30, s30, (.LBB0_2-.Lpost_getpc0)&4294967295",
             "at": "s_setpc_b64 s[16:17]"}
    checks = L.final_lines(final, {"callee": "g1.n5", "caller": "gcnabi.0.caller"}, True)
    with open(mod, "w") as f:
        subprocess.run([GCNABI, "emit", "--typed-pointers", sig], stdout=f, check=True)
        f.write("\n" + "\n".join(checks) + "\n")
    got = {}
    for v, llc in sorted(llcs.items()):
        asm = subprocess.run([llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx900"] + V.final_code_llc_flags() +
                             [mod, "-o", "-"], capture_output=True, text=True)
        fc = subprocess.run([os.path.join(os.path.dirname(llc), "FileCheck"), mod], input=asm.stdout,
                            capture_output=True, text=True)
        got[v] = (asm.returncode, fc.returncode, fc.stderr[:300])
    report("final-code CHECK lines on real llc output: fail with llc 22 (the long branch writes s30), pass with llc 15",
           got[22][:2] == (0, 1) and "excluded string found" in got[22][2] and got[15][:2] == (0, 0),
           "%s\n%s" % (checks, got))


def test_check_command():
    """The one gcnabi check command minimizing and lit verdicts run for a
    finding: a CPU named with its wave (gfx1030w64) is --mcpu and --wave
    (check knows no gfx1030w64), gisel-nrbs is GlobalISel with
    -new-reg-bank-select."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import compilers
    c = {"label": "llvm-22.1.8", "path": "/usr/lib/llvm-22/bin/llc"}
    wave = compilers.check_command(c, {"cpu": "gfx1030w64", "selector": "dag"}, "OUT", 2)
    nrbs = compilers.check_command(c, {"cpu": "gfx900", "selector": "gisel-nrbs"}, "OUT")
    report("check command: gfx1030w64 is --mcpu gfx1030 --wave 64; gisel-nrbs adds -new-reg-bank-select",
           wave[wave.index("--mcpu") + 1] == "gfx1030" and wave[wave.index("--wave") + 1] == "64" and
           wave[wave.index("--jobs") + 1] == "2" and wave[wave.index("--selector") + 1] == "dag" and
           nrbs[nrbs.index("--selector") + 1] == "gisel" and "--new-reg-bank-select" in nrbs and "--wave" not in nrbs,
           "%s %s" % (wave, nrbs))
    final = compilers.check_command(c, {"cpu": "gfx900", "selector": "dag", "axis": "final-code"}, "OUT")
    report("check command: a finding about the final code checks it again (--final-code, with the verifier as the "
           "nightly runs it), no other does",
           "--final-code" in final and "--final-code-verify" in final and
           "--final-code" not in wave + nrbs and "--final-code-verify" not in wave + nrbs, "%s" % final)


def test_final_selectors():
    """The nightly's final code ("auto"): SelectionDAG's of every llc,
    GlobalISel's too from work.GISEL_FINAL_CODE_FROM (22) on; the
    explicit choices apply to every llc."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import work
    got = {m: work.final_selectors("auto", {"major": m}) for m in (14, 16, 19, 22, 23)}
    report("final code selectors: auto is dag for llc 14-19, dag and gisel from llc 22; dag/gisel/both/None as given",
           got == {14: ["dag"], 16: ["dag"], 19: ["dag"], 22: ["dag", "gisel"], 23: ["dag", "gisel"]} and
           work.final_selectors("both", {"major": 14}) == ["dag", "gisel"] and
           work.final_selectors("gisel", {"major": 22}) == ["gisel"] and work.final_selectors(None, {"major": 22}) == [],
           "%s" % got)
    # What the nightly sizes its plan with: per compiler x CPU, each
    # selector's final code at its own cost, none where llc does not know
    # the CPU (llc 15 and gfx1200: the generic target, no final code).
    cost = {(m, cpu): work.final_code_cost("auto", {"major": m}, cpu)
            for m, cpu in ((15, "gfx900"), (15, "gfx1200"), (22, "gfx1200"))}
    want = {(15, "gfx900"): work.FINAL_CODE_COST - 1, (15, "gfx1200"): 0,
            (22, "gfx1200"): work.FINAL_CODE_COST - 1 + work.GISEL_FINAL_CODE_COST - 1}
    report("final code's cost in the nightly's plan: SelectionDAG's and GlobalISel's each at its own cost, none for "
           "a CPU llc does not know", cost == want and work.final_code_cost(None, {"major": 22}, "gfx900") == 0,
           "%s != %s" % (cost, want))


def test_nightly_size():
    """The nightly's plan for its budget (work.nightly_size): what fits is
    expected to need at most the budget; a budget too small for the
    smallest plan gets that plan (every suite keeps a signature and a call
    graph), expected to need more, which the nightly says up front."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import work as W
    big = W.nightly_size(3600, 8, 248)
    small = W.nightly_size(600, 2, 248)
    report("nightly plan: a plan that fits needs at most the budget, the smallest one is kept when none fits",
           big[3] <= 3600 and big[0] + big[1] > W.MIN_SIGNATURES and big[2] >= W.MIN_GRAPHS and
           small[:3] == (W.MIN_SIGNATURES * 7 // 10, W.MIN_SIGNATURES - W.MIN_SIGNATURES * 7 // 10, W.MIN_GRAPHS)
           and small[3] > 600 and all(int(small[0] * share) >= 1 for share in (0.10, 0.15)),
           "%s %s" % (big, small))
    # -new-reg-bank-select costs the same whatever the plan's size (one CPU,
    # each suite's first chunk): it comes off the budget once, not per
    # function, and counts once per compiler that has it, not per CPU.
    nrbs = W.nrbs_seconds([{"new_reg_bank_select": True}, {"new_reg_bank_select": False}])
    plain, fixed = W.nightly_size(600, 2, 10), W.nightly_size(600, 2, 10, nrbs)
    report("nightly plan: -new-reg-bank-select's fixed cost is taken off the budget once",
           nrbs == (2 + len(W.CONVENTION_SUITES)) * (W.NRBS_CALLEES + W.NRBS_CALLS) * W.SECONDS_PER_FUNCTION_COMBO
           and fixed[3] <= 600 and fixed[0] + fixed[1] < plain[0] + plain[1] and
           abs(fixed[3] - plain[3]) < 0.05 * plain[3], "%s %s %s" % (nrbs, fixed, plain))


def test_nightly_rounds(tmp, llc):
    """The nightly's plan in rounds (work.make_plan): round 0 first, its
    suites taking turns, then extra rounds of new signatures and graphs
    (gcnabi gen --from: each replays alone); a nightly that ran out of
    budget in its extra rounds is complete (no exit bit 64), and bit 64 is
    set exactly when round 0 has a unit without results."""
    import json
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import cli, work as W
    d = os.path.join(tmp, "rounds-plan")
    cfg = {"seed": "20261211", "count": 6, "swarm": 3, "graphs": 2, "chunk": 4, "cpus": ["gfx900"], "rounds": 3,
           "weights": None, "suites": W.suites_for(["shaders"], 20, 10), "inputs": []}
    plan = W.make_plan(d, cfg, [])
    rounds = [u.get("round", 0) for u in plan["units"]]
    stems = [(u["kind"], u["suite"]) for u in plan["units"] if not W.extra(u)]
    first = plan["units"][0]["input"], next(u["input"] for u in plan["units"] if u.get("round") == 1)
    text = [open(os.path.join(d, p)).read() for p in first]
    again = subprocess.run([GCNABI, "gen", "--seed", "20261211", "--from", "6", "--count", "4"],
                           capture_output=True, text=True).stdout
    sigs = lambda t: [l for l in t.splitlines() if l.startswith("declare")]
    report("nightly rounds: round 0 before rounds 1 and 2, its suites taking turns, each round new signatures "
           "(round 1's first chunk is gcnabi gen --from of the seed)",
           rounds == sorted(rounds) and set(rounds) == {0, 1, 2} and rounds.count(1) == rounds.count(0) and
           len(set(stems[:4])) == 4 and sigs(text[1]) == sigs(again) and
           sigs(text[0]) != sigs(text[1]) and sigs(text[1]),
           "rounds %s stems %s\n%s\n%s" % (rounds, stems[:6], text[1][-600:], again[-600:]))
    out = os.path.join(tmp, "rounds-nightly")
    r = run(["nightly", "--budget", "1m", "--llc", llc, "--mcpu", "gfx900", "--selector", "dag",
             "--no-final-code", "--no-minimize", "--out", out])
    rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))] if os.path.exists(
        os.path.join(out, "results.jsonl")) else []
    head = next((x for x in rows if x.get("type") == "run"), {})
    plan = W.load_plan(out) if os.path.exists(os.path.join(out, "plan.json")) else {"units": []}
    journal = {x["unit"] for x in map(json.loads, open(os.path.join(out, "journal.jsonl")))} if os.path.exists(
        os.path.join(out, "journal.jsonl")) else set()
    required = [u["id"] for u in plan["units"] if not W.extra(u)]
    extra = [u["id"] for u in plan["units"] if W.extra(u)]
    summary = open(os.path.join(out, "summary.md")).read() if os.path.exists(os.path.join(out, "summary.md")) else ""
    missing = sum(1 for u in required if u not in journal)
    ex = head.get("extra_rounds") or {}
    report("nightly rounds: %d units of round 0 (%d done), %d of %d extra units run; exit bit 64 exactly when round "
           "0 is incomplete (exit %d); the report counts each" % (
               len(required), len(required) - missing, ex.get("done", -1), len(extra), r.returncode),
           required and len(extra) == (W.NIGHTLY_ROUNDS - 1) * len(required) and
           bool(r.returncode & 64) == (missing > 0) and head.get("units") == len(required) and
           head.get("done") == len(required) - missing and ex.get("units") == len(extra) and
           ex.get("done") == sum(1 for u in extra if u in journal) and
           ("of the %d units of %d extra round(s)" % (len(extra), W.NIGHTLY_ROUNDS - 1)) in summary and
           cli.expected_units(out, plan) == required,
           "exit %d, head %s\n%s" % (r.returncode, head, r.stderr[-1500:]))


def test_minimize_shares():
    """The time each cause gets for minimizing under a budget (cli.cause_share)."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import cli
    lo, hi = cli.MINIMUM_SHARE_SECONDS, cli.MINIMIZE_SECONDS
    cases = [
        ((None, 0, 2, 25), cli.UNBUDGETED_SECONDS, "no budget: the unbudgeted per-cause time"),
        ((300, 0, 2, 25), 300 * 2 / 25, "300 s left, 2 at a time, 25 causes: an equal share"),
        ((100, 0, 2, 25), lo, "a share below the minimum is raised to it, not skipped"),
        ((5000, 0, 2, 3), hi, "a share above the maximum is cut to it"),
        ((30, 0, 2, 1), 30, "never more than is left"),
        ((19, 0, 2, 25), None, "less than the minimum left: reported unminimized"),
    ]
    bad = [(args, cli.cause_share(*args), want, why) for args, want, why in cases if cli.cause_share(*args) != want]
    report("minimizing under a budget: each cause's share of the time left", not bad, repr(bad))


# Where a synthetic finding is, as check types it: even and odd lines differ.
WHERE = ({"type_class": "array inreg", "boundary": "vgpr/stack", "convention": "amdgpu_cs"},
         {"type_class": "vector inreg", "boundary": "sgpr/sgpr", "convention": "amdgpu_gfx"})


def synthetic_check(out, kinds):
    """A check output folder with one finding of each kind, as gcnabi check
    writes them: findings.jsonl (typed) beside details.jsonl (placements),
    summary.json; returns the compilers the lines name."""
    import json
    compilers = [{"label": "llvm19", "path": "/opt/llvm-19/llc", "version": "LLVM version 19.1.7", "major": 19,
                  "profile": "llvm19"},
                 {"label": "llvm22", "path": "/opt/llvm-22/llc", "version": "LLVM version 22.1.8", "major": 22,
                  "profile": "llvm22"}]
    combo = {"combo": "llvm22-gfx1030-dag", "label": "llvm22", "llc": compilers[1]["path"],
             "version": compilers[1]["version"],
             "profile": "llvm22", "cpu": "gfx1030", "wave": 32, "selector": "dag", "new_reg_bank_select": False,
             "triple": "amdgcn-amd-amdpal"}
    placement = {"name": "f", "cc": "amdgpu_gfx", "args": [{"type": "<2 x i32>", "inreg": True, "parts": ["s4", "s5"]}],
                 "ret": {"type": "void", "parts": []}}
    os.makedirs(out)
    with open(os.path.join(out, "findings.jsonl"), "w") as ft, open(os.path.join(out, "details.jsonl"), "w") as fd:
        for n, k in enumerate(kinds):
            t = dict(combo, kind=k["name"], axis=k["axis"], exit_bit=k["exit_bit"], function="f%d" % n, line=n + 1,
                     call_site=None, explained_by=None, message="%s: argument 0 part 0: model s4, llc s%d" % (k["name"], n),
                     placements=["model", "llc"])
            t["class"] = k["class"]
            t.update(WHERE[n % 2])  # check types where every finding is; the harness takes it as it is
            t["cause"] = {"side": "callee", "key": "callee: argument moved sgpr->vgpr %s" % k["name"],
                          "what": "%s: argument # part #: model s#, llc s#" % k["name"], "llcs": [t["label"]], "switches": []}
            d = {"combo": combo["combo"], "llc": combo["llc"], "function": t["function"], "line": t["line"],
                 "kind": k["name"], "why": t["message"], "model": placement}
            if k["axis"] == "link":
                t.update(combo="llvm19-gfx1030-dag", label="llvm19", llc=compilers[0]["path"], profile="llvm19",
                         callee_combo=combo["combo"], callee_label="llvm22", callee_llc=combo["llc"],
                         callee_profile="llvm22", callee_selector="dag",
                         difference={"what": "argument", "class": "moved", "argument": 0, "part": 0,
                                     "llc_caller": "s4", "llc_callee": "s%d" % n},
                         placements=["llc_callee", "llc_caller"])
                d = {"kind": k["name"], "caller_combo": t["combo"], "callee_combo": combo["combo"],
                     "function": t["function"], "line": t["line"], "why": t["message"], "llc_caller": placement,
                     "llc_callee": placement}
            if "llc" in t["placements"]:
                d["llc"] = placement  # details.jsonl's second "llc" key: what llc did
            ft.write(json.dumps(t) + "\n")
            fd.write(json.dumps(d) + "\n")
    counts = dict.fromkeys(("functions", "agree", "diverged", "llc_refused", "both_refused", "model_refused", "not_emitted",
                            "calls", "calls_agree", "calls_diverged", "calls_refused", "calls_both_refused", "mismatches",
                            "mismatches_explained", "unread", "observed", "calls_observed", "body_refused",
                            "calls_body_refused"), 1)
    # The observed shares are computed from the counts: 1 of 4 functions,
    # 1 of the 3 that llc does not refuse as the model does (both refuse 1).
    counts["functions"], counts["observed"] = 4, 1
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump({"combos": [dict(combo, counts=counts, differ=2)]}, f)
    with open(os.path.join(out, "sigs.ll"), "w") as f:
        f.write("".join("declare amdgpu_gfx void @f%d(<2 x i32> inreg)\n" % n for n in range(len(kinds))))
    return compilers


def test_every_finding_kind(tmp):
    """Every finding kind `gcnabi vocab --json` lists reaches the reports:
    a synthetic check output with one line of each kind goes through the
    harness's reading (findings.extract) and its reports; each finding kind
    is a finding in results.jsonl, each note kind a note in summary.md and
    results.jsonl. A kind of a class or on an axis the harness does not
    report stops the harness at start-up."""
    import json
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import cli
    from gcnabirun import findings as F
    from gcnabirun import report as R
    from gcnabirun import vocab as V
    from gcnabirun.common import HarnessError
    kinds = V.vocab()["finding_kinds"]
    out = os.path.join(tmp, "kinds")
    compilers = synthetic_check(out, kinds)
    fnd, notes, link, quirks, infra = F.extract(out, os.path.join(out, "sigs.ll"), compilers, "sig-000-gfx1030")
    record = {"unit": "sig-000-gfx1030", "status": "done", "findings": fnd, "notes": notes, "link": link,
              "stats": F.read_summary(out), "cross": [], "infra": infra}
    findings = R.classify([record], [])
    stats, cross, link, notes, errors = R.aggregate([record])
    plan = {"config": {"mode": "run", "seed": "1", "cpus": ["gfx1030"]}, "units": [{"id": record["unit"]}],
            "compilers": compilers, "digest": "0"}
    ctx = {"plan": plan, "findings": findings, "causes": R.buckets(findings), "minimized": {}, "stats": stats,
           "pairs": R.pairs_of(cross), "link": link, "notes": notes, "errors": errors, "layouts": [],
           "layout_profile": "llvm22", "layout_cpu": "gfx1030", "done": 1, "missing": 0, "known_file": "known.txt",
           "extra": cli.extra_rounds(plan, {record["unit"]})}
    ctx["bugs"] = R.bugs_seen([record], ctx["causes"])
    ctx["axis_counts"] = R.axis_counts(findings, cross)
    ctx["infra"] = R.infrastructure([record])
    ctx["status"] = R.exit_status(findings, ctx["causes"], errors, ctx["infra"])
    summary = R.summary_md(ctx)
    rows = [json.loads(l) for l in R.results_jsonl(ctx).splitlines()]
    reported = {r["kind"] for r in rows if r["type"] == "finding"}
    noted = {r["kind"] for r in rows if r["type"] == "note"}
    machine = {r["kind"] for r in rows if r["type"] == "infrastructure"}
    infra_section = summary.split("## Infrastructure errors")[1].split("\n## ")[0] if "## Infrastructure errors" in summary else ""
    note_table = summary.split("## Notes per compiler")[1].split("\n## ")[0] if "## Notes per compiler" in summary else ""
    missing = []
    for k in kinds:
        role = V.kind(k["name"])[0]
        if role == "finding" and k["name"] not in reported:
            missing.append("%s: no finding in results.jsonl" % k["name"])
        if role == "finding" and "%s: argument" % k["name"] not in summary:
            missing.append("%s: not in summary.md" % k["name"])
        if role == "note" and (k["name"] not in noted or "- %s: %s" % (k["name"], k["doc"]) not in note_table):
            missing.append("%s: no note in summary.md and results.jsonl" % k["name"])
        if role == "infrastructure" and (k["name"] not in machine or "| %s |" % k["name"] not in infra_section or
                                         k["name"] in reported):
            missing.append("%s: not in summary.md's infrastructure errors and results.jsonl alone" % k["name"])
    if not any(V.kind(k["name"])[0] == "infrastructure" for k in kinds) or not ctx["status"] & V.exit_bit("infra"):
        missing.append("no infrastructure kind, or no exit bit %d for it" % V.exit_bit("infra"))
    report("every finding kind of gcnabi vocab (%d) reaches summary.md and results.jsonl" % len(kinds), not missing,
           "; ".join(missing))
    wanted = {"both-refused", "chain-dvgpr-count", "dvgpr-unsupported", "dvgpr-lost"}
    typed = [r for r in rows if r["type"] == "finding"]
    wrong = [r for r in typed if (r["type_class"], r["boundary"], r["convention"]) != tuple(
        dict(WHERE[int(r["function"][1:]) % 2], boundary="crash" if r["axis"] == "crash" else
             WHERE[int(r["function"][1:]) % 2]["boundary"]).values())]
    report("findings.jsonl's type_class, boundary and convention are taken as they are (%d findings)" % len(typed),
           typed and not wrong, repr(wrong[:1]))
    lines = open(os.path.join(out, "findings.jsonl")).read().splitlines()
    at = next(i for i, l in enumerate(lines) if V.kind(json.loads(l)["kind"]) == ("finding", "model-vs-llc"))
    bare = json.loads(lines[at])
    del bare["boundary"]
    with open(os.path.join(out, "findings.jsonl"), "w") as f:
        f.write("\n".join(lines[:at] + [json.dumps(bare)] + lines[at + 1:]) + "\n")
    try:
        F.extract(out, os.path.join(out, "sigs.ll"), compilers, "sig-000-gfx1030")
        err = ""
    except HarnessError as e:
        err = str(e)
    report("a findings.jsonl line without where it is stops the harness, naming the file and the field",
           "findings.jsonl line %d" % (at + 1) in err and "boundary" in err, err or "no error")
    report("summary.json's counts reach summary.md's combination table",
           "| llvm22-gfx1030-dag | 4 | 1 | 2 | 1 | 1 | 1 | 25.00 % | 33.33 % | 1 | 1 | 1 | 100.00 % | 100.00 % | 1 (1) |"
           in summary, summary[:3000])
    report("the kinds the harness used to drop are reported: %s" % ", ".join(sorted(wanted)),
           wanted <= {k["name"] for k in kinds} and wanted <= reported | noted, repr(sorted(wanted - reported - noted)))
    # A kind the harness cannot report is an error at start-up.
    real = V.vocab()
    for fake, what in ((dict(real, finding_kinds=real["finding_kinds"] + [
            {"name": "new-kind", "axis": "model-vs-llc", "class": "new-class", "exit_bit": 8, "doc": ""}]), "new-class"),
            (dict(real, finding_kinds=real["finding_kinds"] + [
                {"name": "new-kind", "axis": "new-axis", "class": "divergence", "exit_bit": 8, "doc": ""}]), "new-axis")):
        V.vocab.cache_clear()
        V.kinds.cache_clear()
        saved = V.vocab
        V.vocab = lambda: fake
        try:
            V.load()
            err = ""
        except HarnessError as e:
            err = str(e)
        finally:
            V.vocab = saved
            V.kinds.cache_clear()
        report("a finding kind with an unreported %s stops the harness at start-up" % what.split("-")[1],
               "new-kind" in err and what in err, err or "no error")


def test_one_cause_on_every_axis(tmp):
    """llc 16's SelectionDAG writes one SGPR of a two-SGPR inreg argument at
    an amdgpu_gfx call (real llc 16 and 19): the same cause on the
    caller-vs-callee axis and in the link matrix, against llc 16's and llc
    19's callees. The harness groups it into one cause of llc 16 alone with
    both axes, which the known-differences entry (axes *) accepts on each;
    an entry restricted to caller-vs-callee leaves the link findings new."""
    import json
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import findings as F
    from gcnabirun import known as K
    from gcnabirun import report as R
    llcs = ["/usr/lib/llvm-16/bin/llc", "/usr/lib/llvm-19/bin/llc"]
    if not all(os.access(l, os.X_OK) for l in llcs):
        report("one cause on every axis: llc 16 and 19 are needed (make deps)", False)
        return
    d = os.path.join(tmp, "cause")
    os.makedirs(d)
    sigs = os.path.join(d, "sigs.ll")
    with open(sigs, "w") as f:
        f.write("declare amdgpu_gfx void @f(<2 x i24> inreg)\ndeclare amdgpu_gfx void @g(i32, i49 inreg)\n")
    out = os.path.join(d, "out")
    subprocess.run([GCNABI, "check", "--quiet", "--llc", "llvm16=" + llcs[0], "--llc",
                    "llvm19=" + llcs[1], "--mcpu", "gfx1030", "--selector", "dag", "--out", out, sigs],
                   capture_output=True)
    compilers = [{"label": "llvm%d" % m, "path": l, "version": "", "major": m, "profile": "llvm%d" % m}
                 for l, m in zip(llcs, (16, 19))]
    fnd = F.extract(out, sigs, compilers, "u")[0]
    record = {"unit": "u", "findings": fnd}
    causes = R.buckets(R.classify([record], K.load(os.path.join(ROOT, "cases", "known-differences.txt"))))
    axes = {a["axis"] for c in causes for a in c["axes"]}
    report("llc 16's unwritten inreg SGPR: one known cause of llc 16 on the caller-vs-callee axis and the link",
           [(c["cause"], c["versions"], c["status"]) for c in causes] == [
               ("call site: argument fewer parts", [16], "known")] and axes == {"caller-vs-callee", "link"},
           json.dumps([(c["cause"], c["versions"], c["status"], c["axes"]) for c in causes]))
    narrow = os.path.join(d, "known.txt")
    with open(narrow, "w") as f:
        f.write("caller-vs-callee | amdgpu_gfx | 16 | dag | ^call site: argument fewer parts$ | one axis only\n")
    found = R.classify([record], K.load(narrow))
    status = {(f["axis"], f["status"]) for f in found}
    report("a known entry restricted to one axis leaves the cause new on the others",
           status == {("caller-vs-callee", "known"), ("link", "new")} and
           [c["status"] for c in R.buckets(found)] == ["new"], repr(sorted(status)))
    # A known cause is not minimized again: its entry's stored reproducer is copied into the run's repro/.
    from gcnabirun import cli as CLI
    from gcnabirun.common import HarnessError
    # (a lit test in cases/, named relative to the known file's folder)
    stored = os.path.join(ROOT, "cases", "repro", "llc16-dag-gfx-callee-implicit-def.ll")
    with open(narrow, "w") as f:
        f.write("* | amdgpu_gfx | 16 | dag | ^call site: argument fewer parts$ | llc 16 | repro: %s\n"
                % os.path.relpath(stored, d))
    causes = R.buckets(R.classify([record], K.load(narrow)))
    run_dir = os.path.join(d, "run")
    m = CLI.stored_reproducer(causes[0], run_dir) if len(causes) == 1 and causes[0].get("repro") else {}
    copied = os.path.join(run_dir, "repro", os.path.basename(stored))
    report("a known cause's stored reproducer is copied into repro/ instead of minimizing it",
           m.get("lit", {}).get("status") == "stored" and os.path.exists(copied) and
           open(copied).read() == open(stored).read(), repr((causes, m)))
    with open(narrow, "w") as f:
        f.write("* | amdgpu_gfx | 16 | dag | . | llc 16 | repro: missing.ll\n")
    try:
        K.load(narrow)
        err = ""
    except HarnessError as e:
        err = str(e)
    report("a known entry whose reproducer is missing: error naming file and line", narrow + ":1: error" in err and
           "missing.ll" in err, err or "no error")


def test_compare_labels(tmp, llc):
    """gcnabi-run compare of one llc under two labels: gcnabi ab per unit,
    the A/B section first in summary.md saying identical, two distinct
    rows per CPU and selector, exit 0."""
    out = os.path.join(tmp, "compare-labels")
    r = run(["compare", "--llc", "one=" + llc, "--llc", "two=" + llc, "--count", "6", "--suites", "default",
             "--no-new-reg-bank-select", "--no-minimize", "--out", out])
    summary = open(os.path.join(out, "summary.md")).read() if os.path.exists(os.path.join(out, "summary.md")) else ""
    sections = re.findall(r"^## (.*)$", summary, re.M)
    report("compare of one llc under two labels: the A/B section first, identical, distinct rows, exit 0",
           r.returncode == 0 and sections and sections[0] == "A/B: one (A) against two (B): identical" and
           "| one-gfx1030-dag |" in summary and "| two-gfx1030-dag |" in summary and
           "| callers one, callees two |" in summary,
           r.stderr[-1500:] + "\n".join(sections) + summary[:1500])


def test_selftest():
    r = run(["selftest"])
    report("gcnabi-run selftest: both planted errors found and minimized to verified lit tests",
           r.returncode == 0, (r.stdout + r.stderr)[-1500:])
