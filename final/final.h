/* The final-code checker: llc's final assembly executed symbolically
 * against the contract (asm_exec.h), lane masks (lanes.h), the mutants
 * that prove the checker (asm_mutate.h) and a whole module checked
 * function by function (final_code.h). Other folders include this only. */
#ifndef GCNABI_FINAL_H
#define GCNABI_FINAL_H

#include "asm_exec.h"
#include "asm_mutate.h"
#include "final_code.h"
#include "lanes.h"

#endif
