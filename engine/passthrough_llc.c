/* `gcnabi passthrough --llc`: a call graph compiled by llc to final
 * assembly, and what llc did to the callee's argument SGPRs before each
 * call in it (passthrough_llc.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine.h"

/* SGPR numbers a "sN" or "s[A:B]" operand names; 0 when it is not one. */
static unsigned sgpr_operand(const char *p, unsigned *first)
{
	unsigned a, b;
	if (sscanf(p, "s[%u:%u]", &a, &b) == 2 && b >= a) {
		*first = a;
		return b - a + 1;
	}
	if (p[0] == 's' && isdigit((unsigned char)p[1])) {
		*first = (unsigned)strtoul(p + 1, 0, 10);
		return 1;
	}
	return 0;
}

static void count_moves(const char *p, const char *end, const uint64_t want[2], MoveCount *n)
{
	enum { NONE, SMOV, VGPR_COPY, OTHER };
	uint8_t last[128] = { 0 };
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while (q < eol && isspace((unsigned char)*q))
			q++;
		const char *space = memchr(q, ' ', (size_t)(eol - q));
		unsigned d, nd = space && (q[0] == 's' || q[0] == 'v') && q[1] == '_' ? sgpr_operand(space + 1, &d) : 0;
		uint8_t kind = OTHER;
		if (strncmp(q, "s_mov_b32 ", 10) == 0 || strncmp(q, "s_mov_b64 ", 10) == 0) {
			unsigned s;
			const char *comma = memchr(q, ',', (size_t)(eol - q));
			kind = comma && sgpr_operand(comma + 1 + (comma[1] == ' '), &s) ? SMOV : OTHER;
		} else if (strncmp(q, "v_readfirstlane_b32 ", 20) == 0 || strncmp(q, "v_readlane_b32 ", 15) == 0) {
			kind = VGPR_COPY;
		} else if (strncmp(q, "s_store", 7) == 0 || strncmp(q, "s_cmp", 5) == 0 || strncmp(q, "s_cbranch", 9) == 0 ||
			   strncmp(q, "s_waitcnt", 9) == 0 || (q[0] == 'v' && strncmp(q, "v_readlane", 10) != 0)) {
			nd = 0; /* reads its SGPR operands, writes none */
		}
		for (unsigned k = 0; k < nd; k++)
			if (d + k < 128)
				last[d + k] = kind;
		p = eol + 1;
	}
	*n = (MoveCount){ 0, 0, 0, 0 };
	for (unsigned r = 0; r < 128; r++)
		if (want[r / 64] >> (r % 64) & 1) {
			n->smov += last[r] == SMOV;
			n->from_vgpr += last[r] == VGPR_COPY;
			n->kept += last[r] == NONE;
			n->computed += last[r] == OTHER;
		}
}

/* The body of function name in llc's assembly: from its label to its end
 * marker; NULL when absent. */
static const char *asm_body(const char *text, const char *name, const char **end)
{
	char label[SIG_NAME_MAX + 4];
	snprintf(label, sizeof label, "\n%s:", name);
	const char *p = strstr(text, label);
	if (!p)
		return 0;
	const char *e = strstr(p, "\n.Lfunc_end");
	*end = e ? e : p + strlen(p);
	return p;
}

/* The call instructions of a body, in order. */
static const char *next_call(const char *p, const char *end)
{
	const char *a = strstr(p, "s_swappc_b64"), *b = strstr(p, "s_setpc_b64");
	const char *c = a && (!b || a < b) ? a : b;
	return c && c < end ? c : 0;
}

/* llc's first error line in path, "" when it has none. */
static void first_error(const char *path, char *first, size_t cap)
{
	FILE *ef = fopen(path, "r");
	first[0] = 0;
	while (ef && fgets(first, (int)cap, ef) && strncmp(first, "LLVM ERROR", 10) != 0 && !strstr(first, "error:"))
		first[0] = 0;
	if (ef)
		fclose(ef);
	first[strcspn(first, "\n")] = 0;
}

char *passthrough_compile(const char *llc, const char *cpu, const char *file, const Profile *prof, Sig **sigs,
			  unsigned nsigs, const CallEdge *edges, unsigned nedges, int *rc)
{
	char err[256], *asm_text = 0;
	Buf b = { 0 };
	EmitOptions eo = { 0 };
	const Target *t = profile_target(prof, cpu);
	emit_profile_options(&eo, prof, SEL_DAG, t && t->has_16bit_insts);
	bool *all = calloc(nsigs ? nsigs : 1, sizeof *all);
	for (unsigned s = 0; all && s < nsigs; s++)
		all[s] = true;
	char ll[] = "/tmp/gcnabi-pt-XXXXXX", errpath[sizeof ll + 4];
	int fd = all ? mkstemp(ll) : -1;
	snprintf(errpath, sizeof errpath, "%s.err", ll);
	if (fd < 0 || !emit_graph(&b, sigs, all, nsigs, edges, nedges, &eo, err, sizeof err) || b.failed) {
		fprintf(stderr, "gcnabi passthrough: cannot write the module: %s\n", fd < 0 ? "temporary file" : err);
		*rc = EXIT_ERROR;
	} else if ((errno = 0, write(fd, b.p, b.n)) != (ssize_t)b.n) {
		fprintf(stderr, "gcnabi passthrough: cannot write %s: %s\n", ll, strerror(errno ? errno : ENOSPC));
		*rc = EXIT_ERROR;
	} else {
		char cmdline[1200];
		snprintf(cmdline, sizeof cmdline, "'%s' -mtriple=amdgcn-amd-amdpal -mcpu=%s -verify-machineinstrs '%s' -o - 2>'%s'", llc, cpu,
			 ll, errpath);
		FILE *f = popen(cmdline, "r");
		Buf out = { 0 };
		char chunk[65536];
		size_t n;
		while (f && (n = fread(chunk, 1, sizeof chunk, f)) > 0)
			buf_put(&out, chunk, n);
		int st = f ? pclose(f) : -1;
		if (st != 0 || out.failed) {
			char first[512];
			first_error(errpath, first, sizeof first);
			fprintf(stderr, "gcnabi passthrough: %s did not compile %s (status %d): nothing measured%s%s\n", llc,
				file, st, first[0] ? ": " : "", first);
			buf_free(&out);
			*rc |= EXIT_CRASHED;
		} else {
			buf_put(&out, "", 1);
			asm_text = out.p;
		}
	}
	if (fd >= 0) {
		close(fd);
		unlink(ll);
		unlink(errpath);
	}
	free(all);
	buf_free(&b);
	return asm_text;
}

bool passthrough_moves(const char *asm_text, const Sig *from, unsigned call_index, const uint64_t want[2], MoveCount *n)
{
	const char *end, *body = asm_body(asm_text, from->name, &end), *p = body, *c = 0;
	for (unsigned k = 0; body && k <= call_index; k++) {
		p = k ? c + 1 : body;
		if (!(c = next_call(p, end)))
			break;
	}
	if (!c)
		return false;
	count_moves(p, c, want, n);
	return true;
}
