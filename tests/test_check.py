#!/usr/bin/env python3
"""gcnabi's commands against every llc installed here: bad-input handling,
gcnabi check of the golden cases, the fixtures and the boundary
signatures, the final code, links, A/B, the generators. One pytest test
per section (`pytest tests/test_check.py -k final_code`); the golden
placements themselves are lit tests (lit.cfg.py)."""
import glob
import json
import os
import re
import stat
import subprocess
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import (GCNABI, GCNABI_SAN, GOLDEN, OS_TRIPLES, ROOT, TRIPLE, case_oses, installed_llcs, llc_command,
                          profile_of, read_summary, run)
from soft import needs_llcs, report

SAN_ENV = dict(os.environ, ASAN_OPTIONS="exitcode=99:detect_leaks=1", UBSAN_OPTIONS="halt_on_error=1:exitcode=99")


def bad_inputs(tmp):
    """Malformed signatures, truncated MIR and broken layouts: a clear error, never a crash."""
    bad = {
        "missing paren": ("declare void @f(i32, i64\n", "2:1"),
        "unknown type": ("declare void @f(i32x)\n", "1:17"),
        "bad width": ("declare void @f(i0)\n", "1:17"),
        "bad align": ("declare void @f(ptr addrspace(5) byval(i32) align 3)\n", "1:"),
        "good then bad": ("declare void @ok(i32)\ndeclare void @f(<0 x i32>)\n", "2:"),
    }
    for name, (text, where) in bad.items():
        src = os.path.join(tmp, "bad.ll")
        open(src, "w").write(text)
        r = run([GCNABI_SAN, "place", src], env=SAN_ENV)
        ok = r.returncode == 1 and (src + ":" + where) in r.stderr and "error" in r.stderr
        report("malformed signature: %s" % name, ok, "exit %d\n%s" % (r.returncode, r.stderr))
    # Every command: --help is its usage on stdout (exit 0), an unknown
    # option a usage error naming it (exit 2).
    for command in ("place", "emit", "observe", "diff", "check", "passthrough", "gen", "layouts", "profiles"):
        h = run([GCNABI_SAN, command, "--help"], env=SAN_ENV)
        u = run([GCNABI_SAN, command, "--no-such-option"], env=SAN_ENV)
        report("gcnabi %s: --help prints its usage, an unknown option is a usage error" % command,
               h.returncode == 0 and h.stdout.startswith("usage: gcnabi %s" % command) and u.returncode == 2
               and "--no-such-option" in u.stderr, "help exit %d %r; unknown exit %d %r" % (
                   h.returncode, (h.stdout + h.stderr)[:200], u.returncode, u.stderr[:200]))
    # check's options from gcnabi-run: --llc-version names the --llc before
    # it, with a version gcnabi has a profile for; --llc-slots a file of slots.
    sig = os.path.join(tmp, "one.ll")
    open(sig, "w").write("declare void @f(i32)\n")
    empty = os.path.join(tmp, "empty-slots")
    open(empty, "w").close()
    for args, code, says in ((["--llc-version", "LLVM version 22.1.8"], 2, "follows no --llc"),
                             (["--llc", "/bin/true", "--llc-version", "LLVM version 9.0.0"], 1, "9.0.0"),
                             (["--llc", "/bin/true", "--llc-version", "clang 22"], 1, "'clang 22'"),
                             (["--llc-slots", os.path.join(tmp, "no-slots")], 2, "no-slots: No such file"),
                             (["--llc-slots", empty], 2, "has 0 bytes"),
                             (["--final-code-selector", "all"], 2, "--final-code-selector takes dag, gisel or both"),
                             (["--final-code-selector", "X=all"], 2, "--final-code-selector takes dag, gisel or both"),
                             (["--llc", "X=/bin/true", "--llc-version", "LLVM version 22.1.8", "--final-code-selector",
                               "Y=dag"], 2, "--final-code-selector Y=dag: no llc is named 'Y' (the llcs are X)"),
                             (["--selector", "all"], 2, "--selector takes dag, gisel or both")):
        r = run([GCNABI_SAN, "check", "--quiet", "--out", os.path.join(tmp, "bad-check")] + args + [sig], env=SAN_ENV)
        shown = " ".join(os.path.basename(a) if a.startswith(tmp) else a for a in args)
        report("gcnabi check %s: exit %d naming the problem" % (shown, code),
               r.returncode == code and says in r.stderr, "exit %d %r" % (r.returncode, r.stderr[:300]))
    fixtures = sorted(glob.glob(os.path.join(ROOT, "tests", "fixtures", "mir", "*.mir")))[:6]
    for fx in fixtures:
        data = open(fx, "rb").read()
        worst = None
        for cut in range(len(data) // 7, len(data) - 1, max(1, len(data) // 7)):
            part = os.path.join(tmp, "cut.mir")
            open(part, "wb").write(data[:cut])
            r = run([GCNABI_SAN, "observe", "--json", part], env=SAN_ENV)
            if r.returncode != 1 or "error" not in (r.stderr + r.stdout):
                worst = "cut at %d: exit %d\n%s" % (cut, r.returncode, r.stderr[-2000:])
                break
        report("truncated MIR gives an error: %s" % os.path.basename(fx), worst is None, worst or "")
    layout = os.path.join(tmp, "broken.layout")
    text = open(os.path.join(ROOT, "layouts", "old.layout")).read().replace("srd = s[0:3]", "srd = s[2:5]")
    open(layout, "w").write(text)
    r = run([GCNABI_SAN, "place", "--layout", layout, "declare void @f(i32)"], env=SAN_ENV)
    report("broken layout is rejected with its file name", r.returncode == 1 and "broken.layout" in r.stderr
           and "multiple of 4" in r.stderr, r.stderr)


# Input that is not a list of signatures, or that llc's IR verifier rejects:
# name -> (file bytes, the "LINE:COL: error: ..." place reports).
BAD_INPUT = {
    "random bytes": (bytes(range(200, 256)) * 3 + b"\n", "1:1: error: a byte that is not UTF-8"),
    "misspelt declare": (b"decalre void @f(i32)\ndecalre void @g(i64)\n", "1:1: error: 'decalre' is not 'declare'"),
    "misspelt define": (b"declare void @a(i32)\n  defnie void @f(i32) {\n  ret void\n}\n", "2:3: error: 'defnie'"),
    "duplicate name": (b"declare void @f(i32)\ndeclare void @g(i32)\ndeclare void @f(i64)\n",
                       "3:14: error: a second function named @f (the first is on line 1)"),
    "invalid UTF-8 name": (b'declare void @"f\xff"(i32)\n', "1:17: error: a byte that is not UTF-8"),
    "byval on i32": (b"declare void @f(i32 byval(i32))\n", "1:21: error: 'byval' applies to pointers only: the IR verifier"),
    "signext and zeroext": (b"declare void @f(i8 signext zeroext)\n", "1:28: error: 'signext' with 'zeroext'"),
    "sret third": (b"declare void @f(i32, i32, ptr addrspace(5) sret(i32))\n", "1:27: error: 'sret' on parameter 2"),
    "misspelt call edge": (b"declare void @a(i32)\ndeclare void @b(i32)\ncal @a -> @b\n",
                           "3:1: error: 'cal' is not 'call' or 'chain'"),
    "graph with a duplicate": (b"declare void @a(i32)\ndeclare void @b(i32)\ndeclare void @a(i64)\ncall @a -> @b\n",
                               "3:14: error: a second function named @a"),
}


def llc_recorder(tmp):
    """A stand-in llc that answers --version as llc 22 does and leaves a
    mark when it is asked to compile anything."""
    mark = os.path.join(tmp, "llc-ran")
    llc = os.path.join(tmp, "llc-recorder")
    with open(llc, "w") as f:
        f.write("#!/bin/sh\ncase \"$*\" in\n*--version*) printf 'LLVM version 22.1.8\\n  Registered Targets:\\n"
                "    amdgcn - AMD GCN GPUs\\n';;\n*) touch '%s';;\nesac\n" % mark)
    os.chmod(llc, 0o755)
    return llc, mark


def bad_input_is_an_error(tmp):
    """Bad input is an error (exit 1) naming the user's file:line:col, in
    place, emit and check, and check runs no llc; observe refuses x86 MIR;
    a layout through a reserved register is refused at its line; an
    undefined attribute group is a note."""
    llc, mark = llc_recorder(tmp)
    for name, (data, where) in BAD_INPUT.items():
        src = os.path.join(tmp, "input-%s.ll" % name.replace(" ", "-"))
        open(src, "wb").write(data)
        for cmd in (["place"], ["emit"], ["check", "--quiet", "--llc", llc, "--out", os.path.join(tmp, "bad-out")]):
            if os.path.exists(mark):
                os.unlink(mark)
            r = subprocess.run([GCNABI_SAN] + cmd + [src], capture_output=True, env=SAN_ENV)
            err = r.stderr.decode("utf-8", "replace")
            report("bad input (%s): gcnabi %s exits 1 naming %s:%s" % (name, cmd[0], os.path.basename(src),
                                                                     where.split(":")[0]),
                   r.returncode == 1 and (src + ":" + where) in err and not os.path.exists(mark),
                   "exit %d, llc ran: %s\n%s" % (r.returncode, os.path.exists(mark), err[-600:]))
    x86 = os.path.join(ROOT, "tests", "fixtures", "mir", "basic.x86_64.mir")
    r = run([GCNABI_SAN, "observe", "--json", x86], env=SAN_ENV)
    report("observe refuses x86-64 MIR (llc 19) at its target triple", r.returncode == 1 and not r.stdout and
           (x86 + ":6:1: error: MIR of target 'x86_64', not AMDGPU") in r.stderr, "exit %d %r %r" % (
               r.returncode, r.stdout[:200], r.stderr[:300]))
    old = open(os.path.join(ROOT, "layouts", "old.layout")).read()
    for change, where, says in ((("gfx_sgpr_args = s[4:29]", "gfx_sgpr_args = s[0:29]"), 28, "runs through srd"),
                                (("func_sgpr_args = s[0:29]", "func_sgpr_args = s[0:32]"), 26,
                                 "runs through return_address")):
        layout = os.path.join(tmp, "through.layout")
        open(layout, "w").write(old.replace(*change))
        r = run([GCNABI_SAN, "place", "--layout", layout, "declare void @f(i32 inreg)"], env=SAN_ENV)
        report("layout whose %s is refused at line %d" % (says, where),
               r.returncode == 1 and "%s:%d:1: " % (layout, where) in r.stderr and says in r.stderr, r.stderr)
    pasted = os.path.join(tmp, "pasted.ll")
    open(pasted, "w").write("; from an LLVM test\ndefine void @f(i32 %x) #0 {\n  ret void\n}\n")
    r = run([GCNABI_SAN, "place", pasted], env=SAN_ENV)
    report("an undefined attribute group is accepted with a note", r.returncode == 0 and "ccc f: i32 -> v0" in r.stdout
           and (pasted + ":2:24: note: attribute group #0 is not defined") in r.stderr, r.stdout + r.stderr)


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


def check_every_llc(tmp):
    """gcnabi check on the golden cases against each installed llc: no unexplained divergence."""
    llcs = installed_llcs()
    if not llcs:
        report("check: at least one llc installed", False, "run `make deps`")
    for major, llc in llcs:
        problems = []
        for case in sorted(glob.glob(os.path.join(GOLDEN, "*.ll"))):
            for os_name in case_oses(case):
                out = os.path.join(tmp, "check-%d-%s" % (major, os_name))
                r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--triple", OS_TRIPLES[os_name], "--out", out, case])
                ok = status(r, out) & (1 | 2 | 8 | 16) == 0
                detail = r.stdout + r.stderr
                if not ok and os.path.exists(os.path.join(out, "details.jsonl")):
                    detail += "".join(open(os.path.join(out, "details.jsonl")).readlines()[:5])
                report("check %s%s against llc %d (%s)" % (os.path.basename(case), "" if os_name == "amdpal" else
                                                           " for " + os_name, major, profile_of(major)), ok, detail)
                problems.append(structured_outputs(out, r.returncode))
        report("check of the golden cases against llc %d: findings.jsonl types every details.jsonl line, "
               "summary.json has summary.txt's counts" % major, not any(problems), "\n".join(p for p in problems if p))


def check_outputs(tmp):
    """Two llc, both selectors, signatures and a call graph that llc 19+
    fails on: findings.jsonl and summary.json agree with details.jsonl and
    summary.txt (cross-version, refused and explained findings among them).
    A file that cannot be written is an error naming it (exit bit 1), the
    verdict bits unchanged."""
    llcs = installed_llcs()
    if not llcs:
        report("check outputs: at least one llc installed", False, "run `make deps`")
        return
    pair = ["--llc", named(*llcs[0])] + (["--llc", named(*llcs[-1])] if len(llcs) > 1 else [])
    sigs = os.path.join(tmp, "outputs.ll")
    with open(sigs, "w") as f:
        f.write(open(os.path.join(GOLDEN, "default.ll")).read())
        f.write("declare void @inreg_mix(i32 inreg, i32, i64 inreg)\n")
    graphs = os.path.join(ROOT, "tests", "fixtures", "graphs", "shader_input_sgprs.ll")
    status = {}
    for name, path in (("sigs", sigs), ("graph", graphs)):
        out = os.path.join(tmp, "outputs-" + name)
        r = run([GCNABI, "check", "--quiet", "--mcpu", "gfx1030", "--placements", "--out", out] + pair + [path])
        status[name] = r.returncode
        kinds = sorted({json.loads(l)["kind"] for l in open(os.path.join(out, "details.jsonl"))}) if \
            os.path.exists(os.path.join(out, "details.jsonl")) else []
        problem = structured_outputs(out, r.returncode)
        report("check outputs (%s, kinds %s): findings.jsonl and summary.json match" % (name, ", ".join(kinds)),
               r.returncode & 3 == 0 and not problem and kinds, problem + r.stderr[-1000:])
    # summary.json is written as summary.json.tmp, renamed once complete.
    for name in ("summary.json.tmp", "details.jsonl") + (("link.jsonl",) if len(llcs) > 1 else ()):
        out = os.path.join(tmp, "outputs-full-" + name.split(".")[0])
        os.makedirs(out, exist_ok=True)
        # gcnabi writes through no link (issue 36): the full disk is a
        # /dev/full node of the file's own name, which needs root to make
        try:
            os.mknod(os.path.join(out, name), stat.S_IFCHR | 0o666, os.makedev(1, 7))
        except PermissionError:
            print("[SKIP] %s on a full disk: making a device node needs root" % name)
            continue
        r = run([GCNABI, "check", "--quiet", "--mcpu", "gfx1030", "--out", out] + pair + [sigs])
        want = "cannot write %s: No space left on device" % os.path.join(out, name)
        summary = os.path.join(out, "summary.json")
        marker = json.load(open(summary)).get("complete") if os.path.exists(summary) else None
        report("check with %s on a full disk: exit bit 1 and a message naming it, verdict bits kept, summary.json "
               "not complete" % name, r.returncode == status["sigs"] | 1 and want in r.stderr and marker is not True,
               "exit %d (without the full disk %d), complete %s\n%s" % (r.returncode, status["sigs"], marker,
                                                                      r.stderr[-1000:]))


SELECTOR_LINK_SIGS = """declare void @h(half, i32)
declare half @rh()
declare void @z(i8 zeroext, i32)
declare void @i(i32, float)
"""


def selector_link(tmp):
    """The mixed-selector link, with every installed llc on gfx700 and gfx900:
    on gfx700 (no 16-bit instructions) a SelectionDAG caller passes a half as
    an f32 where a GlobalISel callee reads 16 bits, and back (arguments and
    the return), explained by the profile switch dag_fp16_promoted
    (llvm/llvm-project#112524); nothing else disagrees, and on gfx900 nothing
    at all. Exit bit 4, never 8."""
    sigs = os.path.join(tmp, "selector_link.ll")
    open(sigs, "w").write(SELECTOR_LINK_SIGS)
    llcs = dict(installed_llcs())
    out = os.path.join(tmp, "selector_link")
    args = [GCNABI, "check", "--quiet", "--mcpu", "gfx700", "--mcpu", "gfx900", "--out", out]
    for llc in llcs.values():
        args += ["--llc", llc]
    r = run(args + [sigs])
    summary = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(os.path.join(out, "summary.json")) else {}
    cells = {(c["llc"], c["cpu"], c["caller_selector"]): (c["checked"], c["disagree"], c["predicted"])
             for c in summary.get("selector_link") or []}
    found = {}
    for line in open(os.path.join(out, "findings.jsonl")) if os.path.exists(os.path.join(out, "findings.jsonl")) else []:
        f = json.loads(line)
        if f["kind"] == "cross-selector":
            found.setdefault((f["label"], f["cpu"], f["selector"]), set()).add(
                (f["function"], f["cause"]["key"], tuple(f["cause"]["switches"])))
    want_found = {"dag": {("h", "both: argument f32 for low", ("dag_fp16_promoted",)),
                          ("rh", "both: return f32 for low", ("dag_fp16_promoted",))},
                  "gisel": {("h", "both: argument low for f32", ("dag_fp16_promoted",)),
                            ("rh", "both: return low for f32", ("dag_fp16_promoted",))}}
    bad = []
    labels = {c["label"] for c in summary.get("combos", [])}
    for label in sorted(labels):
        for cpu in ("gfx700", "gfx900"):
            for sel in ("dag", "gisel"):
                cell = cells.get((label, cpu, sel))
                want_cell = (2, 2) if cpu == "gfx700" else (0, 0)  # (disagree, predicted) of the 4 calls
                want = want_found[sel] if cpu == "gfx700" else set()
                if not cell or cell[0] != 4 or cell[1:] != want_cell or found.get((label, cpu, sel), set()) != want:
                    bad.append((label, cpu, sel, cell, sorted(found.get((label, cpu, sel), set()))))
    report("mixed-selector link on gfx700 and gfx900 with %d llc: the gfx700 half disagreement in both directions, "
           "explained by dag_fp16_promoted, and nothing else" % len(llcs),
           labels and not bad and r.returncode & 8 == 0 and r.returncode & 4 and "mixed-selector link" in r.stdout,
           "%s\nexit %d\n%s%s" % (bad, r.returncode, r.stdout[-3000:], r.stderr))


def explained_at_the_difference(tmp):
    """Seed 20261303's @f160: a bfloat vector returned and a bfloat vector
    inreg argument, so gisel_bfloat_vector_written_low moves both views and
    no switch is one-sided for the whole signature; llc 19 GlobalISel's
    caller writes the inreg argument from s0 over the scratch descriptor
    where the callee (amdgpu-no-* attributes) reads s4. The disagreement is
    explained by caller_inreg_over_srd, the switch one-sided where it is
    (exit bit 8 clear)."""
    llcs = dict(installed_llcs())
    if 19 not in llcs:
        needs_llcs("explained at the difference: needs llc 19", "installed: %s" % sorted(llcs))
        return
    sigs = os.path.join(tmp, "f160.ll")
    open(sigs, "w").write('declare <40 x bfloat> @f160(<29 x bfloat> inreg, float) "amdgpu-no-dispatch-ptr" '
                          '"amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-z" "amdgpu-no-cluster-id-y" '
                          '"amdgpu-no-lds-kernel-id" "amdgpu-no-workitem-id-z" "amdgpu-no-heap-ptr"\n')
    out = os.path.join(tmp, "f160")
    r = run([GCNABI, "check", "--quiet", "--llc", llcs[19], "--selector", "gisel", "--mcpu", "gfx900", "--out", out, sigs])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "findings.jsonl")) else []
    mism = [(f["message"], f["explained_by"]) for f in found if f["kind"] == "caller-vs-callee"]
    report("llc 19 GlobalISel, a bfloat vector returned and passed inreg: the caller/callee disagreement is explained "
           "by caller_inreg_over_srd", mism == [("caller and callee disagree: argument 0 part 0: caller s0, callee s4",
                                                   "caller_inreg_over_srd")] and r.returncode & 8 == 0,
           "%s\nexit %d\n%s" % (mism, r.returncode, r.stderr))
    sigs = os.path.join(ROOT, "tests", "fixtures", "sigs", "two_switches_at_the_difference.ll")
    out = os.path.join(tmp, "f91")
    r = run([GCNABI, "check", "--quiet", "--llc", llcs[19], "--selector", "gisel", "--mcpu", "gfx900", "--out", out, sigs])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "findings.jsonl")) else []
    mism = [(f["message"], f["explained_by"]) for f in found if f["kind"] == "caller-vs-callee"]
    report("llc 19 GlobalISel, seed 20261308's @f91: explained by two switches at the difference, one per side",
           mism == [("caller and callee disagree: argument 2 part 0: caller s0, callee s6",
                     "queue_ptr_cov5_hole + caller_inreg_over_srd")] and r.returncode & 8 == 0,
           "%s\nexit %d\n%s" % (mism, r.returncode, r.stderr))


