#include "arena/options.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <set>

namespace leiser::arena {

const char* const kArenaHelp =
    "usage: leiserchess arena --engine SPEC --engine SPEC [...] [options]\n"
    "  --engine SPEC        comma-separated keys: name=N, cmd=COMMAND (words split at spaces,\n"
    "                       no commas), dir=DIR, depth=N, nodes=N, tc=B+I, option.X=V\n"
    "                       (sent as 'setoption name X value V'); two or more engines,\n"
    "                       a round robin when more than two\n"
    "  --edition 2018|2016  rules edition (default 2018)\n"
    "  --tc B+I             Fischer clock for engines without their own: base and increment\n"
    "                       in seconds (e.g. 10+0.1); engines with depth= or nodes= and no\n"
    "                       clock play without one\n"
    "  --openings FILE      one opening per line: moves from the start position separated by\n"
    "                       spaces, a FEN ('<board> <side>'), or an EPD line (a FEN, then\n"
    "                       operations such as 'id \"name\";'); without one every game starts\n"
    "                       from the start position (a warning says so)\n"
    "  --shuffle            play the book in a random order (the seed is printed)\n"
    "  --seed N             the shuffle's seed, to play the same order again\n"
    "  --repeat N           games per opening, colours alternating (default 2: each opening\n"
    "                       twice with colours reversed, the pairs the pentanomial statistics\n"
    "                       and the SPRT count)\n"
    "  --rounds N           openings per pair of engines (default: the whole book once);\n"
    "                       the book starts again when it runs out\n"
    "  --games N            games per pair of engines, instead of --rounds\n"
    "  --concurrency N      games played at once (default 1)\n"
    "  --pgn FILE           append the game records there (checked before the first game)\n"
    "  --resume             continue an interrupted match: the games in --pgn count and only\n"
    "                       the others are played (give the same command line)\n"
    "  --draw movenumber=M,movecount=N,score=S\n"
    "                       adjudicate a draw from move M on when both engines' scores have\n"
    "                       been within S centipawns of 0 for their last N moves each\n"
    "  --resign movecount=N,score=S[,movenumber=M]\n"
    "                       adjudicate a win when both engines' scores have said the same\n"
    "                       side is ahead by at least S centipawns for their last N moves each\n"
    "  --adjudicate moves=M,score=S\n"
    "                       the same as --resign movenumber=M,movecount=1,score=S\n"
    "  --sprt elo0=E0,elo1=E1,alpha=A,beta=B\n"
    "                       sequential test of the first engine against the second, on\n"
    "                       pairs of games (pentanomial, as fishtest and fastchess; from the\n"
    "                       tenth pair on); the\n"
    "                       match stops when H0 or H1 is accepted (two engines only)\n"
    "  --timeout S          seconds a move may take when the mover has no clock (default 60)\n"
    "  --no-ko              play without the Ko rule (the engines are told so)\n"
    "  --debug              log every protocol line and the engines' stderr to stderr\n"
    "Ctrl-C stops the match: the games in progress are abandoned, the summary is printed,\n"
    "and every finished game is in the PGN already.\n";

const char* const kOpeningsHelp =
    "usage: leiserchess openings [--edition 2018|2016] [--plies N] [--count K]\n"
    "                            [--max-eval CP] [--seed S]\n"
    "  random legal openings of N plies (default 10), K of them (default 100), one per line;\n"
    "  positions whose static evaluation exceeds CP centipawns either way (default 100),\n"
    "  where the side to move can zap the King at once, or seen before are rejected\n";

namespace {

using kernel::Error;
using kernel::Expected;

std::optional<long long> parse_integer(const std::string& text, long long min, long long max) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
    return std::nullopt;
  return value;
}

std::optional<double> parse_real(const std::string& text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  while (true) {
    const std::size_t end = text.find(separator, begin);
    parts.push_back(text.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
    if (end == std::string::npos) return parts;
    begin = end + 1;
  }
}

// "a=1,b=2" into pairs; the value may itself contain '='.
Expected<std::vector<std::pair<std::string, std::string>>> key_values(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const std::string& part : split(text, ',')) {
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos || eq == 0) return Error{"expected key=value, got '" + part + "'"};
    pairs.emplace_back(part.substr(0, eq), part.substr(eq + 1));
  }
  return pairs;
}

std::string basename_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

