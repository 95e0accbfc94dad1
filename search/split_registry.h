// The open split points of a hybrid search (SmpMode::kHybrid), where a
// thread with nothing to do finds work: instead of a oneTBB task per helper,
// which a busy thread never takes and an idle one takes late, each split
// point is published here while it has moves to hand out. A thread that has
// nothing of the tree to search (a filler, docs/parallel.md) runs a Lazy SMP
// iteration of its own and looks here every few dozen nodes; an owner whose
// moves are all handed out looks here for split points below its own while
// its visitors finish.
//
// Lifetime: a visitor is counted (SplitPoint::visitors) under the registry's
// lock, and an owner withdraws its split point under the same lock before it
// waits for the count to reach zero; so no thread joins a split point whose
// owner may already have left it.
#pragma once

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

#include "search/split_point.h"

namespace leiser::search {

class SplitRegistry {
 public:
  void publish(SplitPoint& sp) {
    std::lock_guard lock(mutex_);
    open_.push_back(&sp);
    open_count_.store(static_cast<int>(open_.size()), std::memory_order_relaxed);
  }
  // After this returns no thread joins sp any more (those that did are
  // counted in sp.visitors).
  void withdraw(SplitPoint& sp) {
    std::lock_guard lock(mutex_);
    std::erase(open_, &sp);
    open_count_.store(static_cast<int>(open_.size()), std::memory_order_relaxed);
  }
  // Whether some split point may take a visitor: a hint, read without the
  // lock, for the poll of a thread that is searching something else.
  bool any_open() const { return open_count_.load(std::memory_order_relaxed) > 0; }

  // Counts the caller as a visitor of the open split point with the most
  // depth left that still hands out moves and has room (visitors below
  // SplitPoint::max_visitors), and returns it; nullptr when there is none.
  // With `below` set, only split points under it on their parent chain
  // count: an owner waiting for its own visitors helps them, and nothing
  // that could outlast them.
  SplitPoint* join(const SplitPoint* below) {
    std::lock_guard lock(mutex_);
    SplitPoint* chosen = nullptr;
    for (SplitPoint* sp : open_) {
      if (sp->exhausted() || sp->aborted.load(std::memory_order_relaxed) ||
          sp->visitors.load(std::memory_order_relaxed) >= sp->max_visitors)
        continue;
      if (below && !sp->is_below(below)) continue;
      if (!chosen || sp->depth > chosen->depth) chosen = sp;
    }
    if (chosen) chosen->visitors.fetch_add(1, std::memory_order_relaxed);
    return chosen;
  }
  // A visitor leaves: the owner may destroy sp once the count is zero.
  static void leave(SplitPoint& sp) { sp.visitors.fetch_sub(1, std::memory_order_release); }

 private:
  std::mutex mutex_;
  std::vector<SplitPoint*> open_;
  std::atomic<int> open_count_{0};
};

}  // namespace leiser::search
