// Reading the protocol's `go` command into search limits. A `go` must always
// end in a `bestmove`, so a bad or unsupported token never rejects the whole
// command: it is reported and skipped, and the search runs on what was
// understood (or, if that is nothing at all, answers at once: depth 1).
#pragma once

#include <string>
#include <vector>

#include "kernel/game.h"
#include "search/search_limits.h"

namespace leiser::commands {

struct GoRequest {
  search::SearchLimits limits;
  // One message per bad or unsupported token, each saying what was done
  // instead; empty when everything was understood.
  std::vector<std::string> errors;
};

// The depth a `go mate N` searches to when nothing else limits it: a mate in
// N moves is 2N - 1 plies deep, and a few plies more let the search see
// through its reductions.
int mate_search_depth(long long moves);

// `tokens` is the whole command, "go" first, for a search of `game`: the
// clock of its side to move is read from wtime/btime/winc/binc (Tangerine
// is White), and `searchmoves` are read as its legal moves.
GoRequest parse_go(const std::vector<std::string>& tokens, const kernel::Game& game);

}  // namespace leiser::commands
