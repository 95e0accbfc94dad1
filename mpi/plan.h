// Rank 0's set-up of a run (docs/mpi.md): the root, the split depth (from
// the checkpoint if it has one), the tasks, the shallow depths' counts, the
// checkpoint's finished tasks, and the jobs left to hand out.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "core/cores.h"
#include "kernel/expected.h"
#include "mpi/checkpoint.h"
#include "mpi/distribute.h"
#include "mpi/perft_args.h"
#include "mpi/task_split.h"

namespace leiser::mpi {

struct Plan {
  std::string root_fen;
  Split split;
  // perft 1..split_depth of the root, counted on rank 0 (cheap).
  std::vector<std::uint64_t> shallow;
  // Depths split_depth + 1 .. depth: the leaves counted so far (the games
  // over above the split, and every finished task).
  std::vector<std::uint64_t> totals;
  std::optional<Checkpoint> checkpoint;
  std::vector<bool> done;  // per task
  std::int64_t from_checkpoint = 0;
  std::uint64_t leaves_from_checkpoint = 0;  // at the full depth
  std::deque<Job> pending;
};

// `workers`: the ranks that count (1 when running alone).
kernel::Expected<Plan> make_plan(const PerftArgs& args, const core::CoreEntry& core, int workers);

// Adds a finished task's counts (depths 1..depth - split_depth below its
// node) to plan.totals; an error if they cannot be a count of that task.
kernel::Expected<bool> add_result(Plan& plan, const PerftArgs& args, std::int64_t task,
                                  const std::vector<std::uint64_t>& counts);

}  // namespace leiser::mpi
