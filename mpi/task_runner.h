// Counting one task (or the shallow depths) on this rank: a perft job handed
// to the engine core chosen for this CPU through its typed entry, the same
// count as the single-process command's (docs/mpi.md, "Engine core").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/cores.h"
#include "kernel/expected.h"

namespace leiser::mpi {

// Counts `job` through `core`: the leaves at depths 1..N, in order; the
// error says why the job cannot be counted.
kernel::Expected<std::vector<std::uint64_t>> run_perft(const core::CoreEntry& core,
                                                       const core::PerftJob& job);

}  // namespace leiser::mpi
