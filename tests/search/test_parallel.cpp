// The parallel search: the split point's queue on its own, every mode and
// thread count against the serial score where the score is a function of
// the position and depth alone (exact search), where nodes split, and the
// thread-scaling summary's arithmetic.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "kernel/game.h"
#include "kernel/movegen.h"
#include "search/benchmark.h"
#include "search/benchmark_positions.h"
#include "search/engine.h"
#include "search/ordering.h"
#include "search/pvs.h"
#include "search/scaling.h"
#include "search/split_point.h"
#include "search/split_registry.h"

namespace leiser::search {
namespace {

using kernel::Edition;
using kernel::Game;
using kernel::Move;

// A picker over the start position's moves, keyed so that the k-th move
// generated is the k-th handed out.
struct OrderedPicker {
  explicit OrderedPicker(const kernel::MoveList& list) : moves(list.begin(), list.end()) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      keys[i] = static_cast<std::int32_t>(moves.size() - i);
      ties[i] = 0;
    }
  }
  MovePicker make() {
    return MovePicker(moves.data(), keys.data(), ties.data(), static_cast<int>(moves.size()),
                      scratch.data());
  }
  std::vector<Move> moves;
  std::array<std::int32_t, kernel::kMaxMoves> keys{};
  std::array<std::uint16_t, kernel::kMaxMoves> ties{};
  std::array<std::uint64_t, kernel::kMaxMoves> scratch{};
};

TEST(SplitPoint, HandsOutMovesInOrderWithTheCurrentAlphaUntilACutoff) {
  const Game game = Game::start(Edition::k2018);
  OrderedPicker source(game.legal_moves());
  ASSERT_GE(source.moves.size(), 6u);
  MovePicker picker = source.make();
  Move first;
  ASSERT_TRUE(picker.next(first));  // the eldest brother, searched before the split
  SplitPoint sp(picker, /*alpha=*/10, /*best_score=*/10, first, /*best_order=*/0,
                /*moves_searched=*/1);
  sp.beta = 50;

  KillerTable killers;
  SplitMove a, b, c;
  ASSERT_TRUE(sp.take(a, killers));
  ASSERT_TRUE(sp.take(b, killers));
  EXPECT_EQ(a.move, source.moves[1]);
  EXPECT_EQ(b.move, source.moves[2]);
  EXPECT_EQ(a.order, 1);
  EXPECT_EQ(b.order, 2);
  EXPECT_EQ(a.move_number, 1);  // one move was searched before the split
  EXPECT_EQ(b.move_number, 2);
  EXPECT_EQ(a.alpha, 10);

  // A result at or below the best changes nothing; one above alpha raises it
  // for the moves handed out next.
  const std::array<Move, 2> line = {source.moves[3], source.moves[4]};
  EXPECT_FALSE(sp.post(a, 5, line.data(), 2));
  EXPECT_EQ(sp.best_move(), first);
  EXPECT_FALSE(sp.post(b, 20, line.data(), 2));
  EXPECT_EQ(sp.best_move(), b.move);
  EXPECT_EQ(sp.best_order(), 2);
  EXPECT_EQ(sp.alpha(), 20);
  EXPECT_EQ(sp.line().size(), 2u);
  ASSERT_TRUE(sp.take(c, killers));
  EXPECT_EQ(c.alpha, 20);

  // A fail-high is reported to the caller, which aborts the split point:
  // nothing more is handed out or posted.
  SplitMove d;
  ASSERT_TRUE(sp.take(d, killers));
  sp.account(d, 700, killers, /*finished=*/false);  // d came after c, which is about to cut
  EXPECT_TRUE(sp.post(c, 60, line.data(), 0));
  sp.aborted.store(true);
  SplitMove e;
  EXPECT_FALSE(sp.take(e, killers));
  EXPECT_FALSE(sp.post(d, 90, line.data(), 0));
  EXPECT_EQ(sp.best_score(), 60);
  EXPECT_EQ(sp.best_move(), c.move);
  sp.account(c, 100, killers, /*finished=*/true);
  const SplitPoint::Waste waste = sp.after_cutoff();
  EXPECT_EQ(waste.moves, 1u);  // d, handed out after the move that cut
  EXPECT_EQ(waste.nodes, 700u);
}

