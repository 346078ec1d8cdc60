#!/usr/bin/env python3
"""Hostile input to the gcnabi binary (issue 36, its C side): every line of
a signature file read or refused at FILE:LINE:COL, input text reaching
llc's input only escaped, gcnabi's own faults never reported as the
compiler's. Each case is one parametrized test.

    /usr/bin/python3 -m pytest -q tests/test_hostile_cli.py
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
from gcnabi_tests import GCNABI, llc_failing_on_f1  # noqa: E402

DIVERGED, CRASHED = 8, 16

# (bytes of the file, the error's LINE:COL and words; None: read, exit 0)
DROPPED_LINES = {
    "garbage line": (b"declare void @f(i32)\n!!! garbage\n", "2:1: error: expected a function header"),
    "BOM at the start": (b"\xef\xbb\xbfdeclare void @f(i32)\n", None),
    "BOM mid-file": (b"declare void @f(i32)\n\xef\xbb\xbfdeclare void @g(i32)\n", "2:1: error: a byte-order mark"),
    "NBSP": (b"declare void @f(i32)\n\xc2\xa0declare void @g(i32)\n", "2:1: error: a non-breaking space"),
    "NUL": (b"declare void @f(i32)\n\x00declare void @g(i32)\n", "2:1: error: a NUL byte"),
    "invalid UTF-8 line": (b"declare void @f(i32)\n\xff\xfe\n", "2:1: error: a byte that is not UTF-8"),
    "invalid UTF-8 in a comment": (b"declare void @f(i32) ; caf\xe9\n", "1:27: error: a byte that is not UTF-8"),
    "nested define": (b"define void @f() {\n  ret void\ndefine void @g() {\n  ret void\n}\n",
                      "3:1: error: 'define' inside a function body"),
    "unclosed global": (b"declare void @f(i32)\n@g = global [2 x i32] [i32 1,\n", "2:23: error: '[' is not closed"),
    "IR entities skipped knowingly": (
        b'source_filename = "a"\ntarget datalayout = "e"\ntarget triple = "amdgcn-amd-amdpal"\n'
        b"@g = global [2 x i32] [i32 1,\n  i32 2]\n%T = type { i32 }\n$c = comdat any\n!0 = !{i32 1}\n"
        b"!llvm.ident = !{!0}\nattributes #0 = { nounwind }\ndeclare void @f(%T) #0\n"
        b"define void @h() {\n  ret void\n}\n", None),
}


@pytest.mark.parametrize("case", sorted(DROPPED_LINES))
def test_no_line_dropped(tmp, case):
    text, want = DROPPED_LINES[case]
    path = os.path.join(tmp, "in.ll")
    open(path, "wb").write(text)
    r = subprocess.run([GCNABI, "place", path], capture_output=True, timeout=60)
    err = r.stderr.decode(errors="replace")
    if want is None:
        report("%s: read, exit 0" % case, r.returncode == 0 and not err, "exit %d %s" % (r.returncode, err))
    else:
        report("%s: exit 1 at %s" % (case, want), r.returncode == 1 and (path + ":" + want) in err,
               "exit %d %s" % (r.returncode, err))


def test_path_with_newline_is_not_a_crash(tmp, llc):
    """The input's path goes into each batch's header comment: a newline in
    it must not make llc reject the batch (once 4 "compiler crashes")."""
    folder = os.path.join(tmp, "a\nb")
    os.makedirs(folder)
    path = os.path.join(folder, "sigs.ll")
    open(path, "w").write("declare void @f0(i32)\ndeclare i32 @f1(i32, i32)\n")
    out = os.path.join(tmp, "out")
    r = subprocess.run([GCNABI, "check", "--quiet", "--llc", llc, "--jobs", "1", "--mcpu", "gfx900", "--selector", "dag",
                        "--out", out, path], capture_output=True, text=True, timeout=300)
    findings = [json.loads(x) for x in open(os.path.join(out, "findings.jsonl"))] \
        if os.path.exists(os.path.join(out, "findings.jsonl")) else []
    report("a path with a newline: no crash or divergence bit, no finding", r.returncode & (DIVERGED | CRASHED) == 0 and
           not findings, "exit %d %s %s" % (r.returncode, r.stderr[-600:], findings[:2]))


def test_names_escaped_in_ir(tmp):
    """Names that are not plain identifiers are quoted as LLVM quotes them."""
    path = os.path.join(tmp, "in.ll")
    open(path, "wb").write(b'declare void @"a\\0Ab"(i32)\ndeclare void @"x\\22y"(i32)\n')
    r = subprocess.run([GCNABI, "emit", path], capture_output=True, timeout=60)
    ir = r.stdout.decode()
    report("quoted names: written with \\XX escapes, no raw newline or quote", r.returncode == 0 and
           '@"a\\0Ab"' in ir and '@"x\\22y"' in ir, "exit %d %s" % (r.returncode, r.stderr.decode()[-400:]))


# An llc stand-in (tests/test_faults.py's template) whose compiles leave a
# grandchild in its own session, its pid in $DIR/pids, then run the real llc.
ESCAPE = 'setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! >> "$DIR/pids"'


def alive(pid):
    """Whether pid runs (a zombie has ended)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("ending", ["normal", "SIGTERM"])
