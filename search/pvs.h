// Principal-variation search: iterative deepening with aspiration windows,
// zero-window scouts, quiescence over zapping moves, a transposition table,
// killers, history, null-move pruning, late-move reductions and futility
// pruning; with more than one thread, Young Brothers Wait splitting on oneTBB
// task groups (docs/parallel.md).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "kernel/game.h"
#include "kernel/laser.h"
#include "kernel/position.h"
#include "nnue/accumulator.h"
#include "search/evaluate.h"
#include "search/ordering.h"
#include "search/search_limits.h"
#include "search/search_options.h"
#include "search/shared_state.h"
#include "search/split_point.h"
#include "search/tt.h"

namespace leiser::search {

class WorkerPools;
class TaskGroup;

// One thread's view of a search: its own stack of positions, principal
// variations and killers; everything else it reads and writes is the
// search's SharedState. The main search uses one; each parallel task borrows
// one from the Searcher's WorkerPools.
class Worker {
 public:
  Worker(SharedState& shared, WorkerPools& pools) : shared_(shared), pools_(pools) {}

  // Starts a fresh search at the root. The main worker searches the root
  // moves and MultiPV line of the search (SharedState::root_moves,
  // pv_index) and names them as it goes; another (a Lazy SMP helper) keeps
  // its own copy of the root's moves in its own order.
  void reset_root(const kernel::Game& game, bool main);
  // Takes the tables of the arena slot this thread runs in: once a search
  // or task has started on its thread (a task never moves to another).
  void bind_tables();
  // Searches the root (SharedState::root_moves from pv_index on) to `depth`
  // in the window (alpha, beta); the root's line is root_pv() after.
  template <kernel::Edition E>
  int search_root(int depth, int alpha, int beta) {
    root_depth_ = depth;
    return pvs<E>(0, depth, alpha, beta, NodeType::kPv, false);
  }
  // Lazy SMP: a helper's own iterative deepening from depth 1 + `offset`
  // (helpers at alternate depths fill the shared TT ahead of the main
  // worker) until the search stops.
  template <kernel::Edition E>
  void search_lazy(int offset, int max_depth);
  // Hybrid search (SmpMode::kHybrid): a helper thread's loop until the
  // search stops. It searches the iteration after the main worker's, Lazy
  // SMP style and without splitting, and leaves it for any split point that
  // opens (SplitRegistry), coming back when that has no moves left.
  template <kernel::Edition E>
  void search_filler(int max_depth);
  // ABDADA (SmpMode::kAbdada): a helper's own iterative deepening at the
  // main worker's depth (or one beyond, once it has finished that one), over
  // the shared TT and BusyMoveTable, until the search stops; an iteration
  // another thread has finished is given up for the next.
  template <kernel::Edition E>
  void search_abdada(int max_depth);
  // ABDADA: after an iteration of `depth` given up because another thread
  // finished it, takes that thread's line as this worker's root line, and
  // its first move to the front of the root's order; false (and nothing
  // changes) when no such line is recorded.
  bool take_finished_iteration(int depth);
  // Adds the nodes and moves counted since the last flush to the shared
  // totals.
  void flush_nodes();
  void clear_killers() { killers_.clear(); }
  // Busy time (SearchOptions::measure_idle_time): a stretch of searching
  // starts and ends; waits at a split point are left out.
  void start_busy_clock();
  void stop_busy_clock();

  // Whether this worker's search must unwind (stop, a limit, or an abort).
  bool stopped() const { return stopped_; }
  // The root's best line of the last root search, and its score.
  std::span<const kernel::Move> root_pv() const {
    return {pv_[0].data(), static_cast<std::size_t>(pv_length_[0])};
  }
  int root_score() const { return root_score_; }
  // The deepest ply this worker reached since the last reset_seldepth.
  int seldepth() const { return seldepth_; }
  void reset_seldepth() { seldepth_ = 0; }

 private:
  struct Frame {
    kernel::Position position;
    const kernel::Board* previous = nullptr;  // for Ko
    // The network's first layer for some board (accumulator.board): this
    // position's once evaluated here, else an earlier one of this ply (a
    // sibling's), which is usually a few squares from the next. Computed
    // with the network of EvalParams::network_generation
    // `accumulator_generation`.
    nnue::Accumulator accumulator;
    std::uint32_t accumulator_generation = 0;
    // This node's static evaluation, for the improving flag two plies down
    // (kNoStaticEval where none was computed: quiescence, the root's parent).
    int static_eval = kNoStaticEval;
    // The side to move's beam where it already zaps an enemy piece (every
    // move off it zaps that piece: a free zap), else 0; traced only when a
    // rule about free zaps is on. free_zaps_searched counts them in a
    // zaps-only node.
    kernel::Bitboard free_zap_beam = 0;
    int free_zaps_searched = 0;
    // The move that led here from the frame above (none at the root and
    // after a null move), for counter moves.
    kernel::Move move_in = kernel::Move::none();
  };
  static constexpr int kNoStaticEval = -kInfinity;

