"""Old against proposed SGPR layouts, model only: `gcnabi layouts --impact`
computes the table's rows (one JSON object per layout of layouts/: argument
parts in SGPRs, VGPRs and on the stack, stack bytes, parts moved against
`old`, amdgpu_gfx SGPR moves at shader calls, free SGPR quads); this module
runs it and reads them."""
import json
import os
import subprocess

from .common import GCNABI, ROOT, HarnessError


def validate(layout):
    """gcnabi layouts validates a layout (name or file) and names the line
    of an error."""
    r = subprocess.run([GCNABI, "layouts", layout], capture_output=True, text=True)
    if r.returncode:
        raise HarnessError(r.stderr.strip() or "gcnabi layouts %s failed" % layout)


def impact(sig_file, profile, cpu, extra=()):
    """The rows for every layout of the layouts folder, then extra (names or
    files); each row's file relative to the checkout when it is in it."""
    r = subprocess.run([GCNABI, "layouts", "--impact", sig_file, "--profile", profile, "--mcpu", cpu] + list(extra),
                       capture_output=True, text=True)
    if r.returncode:
        raise HarnessError("gcnabi layouts --impact %s failed: %s" % (sig_file, r.stderr.strip()))
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    root = os.path.realpath(ROOT) + os.sep
    for row in rows:
        path = os.path.realpath(row["file"])
        if path.startswith(root):
            row["file"] = os.path.relpath(path, root)
    return rows


def impact_of_files(sig_files, profile, cpu):
    """impact's rows over several files of signatures: each layout's counts
    summed over the files (every count is per function)."""
    total = None
    for path in sig_files:
        rows = impact(path, profile, cpu)
        if total is None:
            total = rows
            continue
        for row, more in zip(total, rows):
            for key, value in more.items():
                if key not in ("layout", "file"):
                    row[key] += value
    return total or []
