// Move-generation set batch ops, scalar: the reference versions, in terms of
// the kernel's own functions (kernel::shift, kernel::squares_touched,
// kernel::kRays).
#include "kernel/bitboard.h"
#include "kernel/laser.h"
#include "kernel/position.h"
#include "simd/batch_ops.h"

namespace leiser::simd::scalar {

void destination_sets(const Bitboard* pieces, const Bitboard* targets, DirectionSets* out,
                      std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    for (int dir = 0; dir < kernel::kDirectionCount; ++dir)
      out[i][dir] = kernel::shift(pieces[i], dir) & targets[i];
}

std::size_t touches_path(const kernel::Move* moves, std::size_t count, Bitboard path,
                         std::uint8_t* out) {
  std::size_t touching = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const bool touches = (kernel::squares_touched(moves[i]) & path) != 0;
    out[i] = touches ? 1 : 0;
    touching += touches;
  }
  return touching;
}

void beam_fills(const Bitboard* sources, const Bitboard* empty, BeamSets* out, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    out[i] = BeamSets{};
    for (Bitboard from = sources[i]; from;) {
      const kernel::Square sq = kernel::pop_lowest(from);
      for (int d = 0; d < 4; ++d) {
        const Bitboard ray = kernel::kRays[d][sq];
        const Bitboard blockers = ray & ~empty[i];
        out[i][d] |= blockers ? ray & ~kernel::kRays[d][kernel::nearest_along(blockers, d)] : ray;
      }
    }
  }
}

}  // namespace leiser::simd::scalar
