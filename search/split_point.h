// A split point of the Young Brothers Wait search: a node whose eldest
// brother is searched and whose younger brothers are now shared out. The
// node's move picker becomes a queue that its owner and its helpers draw
// from, one move at a time and in the picker's best-first order, each
// reading the node's current alpha before it starts a move; each posts its
// result back, and a cutoff aborts the others (docs/parallel.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "kernel/laser.h"
#include "kernel/move.h"
#include "kernel/position.h"
#include "search/ordering.h"
#include "search/search_limits.h"

namespace leiser::search {

class Worker;

// The beam of the side to move at a node, and whether it zaps an enemy
// piece now (then every move touching none of its squares zaps that piece).
struct NodeBeam {
  kernel::Bitboard path = 0;
  bool zaps_enemy = false;
  static NodeBeam of(const kernel::Board& board, kernel::Color us) {
    const kernel::LaserTrace beam = kernel::trace_laser(board, us);
    return {beam.path, beam.end != kernel::LaserEnd::kOffBoard &&
                           (board.pieces(kernel::opponent(us)) & kernel::bit(beam.target)) != 0};
  }
};

// The moves of a zaps-only node (extended futility) that need not be made: a
// move touching no square of our beam leaves it as it is, and it zaps no
// enemy piece now.
struct ZapFilter {
  bool active = false;  // a zaps-only node whose beam zaps no enemy piece
  kernel::Bitboard beam_path = 0;
  bool cannot_zap(kernel::Move m) const {
    return active && !(kernel::squares_touched(m) & beam_path);
  }
  // The filter of a zaps-only node with this beam.
  static ZapFilter for_node(const NodeBeam& beam) { return {!beam.zaps_enemy, beam.path}; }
};

// What a node is expected to do, as PVS predicts it: a PV node has an open
// window; a scout of a PV node's younger brother expects to fail high
// (CUT), its children to fail low (ALL), and so on, alternating. Only the
// parallel search looks at it (where to split); the serial search is the
// same whatever it is.
enum class NodeType : std::uint8_t { kPv, kCut, kAll };

// One move handed out by a split point.
struct SplitMove {
  kernel::Move move;
  int order;        // in the picker's order at the node (for the history)
  int move_number;  // moves of the node handed out before it (for reductions)
  int alpha;        // the node's alpha when it was handed out
  // The node's best score then: late-move pruning holds off while every
  // move so far is mated, as in the serial move loop.
  int best_score = -kInfinity;
  // A PV node's brother whose scout beat alpha while another brother was
  // being re-searched, handed out again once that re-search ended: the
  // taker holds the split point's re-search (SplitPoint::claim_research),
  // and `scout` is the score its scout returned (a lower bound).
  bool deferred = false;
  int scout = 0;
};

class SplitPoint {
 public:
  // ---- Set by the owner before any helper starts; read-only after.
  int ply = 0;
  int depth = 0;
  int beta = 0;
  NodeType type = NodeType::kAll;
  bool zaps_only = false;
  // The node's improving flag (Worker::prunes_late_moves).
  bool improving = true;
  ZapFilter filter;
  const SplitPoint* parent = nullptr;
  // The owner's killers when it split: helpers start from them (the owner's
  // own table changes while they copy).
  KillerTable killers;
  // Whether a move handed out carries the killers below this node that the
  // latest finished brother left (SearchOptions::split_killers).
  bool pass_killers = false;
  // Whether a PV node's brothers are re-searched one at a time
  // (SearchOptions::split_pv_serial; claim_research).
  bool serial_researches = false;
  // Whether a helper leaves instead of taking a new brother while one is
  // re-searched (SearchOptions::split_pv_pause; take, resume_paused).
  bool pause_helpers = false;
  // Hybrid search (SplitRegistry): the worker that split the node, whose
  // path a visitor adopts, and how many visitors it may have at once.
  const Worker* owner = nullptr;
  int max_visitors = 0;
  // At the root: keep the moves that became the best one after another
  // (new_bests), so that the root's order after the split is the serial
  // search's, each new best moved to the front in turn.
  bool record_new_bests = false;

  // Hybrid search: the threads searching here besides the owner, counted
  // under the registry's lock (SplitRegistry::join, leave).
  std::atomic<int> visitors{0};

