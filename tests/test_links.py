#!/usr/bin/env python3
"""Links and comparisons: the mixed-selector and cross-version link
matrices, call graphs (their bisection, chain functions, kernels), gcnabi
ab of compilers and layouts, shader pass-through. One pytest test per section
(`pytest tests/test_links.py -k NAME`)."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import GCNABI, GCNABI_SAN, ROOT, installed_llcs, profile_of, run  # noqa: E402
from soft import needs_llcs, report  # noqa: E402
from check_common import AB_SIGS, SAN_ENV, ab_json, label_of, named, section_test, status  # noqa: E402


SELECTOR_LINK_SIGS = """declare void @h(half, i32)
declare half @rh()
declare void @z(i8 zeroext, i32)
declare void @i(i32, float)
"""


def selector_link(tmp):
    """The mixed-selector link, with every installed llc on gfx700 and gfx900:
    on gfx700 (no 16-bit instructions) a SelectionDAG caller passes a half as
    an f32 where a GlobalISel callee reads 16 bits, and back (arguments and
    the return), explained by the profile switch dag_fp16_promoted
    (llvm/llvm-project#112524); nothing else disagrees, and on gfx900 nothing
    at all. Exit bit 4, never 8."""
    sigs = os.path.join(tmp, "selector_link.ll")
    open(sigs, "w").write(SELECTOR_LINK_SIGS)
    llcs = dict(installed_llcs())
    out = os.path.join(tmp, "selector_link")
    args = [GCNABI, "check", "--quiet", "--mcpu", "gfx700", "--mcpu", "gfx900", "--out", out]
    for llc in llcs.values():
        args += ["--llc", llc]
    r = run(args + [sigs])
    summary = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(os.path.join(out, "summary.json")) else {}
    cells = {(c["llc"], c["cpu"], c["caller_selector"]): (c["checked"], c["disagree"], c["predicted"])
             for c in summary.get("selector_link") or []}
    found = {}
    for line in open(os.path.join(out, "findings.jsonl")) if os.path.exists(os.path.join(out, "findings.jsonl")) else []:
        f = json.loads(line)
        if f["kind"] == "cross-selector":
            found.setdefault((f["label"], f["cpu"], f["selector"]), set()).add(
                (f["function"], f["cause"]["key"], tuple(f["cause"]["switches"])))
    want_found = {"dag": {("h", "both: argument f32 for low", ("dag_fp16_promoted",)),
                          ("rh", "both: return f32 for low", ("dag_fp16_promoted",))},
                  "gisel": {("h", "both: argument low for f32", ("dag_fp16_promoted",)),
                            ("rh", "both: return low for f32", ("dag_fp16_promoted",))}}
    bad = []
    labels = {c["label"] for c in summary.get("combos", [])}
    for label in sorted(labels):
        for cpu in ("gfx700", "gfx900"):
            for sel in ("dag", "gisel"):
                cell = cells.get((label, cpu, sel))
                want_cell = (2, 2) if cpu == "gfx700" else (0, 0)  # (disagree, predicted) of the 4 calls
                want = want_found[sel] if cpu == "gfx700" else set()
                if not cell or cell[0] != 4 or cell[1:] != want_cell or found.get((label, cpu, sel), set()) != want:
                    bad.append((label, cpu, sel, cell, sorted(found.get((label, cpu, sel), set()))))
    report("mixed-selector link on gfx700 and gfx900 with %d llc: the gfx700 half disagreement in both directions, "
           "explained by dag_fp16_promoted, and nothing else" % len(llcs),
           labels and not bad and r.returncode & 8 == 0 and r.returncode & 4 and "mixed-selector link" in r.stdout,
           "%s\nexit %d\n%s%s" % (bad, r.returncode, r.stdout[-3000:], r.stderr))


SELECTOR_LINK_CALLEE_GRAPH = """declare amdgpu_gfx void @a()
declare amdgpu_gfx void @g4.n0(i32 inreg, i32 inreg)
declare amdgpu_gfx half @g4.n4(i56 inreg)
call @a -> @g4.n0
call @g4.n0 -> * @g4.n4
"""


def selector_link_callee_cause(tmp):
    """A mixed-selector link finding whose cause is the callee is the
    callee's: llc 16 SelectionDAG reads @g4.n0's second inreg argument as
    IMPLICIT_DEF (it calls through a pointer with inreg arguments; fixed in
    19) where the GlobalISel caller of the same llc writes it. The cause
    names llc 16 (once, not none because caller and callee are one llc),
    the harness gives it the callee's selector, and the known-differences
    entry of that bug accepts it (make check seed 90211 reported it new)."""
    llcs = dict(installed_llcs())
    if 16 not in llcs:
        needs_llcs("selector link, callee's cause: needs llc 16", "installed: %s" % sorted(llcs))
        return
    graph = os.path.join(tmp, "callee_cause.graph")
    open(graph, "w").write(SELECTOR_LINK_CALLEE_GRAPH)
    out = os.path.join(tmp, "callee_cause")
    run([GCNABI, "check", "--quiet", "--mcpu", "gfx1030", "--out", out, "--llc", llcs[16], graph])
    sys.path.insert(0, os.path.join(ROOT, "harness"))
    from gcnabirun import findings as F, known as K
    label = label_of(llcs[16])
    got = [f for f in F.extract(out, graph, [{"label": label, "major": 16, "path": llcs[16]}], "u")[0]
           if f["kind"] == "cross-selector" and f["function"] == "g4.n0"] if os.path.exists(
        os.path.join(out, "summary.json")) else []
    entries = K.load(os.path.join(ROOT, "cases", "known-differences.txt"))
    hit = [K.match(entries, f) for f in got]
    report("mixed-selector link, llc 16 gfx1030: the GlobalISel caller against the SelectionDAG callee of @g4.n0, "
           "cause the callee's (llc 16, dag) and known",
           len(got) == 1 and got[0]["cause"] == "callee: argument fewer parts" and got[0]["cause_versions"] == [16] and
           got[0]["selector"] == "dag" and hit[0] and hit[0]["reason"].startswith("llc 16 SelectionDAG replaces"),
           "%s\n%s" % (got, hit))


def explained_at_the_difference(tmp):
    """Seed 20261303's @f160: a bfloat vector returned and a bfloat vector
    inreg argument, so gisel_bfloat_vector_written_low moves both views and
    no switch is one-sided for the whole signature; llc 19 GlobalISel's
    caller writes the inreg argument from s0 over the scratch descriptor
    where the callee (amdgpu-no-* attributes) reads s4. The disagreement is
    explained by caller_inreg_over_srd, the switch one-sided where it is
    (exit bit 8 clear)."""
    llcs = dict(installed_llcs())
    if 19 not in llcs:
        needs_llcs("explained at the difference: needs llc 19", "installed: %s" % sorted(llcs))
        return
    sigs = os.path.join(tmp, "f160.ll")
    open(sigs, "w").write('declare <40 x bfloat> @f160(<29 x bfloat> inreg, float) "amdgpu-no-dispatch-ptr" '
                          '"amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-z" "amdgpu-no-cluster-id-y" '
                          '"amdgpu-no-lds-kernel-id" "amdgpu-no-workitem-id-z" "amdgpu-no-heap-ptr"\n')
    out = os.path.join(tmp, "f160")
    r = run([GCNABI, "check", "--quiet", "--llc", llcs[19], "--selector", "gisel", "--mcpu", "gfx900", "--out", out, sigs])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "findings.jsonl")) else []
    mism = [(f["message"], f["explained_by"]) for f in found if f["kind"] == "caller-vs-callee"]
    report("llc 19 GlobalISel, a bfloat vector returned and passed inreg: the caller/callee disagreement is explained "
           "by caller_inreg_over_srd", mism == [("caller and callee disagree: argument 0 part 0: caller s0, callee s4",
                                                   "caller_inreg_over_srd")] and r.returncode & 8 == 0,
           "%s\nexit %d\n%s" % (mism, r.returncode, r.stderr))
    sigs = os.path.join(ROOT, "tests", "fixtures", "sigs", "two_switches_at_the_difference.ll")
    out = os.path.join(tmp, "f91")
    r = run([GCNABI, "check", "--quiet", "--llc", llcs[19], "--selector", "gisel", "--mcpu", "gfx900", "--out", out, sigs])
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] if os.path.exists(
        os.path.join(out, "findings.jsonl")) else []
    mism = [(f["message"], f["explained_by"]) for f in found if f["kind"] == "caller-vs-callee"]
    report("llc 19 GlobalISel, seed 20261308's @f91: explained by two switches at the difference, one per side",
           mism == [("caller and callee disagree: argument 2 part 0: caller s0, callee s6",
                     "queue_ptr_cov5_hole + caller_inreg_over_srd")] and r.returncode & 8 == 0,
           "%s\nexit %d\n%s" % (mism, r.returncode, r.stderr))


def link_matrix(tmp):
    """The cross-version matrix: an inreg argument of the default convention
    is in a VGPR for llc 14-16's caller and in an SGPR for a 19/22 callee;
    the model predicts it (exit bit 4, not 8), amdgpu_gfx agrees."""
    llcs = installed_llcs()
    old = [l for l in llcs if l[0] <= 16]
    new = [l for l in llcs if l[0] >= 19]
    if not old or not new:
        needs_llcs("link matrix: needs an llc <= 16 and one >= 19", "installed: %s" % llcs)
        return
    sigs = os.path.join(tmp, "link.ll")
    open(sigs, "w").write("declare void @f(i32 inreg, i32)\ndeclare amdgpu_gfx void @g(i32 inreg, i32)\n")
    out = os.path.join(tmp, "link")
    (vo, lo), (vn, ln) = old[0], new[-1]
    r = run([GCNABI, "check", "--quiet", "--llc", named(vo, lo), "--llc", named(vn, ln), "--mcpu", "gfx1030",
             "--selector", "dag",
             "--out", out, sigs])
    cells = {}
    path = os.path.join(out, "link.jsonl")
    if os.path.exists(path):
        for line in open(path):
            c = json.loads(line)
            cells[(c["convention"], c["caller"], c["callee"])] = (c["checked"], c["disagree"], c["predicted"])
    po, pn = profile_of(vo), profile_of(vn)
    want = {("default", po, pn): (1, 1, 1), ("default", po, po): (1, 0, 0), ("amdgpu_gfx", po, pn): (1, 0, 0),
            ("amdgpu_gfx", pn, po): (1, 0, 0)}
    got = {k: cells.get(k) for k in want}
    ok = got == want and r.returncode & 8 == 0 and r.returncode & 4 and "cross-version link" in r.stdout
    report("link matrix llc %d x llc %d: predicted disagreement found, agreement kept" % (vo, vn), ok,
           "want %s\ngot %s\nexit %d\n%s%s" % (want, got, r.returncode, r.stdout, r.stderr))


def link_cells(out):
    cells = {}
    path = os.path.join(out, "link.jsonl")
    for line in open(path) if os.path.exists(path) else []:
        c = json.loads(line)
        k = (c["convention"], c["caller"], c["callee"])
        old = cells.get(k, (0, 0, 0))
        cells[k] = (old[0] + c["checked"], old[1] + c["disagree"], old[2] + c["predicted"])
    return cells


def link_matrix_chain_and_shader(tmp):
    """The cross-version matrix covers chain calls (llc 19 x 22: the
    llvm.amdgcn.cs.chain call site against the other version's chain
    callee) and, in a call graph, a shader entry point's call of an
    amdgpu_gfx function as its own row; all agree."""
    llcs = dict(installed_llcs())
    if 19 not in llcs or 22 not in llcs:
        needs_llcs("link matrix chain/shader: needs llc 19 and 22", "installed: %s" % sorted(llcs))
        return
    p19, p22 = profile_of(19), profile_of(22)
    sigs = os.path.join(tmp, "link-chain.ll")
    open(sigs, "w").write("declare amdgpu_cs_chain void @c(i32 inreg, <2 x float>, i64 inreg)\n"
                          "declare amdgpu_cs_chain_preserve void @p(ptr addrspace(1) inreg, double)\n")
    out = os.path.join(tmp, "link-chain")
    r = run([GCNABI, "check", "--quiet", "--llc", named(19, llcs[19]), "--llc", named(22, llcs[22]), "--mcpu", "gfx1100",
             "--selector", "dag",
             "--out", out, sigs])
    cells = link_cells(out)
    want = {(cc, a, b): (1, 0, 0) for cc in ("amdgpu_cs_chain", "amdgpu_cs_chain_preserve")
            for a in (p19, p22) for b in (p19, p22)}
    got = {k: cells.get(k) for k in want}
    report("link matrix llc 19 x 22: chain call sites agree with both versions' chain callees",
           got == want and status(r, out) & (1 | 2 | 8 | 16) == 0 and "amdgpu_cs_chain_preserve" in r.stdout,
           "want %s\ngot %s\nexit %d\n%s%s" % (want, got, r.returncode, r.stdout, r.stderr))
    graph = os.path.join(tmp, "link-shader.ll")
    g = run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_cs", "--weights",
             os.path.join(ROOT, "cases", "weights", "shaders.weights"), "--seed", "11", "--index", "10"])
    open(graph, "w").write(g.stdout)
    out = os.path.join(tmp, "link-shader")
    r = run([GCNABI, "check", "--quiet", "--llc", named(19, llcs[19]), "--llc", named(22, llcs[22]), "--mcpu", "gfx1030",
             "--selector", "dag",
             "--out", out, graph])
    cells = link_cells(out)
    want = {(cc, a, b): (1, 0, 0) for cc in ("shader->amdgpu_gfx", "amdgpu_gfx") for a in (p19, p22) for b in (p19, p22)}
    got = {k: cells.get(k) for k in want}
    report("link matrix llc 19 x 22 on a shader call graph: shader->amdgpu_gfx and amdgpu_gfx rows, all agree",
           got == want and status(r, out) & (1 | 2 | 8 | 16) == 0 and "shader->amdgpu_gfx" in r.stdout,
           "want %s\ngot %s\nexit %d\n%s%s" % (want, got, r.returncode, r.stdout, r.stderr))


def graph_bisection(tmp):
    """A module of three call graphs that llc fails on because of one of
    them: gcnabi check bisects it by graph, reports the failure at that
    graph's root and checks the other two."""
    graphs = os.path.join(ROOT, "tests", "fixtures", "graphs", "shader_input_sgprs.ll")
    # gcnabi emit --graph-of: that graph alone, its file lines first.
    r = run([GCNABI_SAN, "emit", "--graph-of", "c.n1", graphs], env=SAN_ENV)
    lines = [l for l in r.stdout.splitlines() if l.startswith("; call graph: ")]
    defined = re.findall(r"^define \S+ \S+ @(\S+)\(", r.stdout, re.M)
    want = [l for l in open(graphs).read().splitlines() if "@c.n" in l and not l.startswith(";")]
    report("emit --graph-of c.n1: the module of @c.n0's graph, its three signatures and two calls listed",
           r.returncode == 0 and lines == ["; call graph: " + l for l in want] and len(want) == 5
           and sorted(defined) == ["c.n0", "c.n1", "c.n2"], r.stderr + r.stdout[:600])
    r = run([GCNABI_SAN, "emit", "--graph-of", "nope", graphs], env=SAN_ENV)
    report("emit --graph-of with an unknown name: an error naming it and the file",
           r.returncode == 1 and "no function @nope" in r.stderr and graphs in r.stderr, r.stderr)
    # --leave-out: as check leaves out a function the model expects llc to
    # refuse, with the calls to it.
    r = run([GCNABI_SAN, "emit", "--graph-of", "c.n1", "--leave-out", "c.n2", graphs], env=SAN_ENV)
    lines = [l for l in r.stdout.splitlines() if l.startswith("; call graph: ")]
    defined = re.findall(r"^define \S+ \S+ @(\S+)\(", r.stdout, re.M)
    report("emit --graph-of c.n1 --leave-out c.n2: @c.n2, the call to it and their lines left out",
           r.returncode == 0 and lines == ["; call graph: " + l for l in want if "c.n2" not in l] and
           sorted(defined) == ["c.n0", "c.n1"] and "@c.n2" not in r.stdout, r.stderr + r.stdout[:600])
    for args, words in ((["--leave-out", "c.n2,nope"], "--leave-out: no function @nope"),
                        (["--leave-out", "c.n1"], "--graph-of: --leave-out names @c.n1")):
        r = run([GCNABI_SAN, "emit", "--graph-of", "c.n1"] + args + [graphs], env=SAN_ENV)
        report("emit %s: an error naming it and the file" % " ".join(args),
               r.returncode == 1 and words in r.stderr and graphs in r.stderr, r.stderr)
    for major, llc in installed_llcs():
        out = os.path.join(tmp, "bisect-%d" % major)
        r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--mcpu", "gfx1030", "--selector", "dag", "--out", out, graphs])
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))] if os.path.exists(
            os.path.join(out, "details.jsonl")) else []
        refused = sorted(d["function"] for d in details if d["kind"] == "llc-refused-graph")
        unobserved = [d for d in details if d["kind"].startswith("unobserved")]
        row = re.search(r"^llvm\d+-gfx1030-dag\s*\|\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", r.stdout, re.M)
        counts = tuple(int(x) for x in row.groups()) if row else None
        # funcs, agree, differ, llc refused: llc 19+ refuses @b.n0's graph
        # and the other five functions agree; older llc compile all seven.
        want = (["b.n0"], (5, 5, 0, 1)) if major >= 19 else ([], (7, 7, 0, 0))
        report("llc %d, three call graphs in one module: %s" % (major, "the failing one bisected out and reported at its "
               "root, the other two checked" if major >= 19 else "all compile and agree"),
               (refused, counts) == want and not unobserved,
               "refused %s, counts %s, unobserved %s\n%s" % (refused, counts, unobserved[:2], r.stdout[-800:]))


