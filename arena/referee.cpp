#include "arena/referee.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/notation.h"

namespace leiser::arena {

namespace {

using kernel::GameResult;
using std::chrono::milliseconds;

constexpr std::array<const char*, 2> kSideNames = {"Tangerine", "Lavender"};

Winner winner_of(GameResult r) {
  switch (r) {
    case GameResult::kTangerineWins:
      return Winner::kTangerine;
    case GameResult::kLavenderWins:
      return Winner::kLavender;
    default:
      return Winner::kNone;
  }
}

Winner opponent_wins(int side) { return side == 0 ? Winner::kLavender : Winner::kTangerine; }

// One side's clock; `tc` empty means the side plays without one.
struct SideClock {
  std::optional<TimeControl> tc;
  std::int64_t remaining_ms = 0;
};

std::string go_command(const std::array<SideClock, 2>& clocks, int side, const EngineSpec& spec) {
  std::string go = "go";
  if (const auto& own = clocks[side]; own.tc) {
    go += " time " + std::to_string(own.remaining_ms) + " inc " + std::to_string(own.tc->inc_ms);
    // The standard UCI spelling too, for engines that only read that; the
    // opponent's clock is given when it has one.
    for (int s = 0; s < 2; ++s) {
      if (!clocks[s].tc) continue;
      go += std::string(s == 0 ? " wtime " : " btime ") + std::to_string(clocks[s].remaining_ms);
      go += std::string(s == 0 ? " winc " : " binc ") + std::to_string(clocks[s].tc->inc_ms);
    }
  }
  if (spec.depth > 0) go += " depth " + std::to_string(spec.depth);
  if (spec.nodes > 0) go += " nodes " + std::to_string(spec.nodes);
  return go;
}

std::string who(int side, const EngineClient& engine) {
  return std::string(kSideNames[side]) + " (" + engine.name() + ")";
}

}  // namespace

milliseconds clock_grace(std::int64_t remaining_ms) {
  return milliseconds(50 + std::max<std::int64_t>(remaining_ms, 0) / 10);
}

GameRecord play_game(EngineClient& tangerine, EngineClient& lavender, const GameSetup& setup) {
  GameRecord record;
  record.tangerine = tangerine.name();
  record.lavender = lavender.name();
  record.opening_id = setup.opening.id;
  // Openings are checked when the book is read; one failing here is a bug.
  auto start = setup.opening.fen.empty()
                   ? kernel::Expected<kernel::Game>(kernel::Game::start(setup.edition))
                   : kernel::Game::from_fen(setup.opening.fen, setup.edition);
  if (!start) throw std::invalid_argument("opening FEN rejected: " + start.error());
  kernel::Game game = std::move(start.value());
  game.set_use_ko(setup.use_ko);
  record.start_fen = kernel::to_fen(game.start_position());
  for (const std::string& m : setup.opening.moves) {
    if (auto played = game.play(m); !played)
      throw std::invalid_argument("opening move rejected: " + played.error());
    record.moves.push_back(kernel::move_to_string(game.moves().back()));
  }
  record.opening_plies = record.moves.size();
  auto finish = [&](Winner winner, Termination termination, std::string reason) {
    record.winner = winner;
    record.termination = termination;
    record.reason = std::move(reason);
    return record;
  };
  if (game.is_over())
    return finish(winner_of(game.result()), Termination::kRules,
                  std::string(kernel::result_reason(game.result())));

  std::array<EngineClient*, 2> engines = {&tangerine, &lavender};
  std::array<std::string, 2> failure;
  for (int s = 0; s < 2; ++s) {
    EngineClient& e = *engines[s];
    if (!e.alive()) {
      if (auto problem = e.start()) {
        failure[s] = who(s, e) + " could not be started: " + *problem;
        continue;
      }
    }
    if (auto problem = e.new_game()) failure[s] = who(s, e) + " failed 'ucinewgame': " + *problem;
  }
  if (!failure[0].empty() || !failure[1].empty()) {
    const Winner w = failure[0].empty()   ? Winner::kTangerine
                     : failure[1].empty() ? Winner::kLavender
                                          : Winner::kNone;
    const std::string both = failure[0].empty() || failure[1].empty() ? "" : "; ";
    return finish(w, Termination::kStartFailure, failure[0] + both + failure[1]);
  }

  std::array<SideClock, 2> clocks;
  for (int s = 0; s < 2; ++s) {
    clocks[s].tc = engines[s]->spec().tc;
    if (clocks[s].tc) clocks[s].remaining_ms = clocks[s].tc->base_ms;
  }
  Adjudicator adjudicator(setup.adjudication);
  // Course engines know `position startpos`; a FEN start needs `position fen`.
  std::string position =
      setup.opening.fen.empty() ? "position startpos" : "position fen " + record.start_fen;
  if (!record.moves.empty()) {
    position += " moves";
    for (const std::string& m : record.moves) position += " " + m;
  }

  while (true) {
    const int side = game.position().side_to_move() == kernel::Color::kTangerine ? 0 : 1;
    EngineClient& engine = *engines[side];
    SideClock& clock = clocks[side];
    // Unreachable under the rules as written (a King can always rotate), but
    // a referee must not ask for a move that cannot exist.
    if (game.legal_moves().empty())
      return finish(Winner::kNone, Termination::kRules, "no legal moves");

    const std::int64_t remaining = clock.remaining_ms;
    const milliseconds allowed =
        clock.tc ? milliseconds(remaining) + clock_grace(remaining) : setup.move_timeout;
    const Reply reply =
        engine.go(position, go_command(clocks, side, engine.spec()), allowed, setup.abort);

    if (reply.status == Reply::Status::kAborted) {
      engine.recover();
      return finish(Winner::kNone, Termination::kInterrupted, "the match was interrupted");
    }
    if (reply.status == Reply::Status::kCrashed)
      return finish(opponent_wins(side), Termination::kCrash,
                    who(side, engine) + " crashed: " + reply.detail);
    if (reply.status == Reply::Status::kTimeout || reply.elapsed > allowed) {
      // A search past its deadline is stopped (or the engine killed) so that
      // it is in a known state for the next game.
      if (reply.status == Reply::Status::kTimeout) engine.recover();
      if (clock.tc)
        return finish(opponent_wins(side), Termination::kTimeForfeit,
                      who(side, engine) + " lost on time (" + std::to_string(remaining) +
                          " ms left, no move within " + std::to_string(reply.elapsed.count()) +
                          " ms)");
      return finish(opponent_wins(side), Termination::kNoAnswer,
                    who(side, engine) + " did not answer 'go' within " +
                        std::to_string(setup.move_timeout.count()) + " ms");
    }
    if (clock.tc)
      clock.remaining_ms =
          std::max<std::int64_t>(remaining - reply.elapsed.count(), 0) + clock.tc->inc_ms;

    if (reply.move.empty())
      return finish(opponent_wins(side), Termination::kIllegalMove,
                    who(side, engine) + " answered 'bestmove' with no move");
    if (auto played = game.play(reply.move); !played)
      return finish(opponent_wins(side), Termination::kIllegalMove,
                    who(side, engine) + " forfeits: " + played.error());
    const std::string move = kernel::move_to_string(game.moves().back());
    record.moves.push_back(move);
    record.notes.push_back(MoveNote{reply.score_cp, reply.depth, reply.elapsed});
    position += (record.moves.size() == 1 ? " moves " : " ") + move;
    if (game.is_over())
      return finish(winner_of(game.result()), Termination::kRules,
                    std::string(kernel::result_reason(game.result())));

    std::optional<int> tangerine_score = reply.score_cp;
    if (tangerine_score && side == 1) tangerine_score = -*tangerine_score;
    if (auto verdict =
            adjudicator.after_move(static_cast<int>(record.moves.size()), tangerine_score))
      return finish(verdict->winner, Termination::kAdjudication, verdict->reason);
  }
}

}  // namespace leiser::arena
