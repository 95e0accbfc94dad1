// LCOVERAGE's batched beams (simd/batch_ops.h, lcoverage_beams), written once
// over xsimd and the Kogge-Stone layer, instantiated per instruction set in
// simd/lcoverage_beams_avx2.cpp and simd/lcoverage_beams_avx512.cpp.
//
// INTERNAL: include only after the matching simd/kogge_stone_<isa>.h, from a
// translation unit built for that instruction set.
//
// Method. Every lane shares the board: its five planes (occupied, Kings,
// orientation bits, the opponent's pieces) are broadcast once, and each lane
// patches in its own delta (at most three squares) with a variable shift and
// a few ANDs and ORs. Then, as in the batched laser trace, each loop step
// finds the next straight segment of every lane's beam with an occluded
// fill in the lane's own direction and classifies the square it hits
// (kernel::kReflection in closed form, see simd/laser_batch_impl.h).
//
// Distances are per square, not per lane: after each step every lane's
// segment is merged into the distance map. The squares of a segment from
// square a in direction d lie on one line, so the k-th square s satisfies
// coord_d(s) - coord_d(a) = k with coord_N = rank, coord_E = file, coord_S =
// -rank, coord_W = -file: a segment's distances are one table row plus a
// constant. AVX-512 keeps the map in two registers of 32 16-bit entries and
// merges a whole segment with one masked vpminuw per half (the segment's
// bitboard is the mask); AVX2 has no such masks and merges square by square.
#pragma once

#include <cstddef>
#include <cstdint>
#include <xsimd/xsimd.hpp>

#include "kernel/board.h"
#include "simd/batch_ops.h"
#include "simd/kogge_stone.h"

namespace leiser::simd {
namespace detail {

// kLineCoord[d][s] = coord_d(s) (see above), as 16-bit two's complement.
struct LineCoords {
  alignas(64) std::uint16_t v[4][64];
};
inline constexpr LineCoords kLineCoord = [] {
  LineCoords t{};
  for (int s = 0; s < 64; ++s) {
    const int rank = s >> 3, file = s & 7;
    t.v[0][s] = static_cast<std::uint16_t>(rank);
    t.v[1][s] = static_cast<std::uint16_t>(file);
    t.v[2][s] = static_cast<std::uint16_t>(-rank);
    t.v[3][s] = static_cast<std::uint16_t>(-file);
  }
  return t;
}();

template <class Arch>
struct LcovLayer;

#if defined(__AVX512BW__)
template <>
struct LcovLayer<xsimd::avx512bw> {
  using I = Isa<xsimd::avx512bw>;
  using U64 = I::U64;

  static U64 one_shifted(U64 counts) {
    return U64(_mm512_sllv_epi64(_mm512_set1_epi64(1), counts));
  }
  // The first and second words of eight consecutive 16-byte lanes.
  static void load_lanes(const LcoverageLane* lanes, U64& w0, U64& w1) {
    // Word by word: the caller has usually just written the lanes, and a
    // wide load of several recent stores would wait for them to retire.
    std::uint64_t q[16];
    __builtin_memcpy(q, lanes, sizeof q);
    auto words = [&](int k) {
      return _mm512_set_epi64(static_cast<long long>(q[14 + k]), static_cast<long long>(q[12 + k]),
                              static_cast<long long>(q[10 + k]), static_cast<long long>(q[8 + k]),
                              static_cast<long long>(q[6 + k]), static_cast<long long>(q[4 + k]),
                              static_cast<long long>(q[2 + k]), static_cast<long long>(q[k]));
    };
    w0 = U64(words(0));
    w1 = U64(words(1));
  }
  static I::Dir beam_dir(U64 d) {
    const __m512i rotate_table = _mm512_setr_epi64(8, 1, 56, 63, 0, 0, 0, 0);
    const __m512i wrap_table = _mm512_setr_epi64(
        static_cast<long long>(kBeamLanding[0]), static_cast<long long>(kBeamLanding[1]),
        static_cast<long long>(kBeamLanding[2]), static_cast<long long>(kBeamLanding[3]), 0, 0, 0,
        0);
    return I::doubled(_mm512_permutexvar_epi64(d, rotate_table),
                      U64(_mm512_permutexvar_epi64(d, wrap_table)));
  }

