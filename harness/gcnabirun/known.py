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
cause's stored reproducer, which a run copies into its repro/ instead of
minimizing the cause again (repro_of: its rules).
A pattern is of a restricted syntax (bounded_pattern), so that no search
backtracks for long, in whatever thread it runs: no quantified group
holding a quantifier or an alternation (`(a+)+`, `(a*)*`, `(a|aa)+`), at
most one repeated part (`.*.*.*.*x` is refused) and at most PATTERN_PATHS
ways through its ? and alternations; a pattern outside it is an error
naming its line.
A malformed line is an error naming the file and line."""
import os
import re
import stat

from . import vocab as V
from .common import ROOT, HarnessError

try:  # the parser of Python's re (sre_parse before 3.11)
    from re import _parser as _sre
    from re import _constants as _sre_c
except ImportError:  # pragma: no cover
    import sre_parse as _sre
    import sre_constants as _sre_c

# Where a stored reproducer must be: the repository's cases/ folder.
CASES = os.path.join(ROOT, "cases")
# Names lit reads as its configuration: a report's repro/ folder has its
# own lit.cfg.py (gcnabi's), which nothing a known entry names replaces.
LIT_CONFIG_NAMES = ("lit.cfg.py", "lit.site.cfg.py", "lit.local.cfg")
MAX_FILE_BYTES = 4 << 20  # a known-differences file or a stored reproducer, at most
PATTERN_PATHS = 64  # ways through a pattern's ? and alternations, at most

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


def read_bounded(path):
    """The bytes of the file path, at most MAX_FILE_BYTES (/dev/null is
    empty; /dev/zero too large); a HarnessError naming it otherwise (a
    folder, a file too large)."""
    return _read_bounded(path, 0, False)


def _read_bounded(path, extra_flags, regular):
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | extra_flags)
    except OSError as e:
        raise HarnessError("%s: error: %s" % (path, e.strerror or e))
    try:
        if regular and not stat.S_ISREG(os.fstat(fd).st_mode):
            raise HarnessError("%s: error: not a regular file" % path)
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            b = os.read(fd, 1 << 20)
            if not b:
                break
            chunks.append(b)
            size += len(b)
        if size > MAX_FILE_BYTES:
            raise HarnessError("%s: error: larger than %d bytes" % (path, MAX_FILE_BYTES))
        return b"".join(chunks)
    except OSError as e:
        raise HarnessError("%s: error: %s" % (path, e.strerror or e))
    finally:
        os.close(fd)


def read_stored_reproducer(real):
    """The bytes of a stored reproducer at its resolved path real, read
    without following a link (one swapped in since load is refused)."""
    return _read_bounded(real, os.O_NOFOLLOW, True)


def repro_of(text, known_path):
    """The resolved path of the stored reproducer a `repro: PATH` field
    names (copied into repro/ under its resolved name). PATH is relative to the known-differences
    file's folder and must resolve (links followed) to a `.ll` lit test
    (a `RUN:` line) inside the repository's cases/ folder, and its name
    must not be one lit reads as configuration. ValueError otherwise."""
    if not text:
        raise ValueError("repro: needs a path")
    given = os.path.join(os.path.dirname(os.path.abspath(known_path)), text)
    real = os.path.realpath(given)
    cases = os.path.realpath(CASES)
    name = os.path.basename(given)
    for n in (name, os.path.basename(real)):
        if n in LIT_CONFIG_NAMES:
            raise ValueError("repro: %s: a reproducer cannot be named %s (lit's configuration)" % (text, n))
    if not real.startswith(cases + os.sep):
        raise ValueError("repro: %s is outside %s (a stored reproducer is a lit test in cases/)" % (text, cases))
    if not name.endswith(".ll") or not real.endswith(".ll"):
        raise ValueError("repro: %s is not a .ll file (a lit test)" % text)
    if not os.path.isfile(real):
        raise ValueError("repro: %s is not a file" % given)
    try:
        data = read_stored_reproducer(real)
    except HarnessError as e:
        raise ValueError("repro: %s" % e)
    if not re.search(rb"RUN:", data):
        raise ValueError("repro: %s is not a lit test (no RUN: line)" % text)
    return real


def _cost(node):
    """(paths, repeats, nested) of a parsed regex: paths, the ways through
    it without its repeats over 1 (each ? doubles them, an alternation adds
    its branches); repeats, how many of +, * and {n,m} with m above 1 it
    holds; nested, whether one of those repeats a part with a way or a
    repeat of its own. Together they bound what a search backtracks."""
    paths, repeats, nested = 1, 0, False
    for op, av in node:
        if op in (_sre_c.MAX_REPEAT, _sre_c.MIN_REPEAT) or op == getattr(_sre_c, "POSSESSIVE_REPEAT", None):
            lo, hi, body = av
            p, r, n = _cost(body)
            nested |= n or (hi > 1 and (p > 1 or r > 0))
            paths *= p if hi > 1 else p + (1 if lo < hi else 0)
            repeats += r + (1 if hi > 1 else 0)
            continue
        if op == _sre_c.BRANCH:
            parts, extra = av[1], 0
        elif op == _sre_c.GROUPREF_EXISTS:
            parts, extra = [b for b in av[1:] if b is not None], 1 if av[2] is None else 0
        elif op in (_sre_c.SUBPATTERN, _sre_c.ASSERT, _sre_c.ASSERT_NOT):
            parts, extra = [av[-1]], 0
        elif op == getattr(_sre_c, "ATOMIC_GROUP", None):
            parts, extra = [av], 0
        else:
            continue
        costs = [_cost(b) for b in parts]
        paths *= sum(c[0] for c in costs) + extra
        repeats += sum(c[1] for c in costs)
        nested |= any(c[2] for c in costs)
    return paths, repeats, nested


def bounded_pattern(pattern):
    """pattern compiled, when of the restricted syntax: no repeated part
    (+, *, {n,m} with m above 1) holds a quantifier (?, too) or an
    alternation, the nesting that backtracks exponentially in the cause
    (`(a+)+b` on a long run of a); at most one repeated part (seven .*
    before a letter backtrack as the cause's length to the eighth); at
    most PATTERN_PATHS ways through its ? and alternations (thirty a? before
    thirty a backtrack 2^30 times). A search then tries, from each place it
    starts, at most PATTERN_PATHS ways, each repeating once over the cause:
    quadratic in the cause's length at worst, in any thread, with no timer.
    ValueError otherwise."""
    try:
        tree = _sre.parse(pattern)
        rx = re.compile(pattern)
    except (re.error, OverflowError, RecursionError) as e:
        raise ValueError("pattern '%s': %s" % (pattern, e))
    paths, repeats, nested = _cost(tree)
    if nested:
        raise ValueError("nested quantifier in pattern '%s': a repeated group holds a quantifier or an "
                         "alternation (restricted syntax, see the file's header)" % pattern)
    if repeats > 1:
        raise ValueError("pattern '%s' repeats %d parts (+, *, {n,m}): at most one (restricted syntax, see the "
                         "file's header)" % (pattern, repeats))
    if paths > PATTERN_PATHS:
        raise ValueError("pattern '%s' has %d ways through its ? and alternations: at most %d (restricted "
                         "syntax, see the file's header)" % (pattern, paths, PATTERN_PATHS))
    return rx


def load(path):
    entries = []
    data = read_bounded(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise HarnessError("%s:%d: error: invalid UTF-8" % (path, data[:e.start].count(b"\n") + 1))
    for n, line in enumerate(text.split("\n"), 1):
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
            repro, options, triple = None, None, None
            # trailing clauses, any order: a stored reproducer, and the
            # llc options and triple that are part of the combination
            while len(fields) > 6 and re.match(r"(repro|llc-options|triple):", fields[-1]):
                key, _, value = fields.pop().partition(":")
                value = value.strip()
                if key == "repro":
                    repro = repro_of(value, path)
                elif key == "llc-options":
                    options = value.split()
                    for o in options:
                        why = V.llc_option_refused(o)
                        if why:
                            raise ValueError("llc-options: '%s': %s" % (o, why))
                elif value not in V.vocab()["triples"]:
                    raise ValueError("triple: '%s' is none of %s" % (value, ", ".join(V.vocab()["triples"])))
                else:
                    triple = value
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
            rx = bounded_pattern(pattern)
            if not reason:
                raise ValueError("an entry needs a reason")
        except ValueError as e:
            raise HarnessError("%s:%d: error: %s" % (path, n, e))
        entries.append({"axes": axes, "convention": conv, "versions": vset, "selector": sel, "pattern": rx,
                        "reason": reason, "repro": repro, "llc_options": options, "triple": triple,
                        "where": "%s:%d" % (path, n)})
    return entries


def search(entry, cause):
    """entry's pattern searched in cause (bounded by the pattern's
    restricted syntax: bounded_pattern)."""
    return entry["pattern"].search(cause)


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
        # an entry that names llc options accepts combinations that have them
        # all (a generated call graph may have others beside); one that names
        # a triple, only that triple's
        if e.get("llc_options") is not None and not set(e["llc_options"]) <= set(f.get("llc_options") or []):
            continue
        if e.get("triple") is not None and (f.get("triple") or V.vocab()["triples"][0]) != e["triple"]:
            continue
        if search(e, f["cause"]):
            return e
    return None


def entry_for(f):
    """A ready-to-paste line accepting the cause of finding f on every axis."""
    versions = ",".join(str(v) for v in sorted(set(f["cause_versions"])))
    pattern = "^" + re.escape(f["cause"]).replace("\\#", "#").replace("\\ ", " ") + "$"
    line = "* | %s | %s | %s | %s | TODO: why this is accepted" % (
        f.get("convention") or "*", versions, f["selector"], pattern)
    # the combination's options and triple go with it
    if f.get("llc_options"):
        line += " | llc-options: %s" % " ".join(f["llc_options"])
    if f.get("triple"):
        line += " | triple: %s" % f["triple"]
    return line
