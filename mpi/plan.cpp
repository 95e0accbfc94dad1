#include "mpi/plan.h"

#include "kernel/fen.h"
#include "kernel/game.h"
#include "mpi/task_runner.h"

namespace leiser::mpi {
namespace {

std::string mode_name(kernel::PerftMode mode) {
  return mode == kernel::PerftMode::kPseudo ? "pseudo" : "legal";
}

}  // namespace

kernel::Expected<bool> add_result(Plan& plan, const PerftArgs& args, std::int64_t task,
                                  const std::vector<std::uint64_t>& counts) {
  const std::size_t below = static_cast<std::size_t>(args.depth - plan.split.split_depth);
  if (task < 0 || task >= static_cast<std::int64_t>(plan.split.tasks.size()) ||
      counts.size() != below)
    return kernel::Error{"task " + std::to_string(task) + " came back with " +
                         std::to_string(counts.size()) + " counts, expected " +
                         std::to_string(below)};
  if (plan.done[static_cast<std::size_t>(task)]) return false;  // counted already: the same numbers
  plan.done[static_cast<std::size_t>(task)] = true;
  for (std::size_t i = 0; i < below; ++i) plan.totals[i] += counts[i];
  return true;
}

kernel::Expected<Plan> make_plan(const PerftArgs& args, const core::CoreEntry& core, int workers) {
  auto game = args.fen ? kernel::Game::from_fen(*args.fen, args.edition)
                       : kernel::Expected<kernel::Game>(kernel::Game::start(args.edition));
  if (!game) return kernel::Error{game.error()};
  const kernel::Position& root = game.value().position();
  Plan plan;
  plan.root_fen = args.fen ? *args.fen : kernel::to_fen(root);

  CheckpointHeader header{plan.root_fen,
                          std::string(kernel::edition_name(args.edition)),
                          args.depth,
                          mode_name(args.mode),
                          0,
                          0};
  // A checkpoint's split depth is kept when none is given: the automatic
  // choice depends on the number of ranks, and a resumed run may have
  // another number (the counts are the same at any split depth).
  std::optional<CheckpointHeader> found;
  if (args.checkpoint) {
    auto read = read_checkpoint_header(*args.checkpoint);
    if (!read) return kernel::Error{read.error()};
    found = read.value();
  }
  if (args.split_depth)
    header.split_depth = *args.split_depth;
  else if (found && found->split_depth < args.depth)
    header.split_depth = found->split_depth;
  else
    header.split_depth = choose_split_depth(root, args.mode, args.depth, workers);
  if (found) {
    CheckpointHeader compare = header;
    compare.tasks = found->tasks;  // the task count is checked below, once known
    if (const auto why = checkpoint_mismatch(*found, compare))
      return kernel::Error{"checkpoint " + *args.checkpoint + " does not match this run: " + *why};
  }

  plan.split = split_tree(root, args.mode, header.split_depth);
  header.tasks = static_cast<std::int64_t>(plan.split.tasks.size());
  const int split_depth = header.split_depth;
  if (split_depth >= 1) {
    auto shallow = run_perft(core, perft_job(args.edition, plan.root_fen, "", split_depth,
                                             args.mode, args.threads, args.hash_megabytes));
    if (!shallow) return kernel::Error{shallow.error()};
    plan.shallow = shallow.value();
    // The split's own count of the split ply must be the product's perft:
    // a check that the enumeration walks the same tree.
    if (plan.shallow.size() != static_cast<std::size_t>(split_depth) ||
        plan.shallow.back() != plan.split.tasks.size() + plan.split.finished_games)
      return kernel::Error{"internal: the split's " + std::to_string(plan.split.tasks.size()) +
                           " tasks and " + std::to_string(plan.split.finished_games) +
                           " games over disagree with perft " + std::to_string(split_depth)};
  }
  plan.totals.assign(static_cast<std::size_t>(args.depth - split_depth), plan.split.finished_games);
  plan.done.assign(plan.split.tasks.size(), false);

  if (args.checkpoint) {
    auto opened = Checkpoint::open(*args.checkpoint, header);
    if (!opened) return kernel::Error{opened.error()};
    plan.checkpoint.emplace(std::move(opened.value()));
    for (const auto& [task, counts] : plan.checkpoint->finished()) {
      const auto added = add_result(plan, args, task, counts);
      if (!added) return kernel::Error{"checkpoint " + *args.checkpoint + ": " + added.error()};
      ++plan.from_checkpoint;
      plan.leaves_from_checkpoint += counts.back();
    }
  }
  for (std::size_t i = 0; i < plan.split.tasks.size(); ++i) {
    if (plan.done[i]) continue;
    const Task& task = plan.split.tasks[i];
    plan.pending.push_back(
        Job{static_cast<std::int64_t>(i),
            perft_job(args.edition, task.fen, task.move, args.depth - split_depth, args.mode,
                      args.threads, args.hash_megabytes)});
  }
  return plan;
}

}  // namespace leiser::mpi
