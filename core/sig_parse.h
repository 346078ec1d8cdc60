/* Internals of the IR header parser shared by core/sig_*.c: the cursor and
 * lexer (sig_lex.c), types and named types (sig_type.c), parameter,
 * function and group attributes (sig_attr.c), and the module and header
 * driver (sig_parse.c). Pure and allocation-free; not part of the public API
 * (sig.h). */
#ifndef GCNABI_SIG_PARSE_H
#define GCNABI_SIG_PARSE_H

#include "sig.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	MAX_DEPTH = 64,              /* nesting of types, named types included */
	MAX_NAMED_TYPES = 512,
	MAX_ATTR_GROUPS = 256,
	FN_KEPT_SPANS = 32,          /* function attributes kept as written per header, its groups' included */
	MAX_EXPANDED_NODES = 8192,   /* a header's types written out as trees */
	MAX_INT_WIDTH = 128,
	MAX_ADDRSPACE = 65535,       /* Type.addrspace is 16 bits */
	MAX_SHOWN = 40,              /* longest token quoted in a message */
	MAX_VALUE_ATTRS = 48,        /* rows of sig_attr.c's parameter attribute table */
};

/* Numbers saturate here, above every limit, so range checks never overflow. */
#define NUMBER_SATURATED UINT64_C(1000000000000000)
#define MAX_ALIGN (UINT64_C(1) << 31)

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A `%name`/`@name` after its sigil: the bytes of a plain name, or the
 * bytes between the quotes of a quoted one (escapes still in place). */
typedef struct {
	size_t pos, len;
	bool quoted;
} Name;

typedef struct {
	uint32_t no_inputs;
	uint16_t wg_min, wg_max; /* wg_max == 0: not given */
	uint16_t ps_init;        /* "InitialPSInputAddr": PS input slots allocated whether used or not */
	uint64_t unused[SIG_MAX_PARAMS / 64]; /* "gcnabi-unused": bit i = parameter i */
	bool scratch;                         /* "gcnabi-scratch" */
	uint32_t body;                        /* bit BodyFeature: its attribute */
	/* The attributes the model does not read: source spans, kept_group
	 * when written inside a group (`word=value`). */
	size_t kept_pos[FN_KEPT_SPANS];
	uint16_t kept_len[FN_KEPT_SPANS];
	bool kept_group[FN_KEPT_SPANS];
	uint8_t nkept;
} FnAttrs;

/* `%name = type BODY`, parsed on demand and memoized per header. */
typedef struct {
	Name name;
	uint32_t hash;
	size_t body_pos;    /* just after `type` */
	bool duplicate;
	size_t dup_pos;     /* the second definition */
	uint32_t busy_gen;  /* header being parsed while the body is expanded */
	uint32_t memo_gen;  /* header that memo belongs to */
	uint32_t failed_gen; /* header in which expanding it as a pointee failed */
	TypeId memo;
} NamedType;

/* `attributes #N = { ... }`, parsed on first use. */
typedef struct {
	uint64_t number;
	size_t body_pos; /* the '{' */
	bool duplicate;
	size_t dup_pos;
	bool cached;
	FnAttrs attrs;
} AttrGroup;

typedef struct {
	NamedType types[MAX_NAMED_TYPES];
	unsigned ntypes;
	bool types_overflow;
	AttrGroup groups[MAX_ATTR_GROUPS];
	unsigned ngroups;
	bool groups_overflow;
} Module;

typedef struct {
	const char *text;
	size_t len, pos;
	Module *mod;      /* NULL when parsing a lone header */
	Sig *sig;
	SigError *err;
	uint32_t gen;     /* headers started so far; tags named-type memos */
	unsigned headers; /* top-level headers met, parsed or not */
	unsigned depth;
	unsigned npending;
	TypeId pending[SIG_MAX_MEMBERS]; /* members of the structs being parsed */
	uint32_t nodes[SIG_MAX_TYPES];   /* expanded size of each type of sig */
	unsigned nodes_done;
	uint64_t expanded;               /* expanded size of the header so far */
	size_t param_at[SIG_MAX_PARAMS]; /* where each parameter of sig starts */
	size_t lc_pos, lc_line_start;    /* line cache for error positions */
	uint32_t lc_line;
} Parser;

