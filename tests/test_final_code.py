#!/usr/bin/env python3
"""check --final-code against every llc: the contract in llc's final code
(its pieces, refusals and the verifier's: test_final_pieces.py). One pytest test per section
(`pytest tests/test_final_code.py -k NAME`)."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, ROOT, TRIPLE, installed_llcs, profile_of, run  # noqa: E402
from soft import report  # noqa: E402
from check_common import SAN_ENV, named, section_test  # noqa: E402


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
    """llc goes on after some errors (an illegal copy), names several
    functions in one run and writes the others' final code all the same:
    each one it names is compiled alone once, the others are checked from
    that run. tests/fixtures/final/illegal_copies.ll with llc 19 on gfx600,
    --jobs 1 (two pieces of five): the callers of f0, f3, f4 (first piece:
    f0 f1 f3 f4 f2), f8 and f9 (second: f8 f9 f5 f6 f7) fail. Each is a
    final-code-refused finding of its own (llc names gcnabi.N.caller, N
    the position in the file), the other five signatures' callee and
    caller have final code; the final code runs 2 + 5 times ([f0] [f3]
    [f4], [f8] [f9]), where compiling each run of functions between them
    again ran it 2 + 5 + 3 times, and splitting around the first named
    function alone 2 + 6 + 3 times. llc runs through a shim that logs its
    command line and executes it."""
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
    # (not counting the one run on an empty module that tells an llc failing
    # on everything, the machine's, from one failing on these functions)
    final_runs = sum(1 for l in runs if "-enable-ipra=0" in l and "/probe.ll" not in l)
    report("check --final-code, llc 19 gfx600, illegal_copies.ll: the five callers llc names in one run are one "
           "final-code-refused finding each, and the final code runs 7 times (each named function alone once, "
           "the others checked from the run that named them)",
           set(refused) == {"f0", "f3", "f4", "f8", "f9"} and
           all(refused[k] == "error: <unknown>:0:0: in function gcnabi.%d.caller: illegal VGPR to SGPR copy" % at
               for k, at in (("f0", 0), ("f3", 2), ("f4", 3), ("f8", 5), ("f9", 6))) and
           fc.get("not_compiled") == 5 and fc.get("refused") == 5 and
           fc.get("proven", 0) + fc.get("violated", 0) == 10 and final_runs == 7,
           "exit %d, %d final-code runs, final code %s, refused %s\n%s" % (r.returncode, final_runs, fc, refused,
                                                                          r.stderr[-800:]))


def final_code_long_back_edge(tmp, llcs):
    """A loop's long back edge through the saved return-address pair is a
    long branch, not #224205's return into the loop: llc 14 on gfx600 takes
    s[30:31] for it in @g1.n1 and @g1.n3 of
    tests/fixtures/final/long_back_edge.ll and restores the pair before
    returning. check-asm proves every function there with llc 14, 15 and 16
    (before, it called the second jump through the pair a violation) but
    @g1.n1, whose call through @gcnabi.9.fptr (a buffer load of that global
    on gfx600) reaches @g1.n3 and its amdgpu_gfx byval slot that overlaps
    the next argument (every llc; `check --final-code` explains it)."""
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
        byval = [g for g in got if g["name"] == "g1.n1"]
        report("final code, llc %d gfx600: a loop's long back edge through the saved s[30:31] is a branch: 4 "
               "functions proven, @g1.n1's call through a pointer loaded from a global violates only the byval "
               "overlap" % major,
               c.returncode == 0 and r.returncode == 8 and len(got) == 5 and
               all(g["verdict"] == "proven" for g in got if g["name"] != "g1.n1") and
               byval and byval[0]["verdict"] == "violated" and
               "call of @g1.n3: the callee's stack slots" in byval[0]["why"] and
               "overlap: one argument overwrites the other" in byval[0]["why"] and (major != 14 or own > 5),
               "llc exit %d, s_setpc_b64 s[30:31] x%d\n%s%s" % (c.returncode, own, r.stdout[-1500:], c.stderr[-500:]))


def asm_variants(tmp, llc, name, cpu, edits):
    """tests/fixtures/final/NAME.ll compiled by llc for cpu, and check-asm
    --json of its assembly and of each edit of it ({label: text -> text}):
    (llc's result, the assembly, {label: {function: (verdict, why)}}), the
    assembly as compiled under "as compiled"."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", name + ".ll")
    asm = os.path.join(tmp, name + ".s")
    c = run([llc, "-mtriple=" + TRIPLE, "-mcpu=" + cpu, "-enable-ipra=0", src, "-o", asm])
    text = open(asm).read() if c.returncode == 0 else ""
    got = {}
    for k, (label, edit) in enumerate([("as compiled", lambda t: t)] + sorted(edits.items())):
        path = os.path.join(tmp, "%s-%d.s" % (name, k))
        open(path, "w").write(edit(text))
        r = run([GCNABI, "check-asm", "--json", "--sigs", src, "--mcpu", cpu, path])
        got[label] = {g["name"]: (g["verdict"], g["why"]) for g in map(json.loads, r.stdout.splitlines())}
    return c, text, got


