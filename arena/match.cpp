#include "arena/match.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "arena/pgn.h"

namespace leiser::arena {

namespace {

// The SPRT decides nothing before this many pairs of games.
constexpr int kSprtMinPairs = 10;

using Job = ScheduledGame;

std::vector<PairResult> all_pairs(const MatchConfig& config) {
  std::vector<PairResult> pairs;
  const int n = static_cast<int>(config.engines.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) pairs.push_back({a, b, {}, {}});
  return pairs;
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &local);
  return text;
}

std::string percent(double fraction) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * fraction);
  return text;
}

std::string fixed(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

// "41.2 s", "3 min 12 s", "2 h 05 min".
std::string duration_text(double seconds) {
  char text[48];
  const long long whole = static_cast<long long>(seconds);
  if (seconds < 60) std::snprintf(text, sizeof text, "%.1f s", seconds);
  else if (seconds < 3600) std::snprintf(text, sizeof text, "%lld min %lld s", whole / 60, whole % 60);
  else std::snprintf(text, sizeof text, "%lld h %02lld min", whole / 3600, whole / 60 % 60);
  return text;
}

std::string margin_text(double margin) {
  return std::isinf(margin) ? "inf" : fixed(margin, 1);
}

// Everything the workers share, behind one mutex: games are minutes long,
// so contention is nil and one lock keeps the bookkeeping obviously right.
class MatchState {
 public:
  MatchState(const MatchConfig& config, std::ostream& progress, bool live)
      : config_(config), progress_(progress), live_(live), log_(config.protocol_log) {
    result_.pairs = all_pairs(config);
    jobs_ = schedule_games(config);
    done_.assign(jobs_.size(), false);
    result_.scheduled = static_cast<int>(jobs_.size());
    result_.restarts.assign(config.engines.size(), 0);
    if (config.sprt) {
      bounds_ = sprt_bounds(config.sprt->alpha, config.sprt->beta);
      result_.sprt_llr = 0.0;
    }
    if (!config.pgn_path.empty()) {
      // Appended to: a resumed match adds its games after those it read,
      // and an earlier match's records are never overwritten.
      pgn_.open(config.pgn_path, std::ios::app);
      if (!pgn_) {
        result_.error = "cannot write '" + config.pgn_path + "'";
        stop_ = true;
      }
    }
  }

  ProtocolLog* log() { return &log_; }
  bool stopped() const { return stop_.load(); }

  std::optional<Job> next_job() {
    std::lock_guard lock(mutex_);
    if (config_.interrupt && config_.interrupt->load()) result_.interrupted = true;
    if (stop_ || result_.interrupted) return std::nullopt;
    while (next_ < jobs_.size() && done_[next_]) ++next_;
    if (next_ >= jobs_.size()) return std::nullopt;
    return jobs_[next_++];
  }

  // A game read back from the PGN: counted, not written again.
  void resume(const ResumedGame& game) {
    const Job& job = jobs_.at(static_cast<std::size_t>(game.number - 1));
    done_[static_cast<std::size_t>(game.number - 1)] = true;
    ++result_.resumed;
    record(job, game.record, /*resumed=*/true);
  }

  // After the resumed games: one progress line saying where the match stands.
  void report_resumed() {
    if (result_.resumed == 0) return;
    std::lock_guard lock(mutex_);
    progress_ << "resumed " << result_.resumed << (result_.resumed == 1 ? " game: " : " games: ")
              << current_line() << '\n' << std::flush;
  }

  void fail(const std::string& error) {
    std::lock_guard lock(mutex_);
    if (result_.error.empty()) result_.error = error;
    stop_ = true;
  }

  void add_restarts(int engine, int restarts) {
    std::lock_guard lock(mutex_);
    result_.restarts[engine] += restarts;
  }

  void record(const Job& job, GameRecord game, bool resumed = false) {
    std::lock_guard lock(mutex_);
    if (game.termination == Termination::kInterrupted) {
      // Not a result: --resume plays it again.
      ++result_.abandoned;
      result_.interrupted = true;
      return;
    }
    PairResult& pair = result_.pairs[job.pair];
    const bool first_is_tangerine = job.tangerine == pair.first;
    int first_half_points = 1;  // the first engine's points in this game, in half points
    switch (game.winner) {
      case Winner::kTangerine:
        ++(first_is_tangerine ? pair.wdl.wins : pair.wdl.losses);
        first_half_points = first_is_tangerine ? 2 : 0;
        break;
      case Winner::kLavender:
        ++(first_is_tangerine ? pair.wdl.losses : pair.wdl.wins);
        first_half_points = first_is_tangerine ? 0 : 2;
        break;
      case Winner::kNone: ++pair.wdl.draws; break;
    }
    // The second game of an opening completes a pair.
    if (job.twin >= 0) {
      const auto twin = std::make_pair(job.pair, job.twin);
      if (const auto found = half_points_waiting_.find(twin); found != half_points_waiting_.end()) {
        ++pair.ptnml.counts[static_cast<std::size_t>(found->second + first_half_points)];
        half_points_waiting_.erase(found);
      } else {
        half_points_waiting_[twin] = first_half_points;
      }
    }
    if (pgn_.is_open() && !resumed) {
      PgnTags tags;
      tags.date = date_;
      tags.round = job.number;
      tags.edition = config_.edition;
      tags.tangerine = config_.engines[job.tangerine];
      tags.lavender = config_.engines[job.lavender];
      tags.shuffle_seed = config_.shuffle_seed;
      pgn_ << format_game_record(game, tags) << std::flush;
      if (!pgn_ && result_.error.empty()) {
        // A full disk, say: stop rather than play games nobody keeps.
        result_.error = "cannot write '" + config_.pgn_path + "'";
        stop_ = true;
      }
    }
    const auto [first, first_pairs] = first_engine_results();
    if (config_.sprt) {
      const double llr = sprt_llr(first_pairs, config_.sprt->elo0, config_.sprt->elo1);
      result_.sprt_llr = llr;
      // The LLR estimates the variance from the pairs themselves, which a
      // handful of pairs cannot do: a single won pair would pass.
      if (first_pairs.pairs() >= kSprtMinPairs) result_.sprt_decision = sprt_decision(llr, bounds_);
      if (result_.sprt_decision != SprtDecision::kContinue) stop_ = true;
    }
    game_numbers_.push_back(job.number);
    result_.games.push_back(std::move(game));
    if (resumed) return;
    const GameRecord& played = result_.games.back();
    const std::string line = current_line();
    if (live_) {
      progress_ << '\r' << line << "\x1b[K" << std::flush;
    } else {
      progress_ << "game " << job.number << " " << played.tangerine << " vs " << played.lavender << ": "
                << played.score() << " (" << played.reason << ")\n"
                << line << '\n'
                << std::flush;
    }
  }

  // Engine 0 against all others (it is `first` of all its pairs).
  std::pair<Wdl, Pentanomial> first_engine_results() const {
    Wdl first;
    Pentanomial first_pairs;
    for (const PairResult& p : result_.pairs) {
      if (p.first != 0) continue;
      first += p.wdl;
      first_pairs += p.ptnml;
    }
    return {first, first_pairs};
  }

  std::string current_line() const {
    const auto [first, first_pairs] = first_engine_results();
    return progress_line(config_, static_cast<int>(result_.games.size()), result_.scheduled, first,
                         first_pairs, result_.sprt_llr);
  }

  MatchResult finish() {
    if (live_ && !result_.games.empty()) progress_ << '\n' << std::flush;
    // Completion order to game-number order.
    std::vector<std::size_t> order(result_.games.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return game_numbers_[a] < game_numbers_[b]; });
    std::vector<GameRecord> sorted;
    for (std::size_t i : order) sorted.push_back(std::move(result_.games[i]));
    result_.games = std::move(sorted);
    return std::move(result_);
  }

 private:
  const MatchConfig& config_;
  std::ostream& progress_;
  bool live_;
  ProtocolLog log_;
  std::mutex mutex_;
  std::atomic<bool> stop_{false};
  std::vector<Job> jobs_;
  std::vector<bool> done_;  // by game number - 1: resumed from the PGN
  std::size_t next_ = 0;
  MatchResult result_;
  std::vector<int> game_numbers_;
  // (pair, twin) of games whose twin has not finished, with the first
  // engine's half points in them.
  std::map<std::pair<int, int>, int> half_points_waiting_;
  SprtBounds bounds_{0, 0};
  std::ofstream pgn_;
  std::string date_ = today();
};

