#!/usr/bin/env python3
"""Fault injection: gcnabi check and gcnabi-run against llc stand-ins that
wrap a real llc or fail the way a machine fails (missing, not executable,
deleted mid-run, its loader failing under the memory limit, out of memory
only for a whole batch, no output, garbage) or the way a compiler fails (a
segfault on every 2nd call, a crash only with two functions together, a
hang, out of memory on one function). Each fault must
give its documented finding kind and exit bits, lose no other result (what
the real llc compiles still agrees) and leave no process behind.

    /usr/bin/python3 -m pytest tests/test_faults.py [-k NAME]
"""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soft import report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GCNABI = os.path.join(ROOT, "build", "gcnabi")
RUN = os.path.join(ROOT, "harness", "gcnabi-run")
REAL = "/usr/lib/llvm-19/bin/llc"
INFRA, CRASHED, DIVERGED = 32, 16, 8

SIGS = """; four signatures the real llc compiles as the model places them
declare void @f0(i32)
declare i32 @f1(i32, i32)
declare void @f2(float, i64)
declare i64 @f3(<2 x i32>)
"""

# A stand-in: asked who it is, the real llc answers; otherwise BODY runs
# with $IN the module, $OUT the -o file, $N the number of this compile call
# and $DIR the stand-in's folder.
STANDIN = """#!/bin/sh
REAL=%(real)s
DIR=%(dir)s
for a in "$@"; do case "$a" in --version|--help*) exec "$REAL" "$@";; esac; done
IN=; OUT=; prev=
for a in "$@"; do case "$a" in *.ll) IN=$a;; esac; [ "$prev" = -o ] && OUT=$a; prev=$a; done
N=$(( $(cat "$DIR/calls" 2>/dev/null || echo 0) + 1 )); echo $N > "$DIR/calls"
%(body)s
exec "$REAL" "$@"
"""