def final_code_whole_wave_lanes(tmp, llcs):
    """amdgpu_gfx_whole_wave keeps amdgpu_gfx's registers and the lanes
    inactive at entry of every other VGPR, not the active lanes of its
    argument VGPRs (llc 22 reloads only the inactive ones), and its body
    runs with every lane on: tests/fixtures/final/whole_wave_lanes.ll's
    four functions are proven with both selectors; without the reload of
    the callee-saved v40, or of the argument v1, @ww_clobber is violated in
    the lanes inactive at entry; without the prologue's EXEC = -1 the
    bodies of @ww_body and @ww_if_active run in the wrong lanes; every
    skip_whole_wave_exec mutant is caught."""
    if 22 not in llcs:
        return

    def without(cut):
        return lambda t: "".join(l for l in t.splitlines(True) if cut not in l)
    c, text, verdicts = asm_variants(tmp, llcs[22], "whole_wave_lanes", "gfx1200", {
        "without v40's reload": without("scratch_load_b32 v40"), "without v1's reload": without("scratch_load_b32 v1,"),
        "without EXEC = -1": without("s_mov_b32 exec_lo, -1")})
    src = os.path.join(ROOT, "tests", "fixtures", "final", "whole_wave_lanes.ll")
    muts, gisel = [], {}
    for sel in ("0", "1"):
        asm = os.path.join(tmp, "whole_wave_lanes-g%s.s" % sel)
        g = run([llcs[22], "-mtriple=" + TRIPLE, "-mcpu=gfx1200", "-global-isel=" + sel, "-enable-ipra=0", src, "-o", asm])
        args = ["--json", "--sigs", src, "--mcpu", "gfx1200", asm]
        gisel[sel] = {j["name"]: j["verdict"] for j in map(json.loads, run([GCNABI, "check-asm"] + args).stdout.splitlines())}
        muts += [json.loads(l) for l in run([GCNABI, "check-asm", "--mutants"] + args).stdout.splitlines()] if not g.returncode else []
    every = {"ww_args": "proven", "ww_clobber": "proven", "ww_body": "proven", "ww_if_active": "proven"}
    ww = [m for m in muts if m["mutant"] == "skip_whole_wave_exec"]
    body = verdicts["without EXEC = -1"]
    report("final code, llc 22 gfx1200: whole-wave functions proven as compiled (both selectors); a missing reload of "
           "v40 or of v1's inactive lanes violated; a body without EXEC = -1 violated, its %d mutants caught" % len(ww),
           c.returncode == 0 and {f: v[0] for f, v in verdicts["as compiled"].items()} == every and
           gisel == {"0": every, "1": every} and
           all(verdicts[k].get("ww_clobber", ("", ""))[0] == "violated" and
               "in the lanes inactive at entry" in verdicts[k]["ww_clobber"][1]
               for k in ("without v40's reload", "without v1's reload")) and
           all(body.get(f, ("", ""))[0] == "violated" and "runs with every lane on" in body[f][1]
               for f in ("ww_body", "ww_if_active")) and
           len(ww) >= 8 and all(m["caught"] for m in ww), "%s %s %s %s" % (verdicts, gisel, ww, c.stderr[-400:]))


