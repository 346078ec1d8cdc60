#!/usr/bin/env python3
"""The generators: boundary signatures against every llc, replay, headers,
weights, shrinking, typed pointers, and random samples every llc accepts. One pytest test per section
(`pytest tests/test_generators.py -k NAME`)."""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, ROOT, installed_llcs, profile_of, run  # noqa: E402
from soft import report  # noqa: E402
from check_common import SAN_ENV, body, gen, named, per_llc_test, section_test, status, unexplained_findings  # noqa: E402


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


def gen_accepted_by_every_llc(tmp):
    """Every generated module is accepted by every installed llc, in both IR dialects (check emits typed
    pointers for llc 14): no llc crash or unexpected refusal (exit bit 16) and no divergence between the model
    and llc or unexplained caller/callee disagreement (bit 8), apart from llc 16's documented call-site bug."""
    weights = os.path.join(tmp, "swarm.weights")
    open(weights, "w").write(gen("--dump-weights").stdout.replace("swarm_batch = 100", "swarm_batch = 25"))
    samples = {
        "default": ["--seed", "20261129", "--count", "100"],
        "swarm": ["--seed", "20261129", "--swarm", "--weights", weights, "--count", "100"],
        "enumerate": ["--enumerate", "--type", "i1", "--type", "i16 signext", "--type", "i32 inreg", "--type",
                      "<3 x half>", "--type", "ptr addrspace(5) byval({ i8, double })", "--type",
                      "ptr addrspace(1) byref([3 x i32]) align 4", "--type", "double", "--type", "<2 x i64> inreg",
                      "--cc", "ccc", "--cc", "fastcc", "--cc", "coldcc", "--cc", "amdgpu_gfx", "--max-args", "3",
                      "--from", "16500", "--count", "100"],
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


SECTIONS = [gen_replay, gen_header, gen_weights, emit_typed_pointers, shrink_candidates]
PER_LLC = [boundary_every_llc, boundary_entry_every_llc, gen_accepted_by_every_llc]
# Over half a minute alone: run first, and left out of make test-quick.
SLOW = [boundary_entry_every_llc, boundary_every_llc, gen_accepted_by_every_llc]
test = section_test(SECTIONS, SLOW)
test_per_llc = per_llc_test(PER_LLC, SLOW)
