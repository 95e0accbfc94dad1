#include "cli/arena_openings.h"

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <unordered_set>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "search/evaluate.h"

namespace leiser::cli::arena {

namespace {

bool king_zap_available(const kernel::Game& game) {
  const kernel::Position& pos = game.position();
  const auto winning = pos.side_to_move() == kernel::Color::kTangerine
                           ? kernel::GameStatus::kTangerineWins
                           : kernel::GameStatus::kLavenderWins;
  for (const kernel::Move m : game.legal_moves()) {
    kernel::Position child = pos;
    child.make_move(m);
    if (child.status() == winning) return true;
  }
  return false;
}

}  // namespace

kernel::Expected<std::vector<Opening>> read_openings(std::istream& in, kernel::Edition edition,
                                                     bool use_ko) {
  std::vector<Opening> book;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::istringstream words(line);
    Opening opening;
    for (std::string w; words >> w;) opening.push_back(w);
    if (opening.empty() || opening.front().front() == '#') continue;
    kernel::Game game = kernel::Game::start(edition);
    game.set_use_ko(use_ko);
    const std::string where = "line " + std::to_string(number) + ": ";
    if (auto played = game.play_all(opening); !played) return kernel::Error{where + played.error()};
    if (game.is_over())
      return kernel::Error{where + "the opening ends the game (" +
                           std::string(kernel::result_reason(game.result())) + ")"};
    for (std::size_t i = 0; i < opening.size(); ++i)
      opening[i] = kernel::move_to_string(game.moves()[i]);
    book.push_back(std::move(opening));
  }
  if (book.empty()) return kernel::Error{"no openings"};
  return book;
}

kernel::Expected<std::vector<Opening>> load_openings(const std::string& path,
                                                     kernel::Edition edition, bool use_ko) {
  std::ifstream in(path);
  if (!in) return kernel::Error{"cannot read '" + path + "'"};
  auto book = read_openings(in, edition, use_ko);
  if (!book) return kernel::Error{path + ": " + book.error()};
  return book;
}

std::string format_opening(const Opening& opening) {
  std::string text;
  for (const std::string& m : opening) text += (text.empty() ? "" : " ") + m;
  return text;
}

kernel::Expected<std::vector<Opening>> generate_openings(const OpeningGeneratorConfig& config) {
  if (config.plies < 0 || config.count < 0) return kernel::Error{"plies and count must be >= 0"};
  std::mt19937_64 rng(config.seed);
  const search::EvalParams params{};
  std::vector<Opening> openings;
  std::unordered_set<std::string> seen;  // final positions, as FEN
  // Enough tries for any sane filter; a filter that passes almost nothing
  // (max-eval 0, say) ends with an error rather than spinning forever.
  const long long max_attempts = 10000LL + 2000LL * config.count;
  for (long long attempt = 0;
       attempt < max_attempts && static_cast<int>(openings.size()) < config.count; ++attempt) {
    kernel::Game game = kernel::Game::start(config.edition);
    Opening opening;
    for (int ply = 0; ply < config.plies && !game.is_over(); ++ply) {
      const kernel::MoveList moves = game.legal_moves();
      if (moves.empty()) break;
      // rng() % n rather than std::uniform_int_distribution, whose algorithm
      // differs between standard libraries: a seed means the same book
      // everywhere. The modulo bias is below 1e-17.
      const kernel::Move m = moves[static_cast<int>(rng() % static_cast<std::uint64_t>(moves.size()))];
      opening.push_back(kernel::move_to_string(m));
      game.play(m);
    }
    if (game.is_over() || static_cast<int>(opening.size()) != config.plies) continue;
    if (king_zap_available(game)) continue;
    if (std::abs(search::evaluate(game.position(), params)) > config.max_eval_cp) continue;
    if (!seen.insert(kernel::to_fen(game.position())).second) continue;
    openings.push_back(std::move(opening));
  }
  if (static_cast<int>(openings.size()) < config.count)
    return kernel::Error{"found only " + std::to_string(openings.size()) + " of " +
                         std::to_string(config.count) + " openings in " +
                         std::to_string(max_attempts) + " tries; raise --max-eval or lower --plies"};
  return openings;
}

}  // namespace leiser::cli::arena
