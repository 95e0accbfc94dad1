// Move ordering: killers, the best-move history, and lazy selection that
// finds the next best move only when the search asks for it (a cutoff usually
// comes early, so sorting the whole list would be wasted work).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "kernel/board.h"
#include "kernel/move.h"
#include "kernel/piece.h"
#include "search/search_limits.h"

namespace leiser::search {

// Killer moves: moves that caused a cutoff at the same ply elsewhere.
class KillerTable {
 public:
  void clear() { killers_ = {}; }
  void add(int ply, kernel::Move m) {
    auto& k = killers_[ply];
    if (k[0] == m) return;
    k[1] = k[0];
    k[0] = m;
  }
  kernel::Move first(int ply) const { return killers_[ply][0]; }
  kernel::Move second(int ply) const { return killers_[ply][1]; }
  bool is_killer(int ply, kernel::Move m) const {
    return killers_[ply][0] == m || killers_[ply][1] == m;
  }

 private:
  std::array<std::array<kernel::Move, 2>, kMaxPly + 2> killers_{};
};

// What a move does, as the best-move history sees it: which kind of piece
// ends on which square facing which way.
struct MoveShape {
  kernel::PieceType type;
  kernel::Square destination;
  kernel::Orientation orientation;
};

inline MoveShape move_shape(const kernel::Board& board, kernel::Move m) {
  const kernel::Square from = m.from();
  const bool king = (board.kings >> from) & 1;
  return {king ? kernel::PieceType::kKing : kernel::PieceType::kPawn, m.destination(),
          kernel::rotated(board.orientation_at(from), m.rotation())};
}

// The order in which the reference engine breaks ties between moves of equal
// sort key: the larger code of (piece type, rotation, from square, to
// square) first, Kings before Pawns and squares numbered file by file. Used
// as the picker's tie code so that equal keys come in the reference's order.
inline constexpr std::array<std::uint8_t, kernel::kSquareCount> kFileMajor = [] {
  std::array<std::uint8_t, kernel::kSquareCount> index{};
  for (int sq = 0; sq < kernel::kSquareCount; ++sq) index[static_cast<std::size_t>(sq)] = static_cast<std::uint8_t>(((sq & 7) << 3) | (sq >> 3));
  return index;
}();
inline std::uint16_t reference_tie_code(kernel::Move m, const MoveShape& shape) {
  return static_cast<std::uint16_t>((shape.type == kernel::PieceType::kKing ? 1 << 14 : 0) | (m.rotation() << 12) |
                                    (kFileMajor[m.from()] << 6) | kFileMajor[shape.destination]);
}

// The best-move history of the reference search, shared by all threads:
// one score per (side, piece type, destination, orientation after the move).
// After a node's move loop every move tried there decays by a tenth, and the
// best one first gains kBonus, so a move that keeps being best approaches
// 9 * kBonus. Cleared at the start of every search.
//
// Entries are relaxed atomics updated by load + store: two threads updating
// the same entry at once may lose one update, which costs nothing measurable
// in move ordering and needs neither locks nor a copy per worker.
class HistoryTable {
 public:
  static constexpr std::int32_t kBonus = 11200;

  HistoryTable() : scores_(kSlots) { clear(); }
  void clear() {
    for (auto& s : scores_) s.store(0, std::memory_order_relaxed);
  }
  void halve() {
    for (auto& s : scores_) s.store(s.load(std::memory_order_relaxed) / 2, std::memory_order_relaxed);
  }
  std::int32_t score(kernel::Color side, const MoveShape& shape) const {
    return scores_[slot(side, shape)].load(std::memory_order_relaxed);
  }
  void update(kernel::Color side, const MoveShape& shape, bool best) {
    auto& s = scores_[slot(side, shape)];
    const std::int32_t value = s.load(std::memory_order_relaxed) + (best ? kBonus : 0);
    s.store(value * 9 / 10, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kSlots = 2 * 2 * kernel::kSquareCount * 4;
  static std::size_t slot(kernel::Color side, const MoveShape& shape) {
    return ((static_cast<std::size_t>(kernel::index_of(side)) * 2 + static_cast<std::size_t>(shape.type)) *
                kernel::kSquareCount +
            shape.destination) *
               4 +
           shape.orientation;
  }
  std::vector<std::atomic<std::int32_t>> scores_;
};

// The sort key of a move at an interior node (the root keeps the previous
// iteration's order instead): the TT move, then the two killers, then the
// best-move history, whose scores stay below 9 * HistoryTable::kBonus.
inline constexpr std::int32_t kKeyTTMove = 1 << 30;
inline constexpr std::int32_t kKeyKiller1 = kKeyTTMove - 1;
inline constexpr std::int32_t kKeyKiller2 = kKeyTTMove - 2;
static_assert(9 * HistoryTable::kBonus < kKeyKiller2);

inline std::int32_t sort_key(kernel::Move m, const MoveShape& shape, kernel::Color us, kernel::Move tt_move,
                             const KillerTable& killers, int ply, const HistoryTable& history) {
  if (m == tt_move) return kKeyTTMove;
  if (m == killers.first(ply)) return kKeyKiller1;
  if (m == killers.second(ply)) return kKeyKiller2;
  return history.score(us, shape);
}

// Hands out moves best key first, ties by the larger tie code. Each move, its
// key and tie code are packed into one 64-bit word, (key, tie, move), so that
// one unsigned comparison orders them completely and the order never depends
// on how the selection shuffles the list. The first few moves are found by
// scanning for the largest word: at a cut node the search rarely asks for
// more. Once it does, the node is likely to want them all, so the rest is
// sorted once (n log n) instead of scanned again per move (n squared).
class MovePicker {
 public:
  // Key values must be below 2^31 in magnitude; `scratch` holds count words.
  MovePicker(const kernel::Move* moves, const std::int32_t* keys, const std::uint16_t* ties, int count,
             std::uint64_t* scratch)
      : entries_(scratch), count_(count) {
    for (int i = 0; i < count; ++i) entries_[i] = pack(keys[i], ties[i], moves[i]);
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
    out = picked(taken_++);
    return true;
  }
  int taken() const { return taken_; }
  // The i-th move handed out (i < taken()).
  kernel::Move picked(int i) const { return kernel::Move::from_raw(static_cast<std::uint16_t>(entries_[i])); }

 private:
  static constexpr int kScannedPicks = 3;
  static std::uint64_t pack(std::int32_t key, std::uint16_t tie, kernel::Move m) {
    const std::uint64_t biased_key = static_cast<std::uint32_t>(key) ^ 0x80000000U;
    return (biased_key << 32) | (std::uint64_t{tie} << 16) | m.raw();
  }
  std::uint64_t* entries_;
  int count_;
  int taken_ = 0;
};

}  // namespace leiser::search
