// The perft and bench subcommands: output format, positions and option errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "commands/bench_command.h"
#include "commands/perft_command.h"
#include "commands/solve_command.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "search/benchmark.h"
#include "search/benchmark_positions.h"
#include "search/engine.h"

namespace leiser::commands {
namespace {

struct CommandRun {
  int status;
  std::string out;
  std::string err;
};

CommandRun run(const std::vector<std::string>& args) {
  std::ostringstream out;
  std::ostringstream err;
  const int status = run_perft_command(args, out, err);
  return {status, out.str(), err.str()};
}

TEST(PerftCommand, PrintsEveryDepth) {
  const CommandRun r = run({"--edition", "2016", "--depth", "3", "--pseudo"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("perft 1 78\nperft 2 6084\nperft 3 473126\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("leaves/s"), std::string::npos);
}

TEST(PerftCommand, DivideListsRootMovesThenTotal) {
  const CommandRun r = run({"--depth", "2", "--divide", "--threads", "2"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("h0R: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("perft 2 3757\n"), std::string::npos) << r.out;
}

// Divided counts are printed as root moves finish, yet in generation order,
// with threads and a table as without.
TEST(PerftCommand, DivideWithThreadsKeepsGenerationOrder) {
  const auto counts = [](const std::string& out) { return out.substr(0, out.find("time ")); };
  const CommandRun one = run({"--edition", "2016", "--depth", "3", "--divide"});
  ASSERT_EQ(one.status, 0) << one.err;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--edition", "2016", "--depth", "3", "--divide", "--threads", "2"},
        std::vector<std::string>{"--edition", "2016", "--depth", "3", "--divide", "--threads", "3",
                                 "--hash", "2"}}) {
    const CommandRun r = run(args);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(counts(r.out), counts(one.out));
  }
  EXPECT_NE(one.out.find("perft 3 281474\n"), std::string::npos) << one.out;
}

TEST(PerftCommand, FenAndMoves) {
  const CommandRun r = run({"--fen", "ss7/8/8/8/8/8/6nw1/7NN W", "--edition", "2016", "--moves",
                            "h0g1", "--depth", "1"});
  EXPECT_EQ(r.status, 0) << r.err;
  // Lavender: King a7 (3 rotations + 3 shifts), Pawn h0 (3 rotations + 3
  // shifts), minus the Ko swap back; the null move zaps nothing.
  EXPECT_NE(r.out.find("perft 1 11\n"), std::string::npos) << r.out;
}

// The summary line says what --batch-lasers did: 2016 pseudo perft never
// traces lasers through the batch (its next-to-last ply counts without making
// most moves), so there it must say the option had no effect, and the counts
// are the plain ones.
TEST(PerftCommand, BatchLasersSaysWhetherItTookEffect) {
  const CommandRun pseudo =
      run({"--edition", "2016", "--depth", "3", "--pseudo", "--batch-lasers"});
  EXPECT_EQ(pseudo.status, 0) << pseudo.err;
  EXPECT_NE(pseudo.out.find("perft 3 473126\n"), std::string::npos) << pseudo.out;
  EXPECT_NE(pseudo.out.find(", edition 2016, pseudo, threads 1, --batch-lasers has no effect "
                            "(2016 pseudo perft traces no batch)\n"),
            std::string::npos)
      << pseudo.out;
  EXPECT_EQ(pseudo.out.find("batched lasers"), std::string::npos) << pseudo.out;

  const CommandRun legal = run({"--edition", "2016", "--depth", "3", "--batch-lasers"});
  EXPECT_EQ(legal.status, 0) << legal.err;
  EXPECT_NE(legal.out.find("perft 3 281474\n"), std::string::npos) << legal.out;
  EXPECT_NE(legal.out.find(", edition 2016, legal, threads 1, batched lasers ("), std::string::npos)
      << legal.out;
  EXPECT_EQ(legal.out.find("no effect"), std::string::npos) << legal.out;

  const CommandRun pseudo_2018 =
      run({"--edition", "2018", "--depth", "2", "--pseudo", "--batch-lasers"});
  EXPECT_EQ(pseudo_2018.status, 0) << pseudo_2018.err;
  EXPECT_NE(pseudo_2018.out.find("perft 2 3757\n"), std::string::npos) << pseudo_2018.out;
  EXPECT_NE(pseudo_2018.out.find(", edition 2018, pseudo, threads 1, batched lasers ("),
            std::string::npos)
      << pseudo_2018.out;

  // Depth 1, and depth 2 divided, end before any next-to-last ply is traced.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--edition", "2018", "--depth", "1", "--batch-lasers"},
        std::vector<std::string>{"--edition", "2018", "--depth", "2", "--divide",
                                 "--batch-lasers"}}) {
    const CommandRun shallow = run(args);
    EXPECT_EQ(shallow.status, 0) << shallow.err;
    EXPECT_NE(
        shallow.out.find(", --batch-lasers has no effect (no next-to-last ply at this depth)\n"),
        std::string::npos)
        << shallow.out;
    EXPECT_EQ(shallow.out.find("batched lasers"), std::string::npos) << shallow.out;
  }
  const CommandRun divided =
      run({"--edition", "2018", "--depth", "3", "--divide", "--batch-lasers"});
  EXPECT_NE(divided.out.find(", batched lasers ("), std::string::npos) << divided.out;
}

// --hash counts through a table of subtree counts: the same counts at every
// depth, in both editions and modes, and the summary names the table's size.
// The commands below share one table, kept from command to command (as a
// leiserchess-mpi rank keeps it from task to task).
TEST(PerftCommand, HashGivesTheSameCounts) {
  for (const std::vector<std::string>& base :
       {std::vector<std::string>{"--edition", "2016", "--depth", "4", "--pseudo"},
        std::vector<std::string>{"--edition", "2016", "--depth", "4"},
        std::vector<std::string>{"--edition", "2018", "--depth", "4", "--threads", "2"},
        std::vector<std::string>{"--edition", "2018", "--depth", "3", "--divide"}}) {
    const CommandRun plain = run(base);
    ASSERT_EQ(plain.status, 0) << plain.err;
    std::vector<std::string> hashed_args = base;
    hashed_args.insert(hashed_args.end(), {"--hash", "3"});
    const CommandRun hashed = run(hashed_args);
    ASSERT_EQ(hashed.status, 0) << hashed.err;
    // Everything up to the summary line is the same.
    const auto counts = [](const std::string& out) { return out.substr(0, out.find("time ")); };
    EXPECT_EQ(counts(hashed.out), counts(plain.out));
    EXPECT_NE(hashed.out.find(", table 2 MB"), std::string::npos) << hashed.out;
    EXPECT_EQ(plain.out.find(", table"), std::string::npos) << plain.out;
  }
  const CommandRun none = run({"--depth", "2", "--hash", "0"});
  EXPECT_EQ(none.status, 0);
  EXPECT_EQ(none.out.find(", table"), std::string::npos) << none.out;
}

TEST(PerftCommand, BadOptionsGiveOneLineErrors) {
  struct Case {
    std::vector<std::string> args;
    const char* fragment;
  };
  const Case cases[] = {
      {{"--depth", "0"}, "--depth expects an integer from 1 to 20, got '0'"},
      {{"--depth", "x"}, "got 'x'"},
      {{"--depth"}, "--depth expects"},
      {{}, "--depth is required"},
      {{"--depth", "2", "--edition", "2017"}, "--edition expects 2016 or 2018, got '2017'"},
      {{"--depth", "2", "--threads", "-1"}, "--threads expects"},
      {{"--depth", "2", "--hash", "-1"},
       "--hash expects megabytes, an integer from 0 (no table) to 4194304, got '-1'"},
      {{"--depth", "2", "--hash", "1e3"}, "--hash expects megabytes"},
      {{"--depth", "2", "--hash"}, "--hash expects megabytes"},
      {{"--depth", "2", "--frobnicate"}, "unknown perft option '--frobnicate'"},
      {{"--depth", "2", "--fen", "ss7/8/8 W"}, "bad FEN"},
      {{"--depth", "2", "--moves", "h0h0"}, "2018 edition has no null move"},
      {{"--depth", "2", "--moves", "zz"}, "bad move 'zz'"},
  };
  for (const Case& c : cases) {
    const CommandRun r = run(c.args);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find(c.fragment), std::string::npos) << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  }
}

TEST(BenchCommand, ReadsDepthEditionAndThreads) {
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(run_bench_command({"2", "2016", "2"}, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("Edition 2016, depth 2, threads 2"), std::string::npos) << out.str();
  std::ostringstream out2;
  ASSERT_EQ(run_bench_command({"2", "2016"}, out2, err), 0) << err.str();
  EXPECT_NE(out2.str().find("Edition 2016, depth 2, threads 1"), std::string::npos) << out2.str();
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"0"},
                                              {"2", "2017"},
                                              {"2", "2016", "0"},
                                              {"1", "2", "3", "4", "5"}}) {
    std::ostringstream o;
    std::ostringstream e;
    EXPECT_EQ(run_bench_command(bad, o, e), 2);
    EXPECT_EQ(e.str().rfind("error: ", 0), 0u) << e.str();
  }
}

std::uint64_t printed_count(const std::string& out, const std::string& label) {
  const auto at = out.find(label);
  if (at == std::string::npos) return 0;
  return std::stoull(out.substr(out.find(':', at) + 1));
}

// `bench ... startpos` searches the start position; `bench ... FILE` the
// file's FENs (comments and blank lines skipped), each from cleared state, so
// the totals add up position by position.
TEST(BenchCommand, SearchesTheStartPositionOrAFileOfFens) {
  for (kernel::Edition edition : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    const std::string name{kernel::edition_name(edition)};
    std::ostringstream out;
    std::ostringstream err;
    ASSERT_EQ(run_bench_command({"4", name, "1", "startpos"}, out, err), 0) << err.str();
    EXPECT_NE(out.str().find("1 position (startpos)"), std::string::npos) << out.str();
    search::Engine engine;
    ASSERT_FALSE(engine.set_option("threads", "1").has_value());
    ASSERT_FALSE(engine.set_option("hash", "16").has_value());
    ASSERT_FALSE(engine.set_option("edition", name).has_value());
    ASSERT_FALSE(engine.set_option("Eval", "classic").has_value());  // as bench sets it
    engine.set_game(kernel::Game::start(edition));
    engine.new_game();
    search::SearchLimits limits;
    limits.depth = 4;
    const search::SearchResult direct = engine.search(limits);
    EXPECT_EQ(printed_count(out.str(), "Nodes searched"), direct.nodes) << out.str();
    EXPECT_EQ(printed_count(out.str(), "Moves made      :"), direct.moves_made) << out.str();

    const auto& builtin = edition == kernel::Edition::k2016 ? search::kBenchPositions2016
                                                            : search::kBenchPositions2018;
    const std::string first{builtin[3]};
    const std::string second{builtin[17]};
    const std::string path = ::testing::TempDir() + "bench_positions_" + name + ".fen";
    {
      std::ofstream file(path);
      file << "# two bench positions\n" << first << "\n\n  " << second << "  \n";
    }
    std::ostringstream file_out;
    ASSERT_EQ(run_bench_command({"4", name, "1", path}, file_out, err), 0) << err.str();
    EXPECT_NE(file_out.str().find("2 positions (" + path + ")"), std::string::npos)
        << file_out.str();
    const std::uint64_t each = search::run_bench(4, edition, 1, {first}).nodes +
                               search::run_bench(4, edition, 1, {second}).nodes;
    EXPECT_EQ(printed_count(file_out.str(), "Nodes searched"), each);
    EXPECT_EQ(search::run_bench(4, edition, 1, {first, second}).nodes, each);
  }
}

// The deep set searches with the engine's default table (what games use),
// the other sources with the signature's 16 MB; a table size given to the
// bench comes after the deep set's and so overrides it.
TEST(BenchCommand, DeepSetSearchesWithTheEnginesDefaultTable) {
  const std::pair<std::string, std::string> deep_table{"hash",
                                                       std::to_string(search::kDefaultHashMb)};
  EXPECT_EQ(search::kDeepBenchHashMb, search::kDefaultHashMb);
  const auto deep = parse_bench_request({"3", "2016", "1", "deep"});
  ASSERT_TRUE(deep) << deep.error();
  EXPECT_EQ(deep->options, search::BenchOptions{deep_table});
  const auto sized = parse_bench_request({"3", "2016", "1", "deep", "hash=16"});
  ASSERT_TRUE(sized) << sized.error();
  EXPECT_EQ(sized->options, (search::BenchOptions{deep_table, {"hash", "16"}}));
  const auto signature = parse_bench_request({"3", "2016", "1", "bench"});
  ASSERT_TRUE(signature) << signature.error();
  EXPECT_TRUE(signature->options.empty());
  // Run, the deep request searches as the same positions do at that size.
  const search::BenchTotals totals = run_bench_request(*deep, {}, nullptr);
  EXPECT_EQ(totals.nodes,
            search::run_bench(3, kernel::Edition::k2016, 1,
                              search::deep_positions(kernel::Edition::k2016), {deep_table})
                .nodes);
}

// Trailing name=value arguments are engine options: they change the search
// (and so the node count) as the same option set on an Engine does, and a
// bad one is refused before any search.
TEST(BenchCommand, TrailingOptionsSetEngineOptions) {
  std::ostringstream plain_out, plain_err, course_out, course_err;
  ASSERT_EQ(run_bench_command({"4", "2016", "1", "startpos"}, plain_out, plain_err), 0);
  ASSERT_EQ(run_bench_command({"4", "2016", "1", "startpos", "lmr_r1=1000", "fut_depth=0"},
                              course_out, course_err),
            0)
      << course_err.str();
  search::Engine engine;
  for (const auto& [name, value] :
       std::vector<std::pair<std::string, std::string>>{{"threads", "1"},
                                                        {"hash", "16"},
                                                        {"edition", "2016"},
                                                        {"Eval", "classic"},
                                                        {"lmr_r1", "1000"},
                                                        {"fut_depth", "0"}})
    ASSERT_FALSE(engine.set_option(name, value).has_value());
  engine.set_game(kernel::Game::start(kernel::Edition::k2016));
  engine.new_game();
  search::SearchLimits limits;
  limits.depth = 4;
  const search::SearchResult direct = engine.search(limits);
  EXPECT_EQ(printed_count(course_out.str(), "Nodes searched"), direct.nodes) << course_out.str();
  EXPECT_NE(printed_count(course_out.str(), "Nodes searched"),
            printed_count(plain_out.str(), "Nodes searched"));
  // One line per position on stderr, with the search's result.
  EXPECT_NE(
      course_err.str().find("position 1/1: bestmove " + kernel::move_to_string(direct.best_move) +
                            " score " + std::to_string(direct.score)),
      std::string::npos)
      << course_err.str();
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"4", "2016", "1", "startpos", "lmr_r1=x"},
        {"4", "2016", "1", "startpos", "nonsense=1"},
        {"4", "lmr_r1=5", "2016"}}) {
    std::ostringstream o, e;
    EXPECT_EQ(run_bench_command(bad, o, e), 2);
    EXPECT_EQ(e.str().rfind("error: bench", 0), 0u) << e.str();
    EXPECT_EQ(o.str(), "");
  }
}

