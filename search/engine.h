// The embeddable engine: set a position and its history, search with limits,
// receive info lines and the best move through callbacks, stop. The
// `leiserchess` protocol front end uses only this API.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "kernel/game.h"
#include "search/evaluate.h"
#include "search/option_registry.h"
#include "search/pvs.h"
#include "search/search_limits.h"
#include "search/tt.h"

namespace leiser::search {

using DoneCallback = std::function<void(const SearchResult&)>;

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Every option, in the order `uci` lists them (declared in one place,
  // Engine::declare_options).
  const OptionRegistry& options() const { return options_; }
  // Sets an option; returns an error message for an unknown name or a bad
  // or out-of-range value. Waits for a running search to finish first.
  OptionError set_option(std::string_view name, std::string_view value);

  kernel::Edition edition() const { return game_.edition(); }
  const kernel::Game& game() const { return game_; }
  // Replaces the game (position and history). Waits for a running search.
  void set_game(const kernel::Game& game);
  // Forgets everything learned in earlier searches (TT, killers, history).
  void new_game();
  // Brings the whole TT into memory (TranspositionTable::fault_in): a bench
  // calls it after new_game() so that its timed searches do not pay for
  // the pages a cleared table faults in as it fills.
  void fault_in_table();
  const EvalParams& eval_params() const { return params_; }

  // Starts searching the current position on a background thread; on_info
  // gets each info line, on_done the result (exactly once per search).
  void start(const SearchLimits& limits, InfoCallback on_info, DoneCallback on_done);
  // Searches on the calling thread and returns the result.
  SearchResult search(const SearchLimits& limits, const InfoCallback& on_info = {});
  // The opponent played the move pondered on: the running `go ponder`
  // search goes on as a normal search under its limits.
  void ponderhit() { searcher_->ponderhit(); }
  // Whether the `Ponder` option is on: the GUI may send `go ponder`, and
  // wants the expected reply with the best move.
  bool ponder_enabled() const { return ponder_enabled_; }
  // Asks a running search to stop; returns at once.
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  // Waits until the running search (if any) has finished and reported. An
  // infinite search is stopped first: it would never finish by itself.
  void wait();
  bool is_searching() const { return searching_.load(); }
  int threads() const { return threads_; }
  // The most threads a search uses: what oneTBB runs at once on this machine
  // (its CPUs, or fewer under an affinity mask). `threads` above it is
  // accepted and lowered to it.
  static int max_threads();
  // Plain alpha-beta without TT and forward pruning, for checking the
  // parallel search (see SearchOptions); off by default.
  void set_exact_search(bool exact) {
    wait();
    search_options_.exact = exact;
  }
  // Splits, tasks and aborted tasks of parallel search since construction.
  const SplitStats& split_stats() const { return searcher_->split_stats(); }

 private:
  kernel::Game game_;
  EvalParams params_;
  TranspositionTable tt_;
  std::unique_ptr<Searcher> searcher_;
  std::thread worker_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> searching_{false};
  bool infinite_ = false;  // the running search has no limit, or ponders
  bool ponder_enabled_ = false;
  // SearchResult::ponder for a result of the current game.
  kernel::Move ponder_move(const SearchResult& result) const;
  int threads_ = 1;
  // `threads` as set, and `oversubscribe`: threads_ is it, or at most
  // max_threads() without oversubscribe.
  int requested_threads_ = 1;
  bool oversubscribe_ = false;
  SearchOptions search_options_;
  OptionRegistry options_;
  void declare_options();
  // After `Eval` or a network changed: nothing computed with the old one is reused.
  void network_changed();
  // The `hash` option's action: a table of `mb` megabytes, or why not.
  OptionError resize_hash(int mb);
};

}  // namespace leiser::search
