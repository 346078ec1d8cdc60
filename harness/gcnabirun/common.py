"""Paths, errors, exit bits and small helpers shared by the harness modules."""
import errno
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GCNABI = os.path.join(ROOT, "build", "gcnabi")

# Exit status, a bitmask in the spirit of abidiff: EXIT_<NAME> is gcnabi's
# bit of that name (gcnabi vocab --json exit_bits), read when first used.
def __getattr__(name):
    if name.startswith("EXIT_"):
        from .vocab import vocab
        bits = vocab()["exit_bits"]
        if name[5:].lower() in bits:
            return bits[name[5:].lower()]
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


def convention_order(names):
    """names in report order (gcnabi's report rows); the callable
    conventions' rows (default, amdgpu_gfx) always, unknown ones last."""
    from .vocab import callable_groups, report_groups
    rows = report_groups()
    names = set(names) | set(callable_groups())
    return sorted(names, key=lambda c: (rows.index(c) if c in rows else len(rows), c))


def run_bounded(cmd, timeout, mem_mb=4096, **kw):
    """subprocess.run for a tool that starts llc (lit, llvm-reduce): in a
    process group of its own under an address-space limit, the whole group
    killed at the timeout (killing lit alone would leave its llc running).
    Raises subprocess.TimeoutExpired as subprocess.run does. mem_mb None:
    no limit of its own (gcnabi check limits each llc it starts)."""
    import resource
    import signal

    def limits():
        limit = mem_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=limits if mem_mb else None, **kw)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise
    return subprocess.CompletedProcess(cmd, p.returncode, out, err)


class HarnessError(Exception):
    """A clear error for the user; the run exits with status 1."""


class UsageError(HarnessError):
    """Bad options; exit status 2."""


def parse_budget(text):
    """'20m', '90s', '1h', '600' -> seconds."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text or "")
    if not m:
        raise UsageError("budget '%s': expected a number with s, m or h (BUDGET=20m)" % text)
    return float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[m.group(2)]


def gcnabi(*args, check=True, **kw):
    """Runs build/gcnabi; output as text."""
    if not os.access(GCNABI, os.X_OK):
        raise HarnessError("%s is missing: run `make` first" % GCNABI)
    r = subprocess.run([GCNABI] + [str(a) for a in args], capture_output=True, text=True, **kw)
    if check and r.returncode not in (0,):
        raise HarnessError("gcnabi %s failed (%d): %s" % (args[0], r.returncode, r.stderr.strip()[:2000]))
    return r


def dumps(obj):
    """Canonical JSON: the same data always gives the same bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def write_text(path, text):
    """path holds text in full or keeps what it held (a temporary name,
    renamed); a failed write is a HarnessError naming path."""
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise HarnessError("cannot write %s: %s" % (path, e.strerror or e))


def append_line(path, line, sync=False):
    """line appended to the file path (a journal of records; with sync, on
    disk before this returns); a failed write is a HarnessError naming path.
    Unbuffered: nothing is left to fail later."""
    data = line.encode()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            if os.write(fd, data) != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as e:
        raise HarnessError("cannot write %s: %s" % (path, e.strerror or e))


# One run per output folder: the lock file of each folder this process
# holds (flock, released when the process ends, however it ends).
LOCK_FILE = "run.lock"
_locks = {}


def lock_run_dir(path):
    """Makes the folder path if need be and holds its lock for the rest of
    the process; a HarnessError when it cannot be made or another process
    holds the lock (another gcnabi-run writing into it)."""
    import fcntl
    key = os.path.realpath(path)
    if key in _locks:
        return
    try:
        os.makedirs(path, exist_ok=True)
        fd = os.open(os.path.join(path, LOCK_FILE), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise HarnessError("cannot create %s: %s" % (e.filename or path, e.strerror or e))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 32).decode(errors="replace").strip() or "?"
        os.close(fd)
        raise HarnessError("%s is in use by another gcnabi-run (pid %s): one run per folder; wait for it to end or "
                           "use another --out" % (path, holder))
    _locks[key] = fd
    try:  # for the message of a run refused
        os.ftruncate(fd, 0)
        os.write(fd, b"%d\n" % os.getpid())
    except OSError:
        pass


def read_input(path):
    """A user's signature file as text, byte for byte as gcnabi reads it: a
    byte that is not UTF-8 (a Latin-1 comment) comes back as a surrogate
    and write_text writes it back unchanged. gcnabi itself refuses such a
    byte in a function name."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def read_jsonl(path):
    """The complete lines of a JSON-lines file; a torn last line (a run killed
    while writing) is dropped."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for line in f:
            if not line.endswith("\n"):
                break
            try:
                out.append(json.loads(line))
            except ValueError:
                break
    return out


def rel(path):
    try:
        return os.path.relpath(path, ROOT)
    except ValueError:
        return path
