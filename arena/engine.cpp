#include "arena/engine.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace leiser::arena {

namespace {

using std::chrono::milliseconds;

// Generous: an engine may allocate a large hash table before `uciok` or
// `readyok`. Only a broken engine comes near these.
constexpr milliseconds kHandshakeTimeout{10000};
// How long a stopped search may take to print its `bestmove`.
constexpr milliseconds kStopGrace{1000};
// How long `quit` may take before SIGKILL.
constexpr milliseconds kQuitGrace{1000};
// Writes go to a pipe the engine should be draining; a full pipe for this
// long means it is not.
constexpr milliseconds kWriteTimeout{5000};

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string seconds_text(milliseconds ms) {
  std::ostringstream s;
  s.precision(ms.count() % 1000 == 0 ? 0 : 1);
  s << std::fixed << ms.count() / 1000.0 << " s";
  return s.str();
}

}  // namespace

void ProtocolLog::line(const std::string& engine, char direction, const std::string& text) {
  if (!out_) return;
  std::lock_guard lock(mutex_);
  *out_ << engine << ' ' << direction << ' ' << text << '\n';
}

std::optional<int> parse_info_score(const std::string& line) {
  const auto words = split_words(line);
  if (words.empty() || words[0] != "info") return std::nullopt;
  for (std::size_t i = 1; i + 2 < words.size(); ++i) {
    if (words[i] != "score") continue;
    const std::string& kind = words[i + 1];
    const std::string& number = words[i + 2];
    int value = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (ec != std::errc() || end != number.data() + number.size()) return std::nullopt;
    if (kind == "cp") return value;
    // "mate n": n moves to mate, negative when being mated.
    if (kind == "mate") return value > 0 ? kMateScoreCp - value : -kMateScoreCp - value;
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<int> parse_info_depth(const std::string& line) {
  const auto words = split_words(line);
  if (words.empty() || words[0] != "info") return std::nullopt;
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    if (words[i] != "depth") continue;
    int value = 0;
    const std::string& number = words[i + 1];
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (ec != std::errc() || end != number.data() + number.size() || value < 0) return std::nullopt;
    return value;
  }
  return std::nullopt;
}

EngineClient::EngineClient(EngineSpec spec, kernel::Edition edition, bool use_ko, ProtocolLog* log)
    : spec_(std::move(spec)), edition_(edition), use_ko_(use_ko), log_(log) {}

EngineClient::~EngineClient() { quit(); }

bool EngineClient::send(const std::string& line) {
  if (log_) log_->line(spec_.name, '<', line);
  return process_.write_line(line, Clock::now() + kWriteTimeout) == IoStatus::kOk;
}

IoStatus EngineClient::receive(std::string& line, Clock::time_point deadline) {
  const IoStatus status = process_.read_line(line, deadline);
  if (status == IoStatus::kOk && log_) log_->line(spec_.name, '>', line);
  return status;
}

std::string EngineClient::crash_detail() {
  // The pipe closed; give the process a moment to finish dying so that its
  // exit status can be reported, then reap it (killing it if it lingers).
  process_.stop(milliseconds(500));
  const std::string& how = process_.exit_description();
  return how.empty() ? "closed its output" : how;
}

std::optional<std::string> EngineClient::wait_for(const std::string& expected,
                                                  const std::string& after, milliseconds timeout,
                                                  std::vector<std::string>* errors) {
  const auto deadline = Clock::now() + timeout;
  std::string line;
  while (true) {
    switch (receive(line, deadline)) {
      case IoStatus::kOk:
        if (line == expected) return std::nullopt;
        if (errors && line.rfind("info string error", 0) == 0) errors->push_back(line);
        break;
      case IoStatus::kTimeout:
        return "no '" + expected + "' within " + seconds_text(timeout) + " after '" + after + "'";
      case IoStatus::kClosed:
        return crash_detail() + " before answering '" + after + "'";
    }
  }
}

std::optional<std::string> EngineClient::start() {
  quit();
  warnings_.clear();
  ++starts_;
  ProcessSpec ps{spec_.argv, spec_.working_dir, log_ && log_->enabled()};
  if (auto problem = process_.start(ps)) return problem;
  if (!send("uci")) return crash_detail() + " at startup";
  if (auto problem = wait_for("uciok", "uci", kHandshakeTimeout)) {
    process_.kill();
    return problem;
  }
  // The edition goes first: `position startpos` depends on it. The user's
  // options come last so that they can override ours.
  std::vector<std::string> setup = {"setoption name edition value " +
                                    std::string(kernel::edition_name(edition_))};
  if (!use_ko_) setup.push_back("setoption name use_ko value false");
  for (const auto& [key, value] : spec_.options)
    setup.push_back("setoption name " + key + " value " + value);
  for (const std::string& line : setup)
    if (!send(line)) return crash_detail() + " during setup";
  if (!send("isready")) return crash_detail() + " during setup";
  if (auto problem = wait_for("readyok", "isready", kHandshakeTimeout, &warnings_)) {
    process_.kill();
    return problem;
  }
  return std::nullopt;
}

std::optional<std::string> EngineClient::new_game() {
  if (!alive()) return "not running";
  if (!send("ucinewgame") || !send("isready")) return crash_detail() + " at 'ucinewgame'";
  if (auto problem = wait_for("readyok", "isready", kHandshakeTimeout)) {
    process_.kill();
    return problem;
  }
  return std::nullopt;
}

Reply EngineClient::go(const std::string& position_command, const std::string& go_command,
                       milliseconds timeout, const std::atomic<bool>* abort) {
  Reply reply;
  if (!alive()) {
    reply.status = Reply::Status::kCrashed;
    reply.detail = exit_description().empty() ? "not running" : exit_description();
    return reply;
  }
  if (!send(position_command) || !send(go_command)) {
    reply.status = Reply::Status::kCrashed;
    reply.detail = crash_detail();
    return reply;
  }
  // The clock starts once `go` is in the pipe: the time to write the
  // position is the arena's, not the engine's.
  const auto started = Clock::now();
  const auto deadline = started + timeout;
  // Waits in slices so that an abort (Ctrl-C) is seen promptly.
  constexpr milliseconds kAbortPoll{50};
  std::string line;
  while (true) {
    if (abort && abort->load()) {
      reply.status = Reply::Status::kAborted;
      return reply;
    }
    const auto slice_end = abort ? std::min(deadline, Clock::now() + kAbortPoll) : deadline;
    const IoStatus status = receive(line, slice_end);
    reply.elapsed = std::chrono::duration_cast<milliseconds>(Clock::now() - started);
    if (status == IoStatus::kTimeout) {
      if (Clock::now() < deadline) continue;
      reply.status = Reply::Status::kTimeout;
      return reply;
    }
    if (status == IoStatus::kClosed) {
      reply.status = Reply::Status::kCrashed;
      reply.detail = crash_detail();
      return reply;
    }
    if (line.rfind("info", 0) == 0) {
      if (auto score = parse_info_score(line)) {
        reply.score_cp = score;
        reply.depth = parse_info_depth(line).value_or(0);
      }
      continue;
    }
    const auto words = split_words(line);
    if (!words.empty() && words[0] == "bestmove") {
      reply.status = Reply::Status::kMove;
      reply.move = words.size() > 1 ? words[1] : "";
      return reply;
    }
  }
}

void EngineClient::recover() {
  if (!alive()) return;
  if (send("stop")) {
    const auto deadline = Clock::now() + kStopGrace;
    std::string line;
    while (receive(line, deadline) == IoStatus::kOk)
      if (line.rfind("bestmove", 0) == 0) return;  // healthy again
  }
  process_.kill();
}

void EngineClient::quit() {
  if (!alive()) return;
  send("quit");
  process_.stop(kQuitGrace);
}

}  // namespace leiser::arena