TEST(SplitPoint, SkipsMovesTheZapFilterRulesOutAndRunsDry) {
  const Game game = Game::start(Edition::k2018);
  OrderedPicker source(game.legal_moves());
  MovePicker picker = source.make();
  SplitPoint sp(picker, 0, 0, Move::none(), 0, 0);
  // A filter whose beam touches nothing: every move is ruled out.
  sp.filter = ZapFilter{true, 0};
  EXPECT_FALSE(sp.exhausted());
  KillerTable killers;
  SplitMove m;
  EXPECT_FALSE(sp.take(m, killers));
  EXPECT_TRUE(sp.exhausted());
  EXPECT_EQ(picker.remaining(), 0);
}

TEST(SplitPoint, AtTheRootKeepsEveryMoveThatBecameTheBestInTurn) {
  const Game game = Game::start(Edition::k2018);
  OrderedPicker source(game.legal_moves());
  ASSERT_GE(source.moves.size(), 5u);
  MovePicker picker = source.make();
  Move first;
  ASSERT_TRUE(picker.next(first));
  SplitPoint sp(picker, /*alpha=*/10, /*best_score=*/10, first, /*best_order=*/0,
                /*moves_searched=*/1);
  sp.beta = 1000;
  sp.record_new_bests = true;
  KillerTable killers;
  SplitMove a, b, c, d;
  ASSERT_TRUE(sp.take(a, killers));
  ASSERT_TRUE(sp.take(b, killers));
  ASSERT_TRUE(sp.take(c, killers));
  ASSERT_TRUE(sp.take(d, killers));
  // Posted in the order they finish: c beats the eldest brother, a does
  // not, d beats c, b falls between them and is no new best.
  EXPECT_FALSE(sp.post(c, 30, nullptr, 0));
  EXPECT_FALSE(sp.post(a, 5, nullptr, 0));
  EXPECT_FALSE(sp.post(d, 50, nullptr, 0));
  EXPECT_FALSE(sp.post(b, 40, nullptr, 0));
  EXPECT_EQ(sp.new_bests(), (std::vector<Move>{c.move, d.move}));
  EXPECT_EQ(sp.best_move(), d.move);

  // Elsewhere nothing is kept.
  MovePicker other = source.make();
  SplitPoint inner(other, 10, 10, Move::none(), 0, 0);
  inner.beta = 1000;
  SplitMove e;
  ASSERT_TRUE(inner.take(e, killers));
  EXPECT_FALSE(inner.post(e, 30, nullptr, 0));
  EXPECT_TRUE(inner.new_bests().empty());
}

TEST(SplitPoint, AMoveHandedOutCarriesTheKillersTheLastFinishedBrotherLeft) {
  const Game game = Game::start(Edition::k2018);
  OrderedPicker source(game.legal_moves());
  ASSERT_GE(source.moves.size(), 8u);
  MovePicker picker = source.make();
  SplitPoint sp(picker, 0, 0, Move::none(), 0, 0);
  sp.ply = 3;
  sp.beta = 100;
  sp.pass_killers = true;
  const Move& k_owner = source.moves[5];
  const Move& k_helper = source.moves[6];
  const Move& k_own_ply = source.moves[7];
  KillerTable owner;
  owner.add(4, k_owner);
  sp.set_killers(owner);

  // A helper starts from the owner's killers; its own at the node's ply and
  // above stay its own.
  KillerTable helper;
  helper.add(3, k_own_ply);
  SplitMove a, b;
  ASSERT_TRUE(sp.take(a, helper));
  EXPECT_EQ(helper.first(4), k_owner);
  EXPECT_EQ(helper.first(3), k_own_ply);

  // It finishes a, having learned a killer two plies below the node: the
  // owner's next move starts from it, not from what the owner knew.
  helper.add(5, k_helper);
  sp.account(a, 40, helper, /*finished=*/true);
  KillerTable owner_now = owner;
  owner_now.add(5, k_own_ply);  // learned in a move the owner never finished
  ASSERT_TRUE(sp.take(b, owner_now));
  EXPECT_EQ(owner_now.first(5), k_helper);
  EXPECT_EQ(owner_now.first(4), k_owner);
  EXPECT_EQ(sp.killers_below().first(5), k_helper);

  // A search cut short leaves nothing behind.
  KillerTable aborted;
  aborted.add(5, k_own_ply);
  sp.account(b, 10, aborted, /*finished=*/false);
  EXPECT_EQ(sp.killers_below().first(5), k_helper);

  // Without pass_killers the workers keep their own.
  sp.pass_killers = false;
  SplitMove c;
  KillerTable keeps;
  keeps.add(5, k_own_ply);
  ASSERT_TRUE(sp.take(c, keeps));
  EXPECT_EQ(keeps.first(5), k_own_ply);
}

