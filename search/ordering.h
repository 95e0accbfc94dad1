// Move ordering: killers, the best-move history, and lazy selection that
// finds the next best move only when the search asks for it (a cutoff usually
// comes early, so sorting the whole list would be wasted work).
#pragma once

#include <algorithm>
#include <bit>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <vector>
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "kernel/board.h"
#include "kernel/move.h"
#include "kernel/piece.h"
#include "search/search_limits.h"
#include "search/word_sort.h"

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
#if defined(__AVX2__)
  // The scores as plain 32-bit integers, for a gather (sort_keys_avx2). On
  // x86 each aligned 4-byte element of a gather is read whole, as a relaxed
  // load reads it; the slot of (side, type, destination, orientation) is
  // ((side * 2 + type) * 64 + destination) * 4 + orientation.
  const std::int32_t* gather_base() const {
    static_assert(sizeof(std::atomic<std::int32_t>) == 4 && std::atomic<std::int32_t>::is_always_lock_free);
    return reinterpret_cast<const std::int32_t*>(scores_.data());
  }
#endif
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

#if defined(__AVX2__)
// kSteps as 32-bit entries, indexed 8 * square + direction, for gathers.
inline constexpr std::array<std::int32_t, 64 * 8> kStepsByIndex = [] {
  std::array<std::int32_t, 64 * 8> steps{};
  for (std::size_t i = 0; i < steps.size(); ++i) steps[i] = kernel::kSteps[i / 8][i % 8];
  return steps;
}();

