#!/usr/bin/env python3
"""Nothing lost silently. Every gcnabi subcommand with its stdout on a full
disk (/dev/full) exits with bit 1 and names <stdout>; check and gcnabi-run
with an output folder that cannot be made, or on a disk that fills up
during the run (a tiny tmpfs in a mount namespace of the test's own), exit
with bit 1 naming the path, and no summary.json marks a partial run
complete. gcnabi-run: a merge of one shard of two and a report of a journal
missing a unit set exit bit 64, --resume runs what is missing or failed,
and one run per output folder: while a run holds it, a second run, a
--resume and a report into it are refused (exit 1) before any work.
Real llc throughout. Prints [PASS]/[FAIL] name and N/M passed."""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GOLDEN, ROOT  # noqa: E402
from soft import report  # noqa: E402

RUN = [sys.executable, os.path.join(ROOT, "harness", "gcnabi-run")]
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
EXIT_ERROR, EXIT_INCOMPLETE = 1, 64


def run(cmd, stdout=subprocess.PIPE, **kw):
    return subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE, text=True, **kw)


def commands():
    """The subcommands `gcnabi --help` lists."""
    lines = run([GCNABI, "--help"]).stdout.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("usage:")) + 1
    return [l.split()[0] for l in lines[start:] if l.startswith("  ") and l.split()]


def subcommand_args(tmp, llc):
    """{subcommand: [operand lists]}: each prints something on stdout."""
    sigs = os.path.join(tmp, "small.ll")
    with open(sigs, "w") as f:
        f.write("declare void @f(i32, i32 inreg)\ndeclare amdgpu_gfx float @g(i64 inreg, <2 x i32>)\n")
    diff = os.path.join(FIXTURES, "diff")
    err = os.path.join(tmp, "llc.err")
    with open(err, "w") as f:
        f.write("LLVM ERROR: Cannot select: 0x55d0572206d0: i8 = truncate 0x55d057220800\n")
    return {
        "place": [[sigs], ["--json", sigs]],
        "emit": [[sigs]],
        "observe": [[os.path.join(FIXTURES, "mir", "basic.v19.dag.mir")],
                    ["--asm", os.path.join(FIXTURES, "asm", "call.gfx900.v22.s")]],
        "check-asm": [["--sigs", os.path.join(FIXTURES, "asm", "call.ll"), "--profile", "llvm22", "--mcpu", "gfx900",
                       os.path.join(FIXTURES, "asm", "call.gfx900.v22.s")],
                      ["--json", "--mutants", "--sigs", os.path.join(FIXTURES, "asm", "call.ll"), "--profile", "llvm22",
                       "--mcpu", "gfx1100", os.path.join(FIXTURES, "asm", "call.gfx1100.v22.s")]],
        "diff": [[os.path.join(diff, "model.jsonl"), os.path.join(diff, "llc14.dag.jsonl")],
                 ["--json", os.path.join(diff, "llc14.dag.jsonl"), os.path.join(diff, "llc14.gisel.jsonl")]],
        "check": [["--llc", llc, "--mcpu", "gfx1030", "--out", os.path.join(tmp, "stdout-check"), sigs]],
        "ab": [["--llc", "a=" + llc, "--llc", "b=" + llc, "--mcpu", "gfx1030", "--out", os.path.join(tmp, "stdout-ab"), sigs],
               ["--json", "--llc", "a=" + llc, "--llc", "b=" + llc, "--mcpu", "gfx1030", "--out",
                os.path.join(tmp, "stdout-ab-json"), sigs],
               ["--layout", "old", "--layout", "proposed-v2", sigs]],
        "passthrough": [[os.path.join(FIXTURES, "graphs", "shader_input_sgprs.ll")]],
        "gen": [[], ["--boundary"], ["--callgraph"], ["--dump-weights"]],
        "layouts": [[], ["--impact", sigs]],
        "profiles": [[]],
        "shrink": [["declare void @f(i32, i64)"]],
        "vocab": [[]],
        "cause": [[err]],
        "help": [["place"]],
    }


