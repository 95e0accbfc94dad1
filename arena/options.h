// The command lines of `leiserchess arena` and `leiserchess openings`,
// parsed into configurations. Every mistake is a one-line error naming the
// offending argument; nothing here starts a process or reads a file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arena/match.h"
#include "arena/openings.h"
#include "kernel/expected.h"

namespace leiser::arena {

struct ArenaOptions {
  MatchConfig match;                  // engines with their limits resolved
  std::string openings_path;          // empty: start position only
  bool shuffle = false;               // --shuffle: the book in random order
  std::optional<std::uint64_t> seed;  // --seed: the shuffle's seed
  bool resume = false;                // --resume: continue the match in --pgn
  bool debug = false;
  bool help = false;
};

kernel::Expected<ArenaOptions> parse_arena_args(const std::vector<std::string>& args);

struct OpeningsOptions {
  OpeningGeneratorConfig generator;
  bool seed_given = false;
  bool help = false;
};

kernel::Expected<OpeningsOptions> parse_openings_args(const std::vector<std::string>& args);

// Pieces, exposed for tests.

// "name=new,cmd=./build/leiserchess,option.hash=64,depth=3": keys name, cmd,
// dir, depth, nodes, tc and option.<X> (sent as `setoption name X value V`).
// The command is split into words at spaces ('...' and "..." quote); it
// cannot contain a comma, which separates the keys.
kernel::Expected<EngineSpec> parse_engine_spec(const std::string& text);
// "10+0.1" (seconds base + increment) or "10" (no increment).
kernel::Expected<TimeControl> parse_time_control(const std::string& text);
// Shell-like splitting of a command: spaces separate words, quotes group.
kernel::Expected<std::vector<std::string>> split_command(const std::string& command);

extern const char* const kArenaHelp;
extern const char* const kOpeningsHelp;

}  // namespace leiser::arena
