// Move text (kernel/notation.h) on arbitrary bytes: the shape parser, the
// legality check in three positions of each edition, and a whole move list
// as `position ... moves` and opening books read it.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "kernel/game.h"
#include "kernel/notation.h"

using namespace leiser;

namespace {

std::vector<kernel::Game> positions() {
  std::vector<kernel::Game> games;
  for (const kernel::Edition e : {kernel::Edition::k2016, kernel::Edition::k2018}) {
    games.push_back(kernel::Game::start(e));
    games.push_back(kernel::Game::from_fen(kernel::kEndgameFen, e).value());
    // Pieces side by side: swaps, swap-moves and Ko are all possible.
    games.push_back(kernel::Game::from_fen("ss7/8/8/3nwse3/3NWSE3/8/6nw1/7NN W", e).value());
  }
  return games;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto move = kernel::parse_move_text(text);
  if (move) {
    const auto again = kernel::parse_move_text(kernel::move_to_string(*move));
    FUZZ_CHECK(again.has_value() && *again == *move, kernel::move_to_string(*move));
  } else {
    fuzz::check_message(move.error());
  }
  static const std::vector<kernel::Game> games = positions();
  std::istringstream words{std::string(text)};
  std::vector<std::string> list;
  for (std::string w; words >> w;) list.push_back(w);
  for (const kernel::Game& start : games) {
    kernel::Game game = start;
    if (auto played = game.play(text); !played) fuzz::check_message(played.error());
    game = start;
    if (auto played = game.play_all(list); !played) fuzz::check_message(played.error());
    // Every move kept is legal where it was played: replaying them works.
    kernel::Game replay = start;
    for (const kernel::Move m : game.moves())
      FUZZ_CHECK(replay.play(m).has_value(), kernel::move_to_string(m));
  }
  return 0;
}
