#!/usr/bin/env python3
"""Tests of harness/gcnabi-run against real llc: errors that name file and
line, compiler discovery errors, --resume after a kill and --shard i/n +
merge give the same report, suites, nightly plans and rounds, every finding
kind on every axis of the reports, and the self-test. The reproducers (crash
bisection, minimization, lit tests) are tests/test_reproducers.py."""
import glob
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, HARNESS, ROOT, harness_run as run  # noqa: E402
from soft import report  # noqa: E402

REPORT_FILES = ("summary.md", "results.jsonl", "junit.xml", "index.html")


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
    return ["run", "--no-final-code", "--llc", llc, "--mcpu", "gfx1030", "--mcpu", "gfx900", "--seed", "7", "--count", "60",
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
    p = subprocess.Popen(HARNESS + small(llc, b), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
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


def test_known_identity(tmp):
    """A known-differences entry that names llc options or a triple accepts
    the cause only in that combination (and one that names neither, in
    every one); a refused option or an unknown triple is FILE:LINE: error;
    the ready-to-paste line of a cause found under options and a triple
    carries both, and accepts what it was made from."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import known as K
    from gcnabirun.common import HarnessError
    path = os.path.join(tmp, "known.txt")
    with open(path, "w") as f:
        f.write("crash | default | 22 | gisel | ^compiler: X$ | with -tailcallopt | llc-options: -tailcallopt\n"
                "crash | default | 22 | gisel | ^compiler: Y$ | under amdhsa | triple: amdgcn-amd-amdhsa\n"
                "crash | default | 22 | gisel | ^compiler: Z$ | anywhere\n")
    entries = K.load(path)
    base = {"axis": "crash", "convention": "default", "selector": "gisel", "cause_versions": [22]}
    hit = lambda cause, **kw: (K.match(entries, dict(base, cause=cause, **kw)) or {}).get("reason")
    got = [hit("compiler: X", llc_options=["-tailcallopt"]), hit("compiler: X"),
           hit("compiler: X", llc_options=["-mattr=-flat-for-global", "-tailcallopt"]),
           hit("compiler: X", llc_options=["-mattr=-flat-for-global"]),
           hit("compiler: Y", triple="amdgcn-amd-amdhsa"), hit("compiler: Y"), hit("compiler: Y", triple="amdgcn--"),
           hit("compiler: Z", llc_options=["-tailcallopt"], triple="amdgcn--"), hit("compiler: Z")]
    report("known entries with llc-options accept combinations that have those options (others beside), with a "
           "triple only that triple's; those without, every one",
           got == ["with -tailcallopt", None, "with -tailcallopt", None, "under amdhsa", None, None, "anywhere",
                   "anywhere"], repr(got))
    errors = []
    for bad in ("crash | * | * | * | . | r | llc-options: -mtriple=amdgcn\n", "crash | * | * | * | . | r | triple: x86_64--\n"):
        with open(path, "w") as f:
            f.write(bad)
        try:
            K.load(path)
            errors.append("")
        except HarnessError as e:
            errors.append(str(e))
    report("a refused llc option or an unknown triple in a known entry: FILE:1: error naming it",
           all(e.startswith(path + ":1: error: ") for e in errors) and "-mtriple" in errors[0] and "x86_64--" in errors[1],
           repr(errors))
    f = dict(base, cause="compiler: W", llc_options=["-tailcallopt"], triple="amdgcn-amd-amdhsa")
    line = K.entry_for(f)
    with open(path, "w") as fh:
        fh.write(line + "\n")
    report("the ready-to-paste line carries the combination's options and triple, and accepts its cause",
           line.endswith("| llc-options: -tailcallopt | triple: amdgcn-amd-amdhsa") and
           K.match(K.load(path), f) is not None and K.match(K.load(path), dict(f, triple=None)) is None, line)


def test_known_patterns_as_causes_read():
    """A cause names a register range as s[#] or v[#] (check_cause.c
    normalizes `s[30:31]` so): a known-differences pattern with `[#:#]`
    can match no cause (the long-branch entry had one until 7 December
    2026, and never accepted its cause)."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import known as K
    entries = K.load(os.path.join(ROOT, "cases", "known-differences.txt"))
    bad = [e["where"] for e in entries if r"\[#:#\]" in e["pattern"].pattern or "[#:#]" in e["pattern"].pattern]
    jump = "final code: the function jumps through s[#] to .LBB#_# again: its return address was overwritten by a long branch"
    hit = K.match(entries, {"axis": "final-code", "convention": "default", "selector": "dag", "cause_versions": [22],
                            "cause": jump})
    report("known patterns: no register range a cause cannot hold; the long-branch jump is accepted",
           not bad and hit is not None, "%s %s" % (bad, hit))


def test_split_graphs_by_options():
    """A unit's llc options and triple are all of its graphs': gcnabi
    gen's graphs of a suite with llc-option and triple weights are split
    into chunks of at most 5 graphs of the same `; gcnabi-llc-options:` and
    `; gcnabi-triple:` lines, each chunk with the stream's header; none is
    lost or repeated."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import work
    weights = os.path.join(ROOT, "cases", "weights", "options.weights")
    text = subprocess.run([GCNABI, "gen", "--weights", weights, "--callgraph", "--seed", "11", "--count", "60"],
                          capture_output=True, text=True, check=True).stdout
    chunks = work.split_graphs(text, 5)
    graphs = sorted((l for c in chunks for l in c if re.match(r"; graph \d+", l)), key=lambda l: int(l.split()[2]))
    opts = [sorted(set(l for l in c if l.startswith("; gcnabi-llc-options:"))) for c in chunks]
    triples = [sorted(set(l for l in c if l.startswith("; gcnabi-triple:"))) for c in chunks]
    report("graphs split by their llc options and triple: %d chunks of 60 graphs, %d with options, %d with a "
           "triple" % (len(chunks), sum(1 for o in opts if o), sum(1 for t in triples if t)),
           graphs == re.findall(r"^; graph \d+.*$", text, re.M) and all(len(o) <= 1 for o in opts) and
           all(len(t) <= 1 for t in triples) and any(triples) and
           all(sum(1 for l in c if l.startswith("; gcnabi-triple:")) in (0, sum(
               1 for l in c if re.match(r"; graph \d+", l))) for c in chunks) and
           any(opts) and all(c[0].startswith("; gcnabi gen") for c in chunks) and
           all(sum(1 for l in c if re.match(r"; graph \d+", l)) <= 5 for c in chunks) and
           all(sum(1 for l in c if l.startswith("; gcnabi-llc-options:")) in (0, sum(
               1 for l in c if re.match(r"; graph \d+", l))) for c in chunks), opts)


def test_weights_drawn():
    """The report's "Weights drawn" rows: the options and whole_wave
    suites' graphs (gcnabi gen, 200 and 60 of seed 12) draw every weight
    of theirs within the bounds it implies, each at least once; the same
    graphs with their triples and llc options stripped, or every
    "gcnabi-pressure" taken away, are out of bounds."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import draws as D

    def suite(name, count):
        path = os.path.join(ROOT, "cases", "weights", name)
        text = subprocess.run([GCNABI, "gen", "--weights", path, "--callgraph", "--seed", "12", "--count", str(count)],
                              capture_output=True, text=True, check=True).stdout
        w = dict((k, int(v)) for k, v in re.findall(r"^(\w+) = (\d+)$", subprocess.run(
            [GCNABI, "gen", "--weights", path, "--dump-weights"], capture_output=True, text=True, check=True).stdout, re.M))
        return text, w
    opts, wo = suite("options.weights", 200)
    ww, ww_w = suite("whole_wave_bodies.weights", 60)
    rows = D.counted("options", D.graphs_of(opts), wo) + D.counted("whole_wave", D.graphs_of(ww), ww_w)
    stripped = D.counted("options", D.graphs_of(re.sub(r"(?m)^; gcnabi-(llc-options|triple):.*$", "", opts)), wo)
    no_pressure = D.counted("whole_wave", D.graphs_of(ww.replace('"gcnabi-pressure"', "")), ww_w)
    bad = lambda rs, ws: sorted(r["weight"] for r in rs if not r["within"] and r["weight"] in ws)  # noqa: E731
    keys = {r["weight"] for r in rows}
    report("weights drawn: %d rows of the options and whole_wave suites within their bounds, each taken; stripped "
           "of options and triples %s out of bounds; without pressure %s" % (
               len(rows), bad(stripped, keys), bad(no_pressure, keys)),
           all(r["within"] and r["k"] > 0 for r in rows) and {
               "pct_tailcallopt", "pct_no_flat_for_global", "pct_true16_on", "pct_true16_off", "pct_triple_mesa",
               "pct_triple_none", "pct_triple_hsa", "pct_frame", "pct_pressure", "pct_unseen_noinput"} <= keys and
           set(bad(stripped, keys)) == {"pct_tailcallopt", "pct_no_flat_for_global", "pct_true16_on",
                                        "pct_true16_off", "pct_triple_mesa", "pct_triple_none", "pct_triple_hsa"} and
           bad(no_pressure, keys) == ["pct_pressure", "pct_pressure"], json.dumps(rows, indent=0)[:3000])


def test_unknown_limit():
    """A run's exit status says results incomplete (64) when a
    combination's final code leaves more than gcnabi's limit (5 %) of its
    verdicts unknown, summed over the units; 5 % or fewer is not."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import report as R
    from gcnabirun import vocab as V
    at = {"a": {"final_proven": 90, "final_violated": 5, "final_unknown": 5}}
    over = {"a": {"final_proven": 90, "final_violated": 4, "final_unknown": 6}, "b": {"final_proven": 3}}
    got = [R.exit_status([], [], [], stats=s) for s in (at, over, {}, None)]
    report("final code unknown limit %d %%: 5 of 100 unknown exits 0, 6 of 100 exits 64, no final code 0" %
           V.vocab()["final_unknown_limit_pct"], got == [0, 64, 0, 0], got)


def test_nightly_cpus():
    """The nightly's CPUs without --mcpu: the harness's, and gfx90a, gfx942
    and gfx950 (saved AGPRs, kernarg preload, architected flat scratch) from
    the vocabulary's "nightly" list; a run's are the harness's alone."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import vocab as V
    nightly, run_ = V.run_cpus("nightly"), V.run_cpus("run")
    report("nightly CPUs: the harness's and gfx90a, gfx942, gfx950; a run's: the harness's",
           nightly[:len(run_)] == run_ == V.default_cpus("harness") and {"gfx90a", "gfx942", "gfx950"} <= set(nightly) and
           not {"gfx90a", "gfx942", "gfx950"} & set(run_), "%s / %s" % (nightly, run_))


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


def test_final_code_verify():
    """The machine verifier in the final code's llc runs: the nightly's
    (cli.config_from), a run's only with --final-code-verify; the unit's
    gcnabi check command says so (work.check_command)."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    import argparse
    from gcnabirun import cli, work
    p = argparse.ArgumentParser()
    cli.add_common(p)
    cfgs = {(mode, extra): cli.config_from(p.parse_args(["--final-code", "auto"] + list(extra)), mode, [])
            for mode in ("run", "nightly") for extra in ((), ("--final-code-verify",))}
    got = {k: c["final_code_verify"] for k, c in cfgs.items()}
    unit = {"cpu": "gfx900", "kind": "sig"}
    comp = [{"label": "llvm-22", "major": 22, "path": "/bin/false", "version": "LLVM version 22.1.8", "profile": "llvm22"}]
    args = {k: work.check_command(unit, c, comp, "out", False, "in.ll")[0] for k, c in cfgs.items()}
    report("final-code verifier: on in the nightly and with --final-code-verify, off in a run without it",
           got == {("run", ()): False, ("run", ("--final-code-verify",)): True, ("nightly", ()): True,
                   ("nightly", ("--final-code-verify",)): True}
           and all(("--final-code-verify" in a) == got[k] for k, a in args.items())
           and all("--final-code-selector" in a for a in args.values()), "%s\n%s" % (got, args))



def test_run_final_code_default():
    """The main command checks the final code: `run` with no word on it
    checks SelectionDAG's (GlobalISel's too from llc 22) of a sample of 1
    in work.RUN_FINAL_CODE_SAMPLE functions, the nightly of every function,
    --final-code-sample N and --no-final-code as they say; the unit's
    gcnabi check command carries the sample (cli.config_from,
    work.check_command)."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    import argparse
    from gcnabirun import cli, work
    p = argparse.ArgumentParser()
    cli.add_common(p)
    n = work.RUN_FINAL_CODE_SAMPLE
    cases = {("run", ()): ("auto", n), ("nightly", ()): ("auto", 1), ("run", ("--final-code-sample", "2")): ("auto", 2),
             ("nightly", ("--final-code-sample", "3")): ("auto", 3), ("run", ("--no-final-code",)): (None, n),
             ("run", ("--final-code", "dag")): ("dag", n), ("compare", ()): (None, 1)}
    got, args = {}, {}
    unit = {"cpu": "gfx900", "kind": "sig"}
    comp = [{"label": "llvm-22", "major": 22, "path": "/bin/false", "version": "LLVM version 22.1.8", "profile": "llvm22"}]
    for (mode, extra) in cases:
        c = cli.config_from(p.parse_args(list(extra)), mode, [])
        got[(mode, extra)] = (c["final_code"], c["final_code_sample"])
        a = work.check_command(unit, c, comp, "out", False, "in.ll")[0]
        args[(mode, extra)] = ("--final-code-selector" in a,
                               a[a.index("--final-code-sample") + 1] if "--final-code-sample" in a else None)
    want_args = {k: (v[0] is not None, str(v[1]) if v[0] is not None and v[1] > 1 else None) for k, v in cases.items()}
    report("run checks the final code of 1 in %d functions by default, the nightly of all; the check command says so" % n,
           n > 1 and got == cases and args == want_args, "%s\n%s" % (got, args))


def test_minimize_budget_leaves_out_stored_reproducers():
    """MAX_MINIMIZE counts the causes a run minimized, not the known causes'
    stored reproducers it copied: with more of those than the budget, new
    causes are still minimized (reproducers.to_minimize)."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import reproducers
    n = reproducers.MAX_MINIMIZE
    todo = [{"key": "new%d" % i} for i in range(3)]
    stored = {"k%d" % i: {"key": "k%d" % i, "stored": "repro/x%d.ll" % i} for i in range(n + 9)}
    done = {"m%d" % i: {"key": "m%d" % i, "lit": {}} for i in range(n - 1)}
    report("minimizing: 3 new causes beside %d stored reproducers all minimized; beside %d minimized before, 1" % (
        n + 9, n - 1), len(reproducers.to_minimize(todo, stored)) == 3 and len(reproducers.to_minimize(todo, done)) == 1 and
        reproducers.to_minimize(todo, dict(done, **{"m%d" % n: {"key": "x"}})) == [], "")

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
    (gcnabi gen --from: each replays alone; round 0 may hold more graphs,
    drawn until every weight is taken); a nightly that ran out of budget
    in its extra rounds is complete (no exit bit 64), and bit 64 is set
    exactly when round 0 has a unit without results."""
    import json
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import cli, work as W
    d = os.path.join(tmp, "rounds-plan")
    cfg = {"seed": "20261211", "count": 6, "swarm": 3, "graphs": 2, "chunk": 4, "cpus": ["gfx900"], "rounds": 3,
           "weights": None, "suites": W.suites_for(["shaders"], 20, 10), "inputs": []}
    plan = W.make_plan(d, cfg, [])
    rounds = [u.get("round", 0) for u in plan["units"]]
    stems = [(u["kind"], u["suite"]) for u in plan["units"] if not W.extra(u)]
    first = [next(u["input"] for u in plan["units"] if u.get("round", 0) == r and u["suite"] == "default")
             for r in (0, 1)]
    text = [open(os.path.join(d, p)).read() for p in first]
    again = subprocess.run([GCNABI, "gen", "--seed", "20261211", "--from", "6", "--count", "4"],
                           capture_output=True, text=True).stdout
    sigs = lambda t: [l for l in t.splitlines() if l.startswith("declare")]
    report("nightly rounds: round 0 before rounds 1 and 2, its suites taking turns, each round new signatures "
           "(round 1's first chunk of the default suite is gcnabi gen --from of the seed)",
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
           required and 0 < len(extra) <= (W.NIGHTLY_ROUNDS - 1) * len(required) and
           bool(r.returncode & 64) == (missing > 0) and head.get("units") == len(required) and
           head.get("done") == len(required) - missing and ex.get("units") == len(extra) and
           ex.get("done") == sum(1 for u in extra if u in journal) and
           ("of the %d units of %d extra round(s)" % (len(extra), W.NIGHTLY_ROUNDS - 1)) in summary and
           cli.expected_units(out, plan) == required,
           "exit %d, head %s\n%s" % (r.returncode, head, r.stderr[-1500:]))


def test_minimize_shares():
    """The time each cause gets for minimizing under a budget (reproducers.cause_share)."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import reproducers
    lo, hi = reproducers.MINIMUM_SHARE_SECONDS, reproducers.MINIMIZE_SECONDS
    cases = [
        ((None, 0, 2, 25), reproducers.UNBUDGETED_SECONDS, "no budget: the unbudgeted per-cause time"),
        ((300, 0, 2, 25), 300 * 2 / 25, "300 s left, 2 at a time, 25 causes: an equal share"),
        ((100, 0, 2, 25), lo, "a share below the minimum is raised to it, not skipped"),
        ((5000, 0, 2, 3), hi, "a share above the maximum is cut to it"),
        ((30, 0, 2, 1), 30, "never more than is left"),
        ((19, 0, 2, 25), None, "less than the minimum left: reported unminimized"),
    ]
    bad = [(args, reproducers.cause_share(*args), want, why) for args, want, why in cases if reproducers.cause_share(*args) != want]
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
    from gcnabirun import reproducers as RP
    from gcnabirun.common import HarnessError
    # (a lit test in cases/, named relative to the known file's folder)
    stored = os.path.join(ROOT, "cases", "repro", "llc16-dag-gfx-callee-implicit-def.ll")
    with open(narrow, "w") as f:
        f.write("* | amdgpu_gfx | 16 | dag | ^call site: argument fewer parts$ | llc 16 | repro: %s\n"
                % os.path.relpath(stored, d))
    causes = R.buckets(R.classify([record], K.load(narrow)))
    run_dir = os.path.join(d, "run")
    m = RP.stored_reproducer(causes[0], run_dir) if len(causes) == 1 and causes[0].get("repro") else {}
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
