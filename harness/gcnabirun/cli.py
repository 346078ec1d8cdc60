"""gcnabi-run subcommands: run, compare, nightly, merge, report, selftest."""
import argparse
import json
import os
import subprocess
import sys
import threading
import time

from . import compilers as C
from . import draws as D
from . import known as K
from . import layouts as LY
from . import report as R
from . import reproducers as RP
from . import work as W
from . import common
from . import vocab as V
from .common import ROOT, HarnessError, UsageError, parse_budget, read_jsonl, write_text

DEFAULT_KNOWN = os.path.join(ROOT, "cases", "known-differences.txt")


# Option values: each option's type is the range it honours; a value out
# of it is a usage error (exit 2, on stderr) before a run folder is made.
MAX_SEED = (1 << 64) - 1  # gcnabi gen --seed: an unsigned 64-bit number


def _number(kind, low, strict):
    def parse(text):
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError("'%s' is not a number" % text)
        if not v == v or v in (float("inf"), float("-inf")) or v < low or (strict and v == low):
            raise argparse.ArgumentTypeError("%s: must be %s %s" % (text, "above" if strict else "at least", low))
        return v
    parse.__name__ = kind.__name__  # argparse's message: "invalid int value"
    return parse


positive = _number(int, 0, True)  # --chunk, --batch, --jobs, --mem
amount = _number(int, 0, False)  # --count, --swarm, --graphs
seconds = _number(float, 0, True)  # --timeout


def seed(text):
    """gcnabi gen's seed: decimal digits, at most MAX_SEED."""
    if not text.isascii() or not text.isdigit() or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError("'%s': a seed is a number from 0 to %d" % (text, MAX_SEED))
    return text


def cpu_option(text):
    """--mcpu: a CPU gcnabi knows (gcnabi vocab cpus), by its gfx name or an
    alias llc takes (hawaii: gfx701), optionally with a wave size
    (gfx1030w64); returned by its gfx name."""
    cpus = V.vocab()["cpus"]
    name, wave = C.split_cpu(text)
    gfx = next((c["name"] for c in cpus if name == c["name"] or name in c.get("aliases", [])), None)
    if gfx is None:
        raise argparse.ArgumentTypeError("unknown CPU '%s' (%s; wave size: w32 or w64 after it)"
                                         % (text, ", ".join(c["name"] + "".join(" " + a for a in c.get("aliases", []))
                                                            for c in cpus)))
    return gfx + ("w%d" % wave if wave else "")


def switch_option(text):
    """--switch NAME=on|off, NAME one of gcnabi's switches (vocab switches)."""
    names = [s["name"] for s in V.vocab()["switches"]]
    name, _, value = text.partition("=")
    if name not in names or value not in ("on", "off"):
        raise argparse.ArgumentTypeError("'%s': expected NAME=on or NAME=off, NAME one of %s"
                                         % (text, ", ".join(names)))
    return text


def llc_option(text):
    """--llc-option OPT: one option llc takes, not one gcnabi gives llc
    itself (vocab llc_owned_options)."""
    why = V.llc_option_refused(text)
    if why:
        raise argparse.ArgumentTypeError("'%s': %s" % (text, why))
    return text


def out_folder(text):
    if not text:
        raise argparse.ArgumentTypeError("an empty folder name")
    return text


