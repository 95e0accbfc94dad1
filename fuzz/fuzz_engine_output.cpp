// Engine output as the arena reads it (arena/engine.h): any line, and
// the score of an `info` line. A score read must be one the line states.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "arena/engine.h"
#include "fuzz/fuzz_check.h"

using namespace leiser;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(in, line);) {
    const auto score = arena::parse_info_score(line);
    if (score) FUZZ_CHECK(line.find("score") != std::string::npos, line);
  }
  return 0;
}
