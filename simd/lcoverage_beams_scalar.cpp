// LCOVERAGE's batched beams, scalar: the reference. Each lane's board is
// built from the shared board and the lane's delta, then walked square by
// square (simd/scalar_beam_walk.h), every entered square's distance
// min-merged into the map.
#include <algorithm>

#include "kernel/laser.h"
#include "simd/batch_ops.h"
#include "simd/scalar_beam_walk.h"

namespace leiser::simd::scalar {

void lcoverage_beams(const kernel::Board& board, kernel::Color c, const LcoverageLane* lanes,
                     std::size_t count, std::uint16_t* dist, Bitboard* reached) {
  for (std::size_t i = 0; i < count; ++i) {
    const LcoverageLane& lane = lanes[i];
    if (lane.from >= kernel::kSquareCount) continue;
    kernel::Board after = board;
    for (int j = 0; j < 3; ++j) {
      if (lane.square[j] >= kernel::kSquareCount) continue;
      const auto sq = static_cast<kernel::Square>(lane.square[j]);
      const std::uint8_t code = lane.code[j];
      after.remove(sq);
      if (code & kLaneOccupied)
        after.put(sq, kernel::Piece{
                          (code & kLaneTheirs) ? kernel::opponent(c) : c,
                          (code & kLaneKing) ? kernel::PieceType::kKing : kernel::PieceType::kPawn,
                          static_cast<kernel::Orientation>(((code & kLaneLow) ? 1 : 0) |
                                                           ((code & kLaneHigh) ? 2 : 0))});
    }
    walk_beam(after, lane.from, lane.direction, lane.total, after.pieces(kernel::opponent(c)),
              [&](kernel::Square sq, int distance, kernel::LaserEnd) {
                dist[sq] = static_cast<std::uint16_t>(std::min<int>(dist[sq], distance));
                if (reached) *reached |= kernel::bit(sq);
                return true;
              });
  }
}

}  // namespace leiser::simd::scalar
