// Reproducible random boards, each with the colour whose laser is of
// interest, from a seed: what the SIMD tests and microbenchmarks feed every
// implementation. Header-only and used by no product code; it lives in the
// kernel because it needs nothing but the rules, so that tests/ and bench/
// can share it without either depending on the other.
//
//   game_samples     boards met in random games: from an edition's start
//                    position, uniformly random legal moves (Ko included)
//                    played with the kernel until the game ends or a ply
//                    limit; every board is taken once per colour whose King
//                    stands on it
//   synthetic_samples  boards no game reaches: both Kings and up to 40 Pawns
//                    on random squares with random orientations
//   maze_samples     beams of many segments: Pawns placed one by one where
//                    the beam goes, each turned to reflect it, then a few
//                    random Pawns elsewhere
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "kernel/board.h"
#include "kernel/edition.h"
#include "kernel/fen.h"
#include "kernel/movegen.h"
#include "kernel/position.h"

namespace leiser::kernel::random_boards {

struct Sample {
  kernel::Board board;
  kernel::Color shooter;
};

namespace detail {
template <kernel::Edition E>
void play_random_games(std::size_t count, std::mt19937_64& rng, int max_plies,
                       std::vector<Sample>& out) {
  while (out.size() < count) {
    kernel::Position pos = kernel::parse_fen(kernel::start_fen(E), E).value();
    kernel::Board before{};  // the board before the opponent's last move
    bool has_before = false;
    for (int ply = 0; ply < max_plies && out.size() < count; ++ply) {
      for (kernel::Color c : {kernel::Color::kTangerine, kernel::Color::kLavender})
        if (pos.board().has_king(c) && out.size() < count) out.push_back({pos.board(), c});
      if (pos.is_game_over()) break;
      kernel::MoveList moves;
      kernel::generate_legal_moves<E>(pos, has_before ? &before : nullptr, moves);
      if (moves.empty()) break;
      before = pos.board();
      has_before = true;
      pos.template make_move<E>(moves[static_cast<int>(rng() % moves.size())]);
    }
  }
}
}  // namespace detail

inline std::vector<Sample> game_samples(kernel::Edition edition, std::size_t count,
                                        std::uint64_t seed, int max_plies = 200) {
  std::mt19937_64 rng(seed);
  std::vector<Sample> out;
  out.reserve(count);
  if (edition == kernel::Edition::k2016)
    detail::play_random_games<kernel::Edition::k2016>(count, rng, max_plies, out);
  else
    detail::play_random_games<kernel::Edition::k2018>(count, rng, max_plies, out);
  return out;
}

inline std::vector<Sample> synthetic_samples(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Sample> out;
  out.reserve(count);
  while (out.size() < count) {
    kernel::Board board;
    auto free_square = [&] {
      for (;;) {
        const auto sq = static_cast<kernel::Square>(rng() % 64);
        if (!(board.occupied() & kernel::bit(sq))) return sq;
      }
    };
    for (kernel::Color c : {kernel::Color::kTangerine, kernel::Color::kLavender})
      board.put(free_square(),
                {c, kernel::PieceType::kKing, static_cast<kernel::Orientation>(rng() % 4)});
    const int pawns = static_cast<int>(rng() % 41);
    for (int i = 0; i < pawns; ++i)
      board.put(free_square(), {static_cast<kernel::Color>(rng() % 2), kernel::PieceType::kPawn,
                                static_cast<kernel::Orientation>(rng() % 4)});
    out.push_back({board, static_cast<kernel::Color>(rng() % 2)});
  }
  return out;
}

inline std::vector<Sample> maze_samples(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Sample> out;
  out.reserve(count);
  while (out.size() < count) {
    kernel::Board board;
    const auto shooter = static_cast<kernel::Color>(rng() % 2);
    auto at = static_cast<kernel::Square>(rng() % 64);
    int d = static_cast<int>(rng() % 4);
    board.put(at, {shooter, kernel::PieceType::kKing, static_cast<kernel::Orientation>(d)});
    kernel::Bitboard crossed = kernel::bit(at);  // squares the beam has entered
    const int mirrors = 1 + static_cast<int>(rng() % 16);
    for (int m = 0; m < mirrors; ++m) {
      // Empty squares ahead of the beam up to the first piece; a mirror may
      // go on any of them the beam has not crossed before.
      kernel::Square ahead[8];
      int n = 0;
      for (int sq = kernel::step(at, 2 * d);
           sq >= 0 && !(board.occupied() & kernel::bit(static_cast<kernel::Square>(sq)));
           sq = kernel::step(static_cast<kernel::Square>(sq), 2 * d))
        ahead[n++] = static_cast<kernel::Square>(sq);
      int candidates = 0;
      int choice[8];
      for (int i = 0; i < n; ++i)
        if (!(crossed & kernel::bit(ahead[i]))) choice[candidates++] = i;
      if (candidates == 0) break;
      const int pick = choice[rng() % candidates];
      for (int i = 0; i <= pick; ++i) crossed |= kernel::bit(ahead[i]);
      // Orientation d + 2 turns the beam to d + 1, d + 3 turns it to d - 1.
      const int turn = static_cast<int>(rng() % 2);
      board.put(ahead[pick], {static_cast<kernel::Color>(rng() % 2), kernel::PieceType::kPawn,
                              static_cast<kernel::Orientation>((d + 2 + turn) & 3)});
      at = ahead[pick];
      d = (d + (turn ? 3 : 1)) & 3;
    }
    const kernel::Bitboard path = crossed | kernel::kRays[d][at];
    auto free_square = [&](kernel::Bitboard avoid) {
      for (;;) {
        const auto sq = static_cast<kernel::Square>(rng() % 64);
        if (!((board.occupied() | avoid) & kernel::bit(sq))) return sq;
      }
    };
    const kernel::Color other = kernel::opponent(shooter);
    board.put(free_square(0),
              {other, kernel::PieceType::kKing, static_cast<kernel::Orientation>(rng() % 4)});
    const int extra = static_cast<int>(rng() % 8);
    for (int i = 0; i < extra && kernel::popcount(board.occupied() | path) < 60; ++i)
      board.put(free_square(path), {static_cast<kernel::Color>(rng() % 2), kernel::PieceType::kPawn,
                                    static_cast<kernel::Orientation>(rng() % 4)});
    out.push_back({board, shooter});
  }
  return out;
}

}  // namespace leiser::kernel::random_boards
