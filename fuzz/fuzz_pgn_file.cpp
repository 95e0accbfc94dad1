// The match records `arena --resume` reads back (arena/pgn.h read_pgn, then
// arena/resume.h games_to_resume against a small match) on arbitrary bytes:
// either a one-line error, or records whose complete part ends within the
// input, resumed as games of the schedule or refused with a one-line error.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "arena/match.h"
#include "arena/pgn.h"
#include "arena/resume.h"
#include "fuzz/fuzz_check.h"

using namespace leiser;

namespace {

// Two engines, no book, edition 2016: two scheduled games from the start
// position, colours reversed (the seeds of scripts/fuzz_seeds.py fit it).
arena::MatchConfig small_match() {
  arena::MatchConfig config;
  config.engines.resize(2);
  config.engines[0].name = "a";
  config.engines[1].name = "b";
  config.edition = kernel::Edition::k2016;
  return config;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  std::size_t complete_bytes = 0;
  const auto records = arena::read_pgn(in, &complete_bytes);
  if (!records) {
    fuzz::check_message(records.error());
    return 0;
  }
  FUZZ_CHECK(complete_bytes <= text.size(), text);
  (void)arena::recorded_shuffle_seed(*records);
  static const arena::MatchConfig config = small_match();
  static const std::size_t scheduled = arena::schedule_games(config).size();
  const auto games = arena::games_to_resume(*records, config);
  if (!games) {
    // The longest refusal names four engines ("game 2 was 'x' vs 'y'; this
    // match schedules 'a' vs 'b'"): each quote shows at most 80 input bytes,
    // escaped to at most 4 characters each, and its length when cut.
    constexpr std::size_t kFourQuotes = 4 * (2 + 4 * 80 + 24);
    fuzz::check_message(games.error(), kFourQuotes + 200);
    return 0;
  }
  FUZZ_CHECK(games->size() == records->size(), text);
  std::vector<bool> seen(scheduled + 1, false);
  for (const arena::ResumedGame& game : *games) {
    FUZZ_CHECK(game.number >= 1 && static_cast<std::size_t>(game.number) <= scheduled, text);
    FUZZ_CHECK(!seen[static_cast<std::size_t>(game.number)], text);
    seen[static_cast<std::size_t>(game.number)] = true;
  }
  return 0;
}
