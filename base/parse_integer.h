// Reading whole numbers from command-line and protocol arguments: shared by the
// front ends (commands/, mpi/, web/), so it lives below them.
#pragma once

#include <charconv>
#include <optional>
#include <string_view>

namespace leiser::base {

// The value of `text` if it is exactly a decimal integer in [min, max].
inline std::optional<long long> parse_integer(std::string_view text, long long min, long long max) {
  long long value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value < min || value > max)
    return std::nullopt;
  return value;
}

}  // namespace leiser::base
