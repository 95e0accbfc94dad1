// `leiserchess solve` tactics suites ('<FEN>; dm <n>; edition <E>; id <name>'
// per line) on arbitrary bytes: a one-line error naming the line, or
// problems whose positions are games still going on.
#include <cstddef>
#include <cstdint>
#include <string>

#include "commands/solve_command.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/memory_file.h"
#include "kernel/game.h"

using namespace leiser;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static fuzz::MemoryFile file;
  const std::string path = file.write(data, size);
  const auto problems = commands::read_tactics_file(path);
  if (!problems) {
    FUZZ_CHECK(!problems.error().empty(), path);
    return 0;
  }
  for (const commands::TacticsProblem& p : *problems) {
    const auto game = kernel::Game::from_fen(p.fen, p.edition);
    FUZZ_CHECK(game.has_value() && !game->is_over(), p.fen);
    FUZZ_CHECK(p.mate_in >= 1, p.fen);
  }
  return 0;
}
