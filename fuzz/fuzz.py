#!/usr/bin/env python3
"""Thin driver for the fuzz targets (fuzz/*.c); it only starts processes.

  fuzz.py run [--seconds S] [TARGET...]   libFuzzer (ASan+UBSan), one target at a
                                          time, new inputs merged into fuzz/corpus/T
  fuzz.py bench [--seconds S] [TARGET...] exec/s of the sanitizer and the plain build
  fuzz.py minimize [TARGET...]            rewrite fuzz/corpus/T as a -merge=1 minimum,
                                          capped to a byte budget (the corpora are committed)
  fuzz.py feed [--seed S] [--count N] [--all] [-- CHECK-ARGS]
                                          distil generated signatures by model
                                          coverage, gcnabi check the distilled first
Binaries come from `make fuzz-build` (build/fuzz/libfuzzer/T), `make fuzz-bench`
(build/fuzz/fast/T) and `make fuzz-feed` (build/fuzz/distil/sig_model)."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build", "fuzz")
CORPUS = os.path.join(ROOT, "fuzz", "corpus")
TARGETS = ["sig_parse", "sig_model", "layout_parse", "mir_observe", "mir_roundtrip", "model_invariants",
           "model_differential"]
DICTS = {"sig_parse": "sig.dict", "sig_model": "sig.dict", "mir_observe": "mir.dict", "layout_parse": "layout.dict", "asm_check": "asm.dict"}
# Structured targets read a few hundred bytes at most; text targets need room.
MAX_LEN = {"model_invariants": 1024, "model_differential": 1024, "mir_roundtrip": 1024, "layout_parse": 4096,
           "sig_parse": 8192, "sig_model": 8192, "mir_observe": 65536}


def engine_args(target):
    args = ["-max_len=%d" % MAX_LEN[target], "-print_final_stats=1"]
    if target in DICTS:
        args.append("-dict=" + os.path.join(ROOT, "fuzz", DICTS[target]))
    return args


def stats(text):
    """libFuzzer's final statistics as a dict of ints."""
    return {k: int(v) for k, v in re.findall(r"stat::(\w+):\s+(\d+)", text)}


def run_engine(binary, target, seconds, dirs, log):
    cmd = [binary] + engine_args(target) + ["-max_total_time=%d" % seconds, "-timeout=25", "-rss_limit_mb=2048",
                                            "-artifact_prefix=" + os.path.join(BUILD, "artifacts", target) + "/"] + dirs
    os.makedirs(os.path.join(BUILD, "artifacts", target), exist_ok=True)
    start = time.time()
    with open(log, "w") as f:
        f.write("# " + " ".join(cmd) + "\n")
        f.flush()
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    text = open(log, errors="replace").read()
    return r.returncode, stats(text), time.time() - start, text


def corpus_size(d):
    files = [os.path.join(d, n) for n in os.listdir(d)] if os.path.isdir(d) else []
    return len(files), sum(os.path.getsize(f) for f in files)


def merge(binary, target, dst, src):
    """Add to dst only the inputs of src that bring new coverage."""
    subprocess.run([binary, "-merge=1", "-max_len=%d" % MAX_LEN[target], dst, src], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)


def cmd_run(args):
    fail = 0
    os.makedirs(os.path.join(BUILD, "logs"), exist_ok=True)
    for t in args.targets or TARGETS:
        binary = os.path.join(BUILD, "libfuzzer", t)
        corpus = os.path.join(CORPUS, t)
        os.makedirs(corpus, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="gcnabi-fuzz-") as work:
            log = os.path.join(BUILD, "logs", t + ".log")
            rc, st, wall, text = run_engine(binary, t, args.seconds, [work, corpus], log)
            before = corpus_size(corpus)
            merge(binary, t, corpus, work)
            after = corpus_size(corpus)
        crash = re.findall(r"Test unit written to (\S+)", text)
        status = "ok" if rc == 0 else "FINDING %s" % (crash[0] if crash else "exit %d" % rc)
        print("%-20s %4.0fs %10d runs %8d exec/s  corpus %d -> %d files (%d bytes)  %s  log %s" % (
            t, wall, st.get("number_of_executed_units", 0), st.get("average_exec_per_sec", 0), before[0], after[0],
            after[1], status, os.path.relpath(log, ROOT)), flush=True)
        fail |= rc != 0
    return 1 if fail else 0


def cmd_bench(args):
    for t in args.targets or TARGETS:
        for kind in ("libfuzzer", "fast"):
            binary = os.path.join(BUILD, kind, t)
            if not os.path.exists(binary):
                continue
            with tempfile.TemporaryDirectory(prefix="gcnabi-bench-") as work:
                for n in os.listdir(os.path.join(CORPUS, t)):
                    shutil.copy(os.path.join(CORPUS, t, n), work)
                log = os.path.join(work, "log")
                rc, st, wall, _ = run_engine(binary, t, args.seconds, [work], log)
            print("%-20s %-30s %8d exec/s  (%d runs in %.0fs, 1 core%s)" % (
                t, "ASan+UBSan libFuzzer" if kind == "libfuzzer" else "libFuzzer, no sanitizer",
                st.get("average_exec_per_sec", 0), st.get("number_of_executed_units", 0), wall,
                "" if rc == 0 else ", FINDING"), flush=True)
    return 0


