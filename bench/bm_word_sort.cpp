// Microbenchmark of the move picker's sort of the rest of a move list
// (search/word_sort.h): std::sort, the reference and the baseline core's
// form, against the bitonic networks of the avx2 and avx512 cores.
//
// word_sort/<form>/<n>: sorting n distinct random 64-bit words (the picker's
// words are distinct: each holds its move) from largest to smallest, 4,096
// lists per iteration, copied afresh with the clock paused so that no sort
// meets a sorted list. items/s counts lists sorted. A form the CPU lacks is
// skipped. Before timing, each form's result is checked against std::sort;
// the program aborts if any differs.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <unordered_set>
#include <vector>

#include "bench/word_sort_cores.h"
#include "search/word_sort.h"
#include "simd/cpu.h"

namespace leiser::microbench {
namespace {

using SortFn = void (*)(std::uint64_t*, int);

constexpr int kLists = 4096;

std::vector<std::uint64_t> random_lists(int n) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(n));
  std::vector<std::uint64_t> words;
  words.reserve(static_cast<std::size_t>(kLists) * n);
  for (int list = 0; list < kLists; ++list) {
    std::unordered_set<std::uint64_t> seen;
    while (static_cast<int>(seen.size()) < n) {
      const std::uint64_t w = rng();
      if (seen.insert(w).second) words.push_back(w);
    }
  }
  return words;
}

void check_against_std_sort(SortFn sort, int n) {
  std::vector<std::uint64_t> words = random_lists(n);
  std::vector<std::uint64_t> expected = words;
  for (int list = 0; list < kLists; ++list) {
    search::sort_descending_plain(expected.data() + list * n, n);
    sort(words.data() + list * n, n);
  }
  if (words != expected) {
    std::fprintf(stderr, "bm_word_sort: a sort differs from std::sort at %d words\n", n);
    std::abort();
  }
}

void word_sort(benchmark::State& state, SortFn sort, simd::FeatureSet needs) {
  if ((simd::cpu_features() & needs) != needs) {
    state.SkipWithError("this CPU lacks the instructions");
    return;
  }
  const int n = static_cast<int>(state.range(0));
  check_against_std_sort(sort, n);
  const std::vector<std::uint64_t> lists = random_lists(n);
  std::vector<std::uint64_t> work(lists.size());
  for (auto _ : state) {
    state.PauseTiming();
    std::copy(lists.begin(), lists.end(), work.begin());
    state.ResumeTiming();
    for (int list = 0; list < kLists; ++list) sort(work.data() + list * n, n);
    benchmark::DoNotOptimize(work.data());
  }
  state.SetItemsProcessed(state.iterations() * kLists);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (const int n : {8, 16, 32, 48, 64, 96, 128}) b->Arg(n);
}

BENCHMARK_CAPTURE(word_sort, std_sort, search::sort_descending_plain, simd::FeatureSet{0})
    ->Apply(sizes);
BENCHMARK_CAPTURE(word_sort, avx2_network, sort_descending_avx2_core,
                  simd::kFeaturesAvx2Implementation)
    ->Apply(sizes);
BENCHMARK_CAPTURE(word_sort, avx512_network, sort_descending_avx512_core,
                  simd::kFeaturesAvx512Implementation)
    ->Apply(sizes);

}  // namespace
}  // namespace leiser::microbench

BENCHMARK_MAIN();