// A PV split point re-searches one brother at a time: a second brother whose
// scout beats alpha while the first's re-search runs is deferred, and handed
// out again (before any fresh move) once that re-search has posted, with the
// alpha it left and the scout's score.
TEST(SplitPoint, APvNodeReSearchesOneBrotherAtATime) {
  const Game game = Game::start(Edition::k2018);
  OrderedPicker source(game.legal_moves());
  ASSERT_GE(source.moves.size(), 6u);
  MovePicker picker = source.make();
  SplitPoint sp(picker, /*alpha=*/10, /*best_score=*/10, Move::none(), 0, /*moves_searched=*/0);
  sp.beta = 500;
  sp.type = NodeType::kPv;
  sp.serial_researches = true;
  KillerTable killers;
  SplitMove a, b, c, d;
  ASSERT_TRUE(sp.take(a, killers));
  ASSERT_TRUE(sp.take(b, killers));
  EXPECT_FALSE(a.deferred);
  {
    // a's scout beats alpha first and claims the re-search; b's cannot.
    ResearchHold hold_a(sp, false);
    EXPECT_TRUE(hold_a.claim());
    {
      ResearchHold hold_b(sp, false);
      EXPECT_FALSE(hold_b.claim());
      EXPECT_FALSE(hold_b.held());
    }  // not held: nothing is released
    sp.defer(b, /*scout=*/30);

    // While a's re-search runs, fresh moves are handed out, b is not.
    ASSERT_TRUE(sp.take(c, killers));
    EXPECT_EQ(c.move, source.moves[2]);
    EXPECT_FALSE(c.deferred);

    // a's re-search posts 25; its hold gives the re-search back.
    EXPECT_FALSE(sp.post(a, 25, nullptr, 0));
  }
  // b comes next, with the alpha a left, its scout's score, and the
  // re-search its taker's.
  ASSERT_TRUE(sp.take(d, killers));
  EXPECT_EQ(d.move, b.move);
  EXPECT_TRUE(d.deferred);
  EXPECT_EQ(d.scout, 30);
  EXPECT_EQ(d.alpha, 25);
  EXPECT_EQ(d.order, b.order);
  {
    ResearchHold other(sp, false);
    EXPECT_FALSE(other.claim()) << "the deferred move's taker holds the re-search";
  }
  sp.release_research();

  // Once the picker is dry, a deferred brother behind a running re-search is
  // not handed out: the worker running it draws again when it is done.
  SplitMove rest;
  while (sp.take(rest, killers)) {
  }
  {
    ResearchHold running(sp, false);
    ASSERT_TRUE(running.claim());
    sp.defer(c, 40);
    SplitMove none;
    EXPECT_FALSE(sp.take(none, killers));
    EXPECT_TRUE(sp.exhausted());
  }
  SplitMove again;
  ASSERT_TRUE(sp.take(again, killers));
  EXPECT_EQ(again.move, c.move);
  EXPECT_TRUE(again.deferred);
  sp.release_research();

  // Without serial re-searches every claim succeeds.
  sp.serial_researches = false;
  ResearchHold x(sp, false), y(sp, false);
  EXPECT_TRUE(x.claim());
  EXPECT_TRUE(y.claim());
}

SearchResult exact_search(Edition e, std::string_view fen, int depth, int threads,
                          const std::vector<std::pair<std::string, std::string>>& options,
                          SplitCounts* counts) {
  Engine engine;
  EXPECT_FALSE(engine.set_option("edition", kernel::edition_name(e)).has_value());
  EXPECT_FALSE(engine.set_option("oversubscribe", "true").has_value());
  EXPECT_FALSE(engine.set_option("threads", std::to_string(threads)).has_value());
  for (const auto& [name, value] : options)
    EXPECT_FALSE(engine.set_option(name, value).has_value()) << name;
  engine.set_exact_search(true);
  engine.set_game(Game::from_fen(fen, e).value());
  SearchLimits limits;
  limits.depth = depth;
  const SearchResult r = engine.search(limits);
  if (counts) *counts = engine.split_stats().snapshot();
  return r;
}