Expected<SprtConfig> parse_sprt(const std::string& text) {
  auto pairs = key_values(text);
  if (!pairs) return Error{"--sprt: " + pairs.error()};
  SprtConfig sprt;
  for (const auto& [key, value] : *pairs) {
    const auto number = parse_real(value);
    if (!number) return Error{"--sprt " + key + ": not a number: '" + value + "'"};
    if (key == "elo0")
      sprt.elo0 = *number;
    else if (key == "elo1")
      sprt.elo1 = *number;
    else if (key == "alpha")
      sprt.alpha = *number;
    else if (key == "beta")
      sprt.beta = *number;
    else
      return Error{"--sprt: unknown key '" + key + "' (elo0, elo1, alpha, beta)"};
  }
  if (!(sprt.elo1 > sprt.elo0)) return Error{"--sprt: elo1 must be greater than elo0"};
  for (double p : {sprt.alpha, sprt.beta})
    if (!(p > 0 && p < 0.5)) return Error{"--sprt: alpha and beta must be in (0, 0.5)"};
  return sprt;
}

// "movenumber=M,movecount=N,score=S": keys of --draw and --resign.
struct AdjudicationKeys {
  int move_number = 0;
  std::optional<int> move_count;
  std::optional<int> score;
};

Expected<AdjudicationKeys> parse_adjudication_keys(const std::string& option,
                                                   const std::string& text, int min_score) {
  auto pairs = key_values(text);
  if (!pairs) return Error{option + ": " + pairs.error()};
  AdjudicationKeys keys;
  for (const auto& [key, value] : *pairs) {
    const long long min = key == "score" ? min_score : key == "movecount" ? 1 : 0;
    const auto n = parse_integer(value, min, key == "score" ? 1000000 : 100000);
    if (key != "movenumber" && key != "movecount" && key != "score")
      return Error{option + ": unknown key '" + key + "' (movenumber, movecount, score)"};
    if (!n)
      return Error{option + " " + key + ": expected a number from " + std::to_string(min) +
                   ", got '" + value + "'"};
    if (key == "movenumber")
      keys.move_number = static_cast<int>(*n);
    else if (key == "movecount")
      keys.move_count = static_cast<int>(*n);
    else
      keys.score = static_cast<int>(*n);
  }
  if (!keys.move_count || !keys.score) return Error{option + " needs movecount=N,score=S"};
  return keys;
}

// The older --adjudicate moves=M,score=S: resign adjudication on the latest
// score of each engine.
Expected<ResignAdjudication> parse_adjudicate(const std::string& text) {
  auto pairs = key_values(text);
  if (!pairs) return Error{"--adjudicate: " + pairs.error()};
  std::optional<long long> moves, score;
  for (const auto& [key, value] : *pairs) {
    if (key == "moves")
      moves = parse_integer(value, 0, 100000);
    else if (key == "score")
      score = parse_integer(value, 1, 1000000);
    else
      return Error{"--adjudicate: unknown key '" + key + "' (moves, score)"};
    if ((key == "moves" && !moves) || (key == "score" && !score))
      return Error{"--adjudicate " + key + ": bad value '" + value + "'"};
  }
  if (!moves || !score) return Error{"--adjudicate needs moves=N,score=S"};
  return ResignAdjudication{static_cast<int>(*moves), 1, static_cast<int>(*score)};
}

}  // namespace

Expected<std::vector<std::string>> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (char c : command) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) return Error{"unterminated quote in command '" + command + "'"};
  if (in_word) words.push_back(word);
  return words;
}

Expected<TimeControl> parse_time_control(const std::string& text) {
  const std::size_t plus = text.find('+');
  const auto base = parse_real(text.substr(0, plus));
  const auto inc =
      plus == std::string::npos ? std::optional<double>(0.0) : parse_real(text.substr(plus + 1));
  if (!base || !inc || *base <= 0 || *inc < 0 || *base > 1e7 || *inc > 1e7)
    return Error{"bad time control '" + text + "' (expected seconds B+I, e.g. 10+0.1)"};
  return TimeControl{std::llround(*base * 1000), std::llround(*inc * 1000)};
}

