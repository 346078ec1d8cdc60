/* Child processes for `gcnabi check`: llc runs with output to files, a time
 * limit and a memory limit, several at once. */
#ifndef GCNABI_RUN_H
#define GCNABI_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct {
	pid_t pid;
	double started;
	double seconds;   /* wall time, once finished */
	int status;       /* exit code, or 128+signal */
	int sig;          /* the signal that ended it, 0 when it exited */
	bool timed_out;
	double cpu_read_at; /* when its CPU time was last read, past the timeout (0: never) */
	double warned_at;   /* when it was sent SIGXCPU at the timeout (0: not yet) */
} Proc;

/* --timeout counts CPU time; a process that does not use it is stopped at
 * this many times the timeout of wall time (run.c past_timeout). */
enum { TIMEOUT_WALL_FACTOR = 4 };

/* At the timeout a process gets SIGXCPU, as the kernel's RLIMIT_CPU
 * would send it: llc's handler prints its stack dump, which names the
 * pass and the function it was in ("on function '@f'"), and ends it.
 * Whatever still runs this many seconds later is killed with its process
 * group. */
enum { TIMEOUT_GRACE_SECONDS = 2 };

/* "SIGSEGV" for SIGSEGV; "signal N" for one without a name here. */
const char *proc_signal_name(int sig, char *buf, size_t cap);

/* From now on, children start through a launcher process forked here, at
 * the caller's priority, and the caller lowers its own by lower_priority_by
 * (nice): the children get the CPU first. False where there is none (not
 * Linux, or fork failed): children are then started directly. */
bool proc_launcher_start(int lower_priority_by);
/* Start argv[0] with stdout and stderr to the given files. The child gets
 * RLIMIT_AS of mem_mb megabytes (0: unlimited). */
bool proc_start(Proc *p, char *const argv[], const char *out_path, const char *err_path, unsigned mem_mb);
/* Wait for any of procs[0..n) that are running (pid > 0) to finish, killing
 * those past timeout seconds. Returns the index of a finished one (its pid
 * set to 0), or -1 when none is running. */
int proc_wait_any(Proc *procs, int n, double timeout);
/* The same, but returns -2 when none has finished after max_wait seconds. */
int proc_wait_any_for(Proc *procs, int n, double timeout, double max_wait);

/* llc slots shared by several processes (gcnabi-run's units): a file of n
 * bytes, one per slot; a process holds a slot while it has a POSIX record
 * lock on its byte. The kernel drops the locks of a process that dies, so a
 * killed or crashed check never keeps a slot from the others. */
enum { MAX_SLOTS = 4096 };
typedef struct {
	int fd;
	int n;
	/* A process's own locks never conflict with each other: which it holds. */
	unsigned char held[MAX_SLOTS];
} Slots;

/* Opens the slot file; false (err set) when it cannot be opened or is empty. */
bool slots_open(Slots *s, const char *path, char *err, size_t cap);
/* A free slot's index, now (-1: none free) or waiting for one (wait); -2
 * when locking fails (errno says why). */
int slots_take(Slots *s, bool wait);
void slots_give(Slots *s, int slot);
void slots_close(Slots *s);
double now_seconds(void);

#endif
