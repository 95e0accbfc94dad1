// LCOVERAGE's 64 beam distances held in registers for a whole beam (search/
// eval/lcoverage.cpp, walk_in_vectors in the avx512 core): two vectors of 32
// 16-bit lanes, each segment of the beam lowered by one masked minimum per
// vector, so no loop per square and no store a later segment reads back.
// DistanceLanesPlain is the reference with the same interface; the vector
// form exists for AVX-512 (BW) only.
#pragma once

#include <cstdint>
#include <type_traits>

#include "simd/vec.h"

namespace leiser::simd {

class DistanceLanesPlain {
 public:
  explicit DistanceLanesPlain(const std::uint16_t* distances) {
    for (int s = 0; s < 64; ++s) d_[s] = distances[s];
  }
  // Every square s of `squares` lowered to base + steps[s], plus one where s
  // is in `costlier` (16-bit arithmetic, as the lanes).
  void lower(std::uint64_t squares, const std::uint8_t* steps, unsigned base,
             std::uint64_t costlier) {
    for (int s = 0; s < 64; ++s) {
      if (!((squares >> s) & 1)) continue;
      const auto value = static_cast<std::uint16_t>(base + steps[s] + ((costlier >> s) & 1));
      if (value < d_[s]) d_[s] = value;
    }
  }
  void store(std::uint16_t* distances) const {
    for (int s = 0; s < 64; ++s) distances[s] = d_[s];
  }

 private:
  std::uint16_t d_[64];
};

template <class Isa>
class DistanceLanes;

#if LEISER_VEC_HAVE_AVX512
template <>
class DistanceLanes<vec::Avx512> {
 public:
  explicit DistanceLanes(const std::uint16_t* distances)
      : low_(_mm512_loadu_si512(distances)), high_(_mm512_loadu_si512(distances + 32)) {}
  void lower(std::uint64_t squares, const std::uint8_t* steps_row, unsigned base,
             std::uint64_t costlier) {
    const __m512i one = _mm512_set1_epi16(1);
    const __m512i steps = _mm512_loadu_si512(steps_row);
    const __m512i start = _mm512_set1_epi16(static_cast<short>(base));
    __m512i value_low =
        _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(steps)), start);
    __m512i value_high =
        _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(steps, 1)), start);
    value_low = _mm512_mask_add_epi16(value_low, static_cast<__mmask32>(costlier), value_low, one);
    value_high =
        _mm512_mask_add_epi16(value_high, static_cast<__mmask32>(costlier >> 32), value_high, one);
    low_ = _mm512_mask_min_epu16(low_, static_cast<__mmask32>(squares), low_, value_low);
    high_ = _mm512_mask_min_epu16(high_, static_cast<__mmask32>(squares >> 32), high_, value_high);
  }
  void store(std::uint16_t* distances) const {
    _mm512_storeu_si512(distances, low_);
    _mm512_storeu_si512(distances + 32, high_);
  }

 private:
  __m512i low_;
  __m512i high_;
};
#endif

// Whether this translation unit keeps the distances in registers (the
// avx512 core); the avx2 and scalar cores walk square by square instead.
inline constexpr bool kDistanceLanesInRegisters = LEISER_VEC_HAVE_AVX512 != 0;

}  // namespace leiser::simd
