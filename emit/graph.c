/* Call-graph files: the signatures of the functions as `declare` lines
 * and one line per call edge,
 *     call @caller -> @callee
 *     call @caller -> * @callee      (through a function pointer)
 *     chain @caller -> [*] @callee [dvgpr N]
 * in the order the caller makes its calls. `chain` is a call through
 * llvm.amdgcn.cs.chain, a tail call and so its caller's last; `dvgpr N` is
 * its dynamic-VGPR form (flags bit 0, N VGPRs, EXEC -1 and the callee
 * itself as fallback). The signature parser skips these lines; this file
 * reads them. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "emit.h"

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
	while (p < end && ir_name_char(*p))
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

/* Which edges are legal, first match wins: a row whose callee, caller and
 * kind predicates all hold refuses the edge with its message. */
typedef struct {
	int kind; /* EDGE_CALL (direct or not), EDGE_CHAIN, EDGE_POINTER_CALL, or -1 for all */
	bool (*caller)(CallConv), (*callee)(CallConv);
	const char *why;
} EdgeRule;
enum { EDGE_CALL, EDGE_CHAIN, EDGE_POINTER_CALL };

static bool any_cc(CallConv cc) { return cc < CC_COUNT; }
static bool is_chain_cc(CallConv cc) { return conv_in_family(cc, FAMILY_CHAIN); }
static bool not_chain_cc(CallConv cc) { return !is_chain_cc(cc); }
/* The verifier allows llvm.amdgcn.cs.chain only in some conventions. */
static bool not_chain_caller(CallConv cc) { return !conv_info(cc)->chains; }
static bool is_kernel(CallConv cc) { return conv_in_family(cc, FAMILY_KERNEL); }
static bool through_intrinsic(CallConv cc) { return conv_info(cc)->call_intrinsic != NULL; }

static const EdgeRule edge_rules[] = {
	{ -1, any_cc, cc_is_shader_entry, "an entry point has no callers" },
	{ -1, any_cc, is_kernel, "a kernel has no callers" },
	{ EDGE_CALL, any_cc, is_chain_cc, "a chain function is entered by `chain`, not called" },
	{ EDGE_CHAIN, any_cc, not_chain_cc, "only amdgpu_cs_chain(_preserve) functions are chained to" },
	{ EDGE_CHAIN, not_chain_caller, any_cc, "llvm.amdgcn.cs.chain is used only in " },
	{ EDGE_POINTER_CALL, any_cc, through_intrinsic, "it is called through an intrinsic that names the callee: no calls through a pointer" },
};

/* Why the edge is refused (in buf), or NULL. */
static const char *edge_refusal(bool chain, bool indirect, CallConv from, CallConv to, char *buf, size_t cap)
{
	int kind = chain ? EDGE_CHAIN : EDGE_CALL;
	for (size_t r = 0; r < sizeof edge_rules / sizeof edge_rules[0]; r++) {
		const EdgeRule *x = &edge_rules[r];
		bool kind_matches = x->kind < 0 || x->kind == kind || (x->kind == EDGE_POINTER_CALL && !chain && indirect);
		if (!(kind_matches && x->caller(from) && x->callee(to)))
			continue;
		if (x->caller != not_chain_caller)
			return x->why;
		/* ... the conventions that may chain, named from their table */
		size_t n = (size_t)snprintf(buf, cap, "%s", x->why);
		unsigned k = 0, count = 0;
		for (unsigned cc = 0; cc < CC_COUNT; cc++)
			count += conv_info((CallConv)cc)->chains;
		for (unsigned i = 0; i < CC_COUNT && n < cap; i++)
			if (conv_info(conv_in_generator_order(i))->chains)
				n += (size_t)snprintf(buf + n, cap - n, "%s%s", k++ ? (k == count ? " and " : ", ") : "",
						      cc_name(conv_in_generator_order(i)));
		if (n < cap)
			snprintf(buf + n, cap - n, " functions");
		return buf;
	}
	/* Calls stay within one convention, except that a shader entry point
	 * calls amdgpu_gfx functions (passing its user SGPRs on) and a kernel
	 * calls the default conventions: the callee's row says who calls it. */
	if (!chain && !conv_may_call(from, to))
		return "the conventions differ (only an entry point may call amdgpu_gfx, a kernel ccc, fastcc or coldcc)";
	return 0;
}

