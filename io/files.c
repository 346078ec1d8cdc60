/* Whole files into memory: read into a NUL-terminated heap buffer, or mapped
 * read-only; and the growing signature lists the readers fill. */
#define _DEFAULT_SOURCE /* MAP_POPULATE */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"

char *read_file(const char *path, size_t *len, char *err, size_t err_cap)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(err, err_cap, "%s: %s", path, strerror(errno));
		return 0;
	}
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (!buf) {
			snprintf(err, err_cap, "%s: out of memory", path);
			break;
		}
		size_t k = fread(buf + n, 1, cap - n - 1, f);
		n += k;
		if (n + 1 < cap) {
			if (ferror(f)) {
				snprintf(err, err_cap, "%s: read error", path);
				free(buf);
				buf = 0;
			}
			break;
		}
		cap *= 2;
		char *grown = realloc(buf, cap);
		if (!grown)
			free(buf);
		buf = grown;
	}
	if (f != stdin)
		fclose(f);
	if (!buf)
		return 0;
	buf[n] = 0;
	*len = n;
	return buf;
}

bool sig_list_append(Sig ***sigs, unsigned *n, const Sig *s)
{
	Sig **grown = realloc(*sigs, (*n + 1) * sizeof *grown);
	if (!grown)
		return false;
	*sigs = grown;
	Sig *copy = malloc(sizeof *copy);
	if (!copy)
		return false;
	*copy = *s;
	grown[(*n)++] = copy;
	return true;
}

const char *map_file(const char *path, size_t *len, char *err, size_t err_cap)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(err, err_cap, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return 0;
	}
	*len = (size_t)st.st_size;
	if (*len == 0) {
		close(fd);
		return "";
	}
	void *p = mmap(0, *len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		snprintf(err, err_cap, "%s: %s", path, strerror(errno));
		return 0;
	}
	return p;
}

void unmap_file(const char *text, size_t len)
{
	if (text && len)
		munmap((void *)text, len);
}
