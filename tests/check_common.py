"""What the per-job tests of gcnabi's commands share (test_check.py,
test_final_code.py, test_links.py, test_bodies.py, test_generators.py):
the sanitizer environment, check's exit status and outputs read back, llc
by version, and the sections' pytest tests (section_test, per_llc_test)."""
import json
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, installed_llcs, llc_command, read_summary, run  # noqa: E402
from soft import report  # noqa: E402


SAN_ENV = dict(os.environ, ASAN_OPTIONS="exitcode=99:detect_leaks=1", UBSAN_OPTIONS="halt_on_error=1:exitcode=99")


# summary.json's counts under the names the harness reads from summary.txt.
SUMMARY_COLUMNS = {"functions": "functions", "agree": "agree", "llc_refused": "llc_refused",
                   "both_refused": "both_refused", "skipped": "not_emitted", "calls": "calls",
                   "calls_agree": "calls_agree", "calls_differ": "calls_diverged", "calls_refused": "calls_refused",
                   "calls_both_refused": "calls_both_refused", "unread": "unread", "caller_callee": "mismatches",
                   "caller_callee_explained": "mismatches_explained"}


def status(r, out):
    """check's exit status without the crash bit when every finding that set
    it is a verifier-error: bad machine code is reported (test_check.py's
    machine_verifier section) and the function is compiled again without
    the verifier, so its ABI is judged as before (known llc bugs: llc 14-16
    GlobalISel's IRTranslator, llc 22's whole-wave call sites)."""
    path = os.path.join(out, "findings.jsonl")
    if not r.returncode & 16 or not os.path.exists(path):
        return r.returncode
    crashes = {f["kind"] for f in map(json.loads, open(path)) if f["exit_bit"] == 16}
    return r.returncode & ~16 if crashes == {"verifier-error"} else r.returncode


def structured_outputs(out, returncode):
    """What is wrong with findings.jsonl and summary.json of a check run
    ("" when nothing): a typed line per details.jsonl line, of the same
    kind, function, line, combo, message, call site and explanation, its
    exit bit set in the run's status; summary.json with the status and
    the counts of summary.txt."""
    try:
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))]
        findings = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))]
        summary = json.load(open(os.path.join(out, "summary.json")))
    except (OSError, ValueError) as e:
        return "%s: %s" % (out, e)
    if len(details) != len(findings):
        return "%s: %d details, %d findings" % (out, len(details), len(findings))
    for n, (d, f) in enumerate(zip(details, findings)):
        combo = d.get("caller_combo", d.get("combo"))
        want = (d["kind"], d["function"], d["line"], combo, d["why"], d.get("call_site"), d.get("explained_by"))
        got = (f["kind"], f["function"], f["line"], f["combo"], f["message"], f["call_site"], f["explained_by"])
        if want != got or not all(k in d for k in f["placements"]):
            return "%s line %d: details %s, findings %s" % (out, n + 1, want, got)
        if d["kind"] == "cross-version" and f["callee_combo"] != d["callee_combo"]:
            return "%s line %d: callee combo %s" % (out, n + 1, f["callee_combo"])
        bit = f["exit_bit"]
        if bit and not (returncode & bit or (bit == 4 and returncode & 8)):
            return "%s line %d: exit bit %d of %s, exit status %d" % (out, n + 1, bit, f["kind"], returncode)
    if summary.get("complete") is not True:
        return "%s: summary.json does not mark the outputs complete" % out
    if summary["exit_status"] != returncode:
        return "%s: summary.json says exit %d, check exited %d" % (out, summary["exit_status"], returncode)
    table = read_summary(os.path.join(out, "summary.txt"))
    combos = {c["combo"]: c for c in summary["combos"]}
    if sorted(table) != sorted(combos):
        return "%s: combos %s in summary.txt, %s in summary.json" % (out, sorted(table), sorted(combos))
    for tag, row in table.items():
        c = combos[tag]
        got = {k: c["counts"][v] for k, v in SUMMARY_COLUMNS.items()}
        got["differ"] = c["differ"]
        if got != row:
            return "%s %s: summary.txt %s, summary.json %s" % (out, tag, row, got)
    return ""


def reg_runs(runs):
    """{("s", 30), ("s", 31), ...} from gcnabi's runs ["s30-s31", "v40"]."""
    out = set()
    for r in runs:
        a, _, b = r.partition("-")
        first, last = int(a[1:]), int(b[1:]) if b else int(a[1:])
        out |= {(a[0], n) for n in range(first, last + 1)}
    return out


def named(major, llc):
    """--llc llvm19=PATH: combinations named llvm19-gfx900-dag, whatever the
    point release installed."""
    return "llvm%d=%s" % (major, llc)


def check_with_llc19_up(tmp, name, text, cpu):
    """gcnabi check of text (one CPU, one job) with each installed llc 19 or
    newer: (major, the run, its details.jsonl lines) for each."""
    path = os.path.join(tmp, name + ".ll")
    open(path, "w").write(text)
    for major, llc in installed_llcs():
        if major < 19:
            continue
        out = os.path.join(tmp, "%s-%d" % (name, major))
        r = run([GCNABI, "check", "--quiet", "--jobs", "1", "--llc", named(major, llc), "--mcpu", cpu, "--out", out,
                 path])
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))] if r.returncode & 3 == 0 else []
        yield major, r, details