/* --- characters (sig_lex.c) ---------------------------------------------- */

static inline int char_at(const Parser *p, size_t i) { return i < p->len ? (unsigned char)p->text[i] : -1; }
static inline int peek(const Parser *p) { return char_at(p, p->pos); }
static inline bool is_digit(int c) { return c >= '0' && c <= '9'; }
static inline bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static inline bool is_word_start(int c) { return is_alpha(c) || c == '_'; }
static inline bool is_word_char(int c) { return is_word_start(c) || is_digit(c); }
static inline bool is_name_char(int c) { return ir_name_char(c); }

size_t space_end(const Parser *p, size_t pos, bool *newline);
bool skip_space(Parser *p);
size_t next_token(const Parser *p);
size_t next_line(const Parser *p, size_t pos);
void locate(Parser *p, size_t pos, uint32_t *line, uint32_t *col);

/* --- tokens (sig_lex.c) -------------------------------------------------- */

size_t word_len_at(const Parser *p, size_t pos);
bool span_is(const Parser *p, size_t pos, size_t n, const char *s);
bool word_at_is(const Parser *p, size_t pos, const char *w);
bool word_in(const Parser *p, size_t pos, size_t n, const char *const *list, size_t count);
bool accept_word(Parser *p, const char *w);
bool accept_char(Parser *p, char c);
bool accept_ellipsis(Parser *p);
bool lex_number(Parser *p, uint64_t *value, size_t *at);
size_t string_end(const Parser *p, size_t open);
bool lex_name_at(const Parser *p, size_t *pos, Name *out);
bool lex_string(Parser *p, Name *s);
size_t decode_name(const char *text, const Name *n, char *buf, size_t cap);
uint32_t name_hash(const char *text, const Name *n);
bool names_equal(const char *text, const Name *a, const Name *b);
size_t utf8_invalid_at(const char *s, size_t n);
size_t text_fault(const Parser *p, const char **what);

/* --- errors (sig_lex.c): each returns false, so `return fail(...)` -------- */

__attribute__((format(printf, 3, 4))) bool fail(Parser *p, size_t pos, const char *fmt, ...);
bool fail_expected(Parser *p, size_t pos, const char *what);

/* Length of a span as printed in a message. */
static inline int shown(size_t n) { return n < MAX_SHOWN ? (int)n : MAX_SHOWN; }

/* --- words (sig_parse.c) ------------------------------------------------- */

/* A type word LLVM has and the model does not (x86_fp80, label, token, ...):
 * refused as a type, and never taken for a misspelt calling convention. */
bool is_unsupported_type_word(const Parser *p, size_t at, size_t n);

/* --- types (sig_type.c) -------------------------------------------------- */

static inline const Type *type_of(const Parser *p, TypeId id) { return sig_type(p->sig, id); }

void collect_named_type(Parser *p);
bool is_scalar_type_word(const Parser *p, size_t at, size_t n);
bool parse_value_type(Parser *p, bool allow_void, TypeId *out);

/* --- attributes (sig_attr.c) --------------------------------------------- */

/* Where each parameter attribute of a list first appeared (offset + 1, 0
 * when absent), by its row in sig_attr.c's table. */
typedef struct {
	size_t at[MAX_VALUE_ATTRS];
} AttrsSeen;

void collect_attr_group(Parser *p);
bool is_toplevel_word(const Parser *p, size_t at, size_t n);
int find_value_attr(const Parser *p, size_t at, size_t n, bool is_return);
bool parse_value_attrs(Parser *p, bool is_return, Param *param, AttrsSeen *seen);
/* The IR verifier's rules for the attributes seen on a value of this type. */
bool verify_value_attrs(Parser *p, const AttrsSeen *seen, TypeId type);
bool parse_fn_attrs(Parser *p, FnAttrs *fa, bool in_group, bool words_across_lines, bool *new_line);
/* Appends source text [from, to) to p->sig's kept attributes (Sig.kept). */
bool keep_text(Parser *p, size_t from, size_t to, bool group_form, uint16_t *off, uint16_t *len);

#endif
