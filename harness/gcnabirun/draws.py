"""What a run's generated inputs drew of the weights that reach beyond
gcnabi's own code (issue 37's list): llc options and triples per call
graph, frames per convention, whole-wave bodies with and without WWM
spills (pressure), callees through a pointer that keep their own
"amdgpu-no-*" promises, and the nightly's CPUs; each against the bounds its
weight implies. Read from the inputs of the units that ran, never from the
generator's word."""
import math
import os
import re

from .common import gcnabi

# A row's scope: (one graph's lines, the suite's weights {key: pct}) -> a
# (probability, taken) pair per draw of the weight the graph holds.


def _pct(w, key):
    return w.get(key, 0) / 100.0


def _functions(graph):
    """{name: (convention, declare line)} of a graph, in order."""
    out = {}
    for line in graph:
        m = re.match(r"^(?:declare|define)\s+(?:(amdgpu_\w+|fastcc|coldcc)\s+)?.*?@([\w.]+)\(", line)
        if m:
            out[m.group(2)] = (m.group(1) or "ccc", line)
    return out


def _edges(graph):
    return [(m.group(1), bool(m.group(2)), m.group(3)) for m in
            (re.match(r"^(?:call|chain) @([\w.]+) -> (\* )?@([\w.]+)", l) for l in graph) if m]


def _attr(attr, convs):
    def scope(graph, w):
        return [(_pct(w, "pct_" + attr), '"gcnabi-%s"' % attr in line)
                for conv, line in _functions(graph).values() if conv in convs]
    return scope


def _option(option, key, only_conv=None, after=None):
    """A graph's llc option, drawn with weight key after (not if) the one
    of the same feature (true16 on before off)."""
    def scope(graph, w):
        fs = list(_functions(graph).values())
        if not fs or (only_conv and fs[0][0] != only_conv):
            return []
        q = _pct(w, key) * (1 - _pct(w, after) if after else 1)
        opts = [l.split() for l in graph if l.startswith("; gcnabi-llc-options:")]
        return [(q, any(option in o for o in opts))]
    return scope


def _triple(triple, key, before, compute_only=False):
    """A graph's triple: the weights drawn in turn (mesa, none, hsa: the
    last only for graphs of the default conventions and kernels)."""
    def scope(graph, w):
        convs = [c for c, _ in _functions(graph).values()]
        if not convs or (compute_only and not all(c in ("ccc", "fastcc", "coldcc", "amdgpu_kernel") for c in convs)):
            return []
        q = _pct(w, key)
        for b in before:
            q *= 1 - _pct(w, b)
        return [(q, any(l.split()[-1:] == [triple] for l in graph if l.startswith("; gcnabi-triple:")))]
    return scope


def _unseen(graph, w):
    """A graph with a call through a pointer keeps its callees' own
    "amdgpu-no-*" promises only when pct_unseen_noinput drew it (and one
    of them made any: the weight bounds it from above)."""
    if not any(indirect for _, indirect, _ in _edges(graph)):
        return []
    return [(_pct(w, "pct_unseen_noinput"), any('"amdgpu-no-' in l for _, l in _functions(graph).values()))]


def _wwm_spills(with_spills):
    """A whole-wave function that calls a "gcnabi-pressure" callee keeps 40
    uniform values live across the call: SGPRs spilled into lanes of WWM
    registers its prologue saves. One draw per callee; without: none."""
    def scope(graph, w):
        fs, p, out = _functions(graph), _pct(w, "pct_pressure"), []
        for name, (conv, _) in fs.items():
            if conv != "amdgpu_gfx_whole_wave":
                continue
            callees = [t for f, _, t in _edges(graph) if f == name and t in fs]
            q = 1 - (1 - p) ** len(callees)
            hit = any('"gcnabi-pressure"' in fs[t][1] for t in callees)
            out.append((q, hit) if with_spills else (1 - q, not hit))
        return out
    return scope


CALLABLE = ("ccc", "fastcc", "coldcc", "amdgpu_gfx", "amdgpu_gfx_whole_wave", "amdgpu_cs_chain", "amdgpu_cs_chain_preserve")


def applies(key, w):
    """Whether a suite of weights w can draw weight key at all: the
    conventions the row's scope needs have weight."""
    need = {"pct_tailcallopt": ("cc_fastcc",),
            "pct_triple_hsa": ("cc_ccc", "cc_fastcc", "cc_coldcc", "cc_amdgpu_kernel"),
            "pct_pressure": ("cc_amdgpu_gfx_whole_wave",)}.get(key)
    return bool(w.get(key)) and (need is None or any(w.get(c) for c in need))


