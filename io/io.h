/* Text in and out around the pure core: whole files read or mapped, the
 * growable buffer everything is printed into, signature files read with
 * their errors, and SGPR layouts found by name or path. The layer below
 * emit/, engine/ and cli/; it knows nothing of llc. */
#ifndef GCNABI_IO_H
#define GCNABI_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cc.h"

/* A growable text buffer; on allocation failure it stops growing and
 * sets failed. */
typedef struct {
	char *p;
	size_t n, cap;
	bool failed;
} Buf;
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_put(Buf *b, const char *s, size_t n);
void buf_free(Buf *b);
/* Its text, "" when nothing was written. */
const char *buf_cstr(const Buf *b);
void fput_json_string(FILE *f, const char *s);

/* path created afresh for writing (io/fresh.c): what it named is unlinked,
 * the new file made with O_EXCL | O_NOFOLLOW; never written through a link. */
int open_fresh(const char *path);
FILE *fopen_fresh(const char *path);

/* The user's signatures in text read from path, handed to sink one by one
 * (io/sig_read.c): the parser's errors, a second function of a name already
 * seen and an input with no header at all are errors, printed (when say)
 * as PATH:LINE:COL: error: ... and handed to sink as a SigError; the
 * parser's notes are printed as PATH:LINE:COL: note: .... Returns the
 * number of errors. */
unsigned sig_read(const char *path, const char *text, size_t len, bool say, SigSink sink, void *ctx);

/* Whole file (or stdin for "-") into a NUL-terminated heap buffer. */
char *read_file(const char *path, size_t *len, char *err, size_t err_cap);
/* Append a heap copy of s to the growing array *sigs of *n; false (and
 * nothing appended) when out of memory. */
bool sig_list_append(Sig ***sigs, unsigned *n, const Sig *s);
/* A regular file mapped read-only, without a NUL after it (an empty file is
 * ""); NULL with err set when it cannot be. unmap_file releases it. */
const char *map_file(const char *path, size_t *len, char *err, size_t err_cap);
void unmap_file(const char *text, size_t len);

/* Layout by name (searched in $GCNABI_LAYOUTS, then the layouts/ folder
 * beside the binary's build/ folder) or by path. */
bool layout_load(const char *name_or_path, Layout *out, char *err, size_t err_cap);
/* The folder layout names are looked up in, and the file a name or path
 * stands for (a path: anything with a '/' or ".layout" in it). */
void layout_folder(char *dir, size_t cap);
void layout_path(const char *name_or_path, char *path, size_t cap);

#endif
