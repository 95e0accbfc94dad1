// How far a gendata run is, as data: what a core reports to leiserchess-mpi
// (once a second and at the end) instead of a progress line to be read back.
#pragma once

#include <cstdint>
#include <functional>

namespace leiser::core {

struct GendataProgress {
  std::int64_t games_done = 0;   // this run
  std::int64_t games_total = 0;  // this run's share
  std::int64_t positions = 0;    // written by this run
};

using GendataProgressFn = std::function<void(const GendataProgress&)>;

}  // namespace leiser::core
