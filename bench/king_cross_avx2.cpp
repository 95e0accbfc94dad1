// The avx2 core's forms of bench/king_cross_cores.h: the walk with BMI, and
// one 4-lane Kogge-Stone fill per King (lanes N, E, S, W).
#include <immintrin.h>

#include "bench/king_cross_cores.h"
#include "bench/king_cross_walk.h"
#include "simd/kogge_stone_avx2.h"

namespace leiser::microbench {

void king_cross_walk_avx2_core(const kernel::Board* boards, std::size_t n, KingCross* out) {
  king_cross_walk_all(boards, n, out);
}

void king_cross_fill_avx2_core(const kernel::Board* boards, std::size_t n, KingCross* out) {
  using I = simd::detail::Isa<xsimd::avx2>;
  using U64 = I::U64;
  using simd::detail::kBeamLanding;
  // N = +8 and E = +1 shift left, S = -8 and W = -1 shift right; a count of
  // 64 or more shifts everything out (the unused side of each lane).
  const I::Dir dir = I::doubled(_mm256_setr_epi64x(8, 1, 64, 64), _mm256_setr_epi64x(64, 64, 8, 1),
                                _mm256_setr_epi64x(static_cast<long long>(kBeamLanding[0]),
                                                   static_cast<long long>(kBeamLanding[1]),
                                                   static_cast<long long>(kBeamLanding[2]),
                                                   static_cast<long long>(kBeamLanding[3])));
  for (std::size_t i = 0; i < n; ++i) {
    const kernel::Board& board = boards[i];
    const U64 empty(~(board.by_color[0] | board.by_color[1]));
    for (int c = 0; c < 2; ++c) {
      const U64 king(board.kings & board.by_color[c]);
      const U64 fill = simd::detail::occluded_fill<xsimd::avx2>(king, empty, dir);
      const U64 segments = I::step<0>(fill, dir) & dir.wrap;
      segments.store_unaligned(out[2 * i + c].segment);
    }
  }
}

}  // namespace leiser::microbench
