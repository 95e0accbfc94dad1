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

#ifndef LEISER_SIMD_AVX512_GATHER_LOADS
#define LEISER_SIMD_AVX512_GATHER_LOADS 0
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
    const __m512i pair = _mm512_castsi128_si512(_mm_loadu_si128(reinterpret_cast<const __m128i*>(words)));
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

  // Laser directions d (0..3 per lane) to rotate counts and landing masks.
  static Dir beam_dir(U64 d) {
    const __m512i rotate_table = _mm512_setr_epi64(8, 1, 56, 63, 0, 0, 0, 0);
    const __m512i wrap_table = _mm512_setr_epi64(
        static_cast<long long>(kBeamLanding[0]), static_cast<long long>(kBeamLanding[1]),
        static_cast<long long>(kBeamLanding[2]), static_cast<long long>(kBeamLanding[3]), 0, 0, 0,
        0);
    return doubled(_mm512_permutexvar_epi64(d, rotate_table),
                   U64(_mm512_permutexvar_epi64(d, wrap_table)));
  }

  // Index of the set bit of each lane (one bit or none; none gives 0): a
  // power of two converts exactly to double, whose exponent is the index.
  static U64 bit_index(U64 x) {
    const __m512i as_double = _mm512_castpd_si512(_mm512_cvtepu64_pd(x));
    const __m512i index =
        _mm512_sub_epi64(_mm512_srli_epi64(as_double, 52), _mm512_set1_epi64(1023));
    return U64(_mm512_maskz_mov_epi64(_mm512_test_epi64_mask(x, x), index));
  }

  struct Boards {
    U64 occupied, kings, orientation_low, orientation_high;
    U64 shooter_kings;
  };

  // Field f of eight consecutive Boards: word 5b + f of the 40 words they
  // occupy. kGatherLoads selects how: five gathers, or five 64-byte loads and
  // three two-source permutes per field (see bench/simd for the measurement).
  static constexpr bool kGatherLoads = LEISER_SIMD_AVX512_GATHER_LOADS;
  // Lanes b whose word 5b + f lies in [lo, hi).
  static constexpr __mmask8 words_between(int f, int lo, int hi) {
    unsigned mask = 0;
    for (int b = 0; b < 8; ++b)
      if (5 * b + f >= lo && 5 * b + f < hi) mask |= 1u << b;
    return static_cast<__mmask8>(mask);
  }

  static Boards load_boards(const kernel::Board* boards, const kernel::Color* shooters) {
    const auto* q = reinterpret_cast<const std::uint64_t*>(boards);
    __m512i field[5];
    if constexpr (kGatherLoads) {
      const __m512i base = _mm512_setr_epi64(0, 5, 10, 15, 20, 25, 30, 35);
      for (int f = 0; f < 5; ++f) field[f] = _mm512_i64gather_epi64(base, q + f, 8);
    } else {
      const __m512i v0 = _mm512_loadu_si512(q + 0);
      const __m512i v1 = _mm512_loadu_si512(q + 8);
      const __m512i v2 = _mm512_loadu_si512(q + 16);
      const __m512i v3 = _mm512_loadu_si512(q + 24);
      const __m512i v4 = _mm512_loadu_si512(q + 32);
      for (int f = 0; f < 5; ++f) {
        // Words 0..15 come from v0:v1, 16..31 from v2:v3, 32..39 from v4;
        // permute indices use the low four (two-source) or three bits.
        const __m512i index = _mm512_add_epi64(_mm512_setr_epi64(0, 5, 10, 15, 20, 25, 30, 35),
                                               _mm512_set1_epi64(f));
        __m512i r = _mm512_permutex2var_epi64(v0, index, v1);
        r = _mm512_mask_mov_epi64(r, words_between(f, 16, 32), _mm512_permutex2var_epi64(v2, index, v3));
        r = _mm512_mask_permutexvar_epi64(r, words_between(f, 32, 40), index, v4);
        field[f] = r;
      }
    }
    std::uint64_t colours;
    static_assert(sizeof(kernel::Color) == 1);
    __builtin_memcpy(&colours, shooters, 8);
    const __mmask8 lavender = _mm512_test_epi64_mask(
        _mm512_cvtepu8_epi64(_mm_cvtsi64_si128(static_cast<long long>(colours))),
        _mm512_set1_epi64(1));
    Boards b;
    b.occupied = U64(_mm512_or_si512(field[0], field[1]));
    b.kings = U64(field[2]);
    b.orientation_low = U64(field[3]);
    b.orientation_high = U64(field[4]);
    b.shooter_kings =
        U64(_mm512_and_si512(field[2], _mm512_mask_blend_epi64(lavender, field[0], field[1])));
    return b;
  }

  static void store_traces(kernel::LaserTrace* out, U64 path, U64 info) {
    const __m512i first = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
    const __m512i second = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
    auto* dst = reinterpret_cast<std::uint64_t*>(out);
    _mm512_storeu_si512(dst + 0, _mm512_permutex2var_epi64(path, first, info));
    _mm512_storeu_si512(dst + 8, _mm512_permutex2var_epi64(path, second, info));
  }

  // touches_path for sixteen moves (32-bit lanes); the direction steps and
  // the path words are vpermd lookups, the bit tests go to mask registers.
  static constexpr std::size_t kMovesPerBlock = 16;
  static unsigned touches_block(const kernel::Move* moves, std::uint64_t path, std::uint8_t* out) {
    static_assert(sizeof(kernel::Move) == 2);
    const __m512i m = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(moves)));
    // vpermd over 16 entries looks at four index bits; the table repeats so
    // only the direction's three count.
    const __m512i offsets =
        _mm512_setr_epi32(8, 9, 1, -7, -8, -9, -1, 7, 8, 9, 1, -7, -8, -9, -1, 7);
    const __m512i path_words = _mm512_set1_epi64(static_cast<long long>(path));
    const __m512i from = _mm512_and_si512(m, _mm512_set1_epi32(63));
    const __m512i mid = _mm512_add_epi32(from, _mm512_permutexvar_epi32(_mm512_srli_epi32(m, 6), offsets));
    const __m512i to = _mm512_add_epi32(mid, _mm512_permutexvar_epi32(_mm512_srli_epi32(m, 9), offsets));
    const __m512i kind = _mm512_srli_epi32(m, 14);
    auto path_bit = [&](__m512i sq) {
      const __m512i word = _mm512_permutexvar_epi32(_mm512_srli_epi32(sq, 5), path_words);
      const __m512i bit = _mm512_sllv_epi32(_mm512_set1_epi32(1), _mm512_and_si512(sq, _mm512_set1_epi32(31)));
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
