#include "kernel/perft.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <array>
#include <atomic>

#include "kernel/movegen.h"
#include "kernel/perft_table.h"

namespace leiser::kernel {
namespace {

// Subtrees with at least this many plies left are split across threads.
constexpr int kMinParallelDepth = 4;

// Counts of subtrees with at least this many plies left go through the table
// (when there is one). A depth-1 count is a move count, cheaper than the
// probe's cache miss; a depth-2 count makes a few hundred moves.
constexpr int kMinTableDepth = 2;

// What every node of one count needs besides its position: the batched
// laser trace, the stop flag and the table of counts (each may be nullptr).
struct Walk {
  BatchTraceFn batch_trace;
  const std::atomic<bool>* stop;
  PerftTable* table;
  // Keeps the counts of different editions and modes apart in one table.
  std::uint64_t salt;
  // Polled only where 3 or more plies are left: a few hundred thousand
  // leaves at most below such a node, well under a millisecond, and no
  // cost worth measuring at the nodes that do the counting.
  bool stopped() const { return stop != nullptr && stop->load(std::memory_order_relaxed); }
};

template <Edition E, PerftMode M>
std::uint64_t count_moves(const Position& pos, const Board* previous) {
  if constexpr (M == PerftMode::kPseudo)
    return count_pseudo_moves<E>(pos);
  else
    return count_legal_moves<E>(pos, previous);
}

// 2016 pseudo perft of depth 2 without making most moves. The child's count
// is `1 + sum over the opponent's unpinned pieces of (3 + neighbours)`, and
// the pins are the squares of our beam after the move. A move that touches no
// square of our current beam leaves that beam as it is, so when the beam zaps
// nothing now, such a move changes the child's count only by moving an enemy
// piece it swaps with (from one unpinned square to another).
std::uint64_t perft2_2016_pseudo(const Position& pos) {
  const Board& board = pos.board();
  const Color us = pos.side_to_move();
  const Bitboard theirs = board.pieces(opponent(us));
  const LaserTrace beam = trace_laser(board, us);
  const bool beam_zaps_nothing = beam.end == LaserEnd::kOffBoard;
  std::uint64_t unchanged_child_count = 1;
  for (Bitboard pieces = theirs & ~(beam.path & board.pawns(opponent(us))); pieces;)
    unchanged_child_count += 3 + kNeighbourCounts[pop_lowest(pieces)];

  MoveList moves;
  generate_pseudo_moves<Edition::k2016>(pos, moves);
  std::uint64_t leaves = 0;
  for (Move m : moves) {
    if (beam_zaps_nothing && !(squares_touched(m) & beam.path)) {
      std::uint64_t count = unchanged_child_count;
      if (m.kind() == MoveKind::kShift) {
        const Square from = m.from();
        const Square to = static_cast<Square>(kSteps[from][m.direction()]);
        if (theirs & bit(to)) count = count + kNeighbourCounts[from] - kNeighbourCounts[to];
      }
      leaves += count;
      continue;
    }
    Position child = pos;
    child.make_move<Edition::k2016, false>(m);
    leaves += child.is_game_over() ? 1 : count_pseudo_moves<Edition::k2016>(child);
  }
  return leaves;
}

// Depth 2 with the lasers of all moves traced in one batch: apply every move
// to a copy of the board, trace the mover's laser on all of them at once,
// then finish each move from its trace and count the child's moves.
template <Edition E, PerftMode M>
std::uint64_t perft2_batched(const Position& pos, const Board* previous, Walk walk) {
  MoveList moves;
  generate_pseudo_moves<E>(pos, moves);
  const std::size_t count = static_cast<std::size_t>(moves.size());
  std::array<Board, kMaxMoves> boards;
  std::array<Color, kMaxMoves>
      shooters{};  // initialised: GCC cannot see that only [0, count) is read
  std::array<LaserTrace, kMaxMoves> traces;
  for (std::size_t i = 0; i < count; ++i) {
    boards[i] = pos.board();
    apply_move(boards[i], moves[i]);
    shooters[i] = pos.side_to_move();
  }
  walk.batch_trace(boards.data(), shooters.data(), traces.data(), count);
  std::uint64_t leaves = 0;
  for (std::size_t i = 0; i < count; ++i) {
    Position child = pos;
    child.template make_move_traced<E, false>(moves[i], boards[i], traces[i]);
    if constexpr (M == PerftMode::kLegal)
      if (!is_legal_result<E>(pos, child, previous)) continue;
    leaves += child.is_game_over() ? 1 : count_moves<E, M>(child, &pos.board());
  }
  return leaves;
}

// The node's key in the table: its board and side to move. The Ko board is
// left out, so that a position reached with different histories is counted
// once; legal counts correct for Ko separately (via_table).
PerftKey key_of(const Position& pos, Walk walk) {
  return perft_key(pos.board(), pos.side_to_move(), walk.salt);
}

// The table's count for this key, else count(), kept. A count made after the
// stop flag was raised may be short, and is not kept.
template <class Count>
std::uint64_t through_table(const PerftKey& key, int depth, Walk walk, Count count) {
  if (const auto stored = walk.table->probe(key, depth)) return *stored;
  const std::uint64_t leaves = count();
  if (!walk.stopped()) walk.table->store(key, depth, leaves);
  return leaves;
}

template <Edition E, PerftMode M>
std::uint64_t perft_serial(const Position& pos, const Board* previous, int depth, Walk walk);

// The leaves below the moves that Ko forbids at pos (those that would recreate
// `previous`) and nothing else does: the legal count with `previous` is the
// count without it minus these. Called with depth >= 2.
template <Edition E>
std::uint64_t ko_forbidden_leaves(const Position& pos, const Board* previous, int depth,
                                  Walk walk) {
  std::uint64_t leaves = 0;
  for (Bitboard candidates = ko_candidates(pos, previous, movable_pieces(pos)); candidates;) {
    MoveList list;
    generate_piece_moves<E>(pos, pop_lowest(candidates), list);
    for (Move m : list) {
      Position child = pos;
      child.template make_move<E, false>(m);
      if (!(child.board() == *previous) || !is_legal_result<E>(pos, child, nullptr)) continue;
      leaves += child.is_game_over()
                    ? 1
                    : perft_serial<E, PerftMode::kLegal>(child, &pos.board(), depth - 1, walk);
    }
  }
  return leaves;
}

// The count of pos (with Ko board `previous`) through the table, where
// count(ko_board) counts it with the given Ko board. Pseudo counts do not
// depend on the Ko board. A legal count is stored without it, and the
// subtrees Ko forbids are taken off afterwards: in Leiserchess nearly every
// node has a move that undoes the last one, so a count stored with its Ko
// board would serve almost only that one history.
template <Edition E, PerftMode M, class Count>
std::uint64_t via_table(const Position& pos, const Board* previous, int depth, Walk walk,
                        const PerftKey& key, Count count) {
  if constexpr (M == PerftMode::kPseudo) {
    return through_table(key, depth, walk, [&] { return count(previous); });
  } else {
    const std::uint64_t without_ko =
        through_table(key, depth, walk, [&] { return count(nullptr); });
    return without_ko - ko_forbidden_leaves<E>(pos, previous, depth, walk);
  }
}

// How many children ahead a child's bucket is asked for: a probe that misses
// the caches waits about as long as making a few moves, and this overlaps
// the waits (without it the probe was half of 2016 pseudo perft 6's time).
constexpr int kProbeLookahead = 8;

template <Edition E, PerftMode M>
std::uint64_t perft_serial_counted(const Position& pos, const Board* previous, int depth,
                                   Walk walk) {
  if constexpr (E == Edition::k2016 && M == PerftMode::kPseudo) {
    if (depth == 2) return perft2_2016_pseudo(pos);
  } else {
    if (depth == 2 && walk.batch_trace) return perft2_batched<E, M>(pos, previous, walk);
  }
  if (depth >= 3 && walk.stopped()) return 0;
  MoveList moves;
  generate_pseudo_moves<E>(pos, moves);
  std::uint64_t leaves = 0;
  if (walk.table != nullptr && depth - 1 >= kMinTableDepth) {
    // The children go through the table: each child's bucket is prefetched
    // when it is made, and the child is counted kProbeLookahead children later.
    struct Pending {
      Position child;
      PerftKey key;
    };
    std::array<Pending, kProbeLookahead> ring;
    int made = 0;
    int counted = 0;
    auto count_next = [&] {
      const Pending& p = ring[counted++ % kProbeLookahead];
      leaves += via_table<E, M>(
          p.child, &pos.board(), depth - 1, walk, p.key, [&](const Board* ko_board) {
            return perft_serial_counted<E, M>(p.child, ko_board, depth - 1, walk);
          });
    };
    for (Move m : moves) {
      Position child = pos;
      child.template make_move<E, false>(m);
      if constexpr (M == PerftMode::kLegal)
        if (!is_legal_result<E>(pos, child, previous)) continue;
      if (child.is_game_over()) {
        ++leaves;
        continue;
      }
      if (made - counted == kProbeLookahead) count_next();  // frees the slot made next
      Pending& slot = ring[made++ % kProbeLookahead];
      slot.child = child;
      slot.key = key_of(child, walk);
      walk.table->prefetch(slot.key);
    }
    while (counted < made) count_next();
    return leaves;
  }
  for (Move m : moves) {
    Position child = pos;
    child.template make_move<E, false>(m);
    if constexpr (M == PerftMode::kLegal)
      if (!is_legal_result<E>(pos, child, previous)) continue;
    leaves += child.is_game_over() ? 1 : perft_serial<E, M>(child, &pos.board(), depth - 1, walk);
  }
  return leaves;
}

template <Edition E, PerftMode M>
std::uint64_t perft_serial(const Position& pos, const Board* previous, int depth, Walk walk) {
  if (depth == 1) return count_moves<E, M>(pos, previous);
  if (walk.table == nullptr || depth < kMinTableDepth)
    return perft_serial_counted<E, M>(pos, previous, depth, walk);
  return via_table<E, M>(pos, previous, depth, walk, key_of(pos, walk), [&](const Board* ko_board) {
    return perft_serial_counted<E, M>(pos, ko_board, depth, walk);
  });
}

// The children of pos that the mode allows, made.
template <Edition E, PerftMode M>
std::vector<std::pair<Move, Position>> children_of(const Position& pos, const Board* previous) {
  MoveList moves;
  generate_pseudo_moves<E>(pos, moves);
  std::vector<std::pair<Move, Position>> children;
  children.reserve(moves.size());
  for (Move m : moves) {
    Position child = pos;
    child.template make_move<E, false>(m);
    if (M == PerftMode::kPseudo || is_legal_result<E>(pos, child, previous))
      children.emplace_back(m, child);
  }
  return children;
}

template <Edition E, PerftMode M>
std::uint64_t perft_parallel(const Position& pos, const Board* previous, int depth, Walk walk);

template <Edition E, PerftMode M>
std::uint64_t subtree(const Position& child, const Board* parent_board, int depth, Walk walk) {
  if (child.is_game_over()) return 1;
  if (depth - 1 >= kMinParallelDepth)
    return perft_parallel<E, M>(child, parent_board, depth - 1, walk);
  return perft_serial<E, M>(child, parent_board, depth - 1, walk);
}

template <Edition E, PerftMode M>
std::uint64_t perft_parallel(const Position& pos, const Board* previous, int depth, Walk walk) {
  if (walk.stopped()) return 0;
  const auto count = [&](const Board* ko_board) {
    const auto children = children_of<E, M>(pos, ko_board);
    std::vector<std::uint64_t> counts(children.size());
    tbb::parallel_for(std::size_t{0}, children.size(), [&](std::size_t i) {
      counts[i] = subtree<E, M>(children[i].second, &pos.board(), depth, walk);
    });
    std::uint64_t total = 0;
    for (std::uint64_t c : counts) total += c;
    return total;
  };
  if (walk.table == nullptr) return count(previous);
  return via_table<E, M>(pos, previous, depth, walk, key_of(pos, walk), count);
}

template <Edition E, PerftMode M>
std::vector<std::pair<Move, std::uint64_t>> divide(const Position& root, const Board* previous,
                                                   int depth, int threads, Walk walk,
                                                   const RootMoveDone& on_done) {
  const auto children = children_of<E, M>(root, previous);
  std::vector<std::pair<Move, std::uint64_t>> result(children.size());
  auto count_child = [&](std::size_t i) {
    const Position& child = children[i].second;
    std::uint64_t leaves = 1;
    if (depth > 1 && !child.is_game_over())
      leaves = threads > 1 ? subtree<E, M>(child, &root.board(), depth, walk)
                           : perft_serial<E, M>(child, &root.board(), depth - 1, walk);
    result[i] = {children[i].first, leaves};
    if (on_done) on_done(i, children[i].first, leaves);
  };
  if (threads > 1) {
    // Root moves are taken in order, one at a time, by as many loops as
    // threads; the threads of a loop waiting on its subtree help the others.
    // So root moves end roughly in order, and a caller printing them as they
    // end (on_done) shows an ordered prefix early in a run of hours.
    std::atomic<std::size_t> next{0};
    tbb::task_arena arena(threads);
    arena.execute([&] {
      tbb::parallel_for(0, threads, [&](int) {
        for (std::size_t i = next++; i < children.size(); i = next++) count_child(i);
      });
    });
  } else {
    for (std::size_t i = 0; i < children.size(); ++i) count_child(i);
  }
  return result;
}

template <Edition E, PerftMode M>
Walk walk_for(const PerftRequest& request) {
  const std::uint64_t salt =
      (E == Edition::k2016 ? 0x2016 : 0x2018) | (M == PerftMode::kLegal ? 0x10000 : 0);
  return Walk{request.batch_trace, request.stop, request.table, salt};
}

template <Edition E, PerftMode M>
std::uint64_t run(const Position& root, const Board* previous, const PerftRequest& request) {
  if (request.depth <= 0) return 1;
  if (root.is_game_over()) return 0;
  if (request.threads <= 1 || request.depth < 3)
    return perft_serial<E, M>(root, previous, request.depth, walk_for<E, M>(request));
  std::uint64_t total = 0;
  tbb::task_arena arena(request.threads);
  arena.execute([&] {
    total = perft_parallel<E, M>(root, previous, request.depth, walk_for<E, M>(request));
  });
  return total;
}

template <class F>
auto dispatch(const Position& root, PerftMode mode, F&& f) {
  if (root.edition() == Edition::k2016)
    return mode == PerftMode::kPseudo ? f.template operator()<Edition::k2016, PerftMode::kPseudo>()
                                      : f.template operator()<Edition::k2016, PerftMode::kLegal>();
  return mode == PerftMode::kPseudo ? f.template operator()<Edition::k2018, PerftMode::kPseudo>()
                                    : f.template operator()<Edition::k2018, PerftMode::kLegal>();
}

}  // namespace

std::uint64_t perft(const Position& root, const Board* previous, const PerftRequest& request) {
  return dispatch(root, request.mode,
                  [&]<Edition E, PerftMode M>() { return run<E, M>(root, previous, request); });
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& root,
                                                         const Board* previous,
                                                         const PerftRequest& request,
                                                         const RootMoveDone& on_done) {
  if (request.depth <= 0 || root.is_game_over()) return {};
  return dispatch(root, request.mode, [&]<Edition E, PerftMode M>() {
    return divide<E, M>(root, previous, request.depth, request.threads, walk_for<E, M>(request),
                        on_done);
  });
}

}  // namespace leiser::kernel