def add_common(p, count=300):
    p.add_argument("--llc", action="append", metavar="[NAME=]PATH",
                   help="an llc to use (repeatable; NAME labels it, default llvm-<version>); default: every llc found")
    p.add_argument("--profile", action="append", metavar="[NAME=]P",
                   help="the llc NAME (without NAME: every llc) follows profile P (default: its version's, else the "
                        "nearest older)")
    p.add_argument("--mcpu", action="append", type=cpu_option,
                   help="CPU (repeatable; default %s; the nightly's also %s)" % (
                       ", ".join(V.default_cpus("harness")), ", ".join(V.default_cpus("nightly"))))
    p.add_argument("--selector", choices=V.selectors() + ["both"], default="both")
    p.add_argument("--triple", choices=V.vocab()["triples"], default=V.vocab()["triples"][0],
                   help="the triple of every function but kernels (default %s)" % V.vocab()["triples"][0])
    p.add_argument("--no-new-reg-bank-select", action="store_true", help="skip GlobalISel -new-reg-bank-select")
    p.add_argument("--seed", type=seed, help="gcnabi gen seed (default: today, YYYYMMDD)")
    p.add_argument("--count", type=amount, default=count, help="random signatures (default %d)" % count)
    p.add_argument("--swarm", type=amount, default=0, help="swarm-mode signatures")
    p.add_argument("--graphs", type=amount, default=0, help="random call graphs")
    p.add_argument("--weights", help="gcnabi gen weights file (of the default suite)")
    p.add_argument("--suites", default="all", metavar="LIST",
                   help="suites to generate, comma-separated: default (ccc/fastcc/coldcc/amdgpu_gfx), "
                        "shaders, chain, kernels, bodies (the default conventions with bodies: frames, "
                        "pressure, tail calls, long branches), options (the same call graphs with llc options drawn per graph), "
                        "whole_wave (amdgpu_gfx_whole_wave with bodies, LLVM 22), or all (default all); --count and --graphs are "
                        "shared out among them")
    p.add_argument("--layout", help="SGPR layout the compilers use (default old)")
    p.add_argument("--switch", action="append", default=[], metavar="NAME=on|off", type=switch_option,
                   help="change a rule in every profile (a copy; see gcnabi profiles)")
    p.add_argument("--llc-option", action="append", default=[], metavar="OPT", type=llc_option,
                   help="an option every llc run gets (repeatable; --llc-option=-mattr=... too); an input file's "
                        "`; gcnabi-llc-options: OPT...` line adds its own; part of each combination's name")
    p.add_argument("--known", default=DEFAULT_KNOWN, help="known-differences file (default cases/known-differences.txt)")
    p.add_argument("--chunk", type=positive, default=50, help="signatures per unit (default 50)")
    p.add_argument("--batch", type=positive, default=200, help="functions per llc process (default 200)")
    p.add_argument("--timeout", type=seconds, default=120, help="CPU seconds per llc process (default 120; 4x of wall time at most)")
    p.add_argument("--mem", type=positive, default=4096, help="MB of address space per llc process (default 4096)")
    p.add_argument("--jobs", type=positive, default=os.cpu_count() or 2,
                   help="llc processes at once, machine-wide (default: cores); twice as many units run")
    p.add_argument("--shard", type=shard_option, help="i/n: run every n-th unit starting at the i-th (then `merge`)")
    p.add_argument("--resume", nargs="?", const="latest", help="continue a killed run (default reports/latest)")
    p.add_argument("--out", type=out_folder, help="report folder (default reports/<mode>-<seed>-<time>)")
    p.add_argument("--no-minimize", action="store_true", help="report causes without minimizing them")
    p.add_argument("--final-code", nargs="?", const="both", choices=["dag", "gisel", "both", "auto"],
                   help="check llc's final code against the contract too, of the combinations of this selector "
                        "(gcnabi check --final-code-selector; without one: both; auto: SelectionDAG's, and "
                        "GlobalISel's from llc %d on; default: auto in run and nightly, none in compare)"
                        % W.GISEL_FINAL_CODE_FROM)
    p.add_argument("--no-final-code", dest="final_code", action="store_const", const="none",
                   help="no final code, in nightly too")
    p.add_argument("--final-code-sample", type=positive, metavar="N",
                   help="the final code of 1 in N functions of each combination (gcnabi check --final-code-sample; "
                        "default: %d in run, 1 (every function) in nightly)" % W.RUN_FINAL_CODE_SAMPLE)
    p.add_argument("--final-code-verify", action="store_true",
                   help="the machine verifier in the final code's llc runs too (default in nightly only)")
    p.add_argument("--progress", action="store_true", default=None, help="progress line even when not a terminal")
    p.add_argument("--as-written", action="store_true",
                   help="the input files are modules, each compiled as it is (gcnabi check --as-written): one unit "
                        "per file and CPU")
    p.add_argument("inputs", nargs="*", help="signature or call-graph files to check besides the generated ones "
                                             "(with --as-written: modules)")


