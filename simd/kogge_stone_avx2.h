// The AVX2 layer under the Kogge-Stone fills (lcoverage_beams): four bitboards per 256-bit
// vector. AVX2 has no 64-bit rotate, so a step in a per-lane direction is a
// left shift OR a right shift by per-lane counts, the unused one being >= 64
// (vpsllvq/vpsrlvq give 0 for such counts).
//
// INTERNAL: include only from translation units built with -mavx2 -mbmi2.
#pragma once

#if !defined(__AVX2__)
#error "simd/kogge_stone_avx2.h needs -mavx2"
#endif

#include <immintrin.h>

#include <cstdint>

#include "simd/kogge_stone.h"

namespace leiser::simd::detail {

template <>
struct Isa<xsimd::avx2> {
  using Arch = xsimd::avx2;
  using U64 = xsimd::batch<std::uint64_t, Arch>;
  static constexpr std::size_t kLanes = 4;

  struct Dir {
    __m256i left[3];  // shift counts for 1, 2, 4 squares (>= 64: none)
    __m256i right[3];
    U64 wrap;
  };

  template <int k>
  static U64 step(U64 x, const Dir& dir) {
    return _mm256_or_si256(_mm256_sllv_epi64(x, dir.left[k]), _mm256_srlv_epi64(x, dir.right[k]));
  }
  static U64 or_and(U64 a, U64 b, U64 c) { return a | (b & c); }

  static Dir doubled(__m256i left, __m256i right, U64 wrap) {
    Dir dir;
    dir.left[0] = left;
    dir.right[0] = right;
    for (int k = 1; k < 3; ++k) {
      dir.left[k] = _mm256_add_epi64(dir.left[k - 1], dir.left[k - 1]);
      dir.right[k] = _mm256_add_epi64(dir.right[k - 1], dir.right[k - 1]);
    }
    dir.wrap = wrap;
    return dir;
  }
};

}  // namespace leiser::simd::detail
