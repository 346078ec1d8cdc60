#!/usr/bin/env python3
"""make bench, second half: the wall time of `gcnabi check` against bare llc
on the same batches. Both run the same llc over the same IR with the same
number of parallel jobs; the difference is what gcnabi adds (emitting,
observing, modelling, comparing). With --ab: `gcnabi ab` of two llc
against the two `gcnabi check` runs it replaces, on 1,000 signatures and
20 call graphs, one CPU, both selectors.
Usage: tests/bench.py [--count N] [--llc PATH] [--harness | --ab]"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, installed_llcs, llc_command, profile_of
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "harness"))
from gcnabirun.work import RUN_FINAL_CODE_SAMPLE  # noqa: E402

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


def timed(argv):
    t0 = time.monotonic()
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode & 3:  # 1 error, 2 usage: no verdict, no time worth having
        sys.exit("bench: %s failed (%d): %s" % (" ".join(argv[:2]), r.returncode, r.stderr[-300:]))
    return time.monotonic() - t0


def bench_ab(args, llcs):
    """gcnabi ab --llc A --llc B against gcnabi check with A and then B,
    over the same signature file and call-graph file; alternated, the
    best of two of each (goal: ab <= 1.2x the two checks)."""
    (ma, a), (mb, b) = llcs[-2], llcs[-1]
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name, extra in (("sigs", []), ("graphs", ["--callgraph", "--count", "20"])):
            path = os.path.join(tmp, name + ".ll")
            count = [] if extra else ["--count", str(args.count)]
            with open(path, "w") as f:
                subprocess.run([GCNABI, "gen", "--seed", "2026"] + count + extra, stdout=f, check=True)
            files.append(path)
        common = ["--mcpu", "gfx1030", "--selector", "both", "--batch", str(args.batch), "--jobs", str(args.jobs)]
        checks = ab = None
        for n in range(2):
            t_check = sum(timed([GCNABI, "check", "--quiet", "--llc", llc] + common +
                                ["--out", os.path.join(tmp, "check-%d-%d-%d" % (n, k, i)), path])
                          for k, llc in enumerate((a, b)) for i, path in enumerate(files))
            t_ab = sum(timed([GCNABI, "ab", "--llc", "A=" + a, "--llc", "B=" + b] + common +
                             ["--out", os.path.join(tmp, "ab-%d-%d" % (n, i)), path])
                       for i, path in enumerate(files))
            checks = t_check if checks is None else min(checks, t_check)
            ab = t_ab if ab is None else min(ab, t_ab)
    print("ab vs two checks: %d signatures and 20 call graphs (gcnabi gen --seed 2026), llc %d and %d, gfx1030, "
          "both selectors, %d jobs" % (args.count, ma, mb, args.jobs))
    print("  check A + check B %7.2fs" % checks)
    print("  gcnabi ab         %7.2fs  (%.3fx; goal <= 1.2x)" % (ab, ab / checks))


def bench_final_code(args, llcs):
    """gcnabi check --final-code against gcnabi check on the same
    signatures, newest llc, gfx1030, SelectionDAG: alternated, the best of
    two of each (goal: at most 3x); with --final-code-verify (the
    nightly's, no goal); and of the main command's sample (gcnabi-run run's
    --final-code-sample, goal: at most 1.3x)."""
    major, llc = llcs[-1]
    with tempfile.TemporaryDirectory() as tmp:
        sigs = os.path.join(tmp, "sigs.ll")
        with open(sigs, "w") as f:
            subprocess.run([GCNABI, "gen", "--seed", "2026", "--count", str(args.count)], stdout=f, check=True)
        common = ["--quiet", "--llc", llc, "--mcpu", "gfx1030", "--selector", "dag", "--batch", str(args.batch),
                  "--jobs", str(args.jobs)]
        plain = final = verified = sampled = None
        for n in range(2):
            t = timed([GCNABI, "check"] + common + ["--out", os.path.join(tmp, "check-%d" % n), sigs])
            plain = t if plain is None else min(plain, t)
            t = timed([GCNABI, "check", "--final-code"] + common + ["--out", os.path.join(tmp, "final-%d" % n), sigs])
            final = t if final is None else min(final, t)
            t = timed([GCNABI, "check", "--final-code", "--final-code-verify"] + common +
                      ["--out", os.path.join(tmp, "verify-%d" % n), sigs])
            verified = t if verified is None else min(verified, t)
            t = timed([GCNABI, "check", "--final-code", "--final-code-sample", str(RUN_FINAL_CODE_SAMPLE)] + common +
                      ["--out", os.path.join(tmp, "sample-%d" % n), sigs])
            sampled = t if sampled is None else min(sampled, t)
    print("check --final-code vs check: %d signatures (gcnabi gen --seed 2026), llc %d, gfx1030, SelectionDAG, "
          "%d jobs" % (args.count, major, args.jobs))
    print("  check              %7.2fs" % plain)
    print("  check --final-code %7.2fs  (%.2fx; goal <= 3x)" % (final, final / plain))
    print("  check --final-code --final-code-verify %7.2fs  (%.2fx)" % (verified, verified / plain))
    print("  check --final-code --final-code-sample %d (the main command's) %7.2fs  (%.2fx; goal <= 1.3x)" % (
        RUN_FINAL_CODE_SAMPLE, sampled, sampled / plain))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--llc")
    ap.add_argument("--harness", action="store_true",
                    help="harness/gcnabi-run run instead of gcnabi check, against bare llc on the same batches")
    ap.add_argument("--ab", action="store_true", help="gcnabi ab of the two newest llc against two gcnabi check runs")
    ap.add_argument("--final-code", action="store_true", help="gcnabi check --final-code against gcnabi check")
    args = ap.parse_args()
    llcs = installed_llcs()
    if args.final_code:
        if not llcs:
            sys.exit("bench: no llc installed (make deps)")
        bench_final_code(args, llcs)
        return
    if args.ab:
        if len(llcs) < 2:
            sys.exit("bench: --ab needs two installed llc (make deps)")
        bench_ab(args, llcs)
        return
    if not args.harness:
        gen_speed()
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
                subprocess.run([HARNESS, "run", "--no-final-code", "--llc", llc, "--mcpu", "gfx1030", "--selector", "dag", "--count", "0",
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
