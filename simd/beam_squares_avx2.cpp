// Beam squares in order with their path distances, AVX2 (the method:
// simd/beam_squares_impl.h). Built with -mavx2 -mbmi2.
//
// A segment's entries are written with two 128-bit stores, eight entries
// each whatever the segment's length (at most 7): 8 squares, at + run[d],
// and 8 distances, base + (1..8). The opponent's-Pawn extra on the last
// square is added in the register (a compare against the length picks the
// lane), so a segment costs no branch and no loop. Raw intrinsics: eight
// lanes of 8 or 16 bits are half of an AVX2 register, and an xsimd batch of
// another width would be an instantiation shared with the AVX-512
// translation unit (xsimd 8 does not force its functions inline).
#include <immintrin.h>

#include <xsimd/xsimd.hpp>

#include "simd/beam_squares_impl.h"

#if !defined(__AVX2__)
#error "simd/beam_squares_avx2.cpp needs -mavx2"
#endif

namespace leiser::simd {
namespace detail {

template <>
struct BeamEmit<xsimd::avx2> {
  static void segment(std::uint8_t* squares, std::uint16_t* distances, unsigned at, unsigned d,
                      unsigned len, unsigned base, unsigned extra) {
    const BeamSquareTables& t = kBeamSquareTables;
    const __m128i run = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(t.run[d]));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(squares),
                     _mm_add_epi8(_mm_set1_epi8(static_cast<char>(at)), run));
    const __m128i k = _mm_load_si128(reinterpret_cast<const __m128i*>(t.one_to_eight));
    // Lane len - 1 (k == len) gets `extra`: the compare gives -1 there, and
    // subtracting (-1 & -extra) adds extra.
    const __m128i last = _mm_cmpeq_epi16(k, _mm_set1_epi16(static_cast<short>(len)));
    const __m128i bonus = _mm_and_si128(last, _mm_set1_epi16(static_cast<short>(-static_cast<int>(extra))));
    const __m128i dist = _mm_sub_epi16(_mm_add_epi16(_mm_set1_epi16(static_cast<short>(base)), k), bonus);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(distances), dist);
  }
};

}  // namespace detail

template struct BeamSquaresVector<xsimd::avx2>;
}  // namespace leiser::simd
