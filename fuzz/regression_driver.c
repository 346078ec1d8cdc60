/* Replays inputs through a target without any fuzz engine: each argument
 * is a file or a directory of files (`make test` replays fuzz/corpus/).
 * Built with afl-clang-fast, and given no arguments, it is an AFL++
 * persistent-mode loop instead. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h> /* read(), which __AFL_FUZZ_INIT uses */

#include "fuzz.h"

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return 1;
	}
	size_t cap = 1 << 16, len = 0, got;
	uint8_t *buf = malloc(cap);
	while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0)
		if ((len += got) == cap && !(buf = realloc(buf, cap *= 2)))
			break;
	fclose(f);
	if (!buf) {
		fprintf(stderr, "%s: out of memory\n", path);
		return 1;
	}
	/* An exact-size copy, so ASan sees a read past the input. */
	uint8_t *exact = malloc(len ? len : 1);
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int replay(const char *path, unsigned *count)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		perror(path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		++*count;
		return replay_file(path);
	}
	DIR *d = opendir(path);
	if (!d) {
		perror(path);
		return 1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	int fail = 0;
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap && !(names = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names)))
			return 1;
		size_t len = strlen(path) + strlen(e->d_name) + 2;
		names[n] = malloc(len);
		snprintf(names[n++], len, "%s/%s", path, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, by_name);
	for (size_t i = 0; i < n; i++) {
		fail |= replay(names[i], count);
		free(names[i]);
	}
	free(names);
	return fail;
}

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
#endif

int main(int argc, char **argv)
{
#ifdef __AFL_FUZZ_TESTCASE_LEN
	if (argc < 2) {
		__AFL_INIT();
		const uint8_t *buf = __AFL_FUZZ_TESTCASE_BUF;
		while (__AFL_LOOP(100000))
			LLVMFuzzerTestOneInput(buf, (size_t)__AFL_FUZZ_TESTCASE_LEN);
		return 0;
	}
#endif
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	unsigned count = 0;
	int fail = 0;
	for (int i = 1; i < argc; i++)
		fail |= replay(argv[i], &count);
	fprintf(stderr, "%s: replayed %u input(s)\n", argv[0], count);
	return fail;
}
