// The browser board without a browser: the beam drawn against the kernel's
// trace, the SVG, the JSON API request by request, the HTTP server on a free
// port, and `display --svg`. (The page itself runs in tests/web/browser_test.py.)
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "commands/serve_command.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/laser.h"
#include "kernel/notation.h"
#include "kernel/perft.h"
#include "kernel/random_boards.h"
#include "search/engine.h"
#include "search/evaluate.h"
#include "web/api.h"
#include "web/beam_path.h"
#include "web/board_svg.h"
#include "web/server.h"

namespace leiser::web {
namespace {

using nlohmann::json;

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(BeamPath, CoversExactlyTheKernelsTraceOnRandomBoards) {
  std::vector<kernel::random_boards::Sample> samples =
      kernel::random_boards::game_samples(kernel::Edition::k2018, 2000, 17);
  for (const auto& more : {kernel::random_boards::game_samples(kernel::Edition::k2016, 2000, 18),
                           kernel::random_boards::synthetic_samples(2000, 19),
                           kernel::random_boards::maze_samples(2000, 20)})
    samples.insert(samples.end(), more.begin(), more.end());
  int zaps = 0, turns = 0;
  for (const auto& s : samples) {
    const kernel::LaserTrace trace = kernel::trace_laser(s.board, s.shooter);
    const BeamPath path = beam_path(s.board, s.shooter);
    ASSERT_EQ(covered_squares(path), trace.path) << kernel::board_to_fen(s.board);
    ASSERT_EQ(path.end, trace.end);
    ASSERT_EQ(path.corners.front(), s.board.king_square(s.shooter));
    if (trace.end != kernel::LaserEnd::kOffBoard) {
      ++zaps;
      ASSERT_EQ(path.corners.back(), trace.target);
    }
    if (path.corners.size() > 3) ++turns;
  }
  // The samples reach zapping beams and beams with several mirrors.
  EXPECT_GT(zaps, 500);
  EXPECT_GT(turns, 500);
}

TEST(BoardSvg, DrawsEverySquarePieceAndBothBeams) {
  for (const kernel::Edition edition : {kernel::Edition::k2018, kernel::Edition::k2016}) {
    const kernel::Game game = kernel::Game::start(edition);
    const std::string svg = board_svg(game.position());
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    EXPECT_EQ(count_of(svg, "class=\"square\""), 64u);
    EXPECT_EQ(count_of(svg, "class=\"piece\""),
              static_cast<std::size_t>(kernel::popcount(game.position().board().occupied())));
    EXPECT_EQ(count_of(svg, "class=\"king\""), 2u);
    EXPECT_EQ(count_of(svg, "beam-tangerine"), 1u);
    EXPECT_EQ(count_of(svg, "beam-lavender"), 1u);
    EXPECT_NE(svg.find("data-square=\"a0\""), std::string::npos);
    EXPECT_NE(svg.find("data-square=\"h7\""), std::string::npos);
    SvgOptions flipped;
    flipped.flipped = true;
    EXPECT_NE(board_svg(game.position(), flipped), svg);
    SvgOptions no_beams;
    no_beams.beams = false;
    EXPECT_EQ(count_of(board_svg(game.position(), no_beams), "class=\"beam "), 0u);
  }
}

// One request to the API.
struct Call {
  Api& api;
  Reply operator()(const std::string& method, const std::string& path, const json& body = nullptr,
                   std::map<std::string, std::string> query = {}) const {
    Request r{method, path, std::move(query), body.is_null() ? std::string() : body.dump()};
    return api.handle(r);
  }
};

json parsed(const Reply& reply) { return json::parse(reply.body); }

void expect_one_line_error(const Reply& reply, int status) {
  EXPECT_EQ(reply.status, status) << reply.body;
  const json body = parsed(reply);
  ASSERT_TRUE(body.contains("error")) << reply.body;
  const std::string message = body["error"];
  EXPECT_FALSE(message.empty());
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(WebApi, ANewGameListsTheLegalMovesWithWhatTheyZap) {
  Api api;
  Call call{api};
  for (const char* edition : {"2018", "2016"}) {
    const Reply reply = call("POST", "/api/session", {{"edition", edition}});
    ASSERT_EQ(reply.status, 200) << reply.body;
    const json state = parsed(reply);
    const kernel::Game game = kernel::Game::start(*kernel::parse_edition(edition));
    EXPECT_EQ(state["edition"], edition);
    EXPECT_EQ(state["fen"], kernel::to_fen(game.position()));
    EXPECT_EQ(state["side_to_move"], "tangerine");
    kernel::PerftRequest one_ply;
    EXPECT_EQ(state["legal_moves"].size(), kernel::perft(game.position(), nullptr, one_ply));
    // Each move's zaps are those of the position it makes.
    for (const json& m : state["legal_moves"]) {
      kernel::Game after = game;
      ASSERT_TRUE(after.play(m["move"].get<std::string>()));
      EXPECT_EQ(m["zaps"].size(),
                static_cast<std::size_t>(kernel::popcount(after.position().last_zapped())));
    }
    EXPECT_EQ(state["beams"]["tangerine"]["corners"][0],
              kernel::square_name(game.position().board().king_square(kernel::Color::kTangerine)));
    EXPECT_FALSE(state["id"].get<std::string>().empty());
  }
}

TEST(WebApi, PlaysLegalMovesRefusesIllegalOnesAndTakesBack) {
  Api api;
  Call call{api};
  json state = parsed(call("POST", "/api/session", {{"edition", "2018"}}));
  const std::string id = state["id"];
  kernel::Game game = kernel::Game::start(kernel::Edition::k2018);
  const std::string first = state["legal_moves"][0]["move"];
  Reply reply = call("POST", "/api/move", {{"id", id}, {"move", first}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  ASSERT_TRUE(game.play(first));
  state = parsed(reply);
  EXPECT_EQ(state["fen"], kernel::to_fen(game.position()));
  EXPECT_EQ(state["moves"], json::array({first}));
  EXPECT_EQ(state["side_to_move"], "lavender");
  // The same move again is Tangerine's piece on Lavender's turn (or gone).
  expect_one_line_error(call("POST", "/api/move", {{"id", id}, {"move", first}}), 400);
  expect_one_line_error(call("POST", "/api/move", {{"id", id}, {"move", "z9z9"}}), 400);
  expect_one_line_error(call("POST", "/api/move", {{"id", id}}), 400);
  // Refused moves leave the game as it was.
  EXPECT_EQ(parsed(call("GET", "/api/state", nullptr, {{"id", id}}))["fen"],
            kernel::to_fen(game.position()));
  state = parsed(call("POST", "/api/undo", {{"id", id}}));
  EXPECT_EQ(state["fen"], kernel::to_fen(kernel::Game::start(kernel::Edition::k2018).position()));
  EXPECT_TRUE(state["moves"].empty());
}

TEST(WebApi, BadRequestsGetAReasonAndTheApiGoesOn) {
  Api api;
  Call call{api};
  expect_one_line_error(api.handle({"POST", "/api/session", {}, "{not json"}), 400);
  expect_one_line_error(api.handle({"POST", "/api/session", {}, "[1,2]"}), 400);
  expect_one_line_error(call("POST", "/api/session", {{"edition", "1999"}}), 400);
  expect_one_line_error(call("POST", "/api/session", {{"fen", "not a fen"}}), 400);
  expect_one_line_error(call("POST", "/api/session", {{"moves", "h0h0 a1a1"}}), 400);
  expect_one_line_error(call("POST", "/api/session", {{"moves", 7}}), 400);
  expect_one_line_error(call("GET", "/api/state", nullptr, {{"id", "nope"}}), 404);
  expect_one_line_error(call("GET", "/api/state"), 400);
  expect_one_line_error(call("GET", "/api/nothing"), 404);
  expect_one_line_error(call("DELETE", "/api/state"), 405);
  const std::string id = parsed(call("POST", "/api/session", json::object()))["id"];
  expect_one_line_error(call("POST", "/api/go", {{"id", id}}), 400);  // no limit
  expect_one_line_error(call("POST", "/api/go", {{"id", id}, {"depth", -3}}), 400);
  expect_one_line_error(call("POST", "/api/go", {{"id", id}, {"depth", "deep"}}), 400);
  expect_one_line_error(call("GET", "/api/perft", nullptr, {{"id", id}, {"depth", "9"}}), 400);
  expect_one_line_error(call("GET", "/api/search", nullptr, {{"id", id}, {"since", "x"}}), 400);
  EXPECT_EQ(call("GET", "/api/state", nullptr, {{"id", id}}).status, 200);
}

TEST(WebApi, SearchesInTheBackgroundAndReportsLinesAndAMove) {
  Api api;
  Call call{api};
  const json state = parsed(call("POST", "/api/session", {{"edition", "2016"}}));
  const std::string id = state["id"];
  ASSERT_EQ(call("POST", "/api/go", {{"id", id}, {"depth", 4}, {"multipv", 2}}).status, 200);
  json out;
  std::vector<json> infos;
  for (int i = 0; i < 6000; ++i) {  // a hang detector: 60 s for a depth-4 search
    out = parsed(
        call("GET", "/api/search", nullptr, {{"id", id}, {"since", std::to_string(infos.size())}}));
    for (const json& info : out["infos"]) infos.push_back(info);
    if (!out["result"].is_null()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_FALSE(out["result"].is_null());
  EXPECT_FALSE(out["searching"]);
  EXPECT_EQ(out["result"]["depth"], 4);
  kernel::Game game = kernel::Game::start(kernel::Edition::k2016);
  EXPECT_TRUE(game.play(out["result"]["bestmove"].get<std::string>()));
  ASSERT_FALSE(infos.empty());
  bool second_line = false;
  for (const json& info : infos) {
    EXPECT_LE(info["depth"].get<int>(), 4);
    EXPECT_FALSE(info["pv"].empty());
    second_line = second_line || info["multipv"] == 2;
  }
  EXPECT_TRUE(second_line);
  // An infinite search runs until stopped.
  ASSERT_EQ(call("POST", "/api/go", {{"id", id}, {"infinite", true}}).status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(parsed(call("GET", "/api/search", nullptr, {{"id", id}}))["searching"]);
  ASSERT_EQ(call("POST", "/api/stop", {{"id", id}}).status, 200);
  for (int i = 0; i < 3000; ++i) {
    out = parsed(call("GET", "/api/search", nullptr, {{"id", id}}));
    if (!out["result"].is_null()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_FALSE(out["result"].is_null());
}

TEST(WebApi, EvaluationAndPerftAreTheEnginesAndTheKernels) {
  Api api;
  Call call{api};
  const json state = parsed(call("POST", "/api/session", {{"edition", "2018"}, {"moves", "h0g1"}}));
  ASSERT_FALSE(state.contains("error")) << state.dump();
  const std::string id = state["id"];
  kernel::Game game = kernel::Game::start(kernel::Edition::k2018);
  ASSERT_TRUE(game.play("h0g1"));
  const json eval = parsed(call("GET", "/api/eval", nullptr, {{"id", id}}));
  search::Engine engine;
  EXPECT_EQ(eval["score_cp"],
            search::evaluate_terms(game.position(), engine.eval_params()).score_cp);
  EXPECT_FALSE(eval["terms"].empty());
  const json perft = parsed(call("GET", "/api/perft", nullptr, {{"id", id}, {"depth", "2"}}));
  kernel::PerftRequest two;
  two.depth = 2;
  EXPECT_EQ(perft["leaves"], kernel::perft(game.position(), game.ko_board(), two));
}

TEST(WebApi, RendersAnyPositionAndReadsPgnPlyByPly) {
  Api api;
  Call call{api};
  const json drawn =
      parsed(call("POST", "/api/render", {{"edition", "2016"}, {"moves", json::array({"h0g1"})}}));
  kernel::Game game = kernel::Game::start(kernel::Edition::k2016);
  ASSERT_TRUE(game.play("h0g1"));
  EXPECT_EQ(drawn["fen"], kernel::to_fen(game.position()));
  EXPECT_EQ(drawn["svg"].get<std::string>().rfind("<svg", 0), 0u);

  const std::string pgn =
      "[Event \"t\"]\n[White \"a\"]\n[Black \"b\"]\n[Edition \"2016\"]\n[Result \"*\"]\n\n"
      "1. h0g1 {+0.35/9 0.412s} a7b6 {-0.10/8 0.2s} *\n\n"
      "[Event \"bad\"]\n[Edition \"2016\"]\n\n1. h0g1 h0g1 *\n";
  const Reply reply = api.handle({"POST", "/api/pgn", {}, pgn});
  ASSERT_EQ(reply.status, 200) << reply.body;
  const json games = parsed(reply)["games"];
  ASSERT_EQ(games.size(), 2u);
  ASSERT_EQ(games[0]["plies"].size(), 2u);
  EXPECT_EQ(games[0]["plies"][0]["comment"], "+0.35/9 0.412s");
  EXPECT_EQ(games[0]["plies"][0]["fen"], kernel::to_fen(game.position()));
  ASSERT_TRUE(game.play("a7b6"));
  EXPECT_EQ(games[0]["plies"][1]["fen"], kernel::to_fen(game.position()));
  EXPECT_FALSE(games[0].contains("error"));
  EXPECT_EQ(games[1]["plies"].size(), 1u);  // the second h0g1 is not Lavender's move
  EXPECT_TRUE(games[1].contains("error"));
  expect_one_line_error(api.handle({"POST", "/api/pgn", {}, "[Event \"x\n"}), 400);
}

TEST(WebApi, WatchesOnlyTheFileItWasGiven) {
  expect_one_line_error(Api().handle({"GET", "/api/watch", {}, ""}), 404);
  const std::string path = ::testing::TempDir() + "web_watch.pgn";
  {
    std::ofstream file(path);
    file << "[Event \"m\"]\n[Edition \"2018\"]\n\n1. h0g1 *\n";
  }
  ApiOptions options;
  options.watch_pgn = path;
  Api api(options);
  const Reply reply = api.handle({"GET", "/api/watch", {{"file", "/etc/passwd"}}, ""});
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(parsed(reply)["file"], path);
  EXPECT_EQ(parsed(reply)["games"][0]["plies"].size(), 1u);
  std::remove(path.c_str());
}

TEST(WebApi, DropsTheLeastRecentlyUsedGameBeyondItsLimit) {
  ApiOptions options;
  options.max_sessions = 2;
  Api api(options);
  Call call{api};
  const std::string a = parsed(call("POST", "/api/session", json::object()))["id"];
  const std::string b = parsed(call("POST", "/api/session", json::object()))["id"];
  EXPECT_EQ(call("GET", "/api/state", nullptr, {{"id", a}}).status, 200);  // a is now newer than b
  const std::string c = parsed(call("POST", "/api/session", json::object()))["id"];
  EXPECT_EQ(call("GET", "/api/state", nullptr, {{"id", a}}).status, 200);
  EXPECT_EQ(call("GET", "/api/state", nullptr, {{"id", b}}).status, 404);
  EXPECT_EQ(call("GET", "/api/state", nullptr, {{"id", c}}).status, 200);
}

TEST(WebServer, ServesThePageAndTheApiOverHttp) {
  ServeOptions options;
  options.port = 0;
  Server server(options);
  std::string error;
  const int port = server.bind(error);
  ASSERT_GT(port, 0) << error;
  std::thread serving([&] { server.run(); });
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(60, 0);  // a hang detector
  auto page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<title>Leiserchess</title>"), std::string::npos);
  auto created = client.Post("/api/session", R"({"edition":"2016"})", "application/json");
  ASSERT_TRUE(created);
  EXPECT_EQ(created->status, 200);
  EXPECT_EQ(json::parse(created->body)["edition"], "2016");
  auto bad = client.Post("/api/session", "{", "application/json");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 400);
  EXPECT_TRUE(json::parse(bad->body).contains("error"));
  auto missing = client.Get("/nothing-here");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_TRUE(json::parse(missing->body).contains("error"));
  // Several viewers at once: each its own game.
  std::vector<std::thread> viewers;
  std::atomic<int> ok{0};
  for (int v = 0; v < 4; ++v)
    viewers.emplace_back([&] {
      httplib::Client c("127.0.0.1", port);
      auto r = c.Post("/api/session", "{}", "application/json");
      if (r && r->status == 200 &&
          c.Get(("/api/state?id=" + json::parse(r->body)["id"].get<std::string>()).c_str()))
        ++ok;
    });
  for (auto& t : viewers) t.join();
  EXPECT_EQ(ok.load(), 4);
  server.stop();
  serving.join();
}

TEST(WebApi, PlaysWholeGamesAgainstTheEngineInBothEditions) {
  Api api;
  Call call{api};
  for (const char* edition : {"2018", "2016"}) {
    json state = parsed(call("POST", "/api/session", {{"edition", edition}}));
    const std::string id = state["id"];
    std::mt19937 random(7);
    int plies = 0;
    // A random mover against a depth-2 engine: the engine zaps its King long
    // before 400 plies, and the API must say so.
    while (!state["over"].get<bool>() && plies < 400) {
      std::string move;
      if (plies % 2 == 0) {
        const json& legal = state["legal_moves"];
        move = legal[random() % legal.size()]["move"];
      } else {
        ASSERT_EQ(call("POST", "/api/go", {{"id", id}, {"depth", 2}}).status, 200);
        json out;
        for (int i = 0; i < 6000 && (out.is_null() || out["result"].is_null()); ++i) {
          if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
          out = parsed(call("GET", "/api/search", nullptr, {{"id", id}}));
        }
        ASSERT_FALSE(out["result"].is_null());
        move = out["result"]["bestmove"];
      }
      const Reply reply = call("POST", "/api/move", {{"id", id}, {"move", move}});
      ASSERT_EQ(reply.status, 200) << reply.body;
      state = parsed(reply);
      ++plies;
    }
    EXPECT_TRUE(state["over"].get<bool>()) << edition;
    EXPECT_NE(state["result"], "*");
    EXPECT_FALSE(state["reason"].get<std::string>().empty());
    EXPECT_TRUE(state["legal_moves"].empty());
    expect_one_line_error(call("POST", "/api/move", {{"id", id}, {"move", "h0g1"}}), 400);
    expect_one_line_error(call("POST", "/api/go", {{"id", id}, {"depth", 2}}), 400);
  }
}

TEST(WebServer, RefusesAnotherHostUnlessAsked) {
  ServeOptions options;
  options.host = "0.0.0.0";
  options.port = 0;
  Server server(options);
  std::string error;
  EXPECT_EQ(server.bind(error), -1);
  EXPECT_NE(error.find("--allow-remote"), std::string::npos);
  EXPECT_TRUE(is_loopback("127.0.0.1"));
  EXPECT_TRUE(is_loopback("::1"));
  EXPECT_FALSE(is_loopback("192.168.1.2"));
}

TEST(DisplaySvg, DrawsThePositionAfterTheMovesAndRefusesBadInput) {
  std::ostringstream out, err;
  EXPECT_EQ(
      commands::run_display_command({"--svg", "--edition", "2016", "--moves", "h0g1"}, out, err), 0)
      << err.str();
  kernel::Game game = kernel::Game::start(kernel::Edition::k2016);
  ASSERT_TRUE(game.play("h0g1"));
  SvgOptions options;
  options.last_move = game.moves().back();
  EXPECT_EQ(out.str(), board_svg(game.position(), options) + "\n");
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"--svg", "--fen", "nonsense"},
                                             {"--svg", "--moves", "a1a1"},
                                             {},
                                             {"--svg", "--edition", "3000"}}) {
    std::ostringstream o, e;
    EXPECT_EQ(commands::run_display_command(bad, o, e), 2);
    const std::string message = e.str();
    EXPECT_EQ(message.rfind("error: ", 0), 0u) << message;
    // One line saying what is wrong (a usage text may follow it).
    EXPECT_NE(message.find('\n'), std::string::npos);
    EXPECT_GT(message.find('\n'), std::string("error: ").size());
  }
}

}  // namespace
}  // namespace leiser::web
