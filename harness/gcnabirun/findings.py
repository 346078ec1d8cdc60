"""From one `gcnabi check` output folder to findings: details.jsonl (model vs
llc, caller vs callee, crashes, cross-version link), link.jsonl (the
version-pair matrix) and placements/ (what each llc did, compared pair by
pair with `gcnabi diff`: llc A vs llc B, SelectionDAG vs GlobalISel,
GlobalISel vs GlobalISel with -new-reg-bank-select)."""
import itertools
import json
import os
import re
import subprocess

from . import vocab as V
from .common import GCNABI, HarnessError, read_input, read_jsonl


def selector_of(t):
    """The harness's selector name of a check combination (summary.json,
    findings.jsonl): dag, gisel or gisel-nrbs."""
    return t["selector"] + ("-nrbs" if t["new_reg_bank_select"] else "")


def combos(out_dir):
    """{combo tag: {label, profile, cpu, selector}} of one check run (summary.json)."""
    path = os.path.join(out_dir, "summary.json")
    if not os.path.exists(path):
        return {}
    return {c["combo"]: {"label": c["label"], "profile": c["profile"], "cpu": c["cpu"], "selector": selector_of(c)}
            for c in json.load(open(path))["combos"]}


# Where a finding is, as findings.jsonl types it: the type class of the first
# divergent part ("vector inreg", "return struct", "other", ...), the register
# boundary there, model/llc ("sgpr/stack", "part count", "other", ...), and
# the report row of the function's convention.
WHERE_FIELDS = ("type_class", "boundary", "convention", "cause")




def incomplete(out_dir):
    """Why one check run's results are not complete on disk, None when they
    are: check writes summary.json last, "complete" when every other file
    was written in full."""
    try:
        complete = json.load(open(os.path.join(out_dir, "summary.json"))).get("complete")
    except (OSError, ValueError) as e:
        return "gcnabi check left no readable summary.json in %s (%s): its results are incomplete" % (
            out_dir, getattr(e, "strerror", None) or e)
    if complete is not True:
        return "gcnabi check could not write all of its results in %s (summary.json: not complete)" % out_dir
    return None


def read_summary(out_dir):
    """Per-combo counts of one check run, from its summary.json."""
    path = os.path.join(out_dir, "summary.json")
    if not os.path.exists(path):
        return {}
    stats = {}
    for co in json.load(open(path))["combos"]:
        n = co["counts"]
        stats[co["combo"]] = {
            "functions": n["functions"], "agree": n["agree"], "differ": co["differ"], "llc_refused": n["llc_refused"],
            "both_refused": n["both_refused"], "skipped": n["not_emitted"], "calls": n["calls"],
            "calls_agree": n["calls_agree"], "calls_differ": n["calls_diverged"], "calls_refused": n["calls_refused"],
            "calls_both_refused": n["calls_both_refused"], "unread": n["unread"], "caller_callee": n["mismatches"],
            "caller_callee_explained": n["mismatches_explained"], "body_refused": n["body_refused"],
            "observed": n["observed"], "calls_observed": n["calls_observed"]}
        for k, v in (co.get("final_code") or {}).items():
            stats[co["combo"]]["final_" + k] = v
    return stats


def read_findings(out_dir):
    """[(typed finding, its details.jsonl line)] of one check run:
    findings.jsonl's fields, and details.jsonl's for the placements
    (findings.jsonl names their keys), line by line in the same order."""
    typed = read_jsonl(os.path.join(out_dir, "findings.jsonl"))
    details = read_jsonl(os.path.join(out_dir, "details.jsonl"))
    # Only a check killed while writing (its unit is an error) leaves one
    # file longer than the other: the lines both have.
    return list(zip(typed, details))


def bugs_of(out_dir):
    """{"profile|selector|switch": findings} of one check run: the findings
    and notes a profile switch that reproduces a compiler bug explains
    (vocab switches with a bug reference)."""
    bugs = {s["name"] for s in V.vocab()["switches"] if s["bug"]}
    out = {}
    for t in read_jsonl(os.path.join(out_dir, "findings.jsonl")):
        for sw in t["cause"]["switches"]:
            if sw in bugs:
                k = "%s|%s|%s" % (t["profile"], selector_of(t), sw)
                out[k] = out.get(k, 0) + 1
    return out


# The note of a function whose final code has no verdict, and the
# separator of a note key that counts it by reason ("combo\treason").
UNKNOWN_FINAL, REASON = "final-code-unknown", "\t"


