#include "tests/support/plain_model.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace leiser::plain {
namespace {

using detail::Board;
using detail::Piece;

constexpr int kTangerine = 0;
constexpr int kLavender = 1;

int file_of(int square) { return square % 8; }
int rank_of(int square) { return square / 8; }
int square_at(int file, int rank) { return 8 * rank + file; }
bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

std::string square_name(int square) {
  std::string name;
  name += static_cast<char>('a' + file_of(square));
  name += static_cast<char>('0' + rank_of(square));
  return name;
}

// Beam directions share the King orientation numbering: 0 N, 1 E, 2 S, 3 W.
constexpr int kFileStep[4] = {0, 1, 0, -1};
constexpr int kRankStep[4] = {1, 0, -1, 0};

// The eight neighbours used by shifts and swaps.
constexpr int kNeighbourFile[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
constexpr int kNeighbourRank[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

// RULES.md's laser table, transcribed row by row: [beam direction][Pawn
// orientation NW NE SE SW] -> new beam direction, or kZap.
constexpr int kZap = -1;
constexpr int kN = 0, kE = 1, kS = 2, kW = 3;
constexpr int kReflect[4][4] = {
    /* north */ {kZap, kZap, kE, kW},
    /* east  */ {kN, kZap, kZap, kS},
    /* south */ {kW, kE, kZap, kZap},
    /* west  */ {kZap, kN, kS, kZap},
};

// Rotation letters as quarter turns clockwise.
int quarter_turns(char rotation) {
  switch (rotation) {
    case 'R':
      return 1;
    case 'U':
      return 2;
    case 'L':
      return 3;
  }
  std::abort();  // only ever called with the three letters generated below
}
constexpr char kRotations[3] = {'L', 'R', 'U'};

enum class Kind { kRotate, kShift, kNull, kSwapShift, kSwapRotate };

// from: the moving piece's square; via: the swapped square of a 2018
// swap-move; to: the shift's target; rotation: 'L', 'R' or 'U'.
struct Move {
  Kind kind = Kind::kNull;
  int from = 0;
  int via = 0;
  int to = 0;
  char rotation = 0;
};

std::string notation(const Move& move) {
  switch (move.kind) {
    case Kind::kRotate:
      return square_name(move.from) + move.rotation;
    case Kind::kShift:
      return square_name(move.from) + square_name(move.to);
    case Kind::kNull:
      return square_name(move.from) + square_name(move.from);
    case Kind::kSwapShift:
      return square_name(move.from) + square_name(move.via) + square_name(move.to);
    case Kind::kSwapRotate:
      return square_name(move.from) + square_name(move.via) + move.rotation;
  }
  std::abort();
}

// -1 when that side has no King, i.e. it has been zapped.
int find_king(const Board& board, int colour) {
  for (int square = 0; square < 64; ++square) {
    if (board[square] && board[square]->is_king && board[square]->colour == colour) return square;
  }
  return -1;
}

bool game_over_on(const Board& board) {
  return find_king(board, kTangerine) < 0 || find_king(board, kLavender) < 0;
}

// Follows the beam of the King on king_square and returns the square of the
// first piece it zaps, or nothing if it leaves the board. Every square the
// beam enters (the zapped one included) is appended to *entered if given.
// The walk ends: the path is reversible, so it can only come back to its
// start by entering the firing King's square, which zaps that King.
std::optional<int> trace_beam(const Board& board, int king_square, std::vector<int>* entered) {
  int direction = board[king_square]->orientation;
  int file = file_of(king_square);
  int rank = rank_of(king_square);
  for (int steps = 0; steps <= 4 * 64; ++steps) {
    file += kFileStep[direction];
    rank += kRankStep[direction];
    if (!on_board(file, rank)) return std::nullopt;
    const int square = square_at(file, rank);
    if (entered) entered->push_back(square);
    const std::optional<Piece>& piece = board[square];
    if (!piece) continue;
    if (piece->is_king) return square;
    const int turned = kReflect[direction][piece->orientation];
    if (turned == kZap) return square;
    direction = turned;
  }
  std::abort();  // unreachable, see above
}

// What a move did once its laser has fired.
struct Outcome {
  Board board;
  std::vector<int> zapped;  // in zap order
  bool pawn_zapped = false;
  std::optional<int> king_zapped;  // colour of the zapped King
};

Board move_pieces(Board board, const Move& move) {
  switch (move.kind) {
    case Kind::kRotate:
      board[move.from]->orientation =
          (board[move.from]->orientation + quarter_turns(move.rotation)) % 4;
      break;
    case Kind::kShift:
      // 2018 only shifts to empty squares, so one swap covers both editions.
      std::swap(board[move.from], board[move.to]);
      break;
    case Kind::kNull:
      break;
    case Kind::kSwapShift:
      std::swap(board[move.from], board[move.via]);
      std::swap(board[move.via], board[move.to]);
      break;
    case Kind::kSwapRotate:
      std::swap(board[move.from], board[move.via]);
      board[move.via]->orientation =
          (board[move.via]->orientation + quarter_turns(move.rotation)) % 4;
      break;
  }
  return board;
}

Outcome play_on(const Board& before, int mover, const Move& move, Edition edition) {
  Outcome outcome;
  outcome.board = move_pieces(before, move);
  // The 2018 laser zaps at most once; 2016 fires again after each Pawn zap.
  while (true) {
    const int king_square = find_king(outcome.board, mover);
    const std::optional<int> hit = trace_beam(outcome.board, king_square, nullptr);
    if (!hit) break;
    const Piece victim = *outcome.board[*hit];
    outcome.board[*hit].reset();
    outcome.zapped.push_back(*hit);
    if (victim.is_king) {
      outcome.king_zapped = victim.colour;
      break;
    }
    outcome.pawn_zapped = true;
    if (edition == Edition::k2018) break;
  }
  return outcome;
}

// RULES.md's movement rules, with 2016 pins but without Ko and without the
// 2016 unchanged-board rule: the perft "pseudo" set.
std::vector<Move> pseudo_moves_on(const Board& board, int mover, Edition edition) {
  std::vector<Move> moves;
  if (game_over_on(board)) return moves;

  std::array<bool, 64> pinned{};
  if (edition == Edition::k2016) {
    std::vector<int> entered;
    trace_beam(board, find_king(board, 1 - mover), &entered);
    for (int square : entered) pinned[square] = true;
  }

  for (int from = 0; from < 64; ++from) {
    const std::optional<Piece>& piece = board[from];
    if (!piece || piece->colour != mover) continue;
    if (edition == Edition::k2016 && pinned[from] && !piece->is_king) continue;

    for (char rotation : kRotations) moves.push_back({Kind::kRotate, from, 0, 0, rotation});

    for (int n = 0; n < 8; ++n) {
      const int file = file_of(from) + kNeighbourFile[n];
      const int rank = rank_of(from) + kNeighbourRank[n];
      if (!on_board(file, rank)) continue;
      const int next = square_at(file, rank);

      if (edition == Edition::k2016) {
        // Onto any neighbour; an occupied one means the two pieces trade places.
        moves.push_back({Kind::kShift, from, 0, next, 0});
        continue;
      }

      if (!board[next]) {
        moves.push_back({Kind::kShift, from, 0, next, 0});
      } else if (board[next]->colour != mover) {
        // Swap-move: after the trade the mover stands on `next` and makes a
        // basic move from there; `from` now holds the opponent's piece.
        Board swapped = board;
        std::swap(swapped[from], swapped[next]);
        for (int m = 0; m < 8; ++m) {
          const int file2 = file + kNeighbourFile[m];
          const int rank2 = rank + kNeighbourRank[m];
          if (!on_board(file2, rank2)) continue;
          const int target = square_at(file2, rank2);
          if (!swapped[target]) moves.push_back({Kind::kSwapShift, from, next, target, 0});
        }
        for (char rotation : kRotations)
          moves.push_back({Kind::kSwapRotate, from, next, 0, rotation});
      }
    }

    if (edition == Edition::k2016 && piece->is_king) moves.push_back({Kind::kNull, from, 0, 0, 0});
  }
  return moves;
}

// before: the board the move is played on; ko_board: the board one ply
// earlier in the game (none right after from_fen).
bool is_legal(const Board& before, const Outcome& outcome, const Board* ko_board, Edition edition) {
  if (edition == Edition::k2016 && outcome.board == before) return false;
  if (ko_board && outcome.board == *ko_board) return false;
  return true;
}

struct Candidate {
  Move move;
  Outcome outcome;
};

std::vector<Candidate> candidates_on(const Board& board, int mover, const Board* ko_board,
                                     Edition edition, bool pseudo) {
  std::vector<Candidate> result;
  for (const Move& move : pseudo_moves_on(board, mover, edition)) {
    Outcome outcome = play_on(board, mover, move, edition);
    if (!pseudo && !is_legal(board, outcome, ko_board, edition)) continue;
    result.push_back({move, std::move(outcome)});
  }
  return result;
}

std::uint64_t perft_on(const Board& board, int mover, const Board* ko_board, Edition edition,
                       int depth, bool pseudo) {
  if (depth == 0) return 1;
  if (pseudo && depth == 1) return pseudo_moves_on(board, mover, edition).size();
  std::uint64_t count = 0;
  for (const Candidate& child : candidates_on(board, mover, ko_board, edition, pseudo)) {
    if (child.outcome.king_zapped || depth == 1) {
      count += 1;
    } else {
      count += perft_on(child.outcome.board, 1 - mover, &board, edition, depth - 1, pseudo);
    }
  }
  return count;
}

// FEN parsing helpers.

bool is_orientation_letter(char c) {
  const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper == 'N' || upper == 'E' || upper == 'S' || upper == 'W';
}

// Two upper-case letters -> piece shape, or nothing if they name no piece.
std::optional<Piece> piece_from_letters(char a, char b) {
  static constexpr const char* kKings[4] = {"NN", "EE", "SS", "WW"};
  static constexpr const char* kPawns[4] = {"NW", "NE", "SE", "SW"};
  for (int o = 0; o < 4; ++o) {
    if (a == kKings[o][0] && b == kKings[o][1]) return Piece{0, true, static_cast<std::uint8_t>(o)};
    if (a == kPawns[o][0] && b == kPawns[o][1])
      return Piece{0, false, static_cast<std::uint8_t>(o)};
  }
  return std::nullopt;
}

std::string piece_letters(const Piece& piece) {
  static constexpr const char* kKings[4] = {"NN", "EE", "SS", "WW"};
  static constexpr const char* kPawns[4] = {"NW", "NE", "SE", "SW"};
  std::string letters = piece.is_king ? kKings[piece.orientation] : kPawns[piece.orientation];
  if (piece.colour == kLavender) {
    for (char& c : letters) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return letters;
}

std::vector<std::string_view> split_whitespace(std::string_view text) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) tokens.push_back(text.substr(start, i - start));
  }
  return tokens;
}

bool fail(std::string* error, const std::string& message) {
  if (error) *error = "FEN: " + message;
  return false;
}

// Fills *board from the board field; false (with *error set) on bad input.
bool parse_board(std::string_view field, Board* board, std::string* error) {
  std::vector<std::string_view> ranks;
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = field.find('/', start);
    if (slash == std::string_view::npos) {
      ranks.push_back(field.substr(start));
      break;
    }
    ranks.push_back(field.substr(start, slash - start));
    start = slash + 1;
  }
  if (ranks.size() != 8) {
    return fail(error, "expected 8 ranks separated by '/', got " + std::to_string(ranks.size()));
  }

  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;  // FEN lists rank 7 first
    const std::string_view text = ranks[i];
    const std::string where = " in rank " + std::to_string(rank) + " ('" + std::string(text) + "')";
    int file = 0;
    std::size_t k = 0;
    while (k < text.size()) {
      const char c = text[k];
      if (c >= '1' && c <= '8') {
        file += c - '0';
        ++k;
        continue;
      }
      if (!std::isalpha(static_cast<unsigned char>(c))) {
        return fail(error, std::string("unexpected character '") + c + "'" + where +
                               ", expected a digit 1-8 or a piece (NN EE SS WW NW NE SE SW, lower "
                               "case for Lavender)");
      }
      if (k + 1 >= text.size() || !std::isalpha(static_cast<unsigned char>(text[k + 1]))) {
        const std::string got =
            k + 1 < text.size() ? std::string("'") + text[k + 1] + "'" : "the end of the rank";
        return fail(error, std::string("incomplete piece '") + c + "'" + where +
                               ": expected a second letter N/E/S/W, got " + got);
      }
      const char a = c;
      const char b = text[k + 1];
      const std::string token{a, b};
      for (char letter : token) {
        if (!is_orientation_letter(letter)) {
          return fail(error, std::string("unknown piece letter '") + letter + "' in '" + token +
                                 "'" + where + ", expected N, E, S or W (upper or lower case)");
        }
      }
      const bool a_upper = std::isupper(static_cast<unsigned char>(a)) != 0;
      const bool b_upper = std::isupper(static_cast<unsigned char>(b)) != 0;
      if (a_upper != b_upper) {
        return fail(
            error,
            "mixed-case piece '" + token + "'" + where +
                ", expected both letters upper case (Tangerine) or both lower case (Lavender)");
      }
      std::optional<Piece> piece =
          piece_from_letters(static_cast<char>(std::toupper(static_cast<unsigned char>(a))),
                             static_cast<char>(std::toupper(static_cast<unsigned char>(b))));
      if (!piece) {
        return fail(error,
                    "unknown piece '" + token + "'" + where +
                        ", expected one of NN EE SS WW NW NE SE SW (lower case for Lavender)");
      }
      piece->colour = a_upper ? kTangerine : kLavender;
      if (file < 8) (*board)[square_at(file, rank)] = piece;
      file += 1;
      k += 2;
    }
    if (file != 8) {
      return fail(error, "rank " + std::to_string(rank) + " ('" + std::string(text) + "') covers " +
                             std::to_string(file) + " files, expected 8");
    }
  }

  for (int colour : {kTangerine, kLavender}) {
    const char* name = colour == kTangerine ? "Tangerine" : "Lavender";
    int kings = 0;
    int pawns = 0;
    for (const std::optional<Piece>& piece : *board) {
      if (!piece || piece->colour != colour) continue;
      (piece->is_king ? kings : pawns) += 1;
    }
    if (kings != 1) {
      return fail(error, std::string(name) + " has " + std::to_string(kings) +
                             " Kings, expected exactly 1");
    }
    if (pawns > 7) {
      return fail(error, std::string(name) + " has " + std::to_string(pawns) +
                             " Pawns, expected at most 7");
    }
  }
  return true;
}

}  // namespace

