"""Minimizing one divergence: signature-level delta reduction driven by
`gcnabi check` on the candidates `gcnabi shrink` gives (fewest arguments,
simplest types, a void return, no function attributes; a call-graph
finding is first tried as one call), then a lit test whose CHECK lines
pass on one behaviour and fail on the other, verified by running lit on it
with each installed llc."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from . import compilers as C
from . import findings as F
from . import vocab as V
from .common import GCNABI, run_bounded, write_text


def shrink(decl, *options):
    """`gcnabi shrink --json` of a declare line: [(line, size)], size
    (parameters, characters) comparable within one call; None when gcnabi
    cannot read the line as a signature."""
    r = subprocess.run([GCNABI, "shrink", "--json"] + list(options) + [decl], capture_output=True, text=True)
    if r.returncode:
        return None
    return [(d["decl"], (d["params"], d["chars"])) for d in map(json.loads, r.stdout.splitlines())]


def renamed(decl, name):
    """The declare line as @name, as gcnabi prints it; None when it is none."""
    out = shrink(decl, "--itself", "--name", name)
    return out[0][0] if out else None


class OutOfTime(Exception):
    """The deadline passed before gcnabi check finished."""


def run_check(text, f, compiler, cfg, tmp, want_cause, deadline, jobs):
    """gcnabi check of a signature or call-graph file's text for the
    finding's one combination: [(function, detail)] of its findings that are
    the same (axis, cause, explained or not). Raises OutOfTime
    when the deadline (time.monotonic) passes first: the check is killed
    with every llc it started."""
    path = os.path.join(tmp, "cand.ll")
    write_text(path, text)
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    left = deadline - time.monotonic()
    if left < 1:
        raise OutOfTime()
    llc_timeout = max(1, int(min(cfg.get("timeout", 60), left)))
    args = [GCNABI] + C.check_command(compiler, f, out, jobs) + [
        "--timeout", str(llc_timeout), "--mem-limit", str(cfg.get("mem", 4096))]
    for s in cfg.get("switches") or []:
        args += ["--switch", s]
    try:
        run_bounded(args + [path], timeout=left, mem_mb=None)
    except subprocess.TimeoutExpired:
        raise OutOfTime()
    same = []
    for t, d in F.read_findings(out):
        if V.kind(t["kind"]) != ("finding", f["axis"]) or bool(t["explained_by"]) != bool(f.get("explained_by")):
            continue
        if t["cause"]["key"] == want_cause:
            # A final-code finding: where in the assembly (findings.jsonl only).
            same.append((t["function"], dict(d, final=t["final"]) if t.get("final") else d))
    return same


def check_candidates(decls, f, compiler, cfg, tmp, want_cause, deadline, jobs=2):
    """run_check of the candidates (declare lines of @m0, @m1, ...): {index:
    detail} of those that show the finding."""
    hits = {}
    for function, d in run_check("".join(x + "\n" for x in decls), f, compiler, cfg, tmp, want_cause, deadline, jobs):
        m = re.fullmatch(r"m(\d+)", function)
        if m:
            hits.setdefault(int(m.group(1)), d)
    return hits


def minimize(f, compiler, cfg, deadline, jobs=2):
    """The smallest signature that still shows finding f, found before the
    deadline (time.monotonic): (declare line, check detail of it, rounds,
    tries); None when f does not reproduce alone (e.g. it needs its call
    graph). Raises OutOfTime when the deadline passed before f reproduced
    once; after that, the deadline ends the search with the best so far."""
    first = renamed(f["signature"], "m0")
    if not first:
        return None
    tmp = tempfile.mkdtemp(prefix="gcnabi-min-")
    try:
        hits = check_candidates([first], f, compiler, cfg, tmp, f["cause"], deadline, jobs)
        if 0 not in hits:
            return None
        best, detail, rounds, tries = first, hits[0], 0, 1
        stage = 0
        while time.monotonic() < deadline:
            # Smaller than best, named m0, m1, ...
            cands = shrink(best, "--stage", str(stage), "--name", "m", "--number")
            if not cands:
                if stage == 0:
                    stage = 1
                    continue
                break
            try:
                hits = check_candidates([c[0] for c in cands], f, compiler, cfg, tmp, f["cause"], deadline, jobs)
            except OutOfTime:
                break
            tries += len(cands)
            rounds += 1
            if not hits:
                if stage == 0:
                    stage = 1
                    continue
                break
            k = min(hits, key=lambda i: (cands[i][1], i))
            best, detail = cands[k][0], hits[k]
        return renamed(best, "f"), detail, rounds, tries
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --- a finding its call graph is needed for ---------------------------------
# Delta debugging over the lines of one call graph (its declare lines and
# edges, as `gcnabi emit --graph-of` lists them): whole functions with their
# edges dropped, single edges dropped, then each function's signature
# shrunk (gcnabi shrink) under its own name. The candidates of one round are
# checked together, each renamed apart (@c3.g0.n1), in one gcnabi check.
GRAPH_ROUND_CANDIDATES = 80  # at most per gcnabi check


def graph_of(path, function):
    """The lines of the call graph in the file that holds @function."""
    r = subprocess.run([GCNABI, "emit", "--graph-of", function, path], capture_output=True, text=True)
    if r.returncode:
        return None
    return [l[len("; call graph: "):] for l in r.stdout.splitlines() if l.startswith("; call graph: ")]


NAME = re.compile(r"@([A-Za-z_.$][\w.$-]*)")


def graph_functions(lines):
    """[(function, declare line index)]: a declare line's first @name is its function."""
    return [(NAME.search(l).group(1), i) for i, l in enumerate(lines) if l.startswith("declare") and NAME.search(l)]


