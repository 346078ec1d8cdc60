#!/usr/bin/env python3
"""Verdict snapshot: every output a refactor must leave alone, written into
one folder so that two trees can be compared with `diff -r`.

    python3 tests/snapshot.py [--root TREE] [--model-only] [--harness] OUT

TREE is a checkout with build/gcnabi built (default: this one); --cases
TREE2 takes the golden signatures from another tree, so that two trees
place the same inputs. The model
part (no llc): gen in every mode, place --json for every profile, CPU,
layout, selector and view over the golden cases and generated signatures,
emit in every dialect. With llc installed: gcnabi check's details,
summary and placements on fixed seeds. --harness: also a harness run
(gcnabi-run run, fixed seed) and its reports. Wall times and absolute paths
are replaced, so that two trees give the same bytes for the same verdicts."""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROFILES = ["llvm14", "llvm15", "llvm16", "llvm19", "llvm22"]
CPUS = ["gfx700", "gfx900", "gfx1030", "gfx1100", "gfx1200", "gfx942"]
SEEDS = [1, 7, 20261201]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", **kw)


class Snap:
    def __init__(self, root, out):
        self.root, self.out = os.path.abspath(root), os.path.abspath(out)
        self.cases = self.root
        self.bin = os.path.join(self.root, "build", "gcnabi")

    def scrub(self, text):
        text = text.replace(self.root + "/", "ROOT/").replace(self.out + "/", "OUT/")
        text = re.sub(r"wall [0-9.]+s, llc busy [0-9.]+s( \(the final code's )?([0-9.]+s)?",
                      lambda m: "wall Ts, llc busy Ts" + (" (the final code's Ts" if m.group(1) else ""), text)
        text = re.sub(r'"(llc_seconds|wall|seconds|elapsed|wall_seconds|llc_busy_seconds)":[0-9.e+-]+', r'"\1":0', text)
        text = re.sub(r"gcnabi-check-[A-Za-z0-9]{6}", "gcnabi-check-XXXXXX", text)
        return text

    def save(self, name, r):
        path = os.path.join(self.out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("exit %d\n--- stdout\n%s--- stderr\n%s" % (r.returncode, self.scrub(r.stdout), self.scrub(r.stderr)))

    def gcnabi(self, name, *args, stdin=None):
        r = run([self.bin] + [str(a) for a in args], input=stdin)
        self.save(name, r)
        return r


def model(s, tmp):
    layouts = sorted(glob.glob(os.path.join(s.root, "layouts", "*.layout")))
    corpus = os.path.join(tmp, "corpus.ll")
    gen_texts = []
    for seed in SEEDS:
        gen_texts.append(s.gcnabi("gen/plain-%d" % seed, "gen", "--seed", seed, "--count", 150).stdout)
        gen_texts.append(s.gcnabi("gen/swarm-%d" % seed, "gen", "--seed", seed, "--count", 100, "--swarm").stdout)
        s.gcnabi("gen/graph-%d" % seed, "gen", "--callgraph", "--seed", seed, "--count", 12)
        for root in ["amdgpu_cs", "amdgpu_ps", "amdgpu_kernel", "amdgpu_cs_chain", "amdgpu_cs_chain_preserve"]:
            s.gcnabi("gen/graph-%s-%d" % (root, seed), "gen", "--callgraph", "--seed", seed, "--count", 6,
                     "--root", root)
    for cc in ["ccc", "fastcc", "coldcc", "amdgpu_gfx", "amdgpu_cs", "amdgpu_ps", "amdgpu_vs", "amdgpu_gs",
               "amdgpu_hs", "amdgpu_es", "amdgpu_ls", "amdgpu_cs_chain", "amdgpu_cs_chain_preserve", "amdgpu_kernel"]:
        gen_texts.append(s.gcnabi("gen/cc-%s" % cc, "gen", "--seed", 3, "--count", 40, "--cc", cc).stdout)
    s.gcnabi("gen/weights", "gen", "--dump-weights")
    s.gcnabi("gen/enumerate", "gen", "--enumerate", "--count", 300)
    for mode in ["both", "all", "amdgpu_kernel"]:
        s.gcnabi("gen/boundary-%s" % mode, "gen", "--boundary", "--cc", mode)
    s.gcnabi("gen/boundary-llvm16-caller", "gen", "--boundary", "--profile", "llvm16", "--caller")
    golden = sorted(glob.glob(os.path.join(s.cases, "cases", "golden", "*.ll")))
    with open(corpus, "w") as f:
        for g in golden:
            f.write(open(g).read() + "\n")
        for t in gen_texts:
            f.write(t + "\n")
    for p in PROFILES:
        for cpu in CPUS:
            for lay in ["old"] + layouts[1:]:
                for sel in ["dag", "gisel"]:
                    for view in ["callee", "caller"]:
                        extra = ["--caller"] if view == "caller" else []
                        s.gcnabi("place/%s-%s-%s-%s-%s" % (p, cpu, os.path.basename(lay), sel, view), "place",
                                 "--json", "--profile", p, "--mcpu", cpu, "--layout", lay, "--selector", sel,
                                 *extra, corpus)
    for triple in ["amdgcn-mesa-mesa3d", "amdgcn--"]:
        s.gcnabi("place/triple-%s" % triple, "place", "--json", "--triple", triple, corpus)
    s.gcnabi("place/text", "place", corpus)
    for p in PROFILES:
        s.gcnabi("emit/%s" % p, "emit", "--profile", p, corpus)
        s.gcnabi("emit/%s-caller" % p, "emit", "--profile", p, "--caller", corpus)
    for g in sorted(glob.glob(os.path.join(s.out, "gen", "graph-*"))):
        text = open(g).read().split("--- stdout\n", 1)[1].split("--- stderr\n", 1)[0]
        path = os.path.join(tmp, os.path.basename(g) + ".ll")
        open(path, "w").write(text)
        s.gcnabi("emit/%s" % os.path.basename(g), "emit", path)
    s.gcnabi("layouts", "layouts")
    s.gcnabi("profiles", "profiles")
    diffs(s, tmp)


def diffs(s, tmp):
    """gcnabi diff between model placements that differ: versions, selectors,
    views, layouts, CPUs, in every output mode."""
    def placed(name):
        text = open(os.path.join(s.out, "place", name)).read()
        path = os.path.join(tmp, name + ".jsonl")
        open(path, "w").write(text.split("--- stdout\n", 1)[1].split("--- stderr\n", 1)[0])
        return path
    pairs = [("llvm19-gfx1030-old-dag-callee", "llvm22-gfx1030-old-dag-callee"),
             ("llvm16-gfx900-old-dag-callee", "llvm16-gfx900-old-gisel-callee"),
             ("llvm22-gfx1100-old-dag-callee", "llvm22-gfx1100-old-dag-caller"),
             ("llvm22-gfx1030-old-dag-callee", "llvm22-gfx1030-proposed-v2.layout-dag-callee"),
             ("llvm14-gfx700-old-gisel-caller", "llvm22-gfx1200-proposed-v1.layout-gisel-caller"),
             ("llvm15-gfx942-old-dag-callee", "llvm15-gfx942-old-dag-callee")]
    for a, b in pairs:
        pa, pb = placed(a), placed(b)
        for mode in [[], ["--json"], ["--summary"], ["--undef-sgprs"], ["--strict-errors", "--labels", "x,y"]]:
            s.gcnabi("diff/%s~%s%s" % (a, b, "".join(mode)), "diff", *mode, pa, pb)


def llcs():
    found = []
    for v in (14, 15, 16, 19, 22):
        p = "/usr/lib/llvm-%d/bin/llc" % v
        if os.access(p, os.X_OK):
            found.append(p)
    return found


def check(s, tmp):
    sigs = os.path.join(tmp, "check.ll")
    with open(sigs, "w") as f:
        for cc in ["", "amdgpu_gfx", "amdgpu_cs", "amdgpu_ps", "amdgpu_cs_chain", "amdgpu_kernel"]:
            args = ["gen", "--seed", 20261201, "--count", 25] + (["--cc", cc] if cc else [])
            f.write(run([s.bin] + [str(a) for a in args]).stdout)
    inputs = {"gen": sigs}
    for g in ["default", "gfx", "shader", "chain", "kernel"]:
        inputs[g] = os.path.join(s.root, "cases", "golden", g + ".ll")
    graph = os.path.join(tmp, "graph.ll")
    open(graph, "w").write(run([s.bin, "gen", "--callgraph", "--seed", "5", "--count", "6"]).stdout)
    inputs["graph"] = graph
    llc_args = []
    for l in llcs():
        llc_args += ["--llc", l]
    for name, path in inputs.items():
        d = os.path.join(tmp, "check-" + name)
        # One llc at a time: details.jsonl is in the order the batches end.
        r = run([s.bin, "check"] + llc_args + ["--jobs", "1", "--mcpu", "gfx900", "--mcpu", "gfx1100", "--placements",
                                               "--out", d, path])
        s.save("check/%s.out" % name, r)
        for f in sorted(glob.glob(os.path.join(d, "**", "*"), recursive=True)):
            if os.path.isfile(f) and not f.endswith((".mir", ".s")):
                rel = os.path.relpath(f, d)
                dst = os.path.join(s.out, "check", name, rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                open(dst, "w").write(s.scrub(open(f, errors="replace").read()))


def harness(s, tmp):
    d = os.path.join(tmp, "harness")
    r = run([os.path.join(s.root, "harness", "gcnabi-run"), "run", "--seed", "20261201", "--count", "60",
             "--graphs", "6", "--mcpu", "gfx900", "--mcpu", "gfx1100", "--out", d,
             os.path.join(s.root, "cases", "golden", "default.ll")])
    s.save("harness/run.out", r)
    for name in ["summary.md", "junit.xml", "results.jsonl", "index.html"]:
        p = os.path.join(d, name)
        if os.path.exists(p):
            open(os.path.join(s.out, "harness", name), "w").write(s.scrub(open(p).read()))
    for f in sorted(glob.glob(os.path.join(d, "repro", "*"))):
        dst = os.path.join(s.out, "harness", "repro", os.path.basename(f))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        open(dst, "w").write(s.scrub(open(f).read()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=HERE)
    ap.add_argument("--model-only", action="store_true")
    ap.add_argument("--harness", action="store_true")
    ap.add_argument("--cases", help="take the golden signatures from this tree (the same inputs for two trees)")
    ap.add_argument("out")
    a = ap.parse_args()
    if os.path.exists(a.out):
        shutil.rmtree(a.out)
    os.makedirs(a.out)
    s = Snap(a.root, a.out)
    if a.cases:
        s.cases = os.path.abspath(a.cases)
    if not os.access(s.bin, os.X_OK):
        sys.exit("snapshot: %s is missing: run make in %s" % (s.bin, a.root))
    tmp = os.path.join(s.out, ".tmp")
    os.makedirs(tmp)
    model(s, tmp)
    if not a.model_only:
        check(s, tmp)
    if a.harness:
        harness(s, tmp)
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