void worker(const MatchConfig& config, MatchState& state) {
  // This worker's engine processes, started on first use and kept for the
  // following games (restarted by the referee after a crash or a kill).
  std::map<int, std::unique_ptr<EngineClient>> engines;
  auto engine = [&](int index) -> EngineClient& {
    auto& slot = engines[index];
    if (!slot)
      slot = std::make_unique<EngineClient>(config.engines[index], config.edition, config.use_ko,
                                            state.log());
    return *slot;
  };
  try {
    while (auto job = state.next_job()) {
      GameSetup setup;
      setup.edition = config.edition;
      setup.use_ko = config.use_ko;
      setup.adjudication = config.adjudication;
      setup.move_timeout = config.move_timeout;
      setup.abort = config.interrupt;
      if (job->opening) setup.opening = config.openings[*job->opening];
      GameRecord game = play_game(engine(job->tangerine), engine(job->lavender), setup);
      state.record(*job, std::move(game));
    }
  } catch (const std::exception& e) {
    state.fail(e.what());
  }
  for (auto& [index, client] : engines) {
    client->quit();
    state.add_restarts(index, std::max(0, client->starts() - 1));
  }
}

}  // namespace

int games_per_pair(const MatchConfig& config) {
  if (config.games_per_pair > 0) return config.games_per_pair;
  const int rounds = config.rounds > 0 ? config.rounds
                     : config.openings.empty() ? 1
                                               : static_cast<int>(config.openings.size());
  return rounds * std::max(1, config.repeat);
}