def final_code_kernel_inputs(tmp, llcs):
    """A kernel's callee reads the dispatch pointer, queue pointer and
    dispatch id the kernel got in its user SGPRs, which sit where the
    triple puts them (tests/fixtures/final/kernel_inputs.ll): proven with
    llc 19 and 22 for amdhsa, no OS, amdpal and mesa3d on gfx900 and gfx942,
    every clobber_implicit_input mutant caught; gfx900 amdhsa code judged
    as amdpal's (its user SGPRs from s0) is violated."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "kernel_inputs.ll")
    for major in (19, 22):
        if major not in llcs:
            continue
        bad, sites = [], 0
        for triple in ("amdgcn-amd-amdhsa", "amdgcn--", "amdgcn-amd-amdpal", "amdgcn-mesa-mesa3d"):
            for cpu in ("gfx900", "gfx942"):
                asm = os.path.join(tmp, "kernel_inputs-%d-%s-%s.s" % (major, triple, cpu))
                c = run([llcs[major], "-mtriple=" + triple, "-mcpu=" + cpu, "-enable-ipra=0", src, "-o", asm])
                args = ["--json", "--sigs", src, "--profile", "llvm%d" % major, "--mcpu", cpu, "--triple", triple, asm]
                got = {j["name"]: j["verdict"] for j in map(json.loads, run([GCNABI, "check-asm"] + args).stdout.splitlines())}
                muts = [json.loads(l) for l in run([GCNABI, "check-asm", "--mutants"] + args).stdout.splitlines()]
                ours = [m for m in muts if m["mutant"] == "clobber_implicit_input"]
                sites += len(ours)
                if c.returncode or got != {"k": "proven", "k_free": "proven"} or len(ours) != 2 or \
                        not all(m["caught"] for m in muts):
                    bad.append((triple, cpu, c.returncode, got, [m for m in muts if not m["caught"]], c.stderr[-300:]))
        hsa = os.path.join(tmp, "kernel_inputs-%d-amdgcn-amd-amdhsa-gfx900.s" % major)
        wrong = {j["name"]: j for j in map(json.loads, run([GCNABI, "check-asm", "--json", "--sigs", src, "--profile",
                                                              "llvm%d" % major, "--mcpu", "gfx900", "--triple",
                                                              "amdgcn-amd-amdpal", hsa]).stdout.splitlines())}
        report("final code, llc %d: kernels' callees get the kernel's dispatch pointer, queue pointer and dispatch id "
               "under 4 triples on gfx900 and gfx942 (%d clobber_implicit_input mutants caught); amdhsa code judged as "
               "amdpal's violated" % (major, sites),
               not bad and sites == 16 and wrong.get("k", {}).get("verdict") == "violated" and
               "the kernel's dispatch pointer" in wrong["k"]["why"], "%s %s" % (bad, wrong))


def final_code_flat_scratch_sp(tmp, llcs):
    """SP in bytes per lane under -mattr=+enable-flat-scratch on gfx900
    (tests/fixtures/final/flat_scratch_sp.ll): llc 19 and 22's frame is
    proven, and the same frame moved by 36 is misaligned."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "flat_scratch_sp.ll")
    for major in (19, 22):
        if major not in llcs:
            continue
        asm = os.path.join(tmp, "flat_scratch_sp-%d.s" % major)
        c = run([llcs[major], "-mtriple=" + TRIPLE, "-mcpu=gfx900", "-mattr=+enable-flat-scratch", "-enable-ipra=0",
                 src, "-o", asm])
        text = open(asm).read() if c.returncode == 0 else ""
        bad = os.path.join(tmp, "flat_scratch_sp-%d-36.s" % major)
        open(bad, "w").write(text.replace("s_add_i32 s32, s32, 32", "s_add_i32 s32, s32, 36"))
        got = [[json.loads(l) for l in run([GCNABI, "check-asm", "--json", "--sigs", src, "--profile",
                                            "llvm%d" % major, "--mcpu", "gfx900", p]).stdout.splitlines()]
               for p in (asm, bad)]
        report("final code, llc %d gfx900 +enable-flat-scratch: the frame in per-lane bytes proven; moved by 36, "
               "SP misaligned at the call" % major,
               c.returncode == 0 and "s_add_i32 s32, s32, 32" in text and [g["verdict"] for g in got[0]] == ["proven"]
               and [g["verdict"] for g in got[1]] == ["violated"] and "not a multiple of 16" in got[1][0]["why"],
               "%s %s" % (got, c.stderr[-300:]))


def final_code_sibling_through_global(tmp, llcs):
    """A sibling call through a function pointer loaded from a global
    (tests/fixtures/final/sibling_through_global.ll, llc 22): a tail call
    of the function the global holds, proven; s30 or the callee-saved s36
    overwritten before the jump, violated at the tail call of @callee."""
    if 22 not in llcs:
        return

    def clobber(reg):
        return lambda t: t.replace("\ts_setpc_b64 s[16:17]", "\ts_mov_b32 %s, 0\n\ts_setpc_b64 s[16:17]" % reg)
    c, text, got = asm_variants(tmp, llcs[22], "sibling_through_global", "gfx900",
                                {"s30": clobber("s30"), "s36": clobber("s36")})
    report("final code, llc 22 gfx900: a sibling call through a pointer loaded from a global is a tail call of "
           "@callee: proven; s30 or s36 overwritten before it, violated",
           c.returncode == 0 and "s_setpc_b64 s[16:17]" in text and got["as compiled"] == {"caller": ("proven", "")}
           and all(got[k].get("caller", ("", ""))[0] == "violated" and
                   "at the tail call of @callee " + k in got[k]["caller"][1] for k in ("s30", "s36")),
           "%s %s" % (got, c.stderr[-300:]))