def parse_shard(text):
    if not text:
        return None
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise UsageError("--shard takes i/n, e.g. 1/4")
    if not (1 <= i <= n):
        raise UsageError("--shard %s: i must be 1 to n" % text)
    return (i, n)


def shard_option(text):
    """--shard, checked as the options are read."""
    try:
        parse_shard(text)
    except UsageError as e:
        raise argparse.ArgumentTypeError(str(e))
    return text


def resolve_resume(text):
    path = os.path.join(ROOT, "reports", "latest") if text == "latest" else text
    if not os.path.exists(os.path.join(path, "plan.json")):
        raise UsageError("--resume %s: no run there (no plan.json)" % text)
    return os.path.realpath(path)


def new_run_dir(mode, seed, out):
    """The folder of a new run, made and locked for this process."""
    if out:
        d = out
    else:
        d = os.path.join(ROOT, "reports", "%s-%s-%s-%d" % (mode, seed, time.strftime("%Y%m%d-%H%M%S"), os.getpid()))
    common.lock_run_dir(d)
    if os.path.exists(os.path.join(d, "plan.json")):
        raise UsageError("%s already holds a run: use --resume %s or another --out" % (d, d))
    return d


def point_latest(run_dir):
    reports = os.path.join(ROOT, "reports")
    if os.path.dirname(os.path.realpath(run_dir)) != os.path.realpath(reports):
        return
    link = os.path.join(reports, "latest")
    tmp = link + ".%d" % os.getpid()
    os.symlink(os.path.basename(run_dir), tmp)
    os.replace(tmp, link)


def config_from(args, mode, compilers):
    seed = args.seed or time.strftime("%Y%m%d")
    cfg = {"mode": mode, "seed": str(seed), "count": args.count, "swarm": args.swarm, "graphs": args.graphs,
           "weights": os.path.abspath(args.weights) if args.weights else None,
           "cpus": args.mcpu or V.run_cpus(mode),
           "selector": args.selector, "nrbs": not args.no_new_reg_bank_select, "switches": args.switch,
           "llc_options": args.llc_option, "triple": args.triple,
           "layout": args.layout, "chunk": args.chunk, "batch": args.batch, "timeout": args.timeout,
           "mem": args.mem, "inputs": [os.path.abspath(p) for p in args.inputs], "as_written": args.as_written,
           "known": os.path.abspath(args.known),
           # The final code's selector(s): in run and nightly SelectionDAG's,
           # and GlobalISel's from llc 22 (work.GISEL_FINAL_CODE_FROM).
           "final_code": ("auto" if mode in ("run", "nightly") else None) if args.final_code is None else
           (None if args.final_code == "none" else args.final_code),
           # ... of every function in the nightly, of a sample in run (the
           # main command's time: docs/measured.md)
           "final_code_sample": args.final_code_sample or (W.RUN_FINAL_CODE_SAMPLE if mode == "run" else 1),
           # Bad machine code after isel: the nightly's to look for.
           "final_code_verify": mode == "nightly" or args.final_code_verify,
           # The nightly's extra rounds, while its budget lasts (work.make_plan).
           "rounds": W.NIGHTLY_ROUNDS if mode == "nightly" else 1,
           # ... whose round 0 draws every weight at least once (work.covered_graphs)
           "cover": mode == "nightly"}
    if args.weights and not os.path.isfile(args.weights):
        raise UsageError("--weights %s: no such file (a weights file of gcnabi gen)" % args.weights)
    known_suites = ["default"] + [s[0] for s in W.CONVENTION_SUITES]
    names = known_suites if args.suites == "all" else [n.strip() for n in args.suites.split(",") if n.strip()]
    if not names:
        raise UsageError("--suites '%s': no suite named (%s or all)" % (args.suites, ", ".join(known_suites)))
    for n in names:
        if n not in known_suites:
            raise UsageError("--suites: unknown suite '%s' (%s or all)" % (n, ", ".join(known_suites)))
    cfg["suites"] = W.suites_for(names, args.count, args.graphs)
    taken = sum(s["count"] for s in cfg["suites"])
    cfg["count"] = args.count - taken if "default" in names else 0
    cfg["graphs"] = args.graphs - sum(s["graphs"] for s in cfg["suites"]) if "default" in names else 0
    if "default" not in names:
        cfg["swarm"] = 0
    if args.as_written:
        # the modules alone: nothing generated beside them
        if not args.inputs:
            raise UsageError("--as-written needs the modules to check (FILE.ll ...)")
        cfg.update(count=0, swarm=0, graphs=0, suites=[])
    return cfg


