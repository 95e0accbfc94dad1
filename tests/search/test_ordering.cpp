// Move ordering on its own: the killers, the best-move history's update
// rule, what a move's shape and tie code are, and the order in which the
// picker hands out an interior node's moves (TT move, killers, history,
// then the reference's tie order).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <random>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/movegen.h"
#include "kernel/notation.h"
#include "kernel/position.h"
#include "search/ordering.h"
#include "simd/cpu.h"
#if defined(LEISER_ORDERING_PROBES)
#include "tests/search/ordering_probe.h"
#endif

namespace leiser::search {
namespace {

using kernel::Color;
using kernel::Edition;
using kernel::make_square;
using kernel::Move;
using kernel::PieceType;

const Move kA = Move::shift(make_square(1, 1), kernel::kN);
const Move kB = Move::shift(make_square(2, 2), kernel::kE);
const Move kC = Move::rotation(make_square(3, 3), kernel::kRotateLeft);

TEST(KillerTable, ANewKillerPushesTheFirstToSecondAndARepeatChangesNothing) {
  KillerTable killers;
  killers.clear();
  killers.add(3, kA);
  EXPECT_EQ(killers.first(3), kA);
  killers.add(3, kB);
  EXPECT_EQ(killers.first(3), kB);
  EXPECT_EQ(killers.second(3), kA);
  killers.add(3, kB);  // already first: kA must not be lost
  EXPECT_EQ(killers.first(3), kB);
  EXPECT_EQ(killers.second(3), kA);
  killers.add(3, kC);
  EXPECT_EQ(killers.first(3), kC);
  EXPECT_EQ(killers.second(3), kB);
  EXPECT_TRUE(killers.is_killer(3, kB));
  EXPECT_FALSE(killers.is_killer(3, kA));
  // Plies are independent.
  EXPECT_FALSE(killers.is_killer(4, kC));
  killers.add(4, kA);
  EXPECT_EQ(killers.first(3), kC);
  killers.clear();
  EXPECT_FALSE(killers.is_killer(3, kC));
  EXPECT_FALSE(killers.is_killer(4, kA));
}

// Each side's reply to each move has its own entry; clear() forgets them.
TEST(CounterMoveTable, EachSideAndEachPreviousMoveHaveTheirOwnReply) {
  CounterMoveTable counters;
  EXPECT_EQ(counters.reply(Color::kTangerine, kA), Move::none());
  counters.set(Color::kTangerine, kA, kB);
  EXPECT_EQ(counters.reply(Color::kTangerine, kA), kB);
  EXPECT_EQ(counters.reply(Color::kLavender, kA), Move::none());
  EXPECT_EQ(counters.reply(Color::kTangerine, kB), Move::none());
  counters.set(Color::kLavender, kA, kC);
  counters.set(Color::kTangerine, kA, kC);  // a newer cutoff replaces the reply
  EXPECT_EQ(counters.reply(Color::kTangerine, kA), kC);
  EXPECT_EQ(counters.reply(Color::kLavender, kA), kC);
  counters.clear();
  EXPECT_EQ(counters.reply(Color::kTangerine, kA), Move::none());
  EXPECT_EQ(counters.reply(Color::kLavender, kA), Move::none());
}

constexpr MoveShape kShape{PieceType::kPawn, make_square(4, 5), 2};

// update(): add kBonus if best, then keep nine tenths (integer division).
TEST(HistoryTable, TheBestGainsTheBonusAndEveryUpdateDecaysByATenth) {
  HistoryTable history;
  EXPECT_EQ(history.score(Color::kTangerine, kShape), 0);
  history.update(Color::kTangerine, kShape, true);
  EXPECT_EQ(history.score(Color::kTangerine, kShape), 10080);  // (0 + 11200) * 9 / 10
  history.update(Color::kTangerine, kShape, true);
  EXPECT_EQ(history.score(Color::kTangerine, kShape), 19152);  // (10080 + 11200) * 9 / 10
  history.update(Color::kTangerine, kShape, false);
  EXPECT_EQ(history.score(Color::kTangerine, kShape), 17236);  // 19152 * 9 / 10, rounded down
  history.halve();
  EXPECT_EQ(history.score(Color::kTangerine, kShape), 8618);
  history.clear();
  EXPECT_EQ(history.score(Color::kTangerine, kShape), 0);
}

TEST(HistoryTable, SidesPieceTypesSquaresAndOrientationsHaveTheirOwnScores) {
  HistoryTable history;
  history.update(Color::kTangerine, kShape, true);
  EXPECT_EQ(history.score(Color::kLavender, kShape), 0);
  EXPECT_EQ(
      history.score(Color::kTangerine, {PieceType::kKing, kShape.destination, kShape.orientation}),
      0);
  EXPECT_EQ(history.score(Color::kTangerine, {kShape.type, make_square(5, 5), kShape.orientation}),
            0);
  EXPECT_EQ(history.score(Color::kTangerine, {kShape.type, kShape.destination, 3}), 0);
  EXPECT_EQ(history.score(Color::kTangerine, kShape), 10080);
}

// A move that is always best converges where (v + kBonus) * 9 / 10 rounds
// down to v: v <= 9 * kBonus and 0.9 v + 0.9 kBonus < v + 1, so v lies in
// (9 * kBonus - 10, 9 * kBonus], below every killer's sort key.
TEST(HistoryTable, AMoveThatIsAlwaysBestStaysBelowNineBonuses) {
  HistoryTable history;
  for (int i = 0; i < 500; ++i) history.update(Color::kLavender, kShape, true);
  const std::int32_t score = history.score(Color::kLavender, kShape);
  EXPECT_LE(score, 9 * HistoryTable::kBonus);
  EXPECT_GT(score, 9 * HistoryTable::kBonus - 10);
  EXPECT_LT(score, kKeyKiller2);
}

// average(): every table ends with the mean of all, slot by slot (rounded
// toward zero); one table is left as it is.
TEST(HistoryTable, AveragingGivesEveryTableTheMeanOfAll) {
  HistoryTable a, b, c;
  a.update(Color::kTangerine, kShape, true);  // 10080
  b.update(Color::kTangerine, kShape, true);
  b.update(Color::kTangerine, kShape, true);  // 19152
  const MoveShape other{PieceType::kKing, make_square(1, 1), 0};
  c.update(Color::kLavender, other, true);  // 10080, in a slot the others left at 0
  std::array<HistoryTable*, 3> all{&a, &b, &c};
  HistoryTable::average(all);
  for (const HistoryTable* t : all) {
    EXPECT_EQ(t->score(Color::kTangerine, kShape), (10080 + 19152) / 3);
    EXPECT_EQ(t->score(Color::kLavender, other), 10080 / 3);
    EXPECT_EQ(t->score(Color::kLavender, kShape), 0);
  }
  std::array<HistoryTable*, 1> alone{&b};
  b.update(Color::kTangerine, kShape, true);
  const std::int32_t before = b.score(Color::kTangerine, kShape);
  HistoryTable::average(alone);
  EXPECT_EQ(b.score(Color::kTangerine, kShape), before);
}

TEST(MoveDestination, EachKindEndsWhereItsStepsLead) {
  const kernel::Square d4 = make_square(3, 3);
  EXPECT_EQ(Move::rotation(d4, kernel::kRotateRight).destination(), d4);
  EXPECT_EQ(Move::shift(d4, kernel::kN).destination(), make_square(3, 4));
  EXPECT_EQ(Move::shift(d4, kernel::kSW).destination(), make_square(2, 2));
  EXPECT_EQ(Move::swap_rotate(d4, kernel::kE, kernel::kRotateUTurn).destination(),
            make_square(4, 3));
  EXPECT_EQ(Move::swap_shift(d4, kernel::kE, kernel::kN).destination(), make_square(4, 4));
  EXPECT_EQ(Move::swap_shift(d4, kernel::kNW, kernel::kNW).destination(), make_square(1, 5));
}

// move_shape must describe the mover as it stands after the move: check it
// against the kernel's own apply_move for every move of both start positions.
TEST(MoveShape, NamesThePieceTheSquareAndTheOrientationAfterTheMove) {
  for (const Edition edition : {Edition::k2016, Edition::k2018}) {
    const kernel::Position pos = kernel::Game::start(edition).position();
    kernel::MoveList moves;
    if (edition == Edition::k2016)
      kernel::generate_pseudo_moves<Edition::k2016>(pos, moves);
    else
      kernel::generate_pseudo_moves<Edition::k2018>(pos, moves);
    ASSERT_GT(moves.size(), 0);
    const Color us = pos.side_to_move();
    for (const Move m : moves) {
      const MoveShape shape = move_shape(pos.board(), m);
      const bool king_moves = (pos.board().kings >> m.from()) & 1;
      EXPECT_EQ(shape.type, king_moves ? PieceType::kKing : PieceType::kPawn);
      kernel::Board after = pos.board();
      kernel::apply_move(after, m);
      EXPECT_TRUE(after.pieces(us) & kernel::bit(shape.destination)) << kernel::move_to_string(m);
      EXPECT_EQ(((after.kings >> shape.destination) & 1) != 0, king_moves)
          << kernel::move_to_string(m);
      EXPECT_EQ(after.orientation_at(shape.destination), shape.orientation)
          << kernel::move_to_string(m);
    }
  }
}

// Tie code: King bit 14, rotation bits 12-13, then the from and destination
// squares numbered file by file (file * 8 + rank).
TEST(ReferenceTieCode, KingsFirstThenRotationThenSquaresFileByFile) {
  const Move king_turn = Move::rotation(make_square(0, 0), kernel::kRotateRight);
  EXPECT_EQ(reference_tie_code(king_turn, {PieceType::kKing, make_square(0, 0), 1}),
            (1 << 14) | (1 << 12));
  // b1 is file 1 rank 0: 8; b2 is file 1 rank 1: 9.
  const Move pawn_step = Move::shift(make_square(1, 0), kernel::kN);
  EXPECT_EQ(reference_tie_code(pawn_step, {PieceType::kPawn, make_square(1, 1), 0}), (8 << 6) | 9);
  // a8 (file 0, rank 7) is 7 file by file, below b1's 8.
  const Move far_rank = Move::shift(make_square(0, 7), kernel::kS);
  EXPECT_LT(reference_tie_code(far_rank, {PieceType::kPawn, make_square(0, 6), 0}),
            reference_tie_code(pawn_step, {PieceType::kPawn, make_square(1, 1), 0}));
}

// Distinct words as the picker packs them, half with the top bit set (negative
// keys biased, which a signed comparison would order wrongly), some differing
// only in the low bits (the move).
std::vector<std::uint64_t> distinct_words(std::mt19937_64& rng, int count) {
  std::vector<std::uint64_t> words;
  std::unordered_set<std::uint64_t> seen;
  while (static_cast<int>(words.size()) < count) {
    std::uint64_t w = rng();
    if (rng() % 4 == 0 && !words.empty())
      w = (words[rng() % words.size()] & ~std::uint64_t{0xffff}) | (rng() & 0xffff);
    if (seen.insert(w).second) words.push_back(w);
  }
  return words;
}

// Every list length a node can have, every start the picker scans from.
template <typename Scan>
void expect_scan_finds_the_largest(Scan scan, int min_length) {
  std::mt19937_64 rng(2016);
  for (int length = min_length; length <= 140; ++length)
    for (int trial = 0; trial < 20; ++trial) {
      const std::vector<std::uint64_t> words = distinct_words(rng, length + 3);
      const int begin = trial % 4;
      const int end = begin + length;
      const auto expected =
          std::max_element(words.begin() + begin, words.begin() + end) - words.begin();
      ASSERT_EQ(scan(words.data(), begin, end), expected)
          << "length " << length << " trial " << trial;
    }
}

TEST(MovePicker, TheSelectionScanFindsTheLargestWord) {
  expect_scan_finds_the_largest(
      [](const std::uint64_t* w, int b, int e) { return index_of_largest(w, b, e); }, 1);
}

#if defined(LEISER_ORDERING_PROBES)
// Skips the test on a CPU that lacks what a core's probe needs.
#define SKIP_UNLESS_CPU_HAS(features, name)                \
  do {                                                     \
    if ((simd::cpu_features() & (features)) != (features)) \
      GTEST_SKIP() << "this CPU lacks " << (name);         \
  } while (false)
#endif

// The wide cores' scans (ordering_avx2_probe.cpp, ordering_avx512_probe.cpp,
// compiled with their flags) against the plain answer.
TEST(MovePicker, TheAvx2SelectionScanFindsTheLargestWord) {
#if defined(LEISER_ORDERING_PROBES)
  SKIP_UNLESS_CPU_HAS(simd::kFeaturesAvx2Implementation, "AVX2");
  expect_scan_finds_the_largest(
      [](const std::uint64_t* w, int b, int e) {
        return ordering_probe::probe_index_of_largest_avx2(w, b, e);
      },
      4);
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

TEST(MovePicker, TheAvx512SelectionScanFindsTheLargestWord) {
#if defined(LEISER_ORDERING_PROBES)
  SKIP_UNLESS_CPU_HAS(simd::kFeaturesAvx512Implementation, "AVX-512");
  expect_scan_finds_the_largest(
      [](const std::uint64_t* w, int b, int e) {
        return ordering_probe::probe_index_of_largest_avx512(w, b, e);
      },
      8);
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

// Lists to sort as the picker's words are (distinct), and lists with repeated
// words and zeros, the value the networks pad with: a sort must give the
// plain order for any list, since equal words are interchangeable.
std::vector<std::uint64_t> words_to_sort(std::mt19937_64& rng, int count, int trial) {
  if (trial % 3 != 2) return distinct_words(rng, count);
  std::vector<std::uint64_t> words(count);
  for (auto& w : words) w = rng() % 5 == 0 ? 0 : (rng() % 7) << (rng() % 64);
  return words;
}

// Every length the networks sort, from their smallest to their largest.
template <typename Sort>
void expect_sort_gives_the_plain_order(Sort sort) {
  std::mt19937_64 rng(2018);
  for (int length = kNetworkSortMinWords; length <= kNetworkSortMaxWords; ++length)
    for (int trial = 0; trial < (length <= 160 ? 6 : 1) + 2; ++trial) {
      std::vector<std::uint64_t> words = words_to_sort(rng, length, trial);
      std::vector<std::uint64_t> expected = words;
      sort_descending_plain(expected.data(), length);
      sort(words.data(), length);
      ASSERT_EQ(words, expected) << "length " << length << " trial " << trial;
    }
}

TEST(MovePicker, TheSortOfTheRestOrdersFromLargestToSmallest) {
  std::mt19937_64 rng(7);
  for (int length = 0; length <= 200; ++length) {
    std::vector<std::uint64_t> words = distinct_words(rng, length);
    sort_descending(words.data(), length);
    ASSERT_TRUE(std::is_sorted(words.begin(), words.end(), std::greater<>()))
        << "length " << length;
  }
}

// The wide cores' sorting networks (search/word_sort.h, compiled with their
// flags) against std::sort.
TEST(MovePicker, TheAvx2SortingNetworkGivesThePlainOrder) {
#if defined(LEISER_ORDERING_PROBES)
  SKIP_UNLESS_CPU_HAS(simd::kFeaturesAvx2Implementation, "AVX2");
  expect_sort_gives_the_plain_order(
      [](std::uint64_t* w, int n) { ordering_probe::probe_sort_descending_avx2(w, n); });
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

TEST(MovePicker, TheAvx512SortingNetworkGivesThePlainOrder) {
#if defined(LEISER_ORDERING_PROBES)
  SKIP_UNLESS_CPU_HAS(simd::kFeaturesAvx512Implementation, "AVX-512");
  expect_sort_gives_the_plain_order(
      [](std::uint64_t* w, int n) { ordering_probe::probe_sort_descending_avx512(w, n); });
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

#if defined(LEISER_ORDERING_PROBES)
// Interior nodes as the search meets them: the boards of random games of an
// edition, the side to move's legal moves, a best-move history filled by the
// update rule from those games' moves, a TT move and killers drawn from the
// list (or moves not in it, or none), and at half the nodes a
// continuation-history row filled by its update rule. `wide` gives the keys
// and tie codes of the first moves, whole groups of `group` moves (0: the
// whole list); every one must equal sort_key's and reference_tie_code's.
template <Edition E, typename Wide>
void expect_wide_sort_keys_equal_the_plain_ones(Wide wide, int group) {
  std::mt19937_64 rng(E == Edition::k2016 ? 15 : 2018);
  HistoryTable history;
  ContinuationHistory continuation_history;
  continuation_history.clear();
  KillerTable killers;
  killers.clear();
  int nodes = 0, long_lists = 0;
  for (int game = 0; game < 40; ++game) {
    kernel::Position pos = kernel::parse_fen(kernel::start_fen(E), E).value();
    kernel::Board before{};
    bool has_before = false;
    for (int ply = 0; ply < 150 && !pos.is_game_over(); ++ply) {
      kernel::MoveList moves;
      kernel::generate_legal_moves<E>(pos, has_before ? &before : nullptr, moves);
      if (moves.empty()) break;
      const Color us = pos.side_to_move();
      const auto any_move = [&] {
        return moves[static_cast<int>(rng() % static_cast<std::uint64_t>(moves.size()))];
      };
      // The row after a move of the list's: any shape of the opponent's
      // would do, the row is what matters.
      std::int32_t* row = continuation_history.row(us, move_shape(pos.board(), any_move()));
      for (int u = 0; u < 4; ++u) {
        const Move m = any_move();
        history.update(us, move_shape(pos.board(), m), rng() % 3 == 0);
        ContinuationHistory::update(row, move_shape(pos.board(), any_move()), rng() % 3 == 0);
      }
      const std::int32_t* continuation = rng() % 2 ? row : nullptr;
      const int ply_index = ply % 8;
      killers.add(ply_index, rng() % 4 == 0 ? kA : any_move());
      killers.add(ply_index, any_move());
      const Move tt_move = rng() % 5 == 0 ? Move::none() : any_move();
      std::vector<std::int32_t> keys(static_cast<std::size_t>(moves.size()) + 16, -7);
      std::vector<std::uint16_t> ties(static_cast<std::size_t>(moves.size()) + 16, 7);
      const int done =
          wide(pos.board(), us, moves, tt_move, killers.first(ply_index), killers.second(ply_index),
               history, continuation, keys.data(), ties.data());
      ASSERT_EQ(done, group == 0 ? moves.size() : moves.size() / group * group);
      for (int i = 0; i < done; ++i) {
        const MoveShape shape = move_shape(pos.board(), moves[i]);
        ASSERT_EQ(keys[static_cast<std::size_t>(i)],
                  sort_key(moves[i], shape, us, tt_move, killers, ply_index, history, continuation))
            << "game " << game << " ply " << ply << " move " << i << " of " << moves.size();
        ASSERT_EQ(ties[static_cast<std::size_t>(i)], reference_tie_code(moves[i], shape))
            << "game " << game << " ply " << ply << " move " << i << " of " << moves.size();
      }
      // Nothing is written past the list.
      for (std::size_t i = static_cast<std::size_t>(moves.size()); i < keys.size(); ++i) {
        ASSERT_EQ(keys[i], -7);
        ASSERT_EQ(ties[i], 7);
      }
      ++nodes;
      long_lists += moves.size() > 16;
      before = pos.board();
      has_before = true;
      pos.template make_move<E>(any_move());
    }
  }
  EXPECT_GT(nodes, 1000);
  EXPECT_GT(long_lists, nodes / 2);
}
#endif

TEST(MovePicker, TheAvx2SortKeysEqualThePlainOnes) {
#if defined(LEISER_ORDERING_PROBES)
  SKIP_UNLESS_CPU_HAS(simd::kFeaturesAvx2Implementation, "AVX2");
  expect_wide_sort_keys_equal_the_plain_ones<Edition::k2016>(ordering_probe::probe_sort_keys_avx2,
                                                             8);
  expect_wide_sort_keys_equal_the_plain_ones<Edition::k2018>(ordering_probe::probe_sort_keys_avx2,
                                                             8);
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

TEST(MovePicker, TheAvx512SortKeysEqualThePlainOnesForTheWholeList) {
#if defined(LEISER_ORDERING_PROBES)
  SKIP_UNLESS_CPU_HAS(simd::kFeaturesAvx512Implementation, "AVX-512");
  expect_wide_sort_keys_equal_the_plain_ones<Edition::k2016>(ordering_probe::probe_sort_keys_avx512,
                                                             0);
  expect_wide_sort_keys_equal_the_plain_ones<Edition::k2018>(ordering_probe::probe_sort_keys_avx512,
                                                             0);
#else
  GTEST_SKIP() << "not an x86-64 build";
#endif
}

TEST(MovePicker, HandsOutTheLargestKeyFirstAndBreaksTiesByTheLargerTieCode) {
  const std::array<Move, 7> moves = {Move::shift(0, kernel::kN), Move::shift(1, kernel::kN),
                                     Move::shift(2, kernel::kN), Move::shift(3, kernel::kN),
                                     Move::shift(4, kernel::kN), Move::shift(5, kernel::kN),
                                     Move::shift(6, kernel::kN)};
  const std::array<std::int32_t, 7> keys = {5, 100, 5, -3, 100, 7, -40000};
  const std::array<std::uint16_t, 7> ties = {1, 2, 3, 4, 5, 6, 60000};
  std::array<std::uint64_t, 7> scratch;
  MovePicker picker(moves.data(), keys.data(), ties.data(), 7, scratch.data());
  // Keys 100 (ties 5, 2), 7, 5 (ties 3, 1), -3, -40000: past the first three
  // picks the rest is sorted instead of scanned, in the same order.
  const std::array<int, 7> expected = {4, 1, 5, 2, 0, 3, 6};
  for (int i = 0; i < 7; ++i) {
    Move m;
    ASSERT_TRUE(picker.next(m));
    EXPECT_EQ(m, moves[static_cast<std::size_t>(expected[static_cast<std::size_t>(i)])])
        << "pick " << i;
    EXPECT_EQ(picker.taken(), i + 1);
  }
  Move m;
  EXPECT_FALSE(picker.next(m));
  for (int i = 0; i < 7; ++i)
    EXPECT_EQ(picker.picked(i),
              moves[static_cast<std::size_t>(expected[static_cast<std::size_t>(i)])]);
}

TEST(MovePicker, AnInteriorNodeTriesTheTTMoveThenTheKillersThenTheHistory) {
  const kernel::Position pos = kernel::Game::start(Edition::k2018).position();
  kernel::MoveList moves;
  kernel::generate_pseudo_moves<Edition::k2018>(pos, moves);
  ASSERT_GT(moves.size(), 40);
  const Color us = pos.side_to_move();
  const kernel::Board& board = pos.board();
  constexpr int kPly = 2;
  const Move tt_move = moves[10];
  KillerTable killers;
  killers.clear();
  killers.add(kPly, moves[20]);
  killers.add(kPly, moves[5]);  // first killer moves[5], second moves[20]
  HistoryTable history;
  const MoveShape boosted = move_shape(board, moves[30]);
  history.update(us, boosted, true);

  std::array<std::int32_t, kernel::kMaxMoves> keys;
  std::array<std::uint16_t, kernel::kMaxMoves> ties;
  for (int i = 0; i < moves.size(); ++i) {
    const MoveShape shape = move_shape(board, moves[i]);
    keys[static_cast<std::size_t>(i)] =
        sort_key(moves[i], shape, us, tt_move, killers, kPly, history, nullptr);
    ties[static_cast<std::size_t>(i)] = reference_tie_code(moves[i], shape);
  }
  EXPECT_EQ(keys[10], kKeyTTMove);
  EXPECT_EQ(keys[5], kKeyKiller1);
  EXPECT_EQ(keys[20], kKeyKiller2);
  EXPECT_EQ(keys[30], 10080);
  std::array<std::uint64_t, kernel::kMaxMoves> scratch;
  MovePicker picker(moves.begin(), keys.data(), ties.data(), moves.size(), scratch.data());
  std::vector<Move> order;
  for (Move m; picker.next(m);) order.push_back(m);
  ASSERT_EQ(static_cast<int>(order.size()), moves.size());
  EXPECT_EQ(order[0], tt_move);
  EXPECT_EQ(order[1], moves[5]);
  EXPECT_EQ(order[2], moves[20]);
  // Next the moves the history favours (moves[30] and any move of the same shape).
  EXPECT_EQ(history.score(us, move_shape(board, order[3])), 10080);
  // The rest: history score (0 unless sharing moves[30]'s shape), then the
  // larger tie code; every move exactly once.
  for (std::size_t i = 4; i < order.size(); ++i) {
    const MoveShape before = move_shape(board, order[i - 1]);
    const MoveShape here = move_shape(board, order[i]);
    const auto rank = [&](Move m, const MoveShape& s) {
      return std::tuple(history.score(us, s), reference_tie_code(m, s), m.raw());
    };
    EXPECT_GT(rank(order[i - 1], before), rank(order[i], here)) << "pick " << i;
  }
  std::vector<Move> sorted_order = order;
  std::vector<Move> generated(moves.begin(), moves.end());
  const auto by_raw = [](Move a, Move b) { return a.raw() < b.raw(); };
  std::sort(sorted_order.begin(), sorted_order.end(), by_raw);
  std::sort(generated.begin(), generated.end(), by_raw);
  EXPECT_EQ(sorted_order, generated);
}

}  // namespace
}  // namespace leiser::search
