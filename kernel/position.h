// A position: the board, whose turn it is, and what the rules need to know
// about how we got here. Positions are small values (one cache line) and the
// kernel uses copy-make: a child position is a copy of its parent with one
// move applied. The measurement behind that choice: perf-reports/make-strategy.md.
#pragma once

#include <cstdint>

#include "kernel/bitboard.h"
#include "kernel/board.h"
#include "kernel/edition.h"
#include "kernel/laser.h"
#include "kernel/move.h"
#include "kernel/piece.h"
#include "kernel/zobrist.h"

namespace leiser::kernel {

enum class GameStatus : std::uint8_t { kOngoing, kTangerineWins, kLavenderWins };

// Aligned to a cache line: the wide cores load the board's planes 32 bytes at
// a time, and a Position copied onto the stack at a random offset (the stack's
// address changes from run to run) split those loads across cache lines in
// some runs; 2016 pseudo perft 5 under the avx2 core ran at 7.3 G leaves/s in
// those runs and 12 G in the others (perf-reports/search-experiments.md).
class alignas(64) Position {
 public:
  Position() = default;
  // A position with no history. Both Kings must be on the board.
  Position(const Board& board, Color side_to_move, Edition edition);

  const Board& board() const { return board_; }
  Color side_to_move() const { return side_to_move_; }
  Edition edition() const { return edition_; }
  // Zobrist key of the board and side to move, kept up to date incrementally.
  Key key() const { return key_; }
  // Plies played since a Pawn was last zapped (the 50-move rule counts 100).
  int plies_since_pawn_zap() const { return plies_since_pawn_zap_; }
  GameStatus status() const { return status_; }
  bool is_game_over() const { return status_ != GameStatus::kOngoing; }
  // Squares zapped by the move that produced this position (in 2016 possibly
  // several); empty for a position built from a board.
  Bitboard last_zapped() const { return last_zapped_; }
  // 2016: Pawns of the side to move that stand on the opponent's beam and so
  // may not move or rotate. Always empty in 2018, which has no pins.
  Bitboard pinned_pawns() const {
    return edition_ == Edition::k2016 ? opponent_beam_ & board_.pawns(side_to_move_) : 0;
  }

  // 2016: the opponent's beam on this board, traced when the position was
  // made (the pin mask's source). Only maintained in 2016.
  Bitboard opponent_beam_2016() const { return opponent_beam_; }

  // Plays m (which must be pseudo-legal here) and fires the mover's laser.
  // kUpdateKey = false skips the Zobrist update, for perft.
  template <Edition E, bool kUpdateKey = true>
  void make_move(Move m);
  // The same, choosing the edition at run time.
  void make_move(Move m);
  // make_move for a caller that has already applied m to a copy of the board
  // (`moved`, from apply_move) and traced the mover's laser on it (`trace`,
  // from trace_laser): the same result, without doing that work twice.
  template <Edition E, bool kUpdateKey = true>
  void make_move_traced(Move m, const Board& moved, const LaserTrace& trace);
  // Hands the turn to the opponent without moving or firing: not a move of
  // the game, but the "null move" of null-move pruning in search.
  void pass_turn();

 private:
  template <Edition E, bool kUpdateKey>
  void fire_laser(Key& key, LaserTrace trace);