std::vector<ScheduledGame> schedule_games(const MatchConfig& config) {
  const std::vector<PairResult> pairs = all_pairs(config);
  const int per_pair = games_per_pair(config);
  const int repeat = std::max(1, config.repeat);
  std::vector<ScheduledGame> games;
  for (int k = 0; k < per_pair; ++k) {
    for (int p = 0; p < static_cast<int>(pairs.size()); ++p) {
      ScheduledGame game;
      game.number = static_cast<int>(games.size()) + 1;
      game.pair = p;
      game.twin = repeat % 2 == 0 ? k / 2 : -1;
      const bool first_is_tangerine = k % 2 == 0;
      game.tangerine = first_is_tangerine ? pairs[p].first : pairs[p].second;
      game.lavender = first_is_tangerine ? pairs[p].second : pairs[p].first;
      if (!config.openings.empty())
        game.opening = static_cast<std::size_t>(k / repeat) % config.openings.size();
      games.push_back(game);
    }
  }
  return games;
}

std::string progress_line(const MatchConfig& config, int done, int total, const Wdl& first,
                          const Pentanomial& first_pairs, std::optional<double> llr) {
  const EloEstimate elo = estimate_elo(first);
  std::string line = std::string("[") + std::to_string(done) + "/" + std::to_string(total) + "] " +
                     config.engines.front().name + ": W " + std::to_string(first.wins) + " D " +
                     std::to_string(first.draws) + " L " + std::to_string(first.losses) + " (" +
                     percent(first.score()) + ")  Elo " + format_elo(elo.elo) + " +/- " +
                     margin_text(elo.margin) + "  LOS " + percent(likelihood_of_superiority(first));
  if (first_pairs.pairs() > 0) {
    line += "  Ptnml(0-2)";
    for (int c : first_pairs.counts) {
      line += ' ';  // appended in two steps: GCC 12 warns falsely about " " + string (bug 105651)
      line += std::to_string(c);
    }
  }
  if (config.sprt && llr) {
    const SprtBounds b = sprt_bounds(config.sprt->alpha, config.sprt->beta);
    line += "  LLR " + fixed(*llr, 2) + " [" + fixed(b.lower, 2) + ", " + fixed(b.upper, 2) + "]";
  }
  return line;
}

