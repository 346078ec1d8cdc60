/* A finding's cause: what departs from the ABI, worded the same whichever
 * axis it surfaced on, so that one compiler bug is one cause. llc 16's
 * SelectionDAG leaving an inreg SGPR argument unwritten at a call reads
 * "call site: argument fewer parts" against the model (model-vs-llc-caller),
 * against its own callee (caller-vs-callee) and against another llc's
 * callee (cross-version).
 *
 * findings.jsonl's "cause":
 *   side      "callee" or "call site" (llc's placement of that view departs
 *             from the ABI), "both" (llc's caller and callee each depart
 *             from the model), "final code" (llc's final code breaks the
 *             contract), "compiler" (llc fails, in the MIR pass or the
 *             final code's), "model" (the model
 *             refuses what llc compiles), "program" (a fault of the input),
 *             "machine" (an infrastructure error)
 *   what      the finding's message, normalized as a failure's is
 *   key       "<side>: <what> <change>" for a comparison (what: "argument",
 *             "return", "hidden sret pointer", ...; change: "fewer parts",
 *             "more parts", "moved <from>-><to>" by register file, "slot
 *             size", "differs"), "<side>: <message>" for a failure, its
 *             numbers, registers and names normalized (cause_message)
 *   profiles  the profiles of the compiler(s) whose placement departs: the
 *             caller's, the callee's or both of a cross-version finding
 *   switches  the profile switches explained_by names (profile.h; those
 *             with a bug reference reproduce a compiler bug) */
#include <ctype.h>
#include <string.h>

#include "check.h"

/* One failure reads the same whatever function, argument, register or
 * address it was found in: register masks, "(in function: ...)", virtual
 * registers (%12:sgpr_32(s32)), a diagnostic's "in function NAME", @names,
 * $physregs, s[4:5] and v7, hex and
 * decimal numbers become one token each ("<regmask>", "", "%", "@f", "$r",
 * "s[#]", "v#", "0x#", "#"); a path becomes its file name; white space
 * runs become one space. */
void cause_message(const char *in, char *out, size_t cap)
{
	size_t n = 0;
#define PUT(str) do { for (const char *q_ = (str); *q_ && n + 1 < cap; q_++) out[n++] = *q_; } while (0)
	for (const char *p = in; *p && n + 1 < cap;) {
		bool word_start = p == in || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		if (word_start && *p == '/' && p[1] && !isspace((unsigned char)p[1]) && p[1] != ':') {
			/* A path (llc's own, check's temporary module): its
			 * file name only, which the rest normalizes. */
			const char *end = p + strcspn(p, " \t\n:");
			const char *base = p;
			for (const char *q = p; q < end; q++)
				if (*q == '/')
					base = q + 1;
			p = base;
			continue;
		} else if (strncmp(p, "<regmask", 8) == 0) {
			const char *e = strchr(p, '>');
			PUT("<regmask>");
			p = e ? e + 1 : p + strlen(p);
		} else if (strncmp(p, "(in function: ", 14) == 0 && strchr(p, ')')) {
			p = strchr(p, ')') + 1;
		} else if (strncmp(p, "in function ", 12) == 0) {
			/* a diagnostic's "in function NAME: MSG" */
			PUT("in function");
			for (p += 12; *p && *p != ':' && !isspace((unsigned char)*p);)
				p++;
		} else if (*p == '%' && isdigit((unsigned char)p[1])) {
			p++;
			while (isdigit((unsigned char)*p))
				p++;
			if (*p == ':' && (isalnum((unsigned char)p[1]) || p[1] == '_'))
				for (p++; isalnum((unsigned char)*p) || *p == '_';)
					p++;
			if (*p == '(' && strchr(p, ')'))
				p = strchr(p, ')') + 1;
			PUT("%");
		} else if (*p == '@' && (isalnum((unsigned char)p[1]) || strchr("_.$", p[1]))) {
			for (p++; isalnum((unsigned char)*p) || strchr("_.$", *p);)
				p++;
			PUT("@f");
		} else if (*p == '$' && (isalnum((unsigned char)p[1]) || p[1] == '_')) {
			for (p++; isalnum((unsigned char)*p) || *p == '_';)
				p++;
			PUT("$r");
		} else if (word_start && (*p == 's' || *p == 'v') && p[1] == '[' && isdigit((unsigned char)p[2])) {
			const char *q = p + 2;
			while (isdigit((unsigned char)*q))
				q++;
			if (*q == ':' && isdigit((unsigned char)q[1])) {
				for (q++; isdigit((unsigned char)*q);)
					q++;
				if (*q == ']') {
					out[n++] = *p;
					PUT("[#]");
					p = q + 1;
					continue;
				}
			}
			out[n++] = *p++;
		} else if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2])) {
			for (p += 2; isxdigit((unsigned char)*p);)
				p++;
			PUT("0x#");
		} else if (isdigit((unsigned char)*p)) {
			while (isdigit((unsigned char)*p))
				p++;
			PUT("#");
		} else if (isspace((unsigned char)*p)) {
			while (isspace((unsigned char)*p))
				p++;
			if (n && *p)
				PUT(" ");
		} else {
			out[n++] = *p++;
		}
	}