BODIES = {
    "segv-every-2nd": '[ $((N % 2)) -eq 0 ] && kill -SEGV $$',
    "crash-together": 'grep -q "gcnabi\\.0\\.fn" "$IN" && grep -q "gcnabi\\.1\\.fn" "$IN" && kill -SEGV $$',
    "hang": 'if grep -q "gcnabi\\.2\\.fn" "$IN"; then echo $$ >> "$DIR/pids"; sleep 600 & echo $! >> "$DIR/pids"; '
            'wait; fi',
    # a hang in the MIR pass (-stop-after) on the ninth function, which
    # llc's handler of SIGXCPU (sent at the timeout) names in its stack
    # dump; each MIR run's functions logged to $DIR/mir
    "hang-named": 'case "$*" in *-stop-after*) '
                  'echo $(grep -o "define[^@]*@gcnabi[.][0-9]*[.]fn" "$IN" | grep -o "gcnabi.*") >> "$DIR/mir"; '
                  'if grep -q "gcnabi[.]8[.]fn" "$IN"; then '
                  'trap "printf \'Stack dump:\\n2.\\tRunning pass \\047AMDGPU DAG->DAG Pattern Instruction Selection\\047 '
                  'on function \\047@gcnabi.8.fn\\047\\n\' >&2; trap - XCPU; kill -XCPU \\$\\$" XCPU; '
                  'sleep 600 & echo $! >> "$DIR/pids"; wait; fi;; esac',
    # a hang that burns CPU time (an endless loop in llc)
    "spin": 'if grep -q "gcnabi\\.2\\.fn" "$IN"; then echo $$ >> "$DIR/pids"; while :; do :; done; fi',
    # an llc that waits before it compiles, as on a machine where it gets no core for a while
    "slow-start": 'sleep 2',
    "no-output": 'exit 0',
    "garbage": 'echo "this is not MIR" > "$OUT"; exit 0',
    "deleted-mid-run": '[ $N -eq 2 ] && rm -f "$0"',
    "out-of-memory": 'if grep -q "gcnabi\\.3\\.fn" "$IN"; then echo "LLVM ERROR: out of memory" >&2; '
                     'echo "Allocation failed" >&2; kill -ABRT $$; fi',
    "out-of-memory-together": 'if [ $(grep -c "^define.*gcnabi\\.[0-9]*\\.fn" "$IN") -gt 1 ]; then '
                              'echo "LLVM ERROR: out of memory" >&2; kill -ABRT $$; fi',
    "flaky-batch": 'if [ ! -e "$DIR/failed" ] && [ $(grep -c "^define.*gcnabi\\.[0-9]*\\.fn" "$IN") -gt 1 ]; then '
                   'touch "$DIR/failed"; kill -SEGV $$; fi',
    # the same, but llc's own signal handler prints its stack dump first:
    # a crash inside llc that does not happen on every run
    "flaky-crash": 'if [ ! -e "$DIR/failed" ] && [ $(grep -c "^define.*gcnabi\\.[0-9]*\\.fn" "$IN") -gt 1 ]; then '
                   'touch "$DIR/failed"; printf "Stack dump:\\n1.\\tRunning pass \'Legalizer\' on function \'@f\'\\n" >&2; '
                   'kill -SEGV $$; fi',
    # gcnabi-run: hangs on every function of one unit's input (file-001.ll)
    "hang-unit": 'if grep -q "file-001.ll" "$IN"; then echo $$ >> "$DIR/pids"; sleep 600 & echo $! >> "$DIR/pids"; '
                 'wait; fi',
    "delete-first": '[ $N -eq 1 ] && rm -f "$0"',
    # check --final-code: the MIR pass's runs (-stop-after) go to the real
    # llc; the final code's runs (and their probe on an empty module) are
    # killed from outside, stopped only where a module holds the third
    # function, find llc gone, or fail on the third function as a compiler
    # does ("LLVM ERROR", then abort)
    "final-killed": 'case "$*" in *-stop-after*) ;; *) kill -KILL $$;; esac',
    "final-terminated": 'case "$*" in *-stop-after*) ;; *) grep -q "gcnabi\\.2\\.fn" "$IN" && kill -TERM $$;; esac',
    "final-vanishes": 'case "$*" in *-stop-after*) ;; *) rm -f "$0"; exit 127;; esac',
    "final-aborts": 'case "$*" in *-stop-after*) ;; *) if grep -q "gcnabi\\.2\\.fn" "$IN"; then '
                    'echo "LLVM ERROR: planted after isel" >&2; kill -ABRT $$; fi;; esac',
    # a segfault without a message on the third function's final code: on
    # its first run (its piece of one function with --jobs 2), or on every run
    "final-segv-twice": 'case "$*" in *-stop-after*) ;; *) if grep -q "gcnabi\\.2\\.fn" "$IN"; then '
                        'K=$(( $(cat "$DIR/segv" 2>/dev/null || echo 0) + 1 )); echo $K > "$DIR/segv"; '
                        '[ $K -le 1 ] && kill -SEGV $$; fi;; esac',
    "final-segv": 'case "$*" in *-stop-after*) ;; *) grep -q "gcnabi\\.2\\.fn" "$IN" && kill -SEGV $$;; esac',
    # the final code of two functions or more together fails as a compiler
    # does, each function's alone compiles: always, or the first time only
    # a hang in the final code of the ninth function, which llc's handler
    # of SIGXCPU (sent at the timeout) names in its stack dump; each final
    # code run's functions logged to $DIR/final
    "final-hang-named": 'case "$*" in *-stop-after*) ;; *) '
                        'echo $(grep -o "define[^@]*@gcnabi[.][0-9]*[.]fn" "$IN" | grep -o "gcnabi.*") >> "$DIR/final"; '
                        'if grep -q "gcnabi[.]8[.]fn" "$IN"; then '
                        'trap "printf \'Stack dump:\\n2.\\tRunning pass \\047Machine Instruction Scheduler\\047 '
                        'on function \\047@gcnabi.8.fn\\047\\n\' >&2; trap - XCPU; kill -XCPU \\$\\$" XCPU; '
                        'sleep 600 & echo $! >> "$DIR/pids"; wait; fi;; esac',
    "final-together": 'case "$*" in *-stop-after*) ;; *) if [ $(grep -c "^define.*gcnabi\\.[0-9]*\\.fn" "$IN") -gt 1 ]; '
                      'then echo "LLVM ERROR: planted together" >&2; kill -ABRT $$; fi;; esac',
    "final-together-once": 'case "$*" in *-stop-after*) ;; *) if [ ! -e "$DIR/failed" ] && '
                           '[ $(grep -c "^define.*gcnabi\\.[0-9]*\\.fn" "$IN") -gt 1 ]; then touch "$DIR/failed"; '
                           'echo "LLVM ERROR: planted together" >&2; kill -ABRT $$; fi;; esac',
}



def standin(tmp, name, mode=0o755):
    d = os.path.join(tmp, "llc-" + name)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "llc")
    with open(path, "w") as f:
        f.write(STANDIN % {"real": REAL, "dir": d, "body": BODIES.get(name, ":")})
    os.chmod(path, mode)
    return path


