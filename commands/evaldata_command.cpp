#include "commands/evaldata_command.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>

#include "base/parse_integer.h"
#include "kernel/position.h"
#include "nnue/training_data.h"
#include "search/engine.h"
#include "search/evaluate.h"

namespace leiser::commands {

namespace {
constexpr const char* kUsage =
    "usage: leiserchess evaldata FILE [--first N] [--count N] [name=value ...]";
}  // namespace

int run_evaldata_command(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err) {
  if (args.empty() || args[0].rfind("--", 0) == 0) {
    err << "error: " << kUsage << "\n";
    return 2;
  }
  const std::string& path = args[0];
  constexpr std::uint64_t kAll = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t first = 0;
  std::uint64_t count = kAll;
  // Options are set as they are read, in order, on the engine that evaluates
  // (EvalFile before Eval=nnue, as in bench); made only when there are any.
  std::optional<search::Engine> engine;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--first" || arg == "--count") {
      const auto n =
          i + 1 < args.size()
              ? base::parse_integer(args[i + 1], 0, std::numeric_limits<long long>::max())
              : std::nullopt;
      if (!n) {
        err << "error: evaldata " << arg << " expects a whole number\n";
        return 2;
      }
      (arg == "--first" ? first : count) = static_cast<std::uint64_t>(*n);
      ++i;
      continue;
    }
    const auto eq = arg.find('=');
    if (eq == std::string::npos) {
      err << "error: evaldata: unexpected '" << arg << "'; " << kUsage << "\n";
      return 2;
    }
    if (!engine) engine.emplace();
    if (const auto problem = engine->set_option(arg.substr(0, eq), arg.substr(eq + 1))) {
      err << "error: evaldata: " << *problem << "\n";
      return 2;
    }
  }
  if (!engine) engine.emplace();

  const auto summary = nnue::summarize_data_file(path);
  if (!summary) {
    err << "error: evaldata: " << summary.error() << "\n";
    return 1;
  }
  const auto records = nnue::read_data_file(path);
  if (!records) {
    err << "error: evaldata: " << records.error() << "\n";
    return 1;
  }
  const std::uint64_t size = records->size();
  const std::uint64_t end = first >= size ? size : first + std::min(count, size - first);
  const search::EvalParams& params = engine->eval_params();
  out << "# record eval score result (edition " << kernel::edition_name(summary->edition)
      << ", side to move's view)\n";
  for (std::uint64_t i = first; i < end; ++i) {
    const nnue::TrainingRecord& record = (*records)[i];
    // A record decodes to any two disjoint colour planes; the evaluation
    // needs a board with both Kings, as every position gendata records has.
    if (!record.board.has_king(kernel::Color::kTangerine) ||
        !record.board.has_king(kernel::Color::kLavender)) {
      err << "error: evaldata: " << path << ": record " << i << " has a King missing\n";
      return 1;
    }
    const kernel::Position pos(record.board, record.side_to_move, summary->edition);
    out << i << ' ' << search::evaluate(pos, params) << ' ' << record.score_cp << ' '
        << static_cast<int>(record.result) << '\n';
  }
  return 0;
}

}  // namespace leiser::commands
