/* Unit tests for the process layer of `gcnabi check` (engine/run.c): exit
 * statuses and timeouts of started processes, with and without the
 * launcher; the launcher starts children at the priority gcnabi had before
 * lowering its own; llc slots shared through byte locks, which a process
 * that dies gives back. */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine.h"

static char dir[] = "/tmp/gcnabi-test-run-XXXXXX";

static void path_in_dir(char *buf, size_t cap, const char *name)
{
	snprintf(buf, cap, "%s/%s", dir, name);
}

static int run_to_end(char *const argv[], double timeout, Proc *p)
{
	char out[256], err[256];
	path_in_dir(out, sizeof out, "out.txt");
	path_in_dir(err, sizeof err, "err.txt");
	assert_true(proc_start(p, argv, out, err, 0));
	return proc_wait_any(p, 1, timeout);
}

/* exit 3 is status 3; a process past its timeout gets SIGXCPU (sleep dies
 * of it: 128 + SIGXCPU); one that ignores SIGXCPU is killed with its
 * process group TIMEOUT_GRACE_SECONDS later: 128 + SIGKILL. */
static void check_status_and_timeout(void)
{
	Proc p;
	char *exit3[] = { "/bin/sh", "-c", "exit 3", 0 };
	assert_int_equal(run_to_end(exit3, 30, &p), 0);
	assert_int_equal(p.status, 3);
	assert_false(p.timed_out);
	char *slow[] = { "/bin/sleep", "20", 0 };
	double t0 = now_seconds();
	assert_int_equal(run_to_end(slow, 0.3, &p), 0);
	assert_true(p.timed_out);
	assert_int_equal(p.status, 128 + SIGXCPU);
	assert_true(now_seconds() - t0 < 10);
	char *deaf[] = { "/bin/sh", "-c", "trap '' XCPU; sleep 20; exit 0", 0 };
	t0 = now_seconds();
	assert_int_equal(run_to_end(deaf, 0.3, &p), 0);
	assert_true(p.timed_out);
	assert_int_equal(p.status, 128 + SIGKILL);
	assert_true(now_seconds() - t0 >= TIMEOUT_GRACE_SECONDS);
	assert_true(now_seconds() - t0 < 10);
	/* max_wait: nothing ends within 50 ms, so -2, and the process runs on. */
	char out[256], err[256];
	path_in_dir(out, sizeof out, "out.txt");
	path_in_dir(err, sizeof err, "err.txt");
	char *brief[] = { "/bin/sleep", "0.5", 0 };
	assert_true(proc_start(&p, brief, out, err, 0));
	assert_int_equal(proc_wait_any_for(&p, 1, 30, 0.05), -2);
	assert_int_equal(proc_wait_any_for(&p, 1, 30, 0), 0);
	assert_int_equal(p.status, 0);
	/* None running: -1. */
	assert_int_equal(proc_wait_any(&p, 1, 30), -1);
}

static void status_and_timeout_direct(void **state)
{
	(void)state;
	check_status_and_timeout();
}

/* The same through the launcher, in a child process (the launcher stays for
 * the life of its process); the child reports failures by exit status. The
 * launcher's children run at the priority from before proc_launcher_start
 * lowered the caller's by 5: /usr/bin/nice prints its own nice value. */
static void status_timeout_and_priority_through_launcher(void **state)
{
	(void)state;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int before = getpriority(PRIO_PROCESS, 0);
		if (!proc_launcher_start(5))
			_exit(10);
		if (getpriority(PRIO_PROCESS, 0) != (before + 5 > 19 ? 19 : before + 5))
			_exit(11);
		check_status_and_timeout();
		Proc p;
		char *nice_argv[] = { "/usr/bin/nice", 0 };
		if (run_to_end(nice_argv, 30, &p) != 0 || p.status != 0)
			_exit(12);
		char out[256];
		path_in_dir(out, sizeof out, "out.txt");
		FILE *f = fopen(out, "r");
		int child_nice = -100;
		if (!f || fscanf(f, "%d", &child_nice) != 1)
			_exit(13);
		fclose(f);
		_exit(child_nice == before ? 0 : 14);
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
}

static void write_slot_file(const char *path, const char *bytes)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(bytes, f);
	fclose(f);
}

/* In a child: can it take a slot now? 0 yes, 1 no. */
static int other_process_takes(const char *path)
{
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		Slots s;
		char err[300];
		if (!slots_open(&s, path, err, sizeof err))
			_exit(2);
		_exit(slots_take(&s, false) >= 0 ? 0 : 1);
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	return WEXITSTATUS(st);
}

static void slots_are_shared_between_processes(void **state)
{
	(void)state;
	char path[256], err[300];
	path_in_dir(path, sizeof path, "slots");
	write_slot_file(path, "..");
	Slots s;
	assert_true(slots_open(&s, path, err, sizeof err));
	int a = slots_take(&s, false), b = slots_take(&s, false);
	assert_true(a >= 0 && b >= 0 && a != b);
	/* A process's own locks never conflict: the third take must still fail. */
	assert_int_equal(slots_take(&s, false), -1);
	assert_int_equal(other_process_takes(path), 1);
	slots_give(&s, a);
	assert_int_equal(other_process_takes(path), 0);
	/* The child's slot went with it: this process takes it back. */
	assert_int_equal(slots_take(&s, true), a);
	slots_give(&s, a);
	slots_give(&s, b);
	slots_close(&s);
}

/* A process killed while it holds a slot gives it back. */
static void a_killed_holder_gives_its_slot_back(void **state)
{
	(void)state;
	char path[256], err[300];
	path_in_dir(path, sizeof path, "slots1");
	write_slot_file(path, ".");
	int ready[2];
	assert_int_equal(pipe(ready), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		Slots s;
		if (!slots_open(&s, path, err, sizeof err) || slots_take(&s, false) != 0)
			_exit(1);
		if (write(ready[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	char x;
	assert_int_equal(read(ready[0], &x, 1), 1);
	Slots s;
	assert_true(slots_open(&s, path, err, sizeof err));
	assert_int_equal(slots_take(&s, false), -1);
	kill(pid, SIGKILL);
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_int_equal(slots_take(&s, false), 0);
	slots_close(&s);
	close(ready[0]);
	close(ready[1]);
}

static void bad_slot_files_are_errors(void **state)
{
	(void)state;
	char path[256], err[300];
	Slots s;
	path_in_dir(path, sizeof path, "no-such-file");
	assert_false(slots_open(&s, path, err, sizeof err));
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "No such file"));
	path_in_dir(path, sizeof path, "empty");
	write_slot_file(path, "");
	assert_false(slots_open(&s, path, err, sizeof err));
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "0 bytes"));
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(status_and_timeout_direct),
		cmocka_unit_test(status_timeout_and_priority_through_launcher),
		cmocka_unit_test(slots_are_shared_between_processes),
		cmocka_unit_test(a_killed_holder_gives_its_slot_back),
		cmocka_unit_test(bad_slot_files_are_errors),
	};
	int failed = cmocka_run_group_tests(tests, 0, 0);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 1;
	return failed;
}
