#include "mpi/task_split.h"

#include "kernel/fen.h"
#include "kernel/movegen.h"
#include "kernel/notation.h"

namespace leiser::mpi {
namespace {

using kernel::Edition;
using kernel::PerftMode;
using kernel::Position;

// A node of the enumeration: the position, its parent (for the legal
// task's FEN and Ko) and the move between them.
struct Node {
  Position position;
  Position parent;
  kernel::Move move{};
  bool has_parent = false;
};

// The children the perft counts: every pseudo move, or in legal mode those
// the kernel's legality test keeps (the same test kernel/perft.cpp uses).
template <Edition E>
void expand(const Node& node, PerftMode mode, std::vector<Node>& next, std::uint64_t& finished) {
  kernel::MoveList moves;
  kernel::generate_pseudo_moves<E>(node.position, moves);
  const kernel::Board* previous = node.has_parent ? &node.parent.board() : nullptr;
  for (kernel::Move m : moves) {
    Position child = node.position;
    child.template make_move<E, false>(m);
    if (mode == PerftMode::kLegal && !kernel::is_legal_result<E>(node.position, child, previous))
      continue;
    if (child.is_game_over())
      ++finished;
    else
      next.push_back(Node{child, node.position, m, true});
  }
}

// The nodes `plies` below root that are not game over, and the count of
// game-over nodes above them.
std::vector<Node> nodes_at(const Position& root, PerftMode mode, int plies,
                           std::uint64_t& finished) {
  finished = 0;
  std::vector<Node> level;
  if (root.is_game_over()) return level;  // perft counts nothing below it
  level.push_back(Node{root, root, kernel::Move{}, false});
  for (int ply = 0; ply < plies; ++ply) {
    std::vector<Node> next;
    for (const Node& node : level) {
      if (root.edition() == Edition::k2016)
        expand<Edition::k2016>(node, mode, next, finished);
      else
        expand<Edition::k2018>(node, mode, next, finished);
    }
    level = std::move(next);
  }
  return level;
}

}  // namespace

Split split_tree(const Position& root, PerftMode mode, int split_depth) {
  Split split;
  split.split_depth = split_depth;
  const std::vector<Node> nodes = nodes_at(root, mode, split_depth, split.finished_games);
  split.tasks.reserve(nodes.size());
  for (const Node& node : nodes) {
    // Pseudo perft ignores history, and a pseudo move may be one the game
    // refuses (Ko, a 2016 null move), so a pseudo task is the node's FEN.
    // A legal task keeps its parent's board as Ko's: parent FEN + move.
    if (mode == PerftMode::kLegal && node.has_parent)
      split.tasks.push_back(Task{kernel::to_fen(node.parent), kernel::move_to_string(node.move)});
    else
      split.tasks.push_back(Task{kernel::to_fen(node.position), ""});
  }
  return split;
}

int choose_split_depth(const Position& root, PerftMode mode, int depth, int workers,
                       int tasks_per_worker) {
  const std::uint64_t wanted =
      static_cast<std::uint64_t>(workers) * static_cast<std::uint64_t>(tasks_per_worker);
  for (int plies = 1; plies < depth; ++plies) {
    std::uint64_t finished = 0;
    if (nodes_at(root, mode, plies, finished).size() >= wanted) return plies;
  }
  return depth - 1;
}

}  // namespace leiser::mpi
