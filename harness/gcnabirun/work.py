"""The plan of a run and its execution. A run is a list of units, each one
`gcnabi check` of one input chunk on one CPU with every compiler and both
selectors (and, for llc that has it, a second check with GlobalISel's
-new-reg-bank-select). The plan is fixed when the run starts (plan.json);
each finished unit is appended to journal.jsonl as it arrives, so --resume
runs only what is missing and --shard i/n runs every n-th unit."""
import concurrent.futures
import ctypes
import hashlib
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time

from . import compilers as C
from . import findings as F
from . import known as K
from . import report as R
from . import vocab as V
from .common import GCNABI, HarnessError, append_line, dumps, gcnabi, out_dir, read_input, read_jsonl, record_shape, \
    write_text

# Core-seconds per function per compiler x CPU x selector, both views (the
# final code at its cost below, call graphs' functions included), measured
# on this project's 2-core machine: 0.073 in the 20-minute nightly of seed
# 20261206 at d82ba2a (16 units, 23,494 function-combinations in 857 s on 2
# cores, SelectionDAG's final code and llc 22's GlobalISel's; 0.038 before
# the final code, 2026-11-30). The nightly sizes its plan from it.
SECONDS_PER_FUNCTION_COMBO = 0.075
# A generated call graph's functions, on average (seed 20261206's 10 call
# graphs of every suite: 64 functions).
FUNCTIONS_PER_GRAPH = 6.4
# The nightly's smallest plan: call graphs enough for one of each suite
# with a graph root, and this many signatures.
MIN_GRAPHS, MIN_SIGNATURES = 10, 20
# How many times that a SelectionDAG combination costs with its final code
# (llc run again to the end, with the verifier, and the checker): 5.7 for 50
# signatures with llc 14-22 on gfx900 (7.1 s and 40.5 s, docs/measured.md),
# with which the nightly of 20 minutes fits its budget.
FINAL_CODE_COST = 5.7
# The same for a GlobalISel combination (GISEL_FINAL_CODE_FROM on): 11 for
# llc 22 on gfx900 over signatures, swarm, call graphs and bodies of seed
# 20261207 (both selectors' MIR pass 25.5 s, GlobalISel's final code 125.9 s
# more, of which one call graph's 120 s --timeout: docs/measured.md). The
# MIR pass stops GlobalISel after the IRTranslator, so its final code is the
# first time llc runs the legalizer, which fails, runs out of memory or
# hangs on some functions (llc 22: 8 GB in 139 s on one aggregate).
GISEL_FINAL_CODE_COST = 11
# --final-code auto (the nightly's): SelectionDAG's final code of every llc,
# and GlobalISel's too from this llc major on. Older llc's GlobalISel final
# code costs hundreds of times its MIR pass (llc 19: 0.5 s and 187 s, 3.8
# GB; llc 15 on gfx1200: 252 s for 28 signatures), more than a nightly can
# take: `both` checks it, for a longer budget.
GISEL_FINAL_CODE_FROM = 22
# The main command's (run's) final code: of 1 in this many functions of each
# combination, so that it costs no more than the isel-level check did before
# it (docs/measured.md, "The final code in the main command"); the nightly
# checks every function.
RUN_FINAL_CODE_SAMPLE = 4


def final_selectors(choice, compiler):
    """The selectors whose final code a unit checks with compiler (a
    dict of compilers.discover) for --final-code choice: "dag", "gisel",
    "both", "auto" (GlobalISel's too from GISEL_FINAL_CODE_FROM) or None."""
    if choice == "auto":
        return ["dag", "gisel"] if compiler["major"] >= GISEL_FINAL_CODE_FROM else ["dag"]
    return {"dag": ["dag"], "gisel": ["gisel"], "both": ["dag", "gisel"]}.get(choice, [])


# The nightly's round 0 takes this share of what the budget fits, and
# NIGHTLY_ROUNDS - 1 extra rounds of its size run while the budget lasts:
# what a seed costs varies (seed 20261208's units needed a third of the
# estimate, seed 20261206's twice it), so a light seed goes on with more of
# the same and a heavy one still finishes round 0.
ROUND_ZERO_SHARE, NIGHTLY_ROUNDS = 0.5, 6


