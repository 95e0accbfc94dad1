// The evaluation the search calls: the edition's static evaluation of a
// position, in centipawns from the side to move's point of view.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernel/position.h"
#include "nnue/network.h"
#include "search/eval/lcoverage.h"
#include "search/eval/weights.h"

namespace leiser::search {

// Which evaluation the search uses (the `Eval` option).
enum class EvalKind : std::uint8_t { kClassic, kNnue };

struct EvalParams {
  // The classic terms below, or the network of the position's edition
  // (nnue/README.md). The Engine plays with kNnue where it has a network;
  // `bench` sets kClassic so its node counts stay comparable with the course
  // engines.
  EvalKind kind = EvalKind::kClassic;
  // One network per edition (index: 0 for 2016, 1 for 2018); null where there
  // is none, and the classic evaluation is then used even with kNnue.
  std::array<std::shared_ptr<const nnue::Network>, 2> networks;
  // Changes whenever `kind` or a network does, so that accumulators and
  // cached scores of another network are never reused.
  std::uint32_t network_generation = 0;
  // The network that evaluates `edition`'s positions now, or null for the
  // classic evaluation.
  const nnue::Network* network(kernel::Edition edition) const {
    return kind == EvalKind::kNnue ? networks[edition == kernel::Edition::k2016 ? 0 : 1].get()
                                   : nullptr;
  }
  // Whether any edition has a network (without one, kNnue means nothing).
  bool has_network() const { return networks[0] || networks[1]; }

  // 2016: EVAL-2016.md exactly.
  eval::EvalWeights weights_2016;
  // 2018: the 2016 terms of EVAL-2018.md (material, PCENTRAL, PBETWEEN,
  // KFACE, KAGGRESSIVE, MOBILITY) on the 2018 board; HATTACK and PAWNPIN are
  // not 2018 terms and their weights are ignored here.
  eval::EvalWeights weights_2018;
  // 2018 LCOVERAGE weight: ev units per unit of coverage difference.
  int lcoverage = eval::kLcoverageDefaultWeight;
};

// The LCOVERAGE option (2018 only).
inline constexpr eval::WeightSpec kLcoverageSpec{"lcoverage", eval::kLcoverageDefaultWeight, 0,
                                                 10000, nullptr};

int evaluate(const kernel::Position& pos, const EvalParams& params);
// The same, for a caller that has traced the side to move's beam on this
// board already (kernel::trace_laser(board, side to move).path): the search
// has, and the 2016 position carries the opponent's, so no beam is traced
// twice.
int evaluate(const kernel::Position& pos, const EvalParams& params,
             kernel::Bitboard side_to_move_path);

// The evaluation term by term (internal ev units per colour), for `eval`.
struct EvalTerm {
  std::string name;
  int white = 0;
  int black = 0;
};
struct EvalTerms {
  std::vector<EvalTerm> terms;
  int score_cp = 0;  // equals evaluate()
};
EvalTerms evaluate_terms(const kernel::Position& pos, const EvalParams& params);

}  // namespace leiser::search