def final_code_mov_b64(tmp, llcs):
    """v_mov_b64 (gfx942) copies a stack argument's words as a pair
    (tests/fixtures/final/mov_b64.ll, llc 22): both functions proven; the
    pair copied from the wrong SGPRs, the caller violated at argument 1."""
    if 22 not in llcs:
        return
    wrong = {"wrong pair": lambda t: t.replace("v_mov_b64_e32 v[0:1], s[24:25]", "v_mov_b64_e32 v[0:1], s[26:27]")}
    c, text, got = asm_variants(tmp, llcs[22], "mov_b64", "gfx942", wrong)
    caller = got.get("wrong pair", {}).get("gcnabi.0.caller", ("", ""))
    report("final code, llc 22 gfx942: v_mov_b64 followed: proven; from the wrong pair, violated at argument 1",
           c.returncode == 0 and "v_mov_b64_e32 v[0:1], s[24:25]" in text and
           got["as compiled"] == {"f": ("proven", ""), "gcnabi.0.caller": ("proven", "")} and
           caller[0] == "violated" and "argument 1 part 0" in caller[1], "%s %s" % (got, c.stderr[-300:]))


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
    pointer (waterfall loops, both conventions), an if/else around a call,
    a call through a pointer variable (its stack arguments checked against
    the callee the variable holds) and a loop over the distinct values of
    a lane-varying value passed inreg (each round's call runs in the lanes
    holding lane 0's value) are proven with llc 19 and 22 on gfx900,
    gfx1030 and gfx1100, and every mutant of them is caught, the loop's
    compare made true in every lane (drop_lane_guard) too; a divergent loop
    whose uniform counter changes every round is unknown, saying so, never
    violated."""
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
            report("final code, llc %d %s: calls through a lane-varying pointer or a pointer variable, an if/else and "
                   "a loop over an inreg value's distinct values proven, their %d mutants caught; a divergent loop with "
                   "a counter unknown" % (major, cpu, len(muts)),
                   c.returncode == 0 and verdicts == {"waterfall": "proven", "gwaterfall": "proven", "ifelse": "proven",
                                                      "loop": "unknown", "viaglobal": "proven",
                                                      "inreg_waterfall": "proven"} and
                   "does not settle" in got["loop"]["why"] and len({m["name"] for m in muts}) == 5 and
                   any(m["mutant"] == "drop_lane_guard" and m["name"] == "inreg_waterfall" and "lane 0's value" in
                       m.get("why", "") for m in muts) and
                   (cpu != "gfx900" or any(m["mutant"] == "stack_arg_offset" and m["name"] == "viaglobal" for m in muts)) and
                   all(m["caught"] for m in muts),
                   "llc exit %d %s\n%s\n%s" % (c.returncode, c.stderr[-300:], json.dumps(got)[:1500],
                                               [m for m in muts if not m["caught"]][:5]))


def final_code_shader_entry(tmp, llcs):
    """Shader entry points (tests/fixtures/final/shader_entry.ll): a compute
    shader that calls and returns { i32, float }, a pixel shader returning
    from either side of a uniform branch and a vertex shader that returns
    nothing and a kernel that calls are proven with llc 22 (both
    selectors) and llc 19 GlobalISel on gfx600, gfx900 and gfx1100 (llc 19
    SelectionDAG refuses @cs, llvm#134463); each mutant (a return register
    overwritten at the end, SP set 4 higher) is caught; without the write
    of SP before the call, or without s_endpgm, the entry point is
    violated."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "shader_entry.ll")
    for major, sel in ((22, "0"), (22, "1"), (19, "1"), (19, "0")):
        if major not in llcs:
            continue
        # gfx600 has no global_ instructions: its loads and stores of the
        # globals go through buffer resources built from their addresses
        for cpu in ("gfx600", "gfx900", "gfx1100"):
            asm = os.path.join(tmp, "shader-%d-%s-%s.s" % (major, sel, cpu))
            c = run([llcs[major], "-mtriple=" + TRIPLE, "-mcpu=" + cpu, "-global-isel=" + sel, "-enable-ipra=0", src,
                     "-o", asm])
            what = "llc %d %s %s" % (major, "GlobalISel" if sel == "1" else "SelectionDAG", cpu)
            if (major, sel) == (19, "0"):
                report("final code, %s: refuses the compute shader's integer return (llvm#134463)" % what,
                       c.returncode != 0 and "in function cs" in c.stderr and "illegal VGPR to SGPR copy" in c.stderr,
                       c.stderr[-500:])
                continue
            args = ["--json", "--sigs", src, "--profile", "llvm%d" % major, "--mcpu", cpu]
            got = {j["name"]: j for j in map(json.loads, run([GCNABI, "check-asm"] + args + [asm]).stdout.splitlines())}
            muts = [json.loads(l) for l in run([GCNABI, "check-asm", "--mutants"] + args + [asm]).stdout.splitlines()]
            text = open(asm).read() if c.returncode == 0 else ""
            cut = os.path.join(tmp, "shader-%d-%s-%s-cut.s" % (major, sel, cpu))
            open(cut, "w").write(re.sub(r"(?m)^\s*(s_mov_b32 s32, 0|s_endpgm)\s*$", "", text))
            broken = {j["name"]: j for j in map(json.loads, run([GCNABI, "check-asm"] + args + [cut]).stdout.splitlines())}
            kinds = {(m["name"], m["mutant"]) for m in muts}
            report("final code, %s: shaders and a kernel proven (return registers, SP set before a call, "
                   "s_endpgm), their %d mutants caught; without SP's write or s_endpgm violated" % (what, len(muts)),
                   c.returncode == 0 and {k: v["verdict"] for k, v in got.items()} ==
                   {"cs": "proven", "ps_branch": "proven", "vs": "proven", "k": "proven"} and
                   got["cs"]["checked_returns"] == 2 and got["ps_branch"]["checked_returns"] >= 2 and
                   {("cs", "clobber_return_value"), ("ps_branch", "clobber_return_value"), ("cs", "misalign_sp")} <= kinds
                   and all(m["caught"] for m in muts) and
                   broken.get("cs", {}).get("verdict") == "violated" and
                   "not a stack top it set itself" in broken["cs"]["why"] and
                   broken.get("vs", {}).get("verdict") == "violated" and "without s_endpgm" in broken["vs"]["why"] and
                   broken.get("k", {}).get("verdict") == "violated" and ("k", "misalign_sp") in kinds,
                   "llc exit %d %s\n%s\n%s\n%s" % (c.returncode, c.stderr[-300:], json.dumps(got)[:1500],
                                                   [m for m in muts if not m["caught"]][:5], json.dumps(broken)[:800]))


def final_code_chain_entry(tmp, llcs):
    """Chain functions (tests/fixtures/final/chain_entry.ll, gfx1200): an
    amdgpu_cs_chain_preserve function that writes v40, one that calls an
    amdgpu_gfx function and then chains, a dynamic-VGPR chain call and a
    shader that chains are proven with llc 19 and 22, both selectors; their
    mutants are caught; without the reload of v40 before the jump, or the
    write of SP before the call, the function is violated."""
    src = os.path.join(ROOT, "tests", "fixtures", "final", "chain_entry.ll")
    for major in (m for m in (19, 22) if m in llcs):
        for sel in ("0", "1"):
            asm = os.path.join(tmp, "chain-%d-%s.s" % (major, sel))
            c = run([llcs[major], "-mtriple=" + TRIPLE, "-mcpu=gfx1200", "-global-isel=" + sel, "-enable-ipra=0", src,
                     "-o", asm])
            args = ["--json", "--sigs", src, "--profile", "llvm%d" % major, "--mcpu", "gfx1200"]
            got = {j["name"]: j for j in map(json.loads, run([GCNABI, "check-asm"] + args + [asm]).stdout.splitlines())}
            muts = [json.loads(l) for l in run([GCNABI, "check-asm", "--mutants"] + args + [asm]).stdout.splitlines()]
            text = open(asm).read() if c.returncode == 0 else ""
            cut = os.path.join(tmp, "chain-%d-%s-cut.s" % (major, sel))
            open(cut, "w").write(re.sub(r"(?m)^\s*(s_mov_b32 s32, 0|scratch_load_b32 v40, .*)$", "", text))
            broken = {j["name"]: j for j in map(json.loads, run([GCNABI, "check-asm"] + args + [cut]).stdout.splitlines())}
            report("final code, llc %d %s gfx1200: chain functions proven (v8 and up given back at the chain call, SP "
                   "set before a call, a dynamic-VGPR chain call), their %d mutants caught; without v40's reload or "
                   "SP's write violated" % (major, "GlobalISel" if sel == "1" else "SelectionDAG", len(muts)),
                   c.returncode == 0 and {k: v["verdict"] for k, v in got.items()} ==
                   {"keeps_v40": "proven", "calls_then_chains": "proven", "dvgpr": "proven", "shader_chains": "proven"}
                   and {("keeps_v40", "drop_restore"), ("calls_then_chains", "misalign_sp")} <=
                   {(m["name"], m["mutant"]) for m in muts} and all(m["caught"] for m in muts) and
                   broken.get("keeps_v40", {}).get("verdict") == "violated" and
                   "at the chain call of @next_preserve v40" in broken["keeps_v40"]["why"] and
                   broken.get("calls_then_chains", {}).get("verdict") == "violated" and
                   "not a stack top it set itself" in broken["calls_then_chains"]["why"],
                   "llc exit %d %s\n%s\n%s\n%s" % (c.returncode, c.stderr[-300:], json.dumps(got)[:1500],
                                                   [m for m in muts if not m["caught"]][:5], json.dumps(broken)[:800]))


def check_lanes(tmp, name, sigs, cpu, have, llcs):
    """check --final-code of sigs on cpu with the llcs of majors have:
    (its result, {combo: final_code counts}, [findings])."""
    sig, out = os.path.join(tmp, name + ".sig"), os.path.join(tmp, name)
    open(sig, "w").write(sigs)
    r = run([GCNABI, "check", "--quiet", "--final-code", "--mcpu", cpu, "--out", out] +
            sum([["--llc", named(v, llcs[v])] for v in have], []) + [sig])
    done = os.path.exists(os.path.join(out, "summary.json"))
    fc = {co["combo"]: co.get("final_code") or {} for co in json.load(open(os.path.join(out, "summary.json")))["combos"]} \
        if done else {}
    return r, fc, [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if done else []


def not_known(found, major):
    """The findings of llc major that no entry of cases/known-differences.txt
    accepts, as the harness asks."""
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import findings as harness_findings, known, vocab
    entries = known.load(os.path.join(ROOT, "cases", "known-differences.txt"))
    bad = []
    for f in found:
        t = {"axis": vocab.kind(f["kind"])[1], "convention": f["convention"], "selector": harness_findings.selector_of(f),
             "cause": f["cause"]["key"], "cause_versions": [major]}
        if not known.match(entries, t):
            bad.append(t)
    return bad


def final_code_chain_dvgpr_restore(tmp, llcs):
    """A chain_preserve graph with dynamic-VGPR chain calls (gen --callgraph
    --root amdgpu_cs_chain_preserve --seed 322, graph 2), llc 22
    SelectionDAG gfx1200: the arguments at each chain call are checked
    (the graph's shared parameters as received, the others as loaded),
    and g2.n3's call of g2.n4 is violated: llc 22 restores the callee-saved
    v13 over the argument there (cases/repro/llc22-chain-preserve-dvgpr-
    arg-restored.ll), a known difference."""
    if 22 not in llcs:
        return
    graph = os.path.join(tmp, "dvgpr-preserve.graph")
    with open(graph, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_cs_chain_preserve", "--seed", "322", "--count", "1",
                        "--from", "2"], stdout=f, check=True)
    out = os.path.join(tmp, "dvgpr-preserve")
    r = run([GCNABI, "check", "--quiet", "--final-code", "--selector", "dag", "--mcpu", "gfx1200", "--out", out,
             "--llc", named(22, llcs[22]), graph])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "findings.jsonl")) else []
    finals = [f for f in found if f["kind"] == "final-code"]
    report("final code, llc 22 gfx1200: a chain_preserve function's dynamic-VGPR chain call gets its caller's entry "
           "v13 for an argument (violated, a known difference); the graph's other chain calls proven",
           r.returncode == 8 and len(finals) == 1 and (finals[0].get("final") or {}).get("function") == "g2.n3" and
           "chain call of @g2.n4: argument 5 part 0: the callee reads v13, which holds entry v13" in finals[0]["message"]
           and not not_known(finals, 22), "exit %d\n%s" % (r.returncode, "\n".join(f["message"][:200] for f in found)))


