// The batched laser trace, written once over xsimd batches (one board per
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
// nothing: the beam left the board). The hit piece's orientation then gives,
// without tables,
//
//   zap       when ((o - d) & 2) == 0     (o: Pawn orientation NW NE SE SW,
//   new beam  d' = (1 + 2 * (o & 1) - d) & 3        d: beam N E S W)
//
// which is kernel::kReflection, and a King always zaps. A lane that is done
// gets current square 0, after which every step leaves it unchanged; the
// loop runs until all lanes of the vector are done. A beam cannot cycle (its
// steps are reversible and the first state has no predecessor), so the loop
// ends after at most 2 * Pawns + 1 steps.
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

static_assert(sizeof(kernel::Board) == 40, "load_boards reads Boards as 5 words");
static_assert(offsetof(kernel::Board, by_color) == 0 && offsetof(kernel::Board, kings) == 16 &&
              offsetof(kernel::Board, orientation_low) == 24 &&
              offsetof(kernel::Board, orientation_high) == 32);
static_assert(sizeof(kernel::LaserTrace) == 16 && offsetof(kernel::LaserTrace, end) == 8 &&
                  offsetof(kernel::LaserTrace, target) == 9,
              "store_traces writes (path, end | target << 8) word pairs");

template <class Arch>
inline void trace_laser_group(const kernel::Board* boards, const kernel::Color* shooters,
                              kernel::LaserTrace* out) {
  using I = Isa<Arch>;
  using U64 = typename I::U64;
  const typename I::Boards b = I::load_boards(boards, shooters);
  const U64 zero(std::uint64_t{0}), one(std::uint64_t{1}), two(std::uint64_t{2}),
      three(std::uint64_t{3});
  const U64 occupied = b.occupied;
  const U64 empty = ~occupied;

  // kernel::Board::king_square takes the lowest King of the colour.
  const U64 king = b.shooter_kings & (zero - b.shooter_kings);
  U64 d = xsimd::select((b.orientation_low & king) != zero, one, zero) |
          xsimd::select((b.orientation_high & king) != zero, two, zero);
  U64 current = king;
  U64 path = king;
  U64 zapped = zero;  // the zapped square, once a lane is done
  do {
    const typename I::Dir dir = I::beam_dir(d);
    const U64 fill = occluded_fill<Arch>(current, empty, dir);
    const U64 hit = I::template step<0>(fill, dir) & dir.wrap & occupied;
    path = path | fill | hit;
    const auto low = (b.orientation_low & hit) != zero;
    const auto high = (b.orientation_high & hit) != zero;
    const auto pawn = (hit != zero) & ((b.kings & hit) == zero);
    const U64 orientation = xsimd::select(low, one, zero) | xsimd::select(high, two, zero);
    const auto reflects = pawn & (((orientation - d) & two) != zero);
    zapped = zapped | xsimd::select(reflects, zero, hit);
    current = xsimd::select(reflects, hit, zero);
    d = ((one - d) + xsimd::select(low, two, zero)) & three;
  } while (xsimd::any(current != zero));

  const U64 end = xsimd::select(zapped == zero, zero,
                                xsimd::select((b.kings & zapped) != zero, two, one));
  static_assert(static_cast<int>(kernel::LaserEnd::kZapsPawn) == 1 &&
                static_cast<int>(kernel::LaserEnd::kZapsKing) == 2);
  I::store_traces(out, path, end | (I::bit_index(zapped) << 8));
}

}  // namespace detail

template <class Arch>
void TraceLasersKernel::operator()(Arch, const kernel::Board* boards,
                                   const kernel::Color* shooters, kernel::LaserTrace* out,
                                   std::size_t count) const {
  constexpr std::size_t kLanes = detail::Isa<Arch>::kLanes;
  std::size_t i = 0;
  for (; i + kLanes <= count; i += kLanes)
    detail::trace_laser_group<Arch>(boards + i, shooters + i, out + i);
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
  detail::trace_laser_group<Arch>(reinterpret_cast<const kernel::Board*>(board_buf), shooter_buf,
                                  reinterpret_cast<kernel::LaserTrace*>(out_buf));
  __builtin_memcpy(static_cast<void*>(out + i), out_buf, (count - i) * sizeof(kernel::LaserTrace));
}

}  // namespace leiser::simd