def start(args, mode):
    """Plans (or reloads) the run and executes its units; returns (run_dir, plan)."""
    if args.resume:
        run_dir = resolve_resume(args.resume)
        common.lock_run_dir(run_dir)
        plan = W.load_plan(run_dir)
        K.load(plan["config"]["known"])
    else:
        K.load(args.known)  # a malformed file stops the run before any llc runs
        compilers = C.discover(args.llc, args.profile or (), keep_order=mode == "compare")
        cfg = config_from(args, mode, compilers)
        if args.layout:
            LY.validate(args.layout)
        W.check_inputs(cfg["inputs"], cfg["as_written"])  # bad input stops the run before any llc runs
        run_dir = new_run_dir(mode, cfg["seed"], args.out)
        if getattr(args, "budget_seconds", None):
            cfg["budget"] = args.budget_seconds
        plan = W.make_plan(run_dir, cfg, compilers)
    shard = parse_shard(args.shard)
    if shard:
        write_text(os.path.join(run_dir, "shard.txt"), "%d/%d\n" % shard)
    t0 = time.monotonic()
    deadline = None
    if plan["config"].get("budget"):
        deadline = t0 + plan["config"]["budget"] * 0.6
    # The layout table needs no llc: it is computed while the last units run.
    layouts = LayoutsInBackground(run_dir, plan) if not shard else None
    left = W.execute(run_dir, plan, shard=shard, jobs=args.jobs, deadline=deadline, progress=args.progress,
                     when_a_core_is_idle=layouts.start if layouts else None)
    info = {"started": time.strftime("%Y-%m-%dT%H:%M:%S"), "units_seconds": round(time.monotonic() - t0, 2),
            "left_for_budget": left}
    if layouts:
        info["layouts"] = layouts
    if plan["config"].get("budget"):
        # Minimizing gets what the units left of the budget, less a margin
        # for writing the reports.
        info["minimize_deadline"] = t0 + plan["config"]["budget"] - 20
    return run_dir, plan, shard, info


def place_cpu():
    """gcnabi place's default CPU: the model-only tables' and compare's."""
    return V.default_cpus("place")[0]


def layout_table(run_dir, plan):
    """The old vs proposed layouts table (model only) of the run's
    signatures: the default suite's, the conventions the SGPR layout applies
    to (the default one and amdgpu_gfx), of round 0 (computed while the
    units run, before it is known how many extra rounds will)."""
    sig_inputs = sorted(u["input"] for u in plan["units"] if not W.extra(u) and
                        u["kind"] in ("sig", "swarm", "file") and u.get("suite", "default") in ("default", "file"))
    if not sig_inputs:
        return []
    seen = []
    for p in sig_inputs:
        if p not in seen:
            seen.append(p)
    newest = plan["compilers"][-1]["profile"] if plan["compilers"] else V.newest_profile()
    # One file at a time: the units' files may reuse function names (the
    # plain and the swarm signatures are both @f0, @f1, ...), which one
    # file of signatures may not.
    return LY.impact_of_files([os.path.join(run_dir, p) for p in seen], profile=newest, cpu=place_cpu())


