#include "search/engine.h"

#include <oneapi/tbb/info.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <new>

#include "nnue/default_nets.h"

namespace leiser::search {
namespace {

constexpr int kMaxHashMb = 65536;
constexpr int kMaxThreads = 1024;
// EvalFile's value for the networks built into the program.
constexpr std::string_view kBuiltInNetworks = "built-in";

// The machine's memory in MB, or 0 where it cannot be told.
long long physical_memory_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page_size > 0 ? static_cast<long long>(pages) * page_size >> 20 : 0;
}

}  // namespace

int Engine::max_threads() { return std::max(1, tbb::info::default_concurrency()); }

Engine::Engine()
    : game_(kernel::Game::start(kernel::kDefaultEdition)),
      tt_(kDefaultHashMb),
      searcher_(std::make_unique<Searcher>(tt_, params_)),
      threads_(max_threads()),
      requested_threads_(max_threads()) {
  params_.networks = {nnue::default_network(kernel::Edition::k2016),
                      nnue::default_network(kernel::Edition::k2018)};
  // Play uses the network where the build has one: the 2016 net beat the
  // classic evaluation at 10+0.1 (perf-reports/nnue.md). `bench` sets
  // Eval classic itself.
  params_.kind = params_.has_network() ? EvalKind::kNnue : EvalKind::kClassic;
  declare_options();
}

void Engine::network_changed() {
  ++params_.network_generation;
  searcher_->clear_eval_cache();
}

Engine::~Engine() {
  stop();
  wait();
}

