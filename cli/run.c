/* Process pool for llc runs. */
#define _DEFAULT_SOURCE
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
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

bool proc_start(Proc *p, char *const argv[], const char *out_path, const char *err_path, unsigned mem_mb)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
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
		/* llc dies with gcnabi check: a killed run leaves no compiler behind. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() == 1)
			_exit(127);
#endif
		execv(argv[0], argv);
		dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	p->pid = pid;
	p->started = now_seconds();
	p->timed_out = false;
	p->status = -1;
	return true;
}

int proc_wait_any(Proc *procs, int n, double timeout)
{
	for (;;) {
		bool any = false;
		for (int i = 0; i < n; i++) {
			Proc *p = &procs[i];
			if (p->pid <= 0)
				continue;
			any = true;
			int st;
			pid_t r = waitpid(p->pid, &st, WNOHANG);
			if (r == p->pid) {
				p->seconds = now_seconds() - p->started;
				p->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
				p->pid = 0;
				return i;
			}
			if (timeout > 0 && now_seconds() - p->started > timeout && !p->timed_out) {
				p->timed_out = true;
				kill(-p->pid, SIGKILL);
				kill(p->pid, SIGKILL);
			}
		}
		if (!any)
			return -1;
		usleep(2000);
	}
}
