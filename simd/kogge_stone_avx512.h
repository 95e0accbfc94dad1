// The AVX-512 layer under the Kogge-Stone kernels: eight bitboards per
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

// Build-time knobs, for measuring alternatives (bench/simd).
#ifndef LEISER_SIMD_AVX512_GATHER_LOADS
#define LEISER_SIMD_AVX512_GATHER_LOADS 0
#endif
#ifndef LEISER_SIMD_AVX512_INTERLEAVE
#define LEISER_SIMD_AVX512_INTERLEAVE 1
#endif

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

  // ---- Batched laser trace (simd/laser_batch_impl.h) ----
  static constexpr std::size_t kInterleave = LEISER_SIMD_AVX512_INTERLEAVE;

  struct Beams {
    U64 occupied, empty;
    U64 pawns;  // occupied & ~kings
    U64 high;   // orientation bit 1 (H) of every piece
    U64 mixed;  // L ^ H
    U64 low;    // orientation bit 0 (L)
    U64 kings;
    U64 current;  // the square each beam leaves from; 0 when done
    U64 path;
    U64 zapped;            // the square zapped, once done (0: off the board)
    U64 d;                 // beam direction 0..3
    __mmask8 odd, e_or_s;  // d is odd; d is E or S
  };

  // Field f of eight consecutive Boards is word 5b + f of the 40 words they
  // occupy. kGatherLoads selects how to transpose them: five gathers, or
  // (the default, measured faster) loads and shuffles.
  static constexpr bool kGatherLoads = LEISER_SIMD_AVX512_GATHER_LOADS;

  static Beams start_beams(const kernel::Board* boards, const kernel::Color* shooters) {
    const auto* q = reinterpret_cast<const std::uint64_t*>(boards);
    __m512i field[5];
    if constexpr (kGatherLoads) {
      const __m512i base = _mm512_setr_epi64(0, 5, 10, 15, 20, 25, 30, 35);
      for (int f = 0; f < 5; ++f) field[f] = _mm512_i64gather_epi64(base, q + f, 8);
    } else {
      // Words 0-3 of board b (c0, c1, kings, low) and of board b + 4 in one
      // register, then a 4x4 transpose in each half.
      __m512i z[4];
      for (int b = 0; b < 4; ++b)
        z[b] = _mm512_inserti64x4(
            _mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 5 * b))),
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 5 * (b + 4))), 1);
      const __m512i t0 = _mm512_unpacklo_epi64(z[0], z[1]);  // c0 of 0 1, k of 0 1 | 4 5
      const __m512i t1 = _mm512_unpackhi_epi64(z[0], z[1]);  // c1 of 0 1, low of 0 1 | 4 5
      const __m512i t2 = _mm512_unpacklo_epi64(z[2], z[3]);  // boards 2 3 | 6 7
      const __m512i t3 = _mm512_unpackhi_epi64(z[2], z[3]);
      const __m512i even = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
      const __m512i odd = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
      field[0] = _mm512_permutex2var_epi64(t0, even, t2);
      field[2] = _mm512_permutex2var_epi64(t0, odd, t2);
      field[1] = _mm512_permutex2var_epi64(t1, even, t3);
      field[3] = _mm512_permutex2var_epi64(t1, odd, t3);
      // Word 4 (high) of the boards: words 4 9 14 | 19 24 29 | 34 39, in
      // words 0-15, 16-31 and 32-39.
      const __m512i index = _mm512_setr_epi64(4, 9, 14, 3, 8, 13, 2, 7);
      __m512i high =
          _mm512_permutex2var_epi64(_mm512_loadu_si512(q), index, _mm512_loadu_si512(q + 8));
      high = _mm512_mask_mov_epi64(
          high, 0x38,
          _mm512_permutex2var_epi64(_mm512_loadu_si512(q + 16), index, _mm512_loadu_si512(q + 24)));
      high = _mm512_mask_permutexvar_epi64(high, 0xC0, index, _mm512_loadu_si512(q + 32));
      field[4] = high;
    }
    const __m512i c0 = field[0], c1 = field[1], kings = field[2], low = field[3], high = field[4];
    std::uint64_t colours;
    static_assert(sizeof(kernel::Color) == 1);
    __builtin_memcpy(&colours, shooters, 8);
    const __mmask8 lavender = _mm512_test_epi64_mask(
        _mm512_cvtepu8_epi64(_mm_cvtsi64_si128(static_cast<long long>(colours))),
        _mm512_set1_epi64(1));
    const __m512i own = _mm512_and_si512(kings, _mm512_mask_blend_epi64(lavender, c0, c1));
    // kernel::Board::king_square takes the lowest King of the colour.
    const __m512i king = _mm512_and_si512(own, _mm512_sub_epi64(_mm512_setzero_si512(), own));
    Beams b;
    b.occupied = U64(_mm512_or_si512(c0, c1));
    b.empty = U64(_mm512_ternarylogic_epi64(c0, c1, c1, 0x03));  // ~(c0 | c1)
    b.pawns = U64(_mm512_andnot_si512(kings, b.occupied));
    b.high = U64(high);
    b.mixed = U64(_mm512_xor_si512(low, high));
    b.low = U64(low);
    b.kings = U64(kings);
    b.current = U64(king);
    b.path = U64(king);
    b.zapped = U64(_mm512_setzero_si512());
    const __mmask8 king_low = _mm512_test_epi64_mask(low, king);
    const __mmask8 king_high = _mm512_test_epi64_mask(high, king);
    const __m512i d_low = _mm512_maskz_mov_epi64(king_low, _mm512_set1_epi64(1));
    b.d = U64(_mm512_mask_or_epi64(d_low, king_high, d_low, _mm512_set1_epi64(2)));
    b.odd = king_low;
    b.e_or_s = static_cast<__mmask8>(_kxor_mask8(king_low, king_high));
    return b;
  }

  // Rotate counts and landing masks of each lane's direction.
  static Dir beam_dir(const Beams& b) {
    const __m512i rotate_table = _mm512_setr_epi64(8, 1, 56, 63, 0, 0, 0, 0);
    const __m512i wrap_table = _mm512_setr_epi64(
        static_cast<long long>(kBeamLanding[0]), static_cast<long long>(kBeamLanding[1]),
        static_cast<long long>(kBeamLanding[2]), static_cast<long long>(kBeamLanding[3]), 0, 0, 0,
        0);
    return doubled(_mm512_permutexvar_epi64(b.d, rotate_table),
                   U64(_mm512_permutexvar_epi64(b.d, wrap_table)));
  }

  static bool reflect(Beams& b, U64 hit) {
    const __m512i base = _mm512_mask_blend_epi64(b.odd, b.high, b.mixed);
    const __mmask8 base_bit = _mm512_test_epi64_mask(base, hit);
    const __mmask8 pawn = _mm512_test_epi64_mask(b.pawns, hit);
    const __mmask8 reflects = _kand_mask8(pawn, _kxor_mask8(base_bit, b.e_or_s));
    const __mmask8 low = _mm512_test_epi64_mask(b.low, hit);
    b.zapped = U64(_mm512_mask_or_epi64(b.zapped, _knot_mask8(reflects), b.zapped, hit));
    b.current = U64(_mm512_maskz_mov_epi64(reflects, hit));
    const __m512i turned = _mm512_xor_si512(b.d, _mm512_set1_epi64(1));
    b.d = U64(_mm512_mask_xor_epi64(turned, low, turned, _mm512_set1_epi64(2)));
    b.odd = _knot_mask8(b.odd);
    b.e_or_s = _kxnor_mask8(b.e_or_s, low);
    return reflects != 0;
  }

  // path, then end | target << 8 over the end, target and padding bytes. A
  // power of two converts exactly to double, whose exponent is its index.
  static void store_traces(kernel::LaserTrace* out, const Beams& b) {
    const __mmask8 zapped = _mm512_test_epi64_mask(b.zapped, b.zapped);
    const __mmask8 king = _mm512_test_epi64_mask(b.kings, b.zapped);
    const __m512i exponent =
        _mm512_srli_epi64(_mm512_castpd_si512(_mm512_cvtepu64_pd(b.zapped)), 44);
    // (1023 + target) << 8, less (1023 << 8) - 1: target << 8 | kZapsPawn.
    __m512i info = _mm512_maskz_sub_epi64(zapped, exponent, _mm512_set1_epi64((1023 << 8) - 1));
    info = _mm512_mask_add_epi64(info, king, info, _mm512_set1_epi64(1));
    const __m512i first = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
    const __m512i second = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
    auto* dst = reinterpret_cast<std::uint64_t*>(out);
    _mm512_storeu_si512(dst + 0, _mm512_permutex2var_epi64(b.path, first, info));
    _mm512_storeu_si512(dst + 8, _mm512_permutex2var_epi64(b.path, second, info));
  }

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
