// Perft with the next-to-last ply's lasers traced in batches through each
// SIMD implementation the CPU supports (not only the one dispatch picks):
// every shared perft vector must come out the same as without batching.
#include <gtest/gtest.h>

#include "kernel/fen.h"
#include "kernel/game.h"
#include "kernel/perft.h"
#include "simd/dispatch.h"
#include "tests/support/vectors.h"

namespace leiser {
namespace {

using kernel::Edition;
using kernel::PerftMode;

// Keeps the default suite quick: every vector of the shared files is below
// this today, so all of them run.
constexpr std::uint64_t kLeafLimit = 50'000'000;

void check_file(const std::string& file, Edition edition, const simd::Implementation& impl) {
  int checked = 0;
  for (const auto& v : testing::read_perft_vectors(file)) {
    const auto pos = kernel::parse_fen(v.fen, edition);
    ASSERT_TRUE(pos.has_value()) << v.fen;
    for (PerftMode mode : {PerftMode::kLegal, PerftMode::kPseudo}) {
      const std::uint64_t expected = mode == PerftMode::kLegal ? v.legal : v.pseudo;
      if (expected > kLeafLimit) continue;
      kernel::PerftRequest request{v.depth, mode, 2};
      request.batch_trace = impl.trace_lasers_fn;
      EXPECT_EQ(kernel::perft(*pos, nullptr, request), expected)
          << impl.name << " " << file << " depth " << v.depth << " fen " << v.fen;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100) << file;
}

TEST(PerftBatchedLasers, EveryVectorUnderEverySupportedImplementation) {
  const auto implementations = simd::supported();
  ASSERT_FALSE(implementations.empty());
  for (const simd::Implementation* impl : implementations) {
    SCOPED_TRACE(std::string(impl->name));
    check_file("perft-2016.tsv", Edition::k2016, *impl);
    check_file("perft-2018.tsv", Edition::k2018, *impl);
  }
}

// The batch function is really called (a counting wrapper around the scalar
// kernel), and a batch that answers wrongly changes the count, so the test
// above would notice a broken implementation.
std::size_t batched_boards = 0;
bool corrupt_batches = false;
void counting_trace(const kernel::Board* boards, const kernel::Color* shooters,
                    kernel::LaserTrace* out, std::size_t count) {
  simd::scalar::trace_lasers(boards, shooters, out, count);
  batched_boards += count;
  if (corrupt_batches)
    for (std::size_t i = 0; i < count; ++i) out[i].end = kernel::LaserEnd::kOffBoard;
}

TEST(PerftBatchedLasers, TheBatchIsUsedAndItsAnswerMatters) {
  int changed = 0;
  for (const auto& v : testing::read_perft_vectors("perft-2018.tsv")) {
    if (v.depth != 2) continue;
    const auto pos = kernel::parse_fen(v.fen, Edition::k2018);
    ASSERT_TRUE(pos.has_value()) << v.fen;
    kernel::PerftRequest request{2, PerftMode::kLegal, 1};
    request.batch_trace = counting_trace;
    batched_boards = 0;
    EXPECT_EQ(kernel::perft(*pos, nullptr, request), v.legal) << v.fen;
    EXPECT_GT(batched_boards, 0u) << v.fen;
    corrupt_batches = true;
    if (kernel::perft(*pos, nullptr, request) != v.legal) ++changed;
    corrupt_batches = false;
  }
  EXPECT_GT(changed, 0) << "no vector position depends on the batch's zaps";
}

}  // namespace
}  // namespace leiser