def running(pidfile):
    """The pids in pidfile that still run (a zombie waiting to be reaped has ended)."""
    left = []
    for p in open(pidfile).read().split() if os.path.exists(pidfile) else []:
        try:
            with open("/proc/%s/stat" % p) as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    left.append(int(p))
        except OSError:
            pass
    for p in left:  # the test leaves nothing behind either
        os.kill(p, signal.SIGKILL)
    return left


def short(c):
    """A combination named by its llc's major version: llvm-19.1.7-gfx900-dag
    (the label llvm-19.1.7) is llvm19-gfx900-dag."""
    return "llvm%s%s" % (c["version"].split()[-1].split(".")[0], c["combo"][len(c["label"]):])


class Check:
    """One gcnabi check of SIGS: exit status, stderr, findings, counts per combination."""

    def __init__(self, tmp, name, llcs, *args):
        self.out = os.path.join(tmp, "out-" + name)
        inp = os.path.join(tmp, "sigs.ll")
        cmd = [GCNABI, "check", "--quiet", "--mcpu", "gfx900", "--out", self.out]
        for llc in llcs:
            cmd += ["--llc", llc] if isinstance(llc, str) else ["--llc", llc[0], "--llc-version", llc[1]]
        r = subprocess.run(cmd + list(args) + [inp], capture_output=True, text=True, timeout=120)
        self.rc, self.stderr = r.returncode, r.stderr
        path = os.path.join(self.out, "findings.jsonl")
        self.findings = [dict(f, combo=short(f)) for f in map(json.loads, open(path))] if os.path.exists(path) else []
        path = os.path.join(self.out, "summary.json")
        combos = json.load(open(path))["combos"] if os.path.exists(path) else []
        self.combos = {short(c): c["counts"] for c in combos}
        self.final = {short(c): c.get("final_code") for c in combos}

    def kinds(self):
        return sorted(f["kind"] for f in self.findings)

    def of_class(self, cls):
        return [f for f in self.findings if f["class"] == cls]

    def agree(self, combo):
        c = self.combos.get(combo, {})
        return c.get("agree", 0), c.get("functions", 0)

    def __str__(self):
        return "exit %d, findings %s, counts %s, stderr %s" % (
            self.rc, [(f["combo"], f["kind"], f["message"][:140]) for f in self.findings],
            {k: (v["functions"], v["agree"], v.get("not_run")) for k, v in self.combos.items()}, self.stderr[-400:])


def only_machine(c):
    """No compiler finding (crash or divergence), no reproducer."""
    repro = os.path.join(c.out, "repro")
    return not c.of_class("crash") and not c.of_class("divergence") and not (os.path.isdir(repro) and os.listdir(repro))


def test_missing(tmp):
    c = Check(tmp, "missing", [os.path.join(tmp, "no-such-llc"), REAL], "--selector", "dag")
    report("missing llc: said once on stderr, left out (exit bit 32); the real llc's 4 functions still agree",
           c.rc == INFRA and c.stderr.count("no-such-llc: No such file") == 1 and c.agree("llvm19-gfx900-dag") == (4, 4)
           and not c.findings, c)


def test_not_executable(tmp):
    llc = standin(tmp, "not-executable", 0o644)
    c = Check(tmp, "noexec", [(llc, "LLVM version 19.1.7")])
    unusable = [f["combo"] for f in c.findings if f["kind"] == "llc-unusable"]
    report("not-executable llc: one llc-unusable per combination, nothing else, exit 32",
           c.rc == INFRA and sorted(unusable) == ["llvm19-gfx900-dag", "llvm19-gfx900-gisel"] and
           len(c.findings) == 2 and "Permission denied" in c.findings[0]["message"] and only_machine(c) and
           all(v["not_run"] == 4 for v in c.combos.values()), c)


def test_segv_every_2nd(tmp):
    # One llc at a time: two at once race on the stand-in's call counter.
    c = Check(tmp, "segv", [standin(tmp, "segv-every-2nd")], "--selector", "dag", "--batch", "2", "--jobs", "1")
    report("segfault on every 2nd call: not-reproducible (exit 32), no compiler crash, all 4 functions agree",
           c.rc == INFRA and c.kinds() == ["not-reproducible"] and "killed by SIGSEGV" in c.findings[0]["message"]
           and c.agree("llvm19-gfx900-dag") == (4, 4), c)


