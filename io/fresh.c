/* Files gcnabi writes are created afresh: a file or a link the path
 * already names (a link planted in an output folder, pointing elsewhere)
 * is unlinked first, and the new file is created exclusively, without
 * following a link, so that nothing is ever written through one. A path
 * that names something else (a device such as /dev/full, a pipe) is opened
 * as it is, never unlinked, and never through a link either. */
#define _DEFAULT_SOURCE /* O_NOFOLLOW */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"

int open_fresh(const char *path)
{
	struct stat st;
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
		return open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
	if (unlink(path) != 0 && errno != ENOENT)
		return -1;
	return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
}

FILE *fopen_fresh(const char *path)
{
	int fd = open_fresh(path);
	FILE *f = fd < 0 ? 0 : fdopen(fd, "w");
	if (fd >= 0 && !f)
		close(fd);
	return f;
}
