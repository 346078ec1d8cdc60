#!/usr/bin/env python3
"""Record the golden expectations in cases/golden/expect/ from real llc.

For each case file, installed llc, CPU and selector: emit the IR with a
caller for every function, run llc, observe its MIR, and write what llc did
as two JSON-lines files (callee view, caller view). A function llc refuses is
recorded as {"name":...,"error":"llc: <first error line>"}. Every file starts
with '#' lines naming the exact commands, and lit RUN lines that compare
the model with it (lit.cfg.py). Usage:
    tests/record_golden.py [--llc MAJOR ...] [--jobs N] [CASE ...]
A case file's "; cpus: ..." line replaces the default CPUs for it."""
import argparse
import concurrent.futures
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import (CPUS, GCNABI, GOLDEN, OS_TRIPLES, SELECTORS, case_oses, default_wave, expectation_name, golden_run_lines, installed_llcs,
                          llc_command, profile_of, run)


def first_error(stderr):
    lines = stderr.splitlines()
    # The IR verifier says what it refuses first, then llc "input module cannot be verified".
    if lines and any("input module cannot be verified" in line for line in lines):
        return lines[0].strip()[:240]
    for line in lines:
        if "error" in line.lower() or "Assertion" in line:
            return line.strip()[:240]
    return (stderr.strip().splitlines() or ["llc failed"])[0][:240]


def observe(llc, cpu, sel, ir_path, mir_path, kernel=False, triple=OS_TRIPLES["amdpal"]):
    """Run llc on ir_path and observe; returns (json objects, None) or (None, error line)."""
    r = run(llc_command(llc, cpu, sel, ir_path, mir_path, kernel, triple))
    if r.returncode != 0:
        return None, first_error(r.stderr)
    o = run([GCNABI, "observe", "--json", mir_path])
    if o.returncode not in (0, 1) or not o.stdout.strip():
        sys.exit("observe failed on %s: %s" % (mir_path, o.stderr))
    return [json.loads(l) for l in o.stdout.splitlines() if l.strip()], None


def headers_of(case_path):
    """Each declare line of the case file, in order, with its function name."""
    out = []
    for line in open(case_path):
        line = line.split(";")[0].strip()
        if line.startswith("declare") or line.startswith("define"):
            name = line.split("@", 1)[1].split("(", 1)[0]
            out.append((name, line))
    return out


def case_cpus(case_path):
    """The CPUs of a case: its "; cpus: ..." line, else the default set."""
    for line in open(case_path):
        if line.startswith("; cpus:"):
            return line.split(":", 1)[1].split()
    return CPUS


