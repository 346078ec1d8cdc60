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

from . import findings as F
from . import vocab as V
from .common import GCNABI, run_bounded


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


def check_candidates(decls, f, compiler, cfg, tmp, want_cause, deadline, jobs=2):
    """Runs gcnabi check on the candidates (declare lines of @m0, @m1, ...)
    for the finding's one combination; the indices whose finding is the same
    (axis, cause, explained or not). Raises OutOfTime when the
    deadline (time.monotonic) passes first: the check is killed with every
    llc it started."""
    path = os.path.join(tmp, "cand.ll")
    with open(path, "w") as fh:
        fh.write("".join(d + "\n" for d in decls))
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    sel = "gisel" if f["selector"].startswith("gisel") else "dag"
    left = deadline - time.monotonic()
    if left < 1:
        raise OutOfTime()
    llc_timeout = max(1, int(min(cfg.get("timeout", 60), left)))
    args = [GCNABI, "check", "--quiet", "--jobs", str(jobs), "--llc", compiler["path"], "--mcpu", f["cpu"], "--selector",
            sel, "--out", out, "--timeout", str(llc_timeout), "--mem-limit", str(cfg.get("mem", 4096))]
    if f["selector"] == "gisel-nrbs":
        args.append("--new-reg-bank-select")
    for s in cfg.get("switches") or []:
        args += ["--switch", s]
    try:
        run_bounded(args + [path], timeout=left, mem_mb=None)
    except subprocess.TimeoutExpired:
        raise OutOfTime()
    hits = {}
    for t, d in F.read_findings(out):
        if V.kind(t["kind"]) != ("finding", f["axis"]) or bool(t["explained_by"]) != bool(f.get("explained_by")):
            continue
        if t["cause"]["key"] != want_cause:
            continue
        m = re.fullmatch(r"m(\d+)", t["function"])
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
