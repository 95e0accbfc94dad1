// Stockfish's protocol conventions (issue 17, "GUIs and scripts"), driven
// through pipes as a GUI or a match runner drives the engine: standard option
// names, `Clear Hash`, `Move Overhead`, `debug`, and the `go` variants.
//
// Time bounds are hang detectors (tests/support/hang_bound.h), generous for a
// loaded 2-core machine and sanitizer builds; lower bounds (the engine waits
// for its clock) and the values checked otherwise are exact.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "kernel/game.h"
#include "kernel/notation.h"
#include "tests/support/engine_pipe.h"
#include "tests/support/hang_bound.h"

namespace leiser::test {
namespace {

using std::chrono::milliseconds;

// Hang detectors (tests/support/hang_bound.h), not latency targets.
const milliseconds kSearchBound = hang_bound(milliseconds(60000));
// What should come at once (`stop` ending the bench, a ponderhit whose clock
// has run out); the latencies are measured by scripts/latency_report.py.
const milliseconds kAnswerBound = hang_bound(milliseconds(20000));
// The signature bench (depth 5, 30 positions): about 3 s alone, many times
// that on a loaded machine.
const milliseconds kBenchBound = hang_bound(milliseconds(250000));

// The value after `key` in an info line, or nullopt.
std::optional<std::string> field(const std::string& line, const std::string& key) {
  const auto w = words(line);
  for (std::size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == key) return w[i + 1];
  return std::nullopt;
}

std::vector<std::string> texts(EnginePipe& engine) {
  std::vector<std::string> out;
  for (const TimedLine& l : engine.lines()) out.push_back(l.text);
  return out;
}

std::vector<std::string> with_prefix(const std::vector<std::string>& lines,
                                     const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) out.push_back(l);
  return out;
}

// Sends `command` and waits for a line starting with `last`; the lines
// printed from the send on.
std::vector<std::string> until(EnginePipe& engine, const std::string& command,
                               const std::string& last, milliseconds bound = kSearchBound) {
  const std::size_t from = engine.line_count();
  engine.send(command);
  EXPECT_TRUE(engine.wait_for(last, bound, from).has_value()) << command;
  const auto all = texts(engine);
  return {all.begin() + static_cast<std::ptrdiff_t>(from), all.end()};
}

// The lines that report a MultiPV line.
std::vector<std::string> ranked(const std::vector<std::string>& lines, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& l : with_prefix(lines, prefix))
    if (l.find(" multipv ") != std::string::npos) out.push_back(l);
  return out;
}

// Sends `go ...` and waits for its bestmove; the lines it printed (from the
// line count at the start).
std::vector<std::string> search(EnginePipe& engine, const std::string& go) {
  const std::size_t from = engine.line_count();
  engine.send(go);
  const auto best = engine.wait_for("bestmove", kSearchBound, from);
  EXPECT_TRUE(best.has_value()) << go;
  const auto all = texts(engine);
  return {all.begin() + static_cast<std::ptrdiff_t>(from), all.end()};
}

// The node count of the search's last `info depth` line with a pv.
std::uint64_t final_nodes(const std::vector<std::string>& lines) {
  std::uint64_t nodes = 0;
  for (const auto& l : lines)
    if (l.rfind("info depth ", 0) == 0 && field(l, "pv")) nodes = std::stoull(*field(l, "nodes"));
  return nodes;
}

// The answer to `isready` after everything sent so far, and the lines from
// line `from` up to it. `from` must be counted before the commands whose
// answers are wanted are sent: the engine may answer them before `isready` is
// even written. Not after a search, perft or bench: `isready` is answered
// while they run.
std::vector<std::string> sync(EnginePipe& engine, std::size_t from) {
  engine.send("isready");
  EXPECT_TRUE(engine.wait_for("readyok", kSearchBound, from).has_value());
  const auto all = texts(engine);
  return {all.begin() + static_cast<std::ptrdiff_t>(from), all.end()};
}

// `isready` as a barrier: everything sent so far has been handled.
void sync(EnginePipe& engine) { sync(engine, engine.line_count()); }

