// One viewer's game in the browser board: the game, and an engine that
// searches it in the background while the viewer polls for its lines.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "kernel/game.h"
#include "search/engine.h"

namespace leiser::web {

class Session {
 public:
  explicit Session(kernel::Game game) : game_(std::move(game)) {}
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Everything below takes the session's lock; a running search is stopped
  // before the game changes.
  kernel::Game game() const;
  void set_game(kernel::Game game);
  // Plays `text` (notation); the error says why it is not legal here.
  kernel::Expected<kernel::GameResult> play(std::string_view text);
  void undo();

  // Sets engine options (name, value) for the next search; the error names
  // the option that was refused and why.
  std::optional<std::string> set_options(
      const std::vector<std::pair<std::string, std::string>>& options);
  // Starts a search of the current position (a running one is stopped).
  void start_search(const search::SearchLimits& limits);
  void stop_search();
  // The info lines from number `since` on, whether the search runs, and its
  // result once it has ended: {"searching", "infos", "next", "result"}.
  nlohmann::json search_output(std::size_t since) const;
  // The engine (created on first use) for work that is not a search: the
  // evaluation, perft. Locks the session while `work` runs.
  template <class Work>
  auto with_engine(Work&& work) {
    std::lock_guard lock(mutex_);
    stop_locked();
    search::Engine& engine = engine_locked();
    engine.set_game(game_);
    return work(engine);
  }

 private:
  search::Engine& engine_locked();
  void stop_locked();

  mutable std::mutex mutex_;  // the game and the engine
  kernel::Game game_;
  std::unique_ptr<search::Engine> engine_;

  // Written by the engine's thread through its callbacks: a lock of its own,
  // so that stopping a search under mutex_ never waits on a callback that
  // waits on mutex_.
  mutable std::mutex output_mutex_;
  std::vector<nlohmann::json> infos_;
  std::optional<nlohmann::json> result_;
  bool searching_ = false;
  std::uint64_t search_number_ = 0;  // lines of an earlier search are dropped
};

// The protocol's score words as JSON: {"cp": n} or {"mate": n}.
nlohmann::json score_json(int score);
// A report (UCI info line) as JSON.
nlohmann::json report_json(const search::SearchReport& report);

}  // namespace leiser::web
