#include "arena/match.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "arena/pgn.h"
#include "arena/player.h"
#include "arena/recorder.h"
#include "arena/tally.h"

namespace leiser::arena {

namespace {

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
  if (seconds < 60)
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  else if (seconds < 3600)
    std::snprintf(text, sizeof text, "%lld min %lld s", whole / 60, whole % 60);
  else
    std::snprintf(text, sizeof text, "%lld h %02lld min", whole / 3600, whole / 60 % 60);
  return text;
}

std::string margin_text(double margin) { return std::isinf(margin) ? "inf" : fixed(margin, 1); }

// What play_games' threads share: the games left and the outcome, behind
// one mutex (games are seconds to minutes long, so contention is nil and
// one lock keeps the bookkeeping obviously right).
class GameQueue {
 public:
  GameQueue(const MatchConfig& config, const std::vector<ScheduledGame>& games,
            const GameSink& on_game)
      : config_(config), games_(games), on_game_(on_game) {
    outcome_.restarts.assign(config.engines.size(), 0);
  }

  std::optional<ScheduledGame> next() {
    std::lock_guard lock(mutex_);
    if (config_.interrupt && config_.interrupt->load()) outcome_.interrupted = true;
    if (stop_ || outcome_.interrupted || next_ >= games_.size()) return std::nullopt;
    return games_[next_++];
  }

  void finished(const ScheduledGame& game, GameRecord record) {
    std::lock_guard lock(mutex_);
    if (!on_game_(game, std::move(record))) stop_ = true;
  }

  void fail(const std::string& error) {
    std::lock_guard lock(mutex_);
    if (outcome_.error.empty()) outcome_.error = error;
    stop_ = true;
  }

  void add_restarts(const std::vector<int>& restarts) {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < restarts.size(); ++i) outcome_.restarts[i] += restarts[i];
  }

  PlayOutcome outcome() {
    std::lock_guard lock(mutex_);
    return outcome_;
  }

 private:
  const MatchConfig& config_;
  const std::vector<ScheduledGame>& games_;
  const GameSink& on_game_;
  std::mutex mutex_;
  std::size_t next_ = 0;
  bool stop_ = false;
  PlayOutcome outcome_;
};

void worker(const MatchConfig& config, GameQueue& queue, ProtocolLog& log) {
  GamePlayer player(config, &log);
  try {
    while (auto game = queue.next()) {
      const Opening opening = game->opening ? config.openings[*game->opening] : Opening{};
      queue.finished(*game, player.play(*game, opening));
    }
  } catch (const std::exception& e) {
    queue.fail(e.what());
  }
  queue.add_restarts(player.quit());
}

}  // namespace

int games_per_pair(const MatchConfig& config) {
  if (config.games_per_pair > 0) return config.games_per_pair;
  const int rounds = config.rounds > 0         ? config.rounds
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

PlayOutcome play_games(const MatchConfig& config, const std::vector<ScheduledGame>& games,
                       const GameSink& on_game) {
  GameQueue queue(config, games, on_game);
  ProtocolLog log(config.protocol_log);
  const int threads = std::max(1, config.concurrency);
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i)
    workers.emplace_back([&config, &queue, &log] { worker(config, queue, log); });
  for (std::thread& t : workers) t.join();
  return queue.outcome();
}

MatchResult run_match(const MatchConfig& config, std::ostream& progress, bool live,
                      const std::vector<ResumedGame>& resumed) {
  const auto started = std::chrono::steady_clock::now();
  MatchRecorder recorder(config, progress, live);
  const std::vector<ScheduledGame> left = recorder.resume(resumed);
  if (!recorder.stopped()) {
    const PlayOutcome outcome =
        play_games(config, left, [&recorder](const ScheduledGame& game, GameRecord record) {
          return recorder.record(game, std::move(record));
        });
    if (!outcome.error.empty()) recorder.fail(outcome.error);
    if (outcome.interrupted) recorder.mark_interrupted();
    for (std::size_t i = 0; i < outcome.restarts.size(); ++i)
      recorder.add_restarts(static_cast<int>(i), outcome.restarts[i]);
  }
  MatchResult result = recorder.finish();
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
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
  out << "Rank " << pad("Name", width)
      << "  Limits           Games  Points   Score    Elo     +/-\n";
  for (int r = 0; r < n; ++r) {
    const int i = rank[r];
    const Wdl& w = field[i];
    const EloEstimate elo = estimate_elo(w);
    out << pad(std::to_string(r + 1), 5) << pad(config.engines[i].name, width) << "  "
        << pad(describe_limits(config.engines[i]), 16) << " " << pad(std::to_string(w.games()), 6)
        << " " << pad(fixed(w.points(), 1), 8) << " " << pad(percent(w.score()), 8) << " "
        << pad(format_elo(elo.elo), 7) << " " << margin_text(elo.margin) << "\n";
  }
  out << "\nPairs (W/D/L from the first engine's point of view):\n";
  for (const PairResult& p : result.pairs) {
    const EloEstimate elo = estimate_elo(p.wdl);
    out << "  " << config.engines[p.first].name << " vs " << config.engines[p.second].name << ": W "
        << p.wdl.wins << " D " << p.wdl.draws << " L " << p.wdl.losses << "  score "
        << percent(p.wdl.score()) << "  Elo " << format_elo(elo.elo) << " +/- "
        << margin_text(elo.margin) << " (95% interval " << format_elo(elo.lower) << " .. "
        << format_elo(elo.upper) << ")  LOS " << percent(likelihood_of_superiority(p.wdl)) << "\n";
    if (p.ptnml.pairs() > 0) {
      const EloEstimate paired = estimate_elo(p.ptnml);
      out << "    pairs " << p.ptnml.pairs() << ", Ptnml(0-2)";
      for (int c : p.ptnml.counts) out << " " << c;
      out << "  Elo " << format_elo(paired.elo) << " +/- " << margin_text(paired.margin)
          << " (95% interval " << format_elo(paired.lower) << " .. " << format_elo(paired.upper)
          << ")\n";
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
        << " abandoned, not recorded; " << left << " of " << result.scheduled
        << " games not played";
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
