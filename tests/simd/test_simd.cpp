// SIMD batch ops and their dispatch.
//
// Every op test runs once per implementation this CPU supports (not just
// the active one) and requires results bit-identical to the scalar
// implementation and to the rules' own function, kernel::trace_laser.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "kernel/bitboard.h"
#include "kernel/edition.h"
#include "kernel/fen.h"
#include "kernel/laser.h"
#include "kernel/random_boards.h"
#include "simd/batch_ops.h"
#include "simd/cpu.h"
#include "simd/dispatch.h"

namespace leiser::simd {
namespace {

using kernel::Board;
using kernel::Color;
using kernel::LaserEnd;
using kernel::LaserTrace;
namespace random_boards = kernel::random_boards;
using random_boards::Sample;

constexpr std::size_t kGameSamples = 12000;  // per edition
constexpr std::size_t kSyntheticSamples = 12000;

const std::vector<Sample>& samples_2016() {
  static const auto s = random_boards::game_samples(kernel::Edition::k2016, kGameSamples, 2016);
  return s;
}
const std::vector<Sample>& samples_2018() {
  static const auto s = random_boards::game_samples(kernel::Edition::k2018, kGameSamples, 2018);
  return s;
}
const std::vector<Sample>& samples_synthetic() {
  static const auto s = [] {
    auto all = random_boards::synthetic_samples(kSyntheticSamples / 2, 7);
    const auto mazes = random_boards::maze_samples(kSyntheticSamples / 2, 8);
    all.insert(all.end(), mazes.begin(), mazes.end());
    return all;
  }();
  return s;
}

std::string describe(const Sample& s) {
  return board_to_fen(s.board) + " shooter " + kernel::color_name(s.shooter);
}

std::string trace_text(const LaserTrace& t) {
  return "path=0x" +
         [&] {
           char buf[17];
           std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(t.path));
           return std::string(buf);
         }() +
         " end=" + std::to_string(static_cast<int>(t.end)) + " target=" + std::to_string(t.target);
}

bool same(const LaserTrace& a, const LaserTrace& b) {
  return a.path == b.path && a.end == b.end && a.target == b.target;
}

// Traces `samples` with `impl` and compares each result with
// kernel::trace_laser and with the scalar implementation.
void expect_traces_match(const Implementation& impl, const std::vector<Sample>& samples) {
  std::vector<Board> boards;
  std::vector<Color> shooters;
  for (const Sample& s : samples) {
    boards.push_back(s.board);
    shooters.push_back(s.shooter);
  }
  std::vector<LaserTrace> got(samples.size()), reference(samples.size());
  impl.trace_lasers(boards.data(), shooters.data(), got.data(), boards.size());
  find("scalar")->trace_lasers(boards.data(), shooters.data(), reference.data(), boards.size());
  int failures = 0;
  for (std::size_t i = 0; i < samples.size() && failures < 10; ++i) {
    const LaserTrace want = kernel::trace_laser(boards[i], shooters[i]);
    if (!same(got[i], want) || !same(reference[i], want)) {
      ++failures;
      ADD_FAILURE() << impl.name << " sample " << i << " " << describe(samples[i])
                    << "\n  got       " << trace_text(got[i]) << "\n  scalar    "
                    << trace_text(reference[i]) << "\n  kernel    " << trace_text(want);
    }
  }
}

class SimdBatchOps : public ::testing::TestWithParam<const Implementation*> {
 protected:
  const Implementation& impl() const { return *GetParam(); }
};

TEST_P(SimdBatchOps, TraceLasersMatchesKernelOn2016Games) {
  expect_traces_match(impl(), samples_2016());
}

TEST_P(SimdBatchOps, TraceLasersMatchesKernelOn2018Games) {
  expect_traces_match(impl(), samples_2018());
}

TEST_P(SimdBatchOps, TraceLasersMatchesKernelOnSyntheticBoards) {
  expect_traces_match(impl(), samples_synthetic());
}

// The number of straight segments of a beam (kernel::trace_beam's loop).
int beam_segments(const Board& board, Color shooter) {
  kernel::Square at = board.king_square(shooter);
  int d = board.orientation_at(at);
  for (int segments = 1;; ++segments) {
    const Bitboard blockers = kernel::kRays[d][at] & board.occupied();
    if (!blockers) return segments;
    const kernel::Square hit = kernel::nearest_along(blockers, d);
    if (board.kings & kernel::bit(hit)) return segments;
    const int next = kernel::kReflection[d][board.orientation_at(hit)];
    if (next == kernel::kBeamZap) return segments;
    at = hit;
    d = next;
  }
}

TEST(SimdSamples, CoverEveryKindOfBeam) {
  // Guards the tests above: the samples must include every end and beams of
  // many segments.
  int ends[3] = {};
  int segments[17] = {};
  for (const auto* set : {&samples_2016(), &samples_2018(), &samples_synthetic()}) {
    for (const Sample& s : *set) {
      ++ends[static_cast<int>(kernel::trace_laser(s.board, s.shooter).end)];
      ++segments[std::min(beam_segments(s.board, s.shooter), 16)];
    }
  }
  EXPECT_GT(ends[0], 1000);
  EXPECT_GT(ends[1], 1000);
  EXPECT_GT(ends[2], 100);
  for (int n = 1; n <= 10; ++n) EXPECT_GT(segments[n], 50) << "beams of " << n << " segments";
  std::printf("ends: off %d, pawn %d, king %d; segments 1..16+:", ends[0], ends[1], ends[2]);
  for (int n = 1; n <= 16; ++n) std::printf(" %d", segments[n]);
  std::printf("\n");
}

// Every King square and orientation on a board with nothing else in the way
// of the beam but the other King somewhere.
TEST_P(SimdBatchOps, TraceLasersLoneKings) {
  std::vector<Sample> samples;
  for (int sq = 0; sq < 64; ++sq)
    for (int other = 0; other < 64; ++other) {
      if (other == sq) continue;
      Board b;
      b.put(static_cast<kernel::Square>(sq), {Color::kTangerine, kernel::PieceType::kKing,
                                              static_cast<kernel::Orientation>(other % 4)});
      b.put(static_cast<kernel::Square>(other),
            {Color::kLavender, kernel::PieceType::kKing, static_cast<kernel::Orientation>(sq % 4)});
      samples.push_back({b, Color::kTangerine});
      samples.push_back({b, Color::kLavender});
    }
  expect_traces_match(impl(), samples);
}

// A beam that returns to its own King zaps it.
TEST_P(SimdBatchOps, TraceLasersCanZapTheShooter) {
  // Tangerine King on a0 facing N; mirrors send the beam a0 -> a7 -> h7 ->
  // h0 -> a0.
  Board b;
  b.put(kernel::make_square(0, 0), {Color::kTangerine, kernel::PieceType::kKing, kernel::kBeamN});
  b.put(kernel::make_square(0, 7), {Color::kLavender, kernel::PieceType::kPawn, 2});  // SE: N -> E
  b.put(kernel::make_square(7, 7), {Color::kLavender, kernel::PieceType::kPawn, 3});  // SW: E -> S
  b.put(kernel::make_square(7, 0), {Color::kLavender, kernel::PieceType::kPawn, 0});  // NW: S -> W
  b.put(kernel::make_square(4, 4), {Color::kLavender, kernel::PieceType::kKing, 0});
  const LaserTrace want = kernel::trace_laser(b, Color::kTangerine);
  ASSERT_EQ(want.end, LaserEnd::kZapsKing);
  ASSERT_EQ(want.target, kernel::make_square(0, 0));
  expect_traces_match(impl(), {{b, Color::kTangerine}});
}

// Batch sizes around the vector width, at unaligned addresses: every result
// right and nothing written past the end.
TEST_P(SimdBatchOps, TraceLasersAnyBatchSize) {
  const auto& samples = samples_synthetic();
  std::vector<Board> boards;
  std::vector<Color> shooters;
  for (std::size_t i = 0; i < 64; ++i) {
    boards.push_back(samples[i].board);
    shooters.push_back(samples[i].shooter);
  }
  for (std::size_t offset = 0; offset < 3; ++offset) {
    for (std::size_t n = 0; n + offset <= 40; ++n) {
      std::vector<LaserTrace> out(n + 4);
      LaserTrace sentinel;
      sentinel.path = 0x5A5A5A5A5A5A5A5AULL;
      sentinel.end = LaserEnd::kZapsKing;
      sentinel.target = 99;
      std::fill(out.begin(), out.end(), sentinel);
      impl().trace_lasers(boards.data() + offset, shooters.data() + offset, out.data(), n);
      for (std::size_t i = 0; i < n; ++i)
        EXPECT_TRUE(same(out[i], kernel::trace_laser(boards[offset + i], shooters[offset + i])))
            << "n=" << n << " offset=" << offset << " i=" << i;
      for (std::size_t i = n; i < out.size(); ++i)
        EXPECT_TRUE(same(out[i], sentinel)) << "wrote past the end: n=" << n << " i=" << i;
    }
  }
}

std::string impl_name(const ::testing::TestParamInfo<const Implementation*>& info) {
  return std::string(info.param->name);
}

INSTANTIATE_TEST_SUITE_P(Supported, SimdBatchOps, ::testing::ValuesIn(supported()), impl_name);

// Restores the active implementation when a test that changes it ends.
class KeepActive {
 public:
  KeepActive() : saved_(active().name) {}
  ~KeepActive() { select(saved_); }

