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

namespace detail {
// A move is its square and its shape (kind, directions, rotation). The
// history table numbers the shapes densely, so that one square's moves share
// a cache line or two and the table is 51 KiB instead of a slot per raw
// 16-bit move (512 KiB, a 2016 square's twelve moves 256 bytes apart).
// Distinct moves keep distinct slots, so the search is the same.
inline constexpr int kMoveShapes = 101;  // 4 rotations, 8 shifts, 24 swap-rotations, 64 swap-shifts; 100: no move
inline constexpr std::array<std::uint8_t, 1024> kMoveShapeOf = [] {
  std::array<std::uint8_t, 1024> shape{};
  for (int upper = 0; upper < 1024; ++upper) {  // raw move >> 6: dir, dir2, rotation, kind
    const int dir = upper & 7, dir2 = (upper >> 3) & 7, r = (upper >> 6) & 3, kind = upper >> 8;
    int id = kMoveShapes - 1;
    if (kind == 0 && dir == 0 && dir2 == 0) id = r;                          // rotation (0: null move)
    else if (kind == 1 && dir2 == 0 && r == 0) id = 4 + dir;                 // shift
    else if (kind == 3 && dir2 == 0 && r != 0) id = 12 + 3 * dir + (r - 1);  // swap, rotate
    else if (kind == 2 && r == 0) id = 36 + 8 * dir + dir2;                  // swap, shift
    shape[static_cast<std::size_t>(upper)] = static_cast<std::uint8_t>(id);
  }
  return shape;
}();
constexpr bool move_shapes_are_distinct() {
  std::array<bool, kMoveShapes> seen{};
  auto mark = [&seen](kernel::Move m) {
    const int id = kMoveShapeOf[m.raw() >> 6];
    if (id == kMoveShapes - 1 || seen[static_cast<std::size_t>(id)]) return false;
    return seen[static_cast<std::size_t>(id)] = true;
  };
  bool ok = true;
  for (int r = 0; r < 4; ++r) ok = ok && mark(kernel::Move::rotation(0, static_cast<kernel::Rotation>(r)));
  for (int dir = 0; dir < 8; ++dir) {
    ok = ok && mark(kernel::Move::shift(0, dir));
    for (int r = 1; r < 4; ++r) ok = ok && mark(kernel::Move::swap_rotate(0, dir, static_cast<kernel::Rotation>(r)));
    for (int dir2 = 0; dir2 < 8; ++dir2) ok = ok && mark(kernel::Move::swap_shift(0, dir, dir2));
  }
  return ok;
}
static_assert(move_shapes_are_distinct(), "two kinds of move would share a history slot");
}  // namespace detail

// History ("best move") table: how often each move of each side caused a
// cutoff, weighted by depth squared; halved between searches (aging).
//
// Shared by all search threads with benign races: entries are relaxed atomics
// updated by load + store, so two threads rewarding the same move at once may
// lose one reward. That costs nothing measurable in move ordering and avoids
// both locks and a 51 KiB copy per worker (see docs/parallel.md).
class HistoryTable {
 public:
  HistoryTable() : scores_(2 * kernel::kSquareCount * detail::kMoveShapes) { clear(); }
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
    return (static_cast<std::size_t>(kernel::index_of(side)) * kernel::kSquareCount + m.from()) *
               detail::kMoveShapes +
           detail::kMoveShapeOf[m.raw() >> 6];
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
