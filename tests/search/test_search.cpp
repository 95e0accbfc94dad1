// The search through the Engine API: determinism, legality, mates, stop,
// the bench signature, and a self-play smoke run.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "kernel/game.h"
#include "kernel/movegen.h"
#include "kernel/notation.h"
#include "search/benchmark.h"
#include "search/benchmark_positions.h"
#include "search/engine.h"

namespace leiser::search {
namespace {

using kernel::Edition;
using kernel::Game;

// The node counts of `leiserchess bench 5 <edition>`. A change of search
// behaviour changes them; update them in the same commit, on purpose.
constexpr std::uint64_t kBenchSignature2016 = 598600;
constexpr std::uint64_t kBenchSignature2018 = 240072;
// The moves those benches make (SearchResult::moves_made, the course
// engines' node count): pinned likewise, so that the count itself cannot
// drift unnoticed.
constexpr std::uint64_t kBenchMovesMade2016 = 3447709;
constexpr std::uint64_t kBenchMovesMade2018 = 1271685;

// The shortcuts the search takes through the kernel and evaluation give the
// same results as the plain calls, on positions of random games: a move made
// from an already applied and traced board, and the evaluation from an
// already traced beam (with the 2016 position's stored opponent beam) against
// the term-by-term evaluation, which traces every beam itself.
TEST(Search, TracedShortcutsEqualThePlainCalls) {
  const EvalParams params;
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    std::mt19937 rng(e == Edition::k2016 ? 2016 : 2018);
    int checked_moves = 0;
    for (int game_index = 0; game_index < 40; ++game_index) {
      Game game = Game::from_fen(e == Edition::k2016 ? kBenchPositions2016[game_index % 30]
                                                     : kBenchPositions2018[game_index % 30],
                                 e)
                      .value();
      for (int ply = 0; ply < 60 && !game.is_over(); ++ply) {
        const kernel::Position& pos = game.position();
        const kernel::LaserTrace own = kernel::trace_laser(pos.board(), pos.side_to_move());
        ASSERT_EQ(evaluate(pos, params, own.path), evaluate_terms(pos, params).score_cp);
        const auto moves = game.legal_moves();
        ASSERT_FALSE(moves.empty());
        for (kernel::Move m : moves) {
          kernel::Position plain = pos;
          kernel::Position traced = pos;
          kernel::Board moved = pos.board();
          kernel::apply_move(moved, m);
          if (e == Edition::k2016) {
            plain.make_move<Edition::k2016>(m);
            traced.make_move_traced<Edition::k2016>(m, moved,
                                                    kernel::trace_laser(moved, pos.side_to_move()));
          } else {
            plain.make_move<Edition::k2018>(m);
            traced.make_move_traced<Edition::k2018>(m, moved,
                                                    kernel::trace_laser(moved, pos.side_to_move()));
          }
          ASSERT_TRUE(plain.board() == traced.board());
          ASSERT_EQ(plain.key(), traced.key());
          ASSERT_EQ(plain.status(), traced.status());
          ASSERT_EQ(plain.last_zapped(), traced.last_zapped());
          ASSERT_EQ(plain.pinned_pawns(), traced.pinned_pawns());
          ASSERT_EQ(plain.plies_since_pawn_zap(), traced.plies_since_pawn_zap());
          ++checked_moves;
        }
        ASSERT_TRUE(game.play(moves[rng() % moves.size()]).has_value());
      }
    }
    EXPECT_GT(checked_moves, 10000);
  }
}

TEST(Search, BenchSignatureIsPinned) {
  const BenchTotals bench2016 = run_bench(5, Edition::k2016);
  const BenchTotals bench2018 = run_bench(5, Edition::k2018);
  EXPECT_EQ(bench2016.nodes, kBenchSignature2016);
  EXPECT_EQ(bench2018.nodes, kBenchSignature2018);
  EXPECT_EQ(bench2016.moves_made, kBenchMovesMade2016);
  EXPECT_EQ(bench2018.moves_made, kBenchMovesMade2018);
}

// Moves made count what the search's loops make. Without null moves (the
// exact mode), every position searched except the root was reached by a
// made move, so there are at least nodes - 1 of them, and at depth 1 the
// root alone makes every pseudo-legal move it has. With quiescence below,
// there are more moves made than positions searched (most are made only to
// see that they do not zap).
TEST(Search, MovesMadeCountTheMovesTheLoopsMake) {
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    const auto& fens = e == Edition::k2016 ? kBenchPositions2016 : kBenchPositions2018;
    for (std::size_t i = 0; i < 6; ++i) {
      const Game game = Game::from_fen(fens[i], e).value();
      kernel::MoveList pseudo;
      if (e == Edition::k2016)
        kernel::generate_pseudo_moves<Edition::k2016>(game.position(), pseudo);
      else
        kernel::generate_pseudo_moves<Edition::k2018>(game.position(), pseudo);
      const auto root_moves = static_cast<std::uint64_t>(pseudo.size());
      for (int depth : {1, 3}) {
        for (int threads : {1, 2}) {
          Engine engine;
          ASSERT_FALSE(engine.set_option("edition", kernel::edition_name(e)).has_value());
          ASSERT_FALSE(engine.set_option("threads", std::to_string(threads)).has_value());
          engine.set_exact_search(true);
          engine.set_game(game);
          SearchLimits limits;
          limits.depth = depth;
          const SearchResult r = engine.search(limits);
          EXPECT_GE(r.moves_made + 1, r.nodes)
              << fens[i] << " depth " << depth << " threads " << threads;
          EXPECT_GE(r.moves_made, root_moves) << fens[i];
          if (threads == 1) {
            engine.set_game(game);
            engine.new_game();  // forget the first search's history and killers
            EXPECT_EQ(engine.search(limits).moves_made, r.moves_made)
                << "deterministic: " << fens[i];
          }
        }
      }
    }
  }
}

