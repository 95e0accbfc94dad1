#include "kernel/position.h"

namespace leiser::kernel {

Position::Position(const Board& board, Color side_to_move, Edition edition)
    : board_(board),
      key_(compute_key(board, side_to_move)),
      opponent_beam_(trace_laser(board, opponent(side_to_move)).path),
      side_to_move_(side_to_move),
      edition_(edition) {}

void Position::make_move(Move m) {
  if (edition_ == Edition::k2016)
    make_move<Edition::k2016>(m);
  else
    make_move<Edition::k2018>(m);
}

void Position::pass_turn() {
  opponent_beam_ = trace_laser(board_, side_to_move_).path;
  side_to_move_ = opponent(side_to_move_);
  key_ ^= kZobrist.lavender_to_move;
  last_zapped_ = 0;
  ++plies_since_pawn_zap_;
}

}  // namespace leiser::kernel
