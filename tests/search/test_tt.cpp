// The transposition table on its own: what a probe returns after a store,
// which entry survives when two positions want the same slot, the XOR check
// that turns away a torn slot, and mate scores re-based between the table
// and a node.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <bit>
#include <cstdint>

#include "kernel/move.h"
#include "search/search_limits.h"
#include "search/tt.h"

namespace leiser::search {
namespace {

using kernel::Key;
using kernel::Move;

// A 1 MB table holds 2^20 / 16 = 2^16 slots, and a key's slot is its low 16
// bits: keys that differ only above them compete for one slot.
constexpr std::size_t kOneMegabyte = 1;
constexpr Key kSameSlot = Key{1} << 16;
constexpr Key kKey = 0x0123'4567'89AB'0042ULL;
constexpr Key kRival = kKey + kSameSlot;

const Move kMoveA = Move::shift(kernel::make_square(3, 3), kernel::kN);
const Move kMoveB = Move::rotation(kernel::make_square(5, 1), kernel::kRotateRight);

TEST(TranspositionTable, ProbeReturnsWhatWasStoredWithSignedFieldsIntact) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, -1234, 17, Bound::kLower, -567);
  const auto entry = tt.probe(kKey);
  ASSERT_TRUE(entry.has_value());
  EXPECT_EQ(entry->move, kMoveA);
  EXPECT_EQ(entry->score, -1234);
  EXPECT_EQ(entry->depth, 17);
  EXPECT_EQ(entry->bound, Bound::kLower);
  EXPECT_EQ(entry->static_eval, -567);
}

TEST(TranspositionTable, EmptyTableMissesEveryKeyIncludingZero) {
  TranspositionTable tt(kOneMegabyte);
  // A fresh slot is all zeros, whose words XOR to 0: only the empty-data
  // rule keeps key 0 from matching it.
  EXPECT_FALSE(tt.probe(0).has_value());
  EXPECT_FALSE(tt.probe(kKey).has_value());
}

TEST(TranspositionTable, AnotherKeyInTheSameSlotMisses) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, 10, 5, Bound::kExact, 0);
  EXPECT_FALSE(tt.probe(kRival).has_value());
  EXPECT_TRUE(tt.probe(kKey).has_value());
}

// Replacement: a different position's entry of this search is kept if it is
// more than two plies deeper, unless the newcomer is exact.
TEST(TranspositionTable, KeepsAnEntryMoreThanTwoPliesDeeperForAnotherPosition) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, 50, 10, Bound::kLower, 0);
  tt.store(kRival, kMoveB, 60, 7, Bound::kUpper, 0);  // 10 > 7 + 2
  EXPECT_FALSE(tt.probe(kRival).has_value());
  const auto kept = tt.probe(kKey);
  ASSERT_TRUE(kept.has_value());
  EXPECT_EQ(kept->depth, 10);
  EXPECT_EQ(kept->score, 50);
}

TEST(TranspositionTable, ReplacesAnEntryAtMostTwoPliesDeeper) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, 50, 10, Bound::kLower, 0);
  tt.store(kRival, kMoveB, 60, 8, Bound::kUpper, 0);  // 10 > 8 + 2 is false
  EXPECT_FALSE(tt.probe(kKey).has_value());
  const auto entry = tt.probe(kRival);
  ASSERT_TRUE(entry.has_value());
  EXPECT_EQ(entry->depth, 8);
  EXPECT_EQ(entry->move, kMoveB);
}

TEST(TranspositionTable, AnExactEntryReplacesEvenAMuchDeeperOne) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, 50, 30, Bound::kLower, 0);
  tt.store(kRival, kMoveB, 60, 1, Bound::kExact, 0);
  EXPECT_FALSE(tt.probe(kKey).has_value());
  ASSERT_TRUE(tt.probe(kRival).has_value());
  EXPECT_EQ(tt.probe(kRival)->bound, Bound::kExact);
}

TEST(TranspositionTable, AnEntryOfAnEarlierSearchIsReplacedWhateverItsDepth) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, 50, 30, Bound::kLower, 0);
  tt.new_search();
  tt.store(kRival, kMoveB, 60, 1, Bound::kUpper, 0);
  EXPECT_FALSE(tt.probe(kKey).has_value());
  ASSERT_TRUE(tt.probe(kRival).has_value());
  EXPECT_EQ(tt.probe(kRival)->depth, 1);
}

// Buckets of two (tt_bucket=2): a key's bucket is its slot and the one
// beside it (the low bit of the slot index cleared), so kKey (slot ...42)
// and kNeighbour (slot ...43) share one bucket and both stay.
constexpr Key kNeighbour = kKey + 1;

