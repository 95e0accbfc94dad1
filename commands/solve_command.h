// `leiserchess solve FILE [--movetime MS] [--threads T] [--hash MB] [name=value ...]`:
// runs a tactics suite. Each line of FILE is one problem, EPD style: a FEN,
// then operations separated by ';':
//
//   <FEN>; dm <n>; edition <2016|2018>; id <name>
//
// `dm n`: the side to move forces a King zap in at most n of its moves
// ("direct mate"). A problem is solved when the search, given MS
// milliseconds, ends with a mate score for the side to move of at most n
// moves. Blank lines and lines starting with '#' are skipped.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "kernel/edition.h"
#include "kernel/expected.h"

namespace leiser::commands {

struct TacticsProblem {
  std::string fen;
  kernel::Edition edition = kernel::kDefaultEdition;
  int mate_in = 0;  // moves of the side to move
  std::string id;
  int line = 0;  // in the file, for messages
};

// Reads a suite; a malformed line is an error naming its line number.
kernel::Expected<std::vector<TacticsProblem>> read_tactics_file(const std::string& path);
kernel::Expected<TacticsProblem> parse_tactics_line(const std::string& text, int line);

int run_solve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace leiser::commands