LANE_SIGS = """declare amdgpu_gfx void @f(i32 inreg, i64 inreg, float) "gcnabi-divergent"
declare void @g(i32 inreg, i32) "gcnabi-divergent"
declare void @h(i32 inreg, i32)
"""


def final_code_lane_varying(tmp, llcs):
    """check --final-code compiles what the signature says: the callers of
    "gcnabi-divergent" functions pass lane-varying values inreg (gfx900,
    every installed llc). Where llc fails on that (SelectionDAG: "illegal
    VGPR to SGPR copy", llc 14-16 only at the amdgpu_gfx call; llc 14-19
    GlobalISel: "unable to map instruction"), each divergent caller is a
    final-code-refused finding "with lane-varying values passed inreg" and
    its contract is still checked with the values made uniform (no function
    left not compiled); llc 14-16 SelectionDAG pass the default
    convention's lane-varying value in v0, which the checker does not take
    for a wrong value; llc 22 GlobalISel compiles a v_readfirstlane and one
    call: a lane-value violation at each divergent call, none at @h's.
    cases/known-differences.txt accepts them all."""
    have = [v for v in (14, 15, 16, 19, 22) if v in llcs]
    if not have:
        return
    r, fc, found = check_lanes(tmp, "lanes", LANE_SIGS, "gfx900", have, llcs)
    ok, bad = r.returncode & (1 | 2 | 32 | 64) == 0 and len(fc) == 2 * len(have), []
    for combo, n in fc.items():
        mine = [f for f in found if f["combo"] == combo and f["kind"] in ("final-code", "final-code-refused")]
        refused = [f for f in mine if f["kind"] == "final-code-refused"]
        lanes = [f for f in mine if "lane 0's value" in f["message"]]
        major = int(re.search(r"\d+", combo).group())
        wrong_code = major == 22 and combo.endswith("-gisel")
        gfx_only = major <= 16  # the default convention's inreg is a VGPR there
        # llc 14-16 GlobalISel refuse the default convention's inreg (the
        # model too: both-refused), so those functions are never compiled
        ok &= (gfx_only and combo.endswith("-gisel")) or n.get("not_compiled") == 0
        ok &= not [f for f in mine if f["kind"] == "final-code" and not f["explained_by"] and f not in lanes]
        ok &= (len(lanes) == 2 and not refused and all("@gcnabi.2." not in f["message"] for f in lanes) if wrong_code else
               len(refused) == (1 if gfx_only else 2) and not lanes and
               all(f["message"].startswith("with lane-varying values passed inreg: ") and
                   not (f.get("final") or {}).get("uniform_inreg") for f in refused))
        bad += not_known(refused + lanes, major)
    report("check --final-code, lane-varying inreg values as the signature says (llc %s gfx900): refused with "
           "SelectionDAG and llc 14-19 GlobalISel and then checked made uniform, llc 14-16's VGPR not a wrong value, "
           "llc 22 GlobalISel's one lane's value violated; every cause a known difference" % "/".join(map(str, have)),
           ok and not bad, "exit %d\n%s\nnot known: %s\n%s" % (r.returncode, fc, bad[:3],
                                                              "\n".join(f["message"][:200] for f in found)))


