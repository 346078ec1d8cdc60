"""gcnabi-run against hostile and careless input (issue 36, the harness's
side): a known-differences entry cannot read, write or run anything outside
the run (repro: paths stay in cases/, never lit's configuration), a file
planted in an output folder is not written through, a pattern cannot hang
a run, options out of their range are usage errors before a folder is
made, bad bytes in any reader of gcnabi-run are an error naming the file
(and line), never a Python traceback; and a bounded, seeded fuzz loop over
the known-differences and journal readers."""
import json
import re
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soft import report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "harness"))
from gcnabirun import cli as CLI  # noqa: E402
from gcnabirun import reproducers as RP  # noqa: E402
from gcnabirun import known as K  # noqa: E402
from gcnabirun import work as W  # noqa: E402
from gcnabirun.common import HarnessError  # noqa: E402

RUN = [sys.executable, os.path.join(ROOT, "harness", "gcnabi-run")]
# The smallest run: one llc, one CPU, one selector, five signatures.
TINY = ["--mcpu", "gfx900", "--selector", "dag", "--count", "5", "--graphs", "0", "--jobs", "1", "--suites",
        "default", "--no-new-reg-bank-select", "--no-minimize", "--no-final-code"]
ENTRY = "* | amdgpu_gfx | 16 | dag | ^call site: argument fewer parts$ | llc 16"
STORED = os.path.join(ROOT, "cases", "repro", "llc16-dag-gfx-callee-implicit-def.ll")


def run(args, timeout=120):
    return subprocess.run(RUN + args, capture_output=True, text=True, errors="replace", timeout=timeout)


def clean(r):
    """No traceback, and the error on one line of stderr."""
    return "Traceback" not in r.stderr and "Traceback" not in r.stdout


def write(path, text):
    with open(path, "w" if isinstance(text, str) else "wb") as f:
        f.write(text)
    return path


def tiny_run(llc, out, known, *extra):
    return run(["run", "--llc", llc, "--known", known, "--out", out] + TINY + list(extra))


def known_error(fn):
    """The HarnessError fn() raises, as text ("" when none)."""
    try:
        fn()
    except HarnessError as e:
        return str(e)
    return ""


# ------------------------------------------------------------ paths stay inside

@pytest.mark.parametrize("path", ["/proc/self/environ", "/etc/passwd", "../../x", "dir/lit.cfg.py",
                                  "dir/lit.local.cfg", "cases-like/../../../../etc/passwd", "", "CASES/sig",
                                  "CASES/known-differences.txt", "CASES/../Makefile"])
def test_repro_outside_refused(tmp, llc, path):
    """A repro: that is not a .ll lit test inside cases/ stops the run with
    FILE:LINE before any work: nothing copied, no run folder."""
    os.makedirs(os.path.join(tmp, "dir"))
    write(os.path.join(tmp, "dir", "lit.cfg.py"), "# RUN: true\nimport os\n")
    write(os.path.join(tmp, "dir", "lit.local.cfg"), "# RUN: true\n")
    # CASES: the repository's cases/, relative to the known file's folder.
    path = path.replace("CASES", os.path.relpath(os.path.join(ROOT, "cases"), tmp))
    known = write(os.path.join(tmp, "known.txt"), "# header\n%s | repro: %s\n" % (ENTRY, path))
    out = os.path.join(tmp, "out")
    t0 = time.monotonic()
    r = tiny_run(llc, out, known)
    report("repro: %r refused with FILE:LINE, exit 1, no run folder (%.1f s)" % (path, time.monotonic() - t0),
           r.returncode == 1 and known + ":2: error: repro" in r.stderr and not os.path.exists(out) and clean(r),
           "exit %d\n%s" % (r.returncode, r.stderr[-2000:]))


