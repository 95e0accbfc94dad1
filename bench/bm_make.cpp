// Microbenchmarks of making moves, and the copy-make vs make/unmake question.
//
// make/make_move/<edition>: Position::make_move (kernel/position.h) for every
// pseudo move of every benchmark position (bench/positions.h), on a copy of
// the position, as perft and search do. items/s counts moves made. The _key
// variant also keeps the Zobrist key up to date (what search pays).
//
// make_strategy/<variant>/<edition>: a perft-like walk, depth 3 from the start
// position, that makes every move of the tree, the leaves included, in three
// ways that share one move generator (below, on a bare Board):
//
//   copy_make_board    copy the 40-byte Board, apply the move, fire the laser
//   make_unmake_board  apply the move to the one Board in place, fire the
//                      laser recording what it zaps, walk the subtree, then
//                      put the zapped pieces back and undo the move
//   copy_make_position the kernel's own copy-make: copy the Position (one
//                      cache line) and call Position::make_move<E, false>
//
// items/s counts moves made. Before the first run the three walks are checked
// against each other and against kernel::perft (pseudo mode): the same leaves,
// moves made and pieces zapped, and make/unmake restoring every board
// exactly. The program aborts if any check fails. perf-reports/make-strategy.md
// has the numbers, docs/make-strategy.md the conclusion.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <vector>

#include "bench/positions.h"
#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/laser.h"
#include "kernel/movegen.h"
#include "kernel/perft.h"
#include "kernel/position.h"

