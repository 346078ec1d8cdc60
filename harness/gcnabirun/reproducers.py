"""A run's reproducers: which new causes are minimized and in what time
(MAX_MINIMIZE of them, each its share of a budget), each cause minimized to
a lit test and verified with every installed llc (minimize.py, littest.py),
a known cause's stored reproducer copied, the selector link's reproducers;
cli.finish calls it before it writes the reports."""
import hashlib
import json
import os
import re
import shutil
import tempfile
import threading
import time

from . import compilers as C
from . import findings as F
from . import known as K
from . import littest
from . import minimize as M
from . import report as R
from . import selector_repro as S
from . import work as W
from . import common
from . import vocab as V
from .common import ROOT, HarnessError, write_text

MAX_MINIMIZE = 40  # distinct causes minimized per run, in bucket order
MINIMIZE_SECONDS = 300  # at most per cause within a budget (nightly --budget)
# Without a budget, per cause: the searches stop when nothing smaller shows
# the cause, not at a time that a loaded machine reaches sooner (the llc 16
# call-graph reduction of tests/test_harness.py, within 300 s a cause,
# was cut short once under a load of 5).
UNBUDGETED_SECONDS = 900
MINIMUM_SHARE_SECONDS = 20  # per cause; with less left before the budget ends, it is reported without reproducer
SEARCH_SHARE = 0.6  # of a cause's time, for the signature search; the rest is for llvm-reduce and lit
# Each step gets at least this much, whatever its share: a search or an
# llvm-reduce cut short by time would make a resumed run's reproducers
# differ from an uninterrupted run's. The measured steps take 1-17 s.
SEARCH_MIN_SECONDS = 30
VERIFY_MIN_SECONDS = 90  # llc 22 -new-reg-bank-select took 41 s to run out of 4 GB on one reproducer


def checked_final_code(cfg, c, f):
    """Whether the run compiled compiler c's final code of finding f's
    unit: its final code of f's selector was asked for (--final-code), and
    c knows f's CPU (check compiles no final code for the generic
    target)."""
    selector = "gisel" if f["selector"].startswith("gisel") else "dag"
    return selector in W.final_selectors(cfg.get("final_code"), c) and \
        V.knows_cpu(c["major"], C.split_cpu(f["cpu"])[0])


def named_function(f):
    """The function a crash finding is in: the one llc's error names, else
    the finding's (in a call graph, its component's first)."""
    return (f.get("final") or {}).get("function") or f["function"]


def crash_witnesses(plan, findings, causes):
    """Sets each cause's seen_with (the llc paths that failed for it on its
    example's function) and ran_clean (those that compiled that function
    without a failure): where a crash's lit test must fail for the cause,
    and where it must pass."""
    cfg = plan["config"]
    # The compilers each function failed with, for any cause (in a call
    # graph, each module: llc compiles a graph as one), per pass (axis: the
    # MIR pass's crash, the final code's): where the run did not compile a
    # crash's function, it predicts nothing of the lit test. A function the
    # MIR pass failed on has no final code either. A cause's test must fail
    # for it with those that failed so in the same function, the one llc's
    # error names where it names one (in a call graph, seed 20261208's llc
    # 19 "illegal VGPR to SGPR copy" was in g0.n2 and llc 22's in g0.n1:
    # the test of g0.n2 compiled with llc 22). The same cause elsewhere
    # says nothing of this IR.
    graphs = {u["id"] for u in plan["units"] if u["kind"] in ("graph", "module")}
    failed, seen = {}, {}
    for f in findings:
        if V.crashes(f) and f.get("llc"):
            where = None if f["unit"] in graphs else f["function"]
            failed.setdefault((f["unit"], f["selector"], where, f["axis"]), set()).add(f["llc"])
            seen.setdefault((f["unit"], f["selector"], named_function(f), f["axis"], f["cause"]), set()).add(
                f["llc"])
    for b in causes:
        ex = b["example"]
        where = None if ex["unit"] in graphs else ex["function"]
        axes = {"crash", ex["axis"]}
        broken = set().union(*(failed.get((ex["unit"], ex["selector"], where, a), set()) for a in axes))
        b["seen_with"] = sorted(set().union(*(seen.get((ex["unit"], ex["selector"], named_function(ex), a,
                                                        b["cause"]), set()) for a in axes)))
        b["ran_clean"] = sorted(c["path"] for c in plan["compilers"] if c["path"] not in broken and
                                (ex["selector"] != "gisel-nrbs" or c["new_reg_bank_select"]) and
                                (ex["axis"] != "final-code" or checked_final_code(cfg, c, ex)))


