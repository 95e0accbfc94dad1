// A whole protocol session (commands/uci.h, the real front end with its reader,
// queue and executor, and real searches) on arbitrary bytes. Promises
// checked on every input:
//   - every `go` read gets exactly one `bestmove` (`go perft N` none: it is
//     the perft command), every `isready` one `readyok`;
//   - every line printed is printable ASCII of bounded length;
//   - the session ends (libFuzzer's -timeout catches a hang) with status 0.
// The input is followed by a `stop` line so that searches and perfts asked
// for end at once: the fuzzer explores the front end, not deep searches.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "commands/line_reader.h"
#include "commands/uci.h"
#include "fuzz/fuzz_check.h"

using namespace leiser;

namespace {

std::string lower(std::string word) {
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return word;
}

// The first two whitespace-separated words, lower case, as the engine reads
// them: `go perft N` is the perft command, which prints no bestmove.
struct CommandWords {
  std::string first;
  std::string second;
};

CommandWords command_of(std::string_view line) {
  std::istringstream in{std::string(line)};
  CommandWords words;
  in >> words.first >> words.second;
  return {lower(words.first), lower(words.second)};
}

struct Expected {
  std::size_t go = 0;
  std::size_t isready = 0;
};

// Counts the commands the engine will read, on its own (not with the
// engine's line reader): lines up to the first `quit`, cut at "\n"; a line
// longer than the engine's limit is not run.
Expected count_commands(const std::string& input) {
  Expected expected;
  std::size_t begin = 0;
  while (begin < input.size()) {
    std::size_t end = input.find('\n', begin);
    if (end == std::string::npos) end = input.size();
    const std::string_view line(input.data() + begin, end - begin);
    begin = end + 1;
    if (line.size() > commands::kMaxLineBytes) continue;
    const CommandWords command = command_of(line);
    if (command.first == "quit") break;
    expected.go += command.first == "go" && command.second != "perft";
    expected.isready += command.first == "isready";
  }
  return expected;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  input += "\nstop\n";
  const Expected expected = count_commands(input);
  std::istringstream in(input);
  std::ostringstream out;
  const int status = commands::run_protocol(in, out);
  FUZZ_CHECK(status == 0, out.str());
  std::istringstream printed(out.str());
  Expected seen;
  for (std::string line; std::getline(printed, line);) {
    FUZZ_CHECK(line.size() <= 1000, line);
    for (const char c : line) {
      const auto u = static_cast<unsigned char>(c);
      FUZZ_CHECK(u >= 0x20 && u < 0x7f, line);
    }
    seen.go += line.rfind("bestmove ", 0) == 0;
    seen.isready += line == "readyok";
  }
  FUZZ_CHECK(seen.go == expected.go, "bestmove lines " + std::to_string(seen.go) +
                                         ", go commands " + std::to_string(expected.go) + "\n" +
                                         input.substr(0, 1000));
  FUZZ_CHECK(seen.isready == expected.isready, "readyok lines " + std::to_string(seen.isready) +
                                                   ", isready commands " +
                                                   std::to_string(expected.isready));
  return 0;
}