 private:
  std::string saved_;
};

TEST(SimdDispatch, ImplementationsAreWellFormed) {
  std::set<std::string_view> names;
  for (const Implementation* impl : all_implementations()) {
    EXPECT_TRUE(names.insert(impl->name).second) << "duplicate " << impl->name;
    std::vector<std::string_view> ops;
    impl->for_each_op([&](std::string_view op, auto entry) {
      EXPECT_NE(entry, nullptr) << impl->name << " " << op;
      ops.push_back(op);
    });
    EXPECT_TRUE(std::equal(ops.begin(), ops.end(), kBatchOpNames.begin(), kBatchOpNames.end()))
        << impl->name;
    EXPECT_EQ(find(impl->name), impl);
  }
  EXPECT_TRUE(names.count("scalar"));
#if LEISER_SIMD_X86
  EXPECT_TRUE(names.count("avx2"));
  EXPECT_TRUE(names.count("avx512"));
#endif
  const auto list = supported();
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list.back()->name, "scalar");
  EXPECT_EQ(find("no-such-thing"), nullptr);
}

TEST(SimdDispatch, CpuDetectionAgreesWithCompiler) {
  const FeatureSet f = cpu_features();
  EXPECT_EQ(detect_cpu().features, f);
#if LEISER_SIMD_X86
  __builtin_cpu_init();
  EXPECT_EQ((f & kFeatureAvx2) != 0, __builtin_cpu_supports("avx2") != 0);
  EXPECT_EQ((f & kFeatureBmi2) != 0, __builtin_cpu_supports("bmi2") != 0);
  EXPECT_EQ((f & kFeatureAvx512F) != 0, __builtin_cpu_supports("avx512f") != 0);
  EXPECT_EQ((f & kFeatureAvx512BW) != 0, __builtin_cpu_supports("avx512bw") != 0);
  EXPECT_EQ((f & kFeatureAvx512DQ) != 0, __builtin_cpu_supports("avx512dq") != 0);
  EXPECT_EQ((f & kFeatureAvx512VL) != 0, __builtin_cpu_supports("avx512vl") != 0);
#endif
  std::printf("CPU features: %s\nsupported:", feature_names(f).c_str());
  for (const Implementation* impl : supported())
    std::printf(" %s", std::string(impl->name).c_str());
  std::printf("\nactive: %s\n", std::string(active().name).c_str());
}