def test_no_process_outlives_check(tmp, llc, ending):
    from test_faults import STANDIN
    d = os.path.join(tmp, "llc-escape")
    os.makedirs(d)
    standin = os.path.join(d, "llc")
    # stopped with SIGTERM: while the stand-in still runs, after its grandchild started
    body = ESCAPE + ("; sleep 30" if ending == "SIGTERM" else "")
    open(standin, "w").write(STANDIN % {"real": llc, "dir": d, "body": body})
    os.chmod(standin, 0o755)
    sigs = os.path.join(tmp, "sigs.ll")
    open(sigs, "w").write("declare void @f0(i32)\ndeclare i32 @f1(i32, i32)\n")
    cmd = [GCNABI, "check", "--quiet", "--llc", standin, "--jobs", "1", "--mcpu", "gfx900", "--selector", "dag",
           "--out", os.path.join(tmp, "out"), sigs]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    pidfile = os.path.join(d, "pids")
    if ending == "SIGTERM":
        for _ in range(600):  # until the first compile has started its grandchild
            if os.path.exists(pidfile) and open(pidfile).read().strip() or p.poll() is not None:
                break
            time.sleep(0.05)
        p.terminate()
    p.wait(timeout=300)
    pids = [int(x) for x in open(pidfile).read().split()] if os.path.exists(pidfile) else []
    left = [x for x in pids if alive(x)]
    for x in left:
        os.kill(x, signal.SIGKILL)
    report("%s end: grandchildren that left llc's session are gone (%d started)" % (ending, len(pids)),
           pids and not left, "left running: %s; exit %d %s" % (left, p.returncode, p.stderr.read()[-400:]))


# Numbers past what an option takes: a usage error (exit 2) naming it.
BAD_NUMBERS = {
    "gen --seed 30 digits": ["gen", "--seed", "1" * 30],
    "gen --count past 64 bits": ["gen", "--count", "99999999999999999999"],
    "gen --index 2^64-1": ["gen", "--index", "18446744073709551615"],
    "gen --count negative": ["gen", "--count", "-1"],
    "gen --boundary --index past 64 bits": ["gen", "--boundary", "--index", "99999999999999999999"],
    "check --jobs 0": ["check", "--jobs", "0", "x.ll"],
    "check --jobs past 32 bits": ["check", "--jobs", "4294967297", "x.ll"],
    "check --mem-limit negative": ["check", "--mem-limit", "-5", "x.ll"],
    "check --batch with a suffix": ["check", "--batch", "1x", "x.ll"],
    "check --wave with a suffix": ["check", "--wave", "32x", "x.ll"],
    "check --timeout negative": ["check", "--timeout", "-1", "x.ll"],
    "check --timeout with a suffix": ["check", "--timeout", "1x", "x.ll"],
    "place --wave past 32 bits": ["place", "--wave", "4294967328", "declare void @f(i32)"],
}


@pytest.mark.parametrize("case", sorted(BAD_NUMBERS))
def test_numbers_past_their_type(case):
    args = BAD_NUMBERS[case]
    r = subprocess.run([GCNABI] + args, capture_output=True, text=True, timeout=60)
    opt = args[-2] if args[0] == "gen" else args[1]
    report("%s: exit 2 naming %s" % (case, opt), r.returncode == 2 and opt in r.stderr and not r.stdout,
           "exit %d %s" % (r.returncode, r.stderr[-300:]))


MIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "mir", "basic.v14.dag.mir")


