/* The observers: what llc really did, read from its output. Pure readers,
 * text in and records out through callbacks, no I/O: its MIR (mir.h), its
 * final assembly instruction by instruction (asm.h) and the HSA metadata
 * of a kernel (hsa.h). Other folders include this header only. */
#ifndef GCNABI_OBSERVE_H
#define GCNABI_OBSERVE_H

#include "asm.h"
#include "hsa.h"
#include "mir.h"

#endif
