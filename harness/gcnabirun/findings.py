"""From one `gcnabi check` output folder to findings: details.jsonl (model vs
llc, caller vs callee, crashes, cross-version link), link.jsonl (the
version-pair matrix) and placements/ (what each llc did, compared pair by
pair with `gcnabi diff`: llc A vs llc B, SelectionDAG vs GlobalISel,
GlobalISel vs GlobalISel with -new-reg-bank-select)."""
import functools
import itertools
import json
import os
import re
import subprocess

from .common import CONVENTIONS, GCNABI, read_jsonl

# check's kinds -> the harness's axes; None: a note, not a finding.
KIND_AXIS = {
    "model-vs-llc": "model-vs-llc", "unobserved": "model-vs-llc", "model-refused": "model-vs-llc",
    "model-vs-llc-caller": "model-vs-llc-caller", "model-refused-call": "model-vs-llc-caller",
    "unobserved-call": "model-vs-llc-caller",
    "caller-vs-callee": "caller-vs-callee",
    "llc-refused": "crash", "llc-refused-call": "crash", "llc-refused-graph": "crash",
    "cross-version": "link",
}
NOTE_KINDS = ("unread-parts", "unwritten-parts", "undefined-parts", "both-refused-call", "not-emitted", "not-in-graph")

COMBO_RE = re.compile(r"^llvm(\d+)-(gfx\w+?)(w32|w64)?-(dag|gisel)(-nrbs)?$")


def split_combo(tag):
    m = COMBO_RE.match(tag)
    if not m:
        return {"profile": tag, "cpu": "?", "selector": "?"}
    return {"profile": "llvm" + m.group(1), "cpu": m.group(2) + (m.group(3) or ""),
            "selector": m.group(4) + ("-nrbs" if m.group(5) else "")}


def loc_class(loc):
    """sgpr, vgpr, stack; for a list of parts ("s8 s9"), the classes and
    the count ("sgpr x2"); demoted, none, other."""
    return loc_class_of_text(str(loc))


@functools.lru_cache(maxsize=8192)
def loc_class_of_text(loc):
    # The layout table asks for hundreds of thousands of parts, nearly all
    # of them one of a few hundred registers and stack offsets.
    if " " in loc.strip() and not loc.startswith("demoted"):
        classes = [loc_class_of_text(t) for t in loc.split()]
        return "%s x%d" % ("+".join(sorted(set(classes), key=classes.index)), len(classes))
    if loc.startswith("demoted"):
        return "demoted"
    if re.fullmatch(r"s\d+", loc):
        return "sgpr"
    if re.fullmatch(r"v\d+", loc):
        return "vgpr"
    if loc.startswith("stack"):
        return "stack"
    return "none" if loc in ("-", "", "none", "(none)") else "other"


def normalize(text):
    """One cause reads the same whatever function, argument or register
    number it was found in."""
    t = text
    t = re.sub(r"<regmask[^>]*>?(?: and \d+ more\.\.\.>)?", "<regmask>", t)
    t = re.sub(r"\(in function: [^)]*\)", "", t)
    t = re.sub(r"%[0-9]+(:[A-Za-z_0-9]+)?(\([^)]*\))?", "%", t)
    t = re.sub(r"@[\w.$]+", "@f", t)
    t = re.sub(r"\$[A-Za-z_0-9]+", "$r", t)
    t = re.sub(r"\b(s|v)\[\d+:\d+\]", r"\1[#]", t)
    t = re.sub(r"\b(s|v)\d+\b", r"\1#", t)
    t = re.sub(r"0x[0-9a-fA-F]+", "0x#", t)
    t = re.sub(r"\d+", "#", t)
    t = re.sub(r"\s+", " ", t).strip()
    return t[:200]


def type_class(ty):
    ty = (ty or "").strip()
    if ty.startswith("<{"):
        return "packed struct"
    if ty.startswith("<"):
        return "vector"
    if ty.startswith("["):
        return "array"
    if ty.startswith("{"):
        return "struct"
    if ty.startswith("ptr") or ty.endswith("*"):
        return "pointer"
    if re.fullmatch(r"i\d+", ty):
        return "integer"
    if ty in ("half", "bfloat", "float", "double"):
        return "float"
    if ty == "void":
        return "void"
    return "other"


def convention(sig):
    """The report convention of a declare/define line: its keyword, "default" for ccc/fastcc/coldcc or none."""
    m = re.match(r"\s*(?:declare|define)\s+(amdgpu_\w+)", sig or "")
    return m.group(1) if m and m.group(1) in CONVENTIONS else "default"


