#include "mpi/arena.h"

#include <mpi.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <iostream>
#include <map>
#include <optional>
#include <utility>

#include "arena/game_order.h"
#include "arena/match.h"
#include "arena/options.h"
#include "arena/player.h"
#include "arena/prepare.h"
#include "arena/recorder.h"
#include "arena/wire.h"
#include "base/parse_integer.h"
#include "core/cores.h"
#include "mpi/messages.h"

namespace leiser::mpi {
namespace {

constexpr int kBadInput = 2;
// Tags of this command's messages, apart from perft's kReady, kStop and
// kError (mpi/messages.h) and gendata's.
constexpr int kArenaGames = 31;   // rank 0 -> worker: arena::encode_games, one opening's games
constexpr int kArenaRecord = 32;  // worker -> rank 0: arena::encode_record, one finished game
constexpr int kArenaDone = 33;  // worker -> rank 0: its engines' restarts (int32 per engine), last

constexpr const char* kDieAfterGames = "--die-after-games";

// The test-only --die-after-games K (rank 1 SIGKILLs itself after sending K
// records, for the dead-worker test), taken out of the arena's options.
std::optional<std::string> take_die_after(std::vector<std::string>& args,
                                          std::optional<std::int64_t>& die_after) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != kDieAfterGames) continue;
    const auto value =
        i + 1 < args.size() ? base::parse_integer(args[i + 1], 1, INT64_MAX) : std::nullopt;
    if (!value) return std::string(kDieAfterGames) + " expects a positive number of games";
    die_after = *value;
    args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 2);
    --i;
  }
  return std::nullopt;
}

// The options every rank checks alike, so that every rank leaves on a bad one.
kernel::Expected<arena::ArenaOptions> parse(std::vector<std::string>& args,
                                            std::optional<std::int64_t>& die_after) {
  if (const auto problem = take_die_after(args, die_after)) return kernel::Error{*problem};
  auto options = arena::parse_arena_args(args);
  if (!options) return options;
  // A worker rank plays one game at a time with one set of engines, as a
  // worker thread does: more games at once is more ranks (mpirun -np).
  if (options->match.concurrency != 1)
    return kernel::Error{
        "--concurrency: leiserchess-mpi arena plays one game at a time on each worker rank; "
        "start more ranks instead (mpirun -np)"};
  return options;
}

// The units of work: the games left to play, an opening's two games (same
// pair of engines and twin, colours reversed) together, in the order of
// their first game. Without twins (odd --repeat) a unit is one game. A pair
// one of whose games was resumed is a unit of the other.
std::deque<std::vector<arena::ScheduledGame>> units_to_play(
    const std::vector<arena::ScheduledGame>& left) {
  std::deque<std::vector<arena::ScheduledGame>> units;
  std::map<std::pair<int, int>, std::size_t> unit_of_twin;
  for (const arena::ScheduledGame& game : left) {
    if (game.twin < 0) {
      units.push_back({game});
      continue;
    }
    const auto key = std::make_pair(game.pair, game.twin);
    if (const auto found = unit_of_twin.find(key); found != unit_of_twin.end()) {
      units[found->second].push_back(game);
    } else {
      unit_of_twin.emplace(key, units.size());
      units.push_back({game});
    }
  }
  return units;
}

void send_text(int to, int tag, const std::string& text) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

