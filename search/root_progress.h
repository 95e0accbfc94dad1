// The root's best line as last known, for the periodic info lines. The main
// search thread records it after each iteration (and each failed aspiration
// window); the periodic line is printed by whichever search thread notices a
// second has passed, which may be a helper that knows nothing of the root.
// Every search thread also raises the selective depth seen so far, so that
// `seldepth` never goes down during a search.
#pragma once

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

#include "kernel/move.h"
#include "search/search_limits.h"

namespace leiser::search {

class RootProgress {
 public:
  struct Line {
    bool known = false;  // false until the first record of the search
    int score = 0;
    ScoreBound bound = ScoreBound::kExact;
    std::vector<kernel::Move> pv;
  };

  // Forgets the last search.
  void reset() {
    std::lock_guard lock(mutex_);
    line_ = Line{};
    seldepth_.store(0, std::memory_order_relaxed);
  }
  // A new best line. An empty `pv` keeps the last one: a window that failed
  // low has no line of its own, and the previous best is still the move to
  // play.
  void record(int score, ScoreBound bound, const std::vector<kernel::Move>& pv) {
    std::lock_guard lock(mutex_);
    line_.known = true;
    line_.score = score;
    line_.bound = bound;
    if (!pv.empty()) line_.pv = pv;
    note_seldepth(static_cast<int>(pv.size()));
  }
  Line line() const {
    std::lock_guard lock(mutex_);
    return line_;
  }
  // Raises the selective depth to at least `seldepth` (lock-free: called by
  // every search thread every few thousand nodes).
  void note_seldepth(int seldepth) {
    int seen = seldepth_.load(std::memory_order_relaxed);
    while (seldepth > seen &&
           !seldepth_.compare_exchange_weak(seen, seldepth, std::memory_order_relaxed)) {
    }
  }
  int seldepth() const { return seldepth_.load(std::memory_order_relaxed); }

 private:
  mutable std::mutex mutex_;
  Line line_;
  std::atomic<int> seldepth_{0};
};

}  // namespace leiser::search
