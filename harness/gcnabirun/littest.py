"""A minimized divergence as a lit test: the IR of the signature and a
caller (gcnabi emit), RUN lines for the llc and selector involved, and
CHECK lines built from the behaviour the ABI expects there (llc's own
callee for a caller/callee disagreement, the model for a model/llc
divergence), so that the test fails on the compiler as it behaves and
passes on one that behaves the other way. Each test is verified by running
lit on it: with the compiler it was found on (it must fail) and with every
other installed llc (those that pass are named in the test)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from . import vocab as V
from .common import GCNABI, run_bounded, write_text
from .compilers import filecheck

LIT_MIN_SECONDS = 5  # one lit run: llc and FileCheck on one small function
LIT_MAX_SECONDS = 120
REDUCE_MIN_SECONDS = 30  # whatever is left: the measured reductions take 2-10 s
REDUCE_MAX_SECONDS = 300

LIT_CFG = '''# lit configuration of gcnabi's reproducers. Run them with the llc and
# FileCheck of one LLVM installation first on PATH:
#   lit --param llvm_bin=/usr/lib/llvm-16/bin -v .
import os
import tempfile

import lit.formats

config.name = "gcnabi-repro"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".ll"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params.get("exec_root", os.path.join(tempfile.gettempdir(), "gcnabi-lit"))
bindir = lit_config.params.get("llvm_bin")
path = os.environ.get("PATH", "")
config.environment["PATH"] = bindir + os.pathsep + path if bindir else path
'''


def llc_flags(f):
    flags = ["-mtriple=amdgcn-amd-amdpal", "-mcpu=%s" % re.sub(r"w(32|64)$", "", f["cpu"])]
    m = re.search(r"w(32|64)$", f["cpu"])
    if m:
        flags.append("-mattr=+wavefrontsize%s" % m.group(1))
    if f["selector"] == "dag":
        flags.append("-stop-after=finalize-isel")
    elif f["selector"] == "gisel":
        flags += ["-global-isel", "-stop-after=irtranslator"]
    else:
        flags += ["-global-isel", "-new-reg-bank-select", "-stop-after=amdgpu-regbanklegalize"]
    return flags


def reg(loc):
    m = re.fullmatch(r"([sv])(\d+)", loc)
    return ("$sgpr" if m.group(1) == "s" else "$vgpr") + m.group(2) if m else None


def check_lines(placement, role, prefix="CHECK"):
    """CHECK-DAG lines for where a placement puts each part: in the callee
    (it reads the registers, its fixed stack objects sit at the offsets) or
    at the call (the caller writes the registers)."""
    out = []
    for a in placement.get("args", []):
        sizes = a.get("slot_sizes") or []
        for k, loc in enumerate(a.get("parts", [])):
            r = reg(loc)
            if r and role == "callee":
                out.append("; %s-DAG: = COPY %s{{$}}" % (prefix, r))
            elif r:
                out.append("; %s-DAG: %s = COPY {{%%[0-9]+}}" % (prefix, r))
            elif loc.startswith("stack+") and role == "callee":
                size = sizes[k] if k < len(sizes) and sizes[k] else None
                out.append("; %s-DAG: offset: %s, size: %s" % (prefix, loc[6:], "%d," % size if size else ""))
    ret = placement.get("ret") or {}
    for loc in ret.get("parts", []):
        r = reg(loc)
        if r and role == "callee":
            out.append("; %s-DAG: %s = COPY {{%%[0-9]+}}" % (prefix, r))
        elif r:
            out.append("; %s-DAG: = COPY %s{{$}}" % (prefix, r))
    seen, res = set(), []
    for l in out:
        if l not in seen:
            seen.add(l)
            res.append(l)
    return res


def llc_of(detail):
    return detail["llc"] if isinstance(detail.get("llc"), dict) else {}


def expectation(f, detail):
    """(CHECK lines the ABI expects, CHECK lines of what the compiler did,
    what the expectation is)."""
    axis = f["axis"]
    head = ["; CHECK-LABEL: {{^}}name: f{{$}}"]
    caller = ["; CHECK-LABEL: {{^}}name: gcnabi.0.caller{{$}}"]
    if axis == "caller-vs-callee":
        callee = detail.get("llc_callee") or {}
        want = head + check_lines(callee, "callee") + caller + check_lines(callee, "caller")
        did = head + check_lines(callee, "callee") + caller + check_lines(detail.get("llc_caller") or {}, "caller")
        return want, did, "the caller writes every part where this llc's own callee reads it"
    if axis == "model-vs-llc":
        want = head + check_lines(detail.get("model") or {}, "callee")
        did = head + check_lines(llc_of(detail), "callee")
        return want, did, "the callee reads its arguments where the model (profile %s) places them" % f["profile"]
    if axis == "model-vs-llc-caller":
        want = head + caller + check_lines(detail.get("model") or {}, "caller")
        did = head + caller + check_lines(llc_of(detail), "caller")
        return want, did, "the caller passes its arguments where the model (profile %s) places them" % f["profile"]
    # crash: llc compiles both functions
    return head + caller, None, "llc compiles the function and its caller"


def lit_run(lit_cmd, test, bindir, exec_root, deadline):
    """(lit passed: True, False, or None when it timed out, its output);
    lit gets what is left before the deadline (time.monotonic), at least
    LIT_MIN_SECONDS and at most LIT_MAX_SECONDS."""
    timeout = max(LIT_MIN_SECONDS, min(LIT_MAX_SECONDS, deadline - time.monotonic()))
    try:
        r = run_bounded(lit_cmd + ["-v", "--param", "llvm_bin=" + bindir, "--param", "exec_root=" + exec_root, test],
                        timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "lit timed out after %d s" % timeout
    return r.returncode == 0, r.stdout + r.stderr


def overlay(compiler, tmp):
    """A folder holding `llc` (the compiler, a wrapper too) and a FileCheck."""
    d = os.path.join(tmp, "bin-%s-%d" % (re.sub(r"\W", "_", compiler["version"]), abs(hash(compiler["path"])) % 10000))
    if not os.path.isdir(d):
        os.makedirs(d)
        os.symlink(compiler["path"], os.path.join(d, "llc"))
        fc = filecheck(compiler)
        if fc:
            os.symlink(fc, os.path.join(d, "FileCheck"))
    return d


def needle(f):
    """A fixed string of the crash's first error line that any instance of
    it prints: the text before the first register, value or number."""
    if f.get("kind") == "hang" or f["why"].startswith("killed by "):
        return None  # gcnabi's words (a timeout, a signal without a message), not llc's
    m = re.match(r"[^%$@'\"\d]*", f["why"].split(" (killed by ")[0])
    text = m.group(0).strip() if m else ""
    return text if len(text) >= 12 else None


def reduce_ir(ir, f, subject, tmp, deadline):
    """llvm-reduce with an interestingness test that runs the compiler and
    looks for the crash's error text; the reduced IR or None. It gets half
    of what is left before the deadline (the rest is for lit), at least
    REDUCE_MIN_SECONDS and at most REDUCE_MAX_SECONDS."""
    tool = os.path.join(os.path.dirname(os.path.realpath(subject["path"])), "llvm-reduce")
    text = needle(f)
    seconds = max(REDUCE_MIN_SECONDS, min(REDUCE_MAX_SECONDS, (deadline - time.monotonic()) / 2))
    if not text or not os.access(tool, os.X_OK):
        return None
    src = os.path.join(tmp, "crash.ll")
    write_text(src, ir)
    # Interesting: llc prints a line that normalizes to the bucket's text
    # (the same cause, not just any error of the same pass).
    same = os.path.join(tmp, "same_cause.py")
    write_text(same, "import sys\nsys.path.insert(0, %r)\nfrom gcnabirun.findings import normalize\n"
                     "sys.exit(0 if any(normalize(l).startswith(%r) for l in sys.stdin) else 1)\n" % (
                         os.path.dirname(os.path.dirname(os.path.abspath(__file__))), f["what"]))
    test = os.path.join(tmp, "interesting.sh")
    write_text(test, "#!/bin/sh\nLLVM_DISABLE_SYMBOLIZATION=1 '%s' %s \"$1\" -o /dev/null 2>&1 | '%s' '%s'\n" % (
        subject["path"], " ".join(llc_flags(f)), sys.executable, same))
    os.chmod(test, 0o755)
    out = os.path.join(tmp, "reduced.ll")
    try:
        r = run_bounded([tool, "--test=" + test, "--output=" + out, src], timeout=seconds, cwd=tmp)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode or not os.path.exists(out):
        return None
    return "\n".join(l for l in open(out).read().splitlines() if not l.startswith("; ModuleID")).strip() + "\n"


def wave_args(cpu):
    """gcnabi emit's --wave for a CPU as the harness names it (gfx1030w64):
    the wave size it names, else the CPU's own (gcnabi vocab)."""
    m = re.fullmatch(r"(.*?)w(32|64)", cpu)
    wave = int(m.group(2)) if m else V.default_wave(cpu)
    return ["--wave", "64"] if wave == 64 else []