  // Takes over `from`'s path up to sp's node, and the killers it had when it
  // split, to help at `sp`.
  void adopt_path(const Worker& from, const SplitPoint& sp);
  // Zeroes the counters and the stop flag for a new search or task.
  void start_counting();

  template <kernel::Edition E>
  // `excluded` (none but in a singular extension's check): a move this
  // search of the node leaves out; its result is not the node's, so it
  // neither takes nor leaves a table entry.
  int pvs(int ply, int depth, int alpha, int beta, NodeType type, bool allow_null,
          kernel::Move excluded = kernel::Move::none());
  // `evasions`: how many more times this line may search every move of a
  // quiescence node whose King is threatened, instead of standing pat.
  template <kernel::Edition E>
  int quiescence(int ply, int alpha, int beta, int evasions);
  // Every move of a threatened quiescence node, each answered by quiescence.
  template <kernel::Edition E>
  int evade(int ply, int alpha, int beta, int evasions);
  // What making and searching one move of a node's loop came to.
  enum class MoveOutcome {
    kSkipped,   // illegal (Ko), or zaps no enemy piece where only such moves count
    kGameOver,  // a King was zapped: `score` is final
    kSearched,  // `score` is the child's search result
    kDeferred,  // at a PV split point: the scout beat alpha while another
                // brother's re-search ran; `score` is the scout's
  };
  // Makes m at ply and searches the child: the eldest (`searched_before`
  // == 0) of a PV node with the full window, the others with a zero window
  // (reduced by LMR where the rules allow), re-searched in a PV node when
  // they beat alpha. At a split point (`split` set), the re-search starts from the node's alpha as
  // it is then, one at a time (SplitPoint::claim_research, held until the caller has posted the
  // result): a brother that beat the scout's alpha first is scouted again at its own, and a move
  // handed out again after being deferred goes straight to the re-search
  // when its scout's score still beats alpha.
  template <kernel::Edition E>
  MoveOutcome search_move(int ply, int depth, int alpha, int beta, NodeType type, kernel::Move m,
                          int searched_before, bool zaps_only, int& score,
                          const AtSplit* split = nullptr, int extension = 0);

  // The picker's sort keys and tie codes for the moves of the node at
  // `ply`: the root keeps the order it is given (the previous iteration's),
  // other nodes order by TT move, killers and the best-move history, ties in
  // the reference engine's order (ordering.h).
  void sort_keys(int ply, const kernel::MoveList& moves, kernel::Move tt_move, std::int32_t* keys,
                 std::uint16_t* ties) const;
  // The counter move of the move that led to `ply` (SearchRules::counter_moves),
  // or none.
  kernel::Move counter_move(int ply) const;
  // This node's row of the continuation history (after the opponent's move
  // that led here), or nullptr where the rule is off or no move led here.
  std::int32_t* continuation_row(int ply) const;
  // Moves `m` to the front of the root moves this worker may play.
  void move_to_root_front(kernel::Move m);
  // The best of a node's moves so far, as its move loop keeps it.
  struct NodeBest {
    int alpha;
    int score;
    kernel::Move move;
    int index;  // in picking order, for the history
  };
  // Late-move pruning (SearchRules::lmp_depth): whether a zero-window node
  // of `depth` that has searched `searched` moves, the best of them scoring
  // `best_score`, searches only moves that zap an enemy piece from here on.
  // Not while every move so far is mated: the rest may hold the defence.
  bool prunes_late_moves(int depth, int searched, bool pv_node, int best_score,
                         bool improving) const {
    const SearchRules& rules = shared_.options.rules;
    if (pv_node || depth > rules.lmp_depth || shared_.options.exact || best_score <= -kMateBound)
      return false;
    int count = rules.lmp_base + rules.lmp_scale * depth * depth;
    if (!improving) count = count * rules.lmp_not_improving / 100;
    return searched >= count;
  }
  // Young Brothers Wait: a node deep enough to be worth sharing splits once
  // its eldest brother is searched without a cutoff; an expected CUT node
  // waits until `split_cut_moves` moves (the TT move, killers and the best
  // of the history) have failed to cut.
  bool may_split(int depth, int searched, NodeType type) const {
    if (searched == 0 || !shared_.splitting || filler_ || depth < shared_.split_depth) return false;
    return type != NodeType::kCut || searched >= shared_.options.split_cut_moves;
  }
  // Shares the moves the picker has not handed out yet between this worker
  // and up to threads - 1 helper tasks (a SplitPoint), and folds their
  // result into `best` and the node's line. False when the search must
  // unwind instead: stopped, or a split point above aborted (the result is
  // then incomplete; at the root, a better move already proved is kept).
  template <kernel::Edition E>
  bool split(int ply, int depth, int beta, NodeType type, bool zaps_only, bool improving,
             const ZapFilter& filter, MovePicker& picker, int searched, NodeBest& best);
  // Draws moves from `sp` and searches them until none is left or the
  // search must unwind. `owner`: this worker split the node (it names the
  // root's moves; its stack already holds the path).
  // `group` (the owner's, YBWC only): where it starts helpers again that left
  // during a re-search (SplitPoint::resume_paused).
  template <kernel::Edition E>
  void work_at(SplitPoint& sp, bool owner, TaskGroup* group = nullptr);
  // A helper task's body: a pooled worker joins `sp` if a move is left,
  // taking sp's owner's path.
  template <kernel::Edition E>
  void help(SplitPoint& sp);
  // YBWC: starts `count` helper tasks for `sp` in `group` and counts them.
  template <kernel::Edition E>
  void spawn_helpers(SplitPoint& sp, TaskGroup& group, int count);
  // Hybrid search: joins open split points (only those under `below`, if
  // set) until none takes a visitor; whether it joined one.
  template <kernel::Edition E>
  bool visit_open_splits(const SplitPoint* below);
  // Hybrid search: the owner of `sp`, its moves all handed out, waits for
  // its visitors, helping at split points they open below it meanwhile.
  template <kernel::Edition E>
  void wait_for_visitors(SplitPoint& sp);
  // A filler's check at each of its nodes: it visits the split points that
  // have opened, and it gives up its iteration (false, stopped_ set) once
  // the main worker has reached that depth, to start the next one.
  template <kernel::Edition E>
  bool filler_poll();
  // Sets sp's abort flag: a brother failed high.
  void abort_split(SplitPoint& sp) const;
  // Counts this task's notice of `aborted`'s abort, and how long after the
  // abort it came, in the split statistics
  // (SearchOptions::measure_abort_latency).
  [[gnu::cold]] void note_abort_latency(const SplitPoint& aborted) const;