def selector_reproducers(findings, plan, run_dir, end, minimized, mfile, minimize, installed, lit_cmd):
    """The lit tests of the mixed-selector disagreements (selector_repro):
    one per cause and caller selector, journalled in mfile like the
    minimized causes (keys "cross-selector|..."), made only when minimizing.
    Returns them in key order."""
    prefix = S.KIND + "|"
    done = {k: m for k, m in minimized.items() if k.startswith(prefix)}
    if minimize and any(S.cause_of(f) for f in S.representation_findings(findings)):
        before = set(done)
        try:
            installed = installed or C.discover()
        except HarnessError:
            installed = []
        lit_cmd = lit_cmd or C.lit_command()
        # The subject is the run's compiler (its label); the others verify.
        by_label = {c["label"]: c for c in plan["compilers"]}
        others = [c for c in installed if c["path"] not in {p["path"] for p in plan["compilers"]}]
        S.reproduce_all(findings, list(by_label.values()) + others, run_dir, lit_cmd, end, done)
        for k in sorted(set(done) - before):
            minimized[k] = done[k]
            common.append_line(mfile, json.dumps(done[k], sort_keys=True) + "\n")
    return [done[k] for k in sorted(done)]


def to_minimize(todo, minimized):
    """Of the new causes todo, those this run minimizes: MAX_MINIMIZE in all
    with the ones minimized already (an earlier `report` of the run); a
    known cause's stored reproducer, copied, is not one (seed 31337: 49
    stored reproducers left no new cause minimized)."""
    done = sum(1 for m in minimized.values() if not m.get("stored"))
    return todo[:max(0, MAX_MINIMIZE - done)]


def stored_reproducer(b, run_dir):
    """A known cause's stored reproducer, copied into the run's repro/."""
    # b["repro"]: a lit test inside cases/, resolved when the known file was
    # read (known.repro_of). It is read without following a link, and
    # copied as a new file: it never replaces what repro/ holds (the
    # report's own lit.cfg.py, another reproducer), but a copy of its own
    # made by an earlier `report` of the run.
    name = os.path.basename(b["repro"])
    data = K.read_stored_reproducer(b["repro"])
    dest = os.path.join(common.out_dir(run_dir, "repro"), name)
    root = os.path.realpath(ROOT)
    rel = os.path.relpath(b["repro"], root) if b["repro"].startswith(root + os.sep) else b["repro"]
    if os.path.lexists(dest):
        if not (os.path.isfile(dest) and not os.path.islink(dest) and K.read_stored_reproducer(dest) == data):
            raise HarnessError("%s is there already and is not a copy of %s: a stored reproducer never replaces a "
                               "file of the report (two reproducers of one name? rename one)" % (dest, rel))
    else:
        common.write_new(dest, data)
    return {"key": b["key"], "stored": rel, "lit": {"path": name, "status": "stored",
                                                    "verdict": "stored with the known entry (%s)" % rel}}