def where_of(why, placement):
    """(type class, register boundary) of the first divergent part named in
    a check message such as 'argument 1 part 0: model s6, llc s16'."""
    tclass, boundary = "other", "other"
    m = re.search(r"argument (\d+)", why)
    args = (placement or {}).get("args") or []
    if m and int(m.group(1)) < len(args):
        a = args[int(m.group(1))]
        tclass = type_class(a.get("type")) + (" inreg" if a.get("inreg") else "")
    elif "return" in why and placement and placement.get("ret"):
        tclass = "return " + type_class(placement["ret"].get("type"))
    m = re.search(r":\s*\w+ (\S+), \w+ (\S+)$", why)
    if m:
        boundary = "%s/%s" % (loc_class(m.group(1).rstrip(",")), loc_class(m.group(2)))
    elif "parts" in why:
        boundary = "part count"
    return tclass, boundary


def read_summary(path):
    """Per-combo counts from check's summary.txt table."""
    stats = {}
    if not os.path.exists(path):
        return stats
    for line in open(path):
        cols = line.split("|")
        if len(cols) != 5 or cols[0].strip().startswith("callee:"):
            continue
        tag = cols[0].strip()
        a, b = cols[1].split(), cols[2].split()
        try:
            stats[tag] = {"functions": int(a[0]), "agree": int(a[1]), "differ": int(a[2]), "llc_refused": int(a[3]),
                          "both_refused": int(a[4]), "skipped": int(a[5]), "calls": int(b[0]), "calls_agree": int(b[1]),
                          "calls_differ": int(b[2]), "calls_refused": int(b[3]), "calls_both_refused": int(b[4]),
                          "unread": int(cols[3].strip()),
                          "caller_callee": int(cols[4].split()[0]),
                          "caller_callee_explained": int(cols[4].split()[1].strip("()"))}
        except (IndexError, ValueError):
            continue
    return stats


def extract(out_dir, input_path, compilers, unit_id):
    """Findings, notes and link cells of one check run."""
    sigs = open(input_path).read().splitlines()
    by_path = {c["path"]: c for c in compilers}
    by_profile = {}
    for c in compilers:
        by_profile.setdefault(c["profile"], c)
    findings, notes, quirks = [], {}, []
    for d in read_jsonl(os.path.join(out_dir, "details.jsonl")):
        kind = d.get("kind")
        if kind in NOTE_KINDS:
            key = "%s %s" % (d.get("combo"), kind)
            notes[key] = notes.get(key, 0) + 1
            if kind in ("unread-parts", "unwritten-parts", "undefined-parts"):
                # llc agrees with the model but leaves assigned parts unread
                # or undefined: a difference between compilers there is not
                # one the model predicts.
                view = "callee" if kind == "unread-parts" else "caller"
                quirks.append([d.get("combo"), view, d.get("function")])
            continue
        axis = KIND_AXIS.get(kind)
        if not axis:
            continue
        line = d.get("line") or 0
        sig = sigs[line - 1].strip() if 0 < line <= len(sigs) else ""
        if axis == "link" and d["caller_combo"] == d["callee_combo"]:
            continue  # one llc with itself: the caller-vs-callee finding says it
        if axis == "link":
            a, b = split_combo(d["caller_combo"]), split_combo(d["callee_combo"])
            ca, cb = by_profile.get(a["profile"]), by_profile.get(b["profile"])
            versions = [ca["major"] if ca else 0, cb["major"] if cb else 0]
            combo = "%s>%s" % (d["caller_combo"], d["callee_combo"])
            cpu, sel, profile = a["cpu"], a["selector"], a["profile"]
            placement = d.get("llc_callee")
        else:
            parts = split_combo(d["combo"])
            # details.jsonl names the llc's path and, for model-vs-llc, its
            # placement under the same key: the last one wins in JSON.
            path = d.get("llc") if isinstance(d.get("llc"), str) else None
            c = by_path.get(path) or by_profile.get(parts["profile"])
            versions = [c["major"] if c else 0]
            combo, cpu, sel, profile = d["combo"], parts["cpu"], parts["selector"], parts["profile"]
            # The placement the message is about; "llc" is a path in some
            # kinds (llc-refused-graph), a placement in others.
            placement = next((v for v in (d.get("model"), d.get("llc_callee"), d.get("llc")) if isinstance(v, dict)),
                             None)
        why = d.get("why", "")
        tclass, boundary = where_of(why, placement)
        if axis == "crash":
            boundary = "crash"
        f = {"axis": axis, "kind": kind, "unit": unit_id, "combo": combo, "cpu": cpu, "selector": sel,
             "versions": versions, "profile": profile, "convention": convention(sig), "function": d.get("function"),
             "line": line, "signature": sig, "why": why, "what": normalize(why), "type_class": tclass,
             "boundary": boundary, "explained_by": d.get("explained_by")}
        if d.get("call_site"):
            f["call_site"] = d["call_site"]
        if not f["explained_by"]:
            f["llc"] = (ca["path"] if ca else None) if axis == "link" else (c["path"] if c else None)
            for k in ("model", "llc_callee", "llc_caller"):
                if k in d:
                    f[k] = d[k]
            if isinstance(d.get("llc"), dict):
                f["llc_placement"] = d["llc"]
        findings.append(f)
    link = read_jsonl(os.path.join(out_dir, "link.jsonl"))
    return findings, notes, link, quirks