// Exact search (no TT, no pruning, no reductions) has one value for a
// position and depth, whatever order the moves are searched in; every way
// of searching it in parallel must find it. Four threads run oversubscribed
// on a smaller machine, which interleaves the workers all the more.
TEST(Parallel, EveryModeAndThreadCountFindsTheSerialScoreOfExactSearch) {
  struct Setup {
    const char* name;
    int threads;
    std::vector<std::pair<std::string, std::string>> options;
  };
  const std::vector<Setup> setups = {
      {"ybwc 2 threads", 2, {}},
      {"ybwc 4 threads", 4, {}},
      {"ybwc 3 threads, every node splits",
       3,
       {{"min_split_depth", "2"}, {"split_cut_moves", "1"}}},
      {"ybwc 3 threads, every node splits, PV re-searches at once",
       3,
       {{"min_split_depth", "2"}, {"split_cut_moves", "1"}, {"split_pv_serial", "false"}}},
      {"ybwc 2 threads, the root unsplit", 2, {{"split_root", "false"}}},
      {"ybwc 3 threads, every node splits, helpers pause during re-searches",
       3,
       {{"min_split_depth", "2"}, {"split_cut_moves", "1"}, {"split_pv_pause", "true"}}},
      {"lazy 2 threads", 2, {{"SMP", "lazy"}}},
      {"lazy 4 threads", 4, {{"SMP", "lazy"}}},
      {"hybrid 2 threads", 2, {{"SMP", "hybrid"}}},
      {"hybrid 4 threads", 4, {{"SMP", "hybrid"}}},
      {"hybrid 3 threads, every node splits",
       3,
       {{"SMP", "hybrid"}, {"min_split_depth", "2"}, {"split_cut_moves", "1"}}},
      {"abdada 2 threads", 2, {{"SMP", "abdada"}}},
      {"abdada 4 threads", 4, {{"SMP", "abdada"}}},
      {"abdada 3 threads, every node defers",
       3,
       {{"SMP", "abdada"}, {"abdada_defer_depth", "1"}, {"split_cut_moves", "1"}}},
  };
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    const auto& all = e == Edition::k2016 ? kBenchPositions2016 : kBenchPositions2018;
    for (std::size_t i = 0; i < 6; ++i) {
      const std::string_view fen = all[i];
      const SearchResult serial = exact_search(e, fen, 4, 1, {}, nullptr);
      for (const Setup& setup : setups) {
        SplitCounts counts;
        const SearchResult r = exact_search(e, fen, 4, setup.threads, setup.options, &counts);
        EXPECT_EQ(r.score, serial.score)
            << setup.name << ", edition " << kernel::edition_name(e) << " " << fen;
        EXPECT_TRUE(Game::from_fen(fen, e).value().is_legal(r.best_move))
            << setup.name << " " << fen;
        EXPECT_EQ(counts.task_errors, 0u) << setup.name;
        const auto smp_is = [&setup](const char* mode) {
          return std::find(setup.options.begin(), setup.options.end(),
                           std::pair<std::string, std::string>{"SMP", mode}) != setup.options.end();
        };
        if (smp_is("lazy") || smp_is("abdada")) {
          EXPECT_EQ(counts.splits, 0u) << setup.name << ": never splits";
        }
        if (!smp_is("abdada")) {
          EXPECT_EQ(counts.abdada_deferrals, 0u) << setup.name;
        }
      }
    }
  }
}

