// The browser board's JSON API, apart from HTTP: a request (method, path,
// query parameters, body) in, a reply (status, content type, body) out, so
// that tests drive it without a socket. web/server.cpp binds it to HTTP.
//
// Every reply to a bad request is a 4xx status with {"error": "<one line>"};
// nothing a request holds can stop the server. Endpoints (docs/web.md):
//   GET  /api/info                      version, editions
//   POST /api/session  {edition, fen, moves}      a new game -> state (with its id)
//   GET  /api/state?id=                 the game: FEN, moves, legal moves, beams, SVG
//   POST /api/move     {id, move}       plays a legal move -> state
//   POST /api/undo     {id}             takes back the last move -> state
//   POST /api/position {id, edition, fen, moves}  a new game in the same session
//   POST /api/go       {id, movetime|depth|nodes|infinite, wtime, btime, winc, binc,
//                       multipv, threads, hash}
//   POST /api/stop     {id}
//   GET  /api/search?id=&since=N        info lines from N on, and the result once done
//   GET  /api/eval?id=                  the evaluation term by term
//   GET  /api/perft?id=&depth=D         leaves of the move tree (D <= 5)
//   POST /api/render   {edition, fen, last_move, flipped}  an SVG of any position
//   POST /api/pgn      (PGN text)       its games, ply by ply, FENs and comments
//   GET  /api/watch                     the games of the file `serve --pgn` follows
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace leiser::web {

class Session;

struct Request {
  std::string method;  // "GET", "POST"
  std::string path;    // "/api/state"
  std::map<std::string, std::string> query;
  std::string body;
};

struct Reply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

struct ApiOptions {
  // The PGN file GET /api/watch reads (empty: none). Only this file: the API
  // never opens a path a request names.
  std::string watch_pgn;
  // Games kept at once; the least recently used is dropped beyond it.
  std::size_t max_sessions = 64;
};

class Api {
 public:
  explicit Api(ApiOptions options = {});
  ~Api();
  Api(const Api&) = delete;
  Api& operator=(const Api&) = delete;

  Reply handle(const Request& request);

 private:
  struct Entry {
    std::shared_ptr<Session> session;
    std::uint64_t last_used = 0;
  };
  std::shared_ptr<Session> find(const std::string& id);
  std::string add(std::shared_ptr<Session> session);

  ApiOptions options_;
  std::mutex mutex_;  // sessions_
  std::map<std::string, Entry> sessions_;
  std::uint64_t clock_ = 0;
  std::uint64_t next_id_ = 1;
};

}  // namespace leiser::web
