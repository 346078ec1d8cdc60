#!/usr/bin/env python3
"""gcnabi check against every llc installed here: bad input, the golden
cases, check's outputs, the contract, old targets, the machine verifier,
scratch set-up and kernels. One pytest test per section
(`pytest tests/test_check.py -k NAME`)."""
import glob
import json
import os
import re
import stat
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, GOLDEN, OS_TRIPLES, ROOT, TRIPLE, case_oses, installed_llcs, llc_failing_on_f1, profile_of, run  # noqa: E402
from soft import report  # noqa: E402
from check_common import AB_SIGS, SAN_ENV, check_with_every_llc, named, per_llc_test, reg_runs, section_test, status, structured_outputs  # noqa: E402


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


SECTIONS = [bad_inputs, bad_input_is_an_error, check_outputs, scratch_setup, old_targets, machine_verifier]
PER_LLC = [check_every_llc, contract_confirmed, kernels]
# Over half a minute alone: run first, and left out of make test-quick.
SLOW = [check_every_llc, contract_confirmed, kernels, old_targets]
test = section_test(SECTIONS, SLOW)
test_per_llc = per_llc_test(PER_LLC, SLOW)


KEPT = ('declare noalias ptr @f(i32 inreg alignstack(8) %x, float noundef "amdgpu-x"="1") #0 nounwind\n'
        'declare amdgpu_gfx void @g(i32) "frame-pointer"="all" "target-features"="+xnack"\n'
        'attributes #0 = { alignstack=16 "denormal-fp-math"="ieee" }\n')


