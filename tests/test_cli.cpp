// The perft subcommand: output format and option errors.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/bench_command.h"
#include "cli/perft_command.h"

namespace leiser::cli {
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

TEST(PerftCommand, FenAndMoves) {
  const CommandRun r = run({"--fen", "ss7/8/8/8/8/8/6nw1/7NN W", "--edition", "2016", "--moves", "h0g1",
                     "--depth", "1"});
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
        std::vector<std::string>{"--edition", "2018", "--depth", "2", "--divide", "--batch-lasers"}}) {
    const CommandRun shallow = run(args);
    EXPECT_EQ(shallow.status, 0) << shallow.err;
    EXPECT_NE(shallow.out.find(", --batch-lasers has no effect (no next-to-last ply at this depth)\n"),
              std::string::npos)
        << shallow.out;
    EXPECT_EQ(shallow.out.find("batched lasers"), std::string::npos) << shallow.out;
  }
  const CommandRun divided = run({"--edition", "2018", "--depth", "3", "--divide", "--batch-lasers"});
  EXPECT_NE(divided.out.find(", batched lasers ("), std::string::npos) << divided.out;
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
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"0"}, {"2", "2017"}, {"2", "2016", "0"}, {"1", "2", "3", "4"}}) {
    std::ostringstream o;
    std::ostringstream e;
    EXPECT_EQ(run_bench_command(bad, o, e), 2);
    EXPECT_EQ(e.str().rfind("error: ", 0), 0u) << e.str();
  }
}

// A parallel bench reports its split statistics and the abort latency, and
// they are consistent: a task that noticed an abort was a task, its latency
// is positive, and the maximum is at least the mean. (Values are timings, so
// only their relations are checked.)
TEST(BenchCommand, ParallelBenchReportsSplitsAndAbortLatency) {
  const BenchTotals totals = run_bench(6, kernel::Edition::k2016, 2);
  EXPECT_GT(totals.splits, 0u);
  EXPECT_GE(totals.tasks, totals.splits);
  EXPECT_LE(totals.abort_notices, totals.tasks);
  if (totals.abort_notices > 0) {
    EXPECT_GT(totals.abort_latency_mean_us, 0.0);
    EXPECT_GE(totals.abort_latency_max_us, totals.abort_latency_mean_us);
  }
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(run_bench_command({"5", "2016", "2"}, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("Splits          : "), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Abort latency   : mean "), std::string::npos) << out.str();
}

}  // namespace
}  // namespace leiser::cli
