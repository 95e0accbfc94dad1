// A table of perft subtree counts, so that a position reached again by a
// different move order (a transposition) is counted once. Perft of depth 7 and
// 8 visits each of its positions with a few plies left many times over: in
// Leiserchess most moves of one side commute with the other moves of that side.
//
// An entry is trusted only when its depth and 64 bits of check agree with the
// node (perft_key; its slot comes from a second, independent 64-bit hash). A
// probe compares at most 4 entries, each passing for another position with
// probability 2^-64, so a run of P probes trusts a wrong entry with
// probability below 4P / 2^64: about 5e-8 for 2016 pseudo perft 8, whose tree
// has fewer than 2.3e11 nodes with 2 or more plies left (docs/design.md).
// Entries are two words written without locks: the check is stored XORed with
// the count, so an entry torn by two threads writing it at once fails the
// check instead of giving a wrong count.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "kernel/board.h"
#include "kernel/edition.h"
#include "kernel/piece.h"

namespace leiser::kernel {

// Which slot a position goes to, and the bits that must match there. `check`
// and `slot` come from two independent hashes of the same words.
struct PerftKey {
  std::uint64_t slot = 0;
  std::uint64_t check = 0;
};

// The key of a perft node: its board and side to move. `salt` separates
// editions and modes. (Legal counts are stored without their Ko board and
// corrected for Ko by the caller: kernel/perft.cpp.)
PerftKey perft_key(const Board& board, Color side_to_move, std::uint64_t salt);

class PerftTable {
 public:
  // About `megabytes` of memory (rounded down to a power of two of buckets,
  // at least one). The pages are mapped lazily and zero until written.
  explicit PerftTable(std::size_t megabytes);

  // The count stored for this key and depth, if any.
  std::optional<std::uint64_t> probe(const PerftKey& key, int depth) const;
  // Asks for the key's bucket to be loaded into the caches.
  void prefetch(const PerftKey& key) const { __builtin_prefetch(&buckets_[key.slot & mask_]); }
  // Stores a count. Within the key's bucket it replaces the same key and
  // depth, else an empty entry, else the entry of smallest depth (counts of
  // deeper subtrees cost more to redo).
  void store(const PerftKey& key, int depth, std::uint64_t leaves);

  // The size asked for at construction.
  std::size_t megabytes() const { return megabytes_; }
  std::size_t entry_count() const { return (mask_ + 1) * kEntriesPerBucket; }
  std::size_t bytes() const { return (mask_ + 1) * sizeof(Bucket); }

  // Counts up to 2^56 - 1 and depths up to 255 fit in one word with the
  // depth. 2016 pseudo perft 8 from the start is about 1.3 * 10^15 < 2^51.
  static constexpr std::uint64_t kMaxLeaves = (std::uint64_t{1} << 56) - 1;

 private:
  static constexpr int kEntriesPerBucket = 4;
  struct Entry {
    std::atomic<std::uint64_t> check_xor_data{0};
    std::atomic<std::uint64_t> data{0};  // leaves | depth << 56; 0 = empty
  };
  struct alignas(64) Bucket {
    Entry entries[kEntriesPerBucket];
  };
  struct Unmap {
    std::size_t bytes;
    void operator()(Bucket* buckets) const;
  };

  std::unique_ptr<Bucket[], Unmap> buckets_;
  std::size_t mask_ = 0;
  std::size_t megabytes_ = 0;
};

}  // namespace leiser::kernel
