// What the harnesses check beyond "no crash": a broken promise is reported
// and the process aborts, which libFuzzer records as a crash with the input.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace leiser::fuzz {

[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz check failed: %s\n%.*s\n", what,
               static_cast<int>(detail.size() > 2000 ? 2000 : detail.size()), detail.data());
  std::abort();
}

// A user-facing message must be one short line of printable ASCII (input
// quoted through kernel::quote is cut to 80 characters and escaped).
inline void check_message(std::string_view message, std::size_t max_size = 600) {
  if (message.empty()) fail("empty error message");
  if (message.size() > max_size) fail("error message too long", message);
  for (const char c : message) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) fail("control or non-ASCII byte in an error message", message);
  }
}

}  // namespace leiser::fuzz

#define FUZZ_CHECK(condition, detail)                           \
  do {                                                          \
    if (!(condition)) ::leiser::fuzz::fail(#condition, detail); \
  } while (0)
