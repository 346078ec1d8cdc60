/* `gcnabi gen`: random signatures, one `declare` line each. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "callgraph.h"
#include "gen.h"

enum { GEN_VERSION = 1 };

static const char *const weight_names[] = {
#define X(name, def, doc) #name,
	GEN_WEIGHTS(X)
#undef X
};
static const char *const weight_docs[] = {
#define X(name, def, doc) doc,
	GEN_WEIGHTS(X)
#undef X
};
enum { NWEIGHTS = sizeof weight_names / sizeof weight_names[0] };

static unsigned *weight_slot(GenWeights *w, unsigned k) { return (unsigned *)w + k; }

static uint64_t weights_digest(const GenWeights *w)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	for (unsigned k = 0; k < NWEIGHTS; k++) {
		h ^= *weight_slot((GenWeights *)w, k);
		h *= 1099511628211ull;
	}
	return h;
}

static bool load_weights(const char *path, GenWeights *w)
{
	char err[512];
	size_t len;
	char *text = read_file(path, &len, err, sizeof err);
	if (!text) {
		fprintf(stderr, "gcnabi gen: %s\n", err);
		return false;
	}
	unsigned line = 1;
	bool ok = true;
	for (char *p = text; *p && ok; line++) {
		char *end = p + strcspn(p, "\n");
		char saved = *end;
		*end = 0;
		char *hash = strchr(p, '#');
		if (hash)
			*hash = 0;
		char key[64];
		long value;
		char extra;
		int n = sscanf(p, " %63[a-z_] = %ld %c", key, &value, &extra);
		if (n == 2) {
			unsigned k = 0;
			while (k < NWEIGHTS && strcmp(weight_names[k], key) != 0)
				k++;
			if (k == NWEIGHTS || value < 0 || value > 100000) {
				fprintf(stderr, "%s:%u: error: %s\n", path, line,
					k == NWEIGHTS ? "unknown weight" : "value out of range 0..100000");
				ok = false;
			} else {
				*weight_slot(w, k) = (unsigned)value;
			}
		} else if (strspn(p, " \t\r") != strlen(p)) {
			fprintf(stderr, "%s:%u: error: expected 'name = number'\n", path, line);
			ok = false;
		}
		*end = saved;
		p = *end ? end + 1 : end;
	}
	free(text);
	return ok;
}

/* Graphs first..last-1 of seed; every one names its own replay index. */
static int gen_graphs(const GenWeights *w, unsigned long long seed, unsigned long long first, unsigned long long last)
{
	Graph *g = malloc(sizeof *g);
	if (!g)
		return EXIT_ERROR;
	int rc = 0;
	for (unsigned long long n = first; n < last && !rc; n++) {
		gen_callgraph(g, w, seed, n);
		printf("; graph %llu (--index %llu)\n", n, n);
		if (!graph_print(g, stdout))
			rc = EXIT_ERROR;
	}
	free(g);
	return rc;
}

static bool boundary_mode(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--boundary") == 0)
			return true;
	return false;
}

/* The model options of the table belong to --boundary only. */
static bool boundary_only(const OptSpec *o)
{
	if (strncmp(o->help, "--boundary:", 11) != 0)
		return false;
	fprintf(stderr, "gcnabi gen: %s applies only with --boundary\n", o->name);
	return true;
}

int cmd_gen(int argc, char **argv)
{
	if (boundary_mode(argc, argv))
		return cmd_gen_boundary(argc, argv);
	const Command *cmd = command_find("gen");
	GenWeights w = gen_default_weights;
	unsigned long long seed = 1, count = 10, index = 0;
	bool one = false, dump = false, graphs = false;
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		char *end = 0;
		if (boundary_only(&cmd->opts[k]))
			return EXIT_USAGE;
		if (strcmp(name, "--dump-weights") == 0) {
			dump = true;
			continue;
		}
		if (strcmp(name, "--callgraph") == 0) {
			graphs = true;
			continue;
		}
		if (strcmp(name, "--weights") == 0) {
			if (!load_weights(val, &w))
				return EXIT_ERROR;
			continue;
		}
		unsigned long long v = strtoull(val, &end, 0);
		if (!*val || *end) {
			fprintf(stderr, "gcnabi gen: %s takes a number, not '%s'\n", name, val);
			return EXIT_USAGE;
		}
		if (strcmp(name, "--seed") == 0)
			seed = v;
		else if (strcmp(name, "--count") == 0)
			count = v;
		else {
			index = v;
			one = true;
		}
	}
	if (k == -4)
		return 0;
	if (k == -3 || i < argc)
		return EXIT_USAGE;
	if (dump) {
		for (unsigned n = 0; n < NWEIGHTS; n++)
			printf("# %s\n%s = %u\n", weight_docs[n], weight_names[n], *weight_slot(&w, n));
		return 0;
	}
	printf("; gcnabi gen v%d --seed %llu %s%llu%s, weights %016llx\n", GEN_VERSION, seed,
	       one ? "--index " : "--count ", one ? index : count, graphs ? " --callgraph" : "",
	       (unsigned long long)weights_digest(&w));
	if (graphs)
		return gen_graphs(&w, seed, one ? index : 0, one ? index + 1 : count);
	Sig *s = malloc(sizeof *s);
	char line[1 << 16];
	if (!s)
		return EXIT_ERROR;
	for (unsigned long long n = one ? index : 0; n < (one ? index + 1 : count); n++) {
		gen_signature(s, &w, seed, n);
		if (sig_print(s, false, line, sizeof line) < sizeof line)
			puts(line);
	}
	free(s);
	return 0;
}
