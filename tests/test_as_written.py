#!/usr/bin/env python3
"""check --as-written and gcnabi-run run --as-written: a module compiled as
it is (tests/fixtures/as_written/report.ll, written by hand), judged with
every installed llc; a model made wrong must be caught there; llc 14,
which cannot read opaque pointers, gives a note, not a finding; a module
llc fails on is a finding with its module kept. One pytest test per
section (`pytest tests/test_as_written.py -k NAME`)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, ROOT, harness_run, installed_llcs, llc_failing_on_f1, run  # noqa: E402
from soft import needs_llcs, report  # noqa: E402
from check_common import SAN_ENV, named, section_test  # noqa: E402

MODULE = os.path.join(ROOT, "tests", "fixtures", "as_written", "report.ll")


def findings_of(out):
    path = os.path.join(out, "findings.jsonl")
    return [json.loads(l) for l in open(path)] if os.path.exists(path) else []


def summary_of(out):
    path = os.path.join(out, "summary.json")
    return json.load(open(path)) if os.path.exists(path) else {}


def check(tmp, name, llcs, *extra, src=MODULE, as_written=True, san=False):
    out = os.path.join(tmp, name)
    args = [GCNABI_SAN if san else GCNABI, "check"] + ["--as-written"] * as_written + ["--quiet", "--mcpu", "gfx900",
                                                                                      "--out", out]
    for major, llc in llcs:
        args += ["--llc", named(major, llc)]
    r = run(args + list(extra) + [src], env=SAN_ENV if san else None)
    return r, findings_of(out), summary_of(out)


def as_written_clean(tmp):
    """Every llc that reads opaque pointers (15 on), both selectors, final
    code: the module's 4 defines and 4 direct calls are judged (the call
    through a pointer is counted, not judged); no divergence, no crash, no
    final-code violation, the final code of the 4 functions proven (the
    kernel's as an entry point's); llc 15/16 GlobalISel's refusal of inreg is the
    model's too (both-refused, a note); exit 0."""
    llcs = [(m, l) for m, l in installed_llcs() if m >= 15]
    if not llcs:
        needs_llcs("check --as-written: needs llc 15 or newer", "installed: %s" % installed_llcs())
    # the sanitizer build: a callee's kept placement (its parts only) was
    # once copied whole when a call was judged against it
    r, found, summary = check(tmp, "clean", llcs, "--final-code", san=True)
    bad = [(f["kind"], f["combo"], f["function"], f["message"][:120]) for f in found
           if f["class"] in ("divergence", "crash")]
    combos = summary.get("combos") or []
    judged = [c for c in combos if c["counts"]["functions"] == 4 and c["counts"]["calls"] == 4]
    refused = [c for c in combos if c["counts"]["both_refused"] == 1]
    fc = [c.get("final_code") or {} for c in combos]
    report("check --as-written --final-code, llc %s: no divergence, crash or violation; 4 defines and 4 calls judged "
           "wherever llc compiles the module, both-refused elsewhere; exit 0" % [m for m, _ in llcs],
           r.returncode == 0 and not bad and len(judged) + len(refused) == len(combos) == 2 * len(llcs) and
           all(x.get("violated", 0) == 0 for x in fc) and sum(x.get("proven", 0) for x in fc) == 4 * len(judged) and
           (summary.get("as_written") or {}).get("calls_through_pointers") == 1,
           "exit %d, bad %s, combos %s\n%s" % (r.returncode, bad[:4], [(c["combo"], c["counts"]["functions"],
                                                                         c["counts"]["calls"]) for c in combos],
                                             r.stderr[-800:]))
    report("check --as-written: the summary says what is not judged",
           "as written: 4 defines, 4 direct calls judged; not judged: 1 calls through pointers, 0 chain calls" in r.stdout, r.stdout[:600])


def as_written_wrong_model(tmp):
    """The model made wrong where llc 19 and 22 place inreg arguments at a
    call (caller_inreg_over_srd off): the call sites of @ext diverge,
    exit bit 8, each finding naming its call site's line in the module."""
    llcs = [(m, l) for m, l in installed_llcs() if m in (19, 22)]
    if not llcs:
        needs_llcs("check --as-written, a wrong model: needs llc 19 or 22", "installed: %s" % installed_llcs())
    r, found, _ = check(tmp, "wrong", llcs, "--selector", "dag", "--switch", "caller_inreg_over_srd=off")
    sites = {f["call_site"] for f in found if f["class"] == "divergence" and f["call_site"]}
    report("check --as-written --switch caller_inreg_over_srd=off, llc %s: the calls of @ext at lines 13 and 18 "
           "diverge (exit bit 8)" % [m for m, _ in llcs],
           r.returncode & 8 and any("report.ll:13)" in s for s in sites) and any("report.ll:18)" in s for s in sites),
           "exit %d, sites %s" % (r.returncode, sorted(sites)))