std::optional<Model> Model::from_fen(std::string_view fen, Edition edition, std::string* error) {
  const std::vector<std::string_view> tokens = split_whitespace(fen);
  if (tokens.empty()) {
    fail(error, "empty, expected '<board> <W|B>'");
    return std::nullopt;
  }
  Model model(edition);
  if (!parse_board(tokens[0], &model.board_, error)) return std::nullopt;
  if (tokens.size() < 2) {
    fail(error, "missing side to move after the board, expected 'W' or 'B'");
    return std::nullopt;
  }
  if (tokens[1] == "W") {
    model.side_to_move_ = kTangerine;
  } else if (tokens[1] == "B") {
    model.side_to_move_ = kLavender;
  } else {
    fail(error, "invalid side to move '" + std::string(tokens[1]) + "', expected 'W' or 'B'");
    return std::nullopt;
  }
  if (tokens.size() > 2) {
    fail(error, "unexpected token '" + std::string(tokens[2]) +
                    "' after the side to move, expected the end");
    return std::nullopt;
  }
  model.history_.push_back({model.board_, model.side_to_move_});
  return model;
}

std::string Model::fen() const {
  std::string text;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const std::optional<Piece>& piece = board_[square_at(file, rank)];
      if (!piece) {
        ++empty;
        continue;
      }
      if (empty > 0) text += static_cast<char>('0' + empty);
      empty = 0;
      text += piece_letters(*piece);
    }
    if (empty > 0) text += static_cast<char>('0' + empty);
    if (rank > 0) text += '/';
  }
  text += side_to_move_ == kTangerine ? " W" : " B";
  return text;
}

