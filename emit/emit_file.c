/* A whole file as one module: its signatures one by one, or, when it has
 * call edges, its call graph (--graph-of: the one holding a function;
 * --leave-out: functions and the calls to them left out); what `gcnabi
 * emit` prints. Errors on stderr, prefixed by the file's name. */
#include <stdlib.h>
#include <string.h>

#include "emit_impl.h"
#include "ir_text.h"

typedef struct {
	Buf *out;
	const EmitOptions *o;
	unsigned n, failed;
	const char *input;
	Sig **sigs; /* call-graph files: every signature, to resolve the edges */
	unsigned nsigs;
	const char *graph_of; /* --graph-of: only the call graph holding this function */
	const char *leave_out; /* --leave-out: these functions (comma-separated) stay out */
} EmitRun;

/* Whether --leave-out names the function. */
static bool left_out(const EmitRun *r, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = r->leave_out; p && *p; p += strcspn(p, ",")) {
		p += *p == ',';
		if (strncmp(p, name, n) == 0 && (p[n] == ',' || !p[n]))
			return true;
	}
	return false;
}

/* --leave-out: its functions out of include; false (reported) when one of
 * them is not in the file. */
static bool leave_out(EmitRun *r, bool *include)
{
	for (const char *p = r->leave_out; p && *p;) {
		size_t n = strcspn(p, ",");
		bool found = false;
		for (unsigned i = 0; i < r->nsigs; i++)
			if (strlen(r->sigs[i]->name) == n && strncmp(r->sigs[i]->name, p, n) == 0)
				found = true, include[i] = false;
		if (!found) {
			fprintf(stderr, "%s: error: --leave-out: no function @%.*s\n", r->input, (int)n, p);
			return false;
		}
		p += n + (p[n] == ',');
	}
	return true;
}

static int emit_one(void *ctx, const Sig *sig, const SigError *err)
{
	EmitRun *r = ctx;
	char why[256];
	if (err) {
		r->failed++;
		return 0;
	}
	if (left_out(r, sig->name))
		return 0;
	if (!emit_function(r->out, sig, r->n++, r->o, why, sizeof why)) {
		fprintf(stderr, "%s:%u: error: @%s: %s\n", r->input, sig->line, sig->name, why);
		r->failed++;
	}
	return 0;
}

static int collect_for_graph(void *ctx, const Sig *sig, const SigError *err)
{
	EmitRun *r = ctx;
	if (err) {
		r->failed++;
		return 0;
	}
	if (!sig_list_append(&r->sigs, &r->nsigs, sig)) {
		r->out->failed = true;
		return 1;
	}
	return 0;
}

/* --graph-of: which functions the module holds (of those include holds),
 * the connected component of @r->graph_of; its lines of the file
 * (signatures and edges, in file order) go first, as "; call graph: LINE"
 * comments. False (reported) when no signature has that name, or
 * --leave-out names it. */
static bool graph_of(EmitRun *r, const char *text, size_t len, const CallEdge *edges, unsigned nedges, bool *include)
{
	unsigned n = r->nsigs ? r->nsigs : 1, *component = malloc(n * sizeof *component), lines = 1, self = r->nsigs;
	for (unsigned i = 0; i < r->nsigs; i++)
		if (strcmp(r->sigs[i]->name, r->graph_of) == 0)
			self = i;
	if (self == r->nsigs || !component || !include[self]) {
		if (component && self < r->nsigs)
			fprintf(stderr, "%s: error: --graph-of: --leave-out names @%s\n", r->input, r->graph_of);
		else if (component)
			fprintf(stderr, "%s: error: --graph-of: no function @%s\n", r->input, r->graph_of);
		else
			fprintf(stderr, "%s: error: out of memory\n", r->input);
		free(component);
		return false;
	}
	graph_components(r->nsigs, edges, nedges, component);
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	bool *mine = calloc(lines + 1, 1);
	if (!mine) {
		free(component);
		return false;
	}
	for (unsigned i = 0; i < r->nsigs; i++)
		if ((include[i] = include[i] && component[i] == component[self]) && r->sigs[i]->line <= lines)
			mine[r->sigs[i]->line] = true;
	for (unsigned e = 0; e < nedges; e++)
		if (include[edges[e].from] && include[edges[e].to] && edges[e].line <= lines)
			mine[edges[e].line] = true;
	unsigned line = 1;
	for (const char *p = text, *end = text + len; p < end; line++) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		if (mine[line]) {
			size_t need = ir_escape(IR_COMMENT, p, (size_t)(eol - p), 0, 0);
			char *shown = malloc(need + 1);
			if (shown)
				ir_escape(IR_COMMENT, p, (size_t)(eol - p), shown, need + 1);
			buf_printf(r->out, "; call graph: %s\n", shown ? shown : "(out of memory)");
			free(shown);
		}
		p = eol + 1;
	}
	free(mine);
	free(component);
	return true;
}

/* A call-graph file becomes one module (with --graph-of, one call graph of
 * it); -1 when text has no call edges and no --graph-of. */
static int emit_graph_file(EmitRun *r, const char *text, size_t len)
{
	char why[512];
	CallEdge *edges = 0;
	unsigned nedges = 0;
	sig_read(r->input, text, len, true, collect_for_graph, r);
	bool ok = graph_edges_parse(text, len, r->sigs, r->nsigs, &edges, &nedges, why, sizeof why);
	if (!ok)
		fprintf(stderr, "%s:%s\n", r->input, why);
	int rc = -1;
	if (ok && (nedges || r->graph_of)) {
		bool *all = malloc(r->nsigs ? r->nsigs : 1);
		if (all)
			memset(all, 1, r->nsigs);
		if (all && !leave_out(r, all))
			r->failed++;
		else if (all && r->graph_of && !graph_of(r, text, len, edges, nedges, all))
			r->failed++;
		else if (!all || !emit_graph(r->out, r->sigs, all, r->nsigs, edges, nedges, r->o, why, sizeof why)) {
			fprintf(stderr, "%s: error: %s\n", r->input, all ? why : "out of memory");
			r->failed++;
		}
		free(all);
		rc = 0;
	} else if (!ok) {
		r->failed++;
		rc = 0;
	} else if (r->leave_out) {
		/* Signatures without calls: each one --leave-out names must be there. */
		bool *all = calloc(r->nsigs ? r->nsigs : 1, 1);
		if (!all || !leave_out(r, all)) {
			if (!all)
				fprintf(stderr, "%s: error: out of memory\n", r->input);
			r->failed++;
			rc = 0;
		}
		free(all);
	}
	for (unsigned i = 0; i < r->nsigs; i++)
		free(r->sigs[i]);
	free(r->sigs);
	r->sigs = 0;
	r->nsigs = 0;
	free(edges);
	if (rc < 0)
		r->failed = 0; /* the per-signature pass reports parse errors itself */
	return rc;
}

unsigned emit_file(Buf *out, const char *input, const char *text, size_t len, const EmitOptions *o,
		   const char *graph_of, const char *leave_out)
{
	EmitRun r = { .out = out, .o = o, .input = input, .graph_of = graph_of, .leave_out = leave_out };
	if (emit_graph_file(&r, text, len) < 0)
		sig_read(r.input, text, len, false, emit_one, &r); /* the graph pass said what was wrong */
	return r.failed;
}