def test_repro_rules(tmp, monkeypatch):
    """known.repro_of's rules on a cases/ folder of the test's own: a link
    inside cases/ to a file outside, a lit config name inside it, a .ll
    without RUN: line, a folder, are refused; a lit test inside (also
    through a link inside) is accepted, as its resolved path."""
    cases = os.path.join(tmp, "cases")
    os.makedirs(os.path.join(cases, "repro", "sub.ll"))
    monkeypatch.setattr(K, "CASES", cases)
    outside = write(os.path.join(tmp, "outside.ll"), "; RUN: llc %s\n")
    good = write(os.path.join(cases, "repro", "good.ll"), "; RUN: llc < %s\ndefine void @f() { ret void }\n")
    write(os.path.join(cases, "repro", "norun.ll"), "define void @f() { ret void }\n")
    write(os.path.join(cases, "repro", "lit.cfg.py"), "# RUN: x\n")
    os.symlink(outside, os.path.join(cases, "repro", "escape.ll"))
    os.symlink("good.ll", os.path.join(cases, "repro", "alias.ll"))
    os.symlink("good.ll", os.path.join(cases, "repro", "lit.local.cfg"))
    os.symlink("/dev/zero", os.path.join(cases, "repro", "zero.ll"))
    os.mkfifo(os.path.join(cases, "repro", "fifo.ll"))
    known = os.path.join(cases, "known.txt")
    for name, want in [("repro/escape.ll", "outside"), ("repro/lit.cfg.py", "lit's configuration"),
                       ("repro/lit.local.cfg", "lit's configuration"), ("repro/norun.ll", "no RUN: line"),
                       ("repro/sub.ll", "not a file"), ("repro/zero.ll", "outside"),
                       ("repro/fifo.ll", "not a file"), ("repro/../../outside.ll",
                                                                                   "outside")]:
        write(known, "%s | repro: %s\n" % (ENTRY, name))
        err = known_error(lambda: K.load(known))
        report("repro: %s refused: %s" % (name, want), err.startswith(known + ":1: error: repro") and want in err, err)
    for name in ("repro/good.ll", "repro/alias.ll"):
        write(known, "%s | repro: %s\n" % (ENTRY, name))
        entries = K.load(known)
        report("repro: %s accepted as the resolved lit test" % name, entries[0]["repro"] == os.path.realpath(good),
               repr(entries))


def test_stored_reproducer_never_replaces(tmp):
    """The copy of a stored reproducer is a new file: it does not replace
    the report's lit.cfg.py or another file of its name, nor write through
    a link planted in repro/; a copy of its own (a second `report`) is
    kept."""
    b = {"key": "k", "repro": os.path.realpath(STORED)}
    name = os.path.basename(STORED)
    data = open(STORED, "rb").read()
    run_dir = os.path.join(tmp, "run")
    m = RP.stored_reproducer(b, run_dir)
    copied = os.path.join(run_dir, "repro", name)
    again = known_error(lambda: RP.stored_reproducer(b, run_dir))
    report("a stored reproducer is copied, and a second copy of it is no error",
           open(copied, "rb").read() == data and m["lit"]["status"] == "stored" and not again, again)
    write(copied, "; RUN: something else\n")
    err = known_error(lambda: RP.stored_reproducer(b, run_dir))
    report("a different file of its name in repro/ is not replaced", "not a copy of" in err and
           open(copied).read() == "; RUN: something else\n", err)
    os.unlink(copied)
    target = write(os.path.join(tmp, "elsewhere.ll"), "keep\n")
    os.symlink(target, copied)
    err = known_error(lambda: RP.stored_reproducer(b, run_dir))
    report("a link planted in repro/ under its name is not written through",
           err and open(target).read() == "keep\n" and os.path.islink(copied), err)


PLANTED = ["summary.md", "index.html", "results.jsonl", "junit.xml", "run-info.json"]


def test_planted_links_in_out_replaced(tmp, llc):
    """Links planted in --out under the names of the reports: the run
    writes its reports as new files in their place; the files the links
    pointed to (or would create) are untouched."""
    out = os.path.join(tmp, "out")
    elsewhere = os.path.join(tmp, "elsewhere")
    os.makedirs(out)
    os.makedirs(elsewhere)
    for n in PLANTED:
        target = os.path.join(elsewhere, n)
        if n != "index.html":  # a dangling link: the file it names must not be made
            write(target, "keep\n")
        os.symlink(target, os.path.join(out, n))
    t0 = time.monotonic()
    r = tiny_run(llc, out, os.devnull)
    kept = {n: open(os.path.join(elsewhere, n)).read() for n in sorted(os.listdir(elsewhere))}
    report("planted links in --out replaced by new reports, targets untouched (%.1f s)" % (time.monotonic() - t0),
           r.returncode in (0, 4) and all(not os.path.islink(os.path.join(out, n)) and
                                          os.path.isfile(os.path.join(out, n)) for n in PLANTED) and
           kept == {n: "keep\n" for n in PLANTED if n != "index.html"},
           "exit %d\n%s\n%r" % (r.returncode, r.stderr[-1500:], kept))