/* "dvgpr N" after a chain edge's callee: N in 1..256. */
static const char *take_dvgpr(const char **pp, const char *end, uint16_t *n)
{
	const char *p = *pp;
	if (end - p < 5 || memcmp(p, "dvgpr", 5) != 0)
		return "unexpected text after the callee";
	p = skip_blanks(p + 5, end);
	const char *number = p;
	unsigned v = 0, digits = 0;
	for (; p < end && *p >= '0' && *p <= '9' && v <= 256; p++, digits++)
		v = v * 10 + (unsigned)(*p - '0');
	if (!digits || v < 1 || v > 256 || (p < end && *p >= '0' && *p <= '9')) {
		*pp = number;
		return "expected a VGPR count 1-256 after 'dvgpr'";
	}
	*pp = p;
	*n = (uint16_t)v;
	return 0;
}

static bool fail_edges(CallEdge **edges, char *err, size_t err_cap, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static bool fail_edges(CallEdge **edges, char *err, size_t err_cap, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, err_cap, fmt, ap);
	va_end(ap);
	free(*edges);
	*edges = 0;
	return false;
}

unsigned graph_components(unsigned nsigs, const CallEdge *edges, unsigned nedges, unsigned *component)
{
	/* component[] holds the union-find parents first: each root is its
	 * component's first function, found by path halving. */
	unsigned *parent = component;
	for (unsigned i = 0; i < nsigs; i++)
		parent[i] = i;
	for (unsigned e = 0; e < nedges; e++) {
		unsigned a = edges[e].from, b = edges[e].to;
		while (parent[a] != a)
			a = parent[a] = parent[parent[a]];
		while (parent[b] != b)
			b = parent[b] = parent[parent[b]];
		if (a != b)
			parent[a > b ? a : b] = a < b ? a : b;
	}
	/* In index order every root comes before its members, and a member's
	 * parent chain only leads to smaller indices, already numbered. */
	unsigned n = 0;
	for (unsigned i = 0; i < nsigs; i++)
		component[i] = parent[i] == i ? n++ : component[parent[i]];
	return n;
}

/* A line that reads like an edge, `WORD @a -> ...`, whose first word is
 * not `call` or `chain`: a misspelt edge, which would otherwise be skipped
 * as a line of IR. Returns the word's length, 0 when the line is not one. */
static size_t misspelt_edge(const char *q, const char *eol)
{
	const char *p = q;
	while (p < eol && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_'))
		p++;
	size_t word = (size_t)(p - q);
	p = skip_blanks(p, eol);
	if (!word || p >= eol || *p != '@')
		return 0;
	for (p++; p < eol && ir_name_char(*p);)
		p++;
	p = skip_blanks(p, eol);
	return eol - p >= 2 && memcmp(p, "->", 2) == 0 ? word : 0;
}

static bool starts_edge(const char *q, const char *eol, const char *word)
{
	size_t n = strlen(word);
	return (size_t)(eol - q) > n && memcmp(q, word, n) == 0 && (q[n] == ' ' || q[n] == '\t' || q[n] == '@');
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
		bool chain = starts_edge(q, eol, "chain"), call = starts_edge(q, eol, "call");
		size_t misspelt = call || chain ? 0 : misspelt_edge(q, eol);
		if (misspelt)
			return fail_edges(edges, err, err_cap, "%u:%u: error: '%.*s' is not 'call' or 'chain': an edge starts with one of them",
					  line, (unsigned)(q - p) + 1, (int)(misspelt < 40 ? misspelt : 40), q);
		if (call || chain) {
			const char *why = 0;
			CallEdge e = { .line = line, .chain = chain };
			q = skip_blanks(q + (chain ? 5 : 4), eol);
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
			if (to >= 0 && (q = skip_blanks(q, eol)) != eol)
				why = chain ? take_dvgpr(&q, eol, &e.dvgpr) : "unexpected text after the callee";
			if (!why && e.dvgpr && (q = skip_blanks(q, eol)) != eol)
				why = "unexpected text after the VGPR count";
			if (why)
				return fail_edges(edges, err, err_cap, "%u:%u: error: %s in %s edge", line, (unsigned)(q - p) + 1, why,
						  chain ? "chain" : "call");
			e.from = (unsigned)from;
			e.to = (unsigned)to;
			CallConv cfrom = (CallConv)sigs[e.from]->cc, cto = (CallConv)sigs[e.to]->cc;
			char refused[256];
			const char *refusal = edge_refusal(chain, e.indirect, cfrom, cto, refused, sizeof refused);
			if (refusal)
				return fail_edges(edges, err, err_cap, "%u:1: error: @%s (%s) cannot %s @%s (%s): %s", line,
						  sigs[e.from]->name, cc_name(cfrom), chain ? "chain to" : "call", sigs[e.to]->name,
						  cc_name(cto), refusal);
			/* A chain call is a tail call: nothing follows it in its caller. */
			for (unsigned x = 0; x < *nedges; x++)
				if ((*edges)[x].from == e.from && (*edges)[x].chain)
					return fail_edges(edges, err, err_cap,
							  "%u:1: error: @%s already ended with its chain call (line %u): a chain call is its caller's last",
							  line, sigs[e.from]->name, (*edges)[x].line);
			if (*nedges == cap) {
				cap = cap ? 2 * cap : 16;
				CallEdge *grown = realloc(*edges, cap * sizeof *grown);
				if (!grown)
					return fail_edges(edges, err, err_cap, "%u:1: error: out of memory", line);
				*edges = grown;
			}
			(*edges)[(*nedges)++] = e;
		}
		p = eol < end ? eol + 1 : end;
	}
	return true;
}

