"""Helpers shared by the python test driver and the golden recorder:
where the binary and the compilers are, and how expectation files look."""
import glob
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GCNABI = os.environ.get("GCNABI", os.path.join(ROOT, "build", "gcnabi"))
GCNABI_SAN = os.path.join(ROOT, "build", "gcnabi-san")
GOLDEN = os.path.join(ROOT, "cases", "golden")
CPUS = ["gfx900", "gfx1030", "gfx1100"]
SELECTORS = ["dag", "gisel"]
TRIPLE = "amdgcn-amd-amdpal"


def installed_llcs():
    """[(major, path)] for every Debian llvm-N llc on this machine, oldest first."""
    found = []
    for path in glob.glob("/usr/lib/llvm-*/bin/llc"):
        m = re.search(r"llvm-(\d+)/", path)
        if m and os.access(path, os.X_OK):
            found.append((int(m.group(1)), path))
    return sorted(found)


def profile_of(major):
    """The profile gcnabi picks for an llc major (the newest one not newer)."""
    known = [14, 15, 16, 19, 22]
    best = [k for k in known if k <= major]
    return "llvm%d" % best[-1] if best else None


def llc_command(llc, cpu, selector, src, dst, kernel=False):
    """MIR for the register conventions; for kernels, amdhsa assembly, whose
    HSA metadata gives the kernarg layout."""
    if kernel:
        return [llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + cpu] + (["-global-isel"] if selector == "gisel" else []) + \
            [src, "-o", dst]
    cmd = [llc, "-mtriple=" + TRIPLE, "-mcpu=" + cpu]
    if selector == "gisel":
        cmd += ["-global-isel", "-stop-after=irtranslator"]
    else:
        cmd += ["-stop-after=finalize-isel"]
    return cmd + [src, "-o", dst]


def expectation_name(case, profile, cpu, selector, view):
    return os.path.join(GOLDEN, "expect", "%s.%s-%s-%s.%s.jsonl" % (case, profile, cpu, selector, view))


def parse_expectation_name(path):
    """cases/golden/expect/default.llvm19-gfx1030-dag.callee.jsonl -> parts."""
    m = re.match(r"(.+)\.(llvm\d+)-(gfx\w+)-(dag|gisel)\.(callee|caller)\.jsonl$", os.path.basename(path))
    return m.groups() if m else None


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
