// Move ordering: killers, the best-move history, and lazy selection that
// finds the next best move only when the search asks for it (a cutoff usually
// comes early, so sorting the whole list would be wasted work).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <functional>
#include <span>
#include <type_traits>
#include <vector>

#include "kernel/board.h"
#include "kernel/move.h"
#include "kernel/piece.h"
#include "search/search_limits.h"
#include "search/word_sort.h"
#include "simd/largest_word.h"
#include "simd/move_key_lanes.h"

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
  // Takes `from`'s killers for every ply below `ply` (the subtrees of a node
  // at `ply`), keeping this table's own at `ply` and above.
  void copy_below(const KillerTable& from, int ply) {
    std::copy(from.killers_.begin() + ply + 1, from.killers_.end(), killers_.begin() + ply + 1);
  }

 private:
  std::array<std::array<kernel::Move, 2>, kMaxPly + 2> killers_{};
};

// Counter moves (SearchRules::counter_moves): for each move of the opponent,
// the reply that last caused a cutoff after it, searched after the killers.
// Indexed by the side to move and the opponent's move as its 16 bits, so two
// moves never share an entry. One table per arena slot: only its thread
// writes it.
class CounterMoveTable {
 public:
  CounterMoveTable() : replies_(kSlots, kernel::Move::none()) {}
  void clear() { std::fill(replies_.begin(), replies_.end(), kernel::Move::none()); }
  kernel::Move reply(kernel::Color side, kernel::Move previous) const {
    return replies_[slot(side, previous)];
  }
  void set(kernel::Color side, kernel::Move previous, kernel::Move reply) {
    replies_[slot(side, previous)] = reply;
  }

