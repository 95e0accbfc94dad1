// Zap threats: this game's "check". The side to move is threatened when the
// opponent, were it to move now, has a move whose laser zaps our King. A
// threatened side cannot stand pat: doing nothing loses the game.
#pragma once

#include "kernel/laser.h"
#include "kernel/movegen.h"
#include "kernel/position.h"

namespace leiser::search {

// Whether the opponent of the side to move has a pseudo-legal move that zaps
// the side to move's King (Ko is not checked: a threat barred by Ko for one
// move is still a threat). Only moves that touch the opponent's beam can
// change where it goes, so only those are tried, as quiescence does; the beam
// is traced on the moved board, and in 2016, where the King fires again after
// each zap, a move whose first zap is a Pawn is made in full to see the rest.
template <kernel::Edition E>
bool king_under_threat(const kernel::Position& pos) {
  using kernel::LaserEnd;
  if (pos.is_game_over()) return false;
  kernel::Position theirs = pos;
  theirs.pass_turn();  // the opponent to move; in 2016 our beam pins its Pawns
  const kernel::Color them = theirs.side_to_move();
  const kernel::Board& board = theirs.board();
  const kernel::Bitboard our_king = board.king(pos.side_to_move());
  const kernel::LaserTrace beam = kernel::trace_laser(board, them);
  // A beam that reaches our King already (2018: behind the piece it last
  // zapped) needs only a move that leaves it alone.
  if (beam.end == LaserEnd::kZapsKing && (our_king & kernel::bit(beam.target))) return true;
  kernel::MoveList moves;
  kernel::generate_moves_touching<E>(theirs, beam.path, moves);
  for (kernel::Move m : moves) {
    kernel::Board moved = board;
    kernel::apply_move(moved, m);
    const kernel::LaserTrace after = kernel::trace_laser(moved, them);
    if (after.end == LaserEnd::kOffBoard) continue;
    if (after.end == LaserEnd::kZapsKing) {
      if (moved.king(pos.side_to_move()) & kernel::bit(after.target)) return true;
      continue;
    }
    if constexpr (E == kernel::Edition::k2016) {
      kernel::Position child = theirs;
      child.make_move_traced<E>(m, moved, after);
      if (child.is_game_over() && !child.board().has_king(pos.side_to_move())) return true;
    }
  }
  return false;
}

}  // namespace leiser::search