def kept_module(c):
    """The first finding and the text of the module it names as kept."""
    f = c.findings[0] if c.findings else {}
    module = f.get("module") or ""
    return f, open(module).read() if module and os.path.exists(module) else ""


def test_crash_together(tmp):
    c = Check(tmp, "together", [standin(tmp, "crash-together")], "--selector", "dag")
    f, text = kept_module(c)
    report("crash only with two functions together: one crashes-together finding (exit 16) naming SIGSEGV, "
           "its module kept with both functions; all 4 functions agree",
           c.rc == CRASHED and c.kinds() == ["crashes-together"] and "killed by SIGSEGV" in f.get("message", "") and
           "gcnabi.0.fn" in text and "gcnabi.1.fn" in text and "; RUN:" in text and
           c.agree("llvm19-gfx900-dag") == (4, 4), c)


def test_hang(tmp):
    llc = standin(tmp, "hang")
    c = Check(tmp, "hang", [llc], "--selector", "dag", "--timeout", "1")
    hangs = {f["function"] for f in c.findings if f["kind"] == "hang"}
    left = running(os.path.join(os.path.dirname(llc), "pids"))
    report("hang on one function: hang findings with that function (exit 16), the other 3 agree",
           c.rc == CRASHED and hangs == {"f2"} and set(c.kinds()) == {"hang"} and
           c.agree("llvm19-gfx900-dag") == (3, 4), c)
    report("hang: killed with its process group, no process left", not left and
           os.path.exists(os.path.join(os.path.dirname(llc), "pids")), "still running: %s" % left)


def test_cpu_timeout(tmp):
    """--timeout counts llc's CPU time: an llc that spins is a hang at about
    the timeout; one that waits 2 s for a core before it compiles is not,
    with --timeout 1, and every function agrees."""
    llc = standin(tmp, "spin")
    t0 = time.time()
    c = Check(tmp, "spin", [llc], "--selector", "dag", "--timeout", "1")
    spent = time.time() - t0
    hangs = {f["function"] for f in c.findings if f["kind"] == "hang"}
    left = running(os.path.join(os.path.dirname(llc), "pids"))
    report("an llc spinning on one function: a hang finding with it (exit 16), the other 3 agree, no process left",
           c.rc == CRASHED and hangs == {"f2"} and set(c.kinds()) == {"hang"} and not left and
           c.agree("llvm19-gfx900-dag") == (3, 4), "%s, %.1f s, left %s" % (c, spent, left))
    c = Check(tmp, "slow-start", [standin(tmp, "slow-start")], "--selector", "dag", "--timeout", "1")
    report("an llc that waits 2 s for a core, --timeout 1: no hang, all 4 functions agree",
           c.rc in (0, 4) and not c.findings and c.agree("llvm19-gfx900-dag") == (4, 4), c)


def test_no_output(tmp):
    for name, words in (("no-output", "wrote no output"), ("garbage", "is not MIR")):
        c = Check(tmp, name, [standin(tmp, name)])
        report("%s: bad-output per batch (exit 32), no divergence, no reproducer" % name,
               c.rc == INFRA and set(c.kinds()) == {"bad-output"} and words in c.findings[0]["message"] and
               only_machine(c) and all(v["not_run"] == 4 and v["functions"] == 0 for v in c.combos.values()), c)


def test_deleted_mid_run(tmp):
    c = Check(tmp, "deleted", [standin(tmp, "deleted-mid-run")], "--jobs", "1", "--batch", "2")
    unusable = sorted(f["combo"] for f in c.findings if f["kind"] == "llc-unusable")
    report("llc deleted mid-run (by its 2nd call): the next combination says llc-unusable once (exit 32); what "
           "ran before still agrees",
           c.rc == INFRA and unusable == ["llvm19-gfx900-gisel"] and only_machine(c) and
           "No such file" in c.findings[-1]["message"] and c.agree("llvm19-gfx900-dag") == (4, 4) and
           c.combos["llvm19-gfx900-gisel"]["not_run"] == 4, c)


def test_loader_under_memory_limit(tmp):
    c = Check(tmp, "mem", [REAL], "--mem-limit", "100")
    report("real llc whose loader fails under --mem-limit 100: llc-unusable once per combination (exit 32)",
           c.rc == INFRA and c.kinds() == ["llc-unusable", "llc-unusable"] and only_machine(c) and
           all("error while loading shared libraries" in f["message"] and "--mem-limit 100 MB" in f["message"]
               for f in c.findings), c)