 private:
  static constexpr std::size_t kSlots = 2 * (std::size_t{1} << 16);
  static std::size_t slot(kernel::Color side, kernel::Move previous) {
    return (static_cast<std::size_t>(kernel::index_of(side)) << 16) | previous.raw();
  }
  std::vector<kernel::Move> replies_;
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
  for (int sq = 0; sq < kernel::kSquareCount; ++sq)
    index[static_cast<std::size_t>(sq)] = static_cast<std::uint8_t>(((sq & 7) << 3) | (sq >> 3));
  return index;
}();
inline std::uint16_t reference_tie_code(kernel::Move m, const MoveShape& shape) {
  return static_cast<std::uint16_t>((shape.type == kernel::PieceType::kKing ? 1 << 14 : 0) |
                                    (m.rotation() << 12) | (kFileMajor[m.from()] << 6) |
                                    kFileMajor[shape.destination]);
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
    for (auto& s : scores_)
      s.store(s.load(std::memory_order_relaxed) / 2, std::memory_order_relaxed);
  }
  std::int32_t score(kernel::Color side, const MoveShape& shape) const {
    return scores_[slot(side, shape)].load(std::memory_order_relaxed);
  }
  // The scores as plain 32-bit integers, for a gather (sort_keys_lanes). On
  // x86 each aligned 4-byte element of a gather is read whole, as a relaxed
  // load reads it; the slot of (side, type, destination, orientation) is
  // ((side * 2 + type) * 64 + destination) * 4 + orientation.
  const std::int32_t* gather_base() const {
    static_assert(sizeof(std::atomic<std::int32_t>) == 4 &&
                  std::atomic<std::int32_t>::is_always_lock_free);
    return reinterpret_cast<const std::int32_t*>(scores_.data());
  }
  // Every table becomes the mean of all of them, slot by slot. Only while no
  // thread writes them (between iterations).
  static void average(std::span<HistoryTable* const> tables) {
    if (tables.size() < 2) return;
    const auto count = static_cast<std::int64_t>(tables.size());
    for (std::size_t i = 0; i < kSlots; ++i) {
      std::int64_t sum = 0;
      for (const HistoryTable* t : tables) sum += t->scores_[i].load(std::memory_order_relaxed);
      const auto mean = static_cast<std::int32_t>(sum / count);
      for (HistoryTable* t : tables) t->scores_[i].store(mean, std::memory_order_relaxed);
    }
  }
  void update(kernel::Color side, const MoveShape& shape, bool best) {
    auto& s = scores_[slot(side, shape)];
    const std::int32_t value = s.load(std::memory_order_relaxed) + (best ? kBonus : 0);
    s.store(value * 9 / 10, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kSlots = 2 * 2 * kernel::kSquareCount * 4;
  static std::size_t slot(kernel::Color side, const MoveShape& shape) {
    return ((static_cast<std::size_t>(kernel::index_of(side)) * 2 +
             static_cast<std::size_t>(shape.type)) *
                kernel::kSquareCount +
            shape.destination) *
               4 +
           shape.orientation;
  }
  std::vector<std::atomic<std::int32_t>> scores_;
};

// Continuation history (SearchRules::cont_history): the best-move history of
// a move's shape after the shape of the opponent's move that led to the node,
// kept by HistoryTable's rule (every move tried decays by a tenth, the best
// gains kBonus first). A shape is (piece type, destination, orientation after
// the move), 512 of them, indexed as HistoryTable's slot less side * 512, so
// a node's row (2 KiB) is gathered beside the history (sort_keys_lanes).
// One table per arena slot, written only by its thread; allocated on first
// use (2 MiB).
class ContinuationHistory {
 public:
  static constexpr std::size_t kShapes = 2 * kernel::kSquareCount * 4;

  static std::size_t shape_index(const MoveShape& shape) {
    return (static_cast<std::size_t>(shape.type) * kernel::kSquareCount + shape.destination) * 4 +
           shape.orientation;
  }
  void clear() {
    if (scores_.empty()) scores_.resize(2 * kShapes * kShapes);
    std::fill(scores_.begin(), scores_.end(), 0);
  }
  void halve() {
    if (scores_.empty()) return clear();
    for (auto& s : scores_) s /= 2;
  }
  // The row of `side`'s moves after the opponent's move of shape `previous`;
  // valid once cleared.
  std::int32_t* row(kernel::Color side, const MoveShape& previous) {
    return scores_.data() +
           (static_cast<std::size_t>(kernel::index_of(side)) * kShapes + shape_index(previous)) *
               kShapes;
  }
  static void update(std::int32_t* row, const MoveShape& shape, bool best) {
    std::int32_t& s = row[shape_index(shape)];
    s = (s + (best ? HistoryTable::kBonus : 0)) * 9 / 10;
  }

 private:
  std::vector<std::int32_t> scores_;
};

// The sort key of a move at an interior node (the root keeps the previous
// iteration's order instead): the TT move, then the two killers, then the
// best-move history, whose scores stay below 9 * HistoryTable::kBonus. With
// SearchRules::counter_moves on, the counter move goes between the killers
// and the history (Worker::sort_keys); with SearchRules::cont_history on, the
// continuation history's score (below 9 * kBonus too) is added to the
// history's.
inline constexpr std::int32_t kKeyTTMove = 1 << 30;
inline constexpr std::int32_t kKeyKiller1 = kKeyTTMove - 1;
inline constexpr std::int32_t kKeyKiller2 = kKeyTTMove - 2;
inline constexpr std::int32_t kKeyCounterMove = kKeyTTMove - 3;
static_assert(2 * 9 * HistoryTable::kBonus < kKeyCounterMove);

// `continuation`: the node's continuation-history row, or nullptr.
inline std::int32_t sort_key(kernel::Move m, const MoveShape& shape, kernel::Color us,
                             kernel::Move tt_move, const KillerTable& killers, int ply,
                             const HistoryTable& history, const std::int32_t* continuation) {
  if (m == tt_move) return kKeyTTMove;
  if (m == killers.first(ply)) return kKeyKiller1;
  if (m == killers.second(ply)) return kKeyKiller2;
  const std::int32_t score = history.score(us, shape);
  return continuation == nullptr ? score
                                 : score + continuation[ContinuationHistory::shape_index(shape)];
}

// kSteps as 32-bit entries, indexed 8 * square + direction, for gathers.
inline constexpr std::array<std::int32_t, 64 * 8> kStepsByIndex = [] {
  std::array<std::int32_t, 64 * 8> steps{};
  for (std::size_t i = 0; i < steps.size(); ++i) steps[i] = kernel::kSteps[i / 8][i % 8];
  return steps;
}();

// sort_key and reference_tie_code of moves[0..) many at a time, for the wide
// cores (simd/move_key_lanes.h, one form per instruction set); returns how
// many it did, 0 in the scalar core. The scalar loop in Worker::sort_keys is
// the reference and does the rest.
inline int sort_keys_lanes(const kernel::Board& board, kernel::Color us,
                           const kernel::MoveList& moves, kernel::Move tt_move,
                           kernel::Move killer1, kernel::Move killer2, const HistoryTable& history,
                           const std::int32_t* continuation, std::int32_t* keys,
                           std::uint16_t* ties) {
  // The raw layout simd/move_key_lanes.h decodes.
  static_assert(sizeof(kernel::Move) == 2 && std::is_trivially_copyable_v<kernel::Move>);
  static_assert(static_cast<int>(kernel::MoveKind::kShift) == 1 &&
                static_cast<int>(kernel::MoveKind::kSwapShift) == 2 &&
                static_cast<int>(kernel::MoveKind::kSwapRotate) == 3 &&
                static_cast<int>(kernel::PieceType::kKing) == 1);
  if constexpr (!simd::vec::kHaveVectors) return 0;
  simd::MoveKeyInputs in;
  in.kings = board.kings;
  in.orientation_low = board.orientation_low;
  in.orientation_high = board.orientation_high;
  in.steps = kStepsByIndex.data();
  in.history = history.gather_base();
  in.continuation = continuation;
  in.side = kernel::index_of(us);
  in.tt_move = std::bit_cast<std::uint16_t>(tt_move);
  in.killer1 = std::bit_cast<std::uint16_t>(killer1);
  in.killer2 = std::bit_cast<std::uint16_t>(killer2);
  in.key_tt_move = kKeyTTMove;
  in.key_killer1 = kKeyKiller1;
  in.key_killer2 = kKeyKiller2;
  const int done = simd::move_keys_widest(in, moves.begin(), moves.size(), keys, ties);
  // Where the vector form does every move (AVX-512's masked last group), the
  // answer is the list's size read after the stores, as the caller's loop
  // reads it: the compiler then drops that loop instead of testing it.
  if constexpr (simd::kMoveKeysDoEveryMove<>) return moves.size();
  return done;
}

// The index of the largest of words[begin..end), begin < end: the plain scan
// (simd/largest_word.h) is the reference; the wide cores scan lists of 8 or
// more words four (avx2) or eight (avx512) at a time.
inline int index_of_largest(const std::uint64_t* words, int begin, int end) {
  return simd::largest_word_widest<8>(words, begin, end);
}

// Hands out moves best key first, ties by the larger tie code. Each move, its
// key and tie code are packed into one 64-bit word, (key, tie, move), so that
// one unsigned comparison orders them completely and the order never depends
// on how the selection shuffles the list. The first few moves are found by
// scanning for the largest word: at a cut node the search rarely asks for
// more. Once it does, the node is likely to want them all, so the rest is
// sorted once (search/word_sort.h) instead of scanned again per move (n
// squared).
class MovePicker {
 public:
  // Key values must be below 2^31 in magnitude; `scratch` holds count words.
  MovePicker(const kernel::Move* moves, const std::int32_t* keys, const std::uint16_t* ties,
             int count, std::uint64_t* scratch)
      : entries_(scratch), count_(count) {
    for (int i = 0; i < count; ++i) entries_[i] = pack(keys[i], ties[i], moves[i]);
  }
  bool next(kernel::Move& out) {
    if (taken_ >= count_) return false;
    if (taken_ == kScannedPicks && count_ - taken_ > 1) {
      sort_descending(entries_ + taken_, count_ - taken_);
    } else if (taken_ < kScannedPicks) {
      std::swap(entries_[taken_], entries_[index_of_largest(entries_, taken_, count_)]);
    }
    out = picked(taken_++);
    return true;
  }
  int taken() const { return taken_; }
  // Moves not handed out yet.
  int remaining() const { return count_ - taken_; }
  // The i-th move handed out (i < taken()).
  kernel::Move picked(int i) const {
    return kernel::Move::from_raw(static_cast<std::uint16_t>(entries_[i]));
  }

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
