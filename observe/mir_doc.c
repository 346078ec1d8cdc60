/* The YAML side of a MIR file: splitting it into documents (`---` ... `...`),
 * unindenting the embedded IR module, and reading the few top-level keys of
 * a function document the observer needs (name, failedISel, liveins,
 * fixedStack, body). Not a YAML parser: llc's layout is fixed, and anything
 * else is skipped rather than trusted. */
#include "mir_parse.h"

#include <stddef.h>

#include <string.h>

void doc_iter_init(DocIter *it, const char *text, size_t len)
{
	it->base = text;
	it->rest = str_make(text, len);
	it->line = 1;
	it->stray_line = 0;
}

static bool is_doc_start(Str line) { return str_eq(line, "---") || str_starts(line, "--- "); }
static bool is_doc_end(Str line) { return str_eq(line, "...") || str_starts(line, "... "); }

/* Line and column just past the last byte of the text (at its end). */
static void end_position(const DocIter *it, uint32_t *line, uint32_t *col)
{
	const char *end = it->rest.p + it->rest.n;
	const char *start = end;
	while (start > it->base && start[-1] != '\n')
		start--;
	if (start == end) {
		*line = it->line;
		*col = 1;
	} else {
		*line = it->line - 1;
		*col = (uint32_t)(end - start) + 1;
	}
}

bool doc_next(DocIter *it, MirDoc *d)
{
	Str line;
	memset(d, 0, sizeof *d);
	/* Between documents only blank lines and `# RUN:` style comments belong;
	 * anything else (a `---` cut short, say) is remembered as stray. */
	for (;;) {
		if (!str_next_line(&it->rest, &line))
			return false;
		it->line++;
		if (is_doc_start(line))
			break;
		Str t = str_trim(line);
		if (t.n && t.p[0] != '#' && !it->stray_line)
			it->stray_line = it->line - 1;
	}
	d->line = it->line - 1;
	d->is_ir = str_starts(str_trim(str_skip(line, 3)), "|");
	const char *start = it->rest.p;
	for (;;) {
		Str before = it->rest;
		if (!str_next_line(&it->rest, &line)) {
			d->text = str_make(start, (size_t)(it->rest.p - start));
			end_position(it, &d->end_line, &d->end_col);
			return true;
		}
		it->line++;
		if (is_doc_end(line) || is_doc_start(line)) {
			d->text = str_make(start, (size_t)(line.p - start));
			d->complete = true;
			if (is_doc_start(line)) {
				/* The next document begins: leave its `---` for the next call. */
				it->rest = before;
				it->line--;
			}
			return true;
		}
	}
}

static size_t indent_of(Str line)
{
	size_t i = 0;
	while (i < line.n && line.p[i] == ' ')
		i++;
	return i;
}

size_t doc_ir_text(const MirDoc *d, char *buf)
{
	Str rest = d->text, line;
	size_t indent = 0, n = 0;
	bool indent_known = false;
	while (str_next_line(&rest, &line)) {
		size_t ind = indent_of(line);
		if (!indent_known && ind < line.n) {
			indent = ind;
			indent_known = true;
		}
		size_t strip = ind < indent ? ind : indent;
		memcpy(buf + n, line.p + strip, line.n - strip);
		n += line.n - strip;
		buf[n++] = '\n';
	}
	buf[n] = 0;
	return n;
}

/* A YAML scalar: 'single', "double" or plain. */
static Str yaml_scalar(Str v)
{
	v = str_trim(v);
	if (v.n && (v.p[0] == '\'' || v.p[0] == '"')) {
		char q = v.p[0];
		for (size_t i = 1; i < v.n; i++)
			if (v.p[i] == q)
				return str_make(v.p + 1, i - 1);
		return str_make(v.p + 1, v.n - 1);
	}
	for (size_t i = 0; i + 1 < v.n; i++)
		if (v.p[i] == ' ' && v.p[i + 1] == '#')
			return str_trim(str_make(v.p, i));
	return v;
}

/* The value of `key:` inside a flow mapping `{ a: 1, key: 2, ... }`. */
static bool flow_value(Str entry, const char *key, Str *value)
{
	size_t kn = strlen(key);
	for (size_t i = 0; i + kn + 1 < entry.n; i++) {
		char before = i ? entry.p[i - 1] : ' ';
		if ((before == '{' || before == ',' || before == ' ' || before == '\n') &&
		    memcmp(entry.p + i, key, kn) == 0 && entry.p[i + kn] == ':') {
			size_t j = i + kn + 1, k = j;
			while (k < entry.n && entry.p[k] != ',' && entry.p[k] != '}' && entry.p[k] != '\n')
				k++;
			*value = yaml_scalar(str_make(entry.p + j, k - j));
			return true;
		}
	}
	return false;
}

static void add_livein(FuncHeader *h, Str entry)
{
	Str v;
	RegRange r;
	if (h->nliveins < MIR_MAX_LIVEINS && flow_value(entry, "reg", &v) && parse_physreg(v, &r))
		h->liveins[h->nliveins++] = r;
}

