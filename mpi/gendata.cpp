#include "mpi/gendata.h"

#include <mpi.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <streambuf>
#include <thread>

#include "base/parse_integer.h"
#include "kernel/edition.h"
#include "mpi/affinity.h"
#include "mpi/messages.h"
#include "nnue/training_data.h"

namespace leiser::mpi {
namespace {

// Tags of this command's messages, apart from perft's (mpi/messages.h).
constexpr int kGendataProgress = 21;  // 3 x int64: games done, games to play, positions (this run)
constexpr int kGendataDone = 22;      // text: see encode_done

// An ostream buffer that the main thread may read while the gendata thread
// writes to it: what gendata says besides its progress (errors, "resuming"),
// relayed to the user at the end. The progress itself comes as data
// (core::CoreEntry::gendata's callback).
class SharedText : public std::streambuf {
 public:
  std::string text() const {
    std::lock_guard lock(mutex_);
    return text_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    std::lock_guard lock(mutex_);
    text_.push_back(traits_type::to_char_type(c));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard lock(mutex_);
    text_.append(s, static_cast<std::size_t>(n));
    return n;
  }

 private:
  mutable std::mutex mutex_;
  std::string text_;
};

// What a rank reports when its gendata has finished.
struct RankReport {
  int status = 0;
  std::int64_t games_played = 0;       // this run
  std::int64_t positions_written = 0;  // this run
  std::int64_t file_games = 0;         // games in the rank's file afterwards
  std::int64_t file_positions = 0;
  std::string out;    // gendata's stdout (its summary line)
  std::string notes;  // its stderr (the progress comes as data): errors, "resuming"
};

// Status and counts on the first line, then stdout, a NUL, stderr.
std::string encode_done(const RankReport& r) {
  std::ostringstream text;
  text << r.status << " " << r.games_played << " " << r.positions_written << " " << r.file_games
       << " " << r.file_positions << "\n"
       << r.out << '\0' << r.notes;
  return text.str();
}

RankReport decode_done(const std::string& text) {
  RankReport r;
  std::istringstream head(text.substr(0, text.find('\n')));
  if (!(head >> r.status >> r.games_played >> r.positions_written >> r.file_games >>
        r.file_positions))
    r.status = 1;
  const auto body = text.find('\n') == std::string::npos ? text.size() : text.find('\n') + 1;
  const auto nul = text.find('\0', body);
  r.out = text.substr(body, nul == std::string::npos ? std::string::npos : nul - body);
  if (nul != std::string::npos) r.notes = text.substr(nul + 1);
  return r;
}

// The value after option `name` in gendata's "--name value" pairs (name=value
// engine options take no value), or none.
std::optional<std::size_t> value_index(const std::vector<std::string>& args,
                                       const std::string& name) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].rfind("--", 0) != 0) continue;
    if (args[i] == name && i + 1 < args.size()) found = i + 1;
    ++i;
  }
  return found;
}

std::string quoted(const std::string& arg) {
  if (!arg.empty() && arg.find_first_of(" \t\n'\"\\$`*?;&|<>()") == std::string::npos) return arg;
  std::string text = "'";
  for (const char c : arg) text += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return text + "'";
}

std::string progress_line(const std::vector<std::array<std::int64_t, 3>>& per_rank,
                          double seconds) {
  std::int64_t done = 0, todo = 0, positions = 0;
  for (const auto& p : per_rank) {
    done += p[0];
    todo += p[1];
    positions += p[2];
  }
  const double rate = seconds > 0 ? static_cast<double>(positions) / seconds : 0;
  std::string eta = "?";
  if (done > 0) {
    const auto s = static_cast<long long>(
        seconds / static_cast<double>(done) * static_cast<double>(todo - done) + 0.5);
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, (s / 60) % 60, s % 60);
    eta = text;
  }
  char line[200];
  std::snprintf(line, sizeof line,
                "progress: ranks %zu  games %lld/%lld  positions %lld  %.0f positions/s  ETA %s",
                per_rank.size(), static_cast<long long>(done), static_cast<long long>(todo),
                static_cast<long long>(positions), rate, eta.c_str());
  return line;
}

