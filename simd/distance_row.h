// LCOVERAGE's beam walk along a rank (search/eval/lcoverage.cpp, the avx2
// core): the squares a segment enters in one row of eight 16-bit distances,
// square k of the row lowered to total + |k - file| where bit k of `entered`
// is set, by one 8-lane minimum kept under the mask (a blend) instead of a
// loop of unpredictable length. lower_distance_row_plain is the reference.
#pragma once

#include <cstdint>

#include "simd/vec.h"

namespace leiser::simd {

inline void lower_distance_row_plain(std::uint16_t* row, int file, unsigned total,
                                     unsigned entered) {
  for (int k = 0; k < 8; ++k) {
    if (!((entered >> k) & 1)) continue;
    const unsigned value = total + static_cast<unsigned>(k > file ? k - file : file - k);
    if (value < row[k]) row[k] = static_cast<std::uint16_t>(value);
  }
}

#if LEISER_VEC_HAVE_AVX2
// total + 7 < 2^16.
inline void lower_distance_row_sse(std::uint16_t* row, int file, unsigned total, unsigned entered) {
  const __m128i value =
      _mm_add_epi16(_mm_abs_epi16(_mm_sub_epi16(_mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7),
                                                _mm_set1_epi16(static_cast<short>(file)))),
                    _mm_set1_epi16(static_cast<short>(total)));
  const __m128i old = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row));
  const __m128i lowered = _mm_min_epu16(old, value);
  // The mask's bits as 16-bit lanes of all ones or zeros.
  const __m128i bits = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
  const __m128i keep =
      _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16(static_cast<short>(entered)), bits), bits);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(row), _mm_blendv_epi8(old, lowered, keep));
}
#endif

// Whether the caller should lower rows this way: in the wide cores (the
// measurement that kept it was the avx2 core's; search/eval/lcoverage.cpp).
inline constexpr bool kDistanceRowInVectors = vec::kHaveVectors;

inline void lower_distance_row(std::uint16_t* row, int file, unsigned total, unsigned entered) {
#if LEISER_VEC_HAVE_AVX2
  lower_distance_row_sse(row, file, total, entered);
#else
  lower_distance_row_plain(row, file, total, entered);
#endif
}

}  // namespace leiser::simd