def reg_runs(runs):
    """{("s", 30), ("s", 31), ...} from gcnabi's runs ["s30-s31", "v40"]."""
    out = set()
    for r in runs:
        a, _, b = r.partition("-")
        first, last = int(a[1:]), int(b[1:]) if b else int(a[1:])
        out |= {(a[0], n) for n in range(first, last + 1)}
    return out


def contract_confirmed(tmp):
    """The callee-saved registers of place --contract, on every installed
    llc: a function per register whose inline asm clobbers it, compiled to
    its final code; the registers whose function's code names them (llc
    saved and restored them) are exactly the contract's "saved" ones, per
    convention and CPU (gfx90a: AGPRs too; llc 22: striped SGPRs; the
    whole-wave convention: every VGPR)."""
    vocab = json.loads(run([GCNABI, "vocab", "--json"]).stdout)
    first = {c["name"]: c["llvm_first"] for c in vocab["cpus"]}
    convs = [("ccc", "", ""), ("amdgpu_gfx", "amdgpu_gfx ", "")]
    for major, llc in installed_llcs():
        for cpu in ("gfx700", "gfx900", "gfx90a", "gfx1100"):
            if major < first[cpu]:
                continue
            for name, kw, params in convs + ([("amdgpu_gfx_whole_wave", "amdgpu_gfx_whole_wave ", "i1 %active")]
                                              if major >= 22 else []):
                # s[30:31] are named by every function's return (s_setpc_b64):
                # the probe cannot tell whether they are saved.
                regs = [("s", n) for n in range(102) if n not in (30, 31)] + [("v", n) for n in range(256)] + \
                       ([("a", n) for n in range(256)] if cpu == "gfx90a" else [])
                src = os.path.join(tmp, "clobber-%d-%s-%s.ll" % (major, cpu, name))
                with open(src, "w") as f:
                    for k, n in regs:
                        f.write('define %svoid @f_%s%d(%s) {\n  call void asm sideeffect "", "~{%s%d}"()\n  ret void\n}\n'
                                % (kw, k, n, params, k, n))
                asm = src[:-3] + ".s"
                c = run([llc, "-mtriple=" + TRIPLE, "-mcpu=" + cpu, "-verify-machineinstrs", "-filetype=asm", src, "-o", asm])
                o = run([GCNABI, "observe", "--asm", "--json", asm]) if c.returncode == 0 else c
                seen = {}
                for line in o.stdout.splitlines() if c.returncode == 0 else []:
                    f = json.loads(line)
                    seen[f["name"]] = reg_runs(f["named"])
                saved = {(k, n) for k, n in regs if (k, n) in seen.get("f_%s%d" % (k, n), set())}
                p = run([GCNABI, "place", "--contract", "--json", "--profile", profile_of(major), "--mcpu", cpu,
                         "declare %svoid @f(%s)" % (kw, params.split(" ")[0])])
                model = reg_runs(json.loads(p.stdout)["contract"]["saved"]) & set(regs) if p.returncode == 0 else None
                report("contract: llc %d %s %s saves exactly the callee-saved registers of the model (%d)" % (
                    major, cpu, name, len(saved)),
                       c.returncode == 0 and len(seen) == len(regs) and model is not None and saved == model,
                       "%s%s\nllc saves, the model does not: %s\nthe model saves, llc does not: %s" % (
                           c.stderr[-600:], p.stderr, sorted(saved - (model or set()))[:20],
                           sorted((model or set()) - saved)[:20]))


def final_code_old_and_new_cpus(tmp, llcs):
    """gfx6/gfx7 scalar loads count their offset in dwords (s_load_dwordx16
    s[..], s[..], 0x10 reads bytes 64-127), and gfx12 names s_addk_i32
    s_addk_co_i32: with both, 16 signatures of the nightly's seed 20261321
    have no unexplained violation with llc 22 on gfx600 and llc 19 on
    gfx1200 (but llc 22's known base pointer in s34, "may have left")."""
    sigs = os.path.join(tmp, "cpus16.ll")
    with open(sigs, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", "20261321", "--count", "16"], stdout=f, check=True)
    for v, cpu in ((22, "gfx600"), (19, "gfx1200")):
        if v not in llcs:
            continue
        out = os.path.join(tmp, "cpus16-%s" % cpu)
        r = run([GCNABI, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", cpu, "--out", out,
                 "--llc", named(v, llcs[v]), sigs])
        found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
            os.path.join(out, "summary.json")) else []
        bad = [f["message"] for f in found if f["axis"] == "final-code" and f["class"] == "divergence" and
               not f["explained_by"] and "may have left" not in f["message"]]
        # llc 19 on gfx1200 fails on four callers' final code ("illegal VGPR
        # to SGPR copy"): final-code-refused, bit 16, no other crash
        crashes = [f for f in found if f["class"] == "crash"]
        report("check --final-code, llc %d %s, 16 signatures: no unexplained violation; llc's failures after isel "
               "are final-code-refused" % (v, cpu),
               r.returncode & ~(12 | (16 if crashes else 0)) == 0 and found and not bad and
               all(f["kind"] == "final-code-refused" for f in crashes),
               "exit %d %s %s" % (r.returncode, bad[:3], [f["message"][:100] for f in crashes if
                                                          f["kind"] != "final-code-refused"][:3]))


def final_code_generic_target(tmp, llcs):
    """An llc that does not know the CPU compiles for the generic target
    ("is not a recognized processor for this target (ignoring
    processor)"): its final code is no CPU's and is not checked (llc 15 on
    gfx1200 crashes in branch relaxation on every function of it, 4
    final-code-refused on these 4 signatures before). llc 15 with gfx1200
    and gfx900: gfx1200's combination has no final code (null) and the
    summary says why, no final-code finding names it, exit 0; gfx900's
    final code is checked (8 functions proven)."""
    if 15 not in llcs:
        return
    sigs = os.path.join(tmp, "generic4.ll")
    with open(sigs, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", "5", "--count", "4"], stdout=f, check=True)
    out = os.path.join(tmp, "generic4")
    r = run([GCNABI, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", "gfx1200", "--mcpu", "gfx900",
             "--out", out, "--llc", named(15, llcs[15]), sigs])
    done = os.path.exists(os.path.join(out, "summary.json"))
    fc = {co["cpu"]: co.get("final_code") for co in json.load(open(os.path.join(out, "summary.json")))["combos"]} \
        if done else {}
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if done else []
    text = open(os.path.join(out, "summary.txt")).read() if done else ""
    report("check --final-code, llc 15 on gfx1200 (the generic target) and gfx900: no final code for gfx1200, "
           "the summary says why; gfx900's checked",
           r.returncode == 0 and set(fc) == {"gfx1200", "gfx900"} and fc["gfx1200"] is None and
           (fc["gfx900"] or {}).get("proven") == 8 and
           not [f for f in found if f["axis"] == "final-code" and f["cpu"] == "gfx1200"] and
           "llvm15-gfx1200-dag" in text and "none: this llc does not know gfx1200" in text,
           "exit %d %s %s" % (r.returncode, fc, r.stderr[-500:]))


def final_code_selector_per_llc(tmp, llcs):
    """--final-code-selector LABEL=S scopes the selectors to llc LABEL (the
    nightly's GlobalISel final code on some llc only): with `dag` for
    every llc and `llvm22=both`, llc 22's GlobalISel combination has final
    code and llc 19's has none, both SelectionDAG ones have."""
    if 19 not in llcs or 22 not in llcs:
        return
    sigs = os.path.join(tmp, "fsel.ll")
    with open(sigs, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", "5", "--count", "4"], stdout=f, check=True)
    out = os.path.join(tmp, "fsel")
    r = run([GCNABI, "check", "--quiet", "--final-code-selector", "dag", "--final-code-selector", "llvm22=both",
             "--mcpu", "gfx900", "--out", out, "--llc", named(22, llcs[22]), "--llc", named(19, llcs[19]), sigs])
    done = os.path.exists(os.path.join(out, "summary.json"))
    fc = {co["combo"].split("-")[0] + "-" + co["combo"].split("-")[-1]: co.get("final_code")
          for co in (json.load(open(os.path.join(out, "summary.json")))["combos"] if done else [])}
    report("check --final-code-selector dag --final-code-selector llvm22=both: final code for llc 22's two "
           "selectors and llc 19's SelectionDAG, none for llc 19's GlobalISel",
           r.returncode & (1 | 2 | 8 | 16 | 32) == 0 and set(fc) == {"llvm22-dag", "llvm22-gisel", "llvm19-dag",
                                                                       "llvm19-gisel"} and
           fc["llvm19-gisel"] is None and all(fc[k] and fc[k].get("proven") for k in fc if k != "llvm19-gisel"),
           "exit %d %s %s" % (r.returncode, fc, r.stderr[-500:]))


def final_code_named_failures(tmp, llcs):
    """llc goes on after some errors (an illegal copy) and names several
    functions in one run: each one it names is compiled alone once, and
    each run of functions between them once, not split again around the
    next one. tests/fixtures/final/illegal_copies.ll with llc 19 on gfx600,
    --jobs 1 (two pieces of five): the callers of f0, f3, f4 (first piece:
    f0 f1 f3 f4 f2), f8 and f9 (second: f8 f9 f5 f6 f7) fail. Each is a
    final-code-refused finding of its own (llc names gcnabi.N.caller, N
    the position in the file), the other five signatures' callee and
    caller have final code; the final code runs 2 + 5 + 3
    times ([f0] [f1] [f3] [f4] [f2], [f8] [f9] [f5 f6 f7]), where splitting
    around the first named function alone ran it 2 + 6 + 3 times. llc runs
    through a shim that logs its command line and executes it."""
    if 19 not in llcs:
        return
    log = os.path.join(tmp, "named.log")
    shim = os.path.join(tmp, "llc19-logged")
    with open(shim, "w") as f:
        f.write("#!/bin/sh\necho \"$*\" >> %s\nexec %s \"$@\"\n" % (log, llcs[19]))
    os.chmod(shim, 0o755)
    out = os.path.join(tmp, "named")
    src = os.path.join(ROOT, "tests", "fixtures", "final", "illegal_copies.ll")
    r = run([GCNABI_SAN, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", "gfx600", "--jobs", "1",
             "--out", out, "--llc", named(19, shim), src], env=SAN_ENV)
    done = os.path.exists(os.path.join(out, "summary.json"))
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if done else []
    refused = {f["function"]: (f.get("llc_failure") or {}).get("error", "") for f in found
               if f["kind"] == "final-code-refused"}
    fc = json.load(open(os.path.join(out, "summary.json")))["combos"][0].get("final_code") or {} if done else {}
    runs = [l for l in open(log)] if os.path.exists(log) else []
    final_runs = sum(1 for l in runs if "-enable-ipra=0" in l)
    report("check --final-code, llc 19 gfx600, illegal_copies.ll: the five callers llc names in one run are one "
           "final-code-refused finding each, and the final code runs 10 times (each named function alone once, "
           "each run between them once)",
           set(refused) == {"f0", "f3", "f4", "f8", "f9"} and
           all(refused[k] == "error: <unknown>:0:0: in function gcnabi.%d.caller: illegal VGPR to SGPR copy" % at
               for k, at in (("f0", 0), ("f3", 2), ("f4", 3), ("f8", 5), ("f9", 6))) and
           fc.get("not_compiled") == 5 and fc.get("refused") == 5 and
           fc.get("proven", 0) + fc.get("violated", 0) == 10 and final_runs == 10,
           "exit %d, %d final-code runs, final code %s, refused %s\n%s" % (r.returncode, final_runs, fc, refused,
                                                                          r.stderr[-800:]))


def final_code_long_back_edge(tmp, llcs):
    """A loop's long back edge through the saved return-address pair is a
    long branch, not #224205's return into the loop: llc 14 on gfx600 takes
    s[30:31] for it in @g1.n1 and @g1.n3 of
    tests/fixtures/final/long_back_edge.ll and restores the pair before
    returning. check-asm proves every function there with llc 14, 15 and 16
    (before, it called the second jump through the pair a violation)."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "long_back_edge.ll")
    for major in (14, 15, 16):
        if major not in llcs:
            continue
        asm = os.path.join(tmp, "long_back_edge-%d.s" % major)
        c = run([llcs[major], "-mtriple=" + TRIPLE, "-mcpu=gfx600", "-enable-ipra=0", "-amdgpu-s-branch-bits=6", src,
                 "-o", asm])
        r = run([GCNABI, "check-asm", "--json", "--sigs", src, "--profile", "llvm%d" % major, "--mcpu", "gfx600", asm])
        got = [json.loads(l) for l in r.stdout.splitlines()] if c.returncode == 0 else []
        own = open(asm).read().count("s_setpc_b64 s[30:31]") if c.returncode == 0 else 0
        report("final code, llc %d gfx600: a loop's long back edge through the saved s[30:31] is a branch: all 5 "
               "functions proven" % major,
               c.returncode == 0 and r.returncode == 0 and len(got) == 5 and
               all(g["verdict"] == "proven" for g in got) and (major != 14 or own > 5),
               "llc exit %d, s_setpc_b64 s[30:31] x%d\n%s%s" % (c.returncode, own, r.stdout[-1500:], c.stderr[-500:]))


def final_code_long_branch(tmp, llcs):
    """llvm/llvm-project#224205 in check --final-code (its
    -amdgpu-s-branch-bits=6 makes the "gcnabi-branch" jump a long one):
    tests/fixtures/final/long_branch.ll on gfx900. llc 19 and 22 overwrite
    @lb's return address with the branch's target (culprit: the s_add_u32
    into s30) and leave @lbg's callee-saved s12 holding a block's address;
    llc 14-16 prove both. Without the flag no branch is long and every llc
    proves them."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "long_branch.ll")
    for v, llc in sorted(llcs.items()):
        out = os.path.join(tmp, "long-branch-%d" % v)
        r = run([GCNABI, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", "gfx900", "--out", out,
                 "--llc", named(v, llc), src])
        done = os.path.exists(os.path.join(out, "summary.json"))
        found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if done else []
        mine = {(f["function"], f["message"]): (f.get("final") or {}).get("culprit") or ""
                for f in found if f["axis"] == "final-code" and not f["message"].startswith("in its caller")}
        counts = json.load(open(os.path.join(out, "summary.json")))["combos"][0]["final_code"] if done else {}
        if v >= 19:
            ok = r.returncode & 8 and any(
                f == "lb" and w.startswith("the function jumps through s[30:31]") and c.startswith("s_add_u32 s30, s30, ")
                for (f, w), c in mine.items()) and any(
                f == "lbg" and w.startswith("at the return s") and "address of .LBB" in w and c.startswith("s_add_u32 s")
                for (f, w), c in mine.items())
            report("check --final-code, llc %d gfx900: the long branch overwrites @lb's return address s[30:31] "
                   "(culprit s_add_u32 s30) and @lbg's callee-saved SGPRs (#224205)" % v, ok,
                   "exit %d %s" % (r.returncode, sorted(mine.items())))
        else:
            report("check --final-code, llc %d gfx900: both long-branch functions and their callers proven" % v,
                   r.returncode & ~4 == 0 and counts.get("proven") == 4 and not counts.get("violated"),
                   "exit %d %s %s" % (r.returncode, counts, sorted(mine.items())))


def final_code_undef_args(tmp, llcs):
    """An argument the callee does not use gets undef from its caller
    (llc 14 and 15 SelectionDAG: a bfloat, body_skips_param), so nothing
    is written for it: its stack word is not checked. gcnabi gen --seed
    20261321 --index 0 is such a coldcc function, its bfloat at stack+48;
    llc 15 gfx900."""
    if 15 not in llcs:
        return
    sig = os.path.join(tmp, "undef-arg.ll")
    with open(sig, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", "20261321", "--index", "0"], stdout=f, check=True)
    out = os.path.join(tmp, "undef-arg")
    r = run([GCNABI, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", "gfx900", "--out", out,
             "--llc", named(15, llcs[15]), sig])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "summary.json")) else []
    bad = [f["message"] for f in found if f["axis"] == "final-code" and f["class"] == "divergence" and not f["explained_by"]]
    report("check --final-code, llc 15 gfx900: the caller passes undef for the unused bfloat on the stack and writes "
           "nothing there: not a violation", r.returncode & ~4 == 0 and not bad,
           "exit %d %s" % (r.returncode, bad[:3]))


