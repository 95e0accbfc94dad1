// lcoverage_beams (simd/batch_ops.h): every implementation this CPU supports
// against the scalar reference, bit for bit (distance map and reached set),
// on the lanes LCOVERAGE makes (every pseudo move of the shooter, the beam
// from its King) and on arbitrary lanes (any direction and total), on thousands of
// random-game positions, the bench positions and synthetic boards. Also
// checks the scalar reference against kernel::trace_laser's path.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "kernel/bitboard.h"
#include "kernel/edition.h"
#include "kernel/fen.h"
#include "kernel/laser.h"
#include "kernel/movegen.h"
#include "kernel/position.h"
#include "kernel/random_boards.h"
#include "search/benchmark_positions.h"
#include "simd/batch_ops.h"
#include "simd/dispatch.h"

namespace leiser::simd {
namespace {

using kernel::Bitboard;
using kernel::Board;
using kernel::Color;
using kernel::Square;
namespace random_boards = kernel::random_boards;
using random_boards::Sample;

using Map = std::array<std::uint16_t, 64>;

Map unreached() {
  Map m;
  m.fill(0xFFFF);
  return m;
}

// The lane for c's beam on `after` (= board with the squares `touched`
// changed), leaving `from` in `direction` with `total` covered.
LcoverageLane make_lane(const Board& after, Color c, Bitboard touched, int from, int direction,
                        int total) {
  LcoverageLane lane{};
  lane.from = static_cast<std::uint8_t>(from);
  lane.direction = static_cast<std::uint8_t>(direction);
  lane.total = static_cast<std::uint16_t>(total);
  for (int j = 0; j < 4; ++j) lane.square[j] = kLaneUnused;
  int j = 0;
  for (Bitboard t = touched; t;) {
    const Square s = kernel::pop_lowest(t);
    lane.square[j] = static_cast<std::uint8_t>(s);
    lane.code[j] = lane_code(after, c, s);
    ++j;
  }
  return lane;
}

// LCOVERAGE-like lanes for c on `board`: per pseudo move, the full beam from
// the King; with `arbitrary`, half of them in a random direction with a
// random total instead.
std::vector<LcoverageLane> lanes_for(const Board& board, Color c, std::mt19937_64& rng,
                                     bool arbitrary) {
  std::vector<LcoverageLane> lanes;
  const Square king = board.king_square(c);
  lanes.push_back(make_lane(board, c, 0, king, board.orientation_at(king), 0));
  const kernel::Position pos(board, c, kernel::Edition::k2018);
  kernel::MoveList moves;
  kernel::generate_pseudo_moves<kernel::Edition::k2018>(pos, moves);
  for (const kernel::Move m : moves) {
    Board after = board;
    kernel::apply_move(after, m);
    const Bitboard touched = kernel::squares_touched(m);
    const Square k = after.king_square(c);
    if (arbitrary && rng() % 2) {
      // Any direction from the King and any total (a beam that leaves a
      // King cannot cycle; one from an arbitrary square could).
      lanes.push_back(make_lane(after, c, touched, k, static_cast<int>(rng() % 4),
                                static_cast<int>(rng() % 300)));
    } else {
      lanes.push_back(make_lane(after, c, touched, k, after.orientation_at(k), 0));
    }
  }
  return lanes;
}

std::string map_text(const Map& m) {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      const int v = m[8 * r + f];
      out +=
          v == 0xFFFF ? "   ." : std::string(4 - std::to_string(v).size(), ' ') + std::to_string(v);
    }
    out += '\n';
  }
  return out;
}

// Runs `impl` and scalar on the lanes, in one call and in chunks of
// `chunk`, from the same starting map, and compares.
void expect_same(const Implementation& impl, const Board& board, Color c,
                 const std::vector<LcoverageLane>& lanes, const Map& start, Bitboard start_reached,
                 std::size_t chunk, int& failures) {
  Map want = start, got = start;
  Bitboard want_reached = start_reached, got_reached = start_reached;
  scalar::lcoverage_beams(board, c, lanes.data(), lanes.size(), want.data(), &want_reached);
  for (std::size_t i = 0; i < lanes.size(); i += chunk) {
    const std::size_t n = std::min(chunk, lanes.size() - i);
    impl.lcoverage_beams(board, c, lanes.data() + i, n, got.data(), &got_reached);
  }
  if ((want != got || want_reached != got_reached) && failures++ < 5)
    ADD_FAILURE() << impl.name << " " << kernel::board_to_fen(board) << " shooter "
                  << kernel::color_name(c) << " lanes " << lanes.size() << " chunk " << chunk
                  << "\nscalar\n"
                  << map_text(want) << "got\n"
                  << map_text(got);
}

std::vector<Board> bench_boards() {
  std::vector<Board> boards;
  for (const std::string_view fen : search::kBenchPositions2018)
    boards.push_back(kernel::parse_fen(fen, kernel::Edition::k2018).value().board());
  return boards;
}

class LcoverageBeams : public ::testing::TestWithParam<const Implementation*> {};

