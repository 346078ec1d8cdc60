/* A module as written (gcnabi check --as-written): the direct calls its
 * bodies make, in the order they make them, as call edges between its
 * functions, the form a call-graph file gives them in (graph.c). A call
 * through a pointer, to an intrinsic, or through llvm.amdgcn.cs.chain is
 * counted, not made an edge: the observer matches a direct call by its
 * callee's name in llc's MIR, and has no name for the others. What each
 * body does that the model reads is marked in its Sig (body_calls,
 * body_stack, and PARAM_UNUSED on a parameter the body never names). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

/* Whether the word w starts at p (not inside a longer word) in [line, eol). */
static bool word_at(const char *line, const char *p, const char *eol, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(eol - p) > n && memcmp(p, w, n) == 0 && (p == line || !ir_name_char(p[-1])) &&
	       (p[n] == ' ' || p[n] == '\t');
}

/* The end of the line's code: its ';' comment cut off (not one in a string). */
static const char *code_end(const char *p, const char *eol)
{
	bool quoted = false;
	for (; p < eol; p++) {
		if (*p == '"')
			quoted = !quoted;
		else if (*p == ';' && !quoted)
			return p;
	}
	return eol;
}

/* The first s in [p, end), or NULL. */
static const char *find_in(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);
	for (; p + n <= end; p++)
		if (memcmp(p, s, n) == 0)
			return p;
	return 0;
}

/* After `call`: the callee, the first @name or %name followed by '('. Sets
 * [*name, *name + *n) for @name; *n 0 for %name (through a pointer);
 * false when the line has neither. */
static bool callee_of(const char *p, const char *eol, const char **name, size_t *n)
{
	for (; p < eol; p++) {
		if (*p != '@' && *p != '%')
			continue;
		const char *s = p + 1, *e = s;
		if (e < eol && *e == '"') {
			s = ++e;
			while (e < eol && *e != '"')
				e++;
			if (e == eol)
				return false;
			if (e + 1 < eol && e[1] == '(') {
				*name = s, *n = *p == '@' ? (size_t)(e - s) : 0;
				return true;
			}
			p = e;
			continue;
		}
		while (e < eol && ir_name_char(*e))
			e++;
		if (e > s && e < eol && *e == '(') {
			*name = s, *n = *p == '@' ? (size_t)(e - s) : 0;
			return true;
		}
	}
	return false;
}

/* --- which parameters a body uses ------------------------------------------- */

enum { NAME_MAX_LEN = 64 };

typedef struct {
	char names[SIG_MAX_PARAMS][NAME_MAX_LEN];
	bool used[SIG_MAX_PARAMS];
	unsigned n;
	bool ok; /* the header's parameter names were read */
} Params;

/* The parameter names of the define header that starts at p (its list may
 * run over lines): "%name", or the number an unnamed one gets (%0, %1...). */
static void header_params(const char *p, const char *end, Params *ps)
{
	memset(ps, 0, sizeof *ps);
	const char *q = memchr(p, '@', (size_t)(end - p));
	while (q && q < end && *q != '(')
		q++;
	if (!q || q >= end)
		return;
	unsigned depth = 0, unnamed = 0;
	const char *start = ++q, *name = 0;
	size_t len = 0;
	for (; q < end; q++) {
		char ch = *q;
		if (ch == '"') { /* a quoted name or string: its commas do not count */
			for (q++; q < end && *q != '"'; q++)
				;
			continue;
		}
		if (ch == '%' && depth == 0 && (q + 1 < end) && (ir_name_char(q[1]) || q[1] == '"')) {
			name = q + 1;
			const char *e = name;
			while (e < end && ir_name_char(*e))
				e++;
			len = (size_t)(e - name);
		}
		if (ch == '(' || ch == '<' || ch == '[' || ch == '{')
			depth++;
		else if ((ch == ')' || ch == '>' || ch == ']' || ch == '}') && depth > 0)
			depth--;
		else if ((ch == ',' || ch == ')') && depth == 0) {
			bool empty = true;
			for (const char *x = start; x < q; x++)
				empty &= *x == ' ' || *x == '\t' || *x == '\n' || *x == '\r';
			if (!empty && ps->n < SIG_MAX_PARAMS) {
				if (name && len && len < NAME_MAX_LEN)
					memcpy(ps->names[ps->n], name, len);
				else if (!name)
					snprintf(ps->names[ps->n], NAME_MAX_LEN, "%u", unnamed++);
				ps->n++;
			}
			name = 0, len = 0;
			start = q + 1;
			if (ch == ')') {
				ps->ok = true;
				return;
			}
		}
	}
}