// Every option of the engine, once, in the order `uci` lists them. A new
// option is one more line here (an evaluation weight, one in
// eval::kWeightSpecs; a search rule, one in kSearchRuleSpecs).
void Engine::declare_options() {
  options_.add(
      spin("hash", kDefaultHashMb, 1, kMaxHashMb, [this](int mb) { return resize_hash(mb); }));
  // oneTBB runs no more threads at once than the machine has (asking for
  // more only prints its own warning), so more are not promised either.
  options_.add(spin("threads", max_threads(), 1, kMaxThreads, [this](int n) {
    requested_threads_ = n;
    threads_ = oversubscribe_ ? n : std::min(n, max_threads());
  }));
  // Stockfish's names for what match runners and GUIs set on every engine;
  // names are case-insensitive, so `Hash` and `Threads` are the two above,
  // and `_` matches ` `, so `clear_hash` and `move_overhead` are these two
  // (option_registry.h, "Names").
  options_.add(button("Clear Hash", [this] {
    tt_.clear();
    searcher_->clear();
  }));
  options_.add(spin("Move Overhead", kDefaultMoveOverheadMs, 0, kMaxMoveOverheadMs,
                    [this](int ms) { search_options_.move_overhead_ms = ms; }));
  options_.add(
      spin("MultiPV", 1, 1, kMaxMultiPv, [this](int lines) { search_options_.multipv = lines; }),
      {"multi_pv"});
  options_.add(check("Ponder", false, [this](bool on) { ponder_enabled_ = on; }));
  options_.add(combo("edition", std::string(kernel::edition_name(kernel::kDefaultEdition)),
                     {"2018", "2016"}, [this](std::string_view choice) {
                       const bool use_ko = game_.use_ko();
                       game_ = kernel::Game::start(*kernel::parse_edition(choice));
                       game_.set_use_ko(use_ko);
                     }));
  options_.add(check("use_ko", true, [this](bool on) { game_.set_use_ko(on); }));
  // The evaluation: the classic terms, or the network of the position's
  // edition (EvalFile loads one; the built-in ones are nnue/nets/). A
  // network's scores never mix with another's: every change clears the
  // evaluation cache and the search's accumulators.
  const char* default_eval = params_.kind == EvalKind::kNnue ? "nnue" : "classic";
  options_.add(combo(
      "Eval", default_eval, {"classic", "nnue"}, [this](std::string_view choice) -> OptionError {
        // Positions of an edition without a network keep the classic evaluation
        // (`eval` names the one used); with none at all, nnue would mean nothing.
        const EvalKind kind = choice == "nnue" ? EvalKind::kNnue : EvalKind::kClassic;
        if (kind == EvalKind::kNnue && !params_.has_network())
          return std::string(
              "option Eval: this build has no built-in network; set EvalFile to a net file first");
        params_.kind = kind;
        network_changed();
        return std::nullopt;
      }));
  options_.add(string_option("EvalFile", std::string(kBuiltInNetworks),
                             [this](std::string_view path) -> OptionError {
                               if (path.empty() || path == kBuiltInNetworks) {
                                 params_.networks = {nnue::default_network(kernel::Edition::k2016),
                                                     nnue::default_network(kernel::Edition::k2018)};
                               } else {
                                 auto net = nnue::load_network(std::string(path));
                                 if (!net)
                                   return "option EvalFile: " + net.error() +
                                          "; the current network is kept";
                                 const int index = net->edition == kernel::Edition::k2016 ? 0 : 1;
                                 params_.networks[index] =
                                     std::make_shared<const nnue::Network>(std::move(*net));
                               }
                               network_changed();
                               return std::nullopt;
                             }),
               {"eval_file"});
  for (const eval::WeightSpec& spec : eval::kWeightSpecs)
    options_.add(spin(std::string(spec.name), spec.default_value, spec.min, spec.max,
                      [this, weight = &spec](int v) {
                        eval::set_weight(params_.weights_2016, *weight, v);
                        eval::set_weight(params_.weights_2018, *weight, v);
                        searcher_->clear_eval_cache();
                      }));
  options_.add(spin(std::string(kLcoverageSpec.name), kLcoverageSpec.default_value,
                    kLcoverageSpec.min, kLcoverageSpec.max, [this](int v) {
                      params_.lcoverage = v;
                      searcher_->clear_eval_cache();
                    }));
  // The search rules: a preset, then each rule (set after the preset to try
  // a change of one rule).
  options_.add(combo("search", "default", {"default", "course"}, [this](std::string_view choice) {
    search_options_.rules = choice == "course" ? SearchRules::course() : SearchRules::standard();
  }));
  // Plain alpha-beta without TT, pruning or reductions (SearchOptions::exact):
  // slow, but its mate scores are proofs; for checking tactics and the
  // parallel search.
  options_.add(check("exact_search", false, [this](bool on) { search_options_.exact = on; }));
  // The parallel search's knobs (SearchOptions), for measuring them: a
  // one-thread search is the same whatever they are.
  options_.add(spin("abort_poll_interval", kDefaultAbortPollInterval, 1, kMaxAbortPollInterval,
                    [this](int nodes) { search_options_.abort_poll_interval = nodes; }));
  options_.add(spin("min_split_depth", kDefaultMinSplitDepth, kMinMinSplitDepth, kMaxMinSplitDepth,
                    [this](int depth) { search_options_.min_split_depth = depth; }));
  options_.add(check("split_depth_scaling", true,
                     [this](bool on) { search_options_.split_depth_scaling = on; }));
  options_.add(
      check("history_merge", true, [this](bool on) { search_options_.history_merge = on; }));
  options_.add(
      check("split_killers", true, [this](bool on) { search_options_.split_killers = on; }));
  options_.add(
      check("split_pv_serial", true, [this](bool on) { search_options_.split_pv_serial = on; }));
  options_.add(check("split_root", true, [this](bool on) { search_options_.split_root = on; }));
  options_.add(
      check("split_pv_pause", false, [this](bool on) { search_options_.split_pv_pause = on; }));
  options_.add(check("measure_abort_latency", false,
                     [this](bool on) { search_options_.measure_abort_latency = on; }));
  options_.add(
      combo("SMP", "ybwc", {"ybwc", "lazy", "hybrid", "abdada"}, [this](std::string_view choice) {
        search_options_.smp = choice == "lazy"     ? SmpMode::kLazy
                              : choice == "hybrid" ? SmpMode::kHybrid
                              : choice == "abdada" ? SmpMode::kAbdada
                                                   : SmpMode::kYbwc;
      }));
  options_.add(spin("abdada_defer_depth", kDefaultAbdadaDeferDepth, 1, kMaxAbdadaDeferDepth,
                    [this](int depth) { search_options_.abdada_defer_depth = depth; }));
  options_.add(spin("split_cut_moves", kDefaultSplitCutMoves, 1, kMaxSplitCutMoves,
                    [this](int moves) { search_options_.split_cut_moves = moves; }));
  options_.add(check("measure_idle_time", false,
                     [this](bool on) { search_options_.measure_idle_time = on; }));
  // More threads than the machine runs at once, for measuring what the
  // parallel search's tree does with many threads on a small machine
  // (`bench --scaling`); play keeps `threads` to the machine.
  options_.add(check("oversubscribe", false, [this](bool on) {
    oversubscribe_ = on;
    threads_ = on ? requested_threads_ : std::min(requested_threads_, max_threads());
  }));
  SearchRules defaults = SearchRules::standard();
  for (const SearchRuleSpec& spec : kSearchRuleSpecs)
    options_.add(spin(std::string(spec.name), *spec.field(defaults), spec.min, spec.max,
                      [this, field = spec.field](int v) { *field(search_options_.rules) = v; }));
  // Entries per TT bucket, 1 or 2 (TranspositionTable::set_bucket_entries):
  // an experiment for the parallel search, listed after the rules.
  options_.add(spin("tt_bucket", 1, 1, 2, [this](int n) { tt_.set_bucket_entries(n); }));
}

