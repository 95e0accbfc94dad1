// Sorting the move picker's packed words (search/ordering.h) from largest to
// smallest, once a node has asked for more than its first few moves.
//
// The plain form is std::sort. The words of one list are distinct (each holds
// its own move), so every correct sort gives the same order, and a wide core
// may use any algorithm. std::sort on a hundred random words mispredicts
// about half of its comparisons; the wide cores sort without branches on the
// data: a bitonic network over the list padded with zeros (the smallest word,
// so the padding ends up past the end, and a real zero word is
// indistinguishable from a pad) to a power of two, compare-exchanges done as
// vector minimum and maximum, 8 words per vector (AVX-512) or 4 (AVX2, which
// lacks the unsigned 64-bit minimum and compares with the top bit flipped).
//
// Bitonic order, for index g in stage (k, j): g and g ^ j are compared, and
// the pair is put in descending order where g & k == 0, ascending otherwise;
// after the last stage (k = N) the whole list is descending.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace leiser::search {

// The reference: the words in [words, words + n) from largest to smallest.
inline void sort_descending_plain(std::uint64_t* words, int n) { std::sort(words, words + n, std::greater<>()); }

// Below this many words the wide cores use std::sort too: there the
// network's padding and fixed passes cost more than the short sort's
// mispredictions (measured on random words: at 2-4 words the network takes
// twice as long as std::sort, at 8 words a third to a half of its time).
inline constexpr int kNetworkSortMinWords = 8;
// The largest list the network sorts (more than any position's moves); longer
// lists take std::sort.
inline constexpr int kNetworkSortMaxWords = 1024;

#if defined(__AVX512F__)
namespace word_sort_avx512 {

// GCC 12's unmasked forms of these intrinsics pass an undefined vector
// through, which it then reports as used uninitialised (its bug 105593);
// with all lanes selected the masked forms compile to the same instruction
// and need no such vector.
constexpr __mmask8 kAllLanes = 0xFF;
inline __m512i larger_words(__m512i a, __m512i b) { return _mm512_mask_max_epu64(a, kAllLanes, a, b); }
inline __m512i smaller_words(__m512i a, __m512i b) { return _mm512_mask_min_epu64(a, kAllLanes, a, b); }

// v with lane l exchanged for lane l ^ J.
template <int J>
inline __m512i partner_lanes(__m512i v) {
  if constexpr (J == 4) return _mm512_mask_shuffle_i64x2(v, kAllLanes, v, v, _MM_SHUFFLE(1, 0, 3, 2));
  if constexpr (J == 2) return _mm512_mask_permutex_epi64(v, kAllLanes, v, _MM_SHUFFLE(1, 0, 3, 2));
  if constexpr (J == 1) return _mm512_mask_permutex_epi64(v, kAllLanes, v, _MM_SHUFFLE(2, 3, 0, 1));
}

// One stage (k, J < 8) inside a vector of 8 words whose first index is
// `base`: a lane keeps the larger of itself and its partner where it is the
// lower lane of a descending pair or the upper lane of an ascending one.
template <int J>
inline __m512i exchange_in_lanes(__m512i v, int k, int base) {
  constexpr unsigned lower = J == 4 ? 0x0F : J == 2 ? 0x33 : 0x55;
  const unsigned descending = k == 2 ? 0x33U : k == 4 ? 0x0FU : ((base & k) == 0 ? 0xFFU : 0x00U);
  const auto keeps_larger = static_cast<__mmask8>(~(lower ^ descending));
  const __m512i other = partner_lanes<J>(v);
  return _mm512_mask_blend_epi64(keeps_larger, smaller_words(v, other), larger_words(v, other));
}

// The stages of one k >= 16 whose distance is below 8 (4, 2, 1), for every
// vector.
inline void in_lane_stages(std::uint64_t* words, int count, int k) {
  for (int base = 0; base < count; base += 8) {
    __m512i v = _mm512_load_si512(words + base);
    v = exchange_in_lanes<4>(v, k, base);
    v = exchange_in_lanes<2>(v, k, base);
    v = exchange_in_lanes<1>(v, k, base);
    _mm512_store_si512(words + base, v);
  }
}

// count: a power of two >= 8; words: 64-byte aligned.
inline void bitonic_sort_descending(std::uint64_t* words, int count) {
  // k = 2, 4, 8 need no vector but their own.
  for (int base = 0; base < count; base += 8) {
    __m512i v = _mm512_load_si512(words + base);
    v = exchange_in_lanes<1>(v, 2, base);
    v = exchange_in_lanes<2>(v, 4, base);
    v = exchange_in_lanes<1>(v, 4, base);
    v = exchange_in_lanes<4>(v, 8, base);
    v = exchange_in_lanes<2>(v, 8, base);
    v = exchange_in_lanes<1>(v, 8, base);
    _mm512_store_si512(words + base, v);
  }
  for (int k = 16; k <= count; k <<= 1) {
    for (int j = k >> 1; j >= 8; j >>= 1) {
      for (int base = 0; base < count; base += 2 * j) {
        for (int lane = base; lane < base + j; lane += 8) {
          const __m512i a = _mm512_load_si512(words + lane);
          const __m512i b = _mm512_load_si512(words + lane + j);
          const __m512i larger = larger_words(a, b);
          const __m512i smaller = smaller_words(a, b);
          const bool descending = (lane & k) == 0;
          _mm512_store_si512(words + lane, descending ? larger : smaller);
          _mm512_store_si512(words + lane + j, descending ? smaller : larger);
        }
      }
    }
    in_lane_stages(words, count, k);
  }
}

}  // namespace word_sort_avx512

