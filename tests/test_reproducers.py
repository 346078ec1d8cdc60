#!/usr/bin/env python3
"""Reproducers of gcnabi-run against real llc: a crashing and a hanging llc
(wrappers around the real one) bisected down to the guilty function and
bucketed; crashes that need their call graph; reductions that keep what a
test checks; the lit tests' verdicts on every installed llc."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, ROOT, harness_run as run  # noqa: E402
from soft import report  # noqa: E402


WRAPPER = r'''#!/usr/bin/env python3
# A real llc that crashes on one planted type and spins on another.
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
    # a hang that uses its CPU past the run's --timeout 3: stopped at its
    # CPU seconds, not at the wall limit a sleeping one waits for
    # (test_faults has those); lit's runs of the reproducer, which have no
    # timeout, wait out its 6 s
    t0 = time.monotonic()
    while time.monotonic() - t0 < 6:
        pass
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
    return [re.sub(r" \| repro: \S+", "", l.rstrip("\n")) + "\n"
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
    pass (reproducers.crash_witnesses): the llcs that failed for the cause on the
    same function, and those that compiled that function cleanly. Seed
    20261208's "illegal SGPR to VGPR copy" of llc 14 on a signature was
    also llc 16's on a call graph: llc 16 compiled the signature, and its
    test was NOT verified where llc 16 was held to fail for the cause."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import reproducers
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
    reproducers.crash_witnesses(plan, findings, causes)
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
    """The functions a call graph's lit test leaves out (reproducers.left_out):
    those check left out of the module of the finding's combination
    (not-in-graph), not another combination's, nor other findings."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import reproducers
    out = os.path.join(tmp, "left-out", "units", "graph-000-gfx701")
    os.makedirs(out)
    rows = [("not-in-graph", "llvm-22.1.8-gfx701-gisel", "g0.n1"), ("not-in-graph", "llvm-19.1.7-gfx701-gisel", "g0.n2"),
            ("final-code-refused", "llvm-22.1.8-gfx701-gisel", "g0.n0"), ("not-in-graph", "llvm-22.1.8-gfx701-gisel", "g1.n0")]
    with open(os.path.join(out, "findings.jsonl"), "w") as f:
        f.write("".join('{"kind": "%s", "combo": "%s", "function": "%s"}\n' % r for r in rows))
    with open(os.path.join(out, "details.jsonl"), "w") as f:
        f.write("{}\n" * len(rows))
    got = reproducers.left_out(os.path.join(tmp, "left-out"), {"id": "graph-000-gfx701"},
                       {"combo": "llvm-22.1.8-gfx701-gisel"})
    report("left out of a call graph's lit test: the not-in-graph functions of the finding's combination",
           got == ["g0.n1", "g1.n0"], "%s" % got)
    # A crash that did not happen again gets no lit test, and no search.
    flaky = {"kind": "flaky-crash", "axis": "crash", "label": "llvm-22.1.8", "unit": "graph-000-gfx701"}
    m = reproducers.minimize_cause({"key": "k", "example": flaky}, {"compilers": [{"label": "llvm-22.1.8"}], "units": []},
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
            # ... and the one "in function 'NAME'" names (seed 31337: the
            # final code's gcnabi.0.fn is @f in the reproducer)
            (failure("error: <unknown>:0:0: ran out of registers during register allocation in function "
                     "'gcnabi.0.fn'", None), "ran out of registers during register allocation in function '{{.*}}'"),
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