TEST(Search, SameNodeLimitGivesTheSameResult) {
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    Engine engine;
    ASSERT_FALSE(engine.set_option("edition", kernel::edition_name(e)).has_value());
    ASSERT_FALSE(engine.set_option("threads", "1").has_value());  // the deterministic mode
    SearchLimits limits;
    limits.nodes = 20000;
    engine.new_game();
    const SearchResult first = engine.search(limits);
    engine.new_game();
    const SearchResult second = engine.search(limits);
    EXPECT_EQ(first.best_move, second.best_move);
    EXPECT_EQ(first.nodes, second.nodes);
    EXPECT_EQ(first.score, second.score);
    EXPECT_TRUE(engine.game().is_legal(first.best_move));
  }
}

using OptionList = std::vector<std::pair<std::string, std::string>>;

// With the options set (after the edition) and the rejected values refused
// by the same engine, a depth-4 search of the position where Tangerine's
// King on h0 turns west and zaps the King on a0 plays that zap, scored as a
// mate in one.
void expect_finds_king_zap(Edition e, const OptionList& options, const OptionList& rejected = {}) {
  Engine engine;
  ASSERT_FALSE(engine.set_option("edition", kernel::edition_name(e)).has_value());
  for (const auto& [name, value] : options)
    ASSERT_FALSE(engine.set_option(name, value).has_value()) << name;
  for (const auto& [name, value] : rejected)
    ASSERT_TRUE(engine.set_option(name, value).has_value()) << name << " " << value;
  engine.set_game(Game::from_fen("8/8/8/8/8/8/8/ss6NN W", e).value());
  SearchLimits limits;
  limits.depth = 4;
  const SearchResult r = engine.search(limits);
  EXPECT_EQ(kernel::move_to_string(r.best_move), "h0L");
  EXPECT_TRUE(is_mate_score(r.score));
  EXPECT_EQ(mate_in_moves(r.score), 1);
}