SplitCounts counts_of_search(int threads,
                             const std::vector<std::pair<std::string, std::string>>& options,
                             int depth = 7) {
  Engine engine;
  EXPECT_FALSE(engine.set_option("oversubscribe", "true").has_value());
  EXPECT_FALSE(engine.set_option("threads", std::to_string(threads)).has_value());
  EXPECT_FALSE(engine.set_option("Eval", "classic").has_value());
  for (const auto& [name, value] : options)
    EXPECT_FALSE(engine.set_option(name, value).has_value()) << name;
  engine.set_game(Game::from_fen(kBenchPositions2016[0], Edition::k2016).value());
  SearchLimits limits;
  limits.depth = depth;
  const SearchResult r = engine.search(limits);
  EXPECT_TRUE(engine.game().is_legal(r.best_move));
  EXPECT_EQ(r.depth, depth);
  EXPECT_TRUE(r.error.empty()) << r.error;
  return engine.split_stats().snapshot();
}

// Young Brothers Wait splits PV and expected-ALL nodes after their eldest
// brother, expected-CUT nodes only after split_cut_moves moves failed to
// cut: with the bar out of reach, no CUT node splits, and the others still do.
TEST(Parallel, CutNodesSplitOnlyAfterSplitCutMovesFailed) {
  const SplitCounts usual = counts_of_search(4, {});
  EXPECT_GT(usual.splits_pv, 0u);
  EXPECT_GT(usual.splits_all, 0u);
  EXPECT_EQ(usual.splits, usual.splits_pv + usual.splits_all + usual.splits_cut);
  EXPECT_EQ(usual.task_errors, 0u);
  // At most threads - 1 helpers per split.
  EXPECT_LE(usual.tasks, 3 * usual.splits);
  EXPECT_LE(usual.helpers_joined, usual.tasks);

  const SplitCounts held_back = counts_of_search(4, {{"split_cut_moves", "256"}});
  EXPECT_EQ(held_back.splits_cut, 0u);
  EXPECT_GT(held_back.splits_all, 0u);

  const SplitCounts eager = counts_of_search(4, {{"split_cut_moves", "1"}});
  EXPECT_GT(eager.splits_cut, 0u);
}

// The registry hands out the open split point with the most depth left that
// still has moves and room for a visitor; with `below`, only split points under
// it; a withdrawn one never.
TEST(SplitRegistry, JoinsTheDeepestOpenSplitPointWithRoomAndOnlyBelowWhenAsked) {
  const Game game = Game::start(Edition::k2018);
  OrderedPicker source_a(game.legal_moves()), source_b(game.legal_moves());
  MovePicker picker_a = source_a.make(), picker_b = source_b.make();
  SplitPoint top(picker_a, -100, -100, Move::none(), 0, 1);
  top.depth = 6;
  top.max_visitors = 1;
  SplitPoint child(picker_b, -100, -100, Move::none(), 0, 1);
  child.depth = 4;
  child.parent = &top;
  child.max_visitors = 2;

  SplitRegistry registry;
  EXPECT_FALSE(registry.any_open());
  EXPECT_EQ(registry.join(nullptr), nullptr);
  registry.publish(top);
  registry.publish(child);
  EXPECT_TRUE(registry.any_open());
  // The deepest first; full at one visitor, so the next join takes the child.
  EXPECT_EQ(registry.join(nullptr), &top);
  EXPECT_EQ(top.visitors.load(), 1);
  EXPECT_EQ(registry.join(nullptr), &child);
  // Below the child only the child counts; below the top, both.
  registry.withdraw(top);
  EXPECT_EQ(registry.join(&child), &child);
  EXPECT_EQ(child.visitors.load(), 2);
  EXPECT_EQ(registry.join(&top), nullptr);  // the child is full, the top withdrawn
  SplitRegistry::leave(child);
  EXPECT_EQ(registry.join(&top), &child);
  // An aborted split point takes no visitor.
  SplitRegistry::leave(child);
  child.aborted.store(true);
  EXPECT_EQ(registry.join(nullptr), nullptr);
  registry.withdraw(child);
  EXPECT_FALSE(registry.any_open());
}

