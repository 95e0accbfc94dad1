// The C API's engine functions (capi/leiserchess.h) over the C++ Engine
// (search/engine.h), compiled into every engine core (docs/isa-cores.md) and
// offered as the core's LeiserCoreApi table, which the core's entry points to
// (core/cores.h); capi/leiserchess.cpp exports the C functions and forwards
// them to the chosen core's table.
// Every entry point catches every exception: nothing may unwind into C.
#include "capi/core_api.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <sstream>
#include <string>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "kernel/perft.h"
#include "search/benchmark.h"
#include "search/engine.h"
#include "search/evaluate.h"

struct leiser_engine {
  leiser::search::Engine engine;
  std::string last_error;
  // Set while a call runs: a second concurrent call gets LEISER_ERROR_BUSY
  // instead of a data race (stop is the one call allowed meanwhile).
  std::atomic<bool> busy{false};
  // Stops a running leiser_engine_bench (whose engine is its own).
  leiser::search::BenchStop bench_stop;
};

namespace {

using leiser::kernel::Game;

constexpr int kMaxPerftDepth = 10;

// Claims the engine for one call, or says it is busy.
class Claim {
 public:
  explicit Claim(leiser_engine* e) : engine_(e), held_(!e->busy.exchange(true)) {}
  ~Claim() {
    if (held_) engine_->busy.store(false);
  }
  Claim(const Claim&) = delete;
  Claim& operator=(const Claim&) = delete;
  bool held() const { return held_; }

 private:
  leiser_engine* engine_;
  bool held_;
};

leiser_status fail(leiser_engine* e, leiser_status status, std::string message) {
  e->last_error = std::move(message);
  return status;
}

// Runs `body` (which returns a status) on a claimed engine, turning every
// exception into a status and a message.
template <class Body>
leiser_status guarded(leiser_engine* e, const char* function, Body&& body) {
  if (!e) return LEISER_ERROR_INVALID_ARGUMENT;
  const Claim claim(e);
  if (!claim.held())
    return fail(e, LEISER_ERROR_BUSY,
                std::string(function) + ": another call on this engine is running");
  try {
    e->last_error.clear();
    return body();
  } catch (const std::bad_alloc&) {
    return fail(e, LEISER_ERROR_OUT_OF_MEMORY, std::string(function) + ": out of memory");
  } catch (const std::exception& ex) {
    return fail(e, LEISER_ERROR_INTERNAL, std::string(function) + ": " + ex.what());
  } catch (...) {
    return fail(e, LEISER_ERROR_INTERNAL, std::string(function) + ": unknown exception");
  }
}

void copy_text(const std::string& text, char* out, std::size_t size) {
  if (size == 0) return;
  const std::size_t n = std::min(text.size(), size - 1);
  std::memcpy(out, text.data(), n);
  out[n] = '\0';
}

std::string moves_text(const std::vector<leiser::kernel::Move>& moves) {
  std::string text;
  for (const leiser::kernel::Move m : moves) {
    if (!text.empty()) text += ' ';
    text += leiser::kernel::move_to_string(m);
  }
  return text;
}

// Splits a score into centipawns or moves to mate, as leiser_info holds it.
void split_score(int score, int32_t& score_cp, int32_t& mate) {
  score_cp = score;
  mate = leiser::search::is_mate_score(score) ? leiser::search::mate_in_moves(score) : 0;
}

struct InfoForwarder {
  leiser_info_callback callback;
  void* user_data;
};

// The C functions of this core (leiser_* without the prefix).

leiser_status engine_create(leiser_engine** engine) {
  if (!engine) return LEISER_ERROR_INVALID_ARGUMENT;
  *engine = nullptr;
  try {
    *engine = new leiser_engine();  // owned by the caller until leiser_engine_destroy
    return LEISER_OK;
  } catch (const std::bad_alloc&) {
    return LEISER_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    return LEISER_ERROR_INTERNAL;
  }
}

void engine_destroy(leiser_engine* engine) {
  try {
    delete engine;  // the Engine's destructor stops and joins its search
  } catch (...) {
    // Nothing can be reported from here, and nothing may escape into C.
  }
}

const char* last_error(const leiser_engine* engine) {
  return engine ? engine->last_error.c_str() : "no engine (NULL)";
}

leiser_status engine_set_option(leiser_engine* engine, const char* name, const char* value) {
  return guarded(engine, "set_option", [&] {
    if (!name || !value)
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT, "set_option: name and value are required");
    if (auto problem = engine->engine.set_option(name, value))
      return fail(engine, LEISER_ERROR_BAD_OPTION, *problem);
    return LEISER_OK;
  });
}

