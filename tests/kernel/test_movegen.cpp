// generate_moves_touching against its definition: the full pseudo move list
// filtered by squares_touched(m) & path, in the same order, over random game
// positions of both editions and several kinds of path. Both generators
// (generate_pseudo_moves, generate_moves_touching) are also checked against
// their plain forms (the per-piece loop of detail::generate_piece_moves and
// generate_moves_touching_plain), which is what exercises the vector 2016
// generators of an AVX2 build.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/laser.h"
#include "kernel/movegen.h"
#include "kernel/notation.h"
#include "tests/support/vectors.h"

namespace leiser::kernel {
namespace {

std::vector<Move> filtered(const MoveList& all, Bitboard path) {
  std::vector<Move> kept;
  for (Move m : all)
    if (squares_touched(m) & path) kept.push_back(m);
  return kept;
}

template <Edition E>
std::vector<Move> touching_list(const Position& pos, Bitboard path) {
  MoveList list;
  generate_moves_touching<E>(pos, path, list);
  return {list.begin(), list.end()};
}

// The pseudo moves as the plain per-piece generator lists them.
template <Edition E>
std::vector<Move> plain_pseudo_list(const Position& pos) {
  MoveList list;
  if (!pos.is_game_over())
    for (Bitboard pieces = movable_pieces(pos); pieces;)
      detail::generate_piece_moves<E, false>(pos, pop_lowest(pieces), 0, list);
  return {list.begin(), list.end()};
}

template <Edition E>
std::vector<Move> plain_touching_list(const Position& pos, Bitboard path) {
  MoveList list;
  generate_moves_touching_plain<E>(pos, path, list);
  return {list.begin(), list.end()};
}

std::string describe(const std::vector<Move>& moves) {
  std::string text;
  for (Move m : moves) text += move_to_string(m) + " ";
  return text;
}

template <Edition E>
void check_edition(const char* vector_file) {
  std::vector<std::string> starts = {std::string(start_fen(E))};
  for (const auto& v : testing::read_perft_vectors(vector_file)) starts.push_back(v.fen);
  std::mt19937_64 rng(E == Edition::k2016 ? 61 : 81);
  long positions = 0, nonempty = 0, partial = 0;
  for (int g = 0; g < 200; ++g) {
    auto parsed = Game::from_fen(starts[static_cast<std::size_t>(g) % starts.size()], E);
    ASSERT_TRUE(parsed.has_value()) << parsed.error();
    Game* game = &parsed.value();
    for (int ply = 0; ply < 120 && !game->is_over(); ++ply) {
      const Position& pos = game->position();
      const Color us = pos.side_to_move();
      const Bitboard paths[] = {
          trace_laser(pos.board(), us).path,
          trace_laser(pos.board(), opponent(us)).path,
          pos.board().occupied(),
          rng() & rng(),  // about a quarter of the squares
          ~Bitboard{0},
          0,
      };
      MoveList all;
      generate_pseudo_moves(pos, all);
      ASSERT_EQ(std::vector<Move>(all.begin(), all.end()), plain_pseudo_list<E>(pos))
          << to_fen(pos);
      for (Bitboard path : paths) {
        const std::vector<Move> expected = filtered(all, path);
        const std::vector<Move> actual = touching_list<E>(pos, path);
        ASSERT_EQ(actual, plain_touching_list<E>(pos, path)) << to_fen(pos) << " path " << path;
        ASSERT_EQ(actual, expected) << to_fen(pos) << " path " << path << "\n got      "
                                    << describe(actual) << "\n expected " << describe(expected);
        nonempty += !expected.empty();
        partial += !expected.empty() && expected.size() < static_cast<std::size_t>(all.size());
      }
      ++positions;
      const MoveList moves = game->legal_moves();
      ASSERT_TRUE(game->play(moves[static_cast<int>(rng() % moves.size())]).has_value());
    }
  }
  // The walk must reach positions where the filter keeps some moves but not all.
  EXPECT_GT(positions, 10000);
  EXPECT_GT(partial, positions);
  EXPECT_GT(nonempty, 2 * positions);
}

TEST(MovesTouching, EqualsTheFilteredFullList2016) {
  check_edition<Edition::k2016>("perft-2016.tsv");
}
TEST(MovesTouching, EqualsTheFilteredFullList2018) {
  check_edition<Edition::k2018>("perft-2018.tsv");
}

}  // namespace
}  // namespace leiser::kernel
