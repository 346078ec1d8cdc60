/* The model options that several subcommands share (--profile, --layout,
 * --mcpu, --wave, --selector, --triple) and --switch NAME=on|off. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void model_options_default(ModelOptions *o)
{
	*o = (ModelOptions){ profile_newest()->name, "old", target_default()->name, 0, SEL_DAG, false, false, OS_AMDPAL };
}

bool model_option(ModelOptions *o, const char *name, const char *val, bool *bad)
{
	*bad = false;
	if (strcmp(name, "--profile") == 0) {
		/* A profile name, or the output of `llc --version`. */
		const Profile *p = profile_find(val);
		if (!p) {
			p = profile_for_version_text(val, strlen(val));
			unsigned major = profile_version_major(val, strlen(val));
			if (p && p->major != major)
				fprintf(stderr, "gcnabi: warning: --profile '%s': gcnabi has no profile for LLVM %u; the model "
						"follows %s, the nearest older\n", val, major, p->name);
		}
		o->profile = p ? p->name : val;
		*bad = !p;
	} else if (strcmp(name, "--layout") == 0) {
		o->layout = val;
	} else if (strcmp(name, "--mcpu") == 0) {
		const Target *t = target_find(val);
		o->cpu = t ? t->name : val; /* an alias (hawaii) as its gfx name */
		*bad = !t;
	} else if (strcmp(name, "--wave") == 0) {
		*bad = strcmp(val, "32") != 0 && strcmp(val, "64") != 0; /* exactly: atoi took "32x" */
		o->wave = *bad ? 0 : (unsigned)atoi(val);
	} else if (strcmp(name, "--selector") == 0) {
		*bad = strcmp(val, "dag") != 0 && strcmp(val, "gisel") != 0;
		o->selector = strcmp(val, "gisel") == 0 ? SEL_GISEL : SEL_DAG;
	} else if (strcmp(name, "--triple") == 0) {
		*bad = !target_os_parse(val, &o->os);
	} else {
		return false;
	}
	return true;
}

bool switch_parse(const char *command, const char *val, unsigned *index, bool *on)
{
	size_t n = strcspn(val, "=");
	const char *v = val[n] ? val + n + 1 : "";
	*on = strcmp(v, "on") == 0 || strcmp(v, "1") == 0;
	if (!*on && strcmp(v, "off") != 0 && strcmp(v, "0") != 0)
		return fprintf(stderr, "gcnabi %s: --switch takes NAME=on or NAME=off, not '%s'\n", command, val), false;
	for (unsigned k = 0; k < SW_COUNT; k++)
		if (strlen(profile_switch_names[k]) == n && strncmp(profile_switch_names[k], val, n) == 0) {
			*index = k;
			return true;
		}
	return fprintf(stderr, "gcnabi %s: --switch: no switch named '%.*s' (gcnabi profiles lists them)\n", command, (int)n,
		       val),
	       false;
}