  // Whether `other` is this split point or one above it.
  bool is_below(const SplitPoint* other) const {
    for (const SplitPoint* sp = this; sp; sp = sp->parent)
      if (sp == other) return true;
    return false;
  }

  // Polled by every worker below it, so on a line of its own: every result
  // posted writes the mutex's line.
  alignas(64) std::atomic<bool> aborted{false};
  // When `aborted` was set (steady clock, ns), only where
  // SearchOptions::measure_abort_latency asks for it; 0 otherwise.
  std::atomic<std::int64_t> aborted_at_ns{0};

  SplitPoint(MovePicker& picker, int alpha, int best_score, kernel::Move best_move, int best_order,
             int moves_searched)
      : picker_(picker),
        alpha_(alpha),
        best_score_(best_score),
        best_move_(best_move),
        best_order_(best_order),
        handed_out_(moves_searched) {
    spent_.reserve(static_cast<std::size_t>(picker.remaining()));
  }
  SplitPoint(const SplitPoint&) = delete;
  SplitPoint& operator=(const SplitPoint&) = delete;

  // The next move to search, or false when none is left or the node has
  // failed high. With pass_killers, `killers` takes, below this node, those
  // of the brother that finished last: the serial search would order the
  // next brother's subtree with them.
  // A brother deferred for its re-search (defer) comes first, once no
  // re-search runs: its taker then holds the re-search.
  // With pause_helpers, a helper (not the owner) that finds a re-search
  // running takes nothing and is counted for resume_paused.
  bool take(SplitMove& out, KillerTable& killers, bool helper = false) {
    std::lock_guard lock(mutex_);
    if (aborted.load(std::memory_order_relaxed)) return false;
    if (pause_helpers && helper && researching_) {
      ++paused_helpers_;
      return false;
    }
    if (!deferred_.empty() && !researching_) {
      out = deferred_.front();
      deferred_.erase(deferred_.begin());
      out.alpha = alpha_.load(std::memory_order_relaxed);
      out.best_score = best_score_;
      researching_ = true;
      if (pass_killers) killers.copy_below(killers_below_, ply);
      return true;
    }
    kernel::Move m;
    while (picker_.next(m)) {
      if (filter.cannot_zap(m)) continue;
      out = {m, picker_.taken() - 1, handed_out_++, alpha_.load(std::memory_order_relaxed),
             best_score_};
      if (pass_killers) killers.copy_below(killers_below_, ply);
      return true;
    }
    // Deferred brothers wait for the re-search that runs: its worker takes
    // them when it is done (it draws again after each move).
    exhausted_hint_.store(true, std::memory_order_relaxed);
    return false;
  }

  // One re-search at a time at a PV node (serial_researches): a brother
  // whose scout beat alpha claims the re-search; a second one, while it
  // runs, is deferred instead of searched with the open window from an alpha
  // the running one is about to raise. Without serial_researches every
  // claim succeeds.
  bool claim_research() {
    if (!serial_researches) return true;
    std::lock_guard lock(mutex_);
    if (researching_) return false;
    researching_ = true;
    return true;
  }
  void release_research() {
    if (!serial_researches) return;
    std::lock_guard lock(mutex_);
    researching_ = false;
  }
  // How many helpers left for a re-search that is now over (pause_helpers):
  // the owner starts that many again. 0 while the re-search runs.
  int resume_paused() {
    std::lock_guard lock(mutex_);
    if (researching_ || exhausted_hint_.load(std::memory_order_relaxed)) return 0;
    const int paused = paused_helpers_;
    paused_helpers_ = 0;
    return paused;
  }
  // Puts `sm` back, behind the brothers already waiting, with the score its
  // scout returned; only while another brother's re-search runs.
  void defer(const SplitMove& sm, int scout) {
    std::lock_guard lock(mutex_);
    SplitMove again = sm;
    again.deferred = true;
    again.scout = scout;
    deferred_.push_back(again);
  }
  // Whether a move may still be handed out (a hint, read without the lock).
  bool exhausted() const { return exhausted_hint_.load(std::memory_order_relaxed); }

  // The node's alpha now: a PV node's brother re-searches from it.
  int alpha() const { return alpha_.load(std::memory_order_relaxed); }

