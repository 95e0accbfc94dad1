// What the threads of an ABDADA search (SmpMode::kAbdada, docs/parallel.md)
// share besides the TT. Every thread searches the main thread's iteration as
// the serial search would, and a younger brother that another thread is
// already in is put off to the end of its node's loop (BusyMoveTable,
// DeferredMoves), by which time that thread has usually stored its result in
// the TT; the first thread to finish an iteration hands its line to the
// others (FinishedIteration), which give theirs up.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "kernel/move.h"
#include "kernel/zobrist.h"

namespace leiser::search {

// The moves some thread is searching right now. A hint, not a lock: a move
// missed or remembered too long costs a duplicated or a deferred search,
// never a wrong score, so its slots are relaxed atomics, written without
// compare-and-swap.
class BusyMoveTable {
 public:
  static constexpr std::size_t kSets = 1 << 15;
  static constexpr std::size_t kWays = 4;

  // The position's key mixed with the move: one word per (position, move).
  // Never 0, the empty slot's value.
  static std::uint64_t key_of(kernel::Key position, kernel::Move m) {
    const std::uint64_t mixed = position ^ ((m.raw() + std::uint64_t{1}) * 0x9E3779B97F4A7C15ULL);
    return mixed == 0 ? 1 : mixed;
  }

  bool contains(std::uint64_t key) const {
    const Set& set = set_of(key);
    return std::any_of(set.begin(), set.end(), [key](const std::atomic<std::uint64_t>& slot) {
      return slot.load(std::memory_order_relaxed) == key;
    });
  }
  // Notes that a thread starts searching the move: in a free way of its set,
  // or over the first way when all are taken (that move is then no longer
  // known as busy, which only costs a duplicated search).
  void enter(std::uint64_t key) {
    Set& set = set_of(key);
    for (auto& slot : set) {
      const std::uint64_t held = slot.load(std::memory_order_relaxed);
      if (held == key) return;
      if (held == 0) {
        slot.store(key, std::memory_order_relaxed);
        return;
      }
    }
    set[0].store(key, std::memory_order_relaxed);
  }
  void leave(std::uint64_t key) {
    for (auto& slot : set_of(key))
      if (slot.load(std::memory_order_relaxed) == key) slot.store(0, std::memory_order_relaxed);
  }
  void clear() {
    for (Set& set : *sets_)
      for (auto& slot : set) slot.store(0, std::memory_order_relaxed);
  }

 private:
  using Set = std::array<std::atomic<std::uint64_t>, kWays>;
  Set& set_of(std::uint64_t key) const { return (*sets_)[key & (kSets - 1)]; }
  // 1 MiB, on the heap: SharedState lives inside the Engine.
  std::unique_ptr<std::array<Set, kSets>> sets_ = std::make_unique<std::array<Set, kSets>>();
};

// A node's deferred brothers, in the order they were put off: each by its
// index in the picker's order and the move number its place gave it. A node
// with more than kCapacity of them searches the rest at once.
class DeferredMoves {
 public:
  static constexpr int kCapacity = 32;

  int count() const { return count_; }
  bool full() const { return count_ == kCapacity; }
  void push(int index, int number) {
    entries_[static_cast<std::size_t>(count_++)] = {static_cast<std::uint16_t>(index),
                                                    static_cast<std::uint16_t>(number)};
  }
  // The next one to search, oldest first; false when none is left.
  bool pop(int& index, int& number) {
    if (next_ == count_) return false;
    const Entry& e = entries_[static_cast<std::size_t>(next_++)];
    index = e.index;
    number = e.number;
    return true;
  }