#undef PUT
	out[n] = 0;
	while (n && out[n - 1] == ' ')
		out[--n] = 0;
}

/* Whether text has word as a whole word (a switch name in an explanation). */
static bool names_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		bool before = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		bool after = !(isalnum((unsigned char)p[n]) || p[n] == '_');
		if (before && after)
			return true;
	}
	return false;
}

static const char *side_name(const Finding *f)
{
	static const char *const names[] = { [SIDE_CALLEE] = "callee", [SIDE_CALL_SITE] = "call site",
					     [SIDE_BOTH] = "both" };
	if (f->side != SIDE_OF_KIND)
		return names[f->side];
	switch (f->kind) {
	case FK_MODEL_REFUSED: case FK_MODEL_REFUSED_CALL: return "model";
	case FK_DVGPR_LOST: return "program";
	default: break;
	}
	/* llc failing is the compiler's, in whichever pass: one cause. */
	if (finding_kinds[f->kind].cls == FC_CRASH)
		return "compiler";
	switch (finding_kinds[f->kind].axis) {
	case FA_MODEL_VS_LLC: return "callee";
	case FA_MODEL_VS_LLC_CALLER: return "call site";
	case FA_CRASH: return "compiler";
	case FA_MACHINE: return "machine";
	case FA_FINAL_CODE: return "final code";
	default: return "both";
	}
}

/* How the departing side's part differs from the reference's: the judge
 * compared A with B; model vs llc: B (llc) departs; llc's caller (A) and
 * callee (B): the side the model disagrees with, the caller when both. */
static void change_of(const Finding *f, char *out, size_t cap)
{
	const JudgeDiff *d = f->at;
	bool b_departs = f->kind != FK_CALLER_VS_CALLEE && !finding_is_link(f->kind) ? true : f->side == SIDE_CALLEE;
	uint32_t mine = b_departs ? d->vb : d->va, theirs = b_departs ? d->va : d->vb;
	const Loc *lm = b_departs ? &d->b : &d->a, *lt = b_departs ? &d->a : &d->b;
	char tm[32] = "", tt[32] = "";
	switch ((JudgeClass)d->cls) {
	case JC_PART_COUNT: case JC_UNREAD: case JC_UNDEFINED:
		snprintf(out, cap, "%s", mine < theirs ? "fewer parts" : "more parts");
		return;
	case JC_MOVED:
		if (lm->kind != LOC_NONE)
			loc_print(lm, tm, sizeof tm);
		if (lt->kind != LOC_NONE)
			loc_print(lt, tt, sizeof tt);
		snprintf(out, cap, "moved %s->%s", loc_class(tt, strlen(tt)), loc_class(tm, strlen(tm)));
		return;
	case JC_SLOT_SIZE:
		snprintf(out, cap, "slot size");
		return;
	case JC_REPR: /* "f32 for low": the departing side's against the other's */
		snprintf(out, cap, "%s for %s", repr_names[lm->repr < REPR_COUNT ? lm->repr : 0].name,
			 repr_names[lt->repr < REPR_COUNT ? lt->repr : 0].name);
		return;
	case JC_DIFFERENT:
		break;
	}
	snprintf(out, cap, "differs");
}

void finding_cause_json(JsonWriter *w, const Finding *f)
{
	const char *side = side_name(f);
	/* llc compiles a CPU it does not know for the generic target: its
	 * failures there are a cause of their own. */
	const char *generic = strcmp(side, "compiler") == 0 && !profile_knows_cpu(f->co->llc->profile, f->co->cpu)
				      ? " (generic target)" : "";
	char key[300], text[240];
	if (f->at) {
		change_of(f, text, sizeof text);
		snprintf(key, sizeof key, "%s: %s %s", side, judge_what_names[f->at->what].name, text);
	} else {
		cause_message(f->why, text, sizeof text);
		/* Where the module was kept is the run's, not the cause's. */
		char *kept = strstr(text, " (module: ");
		if (kept)
			*kept = 0;
		snprintf(key, sizeof key, "%s%s: %s", side, generic, text);
	}
	jw_kobject(w, "cause");
	jw_kstring(w, "side", side);
	jw_kstring(w, "key", key);
	cause_message(f->why, text, sizeof text);
	jw_kstring(w, "what", text);
	jw_karray(w, "llcs");
	/* A link finding's cause is in the caller's llc (a call site), the
	 * callee's (a callee: its own llc even where both are one llc, the
	 * mixed-selector link) or both (each once). */
	bool link = finding_is_link(f->kind);
	if (!link || f->side != SIDE_CALLEE)
		jw_string(w, f->co->llc->label);
	if (link && (f->side == SIDE_CALLEE || (f->side != SIDE_CALL_SITE && f->callee_co->llc != f->co->llc)))
		jw_string(w, f->callee_co->llc->label);
	jw_end(w);
	jw_karray(w, "switches");
	for (unsigned k = 0; k < SW_COUNT && f->explained_by; k++)
		if (names_word(f->explained_by, profile_switch_names[k]))
			jw_string(w, profile_switch_names[k]);
	jw_end(w);
	jw_end(w);
}