  // Posts a finished search of `sm`. Returns true when it failed high: the
  // caller then aborts the split point.
  bool post(const SplitMove& sm, int score, const kernel::Move* line, int line_length) {
    std::lock_guard lock(mutex_);
    if (aborted.load(std::memory_order_relaxed)) return false;
    if (score <= best_score_) return false;
    best_score_ = score;
    best_move_ = sm.move;
    best_order_ = sm.order;
    if (record_new_bests) new_bests_.push_back(sm.move);
    if (score <= alpha_.load(std::memory_order_relaxed)) return false;
    alpha_.store(score, std::memory_order_relaxed);
    pv_.assign(line, line + line_length);
    if (score < beta) return false;
    cut_order_.store(sm.order, std::memory_order_relaxed);
    return true;
  }

  // The result, once every worker has left the split point.
  int best_score() const { return best_score_; }
  kernel::Move best_move() const { return best_move_; }
  int best_order() const { return best_order_; }
  int final_alpha() const { return alpha_.load(std::memory_order_relaxed); }
  // With record_new_bests, each posted move that beat every earlier one, in
  // the order they were posted.
  const std::vector<kernel::Move>& new_bests() const { return new_bests_; }
  const std::vector<kernel::Move>& line() const { return pv_; }  // from the child on
  // Counts the nodes a worker spent on `sm`, finished or cut short; with
  // pass_killers, a finished search leaves its killers below this node for
  // the moves handed out next.
  void account(const SplitMove& sm, std::uint64_t nodes, const KillerTable& killers,
               bool finished) {
    std::lock_guard lock(mutex_);
    spent_.push_back({sm.order, nodes});
    if (pass_killers && finished) killers_below_.copy_below(killers, ply);
  }
  // The owner's killers at the split, the start of both tables above.
  void set_killers(const KillerTable& owners) {
    killers = owners;
    killers_below_ = owners;
  }
  // The killers below this node that the latest finished brother left.
  const KillerTable& killers_below() const { return killers_below_; }
  // The moves handed out after the one that failed high, in the picker's
  // order (work the serial search would not have done), and their nodes.
  struct Waste {
    std::uint64_t moves = 0;
    std::uint64_t nodes = 0;
  };
  Waste after_cutoff() const {
    Waste waste;
    const int cut = cut_order_.load(std::memory_order_relaxed);
    if (cut < 0) return waste;
    for (const Spent& s : spent_)
      if (s.order > cut) ++waste.moves, waste.nodes += s.nodes;
    return waste;
  }

  // The nearest split point on the chain that is aborted, or nullptr.
  const SplitPoint* aborted_here_or_above() const {
    for (const SplitPoint* sp = this; sp; sp = sp->parent)
      if (sp->aborted.load(std::memory_order_acquire)) return sp;
    return nullptr;
  }

 private:
  alignas(64) std::mutex mutex_;
  MovePicker& picker_;
  std::atomic<int> alpha_;  // written under the mutex, read without it
  int best_score_;
  kernel::Move best_move_;
  int best_order_;
  int handed_out_;
  std::atomic<int> cut_order_{-1};
  std::vector<kernel::Move> pv_;
  std::vector<kernel::Move> new_bests_;
  struct Spent {
    int order;
    std::uint64_t nodes;
  };
  std::vector<Spent> spent_;
  bool researching_ = false;
  int paused_helpers_ = 0;
  std::vector<SplitMove> deferred_;
  KillerTable killers_below_;
  std::atomic<bool> exhausted_hint_{false};
};

// Holds a PV split point's re-search (SplitPoint::claim_research) for one
// move of one worker: from its claim, or from taking a deferred move, until
// the move's result is posted, so that the next re-search starts from the
// alpha this one raised. Released whichever way the move's search ends.
class ResearchHold {
 public:
  ResearchHold(SplitPoint& sp, bool held) : sp_(sp), held_(held) {}
  ResearchHold(const ResearchHold&) = delete;
  ResearchHold& operator=(const ResearchHold&) = delete;
  ~ResearchHold() {
    if (held_) sp_.release_research();
  }
  bool claim() { return held_ = sp_.claim_research(); }
  bool held() const { return held_; }

 private:
  SplitPoint& sp_;
  bool held_;
};

// A move searched at a split point, as search_move sees it.
struct AtSplit {
  SplitPoint& sp;
  const SplitMove& handed;
  ResearchHold& hold;
};

}  // namespace leiser::search
