// Batched laser trace, AVX2: four boards per vector (the method:
// simd/laser_batch_impl.h). Built with -mavx2 -mbmi2. Lane masks are whole
// lanes of ones or zeros.
#include <immintrin.h>

#include <xsimd/xsimd.hpp>

#include "simd/laser_batch_impl.h"

#if !defined(__AVX2__)
#error "simd/laser_batch_avx2.cpp needs -mavx2"
#endif

namespace leiser::simd {
namespace detail {

// kCompress[m]: vpermd indices moving the 64-bit lanes set in m (4 bits) to
// the front, in order.
struct CompressTable {
  alignas(32) std::int32_t index[16][8];
};
inline constexpr CompressTable kCompress = [] {
  CompressTable t{};
  for (int m = 0; m < 16; ++m) {
    int k = 0;
    for (int lane = 0; lane < 4; ++lane)
      if (m & (1 << lane)) {
        t.index[m][2 * k] = 2 * lane;
        t.index[m][2 * k + 1] = 2 * lane + 1;
        ++k;
      }
    for (; k < 4; ++k) t.index[m][2 * k] = t.index[m][2 * k + 1] = 0;
  }
  return t;
}();

template <>
struct LaserLanes<xsimd::avx2> {
  static constexpr std::size_t kLanes = 4;
  static constexpr std::size_t kBlock = 256;
  static constexpr bool kGatherFirstPass = false;

  struct Fields {
    __m256i occupied, pawns, low, high;
  };