leiser_status engine_set_position(leiser_engine* engine, const char* fen, const char* moves) {
  return guarded(engine, "set_position", [&] {
    const leiser::kernel::Edition edition = engine->engine.edition();
    const bool start = !fen || std::strcmp(fen, "startpos") == 0;
    auto game =
        start ? leiser::kernel::Expected<Game>(Game::start(edition)) : Game::from_fen(fen, edition);
    if (!game) return fail(engine, LEISER_ERROR_BAD_POSITION, game.error());
    game.value().set_use_ko(engine->engine.game().use_ko());
    if (moves) {
      std::istringstream words(moves);
      for (std::string move; words >> move;)
        if (auto played = game.value().play(move); !played)
          return fail(engine, LEISER_ERROR_BAD_POSITION, played.error() + " (position unchanged)");
    }
    engine->engine.set_game(*game);
    return LEISER_OK;
  });
}

leiser_status engine_get_fen(leiser_engine* engine, char* buf, size_t size) {
  return guarded(engine, "get_fen", [&] {
    if (!buf || size == 0) return fail(engine, LEISER_ERROR_INVALID_ARGUMENT, "get_fen: no buffer");
    const std::string fen = leiser::kernel::to_fen(engine->engine.game().position());
    if (fen.size() + 1 > size) {
      buf[0] = '\0';
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT,
                  "get_fen: the FEN needs " + std::to_string(fen.size() + 1) + " bytes");
    }
    copy_text(fen, buf, size);
    return LEISER_OK;
  });
}

leiser_status engine_new_game(leiser_engine* engine) {
  return guarded(engine, "new_game", [&] {
    engine->engine.new_game();
    return LEISER_OK;
  });
}

leiser_status engine_search(leiser_engine* engine, const leiser_limits* limits,
                            leiser_info_callback on_info, void* user_data, leiser_result* result) {
  return guarded(engine, "search", [&] {
    if (!limits || !result)
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT, "search: limits and result are required");
    std::memset(result, 0, sizeof *result);
    leiser::search::SearchLimits l;
    if (limits->depth < 0 || limits->depth > leiser::search::kMaxDepth)
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT,
                  "search: depth " + std::to_string(limits->depth) + " is not in 0.." +
                      std::to_string(leiser::search::kMaxDepth));
    if (limits->movetime_ms < 0 || limits->time_ms < -1 || limits->increment_ms < 0)
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT, "search: negative time limit");
    l.depth = limits->depth;
    l.nodes = limits->nodes;
    l.movetime_ms = limits->movetime_ms;
    l.time_ms = limits->time_ms;
    l.increment_ms = limits->increment_ms;
    l.infinite = limits->infinite != 0;
    if (!l.infinite && l.depth == 0 && l.nodes == 0 && !l.has_time_limit())
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT,
                  "search: no limit (set depth, nodes, movetime_ms or time_ms, or infinite)");
    if (engine->engine.game().is_over())
      return fail(engine, LEISER_ERROR_GAME_OVER, "search: the game is over");

    const InfoForwarder forward{on_info, user_data};
    leiser::search::InfoCallback info;
    if (on_info) {
      info = [&forward](const leiser::search::SearchReport& report) {
        // The C API's info has no place for the root move being searched.
        if (report.currmove_number > 0) return;
        const std::string pv = moves_text(report.pv);
        leiser_info out{};
        out.depth = report.depth;
        out.seldepth = report.seldepth;
        split_score(report.score, out.score_cp, out.mate);
        out.nodes = report.nodes;
        out.nps = report.nps;
        out.time_ms = report.time_ms;
        out.hashfull = report.hashfull;
        out.pv = pv.c_str();
        forward.callback(&out, forward.user_data);
      };
    }
    const leiser::search::SearchResult found = engine->engine.search(l, info);
    if (found.best_move != leiser::kernel::Move::none())
      copy_text(leiser::kernel::move_to_string(found.best_move), result->best_move,
                sizeof result->best_move);
    split_score(found.score, result->score_cp, result->mate);
    result->depth = found.depth;
    result->nodes = found.nodes;
    copy_text(moves_text(found.pv), result->pv, sizeof result->pv);
    return LEISER_OK;
  });
}

leiser_status engine_stop(leiser_engine* engine) {
  // Not claimed: it is the one call meant to run during a search.
  if (!engine) return LEISER_ERROR_INVALID_ARGUMENT;
  engine->engine.stop();
  engine->bench_stop.request();
  return LEISER_OK;
}

// The perft functions' one depth check.
std::optional<leiser_status> bad_perft_depth(leiser_engine* engine, const char* function,
                                             int depth) {
  if (depth >= 1 && depth <= kMaxPerftDepth) return std::nullopt;
  return fail(engine, LEISER_ERROR_INVALID_ARGUMENT,
              std::string(function) + ": depth " + std::to_string(depth) + " is not in 1.." +
                  std::to_string(kMaxPerftDepth));
}