def test_out_of_memory(tmp):
    c = Check(tmp, "oom", [standin(tmp, "out-of-memory")], "--selector", "dag", "--batch", "2")
    f = c.findings[0] if c.findings else {}
    report("out of memory on one function (an empty module compiles): out-of-memory findings with that function "
           "(exit 16), bisected like a hang; the other 3 agree",
           c.rc == CRASHED and set(c.kinds()) == {"out-of-memory"} and {x["function"] for x in c.findings} == {"f3"}
           and "--mem-limit 8192 MB" in f.get("message", "") and f.get("class") == "crash" and
           c.agree("llvm19-gfx900-dag") == (3, 4) and c.combos["llvm19-gfx900-dag"]["not_run"] == 0, c)


def test_out_of_memory_together(tmp):
    c = Check(tmp, "oom2", [standin(tmp, "out-of-memory-together")], "--selector", "dag")
    f = c.findings[0] if c.findings else {}
    report("out of memory only with several functions together: llc-stopped (exit 32), the limit too small for "
           "the batch; every function compiled alone, all 4 agree",
           c.rc == INFRA and c.kinds() == ["llc-stopped"] and "too small for the batch" in f.get("message", "") and
           only_machine(c) and c.agree("llvm19-gfx900-dag") == (4, 4), c)


def test_flaky_batch(tmp):
    c = Check(tmp, "flaky", [standin(tmp, "flaky-batch")], "--selector", "dag")
    report("a batch that fails once, its halves and its second run pass: not-reproducible (exit 32), "
           "all 4 agree",
           c.rc == INFRA and c.kinds() == ["not-reproducible"] and "4 functions together" in c.findings[0]["message"]
           and c.agree("llvm19-gfx900-dag") == (4, 4), c)


def test_flaky_crash(tmp):
    c = Check(tmp, "flaky-crash", [standin(tmp, "flaky-crash")], "--selector", "dag")
    f, text = kept_module(c)
    report("llc's own stack dump once, then the same module compiles: flaky-crash (exit 16, a compiler crash) "
           "naming the pass, its module kept; all 4 agree",
           c.rc == CRASHED and c.kinds() == ["flaky-crash"] and "crash in 'Legalizer'" in f.get("message", "") and
           "gcnabi.0.fn" in text and "gcnabi.3.fn" in text and "; RUN:" in text and
           c.agree("llvm19-gfx900-dag") == (4, 4), c)


def test_final_code_machine(tmp):
    """check --final-code: an llc that compiles the MIR pass and is killed
    from outside (SIGKILL; SIGTERM only on the module holding the third
    function) or gone for the final code's run is the machine's: one
    infrastructure finding (exit 32, llc-unusable when an empty module
    fails too, once however many pieces were running, else llc-stopped),
    not bisected, never a final-code-refused crash; the functions of those
    pieces count as not compiled (with --jobs 2 a piece holds one
    function: all 4 for llc unusable, the third for SIGTERM) and the MIR
    pass's 4 still agree. No llc_failure: that is a compiler finding's
    (not the probe's on an empty module, which words the message)."""
    for name, kind, words, lost in (("final-killed", "llc-unusable", "killed by SIGKILL", 4),
                                    ("final-terminated", "llc-stopped", "killed by SIGTERM, from outside llc", 1),
                                    ("final-vanishes", "llc-unusable", "No such file", 4)):
        c = Check(tmp, name, [standin(tmp, name)], "--selector", "dag", "--final-code", "--jobs", "2")
        fc = c.final.get("llvm19-gfx900-dag") or {}
        report("%s: one %s (exit 32) naming %s, no compiler finding, %d function(s) not compiled, the MIR pass's 4 "
               "agree" % (name, kind, words, lost),
               c.rc == INFRA and c.kinds() == [kind] and words in c.findings[0]["message"] and only_machine(c) and
               "llc_failure" not in c.findings[0] and fc.get("not_compiled") == lost and fc.get("refused") == 0 and
               fc.get("proven", 0) + fc.get("unknown", 0) >= 4 - lost and c.agree("llvm19-gfx900-dag") == (4, 4),
               "%s, final code %s" % (c, fc))


