/* `gcnabi observe`: where llc really put each part, read from its MIR. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "observe.h"

typedef struct {
	bool json, asm_code;
	unsigned functions, failed;
	const char *input;
	char *line;
	size_t cap;
} ObserveRun;

static void print_human(const MirFunction *f)
{
	char buf[8192];
	if (f->failed) {
		printf("%s: error: %s\n", f->name, f->error);
		return;
	}
	if (f->in.kernarg) {
		printf("%s [kernarg]:", f->name);
		for (unsigned i = 0; i < f->in.nlocs; i++)
			printf(" kernarg+%u/%u", f->in.locs[i].offset, f->in.locs[i].size);
		printf(" | size %u\n", f->in.kernarg_size);
		return;
	}
	if (f->has_sig && f->grouped) {
		place_print_human(&f->sig, &f->in, buf, sizeof buf);
		printf("%s [%s]\n", buf, f->gisel ? "gisel" : "dag");
	} else {
		printf("%s [%s, arguments not grouped]:", f->name, f->gisel ? "gisel" : "dag");
		for (unsigned i = 0; i < f->in.nlocs; i++) {
			loc_print(&f->in.locs[i], buf, sizeof buf);
			printf(" %s", buf);
		}
		printf("\n");
	}
	for (unsigned c = 0; c < f->ncalls; c++) {
		const MirCall *call = &f->calls[c];
		if (call->has_sig && call->grouped) {
			place_print_human(&call->sig, &call->out, buf, sizeof buf);
			printf("  call %s\n", buf);
		} else {
			printf("  call @%s (arguments not grouped)\n", call->callee[0] ? call->callee : "<indirect>");
		}
		if (call->nimplicit) {
			printf("    implicit:");
			for (unsigned k = 0; k < call->nimplicit; k++) {
				regrange_print(&call->implicit[k], buf, sizeof buf);
				printf(" %s", buf);
			}
			printf("\n");
		}
	}
}

/* The output line holds n bytes and a NUL (a printer then prints again). */
static bool grow_line(ObserveRun *r, size_t n)
{
	if (n < r->cap)
		return true;
	free(r->line);
	r->cap = n + 1;
	r->line = malloc(r->cap);
	return r->line != 0;
}

static int observe_one(void *ctx, const MirFunction *f)
{
	ObserveRun *r = ctx;
	r->functions++;
	r->failed += f->failed;
	if (f->failed && f->error_line) /* bad input at a line: said there, as every reader says it */
		fprintf(stderr, "%s:%u: error: %s in %s\n", r->input, f->error_line, f->error, f->name);
	if (!r->json) {
		print_human(f);
		return 0;
	}
	if (!grow_line(r, mir_function_print_json(f, r->line, r->cap)))
		return 1;
	mir_function_print_json(f, r->line, r->cap);
	puts(r->line);
	return 0;
}

/* --asm: the final code's functions, what each names. */
static int observe_asm_one(void *ctx, const AsmFunction *f)
{
	ObserveRun *r = ctx;
	r->functions++;
	r->failed += f->failed;
	if (!grow_line(r, asm_print_json(f, r->line, r->cap)))
		return 1;
	asm_print_json(f, r->line, r->cap);
	if (r->json)
		puts(r->line);
	else {
		char runs[4096];
		regset_print(&f->named, runs, sizeof runs);
		printf("%s: %u instructions; names %s%s%s\n", f->name, f->ninstrs, runs[0] ? runs : "no register",
		       f->failed ? "; error: " : "", f->failed ? f->error : "");
	}
	return 0;
}

int cmd_observe(int argc, char **argv)
{
	const Command *cmd = command_find("observe");
	ObserveRun r = { 0 };
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		if (strcmp(cmd->opts[k].name, "--asm") == 0)
			r.asm_code = true;
		else
			r.json = true;
	}
	if (k == -4)
		return 0;
	if (k == -3 || argc - i > 1)
		return EXIT_USAGE;
	const char *input = i < argc ? argv[i] : "-";
	r.input = input;
	char err[512];
	size_t len;
	char *text = read_file(input, &len, err, sizeof err);
	if (!text) {
		fprintf(stderr, "gcnabi observe: %s\n", err);
		return EXIT_ERROR;
	}
	r.cap = 1 << 16;
	r.line = malloc(r.cap);
	if (!r.line)
		return EXIT_ERROR;
	if (r.asm_code) {
		asm_read(text, len, observe_asm_one, &r);
		free(text);
		free(r.line);
		if (r.functions == 0) {
			fprintf(stderr, "%s: error: no function found (no `.type NAME,@function`)\n", input);
			return EXIT_ERROR;
		}
		return r.failed ? EXIT_ERROR : 0;
	}
	MirError me;
	/* llc assembly for amdhsa: the kernels' kernarg layout from its metadata. */
	MirStatus st = hsa_has_metadata(text, len) ? hsa_observe(text, len, observe_one, &r, &me)
						   : mir_observe(text, len, observe_one, &r, &me);
	free(text);
	free(r.line);
	if (st == MIR_MALFORMED) {
		fprintf(stderr, "%s:%u:%u: error: %s\n", input, me.line, me.col, me.msg);
		return EXIT_ERROR;
	}
	if (st == MIR_NOMEM) {
		fprintf(stderr, "gcnabi observe: out of memory\n");
		return EXIT_ERROR;
	}
	if (r.functions == 0) {
		fprintf(stderr, "%s: error: no MIR function found\n", input);
		return EXIT_ERROR;
	}
	return r.failed ? EXIT_ERROR : 0;
}
