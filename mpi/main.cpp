// leiserchess-mpi: perft, gendata and arena across machines (docs/mpi.md). For perft, rank 0 splits
// the tree into tasks and hands them out on demand; every rank counts its tasks with `leiserchess
// perft` run by the engine core chosen for its CPU, with its own oneTBB threads; rank 0 sums,
// prints progress and keeps the checkpoint. Baseline code, like cli/main.cpp: the wide cores run
// only through their entries.
#include <mpi.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "core/cores.h"
#include "mpi/affinity.h"
#include "mpi/arena.h"
#include "mpi/distribute.h"
#include "mpi/gendata.h"
#include "mpi/perft_args.h"
#include "mpi/plan.h"
#include "mpi/progress.h"
#include "simd/dispatch.h"

namespace {

using namespace leiser;

// Exit statuses: 2 for bad input (as `leiserchess perft`), 3 when the
// test-only --stop-after-tasks stopped the run, 1 for a failed run.
constexpr int kBadInput = 2;
constexpr int kStopped = 3;

// What rank 0 says when the job is killed under it (Open MPI's mpirun
// terminates every rank when one dies), written by a signal handler:
// prepared in advance, written with write(2) only.
std::array<char, 4096> g_terminated_message{};
std::size_t g_terminated_length = 0;

extern "C" void on_terminate(int) {
  [[maybe_unused]] const ssize_t written =
      ::write(2, g_terminated_message.data(), g_terminated_length);
  ::_exit(1);
}

void install_terminate_text(const std::string& text) {
  g_terminated_length = std::min(text.size(), g_terminated_message.size());
  std::memcpy(g_terminated_message.data(), text.data(), g_terminated_length);
  struct sigaction action {};
  action.sa_handler = on_terminate;
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
}

void install_terminate_message(const std::optional<std::string>& checkpoint) {
  install_terminate_text(
      checkpoint
          ? "error: leiserchess-mpi was terminated before the count finished (a rank died or the "
            "job was "
            "killed); the finished tasks are in checkpoint " +
                *checkpoint + ": rerun the same command to resume\n"
          : std::string(
                "error: leiserchess-mpi was terminated before the count finished (a rank died or "
                "the job was killed); without --checkpoint the count must start again\n"));
}

// --simd NAME anywhere, as in cli/main.cpp: chooses the SIMD implementation
// and so the engine core. Returns the problem, or an empty string.
std::string take_simd_option(std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--simd") continue;
    if (i + 1 >= args.size()) return "--simd expects scalar, avx2, avx512 or auto";
    if (std::string problem = simd::select(args[i + 1]); !problem.empty())
      return "--simd: " + problem;
    args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 2);
    --i;
  }
  return "";
}

// Every rank leaves through here, after the others (a barrier that sleeps
// instead of spinning), so that no rank is still waiting for a message.
int finish(int status) {
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  mpi::wait_politely(request);
  MPI_Finalize();
  return status;
}