  // The distance map: squares 0-31 and 32-63.
  struct Map {
    __m512i lo, hi;
    std::uint64_t reached;
  };
  static Map load(const std::uint16_t* dist) {
    return {_mm512_loadu_si512(dist), _mm512_loadu_si512(dist + 32), 0};
  }
  static void store(const Map& m, std::uint16_t* dist, std::uint64_t* reached) {
    _mm512_storeu_si512(dist, m.lo);
    _mm512_storeu_si512(dist + 32, m.hi);
    *reached |= m.reached;
  }
  // Squares `entered` on the line from a in direction d, at total + steps;
  // `bonus` (the hit square, or nothing) one more.
  static void merge(Map& m, std::uint64_t entered, std::uint64_t bonus, unsigned a, unsigned d,
                    unsigned total) {
    const std::uint16_t* row = kLineCoord.v[d];
    const __m512i base = _mm512_set1_epi16(static_cast<short>(total - row[a]));
    const __m512i lo = _mm512_add_epi16(_mm512_load_si512(row), base);
    const __m512i hi = _mm512_add_epi16(_mm512_load_si512(row + 32), base);
    const std::uint64_t plain = entered & ~bonus;
    m.lo = _mm512_mask_min_epu16(m.lo, static_cast<__mmask32>(plain), m.lo, lo);
    m.hi = _mm512_mask_min_epu16(m.hi, static_cast<__mmask32>(plain >> 32), m.hi, hi);
    if (bonus) {
      const __m512i one = _mm512_set1_epi16(1);
      m.lo = _mm512_mask_min_epu16(m.lo, static_cast<__mmask32>(bonus), m.lo,
                                   _mm512_add_epi16(lo, one));
      m.hi = _mm512_mask_min_epu16(m.hi, static_cast<__mmask32>(bonus >> 32), m.hi,
                                   _mm512_add_epi16(hi, one));
    }
    m.reached |= entered;
  }
};
#endif

#if defined(__AVX2__) && !defined(__AVX512BW__)
template <>
struct LcovLayer<xsimd::avx2> {
  using I = Isa<xsimd::avx2>;
  using U64 = I::U64;

  static U64 one_shifted(U64 counts) {
    return U64(_mm256_sllv_epi64(_mm256_set1_epi64x(1), counts));
  }
  // The first and second words of four consecutive 16-byte lanes.
  static void load_lanes(const LcoverageLane* lanes, U64& w0, U64& w1) {
    const auto* q = reinterpret_cast<const __m256i*>(lanes);
    const __m256i a = _mm256_loadu_si256(q), b = _mm256_loadu_si256(q + 1);
    w0 = U64(_mm256_permute4x64_epi64(_mm256_unpacklo_epi64(a, b), 0xD8));
    w1 = U64(_mm256_permute4x64_epi64(_mm256_unpackhi_epi64(a, b), 0xD8));
  }
  static I::Dir beam_dir(U64 d) {
    // vpermd index of d: 2d in the low half, 2d + 1 in the high half.
    const __m256i twice = _mm256_add_epi64(d, d);
    const __m256i index = _mm256_or_si256(
        twice, _mm256_slli_epi64(_mm256_add_epi64(twice, _mm256_set1_epi64x(1)), 32));
    const __m256i left_table = _mm256_setr_epi64x(8, 1, 64, 64);
    const __m256i right_table = _mm256_setr_epi64x(64, 64, 8, 1);
    const __m256i wrap_table = _mm256_setr_epi64x(
        static_cast<long long>(kBeamLanding[0]), static_cast<long long>(kBeamLanding[1]),
        static_cast<long long>(kBeamLanding[2]), static_cast<long long>(kBeamLanding[3]));
    return I::doubled(_mm256_permutevar8x32_epi32(left_table, index),
                      _mm256_permutevar8x32_epi32(right_table, index),
                      U64(_mm256_permutevar8x32_epi32(wrap_table, index)));
  }