/* Marks the parameters whose name [w, e) is. */
static void mark_used(Params *ps, const char *w, size_t n)
{
	for (unsigned i = 0; i < ps->n; i++)
		if (strlen(ps->names[i]) == n && memcmp(ps->names[i], w, n) == 0)
			ps->used[i] = true;
}

/* Every %name of the line's code marks a parameter of that name used. */
static void uses_in(Params *ps, const char *p, const char *stop)
{
	for (const char *q = p; q < stop; q++)
		if (*q == '%') {
			const char *w = q + 1, *e = w;
			while (e < stop && ir_name_char(*e))
				e++;
			mark_used(ps, w, (size_t)(e - w));
			q = e - 1;
		}
}

/* The body ended: a parameter no line named is unused (PARAM_UNUSED, as
 * "gcnabi-unused" says it), which is what a pixel shader's inputs follow. */
static void body_done(Sig *s, const Params *ps)
{
	if (!ps->ok || ps->n != s->nparams)
		return; /* names not read as many as the parameters: nothing said */
	for (unsigned i = 0; i < ps->n; i++)
		if (!ps->used[i])
			s->params[i].flags |= PARAM_UNUSED;
}

/* A call through a pointer, its words from after `call` to the callee at
 * end: the convention it names (ccc when none) is the function's rule for
 * such calls, CC_COUNT once two of its calls name different ones. */
static void pointer_call_cc(Sig *s, const char *w, const char *end)
{
	int cc = CC_C;
	for (const char *p = w; p < end;) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		const char *e = p;
		while (e < end && *e != ' ' && *e != '\t')
			e++;
		int k = conv_find(p, (size_t)(e - p));
		if (k >= 0 && e > p)
			cc = k;
		else if (e - p == 2 && p[0] == 'c' && p[1] == 'c') {
			unsigned long long id = strtoull(e, 0, 10);
			cc = conv_find_id(id);
			if (cc < 0)
				cc = CC_COUNT; /* a convention gcnabi does not know */
		}
		p = e;
	}
	if (s->indirect_cc_known && s->indirect_cc != cc)
		cc = CC_COUNT;
	s->indirect_cc_known = true;
	s->indirect_cc = (uint8_t)cc;
}

/* The implicit input an intrinsic reads (NOIN_COUNT: none). */
static const struct {
	const char *name;
	NoInput input;
} input_intrinsics[] = {
	{ "llvm.amdgcn.dispatch.ptr", NOIN_DISPATCH_PTR },   { "llvm.amdgcn.queue.ptr", NOIN_QUEUE_PTR },
	{ "llvm.amdgcn.implicitarg.ptr", NOIN_IMPLICITARG_PTR }, { "llvm.amdgcn.dispatch.id", NOIN_DISPATCH_ID },
	{ "llvm.amdgcn.workgroup.id.x", NOIN_WORKGROUP_ID_X }, { "llvm.amdgcn.workgroup.id.y", NOIN_WORKGROUP_ID_Y },
	{ "llvm.amdgcn.workgroup.id.z", NOIN_WORKGROUP_ID_Z }, { "llvm.amdgcn.workitem.id.x", NOIN_WORKITEM_ID_X },
	{ "llvm.amdgcn.workitem.id.y", NOIN_WORKITEM_ID_Y },   { "llvm.amdgcn.workitem.id.z", NOIN_WORKITEM_ID_Z },
	{ "llvm.amdgcn.lds.kernel.id", NOIN_LDS_KERNEL_ID },
};

static void intrinsic_inputs(Sig *s, const char *name, size_t n)
{
	for (size_t k = 0; k < sizeof input_intrinsics / sizeof input_intrinsics[0]; k++)
		if (strlen(input_intrinsics[k].name) == n && memcmp(input_intrinsics[k].name, name, n) == 0)
			s->body_inputs |= UINT32_C(1) << input_intrinsics[k].input;
}

/* How often the word w stands in [p, end). */
static unsigned count_word(const char *line, const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);
	unsigned k = 0;
	for (; p + n < end; p++)
		if (memcmp(p, w, n) == 0 && (p == line || !ir_name_char(p[-1])) && !ir_name_char(p[n]))
			k++;
	return k;
}

/* Whether the call's argument list [args, end) names the ABI attributes
 * the callee's declaration gives its parameters, as many of each. */
