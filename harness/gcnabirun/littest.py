"""A minimized divergence as a lit test: the IR of the signature and a
caller (gcnabi emit), RUN lines for the llc and selector involved, and
CHECK lines built from the behaviour the ABI expects there (llc's own
callee for a caller/callee disagreement, the model for a model/llc
divergence), so that the test fails on the compiler as it behaves and
passes on one that behaves the other way. The test names no path and no
gcnabi name: it runs with upstream lit from a copy anywhere. It is verified
by running lit with every installed llc: the compiler it was found on must
fail, and every other one must do what the model predicts for it (its own
profile's placement gives the CHECK lines, or it does not); any other
outcome names the llc that disagreed."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from . import compilers as C
from . import findings as F
from . import vocab as V
from .common import GCNABI, out_dir, run_bounded, write_text
from .compilers import split_cpu
from . import minimize as M
from .minimize import NAME

LIT_MIN_SECONDS = 5  # one lit run: llc and FileCheck on one small function
LIT_MAX_SECONDS = 120
REDUCE_MIN_SECONDS = 30  # whatever is left: the measured reductions take 2-10 s
REDUCE_MAX_SECONDS = 300

# The emitter's own names (@gcnabi.0.caller, @gcnabi.0.in.0, %gcnabi.o0) as
# the test spells them: a prefix that says nothing of the tool.
EMIT_PREFIX, TEST_PREFIX = "gcnabi.", "abi."

LIT_CFG = '''# lit configuration of these reproducers: run them with upstream lit and the
# llc, FileCheck and not of one LLVM installation,
#   lit.py --param llvm_bin=<that LLVM>/bin -v .
# (without llvm_bin, those first on PATH). Each test is an llvm/test/CodeGen
# /AMDGPU-style .ll file that needs nothing else.
import os

import lit.formats

config.name = "amdgpu-abi-repro"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".ll"]
config.test_source_root = os.path.dirname(__file__)
if lit_config.params.get("exec_root"):
    config.test_exec_root = lit_config.params["exec_root"]
bindir = lit_config.params.get("llvm_bin")
path = os.environ.get("PATH", "")
config.environment["PATH"] = bindir + os.pathsep + path if bindir else path
'''


def llc_flags(f, verify=True):
    """llc's options in the test's RUN line: the finding's target and
    selector, and the machine verifier unless verify is false."""
    cpu, wave = split_cpu(f["cpu"])
    flags = ["-mtriple=%s" % f.get("triple", "amdgcn-amd-amdpal"), "-mcpu=%s" % cpu]
    if wave:
        flags.append("-mattr=+wavefrontsize%d" % wave)
    flags += f.get("llc_options") or []  # the run's and its input's, as check gave them
    if verify:
        flags.append("-verify-machineinstrs")  # as gcnabi check runs llc
    if f["axis"] == "final-code":
        # The final code, with the options check --final-code gives llc.
        return flags + (["-global-isel"] if f["selector"].startswith("gisel") else []) + \
            (["-new-reg-bank-select"] if f["selector"] == "gisel-nrbs" else []) + V.final_code_llc_flags()
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


# How the MIR shows a part in a register. Read: a COPY out of it (the
# function's entry, or a call's result). Written: any instruction with an
# operand (COPY, V_READFIRSTLANE_B32, S_MOV_B32, V_MOV_B32_e32: each llc
# from 14 to 22 uses some of them at call sites and returns); IMPLICIT_DEF,
# which writes no value, has none.
READ = "; %s-DAG: = COPY %s{{$}}"
WRITE = "; %s-DAG: %s = {{[A-Z][A-Z0-9_]*}} {{[^[:space:]]}}"
# A caller writes a stack part with a store whose memory operand starts at
# its offset: "(store (s32) into stack + 64, align 16, addrspace 5)", at 0
# "into stack, ..." (llc 14 to 22, SelectionDAG and GlobalISel alike).
STACK_WRITE = "; %s-DAG: into stack%s, "


def stack_write(prefix, offset):
    return STACK_WRITE % (prefix, " + %s" % offset if offset != "0" else "")


def part_lines(placement, role, prefix="CHECK"):
    """CHECK-DAG lines for where a placement puts each part, the arguments'
    and the return's: in the callee (it reads the argument registers, its
    fixed stack objects sit at the offsets, it writes the return registers)
    or at the call (the caller writes the argument registers and stores at
    the stack offsets, then reads the return's)."""
    args = []
    for a in placement.get("args", []):
        sizes = a.get("slot_sizes") or []
        for k, loc in enumerate(a.get("parts", [])):
            r = reg(loc)
            if r and role == "callee":
                args.append(READ % (prefix, r))
            elif r:
                args.append(WRITE % (prefix, r))
            elif loc.startswith("stack+") and role == "callee":
                size = sizes[k] if k < len(sizes) and sizes[k] else None
                args.append("; %s-DAG: offset: %s, size: %s" % (prefix, loc[6:], "%d," % size if size else ""))
            elif loc.startswith("stack+"):
                args.append(stack_write(prefix, loc[6:].split("/")[0]))
    ret = [(WRITE if role == "callee" else READ) % (prefix, reg(loc))
           for loc in (placement.get("ret") or {}).get("parts", []) if reg(loc)]
    return unique(args), unique(ret)


def unique(lines):
    seen, res = set(), []
    for l in lines:
        if l not in seen:
            seen.add(l)
            res.append(l)
    return res


def check_lines(placement, role, prefix="CHECK"):
    args, ret = part_lines(placement, role, prefix)
    return unique(args + ret)


# A call in the caller's MIR (SI_CALL, GlobalISel's G_SI_CALL): in a caller
# of several functions, the lines of one call sit between the call before it
# and this call.
CALL = "; CHECK: SI_CALL"


def llc_of(detail):
    return detail["llc"] if isinstance(detail.get("llc"), dict) else {}


# What each axis's test checks: the roles (the callee reading its
# arguments, the caller writing them), where the expectation comes from
# (a detail key) and where what the compiler did does.
AXIS_TESTS = {
    "caller-vs-callee": (("callee", "caller"), {"callee": "llc_callee", "caller": "llc_callee"},
                         {"callee": "llc_callee", "caller": "llc_caller"},
                         "the caller writes every part where this llc's own callee reads it"),
    "model-vs-llc": (("callee",), {"callee": "model"}, {"callee": "llc"},
                     "the callee reads its arguments where the ABI (gcnabi's model of this llc) places them"),
    "model-vs-llc-caller": (("caller",), {"caller": "model"}, {"caller": "llc"},
                            "the caller passes its arguments where the ABI (gcnabi's model of this llc) places them"),
}


END = "; CHECK-LABEL: {{^[.][.][.]$}}"


def labelled(roles, placements, names, ir):
    """The CHECK lines of the roles: each function's CHECK-LABEL, in the
    order the module defines them, then its CHECK-DAG lines; names["call"]:
    (k, n) when the caller makes n calls and the test's is the k-th."""
    blocks = []
    for role in ("callee", "caller"):
        if role in roles or (role == "caller" and not roles):
            args, ret = part_lines(placements.get(role) or {}, role) if role in roles else ([], [])
            k, n = names.get("call") or (0, 1)
            if role == "caller" and n > 1 and roles:
                args = [CALL] * k + args + [CALL]
            if blocks and names[role] == names["callee"]:
                blocks[0][1][-1:-1] = args + ret  # a function that calls itself: one block
                continue
            # The function's MIR document ends at "...", a label, which
            # bounds the CHECK-DAG lines before it: they cannot match in the
            # function after it (a callee's reads in its own callee's body).
            blocks.append((ir.find("@%s(" % names[role]),
                           ["; CHECK-LABEL: {{^}}name: %s{{$}}" % names[role]] + args + ret + [END]))
    return [l for _, b in sorted(blocks, key=lambda x: x[0]) for l in b]


# The return-address pair: the one register the contract fixes in every
# call and return (s_setpc_b64 s[30:31], s_swappc_b64 s[30:31], ...).
RETURN_ADDRESS = "s[30:31]"


def asm_pattern(text, registers=True):
    """A FileCheck pattern of an instruction check --final-code names
    ("mnemonic op, op", as llc prints it up to its modifiers): an operand
    naming a symbol or a label matches any (the test's names are not
    check's, nor its blocks' numbers), and so does every register but the
    return address unless registers (another llc allocates others); the
    last operand ends there."""
    mnemonic, _, ops = text.partition(" ")
    keep = lambda o: "@" not in o and ".L" not in o and (registers or o == RETURN_ADDRESS)
    ops = [o if keep(o) else "{{[^,]*}}" for o in ops.split(", ")] if ops else []
    return "%s %s{{( |,|$)}}" % (mnemonic, ", ".join(ops)) if ops else mnemonic + "{{( |$)}}"


def final_lines(final, names, culprit):
    """CHECK lines on a final-code finding's function: its label, then
    (culprit) the instruction that breaks the contract must not come before
    the one the verdict is about; (not culprit) both come, in that order:
    what the compiler did."""
    function = final["function"]
    name = names["caller"] if re.fullmatch(r"gcnabi\.\d+\.caller", function) else names["callee"]
    # FileCheck reads the text outside {{...}} literally: the name as it is.
    lines = ["; CHECK-LABEL: {{^}}%s:" % name]
    if final.get("culprit"):
        lines.append("; CHECK%s: %s" % ("-NOT" if culprit else "", asm_pattern(final["culprit"])))
    if final.get("at"):
        # where the verdict is: a return, a call or a tail call, whatever
        # registers this llc holds the callee's address in
        lines.append("; CHECK: %s" % asm_pattern(final["at"], registers=False))
    return lines


def expectation(f, detail, names, ir):
    """(roles checked, CHECK lines the ABI expects, CHECK lines of what the
    compiler did or None, what the expectation is)."""
    if V.crashes(f) and f["axis"] == "final-code":
        # llc fails on the final code: the test is that it fails so.
        pattern = error_pattern(f)
        if not pattern:
            return (), [], None, "none; llc prints no error line of its own here (%s)" % f["why"][:160]
        return (), ["; CHECK: %s" % pattern], None, "llc fails on the final code with this error"
    if f["axis"] == "final-code":
        final = detail.get("final") or {}
        if not final.get("culprit"):
            # No one instruction wrote what is wrong (an argument never
            # written, a register left at its entry value): nothing for a
            # CHECK-NOT to find; the test checks only that llc compiles it.
            return (), [], None, "none; gcnabi check --final-code names no one instruction that breaks the " \
                "contract here (%s)" % f["why"][:160]
        return (), final_lines(final, names, True), final_lines(final, names, False), \
            "`%s` (which writes the value the contract is broken by) must not come before `%s` in the " \
            "function's final code" % (final["culprit"], final.get("at") or "the end")
    if f["axis"] not in AXIS_TESTS:
        # crash: llc compiles the function and its caller
        return (), labelled((), {}, names, ir), None, "llc compiles the function and its caller"
    roles, want, did, meaning = AXIS_TESTS[f["axis"]]
    place = lambda src: {r: (llc_of(detail) if k == "llc" else detail.get(k) or {}) for r, k in src.items()}
    return roles, labelled(roles, place(want), names, ir), labelled(roles, place(did), names, ir), meaning


# Runs of digits, hex numbers, @names, %values and $registers: what differs
# between two instances of one error (check normalizes the same).
VARIABLE = re.compile(r"0x[0-9a-fA-F]*|\d+|@[\w.$-]+|%[\w.]+|\$\w+")
# The finding kind of a crash that did not happen again (check's
# vocabulary): llc failed on the module once and compiled it when run
# again, so a test would pass or fail by chance (llc 22 GlobalISel's crash
# in the Legalizer on seed 20261208's module: 1 run of 6).
FLAKY_KIND = "flaky-crash"
FLAKY_RUNS = 5  # more runs of a test whose llc does not fail for the cause
NO_FLAKY_TEST = {"status": "unverified", "verdict": "no lit test: llc failed on it once and compiled it when run "
                 "again (%s); a test would pass or fail by chance" % FLAKY_KIND, "path": None,
                 "passes_with": [], "fails_with": [], "disagree": []}
# A virtual register's register bank or class (%12:sgpr(s32),
# %3:sreg_32_xm0(s16), %5:vgpr_32): scalar or vector.
BANK = re.compile(r":([sv])(?:gpr|reg)\w*\(")
BANK_MARK = re.compile("\0[sv]\0")


def error_pattern(f):
    """A FileCheck pattern of llc's own error line in a crash's message,
    without gcnabi's words around it (the signal, the machine verifier's
    "*** Bad machine code: MSG ***", a stack dump's "Running pass 'PASS'",
    an error's "in function NAME TYPE: " before its message); every number,
    name and register matches any. None when llc printed no line of its own
    (a signal without a message, a limit)."""
    if gcnabi_words(f):
        return None
    line = f["llc_failure"]["error"]
    vocab = V.vocab()
    if line.startswith(vocab["verifier_prefix"]):
        line = re.sub(r" \(after [^)]*\)$", "", line[len(vocab["verifier_prefix"]):])
    elif line.startswith(vocab["crash_prefix"]):
        line = "Running pass '%s'" % line[len(vocab["crash_prefix"]):].split("'")[0]
    elif re.search(r"\bin function \S", line):
        line = line.rsplit(": ", 1)[-1]
    if "{{" in line or "[[" in line:
        return None
    # The test's module names the emitter's functions as portable() does
    # (gcnabi.0.caller is abi.0.caller there), wherever a line names one;
    # and the function "in function: NAME" names is any: a call graph's
    # failure found in g0.n1 may show in the reproducer's caller.
    line = re.sub(r"(in function: )[\w.$-]+", r"\1@f", line.replace(EMIT_PREFIX, TEST_PREFIX))
    # ... and so is the one "in function 'NAME'" names (the final code's
    # gcnabi.0.fn is the signature's own name in the reproducer: seed 31337)
    line = re.sub(r"(in function ')[^']*'", r"\1@f'", line)
    # A virtual register's bank or class is the one llc had assigned: a
    # scalar one any scalar (llc 22 printed %14:sreg_32(s16) where it had
    # failed on %614:sgpr(s16)), a vector one any vector, as `gcnabi
    # cause` reads them the same.
    line = BANK.sub(lambda m: ":\0%s\0(" % m.group(1), line.strip())
    pattern = "{{.*}}".join(VARIABLE.split(line))
    pattern = re.sub("\0([sv])\0", lambda m: "{{%s(gpr|reg)[a-z0-9_]*}}" % m.group(1), pattern)
    return pattern if len(VARIABLE.sub("", BANK_MARK.sub("", line))) >= 12 else None


def model_placement(sig, name, f, profile, caller):
    """gcnabi place of @name under a profile, at the finding's CPU, wave and
    selector: its JSON (an "error" when the model says llc refuses it)."""
    cpu, wave = split_cpu(f["cpu"])
    cmd = [GCNABI, "place", "--json", "--profile", profile, "--mcpu", cpu,
           "--selector", "gisel" if f["selector"].startswith("gisel") else "dag"]
    cmd += ["--wave", str(wave)] if wave else []
    r = subprocess.run(cmd + (["--caller"] if caller else []) + [sig], capture_output=True, text=True)
    if r.returncode:
        return {"error": "gcnabi place: " + r.stderr.strip()}
    for l in r.stdout.splitlines():
        p = json.loads(l)
        if p.get("name") == name:
            return p
    return {"error": "gcnabi place printed no @%s" % name}


def predict(c, f, sig, names, roles, want, ir, emitted):
    """(whether the model predicts that the test passes with compiler c,
    why not): c's own profile places the signature; the test passes when
    every CHECK line it has is one the model's placement gives. None when
    the model predicts nothing: gcnabi emits other IR for c's profile than
    the test holds (emitted(profile) is what it emits)."""
    if emitted(c["profile"]) != emitted(f["profile"]):
        return None, "the IR gcnabi emits for %s differs from the test's" % version(c), None
    if f["axis"] == "final-code":
        return final_prediction(c, f, sig)
    placements = {}
    for role in ("callee", "caller"):
        p = model_placement(sig, names["callee"], f, c["profile"], role == "caller")
        if "error" in p:
            return False, "the model of %s refuses it: %s" % (version(c), p["error"]), "llc"
        placements[role] = p
    mine = set(labelled(roles, placements, names, ir))
    missing = [l for l in want if l not in mine]
    if missing:
        return False, "the model of %s places it otherwise (not `%s`)" % (version(c), missing[0][2:]), "check"
    return True, "", None


def final_prediction(c, f, sig):
    """What `gcnabi check --final-code` of the reproducer's signature does
    with compiler c: (False, why, "check") where it shows the same cause,
    (True, ...) where the final code of every function is proven, None
    otherwise (llc refuses it, a verdict is unknown, check failed)."""
    tmp = tempfile.mkdtemp(prefix="gcnabi-final-")
    try:
        out = os.path.join(tmp, "out")
        try:
            r = run_bounded([GCNABI] + C.check_command(c, f, out) + [sig], timeout=LIT_MAX_SECONDS)
        except subprocess.TimeoutExpired:
            return None, "gcnabi check --final-code ran past %d s with %s" % (LIT_MAX_SECONDS, version(c)), None
        if r.returncode & (1 | 2 | 32 | 64) or F.incomplete(out):
            return None, "gcnabi check --final-code failed with %s (exit %d)" % (version(c), r.returncode), None
        found = [t for t, _ in F.read_findings(out)]
        if any(t["axis"] == "final-code" and t["cause"]["key"] == f["cause"] for t in found):
            return False, "gcnabi check --final-code shows the same violation with %s" % version(c), "check"
        # llc failing on the program the test compiles (lane-varying inreg
        # values as written, or made uniform): the test fails there too.
        uniform = bool((f.get("final") or {}).get("uniform_inreg"))
        refused = [t for t in found if t["kind"] == "final-code-refused" and
                   bool((t.get("final") or {}).get("uniform_inreg")) == uniform]
        if refused:
            return False, "%s fails on its final code (%s)" % (version(c), refused[0]["message"][:160]), "llc"
        counts = [co.get("final_code") or {} for co in json.load(open(os.path.join(out, "summary.json")))["combos"]]
        if counts and all(n.get("proven") and not (n.get("violated") or n.get("unknown") or n.get("not_compiled"))
                          for n in counts):
            return True, "", None
        return None, "gcnabi check --final-code proves no verdict of it with %s (%s)" % (
            version(c), ", ".join("%s %s" % (v, k) for n in counts for k, v in sorted(n.items()) if v)), None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# What keeps a function or call from being compiled to the end in gcnabi
# check's summary: llc refused it (as the model says, or not), its body,
# or its final code (check --final-code).
NOT_COMPILED = ("llc_refused", "both_refused", "body_refused", "model_refused", "not_emitted", "calls_refused",
                "calls_both_refused", "calls_body_refused", "not_run")


def check_reproducer(c, f, sig, tmp):
    """What `gcnabi check` of the reproducer's signatures (sig: a file)
    does with compiler c at the finding's CPU and selector: (False, why,
    "cause") when it shows the crash's cause; (False, why, "llc") when llc
    fails otherwise: another crash, or a refusal (as the model says or
    not), where llc fails on the test's module too; (True, why, None) when
    every function and call compiles (to the final code, for a finding in
    it); None when check failed."""
    out = os.path.join(tmp, "again-%d" % (abs(hash(c["path"])) % 100000))
    args = [GCNABI] + C.check_command(c, f, out)
    try:
        r = run_bounded(args + [sig], timeout=LIT_MAX_SECONDS)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode & (1 | 32 | 64) or F.incomplete(out):
        return None
    said = "gcnabi check of the reproducer's signatures %%s with %s" % version(c)
    crashes = [t for t, _ in F.read_findings(out) if V.crashes(t)]
    if any(t["cause"]["key"] == f["cause"] for t in crashes):
        return False, said % "shows the same cause", "cause"
    if crashes:
        return False, said % ("shows another failure (%s)" % crashes[0]["cause"]["key"][:120]), "llc"
    combos = json.load(open(os.path.join(out, "summary.json")))["combos"]
    stopped = sorted({k for co in combos for k in NOT_COMPILED if co["counts"].get(k)} |
                     {"final code " + k for co in combos for k in ("not_compiled", "refused")
                      if (co.get("final_code") or {}).get(k)})
    if stopped:
        return False, said % ("does not compile them (%s)" % ", ".join(stopped)), "llc"
    if f["axis"] == "final-code" and not any((co.get("final_code") or {}).get(k) for co in combos
                                             for k in ("proven", "violated", "unknown", "not_checked")):
        return None  # it compiled no final code of them
    return True, said % "compiles them", None


def crash_expectation(c, f, ran_clean, sigs):
    """(whether a crash's lit test passes with compiler c, why): it passes
    where the run compiled the finding's unit without a failure, unless the
    model of c refuses a function the run compiled then (sigs: a file of
    them; llc did not compile it there, both refused); no prediction where
    the run did not use c. The model says nothing of crashes themselves."""
    if c["path"] not in ran_clean:
        return None, "the run did not compile it with %s" % version(c), None
    cpu, wave = split_cpu(f["cpu"])
    r = subprocess.run([GCNABI, "place", "--json", "--profile", c["profile"], "--mcpu", cpu, "--selector",
                        "gisel" if f["selector"].startswith("gisel") else "dag"] +
                       (["--wave", str(wave)] if wave else []) + [sigs], capture_output=True, text=True)
    refused = [p["error"] for p in map(json.loads, r.stdout.splitlines()) if p.get("error")] if not r.returncode \
        else [r.stderr.strip()]
    if refused:
        return None, "the run did not compile it with %s: the model of %s refuses it (%s)" % (
            version(c), version(c), refused[0][:120]), None
    return True, "the run compiled it with %s without a failure" % version(c), None


def crash_expected(c, f, subject, seen_with, ran_clean, compiled, sig, graph, tmp, emitted):
    """(whether llc c compiles a crash's test IR, or fails for its cause:
    False, why, "cause"; None: no prediction): the subject and the llcs the
    run saw the same cause with fail; the others as the run compiled the
    finding's unit with them, else as gcnabi check of the reproducer's own
    signatures (a minimized one or a reduced graph, not the whole unit as
    found) does. Neither says anything of IR other than the test's: none
    where gcnabi emits other IR for c's profile (emitted(profile)), as
    llc 14 reads IR of its own; nor of the final code of a CPU c does not
    know (llc 14 and gfx1100: it compiles for the generic target)."""
    if c is subject:
        return False, "", "cause"
    if c["path"] in seen_with:
        return False, "the run saw the same cause with it", "cause"
    if emitted(c["profile"]) != emitted(f["profile"]):
        return None, "the IR gcnabi emits for %s differs from the test's" % version(c), None
    cpu = split_cpu(f["cpu"])[0]
    if f["axis"] == "final-code" and not V.knows_cpu(c["major"], cpu):
        return None, "%s does not know %s (it compiles for the generic target)" % (version(c), cpu), None
    exp = crash_expectation(c, f, ran_clean, compiled)
    again = check_reproducer(c, f, sig, tmp) if exp[0] is None and (
        not graph or graph[0].endswith(".graph")) else None
    return again or exp


def version(c):
    """An llc in a verdict: "llc 22.1.8", or its label with it when --llc
    NAME= gave one ("patched (llc 22.1.8)")."""
    v = "llc " + c["version"].split()[-1]
    label = c.get("label", "")
    return v if not label or label.startswith("llvm-" + v[4:]) else "%s (%s)" % (label, v)


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
    """A folder holding `llc` (the compiler, a wrapper too), a FileCheck and
    a `not`."""
    d = os.path.join(tmp, "bin-%s-%d" % (re.sub(r"\W", "_", compiler["version"]), abs(hash(compiler["path"])) % 10000))
    if not os.path.isdir(d):
        os.makedirs(d)
        os.symlink(compiler["path"], os.path.join(d, "llc"))
        for name in ("FileCheck", "not"):
            tool = C.llvm_tool(compiler, name)
            if tool:
                os.symlink(tool, os.path.join(d, name))
    return d


def gcnabi_words(f):
    """Whether llc printed no error line of its own for a crash (a
    timeout, a signal without a message: its message is gcnabi's words), or
    it ran into a limit, which llvm-reduce's unbounded runs would not keep
    (hang, out-of-memory; the final code's are final-code-refused): check's
    "llc_failure" says."""
    fail = f.get("llc_failure") or {}
    return not fail.get("error") or fail.get("limit") is not None


def needle(f):
    """A fixed string of the crash's first error line that any instance of
    it prints: the text before the first register, value or number."""
    if gcnabi_words(f):
        return None
    m = re.match(r"[^%$@'\"\d]*", f["llc_failure"]["error"])
    text = m.group(0).strip() if m else ""
    return text if len(text) >= 12 else None


def reducers(compilers):
    """The llvm-reduce of each compiler's LLVM, oldest first: the oldest
    that reads the IR writes it in a dialect every newer llc reads too
    (llvm-reduce 22 writes `ptr`, which llc 14 cannot parse)."""
    out, seen = [], set()
    for c in sorted(compilers, key=lambda c: [int(x) for x in re.findall(r"\d+", c["version"])[:3]]):
        tool = os.path.join(os.path.dirname(os.path.realpath(c["path"])), "llvm-reduce")
        if tool not in seen and os.access(tool, os.X_OK):
            seen.add(tool)
            out.append(tool)
    return out


def crash_cause(f):
    """A crash's cause as `gcnabi cause` words llc's stderr (check's
    "llc_failure"; None when llc printed no error line)."""
    return (f.get("llc_failure") or {}).get("cause")


def reduce_ir(ir, f, subject, compilers, tmp, deadline, clean=(), same=(), failing=(), check=None, verify=True):
    """llvm-reduce with an interestingness test that runs the compiler and
    looks for the crash's cause, as every compiler of same (expected to
    fail for it) must too (with check, the lit test's CHECK line of a
    final-code crash: its error matched by that line, and ending as the
    RUN line's `not` or `not --crash` expects: the cause's words normalize
    register banks the line keeps, sgpr and vgpr), that every compiler of clean (expected to
    compile it) still compiles the module, and that every one of failing
    (expected to fail otherwise) still fails: the reduced IR is the same
    difference between compilers, not another failure they all share (a
    lane-varying value passed inreg, where llvm-reduce turns a uniform load
    into an argument) nor one of the subject's alone. Every llc runs with
    the machine verifier unless verify is false, as the RUN line does.
    The reduced IR or None. The oldest llvm-reduce installed that reads the
    IR reduces it (reducers). It gets half of what is left before the
    deadline (the rest is for lit), at least REDUCE_MIN_SECONDS and at most
    REDUCE_MAX_SECONDS."""
    text = needle(f)
    seconds = max(REDUCE_MIN_SECONDS, min(REDUCE_MAX_SECONDS, (deadline - time.monotonic()) / 2))
    tools = reducers(compilers)
    if not text or not tools:
        return None
    src = os.path.join(tmp, "crash.ll")
    write_text(src, ir)
    # Interesting: llc fails for the finding's cause, as gcnabi check words
    # it (`gcnabi cause` of llc's stderr: the cause key without its side and
    # the signal), not just any error of the same pass.
    write_text(os.path.join(tmp, "cause.txt"), crash_cause(f))
    test = os.path.join(tmp, "interesting.sh")
    flags = " ".join(llc_flags(f, verify))
    filecheck = check and C.llvm_tool(subject, "FileCheck")
    if filecheck:
        write_text(os.path.join(tmp, "check.txt"), check + "\n")
    # The RUN line's `not --crash` wants llc killed by a signal, `not` an
    # exit status of its own.
    ended = "[ $st -gt 128 ] || exit 1\n" if (f.get("llc_failure") or {}).get("signal") else \
        "[ $st -le 128 ] || exit 1\n"
    write_text(test, "#!/bin/sh\n%s%sexit 0\n" % (
        "".join("LLVM_DISABLE_SYMBOLIZATION=1 '%s' %s \"$1\" -o /dev/null >\"$1.err\" 2>&1; st=$?\n"
                "case \"$('%s' cause - <\"$1.err\")\" in \"$(cat '%s')\"*) ;; *) exit 1 ;; esac\n%s" % (
                    c["path"], flags, GCNABI, os.path.join(tmp, "cause.txt"),
                    (ended + "'%s' '%s' <\"$1.err\" >/dev/null 2>&1 || exit 1\n" % (
                        filecheck, os.path.join(tmp, "check.txt"))) if filecheck else "")
                for c in [subject] + list(same)),
        "".join("'%s' %s \"$1\" -o /dev/null >/dev/null 2>&1 || exit 1\n" % (c["path"], flags) for c in clean) +
        "".join("out=$(LLVM_DISABLE_SYMBOLIZATION=1 '%s' %s \"$1\" -o /dev/null 2>&1) && exit 1\n"
                "case \"$(printf '%%s' \"$out\" | '%s' cause -)\" in \"$(cat '%s')\"*) exit 1 ;; esac\n" % (
                    c["path"], flags, GCNABI, os.path.join(tmp, "cause.txt")) for c in failing)))
    os.chmod(test, 0o755)
    out = os.path.join(tmp, "reduced.ll")
    end = time.monotonic() + seconds
    for tool in tools:
        # One that cannot read the IR stops at once; the next one tries.
        try:
            r = run_bounded([tool, "--test=" + test, "--output=" + out, src], timeout=max(1, end - time.monotonic()),
                            cwd=tmp)
        except subprocess.TimeoutExpired:
            return None
        # llvm-reduce writes its output in its own dialect even when it
        # reduced nothing (llvm-reduce 15's `ptr`, which llc 14 cannot
        # parse): the output is used only if the test still holds on it.
        if r.returncode == 0 and os.path.exists(out) and holds(test, out, end):
            return "\n".join(l for l in open(out).read().splitlines() if not l.startswith("; ModuleID")).strip() + "\n"
    return None


def holds(test, path, end):
    """Whether the interestingness test holds on path, within the
    reduction's time (False past it: an output not shown to hold is not
    used)."""
    try:
        return run_bounded([test, path], timeout=max(1, end - time.monotonic()), mem_mb=None).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def wave_args(cpu):
    """gcnabi emit's --wave for a CPU as the harness names it (gfx1030w64):
    the wave size it names, else the CPU's own (gcnabi vocab)."""
    name, wave = split_cpu(cpu)
    return ["--wave", "64"] if (wave or V.default_wave(name)) == 64 else []


def portable(ir):
    """The emitted IR as the test holds it: the emitter's names renamed."""
    return "\n".join(l for l in ir.splitlines() if not l.startswith("; ModuleID")).replace(
        EMIT_PREFIX, TEST_PREFIX).strip() + "\n"


# How a lit test fails: its CHECK lines do not match what llc printed,
# llc fails (its cause as `gcnabi cause` words it), or llc fails for the
# crash's own cause. A failure is the one expected only if it is of the
# kind expected; any llc failure is one where the model refuses.
FAILURES = {"check": "CHECK lines not matched%.0s", "llc": "llc fails: %s", "cause": "llc fails for this cause%.0s",
            None: "%s"}


def keeps(obs, exp):
    """Whether an observed outcome (passed, error, how) is the one expected
    (passes, why, how)."""
    if obs[0] != exp[0]:
        return False
    return obs[0] or exp[2] is None or obs[2] == exp[2] or (exp[2] == "llc" and obs[2] == "cause")


def llc_cause(c, f, path, verify=True):
    """None when llc c compiles the test's module as its RUN line does
    (verify: with the machine verifier), else its cause (`gcnabi cause` of
    its stderr)."""
    try:
        r = run_bounded([c["path"]] + llc_flags(f, verify) + [path, "-o", "/dev/null"], timeout=LIT_MAX_SECONDS)
    except subprocess.TimeoutExpired:
        return "llc ran past %d s" % LIT_MAX_SECONDS
    if r.returncode == 0:
        return None
    out = subprocess.run([GCNABI, "cause", "-"], input=r.stderr, capture_output=True, text=True)
    return out.stdout.strip() or r.stderr.strip()[:200]


def why_it_fails(c, f, path, cause, verify=True):
    """The outcome (False, error, how) of a lit test that failed with c:
    llc compiles it ("check"), or fails for the crash's cause ("cause",
    when cause is given) or otherwise ("llc")."""
    got = llc_cause(c, f, path, verify)
    if got is None:
        return False, "", "check"
    if cause is not None and got.startswith(cause):
        return False, got, "cause"
    return False, got, "llc"


def verifier_hides(subject, f, ir, tmp):
    """Whether the machine verifier stops the subject on the emitted ir
    before the crash's cause, which it shows without the verifier (check
    runs a function the verifier rejects once more without it: llc 22's
    "illegal VGPR to SGPR copy" came after its verifier's "illegal copy
    from vector register to SGPR")."""
    cause = crash_cause(f)
    if not cause:
        return False
    probe = os.path.join(tmp, "probe.ll")
    write_text(probe, portable(ir))
    return not (llc_cause(subject, f, probe) or "").startswith(cause) and \
        (llc_cause(subject, f, probe, verify=False) or "").startswith(cause)


def nondeterministic(subject, f, path, verify):
    """Where the subject does not fail for a crash's cause on its test: the
    test run FLAKY_RUNS times more, and how often it does ("" never). llc
    22 GlobalISel crashed in the Legalizer on 1 of 6 runs of the module
    check kept, and compiled the test."""
    hits = sum(1 for _ in range(FLAKY_RUNS) if (llc_cause(subject, f, path, verify) or "").startswith(
        crash_cause(f) or "\0"))
    return "; %s fails for the cause on %d of %d more runs of the test: a nondeterministic crash" % (
        version(subject), hits, FLAKY_RUNS) if hits else ""


def the_other_way(exp):
    """A crash's expectation (llc fails for its cause: the lit test fails;
    llc compiles: it passes) for a test that is llc failing so (`not llc
    | FileCheck`): it passes where llc fails for the cause, and fails where
    llc compiles (FileCheck finds no error: "check") or fails otherwise
    ("llc")."""
    passes, why, how = exp
    if passes is None or (passes is False and how == "llc"):
        return exp  # llc failing otherwise fails the test's FileCheck on its error line too
    return (True, why, None) if not passes else (False, why, "check")


def judge(subject, compilers, observed, expected, subject_passes=False):
    """(status, verdict) of lit's outcomes against the expectations:
    observed {path: (passed True/False/None, error, how it failed)},
    expected {path: (passes True/False, or None: no prediction; why; how
    it must fail)}. "verified" when
    every llc has a prediction, does what it predicts, and one besides the
    subject behaves the other way (passes; fails, for a test that passes
    with the subject: subject_passes); "partial" when those with a
    prediction do and some have none (each named, with what lit did
    there); status None when all are predicted and agree but none behaves
    the other way; otherwise "unverified", the verdict naming each llc that
    disagreed."""
    def names(paths):
        return ", ".join(("%s (the llc checked)" % version(subject)) if p == subject["path"] else
                         version(by_path[p]) for p in paths)
    by_path = {c["path"]: c for c in compilers}
    order = [c["path"] for c in compilers]
    timed_out = [p for p in order if observed[p][0] is None]
    unpredicted = [p for p in order if expected[p][0] is None and observed[p][0] is not None]
    predicted = [p for p in order if expected[p][0] is not None]
    wrong = [p for p in predicted if observed[p][0] is not None and not keeps(observed[p], expected[p])]
    fails = [p for p in predicted if observed[p][0] is False]
    passes = [p for p in predicted if observed[p][0]]
    seen = "lit FAILS with %s; PASSES with %s" % (names(fails) or "none", names(passes) or "none")
    if unpredicted:
        seen += "; no prediction for %s, where lit %s" % (
            names(unpredicted), "; ".join("%s with %s (%s)" % (
                "PASSES" if observed[p][0] else "FAILS (%s)" % FAILURES[observed[p][2]] % observed[p][1],
                version(by_path[p]), expected[p][1]) for p in unpredicted))
    if timed_out or wrong:
        why = ["%s %s where %s" % (version(by_path[p]), "PASSES" if observed[p][0] else
                                   "FAILS (%s)" % FAILURES[observed[p][2]] % observed[p][1],
                                   "the model predicts a pass" if expected[p][0] else
                                   "%s: it must fail (%s)" % (expected[p][1] or "the finding says it fails",
                                                              FAILURES[expected[p][2]] % "...")) for p in wrong]
        why += ["lit timed out with %s" % version(by_path[p]) for p in timed_out]
        return "unverified", "NOT verified: %s; %s" % (seen, "; ".join(why))
    same, other = (passes, fails) if subject_passes else (fails, passes)
    reasons = ["%s: %s" % (version(by_path[p]), expected[p][1]) for p in same if p != subject["path"]]
    if unpredicted:
        return "partial", "partially verified by lit with every installed llc: %s%s" % (
            seen, " (%s)" % "; ".join(reasons) if reasons else "")
    text = "verified by lit with every installed llc%s: %s%s" % (
        ", as predicted" if len(predicted) > 1 else "", seen, " (%s)" % "; ".join(reasons) if reasons else "")
    if not other:
        return None, text
    return "verified", text


def write_and_verify(repro_dir, name, f, subject, decl, detail, others, lit_cmd, deadline, reduce=True, graph=None,
                     seen_with=(), ran_clean=(), origin=(), leave_out=(), module=False):
    """Writes repro_dir/name.ll and verifies it with the subject and every
    other llc, trying to finish before the deadline (time.monotonic); a
    crash's IR goes through llvm-reduce first unless reduce is false.
    graph: instead of decl, (file, function, caller): the call graph of the
    file holding @function (called by @caller), the module the finding
    needs. seen_with: the llc paths the run saw the same cause with, where
    the test must fail as with the subject; ran_clean: those it compiled
    the finding's unit with, without any failure, where a crash's test must
    pass; origin: the lines (signatures, call edges) the run compiled then;
    leave_out: the functions of the graph check left out of its module
    (gcnabi emit --leave-out), those the graph file holds.
    module: graph's file is a module as written (check --as-written): the
    test's IR is that module, for every llc.
    Returns a description."""
    out_dir(*os.path.split(repro_dir))
    write_text(os.path.join(repro_dir, "lit.cfg.py"), LIT_CFG)
    tmp = tempfile.mkdtemp(prefix="gcnabi-lit-")
    compilers = [subject] + [c for c in others if c["path"] != subject["path"]]
    try:
        if module:
            sig, gone, emit = graph[0], [], None
            with open(sig, encoding="utf-8", errors="replace") as fh:
                as_written = fh.read().splitlines()  # the test's IR, whatever the llc
            names = {"callee": graph[1], "caller": graph[2] or graph[1]}
        elif graph:
            sig = graph[0]
            held = {n for n, _ in M.graph_functions(M.graph_of(sig, graph[1]) or [])} if leave_out else set()
            gone = [n for n in leave_out if n in held and n != graph[1]]
            emit = ["--graph-of", graph[1]] + (["--leave-out", ",".join(gone)] if gone else []) + wave_args(f["cpu"])
            names = {"callee": graph[1], "caller": graph[2] or graph[1]}
        else:
            gone = []
            sig = os.path.join(tmp, "sig.ll")
            write_text(sig, decl + "\n")
            emit = ["--caller"]
            names = {"callee": "f", "caller": TEST_PREFIX + "0.caller"}
        cache = {}

        def emitted(profile):
            # Typed pointers: llc 14 reads only those, the others read both.
            if module:
                return as_written
            if profile not in cache:
                # The module check compiled: what gcnabi emits depends on the
                # selector and the CPU too (llc 14/15 SelectionDAG and bfloat).
                # A final-code finding: the program check --final-code
                # compiled, its lane-varying inreg values made uniform
                # where llc failed on them as written.
                final = ["--uniform-inreg"] if f["axis"] == "final-code" and \
                    (f.get("final") or {}).get("uniform_inreg") else []
                r = subprocess.run([GCNABI, "emit", "--typed-pointers", "--profile", profile, "--selector",
                                    "gisel" if f["selector"].startswith("gisel") else "dag", "--mcpu", split_cpu(f["cpu"])[0]]
                                   + final + emit + [sig], capture_output=True, text=True)
                # Its first line names the profile: the rest is the module.
                cache[profile] = [l for l in r.stdout.splitlines() if not l.startswith("; gcnabi emit")] \
                    if r.returncode == 0 else r.stderr.strip()
            return cache[profile]
        out = emitted(f["profile"])
        if isinstance(out, str):
            return {"status": "unverified", "why": "gcnabi emit failed: " + out}
        graph_lines = [l[len("; call graph: "):] for l in out if l.startswith("; call graph: ")]
        compiled = os.path.join(tmp, "origin.ll")
        write_text(compiled, "".join(l + "\n" for l in origin or graph_lines or [decl]))
        ir = "\n".join(l for l in out if not l.startswith("; call graph: ")).strip() + "\n"
        if graph:
            calls = [n[1] for n in (NAME.findall(l) for l in graph_lines if not l.startswith("declare"))
                     if len(n) >= 2 and n[0] == names["caller"]]
            if names["callee"] in calls:
                names["call"] = (calls.index(names["callee"]), len(calls))
        # llc failing: in the MIR pass, the test is that llc compiles the
        # module (it fails where llc fails); in the final code, that llc
        # fails with the error it printed (`not llc ... | FileCheck`: it
        # passes where llc fails so, and fails where llc compiles it).
        crash = V.crashes(f)
        final_crash = crash and f["axis"] == "final-code"
        roles, want, did, meaning = expectation(f, detail, names, portable(ir))
        if f["axis"] == "final-code" and not want:
            return {"status": "unverified", "verdict": "no lit test: CHECK lines: " + meaning, "path": None,
                    "passes_with": [], "fails_with": [], "disagree": []}
        # A crash check saw on its run without the machine verifier (after
        # the verifier's own finding): the test runs llc so too.
        verify = not (crash and verifier_hides(subject, f, ir, tmp))
        if not verify:
            meaning += " (RUN without -verify-machineinstrs: with it, %s stops at the machine verifier first)" % \
                version(subject)
        run = "; RUN: llc %s %%s -o - | FileCheck %%s" % " ".join(llc_flags(f))
        if final_crash:
            run = "; RUN: not %sllc %s %%s -o /dev/null 2>&1 | FileCheck %%s" % (
                "--crash " if (f.get("llc_failure") or {}).get("signal") else "", " ".join(llc_flags(f, verify)))
        # A crash's expectations come first: the reduction keeps them.
        expected = {c["path"]: crash_expected(c, f, subject, seen_with, ran_clean, compiled, sig, graph, tmp,
                                              emitted) for c in compilers} if crash else {}
        reduced = reduce and crash and reduce_ir(
            ir, f, subject, compilers, tmp, deadline,
            [c for c in compilers[1:] if expected[c["path"]][0]],
            [c for c in compilers[1:] if expected[c["path"]][:3:2] == (False, "cause")],
            [c for c in compilers[1:] if expected[c["path"]][:3:2] == (False, "llc")],
            want[0][2:] if final_crash and want else None, verify)
        if final_crash and reduced:
            ir = reduced
            meaning += " (the IR reduced by llvm-reduce from the emitted %s)" % (
                "call graph" if graph else "function and caller")
        elif graph and crash and not reduced and not final_crash:
            # The call graph as found: the test is that llc compiles it.
            want, did = [], None
            run = "; RUN: llc %s %%s -o /dev/null" % " ".join(llc_flags(f, verify))
            meaning = "none; llc compiles the call graph's module"
        elif reduced:
            # llvm-reduce keeps what the crash needs, not the function names
            # the CHECK lines would look for: the test is that llc compiles it.
            ir, want, did = reduced, [], None
            run = "; RUN: llc %s %%s -o /dev/null" % " ".join(llc_flags(f, verify))
            meaning = "none; llc compiles the IR (reduced by llvm-reduce from the emitted %s)" % (
                "call graph" if graph else "function and caller")
        ir = portable(ir)
        if not crash:
            # A divergence's test checks the ABI: where the machine verifier
            # rejects the module with the subject (a finding of its own, as
            # check runs it again without), the RUN line goes without it.
            probe = os.path.join(tmp, "probe.ll")
            write_text(probe, ir)
            rejected = llc_cause(subject, f, probe) or ""
            verify = not rejected.startswith(V.vocab()["verifier_prefix"])
            if not verify:
                run = run.replace(" -verify-machineinstrs", "")
                meaning += " (RUN without -verify-machineinstrs: %s rejects the module, %s)" % (version(subject), rejected)

        def text(lines, verdict):
            what = "%s, %s, -mcpu=%s, %s" % (f["axis"], version(subject), f["cpu"],
                                             "SelectionDAG" if f["selector"] == "dag" else "GlobalISel")
            head = ["; Reproducer %s (%s): %s" % (name, what, f["why"][:200]),
                    "; Signature: %s" % decl] + ["; From the call graph: %s" % l for l in graph_lines] + [
                    "; Left out of the module, as gcnabi check left them out for %s (not-in-graph): %s" % (
                        version(subject), ", ".join("@" + n for n in gone))] * bool(gone) + [
                    "; CHECK lines: %s." % meaning] + ["; %s" % v for v in verdict]
            return "\n".join(head + [run, ""] + lines + ["", ir])
        path = os.path.join(repro_dir, name + ".ll")
        write_text(path, text(want, []))
        exec_root = os.path.join(tmp, "exec")
        observed = {}
        for c in compilers:
            ok, log = lit_run(lit_cmd, path, overlay(c, tmp), exec_root, deadline)
            observed[c["path"]] = (ok, log, None) if ok is not False else \
                why_it_fails(c, f, path, crash_cause(f) if crash else None, verify)
            if not crash:
                expected[c["path"]] = (False, "", "check") if c is subject else \
                    predict(c, f, sig, names, roles, want, ir, emitted)
            elif final_crash:
                expected[c["path"]] = the_other_way(expected[c["path"]])
        status, verdict = judge(subject, compilers, observed, expected, subject_passes=final_crash)
        if status is None:
            # Nothing installed behaves the other way: the same CHECK lines
            # built from what this llc did must pass on it.
            one_sided = False
            if did:
                side = os.path.join(tmp, "side.ll")
                write_text(side, text(did, []))
                one_sided, _ = lit_run(lit_cmd, side, overlay(subject, tmp), exec_root, deadline)
            if one_sided or (not did and crash):
                status = "verified (one-sided)"
                verdict += "; no installed llc behaves the other way%s" % (
                    "; the same CHECK lines built from what it did PASS with it" if one_sided else "")
            else:
                status, verdict = "unverified", "NOT " + verdict[0].lower() + verdict[1:] + (
                    "; no installed llc behaves the other way")
        s_obs, s_exp = observed[subject["path"]], expected[subject["path"]]
        if crash and s_obs[0] is not None and s_exp[0] is not None and not keeps(s_obs, s_exp):
            verdict += nondeterministic(subject, f, path, verify)
        write_text(path, text(want, [verdict]))
        pv = lambda ok: [c["version"].split()[-1] for c in compilers if observed[c["path"]][0] is ok]
        return {"status": status, "verdict": verdict, "passes_with": pv(True), "fails_with": pv(False),
                "disagree": [c["version"].split()[-1] for c in compilers
                             if None not in (observed[c["path"]][0], expected[c["path"]][0]) and
                             not keeps(observed[c["path"]], expected[c["path"]])],
                "path": name + ".ll"}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
