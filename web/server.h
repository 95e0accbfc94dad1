// `leiserchess serve`: the browser board over HTTP (cpp-httplib). The page is
// built into the program (web/page.html, embedded at build time); every
// request under /api/ goes to web::Api.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "web/api.h"

namespace leiser::web {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (tests)
  // Serving on an address other machines can reach lets anyone there use the
  // engine and this machine's CPUs: only when asked.
  bool allow_remote = false;
  ApiOptions api;
};

// Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost).
bool is_loopback(const std::string& host);

class Server {
 public:
  explicit Server(ServeOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the socket: the port bound, or -1 with `error` saying why.
  int bind(std::string& error);
  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The command: binds, prints the address, serves until interrupted.
int run_serve(const ServeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace leiser::web
