#include "arena/game_order.h"

#include <algorithm>
#include <utility>

namespace leiser::arena {

void GameOrder::expect(int number) { expected_.push_back(number); }

bool GameOrder::add(NumberedRecord game) {
  const bool expected =
      std::find(expected_.begin(), expected_.end(), game.number) != expected_.end();
  if (!expected || arrived_.count(game.number) != 0) return false;
  arrived_.emplace(game.number, std::move(game));
  return true;
}

std::optional<NumberedRecord> GameOrder::next() {
  if (expected_.empty()) return std::nullopt;
  const auto found = arrived_.find(expected_.front());
  if (found == arrived_.end()) return std::nullopt;
  NumberedRecord game = std::move(found->second);
  arrived_.erase(found);
  expected_.pop_front();
  return game;
}

std::vector<NumberedRecord> GameOrder::drain() {
  std::vector<NumberedRecord> rest;
  for (const int number : expected_) {
    const auto found = arrived_.find(number);
    if (found != arrived_.end()) rest.push_back(std::move(found->second));
  }
  expected_.clear();
  arrived_.clear();
  return rest;
}

}  // namespace leiser::arena