def graph_size(lines):
    return (sum(1 for l in lines if l.startswith("declare")), len(lines), sum(len(l) for l in lines))


def graph_candidates(lines, keep, stage):
    """Smaller graphs than lines: stage 0 drops a function (not @keep) or an
    edge, stage 1 (and 2: gcnabi shrink's stage 1) shrinks one signature."""
    fns = graph_functions(lines)
    out = []
    if stage == 0:
        for name, i in fns:
            if name != keep:
                out.append([l for j, l in enumerate(lines) if j != i and "@%s " % name not in l + " "])
        for i, l in enumerate(lines):
            if not l.startswith("declare"):
                out.append(lines[:i] + lines[i + 1:])
        return out
    for name, i in fns:
        for decl, _ in shrink(lines[i], "--stage", str(stage - 1)) or []:
            out.append(lines[:i] + [decl] + lines[i + 1:])
    return out


def rename_apart(lines, k):
    return [NAME.sub(lambda m: "@c%d.%s" % (k, m.group(1)), l) for l in lines]


def minimize_graph(f, compiler, cfg, lines, deadline, jobs=2):
    """The smallest call graph (lines) that still shows finding f, searched
    before the deadline: (lines, the function it shows at, its check
    detail, rounds, tries); None when the graph as given does not show it.
    Raises OutOfTime when the deadline passed before it showed once."""
    tmp = tempfile.mkdtemp(prefix="gcnabi-min-")
    try:
        first = run_check("".join(l + "\n" for l in lines), f, compiler, cfg, tmp, f["cause"], deadline, jobs)
        first = [h for h in first if h[0] == f["function"]] or first
        if not first:
            return None
        best, (function, detail), rounds, tries, stage = lines, first[0], 0, 1, 0
        while stage <= 2 and time.monotonic() < deadline:
            cands = graph_candidates(best, function, stage)
            cands.sort(key=graph_size)
            cands = cands[:GRAPH_ROUND_CANDIDATES]
            text = "".join(l + "\n" for k, c in enumerate(cands) for l in rename_apart(c, k))
            try:
                hits = run_check(text, f, compiler, cfg, tmp, f["cause"], deadline, jobs) if cands else []
            except OutOfTime:
                break
            tries += len(cands)
            rounds += 1
            found = {}
            for fn, d in hits:
                m = re.fullmatch(r"c(\d+)\.(.*)", fn)
                if m:
                    found.setdefault(int(m.group(1)), (m.group(2), d))
            if not found:
                stage += 1
                continue
            k = min(found, key=lambda i: (graph_size(cands[i]), i))
            best, (function, detail) = cands[k], found[k]
            stage = 0
        return best, function, detail, rounds, tries
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def caller_of(lines, function):
    """The first function with an edge to @function in a call graph's lines."""
    for l in lines:
        if not l.startswith("declare"):
            names = NAME.findall(l)
            if len(names) >= 2 and names[1] == function:
                return names[0]
    return None
