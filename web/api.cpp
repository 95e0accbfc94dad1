#include "web/api.h"

#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "arena/pgn.h"
#include "base/parse_integer.h"
#include "kernel/fen.h"
#include "kernel/notation.h"
#include "kernel/perft.h"
#include "search/evaluate.h"
#include "web/beam_path.h"
#include "web/board_svg.h"
#include "web/session.h"

#ifndef LEISER_VERSION
#define LEISER_VERSION "unknown"
#endif

namespace leiser::web {

namespace {

using nlohmann::json;

Reply json_reply(const json& value, int status = 200) {
  return {status, "application/json", value.dump()};
}
Reply error_reply(int status, std::string message) {
  return json_reply(json{{"error", std::move(message)}}, status);
}
Reply bad_request(std::string message) { return error_reply(400, std::move(message)); }

json squares_json(kernel::Bitboard squares) {
  json list = json::array();
  for (kernel::Square sq = 0; sq < 64; ++sq)
    if (squares & kernel::bit(sq)) list.push_back(kernel::square_name(sq));
  return list;
}

json beam_json(const kernel::Board& board, kernel::Color shooter) {
  if (!board.has_king(shooter)) return nullptr;
  const BeamPath path = beam_path(board, shooter);
  json corners = json::array();
  for (const kernel::Square sq : path.corners) corners.push_back(kernel::square_name(sq));
  const char* end = path.end == kernel::LaserEnd::kOffBoard   ? "off board"
                    : path.end == kernel::LaserEnd::kZapsPawn ? "zaps pawn"
                                                              : "zaps king";
  return {{"corners", corners}, {"end", end}};
}

std::string color_word(kernel::Color c) {
  return c == kernel::Color::kTangerine ? "tangerine" : "lavender";
}

json state_json(const std::string& id, const kernel::Game& game) {
  const kernel::Position& pos = game.position();
  json moves = json::array();
  for (const kernel::Move m : game.moves()) moves.push_back(kernel::move_to_string(m));
  json legal = json::array();
  if (!game.is_over()) {
    for (const kernel::Move m : game.legal_moves()) {
      kernel::Position after = pos;
      after.make_move(m);
      legal.push_back({{"move", kernel::move_to_string(m)},
                       {"from", kernel::square_name(m.from())},
                       {"destination", kernel::square_name(m.destination())},
                       {"zaps", squares_json(after.last_zapped())},
                       {"wins", after.is_game_over()}});
    }
  }
  SvgOptions svg;
  if (!game.moves().empty()) svg.last_move = game.moves().back();
  return {{"id", id},
          {"edition", std::string(kernel::edition_name(game.edition()))},
          {"fen", kernel::to_fen(pos)},
          {"start_fen", kernel::to_fen(game.start_position())},
          {"side_to_move", color_word(pos.side_to_move())},
          {"moves", moves},
          {"result", std::string(kernel::result_score(game.result()))},
          {"over", game.is_over()},
          {"reason",
           game.is_over() ? std::string(kernel::result_reason(game.result())) : std::string()},
          {"legal_moves", legal},
          {"last_zapped", squares_json(pos.last_zapped())},
          {"beams",
           {{"tangerine", beam_json(pos.board(), kernel::Color::kTangerine)},
            {"lavender", beam_json(pos.board(), kernel::Color::kLavender)}}},
          {"svg", board_svg(pos, svg)}};
}

// The body as a JSON object, or why not.
kernel::Expected<json> object_body(const Request& request) {
  json body = json::parse(request.body.empty() ? std::string("{}") : request.body, nullptr, false);
  if (body.is_discarded()) return kernel::Error{"the body is not JSON"};
  if (!body.is_object()) return kernel::Error{"the body must be a JSON object"};
  return body;
}

// A string field, "" when absent; an error when present and not a string.
kernel::Expected<std::string> string_field(const json& body, const char* name) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) return std::string();
  if (!it->is_string()) return kernel::Error{std::string(name) + " must be a string"};
  return it->get<std::string>();
}

