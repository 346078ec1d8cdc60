"""Finding the compilers: every llc of Debian's /usr/lib/llvm-N layout, llc
and llc-N on PATH, and --llc [NAME=]PATH (repeatable). Each is identified
by `llc --version` (version string, amdgcn target) and gets the newest
gcnabi profile not newer than it (said on stderr when that is an older
version's; --profile NAME=P chooses); -new-reg-bank-select is looked up in
its hidden options. Each has a label, NAME or llvm-<version>, unique in the
run: gcnabi check names its combinations, rows and files by it. FileCheck
and lit are found beside them."""
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys

from . import vocab as V
from .common import HarnessError

INSTALL_HINT = ("no llc found (looked in /usr/lib/llvm-*/bin and PATH). Install one: `make deps` installs "
                "llvm-15/16/19/22 through apt, or as root `apt-get install llvm-19`; or name one with --llc PATH")


LABEL = re.compile(r"[A-Za-z0-9._+-]{1,47}$")


def split_named(text):
    """(label or None, path) of --llc NAME=PATH or --llc PATH (NAME: no '/')."""
    name, eq, path = text.partition("=")
    if not eq or "/" in name:
        return None, text
    if not LABEL.match(name):
        raise HarnessError("--llc %s: a name is 1 to 47 letters, digits, '.', '_', '+' or '-'" % text)
    return name, path


def identify(path, named):
    """A dict describing the llc at path; raises for a named llc that cannot
    be used, returns None for a discovered one that cannot."""
    def fail(msg):
        if named:
            raise HarnessError(msg)
        return None
    if not os.path.exists(path):
        return fail("llc %s: no such file" % path)
    if not os.access(path, os.X_OK):
        return fail("llc %s: not executable" % path)
    # Both questions at once: the second only matters when the first is answered well.
    try:
        hidden_proc = subprocess.Popen([path, "-march=amdgcn", "--help-hidden"], stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, text=True)
    except OSError as e:
        return fail("llc %s --help-hidden failed: %s" % (path, e))
    try:
        r = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60)
        hidden = hidden_proc.communicate(timeout=60)[0]
    except (OSError, subprocess.TimeoutExpired) as e:
        hidden_proc.kill()
        hidden_proc.communicate()
        return fail("llc %s --version / --help-hidden failed: %s" % (path, e))
    m = re.search(r"LLVM version (\d+)\.(\d+)\.(\d+)\S*", r.stdout)
    if r.returncode != 0 or not m:
        return fail("llc %s --version did not name an LLVM version" % path)
    if not re.search(r"^\s*amdgcn\s", r.stdout, re.M):
        return fail("llc %s (%s) is built without the amdgcn target (see `%s --version`)" % (path, m.group(0), path))
    major = int(m.group(1))
    known = [p for p in V.profiles() if p[0] <= major]
    if not known:
        return fail("llc %s is %s; gcnabi's profiles start at LLVM %d" % (path, m.group(0), V.profiles()[0][0]))
    bindir = os.path.dirname(os.path.abspath(path))
    return {
        "path": os.path.abspath(path),
        "version": m.group(0),
        "major": major,
        "profile": known[-1][1],
        "profile_from": "version" if known[-1][0] == major else "nearest-older",
        "new_reg_bank_select": "new-reg-bank-select" in hidden,
        "bindir": bindir,
    }


def discover(named=None, profiles=(), keep_order=False):
    """The named llc (--llc [NAME=]PATH), or every one found; sorted by
    version, then path, unless keep_order (compare: A first, as given);
    labelled (label_all). profiles: --profile [NAME=]P."""
    if named:
        split = [split_named(n) for n in named]
        given = [l for l, _ in split if l]
        dup = sorted({l for l in given if given.count(l) > 1})
        if dup:
            raise HarnessError("--llc: the name '%s' is given twice" % dup[0])
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            found = list(pool.map(lambda p: identify(p, True), [p for _, p in split]))
        for c, (label, _) in zip(found, split):
            if label:
                c["label"] = label
    else:
        paths = glob.glob(os.environ.get("GCNABI_LLC_SEARCH", "/usr/lib/llvm-*/bin/llc"))
        for d in os.environ.get("PATH", "").split(os.pathsep):
            paths += [p for p in glob.glob(os.path.join(d, "llc")) + glob.glob(os.path.join(d, "llc-[0-9]*"))]
        seen, unique = set(), []
        for p in paths:
            real = os.path.realpath(p)
            if real in seen or not os.access(p, os.X_OK):
                continue
            seen.add(real)
            unique.append(p)
        # Every llc's questions at once (each takes 50-100 ms).
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            found = [c for c in pool.map(lambda p: identify(p, False), unique) if c]
        if not found:
            raise HarnessError(INSTALL_HINT)
    if not keep_order:
        found.sort(key=lambda c: (c["major"], c["version"], c["path"]))
    # One per version unless named explicitly: /usr/bin/llc-19 is /usr/lib/llvm-19/bin/llc.
    if not named:
        by_version = {}
        for c in found:
            by_version.setdefault(c["version"], c)
        found = list(by_version.values())
    label_all(found)
    choose_profiles(found, profiles)
    return found