def final_code_slots(tmp, llcs):
    """check --final-code holds an --llc-slots slot for each llc it runs,
    as the MIR pass does: with one slot and --jobs 2, at most one llc at a
    time, counted by a wrapper around the real llc 22."""
    if 22 not in llcs:
        return
    d = os.path.join(tmp, "slots-running")
    os.makedirs(d, exist_ok=True)
    wrapper = os.path.join(tmp, "llc-counting")
    with open(wrapper, "w") as f:
        f.write('#!/bin/sh\ntouch "%s/run.$$"\nls "%s" | grep -c "^run" >> "%s.max"\n"%s" "$@"\nrc=$?\n'
                'rm -f "%s/run.$$"\nexit $rc\n' % (d, d, d, llcs[22], d))
    os.chmod(wrapper, 0o755)
    slots = os.path.join(tmp, "one-slot")
    open(slots, "w").write(".")
    sigs = os.path.join(tmp, "slots.ll")
    with open(sigs, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", "20261305", "--count", "12"], stdout=f, check=True)
    r = run([GCNABI, "check", "--quiet", "--final-code", "--jobs", "2", "--batch", "2", "--llc-slots", slots,
             "--selector", "dag", "--mcpu", "gfx900", "--llc", "llvm22=" + wrapper, "--out", os.path.join(tmp, "slots-out"),
             sigs])
    counts = [int(x) for x in open(d + ".max").read().split()] if os.path.exists(d + ".max") else []
    report("check --final-code --jobs 2 with one --llc-slots slot: at most one llc at a time (%d runs, at most %d)" % (
        len(counts), max(counts or [0])),
        # (exit 8 too: f1's caller is llc 22's base pointer in s34, a realigned frame for its byval copies)
        r.returncode & ~12 == 0 and len(counts) >= 12 and max(counts) == 1,
        "exit %d %s\n%s" % (r.returncode, counts, r.stderr[-800:]))


def unaccepted(found):
    """The divergences of check findings (findings.jsonl lines of a check
    run whose --llc are named llvmNN=PATH) that neither check explains nor
    cases/known-differences.txt accepts, as the harness matches them."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import findings as harness_findings, known, vocab
    entries = known.load(os.path.join(ROOT, "cases", "known-differences.txt"))
    major = lambda label: int(re.search(r"\d+", label).group())
    out = []
    for t in found:
        if t["class"] != "divergence" or t["explained_by"]:
            continue
        f = {"axis": vocab.kind(t["kind"])[1], "convention": t["convention"], "selector": harness_findings.selector_of(t),
             "cause": t["cause"]["key"], "cause_versions": sorted({major(l) for l in t["cause"]["llcs"]})}
        if not known.match(entries, f):
            out.append(t)
    return out


def final_code_divergent_exec(tmp, llcs):
    """The final-code checker follows EXEC through compares
    (tests/fixtures/final/divergent_exec.ll): calls through a lane-varying
    pointer (waterfall loops, both conventions), an if/else around a call
    and a call through a pointer variable (its stack arguments checked
    against the callee the variable holds) are proven with llc 19 and 22 on
    gfx900, gfx1030 and gfx1100, and every mutant of them is caught; a divergent loop whose uniform counter
    changes every round is unknown, saying so, never violated."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "divergent_exec.ll")
    flags = json.loads(run([GCNABI, "vocab", "--json"]).stdout)["final_code_llc_flags"]
    for major in (v for v in (19, 22) if v in llcs):
        for cpu in ("gfx900", "gfx1030", "gfx1100"):
            asm = os.path.join(tmp, "divergent-%d-%s.s" % (major, cpu))
            c = run([llcs[major], "-mtriple=" + TRIPLE, "-mcpu=" + cpu] + flags + ["-verify-machineinstrs", src, "-o", asm])
            args = ["--json", "--sigs", src, "--profile", "llvm%d" % major, "--mcpu", cpu, asm]
            got = {j["name"]: j for j in map(json.loads, run([GCNABI, "check-asm"] + args).stdout.splitlines())}
            muts = [json.loads(l) for l in run([GCNABI, "check-asm", "--mutants"] + args).stdout.splitlines()]
            verdicts = {k: v["verdict"] for k, v in got.items()}
            report("final code, llc %d %s: calls through a lane-varying pointer or a pointer variable and an if/else proven, "
                   "their %d mutants caught; a divergent loop with a counter unknown" % (major, cpu, len(muts)),
                   c.returncode == 0 and verdicts == {"waterfall": "proven", "gwaterfall": "proven", "ifelse": "proven",
                                                      "loop": "unknown", "viaglobal": "proven"} and
                   "does not settle" in got["loop"]["why"] and len({m["name"] for m in muts}) == 4 and
                   (cpu != "gfx900" or any(m["mutant"] == "stack_arg_offset" and m["name"] == "viaglobal" for m in muts)) and
                   all(m["caught"] for m in muts),
                   "llc exit %d %s\n%s\n%s" % (c.returncode, c.stderr[-300:], json.dumps(got)[:1500],
                                               [m for m in muts if not m["caught"]][:5]))


def final_code_graphs(tmp, llcs):
    """check --final-code on call graphs with bodies (gcnabi gen --seed 77
    --callgraph --count 6 --weights cases/weights/bodies.weights): frames,
    dynamic allocas, pressure, tail calls, forwarding, long branches. With
    llc 19 and 22, gfx900 and gfx1100, both selectors, llc 22 compiles every
    function on gfx1100 with SelectionDAG (lane-varying inreg values are
    uniform in the final code), and no violation is unexplained: tail calls are
    returns through the callee, SP arithmetic wraps at 32 bits, an SP set
    at run time leaves stack arguments unchecked, a stack word reassembled
    from bytes is not followed (unknown), stack words a call site leaves
    unwritten are its MIR notes; but for what cases/known-differences.txt
    accepts (llc 19 and 22's long-branch pair, #224205; llc 22's amdgpu_gfx
    base pointer in s34). The reduced graph of llc 22's base pointer
    (tests/fixtures/final/gfx_base_pointer.graph) is violated there, its
    culprit `s_mov_b32 s32, s34`, the module kept."""
    have = [v for v in (19, 22) if v in llcs]
    if not have:
        return
    graphs = os.path.join(tmp, "fc-graphs.ll")
    with open(graphs, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", "77", "--callgraph", "--count", "6", "--weights",
                        os.path.join(ROOT, "cases", "weights", "bodies.weights")], stdout=f, check=True)
    out = os.path.join(tmp, "fc-graphs")
    r = run([GCNABI, "check", "--quiet", "--final-code", "--jobs", "2", "--mcpu", "gfx900", "--mcpu", "gfx1100",
             "--out", out] + sum([["--llc", named(v, llcs[v])] for v in have], []) + [graphs])
    summ = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(os.path.join(out, "summary.json")) else {}
    fc = {co["combo"]: co.get("final_code") for co in summ.get("combos", [])}
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if summ else []
    unexplained = [f["combo"] + ": " + f["message"] for f in unaccepted(found)]
    # llc 19 and 22 fail on some graphs' final code (SelectionDAG's "illegal
    # VGPR to SGPR copy", llc 19's prologue finding no free SGPR, GlobalISel's
    # legalizer, which its MIR pass stops before): each a final-code-refused
    # crash (bit 16), no other crash
    crashes = [f for f in found if f["class"] == "crash"]
    unexplained += [f["combo"] + ": " + f["kind"] for f in crashes if f["kind"] != "final-code-refused"]
    dag = {k: v for k, v in fc.items() if k.endswith("-dag")}
    report("check --final-code on call graphs with bodies, llc %s, gfx900 and gfx1100, both selectors: no unexplained "
           "violation, llc 22 SelectionDAG compiles every function on gfx1100, most proven (%s)" % (
               "/".join(map(str, have)), {k: (v or {}).get("proven") for k, v in fc.items()}),
           r.returncode & ~(12 | (16 if crashes else 0)) == 0 and not unexplained and len(fc) == 4 * len(have) and
           # llc 22 SelectionDAG fails on no graph's final code on gfx1100
           all(v and v["not_compiled"] == 0 and v["refused"] == 0 for k, v in dag.items()
               if k.startswith("llvm22-gfx1100")) and
           all(v and v["proven"] >= 15 for v in dag.values()),
           "exit %d\n%s\n%s\n%s" % (r.returncode, "\n".join(unexplained[:8]), fc, r.stderr[-1000:]))
    if 22 not in llcs:
        return
    src = os.path.join(ROOT, "tests", "fixtures", "final", "gfx_base_pointer.graph")
    out = os.path.join(tmp, "fc-bp")
    r = run([GCNABI, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", "gfx1100", "--out", out,
             "--llc", named(22, llcs[22]), src])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "summary.json")) else []
    bp = [f for f in found if f["kind"] == "final-code" and f["function"] == "g33.n2"]
    report("check --final-code, llc 22 gfx1100: the amdgpu_gfx graph restores SP from s34 after its call: a final-code "
           "divergence, culprit `s_mov_b32 s32, s34` at the return, its module and assembly kept",
           r.returncode & 8 and len(bp) == 1 and not bp[0]["explained_by"] and bp[0]["cause"]["side"] == "final code" and
           bp[0]["final"] == {"function": "g33.n2", "at": "s_setpc_b64 s[30:31]", "culprit": "s_mov_b32 s32, s34"} and
           bp[0]["module"] and os.path.exists(bp[0]["module"]) and os.path.exists(bp[0]["module"][:-3] + ".s"),
           "exit %d\n%s" % (r.returncode, json.dumps(bp)[:1500]))


def final_code(tmp):
    """check-asm on llc's final code (-filetype=asm, -enable-ipra=0): a
    caller passing an inreg argument to a default-convention callee. llc 19
    and 22 on gfx900 write it to s0 over the scratch descriptor while their
    callee reads s6 (19) or s16 (22): the final code shows it too (exit 8);
    llc 14-16 (inreg in a VGPR) and gfx1100 (no scratch descriptor, llc 22)
    prove both functions (exit 0). Then every mutant of the proven functions
    of 40 generated signatures (llc 22, gfx1100) is caught, and bad input is
    an error naming it."""
    sig = os.path.join(tmp, "fc.sig")
    open(sig, "w").write("declare void @g(i32 inreg, i32, i64)\n")
    want = {(19, "gfx900"): "the callee reads s6", (22, "gfx900"): "the callee reads s16"}
    for major, llc in installed_llcs():
        for cpu in ("gfx900", "gfx1100"):
            if cpu == "gfx1100" and major < 22:
                continue
            mod, asm = os.path.join(tmp, "fc-%d-%s.ll" % (major, cpu)), os.path.join(tmp, "fc-%d-%s.s" % (major, cpu))
            with open(mod, "w") as f:
                subprocess.run([GCNABI, "emit", "--caller", "--profile", profile_of(major), "--mcpu", cpu, sig], stdout=f,
                               check=True)
            c = run([llc, "-mtriple=" + TRIPLE, "-mcpu=" + cpu, "-enable-ipra=0", "-verify-machineinstrs", mod, "-o", asm])
            r = run([GCNABI_SAN, "check-asm", "--json", "--sigs", mod, "--profile", profile_of(major), "--mcpu", cpu, asm],
                    env=SAN_ENV)
            got = {f["name"]: f for f in map(json.loads, r.stdout.splitlines())} if c.returncode == 0 else {}
            caller, callee = got.get("gcnabi.0.caller", {}), got.get("g", {})
            expect = want.get((major, cpu))
            ok = c.returncode == 0 and callee.get("verdict") == "proven" and callee.get("checked_stores") == 4 and (
                (caller.get("verdict") == "violated" and expect in caller.get("why", "") and "s0" in caller["why"] and
                 r.returncode == 8) if expect else (caller.get("verdict") == "proven" and r.returncode == 0))
            report("final code, llc %d %s: %s" % (major, cpu, "the inreg argument written to s0, read from %s" %
                                                  expect.split()[-1] if expect else "caller and callee proven"),
                   ok, c.stderr[-500:] + r.stdout[-1500:] + r.stderr[-500:])
    llcs = dict(installed_llcs())
    if 22 in llcs:
        gen = os.path.join(tmp, "fc40.ll")
        with open(gen, "w") as f:
            subprocess.run([GCNABI, "gen", "--seed", "20261305", "--count", "40"], stdout=f, check=True)
        muts, bad = [], ""
        for cpu in ("gfx900", "gfx1100"):
            mod, asm = os.path.join(tmp, "fc40-%s.ll" % cpu), os.path.join(tmp, "fc40-%s.s" % cpu)
            with open(mod, "w") as f:
                subprocess.run([GCNABI, "emit", "--caller", "--profile", "llvm22", "--mcpu", cpu, gen], stdout=f, check=True)
            c = run([llcs[22], "-mtriple=" + TRIPLE, "-mcpu=" + cpu, "-enable-ipra=0", "-verify-machineinstrs", mod, "-o", asm])
            r = run([GCNABI, "check-asm", "--mutants", "--json", "--sigs", mod, "--profile", "llvm22", "--mcpu", cpu, asm])
            muts += [json.loads(l) for l in r.stdout.splitlines()]
            if c.returncode or r.returncode:
                bad += "%s: llc exit %d, check-asm exit %d\n%s%s" % (cpu, c.returncode, r.returncode, c.stderr[-500:], r.stderr)
        ops = {m["mutant"] for m in muts}
        report("final code, llc 22 gfx900 and gfx1100: every mutant of 40 generated signatures' proven functions is "
               "caught (%d mutants, %d operators)" % (len(muts), len(ops)),
               not bad and len(muts) >= 1000 and all(m["caught"] for m in muts) and
               len(ops) == len(json.loads(run([GCNABI, "vocab", "--json"]).stdout)["mutation_operators"]),
               bad + "".join(json.dumps(m) + "\n" for m in muts if not m["caught"])[:3000])
    # check --final-code: the same signature through check, every combination.
    have = [v for v in (19, 22) if v in llcs]
    if have:
        out = os.path.join(tmp, "fc-check")
        r = run([GCNABI, "check", "--quiet", "--final-code", "--mcpu", "gfx900", "--mcpu", "gfx1100", "--out", out] +
                sum([["--llc", named(v, llcs[v])] for v in have], []) + [sig])
        summ = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(os.path.join(out, "summary.json")) else {}
        fc = {co["combo"]: co.get("final_code") for co in summ.get("combos", [])}
        found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if summ else []
        finals = [f for f in found if f["kind"] == "final-code"]
        want900 = {"proven": 1, "violated": 1, "explained": 1, "unknown": 0, "not_checked": 0, "not_compiled": 0,
                   "refused": 0}
        want1100 = dict(want900, proven=2, violated=0, explained=0)
        ok = r.returncode == 4 and len(fc) == 4 * len(have) and all(
            v == (want900 if "-gfx900-" in k else want1100) for k, v in fc.items()) and \
            len(finals) == 2 * len(have) and all(f["explained_by"] and "call of @gcnabi.0.fn" in f["message"] for f in finals)
        report("check --final-code, llc %s, gfx900 and gfx1100, both selectors: the callee proven everywhere, the caller "
               "violated where the model's caller and callee disagree (explained, exit 4)" % "/".join(map(str, have)), ok,
               "exit %d\n%s\n%s%s" % (r.returncode, fc, r.stdout[-2000:], r.stderr[-1000:]))
    # llc 22's amdgpu_gfx base pointer across a call (tests/fixtures/final).
    if 22 in llcs:
        src = os.path.join(ROOT, "tests", "fixtures", "final", "gfx_base_pointer.ll")
        asm = os.path.join(tmp, "gfx_base_pointer.s")
        c = run([llcs[22], "-mtriple=" + TRIPLE, "-mcpu=gfx900", "-verify-machineinstrs", src, "-o", asm])
        r = run([GCNABI, "check-asm", "--json", "--sigs", src, "--profile", "llvm22", "--mcpu", "gfx900", asm])
        got = [json.loads(l) for l in r.stdout.splitlines()]
        report("final code, llc 22 gfx900: an amdgpu_gfx caller restores SP from s34 after a call that need not "
               "preserve it: violated",
               c.returncode == 0 and r.returncode == 8 and len(got) == 1 and got[0]["verdict"] == "violated" and
               got[0]["why"].startswith("at the return s32 holds what the call"), c.stderr + r.stdout + r.stderr)
    final_code_selector_per_llc(tmp, llcs)
    final_code_named_failures(tmp, llcs)
    final_code_generic_target(tmp, llcs)
    final_code_long_back_edge(tmp, llcs)
    final_code_graphs(tmp, llcs)
    final_code_divergent_exec(tmp, llcs)
    final_code_slots(tmp, llcs)
    final_code_undef_args(tmp, llcs)
    final_code_long_branch(tmp, llcs)
    final_code_old_and_new_cpus(tmp, llcs)
    bad = os.path.join(tmp, "fc-bad.ll")
    open(bad, "w").write("declare void @g(i32 inreg, i32\n")
    asm = os.path.join(tmp, "fc-22-gfx900.s") if 22 in llcs else sig
    cases = [([], 2, "--sigs"), (["--sigs", bad], 1, bad + ":2:1: error"), (["--sigs", sig, "--mcpu", "gfx9999"], 2, "gfx9999")]
    for extra, code, text in cases:
        r = run([GCNABI_SAN, "check-asm"] + extra + [asm], env=SAN_ENV)
        report("check-asm %s: exit %d naming %s" % (" ".join(extra) or "(no --sigs)", code, text),
               r.returncode == code and text in r.stderr, "exit %d\n%s" % (r.returncode, r.stderr))
    r = run([GCNABI_SAN, "check-asm", "--sigs", sig, sig], env=SAN_ENV)
    report("check-asm of a file without functions: exit 1 naming it", r.returncode == 1 and sig in r.stderr, r.stderr)


def final_code_refused(tmp):
    """llc failing on the final code after the MIR pass's stop (here in the
    prologue) is a compiler finding of the final code's own, not only a
    count: llc 19 on gfx900 stops in its
    prologue ("LLVM ERROR: failed to find free scratch register") on
    tests/fixtures/final/scratch_register.graph, whose MIR pass compiles
    and agrees. One final-code-refused finding (class crash, axis
    final-code, exit bit 16) names llc's first error line, the function,
    llc's version and the module, kept with llc's command line; both
    functions count as not compiled. llc 14, 15, 16 and 22 compile its
    final code: no such finding, no bit 16."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "scratch_register.graph")
    for major, llc in installed_llcs():
        out = os.path.join(tmp, "fc-refused-%d" % major)
        r = run([GCNABI_SAN, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", "gfx900", "--out", out,
                 "--llc", named(major, llc), src], env=SAN_ENV)
        done = os.path.exists(os.path.join(out, "summary.json"))
        combo = json.load(open(os.path.join(out, "summary.json")))["combos"][0] if done else {}
        found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if done else []
        refused = [f for f in found if f["kind"] == "final-code-refused"]
        counts, fc = combo.get("counts", {}), combo.get("final_code") or {}
        mir = counts.get("functions") == 2 and counts.get("agree") == 2 and counts.get("calls_agree") == 1 and \
            not [f for f in found if f["axis"] == "crash"]
        detail = "exit %d, final code %s\n%s\n%s" % (r.returncode, fc, "\n".join(json.dumps(f) for f in found)[:3000],
                                                     r.stderr[-1000:])
        if major != 19:
            report("check --final-code, llc %d gfx900: the scratch-register graph's MIR agrees and its final code "
                   "compiles (no final-code-refused, no exit bit 16)" % major,
                   r.returncode & (1 | 16 | 32) == 0 and mir and not refused and fc.get("not_compiled") == 0, detail)
            continue
        f = refused[0] if len(refused) == 1 else {}
        module = f.get("module") or ""
        text = open(module).read() if module and os.path.exists(module) else ""
        report("check --final-code, llc 19 gfx900: llc fails after isel on the scratch-register graph whose MIR pass "
               "agrees: one final-code-refused finding (crash, exit 16) with llc's error line, @f, llc 19 and the "
               "module kept with llc's command",
               r.returncode == 16 and mir and f.get("class") == "crash" and f.get("axis") == "final-code" and
               f.get("exit_bit") == 16 and f.get("version", "").startswith("LLVM version 19.") and
               f.get("function") == "f" and (f.get("final") or {}).get("function") == "f" and
               f.get("message", "").startswith("LLVM ERROR: failed to find free scratch register") and
               f.get("llc_failure") == {"signal": "SIGABRT", "error": "LLVM ERROR: failed to find free scratch register",
                                        "cause": "LLVM ERROR: failed to find free scratch register", "limit": None} and
               f["cause"]["side"] == "compiler" and
               f["cause"]["key"].startswith("compiler: LLVM ERROR: failed to find free scratch register") and
               fc == {"proven": 0, "violated": 0, "explained": 0, "unknown": 0, "not_checked": 0, "not_compiled": 2,
                      "refused": 1} and
               text.startswith("; gcnabi check --final-code: final-code-refused: LLVM ERROR: failed to find free") and
               "\n; RUN: %s -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -enable-ipra=0 " % llc in text
               and "\n; LLVM version 19." in text and "define void @f(" in text, detail)


def final_code_verify(tmp):
    """The final code's machine verifier is an option (--final-code-verify,
    the nightly's): llc 15 and 16 compile @g0.n0 of
    tests/fixtures/final/verifier_only.graph to final code, which their
    verifier rejects ("Using an undefined physical register"). Without the
    option: no finding, both functions proven, exit 0. With it: one
    final-code-refused finding (exit 16) with the verifier's words, its
    module kept with -verify-machineinstrs in its command, and the module
    compiled once more without the verifier, so both functions are still
    proven, none counted as not compiled."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "verifier_only.graph")
    have = [(m, l) for m, l in installed_llcs() if m in (15, 16)]
    if not have:
        needs_llcs("check --final-code-verify: needs llc 15 or 16", "installed: %s" % installed_llcs())
    for major, llc in have:
        runs = {}
        for verify in (False, True):
            out = os.path.join(tmp, "fc-verify-%d-%d" % (major, verify))
            r = run([GCNABI_SAN, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", "gfx900", "--out",
                     out, "--llc", named(major, llc)] + (["--final-code-verify"] if verify else []) + [src], env=SAN_ENV)
            done = os.path.exists(os.path.join(out, "summary.json"))
            fc = (json.load(open(os.path.join(out, "summary.json")))["combos"][0].get("final_code") or {}) if done else {}
            found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if done else []
            runs[verify] = r.returncode, fc, found, "exit %d, final code %s\n%s\n%s" % (
                r.returncode, fc, "\n".join(json.dumps(f) for f in found)[:2000], r.stderr[-1000:])
        rc, fc, found, detail = runs[False]
        report("check --final-code, llc %d gfx900, no --final-code-verify: the verifier-only graph is proven, no "
               "finding, exit 0" % major,
               rc == 0 and not found and fc.get("proven") == 2 and fc.get("not_compiled") == 0 and
               fc.get("refused") == 0, detail)
        rc, fc, found, detail = runs[True]
        f = found[0] if len(found) == 1 else {}
        module = f.get("module") or ""
        text = open(module).read() if module and os.path.exists(module) else ""
        report("check --final-code --final-code-verify, llc %d gfx900: one final-code-refused finding with the "
               "verifier's words (exit 16), its module's command with -verify-machineinstrs, and the functions "
               "still checked without the verifier (2 proven, 0 not compiled)" % major,
               rc == 16 and f.get("kind") == "final-code-refused" and
               f.get("message", "").startswith("machine verifier: Bad machine code: Using an undefined physical") and
               (f.get("final") or {}).get("function") == "g0.n0" and
               fc.get("proven") == 2 and fc.get("not_compiled") == 0 and fc.get("refused") == 1 and
               "\n; RUN: %s -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -verify-machineinstrs -enable-ipra=0 " % llc in text,
               detail)


