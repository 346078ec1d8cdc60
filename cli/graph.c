/* Call-graph files: the signatures of the functions as `declare` lines
 * and one line per call edge,
 *     call @caller -> @callee
 *     call @caller -> * @callee      (through a function pointer)
 * in the order the caller makes its calls. The signature parser skips
 * these lines; this file reads them. */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "cli.h"

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
	       c == '$' || c == '-';
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	return p;
}

/* "@name" at p: the index of the signature it names, or -1 (why set). */
static int take_function(const char **pp, const char *end, Sig *const *sigs, unsigned nsigs, const char **why)
{
	const char *p = *pp;
	if (p >= end || *p != '@') {
		*why = "expected '@name'";
		return -1;
	}
	const char *name = ++p;
	while (p < end && is_name_char(*p))
		p++;
	size_t n = (size_t)(p - name);
	if (n == 0) {
		*why = "expected a function name after '@'";
		return -1;
	}
	for (unsigned i = 0; i < nsigs; i++)
		if (strlen(sigs[i]->name) == n && memcmp(sigs[i]->name, name, n) == 0) {
			*pp = p;
			return (int)i;
		}
	*why = "no signature of that name in the file";
	return -1;
}

bool graph_edges_parse(const char *text, size_t len, Sig *const *sigs, unsigned nsigs, CallEdge **edges,
		       unsigned *nedges, char *err, size_t err_cap)
{
	const char *end = text + len;
	unsigned line = 1, cap = 0;
	*edges = 0;
	*nedges = 0;
	for (const char *p = text; p < end; line++) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = skip_blanks(p, eol);
		if ((size_t)(eol - q) >= 5 && memcmp(q, "call", 4) == 0 && (q[4] == ' ' || q[4] == '\t')) {
			const char *why = 0;
			CallEdge e = { .line = line };
			q = skip_blanks(q + 4, eol);
			int from = take_function(&q, eol, sigs, nsigs, &why), to = -1;
			if (from >= 0) {
				q = skip_blanks(q, eol);
				if (eol - q < 2 || memcmp(q, "->", 2) != 0)
					why = "expected '->' after the caller";
				else
					q = skip_blanks(q + 2, eol);
			}
			if (from >= 0 && !why && q < eol && *q == '*') {
				e.indirect = true;
				q = skip_blanks(q + 1, eol);
			}
			if (from >= 0 && !why)
				to = take_function(&q, eol, sigs, nsigs, &why);
			if (to >= 0 && skip_blanks(q, eol) != eol)
				why = "unexpected text after the callee";
			if (why) {
				snprintf(err, err_cap, "%u:%u: %s in call edge", line, (unsigned)(q - p) + 1, why);
				free(*edges);
				*edges = 0;
				return false;
			}
			e.from = (unsigned)from;
			e.to = (unsigned)to;
			/* Calls stay within one convention, except that a shader
			 * entry point calls amdgpu_gfx functions (passing its user
			 * SGPRs on); nothing calls an entry point. */
			CallConv cfrom = (CallConv)sigs[e.from]->cc, cto = (CallConv)sigs[e.to]->cc;
			bool shader_call = cc_is_shader_entry(cfrom) && cto == CC_AMDGPU_GFX;
			if (cc_is_shader_entry(cto) || (cfrom != cto && !shader_call)) {
				snprintf(err, err_cap, "%u:1: @%s (%s) cannot call @%s (%s): %s", line,
					 sigs[e.from]->name, cc_name((CallConv)sigs[e.from]->cc), sigs[e.to]->name,
					 cc_name((CallConv)sigs[e.to]->cc),
					 cc_is_shader_entry(cto) ? "an entry point has no callers"
								: "the conventions differ (only an entry point may call amdgpu_gfx)");
				free(*edges);
				*edges = 0;
				return false;
			}
			if (*nedges == cap) {
				cap = cap ? 2 * cap : 16;
				CallEdge *grown = realloc(*edges, cap * sizeof *grown);
				if (!grown) {
					snprintf(err, err_cap, "out of memory");
					free(*edges);
					*edges = 0;
					return false;
				}
				*edges = grown;
			}
			(*edges)[(*nedges)++] = e;
		}
		p = eol < end ? eol + 1 : end;
	}
	return true;
}

bool graph_print(const Graph *g, FILE *f)
{
	char line[1 << 16];
	fprintf(f, "; %u functions, %s\n", g->nnodes, cc_name((CallConv)g->nodes[0].cc));
	for (unsigned k = 0; k < g->nnodes; k++) {
		if (sig_print(&g->nodes[k], false, line, sizeof line) >= sizeof line)
			return false;
		fprintf(f, "%s\n", line);
	}
	for (unsigned e = 0; e < g->nedges; e++)
		fprintf(f, "call @%s -> %s@%s\n", g->nodes[g->edges[e].from].name, g->edges[e].indirect ? "* " : "",
			g->nodes[g->edges[e].to].name);
	return true;
}
