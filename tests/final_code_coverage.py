#!/usr/bin/env python3
"""How many functions of llc's final code get a definite verdict from
gcnabi check-asm, and how many mutants of the proven ones are caught: fresh
signatures (gcnabi gen), each with its caller (gcnabi emit --caller), every
llc given and CPU, with the options check --final-code gives llc
(`gcnabi vocab --json`: final_code_llc_flags). A module llc refuses is
compiled one signature at a time, and those llc refuses alone are counted
apart. Prints a table; docs/measured.md quotes it.

    python3 tests/final_code_coverage.py --seed 20261306 --count 200 \\
        --llc /usr/lib/llvm-19/bin/llc --llc /usr/lib/llvm-22/bin/llc
"""
import argparse
import collections
import functools
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GCNABI = os.path.join(ROOT, "build", "gcnabi")


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def major_of(llc):
    m = re.search(r"LLVM version (\d+)", run([llc, "--version"]).stdout)
    return int(m.group(1)) if m else 0


def profile_of(major):
    vocab = json.loads(run([GCNABI, "vocab", "--json"]).stdout)
    best = [p["name"] for p in sorted(vocab["profiles"], key=lambda p: p["major"]) if p["major"] <= major]
    return best[-1]


@functools.lru_cache(maxsize=None)
def final_code_flags():
    """llc's options for the final code, as check --final-code gives them."""
    return json.loads(run([GCNABI, "vocab", "--json"]).stdout)["final_code_llc_flags"]


def compile_and_check(llc, profile, cpu, sig_path, tmp, tag, mutants):
    mod, asm = os.path.join(tmp, tag + ".ll"), os.path.join(tmp, tag + ".s")
    with open(mod, "w") as f:
        subprocess.run([GCNABI, "emit", "--caller", "--profile", profile, "--mcpu", cpu, sig_path], stdout=f, check=True)
    c = run([llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=" + cpu] + final_code_flags() + ["-verify-machineinstrs", mod, "-o", asm])
    if c.returncode:
        return None, None
    args = ["--sigs", mod, "--profile", profile, "--mcpu", cpu, asm]
    verdicts = [json.loads(l) for l in run([GCNABI, "check-asm", "--json"] + args).stdout.splitlines()]
    muts = [json.loads(l) for l in run([GCNABI, "check-asm", "--mutants", "--json"] + args).stdout.splitlines()] \
        if mutants else []
    return verdicts, muts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--llc", action="append", required=True)
    ap.add_argument("--mcpu", action="append")
    ap.add_argument("--no-mutants", action="store_true")
    a = ap.parse_args()
    cpus = a.mcpu or ["gfx900", "gfx1030", "gfx1100"]
    tmp = tempfile.mkdtemp(prefix="gcnabi-fc-")
    sigs = os.path.join(tmp, "sigs.ll")
    with open(sigs, "w") as f:
        subprocess.run([GCNABI, "gen", "--seed", str(a.seed), "--count", str(a.count)], stdout=f, check=True)
    lines = [l for l in open(sigs) if l.startswith("declare")]
    print("seed %d, %d signatures (each with its caller)" % (a.seed, len(lines)))
    print("%-8s %-8s %9s %7s %8s %8s %8s %9s %8s %8s" % ("llc", "cpu", "functions", "proven", "violated", "unknown",
                                                       "definite", "llcref", "mutants", "missed"))
    unknown_why = collections.Counter()
    for llc in a.llc:
        major = major_of(llc)
        profile = profile_of(major)
        for cpu in cpus:
            start = time.monotonic()
            verdicts, muts = compile_and_check(llc, profile, cpu, sigs, tmp, "all", not a.no_mutants)
            refused = 0
            if verdicts is None:
                verdicts, muts = [], []
                for i, line in enumerate(lines):
                    one = os.path.join(tmp, "one-sig.ll")
                    open(one, "w").write(line)
                    v, m = compile_and_check(llc, profile, cpu, one, tmp, "one", not a.no_mutants)
                    if v is None:
                        refused += 1
                        continue
                    verdicts += v
                    muts += m
            n = collections.Counter(v["verdict"] for v in verdicts)
            for v in verdicts:
                if v["verdict"] == "unknown":
                    unknown_why[re.sub(r"\d+", "N", v["why"])[:90]] += 1
            total = len(verdicts)
            definite = n["proven"] + n["violated"]
            print("%-8s %-8s %9d %7d %8d %8d %7.2f%% %9d %8d %8d   (%.0f s)" % (
                "llvm%d" % major, cpu, total, n["proven"], n["violated"], n["unknown"],
                100.0 * definite / total if total else 0, refused, len(muts), sum(1 for m in muts if not m["caught"]),
                time.monotonic() - start))
            sys.stdout.flush()
    print("why unknown:")
    for why, k in unknown_why.most_common():
        print("  %5d  %s" % (k, why))


if __name__ == "__main__":
    main()