TEST(ProtocolConventions, StandardOptionNamesAreTheCourseOptions) {
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("uci");
  ASSERT_TRUE(engine.wait_for("uciok", kSearchBound).has_value());
  const auto uci = texts(engine);
  auto listed = [&](const std::string& line) {
    return std::find(uci.begin(), uci.end(), line) != uci.end();
  };
  EXPECT_TRUE(listed("option name Clear Hash type button"));
  EXPECT_TRUE(listed("option name Move Overhead type spin default 10 min 0 max 5000"));
  // One listing each: names are case-insensitive, so `Hash` is `hash`.
  EXPECT_EQ(with_prefix(uci, "option name hash type spin default 64 min 1 max").size(), 1u);
  EXPECT_EQ(with_prefix(uci, "option name threads type spin").size(), 1u);

  const std::size_t before_valid = engine.line_count();
  engine.send("setoption name Hash value 2");
  engine.send("setoption name HASH value 1");
  engine.send("setoption name Threads value 1");
  engine.send("setoption name Move Overhead value 0");
  engine.send("setoption name move overhead value 5000");
  engine.send("setoption name Clear Hash");
  engine.send("debug on");
  engine.send("debug off");
  const auto quiet = sync(engine, before_valid);
  EXPECT_TRUE(with_prefix(quiet, "info string").empty()) << quiet.front();

  const std::size_t before_invalid = engine.line_count();
  engine.send("setoption name Threads value 0");
  engine.send("setoption name Hash value 0");
  engine.send("setoption name Move Overhead value 5001");
  engine.send("setoption name Move Overhead value -1");
  engine.send("debug");
  engine.send("debug maybe");
  const auto errors = with_prefix(sync(engine, before_invalid), "info string error: ");
  const std::vector<std::string> expected = {
      "info string error: option threads value '0' out of range 1..1024",
      "info string error: option hash value '0' out of range 1..65536",
      "info string error: option move overhead value '5001' out of range 0..5000",
      "info string error: option move overhead value '-1' out of range 0..5000",
      "info string error: usage: debug on|off",
      "info string error: usage: debug on|off",
  };
  EXPECT_EQ(errors, expected);
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

TEST(ProtocolConventions, ClearHashForgetsWhatEarlierSearchesLearned) {
  // One thread is deterministic: a search after `Clear Hash` is the search
  // of a fresh engine, node for node; without it, the warm table saves nodes.
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("setoption name Threads value 1");
  engine.send("position startpos");
  const std::uint64_t fresh = final_nodes(search(engine, "go depth 5"));
  const std::uint64_t warm = final_nodes(search(engine, "go depth 5"));
  engine.send("setoption name Clear Hash");
  const std::uint64_t cleared = final_nodes(search(engine, "go depth 5"));
  EXPECT_GT(fresh, 0u);
  EXPECT_NE(warm, fresh);
  EXPECT_EQ(cleared, fresh);
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

// Each option has one name (the one `uci` lists) and answers to the other
// naming style's spelling too: each refusal below names the option reached.
TEST(ProtocolConventions, OptionsAnswerToBothNamingStyles) {
  EnginePipe engine(LEISER_EXECUTABLE);
  const std::size_t from = engine.line_count();
  engine.send("setoption name move_overhead value 6000");
  engine.send("setoption name Exact Search value maybe");
  engine.send("setoption name multi_pv value 0");
  engine.send("setoption name Use Ko value sometimes");
  engine.send("setoption name smp value sideways");
  engine.send("setoption name clear_hash");
  EXPECT_EQ(with_prefix(sync(engine, from), "info string error: "),
            (std::vector<std::string>{
                "info string error: option move overhead value '6000' out of range 0..5000",
                "info string error: option exact_search expects true or false, got 'maybe'",
                "info string error: option multipv value '0' out of range 1..256",
                "info string error: option use_ko expects true or false, got 'sometimes'",
                "info string error: option smp expects ybwc, lazy, hybrid or abdada, got "
                "'sideways'"}));
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

TEST(ProtocolConventions, MoveOverheadIsKeptBackFromTheClock) {
  // With 5 s of overhead a 3 s movetime leaves nothing (a budget of 1 ms):
  // the search stops after its first iteration or two instead of searching
  // about 3 s. Told apart by the work done, not by a bound on the clock (a
  // loaded machine is slow for both searches alike): the 1.5 s search below
  // searches far more nodes.
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("setoption name Threads value 1");
  engine.send("setoption name Move Overhead value 5000");
  engine.send("position startpos");
  sync(engine);
  const std::uint64_t hurried = final_nodes(search(engine, "go movetime 3000"));

  // The same with no overhead takes the whole movetime (less nothing).
  engine.send("setoption name Move Overhead value 0");
  sync(engine);
  const std::size_t from = engine.line_count();
  const auto sent2 = engine.send("go movetime 1500");
  const auto best2 = engine.wait_for("bestmove", kSearchBound, from);
  ASSERT_TRUE(best2.has_value());
  EXPECT_GE(std::chrono::duration_cast<milliseconds>(engine.lines()[*best2].at - sent2).count(),
            1400);
  const auto all = texts(engine);
  const std::uint64_t full =
      final_nodes({all.begin() + static_cast<std::ptrdiff_t>(from), all.end()});
  std::cout << "nodes: " << hurried << " with 5 s of overhead, " << full << " without\n";
  EXPECT_GT(hurried, 0u);
  EXPECT_LT(hurried * 10, full);
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

TEST(ProtocolConventions, GoPerftIsThePerftCommand) {
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("setoption name edition value 2016");
  engine.send("position startpos");
  const auto plain = until(engine, "perft 3", "perft 3 ");
  const auto go = until(engine, "go perft 3", "perft 3 ");
  sync(engine);
  ASSERT_EQ(plain.size(), 3u);
  const std::vector<std::string> expected = {
      with_prefix(plain, "perft 1 ").at(0), with_prefix(plain, "perft 2 ").at(0), "perft 3 281474"};
  EXPECT_EQ(plain, expected);
  EXPECT_EQ(go, expected);  // the same lines, and no bestmove: a count is not a search

  const std::size_t before_errors = engine.line_count();
  engine.send("go perft");
  engine.send("go perft 0");
  engine.send("go perft 3 depth 2");
  const auto errors = sync(engine, before_errors);
  const std::vector<std::string> expected_errors = {
      "info string error: usage: go perft N (N from 1 to 20)",
      "info string error: perft expects a depth from 1 to 20, got '0'",
      "info string error: unexpected 'depth' after the perft depth; nothing counted",
      "readyok",
  };
  EXPECT_EQ(errors, expected_errors);

  // Stopped like `perft`.
  const std::size_t from = engine.line_count();
  engine.send("go perft 20");
  engine.send("stop");
  ASSERT_TRUE(
      engine.wait_for("info string perft stopped before depth ", kSearchBound, from).has_value());
  const auto after = sync(engine, from);
  EXPECT_EQ(after.back(), "readyok");
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

TEST(ProtocolConventions, BenchPrintsTheSignatureAndTheProtocolGoesOn) {
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("setoption name Threads value 2");  // the bench has its own engine: one thread
  engine.send("position startpos moves h0R");
  const auto bench = until(engine, "bench 5 2016", "Moves made/sec  : ", kBenchBound);
  EXPECT_EQ(with_prefix(bench, "Edition 2016, depth 5, threads 1, 30 positions (bench)").size(),
            1u);
  EXPECT_EQ(with_prefix(bench, "Nodes searched  : "),
            std::vector<std::string>{"Nodes searched  : 598600"});
  EXPECT_EQ(with_prefix(bench, "Moves made      : ").size(), 1u);
  EXPECT_TRUE(with_prefix(bench, "info string error").empty());

  // The game set before it is still the one searched.
  const auto go = search(engine, "go depth 2");
  const auto best = with_prefix(go, "bestmove ");
  ASSERT_EQ(best.size(), 1u);
  kernel::Game game = kernel::Game::start(kernel::Edition::k2018);
  ASSERT_TRUE(game.play("h0R").has_value());
  EXPECT_TRUE(game.parse_move(words(best[0]).at(1)).has_value()) << best[0];

  // Said by the bench's thread: `isready` does not wait for them.
  EXPECT_EQ(with_prefix(until(engine, "bench x", "info string error: "), "info string error: "),
            std::vector<std::string>{
                "info string error: bench depth expects an integer from 1 to 30, got 'x'"});
  EXPECT_EQ(
      with_prefix(until(engine, "bench 5 2017", "info string error: "), "info string error: "),
      std::vector<std::string>{
          "info string error: bench edition expects 2016 or 2018, got '2017'"});

  // The full bench takes many seconds; `stop` ends it at once, and
  // `isready` is answered while it runs.
  const std::size_t from = engine.line_count();
  engine.send("bench");
  engine.send("isready");
  ASSERT_TRUE(engine.wait_for("readyok", kSearchBound, from).has_value());
  const auto stop_sent = engine.send("stop");
  const auto stopped = engine.wait_for("info string bench stopped after ", kSearchBound, from);
  ASSERT_TRUE(stopped.has_value());
  EXPECT_LT(engine.lines()[*stopped].at - stop_sent, kAnswerBound);  // a hang detector
  EXPECT_NE(engine.lines()[*stopped].text.find(" of 30 positions"), std::string::npos);
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

// `bench --scaling` in the protocol: the command line's table, a progress
// line as each search starts (minutes of silence would look hung), its
// errors as one error line each, and `stop` ending it.
TEST(ProtocolConventions, BenchScalingSaysItsProgressAndPrintsTheTable) {
  EnginePipe engine(LEISER_EXECUTABLE);
  const auto run = until(engine, "bench --scaling 1,2 3 2018 startpos --rounds 1",
                         "Times and nodes are medians", kBenchBound);
  const auto progress = with_prefix(run, "info string bench --scaling: ");
  ASSERT_GE(progress.size(), 2u);
  EXPECT_EQ(progress[0], "info string bench --scaling: round 1/1: 1 thread");
  EXPECT_EQ(progress[1], "info string bench --scaling: round 1/1: 2 threads");
  const auto heading =
      with_prefix(run, "Scaling: edition 2018, depth 3, 1 position (startpos), 1 round;");
  EXPECT_EQ(heading.size(), 1u);
  const auto one_thread = with_prefix(run, "| 1 | ");
  ASSERT_EQ(one_thread.size(), 1u);
  EXPECT_NE(one_thread[0].find(" | 1.00x | "), std::string::npos) << one_thread[0];
  EXPECT_TRUE(with_prefix(run, "info string error").empty());

  EXPECT_EQ(with_prefix(until(engine, "bench --scaling 2,4", "info string error: "),
                        "info string error: "),
            std::vector<std::string>{"info string error: bench --scaling: the first thread count "
                                     "must be 1 (every row is paired with it), got '2,4'"});
  EXPECT_EQ(
      with_prefix(until(engine, "bench --scaling", "info string error: "), "info string error: ")
          .size(),
      1u);

  // The deep set's default depth takes minutes; `stop` ends it.
  const std::size_t from = engine.line_count();
  engine.send("bench --scaling 1,2");
  ASSERT_TRUE(
      engine.wait_for("info string bench --scaling: round 1/1: 1 thread", kSearchBound, from)
          .has_value());
  engine.send("stop");
  ASSERT_TRUE(
      engine.wait_for("info string bench --scaling stopped", kSearchBound, from).has_value());
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

TEST(ProtocolConventions, SearchmovesRestrictsTheRoot) {
  const kernel::Game start = kernel::Game::start(kernel::Edition::k2018);
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("setoption name Threads value 1");
  engine.send("position startpos");
  // Each search from a cleared table, so that the same search gives the same move.
  engine.send("ucinewgame");
  const auto free_lines = with_prefix(search(engine, "go depth 3"), "bestmove ");
  ASSERT_EQ(free_lines.size(), 1u);
  const std::string free_best = words(free_lines[0]).at(1);
  // Two moves the free search does not choose.
  std::vector<std::string> others;
  for (kernel::Move m : start.legal_moves())
    if (kernel::move_to_string(m) != free_best && others.size() < 2)
      others.push_back(kernel::move_to_string(m));
  ASSERT_EQ(others.size(), 2u);

  const auto one = search(engine, "go depth 3 searchmoves " + others[0]);
  EXPECT_EQ(with_prefix(one, "bestmove "), std::vector<std::string>{"bestmove " + others[0]});
  EXPECT_TRUE(with_prefix(one, "info string").empty());

  const auto two = search(engine, "go searchmoves " + others[1] + " zz9 " + others[0] + " depth 3");
  const auto errors = with_prefix(two, "info string error: ");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].rfind("info string error: go searchmoves: ", 0), 0u) << errors[0];
  EXPECT_NE(errors[0].find("'zz9'"), std::string::npos) << errors[0];
  for (const auto& line : with_prefix(two, "info depth ")) {
    const auto first = field(line, "pv");
    if (!first) continue;  // a currmove line, if the machine is slow
    EXPECT_TRUE(*first == others[0] || *first == others[1]) << line;
  }
  const auto best = with_prefix(two, "bestmove ");
  ASSERT_EQ(best.size(), 1u);
  const std::string chosen = words(best[0]).at(1);
  EXPECT_TRUE(chosen == others[0] || chosen == others[1]) << best[0];

  // None legal: one error line, and every move is searched.
  engine.send("ucinewgame");
  const auto none = search(engine, "go depth 3 searchmoves a0a7");
  EXPECT_EQ(with_prefix(none, "info string error: ").size(), 1u);
  EXPECT_EQ(with_prefix(none, "bestmove "), std::vector<std::string>{"bestmove " + free_best});
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

TEST(ProtocolConventions, GoMateStopsAtTheMateAskedFor) {
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("setoption name Threads value 1");
  // Tangerine's King on h0 turns west and zaps the King on a0: a mate in 1,
  // found by the first iteration, which ends `go mate 1` (a plain search
  // goes on to depth 4 to be sure).
  engine.send("position fen 8/8/8/8/8/8/8/ss6NN W");
  const auto mate = search(engine, "go mate 1");
  const auto infos = with_prefix(mate, "info depth ");
  ASSERT_FALSE(infos.empty());
  EXPECT_EQ(field(infos.back(), "depth"), "1") << infos.back();
  EXPECT_EQ(field(infos.back(), "mate"), "1") << infos.back();
  EXPECT_EQ(with_prefix(mate, "bestmove "), std::vector<std::string>{"bestmove h0L"});
  EXPECT_TRUE(with_prefix(mate, "info string").empty());
  const auto plain = with_prefix(search(engine, "go depth 4"), "info depth ");
  ASSERT_FALSE(plain.empty());
  EXPECT_EQ(field(plain.back(), "depth"), "4");

  // No mate to find: the search still ends, at depth 2 * 1 - 1 + 3 at most,
  // with one bestmove.
  engine.send("position startpos");
  const auto none = search(engine, "go mate 1");
  EXPECT_EQ(with_prefix(none, "bestmove ").size(), 1u);
  for (const auto& line : with_prefix(none, "info depth "))
    EXPECT_LE(std::stoi(*field(line, "depth")), 4) << line;
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

TEST(ProtocolConventions, CurrmoveLinesAfterTheFirstSecond) {
  const kernel::Game start = kernel::Game::start(kernel::Edition::k2018);
  const int legal = start.legal_moves().size();
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("setoption name Threads value 1");
  engine.send("position startpos");
  // A short search names no root move.
  for (const auto& line : search(engine, "go depth 3"))
    EXPECT_EQ(line.find(" currmove "), std::string::npos) << line;

  sync(engine);
  const std::size_t from = engine.line_count();
  // An infinite search, stopped once a root move has been named: with a fixed
  // movetime the first root move of the last iteration can take all the time
  // left after the first second, and then no move is named at all.
  const auto sent = engine.send("go infinite");
  const auto named = [&] {
    const auto seen = engine.lines();
    for (std::size_t i = from; i < seen.size(); ++i)
      if (seen[i].text.find(" currmove ") != std::string::npos) return true;
    return false;
  };
  for (const auto deadline = std::chrono::steady_clock::now() + kSearchBound;
       !named() && std::chrono::steady_clock::now() < deadline;)
    std::this_thread::sleep_for(milliseconds(20));
  engine.send("stop");
  ASSERT_TRUE(engine.wait_for("bestmove", kSearchBound, from).has_value());
  const auto lines = engine.lines();
  int currmoves = 0;
  for (std::size_t i = from; i < lines.size(); ++i) {
    const std::string& text = lines[i].text;
    if (text.find(" currmove ") == std::string::npos) continue;
    ++currmoves;
    EXPECT_GE(std::chrono::duration_cast<milliseconds>(lines[i].at - sent).count(), 1000) << text;
    const auto w = words(text);
    ASSERT_EQ(w.size(), 7u) << text;
    EXPECT_EQ(w[0], "info");
    EXPECT_EQ(w[1], "depth");
    EXPECT_GE(std::stoi(w[2]), 1);
    EXPECT_EQ(w[3], "currmove");
    EXPECT_TRUE(start.parse_move(w[4]).has_value()) << text;
    EXPECT_EQ(w[5], "currmovenumber");
    EXPECT_GE(std::stoi(w[6]), 1) << text;
    EXPECT_LE(std::stoi(w[6]), legal) << text;
  }
  EXPECT_GT(currmoves, 0);
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

TEST(ProtocolConventions, MultiPvReportsTheBestLinesRankedByScore) {
  const kernel::Game start = kernel::Game::start(kernel::Edition::k2018);
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("uci");
  ASSERT_TRUE(engine.wait_for("uciok", kSearchBound).has_value());
  const auto uci = texts(engine);
  EXPECT_NE(
      std::find(uci.begin(), uci.end(), "option name MultiPV type spin default 1 min 1 max 256"),
      uci.end());

  engine.send("setoption name Threads value 1");
  engine.send("setoption name MultiPV value 3");
  engine.send("position startpos");
  const auto lines = search(engine, "go depth 4");
  for (int depth = 1; depth <= 4; ++depth) {
    SCOPED_TRACE(depth);
    const auto infos = ranked(lines, "info depth " + std::to_string(depth) + " ");
    ASSERT_EQ(infos.size(), 3u);
    std::vector<std::string> firsts;
    int previous = 1 << 30;
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(field(infos[k], "multipv"), std::to_string(k + 1)) << infos[k];
      const auto first = field(infos[k], "pv");
      ASSERT_TRUE(first.has_value()) << infos[k];
      EXPECT_TRUE(start.parse_move(*first).has_value()) << infos[k];
      firsts.push_back(*first);
      const int score = std::stoi(*field(infos[k], "cp"));
      EXPECT_LE(score, previous) << infos[k];
      previous = score;
    }
    std::sort(firsts.begin(), firsts.end());
    EXPECT_EQ(std::unique(firsts.begin(), firsts.end()), firsts.end())
        << "three different first moves";
  }
  const auto best = with_prefix(lines, "bestmove ");
  ASSERT_EQ(best.size(), 1u);
  EXPECT_EQ(words(best[0]).at(1), field(ranked(lines, "info depth 4 ").at(0), "pv"));

  // More lines than moves: one line per move (two Kings alone: 6 moves).
  engine.send("setoption name MultiPV value 256");
  engine.send("position endgame");
  const auto all = search(engine, "go depth 2");
  EXPECT_EQ(ranked(all, "info depth 2 ").size(), 6u);
  EXPECT_EQ(std::count_if(all.begin(), all.end(),
                          [](const std::string& l) {
                            return l.find(" multipv 6 score ") != std::string::npos;
                          }),
            2);  // depths 1 and 2

  // One line: no `multipv` token, as before the option existed.
  engine.send("setoption name MultiPV value 1");
  engine.send("position startpos");
  for (const auto& line : search(engine, "go depth 3"))
    EXPECT_EQ(line.find("multipv"), std::string::npos) << line;
  // Waits for the error line itself: right after a `bestmove` the search's job may still be
  // closing, and an `isready` read then is answered at once, before the queued setoption.
  const std::size_t before_error = engine.line_count();
  engine.send("setoption name MultiPV value 0");
  const auto error_at = engine.wait_for("info string error: ", kSearchBound, before_error);
  ASSERT_TRUE(error_at.has_value());
  EXPECT_EQ(texts(engine).at(*error_at),
            "info string error: option multipv value '0' out of range 1..256");
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

// The move after `m` in `game`, checked legal there.
void expect_legal_reply(const kernel::Game& game, const std::string& bestmove_line) {
  const auto w = words(bestmove_line);
  ASSERT_EQ(w.size(), 4u) << bestmove_line;
  EXPECT_EQ(w[2], "ponder") << bestmove_line;
  kernel::Game after = game;
  ASSERT_TRUE(after.play(w[1]).has_value()) << bestmove_line;
  EXPECT_TRUE(after.parse_move(w[3]).has_value()) << bestmove_line;
}

TEST(ProtocolConventions, PonderWaitsForPonderhitThenPlaysOnTheClock) {
  const kernel::Game start = kernel::Game::start(kernel::Edition::k2018);
  EnginePipe engine(LEISER_EXECUTABLE);
  engine.send("uci");
  ASSERT_TRUE(engine.wait_for("uciok", kSearchBound).has_value());
  const auto uci = texts(engine);
  EXPECT_NE(std::find(uci.begin(), uci.end(), "option name Ponder type check default false"),
            uci.end());

  // Without the option, the bestmove line is the course's: the move alone.
  engine.send("setoption name Threads value 1");
  engine.send("position startpos");
  const auto plain = with_prefix(search(engine, "go depth 3"), "bestmove ");
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(words(plain[0]).size(), 2u) << plain[0];

  engine.send("setoption name Ponder value true");
  const auto with_reply = with_prefix(search(engine, "go depth 3"), "bestmove ");
  ASSERT_EQ(with_reply.size(), 1u);
  expect_legal_reply(start, with_reply[0]);

  // Pondering with a 200 ms movetime: no bestmove until the ponderhit, not
  // even after the depth limit is reached; then the clock, which has run
  // since the `go`, has run out, and the answer comes at once.
  sync(engine);
  std::size_t from = engine.line_count();
  engine.send("go ponder movetime 200 depth 3");
  EXPECT_FALSE(engine.wait_for("bestmove", milliseconds(1500), from).has_value());
  const auto hit = engine.send("ponderhit");
  const auto best = engine.wait_for("bestmove", kSearchBound, from);
  ASSERT_TRUE(best.has_value());
  EXPECT_LT(engine.lines()[*best].at - hit, kAnswerBound);  // a hang detector
  expect_legal_reply(start, engine.lines()[*best].text);

  // A ponderhit on a long search lets it run on its clock: 1.5 s of movetime
  // is not up at the ponderhit sent at once.
  from = engine.line_count();
  const auto go_sent = engine.send("go ponder movetime 1500");
  engine.send("ponderhit");
  const auto timed = engine.wait_for("bestmove", kSearchBound, from);
  ASSERT_TRUE(timed.has_value());
  const auto took =
      std::chrono::duration_cast<milliseconds>(engine.lines()[*timed].at - go_sent).count();
  EXPECT_GE(took, 1400);

  // A ponder miss: the GUI stops the search and gets one bestmove.
  from = engine.line_count();
  engine.send("go ponder wtime 60000 btime 60000");
  EXPECT_FALSE(engine.wait_for("bestmove", milliseconds(300), from).has_value());
  engine.send("stop");
  ASSERT_TRUE(engine.wait_for("bestmove", kSearchBound, from).has_value());
  sync(engine);
  EXPECT_EQ(with_prefix(texts(engine), "bestmove ").size(), 5u);

  // A ponderhit with nothing pondering is ignored.
  from = engine.line_count();
  engine.send("ponderhit");
  EXPECT_TRUE(with_prefix(sync(engine, from), "info string").empty());
  engine.send("quit");
  EXPECT_TRUE(engine.wait_exit(kSearchBound).has_value());
}

}  // namespace
}  // namespace leiser::test
