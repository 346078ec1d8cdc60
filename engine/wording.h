/* How the reports word what went wrong and where: a failure's message as
 * its cause key (check_cause.c) and a list of locations as a class
 * (check_where.c); check's findings and diff --json share them. */
#ifndef GCNABI_WORDING_H
#define GCNABI_WORDING_H

#include <stddef.h>

/* A failure's message as its cause key words it: numbers, registers and
 * names normalized (engine/check_cause.c); diff --json's where_class too. */
void cause_message(const char *why, char *out, size_t cap);
/* A printed list of locations as the reports class it: "sgpr", "vgpr",
 * "stack", "demoted", "none", "other" for one, "sgpr+stack x3" for
 * several (engine/check_where.c). */
void loc_list_class(const char *text, char *out, size_t cap);

#endif