def record(case_path, major, llc, cpu, sel, os_name, tmp):
    profile = profile_of(major)
    triple = OS_TRIPLES[os_name]
    case = os.path.splitext(os.path.basename(case_path))[0]
    callee, caller = {}, {}
    headers = headers_of(case_path)
    # A case of kernels is compiled to amdhsa assembly (HSA metadata).
    kernel = all(" amdgpu_kernel " in h for _, h in headers)
    if not kernel and any(" amdgpu_kernel " in h for _, h in headers):
        sys.exit("%s: kernels go in a case file of their own" % case_path)
    wave = default_wave(cpu)  # the CPU's default: chain calls pass EXEC at that width

    def run_module(sig_text, tag, callers=True):
        src = os.path.join(tmp, tag + ".sig")
        ir = os.path.join(tmp, tag + ".ll")
        mir = os.path.join(tmp, tag + ".mir")
        open(src, "w").write(sig_text)
        e = run([GCNABI, "emit", "--profile", profile, "--wave", wave, "--selector", sel, "--mcpu", cpu] +
                (["--caller"] if callers else []) + [src])
        if e.returncode != 0:
            sys.exit("emit failed: " + e.stderr)
        open(ir, "w").write(e.stdout)
        return observe(llc, cpu, sel, ir, mir, kernel, triple)

    # llc stops at the first function it cannot lower: the functions the
    # model expects it to refuse (in either view) go one by one, the rest in
    # one module (and one by one too if that module fails after all).
    def expected_ok(view_flags):
        src = os.path.join(tmp, "plan.sig")
        open(src, "w").write("\n".join(h for _, h in headers) + "\n")
        r = run([GCNABI, "place", "--json", "--profile", profile, "--mcpu", cpu, "--selector", sel, "--triple", triple] +
                view_flags + [src])
        return {o["name"] for o in map(json.loads, r.stdout.splitlines()) if "error" not in o}
    ok = expected_ok([]) & expected_ok(["--caller"])
    batch = [(n, h) for n, h in headers if n in ok]
    single = [(n, h) for n, h in headers if n not in ok]
    objs, err = run_module("\n".join(h for _, h in batch) + "\n", "all") if batch else ([], None)
    if objs is None:
        objs, single = [], headers
    if single:
        for name, h in single:
            one, err = run_module(h + "\n", "one")
            if one is None:  # the call may be what llc refuses: try the callee alone
                caller[name] = {"name": name, "error": "llc: " + err}
                one, err = run_module(h + "\n", "one", callers=False)
            if one is None:
                callee[name] = {"name": name, "error": "llc: " + err}
                continue
            objs += one
    for o in objs:
        if o["name"].startswith("gcnabi.") and o["name"].endswith(".caller"):
            calls = o.get("calls") or []
            if "error" in o or not calls:
                continue
            c = dict(calls[0])
            c["name"] = c.pop("callee")
            caller[c["name"]] = c
        else:
            callee[o["name"]] = o
    cmd = "gcnabi emit --profile %s --wave %s --selector %s --mcpu %s --caller cases/golden/%s.ll > t.ll && %s && " \
          "gcnabi observe --json %s" % (profile, wave, sel, cpu, case, " ".join(llc_command(llc, cpu, sel, "t.ll", "t.s" if kernel else "t.mir", kernel, triple)),
        "t.s" if kernel else "t.mir")
    version = run([llc, "--version"]).stdout
    version = next((l.strip() for l in version.splitlines() if "LLVM version" in l), "?")
    # Types are the signature's, not llc's: from LLVM 19 on, llc's own IR
    # spells ptr addrspace(7) as { ptr addrspace(8), i32 }.
    for o in list(callee.values()) + list(caller.values()):
        for a in o.get("args", []):
            a.pop("type", None)
        o.get("ret", {}).pop("type", None)
    # Entry points (shaders, kernels) have no call sites (gcnabi emit
    # --caller writes none): a case of nothing else has no caller view.
    views = (("callee", callee), ("caller", caller)) if caller else (("callee", callee),)
    for view, table in views:
        path = expectation_name(case, profile, cpu, sel, view, os_name)
        with open(path, "w") as f:
            f.write("# recorded from real llc (%s) by tests/record_golden.py\n" % version)
            f.write("# recorded with: %s\n" % cmd)
            f.write("# view: %s; functions llc refused carry \"error\"\n" % view)
            f.write(golden_run_lines(case, profile, cpu, sel, view, os_name, kernel))
            for name, _ in headers:
                if name in table:
                    f.write(json.dumps(table[name], separators=(",", ":")) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--llc", type=int, action="append", help="only this llc major (repeatable)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="recordings at once (default: the cores)")
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args()
    cases = args.cases or [os.path.join(GOLDEN, c) for c in sorted(os.listdir(GOLDEN)) if c.endswith(".ll")]
    os.makedirs(os.path.join(GOLDEN, "expect"), exist_ok=True)
    jobs = [(case, major, llc, cpu, sel, os_name) for major, llc in installed_llcs() if not args.llc or major in args.llc
            for case in cases for os_name in case_oses(case) for cpu in case_cpus(case) for sel in SELECTORS]

    def one(job):
        with tempfile.TemporaryDirectory() as tmp:
            record(*job, tmp)
        print("recorded", os.path.basename(job[0]), *job[1:2], *job[3:], flush=True)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(one, jobs))


if __name__ == "__main__":
    main()
