#include "arena/resume.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/quote.h"

namespace leiser::arena {

namespace {

std::optional<long long> to_number(const std::string& text) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

const std::string* tag(const PgnGame& game, const char* name) {
  const auto found = game.tags.find(name);
  return found == game.tags.end() ? nullptr : &found->second;
}

// The start position of a scheduled opening, as the records write it.
std::string start_fen_of(const MatchConfig& config, const std::optional<std::size_t>& opening) {
  if (opening && !config.openings[*opening].fen.empty()) return config.openings[*opening].fen;
  return kernel::to_fen(kernel::Game::start(config.edition).start_position());
}

}  // namespace

std::optional<std::uint64_t> recorded_shuffle_seed(const std::vector<PgnGame>& records) {
  if (records.empty()) return std::nullopt;
  const std::string* seed = tag(records.front(), "ShuffleSeed");
  if (!seed) return std::nullopt;
  const auto value = to_number(*seed);
  if (!value || *value < 0) return std::nullopt;
  return static_cast<std::uint64_t>(*value);
}

kernel::Expected<std::vector<ResumedGame>> games_to_resume(const std::vector<PgnGame>& records,
                                                           const MatchConfig& config) {
  const std::vector<ScheduledGame> schedule = schedule_games(config);
  std::vector<bool> seen(schedule.size(), false);
  std::vector<ResumedGame> games;
  const std::string edition(kernel::edition_name(config.edition));
  const std::string advice = "; resume with the command line of the interrupted match";
  for (std::size_t i = 0; i < records.size(); ++i) {
    const PgnGame& record = records[i];
    const std::string which = "record " + std::to_string(i + 1);
    for (const char* required : {"Round", "Tangerine", "Lavender", "Edition", "FEN", "OpeningPlies",
                                 "Result", "Termination", "Reason"})
      if (!tag(record, required)) return kernel::Error{which + " has no " + required + " tag"};
    const auto number = to_number(*tag(record, "Round"));
    if (!number || *number < 1 || *number > static_cast<long long>(schedule.size()))
      return kernel::Error{which + ": game " + kernel::quote(*tag(record, "Round")) +
                           " is not a game of this match (1 to " + std::to_string(schedule.size()) +
                           ")" + advice};
    const ScheduledGame& scheduled = schedule[static_cast<std::size_t>(*number - 1)];
    const std::string game = "game " + std::to_string(*number);
    if (seen[static_cast<std::size_t>(*number - 1)])
      return kernel::Error{game + " is recorded twice (two matches in one file?)"};
    seen[static_cast<std::size_t>(*number - 1)] = true;

    if (*tag(record, "Edition") != edition)
      return kernel::Error{game + " was played in edition " +
                           kernel::quote(*tag(record, "Edition")) + advice};
    const std::string& tangerine =
        config.engines[static_cast<std::size_t>(scheduled.tangerine)].name;
    const std::string& lavender = config.engines[static_cast<std::size_t>(scheduled.lavender)].name;
    if (*tag(record, "Tangerine") != tangerine || *tag(record, "Lavender") != lavender)
      return kernel::Error{game + " was " + kernel::quote(*tag(record, "Tangerine")) + " vs " +
                           kernel::quote(*tag(record, "Lavender")) + "; this match schedules " +
                           kernel::quote(tangerine) + " vs " + kernel::quote(lavender) + advice};
    const Opening expected = scheduled.opening ? config.openings[*scheduled.opening] : Opening{};
    const auto plies = to_number(*tag(record, "OpeningPlies"));
    const bool same_opening =
        *tag(record, "FEN") == start_fen_of(config, scheduled.opening) && plies &&
        *plies == static_cast<long long>(expected.moves.size()) &&
        record.moves.size() >= expected.moves.size() &&
        std::equal(expected.moves.begin(), expected.moves.end(), record.moves.begin());
    if (!same_opening)
      return kernel::Error{game +
                           " was played from another opening than this match's (another book, or "
                           "another --shuffle seed?)" +
                           advice};

    ResumedGame resumed;
    resumed.number = static_cast<int>(*number);
    GameRecord& r = resumed.record;
    r.tangerine = tangerine;
    r.lavender = lavender;
    r.start_fen = *tag(record, "FEN");
    if (const std::string* id = tag(record, "Opening")) r.opening_id = *id;
    r.moves = record.moves;
    r.opening_plies = expected.moves.size();
    const std::string& result = *tag(record, "Result");
    if (result != record.result)
      return kernel::Error{game + ": the Result tag " + kernel::quote(result) +
                           " differs from the result " + record.result + " after the moves"};
    if (result == "1-0")
      r.winner = Winner::kTangerine;
    else if (result == "0-1")
      r.winner = Winner::kLavender;
    else if (result == "1/2-1/2")
      r.winner = Winner::kNone;
    else
      return kernel::Error{game + " has no result (" + kernel::quote(result) + ")"};
    const auto termination = parse_termination(*tag(record, "Termination"));
    if (!termination || *termination == Termination::kInterrupted)
      return kernel::Error{game + ": unknown Termination " +
                           kernel::quote(*tag(record, "Termination"))};
    r.termination = *termination;
    r.reason = *tag(record, "Reason");
    games.push_back(std::move(resumed));
  }
  return games;
}

kernel::Expected<std::vector<PgnGame>> read_match_records(const std::string& path,
                                                          std::ostream& notes) {
  // The record is read, cut and appended to: only a regular file can be all
  // three (a device such as /dev/zero would be read without end).
  std::error_code status_error;
  if (std::filesystem::exists(path, status_error) &&
      !std::filesystem::is_regular_file(path, status_error))
    return kernel::Error{kernel::quote(path) +
                         " is not a regular file (the PGN file of the match to resume)"};
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    notes << "arena: --resume: no '" << path << "' yet; the match starts from its first game\n";
    return std::vector<PgnGame>{};
  }
  std::size_t complete_bytes = 0;
  auto records = read_pgn(in, &complete_bytes);
  if (!records) return kernel::Error{path + ": " + records.error()};
  in.close();
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && complete_bytes < size) {
    std::filesystem::resize_file(path, complete_bytes, ec);
    if (ec)
      return kernel::Error{"cannot cut the unfinished last record off '" + path +
                           "': " + ec.message()};
    notes << "arena: --resume: removed an unfinished game record from the end of " << path << "\n";
  }
  return records;
}

}  // namespace leiser::arena