// sort_key and reference_tie_code of moves[0..count) eight at a time, for
// the wide cores (docs/isa-cores.md); the scalar loop in Worker::sort_keys
// is the reference and does the rest. Same values, lane by lane: the move's
// fields decoded in 32-bit lanes, its destination through one or two
// gathers of kSteps, the mover's type and orientation from the board's
// planes by variable shifts, the history score by a gather.
inline int sort_keys_avx2(const kernel::Board& board, kernel::Color us, const kernel::MoveList& moves,
                          kernel::Move tt_move, kernel::Move killer1, kernel::Move killer2,
                          const HistoryTable& history, std::int32_t* keys, std::uint16_t* ties) {
  static_assert(sizeof(kernel::Move) == 2 && std::is_trivially_copyable_v<kernel::Move>);
  static_assert(static_cast<int>(kernel::MoveKind::kShift) == 1 && static_cast<int>(kernel::MoveKind::kSwapShift) == 2 &&
                static_cast<int>(kernel::MoveKind::kSwapRotate) == 3 && static_cast<int>(kernel::PieceType::kKing) == 1);
  const auto plane = [](kernel::Bitboard b, __m256i& low, __m256i& high) {
    low = _mm256_set1_epi32(static_cast<std::int32_t>(static_cast<std::uint32_t>(b)));
    high = _mm256_set1_epi32(static_cast<std::int32_t>(static_cast<std::uint32_t>(b >> 32)));
  };
  __m256i kings_low, kings_high, olow_low, olow_high, ohigh_low, ohigh_high;
  plane(board.kings, kings_low, kings_high);
  plane(board.orientation_low, olow_low, olow_high);
  plane(board.orientation_high, ohigh_low, ohigh_high);
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i seven = _mm256_set1_epi32(7);
  const __m256i three = _mm256_set1_epi32(3);
  const __m256i thirty_two = _mm256_set1_epi32(32);
  const __m256i tt = _mm256_set1_epi32(std::bit_cast<std::uint16_t>(tt_move));
  const __m256i k1 = _mm256_set1_epi32(std::bit_cast<std::uint16_t>(killer1));
  const __m256i k2 = _mm256_set1_epi32(std::bit_cast<std::uint16_t>(killer2));
  const __m256i side_base = _mm256_set1_epi32(kernel::index_of(us) * 2);
  const std::int32_t* scores = history.gather_base();
  // The bit of `square` (0..63) of a plane held as two 32-bit halves: a
  // shift by 32 or more (the other half's turn) gives 0.
  const auto bit_at = [&](__m256i square, __m256i low, __m256i high) {
    const __m256i from_low = _mm256_srlv_epi32(low, square);
    const __m256i from_high = _mm256_srlv_epi32(high, _mm256_sub_epi32(square, thirty_two));
    return _mm256_and_si256(_mm256_or_si256(from_low, from_high), one);
  };
  const auto file_major = [&](__m256i square) {
    return _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(square, seven), 3), _mm256_srli_epi32(square, 3));
  };
  const kernel::Move* list = moves.begin();
  int i = 0;
  for (; i + 8 <= moves.size(); i += 8) {
    const __m256i m = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(list + i)));
    const __m256i from = _mm256_and_si256(m, _mm256_set1_epi32(63));
    const __m256i dir = _mm256_and_si256(_mm256_srli_epi32(m, 6), seven);
    const __m256i dir2 = _mm256_and_si256(_mm256_srli_epi32(m, 9), seven);
    const __m256i rotation = _mm256_and_si256(_mm256_srli_epi32(m, 12), three);
    const __m256i kind = _mm256_srli_epi32(m, 14);
    // Destination: from (rotate), one step (shift, swap-rotate), two steps
    // (swap-shift). A lane that does not use a step reads a valid entry.
    const __m256i step1 = _mm256_i32gather_epi32(kStepsByIndex.data(), _mm256_add_epi32(_mm256_slli_epi32(from, 3), dir), 4);
    const __m256i step1_clamped = _mm256_max_epi32(step1, _mm256_setzero_si256());
    const __m256i step2 = _mm256_i32gather_epi32(kStepsByIndex.data(), _mm256_add_epi32(_mm256_slli_epi32(step1_clamped, 3), dir2), 4);
    __m256i destination = _mm256_blendv_epi8(step1, from, _mm256_cmpeq_epi32(kind, _mm256_setzero_si256()));
    destination = _mm256_blendv_epi8(destination, step2, _mm256_cmpeq_epi32(kind, _mm256_set1_epi32(2)));
    const __m256i king = bit_at(from, kings_low, kings_high);
    const __m256i orientation = _mm256_or_si256(bit_at(from, olow_low, olow_high),
                                                _mm256_slli_epi32(bit_at(from, ohigh_low, ohigh_high), 1));
    const __m256i after = _mm256_and_si256(_mm256_add_epi32(orientation, rotation), three);
    const __m256i slot = _mm256_add_epi32(
        _mm256_slli_epi32(_mm256_add_epi32(_mm256_slli_epi32(_mm256_add_epi32(side_base, king), 6), destination), 2),
        after);
    __m256i key = _mm256_i32gather_epi32(scores, slot, 4);
    key = _mm256_blendv_epi8(key, _mm256_set1_epi32(kKeyKiller2), _mm256_cmpeq_epi32(m, k2));
    key = _mm256_blendv_epi8(key, _mm256_set1_epi32(kKeyKiller1), _mm256_cmpeq_epi32(m, k1));
    key = _mm256_blendv_epi8(key, _mm256_set1_epi32(kKeyTTMove), _mm256_cmpeq_epi32(m, tt));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(keys + i), key);
    const __m256i tie = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi32(king, 14), _mm256_slli_epi32(rotation, 12)),
        _mm256_or_si256(_mm256_slli_epi32(file_major(from), 6), file_major(destination)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(ties + i),
                     _mm_packus_epi32(_mm256_castsi256_si128(tie), _mm256_extracti128_si256(tie, 1)));
  }
  return i;
}
#endif

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
// sort_keys_avx2 sixteen moves at a time, for the avx512 core: the same
// decoding lane by lane, with masks in place of blends, and the last group
// of fewer than sixteen moves done by masked loads and stores (a masked-off
// lane reads the move 0, whose fields index valid table entries, and is not
// stored), so the scalar loop has nothing left. Returns moves.size().
inline int sort_keys_avx512(const kernel::Board& board, kernel::Color us, const kernel::MoveList& moves,
                            kernel::Move tt_move, kernel::Move killer1, kernel::Move killer2,
                            const HistoryTable& history, std::int32_t* keys, std::uint16_t* ties) {
  static_assert(sizeof(kernel::Move) == 2 && std::is_trivially_copyable_v<kernel::Move>);
  static_assert(static_cast<int>(kernel::MoveKind::kShift) == 1 && static_cast<int>(kernel::MoveKind::kSwapShift) == 2 &&
                static_cast<int>(kernel::MoveKind::kSwapRotate) == 3 && static_cast<int>(kernel::PieceType::kKing) == 1);
  const auto plane = [](kernel::Bitboard b, __m512i& low, __m512i& high) {
    low = _mm512_set1_epi32(static_cast<std::int32_t>(static_cast<std::uint32_t>(b)));
    high = _mm512_set1_epi32(static_cast<std::int32_t>(static_cast<std::uint32_t>(b >> 32)));
  };
  __m512i kings_low, kings_high, olow_low, olow_high, ohigh_low, ohigh_high;
  plane(board.kings, kings_low, kings_high);
  plane(board.orientation_low, olow_low, olow_high);
  plane(board.orientation_high, ohigh_low, ohigh_high);
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i seven = _mm512_set1_epi32(7);
  const __m512i three = _mm512_set1_epi32(3);
  const __m512i thirty_two = _mm512_set1_epi32(32);
  const __m512i tt = _mm512_set1_epi32(std::bit_cast<std::uint16_t>(tt_move));
  const __m512i k1 = _mm512_set1_epi32(std::bit_cast<std::uint16_t>(killer1));
  const __m512i k2 = _mm512_set1_epi32(std::bit_cast<std::uint16_t>(killer2));
  const __m512i side_base = _mm512_set1_epi32(kernel::index_of(us) * 2);
  const std::int32_t* scores = history.gather_base();
  // The bit of `square` (0..63) of a plane held as two 32-bit halves: a
  // shift by 32 or more (the other half's turn) gives 0.
  const auto bit_at = [&](__m512i square, __m512i low, __m512i high) {
    const __m512i from_low = _mm512_srlv_epi32(low, square);
    const __m512i from_high = _mm512_srlv_epi32(high, _mm512_sub_epi32(square, thirty_two));
    return _mm512_and_si512(_mm512_or_si512(from_low, from_high), one);
  };
  const auto file_major = [&](__m512i square) {
    return _mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(square, seven), 3), _mm512_srli_epi32(square, 3));
  };
  const kernel::Move* list = moves.begin();
  for (int i = 0; i < moves.size(); i += 16) {
    const int left = moves.size() - i;
    const __mmask16 valid = left >= 16 ? __mmask16{0xFFFF} : static_cast<__mmask16>((1U << left) - 1);
    const __m512i m = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(valid, list + i));
    const __m512i from = _mm512_and_si512(m, _mm512_set1_epi32(63));
    const __m512i dir = _mm512_and_si512(_mm512_srli_epi32(m, 6), seven);
    const __m512i dir2 = _mm512_and_si512(_mm512_srli_epi32(m, 9), seven);
    const __m512i rotation = _mm512_and_si512(_mm512_srli_epi32(m, 12), three);
    const __m512i kind = _mm512_srli_epi32(m, 14);
    const __m512i step1 = _mm512_i32gather_epi32(_mm512_add_epi32(_mm512_slli_epi32(from, 3), dir), kStepsByIndex.data(), 4);
    const __m512i step1_clamped = _mm512_max_epi32(step1, _mm512_setzero_si512());
    const __m512i step2 =
        _mm512_i32gather_epi32(_mm512_add_epi32(_mm512_slli_epi32(step1_clamped, 3), dir2), kStepsByIndex.data(), 4);
    __m512i destination = _mm512_mask_mov_epi32(step1, _mm512_cmpeq_epi32_mask(kind, _mm512_setzero_si512()), from);
    destination = _mm512_mask_mov_epi32(destination, _mm512_cmpeq_epi32_mask(kind, _mm512_set1_epi32(2)), step2);
    const __m512i king = bit_at(from, kings_low, kings_high);
    const __m512i orientation = _mm512_or_si512(bit_at(from, olow_low, olow_high),
                                                _mm512_slli_epi32(bit_at(from, ohigh_low, ohigh_high), 1));
    const __m512i after = _mm512_and_si512(_mm512_add_epi32(orientation, rotation), three);
    const __m512i slot = _mm512_add_epi32(
        _mm512_slli_epi32(_mm512_add_epi32(_mm512_slli_epi32(_mm512_add_epi32(side_base, king), 6), destination), 2),
        after);
    __m512i key = _mm512_i32gather_epi32(slot, scores, 4);
    key = _mm512_mask_mov_epi32(key, _mm512_cmpeq_epi32_mask(m, k2), _mm512_set1_epi32(kKeyKiller2));
    key = _mm512_mask_mov_epi32(key, _mm512_cmpeq_epi32_mask(m, k1), _mm512_set1_epi32(kKeyKiller1));
    key = _mm512_mask_mov_epi32(key, _mm512_cmpeq_epi32_mask(m, tt), _mm512_set1_epi32(kKeyTTMove));
    _mm512_mask_storeu_epi32(keys + i, valid, key);
    const __m512i tie = _mm512_or_si512(
        _mm512_or_si512(_mm512_slli_epi32(king, 14), _mm512_slli_epi32(rotation, 12)),
        _mm512_or_si512(_mm512_slli_epi32(file_major(from), 6), file_major(destination)));
    _mm256_mask_storeu_epi16(ties + i, valid, _mm512_cvtepi32_epi16(tie));
  }
  return moves.size();
}
#endif

