// A deliberately plain reference model of Leiserchess (RULES.md, editions
// 2016 and 2018), used only by the tests to cross-check the fast kernel.
//
// It shares no code with the kernel on purpose: a mailbox board, plain loops,
// and every move applied to a full copy of the board. It is slow and meant to
// be obviously right, not fast.
//
// Board layout: square index = 8 * rank + file, file a..h = 0..7, rank 0..7
// (rank 0 is Tangerine's back rank). Each square holds at most one piece.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace leiser::plain {

enum class Edition { k2016, k2018 };
enum class Result { kOngoing, kTangerineWins, kLavenderWins, kDrawFiftyMoves, kDrawRepetition };

namespace detail {

// colour: 0 = Tangerine (upper case in FEN, moves first), 1 = Lavender.
// orientation: Kings 0..3 = N E S W, Pawns 0..3 = NW NE SE SW; adding 1
// (mod 4) is a clockwise quarter turn for both kinds.
// Small integer fields keep a whole board at 256 bytes, cheap to copy.
struct Piece {
  std::uint8_t colour = 0;
  bool is_king = false;
  std::uint8_t orientation = 0;
  friend bool operator==(const Piece&, const Piece&) = default;
};

using Board = std::array<std::optional<Piece>, 64>;

}  // namespace detail

class Model {
 public:
  // Parses "<board> <W|B>" (RULES.md FEN). Returns std::nullopt and sets *error on bad input.
  static std::optional<Model> from_fen(std::string_view fen, Edition edition, std::string* error);
  std::string fen() const;  // canonical FEN, same format as parsed
  Edition edition() const;
  std::vector<std::string> legal_moves() const;  // sorted, notation of RULES.md; empty if game over
  std::vector<std::string> pseudo_moves()
      const;  // sorted; the "pseudo" move set of RULES.md's Perft section; empty if game over
  bool play(
      std::string_view move);  // plays a move from legal_moves(); false (and no change) otherwise
  bool play_pseudo(
      std::string_view move);  // plays a move from pseudo_moves() (no Ko / unchanged-board check)
  std::vector<int> last_zapped()
      const;  // squares zapped by the last move played, in the order they were zapped
  Result result() const;
  int plies_since_pawn_zap() const;
  std::uint64_t perft(int depth, bool pseudo) const;  // RULES.md perft semantics

 private:
  struct Position {
    detail::Board board;
    int side_to_move;
  };

  explicit Model(Edition edition) : edition_(edition) {}
  bool play_move(std::string_view move, bool pseudo);

  Edition edition_;
  detail::Board board_{};
  int side_to_move_ = 0;
  // Every position of the game, the from_fen one first and the current one
  // last: Ko needs the one before the current, repetition needs them all.
  std::vector<Position> history_;
  int plies_since_pawn_zap_ = 0;
  std::vector<int> last_zapped_;
  Result result_ = Result::kOngoing;
};

}  // namespace leiser::plain