def cause_share(end, now, workers, not_started):
    """Seconds for the next cause: an equal share of what is left before end
    among the causes not yet started (this one included), `workers` at a
    time, at least MINIMUM_SHARE_SECONDS and at most MINIMIZE_SECONDS or
    what is left; None when less than MINIMUM_SHARE_SECONDS is left. Most
    causes take less than their share; what they leave goes to the causes
    after them. Without a deadline (end None), UNBUDGETED_SECONDS."""
    if end is None:
        return UNBUDGETED_SECONDS
    if end - now < MINIMUM_SHARE_SECONDS:
        return None
    fair = (end - now) * workers / max(1, not_started)
    return min(MINIMIZE_SECONDS, end - now, max(MINIMUM_SHARE_SECONDS, fair))


def minimize_all(todo, plan, installed, lit_cmd, run_dir, end, minimized, mfile, log=False):
    """Minimizes the causes in todo, one per core at a time, appending each
    result to mfile as it arrives (with log, a line on stderr per cause:
    minimized_line). With a deadline (end, time.monotonic),
    a cause gets when it starts an equal share of what is left among the
    causes not yet started (at least MINIMUM_SHARE_SECONDS), so that every
    cause is minimized and verified before the budget ends; with less than
    that left, it is left for `gcnabi-run report DIR`. Returns how many were
    left unminimized."""
    workers = max(1, min(os.cpu_count() or 2, len(todo)))
    check_jobs = max(1, (os.cpu_count() or 2) // workers)
    queue, lock = list(todo), threading.Lock()
    left_over, ended = [0], [0]

    def ends(b, m, seconds):
        ended[0] += 1
        if log:
            W.say(minimized_line(ended[0], len(todo), b, m, seconds))

    def worker():
        while True:
            with lock:
                if not queue:
                    return
                b = queue.pop(0)
                now = time.monotonic()
                share = cause_share(end, now, workers, len(queue) + 1)
                if share is None:
                    left_over[0] += 1
                    ends(b, None, 0)
                    continue
            try:
                m = minimize_cause(b, plan, installed, lit_cmd, run_dir, now + share, check_jobs)
            except Exception as e:  # one cause's failure must not lose the others' results
                m = {"key": b["key"], "why": "minimizing failed: %s: %s" % (type(e).__name__, e)}
            with lock:
                ends(b, m, time.monotonic() - now)
                if m is None:
                    left_over[0] += 1
                    continue
                m["seconds"] = round(time.monotonic() - now, 1)
                minimized[b["key"]] = m
                common.append_line(mfile, json.dumps(m, sort_keys=True) + "\n")

    threads = [threading.Thread(target=worker) for _ in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return left_over[0]


def minimized_line(n, total, b, m, seconds):
    """A minimized cause's line in a log: its number, cause, time and
    outcome (its lit test's status, or why there is none)."""
    if m is None:
        outcome = "left unminimized: the time budget was spent"
    elif m.get("lit"):
        outcome = m["lit"]["status"]
    else:
        outcome = "not minimized: %s" % m.get("why", "?")
    return "[minimize %d/%d] %s %.0f s, %s" % (n, total, R.short(b["cause"], 80), seconds, outcome)


def left_out(run_dir, unit, f):
    """The functions check left out of the call graph's module for f's
    combination (not-in-graph: the model expects llc to refuse them, or
    its IR cannot express them): the lit test's module leaves them out too
    (a test of llc 22 GlobalISel's crash in the Legalizer that held one
    failed with "unable to translate instruction: call" instead)."""
    out = os.path.join(run_dir, "units", unit["id"])
    return sorted({t["function"] for t, _ in F.read_findings(out)
                   if t["kind"] == "not-in-graph" and t["combo"] == f["combo"]})


def minimize_cause(b, plan, installed, lit_cmd, run_dir, deadline, check_jobs=2):
    """The minimized reproducer of cause b, lit-verified, tried before the
    deadline: SEARCH_SHARE of the time for the signature search, the rest
    for llvm-reduce and lit, each at least its *_MIN_SECONDS. None when the
    time ran out before a non-crash cause reproduced alone."""
    f = b["example"]
    m = {"key": b["key"]}
    subject = next((c for c in plan["compilers"] if c["label"] == f.get("label")), None)
    if f["axis"] == "link" or not subject:
        m["why"] = "a cross-version link finding: its per-llc findings carry the reproducers"
        return m
    if f["kind"] == littest.FLAKY_KIND:
        m["lit"] = dict(littest.NO_FLAKY_TEST)
        return m
    unit = next((u for u in plan["units"] if u["id"] == f["unit"]), None)
    if unit and unit["kind"] == "module":
        return reproduce_module(b, m, subject, plan, unit, installed, lit_cmd, run_dir, deadline, check_jobs)
    in_graph = bool(unit and unit["kind"] == "graph")
    start = time.monotonic()
    search_end = start + max(SEARCH_MIN_SECONDS, SEARCH_SHARE * (deadline - start))
    try:
        res = M.minimize(f, subject, plan["config"], search_end, check_jobs)
    except M.OutOfTime:
        if not V.crashes(f):
            return None
        res = None
        if not in_graph:
            # A crash was bisected down to this one function when it was
            # found: its lit test needs no check detail, only the function.
            decl = M.renamed(f["signature"], "f")
            if decl:
                res = (decl, {}, 0, 1)
                m["as_found"] = "its time share ran out before the first check of it alone finished"
    graph = None
    if not res and in_graph:
        # It needs its call graph: the graph reduced with it (a crash too:
        # gcnabi check of the smaller graphs finds the same cause).
        res, graph = minimize_in_graph(f, subject, plan, unit, run_dir, name_of(b), search_end, check_jobs)
        if not res and not V.crashes(f):
            m["why"] = graph
            return m
        if not res:
            # llc fails on the call graph as found: the reproducer is that
            # graph's module, reduced by llvm-reduce.
            m["graph_unreduced"] = graph
            graph = (os.path.join(run_dir, unit["input"]), f["function"], None)
            res = ("the call graph of @%s" % f["function"], {}, 0, 0)
    elif not res:
        m["why"] = "does not reproduce alone"
        return m
    decl, detail, rounds, tries = res
    m.update(decl=decl, rounds=rounds, tries=tries)
    if not lit_cmd:
        m["lit"] = {"status": "unverified", "path": None, "verdict": "lit not found (tests/deps.sh installs it)"}
        return m
    name = name_of(b)
    # The run's witnesses (seen_with, ran_clean) are of the IR it compiled;
    # a minimized signature, a graph's function alone or a reduced graph is
    # other IR, whose expectations gcnabi check of it gives (llc 16
    # compiled swarm f2's 24 arguments cleanly, and fails as llc 14 does on
    # the `amdgpu_gfx void (i14 inreg)` minimized from them).
    as_found = graph[0] == os.path.join(run_dir, unit["input"]) if graph else \
        not in_graph and decl == M.renamed(f["signature"], "f")
    uniq = others(plan, installed, subject)
    m["lit"] = littest.write_and_verify(os.path.join(run_dir, "repro"), name, f, subject, decl, detail, uniq, lit_cmd,
                                       max(deadline, time.monotonic() + VERIFY_MIN_SECONDS),
                                       # Each llvm-reduce test would take as long as the check that
                                       # did not finish: the verification gets the time instead.
                                       reduce=not m.get("as_found"), graph=graph,
                                       seen_with=b.get("seen_with", []) if as_found else [],
                                       ran_clean=b.get("ran_clean", []) if as_found else [],
                                       leave_out=left_out(run_dir, unit, f) if graph else (),
                                       origin=(M.graph_of(os.path.join(run_dir, unit["input"]), f["function"])
                                               if in_graph else None) or [f["signature"]])
    return m


def others(plan, installed, subject):
    """The llcs a lit test is verified with besides the subject: each once,
    the run's own first, an installed one under another name
    (/usr/bin/llc-22 for /usr/lib/llvm-22/bin/llc) not again."""
    uniq, seen = [], {os.path.realpath(subject["path"])}
    for c in plan["compilers"] + installed:
        if os.path.realpath(c["path"]) not in seen:
            seen.add(os.path.realpath(c["path"]))
            uniq.append(c)
    return uniq


def reproduce_module(b, m, subject, plan, unit, installed, lit_cmd, run_dir, deadline, check_jobs):
    """A finding of a module as written (gcnabi-run --as-written): no
    signature to shrink, the module is the program. gcnabi check
    --as-written of it again gives the finding's detail; the lit test is
    the module (a crash's reduced by llvm-reduce with the same
    interestingness test as any crash's)."""
    f = b["example"]
    path = os.path.join(run_dir, unit["input"])
    text = common.read_input(path)
    tmp = tempfile.mkdtemp(prefix="gcnabi-min-")
    try:
        hits = M.run_check(text, f, subject, plan["config"], tmp, f["cause"],
                           max(deadline, time.monotonic() + SEARCH_MIN_SECONDS), check_jobs)
    except M.OutOfTime:
        hits = None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    detail = next((d for fn, d in hits or [] if fn == f["function"]), None)
    if detail is None and not V.crashes(f):
        m["why"] = "gcnabi check --as-written of the module again %s" % (
            "ran out of time" if hits is None else "did not show it")
        return m
    decl = "the module %s as written" % os.path.basename(unit["input"])
    m.update(decl=decl, rounds=0, tries=1)
    if not lit_cmd:
        m["lit"] = {"status": "unverified", "path": None, "verdict": "lit not found (tests/deps.sh installs it)"}
        return m
    site = re.match(r"@(\S+) -> ", f.get("call_site") or "")
    m["lit"] = littest.write_and_verify(os.path.join(run_dir, "repro"), name_of(b), f, subject, decl, detail or {},
                                       others(plan, installed, subject), lit_cmd,
                                       max(deadline, time.monotonic() + VERIFY_MIN_SECONDS),
                                       graph=(path, f["function"], site.group(1) if site else None), module=True,
                                       # the run compiled this very module: its witnesses hold (a
                                       # reduction keeps what they expect of each llc)
                                       seen_with=b.get("seen_with", []), ran_clean=b.get("ran_clean", []),
                                       origin=text.splitlines())
    return m


def name_of(b):
    """A cause's reproducer name: its axis and a hash of its key."""
    return "%s-%s" % (b["example"]["axis"], hashlib.sha1(b["key"].encode()).hexdigest()[:10])


def minimize_in_graph(f, subject, plan, unit, run_dir, name, deadline, check_jobs):
    """A finding that needs its call graph, reduced with that graph:
    ((description, detail, rounds, tries), (graph file, function, caller))
    with the reduced graph kept as repro/NAME.graph, or (None, why not)."""
    lines = M.graph_of(os.path.join(run_dir, unit["input"]), f["function"])
    if not lines:
        return None, "does not reproduce alone, and gcnabi emit --graph-of found no call graph of @%s" % f["function"]
    try:
        res = M.minimize_graph(f, subject, plan["config"], lines, max(deadline, time.monotonic() + SEARCH_MIN_SECONDS),
                               check_jobs)
    except M.OutOfTime:
        return None, "does not reproduce alone; its call graph did not show it before the time share ran out"
    if not res:
        return None, "does not reproduce alone, nor in its call graph checked again"
    best, function, detail, rounds, tries = res
    if len(best) == 1:
        # No call left: one signature, which check gave a caller of its own.
        decl = M.renamed(best[0], "f")
        if decl:
            return (decl, detail, rounds, tries), None
    path = os.path.join(common.out_dir(run_dir, "repro"), name + ".graph")
    write_text(path, "".join(l + "\n" for l in best))
    fns = sum(1 for l in best if l.startswith("declare"))
    desc = "a call graph of %d function(s), %d line(s), reduced from %d" % (fns, len(best), len(lines))
    return (desc, detail, rounds, tries), (path, function, M.caller_of(best, function))

