/* Layout files: parse, validate, print. Validation rejects what would make
 * a calling convention impossible: overlapping roles, registers past s105,
 * a role of the wrong width or alignment, a list that names a register
 * twice, and an argument list through a register its convention always
 * reserves (pool_may_cross below). Errors name the line of the key. */
#include "layout.h"

#include <stdio.h>
#include <string.h>

const char *const layout_role_names[ROLE_COUNT] = {
	"srd", "return_address", "stack_pointer", "frame_pointer", "base_pointer",
	"dispatch_ptr", "queue_ptr", "implicitarg_ptr", "dispatch_id",
	"workgroup_id_x", "workgroup_id_y", "workgroup_id_z", "lds_kernel_id",
};

const char *const layout_pool_names[POOL_COUNT] = {
	"func_sgpr_args", "gfx_sgpr_args",
};

/* Width each role must have, and the alignment of its first register. */
static const struct { uint8_t width, align; } role_shape[ROLE_COUNT] = {
	[ROLE_SRD] = { 4, 4 },          [ROLE_RETURN_ADDRESS] = { 2, 2 },
	[ROLE_STACK_PTR] = { 1, 1 },    [ROLE_FRAME_PTR] = { 1, 1 },
	[ROLE_BASE_PTR] = { 1, 1 },     [ROLE_DISPATCH_PTR] = { 2, 2 },
	[ROLE_QUEUE_PTR] = { 2, 2 },    [ROLE_IMPLICITARG_PTR] = { 2, 2 },
	[ROLE_DISPATCH_ID] = { 2, 2 },  [ROLE_WORKGROUP_ID_X] = { 1, 1 },
	[ROLE_WORKGROUP_ID_Y] = { 1, 1 }, [ROLE_WORKGROUP_ID_Z] = { 1, 1 },
	[ROLE_LDS_KERNEL_ID] = { 1, 1 },
};

typedef struct {
	const char *p, *end, *line_start;
	uint32_t line;
	LayoutError *err;
} Cursor;

static bool fail(Cursor *c, const char *at, const char *fmt, const char *detail)
{
	c->err->line = c->line;
	c->err->col = (uint32_t)(at - c->line_start) + 1;
	snprintf(c->err->msg, sizeof c->err->msg, fmt, detail);
	return false;
}

static void skip_blanks(Cursor *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r'))
		c->p++;
}

static bool read_number(Cursor *c, unsigned *out)
{
	if (c->p >= c->end || *c->p < '0' || *c->p > '9')
		return false;
	unsigned v = 0;
	while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
		v = v * 10 + (unsigned)(*c->p++ - '0');
		if (v > 100000)
			return false;
	}
	*out = v;
	return true;
}

/* sN or s[A:B] */
static bool read_range(Cursor *c, RegRange *r)
{
	const char *at = c->p;
	unsigned a, b;
	if (c->p >= c->end || *c->p != 's')
		return fail(c, at, "expected an SGPR such as s32 or s[0:3]%s", "");
	c->p++;
	if (c->p < c->end && *c->p == '[') {
		c->p++;
		if (!read_number(c, &a) || c->p >= c->end || *c->p++ != ':' || !read_number(c, &b) ||
		    c->p >= c->end || *c->p++ != ']')
			return fail(c, at, "malformed register range, expected s[FIRST:LAST]%s", "");
	} else if (read_number(c, &a)) {
		b = a;
	} else {
		return fail(c, at, "expected an SGPR number after 's'%s", "");
	}
	if (b < a)
		return fail(c, at, "register range runs backwards%s", "");
	if (b >= SGPR_COUNT)
		return fail(c, at, "register out of range: the last SGPR is s105%s", "");
	r->kind = LOC_SGPR;
	r->first = (uint16_t)a;
	r->count = (uint16_t)(b - a + 1);
	return true;
}

static bool at_line_end(Cursor *c)
{
	skip_blanks(c);
	return c->p >= c->end || *c->p == '\n' || *c->p == '#';
}

static bool read_list(Cursor *c, RegList *l)
{
	l->n = 0;
	if (c->end - c->p >= 4 && memcmp(c->p, "none", 4) == 0) {
		c->p += 4;
		return true;
	}
	for (;;) {
		if (l->n == LAYOUT_MAX_RANGES)
			return fail(c, c->p, "too many ranges in one list (at most 8)%s", "");
		if (!read_range(c, &l->r[l->n++]))
			return false;
		skip_blanks(c);
		if (c->p < c->end && *c->p == ',') {
			c->p++;
			skip_blanks(c);
			continue;
		}
		return true;
	}
}