#if defined(__AVX512F__)
// index_of_largest for the avx512 core: eight words per step, compared as
// unsigned numbers directly (AVX-512 has the unsigned compare AVX2 lacks), a
// last group of fewer than eight by the same masked load; then the largest of the
// eight lanes and the lane that holds it. The words are distinct, so exactly
// one lane holds the largest. end - begin >= 8.
inline int index_of_largest_avx512(const std::uint64_t* words, int begin, int end) {
  const __m512i eight = _mm512_set1_epi64(8);
  __m512i index = _mm512_add_epi64(_mm512_set1_epi64(begin), _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7));
  __m512i best_index = index;
  __m512i best_value = _mm512_loadu_si512(words + begin);
  for (int i = begin + 8; i < end; i += 8) {
    const int left = end - i;
    const __mmask8 valid = left >= 8 ? __mmask8{0xFF} : static_cast<__mmask8>((1U << left) - 1);
    index = _mm512_add_epi64(index, eight);
    const __m512i value = _mm512_maskz_loadu_epi64(valid, words + i);
    const __mmask8 greater = _mm512_mask_cmpgt_epu64_mask(valid, value, best_value);
    best_value = _mm512_mask_mov_epi64(best_value, greater, value);
    best_index = _mm512_mask_mov_epi64(best_index, greater, index);
  }
  const __m512i largest = _mm512_set1_epi64(static_cast<long long>(_mm512_reduce_max_epu64(best_value)));
  const unsigned lane = static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(_mm512_cmpeq_epu64_mask(best_value, largest))));
  alignas(64) std::int64_t lanes[8];
  _mm512_store_si512(lanes, best_index);
  return static_cast<int>(lanes[lane]);
}
#endif

