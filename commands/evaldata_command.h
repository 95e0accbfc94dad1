// `leiserchess evaldata FILE [--first N] [--count N] [name=value ...]`: the
// engine's static evaluation of each record of a training-data file (the
// `.bin` files `gendata` writes, nnue/README.md), beside the search score and
// the game result the record holds: how well an evaluation (the classic
// terms, the built-in net, a net file) predicts what a search found.
// scripts/nnue_fit_report.py compares evaluations with it.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace leiser::commands {

// One line per record on `out`, "<record> <eval> <score> <result>" (the
// record's index in the file, the evaluation and the search score in
// centipawns and the result, +1 won, 0 drawn, -1 lost, all from the side to
// move's view), under a '#' line that names the columns. Options as `bench`
// takes them (Eval=classic, EvalFile=net.nnue, ...). Returns 0, 2 for bad
// arguments, 1 for a file that cannot be read or a record that is no
// position (then `err` says which, in one line).
int run_evaldata_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err);

}  // namespace leiser::commands