def extract(out_dir, input_path, compilers, unit_id):
    """Findings, notes, link cells, quirks and infrastructure errors of one
    check run: every finding kind of gcnabi's vocabulary is a finding on its
    axis, a note or an infrastructure error (vocab.kind)."""
    sigs = read_input(input_path).splitlines()
    by_label = {c["label"]: c for c in compilers}
    findings, notes, quirks, infra = [], {}, [], []
    for n, (t, d) in enumerate(read_findings(out_dir), 1):
        kind = t["kind"]
        role, axis = V.kind(kind)
        if role == "infrastructure":
            infra.append({"unit": unit_id, "combo": t["combo"], "kind": kind, "function": t["function"],
                          "line": t["line"], "message": t["message"]})
            continue
        if role == "note":
            key = "%s %s" % (t["combo"], kind)
            notes[key] = notes.get(key, 0) + 1
            if kind == UNKNOWN_FINAL:
                # and by reason (its cause, numbers as #): report.final_md
                key = "%s%s%s" % (t["combo"], REASON, t["cause"]["what"])
                notes[key] = notes.get(key, 0) + 1
            if kind in V.LOSES_PARTS:
                quirks.append([t["combo"], V.LOSES_PARTS[kind], t["function"]])
            continue
        line = t["line"] or 0
        sig = sigs[line - 1].strip() if 0 < line <= len(sigs) else ""
        if axis == "link" and t["combo"] == t["callee_combo"]:
            continue  # one llc with itself: the caller-vs-callee finding says it
        if axis == "link":
            ca, cb = by_label.get(t["label"]), by_label.get(t["callee_label"])
            versions = [ca["major"] if ca else 0, cb["major"] if cb else 0]
            combo = "%s>%s" % (t["combo"], t["callee_combo"])
            c = ca
        else:
            c = by_label.get(t["label"])
            versions = [c["major"] if c else 0]
            combo = t["combo"]
        why = t["message"]
        missing = [k for k in WHERE_FIELDS if k not in t]
        if missing:
            raise HarnessError("%s line %d: no %s: gcnabi check is older than the harness"
                               % (os.path.join(out_dir, "findings.jsonl"), n, ", ".join(missing)))
        fields = t
        # the selector of the cause's side: a mixed-selector link's callee
        # departs in the callee's selector, not the caller's
        selector = t["callee_selector"] if axis == "link" and t["cause"]["side"] == "callee" else selector_of(t)
        f = {"axis": axis, "kind": kind, "unit": unit_id, "combo": combo, "cpu": t["cpu"], "selector": selector,
             "versions": versions, "label": t["label"], "profile": t["profile"], "convention": fields["convention"],
             "function": t["function"], "line": line, "signature": sig, "why": why, "what": t["cause"]["what"],
             "type_class": fields["type_class"], "boundary": "crash" if axis == "crash" else fields["boundary"],
             "explained_by": t["explained_by"], "cause": t["cause"]["key"],
             "cause_versions": sorted({by_label[l]["major"] for l in t["cause"]["llcs"] if l in by_label})}
        if t["call_site"]:
            f["call_site"] = t["call_site"]
        if t.get("final"):
            f["final"] = t["final"]
        if t.get("llc_failure"):
            f["llc_failure"] = t["llc_failure"]
        if t.get("triple") and t["triple"] != "amdgcn-amd-amdpal" and fields["convention"] != "amdgpu_kernel":
            # part of the combination: reproducers and lit tests use it
            # (kernels are compiled for amdhsa whatever --triple says)
            f["triple"] = t["triple"]
        if t.get("llc_options"):
            f["llc_options"] = t["llc_options"]  # part of the combination: reproducers run llc with them
        if t.get("as_written"):
            f["as_written"] = True  # a module compiled as it is: its checks run on the module
        if axis == "link":
            f.update(difference=t["difference"], switches=t["cause"]["switches"], callee_selector=t["callee_selector"],
                     callee_label=t["callee_label"])
        if not f["explained_by"]:
            f["llc"] = c["path"] if c else None
            for k in t["placements"]:
                f["llc_placement" if k == "llc" else k] = d[k]
        findings.append(f)
    link = read_jsonl(os.path.join(out_dir, "link.jsonl"))
    return findings, notes, link, quirks, infra


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


def _placed(path):
    """{function: its report row} of a placements file."""
    out = {}
    for line in open(path):
        p = json.loads(line)
        out[p["name"]] = V.convention_group(p["cc"])
    return out


def off_model_key(f):
    """(combo, view, function) of a finding where llc departs from the model
    in one view of a function (callee or caller), None for other findings:
    what a difference between compilers or selectors in that function is
    blamed on."""
    if f["axis"] not in ("model-vs-llc", "model-vs-llc-caller", "crash"):
        return None
    view = "caller" if f["axis"] == "model-vs-llc-caller" or f["kind"].endswith("call") else "callee"
    return (f["combo"], view, f["function"])