/* Incoming argument objects have offsets >= 0; keep them sorted by offset. */
static void add_fixed(FuncHeader *h, Str entry)
{
	Str v;
	FixedObj o = {0, 0, 0};
	if (!flow_value(entry, "id", &v) || !str_uint(v, UINT32_MAX, &o.id, NULL) ||
	    !flow_value(entry, "offset", &v) || !str_uint(v, UINT32_MAX, &o.offset, NULL))
		return;
	if (h->nfixed >= MIR_MAX_FIXED) {
		h->fixed_overflow = true;
		return;
	}
	if (flow_value(entry, "size", &v))
		str_uint(v, UINT32_MAX, &o.size, NULL);
	uint16_t i = h->nfixed++;
	while (i > 0 && h->fixed[i - 1].offset > o.offset) {
		h->fixed[i] = h->fixed[i - 1];
		i--;
	}
	h->fixed[i] = o;
}

typedef enum { SEC_NONE, SEC_LIVEINS, SEC_FIXED } Section;

static long brace_delta(Str line)
{
	long d = 0;
	for (size_t i = 0; i < line.n; i++)
		d += (line.p[i] == '{') - (line.p[i] == '}');
	return d;
}

/* "{ reg: '$sgpr5' }" or "{ reg: '$sgpr0_sgpr1' }": 5, 0; -1 otherwise. */
static int16_t arg_sgpr(Str v)
{
	static const char key[] = "'$sgpr";
	for (size_t i = 0; i + sizeof key - 1 < v.n; i++)
		if (memcmp(v.p + i, key, sizeof key - 1) == 0) {
			int n = 0, digits = 0;
			for (size_t j = i + sizeof key - 1; j < v.n && v.p[j] >= '0' && v.p[j] <= '9' && digits < 4; j++, digits++)
				n = n * 10 + (v.p[j] - '0');
			return digits ? (int16_t)n : -1;
		}
	return -1;
}

void func_header_read(const MirDoc *d, FuncHeader *h)
{
	/* Everything but the arrays, which are filled up to their counts. */
	memset(h, 0, offsetof(FuncHeader, liveins));
	h->nfixed = 0;
	h->fixed_overflow = false;
	h->has_ps_input_addr = h->has_ps_input_enable = false;
	h->ps_input_addr = h->ps_input_enable = 0;
	h->wave_offset_sgpr = h->implicit_buffer_sgpr = -1;
	h->bad_reg_line = 0;
	Str rest = d->text, line;
	uint32_t lineno = d->line;
	Section sec = SEC_NONE;
	const char *entry = NULL; /* start of a flow mapping spanning lines */
	long depth = 0;
	while (str_next_line(&rest, &line)) {
		lineno++;
		if (line.n == 0 || line.p[0] == '#')
			continue;
		if (!h->bad_reg_line && bad_reg_name(line, h->bad_reg, sizeof h->bad_reg))
			h->bad_reg_line = lineno;
		if (line.p[0] != ' ') {
			entry = NULL;
			sec = SEC_NONE;
			const char *colon = memchr(line.p, ':', line.n);
			if (!colon)
				continue;
			Str key = str_make(line.p, (size_t)(colon - line.p));
			Str value = str_skip(line, key.n + 1);
			if (str_eq(key, "name")) {
				str_copy(yaml_scalar(value), h->name, sizeof h->name);
				h->has_name = true;
			} else if (str_eq(key, "failedISel")) {
				h->failed_isel = str_eq(yaml_scalar(value), "true");
			} else if (str_eq(key, "legalized")) {
				h->legalized = str_eq(yaml_scalar(value), "true");
			} else if (str_eq(key, "liveins")) {
				sec = SEC_LIVEINS;
			} else if (str_eq(key, "fixedStack")) {
				sec = SEC_FIXED;
			} else if (str_eq(key, "body") && str_starts(str_trim(value), "|")) {
				/* The block scalar: every following line that is blank or indented. */
				h->has_body = true;
				h->body_line = lineno + 1;
				const char *start = rest.p;
				Str peek = rest, l;
				while (str_next_line(&peek, &l) && (l.n == 0 || l.p[0] == ' '))
					rest = peek, lineno++;
				h->body = str_make(start, (size_t)(rest.p - start));
			}
			continue;
		}
		Str t = str_trim(line);
		if (sec == SEC_NONE) {
			/* Two keys of the indented machineFunctionInfo mapping. */
			if (str_starts(t, "psInputAddr:"))
				h->has_ps_input_addr = str_uint(yaml_scalar(str_skip(t, 12)), UINT16_MAX, &h->ps_input_addr, NULL);
			else if (str_starts(t, "psInputEnable:"))
				h->has_ps_input_enable =
					str_uint(yaml_scalar(str_skip(t, 14)), UINT16_MAX, &h->ps_input_enable, NULL);
			else if (str_starts(t, "privateSegmentWaveByteOffset:"))
				h->wave_offset_sgpr = arg_sgpr(str_skip(t, 29));
			else if (str_starts(t, "implicitBufferPtr:"))
				h->implicit_buffer_sgpr = arg_sgpr(str_skip(t, 18));
			continue;
		}
		if (!entry) {
			if (!str_starts(t, "- {"))
				continue;
			entry = t.p;
			depth = 0;
		}
		depth += brace_delta(line);
		if (depth > 0)
			continue;
		Str whole = str_make(entry, (size_t)(line.p + line.n - entry));
		entry = NULL;
		if (sec == SEC_LIVEINS)
			add_livein(h, whole);
		else
			add_fixed(h, whole);
	}
}