OptionError Engine::resize_hash(int mb) {
  // The table is written in full when allocated; more than half of the
  // machine's memory would get the process killed instead of refused.
  if (const long long physical_mb = physical_memory_mb(); physical_mb > 0 && mb > physical_mb / 2)
    return "option hash value " + std::to_string(mb) + " MB is more than half of this machine's " +
           std::to_string(physical_mb) + " MB of memory";
  try {
    tt_.resize(static_cast<std::size_t>(mb));
  } catch (const std::bad_alloc&) {
    return "option hash: cannot allocate " + std::to_string(mb) + " MB";
  }
  return std::nullopt;
}

OptionError Engine::set_option(std::string_view name, std::string_view value) {
  wait();
  return options_.set(name, value);
}

void Engine::set_game(const kernel::Game& game) {
  wait();
  const bool use_ko = game_.use_ko();
  game_ = game;
  game_.set_use_ko(use_ko);
}

void Engine::new_game() {
  wait();
  tt_.clear();
  searcher_->clear();
}

void Engine::fault_in_table() {
  wait();
  tt_.fault_in();
}

kernel::Move Engine::ponder_move(const SearchResult& result) const {
  if (result.pv.size() >= 2) return result.pv[1];
  // A line cut short (a stop, a TT cutoff at the first child): what the
  // table knows of the position after the best move, if it is legal there.
  kernel::Game after = game_;
  if (result.best_move == kernel::Move::none() || !after.play(result.best_move) || after.is_over())
    return kernel::Move::none();
  if (const auto entry = tt_.probe(after.position().key()); entry && after.is_legal(entry->move))
    return entry->move;
  return kernel::Move::none();
}

SearchResult Engine::search(const SearchLimits& limits, const InfoCallback& on_info) {
  wait();
  stop_.store(false);
  // A search on the caller's thread cannot be told ponderhit while it runs.
  searcher_->set_pondering(false);
  SearchResult result = searcher_->run(game_, limits, on_info, stop_, threads_, search_options_);
  result.ponder = ponder_move(result);
  return result;
}

void Engine::start(const SearchLimits& limits, InfoCallback on_info, DoneCallback on_done) {
  wait();
  stop_.store(false);
  infinite_ = limits.infinite || limits.ponder;
  searching_.store(true);
  searcher_->set_pondering(limits.ponder);
  worker_ = std::thread([this, limits, on_info = std::move(on_info), on_done = std::move(on_done)] {
    SearchResult result = searcher_->run(game_, limits, on_info, stop_, threads_, search_options_);
    result.ponder = ponder_move(result);
    // An infinite search reports only when told to stop, and a pondering
    // one only after a stop or a ponderhit (UCI convention).
    while (!stop_.load(std::memory_order_relaxed) && (limits.infinite || searcher_->pondering()))
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (on_done) on_done(result);
    searching_.store(false);
  });
}

void Engine::wait() {
  if (!worker_.joinable()) return;
  if (infinite_) stop();
  worker_.join();
  infinite_ = false;
}

}  // namespace leiser::search