TEST(SolveCommand, ParsesProblemLines) {
  const auto p = parse_tactics_line("ss7/8/8/8/8/8/6nw1/7NN W; dm 2; edition 2016; id tiny", 7);
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(p->fen, "ss7/8/8/8/8/8/6nw1/7NN W");
  EXPECT_EQ(p->mate_in, 2);
  EXPECT_EQ(p->edition, kernel::Edition::k2016);
  EXPECT_EQ(p->id, "tiny");
  const struct {
    std::string line;
    std::string fragment;
  } bad[] = {
      {"ss7/8/8/8/8/8/6nw1/7NN W; edition 2016", "line 3: no 'dm <n>'"},
      {"ss7/8/8/8/8/8/6nw1/7NN W; dm zero", "dm expects a number"},
      {"ss7/8/8/8/8/8/6nw1/7NN W; dm 2; edition 2017", "edition expects 2016 or 2018"},
      {"ss7/8/8/8/8/8/6nw1/7NN W; dm 2; bm h0g1", "unknown operation 'bm'"},
      {"ss7/8/8 W; dm 2", "line 3: "},
  };
  for (const auto& c : bad) {
    const auto r = parse_tactics_line(c.line, 3);
    ASSERT_FALSE(r) << c.line;
    EXPECT_NE(r.error().find(c.fragment), std::string::npos) << r.error();
  }
}

