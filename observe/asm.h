/* The assembly observer: llc's final code (`llc -filetype=asm`, what the
 * other compilers of a user print alike), function by function and
 * instruction by instruction, after register allocation, prologue and
 * epilogue insertion and the late passes. Pure: text in, records out
 * through a callback, no I/O. What an instruction does is the checker's
 * business (final/); this reads what it names. */
#ifndef GCNABI_ASM_H
#define GCNABI_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "contract.h"

enum { ASM_NAME_MAX = 128, ASM_MNEMONIC_MAX = 40, ASM_MAX_OPS = 8, ASM_OP_TEXT = 48 };

typedef enum {
	AOP_REG,   /* a run of registers of one file: s5, v[0:3], a7 */
	AOP_SPECIAL, /* a named register: exec, exec_lo, vcc, m0, scc, flat_scratch, ... (text) */
	AOP_IMM,   /* an integer: 16, -1, 0x400 */
	AOP_OFF,   /* `off`: no address register (buffer and scratch instructions) */
	AOP_OTHER, /* a symbol, an expression, a float: its text */
} AsmOpKind;

typedef struct {
	uint8_t kind;  /* AsmOpKind */
	uint8_t file;  /* RegFile, AOP_REG */
	uint16_t first, count;
	int64_t imm;   /* AOP_IMM */
	char text[ASM_OP_TEXT]; /* as written, cut to fit */
} AsmOp;

typedef struct {
	char mnemonic[ASM_MNEMONIC_MAX];
	uint8_t nops;
	AsmOp op[ASM_MAX_OPS];
	bool has_offset;  /* an offset:N modifier */
	int64_t offset;
	uint32_t line;
	int32_t label;    /* >= 0: the instruction follows label number `label` (AsmFunction.labels) */
} AsmInstr;

typedef struct {
	char name[ASM_NAME_MAX];
	uint32_t line;            /* of its label */
	AsmInstr *instrs;         /* valid during the callback only */
	uint32_t ninstrs;
	/* Local labels (.LBB0_1), each with the index of the instruction it
	 * precedes; valid during the callback only. */
	char (*labels)[ASM_NAME_MAX];
	uint32_t *label_at;
	uint32_t nlabels;
	/* The registers the instructions name (read or written). */
	RegSet named;
	bool failed;              /* out of memory, or an operand the reader cannot read */
	char error[160];
} AsmFunction;

typedef int (*AsmSink)(void *ctx, const AsmFunction *f);

/* Read the functions of an assembly text (those `.type NAME,@function`
 * declares), in order, and give each to sink; a non-zero return from sink
 * stops. Returns the number of functions read. */
unsigned asm_read(const char *text, size_t len, AsmSink sink, void *ctx);

/* One instruction's text (as llc prints it), as the reader reads it;
 * false when it is none. */
/* Whether llc's assembly is whole: it reaches the `.section
 * ".note.GNU-stack"` line every llc (14 to 22, every amdgcn triple) prints
 * after its last function. Output without it was cut short (a full disk, a
 * writer killed from outside); hand-written assembly need not have it. */
bool asm_whole(const char *text, size_t len);

bool asm_parse_line(const char *text, uint32_t line, AsmInstr *out);

/* The instruction of f at line (of the text), or NULL. */
const AsmInstr *asm_instr_at(const AsmFunction *f, uint32_t line);

/* An instruction as "mnemonic op, op" (operands as written, cut to
 * ASM_OP_TEXT; modifiers left out): a prefix of llc's line for it. */
void asm_instr_text(const AsmInstr *in, char *buf, size_t cap);

/* The index of label name in f, or -1. */
int asm_label_find(const AsmFunction *f, const char *name, size_t len);

/* The symbol a data object's first word names (`name:` then `.quad
 * SYMBOL` or `.long SYMBOL`: a function pointer variable's initial value)
 * into out; false when the text has no such object. */
bool asm_data_symbol(const char *text, size_t len, const char *name, char *out, size_t cap);

/* One JSON object: name, line, instructions, named registers (runs), and
 * error where it failed. snprintf semantics. */
size_t asm_print_json(const AsmFunction *f, char *buf, size_t cap);

#endif
