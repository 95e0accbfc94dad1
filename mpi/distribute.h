// On-demand distribution of the tasks (docs/mpi.md, "Distribution"): rank 0
// hands two tasks to each worker that asks and one more with each result it
// gets back (more when tasks take microseconds), so fast ranks and cheap
// subtrees simply take more tasks, and a worker's next task is already there
// when it finishes one; with one rank, rank 0 counts them itself.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/cores.h"
#include "kernel/expected.h"
#include "mpi/messages.h"

namespace leiser::mpi {

struct Job {
  std::int64_t task = 0;
  core::PerftJob job;  // the count of its subtree
};

// Called on rank 0 for each finished task: true to go on handing out tasks,
// false to hand out no more (the tasks under way still finish), or an error
// that ends the run.
using OnResult = std::function<kernel::Expected<bool>(const ResultMessage& result)>;
// Called on rank 0 while it waits (the progress line).
using OnIdle = std::function<void()>;

// Rank 0 of `ranks` > 1: runs until every worker has been told to stop.
// An error (a worker's failed count, or on_result's) is returned at once,
// with workers still busy: the caller must end the job (MPI_Abort).
kernel::Expected<bool> run_master(std::deque<Job> pending, int ranks, const OnResult& on_result,
                                  const OnIdle& idle);

// Ranks 1..: counts the tasks rank 0 sends through `core` until told to
// stop. `die_after` (test only, rank 1): SIGKILL itself after that many.
void run_worker(const core::CoreEntry& core, std::optional<std::int64_t> die_after);

// One rank: rank 0 counts every task itself.
kernel::Expected<bool> run_alone(const core::CoreEntry& core, std::deque<Job> pending,
                                 const OnResult& on_result, const OnIdle& idle);

}  // namespace leiser::mpi