TEST(Search, FindsTheKingZap) {
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    SCOPED_TRACE(std::string(kernel::edition_name(e)));
    expect_finds_king_zap(e, {});
  }
}

// Nodes that one thread searches over some of the edition's bench positions
// (every stride-th of the first count*stride) with the given options, to
// `depth` (or 3 when exact), each from a fresh engine. The classic
// evaluation, as bench uses: fewer nodes under a pruning rule is a tendency,
// not a theorem (it reshapes iterative deepening's ordering and re-searches),
// and which way a few positions go must not hang on the built-in net. With
// net f of 2016 the four LMP positions searched 561,954 nodes without LMP and
// 781,000 with it (one of them 306,495 -> 593,333); classic gives
// 866,883 -> 705,767.
//
// classic_search is one such search of one position, to `depth`.
SearchResult classic_search(Edition e, const OptionList& options, bool exact, std::string_view fen,
                            int depth) {
  Engine engine;
  EXPECT_FALSE(engine.set_option("edition", kernel::edition_name(e)).has_value());
  EXPECT_FALSE(engine.set_option("threads", "1").has_value());
  EXPECT_FALSE(engine.set_option("Eval", "classic").has_value());
  for (const auto& [name, value] : options)
    EXPECT_FALSE(engine.set_option(name, value).has_value()) << name;
  engine.set_exact_search(exact);
  engine.set_game(Game::from_fen(fen, e).value());
  SearchLimits limits;
  limits.depth = depth;
  const SearchResult r = engine.search(limits);
  EXPECT_TRUE(engine.game().is_legal(r.best_move));
  return r;
}

std::uint64_t classic_nodes(Edition e, const OptionList& options, bool exact, std::size_t count,
                            std::size_t stride, int depth) {
  std::uint64_t nodes = 0;
  const auto& fens = e == Edition::k2016 ? kBenchPositions2016 : kBenchPositions2018;
  for (std::size_t i = 0; i < count; ++i)
    nodes += classic_search(e, options, exact, fens[i * stride], exact ? 3 : depth).nodes;
  return nodes;
}

// Late-move pruning (lmp_depth) leaves out quiet moves of zero-window nodes
// once a node has searched lmp_base + lmp_scale * depth^2 of them: it
// searches fewer nodes to the same depth, nothing at all changes while the
// bar is out of reach, exact search never prunes, and the King zap is still
// found (a zap is never pruned).
TEST(Search, LateMovePruningLeavesOutOnlyLateQuietMoves) {
  auto nodes_of = [](Edition e, const OptionList& options, bool exact) {
    return classic_nodes(e, options, exact, 4, 7, 6);
  };
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    SCOPED_TRACE(std::string(kernel::edition_name(e)));
    const std::uint64_t plain = nodes_of(e, {{"lmp_depth", "0"}}, false);
    EXPECT_LT(nodes_of(e, {{"lmp_depth", "3"}}, false), plain);
    EXPECT_EQ(nodes_of(e, {{"lmp_depth", "3"}, {"lmp_base", "1000"}}, false), plain);
    EXPECT_EQ(nodes_of(e, {{"lmp_depth", "3"}}, true), nodes_of(e, {{"lmp_depth", "0"}}, true));

    expect_finds_king_zap(e, {{"lmp_depth", "3"}, {"lmp_base", "1"}, {"lmp_scale", "0"}});
  }
}

