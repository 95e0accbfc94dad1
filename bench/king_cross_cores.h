// The first segment of a King's beam in each of the four directions, as each
// wide core would compute it (issue 40: does a Kogge-Stone fill earn a
// caller?). king_cross_avx2.cpp and king_cross_avx512.cpp are built with that
// core's flags (bench/meson.build), so that bm_king_cross times every form on
// one CPU:
//
//   walk   the product's way: per direction, one ray-table lookup and one
//          bit scan (kernel/laser.h's segment step, with the core's BMI)
//   fill   one Kogge-Stone occluded fill (simd/kogge_stone*.h) over a vector
//          of directions: 4 lanes per King with AVX2, 8 lanes (both Kings)
//          with AVX-512
//
// A segment is every square the beam enters up to and including the first
// piece it meets, or the whole ray to the edge: kRays[d][k] & ~kRays[d][hit].
// out[2 * i + c] is board i's King of colour c (Tangerine 0, Lavender 1).
#pragma once

#include <cstddef>

#include "kernel/bitboard.h"
#include "kernel/board.h"

namespace leiser::microbench {

struct KingCross {
  kernel::Bitboard segment[4];  // indexed by kernel::LaserDirection
  friend bool operator==(const KingCross&, const KingCross&) = default;
};

using KingCrossFn = void (*)(const kernel::Board* boards, std::size_t n, KingCross* out);

void king_cross_walk_avx2_core(const kernel::Board* boards, std::size_t n, KingCross* out);
void king_cross_fill_avx2_core(const kernel::Board* boards, std::size_t n, KingCross* out);
void king_cross_walk_avx512_core(const kernel::Board* boards, std::size_t n, KingCross* out);
void king_cross_fill_avx512_core(const kernel::Board* boards, std::size_t n, KingCross* out);

}  // namespace leiser::microbench
