// The engine cores (core/cores.h): each one built for its instruction set and
// nothing wider, each giving the results of the baseline core: the perft
// vectors, the 2016 evaluation vectors bit for bit, and the bench signature.
// A core this CPU cannot run is reported and skipped; the cores it can run
// are all checked, not only the one the program would pick.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/cores.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/random_boards.h"
#include "nnue/network.h"
#include "nnue/training_data.h"
#include "simd/cpu.h"
#include "simd/dispatch.h"
#include "tests/support/vectors.h"

namespace leiser::commands {
namespace {

using core::built_cores;
using core::core_for;
using core::CoreEntry;
using core::CoreHandover;
using core::find_core;

constexpr simd::FeatureSet kBaselineFeatures = simd::kFeatureSse42 | simd::kFeaturePopcnt;

struct Output {
  int status = 0;
  std::string out;
  std::string err;
};

Output run_core(const CoreEntry& core, const std::vector<std::string>& args,
                const std::string& input = "", CoreHandover* handover = nullptr) {
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  CoreHandover local;
  Output result;
  result.status = core.run(args, in, out, err, handover ? *handover : local);
  result.out = out.str();
  result.err = err.str();
  return result;
}

std::vector<const CoreEntry*> runnable_cores() {
  std::vector<const CoreEntry*> cores;
  for (const CoreEntry* core : built_cores()) {
    const simd::Implementation* impl = simd::find(core->name);
    if (impl != nullptr && impl->supported_by(simd::cpu_features())) {
      cores.push_back(core);
    } else {
      std::printf("[ cores ] %s: this CPU cannot run it; not checked here\n", core->name);
    }
  }
  return cores;
}

// The last "perft <depth> <count>" line's count.
std::uint64_t perft_leaves(const CoreEntry& core, const std::string& fen,
                           const std::string& edition, int depth, bool pseudo) {
  std::vector<std::string> args = {"perft",   "--edition",          edition, "--fen", fen,
                                   "--depth", std::to_string(depth)};
  if (pseudo) args.push_back("--pseudo");
  const Output result = run_core(core, args);
  EXPECT_EQ(result.status, 0) << result.err;
  std::istringstream lines(result.out);
  std::string line;
  std::uint64_t leaves = 0;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string word;
    int at_depth = 0;
    if (words >> word && word == "perft" && words >> at_depth && at_depth == depth) words >> leaves;
  }
  return leaves;
}

std::uint64_t bench_nodes(const CoreEntry& core, const std::string& depth,
                          const std::string& edition) {
  const Output result = run_core(core, {"bench", depth, edition, "1"});
  EXPECT_EQ(result.status, 0) << result.err;
  const auto at = result.out.find("Nodes searched  : ");
  if (at == std::string::npos) {
    ADD_FAILURE() << "no node count in: " << result.out;
    return 0;
  }
  return std::strtoull(result.out.c_str() + at + 18, nullptr, 10);
}

// The typed entry (core::CoreEntry::perft_counts) counts what the command
// prints, depth by depth, in every core: leiserchess-mpi counts its tasks
// with it and reads no text.
TEST(Cores, TypedPerftEntryCountsWhatTheCommandPrints) {
  for (const CoreEntry* core : runnable_cores()) {
    for (const std::string edition : {"2018", "2016"}) {
      core::PerftJob job;
      job.edition = *kernel::parse_edition(edition);
      job.depth = 3;
      job.moves = {"h0g1"};
      job.hash_megabytes = 1;
      std::vector<core::PerftDepthReport> reports;
      const auto counts = core->perft_counts(
          job, [&](const core::PerftDepthReport& report) { reports.push_back(report); });
      ASSERT_TRUE(counts) << core->name << ": " << counts.error();
      ASSERT_EQ(counts->size(), 3u);
      // Each depth reported once, in order, with its count and the table.
      ASSERT_EQ(reports.size(), 3u);
      for (std::size_t i = 0; i < reports.size(); ++i) {
        EXPECT_EQ(reports[i].depth, static_cast<int>(i) + 1);
        EXPECT_EQ(reports[i].leaves, (*counts)[i]);
        EXPECT_GE(reports[i].seconds, 0.0);
        EXPECT_EQ(reports[i].table_bytes, std::size_t{1} << 20);
      }
      // The lasers traced in batches: the same counts.
      job.batch_lasers = true;
      const auto batched = core->perft_counts(job, {});
      ASSERT_TRUE(batched) << core->name << ": " << batched.error();
      EXPECT_EQ(*batched, *counts) << core->name << " " << edition;
      const std::string fen = kernel::to_fen(kernel::Game::start(job.edition).position());
      for (int depth = 1; depth <= 3; ++depth) {
        const Output printed = run_core(*core, {"perft", "--edition", edition, "--moves", "h0g1",
                                                "--depth", std::to_string(depth)});
        ASSERT_EQ(printed.status, 0) << printed.err;
        EXPECT_NE(
            printed.out.find("perft " + std::to_string(depth) + " " +
                             std::to_string((*counts)[static_cast<std::size_t>(depth - 1)]) + "\n"),
            std::string::npos)
            << core->name << " " << edition << " depth " << depth << ": " << printed.out;
      }
    }
    core::PerftJob bad;
    bad.fen = "not a fen";
    EXPECT_FALSE(core->perft_counts(bad, {})) << core->name;
    core::PerftJob illegal;
    illegal.moves = {"a0a0"};
    EXPECT_FALSE(core->perft_counts(illegal, {})) << core->name;
  }
}

// gendata through a core's typed entry: the progress comes as data (the
// last report counts every game and position the file received), and no
// progress line is printed to be read back.
TEST(Cores, GendataEntryReportsProgressAsData) {
  for (const CoreEntry* core : runnable_cores()) {
    const std::string file = ::testing::TempDir() + "gendata-entry-" + core->name + ".bin";
    std::remove(file.c_str());
    std::vector<core::GendataProgress> reports;
    std::ostringstream out, err;
    const int status = core->gendata(
        {"--edition", "2016", "--games", "3", "--nodes", "300", "--out", file},
        [&](const core::GendataProgress& p) { reports.push_back(p); }, out, err);
    ASSERT_EQ(status, 0) << err.str();
    ASSERT_FALSE(reports.empty()) << core->name;
    EXPECT_EQ(reports.back().games_done, 3);
    EXPECT_EQ(reports.back().games_total, 3);
    const auto summary = nnue::summarize_data_file(file);
    ASSERT_TRUE(summary) << summary.error();
    EXPECT_EQ(reports.back().positions, static_cast<std::int64_t>(summary->records));
    EXPECT_GT(reports.back().positions, 0);
    EXPECT_EQ(err.str().find("gendata: games"), std::string::npos) << err.str();
    EXPECT_NE(out.str().find("3 games"), std::string::npos) << out.str();
    std::remove(file.c_str());
  }
}

// A bad option through the typed entry: exit status 2 and the one error
// line, without the usage text a person at the command line gets (so that
// leiserchess-mpi passes on what a rank says as it is, filtering nothing).
TEST(Cores, GendataEntryRefusesBadOptionsWithOneErrorLine) {
  for (const CoreEntry* core : runnable_cores()) {
    std::ostringstream out, err;
    int reports = 0;
    const int status = core->gendata(
        {"--edition", "2016", "--games", "3", "--nodes", "x", "--out", "never.bin"},
        [&](const core::GendataProgress&) { ++reports; }, out, err);
    EXPECT_EQ(status, 2) << core->name;
    EXPECT_EQ(reports, 0) << core->name;
    EXPECT_EQ(out.str(), "") << core->name;
    const std::string text = err.str();
    EXPECT_EQ(text.rfind("error: ", 0), 0u) << text;
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
    EXPECT_EQ(text.find("usage"), std::string::npos) << text;
  }
}

TEST(Cores, BuiltBestFirstWithScalarLast) {
  const auto cores = built_cores();
  ASSERT_FALSE(cores.empty());
  EXPECT_STREQ(cores.back()->name, "scalar");
  // Same order as the SIMD implementations, each name known to simd::find.
  std::size_t previous = 0;
  for (const CoreEntry* core : cores) {
    std::size_t rank = 0;
    const auto all = simd::all_implementations();
    while (rank < all.size() && all[rank]->name != core->name) ++rank;
    ASSERT_LT(rank, all.size()) << core->name << " is no SIMD implementation";
    EXPECT_GE(rank, previous) << core->name;
    previous = rank;
    EXPECT_EQ(find_core(core->name), core);
  }
  EXPECT_EQ(find_core("avx9000"), nullptr);
  // core_for: the core of that name, else the best built one below it.
  EXPECT_STREQ(core_for("scalar").name, "scalar");
  for (const simd::Implementation* impl : simd::all_implementations()) {
    const CoreEntry& core = core_for(impl->name);
    if (find_core(impl->name) != nullptr) {
      EXPECT_EQ(core.name, impl->name);
    }
    EXPECT_EQ(simd::find(core.name)->required & ~impl->required, 0u)
        << impl->name << " -> " << core.name;
  }
}

TEST(Cores, EachIsCompiledForItsInstructionSetAndNothingWider) {
  for (const CoreEntry* core : built_cores()) {
    SCOPED_TRACE(core->name);
    const simd::Implementation* impl = simd::find(core->name);
    ASSERT_NE(impl, nullptr);
    // Everything the core may use is something its implementation requires
    // (or the x86-64-v2 baseline), and it uses every extension it requires.
    EXPECT_EQ(core->compiled_for & ~(impl->required | kBaselineFeatures), 0u)
        << "compiled for " << simd::feature_names(core->compiled_for) << ", requires "
        << simd::feature_names(impl->required);
    EXPECT_EQ(impl->required & ~core->compiled_for, 0u)
        << "requires " << simd::feature_names(impl->required) << ", compiled for "
        << simd::feature_names(core->compiled_for);
    // No fused multiply-add: the 2016 evaluation rounds as specified.
    EXPECT_EQ(core->compiled_for & simd::kFeatureFma, 0u);
  }
#if LEISER_HAVE_CORE_AVX2
  EXPECT_NE(find_core("avx2"), nullptr) << "built, but not in the table";
#endif
#if LEISER_HAVE_CORE_AVX512
  EXPECT_NE(find_core("avx512"), nullptr) << "built, but not in the table";
#endif
}

// The default suite checks the vectors below this many leaves (the kernel's
// own tests check the baseline core with every vector); the long suite
// (LEISER_CORES_PERFT_LIMIT=0: no limit) all of them under every core.
std::uint64_t perft_limit() {
  const char* env = std::getenv("LEISER_CORES_PERFT_LIMIT");
  if (env != nullptr && std::strtoull(env, nullptr, 10) == 0) return UINT64_MAX;
  return env != nullptr ? std::strtoull(env, nullptr, 10) : 2'000'000;
}

TEST(Cores, PerftVectorsUnderEveryCore) {
  const std::uint64_t limit = perft_limit();
  for (const CoreEntry* core : runnable_cores()) {
    int checked = 0;
    for (const std::string edition : {"2016", "2018"}) {
      for (const auto& v : testing::read_perft_vectors("perft-" + edition + ".tsv")) {
        for (const bool pseudo : {false, true}) {
          const std::uint64_t expected = pseudo ? v.pseudo : v.legal;
          if (expected >= limit) continue;
          EXPECT_EQ(perft_leaves(*core, v.fen, edition, v.depth, pseudo), expected)
              << core->name << " " << edition << (pseudo ? " pseudo" : " legal") << " depth "
              << v.depth << " " << v.fen;
          ++checked;
        }
      }
    }
    std::printf("[ cores ] %s: %d perft vectors\n", core->name, checked);
    EXPECT_GT(checked, 100);
  }
}

TEST(Cores, Eval2016VectorsBitForBitUnderEveryCore) {
  const auto rows = testing::read_tsv("eval-2016.tsv");
  std::map<std::string, std::size_t> column;
  for (std::size_t i = 0; i < rows[0].size(); ++i) column[rows[0][i]] = i;
  ASSERT_TRUE(column.count("score_cp_side_to_move"));
  std::string input = "setoption name edition value 2016\nsetoption name Eval value classic\n";
  for (std::size_t row = 1; row < rows.size(); ++row)
    input += "position fen " + rows[row][0] + "\neval\n";
  for (const CoreEntry* core : runnable_cores()) {
    const Output result = run_core(*core, {}, input);
    ASSERT_EQ(result.status, 0);
    // The answers come in order: the terms of a row, then its score.
    std::istringstream lines(result.out);
    std::string line;
    std::size_t row = 1;
    int terms_checked = 0;
    while (std::getline(lines, line) && row < rows.size()) {
      std::istringstream words(line);
      std::string w1, w2, w3, term, colour1, colour2;
      long white = 0, black = 0;
      if (words >> w1 >> w2 && w1 == "info" && w2 == "string" && words >> w3 && w3 == "eval" &&
          words >> term >> colour1 >> white >> colour2 >> black) {
        for (char& c : term) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const auto w = column.find(term + "_white_ev");
        const auto b = column.find(term + "_black_ev");
        ASSERT_NE(w, column.end()) << term;
        EXPECT_EQ(white, std::stol(rows[row][w->second]))
            << core->name << " row " << row << " " << term;
        EXPECT_EQ(black, std::stol(rows[row][b->second]))
            << core->name << " row " << row << " " << term;
        ++terms_checked;
      } else if (line.rfind("info score cp ", 0) == 0) {
        EXPECT_EQ(std::stol(line.substr(14)), std::stol(rows[row][column["score_cp_side_to_move"]]))
            << core->name << " row " << row << " " << rows[row][0];
        ++row;
      } else {
        ADD_FAILURE() << core->name << ": unexpected line " << line;
      }
    }
    EXPECT_EQ(row, rows.size()) << core->name << ": answers for " << row - 1 << " of "
                                << rows.size() - 1 << " rows";
    EXPECT_EQ(terms_checked, 9 * static_cast<int>(rows.size() - 1)) << core->name;
  }
}

// Both editions' evaluations, term by term, on boards from random games,
// random boards and mazes (long beams): the same answers under every core as
// under the baseline core, whatever primitive a core chose at compile time
// (LCOVERAGE's sums, the laser tracer).
// A random network of the edition (nnue::random_network) in a temporary
// file, for the NNUE runs below; removed at the end of the test program.
const std::string& random_net_file(kernel::Edition edition) {
  static const std::string paths[2] = {
      [] {
        const std::string path = ::testing::TempDir() + "cores-random-2016.nnue";
        const auto bytes =
            nnue::serialize_network(nnue::random_network(kernel::Edition::k2016, 71));
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        return path;
      }(),
      [] {
        const std::string path = ::testing::TempDir() + "cores-random-2018.nnue";
        const auto bytes =
            nnue::serialize_network(nnue::random_network(kernel::Edition::k2018, 72));
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        return path;
      }()};
  return paths[edition == kernel::Edition::k2016 ? 0 : 1];
}

class CoreEvaluations : public ::testing::TestWithParam<bool> {};

TEST_P(CoreEvaluations, AreTheSameUnderEveryCore) {
  namespace rb = kernel::random_boards;
  const bool use_nnue = GetParam();
  for (const kernel::Edition edition : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    const std::string name = edition == kernel::Edition::k2016 ? "2016" : "2018";
    std::string input = "setoption name edition value " + name + "\n";
    if (use_nnue)
      input += "setoption name EvalFile value " + random_net_file(edition) +
               "\nsetoption name Eval value nnue\n";
    else
      input += "setoption name Eval value classic\n";
    std::size_t positions = 0;
    for (const auto& samples : {rb::game_samples(edition, 1500, 101),
                                rb::synthetic_samples(400, 102), rb::maze_samples(300, 103)}) {
      for (const rb::Sample& sample : samples) {
        input += "position fen " + kernel::board_to_fen(sample.board) +
                 (sample.shooter == kernel::Color::kTangerine ? " W" : " B") + "\neval\n";
        ++positions;
      }
    }
    const Output reference = run_core(*find_core("scalar"), {}, input);
    std::size_t scores = 0;
    for (std::size_t at = 0; (at = reference.out.find("info score cp", at)) != std::string::npos;
         ++at)
      ++scores;
    EXPECT_GT(scores, positions * 9 / 10) << "most boards must be evaluated, not refused";
    EXPECT_EQ(reference.out.find("option Eval"), std::string::npos) << reference.out.substr(0, 300);
    EXPECT_EQ(reference.out.find("eval NNUE") != std::string::npos, use_nnue)
        << "the evaluation asked for";
    for (const CoreEntry* core : runnable_cores()) {
      const Output answer = run_core(*core, {}, input);
      if (answer.out == reference.out) continue;
      std::istringstream a(answer.out), r(reference.out);
      std::string line_a, line_r;
      int line = 1;
      while (std::getline(a, line_a) && std::getline(r, line_r) && line_a == line_r) ++line;
      ADD_FAILURE() << core->name << " edition " << name << ": line " << line << " is '" << line_a
                    << "', the baseline core says '" << line_r << "'";
    }
  }
}

// Both editions' evaluations, term by term (classic), and the network's
// (a random one: the integer inference is the same whatever the weights).
INSTANTIATE_TEST_SUITE_P(ClassicAndNnue, CoreEvaluations, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "Nnue" : "Classic";
                         });

