// Random games for the NNUE tests: from an edition's start position,
// uniformly random legal moves (Ko included) until the game ends or a ply
// limit, every board kept with its side to move and the move that led to it.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "kernel/board.h"
#include "kernel/edition.h"
#include "kernel/fen.h"
#include "kernel/movegen.h"
#include "kernel/position.h"

namespace leiser::nnue::testing {

struct Ply {
  kernel::Board board;            // after the move
  kernel::Color side_to_move;     // after the move
  kernel::Move move;              // the move played (Move::none() for the start)
  kernel::Bitboard touched = 0;   // squares the move changed before its laser fired
  kernel::Bitboard zapped = 0;    // squares its laser zapped
  bool moved_onto_piece = false;  // a swap (2018) or a 2016 shift onto a piece
};
using GameWalk = std::vector<Ply>;

inline std::vector<GameWalk> random_games(kernel::Edition edition, int games, std::uint64_t seed,
                                          int max_plies = 200) {
  std::mt19937_64 rng(seed);
  std::vector<GameWalk> out;
  for (int g = 0; g < games; ++g) {
    kernel::Position pos = kernel::parse_fen(kernel::start_fen(edition), edition).value();
    GameWalk walk{{pos.board(), pos.side_to_move(), kernel::Move::none()}};
    kernel::Board before{};
    bool has_before = false;
    for (int ply = 0; ply < max_plies && !pos.is_game_over(); ++ply) {
      kernel::MoveList moves;
      kernel::generate_legal_moves(pos, has_before ? &before : nullptr, moves);
      if (moves.empty()) break;
      const kernel::Move m =
          moves[static_cast<int>(rng() % static_cast<std::uint64_t>(moves.size()))];
      const kernel::Square dest = m.destination();
      const bool onto_piece = m.kind() != kernel::MoveKind::kRotate && dest != m.from() &&
                              (pos.board().occupied() & kernel::bit(dest)) != 0;
      before = pos.board();
      has_before = true;
      pos.make_move(m);
      walk.push_back({pos.board(), pos.side_to_move(), m, kernel::squares_touched(m),
                      pos.last_zapped(),
                      onto_piece || m.kind() == kernel::MoveKind::kSwapShift ||
                          m.kind() == kernel::MoveKind::kSwapRotate});
    }
    out.push_back(std::move(walk));
  }
  return out;
}

}  // namespace leiser::nnue::testing
