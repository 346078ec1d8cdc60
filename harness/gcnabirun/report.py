"""The four report files of a run, from its journal(s) and minimized
causes: summary.md, results.jsonl, junit.xml, index.html (self-contained:
inline CSS and SVG, no network). Nothing in them depends on the clock or on
the order units finished in; timings go to run-info.json only."""
import html
import os
import re

from . import common
from . import draws as D
from . import final_md as FM
from . import findings as F
from . import vocab as V
from .common import convention_order, dumps, version, write_text
from .known import AXES, entry_for, match

AXIS_TITLES = {
    "model-vs-llc": "model vs llc (callee)", "model-vs-llc-caller": "model vs llc (call site)",
    "caller-vs-callee": "caller vs callee (one llc)", "llc-vs-llc-callee": "llc A vs llc B (callee view)",
    "llc-vs-llc-caller": "llc A vs llc B (caller view)", "dag-vs-gisel": "SelectionDAG vs GlobalISel",
    "gisel-vs-nrbs": "GlobalISel vs GlobalISel -new-reg-bank-select", "link": "cross-version and cross-selector link",
    "crash": "compiler crashes and refusals", "final-code": "contract vs final code"}


# The verdict of a finding (classify), the one classification every count,
# table and chart of the reports is split by, from the least to the most
# urgent; the colours the charts paint them in.
VERDICT_COLORS = {"explained": ("#9bb7d4", "blue"), "known": ("#e6b85c", "amber"), "new": ("#d0483c", "red")}
VERDICTS = list(VERDICT_COLORS)


def no_verdicts():
    return dict.fromkeys(VERDICTS, 0)


def worst(statuses, none="explained"):
    """The most urgent of some verdicts (none: of no verdict at all)."""
    return max(statuses, key=VERDICTS.index, default=none)


# The axis a cause is shown under and minimized from, first the one whose
# finding reproduces with the fewest functions (a callee alone).
AXIS_PREFERENCE = ["model-vs-llc", "crash", "caller-vs-callee", "model-vs-llc-caller", "link", "final-code"]


# How an llc got its profile, after the profile's name (check's summary.txt says the same).
PROFILE_FROM = {"version": "", "nearest-older": " (no profile for this version: the nearest older)",
                "option": " (--profile)"}

def bucket_key(f):
    """A cause: what departs from the ABI (check's cause key, the same on
    every axis it shows on), in which compiler(s), selector and convention."""
    return "|".join([",".join(str(v) for v in f["cause_versions"]), f["selector"], f["convention"], f["cause"]])


def representative(f):
    """Sort key of a cause's example: a new finding first (what the known
    entry does not accept), then an axis that reproduces alone, then a
    function outside a call graph, then the shortest signature."""
    axis = AXIS_PREFERENCE.index(f["axis"]) if f["axis"] in AXIS_PREFERENCE else len(AXIS_PREFERENCE)
    return (f["status"] != "new", axis, bool(f.get("call_site")), len(f["signature"]), f["unit"], f["line"])


def classify(records, known):
    """Every finding with its status: explained (a profile switch or the
    model predicts it), known (the known-differences file), new."""
    out = []
    for r in records:
        for f in r.get("findings", []):
            f = dict(f)
            if f.get("call_site"):
                # The input as the plan names it, wherever the run folder is.
                f["call_site"] = re.sub(r"[^\s(]*?(inputs/[\w.-]+\.ll)", r"\1", f["call_site"])
            if f.get("explained_by"):
                f["status"], f["reason"] = "explained", "explained by " + f["explained_by"]
            else:
                e = match(known, f)
                if e:
                    f["status"], f["reason"], f["known_entry"] = "known", e["reason"], e["where"]
                    if e["repro"]:
                        f["known_repro"] = e["repro"]
                else:
                    f["status"], f["reason"] = "new", ""
            out.append(f)
    return out


def buckets(findings, elapsed=None):
    """Distinct causes among the findings not explained by a profile switch;
    elapsed {unit: seconds into the run it finished} gives each cause the
    unit and time it was first seen at (time to find)."""
    elapsed = elapsed or {}
    b = {}
    for f in findings:
        if f["status"] == "explained":
            continue
        k = bucket_key(f)
        e = b.setdefault(k, {"key": k, "status": f["status"], "reason": f.get("reason", ""), "count": 0,
                             "cpus": set(), "axes": {}, "example": f, "versions": f["cause_versions"],
                             "selector": f["selector"], "convention": f["convention"], "cause": f["cause"]})
        e["count"] += 1
        e["cpus"].add(f["cpu"])
        e["axes"][f["axis"]] = e["axes"].get(f["axis"], 0) + 1
        # One new finding makes the cause new; the reason of a known one is its entry's.
        if f["status"] == "new" and e["status"] != "new":
            e["status"], e["reason"] = "new", ""
        if f.get("known_repro"):
            e["repro"] = f["known_repro"]
        if representative(f) < representative(e["example"]):
            e["example"] = f
        at = elapsed.get(f["unit"])
        if at is not None and (e.get("first_seconds") is None or (at, f["unit"]) < (e["first_seconds"], e["first_unit"])):
            e["first_seconds"], e["first_unit"] = at, f["unit"]
    res = []
    for k in sorted(b):
        e = b[k]
        e["cpus"] = sorted(e["cpus"])
        ex = e["example"]
        # The example's axis, kind and words stand for the cause.
        e.update(axis=ex["axis"], kind=ex["kind"], what=ex["what"])
        e["axes"] = [dict(axis=a, count=e["axes"][a]) for a in AXES if a in e["axes"]]
        res.append(e)
    return res


def share(s, part, whole, but=None):
    """part / (whole - but) of a combination's summed counts, in per cent
    (100 of none)."""
    n = s.get(whole, 0) - (s.get(but, 0) if but else 0)
    return 100.0 * s.get(part, 0) / n if n > 0 else 100.0


def difference_verdicts(g, unit, blamed):
    """The verdicts of a cross-axis group's differences (findings.cross): one
    both sides of which agree with the model is explained (the profiles
    predict it); one blamed on a side takes the most urgent verdict of that
    side's findings (findings.blame_keys; blamed: {(unit, combo, view,
    function): verdict}), explained when no finding is behind it, only a
    note (llc leaves parts unread or unwritten: gcnabi's note class says
    explained). A journal written before the sides were recorded gives
    them the most urgent verdict of the unit's findings on either side."""
    v = no_verdicts()
    v["explained"] = g["explained"]
    if g.get("unpredicted") is None:
        either = [st for k, st in blamed.items() if k[0] == unit and k[1] in (g["a"], g["b"]) and k[2] == g["view"]]
        v[worst(either)] += g["functions"] - g["explained"]
        return v
    for blame in g["unpredicted"]:
        keys = [(unit,) + tuple(side) for side in blame]
        v[worst(blamed[k] for k in keys if k in blamed)] += 1
    return v