Expected<EngineSpec> parse_engine_spec(const std::string& text) {
  auto pairs = key_values(text);
  if (!pairs) return Error{"--engine: " + pairs.error()};
  EngineSpec spec;
  for (const auto& [key, value] : *pairs) {
    if (key == "name") {
      spec.name = value;
    } else if (key == "cmd") {
      auto words = split_command(value);
      if (!words) return Error{"--engine: " + words.error()};
      spec.argv = *words;
    } else if (key == "dir") {
      spec.working_dir = value;
    } else if (key == "depth") {
      const auto d = parse_integer(value, 1, 64);
      if (!d) return Error{"--engine depth: expected 1..64, got '" + value + "'"};
      spec.depth = static_cast<int>(*d);
    } else if (key == "nodes") {
      const auto n = parse_integer(value, 1, 1'000'000'000'000'000LL);
      if (!n) return Error{"--engine nodes: expected a positive number, got '" + value + "'"};
      spec.nodes = static_cast<std::uint64_t>(*n);
    } else if (key == "tc") {
      auto tc = parse_time_control(value);
      if (!tc) return Error{"--engine tc: " + tc.error()};
      spec.tc = *tc;
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
      spec.options.emplace_back(key.substr(7), value);
    } else {
      return Error{"--engine: unknown key '" + key +
                   "' (name, cmd, dir, depth, nodes, tc, option.<name>)"};
    }
  }
  if (spec.argv.empty()) return Error{"--engine '" + text + "' has no cmd="};
  if (spec.name.empty()) spec.name = basename_of(spec.argv[0]);
  return spec;
}

Expected<ArenaOptions> parse_arena_args(const std::vector<std::string>& args) {
  ArenaOptions options;
  MatchConfig& match = options.match;
  std::optional<TimeControl> tc;
  bool rounds_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> Expected<std::string> {
      if (i + 1 >= args.size()) return Error{arg + " expects a value"};
      return args[++i];
    };
    // `--sprt elo0=0 elo1=5 ...`: the keys may also come as separate words.
    auto key_list = [&]() -> Expected<std::string> {
      auto first = value();
      if (!first) return first;
      std::string joined = *first;
      while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0 &&
             args[i + 1].find('=') != std::string::npos)
        joined += "," + args[++i];
      return joined;
    };
    if (arg == "--help" || arg == "-h" || arg == "help") {
      options.help = true;
    } else if (arg == "--no-ko") {
      match.use_ko = false;
    } else if (arg == "--shuffle") {
      options.shuffle = true;
    } else if (arg == "--resume") {
      options.resume = true;
    } else if (arg == "--seed") {
      auto v = value();
      if (!v) return Error{v.error()};
      const auto seed = parse_integer(*v, 0, std::numeric_limits<long long>::max());
      if (!seed) return Error{"--seed: expected a non-negative number, got '" + *v + "'"};
      options.seed = static_cast<std::uint64_t>(*seed);
    } else if (arg == "--rounds" || arg == "--repeat") {
      auto v = value();
      if (!v) return Error{v.error()};
      const auto n = parse_integer(*v, 1, arg == "--rounds" ? 10'000'000 : 1000);
      if (!n) return Error{arg + ": expected a positive number, got '" + *v + "'"};
      (arg == "--rounds" ? match.rounds : match.repeat) = static_cast<int>(*n);
      if (arg == "--rounds") rounds_given = true;
    } else if (arg == "--draw" || arg == "--resign") {
      auto v = key_list();
      if (!v) return Error{v.error()};
      auto keys = parse_adjudication_keys(arg, *v, arg == "--draw" ? 0 : 1);
      if (!keys) return Error{keys.error()};
      if (arg == "--draw") {
        match.adjudication.draw =
            DrawAdjudication{keys->move_number, *keys->move_count, *keys->score};
      } else {
        if (match.adjudication.resign) return Error{"give one of --resign and --adjudicate"};
        match.adjudication.resign =
            ResignAdjudication{keys->move_number, *keys->move_count, *keys->score};
      }
    } else if (arg == "--debug") {
      options.debug = true;
    } else if (arg == "--engine") {
      auto v = value();
      if (!v) return Error{v.error()};
      auto spec = parse_engine_spec(*v);
      if (!spec) return Error{spec.error()};
      match.engines.push_back(*spec);
    } else if (arg == "--edition") {
      auto v = value();
      if (!v) return Error{v.error()};
      const auto edition = kernel::parse_edition(*v);
      if (!edition) return Error{"--edition: expected 2018 or 2016, got '" + *v + "'"};
      match.edition = *edition;
    } else if (arg == "--tc") {
      auto v = value();
      if (!v) return Error{v.error()};
      auto parsed = parse_time_control(*v);
      if (!parsed) return Error{"--tc: " + parsed.error()};
      tc = *parsed;
    } else if (arg == "--games" || arg == "--concurrency") {
      auto v = value();
      if (!v) return Error{v.error()};
      const auto n = parse_integer(*v, 1, arg == "--games" ? 10'000'000 : 1024);
      if (!n) return Error{arg + ": expected a positive number, got '" + *v + "'"};
      (arg == "--games" ? match.games_per_pair : match.concurrency) = static_cast<int>(*n);
    } else if (arg == "--openings" || arg == "--pgn") {
      auto v = value();
      if (!v) return Error{v.error()};
      (arg == "--openings" ? options.openings_path : match.pgn_path) = *v;
    } else if (arg == "--timeout") {
      auto v = value();
      if (!v) return Error{v.error()};
      const auto seconds = parse_real(*v);
      if (!seconds || *seconds <= 0 || *seconds > 1e6)
        return Error{"--timeout: expected seconds, got '" + *v + "'"};
      match.move_timeout = std::chrono::milliseconds(std::llround(*seconds * 1000));
    } else if (arg == "--adjudicate") {
      auto v = key_list();
      if (!v) return Error{v.error()};
      auto adj = parse_adjudicate(*v);
      if (!adj) return Error{adj.error()};
      if (match.adjudication.resign) return Error{"give one of --resign and --adjudicate"};
      match.adjudication.resign = *adj;
    } else if (arg == "--sprt") {
      auto v = key_list();
      if (!v) return Error{v.error()};
      auto sprt = parse_sprt(*v);
      if (!sprt) return Error{sprt.error()};
      match.sprt = *sprt;
    } else {
      return Error{"unknown argument '" + arg + "' (try 'leiserchess arena --help')"};
    }
  }
  if (options.help) return options;
  if (match.engines.size() < 2) return Error{"give at least two --engine"};
  std::set<std::string> names;
  for (EngineSpec& spec : match.engines) {
    if (!names.insert(spec.name).second)
      return Error{"two engines are named '" + spec.name + "'; give each a distinct name="};
    if (!spec.tc) spec.tc = tc;
    // A depth or node limit alone is a complete limit; otherwise a clock is
    // needed, or the engine would think forever.
    if (!spec.tc && spec.depth == 0 && spec.nodes == 0)
      return Error{"engine '" + spec.name + "' has no limit: give --tc, or tc=, depth= or nodes="};
  }
  if (match.sprt && match.engines.size() != 2) return Error{"--sprt needs exactly two engines"};
  if (match.sprt && match.repeat % 2 != 0)
    return Error{"--sprt counts pairs of games with colours reversed: give an even --repeat"};
  if (rounds_given && match.games_per_pair > 0) return Error{"give --games or --rounds, not both"};
  if (options.seed && !options.shuffle)
    return Error{"--seed is the seed of --shuffle; give --shuffle too"};
  if (options.shuffle && options.openings_path.empty())
    return Error{"--shuffle needs --openings FILE"};
  if (options.resume && match.pgn_path.empty())
    return Error{"--resume needs the --pgn FILE of the match"};
  return options;
}

