#include "mpi/task_runner.h"

namespace leiser::mpi {

kernel::Expected<std::vector<std::uint64_t>> run_perft(const core::CoreEntry& core,
                                                       const core::PerftJob& job) {
  return core.perft_counts(job, {});
}

}  // namespace leiser::mpi
