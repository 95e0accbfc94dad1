#include "commands/solve_command.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <ostream>
#include <sstream>

#include "base/parse_integer.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "kernel/read_file.h"
#include "search/engine.h"

namespace leiser::commands {

namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

constexpr int kMaxMateIn = 50;

}  // namespace

kernel::Expected<TacticsProblem> parse_tactics_line(const std::string& text, int line) {
  TacticsProblem problem;
  problem.line = line;
  const std::string where = "line " + std::to_string(line) + ": ";
  std::vector<std::string> fields;
  std::stringstream stream(text);
  for (std::string field; std::getline(stream, field, ';');) fields.push_back(trim(field));
  if (fields.empty() || fields[0].empty()) return kernel::Error{where + "no FEN"};
  problem.fen = fields[0];
  for (std::size_t i = 1; i < fields.size(); ++i) {
    if (fields[i].empty()) continue;
    const auto space = fields[i].find(' ');
    const std::string op = fields[i].substr(0, space);
    const std::string value = space == std::string::npos ? "" : trim(fields[i].substr(space + 1));
    if (op == "dm") {
      const auto n = base::parse_integer(value, 1, kMaxMateIn);
      if (!n)
        return kernel::Error{where + "dm expects a number of moves from 1 to 50, got '" + value +
                             "'"};
      problem.mate_in = static_cast<int>(*n);
    } else if (op == "edition") {
      const auto e = kernel::parse_edition(value);
      if (!e) return kernel::Error{where + "edition expects 2016 or 2018, got '" + value + "'"};
      problem.edition = *e;
    } else if (op == "id") {
      problem.id = value;
    } else {
      return kernel::Error{where + "unknown operation '" + op + "' (dm, edition, id)"};
    }
  }
  if (problem.mate_in == 0) return kernel::Error{where + "no 'dm <n>' operation"};
  if (const auto game = kernel::Game::from_fen(problem.fen, problem.edition); !game)
    return kernel::Error{where + game.error()};
  if (kernel::Game::from_fen(problem.fen, problem.edition)->is_over())
    return kernel::Error{where + "the game is already over in this position"};
  if (problem.id.empty()) problem.id = "line " + std::to_string(line);
  return problem;
}

kernel::Expected<std::vector<TacticsProblem>> read_tactics_file(const std::string& path) {
  const kernel::Expected<std::string> text = kernel::read_file(path, kernel::kMaxTextFileBytes);
  if (!text) return kernel::Error{text.error()};
  std::istringstream file(*text);
  std::vector<TacticsProblem> problems;
  std::string line;
  for (int number = 1; std::getline(file, line); ++number) {
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    auto problem = parse_tactics_line(text, number);
    if (!problem) return kernel::Error{path + ": " + problem.error()};
    problems.push_back(*problem);
  }
  if (problems.empty()) return kernel::Error{path + ": no problem in the file"};
  return problems;
}

int run_solve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  constexpr const char* kUsage =
      "usage: leiserchess solve FILE [--movetime MS] [--threads T] [--hash MB] [name=value ...]";
  std::string path;
  int movetime = 1000;
  int threads = 1;
  int hash = 64;
  std::vector<std::pair<std::string, std::string>> options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto number = [&](long long min, long long max) -> std::optional<int> {
      if (i + 1 >= args.size()) return std::nullopt;
      const auto n = base::parse_integer(args[++i], min, max);
      return n ? std::optional<int>(static_cast<int>(*n)) : std::nullopt;
    };
    if (arg == "--movetime") {
      const auto n = number(1, 3'600'000);
      if (!n) {
        err << "error: solve --movetime expects milliseconds from 1 to 3600000\n";
        return 2;
      }
      movetime = *n;
    } else if (arg == "--threads") {
      const auto n = number(1, 1024);
      if (!n) {
        err << "error: solve --threads expects an integer from 1 to 1024\n";
        return 2;
      }
      threads = *n;
    } else if (arg == "--hash") {
      const auto n = number(1, 65536);
      if (!n) {
        err << "error: solve --hash expects megabytes from 1 to 65536\n";
        return 2;
      }
      hash = *n;
    } else if (const auto eq = arg.find('='); eq != std::string::npos && arg[0] != '-') {
      options.emplace_back(arg.substr(0, eq), arg.substr(eq + 1));
    } else if (path.empty() && arg[0] != '-') {
      path = arg;
    } else {
      err << "error: solve: unexpected '" << arg << "'\n" << kUsage << "\n";
      return 2;
    }
  }
  if (path.empty()) {
    err << "error: solve needs a file of problems\n" << kUsage << "\n";
    return 2;
  }
  const auto problems = read_tactics_file(path);
  if (!problems) {
    err << "error: " << problems.error() << "\n";
    return 2;
  }

  search::Engine engine;
  for (const auto& [name, value] : std::vector<std::pair<std::string, std::string>>{
           {"threads", std::to_string(threads)}, {"hash", std::to_string(hash)}})
    (void)engine.set_option(name, value);
  for (const auto& [name, value] : options) {
    if (const auto problem = engine.set_option(name, value)) {
      err << "error: solve: " << *problem << "\n";
      return 2;
    }
  }
  std::map<int, std::pair<int, int>> by_length;  // mate_in -> (solved, total)
  int solved = 0;
  const auto started = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < problems->size(); ++i) {
    const TacticsProblem& p = (*problems)[i];
    (void)engine.set_option("edition", kernel::edition_name(p.edition));
    engine.set_game(*kernel::Game::from_fen(p.fen, p.edition));
    engine.new_game();
    search::SearchLimits limits;
    limits.movetime_ms = movetime;
    const search::SearchResult r = engine.search(limits);
    const bool ok = r.score >= search::kMateBound && search::mate_in_moves(r.score) <= p.mate_in;
    solved += ok ? 1 : 0;
    auto& tally = by_length[p.mate_in];
    tally.first += ok ? 1 : 0;
    ++tally.second;
    out << i + 1 << "/" << problems->size() << " " << p.id << " dm " << p.mate_in << ": "
        << (ok ? "solved" : "missed") << " (bestmove " << kernel::move_to_string(r.best_move)
        << ", score " << search::score_text(r.score) << ", depth " << r.depth << ")\n";
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out << "Solved " << solved << " of " << problems->size() << " at " << movetime
      << " ms per problem, " << threads << (threads == 1 ? " thread" : " threads") << " ("
      << static_cast<int>(seconds + 0.5) << " s); by length:";
  for (const auto& [n, tally] : by_length)
    out << " dm" << n << " " << tally.first << "/" << tally.second;
  out << "\n";
  return 0;
}

}  // namespace leiser::commands
