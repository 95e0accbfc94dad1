// FEN (kernel/fen.h) on arbitrary bytes, both editions: a clear one-line
// error, or a position whose FEN reads back to itself, whose every legal
// move prints and reads back to itself, and which the evaluation scores.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"
#include "search/evaluate.h"

using namespace leiser;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static const search::EvalParams params{};
  for (const kernel::Edition edition : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    const auto position = kernel::parse_fen(text, edition);
    if (!position) {
      fuzz::check_message(position.error());
      continue;
    }
    const std::string fen = kernel::to_fen(*position);
    const auto again = kernel::parse_fen(fen, edition);
    FUZZ_CHECK(again.has_value(), fen);
    FUZZ_CHECK(kernel::to_fen(*again) == fen, fen);
    auto game = kernel::Game::from_fen(text, edition);
    FUZZ_CHECK(game.has_value(), fen);
    if (game->is_over() || position->is_game_over()) continue;
    for (const kernel::Move m : game->legal_moves()) {
      const std::string move_text = kernel::move_to_string(m);
      const auto parsed = game->parse_move(move_text);
      FUZZ_CHECK(parsed.has_value() && *parsed == m, fen + " " + move_text);
    }
    (void)search::evaluate(*position, params);
  }
  return 0;
}