// The hybrid splits as YBWC does but hands its split points out through the
// registry, not oneTBB tasks; its other threads search ahead of the main
// worker when no split point wants them, and their nodes are counted apart.
// Whether a filler runs at all is the scheduler's: it starts when oneTBB lends
// the search a worker thread, and in a loaded test run (meson runs suites at
// once) that came, in this process, only after each short search had ended
// (the main thread then runs the filler's task itself, which stops at once).
// So only what holds whatever the scheduling is asserted here; SplitRegistry's
// own test and the ThreadSanitizer runs of the hybrid (tests/meson.build)
// cover the visits.
TEST(Parallel, HybridSplitsWithoutTasksAndItsFillersSearchAhead) {
  for (int threads : {2, 4}) {
    const SplitCounts hybrid = counts_of_search(threads, {{"SMP", "hybrid"}});
    EXPECT_GT(hybrid.splits, 0u) << threads;
    EXPECT_EQ(hybrid.tasks, 0u) << threads;
    EXPECT_EQ(hybrid.task_errors, 0u) << threads;
    EXPECT_LE(hybrid.helper_moves, hybrid.split_moves) << threads;
    EXPECT_LE(hybrid.helpers_joined, hybrid.splits * static_cast<std::uint64_t>(threads))
        << threads;
  }
  const SplitCounts ybwc = counts_of_search(2, {});
  EXPECT_GT(ybwc.tasks, 0u);
  EXPECT_EQ(ybwc.filler_nodes, 0u);
  EXPECT_EQ(ybwc.filler_visits, 0u);
}

// ABDADA splits no node: its threads share out a node's moves by putting
// off those another thread is in. Whether two threads are ever in one node
// at once is the scheduler's: in a loaded test run one may be descheduled
// for the whole search, or held inside the eldest brothers, whose moves are
// never marked (a CI run under AddressSanitizer once saw a helper search
// over 10,000 nodes without one deferral). So the deferral itself is proven
// in test_abdada.cpp, with another thread's moves entered by hand, and here
// the search must never split, and must defer in one of its rounds unless
// the scheduler never let its threads meet; one thread never defers.
TEST(Parallel, AbdadaDefersMovesAnotherThreadSearchesAndNeverSplits) {
  bool deferred = false;
  std::string helper_nodes;  // each round's, for the skip's message
  for (int round = 0; round < 10 && !deferred; ++round) {
    const SplitCounts abdada = counts_of_search(2, {{"SMP", "abdada"}}, 8);
    EXPECT_EQ(abdada.splits, 0u);
    EXPECT_EQ(abdada.tasks, 0u);
    EXPECT_EQ(abdada.task_errors, 0u);
    deferred = abdada.abdada_deferrals > 0;
    helper_nodes += ' ';
    helper_nodes += std::to_string(abdada.abdada_helper_nodes);
  }
  const SplitCounts one = counts_of_search(1, {{"SMP", "abdada"}});
  EXPECT_EQ(one.abdada_deferrals, 0u);
  EXPECT_EQ(one.abdada_helper_nodes, 0u);
  if (!deferred) {
    GTEST_SKIP() << "the two threads were never in one node at once (the helper's nodes in each "
                    "round:"
                 << helper_nodes << ")";
  }
}

// The scaling table's figures: medians of the rounds, ratios paired round
// by round with the one-thread row.
TEST(Scaling, SummaryPairsEachRoundWithItsOneThreadRun) {
  ScalingRow one;
  one.threads = 1;
  one.runs = {{10.0, 1000, -1, {}, {}}, {20.0, 1000, -1, {}, {}}, {12.0, 1000, -1, {}, {}}};
  ScalingRow two;
  two.threads = 2;
  // Round 2 was slow for both rows: its paired ratio is the same as the others'.
  two.runs = {{5.0, 1100, 0.1, {}, {}}, {10.0, 1100, 0.2, {}, {}}, {6.0, 1300, 0.3, {}, {}}};
  two.ceiling = {1.9, 1.7, 2.0};
  const ScalingSummary s = summarize(two, one);
  EXPECT_DOUBLE_EQ(s.seconds, 6.0);
  EXPECT_EQ(s.nodes, 1100u);
  EXPECT_DOUBLE_EQ(s.time_speedup, 2.0);
  EXPECT_NEAR(s.search_overhead, 0.1, 1e-12);
  EXPECT_NEAR(s.nps_speedup, 2.2, 1e-12);  // rounds: 2.2, 2.2, 2.6
  EXPECT_DOUBLE_EQ(s.ceiling, 1.9);
  EXPECT_DOUBLE_EQ(s.idle_share, 0.2);
  const ScalingSummary base = summarize(one, one);
  EXPECT_DOUBLE_EQ(base.time_speedup, 1.0);
  EXPECT_DOUBLE_EQ(base.search_overhead, 0.0);
  EXPECT_DOUBLE_EQ(base.ceiling, 0.0);
  EXPECT_DOUBLE_EQ(base.idle_share, -1.0);
}

