#include "kernel/fen.h"

#include <cctype>
#include <optional>
#include <string>

#include "kernel/quote.h"

namespace leiser::kernel {
namespace {

constexpr char kKingLetters[4] = {'N', 'E', 'S', 'W'};
constexpr const char* kPawnCodes[4] = {"NW", "NE", "SE", "SW"};

// Decodes an upper-case two-letter code to (is King, orientation).
std::optional<Piece> decode_piece(char first, char second, Color color) {
  for (int o = 0; o < 4; ++o) {
    if (first == kKingLetters[o] && second == kKingLetters[o])
      return Piece{color, PieceType::kKing, static_cast<Orientation>(o)};
    if (first == kPawnCodes[o][0] && second == kPawnCodes[o][1])
      return Piece{color, PieceType::kPawn, static_cast<Orientation>(o)};
  }
  return std::nullopt;
}

Error fen_error(std::string_view what) { return Error{"bad FEN: " + std::string(what)}; }

}  // namespace

Expected<Position> parse_fen(std::string_view fen, Edition edition) {
  // Split into the board field and the side-to-move field.
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  std::size_t begin = 0;
  while (begin < fen.size() && is_space(fen[begin])) ++begin;
  std::size_t board_end = begin;
  while (board_end < fen.size() && !is_space(fen[board_end])) ++board_end;
  const std::string_view board_field = fen.substr(begin, board_end - begin);
  std::size_t side_begin = board_end;
  while (side_begin < fen.size() && is_space(fen[side_begin])) ++side_begin;
  std::size_t side_end = side_begin;
  while (side_end < fen.size() && !is_space(fen[side_end])) ++side_end;
  const std::string_view side_field = fen.substr(side_begin, side_end - side_begin);
  std::size_t rest = side_end;
  while (rest < fen.size() && is_space(fen[rest])) ++rest;

  if (board_field.empty())
    return fen_error("empty (expected a board such as ss7/8/8/8/8/8/8/7NN W)");

  Board board;
  int rank = 7;
  int file = 0;
  for (std::size_t i = 0; i < board_field.size(); ++i) {
    const char c = board_field[i];
    const std::string where = " at column " + std::to_string(i + 1);
    if (c == '/') {
      if (file != 8)
        return fen_error("rank " + std::to_string(rank) + " has " + std::to_string(file) +
                         " squares before '/'" + where + " (expected 8)");
      if (rank == 0) return fen_error("more than 8 ranks: unexpected '/'" + where);
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8)
        return fen_error("rank " + std::to_string(rank) + " has more than 8 squares at " +
                         quote(std::string_view(&c, 1)) + where);
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      if (i + 1 >= board_field.size() ||
          !std::isalpha(static_cast<unsigned char>(board_field[i + 1])))
        return fen_error("piece " + quote(std::string_view(&c, 1)) + where +
                         " is cut short (pieces are two letters: NN EE SS WW NW NE SE SW)");
      const char next = board_field[i + 1];
      const bool upper = std::isupper(static_cast<unsigned char>(c)) != 0;
      if (upper != (std::isupper(static_cast<unsigned char>(next)) != 0))
        return fen_error("piece " + quote(board_field.substr(i, 2)) + where +
                         " mixes upper and lower case (upper case is Tangerine, lower Lavender)");
      const Color color = upper ? Color::kTangerine : Color::kLavender;
      const auto piece =
          decode_piece(static_cast<char>(std::toupper(static_cast<unsigned char>(c))),
                       static_cast<char>(std::toupper(static_cast<unsigned char>(next))), color);
      if (!piece)
        return fen_error("unknown piece " + quote(board_field.substr(i, 2)) + where +
                         " (expected NN EE SS WW for Kings, NW NE SE SW for Pawns)");
      if (file >= 8)
        return fen_error("rank " + std::to_string(rank) + " has more than 8 squares at piece " +
                         quote(board_field.substr(i, 2)) + where);
      board.put(make_square(file, rank), *piece);
      ++file;
      ++i;
    } else {
      return fen_error("unexpected character " + quote(std::string_view(&c, 1)) + where +
                       " (expected a digit 1-8, a two-letter piece, or '/')");
    }
  }
  if (rank != 0 || file != 8) {
    if (file != 8)
      return fen_error("rank " + std::to_string(rank) + " has " + std::to_string(file) +
                       " squares (expected 8)");
    return fen_error("only " + std::to_string(8 - rank) + " ranks (expected 8)");
  }

  if (side_field.empty())
    return fen_error("missing side to move after the board (expected W or B)");
  Color side;
  if (side_field == "W" || side_field == "w") {
    side = Color::kTangerine;
  } else if (side_field == "B" || side_field == "b") {
    side = Color::kLavender;
  } else {
    return fen_error("side to move " + quote(side_field) + " (expected W or B)");
  }
  if (rest < fen.size())
    return fen_error("unexpected text " + quote(fen.substr(rest)) + " after the side to move");

  for (Color c : {Color::kTangerine, Color::kLavender}) {
    const int kings = popcount(board.king(c));
    if (kings != 1)
      return fen_error(std::string(color_name(c)) + " has " + std::to_string(kings) +
                       " Kings (expected exactly 1)");
    const int pawns = popcount(board.pawns(c));
    if (pawns > 7)
      return fen_error(std::string(color_name(c)) + " has " + std::to_string(pawns) +
                       " Pawns (at most 7)");
  }
  return Position(board, side, edition);
}

std::string board_to_fen(const Board& board) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty_run = 0;
    for (int file = 0; file < 8; ++file) {
      const auto piece = board.piece_at(make_square(file, rank));
      if (!piece) {
        ++empty_run;
        continue;
      }
      if (empty_run) out += static_cast<char>('0' + empty_run);
      empty_run = 0;
      std::string code = piece->type == PieceType::kKing
                             ? std::string(2, kKingLetters[piece->orientation])
                             : std::string(kPawnCodes[piece->orientation]);
      if (piece->color == Color::kLavender)
        for (char& ch : code) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      out += code;
    }
    if (empty_run) out += static_cast<char>('0' + empty_run);
    if (rank) out += '/';
  }
  return out;
}

std::string to_fen(const Position& pos) {
  return board_to_fen(pos.board()) + (pos.side_to_move() == Color::kTangerine ? " W" : " B");
}

}  // namespace leiser::kernel