// Internal iterative reduction (iir_depth, by default on at 4 in 2016 and
// off in 2018) and the improving flag's share of late-move pruning
// (lmp_not_improving, off by default): at their off values, or where what they change is out of
// reach, the tree is the one without them node for node; switched on they change it; exact search
// ignores both; and the King zap is still found at once.
TEST(Search, ReductionRulesChangeTheTreeOnlyWhenOn) {
  auto nodes_of = [](Edition e, const OptionList& options, bool exact) {
    return classic_nodes(e, options, exact, 3, 9, 5);
  };
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    SCOPED_TRACE(std::string(kernel::edition_name(e)));
    const std::uint64_t plain = nodes_of(e, {{"iir_depth", "0"}}, false);
    EXPECT_EQ(nodes_of(e, {{"iir_depth", "0"}, {"lmp_not_improving", "100"}}, false), plain);
    // A depth-5 search has no node below the root deeper than 5 (a zap's
    // extension only keeps the depth).
    EXPECT_EQ(nodes_of(e, {{"iir_depth", "6"}}, false), plain);
    EXPECT_NE(nodes_of(e, {{"iir_depth", "3"}}, false), plain);
    // The default, -1, is the edition's own: 4 in 2016, off in 2018. Four
    // in 2016 changes nothing in a depth-5 search of these three positions;
    // six plies of four others it changes.
    const std::uint64_t by_default = classic_nodes(e, {}, false, 4, 7, 6);
    EXPECT_EQ(classic_nodes(e, {{"iir_depth", e == Edition::k2016 ? "4" : "0"}}, false, 4, 7, 6),
              by_default);
    EXPECT_EQ(classic_nodes(e, {{"iir_depth", "-1"}}, false, 4, 7, 6), by_default);
    if (e == Edition::k2016) {
      EXPECT_NE(classic_nodes(e, {{"iir_depth", "0"}}, false, 4, 7, 6), by_default);
    }
    // Without late-move pruning the flag has nothing to change.
    const std::uint64_t no_lmp = nodes_of(e, {{"iir_depth", "0"}, {"lmp_depth", "0"}}, false);
    EXPECT_EQ(
        nodes_of(e, {{"iir_depth", "0"}, {"lmp_depth", "0"}, {"lmp_not_improving", "10"}}, false),
        no_lmp);
    EXPECT_NE(nodes_of(e, {{"iir_depth", "0"}, {"lmp_not_improving", "50"}}, false), plain);
    EXPECT_EQ(nodes_of(e, {{"iir_depth", "2"}, {"lmp_not_improving", "10"}}, true),
              nodes_of(e, {}, true));

    expect_finds_king_zap(e, {{"iir_depth", "1"}, {"lmp_not_improving", "10"}},
                          {{"lmp_not_improving", "5"}});
  }
}

// Singular extension (singular_depth, off by default): a depth no node
// reaches changes nothing, one that nodes reach changes the tree (the hash
// move searched a ply deeper where the other moves fall short of it), a
// margin so wide that every hash move is singular changes it again, exact
// search ignores it, and the King zap is still found with it on.
TEST(Search, SingularExtensionChangesTheTreeOnlyWhenOn) {
  auto nodes_of = [](Edition e, const OptionList& options, bool exact) {
    return classic_nodes(e, options, exact, 4, 7, 6);
  };
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    SCOPED_TRACE(std::string(kernel::edition_name(e)));
    const std::uint64_t plain = nodes_of(e, {}, false);
    EXPECT_EQ(nodes_of(e, {{"singular_depth", "0"}}, false), plain);
    EXPECT_EQ(nodes_of(e, {{"singular_depth", "7"}}, false), plain);
    const std::uint64_t on = nodes_of(e, {{"singular_depth", "3"}}, false);
    EXPECT_NE(on, plain);
    EXPECT_NE(nodes_of(e, {{"singular_depth", "3"}, {"singular_margin", "1000"}}, false), on);
    EXPECT_EQ(nodes_of(e, {{"singular_depth", "3"}}, true), nodes_of(e, {}, true));

    expect_finds_king_zap(e, {{"singular_depth", "1"}, {"singular_margin", "0"}});
  }
}

