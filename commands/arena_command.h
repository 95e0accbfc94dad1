// `leiserchess arena` (a match runner and referee for engines that speak
// PROTOCOL.md) and `leiserchess openings` (balanced random opening books).
// The front end of the arena library (arena/): these are the two command
// entry points, which parse the command line and run the match or generator.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace leiser::commands {

// Runs a match. `out` gets the final summary, `err` the progress line,
// warnings and errors. Returns 0 when the match ran to its end (or to an SPRT
// decision), 1 when it could not run or stopped on an error, 2 for a bad
// command line, 130 when interrupted (SIGINT or SIGTERM: the summary of the
// games finished is printed all the same, and they are all in the PGN).
int run_arena_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Writes random openings to `out`, one per line in the book format.
int run_openings_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err);

}  // namespace leiser::commands