def _diff(a, b):
    """gcnabi diff of two placement streams: {function: first divergence}, compared."""
    r = subprocess.run([GCNABI, "diff", "--json", a, b], capture_output=True, text=True)
    first, compared = {}, 0
    for line in r.stdout.splitlines():
        try:
            d = json.loads(line)
        except ValueError:
            continue
        if "compared" in d:
            compared = d["compared"] - d.get("only_in_a", 0) - d.get("only_in_b", 0)
        elif "function" in d and "a" in d and "b" in d and d.get("where") != "function":
            first.setdefault(d["function"], d)
    return first, compared


def _names(path):
    out = set()
    for line in open(path):
        m = re.match(r'\{"name":"([^"]*)"', line)
        if m:
            out.add(m.group(1))
    return out


def cross(out_dirs, input_path, compilers, findings, quirks=()):
    """The axes between compilers and selectors, from the placements check
    wrote: per pair, the functions placed differently, grouped by pattern.
    A difference is explained when both sides agree with the model (the
    profiles predict it); otherwise its cause is a model-vs-llc finding."""
    sigs = {}
    for line in open(input_path):
        m = re.match(r"\s*declare\s.*?@([\w.$]+)\(", line)
        if m:
            sigs[m.group(1)] = line.strip()
    off_model = set()
    for f in findings:
        if f["axis"] in ("model-vs-llc", "model-vs-llc-caller", "crash"):
            view = "caller" if f["axis"] == "model-vs-llc-caller" or f["kind"].endswith("call") else "callee"
            off_model.add((f["combo"], view, f["function"]))
    off_model.update(tuple(q) for q in quirks)
    files = {}
    for d in out_dirs:
        pdir = os.path.join(d, "placements")
        if os.path.isdir(pdir):
            for name in os.listdir(pdir):
                m = re.match(r"(.*)\.(callee|caller)\.jsonl$", name)
                if m:
                    files[(m.group(1), m.group(2))] = os.path.join(pdir, name)
    by_profile = {c["profile"]: c for c in compilers}
    combos = sorted({k[0] for k in files})
    pairs = []
    for a, b in itertools.combinations(combos, 2):
        pa, pb = split_combo(a), split_combo(b)
        if pa["cpu"] != pb["cpu"]:
            continue
        if pa["selector"] == pb["selector"] and pa["profile"] != pb["profile"]:
            axis = "llc-vs-llc"
        elif pa["profile"] == pb["profile"] and {pa["selector"], pb["selector"]} == {"dag", "gisel"}:
            axis = "dag-vs-gisel"
        elif pa["profile"] == pb["profile"] and {pa["selector"], pb["selector"]} == {"gisel", "gisel-nrbs"}:
            axis = "gisel-vs-nrbs"
        else:
            continue
        pairs.append((axis, a, b))
    groups = {}
    for axis, a, b in pairs:
        for view in ("callee", "caller"):
            fa, fb = files.get((a, view)), files.get((b, view))
            if not fa or not fb:
                continue
            full_axis = axis + "-" + view if axis == "llc-vs-llc" else axis
            first, compared = _diff(fa, fb)
            pa, pb = split_combo(a), split_combo(b)
            versions = sorted({by_profile[p]["major"] for p in (pa["profile"], pb["profile"]) if p in by_profile})
            base = {"axis": full_axis, "view": view, "a": a, "b": b, "cpu": pa["cpu"],
                    "selector": ",".join(sorted({pa["selector"], pb["selector"]})), "versions": versions}
            # Always one record per pair and convention, so the matrix knows what was compared.
            for conv in ("default", "amdgpu_gfx"):
                key = (full_axis, a, b, conv, "")
                groups.setdefault(key, dict(base, convention=conv, pattern="", functions=0, explained=0,
                                            compared=0, examples=[]))
            both = _names(fa) & _names(fb)
            for name in both:
                conv = convention(sigs.get(name, ""))
                groups.setdefault((full_axis, a, b, conv, ""),
                                  dict(base, convention=conv, pattern="", functions=0, explained=0,
                                       compared=0, examples=[]))["compared"] += 1
            for fn, d in sorted(first.items()):
                conv = convention(sigs.get(fn, ""))
                pattern = "%s: %s vs %s" % (normalize(d.get("where", "")), loc_class(d["a"]), loc_class(d["b"]))
                g = groups.setdefault((full_axis, a, b, conv, pattern),
                                      dict(base, convention=conv, pattern=pattern, functions=0, explained=0,
                                           compared=0, examples=[]))
                g["functions"] += 1
                if (a, view, fn) not in off_model and (b, view, fn) not in off_model:
                    g["explained"] += 1
                if len(g["examples"]) < 3:
                    g["examples"].append({"function": fn, "where": d.get("where"), "a": d["a"], "b": d["b"]})
    return [groups[k] for k in sorted(groups)]
