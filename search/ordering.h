// Move ordering: sort keys per move, and lazy selection that finds the next
// best move only when the search asks for it (a cutoff usually comes early,
// so sorting the whole list would be wasted work).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
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

// Hands out moves best key first, ties in generation order. Each move and its
// key are packed into one 64-bit word, (key, reversed index, move), so that
// one unsigned comparison orders them completely and the order never depends
// on how the selection shuffles the list. The first few moves are found by
// scanning for the largest word: at a cut node the search rarely asks for
// more. Once it does, the node is likely to want them all, so the rest is
// sorted once (n log n) instead of scanned again per move (n squared).
class MovePicker {
 public:
  // Key values must be below 2^31 in magnitude; count at most 65536.
  MovePicker(const kernel::Move* moves, const std::int32_t* keys, int count, std::uint64_t* scratch)
      : entries_(scratch), count_(count) {
    for (int i = 0; i < count; ++i)
      entries_[i] = pack(keys[i], i, moves[i]);
  }
  bool next(kernel::Move& out) {
    if (taken_ >= count_) return false;
    if (taken_ == kScannedPicks && count_ - taken_ > 1) {
      std::sort(entries_ + taken_, entries_ + count_, std::greater<>());
    } else if (taken_ < kScannedPicks) {
      int best = taken_;
      for (int i = taken_ + 1; i < count_; ++i)
        if (entries_[i] > entries_[best]) best = i;
      std::swap(entries_[taken_], entries_[best]);
    }
    out = kernel::Move::from_raw(static_cast<std::uint16_t>(entries_[taken_++]));
    return true;
  }
  int taken() const { return taken_; }

 private:
  static constexpr int kScannedPicks = 3;
  static std::uint64_t pack(std::int32_t key, int index, kernel::Move m) {
    const std::uint64_t biased_key = static_cast<std::uint32_t>(key) ^ 0x80000000U;
    return (biased_key << 32) | (std::uint64_t{0xFFFFU - static_cast<std::uint32_t>(index)} << 16) |
           m.raw();
  }
  std::uint64_t* entries_;
  int count_;
  int taken_ = 0;
};

}  // namespace leiser::search
