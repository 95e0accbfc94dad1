// Counting one task (or the shallow depths) on this rank: the command line
// of `leiserchess perft` run by the engine core chosen for this CPU, exactly
// as the single-process command runs it (docs/mpi.md, "Engine core").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/cores.h"
#include "kernel/expected.h"

namespace leiser::mpi {

// Runs `args` ("perft" and its options) through `core` and returns the
// counts it printed for depths 1..N, in order; the error is the command's
// first error line.
kernel::Expected<std::vector<std::uint64_t>> run_perft(const cli::CoreEntry& core,
                                                       const std::vector<std::string>& args);

}  // namespace leiser::mpi