def as_written_unreadable(tmp):
    """llc 14 cannot read opaque pointers: one not-parsed note per
    combination naming the module's line, no finding, nothing compared:
    exit 64 (results incomplete), never 0."""
    llc14 = [(m, l) for m, l in installed_llcs() if m == 14]
    if not llc14:
        needs_llcs("check --as-written, llc 14: needs llc 14", "installed: %s" % installed_llcs())
    r, found, _ = check(tmp, "llc14", llc14)
    notes = [f for f in found if f["kind"] == "not-parsed"]
    report("check --as-written, llc 14: a not-parsed note per combination at report.ll:4, nothing else, exit 64",
           r.returncode == 64 and len(notes) == 2 and len(found) == 2 and
           all("report.ll:4:" in f["message"] for f in notes),
           "exit %d %s" % (r.returncode, [(f["kind"], f["message"][:100]) for f in found]))


def as_written_crash(tmp):
    """llc failing on the module (a stand-in that fails as a compiler does
    on a module holding gcnabi.1.fn): one llc-refused-graph finding, exit
    16 + 64 (nothing was compared), the module kept in repro/ with its
    functions."""
    llcs = installed_llcs()
    if not llcs:
        needs_llcs("check --as-written, a crash: needs an llc", "none installed")
    major, real = llcs[-1]
    fake = llc_failing_on_f1(os.path.join(tmp, "llc"), real)
    src = os.path.join(tmp, "crash.ll")
    with open(src, "w") as f:
        f.write("define void @gcnabi.1.fn(i32 %a) {\n  ret void\n}\n"
                "define void @g() {\n  call void @gcnabi.1.fn(i32 1)\n  ret void\n}\n")
    r, found, _ = check(tmp, "crash", [(major, fake)], "--selector", "dag", src=src)
    crash = [f for f in found if f["class"] == "crash"]
    repro = os.path.join(tmp, "crash", "repro")
    kept = [open(os.path.join(repro, n)).read() for n in os.listdir(repro)] if os.path.isdir(repro) else []
    report("check --as-written, llc failing on the module: one llc-refused-graph, exit 80, the module kept",
           r.returncode == 80 and len(crash) == 1 and crash[0]["kind"] == "llc-refused-graph" and
           any("call void @gcnabi.1.fn(i32 1)" in t for t in kept),
           "exit %d %s %s" % (r.returncode, [(f["kind"], f["message"][:80]) for f in found], kept))


def as_written_harness(tmp):
    """gcnabi-run run --as-written: the module is one unit per CPU, nothing
    generated beside it; with the model made wrong, a new cause whose
    reproducer holds the module; without a module, a usage error."""
    llcs = [(m, l) for m, l in installed_llcs() if m == 22]
    if not llcs:
        needs_llcs("gcnabi-run run --as-written: needs llc 22", "installed: %s" % installed_llcs())
    out = os.path.join(tmp, "run")
    r = harness_run(["run", "--as-written", "--llc", llcs[0][1], "--mcpu", "gfx900", "--selector", "dag",
                     "--no-new-reg-bank-select", "--switch", "caller_inreg_over_srd=off", "--out", out, MODULE])
    plan = json.load(open(os.path.join(out, "plan.json"))) if os.path.exists(os.path.join(out, "plan.json")) else {}
    units = plan.get("units") or []
    repro = os.path.join(out, "repro")
    tests = [open(os.path.join(repro, n)).read() for n in os.listdir(repro) if n.endswith(".ll")] \
        if os.path.isdir(repro) else []
    report("gcnabi-run run --as-written, the model made wrong: one module unit, exit 8, a reproducer holding the module",
           r.returncode == 8 and [u["kind"] for u in units] == ["module"] and
           any("define hidden fastcc i64 @tail" in t for t in tests),
           "exit %d units %s\n%s" % (r.returncode, units, (r.stdout + r.stderr)[-1500:]))
    r = harness_run(["run", "--as-written", "--out", os.path.join(tmp, "none")])
    report("gcnabi-run run --as-written without a module: a usage error (exit 2) that says so",
           r.returncode == 2 and "--as-written needs the modules" in r.stderr, "exit %d %s" % (r.returncode, r.stderr))


BUGS = os.path.join(ROOT, "cases", "bug-reports")


