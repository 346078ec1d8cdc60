/* Process pool for llc runs. */
#define _DEFAULT_SOURCE
#include "run.h"
#include "io.h"

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The child's side of starting argv: files, limits, its own process group,
 * death with its parent; never returns. */
static void child_exec(char *const argv[], const char *out_path, const char *err_path, unsigned mem_mb)
{
	int out = open_fresh(out_path);
	int err = open_fresh(err_path);
	int in = open("/dev/null", O_RDONLY);
	if (out < 0 || err < 0 || in < 0)
		_exit(127);
	dup2(in, 0);
	dup2(out, 1);
	dup2(err, 2);
	if (mem_mb) {
		struct rlimit rl = { (rlim_t)mem_mb << 20, (rlim_t)mem_mb << 20 };
		setrlimit(RLIMIT_AS, &rl);
	}
	setpgid(0, 0);
#ifdef __linux__
	/* llc dies with its parent: a killed run leaves no compiler behind. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() == 1)
		_exit(127);
#endif
	execv(argv[0], argv);
	dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* --- descendants ----------------------------------------------------------
 * gcnabi and its launcher are child subreapers (Linux): a descendant of an
 * llc run that outlives its parent, even one that left llc's process group
 * (setsid), becomes their child. At the end of each llc run, and on every
 * exit of either (normal, error, SIGINT, SIGTERM, SIGHUP), every such child
 * is killed with its group and reaped: nothing of a run outlives it. */

/* Kills and reaps this process's children (those of its main thread, which
 * starts every process), but for the keep[] ones. Async-signal-safe: open,
 * read, kill, waitpid only. */
static void end_children(const pid_t *keep, int nkeep)
{
#ifdef __linux__
	char path[64], buf[4096];
	for (int round = 0; round < 8; round++) {
		snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)getpid(), (int)getpid());
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return;
		ssize_t n = read(fd, buf, sizeof buf - 1);
		close(fd);
		if (n <= 0)
			return;
		buf[n] = 0;
		bool killed = false;
		for (char *p = buf; *p;) {
			long pid = strtol(p, &p, 10);
			if (pid <= 0)
				break;
			bool kept = false;
			for (int k = 0; k < nkeep; k++)
				kept |= keep[k] == (pid_t)pid;
			if (kept)
				continue;
			kill(-(pid_t)pid, SIGKILL);
			kill((pid_t)pid, SIGKILL);
			while (waitpid((pid_t)pid, 0, 0) < 0 && errno == EINTR)
				;
			killed = true;
		}
		if (!killed)
			return; /* another round only for children adopted meanwhile */
	}
#else
	(void)keep;
	(void)nkeep;
#endif
}

/* --- the launcher ---------------------------------------------------------
 * A child forked before gcnabi lowers its own priority. It starts each llc
 * at the priority gcnabi was given and reports its exit; gcnabi itself then
 * reads MIR and compares at a lower priority, on the CPU time llc leaves.
 * Requests (gcnabi -> launcher): a length, then out path, err path, memory
 * limit and argv as NUL-terminated strings. Records (launcher -> gcnabi):
 * LAUNCH_STARTED with the pid (or -errno), LAUNCH_EXITED with the pid and
 * its wait status. */
enum { LAUNCH_STARTED = 1, LAUNCH_EXITED = 2, MAX_PENDING_EXITS = 256 };
typedef struct {
	int kind;
	int pid;
	int status;
} LaunchRecord;

static struct {
	pid_t pid;
	int request_fd, record_fd;
	/* exits read while waiting for something else */
	LaunchRecord pending[MAX_PENDING_EXITS];
	int npending;
} launcher = { 0, -1, -1, { { 0, 0, 0 } }, 0 };