def call_graphs(tmp):
    """gen --callgraph: every llc compiles the modules and every call site is
    observed; llc 19 and 22 show the default-convention caller/callee
    disagreement with its call site. Malformed edges are errors with a
    position."""
    bad = {"call @a @b\n": "4:9: error: expected '->' after the caller",
           "call @a -> @nope\n": "4:12: error: no signature of that name",
           "call @a -> @g\n": "cannot call @g",
           "call @a -> @b extra\n": "unexpected text after the callee"}
    for edge, want in bad.items():
        path = os.path.join(tmp, "bad-graph.ll")
        open(path, "w").write("declare void @a(i32)\ndeclare void @b(i32)\ndeclare amdgpu_gfx void @g(i32)\n" + edge)
        for cmd in ([GCNABI_SAN, "emit", path], [GCNABI_SAN, "check", "--out", os.path.join(tmp, "bg"), path]):
            r = run(cmd, env=SAN_ENV)
            ok = r.returncode not in (0, 99) and want in r.stderr and path in r.stderr
            report("malformed call edge %r: %s says where" % (edge.strip(), cmd[1]), ok, r.stderr)
    runs = [run([GCNABI, "gen", "--callgraph", "--seed", "3", "--count", "6"]).stdout for _ in range(2)]
    one = run([GCNABI, "gen", "--callgraph", "--seed", "3", "--index", "4"]).stdout
    graph4 = runs[0].split("; graph 4 ")[1].split("; graph 5 ")[0]
    report("gen --callgraph: the same output twice, and --index 4 replays graph 4",
           runs[0] == runs[1] and "call @g4.n0 ->" in graph4 and one.split("; graph 4 ")[1] == graph4,
           one + "\n---\n" + graph4)
    graphs = os.path.join(tmp, "graphs.ll")
    with open(graphs, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--seed", "29", "--count", "12"], stdout=f, check=True)
    for major, llc in installed_llcs():
        out = os.path.join(tmp, "graphs-%d" % major)
        r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--out", out, graphs])
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))] if os.path.exists(
            os.path.join(out, "details.jsonl")) else []
        unobserved = [d for d in details if d["kind"].startswith("unobserved") or d["kind"] == "llc-refused-graph"]
        sites = [d for d in details if d["kind"] == "caller-vs-callee" and d.get("call_site")]
        ok = status(r, out) & (1 | 2 | 16) == 0 and not unobserved and (major < 19 or bool(sites))
        report("call graphs compiled and observed by llc %d%s" % (major, ", disagreement at call sites" if major >= 19
                                                                  else ""), ok,
               r.stdout + r.stderr + "".join(json.dumps(d) + "\n" for d in unobserved[:3]))