namespace leiser::microbench {
namespace {

using kernel::Bitboard;
using kernel::Board;
using kernel::Color;
using kernel::Edition;
using kernel::Move;
using kernel::MoveKind;
using kernel::MoveList;
using kernel::Position;
using kernel::Rotation;
using kernel::Square;

// ---------------------------------------------------------------------------
// make/make_move: the kernel's copy-make on the benchmark positions.

struct PositionMoves {
  Position position;
  std::vector<Move> moves;
};

template <Edition E>
std::vector<PositionMoves> positions_and_moves() {
  std::vector<PositionMoves> result;
  for (const Position& pos : microbench_positions(E)) {
    MoveList list;
    kernel::generate_pseudo_moves<E>(pos, list);
    result.push_back({pos, std::vector<Move>(list.begin(), list.end())});
  }
  return result;
}

template <Edition E, bool kUpdateKey>
void BM_MakeMove(benchmark::State& state) {
  const std::vector<PositionMoves> entries = positions_and_moves<E>();
  std::int64_t moves = 0;
  for (const PositionMoves& e : entries) moves += static_cast<std::int64_t>(e.moves.size());
  for (auto _ : state) {
    for (const PositionMoves& e : entries) {
      for (Move m : e.moves) {
        Position child = e.position;
        child.template make_move<E, kUpdateKey>(m);
        benchmark::DoNotOptimize(child);
      }
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * moves);
}

// ---------------------------------------------------------------------------
// The walk's move generator: the pseudo moves of kernel::generate_pseudo_moves,
// in the same order, computed from a bare Board, the side to move and its
// pinned Pawns (2016), so that a walk needs no Position.

template <Edition E>
void board_pseudo_moves(const Board& board, Color us, Bitboard pinned, MoveList& list) {
  using kernel::kSteps;
  list.clear();
  const Bitboard empty = board.empty();
  const Bitboard enemies = board.pieces(kernel::opponent(us));
  for (Bitboard movers = board.pieces(us) & ~pinned; movers;) {
    const Square from = kernel::pop_lowest(movers);
    for (Rotation r : {kernel::kRotateRight, kernel::kRotateUTurn, kernel::kRotateLeft})
      list.push(Move::rotation(from, r));
    for (int dir = 0; dir < kernel::kDirectionCount; ++dir) {
      const int to = kSteps[from][dir];
      if (to < 0) continue;
      const Bitboard to_bit = kernel::bit(static_cast<Square>(to));
      if (E == Edition::k2016 || (empty & to_bit)) {
        list.push(Move::shift(from, dir));
      } else if (enemies & to_bit) {
        for (Rotation r : {kernel::kRotateRight, kernel::kRotateUTurn, kernel::kRotateLeft})
          list.push(Move::swap_rotate(from, dir, r));
        for (int dir2 = 0; dir2 < kernel::kDirectionCount; ++dir2) {
          const int next = kSteps[to][dir2];
          if (next >= 0 && (empty & kernel::bit(static_cast<Square>(next))))
            list.push(Move::swap_shift(from, dir, dir2));
        }
      }
    }
    if (E == Edition::k2016 && (board.kings & kernel::bit(from))) list.push(Move::null_move(from));
  }
}

// 2016: the Pawns of `side` that stand on the opponent's last beam.
template <Edition E>
Bitboard pins_from_beam(const Board& board, Color side, Bitboard opponent_beam) {
  if constexpr (E == Edition::k2016)
    return opponent_beam & board.pawns(side);
  else
    return 0;
}

// ---------------------------------------------------------------------------
// Applying a move to a Board in place (the same steps as the kernel's
// Position::make_move), and undoing it. The names differ from the kernel's on
// purpose: an unqualified call with a kernel::Board argument also looks in
// namespace kernel.

Square step_square(Square from, int dir) { return static_cast<Square>(kernel::kSteps[from][dir]); }

Rotation inverse(Rotation r) { return static_cast<Rotation>((4 - r) & 3); }

// The movement part of a move, as the kernel applies it.
void play_in_place(Board& board, Move m) { kernel::apply_move(board, m); }

void take_back_in_place(Board& board, Move m) {
  const Square from = m.from();
  switch (m.kind()) {
    case MoveKind::kRotate:
      board.rotate(from, inverse(m.rotation()));
      break;
    case MoveKind::kShift:
      board.exchange(from, step_square(from, m.direction()));
      break;
    case MoveKind::kSwapShift: {
      const Square mid = step_square(from, m.direction());
      board.exchange(mid, step_square(mid, m.second_direction()));
      board.exchange(from, mid);
      break;
    }
    case MoveKind::kSwapRotate: {
      const Square mid = step_square(from, m.direction());
      board.rotate(mid, inverse(m.rotation()));
      board.exchange(from, mid);
      break;
    }
  }
}

// ---------------------------------------------------------------------------
// Firing the mover's laser on a Board, with the kernel's rules: in 2018 one
// zap, in 2016 the King fires again from scratch after each zapped Pawn. A
// zapped King ends the game. `on_zap(square)` runs before each piece is
// removed, so make/unmake can record it.

struct FireResult {
  Bitboard beam = 0;  // the final beam's path (2016: the pin mask it leaves)
  int zaps = 0;
  bool king_zapped = false;
};

template <Edition E, class OnZap>
FireResult fire_on_board(Board& board, Color shooter, OnZap&& on_zap) {
  FireResult result;
  kernel::LaserTrace trace = kernel::trace_laser(board, shooter);
  while (trace.end != kernel::LaserEnd::kOffBoard) {
    on_zap(trace.target);
    board.remove(trace.target);
    ++result.zaps;
    if (trace.end == kernel::LaserEnd::kZapsKing) {
      result.king_zapped = true;
      break;
    }
    if constexpr (E == Edition::k2018) break;
    trace = kernel::trace_laser(board, shooter);
  }
  result.beam = trace.path;
  return result;
}

// What one move's laser removed, to put back in reverse order. A laser can
// never zap more pieces than there are squares.
class ZapRecord {
 public:
  void record(const Board& board, Square sq) { zapped_[size_++] = {sq, *board.piece_at(sq)}; }
  void restore(Board& board) const {
    for (int i = size_ - 1; i >= 0; --i) board.put(zapped_[i].square, zapped_[i].piece);
  }

 private:
  struct Zapped {
    Square square;
    kernel::Piece piece;
  };
  std::array<Zapped, kernel::kSquareCount> zapped_;
  int size_ = 0;
};

// ---------------------------------------------------------------------------
// The three walks. Every move of the tree is made, the last ply included; a
// move that zaps a King is a leaf, as in perft. Each node counts into a local
// and returns it, so that no count store can alias the Board being walked.
//
// The walks are flattened (every call in them inlined, down to Board::exchange
// and trace_laser): left to its heuristics GCC inlined the helpers into some
// walks and not others, which measured its inliner instead of the strategies.

struct WalkCount {
  std::uint64_t leaves = 0;
  std::uint64_t moves = 0;  // moves made
  std::uint64_t zaps = 0;   // pieces zapped, summed over all moves made

  WalkCount& operator+=(const WalkCount& other) {
    leaves += other.leaves;
    moves += other.moves;
    zaps += other.zaps;
    return *this;
  }
  friend bool operator==(const WalkCount&, const WalkCount&) = default;
};

template <Edition E>
[[gnu::flatten]] WalkCount walk_copy_make(const Board& board, Color us, Bitboard pinned,
                                          int depth) {
  MoveList moves;
  board_pseudo_moves<E>(board, us, pinned, moves);
  WalkCount count;
  for (Move m : moves) {
    Board child = board;
    play_in_place(child, m);
    const FireResult fired = fire_on_board<E>(child, us, [](Square) {});
    ++count.moves;
    count.zaps += static_cast<std::uint64_t>(fired.zaps);
    if (depth == 1 || fired.king_zapped) {
      ++count.leaves;
      continue;
    }
    const Color them = kernel::opponent(us);
    count += walk_copy_make<E>(child, them, pins_from_beam<E>(child, them, fired.beam), depth - 1);
  }
  return count;
}

// kChecked: also verify that every undo restores the board exactly.
template <Edition E, bool kChecked = false>
[[gnu::flatten]] WalkCount walk_make_unmake(Board& board, Color us, Bitboard pinned, int depth) {
  MoveList moves;
  board_pseudo_moves<E>(board, us, pinned, moves);
  WalkCount count;
  for (Move m : moves) {
    [[maybe_unused]] Board before;
    if constexpr (kChecked) before = board;
    play_in_place(board, m);
    ZapRecord zapped;
    const FireResult fired =
        fire_on_board<E>(board, us, [&](Square sq) { zapped.record(board, sq); });
    ++count.moves;
    count.zaps += static_cast<std::uint64_t>(fired.zaps);
    if (depth == 1 || fired.king_zapped) {
      ++count.leaves;
    } else {
      const Color them = kernel::opponent(us);
      count += walk_make_unmake<E, kChecked>(board, them,
                                             pins_from_beam<E>(board, them, fired.beam), depth - 1);
    }
    zapped.restore(board);
    take_back_in_place(board, m);
    if constexpr (kChecked)
      if (!(board == before)) fail("make/unmake did not restore the board");
  }
  return count;
}

// kChecked: also verify that the Board generator matches the kernel's.
template <Edition E, bool kChecked = false>
[[gnu::flatten]] WalkCount walk_position(const Position& pos, int depth) {
  MoveList moves;
  board_pseudo_moves<E>(pos.board(), pos.side_to_move(), pos.pinned_pawns(), moves);
  if constexpr (kChecked) {
    MoveList reference;
    kernel::generate_pseudo_moves<E>(pos, reference);
    if (reference.size() != moves.size()) fail("board generator: wrong number of moves");
    for (int i = 0; i < moves.size(); ++i)
      if (!(reference[i] == moves[i])) fail("board generator: moves differ from the kernel's");
  }
  WalkCount count;
  for (Move m : moves) {
    Position child = pos;
    child.template make_move<E, false>(m);
    ++count.moves;
    count.zaps += static_cast<std::uint64_t>(kernel::popcount(child.last_zapped()));
    if (depth == 1 || child.is_game_over()) {
      ++count.leaves;
      continue;
    }
    count += walk_position<E, kChecked>(child, depth - 1);
  }
  return count;
}

constexpr int kWalkDepth = 3;

// The root of a walk: the start position and its side to move's pinned Pawns
// (the opponent's beam on the start board, as Position computes it).
struct WalkRoot {
  Position position;
  Board board;
  Color us;
  Bitboard pinned;
};

template <Edition E>
WalkRoot walk_root() {
  const Position pos = start_position(E);
  return {pos, pos.board(), pos.side_to_move(), pos.pinned_pawns()};
}

// Runs all three walks once, checked, and returns their common count; aborts
// if they disagree with each other or with kernel::perft.
template <Edition E>
WalkCount checked_walk_count() {
  const WalkRoot root = walk_root<E>();
  const WalkCount copy_make = walk_copy_make<E>(root.board, root.us, root.pinned, kWalkDepth);
  Board board = root.board;
  const WalkCount make_unmake = walk_make_unmake<E, true>(board, root.us, root.pinned, kWalkDepth);
  if (!(board == root.board)) fail("make/unmake walk did not restore the root board");
  const WalkCount position = walk_position<E, true>(root.position, kWalkDepth);

  const std::uint64_t perft = kernel::perft(
      root.position, nullptr, {kWalkDepth, kernel::PerftMode::kPseudo, /*threads=*/1});
  if (!(copy_make == make_unmake)) fail("copy-make and make/unmake walks differ");
  if (!(copy_make == position)) fail("Board and Position walks differ");
  if (copy_make.leaves != perft) fail("walk leaves differ from kernel::perft (pseudo)");
  return copy_make;
}

// Checked once per edition, before the first benchmark of that edition runs.
template <Edition E>
const WalkCount& walk_count() {
  static const WalkCount count = checked_walk_count<E>();
  return count;
}

void set_walk_counters(benchmark::State& state, const WalkCount& count) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(count.moves));
  state.counters["leaves"] = benchmark::Counter(static_cast<double>(count.leaves),
                                                benchmark::Counter::kIsIterationInvariantRate);
}

template <Edition E>
void BM_WalkCopyMakeBoard(benchmark::State& state) {
  const WalkCount& expected = walk_count<E>();
  const WalkRoot root = walk_root<E>();
  for (auto _ : state) {
    const WalkCount count = walk_copy_make<E>(root.board, root.us, root.pinned, kWalkDepth);
    benchmark::DoNotOptimize(count);
  }
  set_walk_counters(state, expected);
}

template <Edition E>
void BM_WalkMakeUnmakeBoard(benchmark::State& state) {
  const WalkCount& expected = walk_count<E>();
  const WalkRoot root = walk_root<E>();
  Board board = root.board;
  for (auto _ : state) {
    const WalkCount count = walk_make_unmake<E>(board, root.us, root.pinned, kWalkDepth);
    benchmark::DoNotOptimize(count);
  }
  if (!(board == root.board)) fail("make/unmake walk did not restore the root board");
  set_walk_counters(state, expected);
}

template <Edition E>
void BM_WalkCopyMakePosition(benchmark::State& state) {
  const WalkCount& expected = walk_count<E>();
  const WalkRoot root = walk_root<E>();
  for (auto _ : state) {
    const WalkCount count = walk_position<E>(root.position, kWalkDepth);
    benchmark::DoNotOptimize(count);
  }
  set_walk_counters(state, expected);
}

BENCHMARK_TEMPLATE(BM_MakeMove, Edition::k2016, false)->Name("make/make_move/2016");
BENCHMARK_TEMPLATE(BM_MakeMove, Edition::k2018, false)->Name("make/make_move/2018");
BENCHMARK_TEMPLATE(BM_MakeMove, Edition::k2016, true)->Name("make/make_move_key/2016");
BENCHMARK_TEMPLATE(BM_MakeMove, Edition::k2018, true)->Name("make/make_move_key/2018");

BENCHMARK_TEMPLATE(BM_WalkCopyMakeBoard, Edition::k2016)
    ->Name("make_strategy/copy_make_board/2016")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_WalkMakeUnmakeBoard, Edition::k2016)
    ->Name("make_strategy/make_unmake_board/2016")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_WalkCopyMakePosition, Edition::k2016)
    ->Name("make_strategy/copy_make_position/2016")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_WalkCopyMakeBoard, Edition::k2018)
    ->Name("make_strategy/copy_make_board/2018")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_WalkMakeUnmakeBoard, Edition::k2018)
    ->Name("make_strategy/make_unmake_board/2018")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_WalkCopyMakePosition, Edition::k2018)
    ->Name("make_strategy/copy_make_position/2018")
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace leiser::microbench

BENCHMARK_MAIN();
