// Move ordering: sort keys per move, and lazy selection that finds the next
// best move only when the search asks for it (a cutoff usually comes early,
// so sorting the whole list would be wasted work).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "kernel/move.h"
#include "kernel/piece.h"
#include "search/search_limits.h"

namespace leiser::search {

// Killer moves: quiet moves that caused a cutoff at the same ply elsewhere.
class KillerTable {
 public:
  void clear() { killers_ = {}; }
  void add(int ply, kernel::Move m) {
    auto& k = killers_[ply];
    if (k[0] == m) return;
    k[1] = k[0];
    k[0] = m;
  }
  bool is_killer(int ply, kernel::Move m) const {
    return killers_[ply][0] == m || killers_[ply][1] == m;
  }

 private:
  std::array<std::array<kernel::Move, 2>, kMaxPly + 2> killers_{};
};

// History ("best move") table: how often each move of each side caused a
// cutoff, weighted by depth squared; halved between searches (aging).
//
// Shared by all search threads with benign races: entries are relaxed atomics
// updated by load + store, so two threads rewarding the same move at once may
// lose one reward. That costs nothing measurable in move ordering and avoids
// both locks and a 512 KiB copy per worker (see docs/parallel.md).
class HistoryTable {
 public:
  HistoryTable() : scores_(2 * 65536) { clear(); }
  void clear() {
    for (auto& s : scores_) s.store(0, std::memory_order_relaxed);
  }
  void age() {
    for (auto& s : scores_) s.store(s.load(std::memory_order_relaxed) / 2, std::memory_order_relaxed);
  }
  void reward(kernel::Color side, kernel::Move m, int depth) {
    auto& s = scores_[slot(side, m)];
    const std::int32_t value = s.load(std::memory_order_relaxed) + depth * depth;
    s.store(value, std::memory_order_relaxed);
    if (value > kMax) age();
  }
  std::int32_t score(kernel::Color side, kernel::Move m) const {
    return scores_[slot(side, m)].load(std::memory_order_relaxed);
  }

 private:
  static constexpr std::int32_t kMax = 1 << 20;
  static std::size_t slot(kernel::Color side, kernel::Move m) {
    return static_cast<std::size_t>(kernel::index_of(side)) * 65536 + m.raw();
  }
  std::vector<std::atomic<std::int32_t>> scores_;
};

// Picks, one at a time, the remaining move with the highest key.
class MovePicker {
 public:
  MovePicker(kernel::Move* moves, std::int32_t* keys, int count)
      : moves_(moves), keys_(keys), count_(count) {}
  bool next(kernel::Move& out) {
    if (taken_ >= count_) return false;
    int best = taken_;
    for (int i = taken_ + 1; i < count_; ++i)
      if (keys_[i] > keys_[best]) best = i;
    std::swap(moves_[taken_], moves_[best]);
    std::swap(keys_[taken_], keys_[best]);
    out = moves_[taken_++];
    return true;
  }
  int taken() const { return taken_; }

 private:
  kernel::Move* moves_;
  std::int32_t* keys_;
  int count_;
  int taken_ = 0;
};

}  // namespace leiser::search
