// The C API's engine functions as one engine core offers them (docs/isa-cores.md):
// capi/core_api.cpp fills the table in every core, and the core's one entry
// (core::CoreEntry::c_api, core/cores.h) points to it; capi/leiserchess.cpp,
// the exported C functions, finds the entry of the core chosen for this CPU
// and forwards each call to its table. Plain data and function pointers only,
// so that core/cores.h can hold it without knowing the engine.
#pragma once

#include "capi/leiserchess.h"

struct LeiserCoreApi {
  leiser_status (*engine_create)(leiser_engine** engine);
  void (*engine_destroy)(leiser_engine* engine);
  const char* (*last_error)(const leiser_engine* engine);
  leiser_status (*engine_set_option)(leiser_engine* engine, const char* name, const char* value);
  leiser_status (*engine_set_position)(leiser_engine* engine, const char* fen, const char* moves);
  leiser_status (*engine_get_fen)(leiser_engine* engine, char* buf, size_t size);
  leiser_status (*engine_new_game)(leiser_engine* engine);
  leiser_status (*engine_search)(leiser_engine* engine, const leiser_limits* limits,
                                 leiser_info_callback on_info, void* user_data,
                                 leiser_result* result);
  leiser_status (*engine_stop)(leiser_engine* engine);
  leiser_status (*engine_perft)(leiser_engine* engine, int depth, uint64_t* leaves);
  leiser_status (*engine_perft_by_depth)(leiser_engine* engine, int depth, uint64_t* counts,
                                         leiser_depth_callback on_depth, void* user_data);
  leiser_status (*engine_perft_divide)(leiser_engine* engine, int depth,
                                       leiser_divide_callback on_move, void* user_data,
                                       uint64_t* leaves);
  leiser_status (*engine_bench)(leiser_engine* engine, int depth, leiser_bench_result* result);
  leiser_status (*engine_evaluate)(leiser_engine* engine, int32_t* score_cp);
};

namespace leiser::capi {

// This core's table. Not a symbol of its own outside the core: each core's
// copy is reached only through that core's entry, so a wide core still
// exports one global symbol (scripts/prelink_core.py).
extern const LeiserCoreApi kCoreApi;

}  // namespace leiser::capi
