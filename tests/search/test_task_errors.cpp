// An exception inside a parallel task (out of memory when a helper's worker
// is made) is caught there: the search stops, the result says why, and the
// best move found until then is played. The allocation is made to fail by
// this executable's own operator new, which throws for a worker-sized
// request once armed, so this test has a binary of its own.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "kernel/game.h"
#include "search/benchmark_positions.h"
#include "search/engine.h"
#include "search/pvs.h"

namespace {
// Allocations of exactly this size throw while it is non-zero.
std::atomic<std::size_t> g_failing_size{0};
std::atomic<int> g_failures{0};
}  // namespace

void* operator new(std::size_t size) {
  if (size != 0 && size == g_failing_size.load(std::memory_order_relaxed)) {
    g_failures.fetch_add(1, std::memory_order_relaxed);
    throw std::bad_alloc();
  }
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
// Worker is over-aligned (its accumulators are), so `new Worker` comes here.
void* operator new(std::size_t size, std::align_val_t align) {
  if (size != 0 && size == g_failing_size.load(std::memory_order_relaxed)) {
    g_failures.fetch_add(1, std::memory_order_relaxed);
    throw std::bad_alloc();
  }
  const auto alignment = static_cast<std::size_t>(align);
  if (void* p = std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment))
    return p;
  throw std::bad_alloc();
}
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
// Every other form goes to the same malloc and free, so no allocation made by
// the library's own forms (a sanitizer's included) is freed by these, which
// AddressSanitizer would report as a mismatch.
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new[](std::size_t size, std::align_val_t align) { return operator new(size, align); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return operator new(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return operator new(size, std::nothrow);
}
void* operator new(std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  try {
    return operator new(size, align);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return operator new(size, align, std::nothrow);
}
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace leiser::search {
namespace {

TEST(TaskErrors, AHelperThatCannotBeMadeStopsTheSearchWithTheReason) {
  TranspositionTable tt(16);
  EvalParams params;
  Searcher searcher(tt, params);
  const kernel::Game game =
      kernel::Game::from_fen(kBenchPositions2016[0], kernel::Edition::k2016).value();
  SearchLimits limits;
  limits.depth = 6;
  const std::atomic<bool> stop{false};
  SearchOptions options;
  // A fresh searcher makes its main worker before the search starts and a
  // helper's inside a task at the first split (depth 4, the root). The
  // failure is armed once depth 1 is reported: the main worker exists then,
  // and no helper yet.
  const InfoCallback arm = [](const SearchReport& r) {
    if (r.depth == 1) g_failing_size.store(sizeof(Worker), std::memory_order_relaxed);
  };
  const SearchResult first = searcher.run(game, limits, arm, stop, 2, options);
  g_failing_size.store(0, std::memory_order_relaxed);
  EXPECT_GT(g_failures.load(), 0);
  EXPECT_EQ(first.error, std::bad_alloc().what());
  EXPECT_GT(searcher.split_stats().task_errors.load(), 0u);
  EXPECT_TRUE(game.is_legal(first.best_move));
  EXPECT_GE(first.depth, 3);  // the iterations before any split finished
  EXPECT_LT(first.depth, 6);

  // The next search starts clean and, with memory back, completes.
  const SearchResult second = searcher.run(game, limits, {}, stop, 2, options);
  EXPECT_TRUE(second.error.empty()) << second.error;
  EXPECT_EQ(second.depth, 6);
  EXPECT_TRUE(game.is_legal(second.best_move));
}

}  // namespace
}  // namespace leiser::search