static bool read_full(int fd, void *buf, size_t len)
{
	char *b = buf;
	while (len) {
		ssize_t r = read(fd, b, len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		b += r;
		len -= (size_t)r;
	}
	return true;
}

static bool write_full(int fd, const void *buf, size_t len)
{
	const char *b = buf;
	while (len) {
		ssize_t r = write(fd, b, len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		b += r;
		len -= (size_t)r;
	}
	return true;
}

/* The llc processes the launcher started and that have not exited: its
 * other children are descendants of ended runs, adopted. */
enum { MAX_STARTED = 4096 };
static pid_t started[MAX_STARTED];
static int nstarted;

static bool forget_started(pid_t pid)
{
	for (int i = 0; i < nstarted; i++)
		if (started[i] == pid) {
			started[i] = started[--nstarted];
			return true;
		}
	return false;
}

/* Exits of started llc are reported; after one, what its run left behind
 * (adopted, the launcher being a subreaper) is ended. */
static void launcher_report_exits(int fd)
{
	int st;
	pid_t pid;
	bool ended = false;
	while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
		if (!forget_started(pid))
			continue; /* an adopted descendant, ended by us */
		ended = true;
		LaunchRecord r = { LAUNCH_EXITED, pid, st };
		if (!write_full(fd, &r, sizeof r))
			_exit(0);
	}
	if (ended)
		end_children(started, nstarted);
}

/* The launcher's end (gcnabi gone, or its SIGTERM): every child with it. */
static void launcher_exit(int sig)
{
	(void)sig;
	end_children(0, 0);
	_exit(0);
}

/* The launcher sleeps until a request comes or a child exits: SIGCHLD
 * writes a byte to this pipe (the self-pipe trick). */
static int child_exited_fd = -1;

static void on_sigchld(int sig)
{
	(void)sig;
	int saved = errno;
	char b = 0;
	ssize_t w = write(child_exited_fd, &b, 1); /* a full pipe: a wake-up is pending anyway */
	(void)w;
	errno = saved;
}

static void launcher_main(int request_fd, int record_fd)
{
	enum { MAX_REQUEST = 1 << 16, MAX_ARGS = 64 };
	static char buf[MAX_REQUEST + 1];
	int wake[2];
	if (pipe(wake) != 0)
		_exit(0);
	for (int k = 0; k < 2; k++) {
		fcntl(wake[k], F_SETFL, O_NONBLOCK);
		fcntl(wake[k], F_SETFD, FD_CLOEXEC);
	}
	child_exited_fd = wake[1];
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigchld;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, 0);
	sa.sa_handler = launcher_exit;
	sa.sa_flags = 0;
	sigaction(SIGTERM, &sa, 0);
	for (;;) {
		struct pollfd pfd[2] = { { request_fd, POLLIN, 0 }, { wake[0], POLLIN, 0 } };
		int r = poll(pfd, 2, -1);
		if (r < 0 && errno != EINTR)
			_exit(0);
		char drain[64];
		while (read(wake[0], drain, sizeof drain) > 0)
			;
		launcher_report_exits(record_fd);
		if (r <= 0 || !(pfd[0].revents & (POLLIN | POLLHUP)))
			continue;
		uint32_t len;
		if (!read_full(request_fd, &len, sizeof len) || len > MAX_REQUEST || !read_full(request_fd, buf, len))
			launcher_exit(0); /* gcnabi is gone */
		buf[len] = 0;
		char *field[MAX_ARGS + 4];
		int n = 0;
		for (char *at = buf; at < buf + len && n < MAX_ARGS + 3; at += strlen(at) + 1)
			field[n++] = at;
		field[n] = 0;
		LaunchRecord rec = { LAUNCH_STARTED, -EINVAL, 0 };
		if (n >= 4) {
			fflush(NULL);
			pid_t pid = fork();
			if (pid == 0) {
				close(request_fd);
				close(record_fd);
				signal(SIGCHLD, SIG_DFL);
				signal(SIGTERM, SIG_DFL);
				child_exec(field + 3, field[0], field[1], (unsigned)strtoul(field[2], 0, 10));
			}
			rec.pid = pid < 0 ? -errno : pid;
			if (pid > 0 && nstarted < MAX_STARTED)
				started[nstarted++] = pid;
		}
		if (!write_full(record_fd, &rec, sizeof rec))
			_exit(0);
	}
}

/* At exit: the launcher sees the end of its requests, ends (its children
 * with it) and is waited for, so that no zombie is left where nobody reaps
 * orphans (a container without an init). */
static void launcher_stop(void)
{
	if (launcher.pid <= 0)
		return;
	close(launcher.request_fd);
	close(launcher.record_fd);
	while (waitpid(launcher.pid, 0, 0) < 0 && errno == EINTR)
		;
	launcher.pid = 0;
	end_children(0, 0); /* what the launcher left, adopted by gcnabi */
}

/* SIGINT, SIGTERM, SIGHUP: the launcher ends its children, gcnabi what it
 * adopted; then the signal's own end. */
