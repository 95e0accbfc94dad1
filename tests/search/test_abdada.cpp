// ABDADA's shared state on its own (search/abdada.h): the table of moves
// being searched, a node's deferred brothers, and the hand-over of a finished
// iteration. The search that uses them is checked in test_parallel.cpp.
#include <gtest/gtest.h>

#include <vector>

#include "kernel/move.h"
#include "search/abdada.h"

namespace leiser::search {
namespace {

using kernel::Move;

TEST(BusyMoveTable, HoldsAMoveFromEnterToLeave) {
  BusyMoveTable table;
  const std::uint64_t a = BusyMoveTable::key_of(0x1234'5678'9abc'def0ULL, Move::from_raw(17));
  const std::uint64_t b = BusyMoveTable::key_of(0x1234'5678'9abc'def0ULL, Move::from_raw(18));
  EXPECT_NE(a, b);
  EXPECT_FALSE(table.contains(a));
  table.enter(a);
  EXPECT_TRUE(table.contains(a));
  EXPECT_FALSE(table.contains(b));
  table.enter(a);  // a second thread in the same move takes no second way
  table.leave(a);
  EXPECT_FALSE(table.contains(a));
  table.enter(b);
  table.clear();
  EXPECT_FALSE(table.contains(b));
}

TEST(BusyMoveTable, AFullSetForgetsItsFirstWay) {
  BusyMoveTable table;
  // Keys of one set: the same low bits, other high bits.
  std::vector<std::uint64_t> keys;
  for (std::uint64_t i = 1; i <= BusyMoveTable::kWays + 1; ++i) keys.push_back((i << 40) | 0x2a);
  for (std::uint64_t k : keys) table.enter(k);
  EXPECT_FALSE(table.contains(keys[0]));  // overwritten by the last
  for (std::size_t i = 1; i < keys.size(); ++i) EXPECT_TRUE(table.contains(keys[i])) << i;
  // Leaving a forgotten move leaves the others alone.
  table.leave(keys[0]);
  for (std::size_t i = 1; i < keys.size(); ++i) EXPECT_TRUE(table.contains(keys[i])) << i;
}

TEST(BusyMoveTable, KeysAreNeverTheEmptySlot) {
  // A position key equal to the move's mix would give 0.
  const Move m = Move::from_raw(5);
  const std::uint64_t mix = BusyMoveTable::key_of(0, m);
  EXPECT_NE(BusyMoveTable::key_of(mix, m), 0u);
}

TEST(DeferredMoves, ComeBackOldestFirstWithTheirNumbers) {
  DeferredMoves deferred;
  int index = -1;
  int number = -1;
  EXPECT_FALSE(deferred.pop(index, number));
  deferred.push(3, 2);
  deferred.push(5, 4);
  EXPECT_EQ(deferred.count(), 2);
  ASSERT_TRUE(deferred.pop(index, number));
  EXPECT_EQ(index, 3);
  EXPECT_EQ(number, 2);
  deferred.push(9, 7);  // one put off while the deferred ones are searched
  ASSERT_TRUE(deferred.pop(index, number));
  EXPECT_EQ(index, 5);
  ASSERT_TRUE(deferred.pop(index, number));
  EXPECT_EQ(index, 9);
  EXPECT_EQ(number, 7);
  EXPECT_FALSE(deferred.pop(index, number));
  for (int i = deferred.count(); i < DeferredMoves::kCapacity; ++i) deferred.push(i, i);
  EXPECT_TRUE(deferred.full());
}

TEST(FinishedIteration, KeepsTheDeepestLineOffered) {
  FinishedIteration finished;
  int score = 0;
  std::vector<Move> pv;
  EXPECT_EQ(finished.depth(), 0);
  EXPECT_FALSE(finished.take(1, score, pv));
  const std::vector<Move> line5 = {Move::from_raw(1), Move::from_raw(2)};
  const std::vector<Move> line6 = {Move::from_raw(3)};
  finished.offer(5, 40, line5);
  finished.offer(4, -7, line6);  // shallower: ignored
  finished.offer(6, 10, {});     // no line: ignored
  EXPECT_EQ(finished.depth(), 5);
  EXPECT_FALSE(finished.take(6, score, pv));
  ASSERT_TRUE(finished.take(5, score, pv));
  EXPECT_EQ(score, 40);
  EXPECT_EQ(pv, line5);
  finished.offer(6, 12, line6);
  ASSERT_TRUE(finished.take(3, score, pv));  // a deeper line serves a shallower ask
  EXPECT_EQ(score, 12);
  EXPECT_EQ(pv, line6);
  finished.reset();
  EXPECT_EQ(finished.depth(), 0);
  EXPECT_FALSE(finished.take(1, score, pv));
}

}  // namespace
}  // namespace leiser::search