MatchResult run_match(const MatchConfig& config, std::ostream& progress, bool live,
                      const std::vector<ResumedGame>& resumed) {
  const auto started = std::chrono::steady_clock::now();
  MatchState state(config, progress, live);
  for (const ResumedGame& game : resumed) state.resume(game);
  state.report_resumed();
  if (!state.stopped()) {
    const int threads = std::max(1, config.concurrency);
    std::vector<std::thread> workers;
    for (int i = 0; i < threads; ++i)
      workers.emplace_back([&config, &state] { worker(config, state); });
    for (std::thread& t : workers) t.join();
  }
  MatchResult result = state.finish();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

void print_summary(const MatchConfig& config, const MatchResult& result, std::ostream& out) {
  const int n = static_cast<int>(config.engines.size());
  std::vector<Wdl> field(n);  // each engine against all others
  for (const PairResult& p : result.pairs) {
    field[p.first] += p.wdl;
    field[p.second] += p.wdl.reversed();
  }
  std::vector<int> rank(n);
  for (int i = 0; i < n; ++i) rank[i] = i;
  std::stable_sort(rank.begin(), rank.end(),
                   [&](int a, int b) { return field[a].points() > field[b].points(); });
  std::size_t width = 4;
  for (const EngineSpec& e : config.engines) width = std::max(width, e.name.size());
  auto pad = [](std::string s, std::size_t w) {
    if (s.size() < w) s += std::string(w - s.size(), ' ');
    return s;
  };

  out << "Match: " << result.games.size() << " of " << result.scheduled << " games, edition "
      << kernel::edition_name(config.edition) << "\n";
  const int played = static_cast<int>(result.games.size()) - result.resumed;
  out << "Time: " << duration_text(result.seconds) << " for " << played
      << (played == 1 ? " game" : " games");
  if (result.resumed > 0)
    out << " (and " << result.resumed << " read back from " << config.pgn_path << ")";
  out << "\n\n";
  out << "Rank " << pad("Name", width) << "  Limits           Games  Points   Score    Elo     +/-\n";
  for (int r = 0; r < n; ++r) {
    const int i = rank[r];
    const Wdl& w = field[i];
    const EloEstimate elo = estimate_elo(w);
    out << pad(std::to_string(r + 1), 5) << pad(config.engines[i].name, width) << "  "
        << pad(describe_limits(config.engines[i]), 16) << " " << pad(std::to_string(w.games()), 6)
        << " " << pad(fixed(w.points(), 1), 8) << " " << pad(percent(w.score()), 8)
        << " " << pad(format_elo(elo.elo), 7) << " " << margin_text(elo.margin) << "\n";
  }
  out << "\nPairs (W/D/L from the first engine's point of view):\n";
  for (const PairResult& p : result.pairs) {
    const EloEstimate elo = estimate_elo(p.wdl);
    out << "  " << config.engines[p.first].name << " vs " << config.engines[p.second].name
        << ": W " << p.wdl.wins << " D " << p.wdl.draws << " L " << p.wdl.losses << "  score "
        << percent(p.wdl.score()) << "  Elo " << format_elo(elo.elo) << " +/- "
        << margin_text(elo.margin) << " (95% interval " << format_elo(elo.lower) << " .. "
        << format_elo(elo.upper) << ")  LOS " << percent(likelihood_of_superiority(p.wdl)) << "\n";
    if (p.ptnml.pairs() > 0) {
      const EloEstimate paired = estimate_elo(p.ptnml);
      out << "    pairs " << p.ptnml.pairs() << ", Ptnml(0-2)";
      for (int c : p.ptnml.counts) out << " " << c;
      out << "  Elo " << format_elo(paired.elo) << " +/- " << margin_text(paired.margin) << " (95% interval "
          << format_elo(paired.lower) << " .. " << format_elo(paired.upper) << ")\n";
    }
  }
  if (config.sprt) {
    const SprtBounds b = sprt_bounds(config.sprt->alpha, config.sprt->beta);
    const char* verdict = result.sprt_decision == SprtDecision::kAcceptH1   ? "H1 accepted"
                          : result.sprt_decision == SprtDecision::kAcceptH0 ? "H0 accepted"
                                                                            : "inconclusive";
    out << "\nSPRT elo0=" << config.sprt->elo0 << " elo1=" << config.sprt->elo1
        << " alpha=" << config.sprt->alpha << " beta=" << config.sprt->beta << ": LLR "
        << fixed(result.sprt_llr.value_or(0), 2) << " [" << fixed(b.lower, 2) << ", "
        << fixed(b.upper, 2) << "]: " << verdict << "\n";
  }
  std::map<std::string, int> ends;
  for (const GameRecord& g : result.games) ++ends[termination_name(g.termination)];
  out << "\nGame ends:";
  for (const auto& [name, count] : ends) out << " " << name << " " << count << ";";
  out << "\n";
  bool any_restart = false;
  for (int i = 0; i < n; ++i) {
    if (result.restarts[i] == 0) continue;
    if (!any_restart) out << "Engine restarts:";
    any_restart = true;
    out << " " << config.engines[i].name << " " << result.restarts[i] << ";";
  }
  if (any_restart) out << "\n";
  if (!result.error.empty()) out << "Match stopped: " << result.error << "\n";
  if (result.interrupted) {
    const int left = result.scheduled - static_cast<int>(result.games.size());
    out << "Match interrupted: " << result.abandoned
        << (result.abandoned == 1 ? " game in progress was" : " games in progress were")
        << " abandoned, not recorded; " << left << " of " << result.scheduled << " games not played";
    if (!config.pgn_path.empty()) out << " (the same command with --resume plays them)";
    out << "\n";
  }
}

bool check_engines(const MatchConfig& match, std::ostream& err) {
  ProtocolLog log(match.protocol_log);
  for (const EngineSpec& spec : match.engines) {
    EngineClient engine(spec, match.edition, match.use_ko, &log);
    if (auto problem = engine.start()) {
      err << "error: engine '" << spec.name << "' failed to start: " << *problem << "\n";
      return false;
    }
    for (const std::string& warning : engine.setup_warnings())
      err << "warning: engine '" << spec.name << "' during setup: " << warning << "\n";
    engine.quit();
  }
  return true;
}

}  // namespace leiser::arena
