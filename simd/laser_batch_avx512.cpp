// Batched laser trace, AVX-512: eight boards per vector (the method:
// simd/laser_batch_impl.h). Built with
// -mavx512f -mavx512bw -mavx512dq -mavx512vl -mbmi2.
#include <immintrin.h>

#include <xsimd/xsimd.hpp>

#include "simd/laser_batch_impl.h"

#if !defined(__AVX512F__) || !defined(__AVX512DQ__) || !defined(__AVX512VL__)
#error "simd/laser_batch_avx512.cpp needs -mavx512f -mavx512dq -mavx512vl"
#endif

// Build-time knob, for measuring: 1 (the default) queues only the square,
// direction and path of the beams that go on after their first segment, and
// the first queue pass gathers their board words by board index; 0 queues the
// board words too (six compresses per group instead of two). About even;
// the first is a little ahead on game positions.
#ifndef LEISER_SIMD_LASER_GATHER_FIRST_PASS
#define LEISER_SIMD_LASER_GATHER_FIRST_PASS 1
#endif

namespace leiser::simd {
namespace detail {

template <>
struct LaserLanes<xsimd::avx512bw> {
  static constexpr std::size_t kLanes = 8;
  static constexpr std::size_t kBlock = 256;
  static constexpr bool kGatherFirstPass = LEISER_SIMD_LASER_GATHER_FIRST_PASS;

  // The words of eight boards a segment needs, one board per lane.
  struct Fields {
    __m512i occupied, pawns, low, high, mixed;  // mixed = low ^ high
  };

  static __m512i set1(std::uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }

  static Fields fields(__m512i occupied, __m512i pawns, __m512i low, __m512i high) {
    Fields f;
    f.occupied = occupied;
    f.pawns = pawns;
    f.low = low;
    f.high = high;
    f.mixed = _mm512_xor_si512(low, high);
    return f;
  }

