/* The attributes a signature keeps as the input wrote them (Sig.kept):
 * which of them the model knows cannot move an argument, and a note
 * naming every other one, so that none is passed on unread in silence. */
#include "sig.h"

#include <stdio.h>
#include <string.h>

/* Attributes the model does not read and knows do not change where an
 * argument, a return value or an implicit input goes, nor the frame the
 * contract checks: optimization hints, memory effects, floating-point
 * modes. Anything else kept is named in a note. */
static const char *const neutral[] = {
	/* parameters and returns */
	"noalias", "nonnull", "dereferenceable", "dereferenceable_or_null", "range", "nofpclass", "nocapture",
	"captures", "readonly", "writeonly", "readnone", "returned", "nofree", "immarg", "initializes", "writable",
	"dead_on_unwind", "dead_on_return", "allocalign", "allocptr",
	/* functions */
	"nounwind", "norecurse", "willreturn", "nosync", "mustprogress", "noinline", "alwaysinline", "optnone",
	"optsize", "minsize", "cold", "hot", "memory", "speculatable", "convergent", "nocallback", "noduplicate",
	"uwtable", "noreturn", "noprofile", "nomerge", "\"no-trapping-math\"", "\"stack-protector-buffer-size\"",
	"\"less-precise-fpmad\"", "\"uniform-work-group-size\"", "\"denormal-fp-math\"", "\"denormal-fp-math-f32\"",
	"\"unsafe-fp-math\"", "\"no-infs-fp-math\"", "\"no-nans-fp-math\"", "\"no-signed-zeros-fp-math\"",
	"\"approx-func-fp-math\"", "\"amdgpu-unsafe-fp-atomics\"", "\"amdgpu-ieee\"",
};

/* The next attribute of kept text t[*i..n): its name ("key" with quotes,
 * or the word) at *name, *len; false at the end. */
static bool next_attr(const char *t, size_t n, size_t *i, size_t *name, size_t *len)
{
	while (*i < n && t[*i] == ' ')
		(*i)++;
	if (*i >= n)
		return false;
	*name = *i;
	if (t[*i] == '"') {
		for ((*i)++; *i < n && t[*i] != '"'; (*i)++)
			;
		*len = ++(*i) - *name;
		if (*i < n && t[*i] == '=' && *i + 1 < n && t[*i + 1] == '"')
			for (*i += 2; *i < n && t[(*i)++] != '"';)
				;
		return true;
	}
	while (*i < n && t[*i] != ' ' && t[*i] != '(')
		(*i)++;
	*len = *i - *name;
	for (int depth = 0; *i < n && (depth || t[*i] == '('); (*i)++)
		depth += (t[*i] == '(') - (t[*i] == ')');
	return true;
}

/* Kept as written and read by the model all the same: no note. */
static const char *const read_too[] = { "\"InitialPSInputAddr\"" };

static bool is_neutral(const char *name, size_t len)
{
	for (size_t k = 0; k < sizeof neutral / sizeof neutral[0]; k++)
		if (strlen(neutral[k]) == len && memcmp(neutral[k], name, len) == 0)
			return true;
	for (size_t k = 0; k < sizeof read_too / sizeof read_too[0]; k++)
		if (strlen(read_too[k]) == len && memcmp(read_too[k], name, len) == 0)
			return true;
	return false;
}

static void name_each(const Sig *s, uint16_t off, uint16_t n, const char *where, char *buf, size_t cap, size_t *used,
		      unsigned *count)
{
	size_t i = 0, name, len;
	while (next_attr(s->kept + off, n, &i, &name, &len)) {
		if (is_neutral(s->kept + off + name, len))
			continue;
		int w = snprintf(buf + *used, *used < cap ? cap - *used : 0, "%s%.*s%s", (*count)++ ? ", " : "", (int)len,
				 s->kept + off + name, where);
		*used += w > 0 ? (size_t)w : 0;
	}
}

unsigned sig_unmodelled_attrs(const Sig *s, char *buf, size_t cap)
{
	size_t used = 0;
	unsigned count = 0;
	if (cap)
		buf[0] = 0;
	name_each(s, s->fn_kept_off, s->fn_kept_len, "", buf, cap, &used, &count);
	name_each(s, s->ret_kept_off, s->ret_kept_len, " (return)", buf, cap, &used, &count);
	for (unsigned k = 0; k < s->nparams && k < SIG_MAX_PARAMS; k++) {
		char where[32];
		snprintf(where, sizeof where, " (parameter %u)", k);
		name_each(s, s->params[k].kept_off, s->params[k].kept_len, where, buf, cap, &used, &count);
	}
	if (cap && used >= cap && cap > 4)
		memcpy(buf + cap - 4, "...", 4);
	return count;
}
