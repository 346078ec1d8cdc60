#!/usr/bin/env python3
"""The second half of `make test` (the first is the cmocka unit tests):
golden corpus, bad-input handling, and gcnabi check against every llc
installed here. Prints [PASS]/[FAIL] per test and 'N passed, M failed'."""
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import (GCNABI, GCNABI_SAN, GOLDEN, ROOT, installed_llcs, parse_expectation_name, profile_of,
                          run)

results = []
SAN_ENV = dict(os.environ, ASAN_OPTIONS="exitcode=99:detect_leaks=1", UBSAN_OPTIONS="halt_on_error=1:exitcode=99")


def report(name, ok, detail=""):
    results.append(ok)
    print("[%s] %s%s" % ("PASS" if ok else "FAIL", name, "" if ok or not detail else "\n" + detail), flush=True)


def strip_comments(path, dst):
    with open(path) as f, open(dst, "w") as out:
        out.writelines(l for l in f if not l.startswith("#"))


def golden(tmp):
    """The model reproduces every recorded llc placement (callee and caller)."""
    files = sorted(glob.glob(os.path.join(GOLDEN, "expect", "*.jsonl")))
    if not files:
        report("golden: expectation files present", False, "cases/golden/expect is empty")
    for path in files:
        case, profile, cpu, sel, view = parse_expectation_name(path)
        model = os.path.join(tmp, "model.jsonl")
        expected = os.path.join(tmp, "expected.jsonl")
        cmd = [GCNABI_SAN, "place", "--json", "--profile", profile, "--mcpu", cpu, "--selector", sel]
        if view == "caller":
            cmd.append("--caller")
        r = run(cmd + [os.path.join(GOLDEN, case + ".ll")], env=SAN_ENV)
        if r.returncode != 0:
            report("golden %s" % os.path.basename(path), False, r.stderr)
            continue
        open(model, "w").write(r.stdout)
        strip_comments(path, expected)
        d = run([GCNABI, "diff", "--labels", "model,llc", model, expected])
        report("golden %s" % os.path.basename(path), d.returncode == 0, d.stdout[-3000:] + d.stderr)


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


def check_every_llc(tmp):
    """gcnabi check on the golden cases against each installed llc: no unexplained divergence."""
    llcs = installed_llcs()
    if not llcs:
        report("check: at least one llc installed", False, "run `make deps`")
    for major, llc in llcs:
        for case in sorted(glob.glob(os.path.join(GOLDEN, "*.ll"))):
            out = os.path.join(tmp, "check-%d" % major)
            r = run([GCNABI, "check", "--quiet", "--llc", llc, "--out", out, case])
            ok = r.returncode & (1 | 2 | 8 | 16) == 0
            detail = r.stdout + r.stderr
            if not ok and os.path.exists(os.path.join(out, "details.jsonl")):
                detail += "".join(open(os.path.join(out, "details.jsonl")).readlines()[:5])
            report("check %s against llc %d (%s)" % (os.path.basename(case), major, profile_of(major)), ok, detail)


def link_matrix(tmp):
    """The cross-version matrix: an inreg argument of the default convention
    is in a VGPR for llc 14-16's caller and in an SGPR for a 19/22 callee;
    the model predicts it (exit bit 4, not 8), amdgpu_gfx agrees."""
    llcs = installed_llcs()
    old = [l for l in llcs if l[0] <= 16]
    new = [l for l in llcs if l[0] >= 19]
    if not old or not new:
        report("link matrix: needs an llc <= 16 and one >= 19", False, "installed: %s" % llcs)
        return
    sigs = os.path.join(tmp, "link.ll")
    open(sigs, "w").write("declare void @f(i32 inreg, i32)\ndeclare amdgpu_gfx void @g(i32 inreg, i32)\n")
    out = os.path.join(tmp, "link")
    (vo, lo), (vn, ln) = old[0], new[-1]
    r = run([GCNABI, "check", "--quiet", "--llc", lo, "--llc", ln, "--mcpu", "gfx1030", "--selector", "dag",
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
    graphs = os.path.join(tmp, "graphs.ll")
    with open(graphs, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--seed", "29", "--count", "12"], stdout=f, check=True)
    for major, llc in installed_llcs():
        out = os.path.join(tmp, "graphs-%d" % major)
        r = run([GCNABI, "check", "--quiet", "--llc", llc, "--out", out, graphs])
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))] if os.path.exists(
            os.path.join(out, "details.jsonl")) else []
        unobserved = [d for d in details if d["kind"].startswith("unobserved") or d["kind"] == "llc-refused-graph"]
        sites = [d for d in details if d["kind"] == "caller-vs-callee" and d.get("call_site")]
        ok = r.returncode & (1 | 2 | 16) == 0 and not unobserved and (major < 19 or bool(sites))
        report("call graphs compiled and observed by llc %d%s" % (major, ", disagreement at call sites" if major >= 19
                                                                  else ""), ok,
               r.stdout + r.stderr + "".join(json.dumps(d) + "\n" for d in unobserved[:3]))


def main():
    for binary in (GCNABI, GCNABI_SAN):
        if not os.access(binary, os.X_OK):
            sys.exit("%s is missing: run make" % binary)
    with tempfile.TemporaryDirectory() as tmp:
        golden(tmp)
        bad_inputs(tmp)
        check_every_llc(tmp)
        link_matrix(tmp)
        call_graphs(tmp)
    passed = sum(results)
    print("%d passed, %d failed" % (passed, len(results) - passed))
    sys.exit(0 if passed == len(results) and results else 1)


if __name__ == "__main__":
    main()
