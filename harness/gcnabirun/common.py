"""Paths, errors, exit bits and small helpers shared by the harness modules."""
import errno
import json
import os
import re
import stat
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
    seconds = float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[m.group(2)]
    if not seconds:
        raise UsageError("budget '%s': a budget is above 0" % text)
    return seconds


def gcnabi(*args, check=True, **kw):
    """Runs build/gcnabi; output as text."""
    if not os.access(GCNABI, os.X_OK):
        raise HarnessError("%s is missing: run `make` first" % GCNABI)
    r = subprocess.run([GCNABI] + [str(a) for a in args], capture_output=True, text=True, **kw)
    if check and r.returncode not in (0,):
        raise HarnessError("gcnabi %s failed (%d): %s" % (args[0], r.returncode, r.stderr.strip()[:2000]))
    return r


_version = []


def version():
    """gcnabi's version, which gcnabi-run --version prints and every report
    names. One source: gcnabi's own `gcnabi --version` (its first line);
    a build of gcnabi without that command is named by its checkout,
    `git describe --always --dirty` of ROOT; "unknown" without either."""
    if not _version:
        v = None
        try:
            r = subprocess.run([GCNABI, "--version"], capture_output=True, text=True, errors="replace", timeout=30)
            if r.returncode == 0 and r.stdout.strip():
                v = r.stdout.strip().splitlines()[0]
        except (OSError, subprocess.SubprocessError):
            pass
        if not v:
            try:
                r = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
                                   text=True, errors="replace", timeout=30)
                if r.returncode == 0 and r.stdout.strip():
                    v = "gcnabi (checkout %s)" % r.stdout.strip()
            except (OSError, subprocess.SubprocessError):
                pass
        _version.append(v or "gcnabi (version unknown)")
    return _version[0]


def dumps(obj):
    """Canonical JSON: the same data always gives the same bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


# Every file the harness writes into an output folder is created afresh,
# never written through what the folder already holds (a link planted
# there, a file of another name linked to it): write_text and write_new
# create a new file (O_EXCL) of a temporary name in the same folder, then
# rename it into place (a link of that name is replaced, not followed);
# append_line refuses a link or a file with another name (O_NOFOLLOW, one
# link). Every write into an output folder goes through these three.
def _fresh_temp(path):
    """A new file (O_EXCL, not a link) beside path, open for writing: (fd, name)."""
    import tempfile
    return tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp",
                            dir=os.path.dirname(path) or ".")


def _write_fd(fd, data):
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]


def _temp_holding(path, data):
    """The name of a new file (O_EXCL, not a link) beside path that holds
    data in full, mode 0644; OSError with nothing left behind otherwise."""
    fd, tmp = _fresh_temp(path)
    try:
        try:
            _write_fd(fd, data)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o644)
    except OSError:
        os.unlink(tmp)
        raise
    return tmp


def write_text(path, text):
    """path holds text in full or keeps what it held (a new temporary file,
    renamed); a failed write is a HarnessError naming path."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", errors="surrogateescape")
    tmp = None
    try:
        tmp = _temp_holding(path, data)
        os.replace(tmp, path)
    except OSError as e:
        if tmp and os.path.lexists(tmp):
            os.unlink(tmp)
        raise HarnessError("cannot write %s: %s" % (path, e.strerror or e))


def write_new(path, data):
    """A new file path holding data (bytes): an error when anything of that
    name is there already (a file, a link), nothing replaced."""
    tmp = None
    try:
        tmp = _temp_holding(path, data)
        os.link(tmp, path)  # EEXIST for anything of that name, a dangling link too
    except OSError as e:
        raise HarnessError("cannot write %s: %s" % (path, e.strerror or e))
    finally:
        if tmp and os.path.lexists(tmp):
            os.unlink(tmp)


def out_dir(parent, name):
    """The folder name of the output folder parent, made if need be: a
    folder of its own, not a link to one elsewhere (HarnessError)."""
    path = os.path.join(parent, name)
    try:
        os.makedirs(parent, exist_ok=True)
        os.mkdir(path, 0o755)
    except FileExistsError:
        pass
    except OSError as e:
        raise HarnessError("cannot create %s: %s" % (path, e.strerror or e))
    if not stat.S_ISDIR(os.lstat(path).st_mode):
        raise HarnessError("%s: not a folder of the run's own (a link or a file is in the way)" % path)
    return path


def open_own(path, flags):
    """os.open of a file of the harness's own in an output folder: not
    through a link (O_NOFOLLOW), a regular file of one name (a file linked
    in from elsewhere is refused). OSError otherwise."""
    fd = os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
        os.close(fd)
        raise OSError(errno.EPERM, "not a file of its own (a link to another file)", path)
    return fd


def append_line(path, line, sync=False):
    """line appended to the file path (a journal of records; with sync, on
    disk before this returns); a failed write is a HarnessError naming path.
    Unbuffered: nothing is left to fail later."""
    data = line.encode()
    try:
        fd = open_own(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        try:
            _write_fd(fd, data)
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
        fd = open_own(os.path.join(path, LOCK_FILE), os.O_RDWR | os.O_CREAT)
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


def read_jsonl(path, shape=None):
    """The complete lines of a JSON-lines file; a torn last line (no
    newline: a run killed while writing it) is dropped. With shape (a
    record's check: None, or what is wrong with it), a journal of the
    harness's own: a complete line that is not a JSON record of that
    shape is a HarnessError naming the file and line. Without, gcnabi's
    output, read up to its first unreadable line (a check stopped at its
    limit)."""
    out = []
    if not os.path.lexists(path):
        return out
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        raise HarnessError("%s: %s" % (path, e.strerror or e))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise HarnessError("%s: not a regular file" % path)
        for n, line in enumerate(f, 1):
            if not line.endswith(b"\n"):
                break
            try:
                r = json.loads(line.decode("utf-8"))
                wrong = shape(r) if shape else None
            except ValueError as e:
                wrong = "not a JSON record (%s)" % e
            if wrong and shape:
                raise HarnessError("%s:%d: error: %s" % (path, n, wrong))
            if wrong:
                break
            out.append(r)
    return out


def record_shape(fields):
    """A shape for read_jsonl: a JSON object whose fields have the types of
    fields ({name: (type, required)}; an optional one may be null);
    returns what is wrong, or None."""
    names = {int: "a number", float: "a number", str: "a string", list: "a list", dict: "an object",
             bool: "true or false"}

    def check(r):
        if not isinstance(r, dict):
            return "expected a JSON object, found %s" % type(r).__name__
        for name, (kind, required) in fields.items():
            if name not in r or (r[name] is None and not required):
                if required:
                    return "no \"%s\"" % name
                continue
            ok = (int, float) if kind in (int, float) else kind
            if not isinstance(r[name], ok) or (kind is not bool and isinstance(r[name], bool)):
                return "\"%s\" is not %s" % (name, names[kind])
        return None
    return check


def rel(path):
    try:
        return os.path.relpath(path, ROOT)
    except ValueError:
        return path