def link_cell(unit, c):
    """The key of a unit's link cell (link.jsonl) or of a finding in one:
    a cross-version finding, or a caller-vs-callee one (the diagonal)."""
    return (unit, c["cpu"], c["selector"], c["convention"], c.get("caller", c.get("label")),
            c.get("callee", c.get("callee_label", c.get("label"))))


def link_cell_verdicts(cell, statuses):
    """The verdicts of one unit's link cell (caller combos of one llc against
    callee combos of another, or of itself, per CPU, selector and
    convention): the predicted disagreements are explained; the others take
    the verdicts of the cell's findings (statuses, those not explained),
    which gcnabi check writes for at most a few per cell: the rest take the
    most urgent of them (explained, when all its findings are: a profile
    switch explains them)."""
    v = no_verdicts()
    v["explained"] = cell["predicted"]
    left = cell["disagree"] - cell["predicted"]
    for st in (statuses if len(statuses) == left else [worst(statuses)] * max(0, left)):
        v[st] += 1
    return v


def aggregate(records, findings=None):
    """The units' records summed: combination stats, cross-axis groups and
    link cells (each with its verdicts, of the classified findings; without
    them, of the records' own, no known differences), notes and errors."""
    if findings is None:
        findings = classify(records, [])
    blamed = {}
    for f in findings:
        for k in F.blame_keys(f):
            k = (f["unit"],) + k
            blamed[k] = worst([blamed.get(k, "explained"), f["status"]])
    in_cells = {}
    for f in findings:
        if f["status"] != "explained" and (f["axis"] == "caller-vs-callee" or f["kind"] == "cross-version"):
            in_cells.setdefault(link_cell(f["unit"], f), []).append(f["status"])
    stats, cross, link, notes, errors = {}, {}, {}, {}, []
    for r in records:
        if r.get("status") == "error":
            errors.append({"unit": r["unit"], "error": r.get("error", "")})
        for tag, s in r.get("stats", {}).items():
            t = stats.setdefault(tag, {})
            for k, v in s.items():
                t[k] = t.get(k, 0) + v
        for g in r.get("cross", []):
            k = (g["axis"], g["a"], g["b"], g["convention"], g["pattern"])
            t = cross.setdefault(k, dict(g, functions=0, explained=0, compared=0, examples=[],
                                         unpredicted=None, verdicts=no_verdicts()))
            t["functions"] += g["functions"]
            t["explained"] += g["explained"]
            t["compared"] += g["compared"]
            t["examples"] = (t["examples"] + g["examples"])[:3]
            for st, n in difference_verdicts(g, r["unit"], blamed).items():
                t["verdicts"][st] += n
        for c in r.get("link", []):
            k = (c["convention"], c["caller"], c["callee"])
            t = link.setdefault(k, {"checked": 0, "disagree": 0, "predicted": 0, "verdicts": no_verdicts()})
            for x in ("checked", "disagree", "predicted"):
                t[x] += c[x]
            for st, n in link_cell_verdicts(c, in_cells.get(link_cell(r["unit"], c), [])).items():
                t["verdicts"][st] += n
        for k, v in r.get("notes", {}).items():
            notes[k] = notes.get(k, 0) + v
    return stats, [cross[k] for k in sorted(cross)], link, notes, errors


def infrastructure(records):
    """The machine's faults of every unit: check's infrastructure findings
    and units the harness had to stop, in unit order."""
    return [e for r in records for e in r.get("infra", [])]


def extra_words(extra):
    """The extra rounds in the report's first line (nothing without any)."""
    if not extra["units"]:
        return ""
    return ", and %d of the %d units of %d extra round(s), while the budget lasted (%s)" % (
        extra["done"], extra["units"], extra["rounds"],
        "none begun" if not extra["done"] else "all done" if extra["done"] == extra["units"] else
        "up to round %d" % extra["reached"])


def exit_status(findings, causes, errors, infra=(), missing=0, stats=None):
    """The run's exit bits: EXIT_ERROR for units in error, EXIT_INFRA for
    the machine's faults, EXIT_INCOMPLETE when `missing` units have no
    results or a combination's final code (stats, summed over the units)
    leaves more than gcnabi's limit of its verdicts unknown, as gcnabi
    check decides it for one unit; and the findings' bits."""
    st = common.EXIT_ERROR if errors else 0
    if infra:
        st |= common.EXIT_INFRA
    if missing or FM.unknown_over_limit(stats or {}):
        st |= common.EXIT_INCOMPLETE
    for f in findings:
        if f["status"] == "new":
            st |= common.EXIT_CRASHED if V.crashes(f) else common.EXIT_DIVERGED
        else:
            st |= common.EXIT_KNOWN
    return st


def axis_counts(findings, cross):
    """Per axis, the findings (and the functions placed differently between
    compilers and selectors) and their verdicts: the counts every other
    table and chart of the reports adds up to."""
    counts = {a: dict(findings=0, **no_verdicts()) for a in AXES}
    for f in findings:
        c = counts[f["axis"]]
        c["findings"] += 1
        c[f["status"]] += 1
    for g in cross:
        c = counts[g["axis"]]
        c["findings"] += g["functions"]
        for st, n in g["verdicts"].items():
            c[st] += n
    return counts


def bugs_seen(records, causes):
    """The compiler bugs a run saw, explained or not: per profile switch that
    reproduces a bug (vocab switches with a bug reference), selector and
    compiler, the findings and notes it explains; then every cause the
    switches do not explain, known or new."""
    switches = {s["name"]: s for s in V.vocab()["switches"]}
    seen = {}
    for r in records:
        for k, n in r.get("bugs", {}).items():
            profile, selector, name = k.split("|")
            row = seen.setdefault((name, selector), {"versions": set(), "count": 0})
            row["versions"].add(V.profile_major(profile))
            row["count"] += n
    rows = [{"bug": "%s: %s" % (name, switches[name]["doc"]), "versions": sorted(row["versions"]), "selector": sel,
             "count": row["count"], "status": "explained (profile switch %s)" % name,
             "upstream": switches[name]["bug"]} for (name, sel), row in sorted(seen.items())]
    rows += [{"bug": b["cause"], "versions": b["versions"], "selector": b["selector"], "count": b["count"],
              "status": "known: %s" % b["reason"] if b["status"] == "known" else "new", "upstream": "-",
              "convention": b["convention"]} for b in sorted(causes, key=lambda b: b["status"] != "new")]
    return rows


