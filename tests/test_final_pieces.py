#!/usr/bin/env python3
"""check --final-code's pieces of work against every llc: what it compiles
(--final-code-sample), how it classes llc's failures on them (the body's
own memory, a refusal after the MIR pass's stop, the machine verifier's).
One pytest test per section (`pytest tests/test_final_pieces.py -k NAME`)."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, ROOT, installed_llcs, run  # noqa: E402
from soft import needs_llcs, report  # noqa: E402
from check_common import SAN_ENV, named, section_test  # noqa: E402


def final_code_sample(tmp, llcs):
    """check --final-code-sample 3 (llc 22 gfx1100, SelectionDAG, 12
    generated signatures and a call graph of gen --callgraph): the final
    code of signatures 0, 3, 6 and 9 only (each function and its caller:
    8 verdicts of 24), the other 8 signatures counted as not sampled (as
    not compiled counts signatures) and in no other count; of the graphs'
    functions, those of every third component, the rest not sampled:
    together as many as without the sample."""
    if 22 not in llcs:
        return
    sigs, graph = os.path.join(tmp, "sample.ll"), os.path.join(tmp, "sample-graph.ll")
    with open(sigs, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", "3", "--count", "12"], stdout=f, check=True)
    with open(graph, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", "3", "--callgraph", "--count", "6"], stdout=f, check=True)
    keys = ("proven", "violated", "unknown", "not_checked", "not_compiled")
    got = {}
    for name, inp in (("sigs", sigs), ("graph", graph)):
        for sample in ("1", "3"):
            out = os.path.join(tmp, "sample-%s-%s" % (name, sample))
            run([GCNABI, "check", "--quiet", "--final-code", "--final-code-sample", sample, "--selector", "dag",
                 "--mcpu", "gfx1100", "--out", out, "--llc", named(22, llcs[22]), inp])
            summ = os.path.join(out, "summary.json")
            fc = json.load(open(summ))["combos"][0].get("final_code") or {} if os.path.exists(summ) else {}
            got[(name, sample)] = (sum(fc.get(k, 0) for k in keys), fc.get("not_sampled"))
    whole = got[("graph", "1")][0]
    report("check --final-code-sample 3, llc 22 gfx1100: 4 of 12 signatures' final code (8 verdicts), 8 not sampled; a call "
           "graph's functions of every third component, the rest not sampled (%s)" % got,
           got[("sigs", "1")] == (24, 0) and got[("sigs", "3")] == (8, 8) and whole > 0 and
           0 < got[("graph", "3")][0] < whole and sum(got[("graph", "3")]) == whole, "%s" % got)


def final_code_body_memory(tmp, llcs):
    """llc 22 GlobalISel cannot legalize the load of a byval object holding
    a <3 x i31> (gfx600; `load (<3 x s31>) from %ir.0`): the callee's body
    reading the object it was passed, not how it was passed, so a
    final-code-body-refused note (make check seed 60417's "new" cause),
    not a final-code-refused finding (exit 0)."""
    if 22 not in llcs:
        return
    sig = os.path.join(tmp, "body-memory.ll")
    open(sig, "w").write("declare amdgpu_gfx void @f(ptr addrspace(5) byval({ <3 x i31>, i32, bfloat }))\n")
    out = os.path.join(tmp, "body-memory")
    r = run([GCNABI, "check", "--quiet", "--final-code", "--selector", "gisel", "--mcpu", "gfx600", "--out", out,
             "--llc", named(22, llcs[22]), sig])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "summary.json")) else []
    kinds = sorted(f["kind"] for f in found if f["kind"].startswith("final-code"))
    report("check --final-code, llc 22 GlobalISel gfx600: the load of a byval <3 x i31> object is the body's "
           "(final-code-body-refused, exit 0)",
           r.returncode == 0 and kinds == ["final-code-body-refused"] and
           "%ir." in [f for f in found if f["kind"] == "final-code-body-refused"][0]["message"],
           "exit %d %s\n%s" % (r.returncode, kinds, [f["message"][:200] for f in found]))

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
                      "refused": 1, "body_refused": 0, "not_sampled": 0} and
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


def final_code_pieces(tmp):
    llcs = dict(installed_llcs())
    final_code_sample(tmp, llcs)
    final_code_body_memory(tmp, llcs)


SECTIONS = [final_code_pieces, final_code_refused, final_code_verify]
SLOW = []
test = section_test(SECTIONS, SLOW)
