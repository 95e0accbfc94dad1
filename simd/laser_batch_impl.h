// The batched laser trace, written once over the ISA layer (one board per
// lane) and instantiated per instruction set in simd/laser_batch_avx2.cpp and
// simd/laser_batch_avx512.cpp.
//
// INTERNAL: include only after the matching simd/kogge_stone_<isa>.h, from a
// translation unit built for that instruction set.
//
// Method. A beam is a chain of straight segments. Each step of the loop finds
// the next segment of every lane at once with a Kogge-Stone occluded fill
// from the lane's current square in the lane's direction through the empty
// squares; one more step of the fill lands on the square the beam hits (or on
// nothing: the beam left the board). The piece hit then decides, without
// tables (kernel::kReflection in closed form; o = Pawn orientation NW NE SE
// SW, d = beam N E S W, L and H = the orientation's low and high bits):
//
//   the beam reflects  iff the piece is a Pawn and ((o - d) & 2) != 0, that
//                      is iff H (d = N), !(L ^ H) (E), !H (S), L ^ H (W):
//                      (d odd ? L ^ H : H) ^ (d is E or S)
//   the new direction  d ^ (L ? 3 : 1)
//
// so each lane carries d, "d is odd" and "d is E or S", and a reflection
// flips the second, and flips the third unless L. A lane that is done gets
// current square 0, after which every step leaves it unchanged; the loop
// runs until all lanes of the group are done. A beam cannot cycle (its steps
// are reversible and its first state has no predecessor), so the loop ends
// after at most 2 * Pawns + 1 steps.
//
// The ISA layer supplies Beams (the lanes' boards and beam state), and
//   start_beams(boards, shooters)   load a group, beam at each King
//   beam_dir(beams)                 the Dir of each lane's beam
//   reflect(beams, hit)             classify the hit, update the state;
//                                   returns whether any lane goes on
//   store_traces(out, beams)        write the group's LaserTraces
#pragma once

#include <cstddef>
#include <cstdint>
#include <xsimd/xsimd.hpp>

#include "kernel/board.h"
#include "kernel/laser.h"
#include "simd/kernels.h"
#include "simd/kogge_stone.h"

namespace leiser::simd {
namespace detail {

static_assert(sizeof(kernel::Board) == 40, "start_beams reads Boards as 5 words");
static_assert(offsetof(kernel::Board, by_color) == 0 && offsetof(kernel::Board, kings) == 16 &&
              offsetof(kernel::Board, orientation_low) == 24 &&
              offsetof(kernel::Board, orientation_high) == 32);
static_assert(sizeof(kernel::LaserTrace) == 16 && offsetof(kernel::LaserTrace, end) == 8 &&
                  offsetof(kernel::LaserTrace, target) == 9,
              "store_traces writes (path, end | target << 8) word pairs");
static_assert(static_cast<int>(kernel::LaserEnd::kOffBoard) == 0 &&
              static_cast<int>(kernel::LaserEnd::kZapsPawn) == 1 &&
              static_cast<int>(kernel::LaserEnd::kZapsKing) == 2);

// One segment of every lane's beam; returns whether any lane goes on.
template <class Arch>
inline bool beam_segment(typename Isa<Arch>::Beams& beams) {
  using I = Isa<Arch>;
  using U64 = typename I::U64;
  const typename I::Dir dir = I::beam_dir(beams);
  const U64 fill = occluded_fill<Arch>(beams.current, beams.empty, dir);
  const U64 hit = I::template step<0>(fill, dir) & dir.wrap & beams.occupied;
  beams.path = I::or3(beams.path, fill, hit);
  return I::reflect(beams, hit);
}

// kGroups independent groups of kLanes boards, stepped together so that one
// group's dependency chains overlap the other's.
template <class Arch, std::size_t kGroups>
inline void trace_laser_groups(const kernel::Board* boards, const kernel::Color* shooters,
                               kernel::LaserTrace* out) {
  using I = Isa<Arch>;
  typename I::Beams beams[kGroups];
  for (std::size_t g = 0; g < kGroups; ++g)
    beams[g] = I::start_beams(boards + g * I::kLanes, shooters + g * I::kLanes);
  for (;;) {
    bool more = false;
    for (std::size_t g = 0; g < kGroups; ++g) more |= beam_segment<Arch>(beams[g]);
    if (!more) break;
  }
  for (std::size_t g = 0; g < kGroups; ++g) I::store_traces(out + g * I::kLanes, beams[g]);
}

}  // namespace detail

template <class Arch>
void TraceLasersKernel::operator()(Arch, const kernel::Board* boards, const kernel::Color* shooters,
                                   kernel::LaserTrace* out, std::size_t count) const {
  using I = detail::Isa<Arch>;
  constexpr std::size_t kLanes = I::kLanes;
  constexpr std::size_t kWide = kLanes * I::kInterleave;
  std::size_t i = 0;
  for (; i + kWide <= count; i += kWide)
    detail::trace_laser_groups<Arch, I::kInterleave>(boards + i, shooters + i, out + i);
  for (; i + kLanes <= count; i += kLanes)
    detail::trace_laser_groups<Arch, 1>(boards + i, shooters + i, out + i);
  if (i == count) return;
  // The last few boards go through a padded group (copies of the last board
  // fill the spare lanes), so every board takes the vector path.
  alignas(64) unsigned char board_buf[kLanes * sizeof(kernel::Board)];
  alignas(64) unsigned char out_buf[kLanes * sizeof(kernel::LaserTrace)];
  kernel::Color shooter_buf[kLanes];
  for (std::size_t j = 0; j < kLanes; ++j) {
    const std::size_t from = i + j < count ? i + j : count - 1;
    __builtin_memcpy(board_buf + j * sizeof(kernel::Board), boards + from, sizeof(kernel::Board));
    shooter_buf[j] = shooters[from];
  }
  detail::trace_laser_groups<Arch, 1>(reinterpret_cast<const kernel::Board*>(board_buf),
                                      shooter_buf, reinterpret_cast<kernel::LaserTrace*>(out_buf));
  __builtin_memcpy(static_cast<void*>(out + i), out_buf, (count - i) * sizeof(kernel::LaserTrace));
}

}  // namespace leiser::simd
