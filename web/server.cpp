#include "web/server.h"

#include <httplib.h>

#include <csignal>
#include <nlohmann/json.hpp>
#include <ostream>
#include <thread>

#include "web/page.h"

namespace leiser::web {

namespace {

void send(httplib::Response& response, const Reply& reply) {
  response.status = reply.status;
  response.set_content(reply.body, reply.content_type.c_str());
  // The page and the API come from the same origin; nothing else may embed
  // or script them.
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("Cache-Control", "no-store");
}

Reply error_json(int status, const std::string& message) {
  return {status, "application/json", nlohmann::json{{"error", message}}.dump()};
}

}  // namespace

bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host == "[::1]" || host.rfind("127.", 0) == 0;
}

struct Server::Impl {
  ServeOptions options;
  Api api;
  httplib::Server http;
  explicit Impl(ServeOptions o) : options(std::move(o)), api(options.api) {}
};

Server::Server(ServeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  httplib::Server& http = impl_->http;
  Api& api = impl_->api;
  // A PGN file of a long match is a few megabytes.
  http.set_payload_max_length(std::size_t{16} << 20);
  http.Get("/", [](const httplib::Request&, httplib::Response& response) {
    send(response, {200, "text/html; charset=utf-8", std::string(page_html())});
  });
  auto to_api = [&api](const httplib::Request& request, httplib::Response& response) {
    Request r;
    r.method = request.method;
    r.path = request.path;
    for (const auto& [name, value] : request.params) r.query[name] = value;
    r.body = request.body;
    send(response, api.handle(r));
  };
  http.Get(R"(/api/.*)", to_api);
  http.Post(R"(/api/.*)", to_api);
  http.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    // Only replies the handlers did not write: unknown paths and methods.
    if (!response.body.empty()) return;
    const int status = response.status;
    send(
        response,
        error_json(status, status == 404   ? "no such page: " + request.method + " " + request.path
                           : status == 413 ? std::string("the request is too large (16 MB at most; "
                                                         "send a PGN as text/plain)")
                                           : "HTTP error " + std::to_string(status)));
  });
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& response, std::exception_ptr e) {
        std::string what = "internal error";
        try {
          if (e) std::rethrow_exception(e);
        } catch (const std::exception& ex) {
          what = std::string("internal error: ") + ex.what();
        } catch (...) {
        }
        send(response, error_json(500, what));
      });
}

Server::~Server() { stop(); }

int Server::bind(std::string& error) {
  const ServeOptions& o = impl_->options;
  if (!o.allow_remote && !is_loopback(o.host)) {
    error = "refusing to serve on " + o.host +
            ": anyone who can reach it could use the engine; add --allow-remote to mean it";
    return -1;
  }
  if (o.port < 0 || o.port > 65535) {
    error = "port must be from 0 to 65535";
    return -1;
  }
  const int port = o.port == 0 ? impl_->http.bind_to_any_port(o.host)
                               : (impl_->http.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0)
    error = "cannot listen on " + o.host + ":" + std::to_string(o.port) +
            " (in use, or no such address)";
  return port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
  if (impl_->http.is_running()) impl_->http.stop();
}

namespace {
Server* g_serving = nullptr;
extern "C" void stop_serving(int) {
  // httplib's stop() only shuts the listening socket: safe enough from a
  // signal handler, and the process exits right after run() returns.
  if (g_serving) g_serving->stop();
}
}  // namespace

int run_serve(const ServeOptions& options, std::ostream& out, std::ostream& err) {
  Server server(options);
  std::string error;
  const int port = server.bind(error);
  if (port < 0) {
    err << "error: " << error << "\n";
    return 2;
  }
  const std::string host =
      options.host.find(':') != std::string::npos && options.host.front() != '['
          ? "[" + options.host + "]"
          : options.host;
  out << "serving the board at http://" << host << ":" << port << "/ (Ctrl-C stops)" << std::endl;
  g_serving = &server;
  std::signal(SIGINT, stop_serving);
  std::signal(SIGTERM, stop_serving);
  server.run();
  g_serving = nullptr;
  out << "stopped" << std::endl;
  return 0;
}

}  // namespace leiser::web
