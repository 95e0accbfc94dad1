// A game: a start position and the moves played since, with the history the
// rules need (Ko looks one position back, repetition looks at all of it).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "kernel/edition.h"
#include "kernel/expected.h"
#include "kernel/move.h"
#include "kernel/position.h"

namespace leiser::kernel {

enum class GameResult : std::uint8_t {
  kOngoing,
  kTangerineWins,   // Lavender's King was zapped
  kLavenderWins,    // Tangerine's King was zapped
  kDrawFiftyMoves,  // 50 moves by each side without a Pawn zapped
  kDrawRepetition,  // the same board and side to move for the third time
};

// "1-0", "0-1", "1/2-1/2" or "*".
std::string_view result_score(GameResult r);
// A short phrase saying why the game ended, for game records.
std::string_view result_reason(GameResult r);

class Game {
 public:
  explicit Game(const Position& start);
  static Game start(Edition edition);
  static Expected<Game> from_fen(std::string_view fen, Edition edition);

  Edition edition() const { return positions_.front().edition(); }
  const Position& position() const { return positions_.back(); }
  const Position& start_position() const { return positions_.front(); }
  const std::vector<Move>& moves() const { return moves_; }
  // Every position of the game, the start first and the current one last.
  const std::vector<Position>& history() const { return positions_; }
  // The board before the opponent's most recent move, for the Ko rule, or
  // nullptr at the start or when Ko is switched off.
  const Board* ko_board() const;
  void set_use_ko(bool use_ko) { use_ko_ = use_ko; }
  bool use_ko() const { return use_ko_; }

  MoveList legal_moves() const;
  bool is_legal(Move m) const;
  // Reads a move and checks it is legal here; the error says why not.
  Expected<Move> parse_move(std::string_view text) const;
  // Plays a legal move (checked: an illegal move is refused with an error
  // and the game is unchanged).
  Expected<GameResult> play(Move m);
  Expected<GameResult> play(std::string_view text);
  // Plays a sequence of moves; stops at the first bad one, reporting it,
  // with the moves before it kept.
  Expected<GameResult> play_all(const std::vector<std::string>& texts);
  // Takes back the last move (no effect at the start).
  void undo();

  GameResult result() const { return result_; }
  bool is_over() const { return result_ != GameResult::kOngoing; }
  // How often the current board with the current side to move has stood in
  // this game, counting now.
  int repetitions() const;

 private:
  GameResult compute_result() const;
  std::string explain_illegal(Move m) const;

  std::vector<Position> positions_;
  std::vector<Move> moves_;
  GameResult result_ = GameResult::kOngoing;
  bool use_ko_ = true;
};

}  // namespace leiser::kernel
