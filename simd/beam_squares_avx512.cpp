// Beam squares in order with their path distances, AVX-512 (the method:
// simd/beam_squares_impl.h). Built with -mavx512f -mavx512bw -mavx512dq
// -mavx512vl -mbmi2.
//
// As AVX2, but with AVX-512VL/BW masks: the stores write exactly the
// segment's `len` entries (a byte mask and a word mask from (1 << len) - 1),
// and the opponent's-Pawn extra is one masked add on the last lane. Raw
// intrinsics: xsimd has no masked store, and eight lanes of 8 or 16 bits are
// a 128-bit register, not the 512-bit batches of this architecture.
#include <immintrin.h>

#include <xsimd/xsimd.hpp>

#include "simd/beam_squares_impl.h"

#if !defined(__AVX512BW__) || !defined(__AVX512VL__)
#error "simd/beam_squares_avx512.cpp needs -mavx512bw -mavx512vl"
#endif

namespace leiser::simd {
namespace detail {

template <>
struct BeamEmit<xsimd::avx512bw> {
  static void segment(std::uint8_t* squares, std::uint16_t* distances, unsigned at, unsigned d,
                      unsigned len, unsigned base, unsigned extra) {
    const BeamSquareTables& t = kBeamSquareTables;
    const auto entries = static_cast<__mmask16>((1u << len) - 1);
    const __m128i run = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(t.run[d]));
    _mm_mask_storeu_epi8(squares, entries, _mm_add_epi8(_mm_set1_epi8(static_cast<char>(at)), run));
    const __m128i k = _mm_load_si128(reinterpret_cast<const __m128i*>(t.one_to_eight));
    __m128i dist = _mm_add_epi16(_mm_set1_epi16(static_cast<short>(base)), k);
    // Lane len - 1 when extra (len >= 1 whenever extra: the reflecting Pawn
    // is the segment's last square).
    const auto last = static_cast<__mmask8>((extra << len) >> 1);
    dist = _mm_mask_add_epi16(dist, last, dist, _mm_set1_epi16(1));
    _mm_mask_storeu_epi16(distances, static_cast<__mmask8>(entries), dist);
  }
};

}  // namespace detail

template struct BeamSquaresVector<xsimd::avx512bw>;
}  // namespace leiser::simd