#if defined(__AVX2__)
// index_of_largest for the wide cores: four words per step, the running
// maximum and its index kept per lane, then the four lanes reduced. AVX2
// compares 64-bit lanes as signed numbers, so the top bit is flipped first,
// which orders the words as unsigned. The words are distinct (each holds its
// move), so the largest is unique and any reduction order finds the same one.
inline int index_of_largest_avx2(const std::uint64_t* words, int begin, int end) {
  const __m256i flip = _mm256_set1_epi64x(static_cast<long long>(std::uint64_t{1} << 63));
  const __m256i four = _mm256_set1_epi64x(4);
  __m256i index = _mm256_setr_epi64x(begin, begin + 1, begin + 2, begin + 3);
  __m256i best_index = index;
  __m256i best_value = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(words + begin)), flip);
  int i = begin + 4;
  for (; i + 4 <= end; i += 4) {
    index = _mm256_add_epi64(index, four);
    const __m256i value = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(words + i)), flip);
    const __m256i greater = _mm256_cmpgt_epi64(value, best_value);
    best_value = _mm256_blendv_epi8(best_value, value, greater);
    best_index = _mm256_blendv_epi8(best_index, index, greater);
  }
  alignas(32) std::int64_t lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), best_index);
  int best = static_cast<int>(lanes[0]);
  for (int lane = 1; lane < 4; ++lane)
    if (words[lanes[lane]] > words[best]) best = static_cast<int>(lanes[lane]);
  for (; i < end; ++i)
    if (words[i] > words[best]) best = i;
  return best;
}
#endif

// The index of the largest of words[begin..end), begin < end: the plain scan
// is the reference; the wide cores scan long lists four (avx2) or eight
// (avx512) words at a time.
inline int index_of_largest(const std::uint64_t* words, int begin, int end) {
#if defined(__AVX512F__)
  if (end - begin >= 8) return index_of_largest_avx512(words, begin, end);
#elif defined(__AVX2__)
  if (end - begin >= 8) return index_of_largest_avx2(words, begin, end);
#endif
  int best = begin;
  for (int i = begin + 1; i < end; ++i)
    if (words[i] > words[best]) best = i;
  return best;
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
  MovePicker(const kernel::Move* moves, const std::int32_t* keys, const std::uint16_t* ties, int count,
             std::uint64_t* scratch)
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