def test_attributes_survive(tmp):
    """gcnabi emit writes back every attribute the input wrote that the model
    does not read (a group's in its inline form), names in a note those it
    does not know to be neutral, and every installed llc takes the module;
    "frame-pointer"="all" reaches llc: @g sets up s33 as its frame pointer."""
    path = os.path.join(tmp, "kept.ll")
    open(path, "w").write(KEPT)
    r = run([GCNABI_SAN, "emit", "--caller", path], env=SAN_ENV)
    heads = {l.split("@")[1].split("(")[0]: l for l in r.stdout.splitlines() if l.startswith("define")}
    report("emit: the attributes in their places",
           r.returncode == 0 and 'define noalias ptr @f(i32 inreg alignstack(8), float noundef "amdgpu-x"="1")'
           ' alignstack(16) "denormal-fp-math"="ieee" nounwind {' in heads.get("f", "") and
           'define amdgpu_gfx void @g(i32) "frame-pointer"="all" "target-features"="+xnack" {' in heads.get("g", "") and
           'call noalias ptr @f(i32 inreg alignstack(8) %gcnabi.o0, float noundef "amdgpu-x"="1" %gcnabi.o1)'
           in r.stdout, "exit %d %s\n%s" % (r.returncode, r.stderr, "\n".join(heads.values())))
    report("emit: a note per function naming what the model does not read and does not know to be neutral",
           '%s:1: note: kept as written, not read by the model: alignstack, alignstack (parameter 0), '
           '"amdgpu-x" (parameter 1) in @f' % path in r.stderr and
           '%s:2: note: kept as written, not read by the model: "frame-pointer", "target-features" in @g' % path
           in r.stderr, r.stderr)
    for major, llc in installed_llcs():
        typed = ["--typed-pointers"] if major < 15 else []
        ir = run([GCNABI, "emit", "--caller"] + typed + [path]).stdout
        c = subprocess.run([llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx900", "-o", "-"], input=ir,
                           capture_output=True, text=True, timeout=120)
        g = c.stdout.split("\ng:")[1].split(".Lfunc_end")[0] if "\ng:" in c.stdout else ""
        report("llc %d compiles the module; @g's frame pointer s33 set from s32" % major,
               c.returncode == 0 and "s_mov_b32 s33, s32" in g, c.stderr[-600:])


def test_input_triple(tmp, llc):
    """An input's `; gcnabi-triple:` line (gcnabi gen writes one per call
    graph of another triple): its functions are compiled for that triple,
    over --triple's, and the combination is named for it; a triple check
    does not take, or a second line of another triple, is FILE:LINE:COL
    error, exit 1, before anything runs."""
    sigs = os.path.join(tmp, "mesa.ll")
    open(sigs, "w").write("; gcnabi-triple: amdgcn-mesa-mesa3d\ndeclare amdgpu_gfx void @f(i32 inreg, float)\n")
    out = os.path.join(tmp, "mesa")
    r = run([GCNABI_SAN, "check", "--quiet", "--llc", llc, "--mcpu", "gfx900", "--selector", "dag", "--triple",
             "amdgcn--", "--out", out, sigs], env=SAN_ENV)
    summary = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(
        os.path.join(out, "summary.json")) else {"combos": []}
    report("a `; gcnabi-triple: amdgcn-mesa-mesa3d` line over --triple amdgcn--: the combination is mesa3d's",
           r.returncode & ~4 == 0 and len(summary["combos"]) == 1 and
           summary["combos"][0]["combo"].endswith("-mesa3d") and summary["combos"][0]["counts"]["agree"] == 1,
           "exit %d %s\n%s" % (r.returncode, r.stderr[-600:], summary["combos"]))
    for text, where, words in (
            ("declare void @f(i32)\n; gcnabi-triple: amdgcn-amd-amdhsa\n; gcnabi-triple: amdgcn--\n", ":3:1:",
             "a triple other than line 2's"),
            ("declare void @f(i32)\n; gcnabi-triple:  amdgcn-amd-windows\n", ":2:19:", "triple 'amdgcn-amd-windows'"),
            ("; gcnabi-triple: amdgcn-- amdgcn--\ndeclare void @f(i32)\n", ":1:18:", "one per line")):
        bad = os.path.join(tmp, "bad-triple.ll")
        open(bad, "w").write(text)
        r = run([GCNABI_SAN, "check", "--llc", llc, "--out", os.path.join(tmp, "no-triple"), bad], env=SAN_ENV)
        report("a bad triple line: exit 1, FILE%s error: ... %s" % (where, words),
               r.returncode == 1 and bad + where + " error: " in r.stderr and words in r.stderr and
               not os.path.exists(os.path.join(tmp, "no-triple", "summary.json")), r.stderr)


def test_llc_options(tmp, llc):
    """--llc-option and an input's `; gcnabi-llc-options:` line: refused
    when gcnabi sets the option itself or llc does not take it (before
    anything runs, naming why, the file's at FILE:LINE:COL); otherwise on
    every llc run (the MIR pass, the final code, a reproducer's RUN line),
    in the combination's name and in summary.json and findings.jsonl."""
    sigs = os.path.join(tmp, "sigs.ll")
    open(sigs, "w").write("; gcnabi-llc-options: -tailcallopt\ndeclare void @f0(i32)\ndeclare i32 @f1(i32, i32)\n")
    for opt, code, words in (("-mcpu=gfx900", 2, "gcnabi sets -mcpu itself (use --mcpu)"),
                             ("-mattr=+wavefrontsize64", 2, "use --wave"), ("-stop-after=x", 2, "gcnabi sets -stop-"),
                             ("a", 2, "not an option"), ("-no-such-llc-option", 1, "does not take the llc options")):
        r = run([GCNABI_SAN, "check", "--llc", llc, "--llc-option=" + opt, "--out", os.path.join(tmp, "no"), sigs],
                env=SAN_ENV)
        report("--llc-option=%s: exit %d, %s" % (opt, code, words), r.returncode == code and words in r.stderr and
               not os.path.exists(os.path.join(tmp, "no", "summary.json")), "exit %d %s" % (r.returncode, r.stderr))
    bad = os.path.join(tmp, "bad.ll")
    open(bad, "w").write("declare void @f(i32)\n; gcnabi-llc-options: -tailcallopt -mtriple=amdgcn--\n")
    r = run([GCNABI_SAN, "check", "--llc", llc, bad], env=SAN_ENV)
    report("a refused option in the input: FILE:LINE:COL error, exit 1",
           r.returncode == 1 and bad + ":2:36: error: llc option '-mtriple=amdgcn--'" in r.stderr, r.stderr)
    two = os.path.join(tmp, "two.ll")
    open(two, "w").write("; gcnabi-llc-options: -tailcallopt\ndeclare void @f(i32)\n"
                         ";  gcnabi-llc-options: not one\n; gcnabi-llc-options:  -tailcallopt \n"
                         "; gcnabi-llc-options: -tailcallopt -mattr=-flat-for-global\n")
    r = run([GCNABI_SAN, "check", "--llc", llc, "--out", os.path.join(tmp, "no2"), two], env=SAN_ENV)
    report("an options line other than the first's (one per graph of gcnabi gen): FILE:LINE error, exit 1; "
           "the same words again are not",
           r.returncode == 1 and r.stderr.count("error:") == 1 and
           two + ":5:1: error: llc options other than line 1's" in r.stderr and
           not os.path.exists(os.path.join(tmp, "no2", "summary.json")), r.stderr)
    log = os.path.join(tmp, "llc.log")
    shim = llc_failing_on_f1(os.path.join(tmp, "llc-shim"), llc, log)
    out = os.path.join(tmp, "out")
    r = run([GCNABI_SAN, "check", "--quiet", "--llc", shim, "--mcpu", "gfx900", "--selector", "dag", "--final-code",
             "--llc-option", "-mattr=-flat-for-global", "--out", out, sigs], env=SAN_ENV)
    runs = [l.split() for l in open(log)] if os.path.exists(log) else []
    compiles = [w for w in runs if "--version" not in w]
    report("every llc run has both options (the MIR pass and the final code)",
           compiles and any("-enable-ipra=0" in w for w in compiles) and
           all("-mattr=-flat-for-global" in w and "-tailcallopt" in w for w in compiles),
           "\n".join(" ".join(w) for w in runs))
    summary = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(
        os.path.join(out, "summary.json")) else {"combos": []}
    findings = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "findings.jsonl")) else []
    want = ["-mattr=-flat-for-global", "-tailcallopt"]
    report("the combination named with -opt<hash>; summary.json and findings.jsonl list the options",
           summary["combos"] and all(re.search(r"-dag-opt[0-9a-f]{8}$", c["combo"]) and c["llc_options"] == want
                                     for c in summary["combos"]) and
           findings and all(f["llc_options"] == want for f in findings),
           "%s %s" % ([(c["combo"], c.get("llc_options")) for c in summary["combos"]], findings[:1]))
    kept = glob.glob(os.path.join(out, "repro", "*.ll"))
    run_lines = [l for k in kept for l in open(k) if l.startswith("; RUN:")]
    report("the crash's reproducer RUN line has the options", run_lines and
           all("-mattr=-flat-for-global -tailcallopt" in l for l in run_lines), "%s %s" % (kept, run_lines))


