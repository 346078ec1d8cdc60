/* Placement JSON into Placements; see place_json.h for the contract. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static bool problem(JsonProblem *pr, const JsonValue *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Records what is wrong and where; always false, to be returned. */
static bool problem(JsonProblem *pr, const JsonValue *at, const char *fmt, ...)
{
	pr->at = at;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pr->msg, sizeof pr->msg, fmt, ap);
	va_end(ap);
	return false;
}

static bool check_string(const JsonValue *obj, const char *key, bool required, JsonProblem *pr)
{
	const JsonValue *v = json_get(obj, key);
	if (!v)
		return !required || problem(pr, obj, "missing \"%s\"", key);
	return json_cstr(v) || problem(pr, v, "\"%s\" must be a string without NUL characters", key);
}

static bool check_bool(const JsonValue *obj, const char *key, JsonProblem *pr)
{
	const JsonValue *v = json_get(obj, key);
	return !v || v->kind == JSON_BOOL || problem(pr, v, "\"%s\" must be true or false", key);
}

static bool flag(const JsonValue *obj, const char *key)
{
	const JsonValue *v = json_get(obj, key);
	return v && v->boolean;
}

/* ---- parts ------------------------------------------------------------------------ */

/* A memory part: a stack slot or an amdgpu_kernel argument's place in the
 * kernarg segment; both carry a size. */
static bool is_stack(const char *part)
{
	return strncmp(part, "stack+", 6) == 0 || strncmp(part, "kernarg+", 8) == 0;
}

/* "sN", "vN", "stack+OFFSET" or "kernarg+OFFSET", decimal without leading
 * zeros: the number's text, or NULL. */
static const char *part_number(const char *s)
{
	const char *num = s[0] == 's' || s[0] == 'v' ? s + 1 : NULL;
	if (strncmp(s, "stack+", 6) == 0)
		num = s + 6;
	else if (strncmp(s, "kernarg+", 8) == 0)
		num = s + 8;
	if (!num || !*num || (num[0] == '0' && num[1]))
		return NULL;
	size_t n = strspn(num, "0123456789");
	return num[n] == 0 && n <= 10 ? num : NULL;
}

static bool read_part(const JsonValue *v, Loc *l, JsonProblem *pr)
{
	const char *num = json_cstr(v) ? part_number(v->str) : NULL;
	if (!num)
		return problem(pr, v, "a part must be \"sN\", \"vN\", \"stack+OFFSET\" or \"kernarg+OFFSET\"");
	unsigned long long n = strtoull(num, NULL, 10);
	LocKind kind = strncmp(v->str, "stack+", 6) == 0 ? LOC_STACK
		       : v->str[0] == 'k'                ? LOC_KERNARG
		       : v->str[0] == 'v'                ? LOC_VGPR
							 : LOC_SGPR;
	bool mem = kind == LOC_STACK || kind == LOC_KERNARG;
	if (n > (mem ? UINT32_MAX : UINT16_MAX))
		return problem(pr, v, mem ? "an offset must be below 4294967296" : "a register number must be below 65536");
	*l = (Loc){ .kind = (uint8_t)kind, .reg = mem ? 0 : (uint16_t)n, .offset = mem ? (uint32_t)n : 0, .size = 0 };
	return true;
}

static bool check_slot_sizes(const JsonValue *sizes, const JsonValue *parts, JsonProblem *pr)
{
	if (sizes->kind != JSON_ARRAY || sizes->count != parts->count)
		return problem(pr, sizes, "\"slot_sizes\" must be an array as long as \"parts\"");
	const JsonValue *p = parts->first;
	for (const JsonValue *s = sizes->first; s; s = s->next, p = p->next) {
		uint32_t size;
		if (!json_u32(s, &size))
			return problem(pr, s, "a slot size must be an integer from 0 to 4294967295");
		if (size && !is_stack(p->str))
			return problem(pr, s, "the slot size of a register part must be 0");
	}
	return true;
}

/* The optional "reprs": as long as "parts", each a Repr name ("" not stated). */
static bool check_reprs(const JsonValue *reprs, const JsonValue *parts, JsonProblem *pr)
{
	if (reprs->kind != JSON_ARRAY || reprs->count != parts->count)
		return problem(pr, reprs, "\"reprs\" must be an array as long as \"parts\"");
	for (const JsonValue *r = reprs->first; r; r = r->next)
		if (!json_cstr(r) || repr_find(r->str) == REPR_COUNT) {
			char names[160];
			size_t n = 0;
			for (unsigned k = 0; k < REPR_COUNT && n < sizeof names; k++)
				n += (size_t)snprintf(names + n, sizeof names - n, "%s\"%s\"", k ? ", " : "", repr_names[k].name);
			return problem(pr, r, "a representation must be one of %s", names);
		}
	return true;
}

