#include "arena/prepare.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <system_error>
#include <utility>

#include "arena/openings.h"
#include "arena/pgn.h"
#include "arena/resume.h"

namespace leiser::arena {

namespace {

// The PGN must be writable before any engine starts or game is played.
std::optional<std::string> check_pgn_writable(const std::string& path) {
  std::ofstream out(path, std::ios::app);
  if (!out) return "cannot write '" + path + "': " + std::strerror(errno);
  return std::nullopt;
}

}  // namespace

int prepare_match(ArenaOptions& options, std::vector<ResumedGame>& resumed, std::ostream& err) {
  MatchConfig& match = options.match;
  if (!options.openings_path.empty()) {
    auto book = load_openings(options.openings_path, match.edition, match.use_ko);
    if (!book) {
      err << "error: openings: " << book.error() << "\n";
      return 1;
    }
    match.openings = std::move(*book);
  } else {
    err << "warning: no --openings: every game starts from the start position, and engines that "
           "search alike each time repeat the same games (a book: 'leiserchess openings')\n";
  }

  std::vector<PgnGame> records;
  if (options.resume) {
    auto read = read_match_records(match.pgn_path, err);
    if (!read) {
      err << "error: --resume: " << read.error() << "\n";
      return 1;
    }
    records = std::move(*read);
  } else if (!match.pgn_path.empty()) {
    std::error_code ec;
    if (std::filesystem::file_size(match.pgn_path, ec) > 0 && !ec)
      err << "warning: " << match.pgn_path << " holds game records already; this match's are "
          << "appended after them (--resume continues an interrupted match instead)\n";
  }

  if (options.shuffle) {
    std::uint64_t seed = 0;
    if (options.seed) {
      seed = *options.seed;
    } else if (const auto recorded = recorded_shuffle_seed(records)) {
      seed = *recorded;  // the interrupted match's order
    } else {
      seed = std::random_device{}() & 0xffffffffu;
      err << "arena: openings shuffled with seed " << seed << " (--seed " << seed
          << " plays this order again)\n";
    }
    shuffle_openings(match.openings, seed);
    match.shuffle_seed = seed;
  }

  resumed.clear();
  if (options.resume) {
    auto games = games_to_resume(records, match);
    if (!games) {
      err << "error: --resume: " << match.pgn_path << ": " << games.error() << "\n";
      return 1;
    }
    resumed = std::move(*games);
  }
  if (!match.pgn_path.empty()) {
    if (auto problem = check_pgn_writable(match.pgn_path)) {
      err << "error: --pgn: " << *problem << "\n";
      return 1;
    }
  }
  if (options.debug) match.protocol_log = &err;
  if (!check_engines(match, err)) return 1;
  return 0;
}

}  // namespace leiser::arena