def link_matrix(tmp):
    """The cross-version matrix: an inreg argument of the default convention
    is in a VGPR for llc 14-16's caller and in an SGPR for a 19/22 callee;
    the model predicts it (exit bit 4, not 8), amdgpu_gfx agrees."""
    llcs = installed_llcs()
    old = [l for l in llcs if l[0] <= 16]
    new = [l for l in llcs if l[0] >= 19]
    if not old or not new:
        needs_llcs("link matrix: needs an llc <= 16 and one >= 19", "installed: %s" % llcs)
        return
    sigs = os.path.join(tmp, "link.ll")
    open(sigs, "w").write("declare void @f(i32 inreg, i32)\ndeclare amdgpu_gfx void @g(i32 inreg, i32)\n")
    out = os.path.join(tmp, "link")
    (vo, lo), (vn, ln) = old[0], new[-1]
    r = run([GCNABI, "check", "--quiet", "--llc", named(vo, lo), "--llc", named(vn, ln), "--mcpu", "gfx1030",
             "--selector", "dag",
             "--out", out, sigs])
    cells = {}
    path = os.path.join(out, "link.jsonl")
    if os.path.exists(path):
        for line in open(path):
            c = json.loads(line)
            cells[(c["convention"], c["caller"], c["callee"])] = (c["checked"], c["disagree"], c["predicted"])
    po, pn = profile_of(vo), profile_of(vn)
    want = {("default", po, pn): (1, 1, 1), ("default", po, po): (1, 0, 0), ("amdgpu_gfx", po, pn): (1, 0, 0),
            ("amdgpu_gfx", pn, po): (1, 0, 0)}
    got = {k: cells.get(k) for k in want}
    ok = got == want and r.returncode & 8 == 0 and r.returncode & 4 and "cross-version link" in r.stdout
    report("link matrix llc %d x llc %d: predicted disagreement found, agreement kept" % (vo, vn), ok,
           "want %s\ngot %s\nexit %d\n%s%s" % (want, got, r.returncode, r.stdout, r.stderr))


def link_cells(out):
    cells = {}
    path = os.path.join(out, "link.jsonl")
    for line in open(path) if os.path.exists(path) else []:
        c = json.loads(line)
        k = (c["convention"], c["caller"], c["callee"])
        old = cells.get(k, (0, 0, 0))
        cells[k] = (old[0] + c["checked"], old[1] + c["disagree"], old[2] + c["predicted"])
    return cells


def link_matrix_chain_and_shader(tmp):
    """The cross-version matrix covers chain calls (llc 19 x 22: the
    llvm.amdgcn.cs.chain call site against the other version's chain
    callee) and, in a call graph, a shader entry point's call of an
    amdgpu_gfx function as its own row; all agree."""
    llcs = dict(installed_llcs())
    if 19 not in llcs or 22 not in llcs:
        needs_llcs("link matrix chain/shader: needs llc 19 and 22", "installed: %s" % sorted(llcs))
        return
    p19, p22 = profile_of(19), profile_of(22)
    sigs = os.path.join(tmp, "link-chain.ll")
    open(sigs, "w").write("declare amdgpu_cs_chain void @c(i32 inreg, <2 x float>, i64 inreg)\n"
                          "declare amdgpu_cs_chain_preserve void @p(ptr addrspace(1) inreg, double)\n")
    out = os.path.join(tmp, "link-chain")
    r = run([GCNABI, "check", "--quiet", "--llc", named(19, llcs[19]), "--llc", named(22, llcs[22]), "--mcpu", "gfx1100",
             "--selector", "dag",
             "--out", out, sigs])
    cells = link_cells(out)
    want = {(cc, a, b): (1, 0, 0) for cc in ("amdgpu_cs_chain", "amdgpu_cs_chain_preserve")
            for a in (p19, p22) for b in (p19, p22)}
    got = {k: cells.get(k) for k in want}
    report("link matrix llc 19 x 22: chain call sites agree with both versions' chain callees",
           got == want and status(r, out) & (1 | 2 | 8 | 16) == 0 and "amdgpu_cs_chain_preserve" in r.stdout,
           "want %s\ngot %s\nexit %d\n%s%s" % (want, got, r.returncode, r.stdout, r.stderr))
    graph = os.path.join(tmp, "link-shader.ll")
    g = run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_cs", "--weights",
             os.path.join(ROOT, "cases", "weights", "shaders.weights"), "--seed", "11", "--index", "10"])
    open(graph, "w").write(g.stdout)
    out = os.path.join(tmp, "link-shader")
    r = run([GCNABI, "check", "--quiet", "--llc", named(19, llcs[19]), "--llc", named(22, llcs[22]), "--mcpu", "gfx1030",
             "--selector", "dag",
             "--out", out, graph])
    cells = link_cells(out)
    want = {(cc, a, b): (1, 0, 0) for cc in ("shader->amdgpu_gfx", "amdgpu_gfx") for a in (p19, p22) for b in (p19, p22)}
    got = {k: cells.get(k) for k in want}
    report("link matrix llc 19 x 22 on a shader call graph: shader->amdgpu_gfx and amdgpu_gfx rows, all agree",
           got == want and status(r, out) & (1 | 2 | 8 | 16) == 0 and "shader->amdgpu_gfx" in r.stdout,
           "want %s\ngot %s\nexit %d\n%s%s" % (want, got, r.returncode, r.stdout, r.stderr))


def graph_bisection(tmp):
    """A module of three call graphs that llc fails on because of one of
    them: gcnabi check bisects it by graph, reports the failure at that
    graph's root and checks the other two."""
    graphs = os.path.join(ROOT, "tests", "fixtures", "graphs", "shader_input_sgprs.ll")
    # gcnabi emit --graph-of: that graph alone, its file lines first.
    r = run([GCNABI_SAN, "emit", "--graph-of", "c.n1", graphs], env=SAN_ENV)
    lines = [l for l in r.stdout.splitlines() if l.startswith("; call graph: ")]
    defined = re.findall(r"^define \S+ \S+ @(\S+)\(", r.stdout, re.M)
    want = [l for l in open(graphs).read().splitlines() if "@c.n" in l and not l.startswith(";")]
    report("emit --graph-of c.n1: the module of @c.n0's graph, its three signatures and two calls listed",
           r.returncode == 0 and lines == ["; call graph: " + l for l in want] and len(want) == 5
           and sorted(defined) == ["c.n0", "c.n1", "c.n2"], r.stderr + r.stdout[:600])
    r = run([GCNABI_SAN, "emit", "--graph-of", "nope", graphs], env=SAN_ENV)
    report("emit --graph-of with an unknown name: an error naming it and the file",
           r.returncode == 1 and "no function @nope" in r.stderr and graphs in r.stderr, r.stderr)
    # --leave-out: as check leaves out a function the model expects llc to
    # refuse, with the calls to it.
    r = run([GCNABI_SAN, "emit", "--graph-of", "c.n1", "--leave-out", "c.n2", graphs], env=SAN_ENV)
    lines = [l for l in r.stdout.splitlines() if l.startswith("; call graph: ")]
    defined = re.findall(r"^define \S+ \S+ @(\S+)\(", r.stdout, re.M)
    report("emit --graph-of c.n1 --leave-out c.n2: @c.n2, the call to it and their lines left out",
           r.returncode == 0 and lines == ["; call graph: " + l for l in want if "c.n2" not in l] and
           sorted(defined) == ["c.n0", "c.n1"] and "@c.n2" not in r.stdout, r.stderr + r.stdout[:600])
    for args, words in ((["--leave-out", "c.n2,nope"], "--leave-out: no function @nope"),
                        (["--leave-out", "c.n1"], "--graph-of: --leave-out names @c.n1")):
        r = run([GCNABI_SAN, "emit", "--graph-of", "c.n1"] + args + [graphs], env=SAN_ENV)
        report("emit %s: an error naming it and the file" % " ".join(args),
               r.returncode == 1 and words in r.stderr and graphs in r.stderr, r.stderr)
    for major, llc in installed_llcs():
        out = os.path.join(tmp, "bisect-%d" % major)
        r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--mcpu", "gfx1030", "--selector", "dag", "--out", out, graphs])
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))] if os.path.exists(
            os.path.join(out, "details.jsonl")) else []
        refused = sorted(d["function"] for d in details if d["kind"] == "llc-refused-graph")
        unobserved = [d for d in details if d["kind"].startswith("unobserved")]
        row = re.search(r"^llvm\d+-gfx1030-dag\s*\|\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", r.stdout, re.M)
        counts = tuple(int(x) for x in row.groups()) if row else None
        # funcs, agree, differ, llc refused: llc 19+ refuses @b.n0's graph
        # and the other five functions agree; older llc compile all seven.
        want = (["b.n0"], (5, 5, 0, 1)) if major >= 19 else ([], (7, 7, 0, 0))
        report("llc %d, three call graphs in one module: %s" % (major, "the failing one bisected out and reported at its "
               "root, the other two checked" if major >= 19 else "all compile and agree"),
               (refused, counts) == want and not unobserved,
               "refused %s, counts %s, unobserved %s\n%s" % (refused, counts, unobserved[:2], r.stdout[-800:]))


def call_graphs(tmp):
    """gen --callgraph: every llc compiles the modules and every call site is
    observed; llc 19 and 22 show the default-convention caller/callee
    disagreement with its call site. Malformed edges are errors with a
    position."""
    bad = {"call @a @b\n": "4:9: expected '->' after the caller",
           "call @a -> @nope\n": "4:12: no signature of that name",
           "call @a -> @g\n": "cannot call @g",
           "call @a -> @b extra\n": "unexpected text after the callee"}
    for edge, want in bad.items():
        path = os.path.join(tmp, "bad-graph.ll")
        open(path, "w").write("declare void @a(i32)\ndeclare void @b(i32)\ndeclare amdgpu_gfx void @g(i32)\n" + edge)
        for cmd in ([GCNABI_SAN, "emit", path], [GCNABI_SAN, "check", "--out", os.path.join(tmp, "bg"), path]):
            r = run(cmd, env=SAN_ENV)
            ok = r.returncode not in (0, 99) and want in r.stderr and path in r.stderr
            report("malformed call edge %r: %s says where" % (edge.strip(), cmd[1]), ok, r.stderr)
    runs = [run([GCNABI, "gen", "--callgraph", "--seed", "3", "--count", "6"]).stdout for _ in range(2)]
    one = run([GCNABI, "gen", "--callgraph", "--seed", "3", "--index", "4"]).stdout
    graph4 = runs[0].split("; graph 4 ")[1].split("; graph 5 ")[0]
    report("gen --callgraph: the same output twice, and --index 4 replays graph 4",
           runs[0] == runs[1] and "call @g4.n0 ->" in graph4 and one.split("; graph 4 ")[1] == graph4,
           one + "\n---\n" + graph4)
    graphs = os.path.join(tmp, "graphs.ll")
    with open(graphs, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--seed", "29", "--count", "12"], stdout=f, check=True)
    for major, llc in installed_llcs():
        out = os.path.join(tmp, "graphs-%d" % major)
        r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--out", out, graphs])
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))] if os.path.exists(
            os.path.join(out, "details.jsonl")) else []
        unobserved = [d for d in details if d["kind"].startswith("unobserved") or d["kind"] == "llc-refused-graph"]
        sites = [d for d in details if d["kind"] == "caller-vs-callee" and d.get("call_site")]
        ok = status(r, out) & (1 | 2 | 16) == 0 and not unobserved and (major < 19 or bool(sites))
        report("call graphs compiled and observed by llc %d%s" % (major, ", disagreement at call sites" if major >= 19
                                                                  else ""), ok,
               r.stdout + r.stderr + "".join(json.dumps(d) + "\n" for d in unobserved[:3]))
def chain_graphs(tmp):
    """gen --callgraph --root amdgpu_cs_chain(_preserve): llc 19 and 22 compile
    every chain graph, every chain call site agrees with the model and with
    its callee, llc 22 (gfx1200) requests each dvgpr count and check flags the
    counts that lose argument VGPRs; llc 22 crashes on a dynamic-VGPR chain
    call before gfx12. Malformed chain edges are errors with a position."""
    sigs = ("declare amdgpu_cs_chain void @a(i32 inreg)\ndeclare amdgpu_cs_chain void @b(i32 inreg)\n"
            "declare amdgpu_gfx void @g(i32)\n")
    bad = {"chain @a -> @b dvgpr 300\n": "4:22: expected a VGPR count 1-256",
           "call @a -> @b\n": "a chain function is entered by `chain`",
           "chain @a -> @g\n": "only amdgpu_cs_chain(_preserve) functions are chained to",
           "chain @a -> @b\nchain @a -> @a\n": "5:1: @a already ended with its chain call (line 4)"}
    for edge, want in bad.items():
        path = os.path.join(tmp, "bad-chain.ll")
        open(path, "w").write(sigs + edge)
        r = run([GCNABI_SAN, "emit", path], env=SAN_ENV)
        report("malformed chain edge %r: emit says where" % edge.strip().replace("\n", "; "),
               r.returncode not in (0, 99) and want in r.stderr and path in r.stderr, r.stderr)
    weights = os.path.join(ROOT, "cases", "weights", "chain.weights")
    for root in ("amdgpu_cs_chain", "amdgpu_cs_chain_preserve"):
        graphs = os.path.join(tmp, root + ".ll")
        with open(graphs, "w") as f:
            subprocess.run([GCNABI, "gen", "--callgraph", "--root", root, "--weights", weights, "--seed", "20261129",
                            "--count", "8"], stdout=f, check=True)
        text = open(graphs).read()
        for major, llc in installed_llcs():
            if major < 19:
                continue  # no chain conventions before 19
            out = os.path.join(tmp, "%s-%d" % (root, major))
            r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--mcpu", "gfx900", "--mcpu", "gfx1100", "--mcpu",
                     "gfx1200", "--jobs", "1", "--out", out, graphs])
            details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))]
            # GlobalISel's chain call site passes an i8/i16 without its
            # signext/zeroext, which the callee asserts (chain_call_drops_ext):
            # a known difference (exit 4), the only caller/callee one.
            dropped = [d for d in details if d["kind"] == "caller-vs-callee" and d["combo"].endswith("-gisel") and
                       "chain_call_drops_ext" in (d.get("explained_by") or "")]
            bad_kinds = [d for d in details if d not in dropped and (d["kind"].startswith("unobserved") or d["kind"] in (
                "llc-refused-graph", "model-vs-llc", "model-vs-llc-caller", "caller-vs-callee", "chain-dvgpr-count"))]
            chain_sites = [d for d in details if "chain call" in d.get("call_site", "")]
            lost = [d for d in details if d["kind"] == "dvgpr-lost"]
            ok = r.returncode == (4 if dropped else 0) and not bad_kinds and "chain @" in text and " dvgpr " in text and chain_sites and \
                (major < 22 or any(d["combo"].startswith("llvm22-gfx1200") for d in lost)) and \
                (major >= 22 or not lost)
            report("chain graphs (%s) compiled and checked by llc %d: chain call sites agree%s" % (
                root, major, ", dvgpr counts that lose argument VGPRs flagged on gfx1200" if major >= 22 else ""),
                ok, r.stdout + r.stderr + "".join(json.dumps(d)[:600] + "\n" for d in bad_kinds[:3]))
    # Whole compilation, not only up to isel (some llc errors come later):
    # small chain graphs without the functions the model expects llc to refuse.
    small = os.path.join(tmp, "small-chain.weights")
    open(small, "w").write(open(weights).read().replace("max_param_words = 300", "max_param_words = 32"))
    graphs = os.path.join(tmp, "small-chain.ll")
    with open(graphs, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_cs_chain", "--weights", small, "--seed",
                        "20261129", "--count", "8"], stdout=f, check=True)
    for major, llc in installed_llcs():
        if major < 19:
            continue
        refused = set()
        for view in ([], ["--caller"]):
            placed = run([GCNABI, "place", "--json", "--profile", profile_of(major), "--mcpu", "gfx1200"] + view +
                         [graphs]).stdout
            refused |= {json.loads(l)["name"] for l in placed.splitlines() if "error" in json.loads(l)}
        kept = [l for l in open(graphs) if not any(re.search(r"@%s\b(?!\.)" % re.escape(n), l) for n in refused)]
        module = os.path.join(tmp, "chain-whole-%d.graph" % major)
        open(module, "w").writelines(kept)
        ir = run([GCNABI, "emit", "--profile", profile_of(major), module])
        open(module + ".ll", "w").write(ir.stdout)
        for sel in ([], ["-global-isel"]):
            r = run(["nice", "-n", "10", llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1200"] + sel +
                    [module + ".ll", "-o", os.devnull])
            errors = set(re.findall(r"(illegal VGPR to SGPR copy|LLVM ERROR: cannot select: G_STORE)", r.stderr))
            if major >= 22:
                report("small chain graphs: llc %d %s compiles them whole on gfx1200 (%d functions left out)"
                       % (major, "GlobalISel" if sel else "SelectionDAG", len(refused)),
                       ir.returncode == 0 and r.returncode == 0 and "cs.chain" in ir.stdout,
                       ir.stderr + r.stderr[-2000:])
            else:
                # llc 19's known failures after isel (README, "Chain calls"):
                # SelectionDAG puts some uniform values passed inreg in VGPRs,
                # GlobalISel cannot select stores of <2 x ptr addrspace(5)>.
                report("small chain graphs: llc %d %s compiles them whole on gfx1200 or fails only as known (%s)"
                       % (major, "GlobalISel" if sel else "SelectionDAG", ", ".join(sorted(errors)) or "compiled"),
                       ir.returncode == 0 and (r.returncode == 0 or errors), ir.stderr + r.stderr[-2000:])
    # The finding the model records as DVGPR_CRASHES: llc 22 selects the
    # dynamic-VGPR pseudo before gfx12 and crashes in code emission.
    fixture = os.path.join(ROOT, "tests", "fixtures", "mir", "chaingraph.ll")
    for major, llc in installed_llcs():
        if major < 22:
            continue
        good = run(["nice", "-n", "10", llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1200", fixture, "-o", "-"])
        crash = run(["nice", "-n", "10", llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1100", fixture, "-o",
                     os.devnull])
        report("llc %d: dvgpr chain calls reallocate on gfx1200 (s_alloc_vgpr 10, 64) and crash llc on gfx1100" % major,
               good.returncode == 0 and "s_alloc_vgpr 10" in good.stdout and "s_alloc_vgpr 64" in good.stdout and
               crash.returncode != 0 and "Stack dump" in crash.stderr, good.stderr[-2000:] + crash.stderr[-2000:])


def kernel_graphs(tmp):
    """gen --callgraph --root amdgpu_kernel: a kernel calling ccc functions,
    passing its kernarg-loaded arguments on. check reads the kernels from the
    HSA metadata of an amdhsa compile and everything else, the kernels' call
    sites included, from MIR: every function and call site is observed, and
    calls from the kernel are compared with the model and the callee."""
    graphs = os.path.join(tmp, "kernel-graphs.ll")
    with open(graphs, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_kernel", "--weights",
                        os.path.join(ROOT, "cases", "weights", "kernels.weights"), "--seed", "20261129", "--count", "6"],
                       stdout=f, check=True)
    for major, llc in installed_llcs():
        if major < 19:
            continue
        out = os.path.join(tmp, "kernel-graphs-%d" % major)
        r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--mcpu", "gfx1030", "--selector", "dag",
                 "--jobs", "1", "--out", out, graphs])
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))]
        unobserved = [d for d in details if d["kind"].startswith("unobserved") or d["kind"] == "llc-refused-graph"]
        from_kernel = [d for d in details if re.match(r"@g\d+\.n0 -> ", d.get("call_site", ""))]
        row = [l for l in r.stdout.splitlines() if l.startswith("llvm%d-gfx1030-dag" % major)]
        calls = int(row[0].split("|")[2].split()[0]) if row else 0
        ok = status(r, out) & (1 | 2 | 16) == 0 and not unobserved and calls > 0 and from_kernel
        report("kernel graphs checked by llc %d (SelectionDAG): kernels from HSA metadata, %d call sites observed" % (
            major, calls), ok, r.stdout + r.stderr + "".join(json.dumps(d)[:500] + "\n" for d in unobserved[:3]))


