#include "web/session.h"

#include "kernel/notation.h"

namespace leiser::web {

using nlohmann::json;

json score_json(int score) {
  if (search::is_mate_score(score)) return {{"mate", search::mate_in_moves(score)}};
  return {{"cp", score}};
}

json report_json(const search::SearchReport& report) {
  json pv = json::array();
  for (const kernel::Move m : report.pv) pv.push_back(kernel::move_to_string(m));
  json info = {{"depth", report.depth},
               {"seldepth", report.seldepth},
               {"score", score_json(report.score)},
               {"nodes", report.nodes},
               {"nps", report.nps},
               {"time_ms", report.time_ms},
               {"hashfull", report.hashfull},
               {"multipv", report.multipv == 0 ? 1 : report.multipv},
               {"pv", pv}};
  if (report.bound != search::ScoreBound::kExact)
    info["bound"] = report.bound == search::ScoreBound::kLower ? "lower" : "upper";
  return info;
}

Session::~Session() {
  std::lock_guard lock(mutex_);
  stop_locked();
}

kernel::Game Session::game() const {
  std::lock_guard lock(mutex_);
  return game_;
}

void Session::set_game(kernel::Game game) {
  std::lock_guard lock(mutex_);
  stop_locked();
  game_ = std::move(game);
}

kernel::Expected<kernel::GameResult> Session::play(std::string_view text) {
  std::lock_guard lock(mutex_);
  stop_locked();
  return game_.play(text);
}

void Session::undo() {
  std::lock_guard lock(mutex_);
  stop_locked();
  game_.undo();
}

search::Engine& Session::engine_locked() {
  if (!engine_) {
    engine_ = std::make_unique<search::Engine>();
    // A browser session shares the machine with other viewers: a modest
    // table unless the viewer asks for more.
    (void)engine_->set_option("hash", "32");
  }
  return *engine_;
}

void Session::stop_locked() {
  if (!engine_) return;
  engine_->stop();
  engine_->wait();
}

std::optional<std::string> Session::set_options(
    const std::vector<std::pair<std::string, std::string>>& options) {
  std::lock_guard lock(mutex_);
  stop_locked();
  search::Engine& engine = engine_locked();
  for (const auto& [name, value] : options)
    if (auto error = engine.set_option(name, value)) return name + ": " + *error;
  return std::nullopt;
}

void Session::start_search(const search::SearchLimits& limits) {
  std::lock_guard lock(mutex_);
  stop_locked();
  search::Engine& engine = engine_locked();
  engine.set_game(game_);
  std::uint64_t number = 0;
  {
    std::lock_guard output(output_mutex_);
    infos_.clear();
    result_.reset();
    searching_ = true;
    number = ++search_number_;
  }
  engine.start(
      limits,
      [this, number](const search::SearchReport& report) {
        if (report.currmove_number != 0) return;  // root moves: too many lines for a page
        std::lock_guard output(output_mutex_);
        if (number == search_number_) infos_.push_back(report_json(report));
      },
      [this, number](const search::SearchResult& result) {
        json pv = json::array();
        for (const kernel::Move m : result.pv) pv.push_back(kernel::move_to_string(m));
        json done = {{"bestmove", result.best_move == kernel::Move::none()
                                      ? std::string("(none)")
                                      : kernel::move_to_string(result.best_move)},
                     {"score", score_json(result.score)},
                     {"depth", result.depth},
                     {"nodes", result.nodes},
                     {"pv", pv}};
        if (!result.error.empty()) done["error"] = result.error;
        std::lock_guard output(output_mutex_);
        if (number != search_number_) return;
        result_ = std::move(done);
        searching_ = false;
      });
}

void Session::stop_search() {
  std::lock_guard lock(mutex_);
  if (engine_) engine_->stop();
}

json Session::search_output(std::size_t since) const {
  std::lock_guard output(output_mutex_);
  json infos = json::array();
  for (std::size_t i = since; i < infos_.size(); ++i) infos.push_back(infos_[i]);
  json reply = {{"searching", searching_}, {"infos", infos}, {"next", infos_.size()}};
  reply["result"] = result_ ? *result_ : json(nullptr);
  return reply;
}

}  // namespace leiser::web
