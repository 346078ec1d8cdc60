/* The check engine: llc run in a process pool (run.h), its MIR and final
 * code judged against the model (check.h), compilers or layouts compared
 * (ab.h, layout_impact.h), placement streams diffed (diff.h), passthrough
 * measured (passthrough_llc.h), JSON read and written (json.h, jsonw.h,
 * place_json.h). Other folders include this header only. */
#ifndef GCNABI_ENGINE_H
#define GCNABI_ENGINE_H

#include "ab.h"
#include "check.h"
#include "diff.h"
#include "json.h"
#include "jsonw.h"
#include "layout_impact.h"
#include "passthrough_llc.h"
#include "place_json.h"
#include "run.h"
#include "wording.h"

#endif