def subdword_inreg_finding(tmp):
    """tests/fixtures/llc/subdword_inreg_call.ll: llc 16 and 19 cannot pass a
    uniform 16-bit value loaded into a VGPR inreg, llc 22 can; with the load
    16-byte aligned (as gcnabi emit writes out-markers) every llc compiles it."""
    fixture = os.path.join(ROOT, "tests", "fixtures", "llc", "subdword_inreg_call.ll")
    aligned = os.path.join(tmp, "subdword_aligned.ll")
    open(aligned, "w").write(open(fixture).read().replace("align 2", "align 16"))
    want = {16: "illegal SGPR to VGPR copy", 19: "illegal VGPR to SGPR copy"}
    for major, llc in installed_llcs():
        if major not in (16, 19, 22):
            continue
        r = run(["nice", "-n", "10", llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1030", fixture, "-o", os.devnull])
        a = run(["nice", "-n", "10", llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1030", aligned, "-o", os.devnull])
        ok = (want[major] in r.stderr if major in want else r.returncode == 0) and a.returncode == 0
        report("llc %d: i16 inreg from a 2-byte aligned constant load %s; 16-byte aligned compiles" % (
            major, "fails (%s)" % want[major] if major in want else "compiles"), ok, r.stderr[-1500:] + a.stderr[-1500:])


FATPTR_GRAPH = """; a byval buffer fat pointer passed by a caller with a fat pointer of its own (@c) and by one without (@d)
declare void @b(<32 x i32>, i32, ptr addrspace(5) byval(ptr addrspace(7)), i32)
declare void @c(ptr addrspace(7))
declare void @d(i32)
call @c -> @b
call @d -> @b
"""


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


def byval_fatptr_finding(tmp):
    """tests/fixtures/llc/byval_fatptr_call.ll, found by gcnabi check: in llc
    19 and 22 a caller that has buffer fat pointer values of its own writes
    a byval(ptr addrspace(7)) copy 16-byte aligned (stack+16) where the
    callee reads it 32-byte aligned (stack+32), with both selectors; a
    caller without one agrees. check reports it as an unexplained
    caller-vs-callee divergence at the call from @c only."""
    for major, r, details in check_with_llc19_up(tmp, "fatptr", FATPTR_GRAPH, "gfx1030"):
        found = sorted((d["combo"], d["call_site"].split(" (")[0], d["why"]) for d in details
                       if d["kind"] == "caller-vs-callee" and not d.get("explained_by"))
        want = sorted(("llvm%d-gfx1030-%s" % (major, sel), "@c -> @b",
                       "caller and callee disagree: argument 2 part 0: caller stack+16/32, callee stack+32/32")
                      for sel in ("dag", "gisel"))
        report("llc %d: byval(ptr addrspace(7)) from a caller with fat pointers lands 16 bytes early (both selectors); "
               "check reports exactly that call site" % major, found == want and r.returncode & 8,
               r.stdout + r.stderr + "\n".join(map(str, found)))


HIDDEN_SWITCH_SIG = ("declare void @f(ptr addrspace(7), i32, double inreg, i32, <17 x double> inreg, i32, <24 x float>, i32, "
                     "ptr addrspace(5) byval(ptr addrspace(7))) \"amdgpu-no-dispatch-ptr\" \"amdgpu-no-queue-ptr\" "
                     "\"amdgpu-no-implicitarg-ptr\" \"amdgpu-no-workgroup-id-x\" \"amdgpu-no-cluster-id-x\" "
                     "\"amdgpu-no-workitem-id-y\" \"amdgpu-no-multigrid-sync-arg\" \"amdgpu-no-flat-scratch-init\"\n")


def explained_by_hidden_switch(tmp):
    """Seed 20261204's f92, minimized: llc 19 and 22 callers put the inreg
    arguments from s0, their callees from s4 (caller_inreg_over_srd), and
    with that the byval fat pointer's copy lands at stack+80 against the
    callee's stack+96 (byval_fat_ptr_call_align), which only shows with the
    first switch off. Every caller-vs-callee finding is explained by the
    two, and check exits without the new-divergence bit."""
    for major, r, details in check_with_llc19_up(tmp, "hidden", HIDDEN_SWITCH_SIG, "gfx900"):
        found = sorted((d["combo"], d.get("explained_by")) for d in details if d["kind"] == "caller-vs-callee")
        want = [("llvm%d-gfx900-%s" % (major, sel), "caller_inreg_over_srd + byval_fat_ptr_call_align")
                for sel in ("dag", "gisel")]
        report("llc %d: a disagreement of two switches, one hiding the other, is explained by both" % major,
               found == want and not r.returncode & 8, r.stdout + r.stderr + "\n".join(map(str, found)))


UNDEF_BFLOAT_GRAPH = """declare void @a(i32)
declare half @b(float, bfloat inreg, i32)
declare fastcc void @n0(i32)
declare fastcc void @n5(i32, bfloat)
call @a -> * @b
call @n0 -> * @n5
"""

# Seed 20261204's graph-shaders-000, component g2 without two leaves: llc
# 14 on gfx1100 (its generic target, without 16-bit instructions) crashed
# on the <4 x bfloat> zeroinitializer @g2.n1 passed to @g2.n2.
UNDEF_BFLOAT_VECTOR_GRAPH = """declare amdgpu_cs void @g2.n0(float, float inreg, i44 inreg, i32, ptr addrspace(4) align 1, i32, ptr addrspace(7), float, ptr addrspace(1), float, { i32, <8 x i8>, i64, half } inreg, i32, i64, ptr addrspace(3) inreg align 16, double inreg) "gcnabi-unused"="4,5,8"
declare amdgpu_gfx ptr addrspace(5) @g2.n1(float, float inreg, i44 inreg, i32, ptr addrspace(4) align 1, i32, ptr addrspace(7), half inreg, ptr addrspace(3) align 1, [5 x [2 x ptr addrspace(5)]], half, double, i32, ptr inreg align 16, double inreg, ptr addrspace(5) byval({ float, float, <16 x i32> }) align 1, i64, <1 x bfloat>, i84 inreg, { i32, float, ptr addrspace(3) } inreg, <2 x float> inreg, float inreg, { half, <4 x double>, double }, double) "gcnabi-unused"="4,5,8,13,16,19"
declare amdgpu_gfx void @g2.n2(float, float inreg, i44 inreg, i32, ptr addrspace(4) align 1, ptr addrspace(5) byval(float), <4 x bfloat>, half inreg, <16 x ptr addrspace(6)>, ptr addrspace(4) inreg, <4 x half> inreg, i64) "gcnabi-unused"="4,11"
call @g2.n0 -> @g2.n1
call @g2.n1 -> @g2.n2
"""


DIVERGENT_SIGS = """declare amdgpu_gfx void @f(i32 inreg, i64 inreg, float, <2 x half> inreg) "gcnabi-divergent"
declare void @g(i32 inreg, ptr addrspace(7) inreg, i32) "gcnabi-divergent"
"""

DIVERGENT_GRAPH = """declare amdgpu_gfx void @d.n0(float)
declare amdgpu_gfx void @d.n1(i32 inreg, i64 inreg, float) "gcnabi-divergent"
call @d.n0 -> @d.n1
"""


def divergent_inreg_calls(tmp):
    """"gcnabi-divergent": the caller passes lane-varying values (a load at
    the lane's own element) to the inreg parameters. gcnabi emit loads them
    per lane; the observer reads them at the call; llc 22 writes them to the
    SGPRs the model places them in, on both selectors. In a call graph the
    lane is the lane's number (llvm.amdgcn.mbcnt.lo), and every installed
    llc agrees."""
    llcs = dict(installed_llcs())
    if 22 not in llcs:
        return
    sigs = os.path.join(tmp, "divergent.ll")
    open(sigs, "w").write(DIVERGENT_SIGS)
    ir = run([GCNABI, "emit", "--caller", sigs]).stdout
    lane_loads = re.findall(r"%gcnabi\.(\d+)\.out\.(\d+) = getelementptr [^,]+, ptr addrspace\(1\) @gcnabi\.\1\.lane\.\2, "
                            r"i32 %gcnabi\.lane", ir)
    report("emit --caller of \"gcnabi-divergent\" signatures: each inreg argument loaded at the lane's element "
           "(5 of them), the caller takes the lane as a VGPR argument",
           sorted(lane_loads) == [("0", "0"), ("0", "1"), ("0", "3"), ("1", "0"), ("1", "1")] and
           "@gcnabi.0.caller(i32 %gcnabi.lane)" in ir and "@gcnabi.1.caller(i32 %gcnabi.lane)" in ir, ir[-1500:])
    out = os.path.join(tmp, "divergent-check")
    r = run([GCNABI, "check", "--quiet", "--llc", llcs[22], "--mcpu", "gfx1030", "--out", out, sigs])
    combos = {c["combo"]: c["counts"] for c in json.load(open(os.path.join(out, "summary.json")))["combos"]} \
        if os.path.exists(os.path.join(out, "summary.json")) else {}
    report("llc 22, lane-varying inreg arguments: every call site observed and placed as the model places it, "
           "both selectors",
           r.returncode & ~4 == 0 and len(combos) == 2 and
           all(c["calls"] == 2 and c["calls_agree"] == 2 and c["calls_observed"] == 2 for c in combos.values()),
           r.stdout + r.stderr + str(combos))
    graph = os.path.join(tmp, "divergent-graph.ll")
    open(graph, "w").write(DIVERGENT_GRAPH)
    out = os.path.join(tmp, "divergent-graph")
    args = [GCNABI, "check", "--quiet", "--mcpu", "gfx900", "--out", out, graph]
    for llc in llcs.values():
        args[2:2] = ["--llc", llc]
    r = run(args)
    ir = run([GCNABI, "emit", graph]).stdout
    combos = {c["combo"]: c["counts"] for c in json.load(open(os.path.join(out, "summary.json")))["combos"]} \
        if os.path.exists(os.path.join(out, "summary.json")) else {}
    report("call graph, the lane from llvm.amdgcn.mbcnt.lo (declared once): every installed llc, both selectors, "
           "compiles it and writes the lane-varying inreg values where the model places them (%d combinations)"
           % len(combos),
           ir.count("declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)") == 1 and "workitem.id" not in ir and
           r.returncode & ~4 == 0 and len(combos) == 2 * len(llcs) and
           all(c["agree"] == 2 and c["calls_agree"] == 1 and c["calls_observed"] == 1 for c in combos.values()),
           r.stdout + r.stderr + str(combos))


PRESSURE_GRAPH = """declare amdgpu_gfx void @p.n0(float)
declare amdgpu_gfx void @p.n1(i32 inreg, i64 inreg, float) "gcnabi-pressure"
declare i32 @p.n2(i32 inreg, <4 x i32>, float) "gcnabi-pressure" "gcnabi-divergent"
call @p.n0 -> @p.n1
"""


def pressure_calls(tmp):
    """"gcnabi-pressure": 40 uniform and 40 lane-varying values live across
    each call of the function (more than the callee-saved registers hold).
    The call's arguments are still where the model places them, on every
    installed llc, both selectors, in signature and call-graph input."""
    llcs = dict(installed_llcs())
    if not llcs:
        return
    path = os.path.join(tmp, "pressure.ll")
    open(path, "w").write("".join(l + "\n" for l in PRESSURE_GRAPH.splitlines() if l.startswith("declare")))
    ir = run([GCNABI, "emit", "--caller", path]).stdout
    kept = len(re.findall(r"store volatile i32 %gcnabi\.k[sv]\d+,", ir))
    report("emit --caller \"gcnabi-pressure\": 80 values stored after each of its 2 calls (%d)" % kept, kept == 160,
           ir[-800:])
    for name, extra in (("signatures", []), ("graph", None)):
        if extra is None:
            src = os.path.join(tmp, "pressure-graph.ll")
            open(src, "w").write(PRESSURE_GRAPH)
        else:
            src = path
        r, combos, bad = check_with_every_llc(tmp, "pressure-" + name, src, llcs, ["gfx900"])
        report("\"gcnabi-pressure\" %s on every installed llc, gfx900: no refusal, no divergence (%d combinations)"
               % (name, len(combos)), r.returncode & ~4 == 0 and len(combos) == 2 * len(llcs) and not bad,
               r.stdout + r.stderr + str(bad))


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


FRAME_SIGS = """declare amdgpu_gfx void @f(i32 inreg, i64, [40 x float], i32) "gcnabi-frame"
declare i32 @g(i32 inreg, <40 x i32>, float) "gcnabi-frame" "gcnabi-divergent"
"""


def frame_bodies(tmp):
    """"gcnabi-frame": a dynamic alloca, a 64-byte aligned local and
    "frame-pointer"="all" (stack arguments then sit behind a realigned
    frame). SelectionDAG 14-19 refuses the dynamic alloca ("unsupported
    dynamic alloca", switch dag_dynamic_alloca_fails), so emit leaves it out
    there; every installed llc then compiles both functions and their call
    sites as the model places them (GlobalISel 14-16 refuse @g's inreg
    argument, as the model predicts)."""
    llcs = dict(installed_llcs())
    sigs = os.path.join(tmp, "frame.ll")
    open(sigs, "w").write(FRAME_SIGS)
    ir22 = run([GCNABI, "emit", "--caller", "--profile", "llvm22", sigs]).stdout
    ir19 = run([GCNABI, "emit", "--caller", "--profile", "llvm19", "--selector", "dag", sigs]).stdout
    report("emit \"gcnabi-frame\": frame pointer kept, stack aligned to 128, an aligned local, a dynamic alloca except for SelectionDAG "
           "14-19", ir22.count('alignstack(128) "frame-pointer"="all"') == 2 and ir22.count("alloca [4 x i32], align 64") == 2 and
           ir22.count("alloca i32, i32 %gcnabi.n") == 2 and ir19.count("alloca [4 x i32], align 64") == 2 and
           "alloca i32, i32" not in ir19, ir22[-800:] + ir19[-800:])
    if llcs:
        every_llc_agrees(tmp, "frame", sigs, llcs, "\"gcnabi-frame\"", functions=2)


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


BRANCH_SIGS = """declare void @f(i32 inreg, i64, [40 x float]) "gcnabi-branch"
declare amdgpu_gfx i32 @g(i32 inreg, float, <3 x i16> inreg) "gcnabi-branch" "gcnabi-frame"
declare fastcc void @b(i1 inreg, i32) "gcnabi-branch"
"""


def branch_bodies(tmp):
    """"gcnabi-branch": each body branches over 32 volatile stores with
    every argument live across the branch; with -amdgpu-s-branch-bits=4
    llc 22 relaxes the branches into long ones (s_getpc_b64, s_add_u32,
    s_setpc_b64 of the block's label), and every installed llc compiles the
    functions and their call sites as the model places them. @b's i1 inreg
    crosses the branch as SCC (S_CMP, then S_CSELECT_B64 -1, 0 in the next
    block): the observer follows SCC to the compare (found with
    cases/weights/bodies.weights, seed 20261204: "model has 1 parts, llc 0")."""
    llcs = dict(installed_llcs())
    sigs = os.path.join(tmp, "branch.ll")
    open(sigs, "w").write(BRANCH_SIGS)
    ir = run([GCNABI, "emit", "--caller", sigs]).stdout
    report("emit \"gcnabi-branch\": a branch over 32 stores in every function",
           ir.count("br i1 %gcnabi.bskip, label %gcnabi.join, label %gcnabi.long") == 3 and
           ir.count("store volatile i32 %gcnabi.bn") == 96, ir[-800:])
    if 22 in llcs:
        path = os.path.join(tmp, "branch-e.ll")
        open(path, "w").write(ir)
        asm = run([llcs[22], "-mtriple=" + TRIPLE, "-mcpu=gfx1030", "-amdgpu-s-branch-bits=4", path, "-o", "-"]).stdout
        longs = re.findall(r"s_add_u32 s\d+, s\d+, \(\.LBB\d+_\d+-\.Lpost_getpc\d+\)", asm)
        report("llc 22 -amdgpu-s-branch-bits=4 makes long branches of all three (%d)" % len(longs), len(longs) == 3,
               asm[-1500:])
    if llcs:
        every_llc_agrees(tmp, "branch", sigs, llcs, "\"gcnabi-branch\"", functions=3)
    # A call after the branch: its byval copy is allocated in the entry block.
    path = os.path.join(ROOT, "tests", "fixtures", "graphs", "branch_byval.ll")
    ir = run([GCNABI, "emit", path]).stdout
    body = ir[ir.index("define void @a("):]
    report("a \"gcnabi-branch\" caller allocates its byval copies before its branch",
           0 <= body.find("%gcnabi.1.out.1.copy = alloca") < body.find("br i1 %gcnabi.bskip"), body[:1500])
    if llcs:
        r, combos, bad = check_with_every_llc(tmp, "branch-byval", path, llcs, ["gfx900", "gfx1030"])
        report("its byval call agrees with the model on every installed llc (%d combinations)" % len(combos),
               r.returncode & (8 | 16) == 0 and len(combos) == 4 * len(llcs) and not bad, r.stdout[-3000:] + str(bad))


TAIL_SIGS = """declare void @f(i32 inreg, float) "gcnabi-tail"
declare amdgpu_gfx void @g(i32 inreg, <2 x i32> inreg, float, [40 x float]) "gcnabi-tail"
declare void @h(i64, float) "gcnabi-tail" "gcnabi-divergent"
declare i32 @r(i32) "gcnabi-tail"
"""


def tail_calls(tmp):
    """"gcnabi-tail": a caller's last call of a void function, with nothing
    after it, is a `tail call` (not @r's, which returns a value); llc 16,
    19 and 22 make sibling calls (SI_TCRETURN) of those whose arguments fit
    in registers, and the observer reads their arguments as at any call:
    every installed llc, both selectors, places them as the model does."""
    llcs = dict(installed_llcs())
    sigs = os.path.join(tmp, "tail.ll")
    open(sigs, "w").write(TAIL_SIGS)
    ir = run([GCNABI, "emit", "--caller", sigs]).stdout
    tails = re.findall(r"tail call (?:amdgpu_gfx )?void @(\w+)\(", ir)
    report("emit --caller \"gcnabi-tail\": tail calls of the three void functions, not of @r (%s)" % tails,
           sorted(tails) == ["f", "g", "h"] and "tail call i32" not in ir, ir[-600:])
    sibling_calls_agree(tmp, "tail", ir, sigs, llcs, "\"gcnabi-tail\"")


def musttail_calls(tmp):
    """tests/fixtures/graphs/musttail.ll: "gcnabi-musttail" callers end in
    a `musttail call` of a callee with their own signature, passing their
    own arguments on, some on the stack, which a sibling call leaves in
    place in the caller's incoming argument area (llc stores nothing for
    them: the observer reads those slots as the call's); "gcnabi-forward"
    passes every inreg argument on. Every installed llc, both selectors,
    places them as the model does."""
    path = os.path.join(ROOT, "tests", "fixtures", "graphs", "musttail.ll")
    llcs = dict(installed_llcs())
    ir = run([GCNABI, "emit", path]).stdout
    musttails = re.findall(r"musttail call (?:amdgpu_gfx )?void @(\w+)\(", ir)
    report("emit: musttail calls of @m1 and @g1, a plain call of @g2 (its caller is no musttail caller), @w0 passes "
           "its five arguments on (%s)" % musttails,
           sorted(musttails) == ["g1", "m1"] and re.search(r"  call amdgpu_gfx void @g2\(", ir) and
           "inreg %0, <8 x i32> inreg %1, <8 x i32> inreg %2, <8 x i32> inreg %3, i32 inreg %4)" in ir, ir[-1500:])
    sibling_calls_agree(tmp, "musttail", ir, path, llcs, "musttail and forwarding graphs")
    # A sibling call that stores its stack arguments back into the caller's
    # incoming area (llc 19/22 SelectionDAG: after D16_HI loads of a
    # <32 x i13>'s odd elements): the observer reads those stores as the
    # call's parts and follows a D16 load's kept half (the nightly's bodies
    # suite, seed 5150, graph g28: "caller has 29 parts, callee 32").
    if llcs:
        every_llc_agrees(tmp, "musttail-stores", os.path.join(ROOT, "tests", "fixtures", "graphs", "musttail_stores.ll"),
                         llcs, "a musttail caller storing its stack arguments in place")
    # A "gcnabi-pressure" callee's values live on after its call, so a
    # musttail caller calls it plainly (a musttail call must precede the
    # return: llc rejects the module otherwise; found by the nightly's
    # bodies suite, seed 5150).
    pressure = os.path.join(tmp, "musttail-pressure.ll")
    open(pressure, "w").write('declare void @p0(i32, float) "gcnabi-musttail"\n'
                              'declare void @p1(i32, float) "gcnabi-pressure"\ncall @p0 -> @p1\n')
    ir = run([GCNABI, "emit", "--typed-pointers", pressure]).stdout
    mod = os.path.join(tmp, "musttail-pressure-emitted.ll")
    open(mod, "w").write(ir)
    compiled = {v: subprocess.run([llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx900", mod, "-o", os.devnull],
                                  capture_output=True, text=True) for v, llc in sorted(llcs.items())}
    report("emit: a musttail caller of a gcnabi-pressure callee calls it plainly, and every llc compiles it",
           "musttail" not in ir and re.search(r"  call void @p1\(", ir) and
           all(r.returncode == 0 for r in compiled.values()),
           ir[-800:] + "".join(r.stderr[-300:] for r in compiled.values()))


BFLOAT14_SIGS = """declare amdgpu_gfx inreg <38 x bfloat> @f163(i97)
declare amdgpu_gfx inreg <2 x bfloat> @two(i32)
declare <70 x bfloat> @demoted(i32)
declare amdgpu_gfx inreg <3 x bfloat> @odd(i32)
declare amdgpu_gfx <70 x bfloat> @in_vgprs(i32)
"""


def bfloat_returns_llc14(tmp):
    """llc 14 SelectionDAG cannot select a returned bfloat vector's
    constant, but compiles it where the return is demoted to a hidden
    pointer (amdgpu_gfx demotes every inreg one: seed 20261225's @f163),
    unless its length is odd; the model places @f163, @two and @demoted,
    predicts the body refusals of @odd and @in_vgprs, and llc 14 agrees on
    gfx900 and gfx1030."""
    llcs = dict(installed_llcs())
    if 14 not in llcs:
        return
    sigs = os.path.join(tmp, "bfloat14.ll")
    open(sigs, "w").write(BFLOAT14_SIGS)
    placed = run([GCNABI, "place", "--profile", "llvm14", "--mcpu", "gfx900", sigs]).stdout
    report("the model demotes @f163, @two and @demoted on llc 14 and refuses @odd and @in_vgprs",
           placed.count("-> sret in v0") == 3 and placed.count("error:") == 2, placed)
    r, combos, bad = check_with_every_llc(tmp, "bfloat14-check", sigs, {14: llcs[14]}, ["gfx900", "gfx1030"])
    dag = {k: c for k, c in combos.items() if k.endswith("-dag")}
    report("llc 14 SelectionDAG agrees: 3 placed, 2 body-refused as predicted, on gfx900 and gfx1030 (%s)" % dag,
           len(dag) == 2 and all(c["agree"] == 3 and c["body_refused"] == 2 and not c["diverged"] and
                                 not c["llc_refused"] for c in dag.values()), r.stdout[-3000:] + str(dag))


def byval_own_type(tmp):
    """tests/fixtures/graphs/byval_own_type.ll: `ptr addrspace(5)
    byval(ptr addrspace(5)) align 1` through a function pointer. Its caller
    passes a copy of the object like every byval (it had passed the loaded
    pointer, and llc 15's byte-by-byte copy read as four parts): no
    divergence or crash bit with any installed llc, gfx1030."""
    path = os.path.join(ROOT, "tests", "fixtures", "graphs", "byval_own_type.ll")
    llcs = dict(installed_llcs())
    r, combos, bad = check_with_every_llc(tmp, "byval-own-type", path, llcs, ["gfx1030"])
    emitted = run([GCNABI, "emit", "--profile", "llvm15", path]).stdout
    report("a byval of its own type is passed as a copy, and no installed llc diverges (%d combinations)" % len(combos),
           r.returncode & (8 | 16 | 32) == 0 and len(combos) == 2 * len(llcs) and
           re.search(r"byval\(ptr addrspace\(5\)\) align 1 %gcnabi\.1\.out\.1\.copy", emitted),
           r.stdout[-3000:] + r.stderr + emitted[-1500:])


def indirect_byval_forwarded(tmp):
    """tests/fixtures/graphs/indirect_byval_forwarded.ll: a byval through a
    function pointer whose copy llc 19 and 22 store as the value itself on
    gfx1100; the observer takes an indirect call's callee from the pointer
    gcnabi emit loads, so the byval is one slot: every call site agrees,
    no divergence bit, with any installed llc, gfx1100 and gfx1200 (llc
    14-16 GlobalISel's known verifier errors set bit 16); and
    tests/fixtures/graphs/shader_indirect_no_args.ll, whose call has no
    out-marker: the callee is the one of the pointer the call loads."""
    llcs = dict(installed_llcs())
    for name, what, cpus in (("indirect_byval_forwarded", "an indirect call's byval is one slot whichever store llc "
                              "writes", ["gfx1100", "gfx1200"]),
                             ("shader_indirect_no_args", "a shader's indirect call of a function without parameters "
                              "passes none (the scratch descriptor is no argument)", ["gfx900", "gfx1030"])):
        path = os.path.join(ROOT, "tests", "fixtures", "graphs", name + ".ll")
        r, combos, bad = check_with_every_llc(tmp, name, path, llcs, cpus)
        report("%s, every installed llc (%d combinations)" % (what, len(combos)),
               r.returncode & 8 == 0 and len(combos) == 4 * len(llcs) and
               all(c["calls_agree"] + c["calls_both_refused"] + c["calls_body_refused"] == c["calls"]
                   for c in combos.values()), r.stdout[-3000:] + r.stderr + str(combos))


PS_UNUSED_I1_SIGS = """declare amdgpu_ps void @a({[16 x float], i1}) "gcnabi-unused"="0"
declare amdgpu_ps void @b({[15 x float], i1, i1}) "gcnabi-unused"="0"
declare amdgpu_ps void @c([3 x float], {[13 x float], i1}) "gcnabi-unused"="0,1"
declare amdgpu_ps void @d({[15 x float], i1}) "gcnabi-unused"="0"
declare amdgpu_ps half @e([4 x { <{ <3 x half>, i1, bfloat, ptr addrspace(6) }>, double, ptr addrspace(6), float }])
"""


def ps_unused_i1_past_slot_15(tmp):
    """A pixel shader's unused input is skipped only in the first 16 PS
    input slots: SelectionDAG still allocates its values from the 16th on,
    and an i1 there aborts llc 14-16 ("unable to allocate function
    argument"), which the model predicts (@a-@c; @d's i1 sits in slot 15
    and is skipped; @e is seed 20261256's, minimized by the harness, unused
    by llc 14 and 15 for its bfloat). Every installed llc, gfx900 and
    gfx1030: no new crash or divergence, and llc 14-16 SelectionDAG refuse
    @a-@c and @e as the model does (16 compiles @e and refuses it for its
    i1 alone)."""
    llcs = dict(installed_llcs())
    sigs = os.path.join(tmp, "ps-unused-i1.ll")
    open(sigs, "w").write(PS_UNUSED_I1_SIGS)
    r, combos, bad = check_with_every_llc(tmp, "ps-unused-i1", sigs, llcs, ["gfx900", "gfx1030"])
    old = {k: c for k, c in combos.items() if "-dag" in k and any("llvm-%d." % v in k for v in (14, 15, 16))}
    report("unused pixel-shader inputs with an i1 past the 16th slot: as the model says on every installed llc "
           "(%d combinations; llc 14-16 SelectionDAG refuse 4 of 5 in %d)" % (len(combos), len(old)),
           r.returncode & (8 | 16) == 0 and len(combos) == 4 * len(llcs) and
           all(c["both_refused"] == 4 and c["agree"] == 1 for c in old.values()) and
           all(c["llc_refused"] == 0 for c in combos.values()), r.stdout[-3000:] + r.stderr + str(combos))


def indirect_no_inputs(tmp):
    """tests/fixtures/graphs/indirect_no_inputs.ll: callees whose
    "amdgpu-no-*" free every implicit input, called directly and through a
    pointer. Every call site agrees with the model on every installed llc,
    gfx900 and gfx1100 (the caller through a pointer passes every input,
    also from its own arguments in the freed SGPRs, and its inreg arguments
    after them); where llc 19 and 22's callee reads them elsewhere, the
    disagreement is explained by the unseen attributes, alone (gfx1100) or
    with caller_inreg_over_srd (gfx900), and only at the indirect call."""
    h = ('declare void @f(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) '
         '"amdgpu-no-dispatch-ptr" "amdgpu-no-queue-ptr"')
    direct = run([GCNABI, "place", "--mcpu", "gfx1100", "--caller", h])
    pointer = run([GCNABI, "place", "--mcpu", "gfx1100", "--caller", "--through-pointer", h])
    alone = run([GCNABI, "place", "--through-pointer", h])
    report("place --caller --through-pointer: the 5th and 6th inreg arguments in s16, s17 (direct: s4, s5); "
           "without --caller a usage error",
           "s3 | i32 inreg -> s4 | i32 inreg -> s5 |" in direct.stdout and
           "s3 | i32 inreg -> s16 | i32 inreg -> s17 |" in pointer.stdout and alone.returncode == 2 and
           "--through-pointer" in alone.stderr, direct.stdout + pointer.stdout + alone.stderr)
    llcs = dict(installed_llcs())
    path = os.path.join(ROOT, "tests", "fixtures", "graphs", "indirect_no_inputs.ll")
    r, combos, bad = check_with_every_llc(tmp, "indirect-no-inputs", path, llcs, ["gfx900", "gfx1100"])
    report("calls through a pointer pass every implicit input, as the model says (%d combinations)" % len(combos),
           r.returncode & 8 == 0 and len(combos) == 4 * len(llcs) and
           all(c["calls_agree"] + c["calls_both_refused"] == c["calls"] for c in combos.values()),
           r.stdout[-3000:] + r.stderr + str(combos))
    unseen = "the callee's amdgpu-no-* attributes, unseen through a pointer"
    found = [json.loads(l) for l in open(os.path.join(tmp, "indirect-no-inputs", "findings.jsonl"))]
    # An input llc passes from a register of the caller's own arguments is
    # no part of them (else: "undefined-parts, argument 1: model has 8
    # parts, llc 12"); llc 14-16 GlobalISel leave every function out.
    other = [(f["kind"], f["llc"], f["selector"], f.get("message")) for f in found
             if f["kind"] not in ("caller-vs-callee", "not-in-graph")]
    report("no other finding at the calls (an input is not the argument its register held)", not other, str(other))
    mism = [f for f in found if f["kind"] == "caller-vs-callee"]
    major = {p: v for v, p in llcs.items()}
    want = {(v, cpu, sel) for v in (19, 22) if v in llcs for cpu in ("gfx900", "gfx1100") for sel in ("dag", "gisel")}
    got = {(major[f["llc"]], f["cpu"], f["selector"]) for f in mism
           if (f.get("explained_by") or "").endswith(unseen) and "* @b" in f["call_site"]}
    report("llc 19 and 22: the indirect call's disagreement is explained by the callee's unseen amdgpu-no-* (%d of %d "
           "combinations), and no direct call's is" % (len(got & want), len(want)),
           want and got == want and not any(unseen in (f.get("explained_by") or "") and "* @b" not in f["call_site"]
                                            for f in mism),
           str([(f["llc"], f["cpu"], f["selector"], f["call_site"], f.get("explained_by")) for f in mism]))


def old_targets(tmp):
    """gfx600 (tahiti: no flat, so kernels have no flat-scratch-init) and
    gfx701 (hawaii): the golden default, amdgpu_gfx and kernel cases agree
    with every installed llc, both selectors (no exit bit 8, 16 or 32)."""
    llcs = dict(installed_llcs())
    for name in ("default", "gfx", "kernel"):
        path = os.path.join(ROOT, "cases", "golden", name + ".ll")
        r, combos, bad = check_with_every_llc(tmp, "old-targets-" + name, path, llcs, ["gfx600", "gfx701"])
        report("golden %s.ll on gfx600 and gfx701 agrees with every installed llc (%d combinations)" % (name, len(combos)),
               r.returncode & (8 | 16 | 32) == 0 and len(combos) == 4 * len(llcs), r.stdout[-3000:] + r.stderr)


def many_outgoing_parts(tmp):
    """tests/fixtures/llc/many_outgoing_parts.ll (seed 20261212's @f194):
    more than 1024 stores into the outgoing argument area before the
    call's register writes; every installed llc's call site is read whole
    and agrees with the model, SelectionDAG and GlobalISel."""
    path = os.path.join(ROOT, "tests", "fixtures", "llc", "many_outgoing_parts.ll")
    llcs = dict(installed_llcs())
    r, combos, bad = check_with_every_llc(tmp, "many-outgoing", path, llcs, ["gfx900"])
    # Where llc and the model both refuse (llc 14's bfloat, GlobalISel 22's
    # bfloat calls) nothing is observed; everywhere else the call is.
    seen = [k for k, c in combos.items() if c["calls_observed"] == c["calls"] == 1]
    report("a call with more than 1024 outgoing stores is observed whole wherever llc compiles it, every installed "
           "llc, gfx900 (%d of %d combinations)" % (len(seen), len(combos)),
           r.returncode & (8 | 16 | 32) == 0 and len(combos) == 2 * len(llcs) and
           all(c["calls_observed"] + c["calls_both_refused"] == c["calls"] for c in combos.values()) and
           all(any(k.startswith("llvm-%d." % m) and k.endswith("-dag") for k in seen) for m in llcs if m >= 15),
           r.stdout + r.stderr + str(combos))


def undef_args_through_pointers(tmp):
    """Seed 20261202: on llc 14/15 SelectionDAG gcnabi's callers pass undef
    for bfloat arguments (no use of one can be selected there); through a
    pointer the observer cannot read the callee's header that says so, and
    the link matrix took the missing part for one left unwritten against
    llc 16's callee, and a trailing one for an argument not passed (seed
    20261204). Such arguments are unused at indirect calls too: no
    disagreement, exit 0. And llc 14 without 16-bit instructions takes
    undef for a bfloat vector, not a constant (seed 20261204)."""
    llcs = dict(installed_llcs())
    if 15 not in llcs or 16 not in llcs:
        return
    path = os.path.join(tmp, "undef-bfloat.ll")
    open(path, "w").write(UNDEF_BFLOAT_GRAPH)
    out = os.path.join(tmp, "undef-bfloat")
    r = run([GCNABI, "check", "--quiet", "--llc", llcs[15], "--llc", llcs[16], "--mcpu", "gfx1100", "--selector", "dag",
             "--out", out, path])
    cells = json.load(open(os.path.join(out, "summary.json")))["link"]["cells"] if r.returncode & 3 == 0 else []
    checked = sum(c["checked"] for c in cells if c["convention"] == "default")
    report("llc 15 callers passing undef bfloat through pointers, llc 15 and 16 callees: caller and callee agree, "
           "the link too (%d call sites)" % checked,
           r.returncode == 0 and checked == 8 and not any(c["disagree"] for c in cells), r.stdout + r.stderr)
    if 14 not in llcs:
        return
    path = os.path.join(tmp, "undef-bfloat-vector.ll")
    open(path, "w").write(UNDEF_BFLOAT_VECTOR_GRAPH)
    r = run([GCNABI, "check", "--quiet", "--llc", llcs[14], "--mcpu", "gfx1100", "--selector", "dag",
             "--out", os.path.join(tmp, "undef-bfloat-vector"), path])
    report("llc 14 without 16-bit instructions: an undef bfloat vector at an amdgpu_gfx call compiles and agrees",
           r.returncode == 0, r.stdout + r.stderr)


AB_SIGS = """declare void @f(i32 inreg, i64, <2 x i32> inreg)
declare amdgpu_gfx i32 @g(i32 inreg, <2 x i32> inreg, float)
declare amdgpu_gfx void @h(float, ptr addrspace(1))
declare void @k(i64 inreg, i16 inreg)
"""

# A stand-in for an ABI-changing compiler: the real llc 22, given the IR
# with every inreg dropped (--version passes through).
NO_INREG_LLC = """#!/usr/bin/env python3
import os, re, subprocess, sys, tempfile
args = []
for a in sys.argv[1:]:
    if a.endswith(".ll") and os.path.exists(a):
        t = tempfile.NamedTemporaryFile("w", suffix=".ll", delete=False)
        t.write(re.sub(r" inreg\\b", "", open(a).read()))
        t.close()
        a = t.name
    args.append(a)
sys.exit(subprocess.call([%r] + args))
"""


def ab_json(args):
    r = run([GCNABI, "ab", "--json"] + args)
    try:
        return r, json.loads(r.stdout)
    except ValueError:
        return r, {}


def ab_compilers(tmp):
    """gcnabi ab: (1) the same llc 22 under two labels is identical, exit
    0, with two distinct rows everywhere and 8 placement files (2
    compilers x 2 selectors x 2 views); (2) against a stand-in that drops
    every inreg, every inreg argument is listed as moved, unpredicted, in
    both views, exit 8; (3) llc 19 against llc 22 on the golden
    default-convention cases: every change predicted and named by a switch
    (queue_ptr_cov5_hole among them), exit 4."""
    llcs = dict(installed_llcs())
    if 22 not in llcs:
        return
    sigs = os.path.join(tmp, "ab.ll")
    open(sigs, "w").write(AB_SIGS)
    out = os.path.join(tmp, "ab-same")
    r, d = ab_json(["--llc", "one=" + llcs[22], "--llc", "two=" + llcs[22], "--mcpu", "gfx1030", "--out", out, sigs])
    summary = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(os.path.join(out, "summary.json")) else {}
    combos = sorted(c["combo"] for c in summary.get("combos", []))
    files = sorted(os.listdir(os.path.join(out, "placements"))) if os.path.isdir(os.path.join(out, "placements")) else []
    report("gcnabi ab: one llc under two labels is identical (exit 0), distinct rows, 8 placement files",
           r.returncode == 0 and d.get("verdict") == "identical" and
           combos == ["one-gfx1030-dag", "one-gfx1030-gisel", "two-gfx1030-dag", "two-gfx1030-gisel"] and
           len(files) == 8 and all(t["compared"] == 8 and not t["changes"] for t in d.get("targets", [])),
           r.stdout[-1500:] + r.stderr + " ".join(files))
    standin = os.path.join(tmp, "no-inreg-llc")
    open(standin, "w").write(NO_INREG_LLC % llcs[22])
    os.chmod(standin, 0o755)
    r, d = ab_json(["--llc", "llc22=" + llcs[22], "--llc", "noinreg=" + standin, "--mcpu", "gfx1030",
                    "--out", os.path.join(tmp, "ab-noinreg"), sigs])
    want = {(fn, view, "%%%d" % k) for fn, params in (("f", (0, 2)), ("g", (0, 1)), ("k", (0, 1)))
            for k in params for view in ("callee", "caller")}
    per_target = [{(c["function"], c["view"], c["subject"].split()[0]) for c in t["changes"]
                   if "inreg" in c["subject"] and not c["predicted"]} for t in d.get("targets", [])]
    report("gcnabi ab: a compiler that drops inreg: every inreg argument moved, unpredicted, both views (exit 8)",
           r.returncode == 8 and d.get("verdict") == "unpredicted" and len(per_target) == 2 and
           all(s == want for s in per_target) and not any(c["predicted"] for t in d["targets"] for c in t["changes"]),
           r.stdout[-2500:] + r.stderr)
    if 19 not in llcs:
        return
    r, d = ab_json(["--llc", llcs[19], "--llc", llcs[22], "--mcpu", "gfx1030", "--out", os.path.join(tmp, "ab-19-22"),
                    os.path.join(ROOT, "cases", "golden", "default.ll")])
    changes = [c for t in d.get("targets", []) for c in t["changes"]]
    report("gcnabi ab: llc 19 against 22 on the golden default cases: %d changes, all predicted by named switches "
           "(exit 4)" % len(changes),
           r.returncode == 4 and changes and all(c["predicted"] and c["by"].startswith("switch") for c in changes) and
           any("queue_ptr_cov5_hole" in c["by"] for c in changes) and
           [x["label"] for x in (d["a"], d["b"])] == [label_of(llcs[19]), label_of(llcs[22])],
           r.stdout[-2500:] + r.stderr)
    # A call graph: llc 22 GlobalISel cannot call with a bfloat argument
    # (gisel_bfloat_call_fails), so @h.n1 stays out of its module, callee
    # and call site both: predicted, by that switch, not "unpredicted".
    graph = os.path.join(tmp, "ab-graph.ll")
    open(graph, "w").write(AB_GRAPH)
    r, d = ab_json(["--llc", llcs[19], "--llc", llcs[22], "--mcpu", "gfx1030", "--out", os.path.join(tmp, "ab-graph"),
                    graph])
    changes = sorted((t["selector"], c["function"], c["view"], c["subject"], c["predicted"], c["by"])
                     for t in d.get("targets", []) for c in t["changes"])
    report("gcnabi ab, call graph: a function llc 22 GlobalISel leaves out of the module is a predicted status "
           "change (switch gisel_bfloat_call_fails), callee and call site (exit 4)",
           r.returncode == 4 and changes == [("gisel", "h.n1", view, "status", True, "switch gisel_bfloat_call_fails")
                                             for view in ("callee", "caller")],
           r.stdout[-2500:] + r.stderr + str(changes))


AB_GRAPH = """declare void @h.n0(i32)
declare void @h.n1(bfloat, i32)
declare void @h.n2(float)
call @h.n0 -> @h.n1
call @h.n0 -> @h.n2
"""


# An llc whose version gcnabi has no profile for: llc 19 saying it is 18.1.8.
VERSION_18_LLC = """#!/bin/sh
if [ "$1" = --version ]; then %s --version | sed 's/LLVM version [0-9.]*/LLVM version 18.1.8/'; exit; fi
exec %s "$@"
"""


def version_without_profile(tmp):
    """An llc of a version without a profile (18.1.8) follows the nearest
    older one (llvm16), said on stderr and in summary.json, under the
    label llvm-18.1.8; --profile llvm-18.1.8=llvm19 chooses."""
    llcs = dict(installed_llcs())
    if 19 not in llcs:
        return
    standin = os.path.join(tmp, "llc-18")
    open(standin, "w").write(VERSION_18_LLC % (llcs[19], llcs[19]))
    os.chmod(standin, 0o755)
    sigs = os.path.join(tmp, "v18.ll")
    open(sigs, "w").write(AB_SIGS)
    for extra, profile, source in (([], "llvm16", "nearest-older"), (["--profile", "llvm-18.1.8=llvm19"], "llvm19", "option")):
        out = os.path.join(tmp, "v18-" + profile)
        r = run([GCNABI, "check", "--quiet", "--llc", standin, "--mcpu", "gfx1030", "--selector", "dag", "--out", out]
                + extra + [sigs])
        path = os.path.join(out, "summary.json")
        s = json.load(open(path)) if os.path.exists(path) else {}
        llc = (s.get("llcs") or [{}])[0]
        warned = "the model follows llvm16, the nearest older" in r.stderr
        report("llc 18.1.8 (no profile): profile %s (%s), label llvm-18.1.8%s" % (
            profile, source, ", said on stderr" if not extra else ""),
            llc.get("label") == "llvm-18.1.8" and llc.get("profile") == profile and llc.get("profile_from") == source
            and [c["combo"] for c in s["combos"]] == ["llvm-18.1.8-gfx1030-dag"] and warned == (not extra),
            r.stdout[-800:] + r.stderr + json.dumps(llc))


# Wraps a real llc and logs each command line it is given.
LOGGING_LLC = """#!/bin/sh
echo "$*" >> %s
exec %s "$@"
"""


def machine_verifier(tmp):
    """Every llc command check and passthrough run has -verify-machineinstrs;
    bad machine code is a finding of its own kind, with the verifier's words
    and the pass it ran after: llc 22 GlobalISel -new-reg-bank-select on
    `<3 x ptr addrspace(4)>` (found by a generated corpus, shrunk by
    gcnabi shrink)."""
    llcs = dict(installed_llcs())
    if 22 not in llcs:
        return
    log = os.path.join(tmp, "llc-commands.log")
    standin = os.path.join(tmp, "logging-llc")
    open(standin, "w").write(LOGGING_LLC % (log, llcs[22]))
    os.chmod(standin, 0o755)
    sigs = os.path.join(tmp, "verify.ll")
    open(sigs, "w").write(AB_SIGS)
    run([GCNABI, "check", "--quiet", "--llc", standin, "--mcpu", "gfx1030", "--out", os.path.join(tmp, "verify-log"), sigs])
    run([GCNABI, "check", "--quiet", "--llc", standin, "--mcpu", "gfx1030", "--selector", "gisel", "--new-reg-bank-select",
         "--out", os.path.join(tmp, "verify-log-nrbs"), sigs])
    graph = os.path.join(tmp, "verify-graph.ll")
    open(graph, "w").write("declare amdgpu_ps void @s(i32 inreg)\ndeclare amdgpu_gfx void @g(i32 inreg)\ncall @s -> @g\n")
    run([GCNABI, "passthrough", "--llc", standin, graph])
    commands = [l.split() for l in open(log)] if os.path.exists(log) else []
    compiles = [c for c in commands if "--version" not in c and not any(a.startswith("--help") for a in c)]
    report("-verify-machineinstrs on every llc command check and passthrough run (%d commands)" % len(compiles),
           len(compiles) >= 5 and all("-verify-machineinstrs" in c for c in compiles),
           "\n".join(" ".join(c) for c in compiles if "-verify-machineinstrs" not in c)[:1500])
    bad = os.path.join(tmp, "verify-bad.ll")
    open(bad, "w").write("declare void @f(<3 x ptr addrspace(4)>)\n")
    out = os.path.join(tmp, "verify-bad")
    r = run([GCNABI, "check", "--quiet", "--llc", llcs[22], "--mcpu", "gfx1030", "--selector", "gisel",
             "--new-reg-bank-select", "--no-caller", "--out", out, bad])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if r.returncode & 3 == 0 else []
    verifier = [f for f in found if f["kind"] == "verifier-error"]
    # Then the function runs again without the verifier, where this llc
    # fails on it in RegBankLegalize: a crash finding of its own.
    again = [f["kind"] for f in found if f["kind"] != "verifier-error"]
    report("llc 22 -new-reg-bank-select: bad machine code is a verifier-error finding, naming the verifier's words and "
           "the pass (exit 16); the function then runs without the verifier",
           r.returncode == 16 and [f["function"] for f in verifier] == ["f"] and again == ["llc-refused"] and
           verifier[0]["message"].startswith("machine verifier: Bad machine code: operand types must be all-vector or "
                                             "all-scalar (after AMDGPUPostLegalizerCombiner)"),
           r.stdout + r.stderr + json.dumps(found)[:1000])


def label_of(llc):
    """The default label check gives an llc: llvm-<version>."""
    r = run([llc, "--version"])
    return "llvm-" + re.search(r"LLVM version (\S+)", r.stdout).group(1)


def ab_layouts(tmp):
    """gcnabi ab --layout old --layout proposed-v2 (model only): the moved
    inreg arguments per function, the distributions, exit 4; a layout
    against itself: identical, exit 0; bad input: file:line:col, exit 1."""
    sigs = os.path.join(tmp, "ab-layout.ll")
    open(sigs, "w").write(AB_SIGS)
    r, d = ab_json(["--layout", "old", "--layout", "proposed-v2", "--mcpu", "gfx1030", sigs])
    moved = {(f["function"], c["subject"], c["a"], c["b"]) for f in d.get("functions_changed", []) for c in f["changes"]}
    report("gcnabi ab --layout old --layout proposed-v2: amdgpu_gfx inreg arguments move from s4 to s0 (exit 4)",
           r.returncode == 4 and ("g", "%0 i32 inreg", "s4", "s0") in moved and
           ("g", "%1 <2 x i32> inreg", "s[5:6]", "s[1:2]") in moved and d["a"]["rationale"] and
           d["b"]["totals"]["gfx_sgpr_moves"] <= d["a"]["totals"]["gfx_sgpr_moves"], r.stdout[-2000:] + r.stderr)
    r, d = ab_json(["--layout", "old", "--layout", "old", sigs])
    report("gcnabi ab: a layout against itself is identical (exit 0)",
           r.returncode == 0 and d.get("verdict") == "identical" and d.get("changed") == 0, r.stdout[-800:] + r.stderr)
    bad = os.path.join(tmp, "ab-bad.ll")
    open(bad, "w").write("declare void @f(i32)\ndecalre void @g()\n")
    r = run([GCNABI, "ab", "--layout", "old", "--layout", "proposed-v2", bad])
    report("gcnabi ab: a misspelt keyword is an error naming the file, line and column (exit 1)",
           r.returncode == 1 and "ab-bad.ll:2:1: error:" in r.stderr and not r.stdout, r.stdout + r.stderr)


def shader_passthrough(tmp):
    """gcnabi passthrough: a shader entry point passing 10 user-SGPR parts on
    to an amdgpu_gfx callee. The model says all 10 move under the old layout
    and none under the proposed ones; llc 16, 19 and 22 really write those 10
    argument SGPRs before the call (14 and 15 are not measured here)."""
    graph = os.path.join(tmp, "passthrough.ll")
    with open(graph, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_cs", "--weights",
                        os.path.join(ROOT, "cases", "weights", "shaders.weights"), "--seed", "11", "--index", "10"],
                       stdout=f, check=True)
    model = run([GCNABI, "passthrough", graph]).stdout
    want = ("old: 10 of 10 parts move, 0 in place, 0 to the stack; proposed-v1: 0 of 10 parts move, 10 in place, "
            "0 to the stack; proposed-v2: 0 of 10 parts move, 10 in place, 0 to the stack")
    report("passthrough: the model's moves per layout", want in model, model)
    for major, llc in installed_llcs():
        if major < 16:
            continue
        r = run([GCNABI, "passthrough", "--profile", profile_of(major), "--llc", llc, graph])
        report("passthrough: llc %d writes the 10 argument SGPRs the model counts" % major,
               r.returncode == 0 and "| measured (old): 10 (" in r.stdout, r.stdout + r.stderr)
    bad = run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_gfx"])
    report("gen --root names a non-entry point", bad.returncode == 2 and "amdgpu_gfx" in bad.stderr, bad.stderr)


def boundary_every_llc(tmp):
    """gcnabi gen --boundary under each layout, with the profile of each installed llc, checked against
    that llc (every CPU, both selectors, callee and call site): no unexplained divergence, no crash.
    Signatures placed for a proposed layout still probe the real (old) layout's neighbourhood."""
    for major, llc in installed_llcs():
        for layout in ("old", "proposed-v1", "proposed-v2"):
            name = "boundary %s against llc %d (%s)" % (layout, major, profile_of(major))
            sigs = os.path.join(tmp, "boundary-%d-%s.ll" % (major, layout))
            g = run([GCNABI_SAN, "gen", "--boundary", "--profile", profile_of(major), "--layout", layout], env=SAN_ENV)
            if g.returncode != 0 or "declare" not in g.stdout:
                report(name, False, "gen --boundary: exit %d\n%s" % (g.returncode, g.stderr))
                continue
            open(sigs, "w").write(g.stdout)
            out = os.path.join(tmp, "boundary-check-%d-%s" % (major, layout))
            r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--out", out, sigs])
            ok = status(r, out) & (1 | 2 | 8 | 16) == 0
            detail = r.stdout + r.stderr
            if not ok and os.path.exists(os.path.join(out, "details.jsonl")):
                detail += "".join(open(os.path.join(out, "details.jsonl")).readlines()[:5])
            report(name, ok, detail)
ENTRY_CCS = ["amdgpu_cs", "amdgpu_ps", "amdgpu_vs", "amdgpu_gs", "amdgpu_hs", "amdgpu_es", "amdgpu_ls",
             "amdgpu_cs_chain", "amdgpu_cs_chain_preserve", "amdgpu_kernel"]


def boundary_entry_every_llc(tmp):
    """gcnabi gen --boundary for the shader entry points, chain functions and
    kernels, with the profile of each installed llc, checked against that llc
    on gfx1030 (both selectors): every case agrees or both refuse, and every
    case one part past a range end (or split across it) is refused by llc
    for running out of registers, as the model says: SelectionDAG "unable to
    allocate function argument", GlobalISel "unable to lower arguments"."""
    overflow = {"dag": "unable to allocate function argument", "gisel": "unable to lower arguments"}
    for major, llc in installed_llcs():
        name = "boundary entry points, chain, kernels against llc %d (%s)" % (major, profile_of(major))
        sigs = os.path.join(tmp, "boundary-entry-%d.ll" % major)
        args = ["gen", "--boundary", "--profile", profile_of(major), "--mcpu", "gfx1030"]
        for cc in ENTRY_CCS:
            args += ["--cc", cc]
        g = run([GCNABI_SAN] + args, env=SAN_ENV)
        if g.returncode != 0 or "declare" not in g.stdout:
            report(name, False, "gen --boundary: exit %d\n%s" % (g.returncode, g.stderr))
            continue
        open(sigs, "w").write(g.stdout)
        past_end = set(re.findall(r"^; (b\d+): .*(?:one part past the end|split across the end)", g.stdout, re.M))
        out = os.path.join(tmp, "boundary-entry-check-%d" % major)
        r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--mcpu", "gfx1030", "--out", out, sigs])
        refused = {}
        path = os.path.join(out, "details.jsonl")
        for line in open(path) if os.path.exists(path) else []:
            d = json.loads(line)
            if d.get("kind", "").startswith("both-refused"):
                refused.setdefault(d["function"], []).append((d["combo"].split("-")[-1], d.get("why", "")))
        # both selectors and, for chain functions, the call site too
        wrong = sorted(f for f in past_end if not refused.get(f) or
                       not all(overflow.get(sel, "?") in w for sel, w in refused[f]))
        ok = status(r, out) & (1 | 2 | 8 | 16) == 0 and not wrong and past_end
        report(name + ": %d cases past a range end refused by both" % len(past_end), ok,
               r.stdout + r.stderr + "not refused as expected: %s" % wrong[:10])


def whole_wave(tmp):
    """amdgpu_gfx_whole_wave against llc 22, the only llc here that parses it:
    its gen --boundary cases on gfx1030 and gfx1200 agree with llc in both
    selectors and views, the returns llc 22 loses among them; calls of
    whole-wave functions through llvm.amdgcn.call.whole.wave from amdgpu_cs,
    amdgpu_gfx, ccc, amdgpu_kernel, amdgpu_cs_chain and whole-wave functions
    are all observed and agree with the model, their caller/callee
    disagreements explained by the whole_wave_* switches; a call through a
    pointer is an error of the graph file; llc 19 refuses the keyword as the
    model says."""
    llcs = dict(installed_llcs())
    if 22 not in llcs:
        needs_llcs("whole_wave: needs llc 22", "installed: %s" % sorted(llcs))
        return
    sigs = os.path.join(tmp, "whole-wave-boundary.ll")
    g = run([GCNABI_SAN, "gen", "--boundary", "--profile", "llvm22", "--mcpu", "gfx1030", "--mcpu", "gfx1200", "--cc",
             "amdgpu_gfx_whole_wave"], env=SAN_ENV)
    open(sigs, "w").write(g.stdout)
    lost = len(re.findall(r"^; b\d+: .*gisel caller amdgpu_gfx_whole_wave: .*lost", g.stdout, re.M))
    out = os.path.join(tmp, "whole-wave-boundary")
    r = run([GCNABI, "check", "--quiet", "--llc", named(22, llcs[22]), "--mcpu", "gfx1030", "--mcpu", "gfx1200", "--out",
             out, sigs])
    details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))] if os.path.exists(
        os.path.join(out, "details.jsonl")) else []
    wrong = [d for d in details if d["kind"].startswith("model-vs-llc") or d["kind"].startswith("llc-refused")]
    report("whole_wave: %d boundary cases agree with llc 22 on gfx1030 and gfx1200, %d lost returns among them"
           % (len(body(g.stdout)), lost), g.returncode == 0 and lost > 0 and not wrong and status(r, out) & (1 | 2 | 8 | 16) == 0,
           r.stdout + r.stderr + "".join(json.dumps(d)[:400] + "\n" for d in wrong[:3]))
    graph = os.path.join(tmp, "whole-wave-calls.ll")
    callers = {"cs": "amdgpu_cs void @cs(i32 inreg, float)", "gx": "amdgpu_gfx void @gx(i32)", "c": "void @c(i32)",
               "k": "amdgpu_kernel void @k(i32)", "ch": "amdgpu_cs_chain void @ch(i32 inreg)",
               "w": "amdgpu_gfx_whole_wave i32 @w(i1, i32, float inreg)"}
    text = "".join("declare %s\n" % h for h in callers.values())
    text += "declare amdgpu_gfx_whole_wave [40 x i32] @big(i1, i32, <2 x i16>)\n"
    text += "".join("call @%s -> @%s\n" % (c, "big" if c in ("k", "w") else "w") for c in callers if c != "w")
    text += "call @w -> @big\n"
    open(graph, "w").write(text)
    out = os.path.join(tmp, "whole-wave-calls")
    r = run([GCNABI, "check", "--quiet", "--llc", named(22, llcs[22]), "--mcpu", "gfx1100", "--out", out, graph])
    summary = os.path.join(out, "summary.json")
    rows = [(co["selector"], str(co["counts"]["calls"]), str(co["counts"]["calls_agree"]))
            for co in json.load(open(summary))["combos"]] if os.path.exists(summary) else []
    details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))] if os.path.exists(
        os.path.join(out, "details.jsonl")) else []
    unexplained = [d for d in details if d["kind"] != "caller-vs-callee" or not d.get("explained_by")]
    report("whole_wave: calls from %s agree with the model in both selectors" % ", ".join(sorted(callers)),
           sorted(rows) == [("dag", "6", "6"), ("gisel", "6", "6")] and not unexplained and status(r, out) & (1 | 2 | 8 | 16) == 0,
           "rows %s\n%s%s" % (rows, r.stdout, "".join(json.dumps(d)[:400] + "\n" for d in unexplained[:3])))
    open(graph, "w").write(text + "call @gx -> * @big\n")
    e = run([GCNABI_SAN, "emit", graph], env=SAN_ENV)
    report("whole_wave: a call through a pointer is refused where it is written",
           e.returncode == 1 and "no calls through a pointer" in e.stderr and graph + ":" in e.stderr, e.stderr)
    if 19 in llcs:
        case = os.path.join(GOLDEN, "whole_wave.ll")
        p = run([GCNABI, "place", "--json", "--profile", "llvm19", case])
        placed = [json.loads(l) for l in p.stdout.splitlines()]
        ir = os.path.join(tmp, "whole-wave-19.ll")
        open(ir, "w").write(run([GCNABI, "emit", "--profile", "llvm19", case]).stdout)
        c = run([llcs[19], "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1030", ir, "-o", os.devnull])
        report("whole_wave: llc 19 cannot parse the convention, and the model says so",
               placed and all("cannot parse it" in o.get("error", "") for o in placed) and c.returncode != 0
               and "error: expected type" in c.stderr, p.stdout[:400] + c.stderr[:400])