// A search with the network: the same node count under every core (the
// accumulators' updates and the inference are integer and exact).
TEST(Cores, NnueBenchNodesAreTheSameUnderEveryCore) {
  const CoreEntry* scalar = find_core("scalar");
  ASSERT_NE(scalar, nullptr);
  for (const kernel::Edition edition : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    const std::string name = edition == kernel::Edition::k2016 ? "2016" : "2018";
    const std::vector<std::string> args = {
        "bench", "4", name, "1", "bench", "EvalFile=" + random_net_file(edition), "Eval=nnue"};
    const Output reference = run_core(*scalar, args);
    ASSERT_EQ(reference.status, 0) << reference.err;
    const Output classic = run_core(*scalar, {"bench", "4", name, "1"});
    auto nodes = [](const Output& o) {
      const auto at = o.out.find("Nodes searched  : ");
      return at == std::string::npos ? 0 : std::strtoull(o.out.c_str() + at + 18, nullptr, 10);
    };
    EXPECT_GT(nodes(reference), 10'000u);
    EXPECT_NE(nodes(reference), nodes(classic)) << "the network must have been used";
    for (const CoreEntry* core : runnable_cores())
      EXPECT_EQ(nodes(run_core(*core, args)), nodes(reference))
          << core->name << " edition " << name;
  }
}

TEST(Cores, BenchSignatureIsTheSameUnderEveryCore) {
  const CoreEntry* scalar = find_core("scalar");
  ASSERT_NE(scalar, nullptr);
  for (const std::string edition : {"2016", "2018"}) {
    const std::uint64_t expected = bench_nodes(*scalar, "5", edition);
    EXPECT_GT(expected, 100'000u);
    for (const CoreEntry* core : runnable_cores())
      EXPECT_EQ(bench_nodes(*core, "5", edition), expected) << core->name << " edition " << edition;
  }
}

// A handover as the launcher (cli/main.cpp) prepares it.
CoreHandover launcher_handover() {
  CoreHandover handover;
  handover.core_name_for = [](std::string_view implementation) {
    return core_for(implementation).name;
  };
  return handover;
}

// Runs `next` as the core a switch handed the session to, with the SIMD
// implementation it was chosen for selected while it runs.
void run_as_next_core(const CoreEntry& next, std::istream& in, std::ostream& out, std::ostream& err,
                      CoreHandover& handover) {
  ASSERT_EQ(simd::select(next.name), "");
  EXPECT_EQ(next.run({}, in, out, err, handover), 0);
  ASSERT_EQ(simd::select("auto"), "");
}

// The protocol's `simd` option hands the session to another core, which
// keeps the options set and the game, and reads on from the same input.
TEST(Cores, ProtocolHandsItsStateToTheNextCore) {
  const auto cores = runnable_cores();
  if (cores.size() < 2) GTEST_SKIP() << "this CPU runs one core only";
  const CoreEntry& first = *cores.front();
  const CoreEntry& second = *cores.back();  // scalar
  std::istringstream in(
      "setoption name edition value 2016\n"
      "setoption name Eval value classic\n"
      "setoption name pcentral value 700\n"
      "position startpos moves e1e2\n"
      "move e7e6\n"
      "display\n"
      "setoption name simd value scalar\n"
      "display\n"
      "eval\n"
      "uci\n"
      "quit\n");
  std::ostringstream out, err;
  CoreHandover handover = launcher_handover();
  EXPECT_EQ(first.run({}, in, out, err, handover), 0);
  EXPECT_EQ(handover.next_core, "scalar");
  ASSERT_TRUE(handover.state.has_value());
  const std::string before = out.str();
  out.str("");
  run_as_next_core(second, in, out, err, handover);
  EXPECT_TRUE(handover.next_core.empty());
  const std::string after = out.str();
  // The same board, edition and side to move before and after.
  const auto fen_of = [](const std::string& text) {
    const auto at = text.find("edition ");
    return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
  };
  EXPECT_NE(fen_of(before), "");
  EXPECT_EQ(fen_of(after), fen_of(before)) << before << "\n---\n" << after;
  EXPECT_NE(fen_of(before).find("edition 2016"), std::string::npos);
  // The option set before the switch still applies (PCENTRAL scaled 700/500
  // shows in the evaluation only if kept: compare with the scalar core's
  // own answer to the same commands).
  const Output direct =
      run_core(second, {},
               "setoption name edition value 2016\nsetoption name Eval value classic\n"
               "setoption name pcentral value 700\n"
               "position startpos moves e1e2 e7e6\neval\n");
  const auto eval_lines = [](const std::string& text) {
    std::string lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);)
      if (line.rfind("info string eval", 0) == 0 || line.rfind("info score", 0) == 0)
        lines += line + "\n";
    return lines;
  };
  EXPECT_NE(eval_lines(direct.out), "");
  EXPECT_EQ(eval_lines(after), eval_lines(direct.out));
  // Adopting the state answered nothing; the next core lists simd = scalar.
  EXPECT_EQ(after.find("error"), std::string::npos) << after;
  EXPECT_NE(after.find("option name simd type combo default scalar"), std::string::npos) << after;
  EXPECT_FALSE(handover.state.has_value()) << "taken by the next core";
}

