/* Child processes for `gcnabi check`: llc runs with output to files, a time
 * limit and a memory limit, several at once. */
#ifndef GCNABI_RUN_H
#define GCNABI_RUN_H

#include <stdbool.h>
#include <sys/types.h>

typedef struct {
	pid_t pid;
	double started;
	double seconds;   /* wall time, once finished */
	int status;       /* exit code, or 128+signal */
	bool timed_out;
} Proc;

/* Start argv[0] with stdout and stderr to the given files. The child gets
 * RLIMIT_AS of mem_mb megabytes (0: unlimited). */
bool proc_start(Proc *p, char *const argv[], const char *out_path, const char *err_path, unsigned mem_mb);
/* Wait for any of procs[0..n) that are running (pid > 0) to finish, killing
 * those past timeout seconds. Returns the index of a finished one (its pid
 * set to 0), or -1 when none is running. */
int proc_wait_any(Proc *procs, int n, double timeout);
double now_seconds(void);

#endif