/* "parts" and the optional "slot_sizes" of an argument or a return, into
 * *r at the end of p's parts (keep) or only checked. */
static bool read_parts(const JsonValue *holder, bool keep, Placement *p, PartRange *r, JsonProblem *pr)
{
	const JsonValue *parts = json_get(holder, "parts"), *sizes = json_get(holder, "slot_sizes");
	*r = (PartRange){ (uint16_t)p->nlocs, 0 };
	if (!parts)
		return problem(pr, holder, "missing \"parts\"");
	if (parts->kind != JSON_ARRAY)
		return problem(pr, parts, "\"parts\" must be an array");
	for (const JsonValue *v = parts->first; v; v = v->next) {
		Loc l;
		if (!read_part(v, &l, pr))
			return false;
		if (!keep)
			continue;
		if (p->nlocs == PLACE_MAX_PARTS)
			return problem(pr, v, "more than %d parts", PLACE_MAX_PARTS);
		p->locs[p->nlocs++] = l;
		r->count++;
	}
	if (sizes && !check_slot_sizes(sizes, parts, pr))
		return false;
	const JsonValue *reprs = json_get(holder, "reprs");
	if (reprs && !check_reprs(reprs, parts, pr))
		return false;
	unsigned k = r->first;
	for (const JsonValue *s = keep && sizes ? sizes->first : NULL; s; s = s->next)
		json_u32(s, &p->locs[k++].size);
	k = r->first;
	for (const JsonValue *v = keep && reprs ? reprs->first : NULL; v; v = v->next)
		p->locs[k++].repr = (uint8_t)repr_find(v->str);
	return true;
}

/* ---- arguments and the return -------------------------------------------------------- */

static bool read_arg(const JsonValue *arg, Placement *p, JsonProblem *pr)
{
	unsigned i = p->nargs;
	if (arg->kind != JSON_OBJECT)
		return problem(pr, arg, "an argument must be an object");
	if (!check_string(arg, "type", false, pr) || !check_string(arg, "byval", false, pr) || !check_bool(arg, "inreg", pr))
		return false;
	if (i == SIG_MAX_PARAMS)
		return problem(pr, arg, "more than %d arguments", SIG_MAX_PARAMS);
	if (!read_parts(arg, true, p, &p->args[i], pr))
		return false;
	if (flag(arg, "unused"))
		p->unused[i / 64] |= UINT64_C(1) << (i % 64);
	p->nargs++;
	return true;
}

/* A demoted return's pointer; its parts (there should be none) are only checked. */
static bool read_ret(const JsonValue *owner, bool required, Placement *p, JsonProblem *pr)
{
	const JsonValue *ret = json_get(owner, "ret"), *sret = ret ? json_get(ret, "sret") : NULL;
	if (!ret)
		return !required || problem(pr, owner, "missing \"ret\"");
	if (ret->kind != JSON_OBJECT)
		return problem(pr, ret, "\"ret\" must be an object");
	if (sret && !read_part(sret, &p->sret, pr))
		return false;
	p->ret_demoted = sret != NULL;
	return check_string(ret, "type", false, pr) && read_parts(ret, !sret, p, &p->ret, pr);
}

/* "args", "ret" and "grouped" of a function or of a call site. */
static bool read_placement(const JsonValue *owner, bool ret_required, Placement *p, JsonProblem *pr)
{
	const JsonValue *args = json_get(owner, "args");
	if (!args)
		return problem(pr, owner, "missing \"args\"");
	if (args->kind != JSON_ARRAY)
		return problem(pr, args, "\"args\" must be an array");
	for (const JsonValue *a = args->first; a; a = a->next)
		if (!read_arg(a, p, pr))
			return false;
	return read_ret(owner, ret_required, p, pr) && check_bool(owner, "grouped", pr);
}

/* ---- the entry point's keys ---------------------------------------------------------- */

/* obj's key as an integer up to max, when present. */
static bool read_uint(const JsonValue *obj, const char *key, uint32_t max, bool *present, uint32_t *out,
		      JsonProblem *pr)
{
	const JsonValue *v = json_get(obj, key);
	*present = v != NULL;
	*out = 0;
	if (v && (!json_u32(v, out) || *out > max))
		return problem(pr, v, "\"%s\" must be an integer from 0 to %u", key, (unsigned)max);
	return true;
}

