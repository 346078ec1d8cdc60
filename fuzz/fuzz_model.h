/* Shared by the model targets: the shipped layouts (embedded at build time
 * from the files in layouts/), signatures and model configurations drawn from
 * fuzzer bytes, and placement equality. */
#ifndef GCNABI_FUZZ_MODEL_H
#define GCNABI_FUZZ_MODEL_H

#include "cc.h"
#include "fuzz_data_producer.h"

extern const char *const fuzz_layout_texts[]; /* generated: build/fuzz/layouts.c */
extern const unsigned fuzz_layout_count;

enum { FUZZ_MAX_LAYOUTS = 8, FUZZ_MAX_PROFILES = 16 };

/* The shipped layouts, parsed once (aborts if one does not parse), and the
 * one named name (NULL if absent). */
const Layout *fuzz_layout_at(unsigned i);
unsigned fuzz_layouts(void);
const Layout *fuzz_layout_named(const char *name);
unsigned fuzz_profiles(void);

/* A signature drawn from p: every type class, both modeled conventions
 * mostly, sometimes one the model refuses, inreg/byval/ext/align flags,
 * "amdgpu-no-*" attributes and a flat workgroup size. Always a Sig that
 * sig_print can print. */
void fuzz_signature(FuzzDataProducer *p, Sig *s);

/* A model configuration drawn from p: profile, layout, CPU, wave size,
 * selector and view. *cpu is the CPU name given to model_config_init. */
void fuzz_config(FuzzDataProducer *p, ModelConfig *m, View *view, const char **cpu);

/* Same outcome: ok, error text, and every location of every argument and
 * the return, the sret pointer included. */
bool fuzz_placement_equal(const Placement *a, const Placement *b);
bool fuzz_loc_equal(const Loc *a, const Loc *b);

#endif
