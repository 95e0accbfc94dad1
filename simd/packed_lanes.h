// Packing the selected lanes of a 16-bit template to the front (the 2016
// move generator of the wide cores, kernel/movegen.h: a piece's shift moves,
// one lane per direction). Lane d of the template is base | d << kIndexShift
// | kTag; the lanes d whose bit is set in `mask` (8 bits) are written to
// out[0..popcount(mask)) in order of d, by one byte shuffle and one 16-byte
// store, whose lanes past the count are zero. pack_indexed_lanes16_plain is
// the reference (it writes the same 16 bytes).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "simd/vec.h"

namespace leiser::simd {

template <int kIndexShift, std::uint16_t kTag>
inline void pack_indexed_lanes16_plain(void* out, std::uint16_t base, unsigned mask) {
  std::uint16_t lanes[8] = {};
  int n = 0;
  for (int d = 0; d < 8; ++d)
    if ((mask >> d) & 1) lanes[n++] = static_cast<std::uint16_t>(base | d << kIndexShift | kTag);
  std::memcpy(out, lanes, sizeof lanes);
}

namespace packed_lanes_detail {
// kShuffle[mask]: the byte-shuffle control that moves the 16-bit lanes in
// `mask` to the front, in lane order (0x80: a zero byte behind them).
constexpr std::array<std::array<std::uint8_t, 16>, 256> make_shuffles() {
  std::array<std::array<std::uint8_t, 16>, 256> table{};
  for (int mask = 0; mask < 256; ++mask) {
    int out = 0;
    for (int lane = 0; lane < 8; ++lane)
      if (mask & (1 << lane)) {
        table[mask][2 * out] = static_cast<std::uint8_t>(2 * lane);
        table[mask][2 * out + 1] = static_cast<std::uint8_t>(2 * lane + 1);
        ++out;
      }
    for (int lane = out; lane < 8; ++lane) table[mask][2 * lane] = table[mask][2 * lane + 1] = 0x80;
  }
  return table;
}
alignas(64) inline constexpr std::array<std::array<std::uint8_t, 16>, 256> kShuffle =
    make_shuffles();
}  // namespace packed_lanes_detail

#if LEISER_VEC_HAVE_AVX2
template <int kIndexShift, std::uint16_t kTag>
[[gnu::always_inline]] inline void pack_indexed_lanes16_sse(void* out, std::uint16_t base,
                                                            unsigned mask) {
  constexpr auto lane = [](int d) { return static_cast<short>(d << kIndexShift | kTag); };
  const __m128i lanes = _mm_or_si128(
      _mm_setr_epi16(lane(0), lane(1), lane(2), lane(3), lane(4), lane(5), lane(6), lane(7)),
      _mm_set1_epi16(static_cast<short>(base)));
  const __m128i control =
      _mm_load_si128(reinterpret_cast<const __m128i*>(packed_lanes_detail::kShuffle[mask].data()));
  _mm_storeu_si128(static_cast<__m128i*>(out), _mm_shuffle_epi8(lanes, control));
}
#endif

// Whether the caller should pack this way: in the wide cores, where the
// measurement that kept it was made (kernel/movegen.h).
inline constexpr bool kPackedLanesInVectors = vec::kHaveVectors;

template <int kIndexShift, std::uint16_t kTag>
[[gnu::always_inline]] inline void pack_indexed_lanes16(void* out, std::uint16_t base,
                                                        unsigned mask) {
#if LEISER_VEC_HAVE_AVX2
  pack_indexed_lanes16_sse<kIndexShift, kTag>(out, base, mask);
#else
  pack_indexed_lanes16_plain<kIndexShift, kTag>(out, base, mask);
#endif
}

}  // namespace leiser::simd
