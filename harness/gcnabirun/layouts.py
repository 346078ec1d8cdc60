"""Old against proposed SGPR layouts, model only (gcnabi place and gcnabi
diff): per layout, the argument parts in SGPRs, VGPRs and on the stack,
the stack bytes, which parts move against `old` and which fall to the
stack; for amdgpu_gfx, the SGPR moves a shader needs at a call that passes
its user SGPRs (s0, s1, ... in order) on as the inreg arguments, and the
4-aligned SGPR quads s[4k:4k+3] below s48 that neither the layout's fixed
roles nor the arguments take (left for wide scalar loads)."""
import glob
import json
import os
import re
import subprocess
import tempfile

from . import findings as F
from .common import GCNABI, ROOT, HarnessError

ROLES = ("srd", "return_address", "stack_pointer", "frame_pointer", "base_pointer")


def layout_files(extra=()):
    return sorted(glob.glob(os.path.join(ROOT, "layouts", "*.layout"))) + list(extra)


def fixed_sgprs(layout):
    """SGPRs the layout's fixed roles take, from `gcnabi layouts` (which
    validates the file and names the line of an error)."""
    r = subprocess.run([GCNABI, "layouts", layout], capture_output=True, text=True)
    if r.returncode:
        raise HarnessError(r.stderr.strip() or "gcnabi layouts %s failed" % layout)
    name, regs = None, set()
    for line in r.stdout.splitlines():
        m = re.match(r"(\w+)\s*=\s*(.*)", line)
        if not m:
            continue
        if m.group(1) == "name":
            name = m.group(2).strip()
        if m.group(1) in ROLES:
            for first, last, single in re.findall(r"s(?:\[(\d+):(\d+)\]|(\d+))", m.group(2)):
                regs.update(range(int(first or single), int(last or single) + 1))
    return name, regs


def place(sig_file, layout, profile, cpu):
    """gcnabi place's JSON lines for the signatures, and their parsed objects."""
    r = subprocess.run([GCNABI, "place", "--json", "--layout", layout, "--profile", profile, "--mcpu", cpu, sig_file],
                       capture_output=True, text=True)
    lines = [l for l in r.stdout.splitlines() if l.startswith("{")]
    return lines, [json.loads(l) for l in lines]


def impact(sig_file, profile="llvm22", cpu="gfx1030", extra=()):
    rows = []
    tmp = tempfile.mkdtemp(prefix="gcnabi-layout-")
    base_path = None
    for path in layout_files(extra):
        name, fixed = fixed_sgprs(path)
        lines, placed = place(sig_file, path, profile, cpu)
        out = os.path.join(tmp, os.path.basename(path) + ".jsonl")
        with open(out, "w") as fh:
            fh.write("".join(l + "\n" for l in lines))
        if name == "old":
            base_path = out
        row = {"layout": name, "file": os.path.relpath(path, ROOT) if path.startswith(ROOT) else path,
               "functions": 0, "refused": 0, "sgpr": 0, "vgpr": 0, "stack": 0, "stack_bytes": 0,
               "gfx_functions": 0, "gfx_inreg_parts": 0, "gfx_sgpr_moves": 0, "gfx_free_quads": 0}
        for p in placed:
            row["functions"] += 1
            if "error" in p:
                row["refused"] += 1
                continue
            used, k, moves, end = set(), 0, 0, 0
            gfx = p.get("cc") == "amdgpu_gfx"
            for a in p.get("args", []):
                sizes = a.get("slot_sizes") or []
                for j, loc in enumerate(a.get("parts", [])):
                    cls = F.loc_class(loc)
                    if cls == "sgpr":
                        row["sgpr"] += 1
                        used.add(int(loc[1:]))
                    elif cls == "vgpr":
                        row["vgpr"] += 1
                    elif cls == "stack":
                        row["stack"] += 1
                        off = int(loc[6:])
                        end = max(end, off + (sizes[j] if j < len(sizes) and sizes[j] else 4))
                    if gfx and a.get("inreg"):
                        row["gfx_inreg_parts"] += 1
                        if loc != "s%d" % k:
                            moves += 1
                        k += 1
            row["stack_bytes"] += end
            if gfx:
                row["gfx_functions"] += 1
                row["gfx_sgpr_moves"] += moves
                taken = used | fixed
                row["gfx_free_quads"] += sum(1 for q in range(12) if not taken & set(range(4 * q, 4 * q + 4)))
        rows.append((row, out))
    result = []
    for row, out in rows:
        row["moved_vs_old"] = row["fell_to_stack"] = row["left_stack"] = 0
        if base_path and out != base_path:
            # Only the counts: a layout moves tens of thousands of parts.
            r = subprocess.run([GCNABI, "diff", "--summary", base_path, out], capture_output=True, text=True)
            lines = [l for l in r.stdout.splitlines() if l.startswith("{")]
            if r.returncode & 1 or not lines:
                raise HarnessError("gcnabi diff of layouts %s and %s failed: %s" % (base_path, out, r.stderr.strip()))
            d = json.loads(lines[-1])
            row["moved_vs_old"], row["fell_to_stack"], row["left_stack"] = d["divergences"], d["to_stack"], d["off_stack"]
        result.append(row)
    return result
