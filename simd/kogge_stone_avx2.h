// The AVX2 layer under the Kogge-Stone kernels: four bitboards per 256-bit
// vector. AVX2 has no 64-bit rotate, so a step in a per-lane direction is a
// left shift OR a right shift by per-lane counts, the unused one being >= 64
// (vpsllvq/vpsrlvq give 0 for such counts).
//
// INTERNAL: include only from translation units built with -mavx2 -mbmi2.
#pragma once

#if !defined(__AVX2__)
#error "simd/kogge_stone_avx2.h needs -mavx2"
#endif

#include <immintrin.h>

#include <cstdint>

#include "kernel/board.h"
#include "kernel/laser.h"
#include "kernel/move.h"
#include "simd/kogge_stone.h"

// Build-time knob, for measuring alternatives (bench/simd).
#ifndef LEISER_SIMD_AVX2_INTERLEAVE
#define LEISER_SIMD_AVX2_INTERLEAVE 2
#endif

namespace leiser::simd::detail {

template <>
struct Isa<xsimd::avx2> {
  using Arch = xsimd::avx2;
  using U64 = xsimd::batch<std::uint64_t, Arch>;
  static constexpr std::size_t kLanes = 4;

  struct Dir {
    __m256i left[3];  // shift counts for 1, 2, 4 squares (>= 64: none)
    __m256i right[3];
    U64 wrap;
  };

  template <int k>
  static U64 step(U64 x, const Dir& dir) {
    return _mm256_or_si256(_mm256_sllv_epi64(x, dir.left[k]), _mm256_srlv_epi64(x, dir.right[k]));
  }
  static U64 or_and(U64 a, U64 b, U64 c) { return a | (b & c); }

  // For beam fills: words[0] in all four lanes (one board per vector, one
  // direction per lane).
  static constexpr std::size_t kBoardsPerQuad = 1;
  static U64 broadcast_quads(const std::uint64_t* words) { return U64(words[0]); }

  static Dir doubled(__m256i left, __m256i right, U64 wrap) {
    Dir dir;
    dir.left[0] = left;
    dir.right[0] = right;
    for (int k = 1; k < 3; ++k) {
      dir.left[k] = _mm256_add_epi64(dir.left[k - 1], dir.left[k - 1]);
      dir.right[k] = _mm256_add_epi64(dir.right[k - 1], dir.right[k - 1]);
    }
    dir.wrap = wrap;
    return dir;
  }

  static Dir make_dir(const int* offsets, const std::uint64_t* wraps) {
    alignas(32) std::uint64_t left[4], right[4], wrap[4];
    for (int i = 0; i < 4; ++i) {
      left[i] = offsets[i] > 0 ? static_cast<std::uint64_t>(offsets[i]) : 64;
      right[i] = offsets[i] < 0 ? static_cast<std::uint64_t>(-offsets[i]) : 64;
      wrap[i] = wraps[i];
    }
    return doubled(_mm256_load_si256(reinterpret_cast<const __m256i*>(left)),
                   _mm256_load_si256(reinterpret_cast<const __m256i*>(right)),
                   U64::load_aligned(wrap));
  }

  static U64 or3(U64 a, U64 b, U64 c) { return a | b | c; }

  // ---- Batched laser trace (simd/laser_batch_impl.h) ----
  static constexpr std::size_t kInterleave = LEISER_SIMD_AVX2_INTERLEAVE;

  // Masks are whole lanes of ones or zeros. AVX2 compares only for equality
  // cheaply, so the state keeps the polarities that need no extra NOT.
  struct Beams {
    U64 occupied, empty;
    U64 pawns;  // occupied & ~kings
    U64 high;   // orientation bit 1 (H) of every piece
    U64 low;    // orientation bit 0 (L); H ^ (L ^ H) = L
    U64 kings;
    U64 current;  // the square each beam leaves from; 0 when done
    U64 path;
    U64 zapped;      // the square zapped, once done (0: off the board)
    U64 index;       // vpermd index of d: 2d in the low half, 2d + 1 high
    U64 odd;         // d is odd
    U64 not_e_or_s;  // d is N or W
  };

