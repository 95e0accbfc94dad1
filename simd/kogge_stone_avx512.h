// The AVX-512 layer under the Kogge-Stone fills (lcoverage_beams): eight bitboards per
// 512-bit vector. A step in a per-lane direction is one variable rotate
// (vprolvq); the bits a rotate carries round the board are exactly the ones
// the landing mask removes, so one instruction does what AVX2 needs three
// for. OR-of-AND is one vpternlogq.
//
// INTERNAL: include only from translation units built with
// -mavx512f -mavx512bw -mavx512dq -mavx512vl -mbmi2.
#pragma once

#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512DQ__) || \
    !defined(__AVX512VL__)
#error "simd/kogge_stone_avx512.h needs -mavx512f -mavx512bw -mavx512dq -mavx512vl"
#endif

#include <immintrin.h>

#include <cstdint>

#include "simd/kogge_stone.h"

namespace leiser::simd::detail {

template <>
struct Isa<xsimd::avx512bw> {
  using Arch = xsimd::avx512bw;
  using U64 = xsimd::batch<std::uint64_t, Arch>;
  static constexpr std::size_t kLanes = 8;

  struct Dir {
    __m512i rotate[3];  // left-rotate counts for 1, 2, 4 squares (mod 64)
    U64 wrap;
  };

  template <int k>
  static U64 step(U64 x, const Dir& dir) {
    return _mm512_rolv_epi64(x, dir.rotate[k]);
  }
  // a | (b & c) in one instruction (truth table 0xF8).
  static U64 or_and(U64 a, U64 b, U64 c) { return _mm512_ternarylogic_epi64(a, b, c, 0xF8); }

  static Dir doubled(__m512i rotate, U64 wrap) {
    Dir dir;
    dir.rotate[0] = rotate;
    dir.rotate[1] = _mm512_add_epi64(rotate, rotate);
    dir.rotate[2] = _mm512_add_epi64(dir.rotate[1], dir.rotate[1]);
    dir.wrap = wrap;
    return dir;
  }
};

}  // namespace leiser::simd::detail
