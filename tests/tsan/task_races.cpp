// Controls for the ThreadSanitizer set-up (tests/tsan/, docs/parallel.md):
// tasks run through leiser::search::TaskGroup exactly as the parallel search
// runs them, with the annotations of search/task_group.h and the
// suppressions of tests/tsan/suppressions.txt in force.
//
//   task_races clean     parent -> task -> parent hand-offs only: must be
//                        silent (the annotations recreate TBB's edges).
//   task_races brothers  two brother tasks increment a plain int: a real race
//                        that TSan must report.
//   task_races parent    the parent writes a plain int after run() while the
//                        task reads it: a real race that TSan must report.
//
// In the racy modes the two sides are made to run on different threads at
// the same time (each waits, through relaxed atomics that create no
// happens-before edge, until the other has started), so the report does not
// depend on scheduling luck. Without ThreadSanitizer the racy modes are
// plain undefined behaviour; the test suite runs them only under TSan.
#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "search/task_group.h"

namespace {

using leiser::search::TaskGroup;

// Spins until `count` parties have arrived. Relaxed on purpose: relaxed
// atomics give TSan no happens-before edge, so they hide nothing.
void meet(std::atomic<int>& arrived, int count) {
  arrived.fetch_add(1, std::memory_order_relaxed);
  while (arrived.load(std::memory_order_relaxed) < count) std::this_thread::yield();
}

int clean() {
  // Written by the parent before run(), read by the tasks; written by the
  // tasks (one slot each), read by the parent after wait(). Nested groups as
  // in the search (a task splits again).
  std::vector<long> input(64);
  for (std::size_t i = 0; i < input.size(); ++i) input[i] = static_cast<long>(i);
  std::vector<long> output(input.size(), 0);
  for (int round = 0; round < 50; ++round) {
    TaskGroup group;
    for (std::size_t i = 0; i < input.size(); i += 8) {
      group.run([&input, &output, i] {
        TaskGroup inner;
        for (std::size_t j = i; j < i + 8; ++j)
          inner.run([&input, &output, j] { output[j] += input[j] * 2; });
        inner.wait();
        output[i] += 1;
      });
    }
    group.wait();
    for (std::size_t i = 0; i < input.size(); ++i) input[i] = output[i] % 1000;
  }
  long sum = 0;
  for (long v : output) sum += v;
  std::printf("clean: checksum %ld\n", sum);
  return 0;
}

int brothers() {
  int counter = 0;  // plain int: the race
  std::atomic<int> arrived{0};
  TaskGroup group;
  for (int i = 0; i < 2; ++i) {
    group.run([&counter, &arrived] {
      meet(arrived, 2);
      ++counter;
    });
  }
  group.wait();
  std::printf("brothers: counter %d\n", counter);
  return 0;
}

int parent() {
  int shared = 1;  // plain int: the race
  std::atomic<int> arrived{0};
  std::atomic<int> seen{0};
  TaskGroup group;
  group.run([&shared, &arrived, &seen] {
    meet(arrived, 2);
    seen.store(shared, std::memory_order_relaxed);
  });
  meet(arrived, 2);  // the task has started, on another thread
  shared = 2;
  group.wait();
  std::printf("parent: seen %d\n", seen.load());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: task_races clean|brothers|parent\n");
    return 2;
  }
  int (*mode)() = nullptr;
  if (std::strcmp(argv[1], "clean") == 0) mode = clean;
  if (std::strcmp(argv[1], "brothers") == 0) mode = brothers;
  if (std::strcmp(argv[1], "parent") == 0) mode = parent;
  if (!mode) {
    std::fprintf(stderr, "task_races: unknown mode '%s'\n", argv[1]);
    return 2;
  }
  // Two threads, as in the search (which runs in a task_arena of `threads`).
  tbb::task_arena arena(2);
  int status = 0;
  arena.execute([&] { status = mode(); });
  return status;
}