def as_written_bug_reports(tmp):
    """The three bug-report modules of cases/bug-reports, each needing what
    issue 37 added, with every installed llc, as written and (the first
    two) from the signature language; each with its control, the same
    module without what it needs, that must give no crash and no
    violation."""
    llcs = installed_llcs()
    if not llcs:
        needs_llcs("bug reports: needs an llc", "none installed")

    def run_one(name, text, as_written=True):
        path = os.path.join(tmp, name)
        open(path, "w").write(text)
        return check(tmp, "out-" + name, llcs, "--final-code", src=path, as_written=as_written)

    def crashes(found, selector=None):
        return sorted({f["combo"] for f in found if f["class"] == "crash" and
                       (selector is None or f["selector"] == selector)})

    text = open(os.path.join(BUGS, "tailcallopt-gisel.ll")).read()
    gisel = [m for m, _ in llcs]
    for name, t, as_written in (("a.ll", text, True),
                                ("a.sig.ll", open(os.path.join(BUGS, "tailcallopt-gisel.sig.ll")).read(), False)):
        r, found, _ = run_one(name, t, as_written)
        hit = crashes(found, "gisel")
        report("%s: -tailcallopt, a fastcc tail call: GlobalISel crashes on every llc (%s), SelectionDAG does not; "
               "exit bit 16" % (name, gisel), r.returncode & 16 and len(hit) == len(llcs) and not crashes(found, "dag"),
               "exit %d, crashes %s" % (r.returncode, crashes(found)))
    r, found, _ = run_one("a-control.ll", text.replace("; gcnabi-llc-options: -tailcallopt\n", ""))
    report("tailcallopt-gisel.ll without -tailcallopt: no crash, no divergence",
           r.returncode & (8 | 16) == 0 and not crashes(found), "exit %d %s" % (r.returncode, crashes(found)))

    text = open(os.path.join(BUGS, "num-sgpr-scratch.ll")).read()
    # (gcnabi's module of the signatures: llc 16 compiles it, 19 and 22 do not)
    for name, t, as_written, want in (("b.ll", text, True, [m for m, _ in llcs if m >= 16]),
                                      ("b.sig.ll", open(os.path.join(BUGS, "num-sgpr-scratch.sig.ll")).read(), False,
                                       [m for m, _ in llcs if m >= 19])):
        r, found, _ = run_one(name, t, as_written)
        scratch = sorted({int(f["combo"].split("-")[0][4:]) for f in found if f["kind"] == "final-code-refused" and
                          "failed to find free scratch register" in f["message"] and f["selector"] == "dag"})
        report("%s: \"amdgpu-num-sgpr\"=\"16\": SelectionDAG fails on the final code (failed to find free "
               "scratch register) with llc %s, exactly" % (name, want), r.returncode & 16 and scratch == want,
               "exit %d, %s" % (r.returncode, [(f["combo"], f["message"][:60]) for f in found if f["class"] == "crash"]))
    r, found, _ = run_one("b-control.ll", text.replace('attributes #0 = { "amdgpu-num-sgpr"="16" }', "attributes #0 = { }"))
    report("num-sgpr-scratch.ll without the attribute: no crash", not crashes(found),
           "exit %d %s" % (r.returncode, crashes(found)))

    text = open(os.path.join(BUGS, "lane-varying-tail-call.ll")).read()
    r, found, _ = run_one("c.ll", text)
    lane = [f for f in found if f["kind"] == "final-code" and "lane 0's value of v0" in f["message"]]
    want = any(m == 22 for m, _ in llcs)
    report("lane-varying-tail-call.ll: llc 22 GlobalISel passes lane 0's value in s0 (a final-code violation, exit bit "
           "8), in no other combination", (not want or r.returncode & 8) and
           [f["combo"].startswith("llvm22-") and f["selector"] == "gisel" for f in lane] == ([True] if want else []),
           "exit %d %s" % (r.returncode, [(f["combo"], f["message"][:80]) for f in found if f["class"] != "note"]))
    uniform = text.replace("@tail_divergent(i32 %vgpr)", "@tail_divergent(i32 inreg %vgpr)")
    r, found, _ = run_one("c-control.ll", uniform)
    report("lane-varying-tail-call.ll with a uniform (inreg) value: no lane-value violation",
           not [f for f in found if "lane 0's value" in f["message"]],
           "exit %d %s" % (r.returncode, [(f["combo"], f["message"][:80]) for f in found if f["class"] != "note"]))


SECTIONS = [as_written_clean, as_written_wrong_model, as_written_unreadable, as_written_crash, as_written_harness,
            as_written_bug_reports]
test = section_test(SECTIONS)