static void on_stop_signal(int sig)
{
	if (launcher.pid > 0) {
		kill(launcher.pid, SIGTERM);
		while (waitpid(launcher.pid, 0, 0) < 0 && errno == EINTR)
			;
	}
	end_children(0, 0);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* llc's crash handler starts llvm-symbolizer on every crash (seconds of
 * CPU each, most of it in the kernel); the checks read only the stack
 * dump's "on function" line, which needs no symbols. A user's own setting
 * stands. */
static void no_symbolizer(void)
{
	setenv("LLVM_DISABLE_SYMBOLIZATION", "1", 0);
}

bool proc_launcher_start(int lower_priority_by)
{
	no_symbolizer();
#ifdef __linux__
	int request[2], record[2];
	if (launcher.pid > 0)
		return true;
	if (pipe(request) != 0)
		return false;
	if (pipe(record) != 0) {
		close(request[0]);
		close(request[1]);
		return false;
	}
	for (int k = 0; k < 2; k++) {
		fcntl(request[k], F_SETFD, FD_CLOEXEC);
		fcntl(record[k], F_SETFD, FD_CLOEXEC);
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(request[0]);
		close(request[1]);
		close(record[0]);
		close(record[1]);
		return false;
	}
	if (pid == 0) {
		close(request[1]);
		close(record[0]);
		prctl(PR_SET_PDEATHSIG, SIGTERM); /* its handler ends its children */
		prctl(PR_SET_CHILD_SUBREAPER, 1);
		if (getppid() == 1)
			_exit(0);
		launcher_main(request[0], record[1]);
	}
	close(request[0]);
	close(record[1]);
	/* A launcher that died shows as a failed write, not as SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
	launcher.pid = pid;
	launcher.request_fd = request[1];
	launcher.record_fd = record[0];
	atexit(launcher_stop);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	static const int stops[] = { SIGINT, SIGTERM, SIGHUP };
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
		struct sigaction was;
		if (sigaction(stops[i], 0, &was) == 0 && was.sa_handler != SIG_IGN) /* nohup's stays */
			signal(stops[i], on_stop_signal);
	}
	/* Should nice fail, gcnabi runs at llc's priority: slower, not wrong. */
	if (lower_priority_by > 0 && nice(lower_priority_by) == -1)
		errno = 0;
	return true;
#else
	(void)lower_priority_by;
	return false;
#endif
}

/* The next record from the launcher, waiting at most wait_ms (-1: no limit);
 * false when none came (or the launcher is gone: then *gone is set). */
static bool launcher_record(LaunchRecord *rec, int wait_ms, bool *gone)
{
	struct pollfd pfd = { launcher.record_fd, POLLIN, 0 };
	int r;
	while ((r = poll(&pfd, 1, wait_ms)) < 0 && errno == EINTR)
		;
	if (r <= 0)
		return false;
	if (!read_full(launcher.record_fd, rec, sizeof *rec)) {
		*gone = true;
		return false;
	}
	return true;
}

static void pending_exit(const LaunchRecord *rec)
{
	if (launcher.npending < MAX_PENDING_EXITS)
		launcher.pending[launcher.npending++] = *rec;
}

static bool launcher_start_proc(pid_t *pid, char *const argv[], const char *out_path, const char *err_path,
				unsigned mem_mb)
{
	char buf[1 << 16];
	char mem[32];
	snprintf(mem, sizeof mem, "%u", mem_mb);
	const char *head[] = { out_path, err_path, mem };
	uint32_t len = 0;
	for (int i = 0; i < 3 + 64; i++) {
		const char *s = i < 3 ? head[i] : argv[i - 3];
		if (!s)
			break;
		size_t n = strlen(s) + 1;
		if (len + n > sizeof buf - sizeof len)
			return false;
		memcpy(buf + sizeof len + len, s, n);
		len += (uint32_t)n;
	}
	memcpy(buf, &len, sizeof len);
	if (!write_full(launcher.request_fd, buf, sizeof len + len))
		return false;
	for (;;) {
		LaunchRecord rec;
		bool gone = false;
		if (!launcher_record(&rec, -1, &gone))
			return false;
		if (rec.kind == LAUNCH_EXITED) {
			pending_exit(&rec);
			continue;
		}
		if (rec.pid < 0) {
			errno = -rec.pid;
			return false;
		}
		*pid = rec.pid;
		return true;
	}
}

