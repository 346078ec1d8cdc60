"""Minimizing one divergence: signature-level delta reduction driven by
`gcnabi check` (fewest arguments, simplest types, a void return, no
function attributes; a call-graph finding is first tried as one call), then
a lit test whose CHECK lines pass on one behaviour and fail on the other,
verified by running lit on it with each installed llc."""
import os
import re
import shutil
import subprocess
import tempfile
import time

from . import findings as F
from .common import GCNABI, read_jsonl, run_bounded

ATTR_WORDS = ("inreg", "signext", "zeroext", "noundef", "byval", "byref", "sret", "align", "nonnull", "noalias",
              "dereferenceable", "readonly", "writeonly", "nocapture", "returned")
OPEN, CLOSE = "([{<", ")]}>"


def split_top(text, sep=","):
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in OPEN:
            depth += 1
        elif ch in CLOSE:
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse_decl(line):
    """(prefix up to the name, [params], suffix) of a declare line, by
    bracket depth only; None if it does not look like one."""
    m = re.match(r"\s*(?:declare|define)\s+(.*?)@([\w.$]+)\(", line)
    if not m:
        return None
    start = m.end()
    depth, i = 1, start
    while i < len(line) and depth:
        depth += line[i] in "([{<"
        depth -= line[i] in ")]}>"
        i += 1
    if depth:
        return None
    return m.group(1).strip(), split_top(line[start:i - 1]), line[i:].split(";")[0].strip()


def make_decl(prefix, name, params, suffix):
    return ("declare %s @%s(%s) %s" % (prefix, name, ", ".join(params), suffix)).rstrip()


def split_param(p):
    """(type, [attributes]) of a parameter, by bracket depth."""
    words = split_top(p, " ")
    for k, w in enumerate(words):
        if k and any(w == a or w.startswith(a + "(") for a in ATTR_WORDS):
            return " ".join(words[:k]), words[k:]
    return p, []


def simpler_types(ty):
    """Candidate replacements of a type, simpler first."""
    out = []
    m = re.fullmatch(r"<(\d+) x (.+)>", ty)
    if m and not ty.startswith("<{"):
        n, e = int(m.group(1)), m.group(2)
        out += [e] + (["<2 x %s>" % e] if n > 2 else []) + (["<%d x %s>" % (n // 2, e)] if n > 3 else [])
    m = re.fullmatch(r"\[(\d+) x (.+)\]", ty)
    if m:
        n, e = int(m.group(1)), m.group(2)
        out += [e, "[1 x %s]" % e] + (["[%d x %s]" % (n // 2, e)] if n > 2 else [])
    if ty.startswith("{") or ty.startswith("<{"):
        inner = ty[2:-2] if ty.startswith("<{") else ty[1:-1]
        elems = split_top(inner)
        out += elems[:1] + elems[-1:]
        if len(elems) > 1:
            out += ["{ %s }" % ", ".join(elems[:len(elems) // 2]), "{ %s }" % ", ".join(elems[len(elems) // 2:])]
        if ty.startswith("<{"):
            out.append("{ %s }" % inner)
    if re.fullmatch(r"i\d+", ty) and ty != "i32":
        out += ["i32", "i64", "i16"]
    if ty in ("half", "bfloat", "double"):
        out += ["float", "i32"]
    if ty.startswith("ptr") and ty != "ptr addrspace(1)":
        out += ["ptr addrspace(1)", "i32"]
    if ty not in ("i32",):
        out.append("i32")
    seen, res = set(), []
    for t in out:
        if t != ty and t not in seen:
            seen.add(t)
            res.append(t)
    return res


def candidates(decl, stage):
    """Smaller variants of a signature: removals first (blocks, then single
    parameters), then simpler types, attributes and return."""
    prefix, params, suffix = decl
    out = []
    n = len(params)
    size = n // 2
    while size >= 1:
        for s in range(0, n, size):
            out.append((prefix, params[:s] + params[s + size:], suffix))
        size //= 2
    if suffix:
        out.append((prefix, params, ""))
    ret_words = prefix.split()
    conv = [w for w in ret_words if w in ("fastcc", "coldcc", "ccc") or w.startswith("amdgpu_")]
    if not re.fullmatch(r"(?:\w+\s+)?void", prefix):
        out.append((" ".join(conv + ["void"]), params, suffix))
    if stage == 0:
        return out
    for k, p in enumerate(params):
        ty, attrs = split_param(p)
        keep = [a for a in attrs if a == "inreg"]
        if attrs != keep and not any(a.startswith(("byval", "byref", "sret")) for a in attrs):
            out.append((prefix, params[:k] + [" ".join([ty] + keep)] + params[k + 1:], suffix))
        if any(a.startswith(("byval", "byref", "sret")) for a in attrs):
            out.append((prefix, params[:k] + ["i32"] + params[k + 1:], suffix))
            continue
        for t in simpler_types(ty):
            out.append((prefix, params[:k] + [" ".join([t] + attrs)] + params[k + 1:], suffix))
    return out


def size_of(decl):
    prefix, params, suffix = decl
    return (len(params), len(make_decl(prefix, "f", params, suffix)))


class OutOfTime(Exception):
    """The deadline passed before gcnabi check finished."""


def check_candidates(decls, f, compiler, cfg, tmp, want_what, deadline, jobs=2):
    """Runs gcnabi check on the candidates for the finding's one combination;
    the indices whose finding is the same (axis, normalized message,
    explained or not). Raises OutOfTime when the deadline (time.monotonic)
    passes first: the check is killed with every llc it started."""
    path = os.path.join(tmp, "cand.ll")
    with open(path, "w") as fh:
        for k, d in enumerate(decls):
            fh.write(make_decl(d[0], "m%d" % k, d[1], d[2]) + "\n")
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
    for d in read_jsonl(os.path.join(out, "details.jsonl")):
        axis = F.KIND_AXIS.get(d.get("kind"))
        if axis != f["axis"] or bool(d.get("explained_by")) != bool(f.get("explained_by")):
            continue
        if F.normalize(d.get("why", "")) != want_what:
            continue
        m = re.fullmatch(r"m(\d+)", d.get("function", ""))
        if m:
            hits.setdefault(int(m.group(1)), d)
    return hits


def minimize(f, compiler, cfg, deadline, jobs=2):
    """The smallest signature that still shows finding f, found before the
    deadline (time.monotonic): (declare line, check detail of it, rounds,
    tries); None when f does not reproduce alone (e.g. it needs its call
    graph). Raises OutOfTime when the deadline passed before f reproduced
    once; after that, the deadline ends the search with the best so far."""
    decl = parse_decl(f["signature"])
    if not decl:
        return None
    tmp = tempfile.mkdtemp(prefix="gcnabi-min-")
    try:
        hits = check_candidates([decl], f, compiler, cfg, tmp, f["what"], deadline, jobs)
        if 0 not in hits:
            return None
        best, detail, rounds, tries = decl, hits[0], 0, 1
        stage = 0
        while time.monotonic() < deadline:
            cands = candidates(best, stage)
            cands = [c for c in cands if size_of(c) < size_of(best)]
            if not cands:
                if stage == 0:
                    stage = 1
                    continue
                break
            try:
                hits = check_candidates(cands, f, compiler, cfg, tmp, f["what"], deadline, jobs)
            except OutOfTime:
                break
            tries += len(cands)
            rounds += 1
            if not hits:
                if stage == 0:
                    stage = 1
                    continue
                break
            k = min(hits, key=lambda i: (size_of(cands[i]), i))
            best, detail = cands[k], hits[k]
        return make_decl(best[0], "f", best[1], best[2]), detail, rounds, tries
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