TEST(TranspositionTableBuckets, TwoPositionsOfOneBucketBothStay) {
  TranspositionTable tt(kOneMegabyte);
  tt.set_bucket_entries(2);
  EXPECT_EQ(tt.bucket_entries(), 2);
  tt.store(kKey, kMoveA, 50, 10, Bound::kLower, 0);
  tt.store(kRival, kMoveB, 60, 3, Bound::kUpper, 0);  // one slot: would be dropped
  tt.store(kNeighbour, kMoveB, 70, 4, Bound::kUpper, 0);
  ASSERT_TRUE(tt.probe(kKey).has_value());
  EXPECT_EQ(tt.probe(kKey)->score, 50);
  // kRival took the bucket's other slot; kNeighbour then found both full and
  // evicted the shallower, kRival.
  EXPECT_FALSE(tt.probe(kRival).has_value());
  ASSERT_TRUE(tt.probe(kNeighbour).has_value());
  EXPECT_EQ(tt.probe(kNeighbour)->score, 70);
  // With one entry per slot the same stores keep kNeighbour in its own slot,
  // and kRival lost to the deeper kKey.
  TranspositionTable single(kOneMegabyte);
  single.store(kKey, kMoveA, 50, 10, Bound::kLower, 0);
  single.store(kRival, kMoveB, 60, 3, Bound::kUpper, 0);
  EXPECT_FALSE(single.probe(kRival).has_value());
}

TEST(TranspositionTableBuckets, TheSamePositionIsOverwrittenInItsOwnSlot) {
  TranspositionTable tt(kOneMegabyte);
  tt.set_bucket_entries(2);
  tt.store(kKey, kMoveA, 50, 10, Bound::kLower, 0);
  tt.store(kNeighbour, kMoveB, 70, 4, Bound::kUpper, 0);
  tt.store(kNeighbour, Move::none(), 80, 2, Bound::kExact, 0);  // shallower, same position
  ASSERT_TRUE(tt.probe(kNeighbour).has_value());
  EXPECT_EQ(tt.probe(kNeighbour)->score, 80);
  EXPECT_EQ(tt.probe(kNeighbour)->move, kMoveB);
  ASSERT_TRUE(tt.probe(kKey).has_value());
  EXPECT_EQ(tt.probe(kKey)->depth, 10);
}

TEST(TranspositionTableBuckets, AnOlderSearchsEntryIsEvictedBeforeADeeperCurrentOne) {
  TranspositionTable tt(kOneMegabyte);
  tt.set_bucket_entries(2);
  tt.store(kKey, kMoveA, 50, 12, Bound::kLower, 0);  // 12 - 8 = 4 after one search
  tt.new_search();
  tt.store(kNeighbour, kMoveB, 70, 6, Bound::kLower, 0);
  tt.store(kRival, kMoveB, 60, 5, Bound::kUpper, 0);
  EXPECT_FALSE(tt.probe(kKey).has_value());
  EXPECT_TRUE(tt.probe(kNeighbour).has_value());
  EXPECT_TRUE(tt.probe(kRival).has_value());
  // The current search's deeper entry is kept from a much shallower rival.
  tt.store(kRival + kSameSlot, kMoveA, 1, 1, Bound::kUpper, 0);
  EXPECT_TRUE(tt.probe(kNeighbour).has_value());
  EXPECT_FALSE(tt.probe(kRival + kSameSlot).has_value());
  // The layout can change back: an entry in its own slot is still found.
  tt.set_bucket_entries(1);
  EXPECT_TRUE(tt.probe(kRival).has_value());
}

TEST(TranspositionTable, TheSamePositionIsAlwaysOverwrittenKeepingItsMoveWhenTheNewHasNone) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, 50, 30, Bound::kLower, 7);
  tt.store(kKey, Move::none(), -20, 2, Bound::kUpper, 8);  // shallower, yet the same position
  auto entry = tt.probe(kKey);
  ASSERT_TRUE(entry.has_value());
  EXPECT_EQ(entry->depth, 2);
  EXPECT_EQ(entry->score, -20);
  EXPECT_EQ(entry->bound, Bound::kUpper);
  EXPECT_EQ(entry->static_eval, 8);
  EXPECT_EQ(entry->move, kMoveA);
  // A new move does replace the old one.
  tt.store(kKey, kMoveB, -20, 2, Bound::kUpper, 8);
  EXPECT_EQ(tt.probe(kKey)->move, kMoveB);
}

