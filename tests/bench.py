#!/usr/bin/env python3
"""make bench, second half: the wall time of `gcnabi check` against bare llc
on the same batches. Both run the same llc over the same IR with the same
number of parallel jobs; the difference is what gcnabi adds (emitting,
observing, modelling, comparing). Usage: tests/bench.py [--count N] [--llc PATH]"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, installed_llcs, llc_command, profile_of

HARNESS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "harness", "gcnabi-run")


def bare_llc(llc, batches, jobs):
    """Run llc on every batch file, `jobs` at a time (a new one as soon as
    one ends); wall seconds."""
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(lambda ir: subprocess.run(llc_command(llc, "gfx1030", "dag", ir, ir + ".mir"),
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), batches))
    return time.monotonic() - t0


def gen_speed():
    """gcnabi gen --count 100000, best of three (goal: under a second)."""
    best = None
    for _ in range(3):
        t0 = time.monotonic()
        subprocess.run([GCNABI, "gen", "--seed", "1", "--count", "100000"], stdout=subprocess.DEVNULL, check=True)
        t = time.monotonic() - t0
        best = t if best is None else min(best, t)
    print("gcnabi gen --seed 1 --count 100000: %.2fs (best of 3; goal < 1 s)" % best)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--llc")
    ap.add_argument("--harness", action="store_true",
                    help="harness/gcnabi-run run instead of gcnabi check, against bare llc on the same batches")
    args = ap.parse_args()
    if not args.harness:
        gen_speed()
    llcs = installed_llcs()
    if not args.llc and not llcs:
        sys.exit("bench: no llc installed (make deps)")
    major, llc = (0, args.llc) if args.llc else llcs[-1]
    profile = profile_of(major) if major else "llvm22"
    with tempfile.TemporaryDirectory() as tmp:
        sigs = os.path.join(tmp, "sigs.ll")
        gen = subprocess.run([GCNABI, "gen", "--seed", "2026", "--count", str(args.count)], capture_output=True,
                             text=True, check=True).stdout
        lines = [l for l in gen.splitlines() if l.startswith("declare")]
        open(sigs, "w").write("\n".join(lines) + "\n")
        batches = []
        for b in range(0, len(lines), args.batch):
            part = os.path.join(tmp, "b%d.sig" % b)
            open(part, "w").write("\n".join(lines[b:b + args.batch]) + "\n")
            ir = os.path.join(tmp, "b%d.ll" % b)
            with open(ir, "w") as f:
                subprocess.run([GCNABI, "emit", "--caller", "--profile", profile, part], stdout=f,
                               stderr=subprocess.DEVNULL)
            batches.append(ir)
        # Alternate the two so that drift in the machine's load hits both;
        # the best of three of each.
        bare = check = None
        for _ in range(3):
            t = bare_llc(llc, batches, args.jobs)
            bare = t if bare is None else min(bare, t)
            t0 = time.monotonic()
            if args.harness:
                # The whole harness: plan, units (gcnabi check, one chunk of
                # --batch functions each), the cross-axis diffs, the four
                # reports and the layout table; nothing new to minimize here.
                out = os.path.join(tmp, "harness-%d" % _)
                subprocess.run([HARNESS, "run", "--llc", llc, "--mcpu", "gfx1030", "--selector", "dag", "--count", "0",
                                "--chunk", str(args.batch), "--batch", str(args.batch), "--jobs", str(args.jobs),
                                "--no-minimize", "--out", out, sigs], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            else:
                subprocess.run([GCNABI, "check", "--quiet", "--llc", llc, "--mcpu", "gfx1030", "--selector", "dag",
                                "--batch", str(args.batch), "--jobs", str(args.jobs), "--out", os.path.join(tmp, "out"),
                                sigs], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            t = time.monotonic() - t0
            check = t if check is None else min(check, t)
    print("check vs bare llc: %d signatures (gcnabi gen --seed 2026), %s, gfx1030, SelectionDAG, batches of %d, "
          "%d jobs" % (len(lines), llc, args.batch, args.jobs))
    print("  bare llc     %7.2fs" % bare)
    print("  %-12s %7.2fs  (%.3fx; goal <= 1.10x)" % ("gcnabi-run" if args.harness else "gcnabi check", check,
                                                        check / bare))


if __name__ == "__main__":
    main()
