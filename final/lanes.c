/* Lane masks (lanes.h). */
#include "lanes.h"

#include <string.h>

uint32_t lane_var(unsigned k)
{
	static const uint32_t vars[LANE_VARS] = { 0xaaaaaaaau, 0xccccccccu, 0xf0f0f0f0u, 0xff00ff00u, 0xffff0000u };
	return k < LANE_VARS ? vars[k] : 0;
}

bool lane_depends(uint32_t t, unsigned k)
{
	uint32_t v = lane_var(k);
	/* Row i with variable k set against row i without it. */
	return ((t & v) >> (1u << k)) != (t & ~v);
}

/* The scalar instructions on masks, as the ISA documents them (S0 the
 * first source; the saveexec family's second operand is EXEC). */
static const LaneInstr instrs[] = {
	{ "s_and", LANE_AND, false, false, false, LANE_PLAIN, false },
	{ "s_or", LANE_OR, false, false, false, LANE_PLAIN, false },
	{ "s_xor", LANE_XOR, false, false, false, LANE_PLAIN, false },
	{ "s_andn2", LANE_AND, false, true, false, LANE_PLAIN, false },
	{ "s_and_not1", LANE_AND, false, true, false, LANE_PLAIN, false },
	{ "s_orn2", LANE_OR, false, true, false, LANE_PLAIN, false },
	{ "s_or_not1", LANE_OR, false, true, false, LANE_PLAIN, false },
	{ "s_nand", LANE_AND, false, false, true, LANE_PLAIN, false },
	{ "s_nor", LANE_OR, false, false, true, LANE_PLAIN, false },
	{ "s_xnor", LANE_XOR, false, false, true, LANE_PLAIN, false },
	{ "s_not", LANE_AND, true, false, false, LANE_PLAIN, true },
	{ "s_and_saveexec", LANE_AND, false, false, false, LANE_SAVEEXEC, false },
	{ "s_or_saveexec", LANE_OR, false, false, false, LANE_SAVEEXEC, false },
	{ "s_xor_saveexec", LANE_XOR, false, false, false, LANE_SAVEEXEC, false },
	{ "s_andn2_saveexec", LANE_AND, false, true, false, LANE_SAVEEXEC, false },
	{ "s_and_not1_saveexec", LANE_AND, false, true, false, LANE_SAVEEXEC, false },
	{ "s_orn2_saveexec", LANE_OR, false, true, false, LANE_SAVEEXEC, false },
	{ "s_or_not1_saveexec", LANE_OR, false, true, false, LANE_SAVEEXEC, false },
	{ "s_andn1_saveexec", LANE_AND, true, false, false, LANE_SAVEEXEC, false },
	{ "s_and_not0_saveexec", LANE_AND, true, false, false, LANE_SAVEEXEC, false },
	{ "s_orn1_saveexec", LANE_OR, true, false, false, LANE_SAVEEXEC, false },
	{ "s_or_not0_saveexec", LANE_OR, true, false, false, LANE_SAVEEXEC, false },
	{ "s_nand_saveexec", LANE_AND, false, false, true, LANE_SAVEEXEC, false },
	{ "s_nor_saveexec", LANE_OR, false, false, true, LANE_SAVEEXEC, false },
	{ "s_xnor_saveexec", LANE_XOR, false, false, true, LANE_SAVEEXEC, false },
	{ "s_andn1_wrexec", LANE_AND, true, false, false, LANE_WREXEC, false },
	{ "s_and_not0_wrexec", LANE_AND, true, false, false, LANE_WREXEC, false },
	{ "s_andn2_wrexec", LANE_AND, false, true, false, LANE_WREXEC, false },
	{ "s_and_not1_wrexec", LANE_AND, false, true, false, LANE_WREXEC, false },
};

const LaneInstr *lane_instr(const char *m)
{
	size_t n = strlen(m);
	if (n < 5 || (strcmp(m + n - 4, "_b32") != 0 && strcmp(m + n - 4, "_b64") != 0))
		return 0;
	for (unsigned i = 0; i < sizeof instrs / sizeof instrs[0]; i++)
		if (strlen(instrs[i].mnemonic) == n - 4 && strncmp(m, instrs[i].mnemonic, n - 4) == 0)
			return &instrs[i];
	return 0;
}

/* The complement of a mask within t is within nothing smaller than all. */
static Lanes not(Lanes a) { return a.within ? (Lanes){ LANE_ALL, true } : (Lanes){ ~a.t, false }; }

Lanes lane_apply(const LaneInstr *i, Lanes a, Lanes b)
{
	if (i->not0)
		a = not(a);
	if (i->unary)
		return a;
	if (i->not1)
		b = not(b);
	Lanes r = { 0, a.within || b.within };
	switch (i->op) {
	case LANE_AND: r.t = a.t & b.t; break;
	case LANE_OR: r.t = a.t | b.t; break;
	/* x ^ y is within x | y. */
	case LANE_XOR: r.t = r.within ? a.t | b.t : a.t ^ b.t; break;
	}
	return i->notd ? not(r) : r;
}

/* Whether row i of the masks' signature (their values there) is less
 * than row j's, equal (0), or greater. */
static int row_cmp(const uint32_t *t, unsigned n, unsigned i, unsigned j)
{
	for (unsigned k = 0; k < n; k++) {
		unsigned a = t[k] >> i & 1, b = t[k] >> j & 1;
		if (a != b)
			return a < b ? -1 : 1;
	}
	return 0;
}

int lane_compact(uint32_t *t, unsigned n, uint32_t care)
{
	enum { ROWS = 1u << LANE_VARS, COMBOS = ROWS / 2 };
	/* For each entry state e (variable 0), the distinct signatures of the
	 * rows care allows, sorted: class[e][c] the row of signature c. */
	unsigned cls[2][COMBOS], ncls[2] = { 0, 0 };
	for (unsigned e = 0; e < 2; e++)
		for (unsigned c = 0; c < COMBOS; c++) {
			unsigned row = c << 1 | e;
			if (!(care >> row & 1))
				continue;
			unsigned at = 0;
			int d = 1;
			while (at < ncls[e] && (d = row_cmp(t, n, cls[e][at], row)) < 0)
				at++;
			if (at < ncls[e] && d == 0)
				continue;
			memmove(&cls[e][at + 1], &cls[e][at], (ncls[e] - at) * sizeof cls[e][0]);
			cls[e][at] = row;
			ncls[e]++;
		}
	if (!ncls[1])
		return -1;
	unsigned most = ncls[0] > ncls[1] ? ncls[0] : ncls[1], k = 0;
	while ((1u << k) < most)
		k++;
	if (k >= LANE_VARS)
		return LANE_VARS;
	/* Combination c of the variables is signature min(c mod 2^k, last). */
	for (unsigned v = 0; v < n; v++) {
		uint32_t old = t[v], now = 0;
		for (unsigned row = 0; row < ROWS; row++) {
			unsigned e = row & 1, c = (row >> 1) & ((1u << k) - 1);
			if (ncls[e]) /* else no such lane: 0 */
				now |= (old >> cls[e][c < ncls[e] ? c : ncls[e] - 1] & 1) << row;
		}
		t[v] = now;
	}
	return (int)k;
}
