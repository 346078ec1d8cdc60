"""gcnabi-run selftest: plants two deliberate errors and fails unless a run
detects each one and minimizes it to a verified lit test.
(a) a changed rule in a copy of a profile (gcnabi check --switch), so the
    model is wrong: a model-vs-llc finding;
(b) a wrapper around the real llc that rewrites one register ($vgpr1 ->
    $vgpr29) in its MIR, so the compiler is wrong: the lit test must fail
    with the wrapper and pass with the real llc."""
import os
import shutil
import tempfile

from . import compilers as C
from . import vocab as V
from .common import EXIT_DIVERGED, read_jsonl, write_text

SIGS = """; gcnabi-run selftest signatures
declare void @t0(i32 inreg, i32 inreg, i32)
declare void @t1(<4 x i32>, i64, i32 inreg)
declare amdgpu_gfx void @t2(i32 inreg, float, <2 x i32>)
declare void @t3(float, float, float, { i32, [3 x half] })
declare amdgpu_gfx <2 x float> @t4(i64 inreg, double, i16)
"""

WRAPPER = r'''#!/usr/bin/env python3
# gcnabi-run selftest: the real llc, with $vgpr1 rewritten to $vgpr29 in its MIR.
import os, re, subprocess, sys
REAL = %r
args = sys.argv[1:]
if "-o" not in args:
    os.execv(REAL, [REAL] + args)
out = args[args.index("-o") + 1]
bad = lambda b: re.sub(rb"\$vgpr1\b", b"$vgpr29", b)
if out == "-":
    r = subprocess.run([REAL] + args, stdout=subprocess.PIPE)
    sys.stdout.buffer.write(bad(r.stdout))
    sys.exit(r.returncode)
r = subprocess.run([REAL] + args)
if r.returncode == 0 and os.path.exists(out):
    data = open(out, "rb").read()
    open(out, "wb").write(bad(data))
sys.exit(r.returncode)
'''


def planted_switch(profile):
    """A switch whose change moves inreg arguments under this profile."""
    on = V.profile_switches(profile)
    if "queue_ptr_cov5_hole" in on:
        return "queue_ptr_cov5_hole=off"
    if "func_inreg_sgpr" in on:
        return "queue_ptr_cov5_hole=on"
    return "func_inreg_sgpr=on"


def check_run(name, out, want_axes):
    ok, lines = False, []
    for r in read_jsonl(os.path.join(out, "results.jsonl")):
        if r.get("type") == "cause" and r["status"] == "new" and r["axis"] in want_axes:
            lit = r.get("lit") or {}
            good = bool(r.get("minimized")) and str(lit.get("status", "")).startswith("verified")
            lines.append("  %s %s: minimized to `%s`; lit %s: %s" % (
                "ok  " if good else "BAD ", r["axis"], r.get("minimized"), lit.get("path"), lit.get("verdict", lit.get("why"))))
            ok = ok or good
    print("[%s] selftest %s" % ("PASS" if ok else "FAIL", name))
    for l in lines:
        print(l)
    if not lines:
        print("  no new %s finding was reported (see %s/summary.md)" % (" or ".join(want_axes), out))
    return ok


def selftest(args):
    from .cli import main
    base = C.discover()[-1]
    tmp = tempfile.mkdtemp(prefix="gcnabi-selftest-")
    sigs = os.path.join(tmp, "sigs.ll")
    write_text(sigs, SIGS)
    common = ["--mcpu", V.default_cpus("place")[0], "--selector", "dag", "--count", "0", "--seed", "1", "--jobs", "2"]
    results = []
    # (a) the model is wrong
    sw = planted_switch(base["profile"])
    out_a = os.path.join(tmp, "a-profile")
    print("selftest (a): %s with --switch %s (a changed rule in a copy of profile %s)" % (base["path"], sw, base["profile"]))
    st = main(["run", "--llc", base["path"], "--switch", sw, "--out", out_a] + common + [sigs])
    results.append(check_run("(a) changed profile rule", out_a, ["model-vs-llc", "model-vs-llc-caller"]) and st & EXIT_DIVERGED)
    # (b) the compiler is wrong
    wrap_dir = os.path.join(tmp, "wrap")
    os.makedirs(wrap_dir)
    wrapper = os.path.join(wrap_dir, "llc")
    write_text(wrapper, WRAPPER % base["path"])
    os.chmod(wrapper, 0o755)
    out_b = os.path.join(tmp, "b-wrapper")
    print("selftest (b): %s, a wrapper around %s that rewrites $vgpr1 to $vgpr29 in the MIR" % (wrapper, base["path"]))
    st = main(["run", "--llc", wrapper, "--out", out_b] + common + [sigs])
    results.append(check_run("(b) llc wrapper rewriting a register", out_b,
                             ["model-vs-llc", "model-vs-llc-caller"]) and st & EXIT_DIVERGED)
    if args.keep or not all(results):
        print("selftest runs kept in %s" % tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    ok = all(results)
    print("selftest: %d/2 planted errors found and minimized to verified lit tests" % sum(1 for r in results if r))
    return 0 if ok else 1