def test_final_code_compiler(tmp):
    """check --final-code: an llc whose final code fails on one function
    with a diagnosis (LLVM ERROR, abort) is the compiler's: the module split
    down to that function, one final-code-refused finding (class crash,
    exit 16) with the error line, its module kept; the other 3 proven."""
    c = Check(tmp, "final-aborts", [standin(tmp, "final-aborts")], "--selector", "dag", "--final-code",
              "--jobs", "2")
    fc = c.final.get("llvm19-gfx900-dag") or {}
    f, text = kept_module(c)
    report("final code failing on one function: one final-code-refused crash (exit 16) naming it and llc's error "
           "line, its module kept; the other 3 proven",
           c.rc == CRASHED and c.kinds() == ["final-code-refused"] and f["function"] == "f2" and
           f["message"].startswith("LLVM ERROR: planted after isel") and f["class"] == "crash" and
           "gcnabi.2.fn" in text and "; RUN:" in text and fc.get("not_compiled") == 1 and fc.get("refused") == 1 and
           fc.get("proven", 0) + fc.get("unknown", 0) >= 3 and c.agree("llvm19-gfx900-dag") == (4, 4),
           "%s, final code %s" % (c, fc))


def test_final_code_signals(tmp):
    """check --final-code: a function whose final code a signal kills
    without llc's message runs once more, as in the MIR pass: compiling
    then, it is not-reproducible (exit 32) and its final code is checked;
    killed again, it is a final-code-refused crash (exit 16) naming the
    signal."""
    c = Check(tmp, "final-segv-twice", [standin(tmp, "final-segv-twice")], "--selector", "dag", "--final-code",
              "--jobs", "2")
    fc = c.final.get("llvm19-gfx900-dag") or {}
    report("final code killed by SIGSEGV on one function, then compiled: not-reproducible (exit 32), every "
           "function's final code checked",
           c.rc == INFRA and c.kinds() == ["not-reproducible"] and "killed by SIGSEGV" in c.findings[0]["message"] and
           c.findings[0]["function"] == "f2" and fc.get("not_compiled") == 0 and fc.get("refused") == 0 and
           fc.get("proven", 0) + fc.get("unknown", 0) >= 4, "%s, final code %s" % (c, fc))
    c = Check(tmp, "final-segv", [standin(tmp, "final-segv")], "--selector", "dag", "--final-code",
              "--jobs", "2")
    fc = c.final.get("llvm19-gfx900-dag") or {}
    report("final code killed by SIGSEGV on one function every time: final-code-refused (exit 16) naming the signal",
           c.rc == CRASHED and c.kinds() == ["final-code-refused"] and c.findings[0]["function"] == "f2" and
           c.findings[0]["message"] == "killed by SIGSEGV without a message" and fc.get("not_compiled") == 1 and
           c.findings[0].get("llc_failure") == {"signal": "SIGSEGV", "error": None, "cause": None, "limit": None},
           "%s, final code %s" % (c, fc))


def test_final_code_together(tmp):
    """check --final-code: a piece llc fails on whose parts all compile is
    not dropped (with --jobs 1 the 4 functions run in 2 pieces of 2): it
    runs once more whole, as in the MIR pass. Failing again, it is a
    final-code-refused crash (exit 16) that says "together", its module
    kept; compiling, its first failure was not-reproducible (exit 32).
    Either way every function's final code is checked once, by its part."""
    c = Check(tmp, "final-together", [standin(tmp, "final-together")], "--selector", "dag", "--final-code",
              "--jobs", "1")
    fc = c.final.get("llvm19-gfx900-dag") or {}
    f, text = kept_module(c)
    report("final code failing on 2 functions together, on neither alone: a final-code-refused crash (exit 16) "
           "per piece saying so, its module kept, every function checked once",
           c.rc == CRASHED and c.kinds() == ["final-code-refused"] * 2 and
           all("together, on none of its parts: LLVM ERROR: planted together" in g["message"] for g in c.findings) and
           text.count("\ndefine") >= 2 and "; RUN:" in text and
           fc.get("not_compiled") == 0 and fc.get("refused") == 2 and
           fc.get("proven", 0) + fc.get("unknown", 0) + fc.get("violated", 0) == 8 and
           c.agree("llvm19-gfx900-dag") == (4, 4), "%s, final code %s" % (c, fc))
    c = Check(tmp, "final-together-once", [standin(tmp, "final-together-once")], "--selector", "dag", "--final-code",
              "--jobs", "1")
    fc = c.final.get("llvm19-gfx900-dag") or {}
    report("final code failing on 2 functions together once, then compiling whole and apart: not-reproducible "
           "(exit 32), every function checked once",
           c.rc == INFRA and c.kinds() == ["not-reproducible"] and "2 functions together" in c.findings[0]["message"]
           and fc.get("not_compiled") == 0 and fc.get("refused") == 0 and
           fc.get("proven", 0) + fc.get("unknown", 0) + fc.get("violated", 0) == 8 and
           c.agree("llvm19-gfx900-dag") == (4, 4), "%s, final code %s" % (c, fc))


