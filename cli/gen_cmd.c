/* `gcnabi gen`: signatures, one `declare` line each, after a header that
 * names the generator version, the seed, the weights' digest and the exact
 * command. Random (the default), --swarm (random, with whole features
 * switched off per batch of indices), --enumerate (every signature of a
 * small space, by index), --callgraph (random call graphs) or --boundary
 * (cli/gen_boundary.c: signatures around the model's limits). */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "cli.h"
#include "gen.h"

enum { GEN_VERSION = 2, DEFAULT_MAX_ARGS = 3 };

typedef struct {
	GenWeights w;
	unsigned long long seed, count, index, from, max_args;
	bool one, count_given, dump, swarm, enumerate, graphs;
	const char *enumerate_only; /* an --enumerate option given, for the error without it */
	const char *types[GEN_ENUM_MAX_TYPES];
	unsigned ntypes;
	uint8_t ccs[GEN_ENUM_MAX_CCS];
	unsigned nccs;
	CallConv root; /* --root: the entry point at the root of each call graph; CC_COUNT for none */
} GenOptions;

/* --enumerate without --type: the common scalar classes, a 16-bit vector,
 * a global pointer and one inreg variant. */
static const char *const default_types[] = {
	"i1", "i16", "i32", "i64", "half", "float", "double", "<2 x half>", "ptr addrspace(1)", "i32 inreg",
};

/* An index names [index, index + 1): the last unsigned 64-bit value is none. */
static const struct {
	const char *name;
	size_t offset;
	unsigned long long max;
} number_opts[] = {
	{ "--seed", offsetof(GenOptions, seed), ULLONG_MAX },
	{ "--count", offsetof(GenOptions, count), ULLONG_MAX },
	{ "--index", offsetof(GenOptions, index), ULLONG_MAX - 1 },
	{ "--from", offsetof(GenOptions, from), ULLONG_MAX - 1 },
	{ "--max-args", offsetof(GenOptions, max_args), ULLONG_MAX },
};

static uint64_t weights_digest(const GenWeights *w)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	for (unsigned k = 0; k < GW_COUNT; k++) {
		h ^= gen_weight(w, k);
		h *= 1099511628211ull;
	}
	return h;
}

/* One "name = number" line; false after printing FILE:LINE: error. */
static bool load_weight_line(char *p, const char *path, unsigned line, GenWeights *w)
{
	char *hash = strchr(p, '#');
	if (hash)
		*hash = 0;
	char key[64], extra;
	long value;
	int n = sscanf(p, " %63[a-z_0-9] = %ld %c", key, &value, &extra);
	if (n != 2) {
		if (strspn(p, " \t\r") == strlen(p))
			return true;
		fprintf(stderr, "%s:%u: error: expected 'name = number'\n", path, line);
		return false;
	}
	unsigned k = 0;
	while (k < GW_COUNT && strcmp(gen_weight_name(k), key) != 0)
		k++;
	if (k == GW_COUNT || value < 0 || value > 100000) {
		fprintf(stderr, "%s:%u: error: %s '%s'\n", path, line,
			k == GW_COUNT ? "unknown weight" : "value out of range 0..100000 for", key);
		return false;
	}
	*gen_weight_slot(w, k) = (unsigned)value;
	return true;
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
	bool ok = true;
	unsigned line = 1;
	for (char *p = text; *p && ok; line++) {
		char *end = p + strcspn(p, "\n");
		char saved = *end;
		*end = 0;
		ok = load_weight_line(p, path, line, w);
		*end = saved;
		p = *end ? end + 1 : end;
	}
	free(text);
	const char *problem = ok ? gen_weights_problem(w) : 0;
	if (problem)
		fprintf(stderr, "%s: error: %s\n", path, problem);
	return ok && !problem;
}

/* The names of the conventions that pass keep, in the generator's order,
 * comma-separated. */
static void conv_names(char *out, size_t cap, bool (*keep)(CallConv))
{
	size_t n = 0;
	out[0] = 0;
	for (unsigned i = 0; i < CC_COUNT; i++) {
		CallConv cc = conv_in_generator_order(i);
		if (keep(cc) && n < cap)
			n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? ", " : "", cc_name(cc));
	}
}

static bool any_conv(CallConv cc) { return cc < CC_COUNT; }
static bool in_family(CallConv cc, ConvFamily f) { return conv_in_family(cc, f); }
static bool shader_conv(CallConv cc) { return in_family(cc, FAMILY_SHADER); }
static bool chain_conv(CallConv cc) { return in_family(cc, FAMILY_CHAIN); }
static bool kernel_conv(CallConv cc) { return in_family(cc, FAMILY_KERNEL); }
/* What a call graph can start at: anything but a callable convention. */
static bool root_conv(CallConv cc) { return !in_family(cc, FAMILY_CALLABLE); }