Expected<OpeningsOptions> parse_openings_args(const std::vector<std::string>& args) {
  OpeningsOptions options;
  OpeningGeneratorConfig& g = options.generator;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h" || arg == "help") {
      options.help = true;
      continue;
    }
    if (i + 1 >= args.size()) return Error{"unknown argument or missing value: '" + arg + "'"};
    const std::string& v = args[++i];
    if (arg == "--edition") {
      const auto edition = kernel::parse_edition(v);
      if (!edition) return Error{"--edition: expected 2018 or 2016, got '" + v + "'"};
      g.edition = *edition;
      continue;
    }
    if (arg == "--seed") {
      const auto seed = parse_integer(v, 0, std::numeric_limits<long long>::max());
      if (!seed) return Error{"--seed: expected a non-negative number, got '" + v + "'"};
      g.seed = static_cast<std::uint64_t>(*seed);
      options.seed_given = true;
      continue;
    }
    int* target = arg == "--plies"      ? &g.plies
                  : arg == "--count"    ? &g.count
                  : arg == "--max-eval" ? &g.max_eval_cp
                                        : nullptr;
    if (!target) return Error{"unknown argument '" + arg + "' (try 'leiserchess openings --help')"};
    const auto n = parse_integer(v, 0, 1'000'000);
    if (!n) return Error{arg + ": expected a number from 0 to 1000000, got '" + v + "'"};
    *target = static_cast<int>(*n);
  }
  return options;
}

}  // namespace leiser::arena