  // Index of the highest set bit of each lane: the exponent of x as a
  // double, rounded toward zero (x == 0 gives -1023).
  static __m512i highest_bit(__m512i x) {
    const __m512d as_double = _mm512_cvt_roundepu64_pd(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    return _mm512_sub_epi64(_mm512_srli_epi64(_mm512_castpd_si512(as_double), 52), set1(1023));
  }

  struct Step {
    __m512i index;  // the square hit (garbage where nothing is hit)
    __m512i hit;    // its bit, 0 where the beam leaves the board
    __mmask8 pawn, reflects, low;
  };

  // One segment from squares s in directions (odd, sw); path gains it.
  static Step segment(__m512i s, __mmask8 odd, __mmask8 sw, const Fields& f, __m512i& path) {
    const __m512i sw_ones = _mm512_movm_epi64(sw);
    const __m512i c = _mm512_or_si512(sw_ones, set1(~std::uint64_t{1}));
    const __m512i base = _mm512_mask_blend_epi64(odd, set1(kLaserFileA), set1(kLaserRank0));
    const __m512i line_mask = _mm512_mask_blend_epi64(odd, set1(7), set1(56));
    const __m512i line = _mm512_sllv_epi64(base, _mm512_and_si512(s, line_mask));
    // ray = line & ((c << s) ^ sw)
    const __m512i ray = _mm512_ternarylogic_epi64(line, _mm512_sllv_epi64(c, s), sw_ones, 0x60);
    const __m512i blockers = _mm512_and_si512(ray, f.occupied);
    // N, E: the lowest blocker alone; S, W: blockers | 1.
    const __m512i x =
        _mm512_mask_and_epi64(_mm512_or_si512(blockers, set1(1)), _knot_mask8(sw), blockers,
                              _mm512_sub_epi64(_mm512_setzero_si512(), blockers));
    Step st;
    st.index = highest_bit(x);  // N, E with no blocker: -1023 (shifts give 0)
    st.hit = _mm512_and_si512(_mm512_sllv_epi64(set1(1), st.index), blockers);
    const __m512i beyond = _mm512_xor_si512(_mm512_sllv_epi64(c, st.index), sw_ones);
    path = _mm512_ternarylogic_epi64(path, ray, beyond, 0xF4);  // path | (ray & ~beyond)
    const __m512i base_bits = _mm512_mask_blend_epi64(odd, f.high, f.mixed);
    const __mmask8 base_bit = _mm512_test_epi64_mask(base_bits, st.hit);
    st.pawn = _mm512_test_epi64_mask(f.pawns, st.hit);
    st.reflects = _kand_mask8(st.pawn, _kxor_mask8(base_bit, _kxor_mask8(odd, sw)));
    st.low = _mm512_test_epi64_mask(f.low, st.hit);
    return st;
  }

  // end | target << 8 of each lane whose beam stopped.
  static __m512i trace_info(const Step& st) {
    const __mmask8 any = _mm512_test_epi64_mask(st.hit, st.hit);
    const __mmask8 king = _kandn_mask8(st.pawn, any);  // a piece, not a Pawn
    const __m512i info =
        _mm512_maskz_or_epi64(any, _mm512_slli_epi64(st.index, 8), set1(1));  // kZapsPawn
    return _mm512_mask_add_epi64(info, king, info, set1(1));                  // kZapsKing
  }

  // The queue entry of each lane's beam after it reflected.
  static __m512i queue_entry(__m512i board, const Step& st, __mmask8 odd, __mmask8 sw) {
    __m512i e = _mm512_or_si512(_mm512_slli_epi64(board, kQueueBoardShift), st.index);
    e = _mm512_mask_or_epi64(e, _knot_mask8(odd), e, set1(kQueueOdd));
    return _mm512_mask_or_epi64(e, _kxor_mask8(sw, st.low), e, set1(kQueueSouthWest));
  }

  static void compress_store(std::uint64_t* to, __mmask8 take, __m512i x) {
    _mm512_storeu_si512(to, _mm512_maskz_compress_epi64(take, x));
  }

  // Appends the lanes in `take` to the queue at `queued`.
  template <bool kWithFields = true, class Queue>
  static std::size_t append(Queue& queue, std::size_t queued, __mmask8 take, __m512i entry,
                            __m512i path, const Fields& f) {
    compress_store(queue.state + queued, take, entry);
    compress_store(queue.path + queued, take, path);
    if constexpr (!kWithFields) return queued + static_cast<std::size_t>(__builtin_popcount(take));
    compress_store(queue.occupied + queued, take, f.occupied);
    compress_store(queue.pawns + queued, take, f.pawns);
    compress_store(queue.low + queued, take, f.low);
    compress_store(queue.high + queued, take, f.high);
    return queued + static_cast<std::size_t>(__builtin_popcount(take));
  }

  template <class Queue>
  static std::size_t first_segments(const kernel::Board* boards, const kernel::Color* shooters,
                                    std::size_t first, std::size_t n, kernel::LaserTrace* out,
                                    Queue& queue, std::size_t queued) {
    // Field f of the eight boards is word 5b + f of the 40 words they
    // occupy.
    const auto* q = reinterpret_cast<const std::uint64_t*>(boards);
    // (Five gathers measured slower than these loads and shuffles.)
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
    const __m512i odd_words = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    const __m512i c0 = _mm512_permutex2var_epi64(t0, even, t2);
    const __m512i kings = _mm512_permutex2var_epi64(t0, odd_words, t2);
    const __m512i c1 = _mm512_permutex2var_epi64(t1, even, t3);
    const __m512i low = _mm512_permutex2var_epi64(t1, odd_words, t3);
    // Word 4 (high) of the boards: words 4 9 14 | 19 24 29 | 34 39, in
    // words 0-15, 16-31 and 32-39.
    const __m512i index = _mm512_setr_epi64(4, 9, 14, 3, 8, 13, 2, 7);
    __m512i high =
        _mm512_permutex2var_epi64(_mm512_loadu_si512(q), index, _mm512_loadu_si512(q + 8));
    high = _mm512_mask_mov_epi64(
        high, 0x38,
        _mm512_permutex2var_epi64(_mm512_loadu_si512(q + 16), index, _mm512_loadu_si512(q + 24)));
    high = _mm512_mask_permutexvar_epi64(high, 0xC0, index, _mm512_loadu_si512(q + 32));
    const Fields f = fields(_mm512_or_si512(c0, c1),
                            _mm512_ternarylogic_epi64(c0, c1, kings, 0x54),  // (c0 | c1) & ~kings
                            low, high);

    std::uint64_t colours;
    __builtin_memcpy(&colours, shooters, 8);
    const __mmask8 lavender =
        static_cast<__mmask8>(_pext_u64(colours, 0x0101010101010101ULL));  // bit 0 of each
    const __m512i own = _mm512_and_si512(kings, _mm512_mask_blend_epi64(lavender, c0, c1));
    // kernel::Board::king_square takes the lowest King of the colour.
    const __m512i king = _mm512_and_si512(own, _mm512_sub_epi64(_mm512_setzero_si512(), own));
    const __mmask8 odd = _mm512_test_epi64_mask(low, king);
    const __mmask8 sw = _mm512_test_epi64_mask(high, king);
    __m512i path = king;
    const Step st = segment(highest_bit(king), odd, sw, f, path);
    const __m512i info = trace_info(st);

    const __mmask8 valid = static_cast<__mmask8>(n >= 8 ? 0xFF : (1u << n) - 1);
    const __m512i first_half = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
    const __m512i second_half = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
    auto* dst = reinterpret_cast<std::uint64_t*>(out);
    const std::uint32_t words = (1u << (2 * n)) - 1;  // n <= 8
    _mm512_mask_storeu_epi64(dst, static_cast<__mmask8>(words),
                             _mm512_permutex2var_epi64(path, first_half, info));
    _mm512_mask_storeu_epi64(dst + 8, static_cast<__mmask8>(words >> 8),
                             _mm512_permutex2var_epi64(path, second_half, info));

    const __mmask8 take = _kand_mask8(st.reflects, valid);
    const __m512i board = _mm512_add_epi64(set1(first), _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7));
    return append<!kGatherFirstPass>(queue, queued, take, queue_entry(board, st, odd, sw), path, f);
  }

