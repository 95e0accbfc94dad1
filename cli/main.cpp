// The leiserchess executable: subcommands, or the engine protocol by default.
#include <iostream>
#include <string>
#include <vector>

#include "cli/arena_command.h"
#include "cli/bench_command.h"
#include "cli/perft_command.h"
#include "cli/solve_command.h"
#include "cli/uci.h"
#include "cli/version.h"
#include "simd/dispatch.h"

namespace {

constexpr const char* kHelp =
    "usage: leiserchess [command]\n"
    "  (no command)             speak the engine protocol (PROTOCOL.md) on stdin/stdout\n"
    "  perft [--edition 2018|2016] [--fen FEN] [--moves M...] --depth N [--pseudo] [--divide]\n"
    "        [--threads T] [--batch-lasers]\n"
    "                           count the leaves of the move tree (--batch-lasers: trace the\n"
    "                           next-to-last ply's lasers in batches through the SIMD kernel;\n"
    "                           no effect on 2016 pseudo perft, which traces no batch, nor\n"
    "                           below depth 2, or 3 with --divide)\n"
    "  bench [depth] [edition] [threads] [bench|startpos|FEN file] [option=value ...]\n"
    "                           fixed-depth search of the 30 bench positions (or the start\n"
    "                           position, or a file of FENs): node count and speed; one line\n"
    "                           per position on stderr\n"
    "  solve FILE [--movetime MS] [--threads T] [--hash MB] [option=value ...]\n"
    "                           run a tactics suite (lines '<FEN>; dm <n>; edition <E>; id <name>',\n"
    "                           e.g. tests/data/tactics-2016.txt): how many forced King zaps it finds\n"
    "  arena --engine name=N,cmd=C[,option.X=V,depth=D,nodes=N] --engine ... [--edition E]\n"
    "        [--tc T+I] [--games N] [--concurrency C] [--openings F] [--pgn F] [--sprt ...]\n"
    "                           play matches between engines and referee them (arena --help)\n"
    "  openings --edition E --plies N --count K [--max-eval CP] [--seed S]\n"
    "                           generate balanced random openings (openings --help)\n"
    "  --simd scalar|avx2|avx512|auto   (before or after a command) force a SIMD implementation\n"
    "  --version                print the version\n"
    "  help                     this text\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // --simd NAME (anywhere) forces a SIMD implementation, like LEISER_SIMD.
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--simd") continue;
    if (i + 1 >= args.size()) {
      std::cerr << "error: --simd expects scalar, avx2, avx512 or auto\n";
      return 2;
    }
    if (const std::string problem = leiser::simd::select(args[i + 1]); !problem.empty()) {
      std::cerr << "error: --simd: " << problem << "\n";
      return 2;
    }
    args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 2);
    --i;
  }
  // No command: speak the engine protocol on stdin/stdout, so match runners
  // can start the executable directly.
  if (args.empty()) return leiser::cli::run_protocol(std::cin, std::cout);
  const std::string command = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "perft") return leiser::cli::run_perft_command(rest, std::cout, std::cerr);
  if (command == "bench") return leiser::cli::run_bench_command(rest, std::cout, std::cerr);
  if (command == "solve") return leiser::cli::run_solve_command(rest, std::cout, std::cerr);
  if (command == "arena") return leiser::cli::run_arena_command(rest, std::cout, std::cerr);
  if (command == "openings") return leiser::cli::run_openings_command(rest, std::cout, std::cerr);
  if (command == "--version" || command == "version") {
    std::cout << leiser::cli::version_string() << "\n";
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    std::cout << kHelp;
    return 0;
  }
  std::cerr << "error: unknown command '" << command << "'; try 'leiserchess help'\n";
  return 2;
}