static bool add_cc(GenOptions *o, const char *name)
{
	int cc = conv_find(name, strlen(name));
	if (cc >= 0) {
		if (o->nccs < GEN_ENUM_MAX_CCS)
			o->ccs[o->nccs++] = (uint8_t)cc;
		return true;
	}
	char names[512];
	conv_names(names, sizeof names, any_conv);
	fprintf(stderr, "gcnabi gen: --cc '%s': not a convention the model places (%s)\n", name, names);
	return false;
}

/* --root: a shader entry point calling amdgpu_gfx, a kernel calling ccc,
 * or a chain convention for graphs of llvm.amdgcn.cs.chain calls. */
static bool set_root(GenOptions *o, const char *val)
{
	int cc = conv_find(val, strlen(val));
	if (cc >= 0 && root_conv((CallConv)cc)) {
		o->root = (CallConv)cc;
		return true;
	}
	char shaders[256], chains[128], kernels[64];
	conv_names(shaders, sizeof shaders, shader_conv);
	conv_names(chains, sizeof chains, chain_conv);
	conv_names(kernels, sizeof kernels, kernel_conv);
	fprintf(stderr, "gcnabi gen: --root '%s': not a shader entry point (%s), %s or chain convention (%s)\n", val,
		shaders, kernels, chains);
	return false;
}

/* One option with its value; 0 or an exit status. */
static int gen_option(GenOptions *o, const char *name, const char *val)
{
	if (strcmp(name, "--dump-weights") == 0)
		o->dump = true;
	else if (strcmp(name, "--swarm") == 0)
		o->swarm = true;
	else if (strcmp(name, "--enumerate") == 0)
		o->enumerate = true;
	else if (strcmp(name, "--callgraph") == 0)
		o->graphs = true;
	else if (strcmp(name, "--root") == 0)
		return set_root(o, val) ? 0 : EXIT_USAGE;
	else if (strcmp(name, "--weights") == 0)
		return load_weights(val, &o->w) ? 0 : EXIT_ERROR;
	else if (strcmp(name, "--cc") == 0) {
		return add_cc(o, val) ? 0 : EXIT_USAGE;
	} else if (strcmp(name, "--type") == 0) {
		if (o->ntypes == GEN_ENUM_MAX_TYPES) {
			fprintf(stderr, "gcnabi gen: at most %d --type options\n", GEN_ENUM_MAX_TYPES);
			return EXIT_USAGE;
		}
		o->types[o->ntypes++] = val;
		o->enumerate_only = name;
	} else {
		if (strcmp(name, "--max-args") == 0)
			o->enumerate_only = name;
		for (size_t k = 0; k < sizeof number_opts / sizeof number_opts[0]; k++)
			if (strcmp(number_opts[k].name, name) == 0 &&
			    !cli_number("gen", name, val, 0, number_opts[k].max,
					(unsigned long long *)((char *)o + number_opts[k].offset)))
				return EXIT_USAGE;
		o->one |= strcmp(name, "--index") == 0;
		o->count_given |= strcmp(name, "--count") == 0;
	}
	return 0;
}

/* The model options of the table belong to --boundary only. */
static bool boundary_only(const OptSpec *o)
{
	if (strncmp(o->help, "--boundary:", 11) != 0)
		return false;
	fprintf(stderr, "gcnabi gen: %s applies only with --boundary\n", o->name);
	return true;
}

static bool boundary_mode(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--boundary") == 0)
			return true;
	return false;
}

/* -1 when the options are fine and generation should go on, else the
 * exit status. */