bool proc_start(Proc *p, char *const argv[], const char *out_path, const char *err_path, unsigned mem_mb)
{
	pid_t pid;
	no_symbolizer();
	if (launcher.pid > 0) {
		if (!launcher_start_proc(&pid, argv, out_path, err_path, mem_mb))
			return false;
	} else {
		fflush(NULL);
		pid = fork();
		if (pid < 0)
			return false;
		if (pid == 0)
			child_exec(argv, out_path, err_path, mem_mb);
	}
	p->pid = pid;
	p->started = now_seconds();
	p->timed_out = false;
	p->cpu_read_at = 0;
	p->warned_at = 0;
	p->status = -1;
	p->sig = 0;
	return true;
}

const char *proc_signal_name(int sig, char *buf, size_t cap)
{
	static const struct {
		int sig;
		const char *name;
	} names[] = { { SIGSEGV, "SIGSEGV" }, { SIGABRT, "SIGABRT" }, { SIGBUS, "SIGBUS" }, { SIGILL, "SIGILL" },
		      { SIGFPE, "SIGFPE" },   { SIGKILL, "SIGKILL" }, { SIGTERM, "SIGTERM" }, { SIGTRAP, "SIGTRAP" },
		      { SIGPIPE, "SIGPIPE" }, { SIGXCPU, "SIGXCPU" }, { SIGINT, "SIGINT" },   { SIGHUP, "SIGHUP" } };
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
		if (names[k].sig == sig)
			return names[k].name;
	snprintf(buf, cap, "signal %d", sig);
	return buf;
}

/* CPU seconds process pid and the children it waited for have used, from
 * /proc/PID/stat (utime, stime, cutime, cstime); -1 where it cannot be
 * read (not Linux, or the process is gone). */
static double proc_cpu_seconds(pid_t pid)
{
#ifdef __linux__
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	/* The command name, field 2, is in parentheses and may hold spaces. */
	const char *p = strrchr(buf, ')');
	unsigned long long t[4];
	if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu", &t[0], &t[1], &t[2],
			 &t[3]) != 4)
		return -1;
	long hz = sysconf(_SC_CLK_TCK);
	return hz > 0 ? (double)(t[0] + t[1] + t[2] + t[3]) / (double)hz : -1;
#else
	(void)pid;
	return -1;
#endif
}

/* Whether p is past the timeout: --timeout counts the CPU time llc uses,
 * so that a loaded machine (the llc waiting for a core) does not turn a
 * slow compilation into a hang; a process that does not use its CPU time
 * (blocked, or starved past all reason) is killed at TIMEOUT_WALL_FACTOR
 * times the timeout of wall time. Without /proc, wall time alone. */
static bool past_timeout(Proc *p, double timeout, double now)
{
	double wall = now - p->started;
	if (wall <= timeout)
		return false;
	if (wall > TIMEOUT_WALL_FACTOR * timeout)
		return true;
	/* The CPU time is read from /proc at most once a second: the loop
	 * that asks polls every few milliseconds. */
	if (p->cpu_read_at && now - p->cpu_read_at < 1)
		return false;
	p->cpu_read_at = now;
	double cpu = proc_cpu_seconds(p->pid);
	return cpu < 0 || cpu >= timeout;
}

int proc_wait_any(Proc *procs, int n, double timeout)
{
	return proc_wait_any_for(procs, n, timeout, 0);
}

/* procs[i] has ended with wait status `status`; returns i. */
static int finished(Proc *procs, int i, int status)
{
	Proc *p = &procs[i];
	/* Past its timeout, what it started goes with it (a wrapper that
	 * SIGXCPU ended leaves its llc running otherwise). */
	if (p->timed_out)
		kill(-p->pid, SIGKILL);
	p->seconds = now_seconds() - p->started;
	p->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	p->sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	p->pid = 0;
	return i;
}

