// Opening books, in three formats, told apart line by line:
//  - move lists: moves from the edition's start position separated by spaces
//    (the format of shared/openings/book-2016.txt);
//  - FEN: one position per line, "<board> <side>" as in RULES.md;
//  - EPD: a FEN followed by operations, each "opcode operands;" as in
//    chess EPD, e.g. `ss7/8/8/8/8/8/8/7NN W id "two Kings"; c0 "x";`. The
//    `id` becomes the game record's Opening tag; other opcodes are ignored.
//    The tactics suites' `<FEN>; dm 1; id x` lines read the same way.
// A line whose first word contains '/' is a position; any other is a move list.
// Also: shuffling a book reproducibly, and generating balanced random openings.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "kernel/edition.h"
#include "kernel/expected.h"

namespace leiser::arena {

struct Opening {
  std::string fen;                 // empty: the edition's start position
  std::vector<std::string> moves;  // played from it (move-list books)
  std::string id;                  // EPD `id`; empty if none

  bool operator==(const Opening&) const = default;
};

// Reads a book. Blank lines and lines starting with '#' are skipped. Every
// opening is played through the kernel here, once, so that a bad line is
// reported with its line number before any game starts (and not as a
// mysterious forfeit later); moves come back in the kernel's spelling.
kernel::Expected<std::vector<Opening>> read_openings(std::istream& in, kernel::Edition edition,
                                                     bool use_ko);
kernel::Expected<std::vector<Opening>> load_openings(const std::string& path,
                                                     kernel::Edition edition, bool use_ko);

// One line of a book: the moves, or the FEN (with its `id` if it has one).
std::string format_opening(const Opening& opening);

// The same order for the same seed on every machine and standard library
// (Fisher-Yates driven by std::mt19937_64, whose output the standard fixes).
void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed);

struct OpeningGeneratorConfig {
  kernel::Edition edition = kernel::kDefaultEdition;
  int plies = 10;
  int count = 100;
  int max_eval_cp = 100;
  std::uint64_t seed = 1;
};

// Random games of `plies` uniformly random legal moves. A candidate is kept
// only if the game is not over, the side to move cannot zap the opponent's
// King at once (a won position no static evaluation flags), |static eval| is
// at most max_eval_cp, and its final position is new. The same seed gives the
// same openings. Fails if too few candidates pass.
kernel::Expected<std::vector<Opening>> generate_openings(const OpeningGeneratorConfig& config);

}  // namespace leiser::arena