static int parse_options(GenOptions *o, int argc, char **argv)
{
	const Command *cmd = command_find("gen");
	*o = (GenOptions){ .w = gen_weights_default(), .seed = 1, .count = 10, .max_args = DEFAULT_MAX_ARGS, .root = CC_COUNT };
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		if (boundary_only(&cmd->opts[k]))
			return EXIT_USAGE;
		int status = gen_option(o, cmd->opts[k].name, val);
		if (status)
			return status;
	}
	if (k == -4)
		return 0;
	if (k == -3 || i < argc)
		return EXIT_USAGE;
	if (o->enumerate_only && !o->enumerate) {
		fprintf(stderr, "gcnabi gen: %s needs --enumerate\n", o->enumerate_only);
		return EXIT_USAGE;
	}
	if (o->root != CC_COUNT && !o->graphs) {
		fprintf(stderr, "gcnabi gen: --root needs --callgraph\n");
		return EXIT_USAGE;
	}
	if (o->swarm + o->enumerate + o->graphs > 1) {
		fprintf(stderr, "gcnabi gen: --swarm, --enumerate and --callgraph do not go together\n");
		return EXIT_USAGE;
	}
	if (o->nccs && !o->enumerate) {
		/* Random signatures of the named conventions only, equally likely. */
		memset(o->w.cc, 0, sizeof o->w.cc);
		for (unsigned c = 0; c < o->nccs; c++)
			o->w.cc[o->ccs[c]] = 1;
		if (o->graphs) {
			fprintf(stderr, "gcnabi gen: --callgraph makes its own conventions, --cc does not apply\n");
			return EXIT_USAGE;
		}
	}
	return -1;
}

/* Arguments print bare when the shell would read them back unchanged,
 * else in single quotes. */
static void put_shell_word(const char *a)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-";
	if (*a && strspn(a, safe) == strlen(a)) {
		fputs(a, stdout);
		return;
	}
	putchar('\'');
	for (; *a; a++)
		if (*a == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*a);
	putchar('\'');
}

static void print_header(const GenOptions *o, int argc, char **argv)
{
	printf("; gcnabi gen v%d, seed %llu, weights %016llx, command: gcnabi", GEN_VERSION, o->seed,
	       (unsigned long long)weights_digest(&o->w));
	for (int i = 0; i < argc; i++) {
		putchar(' ');
		put_shell_word(argv[i]);
	}
	putchar('\n');
}

static bool print_signature(const Sig *s)
{
	char line[1 << 14];
	size_t n = sig_print(s, false, line, sizeof line);
	if (n < sizeof line) {
		puts(line);
		return true;
	}
	char *big = malloc(n + 1);
	if (!big)
		return false;
	sig_print(s, false, big, n + 1);
	puts(big);
	free(big);
	return true;
}

static void dump_weights(const GenWeights *w)
{
	for (unsigned k = 0; k < GW_COUNT; k++)
		printf("# %s\n%s = %u\n", gen_weight_doc(k), gen_weight_name(k), gen_weight(w, k));
}

/* The comment before the first signature of a swarm batch. */
static void print_swarm_batch(const GenWeights *w, unsigned long long n, uint32_t off)
{
	unsigned long long batch = n / w->swarm_batch;
	printf("; swarm batch %llu (indices %llu-%llu): off", batch, batch * w->swarm_batch,
	       batch * w->swarm_batch + w->swarm_batch - 1);
	if (!off)
		printf(" nothing");
	for (unsigned k = 0; k < swarm_feature_count; k++)
		if (off >> k & 1)
			printf(" %s", swarm_features[k].name);
	putchar('\n');
}

/* The indices [first, end) to generate: --index N alone, else --count of
 * them from --from K (clamped at the last index). */
static void index_range(const GenOptions *o, unsigned long long *first, unsigned long long *end)
{
	unsigned long long many = o->one ? 1 : o->count;
	*first = o->one ? o->index : o->from;
	*end = *first + many < *first ? ULLONG_MAX : *first + many;
}

/* Graphs --from K to K + --count - 1 of the seed (or --index N alone);
 * each names its own replay index. */
static int run_graphs(const GenOptions *o, int argc, char **argv)
{
	print_header(o, argc, argv);
	Graph *g = malloc(sizeof *g);
	if (!g)
		return EXIT_ERROR;
	unsigned long long first, end;
	index_range(o, &first, &end);
	int rc = 0;
	for (unsigned long long n = first; n < end && !rc; n++) {
		gen_callgraph_rooted(g, &o->w, o->seed, n, o->root);
		printf("; graph %llu (--index %llu)\n", n, n);
		if (!graph_print(g, stdout))
			rc = EXIT_ERROR;
	}
	free(g);
	return rc;
}

static int run_random(const GenOptions *o, int argc, char **argv)
{
	print_header(o, argc, argv);
	Sig *s = malloc(sizeof *s);
	if (!s)
		return EXIT_ERROR;
	GenWeights w = o->w;
	unsigned long long first, end;
	index_range(o, &first, &end);
	bool ok = true;
	for (unsigned long long n = first; n < end && ok; n++) {
		if (o->swarm && (n == first || n % o->w.swarm_batch == 0)) {
			uint32_t off = gen_swarm_off(&o->w, o->seed, n);
			w = o->w;
			gen_swarm_apply(&w, off);
			print_swarm_batch(&o->w, n, off);
		}
		gen_signature(s, &w, o->seed, n);
		ok = print_signature(s);
	}
	free(s);
	return ok ? 0 : EXIT_ERROR;
}