TEST(SimdDispatch, SelectMakesEachSupportedImplementationActiveAndRunsIt) {
  KeepActive keep;
  const auto samples = random_boards::synthetic_samples(100, 5);
  std::vector<Board> boards;
  std::vector<Color> shooters;
  for (const Sample& s : samples) {
    boards.push_back(s.board);
    shooters.push_back(s.shooter);
  }
  for (const Implementation* impl : supported()) {
    EXPECT_EQ(select(impl->name), "");
    EXPECT_EQ(&active(), impl);
    EXPECT_EQ(active().name, impl->name);
    // The dispatched entry points call this implementation's code.
    EXPECT_EQ(active().trace_lasers_fn, impl->trace_lasers_fn);
    std::vector<LaserTrace> out(boards.size());
    active().trace_lasers(boards.data(), shooters.data(), out.data(), boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i)
      ASSERT_TRUE(same(out[i], kernel::trace_laser(boards[i], shooters[i]))) << impl->name;
  }
  // Distinct implementations really are distinct code.
  const auto list = supported();
  for (std::size_t i = 0; i + 1 < list.size(); ++i)
    EXPECT_NE(list[i]->trace_lasers_fn, list[i + 1]->trace_lasers_fn);
}

TEST(SimdDispatch, SelectAvx2ReportsAvx2) {
  const Implementation* avx2 = find("avx2");
  if (avx2 == nullptr || !avx2->supported_by(cpu_features()))
    GTEST_SKIP() << "this CPU or build has no AVX2 implementation";
  KeepActive keep;
  ASSERT_EQ(select("avx2"), "");
  EXPECT_EQ(active().name, "avx2");
  EXPECT_EQ(active().trace_lasers_fn, avx2->trace_lasers_fn);
  ASSERT_EQ(select("scalar"), "");
  EXPECT_EQ(active().name, "scalar");
  ASSERT_EQ(select("auto"), "");
  EXPECT_EQ(&active(), supported().front());
}