class LayoutsInBackground:
    """layout_table in a process of its own at the lowest priority, started
    (start()) when fewer units are left than llc may run at once: it then
    uses a core the units leave idle. Started earlier, it slowed llc by up to
    20 % in spite of its priority (gcnabi place per layout, megabytes of
    JSON parsed). result() starts it if nobody did and waits for it; when it
    failed, the table is computed again here, so that its error is raised."""

    def __init__(self, run_dir, plan):
        self.run_dir, self.plan = run_dir, plan
        self.path = os.path.join(run_dir, "layouts.json.tmp")
        self.proc = None
        self.lock = threading.Lock()

    def start(self):
        # A new interpreter, not a fork: the harness has threads by now.
        with self.lock:
            if not self.proc:
                code = ("import sys; sys.path.insert(0, sys.argv[1]); from gcnabirun.cli import LayoutsInBackground; "
                        "LayoutsInBackground.compute(sys.argv[2], sys.argv[3])")
                self.proc = subprocess.Popen([sys.executable, "-c", code, os.path.dirname(os.path.dirname(
                    os.path.abspath(__file__))), self.run_dir, self.path], stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL)

    @staticmethod
    def compute(run_dir, path):
        os.nice(19)
        rows = layout_table(run_dir, W.load_plan(run_dir))
        write_text(path + ".part", json.dumps(rows))
        os.replace(path + ".part", path)

    def result(self):
        self.start()
        self.proc.wait()
        try:
            if self.proc.returncode == 0:
                return json.load(open(self.path))
            return layout_table(self.run_dir, self.plan)
        finally:
            for p in (self.path, self.path + ".part"):
                if os.path.exists(p):
                    os.unlink(p)


def expected_units(run_dir, plan):
    """The ids of the units a run folder should hold results of: the plan's,
    or its shard's (shard.txt) for a run of one shard; not those of extra
    rounds, which run while the budget lasts."""
    shard = None
    path = os.path.join(run_dir, "shard.txt")
    if os.path.exists(path):
        shard = parse_shard(open(path).read().strip())
    return [u["id"] for i, u in enumerate(plan["units"]) if (not shard or W.in_shard(i, shard)) and not W.extra(u)]


def extra_rounds(plan, have):
    """The extra rounds' units: how many the plan has, how many ran (have:
    the ids with results), and the last round begun."""
    units = [u for u in plan["units"] if W.extra(u)]
    ran = [u for u in units if u["id"] in have]
    return {"units": len(units), "done": len(ran), "rounds": max([u["round"] for u in units] + [0]),
            "reached": max([u["round"] for u in ran] + [0])}


# A line of minimize.jsonl: a cause's reproducer (minimize_cause's).
MINIMIZED_RECORD = common.record_shape({"key": (str, True), "lit": (dict, False), "why": (str, False),
                                        "seconds": (float, False)})


