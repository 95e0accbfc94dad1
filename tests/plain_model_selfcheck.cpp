// Standalone check of the plain model against the shared perft vectors.
//   g++ -std=c++20 -O2 -o /tmp/selfcheck tests/plain_model.cpp tests/plain_model_selfcheck.cpp
//   /tmp/selfcheck [vectors-dir] [max-depth]      (defaults: /work/shared/vectors, 3)
// Prints every mismatch and exits non-zero if there was one.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "plain_model.h"

using leiser::plain::Edition;
using leiser::plain::Model;
using leiser::plain::Result;

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::printf("FAIL %s\n", what.c_str());
  }
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, '\t')) fields.push_back(field);
  return fields;
}

void check_perft_file(const std::string& path, Edition edition, int max_depth) {
  std::ifstream in(path);
  if (!in) {
    expect(false, "cannot open " + path);
    return;
  }
  std::string line;
  std::getline(in, line);  // header
  int rows = 0;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const std::vector<std::string> f = split_tabs(line);
    if (f.size() < 4) {
      expect(false, path + ": short row '" + line + "'");
      continue;
    }
    const int depth = std::stoi(f[1]);
    if (depth > max_depth) continue;
    std::string error;
    const std::optional<Model> model = Model::from_fen(f[0], edition, &error);
    if (!model) {
      expect(false, path + ": from_fen('" + f[0] + "') failed: " + error);
      continue;
    }
    expect(model->fen() == f[0], "fen round trip '" + f[0] + "' -> '" + model->fen() + "'");
    const std::uint64_t legal = model->perft(depth, false);
    const std::uint64_t pseudo = model->perft(depth, true);
    expect(legal == std::stoull(f[2]), path + ": " + f[0] + " depth " + f[1] + " legal " + std::to_string(legal) +
                                           " expected " + f[2]);
    expect(pseudo == std::stoull(f[3]), path + ": " + f[0] + " depth " + f[1] + " pseudo " +
                                            std::to_string(pseudo) + " expected " + f[3]);
    if (depth == 1) {
      expect(model->legal_moves().size() == legal, f[0] + ": legal_moves() size differs from perft 1");
      expect(model->pseudo_moves().size() == pseudo, f[0] + ": pseudo_moves() size differs from perft 1");
    }
    ++rows;
  }
  std::printf("%s: %d rows checked\n", path.c_str(), rows);
}

void check_fen_errors() {
  const char* bad[] = {
      "",
      "ss7/8/8/8/8/8/8/7NN",            // no side to move
      "ss7/8/8/8/8/8/8/7NN X",          // bad side to move
      "ss7/8/8/8/8/8/7NN W",            // 7 ranks
      "ss7/8/8/8/8/8/8/8/7NN W",        // 9 ranks
      "ss6/8/8/8/8/8/8/7NN W",          // rank of 7 files
      "ss8/8/8/8/8/8/8/7NN W",          // rank of 9 files
      "sx7/8/8/8/8/8/8/7NN W",          // unknown letter
      "Ss7/8/8/8/8/8/8/7NN W",          // mixed case
      "ns7/8/8/8/8/8/8/7NN W",          // not a piece
      "s7/8/8/8/8/8/8/7NN W",           // half a piece
      "ss7/8/8/8/8/8/8/8 W",            // no Tangerine King
      "ssss6/8/8/8/8/8/8/7NN W",        // two Lavender Kings
      "ss7/nwnwnwnwnwnwnwnw/8/8/8/8/8/7NN W",  // eight Pawns
      "ss7/8/8/8/8/8/8/7NN W extra",    // trailing token
      "ss7/8/8/8/8/8/8/7N0 W",          // bad character
  };
  for (const char* fen : bad) {
    std::string error;
    const bool rejected = !Model::from_fen(fen, Edition::k2018, &error).has_value();
    expect(rejected && !error.empty(), std::string("bad FEN accepted: '") + fen + "'");
  }
}

