"""gcnabi's vocabularies, read once from `gcnabi vocab --json` (the C tables
print them): conventions and the report's convention rows, CPUs and their
default lists, profiles, selectors, finding kinds and classes, exit bits.
The harness keeps no list of these of its own; what it adds is how it
reports each class of finding kind (CLASS_ROLE) and which notes mean that
llc leaves parts the ABI assigns unread (LOSES_PARTS)."""
import functools
import json
import os
import subprocess

from .common import GCNABI, HarnessError

# How the harness reports a finding of each class (vocab finding_classes):
# "finding" on the kind's own axis (the report axes of known.AXES), "note":
# counted per combination and kind, listed in summary.md, or
# "infrastructure": a fault of the machine, listed in a section of its own,
# never a cause, a lit test or a known difference. A class missing here is
# an error at start-up, never a silent drop.
CLASS_ROLE = {"divergence": "finding", "crash": "finding", "note": "note", "skipped": "note",
              "infrastructure": "infrastructure"}

# Notes whose llc agrees with the model yet leaves parts the ABI assigns
# unread (callee view) or unwritten/undefined (llc 16's IMPLICIT_DEF at
# calls: caller view): a difference between compilers in that function is
# not one the model predicts.
LOSES_PARTS = {"unread-parts": "callee", "unwritten-parts": "caller", "undefined-parts": "caller"}


@functools.lru_cache(maxsize=None)
def vocab():
    """The whole `gcnabi vocab --json` object."""
    if not os.access(GCNABI, os.X_OK):
        raise HarnessError("%s is missing: run `make` first" % GCNABI)
    r = subprocess.run([GCNABI, "vocab", "--json"], capture_output=True, text=True)
    try:
        if r.returncode:
            raise ValueError(r.stderr.strip()[:2000])
        return json.loads(r.stdout)
    except ValueError as e:
        raise HarnessError("gcnabi vocab --json failed (%d): %s" % (r.returncode, e))


def report_groups():
    """The report's convention rows in order ("default" holds ccc, fastcc and
    coldcc; "shader->amdgpu_gfx" is a cross-version link row only)."""
    return vocab()["report_groups"]


@functools.lru_cache(maxsize=None)
def _groups():
    return {c["name"]: c["group"] for c in vocab()["conventions"]}


def convention_group(cc):
    """The report row of a convention name as placements print it (cc)."""
    return _groups()[cc]


def callable_groups():
    """The rows of the conventions of the callable family (default,
    amdgpu_gfx), in report order: every report shows them."""
    fam = {c["group"] for c in vocab()["conventions"] if c["family"] == "callable"}
    return [g for g in report_groups() if g in fam]


def default_cpus(which):
    """The CPUs of a default list: "harness" (a run), "check", "place" (the
    model-only tables: the layout table, compare's CPU), "nightly" (the
    nightly's beside the harness's)."""
    return [c["name"] for c in vocab()["cpus"] if which in c["defaults"]]


def run_cpus(mode):
    """The CPUs a harness run of mode takes without --mcpu: the harness's,
    and in the nightly its own too."""
    extra = [c for c in default_cpus("nightly") if c not in default_cpus("harness")] if mode == "nightly" else []
    return default_cpus("harness") + extra


def knows_cpu(major, cpu):
    """Whether llc `major` knows the CPU (else it compiles for the generic
    target, and check --final-code checks no final code of it)."""
    c = next(c for c in vocab()["cpus"] if c["name"] == cpu)
    return c["llvm_first"] <= major and (c["llvm_last"] is None or major <= c["llvm_last"])


def default_wave(cpu):
    """The wave size a CPU runs with when none is asked for."""
    return next(c["default_wave"] for c in vocab()["cpus"] if c["name"] == cpu)


def profiles():
    """[(major, name)] of gcnabi's profiles, oldest first."""
    return sorted((p["major"], p["name"]) for p in vocab()["profiles"])


def profile_major(name):
    return dict((n, m) for m, n in profiles())[name]


def profile_switches(name):
    return next(p["switches"] for p in vocab()["profiles"] if p["name"] == name)


def newest_profile():
    return vocab()["newest_profile"]


def selectors():
    return vocab()["selectors"]


def harness_selectors():
    """check's selectors and GlobalISel with -new-reg-bank-select, as the
    harness names them (gisel-nrbs)."""
    return selectors() + [s + "-nrbs" for s in selectors() if s == "gisel"]


def exit_bit(name):
    """error, usage, known, diverged, crashed, infra."""
    return vocab()["exit_bits"][name]


@functools.lru_cache(maxsize=None)
def kinds():
    """{kind: (role, axis)}, role "finding", "note" or "infrastructure" (CLASS_ROLE); raises
    for a kind whose class the harness does not know or whose axis is no
    report axis, and for a LOSES_PARTS name that is not a note kind."""
    from .known import AXES
    out = {}
    for k in vocab()["finding_kinds"]:
        role = CLASS_ROLE.get(k["class"])
        if not role:
            raise HarnessError("gcnabi finding kind %s has class %s, which the harness does not report (vocab.py "
                               "CLASS_ROLE)" % (k["name"], k["class"]))
        if role == "finding" and k["axis"] not in AXES:
            raise HarnessError("gcnabi finding kind %s is on axis %s, which is no report axis (known.py AXES)" % (
                k["name"], k["axis"]))
        out[k["name"]] = (role, k["axis"])
    for name in LOSES_PARTS:
        if out.get(name, ("",))[0] != "note":
            raise HarnessError("vocab.py LOSES_PARTS: %s is not a note kind of gcnabi" % name)
    return out


@functools.lru_cache(maxsize=None)
def _classes():
    return {k["name"]: k["class"] for k in vocab()["finding_kinds"]}


def crashes(f):
    """Whether finding (or cause) f is llc failing: a kind of class crash,
    in the MIR pass (axis crash) or in the final code (final-code-refused,
    whose reproducer runs llc's whole pipeline)."""
    return _classes().get(f["kind"]) == "crash"


def kind(name):
    """(role, axis) of a finding kind check wrote."""
    k = kinds().get(name)
    if not k:
        raise HarnessError("gcnabi check wrote a finding of kind '%s', which `gcnabi vocab --json` does not list" % name)
    return k


def load():
    """Reads and validates the vocabulary: at start-up, so that a kind the
    harness cannot report stops the run before any llc runs."""
    kinds()
    return vocab()


def final_code_llc_flags():
    """The options check --final-code gives llc besides target and selector."""
    return list(vocab()["final_code_llc_flags"])


def llc_option_refused(opt):
    """Why opt cannot be an llc option of a run (None when it can): as
    gcnabi check's llc_option_refused, over vocab llc_owned_options."""
    if len(opt) < 2 or not opt.startswith("-"):
        return "not an option (it starts with '-')"
    if len(opt) >= 160:
        return "longer than an option gcnabi keeps"
    if any(ord(ch) <= 32 or ord(ch) == 127 for ch in opt):
        return "a space or control character in it: one option per --llc-option"
    o = opt[1:] if opt.startswith("--") else opt
    for w in vocab()["llc_owned_options"]:
        name = w["name"]
        if o.startswith(name) and (w["prefix"] or o[len(name):len(name) + 1] in ("", "=")) and \
                (not w["contains"] or w["contains"] in o):
            return "gcnabi sets %s%s itself (use %s)" % (name, " " + w["contains"] if w["contains"] else "",
                                                         w["instead"])
    return None
