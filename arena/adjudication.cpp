#include "arena/adjudication.h"

#include <cstdlib>

namespace leiser::arena {

namespace {

std::string moves_each(int n) {
  return std::to_string(n) + (n == 1 ? " move" : " moves") + " each";
}

}  // namespace

std::optional<Verdict> Adjudicator::after_move(int plies, std::optional<int> tangerine_score) {
  const int full_moves = plies / 2;
  if (rules_.draw) {
    const DrawAdjudication& draw = *rules_.draw;
    drawish_ = tangerine_score && std::abs(*tangerine_score) <= draw.score_cp ? drawish_ + 1 : 0;
    if (drawish_ >= 2 * draw.move_count && full_moves >= draw.move_number)
      return Verdict{Winner::kNone, "adjudication: both engines scored the game within " +
                                        std::to_string(draw.score_cp) + " cp of a draw for " +
                                        moves_each(draw.move_count)};
  }
  if (rules_.resign) {
    const ResignAdjudication& resign = *rules_.resign;
    tangerine_ahead_ =
        tangerine_score && *tangerine_score >= resign.score_cp ? tangerine_ahead_ + 1 : 0;
    lavender_ahead_ =
        tangerine_score && *tangerine_score <= -resign.score_cp ? lavender_ahead_ + 1 : 0;
    if (full_moves >= resign.move_number) {
      const std::string margin =
          std::to_string(resign.score_cp) + " cp for " + moves_each(resign.move_count);
      if (tangerine_ahead_ >= 2 * resign.move_count)
        return Verdict{Winner::kTangerine,
                       "adjudication: both engines scored Tangerine ahead by at least " + margin};
      if (lavender_ahead_ >= 2 * resign.move_count)
        return Verdict{Winner::kLavender,
                       "adjudication: both engines scored Lavender ahead by at least " + margin};
    }
  }
  return std::nullopt;
}

}  // namespace leiser::arena