/* "sN", or "s[N:N+1]" for a pair: the first SGPR. */
static bool read_sgpr(const JsonValue *v, bool pair, int16_t *out)
{
	if (!json_cstr(v) || v->str[0] != 's')
		return false;
	const char *num = v->str + (pair ? 2 : 1);
	if ((pair && v->str[1] != '[') || *num < '0' || *num > '9' || strspn(num, "0123456789") > 5)
		return false;
	unsigned long n = strtoul(num, NULL, 10);
	char want[32];
	if (pair)
		snprintf(want, sizeof want, "s[%lu:%lu]", n, n + 1);
	else
		snprintf(want, sizeof want, "s%lu", n);
	if (n >= INT16_MAX || strcmp(v->str, want) != 0)
		return false;
	*out = (int16_t)n;
	return true;
}

/* "system_sgprs":{"implicit_buffer_ptr":"s[0:1]","scratch_wave_offset":"s3"}. */
static bool read_sys_sgprs(const JsonValue *fn, Placement *p, JsonProblem *pr)
{
	const JsonValue *sys = json_get(fn, "system_sgprs");
	if (!sys)
		return true;
	if (sys->kind != JSON_OBJECT)
		return problem(pr, sys, "\"system_sgprs\" must be an object");
	const JsonValue *ibp = json_get(sys, "implicit_buffer_ptr"), *wave = json_get(sys, "scratch_wave_offset");
	if (ibp && !read_sgpr(ibp, true, &p->implicit_buffer_ptr))
		return problem(pr, ibp, "\"implicit_buffer_ptr\" must be an SGPR pair, as in \"s[0:1]\"");
	if (wave && !read_sgpr(wave, false, &p->scratch_wave_offset))
		return problem(pr, wave, "\"scratch_wave_offset\" must be one SGPR, as in \"s3\"");
	p->sys_sgprs = true;
	p->scratch = wave != NULL;
	return true;
}

/* The UserSgpr field a member of "user_sgprs" names, USGPR_COUNT for none. */
static unsigned field_of(const JsonValue *member)
{
	unsigned i = 0;
	while (i < USGPR_COUNT &&
	       (strlen(user_sgpr_names[i]) != member->key_len || memcmp(user_sgpr_names[i], member->key, member->key_len)))
		i++;
	return i;
}

/* "user_sgprs":{NAME:RANGE,...}: the enabled fields, each at the SGPRs the
 * hardware order gives it. */
static bool read_user_fields(const JsonValue *fields, UserSgprs *u, JsonProblem *pr)
{
	if (fields->kind != JSON_OBJECT)
		return problem(pr, fields, "\"user_sgprs\" must be an object");
	for (const JsonValue *m = fields->first; m; m = m->next) {
		unsigned i = field_of(m);
		if (i == USGPR_COUNT)
			return problem(pr, m, "\"user_sgprs\" has no field \"%.*s\"", (int)(m->key_len < 40 ? m->key_len : 40), m->key);
		u->enabled |= (uint8_t)(1u << i);
	}
	for (const JsonValue *m = fields->first; m; m = m->next) {
		unsigned i = field_of(m);
		char want[32];
		RegRange r = { LOC_SGPR, (uint16_t)user_sgpr_first(u, i), user_sgpr_sizes[i] };
		regrange_print(&r, want, sizeof want);
		if (!json_cstr(m) || strcmp(m->str, want) != 0)
			return problem(pr, m, "\"%s\" must be \"%s\", after the enabled fields before it", user_sgpr_names[i], want);
	}
	return true;
}

/* The user SGPRs of a kernel: "user_sgprs", "user_sgpr_count",
 * "kernarg_preload_length" and, when that is not 0, "kernarg_preload_offset"
 * come together. */
static bool read_user_sgprs(const JsonValue *fn, Placement *p, JsonProblem *pr)
{
	static const char *const keys[] = { "user_sgpr_count", "kernarg_preload_length", "kernarg_preload_offset" };
	const JsonValue *fields = json_get(fn, "user_sgprs");
	uint32_t v[3];
	bool present[3];
	for (unsigned k = 0; k < 3; k++) {
		if (!read_uint(fn, keys[k], UINT8_MAX, &present[k], &v[k], pr))
			return false;
		if (present[k] && !fields)
			return problem(pr, fn, "\"%s\" without \"user_sgprs\"", keys[k]);
	}
	if (!fields)
		return true;
	if (!present[0] || !present[1] || present[2] != (v[1] != 0))
		return problem(pr, fields, "\"user_sgprs\" wants \"user_sgpr_count\", \"kernarg_preload_length\" and, "
					   "for preloaded arguments, \"kernarg_preload_offset\"");
	p->user = (UserSgprs){ .known = true, .count = (uint8_t)v[0], .preload_length = (uint8_t)v[1],
			       .preload_offset = (uint8_t)v[2] };
	return read_user_fields(fields, &p->user, pr);
}

