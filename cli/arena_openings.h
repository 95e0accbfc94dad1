// Opening books: one opening per line, moves from the edition's start
// position separated by spaces (the format of shared/openings/book-2016.txt);
// reading them, and generating balanced random ones.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "kernel/edition.h"
#include "kernel/expected.h"

namespace leiser::cli::arena {

using Opening = std::vector<std::string>;

// Reads a book. Blank lines and lines starting with '#' are skipped. Every
// opening is played through the kernel here, once, so that a bad line is
// reported with its line number before any game starts (and not as a
// mysterious forfeit later); moves come back in the kernel's spelling.
kernel::Expected<std::vector<Opening>> read_openings(std::istream& in, kernel::Edition edition,
                                                     bool use_ko);
kernel::Expected<std::vector<Opening>> load_openings(const std::string& path,
                                                     kernel::Edition edition, bool use_ko);

std::string format_opening(const Opening& opening);

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

}  // namespace leiser::cli::arena
