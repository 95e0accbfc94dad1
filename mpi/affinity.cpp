#include "mpi/affinity.h"

#include <mpi.h>
#include <sched.h>

#include <algorithm>
#include <vector>

#include "mpi/messages.h"

namespace leiser::mpi {

int usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
  return std::max(1, CPU_COUNT(&set));
}

std::optional<std::string> binding_warning(std::span<const int> cpus_of_counting_ranks,
                                           int threads) {
  const auto short_of_threads =
      std::count_if(cpus_of_counting_ranks.begin(), cpus_of_counting_ranks.end(),
                    [threads](int cpus) { return cpus < threads; });
  if (short_of_threads == 0) return std::nullopt;
  const int fewest =
      *std::min_element(cpus_of_counting_ranks.begin(), cpus_of_counting_ranks.end());
  return "warning: " + std::to_string(short_of_threads) + " of " +
         std::to_string(cpus_of_counting_ranks.size()) +
         " counting ranks may run on fewer CPUs than --threads " + std::to_string(threads) +
         " (as few as " + std::to_string(fewest) + (fewest == 1 ? " CPU" : " CPUs") +
         " in a rank's affinity; mpirun binds each rank to one core by default up to 2 ranks); "
         "start mpirun with --bind-to none, or give each rank its "
         "cores (--map-by ppr:1:node:pe=" +
         std::to_string(threads) + ")";
}

void warn_if_bound(int threads, int first_counting_rank, int rank, int ranks, std::ostream& err) {
  int mine = usable_cpus();
  std::vector<int> all(rank == 0 ? static_cast<std::size_t>(ranks) : 0);
  MPI_Request request;
  MPI_Igather(&mine, 1, MPI_INT, all.data(), 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  wait_politely(request);
  if (rank != 0 || first_counting_rank >= ranks) return;
  const std::span<const int> counting(all.data() + first_counting_rank,
                                      all.size() - first_counting_rank);
  if (const auto warning = binding_warning(counting, threads))
    err << *warning << "\n" << std::flush;
}

}  // namespace leiser::mpi
