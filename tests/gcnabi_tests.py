"""Helpers shared by the python test driver and the golden recorder:
where the binary and the compilers are, and how expectation files look."""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GCNABI = os.environ.get("GCNABI", os.path.join(ROOT, "build", "gcnabi"))
GCNABI_SAN = os.path.join(ROOT, "build", "gcnabi-san")
GOLDEN = os.path.join(ROOT, "cases", "golden")
CPUS = ["gfx700", "gfx900", "gfx1030", "gfx1100"]
SELECTORS = ["dag", "gisel"]
TRIPLE = "amdgcn-amd-amdpal"
# The OSes a case can be recorded for (a "; gcnabi-triples: amdpal mesa3d noos"
# line in the case file); amdpal alone by default. Non-default OSes name the
# expectation file: shader_scratch.llvm19-gfx1030-dag-mesa3d.callee.jsonl.
OS_TRIPLES = {"amdpal": TRIPLE, "mesa3d": "amdgcn-mesa-mesa3d", "noos": "amdgcn--"}


def case_oses(case_path):
    """The OSes case_path is recorded and checked for."""
    for line in open(case_path):
        if line.startswith("; gcnabi-triples:"):
            return line.split(":", 1)[1].split()
    return ["amdpal"]


def installed_llcs():
    """[(major, path)] for every Debian llvm-N llc on this machine, oldest
    first; only the majors GCNABI_TEST_LLCS lists (comma-separated) where
    it is set, and the newest alone where GCNABI_TEST_QUICK is set (make
    test-quick)."""
    found = []
    for path in glob.glob("/usr/lib/llvm-*/bin/llc"):
        m = re.search(r"llvm-(\d+)/", path)
        if m and os.access(path, os.X_OK):
            found.append((int(m.group(1)), path))
    found.sort()
    only = os.environ.get("GCNABI_TEST_LLCS")
    if only:
        found = [f for f in found if str(f[0]) in only.split(",")]
    return found[-1:] if os.environ.get("GCNABI_TEST_QUICK") else found


_profiles = None


def profile_of(major):
    """The profile gcnabi picks for an llc major (the newest one not newer),
    from gcnabi's own table (gcnabi vocab --json)."""
    global _profiles
    if _profiles is None:
        vocab = json.loads(subprocess.run([GCNABI, "vocab", "--json"], capture_output=True, text=True,
                                          check=True).stdout)
        _profiles = sorted((p["major"], p["name"]) for p in vocab["profiles"])
    best = [name for m, name in _profiles if m <= major]
    return best[-1] if best else None


_waves = None


def default_wave(cpu):
    """The wave size of a CPU when none is given, from gcnabi's own table."""
    global _waves
    if _waves is None:
        vocab = json.loads(subprocess.run([GCNABI, "vocab", "--json"], capture_output=True, text=True,
                                          check=True).stdout)
        _waves = {c["name"]: c["default_wave"] for c in vocab["cpus"]}
    return str(_waves[cpu])


def llc_command(llc, cpu, selector, src, dst, kernel=False, triple=TRIPLE):
    """MIR for the register conventions; for kernels, amdhsa assembly, whose
    HSA metadata gives the kernarg layout."""
    if kernel:
        return [llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu] + (["-global-isel"] if selector == "gisel" else []) + \
            [src, "-o", dst]
    cmd = [llc, "-mtriple=" + triple, "-mcpu=" + cpu]
    if selector == "gisel":
        cmd += ["-global-isel", "-stop-after=irtranslator"]
    else:
        cmd += ["-stop-after=finalize-isel"]
    return cmd + [src, "-o", dst]


def expectation_name(case, profile, cpu, selector, view, os_name="amdpal"):
    tag = "" if os_name == "amdpal" else "-" + os_name
    return os.path.join(GOLDEN, "expect", "%s.%s-%s-%s%s.%s.jsonl" % (case, profile, cpu, selector, tag, view))


def golden_run_lines(case, profile, cpu, selector, view, os_name="amdpal", kernel=False):
    """The lit RUN lines of an expectation file: the model's placement of
    the case, compared with what llc did (the file's own JSON lines); a
    case of kernels with the triple it is recorded with (amdhsa:
    llc_command), whose user SGPRs the model places."""
    # llc 16's SelectionDAG loses some shader SGPR values (profile switch
    # shader_dag_undef_sgprs): the recorded placement lacks those parts.
    lenient = " --undef-sgprs" if profile == "llvm16" and selector == "dag" else ""
    return ("# The model places as llc did:\n"
            "# RUN: grep -v '^#' %%s > %%t.llc\n"
            "# RUN: %%gcnabi place --json --profile %s --mcpu %s --selector %s --triple %s%s %%S/../%s.ll > %%t.model\n"
            "# RUN: %%gcnabi diff --labels model,llc%s %%t.model %%t.llc\n") % (
        profile, cpu, selector, "amdgcn-amd-amdhsa" if kernel else OS_TRIPLES[os_name],
        " --caller" if view == "caller" else "", case, lenient)


def parse_expectation_name(path):
    """cases/golden/expect/default.llvm19-gfx1030-dag.callee.jsonl -> (case, profile, cpu, selector, view, os)."""
    m = re.match(r"(.+)\.(llvm\d+)-(gfx\w+)-(dag|gisel)(?:-(mesa3d|noos))?\.(callee|caller)\.jsonl$",
                 os.path.basename(path))
    if not m:
        return None
    case, profile, cpu, sel, os_name, view = m.groups()
    return case, profile, cpu, sel, view, os_name or "amdpal"


HARNESS = [sys.executable, os.path.join(ROOT, "harness", "gcnabi-run")]


def harness_run(args, **kw):
    """harness/gcnabi-run ARGS under this python, its output captured; a
    `run` that says nothing of the final code runs without it (its default,
    the final code of a sample, triples llc's time: test_harness's
    test_run_final_code_default is about it)."""
    if args[:1] == ["run"] and "--resume" not in args and not any(
            a.startswith(("--final-code", "--no-final-code")) for a in args):
        args = args + ["--no-final-code"]
    return subprocess.run(HARNESS + args, capture_output=True, text=True, **kw)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def read_summary(path):
    """Per-combo counts from the table of check's summary.txt (the text that
    test_check.py compares with summary.json; the harness reads summary.json)."""
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


def llc_failing_on_f1(path, real, log=None):
    """Writes an llc stand-in at path: the real llc, except that it fails as
    a compiler does ("LLVM ERROR: planted", exit 1) on a module holding
    gcnabi.1.fn; with log, it appends each call's arguments there first."""
    with open(path, "w") as f:
        f.write('#!/bin/sh\n%sIN=\nfor a in "$@"; do case "$a" in --version) exec %s "$@";; *.ll) IN=$a;; esac; done\n'
                'if grep -q "gcnabi[.]1[.]fn" "$IN"; then echo "LLVM ERROR: planted" >&2; exit 1; fi\n'
                'exec %s "$@"\n' % ('echo "$*" >> %s\n' % log if log else "", real, real))
    os.chmod(path, 0o755)
    return path