def gen(*args):
    return run([GCNABI_SAN, "gen"] + list(args), env=SAN_ENV)


def shrink_candidates(tmp):
    """gcnabi shrink over generated signatures of every suite (sanitizer
    build): each candidate parses (gcnabi place reads them all), is smaller
    than its signature (fewer parameters, or as many and a shorter line),
    and --number names them m0, m1, ... in order; bad input is an error."""
    weights = [[]] + [["--weights", w] for w in sorted(glob.glob(os.path.join(ROOT, "cases", "weights", "*.weights")))]
    lines, bad = [], []
    for w in weights:
        for sig in [l for l in gen("--seed", "11", "--count", "12", *w).stdout.splitlines() if l.startswith("declare")]:
            r = run([GCNABI_SAN, "shrink", "--stage", "1", "--json", sig], env=SAN_ENV)
            cands = [json.loads(l) for l in r.stdout.splitlines()]
            me = run([GCNABI_SAN, "shrink", "--itself", "--json", sig], env=SAN_ENV)
            size = json.loads(me.stdout) if me.returncode == 0 else {}
            if r.returncode or me.returncode or size.get("decl") != sig or size["chars"] != len(sig):
                bad.append("%s: exit %d/%d %s" % (sig[:80], r.returncode, me.returncode, (r.stderr + me.stderr)[:200]))
                continue
            for c in cands:
                if (c["params"], c["chars"]) >= (size["params"], size["chars"]) or c["chars"] != len(c["decl"]):
                    bad.append("not smaller than %s: %s" % (sig[:80], c))
            lines += [c["decl"] for c in cands]
    # One file, so one name per candidate: a file of signatures may not
    # define a function twice.
    path = os.path.join(tmp, "shrunk.ll")
    open(path, "w").write("".join(re.sub(r"@[\w.$-]+\(", "@c%d(" % i, l, count=1) + "\n" for i, l in enumerate(lines)))
    p = run([GCNABI_SAN, "place", "--json", path], env=SAN_ENV)
    malformed = [l for l in p.stdout.splitlines() if '"error":"malformed' in l]
    report("shrink: %d candidates of %d generated signatures (every suite) parse and are smaller" % (
        len(lines), 12 * len(weights)), lines and not bad and not malformed and p.returncode != 99,
           "\n".join(bad[:5] + malformed[:5]) + p.stderr[-500:])
    sig = "declare amdgpu_gfx i64 @g(i32 inreg, float, <4 x half>)"
    r = run([GCNABI_SAN, "shrink", "--name", "m", "--number", sig], env=SAN_ENV)
    names = [l.split("@")[1].split("(")[0] for l in r.stdout.splitlines()]
    report("shrink --name m --number: the candidates are @m0, @m1, ... in order (a void return is no shorter than i64)",
           r.returncode == 0 and names == ["m0", "m1", "m2"],
           r.stdout + r.stderr)
    r = run([GCNABI_SAN, "shrink", "--itself", "--name", "f", sig], env=SAN_ENV)
    report("shrink --itself --name f: the signature itself, renamed",
           r.returncode == 0 and r.stdout == sig.replace("@g(", "@f(") + "\n", r.stdout + r.stderr)
    for args, code, text in ((["declare void @f(i32"], 1, "malformed signature"), (["--stage", "2", sig], 2, "--stage"),
                             ([], 2, "one signature"), ([sig, sig], 2, "one signature"),
                             (["--no-such-option", sig], 2, "--no-such-option")):
        r = run([GCNABI_SAN, "shrink"] + args, env=SAN_ENV)
        report("shrink %s: exit %d naming it" % (" ".join(args)[:40] or "(nothing)", code),
               r.returncode == code and text in r.stderr, "exit %d %s" % (r.returncode, r.stderr))
    h = run([GCNABI_SAN, "shrink", "--help"], env=SAN_ENV)
    report("shrink --help prints its usage", h.returncode == 0 and h.stdout.startswith("usage: gcnabi shrink"), h.stdout)


