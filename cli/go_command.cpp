#include "cli/go_command.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <optional>
#include <string_view>

#include "kernel/quote.h"

namespace leiser::cli {
namespace {

enum class Key {
  kDepth, kNodes, kMovetime, kTime, kInc, kWtime, kBtime, kWinc, kBinc, kMovestogo, kMate,
  kInfinite, kPonder, kSearchmoves,
};

struct KeySpec {
  std::string_view name;
  Key key;
  long long min;  // of its value, for the keys that take one
};

// A clock may be negative (a GUI's lag took it below zero): that is a clock
// with no time left, not an error.
constexpr KeySpec kKeys[] = {
    {"depth", Key::kDepth, 1},         {"nodes", Key::kNodes, 1},
    {"movetime", Key::kMovetime, 1},   {"time", Key::kTime, LLONG_MIN},
    {"inc", Key::kInc, 0},             {"wtime", Key::kWtime, LLONG_MIN},
    {"btime", Key::kBtime, LLONG_MIN}, {"winc", Key::kWinc, 0},
    {"binc", Key::kBinc, 0},           {"movestogo", Key::kMovestogo, 1},
    {"mate", Key::kMate, 1},           {"infinite", Key::kInfinite, 0},
    {"ponder", Key::kPonder, 0},       {"searchmoves", Key::kSearchmoves, 0},
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

bool has_limit(const search::SearchLimits& limits) {
  return limits.depth > 0 || limits.nodes > 0 || limits.movetime_ms > 0 || limits.time_ms >= 0 ||
         limits.infinite;
}

}  // namespace

GoRequest parse_go(const std::vector<std::string>& tokens, kernel::Color side_to_move) {
  GoRequest request;
  search::SearchLimits& limits = request.limits;
  const bool tangerine = side_to_move == kernel::Color::kTangerine;
  std::optional<long long> mate;
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
      request.errors.push_back("go ponder is not supported yet; searching as if it were not there");
      continue;
    }
    if (spec->key == Key::kSearchmoves) {
      // The moves run up to the next keyword.
      while (i + 1 < tokens.size() && find_key(tokens[i + 1]) == nullptr) ++i;
      request.errors.push_back("go searchmoves is not supported yet; searching every move");
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
                               (spec->min == LLONG_MIN ? std::string("a whole number of milliseconds")
                                                       : "a whole number >= " + std::to_string(spec->min)) +
                               ", got " + kernel::quote(text) + "; ignored");
      continue;
    }
    const long long value = *number;
    switch (spec->key) {
      case Key::kDepth: limits.depth = clamp_to_int(value); break;
      case Key::kNodes: limits.nodes = static_cast<std::uint64_t>(value); break;
      case Key::kMovetime: limits.movetime_ms = clamp_to_int(value); break;
      case Key::kTime: limits.time_ms = clamp_to_int(value); break;
      case Key::kInc: limits.increment_ms = clamp_to_int(value); break;
      case Key::kWtime: if (tangerine) limits.time_ms = clamp_to_int(value); break;
      case Key::kBtime: if (!tangerine) limits.time_ms = clamp_to_int(value); break;
      case Key::kWinc: if (tangerine) limits.increment_ms = clamp_to_int(value); break;
      case Key::kBinc: if (!tangerine) limits.increment_ms = clamp_to_int(value); break;
      case Key::kMovestogo: break;  // the clock alone sets the time per move
      case Key::kMate: mate = value; break;
      default: break;
    }
  }
  if (mate) {
    // A mate in n moves is 2n - 1 plies deep: search that deep instead.
    if (limits.depth > 0) {
      request.errors.push_back("go mate is not supported yet; ignored (a depth is given)");
    } else {
      limits.depth = clamp_to_int(std::min<long long>(*mate, INT_MAX / 2) * 2 - 1);
      request.errors.push_back("go mate is not supported yet; searching to depth " +
                               std::to_string(limits.depth) + " instead");
    }
  }
  // Searching without any limit is what a plain `go` asks for; after a
  // mistake it is more likely a GUI waiting for an answer that never comes.
  if (!request.errors.empty() && !has_limit(limits)) {
    limits.depth = 1;
    request.errors.back() += " (no limit left: answering at once, depth 1)";
  }
  return request;
}

}  // namespace leiser::cli