 private:
  struct Entry {
    std::uint16_t index;
    std::uint16_t number;
  };
  std::array<Entry, kCapacity> entries_;
  int count_ = 0;
  int next_ = 0;
};

// The order in which a node's loop takes its moves in an ABDADA search: the
// picker's, except that a brother another thread is in (BusyMoveTable) is put
// off until the picker is empty, by when that thread has usually stored its
// result in the TT. Only brothers from the `first_deferrable`-th move searched
// on wait (the eldest, and at a CUT node the moves likely to cut, are searched
// beside the other thread, sharing the work below them), and at most
// DeferredMoves::kCapacity of them: the rest are searched at once. A deferred
// move keeps the number its place in the picker's order gave it, so that the
// reductions and pruning that depend on it are the serial search's.
class DeferringMoveOrder {
 public:
  struct Turn {
    kernel::Move move;
    int index = 0;   // in the picker's order
    int number = 0;  // the move's place among those searched
    // The move's key in the BusyMoveTable, which the caller enters and
    // leaves around its search; 0 where the node defers nothing.
    std::uint64_t busy_key = 0;
  };

  // `busy`: null where the node defers nothing (one thread, too shallow).
  // Each move put off adds one to `deferrals`.
  DeferringMoveOrder(const BusyMoveTable* busy, kernel::Key position, int first_deferrable,
                     std::uint64_t& deferrals)
      : busy_(busy),
        position_(position),
        first_deferrable_(first_deferrable),
        deferrals_(deferrals) {}

  // The next move to search, `searched` moves having been searched (a
  // skipped one does not count); false when none is left. `skip(m)`: a
  // picked move the node leaves out altogether, unnumbered.
  template <typename Picker, typename Skip>
  bool next(Picker& picker, int searched, Skip skip, Turn& turn) {
    for (;;) {
      bool picked = false;  // fresh from the picker, not a deferred brother's turn
      if (picker.next(turn.move)) {
        if (skip(turn.move)) continue;
        turn.index = picker.taken() - 1;
        // A deferred brother keeps its place in the count.
        turn.number = searched + deferred_.count();
        picked = true;
      } else if (deferred_.pop(turn.index, turn.number)) {
        turn.move = picker.picked(turn.index);
      } else {
        return false;
      }
      turn.busy_key = busy_ != nullptr && turn.number >= first_deferrable_
                          ? BusyMoveTable::key_of(position_, turn.move)
                          : 0;
      if (turn.busy_key != 0 && picked && !deferred_.full() && busy_->contains(turn.busy_key)) {
        deferred_.push(turn.index, turn.number);
        ++deferrals_;
        continue;
      }
      return true;
    }
  }

 private:
  const BusyMoveTable* busy_;
  kernel::Key position_;
  int first_deferrable_;
  std::uint64_t& deferrals_;
  DeferredMoves deferred_;
};

// The deepest iteration a thread of the search has finished, and its line.
// Every thread polls depth() and gives up an iteration no deeper; the main
// thread takes the line as its own.
class FinishedIteration {
 public:
  void reset() {
    std::lock_guard lock(mutex_);
    depth_.store(0, std::memory_order_relaxed);
    pv_.clear();
  }
  int depth() const { return depth_.load(std::memory_order_relaxed); }
  // A thread finished the iteration of `depth` with this line.
  void offer(int depth, int score, std::span<const kernel::Move> pv) {
    if (pv.empty()) return;
    std::lock_guard lock(mutex_);
    if (depth <= depth_.load(std::memory_order_relaxed)) return;
    score_ = score;
    pv_.assign(pv.begin(), pv.end());
    depth_.store(depth, std::memory_order_relaxed);
  }
  // The line of an iteration of `depth` or deeper, if one has finished.
  bool take(int depth, int& score, std::vector<kernel::Move>& pv) const {
    std::lock_guard lock(mutex_);
    if (depth_.load(std::memory_order_relaxed) < depth) return false;
    score = score_;
    pv = pv_;
    return true;
  }

 private:
  mutable std::mutex mutex_;
  std::atomic<int> depth_{0};
  int score_ = 0;
  std::vector<kernel::Move> pv_;
};

}  // namespace leiser::search