def rows():
    """(weight key, what, scope, whether the weight bounds it from above
    only)."""
    return [
        ("pct_tailcallopt", "-tailcallopt (fastcc graphs)", _option("-tailcallopt", "pct_tailcallopt", "fastcc"), False),
        ("pct_no_flat_for_global", "-mattr=-flat-for-global (graphs)",
         _option("-mattr=-flat-for-global", "pct_no_flat_for_global"), False),
        ("pct_true16_on", "-mattr=+real-true16 (graphs)", _option("-mattr=+real-true16", "pct_true16_on"), False),
        ("pct_true16_off", "-mattr=-real-true16 (graphs)",
         _option("-mattr=-real-true16", "pct_true16_off", after="pct_true16_on"), False),
        ("pct_triple_mesa", "triple amdgcn-mesa-mesa3d (graphs)", _triple("amdgcn-mesa-mesa3d", "pct_triple_mesa", []),
         False),
        ("pct_triple_none", "triple amdgcn-- (graphs)", _triple("amdgcn--", "pct_triple_none", ["pct_triple_mesa"]), False),
        ("pct_triple_hsa", "triple amdgcn-amd-amdhsa (graphs of default conventions)",
         _triple("amdgcn-amd-amdhsa", "pct_triple_hsa", ["pct_triple_mesa", "pct_triple_none"], True), False),
        ("pct_frame", "frames: \"gcnabi-frame\" (callable functions)", _attr("frame", CALLABLE), False),
        ("pct_pressure", "whole-wave bodies with WWM spills (a call of a \"gcnabi-pressure\" callee)", _wwm_spills(True),
         False),
        ("pct_pressure", "whole-wave bodies without WWM spills", _wwm_spills(False), False),
        ("pct_unseen_noinput", "callees through a pointer keep \"amdgpu-no-*\" (graphs with one)", _unseen, True),
    ]


def suite_weights(plan):
    """{suite: {key: pct}} of the plan's generated suites."""
    cfg = plan["config"]
    files = {s["name"]: s["weights"] for s in cfg.get("suites") or []}
    if cfg.get("weights"):
        files["default"] = cfg["weights"]
    out = {}
    for name, path in list(files.items()) + [("default", None)]:
        if name in out:
            continue
        args = ["gen", "--dump-weights"] + (["--weights", path] if path else [])
        r = gcnabi(*args, check=False)
        out[name] = {m.group(1): int(m.group(2)) for m in re.finditer(r"^(\w+) = (\d+)$", r.stdout, re.M)}
    return out


def graphs_of(text):
    """The graphs of a unit's input (each a list of lines), or its whole
    text as one for a file of signatures."""
    graphs, cur = [], None
    for line in text.splitlines():
        if re.match(r"; graph \d+", line):
            cur = [line]
            graphs.append(cur)
        elif cur is not None:
            cur.append(line)
    return graphs


def counted(suite, graphs, w):
    """The rows of one suite's graphs (lists of lines) under its weights."""
    out = []
    for key, what, scope, upper in rows():
        if not applies(key, w):
            continue
        draws = [d for g in graphs for d in scope(g, w)]
        if not draws:
            continue  # no graph of the suite has the scope (whole-wave functions in the options suite)
        n, k = len(draws), sum(1 for _, t in draws if t)
        mean = sum(q for q, _ in draws)
        sd = math.sqrt(sum(q * (1 - q) for q, _ in draws))
        lo, hi = (0 if upper else max(0, math.floor(mean - 4 * sd))), math.ceil(mean + 4 * sd)
        out.append({"suite": suite, "weight": key, "what": what, "n": n, "k": k, "pct": w[key], "expected": mean,
                    "lo": lo, "hi": hi, "within": lo <= k <= hi})
    return out


def drawn(run_dir, plan, have):
    """Rows {suite, weight, what, n, k, pct, expected, lo, hi, within} of the
    graphs of the units that ran (have: their ids), and the CPUs."""
    weights = suite_weights(plan)
    inputs = {}
    for u in plan["units"]:
        if u["id"] in have and u["kind"] == "graph" and u["suite"] != "file":
            inputs.setdefault(u["suite"], set()).add(u["input"])
    out = []
    for suite in sorted(inputs):
        w = weights.get(suite, weights["default"])
        graphs = []
        for rel in sorted(inputs[suite]):
            path = os.path.join(run_dir, rel)
            if os.path.exists(path):
                graphs += graphs_of(open(path).read())
        out += counted(suite, graphs, w)
    return out


def draws_md(ctx):
    """The report's section: each weight's draws against its bounds."""
    rows_ = ctx.get("draws") or []
    cpus = ctx["plan"]["config"]["cpus"]
    L = ["## Weights drawn", "",
         "What the call graphs of the units that ran drew of each weight that reaches past gcnabi's own code "
         "(llc options, triples, frames, whole-wave bodies, unseen \"amdgpu-no-*\"): n draws in its scope, k taken; "
         "the bounds are the expected count ± 4 standard deviations of those draws at the probabilities the weights "
         "give them (an upper bound only where the weight is necessary, not sufficient). CPUs: %s." % ", ".join(cpus), ""]
    if not rows_:
        return L + ["No call graph of a suite with these weights ran.", ""]
    taken = {}
    for r in rows_:
        taken[r["what"]] = taken.get(r["what"], 0) + r["k"]
    never = sorted(w for w, k in taken.items() if not k)
    L += ["Every one taken at least once: %s; every count within its bounds: %s." % (
        "yes" if not never else "**no** (never: %s)" % "; ".join(never),
        "yes" if all(r["within"] for r in rows_) else "**no**"), ""]
    L += ["| suite | weight | draws | n | k | expected | bounds | within |", "|---|---|---|---:|---:|---:|---|---|"]
    for r in rows_:
        L.append("| %s | `%s = %d` | %s | %d | %d | %.1f | %d-%d | %s |" % (
            r["suite"], r["weight"], r["pct"], r["what"], r["n"], r["k"], r["expected"], r["lo"], r["hi"],
            "yes" if r["within"] else "**no**"))
    return L + [""]
