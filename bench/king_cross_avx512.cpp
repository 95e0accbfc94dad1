// The avx512 core's forms of bench/king_cross_cores.h: the walk with BMI, and
// one 8-lane Kogge-Stone fill per board (both Kings, lanes N, E, S, W each).
#include <immintrin.h>

#include "bench/king_cross_cores.h"
#include "bench/king_cross_walk.h"
#include "simd/kogge_stone_avx512.h"

namespace leiser::microbench {

void king_cross_walk_avx512_core(const kernel::Board* boards, std::size_t n, KingCross* out) {
  king_cross_walk_all(boards, n, out);
}

void king_cross_fill_avx512_core(const kernel::Board* boards, std::size_t n, KingCross* out) {
  using I = simd::detail::Isa<xsimd::avx512bw>;
  using U64 = I::U64;
  using simd::detail::kBeamLanding;
  const auto landing = [](int d) { return static_cast<long long>(kBeamLanding[d]); };
  // Left rotations: N +8, E +1, S -8 (56), W -1 (63); the landing masks
  // remove what a rotation carries round the board.
  const I::Dir dir = I::doubled(_mm512_setr_epi64(8, 1, 56, 63, 8, 1, 56, 63),
                                _mm512_setr_epi64(landing(0), landing(1), landing(2), landing(3),
                                                  landing(0), landing(1), landing(2), landing(3)));
  static_assert(sizeof(KingCross) == 32, "two KingCross values fill one 512-bit store");
  for (std::size_t i = 0; i < n; ++i) {
    const kernel::Board& board = boards[i];
    const long long tangerine = static_cast<long long>(board.kings & board.by_color[0]);
    const long long lavender = static_cast<long long>(board.kings & board.by_color[1]);
    const U64 kings(_mm512_setr_epi64(tangerine, tangerine, tangerine, tangerine, lavender,
                                      lavender, lavender, lavender));
    const U64 empty(~(board.by_color[0] | board.by_color[1]));
    const U64 fill = simd::detail::occluded_fill<xsimd::avx512bw>(kings, empty, dir);
    const U64 segments = I::step<0>(fill, dir) & dir.wrap;
    segments.store_unaligned(out[2 * i].segment);
  }
}

}  // namespace leiser::microbench
