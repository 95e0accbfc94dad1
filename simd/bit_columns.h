// Eight 64-bit sets (bitboards) held side by side, asked for one bit of each
// at a time: bits_at(i) is the 8-bit mask whose bit d is bit i of set d. The
// 2016 move generator of the wide cores (kernel/movegen.h) asks, per piece,
// which of the eight directions' shifted paths hold the piece's square. The
// AVX2 form keeps the sets in two 256-bit registers and answers with a shift
// of each lane by 63 - i and two sign-bit masks; BitColumnsPlain is the
// reference.
#pragma once

#include <cstdint>

#include "simd/vec.h"

namespace leiser::simd {

class BitColumnsPlain {
 public:
  explicit BitColumnsPlain(const std::uint64_t (&sets)[8]) {
    for (int d = 0; d < 8; ++d) sets_[d] = sets[d];
  }
  unsigned bits_at(int i) const {
    unsigned mask = 0;
    for (int d = 0; d < 8; ++d) mask |= static_cast<unsigned>((sets_[d] >> i) & 1) << d;
    return mask;
  }

 private:
  std::uint64_t sets_[8];
};

#if LEISER_VEC_HAVE_AVX2
class BitColumnsAvx2 {
 public:
  explicit BitColumnsAvx2(const std::uint64_t (&sets)[8])
      : low_(_mm256_setr_epi64x(static_cast<long long>(sets[0]), static_cast<long long>(sets[1]),
                                static_cast<long long>(sets[2]), static_cast<long long>(sets[3]))),
        high_(_mm256_setr_epi64x(static_cast<long long>(sets[4]), static_cast<long long>(sets[5]),
                                 static_cast<long long>(sets[6]),
                                 static_cast<long long>(sets[7]))) {}
  // Bit i of each lane to the sign bit, then one bit per lane.
  unsigned bits_at(int i) const {
    const __m128i to_top = _mm_cvtsi32_si128(63 - i);
    return static_cast<unsigned>(
               _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_sll_epi64(low_, to_top)))) |
           static_cast<unsigned>(
               _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_sll_epi64(high_, to_top))))
               << 4;
  }

 private:
  __m256i low_;
  __m256i high_;
};
using BitColumns = BitColumnsAvx2;
#else
using BitColumns = BitColumnsPlain;
#endif

}  // namespace leiser::simd
