// A cache of static evaluations shared by all search threads, lockless like
// the TT: each entry holds (key ^ data, data), so a torn entry fails the key
// check. Evaluation is a pure function of the position and the weights, so
// the cache changes no result; it must be cleared when the weights change.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

#include "kernel/zobrist.h"

namespace leiser::search {

class EvalCache {
 public:
  static constexpr std::size_t kEntries = 1 << 16;

  EvalCache() : entries_(std::make_unique<Entry[]>(kEntries)) {}

  std::optional<int> probe(kernel::Key key) const {
    const Entry& e = entries_[key & (kEntries - 1)];
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    const std::uint64_t check = e.check.load(std::memory_order_relaxed);
    // Bit 32 marks a written entry, so an empty slot never matches key 0.
    if ((check ^ data) != key || !(data >> 32)) return std::nullopt;
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(data));
  }

  void store(kernel::Key key, int score) {
    Entry& e = entries_[key & (kEntries - 1)];
    const std::uint64_t data = (std::uint64_t{1} << 32) | static_cast<std::uint32_t>(score);
    e.data.store(data, std::memory_order_relaxed);
    e.check.store(key ^ data, std::memory_order_relaxed);
  }

  void clear() {
    for (std::size_t i = 0; i < kEntries; ++i) {
      entries_[i].check.store(0, std::memory_order_relaxed);
      entries_[i].data.store(0, std::memory_order_relaxed);
    }
  }

 private:
  struct Entry {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  std::unique_ptr<Entry[]> entries_;
};

}  // namespace leiser::search