def body(text):
    """The signature lines of gen's output, without its comments."""
    return [l for l in text.splitlines() if not l.startswith(";")]


def gen_replay(tmp):
    """gen is byte-identical across runs, and --index N replays line N in every mode."""
    modes = {"random": ["--seed", "5"], "swarm": ["--seed", "5", "--swarm"], "enumerate": ["--enumerate"]}
    for mode, args in modes.items():
        a, b = gen(*args, "--count", "400"), gen(*args, "--count", "400")
        report("gen %s: two runs are byte-identical" % mode, a.returncode == 0 and a.stdout == b.stdout and
               len(body(a.stdout)) == 400, a.stderr + b.stderr)
        lines = body(a.stdout)
        for n in (0, 123, 399):
            one = gen(*args, "--index", str(n))
            ok = one.returncode == 0 and len(lines) == 400 and body(one.stdout) == [lines[n]]
            report("gen %s: --index %d replays line %d" % (mode, n, n), ok, one.stdout[-2000:] + one.stderr)
    full, part = gen("--enumerate", "--count", "400"), gen("--enumerate", "--from", "150", "--count", "50")
    report("gen enumerate: --from 150 --count 50 is lines 150-199 of the full run",
           body(part.stdout) == body(full.stdout)[150:200] and len(body(part.stdout)) == 50, part.stderr)
    swarm = gen("--seed", "5", "--swarm", "--count", "400").stdout
    batches = [l for l in swarm.splitlines() if l.startswith("; swarm batch")]
    report("gen swarm: one comment per batch of 100 naming what is off", len(batches) == 4 and
           all(" off " in l for l in batches), "\n".join(batches))