Edition Model::edition() const { return edition_; }

std::vector<std::string> Model::legal_moves() const {
  std::vector<std::string> moves;
  if (result_ != Result::kOngoing) return moves;
  const Board* ko_board = history_.size() >= 2 ? &history_[history_.size() - 2].board : nullptr;
  for (const Candidate& c : candidates_on(board_, side_to_move_, ko_board, edition_, false)) {
    moves.push_back(notation(c.move));
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::vector<std::string> Model::pseudo_moves() const {
  std::vector<std::string> moves;
  if (result_ != Result::kOngoing) return moves;
  for (const Move& move : pseudo_moves_on(board_, side_to_move_, edition_))
    moves.push_back(notation(move));
  std::sort(moves.begin(), moves.end());
  return moves;
}

bool Model::play(std::string_view move) { return play_move(move, false); }

bool Model::play_pseudo(std::string_view move) { return play_move(move, true); }

bool Model::play_move(std::string_view text, bool pseudo) {
  if (result_ != Result::kOngoing) return false;
  const Board* ko_board = history_.size() >= 2 ? &history_[history_.size() - 2].board : nullptr;
  for (const Candidate& c : candidates_on(board_, side_to_move_, ko_board, edition_, pseudo)) {
    if (notation(c.move) != text) continue;

    board_ = c.outcome.board;
    side_to_move_ = 1 - side_to_move_;
    history_.push_back({board_, side_to_move_});
    last_zapped_ = c.outcome.zapped;
    plies_since_pawn_zap_ = c.outcome.pawn_zapped ? 0 : plies_since_pawn_zap_ + 1;

    int occurrences = 0;
    for (const Position& p : history_) {
      if (p.board == board_ && p.side_to_move == side_to_move_) ++occurrences;
    }
    if (c.outcome.king_zapped) {
      result_ =
          *c.outcome.king_zapped == kTangerine ? Result::kLavenderWins : Result::kTangerineWins;
    } else if (plies_since_pawn_zap_ >= 100) {
      result_ = Result::kDrawFiftyMoves;
    } else if (occurrences >= 3) {
      result_ = Result::kDrawRepetition;
    }
    return true;
  }
  return false;
}

std::vector<int> Model::last_zapped() const { return last_zapped_; }

Result Model::result() const { return result_; }

int Model::plies_since_pawn_zap() const { return plies_since_pawn_zap_; }

std::uint64_t Model::perft(int depth, bool pseudo) const {
  // Draws do not cut perft, so only a zapped King (seen on the board) stops it.
  const Board* ko_board = history_.size() >= 2 ? &history_[history_.size() - 2].board : nullptr;
  return perft_on(board_, side_to_move_, ko_board, edition_, depth, pseudo);
}

}  // namespace leiser::plain
