#include "arena/recorder.h"

#include <algorithm>
#include <cstddef>
#include <ctime>
#include <utility>

#include "arena/pgn.h"

namespace leiser::arena {

namespace {

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &local);
  return text;
}

}  // namespace

MatchRecorder::MatchRecorder(const MatchConfig& config, std::ostream& progress, bool live)
    : config_(config),
      progress_(progress),
      live_(live),
      schedule_(schedule_games(config)),
      tally_(config),
      date_(today()) {
  result_.scheduled = static_cast<int>(schedule_.size());
  result_.restarts.assign(config.engines.size(), 0);
  if (!config.pgn_path.empty()) {
    // Appended to: a resumed match adds its games after those it read, and
    // an earlier match's records are never overwritten.
    pgn_.open(config.pgn_path, std::ios::app);
    if (!pgn_) fail("cannot write '" + config.pgn_path + "'");
  }
}

std::vector<ScheduledGame> MatchRecorder::resume(const std::vector<ResumedGame>& games) {
  std::vector<bool> done(schedule_.size(), false);
  for (const ResumedGame& game : games) {
    // A resumed game cannot be an interrupted one (the PGN has none), so
    // this only counts it.
    ++result_.resumed;
    done.at(static_cast<std::size_t>(game.number - 1)) = true;
    count(schedule_[static_cast<std::size_t>(game.number - 1)], game.record);
  }
  if (result_.resumed > 0)
    progress_ << "resumed " << result_.resumed << (result_.resumed == 1 ? " game: " : " games: ")
              << current_line() << '\n'
              << std::flush;
  std::vector<ScheduledGame> left;
  for (const ScheduledGame& game : schedule_)
    if (!done[static_cast<std::size_t>(game.number - 1)]) left.push_back(game);
  return left;
}

void MatchRecorder::count(const ScheduledGame& game, GameRecord record) {
  tally_.add(game, record);
  if (tally_.sprt_decision() != SprtDecision::kContinue) stopped_ = true;
  game_numbers_.push_back(game.number);
  result_.games.push_back(std::move(record));
}

bool MatchRecorder::record(const ScheduledGame& game, GameRecord record) {
  if (record.termination == Termination::kInterrupted) {
    // Not a result: --resume plays it again.
    ++result_.abandoned;
    result_.interrupted = true;
    return !stopped();
  }
  if (pgn_.is_open()) {
    PgnTags tags;
    tags.date = date_;
    tags.round = game.number;
    tags.edition = config_.edition;
    tags.tangerine = config_.engines[static_cast<std::size_t>(game.tangerine)];
    tags.lavender = config_.engines[static_cast<std::size_t>(game.lavender)];
    tags.shuffle_seed = config_.shuffle_seed;
    pgn_ << format_game_record(record, tags) << std::flush;
    // A full disk, say: stop rather than play games nobody keeps.
    if (!pgn_) fail("cannot write '" + config_.pgn_path + "'");
  }
  count(game, std::move(record));
  const GameRecord& played = result_.games.back();
  const std::string line = current_line();
  if (live_) {
    progress_ << '\r' << line << "\x1b[K" << std::flush;
  } else {
    progress_ << "game " << game.number << " " << played.tangerine << " vs " << played.lavender
              << ": " << played.score() << " (" << played.reason << ")\n"
              << line << '\n'
              << std::flush;
  }
  return !stopped();
}

void MatchRecorder::fail(const std::string& error) {
  if (result_.error.empty()) result_.error = error;
  stopped_ = true;
}

void MatchRecorder::add_restarts(int engine, int restarts) {
  result_.restarts.at(static_cast<std::size_t>(engine)) += restarts;
}

std::string MatchRecorder::current_line() const {
  const auto [first, first_pairs] = tally_.first_engine_results();
  return progress_line(config_, static_cast<int>(result_.games.size()), result_.scheduled, first,
                       first_pairs, tally_.sprt_llr());
}

MatchResult MatchRecorder::finish() {
  result_.pairs = tally_.pairs();
  result_.sprt_llr = tally_.sprt_llr();
  result_.sprt_decision = tally_.sprt_decision();
  if (live_ && !result_.games.empty()) progress_ << '\n' << std::flush;
  // Recording order to game-number order.
  std::vector<std::size_t> order(result_.games.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return game_numbers_[a] < game_numbers_[b]; });
  std::vector<GameRecord> sorted;
  sorted.reserve(order.size());
  for (std::size_t i : order) sorted.push_back(std::move(result_.games[i]));
  result_.games = std::move(sorted);
  game_numbers_.clear();
  return std::move(result_);
}

}  // namespace leiser::arena