def selector_repros_md(ctx):
    """The mixed-selector disagreements' lit tests (selector_repro)."""
    rows = ctx.get("selector_repros") or []
    if not rows:
        return []
    L = ["## Mixed-selector reproducers", "",
         "A call site built by one selector against its callee built by the other, one llc: one lit test per cause "
         "and caller selector (repro/).", "", "| cause | reproducer | status | verdict |", "|---|---|---|---|"]
    for r in rows:
        L.append("| %s | %s | %s | %s |" % (r["key"].split("|", 1)[1].replace("|", " / "), r.get("path", "-"),
                                            r["status"], (r.get("verdict") or r.get("why", "")).replace("|", "\\|")[:300]))
    return L + [""]


def bugs_md(ctx):
    L = ["## Compiler bugs seen in this run", ""]
    if not ctx["bugs"]:
        return L + ["None.", ""]
    L += ["Every compiler bug the run saw, whether a profile switch reproduces it (explained), the known-differences "
          "file accepts it (known) or nothing does (new).", "",
          "| bug | llc | selector | convention | findings | status | upstream |", "|---|---|---|---|---:|---|---|"]
    for r in ctx["bugs"]:
        L.append("| %s | %s | %s | %s | %d | %s | %s |" % (
            r["bug"].replace("|", "\\|")[:200], ",".join(str(v) for v in r["versions"]), r["selector"],
            r.get("convention", "*"), r["count"], r["status"].replace("|", "\\|")[:160], r["upstream"]))
    return L + [""]


# ---------------------------------------------------------------- summary.md

def ab_summary(records):
    """gcnabi ab's results of every unit of a compare run, summed: per CPU
    and selector the counts, every change (unpredicted first), the
    cross-link, and the exit bits (8: anything unpredicted, 4: only
    predicted changes)."""
    targets, changes, link = {}, [], {}
    for r in records:
        ab = r.get("ab")
        if not ab:
            continue
        for t in ab["targets"]:
            k = (t["cpu"], t["selector"] + ("-nrbs" if t["new_reg_bank_select"] else ""))
            s = targets.setdefault(k, {"compared": 0, "changed": 0, "predicted": 0, "unpredicted": 0})
            for x in s:
                s[x] += t[x]
            changes += [dict(c, cpu=k[0], selector=k[1], unit=r["unit"]) for c in t["changes"]]
        for l in ab["link"]:
            s = link.setdefault((l["caller"], l["callee"]), {"checked": 0, "disagree": 0, "predicted": 0})
            for x in s:
                s[x] += l[x]
    changes.sort(key=lambda c: (c["predicted"], c["cpu"], c["selector"], c["function"], c["view"]))
    unpredicted = any(s["unpredicted"] for s in targets.values()) or \
        any(s["disagree"] > s["predicted"] for s in link.values())
    status = common.EXIT_DIVERGED if unpredicted else common.EXIT_KNOWN if changes else 0
    return {"targets": targets, "changes": changes, "link": link, "status": status}


def ab_md(ctx, limit=200):
    """compare's first section: what moved between the two compilers."""
    ab = ctx.get("ab")
    if not ab:
        return []
    a, b = ctx["plan"]["compilers"][0]["label"], ctx["plan"]["compilers"][-1]["label"]
    verdict = "unpredicted changes" if ab["status"] & common.EXIT_DIVERGED else \
        "only predicted changes" if ab["status"] else "identical"
    L = ["## A/B: %s (A) against %s (B): %s" % (a, b, verdict), "",
         "| CPU | selector | functions and call sites | changed | predicted changes | unpredicted changes |",
         "|---|---|---:|---:|---:|---:|"]
    for (cpu, sel), s in sorted(ab["targets"].items()):
        L.append("| %s | %s | %d | %d | %d | %d |" % (cpu, sel, s["compared"], s["changed"], s["predicted"],
                                                   s["unpredicted"]))
    L += ["", "| cross-link | call sites | disagree | predicted |", "|---|---:|---:|---:|"]
    for (caller, callee), s in sorted(ab["link"].items()):
        L.append("| callers %s, callees %s | %d | %d | %d |" % (caller, callee, s["checked"], s["disagree"],
                                                              s["predicted"]))
    if ab["changes"]:
        L += ["", "Every argument, return or entry field that moved (unpredicted first%s):" % (
            "; the first %d of %d" % (limit, len(ab["changes"])) if len(ab["changes"]) > limit else ""), "",
            "| CPU | selector | where | what | A | B | |", "|---|---|---|---|---|---|---|"]
        for c in ab["changes"][:limit]:
            L.append("| %s | %s | `%s` | `%s` | `%s` | `%s` | %s |" % (
                c["cpu"], c["selector"], c["where"], c["subject"], c["a"].replace("|", "\\|"),
                c["b"].replace("|", "\\|"), "predicted: " + c["by"] if c["predicted"] else "**unpredicted**"))
    L.append("")
    return L


def verdicts_doc(ctx, quote="`"):
    """What the verdicts mean, under the counts per axis (quote: around the
    file name, markdown's by default)."""
    return ("Explained: a profile switch or the model predicts it (between compilers and selectors: both sides "
            "agree with the model, or one leaves parts unread or unwritten, a note). Known: accepted in %s%s%s. "
            "New: neither; the run's exit status says so." % (quote, ctx["known_file"], quote))