@pytest.mark.parametrize("where", ["body", "liveins"])
@pytest.mark.parametrize("reg", ["$vgpr-1", "$sgpr4294967296", "$vgpr1024"])
def test_observe_refuses_bad_registers(tmp, reg, where):
    """A register name llc never prints, in the body or in the header's
    liveins: exit 1 at its line, never read as another register."""
    lines = open(MIR).read().split("\n")
    mark = "$vgpr0 = COPY %24" if where == "body" else "- { reg: '$vgpr0', virtual-reg: '%0' }"
    at = next(i for i, x in enumerate(lines) if x.strip() == mark)
    lines[at] = lines[at].replace("$vgpr0", reg)
    path = os.path.join(tmp, "bad.mir")
    open(path, "w").write("\n".join(lines))
    r = subprocess.run([GCNABI, "observe", path], capture_output=True, text=True, timeout=60)
    report("observe %s in the %s: exit 1, error at FILE:LINE" % (reg, where),
           r.returncode == 1 and "%s:%d: error: '%s' is not a register" % (path, at + 1, reg) in r.stderr,
           "exit %d %s" % (r.returncode, r.stderr[-400:]))


def test_out_never_written_through_a_link(tmp, llc):
    """check --out DIR with links planted in DIR: each file is created
    afresh, the links' targets stay as they were."""
    out = os.path.join(tmp, "out")
    os.makedirs(out)
    victims = {}
    for name in ("details.jsonl", "findings.jsonl", "summary.txt", "summary.json"):
        victim = os.path.join(tmp, "victim-" + name)
        open(victim, "w").write("untouched\n")
        os.symlink(victim, os.path.join(out, name))
        victims[name] = victim
    sigs = os.path.join(tmp, "sigs.ll")
    open(sigs, "w").write("declare void @f0(i32)\n")
    r = subprocess.run([GCNABI, "check", "--quiet", "--llc", llc, "--jobs", "1", "--mcpu", "gfx900", "--selector", "dag",
                        "--out", out, sigs], capture_output=True, text=True, timeout=300)
    kept = all(open(v).read() == "untouched\n" for v in victims.values())
    fresh = all(not os.path.islink(os.path.join(out, n)) for n in victims)
    summary = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(os.path.join(out, "summary.json")) else {}
    report("planted links: targets untouched, files created afresh", r.returncode == 0 and kept and fresh,
           "exit %d kept %s fresh %s %s" % (r.returncode, kept, fresh, r.stderr[-300:]))
    version = subprocess.run([GCNABI, "--version"], capture_output=True, text=True).stdout.split()
    report("gcnabi --version prints gcnabi's version, summary.json names it",
           len(version) == 2 and version[0] == "gcnabi" and summary.get("gcnabi_version") == version[1],
           "%s %s" % (version, summary.get("gcnabi_version")))


def test_repro_run_line_quoted(tmp, llc):
    """An llc whose path the shell would split or run ("it's a dir;x") that
    fails on one function: the reproducer's RUN line quotes the path, so
    that sh runs that llc on the module (and it fails again) and nothing
    else."""
    folder = os.path.join(tmp, "it's a dir;touch HACKED")
    os.makedirs(folder)
    stand = llc_failing_on_f1(os.path.join(folder, "llc"), llc)
    path = os.path.join(tmp, "sigs.ll")
    open(path, "w").write("declare void @f0(i32)\ndeclare i32 @f1(i32, i32)\n")
    out = os.path.join(tmp, "out")
    r = subprocess.run([GCNABI, "check", "--quiet", "--llc", stand, "--mcpu", "gfx900", "--selector", "dag",
                        "--out", out, path], capture_output=True, text=True, timeout=300, cwd=tmp)
    repro = os.path.join(out, "repro")
    kept = sorted(os.path.join(repro, n) for n in os.listdir(repro) if n.endswith(".ll")) if os.path.isdir(repro) else []
    text = open(kept[0]).read() if kept else ""
    run = [line[len("; RUN:"):] for line in text.splitlines() if line.startswith("; RUN:")]
    report("a crash on f1 kept with one RUN line naming the llc quoted", r.returncode & CRASHED and len(run) == 1 and
           "'" in run[0], "exit %d, kept %s, run %s, %s" % (r.returncode, kept, run, r.stderr[-400:]))
    if run:
        sh = subprocess.run(["sh", "-c", run[0].replace("%s", "'%s'" % kept[0].replace("'", "'\\''"))],
                            capture_output=True, text=True, timeout=120, cwd=tmp)
        report("the RUN line run by sh: that llc fails on the module again, nothing else runs",
               sh.returncode != 0 and "LLVM ERROR: planted" in sh.stderr and
               not os.path.exists(os.path.join(tmp, "HACKED")), "exit %d %s" % (sh.returncode, sh.stderr[-400:]))
