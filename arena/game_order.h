// Finished games that arrive in any order (from leiserchess-mpi's worker
// ranks, each playing its own opening pairs), released in the order their
// games were handed out, which is game-number order: so that the PGN, the
// progress lines and the SPRT see the games as a single-process match with
// one worker would, whichever rank finished first.
#pragma once

#include <cstddef>
#include <deque>
#include <map>
#include <optional>
#include <vector>

#include "arena/wire.h"

namespace leiser::arena {

class GameOrder {
 public:
  // Game `number` was handed out; expect its record. Call in the order the
  // records are to be released.
  void expect(int number);
  // A record arrived. False (and nothing kept) if its game was not expected
  // or already arrived: a duplicate or a stray message.
  bool add(NumberedRecord game);
  // The next record in order, if it has arrived.
  std::optional<NumberedRecord> next();
  // The records that arrived and wait behind one that never will (its
  // worker failed), in order; afterwards nothing is outstanding.
  std::vector<NumberedRecord> drain();
  // Records handed out and not yet released (arrived or not).
  std::size_t outstanding() const { return expected_.size(); }

 private:
  std::deque<int> expected_;
  std::map<int, NumberedRecord> arrived_;
};

}  // namespace leiser::arena
