// The exported C API (capi/leiserchess.h). Baseline code, a front end on
// core/ as cli/main.cpp is: the engine functions forward to the C API table
// of one engine core (core::CoreEntry::c_api), chosen at the first call as
// the executable chooses its core: the best this CPU runs, or the one
// LEISER_SIMD names (docs/isa-cores.md). An engine lives in the core that
// created it, which is the one core used.
#include "capi/leiserchess.h"

#include "capi/core_api.h"
#include "core/cores.h"
#include "simd/dispatch.h"

namespace {

// The core of the active SIMD implementation, or the best one built below
// it (core::core_for, the executable's own lookup); chosen once.
const leiser::core::CoreEntry& core() {
  static const leiser::core::CoreEntry& chosen =
      leiser::core::core_for(leiser::simd::active().name);
  return chosen;
}

const LeiserCoreApi& api() { return *core().c_api; }

}  // namespace

extern "C" {

const char* leiser_version(void) { return LEISER_VERSION; }

const char* leiser_core(void) { return core().name; }

const char* leiser_status_name(leiser_status status) {
  switch (status) {
    case LEISER_OK:
      return "LEISER_OK";
    case LEISER_ERROR_INVALID_ARGUMENT:
      return "LEISER_ERROR_INVALID_ARGUMENT";
    case LEISER_ERROR_BAD_OPTION:
      return "LEISER_ERROR_BAD_OPTION";
    case LEISER_ERROR_BAD_POSITION:
      return "LEISER_ERROR_BAD_POSITION";
    case LEISER_ERROR_GAME_OVER:
      return "LEISER_ERROR_GAME_OVER";
    case LEISER_ERROR_BUSY:
      return "LEISER_ERROR_BUSY";
    case LEISER_ERROR_OUT_OF_MEMORY:
      return "LEISER_ERROR_OUT_OF_MEMORY";
    case LEISER_ERROR_INTERNAL:
      return "LEISER_ERROR_INTERNAL";
  }
  return "LEISER_UNKNOWN_STATUS";
}

leiser_limits leiser_limits_none(void) {
  leiser_limits limits{};
  limits.time_ms = -1;
  return limits;
}

leiser_status leiser_engine_create(leiser_engine** engine) { return api().engine_create(engine); }
void leiser_engine_destroy(leiser_engine* engine) { api().engine_destroy(engine); }
const char* leiser_last_error(const leiser_engine* engine) { return api().last_error(engine); }
leiser_status leiser_engine_set_option(leiser_engine* engine, const char* name, const char* value) {
  return api().engine_set_option(engine, name, value);
}
leiser_status leiser_engine_set_position(leiser_engine* engine, const char* fen,
                                         const char* moves) {
  return api().engine_set_position(engine, fen, moves);
}
leiser_status leiser_engine_get_fen(leiser_engine* engine, char* buf, size_t size) {
  return api().engine_get_fen(engine, buf, size);
}
leiser_status leiser_engine_new_game(leiser_engine* engine) {
  return api().engine_new_game(engine);
}
leiser_status leiser_engine_search(leiser_engine* engine, const leiser_limits* limits,
                                   leiser_info_callback on_info, void* user_data,
                                   leiser_result* result) {
  return api().engine_search(engine, limits, on_info, user_data, result);
}
leiser_status leiser_engine_stop(leiser_engine* engine) { return api().engine_stop(engine); }
leiser_status leiser_engine_perft(leiser_engine* engine, int depth, uint64_t* leaves) {
  return api().engine_perft(engine, depth, leaves);
}
leiser_status leiser_engine_perft_by_depth(leiser_engine* engine, int depth, uint64_t* counts,
                                           leiser_depth_callback on_depth, void* user_data) {
  return api().engine_perft_by_depth(engine, depth, counts, on_depth, user_data);
}
leiser_status leiser_engine_perft_divide(leiser_engine* engine, int depth,
                                         leiser_divide_callback on_move, void* user_data,
                                         uint64_t* leaves) {
  return api().engine_perft_divide(engine, depth, on_move, user_data, leaves);
}
leiser_status leiser_engine_bench(leiser_engine* engine, int depth, leiser_bench_result* result) {
  return api().engine_bench(engine, depth, result);
}
leiser_status leiser_engine_evaluate(leiser_engine* engine, int32_t* score_cp) {
  return api().engine_evaluate(engine, score_cp);
}

}  // extern "C"
