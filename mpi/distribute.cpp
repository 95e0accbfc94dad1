#include "mpi/distribute.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "mpi/task_runner.h"

namespace leiser::mpi {

namespace {

// How many tasks a worker holds (counting one, the rest queued in MPI), by
// how long its tasks take. Two normally: the queued one hides the round trip
// to rank 0, and few queued tasks keep the end of the run balanced. When a
// worker finishes tasks faster than rank 0 wakes (tasks of microseconds:
// small depths, or an over-deep split), more are queued, up to kMaxInFlight,
// so that the run is not paced by messages; the depth of the queue then
// covers only a few milliseconds of work, which costs the balance nothing.
constexpr int kMinInFlight = 2;
constexpr int kMaxInFlight = 16;
constexpr auto kQuickTask = std::chrono::milliseconds(2);
constexpr auto kSlowTask = std::chrono::milliseconds(20);

struct WorkerState {
  int in_flight = 0;  // tasks sent and not yet answered
  int cap = kMinInFlight;
  std::chrono::steady_clock::time_point last_result{};
};

}  // namespace

kernel::Expected<bool> run_master(std::deque<Job> pending, int ranks, const OnResult& on_result,
                                  const OnIdle& idle) {
  std::vector<WorkerState> workers(static_cast<std::size_t>(ranks));
  int working = ranks - 1;  // workers not yet told to stop
  bool handing_out = true;
  while (working > 0) {
    const MPI_Status status = wait_for_message(MPI_ANY_SOURCE, idle);
    const int rank = status.MPI_SOURCE;
    WorkerState& worker = workers[static_cast<std::size_t>(rank)];
    if (status.MPI_TAG == kError) {
      return kernel::Error{"rank " + std::to_string(rank) + ": " + receive_text(status)};
    } else if (status.MPI_TAG == kResult) {
      const auto now = std::chrono::steady_clock::now();
      // With a task still queued when the previous result came, the worker
      // went straight on: the time between its results is one task's.
      const bool was_busy =
          worker.in_flight >= 2 && worker.last_result != std::chrono::steady_clock::time_point{};
      if (was_busy && now - worker.last_result < kQuickTask)
        worker.cap = std::min(2 * worker.cap, kMaxInFlight);
      if (now - worker.last_result > kSlowTask) worker.cap = kMinInFlight;
      worker.last_result = now;
      --worker.in_flight;
      const auto keep_going = on_result(receive_result(status));
      if (!keep_going) return kernel::Error{keep_going.error()};
      handing_out = handing_out && keep_going.value();
    } else {
      receive_empty(status);  // kReady: the worker's first request
      worker.last_result = std::chrono::steady_clock::now();
    }
    while (handing_out && !pending.empty() && worker.in_flight < worker.cap) {
      const Job& job = pending.front();
      send_task(rank, TaskMessage{job.task, job.job});
      pending.pop_front();
      ++worker.in_flight;
    }
    if (worker.in_flight == 0) {
      send_stop(rank);
      --working;
    }
  }
  return true;
}

void run_worker(const core::CoreEntry& core, std::optional<std::int64_t> die_after) {
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
    const auto counts = run_perft(core, task.job);
    if (!counts) {
      // Rank 0 ends the job on this message; wait for that.
      send_error("task " + std::to_string(task.task) + ": " + counts.error());
      continue;
    }
    send_result(ResultMessage{task.task, counts.value()});
    if (die_after && rank == 1 && ++sent >= *die_after) ::kill(::getpid(), SIGKILL);
  }
}

kernel::Expected<bool> run_alone(const core::CoreEntry& core, std::deque<Job> pending,
                                 const OnResult& on_result, const OnIdle& idle) {
  for (const Job& job : pending) {
    const auto counts = run_perft(core, job.job);
    if (!counts) return kernel::Error{"task " + std::to_string(job.task) + ": " + counts.error()};
    const auto keep_going = on_result(ResultMessage{job.task, counts.value()});
    if (!keep_going) return kernel::Error{keep_going.error()};
    idle();
    if (!keep_going.value()) break;
  }
  return true;
}

}  // namespace leiser::mpi