// A King zap in one: Tangerine's King on h0 faces north up an empty h-file;
// turning to face west along rank 0 zaps Lavender's King on a0.
TEST(SolveCommand, SolvesAZapInOneAndCountsIt) {
  const std::string path = ::testing::TempDir() + "tactics_tiny.txt";
  {
    std::ofstream file(path);
    file << "# one problem\n\nss6NN/8/8/8/8/8/8/8 W; dm 1; edition 2018; id corner\n";
  }
  std::ostringstream out, err;
  ASSERT_EQ(run_solve_command({path, "--movetime", "50"}, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("1/1 corner dm 1: solved (bestmove h7L, score mate 1"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("Solved 1 of 1 at 50 ms per problem, 1 thread"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("by length: dm1 1/1"), std::string::npos) << out.str();
  for (const std::vector<std::string>& bad : {std::vector<std::string>{},
                                              {path, "--movetime", "0"},
                                              {path, "--threads"},
                                              {"/no/such/file"},
                                              {path, "bogus=1"}}) {
    std::ostringstream o, e;
    EXPECT_EQ(run_solve_command(bad, o, e), 2);
    EXPECT_EQ(e.str().rfind("error: ", 0), 0u) << e.str();
  }
}

TEST(BenchCommand, BadPositionSourcesAreOneLineErrors) {
  const std::string bad_fen = ::testing::TempDir() + "bench_bad.fen";
  const std::string empty = ::testing::TempDir() + "bench_empty.fen";
  {
    std::ofstream file(bad_fen);
    file << "# ok so far\n" << search::kBenchPositions2016[0] << "\nss7/8/8 W\n";
    std::ofstream none(empty);
    none << "# nothing but a comment\n\n";
  }
  const struct {
    std::string source;
    std::string fragment;
  } cases[] = {
      {bad_fen, bad_fen + ":3: "},
      {empty, "holds no FEN"},
      {::testing::TempDir() + "no_such_file.fen", "cannot open"},
  };
  for (const auto& c : cases) {
    std::ostringstream out;
    std::ostringstream err;
    EXPECT_EQ(run_bench_command({"2", "2016", "1", c.source}, out, err), 2);
    const std::string message = err.str();
    EXPECT_EQ(message.rfind("error: ", 0), 0u) << message;
    EXPECT_NE(message.find(c.fragment), std::string::npos) << message;
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
    EXPECT_TRUE(out.str().empty()) << out.str();
  }
}

// A parallel bench reports its split statistics, the abort latency and the
// idle share, and they are consistent: splits by type add up, a helper that
// joined was spawned, a move searched by a helper was handed out, a task
// that noticed an abort was a task, latencies and shares are in range.
// (Timings and counts vary from run to run, so only their relations are
// checked.)
TEST(BenchCommand, ParallelBenchReportsSplitsAndAbortLatency) {
  if (search::Engine::max_threads() < 2)
    GTEST_SKIP() << "one hardware thread: no parallel search here";
  const search::BenchTotals totals = search::run_bench(6, kernel::Edition::k2016, 2);
  const search::SplitCounts& c = totals.counts;
  EXPECT_GT(c.splits, 0u);
  EXPECT_EQ(c.splits, c.splits_pv + c.splits_all + c.splits_cut);
  EXPECT_GT(c.splits_pv, 0u);  // the root splits at every depth from the split depth on
  EXPECT_GE(c.tasks, c.splits);
  EXPECT_LE(c.helpers_joined, c.tasks);
  EXPECT_LE(c.helper_moves, c.split_moves);
  EXPECT_LE(c.moves_after_cutoff, c.split_moves);
  EXPECT_LE(c.nodes_after_cutoff, totals.nodes);
  EXPECT_GT(c.cutoffs, 0u);
  EXPECT_LE(c.first_move_cutoffs, c.cutoffs);
  EXPECT_EQ(c.task_errors, 0u);
  EXPECT_LE(c.abort_notices, c.tasks);
  if (c.abort_notices > 0) {
    EXPECT_GT(totals.abort_latency_mean_us, 0.0);
    EXPECT_GE(totals.abort_latency_max_us, totals.abort_latency_mean_us);
  }
  EXPECT_GE(totals.idle_share, 0.0);
  EXPECT_LT(totals.idle_share, 1.0);
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(run_bench_command({"5", "2016", "2"}, out, err), 0) << err.str();
  for (const char* line : {"Splits          : ", "Helper tasks    : ", "After cutoffs   : ",
                           "PV re-searches  : ", "IIR reductions  : ", "First-move cuts : ",
                           "Idle            : ", "Abort latency   : mean "})
    EXPECT_NE(out.str().find(line), std::string::npos) << line << "\n" << out.str();
}

// The reduction counter counts the nodes internal iterative reduction
// shortened: some in 2016, where the reduction is on, none with it off, and
// none in 2018, where it is off by default.
TEST(BenchCommand, IirReductionsCountedWhereTheReductionIsOn) {
  const auto positions = search::bench_positions(kernel::Edition::k2016);
  const std::vector<std::string> few(positions.begin(), positions.begin() + 4);
  EXPECT_GT(search::run_bench(6, kernel::Edition::k2016, 1, few).counts.iir_reductions, 0u);
  EXPECT_EQ(search::run_bench(6, kernel::Edition::k2016, 1, few, {{"iir_depth", "0"}})
                .counts.iir_reductions,
            0u);
  EXPECT_EQ(search::run_bench(6, kernel::Edition::k2018, 1).counts.iir_reductions, 0u);
}

// Singular extensions (singular_depth, off by default) are counted where
// they happen: none by default, some once nodes of the depth exist, and at
// two threads (a singular check never splits) as well.
TEST(BenchCommand, SingularExtensionsCountedOnlyWhenOn) {
  const auto positions = search::bench_positions(kernel::Edition::k2016);
  const std::vector<std::string> few(positions.begin(), positions.begin() + 4);
  EXPECT_EQ(search::run_bench(6, kernel::Edition::k2016, 1, few).counts.singular_extensions, 0u);
  for (int threads : {1, 2}) {
    const search::BenchTotals on =
        search::run_bench(6, kernel::Edition::k2016, threads, few, {{"singular_depth", "3"}});
    EXPECT_GT(on.counts.singular_extensions, 0u) << threads << " threads";
  }
}

// `bench --scaling` prints one Markdown row per thread count, paired with
// the one-thread row, and refuses what it cannot run with one line.
TEST(BenchCommand, ScalingPrintsARowPerThreadCount) {
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(
      run_bench_command({"--scaling", "1,2", "3", "2018", "bench", "--rounds", "1"}, out, err), 0)
      << err.str();
  const std::string table = out.str();
  EXPECT_NE(table.find("Scaling: edition 2018, depth 3, 30 positions (bench), 1 round;"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("| threads | time to depth (ms) | time speed-up |"), std::string::npos)
      << table;
  // The one-thread row is the bench signature's search at depth 3, paired with itself.
  const search::BenchTotals serial = search::run_bench(3, kernel::Edition::k2018, 1);
  EXPECT_NE(table.find("| 1 | "), std::string::npos) << table;
  EXPECT_NE(table.find(" | 1.00x | " + std::to_string(serial.nodes) + " | +0.0% | "),
            std::string::npos)
      << table;
  const bool oversubscribed = search::Engine::max_threads() < 2;
  EXPECT_NE(table.find(oversubscribed ? "| 2* | " : "| 2 | "), std::string::npos) << table;
  EXPECT_NE(err.str().find("bench --scaling: round 1/1: 2 threads"), std::string::npos)
      << err.str();

  struct Bad {
    std::vector<std::string> args;
    const char* fragment;
  };
  const std::vector<Bad> bad = {
      {{"--scaling"}, "usage: leiserchess bench --scaling"},
      {{"--scaling", "2,4"}, "the first thread count must be 1"},
      {{"--scaling", "1,x"}, "thread counts from 1 to 1024"},
      {{"--scaling", "1,2", "--rounds", "0"}, "--rounds expects an integer from 1 to 100"},
      {{"--scaling", "1,2", "99"}, "depth expects an integer from 1 to 30"},
      {{"--scaling", "1,2", "3", "2018", "nowhere.fen"}, "nowhere.fen"},
      {{"--scaling", "1,2", "3", "2018", "bench", "SMP=fast"},
       "expects ybwc, lazy, hybrid or abdada"},
  };
  for (const Bad& b : bad) {
    std::ostringstream o;
    std::ostringstream e;
    EXPECT_EQ(run_bench_command(b.args, o, e), 2) << b.fragment;
    const std::string message = e.str();
    EXPECT_NE(message.find(b.fragment), std::string::npos) << message;
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
    EXPECT_TRUE(o.str().empty());
  }
}

// A one-thread bench splits nothing but still counts its cutoffs; it prints
// no parallel lines.
TEST(BenchCommand, SerialBenchCountsCutoffsAndPrintsNoSplits) {
  const search::BenchTotals totals = search::run_bench(4, kernel::Edition::k2018, 1);
  EXPECT_EQ(totals.counts.splits, 0u);
  EXPECT_EQ(totals.counts.tasks, 0u);
  EXPECT_GT(totals.counts.cutoffs, 0u);
  EXPECT_LE(totals.counts.first_move_cutoffs, totals.counts.cutoffs);
  EXPECT_LT(totals.idle_share, 0.0);  // not measured
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(run_bench_command({"3", "2018", "1"}, out, err), 0) << err.str();
  EXPECT_EQ(out.str().find("Splits"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace leiser::commands