  // The score of a draw `ply` plies from the root, from the side to move's
  // view there (SearchRules::draw_score is the root side's).
  int draw_score(int ply) const;

  bool should_stop();
  // The checks should_stop makes every kPollInterval nodes: the shared stop
  // flags, the limits, the clock, and the periodic info line.
  bool poll_shared();
  bool is_repetition(int ply) const;
  int evaluate_here(int ply);
  // The same, tracing the side to move's beam into `own_beam` on a cache
  // miss if the caller has not traced it yet (the first form discards it).
  int evaluate_here(int ply, std::optional<kernel::LaserTrace>& own_beam);
  // The network's evaluation of the position at `ply`, bringing the ply's
  // accumulator to its board from the closest one at hand (nnue/README.md).
  int evaluate_nnue(int ply, const nnue::Network& net);

  SharedState& shared_;
  WorkerPools& pools_;
  // This thread's history and evaluation cache (SharedState::thread_tables),
  // chosen by bind_tables when the worker starts on a thread.
  ThreadTables* tables_ = nullptr;
  KillerTable killers_;
  std::array<Frame, kMaxPly + 2> stack_{};
  std::array<std::array<kernel::Move, kMaxPly + 2>, kMaxPly + 2> pv_{};
  std::array<int, kMaxPly + 2> pv_length_{};
  const SplitPoint* split_ = nullptr;
  // The root's moves this worker searches (see reset_root), and whether it
  // is the main worker.
  std::vector<kernel::Move>* root_moves_ = nullptr;
  std::vector<kernel::Move> own_root_moves_;
  bool main_ = false;
  // A hybrid search's filler (search_filler): it never splits, and polls
  // the registry at each node; the deepest iteration it may search.
  bool filler_ = false;
  int filler_max_depth_ = 0;
  int root_pv_index() const { return main_ ? shared_.pv_index : 0; }
  // The nominal depth of the iteration this worker (or the worker it helps)
  // searches.
  int root_depth_ = 0;
  // SearchOptions::abort_poll_interval - 1, read once per search or task.
  std::uint64_t abort_poll_mask_ = 0;
  const kernel::Board* root_previous_ = nullptr;
  std::uint64_t nodes_ = 0;  // counted here, added to the shared total in batches
  std::uint64_t unflushed_nodes_ = 0;
  // Moves made in a search loop (SearchResult::moves_made), flushed with the nodes.
  std::uint64_t unflushed_moves_made_ = 0;
  // Counted here, added to SplitStats with the nodes.
  std::uint64_t unflushed_cutoffs_ = 0;
  std::uint64_t unflushed_first_move_cutoffs_ = 0;
  std::uint64_t unflushed_pv_researches_ = 0;
  // At split points: moves drawn, those drawn by a helper, those an abort
  // cut short, and PV re-searches made unnecessary by a brother.
  std::uint64_t unflushed_split_moves_ = 0;
  std::uint64_t unflushed_helper_moves_ = 0;
  std::uint64_t unflushed_aborted_moves_ = 0;
  std::uint64_t unflushed_pv_researches_deferred_ = 0;
  std::uint64_t unflushed_pv_rescouts_ = 0;
  std::uint64_t unflushed_iir_reductions_ = 0;
  std::uint64_t unflushed_singular_extensions_ = 0;
  std::uint64_t unflushed_abdada_deferrals_ = 0;
  // Busy time (SearchOptions::measure_idle_time): when this worker's current
  // stretch of searching began (0: not measuring).
  std::int64_t busy_since_ns_ = 0;
  int seldepth_ = 0;
  int root_score_ = 0;    // the score of pv_[0], the root's best line so far
  bool stopped_ = false;  // this worker's search must unwind (stop, limit or abort)
};

// Idle workers, one pool per arena thread slot plus one (the last) for calls
// from outside an arena. A task takes a worker its own thread used last, so
// the stack frames it writes are likely still in that core's cache, and no
// lock is shared by all threads: with one pool, every task of every thread
// took the same mutex twice (a task is about 70 nodes). At 2 threads the
// difference is below this VM's noise (docs/parallel.md); the one shared
// lock is what would not carry to many cores. The mutexes are uncontended;
// they make the hand-over visible to TSan when a slot passes from one OS
// thread to another.
class WorkerPools {
 public:
  explicit WorkerPools(SharedState& shared) : shared_(shared) {}