def test_llc_option_flat_scratch(tmp):
    """-mattr=+enable-flat-scratch, the one llc option the model knows:
    functions have no scratch descriptor (inreg arguments from s0) and SP
    counts bytes per lane, so every installed llc's placements and final
    code agree with the model (llc 14, which does not know the feature,
    says so once and is modelled without it); a kernel under it is refused,
    naming why (its user SGPRs differ between llc versions)."""
    sigs = os.path.join(tmp, "fs.ll")
    open(sigs, "w").write("declare void @f(i32 inreg, i32 inreg, i32)\ndeclare amdgpu_gfx void @g(i64 inreg, float)\n"
                          "declare fastcc i32 @h(<2 x i32> inreg, i32)\n")
    out = os.path.join(tmp, "out")
    r = run([GCNABI, "check", "--quiet", "--mcpu", "gfx900", "--selector", "dag", "--final-code",
             "--llc-option=-mattr=+enable-flat-scratch", "--out", out, sigs])
    summary = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(
        os.path.join(out, "summary.json")) else {"combos": []}
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "findings.jsonl")) else []
    bad = [(f["combo"], f["message"][:120]) for f in found if f["class"] in ("divergence", "crash") and
           not f["explained_by"]]
    majors = {m for m, _ in installed_llcs()}
    report("every llc: placements as the model's under +enable-flat-scratch, final code proven",
           r.returncode in (0, 4) and not bad and len(summary["combos"]) == len(majors) and
           all(c["counts"]["agree"] == 3 and (c.get("final_code") or {}).get("proven", 0) >= 3
               for c in summary["combos"]), "exit %d %s %s" % (r.returncode, bad, r.stderr[-600:]))
    if 14 in majors:
        report("llc 14 says it ignores the feature", "'+enable-flat-scratch' is not a recognized feature" in r.stderr,
               r.stderr[-600:])
    kern = os.path.join(tmp, "k.ll")
    open(kern, "w").write("declare void @f(i32)\ndeclare amdgpu_kernel void @k(i32)\n")
    r = run([GCNABI, "check", "--llc-option=-mattr=+enable-flat-scratch", kern])
    report("a kernel under +enable-flat-scratch: refused at its line, exit 2",
           r.returncode == 2 and kern + ":2: error: @k is a kernel" in r.stderr, r.stderr)