@pytest.mark.parametrize("name", ["journal.jsonl", "run.lock", "plan.json", "units", "inputs"])
def test_planted_link_not_followed(tmp, llc, name):
    """A link planted in --out under the name of a file or folder the run
    writes into: the run refuses it or replaces it, never writes through
    it; no traceback."""
    out = os.path.join(tmp, "out")
    os.makedirs(out)
    folder = name in ("units", "inputs")
    target = os.path.join(tmp, "elsewhere")
    if folder:
        os.makedirs(target)
    else:
        write(target, "keep\n")
    os.symlink(target, os.path.join(out, name))
    r = tiny_run(llc, out, os.devnull)
    untouched = os.listdir(target) == [] if folder else open(target).read() == "keep\n"
    report("a link planted as --out/%s is not written through (exit %d)" % (name, r.returncode),
           untouched and clean(r), "exit %d\n%s" % (r.returncode, r.stderr[-1500:]))


# --------------------------------------------------------------- regexes bounded

@pytest.mark.parametrize("pattern", ["(a+)+b", "(a*)*", "(a|aa)+", "(?:x+)+$", "(a?)+b", "^(\\w+\\s?)*$",
                                     "((ab)*c)+", "(a{1,9})*z"])
def test_nested_quantifier_refused(tmp, pattern):
    """A pattern with a nested quantifier is refused at load, quickly, as
    FILE:LINE: error: nested quantifier. (The file's fields are separated
    by '|': an alternation cannot be written in it; bounded_pattern
    refuses it in a repeated group all the same.)"""
    if "|" in pattern:
        err = ""
        try:
            K.bounded_pattern(pattern)
        except ValueError as e:
            err = str(e)
        report("%s refused by bounded_pattern" % pattern, err.startswith("nested quantifier"), err)
        return
    known = write(os.path.join(tmp, "known.txt"), "\n%s\n" % ENTRY.replace("^call site: argument fewer parts$",
                                                                             pattern))
    t0 = time.monotonic()
    err = known_error(lambda: K.load(known))
    seconds = time.monotonic() - t0
    report("%s refused at load in %.3f s" % (pattern, seconds),
           err.startswith(known + ":2: error: nested quantifier") and seconds < 1, err)


@pytest.mark.parametrize("pattern", ["(", "a{2,1}", "[z-a]", "(?P<x>a)(?P<x>b)", "\\"])
def test_bad_pattern_refused(tmp, pattern):
    known = write(os.path.join(tmp, "known.txt"), ENTRY.replace("^call site: argument fewer parts$", pattern)
                  + "\n")
    err = known_error(lambda: K.load(known))
    report("%s: a compile error at load, FILE:LINE" % pattern, err.startswith(known + ":1: error: "), err)


def test_allowed_patterns_fast():
    """The restricted syntax keeps what the known file uses (optional
    groups, classes, alternation not repeated) and matches long causes
    quickly."""
    for pattern in ["^compiler( \\(generic target\\))?: LLVM ERROR: x", "[\\w @#.]+ s#", "(a|b)+",
                    "^(in its caller: )?at the", "a+b", "(a+)?b"]:
        rx = K.bounded_pattern(pattern)
        t0 = time.monotonic()
        # Linear from each place the search starts: at most quadratic in the
        # cause (a cause is a line of a few hundred characters).
        rx.search("a" * 5000 + "!")
        report("%s accepted, searched in 5000 characters in %.3f s" % (pattern, time.monotonic() - t0),
               time.monotonic() - t0 < 2)


@pytest.mark.parametrize("pattern,why", [
    (".*.*.*.*.*.*.*x", "repeats 7 parts"),          # backtracks as the cause's length to the 8th
    ("(?=.*x).*y", "repeats 2 parts"),               # a repeat in a lookahead counts
    ("a?" * 30 + "a" * 30, "has 1073741824 ways"),   # 2^30 ways through the ?s
    ("(?:xy?)" * 7, "has 128 ways")])               # 2^7 (| separates fields)