  // One pool per slot of an arena of `threads` threads; idle workers are
  // kept (they are warm). Only between searches, when all are idle.
  void resize(int threads);
  // An idle worker of this thread's pool, or a new one.
  std::unique_ptr<Worker> acquire();
  void release(std::unique_ptr<Worker> worker);
  void clear_killers();

 private:
  struct alignas(64) Pool {
    std::mutex mutex;
    std::vector<std::unique_ptr<Worker>> idle;
  };
  Pool& pool_for_this_thread();

  SharedState& shared_;
  std::vector<Pool> pools_ = std::vector<Pool>(1);
};

class Searcher {
 public:
  Searcher(TranspositionTable& tt, const EvalParams& params) : shared_(tt, params) {}

  // Searches the game's current position with `threads` threads. `stop` is
  // polled; setting it ends the search as soon as possible with the best move
  // found so far.
  SearchResult run(const kernel::Game& game, const SearchLimits& limits,
                   const InfoCallback& on_info, const std::atomic<bool>& stop, int threads,
                   const SearchOptions& options);
  // Forgets killers and history (a new game).
  void clear();
  // Pondering (SearchLimits::ponder) is set before a search starts, so that
  // a ponderhit that comes at once is not lost; ponderhit() ends it: the
  // clock then counts, from the search's start, as Stockfish counts it.
  void set_pondering(bool pondering) {
    shared_.pondering.store(pondering, std::memory_order_relaxed);
  }
  void ponderhit() { shared_.pondering.store(false, std::memory_order_relaxed); }
  bool pondering() const { return shared_.pondering.load(std::memory_order_relaxed); }
  // Must be called when evaluation weights change.
  void clear_eval_cache() { shared_.clear_eval_caches(); }
  const SplitStats& split_stats() const { return shared_.split_stats; }

 private:
  template <kernel::Edition E>
  SearchResult iterate(Worker& main, const SearchLimits& limits);
  // More than one thread: the main worker iterates, splitting its nodes
  // (SmpMode::kYbwc, kHybrid), while threads - 1 helpers run the mode's
  // loop: Lazy SMP (kLazy) searches the same root at staggered depths, the
  // hybrid's fillers (kHybrid, Worker::search_filler) help at the main
  // search's split points or search ahead of it, ABDADA's helpers
  // (kAbdada, Worker::search_abdada) search its iteration beside it. The
  // main worker's result is the search's. With one thread, or in YBWC, the
  // main worker's iterate alone.
  template <kernel::Edition E>
  SearchResult search_parallel(Worker& main, const kernel::Game& game, const SearchLimits& limits);
  template <kernel::Edition E, typename HelperLoop>
  SearchResult search_with_helpers(Worker& main, const kernel::Game& game,
                                   const SearchLimits& limits, HelperLoop helper_loop);
  // An info report with the main worker's root line.
  SearchReport report_line(const Worker& main, int depth, int score);

  SharedState shared_;
  WorkerPools pools_{shared_};
};

}  // namespace leiser::search
