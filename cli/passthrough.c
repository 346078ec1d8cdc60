/* `gcnabi passthrough`: the SGPR moves a shader entry point needs to pass
 * its user SGPRs on to amdgpu_gfx callees, under each layout (model), and
 * with --llc the moves into the callee's argument SGPRs that llc's final
 * assembly really makes (layout old, which llc implements). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "callgraph.h"
#include "cli.h"
#include "passthrough.h"

typedef struct {
	const char *input;
	Sig **sigs;
	unsigned nsigs, malformed;
} Graphs;

static int collect(void *ctx, const Sig *sig, const SigError *err)
{
	Graphs *g = ctx;
	if (err) {
		g->malformed++;
		return 0;
	}
	return sig_list_append(&g->sigs, &g->nsigs, sig) ? 0 : 1;
}

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

/* What llc did to each argument SGPR (bit per SGPR in want) in the asm
 * lines [p, end) before a call, by its last write there. */
typedef struct {
	unsigned smov;      /* an s_mov from an SGPR: the move the model counts */
	unsigned from_vgpr; /* v_readfirstlane/v_readlane: a value the selector kept in a
			     * VGPR, or an SGPR spilled to a VGPR lane across an earlier call */
	unsigned kept;      /* not written at all: still holds what an earlier call was
			     * passed there (s4-s29 are callee-saved under amdgpu_gfx) */
	unsigned computed;  /* last written by any other instruction: loaded, or rebuilt
			     * by shifts and masks (odd-width integers, packed halves) */
} MoveCount;

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

typedef struct {
	const char *profile, *cpu, *llc, *file;
	const char *layouts[8];
	unsigned nlayouts;
} PassOptions;

/* -1 when the options are fine, else the exit status. */
static int pass_options(int argc, char **argv, PassOptions *o)
{
	const Command *cmd = command_find("passthrough");
	const char *val;
	int i = 1, k;
	*o = (PassOptions){ profile_newest()->name, target_default()->name, 0, 0, { 0 }, 0 };
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		if (strcmp(name, "--profile") == 0)
			o->profile = val;
		else if (strcmp(name, "--mcpu") == 0)
			o->cpu = val;
		else if (strcmp(name, "--llc") == 0)
			o->llc = val;
		else if (strcmp(name, "--layout") == 0 && o->nlayouts < 8)
			o->layouts[o->nlayouts++] = val;
	}
	if (k == -4)
		return 0;
	if (k == -3 || i != argc - 1) {
		if (k != -3)
			command_help(cmd, stderr);
		return EXIT_USAGE;
	}
	o->file = argv[i];
	if (o->nlayouts == 0) {
		o->layouts[0] = "old", o->layouts[1] = "proposed-v1", o->layouts[2] = "proposed-v2";
		o->nlayouts = 3;
	}
	return -1;
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

/* The whole module compiled to assembly once by o->llc: a heap string, or
 * NULL with *rc updated (an error, or llc's failure). */
