// One core's entry (core/cores.h): the subcommands of the leiserchess
// executable, or the engine protocol, run by this core, its typed jobs, and
// its C API table. Compiled into every core; LEISER_CORE_NAME (set by
// meson.build for the wide cores) names it.
#include "commands/core_entry.h"

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "commands/arena_command.h"
#include "commands/bench_command.h"
#include "commands/evaldata_command.h"
#include "commands/gendata_command.h"
#include "commands/perft_command.h"
#include "commands/serve_command.h"
#include "commands/solve_command.h"
#include "commands/uci.h"
#include "commands/version.h"
#include "core/cores.h"
#include "simd/compiled_features.h"

#ifndef LEISER_CORE_NAME
#define LEISER_CORE_NAME scalar
#endif
#define LEISER_CORE_STRING_(name) #name
#define LEISER_CORE_STRING(name) LEISER_CORE_STRING_(name)
#define LEISER_CORE_ENTRY_(name) leiser_core_##name
#define LEISER_CORE_ENTRY(name) LEISER_CORE_ENTRY_(name)

namespace leiser::commands {

namespace {

constexpr const char* kHelp =
    "usage: leiserchess [command]\n"
    "  (no command)             speak the engine protocol (docs/protocol.md) on stdin/stdout\n"
    "  perft [--edition 2018|2016] [--fen FEN] [--moves M...] --depth N [--pseudo] [--divide]\n"
    "        [--threads T] [--batch-lasers]\n"
    "                           count the leaves of the move tree (--batch-lasers: trace the\n"
    "                           next-to-last ply's lasers in batches through the SIMD kernel;\n"
    "                           no effect on 2016 pseudo perft, which traces no batch, nor\n"
    "                           below depth 2, or 3 with --divide)\n"
    "  bench [depth] [edition] [threads] [bench|deep|startpos|FEN file] [option=value ...]\n"
    "                           fixed-depth search of the 30 bench positions (or the deep\n"
    "                           set, the start position, or a file of FENs): node count and\n"
    "                           speed; one line per position on stderr\n"
    "  bench --scaling 1,2,4,... [depth] [edition] [positions] [--rounds R] [option=value ...]\n"
    "                           time to depth, search overhead and node rate per thread count\n"
    "                           against one thread and the machine's ceiling (deep set, depth 9)\n"
    "  solve FILE [--movetime MS] [--threads T] [--hash MB] [option=value ...]\n"
    "                           run a tactics suite (lines '<FEN>; dm <n>; edition <E>; "
    "id <name>',\n"
    "                           e.g. tests/data/tactics-2016.txt): how many forced King "
    "zaps it finds\n"
    "  arena --engine name=N,cmd=C[,option.X=V,depth=D,nodes=N] --engine ... [--edition E]\n"
    "        [--tc T+I] [--games N] [--concurrency C] [--openings F] [--pgn F] [--sprt ...]\n"
    "                           play matches between engines and referee them (arena --help)\n"
    "  openings --edition E --plies N --count K [--max-eval CP] [--seed S]\n"
    "                           generate balanced random openings (openings --help)\n"
    "  gendata --edition E --games N --nodes K --out FILE [--threads T] [--openings F]\n"
    "        [--random-plies R] [--seed S] [--hash MB] [--max-plies P] [name=value ...]\n"
    "                           self-play games recorded as training data for the network\n"
    "                           (nnue/README.md); appends to FILE and resumes an interrupted run\n"
    "  evaldata FILE [--first N] [--count N] [name=value ...]\n"
    "                           the static evaluation of each record of a gendata file beside\n"
    "                           its search score and result (scripts/nnue_fit_report.py)\n"
    "  serve [--port N] [--host ADDRESS] [--allow-remote] [--pgn FILE]\n"
    "                           the board in a browser (http://127.0.0.1:8080/): play the\n"
    "                           engine, analyse, watch a recorded or running match\n"
    "  display --svg [--edition E] [--fen FEN] [--moves M...] [--flip] [--out FILE]\n"
    "                           the position drawn as SVG, with both Kings' beams\n"
    "  --simd scalar|avx2|avx512|auto   (before or after a command) run the engine core built\n"
    "                           for that instruction set (default: the best this CPU runs)\n"
    "  --version                print the version\n"
    "  help                     this text\n";

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
        std::ostream& err, core::CoreHandover& handover) {
  // No command: speak the engine protocol, so match runners can start the
  // executable directly.
  if (args.empty()) return run_protocol(in, out, &handover);
  handover.next_core.clear();
  const std::string& command = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "perft") return run_perft_command(rest, out, err);
  if (command == "bench") return run_bench_command(rest, out, err);
  if (command == "solve") return run_solve_command(rest, out, err);
  if (command == "arena") return run_arena_command(rest, out, err);
  if (command == "openings") return run_openings_command(rest, out, err);
  if (command == "gendata") return run_gendata_command(rest, out, err);
  if (command == "evaldata") return run_evaldata_command(rest, out, err);
  if (command == "serve") return run_serve_command(rest, out, err);
  if (command == "display") return run_display_command(rest, out, err);
  if (command == "--version" || command == "version") {
    out << version_string() << "\n";
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    out << kHelp;
    return 0;
  }
  err << "error: unknown command '" << command << "'; try 'leiserchess help'\n";
  return 2;
}

// The core's typed perft entry (core::CoreEntry::perft_counts).
kernel::Expected<core::PerftCounts> perft_job_entry(const core::PerftJob& job,
                                                    const core::PerftDepthFn& on_depth) {
  return perft_counts(job, on_depth);
}

// The core's gendata entry (core::CoreEntry::gendata): progress as data.
int gendata_entry(const std::vector<std::string>& args, const core::GendataProgressFn& on_progress,
                  std::ostream& out, std::ostream& err) {
  return run_gendata_command(args, out, err, on_progress);
}

}  // namespace

std::string_view this_core_name() { return LEISER_CORE_STRING(LEISER_CORE_NAME); }

}  // namespace leiser::commands

extern "C" constinit const leiser::core::CoreEntry LEISER_CORE_ENTRY(LEISER_CORE_NAME){
    LEISER_CORE_STRING(LEISER_CORE_NAME),
    leiser::simd::compiled_features(),
    &leiser::commands::run,
    &leiser::commands::perft_job_entry,
    &leiser::commands::gendata_entry,
    &leiser::capi::kCoreApi};
