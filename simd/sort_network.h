// Sorting distinct 64-bit words from largest to smallest without branches on
// the data: a bitonic network over the list padded with zeros to a power of
// two, compare-exchanges as vector minimum and maximum. Written once over
// vec::Words<Isa> (8 words per AVX-512 vector, 4 per AVX2 vector, which has
// no unsigned 64-bit compare and sorts the words with their top bit flipped:
// Words::kBias). The plain form is std::sort (sort_words_descending_plain);
// search/word_sort.h says when the engine uses which.
//
// Bitonic order, for index g in stage (k, j): g and g ^ j are compared, and
// the pair is put in descending order where g & k == 0, ascending otherwise;
// after the last stage (k = N) the whole list is descending. Zero, the
// smallest word, pads the list, so the padding ends past the end, and a real
// zero word is indistinguishable from a pad.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>

#include "simd/vec.h"

namespace leiser::simd {

// The reference: words[0..n) from largest to smallest.
inline void sort_words_descending_plain(std::uint64_t* words, int n) {
  std::sort(words, words + n, std::greater<>());
}

// The largest list the network sorts (more than any position's moves).
inline constexpr int kSortNetworkMaxWords = 1024;

namespace sort_network_detail {

// The lanes l of a vector of L words with (l & bit) == 0.
constexpr unsigned lanes_with_clear(int lanes, int bit) {
  unsigned mask = 0;
  for (int l = 0; l < lanes; ++l)
    if ((l & bit) == 0) mask |= 1U << l;
  return mask;
}

// One stage (k, J) inside one vector, J < lanes: a lane keeps the larger of
// itself and its partner l ^ J where it is the lower lane of a descending
// pair or the upper lane of an ascending one. For k < lanes the pairs'
// directions are a fixed lane pattern; from k = lanes on they are the same
// for the whole vector, descending where (base & k) == 0.
template <class Isa, int K, int J>
inline vec::Words<Isa> exchange_in_vector(vec::Words<Isa> v, int k, int base) {
  using W = vec::Words<Isa>;
  constexpr unsigned kAll = (1U << W::kLanes) - 1;
  constexpr unsigned kLower = lanes_with_clear(W::kLanes, J);
  const W other = v.template partner<J>();
  const W small = smaller(v, other), large = larger(v, other);
  if constexpr (K != 0 && K < W::kLanes) {
    constexpr unsigned kDescending = lanes_with_clear(W::kLanes, K);
    return W::template blend<kAll & ~(kLower ^ kDescending)>(small, large);
  } else {
    return W::template blend_either<kLower, kAll & ~kLower>((base & k) == 0, small, large);
  }
}

// The stages of every k <= lanes, inside each vector.
template <class Isa, int K, int J>
inline vec::Words<Isa> first_stages(vec::Words<Isa> v, int base) {
  v = exchange_in_vector<Isa, K, J>(v, K, base);
  if constexpr (J > 1)
    return first_stages<Isa, K, J / 2>(v, base);
  else if constexpr (K < vec::Words<Isa>::kLanes)
    return first_stages<Isa, 2 * K, K>(v, base);
  else
    return v;
}

// The stages J = lanes / 2 .. 1 of one k >= 2 * lanes inside a vector.
template <class Isa, int J>
inline vec::Words<Isa> last_stages(vec::Words<Isa> v, int k, int base) {
  v = exchange_in_vector<Isa, 0, J>(v, k, base);
  if constexpr (J > 1)
    return last_stages<Isa, J / 2>(v, k, base);
  else
    return v;
}

// count: a power of two >= lanes; words: aligned to the vector, in
// ordered form (XOR Words::kBias).
template <class Isa>
inline void bitonic_sort_descending(std::uint64_t* words, int count) {
  using W = vec::Words<Isa>;
  constexpr int L = W::kLanes;
  for (int base = 0; base < count; base += L)
    first_stages<Isa, 2, 1>(W::load_aligned(words + base), base).store_aligned(words + base);
  for (int k = 2 * L; k <= count; k <<= 1) {
    for (int j = k >> 1; j >= L; j >>= 1) {
      for (int base = 0; base < count; base += 2 * j) {
        for (int lane = base; lane < base + j; lane += L) {
          const W a = W::load_aligned(words + lane);
          const W b = W::load_aligned(words + lane + j);
          const W large = larger(a, b), small = smaller(a, b);
          const bool descending = (lane & k) == 0;
          (descending ? large : small).store_aligned(words + lane);
          (descending ? small : large).store_aligned(words + lane + j);
        }
      }
    }
    for (int base = 0; base < count; base += L)
      last_stages<Isa, L / 2>(W::load_aligned(words + base), k, base).store_aligned(words + base);
  }
}

}  // namespace sort_network_detail

// words[0..n) from largest to smallest, Words<Isa>::kLanes <= n <=
// kSortNetworkMaxWords (the caller chooses: on short lists std::sort is
// faster).
template <class Isa>
inline void sort_words_descending_network(std::uint64_t* words, int n) {
  using W = vec::Words<Isa>;
  alignas(64) std::uint64_t padded[kSortNetworkMaxWords];
  const int count = static_cast<int>(std::bit_ceil(static_cast<unsigned>(n)));
  if constexpr (W::kBias == 0) {
    std::copy(words, words + n, padded);
  } else {
    for (int i = 0; i < n; ++i) padded[i] = words[i] ^ W::kBias;
  }
  std::fill(padded + n, padded + count, W::kBias);  // zero, in ordered form
  sort_network_detail::bitonic_sort_descending<Isa>(padded, count);
  if constexpr (W::kBias == 0) {
    std::copy(padded, padded + n, words);
  } else {
    for (int i = 0; i < n; ++i) words[i] = padded[i] ^ W::kBias;
  }
}

// The network of the widest instruction set this translation unit was
// compiled for: sorts and returns true; in the scalar core returns false and
// leaves the words to the caller's plain sort.
template <class Isa = vec::Widest>
inline bool sort_words_descending_widest(std::uint64_t* words, int n) {
  if constexpr (std::is_same_v<Isa, vec::NoVectors>) {
    return false;
  } else {
    sort_words_descending_network<Isa>(words, n);
    return true;
  }
}

}  // namespace leiser::simd