// The handover is data: the options set (by their declared names, each once
// with its last value), the edition, the start position and the moves
// played. The next core applies it to its engine, so the history survives:
// Ko still forbids undoing the last swap, and the options still act.
TEST(Cores, ProtocolHandsPositionHistoryAndOptionsAsData) {
  const auto cores = runnable_cores();
  if (cores.size() < 2) GTEST_SKIP() << "this CPU runs one core only";
  const CoreEntry& first = *cores.front();
  const CoreEntry& second = *cores.back();  // scalar
  // Tangerine's King swaps with Lavender's NW Pawn; swapping back at once
  // would undo the move: Ko (tests/kernel/test_game.cpp).
  std::istringstream in(
      "setoption name edition value 2016\n"
      "setoption name multi_pv value 3\n"
      "setoption name use_ko value true\n"
      "setoption name MultiPV value 2\n"
      "position fen ss7/8/8/8/8/8/6nw1/7NN W moves h0g1\n"
      "setoption name simd value scalar\n"
      "move h0g1\n"
      "display\n"
      "go depth 2\n");
  std::ostringstream out, err;
  CoreHandover handover = launcher_handover();
  ASSERT_EQ(first.run({}, in, out, err, handover), 0) << err.str();
  ASSERT_EQ(handover.next_core, "scalar");
  ASSERT_TRUE(handover.state.has_value());
  const core::SessionState& state = *handover.state;
  EXPECT_EQ(state.options, (std::vector<core::OptionSetting>{
                               {"edition", "2016"}, {"MultiPV", "2"}, {"use_ko", "true"}}));
  EXPECT_EQ(state.edition, kernel::Edition::k2016);
  EXPECT_EQ(state.start_fen, "ss7/8/8/8/8/8/6nw1/7NN W");
  EXPECT_EQ(state.moves, std::vector<std::string>{"h0g1"});
  const std::string before = out.str();
  EXPECT_EQ(before.find("error"), std::string::npos) << before;

  out.str("");
  run_as_next_core(second, in, out, err, handover);
  const std::string after = out.str();
  // The history came along: the swap back is refused as Ko, and the board
  // is the one after h0g1, Lavender to move.
  EXPECT_NE(after.find("info string error: "), std::string::npos) << after;
  EXPECT_NE(after.find("Ko"), std::string::npos) << after;
  auto parsed = kernel::Game::from_fen("ss7/8/8/8/8/8/6nw1/7NN W", kernel::Edition::k2016);
  ASSERT_TRUE(parsed.has_value());
  kernel::Game game = *parsed;
  ASSERT_TRUE(game.play("h0g1").has_value());
  EXPECT_NE(after.find("edition 2016, Lavender to move, fen " + kernel::to_fen(game.position())),
            std::string::npos)
      << after;
  // MultiPV 2 (its last value, not the alias's 3) shapes the search's lines.
  EXPECT_NE(after.find(" multipv 2 "), std::string::npos) << after;
  EXPECT_EQ(after.find(" multipv 3 "), std::string::npos) << after;
  EXPECT_NE(after.find("bestmove "), std::string::npos) << after;
}

}  // namespace
}  // namespace leiser::commands
