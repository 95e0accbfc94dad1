// Move generation and move counting for both editions.
//
// "Pseudo" moves are every move the movement rules allow (2016: pinned Pawns
// excluded, the null move always generated). "Legal" moves are the pseudo
// moves that pass the Ko rule and, in 2016, change the board. Both sets are
// defined in RULES.md; legality needs the board that stood before the
// opponent's most recent move (`previous`, or nullptr when there is none).
#pragma once

#include <array>
#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/edition.h"
#include "kernel/laser.h"
#include "kernel/move.h"
#include "kernel/position.h"
#include "simd/bit_columns.h"
#include "simd/packed_lanes.h"

namespace leiser::kernel {

namespace detail {
constexpr std::array<std::uint8_t, 64> make_neighbour_counts() {
  std::array<std::uint8_t, 64> counts{};
  for (int sq = 0; sq < 64; ++sq) counts[sq] = static_cast<std::uint8_t>(popcount(kNeighbours[sq]));
  return counts;
}
}  // namespace detail
inline constexpr std::array<std::uint8_t, 64> kNeighbourCounts = detail::make_neighbour_counts();

// Pieces of the side to move that may move (everything but pinned Pawns).
inline Bitboard movable_pieces(const Position& pos) {
  return pos.board().pieces(pos.side_to_move()) & ~pos.pinned_pawns();
}

namespace detail {
// The pseudo moves of the piece on `from` (a movable piece of the side to
// move), in generation order; with kOffPath, only those whose
// squares_touched() meets `path`, for a piece that is not on `path` itself
// (so its rotations and null move never do). One function for both, so that
// the movement rules are written once.
template <Edition E, bool kOffPath>
inline void generate_piece_moves(const Position& pos, Square from, Bitboard path, MoveList& list) {
  const Board& board = pos.board();
  constexpr bool all = !kOffPath;
  auto touches = [&](int sq) { return all || (path & bit(static_cast<Square>(sq))); };
  if (all)
    for (Rotation r : {kRotateRight, kRotateUTurn, kRotateLeft}) list.push(Move::rotation(from, r));
  if constexpr (E == Edition::k2016) {
    for (int dir = 0; dir < kDirectionCount; ++dir) {
      const int to = kSteps[from][dir];
      if (to >= 0 && touches(to)) list.push(Move::shift(from, dir));
    }
    if (all && (board.kings & bit(from))) list.push(Move::null_move(from));
  } else {
    const Bitboard empty = board.empty();
    const Bitboard enemies = board.pieces(opponent(pos.side_to_move()));
    for (int dir = 0; dir < kDirectionCount; ++dir) {
      const int to = kSteps[from][dir];
      if (to < 0) continue;
      if (empty & bit(static_cast<Square>(to))) {
        if (touches(to)) list.push(Move::shift(from, dir));
      } else if (enemies & bit(static_cast<Square>(to))) {
        // After the swap our piece stands on `to` and the enemy on `from`,
        // so the squares empty around `to` are the ones empty now.
        const bool to_touched = touches(to);
        if (to_touched)
          for (Rotation r : {kRotateRight, kRotateUTurn, kRotateLeft})
            list.push(Move::swap_rotate(from, dir, r));
        for (int dir2 = 0; dir2 < kDirectionCount; ++dir2) {
          const int next = kSteps[to][dir2];
          if (next >= 0 && (empty & bit(static_cast<Square>(next))) &&
              (to_touched || touches(next)))
            list.push(Move::swap_shift(from, dir, dir2));
        }
      }
    }
  }
}
}  // namespace detail

// Appends the pseudo moves of the piece on `from`, which must be a movable
// piece of the side to move.
template <Edition E>
inline void generate_piece_moves(const Position& pos, Square from, MoveList& list) {
  detail::generate_piece_moves<E, false>(pos, from, 0, list);
}

// Appends, in generate_pseudo_moves order, exactly those pseudo moves whose
// squares_touched() meets `path`: the list generate_pseudo_moves would give,
// filtered. Quiescence asks for the moves that can change its laser's path;
// most pieces near the path have only a shift or two onto it, so generating
// only those (instead of every move, then testing each) saves most of the
// list. Does not clear `list`.
template <Edition E>
inline void generate_moves_touching_plain(const Position& pos, Bitboard path, MoveList& list) {
  if (pos.is_game_over()) return;
  Bitboard reach = path | neighbours(path);
  // A 2018 swap-shift touches a square two steps from its piece.
  if constexpr (E == Edition::k2018) reach |= neighbours(reach);
  for (Bitboard pieces = movable_pieces(pos) & reach; pieces;) {
    const Square from = pop_lowest(pieces);
    // Every move touches its own square, so a piece on the path keeps them all.
    if (path & bit(from))
      detail::generate_piece_moves<E, false>(pos, from, path, list);
    else
      detail::generate_piece_moves<E, true>(pos, from, path, list);
  }
}

// 2016 move generation in the wide cores (simd::kPackedLanesInVectors): the
// shift moves of a piece are the eight directions' moves of one 128-bit
// template (from | dir << 6 | kShift << 14) packed by one pshufb to the
// directions that are wanted, and stored in one go
// (simd/packed_lanes.h); the directions a quiescence path wants come out of
// two 256-bit registers holding the path shifted back by each direction
// (simd/bit_columns.h). The plain generator (detail::generate_piece_moves)
// writes the same moves in the same order and stays the reference.
namespace detail {
// kOnBoardDirections[sq]: bit dir set when the square one step from sq in
// direction dir is on the board.
constexpr std::array<std::uint8_t, 64> make_on_board_directions() {
  std::array<std::uint8_t, 64> table{};
  for (int sq = 0; sq < 64; ++sq)
    for (int dir = 0; dir < kDirectionCount; ++dir)
      if (kSteps[sq][dir] >= 0) table[sq] |= static_cast<std::uint8_t>(1 << dir);
  return table;
}
inline constexpr std::array<std::uint8_t, 64> kOnBoardDirections = make_on_board_directions();

// The 2016 move lists are short (at most 8 pieces * 11 moves + 1), so a
// 16-byte store at end() always stays inside the list's storage.
static_assert(8 * 11 + 1 + 8 <= kMaxMoves);

// Appends Move::shift(from, dir) for every direction dir in `directions`, in
// direction order.
[[gnu::always_inline]] inline void push_shifts_2016(Square from, unsigned directions,
                                                    MoveList& list) {
  static_assert(static_cast<int>(MoveKind::kShift) == 1 && sizeof(Move) == 2);
  simd::pack_indexed_lanes16<6, 1 << 14>(static_cast<void*>(list.end()), from, directions);
  list.extend(std::popcount(directions));
}

// Every pseudo move of a movable 2016 piece, as generate_piece_moves<k2016>.
[[gnu::always_inline]] inline void push_piece_moves_2016(const Board& board, Square from,
                                                         MoveList& list) {
  // The three rotations R, U, L (from | r << 12, kind kRotate = 0), stored
  // as one 8-byte word of four moves of which three are kept.
  const std::uint64_t rotations = (std::uint64_t{from} | 1u << 12) |
                                  (std::uint64_t{from} | 2u << 12) << 16 |
                                  (std::uint64_t{from} | 3u << 12) << 32;
  __builtin_memcpy(static_cast<void*>(list.end()), &rotations, sizeof rotations);
  list.extend(3);
  push_shifts_2016(from, kOnBoardDirections[from], list);
  if (board.kings & bit(from)) list.push(Move::null_move(from));
}
}  // namespace detail

// Appends, in generate_pseudo_moves order, exactly those pseudo moves whose
// squares_touched() meets `path` (generate_moves_touching_plain); the 2016
// generator of the AVX2 cores packs the moves with vector instructions.
template <Edition E>
inline void generate_moves_touching(const Position& pos, Bitboard path, MoveList& list) {
  if constexpr (E == Edition::k2016 && simd::kPackedLanesInVectors) {
    if (pos.is_game_over()) return;
    const Bitboard reach = path | neighbours(path);
    // Lane dir of `wanted` holds the path moved one step against dir, so its
    // bit `from` is set when the square one step from `from` towards dir is
    // on the path (shift() drops what would wrap around an edge).
    const std::uint64_t shifted_paths[8] = {shift(path, kS),  shift(path, kSW), shift(path, kW),
                                            shift(path, kNW), shift(path, kN),  shift(path, kNE),
                                            shift(path, kE),  shift(path, kSE)};
    const simd::BitColumns wanted(shifted_paths);
    const Board& board = pos.board();
    for (Bitboard pieces = movable_pieces(pos) & reach; pieces;) {
      const Square from = pop_lowest(pieces);
      // Every move touches its own square, so a piece on the path keeps them all.
      if (path & bit(from)) {
        detail::push_piece_moves_2016(board, from, list);
        continue;
      }
      const unsigned directions = wanted.bits_at(from);
      if (directions) detail::push_shifts_2016(from, directions, list);
    }
    return;
  }
  generate_moves_touching_plain<E>(pos, path, list);
}

template <Edition E>
inline void generate_pseudo_moves(const Position& pos, MoveList& list) {
  list.clear();
  if (pos.is_game_over()) return;
  if constexpr (E == Edition::k2016 && simd::kPackedLanesInVectors) {
    for (Bitboard pieces = movable_pieces(pos); pieces;)
      detail::push_piece_moves_2016(pos.board(), pop_lowest(pieces), list);
    return;
  }
  for (Bitboard pieces = movable_pieces(pos); pieces;)
    generate_piece_moves<E>(pos, pop_lowest(pieces), list);
}

// The number of pseudo moves, without generating them (perft's last ply).
template <Edition E>
inline std::uint64_t count_pseudo_moves(const Position& pos) {
  if (pos.is_game_over()) return 0;
  const Board& board = pos.board();
  Bitboard movers = movable_pieces(pos);
  std::uint64_t count = 0;
  if constexpr (E == Edition::k2016) {
    count = 1;  // the null move
    while (movers) count += 3 + kNeighbourCounts[pop_lowest(movers)];
  } else {
    const Bitboard empty = board.empty();
    while (movers) {
      const Square from = pop_lowest(movers);
      count += 3 + popcount(kNeighbours[from] & empty);
    }
    // Each (our piece, adjacent enemy) pair gives one swap-move per follow-up:
    // 3 rotations plus a shift to each empty square around the enemy's square.
    const Bitboard ours = board.pieces(pos.side_to_move());
    for (Bitboard enemies = board.pieces(opponent(pos.side_to_move())); enemies;) {
      const Square target = pop_lowest(enemies);
      const int swappers = popcount(kNeighbours[target] & ours);
      if (swappers) count += swappers * (3 + popcount(kNeighbours[target] & empty));
    }
  }
  return count;
}

// Whether the pseudo move that turned `parent` into `child` is legal.
template <Edition E>
inline bool is_legal_result(const Position& parent, const Position& child, const Board* previous) {
  if (E == Edition::k2016 && child.board() == parent.board()) return false;
  return previous == nullptr || !(child.board() == *previous);
}

template <Edition E>
inline void generate_legal_moves(const Position& pos, const Board* previous, MoveList& list) {
  generate_pseudo_moves<E>(pos, list);
  int kept = 0;
  for (int i = 0; i < list.size(); ++i) {
    Position child = pos;
    child.template make_move<E, false>(list[i]);
    if (is_legal_result<E>(pos, child, previous)) list.begin()[kept++] = list[i];
  }
  list.truncate(kept);
}

// The pieces whose moves may recreate `previous` (Ko). A move restores it
// only if nothing was zapped since (the piece counts match) and its
// from-square is one where the boards differ; other moves either keep the
// from-square as it is now, or zap something. Empty without a Ko board.
// `movers` is movable_pieces(pos).
inline Bitboard ko_candidates(const Position& pos, const Board* previous, Bitboard movers) {
  const Board& board = pos.board();
  if (previous == nullptr || popcount(previous->occupied()) != popcount(board.occupied())) return 0;
  const Bitboard differ =
      (previous->by_color[0] ^ board.by_color[0]) | (previous->by_color[1] ^ board.by_color[1]) |
      (previous->kings ^ board.kings) | (previous->orientation_low ^ board.orientation_low) |
      (previous->orientation_high ^ board.orientation_high);
  return differ & movers;
}

// The number of legal moves, computed as pseudo moves minus the few that can
// be illegal, so that perft's last ply makes almost no moves.
template <Edition E>
inline std::uint64_t count_legal_moves(const Position& pos, const Board* previous) {
  std::uint64_t count = count_pseudo_moves<E>(pos);
  if (count == 0) return 0;
  const Board& board = pos.board();
  const Color us = pos.side_to_move();
  const Bitboard movers = movable_pieces(pos);
  if constexpr (E == Edition::k2016) {
    // A null move, or a swap of two identical pieces, leaves the board as it
    // is; such a move is legal only if our laser zaps something on this board.
    if (trace_laser(board, us).end == LaserEnd::kOffBoard) {
      std::uint64_t unchanged = 1;
      const Bitboard our_pawns = board.pawns(us);
      for (Bitboard pawns = movers & our_pawns; pawns;) {
        const Square from = pop_lowest(pawns);
        unchanged += popcount(kNeighbours[from] & our_pawns &
                              board.with_orientation(board.orientation_at(from)));
      }
      count -= unchanged;
    }
  }
  for (Bitboard candidates = ko_candidates(pos, previous, movers); candidates;) {
    MoveList list;
    generate_piece_moves<E>(pos, pop_lowest(candidates), list);
    for (Move m : list) {
      Position child = pos;
      child.template make_move<E, false>(m);
      if (child.board() == *previous) --count;
    }
  }
  return count;
}

// Run-time edition dispatch for callers outside hot loops.
void generate_pseudo_moves(const Position& pos, MoveList& list);
void generate_legal_moves(const Position& pos, const Board* previous, MoveList& list);

}  // namespace leiser::kernel
