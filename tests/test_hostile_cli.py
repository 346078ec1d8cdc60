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
from gcnabi_tests import GCNABI  # noqa: E402

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
