// The AVX-512 layer under the Kogge-Stone batch ops: eight bitboards per
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

#include "kernel/board.h"
#include "kernel/laser.h"
#include "kernel/move.h"
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

  // For beam fills: lanes 0-3 hold words[0], lanes 4-7 words[1] (two boards
  // per vector, four directions each).
  static constexpr std::size_t kBoardsPerQuad = 2;
  static U64 broadcast_quads(const std::uint64_t* words) {
    const __m512i pair =
        _mm512_castsi128_si512(_mm_loadu_si128(reinterpret_cast<const __m128i*>(words)));
    return U64(_mm512_permutexvar_epi64(_mm512_setr_epi64(0, 0, 0, 0, 1, 1, 1, 1), pair));
  }

  static Dir doubled(__m512i rotate, U64 wrap) {
    Dir dir;
    dir.rotate[0] = rotate;
    dir.rotate[1] = _mm512_add_epi64(rotate, rotate);
    dir.rotate[2] = _mm512_add_epi64(dir.rotate[1], dir.rotate[1]);
    dir.wrap = wrap;
    return dir;
  }

  static Dir make_dir(const int* offsets, const std::uint64_t* wraps) {
    alignas(64) std::uint64_t rotate[8], wrap[8];
    for (int i = 0; i < 8; ++i) {
      rotate[i] = static_cast<std::uint64_t>(offsets[i] & 63);
      wrap[i] = wraps[i];
    }
    return doubled(_mm512_load_si512(rotate), U64::load_aligned(wrap));
  }

  static U64 or3(U64 a, U64 b, U64 c) { return _mm512_ternarylogic_epi64(a, b, c, 0xFE); }

  // touches_path for sixteen moves (32-bit lanes); the direction steps and
  // the path words are vpermd lookups, the bit tests go to mask registers.
  static constexpr std::size_t kMovesPerBlock = 16;
  static unsigned touches_block(const kernel::Move* moves, std::uint64_t path, std::uint8_t* out) {
    static_assert(sizeof(kernel::Move) == 2);
    const __m512i m =
        _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(moves)));
    // vpermd over 16 entries looks at four index bits; the table repeats so
    // only the direction's three count.
    const __m512i offsets =
        _mm512_setr_epi32(8, 9, 1, -7, -8, -9, -1, 7, 8, 9, 1, -7, -8, -9, -1, 7);
    const __m512i path_words = _mm512_set1_epi64(static_cast<long long>(path));
    const __m512i from = _mm512_and_si512(m, _mm512_set1_epi32(63));
    const __m512i mid =
        _mm512_add_epi32(from, _mm512_permutexvar_epi32(_mm512_srli_epi32(m, 6), offsets));
    const __m512i to =
        _mm512_add_epi32(mid, _mm512_permutexvar_epi32(_mm512_srli_epi32(m, 9), offsets));
    const __m512i kind = _mm512_srli_epi32(m, 14);
    auto path_bit = [&](__m512i sq) {
      const __m512i word = _mm512_permutexvar_epi32(_mm512_srli_epi32(sq, 5), path_words);
      const __m512i bit =
          _mm512_sllv_epi32(_mm512_set1_epi32(1), _mm512_and_si512(sq, _mm512_set1_epi32(31)));
      return _mm512_test_epi32_mask(word, bit);
    };
    const __mmask16 moved = _mm512_test_epi32_mask(kind, kind);
    const __mmask16 swap_shift = _mm512_cmpeq_epi32_mask(kind, _mm512_set1_epi32(2));
    const __mmask16 touch = static_cast<__mmask16>(path_bit(from) | (path_bit(mid) & moved) |
                                                   (path_bit(to) & swap_shift));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_maskz_mov_epi8(touch, _mm_set1_epi8(1)));
    return static_cast<unsigned>(__builtin_popcount(touch));
  }
};

}  // namespace leiser::simd::detail