/* Each --type as the one parameter of `declare void @t(T)`: the parser
 * reports what is wrong with it. */
static bool parse_type_option(const char *text, Sig *out)
{
	static const char prefix[] = "declare void @t(";
	char header[1024];
	SigError err;
	int n = snprintf(header, sizeof header, "%s%s)", prefix, text);
	if (n < 0 || (size_t)n >= sizeof header) {
		fprintf(stderr, "gcnabi gen: --type '%s': too long\n", text);
		return false;
	}
	if (!sig_parse_header(header, (size_t)n, out, &err)) {
		unsigned col = err.line == 1 && err.col > sizeof prefix - 1 ? err.col - (unsigned)(sizeof prefix - 1) : 0;
		fprintf(stderr, "gcnabi gen: --type '%s': column %u: error: %s\n", text, col, err.msg);
		return false;
	}
	const char *why = out->nparams != 1 ? "expected exactly one parameter type"
			  : out->params[0].flags & PARAM_SRET ? "sret is valid only on the first or second parameter of a void function, it cannot be enumerated"
			  : 0;
	if (why)
		fprintf(stderr, "gcnabi gen: --type '%s': error: %s\n", text, why);
	return !why;
}

static bool build_space(const GenOptions *o, GenSpace *sp, Sig *types)
{
	*sp = (GenSpace){ .ntypes = o->ntypes ? o->ntypes : (unsigned)(sizeof default_types / sizeof default_types[0]),
			  .nccs = o->nccs };
	memcpy(sp->ccs, o->ccs, o->nccs);
	for (unsigned cc = 0; cc < CC_COUNT && !o->nccs; cc++)
		if (conv_info((CallConv)cc)->probe_default)
			sp->ccs[sp->nccs++] = (uint8_t)cc;
	for (unsigned i = 0; i < sp->ntypes; i++) {
		if (!parse_type_option(o->ntypes ? o->types[i] : default_types[i], &types[i]))
			return false;
		sp->types[i] = &types[i];
	}
	if (o->max_args > SIG_MAX_PARAMS) {
		fprintf(stderr, "gcnabi gen: --max-args above %d\n", SIG_MAX_PARAMS);
		return false;
	}
	sp->max_args = (unsigned)o->max_args;
	if (!gen_space_init(sp)) {
		fprintf(stderr, "gcnabi gen: the space of %u types, %u conventions and up to %u arguments has more than 2^63 signatures\n",
			sp->ntypes, sp->nccs, sp->max_args);
		return false;
	}
	return true;
}

static int run_enumerate(const GenOptions *o, int argc, char **argv)
{
	GenSpace sp;
	Sig *types = malloc(GEN_ENUM_MAX_TYPES * sizeof *types), *s = malloc(sizeof *s);
	int status = !types || !s || !build_space(o, &sp, types) ? EXIT_USAGE : 0;
	unsigned long long first = o->one ? o->index : o->from;
	unsigned long long end = o->one ? o->index + 1 : !o->count_given || o->count > sp.total - first ? sp.total : first + o->count;
	if (!status && first >= sp.total && (o->one || first > 0)) {
		fprintf(stderr, "gcnabi gen: index %llu is past the last signature (%llu)\n", first,
			(unsigned long long)sp.total - 1);
		status = EXIT_USAGE;
	}
	if (!status) {
		print_header(o, argc, argv);
		printf("; enumerate: %u types x %u conventions x %u returns (void and each distinct type), 0-%u parameters: %llu signatures\n",
		       sp.ntypes, sp.nccs, sp.nreturns + 1, sp.max_args, (unsigned long long)sp.total);
		for (unsigned long long n = first; n < end && !status; n++)
			if (!gen_enumerate(s, &sp, n) || !print_signature(s))
				status = EXIT_ERROR;
	}
	free(types);
	free(s);
	return status;
}

int cmd_gen(int argc, char **argv)
{
	if (boundary_mode(argc, argv))
		return cmd_gen_boundary(argc, argv);
	GenOptions o;
	int status = parse_options(&o, argc, argv);
	if (status >= 0)
		return status;
	if (o.dump) {
		dump_weights(&o.w);
		return 0;
	}
	if (o.graphs)
		return run_graphs(&o, argc, argv);
	return o.enumerate ? run_enumerate(&o, argc, argv) : run_random(&o, argc, argv);
}
