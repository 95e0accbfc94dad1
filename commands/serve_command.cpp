#include "commands/serve_command.h"

#include <fstream>
#include <ostream>

#include "base/parse_integer.h"
#include "kernel/edition.h"
#include "kernel/game.h"
#include "web/board_svg.h"
#include "web/server.h"

namespace leiser::commands {

namespace {

constexpr const char* kServeUsage =
    "usage: leiserchess serve [--port N] [--host ADDRESS] [--allow-remote] [--pgn FILE]\n"
    "  the board in a browser: play, analyse, watch matches (docs/web.md). Default\n"
    "  127.0.0.1:8080; another host only with --allow-remote. --pgn FILE: the match file\n"
    "  the Watch tab follows as it grows (e.g. a running arena --pgn).\n";

constexpr const char* kDisplayUsage =
    "usage: leiserchess display --svg [--edition 2018|2016] [--fen FEN] [--moves M...] [--flip]\n"
    "                          [--size PIXELS] [--out FILE]\n"
    "  draws the position (the start, or FEN, then the moves) as SVG, both Kings' beams\n"
    "  included, on stdout or into FILE.\n";

}  // namespace

int run_serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  web::ServeOptions options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--help" || a == "-h") {
      out << kServeUsage;
      return 0;
    } else if (a == "--port" && has_value) {
      const auto port = base::parse_integer(args[++i], 0, 65535);
      if (!port) {
        err << "error: --port must be from 0 to 65535, not '" << args[i] << "'\n";
        return 2;
      }
      options.port = static_cast<int>(*port);
    } else if (a == "--host" && has_value) {
      options.host = args[++i];
    } else if (a == "--allow-remote") {
      options.allow_remote = true;
    } else if (a == "--pgn" && has_value) {
      options.api.watch_pgn = args[++i];
    } else {
      err << "error: serve: unknown or incomplete argument '" << a << "'\n" << kServeUsage;
      return 2;
    }
  }
  return web::run_serve(options, out, err);
}

int run_display_command(const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err) {
  bool svg = false;
  kernel::Edition edition = kernel::kDefaultEdition;
  std::string fen;
  std::vector<std::string> moves;
  std::string out_path;
  web::SvgOptions options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--help" || a == "-h") {
      out << kDisplayUsage;
      return 0;
    } else if (a == "--svg") {
      svg = true;
    } else if (a == "--edition" && has_value) {
      const auto parsed = kernel::parse_edition(args[++i]);
      if (!parsed) {
        err << "error: --edition must be 2018 or 2016, not '" << args[i] << "'\n";
        return 2;
      }
      edition = *parsed;
    } else if (a == "--fen" && has_value) {
      fen = args[++i];
    } else if (a == "--moves") {
      while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) moves.push_back(args[++i]);
    } else if (a == "--flip") {
      options.flipped = true;
    } else if (a == "--size" && has_value) {
      const auto size = base::parse_integer(args[++i], 16, 1000);
      if (!size) {
        err << "error: --size must be from 16 to 1000 pixels per square, not '" << args[i] << "'\n";
        return 2;
      }
      options.square_pixels = static_cast<int>(*size);
    } else if (a == "--out" && has_value) {
      out_path = args[++i];
    } else {
      err << "error: display: unknown or incomplete argument '" << a << "'\n" << kDisplayUsage;
      return 2;
    }
  }
  if (!svg) {
    err << "error: display needs --svg (the only format so far)\n" << kDisplayUsage;
    return 2;
  }
  kernel::Game game = kernel::Game::start(edition);
  if (!fen.empty() && fen != "startpos") {
    auto parsed = kernel::Game::from_fen(fen, edition);
    if (!parsed) {
      err << "error: --fen: " << parsed.error() << "\n";
      return 2;
    }
    game = std::move(*parsed);
  }
  for (const std::string& m : moves) {
    if (auto played = game.play(m); !played) {
      err << "error: move '" << m << "': " << played.error() << "\n";
      return 2;
    }
  }
  if (!game.moves().empty()) options.last_move = game.moves().back();
  const std::string drawing = web::board_svg(game.position(), options) + "\n";
  if (out_path.empty()) {
    out << drawing;
    return 0;
  }
  std::ofstream file(out_path, std::ios::binary);
  if (!(file << drawing)) {
    err << "error: cannot write " << out_path << "\n";
    return 1;
  }
  return 0;
}

}  // namespace leiser::commands
