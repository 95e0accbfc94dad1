// `leiserchess perft ...`: perft and divide from the command line.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/perft_job.h"
#include "kernel/expected.h"

namespace leiser::commands {

// Runs the perft subcommand with the arguments after "perft". Output goes to
// `out`, a one-line error to `err`. Returns the process exit status.
int run_perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Counts `job` at depths 1..job.depth (`on_depth` gets each count and its
// time as soon as it is known). The command's own loop without --divide, which
// prints from `on_depth`; each core's typed entry
// (core::CoreEntry::perft_counts); leiserchess-mpi counts its tasks with it.
kernel::Expected<core::PerftCounts> perft_counts(const core::PerftJob& job,
                                                 const core::PerftDepthFn& on_depth = {});

}  // namespace leiser::commands
