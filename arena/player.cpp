#include "arena/player.h"

#include <algorithm>
#include <cstddef>

#include "arena/referee.h"

namespace leiser::arena {

GamePlayer::GamePlayer(const MatchConfig& config, ProtocolLog* log) : config_(config), log_(log) {}

GamePlayer::~GamePlayer() { quit(); }

EngineClient& GamePlayer::engine(int index) {
  auto& slot = engines_[index];
  if (!slot)
    slot = std::make_unique<EngineClient>(config_.engines.at(static_cast<std::size_t>(index)),
                                          config_.edition, config_.use_ko, log_);
  return *slot;
}

GameRecord GamePlayer::play(const ScheduledGame& game, const Opening& opening) {
  GameSetup setup;
  setup.edition = config_.edition;
  setup.use_ko = config_.use_ko;
  setup.adjudication = config_.adjudication;
  setup.move_timeout = config_.move_timeout;
  setup.abort = config_.interrupt;
  setup.opening = opening;
  return play_game(engine(game.tangerine), engine(game.lavender), setup);
}

std::vector<int> GamePlayer::quit() {
  std::vector<int> restarts(config_.engines.size(), 0);
  for (auto& [index, client] : engines_) {
    client->quit();
    restarts[static_cast<std::size_t>(index)] = std::max(0, client->starts() - 1);
  }
  engines_.clear();
  return restarts;
}

}  // namespace leiser::arena