// History-adjusted late-move reductions (lmr_history): off, the tree is the
// plain one; on, late moves are reduced by their history, so the tree
// changes, while exact search (no reductions) ignores it and the King zap is
// still found.
TEST(Search, LmrHistoryChangesTheTreeOnlyWhenOn) {
  auto nodes_of = [](Edition e, const OptionList& options, bool exact) {
    return classic_nodes(e, options, exact, 4, 7, 6);
  };
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    SCOPED_TRACE(std::string(kernel::edition_name(e)));
    const std::uint64_t plain = nodes_of(e, {}, false);
    EXPECT_EQ(nodes_of(e, {{"lmr_history", "0"}}, false), plain);
    const std::uint64_t on = nodes_of(e, {{"lmr_history", "11200"}}, false);
    EXPECT_NE(on, plain);
    // No history reaches a million: only the extra ply for history 0.
    EXPECT_NE(nodes_of(e, {{"lmr_history", "1000000"}}, false), on);
    EXPECT_EQ(nodes_of(e, {{"lmr_history", "11200"}}, true), nodes_of(e, {}, true));

    expect_finds_king_zap(e, {{"lmr_history", "1"}});
  }
}

// Free zaps: where the side to move's beam already zaps an enemy piece, every
// move off the beam zaps it too. qsearch_free_zaps (by default 2 in 2018, all
// in 2016), free_zaps (zaps-only nodes) and free_zap_extension bound how many
// of those are searched and whether they are extended. Bounds no node reaches
// change nothing, the edition's default is its own value, exact search
// ignores them all, a bound that bites shrinks the tree, and the King zap is
// still found with the tightest ones.
TEST(Search, FreeZapRulesChangeTheTreeOnlyWhenOn) {
  auto nodes_of = [](Edition e, const OptionList& options, bool exact) {
    return classic_nodes(e, options, exact, 10, 3, 5);
  };
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    SCOPED_TRACE(std::string(kernel::edition_name(e)));
    const std::uint64_t all = nodes_of(e, {{"qsearch_free_zaps", "0"}}, false);
    // No position has 256 moves: the bound never bites.
    EXPECT_EQ(nodes_of(e, {{"qsearch_free_zaps", "256"}}, false), all);
    EXPECT_EQ(nodes_of(e, {{"qsearch_free_zaps", "0"}, {"free_zaps", "256"}}, false), all);
    EXPECT_LT(nodes_of(e, {{"qsearch_free_zaps", "1"}}, false), all);
    EXPECT_NE(nodes_of(e, {{"qsearch_free_zaps", "0"}, {"free_zaps", "1"}}, false), all);
    EXPECT_NE(nodes_of(e, {{"qsearch_free_zaps", "0"}, {"free_zap_extension", "0"}}, false), all);
    EXPECT_EQ(nodes_of(e, {}, false),
              nodes_of(e, {{"qsearch_free_zaps", e == Edition::k2018 ? "2" : "0"}}, false));
    EXPECT_EQ(
        nodes_of(e, {{"qsearch_free_zaps", "1"}, {"free_zaps", "1"}, {"free_zap_extension", "0"}},
                 true),
        nodes_of(e, {{"qsearch_free_zaps", "0"}}, true));

    expect_finds_king_zap(
        e, {{"qsearch_free_zaps", "1"}, {"free_zaps", "1"}, {"free_zap_extension", "0"}},
        {{"qsearch_free_zaps", "-2"}});
  }
}