def test_backtracking_pattern_refused(tmp, pattern, why):
    """A pattern without nesting that still backtracks (polynomially in
    the cause, or exponentially in its own ? and alternations) is refused
    when the file is loaded, with an error naming its line: no search of
    it ever runs, in whatever thread the report classifies in."""
    known = write(os.path.join(tmp, "known.txt"), ENTRY.replace("^call site: argument fewer parts$", pattern)
                  + "\n")
    err = known_error(lambda: K.load(known))
    report("%s: %s:1: error: ... %s" % (pattern[:30], known, why),
           err.startswith("%s:1: error: pattern '%s' %s" % (known, pattern, why)), err)


def test_bounded_pattern_searched_off_the_main_thread(tmp):
    """An entry with one repeat matches, and fails to match a long cause,
    from a thread other than the main one as from the main one (no timer
    or signal is needed)."""
    known = write(os.path.join(tmp, "known.txt"), ENTRY.replace("^call site: argument fewer parts$", "a.*x") + "\n")
    entries = K.load(known)
    finding = {"axis": "model-vs-llc", "convention": "amdgpu_gfx", "selector": "dag", "cause_versions": [16]}
    out = {}

    def classify():
        out["hit"] = K.match(entries, dict(finding, cause="abcx")) is not None
        out["miss"] = K.match(entries, dict(finding, cause="a" * 3000)) is None
    t = threading.Thread(target=classify)
    t.start()
    t.join(30)
    report("in a thread: 'abcx' matched, 3000 a's not, within 30 s",
           not t.is_alive() and out == {"hit": True, "miss": True}, out)


@pytest.mark.parametrize("command", ["run", "report", "resume"])
def test_nested_pattern_never_hangs(tmp, llc, command):
    """run, report and --resume with a known file holding (a+)+b: an error
    naming the line, in seconds (a run of it first, with a plain file)."""
    known = write(os.path.join(tmp, "known.txt"), ENTRY + "\n")
    out = os.path.join(tmp, "out")
    if command != "run":
        first = tiny_run(llc, out, known)
        assert first.returncode in (0, 4), first.stderr
    write(known, "# a cause of a hundred a's would take years\n" + ENTRY.replace(
        "^call site: argument fewer parts$", "(a+)+b") + "\n")
    t0 = time.monotonic()
    args = {"run": ["run", "--llc", llc, "--known", known, "--out", out] + TINY, "report": ["report", out],
            "resume": ["run", "--resume", out]}[command]
    r = run(args, timeout=60)
    report("%s with (a+)+b: FILE:LINE error in %.1f s" % (command, time.monotonic() - t0),
           r.returncode == 1 and known + ":2: error: nested quantifier" in r.stderr and clean(r), r.stderr[-1500:])


def test_killed_run_releases_lock(tmp, llc):
    """run.lock is an flock: while its holder lives a second run is
    refused; once the holder is killed (SIGKILL), the next run goes on."""
    out = os.path.join(tmp, "out")
    code = "import sys, time; sys.path.insert(0, sys.argv[1]); from gcnabirun import common; " \
           "common.lock_run_dir(sys.argv[2]); print('locked', flush=True); time.sleep(600)"
    holder = subprocess.Popen([sys.executable, "-c", code, os.path.join(ROOT, "harness"), out],
                              stdout=subprocess.PIPE, text=True)
    try:
        holder.stdout.readline()
        r = tiny_run(llc, out, os.devnull)
        report("a second run on a held folder is refused, exit 1",
               r.returncode == 1 and "in use by another gcnabi-run (pid %d)" % holder.pid in r.stderr, r.stderr)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    r = tiny_run(llc, out, os.devnull)
    report("after its holder was killed, run.lock stays but blocks nothing",
           r.returncode in (0, 4) and os.path.exists(os.path.join(out, "run.lock")) and
           os.path.exists(os.path.join(out, "summary.md")), r.stderr[-1500:])


# ------------------------------------------------------------------- options

@pytest.mark.parametrize("option", [["--chunk", "0"], ["--jobs", "0"], ["--batch", "0"], ["--timeout", "-1"],
                                    ["--timeout", "0"], ["--timeout", "nan"], ["--mem", "-1"], ["--count", "-1"],
                                    ["--graphs", "-1"], ["--swarm", "-3"], ["--out", ""], ["--seed", "abc"],
                                    ["--seed", "-1"], ["--seed", "1" * 30], ["--seed", "18446744073709551616"],
                                    ["--shard", "0/2"], ["--shard", "3/2"], ["--shard", "1/0"],
                                    ["--shard", "x"], ["--chunk", "1e3"], ["--mcpu", "gfx9999"],
                                    ["--switch", "nope=on"], ["--switch", "func_inreg_sgpr=maybe"],
                                    ["--weights", "/dev/zero"], ["--weights", "/tmp"], ["--suites", ","]])