// Per position: geometric means of each position's ratio, paired round by
// round; one position that doubles and one that halves cancel, where a sum
// is ruled by the larger; a position with no node or no time is left out.
TEST(Scaling, PerPositionFiguresAreGeometricMeansOfEachPositionsRatio) {
  ScalingRun one_run{4.0, 1200, -1, {1000, 100, 100, 0}, {2.0, 1.0, 1.0, 0.0}};
  ScalingRow one;
  one.threads = 1;
  one.runs = {one_run, one_run, one_run};
  ScalingRow two;
  two.threads = 2;
  two.runs = {{2.0, 2250, -1, {2000, 50, 200, 7}, {1.0, 0.25, 2.0, 0.5}},
              {4.0, 1200, -1, {1000, 100, 100, 0}, {2.0, 1.0, 1.0, 0.0}},
              {2.0, 1350, -1, {1000, 100, 250, 0}, {1.0, 1.0, 0.5, 0.0}}};
  const ScalingSummary s = summarize(two, one);
  // Nodes, rounds 1-3: (2 x 0.5 x 2)^(1/3), 1, 2.5^(1/3); the median is 2^(1/3).
  EXPECT_NEAR(s.position_overhead, std::cbrt(2.0) - 1, 1e-12);
  // The sums' ratios: 1.875, 1, 1.125.
  EXPECT_NEAR(s.search_overhead, 0.125, 1e-12);
  // Time, rounds 1-3: (2 x 4 x 0.5)^(1/3), 1, (2 x 1 x 2)^(1/3); median 4^(1/3).
  EXPECT_NEAR(s.position_time_speedup, std::cbrt(4.0), 1e-12);
  EXPECT_DOUBLE_EQ(s.time_speedup, 2.0);
  // Without per-position figures: 0.
  ScalingRow bare;
  bare.runs = {{1.0, 1000, -1, {}, {}}};
  EXPECT_DOUBLE_EQ(summarize(bare, bare).position_overhead, 0.0);
  EXPECT_DOUBLE_EQ(summarize(bare, bare).position_time_speedup, 0.0);
}

TEST(Scaling, RunsEveryThreadCountEachRoundWithACeilingForRealThreads) {
  ScalingSpec spec;
  spec.threads = {1, 2, 3};
  spec.depth = 3;
  spec.edition = Edition::k2016;
  spec.fens = {std::string(kBenchPositions2016[0]), std::string(kBenchPositions2016[9])};
  spec.rounds = 2;
  std::vector<std::string> steps;
  const std::vector<ScalingRow> rows =
      run_scaling(spec, [&steps](const std::string& s) { steps.push_back(s); });
  ASSERT_EQ(rows.size(), 3u);
  const int machine = Engine::max_threads();
  for (const ScalingRow& row : rows) {
    EXPECT_EQ(row.runs.size(), 2u);
    EXPECT_EQ(row.oversubscribed, row.threads > machine);
    const bool has_ceiling = row.threads > 1 && !row.oversubscribed;
    EXPECT_EQ(row.ceiling.size(), has_ceiling ? 2u : 0u) << row.threads;
    for (const ScalingRun& run : row.runs) {
      EXPECT_GT(run.nodes, 0u);
      ASSERT_EQ(run.position_nodes.size(), spec.fens.size());
      ASSERT_EQ(run.position_seconds.size(), spec.fens.size());
      std::uint64_t sum = 0;
      for (const std::uint64_t n : run.position_nodes) {
        EXPECT_GT(n, 0u);
        sum += n;
      }
      EXPECT_EQ(sum, run.nodes);
    }
  }
  // One thread is deterministic: the same nodes every round.
  EXPECT_EQ(rows[0].runs[0].nodes, rows[0].runs[1].nodes);
  EXPECT_FALSE(steps.empty());
  EXPECT_EQ(steps.front(), "round 1/2: 1 thread");
}

}  // namespace
}  // namespace leiser::search
