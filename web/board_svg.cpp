#include "web/board_svg.h"

#include <algorithm>
#include <array>
#include <cstdarg>
#include <cstdio>
#include <string_view>

#include "kernel/notation.h"
#include "web/beam_path.h"

namespace leiser::web {

namespace {

using kernel::Color;
using kernel::Square;

// printf into a std::string: the compiler checks each format against its
// arguments (GCC 12 has no <format>).
[[gnu::format(printf, 1, 2)]] std::string strf(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::va_list again;
  va_copy(again, args);
  const int length = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  std::string text(static_cast<std::size_t>(std::max(length, 0)), '\0');
  std::vsnprintf(text.data(), text.size() + 1, format, again);
  va_end(again);
  return text;
}

constexpr const char* const kLightSquare = "#efe6d2";
constexpr const char* const kDarkSquare = "#c9b79c";
constexpr std::array<const char*, 2> kPieceFill = {"#f28c28", "#9b7fd1"};  // Tangerine, Lavender
constexpr std::array<const char*, 2> kPieceEdge = {"#8a4a0c", "#4b3478"};
constexpr std::array<const char*, 2> kBeamStroke = {"#e0301e", "#6a2bd9"};

struct Geometry {
  int square;
  int margin;
  bool flipped;
  // Top-left corner of a square.
  int x(Square sq) const {
    return margin + square * (flipped ? 7 - kernel::file_of(sq) : kernel::file_of(sq));
  }
  int y(Square sq) const {
    return margin + square * (flipped ? kernel::rank_of(sq) : 7 - kernel::rank_of(sq));
  }
  double cx(Square sq) const { return x(sq) + square / 2.0; }
  double cy(Square sq) const { return y(sq) + square / 2.0; }
};

// Corners of a square clockwise from the top left (NW, NE, SE, SW), on screen.
std::array<std::pair<double, double>, 4> square_corners(const Geometry& g, Square sq,
                                                        double inset) {
  const double left = g.x(sq) + inset, top = g.y(sq) + inset;
  const double right = g.x(sq) + g.square - inset, bottom = g.y(sq) + g.square - inset;
  std::array<std::pair<double, double>, 4> c = {
      {{left, top}, {right, top}, {right, bottom}, {left, bottom}}};
  if (g.flipped) std::swap(c[0], c[2]), std::swap(c[1], c[3]);  // a half turn
  return c;
}

void draw_pawn(std::string& out, const Geometry& g, Square sq, Color color, int orientation) {
  // A Pawn is a right triangle: its mirror is the diagonal facing
  // `orientation` (NW, NE, SE, SW), its two backs the square's other sides.
  const auto c = square_corners(g, sq, g.square * 0.12);
  const int open = orientation;  // the corner the mirror faces
  const auto& a = c[(open + 1) & 3];
  const auto& b = c[(open + 2) & 3];
  const auto& d = c[(open + 3) & 3];
  const int side = static_cast<int>(color);
  out += strf(
      "<polygon class=\"pawn\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\" stroke=\"%s\" "
      "stroke-width=\"2\"/>",
      a.first, a.second, b.first, b.second, d.first, d.second, kPieceFill[side], kPieceEdge[side]);
  // The mirror: a silver line along the diagonal.
  out += strf(
      "<line class=\"mirror\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#d8dde3\" "
      "stroke-width=\"4\" stroke-linecap=\"round\"/>",
      a.first, a.second, d.first, d.second);
}

void draw_king(std::string& out, const Geometry& g, Square sq, Color color, int orientation) {
  const int side = static_cast<int>(color);
  const double cx = g.cx(sq), cy = g.cy(sq), r = g.square * 0.34;
  out += strf(
      "<circle class=\"king\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
      "stroke-width=\"3\"/>",
      cx, cy, r, kPieceFill[side], kPieceEdge[side]);
  // The laser's muzzle: a triangle pointing the way the King fires.
  const int screen = g.flipped ? (orientation + 2) & 3 : orientation;  // N E S W on screen
  constexpr std::array<std::pair<int, int>, 4> kStep = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
  const auto [dx, dy] = kStep[static_cast<std::size_t>(screen)];
  const double tip_x = cx + dx * r * 1.25, tip_y = cy + dy * r * 1.25;
  const double base_x = cx + dx * r * 0.35, base_y = cy + dy * r * 0.35;
  const double half = r * 0.45;
  out += strf("<polygon class=\"muzzle\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>",
              tip_x, tip_y, base_x - dy * half, base_y + dx * half, base_x + dy * half,
              base_y - dx * half, kPieceEdge[side]);
  out += strf(
      "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"middle\" "
      "dominant-baseline=\"central\" fill=\"#fff\" font-family=\"sans-serif\">K</text>",
      cx - dx * r * 0.25, cy - dy * r * 0.25, g.square / 4);
}

void draw_beam(std::string& out, const Geometry& g, const kernel::Board& board, Color shooter) {
  const BeamPath path = beam_path(board, shooter);
  std::string points;
  for (const Square sq : path.corners) points += strf("%.1f,%.1f ", g.cx(sq), g.cy(sq));
  if (path.end == kernel::LaserEnd::kOffBoard) {
    // On to the board's edge.
    const Square last = path.corners.back();
    constexpr std::array<std::pair<int, int>, 4> kStep = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
    auto [dx, dy] = kStep[static_cast<std::size_t>(path.exit_direction)];
    if (g.flipped) dx = -dx, dy = -dy;
    points += strf("%.1f,%.1f", g.cx(last) + dx * g.square / 2.0, g.cy(last) + dy * g.square / 2.0);
  }
  const int side = static_cast<int>(shooter);
  out += strf(
      "<polyline class=\"beam beam-%s\" points=\"%s\" fill=\"none\" stroke=\"%s\" "
      "stroke-width=\"3\" "
      "stroke-opacity=\"0.75\" stroke-linejoin=\"round\"/>",
      side == 0 ? "tangerine" : "lavender", points.c_str(), kBeamStroke[side]);
  if (path.end != kernel::LaserEnd::kOffBoard) {
    const Square hit = path.corners.back();
    out += strf(
        "<circle class=\"beam-hit\" data-square=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
        "fill=\"none\" "
        "stroke=\"%s\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>",
        kernel::square_name(hit).c_str(), g.cx(hit), g.cy(hit), g.square * 0.45, kBeamStroke[side]);
  }
}

}  // namespace

std::string board_svg(const kernel::Position& position, const SvgOptions& options) {
  const kernel::Board& board = position.board();
  const Geometry g{options.square_pixels, options.coordinates ? options.square_pixels / 3 : 0,
                   options.flipped};
  const int size = 8 * g.square + 2 * g.margin;
  std::string out = strf(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"leiserchess-board\" viewBox=\"0 0 %1$d "
      "%1$d\" "
      "width=\"%1$d\" height=\"%1$d\" data-side-to-move=\"%2$s\">",
      size, position.side_to_move() == Color::kTangerine ? "tangerine" : "lavender");
  out += strf("<rect width=\"%1$d\" height=\"%1$d\" fill=\"#3b3430\"/>", size);
  const kernel::Bitboard last_move_squares =
      options.last_move == kernel::Move::none()
          ? 0
          : kernel::bit(options.last_move.from()) | kernel::bit(options.last_move.destination());
  for (Square sq = 0; sq < 64; ++sq) {
    const bool light = (kernel::file_of(sq) + kernel::rank_of(sq)) % 2 == 1;
    const char* fill = light ? kLightSquare : kDarkSquare;
    if (last_move_squares & kernel::bit(sq)) fill = light ? "#e9d98b" : "#cdbb63";
    if (sq == options.selected) fill = "#8fc0e8";
    out += strf(
        "<rect class=\"square\" data-square=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
        "fill=\"%s\"/>",
        kernel::square_name(sq).c_str(), g.x(sq), g.y(sq), g.square, g.square, fill);
  }
  for (Square sq = 0; sq < 64; ++sq) {
    if (!(position.last_zapped() & kernel::bit(sq))) continue;
    out += strf(
        "<g class=\"zapped\" data-square=\"%s\" stroke=\"#d01010\" stroke-width=\"4\">"
        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
        "y2=\"%d\"/></g>",
        kernel::square_name(sq).c_str(), g.x(sq) + 10, g.y(sq) + 10, g.x(sq) + g.square - 10,
        g.y(sq) + g.square - 10, g.x(sq) + g.square - 10, g.y(sq) + 10, g.x(sq) + 10,
        g.y(sq) + g.square - 10);
  }
  for (Square sq = 0; sq < 64; ++sq) {
    const auto piece = board.piece_at(sq);
    if (!piece) continue;
    out += strf("<g class=\"piece\" data-square=\"%s\" data-color=\"%s\" pointer-events=\"none\">",
                kernel::square_name(sq).c_str(),
                piece->color == Color::kTangerine ? "tangerine" : "lavender");
    if (piece->type == kernel::PieceType::kKing)
      draw_king(out, g, sq, piece->color, piece->orientation);
    else
      draw_pawn(out, g, sq, piece->color, piece->orientation);
    out += "</g>";
  }
  if (options.beams) {
    out += "<g class=\"beams\" pointer-events=\"none\">";
    for (const Color c : {Color::kTangerine, Color::kLavender})
      if (board.has_king(c)) draw_beam(out, g, board, c);
    out += "</g>";
  }
  for (Square sq = 0; sq < 64; ++sq) {
    if (!(options.targets & kernel::bit(sq))) continue;
    out += strf(
        "<circle class=\"target\" data-square=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
        "fill=\"#2a7fd4\" fill-opacity=\"0.45\" pointer-events=\"none\"/>",
        kernel::square_name(sq).c_str(), g.cx(sq), g.cy(sq), g.square * 0.14);
  }
  if (options.coordinates) {
    for (int i = 0; i < 8; ++i) {
      const int file = options.flipped ? 7 - i : i;
      const int rank = options.flipped ? i : 7 - i;
      out += strf(
          "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"#efe6d2\" text-anchor=\"middle\" "
          "font-family=\"sans-serif\">%c</text>",
          g.margin + g.square * (i + 0.5), size - g.margin / 3.0, g.margin * 2 / 3,
          static_cast<char>('a' + file));
      out += strf(
          "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"#efe6d2\" text-anchor=\"middle\" "
          "dominant-baseline=\"central\" font-family=\"sans-serif\">%d</text>",
          g.margin / 2.0, g.margin + g.square * (i + 0.5), g.margin * 2 / 3, rank);
    }
  }
  out += "</svg>";
  return out;
}

}  // namespace leiser::web
