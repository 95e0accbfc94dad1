#include "arena/game_record.h"

namespace leiser::arena {

namespace {

constexpr Termination kAllTerminations[] = {
    Termination::kRules,        Termination::kAdjudication, Termination::kIllegalMove,
    Termination::kTimeForfeit,  Termination::kNoAnswer,     Termination::kCrash,
    Termination::kStartFailure, Termination::kInterrupted,
};

}  // namespace

const char* termination_name(Termination t) {
  switch (t) {
    case Termination::kRules:
      return "rules";
    case Termination::kAdjudication:
      return "adjudication";
    case Termination::kIllegalMove:
      return "illegal move";
    case Termination::kTimeForfeit:
      return "time forfeit";
    case Termination::kNoAnswer:
      return "no answer";
    case Termination::kCrash:
      return "crash";
    case Termination::kStartFailure:
      return "start failure";
    case Termination::kInterrupted:
      return "interrupted";
  }
  return "?";
}

std::optional<Termination> parse_termination(const std::string& name) {
  for (Termination t : kAllTerminations)
    if (name == termination_name(t)) return t;
  return std::nullopt;
}

const char* GameRecord::score() const {
  switch (winner) {
    case Winner::kTangerine:
      return "1-0";
    case Winner::kLavender:
      return "0-1";
    case Winner::kNone:
      break;
  }
  return "1/2-1/2";
}

}  // namespace leiser::arena