def chain_graphs(tmp):
    """gen --callgraph --root amdgpu_cs_chain(_preserve): llc 19 and 22 compile
    every chain graph, every chain call site agrees with the model and with
    its callee, llc 22 (gfx1200) requests each dvgpr count and check flags the
    counts that lose argument VGPRs; llc 22 crashes on a dynamic-VGPR chain
    call before gfx12. Malformed chain edges are errors with a position."""
    sigs = ("declare amdgpu_cs_chain void @a(i32 inreg)\ndeclare amdgpu_cs_chain void @b(i32 inreg)\n"
            "declare amdgpu_gfx void @g(i32)\n")
    bad = {"chain @a -> @b dvgpr 300\n": "4:22: error: expected a VGPR count 1-256",
           "call @a -> @b\n": "a chain function is entered by `chain`",
           "chain @a -> @g\n": "only amdgpu_cs_chain(_preserve) functions are chained to",
           "chain @a -> @b\nchain @a -> @a\n": "5:1: error: @a already ended with its chain call (line 4)"}
    for edge, want in bad.items():
        path = os.path.join(tmp, "bad-chain.ll")
        open(path, "w").write(sigs + edge)
        r = run([GCNABI_SAN, "emit", path], env=SAN_ENV)
        report("malformed chain edge %r: emit says where" % edge.strip().replace("\n", "; "),
               r.returncode not in (0, 99) and want in r.stderr and path in r.stderr, r.stderr)
    weights = os.path.join(ROOT, "cases", "weights", "chain.weights")
    for root in ("amdgpu_cs_chain", "amdgpu_cs_chain_preserve"):
        graphs = os.path.join(tmp, root + ".ll")
        with open(graphs, "w") as f:
            subprocess.run([GCNABI, "gen", "--callgraph", "--root", root, "--weights", weights, "--seed", "20261129",
                            "--count", "8"], stdout=f, check=True)
        text = open(graphs).read()
        for major, llc in installed_llcs():
            if major < 19:
                continue  # no chain conventions before 19
            out = os.path.join(tmp, "%s-%d" % (root, major))
            r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--mcpu", "gfx900", "--mcpu", "gfx1100", "--mcpu",
                     "gfx1200", "--jobs", "1", "--out", out, graphs])
            details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))]
            # GlobalISel's chain call site passes an i8/i16 without its
            # signext/zeroext, which the callee asserts (chain_call_drops_ext):
            # a known difference (exit 4), the only caller/callee one.
            dropped = [d for d in details if d["kind"] == "caller-vs-callee" and d["combo"].endswith("-gisel") and
                       "chain_call_drops_ext" in (d.get("explained_by") or "")]
            bad_kinds = [d for d in details if d not in dropped and (d["kind"].startswith("unobserved") or d["kind"] in (
                "llc-refused-graph", "model-vs-llc", "model-vs-llc-caller", "caller-vs-callee", "chain-dvgpr-count"))]
            chain_sites = [d for d in details if "chain call" in d.get("call_site", "")]
            lost = [d for d in details if d["kind"] == "dvgpr-lost"]
            ok = r.returncode == (4 if dropped else 0) and not bad_kinds and "chain @" in text and " dvgpr " in text and chain_sites and \
                (major < 22 or any(d["combo"].startswith("llvm22-gfx1200") for d in lost)) and \
                (major >= 22 or not lost)
            report("chain graphs (%s) compiled and checked by llc %d: chain call sites agree%s" % (
                root, major, ", dvgpr counts that lose argument VGPRs flagged on gfx1200" if major >= 22 else ""),
                ok, r.stdout + r.stderr + "".join(json.dumps(d)[:600] + "\n" for d in bad_kinds[:3]))
    # Whole compilation, not only up to isel (some llc errors come later):
    # small chain graphs without the functions the model expects llc to refuse.
    small = os.path.join(tmp, "small-chain.weights")
    open(small, "w").write(open(weights).read().replace("max_param_words = 300", "max_param_words = 32"))
    graphs = os.path.join(tmp, "small-chain.ll")
    with open(graphs, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_cs_chain", "--weights", small, "--seed",
                        "20261129", "--count", "8"], stdout=f, check=True)
    for major, llc in installed_llcs():
        if major < 19:
            continue
        refused = set()
        for view in ([], ["--caller"]):
            placed = run([GCNABI, "place", "--json", "--profile", profile_of(major), "--mcpu", "gfx1200"] + view +
                         [graphs]).stdout
            refused |= {json.loads(l)["name"] for l in placed.splitlines() if "error" in json.loads(l)}
        kept = [l for l in open(graphs) if not any(re.search(r"@%s\b(?!\.)" % re.escape(n), l) for n in refused)]
        module = os.path.join(tmp, "chain-whole-%d.graph" % major)
        open(module, "w").writelines(kept)
        ir = run([GCNABI, "emit", "--profile", profile_of(major), module])
        open(module + ".ll", "w").write(ir.stdout)
        for sel in ([], ["-global-isel"]):
            r = run(["nice", "-n", "10", llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1200"] + sel +
                    [module + ".ll", "-o", os.devnull])
            errors = set(re.findall(r"(illegal VGPR to SGPR copy|LLVM ERROR: cannot select: G_STORE)", r.stderr))
            if major >= 22:
                report("small chain graphs: llc %d %s compiles them whole on gfx1200 (%d functions left out)"
                       % (major, "GlobalISel" if sel else "SelectionDAG", len(refused)),
                       ir.returncode == 0 and r.returncode == 0 and "cs.chain" in ir.stdout,
                       ir.stderr + r.stderr[-2000:])
            else:
                # llc 19's known failures after isel (README, "Chain calls"):
                # SelectionDAG puts some uniform values passed inreg in VGPRs,
                # GlobalISel cannot select stores of <2 x ptr addrspace(5)>.
                report("small chain graphs: llc %d %s compiles them whole on gfx1200 or fails only as known (%s)"
                       % (major, "GlobalISel" if sel else "SelectionDAG", ", ".join(sorted(errors)) or "compiled"),
                       ir.returncode == 0 and (r.returncode == 0 or errors), ir.stderr + r.stderr[-2000:])
    # The finding the model records as DVGPR_CRASHES: llc 22 selects the
    # dynamic-VGPR pseudo before gfx12 and crashes in code emission.
    fixture = os.path.join(ROOT, "tests", "fixtures", "mir", "chaingraph.ll")
    for major, llc in installed_llcs():
        if major < 22:
            continue
        good = run(["nice", "-n", "10", llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1200", fixture, "-o", "-"])
        crash = run(["nice", "-n", "10", llc, "-mtriple=amdgcn-amd-amdpal", "-mcpu=gfx1100", fixture, "-o",
                     os.devnull])
        report("llc %d: dvgpr chain calls reallocate on gfx1200 (s_alloc_vgpr 10, 64) and crash llc on gfx1100" % major,
               good.returncode == 0 and "s_alloc_vgpr 10" in good.stdout and "s_alloc_vgpr 64" in good.stdout and
               crash.returncode != 0 and "Stack dump" in crash.stderr, good.stderr[-2000:] + crash.stderr[-2000:])


def kernel_graphs(tmp):
    """gen --callgraph --root amdgpu_kernel: a kernel calling ccc functions,
    passing its kernarg-loaded arguments on. check reads the kernels from the
    HSA metadata of an amdhsa compile and everything else, the kernels' call
    sites included, from MIR: every function and call site is observed, and
    calls from the kernel are compared with the model and the callee."""
    graphs = os.path.join(tmp, "kernel-graphs.ll")
    with open(graphs, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_kernel", "--weights",
                        os.path.join(ROOT, "cases", "weights", "kernels.weights"), "--seed", "20261129", "--count", "6"],
                       stdout=f, check=True)
    for major, llc in installed_llcs():
        if major < 19:
            continue
        out = os.path.join(tmp, "kernel-graphs-%d" % major)
        r = run([GCNABI, "check", "--quiet", "--llc", named(major, llc), "--mcpu", "gfx1030", "--selector", "dag",
                 "--jobs", "1", "--out", out, graphs])
        details = [json.loads(l) for l in open(os.path.join(out, "details.jsonl"))]
        unobserved = [d for d in details if d["kind"].startswith("unobserved") or d["kind"] == "llc-refused-graph"]
        from_kernel = [d for d in details if re.match(r"@g\d+\.n0 -> ", d.get("call_site", ""))]
        row = [l for l in r.stdout.splitlines() if l.startswith("llvm%d-gfx1030-dag" % major)]
        calls = int(row[0].split("|")[2].split()[0]) if row else 0
        ok = status(r, out) & (1 | 2 | 16) == 0 and not unobserved and calls > 0 and from_kernel
        report("kernel graphs checked by llc %d (SelectionDAG): kernels from HSA metadata, %d call sites observed" % (
            major, calls), ok, r.stdout + r.stderr + "".join(json.dumps(d)[:500] + "\n" for d in unobserved[:3]))

# A stand-in for an ABI-changing compiler: the real llc 22, given the IR
# with every inreg dropped (--version passes through).
NO_INREG_LLC = """#!/usr/bin/env python3
import os, re, subprocess, sys, tempfile
args = []
for a in sys.argv[1:]:
    if a.endswith(".ll") and os.path.exists(a):
        t = tempfile.NamedTemporaryFile("w", suffix=".ll", delete=False)
        t.write(re.sub(r" inreg\\b", "", open(a).read()))
        t.close()
        a = t.name
    args.append(a)
sys.exit(subprocess.call([%r] + args))
"""


def ab_compilers(tmp):
    """gcnabi ab: (1) the same llc 22 under two labels is identical, exit
    0, with two distinct rows everywhere and 8 placement files (2
    compilers x 2 selectors x 2 views); (2) against a stand-in that drops
    every inreg, every inreg argument is listed as moved, unpredicted, in
    both views, exit 8; (3) llc 19 against llc 22 on the golden
    default-convention cases: every change predicted and named by a switch
    (queue_ptr_cov5_hole among them), exit 4."""
    llcs = dict(installed_llcs())
    if 22 not in llcs:
        return
    sigs = os.path.join(tmp, "ab.ll")
    open(sigs, "w").write(AB_SIGS)
    out = os.path.join(tmp, "ab-same")
    r, d = ab_json(["--llc", "one=" + llcs[22], "--llc", "two=" + llcs[22], "--mcpu", "gfx1030", "--out", out, sigs])
    summary = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(os.path.join(out, "summary.json")) else {}
    combos = sorted(c["combo"] for c in summary.get("combos", []))
    files = sorted(os.listdir(os.path.join(out, "placements"))) if os.path.isdir(os.path.join(out, "placements")) else []
    report("gcnabi ab: one llc under two labels is identical (exit 0), distinct rows, 8 placement files",
           r.returncode == 0 and d.get("verdict") == "identical" and
           combos == ["one-gfx1030-dag", "one-gfx1030-gisel", "two-gfx1030-dag", "two-gfx1030-gisel"] and
           len(files) == 8 and all(t["compared"] == 8 and not t["changes"] for t in d.get("targets", [])),
           r.stdout[-1500:] + r.stderr + " ".join(files))
    standin = os.path.join(tmp, "no-inreg-llc")
    open(standin, "w").write(NO_INREG_LLC % llcs[22])
    os.chmod(standin, 0o755)
    r, d = ab_json(["--llc", "llc22=" + llcs[22], "--llc", "noinreg=" + standin, "--mcpu", "gfx1030",
                    "--out", os.path.join(tmp, "ab-noinreg"), sigs])
    want = {(fn, view, "%%%d" % k) for fn, params in (("f", (0, 2)), ("g", (0, 1)), ("k", (0, 1)))
            for k in params for view in ("callee", "caller")}
    per_target = [{(c["function"], c["view"], c["subject"].split()[0]) for c in t["changes"]
                   if "inreg" in c["subject"] and not c["predicted"]} for t in d.get("targets", [])]
    report("gcnabi ab: a compiler that drops inreg: every inreg argument moved, unpredicted, both views (exit 8)",
           r.returncode == 8 and d.get("verdict") == "unpredicted" and len(per_target) == 2 and
           all(s == want for s in per_target) and not any(c["predicted"] for t in d["targets"] for c in t["changes"]),
           r.stdout[-2500:] + r.stderr)
    if 19 not in llcs:
        return
    r, d = ab_json(["--llc", llcs[19], "--llc", llcs[22], "--mcpu", "gfx1030", "--out", os.path.join(tmp, "ab-19-22"),
                    os.path.join(ROOT, "cases", "golden", "default.ll")])
    changes = [c for t in d.get("targets", []) for c in t["changes"]]
    report("gcnabi ab: llc 19 against 22 on the golden default cases: %d changes, all predicted by named switches "
           "(exit 4)" % len(changes),
           r.returncode == 4 and changes and all(c["predicted"] and c["by"].startswith("switch") for c in changes) and
           any("queue_ptr_cov5_hole" in c["by"] for c in changes) and
           [x["label"] for x in (d["a"], d["b"])] == [label_of(llcs[19]), label_of(llcs[22])],
           r.stdout[-2500:] + r.stderr)
    # A call graph: llc 22 GlobalISel cannot call with a bfloat argument
    # (gisel_bfloat_call_fails), so @h.n1 stays out of its module, callee
    # and call site both: predicted, by that switch, not "unpredicted".
    graph = os.path.join(tmp, "ab-graph.ll")
    open(graph, "w").write(AB_GRAPH)
    r, d = ab_json(["--llc", llcs[19], "--llc", llcs[22], "--mcpu", "gfx1030", "--out", os.path.join(tmp, "ab-graph"),
                    graph])
    changes = sorted((t["selector"], c["function"], c["view"], c["subject"], c["predicted"], c["by"])
                     for t in d.get("targets", []) for c in t["changes"])
    report("gcnabi ab, call graph: a function llc 22 GlobalISel leaves out of the module is a predicted status "
           "change (switch gisel_bfloat_call_fails), callee and call site (exit 4)",
           r.returncode == 4 and changes == [("gisel", "h.n1", view, "status", True, "switch gisel_bfloat_call_fails")
                                             for view in ("callee", "caller")],
           r.stdout[-2500:] + r.stderr + str(changes))


AB_GRAPH = """declare void @h.n0(i32)
declare void @h.n1(bfloat, i32)
declare void @h.n2(float)
call @h.n0 -> @h.n1
call @h.n0 -> @h.n2
"""


# An llc whose version gcnabi has no profile for: llc 19 saying it is 18.1.8.
VERSION_18_LLC = """#!/bin/sh
if [ "$1" = --version ]; then %s --version | sed 's/LLVM version [0-9.]*/LLVM version 18.1.8/'; exit; fi
exec %s "$@"
"""


def version_without_profile(tmp):
    """An llc of a version without a profile (18.1.8) follows the nearest
    older one (llvm16), said on stderr and in summary.json, under the
    label llvm-18.1.8; --profile llvm-18.1.8=llvm19 chooses."""
    llcs = dict(installed_llcs())
    if 19 not in llcs:
        return
    standin = os.path.join(tmp, "llc-18")
    open(standin, "w").write(VERSION_18_LLC % (llcs[19], llcs[19]))
    os.chmod(standin, 0o755)
    sigs = os.path.join(tmp, "v18.ll")
    open(sigs, "w").write(AB_SIGS)
    for extra, profile, source in (([], "llvm16", "nearest-older"), (["--profile", "llvm-18.1.8=llvm19"], "llvm19", "option")):
        out = os.path.join(tmp, "v18-" + profile)
        r = run([GCNABI, "check", "--quiet", "--llc", standin, "--mcpu", "gfx1030", "--selector", "dag", "--out", out]
                + extra + [sigs])
        path = os.path.join(out, "summary.json")
        s = json.load(open(path)) if os.path.exists(path) else {}
        llc = (s.get("llcs") or [{}])[0]
        warned = "the model follows llvm16, the nearest older" in r.stderr
        report("llc 18.1.8 (no profile): profile %s (%s), label llvm-18.1.8%s" % (
            profile, source, ", said on stderr" if not extra else ""),
            llc.get("label") == "llvm-18.1.8" and llc.get("profile") == profile and llc.get("profile_from") == source
            and [c["combo"] for c in s["combos"]] == ["llvm-18.1.8-gfx1030-dag"] and warned == (not extra),
            r.stdout[-800:] + r.stderr + json.dumps(llc))


def ab_layouts(tmp):
    """gcnabi ab --layout old --layout proposed-v2 (model only): the moved
    inreg arguments per function, the distributions, exit 4; a layout
    against itself: identical, exit 0; bad input: file:line:col, exit 1."""
    sigs = os.path.join(tmp, "ab-layout.ll")
    open(sigs, "w").write(AB_SIGS)
    r, d = ab_json(["--layout", "old", "--layout", "proposed-v2", "--mcpu", "gfx1030", sigs])
    moved = {(f["function"], c["subject"], c["a"], c["b"]) for f in d.get("functions_changed", []) for c in f["changes"]}
    report("gcnabi ab --layout old --layout proposed-v2: amdgpu_gfx inreg arguments move from s4 to s0 (exit 4)",
           r.returncode == 4 and ("g", "%0 i32 inreg", "s4", "s0") in moved and
           ("g", "%1 <2 x i32> inreg", "s[5:6]", "s[1:2]") in moved and d["a"]["rationale"] and
           d["b"]["totals"]["gfx_sgpr_moves"] <= d["a"]["totals"]["gfx_sgpr_moves"], r.stdout[-2000:] + r.stderr)
    r, d = ab_json(["--layout", "old", "--layout", "old", sigs])
    report("gcnabi ab: a layout against itself is identical (exit 0)",
           r.returncode == 0 and d.get("verdict") == "identical" and d.get("changed") == 0, r.stdout[-800:] + r.stderr)
    bad = os.path.join(tmp, "ab-bad.ll")
    open(bad, "w").write("declare void @f(i32)\ndecalre void @g()\n")
    r = run([GCNABI, "ab", "--layout", "old", "--layout", "proposed-v2", bad])
    report("gcnabi ab: a misspelt keyword is an error naming the file, line and column (exit 1)",
           r.returncode == 1 and "ab-bad.ll:2:1: error:" in r.stderr and not r.stdout, r.stdout + r.stderr)


def shader_passthrough(tmp):
    """gcnabi passthrough: a shader entry point passing 10 user-SGPR parts on
    to an amdgpu_gfx callee. The model says all 10 move under the old layout
    and none under the proposed ones; llc 16, 19 and 22 really write those 10
    argument SGPRs before the call (14 and 15 are not measured here)."""
    graph = os.path.join(tmp, "passthrough.ll")
    with open(graph, "w") as f:
        subprocess.run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_cs", "--weights",
                        os.path.join(ROOT, "cases", "weights", "shaders.weights"), "--seed", "11", "--index", "10"],
                       stdout=f, check=True)
    model = run([GCNABI, "passthrough", graph]).stdout
    want = ("old: 10 of 10 parts move, 0 in place, 0 to the stack; proposed-v1: 0 of 10 parts move, 10 in place, "
            "0 to the stack; proposed-v2: 0 of 10 parts move, 10 in place, 0 to the stack")
    report("passthrough: the model's moves per layout", want in model, model)
    for major, llc in installed_llcs():
        if major < 16:
            continue
        r = run([GCNABI, "passthrough", "--profile", profile_of(major), "--llc", llc, graph])
        report("passthrough: llc %d writes the 10 argument SGPRs the model counts" % major,
               r.returncode == 0 and "| measured (old): 10 (" in r.stdout, r.stdout + r.stderr)
    bad = run([GCNABI, "gen", "--callgraph", "--root", "amdgpu_gfx"])
    report("gen --root names a non-entry point", bad.returncode == 2 and "amdgpu_gfx" in bad.stderr, bad.stderr)


SECTIONS = [link_matrix, selector_link, selector_link_callee_cause, explained_at_the_difference, link_matrix_chain_and_shader, call_graphs, graph_bisection, chain_graphs, ab_compilers, ab_layouts, version_without_profile, kernel_graphs, shader_passthrough]
# Over half a minute alone: run first, and left out of make test-quick.
SLOW = [call_graphs, chain_graphs]
test = section_test(SECTIONS, SLOW)
