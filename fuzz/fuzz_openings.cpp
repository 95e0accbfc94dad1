// Opening books (arena/openings.h: move lists, FENs, EPD) on arbitrary
// bytes, both editions: a one-line error naming the line, or openings whose
// start position parses and whose moves replay legally without ending the game.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "arena/openings.h"
#include "fuzz/fuzz_check.h"
#include "kernel/game.h"

using namespace leiser;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const kernel::Edition edition : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    std::istringstream in(text);
    const auto book = arena::read_openings(in, edition, /*use_ko=*/true);
    if (!book) {
      fuzz::check_message(book.error());
      continue;
    }
    FUZZ_CHECK(!book->empty(), text);
    for (const arena::Opening& opening : *book) {
      auto game = opening.fen.empty() ? kernel::Expected<kernel::Game>(kernel::Game::start(edition))
                                      : kernel::Game::from_fen(opening.fen, edition);
      FUZZ_CHECK(game.has_value(), arena::format_opening(opening));
      const auto played = game.value().play_all(opening.moves);
      FUZZ_CHECK(played.has_value(), arena::format_opening(opening));
      FUZZ_CHECK(!game->is_over(), arena::format_opening(opening));
    }
  }
  return 0;
}