// The manifest: text, one "key value" per line, a line per rank with its
// file last (a path may hold spaces).
bool write_manifest(const std::string& out, const std::vector<std::string>& args, int ranks,
                    const std::vector<RankReport>& reports) {
  const std::string path = manifest_file(out);
  const auto edition_at = value_index(args, "--edition");
  const auto games_at = value_index(args, "--games");
  const auto edition = edition_at ? kernel::parse_edition(args[*edition_at]) : std::nullopt;
  std::ostringstream text;
  text << "leiserchess-mpi gendata manifest 1\n";
  text << "command leiserchess-mpi gendata";
  for (const std::string& arg : args) text << " " << quoted(arg);
  text << "\n";
  text << "edition " << (edition ? kernel::edition_name(*edition) : std::string("?")) << "\n";
  text << "games " << (games_at ? args[*games_at] : std::string("?")) << "\n";
  text << "ranks " << ranks << "\n";
  std::int64_t games = 0, positions = 0;
  for (int r = 0; r < ranks; ++r) {
    const RankReport& report = reports[static_cast<std::size_t>(r)];
    text << "rank " << r << " first-game " << r << " game-stride " << ranks << " games "
         << report.file_games << " positions " << report.file_positions << " file "
         << rank_file(out, r) << "\n";
    games += report.file_games;
    positions += report.file_positions;
  }
  text << "total games " << games << " positions " << positions << "\n";
  // Written whole, then renamed: a manifest is never half there.
  const std::string partial = path + ".partial";
  {
    std::ofstream file(partial, std::ios::trunc);
    file << text.str();
    if (!file.flush()) return false;
  }
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  return !ec;
}

}  // namespace

std::string rank_file(const std::string& out, int rank) {
  return out + ".rank" + std::to_string(rank);
}
std::string manifest_file(const std::string& out) { return out + ".manifest"; }

