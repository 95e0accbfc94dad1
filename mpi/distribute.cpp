#include "mpi/distribute.h"

#include <signal.h>
#include <unistd.h>

#include "mpi/task_runner.h"

namespace leiser::mpi {

kernel::Expected<bool> run_master(std::deque<Job> pending, int ranks, const OnResult& on_result,
                                  const OnIdle& idle) {
  // Tasks sent to each worker and not yet answered. Two per worker: the
  // second waits in the worker's queue while it counts the first, so a
  // worker never waits for rank 0 between tasks.
  constexpr int kInFlight = 2;
  std::vector<int> in_flight(static_cast<std::size_t>(ranks), 0);
  int working = ranks - 1;  // workers not yet told to stop
  bool handing_out = true;
  while (working > 0) {
    const MPI_Status status = wait_for_message(MPI_ANY_SOURCE, idle);
    const int worker = status.MPI_SOURCE;
    int& tasks = in_flight[static_cast<std::size_t>(worker)];
    if (status.MPI_TAG == kError) {
      return kernel::Error{"rank " + std::to_string(worker) + ": " + receive_text(status)};
    } else if (status.MPI_TAG == kResult) {
      --tasks;
      const auto keep_going = on_result(receive_result(status));
      if (!keep_going) return kernel::Error{keep_going.error()};
      handing_out = handing_out && keep_going.value();
    } else {
      receive_empty(status);  // kReady: the worker's first request
    }
    while (handing_out && !pending.empty() && tasks < kInFlight) {
      const Job& job = pending.front();
      send_task(worker, TaskMessage{job.task, job.args});
      pending.pop_front();
      ++tasks;
    }
    if (tasks == 0) {
      send_stop(worker);
      --working;
    }
  }
  return true;
}

void run_worker(const cli::CoreEntry& core, std::optional<std::int64_t> die_after) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  send_ready();
  std::int64_t sent = 0;
  for (;;) {
    const MPI_Status status = wait_for_message(0);
    if (status.MPI_TAG == kStop) {
      receive_empty(status);
      return;
    }
    const TaskMessage task = receive_task(status);
    const auto counts = run_perft(core, task.args);
    if (!counts) {
      // Rank 0 ends the job on this message; wait for that.
      send_error("task " + std::to_string(task.task) + ": " + counts.error());
      continue;
    }
    send_result(ResultMessage{task.task, counts.value()});
    if (die_after && rank == 1 && ++sent >= *die_after) ::kill(::getpid(), SIGKILL);
  }
}

kernel::Expected<bool> run_alone(const cli::CoreEntry& core, std::deque<Job> pending, const OnResult& on_result,
                                 const OnIdle& idle) {
  for (const Job& job : pending) {
    const auto counts = run_perft(core, job.args);
    if (!counts) return kernel::Error{"task " + std::to_string(job.task) + ": " + counts.error()};
    const auto keep_going = on_result(ResultMessage{job.task, counts.value()});
    if (!keep_going) return kernel::Error{keep_going.error()};
    idle();
    if (!keep_going.value()) break;
  }
  return true;
}

}  // namespace leiser::mpi