int run_rank0(arena::ArenaOptions& options, int ranks) {
  std::vector<arena::ResumedGame> resumed;
  int status = arena::prepare_match(options, resumed, std::cerr);
  // The workers wait for the verdict: a match that cannot start ends every rank.
  MPI_Request request;
  MPI_Ibcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  wait_politely(request);
  if (status != 0) return status;

  const arena::MatchConfig& match = options.match;
  const auto started = std::chrono::steady_clock::now();
  const int games = static_cast<int>(arena::schedule_games(match).size());
  std::cerr << "arena: " << match.engines.size() << " engines, " << games
            << (games == 1 ? " game" : " games") << ", edition "
            << kernel::edition_name(match.edition) << ", " << ranks - 1 << " worker ranks\n"
            << std::flush;
  // Rewriting one line in place only makes sense on a terminal.
  arena::MatchRecorder recorder(match, std::cerr, ::isatty(STDERR_FILENO) != 0);
  std::deque<std::vector<arena::ScheduledGame>> units = units_to_play(recorder.resume(resumed));

  arena::GameOrder order;
  auto record_in_order = [&] {
    while (auto next = order.next())
      recorder.record(recorder.schedule()[static_cast<std::size_t>(next->number - 1)],
                      std::move(next->record));
  };
  int working = ranks - 1;  // workers that have not sent kArenaDone
  while (working > 0) {
    const MPI_Status message = wait_for_message(MPI_ANY_SOURCE);
    const int rank = message.MPI_SOURCE;
    const std::string from = "rank " + std::to_string(rank) + ": ";
    if (message.MPI_TAG == kReady) {
      receive_empty(message);
      if (recorder.stopped() || units.empty()) {
        send_stop(rank);
        continue;
      }
      std::vector<arena::GameToPlay> unit;
      for (const arena::ScheduledGame& game : units.front()) {
        unit.push_back({game, game.opening ? match.openings[*game.opening] : arena::Opening{}});
        order.expect(game.number);
      }
      units.pop_front();
      send_text(rank, kArenaGames, arena::encode_games(unit));
    } else if (message.MPI_TAG == kArenaRecord) {
      auto game = arena::decode_record(receive_text(message));
      if (!game) {
        recorder.fail(from + game.error());
      } else {
        const int number = game->number;
        if (!order.add(std::move(game.value())))
          recorder.fail(from + "a record of game " + std::to_string(number) +
                        ", which it was not playing");
      }
      record_in_order();
    } else if (message.MPI_TAG == kError) {
      // The worker sends kArenaDone next; the match stops as the
      // single-process arena stops on a worker's failure.
      recorder.fail(from + receive_text(message));
    } else if (message.MPI_TAG == kArenaDone) {
      std::vector<std::int32_t> restarts(match.engines.size(), 0);
      MPI_Recv(restarts.data(), static_cast<int>(restarts.size()), MPI_INT32_T, rank, kArenaDone,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (std::size_t i = 0; i < restarts.size(); ++i)
        recorder.add_restarts(static_cast<int>(i), restarts[i]);
      --working;
    } else {
      receive_empty(message);
      recorder.fail(from + "an unexpected message (tag " + std::to_string(message.MPI_TAG) + ")");
    }
  }
  // Records held back behind a game that never came (its worker failed):
  // played games, kept, in order.
  for (arena::NumberedRecord& game : order.drain())
    recorder.record(recorder.schedule()[static_cast<std::size_t>(game.number - 1)],
                    std::move(game.record));

  arena::MatchResult result = recorder.finish();
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "\n";
  arena::print_summary(match, result, std::cout);
  if (!match.pgn_path.empty()) std::cout << "Game records: " << match.pgn_path << "\n";
  std::cout << std::flush;
  return result.error.empty() ? 0 : 1;
}

void run_worker(arena::ArenaOptions& options, std::optional<std::int64_t> die_after, int rank) {
  int status = 0;
  MPI_Request request;
  MPI_Ibcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  wait_politely(request);
  if (status != 0) return;

  arena::MatchConfig& match = options.match;
  arena::ProtocolLog log(options.debug ? &std::cerr : nullptr);
  arena::GamePlayer player(match, &log);
  std::int64_t sent = 0;
  send_ready();
  for (;;) {
    const MPI_Status message = wait_for_message(0);
    if (message.MPI_TAG == kStop) {
      receive_empty(message);
      break;
    }
    const auto games = arena::decode_games(receive_text(message));
    if (!games) {
      send_error(games.error());
      break;
    }
    try {
      for (const arena::GameToPlay& game : *games) {
        arena::NumberedRecord record{game.game.number, player.play(game.game, game.opening)};
        send_text(0, kArenaRecord, arena::encode_record(record));
        if (die_after && rank == 1 && ++sent >= *die_after) ::kill(::getpid(), SIGKILL);
      }
    } catch (const std::exception& e) {
      send_error(e.what());
      break;
    }
    send_ready();
  }
  const std::vector<int> restarts = player.quit();
  const std::vector<std::int32_t> words(restarts.begin(), restarts.end());
  MPI_Send(words.data(), static_cast<int>(words.size()), MPI_INT32_T, 0, kArenaDone,
           MPI_COMM_WORLD);
}

}  // namespace

std::string arena_terminated_text(const std::vector<std::string>& args) {
  std::string pgn;
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--pgn") pgn = args[i + 1];
  return pgn.empty()
             ? std::string(
                   "error: leiserchess-mpi arena was terminated before the match finished (a rank "
                   "died or the job was killed); without --pgn its games are lost\n")
             : "error: leiserchess-mpi arena was terminated before the match finished (a rank died "
               "or the "
               "job was killed); the finished games are in " +
                   pgn + ": the same command with --resume plays the rest\n";
}

int run_arena(std::vector<std::string> args, const core::CoreEntry& core, int rank, int ranks) {
  // A write to an engine that has died must come back as EPIPE, to be
  // scored as a crash, rather than kill the rank.
  ::signal(SIGPIPE, SIG_IGN);
  std::optional<std::int64_t> die_after;
  auto options = parse(args, die_after);
  if (!options) {
    if (rank == 0) std::cerr << "error: " << options.error() << "\n";
    return kBadInput;
  }
  if (options->help) {
    if (rank == 0) std::cout << arena::kArenaHelp;
    return 0;
  }
  // One rank: the single-process arena itself, run by the engine core (its
  // output is the user's; nothing reads it back).
  if (ranks == 1) {
    std::vector<std::string> command{"arena"};
    command.insert(command.end(), args.begin(), args.end());
    core::CoreHandover handover;  // unused: only protocol sessions hand over
    return core.run(command, std::cin, std::cout, std::cerr, handover);
  }

  int status = rank == 0 ? run_rank0(options.value(), ranks) : 0;
  if (rank != 0) run_worker(options.value(), die_after, rank);
  // Every rank leaves with rank 0's verdict.
  MPI_Request request;
  MPI_Ibcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  wait_politely(request);
  return status;
}

}  // namespace leiser::mpi