def stdout_full(tmp, llc):
    """Every subcommand: what it prints normally, then the same with stdout
    on /dev/full: its own exit status with bit 1, and <stdout> named."""
    table = subcommand_args(tmp, llc)
    missing = [c for c in commands() if c not in table]
    report("every subcommand of gcnabi --help has a stdout case", not missing, "no case for %s" % missing)
    cases = [[c] + a for c, lists in table.items() for a in lists]
    cases += [["--help"], ["place", "--help"], ["check", "--help"]]
    for argv in cases:
        normal = run([GCNABI] + argv)
        with open("/dev/full", "w") as full:
            r = run([GCNABI] + argv, stdout=full)
        report("gcnabi %s >/dev/full: exit %d | 1, names <stdout>" % (" ".join(os.path.basename(a) for a in argv),
                                                                    normal.returncode),
               normal.stdout and normal.returncode & 1 == 0 and r.returncode == normal.returncode | EXIT_ERROR and
               "cannot write <stdout>" in r.stderr,
               "normal exit %d (%d bytes), full exit %d: %s" % (normal.returncode, len(normal.stdout), r.returncode,
                                                               r.stderr[-500:]))


def unmakeable_folders(tmp):
    """Output folders that cannot be made, even as root: one under a regular
    file, one under /proc."""
    blocker = os.path.join(tmp, "a-file")
    open(blocker, "w").close()
    return [os.path.join(blocker, "out"), "/proc/gcnabi-io-test-%d" % os.getpid()]


def check_unwritable_out(tmp, llc):
    for out in unmakeable_folders(tmp):
        r = run([GCNABI, "check", "--quiet", "--llc", llc, "--mcpu", "gfx1030", "--out", out,
                 os.path.join(GOLDEN, "psagg.ll")])
        report("check --out %s: exit 1 naming it" % out, r.returncode == EXIT_ERROR and out in r.stderr,
               "exit %d: %s" % (r.returncode, r.stderr[-500:]))


SMALL_DISK = r'''
mount -t tmpfs -o size="$1" tmpfs "$2" || exit 125
disk=$2 copy=$3
shift 3
"$@"
rc=$?
cp -a "$disk/." "$copy/"
exit $rc
'''


def on_small_disk(tmp, name, size, cmd):
    """cmd with a tmpfs of `size` at tmp/name (its own mount namespace: the
    disk goes away with it); returns (result, disk path, copy of the files
    left on it). None when this machine cannot mount one."""
    disk, copy = os.path.join(tmp, name), os.path.join(tmp, name + ".copy")
    os.makedirs(disk)
    os.makedirs(copy)
    ns = ["unshare", "--mount", "--propagation", "private"] if os.geteuid() == 0 else \
        ["unshare", "--user", "--map-root-user", "--mount"]
    if not shutil.which("unshare"):
        return None, disk, copy
    r = run(ns + ["sh", "-c", SMALL_DISK, "small-disk", size, disk, copy] + cmd, stdout=subprocess.DEVNULL)
    if r.returncode == 125 or "unshare:" in r.stderr:
        print("[SKIP] %s: cannot mount a tmpfs here (%s)" % (name, r.stderr.strip()[-200:]))
        return None, disk, copy
    return r, disk, copy


def summary_complete(out):
    path = os.path.join(out, "summary.json")
    try:
        return json.load(open(path)).get("complete") is True
    except (OSError, ValueError):
        return False


def check_full_disk(tmp, llc):
    """check --placements of the golden default cases on an 8 KB disk."""
    r, disk, copy = on_small_disk(tmp, "check-disk", "8k", [
        GCNABI, "check", "--quiet", "--placements", "--llc", llc, "--mcpu", "gfx1030", "--out",
        os.path.join(tmp, "check-disk", "out"), os.path.join(GOLDEN, "default.ll")])
    if not r:
        return
    out = os.path.join(copy, "out")
    report("check on a disk that fills up: exit bit 1, the files named, no summary.json marked complete",
           r.returncode & EXIT_ERROR and "cannot write %s/out/" % disk in r.stderr and "No space left" in r.stderr and
           not summary_complete(out) and os.path.isdir(out),
           "exit %d, complete %s: %s" % (r.returncode, summary_complete(out), r.stderr[-800:]))


