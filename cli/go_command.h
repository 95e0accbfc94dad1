// Reading the protocol's `go` command into search limits. A `go` must always
// end in a `bestmove`, so a bad or unsupported token never rejects the whole
// command: it is reported and skipped, and the search runs on what was
// understood (or, if that is nothing at all, answers at once: depth 1).
#pragma once

#include <string>
#include <vector>

#include "kernel/piece.h"
#include "search/search_limits.h"

namespace leiser::cli {

struct GoRequest {
  search::SearchLimits limits;
  // One message per bad or unsupported token, each saying what was done
  // instead; empty when everything was understood.
  std::vector<std::string> errors;
};

// `tokens` is the whole command, "go" first. The clock of `side_to_move` is
// read from wtime/btime/winc/binc (Tangerine is White).
GoRequest parse_go(const std::vector<std::string>& tokens, kernel::Color side_to_move);

}  // namespace leiser::cli