int run_rank0(const mpi::PerftArgs& args, const core::CoreEntry& core, int ranks, mpi::Plan& plan) {
  const int split_depth = plan.split.split_depth;
  for (std::size_t d = 0; d < plan.shallow.size(); ++d)
    std::cout << "perft " << d + 1 << " " << plan.shallow[d] << "\n" << std::flush;
  const auto total_tasks = static_cast<std::int64_t>(plan.split.tasks.size());
  mpi::Progress progress(total_tasks, plan.from_checkpoint, plan.leaves_from_checkpoint);
  const mpi::OnResult on_result = [&](const mpi::ResultMessage& result) -> kernel::Expected<bool> {
    const auto added = mpi::add_result(plan, args, result.task, result.counts);
    if (!added) return added;
    if (!added.value()) return true;  // a duplicate: nothing new
    if (plan.checkpoint)
      if (const auto recorded = plan.checkpoint->record(result.task, result.counts); !recorded)
        return recorded;
    progress.task_done(result.counts.back());
    return !(args.stop_after_tasks && progress.done_this_run() >= *args.stop_after_tasks);
  };
  const mpi::OnIdle idle = [&] { progress.report(std::cerr); };
  const auto ran = ranks == 1 ? mpi::run_alone(core, plan.pending, on_result, idle)
                              : mpi::run_master(plan.pending, ranks, on_result, idle);
  if (!ran) {
    std::cerr << "error: " << ran.error() << "\n" << std::flush;
    MPI_Abort(MPI_COMM_WORLD, 1);  // workers may be busy: end them too
    return 1;
  }
  progress.report(std::cerr, true);
  const auto finished =
      static_cast<std::int64_t>(std::count(plan.done.begin(), plan.done.end(), true));
  if (finished < total_tasks) {
    std::cerr << "stopped after " << progress.done_this_run()
              << " tasks (--stop-after-tasks): " << finished << " of " << total_tasks
              << " tasks are done"
              << (args.checkpoint ? "; rerun with the same --checkpoint to finish" : "") << "\n";
    return kStopped;
  }
  for (std::size_t i = 0; i < plan.totals.size(); ++i)
    std::cout << "perft " << split_depth + 1 + static_cast<int>(i) << " " << plan.totals[i] << "\n";
  const double seconds = progress.seconds();
  const double rate = seconds > 0 ? static_cast<double>(progress.leaves_this_run()) / seconds : 0.0;
  std::cout << "time " << static_cast<long long>(seconds * 1000 + 0.5) << " ms (depth "
            << args.depth << "), " << static_cast<long long>(rate) << " leaves/s, edition "
            << kernel::edition_name(args.edition) << ", "
            << (args.mode == kernel::PerftMode::kPseudo ? "pseudo" : "legal") << ", threads "
            << args.threads << ", ranks " << ranks << ", core " << core.name << ", split depth "
            << split_depth << ", tasks " << total_tasks;
  if (plan.from_checkpoint > 0)
    std::cout << " (" << plan.from_checkpoint << " from the checkpoint)";
  std::cout << "\n" << std::flush;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // oneTBB threads count inside a rank, but only the main thread calls MPI.
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);

  // Every rank reads the same arguments, so every rank finds a bad one and
  // leaves; only rank 0 says why.
  std::vector<std::string> raw(argv + 1, argv + argc);
  std::string problem = take_simd_option(raw);
  // gendata: every rank runs its share of the games (mpi/gendata.h).
  if (!raw.empty() && raw.front() == "gendata") {
    if (!problem.empty()) {
      if (rank == 0) std::cerr << "error: " << problem << "\n";
      return finish(kBadInput);
    }
    if (rank == 0)
      install_terminate_text(
          "error: leiserchess-mpi gendata was terminated before it finished (a rank died or the "
          "job was killed); "
          "each rank's file keeps its finished games: rerun the same command to resume\n");
    const std::vector<std::string> gendata_args(raw.begin() + 1, raw.end());
    const int status =
        mpi::run_gendata(gendata_args, core::core_for(simd::active().name), rank, ranks);
    // The run is over and reported: mpirun ends the job on the first rank
    // that exits nonzero, which must not print "terminated before it finished".
    ::signal(SIGTERM, SIG_DFL);
    ::signal(SIGINT, SIG_DFL);
    return finish(status);
  }
  // arena: rank 0 hands out opening pairs, the others play them (mpi/arena.h).
  if (!raw.empty() && raw.front() == "arena") {
    if (!problem.empty()) {
      if (rank == 0) std::cerr << "error: " << problem << "\n";
      return finish(kBadInput);
    }
    const std::vector<std::string> arena_args(raw.begin() + 1, raw.end());
    if (rank == 0) install_terminate_text(mpi::arena_terminated_text(arena_args));
    const int status = mpi::run_arena(arena_args, core::core_for(simd::active().name), rank, ranks);
    // As for gendata: the match is over and reported.
    ::signal(SIGTERM, SIG_DFL);
    ::signal(SIGINT, SIG_DFL);
    return finish(status);
  }
  const auto args = problem.empty() ? mpi::parse_perft_args(raw)
                                    : kernel::Expected<mpi::PerftArgs>(kernel::Error{problem});
  if (!args) {
    if (rank == 0)
      std::cerr << "error: " << args.error() << "\n"
                << (raw.empty() ? std::string(mpi::kUsage) + "\n" : "");
    return finish(kBadInput);
  }
  const core::CoreEntry& core = core::core_for(simd::active().name);

  // Rank 0 plans (the position, the checkpoint, the tasks) and tells the
  // others whether there is a run.
  std::optional<mpi::Plan> plan;
  int planned = 1;
  if (rank == 0) {
    auto made = mpi::make_plan(*args, core, ranks > 1 ? ranks - 1 : 1);
    if (made) {
      plan.emplace(std::move(made.value()));
    } else {
      std::cerr << "error: " << made.error() << "\n";
      planned = 0;
    }
  }
  MPI_Request request;
  MPI_Ibcast(&planned, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  mpi::wait_politely(request);
  if (!planned) return finish(kBadInput);
  // The ranks that count: the workers, or rank 0 when it is alone.
  mpi::warn_if_bound(args->threads, ranks > 1 ? 1 : 0, rank, ranks, std::cerr);

  if (rank != 0) {
    mpi::run_worker(core, args->die_after_tasks);
    return finish(0);
  }
  install_terminate_message(args->checkpoint);
  return finish(run_rank0(*args, core, ranks, *plan));
}
