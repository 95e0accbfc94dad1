// LCOVERAGE's batched beams, scalar: the reference. Each lane's board is
// built from the shared board and the lane's delta, then walked square by
// square, reading pieces with piece_at (as eval::lcoverage_trace_distances).
#include <algorithm>

#include "kernel/laser.h"
#include "simd/kernels.h"

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
        after.put(sq, kernel::Piece{(code & kLaneTheirs) ? kernel::opponent(c) : c,
                                    (code & kLaneKing) ? kernel::PieceType::kKing
                                                       : kernel::PieceType::kPawn,
                                    static_cast<kernel::Orientation>(
                                        ((code & kLaneLow) ? 1 : 0) | ((code & kLaneHigh) ? 2 : 0))});
    }
    int direction = lane.direction;
    int at = lane.from;
    int total = lane.total;
    for (;;) {
      const int next = kernel::step(static_cast<kernel::Square>(at), 2 * direction);
      if (next < 0) break;
      at = next;
      int cost = 1;
      bool stops = false;
      if (const auto piece = after.piece_at(static_cast<kernel::Square>(at))) {
        if (piece->type == kernel::PieceType::kKing) {
          stops = true;
        } else {
          const int out = kernel::kReflection[direction][piece->orientation];
          if (out == kernel::kBeamZap) {
            stops = true;
          } else {
            if (piece->color == kernel::opponent(c)) cost = 2;
            direction = out;
          }
        }
      }
      total += cost;
      dist[at] = static_cast<std::uint16_t>(std::min<int>(dist[at], total));
      *reached |= kernel::bit(static_cast<kernel::Square>(at));
      if (stops) break;
    }
  }
}

}  // namespace leiser::simd::scalar
