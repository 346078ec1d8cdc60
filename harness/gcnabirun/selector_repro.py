"""A lit test for a mixed-selector disagreement: a call site built by one
instruction selector and its callee built by the other (one llc, one CPU)
that hold an argument or return part in different representations (gcnabi
check's cross-selector findings: a half as an f32 against its 16 bits).

For each such cause (the profile switch that explains it, or the cause
itself, and the caller's selector) the smallest signature the run found it
in is shrunk (gcnabi shrink) while gcnabi check, with the same llc and CPU
and both selectors, still reports it. The test compiles the emitted module
twice, once per selector, and its CHECK lines say what the ABI needs: the
representation both selectors share once the switch is off (the model's,
gcnabi place --switch NAME=off), else the callee's. Where a side holds
another, a CHECK-NOT names the opcodes the observer read it from (gcnabi
vocab --json "reprs"). The test is run with lit and every installed llc:
it must fail exactly where the model predicts the two selectors disagree."""
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import time

from . import vocab as V
from .common import GCNABI, out_dir, write_text
from .compilers import split_cpu
from .littest import LIT_CFG, TEST_PREFIX, EMIT_PREFIX, judge, lit_run, overlay, portable, version, why_it_fails
from .minimize import renamed, shrink

KIND = "cross-selector"
SHRINK_ROUNDS = 12


def representation_findings(findings):
    """The cross-selector findings whose difference is a representation."""
    return [f for f in findings if f["kind"] == KIND and (f.get("difference") or {}).get("class") == "representation"]


def cause_of(f):
    """What one reproducer stands for: the switch that explains it (or the
    cause, unexplained) and the caller's selector."""
    return (",".join(f.get("switches") or []) or f["cause"], f["selector"])


def check_finds(decl, f, subject, tmp):
    """gcnabi check of decl alone, subject llc, f's CPU, both selectors:
    the cross-selector finding of f's cause and caller selector, or None."""
    sig = os.path.join(tmp, "cand.ll")
    out = os.path.join(tmp, "cand")
    write_text(sig, decl + "\n")
    shutil.rmtree(out, ignore_errors=True)
    cpu, wave = split_cpu(f["cpu"])
    args = [GCNABI, "check", "--quiet", "--jobs", "1", "--llc", subject["path"], "--mcpu", cpu, "--out", out]
    if wave:
        args += ["--wave", str(wave)]
    subprocess.run(args + [sig], capture_output=True, text=True)
    try:
        lines = open(os.path.join(out, "findings.jsonl")).read().splitlines()
    except OSError:
        return None
    for line in lines:
        t = json.loads(line)
        if t["kind"] == KIND and t["selector"] == f["selector"] and t["cause"]["key"] == f["cause"] and \
                (t.get("difference") or {}).get("class") == "representation":
            return t
    return None


def minimized(f, subject, tmp, deadline):
    """The smallest declare line of f's signature that still shows it, and
    that finding; (None, None) when the signature alone does not."""
    best = renamed(f["signature"], "f") or f["signature"]  # the test's CHECK lines name the callee @f
    t = check_finds(best, f, subject, tmp)
    if not t:
        return None, None
    for _ in range(SHRINK_ROUNDS):
        smaller = False
        for stage in ("0", "1"):
            for cand, _size in shrink(best, "--stage", stage, "--name", "f") or []:
                if time.monotonic() > deadline:
                    return best, t
                got = check_finds(cand, f, subject, tmp)
                if got:
                    best, t, smaller = cand, got, True
                    break
            if smaller:
                break
        if not smaller:
            break
    return best, t


def place_reprs(decl, profile, cpu, selector, caller, switch_off=None):
    """The model's reprs of decl (gcnabi place --json): {("arg", k) or
    ("ret", 0): [repr per part]}."""
    args = [GCNABI, "place", "--json", "--profile", profile, "--mcpu", cpu, "--selector", selector]
    if caller:
        args.append("--caller")
    if switch_off:
        args += ["--switch", switch_off + "=off"]
    r = subprocess.run(args + [decl], capture_output=True, text=True)
    o = json.loads(r.stdout.splitlines()[0]) if r.returncode == 0 and r.stdout.strip() else {}
    if "error" in o or not o:
        return None
    out = {("arg", k): a.get("reprs") or [""] * len(a["parts"]) for k, a in enumerate(o["args"])}
    out[("ret", 0)] = o["ret"].get("reprs") or [""] * len(o["ret"]["parts"])
    return out


