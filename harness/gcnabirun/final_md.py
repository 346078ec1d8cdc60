"""The final code's verdicts in a run's summary.md: per combination the
functions proven, violated, unknown, not checked and not compiled, the
share of definite verdicts, and every unknown by its reason."""
import re

from . import vocab as V
from .findings import REASON


def totals(stats):
    """Summed final-code counts of every combination that checked any."""
    keys = ("proven", "violated", "explained", "unknown", "not_checked", "not_compiled", "refused", "body_refused",
            "not_sampled")
    per = {t: {k: s.get("final_" + k, 0) for k in keys} for t, s in stats.items()
           if any(s.get("final_" + k) for k in keys)}
    return per, {k: sum(p[k] for p in per.values()) for k in keys}


# A combination's variants (another triple: -noos, -mesa; llc options:
# -opt<hash>) are one llc, CPU and selector.
VARIANT = re.compile(r"^(.*-(?:dag|gisel)(?:-nrbs)?)-.+$")


def unknown_over_limit(stats):
    """The llc x CPU x selector whose final code leaves more than gcnabi's
    limit (vocab final_unknown_limit_pct) of its verdicts unknown, its
    variants' verdicts with its own: a variant is a few functions (the
    options suite's graphs for another triple), where one unknown verdict
    of three would make the run incomplete (seed 31337)."""
    per, _ = totals(stats)
    limit = V.vocab()["final_unknown_limit_pct"]
    merged = {}
    for t, c in per.items():
        m = merged.setdefault(VARIANT.sub(r"\1", t), {k: 0 for k in c})
        for k, v in c.items():
            m[k] += v
    return sorted(t for t, c in merged.items() if c["unknown"] * 100 > sum(definite(c)[1:]) * limit)


def definite(c):
    """(definite verdicts, functions with a verdict) of counts c."""
    return c["proven"] + c["violated"], c["proven"] + c["violated"] + c["unknown"]


def final_code_md(ctx):
    per, all_ = totals(ctx["stats"])
    if not per:
        return []
    d, n = definite(all_)
    over = unknown_over_limit(ctx["stats"])
    sample = ctx["plan"]["config"].get("final_code_sample", 1)
    L = ["## Final code", ""]
    if sample > 1:
        L += ["A sample: the final code of 1 in %d functions of each combination (`--final-code-sample %d`: "
              "signature i when i %% %d is 0, a call graph's functions when its component's number is); %d not "
              "sampled (signatures, and call graphs' functions). `gcnabi-run nightly` (or `--final-code-sample 1`) checks "
              "every function." % (
                  sample, sample, sample, all_["not_sampled"]), ""]
    L += [
         "The contract against the final code, function by function: **%s definite verdicts** (%d of %d functions "
         "with a verdict: %d proven, %d violated, %d unknown); %d not checked, %d not compiled; %d final-code-refused "
         "findings (a module llc refused, or its lane-varying form where the uniform one compiled), %d "
         "final-code-body-refused notes (GlobalISel failing on the body's own loads and stores)." % ("%.1f %%" % (100.0 * d / n) if n else "no", d, n, all_["proven"], all_["violated"],
                        all_["unknown"], all_["not_checked"], all_["not_compiled"], all_["refused"],
                        all_["body_refused"]),
         "",
         "More than %d %% unknown in a combination (an llc, CPU and selector, with its variants of triple and options) "
         "makes the results incomplete (exit bit 64): %s." % (
             V.vocab()["final_unknown_limit_pct"], ", ".join(over) if over else "none"), "",
         "| combination | proven | violated (explained) | unknown | definite | not checked | not compiled |",
         "|---|---:|---:|---:|---:|---:|---:|"]
    for t in sorted(per):
        c = per[t]
        d, n = definite(c)
        L.append("| %s | %d | %d (%d) | %d | %s | %d | %d |" % (
            t, c["proven"], c["violated"], c["explained"], c["unknown"], "%.1f %%" % (100.0 * d / n) if n else "-",
            c["not_checked"], c["not_compiled"]))
    reasons = {}
    for key, k in ctx["notes"].items():
        if REASON in key:
            combo, why = key.split(REASON, 1)
            reasons.setdefault(why, {})[combo] = k
    if reasons:
        L += ["", "Unknown verdicts by reason (numbers as #), with the combinations that gave them:", "",
              "| reason | functions | combinations |", "|---|---:|---|"]
        for why, by in sorted(reasons.items(), key=lambda r: (-sum(r[1].values()), r[0])):
            L.append("| %s | %d | %s |" % (why.replace("|", "\\|"), sum(by.values()),
                                           ", ".join("%s (%d)" % (c, by[c]) for c in sorted(by))))
    return L + [""]