int run_gendata(const std::vector<std::string>& args, const core::CoreEntry& core, int rank,
                int ranks) {
  constexpr int kBadInput = 2;
  // Checks that need no engine, the same on every rank: the shares are ours
  // to choose; the rest gendata checks itself on every rank.
  for (const std::string& arg : args)
    if (arg == "--first-game" || arg == "--game-stride") {
      if (rank == 0)
        std::cerr << "error: gendata: leiserchess-mpi gives each rank its share of the games; "
                  << arg << " is not an option here\n";
      return kBadInput;
    }
  if (args.empty()) {
    if (rank == 0) std::cerr << "error: gendata: no options\n" << kGendataUsage << "\n";
    return kBadInput;
  }
  if (args.front() == "--help" || args.front() == "-h") {
    if (rank == 0) std::cout << kGendataUsage << "\n";
    return 0;
  }

  // Every rank plays games. A bad --threads is gendata's to refuse (below).
  if (const auto threads_at = value_index(args, "--threads"))
    if (const auto threads = base::parse_integer(args[*threads_at], 1, 1 << 20))
      warn_if_bound(static_cast<int>(*threads), 0, rank, ranks, std::cerr);

  // This rank's options: its file and its share.
  std::vector<std::string> command(args.begin(), args.end());
  const auto out_at = value_index(args, "--out");
  const std::string out = out_at ? args[*out_at] : std::string();
  if (out_at) command[*out_at] = rank_file(out, rank);
  command.insert(command.end(),
                 {"--first-game", std::to_string(rank), "--game-stride", std::to_string(ranks)});

  SharedText err_text;
  std::ostream err(&err_text);
  // The rank's latest progress, written by the gendata thread's callback.
  std::mutex latest_mutex;
  std::optional<std::array<std::int64_t, 3>> latest;
  auto latest_progress = [&] {
    std::lock_guard lock(latest_mutex);
    return latest;
  };
  std::ostringstream out_text;
  RankReport report;
  std::atomic<bool> finished{false};
  const auto start = std::chrono::steady_clock::now();
  std::thread runner([&] {
    report.status = core.gendata(
        command,
        [&](const core::GendataProgress& p) {
          std::lock_guard lock(latest_mutex);
          latest = {p.games_done, p.games_total, p.positions};
        },
        out_text, err);
    finished = true;
  });

  // Every rank sends its progress to rank 0 about once a second; rank 0
  // prints the sum at most once a second. Only this thread calls MPI.
  std::vector<std::array<std::int64_t, 3>> progress(static_cast<std::size_t>(ranks), {0, 0, 0});
  std::vector<std::optional<RankReport>> reports(static_cast<std::size_t>(ranks));
  auto last_sent = start;
  auto last_printed = start;
  bool printed = false;
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  auto receive = [&] {
    for (;;) {
      int arrived = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
      if (!arrived) return;
      const auto from = static_cast<std::size_t>(status.MPI_SOURCE);
      if (status.MPI_TAG == kGendataProgress) {
        std::array<std::int64_t, 3> counts{};
        MPI_Recv(counts.data(), 3, MPI_INT64_T, status.MPI_SOURCE, kGendataProgress, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        progress[from] = counts;
      } else {
        reports[from] = decode_done(receive_text(status));
      }
    }
  };
  while (!finished) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const auto now = std::chrono::steady_clock::now();
    if (now - last_sent < std::chrono::seconds(1)) {
      if (rank == 0) receive();
      continue;
    }
    last_sent = now;
    if (const auto mine = latest_progress()) {
      if (rank == 0)
        progress[0] = *mine;
      else
        MPI_Send(mine->data(), 3, MPI_INT64_T, 0, kGendataProgress, MPI_COMM_WORLD);
    }
    if (rank == 0) {
      receive();
      if (now - last_printed >= std::chrono::seconds(1)) {
        last_printed = now;
        printed = true;
        std::cerr << progress_line(progress, seconds()) << "\n" << std::flush;
      }
    }
  }
  runner.join();

  // This rank's totals: its final progress and its file.
  if (const auto mine = latest_progress()) {
    report.games_played = (*mine)[0];
    report.positions_written = (*mine)[2];
    progress[static_cast<std::size_t>(rank)] = *mine;
  }
  report.out = out_text.str();
  report.notes = err_text.text();
  if (report.status == 0) {
    const auto summary = nnue::summarize_data_file(rank_file(out, rank));
    if (summary) {
      report.file_games = static_cast<std::int64_t>(summary->games.size());
      report.file_positions = static_cast<std::int64_t>(summary->records);
    } else {
      report.status = 1;
      report.notes += "error: gendata: " + summary.error() + "\n";
    }
  }

  int status = 0;
  if (rank != 0) {
    const std::string text = encode_done(report);
    MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, kGendataDone, MPI_COMM_WORLD);
  } else {
    reports[0] = report;
    while (
        std::any_of(reports.begin(), reports.end(), [](const auto& r) { return !r.has_value(); })) {
      receive();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (std::chrono::steady_clock::now() - last_printed >= std::chrono::seconds(1)) {
        last_printed = std::chrono::steady_clock::now();
        printed = true;
        std::cerr << progress_line(progress, seconds()) << "\n" << std::flush;
      }
    }
    for (std::size_t r = 0; r < reports.size(); ++r)
      if (reports[r]->status == 0)
        progress[r] = {reports[r]->games_played, reports[r]->games_played,
                       reports[r]->positions_written};
    // Errors: one line each, the same line from several ranks once (a bad
    // argument is found by every rank); other notes with their rank.
    std::set<std::string> said;
    for (std::size_t r = 0; r < reports.size(); ++r) {
      std::istringstream lines(reports[r]->notes);
      for (std::string line; std::getline(lines, line);) {
        if (line.empty()) continue;
        if (line.rfind("error:", 0) == 0) {
          if (said.insert(line).second) std::cerr << line << "\n";
        } else {
          std::cerr << "rank " << r << ": " << line << "\n";
        }
      }
      status = std::max(status, reports[r]->status);
    }
    if (status == 0) {
      if (printed) std::cerr << progress_line(progress, seconds()) << "\n";
      for (std::size_t r = 0; r < reports.size(); ++r)
        std::cout << "rank " << r << ": " << reports[r]->out;
      std::int64_t played = 0, written = 0, games = 0, positions = 0;
      std::vector<RankReport> all;
      for (const auto& r : reports) {
        played += r->games_played;
        written += r->positions_written;
        games += r->file_games;
        positions += r->file_positions;
        all.push_back(*r);
      }
      if (!write_manifest(out, args, ranks, all)) {
        std::cerr << "error: gendata: cannot write '" << manifest_file(out) << "'\n";
        status = 1;
      } else {
        std::cout << "gendata: " << ranks << " ranks, " << played << " games, " << written
                  << " positions written in this run; the files hold " << games << " games, "
                  << positions << " positions; manifest '" << manifest_file(out) << "'\n"
                  << std::flush;
      }
    }
  }
  // Every rank leaves with rank 0's verdict.
  MPI_Request request;
  MPI_Ibcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  wait_politely(request);
  return status;
}

}  // namespace leiser::mpi
