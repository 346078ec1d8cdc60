"""The known-differences file: accepted causes, one per line,

    axes | convention | versions | selector | pattern | reason

An entry accepts a cause (gcnabi check's cause key: what departs from the
ABI, worded alike on every axis) wherever it shows. axes: * or a comma
list of AXES the entry is restricted to; convention: one of gcnabi's report rows (default, amdgpu_gfx, amdgpu_ps, ...; `gcnabi vocab
--json` report_groups) or *; versions: * or a
comma list of majors and ranges (16, 14-16, 19,22): every llc version the
cause is in (the compiler(s) whose placement departs) must be listed;
selector: dag, gisel, gisel-nrbs or *; pattern: a Python regular
expression searched in the cause key (what the report prints as the
cause: "call site: argument fewer parts", "compiler: LLVM ERROR: ...");
reason: why it is accepted, and last, optionally, `| repro: PATH`: the
cause's stored reproducer (a lit test; relative to the file's folder),
which a run copies into its repro/ instead of minimizing the cause again.
A malformed line is an error naming the file and line."""
import os
import re

from . import vocab as V
from .common import HarnessError

AXES = ["model-vs-llc", "model-vs-llc-caller", "caller-vs-callee", "llc-vs-llc-callee", "llc-vs-llc-caller",
        "dag-vs-gisel", "gisel-vs-nrbs", "link", "crash", "final-code"]


def _versions(text):
    if text == "*":
        return None
    out = set()
    for item in text.split(","):
        item = item.strip()
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", item)
        if not m:
            raise ValueError("versions: '%s' is not a major version or range (16, 14-16, *)" % item)
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if hi < lo:
            raise ValueError("versions: range %s runs backwards" % item)
        out.update(range(lo, hi + 1))
    return out


def load(path):
    entries = []
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        raise HarnessError("%s: %s" % (path, e.strerror))
    for n, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        fields = [f.strip() for f in text.split("|")]
        try:
            if len(fields) < 6:
                raise ValueError("expected 6 fields separated by '|' (axes | convention | versions | selector | "
                                 "pattern | reason), found %d" % len(fields))
            # The reason may itself hold '|'.
            axes, conv, versions, sel, pattern = fields[:5]
            repro = None
            if len(fields) > 6 and fields[-1].startswith("repro:"):
                repro = os.path.join(os.path.dirname(os.path.abspath(path)), fields.pop()[6:].strip())
                if not os.path.isfile(repro):
                    raise ValueError("repro: %s is not a file" % repro)
            reason = " | ".join(fields[5:])
            axes = None if axes == "*" else [a.strip() for a in axes.split(",")]
            for axis in axes or []:
                if axis not in AXES:
                    raise ValueError("unknown axis '%s' (* or a list of %s)" % (axis, ", ".join(AXES)))
            if conv != "*" and conv not in V.report_groups():
                raise ValueError("unknown convention '%s' (%s or *)" % (conv, ", ".join(V.report_groups())))
            if sel != "*" and sel not in V.harness_selectors():
                raise ValueError("unknown selector '%s' (%s or *)" % (sel, ", ".join(V.harness_selectors())))
            vset = _versions(versions)
            try:
                rx = re.compile(pattern)
            except re.error as e:
                raise ValueError("pattern '%s': %s" % (pattern, e))
            if not reason:
                raise ValueError("an entry needs a reason")
        except ValueError as e:
            raise HarnessError("%s:%d: error: %s" % (path, n, e))
        entries.append({"axes": axes, "convention": conv, "versions": vset, "selector": sel, "pattern": rx,
                        "reason": reason, "repro": repro, "where": "%s:%d" % (path, n)})
    return entries


def match(entries, f):
    """The first entry that accepts finding f, or None."""
    for e in entries:
        if e["axes"] is not None and f["axis"] not in e["axes"]:
            continue
        if e["convention"] != "*" and e["convention"] != f.get("convention"):
            continue
        if e["selector"] != "*" and e["selector"] not in f["selector"].split(","):
            continue
        if e["versions"] is not None and not set(f["cause_versions"]) <= e["versions"]:
            continue
        if e["pattern"].search(f["cause"]):
            return e
    return None


def entry_for(f):
    """A ready-to-paste line accepting the cause of finding f on every axis."""
    versions = ",".join(str(v) for v in sorted(set(f["cause_versions"])))
    pattern = "^" + re.escape(f["cause"]).replace("\\#", "#").replace("\\ ", " ") + "$"
    return "* | %s | %s | %s | %s | TODO: why this is accepted" % (
        f.get("convention") or "*", versions, f["selector"], pattern)
