#include "search/engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <new>

#include <oneapi/tbb/info.h>
#include <unistd.h>
#include <chrono>
#include <variant>

#include "kernel/quote.h"

namespace leiser::search {
namespace {

constexpr int kDefaultHashMb = 64;
constexpr int kMaxHashMb = 65536;
constexpr int kMaxThreads = 1024;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// An integer option's value: a number, or why not. Digits too many for a
// long long are a number out of range, not "not an integer".
std::variant<long long, std::string> parse_integer_value(std::string_view key, std::string_view text, int min,
                                                         int max) {
  long long value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  const std::string range = " out of range " + std::to_string(min) + ".." + std::to_string(max);
  if (ptr != text.data() + text.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
    return "option " + std::string(key) + " expects an integer, got " + kernel::quote(text);
  if (ec == std::errc::result_out_of_range || value < min || value > max)
    return "option " + std::string(key) + " value " + kernel::quote(text) + range;
  return value;
}

std::optional<bool> parse_bool(std::string_view text) {
  const std::string t = lower(text);
  if (t == "true" || t == "1" || t == "on") return true;
  if (t == "false" || t == "0" || t == "off") return false;
  return std::nullopt;
}

int default_threads() { return Engine::max_threads(); }

}  // namespace

int Engine::max_threads() { return std::max(1, tbb::info::default_concurrency()); }

Engine::Engine()
    : game_(kernel::Game::start(kernel::kDefaultEdition)),
      tt_(kDefaultHashMb),
      searcher_(std::make_unique<Searcher>(tt_, params_)),
      threads_(default_threads()) {}

Engine::~Engine() {
  stop();
  wait();
}

std::vector<OptionInfo> Engine::options() const {
  std::vector<OptionInfo> list = {
      {"hash", OptionType::kSpin, std::to_string(kDefaultHashMb), 1, kMaxHashMb, {}},
      {"threads", OptionType::kSpin, std::to_string(default_threads()), 1, kMaxThreads, {}},
      // Stockfish's names for what match runners and GUIs set on every
      // engine; names are case-insensitive, so `Hash` and `Threads` are the
      // two options above.
      {"Clear Hash", OptionType::kButton, "", 0, 0, {}},
      {"Move Overhead", OptionType::kSpin, std::to_string(kDefaultMoveOverheadMs), 0, kMaxMoveOverheadMs, {}},
      {"MultiPV", OptionType::kSpin, "1", 1, kMaxMultiPv, {}},
      {"Ponder", OptionType::kCheck, "false", 0, 0, {}},
      {"edition", OptionType::kCombo, std::string(kernel::edition_name(kernel::kDefaultEdition)), 0, 0,
       {"2018", "2016"}},
      {"use_ko", OptionType::kCheck, "true", 0, 0, {}},
  };
  for (const auto& spec : eval::kWeightSpecs)
    list.push_back({std::string(spec.name), OptionType::kSpin, std::to_string(spec.default_value),
                    spec.min, spec.max, {}});
  list.push_back({std::string(kLcoverageSpec.name), OptionType::kSpin,
                  std::to_string(kLcoverageSpec.default_value), kLcoverageSpec.min, kLcoverageSpec.max, {}});
  list.push_back({"lcoverage_beams", OptionType::kCombo, "auto", 0, 0, {"auto", "walk", "kernel"}});
  // The search rules: a preset, then each rule (set after the preset to try
  // a change of one rule).
  list.push_back({"search", OptionType::kCombo, "default", 0, 0, {"default", "course"}});
  // Plain alpha-beta without TT, pruning or reductions (SearchOptions::exact):
  // slow, but its mate scores are proofs; for checking tactics and the
  // parallel search.
  list.push_back({"exact_search", OptionType::kCheck, "false", 0, 0, {}});
  SearchRules defaults = SearchRules::standard();
  for (const auto& spec : kSearchRuleSpecs)
    list.push_back({std::string(spec.name), OptionType::kSpin, std::to_string(*spec.field(defaults)), spec.min,
                    spec.max, {}});
  return list;
}

std::optional<std::string> Engine::set_option(std::string_view name, std::string_view value) {
  wait();
  const std::string key = lower(name);
  auto int_in = [&](int min, int max) -> std::variant<int, std::string> {
    auto v = parse_integer_value(key, value, min, max);
    if (auto* err = std::get_if<std::string>(&v)) return std::move(*err);
    return static_cast<int>(std::get<long long>(v));
  };
  if (key == "hash") {
    const auto v = int_in(1, kMaxHashMb);
    if (auto* err = std::get_if<std::string>(&v)) return *err;
    // The table is written in full when allocated; more than half of the
    // machine's memory would get the process killed instead of refused.
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page_size = sysconf(_SC_PAGE_SIZE);
    const long long physical_mb = pages > 0 && page_size > 0 ? static_cast<long long>(pages) * page_size >> 20 : 0;
    if (physical_mb > 0 && std::get<int>(v) > physical_mb / 2)
      return "option hash value " + std::to_string(std::get<int>(v)) + " MB is more than half of this machine's " +
             std::to_string(physical_mb) + " MB of memory";
    try {
      tt_.resize(static_cast<std::size_t>(std::get<int>(v)));
    } catch (const std::bad_alloc&) {
      return "option hash: cannot allocate " + std::to_string(std::get<int>(v)) + " MB";
    }
    return std::nullopt;
  }
  if (key == "threads") {
    const auto v = int_in(1, kMaxThreads);
    if (auto* err = std::get_if<std::string>(&v)) return *err;
    // oneTBB runs no more threads at once than the machine has (asking for
    // more only prints its own warning), so more are not promised either.
    threads_ = std::min(std::get<int>(v), max_threads());
    return std::nullopt;
  }
  if (key == "clear hash") {
    // A button: pressing it is the whole command, a value means nothing.
    tt_.clear();
    searcher_->clear();
    return std::nullopt;
  }
  if (key == "move overhead") {
    const auto v = int_in(0, kMaxMoveOverheadMs);
    if (auto* err = std::get_if<std::string>(&v)) return *err;
    search_options_.move_overhead_ms = std::get<int>(v);
    return std::nullopt;
  }
  if (key == "ponder") {
    const auto b = parse_bool(value);
    if (!b) return "option ponder expects true or false, got " + kernel::quote(value);
    ponder_enabled_ = *b;
    return std::nullopt;
  }
  if (key == "multipv") {
    const auto v = int_in(1, kMaxMultiPv);
    if (auto* err = std::get_if<std::string>(&v)) return *err;
    search_options_.multipv = std::get<int>(v);
    return std::nullopt;
  }
  if (key == "edition") {
    const auto e = kernel::parse_edition(value);
    if (!e) return "option edition expects 2018 or 2016, got " + kernel::quote(value);
    const bool use_ko = game_.use_ko();
    game_ = kernel::Game::start(*e);
    game_.set_use_ko(use_ko);
    return std::nullopt;
  }
  if (key == "use_ko") {
    const auto b = parse_bool(value);
    if (!b) return "option use_ko expects true or false, got " + kernel::quote(value);
    game_.set_use_ko(*b);
    return std::nullopt;
  }
  if (const auto* spec = eval::find_weight(key)) {
    const auto v = int_in(spec->min, spec->max);
    if (auto* err = std::get_if<std::string>(&v)) return *err;
    eval::set_weight(params_.weights_2016, *spec, std::get<int>(v));
    eval::set_weight(params_.weights_2018, *spec, std::get<int>(v));
    searcher_->clear_eval_cache();
    return std::nullopt;
  }
  if (key == kLcoverageSpec.name) {
    const auto v = int_in(kLcoverageSpec.min, kLcoverageSpec.max);
    if (auto* err = std::get_if<std::string>(&v)) return *err;
    params_.lcoverage = std::get<int>(v);
    searcher_->clear_eval_cache();
    return std::nullopt;
  }
  if (key == "lcoverage_beams") {
    // How 2018 LCOVERAGE traces its beams: the scalar walk, or the active
    // SIMD implementation's batched kernel; the scores are the same.
    const std::string v = lower(value);
    if (v == "auto") params_.lcoverage_beams = eval::LcoverageBeams::kAuto;
    else if (v == "walk") params_.lcoverage_beams = eval::LcoverageBeams::kWalk;
    else if (v == "kernel") params_.lcoverage_beams = eval::LcoverageBeams::kKernel;
    else return "option lcoverage_beams expects auto, walk or kernel, got " + kernel::quote(value);
    return std::nullopt;
  }
  if (key == "exact_search") {
    const auto b = parse_bool(value);
    if (!b) return "option exact_search expects true or false, got " + kernel::quote(value);
    search_options_.exact = *b;
    return std::nullopt;
  }
  if (key == "search") {
    const std::string v = lower(value);
    if (v == "default") search_options_.rules = SearchRules::standard();
    else if (v == "course") search_options_.rules = SearchRules::course();
    else return "option search expects default or course, got " + kernel::quote(value);
    return std::nullopt;
  }
  for (const auto& spec : kSearchRuleSpecs) {
    if (key != spec.name) continue;
    const auto v = int_in(spec.min, spec.max);
    if (auto* err = std::get_if<std::string>(&v)) return *err;
    *spec.field(search_options_.rules) = std::get<int>(v);
    return std::nullopt;
  }
  return "unknown option " + kernel::quote(name);
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