  template <bool kGather, class Queue>
  static std::size_t next_segments(const kernel::Board* boards, kernel::LaserTrace* out,
                                   Queue& queue, std::size_t queued) {
    std::size_t kept = 0;  // entries are re-queued in place: kept <= i
    std::size_t done = 0;
    for (std::size_t i = 0; i < queued; i += 8) {
      const std::size_t n = queued - i;
      const __mmask8 valid = static_cast<__mmask8>(n >= 8 ? 0xFF : (1u << n) - 1);
      const __m512i entry = _mm512_loadu_si512(queue.state + i);
      __m512i path = _mm512_loadu_si512(queue.path + i);
      const __m512i board = _mm512_srli_epi64(entry, kQueueBoardShift);
      Fields f;
      if constexpr (kGather) {
        const auto* q = reinterpret_cast<const long long*>(boards);
        const __m512i word = _mm512_add_epi64(_mm512_slli_epi64(board, 2), board);  // 5 * board
        const __m512i zero = _mm512_setzero_si512();
        const __m512i c0 = _mm512_mask_i64gather_epi64(zero, valid, word, q + 0, 8);
        const __m512i c1 = _mm512_mask_i64gather_epi64(zero, valid, word, q + 1, 8);
        const __m512i kings = _mm512_mask_i64gather_epi64(zero, valid, word, q + 2, 8);
        f = fields(_mm512_or_si512(c0, c1), _mm512_ternarylogic_epi64(c0, c1, kings, 0x54),
                   _mm512_mask_i64gather_epi64(zero, valid, word, q + 3, 8),
                   _mm512_mask_i64gather_epi64(zero, valid, word, q + 4, 8));
      } else {
        f = fields(_mm512_loadu_si512(queue.occupied + i), _mm512_loadu_si512(queue.pawns + i),
                   _mm512_loadu_si512(queue.low + i), _mm512_loadu_si512(queue.high + i));
      }
      const __m512i s = _mm512_and_si512(entry, set1((1u << kQueueSquareBits) - 1));
      const __mmask8 odd = _mm512_test_epi64_mask(entry, set1(kQueueOdd));
      const __mmask8 sw = _mm512_test_epi64_mask(entry, set1(kQueueSouthWest));
      const Step st = segment(s, odd, sw, f, path);
      const __mmask8 ends = _kandn_mask8(st.reflects, valid);
      compress_store(queue.done_board + done, ends, board);
      compress_store(queue.done_path + done, ends, path);
      compress_store(queue.done_info + done, ends, trace_info(st));
      done += static_cast<std::size_t>(__builtin_popcount(ends));
      kept = append(queue, kept, _kand_mask8(st.reflects, valid), queue_entry(board, st, odd, sw),
                    path, f);
    }
    for (std::size_t j = 0; j < done; ++j) {
      const std::uint64_t words[2] = {queue.done_path[j], queue.done_info[j]};
      __builtin_memcpy(out + queue.done_board[j], words, sizeof words);
    }
    return kept;
  }
};

}  // namespace detail

template struct TraceLasersVector<xsimd::avx512bw>;
}  // namespace leiser::simd