/* psInputs (amdgpu_ps), the explicit kernarg size (amdgpu_kernel), system
 * and user SGPRs. */
static bool read_entry(const JsonValue *fn, Placement *p, JsonProblem *pr)
{
	uint32_t addr, enable, size;
	bool has_addr, has_enable, has_size;
	if (!read_uint(fn, "ps_input_addr", UINT16_MAX, &has_addr, &addr, pr) ||
	    !read_uint(fn, "ps_input_enable", UINT16_MAX, &has_enable, &enable, pr) ||
	    !read_uint(fn, "kernarg_size", UINT32_MAX, &has_size, &size, pr))
		return false;
	if (has_addr != has_enable)
		return problem(pr, fn, "\"ps_input_addr\" and \"ps_input_enable\" come together");
	p->ps_inputs = has_addr;
	p->ps_input_addr = (uint16_t)addr;
	p->ps_input_enable = (uint16_t)enable;
	p->kernarg = has_size;
	p->kernarg_size = size;
	return read_sys_sgprs(fn, p, pr) && read_user_sgprs(fn, p, pr);
}

/* ---- lines ------------------------------------------------------------------------------ */

bool placement_read(const JsonValue *owner, bool call, Placement *p, JsonProblem *pr)
{
	place_init(p);
	const JsonValue *error = call ? NULL : json_get(owner, "error");
	if (error) {
		if (!check_string(owner, "error", true, pr))
			return false;
		p->ok = false;
		snprintf(p->error, sizeof p->error, "%s", error->str);
		return true;
	}
	return read_placement(owner, !call, p, pr) && (call || read_entry(owner, p, pr));
}

static bool check_call(const JsonValue *call, Placement *scratch, JsonProblem *pr)
{
	if (call->kind != JSON_OBJECT)
		return problem(pr, call, "a call must be an object");
	const JsonValue *implicit = json_get(call, "implicit");
	if (implicit && implicit->kind != JSON_ARRAY)
		return problem(pr, implicit, "\"implicit\" must be an array of strings");
	for (const JsonValue *r = implicit ? implicit->first : NULL; r; r = r->next)
		if (!json_cstr(r))
			return problem(pr, r, "\"implicit\" must be an array of strings");
	return check_string(call, "callee", true, pr) && placement_read(call, true, scratch, pr);
}

bool placement_line_check(const JsonValue *fn, Placement *scratch, JsonProblem *pr)
{
	if (fn->kind != JSON_OBJECT)
		return problem(pr, fn, "a line must hold one JSON object");
	if (!check_string(fn, "name", true, pr))
		return false;
	if (json_get(fn, "error"))
		return placement_read(fn, false, scratch, pr);
	const JsonValue *calls = json_get(fn, "calls");
	if (calls && calls->kind != JSON_ARRAY)
		return problem(pr, calls, "\"calls\" must be an array");
	for (const JsonValue *c = calls ? calls->first : NULL; c; c = c->next)
		if (!check_call(c, scratch, pr))
			return false;
	return check_string(fn, "cc", false, pr) && placement_read(fn, false, scratch, pr);
}

void placement_merge_args(Placement *p)
{
	unsigned n = 0;
	for (unsigned i = 0; i < p->nargs; i++)
		n += p->args[i].count;
	p->args[0] = (PartRange){ 0, (uint16_t)n };
	p->nargs = 1;
	memset(p->unused, 0, sizeof p->unused);
}

void place_malformed_json(Buf *b, const SigError *err)
{
	char msg[320], quoted[6 * sizeof msg + 3];
	snprintf(msg, sizeof msg, "malformed signature at line %u, column %u: %s", err->line, err->col, err->msg);
	json_quote(err->function, quoted, sizeof quoted);
	buf_printf(b, "{\"name\":%s,\"line\":%u,", quoted, err->line);
	json_quote(msg, quoted, sizeof quoted);
	buf_printf(b, "\"error\":%s}\n", quoted);
}
