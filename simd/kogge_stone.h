// Kogge-Stone occluded fills, written once over xsimd batches of 64-bit
// bitboards, one bitboard per lane, each lane with its own direction.
//
// INTERNAL: include only from a translation unit built for the instruction
// set in question (simd/*_avx2.cpp, simd/*_avx512.cpp). The per-ISA layer
// `Isa<Arch>` (simd/kogge_stone_avx2.h, simd/kogge_stone_avx512.h) supplies
//
//   U64                     xsimd::batch<std::uint64_t, Arch>
//   kLanes                  bitboards per vector
//   Dir                     per-lane direction: how to step 1, 2 and 4
//                           squares, and `wrap`, the squares a one-square
//                           step may land on (the rest came across an edge)
//   step<k>(x, dir)         every square of x moved 2^k squares along its
//                           lane's direction; squares that cross an edge are
//                           removed by the propagator (k > 0) or by `wrap`
//   doubled(...)            a Dir from the one-square step of each lane and
//                           its landing mask (lcoverage_beams_impl.h builds
//                           them per lane from the beam's direction)
//
// Bit layout: square = 8 * rank + file (kernel/bitboard.h).
#pragma once

#include <cstdint>
#include <xsimd/xsimd.hpp>

namespace leiser::simd::detail {

template <class Arch>
struct Isa;  // specialised per instruction set

// Landing masks for one square's step in each laser direction (N, E, S, W):
// the squares a step can reach. Masks for N and S matter for rotating
// implementations, where the bits that leave the board come back on the
// other side.
inline constexpr std::uint64_t kFileA = 0x0101010101010101ULL;
inline constexpr std::uint64_t kFileH = kFileA << 7;
inline constexpr std::uint64_t kRank0 = 0xFFULL;
inline constexpr std::uint64_t kRank7 = kRank0 << 56;
inline constexpr std::uint64_t kBeamLanding[4] = {~kRank0, ~kFileA, ~kRank7, ~kFileH};

// Plain arrays rather than std::array, and no std:: calls in the vector
// code: an inline function instantiated here would be compiled with AVX and
// could be the copy the linker keeps for baseline callers.

// Squares reachable from `gen` along each lane's direction through squares of
// `empty`, including `gen` itself (the "occluded fill"). Three doubling
// steps cover the longest ray, seven squares.
template <class Arch, class U64 = typename Isa<Arch>::U64, class Dir = typename Isa<Arch>::Dir>
inline U64 occluded_fill(U64 gen, U64 empty, const Dir& dir) {
  using I = Isa<Arch>;
  U64 prop = empty & dir.wrap;
  gen = I::or_and(gen, prop, I::template step<0>(gen, dir));
  prop = prop & I::template step<0>(prop, dir);
  gen = I::or_and(gen, prop, I::template step<1>(gen, dir));
  prop = prop & I::template step<1>(prop, dir);
  gen = I::or_and(gen, prop, I::template step<2>(gen, dir));
  return gen;
}

}  // namespace leiser::simd::detail