def part_of(t):
    d = t["difference"]
    return ("ret", 0) if d["what"] == "return" else ("arg", d["argument"]), d["part"]


def predicted(decl, t, profile, cpu, caller_sel, callee_sel):
    """Whether the model of profile says the two selectors disagree on the
    representation of t's part; None when it does not place decl."""
    a = place_reprs(decl, profile, cpu, caller_sel, True)
    b = place_reprs(decl, profile, cpu, callee_sel, False)
    where, k = part_of(t)
    if not a or not b or where not in a or where not in b or k >= len(a[where]) or k >= len(b[where]):
        return None
    x, y = a[where][k], b[where][k]
    return bool(x and y and x != y)


def opcodes(name, writer):
    """The opcodes the observer reads representation name from."""
    r = next((r for r in V.vocab()["reprs"] if r["name"] == name), None)
    return (r["writers"] if writer else r["readers"]) if r else []


def check_lines(t, decl, profile, cpu, caller_sel, callee_sel, switch):
    """(CHECK lines, what they require, the lines built from what llc did)
    for t's part: per selector, the function that writes or reads it, a
    CHECK-NOT of each opcode of a representation other than the one the
    ABI needs there, or a CHECK of that one's. None when nothing states
    the difference in opcodes."""
    where, k = part_of(t)
    caller_repr, callee_repr = t["difference"]["llc_caller_repr"], t["difference"]["llc_callee_repr"]
    need = callee_repr
    if switch:
        a = place_reprs(decl, profile, cpu, caller_sel, True, switch)
        b = place_reprs(decl, profile, cpu, callee_sel, False, switch)
        if a and b and a[where][k] and a[where][k] == b[where][k]:
            need = a[where][k]
    caller_fn, callee_fn = TEST_PREFIX + "0.caller", "f"
    ret = where[0] == "ret"
    # (prefix, function, repr it holds, writes the part?)
    sides = [(caller_sel.upper(), caller_fn, caller_repr, not ret), (callee_sel.upper(), callee_fn, callee_repr, ret)]
    want, did = [], []
    for prefix, fn, held, writer in sides:
        head = ["; %s-LABEL: name: %s" % (prefix, fn)]
        ops = opcodes(held, writer)
        # Either selector's opcode: one FileCheck pattern of them all.
        any_op = "{{%s}}" % "|".join(ops)
        if held == need:
            if ops:
                want += head + ["; %s: %s" % (prefix, any_op)]
                did += head + ["; %s: %s" % (prefix, any_op)]
            continue
        if not ops:
            return None
        want += head + ["; %s-NOT: %s" % (prefix, op) for op in ops] + ["; %s: SI_RETURN" % prefix]
        did += head + ["; %s: %s" % (prefix, any_op)]
    meaning = "%s part %d as %s on both sides (%s)" % (
        "the return" if ret else "argument %d" % where[1], k, need,
        "what the model has with %s off" % switch if switch and need != callee_repr else "what the callee reads")
    return want, meaning, did


def write_test(path, name, f, t, decl, subject, lines, meaning, ir, verdict):
    cpu, wave = split_cpu(f["cpu"])
    base = "llc -mtriple=%s -mcpu=%s%s -verify-machineinstrs%s" % (
        f.get("triple", "amdgcn-amd-amdpal"), cpu, " -mattr=+wavefrontsize%d" % wave if wave else "",
        "".join(" " + o for o in f.get("llc_options") or []))
    runs = ["; RUN: %s -stop-after=finalize-isel %%s -o - | FileCheck --check-prefix=DAG %%s" % base,
            "; RUN: %s -global-isel -stop-after=irtranslator %%s -o - | FileCheck --check-prefix=GISEL %%s" % base]
    head = ["; Reproducer %s (mixed-selector link, %s, -mcpu=%s, %s caller, %s callee): %s" % (
                name, version(subject), f["cpu"], f["selector"], t["callee_selector"], t["message"][:200]),
            "; Signature: %s" % decl, "; CHECK lines: %s." % meaning] + ["; %s" % v for v in verdict]
    write_text(path, "\n".join(head + runs + [""] + lines + ["", ir]))


