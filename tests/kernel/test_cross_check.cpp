// Randomised cross-check of the bitboard kernel against the plain mailbox
// model (tests/support/plain_model.*), which shares no code with it. Thousands of
// random games per edition; at every position the two must agree on the
// legal and pseudo move sets, the laser's victims, the FEN, the game result
// and the 50-move counter, and the kernel's incremental Zobrist key must equal
// the key recomputed from scratch.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/movegen.h"
#include "kernel/notation.h"
#include "kernel/perft.h"
#include "tests/support/plain_model.h"
#include "tests/support/vectors.h"

namespace leiser::kernel {
namespace {

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : fallback;
}

plain::Edition to_plain(Edition e) {
  return e == Edition::k2016 ? plain::Edition::k2016 : plain::Edition::k2018;
}

plain::Result to_plain(GameResult r) {
  switch (r) {
    case GameResult::kOngoing:
      return plain::Result::kOngoing;
    case GameResult::kTangerineWins:
      return plain::Result::kTangerineWins;
    case GameResult::kLavenderWins:
      return plain::Result::kLavenderWins;
    case GameResult::kDrawFiftyMoves:
      return plain::Result::kDrawFiftyMoves;
    case GameResult::kDrawRepetition:
      return plain::Result::kDrawRepetition;
  }
  return plain::Result::kOngoing;
}

std::vector<std::string> sorted_names(const MoveList& moves) {
  std::vector<std::string> names;
  for (Move m : moves) names.push_back(move_to_string(m));
  std::sort(names.begin(), names.end());
  return names;
}

struct Tally {
  long positions = 0;
  long zaps = 0;
  long king_zaps = 0;
  long multi_zaps = 0;
  long ko_positions = 0;  // positions where Ko removed at least one move
  long perfts = 0;
};

// Compares one position; returns false (after reporting) on the first mismatch.
bool same_position(const Game& game, const plain::Model& model, Tally& tally, bool check_perft) {
  const Position& pos = game.position();
  const std::string where =
      " at FEN " + model.fen() + " after " + std::to_string(game.moves().size()) + " plies";
  EXPECT_EQ(to_plain(game.result()), model.result()) << where;
  EXPECT_EQ(pos.plies_since_pawn_zap(), model.plies_since_pawn_zap()) << where;
  EXPECT_EQ(pos.key(), compute_key(pos.board(), pos.side_to_move())) << where;
  std::set<int> kernel_zaps;
  for (Bitboard z = pos.last_zapped(); z;) kernel_zaps.insert(pop_lowest(z));
  const auto model_zap_list = model.last_zapped();
  EXPECT_EQ(kernel_zaps, std::set<int>(model_zap_list.begin(), model_zap_list.end())) << where;
  tally.zaps += !kernel_zaps.empty();
  tally.multi_zaps += kernel_zaps.size() > 1;
  if (pos.is_game_over()) {
    ++tally.king_zaps;
    return !::testing::Test::HasFailure();
  }
  const std::string fen = to_fen(pos);
  EXPECT_EQ(fen, model.fen()) << where;
  const auto reparsed = parse_fen(fen, pos.edition());
  EXPECT_TRUE(reparsed.has_value() && reparsed->board() == pos.board() &&
              reparsed->key() == pos.key())
      << where;
  if (!game.is_over()) {
    const auto legal = sorted_names(game.legal_moves());
    EXPECT_EQ(legal, model.legal_moves()) << where;
    MoveList pseudo;
    generate_pseudo_moves(pos, pseudo);
    EXPECT_EQ(sorted_names(pseudo), model.pseudo_moves()) << where;
    MoveList no_ko;
    generate_legal_moves(pos, nullptr, no_ko);
    tally.ko_positions += no_ko.size() != static_cast<int>(legal.size());
    const PerftMode modes[] = {PerftMode::kLegal, PerftMode::kPseudo};
    for (PerftMode mode : modes) {
      EXPECT_EQ(perft(pos, game.ko_board(), {1, mode, 1}),
                mode == PerftMode::kLegal ? legal.size() : model.pseudo_moves().size())
          << where;
    }
    if (check_perft) {
      ++tally.perfts;
      EXPECT_EQ(perft(pos, game.ko_board(), {2, PerftMode::kLegal, 1}), model.perft(2, false))
          << where;
    }
  }
  ++tally.positions;
  return !::testing::Test::HasFailure();
}

void cross_check(Edition edition, const char* vector_file) {
  const int games = env_int("LEISER_CROSS_CHECK_GAMES", 2000);
  const int max_plies = 240;
  std::vector<std::string> starts = {std::string(start_fen(edition))};
  for (const auto& v : testing::read_perft_vectors(vector_file))
    if (std::find(starts.begin(), starts.end(), v.fen) == starts.end()) starts.push_back(v.fen);

  std::mt19937_64 rng(edition == Edition::k2016 ? 2016 : 2018);
  Tally tally;
  for (int g = 0; g < games; ++g) {
    const std::string& fen = starts[g % starts.size()];
    auto game = Game::from_fen(fen, edition);
    ASSERT_TRUE(game.has_value()) << game.error();
    std::string error;
    auto model = plain::Model::from_fen(fen, to_plain(edition), &error);
    ASSERT_TRUE(model.has_value()) << error;
    Game& kg = game.value();
    for (int ply = 0; ply <= max_plies; ++ply) {
      if (std::getenv("LEISER_CROSS_CHECK_TRACE"))
        std::fprintf(stderr, "game %d ply %d %s\n", g, ply, model->fen().c_str());
      if (!same_position(kg, *model, tally, (tally.positions % 37) == 0)) return;
      if (kg.is_over()) break;
      const MoveList moves = kg.legal_moves();
      const Move m = moves[static_cast<int>(rng() % moves.size())];
      const std::string text = move_to_string(m);
      ASSERT_TRUE(kg.play(m).has_value());
      ASSERT_TRUE(model->play(text)) << "model refused " << text << " at " << model->fen();
    }
  }
  std::printf(
      "%s: %d games, %ld positions, %ld with zaps (%ld multi), %ld King zaps, %ld Ko, %ld perfts\n",
      std::string(edition_name(edition)).c_str(), games, tally.positions, tally.zaps,
      tally.multi_zaps, tally.king_zaps, tally.ko_positions, tally.perfts);
  // The random games must actually reach the rules being checked.
  EXPECT_GT(tally.zaps, 0);
  EXPECT_GT(tally.king_zaps, 0);
  EXPECT_GT(tally.ko_positions, 0);
  if (edition == Edition::k2016 && games >= 100) {
    EXPECT_GT(tally.multi_zaps, 0);
  }
}

TEST(CrossCheck, Edition2016) { cross_check(Edition::k2016, "perft-2016.tsv"); }
TEST(CrossCheck, Edition2018) { cross_check(Edition::k2018, "perft-2018.tsv"); }

}  // namespace
}  // namespace leiser::kernel