TEST(SimdDispatch, UnknownNameIsAnErrorAndChangesNothing) {
  KeepActive keep;
  const Implementation* before = &active();
  const std::string error = select("avx1024");
  EXPECT_NE(error, "");
  EXPECT_NE(error.find("avx1024"), std::string::npos) << error;
  EXPECT_NE(error.find("scalar"), std::string::npos) << "should list the known names: " << error;
  EXPECT_EQ(&active(), before);
  EXPECT_NE(select("AVX2"), "") << "names are case-sensitive";
  EXPECT_EQ(&active(), before);
}

TEST(SimdDispatch, UnsupportedImplementationIsAnError) {
  KeepActive keep;
  // On a CPU that lacks a feature, select() itself must refuse.
  for (const Implementation* impl : all_implementations()) {
    if (impl->supported_by(cpu_features())) continue;
    const Implementation* before = &active();
    const std::string error = select(impl->name);
    EXPECT_NE(error, "") << impl->name;
    EXPECT_EQ(&active(), before);
  }
  // And the decision itself, for CPUs this machine is not.
  std::string error;
  if (const Implementation* avx512 = find("avx512")) {
    EXPECT_EQ(choose("avx512", kFeaturesAvx2Implementation, &error), nullptr);
    EXPECT_NE(error.find("AVX512"), std::string::npos) << error;
    EXPECT_EQ(choose("avx512", kFeaturesAvx512Implementation, &error), avx512);
    EXPECT_EQ(error, "");
    EXPECT_EQ(choose("auto", kFeaturesAvx2Implementation, &error), find("avx2"));
  }
  if (find("avx2")) {
    EXPECT_EQ(choose("avx2", kFeatureSse42 | kFeaturePopcnt, &error), nullptr);
    EXPECT_NE(error.find("AVX2"), std::string::npos) << error;
    EXPECT_EQ(choose("avx2", kFeaturesAvx2Implementation & ~kFeatureBmi2, &error), nullptr);
    EXPECT_NE(error.find("BMI2"), std::string::npos) << error;
  }
  EXPECT_EQ(choose("auto", 0, &error), find("scalar"));
  EXPECT_EQ(choose("scalar", 0, &error), find("scalar"));
  EXPECT_EQ(choose("nope", ~FeatureSet{0}, &error), nullptr);
  EXPECT_NE(error, "");
}

// Run by the 'simd-env-*' meson tests with LEISER_SIMD set: the start-up
// choice follows the variable (or falls back to the best, with a note).
TEST(SimdDispatch, EnvironmentVariableChoosesAtStartup) {
  const char* env = std::getenv("LEISER_SIMD");
  if (env == nullptr) GTEST_SKIP() << "LEISER_SIMD is not set";
  std::string error;
  const Implementation* want = choose(env, cpu_features(), &error);
  if (want == nullptr) want = supported().front();
  EXPECT_EQ(&active(), want) << "LEISER_SIMD=" << env << " note: " << startup_note();
  EXPECT_NE(startup_note(), "");
}

}  // namespace
}  // namespace leiser::simd