def write_and_verify(repro_dir, name, f, subject, decl, detail, others, lit_cmd, deadline, reduce=True, graph=None):
    """Writes repro_dir/name.ll and verifies it, trying to finish before the
    deadline (time.monotonic); a crash's IR goes through llvm-reduce first
    unless reduce is false. graph: instead of decl, (file, function): the
    call graph of the file holding @function, whose module llc fails on (its
    reduced IR is the test). Returns a description."""
    os.makedirs(repro_dir, exist_ok=True)
    write_text(os.path.join(repro_dir, "lit.cfg.py"), LIT_CFG)
    tmp = tempfile.mkdtemp(prefix="gcnabi-lit-")
    try:
        if graph:
            sig = graph[0]
            emit = [GCNABI, "emit", "--profile", f["profile"], "--graph-of", graph[1]] + wave_args(f["cpu"])
        else:
            sig = os.path.join(tmp, "sig.ll")
            write_text(sig, decl + "\n")
            emit = [GCNABI, "emit", "--caller", "--profile", f["profile"]]
        r = subprocess.run(emit + [sig], capture_output=True, text=True)
        if r.returncode:
            return {"status": "unverified", "why": "gcnabi emit failed: " + r.stderr.strip()}
        out = r.stdout.splitlines()
        graph_lines = [l[len("; call graph: "):] for l in out if l.startswith("; call graph: ")]
        ir = "\n".join(l for l in out if not l.startswith(("; gcnabi emit", "; call graph: "))).strip() + "\n"
        want, did, meaning = expectation(f, detail)
        run = "; RUN: llc %s %%s -o - | FileCheck %%s" % " ".join(llc_flags(f))
        reduced = reduce and f["axis"] == "crash" and reduce_ir(ir, f, subject, tmp, deadline)
        if graph and not reduced:
            # The call graph as found: the test is that llc compiles it.
            want, did = [], None
            run = "; RUN: llc %s %%s -o /dev/null" % " ".join(llc_flags(f))
            meaning = "none; llc compiles the call graph's module (gcnabi emit of the graph above)"
        if reduced:
            # llvm-reduce keeps what the crash needs, not the function names
            # the CHECK lines would look for: the test is that llc compiles it.
            ir, want, did = reduced, [], None
            run = "; RUN: llc %s %%s -o /dev/null" % " ".join(llc_flags(f))
            meaning = "none; llc compiles the IR (reduced by llvm-reduce from the emitted %s)" % (
                "call graph" if graph else "function and caller")

        def text(lines, verdict):
            head = ["; gcnabi reproducer %s: %s" % (name, f["axis"]),
                    "; %s" % f["what"],
                    "; found: %s, %s (%s), %s" % (f["combo"], f["function"], f["unit"], f["why"][:200]),
                    "; minimized to: %s" % decl] + ["; from the call graph: %s" % l for l in graph_lines] + [
                    "; CHECK lines: %s." % meaning] + ["; %s" % v for v in verdict]
            return "\n".join(head + [run, ""] + lines + ["", ir])
        path = os.path.join(repro_dir, name + ".ll")
        write_text(path, text(want, []))
        exec_root = os.path.join(tmp, "exec")
        passed, log = lit_run(lit_cmd, path, overlay(subject, tmp), exec_root, deadline)
        # A timed-out lit run is no failure of the test (not the crash, not
        # the CHECK lines): the reproducer stays unverified.
        fails_subject = passed is False
        passes = []
        for c in others:
            ok, _ = lit_run(lit_cmd, path, overlay(c, tmp), exec_root, deadline)
            if ok:
                passes.append(c["version"])
        one_sided = False
        if did and not passes:
            # Nothing installed behaves the other way: the same CHECK lines
            # built from what this llc did must pass on it.
            side = os.path.join(tmp, "side.ll")
            write_text(side, text(did, []).replace("; RUN: llc", "; RUN: llc", 1))
            one_sided, _ = lit_run(lit_cmd, side, overlay(subject, tmp), exec_root, deadline)
        if fails_subject and passes:
            status = "verified"
            verdict = ["verified by lit: FAILS with %s (%s); PASSES with %s" % (
                subject["version"], subject["path"], ", ".join(passes))]
        elif fails_subject and (one_sided or (not did and f["axis"] == "crash")):
            status = "verified (one-sided)"
            verdict = ["verified by lit: FAILS with %s (%s); no installed llc behaves the other way%s" % (
                subject["version"], subject["path"],
                "; the same CHECK lines built from what it did PASS with it" if one_sided else "")]
        elif passed is None:
            status = "unverified"
            verdict = ["NOT verified: %s with %s" % (log, subject["version"])]
        else:
            status = "unverified"
            verdict = ["NOT verified: lit %s with %s%s" % ("failed" if fails_subject else "passed", subject["version"],
                                                          "" if fails_subject else " (expected a failure)")]
        write_text(path, text(want, verdict))
        return {"status": status, "verdict": verdict[0], "passes_with": passes, "path": name + ".ll"}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
