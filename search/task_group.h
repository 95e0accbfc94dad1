// The task group the parallel search splits work with. A thin seam over
// tbb::task_group so that sanitizer builds can add what an uninstrumented
// oneTBB cannot tell them (see docs/parallel.md); in normal builds it is
// tbb::task_group itself, with no cost.
//
// ThreadSanitizer builds (-Db_sanitize=thread): Debian's libtbb is not
// instrumented, so the happens-before edges of TBB's task hand-off (the
// spawning thread publishes a task, another thread runs it; the task
// finishes, wait() returns) happen inside code TSan cannot see. They are
// recreated here with the TSan annotation interface:
//   run():  the task object is constructed first (defer(): the functor is
//           moved into TBB's task on this thread), then this thread releases
//           a clock keyed by the functor's address inside the task, then the
//           task is spawned; the task body acquires that clock before
//           running the functor (spawn -> task start).
//   end:    the task body releases the group's completion clock after the
//           functor returns (or throws); wait() acquires it after TBB's wait
//           (task end -> wait() returns).
// A clock per task at the start rather than one per group, so that brothers
// are not ordered with one another through the annotations (only
// parent -> task -> parent, what TBB guarantees): a race between brothers is
// still reported. What cannot be annotated from here, TBB's allocator
// handing a finished task's memory to the next task, is suppressed by name in
// tests/tsan/suppressions.txt.
#pragma once

#include <oneapi/tbb/task_group.h>

#include <utility>

#if defined(__SANITIZE_THREAD__)
#define LEISER_TSAN_TASK_ANNOTATIONS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LEISER_TSAN_TASK_ANNOTATIONS 1
#endif
#endif

#if defined(LEISER_TSAN_TASK_ANNOTATIONS)
#include <sanitizer/tsan_interface.h>

#include <type_traits>
#endif

namespace leiser::search {

#if !defined(LEISER_TSAN_TASK_ANNOTATIONS)

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

#else  // ThreadSanitizer build

class TaskGroup {
 public:
  template <class F>
  void run(F&& task) {
    // defer() constructs the task (moving the functor into TBB's task object)
    // on this thread without spawning it; the functor's move constructor
    // records where it now lives. The release below, keyed by that address,
    // covers every write to the task object; run(task_handle) only spawns.
    tbb::task_handle handle =
        group_.defer(Annotated<std::decay_t<F> >(std::forward<F>(task), this));
    __tsan_release(const_cast<void*>(constructed_));
    group_.run(std::move(handle));
  }

  void wait() {
    group_.wait();
    __tsan_acquire(&done_clock_);
  }

 private:
  template <class F>
  class Annotated {
   public:
    template <class G>
    Annotated(G&& f, TaskGroup* group) : f_(std::forward<G>(f)), group_(group) {}
    Annotated(Annotated&& other) : f_(std::move(other.f_)), group_(other.group_) {
      group_->constructed_ = this;
    }
    Annotated(const Annotated& other) : f_(other.f_), group_(other.group_) {
      group_->constructed_ = this;
    }

    void operator()() const {
      // Keyed by this object's own address, so nothing of the task object is
      // read before the acquire.
      __tsan_acquire(const_cast<Annotated*>(this));
      struct ReleaseAtEnd {
        TaskGroup* group;
        ~ReleaseAtEnd() { __tsan_release(&group->done_clock_); }
      } release_at_end{group_};
      f_();
    }

   private:
    F f_;
    TaskGroup* group_;
  };

  tbb::task_group group_;
  const void* constructed_ = nullptr;  // the functor inside the last task built
  char done_clock_ = 0;                // an address only: TSan keys clocks by address
};

#endif

}  // namespace leiser::search