def summary_md(ctx):
    L = []
    p = ctx["plan"]
    cfg = p["config"]
    L.append("# gcnabi-run %s report" % cfg["mode"])
    L.append("")
    L.append("By %s." % version())
    L.append("")
    L.append("Exit status **%d** (%s). Seed %s; %d units (%d done%s)%s; CPUs %s; selectors %s%s%s." % (
        ctx["status"], describe_status(ctx["status"]), cfg["seed"], len(p["units"]) - ctx["extra"]["units"],
        ctx["done"] - ctx["extra"]["done"], ", %d not run: rerun with --resume" % ctx["missing"] if ctx["missing"] else "",
        extra_words(ctx["extra"]),
        ", ".join(cfg["cpus"]), cfg.get("selector", "both"),
        " + GlobalISel -new-reg-bank-select" if any(c.get("new_reg_bank_select") for c in p["compilers"]) and cfg.get("nrbs", True) else "",
        "; profile overrides: " + ", ".join(cfg["switches"]) if cfg.get("switches") else ""))
    L.append("")
    L.append("| llc | path | version | profile | -new-reg-bank-select |")
    L.append("|---|---|---|---|---|")
    for c in p["compilers"]:
        L.append("| %s | `%s` | %s | %s%s | %s |" % (c["label"], c["path"], c["version"], c["profile"],
                                                    PROFILE_FROM[c.get("profile_from", "version")],
                                                    "yes" if c.get("new_reg_bank_select") else "no"))
    L.append("")
    L += ab_md(ctx)
    L += bugs_md(ctx)
    L += selector_repros_md(ctx)
    L += infra_md(ctx)
    L += FM.final_code_md(ctx)
    L += D.draws_md(ctx)
    L.append("## Counts per axis")
    L.append("")
    L.append("| axis | findings | %s |" % " | ".join(VERDICTS))
    L.append("|---|---:|%s" % ("---:|" * len(VERDICTS)))
    for a in AXES:
        c = ctx["axis_counts"][a]
        L.append("| %s | %d | %s |" % (AXIS_TITLES[a], c["findings"], " | ".join(str(c[st]) for st in VERDICTS)))
    L.append("")
    L.append(verdicts_doc(ctx))
    L.append("")
    L.append("## Per compiler, CPU and selector (model vs llc)")
    L.append("")
    L.append("| combination | functions | agree | differ | llc refused | both refuse | body refused | observed "
             "| observed of accepted | calls | calls agree | calls differ | calls observed | calls observed of accepted "
             "| caller!=callee (explained) |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for tag in sorted(ctx["stats"]):
        s = ctx["stats"][tag]
        L.append("| %s | %d | %d | %d | %d | %d | %d | %.2f %% | %.2f %% | %d | %d | %d | %.2f %% | %.2f %% | %d (%d) |" % (
            tag, s.get("functions", 0), s.get("agree", 0), s.get("differ", 0), s.get("llc_refused", 0),
            s.get("both_refused", 0), s.get("body_refused", 0), share(s, "observed", "functions"),
            share(s, "observed", "functions", "both_refused"), s.get("calls", 0),
            s.get("calls_agree", 0), s.get("calls_differ", 0), share(s, "calls_observed", "calls"),
            share(s, "calls_observed", "calls", "calls_both_refused"),
            s.get("caller_callee", 0), s.get("caller_callee_explained", 0)))
    L.append("")
    L.append("Observed: the share of functions (calls) whose ABI llc's MIR showed; of accepted: of those llc does "
             "not refuse for the model's own reason (all but both refuse); both refuse: llc and the model "
             "refuse for the same class of reason about the convention; body refused: llc cannot select what the "
             "body does with a value, as the model predicts (nothing observed).")
    L.append("")
    L += notes_md(ctx)
    new = [b for b in ctx["causes"] if b["status"] == "new"]
    known = [b for b in ctx["causes"] if b["status"] == "known"]
    L.append("## New findings (%d distinct causes)" % len(new))
    L.append("")
    if not new:
        L.append("None.")
    for b in new:
        L += cause_md(b, ctx)
    if new:
        L.append("Ready-to-paste entries for `%s` (fill in the reason):" % ctx["known_file"])
        L.append("")
        L.append("```")
        L += [entry_for(b["example"]) for b in new]
        L.append("```")
    L.append("")
    L.append("## Known differences (%d distinct causes)" % len(known))
    L.append("")
    if not known:
        L.append("None.")
    for b in known:
        L += cause_md(b, ctx)
    L.append("")
    L.append("## Compiler crashes and refusals")
    L.append("")
    crashes = [b for b in ctx["causes"] if V.crashes(b)]
    if not crashes:
        L.append("None.")
    else:
        L.append("| bucket (first error line) | count | status | reproducer |")
        L.append("|---|---:|---|---|")
        for b in crashes:
            m = ctx["minimized"].get(b["key"], {})
            L.append("| `%s` %s | %d | %s | %s |" % (b["what"][:150], ",".join(str(v) for v in b["versions"]) + " " + b["selector"],
                                                    b["count"], b["status"], m.get("lit", {}).get("path", "-")))
    L.append("")
    L.append("## Between compilers and selectors")
    L.append("")
    L.append("Functions placed differently, per pair (summed over CPUs; for the selector axes, over the callee "
             "and caller views), by verdict, as in the counts per axis. Explained: both sides agree with the model, "
             "which predicts the difference, or one side leaves parts the ABI assigns unread or unwritten (a note, "
             "llc 16's IMPLICIT_DEF at calls); otherwise the difference has the verdict of the finding of the side "
             "that departs from the model (known or new).")
    L.append("")
    L.append("| axis | A | B | convention | differ / compared | %s |" % " | ".join(VERDICTS))
    L.append("|---|---|---|---|---:|%s" % ("---:|" * len(VERDICTS)))
    for row in ctx["pairs"]:
        L.append("| %s | %s | %s | %s | %d / %d | %s |" % (row["axis"], row["a"], row["b"], row["convention"],
                                                         row["differ"], row["compared"],
                                                         " | ".join(str(row[st]) for st in VERDICTS)))
    L.append("")
    L += side_by_side(ctx)
    if ctx["link"]:
        L.append("## Cross-version link matrix (call site by the row's llc, callee by the column's)")
        L.append("")
        L += link_md(ctx)
    L.append("## Layouts (model only, %s, %s)" % (ctx["layout_profile"], ctx["layout_cpu"]))
    L.append("")
    L.append("| layout | arg parts in SGPRs | in VGPRs | on the stack | stack bytes | parts moved vs old | fell to stack | left the stack | amdgpu_gfx: SGPR moves at shader calls | free 4-aligned SGPR quads (s0-s47, per function) |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in ctx["layouts"]:
        L.append("| %s | %d | %d | %d | %d | %d | %d | %d | %d of %d | %.2f |" % (
            r["layout"], r["sgpr"], r["vgpr"], r["stack"], r["stack_bytes"], r["moved_vs_old"], r["fell_to_stack"],
            r["left_stack"], r["gfx_sgpr_moves"], r["gfx_inreg_parts"],
            r["gfx_free_quads"] / r["gfx_functions"] if r["gfx_functions"] else 0))
    L.append("")
    if ctx["errors"]:
        L.append("## Errors")
        L.append("")
        for e in ctx["errors"]:
            L.append("- unit %s: %s" % (e["unit"], e["error"].splitlines()[0] if e["error"] else "?"))
        L.append("")
    L.append("Files: `results.jsonl` (every finding and count), `junit.xml`, `index.html`, `repro/` (lit tests: "
             "`lit --param llvm_bin=/usr/lib/llvm-N/bin -v repro/`).")
    return "\n".join(L) + "\n"


def infra_md(ctx):
    """The machine's faults, before anything the compiler did: while there
    are any, the run's verdict is incomplete."""
    infra = ctx.get("infra") or []
    if not infra:
        return []
    L = ["## Infrastructure errors (%d): the machine, not the compiler" % len(infra), "",
         "Nothing was compared where these happened; they are no compiler findings, reproducers or known "
         "differences. Fix the machine and run again: `--resume` runs these units again.", "",
         "| unit | combination | kind | function | reason |", "|---|---|---|---|---|"]
    for e in infra:
        L.append("| %s | %s | %s | %s | %s |" % (e["unit"], e.get("combo") or "-", e["kind"], e.get("function") or "-",
                                             e["message"].replace("|", "\\|").splitlines()[0][:300]))
    return L + [""]


def notes_per_combo(ctx):
    """{combo: {kind: count}} of the notes (gcnabi's note and skipped kinds)."""
    by = {}
    for key, n in ctx["notes"].items():
        if F.REASON in key:
            continue  # final-code-unknown by reason: final_md
        combo, kind = key.rsplit(" ", 1)
        by.setdefault(combo, {})[kind] = n
    return by


def notes_md(ctx):
    """What check reports that is no finding, per combination and kind, each
    kind with gcnabi's own description."""
    by = notes_per_combo(ctx)
    kinds = [k for k in V.vocab()["finding_kinds"] if any(k["name"] in v for v in by.values())]
    L = ["## Notes per compiler, CPU and selector (not findings)", ""]
    if not kinds:
        return L + ["None.", ""]
    L.append("| combination | %s |" % " | ".join(k["name"] for k in kinds))
    L.append("|---|%s" % ("---:|" * len(kinds)))
    for combo in sorted(by):
        L.append("| %s | %s |" % (combo, " | ".join(str(by[combo].get(k["name"], 0)) for k in kinds)))
    L.append("")
    L += ["- %s: %s" % (k["name"], k["doc"]) for k in kinds]
    L.append("")
    return L


def short(text, n=60):
    text = str(text)
    return text if len(text) <= n else text[:n] + "..."


def side_by_side(ctx):
    """Consecutive llc versions (every pair in `compare`): how their
    placements differ, by pattern, with examples."""
    labels = [c["label"] for c in ctx["plan"]["compilers"]]  # sorted by version
    adjacent = set(zip(labels, labels[1:]))
    L = []
    for row in ctx["pairs"]:
        pa, pb = row.get("a_label"), row.get("b_label")
        if not row["axis"].startswith("llc-vs-llc") or not row["differ"] or (pa, pb) not in adjacent:
            continue
        if not L:
            L += ["### Side by side: where consecutive versions place differently", ""]
        L.append("- %s vs %s, %s convention, %s: %d of %d functions" % (
            row["a"], row["b"], row["convention"], row["axis"][11:] + " view", row["differ"], row["compared"]))
        for pat in sorted(row["patterns"], key=lambda x: (-x["functions"], x["pattern"]))[:5]:
            ex = pat["examples"][0] if pat["examples"] else {}
            L.append("  - `%s`: %d (e.g. %s on %s, %s: %s vs %s)" % (
                pat["pattern"], pat["functions"], ex.get("function"), ex.get("cpu"), ex.get("where"),
                short(ex.get("a")), short(ex.get("b"))))
    return L + [""] if L else []


def describe_status(st):
    """What the exit bits of st say (gcnabi vocab --json exit_bit_words)."""
    if st == 0:
        return "no divergence"
    bits = sorted(V.vocab()["exit_bits"].items(), key=lambda nb: nb[1])
    return " + ".join(V.vocab()["exit_bit_words"][n] for n, b in bits if st & b)


def cause_md(b, ctx):
    ex = b["example"]
    m = ctx["minimized"].get(b["key"], {})
    L = ["### %s" % b["cause"], "",
         "- llc %s, %s, %s convention, CPUs %s; %d finding(s)%s" % (
             ",".join(str(v) for v in b["versions"]), b["selector"], b["convention"], ", ".join(b["cpus"]), b["count"],
             "; known: %s" % b["reason"] if b["status"] == "known" else ""),
         "- seen on: %s" % ", ".join("%s (%d)" % (AXIS_TITLES[a["axis"]], a["count"]) for a in b["axes"]),
         "- first seen: %s" % ("unit %s, %.0f s into the run" % (b["first_unit"], b["first_seconds"])
                               if b.get("first_seconds") is not None else "not timed (a run journaled without times)"),
         "- example (%s): `%s` in %s (%s): %s" % (AXIS_TITLES[b["axis"]], ex["function"], ex["unit"], ex["combo"],
                                                  ex["why"][:300])]
    if m.get("decl") and m.get("as_found"):
        L.append("- not minimized (%s): reproducer from the function as found: `%s`" % (m["as_found"], m["decl"]))
    elif m.get("decl") and m.get("graph_unreduced"):
        L.append("- call graph not reduced (%s): reproducer from its module, by llvm-reduce" % m["graph_unreduced"])
    elif m.get("decl"):
        L.append("- minimized (%d rounds, %d candidates): `%s`" % (m["rounds"], m["tries"], m["decl"]))
    elif m.get("stored"):
        L.append("- not minimized again: known, with a stored reproducer (%s)" % m["stored"])
    elif m:
        L.append("- not minimized: %s" % m.get("why", "?"))
    elif b["status"] == "known":
        L.append("- not minimized: a known cause (its entry stores no reproducer)")
    if m.get("lit"):
        where = " `repro/%s`" % m["lit"]["path"] if m["lit"].get("path") else ""
        L.append("- lit test%s: %s" % (where, m["lit"].get("verdict", m["lit"]["status"])))
    L.append("")
    return L


def link_llcs(ctx):
    """The labels of the link matrix's rows and columns, in the plan's order
    of compilers (by version)."""
    order = [c["label"] for c in ctx["plan"]["compilers"]]
    seen = {k[1] for k in ctx["link"]} | {k[2] for k in ctx["link"]}
    return [l for l in order if l in seen] + sorted(seen - set(order))


def unpredicted_words(c):
    """A link cell's disagreements that are not explained, by verdict."""
    words = ["+%d %s" % (c["verdicts"][st], st) for st in VERDICTS if st != "explained" and c["verdicts"][st]]
    return " (%s)" % ", ".join(words) if words else ""


def linked(ctx, conv):
    """Whether the link matrix has a cell of convention conv (else the
    reports say so in a line, not a matrix of dashes)."""
    return any(k[0] == conv for k in ctx["link"])


def link_md(ctx):
    L = []
    profiles = link_llcs(ctx)
    for conv in convention_order(k[0] for k in ctx["link"]):
        if not linked(ctx, conv):
            L += ["%s: no call site checked." % conv, ""]
            continue
        L.append("| %s | %s |" % (conv, " | ".join(profiles)))
        L.append("|---|%s" % ("---|" * len(profiles)))
        for a in profiles:
            cells = []
            for b in profiles:
                c = ctx["link"].get((conv, a, b))
                cells.append("-" if not c else "%d/%d%s" % (c["disagree"], c["checked"], unpredicted_words(c)))
            L.append("| %s | %s |" % (a, " | ".join(cells)))
        L.append("")
    L.append("disagreeing / checked call sites; (+N known, +N new): disagreements the profiles do not predict, with "
             "the verdict of their findings (the others are explained).")
    L.append("")
    return L


# ------------------------------------------------------------- results.jsonl

def results_jsonl(ctx):
    out = [dumps({"type": "run", "gcnabi_version": version(), "mode": ctx["plan"]["config"]["mode"],
                  "seed": ctx["plan"]["config"]["seed"],
                  "plan": ctx["plan"]["digest"], "units": len(ctx["plan"]["units"]) - ctx["extra"]["units"],
                  "done": ctx["done"] - ctx["extra"]["done"], "extra_rounds": ctx["extra"],
                  "exit_status": ctx["status"]})]
    out += [dumps(dict(c, type="compiler")) for c in ctx["plan"]["compilers"]]
    out += [dumps(dict(s, type="combo", combo=t)) for t, s in sorted(ctx["stats"].items())]
    out += [dumps({"type": "note", "combo": combo, "kind": k, "count": n})
            for combo, kinds in sorted(notes_per_combo(ctx).items()) for k, n in sorted(kinds.items())]
    for f in ctx["findings"]:
        g = {k: v for k, v in f.items() if k not in ("model", "llc_callee", "llc_caller", "llc_placement")}
        out.append(dumps(dict(g, type="finding")))
    out += [dumps(dict(r, type="bug")) for r in ctx["bugs"]]
    out += [dumps(dict(e, type="infrastructure")) for e in ctx.get("infra") or []]
    for b in ctx["causes"]:
        m = ctx["minimized"].get(b["key"], {})
        out.append(dumps({"type": "cause", "key": b["key"], "cause": b["cause"], "versions": b["versions"],
                          "selector": b["selector"], "convention": b["convention"], "axis": b["axis"],
                          "axes": b["axes"], "status": b["status"],
                          "count": b["count"], "what": b["what"], "example": b["example"]["function"],
                          "example_unit": b["example"]["unit"], "minimized": m.get("decl"),
                          "lit": m.get("lit"), "first_unit": b.get("first_unit"),
                          "first_seconds": b.get("first_seconds")}))
    for row in ctx["pairs"]:
        out.append(dumps(dict(row, type="pair")))
    for k, c in sorted(ctx["link"].items()):
        out.append(dumps(dict(c, type="link", convention=k[0], caller=k[1], callee=k[2])))
    for r in ctx["layouts"]:
        out.append(dumps(dict(r, type="layout")))
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------- junit.xml

def junit_xml(ctx):
    """One test case per check: per axis, per combination or pair (and
    convention where it applies)."""
    cases = {}

    def case(axis, name):
        return cases.setdefault((axis, name), {"failures": [], "known": []})
    for tag in ctx["stats"]:
        for a in ("model-vs-llc", "model-vs-llc-caller", "caller-vs-callee", "crash"):
            case(a, tag)
    for row in ctx["pairs"]:
        case(row["axis"], "%s vs %s (%s)" % (row["a"], row["b"], row["convention"]))
    for f in ctx["findings"]:
        c = case(f["axis"], f["combo"])
        (c["failures"] if f["status"] == "new" else c["known"]).append(f)
    X = ['<?xml version="1.0" encoding="UTF-8"?>']
    total = len(cases)
    fails = sum(1 for c in cases.values() if c["failures"])
    X.append('<testsuites name="gcnabi-run" tests="%d" failures="%d">' % (total, fails))
    for axis in AXES:
        mine = sorted((k[1], v) for k, v in cases.items() if k[0] == axis)
        X.append('  <testsuite name="%s" tests="%d" failures="%d">' % (
            html.escape(axis), len(mine), sum(1 for _, v in mine if v["failures"])))
        X.append('    <properties><property name="gcnabi_version" value="%s"/></properties>' % html.escape(version()))
        for name, v in mine:
            X.append('    <testcase classname="gcnabi.%s" name="%s">' % (html.escape(axis), html.escape(name)))
            if v["failures"]:
                fs = v["failures"]
                X.append('      <failure message="%s">%s</failure>' % (
                    html.escape("%d new: %s" % (len(fs), fs[0]["what"])),
                    html.escape("\n".join("%s (%s): %s" % (f["function"], f["unit"], f["why"]) for f in fs[:50]))))
            if v["known"]:
                X.append('      <system-out>%s</system-out>' % html.escape("\n".join(
                    "%s: %s (%s): %s" % (f["status"], f["function"], f["unit"], f["why"]) for f in v["known"][:50])))
            X.append('    </testcase>')
        X.append('  </testsuite>')
    X.append('</testsuites>')
    return "\n".join(X) + "\n"


# ---------------------------------------------------------------- index.html

def bar_chart(title, rows, barw=380):
    """rows: [(label, {verdict: count})] -> inline SVG, one bar of stacked
    verdicts per row that counts any (each row a <g> whose data-* attributes
    are its label and counts), its counts written after it, a legend."""
    rows = [(label, v) for label, v in rows if sum(v.values())]
    if not rows:
        return "<p><i>%s: nothing to show.</i></p>" % html.escape(title)
    h = 22 * len(rows) + 44
    top = max(sum(v.values()) for _, v in rows)
    # The labels' column fits the longest (11px sans-serif: ~6.2px a character).
    left = 12 + int(6.2 * min(70, max(len(label) for label, _ in rows)))
    width = left + barw + 230
    S = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" aria-label="%s">' % (
        width, h, html.escape(title)),
        '<text x="0" y="14" font-size="13" font-weight="bold">%s</text>' % html.escape(title)]
    for i, (label, v) in enumerate(rows):
        y = 24 + 22 * i
        S.append('<g class="bar" data-label="%s" %s>' % (html.escape(label), " ".join(
            'data-%s="%d"' % (st, v.get(st, 0)) for st in VERDICTS)))
        S.append('<text x="%d" y="%d" font-size="11" text-anchor="end">%s<title>%s</title></text>' % (
            left - 6, y + 13, html.escape(short(label, 70)), html.escape(label)))
        x = left
        for st in VERDICTS:
            w = barw * v.get(st, 0) / top
            if w > 0:
                S.append('<rect x="%.1f" y="%d" width="%.1f" height="16" fill="%s"><title>%s: %d</title></rect>' % (
                    x, y, w, VERDICT_COLORS[st][0], st, v[st]))
            x += w
        S.append('<text x="%.1f" y="%d" font-size="11">%d: %s</text></g>' % (
            left + barw + 6, y + 13, sum(v.values()), ", ".join("%d %s" % (v[st], st) for st in VERDICTS if v.get(st))))
    ly = h - 8
    for k, st in enumerate(VERDICTS):
        S.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d" font-size="11">%s</text>' % (
            left + 90 * k, ly - 9, VERDICT_COLORS[st][0], left + 90 * k + 14, ly, st))
    S.append("</svg>")
    return "\n".join(S)


