/* `gcnabi layouts` (see layouts.h): the layouts folder listed, each layout
 * printed in the canonical format, or measured against a signature file:
 * the model places every function under each layout (as `gcnabi place
 * --json` would), counts where the arguments went, and compares each
 * layout's placements with those of `old` (as `gcnabi diff --summary`). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "engine.h"
#include "passthrough.h"

/* A layout to print or measure: the name it goes by in the listing, and
 * its file. */
typedef struct {
	char *label, *path;
} LayoutFile;

typedef struct {
	LayoutFile *v;
	unsigned n;
	bool failed; /* out of memory */
} LayoutFiles;

static void files_add(LayoutFiles *f, const char *label, const char *path)
{
	LayoutFile *v = realloc(f->v, (f->n + 1) * sizeof *v);
	char *l = strdup(label), *p = strdup(path);
	if (!v || !l || !p) {
		f->v = v ? v : f->v;
		free(l);
		free(p);
		f->failed = true;
		return;
	}
	f->v = v;
	f->v[f->n++] = (LayoutFile){ l, p };
}

static void files_free(LayoutFiles *f)
{
	for (unsigned i = 0; i < f->n; i++) {
		free(f->v[i].label);
		free(f->v[i].path);
	}
	free(f->v);
}

static int by_label(const void *a, const void *b)
{
	return strcmp(((const LayoutFile *)a)->label, ((const LayoutFile *)b)->label);
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Every *.layout of the folder layout names are looked up in, sorted by
 * name, then each operand that is not one of them. False (said on stderr)
 * when the folder cannot be read; the operands are listed all the same. */
static bool list_layouts(char **names, int n, LayoutFiles *f)
{
	char dir[PATH_MAX], path[PATH_MAX + 300];
	layout_folder(dir, sizeof dir);
	DIR *d = opendir(dir);
	if (!d)
		fprintf(stderr, "gcnabi layouts: cannot list the layouts folder %s: %s\n", dir, strerror(errno));
	for (struct dirent *e; d && (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (e->d_name[0] == '.' || len <= 7 || strcmp(e->d_name + len - 7, ".layout") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		e->d_name[len - 7] = 0;
		files_add(f, e->d_name, path);
	}
	unsigned listed = f->n;
	if (listed)
		qsort(f->v, listed, sizeof *f->v, by_label);
	for (int i = 0; i < n; i++) {
		layout_path(names[i], path, sizeof path);
		bool again = false;
		for (unsigned k = 0; k < listed && !again; k++)
			again = same_file(path, f->v[k].path);
		if (!again)
			files_add(f, names[i], path);
	}
	if (d)
		closedir(d);
	return d != NULL;
}

static void impact_print(const Layout *l, const char *path, const LayoutImpact *t, const uint32_t vs_old[3])
{
	fputs("{\"layout\":", stdout);
	fput_json_string(stdout, l->name);
	fputs(",\"file\":", stdout);
	fput_json_string(stdout, path);
	printf(",\"functions\":%u,\"refused\":%u,\"sgpr\":%u,\"vgpr\":%u,\"stack\":%u,\"stack_bytes\":%llu,"
	       "\"gfx_functions\":%u,\"gfx_inreg_parts\":%u,\"gfx_sgpr_moves\":%u,\"gfx_free_quads\":%u,"
	       "\"moved_vs_old\":%u,\"fell_to_stack\":%u,\"left_stack\":%u}\n",
	       t->functions, t->refused, t->sgpr, t->vgpr, t->stack, (unsigned long long)t->stack_bytes, t->gfx_functions,
	       t->gfx_inreg_parts, t->gfx_sgpr_moves, t->gfx_free_quads, vs_old[0], vs_old[1], vs_old[2]);
}

/* Every layout of f against the signatures of sigfile. The comparison
 * base is the (last) layout named old; without one, nothing moves. */
static int impact(const char *sigfile, const ModelOptions *o, const LayoutFiles *f)
{
	char err[512];
	size_t len;
	Layout *lay = calloc(f->n ? f->n : 1, sizeof *lay);
	LayoutRun *run = calloc(f->n ? f->n : 1, sizeof *run);
	char *text = lay && run ? read_file(sigfile, &len, err, sizeof err) : NULL;
	int status = text ? 0 : EXIT_ERROR;
	if (!text)
		fprintf(stderr, "gcnabi layouts: %s\n", lay && run ? err : "out of memory");
	unsigned base = f->n, done = 0;
	for (; status == 0 && done < f->n; done++) {
		LayoutRun *r = &run[done];
		if (!layout_load(f->v[done].path, &lay[done], err, sizeof err) ||
		    !model_config_init(&r->m, profile_find(o->profile), &lay[done], o->cpu, 0, SEL_DAG, err, sizeof err)) {
			fprintf(stderr, "gcnabi layouts: %s\n", err);
			status = EXIT_ERROR;
			break;
		}
		if (!layout_run(r, sigfile, text, len, done == 0)) {
			fprintf(stderr, "gcnabi layouts: out of memory\n");
			status = EXIT_ERROR;
			done++;
			break;
		}
		if (strcmp(lay[done].name, "old") == 0)
			base = done;
	}
	uint32_t (*vs_old)[3] = calloc(f->n ? f->n : 1, sizeof *vs_old);
	if (!vs_old && status == 0) {
		fprintf(stderr, "gcnabi layouts: out of memory\n");
		status = EXIT_ERROR;
	}
	for (unsigned i = 0; status == 0 && base < f->n && i < f->n; i++)
		if (i != base && !layout_run_diff(&run[base], &run[i], f->v[base].path, f->v[i].path, vs_old[i]))
			status = EXIT_ERROR;
	for (unsigned i = 0; status == 0 && i < f->n; i++)
		impact_print(&lay[i], f->v[i].path, &run[i].t, vs_old[i]);
	for (unsigned i = 0; run && i < done; i++)
		layout_run_free(&run[i]);
	free(vs_old);
	free(run);
	free(lay);
	free(text);
	return status;
}

int cmd_layouts(int argc, char **argv)
{
	const Command *cmd = command_find("layouts");
	ModelOptions o;
	model_options_default(&o);
	const char *sigfile = NULL, *val, *model_opt = NULL;
	int i = 1, k;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		const char *name = cmd->opts[k].name;
		bool bad;
		if (strcmp(name, "--impact") == 0) {
			sigfile = val;
		} else if (model_option(&o, name, val, &bad) && bad) {
			fprintf(stderr, "gcnabi layouts: invalid %s '%s'\n", name, val);
			return EXIT_USAGE;
		} else {
			model_opt = name;
		}
	}
	if (k == -4)
		return 0;
	if (k == -3)
		return EXIT_USAGE;
	if (model_opt && !sigfile) {
		fprintf(stderr, "gcnabi layouts: %s goes with --impact SIGFILE\n", model_opt);
		return EXIT_USAGE;
	}
	LayoutFiles f = { 0 };
	int status = list_layouts(argv + i, argc - i, &f) ? 0 : EXIT_ERROR;
	if (f.failed) {
		fprintf(stderr, "gcnabi layouts: out of memory\n");
		files_free(&f);
		return EXIT_ERROR;
	}
	if (sigfile) {
		status = status ? status : impact(sigfile, &o, &f);
		files_free(&f);
		return status;
	}
	char err[512], buf[4096];
	for (unsigned n = 0; n < f.n; n++) {
		Layout l;
		if (!layout_load(f.v[n].path, &l, err, sizeof err)) {
			fprintf(stderr, "gcnabi layouts: %s\n", err);
			status = EXIT_ERROR;
			continue;
		}
		layout_print(&l, buf, sizeof buf);
		printf("%s# ---- %s\n%s", n ? "\n" : "", f.v[n].label, buf);
	}
	files_free(&f);
	return status;
}
