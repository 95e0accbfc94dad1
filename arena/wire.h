// Games to play and their records as bytes, for sending them between
// processes (`leiserchess-mpi arena`: rank 0 sends a worker rank the games
// of one opening, the worker sends back each game's record). Every field is
// its length in decimal, ':', then its bytes, so that any text an engine
// wrote (a reason quoting its output, an EPD id) travels unchanged; a
// message that does not decode is an error, never a half-filled record.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arena/game_record.h"
#include "arena/match.h"
#include "arena/openings.h"
#include "kernel/expected.h"

namespace leiser::arena {

// One game of the schedule with its opening itself (the worker has no book).
struct GameToPlay {
  ScheduledGame game;
  Opening opening;  // default: the edition's start position
};

std::string encode_games(const std::vector<GameToPlay>& games);
kernel::Expected<std::vector<GameToPlay>> decode_games(std::string_view bytes);

// A finished game: its number in the schedule and its record.
struct NumberedRecord {
  int number = 0;
  GameRecord record;
};

std::string encode_record(const NumberedRecord& game);
kernel::Expected<NumberedRecord> decode_record(std::string_view bytes);

}  // namespace leiser::arena