def counted(ctx):
    """What the counts per axis count, as (item, verdict, number): every
    finding, and every cross-axis group's differences by verdict."""
    out = [(f, f["status"], 1) for f in ctx["findings"]]
    return out + [(g, st, n) for g in ctx.get("cross") or [] for st, n in g["verdicts"].items() if n]


def group(items, keyf):
    """[(key, verdicts)] of counted() items, by keyf(item)."""
    g = {}
    for item, st, n in items:
        g.setdefault(keyf(item), no_verdicts())[st] += n
    return sorted(g.items())


def versions_of(x):
    return "/".join(str(v) for v in x["versions"])


# A cross-axis group's differences have no finding's type class or boundary.
DIFFERENCE = "compiler or selector difference"


def table(headers, rows):
    T = ["<table><tr>%s</tr>" % "".join("<th>%s</th>" % html.escape(str(h)) for h in headers)]
    for r in rows:
        T.append("<tr>%s</tr>" % "".join("<td>%s</td>" % (c if isinstance(c, Raw) else html.escape(str(c))) for c in r))
    T.append("</table>")
    return "\n".join(T)


class Raw(str):
    pass


def verdict_cell(st, n):
    """A count of one verdict in a table: new ones stand out."""
    return Raw("<span class=new>%d</span>" % n) if st == "new" and n else n