def blame_keys(f):
    """The sides (combo, view, function) a finding speaks of, which a
    difference between compilers or selectors blamed on one of them takes
    its verdict from: off_model_key's, or a caller-vs-callee finding's side
    its cause names (call site, callee, or both)."""
    k = off_model_key(f)
    if k or f["axis"] != "caller-vs-callee":
        return [k] if k else []
    side = f["cause"].split(":", 1)[0]
    views = ["caller"] if side == "call site" else ["callee"] if side == "callee" else ["callee", "caller"]
    return [(f["combo"], view, f["function"]) for view in views]


def cross(out_dirs, compilers, findings, quirks=()):
    """The axes between compilers and selectors, from the placements check
    wrote: per pair, the functions placed differently, grouped by pattern.
    A difference is explained when both sides agree with the model (the
    profiles predict it); otherwise it is blamed on its sides that depart
    from the model (a model-vs-llc or crash finding, or a note that llc
    leaves parts unread or unwritten): "unpredicted" lists, per such
    difference, those sides as [combo, view, function], which the report
    gives the verdict of their findings (report.aggregate)."""
    off_model = {k for k in map(off_model_key, findings) if k}
    off_model.update(tuple(q) for q in quirks)
    files, sides = {}, {}
    for d in out_dirs:
        sides.update(combos(d))
        pdir = os.path.join(d, "placements")
        if os.path.isdir(pdir):
            for name in os.listdir(pdir):
                m = re.match(r"(.*)\.(callee|caller)\.jsonl$", name)
                if m:
                    files[(m.group(1), m.group(2))] = os.path.join(pdir, name)
    by_label = {c["label"]: c for c in compilers}
    tags = sorted({k[0] for k in files})
    pairs = []
    for a, b in itertools.combinations(tags, 2):
        pa, pb = sides[a], sides[b]
        if pa["cpu"] != pb["cpu"]:
            continue
        if pa["selector"] == pb["selector"] and pa["label"] != pb["label"]:
            axis = "llc-vs-llc"
        elif pa["label"] == pb["label"] and {pa["selector"], pb["selector"]} == {"dag", "gisel"}:
            axis = "dag-vs-gisel"
        elif pa["label"] == pb["label"] and {pa["selector"], pb["selector"]} == {"gisel", "gisel-nrbs"}:
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
            pa, pb = sides[a], sides[b]
            versions = sorted({by_label[l]["major"] for l in (pa["label"], pb["label"]) if l in by_label})
            base = {"axis": full_axis, "view": view, "a": a, "b": b, "cpu": pa["cpu"],
                    "selector": ",".join(sorted({pa["selector"], pb["selector"]})), "versions": versions,
                    # the report's pair rows: the sides without the CPU
                    "a_label": pa["label"], "b_label": pb["label"],
                    "a_row": "%s-%s" % (pa["label"], pa["selector"]),
                    "b_row": "%s-%s" % (pb["label"], pb["selector"])}
            # Always one record per pair and convention, so the matrix knows what was compared.
            for conv in V.callable_groups():
                key = (full_axis, a, b, conv, "")
                groups.setdefault(key, dict(base, convention=conv, pattern="", functions=0, explained=0,
                                            compared=0, examples=[], unpredicted=[]))
            rows_a, rows_b = _placed(fa), _placed(fb)
            rows = dict(rows_b, **rows_a)
            for name in set(rows_a) & set(rows_b):
                conv = rows[name]
                groups.setdefault((full_axis, a, b, conv, ""),
                                  dict(base, convention=conv, pattern="", functions=0, explained=0,
                                       compared=0, examples=[], unpredicted=[]))["compared"] += 1
            for fn, d in sorted(first.items()):
                conv = rows[fn]
                pattern = "%s: %s vs %s" % (d["where_class"], d["a_class"], d["b_class"])
                g = groups.setdefault((full_axis, a, b, conv, pattern),
                                      dict(base, convention=conv, pattern=pattern, functions=0, explained=0,
                                           compared=0, examples=[], unpredicted=[]))
                g["functions"] += 1
                blame = [[side, view, fn] for side in (a, b) if (side, view, fn) in off_model]
                if blame:
                    g["unpredicted"].append(blame)
                else:
                    g["explained"] += 1
                if len(g["examples"]) < 3:
                    g["examples"].append({"function": fn, "where": d.get("where"), "a": d["a"], "b": d["b"]})
    return [groups[k] for k in sorted(groups)]


def read_ab(out_dir):
    """What gcnabi ab said of one unit (ab.json): per CPU and selector the
    counts and every change, the cross-link and the verdict; None when the
    unit ran check instead."""
    path = os.path.join(out_dir, "ab.json")
    if not os.path.exists(path):
        return None
    try:
        d = json.loads(read_input(path))
    except ValueError as e:
        raise HarnessError("%s: not gcnabi ab's JSON: %s" % (path, e))
    return {"targets": d["targets"], "link": d["link"], "verdict": d["verdict"], "complete": d["complete"]}