  static Beams start_beams(const kernel::Board* boards, const kernel::Color* shooters) {
    // Each Board starts with by_color[0], by_color[1], kings, orientation_low;
    // orientation_high follows (see the static_asserts in the kernel).
    const auto* q = reinterpret_cast<const std::uint64_t*>(boards);
    const __m256i r0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 0));
    const __m256i r1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 5));
    const __m256i r2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 10));
    const __m256i r3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 15));
    const __m256i t0 = _mm256_unpacklo_epi64(r0, r1);  // c0 c0 | k k     (boards 0, 1)
    const __m256i t1 = _mm256_unpackhi_epi64(r0, r1);  // c1 c1 | lo lo
    const __m256i t2 = _mm256_unpacklo_epi64(r2, r3);  // boards 2, 3
    const __m256i t3 = _mm256_unpackhi_epi64(r2, r3);
    const __m256i c0 = _mm256_permute2x128_si256(t0, t2, 0x20);
    const __m256i kings = _mm256_permute2x128_si256(t0, t2, 0x31);
    const __m256i c1 = _mm256_permute2x128_si256(t1, t3, 0x20);
    const __m256i low = _mm256_permute2x128_si256(t1, t3, 0x31);
    // orientation_high of the four boards: words 4, 9, 14, 19 (movq + movhps,
    // not a store and reload).
    auto pair = [](const std::uint64_t* a, const std::uint64_t* b) {
      const __m128d lo = _mm_castsi128_pd(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(a)));
      return _mm_castpd_si128(_mm_loadh_pd(lo, reinterpret_cast<const double*>(b)));
    };
    const __m256i high = _mm256_set_m128i(pair(q + 14, q + 19), pair(q + 4, q + 9));
    std::uint32_t colours;
    static_assert(sizeof(kernel::Color) == 1);
    __builtin_memcpy(&colours, shooters, 4);
    const __m256i lavender = _mm256_cmpgt_epi64(
        _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(static_cast<int>(colours))), _mm256_setzero_si256());
    const __m256i own = _mm256_and_si256(kings, _mm256_blendv_epi8(c0, c1, lavender));
    // kernel::Board::king_square takes the lowest King of the colour.
    const __m256i king = _mm256_and_si256(own, _mm256_sub_epi64(_mm256_setzero_si256(), own));
    const __m256i zero = _mm256_setzero_si256();
    const __m256i ones = _mm256_cmpeq_epi64(zero, zero);
    Beams b;
    const __m256i occupied = _mm256_or_si256(c0, c1);
    const __m256i pawns = _mm256_andnot_si256(kings, occupied);
    b.occupied = U64(occupied);
    b.empty = U64(_mm256_xor_si256(occupied, ones));
    b.pawns = U64(pawns);
    b.high = U64(high);
    b.low = U64(low);
    b.kings = U64(kings);
    b.current = U64(king);
    b.path = U64(king);
    b.zapped = U64(zero);
    const __m256i king_low_zero = _mm256_cmpeq_epi64(_mm256_and_si256(low, king), zero);
    const __m256i king_high_zero = _mm256_cmpeq_epi64(_mm256_and_si256(high, king), zero);
    // d = L + 2H; its vpermd index is 2d | (2d + 1) << 32.
    const __m256i index_base = _mm256_set1_epi64x(1LL << 32);
    const __m256i index = _mm256_add_epi64(
        index_base,
        _mm256_add_epi64(_mm256_andnot_si256(king_low_zero, _mm256_set1_epi64x(0x200000002LL)),
                         _mm256_andnot_si256(king_high_zero, _mm256_set1_epi64x(0x400000004LL))));
    b.index = U64(index);
    b.odd = U64(_mm256_xor_si256(king_low_zero, ones));
    // N or W: L == H.
    b.not_e_or_s = U64(_mm256_cmpeq_epi64(king_low_zero, king_high_zero));
    return b;
  }

  // Shift counts and landing masks of each lane's direction, by table
  // lookups with vpermd (each 64-bit entry is two 32-bit halves).
  static Dir beam_dir(const Beams& b) {
    const __m256i left_table = _mm256_setr_epi64x(8, 1, 64, 64);
    const __m256i right_table = _mm256_setr_epi64x(64, 64, 8, 1);
    const __m256i wrap_table = _mm256_setr_epi64x(
        static_cast<long long>(kBeamLanding[0]), static_cast<long long>(kBeamLanding[1]),
        static_cast<long long>(kBeamLanding[2]), static_cast<long long>(kBeamLanding[3]));
    return doubled(_mm256_permutevar8x32_epi32(left_table, b.index),
                   _mm256_permutevar8x32_epi32(right_table, b.index),
                   U64(_mm256_permutevar8x32_epi32(wrap_table, b.index)));
  }

  static bool reflect(Beams& b, U64 hit) {
    const __m256i zero = _mm256_setzero_si256();
    // base = odd ? L ^ H : H
    const __m256i base = _mm256_xor_si256(b.high, _mm256_and_si256(b.low, b.odd));
    const __m256i base_zero = _mm256_cmpeq_epi64(_mm256_and_si256(base, hit), zero);
    const __m256i pawn_zero = _mm256_cmpeq_epi64(_mm256_and_si256(b.pawns, hit), zero);
    // reflects = pawn & (base ^ e_or_s) = pawn & (base_zero ^ not_e_or_s)
    const __m256i reflects =
        _mm256_andnot_si256(pawn_zero, _mm256_xor_si256(base_zero, b.not_e_or_s));
    const __m256i low_zero = _mm256_cmpeq_epi64(_mm256_and_si256(b.low, hit), zero);
    b.zapped = U64(_mm256_or_si256(b.zapped, _mm256_andnot_si256(reflects, hit)));
    b.current = U64(_mm256_and_si256(reflects, hit));
    // d ^= L ? 3 : 1, which is index ^= L ? 6 : 2 in both halves.
    b.index = U64(_mm256_xor_si256(
        b.index, _mm256_xor_si256(_mm256_set1_epi64x(0x600000006LL),
                                  _mm256_and_si256(low_zero, _mm256_set1_epi64x(0x400000004LL)))));
    b.odd = U64(_mm256_xor_si256(b.odd, _mm256_cmpeq_epi64(zero, zero)));
    b.not_e_or_s = U64(_mm256_xor_si256(b.not_e_or_s, low_zero));
    return !_mm256_testz_si256(b.current, b.current);
  }

  // Index of the set bit of each lane (one bit or none; none gives 0). Each
  // 32-bit half is converted to float, whose exponent is the index.
  static __m256i bit_index(__m256i x) {
    const __m256i as_float = _mm256_castps_si256(_mm256_cvtepi32_ps(x));
    __m256i exponent = _mm256_and_si256(_mm256_srli_epi32(as_float, 23), _mm256_set1_epi32(0xFF));
    // Low halves: exponent 127 + i means bit i; high halves: bit 32 + i.
    exponent = _mm256_sub_epi32(exponent, _mm256_set1_epi64x((95LL << 32) | 127));
    exponent = _mm256_max_epi32(exponent, _mm256_setzero_si256());
    const __m256i sum = _mm256_add_epi32(exponent, _mm256_srli_epi64(exponent, 32));
    return _mm256_and_si256(sum, _mm256_set1_epi64x(63));
  }

  // path, then end | target << 8 over the end, target and padding bytes.
  static void store_traces(kernel::LaserTrace* out, const Beams& b) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i none = _mm256_cmpeq_epi64(b.zapped, zero);
    const __m256i not_king = _mm256_cmpeq_epi64(_mm256_and_si256(b.kings, b.zapped), zero);
    // kZapsPawn = 1, kZapsKing = 2.
    const __m256i end = _mm256_andnot_si256(
        none, _mm256_sub_epi64(_mm256_set1_epi64x(2), _mm256_and_si256(not_king, one)));
    const __m256i info = _mm256_or_si256(end, _mm256_slli_epi64(bit_index(b.zapped), 8));
    const __m256i lo = _mm256_unpacklo_epi64(b.path, info);  // p0 i0 | p2 i2
    const __m256i hi = _mm256_unpackhi_epi64(b.path, info);  // p1 i1 | p3 i3
    auto* dst = reinterpret_cast<__m256i*>(out);
    _mm256_storeu_si256(dst + 0, _mm256_permute2x128_si256(lo, hi, 0x20));
    _mm256_storeu_si256(dst + 1, _mm256_permute2x128_si256(lo, hi, 0x31));
  }

  // touches_path for eight moves (32-bit lanes): the path bit of each of the
  // squares a move touches, found with two vpermd (the step of a direction,
  // the path word of a square) and a variable shift.
  static constexpr std::size_t kMovesPerBlock = 8;
  static unsigned touches_block(const kernel::Move* moves, std::uint64_t path, std::uint8_t* out) {
    static_assert(sizeof(kernel::Move) == 2);
    const __m256i m =
        _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(moves)));
    const __m256i offsets = _mm256_setr_epi32(8, 9, 1, -7, -8, -9, -1, 7);  // kStepOffset
    const __m256i path_words = _mm256_set1_epi64x(static_cast<long long>(path));
    const __m256i from = _mm256_and_si256(m, _mm256_set1_epi32(63));
    // vpermd looks at the low three bits of each index: bits 6-8 and 9-11.
    const __m256i mid =
        _mm256_add_epi32(from, _mm256_permutevar8x32_epi32(offsets, _mm256_srli_epi32(m, 6)));
    const __m256i to =
        _mm256_add_epi32(mid, _mm256_permutevar8x32_epi32(offsets, _mm256_srli_epi32(m, 9)));
    const __m256i kind = _mm256_srli_epi32(m, 14);
    auto path_bit = [&](__m256i sq) {  // bit 0 = the path's bit at sq
      const __m256i word = _mm256_permutevar8x32_epi32(path_words, _mm256_srli_epi32(sq, 5));
      return _mm256_srlv_epi32(word, _mm256_and_si256(sq, _mm256_set1_epi32(31)));
    };
    const __m256i moved = _mm256_cmpgt_epi32(kind, _mm256_setzero_si256());  // not a rotation
    const __m256i swap_shift = _mm256_cmpeq_epi32(kind, _mm256_set1_epi32(2));
    const __m256i bits = _mm256_or_si256(
        path_bit(from), _mm256_or_si256(_mm256_and_si256(path_bit(mid), moved),
                                        _mm256_and_si256(path_bit(to), swap_shift)));
    const unsigned mask =
        static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(bits, 31))));
    const std::uint64_t bytes = _pdep_u64(mask, 0x0101010101010101ULL);
    __builtin_memcpy(out, &bytes, 8);
    return static_cast<unsigned>(__builtin_popcount(mask));
  }
};

}  // namespace leiser::simd::detail