def index_html(ctx):
    items = counted(ctx)
    charts = [
        bar_chart("Findings by axis x convention x llc version",
                  group(items, lambda x: "%s %s llc%s" % (x["axis"], x["convention"], versions_of(x)))),
        bar_chart("Findings by type class (first divergent argument)",
                  group(items, lambda x: x.get("type_class", DIFFERENCE))),
        bar_chart("Findings by register boundary (expected/seen)", group(items, lambda x: x.get("boundary", DIFFERENCE))),
        bar_chart("Differences between compilers and selectors (functions, by axis x convention)",
                  [("%s %s" % k, v) for k, v in sorted(pair_totals(ctx).items())]),
    ]
    charts_doc = ("Each chart counts what the axes table counts (a function placed differently by two compilers or "
                  "selectors counts as one finding; it has no type class or boundary of its own), coloured by "
                  "verdict: %s." % ", ".join("%s (%s)" % (st, VERDICT_COLORS[st][1]) for st in VERDICTS))
    H = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>gcnabi-run report</title><style>",
         "body{font:14px sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;margin:1em 0}"
         "td,th{border:1px solid #bbb;padding:3px 7px;font-size:12px;text-align:left}th{background:#eee}"
         ".new{color:#b00;font-weight:bold}.ok{color:#070}code{font-size:12px}" +
         "".join(".v-%s{background:%s;padding:0 4px}" % (st, VERDICT_COLORS[st][0]) for st in VERDICTS) +
         ".v-new{color:#fff;font-weight:bold}",
         "</style></head><body>"]
    cfg = ctx["plan"]["config"]
    H.append("<h1>gcnabi-run %s report</h1>" % html.escape(cfg["mode"]))
    H.append("<p>By %s.</p>" % html.escape(version()))
    H.append("<p>Exit status <b>%d</b> (%s); seed %s; %d of %d units done%s; CPUs %s.</p>" % (
        ctx["status"], html.escape(describe_status(ctx["status"])), html.escape(str(cfg["seed"])),
        ctx["done"] - ctx["extra"]["done"], len(ctx["plan"]["units"]) - ctx["extra"]["units"],
        html.escape(extra_words(ctx["extra"])), html.escape(", ".join(cfg["cpus"]))))
    H.append("<h2>Compilers</h2>" + table(["llc", "path", "version", "profile", "-new-reg-bank-select"],
                                          [(c["label"], c["path"], c["version"],
                                            c["profile"] + PROFILE_FROM[c.get("profile_from", "version")],
                                            "yes" if c.get("new_reg_bank_select") else "no")
                                           for c in ctx["plan"]["compilers"]]))
    H.append("<h2>Axes</h2>" + table(["axis", "findings"] + VERDICTS,
                                     [[AXIS_TITLES[a], c["findings"]] + [verdict_cell(st, c[st]) for st in VERDICTS]
                                      for a, c in ctx["axis_counts"].items()]))
    H.append("<p>%s</p>" % html.escape(verdicts_doc(ctx, quote="")))
    H.append("<h2>Charts</h2><p>%s</p>" % html.escape(charts_doc) + "\n".join("<div>%s</div>" % c for c in charts))
    H.append("<h2>Distinct causes</h2>" + table(
        ["axis", "status", "llc", "selector", "convention", "what", "count", "minimized", "lit test"],
        [(AXIS_TITLES[b["axis"]], Raw('<span class="v-%s">%s</span>' % (b["status"], b["status"])), ",".join(str(v) for v in b["versions"]), b["selector"], b["convention"],
          b["what"], b["count"], ctx["minimized"].get(b["key"], {}).get("decl") or "-",
          (Raw('<a href="repro/%s">%s</a> %s' % (html.escape(m["lit"]["path"]), html.escape(m["lit"]["path"]),
                                                 html.escape(m["lit"]["status"]))) if m["lit"].get("path")
           else m["lit"]["status"])
          if (m := ctx["minimized"].get(b["key"], {})).get("lit") else "-")
         for b in ctx["causes"]]))
    H.append("<h2>Between compilers and selectors</h2>" + table(
        ["axis", "A", "B", "convention", "differ", "compared"] + VERDICTS,
        [[r["axis"], r["a"], r["b"], r["convention"], r["differ"], r["compared"]] +
         [verdict_cell(st, r[st]) for st in VERDICTS] for r in ctx["pairs"]]))
    H.append("<p>Functions placed differently (callee and caller views), by verdict as in the axes table.</p>")
    H.append("<h2>Version-pair compatibility</h2>")
    if not ctx["link"]:
        H.append("<p>None: the link matrix needs two llcs and call sites.</p>")
    else:
        profiles = link_llcs(ctx)
        for conv in convention_order(k[0] for k in ctx["link"]):
            if not linked(ctx, conv):
                H.append("<p>%s: no call site checked.</p>" % html.escape(conv))
                continue
            rows = []
            for a in profiles:
                row = [a]
                for b in profiles:
                    c = ctx["link"].get((conv, a, b))
                    if not c:
                        row.append("-")
                        continue
                    st = worst(v for v in VERDICTS if c["verdicts"][v] and v != "explained") \
                        if c["disagree"] > c["predicted"] else None
                    row.append(Raw('<span class="%s">%d/%d%s</span>' % (
                        "v-" + st if st else "", c["disagree"], c["checked"], html.escape(unpredicted_words(c)))))
                rows.append(row)
            H.append("<h3>%s: call site (row) against callee (column), disagreeing/checked</h3>" % html.escape(conv))
            H.append(table([""] + profiles, rows))
        H.append("<p>Disagreeing / checked call sites; (+N known, +N new): disagreements the profiles do not "
                 "predict, with the verdict of their findings (the others are explained).</p>")
    H.append("<h2>Layout impact (model only, %s, %s)</h2>" % (html.escape(ctx["layout_profile"]), html.escape(ctx["layout_cpu"])))
    H.append(table(["layout", "SGPR parts", "VGPR parts", "stack parts", "stack bytes", "moved vs old", "fell to stack",
                    "left stack", "amdgpu_gfx SGPR moves at shader calls", "free SGPR quads / gfx function"],
                   [(r["layout"], r["sgpr"], r["vgpr"], r["stack"], r["stack_bytes"], r["moved_vs_old"], r["fell_to_stack"],
                     r["left_stack"], "%d of %d" % (r["gfx_sgpr_moves"], r["gfx_inreg_parts"]),
                     "%.2f" % (r["gfx_free_quads"] / r["gfx_functions"] if r["gfx_functions"] else 0)) for r in ctx["layouts"]]))
    H.append("<p>SGPR moves: inreg parts of an amdgpu_gfx call that a shader holding them in s0, s1, ... in order "
             "must move (or store). Quads: s[4k:4k+3] below s48 free of the layout's fixed roles and arguments.</p>")
    H.append("<h2>Per combination</h2>" + table(
        ["combination", "functions", "agree", "differ", "llc refused", "calls", "calls agree", "calls differ", "caller!=callee (explained)"],
        [(t, s.get("functions", 0), s.get("agree", 0), s.get("differ", 0), s.get("llc_refused", 0), s.get("calls", 0),
          s.get("calls_agree", 0), s.get("calls_differ", 0), "%d (%d)" % (s.get("caller_callee", 0), s.get("caller_callee_explained", 0)))
         for t, s in sorted(ctx["stats"].items())]))
    H.append("</body></html>")
    return "\n".join(H) + "\n"