LANE_ENTRY_SIGS = """declare amdgpu_ps { i32, float } @ps(i32 inreg, float) "gcnabi-divergent"
declare amdgpu_cs_chain void @ch(i32 inreg, <2 x i32> inreg, float) "gcnabi-divergent"
"""


def final_code_lane_varying_entries(tmp, llcs):
    """Lane-varying values where LLVM reads the first lane on purpose: a
    "gcnabi-divergent" shader returns a value that differs per lane (its
    i32 in s0: llvm/llvm-project#135326) and the caller of a divergent
    chain function passes such values in its SGPR arguments (#114232).
    llc 22 compiles both (v_readfirstlane) and both are proven, no
    lane-value violation; llc 19 SelectionDAG refuses both (the fixes came
    in LLVM 20 and 21), GlobalISel the chain call: final-code-refused, each
    a known difference; llc 19 GlobalISel's shader proven (gfx1200)."""
    have = [v for v in (19, 22) if v in llcs]
    if not have:
        return
    r, fc, found = check_lanes(tmp, "lane-entries", LANE_ENTRY_SIGS, "gfx1200", have, llcs)
    ok, bad = r.returncode & (1 | 2 | 32 | 64) == 0 and len(fc) == 2 * len(have), []
    for combo, n in fc.items():
        mine = [f for f in found if f["combo"] == combo and f["kind"] in ("final-code", "final-code-refused")]
        refused = {(f.get("final") or {}).get("function") or f.get("function"): f for f in mine
                   if f["kind"] == "final-code-refused"}
        major = int(re.search(r"\d+", combo).group())
        gisel = combo.endswith("-gisel")
        ok &= not [f for f in mine if f["kind"] == "final-code"]
        if major == 22:
            ok &= not refused and n.get("proven") == 3
        else:
            ok &= ("gcnabi.1.caller" in refused) and (gisel or "ps" in refused or "gcnabi.0.fn" in refused)
        bad += not_known(list(refused.values()), major)
    report("check --final-code, a divergent shader's return and chain call's SGPR arguments (llc %s gfx1200): llc 22 "
           "reads the first lane as LLVM intends (proven), llc 19's refusals known" % "/".join(map(str, have)),
           ok and not bad, "exit %d\n%s\nnot known: %s\n%s" % (r.returncode, fc, bad[:3],
                                                              "\n".join(f["kind"] + " " + f["message"][:200] for f in found)))


