// The task group the parallel search splits work with. A thin seam over
// tbb::task_group so that sanitizer builds can add what an uninstrumented
// oneTBB cannot tell them (see docs/parallel.md); in normal builds it is
// tbb::task_group itself, with no cost.
#pragma once

#include <oneapi/tbb/task_group.h>

#include <utility>

namespace leiser::search {

class TaskGroup {
 public:
  template <class F>
  void run(F&& task) {
    group_.run(std::forward<F>(task));
  }
  void wait() { group_.wait(); }

 private:
  tbb::task_group group_;
};

}  // namespace leiser::search