void run_set(const Implementation& impl, const std::vector<Sample>& samples, bool arbitrary,
             std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int failures = 0;
  std::size_t lanes_checked = 0;
  for (const Sample& s : samples) {
    const Board& board = s.board;
    if (!board.has_king(Color::kTangerine) || !board.has_king(Color::kLavender)) continue;
    const std::vector<LcoverageLane> lanes = lanes_for(board, s.shooter, rng, arbitrary);
    lanes_checked += lanes.size();
    static constexpr std::size_t kChunks[] = {1, 3, 8, 1000};
    const std::size_t chunk = kChunks[rng() % 4];
    expect_same(impl, board, s.shooter, lanes, unreached(), 0, chunk, failures);
    // A map that already holds smaller and larger values.
    Map start = unreached();
    Bitboard start_reached = 0;
    for (int k = 0; k < 8; ++k) {
      const int sq = static_cast<int>(rng() % 64);
      start[sq] = static_cast<std::uint16_t>(rng() % 12 + 1);
      start_reached |= kernel::bit(static_cast<Square>(sq));
    }
    expect_same(impl, board, s.shooter, lanes, start, start_reached, 1000, failures);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(lanes_checked, samples.size());
}

TEST_P(LcoverageBeams, MatchesScalarOn2018Games) {
  run_set(*GetParam(), random_boards::game_samples(kernel::Edition::k2018, 4000, 2018), false, 1);
  run_set(*GetParam(), random_boards::game_samples(kernel::Edition::k2018, 2000, 77), true, 2);
}

TEST_P(LcoverageBeams, MatchesScalarOnBenchPositions) {
  std::vector<Sample> samples;
  for (const Board& b : bench_boards())
    for (const Color c : {Color::kTangerine, Color::kLavender}) samples.push_back({b, c});
  run_set(*GetParam(), samples, false, 3);
  run_set(*GetParam(), samples, true, 4);
  // Positions a few random moves past each bench position.
  std::mt19937_64 rng(5);
  std::vector<Sample> played;
  for (const Board& b : bench_boards()) {
    for (int game = 0; game < 20; ++game) {
      kernel::Position pos(b, Color::kTangerine, kernel::Edition::k2018);
      for (int ply = 0; ply < 12 && !pos.is_game_over(); ++ply) {
        for (const Color c : {Color::kTangerine, Color::kLavender})
          played.push_back({pos.board(), c});
        kernel::MoveList moves;
        kernel::generate_pseudo_moves<kernel::Edition::k2018>(pos, moves);
        if (moves.empty()) break;
        pos.make_move<kernel::Edition::k2018>(moves[static_cast<int>(rng() % moves.size())]);
      }
    }
  }
  ASSERT_GT(played.size(), 5000u);
  run_set(*GetParam(), played, false, 6);
}

TEST_P(LcoverageBeams, MatchesScalarOnSyntheticBoards) {
  auto samples = random_boards::synthetic_samples(1500, 9);
  const auto mazes = random_boards::maze_samples(1500, 10);
  samples.insert(samples.end(), mazes.begin(), mazes.end());
  run_set(*GetParam(), samples, true, 7);
}

TEST_P(LcoverageBeams, EmptyAndInactiveLanes) {
  const Board board =
      kernel::parse_fen("ss7/8/8/8/8/8/8/7NN W", kernel::Edition::k2018).value().board();
  Map m = unreached();
  Bitboard reached = 0;
  GetParam()->lcoverage_beams(board, Color::kTangerine, nullptr, 0, m.data(), &reached);
  LcoverageLane idle{};
  idle.from = 0xFF;
  for (auto& s : idle.square) s = kLaneUnused;
  const std::vector<LcoverageLane> lanes(13, idle);
  GetParam()->lcoverage_beams(board, Color::kTangerine, lanes.data(), lanes.size(), m.data(),
                              &reached);
  EXPECT_EQ(m, unreached());
  EXPECT_EQ(reached, 0u);
}

// The scalar reference's beam from the King enters exactly the squares of
// kernel::trace_laser's path (less the King's square unless re-entered).
TEST(LcoverageBeamsScalar, FullBeamFollowsTraceLaser) {
  const auto samples = random_boards::game_samples(kernel::Edition::k2018, 3000, 11);
  for (const Sample& s : samples) {
    const Square king = s.board.king_square(s.shooter);
    Map m = unreached();
    Bitboard reached = 0;
    const LcoverageLane lane =
        make_lane(s.board, s.shooter, 0, king, s.board.orientation_at(king), 0);
    scalar::lcoverage_beams(s.board, s.shooter, &lane, 1, m.data(), &reached);
    const kernel::LaserTrace trace = kernel::trace_laser(s.board, s.shooter);
    ASSERT_EQ(reached | kernel::bit(king), trace.path | kernel::bit(king))
        << kernel::board_to_fen(s.board);
  }
}

std::string impl_name(const ::testing::TestParamInfo<const Implementation*>& info) {
  return std::string(info.param->name);
}

INSTANTIATE_TEST_SUITE_P(Supported, LcoverageBeams, ::testing::ValuesIn(supported()), impl_name);

}  // namespace
}  // namespace leiser::simd