// A whole-number field in [low, high]; `fallback` when absent.
kernel::Expected<std::int64_t> integer_field(const json& body, const char* name, std::int64_t low,
                                             std::int64_t high, std::int64_t fallback) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_number_integer()) return kernel::Error{std::string(name) + " must be a whole number"};
  const std::int64_t value = it->get<std::int64_t>();
  if (value < low || value > high)
    return kernel::Error{std::string(name) + " must be from " + std::to_string(low) + " to " +
                         std::to_string(high)};
  return value;
}

// The game a body describes: {edition, fen, moves} (moves: a list or one
// string of moves separated by spaces).
kernel::Expected<kernel::Game> game_from(const json& body) {
  auto edition_text = string_field(body, "edition");
  if (!edition_text) return kernel::Error{edition_text.error()};
  kernel::Edition edition = kernel::kDefaultEdition;
  if (!edition_text->empty()) {
    const auto parsed = kernel::parse_edition(*edition_text);
    if (!parsed) return kernel::Error{"edition must be 2018 or 2016"};
    edition = *parsed;
  }
  auto fen = string_field(body, "fen");
  if (!fen) return kernel::Error{fen.error()};
  kernel::Game game = kernel::Game::start(edition);
  if (!fen->empty() && *fen != "startpos") {
    auto parsed = kernel::Game::from_fen(*fen, edition);
    if (!parsed) return kernel::Error{"fen: " + parsed.error()};
    game = std::move(*parsed);
  }
  std::vector<std::string> moves;
  if (const auto it = body.find("moves"); it != body.end() && !it->is_null()) {
    if (it->is_string()) {
      std::istringstream words(it->get<std::string>());
      for (std::string word; words >> word;) moves.push_back(word);
    } else if (it->is_array()) {
      for (const json& m : *it) {
        if (!m.is_string()) return kernel::Error{"moves must be strings"};
        moves.push_back(m.get<std::string>());
      }
    } else {
      return kernel::Error{"moves must be a list or a string"};
    }
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (game.is_over())
      return kernel::Error{"move " + std::to_string(i + 1) + " '" + moves[i] +
                           "': the game is over"};
    if (auto played = game.play(moves[i]); !played)
      return kernel::Error{"move " + std::to_string(i + 1) + " '" + moves[i] +
                           "': " + played.error()};
  }
  return game;
}

// A PGN text's games, each ply with the position after it (FEN), so that a
// page can step through them; a game whose moves break the rules stops at
// the bad move, with the reason.
json pgn_json(const std::string& text) {
  std::istringstream in(text);
  auto games = arena::read_pgn(in);
  if (!games) return {{"error", games.error()}};
  json list = json::array();
  for (const arena::PgnGame& record : *games) {
    json game_json = {{"tags", record.tags}, {"result", record.result}};
    kernel::Edition edition = kernel::kDefaultEdition;
    if (const auto it = record.tags.find("Edition"); it != record.tags.end())
      if (const auto parsed = kernel::parse_edition(it->second)) edition = *parsed;
    kernel::Game game = kernel::Game::start(edition);
    if (const auto it = record.tags.find("FEN"); it != record.tags.end()) {
      auto parsed = kernel::Game::from_fen(it->second, edition);
      if (!parsed) {
        game_json["error"] = "FEN: " + parsed.error();
        list.push_back(game_json);
        continue;
      }
      game = std::move(*parsed);
    }
    game_json["edition"] = std::string(kernel::edition_name(edition));
    game_json["start_fen"] = kernel::to_fen(game.position());
    json plies = json::array();
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
      if (game.is_over()) break;  // moves after the end (a forfeit's record) are not replayed
      if (auto played = game.play(record.moves[i]); !played) {
        game_json["error"] =
            "ply " + std::to_string(i + 1) + " '" + record.moves[i] + "': " + played.error();
        break;
      }
      plies.push_back(
          {{"move", record.moves[i]},
           {"fen", kernel::to_fen(game.position())},
           {"comment", i < record.comments.size() ? record.comments[i] : std::string()}});
    }
    game_json["plies"] = plies;
    list.push_back(game_json);
  }
  return {{"games", list}};
}

}  // namespace

Api::Api(ApiOptions options) : options_(std::move(options)) {}
Api::~Api() = default;

std::shared_ptr<Session> Api::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(id);
  if (it == sessions_.end()) return nullptr;
  it->second.last_used = ++clock_;
  return it->second.session;
}

