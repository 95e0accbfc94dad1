#include "cli/uci.h"

#include <algorithm>
#include <cctype>
#include <istream>
#include <mutex>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/parse_integer.h"
#include "cli/version.h"
#include "kernel/fen.h"
#include "kernel/notation.h"
#include "kernel/perft.h"
#include "search/engine.h"
#include "search/evaluate.h"
#include "simd/dispatch.h"

namespace leiser::cli {
namespace {

using kernel::Game;
using search::Engine;

constexpr const char* kHelp =
    "commands: uci | isready | setoption name <id> [value <x>] | ucinewgame |\n"
    "  position startpos|endgame|fen <FEN> [moves m1 m2 ...] | move <m> |\n"
    "  go [depth N] [nodes N] [time T] [inc I] [wtime T] [btime T] [winc I] [binc I]\n"
    "     [movetime T] [infinite] | stop | perft [N] | eval [<move>] | display | help | quit";

std::vector<std::string> split(const std::string& line) {
  std::istringstream stream(line);
  std::vector<std::string> tokens;
  std::string token;
  while (stream >> token) tokens.push_back(token);
  return tokens;
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string_view option_type_name(search::OptionType t) {
  switch (t) {
    case search::OptionType::kSpin: return "spin";
    case search::OptionType::kCheck: return "check";
    case search::OptionType::kCombo: return "combo";
    case search::OptionType::kString: return "string";
    case search::OptionType::kButton: return "button";
  }
  return "string";
}

class Protocol {
 public:
  explicit Protocol(std::ostream& out) : out_(out) {}
  ~Protocol() {
    engine_.stop();
    engine_.wait();
  }

  // Returns false on quit.
  bool handle(const std::string& line);

 private:
  void say(const std::string& text) {
    std::lock_guard lock(output_mutex_);
    out_ << text << '\n' << std::flush;
  }
  void error(const std::string& text) { say("info string error: " + text); }
  // Lets a running search finish (its bestmove is printed) before a command
  // that changes state; Engine::wait stops an infinite one, which never would.
  void finish_search() { engine_.wait(); }
  void stop_search() {
    engine_.stop();
    engine_.wait();
  }

  void cmd_uci();
  void cmd_setoption(const std::vector<std::string>& t);
  void cmd_position(const std::vector<std::string>& t);
  void cmd_move(const std::vector<std::string>& t);
  void cmd_go(const std::vector<std::string>& t);
  void cmd_perft(const std::vector<std::string>& t);
  void cmd_eval(const std::vector<std::string>& t);
  void cmd_display();

  std::ostream& out_;
  std::mutex output_mutex_;
  Engine engine_;
};

bool Protocol::handle(const std::string& line) {
  const auto tokens = split(line);
  if (tokens.empty()) return true;
  const std::string command = lower(tokens[0]);
  if (command == "quit") {
    stop_search();
    return false;
  }
  if (command == "isready") {
    say("readyok");
  } else if (command == "stop") {
    stop_search();
  } else if (command == "uci") {
    cmd_uci();
  } else if (command == "setoption") {
    finish_search();
    cmd_setoption(tokens);
  } else if (command == "ucinewgame") {
    finish_search();
    engine_.new_game();
  } else if (command == "position") {
    finish_search();
    cmd_position(tokens);
  } else if (command == "move") {
    finish_search();
    cmd_move(tokens);
  } else if (command == "go") {
    finish_search();
    cmd_go(tokens);
  } else if (command == "perft") {
    finish_search();
    cmd_perft(tokens);
  } else if (command == "eval") {
    finish_search();
    cmd_eval(tokens);
  } else if (command == "display" || command == "d") {
    cmd_display();
  } else if (command == "help") {
    say(kHelp);
  } else {
    error("unknown command '" + tokens[0] + "' (try 'help')");
  }
  return true;
}

void Protocol::cmd_uci() {
  say("id name " + version_string());
  say("id author the leiserchess team");
  for (const auto& o : engine_.options()) {
    std::string line = "option name " + o.name + " type " + std::string(option_type_name(o.type)) +
                       " default " + o.default_value;
    if (o.type == search::OptionType::kSpin)
      line += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
    for (const auto& c : o.choices) line += " var " + c;
    say(line);
  }
  // The SIMD implementation is a property of the process, not of the engine.
  std::string simd_line = "option name simd type combo default " + std::string(simd::active().name);
  for (const simd::Implementation* impl : simd::supported()) simd_line += " var " + std::string(impl->name);
  say(simd_line);
  say("uciok");
}

void Protocol::cmd_setoption(const std::vector<std::string>& t) {
  // setoption name <id...> [value <x...>]
  if (t.size() < 3 || lower(t[1]) != "name") {
    error("usage: setoption name <id> [value <x>]");
    return;
  }
  std::string name;
  std::string value;
  std::size_t i = 2;
  for (; i < t.size() && lower(t[i]) != "value"; ++i) name += (name.empty() ? "" : " ") + t[i];
  for (++i; i < t.size(); ++i) value += (value.empty() ? "" : " ") + t[i];
  if (lower(name) == "simd") {
    if (const std::string problem = simd::select(value); !problem.empty()) error(problem);
    return;
  }
  if (const auto problem = engine_.set_option(name, value)) error(*problem);
}

void Protocol::cmd_position(const std::vector<std::string>& t) {
  if (t.size() < 2) {
    error("usage: position startpos|endgame|fen <FEN> [moves m1 m2 ...]");
    return;
  }
  const kernel::Edition edition = engine_.edition();
  std::size_t i = 2;
  std::optional<Game> game;
  const std::string kind = lower(t[1]);
  if (kind == "startpos") {
    game = Game::start(edition);
  } else if (kind == "endgame") {
    game = Game::from_fen(kernel::kEndgameFen, edition).value();
  } else if (kind == "fen") {
    std::string fen;
    for (; i < t.size() && lower(t[i]) != "moves"; ++i) fen += (fen.empty() ? "" : " ") + t[i];
    auto parsed = Game::from_fen(fen, edition);
    if (!parsed) {
      error(parsed.error());
      return;
    }
    game = *parsed;
  } else {
    error("position expects startpos, endgame or fen, got '" + t[1] + "'");
    return;
  }
  if (i < t.size()) {
    if (lower(t[i]) != "moves") {
      error("unexpected '" + t[i] + "' in position (expected 'moves')");
      return;
    }
    game->set_use_ko(engine_.game().use_ko());
    for (++i; i < t.size(); ++i) {
      if (auto played = game->play(t[i]); !played) {
        // The position is not changed by a command with a bad move.
        error(played.error() + " (position unchanged)");
        return;
      }
    }
  }
  engine_.set_game(*game);
}

void Protocol::cmd_move(const std::vector<std::string>& t) {
  if (t.size() != 2) {
    error("usage: move <m>");
    return;
  }
  Game game = engine_.game();
  if (auto played = game.play(t[1]); !played) {
    error(played.error());
    return;
  }
  engine_.set_game(game);
  if (game.is_over())
    say("info string game over " + std::string(kernel::result_score(game.result())) + " (" +
        std::string(kernel::result_reason(game.result())) + ")");
}

void Protocol::cmd_go(const std::vector<std::string>& t) {
  search::SearchLimits limits;
  const bool tangerine = engine_.game().position().side_to_move() == kernel::Color::kTangerine;
  for (std::size_t i = 1; i < t.size(); ++i) {
    const std::string key = lower(t[i]);
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (i + 1 >= t.size()) {
      error("go " + key + " expects a number");
      return;
    }
    const std::string& value = t[++i];
    const auto number = parse_integer(value, 0, 1'000'000'000'000LL);
    if (!number) {
      error("go " + key + " expects a non-negative number, got '" + value + "'");
      return;
    }
    const int as_int = static_cast<int>(std::min<long long>(*number, 2'000'000'000));
    if (key == "depth") limits.depth = std::max(1, as_int);
    else if (key == "nodes") {
      if (*number == 0) {
        error("go nodes expects a positive number");
        return;
      }
      limits.nodes = static_cast<std::uint64_t>(*number);
    }
    else if (key == "movetime") limits.movetime_ms = std::max(1, as_int);
    else if (key == "time") limits.time_ms = as_int;
    else if (key == "inc") limits.increment_ms = as_int;
    else if (key == "wtime") { if (tangerine) limits.time_ms = as_int; }
    else if (key == "btime") { if (!tangerine) limits.time_ms = as_int; }
    else if (key == "winc") { if (tangerine) limits.increment_ms = as_int; }
    else if (key == "binc") { if (!tangerine) limits.increment_ms = as_int; }
    else if (key == "movestogo") {}
    else {
      error("unknown go parameter '" + t[i - 1] + "'");
      return;
    }
  }
  if (engine_.game().is_over()) {
    say("info string error: the game is over (" +
        std::string(kernel::result_reason(engine_.game().result())) + ")");
    say("bestmove (none)");
    return;
  }
  engine_.start(
      limits,
      [this](const search::SearchReport& r) {
        std::string line = "info depth " + std::to_string(r.depth) + " seldepth " +
                           std::to_string(r.seldepth) + " score ";
        line += search::is_mate_score(r.score) ? "mate " + std::to_string(search::mate_in_moves(r.score))
                                               : "cp " + std::to_string(r.score);
        line += " nodes " + std::to_string(r.nodes) + " nps " + std::to_string(r.nps) + " time " +
                std::to_string(r.time_ms) + " hashfull " + std::to_string(r.hashfull);
        if (!r.pv.empty()) {
          line += " pv";
          for (kernel::Move m : r.pv) {
            line.push_back(' ');
            line.append(kernel::move_to_string(m));
          }
        }
        say(line);
      },
      [this](const search::SearchResult& result) {
        say("bestmove " + (result.best_move == kernel::Move::none()
                               ? std::string("(none)")
                               : kernel::move_to_string(result.best_move)));
      });
}

void Protocol::cmd_perft(const std::vector<std::string>& t) {
  int depth = 4;
  if (t.size() >= 2) {
    // Perft runs on the input thread and cannot be stopped, so the protocol
    // caps it where it still ends in seconds; `leiserchess perft` goes deeper.
    const auto d = parse_integer(t[1], 1, 6);
    if (!d) {
      error("perft expects a depth from 1 to 6, got '" + t[1] + "' (deeper: leiserchess perft --depth N)");
      return;
    }
    depth = static_cast<int>(*d);
  }
  const Game& game = engine_.game();
  for (int d = 1; d <= depth; ++d) {
    const auto count = kernel::perft(game.position(), game.ko_board(),
                                     {d, kernel::PerftMode::kLegal, engine_.threads()});
    say("perft " + std::to_string(d) + " " + std::to_string(count));
  }
}

void Protocol::cmd_eval(const std::vector<std::string>& t) {
  Game game = engine_.game();
  bool negate = false;
  if (t.size() >= 2) {
    if (auto played = game.play(t[1]); !played) {
      error(played.error());
      return;
    }
    negate = true;
  }
  if (game.position().is_game_over()) {
    error("the game is over; no evaluation");
    return;
  }
  const auto terms = search::evaluate_terms(game.position(), engine_.eval_params());
  for (const auto& term : terms.terms)
    say("info string eval " + term.name + " white " + std::to_string(term.white) + " black " +
        std::to_string(term.black));
  say("info score cp " + std::to_string(negate ? -terms.score_cp : terms.score_cp));
}

void Protocol::cmd_display() {
  const kernel::Position& pos = engine_.game().position();
  std::ostringstream board;
  for (int rank = 7; rank >= 0; --rank) {
    board << rank << ' ';
    for (int file = 0; file < 8; ++file) {
      const auto piece = pos.board().piece_at(kernel::make_square(file, rank));
      std::string cell = "..";
      if (piece) {
        static constexpr const char* kKing[4] = {"NN", "EE", "SS", "WW"};
        static constexpr const char* kPawn[4] = {"NW", "NE", "SE", "SW"};
        cell = piece->type == kernel::PieceType::kKing ? kKing[piece->orientation] : kPawn[piece->orientation];
        if (piece->color == kernel::Color::kLavender)
          for (char& c : cell) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
      board << ' ' << cell;
    }
    board << '\n';
  }
  board << "   a  b  c  d  e  f  g  h\n";
  board << "edition " << kernel::edition_name(pos.edition()) << ", "
        << kernel::color_name(pos.side_to_move()) << " to move, fen " << kernel::to_fen(pos);
  say(board.str());
}

}  // namespace

int run_protocol(std::istream& in, std::ostream& out) {
  Protocol protocol(out);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!protocol.handle(line)) break;
  }
  return 0;
}

}  // namespace leiser::cli
