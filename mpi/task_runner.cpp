#include "mpi/task_runner.h"

#include <iostream>
#include <sstream>

#include "cli/parse_integer.h"

namespace leiser::mpi {

kernel::Expected<std::vector<std::uint64_t>> run_perft(const cli::CoreEntry& core,
                                                       const std::vector<std::string>& args) {
  std::ostringstream out;
  std::ostringstream err;
  std::istringstream no_input;
  cli::CoreHandover handover;  // unused: only protocol sessions hand over
  const int status = core.run(args, no_input, out, err, handover);
  if (status != 0) {
    std::string line;
    std::istringstream lines(err.str());
    std::getline(lines, line);
    if (line.rfind("error: ", 0) == 0) line.erase(0, 7);
    return kernel::Error{line.empty() ? "perft failed with status " + std::to_string(status)
                                      : line};
  }
  // The command prints "perft <d> <count>" for d = 1..N, then its summary.
  std::vector<std::uint64_t> counts;
  std::istringstream lines(out.str());
  std::string word;
  std::string depth_text;
  std::string count_text;
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    if (!(fields >> word >> depth_text >> count_text) || word != "perft") continue;
    const auto depth = cli::parse_integer(depth_text, 1, 20);
    const auto count = cli::parse_integer(count_text, 0, static_cast<long long>(~0ULL >> 1));
    if (!depth || !count || *depth != static_cast<long long>(counts.size()) + 1)
      return kernel::Error{"unexpected perft output line '" + line + "'"};
    counts.push_back(static_cast<std::uint64_t>(*count));
  }
  return counts;
}

}  // namespace leiser::mpi