def final_code_graphs(tmp, llcs):
    """check --final-code on call graphs with bodies (gcnabi gen --seed 77
    --callgraph --count 6 --weights cases/weights/bodies.weights): frames,
    dynamic allocas, pressure, tail calls, forwarding, long branches. With
    llc 19 and 22, gfx900 and gfx1100, both selectors, llc 22 compiles every
    function on gfx1100 with SelectionDAG (lane-varying inreg values are
    uniform in the final code), and no violation is unexplained: tail calls are
    returns through the callee, SP arithmetic wraps at 32 bits, SP past a
    dynamic alloca is its top (stack arguments there are checked: llc 22
    SelectionDAG's g5.n4 on gfx1100, unknown before, is proven, and the
    words g2.n0's call leaves unwritten are its MIR notes), a stack word reassembled
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
    # results incomplete (64) exactly where a combination has more than 5 % unknown verdicts
    over = [k for k, v in fc.items() if v and v["unknown"] * 100 > (v["proven"] + v["violated"] + v["unknown"]) * 5]
    report("check --final-code on call graphs with bodies, llc %s, gfx900 and gfx1100, both selectors: no unexplained "
           "violation, llc 22 SelectionDAG compiles every function on gfx1100, most proven (%s); exit bit 64 for "
           "the combinations over 5 %% unknown (%s)" % (
               "/".join(map(str, have)), {k: (v or {}).get("proven") for k, v in fc.items()}, over),
           r.returncode & ~(12 | 64 | (16 if crashes else 0)) == 0 and bool(r.returncode & 64) == bool(over) and
           not unexplained and len(fc) == 4 * len(have) and
           # llc 22 SelectionDAG fails on no graph's final code on gfx1100
           # but with lane-varying values passed inreg, which it compiles
           # made uniform
           all(v and v["not_compiled"] == 0 for k, v in dag.items() if k.startswith("llvm22-gfx1100")) and
           not [f for f in found if f["kind"] == "final-code-refused" and f["combo"] == "llvm22-gfx1100-dag" and
                not f["message"].startswith("with lane-varying values passed inreg: ")] and
           all(v and v["proven"] >= 15 for v in dag.values()) and
           # SP past every dynamic alloca of the graphs followed
           not [f for f in found if "SP is computed at run time" in f["message"]],
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
           bp[0]["final"] == {"function": "g33.n2", "at": "s_setpc_b64 s[30:31]", "culprit": "s_mov_b32 s32, s34",
                                 "uniform_inreg": False} and
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
        # drop_lane_guard needs a loop over a lane-varying value (final_code_divergent_exec),
        # clobber_return_value a shader that returns a value (final_code_shader_entry),
        # skip_whole_wave_exec a whole-wave function (final_code_whole_wave_lanes),
        # clobber_implicit_input a kernel that calls (final_code_kernel_inputs),
        # unscale_dyn_alloca and drop_dyn_alloca_bump a dynamic alloca
        # (final_code_dynamic_alloca)
        every = {o["name"] for o in json.loads(run([GCNABI, "vocab", "--json"]).stdout)["mutation_operators"]} - \
            {"drop_lane_guard", "clobber_return_value", "skip_whole_wave_exec", "clobber_implicit_input",
             "unscale_dyn_alloca", "drop_dyn_alloca_bump"}
        report("final code, llc 22 gfx900 and gfx1100: every mutant of 40 generated signatures' proven functions is "
               "caught (%d mutants, %d operators)" % (len(muts), len(ops)),
               not bad and len(muts) >= 1000 and all(m["caught"] for m in muts) and ops == every,
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
                   "refused": 0, "body_refused": 0, "not_sampled": 0}
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
    final_code_whole_wave_lanes(tmp, llcs)
    final_code_kernel_inputs(tmp, llcs)
    final_code_flat_scratch_sp(tmp, llcs)
    final_code_sibling_through_global(tmp, llcs)
    final_code_mov_b64(tmp, llcs)
    final_code_graphs(tmp, llcs)
    final_code_divergent_exec(tmp, llcs)
    final_code_shader_entry(tmp, llcs)
    final_code_chain_entry(tmp, llcs)
    final_code_chain_dvgpr_restore(tmp, llcs)
    final_code_lane_varying(tmp, llcs)
    final_code_lane_varying_entries(tmp, llcs)
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


SECTIONS = [final_code]
# Over half a minute alone: run first, and left out of make test-quick.
SLOW = [final_code]
test = section_test(SECTIONS, SLOW)