def twelve_hanging(tmp, body, log, *args):
    """check of 12 functions (--jobs 1, --timeout 1) with stand-in `body`,
    which hangs on the ninth: the Check, the functions of each run it
    logged (file `log`), and the processes it left."""
    d = os.path.join(tmp, "twelve-" + body)
    os.makedirs(d, exist_ok=True)
    types = ("i32", "float", "i64", "<2 x i32>", "double", "i16")
    with open(os.path.join(d, "sigs.ll"), "w") as f:
        f.write("".join("declare void @f%d(%s, %s)\n" % (n, types[n % 6], types[n // 2 % 6]) for n in range(12)))
    llc = standin(d, body)
    c = Check(d, body, [llc], "--selector", "dag", "--jobs", "1", "--timeout", "1", *args)
    path = os.path.join(os.path.dirname(llc), log)
    runs = [l.split() for l in open(path)] if os.path.exists(path) else []
    return c, runs, running(os.path.join(os.path.dirname(llc), "pids"))


def test_hang_named(tmp):
    """The MIR pass: a batch of 12 functions (--jobs 1) that runs past
    --timeout gets SIGXCPU, and llc's handler names the function in its
    stack dump: the batch splits around it (the 8 before it, it, the 3
    after), not into 12 single functions. Alone (with its caller, then
    without) it runs past the timeout again: hang findings on it (exit 16);
    the 11 others agree."""
    c, runs, left = twelve_hanging(tmp, "hang-named", "mir")
    report("MIR pass past --timeout, the function named by llc's stack dump at SIGXCPU: its batch split around it "
           "(4 runs, then it without its caller, where single functions took 13), hang findings on it alone (exit "
           "16), the 11 others agree, no process left",
           c.rc == CRASHED and set(c.kinds()) == {"hang"} and {f["function"] for f in c.findings} == {"f8"} and
           [r for r in runs if r] == [["gcnabi.%d.fn" % n for n in range(12)], ["gcnabi.%d.fn" % n for n in range(8)],
                                      ["gcnabi.8.fn"], ["gcnabi.9.fn", "gcnabi.10.fn", "gcnabi.11.fn"],
                                      ["gcnabi.8.fn"]] and
           c.agree("llvm19-gfx900-dag") == (11, 12) and not left,
           "%s, runs %s, left %s" % (c, runs, left))


def test_final_code_hang_named(tmp):
    """check --final-code: a piece of 6 functions (12 with --jobs 1) whose
    final code runs past --timeout gets SIGXCPU, and llc's handler names the
    function in its stack dump: the piece splits around that one (the 2
    before it, it, the 3 after: 5 final-code runs, where a split into
    single functions took 8). Alone it runs past the timeout again: a
    final-code-refused crash (exit 16) with limit "timeout"; the 11 others
    are checked, and nothing the stand-in started is left."""
    c, runs, left = twelve_hanging(tmp, "final-hang-named", "final", "--final-code")
    fc = c.final.get("llvm19-gfx900-dag") or {}
    report("final code past --timeout, the function named by llc's stack dump at SIGXCPU: its piece split around "
           "it (5 final-code runs), one final-code-refused (exit 16, limit timeout) on it, no process left",
           c.rc == CRASHED and c.kinds() == ["final-code-refused"] and c.findings[0]["function"] == "f8" and
           (c.findings[0].get("llc_failure") or {}).get("limit") == "timeout" and
           "SIGXCPU" in c.findings[0]["message"] and
           [r for r in runs if r] == [["gcnabi.%d.fn" % n for n in range(6)], ["gcnabi.%d.fn" % n for n in range(6, 12)],
                                      ["gcnabi.6.fn", "gcnabi.7.fn"], ["gcnabi.8.fn"],
                                      ["gcnabi.9.fn", "gcnabi.10.fn", "gcnabi.11.fn"]] and
           fc.get("not_compiled") == 1 and fc.get("refused") == 1 and not left,
           "%s, final code %s, runs %s, left %s" % (c, fc, runs, left))


def harness(tmp, name, llc, *args):
    out = os.path.join(tmp, "run-" + name)
    inp = os.path.join(tmp, "twelve.ll")
    types = ("i32", "float", "i64", "<2 x i32>", "double", "i16")
    with open(inp, "w") as f:
        f.write("".join("declare void @g%d(%s, %s)\n" % (n, types[n % 6], types[n // 2 % 6]) for n in range(12)))
    r = subprocess.run([RUN, "run", "--no-final-code", "--llc", llc, "--mcpu", "gfx900", "--selector", "dag", "--count", "0",
                        "--suites", "default", "--no-new-reg-bank-select", "--no-minimize", "--jobs", "2",
                        "--out", out] + list(args) + [inp], capture_output=True, text=True, timeout=300)
    rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))] if os.path.exists(
        os.path.join(out, "results.jsonl")) else []
    journal = [json.loads(l) for l in open(os.path.join(out, "journal.jsonl"))] if os.path.exists(
        os.path.join(out, "journal.jsonl")) else []
    summary = open(os.path.join(out, "summary.md")).read() if os.path.exists(os.path.join(out, "summary.md")) else ""
    return r, rows, journal, summary, out


@pytest.mark.slow
def test_harness_unit_timeout(tmp):
    llc = standin(tmp, "hang-unit")
    r, rows, journal, summary, out = harness(tmp, "hang", llc, "--chunk", "4", "--timeout", "1")
    infra = [x for x in rows if x["type"] == "infrastructure"]
    others = [j for j in journal if j["unit"] != "file-001-gfx900"]
    agree = [sum(s["agree"] for s in j["stats"].values()) for j in others]
    left = running(os.path.join(os.path.dirname(llc), "pids"))
    report("harness: a unit past its limit is an infrastructure error naming the unit (exit bit 32), the other "
           "units' results stay", r.returncode & INFRA and [x["unit"] for x in infra] == ["file-001-gfx900"] and
           infra[0]["kind"] == "unit-stopped" and "file-001-gfx900" in summary.split("## Infrastructure errors")[-1]
           and len(journal) == 3 and agree == [4, 4],
           "exit %d, infra %s, agree %s, %s" % (r.returncode, infra, agree, r.stderr[-600:]))
    report("harness: the stopped unit leaves no process behind", not left and
           os.path.exists(os.path.join(os.path.dirname(llc), "pids")), "still running: %s" % left)


def test_harness_machine_faults(tmp):
    for name, kind in (("delete-first", "llc-unusable"), ("garbage", "bad-output")):
        r, rows, journal, summary, out = harness(tmp, name, standin(tmp, name), "--chunk", "6", "--batch", "2")
        infra = [x for x in rows if x["type"] == "infrastructure"]
        findings = [x for x in rows if x["type"] == "finding"]
        repro = os.path.join(out, "repro")
        lit = [n for n in os.listdir(repro) if n.endswith(".ll")] if os.path.isdir(repro) else []
        report("harness, %s llc: %s infrastructure errors in their own section (exit 32), no finding, no lit test, "
               "no known-differences entry" % (name, kind),
               r.returncode == INFRA and infra and {x["kind"] for x in infra} == {kind} and not findings and not lit
               and "## Infrastructure errors" in summary and "Ready-to-paste" not in summary,
               "exit %d, infra %s, findings %s, lit %s, %s" % (
                   r.returncode, [(x["unit"], x["kind"]) for x in infra], [(f["kind"], f["why"]) for f in findings],
                   lit, r.stderr[-600:]))
    # The machine fixed (the stand-in runs llc as it is), --resume runs the
    # units with infrastructure errors again and the report is theirs.
    path = os.path.join(tmp, "llc-garbage", "llc")
    with open(path, "w") as f:
        f.write(STANDIN % {"real": REAL, "dir": os.path.dirname(path), "body": ":"})
    before = len(journal)
    res = subprocess.run([RUN, "run", "--resume", out, "--no-minimize"], capture_output=True, text=True, timeout=300)
    rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))]
    after = [json.loads(l) for l in open(os.path.join(out, "journal.jsonl"))]
    summary = open(os.path.join(out, "summary.md")).read()
    report("harness, the machine fixed: --resume runs the units with infrastructure errors again; no infrastructure "
           "error is left and their functions agree",
           not res.returncode & INFRA and res.returncode in (0, 4) and len(after) == 2 * before and
           not [x for x in rows if x["type"] == "infrastructure"] and "## Infrastructure errors" not in summary and
           all(sum(s["agree"] for s in j["stats"].values()) > 0 for j in after[before:]),
           "exit %d, journal %d -> %d, %s" % (res.returncode, before, len(after), res.stderr[-600:]))


@pytest.fixture
def tmp(tmp_path):
    """A fresh folder holding the four signatures (sigs.ll)."""
    (tmp_path / "sigs.ll").write_text(SIGS)
    return str(tmp_path)