def test_option_out_of_range(tmp, option):
    """An option out of the range it honours: usage error (exit 2) on stderr,
    before a run folder is made."""
    out = os.path.join(tmp, "out")
    args = ["run", "--count", "5"] + (["--out", out] if option[0] != "--out" else []) + option
    before = set(os.listdir(os.path.join(ROOT, "reports")))
    r = run(args, timeout=60)
    report("%s: usage error, exit 2, no folder" % " ".join(option),
           r.returncode == 2 and option[0] in r.stderr and not os.path.exists(out) and
           set(os.listdir(os.path.join(ROOT, "reports"))) <= before and clean(r),
           "exit %d\n%s" % (r.returncode, r.stderr[-800:]))


@pytest.mark.parametrize("budget", ["0", "-1", "0m", "abc"])
def test_budget_out_of_range(tmp, budget):
    out = os.path.join(tmp, "out")
    r = run(["nightly", "--budget", budget, "--out", out], timeout=60)
    report("nightly --budget %s: usage error, exit 2, no folder" % budget,
           r.returncode == 2 and "budget" in r.stderr and not os.path.exists(out) and clean(r), r.stderr[-800:])


def test_options_in_range_accepted():
    """The edges of each range are accepted as before."""
    parsed = {
        "--seed": CLI.seed("18446744073709551615"), "--count": CLI.amount("0"), "--chunk": CLI.positive("1"),
        "--timeout": CLI.seconds("0.5"), "--shard": CLI.shard_option("2/2")}
    report("in-range values accepted", parsed == {"--seed": "18446744073709551615", "--count": 0, "--chunk": 1,
                                                  "--timeout": 0.5, "--shard": "2/2"}, repr(parsed))