static char *compile_graph(const PassOptions *o, const Profile *prof, const Graphs *g, const CallEdge *edges,
			   unsigned nedges, int *rc)
{
	char err[256], *asm_text = 0;
	Buf b = { 0 };
	EmitOptions eo = { 0 };
	const Target *t = profile_target(prof, o->cpu);
	emit_profile_options(&eo, prof, SEL_DAG, t && t->has_16bit_insts);
	bool *all = calloc(g->nsigs ? g->nsigs : 1, sizeof *all);
	for (unsigned s = 0; all && s < g->nsigs; s++)
		all[s] = true;
	char ll[] = "/tmp/gcnabi-pt-XXXXXX", errpath[sizeof ll + 4];
	int fd = all ? mkstemp(ll) : -1;
	snprintf(errpath, sizeof errpath, "%s.err", ll);
	if (fd < 0 || !emit_graph(&b, g->sigs, all, g->nsigs, edges, nedges, &eo, err, sizeof err) || b.failed) {
		fprintf(stderr, "gcnabi passthrough: cannot write the module: %s\n", fd < 0 ? "temporary file" : err);
		*rc = EXIT_ERROR;
	} else if ((errno = 0, write(fd, b.p, b.n)) != (ssize_t)b.n) {
		fprintf(stderr, "gcnabi passthrough: cannot write %s: %s\n", ll, strerror(errno ? errno : ENOSPC));
		*rc = EXIT_ERROR;
	} else {
		char cmdline[1200];
		snprintf(cmdline, sizeof cmdline, "'%s' -mtriple=amdgcn-amd-amdpal -mcpu=%s -verify-machineinstrs '%s' -o - 2>'%s'", o->llc, o->cpu,
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
			fprintf(stderr, "gcnabi passthrough: %s did not compile %s (status %d): nothing measured%s%s\n", o->llc,
				o->file, st, first[0] ? ": " : "", first);
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

/* The n-th call of @from's body in llc's assembly: the SGPR moves before it. */
static void print_measured(const char *asm_text, const Sig *from, unsigned call_index, const uint64_t want[2])
{
	const char *end, *body = asm_body(asm_text, from->name, &end), *p = body, *c = 0;
	for (unsigned n = 0; body && n <= call_index; n++) {
		p = n ? c + 1 : body;
		if (!(c = next_call(p, end)))
			break;
	}
	if (!c) {
		printf(" | measured (old): call not found in the assembly");
		return;
	}
	MoveCount n;
	count_moves(p, c, want, &n);
	printf(" | measured (old): %u (%u s_mov, %u v_readfirstlane/v_readlane); not moved: %u kept from an "
	       "earlier call, %u computed in place",
	       n.smov + n.from_vgpr, n.smov, n.from_vgpr, n.kept, n.computed);
}

/* One shader -> amdgpu_gfx call under every layout: the moves the model
 * predicts; want gets the SGPRs the old layout passes the shared arguments in. */
static void print_edge(const Sig *from, const Sig *to, const Layout *lay, const ModelConfig *m, unsigned nlayouts,
		       Placement *in, Placement *out, uint64_t want[2])
{
	unsigned shared = sig_shared_params(from, to);
	printf("@%s -> @%s (%u shared arguments):", from->name, to->name, shared);
	for (unsigned l = 0; l < nlayouts; l++) {
		if (!cc_place(from, &m[l], VIEW_CALLEE, in) || !cc_place(to, &m[l], VIEW_CALLER, out)) {
			printf(" %s: refused (%s)", lay[l].name, in->ok ? out->error : in->error);
			continue;
		}
		PassCost c;
		passthrough_cost(in, out, shared, &c);
		printf(" %s: %u of %u parts move, %u in place, %u to the stack%s", lay[l].name, c.sgpr_moves, c.parts,
		       c.in_place, c.to_stack, l + 1 < nlayouts ? ";" : "");
		if (strcmp(lay[l].name, "old") == 0)
			for (unsigned a = 0; a < shared && a < out->nargs; a++)
				for (unsigned p = 0; p < out->args[a].count; p++) {
					const Loc *d = &out->locs[out->args[a].first + p];
					if (d->kind == LOC_SGPR && d->reg < 128)
						want[d->reg / 64] |= 1ull << (d->reg % 64);
				}
	}
}

int cmd_passthrough(int argc, char **argv)
{
	PassOptions o;
	int status = pass_options(argc, argv, &o);
	if (status >= 0)
		return status;
	const Profile *prof = profile_find(o.profile);
	if (!prof) {
		fprintf(stderr, "gcnabi passthrough: unknown profile '%s'\n", o.profile);
		return EXIT_USAGE;
	}
	Layout lay[8];
	ModelConfig m[8];
	char err[256];
	for (unsigned l = 0; l < o.nlayouts; l++)
		if (!layout_load(o.layouts[l], &lay[l], err, sizeof err) ||
		    !model_config_init(&m[l], prof, &lay[l], o.cpu, 0, SEL_DAG, err, sizeof err)) {
			fprintf(stderr, "gcnabi passthrough: %s\n", err);
			return EXIT_ERROR;
		}
	Graphs g = { o.file, 0, 0, 0 };
	size_t len;
	char *text = read_file(o.file, &len, err, sizeof err);
	if (!text) {
		fprintf(stderr, "gcnabi passthrough: %s\n", err);
		return EXIT_ERROR;
	}
	sig_read(g.input, text, len, true, collect, &g);
	CallEdge *edges = 0;
	unsigned nedges = 0;
	int rc = g.malformed ? EXIT_ERROR : 0;
	if (!graph_edges_parse(text, len, g.sigs, g.nsigs, &edges, &nedges, err, sizeof err)) {
		fprintf(stderr, "%s:%s\n", o.file, err);
		rc = EXIT_ERROR;
		nedges = 0;
	}
	char *asm_text = o.llc && nedges ? compile_graph(&o, prof, &g, edges, nedges, &rc) : 0;
	Placement *in = malloc(sizeof *in), *out = malloc(sizeof *out);
	if (!in || !out)
		return EXIT_ERROR;
	printf("pass-through of user SGPRs at shader -> amdgpu_gfx calls (%s, %s)%s\n", prof->name, o.cpu,
	       asm_text ? "; measured: llc's writes of the callee's argument SGPRs from other registers (s_mov, v_readfirstlane, v_readlane) since the previous call" : "");
	unsigned call_index = 0, last_from = ~0u;
	for (unsigned e = 0; e < nedges; e++) {
		const Sig *from = g.sigs[edges[e].from], *to = g.sigs[edges[e].to];
		call_index = edges[e].from == last_from ? call_index + 1 : 0;
		last_from = edges[e].from;
		if (!cc_is_shader_entry((CallConv)from->cc) || edges[e].chain)
			continue; /* chain calls are jumps, not shader -> amdgpu_gfx calls */
		uint64_t want[2] = { 0, 0 };
		print_edge(from, to, lay, m, o.nlayouts, in, out, want);
		if (asm_text)
			print_measured(asm_text, from, call_index, want);
		printf("\n");
	}
	free(in);
	free(out);
	free(asm_text);
	free(edges);
	for (unsigned s = 0; s < g.nsigs; s++)
		free(g.sigs[s]);
	free(g.sigs);
	free(text);
	return rc;
}
