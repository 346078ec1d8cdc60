/* `gcnabi emit`: the signatures or call graph of a file as IR for llc
 * (emit.h: emit_file); its options, the IR dialect of the llc, the module
 * printed. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cmd_emit(int argc, char **argv)
{
	const Command *cmd = command_find("emit");
	const Profile *p = profile_newest();
	EmitOptions o = { 0 };
	const char *input = "-", *graph_of = NULL, *leave_out = NULL;
	bool typed_ptrs = false, uniform = false, final_body = false;
	Selector sel = SEL_DAG;
	const char *cpu = NULL;
	int i = 1, k;
	const char *val;
	while ((k = opt_next(cmd, argc, argv, &i, &val)) >= 0) {
		if (strcmp(cmd->opts[k].name, "--selector") == 0) {
			if (strcmp(val, "dag") != 0 && strcmp(val, "gisel") != 0) {
				fprintf(stderr, "gcnabi emit: --selector takes dag or gisel, not '%s'\n", val);
				return EXIT_USAGE;
			}
			sel = strcmp(val, "gisel") == 0 ? SEL_GISEL : SEL_DAG;
		} else if (strcmp(cmd->opts[k].name, "--mcpu") == 0) {
			const Target *t = target_find(val);
			if (!t) {
				fprintf(stderr, "gcnabi emit: unknown CPU '%s' (gcnabi vocab lists them)\n", val);
				return EXIT_USAGE;
			}
			cpu = t->name; /* an alias (hawaii) as its gfx name */
		} else if (strcmp(cmd->opts[k].name, "--caller") == 0)
			o.callers = true;
		else if (strcmp(cmd->opts[k].name, "--typed-pointers") == 0)
			typed_ptrs = true;
		else if (strcmp(cmd->opts[k].name, "--uniform-inreg") == 0)
			uniform = true;
		else if (strcmp(cmd->opts[k].name, "--final-body") == 0)
			final_body = true;
		else if (strcmp(cmd->opts[k].name, "--graph-of") == 0)
			graph_of = val[0] == '@' ? val + 1 : val;
		else if (strcmp(cmd->opts[k].name, "--leave-out") == 0)
			leave_out = val;
		else if (strcmp(cmd->opts[k].name, "--wave") == 0) {
			if (strcmp(val, "32") != 0 && strcmp(val, "64") != 0) {
				fprintf(stderr, "gcnabi emit: --wave takes 32 or 64, not '%s'\n", val);
				return EXIT_USAGE;
			}
			o.exec64 = strcmp(val, "64") == 0;
		} else if (!(p = profile_find(val))) {
			fprintf(stderr, "gcnabi emit: unknown profile '%s'\n", val);
			return EXIT_USAGE;
		}
	}
	if (k == -4)
		return 0;
	if (k == -3 || argc - i > 1)
		return EXIT_USAGE;
	/* A CPU the llc does not know is the generic target. */
	const Target *t = cpu ? profile_target(p, cpu) : NULL;
	emit_profile_options(&o, p, sel, t ? t->has_16bit_insts : true);
	o.typed_ptrs |= typed_ptrs;
	o.uniform_inreg = uniform;
	o.final_body = final_body;
	o.wide_memory = final_body && sel == SEL_GISEL;
	if (i < argc)
		input = argv[i];
	char err[512];
	size_t len;
	char *text = read_file(input, &len, err, sizeof err);
	if (!text) {
		fprintf(stderr, "gcnabi emit: %s\n", err);
		return EXIT_ERROR;
	}
	Buf out = { 0 };
	buf_printf(&out, "; gcnabi emit --profile %s%s\n", p->name, o.callers ? " --caller" : "");
	unsigned failed = emit_file(&out, input, text, len, &o, graph_of, leave_out);
	free(text);
	if (out.failed) {
		fprintf(stderr, "gcnabi emit: out of memory\n");
		return EXIT_ERROR;
	}
	fwrite(out.p, 1, out.n, stdout);
	buf_free(&out);
	return failed ? EXIT_ERROR : 0;
}
