// LCOVERAGE's sum of square terms over the 64 squares (search/eval/
// lcoverage.cpp): for every square with a distance L other than `unreached`,
// floor(x / (L * p)) with x = (min(D, L) << kFractionBits) + L * p / 2, D and
// p read from per-square byte rows. lcoverage_term_sum_plain is the
// reference; the vector form exists at 256 bits only (both wide cores run
// it: eight squares per step in 32-bit lanes, the quotient by a division in
// double precision, exact as explained below), so it is written once, here.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "simd/vec.h"

namespace leiser::simd {

template <int kFractionBits>
inline std::uint32_t lcoverage_term_sum_plain(const std::uint16_t* distances,
                                              const std::uint8_t* manhattan,
                                              const std::uint8_t* denominators,
                                              std::uint16_t unreached) {
  std::uint32_t sum = 0;
  for (int s = 0; s < 64; ++s) {
    const std::uint32_t l = distances[s];
    if (l == unreached) continue;
    const std::uint32_t divisor = l * denominators[s];
    sum += ((std::min<std::uint32_t>(manhattan[s], l) << kFractionBits) + divisor / 2) / divisor;
  }
  return sum;
}

#if LEISER_VEC_HAVE_AVX2
// x < 2^29 and the divisor L * p < 2^23 are exact in double, divided in
// double precision and truncated: that is floor(x / (L * p)) exactly, since
// a quotient that is an integer is exact and any other lies at least
// 1 / (L * p) > 2^-23 below the next integer, more than the rounding error
// (half an ulp of a value below 2^29: 2^-25). The unreached squares
// (L = unreached) are masked out. All eight ranks are taken, without a
// branch: skipping the ranks no beam enters measured more instructions and
// no faster. Each term is at most 2^24, so the 64 sum in 32-bit lanes.
template <int kFractionBits>
inline std::uint32_t lcoverage_term_sum_avx2(const std::uint16_t* distances,
                                             const std::uint8_t* manhattan,
                                             const std::uint8_t* denominators,
                                             std::uint16_t unreached_distance) {
  const __m256i unreached = _mm256_set1_epi32(unreached_distance);
  __m256i sum = _mm256_setzero_si256();
  for (int first = 0; first < 64; first += 8) {
    const __m256i l =
        _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(distances + first)));
    const __m256i d =
        _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(manhattan + first)));
    const __m256i p = _mm256_cvtepu8_epi32(
        _mm_loadl_epi64(reinterpret_cast<const __m128i*>(denominators + first)));
    const __m256i divisor = _mm256_mullo_epi32(l, p);
    const __m256i x = _mm256_add_epi32(_mm256_slli_epi32(_mm256_min_epu32(d, l), kFractionBits),
                                       _mm256_srli_epi32(divisor, 1));
    const __m256d low = _mm256_div_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(x)),
                                      _mm256_cvtepi32_pd(_mm256_castsi256_si128(divisor)));
    const __m256d high = _mm256_div_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(x, 1)),
                                       _mm256_cvtepi32_pd(_mm256_extracti128_si256(divisor, 1)));
    const __m256i terms = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm256_cvttpd_epi32(low)),
                                                  _mm256_cvttpd_epi32(high), 1);
    sum = _mm256_add_epi32(sum, _mm256_andnot_si256(_mm256_cmpeq_epi32(l, unreached), terms));
  }
  return static_cast<std::uint32_t>(vec::Int32s<vec::Avx2>{sum}.sum());
}
#endif

// Whether this translation unit has the vector form (both wide cores).
inline constexpr bool kLcoverageTermSumInVectors = !std::is_same_v<vec::Widest256, vec::NoVectors>;

// The vector form where this translation unit has it, else the plain one.
template <int kFractionBits>
inline std::uint32_t lcoverage_term_sum(const std::uint16_t* distances,
                                        const std::uint8_t* manhattan,
                                        const std::uint8_t* denominators, std::uint16_t unreached) {
#if LEISER_VEC_HAVE_AVX2
  return lcoverage_term_sum_avx2<kFractionBits>(distances, manhattan, denominators, unreached);
#else
  return lcoverage_term_sum_plain<kFractionBits>(distances, manhattan, denominators, unreached);
#endif
}

}  // namespace leiser::simd
