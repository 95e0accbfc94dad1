// The AVX2 layer under the Kogge-Stone batch ops: four bitboards per 256-bit
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

  static U64 or3(U64 a, U64 b, U64 c) { return a | b | c; }

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