int proc_wait_any_for(Proc *procs, int n, double timeout, double max_wait)
{
	double until = max_wait > 0 ? now_seconds() + max_wait : 0;
	for (;;) {
		bool any = false;
		for (int i = 0; i < n; i++) {
			Proc *p = &procs[i];
			if (p->pid <= 0)
				continue;
			any = true;
			if (launcher.pid > 0) {
				for (int k = 0; k < launcher.npending; k++)
					if (launcher.pending[k].pid == p->pid) {
						int st = launcher.pending[k].status;
						launcher.pending[k] = launcher.pending[--launcher.npending];
						return finished(procs, i, st);
					}
			} else {
				int st;
				if (waitpid(p->pid, &st, WNOHANG) == p->pid)
					return finished(procs, i, st);
			}
			if (timeout > 0 && !p->timed_out && past_timeout(p, timeout, now_seconds())) {
				p->timed_out = true;
				p->warned_at = now_seconds();
				kill(p->pid, SIGXCPU);
			} else if (p->timed_out && p->warned_at && now_seconds() - p->warned_at >= TIMEOUT_GRACE_SECONDS) {
				p->warned_at = 0;
				kill(-p->pid, SIGKILL);
				kill(p->pid, SIGKILL);
			}
		}
		if (!any)
			return -1;
		if (until && now_seconds() >= until)
			return -2;
		if (launcher.pid > 0) {
			/* Sleep until the launcher's next record, the nearest timeout
			 * or max_wait. */
			double now = now_seconds(), wake = until ? until : 0;
			for (int i = 0; i < n; i++) {
				if (procs[i].pid <= 0 || timeout <= 0)
					continue;
				if (procs[i].timed_out) {
					/* Warned: kill it when its grace is over. */
					double at = procs[i].warned_at + TIMEOUT_GRACE_SECONDS;
					if (procs[i].warned_at && (!wake || at < wake))
						wake = at;
					continue;
				}
				/* Past its timeout but short of its CPU time: look
				 * again in a second. */
				double at = procs[i].started + timeout;
				if (at <= now)
					at = now + 1;
				if (!wake || at < wake)
					wake = at;
			}
			int wait_ms = !wake ? -1 : wake <= now ? 0 : (int)((wake - now) * 1000) + 1;
			LaunchRecord rec;
			bool gone = false;
			if (launcher_record(&rec, wait_ms, &gone) && rec.kind == LAUNCH_EXITED)
				pending_exit(&rec);
			if (gone) {
				/* The launcher died and took its children along: each of
				 * ours ends as killed. */
				for (int i = 0; i < n; i++)
					if (procs[i].pid > 0)
						return finished(procs, i, SIGKILL);
			}
		} else {
			usleep(2000);
		}
	}
}

bool slots_open(Slots *s, const char *path, char *err, size_t cap)
{
	struct stat st;
	s->fd = open(path, O_RDWR | O_CLOEXEC);
	if (s->fd < 0 || fstat(s->fd, &st) != 0) {
		snprintf(err, cap, "%s: %s", path, strerror(errno));
		if (s->fd >= 0)
			close(s->fd);
		s->fd = -1;
		return false;
	}
	if (st.st_size < 1 || st.st_size > MAX_SLOTS) {
		snprintf(err, cap, "%s: a slot file has one byte per llc slot (1 to %d), this one has %lld bytes", path,
			 MAX_SLOTS, (long long)st.st_size);
		close(s->fd);
		s->fd = -1;
		return false;
	}
	/* A file system without record locks (some network ones) would make
	 * every slot look taken for ever: say so now. */
	struct flock probe = { 0 };
	probe.l_type = F_WRLCK;
	probe.l_whence = SEEK_SET;
	probe.l_len = 1;
	if (fcntl(s->fd, F_GETLK, &probe) != 0) {
		snprintf(err, cap, "%s: cannot lock it (%s); llc slots need POSIX record locks", path, strerror(errno));
		close(s->fd);
		s->fd = -1;
		return false;
	}
	s->n = (int)st.st_size;
	memset(s->held, 0, sizeof s->held);
	return true;
}

/* 1 locked (or unlocked), 0 another process holds it, -1 locking failed. */
static int lock_byte(int fd, int slot, short type)
{
	struct flock fl = { 0 };
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = slot;
	fl.l_len = 1;
	if (fcntl(fd, F_SETLK, &fl) == 0)
		return 1;
	return errno == EAGAIN || errno == EACCES || errno == EINTR ? 0 : -1;
}

int slots_take(Slots *s, bool wait)
{
	/* Start at a different byte in each process so that they do not all
	 * contend for slot 0. */
	int first = (int)(getpid() % s->n);
	for (;;) {
		for (int k = 0; k < s->n; k++) {
			int slot = (first + k) % s->n;
			if (s->held[slot])
				continue;
			int r = lock_byte(s->fd, slot, F_WRLCK);
			if (r < 0)
				return -2;
			if (r) {
				s->held[slot] = 1;
				return slot;
			}
		}
		if (!wait)
			return -1;
		/* Slots change hands once per llc (seconds): look every 10 ms. */
		usleep(10000);
	}
}

void slots_give(Slots *s, int slot)
{
	if (slot >= 0 && s->held[slot]) {
		lock_byte(s->fd, slot, F_UNLCK);
		s->held[slot] = 0;
	}
}

void slots_close(Slots *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}