static bool ranges_overlap(const RegRange *a, const RegRange *b)
{
	return a->count && b->count && a->kind == b->kind && a->first < b->first + b->count &&
	       b->first < a->first + a->count;
}

/* The roles an argument list may run through: those some functions of its
 * convention do not have, which the model reserves only where they exist
 * (core/cc.c). A default-convention function has the scratch descriptor
 * only without architected flat scratch (CC_AMDGPU_Func starts at SGPR0
 * for gfx11), and each implicit input only without its "amdgpu-no-*"
 * attribute; amdgpu_gfx has no implicit inputs, but always reserves the
 * descriptor (CC_SI_Gfx starts at SGPR4). No function is without its
 * return address or its stack, frame and base pointers. */
#define IMPLICIT_ROLES (((1u << ROLE_COUNT) - 1) & ~((1u << ROLE_FIXED_COUNT) - 1))
static const uint32_t pool_may_cross[POOL_COUNT] = {
	[POOL_FUNC_SGPR_ARGS] = 1u << ROLE_SRD | IMPLICIT_ROLES,
	[POOL_GFX_SGPR_ARGS] = IMPLICIT_ROLES,
};

/* Line of each key, for errors found after the whole file is read. */
typedef struct {
	uint32_t role[ROLE_COUNT], pool[POOL_COUNT];
} KeyLines;

static bool validate_fail(LayoutError *err, uint32_t line)
{
	err->line = line;
	err->col = 1;
	return false;
}

static bool validate(const Layout *l, const KeyLines *at, LayoutError *err)
{
	for (int i = 0; i < ROLE_COUNT; i++) {
		const RegRange *r = &l->role[i];
		if (r->count != role_shape[i].width) {
			snprintf(err->msg, sizeof err->msg, "%s must be %u SGPR%s wide", layout_role_names[i],
				 role_shape[i].width, role_shape[i].width > 1 ? "s" : "");
			return validate_fail(err, at->role[i]);
		}
		if (r->first % role_shape[i].align) {
			snprintf(err->msg, sizeof err->msg, "%s must start at a multiple of %u (s%u is misaligned)",
				 layout_role_names[i], role_shape[i].align, r->first);
			return validate_fail(err, at->role[i]);
		}
		for (int j = 0; j < i; j++)
			if (ranges_overlap(r, &l->role[j])) {
				snprintf(err->msg, sizeof err->msg, "%s overlaps %s", layout_role_names[i],
					 layout_role_names[j]);
				return validate_fail(err, at->role[i]);
			}
	}
	for (int p = 0; p < POOL_COUNT; p++) {
		const RegList *list = &l->pool[p];
		for (unsigned k = 0; k < list->n; k++) {
			for (unsigned m = 0; m < k; m++)
				if (ranges_overlap(&list->r[k], &list->r[m])) {
					snprintf(err->msg, sizeof err->msg, "%s lists a register twice", layout_pool_names[p]);
					return validate_fail(err, at->pool[p]);
				}
			for (int i = 0; i < ROLE_COUNT; i++)
				if (!(pool_may_cross[p] >> i & 1) && ranges_overlap(&list->r[k], &l->role[i])) {
					char reg[16];
					regrange_print(&l->role[i], reg, sizeof reg);
					snprintf(err->msg, sizeof err->msg, "%s runs through %s (%s), which every function of its "
						 "convention reserves", layout_pool_names[p], layout_role_names[i], reg);
					return validate_fail(err, at->pool[p]);
				}
		}
	}
	return true;
}

static int find_key(const char *k, size_t n, const char *const *names, int count)
{
	for (int i = 0; i < count; i++)
		if (strlen(names[i]) == n && memcmp(names[i], k, n) == 0)
			return i;
	return -1;
}

