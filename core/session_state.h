// A protocol session's state as data: what a core hands the next one when the
// protocol's `simd` option switches cores (core::CoreHandover, core/cores.h).
// The next core applies it through its own engine (the option registry and
// the game), not by running protocol lines through its parser: nothing is
// printed and parsed back between cores, and an option or a move is never
// read twice under two readings.
#pragma once

#include <string>
#include <vector>

#include "kernel/edition.h"

namespace leiser::core {

struct OptionSetting {
  std::string name;   // as the engine declares it (`MultiPV`, not the alias `multi_pv`)
  std::string value;  // as it was given; empty for a button
  bool operator==(const OptionSetting&) const = default;
};

struct SessionState {
  // Every engine option the session set, each once with its last value, in
  // the order first set (an earlier option may reset what a later one set:
  // `edition` starts a new game). The protocol's own `simd` is not among
  // them: it is what switched.
  std::vector<OptionSetting> options;
  // The game: the position it started from in its edition, and every move
  // played since, the history that Ko and the draw by repetition read.
  kernel::Edition edition = kernel::kDefaultEdition;
  std::string start_fen;
  std::vector<std::string> moves;
  bool operator==(const SessionState&) const = default;
};

}  // namespace leiser::core
