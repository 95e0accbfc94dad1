#include "commands/go_command.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <optional>
#include <string_view>

#include "kernel/quote.h"

namespace leiser::commands {
namespace {

enum class Key {
  kDepth,
  kNodes,
  kMovetime,
  kTime,
  kInc,
  kWtime,
  kBtime,
  kWinc,
  kBinc,
  kMovestogo,
  kMate,
  kInfinite,
  kPonder,
  kSearchmoves,
};

struct KeySpec {
  std::string_view name;
  Key key;
  long long min;  // of its value, for the keys that take one
};

// A clock may be negative (a GUI's lag took it below zero): that is a clock
// with no time left, not an error.
constexpr KeySpec kKeys[] = {
    {"depth", Key::kDepth, 1},
    {"nodes", Key::kNodes, 1},
    {"movetime", Key::kMovetime, 1},
    {"time", Key::kTime, LLONG_MIN},
    {"inc", Key::kInc, 0},
    {"wtime", Key::kWtime, LLONG_MIN},
    {"btime", Key::kBtime, LLONG_MIN},
    {"winc", Key::kWinc, 0},
    {"binc", Key::kBinc, 0},
    {"movestogo", Key::kMovestogo, 1},
    {"mate", Key::kMate, 1},
    {"infinite", Key::kInfinite, 0},
    {"ponder", Key::kPonder, 0},
    {"searchmoves", Key::kSearchmoves, 0},
};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const KeySpec* find_key(std::string_view token) {
  const std::string name = lower(token);
  for (const KeySpec& spec : kKeys)
    if (spec.name == name) return &spec;
  return nullptr;
}

// The value of a whole-number token; a number too long for a long long is
// saturated (a huge movetime is "a very long time", not a typo).
std::optional<long long> read_number(std::string_view text) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) return text.front() == '-' ? LLONG_MIN : LLONG_MAX;
  if (ec != std::errc()) return std::nullopt;
  return value;
}

int clamp_to_int(long long value) {
  return static_cast<int>(std::clamp<long long>(value, 0, INT_MAX));
}

// Pondering is a limit too: it lasts until `ponderhit` or `stop`, which the
// GUI that asked for it will send.
bool has_limit(const search::SearchLimits& limits) {
  return limits.depth > 0 || limits.nodes > 0 || limits.movetime_ms > 0 || limits.time_ms >= 0 ||
         limits.infinite || limits.ponder;
}

// Slack over the 2N - 1 plies of a mate in N (mate_search_depth).
constexpr int kMateDepthSlack = 3;

}  // namespace

int mate_search_depth(long long moves) {
  const long long plies = std::min<long long>(moves, search::kMaxDepth) * 2 - 1 + kMateDepthSlack;
  return static_cast<int>(std::min<long long>(plies, search::kMaxDepth));
}

GoRequest parse_go(const std::vector<std::string>& tokens, const kernel::Game& game) {
  GoRequest request;
  search::SearchLimits& limits = request.limits;
  const bool tangerine = game.position().side_to_move() == kernel::Color::kTangerine;
  std::optional<long long> mate;
  bool searchmoves_named = false;  // a list was given, even if no move of it is legal
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const KeySpec* spec = find_key(tokens[i]);
    if (spec == nullptr) {
      request.errors.push_back("unknown go parameter " + kernel::quote(tokens[i]) + "; ignored");
      continue;
    }
    const std::string name(spec->name);
    if (spec->key == Key::kInfinite) {
      limits.infinite = true;
      continue;
    }
    if (spec->key == Key::kPonder) {
      limits.ponder = true;
      continue;
    }
    if (spec->key == Key::kSearchmoves) {
      // The moves run up to the next keyword. A bad one is reported and
      // left out; the rest still restrict the search.
      bool any_given = false;
      searchmoves_named = true;
      while (i + 1 < tokens.size() && find_key(tokens[i + 1]) == nullptr) {
        any_given = true;
        const std::string& text = tokens[++i];
        const auto move = game.parse_move(text);
        if (!move) {
          request.errors.push_back("go searchmoves: " + move.error() + "; ignored");
          continue;
        }
        if (std::find(limits.searchmoves.begin(), limits.searchmoves.end(), *move) ==
            limits.searchmoves.end())
          limits.searchmoves.push_back(*move);
      }
      if (!any_given) {
        request.errors.push_back("go searchmoves expects moves after it; searching every move");
        searchmoves_named = false;
      }
      continue;
    }
    // A keyword where the number should be is the next parameter, not a
    // bad number: "go depth movetime 100" still gets its movetime.
    if (i + 1 >= tokens.size() || find_key(tokens[i + 1]) != nullptr) {
      request.errors.push_back("go " + name + " expects a number after it; ignored");
      continue;
    }
    const std::string& text = tokens[++i];
    const auto number = read_number(text);
    if (!number || *number < spec->min) {
      request.errors.push_back("go " + name + " expects " +
                               (spec->min == LLONG_MIN
                                    ? std::string("a whole number of milliseconds")
                                    : "a whole number >= " + std::to_string(spec->min)) +
                               ", got " + kernel::quote(text) + "; ignored");
      continue;
    }
    const long long value = *number;
    switch (spec->key) {
      case Key::kDepth:
        limits.depth = clamp_to_int(value);
        break;
      case Key::kNodes:
        limits.nodes = static_cast<std::uint64_t>(value);
        break;
      case Key::kMovetime:
        limits.movetime_ms = clamp_to_int(value);
        break;
      case Key::kTime:
        limits.time_ms = clamp_to_int(value);
        break;
      case Key::kInc:
        limits.increment_ms = clamp_to_int(value);
        break;
      case Key::kWtime:
        if (tangerine) limits.time_ms = clamp_to_int(value);
        break;
      case Key::kBtime:
        if (!tangerine) limits.time_ms = clamp_to_int(value);
        break;
      case Key::kWinc:
        if (tangerine) limits.increment_ms = clamp_to_int(value);
        break;
      case Key::kBinc:
        if (!tangerine) limits.increment_ms = clamp_to_int(value);
        break;
      case Key::kMovestogo:
        break;  // the clock alone sets the time per move
      case Key::kMate:
        mate = value;
        break;
      default:
        break;
    }
  }
  if (mate) {
    // The search stops at the first iteration that finds a mate in at most
    // N moves. Limits given with it bound it as usual; alone, it searches at
    // most as deep as the mate needs (a depth, so that it always ends).
    limits.mate = clamp_to_int(std::min<long long>(*mate, search::kMaxDepth));
    if (!has_limit(limits)) limits.depth = mate_search_depth(*mate);
  }
  // Every move of the list was bad: each has its error line, the last of
  // which says that the search is not restricted after all.
  if (searchmoves_named && limits.searchmoves.empty())
    request.errors.back() += " (no legal move left: searching every move)";
  // Searching without any limit is what a plain `go` asks for; after a
  // mistake it is more likely a GUI waiting for an answer that never comes.
  if (!request.errors.empty() && !has_limit(limits)) {
    limits.depth = 1;
    request.errors.back() += " (no limit left: answering at once, depth 1)";
  }
  return request;
}

}  // namespace leiser::commands