def small_run(llc, out, *extra, count=20):
    return RUN + ["run", "--no-final-code", "--llc", llc, "--mcpu", "gfx1030", "--seed", "3", "--count", str(count), "--chunk", "10",
                  "--no-new-reg-bank-select", "--suites", "default", "--jobs", "1", "--no-minimize", "--out", out] + \
        list(extra)


def journal(out):
    path = os.path.join(out, "journal.jsonl")
    return [json.loads(l) for l in open(path)] if os.path.exists(path) else []


def harness_full_disk(tmp, llc):
    """A run whose units' results do not fit their disk (a tmpfs on
    --out/units): each unit journaled with check's error naming the file,
    none as done without complete results; the run exits with bit 1."""
    out = os.path.join(tmp, "run-disk")
    r, disk, copy = on_small_disk(tmp, "run-disk/units", "64k", small_run(llc, out))
    if not r:
        return
    recs = journal(out)
    done = [x["unit"] for x in recs if x["status"] == "done"]
    bad = [u for u in done if not summary_complete(os.path.join(copy, u))]
    named = [x for x in recs if x["status"] == "error" and "cannot write %s/" % disk in x.get("error", "")]
    report("gcnabi-run with its units on a disk that fills up: exit bit 1, units in error naming the file, none done "
           "without complete results", r.returncode & EXIT_ERROR and named and not bad and len(recs) == 2,
           "exit %d, done %s, incomplete %s, journal errors %s: %s" % (
               r.returncode, done, bad, [x.get("error", "")[:200] for x in recs], r.stderr[-800:]))


