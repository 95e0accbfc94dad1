// `leiserchess bench` with a file of FENs (one per line, '#' comments): the
// real command on arbitrary bytes, each position read searched to depth 1
// in both editions. Exit status 0, or 2 with a one-line error.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "commands/bench_command.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/memory_file.h"

using namespace leiser;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static fuzz::MemoryFile file;
  const std::string path = file.write(data, size);
  for (const char* edition : {"2016", "2018"}) {
    std::ostringstream out;
    std::ostringstream err;
    const int status = commands::run_bench_command({"1", edition, "1", path}, out, err);
    FUZZ_CHECK(status == 0 || status == 2, err.str());
    if (status == 2) {
      std::string message = err.str();
      FUZZ_CHECK(!message.empty() && message.back() == '\n', message);
      message.pop_back();
      FUZZ_CHECK(message.find('\n') == std::string::npos, message);
    }
  }
  return 0;
}