// Counter moves only reorder: a plain alpha-beta search (exact) gives every
// position the same score with them as without, in a different number of
// nodes; the normal search's tree changes only when they are on.
TEST(Search, CounterMovesReorderTheTreeButNeverChangeTheExactScore) {
  auto exact_search = [](Edition e, std::string_view fen, bool counter_moves) {
    return classic_search(e, {{"counter_moves", counter_moves ? "1" : "0"}}, true, fen, 4);
  };
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    SCOPED_TRACE(std::string(kernel::edition_name(e)));
    const auto& fens = e == Edition::k2016 ? kBenchPositions2016 : kBenchPositions2018;
    std::uint64_t nodes_off = 0;
    std::uint64_t nodes_on = 0;
    for (std::size_t i = 0; i < 12; i += 3) {
      const SearchResult off = exact_search(e, fens[i], false);
      const SearchResult on = exact_search(e, fens[i], true);
      EXPECT_EQ(on.score, off.score) << fens[i];
      nodes_off += off.nodes;
      nodes_on += on.nodes;
    }
    EXPECT_NE(nodes_on, nodes_off);
    const auto nodes_of = [&](const OptionList& options) {
      return classic_nodes(e, options, false, 4, 3, 5);
    };
    EXPECT_NE(nodes_of({{"counter_moves", "1"}}), nodes_of({}));
    EXPECT_EQ(nodes_of({{"counter_moves", "0"}}), nodes_of({}));
    expect_finds_king_zap(e, {{"counter_moves", "1"}}, {{"counter_moves", "2"}});
  }
}

// The continuation history only reorders too: exact scores are the same with
// it as without (the exact trees of depth 3 may be too: in 2018 these four
// are), trees of the normal search differ where it is on and not where it is
// off, and
// with counter moves beside it the search still finds a King zap.
TEST(Search, ContinuationHistoryReordersTheTreeButNeverChangesTheExactScore) {
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    SCOPED_TRACE(std::string(kernel::edition_name(e)));
    const auto& fens = e == Edition::k2016 ? kBenchPositions2016 : kBenchPositions2018;
    for (std::size_t i = 0; i < 12; i += 3) {
      const SearchResult off = classic_search(e, {{"cont_history", "0"}}, true, fens[i], 4);
      const SearchResult on = classic_search(e, {{"cont_history", "1"}}, true, fens[i], 4);
      EXPECT_EQ(on.score, off.score) << fens[i];
    }
    const auto nodes_of = [&](const OptionList& options) {
      return classic_nodes(e, options, false, 4, 3, 5);
    };
    EXPECT_NE(nodes_of({{"cont_history", "1"}}), nodes_of({}));
    EXPECT_EQ(nodes_of({{"cont_history", "0"}}), nodes_of({}));
    // With history_keep a search halves the table instead of clearing it,
    // and the first one allocates it there.
    EXPECT_NE(nodes_of({{"cont_history", "1"}, {"history_keep", "1"}}),
              nodes_of({{"history_keep", "1"}}));
    expect_finds_king_zap(e, {{"cont_history", "1"}, {"counter_moves", "1"}},
                          {{"cont_history", "2"}});
  }
}

