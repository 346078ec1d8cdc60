#!/usr/bin/env python3
"""check-asm on frames in llc's final code: SP after a dynamic alloca
followed as a symbol (its unit, alignment, the objects below the callee's
SP, mutants), and the frame pointer shifted in place to address a frame
object (llc 14). One pytest test per section
(`pytest tests/test_final_frames.py -k NAME`)."""
import json
import re
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, ROOT, TRIPLE, installed_llcs, run  # noqa: E402
from soft import needs_llcs, report  # noqa: E402
from check_common import SAN_ENV, section_test  # noqa: E402


def final_code_dynamic_alloca(tmp, llcs):
    """SP after a dynamic alloca is a symbol the checker follows
    (tests/fixtures/final/dynamic_alloca.ll): llc 22, gfx900 and gfx1100,
    both selectors, proves every function (divergent and uniform sizes,
    default and amdgpu_gfx, a realigned frame, an over-aligned object,
    stack arguments past the alloca, checked: one left unwritten on gfx1100
    is violated), and every mutant of them is caught, the dynamic-alloca
    operators applied (unscale_dyn_alloca where SP counts bytes per wave,
    gfx900). Every older llc's code that compiles is violated: GlobalISel
    never moves SP (@gfx) and places the object at SP plus its size
    (@constsize too), SelectionDAG places a constant-size object at the
    callee's SP (@constsize)."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "dynamic_alloca.ll")
    text = open(src).read()
    funcs = {m.group(2): m.group(1) for m in re.finditer(r"(define [^@]*@(\w+)\(.*?\n}\n)", text, re.S)}
    decls = "\n".join(l for l in text.splitlines() if l.startswith("declare") or l.startswith("@")) + "\n"

    def check(major, cpu, sel, mod, asm, mutants=False):
        c = run([llcs[major], "-mtriple=" + TRIPLE, "-mcpu=" + cpu, "-enable-ipra=0", "-global-isel=%d" % sel] +
                (["-opaque-pointers"] if major == 14 else []) + [mod, "-o", asm])
        args = ["--json", "--sigs", mod, "--profile", "llvm%d" % major, "--mcpu", cpu, asm]
        r = run([GCNABI, "check-asm"] + (["--mutants"] if mutants else []) + args) if c.returncode == 0 else None
        return c, r, [json.loads(l) for l in r.stdout.splitlines()] if r else []

    if 22 in llcs:
        for cpu in ("gfx900", "gfx1100"):
            for sel in (0, 1):
                asm = os.path.join(tmp, "dynalloca-%s-%d.s" % (cpu, sel))
                c, r, got = check(22, cpu, sel, src, asm)
                verdicts = {g["name"]: g["verdict"] for g in got}
                stack = [g for g in got if g["name"] == "stackargs"]
                _, m, muts = check(22, cpu, sel, src, asm, mutants=True)
                ops = {x["mutant"] for x in muts}
                dropped = {x["name"] for x in muts if x["mutant"] == "drop_dyn_alloca_bump"}
                report("final code, llc 22 %s %s: every function with a dynamic alloca proven (its stack arguments "
                       "checked), its %d mutants caught, unscale_dyn_alloca %s and drop_dyn_alloca_bump applied" % (
                           cpu, ("SelectionDAG", "GlobalISel")[sel], len(muts),
                           "(bytes per wave)" if cpu == "gfx900" else "not (flat scratch: bytes per lane)"),
                       c.returncode == 0 and r.returncode == 0 and set(verdicts) == set(funcs) and
                       set(verdicts.values()) == {"proven"} and stack and stack[0]["checked_args"] >= 2 and
                       m.returncode == 0 and all(x["caught"] for x in muts) and
                       ("unscale_dyn_alloca" in ops) == (cpu == "gfx900") and
                       # (no drop_dyn_alloca_bump in an entry point: its
                       # stack addresses are constants)
                       dropped == set(funcs) - {"constsize", "kern"},
                       "llc exit %d %s\n%s\n%s" % (c.returncode, c.stderr[-300:], verdicts,
                                                   [x for x in muts if not x["caught"]][:4]))
                if cpu != "gfx1100" or sel:
                    continue
                # a stack argument past the alloca left unwritten: its
                # address register moved off the slot the callee reads
                body = open(asm).read()
                fn = body[body.index("stackargs:"):]
                at = re.search(r"s_add_i32 (s\d+), s32, 4\n", fn)
                bad = os.path.join(tmp, "dynalloca-unwritten.s")
                if at:
                    open(bad, "w").write(body.replace(fn, fn.replace(at.group(0), "s_add_i32 %s, s32, 12\n" % at.group(1),
                                                                     1)))
                got = {g["name"]: g for g in map(json.loads, run(
                    [GCNABI, "check-asm", "--json", "--sigs", src, "--mcpu", cpu, bad]).stdout.splitlines())} if at else {}
                why = got.get("stackargs", {}).get("why", "")
                report("final code, llc 22 gfx1100: a stack argument past a dynamic alloca left unwritten is violated",
                       at and got["stackargs"]["verdict"] == "violated" and "the callee reads stack+4" in why,
                       "%s %s" % (bool(at), why))
    # older llcs: the functions they compile, one module each
    for major in sorted(v for v in llcs if v < 22):
        for name, sel, rule in (("constsize", 0, "a stack object at or above the SP"),
                                ("constsize", 1, "a stack object at or above the SP"),
                                ("gfx", 1, "is not below the SP the callee gets")):
            mod = os.path.join(tmp, "dynalloca-%s.ll" % name)
            open(mod, "w").write(decls + funcs[name])
            c, r, got = check(major, "gfx900", sel, mod, os.path.join(tmp, "dynalloca-%s-%d-%d.s" % (name, major, sel)))
            report("final code, llc %d gfx900 %s: @%s's dynamic alloca violated (%s)" % (
                major, ("SelectionDAG", "GlobalISel")[sel], name, rule),
                c.returncode == 0 and len(got) == 1 and got[0]["verdict"] == "violated" and rule in got[0]["why"],
                "llc exit %d %s\n%s" % (c.returncode, c.stderr[-300:], got))


def final_code_frame_pointer_shifted(tmp, llcs):
    """llc 14 (gfx701) addresses a frame object by shifting the frame
    pointer s33 in place and back (tests/fixtures/final/
    frame_pointer_shifted.ll): the caller's reload of v41 from its save
    slot goes through an address check-asm does not follow, so its verdict
    is unknown with that reason, never violated; the callee is proven."""
    if 14 not in llcs:
        needs_llcs("frame pointer shifted: needs llc 14", "installed: %s" % sorted(llcs))
        return
    sig = os.path.join(ROOT, "tests", "fixtures", "final", "frame_pointer_shifted.ll")
    mod, asm = os.path.join(tmp, "fps.ll"), os.path.join(tmp, "fps.s")
    with open(mod, "w") as f:
        subprocess.run([GCNABI, "emit", "--caller", "--final-body", "--profile", "llvm14", "--mcpu", "gfx701", sig],
                       stdout=f, check=True)
    c = run([llcs[14], "-mtriple=" + TRIPLE, "-mcpu=gfx701", "-enable-ipra=0", "-amdgpu-s-branch-bits=6", mod, "-o", asm])
    text = open(asm).read() if c.returncode == 0 else ""
    r = run([GCNABI_SAN, "check-asm", "--json", "--sigs", mod, "--profile", "llvm14", "--mcpu", "gfx701", asm], env=SAN_ENV)
    got = {f["name"]: f for f in map(json.loads, r.stdout.splitlines())} if text else {}
    caller = got.get("gcnabi.0.caller", {})
    report("final code, llc 14 gfx701: the frame pointer shifted in place (s_lshr_b32 s33, s33, 6 ... s_lshl_b32 s33, "
           "s33, 6); the caller's reload of v41 through it is unknown, not violated; the callee proven",
           "s_lshr_b32 s33, s33, 6" in text and "s_lshl_b32 s33, s33, 6" in text and
           got.get("f16", {}).get("verdict") == "proven" and caller.get("verdict") == "unknown" and
           caller.get("why", "").startswith("at the return v41 holds a value reloaded from the stack"),
           c.stderr[-500:] + r.stdout[-1500:] + r.stderr[-500:])


def final_frames(tmp):
    llcs = dict(installed_llcs())
    final_code_dynamic_alloca(tmp, llcs)
    final_code_frame_pointer_shifted(tmp, llcs)


SECTIONS = [final_frames]
SLOW = []
test = section_test(SECTIONS, SLOW)
