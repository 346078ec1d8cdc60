#!/usr/bin/env python3
"""Body features and the findings they led to, against every llc:
lane-varying inreg arguments, frames, pressure, branches, tail and
musttail calls, byval forwarding, calls through pointers, whole-wave
functions. One pytest test per section
(`pytest tests/test_bodies.py -k NAME`)."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, GOLDEN, ROOT, TRIPLE, installed_llcs, run  # noqa: E402
from soft import needs_llcs, report  # noqa: E402
from check_common import SAN_ENV, body, check_with_every_llc, check_with_llc19_up, every_llc_agrees, named, section_test, sibling_calls_agree, status  # noqa: E402


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


FINAL_BODY_SIGS = """declare amdgpu_gfx void @odd(<4 x i17>, <16 x i52>, half inreg, <3 x i16>, i8 inreg, [2 x i16] inreg)
declare amdgpu_gfx <3 x i16> @oddret(i32 inreg, half)
declare [115 x i56] @bigret(i32)
"""


def final_bodies(tmp):
    """The body check --final-code compiles (gcnabi emit --final-body):
    llc 22 GlobalISel cannot legalize the plain body's store of <4 x i17>
    or compile its callers' loads (a scalar 16-bit load of [2 x i16]); with
    the values kept zero-extended to whole words in memory, member by member
    in an aggregate, it compiles the same signatures, and SelectionDAG
    keeps the plain stores. The return value is loaded, and a call's result
    stored, without volatile (the [115 x i56] return)."""
    llcs = dict(installed_llcs())
    sigs = os.path.join(tmp, "final_body.ll")
    open(sigs, "w").write(FINAL_BODY_SIGS)
    gisel = run([GCNABI_SAN, "emit", "--caller", "--final-body", "--selector", "gisel", sigs], env=SAN_ENV).stdout
    dag = run([GCNABI_SAN, "emit", "--caller", "--final-body", sigs], env=SAN_ENV).stdout
    plain = run([GCNABI_SAN, "emit", "--caller", sigs], env=SAN_ENV).stdout
    report("final_bodies: GlobalISel's body widens the odd values, SelectionDAG's does not",
           "zext <4 x i17> %0 to <4 x i32>" in gisel and "trunc <16 x i64> %gcnabi.o1.w to <16 x i52>" in gisel
           and "bitcast half %2 to i16" in gisel and "insertvalue [2 x i32] %gcnabi.m5.a0, i32 %gcnabi.m5.1.c, 1" in gisel
           and "zext" not in dag and "store volatile <4 x i17>" in dag,
           gisel[:1500] + dag[:500])
    report("final_bodies: the return loaded and the result stored without volatile, only in the final body",
           "%gcnabi.r = load [115 x i56]" in dag and "store [115 x i56] %gcnabi.r," in dag
           and "load volatile [115 x i56]" in plain and "store volatile [115 x i56]" in plain, dag[-1500:])
    if 22 not in llcs:
        return
    outs = {}
    for name, text in (("plain", plain), ("gisel", gisel)):
        ir = os.path.join(tmp, "final_body_%s.ll" % name)
        open(ir, "w").write(text)
        outs[name] = run(["nice", "-n", "10", llcs[22], "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1100", "-global-isel",
                          "-verify-machineinstrs", ir, "-o", os.devnull])
    report("final_bodies: llc 22 GlobalISel refuses the plain body and compiles the final one",
           outs["plain"].returncode != 0 and "unable to legalize" in outs["plain"].stderr and outs["gisel"].returncode == 0,
           outs["plain"].stderr[-800:] + outs["gisel"].stderr[-800:])


SECTIONS = [subdword_inreg_finding, byval_fatptr_finding, explained_by_hidden_switch, undef_args_through_pointers, many_outgoing_parts, byval_own_type, indirect_byval_forwarded, indirect_no_inputs, ps_unused_i1_past_slot_15, divergent_inreg_calls, frame_bodies, pressure_calls, tail_calls, musttail_calls, branch_bodies, bfloat_returns_llc14, final_bodies, whole_wave]
# Over half a minute alone: run first, and left out of make test-quick.
SLOW = [whole_wave]
test = section_test(SECTIONS, SLOW)