def pair_totals(ctx):
    """{(axis, convention): verdicts} of the pairs' differences."""
    t = {}
    for r in ctx["pairs"]:
        v = t.setdefault((r["axis"], r["convention"]), no_verdicts())
        for st in VERDICTS:
            v[st] += r[st]
    return t


def pairs_of(cross):
    """Cross-axis groups summed per (axis, A, B, convention) over patterns."""
    t = {}
    for g in cross:
        a, b = g["a_row"], g["b_row"]
        k = (g["axis"], a, b, g["convention"])
        r = t.setdefault(k, dict({"axis": g["axis"], "a": a, "b": b, "convention": g["convention"],
                                  "differ": 0, "predicted": 0, "compared": 0, "patterns": []}, **no_verdicts()))
        if g["pattern"]:
            r["differ"] += g["functions"]
            r["predicted"] += g["explained"]
            for st, n in g["verdicts"].items():
                r[st] += n
            pat = next((x for x in r["patterns"] if x["pattern"] == g["pattern"]), None)
            if not pat:
                pat = {"pattern": g["pattern"], "functions": 0, "examples": []}
                r["patterns"].append(pat)
            pat["functions"] += g["functions"]
            pat["examples"] = (pat["examples"] + [dict(e, cpu=g["cpu"]) for e in g["examples"]])[:2]
        else:
            r["compared"] += g["compared"]
    return [t[k] for k in sorted(t)]


def write_all(run_dir, ctx):
    write_text(os.path.join(run_dir, "summary.md"), summary_md(ctx))
    write_text(os.path.join(run_dir, "results.jsonl"), results_jsonl(ctx))
    write_text(os.path.join(run_dir, "junit.xml"), junit_xml(ctx))
    write_text(os.path.join(run_dir, "index.html"), index_html(ctx))