  // The distance map is the caller's array, merged square by square.
  struct Map {
    std::uint16_t* dist;
    std::uint64_t reached;
  };
  static Map load(std::uint16_t* dist) { return {dist, 0}; }
  static void store(const Map& m, std::uint16_t*, std::uint64_t* reached) { *reached |= m.reached; }
  static void merge(Map& m, std::uint64_t entered, std::uint64_t bonus, unsigned a, unsigned d,
                    unsigned total) {
    const std::uint16_t* row = kLineCoord.v[d];
    const std::uint16_t base = static_cast<std::uint16_t>(total - row[a]);
    m.reached |= entered;
    for (std::uint64_t left = entered; left; left &= left - 1) {
      const unsigned s = static_cast<unsigned>(__builtin_ctzll(left));
      const std::uint16_t value = static_cast<std::uint16_t>(base + row[s] + ((bonus >> s) & 1));
      if (value < m.dist[s]) m.dist[s] = value;
    }
  }
};
#endif

// One group of kLanes lanes, traced to the end and merged into `map`.
template <class Arch>
inline void lcoverage_group(const kernel::Board& board, kernel::Color c, const LcoverageLane* lanes,
                            typename LcovLayer<Arch>::Map& map) {
  using L = LcovLayer<Arch>;
  using U64 = typename L::U64;
  constexpr std::size_t kLanes = U64::size;
  static_assert(sizeof(LcoverageLane) == 16 && offsetof(LcoverageLane, from) == 0 &&
                offsetof(LcoverageLane, direction) == 1 && offsetof(LcoverageLane, total) == 2 &&
                offsetof(LcoverageLane, square) == 4 && offsetof(LcoverageLane, code) == 8);
  U64 w0, w1;  // from | direction << 8 | total << 16 | square[j] << (32 + 8j); code[j] << 8j
  L::load_lanes(lanes, w0, w1);
  const U64 byte(std::uint64_t{0xFF});
  alignas(64) std::uint64_t total[kLanes];
  ((w0 >> 16) & U64(std::uint64_t{0xFFFF})).store_aligned(total);
  const unsigned they = static_cast<unsigned>(c) ^ 1u;
  U64 occupied(board.by_color[0] | board.by_color[1]);
  U64 kings(board.kings);
  U64 low(board.orientation_low);
  U64 high(board.orientation_high);
  U64 theirs(board.by_color[they]);
  const U64 zero(std::uint64_t{0});
  const U64 one(std::uint64_t{1});
  for (int j = 0; j < 3; ++j) {
    const U64 b = L::one_shifted((w0 >> (32 + 8 * j)) & byte);  // 0 for an unused slot
    const U64 k = (w1 >> (8 * j)) & byte;
    auto patch = [&](U64 plane, int shift) {
      return (plane & ~b) | (b & (zero - ((k >> shift) & one)));
    };
    occupied = patch(occupied, 0);
    kings = patch(kings, 1);
    low = patch(low, 2);
    high = patch(high, 3);
    theirs = patch(theirs, 4);
  }
  const U64 empty = ~occupied;
  const U64 pawns = occupied & ~kings;
  const U64 l_xor_h = low ^ high;

  U64 current = L::one_shifted(w0 & byte);  // 0 for from >= 64
  U64 d = (w0 >> 8) & byte;
  alignas(64) std::uint64_t fill_out[kLanes], hit_out[kLanes], cur_out[kLanes], d_out[kLanes],
      extra_out[kLanes];
  // Flags are 0 or 1 per lane, in plain integer arithmetic: (x | -x) >> 63
  // is 1 iff x != 0; a full-lane mask is 0 - flag.
  auto nonzero = [&](U64 x) { return (x | (zero - x)) >> 63; };
  auto pick = [&](U64 flag, U64 a, U64 b) {
    const U64 mask = zero - flag;
    return (a & mask) | (b & ~mask);
  };
  for (;;) {
    const U64 active = nonzero(current);
    if (xsimd::all(active == zero)) break;
    const typename Isa<Arch>::Dir step_dir = L::beam_dir(d);
    const U64 fill = occluded_fill<Arch>(current, empty, step_dir);
    const U64 hit = Isa<Arch>::template step<0>(fill, step_dir) & step_dir.wrap & occupied;
    // kReflection in closed form: reflects iff a Pawn is hit and
    // ((d odd ? L ^ H : H) ^ (d is E or S)); the new direction d ^ (L ? 3 : 1).
    const U64 odd = d & one;
    const U64 e_or_s = ((d + one) >> 1) & one;
    const U64 hit_low = nonzero(low & hit);
    const U64 base = nonzero(pick(odd, l_xor_h, high) & hit);
    const U64 reflects = nonzero(pawns & hit) & (base ^ e_or_s);
    const U64 extra = reflects & nonzero(theirs & hit);
    fill.store_aligned(fill_out);
    hit.store_aligned(hit_out);
    current.store_aligned(cur_out);
    d.store_aligned(d_out);
    extra.store_aligned(extra_out);
    d = pick(reflects, d ^ (one + hit_low + hit_low), d);
    current = pick(reflects, hit, zero);
    for (std::size_t i = 0; i < kLanes; ++i) {
      if (!cur_out[i]) continue;
      const std::uint64_t crossed = fill_out[i] & ~cur_out[i];
      const std::uint64_t entered = crossed | hit_out[i];
      if (!entered) continue;
      const unsigned t = static_cast<unsigned>(total[i]);
      L::merge(map, entered, extra_out[i] ? hit_out[i] : 0,
               static_cast<unsigned>(__builtin_ctzll(cur_out[i])), static_cast<unsigned>(d_out[i]),
               t);
      total[i] = t + static_cast<unsigned>(__builtin_popcountll(entered)) +
                 static_cast<unsigned>(extra_out[i]);
    }
  }
}

}  // namespace detail

template <class Arch>
void LcoverageBeamsVector<Arch>::run(const kernel::Board& board, kernel::Color c,
                                     const LcoverageLane* lanes, std::size_t count,
                                     std::uint16_t* dist, Bitboard* reached) {
  using L = detail::LcovLayer<Arch>;
  constexpr std::size_t kLanes = L::U64::size;
  typename L::Map map = L::load(dist);
  std::size_t i = 0;
  for (; i + kLanes <= count; i += kLanes) detail::lcoverage_group<Arch>(board, c, lanes + i, map);
  if (i < count) {
    // The last few lanes, padded with lanes that do nothing.
    LcoverageLane pad[kLanes];
    for (std::size_t j = 0; j < kLanes; ++j) {
      if (i + j < count) {
        pad[j] = lanes[i + j];
      } else {
        pad[j] = LcoverageLane{};
        pad[j].from = 0xFF;
        for (int k = 0; k < 3; ++k) pad[j].square[k] = 0xFF;
      }
    }
    detail::lcoverage_group<Arch>(board, c, pad, map);
  }
  L::store(map, dist, reached);
}

}  // namespace leiser::simd