def gen_header(tmp):
    """The header names the version, the seed, the weights' digest and the exact command, shell-quoted."""
    r = gen("--seed", "9", "--count", "1")
    first = r.stdout.splitlines()[0] if r.stdout else ""
    ok = first.startswith("; gcnabi gen v") and "seed 9," in first and "weights " in first and \
        first.endswith("command: gcnabi gen --seed 9 --count 1")
    report("gen header names version, seed, weights and command", ok, first)
    r = gen("--enumerate", "--type", "i32 inreg", "--type", "<2 x half>", "--max-args", "2")
    lines = r.stdout.splitlines()
    ok = r.returncode == 0 and lines[0].endswith("command: gcnabi gen --enumerate --type 'i32 inreg' "
                                                 "--type '<2 x half>' --max-args 2") and \
        "2 types x 2 conventions x 3 returns" in lines[1] and lines[1].endswith(": 42 signatures") and \
        len(body(r.stdout)) == 42
    report("gen enumerate header quotes arguments and states the total", ok, r.stdout[:500] + r.stderr)


def gen_weights(tmp):
    """--dump-weights then --weights gives identical output; bad weights and types name what is wrong."""
    dumped = gen("--dump-weights")
    path = os.path.join(tmp, "gen.weights")
    open(path, "w").write(dumped.stdout)
    a, b = gen("--seed", "3", "--count", "300"), gen("--weights", path, "--seed", "3", "--count", "300")
    digest = lambda text: text.split("weights ")[1].split(",")[0] if "weights " in text else None
    report("gen: dumped weights load back to identical output", dumped.returncode == 0 and b.returncode == 0 and
           body(a.stdout) == body(b.stdout) and digest(a.stdout) == digest(b.stdout), b.stderr)
    bad = {
        "not a number": ("max_params = 4\n# comment\npct_inreg = many\n", ":3: error"),
        "unknown weight": ("pct_inreg = 5\npct_nothing = 5\n", ":2: error: unknown weight 'pct_nothing'"),
        "out of range": ("\n\n\n\npct_sret = 100001\n", ":5: error: value out of range"),
        "nothing to generate": ("cc_ccc = 0\ncc_fastcc = 0\ncc_coldcc = 0\ncc_amdgpu_gfx = 0\n",
                                ": error: every convention weight"),
    }
    for name, (text, where) in bad.items():
        path = os.path.join(tmp, "bad.weights")
        open(path, "w").write(text)
        r = gen("--weights", path)
        report("gen: bad weights file (%s) names file:line" % name, r.returncode == 1 and (path + where) in r.stderr
               and not r.stdout, r.stderr)
    for bad_type, why in (("i32x", "'i32x'"), ("<0 x i32>", "'<0 x i32>'"), ("i32, i64", "one parameter"),
                          ("ptr addrspace(5) sret(i32)", "sret")):
        r = gen("--enumerate", "--type", "i32", "--type", bad_type)
        report("gen: bad --type %s names it" % bad_type, r.returncode == 2 and why in r.stderr and
               "error" in r.stderr and not r.stdout, r.stderr)


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


SCRATCH_CPUS = ["gfx900", "gfx1030", "gfx1100", "gfx1200"]


def scratch_prologue_ok(rsrc, wave, body):
    """Whether an entry point's assembly sets scratch up as the model says: the descriptor from where
    scratch_rsrc names it, offset by the wave offset SGPR. Returns None or what is wrong."""
    head = re.split(r"\n\s*(?:buffer|scratch)_(?:store|load)", body, 1)[0]
    uses = re.search(r"(?:buffer|scratch)_(?:store|load)_(?:dword|b32)", body)
    if not uses:
        return "no scratch access in the body"
    if rsrc == "flat":
        bad = re.search(r"SCRATCH_RSRC|s_load_dwordx4|buffer_(?:store|load)", body)
        if bad or not re.search(r"scratch_(?:store|load)", body):
            return "not flat scratch alone: " + (bad.group(0) if bad else "no scratch_ instruction")
        return None
    m = re.match(r"git:s(\d+)\+(\d+)$|ptr:s\[(\d+):\d+\]$|load:s\[(\d+):\d+\]\+(\d+)$|reloc$", rsrc)
    if not m:
        return "unknown scratch_rsrc " + rsrc
    if rsrc.startswith("git:"):
        # The GIT pointer: {s_getpc high, the named SGPR}; the descriptor is loaded from it. A generic
        # target (a CPU llc does not know) prints SMRD offsets in dwords.
        lo, off = int(m.group(1)), int(m.group(2))
        pc = re.search(r"s_getpc_b64 s\[(\d+):(\d+)\]", head)
        ok = pc and re.search(r"s_mov_b32 s%s, s%d\n" % (pc.group(1), lo), head + "\n") and \
            re.search(r"s_load_dwordx4 s\[\d+:\d+\], s\[%s:%s\], (?:%s|%s)\b" % (pc.group(1), pc.group(2), hex(off),
                                                                                hex(off // 4)), head)
        if not ok:
            return "no descriptor load from the GIT pointer in s%d + %d" % (lo, off)
    elif rsrc.startswith("ptr:"):
        if not re.search(r"s_mov_b64 s\[\d+:\d+\], s\[%s:%d\]" % (m.group(3), int(m.group(3)) + 1), head):
            return "the scratch base is not copied from s[%s:...]" % m.group(3)
    elif rsrc.startswith("load:"):
        if not re.search(r"s_load_dwordx2 s\[\d+:\d+\], s\[%s:%d\], %s\b" % (m.group(4), int(m.group(4)) + 1,
                                                                                hex(int(m.group(5)))), head):
            return "the scratch base is not loaded from s[%s:...]" % m.group(4)
    elif "SCRATCH_RSRC_DWORD0" not in head or "SCRATCH_RSRC_DWORD1" not in head:
        return "no SCRATCH_RSRC_DWORD0/1 relocations"
    # The descriptor's base plus the wave offset: s_add_u32 sB, sB, sW, with sW the wave offset SGPR or a
    # copy of it (s_mov_b32 sW, sWAVE).
    add = re.search(r"s_add_u32 s(\d+), s\1, s(\d+)\n", head + "\n")
    via = add and re.search(r"s_mov_b32 s%s, (s\d+)\n" % add.group(2), head + "\n")
    got = "s" + add.group(2) if add else None
    if via:
        got = via.group(1)
    if wave is None or got != wave:
        return "the descriptor base is offset by %s, not the wave offset %s" % (got, wave)
    return None


def scratch_setup(tmp):
    """The scratch setup in the assembly of every installed llc, per triple and CPU (SelectionDAG; the
    prologue is frame lowering, shared by both selectors): each shader that uses scratch gets its
    descriptor where the model's scratch_rsrc says and adds the wave offset SGPR the model names."""
    case = os.path.join(GOLDEN, "shader_scratch.ll")
    headers = [l.split(";")[0].strip() for l in open(case) if l.startswith("declare")]
    for major, llc in installed_llcs():
        profile = profile_of(major)
        for os_name in case_oses(case):
            bad, checked = [], 0
            for cpu in SCRATCH_CPUS:
                sig = os.path.join(tmp, "scratch.sig")
                open(sig, "w").write("\n".join(headers) + "\n")
                placed = [json.loads(l) for l in run([GCNABI, "place", "--json", "--profile", profile, "--mcpu", cpu,
                                                       "--triple", OS_TRIPLES[os_name], sig]).stdout.splitlines()]
                # Void shaders only: a full compile of an integer return of a loaded value fails in
                # llc 14 ("illegal SGPR to VGPR copy", see llc-observed.md).
                ok = {o["name"]: o for o in placed if "error" not in o and o["ret"]["type"] == "void"}
                open(sig, "w").write("\n".join(h for h in headers if h.split("@", 1)[1].split("(")[0] in ok) + "\n")
                ir, asm = os.path.join(tmp, "scratch.ll"), os.path.join(tmp, "scratch.s")
                open(ir, "w").write(run([GCNABI, "emit", "--profile", profile, sig]).stdout)
                r = run(["nice", "-n", "10", llc, "-mtriple=" + OS_TRIPLES[os_name], "-mcpu=" + cpu, ir, "-o", asm])
                if r.returncode:
                    bad.append("%s: llc failed: %s" % (cpu, r.stderr[-300:]))
                    continue
                text = open(asm).read()
                for name, o in ok.items():
                    if "scratch_rsrc" not in o:
                        continue
                    body = re.search(r"\n%s:[^\n]*\n(.*?)\.Lfunc_end" % re.escape(name), text, re.S)
                    why = scratch_prologue_ok(o["scratch_rsrc"], o["system_sgprs"].get("scratch_wave_offset"),
                                              body.group(1) if body else "") if body else "function not found"
                    if why:
                        bad.append("%s %s (%s): %s" % (cpu, name, o["scratch_rsrc"], why))
                    checked += 1
            report("scratch setup in llc %d's assembly for %s: %d shaders as the model says" % (major, os_name,
                                                                                                 checked - len(bad)),
                   not bad, "\n".join(bad[:20]))


def gen_accepted_by_every_llc(tmp):
    """Every generated module is accepted by every installed llc, in both IR dialects (check emits typed
    pointers for llc 14): no llc crash or unexpected refusal (exit bit 16) and no divergence between the model
    and llc or unexplained caller/callee disagreement (bit 8), apart from llc 16's documented call-site bug."""
    weights = os.path.join(tmp, "swarm.weights")
    open(weights, "w").write(gen("--dump-weights").stdout.replace("swarm_batch = 100", "swarm_batch = 25"))
    samples = {
        "default": ["--seed", "20261129", "--count", "150"],
        "swarm": ["--seed", "20261129", "--swarm", "--weights", weights, "--count", "150"],
        "enumerate": ["--enumerate", "--type", "i1", "--type", "i16 signext", "--type", "i32 inreg", "--type",
                      "<3 x half>", "--type", "ptr addrspace(5) byval({ i8, double })", "--type",
                      "ptr addrspace(1) byref([3 x i32]) align 4", "--type", "double", "--type", "<2 x i64> inreg",
                      "--cc", "ccc", "--cc", "fastcc", "--cc", "coldcc", "--cc", "amdgpu_gfx", "--max-args", "3",
                      "--from", "16500", "--count", "150"],
    }
    for mode, args in samples.items():
        sigs = os.path.join(tmp, "gen-%s.ll" % mode)
        r = run([GCNABI, "gen"] + args)
        open(sigs, "w").write(r.stdout)
        for major, llc in installed_llcs():
            out = os.path.join(tmp, "gen-check-%s-%d" % (mode, major))
            # One CPU here: the CPUs' limits are covered by the golden and boundary checks.
            c = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--mcpu", "gfx1030", "--out", out, sigs])
            found, llc16 = unexplained_findings(out, major)
            ok = r.returncode == 0 and status(c, out) & (1 | 2 | 16) == 0 and not found and \
                (c.returncode & 8 == 0 or llc16 > 0)
            name = "gen %s sample accepted by llc %d (%s)" % (mode, major, profile_of(major))
            if llc16:
                name += ", %d caller/callee disagreements of llc 16's own" % llc16
            report(name, ok, c.stdout + c.stderr + "".join(found)[:4000])


def emit_typed_pointers(tmp):
    """gcnabi emit --typed-pointers (the harness's lit tests): the newest
    profile's module with typed pointers, which every installed llc reads;
    for llc 15 and later it places every part as the same module with opaque
    pointers does (gcnabi observe of both MIRs)."""
    sigs = os.path.join(tmp, "typed.ll")
    r = gen("--seed", "20261202", "--count", "40", "--cc", "ccc", "--cc", "amdgpu_gfx")
    # bfloat: llc 14 cannot lower it (bfloat_unsupported); a buffer fat
    # pointer: llvm22's module splits it (buffer_ptr_split), llc 14 and 15
    # cannot select that. The dialect is the point here.
    open(sigs, "w").write("".join(l + "\n" for l in r.stdout.splitlines() if "bfloat" not in l and
                                  "addrspace(7)" not in l))
    for typed in (True, False):
        e = run([GCNABI, "emit", "--caller", "--profile", "llvm22"] + (["--typed-pointers"] if typed else []) + [sigs])
        open(os.path.join(tmp, "typed-%d.ll" % typed), "w").write(e.stdout)
    observed, bad = {}, []
    for major, llc in installed_llcs():
        for typed in (True, False) if major >= 15 else (True,):
            mir = os.path.join(tmp, "typed-%d-%d.mir" % (typed, major))
            c = run([llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1030", "-stop-after=finalize-isel",
                     os.path.join(tmp, "typed-%d.ll" % typed), "-o", mir])
            o = run([GCNABI, "observe", mir]) if c.returncode == 0 else c
            if c.returncode or o.returncode:
                bad.append("llc %d, typed %s: %s" % (major, typed, (c.stderr + o.stderr)[:400]))
            observed[(major, typed)] = o.stdout
    bad += ["llc %d places the typed-pointer module otherwise" % m for (m, t) in observed
            if not t and observed[(m, True)] != observed[(m, False)]]
    report("emit --typed-pointers: every installed llc reads it; 15 and later place it as the opaque-pointer module",
           not bad and len(observed) > 1, "\n".join(bad))


def kernels(tmp):
    """amdgpu_kernel against every installed llc: random kernels (their
    kernarg layout, user SGPRs and preloaded inreg arguments) on a CPU with
    architected flat scratch and the user-SGPR pad (gfx1100), one with
    kernarg preload (gfx942) and one with neither (gfx900), both selectors:
    every function agrees or both refuse (no exit bit 8 or 16)."""
    sigs = os.path.join(tmp, "kernels.ll")
    r = run([GCNABI, "gen", "--weights", os.path.join(ROOT, "cases", "weights", "kernels.weights"),
             "--seed", "20261130", "--count", "40"])
    open(sigs, "w").write(r.stdout)
    for major, llc in installed_llcs():
        out = os.path.join(tmp, "kernels-%d" % major)
        c = run([GCNABI, "check", "--quiet", "--jobs", "1", "--llc", named(major, llc), "--mcpu", "gfx900", "--mcpu", "gfx1100",
                 "--mcpu", "gfx942", "--out", out, sigs])
        detail = c.stdout + c.stderr
        if c.returncode and os.path.exists(os.path.join(out, "details.jsonl")):
            detail += "".join(open(os.path.join(out, "details.jsonl")).readlines()[:5])
        report("kernels: 40 random kernels agree with llc %d (%s) on gfx900/gfx1100/gfx942" % (major, profile_of(major)),
               r.returncode == 0 and c.returncode & (1 | 2 | 8 | 16) == 0, detail)


SECTIONS = [bad_inputs, bad_input_is_an_error, check_outputs, scratch_setup, link_matrix,
            selector_link, explained_at_the_difference, final_code, final_code_refused, final_code_verify,
            link_matrix_chain_and_shader,
            call_graphs, graph_bisection, chain_graphs, subdword_inreg_finding, byval_fatptr_finding, explained_by_hidden_switch,
            undef_args_through_pointers, many_outgoing_parts, byval_own_type, indirect_byval_forwarded, indirect_no_inputs,
            ps_unused_i1_past_slot_15, old_targets, divergent_inreg_calls, frame_bodies, pressure_calls,
            tail_calls, musttail_calls, branch_bodies, bfloat_returns_llc14, ab_compilers, ab_layouts, version_without_profile,
            machine_verifier, kernel_graphs, shader_passthrough, whole_wave, gen_replay, gen_header, gen_weights,
            emit_typed_pointers, shrink_candidates]
# Sections that check each installed llc on its own: each llc's part is a
# test of its own (GCNABI_TEST_LLCS), so that the workers share them out.
PER_LLC = [check_every_llc, boundary_every_llc, boundary_entry_every_llc, gen_accepted_by_every_llc, contract_confirmed,
           kernels]
# Over half a minute alone: run first, and left out of make test-quick.
SLOW = {old_targets, final_code, call_graphs, chain_graphs, whole_wave} | set(PER_LLC)


def sections(fns):
    return [pytest.param(f, id=f.__name__, marks=[pytest.mark.slow] if f in SLOW else []) for f in fns]


@pytest.mark.parametrize("section", sections(SECTIONS))
def test(section, tmp):
    section(tmp)


@pytest.mark.parametrize("major", [m for m, _ in installed_llcs()], ids=lambda m: "llc%d" % m)
@pytest.mark.parametrize("section", sections(PER_LLC))
def test_per_llc(section, major, tmp, monkeypatch):
    monkeypatch.setenv("GCNABI_TEST_LLCS", str(major))
    section(tmp)