@pytest.mark.parametrize("what", ["invalid-utf8", "directory", "dev-zero", "missing", "too-large"])
def test_bad_known_file(tmp, llc, what):
    """--known that cannot be read as text: exit 1, the file named (and the
    line of a bad byte), never a traceback or a hang."""
    path = os.path.join(tmp, "known.txt")
    if what == "invalid-utf8":
        write(path, b"# fine\n# fine\n* | * | * | * | caf\xe9 | reason\n")
    elif what == "directory":
        os.makedirs(path)
    elif what == "dev-zero":
        path = "/dev/zero"
    elif what == "too-large":
        write(path, "# padding\n" * (K.MAX_FILE_BYTES // 10 + 1))
    out = os.path.join(tmp, "out")
    t0 = time.monotonic()
    r = run(["run", "--llc", llc, "--known", path, "--out", out] + TINY, timeout=60)
    want = path + (":3: error: invalid UTF-8" if what == "invalid-utf8" else ": ")
    report("--known %s: exit 1 naming it in %.1f s" % (what, time.monotonic() - t0),
           r.returncode == 1 and want in r.stderr and not os.path.exists(out) and clean(r), r.stderr[-800:])


BAD_LINES = ['[1, 2]\n', '"text"\n', '{"status": "done"}\n', '{"unit": 3, "status": "done"}\n',
             '{"unit": "sig-000-gfx900", "status": "done", "findings": {}}\n', 'not json at all\n',
             '{"unit": "sig-000-gfx900", "status": "done", "elapsed": "soon"}\n', b'{"unit": "\xff"}\n',
             '{"unit": "sig-000-gfx900", "status": "done", "findings": [1]}\n',
             '{"unit": "sig-000-gfx900", "status": "done", "findings": [{"axis": 5}]}\n',
             '{"unit": "sig-000-gfx900", "status": "done", "link": ["x"]}\n']


@pytest.fixture(scope="module")
def a_run(tmp_path_factory):
    """One tiny run, copied by the tests that spoil it."""
    from gcnabi_tests import installed_llcs
    out = str(tmp_path_factory.mktemp("hostile") / "run")
    r = tiny_run(installed_llcs()[-1][1], out, os.devnull)
    assert r.returncode in (0, 4), r.stderr
    return out


def spoiled(a_run, tmp, name, line, at=1):
    """A copy of the run whose file name has line inserted as its line at."""
    d = os.path.join(tmp, "run")
    shutil.copytree(a_run, d, ignore=shutil.ignore_patterns("run.lock"))
    path = os.path.join(d, name)
    lines = open(path, "rb").read().splitlines(True) if os.path.exists(path) else []
    lines.insert(at - 1, line.encode() if isinstance(line, str) else line)
    write(path, b"".join(lines))
    return d, path


@pytest.mark.parametrize("line", BAD_LINES)
@pytest.mark.parametrize("command", ["report", "resume", "merge"])
def test_bad_journal_line(tmp, a_run, line, command):
    """A journal line of the wrong shape: report, --resume and merge stop
    with FILE:LINE, exit 1, no traceback."""
    d, path = spoiled(a_run, tmp, "journal.jsonl", line, at=2)
    args = {"report": ["report", d], "resume": ["run", "--resume", d],
            "merge": ["merge", d, "--out", os.path.join(tmp, "merged")]}[command]
    r = run(args, timeout=60)
    report("%s of a journal with %r: %s:2: error" % (command, line, path),
           r.returncode == 1 and path + ":2: error:" in r.stderr and clean(r), r.stderr[-800:])


def test_torn_last_line_dropped(tmp, a_run):
    """A torn last line (no newline: a run killed while writing) is no
    error: it is dropped, and the report is written."""
    d, path = spoiled(a_run, tmp, "journal.jsonl", '{"unit": "sig-0', at=99)
    r = run(["report", d], timeout=60)
    report("a torn last journal line is dropped", r.returncode in (0, 4) and clean(r), r.stderr[-800:])


@pytest.mark.parametrize("line", ['{"why": "no key"}\n', '[]\n', '{"key": 1}\n', 'x\n'])
def test_bad_minimize_line(tmp, a_run, line):
    d, path = spoiled(a_run, tmp, "minimize.jsonl", line)
    r = run(["report", d, "--no-minimize"], timeout=60)
    report("minimize.jsonl with %r: %s:1: error" % (line, path),
           r.returncode == 1 and path + ":1: error:" in r.stderr and clean(r), r.stderr[-800:])


@pytest.mark.parametrize("plan", ['[]', '{"config": {}}', '\xff', '', '{"config": {}, "compilers": [], '
                                                                      '"units": [], "digest": "x"}'])
def test_bad_plan(tmp, a_run, plan):
    """A plan.json of the wrong shape: an error naming it (or, where the
    shape holds but a field is missing, one line of internal error), never
    a traceback."""
    d = os.path.join(tmp, "run")
    shutil.copytree(a_run, d, ignore=shutil.ignore_patterns("run.lock"))
    write(os.path.join(d, "plan.json"), plan.encode("latin-1"))
    r = run(["report", d], timeout=60)
    lines = r.stderr.strip().splitlines()
    report("plan.json %r: exit 1, one line naming the plan or an internal error" % plan,
           r.returncode == 1 and clean(r) and len(lines) == 1 and
           ("plan.json" in lines[0] or lines[0].startswith("gcnabi-run: internal error: ")), r.stderr[-800:])


def test_version_named_everywhere(tmp, a_run):
    """gcnabi-run --version prints gcnabi's version; each report names it."""
    r = run(["--version"])
    v = r.stdout.strip()
    texts = {n: open(os.path.join(a_run, n)).read() for n in ("summary.md", "index.html", "junit.xml")}
    first = json.loads(open(os.path.join(a_run, "results.jsonl")).readline())
    report("--version: %s; named by summary.md, index.html, junit.xml and results.jsonl's run line" % v,
           r.returncode == 0 and v.startswith("gcnabi") and all(v in t for t in texts.values()) and
           first.get("type") == "run" and first.get("gcnabi_version") == v, r.stderr + repr(first))


def test_internal_error_one_line(monkeypatch, capsys):
    """An exception the harness does not expect: one line, exit 1."""
    def broken(args):
        raise KeyError("unexpected")
    monkeypatch.setattr(CLI, "cmd_report", broken)
    status = CLI.main(["report", "/nonexistent"])
    err = capsys.readouterr().err
    report("internal error: one line, exit 1", status == 1 and err == "gcnabi-run: internal error: KeyError: "
           "'unexpected'\n", err)


# ---------------------------------------------------------------------- fuzz

def mutate(rng, data, pieces):
    """data with a few random edits: bytes flipped, inserted, deleted, a
    piece of the format (a separator, a repro:, a quantifier) inserted, a
    line doubled or cut."""
    b = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(6)
        at = rng.randint(0, len(b))
        if op == 0 and b:
            b[min(at, len(b) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            b[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 2:
            del b[at:at + rng.randint(1, 16)]
        elif op == 3:
            b[at:at] = rng.choice(pieces)
        elif op == 4:
            end = b.find(b"\n", at)
            start = b.rfind(b"\n", 0, at) + 1
            if end > 0:
                b[end + 1:end + 1] = b[start:end + 1]
        else:
            del b[at:]
    return bytes(b)


class Slow(Exception):
    pass


def bounded(fn, seconds=2.0):
    """fn() with an alarm: Slow when it runs past seconds (a hang)."""
    def ring(*_):
        raise Slow()
    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def fuzz(tmp, seed, budget, seeds, pieces, reader, after=None, name="fuzzed"):
    """Feeds mutated seeds, written to the file name, to reader(path) until
    budget seconds pass: counts of (loaded, refused) and the first failures
    (another exception, or Slow)."""
    rng = random.Random(seed)
    path = os.path.join(tmp, name)
    loaded = refused = 0
    bad = []
    end = time.monotonic() + budget
    while time.monotonic() < end and len(bad) < 5:
        data = mutate(rng, rng.choice(seeds), pieces)
        write(path, data)
        try:
            got = bounded(lambda: reader(path))
            if after:
                bounded(lambda: after(got))
            loaded += 1
        except HarnessError:
            refused += 1
        except Exception as e:  # noqa: BLE001 -- the finding of the fuzz loop
            bad.append((data[:300], "%s: %s" % (type(e).__name__, e)))
    return loaded, refused, bad


def test_fuzz_known_reader(tmp):
    """About 10 s of mutated known-differences files (seed 36): each loads
    or is a HarnessError; a loaded entry's pattern searches a long cause in
    time."""
    with open(os.path.join(ROOT, "cases", "known-differences.txt"), "rb") as f:
        real = f.read()
    # The real file's repro: paths are relative to cases/: the fuzzed copy
    # lives elsewhere, so they are given again relative to it.
    rel = os.path.relpath(os.path.join(ROOT, "cases"), tmp).encode()
    real = real.replace(b"| repro: repro/", b"| repro: " + rel + b"/repro/")
    seeds = [real, real[:2000], (ENTRY + " | repro: %s\n" % os.path.relpath(STORED, tmp)).encode()]
    pieces = [b"|", b" | ", b"(a+)+", b"(a|aa)*", b"*", b"+", b"{1,99}", b"(", b")", b"\\", b"repro: ",
              b"| repro: /etc/passwd", b"| repro: ../x", b"\xef\xbb\xbf", b"\x00", b"\xc3", b"\n", b"#", b"16-14",
              b"99999999999999999999", b"crash,link", b"amdgpu_gfx", b"[", b"(?P<a>", b"\\1", b"\xe2\x80\xa8"]

    def search_all(entries):
        for e in entries:
            K.search(e, ("call site: argument fewer parts " * 8)[:200])
    loaded, refused, bad = fuzz(tmp, 36, 10, seeds, pieces, K.load, search_all)
    report("known.load fuzzed: %d loaded, %d refused, no other exception or hang" % (loaded, refused),
           not bad and loaded and refused, repr(bad))


def test_fuzz_journal_reader(tmp, a_run):
    """About 8 s of mutated journals (seed 3636): each is read or is a
    HarnessError naming its line."""
    with open(os.path.join(a_run, "journal.jsonl"), "rb") as f:
        real = f.read()
    with open(os.path.join(a_run, "plan.json"), "rb") as f:
        plan = f.read()
    seeds = [real, real + real, b'{"unit": "u", "status": "done"}\n']
    pieces = [b"{", b"}", b"[", b"]", b'"', b",", b":", b"null", b"1e999", b"-0", b'"unit"', b'"status"',
              b'"findings"', b"\n", b"\xff", b"\x00", b"NaN", b"Infinity", b"9" * 400, b"[" * 50]
    loaded, refused, bad = fuzz(tmp, 3636, 6, seeds, pieces, W.read_journal)
    report("the journal reader fuzzed: %d read, %d refused, no other exception or hang" % (loaded, refused),
           not bad and loaded and refused, repr(bad))
    loaded, refused, bad = fuzz(tmp, 3637, 2, [plan], pieces, lambda p: W.load_plan(os.path.dirname(p)),
                                name="plan.json")
    report("the plan reader fuzzed: %d read, %d refused, no other exception or hang" % (loaded, refused),
           not bad and refused, repr(bad))


def test_llc_options_in_a_run(tmp, llc):
    """gcnabi-run's --llc-option and an input's `; gcnabi-llc-options:`
    line: a refused one is an error before a run folder is made; taken, they
    reach every unit's check (its combinations named -opt<hash>) and the
    plan keeps the run's."""
    out = os.path.join(tmp, "out")
    r = run(["run", "--llc", llc, "--llc-option=-mcpu=gfx900", "--out", out] + TINY)
    report("--llc-option=-mcpu=gfx900: exit 2 naming why, no run folder",
           r.returncode == 2 and "gcnabi sets -mcpu itself" in r.stderr and not os.path.exists(out), r.stderr[-400:])
    bad = write(os.path.join(tmp, "bad.ll"), "declare void @f(i32)\n; gcnabi-llc-options: -stop-after=x\n")
    r = run(["run", "--llc", llc, "--out", out, bad] + TINY)
    report("a refused option in an input: FILE:LINE:COL error, exit 1, no run folder",
           r.returncode == 1 and bad + ":2:23: error: llc option '-stop-after=x'" in r.stderr and
           not os.path.exists(out), r.stderr[-400:])
    two = write(os.path.join(tmp, "two.ll"), "declare void @f(i32)\n; gcnabi-triple: amdgcn--\n"
                                               "; gcnabi-triple: amdgcn-amd-amdhsa\n")
    r = run(["run", "--llc", llc, "--out", out, two] + TINY)
    report("an input's second triple line of another triple: FILE:LINE:COL error, exit 1, no run folder",
           r.returncode == 1 and two + ":3:1: error: a triple other than line 2's" in r.stderr and
           not os.path.exists(out), r.stderr[-400:])
    good = write(os.path.join(tmp, "good.ll"), "; gcnabi-llc-options: -tailcallopt\ndeclare void @f(i32)\n")
    r = run(["run", "--llc", llc, "--llc-option=-mattr=-flat-for-global", "--out", out, good, "--mcpu", "gfx900",
             "--selector", "dag", "--count", "0", "--graphs", "0", "--jobs", "1", "--suites", "default",
             "--no-new-reg-bank-select", "--no-minimize"])
    journal = [json.loads(l) for l in open(os.path.join(out, "journal.jsonl"))] if os.path.exists(
        os.path.join(out, "journal.jsonl")) else []
    plan = json.load(open(os.path.join(out, "plan.json"))) if os.path.exists(os.path.join(out, "plan.json")) else {}
    combos = sorted({c for j in journal for c in j.get("stats", {})})
    report("the input's unit ran with both options: its combination named -opt<hash>, the plan keeps the run's",
           r.returncode in (0, 4) and combos and all(re.search(r"-opt[0-9a-f]{8}$", c) for c in combos) and
           plan.get("config", {}).get("llc_options") == ["-mattr=-flat-for-global"],
           "exit %d, combos %s, %s" % (r.returncode, combos, r.stderr[-600:]))
    out2 = os.path.join(tmp, "out-mesa")
    r = run(["run", "--llc", llc, "--triple", "amdgcn-mesa-mesa3d", "--out", out2, good, "--mcpu", "gfx900",
             "--selector", "dag", "--count", "0", "--graphs", "0", "--jobs", "1", "--suites", "default",
             "--no-new-reg-bank-select", "--no-minimize"])
    journal = [json.loads(l) for l in open(os.path.join(out2, "journal.jsonl"))] if os.path.exists(
        os.path.join(out2, "journal.jsonl")) else []
    combos = sorted({c for j in journal for c in j.get("stats", {})})
    report("--triple amdgcn-mesa-mesa3d reaches the unit's check: its combination named -mesa3d",
           r.returncode in (0, 4) and combos and all("-mesa3d" in c for c in combos),
           "exit %d, combos %s, %s" % (r.returncode, combos, r.stderr[-600:]))
    r = run(["run", "--llc", llc, "--triple", "amdgcn-x", "--out", out2 + "x"] + TINY)
    report("--triple amdgcn-x: exit 2 naming the triples", r.returncode == 2 and "amdgcn-mesa-mesa3d" in r.stderr and
           not os.path.exists(out2 + "x"), r.stderr[-300:])
