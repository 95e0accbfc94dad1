// The transposition table: a lockless hash table shared by all search
// threads.
//
// Each entry is two 64-bit atomics holding (key ^ data) and data. A reader
// accepts an entry only if the two words XOR back to its key, so an entry torn
// by a concurrent writer fails the check and is ignored; no locks are taken.
//
// data layout: bits 0-15 move, 16-31 score (int16), 32-39 depth, 40-41 bound,
// 42-47 generation (age), 48-63 static eval (int16).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

#include "kernel/move.h"
#include "kernel/zobrist.h"

namespace leiser::search {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  kernel::Move move;
  int score;
  int depth;
  Bound bound;
  int static_eval;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16);
  // Resizes (and clears); not safe while a search runs.
  void resize(std::size_t megabytes);
  void clear();
  // Starts a new search: entries from older searches become preferred victims.
  void new_search() { generation_ = (generation_ + 1) & 63; }

  std::optional<TTEntry> probe(kernel::Key key) const;
  void store(kernel::Key key, kernel::Move move, int score, int depth, Bound bound, int static_eval);
  // Permille of a sample of entries written in the current search.
  int hashfull() const;
  std::size_t size_megabytes() const { return megabytes_; }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};
  };
  std::size_t index(kernel::Key key) const { return static_cast<std::size_t>(key & mask_); }

  std::unique_ptr<Slot[]> slots_;
  std::size_t mask_ = 0;
  std::size_t megabytes_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace leiser::search