def split_cpu(cpu):
    """(CPU, wave size or None) of a CPU as the harness names it (gfx1030w64)."""
    m = re.fullmatch(r"(.*?)w(32|64)", cpu)
    return (m.group(1), int(m.group(2))) if m else (cpu, None)


def check_command(c, f, out, jobs=1):
    """gcnabi check of finding f's one combination with compiler c, into
    out: its CPU and wave, its selector (GlobalISel with
    -new-reg-bank-select for gisel-nrbs); the input file goes last."""
    cpu, wave = split_cpu(f["cpu"])
    args = ["check", "--quiet", "--jobs", str(jobs)] + check_args(c) + [
        "--mcpu", cpu, "--selector", "gisel" if f["selector"].startswith("gisel") else "dag", "--out", out]
    args += ["--wave", str(wave)] if wave else []
    args += ["--new-reg-bank-select"] if f["selector"] == "gisel-nrbs" else []
    args += ["--llc-option=%s" % o for o in f.get("llc_options") or []]
    args += ["--triple", f["triple"]] if f.get("triple") else []
    args += ["--as-written"] if f.get("as_written") else []
    # A finding about llc's final code: check compiles and checks it too,
    # with the machine verifier, as the run that found it (work.py).
    args += ["--final-code", "--final-code-verify"] if f.get("axis") == "final-code" else []
    return args


def check_args(c):
    """gcnabi check's options for compiler c: its label and path, and its
    profile where that is not its version's (--profile chose it, or the
    nearest older one)."""
    args = ["--llc", "%s=%s" % (c["label"], c["path"])]
    if c.get("profile_from", "version") != "version":
        args += ["--profile", "%s=%s" % (c["label"], c["profile"])]
    return args


def label_all(found):
    """llvm-<version> ("llvm-22.1.8") for those without a NAME, NAME-2,
    NAME-3 for equal ones, as gcnabi check does."""
    taken = {c["label"] for c in found if "label" in c}
    for c in found:
        if "label" in c:
            continue
        base = "llvm-" + re.sub(r"[^A-Za-z0-9._+-]", "_", c["version"].split()[-1])
        label, n = base, 2
        while label in taken:
            label, n = "%s-%d" % (base, n), n + 1
        taken.add(label)
        c["label"] = label


def choose_profiles(found, profiles):
    """--profile NAME=P (or P for all) overrides; then every llc that has
    no profile of its own version is said on stderr."""
    known = {p[1] for p in V.profiles()} | {str(p[0]) for p in V.profiles()}
    for text in profiles:
        name, eq, prof = text.rpartition("=")
        if prof not in known:
            raise HarnessError("--profile %s: no profile named '%s' (gcnabi profiles lists them)" % (text, prof))
        prof = prof if prof.startswith("llvm") else "llvm" + prof
        hit = [c for c in found if not eq or c["label"] == name]
        if not hit:
            raise HarnessError("--profile %s: no llc is named '%s' (the llcs are %s)"
                               % (text, name, " ".join(c["label"] for c in found)))
        for c in hit:
            c["profile"], c["profile_from"] = prof, "option"
    for c in found:
        if c["profile_from"] == "nearest-older":
            sys.stderr.write("gcnabi-run: warning: %s (%s, %s) has no profile of its own: the model follows %s, "
                             "the nearest older (--profile %s=P chooses another)\n"
                             % (c["label"], c["path"], c["version"], c["profile"], c["label"]))


def llvm_tool(compiler, name):
    """An LLVM tool (FileCheck, not) beside the llc, else any installed one."""
    own = os.path.join(compiler["bindir"], name)
    if os.access(own, os.X_OK):
        return own
    for p in sorted(glob.glob("/usr/lib/llvm-*/bin/" + name), reverse=True):
        return p
    return shutil.which(name)


def lit_command():
    """How to run lit: lit.py of an installed LLVM, `lit` on PATH or the
    python module; None when there is none (tests/deps.sh installs python3-lit)."""
    for p in sorted(glob.glob("/usr/lib/llvm-*/build/utils/lit/lit.py")):
        return ["python3", p]
    if shutil.which("lit"):
        return [shutil.which("lit")]
    if shutil.which("llvm-lit"):
        return [shutil.which("llvm-lit")]
    try:
        import lit  # noqa: F401
        return ["python3", "-m", "lit"]
    except ImportError:
        return None