def reproduce(f, key, compilers, subject, repro_dir, lit_cmd, deadline):
    """The lit test of one cross-selector finding f (of cause key), verified;
    a dict with status, verdict (or why), path."""
    tmp = tempfile.mkdtemp(prefix="gcnabi-selrepro-")
    try:
        decl, t = minimized(f, subject, tmp, deadline)
        if not t:
            return {"status": "unverified", "why": "the signature alone does not show it with %s" % version(subject)}
        cpu = split_cpu(f["cpu"])[0]
        caller_sel, callee_sel = t["selector"], t["callee_selector"]
        switch = (t["cause"]["switches"] or [None])[0]
        built = check_lines(t, decl, subject["profile"], cpu, caller_sel, callee_sel, switch)
        if not built:
            return {"status": "unverified", "why": "no opcode states the representations %s and %s" % (
                t["difference"]["llc_caller_repr"], t["difference"]["llc_callee_repr"])}
        want, meaning, did = built
        sig = os.path.join(tmp, "sig.ll")
        write_text(sig, decl + "\n")
        r = subprocess.run([GCNABI, "emit", "--typed-pointers", "--profile", subject["profile"], "--selector", caller_sel,
                            "--mcpu", cpu, "--caller", sig], capture_output=True, text=True)
        if r.returncode != 0:
            return {"status": "unverified", "why": "gcnabi emit failed: " + r.stderr.strip()}
        ir = portable("\n".join(l for l in r.stdout.splitlines() if not l.startswith("; gcnabi emit")).strip() + "\n")
        ir = ir.replace("@" + EMIT_PREFIX, "@" + TEST_PREFIX).replace("%" + EMIT_PREFIX, "%" + TEST_PREFIX)
        # The key's digest keeps two causes of one switch, CPU and selector apart.
        name = "selector-%s-%s-%s-%s" % (switch or "unexplained", f["cpu"], caller_sel,
                                         hashlib.sha1(key.encode()).hexdigest()[:6])
        path = os.path.join(repro_dir, name + ".ll")
        out_dir(*os.path.split(repro_dir))
        write_text(os.path.join(repro_dir, "lit.cfg.py"), LIT_CFG)
        write_test(path, name, f, t, decl, subject, want, meaning, ir, [])
        exec_root = os.path.join(tmp, "exec")
        observed, expected = {}, {}
        order = [subject] + [c for c in compilers if c["path"] != subject["path"]]
        for c in order:
            ok, log = lit_run(lit_cmd, path, overlay(c, tmp), exec_root, deadline)
            # A failure is the CHECK lines' only where both selectors compile the module.
            observed[c["path"]] = (ok, log, None) if ok is not False else min(
                (why_it_fails(c, dict(f, selector=sel), path, None) for sel in ("dag", "gisel")), key=lambda o: o[2] == "check")
            p = predicted(decl, t, c["profile"], cpu, caller_sel, callee_sel)
            expected[c["path"]] = (None if p is None else not p,
                                   "the model predicts %s" % ("the disagreement" if p else "agreement"), "check")
        expected[subject["path"]] = (False, "", "check")
        status, verdict = judge(subject, order, observed, expected)
        if status is None:
            side = os.path.join(tmp, "side.ll")
            write_text(os.path.join(tmp, "lit.cfg.py"), LIT_CFG)  # lit looks for its configuration beside the test
            write_test(side, name, f, t, decl, subject, did, meaning, ir, [])
            one_sided, _ = lit_run(lit_cmd, side, overlay(subject, tmp), exec_root, deadline)
            if one_sided:
                status = "verified (one-sided)"
                verdict += "; no installed llc behaves the other way; the same CHECK lines built from what it did " \
                           "PASS with it"
            else:
                status, verdict = "unverified", "NOT " + verdict[0].lower() + verdict[1:]
        write_test(path, name, f, t, decl, subject, want, meaning, ir, [verdict])
        return {"status": status, "verdict": verdict, "path": name + ".ll", "signature": decl}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def reproduce_all(findings, compilers, run_dir, lit_cmd, end, done):
    """One lit test per mixed-selector cause (cause_of) the findings show,
    the first not already in done ({key: result}); returns done."""
    first = {}
    for f in representation_findings(findings):
        key = "%s|%s|%s" % ((KIND,) + cause_of(f))
        if key not in done and key not in first:
            first[key] = f
    for key, f in first.items():
        subject = next((c for c in compilers if c["label"] == f["label"]), None)
        if not subject or not lit_cmd:
            done[key] = {"key": key, "status": "unverified", "why": "no llc or no lit to verify it with"}
            continue
        deadline = min(end, time.monotonic() + 300) if end else time.monotonic() + 300
        done[key] = dict(reproduce(f, key, compilers, subject, os.path.join(run_dir, "repro"), lit_cmd, deadline), key=key)
    return done
