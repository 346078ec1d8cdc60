/* `gcnabi passthrough`: the SGPR moves a shader entry point needs to pass
 * its user SGPRs on to amdgpu_gfx callees, under each layout (model), and
 * with --llc the moves into the callee's argument SGPRs that llc's final
 * assembly really makes (layout old, which llc implements). */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "cli.h"
#include "engine.h"
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

/* The n-th call of @from's body in llc's assembly: the SGPR moves before it. */
static void print_measured(const char *asm_text, const Sig *from, unsigned call_index, const uint64_t want[2])
{
	MoveCount n;
	if (!passthrough_moves(asm_text, from, call_index, want, &n)) {
		printf(" | measured (old): call not found in the assembly");
		return;
	}
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
	char *asm_text = o.llc && nedges ? passthrough_compile(o.llc, o.cpu, o.file, prof, g.sigs, g.nsigs, edges, nedges, &rc) : 0;
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