TEST(Search, StopEndsAnInfiniteSearchWithALegalMove) {
  Engine engine;
  std::atomic<int> done{0};
  SearchResult result;
  SearchLimits limits;
  limits.infinite = true;
  engine.start(limits, {}, [&](const SearchResult& r) {
    result = r;
    done.fetch_add(1);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  engine.stop();
  engine.wait();
  EXPECT_EQ(done.load(), 1);
  EXPECT_TRUE(engine.game().is_legal(result.best_move));
}

// Without TT and forward pruning, alpha-beta's value is fixed by the
// position and depth; Young Brothers Wait must find the same value.
TEST(Search, ParallelSearchEqualsSerialWithoutTTAndPruning) {
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    const auto& fens = e == Edition::k2016
                           ? std::vector<std::string_view>(kBenchPositions2016.begin(),
                                                           kBenchPositions2016.begin() + 8)
                           : std::vector<std::string_view>(kBenchPositions2018.begin(),
                                                           kBenchPositions2018.begin() + 8);
    for (std::string_view fen : fens) {
      int scores[2];
      for (int threads : {1, 2}) {
        Engine engine;
        ASSERT_FALSE(engine.set_option("edition", kernel::edition_name(e)).has_value());
        ASSERT_FALSE(engine.set_option("threads", std::to_string(threads)).has_value());
        engine.set_exact_search(true);
        engine.set_game(Game::from_fen(fen, e).value());
        SearchLimits limits;
        limits.depth = 5;
        const SearchResult r = engine.search(limits);
        EXPECT_TRUE(engine.game().is_legal(r.best_move)) << fen;
        EXPECT_EQ(r.depth, 5);
        scores[threads - 1] = r.score;
      }
      EXPECT_EQ(scores[0], scores[1]) << "edition " << kernel::edition_name(e) << " " << fen;
    }
  }
}

TEST(Search, ChangingStateDuringAnInfiniteSearchDoesNotHang) {
  Engine engine;
  std::atomic<int> done{0};
  SearchLimits limits;
  limits.infinite = true;
  engine.start(limits, {}, [&](const SearchResult&) { done.fetch_add(1); });
  // Each of these must first end the infinite search, not wait for it forever.
  EXPECT_FALSE(engine.set_option("hash", "8").has_value());
  EXPECT_EQ(done.load(), 1);
  engine.start(limits, {}, [&](const SearchResult&) { done.fetch_add(1); });
  engine.new_game();
  EXPECT_EQ(done.load(), 2);
  EXPECT_FALSE(engine.is_searching());
}

TEST(Search, ParallelOptionsAndBadOptionsAreChecked) {
  Engine engine;
  EXPECT_FALSE(engine.set_option("Hash", "32").has_value());
  EXPECT_FALSE(engine.set_option("THREADS", "2").has_value());
  EXPECT_FALSE(engine.set_option("use_ko", "false").has_value());
  EXPECT_FALSE(engine.set_option("pawnpin", "0").has_value());
  EXPECT_NE(engine.set_option("hash", "0").value_or("").find("out of range"), std::string::npos);
  EXPECT_NE(engine.set_option("hash", "lots").value_or("").find("expects an integer"),
            std::string::npos);
  EXPECT_NE(engine.set_option("kface", "10001").value_or("").find("out of range"),
            std::string::npos);
  EXPECT_NE(engine.set_option("edition", "2017").value_or("").find("2018 or 2016"),
            std::string::npos);
  EXPECT_NE(engine.set_option("frobnicate", "1").value_or("").find("unknown option"),
            std::string::npos);
}

// A few hundred very fast games between two copies of the engine: every move
// it returns must be legal, and every game must end or reach the ply cap.
TEST(Search, SelfPlaySmoke) {
  int games = 0;
  for (Edition e : {Edition::k2016, Edition::k2018}) {
    Engine white;
    Engine black;
    for (Engine* engine : {&white, &black})
      ASSERT_FALSE(engine->set_option("edition", kernel::edition_name(e)).has_value());
    std::mt19937 rng(e == Edition::k2016 ? 16 : 18);
    for (int g = 0; g < 100; ++g, ++games) {
      Game game = Game::start(e);
      // A few random opening plies so the games differ.
      for (int i = 0; i < 4 && !game.is_over(); ++i) {
        const auto moves = game.legal_moves();
        ASSERT_TRUE(game.play(moves[static_cast<int>(rng() % moves.size())]).has_value());
      }
      for (int ply = 0; ply < 160 && !game.is_over(); ++ply) {
        Engine& engine =
            game.position().side_to_move() == kernel::Color::kTangerine ? white : black;
        engine.set_game(game);
        SearchLimits limits;
        limits.nodes = 400 + (ply % 3) * 100;
        const SearchResult r = engine.search(limits);
        ASSERT_TRUE(game.is_legal(r.best_move))
            << "illegal " << kernel::move_to_string(r.best_move) << " in game " << g;
        ASSERT_TRUE(game.play(r.best_move).has_value());
      }
    }
  }
  EXPECT_EQ(games, 200);
}

}  // namespace
}  // namespace leiser::search