// The avx512 core's sort: kNetworkSortMinWords <= n <= kNetworkSortMaxWords.
inline void sort_descending_avx512(std::uint64_t* words, int n) {
  alignas(64) std::uint64_t padded[kNetworkSortMaxWords];
  const int count = static_cast<int>(std::bit_ceil(static_cast<unsigned>(n)));
  std::copy(words, words + n, padded);
  std::fill(padded + n, padded + count, std::uint64_t{0});
  word_sort_avx512::bitonic_sort_descending(padded, count);
  std::copy(padded, padded + n, words);
}
#endif

#if defined(__AVX2__)
namespace word_sort_avx2 {

// The words are sorted with their top bit flipped (sort_descending_avx2), so
// that AVX2's signed 64-bit compare orders them as unsigned numbers.
inline __m256i larger_words(__m256i a, __m256i b) { return _mm256_blendv_epi8(b, a, _mm256_cmpgt_epi64(a, b)); }
inline __m256i smaller_words(__m256i a, __m256i b) { return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b)); }

// v with lane l exchanged for lane l ^ J.
template <int J>
inline __m256i partner_lanes(__m256i v) {
  if constexpr (J == 2) return _mm256_permute4x64_epi64(v, _MM_SHUFFLE(1, 0, 3, 2));
  if constexpr (J == 1) return _mm256_permute4x64_epi64(v, _MM_SHUFFLE(2, 3, 0, 1));
}

// One stage (k, J < 4) inside a vector of 4 words whose first index is
// `base`, as in the avx512 form; the blend masks name the lanes that keep
// the larger word, two bits (32-bit halves) per lane.
template <int J>
inline __m256i exchange_in_lanes(__m256i v, int k, int base) {
  const __m256i other = partner_lanes<J>(v);
  const __m256i larger = larger_words(v, other);
  const __m256i smaller = smaller_words(v, other);
  // Lower lanes of distance J: J == 2 -> lanes 0, 1; J == 1 -> lanes 0, 2.
  // Descending lanes: k == 2 -> lanes 0, 1; k >= 4 -> all or none.
  // (k, J) = (2, 1): lanes 0 (lower, descending) and 3 (upper, ascending).
  constexpr int lower_larger = J == 2 ? 0x0F : 0x33;
  constexpr int upper_larger = J == 2 ? 0xF0 : 0xCC;
  if (k == 2) return _mm256_blend_epi32(smaller, larger, 0xC3);
  if ((base & k) == 0) return _mm256_blend_epi32(smaller, larger, lower_larger);
  return _mm256_blend_epi32(smaller, larger, upper_larger);
}

// count: a power of two >= 8; words: 32-byte aligned, top bits flipped.
inline void bitonic_sort_descending(std::uint64_t* words, int count) {
  auto* vectors = reinterpret_cast<__m256i*>(words);
  for (int base = 0; base < count; base += 4) {
    __m256i v = _mm256_load_si256(vectors + base / 4);
    v = exchange_in_lanes<1>(v, 2, base);
    v = exchange_in_lanes<2>(v, 4, base);
    v = exchange_in_lanes<1>(v, 4, base);
    _mm256_store_si256(vectors + base / 4, v);
  }
  for (int k = 8; k <= count; k <<= 1) {
    for (int j = k >> 1; j >= 4; j >>= 1) {
      for (int base = 0; base < count; base += 2 * j) {
        for (int lane = base; lane < base + j; lane += 4) {
          const __m256i a = _mm256_load_si256(vectors + lane / 4);
          const __m256i b = _mm256_load_si256(vectors + (lane + j) / 4);
          const __m256i larger = larger_words(a, b);
          const __m256i smaller = smaller_words(a, b);
          const bool descending = (lane & k) == 0;
          _mm256_store_si256(vectors + lane / 4, descending ? larger : smaller);
          _mm256_store_si256(vectors + (lane + j) / 4, descending ? smaller : larger);
        }
      }
    }
    for (int base = 0; base < count; base += 4) {
      __m256i v = _mm256_load_si256(vectors + base / 4);
      v = exchange_in_lanes<2>(v, k, base);
      v = exchange_in_lanes<1>(v, k, base);
      _mm256_store_si256(vectors + base / 4, v);
    }
  }
}

}  // namespace word_sort_avx2

// The avx2 core's sort: kNetworkSortMinWords <= n <= kNetworkSortMaxWords.
inline void sort_descending_avx2(std::uint64_t* words, int n) {
  alignas(32) std::uint64_t padded[kNetworkSortMaxWords];
  const int count = static_cast<int>(std::bit_ceil(static_cast<unsigned>(n)));
  constexpr std::uint64_t kTop = std::uint64_t{1} << 63;
  for (int i = 0; i < n; ++i) padded[i] = words[i] ^ kTop;
  std::fill(padded + n, padded + count, kTop);  // zero, flipped
  word_sort_avx2::bitonic_sort_descending(padded, count);
  for (int i = 0; i < n; ++i) words[i] = padded[i] ^ kTop;
}
#endif

// The words in [words, words + n) from largest to smallest, by the widest
// form this core was compiled for.
inline void sort_descending(std::uint64_t* words, int n) {
#if defined(__AVX512F__)
  if (n >= kNetworkSortMinWords && n <= kNetworkSortMaxWords) return sort_descending_avx512(words, n);
#elif defined(__AVX2__)
  if (n >= kNetworkSortMinWords && n <= kNetworkSortMaxWords) return sort_descending_avx2(words, n);
#endif
  sort_descending_plain(words, n);
}

}  // namespace leiser::search