std::string Api::add(std::shared_ptr<Session> session) {
  std::shared_ptr<Session> dropped;  // destroyed (its search stopped) outside the lock
  std::lock_guard lock(mutex_);
  if (sessions_.size() >= options_.max_sessions) {
    auto oldest = sessions_.begin();
    for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
      if (it->second.last_used < oldest->second.last_used) oldest = it;
    dropped = std::move(oldest->second.session);
    sessions_.erase(oldest);
  }
  // Not guessable by another viewer's page on the same machine.
  static thread_local std::mt19937_64 random{std::random_device{}()};
  const std::string id = std::to_string(next_id_++) + "-" + std::to_string(random() % 1000000007);
  sessions_[id] = {std::move(session), ++clock_};
  return id;
}

Reply Api::handle(const Request& request) {
  const std::string& path = request.path;
  const bool get = request.method == "GET";
  const bool post = request.method == "POST";
  if (!get && !post) return error_reply(405, "only GET and POST are served");

  if (path == "/api/info" && get)
    return json_reply(
        {{"name", "leiserchess"}, {"version", LEISER_VERSION}, {"editions", {"2018", "2016"}}});

  if (path == "/api/render" && post) {
    auto body = object_body(request);
    if (!body) return bad_request(body.error());
    auto game = game_from(*body);
    if (!game) return bad_request(game.error());
    SvgOptions svg;
    if (!game->moves().empty()) svg.last_move = game->moves().back();
    svg.flipped = body->value("flipped", false);
    return json_reply(
        {{"svg", board_svg(game->position(), svg)}, {"fen", kernel::to_fen(game->position())}});
  }

  if (path == "/api/pgn" && post) {
    json games = pgn_json(request.body);
    if (games.contains("error")) return bad_request("PGN: " + games["error"].get<std::string>());
    return json_reply(games);
  }

  if (path == "/api/watch" && get) {
    if (options_.watch_pgn.empty())
      return error_reply(404, "no PGN file is followed (serve --pgn FILE)");
    std::ifstream file(options_.watch_pgn, std::ios::binary);
    if (!file) return error_reply(404, "cannot read " + options_.watch_pgn);
    std::ostringstream text;
    text << file.rdbuf();
    json games = pgn_json(text.str());
    if (games.contains("error")) return bad_request("PGN: " + games["error"].get<std::string>());
    games["file"] = options_.watch_pgn;
    return json_reply(games);
  }

  if (path == "/api/session" && post) {
    auto body = object_body(request);
    if (!body) return bad_request(body.error());
    auto game = game_from(*body);
    if (!game) return bad_request(game.error());
    auto session = std::make_shared<Session>(*game);
    const std::string id = add(session);
    return json_reply(state_json(id, session->game()));
  }

  // Everything else names a session: ?id= or the body's "id".
  json body = json::object();
  if (post) {
    auto parsed = object_body(request);
    if (!parsed) return bad_request(parsed.error());
    body = std::move(*parsed);
  }
  std::string id;
  if (const auto it = request.query.find("id"); it != request.query.end()) id = it->second;
  if (id.empty()) {
    auto field = string_field(body, "id");
    if (!field) return bad_request(field.error());
    id = *field;
  }
  const bool session_path = path == "/api/state" || path == "/api/move" || path == "/api/undo" ||
                            path == "/api/position" || path == "/api/go" || path == "/api/stop" ||
                            path == "/api/search" || path == "/api/eval" || path == "/api/perft";
  if (!session_path) return error_reply(404, "no such endpoint: " + request.method + " " + path);
  if (id.empty()) return bad_request("which game? (id)");
  const std::shared_ptr<Session> session = find(id);
  if (!session) return error_reply(404, "no game " + id + " (the server may have restarted)");

  if (path == "/api/state" && get) return json_reply(state_json(id, session->game()));

  if (path == "/api/move" && post) {
    auto move = string_field(body, "move");
    if (!move) return bad_request(move.error());
    if (move->empty()) return bad_request("which move? (move)");
    if (session->game().is_over()) return bad_request("the game is over");
    if (auto played = session->play(*move); !played)
      return bad_request("illegal move " + *move + ": " + played.error());
    return json_reply(state_json(id, session->game()));
  }

  if (path == "/api/undo" && post) {
    session->undo();
    return json_reply(state_json(id, session->game()));
  }

  if (path == "/api/position" && post) {
    auto game = game_from(body);
    if (!game) return bad_request(game.error());
    session->set_game(std::move(*game));
    return json_reply(state_json(id, session->game()));
  }

  if (path == "/api/go" && post) {
    search::SearchLimits limits;
    constexpr std::int64_t kDay = 24LL * 3600 * 1000;
    auto movetime = integer_field(body, "movetime", 1, kDay, 0);
    auto depth = integer_field(body, "depth", 1, search::kMaxDepth, 0);
    auto nodes = integer_field(body, "nodes", 1, std::int64_t{1} << 50, 0);
    auto wtime = integer_field(body, "wtime", 0, kDay, -1);
    auto btime = integer_field(body, "btime", 0, kDay, -1);
    auto winc = integer_field(body, "winc", 0, kDay, 0);
    auto binc = integer_field(body, "binc", 0, kDay, 0);
    auto multipv = integer_field(body, "multipv", 1, 64, 0);
    auto threads = integer_field(body, "threads", 1, 1024, 0);
    for (const auto* field :
         {&movetime, &depth, &nodes, &wtime, &btime, &winc, &binc, &multipv, &threads})
      if (!*field) return bad_request(field->error());
    const bool infinite = body.value("infinite", false);
    const bool tangerine = session->game().position().side_to_move() == kernel::Color::kTangerine;
    limits.movetime_ms = static_cast<int>(*movetime);
    limits.depth = static_cast<int>(*depth);
    limits.nodes = static_cast<std::uint64_t>(*nodes);
    limits.time_ms = static_cast<int>(tangerine ? *wtime : *btime);
    limits.increment_ms = static_cast<int>(tangerine ? *winc : *binc);
    limits.infinite = infinite;
    if (!infinite && !limits.has_time_limit() && limits.depth == 0 && limits.nodes == 0)
      return bad_request("go needs a limit: movetime, depth, nodes, wtime/btime or infinite");
    if (session->game().is_over()) return bad_request("the game is over");
    std::vector<std::pair<std::string, std::string>> options;
    if (*multipv > 0) options.emplace_back("MultiPV", std::to_string(*multipv));
    if (*threads > 0) options.emplace_back("threads", std::to_string(*threads));
    if (auto error = session->set_options(options)) return bad_request(*error);
    session->start_search(limits);
    return json_reply({{"started", true}});
  }

  if (path == "/api/stop" && post) {
    session->stop_search();
    return json_reply({{"stopped", true}});
  }

  if (path == "/api/search" && get) {
    std::size_t since = 0;
    if (const auto it = request.query.find("since"); it != request.query.end()) {
      const auto parsed = base::parse_integer(it->second, 0, std::numeric_limits<long long>::max());
      if (!parsed) return bad_request("since must be a whole number");
      since = static_cast<std::size_t>(*parsed);
    }
    return json_reply(session->search_output(since));
  }

  if (path == "/api/eval" && get) {
    const kernel::Game game = session->game();
    if (game.is_over()) return bad_request("the game is over; no evaluation");
    return session->with_engine([&](search::Engine& engine) {
      const auto terms = search::evaluate_terms(game.position(), engine.eval_params());
      json list = json::array();
      for (const auto& term : terms.terms)
        list.push_back({{"name", term.name}, {"tangerine", term.white}, {"lavender", term.black}});
      return json_reply({{"score_cp", terms.score_cp}, {"terms", list}});
    });
  }

  if (path == "/api/perft" && get) {
    const auto it = request.query.find("depth");
    if (it == request.query.end()) return bad_request("which depth? (depth, 1 to 5)");
    const auto parsed = base::parse_integer(it->second, 1, 5);
    if (!parsed) return bad_request("depth must be from 1 to 5");
    const int depth = static_cast<int>(*parsed);
    const kernel::Game game = session->game();
    kernel::PerftRequest perft;
    perft.depth = depth;
    const std::uint64_t leaves = kernel::perft(game.position(), game.ko_board(), perft);
    return json_reply({{"depth", depth}, {"leaves", leaves}});
  }

  return error_reply(405, request.method + " is not served at " + path);
}

}  // namespace leiser::web