static bool call_attrs_match(const Sig *callee, const char *line, const char *args, const char *end)
{
	static const struct {
		const char *word;
		uint16_t flag;
	} abi[] = { { "inreg", PARAM_INREG }, { "signext", PARAM_SIGNEXT }, { "zeroext", PARAM_ZEROEXT } };
	for (size_t a = 0; a < sizeof abi / sizeof abi[0]; a++) {
		unsigned declared = 0;
		for (unsigned i = 0; i < callee->nparams; i++)
			declared += (callee->params[i].flags & abi[a].flag) != 0;
		if (count_word(line, args, end, abi[a].word) != declared)
			return false;
	}
	return true;
}

static int sig_of(Sig *const *sigs, unsigned nsigs, const char *name, size_t n)
{
	for (unsigned i = 0; i < nsigs; i++)
		if (strlen(sigs[i]->name) == n && memcmp(sigs[i]->name, name, n) == 0)
			return (int)i;
	return -1;
}

bool module_call_edges(const char *text, size_t len, Sig *const *sigs, unsigned nsigs, CallEdge **edges,
		       unsigned *nedges, ModuleCalls *skipped)
{
	const char *end = text + len;
	unsigned cap = 0, line = 1, next = 0; /* sigs are in file order: the next one not reached */
	int cur = -1;
	bool in_header = false; /* the define's header, up to its '{' */
	Params *ps = malloc(sizeof *ps);
	if (!ps)
		return false;
	*edges = 0;
	*nedges = 0;
	memset(skipped, 0, sizeof *skipped);
	for (const char *p = text; p < end; line++) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		for (; next < nsigs && sigs[next]->line <= line; next++)
			if (sigs[next]->is_define && sigs[next]->line == line) {
				cur = (int)next;
				in_header = true;
				header_params(p, end, ps);
			}
		if (q < eol && *q == '}' && cur >= 0) {
			body_done(sigs[cur], ps);
			cur = -1;
		}
		const char *stop = code_end(p, eol);
		/* the body's '{' ends the header line: the last one (a struct
		 * return type has braces of its own) */
		const char *brace = 0;
		for (const char *x = stop; in_header && x > p && !brace; x--)
			brace = x[-1] == '{' ? x - 1 : 0;
		if (brace) {
			in_header = false;
			uses_in(ps, brace + 1, stop);
		} else if (cur >= 0 && !in_header)
			uses_in(ps, p, stop);
		for (const char *w = q; cur >= 0 && w < stop; w++)
			if (word_at(p, w, stop, "alloca")) {
				sigs[cur]->body_stack = true;
				break;
			}
		for (const char *w = q; cur >= 0 && w < stop; w++) {
			if (!word_at(p, w, stop, "call") && !word_at(p, w, stop, "invoke") && !word_at(p, w, stop, "callbr"))
				continue;
			const char *name = 0, *null_call = find_in(w, stop, " null(");
			size_t n = 0;
			bool found = callee_of(w, stop, &name, &n);
			if (null_call && (!found || name > null_call))
				name = null_call, n = 0, found = true; /* `call void null()`: through a (null) pointer */
			if (!found)
				break;
			int to = n ? sig_of(sigs, nsigs, name, n) : -1;
			bool intrinsic = n >= 5 && memcmp(name, "llvm.", 5) == 0;
			if (!intrinsic || (n >= 20 && memcmp(name, "llvm.amdgcn.cs.chain", 20) == 0))
				sigs[cur]->body_calls = true;
			if (!n) {
				skipped->through_pointer++;
				pointer_call_cc(sigs[cur], w, name);
			}
			else if (n >= 20 && memcmp(name, "llvm.amdgcn.cs.chain", 20) == 0)
				skipped->chain++;
			else if (n >= 5 && memcmp(name, "llvm.", 5) == 0) {
				skipped->intrinsic++;
				intrinsic_inputs(sigs[cur], name, n);
			}
			else if (to < 0)
				skipped->unknown++;
			else if (!call_attrs_match(sigs[to], p, name + n, stop))
				skipped->attrs_differ++;
			else {
				if (*nedges == cap) {
					cap = cap ? 2 * cap : 16;
					CallEdge *grown = realloc(*edges, cap * sizeof *grown);
					if (!grown) {
						free(ps);
						free(*edges);
						*edges = 0;
						*nedges = 0;
						return false;
					}
					*edges = grown;
				}
				bool tail = w - p >= 5 && (!memcmp(w - 5, "tail ", 5) || (w - p >= 9 && !memcmp(w - 9, "musttail ", 9)));
				(*edges)[(*nedges)++] = (CallEdge){ .from = (unsigned)cur, .to = (unsigned)to, .line = line,
								    .tail = tail };
			}
			break; /* one call a line */
		}
		p = eol < end ? eol + 1 : end;
	}
	free(ps);
	return true;
}