void check_game_rules() {
  std::string error;
  // 2016 start: 78 pseudo moves of which 13 leave the board unchanged.
  Model m16 = *Model::from_fen("ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W", Edition::k2016, &error);
  expect(m16.pseudo_moves().size() == 78 && m16.legal_moves().size() == 65, "2016 start move counts");
  expect(!m16.play("h0h0") && m16.play_pseudo("h0h0") == true, "2016 null move: pseudo only");
  expect(m16.fen() == "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN B", "null move keeps the board");

  // Ko, 2016: the King swaps with a Lavender Pawn; swapping straight back
  // would restore the board that stood before Tangerine's move.
  Model ko16 = *Model::from_fen("ss7/8/8/8/8/8/8/6swNN W", Edition::k2016, &error);
  expect(ko16.play("h0g0"), "2016 h0g0");
  const std::vector<std::string> ko16_legal = ko16.legal_moves();
  const std::vector<std::string> ko16_pseudo = ko16.pseudo_moves();
  expect(std::find(ko16_legal.begin(), ko16_legal.end(), "h0g0") == ko16_legal.end(), "2016 h0g0 back is Ko");
  expect(std::find(ko16_pseudo.begin(), ko16_pseudo.end(), "h0g0") != ko16_pseudo.end(), "2016 h0g0 back is pseudo");
  expect(!ko16.play("h0g0") && ko16.play_pseudo("h0g0"), "2016 Ko move: play_pseudo only");

  // Ko, 2018: a swap-move undone by the opponent's swap-move.
  Model ko18 = *Model::from_fen("ww7/8/8/8/2NWsw4/8/8/7EE W", Edition::k2018, &error);
  expect(ko18.play("c3d3c4"), "2018 c3d3c4");
  const std::vector<std::string> ko18_legal = ko18.legal_moves();
  expect(std::find(ko18_legal.begin(), ko18_legal.end(), "c3c4d3") == ko18_legal.end(), "2018 c3c4d3 is Ko");
  expect(std::find(ko18_legal.begin(), ko18_legal.end(), "c3c4b3") != ko18_legal.end(), "2018 c3c4b3 is legal");
  // From the FEN alone there is no history, so the same position has no Ko.
  Model ko18b = *Model::from_fen(ko18.fen(), Edition::k2018, &error);
  const std::vector<std::string> fresh = ko18b.legal_moves();
  expect(std::find(fresh.begin(), fresh.end(), "c3c4d3") != fresh.end(), "no Ko right after from_fen");

  // Repetition: two Kings rotating back and forth, three times the same board.
  Model kings = *Model::from_fen("ss7/8/8/8/8/8/8/7EE W", Edition::k2018, &error);
  const char* cycle[] = {"h0L", "a7L", "h0R", "a7R"};
  int played = 0;
  for (int i = 0; i < 8 && kings.result() == Result::kOngoing; ++i) {
    expect(kings.play_pseudo(cycle[i % 4]), std::string("repetition cycle move ") + cycle[i % 4]);
    ++played;
  }
  expect(kings.result() == Result::kDrawRepetition && played == 8, "repetition after 8 plies");
  expect(kings.legal_moves().empty() && kings.pseudo_moves().empty(), "no moves after a draw");

  // A King zap ends the game: h0 facing west along rank 0 zaps a0's King.
  Model zap = *Model::from_fen("8/8/8/8/8/8/8/ss6NN W", Edition::k2018, &error);
  expect(zap.play("h0L"), "h0L zaps");
  expect(zap.result() == Result::kTangerineWins, "Tangerine wins by zapping");
  expect(zap.last_zapped() == std::vector<int>{0}, "last_zapped is a0");
  expect(zap.perft(2, false) == 0, "no moves after the game ends");
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "/work/shared/vectors";
  const int max_depth = argc > 2 ? std::atoi(argv[2]) : 3;
  const auto start = std::chrono::steady_clock::now();
  check_fen_errors();
  check_game_rules();
  check_perft_file(dir + "/perft-2016.tsv", Edition::k2016, max_depth);
  check_perft_file(dir + "/perft-2018.tsv", Edition::k2018, max_depth);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %d failures, %.1f s\n", failures == 0 ? "OK" : "FAILED", failures, seconds);
  return failures == 0 ? 0 : 1;
}
