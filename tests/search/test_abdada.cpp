// ABDADA's parts on their own (search/abdada.h): the table of moves being
// searched, a node's deferred brothers and the order its loop takes its
// moves in, and the hand-over of a finished iteration. The search that uses
// them is checked in test_parallel.cpp, where whether two threads ever meet
// in a node is the scheduler's; here another thread's moves are entered by
// hand, so every deferral is certain.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernel/move.h"
#include "search/abdada.h"
#include "search/ordering.h"

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

// A node of `count` moves (raw values 1..count) that the picker hands out in
// that order, as pvs's loop takes them through a DeferringMoveOrder: each
// turn is searched, except the moves `skipped` names.
struct NodeRun {
  std::vector<DeferringMoveOrder::Turn> turns;
  std::uint64_t deferrals = 0;
};
constexpr kernel::Key kNode = 0x51ab'c0de'1234'5678ULL;
Move nth_move(int i) { return Move::from_raw(static_cast<std::uint16_t>(i + 1)); }

NodeRun run_node(int count, const BusyMoveTable* busy, int first_deferrable,
                 const std::vector<int>& skipped = {}) {
  std::vector<Move> moves;
  std::vector<std::int32_t> keys;
  std::vector<std::uint16_t> ties;
  for (int i = 0; i < count; ++i) {
    moves.push_back(nth_move(i));
    keys.push_back(count - i);  // the first move the best
    ties.push_back(0);
  }
  std::vector<std::uint64_t> scratch(static_cast<std::size_t>(count));
  MovePicker picker(moves.data(), keys.data(), ties.data(), count, scratch.data());
  NodeRun run;
  DeferringMoveOrder order(busy, kNode, first_deferrable, run.deferrals);
  const auto skip = [&skipped](Move m) {
    return std::find(skipped.begin(), skipped.end(), m.raw() - 1) != skipped.end();
  };
  DeferringMoveOrder::Turn turn;
  int searched = 0;
  while (order.next(picker, searched, skip, turn)) {
    run.turns.push_back(turn);
    ++searched;
  }
  return run;
}

// The moves of a run as their places in the picker's order (0 = first).
std::vector<int> order_of(const NodeRun& run) {
  std::vector<int> order;
  for (const auto& t : run.turns) order.push_back(t.move.raw() - 1);
  return order;
}

TEST(DeferringMoveOrder, PutsBusyBrothersOffToTheEndAndKeepsTheirNumbers) {
  BusyMoveTable busy;
  busy.enter(BusyMoveTable::key_of(kNode, nth_move(2)));
  busy.enter(BusyMoveTable::key_of(kNode, nth_move(5)));
  busy.enter(BusyMoveTable::key_of(kNode + 1, nth_move(3)));  // another node's: not busy here
  const NodeRun run = run_node(8, &busy, 1);
  EXPECT_EQ(order_of(run), (std::vector<int>{0, 1, 3, 4, 6, 7, 2, 5}));
  EXPECT_EQ(run.deferrals, 2u);
  for (const auto& t : run.turns) {
    const int place = t.move.raw() - 1;
    EXPECT_EQ(t.index, place);
    EXPECT_EQ(t.number, place) << "a deferred move keeps its place in the count";
    // The eldest is searched beside the other thread, unmarked.
    EXPECT_EQ(t.busy_key, place == 0 ? 0u : BusyMoveTable::key_of(kNode, t.move)) << place;
  }
  // The deferred moves came back though still busy: they are put off once.
}

TEST(DeferringMoveOrder, NeverPutsOffTheMovesBeforeTheFirstDeferrable) {
  BusyMoveTable busy;
  for (int i : {0, 1, 2, 4}) busy.enter(BusyMoveTable::key_of(kNode, nth_move(i)));
  // An expected CUT node with split_cut_moves 3: the first three are
  // searched at once though busy, the busy one after them waits.
  const NodeRun cut = run_node(6, &busy, 3);
  EXPECT_EQ(order_of(cut), (std::vector<int>{0, 1, 2, 3, 5, 4}));
  EXPECT_EQ(cut.deferrals, 1u);
  for (const auto& t : cut.turns) EXPECT_EQ(t.busy_key != 0, t.number >= 3) << t.number;
}

TEST(DeferringMoveOrder, ANodeThatDefersNothingIsThePickersOrder) {
  BusyMoveTable busy;
  for (int i = 0; i < 5; ++i) busy.enter(BusyMoveTable::key_of(kNode, nth_move(i)));
  const NodeRun run = run_node(5, nullptr, 1);  // one thread, or too shallow
  EXPECT_EQ(order_of(run), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(run.deferrals, 0u);
  for (const auto& t : run.turns) EXPECT_EQ(t.busy_key, 0u);
}

TEST(DeferringMoveOrder, ASkippedMoveTakesNoNumber) {
  BusyMoveTable busy;
  busy.enter(BusyMoveTable::key_of(kNode, nth_move(3)));
  // Move 1 is left out (a quiet move where only zaps count): the later
  // ones are numbered as if it were not there.
  const NodeRun run = run_node(5, &busy, 1, {1});
  EXPECT_EQ(order_of(run), (std::vector<int>{0, 2, 4, 3}));
  std::vector<int> numbers;
  for (const auto& t : run.turns) numbers.push_back(t.number);
  EXPECT_EQ(numbers, (std::vector<int>{0, 1, 3, 2}));
}

TEST(DeferringMoveOrder, ANodeWithMoreBusyBrothersThanRoomSearchesTheRestAtOnce) {
  BusyMoveTable busy;
  const int count = DeferredMoves::kCapacity + 6;
  for (int i = 0; i < count; ++i) busy.enter(BusyMoveTable::key_of(kNode, nth_move(i)));
  const NodeRun run = run_node(count, &busy, 1);
  std::vector<int> expected = {0};
  for (int i = DeferredMoves::kCapacity + 1; i < count; ++i) expected.push_back(i);
  for (int i = 1; i <= DeferredMoves::kCapacity; ++i) expected.push_back(i);
  EXPECT_EQ(order_of(run), expected);
  EXPECT_EQ(run.deferrals, static_cast<std::uint64_t>(DeferredMoves::kCapacity));
  for (const auto& t : run.turns) EXPECT_EQ(t.number, t.move.raw() - 1);
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