def finish(run_dir, plan, records, minimize=True, info=None, quiet=False):
    """Minimizes the causes, writes the reports; returns the exit status:
    EXIT_INCOMPLETE when a unit the folder should hold has no results."""
    t0 = time.monotonic()
    cfg = plan["config"]
    known = K.load(cfg["known"])
    findings = R.classify(records, known)
    causes = R.buckets(findings, {r["unit"]: r.get("elapsed") for r in records})
    mfile = os.path.join(run_dir, "minimize.jsonl")
    minimized = {m["key"]: m for m in read_jsonl(mfile, MINIMIZED_RECORD)}
    # The budget goes to news: only new causes are minimized, in bucket
    # order; a known cause's stored reproducer is copied instead.
    for b in causes:
        if b["status"] == "known" and b.get("repro") and b["key"] not in minimized:
            minimized[b["key"]] = RP.stored_reproducer(b, run_dir)
    todo = [b for b in causes if b["key"] not in minimized and b["status"] == "new"]
    RP.crash_witnesses(plan, findings, todo)
    todo = RP.to_minimize(todo, minimized) if minimize else []
    # Every installed llc verifies the lit tests (the one that passes).
    installed, lit_cmd = [], None
    if todo:
        try:
            installed = C.discover()
        except HarnessError:
            pass
        lit_cmd = C.lit_command()
    if todo and not quiet:
        print("gcnabi-run: minimizing %d distinct cause(s)" % len(todo), file=sys.stderr)
    end = (info or {}).pop("minimize_deadline", None)
    unminimized = RP.minimize_all(todo, plan, installed, lit_cmd, run_dir, end, minimized, mfile,
                               log=not quiet and not sys.stderr.isatty())
    selector_repros = RP.selector_reproducers(findings, plan, run_dir, end, minimized, mfile, minimize, installed, lit_cmd)
    pending = (info or {}).pop("layouts", None)
    layouts = pending.result() if pending else layout_table(run_dir, plan)
    stats, cross, link, notes, errors = R.aggregate(records, findings)
    done = len(records)
    have = {r["unit"] for r in records}
    missing = sum(1 for u in expected_units(run_dir, plan) if u not in have)
    ctx = {"plan": plan, "findings": findings, "causes": causes, "minimized": minimized, "stats": stats,
           "cross": cross, "pairs": R.pairs_of(cross), "link": link, "notes": notes, "errors": errors, "layouts": layouts,
           "layout_profile": plan["compilers"][-1]["profile"] if plan["compilers"] else "-", "layout_cpu": place_cpu(),
           "done": done, "missing": missing, "extra": extra_rounds(plan, have), "known_file": os.path.relpath(cfg["known"], ROOT)
           if cfg["known"].startswith(ROOT) else cfg["known"]}
    ctx["draws"] = D.drawn(run_dir, plan, have)
    ctx["bugs"] = R.bugs_seen(records, causes)
    ctx["selector_repros"] = selector_repros
    ctx["axis_counts"] = R.axis_counts(findings, cross)
    ctx["infra"] = R.infrastructure(records)
    ctx["status"] = R.exit_status(findings, causes, errors, ctx["infra"], ctx["missing"], stats)
    if cfg["mode"] == "compare":
        # compare's verdict is gcnabi ab's: what moved between the two
        # compilers; the machine's faults and missing results stay.
        ctx["ab"] = R.ab_summary(records)
        ctx["status"] = ctx["status"] & (common.EXIT_ERROR | common.EXIT_INFRA | common.EXIT_INCOMPLETE) | \
            ctx["ab"]["status"]
    R.write_all(run_dir, ctx)
    point_latest(run_dir)
    info = dict(info or {})
    info["report_seconds"] = round(time.monotonic() - t0, 2)
    if unminimized:
        info["causes_left_unminimized"] = unminimized
        if not quiet:
            print("gcnabi-run: %d cause(s) left unminimized: the time budget was spent (gcnabi-run report %s "
                  "minimizes them)" % (unminimized, os.path.relpath(run_dir)), file=sys.stderr)
    info["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    write_text(os.path.join(run_dir, "run-info.json"), json.dumps(info, indent=1, sort_keys=True) + "\n")
    if not quiet:
        c = ctx["axis_counts"]
        print("gcnabi-run: %d/%d units%s; findings: %s" % (
            done - ctx["extra"]["done"], len(expected_units(run_dir, plan)), R.extra_words(ctx["extra"]), ", ".join(
                "%s %d (new %d)" % (a, c[a]["findings"], c[a]["new"]) for a in c if c[a]["findings"])))
        print("gcnabi-run: %d distinct causes (%d new); reproducers: %d lit tests" % (
            len(causes), sum(1 for b in causes if b["status"] == "new"),
            sum(1 for m in minimized.values() if m.get("lit"))))
        print("report: %s/summary.md (index.html, junit.xml, results.jsonl, repro/); exit status %d (%s)" % (
            os.path.relpath(run_dir), ctx["status"], R.describe_status(ctx["status"])))
    return ctx["status"]


def records_in_order(plan, recs):
    return [recs[u["id"]][0] for u in plan["units"] if u["id"] in recs]


def cmd_run(args, mode="run"):
    run_dir, plan, shard, info = start(args, mode)
    recs = W.load_results([run_dir])
    return finish(run_dir, plan, records_in_order(plan, recs), minimize=not args.no_minimize and not shard, info=info)


def cmd_nightly(args):
    budget = parse_budget(args.budget)
    args.budget_seconds = budget
    if not args.resume:
        compilers = C.discover(args.llc, args.profile or ())
        cpus = args.mcpu or V.run_cpus("nightly")
        combos = len(compilers) * len(cpus) * (len(V.selectors()) if args.selector == "both" else 1)
        # What they cost, in combinations checked without the final code
        # (on by default in the nightly; -new-reg-bank-select runs without).
        choice = args.final_code or "auto"
        cost = combos + sum(W.final_code_cost(choice, c, cpu) for c in compilers for cpu in cpus)
        jobs = max(1, args.jobs)
        args.count, args.swarm, args.graphs, need = W.nightly_size(budget, jobs, cost, W.nrbs_seconds(compilers))
        if need > budget * 1.1:
            print("gcnabi-run nightly: the smallest plan with every suite, CPU and combination needs about %d min "
                  "with %d job(s), more than the budget of %d min: it may not finish in it (then exit bit 64, and "
                  "--resume finishes it). A longer --budget, or fewer --mcpu or --llc, fits." % (
                      need / 60 + 1, jobs, budget / 60), file=sys.stderr)
        print("gcnabi-run nightly: budget %ds, %d llc, %d combinations%s: %d random + %d swarm signatures, %d call "
              "graphs, and up to %d extra rounds of as many while the budget lasts" % (budget, len(compilers), combos, " and %s final code" % ({"both": "both selectors'", "gisel": "GlobalISel's", "dag": "SelectionDAG's"}.get(
                              choice, "SelectionDAG's (GlobalISel's too from llc %d)" % W.GISEL_FINAL_CODE_FROM))
              if choice != "none" else "",
                          args.count, args.swarm, args.graphs, W.NIGHTLY_ROUNDS - 1), file=sys.stderr)
    return cmd_run(args, "nightly")


def cmd_compare(args):
    if not args.llc or len(args.llc) != 2:
        raise UsageError("compare takes exactly two --llc")
    if not args.mcpu:
        args.mcpu = [place_cpu()]
    return cmd_run(args, "compare")


def cmd_merge(args):
    dirs = [os.path.realpath(d) for d in args.dirs]
    plans = [W.load_plan(d) for d in dirs]
    digest = plans[0]["digest"]
    recs = W.load_results(dirs, digest)
    out = new_run_dir("merge", plans[0]["config"]["seed"], args.out)
    plan = plans[0]
    write_text(os.path.join(out, "plan.json"), json.dumps(plan, indent=1, sort_keys=True) + "\n")
    inputs, copies = os.path.join(dirs[0], "inputs"), common.out_dir(out, "inputs")
    for name in sorted(os.listdir(inputs)):
        with open(os.path.join(inputs, name), "rb") as f:
            write_text(os.path.join(copies, name), f.read())
    ordered = records_in_order(plan, recs)
    write_text(os.path.join(out, "journal.jsonl"), "".join(json.dumps(r, sort_keys=True) + "\n" for r in ordered))
    missing = sum(1 for u in plan["units"] if u["id"] not in recs and not W.extra(u))
    if missing:
        print("gcnabi-run merge: %d unit(s) of the plan are in none of the shards" % missing, file=sys.stderr)
    return finish(out, plan, ordered, minimize=not args.no_minimize, info={"merged": dirs})


def cmd_report(args):
    run_dir = resolve_resume(args.dir)
    common.lock_run_dir(run_dir)
    plan = W.load_plan(run_dir)
    recs = W.load_results([run_dir])
    return finish(run_dir, plan, records_in_order(plan, recs), minimize=not args.no_minimize)


class CheckedStdout:
    """sys.stdout, whose failed write or flush is a HarnessError naming it;
    what is left of it then goes nowhere, so that the exit cannot fail
    again."""

    def __init__(self, f):
        self.f = f

    def _checked(self, op, *a):
        try:
            return op(*a)
        except OSError as e:
            os.dup2(os.open(os.devnull, os.O_WRONLY), self.f.fileno())
            raise HarnessError("cannot write <stdout>: %s" % (e.strerror or e))

    def write(self, text):
        return self._checked(self.f.write, text)

    def flush(self):
        return self._checked(self.f.flush)

    def __getattr__(self, name):
        return getattr(self.f, name)


def flushed(status):
    """status, once what the run printed was written."""
    sys.stdout.flush()
    return status


def main(argv=None):
    """gcnabi-run's entry point: any exception the harness does not expect
    is one line on stderr, `gcnabi-run: internal error: ...`, exit 1 (a
    bug of the harness, never a Python traceback)."""
    try:
        return _main(argv)
    except Exception as e:
        words = " ".join(str(e).split())[:500]
        print("gcnabi-run: internal error: %s%s" % (type(e).__name__, ": " + words if words else ""), file=sys.stderr)
        return 1


def _main(argv):
    try:
        # gcnabi's vocabularies, checked before anything runs: a finding
        # kind the harness cannot report stops it here.
        V.load()
    except HarnessError as e:
        print("gcnabi-run: %s" % e, file=sys.stderr)
        return 1  # without gcnabi, its exit bits are unknown: any program's failure
    ap = argparse.ArgumentParser(prog="gcnabi-run", description=__doc__ + " See harness/README section in README.md.")
    ap.add_argument("--version", action="version", version=common.version())
    sub = ap.add_subparsers(dest="cmd")
    p = sub.add_parser("run", help="an explicit run: --llc ... --seed ... --count ...")
    add_common(p)
    p = sub.add_parser("compare", help="two compilers side by side: --llc A --llc B")
    add_common(p, count=200)
    p = sub.add_parser("nightly", help="every llc, every axis, within a time budget")
    add_common(p)
    p.add_argument("--budget", default=os.environ.get("BUDGET", "20m"), help="time budget, e.g. 20m (default $BUDGET or 20m)")
    p = sub.add_parser("merge", help="merge the shards of one run (--shard i/n) into one report")
    p.add_argument("dirs", nargs="+")
    p.add_argument("--out", type=out_folder)
    p.add_argument("--no-minimize", action="store_true")
    p = sub.add_parser("report", help="rewrite the reports of a run (e.g. after editing the known differences)")
    p.add_argument("dir", nargs="?", default="latest")
    p.add_argument("--no-minimize", action="store_true")
    p = sub.add_parser("selftest", help="plant two errors and check that a run finds and minimizes each")
    p.add_argument("--keep", action="store_true", help="keep the self-test's run folders")
    args = ap.parse_args(argv)
    # llc's crash reports without symbolization: faster, and the same bucket
    # whether or not llvm-symbolizer is installed.
    os.environ["LLVM_DISABLE_SYMBOLIZATION"] = "1"
    if not isinstance(sys.stdout, CheckedStdout):
        sys.stdout = CheckedStdout(sys.stdout)
    if not args.cmd:
        ap.print_help()
        return common.EXIT_USAGE
    try:
        if args.cmd == "selftest":
            from .selftest import selftest
            return flushed(selftest(args))
        return flushed({"run": cmd_run, "compare": cmd_compare, "nightly": cmd_nightly, "merge": cmd_merge,
                        "report": cmd_report}[args.cmd](args))
    except UsageError as e:
        print("gcnabi-run: %s" % e, file=sys.stderr)
        return common.EXIT_USAGE
    except HarnessError as e:
        print("gcnabi-run: %s" % e, file=sys.stderr)
        return common.EXIT_ERROR
    except OSError as e:  # a file the harness could not read or write, where no message names it
        print("gcnabi-run: %s" % ("%s: %s" % (e.filename, e.strerror) if e.filename else e), file=sys.stderr)
        return common.EXIT_ERROR
    except KeyboardInterrupt:
        print("\ngcnabi-run: interrupted; continue with --resume", file=sys.stderr)
        return common.EXIT_ERROR