leiser_status engine_perft(leiser_engine* engine, int depth, uint64_t* leaves) {
  return guarded(engine, "perft", [&] {
    if (!leaves)
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT, "perft: no place for the count");
    if (const auto bad = bad_perft_depth(engine, "perft", depth)) return *bad;
    const Game& game = engine->engine.game();
    *leaves =
        leiser::kernel::perft(game.position(), game.ko_board(),
                              {depth, leiser::kernel::PerftMode::kLegal, engine->engine.threads()});
    return LEISER_OK;
  });
}

leiser_status engine_perft_by_depth(leiser_engine* engine, int depth, uint64_t* counts,
                                    leiser_depth_callback on_depth, void* user_data) {
  return guarded(engine, "perft_by_depth", [&] {
    if (const auto bad = bad_perft_depth(engine, "perft_by_depth", depth)) return *bad;
    const Game& game = engine->engine.game();
    for (int d = 1; d <= depth; ++d) {
      const std::uint64_t leaves =
          leiser::kernel::perft(game.position(), game.ko_board(),
                                {d, leiser::kernel::PerftMode::kLegal, engine->engine.threads()});
      if (counts) counts[d - 1] = leaves;
      if (on_depth) on_depth(d, leaves, user_data);
    }
    return LEISER_OK;
  });
}

leiser_status engine_perft_divide(leiser_engine* engine, int depth, leiser_divide_callback on_move,
                                  void* user_data, uint64_t* leaves) {
  return guarded(engine, "perft_divide", [&] {
    if (const auto bad = bad_perft_depth(engine, "perft_divide", depth)) return *bad;
    const Game& game = engine->engine.game();
    const auto shares = leiser::kernel::perft_divide(
        game.position(), game.ko_board(),
        {depth, leiser::kernel::PerftMode::kLegal, engine->engine.threads()});
    std::uint64_t total = 0;
    for (const auto& [move, count] : shares) {
      total += count;
      if (on_move) on_move(leiser::kernel::move_to_string(move).c_str(), count, user_data);
    }
    if (leaves) *leaves = total;
    return LEISER_OK;
  });
}

leiser_status engine_bench(leiser_engine* engine, int depth, leiser_bench_result* result) {
  return guarded(engine, "bench", [&] {
    if (!result)
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT, "bench: no place for the result");
    if (depth < 1 || depth > leiser::search::kMaxBenchDepth)
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT,
                  "bench: depth " + std::to_string(depth) + " is not in 1.." +
                      std::to_string(leiser::search::kMaxBenchDepth));
    const leiser::kernel::Edition edition = engine->engine.edition();
    engine->bench_stop.reset();
    const leiser::search::BenchTotals totals = leiser::search::run_bench(
        depth, edition, engine->engine.threads(), leiser::search::bench_positions(edition), {}, {},
        &engine->bench_stop);
    *result = {};
    result->nodes = totals.nodes;
    result->moves_made = totals.moves_made;
    result->seconds = totals.seconds;
    result->positions = static_cast<uint32_t>(totals.positions);
    result->stopped = totals.stopped ? 1 : 0;
    return LEISER_OK;
  });
}

leiser_status engine_evaluate(leiser_engine* engine, int32_t* score_cp) {
  return guarded(engine, "evaluate", [&] {
    if (!score_cp)
      return fail(engine, LEISER_ERROR_INVALID_ARGUMENT, "evaluate: no place for the score");
    const Game& game = engine->engine.game();
    if (game.position().is_game_over())
      return fail(engine, LEISER_ERROR_GAME_OVER, "evaluate: the game is over");
    *score_cp = leiser::search::evaluate(game.position(), engine->engine.eval_params());
    return LEISER_OK;
  });
}

}  // namespace

// Designated, so that a field added to the table cannot take another's function.
constinit const LeiserCoreApi leiser::capi::kCoreApi{
    .engine_create = &engine_create,
    .engine_destroy = &engine_destroy,
    .last_error = &last_error,
    .engine_set_option = &engine_set_option,
    .engine_set_position = &engine_set_position,
    .engine_get_fen = &engine_get_fen,
    .engine_new_game = &engine_new_game,
    .engine_search = &engine_search,
    .engine_stop = &engine_stop,
    .engine_perft = &engine_perft,
    .engine_perft_by_depth = &engine_perft_by_depth,
    .engine_perft_divide = &engine_perft_divide,
    .engine_bench = &engine_bench,
    .engine_evaluate = &engine_evaluate,
};
