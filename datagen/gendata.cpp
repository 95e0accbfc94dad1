#include "datagen/gendata.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <ostream>
#include <random>
#include <set>
#include <thread>

#include "arena/openings.h"
#include "base/parse_integer.h"
#include "kernel/game.h"
#include "kernel/laser.h"
#include "nnue/training_data.h"
#include "search/engine.h"

namespace leiser::datagen {

namespace {

constexpr const char* kUsage =
    "usage: leiserchess gendata --edition 2016|2018 --games N --nodes K --out FILE [--threads T]\n"
    "         [--openings FILE] [--random-plies R] [--seed S] [--hash MB] [--max-plies P]\n"
    "         [--first-game I --game-stride S] [name=value ...]\n";

struct GendataConfig {
  kernel::Edition edition = kernel::kDefaultEdition;
  bool edition_given = false;
  std::uint32_t games = 0;
  std::uint64_t nodes = 0;
  int threads = 1;
  std::string openings_path;
  int random_plies = 8;
  std::uint64_t seed = 1;
  int hash_mb = 16;
  int max_plies = 400;
  // The share of the games this run plays: I, I+S, I+2S, ... below --games
  // (leiserchess-mpi gives each rank its own; docs/mpi.md).
  std::uint32_t first_game = 0;
  std::uint32_t game_stride = 1;
  std::string out;
  std::vector<std::pair<std::string, std::string>> engine_options;
};

kernel::Expected<GendataConfig> parse_args(const std::vector<std::string>& args) {
  GendataConfig config;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0) {
      const auto eq = arg.find('=');
      if (eq == std::string::npos || eq == 0)
        return kernel::Error{"gendata: unexpected argument '" + arg +
                             "' (options are --name value or name=value)"};
      config.engine_options.emplace_back(arg.substr(0, eq), arg.substr(eq + 1));
      continue;
    }
    if (i + 1 >= args.size()) return kernel::Error{"gendata: " + arg + " needs a value"};
    const std::string& value = args[++i];
    auto integer = [&](long long min, long long max) -> kernel::Expected<long long> {
      const auto n = base::parse_integer(value, min, max);
      if (!n)
        return kernel::Error{"gendata: " + arg + " expects an integer from " + std::to_string(min) +
                             " to " + std::to_string(max) + ", got '" + value.substr(0, 40) + "'"};
      return *n;
    };
    kernel::Expected<long long> n = 0LL;
    if (arg == "--edition") {
      const auto e = kernel::parse_edition(value);
      if (!e)
        return kernel::Error{"gendata: --edition expects 2016 or 2018, got '" +
                             value.substr(0, 40) + "'"};
      config.edition = *e;
      config.edition_given = true;
    } else if (arg == "--games") {
      if (!(n = integer(1, 100'000'000))) return kernel::Error{n.error()};
      config.games = static_cast<std::uint32_t>(*n);
    } else if (arg == "--nodes") {
      if (!(n = integer(1, 1'000'000'000))) return kernel::Error{n.error()};
      config.nodes = static_cast<std::uint64_t>(*n);
    } else if (arg == "--threads") {
      if (!(n = integer(1, 1024))) return kernel::Error{n.error()};
      config.threads = static_cast<int>(*n);
    } else if (arg == "--random-plies") {
      if (!(n = integer(0, 100))) return kernel::Error{n.error()};
      config.random_plies = static_cast<int>(*n);
    } else if (arg == "--seed") {
      if (!(n = integer(0, 1LL << 62))) return kernel::Error{n.error()};
      config.seed = static_cast<std::uint64_t>(*n);
    } else if (arg == "--hash") {
      if (!(n = integer(1, 4096))) return kernel::Error{n.error()};
      config.hash_mb = static_cast<int>(*n);
    } else if (arg == "--max-plies") {
      if (!(n = integer(10, 10000))) return kernel::Error{n.error()};
      config.max_plies = static_cast<int>(*n);
    } else if (arg == "--first-game") {
      if (!(n = integer(0, 100'000'000))) return kernel::Error{n.error()};
      config.first_game = static_cast<std::uint32_t>(*n);
    } else if (arg == "--game-stride") {
      if (!(n = integer(1, 100'000'000))) return kernel::Error{n.error()};
      config.game_stride = static_cast<std::uint32_t>(*n);
    } else if (arg == "--openings") {
      config.openings_path = value;
    } else if (arg == "--out") {
      config.out = value;
    } else {
      return kernel::Error{"gendata: unknown option '" + arg.substr(0, 40) + "'"};
    }
  }
  if (!config.edition_given) return kernel::Error{"gendata: --edition is required"};
  if (config.games == 0) return kernel::Error{"gendata: --games is required"};
  if (config.nodes == 0) return kernel::Error{"gendata: --nodes is required"};
  if (config.out.empty()) return kernel::Error{"gendata: --out is required"};
  if (config.game_stride > 1 && config.first_game >= config.game_stride)
    return kernel::Error{"gendata: --first-game must be below --game-stride"};
  return config;
}

bool in_share(const GendataConfig& config, std::uint32_t game) {
  return game >= config.first_game && (game - config.first_game) % config.game_stride == 0;
}

// The generator of game i: the same moves for the same seed and game on
// every machine (splitmix64 mixing, then std::mt19937_64, fixed by the
// standard).
std::mt19937_64 game_rng(std::uint64_t seed, std::uint32_t game) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (game + 1ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return std::mt19937_64(z ^ (z >> 31));
}

// Whether the opponent's laser, fired on this board, would zap a piece of the
// side to move: the position is in tactical flux.
bool side_to_move_threatened(const kernel::Position& pos) {
  const kernel::Color us = pos.side_to_move();
  const kernel::LaserTrace trace = kernel::trace_laser(pos.board(), kernel::opponent(us));
  return trace.end != kernel::LaserEnd::kOffBoard &&
         (pos.board().pieces(us) & kernel::bit(trace.target));
}

struct GameOutcome {
  std::vector<nnue::TrainingRecord> records;
  std::uint64_t skipped = 0;
};

class Generator {
 public:
  Generator(const GendataConfig& config, std::vector<arena::Opening> openings)
      : config_(config), openings_(std::move(openings)) {}

  // Plays game `index` with `engine`; an error only for an opening that does
  // not replay (checked when the book was read, so not expected).
  kernel::Expected<GameOutcome> play(std::uint32_t index, search::Engine& engine) const {
    std::mt19937_64 rng = game_rng(config_.seed, index);
    GameOutcome outcome;
    // Random plies can blunder into a lost or finished game; try again with
    // the generator where it is (still reproducible).
    for (int attempt = 0;; ++attempt) {
      kernel::Game game = kernel::Game::start(config_.edition);
      if (!openings_.empty()) {
        const arena::Opening& opening = openings_[index % openings_.size()];
        if (!opening.fen.empty()) {
          auto from_fen = kernel::Game::from_fen(opening.fen, config_.edition);
          if (!from_fen) return kernel::Error{from_fen.error()};
          game = *from_fen;
        }
        if (auto played = game.play_all(opening.moves); !played)
          return kernel::Error{played.error()};
      }
      bool usable = true;
      for (int ply = 0; ply < config_.random_plies && usable; ++ply) {
        const kernel::MoveList moves = game.legal_moves();
        if (moves.size() == 0) {
          usable = false;
          break;
        }
        std::uniform_int_distribution<int> pick(0, moves.size() - 1);
        if (auto played = game.play(moves[pick(rng)]); !played || game.is_over()) usable = false;
      }
      if (!usable && attempt < 100) continue;
      if (!usable) return outcome;  // no playable opening from here: an empty game
      return self_play(index, std::move(game), engine, outcome);
    }
  }

 private:
  GameOutcome self_play(std::uint32_t index, kernel::Game game, search::Engine& engine,
                        GameOutcome& outcome) const {
    engine.new_game();
    std::vector<std::size_t> recorded_at;  // ply of each record, for its result
    search::SearchLimits limits;
    limits.nodes = config_.nodes;
    for (int ply = 0; !game.is_over() && ply < config_.max_plies; ++ply) {
      engine.set_game(game);
      const search::SearchResult result = engine.search(limits);
      if (result.best_move == kernel::Move::none()) break;
      const kernel::Position before = game.position();
      if (!game.play(result.best_move)) break;
      const bool zaps = game.position().last_zapped() != 0;
      if (zaps || search::is_mate_score(result.score) || side_to_move_threatened(before)) {
        ++outcome.skipped;
        continue;
      }
      nnue::TrainingRecord record;
      record.board = before.board();
      record.game = index;
      record.score_cp = static_cast<std::int16_t>(std::clamp(result.score, -32000, 32000));
      record.side_to_move = before.side_to_move();
      outcome.records.push_back(record);
    }
    // The winner from Tangerine's view: +1, 0 or -1 (unfinished games are draws).
    int tangerine_result = 0;
    if (game.result() == kernel::GameResult::kTangerineWins) tangerine_result = 1;
    if (game.result() == kernel::GameResult::kLavenderWins) tangerine_result = -1;
    for (nnue::TrainingRecord& record : outcome.records)
      record.result = static_cast<std::int8_t>(
          record.side_to_move == kernel::Color::kTangerine ? tangerine_result : -tangerine_result);
    return std::move(outcome);
  }

  const GendataConfig& config_;
  std::vector<arena::Opening> openings_;
};

std::string format_duration(double seconds) {
  const long long s = static_cast<long long>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, (s / 60) % 60, s % 60);
  return text;
}

}  // namespace

int run_gendata(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                const core::GendataProgressFn& on_progress) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    out << kUsage;
    return 0;
  }
  auto parsed = parse_args(args);
  if (!parsed) {
    // The usage text is for a person at the command line; a caller of the
    // typed entry (on_progress set: leiserchess-mpi's ranks) gets the one
    // error line and passes it on as it is.
    err << "error: " << parsed.error() << "\n";
    if (!on_progress) err << kUsage;
    return 2;
  }
  const GendataConfig& config = *parsed;

  std::vector<arena::Opening> openings;
  if (!config.openings_path.empty()) {
    auto book = arena::load_openings(config.openings_path, config.edition, true);
    if (!book) {
      err << "error: gendata: " << book.error() << "\n";
      return 2;
    }
    openings = std::move(*book);
  }

  // Check the engine options once, on a throwaway engine, before any file is touched.
  {
    search::Engine probe;
    for (const auto& [name, value] : config.engine_options)
      if (auto error = probe.set_option(name, value)) {
        err << "error: gendata: " << *error << "\n";
        return 2;
      }
  }

  // An existing file: its edition must match; its games are kept, except the
  // last one, which is played again in case the file was cut short in it.
  std::set<std::uint32_t> done;
  std::uint64_t kept_records = 0;
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(config.out, ec) && fs::file_size(config.out, ec) > 0) {
    auto summary = nnue::summarize_data_file(config.out);
    if (!summary) {
      err << "error: gendata: " << summary.error() << "\n";
      return 2;
    }
    if (summary->edition != config.edition) {
      err << "error: gendata: '" << config.out << "' holds "
          << kernel::edition_name(summary->edition) << " data; this run is "
          << kernel::edition_name(config.edition) << "\n";
      return 2;
    }
    // A file of another share (another --first-game or --game-stride, e.g.
    // leiserchess-mpi rerun with another number of ranks) would end up with
    // games that other files also hold.
    for (const std::uint32_t game : summary->games)
      if (!in_share(config, game)) {
        err << "error: gendata: '" << config.out << "' holds game " << game
            << ", which is not of this run's share (--first-game " << config.first_game
            << " --game-stride " << config.game_stride << ")\n";
        return 2;
      }
    done = summary->games;
    kept_records = summary->records;
    if (summary->records > 0) {
      done.erase(summary->last_game);
      kept_records -= summary->last_game_records;
    }
    fs::resize_file(config.out, nnue::kDataHeaderSize + kept_records * nnue::kDataRecordSize, ec);
    if (ec) {
      err << "error: gendata: cannot truncate '" << config.out << "': " << ec.message() << "\n";
      return 2;
    }
    err << "gendata: '" << config.out << "' holds " << kept_records << " positions of "
        << done.size() << " games; resuming\n";
  } else {
    std::ofstream create(config.out, std::ios::binary | std::ios::trunc);
    const auto header = nnue::encode_data_header(config.edition);
    create.write(reinterpret_cast<const char*>(header.data()), header.size());
    if (!create.flush()) {
      err << "error: gendata: cannot write '" << config.out << "'\n";
      return 2;
    }
  }

  std::vector<std::uint32_t> todo;
  for (std::uint32_t i = config.first_game; i < config.games; i += config.game_stride)
    if (!done.contains(i)) todo.push_back(i);

  std::ofstream file(config.out, std::ios::binary | std::ios::app);
  if (!file) {
    err << "error: gendata: cannot append to '" << config.out << "'\n";
    return 2;
  }

  const Generator generator(config, std::move(openings));
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> games_done{0}, positions{0}, skipped{0};
  std::atomic<bool> failed{false};
  std::mutex write_mutex;
  std::string failure;

  auto worker = [&] {
    search::Engine engine;
    engine.set_option("threads", "1");
    engine.set_option("hash", std::to_string(config.hash_mb));
    for (const auto& [name, value] : config.engine_options) engine.set_option(name, value);
    for (std::size_t k; !failed && (k = next.fetch_add(1)) < todo.size();) {
      auto outcome = generator.play(todo[k], engine);
      std::lock_guard lock(write_mutex);
      if (!outcome) {
        failure = outcome.error();
        failed = true;
        return;
      }
      // A game's records in one write: a file cut short loses at most the
      // last game (resumed by replaying it).
      std::vector<std::uint8_t> bytes;
      bytes.reserve(outcome->records.size() * nnue::kDataRecordSize);
      for (const nnue::TrainingRecord& record : outcome->records) {
        const auto encoded = nnue::encode_record(record);
        bytes.insert(bytes.end(), encoded.begin(), encoded.end());
      }
      file.write(reinterpret_cast<const char*>(bytes.data()),
                 static_cast<std::streamsize>(bytes.size()));
      if (!file.flush()) {
        failure = "cannot write '" + config.out + "'";
        failed = true;
        return;
      }
      positions += outcome->records.size();
      skipped += outcome->skipped;
      ++games_done;
    }
  };

  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  const int thread_count =
      std::min<int>(config.threads, static_cast<int>(std::max<std::size_t>(todo.size(), 1)));
  for (int t = 0; t < thread_count; ++t) threads.emplace_back(worker);

  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  auto progress = [&] {
    const double seconds = elapsed();
    const double games = static_cast<double>(games_done.load());
    const double rate = seconds > 0 ? static_cast<double>(positions.load()) / seconds : 0;
    const double remaining =
        games > 0 ? seconds / games * (static_cast<double>(todo.size()) - games) : 0;
    char line[200];
    std::snprintf(line, sizeof line,
                  "gendata: games %llu/%zu  positions %llu  %.0f positions/s  ETA %s",
                  static_cast<unsigned long long>(games_done.load()), todo.size(),
                  static_cast<unsigned long long>(positions.load()), rate,
                  games > 0 ? format_duration(remaining).c_str() : "?");
    return std::string(line);
  };
  // The live line, rewritten in place once a second while the games run, or
  // the same counts as data.
  auto report = [&](bool last) {
    if (on_progress) {
      on_progress({static_cast<std::int64_t>(games_done.load()),
                   static_cast<std::int64_t>(todo.size()),
                   static_cast<std::int64_t>(positions.load())});
    } else {
      err << "\r" << progress() << (last ? "\n" : "") << std::flush;
    }
  };
  for (;;) {
    for (int i = 0; i < 10 && games_done.load() < todo.size() && !failed; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (games_done.load() >= todo.size() || failed) break;
    report(false);
  }
  for (std::thread& t : threads) t.join();
  report(true);
  if (failed) {
    err << "error: gendata: " << failure << "\n";
    return 1;
  }
  out << "gendata: " << games_done.load() << " games, " << positions.load()
      << " positions written (" << skipped.load() << " in tactical flux skipped) in "
      << format_duration(elapsed()) << "; '" << config.out << "' holds "
      << kept_records + positions.load() << " positions\n";
  return 0;
}

}  // namespace leiser::datagen