def harness_outputs(tmp, llc):
    for out in unmakeable_folders(tmp):
        r = run(small_run(llc, out))
        report("gcnabi-run run --out %s: exit 1 naming it" % out, r.returncode == EXIT_ERROR and out in r.stderr,
               "exit %d: %s" % (r.returncode, r.stderr[-500:]))
    whole = os.path.join(tmp, "whole")
    r = run(small_run(llc, whole))
    report("a whole run: neither error nor incomplete", r.returncode & (EXIT_ERROR | 2 | EXIT_INCOMPLETE) == 0 and
           len(journal(whole)) == 2, "exit %d: %s" % (r.returncode, r.stderr[-500:]))
    with open("/dev/full", "w") as full:
        f = run(RUN + ["report", whole, "--no-minimize"], stdout=full)
    report("gcnabi-run report >/dev/full: exit 1 naming <stdout>", f.returncode == EXIT_ERROR and
           "cannot write <stdout>" in f.stderr, "exit %d: %s" % (f.returncode, f.stderr[-500:]))
    # One unit of the journal lost: the report says so with bit 64, and
    # --resume runs that unit again and completes the set.
    recs = journal(whole)
    with open(os.path.join(whole, "journal.jsonl"), "w") as f:
        f.write(json.dumps(recs[0]) + "\n")
    rep = run(RUN + ["report", whole, "--no-minimize"])
    res = run(RUN + ["run", "--resume", whole, "--no-minimize"])
    report("report of a journal missing a unit: exit bit 64; --resume completes it (same status as whole)",
           rep.returncode == r.returncode | EXIT_INCOMPLETE and res.returncode == r.returncode and
           len(journal(whole)) == 2, "report %d, resume %d, whole %d: %s" % (
               rep.returncode, res.returncode, r.returncode, (rep.stderr + res.stderr)[-500:]))
    # A unit journaled with an error is not done: --resume runs it again.
    recs = journal(whole)
    recs[1].update(status="error", error="planted")
    with open(os.path.join(whole, "journal.jsonl"), "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in recs))
    res = run(RUN + ["run", "--resume", whole, "--no-minimize"])
    after = journal(whole)
    report("--resume runs a unit journaled with an error again", res.returncode == r.returncode and len(after) == 3 and
           after[-1]["unit"] == recs[1]["unit"] and after[-1]["status"] == "done",
           "exit %d, journal %s: %s" % (res.returncode, [(x["unit"], x["status"]) for x in after], res.stderr[-500:]))
    s1, s2 = os.path.join(tmp, "s1"), os.path.join(tmp, "s2")
    r1, r2 = run(small_run(llc, s1, "--shard", "1/2")), run(small_run(llc, s2, "--shard", "2/2"))
    one = run(RUN + ["merge", s1, "--out", os.path.join(tmp, "m1"), "--no-minimize"])
    both = run(RUN + ["merge", s1, s2, "--out", os.path.join(tmp, "m2"), "--no-minimize"])
    report("a shard's own run is complete; merge of one shard of two: exit bit 64; of both: as the whole run",
           r1.returncode & EXIT_INCOMPLETE == 0 and r2.returncode & EXIT_INCOMPLETE == 0 and
           one.returncode == r.returncode | EXIT_INCOMPLETE and both.returncode == r.returncode,
           "shards %d %d, merge of one %d, of both %d, whole %d: %s" % (
               r1.returncode, r2.returncode, one.returncode, both.returncode, r.returncode, one.stderr[-500:]))
    return whole


def one_run_per_folder(tmp, llc, whole):
    # The lock held by another process (here the test): refused before any work.
    fresh = os.path.join(tmp, "locked")
    os.makedirs(fresh)
    for d in (whole, fresh):
        fd = os.open(os.path.join(d, "run.lock"), os.O_RDWR | os.O_CREAT)
        fcntl.flock(fd, fcntl.LOCK_EX)
        before = sorted(os.listdir(d)), journal(d)
        tries = [small_run(llc, d)] if d == fresh else [RUN + ["run", "--resume", d], RUN + ["report", d]]
        rs = [run(t) for t in tries]
        os.close(fd)
        report("%s into a folder another process holds: exit 1, 'in use', nothing written" % (
            "a new run" if d == fresh else "--resume and report"),
            all(x.returncode == EXIT_ERROR and "in use" in x.stderr for x in rs) and
            (sorted(os.listdir(d)), journal(d)) == before, "; ".join("exit %d: %s" % (x.returncode, x.stderr[-300:])
                                                                     for x in rs))
    # Two real runs: the second, and a --resume, while the first runs.
    busy = os.path.join(tmp, "busy")
    first = subprocess.Popen(small_run(llc, busy, count=200), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not os.path.exists(os.path.join(busy, "plan.json")) and time.monotonic() < deadline and first.poll() is None:
        time.sleep(0.05)
    second = run(small_run(llc, busy, count=200))
    resume = run(RUN + ["run", "--resume", busy])
    running = first.poll() is None
    so, se = first.communicate()
    recs = journal(busy)
    units = {u["id"] for u in json.load(open(os.path.join(busy, "plan.json")))["units"]}
    report("two runs into one --out: the second and a --resume refused (exit 1) while the first runs on to the end",
           running and second.returncode == EXIT_ERROR and "in use" in second.stderr and
           resume.returncode == EXIT_ERROR and "in use" in resume.stderr and
           first.returncode & (EXIT_ERROR | 2) == 0 and
           len(recs) == len(units) and {x["unit"] for x in recs} == units,
           "first running %s, exit %d (%d units); second %d: %s; resume %d: %s" % (
               running, first.returncode, len(recs), second.returncode, second.stderr[-300:], resume.returncode,
               resume.stderr[-300:]))


def test_stdout_full(tmp, llc):
    stdout_full(tmp, llc)


def test_check_unwritable_out(tmp, llc):
    check_unwritable_out(tmp, llc)


def test_check_full_disk(tmp, llc):
    check_full_disk(tmp, llc)


def test_harness_full_disk(tmp, llc):
    harness_full_disk(tmp, llc)


def test_harness_outputs_one_run_per_folder(tmp, llc):
    whole = harness_outputs(tmp, llc)
    one_run_per_folder(tmp, llc, whole)
