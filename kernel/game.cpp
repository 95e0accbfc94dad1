#include "kernel/game.h"

#include <algorithm>

#include "kernel/fen.h"
#include "kernel/movegen.h"
#include "kernel/notation.h"

namespace leiser::kernel {

std::string_view result_score(GameResult r) {
  switch (r) {
    case GameResult::kTangerineWins:
      return "1-0";
    case GameResult::kLavenderWins:
      return "0-1";
    case GameResult::kDrawFiftyMoves:
    case GameResult::kDrawRepetition:
      return "1/2-1/2";
    case GameResult::kOngoing:
      break;
  }
  return "*";
}

std::string_view result_reason(GameResult r) {
  switch (r) {
    case GameResult::kTangerineWins:
      return "Lavender's King zapped";
    case GameResult::kLavenderWins:
      return "Tangerine's King zapped";
    case GameResult::kDrawFiftyMoves:
      return "50 moves without a Pawn zapped";
    case GameResult::kDrawRepetition:
      return "threefold repetition";
    case GameResult::kOngoing:
      break;
  }
  return "game in progress";
}

Game::Game(const Position& start) { positions_.push_back(start); }

Game Game::start(Edition edition) { return Game(parse_fen(start_fen(edition), edition).value()); }

Expected<Game> Game::from_fen(std::string_view fen, Edition edition) {
  auto pos = parse_fen(fen, edition);
  if (!pos) return Error{pos.error()};
  return Game(*pos);
}

const Board* Game::ko_board() const {
  if (!use_ko_ || positions_.size() < 2) return nullptr;
  return &positions_[positions_.size() - 2].board();
}

MoveList Game::legal_moves() const {
  MoveList list;
  if (is_over()) return list;
  generate_legal_moves(position(), ko_board(), list);
  return list;
}

bool Game::is_legal(Move m) const {
  const MoveList list = legal_moves();
  return std::find(list.begin(), list.end(), m) != list.end();
}

std::string Game::explain_illegal(Move m) const {
  const Position& pos = position();
  const Board& board = pos.board();
  const Color us = pos.side_to_move();
  const Square from = m.from();
  const std::string text = move_to_string(m);
  const std::string prefix = "illegal move '" + text + "': ";
  if (is_over()) return prefix + "the game is over (" + std::string(result_reason(result_)) + ")";
  if (!(board.pieces(us) & bit(from)))
    return prefix + "no " + color_name(us) + " piece on " + square_name(from);
  if (pos.pinned_pawns() & bit(from))
    return prefix + "the Pawn on " + square_name(from) + " is pinned by " +
           color_name(opponent(us)) + "'s laser";
  const bool is_2016 = pos.edition() == Edition::k2016;
  if (m.is_null())
    return prefix + (is_2016 ? (board.kings & bit(from) ? "the null move must zap something"
                                                        : "only the King may make a null move")
                             : "the 2018 edition has no null move");
  if (m.is_swap_move() && is_2016)
    return prefix + "the 2016 edition has no swap-moves (a shift onto a piece swaps)";
  if (m.kind() != MoveKind::kRotate) {
    const Square to = static_cast<Square>(kSteps[from][m.direction()]);
    if (m.kind() == MoveKind::kShift && !is_2016 && (board.occupied() & bit(to)))
      return prefix + square_name(to) + " is occupied (a 2018 shift needs an empty square; " +
             "a swap-move names three squares, e.g. " + square_name(from) + square_name(to) + "R)";
    if (m.is_swap_move() && !(board.pieces(opponent(us)) & bit(to)))
      return prefix + "no " + color_name(opponent(us)) + " piece on " + square_name(to) +
             " to swap with";
    if (m.kind() == MoveKind::kSwapShift) {
      const Square dest = static_cast<Square>(kSteps[to][m.second_direction()]);
      if (board.occupied() & bit(dest))
        return prefix + square_name(dest) +
               " is occupied (the shift after a swap needs an empty square)";
    }
  }
  MoveList pseudo;
  generate_pseudo_moves(pos, pseudo);
  if (std::find(pseudo.begin(), pseudo.end(), m) != pseudo.end()) {
    Position child = pos;
    child.make_move(m);
    if (child.board() == board) return prefix + "it leaves the board unchanged";
    return prefix + "Ko: it would recreate the board before " + color_name(opponent(us)) +
           "'s last move";
  }
  return prefix + "not a legal move here";
}

Expected<Move> Game::parse_move(std::string_view text) const {
  auto parsed = parse_move_text(text);
  if (!parsed) return Error{parsed.error()};
  if (!is_legal(*parsed)) return Error{explain_illegal(*parsed)};
  return *parsed;
}

Expected<GameResult> Game::play(Move m) {
  if (!is_legal(m)) return Error{explain_illegal(m)};
  Position next = position();
  next.make_move(m);
  positions_.push_back(next);
  moves_.push_back(m);
  result_ = compute_result();
  return result_;
}

Expected<GameResult> Game::play(std::string_view text) {
  auto m = parse_move(text);
  if (!m) return Error{m.error()};
  return play(*m);
}

Expected<GameResult> Game::play_all(const std::vector<std::string>& texts) {
  for (const std::string& text : texts) {
    auto r = play(text);
    if (!r) return r;
  }
  return result_;
}

void Game::undo() {
  if (moves_.empty()) return;
  positions_.pop_back();
  moves_.pop_back();
  result_ = compute_result();
}

int Game::repetitions() const {
  const Position& now = position();
  return static_cast<int>(
      std::count_if(positions_.begin(), positions_.end(), [&](const Position& p) {
        return p.key() == now.key() && p.side_to_move() == now.side_to_move() &&
               p.board() == now.board();
      }));
}

GameResult Game::compute_result() const {
  const Position& pos = position();
  switch (pos.status()) {
    case GameStatus::kTangerineWins:
      return GameResult::kTangerineWins;
    case GameStatus::kLavenderWins:
      return GameResult::kLavenderWins;
    case GameStatus::kOngoing:
      break;
  }
  if (pos.plies_since_pawn_zap() >= 100) return GameResult::kDrawFiftyMoves;
  if (repetitions() >= 3) return GameResult::kDrawRepetition;
  return GameResult::kOngoing;
}

}  // namespace leiser::kernel
