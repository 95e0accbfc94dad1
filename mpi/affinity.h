// Whether each rank can run the threads it is asked for. Open MPI binds every
// rank to one core by default when it starts at most two ranks on a node (to a
// socket beyond that), and a rank bound to one core runs all its oneTBB threads
// there: `mpirun -np 2 leiserchess-mpi perft --threads 2` on a 2-core machine
// counted on one core. The count is still right, only slow, so the run goes
// on with one warning line that says how to start it instead.
#pragma once

#include <optional>
#include <ostream>
#include <span>
#include <string>

namespace leiser::mpi {

// The CPUs this process may run on (its affinity mask), at least 1.
int usable_cpus();

// The warning for the given counting ranks' usable CPUs when some of them
// have fewer than `threads`; nothing when every one has enough.
std::optional<std::string> binding_warning(std::span<const int> cpus_of_counting_ranks,
                                           int threads);

// Collective (every rank calls it): gathers each rank's usable CPUs on rank 0,
// which writes binding_warning for ranks first_counting_rank.. to `err`.
void warn_if_bound(int threads, int first_counting_rank, int rank, int ranks, std::ostream& err);

}  // namespace leiser::mpi
