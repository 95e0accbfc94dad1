// A cache of static evaluations shared by all search threads, lockless like
// the TT: each entry holds (key ^ data, data), so a torn entry fails the key
// check. Evaluation is a pure function of the position and the weights, so
// the cache changes no result; it must be cleared when the weights change.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>

#include "kernel/zobrist.h"

namespace leiser::search {

class EvalCache {
 public:
  static constexpr std::size_t kEntries = 1 << 16;

  // Zeroed memory from calloc: a block this large comes as fresh pages from
  // the system, already zero, faulted in only as the search touches them,
  // rather than 1 MB written at every engine's construction (a fuzzing
  // session or a `bench` makes an engine each time).
  EvalCache() : entries_(static_cast<Entry*>(std::calloc(kEntries, sizeof(Entry)))) {
    if (!entries_) throw std::bad_alloc();
  }

  std::optional<int> probe(kernel::Key key) const {
    Entry& e = entries_[index(key)];
    const std::uint64_t data = relaxed(e.data).load(std::memory_order_relaxed);
    const std::uint64_t check = relaxed(e.check).load(std::memory_order_relaxed);
    // Bit 32 marks a written entry, so an empty slot never matches key 0.
    if ((check ^ data) != key || !(data >> 32)) return std::nullopt;
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(data));
  }

  // Starts loading the entry of `key` (see TranspositionTable::prefetch).
  void prefetch(kernel::Key key) const { __builtin_prefetch(&entries_[index(key)]); }

  void store(kernel::Key key, int score) {
    Entry& e = entries_[index(key)];
    const std::uint64_t data = (std::uint64_t{1} << 32) | static_cast<std::uint32_t>(score);
    relaxed(e.data).store(data, std::memory_order_relaxed);
    relaxed(e.check).store(key ^ data, std::memory_order_relaxed);
  }

  // Only between searches (the Engine waits for its search first). A fresh
  // zeroed block, as for construction; writing every entry is the fallback.
  void clear() {
    if (Entry* fresh = static_cast<Entry*>(std::calloc(kEntries, sizeof(Entry)))) {
      entries_.reset(fresh);
      return;
    }
    for (std::size_t i = 0; i < kEntries; ++i) {
      relaxed(entries_[i].check).store(0, std::memory_order_relaxed);
      relaxed(entries_[i].data).store(0, std::memory_order_relaxed);
    }
  }

 private:
  static std::size_t index(kernel::Key key) {
    return static_cast<std::size_t>(key & (kEntries - 1));
  }
  // Plain words, read and written through std::atomic_ref: a plain struct
  // is what calloc can hand out (std::atomic members could not be left
  // unconstructed).
  struct Entry {
    std::uint64_t check;
    std::uint64_t data;
  };
  static_assert(alignof(std::uint64_t) >= std::atomic_ref<std::uint64_t>::required_alignment);
  static std::atomic_ref<std::uint64_t> relaxed(std::uint64_t& word) {
    return std::atomic_ref<std::uint64_t>(word);
  }
  struct Free {
    void operator()(Entry* entries) const { std::free(entries); }
  };
  std::unique_ptr<Entry[], Free> entries_;
};

}  // namespace leiser::search
