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

  // Laser directions d (0..3 per lane) to shift counts and landing masks, by
  // table lookups with vpermd (each 64-bit entry is two 32-bit halves).
  static Dir beam_dir(U64 d) {
    const __m256i left_table = _mm256_setr_epi64x(8, 1, 64, 64);
    const __m256i right_table = _mm256_setr_epi64x(64, 64, 8, 1);
    const __m256i wrap_table = _mm256_setr_epi64x(
        static_cast<long long>(kBeamLanding[0]), static_cast<long long>(kBeamLanding[1]),
        static_cast<long long>(kBeamLanding[2]), static_cast<long long>(kBeamLanding[3]));
    const __m256i twice = _mm256_add_epi64(d, d);
    const __m256i index =
        _mm256_or_si256(twice, _mm256_slli_epi64(_mm256_add_epi64(twice, _mm256_set1_epi64x(1)), 32));
    return doubled(_mm256_permutevar8x32_epi32(left_table, index),
                   _mm256_permutevar8x32_epi32(right_table, index),
                   U64(_mm256_permutevar8x32_epi32(wrap_table, index)));
  }

  // Index of the set bit of each lane (lanes hold one bit or none; none gives
  // 0). Each 32-bit half is converted to float, whose exponent is the index.
  static U64 bit_index(U64 x) {
    const __m256i as_float = _mm256_castps_si256(_mm256_cvtepi32_ps(x));
    __m256i exponent = _mm256_and_si256(_mm256_srli_epi32(as_float, 23), _mm256_set1_epi32(0xFF));
    // Low halves: exponent 127 + i means bit i; high halves: bit 32 + i.
    exponent = _mm256_sub_epi32(exponent, _mm256_set1_epi64x((95LL << 32) | 127));
    exponent = _mm256_max_epi32(exponent, _mm256_setzero_si256());
    const __m256i sum = _mm256_add_epi32(exponent, _mm256_srli_epi64(exponent, 32));
    return U64(_mm256_and_si256(sum, _mm256_set1_epi64x(63)));
  }

  // kLanes boards, transposed into one lane per board.
  struct Boards {
    U64 occupied, kings, orientation_low, orientation_high;
    U64 shooter_kings;  // the King set of each board's shooting colour
  };

  static Boards load_boards(const kernel::Board* boards, const kernel::Color* shooters) {
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
    const __m256i high = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(q + 4),
                                                _mm256_setr_epi64x(0, 5, 10, 15), 8);
    std::uint32_t colours;
    static_assert(sizeof(kernel::Color) == 1);
    __builtin_memcpy(&colours, shooters, 4);
    const __m256i lavender = _mm256_cmpgt_epi64(
        _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(static_cast<int>(colours))), _mm256_setzero_si256());
    Boards b;
    b.occupied = U64(_mm256_or_si256(c0, c1));
    b.kings = U64(kings);
    b.orientation_low = U64(low);
    b.orientation_high = U64(high);
    b.shooter_kings = U64(_mm256_and_si256(kings, _mm256_blendv_epi8(c0, c1, lavender)));
    return b;
  }

  // Writes kLanes LaserTraces: path, then (end | target << 8) over the end,
  // target and padding bytes.
  static void store_traces(kernel::LaserTrace* out, U64 path, U64 info) {
    const __m256i lo = _mm256_unpacklo_epi64(path, info);  // p0 i0 | p2 i2
    const __m256i hi = _mm256_unpackhi_epi64(path, info);  // p1 i1 | p3 i3
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
    const __m256i m = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(moves)));
    const __m256i offsets = _mm256_setr_epi32(8, 9, 1, -7, -8, -9, -1, 7);  // kStepOffset
    const __m256i path_words = _mm256_set1_epi64x(static_cast<long long>(path));
    const __m256i from = _mm256_and_si256(m, _mm256_set1_epi32(63));
    // vpermd looks at the low three bits of each index: bits 6-8 and 9-11.
    const __m256i mid = _mm256_add_epi32(from, _mm256_permutevar8x32_epi32(offsets, _mm256_srli_epi32(m, 6)));
    const __m256i to = _mm256_add_epi32(mid, _mm256_permutevar8x32_epi32(offsets, _mm256_srli_epi32(m, 9)));
    const __m256i kind = _mm256_srli_epi32(m, 14);
    auto path_bit = [&](__m256i sq) {  // bit 0 = the path's bit at sq
      const __m256i word = _mm256_permutevar8x32_epi32(path_words, _mm256_srli_epi32(sq, 5));
      return _mm256_srlv_epi32(word, _mm256_and_si256(sq, _mm256_set1_epi32(31)));
    };
    const __m256i moved = _mm256_cmpgt_epi32(kind, _mm256_setzero_si256());     // not a rotation
    const __m256i swap_shift = _mm256_cmpeq_epi32(kind, _mm256_set1_epi32(2));
    const __m256i bits = _mm256_or_si256(
        path_bit(from), _mm256_or_si256(_mm256_and_si256(path_bit(mid), moved),
                                        _mm256_and_si256(path_bit(to), swap_shift)));
    const unsigned mask = static_cast<unsigned>(
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(bits, 31))));
    const std::uint64_t bytes = _pdep_u64(mask, 0x0101010101010101ULL);
    __builtin_memcpy(out, &bytes, 8);
    return static_cast<unsigned>(__builtin_popcount(mask));
  }
};

}  // namespace leiser::simd::detail