def check_with_every_llc(tmp, name, path, llcs, cpus):
    """gcnabi check of path with every llc on cpus: its run, the counts per
    combination, and the combinations with a refusal or divergence, or
    with call sites neither agreeing nor both refused."""
    out = os.path.join(tmp, name)
    args = [GCNABI, "check", "--quiet", "--out", out, path]
    for cpu in cpus:
        args[2:2] = ["--mcpu", cpu]
    for llc in llcs.values():
        args[2:2] = ["--llc", llc]
    r = run(args)
    summary = os.path.join(out, "summary.json")
    combos = {c["combo"]: c["counts"] for c in json.load(open(summary))["combos"]} if os.path.exists(summary) else {}
    bad = {k: c for k, c in combos.items() if c["llc_refused"] or c["diverged"] or c["calls_refused"] or
           c["calls_diverged"] or c["calls_agree"] + c["calls_both_refused"] != c["calls"]}
    return r, combos, bad


def every_llc_agrees(tmp, name, sigs, llcs, what, functions=None):
    """gcnabi check of sigs with every installed llc on gfx900 and gfx1030:
    no refusal or divergence, every call site agreeing, and (functions) that
    many functions agreeing or both refused in every combination."""
    r, combos, bad = check_with_every_llc(tmp, name + "-check", sigs, llcs, ["gfx900", "gfx1030"])
    if functions is not None:
        bad.update({k: c for k, c in combos.items() if c["agree"] + c["both_refused"] != functions})
    report("%s on every installed llc, gfx900 and gfx1030: no refusal, no divergence, every call site agrees "
           "(%d combinations)" % (what, len(combos)), r.returncode & ~4 == 0 and len(combos) == 4 * len(llcs) and not bad,
           r.stdout[-3000:] + r.stderr + str(bad))


def sibling_calls_agree(tmp, name, ir, sigs, llcs, what):
    """llc 22 makes at least two sibling calls (SI_TCRETURN) of the emitted
    ir, and every installed llc on gfx900 and gfx1030 compiles sigs with no
    refusal or divergence, every call site agreeing."""
    if 22 in llcs:
        path = os.path.join(tmp, name + "-e.ll")
        open(path, "w").write(ir)
        mir = run(llc_command(llcs[22], "gfx1030", "dag", path, "-")).stdout
        report("llc 22 makes sibling calls of %s (SI_TCRETURN: %d)" % (what, mir.count("SI_TCRETURN")),
               mir.count("SI_TCRETURN") >= 2, mir[-400:])
    if llcs:
        every_llc_agrees(tmp, name, sigs, llcs, what)


AB_SIGS = """declare void @f(i32 inreg, i64, <2 x i32> inreg)
declare amdgpu_gfx i32 @g(i32 inreg, <2 x i32> inreg, float)
declare amdgpu_gfx void @h(float, ptr addrspace(1))
declare void @k(i64 inreg, i16 inreg)
"""


def ab_json(args):
    r = run([GCNABI, "ab", "--json"] + args)
    try:
        return r, json.loads(r.stdout)
    except ValueError:
        return r, {}


def label_of(llc):
    """The default label check gives an llc: llvm-<version>."""
    r = run([llc, "--version"])
    return "llvm-" + re.search(r"LLVM version (\S+)", r.stdout).group(1)


def gen(*args):
    return run([GCNABI_SAN, "gen"] + list(args), env=SAN_ENV)


def body(text):
    """The signature lines of gen's output, without its comments."""
    return [l for l in text.splitlines() if not l.startswith(";")]


# Findings that mean the model and llc disagree (exit bit 8 apart from llc's own caller/callee disagreements).
MODEL_DIVERGENCES = {"model-vs-llc", "model-refused", "model-vs-llc-caller", "model-refused-call"}


def unexplained_findings(out, major):
    """The findings behind exit bit 8. llc 16's SelectionDAG writes IMPLICIT_DEF into inreg registers at
    amdgpu_gfx call sites (see README: its own caller and callee disagree while each agrees with the model);
    those caller/callee disagreements are llc 16's bug, listed but not failed on. Everything else is."""
    path = os.path.join(out, "details.jsonl")
    found, llc16 = [], 0
    for line in open(path) if os.path.exists(path) else []:
        d = json.loads(line)
        if d["kind"] in MODEL_DIVERGENCES:
            found.append(line)
        elif d["kind"] == "caller-vs-callee" and not d.get("explained_by"):
            if major == 16:
                llc16 += 1
            else:
                found.append(line)
    return found, llc16


def section_params(fns, slow):
    return [pytest.param(f, id=f.__name__, marks=[pytest.mark.slow] if f in slow else []) for f in fns]


def section_test(fns, slow=()):
    """One pytest test per section of fns (each takes the test's folder)."""
    @pytest.mark.parametrize("section", section_params(fns, set(slow)))
    def test(section, tmp):
        section(tmp)
    return test


def per_llc_test(fns, slow=()):
    """One pytest test per section of fns and installed llc: the section
    sees that llc alone (GCNABI_TEST_LLCS), so the workers share them out."""
    @pytest.mark.parametrize("major", [m for m, _ in installed_llcs()], ids=lambda m: "llc%d" % m)
    @pytest.mark.parametrize("section", section_params(fns, set(slow)))
    def test_per_llc(section, major, tmp, monkeypatch):
        monkeypatch.setenv("GCNABI_TEST_LLCS", str(major))
        section(tmp)
    return test_per_llc
