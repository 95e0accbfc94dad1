#include "arena/openings.h"

#include <cstdlib>
#include <random>
#include <sstream>
#include <unordered_set>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "kernel/quote.h"
#include "kernel/read_file.h"
#include "search/evaluate.h"

namespace leiser::arena {

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

// The EPD operations after a FEN: "opcode operand ...;" repeated. Returns
// the `id` operand (quotes removed), or an error for an unclosed quote or an
// operation left unterminated (unless `last_may_be_open`: the tactics
// suites' form separates operations by ';' and ends the line without one).
kernel::Expected<std::string> epd_id(const std::string& operations, bool last_may_be_open) {
  std::string id;
  std::size_t i = 0;
  while (i < operations.size()) {
    while (i < operations.size() &&
           (operations[i] == ' ' || operations[i] == '\t' || operations[i] == ';'))
      ++i;
    if (i >= operations.size()) break;
    // One operation: up to the next ';' outside quotes.
    std::string op;
    bool quoted = false;
    for (; i < operations.size() && (quoted || operations[i] != ';'); ++i) {
      if (operations[i] == '"') quoted = !quoted;
      op += operations[i];
    }
    if (quoted) return kernel::Error{"unclosed quote in EPD operation " + kernel::quote(op)};
    if (i >= operations.size() && !last_may_be_open)
      return kernel::Error{"EPD operation " + kernel::quote(op) + " does not end with ';'"};
    std::istringstream words(op);
    std::string opcode;
    words >> opcode;
    if (opcode != "id") continue;
    std::string operand;
    std::getline(words >> std::ws, operand);
    if (operand.size() >= 2 && operand.front() == '"' && operand.back() == '"')
      operand = operand.substr(1, operand.size() - 2);
    id = operand;
  }
  return id;
}

// A FEN or EPD line: the first two words are the position (a ';' may follow
// the side directly, as in the tactics suites), the rest EPD operations.
kernel::Expected<Opening> parse_position_line(const std::string& line) {
  std::istringstream words(line);
  std::string board, side;
  words >> board >> side;
  std::string operations;
  std::getline(words, operations);
  const bool tactics_form = !side.empty() && side.back() == ';';
  if (tactics_form) side.pop_back();
  if (side.empty()) return kernel::Error{"a FEN needs the side to move after the board"};
  auto id = epd_id(operations, tactics_form);
  if (!id) return kernel::Error{id.error()};
  return Opening{board + " " + side, {}, *id};
}

}  // namespace

kernel::Expected<std::vector<Opening>> read_openings(std::istream& in, kernel::Edition edition,
                                                     bool use_ko) {
  std::vector<Opening> book;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first.front() == '#') continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    Opening opening;
    if (first.find('/') != std::string::npos) {
      auto parsed = parse_position_line(line);
      if (!parsed) return kernel::Error{where + parsed.error()};
      opening = *parsed;
    } else {
      opening.moves.push_back(first);
      for (std::string w; words >> w;) opening.moves.push_back(w);
    }
    auto game = opening.fen.empty() ? kernel::Expected<kernel::Game>(kernel::Game::start(edition))
                                    : kernel::Game::from_fen(opening.fen, edition);
    if (!game) return kernel::Error{where + game.error()};
    game.value().set_use_ko(use_ko);
    if (auto played = game.value().play_all(opening.moves); !played)
      return kernel::Error{where + played.error()};
    if (game->is_over())
      return kernel::Error{where + "the opening ends the game (" +
                           std::string(kernel::result_reason(game->result())) + ")"};
    if (game->legal_moves().empty())
      return kernel::Error{where + "the side to move has no legal move"};
    // The kernel's spelling, which every engine reads.
    if (!opening.fen.empty()) opening.fen = kernel::to_fen(game->start_position());
    for (std::size_t i = 0; i < opening.moves.size(); ++i)
      opening.moves[i] = kernel::move_to_string(game->moves()[i]);
    book.push_back(std::move(opening));
  }
  if (book.empty()) return kernel::Error{"no openings"};
  return book;
}

kernel::Expected<std::vector<Opening>> load_openings(const std::string& path,
                                                     kernel::Edition edition, bool use_ko) {
  const kernel::Expected<std::string> text = kernel::read_file(path, kernel::kMaxTextFileBytes);
  if (!text) return kernel::Error{text.error()};
  std::istringstream in(*text);
  auto book = read_openings(in, edition, use_ko);
  if (!book) return kernel::Error{path + ": " + book.error()};
  return book;
}

std::string format_opening(const Opening& opening) {
  std::string text = opening.fen;
  for (const std::string& m : opening.moves) text += (text.empty() ? "" : " ") + m;
  if (!opening.id.empty()) text += " id \"" + opening.id + "\";";
  return text;
}

void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  // rng() % n rather than std::uniform_int_distribution or std::shuffle,
  // whose algorithms differ between standard libraries.
  for (std::size_t i = openings.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(rng() % i);
    std::swap(openings[i - 1], openings[j]);
  }
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
      const kernel::Move m =
          moves[static_cast<int>(rng() % static_cast<std::uint64_t>(moves.size()))];
      opening.moves.push_back(kernel::move_to_string(m));
      game.play(m);
    }
    if (game.is_over() || static_cast<int>(opening.moves.size()) != config.plies) continue;
    if (king_zap_available(game)) continue;
    if (std::abs(search::evaluate(game.position(), params)) > config.max_eval_cp) continue;
    if (!seen.insert(kernel::to_fen(game.position())).second) continue;
    openings.push_back(std::move(opening));
  }
  if (static_cast<int>(openings.size()) < config.count)
    return kernel::Error{"found only " + std::to_string(openings.size()) + " of " +
                         std::to_string(config.count) + " openings in " +
                         std::to_string(max_attempts) +
                         " tries; raise --max-eval or lower --plies"};
  return openings;
}

}  // namespace leiser::arena
