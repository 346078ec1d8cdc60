#!/usr/bin/env python3
"""The measurement of docs/measured.md's "Real code nobody here wrote":
`gcnabi check --as-written --final-code` over LLVM AMDGPU CodeGen test
files, each with the triple, CPU and llc options of its first llc RUN line
(its own `sed 's/A/B/g'` applied to a scratch copy), every installed llc;
one Markdown row per file, then the totals.

    python3 tests/bench/as_written_sweep.py OUT_DIR FILE.ll...

The files are LLVM's, read into a scratch folder, never committed."""
import glob
import json
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GCNABI = os.path.join(ROOT, "build", "gcnabi")
# --triple takes these; a test's amdgpuX.YZ names amdgcn and the CPU gfxXYZ
TRIPLES = {"amdgcn-amd-amdpal": "amdgcn-amd-amdpal", "amdgcn--amdpal": "amdgcn-amd-amdpal",
           "amdgcn-mesa-mesa3d": "amdgcn-mesa-mesa3d", "amdgcn--": "amdgcn--", "amdgcn": "amdgcn--",
           "amdgcn-amd-amdhsa": "amdgcn-amd-amdhsa", "amdgcn--amdhsa": "amdgcn-amd-amdhsa"}
# RUN-line words check sets itself or that only shape the output
DROP = ("-verify-machineinstrs", "-o", "-stop-after", "-filetype", "-print-regusage", "-simplify-mir", "-enable-ipra",
        "-global-isel", "-mtriple", "-mcpu", "-march", "-amdgpu-scalarize-global-loads")


def first_llc_run(text):
    """The words of the first RUN line's llc command (continuations joined)."""
    lines, cur = [], ""
    for l in text.splitlines():
        m = re.match(r"\s*;\s*RUN:\s?(.*)", l)
        if not m:
            if cur:
                lines.append(cur)
                cur = ""
            continue
        if m.group(1).endswith("\\"):
            cur += m.group(1)[:-1] + " "
        else:
            lines.append(cur + m.group(1))
            cur = ""
    for l in lines:
        seg = next((s for s in l.split("|") if re.search(r"\bllc\b", s)), "")
        if seg:
            return shlex.split(seg.replace("%s", ""))
    return []


def llcs():
    return sorted((int(re.search(r"llvm-(\d+)", p).group(1)), p) for p in glob.glob("/usr/lib/llvm-*/bin/llc"))


def one(path, out_root):
    name = os.path.basename(path)
    text = open(path).read()
    subs = re.findall(r"RUN:\s*sed '(s/[^']*/g)' %s \|", text)
    if subs:
        a, b = subs[0][2:-2].split("/")
        path = os.path.join(out_root, "sed-" + name)
        open(path, "w").write(text.replace(a, b))
    words = first_llc_run(text)
    trip = next((w.split("=", 1)[1] for w in words if w.startswith("-mtriple=")), "")
    cpu = next((w.split("=", 1)[1] for w in words if w.startswith("-mcpu=")), "")
    m = re.match(r"amdgpu(\d+)\.(\d)(\d)(.*)", trip)
    if m:
        cpu = cpu or "gfx%d%s%s" % (int(m.group(1)), m.group(2), m.group(3))
        trip = "amdgcn" + m.group(4)
    opts = [w for w in words[1:] if w.startswith("-") and not w.startswith(DROP) and w not in ("-", "2>&1")]
    triple = TRIPLES.get(re.sub(r"-unknown.*", "", trip) if trip else "amdgcn")
    out = os.path.join(out_root, name)
    args = [GCNABI, "check", "--as-written", "--final-code", "--quiet", "--jobs", "2", "--out", out,
            "--mcpu", cpu or "tahiti"] + (["--triple", triple] if triple else [])
    for v, l in llcs():
        args += ["--llc", "llvm%d=%s" % (v, l)]
    args += ["--llc-option=%s" % o for o in opts]
    r = subprocess.run(args + [path], capture_output=True, text=True)
    s = json.load(open(os.path.join(out, "summary.json"))) if os.path.exists(os.path.join(out, "summary.json")) else {}
    found = [json.loads(l) for l in open(os.path.join(out, "findings.jsonl"))] \
        if os.path.exists(os.path.join(out, "findings.jsonl")) else []
    combos = s.get("combos") or []
    count = lambda k: sum(c["counts"][k] for c in combos)
    fc = lambda k: sum((c.get("final_code") or {}).get(k, 0) for c in combos)
    return {"file": name, "exit": r.returncode, "cpu": cpu or "tahiti", "triple": triple or "amdgcn-amd-amdpal",
            "opts": " ".join(opts), "functions": count("functions"), "agree": count("agree") + count("both_refused"),
            "calls": count("calls"), "calls_agree": count("calls_agree") + count("calls_both_refused"),
            "proven": fc("proven"), "violated": fc("violated"), "unknown": fc("unknown"),
            "not_checked": fc("not_checked"),
            "divergences": sum(f["class"] == "divergence" and not f["explained_by"] for f in found),
            "crashes": sum(f["class"] == "crash" for f in found),
            "not_parsed": sum(f["kind"] == "not-parsed" for f in found),
            "error": r.stderr.strip().splitlines()[-1] if r.returncode & 1 and r.stderr.strip() else ""}


def main(out_root, files):
    os.makedirs(out_root, exist_ok=True)
    rows = [one(p, out_root) for p in sorted(files)]
    json.dump(rows, open(os.path.join(out_root, "rows.json"), "w"), indent=1)
    print("| file | CPU, triple, options | exit | functions (agree) | calls (agree) | final code proven / violated / "
          "unknown / not checked | new divergences | crashes | not parsed |")
    print("|---|---|---:|---:|---:|---|---:|---:|---:|")
    for d in rows:
        print("| %s | %s %s %s | %d | %d (%d) | %d (%d) | %d / %d / %d / %d | %d | %d | %d |" % (
            d["file"], d["cpu"], d["triple"], d["opts"], d["exit"], d["functions"], d["agree"], d["calls"],
            d["calls_agree"], d["proven"], d["violated"], d["unknown"], d["not_checked"], d["divergences"],
            d["crashes"], d["not_parsed"]))
    t = {k: sum(d[k] for d in rows) for k in ("functions", "agree", "calls", "calls_agree", "proven", "violated",
                                             "unknown", "not_checked", "divergences", "crashes", "not_parsed")}
    print("| **%d files** | | | %d (%d) | %d (%d) | %d / %d / %d / %d | %d | %d | %d |" % (
        len(rows), t["functions"], t["agree"], t["calls"], t["calls_agree"], t["proven"], t["violated"], t["unknown"],
        t["not_checked"], t["divergences"], t["crashes"], t["not_parsed"]))
    checked = t["proven"] + t["violated"] + t["unknown"]
    print("\nfinal code: definite verdicts on %d of %d functions checked (%.1f %%)" % (
        t["proven"] + t["violated"], checked, 100.0 * (t["proven"] + t["violated"]) / checked if checked else 0))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: as_written_sweep.py OUT_DIR FILE.ll...")
    main(sys.argv[1], sys.argv[2:])
