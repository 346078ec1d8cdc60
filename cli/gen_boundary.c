/* `gcnabi gen --boundary`: the signatures around every limit of the model
 * (generators/boundary.h), for each CPU, selector, view and convention
 * asked for, each preceded by a comment that says what it targets. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "boundary.h"
#include "cli.h"

enum { BOUNDARY_GEN_VERSION = 1, MAX_CPUS = 16 };

typedef struct {
	bool one;           /* --index: print only case `index` */
	unsigned long long index, seen;
	char line[1 << 16];
} BoundaryOut;

static int print_case(void *ctx, const BoundaryCase *c)
{
	BoundaryOut *o = ctx;
	if (o->one && o->seen++ != o->index)
		return 0;
	if (sig_print(&c->sig, false, o->line, sizeof o->line) >= sizeof o->line)
		return 0;
	printf("; %s: %s\n%s\n", c->sig.name, c->label, o->line);
	return o->one; /* the replayed case is the last one needed */
}

/* The exact command, for the header. Arguments with spaces are quoted. */
static void print_command(int argc, char **argv)
{
	printf("; command: gcnabi");
	for (int i = 0; i < argc; i++)
		printf(strpbrk(argv[i], " \t'\"") ? " '%s'" : " %s", argv[i]);
	printf("\n");
}

int cmd_gen_boundary(int argc, char **argv)
{
	const Command *cmd = command_find("gen");
	ModelOptions o;
	model_options_default(&o);
	const char *cpus[MAX_CPUS];
	unsigned ncpus = 0;
	bool sels[SEL_COUNT] = { true, true }, views[2] = { true, true }, ccs[CC_COUNT] = { false }, any_cc = false;
	BoundaryOut *out = calloc(1, sizeof *out);
	int i = 1, k;
	const char *val;
	if (!out)
		return EXIT_ERROR;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		bool bad = false;
		if (strcmp(name, "--boundary") == 0)
			continue;
		if (strcmp(name, "--mcpu") == 0) {
			const Target *t = target_find(val);
			bad = !t || ncpus == MAX_CPUS;
			if (!bad)
				cpus[ncpus++] = t->name; /* an alias (hawaii) as its gfx name */
		} else if (strcmp(name, "--selector") == 0) {
			bad = strcmp(val, "dag") != 0 && strcmp(val, "gisel") != 0 && strcmp(val, "both") != 0;
			sels[SEL_DAG] = strcmp(val, "gisel") != 0;
			sels[SEL_GISEL] = strcmp(val, "dag") != 0;
		} else if (strcmp(name, "--caller") == 0 || strcmp(name, "--callee") == 0) {
			views[VIEW_CALLEE] = strcmp(name, "--callee") == 0;
			views[VIEW_CALLER] = !views[VIEW_CALLEE];
		} else if (strcmp(name, "--cc") == 0) {
			/* repeatable: a convention, "both" (ccc and amdgpu_gfx) or "all" */
			bool all = strcmp(val, "all") == 0, both = strcmp(val, "both") == 0, known = all || both;
			for (unsigned cc = 0; cc < CC_COUNT; cc++) {
				const ConvInfo *conv = conv_info((CallConv)cc);
				if (!conv->alias && (all || (both && conv->probe_default) || strcmp(val, conv->name) == 0))
					ccs[cc] = known = true;
			}
			bad = !known;
			any_cc = true;
		} else if (strcmp(name, "--index") == 0) {
			if (!cli_number("gen", name, val, 0, ULLONG_MAX - 1, &out->index)) {
				free(out);
				return EXIT_USAGE;
			}
			out->one = true;
		} else if (!model_option(&o, name, val, &bad)) {
			fprintf(stderr, "gcnabi gen: %s does not apply to --boundary\n", name);
			free(out);
			return EXIT_USAGE;
		}
		if (bad) {
			fprintf(stderr, "gcnabi gen: invalid %s '%s'\n", name, val);
			free(out);
			return EXIT_USAGE;
		}
	}
	if (k == -4 || k == -3 || i < argc) {
		free(out);
		return k == -4 ? 0 : EXIT_USAGE;
	}
	if (ncpus == 0)
		ncpus = target_defaults(TARGET_DEFAULT_CHECK, cpus, MAX_CPUS);
	for (unsigned cc = 0; cc < CC_COUNT && !any_cc; cc++)
		ccs[cc] = conv_info((CallConv)cc)->probe_default;

	Layout layout;
	char err[512];
	BoundaryGen *g = malloc(sizeof *g);
	if (!g || !layout_load(o.layout, &layout, err, sizeof err)) {
		fprintf(stderr, "gcnabi gen: %s\n", g ? err : "out of memory");
		free(g);
		free(out);
		return EXIT_ERROR;
	}
	printf("; gcnabi gen v%d --boundary --profile %s --layout %s --mcpu", BOUNDARY_GEN_VERSION, o.profile, layout.name);
	for (unsigned c = 0; c < ncpus; c++)
		printf("%s%s", c ? "," : " ", cpus[c]);
	if (o.wave)
		printf(" --wave %u", o.wave);
	printf(" --selector %s", sels[SEL_DAG] && sels[SEL_GISEL] ? "both" : sels[SEL_DAG] ? "dag" : "gisel");
	printf(" --view %s", views[0] && views[1] ? "both" : views[0] ? "callee" : "caller");
	printf(" --cc");
	for (unsigned n = 0, first = 1; n < CC_COUNT; n++)
		if (ccs[conv_in_generator_order(n)]) {
			printf("%s%s", first ? " " : ",", cc_name(conv_in_generator_order(n)));
			first = 0;
		}
	printf("\n");
	print_command(argc, argv);
	boundary_init(g);
	int status = 0;
	for (unsigned c = 0; c < ncpus && !g->stopped; c++) {
		for (unsigned s = 0; s < SEL_COUNT; s++) {
			ModelConfig m;
			if (!sels[s])
				continue;
			if (!model_config_init(&m, profile_find(o.profile), &layout, cpus[c], o.wave, (Selector)s, err, sizeof err)) {
				fprintf(stderr, "gcnabi gen: %s\n", err);
				status = EXIT_USAGE;
				break;
			}
			/* Entry points and kernels are never called: callee view only. */
			for (unsigned v = 0; v < 2; v++)
				for (unsigned n = 0; n < CC_COUNT; n++) {
					CallConv cc = conv_in_generator_order(n);
					if (views[v] && ccs[cc] && (v == VIEW_CALLEE || conv_callable(cc)))
						boundary_generate(g, &m, cc, (View)v, print_case, out);
				}
		}
	}
	if (out->one && out->seen <= out->index && status == 0) {
		fprintf(stderr, "gcnabi gen: --index %llu: these options give %llu boundary cases\n", out->index, out->seen);
		status = EXIT_USAGE;
	}
	free(g);
	free(out);
	return status;
}