static int collect_sig(void *ctx, const Sig *sig, const SigError *err)
{
	struct { Sig **sigs; unsigned n; bool nomem; } *list = ctx;
	if (err)
		return 0;
	list->nomem = !sig_list_append(&list->sigs, &list->n, sig);
	return list->nomem;
}

bool graph_edges_check(const char *path, const char *text, size_t len)
{
	bool edges = false;
	for (const char *p = text, *end = text + len; p < end && !edges;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		edges = misspelt_edge(skip_blanks(p, eol), eol) > 0; /* `call @a ->` too */
		p = eol < end ? eol + 1 : end;
	}
	if (!edges)
		return true;
	struct { Sig **sigs; unsigned n; bool nomem; } list = { 0, 0, false };
	sig_read(path, text, len, false, collect_sig, &list);
	CallEdge *parsed = 0;
	unsigned nedges = 0;
	char err[600];
	bool ok = !list.nomem && graph_edges_parse(text, len, list.sigs, list.n, &parsed, &nedges, err, sizeof err);
	if (!ok)
		fprintf(stderr, "%s:%s\n", path, list.nomem ? " out of memory" : err);
	free(parsed);
	for (unsigned i = 0; i < list.n; i++)
		free(list.sigs[i]);
	free(list.sigs);
	return ok;
}

bool graph_print(const Graph *g, FILE *f)
{
	char line[1 << 16];
	fprintf(f, "; %u functions, %s\n", g->nnodes, cc_name((CallConv)g->nodes[0].cc));
	if (g->llc_options) {
		fputs("; gcnabi-llc-options:", f);
		for (unsigned k = 0; k < gen_llc_option_count; k++)
			if (g->llc_options >> k & 1)
				fprintf(f, " %s", gen_llc_options[k].option);
		fputc('\n', f);
	}
	if (g->os != OS_AMDPAL)
		fprintf(f, "; gcnabi-triple: %s\n", target_os_triple((TargetOs)g->os));
	for (unsigned k = 0; k < g->nnodes; k++) {
		if (sig_print(&g->nodes[k], false, line, sizeof line) >= sizeof line)
			return false;
		fprintf(f, "%s\n", line);
	}
	for (unsigned e = 0; e < g->nedges; e++) {
		const GraphEdge *x = &g->edges[e];
		fprintf(f, "%s @%s -> %s@%s", x->chain ? "chain" : "call", g->nodes[x->from].name, x->indirect ? "* " : "",
			g->nodes[x->to].name);
		if (x->dvgpr)
			fprintf(f, " dvgpr %u", x->dvgpr);
		fputc('\n', f);
	}
	return true;
}