bool layout_parse(const char *text, size_t len, Layout *out, LayoutError *err)
{
	Cursor c = { text, text + len, text, 1, err };
	bool seen_role[ROLE_COUNT] = { 0 }, seen_pool[POOL_COUNT] = { 0 }, seen_name = false;
	KeyLines at = { { 0 }, { 0 } };
	memset(out, 0, sizeof *out);
	err->line = err->col = 0;
	err->msg[0] = 0;
	while (c.p < c.end) {
		skip_blanks(&c);
		if (c.p < c.end && *c.p != '\n' && *c.p != '#') {
			const char *key = c.p;
			while (c.p < c.end && (*c.p == '_' || (*c.p >= 'a' && *c.p <= 'z') || (*c.p >= '0' && *c.p <= '9')))
				c.p++;
			size_t klen = (size_t)(c.p - key);
			skip_blanks(&c);
			if (klen == 0 || c.p >= c.end || *c.p != '=')
				return fail(&c, c.p, "expected 'key = value'%s", "");
			c.p++;
			skip_blanks(&c);
			int role = find_key(key, klen, layout_role_names, ROLE_COUNT);
			int pool = find_key(key, klen, layout_pool_names, POOL_COUNT);
			if (klen == 4 && memcmp(key, "name", 4) == 0) {
				const char *v = c.p;
				while (c.p < c.end && *c.p != '\n' && *c.p != '#' && *c.p != ' ' && *c.p != '\t' && *c.p != '\r')
					c.p++;
				size_t n = (size_t)(c.p - v);
				if (n == 0 || n >= LAYOUT_NAME_MAX)
					return fail(&c, v, "layout name must be 1 to 63 characters%s", "");
				/* The name is printed and matched as a C string: a NUL or
				 * another control byte would cut or garble it. */
				for (size_t i = 0; i < n; i++)
					if ((unsigned char)v[i] < ' ' || v[i] == 0x7f)
						return fail(&c, v + i, "layout name contains a control character%s", "");
				if (seen_name)
					return fail(&c, key, "name given twice%s", "");
				memcpy(out->name, v, n);
				seen_name = true;
			} else if (role >= 0) {
				if (seen_role[role])
					return fail(&c, key, "%s given twice", layout_role_names[role]);
				seen_role[role] = true;
				at.role[role] = c.line;
				if (!read_range(&c, &out->role[role]))
					return false;
			} else if (pool >= 0) {
				if (seen_pool[pool])
					return fail(&c, key, "%s given twice", layout_pool_names[pool]);
				seen_pool[pool] = true;
				at.pool[pool] = c.line;
				if (!read_list(&c, &out->pool[pool]))
					return false;
			} else {
				char k[64];
				snprintf(k, sizeof k, "%.*s", (int)(klen < 60 ? klen : 60), key);
				return fail(&c, key, "unknown key '%s'", k);
			}
			if (!at_line_end(&c))
				return fail(&c, c.p, "unexpected text after the value%s", "");
		}
		while (c.p < c.end && *c.p != '\n')
			c.p++;
		if (c.p < c.end) {
			c.p++;
			c.line++;
			c.line_start = c.p;
		}
	}
	err->line = 0;
	err->col = 0;
	if (!seen_name)
		return snprintf(err->msg, sizeof err->msg, "missing 'name = ...'"), false;
	for (int i = 0; i < ROLE_COUNT; i++)
		if (!seen_role[i])
			return snprintf(err->msg, sizeof err->msg, "missing '%s = ...'", layout_role_names[i]), false;
	for (int i = 0; i < POOL_COUNT; i++)
		if (!seen_pool[i])
			return snprintf(err->msg, sizeof err->msg, "missing '%s = ...'", layout_pool_names[i]), false;
	return validate(out, &at, err);
}

size_t regrange_print(const RegRange *r, char *buf, size_t cap)
{
	char f = r->kind == LOC_VGPR ? 'v' : 's';
	if (r->count == 1)
		return (size_t)snprintf(buf, cap, "%c%u", f, r->first);
	return (size_t)snprintf(buf, cap, "%c[%u:%u]", f, r->first, r->first + r->count - 1);
}

size_t layout_print(const Layout *l, char *buf, size_t cap)
{
	size_t n = 0;
	char tmp[32];
#define OUT(...) (n += (size_t)snprintf(n < cap ? buf + n : NULL, n < cap ? cap - n : 0, __VA_ARGS__))
	OUT("name = %s\n", l->name);
	for (int i = 0; i < ROLE_COUNT; i++) {
		regrange_print(&l->role[i], tmp, sizeof tmp);
		OUT("%s = %s\n", layout_role_names[i], tmp);
	}
	for (int p = 0; p < POOL_COUNT; p++) {
		OUT("%s = ", layout_pool_names[p]);
		if (l->pool[p].n == 0)
			OUT("none");
		for (unsigned k = 0; k < l->pool[p].n; k++) {
			regrange_print(&l->pool[p].r[k], tmp, sizeof tmp);
			OUT("%s%s", k ? ", " : "", tmp);
		}
		OUT("\n");
	}
#undef OUT
	return n;
}
