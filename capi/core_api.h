// The C API's engine functions as one engine core offers them (docs/isa-cores.md):
// capi/core_api.cpp fills one table per core; capi/leiserchess.cpp, the
// exported C functions, forwards each call to the table of the core chosen
// for this CPU. Plain data and function pointers only.
#pragma once

#include "capi/leiserchess.h"

struct LeiserCoreApi {
  const char* name;  // the core's name: "scalar", "avx2", "avx512"
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
  leiser_status (*engine_evaluate)(leiser_engine* engine, int32_t* score_cp);
};

// Each core's table, defined only in the cores this build contains.
extern "C" {
extern const LeiserCoreApi leiser_capi_scalar;
extern const LeiserCoreApi leiser_capi_avx2;
extern const LeiserCoreApi leiser_capi_avx512;
}
