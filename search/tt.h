// The transposition table: a lockless hash table shared by all search
// threads.
//
// Each entry is two 64-bit words holding (key ^ data) and data, read and
// written atomically (std::atomic_ref). A reader accepts an entry only if the
// two words XOR back to its key, so an entry torn by a concurrent writer fails
// the check and is ignored; no locks are taken.
//
// The table is mapped straight from the operating system (mmap), which hands
// out zeroed pages when they are first touched, so allocating or clearing even
// gigabytes returns at once (an `isready` after `setoption name hash value
// 4096` is not held up for seconds) and the cost of the pages is spread over
// the searches that use them. (calloc does the same for large blocks, but
// under AddressSanitizer every free of it writes a poison byte per 8 bytes of
// table: 8 MB for the default 64 MB, most of the time of a fuzzed session.)
//
// data layout: bits 0-15 move, 16-31 score (int16), 32-39 depth, 40-41 bound,
// 42-47 generation (age), 48-63 static eval (int16).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "kernel/move.h"
#include "kernel/zobrist.h"
#include "search/search_limits.h"

namespace leiser::search {

// The size the engine's table starts at (the `hash` option's default), in MB.
inline constexpr int kDefaultHashMb = 64;

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  kernel::Move move;
  int score;  // as stored: mate scores relative to the node (score_to_tt)
  int depth;
  Bound bound;
  int static_eval;
};

// Mate scores are stored as distances from the node, not from the root, so
// that a mate found through a transposition at another ply is re-based when
// probed: a mate `ply` plies below the root is (ply) plies nearer from the
// node's view. Other scores are stored as they are.
constexpr int score_to_tt(int score, int ply) {
  if (score >= kMateBound) return score + ply;
  if (score <= -kMateBound) return score - ply;
  return score;
}
constexpr int score_from_tt(int score, int ply) {
  if (score >= kMateBound) return score - ply;
  if (score <= -kMateBound) return score + ply;
  return score;
}

// A slot's two words: `data` packs the entry, `check` is the key XOR data.
struct TTWords {
  std::uint64_t check;
  std::uint64_t data;
};

// The words that hold `entry` for `key`, written in search `generation`
// (0..63). Score and static eval must fit in 16 bits, depth in 8.
constexpr TTWords encode_tt_entry(kernel::Key key, const TTEntry& entry, int generation) {
  const std::uint64_t data = std::uint64_t{entry.move.raw()} |
                             (std::uint64_t{static_cast<std::uint16_t>(entry.score)} << 16) |
                             (std::uint64_t{static_cast<std::uint8_t>(entry.depth)} << 32) |
                             (std::uint64_t{static_cast<std::uint8_t>(entry.bound)} << 40) |
                             (std::uint64_t{static_cast<std::uint8_t>(generation & 63)} << 42) |
                             (std::uint64_t{static_cast<std::uint16_t>(entry.static_eval)} << 48);
  return {key ^ data, data};
}

// The entry that `words` hold for `key`, or none: words whose XOR is not the
// key belong to another position, or are a torn pair (one word from each of
// two writers racing on the slot); a zero data word is an empty slot.
constexpr std::optional<TTEntry> decode_tt_entry(kernel::Key key, TTWords words) {
  if ((words.check ^ words.data) != key || words.data == 0) return std::nullopt;
  const std::uint64_t data = words.data;
  return TTEntry{kernel::Move::from_raw(static_cast<std::uint16_t>(data)),
                 static_cast<std::int16_t>(data >> 16), static_cast<int>((data >> 32) & 0xFF),
                 static_cast<Bound>((data >> 40) & 3), static_cast<std::int16_t>(data >> 48)};
}

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16);
  // Resizes (and clears); not safe while a search runs. Throws std::bad_alloc
  // when the memory cannot be had, leaving the table as it was.
  void resize(std::size_t megabytes);
  void clear();
  // Brings every page of the table into memory now (one write of a slot to
  // itself per 4 KiB), which the first searches after a clear() would
  // otherwise fault in one by one. For benchmarks, whose timed searches each
  // start from a cleared table: a game clears once and keeps its pages.
  // Not safe while a search runs.
  void fault_in();
  // Starts a new search: entries from older searches become preferred victims.
  void new_search() { generation_ = (generation_ + 1) & 63; }

  std::optional<TTEntry> probe(kernel::Key key) const;
  // Starts loading the slot of `key` into the cache: called as soon as a
  // child's key is known, so the miss overlaps the work before its probe.
  void prefetch(kernel::Key key) const { __builtin_prefetch(&slots_[index(key)]); }
  void store(kernel::Key key, kernel::Move move, int score, int depth, Bound bound,
             int static_eval);
  // Entries per bucket: 1 (each position has one slot) or 2 (a pair of
  // adjacent slots, one 32-byte half of a cache line: a store evicts the
  // shallower or older of the two). Entries stay where they are: a probe
  // finds them under either layout, so this needs no clear.
  void set_bucket_entries(int entries) { ways_ = entries == 2 ? 2 : 1; }
  int bucket_entries() const { return static_cast<int>(ways_); }
  // Permille of a sample of entries written in the current search.
  int hashfull() const;
  std::size_t size_megabytes() const { return megabytes_; }

 private:
  // Plain words, only ever accessed through std::atomic_ref, so that
  // zero-filled mapped memory is a table of empty slots as it is.
  using Slot = TTWords;
  struct UnmapSlots {
    std::size_t bytes;  // of the mapping
    void operator()(Slot* slots) const;
  };
  using SlotArray = std::unique_ptr<Slot[], UnmapSlots>;
  static std::uint64_t load(const std::uint64_t& word) {
    return std::atomic_ref<const std::uint64_t>(word).load(std::memory_order_relaxed);
  }
  static void store(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
  }
  // `count` zeroed slots; throws std::bad_alloc when there is no memory.
  // Tables from 2 MiB to 256 MiB are aligned to 2 MiB and asked for huge
  // pages; larger ones stay on 4 KiB pages (tt.cpp says why).
  static constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
  static constexpr std::size_t kLargestHugePageTable = std::size_t{256} << 20;
  static SlotArray allocate(std::size_t count);
  // The first slot of key's bucket.
  std::size_t index(kernel::Key key) const {
    return static_cast<std::size_t>(key & mask_) & ~(ways_ - 1);
  }
  // How much an entry is worth keeping: its depth, less for age.
  int keep_value(std::uint64_t data) const;

  SlotArray slots_;
  std::size_t mask_ = 0;
  std::size_t megabytes_ = 0;
  std::uint8_t generation_ = 0;
  std::size_t ways_ = 1;
};

}  // namespace leiser::search