TEST(TranspositionTable, HashfullCountsThisSearchsEntriesAmongTheFirstThousandSlots) {
  TranspositionTable tt(kOneMegabyte);
  // Keys 1..250 fill slots 1..250, all inside the 1000-slot sample.
  for (Key key = 1; key <= 250; ++key) tt.store(key, kMoveA, 0, 1, Bound::kExact, 0);
  EXPECT_EQ(tt.hashfull(), 250);
  // A slot outside the sample does not count.
  tt.store(5000, kMoveA, 0, 1, Bound::kExact, 0);
  EXPECT_EQ(tt.hashfull(), 250);
  // Entries of an earlier search are not "full" for this one.
  tt.new_search();
  EXPECT_EQ(tt.hashfull(), 0);
  tt.store(1, kMoveA, 0, 1, Bound::kExact, 0);
  EXPECT_EQ(tt.hashfull(), 1);
}

TEST(TranspositionTable, ClearAndResizeForgetEveryEntry) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, 50, 3, Bound::kExact, 0);
  tt.clear();
  EXPECT_FALSE(tt.probe(kKey).has_value());
  tt.store(kKey, kMoveA, 50, 3, Bound::kExact, 0);
  tt.resize(2);
  EXPECT_EQ(tt.size_megabytes(), 2u);
  EXPECT_FALSE(tt.probe(kKey).has_value());
}

// Tables of 2 MB and more are cut out of a larger mapping at a huge-page
// boundary (tt.cpp): every slot, the first and the last included, must be
// inside the part kept, and clear() must hand back a whole empty table.
TEST(TranspositionTable, EverySizeKeepsItsFirstAndLastSlotsThroughClear) {
  // 1 MiB: small pages; 2 to 256 MiB: huge pages; 512 MiB: small pages
  // again (only the two slots' pages are touched).
  for (const std::size_t megabytes : {1u, 2u, 3u, 4u, 16u, 64u, 256u, 512u}) {
    TranspositionTable tt(megabytes);
    // A power of two of 16-byte slots within the budget: the slot index is
    // the key's low bits, so these keys land on the first and last slots.
    const std::size_t slots = std::bit_floor(megabytes * 1024 * 1024 / 16);
    const Key first = Key{0xABCD} << 40;
    const Key last = first | (slots - 1);
    tt.store(first, kMoveA, 11, 4, Bound::kExact, 0);
    tt.store(last, kMoveB, -22, 5, Bound::kUpper, 0);
    ASSERT_TRUE(tt.probe(first).has_value()) << megabytes;
    ASSERT_TRUE(tt.probe(last).has_value()) << megabytes;
    EXPECT_EQ(tt.probe(first)->score, 11);
    EXPECT_EQ(tt.probe(last)->move, kMoveB);
    tt.clear();
    EXPECT_FALSE(tt.probe(first).has_value()) << megabytes;
    EXPECT_FALSE(tt.probe(last).has_value()) << megabytes;
    tt.store(last, kMoveA, 33, 6, Bound::kLower, 0);
    EXPECT_EQ(tt.probe(last)->score, 33) << megabytes;
  }
}

// fault_in() writes each page's first slot back as it is: entries stay, an
// empty table stays empty, and afterwards filling the table faults in no
// page (a 64 MB table touched at every 4 KiB faults 32 huge pages or 16,384
// small ones without it: the control).
TEST(TranspositionTable, FaultInKeepsEveryEntryAndLeavesNoPageToFaultIn) {
  constexpr std::size_t kMegabytes = 64;
  constexpr std::size_t kSlots = kMegabytes * 1024 * 1024 / 16;
  constexpr std::size_t kSlotsPerPage = 4096 / 16;
  const auto faults_while_filling = [&](TranspositionTable& tt) {
    rusage before{};
    getrusage(RUSAGE_SELF, &before);
    for (std::size_t slot = 1; slot < kSlots; slot += kSlotsPerPage)
      tt.store((Key{0x77} << 40) | slot, kMoveB, 1, 1, Bound::kExact, 0);
    rusage after{};
    getrusage(RUSAGE_SELF, &after);
    return after.ru_minflt - before.ru_minflt;
  };
  TranspositionTable control(kMegabytes);
  EXPECT_GE(faults_while_filling(control), 16);

  TranspositionTable tt(kMegabytes);
  tt.store(kKey, kMoveA, -40, 7, Bound::kLower, 12);
  tt.fault_in();
  ASSERT_TRUE(tt.probe(kKey).has_value());
  EXPECT_EQ(tt.probe(kKey)->score, -40);
  EXPECT_EQ(tt.probe(kKey)->move, kMoveA);
  EXPECT_FALSE(tt.probe(kRival).has_value());
  tt.clear();
  tt.fault_in();
  EXPECT_FALSE(tt.probe(kKey).has_value());
  EXPECT_LE(faults_while_filling(tt), 4);
}

// ---- The lockless check, on the words a slot holds.

