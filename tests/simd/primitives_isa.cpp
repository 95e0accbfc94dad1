// Every vector primitive of simd/ (simd/vec.h's lane types) against its plain
// version on random inputs, at every width this translation unit was built
// for. tests/simd/meson.build compiles this file once per wide core's flags,
// links each copy on its own as the cores are (scripts/prelink_core.py: only
// the entry stays global) and runs it from primitives_main.cpp, baseline
// code that skips (exit 77) on a CPU without the instructions.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "simd/bit_columns.h"
#include "simd/distance_lanes.h"
#include "simd/distance_row.h"
#include "simd/int16_columns.h"
#include "simd/largest_word.h"
#include "simd/lcoverage_terms.h"
#include "simd/move_key_lanes.h"
#include "simd/nnue_dot.h"
#include "simd/packed_lanes.h"
#include "simd/sort_network.h"

#ifndef LEISER_PRIMITIVES_ENTRY
#error "built by tests/simd/meson.build with -DLEISER_PRIMITIVES_ENTRY=<entry>"
#endif

namespace leiser::simd::primitive_checks {
namespace {

struct Failures {
  const char* isa;
  int count = 0;
  void report(const char* primitive, const char* what, long long a, long long b) {
    if (++count <= 20)
      std::printf("FAIL %s %s: %s (%lld vs plain %lld)\n", isa, primitive, what, a, b);
  }
};

// Distinct words (the low 16 bits hold the index, as the picker's words hold
// their move), with and without the top bit, which AVX2 flips to compare.
std::vector<std::uint64_t> distinct_words(std::mt19937_64& rng, int n) {
  std::vector<std::uint64_t> words(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    std::uint64_t high = rng() & ~std::uint64_t{0xFFFF};
    if (rng() % 4 == 0)
      high &= 0x0000'0000'FFFF'0000ULL;  // many equal high parts: ties in the keys
    words[static_cast<std::size_t>(i)] = high | static_cast<std::uint64_t>(i);
  }
  return words;
}

template <class Isa>
void check_move_keys(std::mt19937_64& rng, Failures& f) {
  constexpr int kLanes = vec::Int32s<Isa>::kLanes;
  std::vector<std::int32_t> steps(64 * 8);
  // History slots run from -4 (a destination of -1 cannot occur, see below;
  // the margin only keeps a bug in bounds) to 4 * 256 - 1.
  std::vector<std::int32_t> history(4 + 4 * 256);
  // A continuation row: the history slot less side * 512, -4 to 2 * 256 - 1.
  std::vector<std::int32_t> continuation(4 + 2 * 256);
  for (int trial = 0; trial < 4000; ++trial) {
    for (auto& s : steps) s = rng() % 8 == 0 ? -1 : static_cast<std::int32_t>(rng() % 64);
    for (auto& h : history) h = static_cast<std::int32_t>(rng() % 200000) - 100000;
    for (auto& c : continuation) c = static_cast<std::int32_t>(rng() % 200000) - 100000;
    MoveKeyInputs in;
    in.kings = rng();
    in.orientation_low = rng();
    in.orientation_high = rng();
    in.steps = steps.data();
    in.history = history.data() + 4;
    // Half the trials without one (nullptr), as the search's default.
    in.continuation = trial % 2 ? continuation.data() + 4 : nullptr;
    in.side = static_cast<std::int32_t>(rng() % 2);
    in.key_tt_move = 1 << 30;
    in.key_killer1 = (1 << 30) - 1;
    in.key_killer2 = (1 << 30) - 2;
    const int count = static_cast<int>(rng() % 130);
    std::vector<std::uint16_t> moves(static_cast<std::size_t>(count));
    for (auto& m : moves) {
      // A move never steps off the board: a shift or swap-rotate whose step
      // is off the board is drawn again (a swap-shift may read an off-board
      // first step: the vector form clamps it, as the plain one does).
      do m = static_cast<std::uint16_t>(rng());
      while (((m >> 14) == 1 || (m >> 14) == 3) &&
             steps[static_cast<std::size_t>(8 * (m & 63) + ((m >> 6) & 7))] < 0);
    }
    const auto pick = [&]() -> std::uint16_t {
      return count > 0 && rng() % 2 ? moves[rng() % static_cast<std::size_t>(count)]
                                    : static_cast<std::uint16_t>(rng());
    };
    in.tt_move = pick();
    in.killer1 = pick();
    in.killer2 = pick();
    std::vector<std::int32_t> keys(static_cast<std::size_t>(count) + 16, -7), plain_keys(keys);
    std::vector<std::uint16_t> ties(static_cast<std::size_t>(count) + 16, 0xABCD), plain_ties(ties);
    move_keys_plain(in, moves.data(), count, plain_keys.data(), plain_ties.data());
    const int done = move_keys_lanes<Isa>(in, moves.data(), count, keys.data(), ties.data());
    const int expected_done = vec::Int32s<Isa>::kMaskedTail ? count : count - count % kLanes;
    if (done != expected_done) f.report("move_keys_lanes", "moves done", done, expected_done);
    for (int i = 0; i < count + 16; ++i) {
      const auto k = static_cast<std::size_t>(i);
      // Past `done` nothing may be written.
      const std::int32_t want_key = i < done ? plain_keys[k] : -7;
      const std::uint16_t want_tie = i < done ? plain_ties[k] : 0xABCD;
      if (keys[k] != want_key) f.report("move_keys_lanes", "key", keys[k], want_key);
      if (ties[k] != want_tie) f.report("move_keys_lanes", "tie", ties[k], want_tie);
    }
  }
}

template <class Isa>
void check_largest_word(std::mt19937_64& rng, Failures& f) {
  constexpr int kLanes = vec::Words<Isa>::kLanes;
  for (int trial = 0; trial < 20000; ++trial) {
    const int n = kLanes + static_cast<int>(rng() % 200);
    const std::vector<std::uint64_t> words = distinct_words(rng, n);
    const int begin = static_cast<int>(rng() % static_cast<unsigned>(n - kLanes + 1));
    const int end =
        begin + kLanes + static_cast<int>(rng() % static_cast<unsigned>(n - begin - kLanes + 1));
    const int got = largest_word_lanes<Isa>(words.data(), begin, end);
    const int want = largest_word_plain(words.data(), begin, end);
    if (got != want) f.report("largest_word_lanes", "index", got, want);
  }
}

template <class Isa>
void check_sort_network(std::mt19937_64& rng, Failures& f) {
  constexpr int kLanes = vec::Words<Isa>::kLanes;
  for (int n = kLanes; n <= kSortNetworkMaxWords; n += n < 300 ? 1 : 37) {
    for (int trial = 0; trial < 3; ++trial) {
      std::vector<std::uint64_t> words = distinct_words(rng, n);
      // Repeated words and zeros (the padding's value) sort as any list.
      if (trial == 2)
        for (auto& w : words) w = rng() % 5 == 0 ? 0 : (rng() % 7) << (rng() % 64);
      std::vector<std::uint64_t> plain = words;
      sort_words_descending_plain(plain.data(), n);
      sort_words_descending_network<Isa>(words.data(), n);
      if (words != plain)
        f.report("sort_words_descending_network", "order differs at length", n, n);
    }
  }
}

// Aligned storage for the vector loads of the NNUE primitives.
template <class T>
struct Aligned {
  explicit Aligned(std::size_t n) : values(n + 64 / sizeof(T)) {
    offset = (64 - reinterpret_cast<std::uintptr_t>(values.data()) % 64) % 64 / sizeof(T);
  }
  T* data() { return values.data() + offset; }
  std::vector<T> values;
  std::size_t offset = 0;
};

std::int16_t random_int16(std::mt19937_64& rng) { return static_cast<std::int16_t>(rng()); }

template <class Isa>
void check_int16_columns(std::mt19937_64& rng, Failures& f) {
  constexpr int N = 128;
  constexpr int kColumns = 40;
  Aligned<std::int16_t> columns(kColumns * N);
  for (int trial = 0; trial < 3000; ++trial) {
    for (int j = 0; j < kColumns * N; ++j) columns.data()[j] = random_int16(rng);  // wrapping sums
    std::vector<std::int16_t> in(N + 1);
    for (auto& x : in) x = random_int16(rng);
    std::vector<std::uint16_t> removed(rng() % 5), added(rng() % 33);
    for (auto& c : removed) c = static_cast<std::uint16_t>(rng() % kColumns);
    for (auto& c : added) c = static_cast<std::uint16_t>(rng() % kColumns);
    // Unaligned in and out (in + 1), as the accumulator allows.
    std::vector<std::int16_t> out(N + 1), plain(N + 1);
    add_sub_columns_plain<N>(columns.data(), in.data() + 1, plain.data() + 1, removed.data(),
                             static_cast<int>(removed.size()), added.data(),
                             static_cast<int>(added.size()));
    add_sub_columns_lanes<Isa, N>(columns.data(), in.data() + 1, out.data() + 1, removed.data(),
                                  static_cast<int>(removed.size()), added.data(),
                                  static_cast<int>(added.size()));
    for (int j = 1; j <= N; ++j)
      if (out[static_cast<std::size_t>(j)] != plain[static_cast<std::size_t>(j)])
        f.report("add_sub_columns_lanes", "value", out[static_cast<std::size_t>(j)],
                 plain[static_cast<std::size_t>(j)]);
    // In place: out the same array as in.
    std::vector<std::int16_t> same = in;
    add_sub_columns_lanes<Isa, N>(columns.data(), same.data() + 1, same.data() + 1, removed.data(),
                                  static_cast<int>(removed.size()), added.data(),
                                  static_cast<int>(added.size()));
    for (int j = 1; j <= N; ++j)
      if (same[static_cast<std::size_t>(j)] != plain[static_cast<std::size_t>(j)])
        f.report("add_sub_columns_lanes", "value in place", same[static_cast<std::size_t>(j)],
                 plain[static_cast<std::size_t>(j)]);
  }
}

// The NNUE layers at the shapes inference uses (256 -> 16, 16 -> 32, 32 -> 1)
// with weights and activations in the ranges a net file allows, so that no
// int32 sum overflows (nnue/README.md, step 5).
template <class Isa>
void check_nnue_dot(std::mt19937_64& rng, Failures& f) {
  constexpr int kMax = 127;
  constexpr int kShift = 10;
  Aligned<std::int16_t> acc(256), h0(256), plain_h0(256), w1(16 * 256), h1(16), plain_h1(16),
      w2(32 * 16), h2(32), plain_h2(32), w3(32);
  Aligned<std::int32_t> b1(16), b2(32);
  for (int trial = 0; trial < 3000; ++trial) {
    const int weight_range = trial % 2 ? 2000 : 65536;
    const auto weight = [&] {
      return static_cast<std::int16_t>(static_cast<int>(rng() % weight_range) - weight_range / 2);
    };
    for (int j = 0; j < 256; ++j)
      acc.data()[j] = static_cast<std::int16_t>(static_cast<int>(rng() % 400) - 200);
    for (int j = 0; j < 16 * 256; ++j) w1.data()[j] = weight();
    for (int j = 0; j < 32 * 16; ++j) w2.data()[j] = weight();
    for (int j = 0; j < 32; ++j) w3.data()[j] = weight();
    for (int j = 0; j < 16; ++j) b1.data()[j] = static_cast<std::int32_t>(rng() % 400000) - 200000;
    for (int j = 0; j < 32; ++j) b2.data()[j] = static_cast<std::int32_t>(rng() % 400000) - 200000;
    clamp_int16_plain<kMax>(acc.data(), plain_h0.data(), 256);
    clamp_int16_lanes<Isa, kMax>(acc.data(), h0.data(), 256);
    for (int j = 0; j < 256; ++j)
      if (h0.data()[j] != plain_h0.data()[j])
        f.report("clamp_int16_lanes", "value", h0.data()[j], plain_h0.data()[j]);
    dense_int16_plain<256, 16, kShift, kMax>(w1.data(), b1.data(), plain_h0.data(),
                                             plain_h1.data());
    dense_int16_lanes<Isa, 256, 16, kShift, kMax>(w1.data(), b1.data(), plain_h0.data(), h1.data());
    for (int j = 0; j < 16; ++j)
      if (h1.data()[j] != plain_h1.data()[j])
        f.report("dense_int16_lanes 256x16", "value", h1.data()[j], plain_h1.data()[j]);
    // Inputs across the whole range for the second layer.
    for (int j = 0; j < 16; ++j) plain_h1.data()[j] = static_cast<std::int16_t>(rng() % (kMax + 1));
    dense_int16_plain<16, 32, kShift, kMax>(w2.data(), b2.data(), plain_h1.data(), plain_h2.data());
    if constexpr (vec::Int16s<Isa>::kLanes == 16) {
      dense_int16_lanes<Isa, 16, 32, kShift, kMax>(w2.data(), b2.data(), plain_h1.data(),
                                                   h2.data());
      for (int j = 0; j < 32; ++j)
        if (h2.data()[j] != plain_h2.data()[j])
          f.report("dense_int16_lanes 16x32", "value", h2.data()[j], plain_h2.data()[j]);
    }
    const std::int32_t dot = dot_int16_lanes<Isa, 32>(w3.data(), plain_h2.data());
    const std::int32_t plain_dot = dot_int16_plain<32>(w3.data(), plain_h2.data());
    if (dot != plain_dot) f.report("dot_int16_lanes", "sum", dot, plain_dot);
  }
}

#if LEISER_VEC_HAVE_AVX2
// The primitives that exist at one width only (AVX2 and 128-bit forms that
// both wide cores run).
void check_single_width_avx2(std::mt19937_64& rng, Failures& f) {
  // LCOVERAGE terms: distances up to 128 or unreached, Manhattan distances
  // up to 14, weight denominators up to 64 (the engine's ranges).
  for (int trial = 0; trial < 20000; ++trial) {
    std::uint16_t dist[64];
    std::uint8_t manhattan[64], denominators[64];
    for (int s = 0; s < 64; ++s) {
      dist[s] =
          rng() % 3 == 0 ? std::uint16_t{0xFFFF} : static_cast<std::uint16_t>(1 + rng() % 128);
      manhattan[s] = static_cast<std::uint8_t>(rng() % 15);
      denominators[s] = static_cast<std::uint8_t>(1 + rng() % 64);
    }
    const std::uint32_t got = lcoverage_term_sum_avx2<24>(dist, manhattan, denominators, 0xFFFF);
    const std::uint32_t want = lcoverage_term_sum_plain<24>(dist, manhattan, denominators, 0xFFFF);
    if (got != want) f.report("lcoverage_term_sum_avx2", "sum", got, want);
  }
  for (int trial = 0; trial < 20000; ++trial) {
    std::uint16_t row[8], plain[8];
    for (int k = 0; k < 8; ++k) row[k] = plain[k] = static_cast<std::uint16_t>(rng() % 300);
    const int file = static_cast<int>(rng() % 8);
    const unsigned total = static_cast<unsigned>(rng() % 256);
    const unsigned entered = static_cast<unsigned>(rng() % 256);
    lower_distance_row_sse(row, file, total, entered);
    lower_distance_row_plain(plain, file, total, entered);
    for (int k = 0; k < 8; ++k)
      if (row[k] != plain[k]) f.report("lower_distance_row_sse", "distance", row[k], plain[k]);
  }
  for (int trial = 0; trial < 20000; ++trial) {
    alignas(16) std::uint16_t out[8], plain[8];
    const auto base = static_cast<std::uint16_t>(rng() % 64);
    const unsigned mask = static_cast<unsigned>(rng() % 256);
    pack_indexed_lanes16_sse<6, 1 << 14>(out, base, mask);
    pack_indexed_lanes16_plain<6, 1 << 14>(plain, base, mask);
    for (int k = 0; k < 8; ++k)
      if (out[k] != plain[k]) f.report("pack_indexed_lanes16_sse", "lane", out[k], plain[k]);
  }
  for (int trial = 0; trial < 2000; ++trial) {
    std::uint64_t sets[8];
    for (auto& set : sets) set = rng() & rng();
    const BitColumnsAvx2 columns(sets);
    const BitColumnsPlain plain(sets);
    for (int i = 0; i < 64; ++i)
      if (columns.bits_at(i) != plain.bits_at(i))
        f.report("BitColumnsAvx2::bits_at", "mask", columns.bits_at(i), plain.bits_at(i));
  }
}
#endif

#if LEISER_VEC_HAVE_AVX512
void check_single_width_avx512(std::mt19937_64& rng, Failures& f) {
  for (int trial = 0; trial < 20000; ++trial) {
    std::uint16_t start[64], got[64], want[64];
    for (auto& d : start)
      d = rng() % 4 == 0 ? std::uint16_t{0xFFFF} : static_cast<std::uint16_t>(rng() % 300);
    DistanceLanes<vec::Avx512> lanes(start);
    DistanceLanesPlain plain(start);
    const int segments = 1 + static_cast<int>(rng() % 8);
    for (int i = 0; i < segments; ++i) {
      std::uint8_t steps[64];
      for (auto& step : steps) step = static_cast<std::uint8_t>(rng() % 15);
      const std::uint64_t squares = rng() & rng();
      const std::uint64_t costlier = rng() % 2 ? std::uint64_t{1} << (rng() % 64) : 0;
      const unsigned base = static_cast<unsigned>(rng() % 200);
      lanes.lower(squares, steps, base, costlier);
      plain.lower(squares, steps, base, costlier);
    }
    lanes.store(got);
    plain.store(want);
    for (int s = 0; s < 64; ++s)
      if (got[s] != want[s]) f.report("DistanceLanes<Avx512>", "distance", got[s], want[s]);
  }
}
#endif

template <class Isa>
int check_isa(const char* name, std::uint64_t seed) {
  Failures f{name};
  std::mt19937_64 rng(seed);
  check_move_keys<Isa>(rng, f);
  check_largest_word<Isa>(rng, f);
  check_sort_network<Isa>(rng, f);
  check_int16_columns<Isa>(rng, f);
  check_nnue_dot<Isa>(rng, f);
#if LEISER_VEC_HAVE_AVX2
  if constexpr (std::is_same_v<Isa, vec::Avx2>) check_single_width_avx2(rng, f);
#endif
#if LEISER_VEC_HAVE_AVX512
  if constexpr (std::is_same_v<Isa, vec::Avx512>) check_single_width_avx512(rng, f);
#endif
  std::printf("%s: %s\n", name,
              f.count == 0 ? "every primitive equals its plain version" : "FAILED");
  return f.count;
}

}  // namespace
}  // namespace leiser::simd::primitive_checks

// Returns the number of failures; 0: all equal.
extern "C" int LEISER_PRIMITIVES_ENTRY(std::uint64_t seed) {
  using namespace leiser::simd;
  int failures = 0;
#if LEISER_VEC_HAVE_AVX2
  failures += primitive_checks::check_isa<vec::Avx2>("avx2", seed);
#endif
#if LEISER_VEC_HAVE_AVX512
  failures += primitive_checks::check_isa<vec::Avx512>("avx512", seed + 1);
#endif
  return failures;
}