def nightly_size(budget, jobs, cost, fixed=0):
    """The nightly's round 0 (random signatures, swarm signatures and call
    graphs) for a budget (seconds), jobs, the cost of a function (in
    combinations over every CPU) and core-seconds the plan spends whatever
    its size (fixed: nrbs_seconds), and the seconds it is expected to need:
    the units get 55 % of the budget, round 0 ROUND_ZERO_SHARE of that, for
    signatures and the call graphs' functions (one graph per 40
    signatures), never fewer than MIN_SIGNATURES and MIN_GRAPHS (expected
    to need more than the budget then)."""
    fit = ROUND_ZERO_SHARE * max(0, 0.55 * budget * jobs - fixed) / (SECONDS_PER_FUNCTION_COMBO * max(1, cost))
    n = max(MIN_SIGNATURES, int(fit / (1 + FUNCTIONS_PER_GRAPH / 40)))
    graphs = max(MIN_GRAPHS, n // 40 // 5 * 5)
    n = max(MIN_SIGNATURES, min(n, int(fit - graphs * FUNCTIONS_PER_GRAPH)))
    need = ((n + graphs * FUNCTIONS_PER_GRAPH) * SECONDS_PER_FUNCTION_COMBO * max(1, cost) + fixed) / jobs / 0.55
    return n * 7 // 10, n - n * 7 // 10, graphs, need


def final_code_cost(choice, compiler, cpu):
    """What the final code adds to one unit's compiler x CPU, in MIR-pass
    combinations: none where llc does not know the CPU (check checks no
    final code of the generic target)."""
    if not V.knows_cpu(compiler["major"], cpu):
        return 0
    return sum(GISEL_FINAL_CODE_COST - 1 if s == "gisel" else FINAL_CODE_COST - 1
               for s in final_selectors(choice, compiler))


NRBS_CALLEES, NRBS_CALLS = 20, 3


def nrbs_seconds(compilers):
    """What -new-reg-bank-select costs a plan, in core-seconds, whatever its
    size: make_plan runs it on one CPU only, on the first chunk of each
    suite's signatures (random and swarm of the default suite, and each of
    CONVENTION_SUITES), NRBS_CALLEES + NRBS_CALLS of them at most, without
    the final code."""
    stems = 2 + len(CONVENTION_SUITES)
    return sum(1 for c in compilers if c["new_reg_bank_select"]) * stems * (NRBS_CALLEES + NRBS_CALLS) * \
        SECONDS_PER_FUNCTION_COMBO


def split_signatures(text, chunk):
    """Chunks of `chunk` declare lines, each with the file's header comments
    and the definitions headers refer to (attribute groups, named types)."""
    header = [l for l in text.splitlines() if l.startswith(";")][:2] + [
        l for l in text.splitlines() if l.startswith("attributes #") or re.match(r"%\S+ = type ", l)]
    sigs = [l for l in text.splitlines() if l.startswith("declare") or l.startswith("define")]
    return [header + sigs[i:i + chunk] for i in range(0, len(sigs), chunk)]


# Comment lines that are part of a unit's combination: every function of
# the unit is compiled with them.
DIRECTIVES = ("; gcnabi-llc-options:", "; gcnabi-triple:")


def split_graphs(text, per_chunk):
    """Chunks of at most `per_chunk` call graphs (a graph starts at
    '; graph N'), of the same llc options and triple (a graph's `;
    gcnabi-llc-options:` and `; gcnabi-triple:` lines), in stream order: a
    unit's options and triple are all of its graphs'."""
    graphs, cur, header = [], None, []
    for line in text.splitlines():
        if re.match(r"; graph \d+", line):
            cur = [line]
            graphs.append(cur)
        elif cur is None:
            header.append(line)
        else:
            cur.append(line)
    def options(g):
        return [l.split() for l in g if l.startswith(DIRECTIVES)][:2]
    chunks, open_chunk = [], {}
    for g in graphs:
        key = repr(options(g))
        if key in open_chunk and len(open_chunk[key]) < per_chunk:
            open_chunk[key].append(g)
        else:
            open_chunk[key] = [g]
            chunks.append(open_chunk[key])
    return [header + sum(c, []) for c in chunks]


# The conventions besides the default one and amdgpu_gfx, each a suite of its
# own: random signatures from its weights file (a share of --count) and, for
# those that call, random call graphs rooted in it (a share of --graphs);
# and the default conventions' programs with bodies (frames, pressure,
# lane-varying inreg values, tail calls, forwarding, long branches: what the
# final code is about), in call graphs of gcnabi gen's own roots; and the
# same programs with llc options drawn per graph (the "options" suite:
# call graphs only, since a graph's options travel with it); and whole-wave
# functions with bodies (LLVM 22: with and without WWM spills, frames,
# branches), as signatures and in call graphs of their own.
# The default suite (ccc/fastcc/coldcc/amdgpu_gfx) gets what is left.
# A suite's CPUs (None: the run's) are those of the run it keeps: the
# options suite's llc options and triples need no more than a GCN5 and a
# GFX11 CPU (true16), so its graphs are many on two CPUs rather than few on
# all; chain functions wave64, wave32 and dynamic VGPRs (gfx900, gfx1100,
# gfx1200); whole-wave functions wave64 and wave32 (gfx900, gfx1200).
# The suites' chunks come before the default suite's (round_chunks), in
# this order, so that a nightly cut short by its budget has run them.
#   name, weights file, share of signatures, share of graphs, graph root, CPUs
CONVENTION_SUITES = (
    ("options", "cases/weights/options.weights", 0.0, 0.10, None, ("gfx900", "gfx1100")),
    ("whole_wave", "cases/weights/whole_wave_bodies.weights", 0.05, 0.10, None, ("gfx900", "gfx1200")),
    ("shaders", "cases/weights/shaders.weights", 0.15, 0.20, "amdgpu_cs", None),
    ("chain", "cases/weights/chain.weights", 0.10, 0.15, "amdgpu_cs_chain", ("gfx900", "gfx1100", "gfx1200")),
    ("kernels", "cases/weights/kernels.weights", 0.10, 0.15, "amdgpu_kernel", None),
    ("bodies", "cases/weights/bodies.weights", 0.10, 0.15, None, None),
)

# The nightly's round 0 draws each suite's call graphs until every weight
# the report's "Weights drawn" counts (draws.py) was taken at least once,
# COVER_BATCH graphs at a time from an index range of their own, at most
# COVER_MAX graphs per suite: a short nightly's few graphs per suite would
# leave the rarer llc options and triples undrawn.
COVER_BATCH, COVER_MAX, COVER_FROM = 4, 48, 1 << 24


def suites_for(names, count, graphs):
    """The per-convention suites of a run (their weights, signature and graph
    counts), for the suite names asked for; `default` is the rest."""
    from .common import ROOT
    out = []
    for name, weights, sig_share, graph_share, root, cpus in CONVENTION_SUITES:
        if name not in names:
            continue
        path = os.path.join(ROOT, weights)
        if not os.path.exists(path):
            raise HarnessError("%s: no such weights file (suite %s)" % (path, name))
        out.append({"name": name, "weights": path, "count": int(count * sig_share),
                    "graphs": int(graphs * graph_share), "root": root, "cpus": list(cpus) if cpus else None})
    return out


def covered_graphs(suite, text, gen_more):
    """text (gcnabi gen's graphs of suite) with more graphs from
    gen_more(count, first index) until each weight draws.py counts is taken
    at least once (COVER_BATCH at a time, at most COVER_MAX graphs)."""
    from . import draws as D
    w = D.suite_weights({"config": {"suites": [suite]}})[suite["name"]]
    graphs = D.graphs_of(text)
    first = COVER_FROM
    while len(graphs) < COVER_MAX:
        rows = D.counted(suite["name"], graphs, w)
        keys = {k for k, _, _, _ in D.rows() if D.applies(k, w)}
        if keys <= {r["weight"] for r in rows if r["k"]} and all(r["k"] for r in rows):
            break
        more = gen_more(COVER_BATCH, first)
        first += COVER_BATCH
        body = more.split("\n; graph ", 1)
        if len(body) < 2:
            break
        text += "; graph " + body[1] if text.endswith("\n") else "\n; graph " + body[1]
        graphs = D.graphs_of(text)
    return text


def _gen(cfg, *args):
    r = gcnabi("gen", "--seed", cfg["seed"], *args, check=False)
    if r.returncode:
        raise HarnessError(r.stderr.strip() or "gcnabi gen failed")
    return r.stdout


def check_inputs(paths, as_written=False):
    """The user's files are read by gcnabi itself before any work starts:
    bad input is an error naming the user's file, line and column (not
    the run's copy of it), as `gcnabi place` gives it. A module as written
    is llc's to read: a header gcnabi cannot read is a note of its unit."""
    for path in paths:
        try:
            read_input(path)
        except OSError as e:
            raise HarnessError("%s: %s" % (path, e.strerror))
        r = gcnabi("place", "--json", path, check=False) if not as_written else None
        if r and r.returncode:
            raise HarnessError(r.stderr.strip() or "gcnabi place %s failed (%d)" % (path, r.returncode))
        first = triple = None
        for n, line in enumerate(read_input(path).split("\n"), 1):
            if line.startswith("; gcnabi-llc-options:") and first and line.split() != first[1]:
                raise HarnessError("%s:%d:1: error: llc options other than line %d's: an input's options are the "
                                   "whole input's (put functions of other options in a file of their own)" % (
                                       path, n, first[0]))
            if line.startswith("; gcnabi-llc-options:"):
                first = first or (n, line.split())
                for m in re.finditer(r"\S+", line[len("; gcnabi-llc-options:"):]):
                    why = V.llc_option_refused(m.group())
                    if why:
                        raise HarnessError("%s:%d:%d: error: llc option '%s': %s" % (
                            path, n, m.start() + len("; gcnabi-llc-options:") + 1, m.group(), why))
            if line.startswith("; gcnabi-triple:"):
                words = line[len("; gcnabi-triple:"):].split()
                if len(words) != 1 or words[0] not in V.vocab()["triples"]:
                    raise HarnessError("%s:%d:%d: error: triple '%s': check takes %s, one per line" % (
                        path, n, len("; gcnabi-triple:") + 2, " ".join(words), ", ".join(V.vocab()["triples"])))
                if triple and words != triple[1]:
                    raise HarnessError("%s:%d:1: error: a triple other than line %d's: an input's triple is the "
                                       "whole input's (put functions of another triple in a file of their own)" % (
                                           path, n, triple[0]))
                triple = triple or (n, words)


def round_chunks(cfg, r):
    """The chunks (kind, suite, lines) of round r: each suite's signatures
    and call graphs from index r x its count of the seed on (gcnabi gen
    --from), so that every round is new and any one replays alone."""
    def gen(count, *args):
        return _gen(cfg, "--from", r * count, "--count", count, *args)
    chunks = []
    for s in cfg.get("suites") or []:
        if s["count"]:
            chunks += [("sig", s["name"], c) for c in split_signatures(gen(s["count"], "--weights", s["weights"]),
                                                                       cfg["chunk"])]
        if s["graphs"]:
            root = ["--root", s["root"]] if s["root"] else []
            text = gen(s["graphs"], "--callgraph", *root, "--weights", s["weights"])
            if cfg.get("cover") and r == 0:
                text = covered_graphs(s, text, lambda n, first: _gen(
                    cfg, "--from", first, "--count", n, "--callgraph", *root, "--weights", s["weights"]))
            chunks += [("graph", s["name"], c) for c in split_graphs(text, 5)]
    # the default suite after the others (CONVENTION_SUITES)
    gen_common = ["--weights", cfg["weights"]] if cfg.get("weights") else []
    if cfg.get("count"):
        chunks += [("sig", "default", c) for c in split_signatures(gen(cfg["count"], *gen_common), cfg["chunk"])]
    if cfg.get("swarm"):
        chunks += [("swarm", "default", c) for c in split_signatures(gen(cfg["swarm"], "--swarm", *gen_common),
                                                                     cfg["chunk"])]
    if cfg.get("graphs"):
        chunks += [("graph", "default", c) for c in split_graphs(gen(cfg["graphs"], "--callgraph", *gen_common), 5)]
    if r == 0:
        for path in cfg.get("inputs") or []:
            text = read_input(path)
            if cfg.get("as_written"):
                # one module, compiled whole (its line numbers are its own)
                chunks.append(("module", "file", text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")))
            elif re.search(r"^call @", text, re.M):
                chunks.append(("graph", "file", text.splitlines()))
            else:
                # A file's llc options and triple go with each of its chunks.
                own = re.findall(r"^; gcnabi-(?:llc-options|triple):.*$", text, re.M)
                chunks += [("file", "file", own + c) for c in split_signatures(text, cfg["chunk"])]
    return chunks


def extra(unit):
    """Whether a unit is of an extra round: run while the budget lasts, its
    results not missing when it did not."""
    return unit.get("round", 0) > 0


def interleaved(chunks):
    """The chunks of a round, the suites taking turns (each one's first
    chunk, then each one's second...): a run cut short by its budget has
    covered every suite."""
    stems = {}
    for ch in chunks:
        stems.setdefault(ch[:2], []).append(ch)
    turns = max((len(v) for v in stems.values()), default=0)
    return [v[i] for i in range(turns) for v in stems.values() if i < len(v)]


def make_plan(run_dir, cfg, compilers):
    """Writes the inputs and plan.json; returns the plan. A plan of
    several rounds (cfg "rounds", the nightly's) holds round 0, the run's
    results, and extra rounds of more of the same, which run while the
    budget lasts (units with "round"): units of one round before the next's,
    its suites taking turns."""
    inputs = out_dir(run_dir, "inputs")
    units = []
    serial = {}
    # -new-reg-bank-select on the first CPU check itself defaults to (gfx900).
    nrbs_cpu = next((c for c in cfg["cpus"] if c in V.default_cpus("check")), cfg["cpus"][0])
    for r in range(cfg.get("rounds", 1)):
        for kind, suite, lines in interleaved(round_chunks(cfg, r)):
            # Unit names: kind, then the suite unless it is the default one
            # (sig-000, graph-shaders-001, sig-kernels-002).
            stem = kind if suite in ("default", "file") else "%s-%s" % (kind, suite)
            n = serial.get(stem, 0)
            serial[stem] = n + 1
            name = "%s-%03d.ll" % (stem, n)
            write_text(os.path.join(inputs, name), "\n".join(lines) + "\n")
            own = next((s["cpus"] for s in cfg.get("suites") or [] if s["name"] == suite and s.get("cpus")), None)
            cpus = [c for c in cfg["cpus"] if not own or c in own] or cfg["cpus"][:1]
            for cpu in cpus:
                u = {"id": "%s-%03d-%s" % (stem, n, cpu), "kind": kind, "suite": suite, "input": "inputs/" + name,
                     "cpu": cpu}
                if r:
                    u["round"] = r
                if cfg.get("nrbs", True) and cfg.get("selector", "both") != "dag" and kind not in ("graph", "module") and \
                        cpu == nrbs_cpu and n < cfg.get("nrbs_chunks", 1):
                    u["nrbs"] = True
                units.append(u)
    plan = {"format": 1, "config": cfg, "compilers": compilers, "units": units}
    plan["digest"] = hashlib.sha256(dumps({k: plan[k] for k in ("config", "compilers", "units")}).encode()).hexdigest()[:16]
    write_text(os.path.join(run_dir, "plan.json"), json.dumps(plan, indent=1, sort_keys=True) + "\n")
    return plan


PLAN = record_shape({"config": (dict, True), "compilers": (list, True), "units": (list, True),
                     "digest": (str, True)})


def load_plan(run_dir):
    path = os.path.join(run_dir, "plan.json")
    try:
        with open(path, "rb") as f:
            if not os.path.isfile(path):
                raise ValueError("not a regular file")
            plan = json.loads(f.read().decode("utf-8"))
    except (OSError, ValueError) as e:
        raise HarnessError("%s: cannot read the plan of this run (%s)" % (path, e))
    wrong = PLAN(plan)
    if wrong:
        raise HarnessError("%s: cannot read the plan of this run (%s)" % (path, wrong))
    return plan


# How much lower than the harness the units' own work runs (reading results,
# the cross-axis diffs; gcnabi check lowers itself as much): llc, started at
# the harness's priority, gets the CPU first, and this work fills what llc
# leaves. Linux keeps a nice value per thread.
OWN_WORK_NICE = 19
_spawner = None  # the one thread, at the harness's priority, that starts gcnabi check


def _lower_own_priority():
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, os.getpriority(os.PRIO_PROCESS, tid) + OWN_WORK_NICE)
    except (OSError, AttributeError):
        pass


def _popen(*args, **kw):
    """subprocess.Popen from the spawner thread when there is one: a child
    inherits the nice value of the thread that forks it."""
    if _spawner:
        return _spawner.submit(subprocess.Popen, *args, **kw).result()
    return subprocess.Popen(*args, **kw)


def in_shard(index, shard):
    i, n = shard
    return index % n == i - 1


def _limits(mem_mb):
    def apply():
        # The check process and every llc it starts: gcnabi check also sets
        # each llc's own limit (--mem-limit), which this one bounds.
        limit = (mem_mb + 1024) << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:  # gcnabi check dies with the harness (Linux); it takes its llc along
            ctypes.CDLL(None).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
        except (OSError, AttributeError):
            pass
    return apply


def kill_session(sid):
    """SIGKILL to every process of session sid until none is left: gcnabi
    check leads it, each llc it starts runs in a process group of its own
    inside it, and what llc starts (a stand-in's sleep) in llc's group.
    Called while the leader is not yet reaped, so that its pid, the
    session's id, cannot have been reused."""
    for _ in range(50):
        left = []
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                if os.getsid(int(name)) == sid and _running(int(name)):
                    os.kill(int(name), signal.SIGKILL)
                    left.append(name)
            except OSError:  # gone meanwhile
                pass
        if not left:
            return
        time.sleep(0.02)


def _running(pid):
    """Not a zombie: a process that has ended but is not reaped yet."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def check_command(unit, cfg, compilers, out, nrbs, inp, callers=True, slots=None):
    """The gcnabi check (compare: gcnabi ab) command line of one unit, and
    whether it is gcnabi ab."""
    # compare: gcnabi ab, which runs check and says what moved between the two (ab.json)
    ab = cfg["mode"] == "compare" and len(compilers) == 2 and not nrbs and callers
    args = [GCNABI, "ab", "--json"] if ab else [GCNABI, "check", "--quiet"]
    args += ["--jobs", "1", "--batch", str(cfg["batch"]), "--timeout", str(cfg["timeout"]),
             "--mem-limit", str(cfg["mem"]), "--mcpu", unit["cpu"], "--out", out]
    if slots:
        args += ["--llc-slots", slots]
    if unit["kind"] not in ("graph", "module"):
        args.append("--placements")
    if unit["kind"] == "module":
        args.append("--as-written")
    if not callers:
        args.append("--no-caller")
    for c in compilers:
        # Identified once by the harness: the unit's check skips `llc --version`.
        args += C.check_args(c) + ["--llc-version", c["version"]]
    for s in cfg.get("switches") or []:
        args += ["--switch", s]
    # (an input file's own `; gcnabi-llc-options:` line travels in the unit's input)
    args += ["--llc-option=%s" % o for o in cfg.get("llc_options") or []]
    if cfg.get("triple"):
        args += ["--triple", cfg["triple"]]
    if nrbs:
        args += ["--selector", "gisel", "--new-reg-bank-select"]
    else:
        args += ["--selector", cfg.get("selector", "both")]
        if cfg.get("final_code"):
            # The nightly looks for bad machine code in the final code too;
            # a run does not (cli.config_from): the verifier is a quarter
            # of the llc time there (docs/design.md), each rejection a split.
            if cfg.get("final_code_verify", True):
                args += ["--final-code-verify"]
            if cfg.get("final_code_sample", 1) > 1:
                args += ["--final-code-sample", str(cfg["final_code_sample"])]
            for c in compilers:
                sel = final_selectors(cfg["final_code"], c)
                args += ["--final-code-selector", "%s=%s" % (c["label"], "both" if len(sel) == 2 else sel[0])]
    if cfg.get("layout"):
        args += ["--layout", cfg["layout"]]
    args.append(inp)
    return args, ab


def _check(unit, cfg, compilers, run_dir, out, nrbs, inp, callers=True, slots=None):
    """gcnabi check of one unit: (exit status, error, what check said on
    stderr); status None when the unit's own time limit stopped it, which
    is the machine's fault."""
    args, ab = check_command(unit, cfg, compilers, out, nrbs, inp, callers, slots)
    # A unit may take at most every batch's timeout, in wall time (an llc
    # not using its CPU time runs up to timeout_wall_factor times it);
    # then it is killed.
    limit = cfg["timeout"] * V.vocab()["timeout_wall_factor"] * (4 + 2 * len(compilers) * 2)
    env = dict(os.environ, LLVM_DISABLE_SYMBOLIZATION="1")
    # A session of its own: at the unit's time limit the whole of it is
    # killed, check and every llc it started.
    p = _popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
               preexec_fn=_limits(cfg["mem"]), start_new_session=True)
    try:
        so, se = p.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        kill_session(p.pid)
        p.communicate()
        return None, None, "gcnabi check ran past the unit's limit of %ds (--timeout %s x %d) and was stopped with " \
            "every llc it ran; the findings it wrote before are kept" % (limit, cfg["timeout"], limit // cfg["timeout"])
    if p.returncode & 1 or p.returncode == 2 or p.returncode < 0:
        return p.returncode, (se.strip() or so.strip())[-2000:], se
    if ab:
        write_text(os.path.join(out, "ab.json"), so)
    return p.returncode, None, se.strip()[-2000:]


def run_unit(unit, plan, run_dir, slots=None):
    cfg, compilers = plan["config"], plan["compilers"]
    out = os.path.join(out_dir(run_dir, "units"), unit["id"])
    shutil.rmtree(out, ignore_errors=True)
    out_dir(*os.path.split(out))
    t0 = time.monotonic()
    inp = os.path.join(run_dir, unit["input"])
    rc, err, said = _check(unit, cfg, compilers, run_dir, out, False, inp, slots=slots)
    record = {"unit": unit["id"], "status": "done"}
    # Done only once check's results are complete on disk; results that
    # are not are not read, except those of a check stopped at the unit's
    # limit (an infrastructure error of the unit, what it wrote kept).
    missing = F.incomplete(out)
    if missing and rc is not None:
        record.update(status="error", error=err or missing)
        fnd, notes, link, quirks, infra = [], {}, [], [], []
    else:
        fnd, notes, link, quirks, infra = F.extract(out, inp, compilers, unit["id"])
        _unit_status(record, unit, rc, err, said, infra)
    stats = F.read_summary(out) if not missing else {}
    dirs = [out] if not missing else []
    nrbs = [c for c in compilers if c.get("new_reg_bank_select")]
    if nrbs and unit.get("nrbs"):
        # GlobalISel with -new-reg-bank-select is sampled: it is many times
        # slower (amdgpu-regbanklegalize on large functions) and llc 22
        # aborts on every call, so the chunk's NRBS_CALLEES shortest
        # signatures as callees, and the NRBS_CALLS shortest with a caller.
        lines = read_input(inp).splitlines(keepends=True)
        sample = sorted((l for l in lines if l.startswith("declare")), key=len)
        for tag, n, callers in (("nrbs", NRBS_CALLEES, False), ("nrbs-calls", NRBS_CALLS, True)):
            nout = os.path.join(out, tag)
            sub = os.path.join(out, tag + ".ll")
            write_text(sub, "".join(sorted(sample[:n], key=lambda l: l.split("(")[0])))
            rc2, err2, said2 = _check(unit, cfg, nrbs, run_dir, nout, True, sub, callers, slots=slots)
            missing = F.incomplete(nout)
            if missing and rc2 is not None:
                record.update(status="error", error=err2 or missing)
                continue
            f2, n2, _, q2, i2 = F.extract(nout, sub, nrbs, unit["id"])
            _unit_status(record, unit, rc2, err2, said2, i2)
            infra += i2
            quirks += q2
            fnd += f2
            notes.update(n2)
            for k, v in F.read_summary(nout).items():
                t = stats.setdefault(k, {})
                for x, y in v.items():
                    t[x] = t.get(x, 0) + y
            if not callers:
                dirs.append(nout)
    record["cross"] = F.cross(dirs, compilers, fnd, quirks) if unit["kind"] not in ("graph", "module") else []
    if cfg["mode"] == "compare" and not missing:
        record["ab"] = F.read_ab(out)
    bugs = {}
    for d in [out] + [os.path.join(out, t) for t in ("nrbs", "nrbs-calls") if os.path.isdir(os.path.join(out, t))]:
        if F.incomplete(d):
            continue
        for k, n in F.bugs_of(d).items():
            bugs[k] = bugs.get(k, 0) + n
    record["bugs"] = dict(sorted(bugs.items()))
    for d in [out] + [os.path.join(out, t) for t in ("nrbs", "nrbs-calls")]:
        shutil.rmtree(os.path.join(d, "placements"), ignore_errors=True)
    fnd.sort(key=lambda f: (f["axis"], f["combo"], f["line"], f.get("call_site", ""), f["why"]))
    record.update(findings=fnd, notes=dict(sorted(notes.items())), link=link, stats=stats, infra=infra,
                  seconds=round(time.monotonic() - t0, 3))
    return record


def _unit_status(record, unit, rc, err, said, infra):
    """The unit's status from one check of it: an error (of gcnabi or the
    input), or an infrastructure error of the unit itself (stopped at its
    time limit; exit bit 32 without a finding saying why), added to infra."""
    if rc is None or (rc & V.exit_bit("infra") and not infra):
        why = said if rc is None else "gcnabi check exited %d: %s" % (rc, said or "no reason given")
        infra.append({"unit": unit["id"], "combo": None, "kind": "unit-stopped" if rc is None else "check-infra",
                      "function": None, "line": 0, "message": why})
        if record["status"] == "done":
            record["status"] = "infra"
    elif err:
        record.update(status="error", error=err)


def say(line):
    """One line of a run's log on stderr, for a reader without a terminal;
    a log that cannot be written does not stop the run."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def unit_line(n, total, record, known):
    """A finished unit's line in a log: its number, time and the verdicts of
    its findings (report.classify with the run's known differences)."""
    v = R.no_verdicts()
    for f in R.classify([record], known):
        v[f["status"]] += 1
    state = {"error": ", error", "infra": ", infrastructure error"}.get(record.get("status"), "")
    return "[%d/%d] %s %.0f s, %s%s" % (n, total, record["unit"], record.get("seconds", 0),
                                        ", ".join("%d %s" % (v[st], st) for st in reversed(R.VERDICTS)), state)


class Progress:
    """On a terminal (or with --progress), one line: done/total, rate, time
    left, findings; otherwise (CI, a log file) one line per finished unit
    (unit_line), with the verdicts of the run's known-differences file."""

    def __init__(self, total, enabled=None, known_file=None):
        self.total, self.done, self.findings = total, 0, 0
        self.t0 = time.monotonic()
        self.on = sys.stderr.isatty() if enabled is None else enabled
        self.known = K.load(known_file) if known_file and not self.on else []

    def step(self, record):
        self.done += 1
        self.findings += sum(1 for f in record.get("findings", []) if not f.get("explained_by"))
        if not self.on:
            say(unit_line(self.done, self.total, record, self.known))
            return
        el = time.monotonic() - self.t0
        rate = self.done / el if el > 0 else 0
        left = (self.total - self.done) / rate if rate else 0
        sys.stderr.write("\r[%d/%d units] %.1f units/min, %dm%02ds left, %d findings so far   " % (
            self.done, self.total, rate * 60, left // 60, left % 60, self.findings))
        sys.stderr.flush()

    def end(self):
        if self.on:
            sys.stderr.write("\n")


# A journal record (run_unit's): the fields the reports read, of their
# types; each of its findings with the fields every finding has (F.extract).
_RECORD = record_shape({"unit": (str, True), "status": (str, True), "findings": (list, False),
                               "notes": (dict, False), "link": (list, False), "stats": (dict, False),
                               "cross": (list, False), "infra": (list, False), "bugs": (dict, False),
                               "error": (str, False), "elapsed": (float, False), "seconds": (float, False)})
_FINDING = record_shape({"axis": (str, True), "kind": (str, True), "unit": (str, True), "combo": (str, True),
                         "selector": (str, True), "cause": (str, True), "cause_versions": (list, True),
                         "cpu": (str, False), "function": (str, False), "convention": (str, False)})


def JOURNAL_RECORD(r):
    wrong = _RECORD(r)
    for i, f in enumerate([] if wrong else r.get("findings") or []):
        wrong = _FINDING(f)
        if wrong:
            return "finding %d: %s" % (i + 1, wrong)
    for name in ("link", "cross", "infra"):
        if not wrong and any(not isinstance(x, dict) for x in r.get(name) or []):
            wrong = "\"%s\" holds something other than JSON objects" % name
    return wrong


def read_journal(path):
    """A run folder's journal.jsonl: its records (a line of another shape
    is a HarnessError naming the file and line)."""
    return read_jsonl(path, JOURNAL_RECORD)


def execute(run_dir, plan, shard=None, jobs=2, deadline=None, progress=None, when_a_core_is_idle=None):
    """Runs the plan's units not yet done in the journal (of this shard: a
    unit journaled with an error or an infrastructure error runs again);
    returns the number of units
    left undone (budget). when_a_core_is_idle() is called once, from a
    worker thread, as soon as fewer units are unfinished than llc may run
    at once. A journal that cannot be written stops the run (HarnessError)."""
    journal = os.path.join(run_dir, "journal.jsonl")
    # A unit with an infrastructure error runs again too: the machine may
    # be fixed, and its last record is the one reported.
    done = {r["unit"] for r in read_journal(journal) if r.get("status") == "done" and not r.get("infra")}
    # Drop a torn last line before appending.
    if os.path.exists(journal):
        good = "".join(json.dumps(r, sort_keys=True) + "\n" for r in read_journal(journal))
        write_text(journal, good)
    todo = [u for i, u in enumerate(plan["units"]) if (not shard or in_shard(i, shard)) and u["id"] not in done]
    # Time to find: each unit says when it finished, in seconds of the
    # run's own time (a resumed run goes on from its journal's last).
    since = max([r.get("elapsed", 0) for r in read_journal(journal)] + [0]) - time.monotonic()
    prog = Progress(len(todo), progress, plan["config"]["known"])
    lock = threading.Lock()
    left = 0
    # At most `jobs` llc run at once, machine-wide: a unit's check holds one
    # of the slot file's bytes (a lock) while its llc runs. Twice as many
    # units run, so that one unit's work before and after its llc (emitting
    # the IR, reading the MIR, comparing) overlaps another unit's llc.
    jobs = max(1, jobs)
    slots = os.path.join(run_dir, "llc-slots")
    write_text(slots, "." * jobs)

    unfinished = [len(todo)]
    stop = threading.Event()  # the journal failed: no unit starts any more

    def one_finished():
        with lock:
            unfinished[0] -= 1
            idle = unfinished[0] == jobs - 1
        if idle and when_a_core_is_idle:
            when_a_core_is_idle()

    def one(u):
        try:
            if stop.is_set() or (deadline and time.monotonic() > deadline):
                return None
            rec = run_unit(u, plan, run_dir, slots)
            rec["elapsed"] = round(since + time.monotonic(), 1)
            return rec
        except Exception as e:  # a harness bug: the unit is an error, the run goes on
            import traceback
            return {"unit": u["id"], "status": "error", "findings": [], "notes": {}, "link": [], "stats": {},
                    "cross": [], "error": "gcnabi-run failed reading this unit's results: %s\n%s" % (
                        e, "".join(traceback.format_exc().splitlines(True)[-6:]))}
        finally:
            one_finished()

    if len(todo) < jobs and when_a_core_is_idle:
        when_a_core_is_idle()
    global _spawner
    _spawner = concurrent.futures.ThreadPoolExecutor(1)
    try:
        with concurrent.futures.ThreadPoolExecutor(2 * jobs, initializer=_lower_own_priority) as pool:
            # Each unit is journaled as soon as it is done, not in plan
            # order: a run killed while one unit is slow keeps every other
            # finished one (reports read the journal in plan order).
            for done_unit in concurrent.futures.as_completed([pool.submit(one, u) for u in todo]):
                rec = done_unit.result()
                if rec is None:
                    left += 1
                    continue
                try:
                    with lock:
                        append_line(journal, json.dumps(rec, sort_keys=True) + "\n", sync=True)
                except HarnessError:
                    stop.set()
                    raise
                prog.step(rec)
    finally:
        prog.end()
        _spawner.shutdown()
        _spawner = None
        if os.path.exists(slots):
            os.unlink(slots)
    return left


def load_results(run_dirs, digest=None):
    """Journal records of one or more run folders (shards of one plan), one
    per unit, in plan order."""
    recs = {}
    for d in run_dirs:
        plan = load_plan(d)
        if digest and plan["digest"] != digest:
            raise HarnessError("%s: a different plan (digest %s, expected %s): not a shard of this run" % (
                d, plan["digest"], digest))
        for r in read_journal(os.path.join(d, "journal.jsonl")):
            recs[r["unit"]] = (r, d)
    return recs