TEST(TranspositionTableWords, EncodeThenDecodeGivesTheEntryBack) {
  const TTEntry entry{kMoveB, -31000, 63, Bound::kUpper, 1500};
  const TTWords words = encode_tt_entry(kKey, entry, 5);
  EXPECT_EQ(words.check, kKey ^ words.data);
  const auto decoded = decode_tt_entry(kKey, words);
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ(decoded->move, kMoveB);
  EXPECT_EQ(decoded->score, -31000);
  EXPECT_EQ(decoded->depth, 63);
  EXPECT_EQ(decoded->bound, Bound::kUpper);
  EXPECT_EQ(decoded->static_eval, 1500);
  EXPECT_FALSE(decode_tt_entry(kRival, words).has_value());
}

// Two writers racing on one slot can leave one's data word beside the
// other's check word. check1 ^ data2 = key ^ data1 ^ data2, which is the key
// only if data1 == data2: any torn pair of different entries is refused.
TEST(TranspositionTableWords, ATornPairOfTwoEntriesOfOnePositionIsRejected) {
  const TTWords older = encode_tt_entry(kKey, {kMoveA, 100, 6, Bound::kLower, 20}, 1);
  const TTWords newer = encode_tt_entry(kKey, {kMoveB, -40, 9, Bound::kExact, 20}, 1);
  ASSERT_NE(older.data, newer.data);
  EXPECT_FALSE(decode_tt_entry(kKey, {older.check, newer.data}).has_value());
  EXPECT_FALSE(decode_tt_entry(kKey, {newer.check, older.data}).has_value());
  EXPECT_TRUE(decode_tt_entry(kKey, newer).has_value());
}

TEST(TranspositionTableWords, ATornPairOfTwoPositionsMatchesNeither) {
  const TTWords mine = encode_tt_entry(kKey, {kMoveA, 100, 6, Bound::kLower, 20}, 1);
  const TTWords theirs = encode_tt_entry(kRival, {kMoveB, -7, 2, Bound::kUpper, 3}, 1);
  for (const TTWords torn : {TTWords{mine.check, theirs.data}, TTWords{theirs.check, mine.data}}) {
    EXPECT_FALSE(decode_tt_entry(kKey, torn).has_value());
    EXPECT_FALSE(decode_tt_entry(kRival, torn).has_value());
  }
}

TEST(TranspositionTableWords, AZeroDataWordIsAnEmptySlotEvenForKeyZero) {
  EXPECT_FALSE(decode_tt_entry(0, {0, 0}).has_value());
}

// ---- Mate scores: stored as distance from the node, read back from the
// probing node's ply.

TEST(TranspositionTableMateScores, AMateIsStoredAsItsDistanceFromTheNode) {
  // Mate found 9 plies from the root at a node 4 plies deep: 5 plies from the node.
  EXPECT_EQ(score_to_tt(kMate - 9, 4), kMate - 5);
  EXPECT_EQ(score_to_tt(-(kMate - 9), 4), -(kMate - 5));
  // Read back at the same ply it is the same score ...
  EXPECT_EQ(score_from_tt(kMate - 5, 4), kMate - 9);
  EXPECT_EQ(score_from_tt(-(kMate - 5), 4), -(kMate - 9));
  // ... and through a transposition 6 plies deep, 5 plies further on: 11 from the root.
  EXPECT_EQ(score_from_tt(kMate - 5, 6), kMate - 11);
  EXPECT_EQ(score_from_tt(-(kMate - 5), 6), -(kMate - 11));
}

TEST(TranspositionTableMateScores, OrdinaryScoresAreStoredAsTheyAre) {
  for (const int score : {0, 150, -150, kMateBound - 1, -(kMateBound - 1)}) {
    EXPECT_EQ(score_to_tt(score, 12), score);
    EXPECT_EQ(score_from_tt(score, 12), score);
  }
  // kMateBound itself is a mate score.
  EXPECT_EQ(score_to_tt(kMateBound, 12), kMateBound + 12);
  EXPECT_EQ(score_to_tt(-kMateBound, 12), -kMateBound - 12);
}

TEST(TranspositionTableMateScores, AMateSurvivesTheTableAndIsRebasedOnProbe) {
  TranspositionTable tt(kOneMegabyte);
  tt.store(kKey, kMoveA, score_to_tt(kMate - 7, 2), 4, Bound::kExact, 0);
  const auto entry = tt.probe(kKey);
  ASSERT_TRUE(entry.has_value());
  EXPECT_EQ(entry->score, kMate - 5);
  EXPECT_EQ(score_from_tt(entry->score, 2), kMate - 7);
  EXPECT_EQ(score_from_tt(entry->score, 10), kMate - 15);
  EXPECT_EQ(mate_in_moves(score_from_tt(entry->score, 0)), 3);  // 5 plies: mate in 3
}

}  // namespace
}  // namespace leiser::search