  Board board_;
  Key key_ = 0;
  // 2016: the opponent's beam traced once on this board (the pin mask).
  Bitboard opponent_beam_ = 0;
  Bitboard last_zapped_ = 0;
  std::uint16_t plies_since_pawn_zap_ = 0;
  Color side_to_move_ = Color::kTangerine;
  Edition edition_ = kDefaultEdition;
  GameStatus status_ = GameStatus::kOngoing;
};

// The squares whose contents a move changes before the laser fires.
constexpr Bitboard squares_touched(Move m) {
  const Square from = m.from();
  switch (m.kind()) {
    case MoveKind::kRotate:
      return bit(from);
    case MoveKind::kShift:
      return bit(from) | bit(static_cast<Square>(kSteps[from][m.direction()]));
    case MoveKind::kSwapRotate:
      return bit(from) | bit(static_cast<Square>(kSteps[from][m.direction()]));
    case MoveKind::kSwapShift: {
      const Square mid = static_cast<Square>(kSteps[from][m.direction()]);
      return bit(from) | bit(mid) | bit(static_cast<Square>(kSteps[mid][m.second_direction()]));
    }
  }
  return 0;
}

// Applies the movement part of a move to a board (the laser does not fire).
// A shift to an empty square is an exchange with nothing; in 2016 a shift
// onto a piece is an exchange of the two pieces.
[[gnu::always_inline]] constexpr void apply_move(Board& board, Move m) {
  const Square from = m.from();
  switch (m.kind()) {
    case MoveKind::kRotate:
      board.rotate(from, m.rotation());  // rotation 0 (2016 null move) changes nothing
      break;
    case MoveKind::kShift:
      board.exchange(from, static_cast<Square>(kSteps[from][m.direction()]));
      break;
    case MoveKind::kSwapShift: {
      const Square mid = static_cast<Square>(kSteps[from][m.direction()]);
      board.exchange(from, mid);
      board.exchange(mid, static_cast<Square>(kSteps[mid][m.second_direction()]));
      break;
    }
    case MoveKind::kSwapRotate: {
      const Square mid = static_cast<Square>(kSteps[from][m.direction()]);
      board.exchange(from, mid);
      board.rotate(mid, m.rotation());
      break;
    }
  }
}

namespace detail {
// The Zobrist keys of the (up to three) squares a move touches, on `board`.
// Squares are spelled out per kind rather than looped over, which measured
// faster.
[[gnu::always_inline]] inline Key touched_square_keys(const Board& board, Move m) {
  const Square from = m.from();
  const MoveKind kind = m.kind();
  const Square mid =
      kind == MoveKind::kRotate ? from : static_cast<Square>(kSteps[from][m.direction()]);
  const Square to =
      kind == MoveKind::kSwapShift ? static_cast<Square>(kSteps[mid][m.second_direction()]) : from;
  Key k = square_key(board, from);
  if (mid != from) k ^= square_key(board, mid);
  if (to != from) k ^= square_key(board, to);
  return k;
}
}  // namespace detail

template <Edition E, bool kUpdateKey>
inline void Position::make_move(Move m) {
  Key key = key_;
  // Only the touched squares change: remove their old keys, add the new ones.
  if constexpr (kUpdateKey) key ^= detail::touched_square_keys(board_, m);
  apply_move(board_, m);
  if constexpr (kUpdateKey) key ^= detail::touched_square_keys(board_, m);
  fire_laser<E, kUpdateKey>(key, trace_laser(board_, side_to_move_));
  side_to_move_ = opponent(side_to_move_);
  if constexpr (kUpdateKey) key_ = key ^ kZobrist.lavender_to_move;
}

template <Edition E, bool kUpdateKey>
inline void Position::make_move_traced(Move m, const Board& moved, const LaserTrace& trace) {
  Key key = key_;
  if constexpr (kUpdateKey)
    key ^= detail::touched_square_keys(board_, m) ^ detail::touched_square_keys(moved, m);
  board_ = moved;
  fire_laser<E, kUpdateKey>(key, trace);
  side_to_move_ = opponent(side_to_move_);
  if constexpr (kUpdateKey) key_ = key ^ kZobrist.lavender_to_move;
}

template <Edition E, bool kUpdateKey>
inline void Position::fire_laser(Key& key, LaserTrace trace) {
  Bitboard zapped = 0;
  bool pawn_zapped = false;
  while (trace.end != LaserEnd::kOffBoard) {
    zapped |= bit(trace.target);
    if constexpr (kUpdateKey) key ^= square_key(board_, trace.target);
    if (trace.end == LaserEnd::kZapsKing) {
      status_ = (board_.by_color[0] & bit(trace.target)) ? GameStatus::kLavenderWins
                                                         : GameStatus::kTangerineWins;
      board_.remove(trace.target);
      break;
    }
    board_.remove(trace.target);
    pawn_zapped = true;
    if constexpr (E == Edition::k2018) break;  // 2018: one zap per turn
    // 2016 multi-zap: the King fires again, from scratch, on the new board.
    // Resuming from the zapped square would be wrong: the beam may have
    // bounced off that Pawn's mirror earlier on the same path.
    trace = trace_laser(board_, side_to_move_);
  }
  // The final 2016 beam zapped nothing, so it is the beam that pins the
  // opponent's Pawns on the new board.
  if constexpr (E == Edition::k2016) opponent_beam_ = trace.path;
  last_zapped_ = zapped;
  plies_since_pawn_zap_ = pawn_zapped ? 0 : static_cast<std::uint16_t>(plies_since_pawn_zap_ + 1);
}

}  // namespace leiser::kernel
