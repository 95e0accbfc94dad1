// `leiserchess perft ...`: perft and divide from the command line.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace leiser::cli {

// Runs the perft subcommand with the arguments after "perft". Output goes to
// `out`, a one-line error to `err`. Returns the process exit status.
int run_perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace leiser::cli