# Committed corpora stay small: bytes per target after `minimize`.
BUDGET = {"mir_observe": 80000}
DEFAULT_BUDGET = 40000


def cmd_minimize(args):
    for t in args.targets or TARGETS:
        binary = os.path.join(BUILD, "libfuzzer", t)
        corpus = os.path.join(CORPUS, t)
        before = corpus_size(corpus)
        with tempfile.TemporaryDirectory(prefix="gcnabi-min-") as work:
            merge(binary, t, work, corpus)
            # Inputs that once crashed (crash-*) stay whatever their coverage.
            keep = [n for n in os.listdir(corpus) if n.startswith("crash-")]
            for n in os.listdir(corpus):
                if n not in keep:
                    os.remove(os.path.join(corpus, n))
            # -merge=1 already prefers small inputs; smallest first up to
            # the budget, inputs that once crashed whatever their size.
            budget = BUDGET.get(t, DEFAULT_BUDGET) - sum(os.path.getsize(os.path.join(corpus, n)) for n in keep)
            for n in sorted(os.listdir(work), key=lambda n: (os.path.getsize(os.path.join(work, n)), n)):
                size = os.path.getsize(os.path.join(work, n))
                if size > budget:
                    break
                budget -= size
                shutil.copy(os.path.join(work, n), corpus)
        after = corpus_size(corpus)
        print("%-20s %d files (%d bytes) -> %d files (%d bytes)" % (t, before[0], before[1], after[0], after[1]))
    return 0


def cmd_feed(args):
    gcnabi = os.path.join(ROOT, "build", "gcnabi")
    distil = os.path.join(BUILD, "distil", "sig_model")
    out = args.out or os.path.join(ROOT, "reports", "feed-%s" % time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(out, exist_ok=True)
    gen = subprocess.run([gcnabi, "gen", "--seed", str(args.seed), "--count", str(args.count)], capture_output=True,
                         text=True, check=True).stdout
    lines = gen.splitlines(True)
    header = [l for l in lines if not l.startswith(("declare", "define"))]
    sigs = [l for l in lines if l.startswith(("declare", "define"))]
    with tempfile.TemporaryDirectory(prefix="gcnabi-feed-") as tmp:
        src, dst = os.path.join(tmp, "all"), os.path.join(tmp, "distilled")
        os.makedirs(src)
        os.makedirs(dst)
        for i, s in enumerate(sigs):
            open(os.path.join(src, "%06d" % i), "w").write(s)
        start = time.time()
        # Edges only (no hit counts): a signature is kept for a branch of
        # the model no earlier one took, not for taking one more often.
        r = subprocess.run([distil, "-merge=1", "-use_counters=0", dst, src], capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stderr[-3000:])
            return 1
        index_of = {}
        for i, s in enumerate(sigs):
            index_of.setdefault(s, i)
        picked = sorted(index_of[open(os.path.join(dst, n)).read()] for n in os.listdir(dst))
    first = [sigs[i] for i in picked]
    chosen = set(picked)
    rest = [s for i, s in enumerate(sigs) if i not in chosen]
    feed = os.path.join(out, "feed.ll")
    with open(feed, "w") as f:
        f.write("; gcnabi gen --seed %s --count %d, distilled by model coverage (fuzz.py feed): the first %d\n"
                "; signatures take distinct paths through the model%s\n" % (
                    args.seed, args.count, len(first), "; the rest follow" if args.all else ""))
        f.writelines(header)
        f.writelines(first + (rest if args.all else []))
    print("fuzz.py feed: %d signatures, %d take distinct model paths (distilled in %.1fs) -> %s" % (
        len(sigs), len(first), time.time() - start, os.path.relpath(feed, ROOT)), flush=True)
    check = [gcnabi, "check"] + args.check_args + [feed]
    print("+ " + " ".join(check), flush=True)
    return subprocess.run(check).returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run")
    p.add_argument("--seconds", type=int, default=20)
    p.add_argument("targets", nargs="*", default=[])
    p = sub.add_parser("bench")
    p.add_argument("--seconds", type=int, default=20)
    p.add_argument("targets", nargs="*", default=[])
    p = sub.add_parser("minimize")
    p.add_argument("targets", nargs="*", default=[])
    p = sub.add_parser("feed")
    p.add_argument("--seed", default=time.strftime("%Y%m%d"))
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--all", action="store_true", help="check the other signatures too, after the distilled ones")
    p.add_argument("--out")
    p.add_argument("check_args", nargs="*", help="after --: options for gcnabi check")
    args = ap.parse_args()
    return {"run": cmd_run, "bench": cmd_bench, "minimize": cmd_minimize, "feed": cmd_feed}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