  static __m256i set1(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
  static __m256i is_zero(__m256i x) { return _mm256_cmpeq_epi64(x, _mm256_setzero_si256()); }

  static Fields fields(__m256i occupied, __m256i pawns, __m256i low, __m256i high) {
    Fields f;
    f.occupied = occupied;
    f.pawns = pawns;
    f.low = low;
    f.high = high;
    return f;
  }

  // Index of the highest set bit of each lane, for x != 0 holding bits of
  // one rank or one file (plus perhaps a0): each 32-bit half converts to a
  // float whose exponent is its highest bit (a rank's bits lie in one half;
  // a file's are eight apart, too sparse to round up into the next power of
  // two). A half with bit 31 set converts to a negative number; min(., 158)
  // maps its sign-and-exponent to 31. x == 0 gives -95.
  static __m256i highest_bit(__m256i x) {
    const __m256i bits = _mm256_castps_si256(_mm256_cvtepi32_ps(x));
    const __m256i biased = _mm256_min_epu32(_mm256_srli_epi32(bits, 23), _mm256_set1_epi32(158));
    const __m256i upper = _mm256_add_epi64(_mm256_srli_epi64(biased, 32), set1(32));
    const __m256i best =
        _mm256_blend_epi32(_mm256_max_epu32(biased, upper), _mm256_setzero_si256(), 0xAA);
    return _mm256_sub_epi64(best, set1(127));
  }

  struct Step {
    __m256i index;  // the square hit (garbage where nothing is hit)
    __m256i hit;    // its bit, 0 where the beam leaves the board
    __m256i pawn_zero, reflects, low_zero;
  };

  static Step segment(__m256i s, __m256i odd, __m256i sw, const Fields& f, __m256i& path) {
    const __m256i c = _mm256_or_si256(sw, set1(~std::uint64_t{1}));
    const __m256i base =
        _mm256_xor_si256(set1(kLaserFileA), _mm256_and_si256(odd, set1(kLaserFileA ^ kLaserRank0)));
    const __m256i line_mask = _mm256_xor_si256(set1(7), _mm256_and_si256(odd, set1(7 ^ 56)));
    const __m256i line = _mm256_sllv_epi64(base, _mm256_and_si256(s, line_mask));
    const __m256i ray = _mm256_and_si256(line, _mm256_xor_si256(_mm256_sllv_epi64(c, s), sw));
    const __m256i blockers = _mm256_and_si256(ray, f.occupied);
    const __m256i lowest =
        _mm256_and_si256(blockers, _mm256_sub_epi64(_mm256_setzero_si256(), blockers));
    const __m256i x = _mm256_blendv_epi8(lowest, _mm256_or_si256(blockers, set1(1)), sw);
    Step st;
    st.index = highest_bit(x);
    st.hit = _mm256_and_si256(_mm256_sllv_epi64(set1(1), st.index), blockers);
    const __m256i beyond = _mm256_xor_si256(_mm256_sllv_epi64(c, st.index), sw);
    path = _mm256_or_si256(path, _mm256_andnot_si256(beyond, ray));
    // odd ? L ^ H : H
    const __m256i base_bits = _mm256_xor_si256(f.high, _mm256_and_si256(odd, f.low));
    const __m256i base_zero = is_zero(_mm256_and_si256(base_bits, st.hit));
    st.pawn_zero = is_zero(_mm256_and_si256(f.pawns, st.hit));
    // reflects = pawn & (base ^ odd ^ sw) = !(pawn_zero | (base_zero ^ odd ^ sw))
    st.reflects = is_zero(
        _mm256_or_si256(st.pawn_zero, _mm256_xor_si256(base_zero, _mm256_xor_si256(odd, sw))));
    st.low_zero = is_zero(_mm256_and_si256(f.low, st.hit));
    return st;
  }

  static __m256i trace_info(const Step& st) {
    const __m256i none = is_zero(st.hit);
    // kZapsPawn = 1, kZapsKing = 2: a piece hit is a King unless a Pawn
    const __m256i end = _mm256_add_epi64(set1(1), _mm256_and_si256(st.pawn_zero, set1(1)));
    return _mm256_andnot_si256(none, _mm256_or_si256(end, _mm256_slli_epi64(st.index, 8)));
  }

  static __m256i queue_entry(__m256i board, const Step& st, __m256i odd, __m256i sw) {
    const __m256i e = _mm256_or_si256(_mm256_slli_epi64(board, kQueueBoardShift), st.index);
    // new odd = !odd; new sw = sw ^ L = !(sw ^ low_zero)
    const __m256i flags = _mm256_or_si256(
        _mm256_andnot_si256(odd, set1(kQueueOdd)),
        _mm256_andnot_si256(_mm256_xor_si256(sw, st.low_zero), set1(kQueueSouthWest)));
    return _mm256_or_si256(e, flags);
  }

  static void compress_store(std::uint64_t* to, __m256i index, __m256i x) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(to), _mm256_permutevar8x32_epi32(x, index));
  }
  static __m256i compress_index(unsigned take) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(kCompress.index[take]));
  }

  // Appends the lanes in `take` (4 bits) to the queue at `queued`.
  template <class Queue>
  static std::size_t append(Queue& queue, std::size_t queued, unsigned take, __m256i entry,
                            __m256i path, const Fields& f) {
    const __m256i index = compress_index(take);
    compress_store(queue.state + queued, index, entry);
    compress_store(queue.path + queued, index, path);
    compress_store(queue.occupied + queued, index, f.occupied);
    compress_store(queue.pawns + queued, index, f.pawns);
    compress_store(queue.low + queued, index, f.low);
    compress_store(queue.high + queued, index, f.high);
    return queued + static_cast<std::size_t>(__builtin_popcount(take));
  }

  static unsigned lane_bits(__m256i mask) {
    return static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(mask)));
  }

  template <class Queue>
  static std::size_t first_segments(const kernel::Board* boards, const kernel::Color* shooters,
                                    std::size_t first, std::size_t n, kernel::LaserTrace* out,
                                    Queue& queue, std::size_t queued) {
    // Each Board starts with by_color[0], by_color[1], kings,
    // orientation_low; orientation_high follows.
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
    // orientation_high: words 4, 9, 14, 19 (movq + movhps).
    auto pair = [](const std::uint64_t* a, const std::uint64_t* b) {
      const __m128d lo = _mm_castsi128_pd(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(a)));
      return _mm_castpd_si128(_mm_loadh_pd(lo, reinterpret_cast<const double*>(b)));
    };
    const __m256i high = _mm256_set_m128i(pair(q + 14, q + 19), pair(q + 4, q + 9));
    const __m256i occupied = _mm256_or_si256(c0, c1);
    const Fields f = fields(occupied, _mm256_andnot_si256(kings, occupied), low, high);

    std::uint32_t colours;
    __builtin_memcpy(&colours, shooters, 4);
    const __m256i lavender = _mm256_cmpgt_epi64(
        _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(static_cast<int>(colours))), _mm256_setzero_si256());
    const __m256i own = _mm256_and_si256(kings, _mm256_blendv_epi8(c0, c1, lavender));
    // kernel::Board::king_square takes the lowest King of the colour.
    const __m256i king = _mm256_and_si256(own, _mm256_sub_epi64(_mm256_setzero_si256(), own));
    const __m256i odd = _mm256_xor_si256(is_zero(_mm256_and_si256(low, king)), set1(~0ULL));
    const __m256i sw = _mm256_xor_si256(is_zero(_mm256_and_si256(high, king)), set1(~0ULL));
    __m256i path = king;
    const Step st = segment(highest_bit(king), odd, sw, f, path);
    const __m256i info = trace_info(st);

    const __m256i lo = _mm256_unpacklo_epi64(path, info);  // p0 i0 | p2 i2
    const __m256i hi = _mm256_unpackhi_epi64(path, info);  // p1 i1 | p3 i3
    auto* dst = reinterpret_cast<long long*>(out);
    const __m256i first_pair = _mm256_permute2x128_si256(lo, hi, 0x20);
    const __m256i second_pair = _mm256_permute2x128_si256(lo, hi, 0x31);
    if (n == 4) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), first_pair);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 4), second_pair);
    } else {
      const __m256i lane = _mm256_setr_epi64x(0, 0, 1, 1);
      const __m256i count = set1(n);
      _mm256_maskstore_epi64(dst, _mm256_cmpgt_epi64(count, lane), first_pair);
      _mm256_maskstore_epi64(dst + 4, _mm256_cmpgt_epi64(count, _mm256_add_epi64(lane, set1(2))),
                             second_pair);
    }
    const unsigned valid = (1u << n) - 1;
    const __m256i board = _mm256_add_epi64(set1(first), _mm256_setr_epi64x(0, 1, 2, 3));
    return append(queue, queued, lane_bits(st.reflects) & valid, queue_entry(board, st, odd, sw),
                  path, f);
  }

  template <bool kGather, class Queue>
  static std::size_t next_segments(const kernel::Board*, kernel::LaserTrace* out, Queue& queue,
                                   std::size_t queued) {
    static_assert(!kGather);
    std::size_t kept = 0;  // entries are re-queued in place: kept <= i
    std::size_t done = 0;
    for (std::size_t i = 0; i < queued; i += 4) {
      const std::size_t n = queued - i;
      const unsigned valid = n >= 4 ? 0xF : (1u << n) - 1;
      auto load = [i](const std::uint64_t* from) {
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + i));
      };
      const __m256i entry = load(queue.state);
      __m256i path = load(queue.path);
      const Fields f =
          fields(load(queue.occupied), load(queue.pawns), load(queue.low), load(queue.high));
      const __m256i board = _mm256_srli_epi64(entry, kQueueBoardShift);
      const __m256i s = _mm256_and_si256(entry, set1((1u << kQueueSquareBits) - 1));
      const __m256i odd =
          _mm256_xor_si256(is_zero(_mm256_and_si256(entry, set1(kQueueOdd))), set1(~0ULL));
      const __m256i sw =
          _mm256_xor_si256(is_zero(_mm256_and_si256(entry, set1(kQueueSouthWest))), set1(~0ULL));
      const Step st = segment(s, odd, sw, f, path);
      const unsigned reflects = lane_bits(st.reflects) & valid;
      const unsigned ends = valid & ~reflects;
      const __m256i index = compress_index(ends);
      compress_store(queue.done_board + done, index, board);
      compress_store(queue.done_path + done, index, path);
      compress_store(queue.done_info + done, index, trace_info(st));
      done += static_cast<std::size_t>(__builtin_popcount(ends));
      kept = append(queue, kept, reflects, queue_entry(board, st, odd, sw), path, f);
    }
    for (std::size_t j = 0; j < done; ++j) {
      const std::uint64_t words[2] = {queue.done_path[j], queue.done_info[j]};
      __builtin_memcpy(out + queue.done_board[j], words, sizeof words);
    }
    return kept;
  }
};

}  // namespace detail

template struct TraceLasersVector<xsimd::avx2>;
}  // namespace leiser::simd
